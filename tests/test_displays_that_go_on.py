r"""A display that opens with a sign and states no relation goes on with the expression of the display
above it (posts whose MathJax cannot break a display write a long side over several): the two are read
as one text, each part at its own line and column.  And a display or row that states no relation is
never dropped: it is the left side of what goes on from it, or an error.  Before, a step ``+ b^2`` was
read as an expression alone and dropped without a word, and the chain went on from the display above it
(a true derivation refuted)."""
from __future__ import annotations

import json

import pytest

from contrastive_sym.cli import EXIT_INPUT, main
from document_claims import TITLE
from contrastive_sym.pipeline import verify_text

HEADER = """\
<!-- contrastive-verify
title = "t"
[[scalar]]
name = 'a'
[[scalar]]
name = 'b'
[[scalar]]
name = 'c'
-->
"""


def run(tmp_path, body: str) -> dict:
    """The JSON report of the Markdown document ``HEADER + body`` (its document beside it)."""
    path, out = tmp_path / "doc.md", tmp_path / "out.json"
    path.write_text(HEADER + body, encoding="utf-8")
    main([str(path), "--format", "json", "--output", str(out)])
    (document,) = json.loads(out.read_text(encoding="utf-8"))["documents"]
    return document


def refused(tmp_path, capsys, body: str) -> str:
    path = tmp_path / "doc.md"
    path.write_text(HEADER + body, encoding="utf-8")
    assert main([str(path)]) == EXIT_INPUT
    error = capsys.readouterr().err
    assert "Traceback" not in error and error.count("\n") == 1
    return error


BROKEN = """
<!-- derivation: id = "square" -->
$$ (a+b)^2 = a^2 + 2ab $$

<!-- step -->
$$ + b^2 $$

<!-- step -->
$$ = b^2 + 2ab + a^2 $$
"""


def test_a_side_broken_over_two_displays_is_one_expression(tmp_path):
    (claim,) = run(tmp_path, BROKEN)["claims"]
    assert claim["verdict"] == "proved"
    first, second = claim["steps"]
    assert [s["verdict"] for s in claim["steps"]] == ["proved", "proved"]
    # the link is the two displays' text, each found where it is written
    assert first["latex"] == "(a+b)^2 = a^2 + 2ab\n+ b^2"
    assert (first["line"], first["source_match"], second["source_match"]) == (12, "verbatim", "verbatim")


def test_a_slip_in_the_display_that_goes_on_is_refuted(tmp_path):
    (claim,) = run(tmp_path, BROKEN.replace("+ b^2 $$", "+ 2b^2 $$"))["claims"]
    assert [s["verdict"] for s in claim["steps"]] == ["refuted", "refuted"]


def test_a_parenthesis_opened_in_one_display_closes_in_the_next(tmp_path):
    body = BROKEN.replace("a^2 + 2ab $$", "(a^2 + 2ab $$").replace("+ b^2 $$", "+ b^2) $$")
    (claim,) = run(tmp_path, body)["claims"]
    assert claim["verdict"] == "proved"


def test_an_error_in_the_second_display_names_its_own_line_and_column(tmp_path, capsys):
    error = refused(tmp_path, capsys, BROKEN.replace("+ b^2 $$", "+ b^2 + } $$"))
    assert ":15:12: unexpected '}'" in error, error


def test_a_minus_goes_on_too(tmp_path):
    body = BROKEN.replace("2ab $$", "2ab + 2b^2 $$", 1).replace("+ b^2 $$", "- b^2 $$")
    (claim,) = run(tmp_path, body)["claims"]
    assert claim["verdict"] == "proved"


def test_an_expression_alone_first_is_the_left_side_of_the_chain(tmp_path):
    body = """
<!-- derivation: id = "square" -->
$$ (a+b)^2 $$

<!-- step -->
$$ = a^2 + 2ab + b^2 $$
"""
    (claim,) = run(tmp_path, body)["claims"]
    assert claim["verdict"] == "proved" and len(claim["steps"]) == 1


@pytest.mark.parametrize("body, line, words", [
    # an expression alone between two steps of a derivation: another chain, never dropped
    ("""
<!-- derivation: id = "x" -->
$$ (a+b)^2 = a^2 + 2ab + b^2 $$

<!-- step -->
$$ a + b $$

<!-- step -->
$$ = b + a $$
""", 15, "a derivation is one chain"),
    # an expression alone at the end: it says nothing
    ("""
<!-- derivation: id = "x" -->
$$ (a+b)^2 = a^2 + 2ab + b^2 $$

<!-- step -->
$$ a + b $$
""", 15, "nothing after it goes on from it"),
    # a row alone, then a statement of its own, in one display
    ("""
<!-- claim: id = "x" -->
$$ a = a $$

<!-- step -->
$$ a + b \\\\ b = b $$
""", 15, "the row after it does not go on from it"),
    # a '+' display after the claim's own display (a statement by itself)
    ("""
<!-- claim: id = "x" -->
$$ (a+b)^2 = a^2 + 2ab $$

<!-- step -->
$$ + b^2 $$
""", 15, "write the claim as a derivation"),
    # fields of a display that goes on belong to the step above it
    ("""
<!-- derivation: id = "x" -->
$$ (a+b)^2 = a^2 + 2ab $$

<!-- step: expect = "refuted" -->
$$ + b^2 $$
""", 14, "expect belongs to the step above it"),
])
def test_a_display_that_states_nothing_is_an_error_never_dropped(tmp_path, capsys, body, line, words):
    error = refused(tmp_path, capsys, body)
    assert f"doc.md:{line}" in error and words in error, error


def derivation(steps: list, expect: str = "", source: str = "x.md") -> str:
    """A TOML derivation of a and b whose one derived claim has ``steps``, (line, LaTeX, expect) each."""
    said = f'expect = "{expect}"\n' if expect else ""
    text = TITLE.replace('source = "x.md"', f'source = "{source}"') + f"""
[[scalar]]
name = 'a'
[[scalar]]
name = 'b'

[[claim]]
id = "square"
title = "square"
derived = true
line = {steps[0][0]}
{said}"""
    for line, latex, expected in steps:
        text += f"\n[[claim.step]]\nline = {line}\nlatex = '{latex}'\n" + (f'expect = "{expected}"\n' if expected else "")
    return text


def test_in_toml_each_part_keeps_its_documents_line():
    text = derivation([(80, "(a+b)^2 = a^2 + 2ab", ""), (82, "+ b^2", ""), (84, "= a^2 + 2ab + b^2", "")])
    (claim,) = verify_text(text).documents[0].claims
    first, second = claim.claim.proof.steps
    assert first.pieces == ((80, "(a+b)^2 = a^2 + 2ab"), (82, "+ b^2")) and first.line == 80
    assert second.line == 84 and claim.outcome.verdict.value == "proved"


# --- what an adversarial review found --------------------------------------------------------------

@pytest.mark.parametrize("relation", [r"\overset{(i)}{=}", r"\stackrel{\text{def}}{=}", "＝", r"\mathrel{=}"])
def test_a_display_that_opens_with_a_sign_and_states_a_relation_in_any_spelling_is_its_own(tmp_path, relation):
    body = f"""
<!-- claim: id = "c", kind = "inequality" -->
$$ -(a+b) \\leq -a - b $$

<!-- step -->
$$ a + b = b + a $$

<!-- step -->
$$ -(a+b) {relation} -a - b $$
"""
    (claim,) = run(tmp_path, body)["claims"]
    assert [s["verdict"] for s in claim["steps"]] == ["proved", "proved"], claim["steps"]


@pytest.mark.parametrize("second", [
    r"\begin{aligned} &+ b^2 \end{aligned}",           # a layout environment around it
    "+ b^2 \\\\\n= b^2 + 2ab + a^2",                   # its first row goes on; the next opens with =
])
def test_what_goes_on_is_the_first_row_inside_any_layout(tmp_path, second):
    body = f"""
<!-- derivation: id = "square" -->
$$ (a+b)^2 = a^2 + 2ab $$

<!-- step -->
$$ {second} $$
"""
    (claim,) = run(tmp_path, body)["claims"]
    assert claim["verdict"] == "proved", claim


def test_a_lone_row_is_named_at_its_own_line(tmp_path, capsys):
    body = """
<!-- claim: id = "x" -->
$$ a = a $$

<!-- step -->
$$ (a+b)^2 = a^2 + 2ab + b^2 \\\\
c \\\\
b = b $$
"""
    error = refused(tmp_path, capsys, body)
    assert "doc.md:16:1: this row states no relation, and the row after it" in error, error


@pytest.mark.parametrize("annotation, key", [('<!-- step: expect = "refuted", note = "n" -->', "expect"),
                                              ('<!-- step: after = 1 -->', "after")])
def test_fields_on_a_display_that_states_no_relation_are_errors(tmp_path, capsys, annotation, key):
    body = f"""
<!-- claim: id = "x" -->
$$ a = a $$

<!-- step -->
$$ a + b = b + a $$

{annotation}
$$ c $$

<!-- step -->
$$ = c $$
"""
    assert f"{key} belongs to that step" in refused(tmp_path, capsys, body)


def test_after_on_the_step_that_goes_on_from_an_expression_alone_is_an_error(tmp_path, capsys):
    body = """
<!-- claim: id = "x" -->
$$ a = a $$

<!-- step -->
$$ c $$

<!-- step: after = 1 -->
$$ = c $$
"""
    assert "the step after it has after" in refused(tmp_path, capsys, body)


DOCUMENT = "line 1\n\n$$ (a-b)^2 $$\n\n$$ + 0 $$\n\n$$ = a^2 + 2ab + b^2 $$\n"


@pytest.mark.parametrize("first, second, match", [
    ("(a-b)^2", "+ 0", "verbatim"),
    ("(a+b)^2", "+ 0", "drift"),         # the expression alone is compared too
    ("(a-b)^2", "+ 7", "drift"),         # and the display that goes on with it
])
def test_every_display_of_a_link_is_compared_with_its_own_line(tmp_path, first, second, match):
    (tmp_path / "doc.md").write_text(DOCUMENT, encoding="utf-8")
    text = derivation([(3, first, ""), (5, second, ""), (7, "= a^2 + 2ab + b^2", "refuted")], "refuted", "doc.md")
    path, out = tmp_path / "d.toml", tmp_path / "out.json"
    path.write_text(text, encoding="utf-8")
    main([str(path), "--documents", str(tmp_path), "--format", "json", "--output", str(out)])
    (claim,) = json.loads(out.read_text(encoding="utf-8"))["documents"][0]["claims"]
    (step,) = claim["steps"]
    assert step["source_match"] == match, step


def test_a_display_that_opens_with_a_minus_and_states_a_relation_later_is_a_chain_of_its_own(tmp_path):
    # -a - b \\ = -(a+b): a minus may start a chain, which its second row goes on with (it was so read
    # before; a '+' first row goes on with the display above instead)
    body = """
<!-- claim: id = "x" -->
$$ a + b = b + a $$

<!-- step -->
$$ a = a $$

<!-- step -->
$$ -a - b \\\\ = -(a+b) $$
"""
    (claim,) = run(tmp_path, body)["claims"]
    assert [s["verdict"] for s in claim["steps"]] == ["proved", "proved"], claim["steps"]
    assert claim["steps"][1]["latex"] == "= -(a+b)"      # a row of the same display, as before: no pieces

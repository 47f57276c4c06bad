"""Nothing silent while loading (issue 13, item 4).

A binding that names nothing is an error (as before); one that is looked up but changes
nothing (the claim or step reads the same without it), a ``sizes`` entry the claim does
not involve, and a declaration nothing uses are warnings on stderr, one line naming file
and line; with ``--strict`` (``load_all(strict=True)``, ``verify(strict=True)``) the
first is the file's error, exit 2.  Definitions are read before claims, and one that
uses a later definition is read after it.
"""
from __future__ import annotations

import textwrap

import pytest
import sympy as sp

from contrastive_sym.cli import EXIT_INPUT, main
from contrastive_sym.errors import DerivationError
from contrastive_sym.load.files import load_all
from contrastive_sym.pipeline import verify

HEADER = 'id = "t"\ntitle = "probe"\nsource = "probe.txt"\n'
NOTATION = r'''
[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 't'

[[scalar]]
name = 'a'

[[family]]
name = 'x'
shape = ['N']

[[index]]
name = 'i'
to = 'N'

[[define]]
line = 1
latex = 'F = a + t'
'''


def claim(extra: str, latex: str, steps: str = "") -> str:
    return f'''
[[claim]]
id = "c"
line = 2
title = "c"
{extra}
latex = '{latex}'
{steps}'''


def write(tmp_path, body: str, name: str = "t.toml"):
    path = tmp_path / name
    path.write_text(HEADER + textwrap.dedent(body), encoding="utf-8")
    return path


def line_of(path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().split("\n"), 1) if needle in line)


def loaded(tmp_path, capsys, body: str):
    """The document and the warning lines it printed (the notation uses all it declares)."""
    path = write(tmp_path, NOTATION + body + claim_using_all())
    (document,) = load_all([str(path)])
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    return path, document, warnings


def claim_using_all() -> str:
    return '''
[[claim]]
id = "uses"
line = 9
title = "uses everything"
latex = '\\sum_{k=1}^N x_k + x_i + F = F + x_i + \\sum_{k=1}^N x_k'
'''


def strict_error(path) -> str:
    with pytest.raises(DerivationError) as caught:
        load_all([str(path)], strict=True)
    return str(caught.value)


# --- bindings that are looked up but change nothing: warnings, errors under strict --------

LET_HINT = ("(a name the formula binds itself, such as a summation index, is not the let's; "
            "nor is a name the let gives the meaning it already has)")


@pytest.mark.parametrize("extra, latex, message", [
    ("let = { i = '1' }", r"\sum_{i=1}^N x_i = \sum_{i=1}^N x_i",
     f"let i = '1': claim c reads the same without it, so it changes nothing {LET_HINT}"),
    ("let = { a = 'a' }", "a = a",
     f"let a = 'a': claim c reads the same without it, so it changes nothing {LET_HINT}"),
    ("read_as = { 'a' = 'a' }", "a = a",
     "read_as 'a' = 'a': claim c reads the same without it, so it changes nothing "
     "(the text read is the text written, or reads as the same name)"),
    ("little_o = { variable = 't', at = '0' }", "a = a",
     "little_o as t -> 0: claim c reads the same without it, so it changes nothing (no o(·) is written)"),
    (r"pair_set = [{ name = '\mathcal{P}', samples = 'N', anchors = '2N' }]", "a = a",
     r"pair_set \mathcal{P}: claim c reads the same without it, so it changes nothing"),
    ("define = [{ line = 2, latex = 'G = a' }]", "a = a",
     "define 'G = a': claim c reads the same without it, so it changes nothing"),
    ("differentiates = 'F'", r"\frac{\partial F}{\partial a} = 1",
     "differentiates 'F': claim c reads the same without it, so it changes nothing (no derivative is written "
     "alone before a relation, \\frac{\\partial}{\\partial x} = …)"),
    ("sizes = { N = [1, 2, 3] }", "a = a",
     "sizes: claim c does not involve the size N (nor does any family or index it uses), so "
     "checking it at these values changes nothing"),
])
def test_a_binding_that_changes_nothing_is_a_warning_and_a_strict_error(tmp_path, capsys, extra, latex,
                                                                        message):
    path, document, warnings = loaded(tmp_path, capsys, claim(extra, latex))
    key = extra.split(" ", 1)[0]
    where = f"{path}:{line_of(path, key + ' =')}"
    assert warnings == [f"contrastive-verify: warning: {where}: {message}"]
    assert document.claims[0].id == "c"          # loaded: a warning does not stop the run
    assert strict_error(path) == f"{where}: {message}"


def test_a_step_binding_that_changes_nothing_names_the_step(tmp_path, capsys):
    steps = "\n[[claim.step]]\nline = 3\nlet = { a = 'a' }\nlatex = 'a + t = t + a'\n"
    path, _, warnings = loaded(tmp_path, capsys, claim("", "a + t = t + a", steps))
    where = f"{path}:{line_of(path, 'let = { a')}"
    assert warnings == [f"contrastive-verify: warning: {where}: let a = 'a': the step at line 3 reads "
                        f"the same without it, so it changes nothing {LET_HINT}"]


def test_an_unused_declaration_is_a_warning_and_a_strict_error(tmp_path, capsys):
    path = write(tmp_path, NOTATION + claim("", "a = a"))
    load_all([str(path)])
    err = capsys.readouterr().err.splitlines()
    family_line = line_of(path, "name = 'x'")
    first = (f"{path}:{family_line}: the family 'x' is declared but no claim, "
             "definition or declaration of this file uses it")   # N is used by its shape
    assert err[0] == f"contrastive-verify: warning: {first}"
    assert strict_error(path) == first


# --- bindings that take effect: no warning, and read as meant ------------------------------

def test_a_let_that_takes_effect_through_a_definition_warns_nothing(tmp_path, capsys):
    _, document, warnings = loaded(tmp_path, capsys, claim("let = { t = '1' }", "F = a + 1"))
    a = sp.Symbol("a", real=True)
    assert warnings == [] and document.claims[0].statement.terms == (a + 1, a + 1)


def test_a_let_whose_name_has_spaces_binds_the_name_the_formula_writes(tmp_path, capsys):
    # before: bound under 't ' while the formula looks up 't', so it silently did nothing
    _, document, warnings = loaded(tmp_path, capsys, claim("let = { 't ' = '1' }", "a + t = t + a"))
    a = sp.Symbol("a", real=True)
    assert warnings == [] and document.claims[0].statement.terms == (a + 1, a + 1)


def test_a_let_of_a_name_nothing_declares_is_a_warning_and_takes_effect(tmp_path, capsys):
    path, document, warnings = loaded(tmp_path, capsys, claim("let = { q = '1' }", "a + q = q + a"))
    a = sp.Symbol("a", real=True)
    assert document.claims[0].statement.terms == (a + 1, a + 1)
    assert warnings == [f"contrastive-verify: warning: {path}:{line_of(path, 'let = { q')}: let q: 'q' is not "
                        "a declared name, so the let declares it for claim c only; declare it, or check "
                        "that it is spelled as declared"]


def test_a_let_of_an_entry_of_a_declared_family_is_known(tmp_path, capsys):
    _, document, warnings = loaded(tmp_path, capsys, claim("let = { x_1 = 'a' }", "x_1 + x_2 = x_2 + a"))
    a, x = sp.Symbol("a", real=True), sp.IndexedBase("x", real=True)
    assert warnings == [] and document.claims[0].statement.terms == (a + x[2], a + x[2])


def test_a_binding_that_names_nothing_stays_an_error(tmp_path, capsys):
    path = write(tmp_path, NOTATION + claim("let = { q = '1' }", "a = a"))
    with pytest.raises(DerivationError) as caught:
        load_all([str(path)])
    assert str(caught.value) == (f"{path}:{line_of(path, 'let = { q')}: let q: claim c does not use q "
                                 "('q' is not a declared name), nor does any definition it uses, so the "
                                 "let has no effect")


# --- --strict through the pipeline and both subcommands ------------------------------------

def test_strict_reaches_the_loader_through_verify_and_the_cli(tmp_path, capsys):
    path = write(tmp_path, NOTATION + claim("let = { a = 'a' }", "a = a") + claim_using_all())
    where = f"{path}:{line_of(path, 'let = { a')}"
    with pytest.raises(DerivationError, match=f"^{where}: let a = 'a'"):
        verify([str(path)], strict=True)
    capsys.readouterr()
    assert main(["check", "--strict", str(path)]) == EXIT_INPUT
    assert capsys.readouterr().err.startswith(f"contrastive-verify: error: {where}: let a = 'a': claim c")
    out = tmp_path / "reports"
    assert main(["report", "--strict", str(path), "--output", str(out)]) == EXIT_INPUT
    assert capsys.readouterr().err.startswith(f"contrastive-verify: error: {where}: let a = 'a'")
    assert not out.exists()
    assert main(["check", str(path)]) == 0       # without --strict: checked, the warning on stderr
    assert f"contrastive-verify: warning: {where}: let a = 'a'" in capsys.readouterr().err


def test_the_bundled_documents_load_without_warnings_under_strict(capsys):
    assert len(load_all([], strict=True)) == 4
    assert capsys.readouterr().err == ""


# --- Markdown: a definition may be used before the display that gives it -------------------

MARKDOWN = r'''<!-- contrastive-verify
[[scalar]]
name = 'a'
-->

# Notes

<!-- claim: id = "early" -->
$$ G = 2 a + 1 $$

{g}

<!-- define -->
$$ F = a + 1 $$
'''


def test_markdown_definitions_are_read_before_the_claims_and_after_what_they_use(tmp_path, capsys):
    path = tmp_path / "notes.md"
    text = MARKDOWN.replace("{g}", "<!-- define -->\n$$ G = F + a $$")
    path.write_text(text, encoding="utf-8")
    (document,) = load_all([str(path)], strict=True)
    a = sp.Symbol("a", real=True)
    assert document.claims[0].statement.terms == (2 * a + 1, 2 * a + 1)
    # recorded in the file's order, at their own lines
    assert [(d.name, d.line) for d in document.definitions] == [
        ("G", line_of(path, "$$ G = F")), ("F", line_of(path, "$$ F = a"))]
    assert capsys.readouterr().err == ""


def test_a_definition_that_never_reads_raises_its_own_error(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(MARKDOWN.replace("{g}", "<!-- define -->\n$$ G = H + a $$"), encoding="utf-8")
    with pytest.raises(DerivationError) as caught:
        load_all([str(path)])
    line = line_of(path, "$$ G = H")
    assert str(caught.value) == f"{path}:{line}:8: 'H' is not declared"


def test_a_pair_set_nothing_uses_is_a_warning(tmp_path, capsys):
    pair_set = "\n[[pair_set]]\nname = '\\mathcal{MB}'\nsamples = 'N'\nanchors = '2N'\n"
    path = write(tmp_path, NOTATION + pair_set + claim_using_all())
    load_all([str(path)])
    where = f"{path}:{line_of(path, 'mathcal{MB}')}"
    assert capsys.readouterr().err == (f"contrastive-verify: warning: {where}: the pair_set '\\\\mathcal{{MB}}' "
                                       "is declared but no claim, definition or declaration of this file "
                                       "uses it\n")


def test_a_markdown_binding_that_changes_nothing_names_its_annotation(tmp_path, capsys):
    path = tmp_path / "notes.md"
    path.write_text(MARKDOWN.replace("{g}", "<!-- define -->\n$$ G = F + a $$").replace(
        '<!-- claim: id = "early" -->', "<!-- claim: id = \"early\", let = { a = 'a' } -->"), encoding="utf-8")
    load_all([str(path)])
    where = f"{path}:{line_of(path, 'let = { a')}"
    assert capsys.readouterr().err == (f"contrastive-verify: warning: {where}: let a = 'a': claim early reads "
                                       f"the same without it, so it changes nothing {LET_HINT}\n")


def test_too_many_bindings_to_probe_is_said_not_skipped_silently(tmp_path, capsys):
    lets = ", ".join(f"'q_{{{n}}}' = '{n}'" for n in range(200))
    steps = "".join(f"\n[[claim.step]]\nline = {3 + n}\nlatex = 'a = a'\n" for n in range(9))
    latex = " + ".join(f"q_{{{n}}}" for n in range(200))
    path, _, warnings = loaded(tmp_path, capsys, claim(f"let = {{ {lets} }}", f"{latex} = {latex}", steps))
    assert len(warnings) == 201   # each q_{n} is not declared, and the probe is skipped
    assert warnings[-1:] == [f"contrastive-verify: warning: {path}:{line_of(path, 'let = {')}: claim c has 200 "
                        "bindings over 10 formulas: too many to read again to see whether each changes "
                        "something (contrastive_sym/load/limits.py: MAX_PROBE_READINGS), so that is not checked"]


def test_past_the_file_budget_the_probe_is_said_skipped(tmp_path, capsys, monkeypatch):
    from contrastive_sym.load import effects
    monkeypatch.setattr(effects, "MAX_PROBE_READINGS_PER_FILE", 1)
    path, _, warnings = loaded(tmp_path, capsys, claim("let = { a = 'a' }", "a = a"))
    assert warnings == [f"contrastive-verify: warning: {path}:{line_of(path, 'let = {')}: claim c has 1 "
                        "binding over 1 formula: too many to read again to see whether each changes "
                        "something (contrastive_sym/load/limits.py: MAX_PROBE_READINGS_PER_FILE), so that "
                        "is not checked"]


# --- roles and keys that sampling could not honour are refused while loading ------------

@pytest.mark.parametrize("declarations, statement, message", [
    (dict(family=[{"name": "t", "shape": ["n"], "role": "scale", "domain": "positive"}],
          size=[{"name": "n", "minimum": 1, "checked": [1, 2]}]), "t_1 = t_1", "family t: role 'scale' is for a scalar"),
    (dict(scalar=[{"name": "t", "role": "embedding"}]), "t = t", "scalar t: role 'embedding' is for a family"),
    (dict(family=[{"name": "t", "shape": ["n"], "role": "embedding"}],
          size=[{"name": "n", "minimum": 1, "checked": [1, 2]}]), "t_1 = t_1",
     "family t: role 'embedding' is for rows of vectors, shape = [rows, dimension]; this shape has 1 entry"),
    (dict(scalar=[{"name": "t"}], index=[{"name": "i", "to": "3", "samples": "2"}]), "t = t",
     "index i: 'samples' goes with positive_of"),
])
def test_a_role_or_key_sampling_cannot_honour_is_an_error_naming_its_line(declarations, statement, message):
    """Before, each of these loaded and then ended every check in an error verdict (scale and
    embedding) or was ignored without a word (samples without positive_of)."""
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.pipeline import check_statement
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **declarations)
    assert message in str(caught.value)
    assert caught.value.line is not None


def test_a_name_a_definition_chain_gives_the_term_of_a_sum_is_said(tmp_path, capsys):
    # L = \sum_i \ell_i = \sum_i x_i t: \ell_i is read as the sum's term, and the reading is said
    body = "\n[[define]]\nline = 3\nlatex = 'L = \\sum_{i=1}^N \\ell_i = \\sum_{i=1}^N x_i t'\n"
    path = write(tmp_path, NOTATION + body + claim("", "L + F = F + L") + claim_using_all())
    load_all([str(path)])
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    where = f"{path}:{line_of(path, 'latex = ' + chr(39) + 'L =')}"
    assert warnings == [f"contrastive-verify: warning: {where}: the definition of L: \\ell_i is named by the "
                        "chain as the term of \\sum_{i=1}^N: x_i t"]
    assert "is named by the chain" in strict_error(path)


def test_a_name_defined_again_by_another_formula_is_said(tmp_path, capsys):
    """A notebook defines f as the sigmoid 1/(1+e^{-σx}), then as the logistic L/(1+e^{-k(x-x_0)}); its
    f' = σ f (1 - f) reads the later f and is refuted: the redefinition is said, so that the reader of
    the refutation sees which f was checked (and nothing is said of one defined alike twice)."""
    body = r'''
[[scalar]]
name = 'x'

[[scalar]]
name = 'k'

[[define]]
name = 'f'
line = 19
latex = 'f(x) = \frac{1}{1 + e^{-x}}'

[[define]]
name = 'f'
line = 23
latex = 'f(x) = \frac{1}{1 + e^{-k x}}'

[[claim]]
id = "c"
line = 30
title = "c"
latex = 'f(x) = f(x)'
'''
    path = write(tmp_path, body)
    load_all([str(path)])
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert warnings == [f"contrastive-verify: warning: {path}:{line_of(path, 'line = 23') + 1}: f is defined again at "
                        "line 23, by another formula than at line 19: the formulas after it read the later definition"]

"""Markdown documents checked directly: annotations in HTML comments, the formulas the
document's own displays, every line and column the Markdown file's."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from contrastive_sym.cli import EXIT_INPUT, EXIT_OK, EXIT_UNEXPECTED, main
from contrastive_sym.load.markdown import NOT_MARKED, load_markdown

ROOT = Path(__file__).parent.parent
NOTES = Path("tests") / "data" / "notes.md"     # relative, as a user types it
NOTES_TEXT = (ROOT / NOTES).read_text(encoding="utf-8")


def line_of(text: str, needle: str, start: int = 1) -> int:
    """The 1-based line of the first occurrence of ``needle`` at or after line ``start``."""
    for number, line in enumerate(text.split("\n"), 1):
        if number >= start and needle in line:
            return number
    raise AssertionError(f"{needle!r} is not in the text")


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "contrastive_sym", "check", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


# --- the notes, end to end through the command line -----------------------------------

@pytest.fixture(scope="module")
def notes_run():
    proc = run_cli(str(NOTES), "--format", "json")
    return proc, json.loads(proc.stdout)


def test_the_slip_in_the_notes_is_refuted_and_fails_the_run(notes_run):
    proc, data = notes_run
    assert proc.returncode == EXIT_UNEXPECTED, proc.stderr
    assert "Traceback" not in proc.stderr
    (doc,) = data["documents"]
    assert (doc["id"], doc["source"], doc["derivation"]) == ("notes", "notes.md", "notes.md")
    claims = {c["id"]: c for c in doc["claims"]}
    assert list(claims) == ["bounds", "shift", "temperature"]
    assert claims["bounds"]["verdict"] in ("proved", "confirmed")
    assert claims["shift"]["verdict"] == "proved"
    assert claims["temperature"]["verdict"] in ("proved", "confirmed")   # the claim is true …
    slip = claims["temperature"]["steps"][-1]
    assert slip["verdict"] == "refuted" and slip["unexpected"]           # … its last step is not
    assert slip["line"] == line_of(NOTES_TEXT, r"\leq \max\{x_1,...,x_n\} + \log(n)",
                                   line_of(NOTES_TEXT, "the slip"))
    assert slip["witness"]["values"]
    conclusion = claims["temperature"]["conclusion"]
    assert conclusion["verdict"] == "refuted" and "establishes something else" in conclusion["message"]
    assert data["summary"]["unexpected"] == 2 and data["summary"]["error"] == 0


def test_every_formula_is_found_at_its_markdown_line(notes_run):
    _, data = notes_run
    (doc,) = data["documents"]
    assert doc["source_summary"]["drift"] == 0
    assert doc["source_summary"]["verbatim"] == doc["source_summary"]["total"] == 15
    assert doc["source_path"] == str(NOTES)           # the notes are their own source
    claims = {c["id"]: c for c in doc["claims"]}
    assert claims["bounds"]["line"] == line_of(NOTES_TEXT, r"\max\{x_1,...,x_n\} \leq LSE")
    assert claims["shift"]["line"] == line_of(NOTES_TEXT, "$$ LSE(x_1 + c, ..., x_n + c) =")
    # the rows of an aligned display are the lines they are written on
    shift_rows = [s["line"] for s in claims["shift"]["steps"]]
    first_row = line_of(NOTES_TEXT, r"LSE(x_1 + c, ..., x_n + c) &=")
    assert shift_rows == [first_row, first_row + 1, first_row + 2]
    assert [d["name"] for d in doc["definitions"]] == ["LSE", "x_m"]
    assert doc["definitions"][0]["line"] == line_of(NOTES_TEXT, "LSE(x_1, ..., x_n) = \\log")


def test_displays_no_annotation_covers_are_listed_unchecked(notes_run):
    _, data = notes_run
    (doc,) = data["documents"]
    assert doc["unchecked"] == [
        {"line": line_of(NOTES_TEXT, r"\lim_{t \to 0^+}"), "reason": NOT_MARKED},
        {"line": line_of(NOTES_TEXT, r"\mathrm{softmax}"), "reason": "softmax is defined in words only"},
    ]


def test_the_text_report_names_the_lines_and_the_unchecked_displays():
    proc = run_cli(str(NOTES), "--no-symbolic")
    assert proc.returncode == EXIT_UNEXPECTED
    limit = line_of(NOTES_TEXT, r"\lim_{t \to 0^+}")
    assert f"L{limit}" in proc.stdout
    assert "unchecked" in proc.stdout and "unchecked display math not marked for checking" in " ".join(proc.stdout.split())


def test_an_expected_refutation_passes(tmp_path):
    slip = line_of(NOTES_TEXT, "the slip")
    lines = NOTES_TEXT.split("\n")
    step = line_of(NOTES_TEXT, "<!-- step -->", slip)
    lines[step - 1] = '<!-- step: expect = "refuted", note = "log(n) is not multiplied by t" -->'
    claim = line_of(NOTES_TEXT, 'id = "temperature"')
    lines[claim - 1] = lines[claim - 1].replace('kind = "inequality"',
                                                'kind = "inequality", conclusion_expect = "refuted"')
    path = tmp_path / "notes.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main([str(path), "--no-symbolic", "--output", str(tmp_path / "out.txt")]) == EXIT_OK


# --- what counts as display math -------------------------------------------------------

HEADER = """\
<!-- contrastive-verify
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['n']
-->
"""


def load(tmp_path, body: str, name: str = "doc.md"):
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return load_markdown(path), HEADER + body


def test_code_is_not_mathematics(tmp_path):
    document, _ = load(tmp_path, """\
# Code

Inline code `$$ 1 = 2 $$`, an escaped \\$$ dollar and ``a `$$` in double ticks``.

```sh
echo "$$ 1 = 2 $$"
<!-- claim: id = "in-a-fence" -->
```

~~~
$$ x_1 = 2 $$
~~~

````markdown
```
\\[ still code \\]
```
````
""")
    assert document.claims == () and document.unchecked == ()


def test_every_kind_of_display_is_read(tmp_path):
    document, text = load(tmp_path, """\
$$ x_1 = x_1 $$ and $$
x_1 + x_1
= 2 x_1 $$

\\[ x_1 \\]

\\begin{align*}
x_1 &= x_1
\\end{align*}

```math
x_1
```
""")
    lines = [line for line, _ in document.unchecked]
    start = text.split("\n").index("-->") + 1
    assert lines == [start + 1, start + 2, start + 5, start + 7, start + 12]


def test_derivations_steps_and_definitions(tmp_path):
    document, text = load(tmp_path, """\
# Sums

<!-- define: latex = 'm = \\max\\{x_1, ..., x_n\\}' -->

<!-- derivation: id = "split", title = "a sum split in two" -->
<!-- a prose comment, invisible, may come between -->
```math
\\sum_{i=1}^n 2 x_i
= \\sum_{i=1}^n x_i + \\sum_{i=1}^n x_i
```

<!-- claim: id = "max", kind = "inequality" -->
\\begin{align}
x_1 \\leq m
\\end{align}

<!-- step: note = "the first is one of them" -->
$$ x_1 \\leq \\max\\{x_1, ..., x_n\\} $$

<!-- derivation: id = "twice", title = "x_1 + x_1" -->

<!-- step: expect = ["", "refuted"] -->
$$ x_1 + x_1 = 2 x_1 = 3 x_1 $$
""")
    assert document.title == "Sums" and document.id == "doc"
    (definition,) = document.definitions
    assert (definition.line, definition.latex) == (line_of(text, "<!-- define"), r"m = \max\{x_1, ..., x_n\}")
    split, maximum, twice = document.claims
    assert split.derived and split.line == line_of(text, r"\sum_{i=1}^n 2 x_i")
    assert [s.line for s in split.proof.steps] == [line_of(text, r"= \sum_{i=1}^n x_i +")]
    assert split.origin.path == str(tmp_path / "doc.md") and split.origin.line == line_of(text, 'id = "split"')
    assert maximum.title == "max" and maximum.line == line_of(text, r"\begin{align}")
    (step,) = maximum.proof.steps
    assert step.note == "the first is one of them" and step.line == line_of(text, "$$ x_1 \\leq")
    assert twice.derived and twice.line == line_of(text, "$$ x_1 + x_1")
    assert [s.expected.value if s.expected else None for s in twice.proof.steps] == [None, "refuted"]
    assert document.unchecked == ()


def test_line_ends_and_a_byte_order_mark_do_not_shift_lines(tmp_path, capsys):
    text = HEADER + '<!-- claim: id = "a" -->\n$$\nx_1 = x_1 + }\n$$\n'
    path = tmp_path / "crlf.md"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert main([str(path)]) == EXIT_INPUT
    assert f"{path}:{line_of(text, 'x_1 = x_1 + }')}:13: unexpected '}}'" in capsys.readouterr().err


# --- malformed annotations: one line naming the .md file and line, exit code 2 ----------------

def check_fails(tmp_path, capsys, body: str, needle: str, marker: str, column: int | None = None):
    path = tmp_path / "bad.md"
    text = HEADER + body
    path.write_text(text, encoding="utf-8")
    assert main([str(path)]) == EXIT_INPUT
    err = capsys.readouterr().err
    where = f"{path}:{line_of(text, marker)}:" + (f"{column}:" if column else "")
    assert err.startswith(f"contrastive-verify: error: {where} "), err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("body, needle, marker", [
    ('<!-- claim: id = "a", title = -->\n$$ x_1 = x_1 $$\n', "not valid TOML: invalid value (column 30)",
     "<!-- claim"),
    ('<!-- claim:\nid = "a",\ntitle = "b"\n-->\n$$ x_1 = x_1 $$\n', "one key = value per line, without commas",
     'id = "a",'),
    ('<!-- claim: id = "a" -->\nAs we see,\n$$ x_1 = x_1 $$\n', "is not followed by display math",
     "<!-- claim"),
    ('<!-- claim: id = "a" -->\n```\n$$ x_1 = x_1 $$\n```\n', "is not followed by display math", "<!-- claim"),
    ('<!-- claim: id = "a" -->\n$$ x_1 = x_1 $$\n\n<!-- step -->\n', "is not followed by display math",
     "<!-- step"),
    ('<!-- claim: id = "a" -->\n$$ x_1 = x_1 $$\n<!-- step:\nexpect = "refuted"\nlin = 3\n-->\n$$ x_1 $$\n',
     "unknown key 'lin' in the step annotation", "lin = 3"),
    ('<!-- claim: id = "a", line = 3 -->\n$$ x_1 = x_1 $$\n', "the line and the LaTeX are the display's",
     "<!-- claim"),
    ('<!-- step -->\n$$ x_1 = x_1 $$\n', "needs a claim or derivation annotation above it", "<!-- step"),
    ('<!-- claim: title = "no id" -->\n$$ x_1 = x_1 $$\n', "needs a text field 'id'", "<!-- claim"),
    ('<!-- claim: id = "a" -->\n$$ x_1 = x_1 $$\n<!-- step: expect = "nope" -->\n$$ = x_1 $$\n',
     "'nope' is not an expected verdict", "<!-- step"),
    ('<!-- claim: id = "a", given = "x_1 > 0" -->\n$$ x_1 = x_1 $$\n', "expected a list of conditions",
     "<!-- claim"),
    ('<!-- unchecked -->\n$$ x_1 $$\n', "needs a text field 'reason'", "<!-- unchecked"),
    ('<!-- claim: id = "a"\n$$ x_1 = x_1 $$\n', "never closed with '-->'", "<!-- claim"),
    ('<!-- claim: id = "a", kind = "idnetity" -->\n$$ x_1 = x_1 $$\n', "'idnetity' is not a kind", "<!-- claim"),
    ('<!-- claim: id = "a" -->\n$$ $$\n', "the display math below the claim annotation is empty", "$$ $$"),
    ("<!-- contrastive-verify -->\n", "a second contrastive-verify header; the first is at line 1",
     "<!-- contrastive-verify -->"),
])
def test_a_malformed_annotation_names_its_line(tmp_path, capsys, body, needle, marker):
    check_fails(tmp_path, capsys, body, needle, marker)


def test_a_mistake_in_the_header_names_its_line(tmp_path, capsys):
    path = tmp_path / "bad.md"
    path.write_text(HEADER.replace("minimum = 1", "minimum = 1\nminimun = 2"), encoding="utf-8")
    assert main([str(path)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert f"{path}:5: unknown key 'minimun' in 'size' of the contrastive-verify header" in err
    path.write_text(HEADER.replace("minimum = 1", "minimum = = 1"), encoding="utf-8")
    assert main([str(path)]) == EXIT_INPUT
    assert f"{path}:4: the contrastive-verify header is not valid TOML" in capsys.readouterr().err


def test_a_document_without_header_is_refused(tmp_path, capsys):
    path = tmp_path / "plain.md"
    path.write_text("# Notes\n\n$$ a = b $$\n", encoding="utf-8")
    assert main([str(path)]) == EXIT_INPUT
    assert f"{path}:1: no <!-- contrastive-verify … --> header" in capsys.readouterr().err


def test_latex_the_grammar_cannot_read_names_the_line_and_column_in_the_display(tmp_path, capsys):
    check_fails(tmp_path, capsys, '<!-- claim: id = "a" -->\n$$\nx_1 \\\\\n  = x_1 + }\n$$\n',
                "unexpected '}'", "= x_1 + }", column=11)


def test_an_undeclared_name_names_the_line_and_column(tmp_path, capsys):
    check_fails(tmp_path, capsys, '<!-- claim: id = "a" -->\n$$\nx_1 = y\n$$\n', "'y' is not declared",
                "x_1 = y", column=7)


def test_a_condition_in_an_annotation_names_its_column(tmp_path, capsys):
    check_fails(tmp_path, capsys, '<!-- claim: id = "a", given = ["x_1 > }"] -->\n$$ x_1 = x_1 $$\n',
                "unexpected '}'", "given", column=39)


def test_a_malformed_annotation_in_a_real_process_is_one_line_without_traceback(tmp_path):
    path = tmp_path / "bad.md"
    path.write_text(HEADER + '<!-- claim: id = "a" -->\nText first.\n$$ x_1 = x_1 $$\n', encoding="utf-8")
    proc = run_cli(str(path), "--format", "json")
    assert proc.returncode == EXIT_INPUT and proc.stdout == ""
    assert proc.stderr == (f"contrastive-verify: error: {path}:11: the claim annotation is not followed by "
                           "display math ($$ … $$, \\[ … \\], \\begin{align} … \\end{align} or a ```math block); "
                           "only blank lines may come between them\n")

"""JUnit, GitHub workflow commands and SARIF point at the source documents' lines."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from contrastive_sym.cli import main
from notes_repository import MISTAKE, NOTE

SMALL = str(Path(__file__).parent / "data" / "small_derivation.py")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    out = tmp_path_factory.mktemp("ci")
    codes = {}
    for fmt in ("junit", "github", "sarif"):
        codes[fmt] = main([SMALL, "--format", fmt, "--output", str(out / fmt), "--documents", "docs"])
    return {fmt: (out / fmt).read_text() for fmt in codes}, codes


def test_every_format_keeps_the_exit_code(outputs):
    assert set(outputs[1].values()) == {0}


def test_junit_has_one_testcase_per_item_with_failures_and_lines(outputs):
    root = ET.fromstring(outputs[0]["junit"])
    cases = root.findall(".//testcase")
    assert len(cases) == 6     # 3 claims, 2 steps, 1 proof conclusion
    # the wrong step and the proof ending elsewhere are refutations the derivation expects: the run exits 0,
    # so nothing fails; they are expected failures (pytest's xfail)
    assert not [c for c in cases if c.find("failure") is not None] and root.get("failures") == "0"
    expected = [c for c in cases if c.find("skipped") is not None and c.find("skipped").get("type") == "xfail"]
    assert {c.get("name").split()[0] for c in expected} == {"L5"} and len(expected) == 2
    assert all(c.find("skipped").get("message").startswith("expected refutation: ") for c in expected)
    assert [s.get("file") for s in root.findall("testsuite")] == ["small.txt"]


def test_junit_fails_exactly_what_fails_the_run(tmp_path):
    text = Path(SMALL).read_text().replace('expect="conditional"', 'expect="holds"')
    path = tmp_path / "d.py"
    path.write_text(text)
    assert main([str(path), "--format", "junit", "--output", str(tmp_path / "j.xml")]) == 1
    root = ET.fromstring((tmp_path / "j.xml").read_text())
    failed = [c for c in root.findall(".//testcase") if c.find("failure") is not None]
    assert [c.get("name").split()[0] for c in failed] == ["L7"] and root.get("failures") == "1"


def test_github_annotations_name_the_source_file_and_line(outputs):
    lines = outputs[0]["github"].splitlines()
    notices = [l for l in lines if l.startswith("::notice ")]
    warnings = [l for l in lines if l.startswith("::warning ")]
    assert any("file=docs/small.txt,line=5," in l for l in notices)
    assert any("file=docs/small.txt,line=7," in l and "conditional" in l for l in warnings)
    assert not [l for l in lines if l.startswith("::error")]
    assert all("\n" not in l for l in lines)


def test_github_error_for_an_unexpected_verdict(tmp_path, capsys):
    text = Path(SMALL).read_text().replace('expect="conditional"', 'expect="holds"')
    path = tmp_path / "d.py"
    path.write_text(text)
    assert main([str(path), "--format", "github"]) == 1
    out = capsys.readouterr().out
    # small.txt is not at hand: the annotation is on the derivation's line that writes the claim
    error = next(line for line in out.splitlines() if line.startswith("::error "))
    assert error.startswith(f"::error file={path},line=") and ",title=conditional%3A strict (expected holds)::" in error


def test_sarif_is_well_formed(outputs):
    log = json.loads(outputs[0]["sarif"])
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    lines = {r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results}
    assert lines == {5, 7}
    assert {r["ruleId"] for r in results} <= {"refuted", "conditional", "undecided", "error"}


def test_text_is_plain_when_piped(capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main([SMALL, "--only", "strict"]) == 0
    out = capsys.readouterr()
    assert "\033[" not in out.out and "\033[" not in out.err


def test_colour_and_progress_only_on_a_terminal(monkeypatch):
    from contrastive_sym.report import terminal

    class Tty:
        def isatty(self):
            return True
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert terminal.interactive(Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not terminal.interactive(Tty())
    assert "\033[" in terminal.colour("  L3    refuted     forms: x\n")


#: the notes' Markdown document with its mistake made, and the refutation expected
MARKDOWN = NOTE.replace(*MISTAKE).replace('id = "log-of-a-product"', 'id = "log-of-a-product", expect = "refuted"')


@pytest.mark.parametrize("absolute", [False, True])
def test_annotations_name_a_markdown_derivation_by_its_path_in_the_repository(tmp_path, monkeypatch, capsys, absolute):
    """A Markdown derivation is its own source: the annotations point at derivations/note.md, where it is
    (they said note.md, which GitHub cannot place); a path given absolute is made relative to the root."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "note.md").write_text(MARKDOWN, encoding="utf-8")
    named = str(tmp_path / "derivations" / "note.md") if absolute else "derivations/note.md"
    assert main([named, "--format", "github"]) == 0
    assert "::notice file=derivations/note.md,line=14," in capsys.readouterr().out
    assert main([named, "--format", "sarif"]) == 0
    location = json.loads(capsys.readouterr().out)["runs"][0]["results"][0]["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "derivations/note.md"


DATA = Path(__file__).parent / "data"


def test_junit_is_valid_against_the_schema_pytests_xml_follows(outputs):
    """tests/data/junit-10.xsd, the JUnit schema pytest's own tests validate its XML with (MIT, Gregory
    Boissinot; from pytest-dev/pytest, testing/example_scripts)."""
    import xmlschema
    xmlschema.XMLSchema(str(DATA / "junit-10.xsd")).validate(outputs[0]["junit"])


def test_junit_with_a_control_character_in_a_title_is_well_formed_and_valid(tmp_path):
    import xmlschema
    text = Path(SMALL).read_text().replace('"InfoNCE forms"', '"InfoNCE \\x1b[31m forms \\x07"')
    assert "\\x1b" in text
    path = tmp_path / "d.py"
    path.write_text(text)
    assert main([str(path), "--format", "junit", "--output", str(tmp_path / "j.xml")]) == 0
    written = (tmp_path / "j.xml").read_text()
    ET.fromstring(written)
    xmlschema.XMLSchema(str(DATA / "junit-10.xsd")).validate(written)


def test_sarif_is_valid_against_the_sarif_2_1_0_schema(outputs):
    """tests/data/sarif-schema-2.1.0.json, the OASIS SARIF 2.1.0 schema (its $id is the sarif-spec
    repository's Schemata/sarif-schema-2.1.0.json)."""
    import jsonschema
    schema = json.loads((DATA / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(outputs[0]["sarif"]), schema)


TOML = """id = "basics"
title = "basics"
source = "basics.md"

[[scalar]]
name = 'x'

[[claim]]
id = "binomial"
line = 5
title = "the square of a sum, a term dropped"
expect = "refuted"
latex = '(x + 1)^2 = x^2 + 1'
"""


def test_without_its_source_a_toml_derivations_annotation_is_on_the_derivation(tmp_path, monkeypatch, capsys):
    """The source document (basics.md) is not in the repository: GitHub could place no annotation on it, so it
    goes on the derivation's own line that writes the claim; with the source at hand, on the source's line."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "basics.toml").write_text(TOML, encoding="utf-8")
    assert main(["derivations/basics.toml", "--format", "github"]) == 0
    out = capsys.readouterr().out
    line = next(l for l in out.splitlines() if l.startswith("::notice "))
    written = int(line.split("line=")[1].split(",")[0])
    assert line.startswith("::notice file=derivations/basics.toml,") and 8 <= written <= 13
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "basics.md").write_text("a\nb\nc\nd\n(x+1)^2 = x^2 + 1\n", encoding="utf-8")
    assert main(["derivations/basics.toml", "--format", "github", "--documents", "docs"]) == 0
    assert "::notice file=docs/basics.md,line=5," in capsys.readouterr().out


def test_gitlab_code_quality_has_the_findings_with_stable_fingerprints(tmp_path, monkeypatch, capsys):
    """GitLab's code quality report: the findings of the github format, severities by what they mean, paths in the
    repository, fingerprints unique per finding and the same from run to run."""
    assert main([SMALL, "--format", "gitlab", "--documents", "docs"]) == 0
    issues = json.loads(capsys.readouterr().out)
    assert {(i["severity"], i["location"]["path"], i["location"]["lines"]["begin"]) for i in issues} == {
        ("info", "docs/small.txt", 5), ("minor", "docs/small.txt", 7)}
    assert all(set(i) == {"description", "check_name", "fingerprint", "severity", "location"} for i in issues)
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    assert main([SMALL, "--format", "gitlab", "--documents", "docs"]) == 0
    assert [i["fingerprint"] for i in json.loads(capsys.readouterr().out)] == [i["fingerprint"] for i in issues]
    text = Path(SMALL).read_text().replace('expect="conditional"', 'expect="holds"')
    path = tmp_path / "d.py"
    path.write_text(text)
    assert main([str(path), "--format", "gitlab", "--documents", "docs"]) == 1
    major = [i for i in json.loads(capsys.readouterr().out) if i["severity"] == "major"]
    assert len(major) == 1 and "(expected holds)" in major[0]["description"]

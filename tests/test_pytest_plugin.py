r"""The pytest plugin (``pytest --derivations``): derivation files become test items, one per claim, proof step
and proof conclusion, whose outcome agrees with the command line's exit code.  Each test runs pytest in a
subprocess on a small repository of notes made here (the plugin is registered by the package's entry
point, as in a user's repository)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from notes_repository import DERIVATION, MISTAKE, NOTE, README

pytest_plugins = ["pytester"]

#: the notes' derivation (a true claim, an expected refutation) and a chain with a proof of two steps
TRUE_AND_EXPECTED_FALSE = DERIVATION + """
[[claim]]
id = "chain"
line = 7
title = "a chain with a proof"
latex = '(x + 1)^2 = x^2 + 2x + 1'

[[claim.step]]
line = 8
latex = '(x + 1)^2 = (x + 1)(x + 1)'

[[claim.step]]
line = 9
latex = '= x^2 + 2x + 1'
"""



@pytest.fixture
def notes(pytester):
    """A repository of notes: a TOML derivation in a subdirectory, a Markdown document with the header,
    a README without it and a pyproject.toml, none of which is a derivation."""
    pytester.mkdir("derivations")
    (pytester.path / "derivations" / "basics.toml").write_text(TRUE_AND_EXPECTED_FALSE, encoding="utf-8")
    (pytester.path / "note.md").write_text(NOTE, encoding="utf-8")
    (pytester.path / "README.md").write_text(README, encoding="utf-8")
    (pytester.path / "pyproject.toml").write_text('[project]\nname = "notes"\nversion = "0"\n', encoding="utf-8")
    return pytester


def test_every_claim_step_and_conclusion_is_an_item(notes):
    result = notes.runpytest_subprocess("--derivations", "--collect-only", "-q")
    collected = {line.strip() for line in result.outlines if "::" in line}
    assert collected == {
        "derivations/basics.toml::square", "derivations/basics.toml::binomial", "derivations/basics.toml::chain",
        "derivations/basics.toml::chain[step 1]", "derivations/basics.toml::chain[step 2]",
        "derivations/basics.toml::chain[conclusion]", "note.md::log-of-a-product"}


def test_the_outcomes_agree_with_the_expectations(notes):
    result = notes.runpytest_subprocess("--derivations", "-rx")
    result.assert_outcomes(passed=6, xfailed=1)
    # the expected refutation is an xfail that shows its witness
    result.stdout.fnmatch_lines(["XFAIL derivations/basics.toml::binomial - refuted: *", "witness: x=*"])


def test_without_the_option_nothing_is_collected(notes):
    result = notes.runpytest_subprocess()
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_the_ini_option_turns_collection_on(notes):
    notes.makeini("[pytest]\nderivations = true\n")
    notes.runpytest_subprocess().assert_outcomes(passed=6, xfailed=1)


def test_a_mistake_that_was_fixed_fails_its_strict_xfail(notes):
    path = notes.path / "derivations" / "basics.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("x^2 + 1'", "x^2 + 2x + 1'", 1), encoding="utf-8")
    result = notes.runpytest_subprocess("--derivations")
    result.assert_outcomes(passed=6, failed=1)
    result.stdout.fnmatch_lines(["*basics.toml:5: binomial: proved*", "*(expected: refuted; if the document was "
                                 "mended, update its expect)*"])


def test_an_unexpected_refutation_fails_with_its_witness(notes):
    path = notes.path / "note.md"
    path.write_text(path.read_text(encoding="utf-8").replace(*MISTAKE), encoding="utf-8")
    result = notes.runpytest_subprocess("--derivations")
    result.assert_outcomes(passed=5, failed=1, xfailed=1)
    result.stdout.fnmatch_lines(["*note.md:*: log-of-a-product: refuted: *", "witness: y=*",
                                 "(expected: not refuted, no error)"])
    assert "Traceback" not in result.stdout.str()


UNDECIDED = """id = "about"
title = "about"
source = "about.md"

[[scalar]]
name = 'x'

[[claim]]
id = "about-equal"
line = 2
title = "an approximation with no tolerance"
latex = '\\sin x \\approx x'
"""


def test_an_undecided_item_is_skipped_and_fails_under_strict(pytester):
    (pytester.path / "about.toml").write_text(UNDECIDED, encoding="utf-8")
    skipped = pytester.runpytest_subprocess("--derivations", "-rs")
    skipped.assert_outcomes(skipped=1)
    skipped.stdout.fnmatch_lines(["SKIPPED [[]1[]] about.toml:2: undecided: *"])
    pytester.runpytest_subprocess("--derivations", "--derivations-strict").assert_outcomes(failed=1)


def test_a_derivation_that_cannot_be_read_is_a_collection_error_naming_its_line(notes):
    path = notes.path / "derivations" / "basics.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("x^2 \\geq 0", "x^2 \\geq"), encoding="utf-8")
    result = notes.runpytest_subprocess("--derivations")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*ERROR collecting derivations/basics.toml*", "*basics.toml:12:14: the formula ends too early*"])
    assert "Traceback" not in result.stdout.str()


def test_junit_from_pytest_has_no_failure_for_an_expected_refutation(notes):
    notes.runpytest_subprocess("--derivations", "--junitxml=report.xml")
    suite = ET.parse(notes.path / "report.xml").getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == ("7", "0", "0", "1")
    names = {case.get("name"): case.get("classname") for case in suite.iter("testcase")}
    assert names["binomial"] == "derivations.basics.toml" and names["log-of-a-product"] == "note.md"

"""The pytest plugin: every claim, proof step and proof conclusion of a derivation is a test item.

Enabled with ``pytest --derivations`` (or ``derivations = true`` under ``[tool.pytest.ini_options]``),
pytest collects the derivation files it meets (:mod:`contrastive_sym.derivation_files`): TOML files
with the top-level keys of a derivation and Markdown files with the ``<!-- contrastive-verify`` header
(a README or a ``pyproject.toml`` beside them is not collected).  Each item is named by its claim
(``gradient-of-l-out``, ``ce-form[step 3]``, ``ce-form[conclusion]``) and reports the document's path
and line, so that pytest's own reports (``--junitxml``, ``-rA``, pytest-xdist) say where a statement is.

What passes is what the command line accepts (exit 0): a verdict that meets the item's expectation.
An expected refutation is a strict ``xfail`` (a mistake that gets fixed turns it into a failure, so
that the expectation is updated); an undecided item is a skip with its reason, and a failure under
``--derivations-strict``; a refutation fails with its witness, an error with what went wrong.  A
derivation that cannot be read is a collection error naming its file and line.

The checks run when the items run, one claim at a time (collecting, ``--collect-only``, reads the
files only).  This module imports nothing heavy at import: pytest loads it for every run.
"""
from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("contrastive-verify", "checking derivations (contrastive-verify)")
    group.addoption("--derivations", action="store_true", default=False,
                    help="collect derivation files (TOML, Markdown with the header): one item per claim, "
                         "proof step and proof conclusion")
    group.addoption("--derivations-strict", action="store_true", default=False,
                    help="an undecided claim or step fails instead of being skipped")
    parser.addini("derivations", type="bool", default=False,
                  help="collect derivation files, as --derivations does")


def _enabled(config) -> bool:
    return bool(config.getoption("derivations") or config.getini("derivations"))


def pytest_collect_file(file_path: Path, parent):
    if not _enabled(parent.config) or file_path.suffix not in (".toml", ".md"):
        return None
    from .derivation_files import is_derivation
    return DerivationFile.from_parent(parent, path=file_path) if is_derivation(file_path) else None


class UnreadableDerivation(Exception):
    """A derivation file that cannot be read: shown as its message, without a traceback."""


class CheckFailure(Exception):
    """A verdict the item does not accept: shown as its message, without a traceback."""


class DerivationFile(pytest.File):
    """One derivation file: its claims, their steps and conclusions as items."""

    def collect(self):
        import contrastive_sym as cv
        try:
            self.document = cv.load(self.path)
        except cv.ContrastiveVerifyError as exc:
            raise UnreadableDerivation(str(exc)) from None
        self._results: dict = {}
        for claim in self.document.claims:
            yield DerivationItem.from_parent(self, name=claim.id, claim=claim, part=None)
            for step in claim.proof.steps if claim.proof else ():
                yield DerivationItem.from_parent(self, name=f"{claim.id}[step {step.index}]", claim=claim,
                                                 part=step)
            if claim.proof and not claim.derived:       # whether the proof ends at its claim
                yield DerivationItem.from_parent(self, name=f"{claim.id}[conclusion]", claim=claim,
                                                 part="conclusion")

    def repr_failure(self, excinfo):
        if excinfo.errisinstance(UnreadableDerivation):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def result_of(self, claim):
        """The checked claim (its statement, steps and conclusion), checked once, when first asked."""
        if claim.id not in self._results:
            import contrastive_sym as cv
            checked = cv.check_document(self.document, cv.CheckConfig(), only=claim.id)
            self._results[claim.id] = next(c for c in checked.claims if c.claim.id == claim.id)
        return self._results[claim.id]


class DerivationItem(pytest.Item):
    """A claim, a proof step or a proof conclusion: it passes when its verdict meets its expectation."""

    def __init__(self, *, claim, part, **kwargs):
        super().__init__(**kwargs)
        self.claim = claim
        self.part = part

    def _expected(self) -> str | None:
        if self.part is None:
            expected = self.claim.expected
        elif self.part == "conclusion":
            expected = self.claim.proof.conclusion_expected
        else:
            expected = self.part.expected
        return expected.value if expected is not None else None

    @property
    def line(self) -> int:
        if self.part is None:
            return self.claim.line
        if self.part == "conclusion":
            return self.claim.proof.conclusion_line or self.claim.proof.steps[-1].line
        return self.part.line

    def _outcome_and_expectation(self):
        result = self.parent.result_of(self.claim)
        if self.part is None:
            return result.outcome, self.claim.expected
        if self.part == "conclusion":
            return result.conclusion.outcome, result.conclusion.expected
        step = next(s for s in result.steps if s.step.index == self.part.index)
        return step.outcome, self.part.expected

    def runtest(self):
        from contrastive_sym import Verdict
        outcome, expected = self._outcome_and_expectation()
        verdict = outcome.verdict
        strict = self.config.getoption("derivations_strict")
        if verdict is Verdict.UNDECIDED and not (strict and verdict.meets(expected) and expected is not None):
            if strict:
                raise CheckFailure(f"undecided (--derivations-strict): {outcome.message}")
            # reported at the derivation's line, not at this call
            raise pytest.skip.Exception(f"undecided: {outcome.message}", _use_item_location=True)
        if self._expected() == "refuted":
            # a strict xfail: the refutation expected is an xfail with its witness; any other verdict fails,
            # so that a mistake fixed in the document is noticed and the expectation updated
            if verdict is Verdict.REFUTED:
                pytest.xfail(_described(outcome))
            raise CheckFailure(f"{_described(outcome)}\n(expected: refuted; if the document was mended, update "
                               "its expect)")
        if not verdict.meets(expected):
            wanted = expected.value if expected is not None else "not refuted, no error"
            raise CheckFailure(f"{_described(outcome)}\n(expected: {wanted})")

    def repr_failure(self, excinfo, style=None):
        if excinfo.errisinstance(CheckFailure):
            return f"{self.parent.path.name}:{self.line}: {self.name}: {excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.line - 1, f"{self.parent.document.id}: {self.name} (line {self.line})"


def _described(outcome) -> str:
    """The verdict, its reason and its witness or condition, in full: what a failure says."""
    from .report.text import witness_line
    lines = [f"{outcome.verdict.value}: {outcome.headline}"]
    if outcome.condition:
        lines.append(f"needs: {outcome.condition}")
    if outcome.witness is not None:
        lines.append(f"witness: {witness_line(outcome.witness)}")
    if outcome.headline != outcome.message:
        lines.append(f"in full: {outcome.message}")
    return "\n".join(lines)

"""Every example of docs/mathematics.md is a document the checker runs: its verdicts are the ones the
page lists under it, each example states something true and something false, and nothing is
unexpected (the false statements carry expect = "refuted")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from contrastive_sym.pipeline import verify_text

PAGE = Path(__file__).resolve().parents[1] / "docs" / "mathematics.md"
_EXAMPLE = re.compile(r"```markdown\n(.*?)```\n\n((?:- `[^`]+`: [a-z]+[^\n]*\n(?:  [^\n]*\n)*)+)", re.S)
_LISTED = re.compile(r"^- `([^`]+)`: ([a-z]+)", re.M)


def _examples():
    found = _EXAMPLE.findall(PAGE.read_text(encoding="utf-8"))
    return [(text, dict(_LISTED.findall(listed))) for text, listed in found]


def test_the_page_has_its_examples():
    assert len(_examples()) == 5


@pytest.mark.parametrize("text, listed", _examples(), ids=lambda value: None)
def test_each_example_gives_the_verdicts_the_page_lists(text, listed):
    result = verify_text(text, suffix=".md")
    verdicts = {c.claim.id: c.outcome.verdict.value for c in result.documents[0].claims}
    assert verdicts == listed
    assert result.summary.unexpected == 0


def test_every_kind_has_a_true_and_a_false_statement():
    sections = PAGE.read_text(encoding="utf-8").split("\n## ")[1:]
    assert len(sections) == 4
    for section in sections:
        listed = [verdict for _, verdict in _LISTED.findall(section)]
        assert "refuted" in listed and ({"proved", "confirmed"} & set(listed)), section[:40]

r"""Spaces between two formulas of one row.  A blind round of documents found two true identities set side
by side with a run of ties, ``(a+b)^2 = a^2 + 2ab + b^2~~~~~~~~(a-b)^2 = a^2 - 2ab + b^2``, refuted: the
ties were read as a product, the chain a = … b²·(a−b)² = … (a post's gradients of the angular loss).  A run
of two or more ties or medium spaces now separates two formulas as \quad does; one tie or medium space
between two formulas is refused, naming both readings (two statements, or a product in a chain).  And a
name ending in a script's sign, ``z_+``, before \quad was taken for a formula ending in an operator, so
``z_+ = z_+ \quad z_+ + 1 = 1 + z_+`` was one chain with a product, refuted."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

NOTATION = TITLE + """
[[scalar]]
name = 'a'

[[scalar]]
name = 'b'

[[scalar]]
name = 'z_+'
"""


def verdicts(latex: str) -> list:
    return [c.outcome.verdict.value for c in verify_text(with_claim(NOTATION, latex)).documents[0].claims]


@pytest.mark.parametrize("latex", [
    r"(a+b)^2 = a^2 + 2ab + b^2~~~~~~~~(a-b)^2 = a^2 - 2ab + b^2",
    r"(a+b)^2 = a^2 + 2ab + b^2 \; \; (a-b)^2 = a^2 - 2ab + b^2",
    r"(a+b)^2 = a^2 + 2ab + b^2\ \ \ (a-b)^2 = a^2 - 2ab + b^2",
    r"z_+ = z_+ \quad z_+ + 1 = 1 + z_+",
])
def test_a_wide_space_between_two_formulas_separates_them(latex):
    assert verdicts(latex) == ["proved", "proved"]


@pytest.mark.parametrize("latex", [r"a = a~b = b", r"a = a \; b = b", r"a = 2~b = 2b"])
def test_one_tie_between_two_formulas_is_refused_naming_both_readings(latex):
    with pytest.raises(ParseError, match=r"two statements side by side, or a product in a chain"):
        verdicts(latex)


@pytest.mark.parametrize("latex, verdict", [
    (r"2~a = a + a", "proved"),             # a tie in a product, one relation: a product
    (r"a = 2~b", "refuted"),
    (r"(a \; b) = b a", "proved"),          # inside parentheses: a product
])
def test_a_tie_inside_one_formula_is_a_space(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict

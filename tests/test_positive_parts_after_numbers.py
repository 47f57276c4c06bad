r"""A number before a bracket with a sign as its script, ``\frac{1}{2} [m - D^2]_+`` (the margin contrastive loss
of a survey post), ``2 (x)^+``: the number times the positive part, as TeX sets the script on the bracket.
Before: "a mark alone as a script ('+') … here it follows neither" (the grammar reads the number applied to
the bracket, then the script).  After a letter that names a value (a declared scalar y, \gamma), the same:
``\gamma\left[\max(s_n) - s_p + m\right]_{+}`` (the circle loss's hinge).  After a function (``f(x)^+``) the
sign is the function's, and refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[scalar]]
name = 'm'
domain = "positive"

[[scalar]]
name = 'D'
domain = "nonnegative"

[[scalar]]
name = 'y'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"2 [m - D]_+ = 2\max(0, m - D)", "proved"),
    (r"\frac{1}{2} [m - D^2]_+ = \max(0, m - D^2)/2", "proved"),
    (r"2 (m - D)^+ = \max(0, 2m - 2D)", "confirmed"),
    (r"2 [m - D]_+ = \max(0, 2m - D)", "refuted"),
    (r"(1 - y) \frac{1}{2} [m - D]_+ \geq 0", "refuted"),
    # a script after the sign is the bracket's too (the margin contrastive loss squares the hinge): it was
    # read as the square of the product, so ½[m - D]_+² = ½ max(0, m - D)² was refuted and ≤ ¼ m² confirmed
    (r"\frac{1}{2} [m - D]_+^2 = \frac{1}{2} \max(0, m - D)^2", "proved"),
    (r"\frac{1}{2} [m - D]_+^{2} \le \frac{1}{4} m^2", "refuted"),
    (r"(1 - y) \frac{1}{2} D^2 + y \frac{1}{2} [m - D]_+^2 = (1 - y) \frac{D^2}{2} + \frac{y}{2} \max(0, m - D)^2",
     "proved"),
    (r"-2 [m - D]_+^2 = -2 \max(0, m - D)^2", "proved"),
    (r"2 [m - D]^2_+ = 2 \max(0, m - D)^2", "proved"),
])
def test_a_number_times_a_positive_part(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


@pytest.mark.parametrize("latex, verdict", [
    (r"y [m - D]_+ = y \max(0, m - D)", "proved"),
    (r"y \left[m - D\right]_{+} = y \max(0, m - D)", "proved"),
    # the script is the bracket's, not the product's: y < 0 tells them apart
    (r"y [m - D]_+ = \max(0, y (m - D))", "refuted"),
    (r"y (m - D)^+ \geq 0", "refuted"),
])
def test_a_value_named_by_a_letter_times_a_positive_part(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_after_a_function_the_sign_is_still_refused():
    notation = NOTATION + "\n[[function]]\nname = 'f'\narguments = 1\n"
    with pytest.raises(ParseError, match=r"'f\(m - D\)\^\+'"):
        claim_verdict(notation, r"\max(0, f(m - D)) = f(m - D)^+")

r"""A definition whose head writes a declared data point's letter and whose body reads it as a number,
``\sigma(x) = \frac{1}{1 + e^{-x}}`` in notes where x is an input sample: a point has no value, so the
formula defines a function of a real variable written with that letter (its dummy variable).  Before,
the definition was refused ("x is a data point: it has no value"), and every display that used σ with
it.  The reading is said; a use at the point itself stays refused, and a body that reads the point
only as a point (f(x)) keeps the definition a function of points."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + r"""
[[scalar]]
name = 'x'
role = "point"

[[scalar]]
name = 'a'

[[function]]
name = 'f'
arguments = 1

[[define]]
name = 'r'
line = 3
latex = 'r(x) = \frac{1}{1 + e^{-x}}'

[[define]]
name = 'g'
line = 4
latex = 'g(x) = f(x)^2'
"""


@pytest.mark.parametrize("latex, expected", [
    (r"r(a) + r(-a) = 1", "proved"),
    (r"r(f(x)) + r(-f(x)) = 1", "proved"),
    (r"r(a) = \frac{e^{a}}{1 + e^{a}}", "proved"),
    (r"r(a) + r(-a) = 2", "refuted"),
    (r"r(a) = \frac{1}{1 + e^{a}}", "refuted"),
    (r"g(x) = f(x) f(x)", "proved"),
])
def test_the_letter_of_a_point_in_a_head_is_the_definitions_own_variable(latex, expected):
    assert claim_verdict(NOTATION, latex) in ((expected, "confirmed") if expected == "proved" else (expected,))


def test_a_use_at_the_point_itself_is_still_refused():
    with pytest.raises(ParseError, match="x is a data point"):
        claim_verdict(NOTATION, r"r(x) = r(x)")


def test_the_reading_is_said(capsys):
    """Never silent: the definition's reading names the letter and what it is read as."""
    claim_verdict(NOTATION, r"r(a) = r(a)")
    assert ("the definition of r: r(x): the body reads x, declared as a data point (which has no value), as "
            "a number: it is read as r's own real variable, not the point") in capsys.readouterr().err


def test_a_letter_the_body_also_reads_as_a_point_keeps_the_definition_refused():
    """q(x, y) = f(y) + x: y is an argument of f, a function of points, so it is the point; read as a real
    variable, f of a number went on to a NameError in the sampler (a probe's crash)."""
    two = NOTATION + r"""
[[scalar]]
name = 'y'
role = "point"

[[define]]
name = 'q'
line = 5
latex = 'q(x, y) = f(y) + x'
"""
    with pytest.raises(ParseError, match="is a data point"):
        claim_verdict(two, r"q(a, y) = f(y) + a")

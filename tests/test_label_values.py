r"""A function defined with a declared scalar among its labels, ``\mathcal{L}_{\text{align}}(f;
\alpha)``, used at a value (``\mathcal{L}_{\text{align}}(f; 2)``, as Wang & Isola write the loss at
α = 2): the body at that value, said in the reading.  A point or another label in that place, or a
label that is not a declared scalar, stays refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    scalar=[{"name": r"\alpha", "domain": "positive"}, {"name": "a"}, {"name": "x", "role": "point"}],
    function=[{"name": "g", "arguments": 1}],
    define=[{"name": "L", "line": 1, "latex": r"\mathcal{L}(g; \alpha) = \alpha \, a^2"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathcal{L}(g; 2) = 2 a^2", "proved"),
    (r"\mathcal{L}(g; \alpha) = \alpha a^2", "proved"),
    (r"\mathcal{L}(g; a) = a^3", "proved"),
    (r"\mathcal{L}(g; 2) = a^2", "refuted"),
])
def test_a_scalar_label_written_as_a_value_is_the_body_there(statement, expected):
    assert check_statement(statement, **NOTATION).verdict.value == expected


def test_the_reading_says_which_value():
    from contrastive_sym.pipeline import toml_value, verify_text
    text = "\n".join(['id = "l"', 'title = "l"', 'source = "l.txt"',
                      *[f"{table} = {toml_value(entries)}" for table, entries in NOTATION.items()],
                      "", "[[claim]]", 'id = "c"', "line = 2", 'title = "c"',
                      "latex = " + toml_value(r"\mathcal{L}(g; 2) = 2 a^2")])
    claim = verify_text(text + "\n").documents[0].claims[-1]
    assert r"\mathcal{L}(g; 2) is \mathcal{L}(g; \alpha) at \alpha = 2" in claim.claim.reading


def test_a_point_in_a_scalars_place_is_refused():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\mathcal{L}(g; x) = 0", **NOTATION)
    assert r"is defined for (g; \alpha), not (g; x)" in str(caught.value)

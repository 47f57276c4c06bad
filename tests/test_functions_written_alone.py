r"""A loss defined as a function of a declared vector, ``\ell(s) = -\log \frac{e^{s_0/\tau}}{\sum_k
e^{s_k/\tau}}``, and then written alone, as papers write its gradient ``\frac{\partial \ell}{\partial
s_j}``: ℓ at the declared s, said in the reading.  A function of parameters or of vectors declared
nowhere has no such value and stays refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "K", "minimum": 1, "checked": [1, 2, 3]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
    family=[{"name": "s", "shape": ["K + 1"], "from": 0}],
    index=[{"name": "j", "from": 0, "to": "K"}],
    define=[{"name": "l", "line": 1, "latex": r"\ell(s) = -\log \frac{e^{s_0/\tau}}{\sum_{k=0}^{K} e^{s_k/\tau}}"}],
)
SOFTMAX = r"\frac{e^{s_j/\tau}}{\sum_{k=0}^{K} e^{s_k/\tau}}"


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{\partial \ell}{\partial s_j} = \frac{1}{\tau}\left(" + SOFTMAX + r" - \mathbb{1}[j = 0]\right)",
     "confirmed"),
    # the sign of the indicator, flipped: refuted at j = 0
    (r"\frac{\partial \ell}{\partial s_j} = \frac{1}{\tau}\left(" + SOFTMAX + r" + \mathbb{1}[j = 0]\right)",
     "refuted"),
    (r"\sum_{j=0}^{K} \frac{\partial \ell}{\partial s_j} = 0", "confirmed"),
    (r"\ell = \ell(s)", "proved"),
])
def test_a_function_of_a_declared_vector_written_alone_is_its_value_there(statement, expected):
    found = check_statement(statement, "gradient" if "partial" in statement else "identity", **NOTATION)
    assert found.verdict.value == expected


def test_a_function_of_numbers_written_alone_is_still_refused():
    notation = dict(scalar=[{"name": "a"}],
                    define=[{"name": "s", "line": 1, "latex": r"\sigma(x) = \frac{1}{1 + e^{-x}}"}])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\sigma + a = a", **notation)
    assert "names a function or family; it needs arguments" in str(caught.value)

r"""``x_{max}``, the largest entry of a vector, as the log-sum-exp trick writes it (\log\sum_j e^{x_j} =
x_{max} + \log\sum_j e^{x_j - x_{max}}): before, "ambiguous subscript '{max}': 3 indices side by side".
Read as \max_k x_k for a declared vector (one dimension), said in the reading; ``x_{\text{min}}`` alike."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement
from document_claims import TITLE, the_only_claim, with_claim

VECTOR = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "x", "shape": ["n"]}])


@pytest.mark.parametrize("statement, kind, expected", [
    (r"x_{max} = \max_{j} x_j", "identity", "holds"),
    (r"\log\sum_{j=1}^{n} e^{x_j} = x_{max} + \log\sum_{j=1}^{n} e^{x_j - x_{max}}", "identity", "holds"),
    (r"x_{\text{min}} \le x_{max}", "inequality", "holds"),
    (r"x_{\min} = \min_j x_j", "identity", "holds"),
    (r"x_{max} = x_1", "identity", "refuted"),
    (r"\log\sum_{j=1}^{n} e^{x_j} \le x_{max}", "inequality", "refuted"),
])
def test_the_largest_entry_of_a_vector(statement, kind, expected):
    verdict = check_statement(statement, kind, **VECTOR).verdict.value
    assert verdict in (("proved", "confirmed") if expected == "holds" else (expected,))


def test_the_reading_says_it():
    notation = TITLE + "\n[[size]]\nname = 'n'\nminimum = 1\nchecked = [1, 2]\n\n[[family]]\nname = 'x'\nshape = ['n']\n"
    claim = the_only_claim(with_claim(notation, r"x_{max} \ge x_1"))
    assert "'x_{max}' is the largest entry of the vector, \\max_k" in claim.claim.reading


def test_a_matrix_subscripted_max_is_not_its_largest_entry():
    matrix = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}], family=[{"name": "x", "shape": ["n", "n"]}])
    with pytest.raises(ParseError, match="ambiguous subscript|not declared"):
        check_statement(r"x_{max} = 1", **matrix)

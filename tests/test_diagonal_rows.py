r"""``p_{ij} = \frac{\exp(s_{ij})}{\sum_{l \neq i} \exp(s_{il})}, \qquad p_{ii} = 0`` (NCA, SNE):
one family defined in two rows, the second giving the entries whose two indices are equal.
Read as a definition by cases is, δ_{ij}·0 + (1 − δ_{ij})·…; the rows in either order (issue 13)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

SCORES = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}],
              family=[{"name": "s", "shape": ["n", "n"]}],
              index=[{"name": "i", "from": 1, "to": "n"}, {"name": "j", "from": 1, "to": "n"}])
GENERAL = r"p_{ij} = \frac{\exp(s_{ij})}{\sum_{l \neq i} \exp(s_{il})}"


@pytest.mark.parametrize("latex", [GENERAL + r", \qquad p_{ii}=0", r"p_{ii} = 0, \quad " + GENERAL])
@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{j} p_{ij} = 1", "proved"),
    (r"p_{ii} = 0", "proved"),
    (r"\sum_{j} p_{ij} = 2", "refuted"),
    (r"p_{ij} = \frac{\exp(s_{ij})}{\sum_{l \neq i} \exp(s_{il})}", "refuted"),   # not at j = i
])
def test_a_diagonal_given_apart_is_part_of_the_family(latex, statement, expected):
    notation = dict(SCORES, define=[{"name": "p", "line": 1, "latex": latex}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_two_general_rows_of_one_name_are_still_defined_twice():
    notation = dict(SCORES, define=[{"name": "p", "line": 1, "latex": GENERAL + r", \qquad p_{ij} = 0"}])
    with pytest.raises(DerivationError, match="defined twice"):
        check_statement(r"p_{ii} = 0", **notation)

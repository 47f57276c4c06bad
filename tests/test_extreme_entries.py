r"""``x_{\max}`` of a declared family of numbers is its largest entry (``x_{\min}`` its smallest), as notes on
LogSumExp write the shift that keeps it stable; a name declared or defined so is that name, and a family with
more than one index to run is refused, naming what to write."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement, verify_text

NOTATION = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
                family=[{"name": "x", "shape": ["n"]}, {"name": "Z", "shape": ["n", "d"]}])


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"x_{max} \geq x_1", "inequality", "confirmed"),
    (r"x_{\max} \leq x_1", "inequality", "refuted"),
    (r"x_{\text{min}} \leq x_1", "inequality", "confirmed"),
    (r"x_{\mathrm{max}} \geq x_{\min}", "inequality", "confirmed"),
    # the stable form of LogSumExp, and its bounds: the upper one holds, the lower one written too high fails
    (r"\log \sum_{i=1}^n e^{x_i} = x_{\max} + \log \sum_{i=1}^n e^{x_i - x_{\max}}", "identity", "proved"),
    (r"\log \sum_{i=1}^n e^{x_i} \leq x_{\max} + \log n", "inequality", "confirmed"),
    (r"\log \sum_{i=1}^n e^{x_i} \geq x_{\max} + \log n", "inequality", "refuted"),
])
def test_the_largest_entry_is_read(statement, kind, verdict):
    assert check_statement(statement, kind, **NOTATION).verdict.value == verdict


def test_the_reading_is_said():
    document = """<!-- contrastive-verify
id = "lse"
title = "lse"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['n']
-->

<!-- claim: id = "bound", kind = "inequality" -->
$$
x_{\\max} < \\log \\sum_{i=1}^n e^{x_i}
$$
"""
    (result,) = verify_text(document, suffix=".md").documents[0].claims
    assert "'x_{\\max}' is read as the largest entry of x" in result.claim.reading
    # strict only with two entries or more: at n = 1 the two sides are x_1
    assert result.outcome.verdict.value == "conditional" and "n" in result.outcome.condition


def test_a_declared_name_is_that_name():
    # \tau_{\max}, a scalar of its own, is not the largest entry of anything
    outcome = check_statement(r"\tau_{\max} \geq x_1", "inequality", **NOTATION,
                              scalar=[{"name": "\\tau_{\\max}"}])
    assert outcome.verdict.value == "refuted"


def test_a_family_with_two_indices_to_run_is_refused():
    with pytest.raises(ParseError, match=r"'Z_\{\\max\}': the largest entry is read of a family with one index to "
                                         r"run, and Z has 2"):
        check_statement(r"Z_{\max} \geq 0", "inequality", **NOTATION)


def test_a_display_that_defines_the_name_first_is_that_definition():
    # x_{\max} defined in the display's first row as the largest entry but one's: the definition is the name
    # (local to the statement), never a claim that the largest entry equals it
    document = """<!-- contrastive-verify
id = "lse"
title = "lse"

[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[family]]
name = 'x'
shape = ['n']
-->

<!-- claim: id = "local", kind = "inequality" -->
$$
x_{\\max} = \\max_{j \\neq 1} x_j \\\\ x_{\\max} \\geq x_2
$$
"""
    (result,) = verify_text(document, suffix=".md").documents[0].claims
    assert "defined before the statement" in result.claim.reading
    assert result.outcome.verdict.value == "confirmed"

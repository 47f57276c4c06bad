r"""Variables of a finite domain (issue 13): a target in {-1, 1} (domain "{-1, 1}") or a
mask in {0, 1} ("binary"), and definitions by cases that test one against a value, as the
hinge and cosine embedding losses are written (``x_n & y_n = 1 \\ \max\{0, \Delta - x_n\}
& y_n = -1``).

Sampling never leaves the domain; a condition ``y_n = 1`` reads as the polynomial that is
1 at that value and 0 at the other; whether exactly one row holds is decided by trying
every value of the entries the rows test, and a layout where it fails is refused naming
the values.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.model.notation import Domain
from contrastive_sym.pipeline import check_statement, verify_text

SIGN = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
            family=[{"name": "x", "shape": ["N"]}, {"name": "y", "shape": ["N"], "domain": "{-1, 1}"}],
            scalar=[{"name": r"\Delta", "domain": "positive"}, {"name": "t", "domain": "sign"}],
            index=[{"name": "n", "to": "N"}])
HINGE = r"\begin{cases} x_n, & y_n = 1, \\ \max\{0, \Delta - x_n\}, & y_n = -1 \end{cases}"


def verdict(text: str, **notation) -> str:
    return check_statement(text, **(notation or SIGN)).verdict.value


def test_the_domain_is_two_values_and_sampling_stays_in_it():
    assert Domain.SIGN.values == (-1, 1) and Domain.BINARY.values == (0, 1)
    assert Domain.SIGN.contains(-1) and not Domain.SIGN.contains(0)
    assert verdict("t^2 = 1") in ("proved", "confirmed")
    assert verdict("y_n^2 = 1") in ("proved", "confirmed")
    outcome = check_statement("t = 1", **SIGN)
    assert outcome.verdict.value == "refuted"
    assert [str(v) for v in outcome.witness.values.values()] == ["-1"]


def test_cases_on_a_sign_read_as_the_row_that_holds():
    written = r"\frac{1 + y_n}{2} x_n + \frac{1 - y_n}{2} \max(0, \Delta - x_n)"
    assert verdict(f"{HINGE} = {written}") in ("proved", "confirmed")


def test_a_wrong_row_is_refuted_at_the_value_where_it_holds():
    outcome = check_statement(f"{HINGE} = x_n", **SIGN)
    assert outcome.verdict.value == "refuted"
    assert any(str(v) == "-1" for v in outcome.witness.values.values())


def test_otherwise_after_a_value_and_a_binary_mask():
    notation = dict(scalar=[{"name": "m", "domain": "binary"}, {"name": "a"}, {"name": "b"}])
    cases = r"\begin{cases} a & m = 1 \\ b & \text{otherwise} \end{cases}"
    assert verdict(f"{cases} = a m + b (1 - m)", **notation) in ("proved", "confirmed")
    assert verdict(f"{cases} = a", **notation) == "refuted"
    reversed_sides = r"\begin{cases} a & 0 = m \\ b & m \neq 0 \end{cases}"
    assert verdict(f"{reversed_sides} = a (1 - m) + b m", **notation) in ("proved", "confirmed")


@pytest.mark.parametrize("text, message", [
    (r"\begin{cases} x_n & y_n = 0 \\ 0 & \text{otherwise} \end{cases}",
     "never holds: 'y_n' takes only the values -1 and 1"),
    (r"\begin{cases} x_n & y_n = 1 \\ 0 & y_n \neq -1 \end{cases}", "both hold when y_n = 1"),
    (r"\begin{cases} x_n & y_n = 1 \\ 0 & t = 1 \end{cases}", "both hold when y_n = 1, t = 1"),
    (r"\begin{cases} x_n & y_n = 1 \end{cases}", "no case of '\\begin{cases}' holds when y_n = -1"),
    (r"\begin{cases} x_n & y_n = 1 \\ 0 & n = 1 \\ 1 & \text{otherwise} \end{cases}",
     "is not one on a value of a finite domain"),
    (r"\begin{cases} x_n & x_n = 1 \\ 0 & \text{otherwise} \end{cases}", "compares values"),
])
def test_rows_that_do_not_decide_one_value_are_refused(text, message):
    with pytest.raises(ParseError) as caught:
        check_statement(f"{text} = 0", **SIGN)
    assert message in str(caught.value)


def test_a_family_of_points_written_alone_under_a_defined_name_is_its_index():
    # the notes name the negatives of a triplet n_i and the elements of a loss l_n
    notation = dict(SIGN, family=SIGN["family"] + [{"name": "v", "shape": ["N"], "role": "point"}],
                    index=[])
    notation["family"][-1]["name"] = "n"
    derivation = dict(notation, define=[{"name": "l", "line": 1, "latex": f"l_n = {HINGE}"}])
    assert verdict(r"l_1 = \frac{1 + y_1}{2} x_1 + \frac{1 - y_1}{2} \max(0, \Delta - x_1)",
                   **derivation) in ("proved", "confirmed")


def test_a_scalar_equal_to_cases_on_a_value_of_a_finite_domain_declared_above_it():
    """alpha_t of the focal loss, declared equal to its cases on y in {-1, 1}: the reader refused the
    cases ("compares values, not indices"), the domain of y not yet known where equals was read."""
    notation = '''id = "t"
title = "t"
source = "t.md"

[[scalar]]
name = 'y'
domain = "{-1, 1}"

[[scalar]]
name = '\\alpha'
domain = "[0, 1]"

[[scalar]]
name = 'a_t'
equals = '\\begin{cases} \\alpha & \\text{if } y = 1 \\\\ 1 - \\alpha & \\text{otherwise} \\end{cases}'
'''
    def verdict(latex):
        claim = f'\n[[claim]]\nid = "c"\nline = 1\ntitle = "c"\nlatex = \'{latex}\'\n'
        return verify_text(notation + claim).documents[0].claims[0].outcome.verdict.value
    assert verdict(r"a_t = \frac{1 + y}{2} \alpha + \frac{1 - y}{2} (1 - \alpha)") == "proved"
    assert verdict(r"a_t = \frac{1 - y}{2} \alpha + \frac{1 + y}{2} (1 - \alpha)") == "refuted"

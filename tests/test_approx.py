r"""``\approx`` decided within the tolerance the printed digits imply (issue 13): half a unit
in the last printed digit (``\log 1000 \approx 6.91`` is 6.905 ≤ log 1000 ≤ 6.915; a whole
number such as 9900 is printed to its last nonzero digit, ±50), said in the claim's reading.
An ≈ between two expressions states no tolerance: alone it is refused; in a chain with
other links it is a link read and not decided (undecided, saying why), and the links beside
it are checked, so that a false equality next to an approximation is still refuted.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import verify_text


def run(statement: str):
    text = "\n".join(['id = "a"', 'title = "a"', 'source = "a.txt"', "", "[[claim]]", 'id = "c"', "line = 1",
                      'title = "c"', 'kind = "identity"', f"latex = '{statement}'", ""])
    return verify_text(text).documents[0].claims[0]


@pytest.mark.parametrize("statement, expected", [
    (r"\log 1000 \approx 6.91", "proved"),       # 6.9078 within ±0.005 of 6.91
    (r"\log 1000 \approx 6.9", "proved"),        # within ±0.05 of 6.9
    (r"\log 1000 \approx 6.90", "refuted"),      # not within ±0.005 of 6.90
    (r"6.91 \approx \log 1000", "proved"),       # the printed number on either side
    (r"e^{9.2} \approx 9900", "proved"),         # ±50
    (r"e^{9.2} \approx 9800", "refuted"),
])
def test_the_printed_digits_give_the_tolerance(statement, expected):
    result = run(statement)
    assert result.outcome.verdict.value == expected, result.outcome.message


def test_a_chain_of_equalities_that_ends_with_a_printed_value_says_its_reading():
    result = run(r"\log 4 - \log 2 = \log 2 \approx 0.693")
    assert result.outcome.verdict.value == "proved"
    assert result.claim.reading.startswith("the last link ≈ read as 0.6925 ≤ … ≤ 0.6935")


def test_the_reading_says_which_tolerance():
    assert run(r"e^{9.2} \approx 9900").claim.reading == (
        "≈ read as 9850 ≤ … ≤ 9950: the printed 9900 gives ±50, half a unit in its last nonzero digit")
    assert run(r"\log 1000 \approx 6.91").claim.reading == (
        "≈ read as 6.905 ≤ … ≤ 6.915: the printed 6.91 gives ±0.005, half a unit in its last digit")


@pytest.mark.parametrize("statement", [r"\log 1000 \approx \log 999", r"1 \approx \log 3 \approx 1.1"])
def test_an_approximation_without_a_printed_number_is_read_and_undecided(statement):
    # read (real documents approximate), never a pass: the verdict says why it is not checked
    result = run(statement)
    assert result.outcome.verdict.value == "undecided"
    assert "an approximation (≈) stated with no tolerance" in result.outcome.message


def test_a_row_that_starts_with_an_approximation_is_refused():
    # a row that starts with ≈ continues a display above it (was an IndexError)
    with pytest.raises(ParseError) as caught:
        run(r"\approx \log 3")
    assert "the statement starts with a relation ('\\approx')" in str(caught.value)


@pytest.mark.parametrize("statement, expected", [
    (r"1 \leq 1 \approx 1.0", "undecided"),
    (r"1 = 1 \approx \log 3", "undecided"),
    (r"\log 4 = 2 \log 2 \approx \log 3 = 1 + \log 3 - 1", "undecided"),
    # the links beside the approximation are checked: a false one is refuted
    (r"\log 4 = 3 \log 2 \approx \log 3", "refuted"),
    (r"\log 4 \approx \log 3 = 2 \log 3", "refuted"),
])
def test_an_approximation_between_expressions_in_a_chain_is_read_and_not_decided(statement, expected):
    result = run(statement)
    assert result.outcome.verdict.value == expected
    assert "≈: undecided, not checked: an approximation (≈) stated with no tolerance" in result.outcome.message


def test_a_proportionality_in_a_chain_is_read_and_not_decided():
    result = run(r"e^{2} e^{3} = e^{5} \propto e^{4}")
    assert result.outcome.verdict.value == "undecided"
    assert "(2) ∝: undecided, not checked: a proportionality (∝) in a chain" in result.outcome.message
    assert run(r"e^{2} e^{3} = e^{6} \propto e^{4}").outcome.verdict.value == "refuted"


def test_a_definition_whose_chain_has_an_unchecked_link_defines_and_checks_the_rest():
    text = "\n".join(['id = "a"', 'title = "a"', 'source = "a.txt"', "[[scalar]]", 'name = "a"', "[[scalar]]",
                      'name = "b"', "", "[[define]]", 'name = "L"', "line = 3",
                      r"latex = 'L = (a + b)^2 = a^2 + b^2 \approx a^2'", "", "[[claim]]", 'id = "c"', "line = 4",
                      'title = "c"', r"latex = 'L = (a + b)^2'", ""])
    claims = {c.claim.id: c.outcome for c in verify_text(text).documents[0].claims}
    chain = next(o for key, o in claims.items() if key != "c")
    assert claims["c"].verdict.value == "proved"
    # the false equality beside the approximation is found; the ≈ link is said to be unchecked
    assert chain.verdict.value == "refuted" and "(2) ≈: undecided, not checked" in chain.message


SOFTMAX = r"\text{softmax}\left(\begin{bmatrix} 2 \\ 1 \\ 0.1 \end{bmatrix}\right)"


@pytest.mark.parametrize("statement, expected", [
    # a post's worked example: each printed entry gives its own tolerance
    (SOFTMAX + r" \approx \begin{bmatrix} 0.659 \\ 0.242 \\ 0.099 \end{bmatrix}", "proved"),
    (r"\begin{pmatrix} 0.66 \\ 0.24 \\ 0.1 \end{pmatrix} \approx " + SOFTMAX, "proved"),
    (SOFTMAX + r" \approx \begin{bmatrix} 0.659 \\ 0.099 \\ 0.242 \end{bmatrix}", "refuted"),     # two entries swapped
    (SOFTMAX + r" \approx \begin{bmatrix} 0.659 \\ 0.242 \\ 0.098 \end{bmatrix}", "refuted"),     # the last digit off
    (SOFTMAX + r" \approx \left[\begin{array}{c} 0.659 \\ 0.242 \\ 0.099 \end{array}\right]", "proved"),
    (r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}^\top \approx \begin{pmatrix} 1.0 & 3.0 \\ 2.0 & 4.0 \end{pmatrix}",
     "proved"),
    (r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}^\top \approx \begin{pmatrix} 1.0 & 2.0 \\ 3.0 & 4.0 \end{pmatrix}",
     "refuted"),
    # a list in brackets or parentheses, as posts write a worked example
    (r"\text{softmax}([2, 1, 0.1]) \approx [0.659, 0.242, 0.099]", "proved"),
    (r"\text{softmax}([2, 1, 0.1]) \approx \left(0.66, 0.24, 0.10\right)", "proved"),
    (r"\text{softmax}([2, 1, 0.1]) \approx [0.659, 0.099, 0.242]", "refuted"),
    # softmax and LSE of a row written out (a row stays a row), or of its transpose, a column
    (r"\text{softmax}\left(\begin{bmatrix} 2 & 1 & 0.1 \end{bmatrix}\right) \approx "
     r"\begin{bmatrix} 0.659 & 0.242 & 0.099 \end{bmatrix}", "proved"),
    (r"\text{softmax}\left(\begin{bmatrix} 2 & 1 & 0.1 \end{bmatrix}\right) \approx "
     r"\begin{bmatrix} 0.242 & 0.659 & 0.099 \end{bmatrix}", "refuted"),
    (r"\text{softmax}\left(\begin{bmatrix} 2 & 1 & 0.1 \end{bmatrix}^\top\right) \approx "
     r"\begin{bmatrix} 0.659 \\ 0.242 \\ 0.099 \end{bmatrix}", "proved"),
    (r"\text{LSE}\left(\begin{bmatrix} 2 & 1 & 0.1 \end{bmatrix}\right) \approx 2.417", "proved"),
    (SOFTMAX + r" = \frac{1}{e^2 + e + e^{0.1}} \begin{bmatrix} e^2 \\ e \\ e^{0.1} \end{bmatrix} "
     r"\approx \begin{bmatrix} 0.659 \\ 0.242 \\ 0.099 \end{bmatrix}", ("proved", "confirmed")),
])
def test_a_vector_of_printed_values_is_read_to_its_digits_entry_by_entry(statement, expected):
    result = run(statement)
    assert result.outcome.verdict.value in ((expected,) if isinstance(expected, str) else expected), \
        result.outcome.message


def test_the_reading_of_a_vector_of_printed_values_says_each_bound():
    assert run(SOFTMAX + r" \approx \begin{bmatrix} 0.66 \\ 0.24 \\ 0.1 \end{bmatrix}").claim.reading == (
        "≈ read as (0.655, 0.235, 0.05) ≤ … ≤ (0.665, 0.245, 0.15), entry by entry: each printed entry gives "
        "half a unit in its last digit (in its last nonzero digit for a whole number)")


def test_a_vector_with_an_entry_that_is_not_printed_is_read_and_undecided():
    result = run(SOFTMAX + r" \approx \begin{bmatrix} 0.659 \\ 0.242 \\ e^{-2} \end{bmatrix}")
    assert result.outcome.verdict.value == "undecided"
    assert "an approximation (≈) stated with no tolerance" in result.outcome.message


@pytest.mark.parametrize("statement, said", [
    (r"-\log 0.7 = 0.357", "the left side, 0.35667494393873237891, rounds to the printed 0.357 (3 decimal places)"),
    (r"7.389 = e^{2}", "the right side, 7.3890560989306502272, rounds to the printed 7.389 (3 decimal places)"),
    (r"\log 0.7 = -0.36", "rounds to the printed -0.36 (2 decimal places)"),
])
def test_an_equality_with_a_value_rounded_is_refuted_saying_it_rounds(statement, said):
    # "=" with a rounded value is false as written; the refutation tells a rounding from a slip
    outcome = run(statement).outcome
    assert outcome.verdict.value == "refuted"
    assert said in outcome.message and "if the document means ≈, write \\approx" in outcome.message


@pytest.mark.parametrize("statement", [r"-\log 0.7 = 0.35", r"e = 3", r"\log 0.7 = 0.357"])
def test_an_equality_off_by_more_than_its_printed_digits_says_nothing_of_rounding(statement):
    outcome = run(statement).outcome
    assert outcome.verdict.value == "refuted" and "rounds to" not in outcome.message


def test_the_softmax_of_a_row_is_a_row():
    # compared with a column it is an error naming both shapes, never a comparison of entries
    with pytest.raises(ParseError, match="a 1 × 3 matrix and a vector of length 3"):
        run(r"\text{softmax}\left(\begin{bmatrix} 2 & 1 & 0.1 \end{bmatrix}\right) \approx "
            r"\begin{bmatrix} 0.659 \\ 0.242 \\ 0.099 \end{bmatrix}")


def run_in_x(statement: str):
    """``statement`` with a real scalar x declared."""
    text = "\n".join(['id = "a"', 'title = "a"', 'source = "a.txt"', "", "[[scalar]]", "name = 'x'",
                      'domain = "[-1, 1]"', "", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"',
                      f"latex = '{statement}'", ""])
    return verify_text(text).documents[0].claims[0]


@pytest.mark.parametrize("statement", [r"\sqrt{1 - x^2} \approx 0", r"\sqrt{1 - x^2} = \sqrt{(1 - x)(1 + x)} \approx 1",
                                       r"0 \approx x^2"])
def test_a_printed_number_that_approximates_an_expression_of_variables_is_read_and_undecided(statement):
    """A text's "about 0" of an expression of its variables (at an easy positive, z_i . z_p about 1) holds where its
    premise puts them, not for every value: never refuted for the values the premise excludes, never a pass; the
    equalities beside it are checked."""
    result = run_in_x(statement)
    assert result.outcome.verdict.value == "undecided", result.outcome.message
    assert "of an expression of the variables holds where a premise the display does not write" in result.outcome.message


def test_an_equality_beside_an_approximation_of_variables_is_still_refuted():
    result = run_in_x(r"\sqrt{1 - x^2} = \sqrt{1 - x} \approx 1")
    assert result.outcome.verdict.value == "refuted" and result.outcome.witness is not None


@pytest.mark.parametrize("statement, expected", [(r"e^{x - x} \approx 1", "proved"), (r"e^{x - x} \approx 2", "refuted")])
def test_an_expression_whose_variables_cancel_is_a_value_the_digits_bound(statement, expected):
    assert run_in_x(statement).outcome.verdict.value == expected

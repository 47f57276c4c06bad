r"""Forms Markdown notes and papers write that mean what a mathematician reads (issue 13):
``[x]_+`` (the positive part of hinge losses), ``log`` and ``exp`` written in letters,
``a^\top \cdot b``.  Each must read as the explicit form (proved equal to it), and a
near miss must not be proved.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "a", "domain": "positive"}, {"name": "b", "domain": "positive"},
                        {"name": "c"}],
                size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])


def verdict(statement: str) -> str:
    return check_statement(statement, **NOTATION).verdict.value


@pytest.mark.parametrize("statement", [
    r"[c - a]_+ = \max(c - a, 0)",
    r"\left[ c - a \right]_+ = \max(0, c - a)",
    r"\big[ c \big]_{+} = \max(c, 0)",
    r"-log \frac{a}{b} = \log b - \log a",
    r"-log a + c = c - \log a",
    r"exp(c) a = a e^{c}",
    r"u^\top \cdot v = u \cdot v",
])
def test_the_written_form_reads_as_the_explicit_one(statement):
    assert verdict(statement) == "proved"


@pytest.mark.parametrize("statement", [
    r"[c - a]_+ = c - a",
    r"-log a + c = -\log(a + c)",
])
def test_a_near_miss_is_not_proved(statement):
    assert verdict(statement) == "refuted"


def test_a_subscript_plus_on_a_name_is_not_a_positive_part():
    with pytest.raises(ParseError):
        verdict(r"c_+ = \max(c, 0)")


# --- functions defined with parameters -------------------------------------------------

DEFINED = dict(NOTATION, define=[{"name": "sigma", "line": 1, "latex": r"\sigma(\ell) = \frac{1}{1 + \exp(-\ell)}"},
                                 {"name": "g", "line": 2, "latex": r"g(s, w) = s^2 - w"}])


@pytest.mark.parametrize("statement, expected", [
    (r"\sigma(c) + \sigma(-c) = 1", "proved"),
    (r"g(a, b) + b = a^2", "proved"),
    (r"g(b, a) = a^2 - b", "refuted"),          # the arguments are put in order
    (r"1 - \sigma(c) = \sigma(c)", "refuted"),
])
def test_a_head_of_undeclared_names_defines_a_function_of_them(statement, expected):
    assert check_statement(statement, **DEFINED).verdict.value == expected


@pytest.mark.parametrize("statement, message", [
    (r"\sigma = 1", "names a function or family; it needs arguments"),
    (r"\sigma(a, b) = 1", r"\sigma takes 1 argument, separated by commas"),
    (r"\ell = 1", r"'\ell' is not declared"),        # a parameter is not a name outside its definition
])
def test_uses_of_a_function_with_parameters_are_checked(statement, message):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, **DEFINED)
    assert message in str(caught.value)


# --- a display as a paper writes it: punctuation before a label, cases refused ----------

def test_a_full_stop_before_a_label_is_punctuation():
    assert verdict(r"a + b = b + a. \label{eq:sum}") == "proved"
    assert verdict(r"a + b = b + a, \nonumber") == "proved"


def test_cases_without_conditions_are_refused_even_inside_a_definition():
    notation = dict(NOTATION, define=[{"name": "L", "line": 1,
                                       "latex": r"L = a \\ f = \begin{cases} 1 & a \\ 0 \end{cases}"}])
    with pytest.raises(ParseError) as caught:
        check_statement("a = a", **notation)
    assert r"row 2 of '\begin{cases}' has no condition" in str(caught.value)


def test_an_index_used_after_its_sum_ends_is_named_as_such():
    # (\sum_j a_j) b_j: the sum ends at its parenthesis, so the j of b_j is free; the message
    # says why (\sum_j a_j + b_j reaches over b_j instead: latex/translate/extents.py)
    notation = dict(NOTATION, family=[{"name": "s", "shape": ["d"]}, {"name": "t", "shape": ["d"]}])
    with pytest.raises(ParseError) as caught:
        check_statement(r"\left(\sum_{j=1}^{d} s_j\right) t_j = 0", **notation)
    assert "'j' is not declared: it is the index of a sum whose body ends before this term" in str(caught.value)
    assert check_statement(r"\sum_{j=1}^{d} s_j + t_j = \sum_{j=1}^{d} (s_j + t_j)",
                           **notation).verdict.value == "proved"
    assert check_statement(r"\sum_{j=1}^{d} (s_j + t_j) = \sum_{j=1}^{d} s_j + \sum_{k=1}^{d} t_k",
                           **notation).verdict.value == "proved"


@pytest.mark.parametrize("statement, expected", [
    (r"-\log \sigma(c) = \log(1 + e^{-c})", "proved"),
    # the slip of a real note: −log σ(a) written as −log(1 + e^{−a})
    (r"-\log \sigma(c) = -\log(1 + e^{-c})", "refuted"),
    (r"\text{sp}(c) - \text{sp}(-c) = c", "proved"),
    (r"\sigma(c) = \frac{1}{1 + e^{c}}", "refuted"),
])
def test_the_logistic_and_softplus_a_notation_names(statement, expected):
    notation = dict(NOTATION, operator=[{"name": r"\sigma", "meaning": "logistic"},
                                        {"name": r"\text{sp}", "meaning": "softplus"}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_a_function_without_its_argument_is_no_factor_of_a_run_of_letters():
    """cos(θ) in letters beside declared c and s: c·o·s splits the run with o, little o, which needs its
    argument and is no factor; cos is the one reading (a margin-softmax post's ψ(θ) = cos(θ) - m)."""
    notation = dict(scalar=[{"name": "c"}, {"name": "s"}, {"name": r"\theta"}])
    assert check_statement(r"cos(\theta) = \cos(\theta)", **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"cos(\theta) = \sin(\theta)", **notation).verdict.value == "refuted"
    # exp f(x) is exp(f(x)): a function that takes the factor after it is not refused in a run
    assert check_statement(r"exp f(a) = \exp(f(a))", scalar=[{"name": "a"}], function=[{"name": "f", "arguments": 1}]
                           ).verdict.value in ("proved", "confirmed")
    # with o declared a value, c·o·s is a product: still ambiguous
    with pytest.raises(ParseError, match="ambiguous run of letters 'cos'"):
        check_statement(r"cos(\theta) = 1", **dict(scalar=notation["scalar"] + [{"name": "o"}]))


def test_an_arc_function_in_letters_is_refused_not_split():
    """arccos(θ) in letters beside declared a, r, c was read as a·r·c·cos(θ) (a probe's false refutation)."""
    notation = dict(scalar=[{"name": "a"}, {"name": "r"}, {"name": "c"}, {"name": r"\theta", "domain": "[-1, 1]"}])
    with pytest.raises(ParseError, match=r"the letters 'arccos' spell \\arccos"):
        check_statement(r"arccos(\theta) = \arccos\theta", **notation)

r"""Expectations over several draws, as papers write them after Wang & Isola (2020) (issue 13):
``\mathbb{E}_{(x, x^+) \sim p_{pos}, \{x^-_i\}_{i=1}^M \overset{\text{i.i.d}}{\sim} p_{data}}``
is a joint draw of (x, x^+) and, independently, M independent draws of the negatives;
``\mathbb{E}_{y, y' \sim q}`` two independent draws from q.  The verdicts are the
mathematics: the InfoNCE loss is ≥ 0 and not ≥ log(M + 1) for every critic; independent
draws factor (E[f(y) f(y')] = (E f)², not E[f²]); Jensen over the negatives holds one way.
"""
from __future__ import annotations

import math

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError
from contrastive_sym.model.distributions import IidExpectation
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "M", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": "x", "role": "point"}, {"name": "x^+", "role": "point"}, {"name": "y", "role": "point"},
            {"name": "y'", "role": "point"}, {"name": r"\tau", "domain": "positive"}],
    family=[{"name": "x^-", "shape": ["M"], "role": "point"}, {"name": "w", "shape": ["M"]}],
    function=[{"name": "f", "arguments": 1}],
    distribution=[{"name": r"p_\texttt{pos}", "of": ["x", "x^+"]}, {"name": r"p_\texttt{data}", "of": ["x^-"]},
                  {"name": "q", "of": ["y"]}],
)
DRAWS = r"\mathbb{E}_{(x,x^+)\sim p_\texttt{pos}, \{x^-_i\}^M_{i=1} \overset{\text{i.i.d}}{\sim} p_\texttt{data}}"
LOSS = (r"\Big[ -\log\frac{\exp(f(x) f(x^+) / \tau)}{ \exp(f(x) f(x^+) / \tau) + \sum_{i=1}^M "
        r"\exp(f(x) f(x_i^-) / \tau)} \Big]")
NEGATIVES = r"\mathbb{E}_{\{x^-_i\}_{i=1}^{M} \sim p_\texttt{data}}"


@pytest.mark.parametrize("statement, kind, expected", [
    (DRAWS + LOSS + r" \geq 0", "inequality", "confirmed"),
    (DRAWS + LOSS + r" \geq \log(M + 1)", "inequality", "refuted"),
    # the negatives are drawn alike: the sum of M of them is M times one
    (DRAWS + r"\Big[ \sum_{i=1}^M f(x^-_i) \Big] = M " + NEGATIVES + " f(x^-_1)", "identity", "confirmed"),
    (DRAWS + r"\Big[ \sum_{i=1}^M f(x^-_i) \Big] = " + NEGATIVES + " f(x^-_1)", "identity", "refuted"),
    # Jensen over the negatives: one way only
    (NEGATIVES + r"\Big[\log \sum_{i=1}^M e^{f(x^-_i)}\Big] \leq \log " + NEGATIVES
     + r"\Big[\sum_{i=1}^M e^{f(x^-_i)}\Big]", "inequality", "confirmed"),
    (NEGATIVES + r"\Big[\log \sum_{i=1}^M e^{f(x^-_i)}\Big] = \log " + NEGATIVES
     + r"\Big[\sum_{i=1}^M e^{f(x^-_i)}\Big]", "identity", "refuted"),
    # two names before one \sim: independent draws of the one coordinate
    (r"\mathbb{E}_{y, y' \overset{\text{i.i.d.}}{\sim} q} [f(y) f(y')] = (\mathbb{E}_{y \sim q} f(y))^2",
     "identity", "confirmed"),
    (r"\mathbb{E}_{y, y' \sim q} [f(y) f(y')] = \mathbb{E}_{y \sim q} [f(y)^2]", "identity", "refuted"),
    # two clauses of simple draws, independent
    (r"\mathbb{E}_{y \sim q, (x, x^+) \sim p_\texttt{pos}} [f(y) f(x)] = \mathbb{E}_{y \sim q} f(y) "
     r"\mathbb{E}_{(x, x^+) \sim p_\texttt{pos}} f(x)", "identity", "confirmed"),
    # no draw written: the points drawn together by the one distribution that draws them both
    (r"\mathbb{E}_{x, x^+}[f(x) f(x^+)] = \mathbb{E}_{(x, x^+) \sim p_\texttt{pos}}[f(x) f(x^+)]", "identity",
     "confirmed"),
    (r"\mathbb{E}_{x, x^+}[f(x) f(x^+)] = \mathbb{E}_{(x, x^+) \sim p_\texttt{pos}}[f(x)^2]", "identity", "refuted"),
])
def test_several_draws(statement, kind, expected):
    assert check_statement(statement, kind, **NOTATION).verdict.value == expected


def test_the_node_writes_its_draws():
    shown = sp.latex(IidExpectation(sp.Symbol("b"), sp.IndexedBase("x"), 1, sp.Symbol("M"), sp.Symbol("p")))
    assert r"\mathbb{E}_{x_{1}, \dots, x_{M} \sim p}" in shown


@pytest.mark.parametrize("statement, words", [
    # no draw written, the points as a tuple: drawn together, which no distribution does here (without
    # the parentheses, x and y, each drawn by one distribution of its own, are drawn independently)
    (r"\mathbb{E}_{(x, y)} [f(x)] = 0", "no declared distribution draws these points together"),
    (r"\mathbb{E}_{x, x^+ \sim p_\texttt{pos}} [f(x)] = 0", r"write (x, x^+) \sim p_\texttt{pos} for a joint draw"),
    (r"\mathbb{E}_{\{x^-_i\}_{i=1}^{M+1} \sim p_\texttt{data}} f(x^-_1) = 0", "are not all entries of x^-"),
    (r"\mathbb{E}_{\{x^-_i\}_{i=1}^{M} \sim q} f(x^-_1) = 0", "q does not draw the entries of x^-"),
    (r"\mathbb{E}_{\{w_i\}_{i=1}^{M} \sim q} 1 = 1", "a declared [[family]] of points"),
    (r"\mathbb{E}_{y \sim q, x} [f(y)] = 0", "is not drawn from anything"),
])
def test_what_the_draws_do_not_say_is_refused(statement, words):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **NOTATION)
    assert words in str(caught.value)


# --- a family of points drawn by its bare name: \mathbb{E}_{x^- \sim p}[\sum_i g(x^-_i)] -------------
BARE = r"\mathbb{E}_{x^- \sim p_\texttt{data}}"


@pytest.mark.parametrize("statement, expected", [
    # the body uses the entries and never x^- itself: each entry is drawn, independently
    (BARE + r"\Big[\sum_{i=1}^M f(x^-_i)\Big] = M " + NEGATIVES + " f(x^-_1)", "confirmed"),
    (BARE + r"\Big[\sum_{i=1}^M f(x^-_i)\Big] = " + NEGATIVES + " f(x^-_1)", "refuted"),
    (BARE + r"\Big[f(x^-_1) f(x^-_2)\Big] = (" + NEGATIVES + r" f(x^-_1))^2", "confirmed"),
])
def test_a_family_drawn_by_its_bare_name_draws_its_entries(statement, expected):
    notation = dict(NOTATION, size=[{"name": "M", "minimum": 2, "checked": [2, 3]}])
    assert check_statement(statement, **notation).verdict.value == expected


# Weng's survey (tests/corpus/weng-contrastive.toml, source line 196), after Wang & Isola: the
# third row moves the expectation over the negatives inside the log with '='.  By Jensen that is
# an inequality; checked by hand at the witness: M = 1, d = 1, tau = 1, f = 0 but at one point
# of x's alphabet (f = 1 there), every density uniform: the left side is E f(x) E f(x^-) = 1/4,
# the right side (1/2) log((1 + e)/2) = 0.31006.
WENG = dict(
    size=[{"name": "M", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"},
            {"name": r"\mathbf{x}", "role": "point"}, {"name": r"\mathbf{x}^+", "role": "point"}],
    family=[{"name": r"\mathbf{x}^-", "shape": ["M"], "role": "point", "value_of": r"\mathbf{x}"}],
    function=[{"name": "f", "arguments": 1, "shape": ["d"]}],
    distribution=[{"name": r"p_\texttt{pos}", "of": [r"\mathbf{x}", r"\mathbf{x}^+"]},
                  {"name": r"p_\texttt{data}", "of": [r"\mathbf{x}"]}])
WENG_ROW_2 = (r"\mathbb{E}_{(\mathbf{x},\mathbf{x}^+)\sim p_\texttt{pos}, \{\mathbf{x}^-_i\}^M_{i=1} "
              r"\overset{\text{i.i.d}}{\sim} p_\texttt{data} }\Big[ - f(\mathbf{x})^\top f(\mathbf{x}^+) / \tau + "
              r"\log\big(\sum_{i=1}^M \exp(f(\mathbf{x})^\top f(\mathbf{x}_i^-) / \tau)\big) \Big]")
WENG_ROW_3 = (r"-\frac{1}{\tau}\mathbb{E}_{(\mathbf{x},\mathbf{x}^+)\sim p_\texttt{pos}}f(\mathbf{x})^\top "
              r"f(\mathbf{x}^+) + \mathbb{E}_{ \mathbf{x} \sim p_\texttt{data}} \Big[ \log \mathbb{E}_{\mathbf{x}^- "
              r"\sim p_\texttt{data}} \big[ \sum_{i=1}^M \exp(f(\mathbf{x})^\top f(\mathbf{x}_i^-) / \tau)\big] \Big]")


def test_the_survey_step_that_moves_an_expectation_inside_a_log_is_refuted():
    found = check_statement(WENG_ROW_2 + " = " + WENG_ROW_3, **WENG)
    assert found.verdict.value == "refuted"
    lhs, rhs = float(found.witness.lhs), float(found.witness.rhs)
    assert lhs < rhs        # Jensen: E log Σ ≤ log E Σ, here with equal marginals (every density uniform)
    if found.witness.sizes == {"M": 1, "d": 1} and found.witness.values.get("τ") == "1":
        assert abs(lhs - 0.25) < 1e-12 and abs(rhs - 0.5 * math.log((1 + math.e) / 2)) < 1e-12


@pytest.mark.parametrize("power, expected", [("M", "confirmed"), ("{M}", "confirmed")])
def test_the_power_of_a_distribution_draws_that_many_entries_independently(power, expected):
    r"""``\{x^-_i\}_{i=1}^M \sim {p}^M``: the M-fold product of p, as papers write i.i.d. draws."""
    draws = r"\mathbb{E}_{\{x^-_i\}_{i=1}^{M} \sim {p_\texttt{data}}^%s}" % power
    statement = draws + r"\Big[ \sum_{i=1}^M f(x^-_i) \Big] = M " + NEGATIVES + " f(x^-_1)"
    assert check_statement(statement, "identity", **NOTATION).verdict.value == expected


def test_a_power_of_a_distribution_other_than_the_number_drawn_is_refused():
    with pytest.raises(DerivationError, match="the power of a distribution is the number of entries drawn"):
        check_statement(r"\mathbb{E}_{\{x^-_i\}_{i=1}^{M} \sim p_\texttt{data}^{2}} f(x^-_1) = 0", "identity",
                        **NOTATION)


def test_a_plain_E_is_the_expectation_unless_the_document_declares_it():
    """Notes and theses write E[…] in italic: undeclared, it is \\mathbb{E}; declared (an
    energy), it is what the declaration says."""
    same = r"E_{y \sim q}[f(y)^2] = \mathbb{E}_{y \sim q}[f(y)^2]"
    assert check_statement(same, "identity", **NOTATION).verdict.value in ("proved", "confirmed")
    assert check_statement(r"E_{y \sim q}[f(y)^2] \geq (E_{y \sim q} f(y))^2", "inequality",
                           **NOTATION).verdict.value == "confirmed"
    energy = {**NOTATION, "scalar": NOTATION["scalar"] + [{"name": "E"}]}
    assert check_statement(r"E + 1 > E", "inequality", **energy).verdict.value in ("proved", "confirmed")


def test_a_plain_E_used_as_a_value_says_it_is_read_as_the_expectation():
    with pytest.raises(DerivationError, match="'E' is read as the expectation .* declare E if it is a value"):
        check_statement(r"E = 1", "identity", **NOTATION)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathbb{E}_{\{x^-_i\}^{N}_{i=1} \sim q}\left[\sum_{i=1}^N g(x^-_i)\right] = N \mathbb{E}_{x^- \sim q}[g(x^-)]",
     "confirmed"),
    (r"\mathbb{E}_{\{x^-_i\}^{N}_{i=1} \sim q}\left[\sum_{i=1}^N g(x^-_i)\right] = \mathbb{E}_{x \sim q}[g(x)]",
     "refuted"),
])
def test_a_family_declared_value_of_beside_a_point_of_its_name_is_drawn_by_its_entries(statement, expected):
    """A post writes one negative x^- and the negatives x^-_1 … x^-_N, both values of x: the
    family is bound under its indexed form, and it is that which is a value of x (it was the
    point x^- twice, and the draw of the entries was refused)."""
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                    scalar=[{"name": "x", "role": "point"}, {"name": "x^-", "role": "point", "value_of": "x"}],
                    family=[{"name": "x^-", "shape": ["N"], "role": "point", "value_of": "x"}],
                    function=[{"name": "g", "arguments": 1}], distribution=[{"name": "q", "of": ["x"]}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_draws_of_a_family_with_no_distribution_after_them_say_so():
    # it was "a relation 'i=1' where a value is expected"
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}], scalar=[{"name": "x", "role": "point"}],
                    family=[{"name": "x^-", "shape": ["N"], "role": "point", "value_of": "x"}],
                    function=[{"name": "g", "arguments": 1}], distribution=[{"name": "q", "of": ["x"]}])
    with pytest.raises(DerivationError, match=r"with no distribution after it: what draws its entries is not written"):
        check_statement(r"\mathbb{E}_{x, \{x^-_i\}^{N}_{i=1}}\left[\sum_{i=1}^N g(x^-_i)\right] = 0", **notation)

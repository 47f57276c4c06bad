r"""Expectations over several draws, as papers write them after Wang & Isola (2020) (issue 13):
``\mathbb{E}_{(x, x^+) \sim p_{pos}, \{x^-_i\}_{i=1}^M \overset{\text{i.i.d}}{\sim} p_{data}}``
is a joint draw of (x, x^+) and, independently, M independent draws of the negatives;
``\mathbb{E}_{y, y' \sim q}`` two independent draws from q.  The verdicts are the
mathematics: the InfoNCE loss is ≥ 0 and not ≥ log(M + 1) for every critic; independent
draws factor (E[f(y) f(y')] = (E f)², not E[f²]); Jensen over the negatives holds one way.
"""
from __future__ import annotations

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
])
def test_several_draws(statement, kind, expected):
    assert check_statement(statement, kind, **NOTATION).verdict.value == expected


def test_the_node_writes_its_draws():
    shown = sp.latex(IidExpectation(sp.Symbol("b"), sp.IndexedBase("x"), 1, sp.Symbol("M"), sp.Symbol("p")))
    assert r"\mathbb{E}_{x_{1}, \dots, x_{M} \sim p}" in shown


@pytest.mark.parametrize("statement, words", [
    (r"\mathbb{E}_{x, y} [f(x)] = 0", "is not drawn from anything"),
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

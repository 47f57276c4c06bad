r"""Expectations over the values of an index and sums over sampled indices, written out
for one instance (sizes and free indices already concrete).

A distribution of an index over lo … hi (``of = ['i']``) gets, per value g of what it is
given (``given = ['u']``: one distribution per user), unknown positive weights
w(g, 1) … w(g, hi), the values of a declared positive function that the sampler draws
like any other; the probability of v is w(g, v) / Σ_v' w(g, v').  Every value of the
range is in the table, so a finite table is exactly such a distribution: a refutation
is a genuine counterexample (its witness lists the weights), and a statement that holds
for every table sampled is confirmed, as any sampled statement is.  Then

* ``p(k)`` is p(k | g) (the value k inside the range);
* ``E_{i ~ p(·|g)}[body]`` is Σ_v p(v | g)·body(v);
* ``Σ_{j ~ p(·|g)}^N f(j)`` inside an expectation is averaged by the innermost
  expectation around it: its body is written out for every tuple (v_1 … v_N) of draws,
  weighted by Π_k p(v_k | g), with the sum read as f(v_1) + … + f(v_N).

Expanded inside out: an inner expectation becomes a sum over its values first (still a
function of the indices drawn around it), so no substitution reaches a binding of the
same letter.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ...model.distributions import INDEX_DRAW_NODES, IndexExpectation, IndexProbability, SampledSum
from ..numeric.failures import OutOfRange, Unsupported

#: Most tuples of draws one sampled sum is averaged over in one instance (range^N).
MAX_DRAW_TUPLES = 729


def expand_draws(expr: sp.Basic, weights: dict, inside: bool = False) -> sp.Basic:
    """``expr`` with every expectation over an index and every sampled sum written out;
    ``weights`` maps a distribution's tag to its weight function.  ``inside``: within an
    expectation, whose averaging takes the sampled sums left here."""
    if not isinstance(expr, sp.Basic) or not expr.has(*INDEX_DRAW_NODES):
        return expr
    if isinstance(expr, SampledSum):
        if not inside:
            raise Unsupported(r"a sum over sampled indices outside any expectation is random: it is read "
                              r"only inside \mathbb{E}[…]")
        return expr.func(expand_draws(expr.args[0], weights), *expr.args[1:])
    if isinstance(expr, IndexProbability):
        tag, value, lo, hi, *given = expr.args
        values = _values(lo, hi, expr)
        if not value.is_Integer:
            return expr      # a drawn index: written out once its expectation puts a value in
        if not lo <= value <= hi:
            # the statement's own slip, as an entry past a family's shape is (OutOfRange)
            raise OutOfRange(f"the statement takes the probability of the value {value} of an index drawn over "
                             f"{lo} … {hi}, a value it never takes")
        return weights[tag](*given, value) / sp.Add(*(weights[tag](*given, v) for v in values))
    if isinstance(expr, IndexExpectation):
        body, bound, tag, lo, hi, *given = expr.args
        body = _average_draws(expand_draws(body, weights, True), weights)
        values = _values(lo, hi, expr)
        weight = [weights[tag](*given, v) for v in values]
        total = sp.Add(*weight)
        return sp.Add(*(w / total * expand_draws(_concrete(body.xreplace({bound: v})), weights, inside)
                        for w, v in zip(weight, values)))
    return expr.func(*(expand_draws(arg, weights, inside) for arg in expr.args))


def _average_draws(body: sp.Basic, weights: dict) -> sp.Basic:
    """``body`` averaged over the draws of the sampled sums it holds (at most one, the
    translator refuses more)."""
    sampled = [node for node in sp.preorder_traversal(body) if isinstance(node, SampledSum)]
    if not sampled:
        return body
    # one written sum under a sum over a range is one per term once the range is concrete;
    # each draws anew (the translator reads this only where it changes no expectation)
    tuples = 1
    for node in set(sampled):
        tuples *= (int(node.args[4]) - int(node.args[3]) + 1) ** int(node.args[5]) \
            if all(a.is_Integer for a in node.args[3:6]) else 1
    if tuples > MAX_DRAW_TUPLES:
        raise Unsupported(f"the sums over sampled indices of one expectation have {tuples} tuples of draws "
                          f"at these sizes (at most {MAX_DRAW_TUPLES} are averaged)")
    node = sampled[0]
    summand, bound, tag, lo, hi, count, *given = node.args
    values = _values(lo, hi, node)
    if not count.is_Integer or count < 1:
        raise Unsupported(f"the number of draws {count} of a sampled sum is not a positive whole number here")
    if len(values) ** int(count) > MAX_DRAW_TUPLES:
        raise Unsupported(f"a sum of {count} draws over {len(values)} values has {len(values) ** int(count)} "
                          f"tuples of draws at these sizes (at most {MAX_DRAW_TUPLES} are averaged)")
    weight = {v: weights[tag](*given, v) for v in values}
    total = sp.Add(*weight.values())
    terms = []
    for draws in itertools.product(values, repeat=int(count)):
        probability = sp.Mul(*(weight[v] / total for v in draws))
        drawn_sum = sp.Add(*(_concrete(summand.xreplace({bound: v})) for v in draws))
        terms.append(probability * _average_draws(body.xreplace({node: drawn_sum}), weights))
    return sp.Add(*terms)


def _values(lo, hi, node) -> list:
    if not (lo.is_Integer and hi.is_Integer):
        raise Unsupported(f"the range {lo} … {hi} of a drawn index is not concrete in this instance")
    if hi < lo:
        raise Unsupported(f"the range {lo} … {hi} of a drawn index is empty in this instance")
    return [sp.Integer(v) for v in range(int(lo), int(hi) + 1)]


def _concrete(expr: sp.Basic) -> sp.Basic:
    """A drawn value put in: the sums over ranges it fixes are written out."""
    return expr.doit() if expr.has(sp.Sum) else expr

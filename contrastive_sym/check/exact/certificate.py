"""Exact tie certificates: a side as an exact SymPy number, and whether two sides are
exactly equal at one joint, critic and K, settled in a sandboxed child."""
from __future__ import annotations

import sympy as sp

from ...errors import BudgetExceeded, NonFiniteExpectation, UnsupportedBody
from ...model.nodes import BestCritic, ExpectXYK, MutualInformation
from ..config import CheckConfig
from ..symbolic import sandbox
from .enumeration import exact_expectation
from .joints import exact_mutual_information
from .sides import NODES, Evaluator, best_nodes, tolerance


def _exact_value(expr: sp.Basic, joint, critic, K: int, maxima: dict) -> sp.Expr:
    """A side as an exact SymPy number (for a certificate; SymPy builds, nothing more)."""
    def replace(e):
        if isinstance(e, MutualInformation):
            return exact_mutual_information(joint)
        if isinstance(e, BestCritic):
            return _exact_value(e.args[0], joint, maxima[e], K, maxima)
        if isinstance(e, ExpectXYK):
            body, g, k_sym = e.args
            return exact_expectation(body, g, k_sym, K, joint, critic)
        if not e.args or not e.has(*NODES):
            return e
        return e.func(*[replace(a) for a in e.args])
    out = replace(sp.sympify(expr))
    return sp.sympify(out.xreplace({s: sp.Integer(K) for s in out.free_symbols if s.is_integer and s.is_positive}))


def _settle_exactly(lhs: sp.Basic, rhs: sp.Basic, joint, critic, K: int, maxima: dict,
                    digits: int) -> tuple[str, int, str]:
    """In a sandboxed child: ('equal', 0, how), ('differs', sign of rhs − lhs, how) or
    ('unknown', 0, why)."""
    try:
        a = _exact_value(lhs, joint, critic, K, maxima)
        b = _exact_value(rhs, joint, critic, K, maxima)
    except (BudgetExceeded, NonFiniteExpectation, UnsupportedBody) as exc:
        return "unknown", 0, f"no exact form: {exc}"
    difference = b - a
    if difference.free_symbols:
        return "unknown", 0, f"the exact difference still has symbols {difference.free_symbols}"
    if difference == 0:
        return "equal", 0, "the two exact sides are identical"
    # Logs of rationals become rational combinations of logs of primes, which cancel exactly.
    # (Forcing log(ab) = log a + log b is sound only for positive arguments.)
    expanded = sp.expand(difference)
    if all(arg.is_positive for node in expanded.atoms(sp.log) for arg in node.args):
        expanded = sp.expand_log(expanded, force=True, factor=True)
        if expanded == 0:
            return "equal", 0, "the exact difference reduces to 0 (logs of rationals expanded into primes)"
    if sp.simplify(expanded) == 0:
        return "equal", 0, "SymPy simplifies the exact difference to 0"
    try:
        value = difference.evalf(3 * digits, strict=True)
    except (sp.core.evalf.PrecisionExhausted, ValueError, TypeError) as exc:
        return "unknown", 0, f"SymPy can neither reduce the difference to 0 nor separate it from 0 ({type(exc).__name__})"
    if value.is_zero is False and value.is_real:
        return "differs", 1 if value > 0 else -1, f"the exact difference is {sp.N(value, 12)} (SymPy, {3 * digits} digits)"
    return "unknown", 0, "SymPy cannot separate the difference from 0"


def certify(lhs: sp.Basic, rhs: sp.Basic, joint, critic, K: int, critics, ctx,
             config: CheckConfig) -> tuple[str, int, str]:
    """Whether ``lhs = rhs`` exactly at this joint, critic and K (see :func:`_settle_exactly`)."""
    maxima = {}
    for node in best_nodes(lhs) + best_nodes(rhs):
        chosen = _unique_argmax(node, joint, K, critics, ctx)
        if chosen is None:
            return "unknown", 0, "the maximum over g is reached by several critics within the working precision"
        maxima[node] = chosen
    answer = sandbox.run(_settle_exactly, lhs, rhs, joint, critic, K, maxima, config.digits,
                         seconds=max(10.0, 4 * config.symbolic_seconds), what="exact tie certificate")
    if not answer.ok:
        return "unknown", 0, f"the exact certificate failed: {answer.failure}"
    return answer.value


def _unique_argmax(node: BestCritic, joint, K: int, critics, ctx):
    """The critic reaching the maximum of ``node``, if no other is within the tolerance."""
    values = [(Evaluator(joint, c, K, ctx).value(node.args[0]), c) for c in critics]
    best = max(v for v, _ in values)
    near = [c for v, c in values if best - v <= tolerance(best, v, ctx)]
    tables = {c.table for c in near}
    return near[0] if len(tables) == 1 else None

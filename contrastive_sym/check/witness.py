"""Witnesses: shrink a failing point to small readable values, then re-check it.

Like Hypothesis, the failing case is minimised: sizes are already tried smallest
first, and each value is replaced by the simplest candidate (0, 1, -1, 2, 1/2, …)
that still fails.  The result is re-checked at twice and four times the working
precision before it is reported.
"""
from __future__ import annotations

from fractions import Fraction as F

import sympy as sp

from ..claims import Relation
from ..notation import Domain, Role
from ..verdicts import Witness
from . import sandbox
from .config import CheckConfig
from .numeric import Status, format_side
from .points import format_value
from .sampling import CompiledInstance

_PREFERRED = [F(0), F(1), F(-1), F(2), F(-2), F(1, 2), F(-1, 2), F(3), F(-3), F(10), F(-10),
              F(1, 10), F(100), F(1000)]


def _score(value: F) -> tuple:
    try:
        rank = _PREFERRED.index(value)
    except ValueError:
        rank = len(_PREFERRED)
    return (len(format_value(value)), rank)


def _candidates(value: F, domain: Domain, role: Role) -> list[F]:
    pool = list(_PREFERRED)
    if value != 0:
        magnitude = abs(value)
        sign = 1 if value > 0 else -1
        exponent = len(str(magnitude.numerator)) - len(str(magnitude.denominator))
        pool += [F(sign) * F(10) ** exponent, F(sign) * F(10) ** (exponent - 1)]
        for digits in (1, 2, 3):
            pool.append(F(f"{float(value):.{digits}g}"))
    allowed = [c for c in pool if domain.contains(c)]
    if role is Role.SCALE:
        allowed = [c for c in allowed if c > 0]
    return sorted(set(allowed), key=_score)


def shrink_point(variables, point: dict, fails, budget: int) -> dict:
    """The simplest point found that still fails, by greedy passes over the variables:
    each value is replaced by the simplest candidate that keeps ``fails(point)`` true."""
    point = dict(point)
    changed = True
    while changed and budget > 0:
        changed = False
        for var in variables:
            current = point[var.key]
            for cand in _candidates(current, var.domain, var.role):
                if budget <= 0 or _score(cand) >= _score(current):
                    continue
                trial = {**point, var.key: cand}
                budget -= 1
                if fails(trial):
                    point, changed = trial, True
                    break
    return point


def shrink(ci: CompiledInstance, relation: Relation, point: dict, config: CheckConfig,
           fails) -> dict:
    """The simplest failing point of an instance (see :func:`shrink_point`)."""
    return shrink_point(ci.instance.variables, point, fails, config.shrink_budget)


def recheck(ci: CompiledInstance, relation: Relation, point: dict, config: CheckConfig):
    """The comparison at the re-check precisions; None unless it fails at every one."""
    last = None
    for digits in config.recheck_digits:
        result = ci.compare(point, relation, digits, max(config.max_digits, 2 * digits))
        if result.status is not Status.VIOLATED:
            return None
        last = result
    return last


def build(ci: CompiledInstance, point: dict, comparison, note: str = "") -> Witness:
    inst = ci.instance
    return Witness(
        sizes=dict(inst.sizes),
        indices=dict(inst.indices),
        values={v.name: format_value(point[v.key]) for v in inst.variables},
        lhs=format_side(comparison.lhs),
        rhs=format_side(comparison.rhs),
        digits=comparison.digits,
        note=note,
    )


# --- exact certification of ties ---------------------------------------------------

def _exact_gap_signs(lhs, rhs, values: dict) -> list:
    """In a child process: the exact sign of each rhs - lhs at rational values (0, 1, -1 or None)."""
    subs = {sym: sp.Rational(v.numerator, v.denominator) for sym, v in values.items()}
    signs = []
    for l, r in zip(lhs, rhs):
        signs.append(_exact_sign((r - l).xreplace(subs)))
    return signs


def _exact_sign(gap: sp.Expr):
    """Cheapest first: SymPy's automatic evaluation, its assumptions, then simplify."""
    for candidate in (gap, None):
        if candidate is None:
            candidate = sp.simplify(gap)
        if candidate == 0:
            return 0
        if candidate.is_positive:
            return 1
        if candidate.is_negative:
            return -1
    return None


def _exact_gap_signs_of(instance, values):
    lhs, rhs = instance.concrete()
    return _exact_gap_signs(lhs, rhs, values)


def certify_tie(ci: CompiledInstance, point: dict, seconds: float):
    """Exact signs of the gaps at a point where the balls could not separate them.

    Returns 0 when SymPy shows the sides are exactly equal, +1 / -1 for a sign it
    can prove, None when it cannot tell (or runs out of time).
    """
    values = {v.symbol: point[v.key] for v in ci.instance.variables}
    result = sandbox.run(_exact_gap_signs_of, ci.instance, values,
                         seconds=seconds, what="exact check of a tie")
    if not result.ok:
        return None
    signs = result.value
    if any(s is None for s in signs):
        return None
    if all(s == 0 for s in signs):
        return 0
    nonzero = [s for s in signs if s != 0]
    return nonzero[0]

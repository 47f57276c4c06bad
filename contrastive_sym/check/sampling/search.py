"""A local search for a violation of an inequality that the sampled points all satisfy.

Sampling tries ties, extremes and random points, one variable's pattern at a time; a bound that
fails only where several values move together (a skewed joint table with a critic that tells
its diagonal apart: the swapped NWJ bound) holds at every one of them.  From the sampled points
closest to failing, this moves one variable at a time (a real by a step of its size, a positive
one by a factor) while the gap between the sides shrinks, in low precision.  It is a proposer:
a point it ends on is compared at the checker's precision like any sampled point, so a
violation it finds is re-checked before it is a witness, and one it does not find proves
nothing.  Deterministic for a seed: bounded by a count of evaluations (and, as a net, in time).
"""
from __future__ import annotations

import math
import random
import time
from fractions import Fraction as F

from sympy.core.function import AppliedUndef

from ...model.claims import Relation
from ...model.notation import Role
from .instantiate import Variable

#: how many of the sampled points a search starts from, of them the closest to failing
STARTS, CLOSEST = 8, 2
#: evaluations of the gap per instance searched (shared by its starts), and instances searched, the
#: smallest sizes first: more where the values of declared functions and the weights of tables are
#: variables (exact expectations, where the sampled patterns are one variable's at a time), fewer
#: elsewhere.  The evaluations bound the search, so that its verdicts are the same on every machine;
#: the seconds are only a net for a pathological link (a side that takes seconds to evaluate)
EVALUATIONS = {True: 480, False: 120}
INSTANCES = {True: 3, False: 2}
SECONDS = 20.0
#: bits of the low-precision evaluation (the search compares gaps, never decides a verdict)
BITS = 64
#: the steps tried, largest first: a real moves by step·(1 + |v|), a positive value by e^{±step}
STEPS = (2.0, 0.7, 0.2, 0.05)
_SEARCHED = {Role.VALUE, Role.SCALE, Role.EMBEDDING}
#: how far below 0 the low-precision gap must fall to end the search (rounding is ~1e-19 of the sides)
MARGIN = 1e-9


def violations_near(compiled: list, relation: Relation, sampled: list, seed: int) -> list[tuple]:
    """(compiled instance, point) pairs where a search from the ``sampled`` (compiled instance,
    point, gap) triples closest to failing ends with the inequality failing in low precision;
    [] for any relation but an order."""
    sign = {Relation.GE: 1, Relation.GT: 1, Relation.LE: -1, Relation.LT: -1}.get(relation)
    if sign is None:
        return []
    tables = any(isinstance(v.symbol, AppliedUndef) for ci in compiled for v in ci.instance.variables)
    deadline = time.monotonic() + SECONDS
    found, searched = [], 0
    for ci in compiled:
        variables = [v for v in ci.instance.variables if v.role in _SEARCHED and v.domain.values is None]
        if not variables:
            continue
        searched += 1
        if searched > INSTANCES[tables]:
            break
        # points of moderate values only: from 1e300 no step of a search is felt
        ranked = sorted(((gap * sign, point) for owner, point, gap in sampled
                         if owner is ci and math.isfinite(gap) and _moderate(point, variables)),
                        key=lambda start: start[0])
        if not ranked:
            continue
        rng = random.Random(seed)
        # the closest to failing (often a tie, where every single move makes things worse), and others
        # drawn from all sampled points: a skewed table from which the functions' values can be tuned
        others = ranked[CLOSEST:]
        starts = ranked[:CLOSEST] + rng.sample(others, min(STARTS - CLOSEST, len(others)))
        for gap, point in starts:
            budget = [EVALUATIONS[tables] // len(starts)]
            end = _descend(ci, sign, variables, dict(point), gap, rng, budget, deadline)
            if end is not None:
                found.append((ci, end))
                break
        if time.monotonic() > deadline:
            break
    return found


def _moderate(point: dict, variables: list[Variable]) -> bool:
    return all(value == 0 or 1e-6 <= abs(value) <= 1e6 for value in (point[v.key] for v in variables))


def gap_at(ci, point: dict, bits: int = BITS) -> float | None:
    """lhs − rhs of the first component at ``point`` in low precision; None where it is not a
    finite number there."""
    try:
        left, right = ci.sides.lhs.evaluate(point, bits), ci.sides.rhs.evaluate(point, bits)
    except (ArithmeticError, ValueError, TypeError):
        return None
    if not isinstance(left, tuple) or not isinstance(right, tuple) or not left or not right:
        return None
    value = float((left[0] - right[0]).mid())
    return value if math.isfinite(value) else None


def _descend(ci, sign: int, variables: list[Variable], point: dict, gap: float, rng, budget: list,
             deadline: float) -> dict | None:
    """Coordinate moves from ``point`` while ``sign``·gap falls; the point once it is below 0 (and
    admitted by the stated conditions), or None when the budget ends first."""
    for step in STEPS:
        improved = True
        while improved and budget[0] > 0 and time.monotonic() < deadline:
            improved = False
            for variable in rng.sample(variables, len(variables)):
                for candidate in _moves(variable, point[variable.key], step):
                    if budget[0] <= 0:
                        return None
                    budget[0] -= 1
                    trial = {**point, variable.key: candidate}
                    value = gap_at(ci, trial)
                    if value is None or sign * value >= gap or ci.admits(trial) is not True:
                        continue
                    point, gap, improved = trial, sign * value, True
                    if gap < -MARGIN:
                        return point
                    break
    return None


def _moves(variable: Variable, value: F, step: float) -> list[F]:
    """The values one move of ``step`` takes ``value`` to, inside the variable's domain, as
    short exact rationals."""
    current = float(value)
    if not math.isfinite(current) or abs(current) > 1e12:
        return []
    if variable.role is Role.SCALE or variable.domain.value == "positive":
        targets = (current * math.exp(step), current * math.exp(-step)) if current > 0 else (1.0,)
    else:
        size = step * (1 + abs(current))
        targets = (current + size, current - size)
    found = []
    for target in targets:
        rational = F(target).limit_denominator(1 << 16) if abs(target) > 1e-6 else F(0)
        if rational != value and variable.domain.contains(rational):
            found.append(rational)
    return found

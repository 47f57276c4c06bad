"""Numeric sampling of a pointwise link (identity, inequality, gradient, direction)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction as F
from typing import Sequence

import sympy as sp

from ...model.claims import Condition, Relation
from ..config import CheckConfig
from .instantiate import Instance, concretize, variables_from
from ..numeric.compiled import Comparison, Sides, Status, compare, compiled
from ..numeric.indices import inputs_of
from ..numeric.program import DirectionSide, program_set
from .points import sample_points, stable_seed
from .search import violations_near


@dataclass
class Hit:
    """One sampled point and what the comparison found there."""

    instance: Instance
    point: dict
    comparison: Comparison


@dataclass
class SampleReport:
    """Every sampled point lands in exactly one bucket; none is dropped without a count.

    ``excluded`` points fail the document's stated conditions (they are outside the
    claim); ``unsure`` points are those where a stated condition itself could not be
    decided, so they are neither checked nor silently excluded.
    """

    instances: list[Instance]
    points: int = 0
    holds: int = 0
    ties: int = 0
    settled: int = 0            # points the balls could not decide, settled exactly by SymPy
    excluded: int = 0
    excluded_instances: int = 0  # size/index choices where a stated condition is false outright
    unsure: list[dict] = field(default_factory=list)
    unresolved: list[Hit] = field(default_factory=list)
    violations: list[Hit] = field(default_factory=list)
    strict_ties: list[Hit] = field(default_factory=list)
    undefined: list[Hit] = field(default_factory=list)
    sizes_seen: set = field(default_factory=set)
    checked_at: dict = field(default_factory=dict)   # instance label → points compared there

    @property
    def resolved(self) -> int:
        return self.holds + self.ties

    @property
    def open(self) -> list[Hit]:
        """Points no method has decided yet: ties of a strict relation and unresolved balls."""
        return self.strict_ties + self.unresolved


def with_condition_variables(inst: Instance, given: Sequence[Condition], notation) -> Instance:
    """``inst`` also sampling what only its given conditions use: the class labels of ``p \\in P(i)``
    beside a statement that compares none (a point must give every value a condition tests)."""
    used = set().union(set(), *(inputs_of(concretize(c.predicate, inst.subs)) for c in given))
    missing = used - {v.symbol for v in inst.variables}
    if not missing:
        return inst
    return dataclasses.replace(inst, variables=inst.variables + variables_from(missing, notation))


class CompiledInstance:
    """An instance with its sides compiled, and its given conditions as sign tests."""

    def __init__(self, instance: Instance, given: Sequence[Condition], subs: dict):
        self.instance = instance
        self.order = [v.symbol for v in instance.variables]
        if instance.interpreted:
            fixed = instance.subs
            left, right = program_set(instance.lhs, fixed), program_set(instance.rhs, fixed)
            if instance.basis:
                left, right = DirectionSide(left, instance.basis), DirectionSide(right, instance.basis)
            self.sides = Sides(left, right)
        else:
            self.sides = Sides(compiled(instance.lhs, _own_symbols(instance.lhs, self.order)),
                               compiled(instance.rhs, _own_symbols(instance.rhs, self.order)))
        self.given = []
        self.bounds = []        # (variable, number) of each stated bound of one variable, t > 1
        for cond in given:
            pred = concretize(cond.predicate, subs)
            if pred is sp.true:
                continue
            if pred is sp.false:
                self.given = None
                return
            gap = pred.lhs - pred.rhs
            self.given.append((pred.rel_op, compiled([gap], _own_symbols([gap], self.order))))
            self.bounds += _bound_of(gap, instance.variables)
        # the ties of the sides' own steps and kinks (1[x \ge 1/3], a case x > 1/3, \max(x - 1/3, 0)): a
        # statement false only at the tie is found only where the tie is sampled
        for kink in {k for side in (instance.lhs, instance.rhs) for e in side for k in _kinks(e)}:
            self.bounds += [b for b in _bound_of(kink, instance.variables) if b not in self.bounds]

    def admits(self, point: dict) -> bool | None:
        """Whether the point satisfies the document's stated conditions: True, False, or
        None when a condition cannot be decided there even at high precision."""
        if self.given is None:
            return False
        unsure = False
        for op, test in self.given:
            holds = _condition_holds(op, test, point)
            if holds is False:
                return False
            unsure = unsure or holds is None
        return None if unsure else True

    def compare(self, point: dict, relation: Relation, digits: int, max_digits: int) -> Comparison:
        return compare(self.sides, relation, point, digits, max_digits)


def _condition_holds(op: str, test, point: dict) -> bool | None:
    """A stated condition ``gap op 0`` at a point, raising the precision until the ball of
    the gap decides it.  An exact 0 (a tie the condition excludes) decides at once."""
    for bits in (80, 400, 2000, 6000):
        out = test.evaluate(point, bits)
        if out is None:
            continue
        v = out[0]
        positive, negative = v > 0, v < 0
        zero = v.is_exact() and v == 0
        if positive or negative or zero:
            return {">": positive, ">=": positive or zero, "<": negative, "<=": negative or zero,
                    "!=": not zero, "==": zero}[op]
    return None


def _own_symbols(exprs, order) -> list:
    """The variables one side uses, in the instance's order (so compiled sides are shared)."""
    used = set().union(*(inputs_of(e) for e in exprs))
    return [s for s in order if s in used]


def sample(compiled: list[CompiledInstance], relation: Relation, config: CheckConfig,
           label: str, extra_points: dict | None = None) -> SampleReport:
    """Compare the sides at the adversarial and random points of every instance."""
    report = SampleReport([c.instance for c in compiled])
    near = []           # (instance, point, lhs − rhs) of the points where an order holds: search.py
    order = relation in (Relation.GE, Relation.GT, Relation.LE, Relation.LT)
    for n, ci in enumerate(compiled):
        seed = stable_seed(config.seed, f"{label}|{ci.instance.label}")
        points = sample_points(ci.instance, config.points_per_instance, config.random_points, seed)
        points += near_bounds(ci.bounds, points)
        if extra_points and n in extra_points:
            points = extra_points[n] + points
        for point in points:
            admitted = ci.admits(point)
            if admitted is False:
                report.excluded += 1
                continue
            if admitted is None:
                report.unsure.append(point)
                continue
            report.points += 1
            report.checked_at[ci.instance.label] = report.checked_at.get(ci.instance.label, 0) + 1
            result = ci.compare(point, relation, config.digits, config.max_digits)
            hit = Hit(ci.instance, point, result)
            if result.status is Status.HOLDS:
                report.holds += 1
                if order and result.lhs and result.rhs:
                    near.append((ci, point, float((result.lhs[0] - result.rhs[0]).mid())))
            elif result.status is Status.TIE:
                if relation in (Relation.LT, Relation.GT):
                    report.strict_ties.append(hit)
                else:
                    report.ties += 1
            elif result.status is Status.VIOLATED:
                report.violations.append(hit)
            elif result.status is Status.UNDEFINED:
                report.undefined.append(hit)
            else:
                report.unresolved.append(hit)
        report.sizes_seen.add(ci.instance.label)
    searched = compiled
    if near and report.violations:
        # failing only where the tables are read as densities: search those of probabilities before it is
        # said that the statement holds for them (a discrete counterexample the samples missed)
        searched = [] if any(h.instance.cell_width is None for h in report.violations) else \
            [ci for ci in compiled if ci.instance.cell_width is None]
    if near and searched:
        # every sampled point holds: search from the closest for one where several values move together
        # (a proposal, not a sampled point: only a violation the balls decide is kept, and re-checked)
        for ci, point in violations_near(searched, relation, near, stable_seed(config.seed, label)):
            result = ci.compare(point, relation, config.digits, config.max_digits)
            if result.status is Status.VIOLATED:
                report.points += 1
                report.violations.append(Hit(ci.instance, point, result))
    return report


#: the offsets from a stated bound sampled (t > 1: at 1, just above, …, far above; the condition drops
#: those outside): a statement true only far from the bound, or false at an integer near it, is found
_NEAR = (F(0), F(1, 10**20), F(1, 1000), F(1, 2), F(1), F(2), F(10), F(1000), F(10**8), F(10**30))
#: how many of the sampled points each bound's values are put into
_NEAR_POINTS = 6


def _bound_of(gap, variables) -> list:
    """(the variable, the number) when the condition ``gap`` (lhs − rhs) is one variable against a number
    (t − 1, 2 − τ); [] otherwise."""
    free = [v for v in variables if gap.has(v.symbol)]
    if len(free) != 1:
        return []
    symbol = free[0].symbol
    slope = sp.diff(gap, symbol)
    if not (slope.is_Rational and slope != 0):        # a number: the condition is linear in the variable
        return []
    bound = sp.simplify(symbol - gap / slope)         # where the gap is 0
    return [(free[0], F(int(bound.p), int(bound.q)))] if bound.is_Rational else []


def _kinks(expr) -> list:
    """The arguments at whose zero ``expr`` jumps or bends: of a step, its derivative, a sign, |·|, and
    the difference of a two-argument max or min."""
    if not isinstance(expr, sp.Basic):
        return []
    found = []
    for node in sp.preorder_traversal(expr):
        if isinstance(node, (sp.Heaviside, sp.DiracDelta, sp.sign, sp.Abs)):
            found.append(node.args[0])
        elif isinstance(node, (sp.Max, sp.Min)) and len(node.args) == 2:
            found.append(node.args[0] - node.args[1])
    return found


def near_bounds(bounds, points: list[dict]) -> list[dict]:
    """Points at and around each stated bound of one variable, on either side, in its domain: the rest
    of a few sampled points kept, that variable moved there."""
    found = []
    for variable, bound in bounds:
        for point in points[:_NEAR_POINTS]:
            for offset in _NEAR:
                for value in (bound + offset, bound - offset) if offset else (bound,):
                    if variable.domain.contains(value):
                        found.append({**point, variable.key: value})
    return found


"""Parameter points for the limit and asymptotic ladders, admitted by the stated conditions.

Every parameter point read along a ladder satisfies the claim's ``given`` conditions
(and the domains, which the sampler never leaves): points the conditions exclude are
not read, they are counted, and admitted points are added in their place (ties broken
both ways, a family's values reversed, more random draws) so that a confirmation rests
on a reasonable count.  What the ladders show at each point is a :class:`LimitFinding`;
turning the findings into a verdict is left to the limit and asymptotic methods.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import numpy as np
import sympy as sp

from ..sampling import conditions
from ..config import CheckConfig
from ..sampling.instantiate import Instance, Variable, concretize, variables_of
from ...model.shapes import LimitSpec
from .ladders import LadderSide, LimitFinding
from ..sampling.points import groups_of, sample_points, stable_seed
from ..sampling.sample import CompiledInstance

if TYPE_CHECKING:
    from ..registry import LinkTask

_LADDER_POINTS = 10
_LADDER_RANDOM = 3
_LADDER_INSTANCES = 5
_EXTRA_DRAWS = 40        # random draws per instance to replace excluded points


class SideCache:
    """Compiled ladder sides per instance, for the duration of one method."""

    def __init__(self):
        self._table = {}

    def __call__(self, inst: Instance, params, var):
        key = (inst, tuple(params))
        if key not in self._table:
            fixed = inst.subs if inst.interpreted else None
            self._table[key] = (LadderSide(inst.lhs[0], var, fixed, params),
                                LadderSide(inst.rhs[0], var, fixed, params))
        return self._table[key]


@dataclass
class Case:
    """One parameter point of one instance, and what its ladders showed."""

    instance: Instance
    reduced: Instance        # the instance without the limit variable
    point: dict
    finding: LimitFinding
    admits: Callable = None  # the stated conditions at this instance

    @property
    def params(self):
        return [v.symbol for v in self.instance.variables if v.symbol in self._own]

    @property
    def _own(self):
        return {v.symbol for v in self.reduced.variables}


@dataclass
class Sampling:
    """How the parameter points were chosen: what the stated conditions excluded."""

    instances: int = 0        # instances read
    available: int = 0        # instances there were
    excluded: int = 0         # sampled points the stated conditions exclude
    added: int = 0            # admitted points added in their place
    impossible: int = 0       # instances where the conditions can never hold

    def notes(self) -> list[str]:
        out = []
        if self.excluded:
            out.append(f"{self.excluded} parameter points excluded by the stated conditions"
                       + (f" ({self.added} admitted ones added in their place)" if self.added else ""))
        if self.impossible:
            out.append(f"{self.impossible} size/index choices where the stated conditions cannot hold")
        if self.available > self.instances:
            out.append(f"{self.instances} of {self.available} size/index choices read")
        return out


Finder = Callable[[Case, dict], LimitFinding]


def _given_variables(task: LinkTask, inst: Instance) -> tuple[Variable, ...]:
    """The variables the stated conditions mention at this instance."""
    preds = []
    for cond in task.given:
        pred = concretize(cond.predicate, inst.subs)
        if isinstance(pred, sp.Basic) and pred not in (sp.true, sp.false):
            preds.append(pred)
    return variables_of(tuple(preds), task.notation) if preds else ()


def _reduced(instance: Instance, var: sp.Symbol, extra=()) -> Instance:
    """The instance's parameters: its variables without the limit variable, plus those
    only the stated conditions mention (they are sampled so the conditions can be read)."""
    found = {v.key: v for v in instance.variables if v.symbol != var}
    for v in extra:
        if v.symbol != var:
            found.setdefault(v.key, v)
    variables = tuple(sorted(found.values(), key=lambda v: sp.default_sort_key(v.symbol)))
    return Instance(instance.sizes, instance.indices, instance.lhs, instance.rhs, variables)


def _admission(task: LinkTask, inst: Instance, reduced: Instance, spec: LimitSpec):
    """``admits(point, x)``: whether a parameter point (with the variable at x, when the
    conditions mention it) satisfies the stated conditions.  None when there are none."""
    if not task.given:
        return None
    own = list(reduced.variables)
    var_decl = [v for v in inst.variables if v.symbol == spec.var]
    probe = Instance(inst.sizes, inst.indices, (sp.Integer(0),), (sp.Integer(0),),
                     tuple(own + var_decl), fixed=inst.fixed)
    ci = CompiledInstance(probe, task.given, inst.subs)
    key = var_decl[0].key if var_decl else spec.var

    def admits(point: dict, x=None) -> bool:
        if ci.given is None:
            return False
        at = dict(point)
        if x is not None:
            at[key] = x
        try:
            return ci.admits(at)
        except KeyError:   # the condition mentions the variable: read it along the ladder
            return False
    admits.impossible = ci.given is None
    admits.mentions_var = any(spec.var in concretize(c.predicate, inst.subs).free_symbols
                              for c in task.given if isinstance(concretize(c.predicate, inst.subs), sp.Basic))
    return admits


def point_admitted(admits, point: dict, spec: LimitSpec) -> bool:
    """A parameter point is admitted when the conditions hold there; a condition on the
    variable itself must hold near the limit point along at least one ladder."""
    if admits is None:
        return True
    if not admits.mentions_var:
        return admits(point)
    try:
        ladders = spec.ladder(point)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return any(_ladder_admitted(admits, point, ladder) for ladder in ladders)


def _ladder_admitted(admits, point, ladder) -> bool:
    return all(admits(point, x) for x in ladder[-4:])


def keep_ladders(admits, point):
    """The ladders a condition on the variable itself admits (None: all of them)."""
    if admits is None or not admits.mentions_var:
        return None
    return lambda ladder: _ladder_admitted(admits, point, ladder)


def _perturbed(reduced: Instance, point: dict) -> list[dict]:
    """Points near an excluded one: ties inside a family broken upwards and downwards, and
    each family's values in reverse order (s_1 smallest becomes s_1 largest)."""
    out = [conditions.break_ties(reduced.variables, point, sign) for sign in (-1, 1)]
    flipped = dict(point)
    for members in conditions.families(reduced.variables):
        for var, other in zip(members, reversed(members)):
            flipped[var.key] = point[other.key]
    out.append(flipped)
    return [p for p in out if p != point]


def _random_points(reduced: Instance, count: int, seed: int) -> list[dict]:
    groups = groups_of(reduced)
    rng = np.random.default_rng(seed)
    points = []
    for _ in range(count if groups else 0):
        point = {}
        for group in groups:
            point.update(group.assign(group.random(rng)))
        points.append(point)
    return points


def _points(task, config, reduced: Instance, admits, spec, label: str, sampling: Sampling) -> list[dict]:
    """The parameter points of one instance, every one admitted by the stated conditions."""
    seed = stable_seed(config.seed, f"{task.label}|{label}")
    points = sample_points(reduced, _LADDER_POINTS, _LADDER_RANDOM, seed)
    if admits is None:
        return points
    kept = [p for p in points if point_admitted(admits, p, spec)]
    excluded = [p for p in points if not point_admitted(admits, p, spec)]
    sampling.excluded += len(excluded)
    if not excluded or admits.impossible:
        return kept
    seen = {frozenset(p.items()) for p in points}
    candidates = [q for p in excluded for q in _perturbed(reduced, p)]
    candidates += _random_points(reduced, _EXTRA_DRAWS, stable_seed(seed, "extra"))
    target = len(points)
    for cand in candidates:
        if len(kept) >= target:
            break
        key = frozenset(cand.items())
        if key in seen:
            continue
        seen.add(key)
        if point_admitted(admits, cand, spec):
            kept.append(cand)
            sampling.added += 1
    return kept


def sample_cases(task, config, instances, spec, finding_at: Finder) -> tuple[list[Case], Sampling]:
    """The admitted parameter points of the first instances, each with its finding."""
    cases = []
    sampling = Sampling(instances=min(len(instances), _LADDER_INSTANCES), available=len(instances))
    for inst in instances[:_LADDER_INSTANCES]:
        reduced = _reduced(inst, spec.var, _given_variables(task, inst) if task.given else ())
        admits = _admission(task, inst, reduced, spec)
        if admits is not None and admits.impossible:
            sampling.impossible += 1
        for point in _points(task, config, reduced, admits, spec, inst.label, sampling):
            case = Case(inst, reduced, point, None, admits)
            case.finding = finding_at(case, point)
            cases.append(case)
    return cases, sampling


def ladder_max_digits(config: CheckConfig, digits: int) -> int:
    """The most digits a ladder may use when working at ``digits``."""
    return max(config.max_digits, 4 * digits)

"""Limit and asymptotic links: identical arguments first, then ladders."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy as sp

from ..claims import Relation
from ..verdicts import Evidence, Outcome, Verdict, Witness
from . import conditions, sandbox
from .config import CheckConfig
from .instantiate import Instance, instantiate
from .limits import (LadderSide, LimitFinding, compare_limits, limit_spec,
                     little_o_finding, nominal_order, split_little_o, strip_limit,
                     written_terms_failure)
from .points import format_value, sample_points, stable_seed
from .registry import LinkState, LinkTask, check_link, method
from .sampling import Hit, SampleReport
from .witness import shrink_point

_LADDER_POINTS = 10
_LADDER_RANDOM = 3
_LADDER_INSTANCES = 5


@method("identical arguments", 5, "limit")
def _identical_arguments(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    """lim A = lim B holds when A = B for every value of the variable."""
    if task.relation is not Relation.EQ:
        return None
    a, a_lim = strip_limit(task.lhs)
    b, b_lim = strip_limit(task.rhs)
    if not (a_lim or b_lim):
        return None
    sub = check_link(LinkTask(a, Relation.EQ, b, task.notation, task.given, task.overrides,
                              task.label + "|args"), config)
    if sub.verdict.holds:
        return Outcome(sub.verdict, f"identical arguments ({sub.method})",
                       f"the expressions under lim are equal for every value of the variable, so their "
                       f"limits agree: {sub.message}", evidence=sub.evidence)
    return None


class _SideCache:
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
class _Case:
    """One parameter point of one instance, and what its ladders showed."""

    instance: Instance
    reduced: Instance        # the instance without the limit variable
    point: dict
    finding: LimitFinding

    @property
    def params(self):
        return [v.symbol for v in self.reduced.variables]


Finder = Callable[[Instance, list, dict], LimitFinding]


def _reduced(instance: Instance, var: sp.Symbol) -> Instance:
    return Instance(instance.sizes, instance.indices, instance.lhs, instance.rhs,
                    tuple(v for v in instance.variables if v.symbol != var))


def _cases(task, config, instances, spec, finding_at: Finder) -> list[_Case]:
    cases = []
    for inst in instances[:_LADDER_INSTANCES]:
        reduced = _reduced(inst, spec.var)
        seed = stable_seed(config.seed, f"{task.label}|{inst.label}")
        for point in sample_points(reduced, _LADDER_POINTS, _LADDER_RANDOM, seed):
            case = _Case(inst, reduced, point, None)
            case.finding = finding_at(inst, case.params, point)
            cases.append(case)
    return cases


@method("limit ladder", 15, "limit")
def _limit_ladder(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    if task.relation is not Relation.EQ:
        return Outcome(Verdict.UNDECIDED, "limit ladder", "only equalities of limits are supported")
    spec = (limit_spec(task.lhs) or limit_spec(task.rhs)).named(task.notation)
    a, a_lim = strip_limit(task.lhs)
    b, b_lim = strip_limit(task.rhs)
    instances = instantiate(a, b, Relation.EQ, task.notation, dict(task.overrides), config.max_instances)
    sides_of = _SideCache()

    def finding_at(inst, params, point, digits=config.digits) -> LimitFinding:
        left, right = sides_of(inst, params, spec.var)
        written = a_lim and b_lim and inst.lhs[0].has(spec.var) and inst.rhs[0].has(spec.var)
        return compare_limits(left, right, spec, point, digits, max(config.max_digits, 4 * digits), written)

    cases = _cases(task, config, instances, spec, finding_at)
    # The written terms have a nominal order (1/τ, say); where a point shows the sides
    # differing at that order, the terms the document writes out disagree.
    nominal = nominal_order(c.finding for c in cases if c.finding.ok)
    if nominal is not None:
        for case in cases:
            if case.finding.ok:
                failed = written_terms_failure(case.finding, nominal, spec)
                if failed is not None:
                    case.finding = failed

    def recheck(inst, params, point, digits=config.digits):
        found = finding_at(inst, params, point, digits)
        if found.ok and nominal is not None:
            found = written_terms_failure(found, nominal, spec) or found
        return found

    return _verdict(task, config, instances, spec, cases, recheck, "limit ladder",
                    f"the limits agree along {spec.describe()}")


def _verdict(task, config, instances, spec, cases, recheck: Finder, name, ok_text) -> Outcome:
    failures = [c for c in cases if c.finding.ok is False]
    good = sum(1 for c in cases if c.finding.ok)
    unsettled = sum(1 for c in cases if c.finding.ok is None)
    evidence = Evidence(points=len(cases), resolved=good + len(failures), digits=config.digits,
                        tolerance="arb balls; limits read along 10^±1 … 10^±300",
                        sizes=tuple(sorted({c.instance.label for c in cases})))
    if failures:
        return _refutation(task, config, instances, spec, failures, recheck, name, evidence)
    tail = f"; {unsettled} parameter points did not settle" if unsettled else ""
    if good and good >= max(1, len(cases) // 3) and (len(cases) >= 3 or good == len(cases)):
        return Outcome(Verdict.CONFIRMED, name, f"{ok_text} at all {good} decided parameter points "
                       f"of {len(cases)}{tail}", evidence=evidence)
    return Outcome(Verdict.UNDECIDED, name, f"only {good} of {len(cases)} parameter points settled{tail}",
                   evidence=evidence)


def _shrink(case: _Case, recheck: Finder, budget: int = 40) -> tuple[dict, LimitFinding]:
    point = shrink_point(case.reduced.variables, case.point,
                         lambda p: recheck(case.instance, case.params, p).ok is False, budget)
    final = recheck(case.instance, case.params, point)
    if final.ok is not False:
        return case.point, case.finding
    return point, final


def _refutation(task, config, instances, spec, failures, recheck, name, evidence) -> Outcome:
    failures.sort(key=lambda c: c.instance.weight)
    case = failures[0]
    point, final = _shrink(case, recheck)
    # The failure must survive at twice the working precision before it is reported.
    digits = config.recheck_digits[0]
    confirmed = recheck(case.instance, case.params, point, digits)
    if confirmed.ok is not False:
        return Outcome(Verdict.UNDECIDED, name, f"a failure at {config.digits} digits did not survive the "
                       f"re-check at {digits} digits: {final.reason}", evidence=evidence)
    final = confirmed
    values = {v.name: format_value(point[v.key]) for v in case.reduced.variables}
    w = Witness(sizes=dict(case.instance.sizes), indices=dict(case.instance.indices), values=values,
                lhs=final.lhs, rhs=final.rhs, digits=digits,
                note=f"limits read along {spec.describe()}")
    condition = _condition(task, instances, failures, recheck)
    if condition:
        return Outcome(Verdict.CONDITIONAL, name,
                       f"{final.reason}; it holds at every other sampled point, so it needs {condition}, "
                       "which the document does not state", witness=w, condition=condition, evidence=evidence)
    return Outcome(Verdict.REFUTED, name, final.reason, witness=w, evidence=evidence)


def _condition(task, instances, failures: list[_Case], recheck: Finder) -> str | None:
    hits = [Hit(c.instance, c.point, None) for c in failures]
    size = conditions.smallest_size(SampleReport(list(instances)), hits, task.notation)
    if size:
        return size
    for case in failures:
        hit = Hit(case.reduced, case.point, None)
        if not conditions._tied_pairs(hit):
            return None
        if recheck(case.instance, case.params, conditions._break_ties(hit)).ok is not True:
            return None
    a, b = conditions._tied_pairs(Hit(failures[0].reduced, failures[0].point, None))[0]
    return f"no ties among the values (the failures have ties such as {a} = {b})"


# --- asymptotic statements f = g + o(h) ------------------------------------------

@method("asymptotic ladder", 15, "asymptotic")
def _asymptotic(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    parts = split_little_o(task.rhs)
    if parts is None or task.relation is not Relation.EQ:
        return Outcome(Verdict.ERROR, "asymptotic ladder", "expected lhs = g + o(h) with one o(·) term")
    main, h, spec = parts
    spec = spec.named(task.notation)
    quotient = (task.lhs - main) / h
    instances = instantiate(quotient, sp.Integer(0), Relation.EQ, task.notation, dict(task.overrides),
                            config.max_instances)
    sides_of = _SideCache()

    def finding_at(inst, params, point, digits=config.digits):
        side = sides_of(inst, params, spec.var)[0]
        return little_o_finding(side, spec, point, digits, max(config.max_digits, 4 * digits))

    cases = _cases(task, config, instances, spec, finding_at)
    outcome = _verdict(task, config, instances, spec, cases, finding_at, "asymptotic ladder",
                       f"(lhs − main part)/h → 0 as {spec.describe()}")
    if outcome.verdict is Verdict.CONFIRMED and config.symbolic and quotient.free_symbols == {spec.var}:
        proof = sandbox.run(_limit_is_zero, quotient, spec.var, spec.point, spec.direction,
                            seconds=config.symbolic_seconds, what="sympy.limit")
        if proof.ok and proof.value:
            return Outcome(Verdict.PROVED, "sympy.limit + asymptotic ladder",
                           f"SymPy finds lim (lhs − main part)/h = 0 as {spec.describe()}, and the ladders "
                           f"agree: {outcome.message}", evidence=outcome.evidence)
    return outcome


def _limit_is_zero(expr, var, point, direction) -> bool:
    dirs = ["+", "-"] if direction == "+-" else [direction or "+"]
    if point in (sp.oo, -sp.oo):
        dirs = ["-" if point == sp.oo else "+"]
    return all(sp.limit(expr, var, point, d) == 0 for d in dirs)

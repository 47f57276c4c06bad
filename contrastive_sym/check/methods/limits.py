"""Limit and asymptotic links: identical arguments first, then ladders.

Every parameter point read along a ladder satisfies the claim's ``given`` conditions
(and the domains, which the sampler never leaves): points the conditions exclude are
not read, they are counted, and admitted points are added in their place (ties broken
both ways, a family's values reversed, more random draws) so that a confirmation rests
on a reasonable count.  A side undefined near the limit point at an admitted point is
never dropped silently: it makes the link conditional, with the condition named.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable

import numpy as np
import sympy as sp

from ...model.claims import Relation
from ...model.verdicts import Evidence, Outcome, Verdict, Witness, worst
from ..sampling import conditions
from ..symbolic import sandbox
from ..config import CheckConfig
from ..sampling.instantiate import Instance, Variable, concretize, instantiate, variables_of
from ...model.shapes import LimitSpec, limit_spec, split_little_o, strip_limit, written_orders
from ..numeric.ladders import (LadderSide, LimitFinding, compare_limits, little_o_finding, order_text,
                               written_terms_finding)
from ..sampling.points import format_value, groups_of, sample_points, stable_seed
from ..registry import LinkState, LinkTask, check_link, method
from ..sampling.sample import CompiledInstance, Hit, SampleReport
from ..sampling.witness import shrink_point

_LADDER_POINTS = 10
_LADDER_RANDOM = 3
_LADDER_INSTANCES = 5
_EXTRA_DRAWS = 40        # random draws per instance to replace excluded points


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
    admits: Callable = None  # the stated conditions at this instance

    @property
    def params(self):
        return [v.symbol for v in self.instance.variables if v.symbol in self._own]

    @property
    def _own(self):
        return {v.symbol for v in self.reduced.variables}


@dataclass
class _Sampling:
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


Finder = Callable[[_Case, dict], LimitFinding]


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


def _point_admitted(admits, point: dict, spec: LimitSpec) -> bool:
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


def _keep(admits, point):
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


def _points(task, config, reduced: Instance, admits, spec, label: str, sampling: _Sampling) -> list[dict]:
    """The parameter points of one instance, every one admitted by the stated conditions."""
    seed = stable_seed(config.seed, f"{task.label}|{label}")
    points = sample_points(reduced, _LADDER_POINTS, _LADDER_RANDOM, seed)
    if admits is None:
        return points
    kept = [p for p in points if _point_admitted(admits, p, spec)]
    excluded = [p for p in points if not _point_admitted(admits, p, spec)]
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
        if _point_admitted(admits, cand, spec):
            kept.append(cand)
            sampling.added += 1
    return kept


def _cases(task, config, instances, spec, finding_at: Finder) -> tuple[list[_Case], _Sampling]:
    cases = []
    sampling = _Sampling(instances=min(len(instances), _LADDER_INSTANCES), available=len(instances))
    for inst in instances[:_LADDER_INSTANCES]:
        reduced = _reduced(inst, spec.var, _given_variables(task, inst) if task.given else ())
        admits = _admission(task, inst, reduced, spec)
        if admits is not None and admits.impossible:
            sampling.impossible += 1
        for point in _points(task, config, reduced, admits, spec, inst.label, sampling):
            case = _Case(inst, reduced, point, None, admits)
            case.finding = finding_at(case, point)
            cases.append(case)
    return cases, sampling


def _ladder_limits(config: CheckConfig, digits: int) -> int:
    return max(config.max_digits, 4 * digits)


@method("limit ladder", 15, "limit")
def _limit_ladder(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    if task.relation is not Relation.EQ:
        return Outcome(Verdict.UNDECIDED, "limit ladder", "only equalities of limits are supported")
    spec = (limit_spec(task.lhs) or limit_spec(task.rhs)).named(task.notation)
    a, a_lim = strip_limit(task.lhs)
    b, b_lim = strip_limit(task.rhs)
    instances = instantiate(a, b, Relation.EQ, task.notation, dict(task.overrides), config.max_instances)
    sides_of = _SideCache()

    def finding_at(case: _Case, point, digits=config.digits) -> LimitFinding:
        left, right = sides_of(case.instance, case.params, spec.var)
        return compare_limits(left, right, spec, point, digits, _ladder_limits(config, digits),
                              keep=_keep(case.admits, point))

    cases, sampling = _cases(task, config, instances, spec, finding_at)
    limit = _verdict(task, config, instances, spec, cases, finding_at, "limit ladder",
                     f"the limits agree along {spec.describe()}", sampling)
    # Terms the document writes out with an explicit order (c/τ towards ∞) are a claim
    # of their own: A = B + o(their order).  Only when both sides are limits.
    orders = (written_orders(a, spec) + written_orders(b, spec)) if a_lim and b_lim else []
    if not orders:
        return limit.outcome
    order = max(orders)
    term = order_text(order, spec)
    if not limit.outcome.verdict.holds:
        return dataclasses.replace(limit.outcome, message=(
            f"the limit: {limit.outcome.verdict.value}, {limit.outcome.message}; the terms of order {term} "
            "written out were not checked, since the limit itself does not hold at every point"))

    def terms_at(case: _Case, point, digits=config.digits) -> LimitFinding:
        left, right = sides_of(case.instance, case.params, spec.var)
        return written_terms_finding(left, right, spec, point, order, digits,
                                     _ladder_limits(config, digits), keep=_keep(case.admits, point))

    held = [_Case(c.instance, c.reduced, c.point, None, c.admits) for c in cases if c.finding.ok]
    for case in held:
        case.finding = terms_at(case, case.point)
    terms = _verdict(task, config, instances, spec, held, terms_at, f"written terms of order {term}",
                     f"lhs = rhs + o({term}) along {spec.describe()}", _Sampling())
    return _combine(limit, terms, term, finding_at)


def _combine(limit: "_Result", terms: "_Result", term: str, finding_at: Finder) -> Outcome:
    """One outcome for the limit and the written terms, naming each part; the verdict is
    the worse of the two and the witness is the written terms' when they fail."""
    a, b = limit.outcome, terms.outcome
    verdict = worst((a.verdict, b.verdict))
    first = f"the limit: {a.verdict.value}, {a.message}"
    if terms.case is not None:
        at = finding_at(terms.case, terms.point)
        if at.ok and at.limit:
            first = f"the limit: {a.verdict.value}, both sides tend to {at.limit} at the witness; {a.message}"
    second = b.message.replace(f"the terms of order {term} written out disagree", "the terms written out disagree", 1)
    message = f"{first}; the terms of order {term} written out: {b.verdict.value}, {second}"
    chosen = b if b.verdict.severity >= a.verdict.severity else a
    witness = chosen.witness
    if witness is not None and chosen is b:
        witness = dataclasses.replace(witness, note=f"the terms of order {term} written out; {witness.note}")
    reason = f"the terms of order {term} written out: {second}" if chosen is b else first
    return Outcome(verdict, "limit ladder + written terms", message, witness=witness,
                   condition=chosen.condition, evidence=chosen.evidence, reason=reason)


@dataclass
class _Result:
    outcome: Outcome
    case: _Case | None = None     # the refuted case and its (shrunk) point, for a witness
    point: dict | None = None


def _verdict(task, config, instances, spec, cases, recheck: Finder, name, ok_text,
             sampling: _Sampling) -> _Result:
    failures = [c for c in cases if c.finding.ok is False]
    undefined = [c for c in cases if c.finding.ok is None and c.finding.undefined is not None]
    good = sum(1 for c in cases if c.finding.ok)
    unsettled = sum(1 for c in cases if c.finding.ok is None and c.finding.undefined is None)
    skipped = sum(1 for c in cases if c.finding.skipped and c.finding.undefined is None)
    evidence = Evidence(points=len(cases), resolved=good + len(failures), undefined=len(undefined),
                        digits=config.digits, tolerance="arb balls; limits read along 10^±1 … 10^±300",
                        sizes=tuple(sorted({c.instance.label for c in cases})))
    notes = sampling.notes()
    if unsettled:
        notes.append(f"{unsettled} parameter points did not settle")
    if skipped:
        notes.append(f"at {skipped} parameter points some values along the ladder far from the limit "
                     "point were undefined or could not be resolved (a limit reads only the values near it)")
    tail = "".join(f"; {n}" for n in notes)
    if failures:
        return _refutation(task, config, instances, spec, failures, recheck, name, evidence, tail)
    if undefined:
        return _Result(_undefined(task, config, spec, cases, undefined, good, name, evidence, tail))
    if not cases:
        why = ("no parameter point satisfies the stated conditions" if sampling.excluded or sampling.impossible
               else "no parameter point could be read")
        return _Result(Outcome(Verdict.UNDECIDED, name, f"{why}{tail}", evidence=evidence))
    if good and good >= max(1, len(cases) // 3) and (len(cases) >= 3 or good == len(cases)):
        return _Result(Outcome(Verdict.CONFIRMED, name, f"{ok_text} at all {good} decided parameter points "
                               f"of {len(cases)}{tail}", evidence=evidence))
    return _Result(Outcome(Verdict.UNDECIDED, name, f"only {good} of {len(cases)} parameter points settled{tail}",
                           evidence=evidence))


def _undefined(task, config, spec, cases, undefined: list[_Case], good: int, name, evidence, tail) -> Outcome:
    """A side undefined near the limit point at admitted points of the stated domain: the
    link holds at most where it is defined, so it is conditional, with the condition named
    when the logarithms or roots that fail can be found."""
    case = undefined[0]
    x = case.finding.undefined
    var_key = next((v.key for v in case.instance.variables if v.symbol == spec.var), spec.var)
    hits = [Hit(c.instance, {**c.point, var_key: c.finding.undefined}, None) for c in undefined[:8]]
    named = _definedness(hits, config)
    values = {v.name: format_value(case.point[v.key]) for v in case.reduced.variables}
    where = ", ".join(f"{k} = {v}" for k, v in values.items())
    w = Witness(sizes=dict(case.instance.sizes), indices=dict(case.instance.indices), values=values,
                lhs="undefined" if "right side" not in case.finding.reason else "",
                rhs="undefined" if "left side" not in case.finding.reason else "", digits=config.digits,
                note=f"{case.finding.reason} ({spec._show(spec.var)} = {format_value(x)}, "
                     f"read along {spec.describe()})")
    condition = named or f"parameters where both sides are defined near {spec.describe()}"
    holds = f"the limits agree at the {good} other decided parameter points" if good else \
        "no parameter point where both sides are defined settled"
    return Outcome(Verdict.CONDITIONAL, name,
                   f"{case.finding.reason} at {len(undefined)} parameter points of the stated domain "
                   f"(e.g. {where or 'the only point'}); {holds}; it needs {condition}, which the document "
                   f"does not state{tail}", witness=w, condition=condition, evidence=evidence)


def _definedness(hits: list[Hit], config: CheckConfig) -> str:
    """The condition that makes the sides defined at the undefined points (conditions.py,
    in the sandbox), or "" when none is found."""
    answer = sandbox.run(conditions.definedness, hits, seconds=config.symbolic_seconds,
                         what="conditions of definedness")
    return answer.value.condition if answer.ok else ""


def _shrink(case: _Case, recheck: Finder, spec: LimitSpec, budget: int = 40) -> tuple[dict, LimitFinding]:
    def fails(p):
        return _point_admitted(case.admits, p, spec) and recheck(case, p).ok is False
    point = shrink_point(case.reduced.variables, case.point, fails, budget)
    final = recheck(case, point)
    if final.ok is not False:
        return case.point, case.finding
    return point, final


def _refutation(task, config, instances, spec, failures, recheck, name, evidence, tail) -> _Result:
    failures.sort(key=lambda c: c.instance.weight)
    case = failures[0]
    point, final = _shrink(case, recheck, spec)
    # The failure must survive at twice the working precision before it is reported.
    digits = config.recheck_digits[0]
    confirmed = recheck(case, point, digits)
    if confirmed.ok is not False:
        return _Result(Outcome(Verdict.UNDECIDED, name, f"a failure at {config.digits} digits did not survive "
                               f"the re-check at {digits} digits: {final.reason}{tail}", evidence=evidence))
    final = confirmed
    values = {v.name: format_value(point[v.key]) for v in case.reduced.variables}
    w = Witness(sizes=dict(case.instance.sizes), indices=dict(case.instance.indices), values=values,
                lhs=final.lhs, rhs=final.rhs, digits=digits,
                note=f"limits read along {spec.describe()}")
    condition = _condition(task, instances, failures, recheck, spec)
    if condition:
        return _Result(Outcome(Verdict.CONDITIONAL, name,
                               f"{final.reason}; it holds at every other sampled point, so it needs {condition}, "
                               f"which the document does not state{tail}", witness=w, condition=condition,
                               evidence=evidence), case, point)
    return _Result(Outcome(Verdict.REFUTED, name, f"{final.reason}{tail}", witness=w, evidence=evidence),
                   case, point)


def _condition(task, instances, failures: list[_Case], recheck: Finder, spec: LimitSpec) -> str | None:
    hits = [Hit(c.instance, c.point, None) for c in failures]
    size = conditions.smallest_size(SampleReport(list(instances)), hits, task.notation)
    if size:
        return size
    for case in failures:
        hit = Hit(case.reduced, case.point, None)
        if not conditions._tied_pairs(hit):
            return None
        moved = conditions._break_ties(hit)
        if not _point_admitted(case.admits, moved, spec) or recheck(case, moved).ok is not True:
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

    def finding_at(case: _Case, point, digits=config.digits):
        side = sides_of(case.instance, case.params, spec.var)[0]
        return little_o_finding(side, spec, point, digits, _ladder_limits(config, digits),
                                keep=_keep(case.admits, point))

    cases, sampling = _cases(task, config, instances, spec, finding_at)
    outcome = _verdict(task, config, instances, spec, cases, finding_at, "asymptotic ladder",
                       f"(lhs − main part)/h → 0 as {spec.describe()}", sampling).outcome
    closed = quotient.free_symbols == {spec.var} and not task.given
    if outcome.verdict is Verdict.CONFIRMED and config.symbolic and closed:
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

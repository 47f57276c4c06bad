"""Limit links: identical arguments first, then ladders; and the verdict the ladders give.

The parameter points are those of :mod:`..numeric.ladder_points`, every one admitted by
the stated conditions.  A side undefined near the limit point at an admitted point is
never dropped silently: it makes the link conditional, with the condition named.
:func:`ladder_verdict` turns the findings into a verdict for :mod:`.asymptotics` too.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...model.claims import Relation
from ...model.verdicts import Evidence, Outcome, Verdict, Witness, worst
from ..sampling import conditions
from ..symbolic import sandbox
from ..config import CheckConfig
from ..sampling.instantiate import instantiate
from ...model.shapes import LimitSpec, limit_spec, strip_limit, written_orders
from ..numeric.ladders import LimitFinding, compare_limits, order_text, written_terms_finding
from ..numeric.ladder_points import (Case, Finder, Sampling, SideCache, keep_ladders, ladder_max_digits,
                                     point_admitted, sample_cases)
from ..sampling.points import format_value
from ..registry import LinkState, LinkTask, check_link, method
from ..sampling.sample import Hit, SampleReport
from ..sampling.witness import shrink_point
from .size_limits import size_as_real, through_values


@method("identical arguments", 5, "limit")
def _identical_arguments(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    r"""lim A = lim B holds when A = B for every value of the variable: the arguments are
    checked as a link of their own.  Passes on (None) unless the link is an equality with
    a limit on a side and the arguments are shown equal.

    >>> from contrastive_sym.pipeline import check_statement
    >>> t = {"scalar": [{"name": "t", "domain": "positive", "role": "scale"}]}
    >>> true = check_statement(r"\lim_{t \to 0^+} t \log(4) = \lim_{t \to 0^+} 2t \log(2)", "limit", **t)
    >>> true.verdict.value, true.method
    ('proved', 'identical arguments (symbolic (sizes symbolic))')
    >>> false = check_statement(r"\lim_{t \to 0^+} t \log(4) = \lim_{t \to 0^+} 1 + t", "limit", **t)
    >>> false.verdict.value, false.method
    ('refuted', 'limit ladder')
    """
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


@method("limit ladder", 15, "limit")
def _limit_ladder(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    r"""lim A = lim B read along ladders at admitted parameter points, then the terms written
    with an explicit order as a claim of their own.  Never passes on: a relation other
    than equality is undecided.

    >>> from contrastive_sym.pipeline import check_statement
    >>> declared = {"scalar": [{"name": "t", "domain": "positive", "role": "scale"}, {"name": "a"}]}
    >>> true = check_statement(r"\lim_{t \to 0^+} t \log(e^{a/t} + 1) = \max\{a, 0\}", "limit", **declared)
    >>> true.verdict.value, true.method
    ('confirmed', 'limit ladder')
    >>> false = check_statement(r"\lim_{t \to 0^+} t \log(e^{a/t} + 1) = a", "limit", **declared)
    >>> false.verdict.value, false.method
    ('refuted', 'limit ladder')
    """
    if task.relation is not Relation.EQ:
        return Outcome(Verdict.UNDECIDED, "limit ladder", "only equalities of limits are supported")
    # lim_{M \to \infty} over a size: M a real the ladder moves
    var = (limit_spec(task.lhs) or limit_spec(task.rhs)).var
    refused = through_values(task, var, "limit ladder")
    if refused is not None:
        return refused
    task = size_as_real(task, var, "limit ladder")
    if isinstance(task, Outcome):
        return task
    spec = (limit_spec(task.lhs) or limit_spec(task.rhs)).named(task.notation)
    a, a_lim = strip_limit(task.lhs)
    b, b_lim = strip_limit(task.rhs)
    instances = instantiate(a, b, Relation.EQ, task.notation, dict(task.overrides), config.max_instances)
    sides_of = SideCache()

    def finding_at(case: Case, point, digits=config.digits) -> LimitFinding:
        left, right = sides_of(case.instance, case.params, spec.var)
        return compare_limits(left, right, spec, point, digits, ladder_max_digits(config, digits),
                              keep=keep_ladders(case.admits, point))

    cases, sampling = sample_cases(task, config, instances, spec, finding_at)
    limit = ladder_verdict(task, config, instances, spec, cases, finding_at, "limit ladder",
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

    def terms_at(case: Case, point, digits=config.digits) -> LimitFinding:
        left, right = sides_of(case.instance, case.params, spec.var)
        return written_terms_finding(left, right, spec, point, order, digits,
                                     ladder_max_digits(config, digits), keep=keep_ladders(case.admits, point))

    held = [Case(c.instance, c.reduced, c.point, None, c.admits) for c in cases if c.finding.ok]
    for case in held:
        case.finding = terms_at(case, case.point)
    terms = ladder_verdict(task, config, instances, spec, held, terms_at, f"written terms of order {term}",
                           f"lhs = rhs + o({term}) along {spec.describe()}", Sampling())
    return _combine(limit, terms, term, finding_at)


def _combine(limit: "LadderResult", terms: "LadderResult", term: str, finding_at: Finder) -> Outcome:
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
class LadderResult:
    """A ladder check's outcome, and for a refutation the case and point it rests on."""

    outcome: Outcome
    case: Case | None = None     # the refuted case and its (shrunk) point, for a witness
    point: dict | None = None


def ladder_verdict(task, config, instances, spec, cases, recheck: Finder, name, ok_text,
                   sampling: Sampling) -> LadderResult:
    """The verdict of the findings at the parameter points: refuted (or conditional) at a
    failure that survives shrinking and the re-check, conditional where a side is
    undefined, confirmed when enough points settled, otherwise undecided."""
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
        return LadderResult(_undefined(task, config, spec, cases, undefined, good, name, evidence, tail))
    if not cases:
        why = ("no parameter point satisfies the stated conditions" if sampling.excluded or sampling.impossible
               else "no parameter point could be read")
        return LadderResult(Outcome(Verdict.UNDECIDED, name, f"{why}{tail}", evidence=evidence))
    if good and good >= max(1, len(cases) // 3) and (len(cases) >= 3 or good == len(cases)):
        return LadderResult(Outcome(Verdict.CONFIRMED, name, f"{ok_text} at all {good} decided parameter points "
                                    f"of {len(cases)}{tail}", evidence=evidence))
    return LadderResult(Outcome(Verdict.UNDECIDED, name,
                                f"only {good} of {len(cases)} parameter points settled{tail}", evidence=evidence))


def _undefined(task, config, spec, cases, undefined: list[Case], good: int, name, evidence, tail) -> Outcome:
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


def _shrink(case: Case, recheck: Finder, spec: LimitSpec, budget: int = 40) -> tuple[dict, LimitFinding]:
    def fails(p):
        return point_admitted(case.admits, p, spec) and recheck(case, p).ok is False
    point = shrink_point(case.reduced.variables, case.point, fails, budget)
    final = recheck(case, point)
    if final.ok is not False:
        return case.point, case.finding
    return point, final


def _refutation(task, config, instances, spec, failures, recheck, name, evidence, tail) -> LadderResult:
    failures.sort(key=lambda c: c.instance.weight)
    case = failures[0]
    point, final = _shrink(case, recheck, spec)
    # The failure must survive at twice the working precision before it is reported.
    digits = config.recheck_digits[0]
    confirmed = recheck(case, point, digits)
    if confirmed.ok is not False:
        return LadderResult(Outcome(Verdict.UNDECIDED, name,
                                    f"a failure at {config.digits} digits did not survive "
                                    f"the re-check at {digits} digits: {final.reason}{tail}", evidence=evidence))
    final = confirmed
    values = {v.name: format_value(point[v.key]) for v in case.reduced.variables}
    w = Witness(sizes=dict(case.instance.sizes), indices=dict(case.instance.indices), values=values,
                lhs=final.lhs, rhs=final.rhs, digits=digits,
                note=f"limits read along {spec.describe()}")
    condition = _condition(task, instances, failures, recheck, spec)
    if condition:
        return LadderResult(Outcome(Verdict.CONDITIONAL, name,
                                    f"{final.reason}; it holds at every other sampled point, "
                                    f"so it needs {condition}, "
                                    f"which the document does not state{tail}", witness=w, condition=condition,
                                    evidence=evidence), case, point)
    return LadderResult(Outcome(Verdict.REFUTED, name, f"{final.reason}{tail}", witness=w, evidence=evidence),
                        case, point)


def _condition(task, instances, failures: list[Case], recheck: Finder, spec: LimitSpec) -> str | None:
    hits = [Hit(c.instance, c.point, None) for c in failures]
    size = conditions.smallest_size(SampleReport(list(instances)), hits, task.notation)
    if size:
        return size
    for case in failures:
        hit = Hit(case.reduced, case.point, None)
        if not conditions._tied_pairs(hit):
            return None
        moved = conditions._break_ties(hit)
        if not point_admitted(case.admits, moved, spec) or recheck(case, moved).ok is not True:
            return None
    a, b = conditions._tied_pairs(Hit(failures[0].reduced, failures[0].point, None))[0]
    return f"no ties among the values (the failures have ties such as {a} = {b})"


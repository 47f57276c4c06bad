"""Pointwise links (identities, inequalities, gradients, directions): numeric sampling,
then a symbolic proof attempt, then numeric confirmation."""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

from ...model.claims import Relation
from ...model.verdicts import Evidence, Outcome, Verdict
from ..config import CheckConfig
from ..numeric.compiled import Status, format_side
from ..registry import LinkState, LinkTask, link_state, method, scheduler
from ..sampling import conditions
from ..sampling.index_conditions import distinct_indices
from ..sampling import witness as witnesses
from ..sampling.distributions import over_tables
from .full_support import FULL_SUPPORT, of_full_support
from .printed_values import rounding_note
from .wider_tables import violations_beside_more_values
from ..sampling.instantiate import Instance, instantiate
from ..sampling.points import exhaustive
from ..sampling.sample import CompiledInstance, Hit, SampleReport, sample, with_condition_variables
from ..symbolic import sandbox
from ..symbolic.jobs import submit_symbolic, worth_a_proof
from ..symbolic.scheduler import Job

@link_state("pointwise")
@dataclass
class PointwiseState(LinkState):
    """What sampling hands on: its instances and points, and the proof attempt it started."""

    instances: list[Instance] = field(default_factory=list)
    compiled: list[CompiledInstance] = field(default_factory=list)
    report: SampleReport | None = None
    pending: Job | None = None

    def close(self) -> None:
        self.pending = None


def _prepare(task: LinkTask, state: PointwiseState, config: CheckConfig) -> None:
    overrides = dict(task.overrides)
    state.instances = instantiate(task.lhs, task.rhs, task.relation, task.notation, overrides,
                                  config.max_instances, tuple(c.predicate for c in task.given))
    state.instances = [with_condition_variables(inst, task.given, task.notation) for inst in state.instances]
    state.compiled = []
    for inst in state.instances:
        ci = CompiledInstance(inst, task.given, inst.subs)
        if ci.given is not None:
            state.compiled.append(ci)


@method("sampling", 10, "pointwise")
def _sampling(task: LinkTask, state: PointwiseState, config: CheckConfig) -> Outcome | None:
    r"""Both sides in ball arithmetic at adversarial points (ties, extremes, the smallest
    sizes, extreme temperatures) and random ones, for every checked size.  A point where
    the relation fails, re-checked at higher precision, is a witness: refuted.  A side
    undefined inside the stated domain makes the link conditional on the condition that
    excludes those points.  Passes on when every decided point holds.

    >>> from contrastive_sym.pipeline import check_statement
    >>> reals = {"scalar": [{"name": "a"}, {"name": "b"}]}
    >>> false = check_statement(r"(a+b)^2 = a^2 + b^2", **reals)
    >>> false.verdict.value, false.method, sorted(false.witness.values)
    ('refuted', 'sampling', ['a', 'b'])
    >>> true = check_statement(r"\log(e^{a} + e^{b}) > \max\{a, b\}", "inequality", **reals)
    >>> true.verdict.value
    'confirmed'
    >>> only_for_positive = check_statement(r"\log(a^2) = 2\log(a)", scalar=[{"name": "a"}])
    >>> only_for_positive.verdict.value, only_for_positive.condition
    ('conditional', 'a > 0')
    """
    _prepare(task, state, config)
    if not state.compiled:
        return Outcome(Verdict.UNDECIDED, "sampling", "no instance satisfies the stated conditions")
    if config.symbolic and worth_a_proof(task):
        state.pending = submit_symbolic(task, config, state.instances)
    report = sample(state.compiled, task.relation, config, task.label)
    report.excluded_instances = len(state.instances) - len(state.compiled)
    state.report = report
    violations_beside_more_values(task, state, report, config)      # wider_tables.py
    failures = list(report.violations) or _settle_open_points(task, report, state, config)
    if failures:
        return _refutation(task, state, config, failures, method_name="sampling")
    if report.undefined:
        return _undefined_points(task, report, state, config)
    # over the tables of distributions, closed at two values of each coordinate (E[1/p(x)] is 2 there) is no proof
    if _closed(state) and not any(inst.sizes or inst.indices for inst in state.instances) \
            and not over_tables((task.lhs, task.rhs), task.notation):
        return _closed_arithmetic(task, state, config)
    return None


def _closed_arithmetic(task: LinkTask, state: PointwiseState, config: CheckConfig) -> Outcome:
    """A statement with no variable and no size (``1 + 1 = 2``, ``9850 ≤ e^{9.2} < 9950``)
    is one point, decided exactly: a ball that excludes 0 is a certificate, and a gap
    the balls cannot separate goes to SymPy's exact arithmetic."""
    ci = state.compiled[0]
    result = ci.compare({}, task.relation, config.digits, config.max_digits)
    evidence = _evidence(state.report, config)
    shown = f"lhs = {format_side(result.lhs)}, rhs = {format_side(result.rhs)}"
    exact_zero = result.gap is not None and result.gap.is_exact() and result.gap == 0
    if result.status is Status.HOLDS or (result.status is Status.TIE and exact_zero and not task.relation.is_strict):
        return Outcome(Verdict.PROVED, "exact arithmetic",
                       f"certified by ball arithmetic at {result.digits} digits: {shown}", evidence=evidence)
    signs = witnesses.exact_signs(ci, {}, config.symbolic_seconds)
    holds = witnesses.relation_at(task.relation, signs)
    if holds:
        return Outcome(Verdict.PROVED, "exact arithmetic",
                       f"SymPy's exact arithmetic shows it ({shown})", evidence=evidence)
    if holds is False:  # only a sign the balls could not see: the sampling found no violation
        tie = all(sign == 0 for sign in signs)
        w = witnesses.build(ci, {}, result, note="SymPy's exact arithmetic shows the relation fails")
        reason = _failure_reason(task.relation, tie, ci.instance, result) + \
            rounding_note(task.relation, task.lhs, task.rhs, result)
        return Outcome(Verdict.REFUTED, "exact arithmetic", reason, witness=w, evidence=evidence)
    if result.status is Status.TIE and not task.relation.is_strict:
        return Outcome(Verdict.CONFIRMED, "exact arithmetic",
                       f"the sides agree to {result.digits} digits ({shown}), but SymPy could not show they "
                       "are exactly equal", evidence=evidence)
    return Outcome(Verdict.UNDECIDED, "exact arithmetic",
                   f"the balls could not separate the sides at {config.max_digits} digits and SymPy could "
                   f"not settle it ({shown})", evidence=evidence)


def _settle_open_points(task: LinkTask, report: SampleReport, state: PointwiseState,
                        config: CheckConfig) -> list[Hit]:
    """Points the balls could not decide (ties of < and >, balls still wide at the
    precision cap) settled by SymPy's exact arithmetic, within a time budget.

    A point settled as holding counts as decided; one settled as failing is returned;
    the rest stay open, and an item with open points is never confirmed.
    """
    failures, still_open = [], []
    deadline = time.monotonic() + config.settling_seconds
    for hit in sorted(report.open, key=lambda h: (h.instance.weight, not witnesses.plain_point(h.point))):
        remaining = deadline - time.monotonic()
        if failures or remaining < 0.1:
            still_open.append(hit)
            continue
        signs = witnesses.exact_signs(_compiled_for(state, hit.instance), hit.point,
                                      min(config.symbolic_seconds, remaining))
        kink = witnesses.undefined_sides(signs)
        if kink is not None:
            # not a real number there (no derivative at a kink, a log of a negative that the
            # balls could not place): that side is undefined, and the witness says so
            c = hit.comparison
            report.undefined.append(dataclasses.replace(hit, comparison=dataclasses.replace(
                c, status=Status.UNDEFINED, lhs=() if kink != "rhs" else c.lhs, rhs=() if kink != "lhs" else c.rhs)))
            continue
        holds = witnesses.relation_at(task.relation, signs)
        if holds is None:
            still_open.append(hit)
        elif holds:
            report.settled += 1
            report.holds += 1
        else:
            failures.append(hit)
    report.strict_ties = [h for h in still_open if h.comparison.status is Status.TIE]
    report.unresolved = [h for h in still_open if h.comparison.status is not Status.TIE]
    return failures


def _undefined_points(task: LinkTask, report: SampleReport, state: PointwiseState,
                      config: CheckConfig) -> Outcome:
    """A side undefined at a point of the stated domain is never passed over: the step
    is conditional on the condition that excludes those points, or refuted where one
    side is defined and the other is not, or at every point."""
    # SymPy expands and solves here, so it runs in the sandbox like every other SymPy call;
    # its work grows with the undefined points (dozens, where a set is empty for some labels),
    # so it has the budget the open points have (CheckConfig.settling_seconds)
    answer = sandbox.run(conditions.definedness, report.undefined, (task.lhs, task.rhs), task.notation,
                         seconds=config.settling_seconds, what="conditions of definedness")
    found: conditions.Definedness | None = answer.value if answer.ok else None
    count = len(report.undefined)
    position = found.one_sided if found is not None and found.one_sided is not None else 0
    hit = report.undefined[position]
    ci = _compiled_for(state, hit.instance)
    evidence = _evidence(report, config)
    note = found.describe(position) if found is not None else "a side is not a real number here"
    w = witnesses.build(ci, hit.point, hit.comparison, note=note)
    if report.resolved == 0 and not report.open:
        where = "the only point" if count == 1 else f"every one of the {count} sampled points"
        return Outcome(Verdict.REFUTED, "sampling", f"a side is undefined at {where} of the stated domain "
                       f"({note})", witness=w, evidence=evidence)
    # undefined only at the smallest value of a size (a maximum over k ≠ i at N = 1): the
    # statement needs a larger size, the plainest way to say it, and one that needs no SymPy
    # (a full run once timed the sandbox out here and left 1/\binom{N}{2} undecided)
    by_size = conditions.smallest_size(report, report.undefined, task.notation)
    if found is None and not by_size:
        return Outcome(Verdict.UNDECIDED, "sampling",
                       f"a side is undefined at {count} sampled points of the stated domain, and the "
                       f"condition that excludes them could not be worked out ({answer.failure})",
                       witness=w, evidence=evidence)
    condition = by_size or conditions.of_every_value(found.condition)
    if condition:
        return Outcome(Verdict.CONDITIONAL, "sampling",
                       f"holds where it is defined, but it is undefined at {count} sampled points of the "
                       f"stated domain; it needs {condition}{_open_tail(report, config)}",
                       witness=w, condition=condition, evidence=evidence)
    if found.one_sided is not None:
        return Outcome(Verdict.REFUTED, "sampling", f"{note}, inside the stated domain ({count} points "
                       "where a side is undefined)", witness=w, evidence=evidence)
    condition = "both sides defined"
    both = len(found.causes) == count and all(side == "both" for _, side, _ in found.causes)
    which = "both sides are undefined" if both else \
        "a side is undefined (what makes it undefined is not named at every one)"
    return Outcome(Verdict.CONDITIONAL, "sampling",
                   f"holds where it is defined, but {which} at {count} sampled points of "
                   f"the stated domain; it needs {condition}{_open_tail(report, config)}",
                   witness=w, condition=condition, evidence=evidence)


def _open_tail(report: SampleReport, config: CheckConfig) -> str:
    """What is still open, for a message: never left out."""
    parts = []
    if report.open:
        parts.append(f"{len(report.open)} points could not be decided at {config.max_digits} digits "
                     "nor by SymPy's exact arithmetic")
    if report.unsure:
        parts.append(f"at {len(report.unsure)} points a stated condition could not be decided")
    if report.excluded:
        parts.append(f"{report.excluded} points were excluded by the stated conditions")
    if report.excluded_instances:
        parts.append(f"{report.excluded_instances} size/index choices were excluded by the stated conditions")
    return "".join(f"; {p}" for p in parts)


def _compiled_for(state: PointwiseState, instance: Instance) -> CompiledInstance:
    return next(c for c in state.compiled if c.instance is instance)


def _refutation(task, state, config, failures: list[Hit], method_name: str) -> Outcome:
    """Shrink the smallest failure, re-check it, and look for an unstated condition.

    A failure the balls showed is re-checked at two higher precisions; one that only
    SymPy's exact arithmetic could show (a tie of a strict relation, a gap below every
    affordable precision) is certified by the same exact check at the shrunk point.
    """
    by_instance = {c.instance: c for c in state.compiled}
    # a failure of densities whose weights fail as probabilities too is shown as the latter
    failures = conditions.failures_as_probabilities(failures, state.report, by_instance, task.relation, config) \
        + failures
    failures.sort(key=lambda h: h.instance.weight)
    first = failures[0]
    ci = by_instance[first.instance]
    exact = first.comparison.status is not Status.VIOLATED

    def exactly_fails(point) -> bool:
        signs = witnesses.exact_signs(ci, point, config.symbolic_seconds)
        return witnesses.relation_at(task.relation, signs) is False

    def fails(point):
        if ci.admits(point) is not True:
            return False
        result = ci.compare(point, task.relation, config.digits, config.max_digits)
        if exact:
            return result.status is not Status.HOLDS and result.status is not Status.UNDEFINED \
                and exactly_fails(point)
        return result.status is Status.VIOLATED

    shape_mismatch = len(first.comparison.lhs) != len(first.comparison.rhs)
    # Each step of shrinking an exact failure needs a SymPy check, so its budget is small;
    # a shape mismatch shows at any point, so a sampled one is kept.
    budget = config if not exact else dataclasses.replace(config, shrink_budget=12)
    small = first.point if shape_mismatch else witnesses.shrink(ci, task.relation, first.point, budget, fails)
    if exact:
        final = ci.compare(small, task.relation, config.recheck_digits[1], config.max_digits)
    else:
        final = witnesses.recheck(ci, task.relation, small, config)
        if final is None:  # the shrunk point did not survive: fall back to the sampled one
            small, final = first.point, witnesses.recheck(ci, task.relation, first.point, config)
    if final is None:
        return Outcome(Verdict.UNDECIDED, method_name,
                       "a failure found at working precision did not survive the re-check at "
                       f"{config.recheck_digits} digits", evidence=_evidence(state.report, config))
    tie = exact and final.status is Status.TIE and task.relation.is_strict
    note = ("the sides are exactly equal here (shown by SymPy), so the strict inequality fails" if tie else
            f"the balls cannot separate the sides at {final.digits} digits; SymPy's exact arithmetic "
            "shows the relation fails here" if exact else "")
    if task.relation is Relation.SAME_DIRECTION:
        note = "each side is a direction, given by its coefficients on ∇g_1, …, ∇g_K"
    w = witnesses.build(ci, small, final, note=note)
    reason = _failure_reason(task.relation, tie, ci.instance, final)
    if _closed(state) and not any(inst.sizes or inst.indices for inst in state.instances):
        reason += rounding_note(task.relation, task.lhs, task.rhs, final)     # = 0.357 for -log 0.7
    # a condition must explain every point not known to hold: the failures, and the open
    # points no method settled (settling stops at the first failure), which may fail too
    unexplained = failures + list(state.report.open)
    # failing only where the tables are read as densities: true of probabilities, if every point
    # of the tables of probabilities was decided (else whether it holds for them is open)
    discrete = conditions.discrete_points(state.report, failures, task.notation, (task.lhs, task.rhs))
    if discrete and any(h.instance.cell_width is None for h in state.report.open):
        return Outcome(Verdict.UNDECIDED, method_name,
                       f"{reason}, where the points have densities ({first.instance.label}); whether it holds "
                       f"with {discrete} is open{_open_tail(state.report, config)}",
                       witness=w, evidence=_evidence(state.report, config))
    if discrete:
        # a strict bound true of the tables drawn may fail where a probability is 0 (a point mass: H(X) = 0)
        discrete += f" and {FULL_SUPPORT}" if task.relation.is_strict else ""
        return Outcome(Verdict.CONDITIONAL, method_name,
                       f"{reason}, where the points have densities ({first.instance.label}); it holds for every "
                       f"table of probabilities sampled, so it needs {discrete}, which the document does not state",
                       witness=w, condition=discrete, evidence=_evidence(state.report, config))
    condition = conditions.smallest_size(state.report, unexplained, task.notation) or \
        conditions.distinct_values(unexplained, by_instance, task.relation, config) or \
        distinct_indices(state.report, unexplained, (task.lhs, task.rhs))
    if condition and task.relation.is_strict and over_tables((task.lhs, task.rhs), task.notation):
        # as a pass of a strict bound over tables (full_support.py): E[X] < 1 of X in [0, 1] fails at X = 1 too
        condition += f" and {FULL_SUPPORT}"
    if condition:
        return Outcome(Verdict.CONDITIONAL, method_name,
                       f"{reason}; it holds at every other sampled point, so it needs {condition}, "
                       "which the document does not state",
                       witness=w, condition=condition, evidence=_evidence(state.report, config))
    return Outcome(Verdict.REFUTED, method_name, reason, witness=w,
                   evidence=_evidence(state.report, config))


def _failure_reason(relation: Relation, strict_tie: bool, instance: Instance, comparison) -> str:
    if strict_tie:
        return "the strict inequality fails: the two sides are equal at the witness"
    if relation is Relation.SAME_DIRECTION:
        return "the two gradients point in different directions at the witness"
    if len(comparison.lhs) != len(comparison.rhs):
        return (f"the two sides have different shapes ({len(comparison.lhs)} vs {len(comparison.rhs)} "
                "components), so they cannot be equal")
    if relation is Relation.EQ:
        return "the two sides differ at the witness"
    return f"the inequality {relation.value} fails at the witness"


def _evidence(report: SampleReport | None, config: CheckConfig) -> Evidence:
    if report is None:
        return Evidence(digits=config.digits)
    return Evidence(points=report.points, resolved=report.resolved, undefined=len(report.undefined),
                    digits=config.digits,
                    tolerance=f"arb balls at {config.digits}+ digits, doubled up to {config.max_digits}",
                    sizes=tuple(sorted(report.sizes_seen)))


@method("symbolic", 20, "pointwise")
def _symbolic(task: LinkTask, state: PointwiseState, config: CheckConfig) -> Outcome | None:
    r"""SymPy's proof that the difference of an equality is 0 (for every size, or per
    checked size), started in a sandbox while sampling runs; proved only when sampling
    decided enough points and agrees.  Passes on when SymPy finds nothing or does not
    finish.  A false step never gets here: sampling refutes it first.

    >>> from contrastive_sym.pipeline import check_statement
    >>> reals = {"scalar": [{"name": "a"}, {"name": "b"}]}
    >>> true = check_statement(r"e^{a} e^{b} = e^{a+b}", **reals)
    >>> true.verdict.value, true.method
    ('proved', 'symbolic (sizes symbolic)')
    >>> false = check_statement(r"e^{a} + e^{b} = e^{a+b}", **reals)
    >>> false.verdict.value, false.method
    ('refuted', 'sampling')
    """
    if state.pending is None:
        return None
    result = scheduler().result(state.pending)
    state.pending = None
    if not result.ok:
        state.notes.append(f"SymPy did not finish: {result.failure}")
        return None
    generic, per_instance = result.value
    report = state.report
    if report is None or (report.resolved < 3 and not _closed(state)):
        state.notes.append("a symbolic proof was found but too few points could be checked numerically "
                           "to cross-check it")
        return None
    sized = any(inst.sizes for inst in state.instances)
    cross = f"cross-checked at {report.resolved} sampled points{_open_tail(report, config)}"
    if generic:
        return of_full_support(task, Outcome(Verdict.PROVED, "symbolic (sizes symbolic)",
                                              f"SymPy reduces the difference to 0 for every size; {cross}",
                                              evidence=_evidence(report, config)))
    if per_instance and all(per_instance):
        if not sized:
            return of_full_support(task, Outcome(Verdict.PROVED, "symbolic", f"SymPy proves it; {cross}",
                                                  evidence=_evidence(report, config)))
        labels = ", ".join(inst.label for inst in state.instances)
        return of_full_support(task, Outcome(Verdict.CONFIRMED, "symbolic (concrete sizes) + sampling",
                                              f"SymPy proves it at {labels} but not for every size; {cross}",
                                              evidence=_evidence(report, config)))
    return None



@method("confirmation", 30, "pointwise")
def _confirmation(task: LinkTask, state: PointwiseState, config: CheckConfig) -> Outcome | None:
    r"""The last word on a pointwise link that sampling did not refute and SymPy did not
    prove: confirmed when every sampled point was decided and holds; undecided when a
    point could not be decided (it may be the counterexample), never a pass.

    >>> from contrastive_sym.pipeline import check_statement
    >>> true = check_statement(r"e^{a} \geq 1 + a", "inequality", scalar=[{"name": "a"}])
    >>> true.verdict.value, true.method
    ('confirmed', 'sampling')
    >>> false = check_statement(r"e^{a} \geq 1 + a + a^2", "inequality", scalar=[{"name": "a"}])
    >>> false.verdict.value
    'refuted'
    """
    report = state.report
    if report is None:
        return None
    notes = tuple(state.notes)
    tail = _open_tail(report, config)
    if report.open or report.unsure:
        # A point nobody could decide may be the counterexample: the rest is no pass.
        hit = (report.open or [None])[0]
        w = None
        if hit is not None:
            w = witnesses.build(_compiled_for(state, hit.instance), hit.point, hit.comparison,
                                note="the balls could not separate the sides here, and SymPy's exact "
                                     "arithmetic could not settle the point")
        return Outcome(Verdict.UNDECIDED, "sampling",
                       f"holds at the {report.resolved} decided points of {report.points}, but not every "
                       f"point could be decided{tail}", witness=w,
                       evidence=_evidence(report, config), notes=notes)
    settled = f", {report.settled} of them settled by SymPy's exact arithmetic" if report.settled else ""
    # the tables of points read as probabilities and as densities: one choice of sizes, said so
    choices = {(i.sizes, i.indices) for i in report.instances if i.label in report.sizes_seen}
    as_densities = ", its points' tables read as probabilities and as densities" \
        if any(i.cell_width is not None for i in report.instances) else ""
    if report.resolved >= max(5, report.points // 3) or report.resolved and _every_point(state):
        return of_full_support(task, Outcome(Verdict.CONFIRMED, "sampling",
                                              f"holds at all {report.resolved} decided points of {report.points}"
                                              f"{settled} ({len(choices)} size/index choices{as_densities}){tail}",
                                              evidence=_evidence(report, config), notes=notes))
    return Outcome(Verdict.UNDECIDED, "sampling",
                   f"only {report.resolved} of {report.points} sampled points could be decided{tail}",
                   evidence=_evidence(report, config), notes=notes)


def _closed(state: PointwiseState) -> bool:
    """Every instance is closed arithmetic (no variable left): its one point is all there is,
    so deciding every point decides the step at the sizes checked."""
    return bool(state.instances) and all(not inst.variables for inst in state.instances)


def _every_point(state: PointwiseState) -> bool:
    """Every instance is closed arithmetic, or its variables take the values of finite
    domains only and every assignment was sampled (``exhaustive``): the points are all
    there is, so deciding every point decides the step at the sizes checked."""
    return bool(state.instances) and all(not inst.variables or exhaustive(inst) for inst in state.instances)

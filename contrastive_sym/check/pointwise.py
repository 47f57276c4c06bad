"""Pointwise links (identities, inequalities, gradients, directions): numeric sampling,
then a symbolic proof attempt, then numeric confirmation."""
from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import sympy as sp

from ..claims import Relation
from ..nodes import MaxOver
from ..verdicts import Evidence, Outcome, Verdict
from . import conditions, sandbox, symbolic
from . import witness as witnesses
from .config import CheckConfig
from .instantiate import Instance, concretize, instantiate, used_indices, used_sizes
from .numeric import Status
from .registry import LinkState, LinkTask, method, scheduler, task_key
from .sampling import CompiledInstance, Hit, SampleReport, sample



def _prepare(task: LinkTask, state: LinkState, config: CheckConfig) -> None:
    overrides = dict(task.overrides)
    state.instances = instantiate(task.lhs, task.rhs, task.relation, task.notation, overrides,
                                  config.max_instances)
    state.compiled = []
    for inst in state.instances:
        ci = CompiledInstance(inst, task.given, inst.subs)
        if ci.given is not None:
            state.compiled.append(ci)


@method("sampling", 10, "pointwise")
def _sampling(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    _prepare(task, state, config)
    if not state.compiled:
        return Outcome(Verdict.UNDECIDED, "sampling", "no instance satisfies the stated conditions")
    if config.symbolic and worth_a_proof(task):
        state.pending = _start_symbolic(task, state, config)
    report = sample(state.compiled, task.relation, config, task.label)
    state.report = report
    failures = list(report.violations)
    failures += _certified_strict_ties(report, state, config)
    if failures:
        return _refutation(task, state, config, failures, method_name="sampling")
    if report.undefined and report.resolved:
        # SymPy expands and solves here, so it runs in the sandbox like every other SymPy call.
        answer = sandbox.run(conditions.definedness, report, seconds=config.symbolic_seconds,
                             what="conditions of definedness")
        condition = answer.value if answer.ok else None
        if condition:
            hit = report.undefined[0]
            ci = _compiled_for(state, hit.instance)
            w = witnesses.build(ci, hit.point, hit.comparison, note="a side is not a real number here")
            return Outcome(Verdict.CONDITIONAL, "sampling",
                           f"holds where it is defined, but it is undefined at {len(report.undefined)} "
                           f"sampled points of the stated domain; it needs {condition}",
                           witness=w, condition=condition, evidence=_evidence(report, config))
    return None


def worth_a_proof(task: LinkTask) -> bool:
    """Only attempts that can make a verdict 'proved' are worth their time.

    That is a proof with every size symbolic (an identity without derivatives), or
    any proof of a link that has no sizes.  A proof at a few concrete sizes would
    leave the verdict 'confirmed', which sampling gives anyway.  SymPy's assumptions
    cannot see through a maximum, so inequalities with one are not tried.
    """
    if task.relation is Relation.SAME_DIRECTION:
        return False
    if any(e.has(sp.Max, MaxOver) for e in (task.lhs, task.rhs)) and task.relation is not Relation.EQ:
        return False
    generic = task.relation is Relation.EQ and not task.is_gradient
    return generic or not _has_sizes(task)


def _has_sizes(task: LinkTask) -> bool:
    return bool(used_sizes((task.lhs, task.rhs), task.notation) or
                used_indices((task.lhs, task.rhs), task.notation))


def _compiled_for(state: LinkState, instance: Instance) -> CompiledInstance:
    return next(c for c in state.compiled if c.instance is instance)


def _certified_strict_ties(report: SampleReport, state: LinkState, config: CheckConfig) -> list[Hit]:
    """Ties in a strict inequality fail it only when SymPy shows the sides are exactly equal."""
    failures = []
    tries = 0
    for hit in sorted(report.strict_ties, key=lambda h: h.instance.weight):
        if tries >= 2:
            break
        if not _plain_point(hit.point):
            continue
        tries += 1
        sign = witnesses.certify_tie(_compiled_for(state, hit.instance), hit.point,
                                     config.symbolic_seconds)
        if sign == 0:
            failures.append(hit)
            break
        if sign is not None:
            report.holds += 1
    return failures


def _plain_point(point: dict) -> bool:
    """Values of ordinary size: an exact tie there is worth asking SymPy about.  (Ties at
    1e300 are ties of precision; SymPy would spend its whole time limit on them.)"""
    bound = F(10) ** 12
    return all(v == 0 or 1 / bound <= abs(v) <= bound for v in point.values())


def _refutation(task, state, config, failures: list[Hit], method_name: str) -> Outcome:
    """Shrink the smallest failure, re-check it, and look for an unstated condition."""
    by_instance = {c.instance: c for c in state.compiled}
    failures.sort(key=lambda h: h.instance.weight)
    first = failures[0]
    ci = by_instance[first.instance]
    strict_tie = first.comparison.status is Status.TIE

    def fails(point):
        if not ci.admits(point):
            return False
        result = ci.compare(point, task.relation, config.digits, config.max_digits)
        if strict_tie:
            return result.status is Status.TIE and witnesses.certify_tie(ci, point, config.symbolic_seconds) == 0
        return result.status is Status.VIOLATED

    shape_mismatch = len(first.comparison.lhs) != len(first.comparison.rhs)
    # Each step of shrinking a tie needs an exact SymPy check, so its budget is small; a
    # shape mismatch shows at any point, so a sampled one is kept.
    budget = config if not strict_tie else dataclasses.replace(config, shrink_budget=12)
    small = first.point if shape_mismatch else witnesses.shrink(ci, task.relation, first.point, budget, fails)
    final = witnesses.recheck(ci, task.relation, small, config) if not strict_tie else \
        ci.compare(small, task.relation, config.recheck_digits[1], config.max_digits)
    if final is None:  # the shrunk point did not survive: fall back to the sampled one
        small, final = first.point, witnesses.recheck(ci, task.relation, first.point, config)
    if final is None:
        return Outcome(Verdict.UNDECIDED, method_name,
                       "a failure found at working precision did not survive the re-check at "
                       f"{config.recheck_digits} digits", evidence=_evidence(state.report, config))
    note = ("the sides are exactly equal here (shown by SymPy), so the strict inequality fails"
            if strict_tie else "")
    if task.relation is Relation.SAME_DIRECTION:
        note = "each side is a direction, given by its coefficients on ∇g_1, …, ∇g_K"
    w = witnesses.build(ci, small, final, note=note)
    reason = _failure_reason(task.relation, strict_tie, ci.instance, final)
    condition = conditions.smallest_size(state.report, failures, task.notation) or \
        conditions.distinct_values(failures, by_instance, task.relation, config)
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


def _start_symbolic(task: LinkTask, state: LinkState, config: CheckConfig):
    return submit_symbolic(task, config, state.instances)


def submit_symbolic(task: LinkTask, config: CheckConfig, instances=None):
    """Queue the symbolic proof attempt of a link (see .scheduler)."""
    if instances is None:
        instances = instantiate(task.lhs, task.rhs, task.relation, task.notation, dict(task.overrides),
                                config.max_instances)
    pairs = [(inst.lhs, inst.rhs, inst.subs if inst.interpreted else None) for inst in instances]
    ranges = {d.symbol: (d.lo, d.hi) for d in task.notation.indices}
    generic = task.relation is Relation.EQ and not task.is_gradient
    return scheduler().submit(task_key(task), _symbolic_job,
                              (task.lhs, task.rhs, task.relation.name, pairs, ranges, generic),
                              config.symbolic_seconds, "symbolic proof")


def _symbolic_job(lhs, rhs, relation_name, pairs, ranges, generic):
    """In the sandbox: a proof for symbolic sizes; for a link without sizes, its one instance."""
    proved_generic = False
    if generic:
        try:
            proved_generic = symbolic.prove_generic(lhs, rhs, ranges)
        except (ValueError, TypeError, NotImplementedError):
            proved_generic = False
    if proved_generic:
        return True, [True] * len(pairs)
    if len(pairs) != 1 or pairs[0][2] and any(pairs[0][2].values()):
        return False, []
    left, right, subs = pairs[0]
    if subs is not None:
        left = tuple(concretize(e, subs) for e in left)
        right = tuple(concretize(e, subs) for e in right)
    return False, symbolic.prove_instances([(left, right)], relation_name)


@method("symbolic", 20, "pointwise")
def _symbolic(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    if state.pending is None:
        return None
    result = scheduler().result(state.pending)
    state.pending = None
    if not result.ok:
        state.notes.append(f"SymPy did not finish: {result.failure}")
        return None
    generic, per_instance = result.value
    report = state.report
    if report is None or report.resolved < 3:
        state.notes.append("a symbolic proof was found but too few points could be checked numerically "
                           "to cross-check it")
        return None
    sized = any(inst.sizes for inst in state.instances)
    cross = f"cross-checked at {report.resolved} sampled points"
    if generic:
        return Outcome(Verdict.PROVED, "symbolic (sizes symbolic)",
                       f"SymPy reduces the difference to 0 for every size; {cross}",
                       evidence=_evidence(report, config))
    if per_instance and all(per_instance):
        if not sized:
            return Outcome(Verdict.PROVED, "symbolic", f"SymPy proves it; {cross}",
                           evidence=_evidence(report, config))
        labels = ", ".join(inst.label for inst in state.instances)
        return Outcome(Verdict.CONFIRMED, "symbolic (concrete sizes) + sampling",
                       f"SymPy proves it at {labels} but not for every size; {cross}",
                       evidence=_evidence(report, config))
    return None


@method("confirmation", 30, "pointwise")
def _confirmation(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    report = state.report
    if report is None:
        return None
    unresolved = report.unresolved + len(report.strict_ties)
    tail = f"; {unresolved} points could not be separated at {config.max_digits} digits" if unresolved else ""
    notes = tuple(state.notes)
    if report.resolved >= max(5, report.points // 3):
        return Outcome(Verdict.CONFIRMED, "sampling",
                       f"holds at all {report.resolved} decided points of {report.points} "
                       f"({len(report.sizes_seen)} size/index choices){tail}",
                       evidence=_evidence(report, config), notes=notes)
    return Outcome(Verdict.UNDECIDED, "sampling",
                   f"only {report.resolved} of {report.points} sampled points could be decided{tail}",
                   evidence=_evidence(report, config), notes=notes)

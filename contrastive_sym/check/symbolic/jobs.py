"""Symbolic proof attempts of a link, queued on the scheduler before and while the
numeric work runs: which links are worth one, and the job that runs in the sandbox."""
from __future__ import annotations

import sympy as sp

from ...model.claims import Relation
from ...model.distributions import DISTRIBUTION_NODES
from ...model.nodes import Cancelled, Folded, MaxOver
from ...model.value_functions import ValueCall
from ..config import CheckConfig
from ..registry import LinkTask, scheduler, task_key
from ..sampling.instantiate import concretize, instantiate, used_indices, used_sizes
from . import prove as symbolic


def worth_a_proof(task: LinkTask) -> bool:
    """Only attempts that can make a verdict 'proved' are worth their time.

    That is a proof with every size symbolic (an identity without derivatives), or
    any proof of a link that has no sizes.  A proof at a few concrete sizes would
    leave the verdict 'confirmed', which sampling gives anyway.  SymPy's assumptions
    cannot see through a maximum, so inequalities with one are not tried, and a link about
    distributions is checked over finite tables of one size: sampled, never proved.
    """
    if task.relation is Relation.SAME_DIRECTION:
        return False
    if any(e.has(*DISTRIBUTION_NODES) for e in (task.lhs, task.rhs)):
        # written out over alphabets of one size (the named points and two more): a proof
        # there says nothing of larger distributions, so it cannot make the verdict 'proved'
        return False
    if any(e.has(sp.Max, MaxOver) for e in (task.lhs, task.rhs)) and task.relation is not Relation.EQ:
        return False
    generic = task.relation is Relation.EQ and not task.is_gradient
    return generic or not _has_sizes(task)


def _has_sizes(task: LinkTask) -> bool:
    return bool(used_sizes((task.lhs, task.rhs), task.notation) or
                used_indices((task.lhs, task.rhs), task.notation))


def submit_symbolic(task: LinkTask, config: CheckConfig, instances=None):
    """Queue the symbolic proof attempt of a link (see .scheduler)."""
    if any(e.has(ValueCall) for e in (task.lhs, task.rhs)):
        # an instance holds the sampled functions of values (model.value_functions): a proof
        # there holds for them only; the abstract sides are proved or nothing is
        pairs = []
    else:
        if instances is None:
            instances = instantiate(task.lhs, task.rhs, task.relation, task.notation, dict(task.overrides),
                                    config.max_instances)
        pairs = [(inst.lhs, inst.rhs, inst.subs if inst.interpreted else None) for inst in instances]
    ranges = {d.symbol: (d.lo, d.hi) for d in task.notation.indices}
    generic = task.relation is Relation.EQ and not task.is_gradient
    return scheduler().submit(task_key(task, config), _symbolic_job,
                              (task.lhs, task.rhs, task.relation.name, pairs, ranges, generic),
                              config.symbolic_seconds, "symbolic proof")


def _zero_only_when_empty(node) -> bool:
    """A quotient's guard that can fire only at sizes where a sum of positive terms is empty
    ((e^{g_1} / Σ_{k≠1} e^{g_k})^{-1} at K = 1): the sizes are sampled from the least one up,
    and a sum over a range that is empty at some size is empty at the least, so sampling
    finds those points; the proof is for where the sum has terms."""
    return isinstance(node, Cancelled) and all(
        isinstance(f, sp.Sum) and f.function.is_positive for f in node.args[1:])


def _symbolic_job(lhs, rhs, relation_name, pairs, ranges, generic):
    """In the sandbox: a proof for symbolic sizes; for a link without sizes, its one instance."""
    proved_generic = False
    if generic:
        # a folded logarithm's guard (e^{Σ_k log a_k}: model.nodes.Folded) is for the points
        # where the written form is undefined, which sampling finds and reports before any
        # proof counts; SymPy proves the equality where both sides are defined
        lhs, rhs = (e.replace(lambda n: isinstance(n, Folded) or _zero_only_when_empty(n), lambda n: n.args[0])
                    for e in (lhs, rhs))
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

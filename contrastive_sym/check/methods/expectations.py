"""Expectations and mutual-information claims, checked exactly on discrete joints.

Each side may hold ``I(X;Y)``, ``E_{p_{XY^K}}[body]`` and ``max_g E[…]``.  They are
evaluated on a family of small joint distributions (|X|, |Y| ≤ 3, exact rationals)
with every ``y_{1:K}`` accounted for (see :mod:`contrastive_sym.check.exact`), for
several kinds of critic, including the boundary cases where estimators meet (constant
critics, critics constant in y or in x, ties) and one searched to be as bad as
possible for the claim.  ``lim_{K→∞}`` statements are read along K = 2, 8, 32, 128, 512.

Ties are never settled by the tolerance alone:

* a tie that would *refute* a strict ``<``/``>`` is certified exact by SymPy (in a
  sandboxed child, :mod:`contrastive_sym.check.exact.certificate`); when SymPy shows the
  sides differ, the sign of the exact difference decides; when it can settle neither,
  the item is ``undecided``;
* a tie that *confirms* ``=``/``≤``/``≥`` is re-checked at twice the precision.

The document's ``given`` conditions are honoured: a combination of joint, critic and K
that does not satisfy them is not evaluated against the claim; a condition that cannot
be evaluated on a joint, a critic and K (e.g. one about g_1, g_2) makes the item
``undecided``.  Combinations where a side is not finite are counted and reported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import mpmath
import sympy as sp

from ...errors import NonFiniteExpectation
from ...model.claims import Relation
from ...model.nodes import BestCritic, ExpectXYK, MutualInformation
from ...model.shapes import limit_spec, strip_limit
from ...model.verdicts import Evidence, Outcome, Verdict, Witness
from ..config import CheckConfig
from ..exact.certificate import certify
from ..exact.conditions import RELATIONS, Conditions, Unusable
from ..exact.critics import critic_family
from ..exact.joints import exact_mutual_information, joint_family
from ..exact.sides import FAILS, HOLDS, NODES, TIE, Evaluator, bodies, combinations, compare, where
from ..registry import LinkState, LinkTask, method

_K_LADDER = (2, 8, 32, 128, 512)
# The expectation method enumerates y_1..y_K; beyond K = 3 the search and the 3x3
# joints cost too much, so larger checked sizes are not visited (the message names
# the sizes that were).
_LARGEST_K = 3
_METHOD = "expectation (exact)"


def _size_symbol(task: LinkTask):
    for node in bodies(task.lhs) + bodies(task.rhs):
        return node.args[2]
    return None


def _outside_nodes(expr: sp.Basic) -> set:
    """The free symbols of ``expr`` outside its mutual informations, critics and expectations."""
    nodes = [n for n in sp.preorder_traversal(expr) if isinstance(n, NODES)]
    return sp.sympify(expr).xreplace({n: sp.Integer(0) for n in nodes}).free_symbols


def _table(rows) -> str:
    return "[" + ", ".join("[" + ", ".join(str(v) for v in row) + "]" for row in rows) + "]"


# --- the method -----------------------------------------------------------------------

@dataclass
class _Tally:
    checked: int = 0
    ties: int = 0
    certified: int = 0
    excluded: int = 0
    nonfinite: list = field(default_factory=list)    # (K, joint, critic, reason)
    unsettled: list = field(default_factory=list)    # reasons
    seen: dict = field(default_factory=dict)         # K -> combinations visited


@method("expectation (exact)", 10, "expectation")
def _expectation(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    r"""Both sides computed exactly over small joint distributions (independent,
    deterministic, with zero cells) and a family of critics (optimal, constant, boundary
    and searched ones) at the checked sizes K; a combination where the relation fails is
    the witness.  A tie is settled exactly, never by the tolerance alone.  A limit in K
    is read along growing K.  Never passes on.

    >>> from contrastive_sym.pipeline import check_statement
    >>> declared = {"size": [{"name": "K", "minimum": 2, "checked": [2]}],
    ...             "family": [{"name": "g", "shape": ["K"]}],
    ...             "operator": [{"name": r"\mathbb{E}", "meaning": "expectation", "of": "g"}],
    ...             "quantity": [{"name": "I(X; Y)", "meaning": "mutual information"}]}
    >>> info_nce = r"\mathbb{E}[\log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k=1}^K \exp(g_k)}]"
    >>> true = check_statement(r"I(X; Y) \geq " + info_nce, "expectation", **declared)
    >>> true.verdict.value, true.method
    ('confirmed', 'expectation (exact)')
    >>> false = check_statement(r"I(X; Y) \leq " + info_nce, "expectation", **declared)
    >>> false.verdict.value, false.method
    ('refuted', 'expectation (exact)')
    """
    spec = limit_spec(task.lhs) or limit_spec(task.rhs)
    if spec is not None:
        return _limit_in_k(task, config, spec)
    k_sym = _size_symbol(task)
    outside = sorted({str(task.notation.display(s)) for s in _outside_nodes(task.lhs) | _outside_nodes(task.rhs)
                      if not (s.is_integer and s.is_positive)})
    if outside:
        # I(q; p^+) with no distribution declared beside a loss of points: the exact method computes
        # its joint's I(X; Y) and E[…] of the critic g, and nothing else the link writes
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       "not checked: the exact method computes the mutual information and the expectations of its "
                       f"own joint of X, Y and critic g, and this link also writes {', '.join(outside)}, which it "
                       "does not draw (declare the [[distribution]] a mutual information is of, of = 'p', to "
                       "check it by sampling)", condition="")
    decl = task.notation.size(k_sym) if k_sym is not None else None
    declared = tuple(dict(task.overrides).get(k_sym, decl.checked if decl else (2,)))
    sizes = [k for k in declared if k <= _LARGEST_K] or [min(declared)]
    conditions = Conditions(tuple(task.given), k_sym)
    try:
        conditions.check_usable()
    except Unusable as exc:
        return Outcome(Verdict.UNDECIDED, _METHOD, str(exc), condition="")
    left_out = [K for K in sizes if not conditions.only_k(K)]
    sizes = [K for K in sizes if K not in left_out]
    if not sizes:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"no checked K ∈ {{{', '.join(map(str, declared))}}} satisfies the stated conditions")
    ctx = mpmath.MPContext()
    ctx.dps = config.digits
    fine = mpmath.MPContext()
    fine.dps = 2 * config.digits
    tally = _Tally()
    visited = combinations(list(dict.fromkeys(bodies(task.lhs) + bodies(task.rhs))), sizes, config.seed, ctx)
    for K, joint, critic, critics in visited:
        outcome = _one(task, config, joint, critic, K, critics, conditions, ctx, fine, tally)
        if outcome is not None:
            return outcome
    return _verdict(task, config, declared, sizes, left_out, tally)


def _one(task, config, joint, critic, K, critics, conditions, ctx, fine, tally) -> Outcome | None:
    """Check one combination; a refutation is returned, everything else goes to the tally."""
    relation = task.relation
    tally.seen[K] = tally.seen.get(K, 0) + 1
    ev = Evaluator(joint, critic, K, ctx)
    try:
        lhs, rhs = ev.value(task.lhs, critics), ev.value(task.rhs, critics)
    except NonFiniteExpectation as exc:
        admitted, _ = conditions.status(joint, critic, K, critics, ctx, config, exact=False)
        if admitted is False:
            tally.excluded += 1
        else:
            tally.nonfinite.append((K, joint, critic, str(exc)))
        return None
    result = compare(relation, lhs, rhs, ctx)
    if result == TIE and not relation.is_strict:
        # Numeric evidence only: it must survive twice the precision.
        again = Evaluator(joint, critic, K, fine)
        try:
            lhs2, rhs2 = again.value(task.lhs, critics), again.value(task.rhs, critics)
        except NonFiniteExpectation as exc:
            tally.nonfinite.append((K, joint, critic, str(exc)))
            return None
        result = compare(relation, lhs2, rhs2, fine)
        if result == TIE:
            result = "tie-confirmed"
    if result in (HOLDS, "tie-confirmed"):
        admitted, _ = conditions.status(joint, critic, K, critics, ctx, config, exact=False)
        if admitted:
            tally.checked += 1
            tally.ties += result == "tie-confirmed"
        else:
            tally.excluded += 1
        return None
    # It fails, or a strict relation ties: whether the combination counts matters now.
    admitted, why = conditions.status(joint, critic, K, critics, ctx, config, exact=True)
    if admitted is False:
        tally.excluded += 1
        return None
    if admitted is None:
        tally.unsettled.append(why)
        return None
    if result == FAILS:
        outcome = _refutation(task, config, joint, critic, K, critics)
        if outcome.verdict is Verdict.REFUTED:
            return outcome
        tally.unsettled.append(f"{outcome.message} ({where(joint, critic, K)})")
        return None
    # A strict relation at a tie: refuted only if the tie is exact.
    kind, sign, how = certify(task.lhs, task.rhs, joint, critic, K, critics, ctx, config)
    if kind == "equal":
        w = Witness(sizes={"K": K},
                    values={"p(x,y)": _table(joint.table), "g(x,y)": _table(critic.table),
                            "distribution": joint.name, "critic": critic.name},
                    lhs=mpmath.nstr(lhs, 20), rhs=mpmath.nstr(rhs, 20), digits=ctx.dps,
                    note=f"the two sides are exactly equal here (certified by SymPy: {how})")
        return Outcome(Verdict.REFUTED, _METHOD,
                       f"fails for the joint '{joint.name}' with the critic '{critic.name}' at K = {K}: "
                       f"the sides are exactly equal ({how}), so the strict {relation.value} does not hold",
                       witness=w)
    if kind == "differs":
        gap_sign_ok = sign > 0 if relation is Relation.LT else sign < 0
        tally.certified += 1
        if gap_sign_ok:
            tally.checked += 1
            return None
        outcome = _refutation(task, config, joint, critic, K, critics, certified=how)
        if outcome.verdict is Verdict.REFUTED:
            return outcome
        tally.unsettled.append(f"{outcome.message} ({where(joint, critic, K)})")
        return None
    tally.unsettled.append(f"a tie of the two sides at {where(joint, critic, K)} could not be settled "
                           f"exactly: {how}")
    return None


def _verdict(task, config, declared, sizes, left_out, tally: _Tally) -> Outcome:
    k_text = ", ".join(map(str, sizes))
    evidence = Evidence(points=tally.checked + len(tally.nonfinite) + len(tally.unsettled),
                        resolved=tally.checked, undefined=len(tally.nonfinite), digits=config.digits,
                        tolerance=f"exact enumeration of y_1..y_K at {config.digits} digits; ties re-checked "
                                  f"at {2 * config.digits} digits, strict ties certified by SymPy",
                        sizes=tuple(f"K={k}" for k in sizes))
    notes = []
    if tally.ties:
        notes.append(f"{tally.ties} of them ties, re-checked at {2 * config.digits} digits")
    if tally.certified:
        notes.append(f"{tally.certified} ties of a strict relation settled exactly by SymPy")
    if task.given:
        labels = ", ".join(f"'{c.label}'" for c in task.given)
        notes.append(f"{tally.excluded} combinations excluded by the stated conditions {labels}"
                     + (f", which also leave out K ∈ {{{', '.join(map(str, left_out))}}}" if left_out else ""))
    skipped = [K for K in declared if K not in sizes and K not in left_out]
    if skipped:
        notes.append(f"the checked sizes K = {', '.join(map(str, skipped))} are not visited: the exact "
                     f"enumeration stops at K = {max(_LARGEST_K, min(sizes))}")
    detail = f" ({'; '.join(notes)})" if notes else ""
    if tally.unsettled:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"{len(tally.unsettled)} combinations could not be settled, the first: "
                       f"{tally.unsettled[0]}; it holds on the other {tally.checked}{detail}",
                       evidence=evidence)
    if tally.nonfinite:
        return _with_undefined(task, sizes, tally, detail, evidence)
    if tally.checked == 0:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"no combination of joint distribution, critic and K ∈ {{{k_text}}} satisfies the "
                       f"stated conditions{detail}", evidence=evidence)
    return Outcome(Verdict.CONFIRMED, _METHOD,
                   f"holds on all {tally.checked} combinations of joint distribution, critic and K ∈ "
                   f"{{{k_text}}}, computed exactly over every y_1..y_K{detail}",
                   evidence=evidence)


def _with_undefined(task, sizes, tally: _Tally, detail: str, evidence: Evidence) -> Outcome:
    """A side is not finite at some combinations of the stated domain: never 'confirmed'."""
    count = len(tally.nonfinite)
    K0, joint0, critic0, reason0 = tally.nonfinite[0]
    first = f"the first at {where(joint0, critic0, K0)} ({reason0})"
    bad_k = {K for K, *_ in tally.nonfinite}
    total = tally.checked + count
    if tally.checked == 0:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"a side is not finite at every one of the {count} combinations; {first}{detail}",
                       evidence=evidence)
    good_k = [K for K in sizes if K not in bad_k]
    # A clear condition: every combination with a small K is undefined, every other one defined.
    per_k = {K: sum(1 for k, *_ in tally.nonfinite if k == K) for K in bad_k}
    whole = all(per_k[K] == _combinations_at(tally, K) for K in bad_k)
    if good_k and whole and max(bad_k) < min(good_k):
        condition = f"K ≥ {min(good_k)}"
        return Outcome(Verdict.CONDITIONAL, _METHOD,
                       f"holds on all {tally.checked} combinations where both sides are finite, but a side is "
                       f"not finite at every combination with K ∈ {{{', '.join(map(str, sorted(bad_k)))}}} "
                       f"({count} combinations; {first}); it needs {condition}{detail}",
                       condition=condition, evidence=evidence)
    if tally.checked < max(10, total // 2):
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"a side is not finite at {count} of {total} combinations ({first}); the "
                       f"{tally.checked} defined ones are too few to confirm it{detail}", evidence=evidence)
    condition = "both sides finite"
    return Outcome(Verdict.CONDITIONAL, _METHOD,
                   f"holds on all {tally.checked} combinations where both sides are finite, but a side is not "
                   f"finite at {count} of {total} combinations of the stated domain ({first}); it needs "
                   f"{condition}{detail}", condition=condition, evidence=evidence)


def _combinations_at(tally: _Tally, K: int) -> int:
    """How many combinations were visited at this K (defined, undefined, excluded or not)."""
    return tally.seen.get(K, 0)


def _refutation(task, config, joint, critic, K, critics, certified: str = "") -> Outcome:
    """Re-check the failure at twice the precision and report it as a witness."""
    ctx = mpmath.MPContext()
    ctx.dps = 2 * config.digits
    ev = Evaluator(joint, critic, K, ctx)
    try:
        lhs, rhs = ev.value(task.lhs, critics), ev.value(task.rhs, critics)
    except NonFiniteExpectation as exc:
        return Outcome(Verdict.UNDECIDED, _METHOD, f"a side is not finite at the re-check: {exc}")
    if compare(task.relation, lhs, rhs, ctx) != FAILS and not certified:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       "a failure at the working precision did not survive the re-check at "
                       f"{ctx.dps} digits")
    w = Witness(sizes={"K": K},
                values={"p(x,y)": _table(joint.table), "g(x,y)": _table(critic.table),
                        "distribution": joint.name, "critic": critic.name},
                lhs=mpmath.nstr(lhs, 20), rhs=mpmath.nstr(rhs, 20), digits=ctx.dps,
                note=f"the sides differ exactly ({certified})" if certified else "")
    return Outcome(Verdict.REFUTED, _METHOD,
                   f"fails for the joint '{joint.name}' with the critic '{critic.name}' at K = {K}",
                   witness=w)


def _limit_in_k(task: LinkTask, config: CheckConfig, spec) -> Outcome:
    """``lim_{K→∞} (max_g) E[…] = I(X;Y)``: the gap along K = 2 … 512 must fall to 0."""
    if task.relation is not Relation.EQ or spec.point != sp.oo:
        return Outcome(Verdict.UNDECIDED, "expectation ladder", "only lim_{K→∞} … = … is supported")
    lhs, _ = strip_limit(task.lhs)
    rhs, _ = strip_limit(task.rhs)
    ctx = mpmath.MPContext()
    ctx.dps = config.digits
    # Joints with |Y| = 3 are left out: along K = 512 their count vectors cost too much.
    joints = [j for j in joint_family(config.seed) if j.shape[1] == 2]
    all_joints = len(joint_family(config.seed))
    ladder = list(_K_LADDER)
    # The document's conditions: on K they thin the ladder, on I(X;Y) they select joints;
    # a condition on the critic or on g cannot be applied to a limit read at one critic.
    k_sym = _size_symbol(task)
    for cond in task.given:
        pred = cond.predicate
        if pred is sp.true:
            continue
        usable = isinstance(pred, sp.core.relational.Relational) and pred.rel_op in (*RELATIONS, "!=") and \
            not pred.has(ExpectXYK, BestCritic) and not pred.atoms(sp.Indexed) and \
            all(s == k_sym or (s.is_integer and s.is_positive) for s in pred.free_symbols)
        if not usable:
            return Outcome(Verdict.UNDECIDED, "expectation ladder",
                           f"the stated condition '{cond.label}' could not be applied to the limit K → ∞, "
                           "which is read at one critic along a ladder of K")
        if not pred.has(MutualInformation):
            ladder = [K for K in ladder if pred.xreplace({s: K for s in pred.free_symbols}) is not sp.false]
            continue
        kept = []
        for joint in joints:
            value = pred.xreplace({MutualInformation(): exact_mutual_information(joint)})
            value = value.xreplace({s: _K_LADDER[-1] for s in value.free_symbols})
            if value not in (sp.true, sp.false):
                return Outcome(Verdict.UNDECIDED, "expectation ladder",
                               f"the stated condition '{cond.label}' could not be decided for '{joint.name}'")
            if value is sp.true:
                kept.append(joint)
        joints = kept
    if len(ladder) < 3 or not joints:
        return Outcome(Verdict.UNDECIDED, "expectation ladder",
                       "too few K and joint distributions satisfy the stated conditions to read the limit")
    lines = []
    for joint in joints:
        # max_g E[…] is read with the optimal critic log p(y|x)/p(y): a lower bound of the
        # maximum, whose upper bound I(X;Y) is the claim checked by the bound itself.
        optimal = [c for c in critic_family(joint, config.seed, ctx) if c.name.startswith("optimal")][:1]
        gaps = []
        for K in ladder:
            ev = Evaluator(joint, optimal[0], K, ctx)
            try:
                gaps.append(abs(ev.value(lhs, optimal) - ev.value(rhs, optimal)))
            except NonFiniteExpectation as exc:
                return Outcome(Verdict.UNDECIDED, "expectation ladder",
                               f"a side is not finite for '{joint.name}' at K = {K}: {exc}")
        scale = gaps[0] if gaps[0] > 0 else ctx.mpf(1)
        falling = all(b <= a * (1 + ctx.mpf(10) ** -20) for a, b in zip(gaps, gaps[1:]))
        if not (falling and gaps[-1] <= scale / 50 + ctx.mpf(10) ** -(config.digits - 10)):
            w = Witness(sizes={"K": ladder[-1]}, values={"p(x,y)": _table(joint.table),
                                                         "distribution": joint.name},
                        lhs=mpmath.nstr(gaps[-1], 12), rhs="0", digits=config.digits,
                        note="the gap |lhs − rhs| along K = " + ", ".join(map(str, ladder)))
            return Outcome(Verdict.UNDECIDED, "expectation ladder",
                           f"the gap does not clearly fall to 0 along K = {tuple(ladder)} for '{joint.name}': "
                           + ", ".join(mpmath.nstr(g, 3) for g in gaps), witness=w)
        lines.append(f"{joint.name}: {mpmath.nstr(gaps[0], 3)} → {mpmath.nstr(gaps[-1], 3)}")
    return Outcome(Verdict.CONFIRMED, "expectation ladder",
                   f"the gap between the sides falls towards 0 as K goes {ladder[0]} → {ladder[-1]} "
                   f"on {len(joints)} joint distributions with |Y| = 2 (of {all_joints}; "
                   f"{'; '.join(lines[:3])}; …), the maximum over g "
                   "being read at the optimal critic log p(y|x)/p(y) (a lower bound of it)",
                   evidence=Evidence(points=len(joints) * len(ladder), resolved=len(joints) * len(ladder),
                                     digits=config.digits, tolerance="exact enumeration by counts"))

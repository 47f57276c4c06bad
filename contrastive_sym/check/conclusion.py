"""Does a proof establish the claim it is attached to?

A proof's last statement is the run of steps that ends at its last step: each step
continues from the one it ``follows`` until a step that starts a statement.  The
run establishes ``first term R last term``, R being the composition of its
relations.  That must be the claim: the same terms (as functions, checked like any
identity) and a relation that implies the claim's.  Otherwise the proof is flagged
as establishing something else, even when every one of its steps holds.
"""
from __future__ import annotations

import dataclasses

import sympy as sp

from ..model.claims import Claim, Relation, Statement, Step, compose
from ..model.verdicts import Outcome, Verdict
from .config import CheckConfig
from ..model.shapes import LinkKind, link_kind, strip_limit
from .registry import LinkTask, check_link
from .sampling.plain import plain


def final_statement(steps: tuple[Step, ...]) -> tuple[Statement, list[Step]]:
    """The statement the proof's last run of steps establishes, and those steps."""
    run = [steps[-1]]
    while run[-1].follows is not None:
        run.append(steps[run[-1].follows - 1])
    run.reverse()
    terms = (run[0].lhs,) + tuple(s.rhs for s in run)
    return Statement(terms, tuple(s.relation for s in run)), run


def _composed(statement: Statement) -> Relation | None:
    rel = Relation.EQ
    for r in statement.relations:
        rel = compose(rel, r)
    return rel


def _quick(config: CheckConfig) -> CheckConfig:
    return dataclasses.replace(config, points_per_instance=16, random_points=4, max_instances=4,
                               symbolic=False)


def _same_function(a, b, claim: Claim, notation, config: CheckConfig, label: str) -> Outcome:
    """Whether two terms are the same function (under lim: the same expressions under it)."""
    a_inner, _ = strip_limit(a)
    b_inner, _ = strip_limit(b)
    return check_link(LinkTask(a_inner, Relation.EQ, b_inner, notation, claim.given, claim.sizes, label),
                      _quick(config))


def check_conclusion(claim: Claim, notation, config: CheckConfig) -> tuple[Outcome, int, Statement]:
    proof = claim.proof
    established, run = final_statement(proof.steps)
    target = proof.conclusion or claim.statement
    line = run[-1].line
    rel = _composed(established)
    if rel is None:
        return (Outcome(Verdict.REFUTED, "proof structure",
                        "the last chain mixes ≤ and ≥, so it establishes no relation between its ends"),
                line, established)
    claim_links = target.links()
    claim_rel = _composed(target)
    if proof.conclusion_factor is not None:
        return _rearranged(claim, notation, config, established, target, rel, claim_rel,
                           proof.conclusion_factor, line)
    if len(target.terms) == len(established.terms) and len(claim_links) > 1:
        pairs = list(zip(established.terms, target.terms))
        rel_ok = all(r.implies(c) for r, c in zip(established.relations, target.relations))
    else:
        ends = [(established.terms[0], target.terms[0]), (established.terms[-1], target.terms[-1])]
        flipped = [(established.terms[0], target.terms[-1]), (established.terms[-1], target.terms[0])]
        pairs, rel_ok = ends, claim_rel is not None and rel.implies(claim_rel)
        if not rel_ok and claim_rel is not None and rel.flipped().implies(claim_rel):
            pairs, rel_ok = flipped, True
    for n, (mine, theirs) in enumerate(pairs):
        if _is_expectation(mine) != _is_expectation(theirs):
            kinds = ("an expectation" if _is_expectation(theirs) else "a pointwise expression")
            return (Outcome(Verdict.REFUTED, "proof conclusion",
                            f"the proof establishes something else: its last statement (line {line}) "
                            f"relates pointwise expressions where the claim has {kinds}"),
                    line, established)
        same = _same_function(mine, theirs, claim, notation, config, f"{claim.id}|conclusion|{n}")
        if same.verdict is Verdict.REFUTED:
            side = "left" if n == 0 else ("right" if n == len(pairs) - 1 else f"term {n + 1}")
            return (Outcome(Verdict.REFUTED, "proof conclusion",
                            f"the proof establishes something else: its last statement (line {line}) has a "
                            f"{side} side that is not the claim's; they differ at the witness",
                            witness=same.witness),
                    line, established)
        if not same.verdict.holds:
            return (Outcome(Verdict.UNDECIDED, "proof conclusion",
                            f"could not decide whether the proof's last statement (line {line}) is the claim: "
                            f"{same.message}"), line, established)
    if not rel_ok:
        shown = " ".join(r.value for r in established.relations)
        return (Outcome(Verdict.REFUTED, "proof conclusion",
                        f"the proof's last statement (line {line}) relates the claim's terms by {shown}, "
                        f"which does not give the claimed {' '.join(r.value for r in target.relations)}"),
                line, established)
    return (Outcome(Verdict.CONFIRMED, "proof conclusion",
                    f"the proof's last statement (line {line}) is the claim"), line, established)


def _rearranged(claim, notation, config, established, target, rel, claim_rel, factor, line):
    """The document says the claim is its last statement multiplied by a positive factor
    and rearranged: then the gap of the claim, rhs − lhs, is factor × the gap of that
    statement, for every value of the variables."""
    if len(target.terms) != 2 or rel is None or claim_rel is None or not rel.implies(claim_rel):
        return (Outcome(Verdict.REFUTED, "proof conclusion (rearranged)",
                        f"the proof's last statement (line {line}) relates its sides by "
                        f"{' '.join(r.value for r in established.relations)}, which does not give the "
                        f"claimed {' '.join(r.value for r in target.relations)}"), line, established)
    gap_claim = target.terms[-1] - target.terms[0]
    gap_proof = established.terms[-1] - established.terms[0]
    same = check_link(LinkTask(gap_claim, Relation.EQ, factor * gap_proof, notation, claim.given, claim.sizes,
                               f"{claim.id}|conclusion|factor"), _quick(config))
    if same.verdict is Verdict.REFUTED:
        return (Outcome(Verdict.REFUTED, "proof conclusion (rearranged)",
                        f"the proof establishes something else: the claim is not its last statement (line "
                        f"{line}) multiplied by {plain(factor)} and rearranged", witness=same.witness),
                line, established)
    if not same.verdict.holds:
        return (Outcome(Verdict.UNDECIDED, "proof conclusion (rearranged)", same.message), line, established)
    # Whether the factor is positive is checked as any inequality is (SymPy's assumptions
    # are a proposer, not an oracle): a factor that is ≤ 0 somewhere reverses the relation there.
    positive = check_link(LinkTask(factor, Relation.GT, sp.Integer(0), notation, claim.given, claim.sizes,
                                   f"{claim.id}|conclusion|factor sign"), _quick(config))
    if positive.verdict is Verdict.REFUTED:
        return (Outcome(Verdict.REFUTED, "proof conclusion (rearranged)",
                        f"the factor {plain(factor)} the claim is multiplied by is not positive at the witness, "
                        f"and multiplying by it does not keep the relation of the proof's last statement (line "
                        f"{line})", witness=positive.witness), line, established)
    if not positive.verdict.holds:
        return (Outcome(Verdict.UNDECIDED, "proof conclusion (rearranged)",
                        f"could not decide whether the factor {plain(factor)} is positive: {positive.message}"),
                line, established)
    return (Outcome(Verdict.CONFIRMED, "proof conclusion (rearranged)",
                    f"the claim is the proof's last statement (line {line}) multiplied by "
                    f"{plain(factor)} > 0 and rearranged: {same.message}; that {plain(factor)} > 0 "
                    f"{positive.message}"), line, established)


def _is_expectation(expr) -> bool:
    return link_kind(expr) is LinkKind.EXPECTATION


def describe(statement: Statement, notation=None) -> str:
    """The statement in LaTeX, with the symbols written as the document writes them."""
    names = _names(statement, notation) if notation is not None else {}
    parts = [sp.latex(statement.terms[0].xreplace(names))]
    for r, t in zip(statement.relations, statement.terms[1:]):
        parts += [_LATEX_REL[r], sp.latex(t.xreplace(names))]
    return " ".join(parts)


def _names(statement: Statement, notation) -> dict:
    """Declared symbols and families renamed to their LaTeX (``dg`` → ``\\nabla g``)."""
    names = {}
    for term in statement.terms:
        for node in sp.preorder_traversal(term):
            if isinstance(node, sp.IndexedBase) and node not in names:
                decl = notation.lookup(node)
                if decl is not None and decl.latex != node.label.name:
                    names[node] = sp.IndexedBase(decl.latex)
            elif isinstance(node, sp.Symbol) and node not in names:
                decl = notation.lookup(node)
                if decl is not None and getattr(decl, "symbol", None) == node and decl.latex != node.name:
                    names[node] = sp.Symbol(decl.latex)
    return names


_LATEX_REL = {Relation.EQ: "=", Relation.LT: "<", Relation.LE: r"\le", Relation.GT: ">",
              Relation.GE: r"\ge", Relation.SAME_DIRECTION: r"\parallel"}

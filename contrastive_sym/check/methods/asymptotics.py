"""Asymptotic statements ``f = g + o(h)`` and ``f = g + O(h)``: the ladder of the remainder ratio,
and SymPy's limit when it can."""
from __future__ import annotations

import sympy as sp

from ...model.claims import Relation
from ...model.verdicts import Outcome, Verdict
from ..symbolic import sandbox
from ..config import CheckConfig
from ..sampling.instantiate import instantiate
from ...model.shapes import is_big_o, split_little_o
from ..numeric.ladders import little_o_finding
from ..numeric.ladder_points import Case, SideCache, keep_ladders, ladder_max_digits, sample_cases
from ..registry import LinkState, LinkTask, method
from .limits import ladder_verdict
from .size_limits import size_as_real, through_values


@method("asymptotic ladder", 15, "asymptotic")
def _asymptotic(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    r"""f = g + o(h) as (f − g)/h → 0 along ladders, proved when SymPy's limit agrees on a
    quotient in the limit variable alone.  Never passes on: a link not of that form is an error.

    >>> from contrastive_sym.pipeline import check_statement
    >>> x, at_0 = {"scalar": [{"name": "x"}]}, {"little_o": {"variable": "x", "at": "0"}}
    >>> true = check_statement(r"\log(1+x) = x + o(x)", "limit", claim=at_0, **x)
    >>> true.verdict.value, true.method
    ('proved', 'sympy.limit + asymptotic ladder')
    >>> false = check_statement(r"\log(1+x) = 2x + o(x)", "limit", claim=at_0, **x)
    >>> false.verdict.value, false.method
    ('refuted', 'asymptotic ladder')
    >>> at_oo = {"little_o": {"variable": "x", "at": r"-\infty"}}   # the ladder x = −10^k
    >>> check_statement(r"\log(1+1/x) = 1/x + o(1/x)", "limit", claim=at_oo, **x).verdict.value
    'proved'
    """
    parts = split_little_o(task.rhs)
    if parts is None or task.relation is not Relation.EQ:
        return Outcome(Verdict.ERROR, "asymptotic ladder", "expected lhs = g + o(h) (or O(h)) with one remainder term")
    big = is_big_o(task.rhs)
    main, h, spec = parts
    # o(·) as a size N → ∞: N a real the ladder moves (size_limits.py)
    refused = through_values(task, spec.var, "asymptotic ladder")
    if refused is not None:
        return refused
    task = size_as_real(task, spec.var, "asymptotic ladder")
    if isinstance(task, Outcome):
        return task
    main, h, spec = split_little_o(task.rhs)
    spec = spec.named(task.notation)
    quotient = (task.lhs - main) / h
    instances = instantiate(quotient, sp.Integer(0), Relation.EQ, task.notation, dict(task.overrides),
                            config.max_instances)
    sides_of = SideCache()

    def finding_at(case: Case, point, digits=config.digits):
        side = sides_of(case.instance, case.params, spec.var)[0]
        return little_o_finding(side, spec, point, digits, ladder_max_digits(config, digits),
                                keep=keep_ladders(case.admits, point), big=big)

    cases, sampling = sample_cases(task, config, instances, spec, finding_at)
    claim = f"(lhs − main part)/h {'stays bounded' if big else '→ 0'} as {spec.describe()}"
    outcome = ladder_verdict(task, config, instances, spec, cases, finding_at, "asymptotic ladder", claim,
                             sampling).outcome
    closed = quotient.free_symbols == {spec.var} and not task.given
    if outcome.verdict is Verdict.CONFIRMED and config.symbolic and closed:
        proof = sandbox.run(_limit_is_finite if big else _limit_is_zero, quotient, spec.var, spec.point,
                            spec.direction, seconds=config.symbolic_seconds, what="sympy.limit")
        if proof.ok and proof.value:
            found = "a finite limit of (lhs − main part)/h" if big else "lim (lhs − main part)/h = 0"
            return Outcome(Verdict.PROVED, "sympy.limit + asymptotic ladder",
                           f"SymPy finds {found} as {spec.describe()}, and the ladders "
                           f"agree: {outcome.message}", evidence=outcome.evidence)
    return outcome


def _limit_is_zero(expr, var, point, direction) -> bool:
    dirs = ["+", "-"] if direction == "+-" else [direction or "+"]
    if point in (sp.oo, -sp.oo):
        dirs = ["-" if point == sp.oo else "+"]
    return all(sp.limit(expr, var, point, d) == 0 for d in dirs)


def _limit_is_finite(expr, var, point, direction) -> bool:
    dirs = ["+", "-"] if direction == "+-" else [direction or "+"]
    if point in (sp.oo, -sp.oo):
        dirs = ["-" if point == sp.oo else "+"]
    return all(sp.limit(expr, var, point, d).is_finite is True for d in dirs)

"""Conditions a document did not state but a step needs.

A step that fails only at degenerate points is ``conditional``, and the condition is
named.  The candidates are generic, derived from where the failures are:

* every failure is at the smallest value of a size (``n = 1``): the step needs ``n ≥ 2``;
* every failure has tied values in one family (``s_{1,1} = s_{1,2}``), and breaking the
  ties makes the step hold: the step needs distinct values;
* the step is undefined at some points of the stated domain (``log(-v)`` with
  ``v ∈ ℝ``): it needs the arguments of its logarithms to be positive.

A candidate is accepted only when the step holds everywhere it was sampled under it.
"""
from __future__ import annotations

from fractions import Fraction as F

import sympy as sp

from ..notation import Domain, Role
from .numeric import Status
from .sampling import CompiledInstance, Hit, SampleReport


def smallest_size(report: SampleReport, failures: list[Hit], notation) -> str | None:
    """``K ≥ 3`` when every failure sits at the smallest K and larger K were checked and hold."""
    if not failures:
        return None
    for decl in notation.sizes:
        name = decl.symbol.name
        at = [dict(h.instance.sizes).get(name) for h in failures]
        if any(v is None for v in at) or set(at) != {decl.minimum}:
            continue
        larger = [i for i in report.instances if dict(i.sizes).get(name, decl.minimum) > decl.minimum]
        if larger:
            return f"{decl.latex} ≥ {decl.minimum + 1}"
    return None


def _tied_pairs(hit: Hit) -> list[tuple[str, str]]:
    pairs = []
    by_family: dict = {}
    for var in hit.instance.variables:
        if var.family is not None and var.role is not Role.DIRECTION:
            by_family.setdefault(var.family, []).append(var)
    for members in by_family.values():
        seen = {}
        for var in members:
            value = hit.point[var.key]
            if value in seen:
                pairs.append((seen[value].name, var.name))
            else:
                seen[value] = var
    return pairs


def _break_ties(hit: Hit) -> dict:
    """The point with every tie inside a family broken by small distinct offsets."""
    point = dict(hit.point)
    by_family: dict = {}
    for var in hit.instance.variables:
        if var.family is not None and var.role is not Role.DIRECTION:
            by_family.setdefault(var.family, []).append(var)
    for members in by_family.values():
        seen: dict = {}
        for var in members:
            value = point[var.key]
            count = seen.get(value, 0)
            seen[value] = count + 1
            if count:
                step = F(count, 1000)
                moved = value - step if var.domain is Domain.UNIT_INTERVAL and value + step > 1 else value + step
                point[var.key] = moved
    return point


def distinct_values(failures: list[Hit], by_instance: dict, relation, config) -> str | None:
    """"no ties" when every failure has a tie and the step holds once the ties are broken."""
    if not failures:
        return None
    pairs = [_tied_pairs(h) for h in failures]
    if not all(pairs):
        return None
    for hit in failures:
        ci: CompiledInstance = by_instance[hit.instance]
        moved = _break_ties(hit)
        if not ci.admits(moved):
            return None
        result = ci.compare(moved, relation, config.digits, config.max_digits)
        if result.status not in (Status.HOLDS, Status.TIE):
            return None
    a, b = pairs[0][0]
    return f"no ties among the values (the failures have ties such as {a} = {b})"


def definedness(report: SampleReport) -> str | None:
    """The positivity of logarithm arguments that fail at the undefined points."""
    if not report.undefined:
        return None
    conditions = []
    for hit in report.undefined[:5]:
        values = {v.symbol: sp.Rational(hit.point[v.key].numerator, hit.point[v.key].denominator)
                  for v in hit.instance.variables}
        lhs, rhs = hit.instance.concrete()
        for expr in lhs + rhs:
            for node in sp.preorder_traversal(expr):
                arg = None
                if isinstance(node, sp.log):
                    arg, op = node.args[0], ">"
                elif isinstance(node, sp.Pow) and node.exp == sp.Rational(1, 2):
                    arg, op = node.base, ">="
                if arg is None:
                    continue
                value = arg.xreplace(values)
                if value.is_number and ((op == ">" and not value.is_positive) or
                                        (op == ">=" and value.is_negative)):
                    conditions.append(_describe(arg, op))
    if not conditions:
        return None
    unique = list(dict.fromkeys(conditions))
    return " and ".join(unique)


def _describe(arg: sp.Expr, op: str) -> str:
    """``-v > 0`` as ``v < 0``: a condition on one variable is solved for it when SymPy can."""
    free = [s for s in arg.free_symbols if isinstance(s, sp.Symbol)]
    if len(free) == 1:
        var = free[0]
        try:
            solved = sp.solveset(arg > 0 if op == ">" else arg >= 0, var, sp.S.Reals)
        except (NotImplementedError, ValueError, TypeError):
            solved = None
        if isinstance(solved, sp.Interval):
            name = sp.pretty(var, use_unicode=True)
            if solved.start == -sp.oo and solved.end != sp.oo:
                return f"{name} {'<' if solved.right_open else '≤'} {solved.end}"
            if solved.end == sp.oo and solved.start != -sp.oo:
                return f"{name} {'>' if solved.left_open else '≥'} {solved.start}"
    return f"{sp.sstr(arg)} {op} 0"

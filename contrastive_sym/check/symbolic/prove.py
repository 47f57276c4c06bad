"""Symbolic proof attempts.  SymPy proposes; the numeric methods always cross-check.

Everything here runs inside :mod:`.sandbox` with a hard time limit.  The rewrites
follow what we measured (../shared/NOTES.md): ``simplify`` does not reduce the
log-sum-exp shift identity, so a difference is first put in *exp-monomial* form
(each ``exp(c·u)`` becomes ``Y_u^c`` for a positive symbol ``Y_u``), and a
difference of logarithms is tested through ``exp(d) = 1`` (valid because both
sides are real).

Sizes can stay symbolic: sums over ``k ≠ i`` become full sums minus the excluded
term, sums starting at 2 become full sums minus their first term, factors that do not
depend on the summation index move out, and each remaining distinct sum is a
positive atom.  An identity that reduces to zero this way holds for every size.
"""
from __future__ import annotations

import sympy as sp

from ...model.nodes import Nabla, StopGrad
from ...model.value_functions import abstract


# --- exp-monomial form --------------------------------------------------------------

def _expand_exp_args(expr: sp.Basic) -> sp.Basic:
    return expr.replace(lambda e: isinstance(e, sp.exp), lambda e: sp.exp(sp.expand(e.args[0])))


def exp_monomials(expr: sp.Basic, table: dict | None = None) -> tuple[sp.Basic, dict]:
    """Replace every ``exp(c·u)`` (c rational) by ``Y_u**c`` with ``Y_u`` a positive symbol."""
    table = {} if table is None else table
    expr = _expand_exp_args(expr)
    expr = sp.expand(expr, deep=True, power_exp=True, mul=False, multinomial=False, log=False,
                     power_base=False, basic=False)

    def monomial(e):
        arg = e.args[0]
        factors = sp.Add.make_args(arg)
        out = sp.S.One
        for term in factors:
            coeff, rest = term.as_coeff_Mul()
            if rest not in table:
                table[rest] = sp.Dummy(f"Y{len(table)}", positive=True)
            out *= table[rest] ** coeff
        return out

    expr = expr.replace(lambda e: isinstance(e, sp.exp), monomial)
    return expr, table


def probably_nonzero(diff: sp.Basic, tries: int = 2) -> bool:
    """A cheap probe before any rewriting: the value at a few rational points.

    A clearly non-zero value means the rewrites cannot succeed, so they are skipped.
    It decides nothing else: a zero here proves nothing.
    """
    symbols = sorted(diff.free_symbols, key=sp.default_sort_key)
    for n in range(tries):
        subs = {}
        for k, s in enumerate(symbols):
            value = sp.Rational(3 + 2 * k + n, 7 + k)
            subs[s] = value if (s.is_positive or n % 2 == 0) else -value
        try:
            value = sp.N(diff.xreplace(subs), 30)
        except (TypeError, ValueError, ZeroDivisionError):
            return False
        if value.is_Number and not value.is_zero and abs(value) > 1e-20:
            return True
    return False


def is_zero(diff: sp.Basic) -> bool:
    """True only when the rewrites reduce ``diff`` to exactly 0."""
    if diff == 0:
        return True
    if probably_nonzero(diff):
        return False
    try:
        mono, _ = exp_monomials(diff)
        if sp.cancel(sp.together(mono)) == 0:
            return True
        if mono.has(sp.log):
            lifted, _ = exp_monomials(sp.exp(diff))
            if sp.cancel(sp.together(lifted) - 1) == 0:
                return True
            logs = sp.expand_log(mono, force=True)
            if sp.cancel(sp.together(logs)) == 0:
                return True
    except (TypeError, ValueError, NotImplementedError, sp.PolynomialError):
        pass
    # simplify is the last and slowest resort; on large expressions it only burns the time limit.
    return sp.count_ops(diff) < 80 and sp.simplify(diff) == 0


def is_nonnegative(diff: sp.Basic, strict: bool) -> bool:
    """True only when SymPy's assumptions show ``diff ≥ 0`` (``> 0`` if strict) after rewriting."""
    if sp.count_ops(diff) > 150:
        return False
    for candidate in _forms(diff):
        verdict = candidate.is_positive if strict else candidate.is_nonnegative
        if verdict:
            return True
    return False


def _forms(diff):
    yield diff
    try:
        mono, _ = exp_monomials(diff)
        yield sp.cancel(sp.together(mono))
        yield sp.factor(sp.together(mono))
    except (TypeError, ValueError, NotImplementedError, sp.PolynomialError):
        return


# --- instances (concrete sizes) ----------------------------------------------------

def prove_instances(pairs, relation_name: str) -> list[bool]:
    """For each concrete instance (lhs components, rhs components), whether it is proved."""
    results = []
    for lhs, rhs in pairs:
        if results and not results[-1]:
            results.append(False)   # one instance failed: the others cannot make it a proof
            continue
        ok = True
        for l, r in zip(lhs, rhs):
            d = r - l
            if relation_name == "EQ":
                ok = is_zero(d)
            elif relation_name in ("LE", "LT"):
                ok = is_nonnegative(d, strict=relation_name == "LT")
            elif relation_name in ("GE", "GT"):
                ok = is_nonnegative(-d, strict=relation_name == "GT")
            else:
                ok = False
            if not ok:
                break
        results.append(ok)
    return results


# --- symbolic sizes ----------------------------------------------------------------

_CANONICAL = sp.Symbol("_k", integer=True)


def _rewrite_sum(s: sp.Sum, index_ranges: dict) -> sp.Basic:
    """A sum as full-range sums over canonical indices, excluded terms subtracted and
    index-free factors moved out."""
    (k, lo, hi), = s.limits
    body = sp.expand(s.function)
    total = sp.S.Zero
    for term in sp.Add.make_args(body):
        deltas = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.KroneckerDelta) and f.has(k)]
        if deltas:
            delta = deltas[0]
            other = delta.args[0] if delta.args[1] == k else delta.args[1]
            rng = index_ranges.get(other)
            if rng is None or not (sp.simplify(rng[0] - lo) >= 0 and sp.simplify(hi - rng[1]) >= 0):
                raise ValueError("a Kronecker delta picks an index that may be out of range")
            total += (term / delta).subs(k, other)
            continue
        free = sp.Mul(*[f for f in sp.Mul.make_args(term) if not f.has(k)])
        dependent = term / free
        if not dependent.has(k):  # a constant summand: (hi - lo + 1) copies of it
            total += term * (hi - lo + 1)
            continue
        piece = sp.Sum(dependent.xreplace({k: _CANONICAL}), (_CANONICAL, 1, hi))
        for j in range(1, int(lo)) if lo.is_Integer else ():
            piece -= dependent.subs(k, j)
        if not lo.is_Integer or lo < 1:
            raise ValueError("a sum with a symbolic lower bound")
        total += free * piece
    return total


def canonical_sums(expr: sp.Basic, index_ranges: dict) -> sp.Basic:
    expr = _expand_exp_args(expr)
    expr = sp.expand(expr, deep=True, power_exp=True, mul=False, multinomial=False, log=False,
                     power_base=False, basic=False)
    # Inner sums first: rewrite bottom-up until no raw Sum is left untouched.
    for _ in range(4):
        sums = [s for s in expr.atoms(sp.Sum) if s.limits[0][0] != _CANONICAL]
        if not sums:
            break
        expr = expr.xreplace({s: _rewrite_sum(s, index_ranges) for s in sums})
        expr = _expand_exp_args(expr)
        expr = sp.expand(expr, deep=True, power_exp=True, mul=False, multinomial=False, log=False,
                         power_base=False, basic=False)
    return expr


def prove_generic(lhs: sp.Basic, rhs: sp.Basic, index_ranges: dict) -> bool:
    """Whether ``lhs = rhs`` reduces to 0 with every size symbolic."""
    if any(e.has(Nabla, sp.Derivative, sp.Limit, sp.MatrixBase) for e in (lhs, rhs)):
        return False
    # a function of values as written, d(u, v): what holds for it holds for every function
    lhs, rhs = abstract(lhs), abstract(rhs)
    d = (rhs - lhs).replace(lambda e: isinstance(e, StopGrad), lambda e: e.args[0])
    d = canonical_sums(d, index_ranges)
    if d.has(sp.Sum):
        atoms = {}
        for s in sorted(d.atoms(sp.Sum), key=sp.default_sort_key):
            atoms[s] = sp.Dummy(f"S{len(atoms)}", positive=True)
        # Sum atoms are positive only when their summands are: check before relying on it.
        for s in atoms:
            if not s.function.is_positive:
                atoms[s] = sp.Dummy(f"R{len(atoms)}", real=True)
        d = d.xreplace(atoms)
    return is_zero(d)

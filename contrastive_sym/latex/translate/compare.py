"""Whether two terms are certainly the same, decided exactly and within bounds."""
from __future__ import annotations

import sympy as sp


def certainly_equal(a, b) -> bool:
    """Whether two terms are certainly the same.

    This runs while a file is read, where a hang is not acceptable, so there is no
    sp.simplify: the terms are equal as trees, or their difference is a polynomial in
    symbols and indexed entries (index arithmetic: k + 1 at k = n − 1) that expands to
    0.  Expanding a polynomial gives its unique sum of monomials, so 0 means equal;
    the size bound keeps the expansion small.  Anything else is "not known to be the
    same", which every caller turns into a reading that stays true (a term kept
    apart from a run, Σ_{k≠i} kept as an indicator) or a ParseError."""
    if a == b:
        return True
    if not (isinstance(a, sp.Expr) and isinstance(b, sp.Expr)):
        return False
    a, b = _expanded_indices(a), _expanded_indices(b)
    if a == b:
        return True
    difference = a - b
    if _expanded_terms(difference) is None:
        return False
    # entries stand for independent unknowns; only the arithmetic around them is expanded
    masked = difference.xreplace({e: sp.Dummy() for e in difference.atoms(sp.Indexed)})
    return sp.expand(masked) == 0


#: Most terms a polynomial may expand to in :func:`certainly_equal` (index arithmetic has a few).
MAX_EXPANDED_TERMS = 64
#: Highest power expanded there.
MAX_EXPANDED_DEGREE = 8


def _expanded_terms(expr) -> int | None:
    """An upper bound on the number of terms of ``expr`` expanded, or None when it is
    not a polynomial in symbols and indexed entries or would expand beyond
    MAX_EXPANDED_TERMS."""
    if isinstance(expr, (sp.Symbol, sp.Indexed)) or expr.is_Rational:
        return 1
    if isinstance(expr, sp.Pow):
        exponent = expr.exp
        if not (exponent.is_Integer and 0 <= exponent <= MAX_EXPANDED_DEGREE):
            return None
        terms = _expanded_terms(expr.base)
        return None if terms is None or terms ** int(exponent) > MAX_EXPANDED_TERMS \
            else terms ** int(exponent)
    if isinstance(expr, (sp.Add, sp.Mul)):
        total = 0 if isinstance(expr, sp.Add) else 1
        for arg in expr.args:
            terms = _expanded_terms(arg)
            if terms is None:
                return None
            total = total + terms if isinstance(expr, sp.Add) else total * terms
            if total > MAX_EXPANDED_TERMS:
                return None
        return total
    return None


def _expanded_indices(expr):
    """``expr`` with the polynomial indices of its indexed entries expanded
    (x_{2(k+1)} → x_{2k+2}), so that equal entries are equal trees."""
    def expanded(entry):
        indices = [sp.expand(i) if _expanded_terms(i) is not None and not i.has(sp.Indexed) else i
                   for i in entry.indices]
        return entry.base[tuple(indices)]
    return expr.xreplace({e: expanded(e) for e in expr.atoms(sp.Indexed)})

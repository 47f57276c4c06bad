r"""``A \propto B``: equal up to a positive factor that does not depend on the named variables.

``p(y \mid x) \propto p(x \mid y)\, p(y)`` says that the ratio of the two sides is one positive
number whatever y is (it may depend on x).  Which variables the factor is independent of
is part of the statement, and the document says it in words, so a claim names them::

    [[claim]]
    latex = 'q_\beta(x^-) \propto e^{\beta s(x^-)} p(x^-)'
    proportional_in = ['x^-']

and is checked as one chain over the variables and a copy of them (y′ for y, with the
same domain and role, sampled independently)::

    0 < A(y) / B(y) = A(y′) / B(y′)

The equality says that A/B takes the same value at y and at y′; the inequality that it is
positive.  Where B is 0 the ratio is undefined, and the verdict says so (conditional on B ≠ 0)
unless the ratio cancels (2x² / x² is 2): a point where both sides are 0 fits any factor, and is
never a counterexample.  A variable named that the statement does not use is an error (the claim would
say nothing about it), as is ``\propto`` without ``proportional_in``.  A point declared beside its
samples (x beside x_1 … x_N) names the samples when the statement writes them and not x.
"""
from __future__ import annotations

import sympy as sp

from ..latex.scope import Family, form_key
from ..model.claims import Statement
from ..model.notation import IndexDecl, ScalarDecl
from .builder import chain
from .context import Context, scope_key

#: the suffix of the name of a copy (y → y′)
_COPY = "′"


def proportional(lhs: sp.Expr, rhs: sp.Expr, names, context: Context, where) -> tuple[Statement, str]:
    """The statement ``lhs \\propto rhs`` in ``names``, and its reading."""
    if not names:
        raise where.error("\\propto says 'equal up to a positive factor that does not depend on …': name the "
                          "variables in the claim, proportional_in = ['y']")
    used = (lhs.free_symbols | rhs.free_symbols | {a.base for a in (lhs + rhs).atoms(sp.Indexed)})
    meanings = {name: _meaning(name, used, context) for name in names}
    unused = [name for name in names if not set(_originals(meanings[name])) & used]
    if unused:
        raise where.error(f"proportional_in names {', '.join(unused)}, which the statement does not use")
    copies = {}
    for name in names:
        copies.update(_copy(name, meanings[name], context, where))
    # the ratio, not the cross products: where both sides are 0 (2x² ∝ x² at x = 0) any factor fits, and
    # 0 < A(y)·B(y′) would refute a true statement; a ratio that SymPy does not cancel is undefined
    # there, which makes the verdict conditional on B ≠ 0, said, never a refutation
    statement = chain(sp.Integer(0), "<", lhs / rhs, "=", lhs.xreplace(copies) / rhs.xreplace(copies))
    shown = ", ".join(names)
    primed = ", ".join(f"{n}{_COPY}" for n in names)
    return statement, (f"∝ in {shown} read as 0 < A({shown})/B({shown}) = A({primed})/B({primed}) for all "
                       f"{shown} and {primed}: A/B is one positive number whatever {shown} is")


def _meaning(name: str, used: set, context: Context):
    """What ``name`` names: a declared scalar, family or index; a point x beside its samples x_i
    (load/declarations.py) names the samples when the statement uses them and not x."""
    meaning = context.scope.lookup(scope_key(name))
    samples = [context.scope.lookup(form_key(scope_key(name), form)) for form in ("subscript", "superscript")]
    samples = [s for s in samples if isinstance(s, Family) and s.base in used]
    if isinstance(meaning, sp.Symbol) and meaning not in used and len(samples) == 1:
        return samples[0]
    return meaning


def _originals(meaning) -> list:
    if isinstance(meaning, Family):
        return [meaning.base]
    return [meaning] if isinstance(meaning, sp.Symbol) else []


def _copy(name: str, meaning, context: Context, where) -> dict:
    """{the variable: its copy}, the copy declared beside it with the same domain and role
    (once: a second claim proportional in the same variable uses the same copy)."""
    builder = context.builder
    made = _made(meaning, builder)
    if made is not None:
        return {meaning.base if isinstance(meaning, Family) else meaning: made}
    if isinstance(meaning, Family):
        decl = next(d for d in builder._families if d.base == meaning.base)
        copy = builder.family(f"{decl.base.name}{_COPY}", decl.shape, decl.domain, role=decl.role,
                              latex=f"{decl.latex}{_COPY}", origin=decl.origin)
        return {meaning.base: copy}
    if isinstance(meaning, sp.Symbol):
        decl = next((d for d in builder._scalars if d.symbol == meaning), None)
        if isinstance(decl, ScalarDecl):
            copy = builder.scalar(f"{meaning.name}{_COPY}", decl.domain, role=decl.role,
                                  latex=f"{decl.latex}{_COPY}", origin=decl.origin)
            return {meaning: copy}
        index = next((d for d in builder._indices if d.symbol == meaning), None)
        if isinstance(index, IndexDecl):
            copy = builder.index(f"{meaning.name}{_COPY}", index.lo, index.hi, latex=f"{index.latex}{_COPY}",
                                 origin=index.origin)
            return {meaning: copy}
    raise where.error(f"proportional_in names '{name}', which is not a declared scalar, family or index")


def _made(meaning, builder):
    """The copy of ``meaning`` a claim before this one declared, or None."""
    if isinstance(meaning, Family):
        wanted = f"{meaning.base.name}{_COPY}"
        return next((d.base for d in builder._families if d.base.name == wanted), None)
    if isinstance(meaning, sp.Symbol):
        wanted = f"{meaning.name}{_COPY}"
        found = [d.symbol for d in builder._scalars if d.symbol.name == wanted]
        found += [d.symbol for d in builder._indices if d.symbol.name == wanted]
        return found[0] if found else None
    return None

"""Entries a statement names past the declared shapes, found before any point is sampled: ``x_{K+1}`` of a
family of K entries, ``g(x)_2`` of a function whose values have one component at K = 1.  Each is an error
of the statement at that size (:class:`OutOfRange`), never a value of its own that a witness could name."""
from __future__ import annotations

import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.notation import FamilyDecl, FunctionDecl, Notation, written_name
from ..numeric.failures import OutOfRange


def check_ranges(symbols, notation: Notation, sizes: dict) -> None:
    """Every entry a link names exists at these sizes: x_{K+1} of a family of K entries is
    an error of the statement (:class:`OutOfRange`), never a value of its own."""
    # in a fixed order, so that of two entries past their shapes one run names the same as the next
    for symbol in sorted(symbols, key=sp.default_sort_key):
        if isinstance(symbol, AppliedUndef):
            check_component(symbol, notation, sizes)
        if not isinstance(symbol, sp.Indexed):
            continue
        decl = notation.lookup(symbol)
        if not isinstance(decl, FamilyDecl) or len(decl.shape) != len(symbol.indices):
            continue
        for index, extent in zip(symbol.indices, decl.shape):
            index, extent = sp.sympify(index), sp.sympify(sp.sympify(extent).xreplace(sizes))
            if index.is_Integer and extent.is_Integer and not 1 <= index <= extent:
                at = ", ".join(f"{written_name(str(s))}={v}" for s, v in sizes.items())
                shape = " × ".join(str(sp.sympify(e).xreplace(sizes)) for e in decl.shape)
                counted = "; its indices start at " + ", ".join(str(f) for f in decl.first) if decl.first else ""
                raise OutOfRange(f"the statement names {notation.display(symbol)}, which is not an entry of "
                                 f"{decl.latex} (of shape {shape} at {at}{counted}): an index runs past the "
                                 "family's declared shape")


def check_component(value, notation: Notation, sizes: dict) -> None:
    """``g(x)_2`` of a function whose values have K components exists where K ≥ 2: at K = 1 it is an
    error of the statement (:class:`OutOfRange`), as an entry past a family's shape is."""
    decl = notation.lookup(value)
    if not (isinstance(decl, FunctionDecl) and len(decl.shape) == 1 and len(value.args) == decl.arguments + 1):
        return
    index, extent = sp.sympify(value.args[-1]), sp.sympify(sp.sympify(decl.shape[0]).xreplace(sizes))
    if index.is_Integer and extent.is_Integer and not 1 <= index <= extent:
        at = ", ".join(f"{written_name(str(s))}={v}" for s, v in sizes.items())
        raise OutOfRange(f"the statement names the component {index} of {decl.latex}(…), whose values have {extent} "
                         f"component{'s' * (extent != 1)} at {at}: an index runs past the function's declared shape")

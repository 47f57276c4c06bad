r"""An entry of a family at an index that is itself the entry of a family of indices (role
"index"): ``W_{y_i}``, the weight of the class of sample i; ``\theta_{y_i}``; ``v_{j_k}``.  The value
of y_i is drawn among the whole numbers of the family's ``values``, so the entry is written as the
sum over each value c of 𝟙[y_i = c]·W_c: every entry W_c is then a variable of the statement, and
the indicator picks the one y_i names at each point checked."""
from __future__ import annotations

import sympy as sp

from ...model.binders import put
from ..families import Family
from .values import RowVector, VectorValue


class IndexFamiliesMixin:
    def at_drawn_index(self, family: Family, indices: list, op):
        """``family`` at ``indices`` where one of them holds an entry of a family of indices, as
        the sum over its values described above; None when none does."""
        for position, index in enumerate(indices):
            entry = self._first_drawn(index)
            if entry is None:
                continue
            lo, hi = self._drawn_values(entry.base)
            value = sp.Dummy("c", integer=True)
            inner = [i.xreplace({entry: value}) if n == position else i for n, i in enumerate(indices)]
            at = self.family_entry(family, inner, op)
            pick = sp.KroneckerDelta(entry, value)
            if isinstance(at, RowVector):
                m = sp.Dummy("m", integer=True)
                return VectorValue(sp.Sum(pick * at.family[at.row, m], (value, lo, hi)), m, at.length)
            if isinstance(at, VectorValue):
                return VectorValue(sp.Sum(pick * at.body, (value, lo, hi)), at.index, at.length)
            return sp.Sum(pick * at, (value, lo, hi))
        return None

    def put_drawn(self, body: sp.Basic, mapping: dict) -> sp.Basic:
        """``body`` with ``mapping`` put in (a definition at the indices a use writes), where a value
        that holds an entry of a family of indices (θ_{i, y_i}) is, as above, the sum over its values
        of 𝟙[y_i = c]·body at c."""
        for param, value in mapping.items():
            entry = self._first_drawn(value)
            if entry is not None:
                lo, hi = self._drawn_values(entry.base)
                c = sp.Dummy("c", integer=True)
                inner = {**mapping, param: sp.sympify(value).xreplace({entry: c})}
                return sp.Sum(sp.KroneckerDelta(entry, c) * self.put_drawn(body, inner), (c, lo, hi))
        return put(body, mapping)

    def _first_drawn(self, index) -> sp.Indexed | None:
        """The first entry of a family of indices in ``index`` (in SymPy's order), or None."""
        drawn = [e for e in sp.sympify(index).atoms(sp.Indexed) if self._drawn_values(e.base)]
        return min(drawn, key=sp.default_sort_key) if drawn else None

    def _drawn_values(self, base) -> tuple | None:
        """(first, last) value of the family of indices ``base``; None for any other family."""
        family = self._family_of(base)
        return family.values if isinstance(family, Family) else None

r"""Names the notation declares whole with an index in their scripts or arguments, read where that index
is bound anew.

``[[scalar]] a_i``, ``[[index]] p(i)``, ``[[family]] x^{(i)}``, ``[[function]] f_i``: each is one object, the
one at the declared i.  Where a sum, an optimum or the head of the definition being read binds i anew
(``\sum_i a_i``, ``h_i = a_i``), reading it as that one object at every i would prove ``\sum_i a_i = n a_i``;
it is refused there, naming the letter and what can be declared instead.  Letters of a word (``\tau_{pos}``,
``\mathcal{L}_{info}``) are no indices, and an index declared with ``positive_of`` is a function of the i in
force, read as such."""
from __future__ import annotations

import sympy as sp

from ..scope import AbstractFunction, Family
from .macro_uses import index_letters


class WholeNamesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a name declared whole
    with an index (see the module's text)."""

    def declared_whole(self, key: str, whole: str, op):
        """The meaning of ``whole``, a name the notation declares with its arguments (``p(i)``, the
        positive of row i, an index; ``p(y = 0)``, a prior), or None.  Refused where a letter of its
        arguments is bound anew around the use (``\\sum_i s_{p(i)}``): the declaration names one value,
        at the declared i, not one at each value of the sum's (it was read as that one value)."""
        found = self.scope.lookup(whole)
        if not isinstance(found, (sp.Basic, Family, AbstractFunction)):
            return found        # None, or the other view of an index (positive_of): a function of the index
        rebound = self.rebound_letters(whole[len(key):])
        if rebound:
            raise self.fail(op, f"'{whole}' is declared as one value, at the declared {', '.join(rebound)}; here "
                                f"{', '.join(rebound)} is bound anew (by a sum or an optimum around it, or as the "
                                "index of the name being defined), and "
                                f"{whole} at each of its values is not declared: declare how it depends on "
                                f"{rebound[0]} (an index of the positive: positive_of), or restate the line with "
                                "restated_from")
        return found

    def rebound_letters(self, written: str) -> list[str]:
        """The letters ``written`` (a declared name's scripts or arguments) writes that an index bound
        around the use names here (a sum's, an optimum's, a definition's head ``h_i``), not a declared index
        or a size.  A head's parameter counts where its letter is a declared index (``h_i = a_i``: h at each
        i); a head binds the other letters it writes on trial, labels too (``L(x_a, x_p, x_n)`` with x_a a
        declared vector and no index a), and the declared name there is what the document names."""
        declared = {symbol for symbol, _, _ in self.scope.index_ranges}
        indices = {str(symbol) for symbol in declared}
        return sorted(letter for letter in index_letters(written)
                      if isinstance(meaning := self.scope.lookup(letter), sp.Symbol) and meaning.is_integer
                      and meaning not in declared and letter not in self.scope.size_names
                      and (not str(meaning).endswith("_param") or letter in indices))

    def refuse_rebound_script(self, key: str, meaning, op) -> None:
        """Refuse ``a_i``, a scalar (a family, a function) the notation declares with its script, where i is
        bound anew around it (``\\sum_i a_i``, ``\\sum_i f_i(u)``, ``\\sum_i x^{(i)}_k``): the declaration is one
        object, and it was read as that one at every i."""
        if not isinstance(meaning, (sp.Symbol, Family, AbstractFunction)) or op.data not in ("subscript", "superscript"):
            return
        rebound = self.rebound_letters(self.source(op.children[1]))
        if rebound:
            letters = ", ".join(rebound)
            kind, hint = ("value", f"declare the family of its values (a [[family]] indexed by {rebound[0]})") \
                if isinstance(meaning, sp.Symbol) else ("family", f"declare a [[family]] with {rebound[0]} as one more "
                                                                  "index") if isinstance(meaning, Family) else \
                ("function", f"a function for each value of {rebound[0]} is not read yet")
            raise self.fail(op, f"'{key}' is declared as one {kind}; here {letters} is bound anew (by a sum or an "
                                f"optimum around it, or as the index of the name being defined), and {key} at each "
                                f"of its values is not declared: {hint}; or restate the line with restated_from")

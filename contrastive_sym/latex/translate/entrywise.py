r"""The exponential and the logarithm of a vector, entry by entry: ``e^{\mathbf{z}}``, ``\exp(\mathbf{z} - c)``,
``\log(\mathbf{p})``.  Documents about the softmax write them so (``\mathrm{softmax}(\mathbf{z}) =
e^{\mathbf{z}} / \sum_j e^{z_j}``), as numpy computes them; a vector has no other exponential or logarithm
(the exponential of a matrix is another function, and a matrix stays refused).  The reading is said."""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp

from .quotients import exp_kept
from .products import refuse_large_exponent
from .trees import is_ellipsis
from .values import RowVector, of_rows


class EntrywiseMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that applies exp and log to each
    entry of a vector."""

    def entrywise(self, function, name: str, argument, node, value=None):
        """``function`` (exp or log, called ``name``) of the value of ``argument`` (its translation
        ``value`` when already made): of each entry when it is a vector, else of the number."""
        value = self.value(argument) if value is None else value
        if self.matrix_of(self.value_of(value)) is not None:
            raise self.fail(node, f"the {name} of a matrix is not read (of one entry, write it of G_{{ij}})")
        vector = self.vector_of(value)
        if vector is None:
            return function(self.expr(argument, value))
        if isinstance(value, RowVector) or of_rows(vector):
            # \exp(z_i / \tau) of an embedding: a dot product left out, more likely than each entry's
            raise self.fail(argument, f"the {name} of '{' '.join(self.source(argument).split())}', rows of a "
                                      f"family or a function's vector values (embeddings): write the number it is "
                                      f"of (z_i \\cdot z_j / \\tau); "
                                      f"the {name} of each entry is read of a vector of numbers (\\mathbf{{z}})")
        note = (f"'{' '.join(self.source(node).split())}' is the {name} of each entry of the vector "
                f"(a vector has no other {name})")
        self.readings.extend([note] if note not in self.readings else [])
        return replace(vector, body=function(vector.body))

    def entrywise_of_items(self, function, name: str, items, node):
        """``function`` of what a call's parentheses hold, ``\\exp(\\mathbf{z})``: of each entry of one
        vector, else of one number (a list is refused as one where one value is expected)."""
        only = items.children[0] if len(items.children) == 1 else None
        if not isinstance(only, lark.Tree) or is_ellipsis(only):
            return function(self._items(items, single=True))
        return self.entrywise(function, name, only, node)

    def power_of_e(self, script, op):
        """``e^{…}`` of the exponent ``script`` (a script as the grammar gives it): of a number, or of each
        entry of a vector (``e^{\\mathbf{z}}``)."""
        inner = _one_item(script)
        value = self.value(inner) if inner is not None else None
        if value is not None and (self.vector_of(value) or self.matrix_of(self.value_of(value))) is not None:
            return self.entrywise(exp_kept, "exponential", inner, op, value)
        exponent = self.expr(script) if inner is None else self.expr(inner, value)
        refuse_large_exponent(self, exponent, op)
        return exp_kept(exponent)


    def declared_scalar_at(self, script) -> bool:
        """Whether a script is one declared scalar (\\gamma of p_t^\\gamma), not an index nor a point: a power."""
        key = self.atom_key(_one_item(script)) if _one_item(script) is not None else None
        meaning = self.scope.lookup(key) if key is not None else None
        return isinstance(meaning, sp.Symbol) and self.scope.index_range(meaning) is None \
            and meaning not in self.scope.points

def _one_item(script):
    """The one value a script holds (``{\\mathbf{z}}``, ``x``); None for a list or an ellipsis."""
    if isinstance(script, lark.Tree) and script.data == "script_group":
        items = script.children[0]
        script = items.children[0] if len(items.children) == 1 else None
    return script if isinstance(script, lark.Tree) and not is_ellipsis(script) else None

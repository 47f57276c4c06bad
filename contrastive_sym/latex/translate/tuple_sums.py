r"""A sum over tuples numbered by one index: ``\sum_{\langle q_i, d_i^+, d_i^- \rangle}`` (the
triplets of a ranking loss), ``\sum_{(x_i, y_i)}``: the sum over that index, said in the
reading (used by :class:`~.operators.OperatorsMixin`)."""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import ParseError
from .trees import bare_letter, unwrap

Tree = lark.Tree


class TupleSumsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads the index of
    a sum over tuples."""

    def _index_of_tuples(self, lower) -> str | None:
        r"""``\sum_{\langle q_i, d_i^+, d_i^- \rangle}``, ``\sum_{(x_i, y_i)}``: a sum over the
        tuples of entries that one index letter numbers, each entry of a declared family with
        that letter as its one subscript, is the sum over that index (said in the reading);
        None for any other subscript."""
        if not (isinstance(lower, Tree) and lower.data == "script_group" and len(lower.children[0].children) == 1):
            return None
        group = unwrap(lower.children[0].children[0])
        if not (isinstance(group, Tree) and group.data in ("inner", "paren")):
            return None
        items = next(c for c in group.children if isinstance(c, Tree) and c.data == "items")
        entries = [unwrap(c) for c in items.children if isinstance(c, Tree)]
        if len(entries) < 2 or {str(c) for c in items.children if not isinstance(c, Tree)} != {","}:
            return None
        letters = {self._numbering_letter(entry) for entry in entries}
        if len(letters) != 1 or None in letters:
            return None
        (letter,) = letters
        written = " ".join(self.source(group).split())
        note = f"the sum over the tuples {written} is the sum over {letter}, which numbers them"
        self.readings.extend([note] if note not in self.readings else [])
        return letter

    def _numbering_letter(self, entry) -> str | None:
        """The one subscript letter of ``entry``, an entry of a declared family (``d_i^+``,
        ``q_{i}``), when the letter is not itself declared as anything but an index."""
        subscripts, node = [], entry
        while isinstance(node, Tree) and node.data in ("subscript", "superscript", "prime"):
            if node.data == "subscript":
                subscripts.append(node.children[1])
            node = node.children[0]
        if len(subscripts) != 1:
            return None
        script = unwrap(subscripts[0])
        if isinstance(script, Tree) and script.data == "script_group" and len(script.children[0].children) == 1:
            script = unwrap(script.children[0].children[0])
        if not bare_letter(script):
            return None
        letter = str(script.children[0])
        declared = self.scope.lookup(letter)
        if declared is not None and self.scope.index_range(declared) is None:
            return None
        try:
            value = self.within(self.scope.bind(letter, sp.Symbol(letter, integer=True))).value(entry)
        except ParseError:
            return None
        return letter if isinstance(value, sp.Indexed) else None

    @staticmethod
    def worded_for(op, message: str) -> str:
        r"""``message`` about a sum's subscript, worded for the operator ``op`` is: a product's
        (``\prod_{…}``) says product and writes \prod."""
        token = op.children[0] if isinstance(op, Tree) and op.children else None
        if not (isinstance(token, lark.Token) and str(token).startswith("\\prod")):
            return message
        return message.replace("\\sum", "\\prod").replace("this sum's", "this product's").replace(
            "a sum over", "a product over")

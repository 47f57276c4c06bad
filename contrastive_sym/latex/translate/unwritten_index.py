r"""A sum written without its index, ``\sum e^{x_j}`` (a blog's softmax, ``s(\mathbf x)_i = e^{x_i} /
\sum e^{x_j}``): the sum over the one declared index its body writes that nothing around it binds (not
an enclosing sum's, nor the definition's own), over the range that index is declared with, as
``\sum_j`` reads it; the reading says so.  A body that writes no such index, or several, or one the
formula writes outside the sum too, is refused, naming them: which one the sum runs over is not written."""
from __future__ import annotations

import lark

from ...errors import DerivationError
from ..parser import parse
from .macro_uses import written_letters

Tree, Token = lark.Tree, lark.Token


class UnwrittenIndexMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ``\\sum`` without
    its index."""

    def unwritten_sum_index(self, op, operand, upper):
        """The tree of the index a sum without a subscript runs over (``j`` of ``\\sum e^{x_j}``)."""
        letters = sorted(written_letters(self.source(operand))) if operand is not None and upper is None else []
        free = [name for name in letters if self.scope.index_range(self.scope.lookup(name)) is not None
                and name not in self.scope.fixed and name not in getattr(self, "open_sums", ())]
        meta = getattr(operand, "meta", None)
        outside = self.text[:meta.start_pos] + " " + self.text[meta.end_pos:] if meta is not None and not meta.empty \
            else self.text
        if len(free) == 1 and free[0] in written_letters(outside) and meta is not None and not meta.empty:
            # \frac{e^{x_i}}{\sum e^{x_j}} = … \sum e^{x_j}: a j inside another sum written without its index
            # is that sum's own, as it reads it
            outside = self._outside_unwritten_sums(meta) or outside
        if len(free) == 1 and free[0] in written_letters(outside):
            raise self.fail(op, f"a sum needs its index (\\sum_k …): its body writes {free[0]}, which the formula "
                                "writes outside the sum too")
        if len(free) != 1:
            which = f": its body writes {', '.join(free)}" if len(free) > 1 else ""
            raise self.fail(op, f"a sum needs its index (\\sum_k …){which}")
        self.readings.append(f"\\sum without its index runs over {free[0]}, the one index its body writes, over "
                             "the range it is declared with")
        return Tree("letter", [Token("LETTER", free[0])], op.meta)

    def _outside_unwritten_sums(self, meta) -> str | None:
        """The formula's text with the body at ``meta`` and the bodies of the other sums written without
        their index blanked; None when the formula's parse does not give the body at ``meta`` (then the
        text around it is taken whole, and a letter it writes refuses the sum)."""
        try:
            tree = parse(self.text)
        except DerivationError:
            return None
        bodies = [(node.children[1].meta.start_pos, node.children[1].meta.end_pos) for node in tree.iter_subtrees()
                  if node.data == "apply_op" and node.children[0].data == "sum_op"
                  and isinstance(node.children[1], Tree) and not node.children[1].meta.empty
                  and _index_unwritten(node.children[0])]
        if (meta.start_pos, meta.end_pos) not in bodies:
            return None
        text = self.text
        for start, end in bodies:
            text = text[:start] + " " * (end - start) + text[end:]
        return text


def _index_unwritten(op) -> bool:
    """Whether the sum ``op`` writes no script (``\\sum e^{x_j}``)."""
    return op.children[1].data == "scripts_none"

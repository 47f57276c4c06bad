r"""``\mathbf{Lx}_i``: a run of letters inside one font, which is not a declared name, written
for the product of the names of that font it splits into (L x_i), as ``tx_1`` is read outside
a font.  The scripts after the font go with its last letter, where TeX sets them.  A run that
does not split into declared names of the font, or splits two ways, is left to be refused."""
from __future__ import annotations

import lark

Tree, Token = lark.Tree, lark.Token


class FontRunsMixin:
    def font_run(self, node, atom):
        """The product a font run ``atom`` (the innermost atom of ``node``, with its scripts)
        writes, or None when ``atom`` is not a font run of declared names of its font."""
        if not (isinstance(atom, Tree) and atom.data == "font") or len(str(atom.children[1])) < 2:
            return None
        font, letters = str(atom.children[0]), str(atom.children[1])
        if self.scope.lookup(f"{font}{{{letters}}}") is not None or not letters.isalpha():
            return None
        if not all(self.scope.lookup(f"{font}{{{letter}}}") is not None for letter in letters):
            return None
        if any(self.scope.lookup(f"{font}{{{letters[a:b]}}}") is not None
               for a in range(len(letters)) for b in range(a + 2, len(letters) + 1)):
            return None     # \mathbf{ab} beside a declared \mathbf{ab} or \mathbf{b…}: two splits
        parts = [Tree("font", [Token("FONT", font), Token("LETTERS", letter)], atom.meta) for letter in letters]
        parts[-1] = _with_atom(node, atom, parts[-1])
        product = parts[-1]
        for part in reversed(parts[:-1]):
            product = Tree("juxt", [part, product], atom.meta)
        self.readings.append(f"{self.source(atom).strip()} is read as the product "
                             + " ".join(f"{font}{{{letter}}}" for letter in letters))
        return self.value(product)


def _with_atom(node, atom, replacement):
    """``node`` (an atom under scripts and calls) with its innermost ``atom`` replaced."""
    if node is atom:
        return replacement
    return Tree(node.data, [_with_atom(node.children[0], atom, replacement)] + node.children[1:], node.meta)

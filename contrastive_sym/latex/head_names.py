"""The name a definition's head gives: ``LSE(…)``, ``\\Delta s(w_c, w_t)``, ``w_k``, ``\\mathcal{L}^{(ij)}``."""
from __future__ import annotations

from lark import Tree

from .translate import Translator
from .translate.letter_runs import difference_mark
from .translate.scripts import is_component_number
from .translate.trees import bare_letter, letter_head


def head_parts(head, translator: Translator):
    """The name of a head and, if it is called, its argument items; a node that is not
    the shape of a head is refused."""
    node = head
    mark = difference_mark(node.children[0]) if isinstance(node, Tree) and node.data == "juxt" else None
    if mark is not None and translator.scope.lookup(mark) is None and letter_head(node.children[1]) is not None:
        # \Delta s(w_c, w_t) = …: the name Δs (a difference the document names), when Δ is no name
        last = node.children[1]
        key = f"{mark} {letter_head(last).children[0]}"
        if isinstance(last, Tree) and last.data == "call" and bare_letter(last.children[0]):
            return key, last.children[1].children[0]
        if bare_letter(last):
            return key, None
    if isinstance(node, Tree) and node.data == "juxt":
        # a run of letters such as LSE(...)
        letters, current = [], node
        while isinstance(current, Tree) and current.data == "juxt":
            first = current.children[0]
            if not bare_letter(first):
                raise translator.fail(head, "the left side of a definition must be a name")
            letters.append(str(first.children[0]))
            current = current.children[1]
        last = current
        if isinstance(last, Tree) and last.data == "subscript" and bare_letter(last.children[0]):
            # CE_i, Loss_i = …: a name of several letters, defined entry by entry (split_subscript)
            return "".join(letters) + str(last.children[0].children[0]) + translator.script_suffix(last), None
        letter = letter_head(last)
        if letter is None:
            raise translator.fail(head, "the left side of a definition must be a name")
        letters.append(str(letter.children[0]))
        if isinstance(last, Tree) and last.data == "call":
            return "".join(letters), last.children[1].children[0]
        if bare_letter(last):
            return "".join(letters), None
        raise translator.fail(head, "the left side of a definition must be a name")
    if isinstance(node, Tree) and node.data == "call":
        callee = node.children[0]
        return name_key(callee, translator), node.children[1].children[0]
    if isinstance(node, Tree) and node.data == "subscript" and isinstance(node.children[0], Tree) \
            and node.children[0].data == "call":
        # \sigma(\mathbf{z})_j = …: the component j of the value, the name \sigma_j of \mathbf{z}
        call = node.children[0]
        return name_key(call.children[0], translator) + translator.script_suffix(node), call.children[1].children[0]
    if isinstance(node, Tree) and node.data == "superscript" and isinstance(node.children[0], Tree) \
            and node.children[0].data == "call" and is_component_number(node.children[1]):
        # P_s(x)^{(i)} = …: the component i of the value (DINO's softmax), the name P_s^{(i)} of x
        call = node.children[0]
        return name_key(call.children[0], translator) + translator.script_suffix(node), call.children[1].children[0]
    return name_key(node, translator), None


def name_key(node, translator: Translator) -> str:
    if isinstance(node, Tree) and node.data in ("subscript", "superscript", "prime"):
        return name_key(node.children[0], translator) + translator.script_suffix(node)
    inner = node.children[0] if isinstance(node, Tree) and node.data == "braces" and len(node.children) == 1 else None
    if isinstance(inner, Tree) and inner.data == "chain_in_group" and len(inner.children) == 1:
        return name_key(inner.children[0], translator)      # {z_-}_i, and z_{-, i} read so: the name z_-
    key = translator.atom_key(node)
    if key is None:
        raise translator.fail(node, "the left side of a definition must be a name")
    return key


def split_subscript(head, translator, key):
    """``w_k`` → (``w``, the subscript) when the subscript is the last script, or the last but a
    superscript (``w_k^{+}`` → ``w^+``: TeX sets it as ``w^{+}_k``)."""
    if isinstance(head, Tree) and head.data == "subscript":
        return name_key(head.children[0], translator), head.children[1]
    if isinstance(head, Tree) and head.data == "juxt" and key.count("_") == 1 and not key.startswith("\\"):
        # CE_i: the letters C, E and the subscript of the last (head_parts read the run)
        current = head
        while isinstance(current, Tree) and current.data == "juxt":
            current = current.children[1]
        if isinstance(current, Tree) and current.data == "subscript":
            return key[:key.index("_")], current.children[1]
    if isinstance(head, Tree) and head.data == "superscript" and isinstance(head.children[0], Tree) \
            and head.children[0].data == "subscript":
        inner = head.children[0]
        return name_key(inner.children[0], translator) + translator.script_suffix(head), inner.children[1]
    return key, None

r"""Two vectors written side by side, ``\mathbf{z_i} \mathbf{z_k}`` inside an exponential: notes
and blog posts write the similarity of two embeddings so.  The product of two column vectors
is not defined; the one product of two vectors that is a number is their dot product, which is
what such a formula needs, so it is read so and the reading says it.  Three vectors side by
side (``a b c``: (a·b) c or a (b·c)) do not say which two are dotted, and are refused; a
transpose written (``a^\top b``, ``a b^\top``) says what it is and is read before this.  Beside a
matrix (``W x y``) nothing is dotted: the product refuses what it cannot multiply.

Two numbers side by side (``2 3``, ``{2}{3}``, ``2 3^2``) are refused: TeX prints them as one
numeral, and a product of numbers is written with ``\cdot``."""
from __future__ import annotations

from .trees import balanced, unwrap
from .values import is_vector


def dot_side_by_side(translator, merged: list, node) -> list:
    """``merged`` (a product's factors, transposes already read) with each pair of vectors
    written side by side made their dot product."""
    if any(translator._matrix_value(v) is not None for v in merged):
        return merged       # W x y: which product is meant is not written; the product refuses it
    result, position = [], 0
    while position < len(merged):
        run = position
        while run + 1 < len(merged) and is_vector(merged[position]) and is_vector(merged[run + 1]):
            run += 1
        if run - position >= 2:
            raise translator.fail(node, f"{run - position + 1} vectors side by side in "
                                        f"'{_short(translator.source(node))}': which two are dotted is not "
                                        "written (write a \\cdot b, or a^\\top b, for a dot product)")
        if run == position + 1:
            result.append(translator.dot(merged[position], merged[run], node))
            note = (f"two vectors side by side in '{_short(translator.source(node))}' are read as their dot "
                    "product (a b as a \\cdot b, the one product of two vectors that is a number)")
            if note not in translator.readings:
                translator.readings.append(note)
            position = run + 1
            continue
        result.append(merged[position])
        position += 1
    return result


def _short(text: str, limit: int = 60) -> str:
    text = balanced(" ".join(text.split()))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def refuse_numerals_side_by_side(translator, items: list, node) -> None:
    r"""Refuses two numbers written side by side, ``2 3`` or ``{2}{3}``: TeX prints them as one numeral,
    23, and a product is written 2 \cdot 3; which is meant is not written (a README drew a vector as
    ``\boxed{2}\boxed{3}\boxed{4}``, read as 24)."""
    for first, second in zip(items, items[1:]):
        if first[0] == second[0] == "factor" and _numeral(first[1]) and _numeral(second[1], powered=True):
            shown = " ".join(f"{translator.source(first[1])} {translator.source(second[1])}".split())
            raise translator.fail(node, f"two numbers side by side, '{_short(shown)}', print as one numeral "
                                        "(2 3 as 23): write the numeral, or 2 \\cdot 3 for their product")


def _numeral(tree, powered: bool = False) -> bool:
    """Whether ``tree`` is a number as written, in braces or not (``3``, ``{3}``, ``\\boxed{3}``'s 3), under a
    brace with a label (``\\underbrace{3}_{b}``), or, where ``powered``, with a power (``3^2``: 2 3^2
    prints 23²)."""
    tree = unwrap(tree)
    while True:
        data = getattr(tree, "data", None)
        if data in ("braces", "chain_in_group") and len(tree.children) == 1:
            tree = unwrap(tree.children[0])
        elif data in ("underbrace", "overbrace") or powered and data == "superscript":
            tree = unwrap(next(c for c in tree.children if hasattr(c, "data")))
        else:
            return data == "number"

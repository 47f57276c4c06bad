r"""A word in a subscript beside an index: ``\hat{\rho}_{\text{neg}, j}``, ``\mathcal{L}^{sup}_{out,i}``.

Papers name a family by a word and write its entries with the word and the index in one subscript
(SupCon's per-anchor losses ``\mathcal{L}^{sup}_{out,i}``).  The word is part of the family's name,
never a product of letters: ``\text{neg}`` (or ``\mathrm``, ``\textrm``, ``\operatorname``), or a run
of two or more letters that is not a declared name and not a run of declared indices (``{ij,k}`` are
three indices, and stay refused as a word)."""
from __future__ import annotations

import re

from lark import Tree

from .trees import bare_letter, unwrap


def written_word(text: str) -> str:
    r"""A ``\text`` word as keys write it: no white space, ``\mathrm{…}`` as ``\text{…}``."""
    return re.sub(r"\\(mathrm|textrm|operatorname)\{", r"\\text{", "".join(text.split()))


def letter_run(tree) -> list[str] | None:
    """The letters of ``out`` (a ``juxt`` of two or more bare letters), None for anything else."""
    letters = []
    while isinstance(tree, Tree) and tree.data == "juxt" and bare_letter(tree.children[0]):
        letters.append(str(tree.children[0].children[0]))
        tree = tree.children[1]
    if not letters or not bare_letter(tree):
        return None
    return letters + [str(tree.children[0])]


def subscript_word(element, translator) -> str | None:
    """The word one item of a subscript writes, as a key writes it; None when it is not a word."""
    element = unwrap(element)
    if isinstance(element, Tree) and element.data == "text":
        return written_word(translator.source(element))
    letters = letter_run(element)
    if letters is None:
        return None
    scope = translator.scope
    word = "".join(letters)
    if scope.lookup(word) is not None or all(scope.index_range(scope.lookup(letter)) is not None
                                             for letter in letters):
        return None
    return word

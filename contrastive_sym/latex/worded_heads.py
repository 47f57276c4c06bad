r"""A definition of the entries of a family named by a word: ``\mathcal{L}^{sup}_{out,i} = …``.

The head's subscript writes a word and indices separated by commas (the word first or last, as
translate/worded.py reads the uses): the definition is of the entry i of the family
``\mathcal{L}^{sup}_{out}``, and a use ``\mathcal{L}^{sup}_{out,1}`` is its entry 1.  The indices are
declared ones, or letters nothing declares that the body uses (as ``C_{ij} = x_i x_j``).  A letter
nothing declares and the body does not use is part of the name: first or last beside indices (DCL's
``q_{B,i}``), or every letter of the subscript (SwAV's ``p_t^{(k)}``)."""
from __future__ import annotations

from typing import Callable

import sympy as sp
from lark import Token, Tree

from .head_parameters import body_with
from .scope import Scope
from .translate.trees import bare_letter, unwrap
from .translate.worded import subscript_word


def worded_head(key: str, index_tree, translator, scope: Scope, read: Callable, params=None):
    """(the family's key, the indices as (name, symbol) pairs) of a head ``key_{word, i}``; (``key``,
    ``params``) for any other subscript, or when the body (``read`` of a scope) does not read with
    the indices bound or leaves an undeclared one unused.  ``params``: the indices the subscript was
    read as (every letter); a letter among them that nothing declares and the body does not use,
    first or last (DCL's ``q_{B,i}``, B for the batch), is a word of the name too."""
    # the letters of the subscript read as indices that nothing declares and the body does not use
    body = body_with(params, scope, read) if params else None
    unused = {n for n, s in params or () if body is not None and scope.lookup(n) is None and not body.has(s)}
    if params and len(unused) == len(params):
        # p_t^{(k)} = … with t declared nowhere and unused by the body: p_t is a name, not a family over t
        translator.readings.append(f"{key}_{' '.join(translator.source(index_tree).split())}: "
                                   f"{', '.join(n for n, _ in params)}, declared nowhere and unused by the body, "
                                   "is part of the name")
        return key, None
    if not (isinstance(index_tree, Tree) and index_tree.data == "script_group"):
        return key, params
    items = index_tree.children[0]
    elements = [unwrap(c) for c in items.children if isinstance(c, Tree)]
    if {str(c) for c in items.children if isinstance(c, Token)} != {","} or len(elements) < 2:
        return key, params
    words = [e for e in elements if subscript_word(e, translator) is not None] if params is None else \
        [e for e in (elements[0], elements[-1]) if bare_letter(e) and str(e.children[0]) in unused][:1]
    if len(words) != 1 or words[0] not in (elements[0], elements[-1]):
        return key, params
    letters = [e for e in elements if e is not words[0]]
    names = [str(e.children[0]) for e in letters if bare_letter(e)]
    declared = {n for n in names if scope.index_range(scope.lookup(n)) is not None}
    if len(names) != len(letters) or len(set(names)) != len(names) \
            or any(n not in declared and scope.lookup(n) is not None for n in names):
        return key, params
    given, params = params, [(n, sp.Symbol(n + "_param", integer=True)) for n in names]
    body = body_with(params, scope, read)
    if body is None or not all(body.has(s) for n, s in params if n not in declared):
        return key, given
    word = subscript_word(words[0], translator) or str(words[0].children[0])
    family = f"{key}_{{{word}}}"
    translator.readings.append(f"_{' '.join(translator.source(index_tree).split())}: {word} is a word of the name "
                               f"{family}, whose entry ({', '.join(names)}) the row defines")
    return family, params

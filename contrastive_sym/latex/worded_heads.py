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

from ..errors import ParseError
from .scope import Scope
from .translate.trees import bare_letter, unwrap
from .translate.worded import subscript_word


def worded_head(key: str, index_tree, translator, scope: Scope, read: Callable, params=None):
    """(the family's key, the indices as (name, symbol) pairs) of a head ``key_{word, i}``; (``key``,
    ``params``) for any other subscript, or when the body (``read`` of a scope) does not read with
    the indices bound or leaves an undeclared one unused.  ``params``: the indices the subscript was
    read as (every letter); a letter among them that nothing declares and the body does not use,
    first or last (DCL's ``q_{B,i}``, B for the batch), is a word of the name too."""
    if params and _none_used(params, scope, read):
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
        [e for e in (elements[0], elements[-1]) if _unused_letter(e, params, scope, read)][:1]
    if len(words) != 1 or words[0] not in (elements[0], elements[-1]):
        return key, params
    letters = [e for e in elements if e is not words[0]]
    names = [str(e.children[0]) for e in letters if bare_letter(e)]
    declared = {n for n in names if scope.index_range(scope.lookup(n)) is not None}
    if len(names) != len(letters) or len(set(names)) != len(names) \
            or any(n not in declared and scope.lookup(n) is not None for n in names):
        return key, params
    given, params = params, [(n, sp.Symbol(n + "_param", integer=True)) for n in names]
    body = _body_with(params, scope, read)
    if body is None or not all(body.has(s) for n, s in params if n not in declared):
        return key, given
    word = subscript_word(words[0], translator) or str(words[0].children[0])
    family = f"{key}_{{{word}}}"
    translator.readings.append(f"_{' '.join(translator.source(index_tree).split())}: {word} is a word of the name "
                               f"{family}, whose entry ({', '.join(names)}) the row defines")
    return family, params


def _body_with(params, scope: Scope, read: Callable):
    """The body read with ``params`` bound; None when it does not read so or is not a value."""
    inner = scope
    for name, bound in params:
        inner = inner.bind(name, bound)
    try:
        body = read(inner)
    except ParseError:
        return None
    return body if isinstance(body, sp.Basic) else None


def _unused_letter(element, params, scope: Scope, read: Callable) -> bool:
    """Whether ``element`` is a letter nothing declares, read as one of ``params``, that the body does
    not use: a letter of the name, not an index."""
    if not bare_letter(element) or scope.lookup(str(element.children[0])) is not None:
        return False
    symbol = dict(params).get(str(element.children[0]))
    body = _body_with(params, scope, read) if symbol is not None else None
    return body is not None and not body.has(symbol)


def _none_used(params, scope: Scope, read: Callable) -> bool:
    """Whether every one of ``params`` is a letter nothing declares that the body does not use."""
    if any(scope.lookup(name) is not None for name, _ in params):
        return False
    body = _body_with(params, scope, read)
    return body is not None and not any(body.has(symbol) for _, symbol in params)

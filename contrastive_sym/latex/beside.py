r"""One letter for one object and for its batch: ``z = g(h)`` beside ``z_i``.

Documents write the embedding of one sample and the embeddings of a batch with one
letter: ``\mathbf{z} = \operatorname{Proj}(\mathbf{r})`` for a sample, then
``\mathbf{z}_\ell = \operatorname{Proj}(\operatorname{Enc}(\tilde{\mathbf{x}}_\ell))`` and
``\mathbf{z}_i \cdot \mathbf{z}_a`` for the batch.  A definition of the name alone then
keeps the entries apart: the name written alone is the definition, the name with a
subscript (or, for a family written with superscripts, a superscript) is the declared
family or the definition entry by entry.  The two are different objects, as the
document's two uses are; nothing relates them unless a formula does.

A third object may share the letter: the name as a function, ``\mathcal{L}(x_i, x_i^+) = …`` (the
loss of a pair) beside the total ``\mathcal{L}`` and the pair's ``\mathcal{L}_{i,j}``.  A use with
its arguments reads the function; one argument of a name that is also a number (``p(1 - p)``) is
refused as ambiguous by the translator (macro_uses.py).
"""
from __future__ import annotations

import re

from sympy import Basic

from .scope import AbstractFunction, Family, Macro, Operator, OperatorKind, Scope, form_key, labelled_key

#: the declared operators that are functions of one number
_FUNCTIONS = (OperatorKind.LOGISTIC, OperatorKind.SOFTPLUS)


def _by_index(meaning) -> bool:
    """A definition of a name, or of its entries by subscripts: no argument, list or matrix."""
    return isinstance(meaning, Macro) and meaning.of_indices_only and not meaning.called \
        and meaning.matrix_shape is None


def _alone(meaning) -> bool:
    """A definition of the name alone (z = …)."""
    return _by_index(meaning) and not meaning.index_params


def _entrywise(meaning) -> bool:
    r"""A family, or a definition entry by entry (z_\ell = …)."""
    return isinstance(meaning, Family) or _by_index(meaning) and bool(meaning.index_params)


def _function(meaning) -> bool:
    r"""A definition of the name as a function of what its parentheses write (\mathcal{L}(x, y) = …)."""
    return isinstance(meaning, Macro) and (arguments_of(meaning) is not None or meaning.labels is not None)


def _whole(meaning) -> bool:
    r"""A definition of the name alone or as a function: beside it, the name with a subscript is
    another object (\mathcal{L}(x_i, x_i^+), then \mathcal{L}_{i,j} of a pair)."""
    return _alone(meaning) or _function(meaning)


def _form(meaning) -> str:
    return "superscript" if isinstance(meaning, Family) and meaning.superscript else "subscript"


def one_beside_other(one, other) -> bool:
    """Whether two definitions of one name in a display are the name alone and its entries
    (``\\mathcal{L} = \\sum_i \\mathcal{L}_i = …``: the total and the term the chain names), or
    one function for two sets of labels (``p(1 | c, w)`` and ``p(0 | c, w)``: two posteriors)."""
    if _labelled(one) and _labelled(other):
        return one.labels != other.labels
    return _alone(one) and _entrywise(other) or _entrywise(one) and _alone(other)


def _labelled(meaning) -> bool:
    return isinstance(meaning, Macro) and meaning.labels is not None


def bind_definition(scope: Scope, macro: Macro) -> Scope:
    """``scope`` with ``macro`` bound under its name.  Beside a family or an entrywise
    definition of that name, a definition of the name alone takes the name and the entries
    stay under the scripted form; an entrywise definition beside one of the name alone
    goes under the scripted form.  A labelled definition for other labels than the name's goes
    beside it.  Otherwise the definition replaces what the name meant."""
    first = scope.names.get(macro.key)
    if isinstance(first, AbstractFunction) and arguments_of(macro) is not None \
            and first.with_arguments(arguments_of(macro)) is None:
        # \#(w) = \sum_c \#(w, c) beside the declared count \#(w, c): a definition for another
        # number of arguments; a use with the declared number is the declared function's
        scope = scope.bind(declared_key(macro.key), first)
    if _declared_function(first) and _alone(macro):
        # p = 0.3 beside a declared function p (or \sigma = 0.5 beside the logistic): the name alone is the
        # number, p(…) stays the function's (one argument is ambiguous: macro_uses.py), never dropped silently
        return scope.bind(function_key(macro.key), first).bind(macro.key, macro)
    if _labelled(macro) and _labelled(first) and first.labels != macro.labels:
        # p(d, w | w_I) after p(w_O | w_I): a second definition for other labels, beside the first,
        # which the bare name keeps (a use is read by the one whose labels it fits)
        return scope.bind(labelled_key(macro.key, macro.labels), macro)
    if _alone(macro) and _function(first):
        # \mathcal{L}(x_i, x_i^+) of a pair, then the total \mathcal{L}: the name alone is the total,
        # the name with its arguments the function
        return scope.bind(function_key(macro.key), first).bind(macro.key, macro)
    if _function(macro) and _alone(first):
        return scope.bind(function_key(macro.key), macro)
    if _whole(macro) and _entrywise(first):
        return scope.bind(form_key(macro.key, _form(first)), first).bind(macro.key, macro)
    if _entrywise(macro) and _whole(first):
        return scope.bind(form_key(macro.key, "subscript"), macro)
    return scope.bind(macro.key, macro)


def function_key(key: str) -> str:
    """The key a definition of a name as a function is kept under beside a definition of the name
    alone (the loss of a pair beside the total)."""
    return f"{key}(function)"


def function_beside(scope: Scope, key: str, meaning):
    """The definition of ``key`` as a function beside ``meaning``, a definition of the name alone;
    None when there is none."""
    found = scope.lookup(function_key(key)) if _alone(meaning) else None
    return found if _function(found) or _declared_function(found) else None


def _declared_function(meaning) -> bool:
    """A function the notation declares: a [[function]], or an [[operator]] that is one (the logistic)."""
    return isinstance(meaning, AbstractFunction) or isinstance(meaning, Operator) and meaning.kind in _FUNCTIONS


def declared_key(key: str) -> str:
    """The key a declared [[function]] is kept under beside a definition of its name for
    another number of arguments."""
    return f"{key}(declared)"


def arguments_of(macro: Macro) -> int | None:
    r"""How many arguments a use of ``macro`` writes in its parentheses: those of a head
    ``f(u, v)``, ``sim(z_i, z_j)``, ``N(t, c)``, ``P(y \mid x)``; None for a name alone, entries
    by subscripts, a list head ``LSE(x_1, …, x_n)`` or a labelled head."""
    for params in (macro.scalar_params, macro.vector_args, macro.vector_params, macro.point_params):
        if params:
            return len(params)
    return len(macro.index_params) if macro.called else None


def entries_beside(scope: Scope, key: str, meaning, form: str):
    """The family or entrywise definition written ``key`` with a script of ``form``
    beside the definition ``meaning`` of the name alone, or for ``form`` "call" the function
    (\\mathcal{L}(x_i, x_i^+) beside the total \\mathcal{L}); None when there is none."""
    if form == "call":
        return function_beside(scope, key, meaning)
    if not _whole(meaning) or form not in ("subscript", "superscript"):
        return None
    found = scope.lookup(form_key(key, form))
    return found if _entrywise(found) else None


def family_name(family: Family, scope: Scope) -> str:
    """The name a family is declared under."""
    return scope.key_of(family) or str(family.base)


def declared_family(scope: Scope, key: str):
    r"""What the name ``key`` of a definition's head ``key_m`` means: its declaration, or, for a plain
    letter declared nowhere, the one declared vector in bold of that letter (``z_m = \max_i z_i`` beside
    ``\mathbf{z}``), whose entries the letter writes (``z_j``): the head names an entry of it."""
    from .translate.undeclared import bold_vector_of      # the translator imports this module
    found = scope.lookup(key)
    beside = entries_beside(scope, key, found, "subscript")
    if isinstance(beside, Family):
        return beside       # z_i beside a definition of z alone: the rows z is declared with
    bold = bold_vector_of(key, scope.lookup) if found is None else None
    return scope.lookup(bold) if bold is not None else found


def refuse_entries_of_family(family, fixed, body, scope: Scope, translator, head) -> None:
    r"""``z_i = g(h_i)`` with z a declared family and i a declared index its body uses: the
    definition gives every entry, as the declaration does.  Read as the one name z_i, a sum
    \sum_k z_k would still take the declared entries: refused rather than misread.  A
    body that does not use the index (x_m = \max_k x_k) names one value, as written."""
    if not isinstance(family, Family):
        return
    written = translator.source(head).strip()
    if re.fullmatch(r"[^_]*_\s*(?:\d+|\{\s*\d+(?:\s*,\s*\d+)*\s*\})", written):
        # t_2 = 1 - t_1: one entry, which a sum over t's entries (\sum_{i=1}^{2} t_i) would still take
        # as declared, so that t_1 + t_2 = 1 would hold and \sum_i t_i = 1 would not
        raise translator.fail(head, f"'{written}' is an entry of the declared [[family]] {family_name(family, scope)}: "
                                    "a definition of one entry is not read (a sum over the entries would still "
                                    "take the declared one); give the value a name of its own")
    used = sorted(k for k in fixed if isinstance(body, Basic) and body.has(scope.lookup(k)))
    if used:
        raise translator.fail(head, f"'{written}' defines the entries of a declared [[family]] at every "
                                    f"{', '.join(used)}: drop the declaration (the definition gives each entry), "
                                    "or give the definition a name of its own")

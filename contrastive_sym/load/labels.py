r"""Class labels and the sets defined by a condition.

A ``[[family]]`` of role ``label`` (``y_1 … y_n``, one dimension) holds class identities:
they have no value and are only compared (``\mathbb{1}[y_i = y_j]``, ``\sum_{j : y_j = y_i}``).

A ``[[set]]`` with ``index`` and ``where`` is defined by a condition, with the name's
arguments as its parameters::

    [[set]]
    name = 'P(i)'          # or 'N_i', or 'N(y_i)' (a set of a label value)
    index = 'p'
    from = 1
    to = '2N'
    where = 'p \neq i, y_p = y_i'
    nonempty = true        # stated: every P(i) has a member (i in from … to)

``\sum_{p \in P(k)} f`` is Σ_{p=from}^{to} 𝟙[condition at i = k]·f and ``|P(k)|`` is
Σ 𝟙[condition].  ``nonempty`` restricts the sampled label assignments to those where it
holds (:mod:`contrastive_sym.check.sampling.labels`); without it an assignment where a
set is empty is sampled like any other, so 1/|P(i)| is undefined there and the verdict
says so.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import replace

import sympy as sp

from ..latex.parser import parse
from ..latex.scope import SET_KEY, Family, IndexSet, Scope, form_key
from ..latex.spelling import names_written
from ..latex.translate import Translator
from ..model.notation import NonEmptyRule
from .context import Context, read_text, scope_key, table_entries

_LETTER = r"\{?([a-zA-Z])\}?"


def read_labels(spec: dict, scope: Scope, context: Context) -> Scope:
    """``scope`` knowing its families of labels, each checked to be one label per sample, and
    the variables of a finite domain and of norm 1 declared so far (the values a definition
    by cases may test, and those a display may place on the sphere)."""
    labels = set()
    for entry in table_entries(spec, "family", context):
        if str(entry.get("role", "")).lower() != "label":
            continue
        name = entry["name"]
        family = scope.lookup(scope_key(name))
        if not isinstance(family, Family) or len(family.shape) != 1:
            raise context.fail(f"family {name}: role 'label' is for one class label per sample, "
                               "shape = ['n']", ("shape",))
        if "domain" in entry:
            raise context.fail(f"family {name}: a class label has no value, so no domain; leave "
                               "'domain' out", ("domain",))
        labels.add(family.base)
    context.path = context.prefix
    return replace(scope, labels=scope.labels | frozenset(labels), finite=context.builder.finite_domains(),
                   units=context.builder.units(), domains=context.builder.scalar_domains())


def condition_set(entry: dict, name: str, lo: sp.Expr, hi: sp.Expr, scope: Scope,
                  context: Context) -> Scope:
    """``scope`` with the set defined by ``where`` bound (under its head, P for P(i))."""
    if "members" in entry:
        raise context.fail(f"set {name}: 'members' and 'where' do not go together: a set defined by a "
                           "condition is a set of indices", ("members",))
    index_name = read_text(entry, "index", context) if "index" in entry else None
    if index_name is None or not re.fullmatch(r"[a-zA-Z]", index_name.strip()):
        raise context.fail(f"set {name}: 'index' (one letter, the member written in 'where': "
                           "index = 'p') is required with 'where'", ("index",) if "index" in entry else None)
    index_name = index_name.strip()
    head, params, form, labels = _parameters(name, index_name, scope, context)
    index = sp.Dummy(index_name, integer=True)
    symbols = [sp.Dummy(p, integer=True, positive=True) for p in params]
    inner = scope.bind(index_name, index)
    for param, symbol in zip(params, symbols):
        inner = inner.bind(param, symbol)
    condition = _condition(read_text(entry, "where", context), inner, context)
    if form == "label":
        # N(y_i) is a set of the label value y_i: the condition may not use i otherwise
        base, symbol = labels, symbols[0]
        hidden = condition.replace(lambda e: isinstance(e, sp.Indexed) and e.base == base
                                   and e.indices == (symbol,), lambda e: sp.Symbol("class"))
        if symbol in hidden.free_symbols:
            raise context.fail(f"set {name}: a set of the label {params[0]}'s class uses "
                               f"{params[0]} only as the label; write the name with the index "
                               f"({head}({params[0]})) to use {params[0]} itself", ("where",))
    nonempty = entry.get("nonempty", False) is True
    found = IndexSet(head, sp.sympify(lo), sp.sympify(hi), None, index, condition, tuple(symbols), form,
                     labels, nonempty)
    if nonempty:
        _state_nonempty(found, name, context)
    if not params:
        # also under the key of sets: after \in only the set is meant, whatever the letter names
        # later (Q the batch beside Q a [[distribution]], its inclusion probability)
        return scope.bind(scope_key(name), found).bind(SET_KEY + scope_key(name), found)
    scope = scope.bind(form_key(head, form), found)
    return scope if scope.lookup(head) is not None else scope.bind(head, found)


def set_keys(name: str) -> set[str]:
    """The keys a use of the set ``name`` with a parameter looks up (``P(•)``, ``N_{•}``,
    ``\\mathcal{I}^+_{•}``): a use of ``P(k)`` is a use of the set ``P(i)``."""
    written = scope_key(name)
    call = re.fullmatch(r"(.+?)\((.+)\)", written)
    if call is not None:
        return {form_key(call.group(1), "call")}
    marked = _marked(written)
    script = re.fullmatch(rf"(.+)_{_LETTER}", marked) if marked else re.fullmatch(rf"(.+?)_{_LETTER}", written)
    return {form_key(script.group(1), "subscript")} if script else set()


def _marked(written: str) -> str | None:
    """``\\mathcal{I}_u^+`` and ``\\mathcal{I}^+_u`` written as ``\\mathcal{I}^+_u`` (the superscript
    part of the name \\mathcal{I}^+, ^{+} as ^+); None for a name without both scripts."""
    mark = r"(\^(?:\{[^{}]*\}|[^_{}]))"
    after = re.fullmatch(rf"(.+?)_{_LETTER}{mark}", written)
    before = re.fullmatch(rf"(.+?){mark}_{_LETTER}", written)
    if not (after or before):
        return None
    stem, letter, sign = (after.group(1), after.group(2), after.group(3)) if after \
        else (before.group(1), before.group(3), before.group(2))
    sign = "^" + sign[2:-1] if sign.startswith("^{") and len(sign) == 4 else sign
    return f"{stem}{sign}_{letter}"


def _parameters(name: str, index_name: str, scope: Scope, context: Context):
    """(head, parameter names, form, labels family) of ``P(i)``, ``N_i``, ``N(y_i)`` or ``Q``."""
    written = scope_key(name)
    call = re.fullmatch(r"(.+?)\((.+)\)", written)
    script = re.fullmatch(rf"(.+?)_{_LETTER}", written)
    params, form, labels, head = [], "", None, written
    # \mathcal{I}_u^+ and \mathcal{I}^+_u: the superscript is part of the name \mathcal{I}^+
    marked = _marked(written) if call is None else None
    if marked is not None:
        script = re.fullmatch(rf"(.+)_{_LETTER}", marked)
    if call is not None:
        head, form = call.group(1), "call"
        for argument in call.group(2).split(","):
            letter = re.fullmatch(_LETTER, argument)
            label = re.fullmatch(rf"(.+?)_{_LETTER}", argument)
            family = scope.lookup(label.group(1)) if label is not None else None
            if letter is not None:
                params.append(letter.group(1))
            elif isinstance(family, Family) and family.base in scope.labels:
                params.append(label.group(2))
                form, labels = "label", family.base
            else:
                raise context.fail(f"set {name}: its parameters are indices (P(i)) or one class label "
                                   f"(N(y_i)); '{argument}' is neither", ("name",))
        if form == "label" and len(params) != 1:
            raise context.fail(f"set {name}: a set of a class label takes that one label", ("name",))
    elif script is not None:
        head, form = script.group(1), "subscript"
        params.append(script.group(2))
    if index_name in params or len(set(params)) != len(params):
        raise context.fail(f"set {name}: its parameters and its index '{index_name}' are different names",
                           ("index",))
    taken = scope.lookup(head) if params else None
    if params and (scope.lookup(form_key(head, form)) is not None
                   or taken is not None and not isinstance(taken, sp.Symbol)):
        raise context.fail(f"set {name}: '{head}' is declared already; a set with a parameter needs a "
                           "name of its own (or the letter of a size or a scalar, N beside N_i)", ("name",))
    return head, params, form, labels



def _condition(text: str, scope: Scope, context: Context) -> sp.Expr:
    """The product of the indicators of the comparisons of ``where``, separated by commas."""
    context.locator.at(context.path + ("where",))
    where = context.locator.where(text)
    tree = parse(text, where)
    translator = Translator(text, scope, where)
    factor = sp.Integer(1)
    for row in tree.children[0].children:
        if not isinstance(row, str):
            factor *= translator.condition_factor(row)
    return factor


def _state_nonempty(found: IndexSet, name: str, context: Context) -> None:
    """The stated condition that the set has a member, for each value of its parameter in
    the set's own range: a rule of the family of labels its condition compares."""
    bases = {e.base for e in found.condition.atoms(sp.Indexed)}
    families = [d for d in context.builder._families if d.base in bases]
    if len(families) != 1 or len(found.params) > 1:
        raise context.fail(f"set {name}: nonempty = true restricts the class labels sampled, so its "
                           "condition compares the labels of one family and it has at most one parameter",
                           ("nonempty",))
    parameter = found.params[0] if found.params else None
    rule = NonEmptyRule(name, parameter, found.lo, found.hi, found.size)
    decl = families[0]
    # the builder's declaration is frozen: it is replaced by one that carries the rule
    position = context.builder._families.index(decl)
    context.builder._families[position] = dataclasses.replace(decl, rules=decl.rules + (rule,))


def nonempty_reading(exprs, scope: Scope) -> str:
    """What a claim over ``exprs`` takes as stated about its labels: "label assignments
    where P(i) is nonempty (stated)", or "" when it compares no labels of a family with a
    set declared ``nonempty``.  For the claim's reading (load/claims.py)."""
    bases = {a.base for e in exprs for a in sp.sympify(e).atoms(sp.Indexed)} & scope.labels
    stated = sorted({f"{_shown(found)} is nonempty" + (f" for every {found.params[0].name} from "
                                                      f"{sp.latex(found.lo)} to {sp.latex(found.hi)}"
                                                      if found.params else "")
                     for found in scope.names.values()
                     if isinstance(found, IndexSet) and found.nonempty
                     and {a.base for a in found.condition.atoms(sp.Indexed)} & bases})
    if not stated:
        return ""
    return "class labels sampled only where " + "; ".join(stated) + " (stated)"


def unwritten_indices(exprs, latex: str, scope: Scope) -> str:
    """What a claim takes of a declared index it does not write, on which a definition it uses
    depends (``L = \\sum_{i,j,k} … x_l``: l free in L's body): "" when there is none."""
    free = {s for e in exprs for s in sp.sympify(e).free_symbols if scope.index_range(s) is not None}
    unwritten = sorted(key for key in (scope.key_of(s) for s in free)
                       if key is not None and not names_written(latex, key, index=True))
    if not unwritten:
        return ""
    names = ", ".join(unwritten)
    return (f"a definition it uses depends on the index {names}, which the statement does not write: it is "
            f"checked at each value of {'them' if len(unwritten) > 1 else 'it'}")


def _shown(found: IndexSet) -> str:
    if found.form == "subscript":
        return f"{found.name}_{found.params[0].name}"
    if found.form == "label":
        return f"{found.name}({found.labels}_{found.params[0].name})"
    return f"{found.name}({', '.join(p.name for p in found.params)})" if found.params else found.name

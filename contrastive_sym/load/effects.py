"""Whether each binding of a claim or step changes what it reads, and each ``sizes`` entry
what it checks.

:func:`.bindings.check_effects` refuses a binding whose name the formulas never look up.
A name can be looked up and still change nothing: a ``let`` of a summation index the
formula binds itself, a ``let`` that gives a name the meaning it has, a ``read_as`` of a
text as itself, a ``little_o`` where no o(·) is written.  So each binding is judged the
way a reader would: the claim (or step) is read again without it, and if every formula
reads the same, the binding changes nothing; that is a warning (an error under
``--strict``), never silence.  A reading that fails without the binding is one the
binding makes possible: it takes effect.
"""
from __future__ import annotations

import re

import sympy as sp
from sympy.concrete.expr_with_limits import ExprWithLimits

from ..latex.parser import Where
from ..latex.scope import Scope
from ..latex.translate import translate_rows
from .context import Context, scope_key
from .limits import MAX_PROBE_READINGS, MAX_PROBE_READINGS_PER_FILE

_FAILED = object()   # what a formula reads as when it cannot be read: equal to nothing else


def warn_unchanged(entry: dict, outer: Scope, context: Context, what: str, with_steps: bool) -> None:
    """Warn about each binding of ``entry`` without which ``what`` reads the same."""
    variants = list(_variants(entry))
    if not variants:
        return
    # each reading again reads the claim's formulas and its bindings' own (a let's value …)
    formulas = (("latex" in entry and not entry.get("derived")) + ("conclusion_factor" in entry)
                + len(entry.get("given") or ()) + (len(entry.get("step") or ()) if with_steps else 0))
    readings = len(variants) * (formulas + len(variants))
    context.probed += readings
    if readings > MAX_PROBE_READINGS or context.probed > MAX_PROBE_READINGS_PER_FILE:
        limit = "MAX_PROBE_READINGS" if readings > MAX_PROBE_READINGS else "MAX_PROBE_READINGS_PER_FILE"
        context.warn(f"{what} has {_count(len(variants), 'binding')} over {_count(formulas, 'formula')}: "
                     "too many to read again to see whether each changes something "
                     "(contrastive_sym/load/limits.py: "
                     f"{limit}), so that is not checked", key=variants[0][1])
        return
    cursor, used = context.locator.cursor, set(context.used)
    try:
        baseline = _reading(entry, outer, context, with_steps)
        if any(found is _FAILED for found in baseline):
            return   # what the probe cannot read with every binding, it cannot compare
        for label, key, variant in variants:
            if _reading(variant, outer, context, with_steps) == baseline:
                context.warn(f"{' '.join(label.split())}: {what} reads the same without it, so it "
                             "changes nothing" + _HINTS.get(key[0], ""), key)
    finally:
        # reading again is a probe: it moves no cursor and uses no declaration
        context.locator.cursor = cursor
        context.used.clear()
        context.used |= used


def warn_unknown(entry: dict, outer: Scope, context: Context, what: str) -> None:
    """A ``let`` of a name nothing declares: probably a misspelling, which would make the
    formula read another name than the document's.  (A ``read_as`` to a name nothing
    declares needs no warning: the formula then does not read, an error.)"""
    for name in entry.get("let") or {}:
        # x_0 of a declared family x names its entry: known
        if not {scope_key(name), re.split(r"[_^]", scope_key(name))[0]} & outer.names.keys():
            context.warn(f"let {name}: {name!r} is not a declared name, so the let declares it for "
                         f"{what} only; declare it, or check that it is spelled as declared",
                         ("let", name))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


_HINTS = {
    "let": " (a name the formula binds itself, such as a summation index, is not the let's; "
           "nor is a name the let gives the meaning it already has)",
    "read_as": " (the text read is the text written, or reads as the same name)",
    "little_o": " (no o(·) is written)",
    "differentiates": " (no derivative is written alone before a relation, \\frac{\\partial}{\\partial x} = …)",
}


def _variants(entry: dict):
    """(how the message names it, its key for the line, the entry without it)."""
    for name, value in (entry.get("let") or {}).items():
        yield f"let {name} = {value!r}", ("let", name), _without(entry, "let", name)
    for written, read in (entry.get("read_as") or {}).items():
        yield f"read_as {written!r} = {read!r}", ("read_as", written), _without(entry, "read_as", written)
    for table, named in (("ellipsis", lambda r: f"ellipsis from {r.get('first')} to {r.get('last')}"),
                         ("pair_set", lambda r: f"pair_set {r.get('name')}"),
                         ("define", lambda r: f"define {r.get('latex')!r}")):
        for number, reading in enumerate(entry.get(table) or ()):
            yield named(reading), (table,), _without(entry, table, number)
    if entry.get("differentiates") is not None:
        yield f"differentiates '{entry['differentiates']}'", ("differentiates",), _without(entry, "differentiates", None)
    if entry.get("little_o") is not None:
        little_o = entry["little_o"]
        yield (f"little_o as {little_o.get('variable')} -> {little_o.get('at')}", ("little_o",),
               _without(entry, "little_o", None))


def _without(entry: dict, table: str, item) -> dict:
    variant = dict(entry)
    if item is None:
        del variant[table]
    elif isinstance(entry[table], dict):
        variant[table] = {k: v for k, v in entry[table].items() if k != item}
    else:
        variant[table] = [r for n, r in enumerate(entry[table]) if n != item]
    return variant


def _reading(entry: dict, outer: Scope, context: Context, with_steps: bool) -> list:
    from .bindings import local_scope   # bindings imports this module's caller

    # Whatever stops a variant from reading counts as a change: the probe never makes a
    # false warning, and never fails a load that succeeded.
    try:
        scope, _ = local_scope(entry, outer, context)
    except Exception:
        return [_FAILED]
    texts = [entry["latex"]] if isinstance(entry.get("latex"), str) and not entry.get("derived") else []
    texts += list(entry.get("given") or ())
    texts += [entry["conclusion_factor"]] if isinstance(entry.get("conclusion_factor"), str) else []
    found = [_rows(text, scope) for text in texts]
    for step in (entry.get("step") or ()) if with_steps else ():
        try:
            inner, _ = local_scope(step, scope, context)
        except Exception:
            found.append(_FAILED)
            continue
        found.append(_rows(step.get("latex"), inner))
    return found


def _rows(text, scope: Scope):
    if not isinstance(text, str):
        return _FAILED
    try:
        rows = translate_rows(text, scope, Where())
        return tuple((tuple(_canonical(side.expr) for side in row.sides), tuple(row.relations))
                     for row in rows)
    except Exception:
        return _FAILED


def _canonical(expr, depth: int = 0):
    """``expr`` with the variables its sums and products bind renamed by position: a let
    of a declared index renames the index a sum binds (i → ii), which is no change."""
    if not isinstance(expr, sp.Basic) or not expr.args:
        return expr
    if isinstance(expr, ExprWithLimits):
        body, limits = expr.function, []
        for number, (variable, *bounds) in enumerate(expr.limits):
            fresh = sp.Symbol(f"_bound_{depth}_{number}")
            body = body.xreplace({variable: fresh})
            limits.append((fresh, *(_canonical(b, depth) for b in bounds)))
        return expr.func(_canonical(body, depth + 1), *limits)
    return expr.func(*(_canonical(a, depth) for a in expr.args))


def warn_unused_sizes(entry: dict, claim, names: set, context: Context) -> None:
    """A ``sizes`` entry for a size the claim does not involve changes none of its checks."""
    for name, symbol in ((n, context.scope.names.get(n)) for n in entry.get("sizes") or {}):
        if isinstance(symbol, sp.Symbol) and symbol not in names:
            context.warn(f"sizes: claim {claim.id} does not involve the size {name} (nor does any "
                         "family or index it uses), so checking it at these values changes nothing",
                         ("sizes", name))

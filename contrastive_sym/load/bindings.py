"""What a claim or step binds for itself, and the check that each binding takes effect.

``let``, ``ellipsis``, ``little_o``, ``pair_set``, ``read_as``, ``differentiates`` and ``define`` of one
claim or step make its local scope.  One whose name the formulas never look up (names
nothing) is an error here; one that is looked up and still changes nothing is a warning
of :mod:`.effects` (an error under ``--strict``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field as dataclass_field, replace

import sympy as sp

from ..latex.scope import EllipsisReading, Family, Macro, Scope
from .context import Context, RecordingScope, read_formula, scope_key
from .declarations import bind_pair_set, read_definition


@dataclass
class Bindings:
    """What a claim or step binds for itself, to check that each of them takes effect."""

    lets: list = dataclass_field(default_factory=list)      # (name, rebound macro keys, old meaning)
    readings: list = dataclass_field(default_factory=list)  # (EllipsisReading, index)
    read_as: list = dataclass_field(default_factory=list)   # (text as written, key)
    used: set = dataclass_field(default_factory=set)        # what the translation looked up


def local_scope(entry: dict, scope: Scope, context: Context) -> tuple[Scope, Bindings]:
    bindings = Bindings()
    scope = replace(scope, used=bindings.used) if isinstance(scope, RecordingScope) else scope
    for name, formula in (entry.get("let") or {}).items():
        value = read_formula(formula, scope, context, ("let", name))
        bound = scope_key(name)              # the key the translator looks the name up by
        bindings.used.discard(name)          # n = 'n + 1' does not use the n it binds
        bindings.used.discard(bound)
        old = scope.names.get(bound)
        rebound = set()
        if isinstance(old, sp.Expr) and isinstance(value, sp.Expr) and old != value:
            # the definitions this claim uses are re-read with the name bound: a let of a
            # declared size, scalar or index substitutes inside their bodies
            for key, meaning in list(scope.names.items()):
                if isinstance(meaning, Macro) and meaning.body.has(old):
                    scope = scope.bind(key, replace(meaning, body=meaning.body.xreplace({old: value})))
                    rebound.add(key)
        scope = scope.bind(bound, value)
        bindings.lets.append((name, rebound, old))
    readings = []   # a step's readings come before its claim's: the innermost wins
    for number, reading in enumerate(entry.get("ellipsis") or ()):
        inner = ("ellipsis", number)
        readings.append(EllipsisReading(
            str(reading["first"]), str(reading["last"]),
            read_formula(reading["lo"], scope, context, inner + ("lo",)),
            read_formula(reading["hi"], scope, context, inner + ("hi",)),
            read_formula(reading["skip"], scope, context, inner + ("skip",)) if "skip" in reading else None))
        bindings.readings.append((readings[-1], number))
    readings += list(scope.ellipses)
    little_o = entry.get("little_o")
    scope = replace(scope, ellipses=tuple(readings))
    if little_o is not None:
        variable = read_formula(little_o["variable"], scope, context, ("little_o", "variable"))
        scope = replace(scope, little_o=(variable, _little_o_point(little_o, variable, scope, context)))
    for pair_set in entry.get("pair_set") or ():
        scope = bind_pair_set(pair_set, scope, context)
    read_as = entry.get("read_as") or {}
    if read_as:
        pairs = tuple((scope_key(a), scope_key(b)) for a, b in read_as.items())
        bindings.read_as = [(written, key) for written, (key, _) in zip(read_as, pairs)]
        scope = replace(scope, read_as=pairs + scope.read_as)     # the claim's own first: it wins over the file's
    if entry.get("differentiates") is not None:   # what a derivative written alone differentiates
        if not entry["differentiates"].strip() or any(mark in entry["differentiates"] for mark in ("%", "&", "\\\\")):
            raise context.fail("differentiates is one expression, put after each derivative written alone: not "
                               "empty, without a comment ('%'), an alignment mark ('&') or a row break", ("differentiates",))
        read_formula(entry["differentiates"], scope, context, ("differentiates",))   # reads, or names the key
        scope = replace(scope, differentiated=entry["differentiates"])
    for number, local in enumerate(entry.get("define") or ()):
        macro = read_definition(local, context, document_level=False, scope=scope)
        scope = scope.bind(macro.key, macro)
    context.used |= bindings.used   # what the readings' own formulas use is used by the file,
    bindings.used.clear()           # but not a use of what this claim binds
    return scope, bindings


# The only points at infinity a little_o reads: ``\infty``, ``+\infty``, ``-\infty``, in
# braces or not (``{-\infty}``); anything else is read as a formula in the declared names.
_INFINITY = re.compile(r"\s*(?:\{\s*([+-]?)\s*\\infty\s*\}|([+-]?)\s*\\infty)\s*")


def _little_o_point(little_o: dict, variable, scope: Scope, context: Context) -> sp.Basic:
    r"""The point ``at`` of a ``little_o``: ``\infty`` or ``+\infty`` is sp.oo, ``-\infty`` is
    -sp.oo, refused for a variable whose declared domain excludes that side (τ > 0 cannot
    tend to −∞) or which is not one real scalar."""
    at = little_o["at"]
    match = _INFINITY.fullmatch(at) if isinstance(at, str) else None
    if match is None:
        if isinstance(at, str) and "\\infty" in at:
            raise context.fail(f"little_o: at = {at.strip()} is not a point: write \\infty, +\\infty or "
                               "-\\infty alone, or a finite point", ("little_o", "at"))
        return read_formula(str(at), scope, context, ("little_o", "at"))
    point = -sp.oo if "-" in (match.group(1), match.group(2)) else sp.oo
    name = little_o["variable"]
    if not isinstance(variable, sp.Symbol):
        raise context.fail(f"little_o: {name} tends to {at.strip()}, so it must be one declared "
                           "scalar", ("little_o", "variable"))
    if variable.is_real is not True:
        raise context.fail(f"little_o: {name} cannot tend to {at.strip()}: it is not declared "
                           "real", ("little_o", "at"))
    if variable.is_nonnegative if point == -sp.oo else variable.is_nonpositive:
        side = "≥ 0" if point == -sp.oo else "≤ 0"
        raise context.fail(f"little_o: {name} cannot tend to {at.strip()}: its declared domain keeps "
                           f"it {side}", ("little_o", "at"))
    return point


def check_effects(bindings: Bindings, scope: Scope, context: Context, what: str) -> None:
    """A ``let``, ``read_as`` or ``ellipsis`` that names nothing the formulas look up is an
    error: a reading that silently does not apply gives a verdict about another formula
    than intended.  (What is looked up and still changes nothing: :mod:`.effects`.)"""
    used = bindings.used
    for name, rebound, old in bindings.lets:
        if name in used or scope_key(name) in used or rebound & used:
            continue
        inside = sorted(key for key, meaning in scope.names.items()
                        if isinstance(meaning, Macro) and key in used and old is not None
                        and meaning.body.has(old.base if isinstance(old, Family) else old)
                        ) if isinstance(old, (Family, sp.Expr)) else []
        if inside:
            raise context.fail(f"let {name}: {what} uses {name} only inside the definition of "
                               f"{', '.join(inside)}, where a let cannot substitute it (a let "
                               "re-reads a definition only for a declared size, scalar or index); "
                               "write the definition's body out, or define a variant", ("let", name))
        known = "" if old is not None else f" ({name!r} is not a declared name)"
        raise context.fail(f"let {name}: {what} does not use {name}{known}, nor does any definition "
                           "it uses, so the let has no effect", ("let", name))
    for reading, number in bindings.readings:
        if ("ellipsis", id(reading)) not in used:
            raise context.fail(f"ellipsis from {reading.first} to {reading.last}: {what} writes no "
                               "ellipsis with these first and last terms, so the reading has no effect",
                               ("ellipsis",))
    for written, key in bindings.read_as:
        if ("read_as", key) not in used:
            raise context.fail(f"read_as {written!r}: {what} never writes {written}, so the reading "
                               "has no effect", ("read_as", written))


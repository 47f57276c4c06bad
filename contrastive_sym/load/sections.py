r"""Notation that changes from one part of a document to the next: ``[[section]]``.

Long posts and surveys reuse letters: y is a class label in one section and a regression
target in the next, g a critic here and a projection head there, v a sample of the
positives and then a memory bank's features.  A section declares, from the source line
where it starts, what its names mean; the declarations of the document (and of the
sections before it) still hold for every other name::

    [[section]]
    line = 335                       # from this line of the source on
    title = "SimCLR"
    [[section.function]]
    name = 'g'
    arguments = 1
    shape = ['d']

A name a section declares is a new object (a symbol of its own, shown as written), so
what the earlier sections said about the letter does not leak into it, nor the other
way.  A formula is read in the notation of its line: a definition, a claim and its steps
at the claim's line.  A definition is used everywhere as before (documents use one
before the display that gives it), except that a section that declares its name again
hides a definition given before the section's line; one given at or after the line
stays.  A name defined twice means, at each line, the definition in force there: the last
given at or before it, or, before them all, the first (with or without sections).  A declaration that uses a name a later section declares again keeps the meaning
it was read with: declare it again in the section if it is meant to change too.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..latex.scope import Macro, Scope
from .context import Context, read_int, scope_key
from .declarations import read_notation
from .schema import SECTION_TABLES


@dataclass(frozen=True)
class Section:
    line: int
    title: str
    overlay: dict          # key → the meaning the section gives it
    hidden: frozenset      # keys the section's names had before that it does not give again
    scope: Scope           # the whole scope right after the section's notation was read


@dataclass(frozen=True)
class Sections:
    """The sections of a document, in the order of their lines."""

    sections: tuple = ()

    def scope_at(self, line: int, current: Scope) -> Scope:
        """``current`` (the document's notation and every definition read so far) as a
        formula at ``line`` reads it."""
        in_force = [s for s in self.sections if s.line <= line]
        if not in_force:
            return current
        names = dict(current.names)
        for section in in_force:
            for key in section.hidden | section.overlay.keys():
                meaning = current.names.get(key)
                if isinstance(meaning, Macro) and meaning.line is not None and meaning.line >= section.line:
                    continue    # defined at or after the section's start: the definition holds
                if key in section.overlay:
                    names[key] = section.overlay[key]
                else:
                    names.pop(key, None)
        return replace(in_force[-1].scope, names=names)

    def reading(self, line: int, context: Context, read):
        """``read()`` with the scope of ``line``; what it binds (a definition) is kept in
        the document's scope."""
        document = context.scope
        chosen = definitions_in_force(document, context.redefined, line)
        if not self.sections and chosen is document:
            result = read()
            note_redefinitions(document, context)
            return result
        local = self.scope_at(line, chosen)
        context.scope = local
        try:
            result = read()
            bound = {k: v for k, v in context.scope.names.items() if local.names.get(k) is not v}
        finally:
            context.scope = document
        context.scope = replace(document, names={**document.names, **bound})
        note_redefinitions(document, context)
        return result


def definitions_in_force(scope: Scope, redefined: dict, line: int) -> Scope:
    """``scope`` with each name the document defines more than once meaning the definition
    in force at ``line``: the last one given at or before it, or, before them all, the
    first (a document may use a name before the display that defines it)."""
    changes = {}
    for key, macros in redefined.items():
        given = [m for m in macros if m.line <= line]
        in_force = given[-1] if given else macros[0]
        if scope.names.get(key) is not in_force:
            changes[key] = in_force
    return replace(scope, names={**scope.names, **changes}) if changes else scope


def note_redefinitions(before: Scope, context: Context) -> None:
    """Records a definition that replaced another of the same name given at another line
    (a long post defines L in one section and again in the next): each formula then reads
    the one in force at its line, never silently the last one read."""
    for key, meaning in context.scope.names.items():
        old = before.names.get(key)
        if meaning is old or not (isinstance(meaning, Macro) and isinstance(old, Macro)) \
                or meaning.line is None or old.line is None or meaning.line == old.line:
            continue
        history = context.redefined.setdefault(key, [old])
        if all(m is not meaning for m in history):
            history.append(meaning)
            history.sort(key=lambda m: m.line)


def _keys_of(entry: dict) -> set:
    name = entry.get("name")
    return {name, scope_key(name)} if isinstance(name, str) else set()


def read_sections(spec: dict, context: Context) -> Sections:
    """Each ``[[section]]``'s notation, read over the notation in force at its line (the
    document's and the earlier sections'), its names symbols of their own."""
    entries = list(enumerate(spec.get("section", ())))
    entries.sort(key=lambda pair: pair[1].get("line", 0))
    found, lines = [], {}
    document = context.scope
    builder = context.builder
    for number, entry in entries:
        context.path = ("section", number)
        context.locator.enter(context.path)
        line = read_int(entry, "line", context)
        if line in lines:
            raise context.fail(f"two sections start at line {line} (also section {lines[line] + 1}): give "
                               "one the declarations of both", ("line",))
        lines[line] = number
        before = Sections(tuple(found)).scope_at(line, document)
        own = {key for table in SECTION_TABLES for item in entry.get(table, ()) for key in _keys_of(item)}
        start = replace(before, names={k: v for k, v in before.names.items() if k not in own})
        context.scope, context.prefix = start, ("section", number)
        builder.symbol_suffix = f"__from{line}"
        try:
            read_notation({table: entry[table] for table in SECTION_TABLES if table in entry}, context)
            after = context.scope
        finally:
            builder.symbol_suffix, context.prefix, context.path = "", (), ()
        overlay = {k: v for k, v in after.names.items() if before.names.get(k) is not v}
        hidden = frozenset(k for k in before.names if k in own and k not in after.names)
        found.append(Section(line, entry.get("title", ""), overlay, hidden, after))
    context.scope = document
    return Sections(tuple(found))

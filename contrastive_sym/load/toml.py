r"""A derivation written in LaTeX → a :class:`~contrastive_sym.model.claims.Document`.

The container is TOML (:func:`load_toml`); :mod:`contrastive_sym.load.markdown` builds
the same specification from annotations inside a Markdown document.  Every formula
is LaTeX read by our grammar; nothing in the file is executed or evaluated.

A specification is a dict::

    id, title, source
    size    = [{name, minimum, checked}]
    scalar  = [{name, domain, role}]            # name is LaTeX: 't', '\tau', 'x_0'
    family  = [{name, shape, domain, role}]     # shape: LaTeX sizes, ['N', 'N']
    index   = [{name, from, to, distinct_from}]
              | [{name, positive_of, samples}]   # j: the other view of i (not free)
    gradient = {by, directions}                  # ∇ differentiates by a family
    path    = {parameter, moves, along}          # ∂/∂θ along z + θv, at θ = 0
    operator = [{name, meaning, of, line, latex}]  # \mathbb{E}_{p_{XY^K}}, \max_g, …
    quantity = [{name, meaning, line, latex}]    # I(X; Y): mutual information
    pair_set = [{name, samples, anchors}]        # \sum_{i,j \in \mathcal{MB}}: positive pairs
    define  = [{line, latex, name, read}]        # 'head = body': a macro, source-matched;
                                                 # read = false: shown and matched only
    unchecked = [{line, reason}]
    claim   = [{id, line, title, kind, latex | derived, expect, reading, note, given,
                sizes, let, ellipsis, little_o, define, conclusion_*, step = [...]}]
    step    = {line, latex, expect, note, restated_from, after, substitute_in, let, ellipsis}

``read_as`` (in a claim or step) reads one text as another in names and in the
arguments of labelled functions: ``{'y_{1:N}' = 'y_{1:K}'}`` where a document writes
y_{1:N} once for the y_{1:K} it defined.

``let`` binds names to formulas in one claim or step (``n = 'N'`` where the document's
n is the N of this section); ``ellipsis`` says how an ellipsis written from ``first``
to ``last`` is read (``{first = '0', last = 'k', lo = '1', hi = 'N', skip = 'i'}``).

:func:`build` reads a specification in stages: :mod:`.schema` checks every key's type
and range, :mod:`.declarations` reads the notation and the definitions, :mod:`.claims`
the claims and their steps (:mod:`.bindings`: what each binds for itself;
:mod:`.costs`: how large its formulas expand; :mod:`.effects`: whether each binding
changes what it reads); :mod:`.keylines` names the file's lines.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path

from ..errors import DerivationError, warn
from ..latex.notations import PendingNotation, defined_notations
from ..latex.parser import Where
from ..latex.scope import SET_KEY, Scope
from ..latex.translate import text_key
from ..model.claims import Document
from ..model.notation import Origin
from ..safe_io import MAX_DERIVATION_BYTES, read_text_file
from .builder import DocumentBuilder
from .claims import read_claim
from .context import Context, RecordingScope, read_int, read_text, scope_key, table_entries
from .declarations import _TEXT_NAME, read_definition, read_notation
from .keylines import Locator
from .labels import set_keys
from .schema import validate_table
from .sections import Sections, read_sections, texts_of
from .spellings import document_spellings


def load_toml(path: Path, strict: bool = False) -> Document:
    # A byte-order mark is not content; NUL bytes and bad UTF-8 are refused while reading.
    raw = read_text_file(path, MAX_DERIVATION_BYTES, encoding="utf-8-sig")
    try:
        spec = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        line = _toml_error_line(str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)", "", str(exc))
        raise DerivationError(f"not valid TOML: {message}", str(path), line) from None
    return build(spec, Locator(str(path), raw), strict=strict)


def _toml_error_line(message: str) -> int | None:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def build(spec: dict, locator: Locator, strict: bool = False) -> Document:
    """The document of ``spec``.  What loads but names or changes nothing is collected
    as warnings (one mechanism for every kind): printed on stderr, or with ``strict``
    the first is raised as the file's :class:`DerivationError`."""
    path = locator.path

    def fail(message: str, key_path: tuple) -> DerivationError:
        return DerivationError(message, path, locator.key_line(key_path))

    validate_table(spec, "", (), fail)     # types and ranges, before anything is read
    builder = DocumentBuilder(spec["id"], spec["title"], spec["source"])
    context = Context(path, locator, builder, Scope())
    context.scope = RecordingScope(used=context.used)
    context.scope = replace(context.scope, read_as=document_spellings(spec, context))
    read_notation(spec, context)
    sections = read_sections(spec, context)
    _read_definitions(spec, context, sections)
    for entry in table_entries(spec, "unchecked", context):
        builder.unchecked(read_int(entry, "line", context), read_text(entry, "reason", context),
                          origin=Origin(path, context.locator.key_line(context.path + ("reason",))
                                        or context.locator.where(entry["reason"]).line))
    for entry in table_entries(spec, "claim", context):
        sections.reading(entry.get("line", 0), context, lambda: read_claim(entry, context), texts_of(entry))
    document = builder.build(path)
    _warn_unused(spec, context)
    if strict and context.warnings:
        raise context.warnings[0]
    for record in context.warnings:
        warn(record.message, record.path, record.line)
    return document


def _read_definitions(spec: dict, context: Context, sections: Sections) -> None:
    """The definitions, before any claim: a claim may use one given further down.  A
    definition that uses a name a later one gives (documents define F by a G they define
    below) is read again once the others are read; one that never reads raises the error of
    its last reading.  They are recorded in the file's order."""
    builder, waiting, read = context.builder, [], []
    hidden: dict[int, frozenset] = {}       # the names of each definition that waits

    def hide(number: int, names: frozenset = frozenset()) -> None:
        hidden.pop(number, None)
        if names:
            hidden[number] = names
        context.waiting = frozenset().union(*hidden.values())
    start = len(builder._definitions)
    wait_for_notations(spec.get("define", ()), context)
    entries = list(table_entries(spec, "define", context))
    # in the order of their lines, as the document gives them: a name defined twice means,
    # in a definition that uses it, the definition in force at that line (sections.py)
    for number in sorted(range(len(entries)), key=lambda n: _line_of(entries[n])):
        entry = entries[number]
        context.path = ("define", number)
        context.locator.enter(context.path)
        try:
            _define_at_line(entry, context, sections)
            read.append(number)
        except DerivationError as exc:
            waiting.append((number, entry, exc))
            hide(number, _names_defined(entry))
    while waiting:
        still = []
        for number, entry, _ in waiting:
            context.path = ("define", number)
            context.locator.enter(context.path)
            hide(number)            # its own names, as they stand, for it to read
            try:
                _define_at_line(entry, context, sections)
                read.append(number)
            except DerivationError as exc:
                # the error of the last try: once the names it used early are read, what stops it
                # may be something else (its first error would name a definition given below)
                still.append((number, entry, exc))
                hide(number, _names_defined(entry))
        if len(still) == len(waiting):
            raise still[0][2]
        waiting = still
    context.path = ()
    recorded = builder._definitions[start:]
    if len(recorded) == len(read):   # read = false ones are recorded too: one per entry
        builder._definitions[start:] = [d for _, d in sorted(zip(read, recorded), key=lambda p: p[0])]


#: the name a definition's text starts with: q of q(u) = …, \mathcal{L} of \mathcal{L} := …
_HEAD_NAME = re.compile(r"\s*((?:\\[A-Za-z]+\s*\{[^{}=]*\}|\\[A-Za-z]+|[A-Za-z])(?:'+)?)\s*(?:\(|=|:=|\\coloneqq)")


def _names_defined(entry) -> frozenset:
    """The keys a definition gives (its name, its text's head): while it waits for a later one, no
    formula reads them (a definition that uses q waits too, rather than read the declared
    [[function]] q that the waiting q(u) = Z + u redefines)."""
    candidates = set()
    if isinstance(entry, dict) and isinstance(entry.get("name"), str):
        candidates.add(scope_key(entry["name"].split("(")[0]))
    head = _HEAD_NAME.match(entry.get("latex", "")) if isinstance(entry, dict) and isinstance(entry.get("latex"), str) \
        else None
    if head is not None:
        candidates.add(scope_key(head.group(1)))
    return frozenset(candidates)


def _line_of(entry) -> int:
    line = entry.get("line") if isinstance(entry, dict) else None
    return line if isinstance(line, int) else 0


def wait_for_notations(defines, context: Context) -> None:
    """Binds every notation the definitions ``defines`` give (``\\{x\\}_+ = …``,
    latex/notations.py) as waiting for its definition: a use read before the definition is
    then refused and read again after it, never given the usual meaning ([x]_+ as max(x, 0))."""
    texts = [e["latex"] for e in defines if isinstance(e, dict) and isinstance(e.get("latex"), str)]
    for key in defined_notations(texts, context.scope, Where()):
        context.scope = context.scope.bind(key, PendingNotation(key))


def _define_at_line(entry: dict, context: Context, sections: Sections) -> None:
    """A definition read in the notation of its line."""
    sections.reading(entry.get("line", 0), context,
                     lambda: read_definition(entry, context, document_level=True), texts_of(entry))


def _warn_unused(spec: dict, context: Context) -> None:
    """A declaration nothing in the file uses: a warning, not an error (a notation shared
    by many claims legitimately has names one claim does not use, but a name that no
    claim, definition or declaration of the file uses is probably a mistake); a section's
    declarations too (a name is used when a formula anywhere looks its key up)."""
    sized = {name for claim in spec.get("claim", ()) for name in (claim.get("sizes") or {})}
    _warn_unused_in(spec, (), sized, context)
    read_at = [e.get("line", 0) for table in ("define", "claim") for e in spec.get(table, ())]
    for number, section in enumerate(spec.get("section", ())):
        _warn_unused_in(section, ("section", number), sized, context)
        if not any(line >= section["line"] for line in read_at):
            # a formula is read in the notation of its line: none is read in this one
            context.warn(f"the section at line {section['line']} changes nothing: no definition or claim of "
                         "this file is at or after its line", line=context.locator.key_line(("section", number)))


def _warn_unused_in(spec: dict, prefix: tuple, sized: set, context: Context) -> None:
    for table in ("macro", "size", "scalar", "family", "function", "index", "set", "distribution", "pair_set",
                  "operator", "quantity"):
        for number, entry in enumerate(spec.get(table, ())):
            name = entry["name"]
            # an operator may be bound by its \text{…} key, a quantity I(X; Y) by its head I
            keys = {name, scope_key(name), scope_key(name.split("(")[0])}
            keys |= {text_key(name.strip())} if _TEXT_NAME.fullmatch(name.strip()) else set()
            # a sum over the set's members looks it up by its membership key (∈ name) alone
            keys |= set_keys(name) | {SET_KEY + k for k in keys} if table == "set" else set()
            declared_twice = table == "function" and sum(e.get("name") == name for e in spec.get(table, ())) > 1
            if declared_twice and ("arguments", name, entry.get("arguments")) not in context.used:
                # one letter, two functions: each declaration is used by the count of a use
                keys = set()
            if keys & context.used or name in sized:
                continue
            line = context.locator.key_line(prefix + (table, number, "name"))
            which = f" of {entry.get('arguments')} argument{'s' * (entry.get('arguments') != 1)}" \
                if declared_twice else ""
            context.warn(f"the {table} {name!r}{which} is declared but no claim, definition or declaration "
                         "of this file uses it", line=line)


__all__ = ["load_toml", "build", "wait_for_notations"]

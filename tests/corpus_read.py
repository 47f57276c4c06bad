r"""How much of real documents the reader reads as written: the corpus of ``tests/corpus/``.

Each ``tests/corpus/<slug>.toml`` holds the facts of one public document: where it is
(``[corpus]``: url, revision, kind), the notation a reader needs (the derivation
format's tables), and every display of the chosen sections exactly as the author wrote
it: ``[[display]]`` (the line in the source and the LaTeX), or ``[[define]]`` for a
display that defines a name (``\mathcal{L} = …``, ``f(x) := …``: its ``name``, ``line``
and ``latex``, as in a derivation).  This script reads each define and display under
the file's notation, as a derivation's formula is read, and counts both as displays
read as written; a refusal is listed with its message (a define that is refused
defines nothing for the displays after it).  A define is read by ``read_definition``
whole or not at all: a display of several rows defines every name of it, and a chain
written after a definition (``\mathcal{L} = A = B``) is read only when its links read
too (they become a claim of the document); a link that does not read refuses the define.
A definition the document writes inline, in its text (``$D_{i,j} = D(z_i, z_j)$``), is an
``[[inline]]`` table with the keys of a define: read as one, and counted neither as a display nor
as read (its refusal is listed, marked so), so that the shorthands a document defines in its
sentences serve its displays without changing what is measured.

Then it checks what was read, as a user's derivation would be: the notation, the defines
that read (a chain written in a define is a claim, see docs/reference.md), and every
display read whose rows state a relation, as a claim of its own (``identity``, or
``inequality`` when a link is <, ≤, > or ≥), unless the display says why it is not a
statement that holds (``unchecked = "…"``: a condition training imposes on the encoder, as
a derivation's ``[[unchecked]]`` says; it is still read); a define may say so of the chain it
writes after its definition (a link that holds by what the prose says and the notation cannot).  A display ``A \propto B`` names the
variables its factor does not depend on with ``proportional_in``, as a claim does.  A display
that opens with a relation (``$$ = … $$``, posts whose MathJax cannot break a display) continues
the display or define just before it, as a Markdown ``step`` annotation reads it: the two are one
chain, one claim, which replaces the one above.  The verdicts are counted per document and
each refuted or undecided one is listed with its message, to be checked by hand.

    python3 tests/corpus_read.py            # the table, every refusal and every refutation
    python3 tests/corpus_read.py --json     # the same as JSON
    python3 tests/corpus_read.py SLUG …     # only these documents
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import tomllib
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from contrastive_sym import CheckConfig
import sympy as sp

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.parser import Where
from contrastive_sym.latex.scope import AbstractFunction, Macro, Scope
from contrastive_sym.latex.spelling import names_written
from contrastive_sym.load.conditions import rows_with_where_clauses
from contrastive_sym.load.builder import DocumentBuilder
from contrastive_sym.load.context import Context, RecordingScope, table_entries
from contrastive_sym.errors import AmbiguousReading, SeveralChains
from contrastive_sym.load.chains import chain_texts
from contrastive_sym.load.claims import statement_of
from contrastive_sym.load.condition_clauses import condition_clause, declared_indices
from contrastive_sym.load.continued_steps import continues_above, opening_sign, without_layout
from contrastive_sym.load.limit_clauses import limit_clause
from contrastive_sym.load.conditions import condition_of
from contrastive_sym.load.implications import consequences, implication_parts
from contrastive_sym.load.readings import each_reading
from contrastive_sym.load.nothing_to_check import nothing_to_check
from contrastive_sym.load.declarations import read_definition, read_notation
from contrastive_sym.load.keylines import Locator
from contrastive_sym.load.schema import validate_table
from contrastive_sym.load.spellings import document_spellings
from contrastive_sym.load.sections import Sections, read_sections, term_labels_of
from contrastive_sym.load.toml import wait_for_notations
from contrastive_sym.latex import definitions as _definitions
from contrastive_sym.latex.macros import head_parts
from contrastive_sym.latex.head_names import split_subscript
from contrastive_sym.pipeline import toml_key, toml_value, verify_text

CORPUS = Path(__file__).parent / "corpus"
#: The corpus is a measure of the reader, kept in the README by tests/test_corpus.py, so its
#: verdicts must not depend on how busy the machine is.  No item of the corpus reaches its time
#: limit, but some come near: a link of the NCE chain of weng-word-embedding-nce takes 52 s alone
#: (48 choices of sizes, each written out by SymPy), and a loaded CI run took more than the minute
#: items were given before and left a refutation undecided.  Four minutes leave room for a
#: machine twice as slow; the run takes no longer where nothing times out, and every SymPy call
#: keeps its own hard timeout.
CORPUS_CONFIG = CheckConfig(item_seconds=240.0)


@dataclass
class Refusal:
    line: int          # the display's line in the source document
    message: str


@dataclass
class DocumentReading:
    slug: str
    title: str
    url: str
    revision: str
    kind: str
    displays: int = 0
    read: int = 0
    refused: list[Refusal] = field(default_factory=list)
    error: str = ""    # the notation itself could not be read
    verdicts: dict = field(default_factory=dict)          # verdict → number of claims
    findings: list[Refusal] = field(default_factory=list)  # (line, message) of each claim not passing

    @property
    def percent(self) -> float:
        return 100.0 * self.read / self.displays if self.displays else 0.0


#: the header of a definition written inline in the document's text (``$D_{i,j} = D(z_i, z_j)$``)
INLINE = re.compile(r"^\[\[inline\]\]", re.MULTILINE)
#: what the refusal of such a definition starts with
INLINE_SAID = "(a definition written inline, not counted) "


def read_document(path: Path) -> DocumentReading:
    raw = path.read_text(encoding="utf-8")
    # a definition written inline is read as a [[define]] (the same line in the file, so that an
    # error points at it) and not counted as a display, read or refused (its refusal is listed)
    inline = [(e.get("line", 0), e.get("latex", "")) for e in tomllib.loads(raw).get("inline", [])]
    raw = INLINE.sub("[[define]]", raw)
    spec = tomllib.loads(raw)
    # a define may say that the chain it writes is not checked (a link the notation cannot state)
    unchecked = {d.get("line", 0) + n for d in spec.get("define", []) if d.pop("unchecked", None)
                 for n in range(d.get("latex", "").count("\n") + 1)}
    about = spec.pop("corpus", {})
    displays = spec.pop("display", [])
    reading = DocumentReading(path.stem, spec.get("title", ""), about.get("url", ""), about.get("revision", ""),
                              about.get("kind", ""), displays=len(displays))
    locator = Locator(str(path), raw)

    def fail(message: str, key_path: tuple) -> DerivationError:
        return DerivationError(message, str(path), locator.key_line(key_path))

    try:
        validate_table(spec, "", (), fail)
        builder = DocumentBuilder(spec["id"], spec["title"], spec["source"])
        context = Context(str(path), locator, builder, Scope())
        context.scope = RecordingScope(used=context.used)
        # a name the document writes two ways (load/spellings.py), its displays' formulas counted too
        context.scope = replace(context.scope, read_as=document_spellings({**spec, "display": displays}, context))
        read_notation(spec, context)
        sections = read_sections(spec, context)
        # the terms the displays label (\underbrace{…}_{(1)}), which later displays may work out
        sections = replace(sections, term_labels=sections.term_labels + term_labels_of({"display": displays}))
    except DerivationError as exc:
        reading.error = str(exc)
        return reading
    defines = spec.get("define", [])
    reading.displays += len([e for e in defines if (e.get("line", 0), e.get("latex", "")) not in inline])
    given: dict = {}        # key → [(line, None if read, else the refusal's message)]
    read_defines, claims = _read_defines(reading, spec, context, sections, given, inline), []
    # what a display that opens with a relation continues: the display or define just before it, as
    # (its LaTeX, the line of the claim it is part of: None for a define, which is no claim)
    before = {e.get("line", 0): (e["latex"], None) for e in read_defines if "latex" in e}
    lines = [e.get("line", 0) for e in defines if (e.get("line", 0), e.get("latex", "")) not in inline] + \
        [d.get("line", 0) for d in displays]
    previous_line = {d.get("line", 0): max((k for k in lines if k < d.get("line", 0)), default=None) for d in displays}
    # a refused display, which a display after it that opens with a sign and states no relation may
    # complete (the integral whose dx is in the next display): (its LaTeX, first line, its lines)
    refused_text: dict = {}
    for number, display in enumerate(displays):
        locator.at(("display", number, "latex"))
        where = locator.where(display.get("latex", ""))     # the file's line and column, as the CLI says
        line = display.get("line", 0)
        latex, continued, first = display.get("latex", ""), before.get(previous_line[line]), line
        # (a display that opens with '-' may be a formula of its own: only '+' goes on, as CONTINUES says)
        completes = refused_text.get(previous_line[line]) if continues_above(latex) and opening_sign(latex) == "+" \
            else None
        if completes is not None:
            # the display above it was refused: the two are one expression, as a derivation whose step
            # goes on with the display above it reads them (load/continued_steps.py)
            prefix = completes[0].rstrip() + "\n\\\\\n"
            # an error names the first display's place; a layout environment around the rest is blanked
            latex, first, where = prefix + without_layout(latex), completes[1], completes[3]
        elif CONTINUES.match(latex) and continued is not None:
            # "$$ = … $$" after "$$ L = … $$": the next step of the chain above it, as a Markdown step
            # annotation reads it; the two displays are one claim, which replaces the one above
            prefix = continued[0].rstrip() + "\n\\\\\n"
            latex, first = prefix + latex, continued[1] or line
            where = replace(where, line=where.line - prefix.count("\n"), column=1 if where.column > 1 else where.column)
        elif CONTINUES.match(latex) and previous_line[line] is not None:
            reading.refused.append(Refusal(line, f"this display opens with a relation or a sign: it continues the one of line "
                                                 f"{previous_line[line]}, which is not read"))
            continue
        entry = {**display, "latex": latex}
        rows = _attempt(reading, line, lambda: _refusing_cascades(line, where, given, context, lambda: sections.reading(
            line, context, lambda: _display_rows(entry, where, context), latex), sections, latex))
        relations = {r for row in rows or () for r in row.relations}
        if rows is None:
            refused_text[line] = (latex, first, (completes[2] if completes else ()) + (line,), where)
            continue
        if completes is not None:       # read with the display(s) above it: those are read too
            reading.refused = [r for r in reading.refused if r.line not in completes[2]]
            reading.read += len(completes[2])
        before[line] = (latex, first)       # an expression alone too: "$$ a^2 \log a $$ $$ = … $$" is one chain
        if first != line:       # the claim of the display it continues is this one now
            claims = [c for c in claims if c["line"] != first]
        if relations and not display.get("unchecked"):
            kind = "inequality" if relations & {"<", "<=", ">", ">="} else "identity"
            claims.append({"id": f"line-{line}", "line": first,
                           "title": f"the display of line {line}", "kind": kind, "latex": latex}
                          | {key: display[key] for key in ("proportional_in", "differentiates") if key in display})
    _check(reading, spec, read_defines, claims, unchecked)
    return reading


#: a display that opens with a relation (after an environment's start, MathJax's \require{…} and an alignment mark), or with a
#: plus and states no relation (a minus may open an expression of its own, -\log p) (``$$ + \mathrm{KL}(…) $$``: the rest of the expression above it, as a
#: post whose MathJax cannot break a display writes it)
CONTINUES = re.compile(r"\s*(?:\\begin\s*\{[a-zA-Z*]+\}\s*|\\require\s*\{[^{}]*\}\s*)*(?:&\s*)?"
                       r"(?:=|<|>|\\(?:leq?|geq?|approx|propto|simeq)(?![a-zA-Z])"
                       r"|\+(?!.*(?:=|<|>|\\(?:leq?|geq?|approx|propto|simeq)(?![a-zA-Z]))))", re.S)


def _define_rounds(entries: list, context: Context, sections: Sections, kept: frozenset) -> tuple:
    """(read, errors, uses, readers, never) of reading ``entries`` in rounds, in the order of their lines
    (a name defined twice means the definition in force at the line that uses it), each that does not
    read again once the others are; the names a waiting define gives, but ``kept``, are out of the
    scope while it waits.  ``never``: the defines that never read."""
    waiting = sorted(range(len(entries)), key=lambda n: entries[n].get("line", 0))
    read, errors, uses, readers = set(), {}, {}, {}
    hidden: dict = {}
    while waiting:
        still = []
        for number in waiting:
            hidden.pop(number, None)        # its own names for it; those of every other that waits, hidden
            context.waiting = frozenset().union(*hidden.values()) - kept
            try:
                line = entries[number].get("line", 0)
                readers[number] = lambda entry=entries[number], line=line, number=number: sections.reading(
                    line, context, lambda: _at_define(context, number) or read_definition(entry, context,
                                                                                          document_level=True),
                    entry.get("latex", ""))
                uses[number] = _with_uses(context, readers[number])[1]
            except DerivationError as exc:
                errors[number] = exc
                still.append(number)
                hidden[number] = frozenset(_keys_defined(entries[number].get("latex", ""), context.scope))
            except Exception as exc:    # a crash of the reader is a finding too, never a pass
                errors.setdefault(number, RuntimeError(f"internal error: {type(exc).__name__}: {exc}"))
            else:
                read.add(number)
        if len(still) == len(waiting):
            break
        waiting = still
    context.waiting = frozenset()
    return read, errors, uses, readers, [n for n in range(len(entries)) if n not in read]


def _read_defines(reading: DocumentReading, spec: dict, context: Context, sections: Sections,
                  given: dict, inline: list) -> list:
    """The defines that read, in the file's order, read as the loader reads them: one that
    uses a name a later one gives is read again once the others are (documents define F
    by a G they define below); one that never reads is refused with the error of its last
    reading.
    ``given`` gets the line of each definition of each name, and why it is refused if it
    is, so that a formula whose name's definition in force at its line was refused is
    refused too, never read with another definition of that name (the loader stops at
    the first refused definition; the measure goes on)."""
    entries = list(table_entries(spec, "define", context))
    wait_for_notations(entries, context)
    # the names of a define that waits are out of every scope while it waits, as the loader does; the
    # loader stops at a define that never reads, the measure goes on, so first a trial finds those, whose
    # names then stay as declared (what reads with them is not refused for a define that never comes)
    saved = (context.scope, {k: list(v) for k, v in context.redefined.items()}, context.builder, list(context.warnings))
    used = set(context.used)        # the scope records into this very set: emptied back in place
    context.builder = DocumentBuilder("trial", "trial", "trial")
    never = _define_rounds(entries, context, sections, frozenset())[4]
    context.scope, context.redefined, context.builder, context.warnings = saved
    context.used.clear()
    context.used.update(used)
    kept = frozenset().union(*(_keys_defined(entries[n].get("latex", ""), context.scope) for n in never))
    read, errors, uses, readers, _ = _define_rounds(entries, context, sections, kept)
    inline_numbers = {n for n, e in enumerate(entries) if (e.get("line", 0), e.get("latex", "")) in inline}
    for number, exc in sorted(errors.items()):
        if number not in read:
            said = INLINE_SAID if number in inline_numbers else ""
            reading.refused.append(Refusal(entries[number].get("line", 0), said + " ".join(str(exc).split())))
    keys_of = {}
    for number, entry in enumerate(entries):
        named = {entry["name"]} if isinstance(entry.get("name"), str) else set()    # when no head reads
        keys_of[number] = _keys_defined(entry.get("latex", ""), context.scope) | named
        for key in keys_of[number]:
            given.setdefault(key, []).append((entry.get("line", 0), None if number in read else number))
    # a refused definition of a name the notation declares a number (a size D beside D = …): what uses
    # the name would read the declaration, which the document's definition replaces
    given.setdefault(CLASHES, set()).update(
        n for n in errors if n not in read and any(
            _declared_number(key, sections.scope_at(entries[n].get("line", 0), context.scope)) for key in keys_of[n]))
    # now that every definition is known: one that read using a name whose definition in force
    # at its line was refused would count as read with another definition of that name
    for number in sorted(read):
        line = entries[number].get("line", 0)
        saved = context.scope
        cascade = _cascade(line, uses.get(number, set()), given, context, readers[number], sections,
                           entries[number].get("latex", ""))
        context.scope = saved       # the probe's definition, read again, is not kept
        if cascade is not None:
            read.discard(number)
            for key in keys_of[number]:     # refused now: what uses it is refused too
                given[key] = [(at, number if (at, n) == (line, None) else n) for at, n in given[key]]
            reading.refused.append(Refusal(line, (INLINE_SAID if number in inline_numbers else "") + cascade))
    # a define refused because a name is undeclared whose own definition in force there is refused: said
    for position, refusal in enumerate(reading.refused):
        undeclared = re.search(r"'(.+?)' is not declared", refusal.message)
        refused = _refused_definition(undeclared.group(1), refusal.line, given) if undeclared else None
        if refused is not None and refused[1] != refusal.line and "in force here" not in refusal.message:
            reading.refused[position] = replace(refusal, message=refusal.message + (
                f" (the definition of {refused[0]} in force here, at line {refused[1]}, is refused)"))
    reading.read += len(read - inline_numbers)
    return [entries[number] for number in sorted(read)]


def _at_define(context: Context, number: int) -> None:
    """The locator at define ``number``'s table: its errors are placed in it (the defines are
    read out of the file's order, and again, so where the last one left the search is wrong)."""
    context.path = ("define", number)
    context.locator.enter(context.path)


def _keys_defined(latex: str, scope: Scope) -> set:
    """The names a define's display defines (the heads of its rows), read from the heads
    only, so that a refused define names them too; none when even the heads do not read."""
    try:
        text, where = _definitions.expand_macros(latex, scope, Where())
        text, definitional = _definitions.definition_text_all(text)
        text = _definitions.prose_blanked(text)
        translator = _definitions.Translator(text, scope, where)
        rows, _ = _definitions._rows(_definitions.parse(text, where), translator, definitional)
        return {_entry_key(row.head, translator, scope) for row in rows}
    except Exception:
        pass
    # the display does not read: its first head alone, the text before its first '=' outside groups
    depth, head = 0, None
    for position, char in enumerate(latex):
        depth += char in "{([" and not latex[position - 1:position] == "\\"
        depth -= char in "})]" and not latex[position - 1:position] == "\\"
        if depth == 0 and char == "=":
            head = latex[:position].rstrip(":").strip()
            break
    if not head:
        return set()
    try:
        translator = _definitions.Translator(head, scope, Where())
        tree = _definitions.parse(head, Where())
        row = next(r for r in tree.children[0].children if hasattr(r, "data"))
        return {_entry_key(row.children[0] if row.data == "chain" else row, translator, scope)}
    except Exception:       # a head that does not read names nothing: no cascade from it
        return set()


def _entry_key(head, translator, scope: Scope) -> str:
    """The key a head is bound under: ``p`` of ``p_{ij} = …`` when its subscript writes declared
    indices only (entries of p, as the loader binds them), else the head's whole name."""
    key = head_parts(head, translator)[0]
    if scope.lookup(key) is not None:
        return key      # c_t, a name the notation declares whole
    base, index = split_subscript(head, translator, key)
    letters = re.findall(r"\\[A-Za-z]+|[A-Za-z]", translator.source(index)) if index is not None else []
    if letters and all(scope.index_range(scope.lookup(letter)) is not None for letter in letters):
        return base
    return key


def _with_uses(context: Context, read) -> tuple:
    """``read()`` and the names it looked up."""
    saved = set(context.used)
    context.used.clear()
    try:
        result = read()
        return result, set(context.used)
    finally:
        context.used |= saved


#: where ``given`` keeps the defines refused for naming a declared number (a key no name has)
CLASHES = "\ue000clashes"


def _declared_number(key: str, scope: Scope) -> bool:
    """Whether the notation declares ``key`` a number (a size, an index, a scalar that is no point) or a
    function (ε_θ beside the alias ε_θ := ε the document writes): a meaning its definition replaces."""
    meaning = scope.names.get(key)
    return isinstance(meaning, sp.Symbol) and meaning not in scope.points or isinstance(meaning, AbstractFunction)


def _cascade(line: int, used: set, given: dict, context: Context, read, sections: Sections,
             written: str = "") -> str | None:
    """Why a formula at ``line`` that looked up ``used`` is refused: it uses a name whose
    definition in force there (the last given at or before it, else the first) was refused,
    and which another definition, given at another line, stands for in its reading: read
    again without that name, it does not read.  Only a name the formula ``written`` writes counts
    (reading a definition of a may look up the names of a definition that uses a: J = … a_{ji})."""
    refused = {}
    for key in sorted(k for k in used if isinstance(k, str) and k in given and k != CLASHES
                      and (not written or names_written(written, _head_of(k), index=True))):
        definitions = sorted(given[key], key=lambda d: d[0])
        before = [d for d in definitions if d[0] <= line]
        in_force_line, number = before[-1] if before else definitions[0]
        if sections.apart(key, in_force_line, line):
            continue        # a section declares the name anew between them: the definition is another part's
        # what the name means at the line (a declaration may be a section's)
        meaning = sections.scope_at(line, context.scope).names.get(key)
        if not before and meaning is not None and getattr(meaning, "line", None) is None:
            continue        # a declaration, used before any definition of its name: that is what it means here
        # a declaration stands where no definition of its name is given yet (f, the critic, before
        # the document defines one critic at a later line)
        if number is not None and (isinstance(meaning, Macro) or meaning is not None and number in given[CLASHES]
                                   and before):
            refused[key] = in_force_line     # another definition of it, or a declaration it clashes with (a size D)
    if not refused:
        return None
    saved, history, waiting = context.scope, context.redefined, context.waiting
    context.scope = replace(saved, names={k: v for k, v in saved.names.items() if k not in refused})
    context.redefined = {k: v for k, v in history.items() if k not in refused}
    context.waiting = waiting | frozenset(refused)     # out of a section's notation too (sections.py)
    try:
        read()
    except DerivationError:
        return "; ".join(f"uses {key}, whose definition in force here (line {at}) is refused"
                         for key, at in refused.items())
    finally:
        context.scope, context.redefined, context.waiting = saved, history, waiting
    return None     # looked up on the way to another name (L of L^{opt}), not used


def _head_of(key: str) -> str:
    """The name a key is written with: P of P(•) and P(y=1|a), N of N_{•}."""
    return re.sub(r"(_\{•\}|\^\{•\})$", "", key.split("(")[0] or key)


def _refusing_cascades(line: int, where: Where, given: dict, context: Context, read, sections: Sections,
                       written: str = ""):
    """``read()``, refused as :func:`_cascade` says; a name it finds undeclared whose definition in
    force at ``line`` was refused is said to be so (the message alone reads as if the document never
    defined it)."""
    try:
        result, used = _with_uses(context, read)
    except DerivationError as exc:
        undeclared = re.search(r"'(.+?)' is not declared", exc.message)
        refused = _refused_definition(undeclared.group(1), line, given) if undeclared else None
        if refused is None:
            raise
        exc.message += f" (the definition of {refused[0]} in force here, at line {refused[1]}, is refused)"
        exc.args = (str(exc),)
        raise
    cascade = _cascade(line, used, given, context, read, sections, written)
    if cascade is not None:
        raise DerivationError(cascade, where.path, where.line)
    return result


def _refused_definition(name: str, line: int, given: dict) -> tuple[str, int] | None:
    """(the name, the line) of the refused definition in force at ``line`` of ``name`` (``q_i`` of a
    definition of q, ``f'`` of one of f), or None."""
    for key in sorted((k for k in given if k != CLASHES), key=len, reverse=True):
        if name != key and not re.match(re.escape(key) + r"(?:[_^'(]|$)", name):
            continue
        definitions = sorted(given[key], key=lambda d: d[0])
        before = [d for d in definitions if d[0] <= line]
        at, number = before[-1] if before else definitions[0]
        return (key, at) if number is not None else None
    return None


def _display_rows(display: dict, where: Where, context: Context):
    r"""The rows of a display, or the error that stops it: it must read as a claim's
    statement reads (a display that starts with a relation, '\implies …', does not)."""
    latex = display.get("latex", "")
    if nothing_to_check(latex, context.scope, where) is not None:
        return []       # an update rule, a signature: read, and states nothing to check
    try:
        return _rows_of(latex, display, where, context)
    except AmbiguousReading as ambiguous:
        # a display that reads in several ways is read once per reading, as the loader reads a claim
        if ambiguous.text != latex or not ambiguous.readings:
            raise
        found = []
        each_reading(ambiguous, latex, lambda number, said, text, alike: found.append(
            _rows_of(text, display, where, context)))
        return found[0]


def _rows_of(latex: str, display: dict, where: Where, context: Context):
    # "… \quad (j \neq i)", "…, \quad \tau \to \infty" after the statement: its given, its limit, as the loader
    # reads a claim's (load/condition_clauses.py, load/limit_clauses.py)
    _, latex, _ = condition_clause({}, latex, declared_indices(context.scope))
    # what a derivative written alone differentiates, as a claim says it (latex/unwritten_operands.py)
    scope = replace(context.scope, differentiated=display["differentiates"]) if "differentiates" in display \
        else context.scope
    try:
        _, latex, _ = limit_clause(display, latex)
    except ValueError as disagree:
        raise DerivationError(str(disagree), where.path, where.line) from None
    # A \implies B: B read where A holds, A as its condition, as the loader reads it (the display whole
    # is not a formula: \Rightarrow is no relation between values)
    parts = implication_parts(latex)
    rows = [row for text, _ in (consequences(latex, parts) if parts else [(latex, None)])
            for row in rows_with_where_clauses(text, scope, where)[0]]
    if any(row.relations for row in rows):
        for text, premise in consequences(latex, parts) if parts else [(latex, None)]:
            if premise is not None:
                condition_of(premise, scope, context)
            try:
                statement_of(text, scope, context, display.get("proportional_in"))
            except SeveralChains as several:
                # a display of several equations: each is a claim of its own, as the loader reads it
                for chain in chain_texts(several, text) or (text,):
                    statement_of(chain, scope, context, display.get("proportional_in"))
    return rows


def _check(reading: DocumentReading, spec: dict, defines: list, claims: list, unchecked: set = frozenset()) -> None:
    """Check the defines and displays that read as a derivation; count the verdicts (not those of
    the chains of the defines at the lines ``unchecked``: read, their chains not checked)."""
    derivation = {k: v for k, v in spec.items() if k not in ("define", "display", "corpus")}
    if defines:
        derivation["define"] = defines
    if claims:
        derivation["claim"] = claims
    lines = [f"{toml_key(key)} = {toml_value(value)}" for key, value in derivation.items()]
    with contextlib.redirect_stderr(io.StringIO()):     # unused-name warnings: not findings here
        run = verify_text("\n".join(lines) + "\n", config=CORPUS_CONFIG)
    for result in run.documents[0].claims:
        if result.claim.line in unchecked and not result.claim.id.startswith("line-"):
            continue
        verdict = result.outcome.verdict.value
        reading.verdicts[verdict] = reading.verdicts.get(verdict, 0) + 1
        if verdict not in ("proved", "confirmed", "conditional"):
            reading.findings.append(Refusal(result.claim.line, f"{verdict}: {result.outcome.message}"
                                            + _witness_said(result.outcome.witness)))


def _witness_said(witness) -> str:
    """`` (witness: …)`` with the values where a refuted claim's sides differ, for the hand check every
    refutation of the corpus gets; "" without one."""
    if witness is None:
        return ""
    values = ", ".join(f"{k} = {v}" for k, v in [*witness.sizes.items(), *witness.indices.items(),
                                                   *witness.values.items()])
    said = f" (witness: {values}; left side {witness.lhs}, right side {witness.rhs})"
    return said if len(said) <= 600 else said[:597] + "…)"


def _attempt(reading: DocumentReading, line: int, read):
    """Count one display: read (its reading is returned), or refused with its message
    (None)."""
    try:
        result = read()
    except DerivationError as exc:
        reading.refused.append(Refusal(line, " ".join(str(exc).split())))
    except Exception as exc:    # a crash of the reader is a finding too, never a pass
        reading.refused.append(Refusal(line, f"internal error: {type(exc).__name__}: {exc}"))
    else:
        reading.read += 1
        return result if result is not None else True
    return None


def read_corpus(directory: Path = CORPUS, slugs: tuple[str, ...] = ()) -> list[DocumentReading]:
    return [read_document(p) for p in sorted(directory.glob("*.toml")) if not slugs or p.stem in slugs]


_VERDICT_ORDER = ("proved", "confirmed", "conditional", "refuted", "undecided", "error")


def _verdicts(counts: dict) -> str:
    shown = [f"{counts[v]} {v}" for v in _VERDICT_ORDER if counts.get(v)]
    return ", ".join(shown) if shown else "—"


def table(readings: list[DocumentReading]) -> str:
    lines = ["| document | kind | displays | read as written | verdicts on what was read |",
             "|---|---|---|---|---|"]
    for r in readings:
        status = f"notation not read: {r.error}" if r.error else f"{r.read} ({r.percent:.0f} %)"
        lines.append(f"| [{r.title or r.slug}]({r.url}) | {r.kind} | {r.displays} | {status} | "
                     f"{_verdicts(r.verdicts)} |")
    total = sum(r.displays for r in readings)
    read = sum(r.read for r in readings)
    counts: dict = {}
    for r in readings:
        for verdict, number in r.verdicts.items():
            counts[verdict] = counts.get(verdict, 0) + number
    lines.append(f"| **all** | | {total} | {read} ({100.0 * read / total if total else 0:.0f} %) | "
                 f"{_verdicts(counts)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("slugs", nargs="*", help="read only these documents (all by default)")
    args = parser.parse_args(argv)
    readings = read_corpus(slugs=tuple(args.slugs))
    if args.json:
        print(json.dumps([{**asdict(r), "percent": r.percent} for r in readings], indent=2, ensure_ascii=False))
        return 0
    print(table(readings))
    for r in readings:
        for refusal in r.refused:
            print(f"{r.slug}:{refusal.line}: {refusal.message}")
    for r in readings:
        for finding in r.findings:
            print(f"{r.slug}:{finding.line}: {finding.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

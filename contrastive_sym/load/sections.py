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
before the display that gives it), except across a section that declares its name again:
the sections that declare a name cut the document into parts, and a definition holds in
its own part only (q defined at line 61, in a section that declares q anew at line 55,
is not the q of line 25, which an earlier section declares).  A name defined twice means, at each line, the definition in force there: the last
given at or before it; before them all, none (with or without sections).  A declaration
that uses a name a later section declares again keeps the meaning it was read with:
declare it again in the section if it is meant to change too.  So does a definition, except
in a formula that writes the changed name too (``Sections._cut_off``): refused there, as the
formula would hold two meanings of one written name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import sympy as sp

from ..errors import DerivationError
from ..latex.beside import bind_definition
from ..latex.definition_twins import same
from ..latex.scope import Distribution, Family, InformationOf, Macro, Scope, form_key
from ..latex.spelling import canonical_key, names_written
from ..model.distributions import Density, Expectation
from ..model.notation import section_suffix
from ..latex.translate.labelled_uses import shown
from ..latex.translate.term_labels import term_labels_in
from .context import Context, read_int, scope_key
from .declarations import read_notation
from .labels import set_keys
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
    """The sections of a document, in the order of their lines, and ``base``: the
    document's own notation, before any section or definition."""

    sections: tuple = ()
    base: Scope | None = None
    # (line, label, LaTeX) of each term a formula of the document labels, \underbrace{…}_{(1)}
    term_labels: tuple = ()
    # (definition, the meanings of the names a section changed) → whether it reads alike
    alike: dict = field(default_factory=dict, compare=False, repr=False)

    def labels_at(self, line: int) -> tuple:
        """(label, LaTeX) of each label in force at ``line``: the last of each label that a
        formula before that line gives (a derivation numbers its terms anew)."""
        found = {}
        for at, label, latex in sorted(self.term_labels, key=lambda t: t[0]):
            if at < line:
                found[label] = latex
        return tuple(found.items())

    def scope_at(self, line: int, current: Scope, written: str = "", redefined: frozenset = frozenset()) -> Scope:
        """``current`` (the document's notation and every definition read so far) as a
        formula at ``line`` reads it.  The sections that declare a name cut the document
        into parts; a definition of the name holds in its own part, before its display too
        (but not before a section that starts between them), and in no other: the meaning of
        the other parts is their section's (or the document's, before them all)."""
        in_force = [s for s in self.sections if s.line <= line]
        names = dict(current.names)
        # in one order whatever the hash seed: the order names are bound in is the order lookups by
        # table (a distribution's marginals) meet them
        for key in sorted({k for s in self.sections for k in s.hidden | s.overlay.keys()}):
            starts = [s for s in self.sections if key in s.hidden or key in s.overlay]
            here = _part(starts, line)
            meaning = current.names.get(key)
            if isinstance(meaning, Macro) and meaning.line is not None and _part(starts, meaning.line) is here \
                    and not any(line < s.line <= meaning.line for s in self.sections):
                continue    # defined in this part of the document: the definition holds (a use before it
                # too, unless a section starts between them: then the definition is another part's)
            if here is None and not (isinstance(meaning, Macro) and meaning.line is not None):
                continue    # before the sections that declare it: the document's own meaning
            if here is not None and key in here.overlay:
                names[key] = here.overlay[key]
            elif here is None and self.base is not None and key in self.base.names:
                names[key] = self.base.names[key]
            else:
                names.pop(key, None)
        scope = replace(in_force[-1].scope if in_force else current, names=names)
        cut_off = (self._cut_off(line, scope, written, redefined) if written else ()) + \
            (_of_a_distribution_replaced(scope, in_force) if in_force else ())
        if not cut_off:
            return scope
        return replace(scope, names={k: v for k, v in names.items() if k not in dict(cut_off)},
                       cut_off=scope.cut_off + cut_off)

    def _cut_off(self, line: int, scope: Scope, written: str, redefined: frozenset = frozenset()) -> tuple:
        """(key, why) of each definition in ``scope`` read with a meaning of a name that a section
        has changed since, when the formula at ``line`` (its LaTeX: ``written``) writes that name
        too: p_joint(y = 0 | x) defined with the density p_noise, used beside p_noise(x) after a
        section sets p_noise to 1.  One written name would mean two things in one formula, and
        whether the author means the definition read again is not written.  A formula that does not
        write the name (a summary R ≥ I_BA of bounds each defined in its own section) reads each
        definition as it was given, and so does one whose definition reads alike in the section.  So
        for a name the document defines again (``redefined``): P(y=1|a,b) defined with the P(b|y=1,a)
        of line 98, used beside P after line 131 defines P(b|y=1,a) anew."""
        sectioned = {k for s in self.sections for k in s.overlay.keys() | s.hidden}
        # a family's entries write its name with a subscript (α_i of the α a section declares, or of α_{•})
        changed = {k for k in sectioned | set(redefined) if names_written(written, _FORM.sub("", k).split("(")[0] or k)
                   or (_FORM.search(k) or isinstance(scope.names.get(k), Family))
                   and names_written(written, _FORM.sub("", k), entry=True)}
        found = []
        for key, meaning in scope.names.items() if changed else ():
            if not (isinstance(meaning, Macro) and meaning.defined_in is not None and meaning.rebuild is not None):
                continue
            # (its own name's earlier meaning is not one it uses: s defined again at a later line)
            moved = sorted(k for k in changed if k != key and meaning.defined_in.names.get(k) is not None
                           and meaning.defined_in.names.get(k) is not scope.names.get(k))
            if moved and not self._reads_alike(meaning, scope, moved) and not _parameters_of_its_subscript(
                    key, meaning, moved, written):
                found.append((key, f"'{_shown_key(key)}' is defined at line {meaning.line} with "
                                   f"{', '.join(moved)} of the notation there, and "
                                   + " and ".join(self._changed_where(k, line, meaning, scope, sectioned) for k in moved)
                                   + f": this formula writes {'them' if len(moved) > 1 else 'it'} too, and whether "
                                   "the definition is meant with the new meaning is not written (define it again "
                                   "after that line, or restate the line with restated_from)"))
        return tuple(found) + self._two_meanings(scope, written, sectioned, {k for k, _ in found})

    def _two_meanings(self, scope: Scope, written: str, sectioned: set, refused: set) -> tuple:
        """(key, why) of each definition the formula writes that uses a name another definition it writes
        uses with another meaning (L = (1/N²) Σ ℓ_{ij}, L defined with the labels y of one section and
        ℓ with the y of a later one): one formula would hold two meanings of y, which the document
        does not write; both are refused, never combined."""
        compact = canonical_key(written)
        used = [(key, m) for key, m in scope.names.items() if isinstance(m, Macro) and m.defined_in is not None
                and key not in refused and names_written(written, key.split("(")[0] or key, index=bool(m.index_params))
                # a function defined for labels (p(C=1)) is used where its labels are written (not by p(1 | c, w))
                and (m.labels is None or canonical_key(f"{m.key}({m.labels})") in compact)]
        found = []
        for name in sorted(sectioned):
            meanings: dict = {}
            for key, macro in used:
                meaning = macro.defined_in.names.get(name)
                if meaning is not None and _depends_on(macro, meaning):
                    meanings.setdefault(id(meaning), []).append((key, macro))
            if len(meanings) < 2:
                continue
            shown = " and ".join(f"'{_shown_key(k)}' (line {m.line})" for group in meanings.values() for k, m in group[:1])
            for group in meanings.values():
                found += [(key, f"the definitions of {shown} use {name} with different meanings (a section declares "
                                f"it anew between them): one formula would hold both; define them in one "
                                "notation, or restate the line with restated_from") for key, _ in group]
        return tuple(found)

    def _changed_where(self, key: str, line: int, meaning: Macro, scope: Scope, sectioned: set) -> str:
        """Where the meaning of ``key`` changed since ``meaning`` was read: a section, or a definition."""
        if key in sectioned:
            touching = [s.line for s in self.sections if key in s.overlay.keys() | s.hidden]
            start = max((at for at in touching if at <= max(line, meaning.line or 0)), default=min(touching))
            return f"the section of line {start} declares {key.replace('•', '·')} anew"
        now = scope.names.get(key)
        return f"{key.replace('•', '·')} is defined anew at line {getattr(now, 'line', None)}"

    def _reads_alike(self, macro: Macro, scope: Scope, moved: list) -> bool:
        """Whether ``macro`` read again in ``scope`` is what it was (it does not use ``moved``)."""
        memo = (id(macro), tuple(id(scope.names.get(k)) for k in moved))
        if memo not in self.alike:
            try:
                self.alike[memo] = same(macro.rebuild(scope), macro)
            except DerivationError:
                self.alike[memo] = False
        return self.alike[memo]

    def reading(self, line: int, context: Context, read, written: str = ""):
        """``read()`` with the scope of ``line``; what it binds (a definition) is kept in
        the document's scope."""
        document = context.scope
        chosen = definitions_in_force(document, context.redefined, line,
                                      lambda key, at: self._same_part(key, at, line))
        if self.term_labels:
            chosen = replace(chosen, term_labels=self.labels_at(line))
        if not self.sections and chosen is document and not (written and context.redefined) and not context.waiting:
            result = read()
            note_redefinitions(document, context)
            return result
        local = self.scope_at(line, chosen, written, frozenset(context.redefined))
        if context.waiting:
            local = replace(local, names={k: v for k, v in local.names.items() if k not in context.waiting})
        context.scope = local
        try:
            result = read()
            bound = {k: v for k, v in context.scope.names.items() if local.names.get(k) is not v}
        finally:
            context.scope = document
        context.scope = _with_bound(document, bound, context.waiting)
        note_redefinitions(document, context)
        return result


    def _same_part(self, key: str, at: int, line: int) -> bool:
        """Whether sections declare ``key`` and lines ``at`` and ``line`` are in one part of the
        document for it, with no section at all starting between them (a definition holds in its own
        part, before its display too)."""
        starts = [s for s in self.sections if key in s.hidden or key in s.overlay]
        low, high = min(at, line), max(at, line)
        return bool(starts) and _part(starts, at) is _part(starts, line) \
            and not any(low < s.line <= high for s in self.sections)

    def apart(self, key: str, at: int, line: int) -> bool:
        """Whether a section that declares ``key`` anew starts between lines ``at`` and ``line``: a
        definition of the name at one is not in force at the other."""
        low, high = min(at, line), max(at, line)
        return any(low < s.line <= high and (key in s.hidden or key in s.overlay) for s in self.sections)


def _with_bound(document: Scope, bound: dict, waiting: frozenset) -> Scope:
    """``document`` with the names a reading bound.  A definition of a name that another definition,
    still waiting, gives too was read with that name hidden (no formula may read the waiting one's old
    meaning); beside what the document already means by it (\\mathcal{L}_{i,j} beside the function
    \\mathcal{L}(x, y)) it is bound as it would have been, not over it."""
    beside = {k: v for k, v in bound.items()
              if k in waiting and k in document.names and isinstance(v, Macro) and v.key == k}
    scope = replace(document, names={**document.names, **{k: v for k, v in bound.items() if k not in beside}})
    for macro in beside.values():
        scope = bind_definition(scope, macro)
    return scope


def _of_a_distribution_replaced(scope: Scope, sections: list) -> tuple:
    """(key, why) of each quantity declared of a distribution (I(X; Y) of p: no definition of the
    document's) that a section in force (``sections``) has declared anew since, under its name: the
    quantity would still be of the old table while the section's formulas are of the new one, and a
    statement that combines them would compare two distributions (a true bound refuted).  A section
    that declares the quantity again gives it the new one."""
    tags = {value.tag for value in scope.names.values() if isinstance(value, Distribution)}
    found = []
    for key, meaning in scope.names.items():
        if isinstance(meaning, InformationOf):      # I declared alone, of p: of the old table too
            replaced = [] if meaning.distribution.tag in tags else [meaning.distribution.name]
        elif not (isinstance(meaning, Macro) and meaning.line is None and meaning.defined_in is None
                  and isinstance(meaning.body, sp.Basic)):
            continue
        else:
            replaced = sorted(str(t).split("__")[0] for t in _tags_of(meaning.body) if t not in tags)
        section = next((s for s in reversed(sections) if replaced and replaced[0] in s.overlay), None)
        if section is None or any(isinstance(other, Macro) and other is not meaning and k.startswith(f"{key}(")
                                  for k, other in scope.names.items()):
            continue    # of a distribution in force; or I(x, z) declared beside I(x, c), read by its labels
        shown = _shown_key(f"{key}({meaning.labels})" if getattr(meaning, "labels", None) else key)
        found.append((key, f"'{shown}' is declared of the distribution {replaced[0]} of the notation before "
                           f"the section of line {section.line}, which declares {replaced[0]} anew: declare the "
                           "quantity again in that section"))
    return tuple(found)


def _tags_of(body: sp.Basic) -> set:
    """The tags of the distributions an expression's densities and expectations are of."""
    return {node.args[0] if isinstance(node, Density) else node.args[2] for node in sp.preorder_traversal(body)
            if isinstance(node, Density) or isinstance(node, Expectation) and len(node.args) > 2}


def _parameters_of_its_subscript(key: str, macro: Macro, moved: list, written: str) -> bool:
    r"""Whether the names ``moved`` that the definition uses are the points its head takes as parameters
    (q of l(q, d^+) = …), or scalars that the subscript of its head writes (α of F_{\log \alpha}(g) = …)
    while the formula does not write that head as defined: a use puts its own values in their places
    (translate/parameter_families.py)."""
    used = [k for k in moved if _depends_on(macro, macro.defined_in.names.get(k))]
    points = {value for kind, value in macro.point_params if kind == "point"}
    if used and all(macro.defined_in.names.get(k) in points for k in used):
        return True     # l(q, d^+) = … of points: a use puts its own points in the parameters' places
    found = re.fullmatch(r"([^_{}]+)_(\{.*\}|.)", key)
    return found is not None and not names_written(written, key) and all(
        isinstance(macro.defined_in.names.get(k), sp.Symbol) and names_written(found.group(2), k) for k in used)


def _depends_on(macro: Macro, meaning) -> bool:
    """Whether the body of ``macro`` uses the declaration ``meaning`` (a scalar, a family, a function);
    a meaning of another kind counts as used."""
    body = macro.body
    if not isinstance(body, sp.Basic):
        return True
    target = getattr(meaning, "base", None) or getattr(meaning, "function", None) or meaning
    return body.has(target) if isinstance(target, (sp.Basic, type)) else True


def _shown_key(key: str) -> str:
    """A key as a message writes it: P(y=1\\mida,b) as P(y=1 \\mid a, b), a place • as ·."""
    head, _, labels = key.replace("•", "·").partition("(")
    return f"{head}({shown(labels[:-1])})" if labels.endswith(")") else head


def texts_of(entry) -> str:
    """Every text of a formula's table (its LaTeX, its steps', its given), one after another."""
    if isinstance(entry, str):
        return entry + "\n;"      # a separator that no name runs across once white space is gone
    if isinstance(entry, dict):
        return "".join(texts_of(v) for v in entry.values())
    if isinstance(entry, (list, tuple)):
        return "".join(texts_of(v) for v in entry)
    return ""


def _part(starts: list, line: int) -> Section | None:
    """The last of ``starts`` (sections, in the order of their lines) at or before ``line``."""
    found = [s for s in starts if s.line <= line]
    return found[-1] if found else None


def definitions_in_force(scope: Scope, redefined: dict, line: int, same_part=None) -> Scope:
    """``scope`` with each name the document defines more than once meaning the definition
    in force at ``line``: the last one given at or before it.  Before them all, the name
    means none of them (which one a formula that uses it there means is not written: the
    error says so), and a definition of it there is a definition, not a use.  Where sections
    that declare the name cut the document into parts (``same_part(key, line)`` of a definition's
    line), only the definitions of the line's part count, and the first of them holds before its
    display too (f^* used at line 327 of the section whose f^* is defined at line 331)."""
    changes, later = {}, []
    for key, macros in redefined.items():
        here = [m for m in macros if same_part(key, m.line)] if same_part is not None else []
        given = [m for m in here or macros if m.line <= line] or here[:1]
        if not given:
            later.append((key, tuple(m.line for m in macros)))
        elif scope.names.get(key) is not given[-1]:
            changes[key] = given[-1]
    if not changes and not later:
        return scope
    names = {k: v for k, v in {**scope.names, **changes}.items() if k not in dict(later)}
    return replace(scope, names=names, defined_later=tuple(later))


def note_redefinitions(before: Scope, context: Context) -> None:
    """Records a definition that replaced another of the same name given at another line
    (a long post defines L in one section and again in the next): each formula then reads
    the one in force at its line, never silently the last one read."""
    kept = {id(v) for v in context.scope.names.values()}
    for key, meaning in context.scope.names.items():
        old = before.names.get(key)
        if meaning is old or not (isinstance(meaning, Macro) and isinstance(old, Macro)) \
                or meaning.line is None or old.line is None or meaning.line == old.line:
            continue
        if id(old) in kept:
            continue    # moved beside the new one (the entries Q_{i,j} under Q_{•} beside the total Q), not replaced
        history = context.redefined.setdefault(key, [old])
        if all(m is not meaning for m in history):
            history.append(meaning)
            history.sort(key=lambda m: m.line)


#: the mark of the key a family's entries (or a set's members) are found under: x_{•}, x^{•}, P(•)
_FORM = re.compile(r"(_\{•\}|\^\{•\}|\(•\))$")


def _keys_of(entry: dict) -> set:
    """The keys an entry of a section's notation takes: its name, and a distribution's measure (P of p);
    and the keys its name's entries are found under (x_{•}, x^{•}: the family x beside a scalar x of the
    notation before it), which the section's name means now too (never the old family's entries beside it)."""
    names = [n for n in (entry.get("name"), entry.get("measure")) if isinstance(n, str)]
    keys = {key for n in names for key in (n, scope_key(n))}
    return keys | {form_key(key, form) for key in keys for form in ("subscript", "superscript")}


def _set_heads(entry: dict) -> set:
    r"""The letter a set with a parameter takes (``\mathcal{P}`` of ``\mathcal{P}_i``, ``P`` of ``P(i)``),
    with the keys its uses look up: a section that declares the set takes the letter from the
    notation before it, as it takes a name it declares again."""
    name = entry.get("name")
    keys = set_keys(name) if isinstance(name, str) else set()
    return keys | {re.sub(r"(_\{•\}|\^\{•\}|\(•\))$", "", key) for key in keys}


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
        before = Sections(tuple(found), document).scope_at(line, document)
        own = {key for table in SECTION_TABLES for item in entry.get(table, ()) for key in _keys_of(item)} | \
            {key for item in entry.get("set", ()) for key in _set_heads(item)}
        start = replace(before, names={k: v for k, v in before.names.items() if k not in own})
        context.scope, context.prefix = start, ("section", number)
        builder.symbol_suffix = section_suffix(line)
        try:
            read_notation({table: entry[table] for table in SECTION_TABLES if table in entry}, context)
            after = context.scope
        finally:
            builder.symbol_suffix, context.prefix, context.path = "", (), ()
        overlay = {k: v for k, v in after.names.items() if before.names.get(k) is not v}
        hidden = frozenset(k for k in before.names if k in own and k not in after.names)
        found.append(Section(line, entry.get("title", ""), overlay, hidden, after))
    context.scope = document
    return Sections(tuple(found), document, term_labels_of(spec))


def term_labels_of(spec: dict) -> tuple:
    """(line, label, LaTeX) of the terms the formulas of ``spec`` label (its definitions,
    claims and their steps, and the corpus's displays), at the line of their formula."""
    found = []
    for table in ("define", "claim", "display"):
        for entry in spec.get(table, ()):
            formulas = [entry] + [step for step in entry.get("step", ()) if isinstance(step, dict)]
            for formula in formulas:
                if isinstance(formula.get("latex"), str) and isinstance(formula.get("line", entry.get("line")), int):
                    found += [(formula.get("line", entry.get("line")), label, latex)
                              for label, latex in term_labels_in(formula["latex"])]
    return tuple(found)

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
"""
from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass, field as dataclass_field, replace
from pathlib import Path

import sympy as sp

from . import limits
from ..model.claims import Condition, Document, Expectation, Kind, Statement
from .builder import DocumentBuilder, ProofBuilder, chain
from ..model.nodes import BestCritic, ExpectXYK, MaxOver, MutualInformation
from ..errors import DerivationError, warn
from ..model.notation import Domain, Origin, Role
from ..safe_io import MAX_DERIVATION_BYTES, read_text_file
from ..latex.macros import define
from ..latex.parser import Where
from ..latex.scope import (EllipsisReading, Family, Macro, Operator, OperatorKind, PairSet, Partner, Path,
                    Scope)
from ..latex.translate import _text_key, labelled_key, translate_expr, translate_rows

_STEP_RELATIONS = {"=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
                   "same-direction": "same-direction", "->": "="}


class Locator:
    """Finds where each string value of a specification is written in its file, in
    the order the values are read, so errors and origins name the file's line.
    :meth:`enter` starts the search at the table being read (its header), and
    :meth:`key_line` names the line of a key (``('claim', 3, 'given')``)."""

    def __init__(self, path: str, raw: str, base_line: int = 1):
        self.path, self.raw, self.base_line = path, raw, base_line
        self.cursor = 0
        self._keys: KeyLines | None = None

    @property
    def keys(self) -> KeyLines:
        if self._keys is None:
            self._keys = KeyLines(self.raw, self.base_line)
        return self._keys

    def enter(self, path: tuple) -> None:
        """Values are read from the table at ``path`` next: search from its header."""
        start = self.keys.start(path)
        if start is not None:
            self.cursor = start

    def at(self, path: tuple) -> None:
        """The value of the key at ``path`` is read next: search from the key."""
        offset = self.keys.offset(path)
        if offset is not None and len(path) and self.keys.line_of(offset) == self.keys.line(path):
            self.cursor = offset

    def key_line(self, path: tuple, table: dict | None = None) -> int | None:
        return self.keys.line(path)

    def where(self, value: str) -> Where:
        first = value.split("\n", 1)[0]
        position = self.raw.find(first, self.cursor) if first else -1
        if position < 0:
            position = self.raw.find(first) if first else -1
        if position < 0:
            return Where(self.path, self.base_line, 1)
        self.cursor = position + len(first)
        line = self.keys.line_of(position)
        column = position - (self.raw.rfind("\n", 0, position) + 1) + 1
        return Where(self.path, line, column)

    def origin(self, value: str) -> Origin:
        where = self.where(value) if isinstance(value, str) else Where(self.path, self.base_line)
        return Origin(self.path, where.line)


@dataclass(frozen=True)
class _RecordingScope(Scope):
    """A scope that records what the translation looks up: the names a formula uses,
    the ``read_as`` readings that changed a text, the ellipsis readings it read.  A
    ``let``, ``read_as`` or declaration that nothing looks up has no effect."""

    used: set | None = dataclass_field(default=None, compare=False, repr=False)

    def lookup(self, key: str):
        found = super().lookup(key)
        if self.used is not None:
            self.used.add(self.reading(key))
        return found

    def reading(self, text: str) -> str:
        if self.used is not None:
            for written, _ in self.read_as:
                if written in text:
                    self.used.add(("read_as", written))
        return super().reading(text)

    def reading_for(self, first: str, last: str):
        found = super().reading_for(first, last)
        if found is not None and self.used is not None:
            self.used.add(("ellipsis", id(found)))
        return found


@dataclass
class _Context:
    spec_path: str
    locator: Locator
    builder: DocumentBuilder
    scope: Scope
    used: set = dataclass_field(default_factory=set)       # every name any formula looked up
    path: tuple = ()                                       # the table being read
    largest: dict = dataclass_field(default_factory=dict)  # size symbol → its largest checked value

    def fail(self, message: str, key: str | tuple | None = None, line: int | None = None) -> DerivationError:
        """The error for ``key`` of the table being read (its line, else the table's)."""
        if line is None:
            keys = key if isinstance(key, tuple) else (key,) if key is not None else ()
            line = self.locator.key_line(self.path + keys)
        return DerivationError(message, self.spec_path, line)


def load_toml(path: Path) -> Document:
    # A byte-order mark is not content; NUL bytes and bad UTF-8 are refused while reading.
    raw = read_text_file(path, MAX_DERIVATION_BYTES, encoding="utf-8-sig")
    try:
        spec = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        line = _toml_error_line(str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)", "", str(exc))
        raise DerivationError(f"not valid TOML: {message}", str(path), line) from None
    return build(spec, Locator(str(path), raw))


def _toml_error_line(message: str) -> int | None:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def _table_at(spec: dict, path: tuple):
    table = spec
    for key in path:
        try:
            inner = table[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(inner, (dict, list)):
            table = inner
        else:
            break
    return table if isinstance(table, dict) else None


def build(spec: dict, locator: Locator) -> Document:
    path = locator.path

    def fail(message: str, key_path: tuple) -> DerivationError:
        return DerivationError(message, path, locator.key_line(key_path, _table_at(spec, key_path)))

    validate_table(spec, "", (), fail)     # types and ranges, before anything is read
    builder = DocumentBuilder(spec["id"], spec["title"], spec["source"])
    context = _Context(path, locator, builder, Scope())
    context.scope = _RecordingScope(used=context.used)
    _notation(spec, context)
    for entry in _entries(spec, "define", context):
        _define(entry, context, document_level=True)
    for entry in _entries(spec, "unchecked", context):
        builder.unchecked(_int(entry, "line", context), _text(entry, "reason", context),
                          origin=Origin(path, context.locator.key_line(context.path + ("reason",))
                                        or context.locator.where(entry["reason"]).line))
    for entry in _entries(spec, "claim", context):
        _claim(entry, context)
    document = builder.build(path)
    _warn_unused(spec, context)
    return document


def _warn_unused(spec: dict, context: _Context) -> None:
    """A declaration nothing in the file uses: a warning, not an error (a notation shared
    by many claims legitimately has names one claim does not use, but a name that no
    claim, definition or declaration of the file uses is probably a mistake)."""
    sized = {name for claim in spec.get("claim", ()) for name in (claim.get("sizes") or {})}
    for table in ("size", "scalar", "family", "index"):
        for number, entry in enumerate(spec.get(table, ())):
            name = entry["name"]
            if name in context.used or _key(name) in context.used or name in sized:
                continue
            line = context.locator.key_line((table, number, "name"))
            warn(f"the {table} {name!r} is declared but no claim, definition or declaration of "
                 "this file uses it", context.spec_path, line)


# --- notation --------------------------------------------------------------------

def _notation(spec: dict, context: _Context) -> None:
    builder, scope = context.builder, context.scope
    for entry in _entries(spec, "size", context):
        name = _text(entry, "name", context)
        origin = context.locator.origin(name)
        symbol = builder.size(_symbol_name(name), minimum=_int(entry, "minimum", context),
                              checked=tuple(entry["checked"]), latex=name, origin=origin)
        context.largest[symbol] = sp.Integer(max(entry["checked"]))
        scope = scope.bind(name, symbol)
    for entry in _entries(spec, "scalar", context):
        name = _text(entry, "name", context)
        origin = context.locator.origin(name)
        symbol = builder.scalar(entry.get("symbol") or _symbol_name(name),
                                _enum(Domain, entry.get("domain", "real"), context, origin),
                                role=_enum(Role, entry.get("role", "value"), context, origin),
                                latex=entry.get("display", name), origin=origin)
        scope = scope.bind(name, symbol)
    for entry in _entries(spec, "family", context):
        name = _text(entry, "name", context)
        origin = context.locator.origin(name)
        shape = tuple(_formula(s, scope, context) for s in entry.get("shape", ()))
        _check_entries(name, shape, context.largest, context, ("shape",))
        base = builder.family(entry.get("symbol") or _symbol_name(name), shape,
                              _enum(Domain, entry.get("domain", "real"), context, origin),
                              role=_enum(Role, entry.get("role", "value"), context, origin),
                              latex=entry.get("display", name), origin=origin)
        scope = scope.bind(name, Family(base, shape))
    distinct = set()
    for entry in _entries(spec, "index", context):
        name = _text(entry, "name", context)
        origin = context.locator.origin(name)
        if "positive_of" in entry:
            scope = scope.bind(name, _partner(entry, name, scope, context, origin))
            continue
        others = [_index_meaning(scope.lookup(o), scope) for o in entry.get("distinct_from", ())]
        if any(not isinstance(o, sp.Expr) for o in others):
            raise DerivationError(f"index {name}: distinct_from names an undeclared index", origin.path,
                                  origin.line)
        symbol = builder.index(_symbol_name(name), _formula(entry.get("from", "1"), scope, context),
                               _formula(entry["to"], scope, context),
                               distinct_from=tuple(others), latex=name, origin=origin)
        distinct |= {frozenset((symbol, o)) for o in others}
        scope = scope.bind(name, symbol)
    context.scope = replace(scope, distinct=frozenset(distinct))
    context.path = ()
    gradient = spec.get("gradient")
    if gradient is not None:
        by = context.scope.lookup(gradient.get("by", ""))
        directions = context.scope.lookup(gradient.get("directions", ""))
        if not isinstance(by, Family) or not isinstance(directions, Family):
            raise context.fail("gradient: 'by' and 'directions' must name declared families",
                               ("gradient",))
        context.scope = context.scope.bind(r"\nabla", (by.base, directions.base))
    path = spec.get("path")
    if path is not None:
        context.scope = replace(context.scope, path=_path(path, context))
    for entry in _entries(spec, "operator", context):
        _operator(entry, context)
    for entry in _entries(spec, "quantity", context):
        _quantity(entry, context)
    for entry in _entries(spec, "pair_set", context):
        context.scope = _pair_set(entry, context.scope, context)


_TEXT_NAME = re.compile(r"\\(text|textrm|mathrm|operatorname)\s*\{[^{}]*\}")
#: [[operator]] meanings; an expectation also names the critic's family (``of``).
_OPERATORS = {kind.value: kind for kind in OperatorKind}
#: [[quantity]] meanings: a name that stands for a quantity the checker computes.
_QUANTITIES = {"mutual information": MutualInformation}


def _partner(entry: dict, name: str, scope: Scope, context: _Context, origin: Origin) -> Partner:
    """``j`` with ``positive_of = 'i'``: the other view of row i among 2·samples rows."""
    anchor = entry.get("positive_of")
    if not isinstance(scope.lookup(anchor), sp.Symbol) or set(entry) - {"name", "positive_of", "samples"}:
        raise DerivationError(f"index {name}: positive_of names a declared index, and goes with "
                              "'samples' only", origin.path, origin.line)
    if "samples" not in entry:
        raise context.fail(f"index {name}: positive_of goes with 'samples', the number of samples "
                           "of the batch (2·samples rows)")
    return Partner(anchor, _formula(entry["samples"], scope, context))


def _index_meaning(meaning, scope: Scope):
    """An index, or the other view of one (as the expression of the index it follows)."""
    if isinstance(meaning, Partner) and isinstance(scope.lookup(meaning.of), sp.Symbol):
        return meaning.row(scope.lookup(meaning.of))
    return meaning


def _path(path: dict, context: _Context) -> Path:
    scope = context.scope
    parameter = scope.lookup(path.get("parameter", ""))
    family, along = scope.lookup(path.get("moves", "")), scope.lookup(path.get("along", ""))
    if not isinstance(parameter, sp.Symbol) or not isinstance(family, Family) \
            or not isinstance(along, Family) or family.shape != along.shape:
        raise context.fail("path: 'parameter' names a declared scalar, 'moves' and 'along' two "
                           "declared families of the same shape", ("path",))
    return Path(parameter, family.base, along.base)


def _operator(entry: dict, context: _Context) -> None:
    name = _text(entry, "name", context)
    origin = context.locator.origin(name)
    kind = _OPERATORS.get(entry.get("meaning"))
    if kind is None:
        raise DerivationError(f"operator {name}: meaning must be one of {', '.join(_OPERATORS)}",
                              origin.path, origin.line)
    family = size = None
    if kind is OperatorKind.EXPECTATION:
        critic = context.scope.lookup(entry.get("of", ""))
        if not isinstance(critic, Family) or len(critic.shape) != 1:
            raise DerivationError(f"operator {name}: 'of' must name the critic's family g_k",
                                  origin.path, origin.line)
        family, size = critic.base, critic.shape[0]
    _record_definition(entry, name, context)
    # \text{gradient descent on} keeps its inner spaces, as the translator reads it
    key = _text_key(name.strip()) if _TEXT_NAME.fullmatch(name.strip()) else _key(name)
    context.scope = context.scope.bind(key, Operator(kind, family, size))


def _pair_set(entry: dict, scope: Scope, context: _Context) -> Scope:
    """``\\mathcal{MB}``: the positive pairs of 2·samples rows, summed over ``anchors``."""
    name = _text(entry, "name", context)
    samples = _formula(entry["samples"], scope, context)
    anchors = _formula(entry["anchors"], scope, context)
    return scope.bind(_key(name), PairSet(samples, anchors))


def _quantity(entry: dict, context: _Context) -> None:
    name = _text(entry, "name", context)
    origin = context.locator.origin(name)
    node = _QUANTITIES.get(entry.get("meaning"))
    match = re.fullmatch(r"\s*([^()\s]+)\s*\((.*)\)\s*", name)
    if node is None or match is None:
        raise DerivationError(f"quantity {name}: write it as name(arguments) with a meaning of "
                              f"{', '.join(_QUANTITIES)}", origin.path, origin.line)
    _record_definition(entry, name, context)
    key, labels = match.group(1), _key(match.group(2))
    _bind_macro(Macro(key, node(), labels=labels, line=entry.get("line")), context)


def _record_definition(entry: dict, name: str, context: _Context) -> None:
    """A declaration that stands for a definition in the document: recorded with its
    line and LaTeX (for the source match), not translated."""
    if "latex" in entry:
        latex = _text(entry, "latex", context)
        where = context.locator.where(latex)
        context.builder.definition(name, line=_int(entry, "line", context), latex=latex,
                                   origin=Origin(where.path, where.line))


def _key(latex: str) -> str:
    return "".join(latex.split())


def _bind_macro(macro: Macro, context: _Context) -> None:
    """A second definition of a labelled name for other arguments (I^K(X;Y|g) after
    I^K(x, y_{1:K}|g)) is bound beside the first, which the bare name keeps."""
    first = context.scope.names.get(macro.key)
    if macro.labels is not None and isinstance(first, Macro) and first.labels is not None \
            and first.labels != macro.labels:
        context.scope = context.scope.bind(labelled_key(macro.key, macro.labels), macro)
    else:
        context.scope = context.scope.bind(macro.key, macro)


def _symbol_name(latex: str) -> str:
    """A SymPy name for a declared LaTeX name: ``\\tau`` → ``tau``, ``x_0`` → ``x0``."""
    name = latex.lstrip("\\").replace("_", "").replace("{", "").replace("}", "").replace("\\", "")
    return name or "v"


# --- definitions and claims ----------------------------------------------------------

def _define(entry: dict, context: _Context, document_level: bool, scope: Scope | None = None):
    latex = _text(entry, "latex", context)
    line = _int(entry, "line", context)
    where = context.locator.where(latex)
    scope = scope if scope is not None else context.scope
    if entry.get("read", True) is not True:
        # a display no claim uses (an update rule θ ← θ − η∇L): reported and
        # source-matched, never translated, so it cannot stand for a macro
        if entry.get("read") is not False or not document_level or "name" not in entry:
            raise DerivationError("read = false is for a document-level [[define]] with a name",
                                  where.path, where.line)
        context.builder.definition(entry["name"], line=line, latex=latex,
                                   origin=Origin(where.path, where.line),
                                   restated_from=entry.get("restated_from", ""))
        return None
    macro = define(latex, scope, where, line=line)
    if document_level:
        context.builder.definition(entry.get("name", macro.key), line=line, latex=latex,
                                   origin=Origin(where.path, where.line),
                                   restated_from=entry.get("restated_from", ""))
        _bind_macro(macro, context)
    return macro


@dataclass
class _Bindings:
    """What a claim or step binds for itself, to check that each of them takes effect."""

    lets: list = dataclass_field(default_factory=list)      # (name, rebound macro keys, old meaning)
    readings: list = dataclass_field(default_factory=list)  # (EllipsisReading, index)
    read_as: list = dataclass_field(default_factory=list)   # (text as written, key)
    used: set = dataclass_field(default_factory=set)        # what the translation looked up


def _local_scope(entry: dict, scope: Scope, context: _Context) -> tuple[Scope, _Bindings]:
    bindings = _Bindings()
    scope = replace(scope, used=bindings.used) if isinstance(scope, _RecordingScope) else scope
    for name, formula in (entry.get("let") or {}).items():
        value = _formula(formula, scope, context, ("let", name))
        bindings.used.discard(name)          # n = 'n + 1' does not use the n it binds
        old = scope.names.get(name)
        rebound = set()
        if isinstance(old, sp.Expr) and isinstance(value, sp.Expr) and old != value:
            # the definitions this claim uses are re-read with the name bound: a let of a
            # declared size, scalar or index substitutes inside their bodies
            for key, meaning in list(scope.names.items()):
                if isinstance(meaning, Macro) and meaning.body.has(old):
                    scope = scope.bind(key, replace(meaning, body=meaning.body.xreplace({old: value})))
                    rebound.add(key)
        scope = scope.bind(name, value)
        bindings.lets.append((name, rebound, old))
    readings = []   # a step's readings come before its claim's: the innermost wins
    for number, reading in enumerate(entry.get("ellipsis") or ()):
        inner = ("ellipsis", number)
        readings.append(EllipsisReading(
            str(reading["first"]), str(reading["last"]), _formula(reading["lo"], scope, context, inner + ("lo",)),
            _formula(reading["hi"], scope, context, inner + ("hi",)),
            _formula(reading["skip"], scope, context, inner + ("skip",)) if "skip" in reading else None))
        bindings.readings.append((readings[-1], number))
    readings += list(scope.ellipses)
    little_o = entry.get("little_o")
    scope = replace(scope, ellipses=tuple(readings))
    if little_o is not None:
        variable = _formula(little_o["variable"], scope, context, ("little_o", "variable"))
        scope = replace(scope, little_o=(variable, _formula(str(little_o["at"]), scope, context,
                                                            ("little_o", "at"))))
    for pair_set in entry.get("pair_set") or ():
        scope = _pair_set(pair_set, scope, context)
    read_as = entry.get("read_as") or {}
    if read_as:
        pairs = tuple((_key(a), _key(b)) for a, b in read_as.items())
        bindings.read_as = [(written, key) for written, (key, _) in zip(read_as, pairs)]
        scope = replace(scope, read_as=scope.read_as + pairs)
    for number, local in enumerate(entry.get("define") or ()):
        macro = _define(local, context, document_level=False, scope=scope)
        scope = scope.bind(macro.key, macro)
    context.used |= bindings.used   # what the readings' own formulas use is used by the file,
    bindings.used.clear()           # but not a use of what this claim binds
    return scope, bindings


def _check_effects(bindings: _Bindings, scope: Scope, context: _Context, what: str) -> None:
    """A ``let``, ``read_as`` or ``ellipsis`` that changes nothing is an error: a reading
    that silently does not apply gives a verdict about another formula than intended."""
    used = bindings.used
    for name, rebound, old in bindings.lets:
        if name in used or _key(name) in used or rebound & used:
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


def _claim(entry: dict, context: _Context) -> None:
    claim_path = context.path
    claim_id = _text(entry, "id", context)
    origin = Origin(context.spec_path, context.locator.key_line(claim_path + ("id",))
                    or context.locator.origin(claim_id).line)
    scope, bindings = _local_scope(entry, context.scope, context)
    largest = dict(context.largest)
    sizes = {}
    for name, values in (entry.get("sizes") or {}).items():
        symbol = context.scope.names.get(name)
        if not any(symbol == declared.symbol for declared in context.builder._sizes):
            raise context.fail(f"sizes: {name!r} is not a declared size", ("sizes", name))
        sizes[symbol] = tuple(values)
        largest[symbol] = sp.Integer(max(values))
    if len(sizes) != len(entry.get("sizes") or {}):
        raise context.fail("sizes: a size is named twice", ("sizes",))
    for family in context.builder._families:
        _check_entries(family.latex, family.shape, largest, context, ("sizes",))
    proof = None
    steps = entry.get("step") or []
    if steps:
        proof = ProofBuilder()
        for number, step in enumerate(steps):
            context.path = claim_path + ("step", number)
            context.locator.enter(context.path)
            bindings.used |= _steps(step, proof, scope, context, largest)
        context.path = claim_path
        context.locator.enter(claim_path)
    latex = entry.get("latex", "")
    statement = None
    if not entry.get("derived"):
        latex = _text(entry, "latex", context)
        context.locator.at(claim_path + ("latex",))
        statement = _statement(latex, scope, context)
        for term in statement.terms:
            _check_cost(term, largest, context, ("latex",))
    given = []
    for number, text in enumerate(entry.get("given", ())):
        context.locator.at(claim_path + ("given",)) if number == 0 else None
        given.append(Condition(_condition(text, scope, context), text))
    _check_effects(bindings, scope, context, f"claim {claim_id}")
    context.used |= bindings.used
    factor = entry.get("conclusion_factor")
    context.builder.claim(
        claim_id, line=_int(entry, "line", context), title=_text(entry, "title", context),
        kind=_enum(Kind, entry.get("kind", "identity"), context, origin), statement=statement,
        latex=latex or _derived_latex(steps), proof=proof, given=tuple(given),
        expect=entry.get("expect"), reading=entry.get("reading", ""), note=entry.get("note", ""),
        conclusion_expect=entry.get("conclusion_expect"), conclusion_note=entry.get("conclusion_note", ""),
        conclusion_factor=_formula(factor, scope, context, ("conclusion_factor",)) if factor else None,
        sizes=sizes or None, origin=origin, restated_from=entry.get("restated_from", ""))
    _check_given(context.builder._claims[-1], context)


def _check_given(claim, context: _Context) -> None:
    """A condition that names nothing the claim evaluates cannot change its verdict: an
    error (there is no reading under which it applies)."""
    if not claim.given:
        return
    exprs = list(claim.statement.terms)
    if claim.proof:
        exprs += [e for s in claim.proof.steps for e in (s.lhs, s.rhs)]
    names = set()
    for expr in exprs:
        names |= _names_in(expr)
    shapes = {f.base: f.shape for f in context.builder._families}
    bounds = {i.symbol: (i.lo, i.hi) for i in context.builder._indices}
    for name in list(names):   # the sizes a family or an index is instantiated at count too
        for extent in shapes.get(name, ()) + bounds.get(name, ()):
            names |= _names_in(sp.sympify(extent))
    for number, condition in enumerate(claim.given):
        if not _names_in(condition.predicate) & names:
            raise context.fail(f"given {condition.label!r}: names nothing claim {claim.id} uses, so the "
                               "condition cannot change its verdict", ("given",))


def _names_in(expr) -> set:
    """The symbols, families and declared quantities (I(X;Y), an expectation) an
    expression mentions: a given on I(X; Y) names what an expectation claim evaluates."""
    found = set(expr.free_symbols)
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Indexed):
            found.add(node.base)
        elif isinstance(node, sp.IndexedBase):
            found.add(node)
        elif isinstance(node, (MutualInformation, ExpectXYK, BestCritic)):
            found.add(type(node))
    return found


def _check_entries(name: str, shape, largest: dict, context: _Context, key: tuple) -> None:
    """A family has at most MAX_FAMILY_ENTRIES entries at the largest checked sizes."""
    count = 1
    for extent in shape:
        value = sp.sympify(sp.sympify(extent).xreplace(largest))
        if not value.is_Integer:
            value = sp.sympify(value.xreplace({s: sp.Integer(limits.MAX_SIZE) for s in value.free_symbols}))
        count *= int(value) if value.is_Integer and value > 0 else 1
    if count > limits.MAX_FAMILY_ENTRIES:
        raise context.fail(_limit(f"family {name}: its number of entries at the largest checked sizes,",
                                  count, "MAX_FAMILY_ENTRIES"), key)


def _check_cost(expr, largest: dict, context: _Context, key: tuple) -> None:
    """Nested sums, products and maxima expand to at most MAX_SUM_TERMS terms at the
    largest checked sizes (30 nested sums at n = 5 would be 5^30)."""
    cap = limits.MAX_SUM_TERMS
    biggest = int(max(largest.values(), default=limits.MAX_SIZE))

    def extent(lo, hi, env) -> int:
        span = sp.sympify(sp.sympify(hi - lo + 1).xreplace(env))
        if not span.is_Integer:
            span = sp.sympify(span.xreplace({s: sp.Integer(biggest) for s in span.free_symbols}))
        return int(span) if span.is_Integer and span > 0 else (1 if span.is_Integer else biggest)

    def terms(node, env) -> int:
        if isinstance(node, (sp.Sum, sp.Product)):
            count = 1
            for limit in node.limits:
                var, lo, hi = limit
                count = min(cap + 1, count * extent(lo, hi, env))
                top = sp.sympify(sp.sympify(hi).xreplace(env))
                env = {**env, var: top if top.is_Integer else sp.Integer(biggest)}
            return min(cap + 1, count * terms(node.function, env))
        if isinstance(node, MaxOver):
            body, var, lo, hi = node.args
            count = extent(lo, hi, env)
            return min(cap + 1, count * terms(body, {**env, var: sp.Integer(biggest)}))
        if not node.args or not isinstance(node, sp.Basic):
            return 1
        return min(cap + 1, sum(terms(arg, env) for arg in node.args if isinstance(arg, sp.Basic)))

    count = terms(expr, dict(largest))
    if count > cap:
        raise context.fail(_limit("the sums of this formula expand, at the largest checked sizes, to "
                                  "a number of terms more than", cap, "MAX_SUM_TERMS").replace(
            f"more than {cap} exceeds the limit of {cap}", f"more than the limit of {cap}"), key)


def _derived_latex(steps: list) -> str:
    return " ".join(step.get("latex", "").strip() for step in steps[:1])


def _statement(latex: str, scope: Scope, context: _Context) -> Statement:
    where = context.locator.where(latex)
    rows = translate_rows(latex, scope, where)
    terms, relations = [], []
    for row in rows:
        if row.continues and not terms:
            raise where.error("the statement starts with a relation")
        if not row.continues and terms:
            raise where.error("a statement is one chain of relations")
        if not terms:
            terms.append(row.sides[0].expr)
            sides = row.sides[1:]
        else:
            sides = row.sides
        for relation, side in zip(row.relations, sides):
            relations.append(_relation(relation, where))
            terms.append(side.expr)
    if not relations:
        raise where.error("a statement needs a relation (=, <, \\leq, …)")
    parts = [terms[0]]
    for relation, term in zip(relations, terms[1:]):
        parts += [relation, term]
    return chain(*parts)


def _relation(symbol: str, where: Where) -> str:
    try:
        return _STEP_RELATIONS[symbol]
    except KeyError:
        raise where.error(f"the relation {symbol!r} is not one the checker decides") from None


def _per_link(value, index: int):
    if isinstance(value, list):
        return value[index] if index < len(value) else None
    return value


def _steps(entry: dict, proof: ProofBuilder, scope: Scope, context: _Context, largest: dict) -> set:
    """Add the links of one step; return what its formulas looked up."""
    latex = _text(entry, "latex", context)
    line = _int(entry, "line", context)
    scope, bindings = _local_scope(entry, scope, context)
    context.locator.at(context.path + ("latex",))
    where = context.locator.where(latex)
    before = len(proof.steps)
    if "substitute_in" in entry:
        _substitution(entry, latex, line, where, proof, scope)
    else:
        _links(entry, latex, line, where, proof, scope, context)
    for step in proof.steps[before:]:
        _check_cost(step.lhs, largest, context, ("latex",))
        _check_cost(step.rhs, largest, context, ("latex",))
    _check_effects(bindings, scope, context, f"the step at line {line}")
    return bindings.used


def _links(entry: dict, latex: str, line: int, where: Where, proof: ProofBuilder, scope: Scope,
           context: _Context) -> None:
    rows = translate_rows(latex, scope, where)
    link = 0
    after = entry.get("after")
    pending = None
    for row in rows:
        sides = list(row.sides)
        lhs = pending if row.continues else sides.pop(0).expr
        if not row.relations:
            pending = lhs
            continue
        for position, (relation, side) in enumerate(zip(row.relations, sides)):
            text = _link_text(latex, row, position)
            # a link belongs to the line its right side starts on
            offset = latex.count("\n", 0, side.start)
            row_line = line + offset
            origin = Origin(where.path, where.line + offset)
            kwargs = dict(rel=_relation(relation, where), latex=text,
                          note=_per_link(entry.get("note", ""), link) or "",
                          expect=_per_link(entry.get("expect"), link) or None, origin=origin,
                          restated_from=entry.get("restated_from", ""))
            if lhs is not None:
                proof.step(row_line, side.expr, lhs=lhs, **kwargs)
            elif after is not None:
                proof.step(row_line, side.expr, after=after, **kwargs)
                after = None
            else:
                proof.step(row_line, side.expr, **kwargs)
            lhs = None
            link += 1
        pending = None
    for key in ("expect", "note"):
        if isinstance(entry.get(key), list) and len(entry[key]) > link:
            raise context.fail(f"{key} has {len(entry[key])} entries, one per link, but the step has "
                               f"{link} link{'s' if link != 1 else ''}", key)


def _substitution(entry: dict, latex: str, line: int, where: Where, proof: ProofBuilder,
                  scope: Scope) -> None:
    """A line that sets a name (``t = …``, as the document writes it), read as the
    statement of the step at line ``substitute_in`` with the name replaced: the step the
    document takes by "setting t = …" in an earlier inequality."""
    rows = translate_rows(latex, scope, where)
    if len(rows) != 1 or rows[0].relations != ("=",) or not isinstance(rows[0].sides[0].expr, sp.Symbol):
        raise where.error("a substitution is one formula 'name = expression'")
    name, value = rows[0].sides[0].expr, rows[0].sides[1].expr
    into = entry["substitute_in"]
    earlier = [step for step in proof.steps if step.line == into]
    if len(earlier) != 1 or not (earlier[0].lhs.has(name) or earlier[0].rhs.has(name)):
        raise DerivationError(f"substitute_in = {into!r}: there must be one earlier step at that line, "
                              f"and it must use {name}", where.path, where.line)
    step = earlier[0]
    proof.step(line, step.rhs.xreplace({name: value}), lhs=step.lhs.xreplace({name: value}),
               rel=step.relation, latex=latex, note=entry.get("note", ""),
               expect=entry.get("expect"), origin=Origin(where.path, where.line),
               restated_from=entry.get("restated_from", ""))


def _link_text(latex: str, row, position: int) -> str:
    """The LaTeX of one link of a row, as written: ``a \\leq b`` of ``a \\leq b \\leq c``."""
    if row.continues:
        if len(row.relations) == 1:
            return _strip_row(row.text)
        start = row.sides[position - 1].end if position else None
        if start is None:
            return latex[latex.find(row.text):row.sides[0].end] if row.text in latex else row.text
        return latex[start:row.sides[position].end].strip()
    return latex[row.sides[position].start:row.sides[position + 1].end]


def _strip_row(text: str) -> str:
    text = text.strip()
    if text.endswith("\\\\"):
        text = text[:-2].rstrip()
    return text


def _condition(text: str, scope: Scope, context: _Context):
    where = context.locator.where(text)
    rows = translate_rows(text, scope, where)
    if len(rows) != 1 or len(rows[0].relations) != 1:
        raise where.error("a condition is one relation")
    a, b = rows[0].sides[0].expr, rows[0].sides[1].expr
    relation = rows[0].relations[0]
    table = {"<": sp.StrictLessThan, ">": sp.StrictGreaterThan, "<=": sp.LessThan, ">=": sp.GreaterThan,
             "!=": sp.Ne}
    if relation not in table:
        raise where.error(f"a condition cannot use {relation!r}")
    return table[relation](a, b)


# --- the schema: every key, its type, its range, whether it is required ----------------

@dataclass(frozen=True)
class Field:
    """One key of a table: what its value must be.

    ``kind`` is one of ``text`` (a string), ``formula`` (LaTeX; ``number_ok``: or a whole
    number), ``line`` (a line number), ``size`` (a checked size), ``sizes`` (a list of
    them), ``size_map`` (name → sizes), ``formulas`` (a list of LaTeX), ``formula_map``
    (name → LaTeX), ``text_map`` (text → text), ``choice`` (one of ``choices``), ``expect``
    (an expected verdict; a list of them, one per link, in a step), ``note`` (text; a list
    in a step), ``bool``, ``step_number``, ``table`` / ``tables`` (the table ``of``, or a
    list of them, at most ``most``).
    """

    kind: str
    required: bool = False
    of: str = ""
    choices: tuple = ()
    aliases: tuple = ()    # also accepted for a choice: the enum's member names, any case
    number_ok: bool = False
    most: str = "MAX_ITEMS"   # the limit on the length of a list (input_limits)
    hint: str = ""            # what the value is, in messages, when the kind says too little

    def describe(self) -> str:
        if self.hint:
            return self.hint
        return {
            "text": "text in quotes",
            "formula": "LaTeX in quotes" + (" or a whole number" if self.number_ok else ""),
            "line": f"a line number (1 … {limits.MAX_LINE})",
            "size": f"a whole number 1 … {limits.MAX_SIZE}",
            "sizes": f"a list of 1 … {limits.MAX_CHECKED_SIZES} whole numbers 1 … {limits.MAX_SIZE}, "
                     "e.g. [1, 2, 3]",
            "size_map": "a table of size names to lists of sizes, e.g. { n = [2, 3] }",
            "formulas": "a list of LaTeX strings, e.g. ['n \\geq 2']",
            "formula_map": "a table of names to LaTeX, e.g. { n = 'N + 1' }",
            "text_map": "a table of text to text, e.g. { 'y_{1:N}' = 'y_{1:K}' }",
            "choice": "one of " + ", ".join(c for c in self.choices),
            "expect": "an expected verdict (" + ", ".join(_EXPECTED) + ")",
            "note": "text in quotes",
            "bool": "true or false",
            "step_number": f"the number of an earlier step (1 … {limits.MAX_STEPS})",
            "table": f"a table ({{{', '.join(sorted(SCHEMA.get(self.of, ())))}}})",
            "tables": f"a list of tables ([[{self.of}]])",
        }[self.kind]


_EXPECTED = tuple(e.value for e in Expectation)
_T, _F, _L = Field("text"), Field("formula"), Field("line")
_RT, _RF, _RL = Field("text", True), Field("formula", True), Field("line", True)
_NUMBER_F, _RNUMBER_F = Field("formula", number_ok=True), Field("formula", True, number_ok=True)
_READINGS = {
    "let": Field("formula_map"), "ellipsis": Field("tables", of="ellipsis"),
    "little_o": Field("table", of="little_o"), "read_as": Field("text_map"),
    "pair_set": Field("tables", of="pair_set"), "define": Field("tables", of="define"),
}
_READING_KEYS = set(_READINGS)


def _choice(*enums_or_values, required=False) -> Field:
    values, aliases = [], []
    for item in enums_or_values:
        values += [m.value for m in item] if isinstance(item, type) else [item]
        aliases += [m.name.lower() for m in item] if isinstance(item, type) else []
    return Field("choice", required, choices=tuple(values), aliases=tuple(aliases))


#: Every table of a derivation and every key it may have, with its type, range and
#: whether it is required.  A misspelt key, or a key TOML put in the table above it (a
#: top-level key written after a [[table]]), is an error rather than ignored; so is a
#: value of the wrong type or out of range (see contrastive_sym/input_limits.py), with
#: the key's line.  The Markdown annotations share it (``markdown._KEYS``).
SCHEMA: dict[str, dict[str, Field]] = {
    "": {"id": _RT, "title": _RT, "source": _RT, "gradient": Field("table", of="gradient"),
         "path": Field("table", of="path"),
         **{key: Field("tables", of=key, most="MAX_ENTRIES")
            for key in ("size", "scalar", "family", "index", "operator", "quantity", "pair_set",
                        "define", "unchecked")},
         "claim": Field("tables", of="claim", most="MAX_CLAIMS")},
    "size": {"name": _RF, "minimum": Field("size", True), "checked": Field("sizes", True)},
    "scalar": {"name": _RF, "symbol": _T, "display": _F, "domain": _choice(Domain), "role": _choice(Role)},
    "family": {"name": _RF, "symbol": _T, "display": _F,
               "shape": Field("formulas", most="MAX_RANK", number_ok=True,
                              hint="a list of sizes in LaTeX, e.g. shape = ['N', 'N']"),
               "domain": _choice(Domain), "role": _choice(Role)},
    "index": {"name": _RF, "from": _NUMBER_F, "to": _RNUMBER_F, "distinct_from": Field("formulas", hint="a list of declared indices, e.g. ['i']"),
              "positive_of": _F, "samples": _NUMBER_F},
    "gradient": {"by": _RF, "directions": _RF},
    "path": {"parameter": _RF, "moves": _RF, "along": _RF},
    "operator": {"name": _RF, "meaning": _choice(OperatorKind, required=True), "of": _F, "line": _L,
                 "latex": _F},
    "quantity": {"name": _RF, "meaning": _choice("mutual information", required=True), "line": _L,
                 "latex": _F},
    "pair_set": {"name": _RF, "samples": _RNUMBER_F, "anchors": _RNUMBER_F},
    "define": {"name": _T, "line": _RL, "latex": _RF, "restated_from": _T,
               "read": Field("bool", hint="true or false (read = false: a display no claim uses)")},
    "unchecked": {"line": _RL, "reason": _RT},
    "claim": {"id": _RT, "line": _RL, "title": _RT, "kind": _choice(Kind), "latex": _RF,
              "derived": Field("bool"), "expect": Field("expect"), "reading": _T, "note": _T,
              "given": Field("formulas", hint="a list of conditions in LaTeX, e.g. given = ['n \\geq 2']"), "sizes": Field("size_map"), "conclusion_expect": Field("expect"),
              "conclusion_note": _T, "conclusion_factor": _NUMBER_F, "restated_from": _T,
              "step": Field("tables", of="step", most="MAX_STEPS"), **_READINGS},
    "step": {"line": _RL, "latex": _RF, "expect": Field("expect"), "note": Field("note"),
             "restated_from": _T, "after": Field("step_number"), "substitute_in": _L, **_READINGS},
    # the reading tables inside a claim or step
    "ellipsis": {"first": _RNUMBER_F, "last": _RNUMBER_F, "lo": _RNUMBER_F, "hi": _RNUMBER_F,
                 "skip": _NUMBER_F},
    "little_o": {"variable": _RF, "at": _RNUMBER_F},
}
#: The keys of the reading tables inside a claim or step.
READING_TABLES = {"ellipsis": set(SCHEMA["ellipsis"]), "little_o": set(SCHEMA["little_o"])}
#: A key required unless another is given: a derived claim has no statement of its own;
#: the other view of an index (positive_of) has no range.
_REQUIRED_UNLESS = {("claim", "latex"): "derived", ("index", "to"): "positive_of"}


def _limit(what: str, value, name: str) -> str:
    return (f"{what} {value} exceeds the limit of {getattr(limits, name)} "
            f"(contrastive_sym/input_limits.py: {name})")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _text_problem(value, field: Field, limit_name: str) -> str | None:
    if field.number_ok and _is_int(value):
        return None if abs(value) <= 10 ** 6 else f"the number {_short(value)} is too large for a formula"
    if not isinstance(value, str):
        return f"expected {field.describe()}, got {_short(value)}"
    if field.required and not value.strip():
        return f"expected {field.describe()}, got an empty text"
    if len(value) > getattr(limits, limit_name):
        return _limit("a text of", f"{len(value)} characters", limit_name).replace(
            f"{len(value)} characters exceeds the limit of {getattr(limits, limit_name)}",
            f"{len(value)} characters exceeds the limit of {getattr(limits, limit_name)} characters")
    if "\x00" in value:
        return "a text cannot contain a NUL character"
    return None


def field_problem(field: Field, value, per_link: bool = False, name: str = "") -> str | None:
    """What is wrong with ``value`` for ``field``, or None (the tables inside it are
    checked by :func:`validate_table`).  ``per_link``: in a step, ``expect`` and ``note``
    may be lists, one entry per link of its chain ('' for none)."""
    kind = field.kind
    if kind == "text" or (kind == "note" and not (per_link and isinstance(value, list))):
        return _text_problem(value, field, "MAX_TEXT_CHARS")
    if kind == "formula":
        return _text_problem(value, field, "MAX_FORMULA_CHARS")
    if kind in ("line", "step_number", "size"):
        what, name = {"line": ("line", "MAX_LINE"), "step_number": ("step", "MAX_STEPS"),
                      "size": ("size", "MAX_SIZE")}[kind]
        if not _is_int(value) or value < 1:
            return f"expected {field.describe()}, got {_short(value)}"
        return _limit(what, value, name) if value > getattr(limits, name) else None
    if kind == "bool":
        return None if isinstance(value, bool) else f"expected {field.describe()}, got {_short(value)}"
    if kind == "choice":
        ok = isinstance(value, str) and (value in field.choices or value.lower() in field.aliases)
        return None if ok else f"{_short(value)} is not a {name or 'value'} ({', '.join(field.choices)})"
    if kind == "expect":
        listed = per_link and isinstance(value, list)
        values = value if listed else [value]
        if len(values) > limits.MAX_ITEMS:
            return _limit("a list of", f"{len(values)} entries", "MAX_ITEMS")
        for item in values:
            if not (isinstance(item, str) and (item in _EXPECTED or (listed and item == ""))):
                return (f"unknown expected verdict {_short(item)} ({_short(item)} is not an expected verdict: "
                        f"{', '.join(_EXPECTED)})")
        return None
    if kind == "note":   # a list of notes, one per link
        if len(value) > limits.MAX_ITEMS:
            return _limit("a list of", f"{len(value)} entries", "MAX_ITEMS")
        if not all(isinstance(item, str) and len(item) <= limits.MAX_TEXT_CHARS for item in value):
            return "a list of notes is a list of text, one per link ('' for none)"
        return None
    if kind in ("sizes", "formulas"):
        if not isinstance(value, list):
            return f"expected {field.describe()}, got {_short(value)}"
        name = "MAX_CHECKED_SIZES" if kind == "sizes" else field.most
        if len(value) > getattr(limits, name):
            return _limit("a list of", f"{len(value)} entries", name)
        if kind == "sizes" and not value:
            return f"expected {field.describe()}, got an empty list"
        item_field = Field("size") if kind == "sizes" else Field("formula", True, number_ok=field.number_ok)
        for item in value:
            problem = field_problem(item_field, item)
            if problem and "limit" in problem:
                return problem.replace("size ", "checked size ", 1) if kind == "sizes" else problem
            if problem:
                return f"expected {field.describe()}, got {_short(value)}"
        return None
    if kind in ("size_map", "formula_map", "text_map"):
        if not isinstance(value, dict):
            return f"expected {field.describe()}, got {_short(value)}"
        if len(value) > limits.MAX_ITEMS:
            return _limit("a table of", f"{len(value)} entries", "MAX_ITEMS")
        item_field = {"size_map": Field("sizes"), "formula_map": Field("formula", True, number_ok=True),
                      "text_map": Field("formula", True)}[kind]
        for name, item in value.items():
            if not name.strip():
                return f"expected {field.describe()}, got an empty name"
            problem = field_problem(item_field, item)
            if problem:
                return f"{name!r}: {problem}"
        return None
    if kind == "table":
        return None if isinstance(value, dict) else f"expected {field.describe()}, got {_short(value)}"
    if kind == "tables":
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            return f"expected {field.describe()}, got {_short(value)}"
        if len(value) > getattr(limits, field.most):
            return _limit(f"the number of [[{field.of}]] entries,", len(value), field.most)
        return None
    raise AssertionError(f"unknown field kind {kind!r}")


def _table_name(kind: str) -> str:
    if kind == "":
        return "the derivation's top level"
    return kind if kind in ("gradient", "path", "little_o") else f"[[{kind}]]"


def validate_table(table: dict, kind: str, path: tuple, fail, required: bool = True,
                   per_link: bool = False, label: str | None = None) -> None:
    """Check ``table`` against ``SCHEMA[kind]`` (keys, types, ranges, required keys) and
    the tables inside it, before anything reads it.  ``fail(message, path)`` returns the
    error for the key at ``path`` (``('claim', 3, 'step', 0, 'latex')``);
    ``required=False`` skips the required keys of this table only (a Markdown
    annotation, whose line and LaTeX come from the display below it); ``label`` names
    the table in messages."""
    fields, where = SCHEMA[kind], label or _table_name(kind)
    for key in table:
        if key not in fields:
            raise fail(f"unknown key {key!r} in {where} (known: {', '.join(sorted(fields))})", path + (key,))
    for key, field in fields.items():
        if key not in table:
            unless = _REQUIRED_UNLESS.get((kind, key))
            if required and field.required and not (unless and unless in table):
                raise fail(f"{where} needs the key {key!r}: {field.describe()}", path)
            continue
        value = table[key]
        problem = field_problem(field, value, per_link=per_link or kind == "step", name=key)
        if problem:
            raise fail(f"{key} in {where}: {problem}", path + (key,))
        if field.kind == "table":
            validate_table(value, field.of, path + (key,), fail)
        elif field.kind == "tables":
            for index, entry in enumerate(value):
                validate_table(entry, field.of, path + (key, index), fail)


# --- where keys are written in a TOML text ------------------------------------------

_TABLE_HEADER = re.compile(r"[ \t]*\[(\[?)[ \t]*([A-Za-z0-9_.\-\"' \t]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$")


@dataclass(frozen=True)
class _Section:
    name: str       # dotted: 'claim.step'
    array: bool     # [[…]]
    start: int      # offset of the header line (0 for the top level)
    own_end: int    # where the next header starts
    end: int        # where the next header that is not inside this one starts


class KeyLines:
    """The lines of the keys of a TOML text, found by scanning its headers once
    (``tomllib`` gives no line numbers).  A path such as ``('claim', 3, 'step', 0,
    'latex')`` is the key ``latex`` of the first ``[[claim.step]]`` of the fourth
    ``[[claim]]``; a key inside an inline table is looked for after its parent's key."""

    def __init__(self, text: str, base_line: int = 1):
        self.text, self.base = text, base_line
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        headers, in_string = [], None
        for number, start in enumerate(self.starts):
            end = self.starts[number + 1] - 1 if number + 1 < len(self.starts) else len(text)
            line = text[start:end]
            if in_string:
                if line.count(in_string) % 2 == 1:
                    in_string = None
                continue
            match = _TABLE_HEADER.match(line)
            if match and "=" not in line.split("#", 1)[0]:
                name = ".".join(part.strip().strip("\"'") for part in match.group(2).split("."))
                headers.append((name, bool(match.group(1)), start))
                continue
            for quote in ("'''", '"""'):
                if line.count(quote) % 2 == 1:
                    in_string = quote
                    break
        top = _Section("", False, 0, headers[0][2] if headers else len(text), len(text))
        self.sections, self.by_name = [top], {}
        self._split: dict[tuple, tuple[list, list]] = {}
        ends: dict[str, int] = {}
        for position in range(len(headers) - 1, -1, -1):   # the end of each: a later header not inside it
            name, array, start = headers[position]
            own_end = headers[position + 1][2] if position + 1 < len(headers) else len(text)
            end = len(text)
            for other, other_start in ends.items():
                if not other.startswith(name + ".") and other_start < end:
                    end = other_start
            ends[name] = start
            self.by_name.setdefault(name, []).insert(0, _Section(name, array, start, own_end, end))

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1 + self.base

    def _within(self, name: str, array: bool, outer: _Section) -> list[_Section]:
        """The sections ``name`` ([[…]] or […]) inside ``outer``, in order."""
        key = (name, array)
        if key not in self._split:
            found = [s for s in self.by_name.get(name, ()) if s.array == array]
            self._split[key] = (found, [s.start for s in found])
        found, starts = self._split[key]
        if outer is self.sections[0]:
            return found
        return found[bisect.bisect_left(starts, outer.start):bisect.bisect_left(starts, outer.end)]

    def section(self, path: tuple) -> tuple[_Section, int]:
        """The innermost header section of ``path`` and how many of its components it took."""
        current, name, used = self.sections[0], "", 0
        while used < len(path) and isinstance(path[used], str):
            dotted = f"{name}.{path[used]}" if name else path[used]
            if used + 1 < len(path) and _is_int(path[used + 1]):
                candidates = self._within(dotted, True, current)
                if path[used + 1] >= len(candidates):
                    break
                current, used = candidates[path[used + 1]], used + 2
            else:
                candidates = self._within(dotted, False, current)
                if not candidates:
                    # a list of tables named as a whole: its first header
                    arrays = self._within(dotted, True, current)
                    if arrays and used + 1 == len(path):
                        return arrays[0], used + 1
                    break
                current, used = candidates[0], used + 1
            name = dotted
        return current, used

    def offset(self, path: tuple) -> int | None:
        """Where the innermost key of ``path`` that can be found is written."""
        section, used = self.section(path)
        position = section.start if section.name else None
        low, high = section.start, section.own_end
        for key in path[used:]:
            if not isinstance(key, str):
                continue
            quoted = re.escape(key)
            pattern = re.compile(rf"(?:^|(?<=[\s,{{\[]))[ \t]*(?:{quoted}|\"{quoted}\"|'{quoted}')[ \t]*=",
                                 re.MULTILINE)
            match = pattern.search(self.text, low, high)
            if match is None:
                break
            position = low = match.start() + len(match.group(0)) - len(match.group(0).lstrip())
        return position

    def line(self, path: tuple) -> int | None:
        position = self.offset(path)
        return None if position is None else self.line_of(position)

    def start(self, path: tuple) -> int | None:
        """Where the table at ``path`` begins, if it has a header of its own."""
        section, used = self.section(path)
        return section.start if section.name and used == len(path) else None



# --- small readers ---------------------------------------------------------------------

def _formula(text, scope: Scope, context: _Context, key: tuple | None = None) -> sp.Expr:
    if isinstance(text, int) and not isinstance(text, bool):
        return sp.Integer(text)
    if not isinstance(text, str):   # the schema checks types first; a backstop
        raise context.fail(f"expected a formula, got {_short(text)}", key)
    if key is not None:
        context.locator.at(context.path + key)
    return translate_expr(text, scope, context.locator.where(text))


def _entries(spec: dict, key: str, context: _Context):
    """The tables of ``[[key]]``, each with the locator's search starting at its header."""
    for number, entry in enumerate(spec.get(key, ())):
        context.path = (key, number)
        context.locator.enter(context.path)
        yield entry
    context.path = ()


def _text(entry: dict, key: str, context: _Context) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():   # the schema checks first; a backstop
        raise context.fail(f"missing text field {key!r}", key if key in entry else None)
    return value


def _int(entry: dict, key: str, context: _Context) -> int:
    value = entry.get(key)
    if not _is_int(value):
        raise context.fail(f"missing whole-number field {key!r}", key if key in entry else None)
    return value


def _enum(kind, value, context: _Context, origin: Origin):
    for member in kind:
        if member.value == value or member.name.lower() == str(value).lower():
            return member
    raise DerivationError(f"{value!r} is not a {kind.__name__.lower()} "
                          f"({', '.join(m.value for m in kind)})", origin.path, origin.line)


__all__ = ["load_toml", "build", "Locator", "SCHEMA", "READING_TABLES"]

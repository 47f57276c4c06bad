r"""A derivation written in LaTeX → a :class:`~contrastive_sym.claims.Document`.

The container is TOML (:func:`load_toml`); :mod:`contrastive_sym.latex.markdown` builds
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

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import sympy as sp

from ..claims import Condition, Document, Kind, Statement
from ..derive import DocumentBuilder, ProofBuilder, chain
from ..nodes import MutualInformation
from ..errors import DerivationError
from ..notation import Domain, Origin, Role
from .macros import define
from .parser import Where
from .scope import (EllipsisReading, Family, Macro, Operator, OperatorKind, PairSet, Partner, Path,
                    Scope)
from .translate import _text_key, labelled_key, translate_expr, translate_rows

_STEP_RELATIONS = {"=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
                   "same-direction": "same-direction", "->": "="}


class Locator:
    """Finds where each string value of a specification is written in its file, in
    the order the values are read, so errors and origins name the file's line."""

    def __init__(self, path: str, raw: str, base_line: int = 1):
        self.path, self.raw, self.base_line = path, raw, base_line
        self.cursor = 0

    def where(self, value: str) -> Where:
        first = value.split("\n", 1)[0]
        position = self.raw.find(first, self.cursor) if first else -1
        if position < 0:
            position = self.raw.find(first) if first else -1
        if position < 0:
            return Where(self.path, self.base_line, 1)
        self.cursor = position + len(first)
        line = self.raw.count("\n", 0, position) + self.base_line
        column = position - (self.raw.rfind("\n", 0, position) + 1) + 1
        return Where(self.path, line, column)

    def origin(self, value: str) -> Origin:
        where = self.where(value) if isinstance(value, str) else Where(self.path, self.base_line)
        return Origin(self.path, where.line)


@dataclass
class _Context:
    spec_path: str
    locator: Locator
    builder: DocumentBuilder
    scope: Scope


def load_toml(path: Path) -> Document:
    raw = path.read_text(encoding="utf-8")
    try:
        spec = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        line = _toml_error_line(str(exc))
        raise DerivationError(f"not valid TOML: {exc}", str(path), line) from None
    return build(spec, Locator(str(path), raw))


def _toml_error_line(message: str) -> int | None:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def build(spec: dict, locator: Locator) -> Document:
    path = locator.path
    for key in ("id", "title", "source"):
        if not isinstance(spec.get(key), str):
            raise DerivationError(f"the derivation needs a text field {key!r}", path, 1)
    _check_keys(spec, path, locator.raw)
    builder = DocumentBuilder(spec["id"], spec["title"], spec["source"])
    context = _Context(path, locator, builder, Scope())
    _notation(spec, context)
    for entry in _entries(spec, "define", context):
        _define(entry, context, document_level=True)
    for entry in _entries(spec, "unchecked", context):
        builder.unchecked(_int(entry, "line", context), _text(entry, "reason", context),
                          origin=context.locator.origin(entry.get("reason", "")))
    for entry in _entries(spec, "claim", context):
        _claim(entry, context)
    return builder.build(path)


# --- notation --------------------------------------------------------------------

def _notation(spec: dict, context: _Context) -> None:
    builder, scope = context.builder, context.scope
    for entry in _entries(spec, "size", context):
        name = _text(entry, "name", context)
        origin = context.locator.origin(name)
        symbol = builder.size(_symbol_name(name), minimum=_int(entry, "minimum", context),
                              checked=tuple(entry.get("checked", ())), latex=name, origin=origin)
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
                               _formula(_text(entry, "to", context), scope, context),
                               distinct_from=tuple(others), latex=name, origin=origin)
        distinct |= {frozenset((symbol, o)) for o in others}
        scope = scope.bind(name, symbol)
    context.scope = Scope(scope.names, distinct=frozenset(distinct))
    gradient = spec.get("gradient")
    if gradient is not None:
        by = context.scope.lookup(gradient.get("by", ""))
        directions = context.scope.lookup(gradient.get("directions", ""))
        if not isinstance(by, Family) or not isinstance(directions, Family):
            raise DerivationError("gradient: 'by' and 'directions' must name declared families",
                                  context.spec_path, None)
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
    return Partner(anchor, _formula(_text(entry, "samples", context), scope, context))


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
        line = _key_line(context.locator.raw, "path")
        raise DerivationError("path: 'parameter' names a declared scalar, 'moves' and 'along' two "
                              "declared families of the same shape", context.spec_path, line)
    return Path(parameter, family.base, along.base)


def _key_line(raw: str, key: str) -> int | None:
    match = re.search(rf"^\s*\[?{re.escape(key)}\]?\s*[=\n]", raw, re.MULTILINE)
    return raw.count("\n", 0, match.start()) + 1 if match else None


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
    samples = _formula(_text(entry, "samples", context), scope, context)
    anchors = _formula(_text(entry, "anchors", context), scope, context)
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


def _local_scope(entry: dict, scope: Scope, context: _Context) -> Scope:
    for name, formula in (entry.get("let") or {}).items():
        scope = scope.bind(name, _formula(formula, scope, context))
    readings = []   # a step's readings come before its claim's: the innermost wins
    for reading in entry.get("ellipsis") or ():
        readings.append(EllipsisReading(
            str(reading["first"]), str(reading["last"]), _formula(reading["lo"], scope, context),
            _formula(reading["hi"], scope, context),
            _formula(reading["skip"], scope, context) if "skip" in reading else None))
    readings += list(scope.ellipses)
    little_o = entry.get("little_o")
    scope = replace(scope, ellipses=tuple(readings))
    if little_o is not None:
        variable = _formula(little_o["variable"], scope, context)
        scope = replace(scope, little_o=(variable, _formula(str(little_o["at"]), scope, context)))
    for pair_set in entry.get("pair_set") or ():
        scope = _pair_set(pair_set, scope, context)
    read_as = entry.get("read_as") or {}
    if read_as:
        scope = replace(scope, read_as=scope.read_as + tuple((_key(a), _key(b)) for a, b in read_as.items()))
    for local in entry.get("define") or ():
        macro = _define(local, context, document_level=False, scope=scope)
        scope = scope.bind(macro.key, macro)
    return scope


def _claim(entry: dict, context: _Context) -> None:
    claim_id = _text(entry, "id", context)
    origin = context.locator.origin(claim_id)
    scope = _local_scope(entry, context.scope, context)
    proof = None
    steps = entry.get("step") or []
    if steps:
        proof = ProofBuilder()
        for step in steps:
            _steps(step, proof, scope, context)
    latex = entry.get("latex", "")
    statement = None
    if not entry.get("derived"):
        latex = _text(entry, "latex", context)
        statement = _statement(latex, scope, context)
    given = tuple(Condition(_condition(g, scope, context), g) for g in entry.get("given", ()))
    sizes = {context.scope.lookup(k): tuple(v) for k, v in (entry.get("sizes") or {}).items()}
    factor = entry.get("conclusion_factor")
    context.builder.claim(
        claim_id, line=_int(entry, "line", context), title=_text(entry, "title", context),
        kind=_enum(Kind, entry.get("kind", "identity"), context, origin), statement=statement,
        latex=latex or _derived_latex(steps), proof=proof, given=given,
        expect=entry.get("expect"), reading=entry.get("reading", ""), note=entry.get("note", ""),
        conclusion_expect=entry.get("conclusion_expect"), conclusion_note=entry.get("conclusion_note", ""),
        conclusion_factor=_formula(factor, scope, context) if factor else None,
        sizes=sizes or None, origin=origin, restated_from=entry.get("restated_from", ""))


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


def _steps(entry: dict, proof: ProofBuilder, scope: Scope, context: _Context) -> None:
    latex = _text(entry, "latex", context)
    line = _int(entry, "line", context)
    where = context.locator.where(latex)
    scope = _local_scope(entry, scope, context)
    if "substitute_in" in entry:
        _substitution(entry, latex, line, where, proof, scope)
        return
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


# --- small readers ---------------------------------------------------------------------

_READING_KEYS = {"let", "ellipsis", "little_o", "read_as", "pair_set", "define"}
#: The keys each table may have: a misspelt key, or a key TOML put in the table above
#: it (a top-level key written after a [[table]]), is an error rather than ignored.
SCHEMA = {
    "": {"id", "title", "source", "gradient", "path", "size", "scalar", "family", "index", "operator",
         "quantity", "pair_set", "define", "unchecked", "claim"},
    "size": {"name", "minimum", "checked"},
    "scalar": {"name", "symbol", "display", "domain", "role"},
    "family": {"name", "symbol", "display", "shape", "domain", "role"},
    "index": {"name", "from", "to", "distinct_from", "positive_of", "samples"},
    "gradient": {"by", "directions"},
    "path": {"parameter", "moves", "along"},
    "operator": {"name", "meaning", "of", "line", "latex"},
    "quantity": {"name", "meaning", "line", "latex"},
    "pair_set": {"name", "samples", "anchors"},
    "define": {"name", "line", "latex", "restated_from", "read"},
    "unchecked": {"line", "reason"},
    "claim": {"id", "line", "title", "kind", "latex", "derived", "expect", "reading", "note", "given",
              "sizes", "conclusion_expect", "conclusion_note", "conclusion_factor", "restated_from",
              "step"} | _READING_KEYS,
    "step": {"line", "latex", "expect", "note", "restated_from", "after", "substitute_in"} | _READING_KEYS,
}
#: The keys of the reading tables inside a claim or step.
READING_TABLES = {"ellipsis": {"first", "last", "lo", "hi", "skip"}, "little_o": {"variable", "at"}}


def _check_keys(spec: dict, path: str, raw: str) -> None:
    def check(table: dict, kind: str, where: str) -> None:
        unknown = sorted(set(table) - SCHEMA[kind])
        if unknown:
            line = _key_line(raw, unknown[0])
            raise DerivationError(f"unknown key {unknown[0]!r} in {where} (known: "
                                  f"{', '.join(sorted(SCHEMA[kind]))})", path, line)
        for key, value in table.items():
            if key in SCHEMA and key != "" and kind in ("", "claim", "step"):
                for entry in value if isinstance(value, list) else [value]:
                    if isinstance(entry, dict):
                        check(entry, key, f"[[{key}]]" if isinstance(value, list) else key)
    check(spec, "", "the derivation's top level")

def _formula(text, scope: Scope, context: _Context) -> sp.Expr:
    if isinstance(text, int) and not isinstance(text, bool):
        return sp.Integer(text)
    if not isinstance(text, str):
        raise DerivationError(f"expected a formula, got {text!r}", context.spec_path, None)
    return translate_expr(text, scope, context.locator.where(text))


def _entries(spec: dict, key: str, context: _Context) -> list:
    value = spec.get(key, [])
    if not isinstance(value, list) or any(not isinstance(v, dict) for v in value):
        raise DerivationError(f"{key!r} must be a list of tables ([[{key}]])", context.spec_path, None)
    return value


def _text(entry: dict, key: str, context: _Context) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        line = context.locator.where(str(next(iter(entry.values()), ""))).line if entry else None
        raise DerivationError(f"missing text field {key!r}", context.spec_path, line)
    return value


def _int(entry: dict, key: str, context: _Context) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        line = context.locator.where(str(next(iter(entry.values()), ""))).line if entry else None
        raise DerivationError(f"missing whole-number field {key!r}", context.spec_path, line)
    return value


def _enum(kind, value, context: _Context, origin: Origin):
    for member in kind:
        if member.value == value or member.name.lower() == str(value).lower():
            return member
    raise DerivationError(f"{value!r} is not a {kind.__name__.lower()} "
                          f"({', '.join(m.value for m in kind)})", origin.path, origin.line)


__all__ = ["load_toml", "build", "Locator", "SCHEMA", "READING_TABLES"]

"""The notation of a specification, read into the scope.

Sizes, scalars, families and indices (and the other view of an index), the gradient
and the path, operators, quantities, pair sets, and the definitions (macros) that
formulas use.
"""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp
from sympy.core.function import AppliedUndef

from ..errors import DerivationError
from ..latex.beside import bind_definition
from ..latex.definitions import define_all
from ..latex.macros import define
from ..latex.scope import Family, Macro, Operator, OperatorKind, PairSet, Partner, Scope, form_key
from ..latex.translate import text_key
from ..model.notation import Domain, Origin, Role
from .index_families import draws_of_an_index, index_values
from .tilted_definitions import read_tilted
from .family_expressions import family_expression
from .paths import read_path
from .context import Context, read_enum, read_formula, read_int, read_text, scope_key, table_entries
from .costs import check_entries
from .distributions import read_distributions
from .drawn_from import read_drawn_from
from .quantities import read_quantity, refuse_a_letter_declared_twice
from .functions import read_functions
from .point_values import read_point_values
from .macros import read_macros
from .sets import read_sample_draws, read_sets


def read_notation(spec: dict, context: Context) -> None:
    builder = context.builder
    scope = read_macros(spec, context.scope, context)    # first: every formula may use them
    for entry in table_entries(spec, "size", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        if "equals" in entry:
            # N = 2B: the name stands for that expression of the sizes above, everywhere
            if "minimum" in entry or "checked" in entry:
                raise context.fail(f"size {name}: 'equals' makes it an expression of other sizes; "
                                   "'minimum' and 'checked' are theirs", ("equals",))
            value = read_formula(entry["equals"], scope, context, ("equals",))
            if not value.free_symbols or not value.free_symbols <= builder.sizes():
                raise context.fail(f"size {name}: equals = {entry['equals']!r} is not an expression of the "
                                   "sizes declared above it", ("equals",))
            context.largest[sp.Symbol(name)] = value.xreplace(context.largest)
            scope = replace(scope.bind(name, value), size_names=scope.size_names | {name})
            continue
        if "minimum" not in entry or "checked" not in entry:
            missing = " and ".join(repr(k) for k in ("minimum", "checked") if k not in entry)
            raise context.fail(f"size {name}: {missing} {'are' if ' and ' in missing else 'is'} required (or "
                               "'equals', for a size that is an expression of others)")
        symbol = builder.size(_symbol_name(name), minimum=read_int(entry, "minimum", context),
                              checked=tuple(entry["checked"]), latex=name, origin=origin)
        context.largest[symbol] = sp.Integer(max(entry["checked"]))
        scope = replace(scope.bind(name, symbol), size_names=scope.size_names | {name})
    for entry in table_entries(spec, "scalar", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        if "equals" in entry:
            scope = scope.bind(name, _scalar_expression(entry, name, scope, context))
            continue
        role = read_enum(Role, entry.get("role", "value"), context, origin)
        if role is Role.EMBEDDING:   # sampling reads an embedding as rows × columns
            raise context.fail(f"scalar {name}: role 'embedding' is for a family of rows of vectors, "
                               "shape = [rows, dimension]", ("role",))
        if role is Role.UNIT:
            raise context.fail(f"scalar {name}: role 'unit' is for vectors of norm 1, a family of shape "
                               "['d'] or of rows ['n', 'd']", ("role",))
        symbol = builder.scalar(entry.get("symbol") or _symbol_name(name),
                                read_enum(Domain, entry.get("domain", "real"), context, origin),
                                role=role, latex=entry.get("display", name), origin=origin)
        scope = scope.bind(name, symbol)
    expressions = []
    for entry in table_entries(spec, "family", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        if "equals" in entry or "index" in entry:
            expressions.append((context.path, entry, name))     # y_i = 𝟙[i = w_O], read last
            continue
        shape = tuple(read_formula(s, scope, context) for s in entry.get("shape", ()))
        check_entries(name, shape, context.largest, context, ("shape",))
        role = read_enum(Role, entry.get("role", "value"), context, origin)
        # Sampling reads a scale as one value and an embedding as rows × columns: a family
        # of another shape with these roles would end every check of it in an error.
        if role is Role.SCALE:
            raise context.fail(f"family {name}: role 'scale' is for a scalar (a temperature swept over "
                               "1e-300 … 1e300); declare a scalar, or use 'value'", ("role",))
        if role is Role.UNIT and not shape:
            raise context.fail(f"family {name}: role 'unit' is for a vector of norm 1, shape = ['d'], or rows of "
                               "norm 1, shape = ['n', 'd'] (or ['2', 'n', 'd'], the rows of two views): the last "
                               "entry of the shape is the vector's length", ("role",))
        if role is Role.EMBEDDING and len(shape) != 2:
            raise context.fail(f"family {name}: role 'embedding' is for rows of vectors, shape = [rows, "
                               f"dimension]; this shape has {len(shape)} entr{'y' if len(shape) == 1 else 'ies'}",
                               ("role",))
        superscript = entry.get("index_written") == "superscript"
        if superscript and len(shape) != 1:
            raise context.fail(f"family {name}: index_written = 'superscript' is for a family of one "
                               "dimension (s^i_k, x^{(i)}); 'superscript and subscript' writes the first "
                               "index above and the others below (z^{(k)}_i)", ("index_written",))
        leading = entry.get("index_written") == "superscript and subscript"
        if leading and len(shape) < 2:
            raise context.fail(f"family {name}: index_written = 'superscript and subscript' writes the first "
                               "index as a superscript and the others as the subscript (z^{(k)}_i); this "
                               "family has one dimension: 'superscript'", ("index_written",))
        first = _first_indices(entry, name, shape, context)
        values = index_values(entry, name, role, shape, scope, context)     # index_families.py
        # x^{(1)}, …, x^{(n)} (or x_1, …, x_n) beside a random point x (role point both): the
        # samples of x, found by the script that indexes them (x alone stays the point); and
        # s^+_i beside a scalar s^+ (one anchor's similarity, then a batch's): the family is
        # found by its script, s^+ alone stays the scalar (read from the table: not a use)
        beside = scope.names.get(name)
        draws = name if draws_of_an_index(spec, name, role, shape) else None     # w̃_i beside the index w̃
        samples = draws or len(shape) == 1 and not leading and isinstance(beside, sp.Symbol) and not beside.is_integer \
            and (beside in builder.points() if role is Role.POINT else beside not in builder.points())
        form = "superscript" if superscript else "subscript"
        # s^-_j beside s^-_{i,j}: one name, two families, told apart by how many indices a use
        # writes (scripts below the name only)
        ranked = isinstance(beside, Family) and len(beside.shape) != len(shape) and not (
            superscript or leading or beside.superscript or beside.leading_superscript)
        # a vector y beside rows y_i of its space (either declared first): the name alone is the
        # vector, y_i a row, and a witness writes the vector's components (y)_m
        vector_rows = ranked and _vector_beside_rows(shape, role, beside, builder)
        if vector_rows and len(shape) == 2:
            builder.relabel(beside.base, name, f"({name})")
        latex = entry.get("display", f"({name})" if vector_rows and len(shape) == 1 else name)
        symbol = entry.get("symbol") or _symbol_name(name) + (
            ("^{(\\cdot)}" if superscript else "_{(\\cdot)}") if samples else "") + (f"__{len(shape)}" if ranked else "")
        base = builder.family(symbol, shape, read_enum(Domain, entry.get("domain", "real"), context, origin),
                              role=role, latex=latex, origin=origin,
                              superscript=superscript, first=first, leading_superscript=leading, values=values)
        family = Family(base, shape, superscript, leading_superscript=leading, first=first, values=values, draws_of=draws)
        if vector_rows and len(shape) == 1:
            rows = replace(beside, others=())
            scope = scope.bind(name, replace(family, others=(rows,) + beside.others, rows=rows))
        elif ranked:
            scope = scope.bind(name, replace(beside, others=beside.others + (family,),
                                             rows=family if vector_rows else beside.rows))
        else:
            _refuse_family_beside(name, beside, samples, shape, builder.symbol_suffix, context)
            scope = scope.bind(form_key(name, form) if samples else name, family)
    scope = read_point_values(spec, read_functions(spec, scope, context, _symbol_name), context, _symbol_name)
    distinct = set()
    for entry in table_entries(spec, "index", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        if "positive_of" in entry:
            scope = scope.bind(name, _partner(entry, name, scope, context, origin))
            continue
        for key in ("samples", "pairing"):
            if key in entry:
                raise context.fail(f"index {name}: '{key}' goes with positive_of (the other view of an "
                                   "index among 2·samples rows); without it, it would change nothing", (key,))
        others = [_index_meaning(scope.lookup(o), scope) for o in entry.get("distinct_from", ())]
        if any(not isinstance(o, sp.Expr) for o in others):
            raise DerivationError(f"index {name}: distinct_from names an undeclared index", origin.path,
                                  origin.line)
        lo, hi = read_formula(entry.get("from", "1"), scope, context), read_formula(entry["to"], scope, context)
        symbol = builder.index(_symbol_name(name), lo, hi, distinct_from=tuple(others), latex=name, origin=origin)
        distinct |= {frozenset((symbol, o)) for o in others}
        # \sum_{k \neq i} with no range written runs over i's range without i
        scope = scope.bind(name, symbol).with_index_range(symbol, sp.sympify(lo), sp.sympify(hi))
    scope = read_sets(spec, replace(scope, distinct=scope.distinct | frozenset(distinct)), context)
    context.scope = read_sample_draws(spec, read_drawn_from(spec, read_distributions(spec, scope, context, _symbol_name),
                                                            context), context)
    context.path = context.prefix
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
        context.scope = replace(context.scope, path=read_path(path, context))
    for entry in table_entries(spec, "operator", context):
        _operator(entry, context)
    for entry in table_entries(spec, "quantity", context):
        refuse_a_letter_declared_twice(spec, entry, context)
        read_quantity(entry, context, _record_definition, _bind_macro)
    for entry in table_entries(spec, "pair_set", context):
        context.scope = bind_pair_set(entry, context.scope, context)
    for path, entry, name in expressions:
        # of indices and anything declared: read once everything is
        context.path = path
        context.locator.enter(path)
        context.scope = context.scope.bind(name, family_expression(entry, name, context.scope, context))
    context.path = context.prefix


_TEXT_NAME = re.compile(r"\\(text|textrm|mathrm|operatorname)\s*\{[^{}]*\}")
#: [[operator]] meanings; an expectation also names the critic's family (``of``).
_OPERATORS = {kind.value: kind for kind in OperatorKind}
#: [[quantity]] meanings: a name that stands for a quantity the checker computes.


def _scalar_expression(entry: dict, name: str, scope: Scope, context: Context) -> sp.Expr:
    """τ^- = 1 − τ^+: a scalar that stands for an expression of the scalars and sizes declared
    above it, everywhere (it is no variable of its own: a witness shows what it is made of); or a
    number (θ = 0.5, \\arccos(0.59): a value a document supposes, in a section of its own)."""
    others = sorted(k for k in ("domain", "role", "symbol", "display", "value_of", "drawn_from") if k in entry)
    if others:
        raise context.fail(f"scalar {name}: 'equals' makes it an expression of the scalars above; "
                           f"{', '.join(repr(k) for k in others)} belong{'s' if len(others) == 1 else ''} to "
                           "them", ("equals",))
    # the finite domains declared above it are known already (a case on y = 1 of y in {-1, 1})
    value = read_formula(entry["equals"], replace(scope, finite=context.builder.finite_domains()), context,
                         ("equals",))
    builder = context.builder
    if not isinstance(value, sp.Expr) or value.atoms(AppliedUndef) or value.is_real is False \
            or any(builder.scalar_domain(s) is None and s not in builder.sizes() or s in builder.points()
                   for s in value.free_symbols):
        raise context.fail(f"scalar {name}: equals = {entry['equals']!r} is not a real number or an expression "
                           "of the scalars and sizes declared above it", ("equals",))
    return value


def _first_indices(entry: dict, name: str, shape: tuple, context: Context) -> tuple[int, ...]:
    """Where the document's indices of the family start, per dimension; () when at 1."""
    if "from" not in entry:
        return ()
    first = entry["from"]
    if isinstance(first, list):
        if len(first) != len(shape):
            raise context.fail(f"family {name}: from lists {len(first)} starts for a shape of "
                               f"{len(shape)} dimension{'s' if len(shape) != 1 else ''}: one per dimension",
                               ("from",))
    elif len(shape) != 1:
        raise context.fail(f"family {name}: from = {first} for a family of {len(shape)} dimensions does "
                           f"not say which of them starts there: write one start per dimension, e.g. from = "
                           f"[{first}{', 1' * (len(shape) - 1)}]", ("from",))
    starts = tuple(first) if isinstance(first, list) else (first,)
    return () if all(s == 1 for s in starts) else starts


def _partner(entry: dict, name: str, scope: Scope, context: Context, origin: Origin) -> Partner:
    """``j`` with ``positive_of = 'i'``: the other view of row i among 2·samples rows."""
    anchor = entry.get("positive_of")
    if not isinstance(scope.lookup(anchor), sp.Symbol) or set(entry) - {"name", "positive_of", "samples", "pairing"}:
        raise DerivationError(f"index {name}: positive_of names a declared index, and goes with "
                              "'samples' (and 'pairing') only", origin.path, origin.line)
    if "samples" not in entry:
        raise context.fail(f"index {name}: positive_of goes with 'samples', the number of samples "
                           "of the batch (2·samples rows)")
    return Partner(anchor, read_formula(entry["samples"], scope, context), entry.get("pairing", "halves"))


def _index_meaning(meaning, scope: Scope):
    """An index, or the other view of one (as the expression of the index it follows)."""
    if isinstance(meaning, Partner) and isinstance(scope.lookup(meaning.of), sp.Symbol):
        return meaning.row(scope.lookup(meaning.of))
    return meaning


def _operator(entry: dict, context: Context) -> None:
    name = read_text(entry, "name", context)
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
    key = text_key(name.strip()) if _TEXT_NAME.fullmatch(name.strip()) else scope_key(name)
    context.scope = context.scope.bind(key, Operator(kind, family, size))


def bind_pair_set(entry: dict, scope: Scope, context: Context) -> Scope:
    """``\\mathcal{MB}``: the positive pairs of 2·samples rows, summed over ``anchors``."""
    name = read_text(entry, "name", context)
    samples = read_formula(entry["samples"], scope, context)
    anchors = read_formula(entry["anchors"], scope, context)
    return scope.bind(scope_key(name), PairSet(samples, anchors))


def _record_definition(entry: dict, name: str, context: Context) -> None:
    """A declaration that stands for a definition in the document: recorded with its
    line and LaTeX (for the source match), not translated."""
    if "latex" in entry:
        latex = read_text(entry, "latex", context)
        where = context.locator.where(latex)
        context.builder.definition(name, line=read_int(entry, "line", context), latex=latex,
                                   origin=Origin(where.path, where.line))


def _bind_macro(macro: Macro, context: Context, where=None) -> None:
    """A second definition of a labelled name for other arguments (I^K(X;Y|g) after
    I^K(x, y_{1:K}|g)) is bound beside the first, which the bare name keeps (beside.py).  One that
    takes the place of an earlier, other formula for the name (a notebook's sigmoid f, then its
    logistic f) is said: a refutation of a later use may be the author's meaning of the first."""
    earlier = context.scope.lookup(macro.key)
    context.scope = bind_definition(context.scope, macro)
    if isinstance(earlier, Macro) and context.scope.lookup(macro.key) is macro and earlier.line is not None \
            and macro.line is not None and earlier.line != macro.line and earlier.body != macro.body:
        context.warn(f"{macro.key} is defined again at line {macro.line}, by another formula than at line "
                     f"{earlier.line}: the formulas after it read the later definition", line=where.line if where else None)


def _symbol_name(latex: str) -> str:
    """A SymPy name for a declared LaTeX name: ``\\tau`` → ``tau``, ``x_0`` → ``x0``."""
    name = latex.lstrip("\\").replace("_", "").replace("{", "").replace("}", "").replace("\\", "")
    return name or "v"


def _say_readings(readings: list, name: str, where, context: Context) -> None:
    """How a definition's text was read where it had to be (a sum's extent, arguments a sum
    binds again): said, never silent (an error under --strict)."""
    for reading in dict.fromkeys(readings):
        context.warn(f"the definition of {name}: {reading}", line=where.line)


def read_definition(entry: dict, context: Context, document_level: bool, scope: Scope | None = None):
    latex = read_text(entry, "latex", context)
    line = read_int(entry, "line", context)
    where = context.locator.where(latex)
    scope = scope if scope is not None else context.scope
    if "expect" in entry and not document_level:
        raise DerivationError("expect on a claim's [[claim.define]]: a definition local to a claim writes no "
                              "chain of its own to expect a verdict of", where.path, where.line)
    if entry.get("read", True) is not True:
        # a display no claim uses (an update rule θ ← θ − η∇L): reported and
        # source-matched, never translated, so it cannot stand for a macro
        if entry.get("read") is not False or not document_level or "name" not in entry:
            raise DerivationError("read = false is for a document-level [[define]] with a name",
                                  where.path, where.line)
        _no_chain_to_expect(entry, where)
        context.builder.definition(entry["name"], line=line, latex=latex,
                                   origin=Origin(where.path, where.line),
                                   restated_from=entry.get("restated_from", ""))
        return None
    readings: list[str] = []
    if not document_level:
        # one row 'name = expression', local to a claim
        macro = define(latex, replace(scope, readings=readings), where, line=line)
        _say_readings(readings, entry.get("name", macro.key), where, context)
        return macro
    from .claims import definition_chain_claim   # claims → bindings → here: import when used
    if read_tilted(entry, latex, line, where, context, scope):      # q(x) \propto w(x) p(x)
        _no_chain_to_expect(entry, where)
        return None
    display = define_all(latex, replace(scope, readings=readings), where, line=line)
    _say_readings(readings, entry.get("name", display.macros[0].key), where, context)
    name = entry.get("name", display.macros[0].key)
    # every chain's claim is read before anything is recorded: a definition that is
    # refused (and perhaps read again once a later one is) leaves nothing behind
    claims = [definition_chain_claim(_chain_id(name, number, len(display.chains)),
                                     (f"the statement written beside the definition of {name} at line "
                                      f"{line + chain.offset}" if chain.statement else
                                      f"the chain written in the definition of {_chain_name(name, chain, display)} "
                                      f"at line {line + chain.offset}"), line, chain, where, context)
              for number, chain in enumerate(display.chains)]
    if not claims:
        _no_chain_to_expect(entry, where)
    if len({c["id"] for c in claims}) != len(claims):  # pragma: no cover - ids are numbered
        raise where.error("two chains of this definition have the same id")
    for macro in display.macros:
        if not macro.index_params:      # Z_i = … beside a scalar Z: its entries, as a scalar's samples are
            _refuse_declared_name(macro.key, scope, where, context.builder.symbol_suffix)
    context.builder.definition(name, line=line, latex=latex, origin=Origin(where.path, where.line),
                               restated_from=entry.get("restated_from", ""))
    for macro in display.macros:
        _bind_macro(macro, context, where)
    for chain, claim in zip(display.chains, claims):
        for name, symbol in chain.arguments:
            # \sigma(\ell) = A = B: the chain holds for every real \ell, a variable of its claim only
            context.builder.argument(symbol, latex=name, origin=Origin(where.path, where.line))
        context.builder.claim(**claim, expect=entry.get("expect"), restated_from=entry.get("restated_from", ""))
    return display.macros[0]


def _no_chain_to_expect(entry: dict, where) -> None:
    """``expect`` on a definition that writes no chain after its name would expect nothing: an error."""
    if "expect" in entry:
        raise DerivationError(f"expect = {entry['expect']!r} on a definition that writes no chain after it "
                              "(\\mathcal{L} = A = B makes the claim A = B): there is no verdict to expect",
                              where.path, where.line)


def _refuse_declared_name(key: str, scope: Scope, where, part: str) -> None:
    """A definition of a name the notation declares a number (a size D, then D = KL(…) − …) would
    give one name two meanings, and a formula whose definition is refused would read the
    declaration: an error naming both.  (A family beside a definition of its name alone is two
    objects, the batch and one sample: declarations.py's families.)  Only a declaration of the
    same part (``part``: the suffix of the section in force, "" at the document's level) is one:
    a later part's definition takes over a name an earlier section declared.  A data point defined
    (c_t = g_{ar}(z_{\\leq t})) is said what it is made of, not given a value: no clash."""
    meaning = scope.names.get(key)
    if isinstance(meaning, sp.Symbol) and _part_of(meaning) == part and meaning not in scope.points:
        kind = "a [[size]]" if key in scope.size_names else "an [[index]]" if meaning.is_integer else "a [[scalar]]"
        raise where.error(f"'{key}' is declared as {kind} and defined here: one name with two meanings; "
                          "rename one of them, or drop the declaration")


def _chain_id(name: str, number: int, count: int) -> str:
    """The id of the claim a chain of the definition ``name`` makes."""
    return f"{name}-chain" + (f"-{number + 1}" if count > 1 else "")


def _chain_name(name: str, chain, display) -> str:
    """The definition a chain follows: the display's name for its first definition, the
    head as written for a further one (a 'where' row)."""
    return name if chain.head == display.heads[0] else chain.head


def _part_of(symbol) -> str:
    """The part of the notation a declared symbol belongs to: the suffix of the section that declared it
    (builder.symbol_suffix then), "" for the document's own notation."""
    return re.sub(r"^.*?(__from\d+)?$", r"\1", str(symbol))


def _refuse_family_beside(name: str, beside, samples, shape, part: str, context: Context) -> None:
    """A family under the name of a scalar or a family this part of the notation declares, in none of
    the ways two are told apart (samples of a point, one scalar's batch, a count of indices, a vector
    beside its rows): it would hide the other, silently (a scalar θ beside a table θ_{j,i} read θ as
    the table).  A [[section]] may declare a name of the document again."""
    symbol = beside.base if isinstance(beside, Family) else beside
    if samples or not isinstance(symbol, (sp.Symbol, sp.IndexedBase)) or _part_of(symbol) != part:
        return
    kind = f"a [[family]] of {len(beside.shape)} dimension{'s' * (len(beside.shape) != 1)}" \
        if isinstance(beside, Family) else "a [[scalar]]"
    raise context.fail(f"family {name}: the name is declared already, as {kind}, and a family of {len(shape)} "
                       f"dimension{'s' * (len(shape) != 1)} beside it is not one of the pairs told apart (see "
                       "index_written in docs/reference.md): give one of them another name")


def _vector_beside_rows(shape, role, beside, builder) -> bool:
    """Whether a family and the one ``beside`` it under its name are a vector (['d']) and rows
    of vectors of its space (['N', 'd'], of role embedding or unit): an anchor y beside its
    negatives y_i.  Rows of role value are a table, as s^-_{i,j} of a batch beside one
    anchor's s^-_j, told apart by the number of indices a use writes."""
    vector, rows, rows_role = (shape, beside.shape, builder.role_of(beside.base)) if len(shape) == 1 \
        else (beside.shape, shape, role)
    return len(vector) == 1 and len(rows) == 2 and rows[1] == vector[0] and rows_role in (Role.EMBEDDING, Role.UNIT)


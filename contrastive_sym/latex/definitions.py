r"""Displays that define, as documents write them: several rows, chains, 'where' rows.

* ``\mathcal{L} = A = B`` (or ``\mathcal{L} &= A \\ &= B``): the head is defined by
  the first side ``A``; every further link (``A = B``, with ``=``, ``<``, ``\le``, ``>``,
  ``\ge``) is a claim the document makes, returned as a :class:`Link` to be checked;
* several definitions in one display, separated by ``\\`` or a top-level comma
  (``\mathbf{h}_i = f(\tilde{x}_i),\quad \mathbf{h}_j = f(\tilde{x}_j)``);
* a row introduced by a connective in text (``\text{where } \mathcal{C}_{ij} &= …``,
  ``\text{with }``, ``\text{and }``): the word is prose, blanked with spaces so that
  every column still points into the document's text;
* a row that uses a name a later row defines (``L = … L^{(ij)} … \\ \text{where }
  L^{(ij)} = …``): rows are defined in the order their names need.

Anything else is refused, naming the row: a row that is neither a definition nor a
continuation of the chain above, a chain link by ``\approx``, two rows that use each
other, a name defined twice, a row whose reading would depend on the order of the rows.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import lark
import sympy as sp

from ..errors import AmbiguousPairing, DerivationError, ParseError
from .bar_readings import one_pairing
from .beside import bind_definition, one_beside_other
from .draw_rows import draw_rows
from .statement_rows import base_name, read_statement
from .expand import expand_macros
from .memberships import trailing_membership
from .definition_twins import alike, renamed, same
from .definition_rows import Row, domain_stated, heads_in_chain, one_line, pairs_of, summands_named, with_diagonal
from .defined_as import definition_text_all
from .macros import define_row
from .map_definitions import read_map_definition, refuse_unread_domain, with_map_domain
from .optima import problem_stated
from .parser import Where, parse
from .rewritten_errors import as_written
from .printed import tolerance_of
from .scope import Macro, Scope
from .translate import Translator, relation_name
from .translate.values import UNCHECKED_RELATIONS, chain_side
from .remarks import say_remarks
from .unsupported import unsupported

Tree, Token = lark.Tree, lark.Token

#: The relations a chain in a definition may link by (as :func:`relation_name` names them).
CHAIN_RELATIONS = frozenset({"=", "<", "<=", ">", ">="})
#: A connective word in text, or in letters with a control space after it (``where\ x = …``), at the start of a
#: row (after the display's start, ``\\``, a top-level comma or ``\begin{aligned}``, with only spacing between).
_CONNECTIVE = re.compile(
    r"(?:^|\\\\|,|\\begin\s*\{[a-zA-Z*]+\})(?:\s|&|\\quad(?![a-zA-Z])|\\qquad(?![a-zA-Z])|\\[,;:! ])*"
    r"(\\(?:text|textrm|mathrm)\s*\{\s*(?:where|with|and)\s*[,:]?\s*\}|(?:where|with|and)(?:\\ |~))")


@dataclass(frozen=True)
class Link:
    """One link ``lhs relation rhs`` of a chain written in a definition."""

    lhs: sp.Expr
    relation: str      # '=', '<', '<=', '>' or '>='
    rhs: sp.Expr
    offset: int        # lines of the display before the link's right side
    text: str          # the link's LaTeX as written
    printed: str = ""  # a right side that is a printed number, as written (≈ 0.693)


@dataclass(frozen=True)
class Chain:
    """The links written after the body of the definition of ``head`` (as written)."""

    head: str
    links: tuple[Link, ...]
    offset: int        # lines of the display before the chain's first side
    text: str          # the chain as the display writes it (from its first side to its last)
    # the definition's scalar arguments the chain runs over, as (name, symbol): every real value
    arguments: tuple = ()
    # a row of the display that states rather than defines (A \ge B beside B's definition)
    statement: bool = False


@dataclass(frozen=True)
class DefinedDisplay:
    """What one display defines: its macros, in the order they were defined, and the
    chains written after a definition."""

    macros: tuple[Macro, ...]
    chains: tuple[Chain, ...]
    heads: tuple[str, ...]      # the head of each row that defines, as written


def prose_blanked(text: str) -> str:
    r"""``text`` with every connective word that starts a row (``\text{where }``) blanked
    by spaces, so that columns still point into the document's text.

    >>> prose_blanked(r"L = a \\ \text{where } a = 1")
    'L = a \\\\               a = 1'
    """
    spans = [m.span(1) for m in _CONNECTIVE.finditer(text) if _depth(text, m.start()) == 0]
    for start, end in reversed(spans):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _depth(text: str, position: int) -> int:
    """How deep in braces, parentheses and brackets ``position`` is."""
    return sum(1 for c in text[:position] if c in "{([") - sum(1 for c in text[:position] if c in "})]")


def define_all(text: str, scope: Scope, where: Where = Where(), line: int | None = None) -> DefinedDisplay:
    """Every macro the display ``text`` defines and the chains it writes after them."""
    text, where = expand_macros(text, scope, where)
    text, domain = read_map_definition(text)     # f : A \to B \\ x \mapsto f(x) = …: the definition after the arrow
    refuse_unread_domain(domain, text, where)
    original = text
    text, definitional = definition_text_all(text)
    text = prose_blanked(text)   # both keep every column: positions index ``original`` too
    try:
        try:
            return with_map_domain(_define_read(text, original, definitional, scope, where, line), domain, scope)
        except AmbiguousPairing as ambiguity:       # bars that pair in several ways: bar_readings.py
            defined, said = one_pairing(ambiguity, lambda pairing: _define_read(
                text, original, definitional, scope, where, line, pairing), text, scope.readings)
            if scope.readings is not None:
                scope.readings.append(said)
            return with_map_domain(defined, domain, scope)
    except ParseError as exc:        # at a := read as =: placed and quoted as written
        raise as_written(exc, text, original, where) from None


def _define_read(text: str, original: str, definitional: frozenset[int], scope: Scope, where: Where,
                 line: int | None, pairing: tuple | None = None) -> DefinedDisplay:
    tree = parse(text, where, pairing=pairing)
    translator = Translator(text, scope, where)
    say_remarks(text, [r for r in tree.children[0].children if isinstance(r, Tree)], where, translator.readings,
                defines=True)
    rows, statements = _rows(tree, translator, definitional, line)
    if not rows:
        raise translator.fail(tree, "every row of this display states a relation, and none defines: a "
                                    "definition is 'name = expression' (state the display as a claim)")
    macros, bound, own = _define_in_order(rows, text, scope, where, line, translator)
    final = scope
    for macro in macros.values():
        final = bind_definition(final, macro)
    if len(rows) > 1:
        _check_order_free(rows, macros, own, text, scope, where, line, translator)
    chains = tuple(_chain(row, bound[id(row)], text, original, final, where, translator)
                   for row in rows if row.links)
    # a statement beside σ(x) = … is about every x the definition is (its arguments, once each)
    arguments = tuple({name: (name, symbol) for row in rows for name, symbol in bound[id(row)]}.values())
    chains += tuple(replace(_chain(row, arguments, text, original, final, where, translator), statement=True)
                    for row in statements)
    membership = trailing_membership(text)
    if membership is not None and not translator.membership_read_as_domain:
        chains += _membership_chain(membership, rows[-1], bound[id(rows[-1])], text, original, final, where,
                                    translator)
    unique = list({id(macros[id(r)]): macros[id(r)] for r in rows}.values())
    return DefinedDisplay(tuple(unique), chains, tuple(one_line(translator, r.head) for r in rows))


def _rows(tree, translator: Translator, definitional: frozenset[int],
          line: int | None = None) -> tuple[list[Row], list[Row]]:
    """The definitions of the display: a row ``head = body …``, a head alone followed by
    a row ``= body …``, and the rows ``= …`` that continue a chain; and apart, the rows that
    state rather than define (:func:`_states`)."""
    found: list[Row] = []
    trees = [r for r in tree.children[0].children if isinstance(r, Tree)]
    drawn = draw_rows(trees, translator)     # t_A \sim T beside x_A := t_A(x): a remark (draw_rows.py)
    if drawn and len(drawn) == len(trees):
        raise translator.fail(trees[0], "this display says where names are drawn from ('\\sim') and defines "
                                        "nothing: a definition is 'name = expression'")
    number = 0
    while number < len(trees):
        row = trees[number]
        if number in drawn:
            number += 1
            continue
        if row.data == "quantifier_row" and found:
            # "h_i = … \\ \forall i": of the definition above it
            translator.check_definition_quantifier(row.children[0], found[-1].head)
            number += 1
            continue
        if row.data == "quantifier_row" and number + 1 < len(trees) and trees[number + 1].data == "chain":
            # "\forall i \in [N], \quad h_i = …": written first, of the definition after it
            translator.check_definition_quantifier(row.children[0], trees[number + 1].children[0])
            number += 1
            continue
        quantifier = next((c for c in row.children if isinstance(c, Tree) and c.data == "forall"), None)
        if quantifier is not None and row.data == "chain":
            translator.check_definition_quantifier(quantifier, row.children[0])
            row = Tree(row.data, [c for c in row.children if c is not quantifier], row.meta)
        nested = next((c for c in row.iter_subtrees_topdown() if c.data == "forall"), None)
        if nested is not None:
            raise translator.fail(nested, "\\forall in a definition is read after its row only, naming the "
                                          "indices its name is defined over (h_i = … \\quad \\forall i \\in [N])")
        if found and row.data == "chain" and domain_stated(row, translator) or problem_stated(row, trees, translator):
            number += 1      # "…, \quad \alpha > 0": a parameter's declared domain; "\min_U J(U), \quad J(U) = …"
            continue
        pairs = pairs_of(row.children[1:] if row.data == "chain" else row.children)
        if row.data == "continuation":
            if not found:
                raise translator.fail(row, "the definition starts with a relation; it starts with the "
                                           "name it defines ('name = expression')")
            found[-1].links += pairs
        elif pairs:
            found.append(Row(row.children[0], None, pairs))
        elif number + 1 < len(trees) and trees[number + 1].data == "continuation":
            number += 1     # a head alone, its '= body' on the next row
            found.append(Row(row.children[0], None, pairs_of(trees[number].children)))
        else:
            raise _construct_error(row, translator) or translator.fail(
                row, "this row is neither a definition 'name = expression' nor a continuation "
                     "'= …' of the chain above it")
        number += 1
    found = heads_in_chain(found, translator)      # a(y) = m(y) = …, m declared nowhere: definition_rows.py
    statements, heads = [], {base_name(translator.source(row.head)) for row in found}
    for row in found:
        stated, written_last = read_statement(row, translator, heads, line)    # statement_rows.py
        if stated:
            statements.append(row)
            continue
        relation, row.body = written_last or row.links.pop(0)
        if str(relation.children[0]) == "\\propto":
            raise translator.fail(relation, "a definition by '\\propto' (a density up to its normalising "
                                            "factor) is not read yet; a claim A \\propto B with "
                                            "proportional_in is")
        if str(relation.children[0]) != "=":
            raise translator.fail(relation, f"a definition is 'name = expression'; this row relates "
                                            f"its name by '{relation.children[0]}'")
        for position, (relation, side) in enumerate(row.links):
            if _approximates_a_printed_value(row.links, position, translator):
                continue
            _check_link_relation(relation, translator, definitional)
    found = [row for row in found if row not in statements]
    return found + [named for row in found if row.first is None for named in summands_named(row, translator)], \
        statements


def _approximates_a_printed_value(links, position: int, translator: Translator) -> bool:
    """Whether link ``position`` is ``\\approx 0.693``, the last link after equalities: read
    within the tolerance the printed digits imply (load/claims.py)."""
    relation, side = links[position]
    return relation_name(str(relation.children[0])) == "\\approx" and position == len(links) - 1 \
        and all(relation_name(str(r.children[0])) == "=" for r, _ in links[:-1]) \
        and tolerance_of(translator.source(side)) is not None


def _construct_error(row, translator: Translator) -> DerivationError | None:
    r"""The error of a construct the reader does not read (``\propto``) in a row without
    a relation: it, rather than the row's shape, is what stops the definition."""
    start, end = row.meta.start_pos, row.meta.end_pos
    for match in re.finditer(r"\\[a-zA-Z]+|\|", translator.text[start:end]):
        message = unsupported(translator.text, start + match.start())
        if message is not None:
            position = start + match.start()
            line = translator.text.count("\n", 0, position) + 1
            column = position - translator.text.rfind("\n", 0, position)
            return translator.where.error(message, line, column, match.group(0))
    return None


def _check_link_relation(relation, translator: Translator, definitional: frozenset[int]) -> None:
    token = relation.children[0]
    name = relation_name(str(token))
    if token.start_pos in definitional:
        raise translator.fail(relation, "a definitional relation (':=', '\\triangleq', …) links two "
                                        "sides of a chain here; only a row's first relation defines")
    if name in UNCHECKED_RELATIONS:
        return      # read, reported as not checked; the chain's other links are checked
    if name not in CHAIN_RELATIONS:
        raise translator.fail(relation, f"the chain in this definition links by '{token}', which is not "
                                        "a relation the checker decides (=, <, \\le, >, \\ge)")


def _define_in_order(rows, text, scope, where, line, translator):
    """The macro of each row, defined in the order the rows' names need: a row that
    fails is tried again once another is defined; none defining raises.  Returned with
    each row's own macro (a row giving a diagonal, p_{ii} = 0, shares its family's macro)."""
    macros, bound, errors, own = {}, {}, {}, {}
    pending = list(rows)
    while pending:
        waiting = []
        for row in pending:
            try:
                macro, params = define_row(row.head, row.body, text, scope, where, line)
            except DerivationError as exc:
                errors[id(row)] = exc
                waiting.append(row)
                continue
            own[id(row)] = macro
            twin = next((r for r in rows if id(r) in macros and macros[id(r)].key == macro.key), None)
            if twin is not None and (renamed(macro, macros[id(twin)]) or alike(macro, macros[id(twin)], row, translator)):
                # h_i = f(x_i), h_j = f(x_j): one family defined entry by entry, written twice (or alike)
                macros[id(row)], bound[id(row)] = macros[id(twin)], params
                continue
            merged = with_diagonal(macro, macros[id(twin)]) if twin is not None else None
            if merged is not None:
                # p_{ij} = …, p_{ii} = 0: one family, its diagonal entries given apart
                general, diagonal = (twin, row) if len(set(macro.index_params)) == 1 else (row, twin)
                translator.readings.append(f"{one_line(translator, diagonal.head)} = {one_line(translator, diagonal.body)} "
                                           f"gives the entries of {one_line(translator, general.head)} whose two "
                                           "indices are equal; the other row, the rest")
                macros[id(row)] = macros[id(twin)] = merged
                bound[id(row)] = params
                scope = scope.bind(merged.key, merged)
                continue
            if twin is not None and not one_beside_other(macro, macros[id(twin)]):
                raise translator.fail(row.head, f"'{translator.source(row.head)}' is defined twice in this "
                                                f"display (also as '{translator.source(twin.head)}')")
            macros[id(row)], bound[id(row)] = macro, params
            scope = bind_definition(scope, macro)
        if len(waiting) == len(pending):
            raise _stuck(waiting, errors, translator)
        pending = waiting
    return macros, bound, own


_WORD = re.compile(r"\\(?:text|textrm|mathrm|operatorname)\{([^{}]*)\}")
#: a call whose first argument is an event, P(D=1 | v, c) (white space already removed)
_EVENT = re.compile(r"[^(]*\([A-Za-z]\w*=")


def _stuck(rows, errors, translator: Translator) -> DerivationError:
    """The error of rows that no order defines: a row that uses itself or a cycle of
    rows that use each other is named as such; otherwise the error of the first row
    that fails on something other than the name of another waiting row (the cause)."""
    def uses(row, other) -> bool:
        # the row failed on an undeclared name, and that name is the other's head
        error = errors[id(row)]
        # the name as the message quotes it (\mathcal{L}^{(ij)}) or as written (\text{NPair})
        quoted = re.match(r"'(.*?)' is not declared", error.message)
        written = quoted.group(1) if quoted else getattr(error, "construct", "")
        written = "".join(written.split())
        head = "".join(translator.source(other.head).split())
        # (a function is named by its callee: \sigma(\ell_\theta(x)) uses \sigma(\ell); \text{NPair}
        # is keyed NPair)
        # P(D=1 | …) is a name of its own beside P(w | c): an event written first differs
        construct = "".join(getattr(error, "construct", "").split())
        event = [_EVENT.match(text) is not None for text in (construct, head)]
        return "is not declared" in error.message and event[0] == event[1] and \
            written.split("(")[0] in (head.split("(")[0], _WORD.sub(r"\1", head).split("(")[0])

    for row in rows:
        if uses(row, row):
            return translator.fail(row.head, f"the definition of '{translator.source(row.head)}' uses "
                                             "the name it defines")
        for other in rows:
            if other is not row and uses(row, other) and uses(other, row):
                return translator.fail(row.head, f"the definitions of '{translator.source(row.head)}' and "
                                                 f"'{translator.source(other.head)}' (line "
                                                 f"{translator.fail(other.head, '').line}) use each other: "
                                                 "a cycle defines neither")
    causes = [row for row in rows if not any(uses(row, other) for other in rows)]
    return errors[id((causes or rows)[0])]


def _check_order_free(rows, macros, own, text, scope, where, line, translator) -> None:
    """Each row read again with every other row's macro bound must read the same: a row
    read before a later row redefined a name it uses (declared already) would otherwise
    keep the old meaning, or a run of letters split before a name was defined."""
    for row in rows:
        others = scope
        for other in rows:
            if other is not row:
                others = others.bind(macros[id(other)].key, macros[id(other)])
        try:
            again, _ = define_row(row.head, row.body, text, others, where, line)
        except DerivationError:
            again = None
        if again is None or not (same(again, own[id(row)]) or renamed(again, macros[id(row)])):
            raise translator.fail(row.head, f"the definition of '{translator.source(row.head)}' reads "
                                            "differently once the other rows of this display are "
                                            "defined (it uses a name another row defines, which was "
                                            "declared already): name them apart")


def _chain(row: Row, bound, text, original, scope, where, translator) -> Chain:
    """The links written after a definition's body, read with every macro of the
    display and the names its head binds."""
    held, arguments = _chain_arguments(row, bound, scope, translator)
    for name, symbol in bound:
        scope = scope.bind(name, held.get(symbol, symbol))
    reader = Translator(text, scope, where)
    left, links = (row.body if row.first is None else row.first), []
    first = left
    lhs = chain_side(reader, left)
    for relation, side in row.links:
        rhs = chain_side(reader, side)          # a number, or a vector's or a matrix's Vector (translate/values.py)
        start, end = left.meta.start_pos, side.meta.end_pos
        name = relation_name(str(relation.children[0]))
        links.append(Link(lhs, name, rhs, text.count("\n", 0, side.meta.start_pos), _link_text(text[start:end]),
                          translator.source(side).strip() if name == "\\approx" else ""))
        left, lhs = side, rhs
    start, end = first.meta.start_pos, row.links[-1][1].meta.end_pos
    return Chain(one_line(translator, row.head), tuple(links),
                 text.count("\n", 0, start), original[start:end], arguments)


def _membership_chain(found, row: Row, bound, text, original, scope, where, translator) -> tuple:
    r"""The membership that ends the display (``p = … \in (0, 1)``, ``z = f(x) \in \mathbb{R}^d``),
    about the last side of its last row, read with the names its head binds: a space is
    decided here and said; an interval is a chain of its own, lo < side < hi, checked as
    any other chain of the definition."""
    tree = row.links[-1][1] if row.links else row.body
    held, arguments = _chain_arguments(row, bound, scope, translator, tree)
    for name, symbol in bound:
        scope = scope.bind(name, held.get(symbol, symbol))
    reader = Translator(text, scope, where)
    reading, within = reader.stated_membership(found, reader.value(tree), tree, definition=True)
    translator.readings.append(reading)
    if within is None:
        return ()
    low, low_open, high, high_open = within
    side, lines = reader.expr(tree), text.count("\n", 0, tree.meta.start_pos)
    written = _link_text(original[tree.meta.start_pos:found.start] + found.written)
    links = ((Link(low, "<" if low_open else "<=", side, lines, written),) if low is not None else ()) + \
        ((Link(side, "<" if high_open else "<=", high, lines, written),) if high is not None else ())
    return (Chain(one_line(translator, row.head), links, lines, written, arguments),)


def _chain_arguments(row: Row, bound, scope, translator: Translator, at=None) -> tuple[dict, tuple]:
    r"""What a chain written after a definition over arguments runs over: the chain
    holds for every value of them, as the definition does.  An index argument
    (``\ell_i = A_i = B_i``, ``\text{sim}(z_i, z_j) = …``) is the declared index of that
    name, over its range; a scalar argument (``\sigma(\ell) = … = …``, a name nothing
    declares) is every real value.  An index argument that is not a declared index has no
    range to run over: refused, naming it."""
    held, arguments = {}, []
    for name, symbol in bound:
        if symbol.is_integer:
            declared = scope.lookup(name)
            if not isinstance(declared, sp.Symbol) or scope.index_range(declared) is None:
                raise translator.fail(at if at is not None else row.links[0][0],
                                      f"the chain in the definition of '{translator.source(row.head)}' is "
                                      f"written over {name}, which is not a declared index: declare it "
                                      "([[index]]) for the chain to be checked over its range, or state the "
                                      "chain as a claim")
            held[symbol] = declared
        else:
            arguments.append((name, symbol))
    return held, tuple(arguments)


def _link_text(written: str) -> str:
    """A link as one line: the row breaks and alignment marks of the display dropped."""
    return " ".join(written.replace("\\\\", " ").replace("&", " ").split())

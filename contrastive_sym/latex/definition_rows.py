r"""The shapes of a definition's row that are not ``head = body``: a name written last
(``A \sim B = h(v, c)``), a sum named by the chain after it (``\mathcal{L} = \sum_i \mathcal{L}_i =
\sum_i …``), and a diagonal given apart (``p_{ij} = …, \; p_{ii} = 0``).  Used by
:mod:`.definitions`."""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ..errors import DerivationError
from .macros import head_parts
from .memberships import trailing_membership
from .scope import Builtin, Macro
from .translate import Translator, relation_name
from .translate.trees import bare_letter

Tree = lark.Tree


@dataclass
class Row:
    """One definition of the display: ``head = body`` and the links that follow it."""

    head: object
    body: object
    links: list            # (relation tree, side tree) pairs after the body
    # a head written last (``A \sim B = h(v, c)``): the chain's first side; its links end at the body
    first: object = None
    # its one side is the head of the next row (``a(y) = m(y) = …``, m declared nowhere): no head written last
    chained: bool = False


def head_written_last(row: Row, translator: Translator, line: int | None = None):
    r"""``P(D=1 \vert v,c) \sim \frac{…}{…} = h_\theta(v,c)``: a chain whose last side is a
    name nothing declares (called or not) and whose first side is not, defines that name by
    the side before it; the links before are the chain, checked as any other.  The row is
    rearranged (head, body, first side, links up to the body) and the defining (relation,
    body) pair returned; None when the row is not of that shape.  A first side known only
    by a definition given after ``line`` (the display's) is the name this display defines:
    ``L(k) = L^{*}(f(k))`` before the display that defines L otherwise defines L, not L^*."""
    if not row.links or row.chained or undeclared_name(row.head, translator) \
            or _defined_after(row.head, translator, line) or not undeclared_name(row.links[-1][1], translator):
        return None
    sides = [row.head] + [side for _, side in row.links]
    relations = [relation for relation, _ in row.links]
    row.head, defining = sides[-1], (relations[-1], sides[-2])
    row.links = list(zip(relations[:-1], sides[1:-1]))
    row.first = sides[0] if row.links else None
    translator.readings.append(f"{one_line(translator, row.head)}, which nothing declares, is written last: the "
                               f"definition names the side before it, {one_line(translator, sides[-2])}")
    return defining


def _defined_after(side, translator: Translator, line: int | None) -> bool:
    """Whether the name of ``side`` means only a definition given after ``line``."""
    try:
        key = head_parts(side, translator)[0]
    except DerivationError:
        return False
    meaning = translator.scope.lookup(key)
    return line is not None and isinstance(meaning, Macro) and meaning.line is not None and meaning.line > line


def undeclared_name(side, translator: Translator) -> bool:
    """Whether ``side`` has the shape of a definition's head (``h``, ``h_\theta(v, c)``) and
    reading it stops at its own name, which nothing declares."""
    try:
        head_parts(side, translator)
    except DerivationError:
        return False
    callee = side.children[0] if isinstance(side, Tree) and side.data == "call" else side
    try:
        translator.value(side)
    except DerivationError as exc:
        written = "".join(getattr(exc, "construct", "").split())
        if "is not declared" in exc.message and \
                written in ("".join(translator.source(node).split()) for node in (callee, side)):
            return True
        # \mathcal{L}(a) beside \mathcal{L}_{i,j} defined: a head whose arguments name nothing declared
        # defines a function of them, whatever else the name means (\sigma(\ell) = … beside a declared σ)
        items = side.children[1].children[0].children if callee is not side else ()
        arguments = [a.children[0] if isinstance(a, Tree) and a.data == "item" and len(a.children) == 1 else a
                     for a in items]
        if "is not declared" in exc.message and written in \
                ("".join(translator.source(a).split()) for a in arguments if isinstance(a, Tree) and bare_letter(a)):
            return True
        # I_{\alpha} beside a declared I that takes no subscript: a name of its own, not declared
        if exc.message.endswith("takes no subscript") and isinstance(callee, Tree) and callee.data == "subscript" \
                and written == "".join(translator.source(callee).split()):
            return True
    return _shadows_identity(callee, translator)


def _shadows_identity(side, translator: Translator) -> bool:
    r"""Whether ``side`` is I, or I with a script (``I_{\alpha}``), where the notation declares no I:
    read as the identity matrix elsewhere, it is here a name the document gives."""
    base = side.children[0] if isinstance(side, Tree) and side.data in ("subscript", "superscript") else side
    key = translator.atom_key(base) if isinstance(base, Tree) else None
    return key is not None and key not in translator.scope.names and translator.scope.lookup(key) is Builtin.IDENTITY


def summands_named(row: Row, translator: Translator) -> list[Row]:
    r"""``\mathcal{L} = \sum_{i \in I} \mathcal{L}_i = -\sum_{i \in I} \log …``: a side that is
    a sum of one undeclared name, followed by ``=`` and the same sum of a body, names that
    body: the name is defined as the sum's term (``\mathcal{L}_i = -\log …``), said in the
    definition's readings, and the link between the two sums is checked as any other."""
    sides = [row.body] + [side for _, side in row.links]
    relations = [relation_name(str(relation.children[0])) for relation, _ in row.links]
    named = []
    for position, relation in enumerate(relations):
        left, right, sign = sides[position], sides[position + 1], None
        if isinstance(right, Tree) and right.data == "neg" and len(right.children) == 2:
            sign, right = right, right.children[1]
        if relation != "=" or not (_is_sum(left) and _is_sum(right)) or not _undeclared(left.children[1], translator):
            continue
        written = ["".join(translator.source(side.children[0]).split()) for side in (left, right)]
        if written[0] != written[1]:
            continue
        term = right.children[1] if sign is None else Tree(sign.data, [sign.children[0], right.children[1]], sign.meta)
        named.append(Row(left.children[1], term, []))
        translator.readings.append(f"{translator.source(left.children[1]).strip()} is named by the chain as the "
                                   f"term of {one_line(translator, left.children[0])}: "
                                   f"{translator.source(term).strip()}")
    return named


def _is_sum(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "apply_op" and isinstance(tree.children[0], Tree) \
        and tree.children[0].data == "sum_op" and str(tree.children[0].children[0]) == "\\sum"


def _undeclared(name, translator: Translator) -> bool:
    """Whether ``name`` is a name, subscripted or not, that nothing declares."""
    if not (isinstance(name, Tree) and name.data in ("subscript", "superscript")):
        return False
    try:
        translator.value(name)
    except DerivationError as exc:
        return "is not declared" in exc.message
    return False


def with_diagonal(one: Macro, other: Macro) -> Macro | None:
    """The macro of ``p_{ij} = …`` with ``p_{ii} = c`` (either order): δ_{ij} c + (1 − δ_{ij}) …,
    as a definition by cases reads it; None unless one head has two distinct indices and the
    other writes one index twice, and nothing else differs in the heads."""
    for general, diagonal in ((one, other), (other, one)):
        params, twice = general.index_params, diagonal.index_params
        if len(params) == 2 == len(twice) and params[0] != params[1] and twice[0] == twice[1] \
                and not (general.list_param or general.vector_params or general.point_params
                         or general.scalar_params or diagonal.list_param or diagonal.vector_params
                         or diagonal.point_params or diagonal.scalar_params):
            equal = sp.KroneckerDelta(*params)
            body = equal * diagonal.body.xreplace({twice[0]: params[0]}) + (1 - equal) * general.body
            return Macro(general.key, body, params, line=general.line)
    return None


def one_line(translator: Translator, node) -> str:
    """``node`` as the display writes it, on one line."""
    return " ".join(translator.source(node).split())


def domain_stated(row, translator: Translator) -> bool:
    r"""Whether ``row`` (a row after a definition) states the domain of a declared scalar
    (translate/stated_domains.py): ``\alpha > 0``, or ``t`` before the ``\in [0, 1]`` ending the display."""
    return translator.stated_domain(row) or translator.domain_before(row, trailing_membership(translator.text))


def pairs_of(children) -> list:
    """(relation, side) pairs of a row's children that alternate relation, side."""
    return [(children[n], children[n + 1]) for n in range(0, len(children) - 1, 2)]


def heads_in_chain(found: list[Row], translator: Translator) -> list[Row]:
    r"""``a(y; x_{1:K}) = m(y; x_{1:K}) = \frac{1}{K} \sum_i e^{f(x_i, y)}``: a side after a row's
    head that is the head of a name nothing declares or defines, followed by '= …', is defined by
    the rest of the chain, and the row's head by it (one name after another, as the display
    writes them; the rows are then defined in the order their names need).  The other rows as
    they are."""
    rows = []
    for row in found:
        while row.body is None and row.first is None and len(row.links) >= 2 \
                and all(relation_name(str(relation.children[0])) == "=" for relation, _ in row.links[:2]) \
                and undeclared_name(row.links[0][1], translator):
            later = Row(row.links[0][1], None, row.links[1:])
            row.links, row.chained = row.links[:1], True
            translator.readings.append(f"{one_line(translator, later.head)}, which nothing declares, is defined by "
                                       f"what follows it, and {one_line(translator, row.head)} by it")
            rows.append(row)
            row = later
        rows.append(row)
    return rows

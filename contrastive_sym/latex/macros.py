r"""Names a document defines by a formula: ``LSE(x_1, ..., x_n) = \log(...)``.

The head (left side) says how the name is used:

* ``LSE(x_1, x_2, ..., x_n)``: a function of a list, used as ``LSE(tx_1, ..., tx_n)``;
* ``sim(z_i, z_j)`` with ``z`` a declared family, or ``sim(u, v)`` (head_parameters.py): of two rows;
* ``w_k``, ``x_{i,j}`` (undeclared subscripts): a family defined entry by entry;
* ``\mathcal{L}(x_i)``, ``I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g)``: a name whose
  arguments say what it is a function of; a use must write the same arguments;
* ``x_m``, ``\mathcal{L}^{\text{NT-Xent}}``: a plain name."""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp

from ..errors import DerivationError, ParseError
from .beside import declared_family, refuse_entries_of_family
from .defined_as import definition_text
from .expand import expand_macros
from .notations import notation_macro
from .parser import Where, parse
from .scope import Distribution, Family, Macro, Scope
from .translate import Translator
from .translate.functions import separator_kind
from .head_names import head_parts, name_key, split_subscript
from .pair_definitions import excluded_anchors, over_pairs
from .head_parameters import (argument_values, defined_by_itself, entries_over_undeclared, labels_rather,
                              point_params, points_as_numbers, reread_parameters, vector_arguments, with_bound)
from .worded_heads import worded_head
from .translate.macro_uses import written_letters
from .translate.values import MatrixValue, VectorValue
from .translate.trees import bare_letter, index_letter, is_ellipsis, unwrap

Tree, Token = lark.Tree, lark.Token


class _BodyReader(Translator):
    r"""Reads a definition's head and body.  A body may hold a sum over sampled indices (``\mathcal{N} =
    \epsilon e^{\hat{y}_{ui}} + \sum_{j \sim p_u^-}^N e^{\hat{y}_{uj}}``): a random quantity, one draw of it
    wherever it is used, averaged inside an expectation and refused outside every expectation."""

    def refuse_loose_draws(self, expr, node) -> None:
        return None


def define(text: str, scope: Scope, where: Where = Where(), line: int | None = None) -> Macro:
    r"""The macro that the definition ``head = body`` declares (or ``head := body``,
    ``\coloneqq``, ``\triangleq``, ``\stackrel{\text{def}}{=}``).  A display that
    defines several names, or goes on with a chain, is read by
    :func:`.definitions.define_all`."""
    text, where = expand_macros(text, scope, where)
    text = definition_text(text)
    tree = parse(text, where)
    rows = [r for r in tree.children[0].children if isinstance(r, Tree)]
    if len(rows) != 1 or rows[0].data != "chain" or len(rows[0].children) != 3 \
            or str(rows[0].children[1].children[0]) != "=":
        raise where.error("a definition is one formula 'name = expression'")
    head, _, body_tree = rows[0].children
    return define_row(head, body_tree, text, scope, where, line)[0]


def define_row(head, body_tree, text: str, scope: Scope, where: Where, line: int | None):
    """The macro of one row ``head = body`` of the parsed ``text``, and the names its
    head binds for the body (``k`` of ``w_k``), as (name, meaning) pairs: a chain written
    after the body is read with the same bindings.  The macro keeps how to read it again
    in another scope (a derivative by a name it uses reads it with that name held)."""
    inner = _logarithm_of_a_head(head)
    if inner is not None:
        # \log \mathcal{L}(x) = H(x) - c (energy models, NCE): the name is the exponential of the
        # body, the one real value whose logarithm the display writes
        macro, params = define_row(inner, body_tree, text, scope, where, line)
        return _exponential_of(macro, head, scope, where, text), params
    macro, params = _define_row(head, body_tree, text, scope, where, line)

    def rebuild(other: Scope) -> Macro:
        return _define_row(head, body_tree, text, other, where, line)[0]
    return replace(macro, rebuild=rebuild, defined_in=scope), params


def _logarithm_of_a_head(head):
    r"""The head inside ``\log f(x)``, ``\ln f(x)`` or ``\log(f(x))`` (a natural logarithm of a name,
    called or not); None for any other head."""
    operator = head.children[0] if isinstance(head, Tree) and head.data == "apply_op" and len(head.children) == 2 else None
    if isinstance(operator, Tree) and operator.data == "log_op" and [str(c) for c in operator.children] in (["\\log"], ["\\ln"]):
        inner = unwrap(head.children[1])
        # \log{\mathcal{L}(x)}: the braces around the name carry nothing
        while isinstance(inner, Tree) and inner.data in ("braces", "chain_in_group") and len(inner.children) == 1:
            inner = unwrap(inner.children[0])
        return inner
    if isinstance(head, Tree) and head.data == "log_call" and str(head.children[0]).replace(" ", "") in ("\\log(", "\\ln("):
        items = [c for c in head.children[1].children if isinstance(c, Tree)]
        return unwrap(items[0]) if len(items) == 1 else None
    return None


def _exponential_of(macro: Macro, head, scope: Scope, where: Where, text: str) -> Macro:
    """``macro`` defined by its logarithm: its value the exponential of the body read."""
    if macro.vector_index is not None or macro.matrix_shape is not None or macro.list_param is not None \
            or not isinstance(macro.body, sp.Expr):
        raise Translator(text, scope, where).fail(head, "a definition by a logarithm, \\log f = …, defines a "
                                                        "number: this one's right side is not one")
    rebuild = macro.rebuild
    return replace(macro, body=sp.exp(macro.body),
                   rebuild=(lambda other: replace(rebuild(other), body=sp.exp(rebuild(other).body))) if rebuild else None)


def _define_row(head, body_tree, text: str, scope: Scope, where: Where, line: int | None):
    translator = _BodyReader(text, scope, where)
    notation = notation_macro(head, body_tree, scope, translator,
                              lambda inner: _BodyReader(text, inner, where).expr(body_tree), line)
    if notation is not None:        # \{x\}_+ = \max(0, 1 - x): the document's own meaning of a bracket
        return notation
    key, call_items = head_parts(head, translator)
    if isinstance(scope.lookup(key), Distribution):
        # p(d = i | X, c) = …: the head would take the letter of the declared distribution p,
        # which its body (and every later p(x)) reads as the distribution
        raise translator.fail(head, f"the definition of '{translator.source(head).strip()}' would define {key}, "
                                    f"a declared [[distribution]]: name it apart (an event such as d = i "
                                    "inside a probability is not read)")
    if call_items is None:
        key, index_tree = split_subscript(head, translator, key)
        family = declared_family(scope, key) if index_tree is not None else None
        if index_tree is not None and not isinstance(family, Family):
            read = lambda inner: _number_or_vector(_BodyReader(text, inner, where), body_tree)[0]   # noqa: E731
            params = _index_params(index_tree, translator, scope) or entries_over_undeclared(
                _index_params(index_tree, translator, scope, undeclared=True), scope, translator, read)
            key, params = worded_head(key, index_tree, translator, scope, read, params or None)  # L_{out,i}
            if params is not None:
                inner = with_bound(scope, params)
                body, vector = _number_or_vector(_BodyReader(text, inner, where), body_tree)
                if "matrix_shape" in vector:
                    raise translator.fail(body_tree, "a family whose entries are matrices is not read: "
                                                     "define each entry, or the matrix without indices")
                return Macro(key, body, index_params=tuple(s for _, s in params), line=line, **vector), params
        if index_tree is not None:
            key = key + translator.script_key("_", index_tree)
        # \mathcal{L}^{(ij)}: the declared indices its name writes are fixed in its body
        fixed = frozenset(k for k in written_letters(key) if scope.index_range(scope.lookup(k)) is not None)
        if fixed:
            translator = _BodyReader(text, replace(scope, fixed=fixed), where)
        body, vector = _number_or_vector(translator, body_tree)
        refuse_entries_of_family(family, fixed, body, scope, translator, head)
        # c = \frac{1}{D} \sum_{i \neq j} C_{ij}^2: j the anchor, or the pairs? (pair_definitions.py)
        anchors = excluded_anchors(body, scope, lambda paired: _BodyReader(text, paired, where).expr(body_tree),
                                   translator.readings) if not vector and not fixed else frozenset()
        return Macro(key, body, line=line, anchors=anchors, **vector), []
    elements = [c for c in call_items.children if isinstance(c, Tree)]
    separators = [str(c) for c in call_items.children if isinstance(c, Token)]
    # LSE(x_1, ..., x_n): a function of a list
    if any(is_ellipsis(e) for e in elements) and set(separators) <= {","}:
        listed = _list_macro(key, elements, body_tree, text, scope, where, line, translator)
        if listed is not None:
            return listed
    # sim(z_i, z_j): a function of rows of a declared family
    rows_of = _row_params(elements, separators, scope)
    if rows_of is not None:
        inner = scope
        params, bound = [], []
        for family, name in rows_of:
            symbol = sp.Symbol(name + "_param", integer=True)
            inner = inner.bind(name, symbol)
            params.append((family.base, symbol))
            bound.append((name, symbol))
        body = _BodyReader(text, inner, where).expr(body_tree)
        return Macro(key, body, vector_params=tuple(params), line=line), bound
    parameters = scalar_parameters(elements, separators, scope, translator)
    # F(a, t), t declared: of both where the body uses each new name, else (L(W, Y, …) of Y) labels, below
    mixed = parameters is not None and any(scope.lookup(k) is not None for k, _ in parameters)
    if parameters is not None:
        # \sigma(\ell) = \frac{1}{1 + e^{-\ell}}: \ell names nothing declared, so it is a parameter
        inner = with_bound(scope, parameters)
        try:
            body = _BodyReader(text, inner, where).expr(body_tree)
        except ParseError as exc:
            if mixed:
                body = None
            else:       # \text{sim}(u, v) = …, \ell(i, j) = … z_i …, \hat{C}(Z) = a matrix: not a function of numbers
                return reread_parameters(key, parameters, scope, line, translator,     # (head_parameters.py)
                                         lambda inner: _BodyReader(text, inner, where).expr(body_tree), exc,
                                         lambda inner: _number_or_vector(_BodyReader(text, inner, where), body_tree))
        if body is not None and not labels_rather(body, parameters, scope, mixed):     # (head_parameters.py)
            # c(Z) = \frac{1}{d} \sum_{i \neq j} C_{ij}^2: a head that writes its arguments, j not among them
            body = over_pairs(body, inner, scope, lambda paired: _BodyReader(text, paired, where).expr(body_tree),
                               translator.readings)
            return Macro(key, body, line=line, scalar_params=tuple(s for _, s in parameters),
                         scalar_keys=tuple(k for k, _ in parameters)), parameters
    indices = _index_args(elements, separators, scope)
    if indices is not None:
        # \mathcal{N}(t, c) = … with t, c declared indices: a family written with
        # parentheses; a use N(t + 1, c) or a sum's index reaches into the body
        inner, params = scope, []
        for name in indices:
            symbol = sp.Symbol(name + "_param", integer=True)
            inner = inner.bind(name, symbol)
            params.append((name, symbol))
        body = _BodyReader(text, inner, where).expr(body_tree)
        body = over_pairs(body, inner, scope, lambda paired: _BodyReader(text, paired, where).expr(body_tree))
        loose = sorted({str(symbol) for symbol, _, _ in scope.index_ranges if body.has(symbol)})
        if loose:
            # N_cb(t, c) = \sum_{b \neq b'} …: a function of (t, c) whose value moves with b' means
            # a sum over b' too, or an argument left out; either reading is a guess
            raise translator.fail(body_tree, f"the definition of {key}({', '.join(indices)}) depends on "
                                             f"{', '.join(loose)}, which is not among its arguments: sum over "
                                             "it, or add it to the arguments")
        return Macro(key, body, index_params=tuple(s for _, s in params), line=line, called=True), params
    vectors = vector_arguments(elements, separators, scope, translator)      # head_parameters.py
    if vectors is not None:
        # \text{sim}(u, v) = \frac{u^\top v}{\|u\| \|v\|} with u, v declared vectors; q(\mathbf{z}) =
        # e^{\mathbf{z}} / \sum_j e^{z_j} a vector of them; r(\mathbf{z}; \tau), numbers after ';' its parameters
        vectors, parameters = vectors
        inner = translator if not parameters else _BodyReader(text, with_bound(scope, parameters), where)
        body, vector = _number_or_vector(inner, body_tree)
        return Macro(key, body, line=line, vector_args=vectors, scalar_params=tuple(s for _, s in parameters),
                     scalar_keys=tuple(k for k, _ in parameters), **vector), \
            [(k, s) for k, s in parameters if scope.lookup(k) is None]     # a declared τ keeps its domain
    labels = "".join(translator.source(call_items).split())
    points = point_params(elements, translator)
    try:        # \bar{q}(x) = q(x) / \|q(x)\|: a function of points may take vector values
        body, vector = _number_or_vector(translator, body_tree)      # H(f) = \mathrm{diag}(p) - p p^\top: a matrix
    except ParseError as exc:   # \sigma(x) = 1/(1 + e^{-x}) of a data point x: its own real variable
        return points_as_numbers(key, elements, points, scope, line, translator,
                                 lambda inner: _BodyReader(text, inner, where).expr(body_tree), exc)
    if not vector:      # c(Z) = \frac{1}{d} \sum_{i \neq j} [C(Z)]_{i,j}^2: the head writes its arguments
        body = over_pairs(body, scope, scope, lambda paired: _BodyReader(text, paired, where).expr(body_tree),
                           translator.readings)
    if points is not None and any(kind == "event" for kind, _ in points):
        # P(D=1, v | c) = …: defined at an event, keyed with it (P(D=0, v | c) is another name)
        key = translator.event_key(key, call_items)
    if points is not None and defined_by_itself(scope.names.get(key), points, body):
        # f(x_{1:K}, y) = f(x_{1:K}, y) + 1 of a declared f: its value there in terms of itself
        raise translator.fail(body_tree, f"the definition of {key}({labels}) uses {key} at the same arguments: "
                                         "a name is defined by what it is not")
    if points is not None:
        # P(y | x; \theta) = …: a function of the points y, x, used as P(y_i | x_i; \theta)
        unused = [str(p) for kind, p in points if kind == "point" and not body.has(p)]
        if unused:
            # L(x, x^+) = \sum_{x \in \mathcal{X}} …: the sum binds the names again; said, never silent
            translator.readings.append(f"it does not depend on its argument{'s' if len(unused) > 1 else ''} "
                                       f"{', '.join(unused)} (bound again inside it: a use's arguments "
                                       "change nothing)")
        return Macro(key, body, labels=labels, line=line, point_params=points,
                     separators=tuple(separator_kind(s) for s in separators), **vector), []
    arguments = argument_values([e for e in elements if translator.event_of(e) is None], translator) or ()
    indices = [v for v in arguments if isinstance(v, sp.Symbol) and scope.index_range(v) is not None]
    if indices and isinstance(body, sp.Basic) and not any(body.has(i) for i in indices):
        # P(D=1 | w_c, w_o) = \sigma(u_o^\top v_c): the words and their places are not tied; said
        translator.readings.append(f"it does not depend on its index argument{'s' if len(indices) > 1 else ''} "
                                   f"{', '.join(scope.key_of(i) or str(i) for i in indices)}: its value is the same at every value of "
                                   f"{'them' if len(indices) > 1 else 'it'} (is an index written differently?)")
    return Macro(key, body, labels=labels, line=line, **vector), []


def scalar_parameters(elements: list, separators: list, scope: Scope, translator: Translator) -> list | None:
    """(name, Dummy) for each argument of a head, when every argument is a name that the
    scope does not declare (a letter, a command such as \\ell, with scripts or an accent), or
    some are and the others are declared scalars (F(a, t) with t declared: each a parameter of F,
    as a head's arguments are), and they are separated by commas; None otherwise."""
    if set(separators) - {","} or not elements:
        return None
    found, declared = [], 0
    for element in elements:
        tree = unwrap(element)
        if not (isinstance(tree, Tree) and tree.data in ("letter", "command", "accent", "subscript", "superscript",
                                                          "prime", "font", "font_accent")):
            return None
        try:
            key = name_key(tree, translator)
        except ParseError:
            return None
        meaning = scope.lookup(key)
        if meaning is not None and not (isinstance(meaning, sp.Symbol) and scope.index_range(meaning) is None
                                        and meaning not in scope.points and len(elements) > 1):
            return None
        declared += meaning is not None
        if any(key == name for name, _ in found) \
                or tree.data == "subscript" and scope.lookup(name_key(tree.children[0], translator)) is not None:
            return None
        found.append((key, sp.Dummy(key.lstrip("\\"), real=True)))
    # every argument declared: the definition of a value at them (\mathcal{L}(\tau), labelled uses)
    return found if declared < len(found) else None


def _index_params(index_tree, translator, scope: Scope, undeclared: bool = False):
    """The letters of a subscript ``_k``, ``_{i,j}`` or ``_{ij}``; None if any is a declared family.
    ``undeclared``: a run of two or three letters no declaration names (``C_{ij}``) is taken too, to
    be kept only if the body uses every one of them (_entries_over_undeclared)."""
    names = []
    run = translator.name_run(index_tree)
    if run is not None:
        # L_{ij} with i, j declared indices: the entry (i, j), as P_{ij} is read; a word
        # (l_{uniform}, \mathcal{L}_{info}) is part of a name, never seven indices
        letters = [str(tree.children[0]) if bare_letter(tree) else None for tree in run]
        # P_{ip} with i a declared index and p declared nowhere (SupCon's appendix): the entry too
        if undeclared and None not in letters and len(set(letters)) == len(letters) <= 3 \
                and scope.lookup("".join(letters)) is None and any(scope.lookup(n) is None for n in letters) \
                and all(scope.lookup(n) is None or scope.index_range(scope.lookup(n)) is not None for n in letters):
            return [(n, sp.Symbol(n + "_param", integer=True)) for n in letters]
        if not all(bare_letter(tree) and scope.index_range(scope.lookup(str(tree.children[0]))) is not None
                   for tree in run):
            return None
        names = [str(tree.children[0]) for tree in run]
    elif index_letter(index_tree, scope):
        names = [str(index_tree.children[0])]
    elif isinstance(index_tree, Tree) and index_tree.data == "script_group":
        for item in index_tree.children[0].children:
            if isinstance(item, Token):
                continue
            item = unwrap(item)
            if not index_letter(item, scope):
                return None
            names.append(str(item.children[0]))
    else:
        return None
    # a family of values, a size (L^{opt}_N: the loss at the size N) or one data point (g_x = u(x)) is no
    # parameter; a family of data points is: alone it has no value, so l_n can only be the entry n (notes
    # calling the negatives n_i and the elements l_n); a body using n as a point is refused, never misread
    if any(isinstance(scope.lookup(n), Family) and scope.lookup(n).base not in scope.points or n in scope.size_names
           or isinstance(scope.lookup(n), sp.Symbol) and scope.lookup(n) in scope.points for n in names):
        return None
    return [(n, sp.Symbol(n + "_param", integer=True)) for n in names]


def _list_macro(key, elements, body_tree, text, scope, where, line, translator):
    first, last = elements[0], elements[-1]
    family_name = _subscripted_letter(first)
    length_name = _subscript_name(last)
    if family_name is None or length_name is None or _subscripted_letter(last) != family_name:
        if _all_declared(elements, translator):
            # \mathcal{L}(q_i, p_i^+, p_{i,1}^-, \dots, p_{i,n}^-): the names its body uses, each
            # declared, written for the reader: labels a use repeats (read below)
            return None
        raise translator.fail(first, "a list parameter is written x_1, ..., x_n")
    placeholder = sp.IndexedBase(family_name + "_list", real=True)
    length = sp.Symbol(length_name + "_length", integer=True, positive=True)
    bound = [(family_name, Family(placeholder, (length,))), (length_name, length)]
    inner = scope.bind(*bound[0]).bind(*bound[1])
    body = _BodyReader(text, inner, where).expr(body_tree)
    return Macro(key, body, list_param=(placeholder, length), line=line), bound


def _all_declared(elements: list, translator) -> bool:
    """Whether every argument but the dots is a value or a point the notation declares."""
    for element in elements:
        if is_ellipsis(element):
            continue
        try:
            translator.value(element)
        except DerivationError:
            return False
    return True


def _subscripted_letter(tree):
    tree = unwrap(tree)
    if isinstance(tree, Tree) and tree.data == "subscript" and bare_letter(tree.children[0]):
        return str(tree.children[0].children[0])
    return None


def _subscript_name(tree):
    tree = unwrap(tree)
    if isinstance(tree, Tree) and tree.data == "subscript":
        arg = tree.children[1]
        if bare_letter(arg):
            return str(arg.children[0])
    return None


def _number_or_vector(translator: Translator, body_tree):
    r"""The body of a definition, and for a vector (h_i = f(\tilde{x}_i), z = h / \|h\|)
    the Macro keys that say so; a row z_k is a vector of its components."""
    value = translator.term(body_tree)
    if isinstance(value, VectorValue):
        return value.body, {"vector_index": value.index, "vector_length": value.length}
    if isinstance(value, MatrixValue):
        # S = Z Z^\top: the family of its entries S_{ij}, of the matrix's shape
        row, col = sp.Symbol("row_param", integer=True), sp.Symbol("col_param", integer=True)
        return value.entry(row, col), {"index_params": (row, col), "matrix_shape": (value.rows, value.cols)}
    return translator.expr(body_tree, value), {}


def _index_args(elements, separators, scope: Scope) -> list[str] | None:
    """The names of a head's arguments when each is a distinct declared index (a bare
    letter with a declared range), separated by commas; else None."""
    if set(separators) - {","} or not elements:
        return None
    names = []
    for element in elements:
        tree = unwrap(element)
        if not bare_letter(tree):
            return None
        name = str(tree.children[0])
        declared = scope.lookup(name)
        if not isinstance(declared, sp.Symbol) or scope.index_range(declared) is None:
            return None
        names.append(name)
    return names if len(set(names)) == len(names) else None


def _row_params(elements, separators, scope: Scope):
    if set(separators) - {","} or not elements:
        return None
    found = []
    for element in elements:
        tree = unwrap(element)
        if not (isinstance(tree, Tree) and tree.data == "subscript"):
            return None
        base = tree.children[0]
        if isinstance(base, Tree) and base.data == "font":
            # \mathbf{z}_i: the family declared as \mathbf{z}, or as z
            font_key = f"{base.children[0]}{{{base.children[1]}}}"
            base_key = font_key if isinstance(scope.lookup(font_key), Family) else str(base.children[1])
        elif bare_letter(base):
            base_key = str(base.children[0])
        else:
            return None
        family = scope.lookup(base_key)
        if not isinstance(family, Family) or not bare_letter(tree.children[1]):
            return None
        found.append((family, str(tree.children[1].children[0])))
    return found


r"""What the arguments of a definition's head are when nothing declares them, decided by reading
the body: ``C_{ij} = x_i x_j`` (letters side by side that the body uses each: the entry (i, j)), and
``\text{sim}(u, v) = \frac{u^\top v}{\|u\| \|v\|}`` (names the body does not read as numbers: a
function of vectors, of the length of those a use writes), ``\ell(i, j) = … z_i …`` (letters the body
does not read as numbers either: a function of indices).  Each reading is said."""
from __future__ import annotations

from typing import Callable

import sympy as sp

from ..errors import ParseError
from ..model.slices import as_slice
from .families import Family
from .head_names import name_key
from .scope import Macro, Scope
from .translate.macro_uses import VECTOR_LENGTH
from .translate.trees import unwrap


def body_with(params, scope: Scope, read: Callable):
    """The body (``read`` of a scope) with ``params``, (name, symbol) pairs, bound; None when it does
    not read so or is not a value."""
    try:
        body = read(with_bound(scope, params))
    except ParseError:
        return None
    return body if isinstance(body, sp.Basic) else None


def entries_over_undeclared(params, scope: Scope, translator, read: Callable):
    """``C_{ij} = x_i x_j`` with i and j declared nowhere (``params``: the letters, as macros.py
    takes them): the entry (i, j), when the body reads (``read`` of a scope) with them bound and uses
    every one (a body that does not, ``L_{ab} = …`` of other letters, keeps the name ``L_{ab}``);
    said in the readings.  None otherwise."""
    if params is None or len(params) < 2:
        return None
    body = body_with(params, scope, read)
    if body is None or not all(body.has(symbol) for _, symbol in params):
        return None
    letters = "".join(name for name, _ in params)
    translator.readings.append(f"_{{{letters}}}, letters no declaration names, written side by side and each used in "
                               f"the body: the entry ({', '.join(name for name, _ in params)}), as TeX writes it")
    return params


def vector_parameters(key: str, parameters, scope: Scope, line, translator, read: Callable):
    """``\\text{sim}(u, v) = \\frac{u^\\top v}{\\|u\\| \\|v\\|}`` with u, v declared nowhere and a body
    that does not read them as numbers: a function of vectors of one length, taken from the vectors
    a use writes (rows of any family: sim(h_i, h_j^+)); said in the readings.  None when the body
    does not use every one; the ParseError when it does not read with them as vectors either."""
    length = sp.Dummy(VECTOR_LENGTH, integer=True, positive=True)
    inner, bases = scope, []
    for name, _ in parameters:
        base = sp.IndexedBase(sp.Dummy(name.lstrip("\\")), real=True)
        inner = inner.bind(name, Family(base, (length,)))
        bases.append(base)
    body = read(inner)          # a ParseError: reread_parameters weighs it
    if not isinstance(body, sp.Expr) or not all(body.has(base) for base in bases):
        return None
    names = ", ".join(name for name, _ in parameters)
    translator.readings.append(f"{key}({names}): {names}, declared nowhere, {'are' if len(bases) > 1 else 'is'} "
                               f"read as {'vectors' if len(bases) > 1 else 'a vector'} (the body does not read "
                               "as a function of numbers), of the length of those a use writes")
    return Macro(key, body, line=line, vector_args=tuple((base, length) for base in bases))


def reread_parameters(key: str, parameters, scope: Scope, line, translator, read: Callable, failed: ParseError,
                      read_value: Callable | None = None):
    """(the macro, the names it binds) of a head whose arguments nothing declares and whose body
    does not read them as numbers (``failed``): as vectors, else as indices, else (``read_value``:
    the body a vector or a matrix that does not use them) as what the value is of; ``failed`` when
    none reads (or the error of the reading that got further into the body)."""
    errors = [failed]
    if read_value is not None:
        try:
            body, shape = read_value(scope)
        except ParseError as exc:
            errors.append(exc)
        else:
            if shape and isinstance(body, sp.Basic) and not any(body.has(s) for _, s in parameters):
                # \hat{C}(Z) = \frac{1}{N-1} \sum_b (z_b - \bar{z})(z_b - \bar{z})^\top: a matrix of
                # what Z's rows are, Z declared nowhere (a use writes it as the head does)
                return Macro(key, body, line=line, scalar_params=tuple(s for _, s in parameters),
                             scalar_keys=tuple(k for k, _ in parameters), **shape), parameters
    for reading in (vector_parameters, index_parameters):
        try:
            found = reading(key, parameters, scope, line, translator, read)
        except ParseError as exc:
            errors.append(exc)
            continue
        if found is not None:
            return (found, []) if isinstance(found, Macro) else found
    # no reading reads the body: the error of the one that got furthest into it says the most (sim(u,
    # v) = u^\top v / \|u\| \|v\|: past the transpose, the quotient before a factor is ambiguous)
    raise max(errors, key=lambda e: (e.line or 0, e.column or 0))


def index_parameters(key: str, parameters, scope: Scope, line, translator, read: Callable):
    """``\\ell(i, j) = -\\log \\frac{e^{s_{ij}}}{…}`` with i, j declared nowhere (letters) and a body
    that reads them as indices only: a function of indices, as one of declared indices is (a use
    ``\\ell(2k-1, 2k)`` puts its values in); said in the readings.  None when the body does not use
    every one, or an argument is not a letter; the ParseError when it does not read so."""
    if not all(len(name) == 1 and name.isalpha() for name, _ in parameters):
        return None
    inner, params = scope, []
    for name, _ in parameters:
        symbol = sp.Symbol(name + "_param", integer=True)
        inner = inner.bind(name, symbol)
        params.append((name, symbol))
    body = read(inner)          # a ParseError: reread_parameters weighs it
    if not isinstance(body, sp.Expr) or not all(body.has(symbol) for _, symbol in params):
        return None
    names = ", ".join(name for name, _ in params)
    translator.readings.append(f"{key}({names}): {names}, declared nowhere, {'are' if len(params) > 1 else 'is'} "
                               f"read as {'indices' if len(params) > 1 else 'an index'} (the body does not read "
                               "as a function of numbers)")
    return Macro(key, body, index_params=tuple(s for _, s in params), line=line, called=True), params


def vector_arguments(elements, separators, scope: Scope, translator):
    """((base, length) of each vector argument, (name, symbol) of each parameter) of a head whose
    arguments are distinct declared vectors (families of one dimension, not data points) separated by
    commas, then perhaps, after ';', names of numbers (``\\mathrm{softmax}(\\mathbf{z}; \\tau)``, declared
    or not: the definition's parameters, a use writes their values); None otherwise."""
    cut = separators.index(";") if ";" in separators else len(separators)
    if set(separators[:cut]) - {","} or set(separators[cut + 1:]) - {","} or not elements:
        return None
    found, parameters = [], []
    for element in elements[:cut + 1]:
        try:
            value = translator.value(element)
        except ParseError:
            return None
        if not (isinstance(value, Family) and len(value.shape) == 1 and value.base not in scope.points):
            return None
        found.append((value.base, value.shape[0]))
    for element in elements[cut + 1:]:
        name = "".join(translator.source(element).split())
        meaning = scope.lookup(name)
        if meaning is not None and not (isinstance(meaning, sp.Symbol) and scope.index_range(meaning) is None):
            return None     # a parameter is a name of a number: new, or a declared scalar (not an index)
        # any real number in the body, even under a declared scalar's name: its domain would simplify the body
        # (\sqrt{\tau^2} to τ) for a use that writes another value (r(\mathbf{z}; -1))
        parameters.append((name, sp.Dummy(name.lstrip("\\"), real=True)))
    if len({base for base, _ in found}) != len(found) or len({n for n, _ in parameters}) != len(parameters):
        return None
    return tuple(found), parameters


def points_as_numbers(key: str, elements, points, scope: Scope, line, translator, read: Callable, failed: ParseError):
    r"""``\sigma(x) = \frac{1}{1 + e^{-x}}`` with x a declared data point: a point has no value, so a body
    that reads its arguments as numbers defines a function of real variables written with the points'
    letters (the definition's own dummy variables, as in any formula book); said in the readings.  A use
    at the point itself, r(x), is still refused.  ``failed`` (the error of reading the body at the
    points) when the head has anything but points, or the body does not read so or does not use each."""
    if points is None or any(kind != "point" for kind, _ in points):
        raise failed
    parameters = [(key_of, sp.Dummy(key_of.lstrip("\\"), real=True))
                  for key_of in (name_key(unwrap(element), translator) for element in elements)]
    try:
        body = read(with_bound(scope, parameters))
    except ParseError:
        raise failed from None
    if not isinstance(body, sp.Expr) or not all(body.has(symbol) for _, symbol in parameters):
        raise failed
    applied = [n for n in sp.preorder_traversal(body) if isinstance(n, sp.Function) and not isinstance(n, _NUMERIC)]
    if any(node.has(symbol) for node in applied for _, symbol in parameters):
        raise failed        # q(x, y) = f(y) + x: y is read as a point too, an argument of a function of points
    names, one = ", ".join(name for name, _ in parameters), len(parameters) == 1
    translator.readings.append(f"{key}({names}): the body reads {names}, declared as "
                               f"{'a data point (which has' if one else 'data points (which have'} no value), as "
                               f"{'a number: it is' if one else 'numbers: they are'} read as {key}'s own real "
                               f"variable{'' if one else 's'}, not the point{'' if one else 's'}")
    return Macro(key, body, line=line, scalar_params=tuple(s for _, s in parameters),
                 scalar_keys=tuple(k for k, _ in parameters)), parameters


#: the functions of numbers a body may apply to its real variables (a declared function of points may not)
_NUMERIC = (sp.exp, sp.log, sp.Abs, sp.Max, sp.Min, sp.sin, sp.cos, sp.tan, sp.tanh, sp.sinh, sp.cosh, sp.Heaviside,
            sp.sign, sp.asin, sp.acos, sp.atan)


def with_bound(scope: Scope, params) -> Scope:
    """``scope`` with each (name, symbol) of ``params`` bound."""
    for name, symbol in params:
        scope = scope.bind(name, symbol)
    return scope


def labels_rather(body, parameters: list, scope, mixed: bool) -> bool:
    """Whether a head's parameters (name, Dummy) are labels a use repeats rather than values it gives: a
    new name the body does not use beside a declared one (L(W, Y) of Y), or a head none of whose names
    the body uses (M(g) = \\|y\\|^2 beside M(f) = \\|x\\|^2: read as a value, M(f) would be M(g)'s body)."""
    if mixed:
        return any(not body.has(symbol) for key, symbol in parameters if scope.lookup(key) is None)
    return not any(body.has(symbol) for _, symbol in parameters)


def point_params(elements: list, translator) -> tuple | None:
    """Each argument of a head as ("point", p), ("fixed", value) or ("event", "D=1"), when at
    least one is a data point and the others are declared values or events; None otherwise."""
    events = [translator.event_of(element) for element in elements]
    values = argument_values([e for e, event in zip(elements, events) if event is None], translator)
    if values is None:
        return None
    found = []
    for event in events:
        if event is not None:           # D=1 of P(D=1, v | c): matched as written
            found.append(("event", event))
            continue
        value = values.pop(0)
        point = translator.as_point(value)
        if as_slice(point) is not None:
            found.append(("fixed", point))      # f(x_{1:K}, y): the samples as written, no parameter
        elif point is not None:
            found.append(("point", point))
        elif isinstance(value, sp.Expr):
            found.append(("fixed", value))
        else:
            return None
    if not any(kind == "point" for kind, _ in found):
        return None
    return tuple(found)


def argument_values(elements: list, translator) -> list | None:
    """What each argument of a head stands for; None when one of them does not read."""
    try:
        return [translator.value(element) for element in elements]
    except ParseError:
        return None


def defined_by_itself(declared, points: tuple, body) -> bool:
    """Whether ``body``, of a definition at the arguments ``points`` of the declared function
    ``declared`` (f(x_{1:K}, y) = … of the critic f), applies that function at those arguments."""
    if not hasattr(declared, "with_arguments") or any(kind == "event" for kind, _ in points):
        return False
    meaning = declared.with_arguments(len(points))
    if meaning is None or not isinstance(body, sp.Basic):
        return False
    head = tuple(value for _, value in points)
    return any(call.func == meaning.function and call.args[:len(head)] == head
               for call in body.atoms(sp.core.function.AppliedUndef))

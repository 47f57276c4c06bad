r"""``[[function]]``: functions a document uses without defining them (an encoder ``f``,
a projection head ``g``, a critic ``T_\omega``, a similarity ``\text{sim}``, an augmentation
``t`` whose values are points), and the data points they are applied to (scalars and
families of role ``point``).

Papers state their losses in terms of such functions: ``f(\mathbf{x})^\top
f(\mathbf{x}^+)``.  What the document says about them holds for every function, so the
checker reads each application as an unknown value (see
:class:`~contrastive_sym.model.notation.FunctionDecl`).
"""
from __future__ import annotations

from dataclasses import replace

import sympy as sp

from ..latex.scope import AbstractFunction, Family, Scope
from ..model.notation import Domain, Role
from .context import Context, read_enum, read_formula, read_int, read_text, scope_key, table_entries
from .costs import check_entries

#: Most arguments a declared function takes (f(x), T(x, y), s(q, u, i)).
MAX_ARGUMENTS = 8


def read_functions(spec: dict, scope: Scope, context: Context, symbol_name) -> Scope:
    """``scope`` with every ``[[function]]`` bound and the declared points marked;
    ``symbol_name`` makes the SymPy name of a declared LaTeX name."""
    builder = context.builder
    for entry in table_entries(spec, "function", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        arguments = read_int(entry, "arguments", context)
        if not 1 <= arguments <= MAX_ARGUMENTS:
            raise context.fail(f"function {name}: arguments is a number of data points, 1 … "
                               f"{MAX_ARGUMENTS}", ("arguments",))
        shape = tuple(read_formula(s, scope, context) for s in entry.get("shape", ()))
        if len(shape) > 1:
            raise context.fail(f"function {name}: shape = ['d'] makes its values vectors of d "
                               "components; a matrix value is not read", ("shape",))
        check_entries(name, shape, context.largest, context, ("shape",))
        role = read_enum(Role, entry.get("role", "value"), context, origin)   # value, embedding, unit or point: the schema
        if role in (Role.EMBEDDING, Role.UNIT) and not shape:
            raise context.fail(f"function {name}: role '{role.value}' is for vector values; give "
                               "shape = ['d']", ("role",))
        if role is Role.POINT and shape:
            raise context.fail(f"function {name}: role 'point' makes its values data points, which have "
                               "no components; drop shape", ("shape",))
        earlier = scope.lookup(name)
        if isinstance(earlier, AbstractFunction) and earlier.with_arguments(arguments) is not None:
            raise context.fail(f"function {name} is declared twice with {arguments} argument"
                               f"{'s' * (arguments != 1)}", ("arguments",))
        overloaded = isinstance(earlier, AbstractFunction) and "symbol" not in entry
        symbol = entry.get("symbol") or symbol_name(name) + (f"__{arguments}" if overloaded else "")
        domain = read_enum(Domain, entry.get("domain", "real"), context, origin)
        if role is Role.POINT and "domain" in entry:
            raise context.fail(f"function {name}: role 'point' makes its values data points, which have "
                               "no domain; drop domain", ("domain",))
        latex = entry.get("display", name)
        function = builder.function(symbol, arguments, shape, domain, role=role, latex=latex, origin=origin)
        parameters = None
        if role in (Role.VALUE, Role.EMBEDDING) and domain.values is None:
            # the function sampled when it is applied to values (model.value_functions)
            parameters = builder.function(symbol + "__parameters", arguments, (), Domain.REAL,
                                          latex="θ^(%s)" % latex, origin=origin, parameters_of=latex)
        understood = tuple(entry.get("understood", ()))
        if len(understood) > arguments:
            raise context.fail(f"function {name}: understood names {len(understood)} arguments, and it takes "
                               f"{arguments}", ("understood",))
        for written in understood:      # the parameters left out are names the notation declares
            if scope.lookup(scope_key(written)) is None:
                raise context.fail(f"function {name}: understood '{written}' is not a declared name (declare it "
                                   "above the function)", ("understood",))
        found = AbstractFunction(name, function, arguments, shape[0] if shape else None,
                                 parameters=parameters, domain=domain.value, role=role.value, understood=understood)
        if isinstance(earlier, AbstractFunction):
            # one letter, two functions told apart by the number of arguments a use writes
            found = replace(earlier, overloads=earlier.overloads + (found,))
        scope = scope.bind(name, found)
    return replace(scope, points=frozenset(_points(scope, builder.points()) | builder.point_functions()))


def _points(scope: Scope, declared) -> set:
    """The symbols and family bases of role ``point`` that the scope binds."""
    found = set()
    for meaning in scope.names.values():
        symbol = meaning.base if isinstance(meaning, Family) else meaning
        if isinstance(symbol, (sp.Symbol, sp.IndexedBase)) and symbol in declared:
            found.add(symbol)
    return found


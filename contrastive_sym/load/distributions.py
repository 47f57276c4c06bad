r"""``[[distribution]]``: the distributions a document draws its points from
(``p`` over ``x`` and ``c``, ``p_{pos}`` over pairs), for densities ``p(x \mid c)``,
expectations ``\mathbb{E}_{x \sim p}`` and sums ``\sum_{x, c}`` over every value."""
from __future__ import annotations

from ..latex.scope import Distribution, Family, Scope
from .context import Context, read_text, table_entries

#: Most coordinates of one distribution: its table has (points + 1)^coordinates cells.
MAX_COORDINATES = 4


def read_distributions(spec: dict, scope: Scope, context: Context, symbol_name) -> Scope:
    """``scope`` with every ``[[distribution]]`` bound; ``symbol_name`` makes the SymPy
    name of a declared LaTeX name."""
    for entry in table_entries(spec, "distribution", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        written = entry.get("of") or []
        if not 1 <= len(written) <= MAX_COORDINATES:
            raise context.fail(f"distribution {name}: 'of' lists the points it draws, 1 … "
                               f"{MAX_COORDINATES} declarations of role \"point\"", ("of",))
        coordinates = []
        for point in written:
            meaning = scope.lookup(point)
            symbol = meaning.base if isinstance(meaning, Family) else meaning
            if symbol not in scope.points:
                raise context.fail(f"distribution {name}: {point!r} in 'of' is not a declared point "
                                   "(a [[scalar]] or [[family]] with role = \"point\")", ("of",))
            if symbol in coordinates:
                raise context.fail(f"distribution {name}: {point!r} is listed twice in 'of'", ("of",))
            coordinates.append(symbol)
        decl = context.builder.distribution(entry.get("symbol") or symbol_name(name), coordinates,
                                            latex=name, origin=origin)
        scope = scope.bind(name, Distribution(name, decl.tag, tuple(coordinates), tuple(written)))
    return scope


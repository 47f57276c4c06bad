r"""``[[distribution]]``: the distributions a document draws its points from
(``p`` over ``x`` and ``c``, ``p_{pos}`` over pairs), for densities ``p(x \mid c)``,
expectations ``\mathbb{E}_{x \sim p}`` and sums ``\sum_{x, c}`` over every value; and the
distributions of indices (``of`` an ``[[index]]``, perhaps ``given`` another: ``p_u^+``)."""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp

from ..latex.scope import Distribution, Family, Scope, form_key
from ..latex.translate.draws import IndexDistribution
from ..model.notation import Domain
from .context import Context, read_formula, read_text, scope_key, table_entries

#: Most coordinates of one distribution: its table has (points + 1)^coordinates cells.
MAX_COORDINATES = 4


def read_distributions(spec: dict, scope: Scope, context: Context, symbol_name) -> Scope:
    """``scope`` with every ``[[distribution]]`` bound; ``symbol_name`` makes the SymPy
    name of a declared LaTeX name."""
    # the points declared value_of another here, and those of the notation this one extends
    # (a section's distribution over Y draws the y the document declared value_of Y)
    added = _point_aliases(spec, scope, context)
    aliases = scope.point_aliases + added
    scope = _drawing_too(replace(scope, point_aliases=aliases), added, context)
    for entry in table_entries(spec, "distribution", context):
        name = read_text(entry, "name", context)
        origin = context.locator.origin(name)
        written = entry.get("of") or []
        if written and scope.index_range(scope.lookup(written[0])) is not None or "given" in entry:
            scope = _index_distribution(entry, name, written, scope, context, symbol_name)
            continue
        if "marginal_of" in entry:
            scope = _marginal(entry, name, written, scope, context)
            continue
        if not 1 <= len(written) <= MAX_COORDINATES:
            raise context.fail(f"distribution {name}: 'of' lists the points it draws, 1 … "
                               f"{MAX_COORDINATES} declarations of role \"point\"", ("of",))
        coordinates = []
        for point in written:
            meaning = scope.lookup(point)
            symbol = meaning.base if isinstance(meaning, Family) else meaning
            if symbol not in scope.points:
                raise context.fail(f"distribution {name}: {point!r} in 'of' is not a declared point "
                                   "(a [[scalar]] or [[family]] with role = \"point\"), nor a declared "
                                   "[[index]] (first and alone)", ("of",))
            if symbol in coordinates:
                raise context.fail(f"distribution {name}: {point!r} is listed twice in 'of'", ("of",))
            if symbol in dict(aliases):
                raise context.fail(f"distribution {name}: {point!r} is declared value_of another point: list "
                                   "that point in 'of' (its coordinate), and the distribution draws both",
                                   ("of",))
            coordinates.append(symbol)
        drawn_too = tuple((alias, coordinate) for alias, coordinate in aliases if coordinate in coordinates)
        mixture = _mixture(entry, name, coordinates, scope, context) if "mixture" in entry else ()
        markov = entry.get("markov") is True
        if markov and (len(coordinates) < 3 or mixture):
            raise context.fail(f"distribution {name}: markov = true is a chain of three points or more (X -> Y -> Z, "
                               "in the order 'of' lists them), with a table of its own (not a mixture)", ("markov",))
        decl = context.builder.distribution(entry.get("symbol") or symbol_name(name), coordinates,
                                            latex=name, origin=origin, aliases=drawn_too, mixture=mixture,
                                            discrete=entry.get("discrete") is True, markov=markov)
        distribution = Distribution(name, decl.tag, tuple(coordinates), tuple(written), aliases=drawn_too)
        scope = _with_measure(entry, name, scope.bind(name, distribution), distribution, context)
    return scope


def _marginal(entry: dict, name: str, written: list, scope: Scope, context: Context) -> Scope:
    r"""``scope`` with ``name`` bound to the marginal of a declared distribution on some of its
    coordinates (P_X of P_{XZ}): the same table, so P_X(x) and \mathbb{E}_{P_X} are P_{XZ}'s
    marginal at x, and \mathbb{E}_{P_X P_Z} the product of the marginals."""
    beside = sorted(set(entry) & {"mixture", "discrete", "given", "symbol", "markov"})
    if beside:
        raise context.fail(f"distribution {name}: a marginal is its distribution's table; {beside[0]!r} is that "
                           "distribution's to declare", (beside[0],))
    parent = scope.lookup(read_text(entry, "marginal_of", context))
    if not isinstance(parent, Distribution) or isinstance(parent, IndexDistribution):
        raise context.fail(f"distribution {name}: marginal_of names no [[distribution]] of points declared above",
                           ("marginal_of",))
    coordinates = []
    for point in written:
        meaning = scope.lookup(point)
        symbol = meaning.base if isinstance(meaning, Family) else meaning
        if symbol not in parent.coordinates or symbol in coordinates:
            raise context.fail(f"distribution {name}: {point!r} in 'of' is not one of the coordinates of "
                               f"{parent.name} ({', '.join(parent.written)}), each once", ("of",))
        coordinates.append(symbol)
    if not coordinates or len(coordinates) == len(parent.coordinates):
        raise context.fail(f"distribution {name}: a marginal draws some of the coordinates of {parent.name} "
                           f"({', '.join(parent.written)}), not none and not all", ("of",))
    aliases = tuple(pair for pair in parent.aliases if pair[1] in coordinates)
    marginal = Distribution(name, parent.tag, tuple(coordinates), tuple(written), aliases=aliases)
    return _with_measure(entry, name, scope.bind(name, marginal), marginal, context)


def _drawing_too(scope: Scope, added: tuple, context: Context) -> Scope:
    """``scope`` with each distribution declared before (a section's notation extends the
    document's) drawing the points declared here value_of one of its coordinates: a section's y
    value_of Y is drawn by the p over (X, Y) declared at the top, as the reverse already holds."""
    for key, meaning in list(scope.names.items()):
        if not isinstance(meaning, Distribution):
            continue
        new = tuple(pair for pair in added if pair[1] in meaning.coordinates and pair not in meaning.aliases)
        if new:
            context.builder.draws_too(meaning.tag, new)
            scope = scope.bind(key, replace(meaning, aliases=meaning.aliases + new))
    return scope


def _with_measure(entry: dict, name: str, scope: Scope, distribution: Distribution, context: Context) -> Scope:
    r"""``scope`` with the distribution also bound to the letter of its measure (``measure = 'P'`` of
    the density p: a document writes \mathrm{KL}(P \| Q) of the measures whose densities it writes
    p(x), q(x)); a letter that already names something is an error."""
    if "measure" not in entry:
        return scope
    measure = read_text(entry, "measure", context)
    if measure == name or scope.lookup(measure) is not None:
        raise context.fail(f"distribution {name}: measure {measure!r} already names something: the measure's "
                           "letter is another than the density's and declared nowhere else", ("measure",))
    return scope.bind(measure, distribution)


def _mixture(entry: dict, name: str, coordinates: list, scope: Scope, context: Context) -> tuple:
    r"""((component tag, weight), …) of ``mixture = { 'p^+' = '\tau^+', 'p^-' = '\tau^-' }``: p is
    τ^+ p^+ + τ^- p^-, each component a distribution declared above over the same points, the
    weights positive wherever their scalars' domains allow and summing to 1."""
    found, weights = [], []
    for component, written in entry["mixture"].items():
        meaning = scope.lookup(component)
        if not isinstance(meaning, Distribution) or list(meaning.coordinates) != list(coordinates):
            raise context.fail(f"distribution {name}: the mixture's {component!r} is not a [[distribution]] "
                               f"declared above over the same points ({', '.join(entry['of'])})", ("mixture",))
        weight = read_formula(written, scope, context, ("mixture",))
        if not _positive(weight, context):
            raise context.fail(f"distribution {name}: the weight {written!r} of {component} is not positive for "
                               "every value its scalars' domains allow (a class prior is declared in "
                               "domain \"(0, 1)\", and the other weight equals '1 - …')", ("mixture",))
        found.append((meaning.tag, weight))
        weights.append(weight)
    if len(found) < 2 or sp.expand(sp.Add(*weights) - 1) != 0:
        raise context.fail(f"distribution {name}: a mixture has two or more components whose weights sum to 1 "
                           f"(these sum to {sp.Add(*weights)}): declare the last weight with equals = '1 - …'",
                           ("mixture",))
    return tuple(found)


def _positive(weight, context: Context) -> bool:
    """Whether ``weight`` is positive at every value of its scalars: a scalar in (0, 1) is
    written y/(1 + y), y > 0, so that SymPy can tell that 1 − τ^+ is positive."""
    if not isinstance(weight, sp.Expr):
        return False
    unit = {s: sp.Dummy("y", positive=True) for s in weight.free_symbols
            if context.builder.scalar_domain(s) is Domain.PROBABILITY}
    written = sp.factor(sp.together(weight.xreplace({s: y / (1 + y) for s, y in unit.items()})))
    return written.is_positive is True


def declared_point(scope: Scope, written: str, table: str = "scalar", lookup: bool = True):
    """The symbol of the declared point ``written`` (a Symbol, or a family's IndexedBase), as a
    ``[[scalar]]`` or ``[[family]]`` (``table``) declares it; None for anything else.  ``lookup``: found
    as formulas find names (read_as, and counted as used), else by its key alone."""
    meaning = scope.lookup(written) if lookup else scope.names.get(written)
    if table == "family" and not isinstance(meaning, Family):
        # x^-_1 … x^-_N beside the point x^-: the family is bound under its indexed form
        meaning = next((f for f in (scope.names.get(form_key(written, form)) for form in ("subscript", "superscript"))
                        if isinstance(f, Family)), meaning)
    symbol = meaning.base if isinstance(meaning, Family) else meaning
    return symbol if symbol in scope.points else None


def _point_aliases(spec: dict, scope: Scope, context: Context) -> tuple:
    r"""The points declared ``value_of`` another (x^+ and the negatives x^- as values of the
    coordinate x' that a distribution draws): pairs (declaration, coordinate), each symbol
    that of a declared point (a Symbol, or a family's IndexedBase)."""
    pairs = []
    for table in ("scalar", "family"):
        for entry in table_entries(spec, table, context):
            if "value_of" not in entry:
                continue
            name = read_text(entry, "name", context)
            alias, coordinate = declared_point(scope, name, table), declared_point(scope, read_text(entry, "value_of", context))
            if alias is None:
                raise context.fail(f"{table} {name}: value_of goes with role = \"point\" (it says which "
                                   "coordinate of a distribution the point is a value of)", ("value_of",))
            if coordinate is None or coordinate == alias or coordinate in dict(pairs) \
                    or alias in {c for _, c in pairs}:
                raise context.fail(f"{table} {name}: value_of names another declared point (a [[scalar]] or "
                                   "[[family]] with role = \"point\"); a point named by value_of is not itself "
                                   "value_of another", ("value_of",))
            pairs.append((alias, coordinate))
    # the samples x_1 … x_n (or x^{(1)} … x^{(n)}) of a point x are values of x's coordinate:
    # p(x_i) is the density there, and a distribution that draws x draws them
    for entry in table_entries(spec, "family", context):
        name = read_text(entry, "name", context)
        # read from the table, not looked up: a lookup would count as a use of the name
        point = scope.names.get(name)
        samples = [scope.names.get(form_key(name, form)) for form in ("subscript", "superscript")]
        samples = next((f for f in samples if isinstance(f, Family) and f.base in scope.points), None)
        if "value_of" in entry or samples is None or point not in scope.points:
            continue
        pairs.append((samples.base, dict(pairs).get(point, point)))
    return tuple(pairs)


def _index_distribution(entry: dict, name: str, written: list, scope: Scope, context: Context,
                        symbol_name) -> Scope:
    """A distribution over the values of one declared index (``of = ['i']``), one per
    value of the index it is ``given`` (written as a subscript of its name: ``p_u^+``)."""
    origin = context.locator.origin(name)
    if "markov" in entry:
        raise context.fail(f"distribution {name}: markov is a chain of points; a distribution of an index has "
                           "one coordinate", ("markov",))
    ranges = [scope.index_range(scope.lookup(w)) for w in written]
    if len(written) != 1 or ranges[0] is None:
        raise context.fail(f"distribution {name}: a distribution of indices draws one declared [[index]] "
                           "('of' names it alone)", ("of",))
    drawn = scope.lookup(written[0])
    given = entry.get("given", [])
    if len(given) > 1:
        raise context.fail(f"distribution {name}: 'given' names the one index it depends on", ("given",))
    key, coordinates = scope_key(name), [drawn]
    if given:
        letter = given[0].strip()
        depends = scope.lookup(letter)
        if scope.index_range(depends) is None:
            raise context.fail(f"distribution {name}: {letter!r} in 'given' is not a declared [[index]]",
                               ("given",))
        pattern = rf"_(?:\{{{re.escape(letter)}\}}|{re.escape(letter)}(?![a-zA-Z]))"
        if len(re.findall(pattern, key)) != 1:
            raise context.fail(f"distribution {name}: it depends on {letter}, so its name writes {letter} "
                               f"once as a subscript (p_{letter}^+)", ("name",))
        key = re.sub(pattern, "", key)
        if scope.lookup(key) is not None:
            raise context.fail(f"distribution {name}: {key}, its name without the index it is given, is "
                               "declared already", ("name",))
        coordinates = [depends, drawn]
    decl = context.builder.distribution(entry.get("symbol") or symbol_name(name), coordinates,
                                        latex=name, origin=origin)
    lo, hi = ranges[0]
    meaning = IndexDistribution(name, decl.tag, (drawn,), (written[0],), sp.sympify(lo), sp.sympify(hi),
                                given[0].strip() if given else None)
    return scope.bind(key, meaning)

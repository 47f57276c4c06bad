r"""Densities, expectations and sums over every value, written out for one instance.

A statement about distributions holds for every distribution of the declared kind; the
checker takes them finite.  Every point declaration a distribution draws (a coordinate)
gets an alphabet: the points of it that the link names outside the expectations that
bind them (x_1, x_{t+k}, c), plus two points it does not name (``x_⋆1``, ``x_⋆2``), so
that the named points never carry all the probability and an expectation over points
the link does not name still averages over two values (one would make every
expectation a point mass, and E[log f] = log E[f] true).  Each distribution gets a table over the product
of its coordinates' alphabets whose cells have unknown positive weights w(a, b), the
values of a declared positive function that the sampler draws like any other; the
probability of a cell is its weight over the sum of the table.  Then

* ``p(a, b | c)`` is the marginal of the cells agreeing on a, b, c over that on c;
* ``E_{x ~ p}[body]`` is the sum over the alphabet of x of p(x = a)·body(a);
* ``\sum_{x, c} body`` is the sum of body over the alphabets of x and c.

A finite table is a distribution, so a refutation is a genuine counterexample; a
statement that holds for every table sampled is confirmed as any sampled statement is.

A table is also read as a density (``width``): each value of a coordinate is a cell of that
width, so ``p(a, b | c)`` is the probability over width², an integral over x (``PointIntegral``:
an expectation under a density, a divergence) is width times the sum, a sum written over the
values (``\sum_x``) stays a sum, and an expectation is unchanged.  What holds for probabilities and not for
densities (p(x) ≤ 1, an entropy ≥ 0, p(x, c) ≤ p(x)) fails there: the pointwise method then
says that the step needs its points to be discrete (sampling/conditions.py).
Expectations over the values of an index and sums over sampled indices: :mod:`.draws`.
"""
from __future__ import annotations

import itertools
from functools import reduce

import sympy as sp

from ...model.distributions import (DISTRIBUTION_NODES, INDEX_DRAW_NODES, AlphabetSum, Density, Expectation,
                                    IidExpectation, PointIntegral, SampleExpectation, coordinate_index)
from ...model.notation import IndexDecl, Notation
from ..numeric.failures import Unsupported
from .draws import expand_draws

#: Most cells of one distribution's table in one instance (the sampler draws each).
MAX_CELLS = 256


def expand_distributions(exprs: tuple, notation: Notation, width: sp.Expr | None = None, unnamed=2) -> tuple:
    """``exprs`` (the sides of one concrete instance) with every distribution node written
    out over finite alphabets shared by all of them (the points they name and ``unnamed``
    others per coordinate, or per coordinate as ``((name, count), …, (None, count of the
    others))``), as probabilities, or with ``width`` as densities on cells of that width;
    unchanged without such nodes."""
    if not notation.distributions or not any(e.has(*DISTRIBUTION_NODES) for e in exprs):
        return exprs
    if any(e.has(*INDEX_DRAW_NODES) for e in exprs):
        # draws of indices (draws.py) first: their bodies may hold expectations over points
        weights = {decl.tag: decl.weight for decl in notation.distributions}
        exprs = tuple(expand_draws(e, weights) for e in exprs)
        if any(e.has(*INDEX_DRAW_NODES) for e in exprs):
            raise Unsupported("a probability p(k) at an index that no expectation or sum makes concrete")
    exprs = tuple(_write_samples(e) for e in exprs)
    decls, space = _points_space(notation)
    if not decls or not any(e.has(Density, Expectation, AlphabetSum) for e in exprs):
        return exprs
    coordinates = space.coordinates
    named: dict = {c: set() for c in coordinates}
    for expr in exprs:
        _collect(expr, space, named, frozenset())
    # a named point's cell is a symbol of its own while the nodes are written out: the point x
    # named outside E_{x ~ p}[…] is drawn inside it too, and putting each cell for the drawn x
    # into marginals that sum over a cell written x would change that cell as well (capture)
    cells = {point: sp.Dummy(str(point)) for points in named.values() for point in points}
    counts = dict(unnamed) if isinstance(unnamed, tuple) else {None: unnamed}
    alphabets = {c: [cells[p] for p in sorted(points, key=sp.default_sort_key)]
                 + _unnamed(c, counts.get(str(c), counts[None])) for c, points in named.items()}
    tables = {decl.tag: _Table(decl, alphabets) for decl in decls if not decl.mixture}
    for decl in decls:
        if decl.mixture:       # its components are declared before it
            tables[decl.tag] = _Mixture(decl, [(tables[tag], weight) for tag, weight in decl.mixture])
    # the width of a coordinate's cells: 1 (probabilities) where it is discrete
    continuous = _continuous(exprs, notation) if width is not None else set()
    widths = {c: width if c in continuous else sp.S.One for c in coordinates}
    named_back = {cell: point for point, cell in cells.items()}
    return tuple(_expand(expr, tables, alphabets, space, widths).xreplace(named_back) for expr in exprs)


def point_coordinates(notation: Notation) -> list[str]:
    """The names of the coordinates of the distributions of points (``expand_distributions``'s keys)."""
    return [str(c) for c in _points_space(notation)[1].coordinates] if notation.distributions else []


def over_tables(exprs: tuple, notation: Notation) -> bool:
    """Whether ``exprs`` are over the tables of declared distributions (a density, an expectation, a sum over
    the values of points): written out over alphabets whose size no statement fixes."""
    return bool(notation.distributions) and any(isinstance(e, sp.Basic) and e.has(*DISTRIBUTION_NODES) for e in exprs)


def has_point_densities(exprs: tuple, notation: Notation) -> bool:
    """Whether ``exprs`` hold a density or an integral of points that may have densities,
    whose value differs when they do."""
    if not notation.distributions or not any(isinstance(e, sp.Basic) and e.has(Density, AlphabetSum, SampleExpectation)
                                            for e in exprs):
        return False
    return bool(_continuous(exprs, notation))


def _continuous(exprs: tuple, notation: Notation) -> set:
    """The coordinates that may have densities: drawn by a distribution of points not declared
    discrete, and not summed over by a sum the statement writes over their values (\\sum_x p(x)
    presumes x discrete, as the writer does).  A coordinate that a distribution declared discrete
    draws takes discrete values, under every distribution over it (a second one, q(x), is then a
    table of probabilities too)."""
    decls, space = _points_space(notation)
    summed = {space.of(point) for e in exprs if isinstance(e, sp.Basic)
              for node in sp.preorder_traversal(e) if type(node) is AlphabetSum for point in node.args[1].args}
    discrete = {c for d in decls if d.discrete for c in d.coordinates}
    return {c for d in decls if not d.discrete for c in d.coordinates} - summed - discrete


def _points_space(notation: Notation) -> tuple[list, "_Space"]:
    """The distributions of points (a distribution of indices has index coordinates, and no
    alphabet of points) and the space of their coordinates."""
    decls = [d for d in notation.distributions
             if not any(isinstance(notation.lookup(c), IndexDecl) for c in d.coordinates)]
    coordinates, aliases = [], []
    for decl in decls:
        coordinates += [c for c in decl.coordinates if c not in coordinates]
        aliases += [a for a in decl.aliases if a not in aliases]
    return decls, _Space(coordinates, tuple(aliases))


class _Space:
    """The coordinates of every distribution of one instance, with the points declared as
    values of one of them (``value_of``)."""

    def __init__(self, coordinates: list, aliases: tuple):
        self.coordinates, self.aliases = coordinates, aliases

    def of(self, point: sp.Basic):
        """The coordinate ``point`` is a value of, or None."""
        position = coordinate_index(self.coordinates, point, self.aliases)
        return None if position is None else self.coordinates[position]


def _write_samples(expr: sp.Basic) -> sp.Basic:
    """Each expectation over a sample set written with the nodes below, its size now a
    number: E_X[body] = Σ_{x_1} p(x_1 | c) · E_{x_2 ~ p} … E_{x_N ~ p}[body]."""
    if not isinstance(expr, sp.Basic) or not expr.has(SampleExpectation, IidExpectation):
        return expr
    if isinstance(expr, IidExpectation):
        body, members, lo, hi, tag = expr.args
        if not (lo.is_Integer and hi.is_Integer):
            raise Unsupported(f"a draw of the entries {lo} … {hi}")
        inner = _write_samples(body)
        for m in range(int(hi), int(lo) - 1, -1):     # none when hi < lo: nothing is drawn
            # a record (x_m, y_m) of several families is one joint draw
            drawn = sp.Tuple(*(b[m] for b in members)) if isinstance(members, sp.Tuple) else sp.Tuple(members[m])
            inner = Expectation(inner, drawn, tag)
        return inner
    if isinstance(expr, SampleExpectation):
        body, members, count, context, tag, *apart = expr.args
        if not count.is_Integer or count < (0 if apart else 1):
            raise Unsupported(f"a sample of {count} members")
        place = apart[0].indices[0] if apart and isinstance(apart[0], sp.Indexed) and apart[0].base == members else None
        if place is not None:
            # the positive at the place the document writes it (x_{t+k}), the other members the negatives
            if not (place.is_Integer and 1 <= place <= count):
                raise Unsupported(f"the positive at place {place} of a sample of {count} members")
            after = IidExpectation(body, members, place + 1, count, tag)
            negatives = _write_samples(IidExpectation(after, members, 1, place - 1, tag))
            positive = apart[0]
        else:
            # the negatives, each from the marginal: members 2 … N, or with a positive of its own
            # every member 1 … N
            negatives = _write_samples(IidExpectation(body, members, 1 if apart else 2, count, tag))
            positive = apart[0] if apart else members[1]
        return PointIntegral(Density(tag, sp.Tuple(positive), sp.Tuple(context)) * negatives, sp.Tuple(positive))
    return expr.func(*(_write_samples(arg) for arg in expr.args))


def _unnamed(coordinate: sp.Basic, count: int) -> list[sp.Symbol]:
    """``count`` points of a coordinate that the statement does not name."""
    label = coordinate.label if isinstance(coordinate, sp.IndexedBase) else coordinate
    return [sp.Symbol(f"{label}_⋆{n}") for n in range(1, count + 1)]


def _collect(expr: sp.Basic, space: _Space, named: dict, bound: frozenset) -> None:
    """Add to ``named`` every point of a coordinate that ``expr`` names outside the
    expectations and sums that bind it."""
    if isinstance(expr, (Expectation, AlphabetSum)):
        body, drawn = expr.args[0], expr.args[1]
        _collect(body, space, named, bound | set(drawn.args))
        return
    if isinstance(expr, (sp.Symbol, sp.Indexed)):
        coordinate = space.of(expr)
        if coordinate is not None and expr not in bound:
            named[coordinate].add(expr)
        if isinstance(expr, sp.Indexed):
            return
    for arg in expr.args:
        _collect(arg, space, named, bound)


class _Table:
    """One distribution over finite alphabets: its cells' weights and their total."""

    def __init__(self, decl, alphabets: dict):
        self.decl = decl
        self.alphabets = [alphabets[c] for c in decl.coordinates]
        cells = reduce(lambda a, b: a * b, (len(a) for a in self.alphabets), 1)
        if cells > MAX_CELLS:
            raise Unsupported(f"the distribution {decl.latex} would have {cells} cells at these sizes "
                              f"(at most {MAX_CELLS} are sampled)")
        self.total = sp.Add(*(decl.cell_weight(*cell) for cell in itertools.product(*self.alphabets)))

    def marginal(self, fixed: dict) -> sp.Expr:
        """The probability that coordinate j takes the value fixed[j], for every j given."""
        choices = [[fixed[j]] if j in fixed else alphabet for j, alphabet in enumerate(self.alphabets)]
        return sp.Add(*(self.decl.cell_weight(*cell) for cell in itertools.product(*choices))) / self.total


class _Mixture:
    """A mixture Σ_c w_c p_c of the tables of its components (the weights sum to 1)."""

    def __init__(self, decl, components: list):
        self.decl, self.components = decl, components
        self.alphabets = components[0][0].alphabets

    def marginal(self, fixed: dict) -> sp.Expr:
        return sp.Add(*(weight * table.marginal(fixed) for table, weight in self.components))


def _expand(expr: sp.Basic, tables: dict, alphabets: dict, space: _Space, widths: dict) -> sp.Basic:
    if not expr.has(*DISTRIBUTION_NODES):
        return expr
    if isinstance(expr, Density):
        tag, args, given = expr.args
        table = tables[tag]
        fixed = _fixed(table, args.args + given.args)
        # a density of points on cells of a width: the probability over the cell's volume
        joint = table.marginal(fixed) / _volume(args.args, space, widths)
        if not given.args:
            return joint
        return joint / table.marginal(_fixed(table, given.args))
    if isinstance(expr, Expectation):
        body, drawn, tag = expr.args
        table = tables[tag]
        body = _expand(body, tables, alphabets, space, widths)
        slots = [table.decl.coordinate_of(point) for point in drawn.args]
        terms = []
        if len(table.alphabets) == 1 and len(drawn.args) > 1:
            # (x, y) ~ p of one coordinate: independent draws over its alphabet
            for values in itertools.product(table.alphabets[0], repeat=len(drawn.args)):
                weight = sp.Mul(*(table.marginal({0: value}) for value in values))
                terms.append(weight * body.xreplace(dict(zip(drawn.args, values))))
            return sp.Add(*terms)
        for values in itertools.product(*(table.alphabets[j] for j in slots)):
            weight = table.marginal(dict(zip(slots, values)))
            terms.append(weight * body.xreplace(dict(zip(drawn.args, values))))
        return sp.Add(*terms)
    if isinstance(expr, AlphabetSum):
        body, drawn = expr.args
        body = _expand(body, tables, alphabets, space, widths)
        choices = [alphabets[space.of(point)] for point in drawn.args]
        # an integral over the points: each cell's value times its volume; a sum written over
        # the values of points (\sum_x) is a sum, which presumes them discrete
        volume = _volume(drawn.args, space, widths) if isinstance(expr, PointIntegral) else sp.S.One
        return volume * sp.Add(*(body.xreplace(dict(zip(drawn.args, values)))
                                 for values in itertools.product(*choices)))
    return expr.func(*(_expand(arg, tables, alphabets, space, widths) for arg in expr.args))


def _volume(points, space: _Space, widths: dict) -> sp.Expr:
    """The volume of the cell of ``points``: the product of their coordinates' widths."""
    return sp.Mul(*(widths.get(space.of(point), sp.S.One) for point in points))


def _fixed(table: _Table, points) -> dict:
    return {table.decl.coordinate_of(point): point for point in points}

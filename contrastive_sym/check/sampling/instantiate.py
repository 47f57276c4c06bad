"""Turn a link with symbolic sizes into concrete instances the numeric methods can sample.

An instance fixes every size (``n = 3``) and free index (``i = 1``), expands sums,
maxima, gradients and derivatives, and strips stop-gradients (their value is their
argument).  Its variables are the scalars and family elements that remain.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.claims import Relation
from ...model.nodes import Cancelled, MaxOver, strip_stop_grad
from ...model.value_functions import ValueCall
from ..numeric import program
from ..numeric.failures import Unsupported
from ...model.binders import fresh_bound_indices
from ...model.empty_ranges import put_in
from ..numeric.indices import inputs_of, var_key
from ...model.distributions import IidExpectation, SampleExpectation
from .distributions import expand_distributions, has_point_densities, over_tables, point_coordinates
from .index_choices import index_assignments, index_ties, symbols_in, used_indices  # noqa: F401 (used_indices: jobs.py)
from .ranges import check_ranges
from ...model.notation import (Domain, FamilyDecl, FunctionDecl, IndexDecl, Notation, Role, ScalarDecl, SizeDecl,
                                written_name)


@dataclass(frozen=True)
class Variable:
    """One real input of a concrete instance."""

    symbol: sp.Basic           # a Symbol or an Indexed element such as g[2]
    name: str                  # how witnesses show it: "g_2", "s_{1,2}", "τ"
    domain: Domain
    role: Role
    family: sp.IndexedBase | sp.FunctionClass | None = None   # sampled with its family's members
    # a class label, or an index of a family of indices: its family's declaration (sampling/labels.py,
    # sampling/index_values.py)
    label: FamilyDecl | None = None
    # an entry of a unit vector: the declaration that gives the vector's length (sampling/unit.py)
    vector: FamilyDecl | FunctionDecl | None = None
    # a parameter θ_k of a function of values: that function's name (model.value_functions)
    parameters_of: str = ""

    @property
    def key(self):
        """How sample points name this variable (cheap to hash, unlike an Indexed)."""
        return var_key(self.symbol)


@dataclass(frozen=True)
class Instance:
    """A link at concrete sizes: each side is a tuple of scalar components."""

    sizes: tuple[tuple[str, int], ...]
    indices: tuple[tuple[str, int], ...]
    lhs: tuple[sp.Expr, ...]
    rhs: tuple[sp.Expr, ...]
    variables: tuple[Variable, ...]
    fixed: tuple[tuple[sp.Symbol, int], ...] = ()
    interpreted: bool = False   # sides kept symbolic, evaluated by .program with `fixed`
    basis: tuple = ()           # for a direction link: the keys of ∇g_1, ∇g_2, …
    # the points' tables read as densities on cells of this width (distributions.py); None:
    # as probabilities
    cell_width: sp.Expr | None = None
    # points of each coordinate that the statement does not name (distributions.py): a number, or
    # ((coordinate, count), …, (None, the count of the others))
    unnamed: int | tuple = 2

    @property
    def subs(self) -> dict:
        return dict(self.fixed)

    def concrete(self) -> tuple[tuple, tuple]:
        """Both sides with sizes and indices substituted and every node expanded."""
        if not self.interpreted:
            return self.lhs, self.rhs
        subs = self.subs
        return (tuple(concretize(e, subs) for e in self.lhs),
                tuple(concretize(e, subs) for e in self.rhs))

    @property
    def label(self) -> str:
        # a size of a [[section]] (N__from199) as the document writes it
        parts = [f"{written_name(str(k))}={v}" for k, v in self.sizes + self.indices]
        if self.cell_width is not None:
            parts.append(f"densities on cells of width {self.cell_width}")
        if isinstance(self.unnamed, tuple):
            counts = dict(self.unnamed)
            parts.append(", ".join(f"{counts[c]} points of {c}" for c in counts if c is not None)
                         + f" and {counts[None]} of each other coordinate that no statement names")
        elif self.unnamed != 2:
            parts.append(f"{self.unnamed} points of each coordinate that no statement names")
        return ", ".join(parts) if parts else "(no sizes)"

    @property
    def weight(self) -> tuple:
        """Instances are tried smallest first, probabilities before densities: witnesses come
        out small, and a failure of probabilities is named before one of densities."""
        return (self.cell_width is not None,), tuple(v for _, v in self.sizes), tuple(v for _, v in self.indices)


def used_sizes(exprs, notation: Notation) -> list[SizeDecl]:
    """Sizes an expression depends on, directly or through the shapes of its families and
    the ranges of its indices."""
    found: dict[sp.Symbol, SizeDecl] = {}
    pending = list(exprs)
    seen_families = set()
    while pending:
        expr = pending.pop()
        applications = expr.atoms(AppliedUndef) if isinstance(expr, sp.Basic) else set()
        for sym in symbols_in(expr) | applications:
            decl = notation.lookup(sym)
            if isinstance(decl, SizeDecl):
                found[decl.symbol] = decl
            elif isinstance(decl, FamilyDecl) and decl.base not in seen_families:
                seen_families.add(decl.base)
                pending.extend(decl.shape + (decl.values or ()))     # a family of indices: its range too
            elif isinstance(decl, IndexDecl):
                pending.extend((decl.lo, decl.hi))
            elif isinstance(decl, FunctionDecl) and decl.shape and decl.function not in seen_families:
                # g(x)_2 of a function whose values have K components: it exists where K ≥ 2 (ranges.py)
                seen_families.add(decl.function)
                pending.extend(decl.shape)
    return sorted(found.values(), key=lambda d: d.symbol.name)


def size_assignments(sizes: list[SizeDecl], overrides: dict, limit: int) -> list[dict]:
    """Concrete sizes to check: all combinations when few, otherwise the smallest one,
    each size varied alone, and the largest one."""
    values = [overrides.get(s.symbol, s.checked) for s in sizes]
    combos = list(itertools.product(*values))
    if len(combos) > limit:
        smallest = tuple(v[0] for v in values)
        chosen = [smallest]
        for pos, vals in enumerate(values):
            for v in vals[1:]:
                c = list(smallest)
                c[pos] = v
                chosen.append(tuple(c))
        chosen.append(tuple(v[-1] for v in values))
        combos = list(dict.fromkeys(chosen))[:limit]
    return [{s.symbol: v for s, v in zip(sizes, combo)} for combo in combos]


_CONCRETE: dict = {}

#: longest sum with a k ≠ i written out term by term before SymPy expands the others
_WRITTEN_OUT = 4096


def _sums_written_out(expr: sp.Basic) -> sp.Basic:
    """Each sum Σ_{k=lo}^{hi} (1 − δ_{k,i}) f_k (and each product that holds one) with
    whole-number limits written term by term, the indicator settled in each: SymPy's
    ``doit`` sums the delta apart into Σ_k f_k − f_i, a difference no precision resolves
    when f_i outweighs the rest by e^{10^600} (exp(−d/σ²) at σ = 10^-300), and the quotient
    over it was called undefined; a product over k of such a sum was left unevaluated.
    A sum over a function of values (model/value_functions.py) is written out too: SymPy's
    ``doit`` tries partial fractions on its expanded body, which took minutes for
    sim(g(h_i), g(h_k)) summed over k at two terms."""
    if not isinstance(expr, sp.Basic) or not expr.args or not expr.has(sp.KroneckerDelta, ValueCall):
        return expr
    args = [_sums_written_out(a) for a in expr.args]
    if isinstance(expr, (sp.Sum, sp.Product)):
        body, limits = args[0], list(expr.limits)
        combine = sp.Add if isinstance(expr, sp.Sum) else sp.Mul
        # Sum(f, (l, …), (k, …)) is Σ_k Σ_l f: the innermost limit first
        while limits and limits[0][1].is_Integer and limits[0][2].is_Integer \
                and 0 <= limits[0][2] - limits[0][1] < _WRITTEN_OUT:
            k, lo, hi = limits.pop(0)
            body = combine(*[put_in(body, {k: sp.Integer(v)}) for v in range(int(lo), int(hi) + 1)])
        return expr.func(body, *limits) if limits else body
    return expr.func(*args) if args != list(expr.args) else expr


def _dependent_sums_written_out(expr: sp.Basic) -> sp.Basic:
    """Sums ``doit`` leaves whole though their outer range is concrete: one whose inner range
    depends on the outer index (Σ_{k=1}^{2} Σ_{l=1}^{k} a_l stays a Sum, and SymPy counts a_l
    among its free symbols), written out term by term from the outside in."""
    def concrete_outside(e) -> bool:
        return isinstance(e, (sp.Sum, sp.Product)) and e.limits[-1][1].is_Integer \
            and e.limits[-1][2].is_Integer and -1 <= e.limits[-1][2] - e.limits[-1][1] < _WRITTEN_OUT

    def written_out(e):
        (k, lo, hi), inner = e.limits[-1], e.func(e.function, *e.limits[:-1])
        combine = sp.Add if isinstance(e, sp.Sum) else sp.Mul
        return combine(*[put_in(inner, {k: sp.Integer(v)}).doit() for v in range(int(lo), int(hi) + 1)])
    while expr.has(sp.Sum, sp.Product) and any(concrete_outside(e) for e in sp.preorder_traversal(expr)):
        expr = expr.replace(concrete_outside, written_out)
    return expr


def concretize(expr: sp.Basic, subs: dict) -> sp.Basic:
    """Substitute sizes and indices, expand every node, and strip stop-gradients.

    Memoised: the steps of a chain share their expressions.
    """
    key = (expr, tuple(sorted(subs.items(), key=lambda kv: kv[0].name)))
    found = _CONCRETE.get(key)
    if found is None:
        # xreplace reaches into bound indices: rename those that shadow first.
        found = fresh_bound_indices(sp.sympify(expr), subs)
        # (a side that is a size alone, N, becomes the Python int of the size: sympified); put in
        # from the leaves up: a product the values make empty (∏_{k=1}^{i-1} at i = 1) is 1 before
        # anything around it is built (model/empty_ranges.py)
        found = sp.sympify(put_in(found, subs)) if subs else found
        written = strip_stop_grad(found)
        found = _dependent_sums_written_out(strip_stop_grad(_sums_written_out(found).doit()))
        # what the sums written out cancelled (Σ_m w_m² / Σ_k w_k² is 1 once both are written):
        # the points where the written quotient is undefined are kept (model/definedness.py)
        if isinstance(found, sp.Expr) and not isinstance(found, sp.MatrixBase):
            found = _cancelled_by_writing_out(found, written)
        if len(_CONCRETE) > 20_000:
            _CONCRETE.clear()
        _CONCRETE[key] = found
    return found


def _cancelled_by_writing_out(found: sp.Expr, written: sp.Expr) -> sp.Expr:
    """``found`` (``written`` with its sums written out) kept undefined where a denominator of
    ``written`` that it no longer has is 0.  A denominator written with an index some sum or
    maximum binds (an integer symbol left after the sizes and free indices were put in) means
    nothing outside it, and derivatives' are at their points: not kept."""
    lost = []
    for node in sp.preorder_traversal(written):
        if isinstance(node, (sp.Derivative, sp.Subs)):
            return found
        if isinstance(node, sp.Pow) and node.exp.is_negative and not node.base.is_number \
                and not node.base.is_nonzero and not any(s.is_integer for s in node.base.free_symbols) \
                and not found.has(node) and node.base not in lost:
            lost.append(node.base)
    # each written out as the value is (a sum over k ≠ i term by term: _sums_written_out)
    return Cancelled(found, *[_dependent_sums_written_out(_sums_written_out(sp.sympify(b)).doit())
                              for b in lost]) if lost else found


def components(expr: sp.Basic) -> tuple[sp.Expr, ...]:
    if isinstance(expr, sp.MatrixBase):
        return tuple(expr)
    return (expr,)


def variables_of(exprs, notation: Notation) -> tuple[Variable, ...]:
    # the values f(x) of a declared function are variables; their points x are not
    return variables_from(set().union(*(inputs_of(e) for e in exprs)) if exprs else set(), notation)


def variables_from(symbols, notation: Notation) -> tuple[Variable, ...]:
    found = {}
    for sym in symbols:
        decl = notation.lookup(sym)
        if isinstance(sym, sp.Indexed) and isinstance(decl, FamilyDecl) and decl.role is not Role.POINT:
            found[sym] = Variable(sym, notation.display(sym), decl.domain, decl.role, decl.base,
                                  decl if decl.role in (Role.LABEL, Role.INDEX) else None,
                                  decl if decl.role is Role.UNIT else None)
        elif isinstance(decl, ScalarDecl) and sym == decl.symbol and decl.role is not Role.POINT:
            found[sym] = Variable(sym, notation.display(sym), decl.domain, decl.role)
        elif isinstance(sym, AppliedUndef) and isinstance(decl, FunctionDecl) and decl.role is not Role.POINT:
            # one group per function: its values are sampled together, ties included
            found[sym] = Variable(sym, notation.display(sym), decl.domain, decl.role, decl.function,
                                  vector=decl if decl.role is Role.UNIT else None,
                                  parameters_of=decl.parameters_of)
    return tuple(sorted(found.values(), key=lambda v: sp.default_sort_key(v.symbol)))


def direction_coefficients(expr: sp.Expr, directions) -> tuple[sp.Expr, ...]:
    """The coefficients of a gradient ``Σ_k c_k ∇g_k`` on the directions ``∇g_k``."""
    return tuple(sp.diff(expr, d) for d in directions)


_INSTANCES: dict = {}


def instantiate(lhs: sp.Basic, rhs: sp.Basic, relation: Relation, notation: Notation,
                overrides: dict | None = None, limit: int = 8, conditions: tuple = ()) -> list[Instance]:
    """Every concrete instance of ``lhs relation rhs`` that the checker samples (memoised).  The sizes
    and indices of ``conditions`` (the predicates of the claim's given) are assigned too: p of
    ``p \\in P(i)`` beside a link that writes no p."""
    overrides = overrides or {}
    key = (lhs, relation, rhs, notation.fingerprint, tuple(sorted((k.name, v) for k, v in overrides.items())), limit,
           conditions)
    if key not in _INSTANCES:
        if len(_INSTANCES) > 5_000:
            _INSTANCES.clear()
        _INSTANCES[key] = _instantiate(lhs, rhs, relation, notation, overrides, limit, conditions)
    return list(_INSTANCES[key])


#: the widths of the cells on which a table of points is also read as densities
CELL_WIDTHS = (sp.Rational(1, 1000), sp.Integer(1000))


def _expanded(concrete: tuple, relation, notation, size_values: dict, labels: dict, width,
              unnamed: int | tuple = 2) -> Instance:
    """The instance of both sides with the distributions written out over one set of
    alphabets (as densities on cells of ``width``, or as probabilities when it is None)."""
    left, right = expand_distributions(concrete, notation, width, unnamed)
    if sp.Tuple(left, right).has(MaxOver):
        # its members depend on the labels, which only the compiled programs read
        raise Unsupported("a maximum over a set defined by a condition, beside a probability or a "
                          "function of points")
    check_ranges(sp.Tuple(left, right).atoms(sp.Indexed, AppliedUndef), notation, size_values)
    if relation is Relation.SAME_DIRECTION:
        directions = sorted(
            {v.symbol for v in variables_of((left, right), notation) if v.role is Role.DIRECTION},
            key=sp.default_sort_key)
        left_c = direction_coefficients(left, directions)
        right_c = direction_coefficients(right, directions)
    else:
        left_c, right_c = components(left), components(right)
    return Instance(lhs=left_c, rhs=right_c, variables=variables_of(left_c + right_c, notation),
                    cell_width=width, unnamed=unnamed, **labels)


def _instantiate(lhs, rhs, relation, notation, overrides, limit, conditions=()) -> list[Instance]:
    exprs = (lhs, rhs)
    sizes = used_sizes(exprs + conditions, notation)
    indices = used_indices(exprs + conditions, notation)
    instances = []
    interpretable = program.supports(lhs) and program.supports(rhs)
    ties = index_ties(exprs + conditions, indices)
    for size_values in size_assignments(sizes, overrides, limit):
        for index_values in index_assignments(indices, size_values, ties):
            subs = {**size_values, **index_values}
            labels = dict(sizes=tuple((s.name, v) for s, v in size_values.items()),
                          indices=tuple((s.name, v) for s, v in index_values.items()),
                          fixed=tuple(subs.items()))
            if interpretable:
                left, right = program.program_set((lhs,), subs), program.program_set((rhs,), subs)
                check_ranges(left.symbols + right.symbols, notation, size_values)
                variables = variables_from(left.symbols + right.symbols, notation)
                basis = ()
                if relation is Relation.SAME_DIRECTION:
                    # The directions ∇g_k are not sampled: each side is read as its coefficients.
                    basis = tuple(sorted({v.key for v in variables if v.role is Role.DIRECTION}, key=str))
                    variables = tuple(v for v in variables if v.role is not Role.DIRECTION)
                instances.append(Instance(lhs=(lhs,), rhs=(rhs,), interpreted=True, basis=basis,
                                          variables=variables, **labels))
                continue
            concrete = (concretize(lhs, subs), concretize(rhs, subs))
            # probabilities, then (where a density's value depends on it) densities on narrow and
            # on wide cells: what holds only for probabilities fails at one of them.  At the first
            # choice of sizes only: what fails for densities fails at any size, and each reading
            # costs as much as the probabilities' (a sample expectation's tables grow with N)
            first = not any(i.cell_width is not None for i in instances)
            widths = (None,) + (CELL_WIDTHS if first and has_point_densities(concrete, notation) else ())
            for width in widths:
                instances.append(_expanded(concrete, relation, notation, size_values, labels, width))
    instances.sort(key=lambda inst: inst.weight)
    return instances


#: the orders, and equality: a bound can fail only beside three values of a coordinate (InfoNCE ≤ (1/2) log K
#: at K = 2), and so can an identity (E[1/p(x)] = 2 is the number of values: 2 beside two, 3 beside three)
_ORDERS = (Relation.EQ, Relation.LT, Relation.LE, Relation.GT, Relation.GE)
#: the most variables an instance may have to be tried again so (its tables and functions of two
#: unnamed points); an instance over a sample set of N members is not (written out again it costs seconds)
_WIDENED = 12
#: a bound on how many values a point takes (H(X) ≤ log 2, I(X; Y) ≤ 1.1) fails only beside more values of one
#: point, or of two: each coordinate in turn with _ONE_WIDE unnamed points (the others with one), each pair of one
#: distribution with _PAIR_WIDE, at an instance of sizes of at most _ONE_WIDE_SIZE; the most variables of one
_ONE_WIDE, _PAIR_WIDE, _ONE_WIDE_SIZE, _ONE_WIDE_VARIABLES = 6, 4, 4, 40


def wider_alphabets(instances: list[Instance], lhs, rhs, relation, notation: Notation,
                    failing_sizes: frozenset = frozenset(), every_coordinate: bool = True) -> list[Instance]:
    """For an order or an equality between sides over distributions: the smallest instance of probabilities at
    sizes not in ``failing_sizes`` with many values of each point and each pair in turn, and (``every_coordinate``)
    each small instance of probabilities at sizes of at most 2 again, with three points of each coordinate that
    the statement does not name (none where that makes a table of too many cells).  Tried only for a violation
    that two such points hide (methods/pointwise.py); what holds there is no evidence of its own."""
    if relation not in _ORDERS or not notation.distributions:
        return []
    found = _one_coordinate_wider(instances, lhs, rhs, relation, notation, failing_sizes)
    for instance in instances if every_coordinate else ():
        if any(v > 2 for _, v in instance.sizes) or len(instance.variables) > _WIDENED:
            continue
        again = _again(instance, lhs, rhs, relation, notation, (SampleExpectation,))
        if again is not None:
            found += again([3])
    return found


def _again(instance: Instance, lhs, rhs, relation, notation: Notation, not_over: tuple):
    """A function from counts of unnamed points (``expand_distributions``'s ``unnamed``) to the instance of
    probabilities ``instance`` written out again with them (none where that is not evaluated); None for an
    instance not over tables of probabilities, or over one of the nodes ``not_over``."""
    if instance.interpreted or instance.cell_width is not None:
        return None
    subs = instance.subs
    concrete = (concretize(lhs, subs), concretize(rhs, subs))
    if not over_tables(concrete, notation) or any(isinstance(e, sp.Basic) and e.has(*not_over) for e in concrete):
        return None
    sizes = {s: v for s, v in subs.items() if s.name in dict(instance.sizes)}
    labels = dict(sizes=instance.sizes, indices=instance.indices, fixed=instance.fixed)

    def written_out(each: list) -> list[Instance]:
        found = []
        for unnamed in each:
            try:
                found.append(_expanded(concrete, relation, notation, sizes, labels, None, unnamed=unnamed))
            except Unsupported:
                continue
        return found
    return written_out


def _one_coordinate_wider(instances: list[Instance], lhs, rhs, relation, notation: Notation,
                          failing_sizes: frozenset) -> list[Instance]:
    """The smallest instance of probabilities at sizes not in ``failing_sizes`` (those that fail already), each
    coordinate in turn with _ONE_WIDE points that the statement does not name and the others with one, and
    each pair of coordinates of one distribution with _PAIR_WIDE: a point of many values, as a bound on how
    many it takes needs (a uniform X of six values has H(X) = log 6; I(X; Y) ≤ log 2 fails beside X and Y of
    four values each, each the function of the other).  Not over draws of several members (written out,
    their terms grow as a power of the values)."""
    coordinates = point_coordinates(notation)
    pairs = sorted({pair for d in notation.distributions for pair in itertools.combinations(
        [str(c) for c in d.coordinates if str(c) in coordinates], 2)})
    counts = [((c, _ONE_WIDE), (None, 1)) for c in coordinates] + \
        [((a, _PAIR_WIDE), (b, _PAIR_WIDE), (None, 1)) for a, b in pairs]
    for instance in sorted(instances, key=lambda i: i.weight):
        if instance.sizes in failing_sizes or any(v > _ONE_WIDE_SIZE for _, v in instance.sizes):
            continue
        again = _again(instance, lhs, rhs, relation, notation, (SampleExpectation, IidExpectation))
        if again is not None:
            return [wide for wide in again(counts) if len(wide.variables) <= _ONE_WIDE_VARIABLES]
    return []

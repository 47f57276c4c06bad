"""Conditions a document did not state but a step needs.

A step that fails only at degenerate points is ``conditional``, and the condition is
named.  The candidates are generic, derived from where the failures are:

* every failure is at the smallest value of a size (``n = 1``): the step needs ``n ≥ 2``;
* every failure has tied values in one family (``s_{1,1} = s_{1,2}``), and breaking the
  ties makes the step hold: the step needs distinct values;
* the step is undefined at some points of the stated domain (``log(-v)`` with
  ``v ∈ ℝ``): it needs the arguments of its logarithms to be positive;
* every failure is where the points' tables are read as densities (p(x) ≤ 1), and the same
  weights read as probabilities hold: the step needs its points to be discrete.

A candidate is accepted only when the step holds everywhere it was sampled under it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction as F

import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.definedness import needs
from ...model.nodes import MaxOver
from ...model.notation import Role, written_name
from .instantiate import concretize
from .plain import plain
from ..numeric.compiled import Status, compiled
from .sample import CompiledInstance, Hit, SampleReport


def smallest_size(report: SampleReport, failures: list[Hit], notation) -> str | None:
    """``K ≥ 3`` when the statement fails at every point of the smallest K and nowhere else
    (larger K were checked and hold).  Failures at only some points of the smallest K say
    nothing of K: q(x)/‖q(x)‖ is undefined where q(x) = 0, which the draws may hit at d = 1
    only, and "it needs d ≥ 2" would then be false."""
    if not failures:
        return None
    for decl in notation.sizes:
        name = decl.symbol.name
        at = [dict(h.instance.sizes).get(name) for h in failures]
        if any(v is None for v in at) or set(at) != {decl.minimum}:
            continue
        smallest = {i.label for i in report.instances if dict(i.sizes).get(name) == decl.minimum}
        if len(failures) < sum(report.checked_at.get(label, 0) for label in smallest):
            continue
        larger = [i for i in report.instances if dict(i.sizes).get(name, decl.minimum) > decl.minimum]
        if larger:
            return f"{decl.latex} ≥ {decl.minimum + 1}"
    return None


def _tied_pairs(hit: Hit) -> list[tuple[str, str]]:
    pairs = []
    by_family: dict = {}
    for var in hit.instance.variables:
        # the weights of a distribution's table are no values: where they tie, the table is still one
        # (independent points have equal weights, and their failures are genuine)
        if var.family is not None and var.role not in (Role.DIRECTION, Role.LABEL, Role.INDEX) \
                and not getattr(var.family, "table_weight", False):
            by_family.setdefault(var.family, []).append(var)
    for members in by_family.values():
        seen = {}
        for var in members:
            value = hit.point[var.key]
            if value in seen:
                pairs.append((seen[value].name, var.name))
            else:
                seen[value] = var
    return pairs


def families(variables) -> list[list]:
    """The sampled members of each family (directions ∇g_k, class labels and indices are not
    values: a label's ties are the assignment itself, and moving one is another; an entry of
    a unit vector moved alone, or exchanged with another's, would leave the sphere), in order."""
    by_family: dict = {}
    for var in variables:
        if var.family is not None and var.role not in (Role.DIRECTION, Role.LABEL, Role.UNIT, Role.INDEX):
            by_family.setdefault(var.family, []).append(var)
    return list(by_family.values())


def break_ties(variables, point: dict, sign: int = 1) -> dict:
    """The point with every tie inside a family broken by small distinct offsets (upwards
    for ``sign`` 1, downwards for -1), each moved value kept inside its domain."""
    moved = dict(point)
    for members in families(variables):
        seen: dict = {}
        for var in members:
            value = point[var.key]
            count = seen.get(value, 0)
            seen[value] = count + 1
            if not count:
                continue
            for candidate in (value + sign * F(count, 1000), value - sign * F(count, 1000)):
                if var.domain.contains(candidate) and (var.role is not Role.SCALE or candidate > 0):
                    moved[var.key] = candidate
                    break
    return moved


def _break_ties(hit: Hit) -> dict:
    return break_ties(hit.instance.variables, hit.point)


def discrete_points(report: SampleReport, failures: list[Hit], notation, sides: tuple = ()) -> str | None:
    """"x, c discrete" when the statement fails only where the tables of its points are read
    as densities (distributions.py) and holds for every table of probabilities sampled: true
    of probabilities (p(x) ≤ 1, an entropy ≥ 0), not of densities.  The points named are
    those of the distributions the statement's ``sides`` use."""
    if not failures or any(h.instance.cell_width is None for h in failures) \
            or not any(i.cell_width is None for i in report.instances):
        return None
    used = {s for side in sides if isinstance(side, sp.Basic) for s in side.atoms(sp.Symbol)}
    drawn = [d for d in notation.distributions if not d.discrete and d.tag in used] or \
        [d for d in notation.distributions if not d.discrete]
    points = dict.fromkeys(notation.lookup(c).latex for d in drawn for c in d.coordinates
                           if notation.lookup(c) is not None)
    names = ", ".join(d.latex for d in drawn)
    return (f"{', '.join(points)} discrete ({names}: a table of probabilities, not a density; declare "
            f"the distribution discrete = true if so)")


def failures_as_probabilities(failures: list[Hit], report: SampleReport, by_instance: dict, relation,
                              config) -> list[Hit]:
    """The failures where the tables are densities that fail where the same weights are a table
    of probabilities too (the instance of the same sizes without a cell width), as failures of
    that instance: the statement is then false of probabilities, whatever the tables sampled as
    probabilities showed (a statement of ratios p/q and expectations reads alike in both), and
    is never said to need its points discrete.  A point that instance cannot take, or does not
    decide, is left out."""
    found = []
    for hit in (h for h in failures if h.instance.cell_width is not None):
        twin = next((i for i in report.instances if i.cell_width is None and i.sizes == hit.instance.sizes
                     and i.indices == hit.instance.indices and i in by_instance), None)
        if twin is None or by_instance[twin].admits(hit.point) is not True:
            continue
        result = by_instance[twin].compare(hit.point, relation, config.digits, config.max_digits)
        if result.status is Status.VIOLATED:
            found.append(Hit(twin, hit.point, result))
    return found


def distinct_values(failures: list[Hit], by_instance: dict, relation, config) -> str | None:
    """"no ties" when every failure has a tie and the step holds once the ties are broken."""
    if not failures:
        return None
    pairs = [_tied_pairs(h) for h in failures]
    if not all(pairs):
        return None
    for hit in failures:
        ci: CompiledInstance = by_instance[hit.instance]
        moved = _break_ties(hit)
        if not ci.admits(moved):
            return None
        result = ci.compare(moved, relation, config.digits, config.max_digits)
        # sides that still agree once the ties are broken fail a strict inequality as before:
        # the ties were not the cause (max over the one member of a class is that member)
        holding = (Status.HOLDS,) if relation.is_strict else (Status.HOLDS, Status.TIE)
        if result.status not in holding:
            return None
    a, b = pairs[0][0]
    unnamed = _UNNAMED_VALUE.fullmatch(a)
    if unnamed and _UNNAMED_VALUE.fullmatch(b):
        # two values of a table that no statement names: the point's, not the sampler's names
        return f"no ties among the values (the failures have two equal values of {unnamed.group(1) or unnamed.group(2)})"
    return f"no ties among the values (the failures have ties such as {a} = {b})"


#: a value of a point at a cell of its table that no statement names (distributions.py): val(X_⋆1), or x_⋆1
_UNNAMED_VALUE = re.compile(r"\\operatorname\{val\}\(([^()]+?)_⋆\d+\)|([A-Za-z]+|\\[A-Za-z]+(?:\{[^{}]*\})?)_⋆\d+")


def of_every_value(condition: str) -> str:
    r"""``condition`` said of the point where it names a value at a cell of a table that no statement names
    (``\operatorname{val}(X_⋆1) > 0``: X > 0 at every value X takes).  The unnamed cells are alike, so what one
    needs, each does."""
    names = []

    def point(match) -> str:
        name = match.group(1) or match.group(2)
        names.append(name)
        return name
    said = _UNNAMED_VALUE.sub(point, condition)
    if not names or "⋆" in said:
        return condition
    shown = ", ".join(dict.fromkeys(names))
    return f"{said} at every value {shown} takes"


@dataclass(frozen=True)
class Definedness:
    """Why the sides are undefined at the undefined points, worked out exactly.

    ``condition`` excludes every undefined point (``y_1 > 0``), or is empty when some
    point has no cause found; ``one_sided`` is the position (in the list of undefined
    points) of one where one side is defined and the other is not; ``causes`` holds
    (position, side, failing terms) for each point with a cause found.  Positions, not
    the points themselves, cross back from the sandbox.
    """

    condition: str
    one_sided: int | None
    causes: tuple = ()

    def describe(self, position: int) -> str:
        """What is undefined at the undefined point at ``position``, for a witness's note."""
        for at, side, terms in self.causes:
            if at == position:
                both = {"lhs": "the left side", "rhs": "the right side", "both": "both sides"}[side]
                verb = "are" if side == "both" else "is"
                values = [t[len(_COMPLEX):] for t in terms if t.startswith(_COMPLEX)]
                needs = [t for t in terms if not t.startswith(_COMPLEX)]
                why = ([f"it is {', '.join(values)}"] if values else []) + \
                    ([f"it needs {' and '.join(needs)}"] if needs else [])
                return f"{both} {verb} not a real number here: {'; '.join(why)}"
        return "a side is not a real number here"


_COMPLEX = "complex:"   # marks a side SymPy folded into a complex number, not a condition


def _fails(value, op: str) -> bool:
    return bool(value.is_number and {">": value.is_nonpositive, ">=": value.is_negative,
                                     "!=": value.is_zero}[op])


def _failing_terms(expr: sp.Expr, needs: list, values: dict, names: dict, fails) -> list[str]:
    """The terms of a concrete side that are not real numbers at the values: the argument
    of a logarithm that is not positive, of a fractional power that is negative, a zero
    denominator.  Each is described as the condition it needs.  ``needs`` are the side's
    (:func:`_needs_of`), ``fails(argument, relation)`` decides one at the point."""
    found = []
    if _FOLDED in needs:  # SymPy folded log(-3) into log(3) + iπ while reading
        found.append(f"{_COMPLEX}{plain(expr.xreplace(names))}")
    for need in _cheapest_first(n for n in needs if n is not _FOLDED):
        if isinstance(need, MaxOver):
            if isinstance(need.settle(values), MaxOver):
                # a maximum over a set with no member at these values: undefined, not -∞
                found.append("the set a maximum (or minimum) runs over to have a member")
                break
        elif fails(*need):
            found.append(_describe(need[0].xreplace(names), need[1]))
            break
    return list(dict.fromkeys(found))


def _cheapest_first(needs) -> list:
    """The needs of a side, the smallest argument first.  One failing need explains why
    the side is undefined at a point, so the search stops there: deciding a large argument
    (a log of a softmax over value functions) costs a compile, and a 1/|P(i)| that is 1/0
    at an anchor without a positive is found first and the rest never compiled."""
    def size(need) -> int:
        return 0 if isinstance(need, MaxOver) else sum(1 for _ in sp.preorder_traversal(need[0]))
    return sorted(needs, key=size)


class _AtInstance:
    """What the undefined points of one instance share: its sides made concrete and what
    their nodes need, the written arguments made concrete, and an arb ball of each argument
    (compiled alone, so that one undefined argument does not hide the others).  A ball
    that does not hold 0 decides an argument at a point; exact arithmetic decides the rest.
    Sharing these is what makes dozens of undefined points cheap."""

    def __init__(self, instance):
        self.subs = instance.subs
        self.sides = instance.concrete()
        self.needs = [[_needs_of(e) for e in side] for side in self.sides]
        self.variables = instance.variables
        self.symbols = [v.symbol for v in self.variables]
        # the free symbols a point gives values to (an Indexed's own: its base and indices)
        self.names = set(self.symbols) | {s for v in self.symbols for s in v.free_symbols}
        self.concrete: dict = {}
        self.balls: dict = {}

    def concretized(self, arg: sp.Expr) -> sp.Expr:
        if arg not in self.concrete:
            self.concrete[arg] = concretize(arg, self.subs)
        return self.concrete[arg]

    def at(self, hit: Hit, values: dict):
        """``fails(argument, relation)`` at the point of ``hit``, each argument decided once."""
        decided: dict = {}
        point = [hit.point[v.key] for v in self.variables]

        def fails(arg: sp.Expr, op: str) -> bool:
            if (arg, op) not in decided:
                decided[(arg, op)] = self._fails(arg, op, point, values)
            return decided[(arg, op)]
        return fails

    def _fails(self, arg: sp.Expr, op: str, point: list, values: dict) -> bool:
        if not arg.free_symbols <= self.names:
            # a summation index inside it: not a number at the point alone (as _fails finds
            # once every variable is put in, which is what costs)
            return False
        if arg not in self.balls:
            plain = arg.free_symbols and not arg.has(sp.Sum, sp.Product)
            self.balls[arg] = compiled([arg], self.symbols) if plain else None
        balls = self.balls[arg](point, 128) if self.balls[arg] is not None else None
        if balls is not None:
            (ball,) = balls
            if ball > 0 or op == "!=" and ball < 0 or op == ">=" and ball >= 0:
                return False
            if ball < 0 and op != "!=":
                return True
        return _fails(arg.xreplace(values), op)


#: among a side's needs: SymPy folded a value into a complex number (it has i)
_FOLDED = "folded"


def _needs_of(expr: sp.Expr) -> list:
    """What the nodes of ``expr`` need to be real numbers, each once, in the order met: the
    (argument, relation) of :func:`needs`, and the maxima over a set; first ``_FOLDED``
    when the side has i already."""
    found = [_FOLDED] if expr.has(sp.I) else []
    for node in sp.preorder_traversal(expr):
        if isinstance(node, MaxOver):
            found.append(node)
        need = needs(node)
        if need is not None:
            found.append(need)
    return list(dict.fromkeys(found))


def _failing_as_written(expr: sp.Expr, notation, shared: _AtInstance, fails) -> list[str]:
    """The same, on the side as the document writes it (``1 + x_j > 0``, not one condition
    per size and index checked): each term whose argument can be read at the point alone
    (no summation index inside it) is evaluated there."""
    found = []
    written = [need for need in map(needs, sp.preorder_traversal(expr)) if need is not None]
    for arg, op in _cheapest_first(dict.fromkeys(written)):
        if fails(shared.concretized(arg), op):
            # a component index the reader made is a Dummy: named as written (m, not _m) in the
            # entries it indexes, q_θ(x)_m and p_{1,m}
            shown = arg.xreplace({d: sp.Symbol(d.name, integer=True) for d in arg.atoms(sp.Dummy)
                                  if d.name not in {str(s) for s in arg.free_symbols}})
            found.append(_describe(shown.xreplace(_display_names(shown, notation)), op))
            break
    return found


def _display_names(expr: sp.Expr, notation) -> dict:
    """Each declared symbol, family element and function value as the document writes it
    (x_j, τ, N, q_θ(x)_m)."""
    names = {}
    for atom in expr.atoms(sp.Indexed, sp.Symbol, AppliedUndef):
        if notation.lookup(atom) is not None and not (isinstance(atom, sp.Symbol) and atom in names):
            names[atom] = sp.Symbol(notation.display(atom))
    return names


def definedness(undefined: list[Hit], sides: tuple | None = None, notation=None) -> Definedness:
    """The condition under which the sides are defined at every undefined point (run in
    the sandbox: SymPy evaluates and solves here).  With ``sides`` (the link as written)
    and its notation, a condition is named as the document writes it where it can be."""
    causes, one_sided, unexplained = [], None, False
    shared: dict = {}     # instance → _AtInstance: many undefined points share one instance
    for position, hit in enumerate(undefined):
        values = {v.symbol: sp.Rational(hit.point[v.key].numerator, hit.point[v.key].denominator)
                  for v in hit.instance.variables}
        names = {v.symbol: sp.Symbol(v.name) for v in hit.instance.variables}
        if hit.instance not in shared:
            shared[hit.instance] = _AtInstance(hit.instance)
        at = shared[hit.instance]
        fails = at.at(hit, values)
        found = []
        for n, concrete in enumerate(at.sides):
            written = _failing_as_written(sides[n], notation, at, fails) if sides is not None else []
            found.append(written or [t for e, needs in zip(concrete, at.needs[n])
                                     for t in _failing_terms(e, needs, values, names, fails)])
        left, right = found
        if not left and not right:
            unexplained = True
            continue
        side = "both" if left and right else "lhs" if left else "rhs"
        if side != "both" and one_sided is None:
            one_sided = position
        causes.append((position, side, tuple(dict.fromkeys(left + right))))
    complex_only = any(all(t.startswith(_COMPLEX) for t in terms) for _, _, terms in causes)
    condition = "" if unexplained or complex_only else _condition_by_size(causes, undefined)
    return Definedness(condition, one_sided, tuple(causes))


def _condition_by_size(causes: list, undefined: list[Hit]) -> str:
    """The fewest conditions that exclude every undefined point; where they differ from one size to
    the next (U_1 - V_1 ≠ 0 at n = 1, a sum of squares > 0 at n = 2 and 3), each with the sizes it is
    of: joined by "and" they would demand the condition of n = 1 at n = 2 too, which the statement
    does not need."""
    by_size: dict = {}
    for position, _, terms in causes:
        sizes = ", ".join(f"{written_name(str(k))}={v}" for k, v in undefined[position].instance.sizes)
        by_size.setdefault(sizes, []).append({t for t in terms if not t.startswith(_COMPLEX)})
    chosen: dict = {}
    for sizes, failing in by_size.items():
        chosen.setdefault(" and ".join(_fewest(failing)), []).append(sizes)
    if len(chosen) <= 1:
        return " and ".join(_fewest([t for failing in by_size.values() for t in failing]))
    return "; ".join(f"{condition} at {' and at '.join(sizes)}" for condition, sizes in chosen.items())


def _fewest(failing: list[set]) -> list[str]:
    """A small set of conditions that excludes every undefined point (greedy cover): at
    y_1 = 0 both y_1^2 > 0 and y_1 > 0 fail, at y_1 = -1 only y_1 > 0, so y_1 > 0 is enough."""
    chosen, left = [], list(failing)
    while left:
        counts: dict = {}
        for terms in left:
            for t in terms:
                counts[t] = counts.get(t, 0) + 1
        best = max(counts, key=lambda t: (counts[t], -len(t)))
        chosen.append(best)
        left = [terms for terms in left if best not in terms]
    return chosen


def _describe(arg: sp.Expr, op: str) -> str:
    """``-v > 0`` as ``v < 0``: a condition on one variable is solved for it when SymPy can."""
    free = [s for s in arg.free_symbols if isinstance(s, sp.Symbol)]
    relation = {">": sp.StrictGreaterThan, ">=": sp.GreaterThan, "!=": sp.Ne}[op]
    if len(free) == 1 and op != "!=":
        var = free[0]
        try:
            solved = sp.solveset(relation(arg, 0), var, sp.S.Reals)
        except (NotImplementedError, ValueError, TypeError):
            solved = None
        if isinstance(solved, sp.Interval):
            name = str(var)
            if solved.start == -sp.oo and solved.end != sp.oo:
                return f"{name} {'<' if solved.right_open else '≤'} {solved.end}"
            if solved.end == sp.oo and solved.start != -sp.oo:
                return f"{name} {'>' if solved.left_open else '≥'} {solved.start}"
    symbol = {">": ">", ">=": "≥", "!=": "≠"}[op]
    return f"{plain(arg)} {symbol} 0"

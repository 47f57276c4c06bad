"""The shape of a link: its kind (:func:`link_kind`), and for a limit claim
``lim_{τ→0⁺} f`` or ``g + o(h)`` its variable, point and the terms a side writes with an
explicit order.

These are facts about the claim as written (read off the SymPy expression, before any
number is computed), shared by the loader's checks, the checker and the figures.

>>> tau = sp.Symbol("tau", positive=True)
>>> link_kind(sp.Limit(tau * sp.log(2), tau, 0, "+"), sp.log(2)).value
'limit'
>>> spec = limit_spec(sp.Limit(tau * sp.log(2), tau, 0, "+"))
>>> spec.describe()
'τ → 0⁺'
>>> written_orders(3 / tau + sp.log(tau), LimitSpec(tau, sp.oo, "-"))
[1]
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F

import enum

import sympy as sp

from .nodes import BestCritic, BigO, ExpectXYK, LittleO, MutualInformation


class LinkKind(str, enum.Enum):
    """What a link ``lhs relation rhs`` states; it selects the check methods."""

    POINTWISE = "pointwise"      # at every point of the domain
    LIMIT = "limit"              # a limit of a side (lim_{τ→0⁺} …)
    ASYMPTOTIC = "asymptotic"    # f = g + o(h)
    EXPECTATION = "expectation"  # an expectation, a mutual information or a best critic


def link_kind(*sides: sp.Basic) -> LinkKind:
    """The kind of a link from its sides: an expectation anywhere makes it one, then
    o(·), then a limit; else it is pointwise."""
    if any(e.has(ExpectXYK, MutualInformation, BestCritic) for e in sides):
        return LinkKind.EXPECTATION
    if any(e.has(LittleO, BigO) for e in sides):
        return LinkKind.ASYMPTOTIC
    if any(e.has(sp.Limit) for e in sides):
        return LinkKind.LIMIT
    return LinkKind.POINTWISE

#: The rungs of a ladder: the variable at 10^{±e} from its limit point.
EXPONENTS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 100, 150, 200, 300)


@dataclass(frozen=True)
class LimitSpec:
    var: sp.Symbol
    point: sp.Basic      # 0, oo, -oo, a number, or an expression in the parameters (x → x0)
    direction: str       # "+", "-" or "+-"
    names: tuple = ()    # (symbol, how the document writes it) for messages

    def named(self, notation) -> "LimitSpec":
        symbols = {self.var} | set(self.point.free_symbols)
        return LimitSpec(self.var, self.point, self.direction,
                         tuple((s, notation.display(s)) for s in symbols))

    def _show(self, expr) -> str:
        names = dict(self.names)
        if expr in names:
            return names[expr]
        return _pretty(expr.xreplace({s: sp.Symbol(n) for s, n in names.items()}))

    def ladder(self, params: dict | None = None) -> list[list[F]]:
        """One or two sequences of values of the variable approaching the point."""
        if self.point == sp.oo:
            return [[F(10) ** e for e in EXPONENTS]]
        if self.point == -sp.oo:
            return [[-F(10) ** e for e in EXPONENTS]]
        x0 = self.point_value(params or {})
        right = [x0 + F(1, 10**e) for e in EXPONENTS]
        left = [x0 - F(1, 10**e) for e in EXPONENTS]
        if self.direction == "+":
            return [right]
        if self.direction == "-":
            return [left]
        return [right, left]

    def point_value(self, params: dict) -> F:
        value = sp.Rational(self.point.xreplace({k: sp.Rational(v.numerator, v.denominator)
                                                 for k, v in params.items() if isinstance(k, sp.Symbol)}))
        return F(int(value.p), int(value.q))

    def distance(self, x: F, params: dict) -> F:
        """How far x is from the point: |x − x0|, or 1/|x| towards ±∞."""
        if self.point in (sp.oo, -sp.oo):
            return 1 / abs(x)
        return abs(x - self.point_value(params))

    def describe(self) -> str:
        where = {sp.oo: "+∞", -sp.oo: "−∞"}.get(self.point) or self._show(self.point)
        side = {"+": "⁺", "-": "⁻"}.get(self.direction, "") if self.point not in (sp.oo, -sp.oo) else ""
        return f"{self._show(self.var)} → {where}{side}"

    def power(self, p: float) -> str:
        """How the order p reads: ``1/τ`` towards ∞, ``τ`` towards 0."""
        exponent = f"^{p:g}" if p != 1 else ""
        var = self._show(self.var)
        if self.point in (sp.oo, -sp.oo):
            return f"1/{var}{exponent}"
        base = var if self.point == 0 else f"({var} − {self._show(self.point)})"
        return f"{base}{exponent}"


def _pretty(expr) -> str:
    """``tau`` as τ, ``u0`` as u₀: how a reader writes it."""
    return sp.pretty(expr, use_unicode=True)


def limit_spec(expr: sp.Basic) -> LimitSpec | None:
    node = next((n for n in sp.preorder_traversal(expr) if isinstance(n, sp.Limit)), None)
    if node is None:
        return None
    f, var, point, direction = node.args
    return LimitSpec(var, point, str(direction))


def strip_limit(expr: sp.Basic) -> tuple[sp.Basic, bool]:
    """The expression under ``lim`` (the whole side must be one limit), and whether it was one."""
    if isinstance(expr, sp.Limit):
        return expr.args[0], True
    if expr.has(sp.Limit):
        # lim f + c: move the limit out; the checker compares limits of whole sides.
        return expr.replace(lambda e: isinstance(e, sp.Limit), lambda e: e.args[0]), True
    return expr, False


def split_little_o(expr: sp.Basic):
    """``g + o(h)`` (or ``g + O(h)``: is_big_o tells them apart) → (g, h, LimitSpec) or None when
    there is not one remainder term."""
    terms = sp.Add.make_args(expr)
    rests = [t for t in terms if isinstance(t, (LittleO, BigO))]
    if len(rests) != 1:
        return None
    o = rests[0]
    h, var, point = o.args
    main = sp.Add(*[t for t in terms if t is not o])
    direction = "+-" if point not in (sp.oo, -sp.oo) else ""
    return main, h, LimitSpec(var, point, direction)


def is_big_o(expr: sp.Basic) -> bool:
    """Whether the remainder of ``g + O(h)`` is a big O (bounded ratio), not a little o."""
    return any(isinstance(t, BigO) for t in sp.Add.make_args(expr))


# --- terms written with an explicit order -------------------------------------------

def _explicit_power(factor: sp.Basic, spec: LimitSpec):
    """p when ``factor`` is τ^{-p} towards ±∞, or (x − x0)^p towards x0 (p > 0), else None."""
    var, point = spec.var, spec.point
    base, exponent = factor.as_base_exp()
    if not (exponent.is_number and exponent.is_real):
        return None
    if point in (sp.oo, -sp.oo):
        ok = base == var and exponent < 0
        p = -exponent
    else:
        ok = exponent > 0 and base.has(var) and sp.expand(base - (var - point)) == 0
        p = exponent
    return sp.nsimplify(p) if ok else None


def _term_order(term: sp.Basic, spec: LimitSpec):
    """The order p of one written term ``c·τ^{-p}`` (c free of the variable), or None."""
    var = spec.var
    coeff, rest = term.as_independent(var, as_Add=False)
    if rest == 1:
        return None
    p = _explicit_power(rest, spec)
    if p is not None:
        return p
    if isinstance(rest, sp.Sum) and not any(var in lim[0].free_symbols for lim in rest.limits):
        # Σ_k c_k/τ: the power written inside the sum.
        _, inner = rest.function.as_independent(var, as_Add=False)
        return _explicit_power(inner, spec)
    return None


def written_orders(expr: sp.Basic, spec: LimitSpec) -> list:
    r"""The orders of the terms a side writes out with an explicit order (structural, on
    the SymPy expression before instantiation): ``\frac{N-1}{N\tau}s_{i,i}`` is of order
    1 towards ∞, ``\tau \log n`` of order 1 towards 0.  Only the terms of a sum count, not
    an expression that merely behaves like a power (``τ·log(…)`` is not a written term)."""
    orders = []
    for term in sp.Add.make_args(expr):
        p = _term_order(term, spec)
        if p is not None and p > 0:
            orders.append(p)
    return orders

"""Limits and asymptotics, evaluated along ladders of the limit variable.

For ``lim A = lim B`` both sides are evaluated at τ = 10^{-1}, …, 10^{-300} (or the
mirror ladder towards +∞) at each parameter point, in ball arithmetic.  Each side's
trend is classified (converges to L, diverges to ±∞, or unsettled), and then:

* the limits must agree;
* when both limits are +∞ (or −∞), the leading orders must agree: A/B → 1;
* when both sides are written as limits of expressions that still depend on τ, the
  terms the document writes out must be right: A − B must vanish faster than the
  terms themselves, ``(A − B)/min(|A − L|, |B − L|) → 0``.  A statement that holds
  only because both sides share a trivial limit (both → log N) while the written
  first-order terms disagree is flagged here, not passed.

``f = g + o(h)`` as ``x → x0`` is checked as ``(f − g)/h → 0`` along the ladder,
from both sides for a two-sided limit.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction as F

import sympy as sp
from flint import arb

from ..nodes import LittleO
from .numeric import compiled, digits_to_bits, format_number
from .program import UNDEFINED, program_set

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
    """``g + o(h)`` → (g, h, LimitSpec) or None when there is no ``o(·)`` term."""
    terms = sp.Add.make_args(expr)
    rests = [t for t in terms if isinstance(t, LittleO)]
    if len(rests) != 1:
        return None
    o = rests[0]
    h, var, point = o.args
    main = sp.Add(*[t for t in terms if t is not o])
    direction = "+-" if point not in (sp.oo, -sp.oo) else ""
    return main, h, LimitSpec(var, point, direction)


# --- evaluating along a ladder ---------------------------------------------------------

class LadderSide:
    """One side of an instance, evaluated at parameter points and values of the limit variable."""

    def __init__(self, expr: sp.Expr, var: sp.Symbol, fixed: dict | None, params):
        if fixed is not None:           # sums kept as loops (see .program)
            self._side = program_set((expr,), fixed)
        else:
            self._side = compiled((expr,), list(params) + [var])
        self.var = var

    def value(self, point: dict, x: F, digits: int, max_digits: int):
        """A ball narrow enough to read, or None.

        Narrow means a relative radius below 1e-30, or an absolute radius below
        10^-(d/2) at d digits: a value like log(1 + e^{-1e300}) is then a tiny ball
        around 0 rather than a reason to raise the precision forever.
        """
        at = {**point, self.var: x}
        d = digits
        while d <= max_digits:
            out = self._side.evaluate(at, digits_to_bits(d))
            if out == UNDEFINED:
                return None
            if out is not None:
                ball = out[0]
                if ball.rad() <= arb(10) ** -30 * abs(ball.mid()) or ball.rad() <= arb(10) ** -(d // 2):
                    return ball
            d *= 2
        return None


@dataclass(frozen=True)
class Trend:
    kind: str            # "finite", "+inf", "-inf" or "unsettled"
    value: object = None  # the limit ball when finite

    def describe(self) -> str:
        if self.kind == "finite":
            return format_number(self.value, 20)
        return {"+inf": "+∞", "-inf": "−∞"}.get(self.kind, "unsettled")


def trend(values: list) -> Trend:
    """Classify a sequence approaching the limit point."""
    vals = [v for v in values if v is not None]
    if len(vals) < 5:
        return Trend("unsettled")
    tail = vals[-4:]
    mids = [v.mid() for v in tail]
    big = arb(10) ** 20
    if all(m > 0 for m in mids) and mids[-1] > big and all(b >= a for a, b in zip(mids, mids[1:])):
        return Trend("+inf")
    if all(m < 0 for m in mids) and mids[-1] < -big and all(b <= a for a, b in zip(mids, mids[1:])):
        return Trend("-inf")
    diffs = [abs(b - a) for a, b in zip(mids, mids[1:])]
    scale = abs(mids[-1]) + 1
    if diffs[-1] <= arb(10) ** -20 * scale and diffs[-2] <= arb(10) ** -8 * scale:
        return Trend("finite", tail[-1])
    return Trend("unsettled")


@dataclass(frozen=True)
class Orders:
    """How fast the written terms and the difference vanish at one parameter point.

    ``lhs``/``rhs``: the order of ``A − L`` and ``B − L`` in the distance to the point
    (1 for c/τ as τ → ∞); ``gap``: the order of ``A − B`` (inf when it is 0).
    ``sample`` keeps the deepest resolved values to show the coefficients.
    """

    lhs: float
    rhs: float
    gap: float
    sample: tuple  # (distance, A − L, B − L)


@dataclass(frozen=True)
class LimitFinding:
    """What the ladders showed at one parameter point."""

    ok: bool | None          # True holds, False fails, None unsettled
    reason: str
    lhs: str = ""
    rhs: str = ""
    at: str = ""
    orders: Orders | None = None


def compare_limits(a: LadderSide, b: LadderSide, spec: LimitSpec, params: dict,
                   digits: int, max_digits: int, both_written: bool) -> LimitFinding:
    """Compare the limits of two sides at one parameter point."""
    findings = []
    for ladder in spec.ladder(params):
        av = [a.value(params, x, digits, max_digits) for x in ladder]
        bv = [b.value(params, x, digits, max_digits) for x in ladder]
        dist = [spec.distance(x, params) for x in ladder]
        findings.append(_compare_on_ladder(av, bv, dist, both_written))
    for f in findings:
        if f.ok is False:
            return f
    for f in findings:
        if f.ok is None:
            return f
    return findings[0]


def _compare_on_ladder(av, bv, dist, both_written: bool) -> LimitFinding:
    ta, tb = trend(av), trend(bv)
    shown = dict(lhs=ta.describe(), rhs=tb.describe())
    if "unsettled" in (ta.kind, tb.kind):
        return LimitFinding(None, "a side does not settle along the ladder", **shown)
    if ta.kind != tb.kind:
        return LimitFinding(False, f"the left side tends to {ta.describe()}, the right side to {tb.describe()}",
                            **shown)
    if ta.kind == "finite":
        gap = abs(ta.value - tb.value)
        if gap > arb(10) ** -15 * (abs(ta.value) + 1):
            return LimitFinding(False, f"the limits differ: {ta.describe()} ≠ {tb.describe()}", **shown)
        orders = _orders(av, bv, ta.value, dist) if both_written else None
        return LimitFinding(True, f"both sides tend to {ta.describe()}", orders=orders, **shown)
    # Both infinite with the same sign: the leading orders must agree.
    ratios = [x / y for x, y in zip(av[-6:], bv[-6:]) if x is not None and y is not None and y != 0]
    if ratios and abs(ratios[-1] - 1) < arb(10) ** -6:
        return LimitFinding(True, f"both sides tend to {ta.describe()} with the same leading order", **shown)
    if ratios and abs(ratios[-1] - 1) > arb(10) ** -2:
        return LimitFinding(False, f"both sides tend to {ta.describe()}, but their leading orders differ: "
                            f"lhs/rhs → {format_number(ratios[-1], 8)}", **shown)
    return LimitFinding(None, "the leading orders could not be compared", **shown)


def _resolved(ball, digits: int = 3) -> bool:
    """A ball away from 0 whose radius is below 10^-digits of its size."""
    return ball is not None and (ball > 0 or ball < 0) and ball.rad() < abs(ball.mid()) * arb(10) ** -digits


def _order(values, dist) -> float:
    """The exponent p in |f| ~ C·dist^p, from the deepest resolved points (inf if f vanishes)."""
    pts = [(d, abs(v)) for d, v in zip(dist, values) if _resolved(v)]
    if len(pts) < 2:
        return math.inf
    (d1, f1), (d2, f2) = pts[-2], pts[-1]
    num = float((f2.log() - f1.log()).mid())
    den = math.log(float(d2)) - math.log(float(d1))
    return num / den if den else math.inf


def _orders(av, bv, limit, dist) -> Orders | None:
    da = [a - limit if a is not None else None for a in av]
    db = [b - limit if b is not None else None for b in bv]
    gaps = [a - b if a is not None and b is not None else None for a, b in zip(av, bv)]
    # The coefficients are shown from the deepest point where both are known to 12 digits.
    deepest = next(((d, x, y) for d, x, y in reversed(list(zip(dist, da, db)))
                    if _resolved(x, 12) and _resolved(y, 12)), None)
    if deepest is None:
        return None
    return Orders(_order(da, dist), _order(db, dist), _order(gaps, dist), deepest)


def written_terms_failure(found: LimitFinding, nominal: float, spec: LimitSpec) -> LimitFinding | None:
    """A point fails when A − B vanishes no faster than the written terms' nominal order."""
    orders = found.orders
    if orders is None or not (orders.gap <= nominal + 0.5):
        return None
    dist, da, db = orders.sample
    scale = arb(F(dist).numerator) / arb(F(dist).denominator)
    ca, cb = da / scale ** nominal, db / scale ** nominal
    term = spec.power(nominal)
    return LimitFinding(
        False,
        f"both sides tend to {found.lhs}, but the terms of order {term} written out disagree: "
        f"the left side is {found.lhs} + ({format_number(ca, 10)})·{term} + …, the right side "
        f"{found.lhs} + ({format_number(cb, 10)})·{term} + …",
        lhs=f"{found.lhs} + ({format_number(ca, 12)})·{term}",
        rhs=f"{found.lhs} + ({format_number(cb, 12)})·{term}")


def nominal_order(findings) -> float | None:
    """The order of the written terms where it is smallest (their generic order)."""
    orders = [min(f.orders.lhs, f.orders.rhs) for f in findings if f.orders is not None]
    orders = [o for o in orders if math.isfinite(o)]
    if not orders:
        return None
    p = min(orders)
    return float(round(p)) if abs(p - round(p)) < 0.1 else p


def little_o_finding(q: LadderSide, spec: LimitSpec, params: dict, digits: int,
                     max_digits: int) -> LimitFinding:
    """``(f − g)/h → 0`` along every ladder."""
    for ladder in spec.ladder(params):
        qv = [q.value(params, x, digits, max_digits) for x in ladder]
        t = trend(qv)
        if t.kind == "unsettled":
            return LimitFinding(None, "the remainder ratio does not settle")
        if t.kind != "finite" or abs(t.value) > arb(10) ** -15:
            return LimitFinding(False, f"(lhs − main part)/h tends to {t.describe()}, not 0",
                                lhs=t.describe(), rhs="0")
    return LimitFinding(True, "(lhs − main part)/h → 0")

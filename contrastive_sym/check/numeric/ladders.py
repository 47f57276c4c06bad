"""Limits and asymptotics, evaluated along ladders of the limit variable.

For ``lim A = lim B`` both sides are evaluated at τ = 10^{-1}, …, 10^{-300} (or the
mirror ladder towards +∞) at each parameter point, in ball arithmetic.  Each side's
trend is classified (converges to L, diverges to ±∞, or unsettled), and then:

* the limits must agree;
* when both limits are +∞ (or −∞), the leading orders must agree: A/B → 1;
* when both sides are written as limits and a side is a sum with terms the author
  writes with an explicit order (``c/τ`` towards ∞, ``c·τ`` or ``c·(x − x0)^p`` towards
  a finite point; detected on the SymPy expression, :func:`written_orders`), those terms
  are checked on their own: ``A = B + o(h)`` with h the highest written order, i.e.
  ``(A − B)/h → 0`` (:func:`written_terms_finding`).  This is a separate check with its
  own verdict: a limit equality that holds is never refuted because of it (both sides
  → log N while the written 1/τ terms disagree is reported as exactly that).

Nothing read along a ladder is dropped silently: a value that is certainly not a real
number is ``UNDEFINED`` (a side undefined near the limit point makes the finding
``undefined``), a value whose ball stays too wide is ``None``, and :class:`Trend`
counts both.

``f = g + o(h)`` as ``x → x0`` is checked as ``(f − g)/h → 0`` along the ladder,
from both sides for a two-sided limit.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F

import sympy as sp
from flint import arb, fmpq

from ...model.shapes import LimitSpec
from .compiled import compiled, format_number
from .precision import digits_to_bits, working_bits
from .program import UNDEFINED, program_set

# --- evaluating along a ladder ---------------------------------------------------------

def _narrow(ball, d: int) -> bool:
    return ball.rad() <= arb(10) ** -30 * abs(ball.mid()) or ball.rad() <= arb(10) ** -(d // 2)


def is_undefined(value) -> bool:
    """The UNDEFINED marker (a value that is certainly not a real number)."""
    return isinstance(value, str) and value == UNDEFINED


def is_ball(value) -> bool:
    """A value read along a ladder that is a ball (not None, not UNDEFINED)."""
    return isinstance(value, arb)


class LadderSide:
    """One side of an instance, evaluated at parameter points and values of the limit variable."""

    def __init__(self, expr: sp.Expr, var: sp.Symbol, fixed: dict | None, params):
        if fixed is not None:           # sums kept as loops (see .program)
            self._side = program_set((expr,), fixed)
        else:
            self._side = compiled((expr,), list(params) + [var])
        self.var = var

    def raw(self, at: dict, bits: int):
        """The side's ball at one precision: a ball, None (not finite here) or UNDEFINED."""
        out = self._side.evaluate(at, bits)
        if out is None or is_undefined(out):
            return out
        return out[0]

    def undefined(self, at: dict) -> bool:
        """Whether a value that never became a finite ball is certainly not a real number."""
        try:
            return bool(self._side.is_undefined(at))
        except (KeyError, ValueError, TypeError, ArithmeticError):
            return False

    def value(self, point: dict, x: F, digits: int, max_digits: int):
        """A ball narrow enough to read; UNDEFINED when the side is certainly not a real
        number there; None when the ball stays too wide up to ``max_digits``.

        Narrow means a relative radius below 1e-30, or an absolute radius below
        10^-(d/2) at d digits: a value like log(1 + e^{-1e300}) is then a tiny ball
        around 0 rather than a reason to raise the precision forever.
        """
        at = {**point, self.var: x}
        d = digits
        infinite = False
        while d <= max_digits:
            out = self.raw(at, digits_to_bits(d))
            if is_undefined(out):
                return UNDEFINED
            if out is None:
                infinite = True
            else:
                infinite = False
                if _narrow(out, d):
                    return out
            d *= 2
        if infinite and self.undefined(at):
            return UNDEFINED
        return None


@dataclass(frozen=True)
class Trend:
    kind: str            # "finite", "+inf", "-inf", "undefined" or "unsettled"
    value: object = None  # the limit ball when finite
    undefined: int = 0   # values along the ladder that are not real numbers (skipped)
    unresolved: int = 0  # values whose ball stayed too wide (skipped)

    def describe(self) -> str:
        if self.kind == "finite":
            return format_number(self.value, 20)
        return {"+inf": "+∞", "-inf": "−∞", "undefined": "undefined"}.get(self.kind, "unsettled")


_NEAR = 4   # the deepest values of a ladder: a side undefined there is undefined near the point


def trend(values: list) -> Trend:
    """Classify a sequence approaching the limit point.

    Values that are not balls are skipped but counted: UNDEFINED among the deepest
    values makes the trend ``undefined`` (the side is not defined near the point);
    elsewhere it only means the side is undefined away from the point, which a limit
    does not read.
    """
    undefined = sum(1 for v in values if is_undefined(v))
    unresolved = sum(1 for v in values if v is None)
    counts = dict(undefined=undefined, unresolved=unresolved)
    if any(is_undefined(v) for v in values[-_NEAR:]):
        return Trend("undefined", **counts)
    vals = [v for v in values if is_ball(v)]
    if len(vals) < 5:
        return Trend("unsettled", **counts)
    tail = vals[-4:]
    mids = [v.mid() for v in tail]
    diffs = [abs(b - a) for a, b in zip(mids, mids[1:])]
    scale = abs(mids[-1]) + 1
    # Settled first, and by its steps, not its size: a side constant at 10^30 (max(s, a) at
    # a = 10^30) is finite, where the test of size below once called it +∞ and refuted a
    # true limit.  Steps that do not shrink and stand above the balls' own width are a
    # divergence however small next to the value (10^30 + log(1/τ)).
    noise = 2 * (tail[-1].rad() + tail[-2].rad())
    shrinking = diffs[-1] <= noise or 2 * diffs[-1] <= diffs[-2]
    if diffs[-1] <= arb(10) ** -20 * scale and diffs[-2] <= arb(10) ** -8 * scale and shrinking:
        return Trend("finite", tail[-1], **counts)
    big = arb(10) ** 20
    if all(m > 0 for m in mids) and mids[-1] > big and all(b >= a for a, b in zip(mids, mids[1:])):
        return Trend("+inf", **counts)
    if all(m < 0 for m in mids) and mids[-1] < -big and all(b <= a for a, b in zip(mids, mids[1:])):
        return Trend("-inf", **counts)
    return Trend("unsettled", **counts)


@dataclass(frozen=True)
class LimitFinding:
    """What the ladders showed at one parameter point."""

    ok: bool | None          # True holds, False fails, None unsettled or undefined
    reason: str
    lhs: str = ""
    rhs: str = ""
    at: str = ""
    undefined: F | None = None   # a value of the variable near the point where a side is undefined
    skipped: int = 0             # values along the ladders that were not balls (counted, not used)
    limit: str = ""              # the common limit, when both sides have one


def _skipped(*trends) -> int:
    return sum(t.undefined + t.unresolved for t in trends)


def _undefined_at(ladder, *columns):
    """The deepest value of the variable where some column is UNDEFINED."""
    for x, *vals in reversed(list(zip(ladder, *columns))):
        if any(is_undefined(v) for v in vals):
            return x
    return ladder[-1]


def _ladders(spec: LimitSpec, params: dict, keep=None) -> list:
    ladders = spec.ladder(params)
    return [ladder for ladder in ladders if keep is None or keep(ladder)]


def _merge(findings: list) -> LimitFinding:
    if not findings:
        return LimitFinding(None, "no ladder towards the point satisfies the stated conditions")
    for f in findings:
        if f.ok is False:
            return f
    for f in findings:
        if f.ok is None:
            return f
    return findings[0]


def compare_limits(a: LadderSide, b: LadderSide, spec: LimitSpec, params: dict,
                   digits: int, max_digits: int, keep=None) -> LimitFinding:
    """Compare the limits of two sides at one parameter point (along each ladder ``keep``
    admits: a stated condition on the variable itself can rule a side out)."""
    findings = []
    for ladder in _ladders(spec, params, keep):
        av = [a.value(params, x, digits, max_digits) for x in ladder]
        bv = [b.value(params, x, digits, max_digits) for x in ladder]
        findings.append(_compare_on_ladder(av, bv, ladder))
    return _merge(findings)


def _compare_on_ladder(av, bv, ladder) -> LimitFinding:
    ta, tb = trend(av), trend(bv)
    shown = dict(lhs=ta.describe(), rhs=tb.describe(), skipped=_skipped(ta, tb))
    if "undefined" in (ta.kind, tb.kind):
        side = ("both sides are" if ta.kind == tb.kind else
                "the left side is" if ta.kind == "undefined" else "the right side is")
        return LimitFinding(None, f"{side} undefined near the limit point",
                            undefined=_undefined_at(ladder, av, bv), **shown)
    if "unsettled" in (ta.kind, tb.kind):
        return LimitFinding(None, "a side does not settle along the ladder", **shown)
    if ta.kind != tb.kind:
        return LimitFinding(False, f"the left side tends to {ta.describe()}, the right side to {tb.describe()}",
                            **shown)
    if ta.kind == "finite":
        gap = abs(ta.value - tb.value)
        if gap > arb(10) ** -15 * (abs(ta.value) + 1):
            return LimitFinding(False, f"the limits differ: {ta.describe()} ≠ {tb.describe()}", **shown)
        return LimitFinding(True, f"both sides tend to {ta.describe()}", limit=ta.describe(), **shown)
    # Both infinite with the same sign: the leading orders must agree.  (Trend "±inf"
    # reads the deepest values, so the pairs below are balls far from 0.)
    ratios = [x / y for x, y in zip(av[-6:], bv[-6:]) if is_ball(x) and is_ball(y) and y != 0]
    if ratios and abs(ratios[-1] - 1) < arb(10) ** -6:
        return LimitFinding(True, f"both sides tend to {ta.describe()} with the same leading order",
                            limit=ta.describe(), **shown)
    if ratios and abs(ratios[-1] - 1) > arb(10) ** -2:
        return LimitFinding(False, f"both sides tend to {ta.describe()}, but their leading orders differ: "
                            f"lhs/rhs → {format_number(ratios[-1], 8)}", **shown)
    return LimitFinding(None, "the leading orders could not be compared", **shown)


def _resolved(ball, digits: int = 3) -> bool:
    """A ball away from 0 whose radius is below 10^-digits of its size."""
    return is_ball(ball) and (ball > 0 or ball < 0) and ball.rad() < abs(ball.mid()) * arb(10) ** -digits


def _ball_of(x: F) -> arb:
    return arb(fmpq(x.numerator, x.denominator))


def _power(dist: F, order) -> arb:
    """dist^order as a ball (order a SymPy rational)."""
    order = sp.Rational(order)
    base = _ball_of(dist)
    if order.q == 1:
        return base ** int(order.p)
    return (base.log() * _ball_of(F(int(order.p), int(order.q)))).exp()


def _scaled_gaps(a: LadderSide, b: LadderSide, spec: LimitSpec, params: dict, ladder, order,
                 digits: int, max_digits: int):
    """Along one ladder: (A − B)/dist^order, A and B, each a narrow ball, None or UNDEFINED.

    The precision doubles until the quotient is narrow: at τ = 1e300 the gap A − B of
    order 1e-600 needs about 800 digits, and is never chopped."""
    qs, av, bv = [], [], []
    for x in ladder:
        at = {**params, spec.var: x}
        d = digits
        q = A = B = None
        while d <= max_digits:
            bits = digits_to_bits(d)
            A, B = a.raw(at, bits), b.raw(at, bits)
            if is_undefined(A) or is_undefined(B):
                q = UNDEFINED
                break
            if A is not None and B is not None:
                with working_bits(bits):
                    q = (A - B) / _power(spec.distance(x, params), order)
                if _narrow(q, d) and _narrow(A, d) and _narrow(B, d):
                    break
                q = None
            d *= 2
        if q is None and ((A is None and a.undefined(at)) or (B is None and b.undefined(at))):
            q = UNDEFINED
        qs.append(q)
        av.append(A if is_ball(A) else UNDEFINED if is_undefined(A) else None)
        bv.append(B if is_ball(B) else UNDEFINED if is_undefined(B) else None)
    return qs, av, bv


def _coefficients(av, bv, limit, ladder, spec, params, order):
    """(A − L)/h and (B − L)/h at the deepest point where both are known to 12 digits."""
    for x, A, B in reversed(list(zip(ladder, av, bv))):
        if not (is_ball(A) and is_ball(B)):
            continue
        da, db = A - limit, B - limit
        if _resolved(da, 12) and _resolved(db, 12):
            h = _power(spec.distance(x, params), order)
            return da / h, db / h
    return None


def order_text(order, spec: LimitSpec) -> str:
    return spec.power(float(order))


def written_terms_finding(a: LadderSide, b: LadderSide, spec: LimitSpec, params: dict, order,
                          digits: int, max_digits: int, keep=None) -> LimitFinding:
    """The terms written out with an explicit order h: ``A = B + o(h)``, read as
    ``(A − B)/h → 0`` along every ladder, as for ``f = g + o(h)``."""
    term = order_text(order, spec)
    findings = []
    for ladder in _ladders(spec, params, keep):
        qs, av, bv = _scaled_gaps(a, b, spec, params, ladder, order, digits, max_digits)
        tq, ta = trend(qs), trend(av)
        skipped = _skipped(tq)
        if tq.kind == "undefined":
            findings.append(LimitFinding(None, "a side is undefined near the limit point",
                                         undefined=_undefined_at(ladder, qs), skipped=skipped))
            continue
        if tq.kind == "unsettled":
            findings.append(LimitFinding(None, f"(lhs − rhs)/({term}) does not settle", skipped=skipped))
            continue
        if tq.kind == "finite" and abs(tq.value) <= arb(10) ** -15:
            findings.append(LimitFinding(True, f"(lhs − rhs)/({term}) → 0", skipped=skipped))
            continue
        limit = ta.describe() if ta.kind == "finite" else ""
        coeffs = _coefficients(av, bv, ta.value, ladder, spec, params, order) if limit else None
        if coeffs is None:
            findings.append(LimitFinding(
                False, f"the terms of order {term} written out disagree: (lhs − rhs)/({term}) tends to "
                f"{tq.describe()}, not 0", lhs=tq.describe(), rhs="0", skipped=skipped, limit=limit))
            continue
        ca, cb = coeffs
        findings.append(LimitFinding(
            False,
            f"the terms of order {term} written out disagree: "
            f"the left side is {limit} + ({format_number(ca, 10)})·{term} + …, the right side "
            f"{limit} + ({format_number(cb, 10)})·{term} + …",
            lhs=f"{limit} + ({format_number(ca, 12)})·{term}",
            rhs=f"{limit} + ({format_number(cb, 12)})·{term}", skipped=skipped, limit=limit))
    return _merge(findings)


def little_o_finding(q: LadderSide, spec: LimitSpec, params: dict, digits: int,
                     max_digits: int, keep=None, big: bool = False) -> LimitFinding:
    """``(f − g)/h → 0`` along every ladder; with ``big``, ``(f − g)/h`` tends to a finite value (a
    ratio that settles is bounded there; one that grows without bound refutes O(h), and one that
    does not settle decides nothing)."""
    findings = []
    for ladder in _ladders(spec, params, keep):
        qv = [q.value(params, x, digits, max_digits) for x in ladder]
        t = trend(qv)
        skipped = _skipped(t)
        if t.kind == "undefined":
            findings.append(LimitFinding(None, "the remainder ratio is undefined near the point",
                                         undefined=_undefined_at(ladder, qv), skipped=skipped))
        elif t.kind == "unsettled":
            findings.append(LimitFinding(None, "the remainder ratio does not settle", skipped=skipped))
        elif big:
            findings.append(LimitFinding(True, f"(lhs − main part)/h tends to {t.describe()}, a finite value",
                                         skipped=skipped) if t.kind == "finite" else
                            LimitFinding(False, f"(lhs − main part)/h tends to {t.describe()}: not bounded",
                                         lhs=t.describe(), rhs="a finite value", skipped=skipped))
        elif t.kind != "finite" or abs(t.value) > arb(10) ** -15:
            findings.append(LimitFinding(False, f"(lhs − main part)/h tends to {t.describe()}, not 0",
                                         lhs=t.describe(), rhs="0", skipped=skipped))
        else:
            findings.append(LimitFinding(True, "(lhs − main part)/h → 0", skipped=skipped))
    return _merge(findings)

"""Dual numbers ``value + tangent·ε`` over arb balls, and the elementary functions on
balls and duals; a value that is certainly not real raises :class:`Undefined`."""
from __future__ import annotations

import sympy as sp
from flint import arb

from .failures import Undefined


class Dual:
    """``value + tangent·ε`` with ``ε² = 0``: one directional derivative, carried along.

    ``level`` tells nested derivatives apart (∂/∂x ∂F/∂y): a dual of a deeper level has
    duals of the shallower ones as its value and tangent, and treats a dual of a shallower
    level as a constant (the perturbations of two derivatives are never confused)."""

    __slots__ = ("v", "t", "level")

    def __init__(self, v, t, level: int = 1):
        self.v, self.t, self.level = v, t, level

    def __add__(self, o):
        if isinstance(o, Dual):
            if o.level == self.level:
                return Dual(self.v + o.v, self.t + o.t, self.level)
            if o.level > self.level:
                return o.__radd__(self)
        return Dual(self.v + o, self.t, self.level)

    def __radd__(self, o):
        return Dual(o + self.v, self.t, self.level)

    def __neg__(self):
        return Dual(-self.v, -self.t, self.level)

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return (-self) + o

    def __mul__(self, o):
        if isinstance(o, Dual):
            if o.level == self.level:
                return Dual(self.v * o.v, self.t * o.v + self.v * o.t, self.level)
            if o.level > self.level:
                return o.__rmul__(self)
        return Dual(self.v * o, self.t * o, self.level)

    def __rmul__(self, o):
        return Dual(o * self.v, o * self.t, self.level)

    def __pow__(self, n):
        if isinstance(n, Dual):
            return exp(n * log(self))
        if n == 0:
            return arb(1)
        if n == 1:
            return self
        return Dual(power(self.v, n), n * power(self.v, n - 1) * self.t, self.level)


def power(x, n: int):
    """x^n for a whole number n.  python-flint 0.9's ``arb ** n`` is nan for a ball that
    holds 0 and is not exactly 0 (measured: ``arb(0, 1e-19) ** 2``), which left a squared
    difference of two equal inexact values (‖u_i − u_j‖² at i = j) unresolved at every
    precision; such a ball is multiplied out, which encloses the power as well."""
    if isinstance(x, Dual) or not isinstance(x, arb) or x > 0 or x < 0 or x.is_exact():
        return x ** n
    if n < 0:
        return 1 / power(x, -n)
    result, square = arb(1), x
    while n:
        if n & 1:
            result = result * square
        n >>= 1
        if n:
            square = square * square
    return result


def nonzero(x) -> bool:
    """True where a ball is certainly not 0; a value exactly 0 is not a real number where it
    divides (Undefined), and a ball around 0 is not resolved (ArithmeticError)."""
    value = base(x)
    if value.is_zero():
        raise Undefined("division by zero")
    if not (value > 0 or value < 0):
        raise ArithmeticError("whether a denominator is 0 is not resolved")
    return True


def in_domain(x, strict: bool) -> bool:
    """True where a ball is certainly > 0 (``strict``) or ≥ 0: e^{log a} and (√a)² are
    defined there.  Certainly outside: Undefined; not resolved: ArithmeticError."""
    value = base(x)
    if value > 0 or not strict and value.is_zero():
        return True
    if value < 0 or strict and value.is_zero():
        raise Undefined("the logarithm or root folded away is not defined here")
    raise ArithmeticError("whether the argument of a folded logarithm or root is in its domain is not resolved")


def not_real(env):
    raise Undefined("not a real number")


def base(x):
    """The value under every tangent: what domains and comparisons look at."""
    while isinstance(x, Dual):
        x = x.v
    return x


def exp(x):
    if isinstance(x, Dual):
        e = exp(x.v)
        return Dual(e, e * x.t, x.level)
    return x.exp()


def log(x):
    v = base(x)
    if v < 0 or v.is_zero():
        raise Undefined("log of a non-positive number")
    if isinstance(x, Dual):
        return Dual(log(x.v), _over(x.t, x.v), x.level)
    return v.log()


def _smooth(name: str, slope):
    """The function ``name`` of a ball (its arb method), on a dual with the derivative
    ``slope`` of the value: defined everywhere, so never undefined."""
    def function(x):
        if isinstance(x, Dual):
            return Dual(function(x.v), slope(x.v) * x.t, x.level)
        return getattr(x, name)()
    function.__name__ = name
    return function


def _on_unit_interval(name: str, slope):
    """The function ``name`` (arb's acos or asin) of a ball, defined on [-1, 1] only: outside
    it the side is not a real number (Undefined), and a ball not known to be inside is not
    resolved (ArithmeticError: more digits, or exact arithmetic, decide).  On a dual, the
    derivative ``slope`` of the value, which has none at ±1 (a division by 0 there)."""
    return _on_interval(name, -1, 1, False, slope, "[-1, 1]")


def _on_interval(name: str, low, high, open_ends: bool, slope, domain: str = "its domain"):
    """The function ``name`` (arb's atanh or acosh) of a ball, defined between ``low`` and
    ``high`` (None: unbounded) only, the ends excluded with ``open_ends``: outside the side
    is not a real number (Undefined), and a ball not known to be inside is not resolved.
    ``domain``: the interval as the messages name it."""
    def function(x):
        value = base(x)
        if _outside(value, low, high, open_ends):
            raise Undefined(f"{name} of a number outside {domain}")
        inside = (low is None or (value > low if open_ends else value >= low)) and \
            (high is None or (value < high if open_ends else value <= high))
        if not inside:
            raise ArithmeticError(f"whether the argument of {name} is in {domain} is not resolved")
        if isinstance(x, Dual):
            return Dual(function(x.v), slope(x.v) * x.t, x.level)
        return getattr(x, name)()
    function.__name__ = name
    function.interval = (low, high, open_ends)
    return function


def _outside(value, low, high, open_ends: bool) -> bool:
    """Whether a ball (certainly) or an exact rational is outside the interval from ``low`` to ``high``."""
    return (low is not None and (value <= low if open_ends else value < low)) or \
        (high is not None and (value >= high if open_ends else value > high))


def at_exact_argument(function, x, exact):
    """``function`` of ``x`` whose ball could not be placed in the interval, with the
    argument's exact rational value ``exact``: outside, Undefined; at a closed end or inside,
    the value there (acos(1) = 0 for the cosine of a vector with itself).  A tangent at the
    end has no slope there, so a dual stays not resolved (SymPy's exact arithmetic decides)."""
    if _outside(exact, *function.interval):
        raise Undefined(f"{function.__name__} of a number outside its domain")
    if isinstance(x, Dual):
        raise ArithmeticError(f"whether the argument of {function.__name__} is in its domain is not resolved")
    return function(arb(exact))


acos = _on_unit_interval("acos", lambda v: -reciprocal(sqrt(1 - v * v)))
# the inverse hyperbolic functions (the temperature-free InfoNCE's 2 arctanh(s)): arctanh on
# (-1, 1), arccosh on [1, ∞) (no derivative at 1), arcsinh everywhere
atanh = _on_interval("atanh", -1, 1, True, lambda v: reciprocal(1 - v * v))
acosh = _on_interval("acosh", 1, None, False, lambda v: reciprocal(sqrt(v * v - 1)))
asinh = _smooth("asinh", lambda v: reciprocal(sqrt(1 + v * v)))
asin = _on_unit_interval("asin", lambda v: reciprocal(sqrt(1 - v * v)))
atan = _smooth("atan", lambda v: reciprocal(1 + v * v))
cos = _smooth("cos", lambda v: -sin(v))
sin = _smooth("sin", lambda v: cos(v))
cosh = _smooth("cosh", lambda v: sinh(v))
sinh = _smooth("sinh", lambda v: cosh(v))
tanh = _smooth("tanh", lambda v: 1 - tanh(v) * tanh(v))
# tan: a pole where cos is 0, which no rational point is (model/definedness.py says where it is undefined);
# a ball around one is not finite, so not resolved
tan = _smooth("tan", lambda v: 1 + tan(v) * tan(v))


def equal_indices(a, b):
    """1 where two whole numbers are equal, else 0 (a constant: no derivative passes through it);
    values that are not certainly equal or apart are not resolved."""
    difference = base(a) - base(b)
    if difference.is_zero():
        return arb(1)
    if difference > 0 or difference < 0:
        return arb(0)
    raise ArithmeticError("whether two indices are equal is not resolved")


def step(x, at_zero):
    """The Heaviside step of ``x`` (an indicator 1[a > b] is the step of a − b): 1 where x is
    certainly positive, 0 where certainly negative, ``at_zero`` where x is exactly 0.  A ball
    that holds 0 and other numbers is not resolved (ArithmeticError): the point goes to more
    digits or to exact arithmetic, never guessed.  A resolved step is a constant (its
    derivative is 0); at 0 it has no derivative, so a dual there is undefined."""
    value = base(x)
    if value > 0:
        return arb(1)
    if value < 0:
        return arb(0)
    if not value.is_zero():
        raise ArithmeticError("the sign of a step's argument is not resolved")
    if isinstance(x, Dual):
        raise Undefined("a step has no derivative where its argument is 0")
    return arb(at_zero)


def sqrt(x):
    if base(x) < 0:
        raise Undefined("square root of a negative number")
    if isinstance(x, Dual):
        r = sqrt(x.v)
        return Dual(r, _over(x.t, 2 * r), x.level)
    return x.sqrt()


_HALF = arb(0.5)


def real_power(x, exponent, nonnegative: bool = False):
    """x^e for an exponent that is not a whole number: e^{e·log x} for x > 0, and 0^e = 0 for
    e > 0, which the logarithm would call undefined (‖u − u‖^α, ‖x‖³ = (Σ x²)^{3/2} at a tie).
    ``nonnegative``: x is ≥ 0 by its form (a sum of squares), so a ball of x that also holds
    negatives (the rounding of u_i − u_i) encloses a value in [0, its upper end]; without it
    such a ball stays unresolved, as x may be negative there."""
    if isinstance(x, Dual) or isinstance(exponent, Dual) or x > 0 or not exponent > 0:
        return sqrt(x) if exponent == _HALF else exp(exponent * log(x))
    if x.is_zero():
        return arb(0)
    if nonnegative and not x.upper() < 0:
        top = arb(x.upper())
        return arb(0) if top.is_zero() else arb(0).union(exp(exponent * log(top)))
    return exp(exponent * log(x))


def whole_power(value, exponent, nonnegative: bool):
    """value^exponent for an exponent the notation makes a whole number: a whole power where its value is an exact
    whole number, else (a ball that is not exact) as a real power."""
    if isinstance(exponent, arb) and exponent.is_exact() and exponent.is_integer():
        n = int(exponent.unique_fmpz())
        return reciprocal(power(value, -n)) if n < 0 else power(value, n)
    if isinstance(exponent, int):
        return reciprocal(power(value, -exponent)) if exponent < 0 else power(value, exponent)
    return real_power(value, exponent, nonnegative)


def reciprocal(x):
    if base(x).is_zero():
        raise Undefined("division by zero")
    if isinstance(x, Dual):
        r = reciprocal(x.v)
        return Dual(r, -x.t * r * r, x.level)
    return 1 / x


def _over(a, b):
    """a / b, b a ball or a dual (whose value is nonzero where this is called)."""
    return a / b if not isinstance(b, Dual) else a * reciprocal(b)


def absolute(x):
    if isinstance(x, Dual):
        # at exactly 0, |x| has the one-sided derivatives ±t and no other: the ball holding
        # both, unresolved unless a factor 0 settles it (|x|², x|x|), as a tie of max is
        slope = base(x).sgn() if not base(x).is_zero() else arb(0, 1)
        return Dual(absolute(x.v), slope * x.t, x.level)
    return abs(x)


def extremum(a, b, pick: str):
    """max/min; where the values tie the derivative is unknown, so the tangent is the
    union of the two tangents (a ball holding both one-sided derivatives).  A tie under a
    derivative of higher order has no such ball: the value is not resolved (ArithmeticError)."""
    if not isinstance(a, Dual) and not isinstance(b, Dual):
        return getattr(a, pick)(b)
    va, vb = base(a), base(b)
    if (va > vb) if pick == "max" else (va < vb):
        return a
    if (vb > va) if pick == "max" else (vb < va):
        return b
    if not all(_first_order(x) for x in (a, b)):
        raise ArithmeticError("a tie of a maximum or minimum under a derivative of higher order")
    level = (a if isinstance(a, Dual) else b).level
    a = a if isinstance(a, Dual) else Dual(a, arb(0), level)
    b = b if isinstance(b, Dual) else Dual(b, arb(0), level)
    return Dual(getattr(a.v, pick)(b.v), a.t.union(b.t), level)


def _first_order(x) -> bool:
    return not isinstance(x, Dual) or not isinstance(x.v, Dual) and not isinstance(x.t, Dual) and x.level == 1


def strip(x):
    """sg(x): no derivative of any order passes through it."""
    return base(x)


#: The functions of one argument, by the SymPy class that writes them (arccos and arcsin on
#: [-1, 1] only, the others everywhere)
#: (\cos …: latex/elementary.py).
ONE_ARGUMENT = {sp.exp: exp, sp.Abs: absolute, sp.cos: cos, sp.sin: sin, sp.tan: tan, sp.tanh: tanh, sp.cosh: cosh,
                sp.sinh: sinh,
                sp.acos: acos, sp.asin: asin, sp.atan: atan, sp.atanh: atanh, sp.acosh: acosh, sp.asinh: asinh}

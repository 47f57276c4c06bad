"""Evaluate concrete expressions in ball arithmetic and compare the two sides of a link.

Every value is an arb ball (python-flint): a midpoint and a radius that provably
encloses the exact value.  So a comparison is *certain* when the ball of
``rhs - lhs`` excludes zero, whatever cancellation happened on the way (at τ = 1e-300,
``-x/τ + log(e^{x/τ+1})`` is a ball ``[1 ± 1e240]`` at 60 digits, not a wrong 0).
When the ball is too wide the precision doubles, up to a cap.

Tiny values are never chopped: a ball around ``e^{-100} - e^{-101}`` has a radius far
below the value, so it is resolved as non-zero.  Zero-containing balls count as a tie
only when their radius is negligible next to the sides.

The precision of python-flint lives in one global context; every evaluation here
sets it with :func:`.precision.working_bits`, which always restores it.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import mpmath
import sympy as sp
from flint import arb, fmpq
from sympy.printing.pycode import MpmathPrinter

from ...model.claims import Relation
from .dual import acos as dual_acos, acosh as dual_acosh, asin as dual_asin, atanh as dual_atanh, equal_indices, \
    in_domain, nonzero, power
from .failures import Undefined
from .indices import binomial, var_key
from .mp_definedness import MpmathCompiled
from .precision import digits_to_bits, working_bits


class Status(enum.Enum):
    HOLDS = "holds"            # the relation holds at the point, certainly
    VIOLATED = "violated"      # it fails at the point, certainly
    TIE = "tie"                # the sides agree to the precision: holds for =, ≤, ≥; unsettled for <, >
    UNDEFINED = "undefined"    # a side is not a real number here (log of a negative, 0/0, …)
    UNRESOLVED = "unresolved"  # the precision cap was reached before the balls separated


@dataclass(frozen=True)
class Comparison:
    status: Status
    lhs: tuple
    rhs: tuple
    digits: int
    gap: object = None


# --- compiling SymPy to ball arithmetic ------------------------------------------

def _ball(x):
    if isinstance(x, arb):
        return x
    if isinstance(x, Fraction):
        return arb(fmpq(x.numerator, x.denominator))
    if isinstance(x, str):
        return arb(x)
    return arb(x)


def _max(*args):
    result = _ball(args[0])
    for a in args[1:]:
        result = result.max(_ball(a))
    return result


def _min(*args):
    result = _ball(args[0])
    for a in args[1:]:
        result = result.min(_ball(a))
    return result


def _heaviside(x):
    x = _ball(x)
    if x > 0:
        return arb(1)
    if x < 0:
        return arb(0)
    return arb(0.5, 0.5)


def _pow(base, exponent):
    base = _ball(base)
    if isinstance(exponent, int):
        return power(base, exponent)     # not base ** exponent: nan for a ball around 0
    return base ** _ball(exponent)


def _where_defined(value, checks):
    """The value where each check (dual.nonzero, dual.in_domain on its argument) says the
    written form is defined, with their verdicts as this evaluator's failures: certainly
    not (Undefined) as a division by 0, not resolved as a ValueError."""
    try:
        for check in checks:
            check()
    except Undefined as exc:
        raise ZeroDivisionError(str(exc)) from None
    except ArithmeticError as exc:
        raise ValueError(str(exc)) from None
    return value


def _not_real():
    """SymPy folds log(-3) into log(3) + iπ: such a side is not a real number."""
    raise ValueError("not a real number")


_NAMESPACE = {
    "mpf": _ball, "exp": lambda a: _ball(a).exp(), "log": lambda a: _ball(a).log(),
    "sqrt": lambda a: _ball(a).sqrt(), "fabs": lambda a: abs(_ball(a)),
    "e": arb.const_e(), "pi": arb.pi(), "max": _max, "min": _min, "_heaviside": _heaviside,
    # sign(x) is SymPy's derivative of |x|: at exactly 0 there is none, so [-1, 1], unresolved
    "sign": lambda a: _ball(a).sgn() if not _ball(a).is_zero() else arb(0, 1),
    # a step's derivative: 0 away from the jump, none at it (a division by 0, undefined)
    "DiracDelta": lambda a, *order: _where_defined(arb(0), [lambda: nonzero(_ball(a))]),
    "cos": lambda a: _ball(a).cos(), "sin": lambda a: _ball(a).sin(), "tanh": lambda a: _ball(a).tanh(),
    "tan": lambda a: _ball(a).tan(),
    "cosh": lambda a: _ball(a).cosh(), "sinh": lambda a: _ball(a).sinh(),
    # arccos and arcsin: on [-1, 1] only (dual.py says where they are not resolved)
    "acos": lambda a: _where_defined(None, [lambda: dual_acos(_ball(a))]) or _ball(a).acos(),
    "asin": lambda a: _where_defined(None, [lambda: dual_asin(_ball(a))]) or _ball(a).asin(), "atan": lambda a: _ball(a).atan(),
    # arctanh on (-1, 1), arccosh on [1, ∞) (dual.py), arcsinh everywhere
    "atanh": lambda a: _where_defined(None, [lambda: dual_atanh(_ball(a))]) or _ball(a).atanh(),
    "acosh": lambda a: _where_defined(None, [lambda: dual_acosh(_ball(a))]) or _ball(a).acosh(),
    "asinh": lambda a: _ball(a).asinh(),
    "_not_real": _not_real, "_pow": _pow,
    # |x| rewritten by SymPy as sqrt(x·conj(x)) (x not known real): conj is the identity on
    # the real balls evaluated here; a non-real x is a NaN ball, the side undefined
    "conjugate": _ball,
    "_cancelled": lambda value, *lost: _where_defined(value, [lambda f=f: nonzero(_ball(f)) for f in lost]),
    "_folded": lambda value, argument, strict: _where_defined(
        value, [lambda: in_domain(_ball(argument), bool(_ball(strict) > 0))]),
    "binomial": lambda n, k: arb(binomial(int(_ball(n).unique_fmpz()), int(_ball(k).unique_fmpz()))),
    "KroneckerDelta": lambda a, b: equal_indices(_ball(a), _ball(b)),
}


class _BallPrinter(MpmathPrinter):
    def _print__NMax(self, expr):
        return "max(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print__NMin(self, expr):
        return "min(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_Max(self, expr):
        return "max(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_Min(self, expr):
        return "min(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_Pow(self, expr, rational=False):
        # a whole power through _pow: arb ** n is nan for a ball around 0 that is not exactly 0
        # (x_1 - x_1 w/w, a tie of two inexact values), which sent the side to the costly
        # mpmath definedness check at every such point
        if expr.exp.is_Integer:
            return "_pow(%s, %d)" % (self._print(expr.base), int(expr.exp))
        return super()._print_Pow(expr, rational=rational)

    def _print_Heaviside(self, expr):
        return "_heaviside(%s)" % self._print(expr.args[0])

    def _print_Cancelled(self, expr):
        return "_cancelled(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_Folded(self, expr):
        return "_folded(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_Exp1(self, expr):
        return "e()"

    def _print_Pi(self, expr):
        return "pi()"

    def _print_ImaginaryUnit(self, expr):
        return "_not_real()"

    def _print_ComplexInfinity(self, expr):
        return "_not_real()"      # 1/0, as SymPy folds it

    def _print_NaN(self, expr):
        return "_not_real()"

    def _print_Float(self, expr):
        return "mpf(%r)" % str(sp.Rational(expr))


# arb constants must be computed at the precision in force when they are used.
_NAMESPACE["e"] = lambda: arb.const_e()
_NAMESPACE["pi"] = lambda: arb.pi()


class _NMax(sp.Function):
    """An inert n-ary max: rebuilding SymPy's Max re-runs its costly simplification."""


class _NMin(sp.Function):
    """An inert n-ary min."""


def _inert(expr: sp.Basic, symbols: dict) -> sp.Basic:
    expr = expr.replace(lambda e: isinstance(e, sp.Max), lambda e: _NMax(*e.args))
    expr = expr.replace(lambda e: isinstance(e, sp.Min), lambda e: _NMin(*e.args))
    return expr.xreplace(symbols)


def _unused_prefix(exprs: Sequence[sp.Basic]) -> str:
    taken = {str(s) for e in exprs for s in e.atoms(sp.Symbol)}
    prefix = "_cv"
    while any(name.startswith(prefix) for name in taken):
        prefix += "_"
    return prefix


_COMPILED: dict = {}


def compiled(exprs: Sequence[sp.Expr], symbols: Sequence[sp.Basic]) -> "Compiled":
    """A memoised :class:`Compiled`: sides repeat across the steps of a chain."""
    key = (tuple(exprs), tuple(symbols))
    found = _COMPILED.get(key)
    if found is None:
        if len(_COMPILED) > 20_000:
            _COMPILED.clear()
        found = _COMPILED[key] = Compiled(exprs, symbols)
    return found


class Compiled:
    """Scalar expressions compiled to one Python function over arb balls."""

    def __init__(self, exprs: Sequence[sp.Expr], symbols: Sequence[sp.Basic]):
        printer = _BallPrinter({"fully_qualified_modules": False, "inline": True,
                                "allow_unknown_functions": True, "user_functions": {}})
        exprs = [sp.sympify(e) for e in exprs]
        self.exprs = tuple(exprs)
        self.symbols = tuple(symbols)
        self.keys = tuple(var_key(s) for s in symbols)
        # Plain symbols in place of Indexed elements: lambdify would otherwise rebuild
        # every node to substitute them. Not Dummies: lambdify replaces Dummy arguments
        # again, node by node (most of the time of a long side). The prefix is one that
        # no name in the sides starts with, so no argument can stand for another symbol.
        prefix = _unused_prefix(exprs)
        plain = {s: sp.Symbol(f"{prefix}{n}") for n, s in enumerate(symbols)}
        inert = [_inert(e, plain) for e in exprs]
        self._fn = sp.lambdify([plain[s] for s in symbols], inert, modules=[dict(_NAMESPACE)],
                               printer=printer, cse=sum(sp.count_ops(e) for e in inert) > 40)
        self._mp = None

    def __call__(self, values: Sequence, bits: int):
        """Balls at ``bits`` of precision; None when a value is not a finite real ball."""
        with working_bits(bits):
            try:
                out = self._fn(*[_ball(v) for v in values])
            except (ZeroDivisionError, ValueError, TypeError, OverflowError):
                return None
        result = []
        for v in out:
            v = _ball(v)
            if not v.is_finite():
                return None
            result.append(v)
        return tuple(result)

    def evaluate(self, point: dict, bits: int):
        """The side at a point (symbol → value): a tuple of balls, or None if not resolved."""
        return self([point[k] for k in self.keys], bits)

    def is_undefined(self, point: dict, digits: int = 30) -> bool:
        """Whether a side is not a real number at the point (complex, division by zero, ±inf),
        asked of mpmath at two precisions in a local context."""
        if self._mp is None:
            self._mp = MpmathCompiled(self.exprs, self.symbols)
        values = [point[k] for k in self.keys]
        return all(self._mp.undefined(values, d) for d in (digits, 4 * digits))


@dataclass
class Sides:
    lhs: Compiled
    rhs: Compiled


# --- comparing -------------------------------------------------------------------

def _gaps(relation: Relation, left, right):
    """Balls whose signs decide the relation, each with the scale it is measured against."""
    if relation is Relation.SAME_DIRECTION:
        nl = sum((x * x for x in left), arb(0)).sqrt()
        nr = sum((x * x for x in right), arb(0)).sqrt()
        if not (nl > 0 and nr > 0):
            # A zero (or not yet separated from zero) gradient: compare the norms.
            return [(nr - nl, abs(nl) + abs(nr))]
        return [(r / nr - l / nl, arb(1)) for l, r in zip(left, right)]
    return [(r - l, abs(l) + abs(r)) for l, r in zip(left, right)]


def compare(sides: Sides, relation: Relation, point: dict, digits: int,
            max_digits: int) -> Comparison:
    """Decide ``lhs relation rhs`` at a point (a dict from symbols to values), doubling
    the precision until the balls separate or agree within a negligible radius."""
    d = digits
    while True:
        bits = digits_to_bits(d)
        left, right = sides.lhs.evaluate(point, bits), sides.rhs.evaluate(point, bits)
        if left == "undefined" or right == "undefined":
            return Comparison(Status.UNDEFINED, left if isinstance(left, tuple) else (),
                              right if isinstance(right, tuple) else (), d)
        if left is None or right is None:
            # A ball that is not finite: undefined, or more digits are needed.
            side = sides.lhs if left is None else sides.rhs
            if d >= 4 * digits and side.is_undefined(point):
                # the other side keeps its value where it has one (a witness shows it)
                return Comparison(Status.UNDEFINED, left if left is not None else (),
                                  right if right is not None else (), d)
        elif len(left) != len(right):
            return Comparison(Status.VIOLATED, left, right, d)
        else:
            with working_bits(bits):
                status, gap = _decide(relation, _gaps(relation, left, right), d)
            # A tie satisfies = ≤ ≥ within the tolerance, but decides nothing for < and >:
            # there the precision keeps rising, since a gap of e^-3000 is not a tie.
            settled = status is not None and not (status is Status.TIE and relation.is_strict
                                                  and 2 * d <= max_digits)
            if settled:
                return Comparison(status, left, right, d, gap)
        if 2 * d > max_digits:
            return Comparison(Status.UNRESOLVED, left or (), right or (), d)
        d *= 2


def _decide(relation: Relation, gaps, digits: int):
    """Three-valued decision on balls; (None, gap) asks for more precision."""
    tie = None
    worst = None
    tolerance = arb(10) ** (-(digits // 2))
    for gap, scale in gaps:
        if gap > 0 or gap < 0:
            sign = 1 if gap > 0 else -1
            if relation in (Relation.EQ, Relation.SAME_DIRECTION) or _sign_violates(relation, sign):
                return Status.VIOLATED, gap
            worst = gap if worst is None else worst
            continue
        # The ball holds zero: a tie when its radius is negligible next to the sides.
        radius = gap.rad()
        bound = tolerance * (scale.abs_upper() if scale.abs_upper() > 1 else arb(1))
        if not (radius < bound):
            return None, gap
        tie = gap
    if tie is not None:
        return Status.TIE, tie
    return Status.HOLDS, worst


def _sign_violates(relation: Relation, sign: int) -> bool:
    """For ``l rel r`` with gap = r - l of the given sign."""
    if relation in (Relation.LT, Relation.LE):
        return sign < 0
    if relation in (Relation.GT, Relation.GE):
        return sign > 0
    return False


# --- display ---------------------------------------------------------------------

def format_number(value, significant: int = 20) -> str:
    """The midpoint of a ball as a readable decimal: ``0.69314718055994530942``, ``1.0e+300``."""
    if value is None:
        return "undefined"
    if isinstance(value, arb):
        if value.is_exact() and value.is_integer() and abs(value) < arb(10) ** significant:
            # an exact whole number (a count, an indicator) as written: 1, not 1.0000000000000000000
            return str(value.unique_fmpz())
        text = value.mid().str(significant, radius=False)
        return _short_exponent(text.strip("[]"))
    return _short_exponent(mpmath.nstr(value, significant))


def _short_exponent(text: str) -> str:
    """An exponent of more than twelve digits (e^{-1/τ} at τ = 10^{-300}: 1.8e-434294481903…, 300
    digits) written by its size, ``1.8381560062887499788e-(4.3429…×10^299)``: its digits say nothing
    a reader can use, and a message of 300 digits hides the rest."""
    found = re.search(r"e([+-]?)(\d{13,})$", text)
    if found is None:
        return text
    digits = found.group(2)
    return f"{text[:found.start()]}e{found.group(1)}({digits[0]}.{digits[1:5]}…×10^{len(digits) - 1})"


def format_side(values: tuple, significant: int = 20) -> str:
    if not values:
        return "undefined"
    if len(values) == 1:
        return format_number(values[0], significant)
    return "(" + ", ".join(format_number(v, significant) for v in values) + ")"

"""Whether a side is a real number at a point, asked of mpmath where the balls gave no
finite value: division by 0, ±inf, and every intermediate value that is not real (a log of
a negative whose modulus mpmath would happily take) make it undefined."""
from __future__ import annotations

import functools
import types
from fractions import Fraction

import mpmath
import sympy as sp
from sympy.printing.pycode import MpmathPrinter


class _UndefinedAsNan(MpmathPrinter):
    """1/0 (SymPy's zoo) and nan are not numbers: printed as the context's nan."""

    def _print_ComplexInfinity(self, expr):
        return "nan"

    _print_NaN = _print_ComplexInfinity

    def _print_Heaviside(self, expr):
        # a step of a value that is not a number is not a number: never a comparison SymPy refuses
        return "_step(%s)" % self._print(expr.args[0])

    def _print_Cancelled(self, expr):
        # a²/a where a = 0: as 0/0, not a number
        return "_mp_cancelled(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_Folded(self, expr):
        return "_mp_folded(%s)" % ", ".join(self._print(a) for a in expr.args)

    def _print_DiracDelta(self, expr):
        return "_mp_delta(%s)" % self._print(expr.args[0])

    def _print_Pow(self, expr, rational=False):
        # mpf ** mpf of a negative base is an mpc: through _real_pow, that is not a number
        return "_real_pow(%s, %s)" % (self._print(expr.base), self._print(expr.exp))


def _real(value):
    """A value of the real semantics: an intermediate that is not real (log of a negative,
    whose modulus |log(−1/3)| mpmath would happily take) makes the side undefined."""
    if getattr(value, "imag", 0) != 0:
        raise ValueError("not a real number")
    return value


def _real_valued(function):
    return lambda *args: _real(function(*args))


_FUNCTIONS = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)


def _real_pow(base, exponent):
    return _real(base ** exponent)


def _mp_cancelled(value, *lost):
    return value if all(f != 0 for f in lost) else value * float("nan")


def _mp_folded(value, argument, strict):
    return value if argument > 0 or not strict and argument == 0 else value * float("nan")


def _mp_delta(x):
    return x * 0 if x != 0 else x * float("nan")


def _mp_step(x):
    return x * 0 if not abs(x) < float("inf") else (x > 0) * 1


class MpmathCompiled:
    def __init__(self, exprs, symbols):
        self.ctx = mpmath.MPContext()
        ns = {n: getattr(self.ctx, n) for n in dir(self.ctx) if not n.startswith("_")}
        # functions only: mpmath's constants (pi, e) are callable too, and stay numbers
        ns = {n: _real_valued(f) if isinstance(f, _FUNCTIONS) else f for n, f in ns.items()}
        ns.update({"max": max, "min": min, "_step": _mp_step, "_mp_cancelled": _mp_cancelled, "_mp_folded": _mp_folded,
                   "KroneckerDelta": lambda a, b: 1 if a == b else 0,
                   "_mp_delta": _mp_delta,
                   "_real_pow": _real_pow})
        self._fn = sp.lambdify(list(symbols), list(exprs), modules=[ns, "mpmath"],
                               printer=_UndefinedAsNan({"fully_qualified_modules": False, "inline": True,
                                                        "allow_unknown_functions": True, "user_functions": {}}))

    def undefined(self, values, digits) -> bool:
        ctx = self.ctx
        with ctx.workdps(digits):
            try:
                out = self._fn(*[ctx.mpf(v.numerator) / v.denominator if isinstance(v, Fraction)
                                 else ctx.mpf(v) for v in values])
            except (ZeroDivisionError, ValueError, TypeError):
                return True
            except (OverflowError, MemoryError):
                return False      # too large to write out here (e^{e^{10^300}}): not shown undefined
            for v in out:
                # The context has its own mpf/mpc classes, so test by value, not by type.
                if getattr(v, "imag", 0) != 0:
                    return True
                if not ctx.isfinite(v):
                    return True
        return False

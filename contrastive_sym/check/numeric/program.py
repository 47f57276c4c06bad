"""Compile a SymPy expression to Python closures over arb balls, sums kept as loops.

Expanding ``Σ_{k=1}^{N}`` with ``.doit()`` and then ``lambdify`` costs tens of
milliseconds per expression in SymPy's assumption system, and differentiating the
expansion costs seconds; evaluating costs microseconds.  So expressions are compiled
directly: each node becomes a closure, a sum a loop over its (integer) index, an indexed
element a lookup of a sampled value; sizes and free indices are bound when compiling.

Every derivative the encodings use is a directional derivative, so it is evaluated
in forward mode with dual numbers (value, tangent), both arb balls:

* ``∂F/∂x`` seeds the tangent 1 on ``x``;
* ``∇F = Σ_k ∂F/∂g_k ∇g_k`` seeds each ``g_k`` with the sampled direction ``∇g_k``;
* ``∂/∂θ F(z + θ v)`` at ``θ = 0`` seeds ``θ`` with 1.

A stop-gradient passes the value and drops the tangent.
"""
from __future__ import annotations

import collections
import itertools

from fractions import Fraction

import sympy as sp
from flint import arb, fmpq
from sympy.core.function import AppliedUndef

from ...model.distributions import DISTRIBUTION_NODES
from ...model.nodes import BigO, Cancelled, Folded, Guarded, LittleO, MaxOver, Nabla, StopGrad, Vector
from . import dual
from .cancellations import logistic_complement, over_one_plus
from .dual import Dual, base, extremum, log, not_real, power, real_power, reciprocal, sqrt, strip
from .failures import Undefined, Unsupported
from .forward_mode import ForwardModeMixin, Seed
from ...model.binders import fresh_bound_indices
from .exact_rational import NotRational, in_domain, on_interval, rational_function
from .indices import int_of, is_index_mask, key_symbol, whole_number_function
from .precision import working_bits

UNDEFINED = "undefined"
# an application f(x) of a declared function is a variable of the expanded instance
_UNSUPPORTED = (sp.Limit, LittleO, BigO, sp.MatrixBase, AppliedUndef) + DISTRIBUTION_NODES


def supports(expr: sp.Basic) -> bool:
    return not expr.has(*_UNSUPPORTED)


def _is_member(condition) -> bool:
    """A membership read as a number: exactly 1 or exactly 0; anything else is not
    resolved (the point is undecided, never guessed)."""
    value = base(condition)
    if value.is_zero():
        return False
    if (value - 1).is_zero():
        return True
    raise ArithmeticError("a membership that is not exactly 0 or 1")


def _as_arb(x):
    if isinstance(x, Dual):
        raise Unsupported("a derivative left a dual number at the top")
    return x if isinstance(x, arb) else arb(x)


# --- compiling ---------------------------------------------------------------------

_UNBOUND = object()


class Program(ForwardModeMixin):
    """One scalar expression, compiled; call it with a point (key → value) and a precision."""

    def __init__(self, expr: sp.Basic, fixed: dict):
        self.fixed = {k: int(v) for k, v in fixed.items()}
        self.reads: set = set()
        self._recording = True
        # the derivatives being taken, outermost first: a value read under them carries
        # one tangent per level (∂/∂x ∂F/∂y: a dual of a dual)
        self._seeds: list[Seed] = []
        self._overrides: dict = {}
        self._point: dict = {}
        self._balls: dict = {}
        # A sum over a fixed symbol (a size, a free index, a Vector component) must
        # not read the fixed value: rename such bound indices first.
        self._fn = self._compile(fresh_bound_indices(sp.sympify(expr), self.fixed))
        self._dry_run(sp.sympify(expr))

    def _dry_run(self, expr: sp.Basic):
        """Evaluate with every variable 1, recording which ones the expression reads; where
        that stops early (a_2 / (a_1 − 1) divides by zero there, log(a_1 − a_2) is undefined),
        again with values that differ from each other, until one evaluation reads it all."""
        self._recording = True
        # the last: small values, for an argument that must lie in [-1, 1] (\\arccos of a dot product)
        for first, step in ((1, 0), (2, 1), (-3, -2), (5, 7), (0, Fraction(1, 1000))):
            counter = itertools.count(1)
            # the n-th variable read is first + step·n/7: all 1, then values apart
            self._point = collections.defaultdict(lambda: Fraction(first * 7 + step * next(counter), 7))
            self._balls = {}
            try:
                with working_bits(64):
                    self._fn({})
                break
            except (ArithmeticError, ValueError, Undefined):
                continue
        else:
            # stopped early at every trial: at least every plain variable of the expression is
            # read (an entry of a family whose index is computed cannot be known here)
            labels = {base.label for base in expr.atoms(sp.IndexedBase)}
            self.reads |= {s for s in expr.free_symbols
                           if isinstance(s, sp.Symbol) and not s.is_integer and s not in self.fixed and s not in labels}
        self._recording = False

    def __call__(self, point: dict, bits: int):
        """The value as an arb ball; None when the ball is not finite (not resolved at this
        precision); UNDEFINED when the value is certainly not a real number."""
        self._point = point
        self._balls = {}
        with working_bits(bits):
            try:
                value = _as_arb(self._fn({}))
            except Undefined:
                return UNDEFINED
            except (ZeroDivisionError, ValueError, ArithmeticError):
                return None
        return value if value.is_finite() else None

    def _exact(self, key) -> fmpq:
        """A sampled value as an exact rational, for :mod:`.exact_rational`."""
        v = self._overrides[key] if key in self._overrides else self._point.get(key)
        if isinstance(v, (int, Fraction)) and not isinstance(v, bool):
            return fmpq(v.numerator, v.denominator)
        raise NotRational(f"{key} is not an exact rational here")

    def _read(self, key):
        if key in self._overrides:    # bound by a derivative taken at a point
            v = self._overrides[key]
            value = arb(fmpq(v.numerator, v.denominator)) if isinstance(v, Fraction) else arb(v)
        else:
            value = self._balls.get(key)
            if value is None:   # each value becomes a ball once per evaluation
                if self._recording:
                    self.reads.add(key)
                if not self._recording and key not in self._point:
                    # the dry run stopped before reading it at every trial point: never a crash
                    raise Unsupported(f"a value no trial evaluation read ({key})")
                v = self._point[key]
                value = arb(fmpq(v.numerator, v.denominator)) if isinstance(v, Fraction) else arb(v)
                self._balls[key] = value
        for level, seed in enumerate(self._seeds, 1):
            tangent = seed.tangent_of(key)
            if tangent is not None:
                value = Dual(value, tangent, level)
        return value

    def _compile(self, e: sp.Basic):
        if e is sp.I or e is sp.zoo or e is sp.nan:
            # SymPy folds log(-3) into log(3) + iπ, 1/0 into zoo and 0/0 into nan (a Number,
            # so this comes first)
            return not_real
        if e.is_Number:
            r = sp.Rational(e) if e.is_Float else e
            if not r.is_Rational:
                raise Unsupported(f"number {e}")
            p, q = int(r.p), int(r.q)
            return (lambda env: arb(p)) if q == 1 else (lambda env: arb(fmpq(p, q)))
        if e is sp.E:
            return lambda env: arb.const_e()
        if e is sp.pi:
            return lambda env: arb.pi()
        if isinstance(e, sp.Symbol):
            if e in self.fixed:
                value = self.fixed[e]
                return lambda env: arb(value)
            if e.is_integer:
                return lambda env: arb(env[e]) if e in env else self._read(e)
            return lambda env: self._read(e)
        if isinstance(e, sp.Indexed):
            label = e.base.label
            idx = [int_of(i, self.fixed) for i in e.indices]
            if len(idx) == 1:
                (f1,) = idx
                return lambda env: self._read((label, f1(env)))
            if len(idx) == 2:
                f1, f2 = idx
                return lambda env: self._read((label, f1(env), f2(env)))
            return lambda env: self._read((label,) + tuple(f(env) for f in idx))
        if isinstance(e, sp.Add):
            complement = logistic_complement(e)
            if complement is not None:      # 1 - 1/(1 + X) as X/(1 + X): cancellations.py
                inner = self._compile(complement)
                return lambda env: over_one_plus(inner(env))
            parts = [self._compile(a) for a in e.args]

            def add(env):
                total = parts[0](env)
                for p in parts[1:]:
                    total = total + p(env)
                return total
            return add
        if isinstance(e, sp.Mul):
            masks = [a for a in e.args if is_index_mask(a)]
            # a product of masks only (δ_{i,k} δ_{j,l}) is a plain product: splitting it
            # again into masks and the rest would never end
            if masks and len(masks) < len(e.args):
                # 1[k ≠ i]·f(k): when the mask is 0 the term is absent, so f(k) is not
                # evaluated (nor its variables read).
                mask = self._compile(sp.Mul(*masks))
                rest = self._compile(sp.Mul(*[a for a in e.args if not is_index_mask(a)]))

                def masked(env):
                    m = mask(env)
                    return m if m.is_zero() else m * rest(env)
                return masked
            parts = [self._compile(a) for a in e.args]

            def mul(env):
                total = parts[0](env)
                for p in parts[1:]:
                    total = total * p(env)
                return total
            return mul
        if isinstance(e, sp.Pow):
            return self._compile_pow(e)
        if isinstance(e, sp.log):
            if len(e.args) != 1:
                raise Unsupported("log with a base")
            arg = self._compile(e.args[0])
            return lambda env: log(arg(env))
        if isinstance(e, sp.DiracDelta):
            # the derivative of a step: 0 away from its jump, none at it
            arg = self._compile(e.args[0])
            return lambda env: dual.nonzero(arg(env)) and arb(0)
        if isinstance(e, sp.Heaviside) and len(e.args) == 2 and e.args[1] in (0, 1):
            arg, at_zero = self._compile(e.args[0]), int(e.args[1])    # 1[a > b] (latex/translate/labels.py)
            return lambda env: dual.step(arg(env), at_zero)
        if isinstance(e, sp.conjugate):
            # SymPy rewrites |x| as sqrt(x·conj(x)) when it cannot tell x real (log of a
            # sum of unknown sign); over the reals conj is the identity, and a non-real x
            # is a side undefined, which its own evaluation reports
            return self._compile(e.args[0])
        if type(e) in dual.ONE_ARGUMENT:
            arg, function = self._compile(e.args[0]), dual.ONE_ARGUMENT[type(e)]
            exact = rational_function(e.args[0], self.fixed, self._exact) if hasattr(function, "interval") else None
            if exact is None:
                return lambda env: function(arg(env))
            return lambda env: on_interval(function, arg(env), exact, env)
        if isinstance(e, StopGrad):
            arg = self._compile(e.args[0])
            return lambda env: strip(arg(env))
        if isinstance(e, (sp.Max, sp.Min)):
            parts = [self._compile(a) for a in e.args]
            pick = "max" if isinstance(e, sp.Max) else "min"

            def extreme(env):
                out = parts[0](env)
                for p in parts[1:]:
                    out = extremum(out, p(env), pick)
                return out
            return extreme
        if isinstance(e, (Cancelled, Folded)):     # a²/a, e^{log a}: a where the written form is defined
            return self._compile_cancelled(e)
        if isinstance(e, sp.KroneckerDelta) and e.has(sp.Indexed):
            # 𝟙[y_i = c] of an index drawn by sampling (W_{y_i}: latex/translate/index_families.py)
            first, second = self._compile(e.args[0]), self._compile(e.args[1])
            return lambda env: dual.equal_indices(first(env), second(env))
        if isinstance(e, (sp.KroneckerDelta, sp.binomial)):     # of whole numbers: δ_{ij}, \binom{N}{2}
            return whole_number_function(e, self.fixed)
        if isinstance(e, (sp.Sum, sp.Product)):
            return self._compile_sum(e)
        if isinstance(e, MaxOver):
            return self._compile_max_over(e)
        if isinstance(e, Nabla):
            return self._compile_nabla(e)
        if isinstance(e, sp.Derivative):
            return self._compile_derivative(e)
        if isinstance(e, sp.Subs):
            return self._compile_subs(e)
        raise Unsupported(f"{type(e).__name__}")

    def _compile_pow(self, e: sp.Pow):
        base = self._compile(e.base)
        if e.exp.is_Integer:
            n = int(e.exp)
            return (lambda env: reciprocal(power(base(env), -n))) if n < 0 else (lambda env: power(base(env), n))
        # a sum of squares is ≥ 0 though its ball may hold negatives (u_i − u_i at i = j)
        nonnegative = _squares(e.base)
        if e.exp.is_integer:
            # a^i under \sum_i: a whole power at each value of i, so 0^1 = 0 and its derivative 1 (as
            # e^{i·log a} they were undefined at a = 0, and d/da Σ_i a^i with them)
            exponent = self._compile(e.exp)
            return lambda env: dual.whole_power(base(env), exponent(env), nonnegative)
        if e.exp == sp.Rational(-1, 2):
            return lambda env: reciprocal(sqrt(base(env)))
        if e.exp == sp.Rational(1, 2) and not nonnegative:
            return lambda env: sqrt(base(env))
        exponent = self._compile(e.exp)
        return lambda env: real_power(base(env), exponent(env), nonnegative)

    def _compile_sum(self, e):
        """A sum, or a product (its factors multiplied; an empty product is 1)."""
        f = self._compile(e.function)
        # SymPy lists the limits innermost first (Sum(f, (j, i+1, N), (i, 1, N)) is
        # Σ_i Σ_j f): the loop runs them outermost first, so an inner bound may read i.
        limits = [(k, int_of(lo, self.fixed), int_of(hi, self.fixed)) for k, lo, hi in reversed(e.limits)]
        product = isinstance(e, sp.Product)

        last = len(limits) - 1

        def total_over(env, depth=0):
            # The summation index is bound in env for the loop and unbound afterwards.
            k, lo, hi = limits[depth]
            total = arb(1) if product else arb(0)
            saved = env.get(k, _UNBOUND)
            try:
                for v in range(lo(env), hi(env) + 1):
                    env[k] = v
                    term = f(env) if depth == last else total_over(env, depth + 1)
                    total = total * term if product else total + term
            finally:
                if saved is _UNBOUND:
                    env.pop(k, None)
                else:
                    env[k] = saved
            return total
        return total_over

    def _compile_cancelled(self, e):
        if isinstance(e, Folded):
            value, argument, strict = self._compile(e.args[0]), self._compile(e.args[1]), bool(e.args[2])
            exact = rational_function(e.args[1], self.fixed, self._exact)
            return lambda env: in_domain(argument(env), strict, exact, env) and value(env)
        value, lost = self._compile(e.args[0]), [self._compile(f) for f in e.args[1:]]

        def defined(env):
            for factor in lost:
                dual.nonzero(factor(env))
            return value(env)
        return defined

    def _compile_max_over(self, e: MaxOver):
        body, k, lo, hi, *skip = e.args
        guarded = isinstance(body, Guarded)
        f = self._compile(body.args[0] if guarded else body)
        member = self._compile(body.args[1]) if guarded else None
        lo_f, hi_f = int_of(lo, self.fixed), int_of(hi, self.fixed)
        skip_f = int_of(skip[0], self.fixed) if skip else (lambda env: None)

        def max_over(env):
            out, left_out = None, skip_f(env)
            for v in range(lo_f(env), hi_f(env) + 1):
                if v == left_out:
                    continue
                at = {**env, k: v}    # a fresh env: max ranges are short
                if member is not None and not _is_member(member(at)):
                    continue
                x = f(at)
                out = x if out is None else extremum(out, x, "max")
            if out is None:
                raise Undefined("max over an empty range")
            return out
        return max_over

class ProgramSet:
    """The components of one side, compiled; reads and evaluates points keyed by :func:`var_key`.

    A :class:`Vector` side has one component per coordinate.
    """

    def __init__(self, exprs, fixed: dict):
        self.programs = []
        for e in exprs:
            self._add(e, fixed)
        self.keys = sorted(set().union(*(p.reads for p in self.programs)), key=str)
        self.symbols = tuple(key_symbol(k) for k in self.keys)

    def _add(self, e, fixed: dict) -> None:
        if isinstance(e, Vector):
            # a Vector of Vectors (a matrix) has one program per entry, row by row
            body, m, d = e.args
            size = int(d.xreplace({k: sp.Integer(v) for k, v in fixed.items()}))
            for c in range(1, size + 1):
                self._add(body, {**fixed, m: c})
        else:
            self.programs.append(Program(e, fixed))

    def evaluate(self, point: dict, bits: int):
        """The side at a point: a tuple of balls, None, or UNDEFINED."""
        out = []
        for program in self.programs:
            value = program(point, bits)
            if value is None or value is UNDEFINED:
                return value
            out.append(value)
        return tuple(out)

    def is_undefined(self, point: dict) -> bool:
        return False  # certainly-undefined values are reported by evaluate itself


class DirectionSide:
    """A gradient side read as a direction: its coefficients on the basis ∇g_1, ∇g_2, …,
    got by evaluating it with each basis direction set to 1 and the others to 0."""

    def __init__(self, side: ProgramSet, basis: tuple):
        self.side, self.basis = side, basis
        self.symbols = tuple(s for s, k in zip(side.symbols, side.keys) if k not in basis)

    def evaluate(self, point: dict, bits: int):
        out = []
        for unit in self.basis:
            at = {**point, **{b: Fraction(1 if b == unit else 0) for b in self.basis}}
            part = self.side.evaluate(at, bits)
            if not isinstance(part, tuple):
                return part
            out += part
        return tuple(out)

    def is_undefined(self, point: dict) -> bool:
        return False


_PROGRAMS: dict = {}


def program_set(exprs, fixed: dict) -> ProgramSet:
    """A memoised :class:`ProgramSet` (the steps of a chain share their sides)."""
    key = (tuple(exprs), tuple(sorted(((k.name, int(v)) for k, v in fixed.items()))))
    found = _PROGRAMS.get(key)
    if found is None:
        if len(_PROGRAMS) > 20_000:
            _PROGRAMS.clear()
        found = _PROGRAMS[key] = ProgramSet(exprs, fixed)
    return found


def _squares(e: sp.Expr) -> bool:
    """Whether ``e`` is ≥ 0 by its form: what SymPy knows so, and sums and positive multiples of
    even powers and absolute values of anything (‖∇_u ℓ‖ = (Σ_m (∂ℓ/∂u_m)²)^{1/2}, whose
    derivatives SymPy does not know to be real; every value evaluated here is real, and one that
    is not is undefined before it is squared)."""
    if e.is_nonnegative or isinstance(e, sp.Abs) or isinstance(e, sp.Pow) and e.exp.is_Integer and e.exp % 2 == 0:
        return True
    if isinstance(e, sp.Sum):
        return _squares(e.function)
    if isinstance(e, (sp.Add, sp.Mul)):
        return all(_squares(a) for a in e.args)
    return False


r"""Exact numbers on small discrete joint distributions: a numeric engine.

Claims such as ``I(X;Y) ≥ E_{p_{XY^K}}[I^K_InfoNCE(x, y_{1:K} | g)]`` are tested
here on joints ``p(x, y)`` with ``|X|, |Y| ≤ 3`` whose entries are exact
rationals.  The sampling model is the one of the FlatNCE literature:

* ``(x, y_1) ~ p_XY`` is the positive pair,
* ``y_2, …, y_K ~ p_Y`` are drawn independently of each other and of ``x``,
* a critic ``g`` is a table ``|X|×|Y|`` of reals and ``g_k = g(x, y_k)``.

Every number is computed in a *local* ``mpmath.MPContext`` whose precision the
caller chooses; the global ``mpmath.mp`` is never read or changed.  This module
computes values only; deciding whether a claim holds is the checkers' job.

>>> import mpmath
>>> ctx = mpmath.MPContext(); ctx.dps = 30
>>> copy = Joint("Y = X", ((Fraction(1, 2), 0), (0, Fraction(1, 2))))
>>> ctx.nstr(mutual_information(copy, ctx), 12)   # log 2
'0.69314718056'
"""
from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, Sequence

import mpmath
import numpy as np
import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from ...errors import BudgetExceeded, ContrastiveVerifyError, InformationInputError, NonFiniteExpectation, UnsupportedBody  # noqa: F401  (re-exported)
from ...model.nodes import strip_stop_grad

# Every number lives in the caller's ``MPContext``; each context has its own mpf
# class, so results are typed by what they are rather than by a class.
Context = mpmath.ctx_mp.MPContext
Real = object  # an mpf of the caller's context

# Full enumeration visits |X|·|Y|^K configurations; beyond this it is too slow.
ENUMERATION_BUDGET = 200_000
# It also expands the body into K terms; SymPy is slow far below the budget's K for
# |Y| = 1, so the expansion has its own limit.
ENUMERATION_MAX_K = 64
# The count path evaluates the body once per (x, y_1, count vector); 2·10^6 of those
# take about half a minute at 60 digits, which is as long as a check should wait.
COUNTS_BUDGET = 2_000_000
# log p(y|x)/p(y) is −∞ where p(x, y) = 0; critics must be finite, and
# e^{−40} ≈ 4·10^{−18} is negligible next to every probability we use.
IMPOSSIBLE_PAIR_LOGIT = -40
# Extra bits for sums of many rounded terms (up to a few thousand weights, each a
# power p^c computed by repeated multiplication), so the result is good to ctx.prec.
GUARD_BITS = 32




# --- joint distributions ------------------------------------------------------------

def _exact(value: object, where: str) -> Fraction:
    """An exact rational from a Fraction, an int or a string such as ``'1/3'``."""
    if isinstance(value, bool) or isinstance(value, float):
        raise InformationInputError(
            f"{where} = {value!r} is a {type(value).__name__}; give an exact "
            f"fractions.Fraction (e.g. Fraction(1, 10)) or a string such as '1/10'")
    if isinstance(value, (Fraction, int)):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise InformationInputError(f"{where} = {value!r} is not a rational number") from None
    raise InformationInputError(f"{where} = {value!r} has type {type(value).__name__}, not a rational")


def _rectangular(name: str, what: str, table: object) -> tuple[tuple[object, ...], ...]:
    if not isinstance(table, (list, tuple)) or not table:
        raise InformationInputError(f"{what} {name!r}: the table must be a non-empty list of rows")
    rows = []
    for i, row in enumerate(table):
        if not isinstance(row, (list, tuple)) or not row:
            raise InformationInputError(f"{what} {name!r}: row {i} = {row!r} is not a non-empty row")
        if rows and len(row) != len(rows[0]):
            raise InformationInputError(
                f"{what} {name!r}: row {i} has {len(row)} entries but row 0 has {len(rows[0])}")
        rows.append(tuple(row))
    return tuple(rows)


@dataclass(frozen=True)
class Joint:
    r"""A joint distribution ``p(x, y)`` on ``{0..|X|-1} × {0..|Y|-1}``, exactly.

    ``table[x][y] = p(x, y)``; entries are ``Fraction`` (ints and strings such as
    ``'1/3'`` are converted), non-negative, and sum to exactly 1.

    >>> bsc = Joint("BSC", (("9/20", "1/20"), ("1/20", "9/20")))
    >>> bsc.p_y
    (Fraction(1, 2), Fraction(1, 2))
    >>> Joint("bad", ((Fraction(1, 2), Fraction(-1, 2)), (1, 0)))
    Traceback (most recent call last):
    ...
    contrastive_sym.errors.InformationInputError: joint 'bad': p[0][1] = -1/2 is negative
    """

    name: str
    table: tuple[tuple[Fraction, ...], ...]

    def __post_init__(self) -> None:
        rows = _rectangular(self.name, "joint", self.table)
        exact = tuple(
            tuple(_exact(p, f"joint {self.name!r}: p[{x}][{y}]") for y, p in enumerate(row))
            for x, row in enumerate(rows))
        for x, row in enumerate(exact):
            for y, p in enumerate(row):
                if p < 0:
                    raise InformationInputError(f"joint {self.name!r}: p[{x}][{y}] = {p} is negative")
        total = sum(itertools.chain.from_iterable(exact))
        if total != 1:
            raise InformationInputError(f"joint {self.name!r}: the entries sum to {total}, not 1")
        object.__setattr__(self, "table", exact)

    @property
    def shape(self) -> tuple[int, int]:
        """``(|X|, |Y|)``."""
        return len(self.table), len(self.table[0])

    @property
    def p_x(self) -> tuple[Fraction, ...]:
        """The marginal ``p(x) = Σ_y p(x, y)``."""
        return tuple(sum(row) for row in self.table)

    @property
    def p_y(self) -> tuple[Fraction, ...]:
        """The marginal ``p(y) = Σ_x p(x, y)``."""
        return tuple(sum(column) for column in zip(*self.table))


def _to_ctx(ctx: Context, q: Fraction) -> Real:
    """``q`` rounded once to the context's precision (``ctx.mpf`` rejects Fractions)."""
    return ctx.mpf(q.numerator) / q.denominator


def mutual_information(joint: Joint, ctx: Context) -> Real:
    r"""``I(X;Y) = Σ_{x,y} p(x,y) log( p(x,y) / (p(x) p(y)) )`` in nats, with ``0·log 0 = 0``.

    The ratio inside the log is exact, so an independent joint gives exactly 0.

    >>> import mpmath
    >>> ctx = mpmath.MPContext(); ctx.dps = 40
    >>> uniform = Joint("independent", ((Fraction(1, 4),) * 2,) * 2)
    >>> mutual_information(uniform, ctx)
    mpf('0.0')
    """
    p_x, p_y = joint.p_x, joint.p_y
    with ctx.workprec(ctx.prec + GUARD_BITS):
        total = ctx.mpf(0)
        for x, row in enumerate(joint.table):
            for y, p in enumerate(row):
                if p:
                    total += _to_ctx(ctx, p) * ctx.log(_to_ctx(ctx, p / (p_x[x] * p_y[y])))
    return +total


def _normalised(name: str, weights: Sequence[Sequence[int]]) -> Joint:
    total = sum(itertools.chain.from_iterable(weights))
    return Joint(name, tuple(tuple(Fraction(w, total) for w in row) for row in weights))


def _product(name: str, p_x: Sequence[Fraction], p_y: Sequence[Fraction]) -> Joint:
    return Joint(name, tuple(tuple(a * b for b in p_y) for a in p_x))


def joint_family(seed: int) -> list[Joint]:
    r"""A deterministic, varied set of joints with ``|X|, |Y| ≤ 3``.

    Fixed members cover independence (product joints, ``I = 0``), deterministic
    joints ``Y = f(X)`` (copies, ``I = log|Y|``), a noisy channel, zero entries
    (Z-channel, banded 3×3, and the copies); three more are drawn from ``seed`` with
    small integer weights, so their entries have small denominators.

    >>> [j.name for j in joint_family(0)][:4]
    ['independent uniform 2x2', 'independent skewed 2x3', 'Y = X on 2', 'Y = X on 3']
    >>> joint_family(7) == joint_family(7)
    True
    """
    half, third = Fraction(1, 2), Fraction(1, 3)
    family = [
        _product("independent uniform 2x2", (half, half), (half, half)),
        _product("independent skewed 2x3", (third, 2 * third), (half, third, Fraction(1, 6))),
        _normalised("Y = X on 2", ((1, 0), (0, 1))),
        _normalised("Y = X on 3", ((1, 0, 0), (0, 1, 0), (0, 0, 1))),
        _normalised("binary symmetric channel eps=1/10", ((9, 1), (1, 9))),
        # x = 0 is always received as 0; x = 1 flips to 0 with probability 1/4.
        _normalised("Z-channel (p(0,1) = 0)", ((4, 0), (1, 3))),
        _normalised("3x3 band (zeros off the band)", ((2, 1, 0), (1, 2, 1), (0, 1, 2))),
    ]
    rng = random.Random(seed)
    for number, shape in enumerate(((2, 2), (2, 3), (3, 3)), start=1):
        weights: list[list[int]] = [[0]]
        while sum(map(sum, weights)) == 0:
            weights = [[rng.randint(0, 4) for _ in range(shape[1])] for _ in range(shape[0])]
        family.append(_normalised(f"random {shape[0]}x{shape[1]} #{number} (seed {seed})", weights))
    return family


# --- critics ----------------------------------------------------------------------

_PARSER = mpmath.MPContext()  # only to validate strings; its precision is never used


def _critic_entry(value: object, where: str) -> Fraction | str:
    if isinstance(value, str) and "/" not in value:  # '1/3' is a rational, not a decimal
        try:
            parsed = _PARSER.mpf(value)
        except (ValueError, TypeError):
            raise InformationInputError(f"{where} = {value!r} is not a number mpmath can read") from None
        if not _PARSER.isfinite(parsed):
            raise InformationInputError(f"{where} = {value!r} is not finite")
        return value
    return _exact(value, where)


@dataclass(frozen=True)
class Critic:
    r"""A critic ``g(x, y)``: a table ``|X|×|Y|`` of finite reals.

    Entries are exact rationals (``Fraction``, ``int``) or decimal strings that
    ``mpf`` reads (used for irrational values such as ``log 2`` written out to the
    working precision plus a margin).

    >>> Critic("zero", ((0, 0), (0, 0))).values(mpmath.MPContext())
    [[mpf('0.0'), mpf('0.0')], [mpf('0.0'), mpf('0.0')]]
    """

    name: str
    table: tuple[tuple[Fraction | str, ...], ...]

    def __post_init__(self) -> None:
        rows = _rectangular(self.name, "critic", self.table)
        entries = tuple(
            tuple(_critic_entry(v, f"critic {self.name!r}: g[{x}][{y}]") for y, v in enumerate(row))
            for x, row in enumerate(rows))
        object.__setattr__(self, "table", entries)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.table), len(self.table[0])

    def values(self, ctx: Context) -> list[list[Real]]:
        """The table as ``ctx.mpf`` numbers at the context's precision."""
        return [[_to_ctx(ctx, v) if isinstance(v, Fraction) else ctx.mpf(v) for v in row]
                for row in self.table]

    def exact_table(self) -> list[list[sp.Rational]]:
        """The table as exact SymPy rationals: a decimal string is the exact decimal it
        writes (the critic *is* those numbers), so exact values of this critic can be
        certified by SymPy."""
        return [[sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sp.Rational(v)
                 for v in row] for row in self.table]

    @property
    def is_rational(self) -> bool:
        """Whether every entry is an exact ``Fraction`` (no decimal string)."""
        return all(isinstance(v, Fraction) for row in self.table for v in row)

    def as_array(self) -> np.ndarray:
        """The table as float64 (for searches only, never for verdicts)."""
        return np.array([[float(v) for v in row] for row in self.table], dtype=float)


def _written(ctx: Context, value: Real) -> str:
    # Ten digits beyond the working precision, so reading it back loses nothing.
    return ctx.nstr(value, ctx.dps + 10)


def _optimal_logits(joint: Joint, ctx: Context) -> list[list[Real]]:
    p_x, p_y = joint.p_x, joint.p_y
    return [[ctx.log(_to_ctx(ctx, p / (p_x[x] * p_y[y]))) if p else ctx.mpf(IMPOSSIBLE_PAIR_LOGIT)
             for y, p in enumerate(row)] for x, row in enumerate(joint.table)]


def critic_family(joint: Joint, seed: int, ctx: Context) -> list[Critic]:
    r"""Critics worth trying on ``joint``: the zero critic, the optimal critic
    ``g*(x, y) = log p(y|x)/p(y)`` and its multiples ×1/2, ×2, ×10, ``g* + c(x)``
    (InfoNCE does not see ``c(x)``), ``−g*``, two seeded random tables and the
    "confident" ``20·1[y = argmax_y p(y|x)]``; then the boundary cases where
    estimators meet and strict bounds turn into equalities (:func:`boundary_critics`):
    a nonzero constant, a critic constant in ``y`` for each ``x`` (``g = c_x``), one
    constant in ``x`` (``g = d_y``) and one with ties between values of ``y``.
    A boundary critic whose table repeats an earlier member is left out.

    Where ``p(x, y) = 0`` the optimal logit ``−∞`` is replaced by
    ``IMPOSSIBLE_PAIR_LOGIT = −40``, and the critic's name says so.

    >>> import mpmath
    >>> ctx = mpmath.MPContext(); ctx.dps = 20
    >>> [c.name for c in critic_family(joint_family(0)[2], 0, ctx)][:2]
    ['zero', 'optimal log p(y|x)/p(y), -40 where p(x,y)=0']
    >>> [c.name.split(',')[0] for c in critic_family(joint_family(0)[2], 0, ctx)][10:]
    ['constant g = 1', 'constant in y: g(x', 'constant in x: g(x']
    """
    family = _search_starts(joint, seed, ctx)
    seen = {c.table for c in family}
    for critic in boundary_critics(joint):
        if critic.table not in seen:
            seen.add(critic.table)
            family.append(critic)
    return family


# The values of the boundary critics: small exact rationals, none of which makes
# E_{p_X p_Y}[e^g] = e by accident (1 appears only in the constant critic).
_ROW_CONSTANTS = (Fraction(1, 2), Fraction(-1), Fraction(3, 2))
_COLUMN_CONSTANTS = (Fraction(-1, 2), Fraction(2), Fraction(-3, 2))


def boundary_critics(joint: Joint) -> list[Critic]:
    r"""The critics where estimators of mutual information meet, all exact rationals:

    * ``g ≡ 1`` (``g ≡ 0`` is the first member of :func:`critic_family`),
    * ``g(x, y) = c_x``, constant in ``y`` for each ``x`` (every ``g_k = g_1``),
    * ``g(x, y) = d_y``, constant in ``x``,
    * ties between values of ``y``: ``g(x, y) = 1`` for ``y ∈ {x, x+1} mod |Y|``, else 0
      (for ``|Y| = 2`` that is the constant critic, and :func:`critic_family` drops it).

    >>> [c.table for c in boundary_critics(joint_family(0)[0])][:2]
    [((Fraction(1, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(1, 1))), ((Fraction(1, 2), Fraction(1, 2)), (Fraction(-1, 1), Fraction(-1, 1)))]
    """
    n_x, n_y = joint.shape
    rows = tuple(_ROW_CONSTANTS[x % len(_ROW_CONSTANTS)] + 2 * (x // len(_ROW_CONSTANTS))
                 for x in range(n_x))
    columns = tuple(_COLUMN_CONSTANTS[y % len(_COLUMN_CONSTANTS)] - 2 * (y // len(_COLUMN_CONSTANTS))
                    for y in range(n_y))
    return [
        Critic("constant g = 1", tuple((Fraction(1),) * n_y for _ in range(n_x))),
        Critic(f"constant in y: g(x, y) = c_x, c = ({', '.join(map(str, rows))})",
               tuple((rows[x],) * n_y for x in range(n_x))),
        Critic(f"constant in x: g(x, y) = d_y, d = ({', '.join(map(str, columns))})",
               tuple(columns for _ in range(n_x))),
        Critic("ties between y: g(x, y) = 1 for y in {x, x+1} mod |Y|, else 0",
               tuple(tuple(Fraction(1) if (y - x) % n_y in (0, 1) else Fraction(0) for y in range(n_y))
                     for x in range(n_x))),
    ]


def _search_starts(joint: Joint, seed: int, ctx: Context) -> list[Critic]:
    """The first ten members of :func:`critic_family`; :func:`best_critic` starts from these
    (the boundary critics add nothing to a search that already starts from ``g ≡ 0``)."""
    n_x, n_y = joint.shape
    optimal = _optimal_logits(joint, ctx)
    has_zeros = any(p == 0 for row in joint.table for p in row)
    label = "optimal log p(y|x)/p(y)" + (
        f", {IMPOSSIBLE_PAIR_LOGIT} where p(x,y)=0" if has_zeros else "")

    def scaled(factor, name: str) -> Critic:
        return Critic(name, tuple(tuple(_written(ctx, factor * v) for v in row) for row in optimal))

    shift = tuple(Fraction((-1) ** x * (x + 1), 2) for x in range(n_x))
    rng = random.Random(f"critics:{seed}:{joint.name}")

    def random_table(number: int) -> Critic:
        table = tuple(tuple(Fraction(rng.randint(-12, 12), 4) for _ in range(n_y)) for _ in range(n_x))
        return Critic(f"random #{number} (seed {seed})", table)

    # Ties in argmax go to the smallest y, which keeps the critic deterministic.
    confident = tuple(
        tuple(20 if y == max(range(n_y), key=lambda t: (row[t], -t)) else 0 for y in range(n_y))
        for row in joint.table)
    with_shift = Critic(
        f"{label} + c(x), c = ({', '.join(map(str, shift))})",
        tuple(tuple(_written(ctx, v + _to_ctx(ctx, shift[x])) for v in row)
              for x, row in enumerate(optimal)))
    return [
        Critic("zero", tuple((Fraction(0),) * n_y for _ in range(n_x))),
        scaled(1, label),
        scaled(ctx.mpf(1) / 2, f"1/2 x {label}"),
        scaled(2, f"2 x {label}"),
        scaled(10, f"10 x {label}"),
        with_shift,
        scaled(-1, f"-({label})"),
        random_table(1),
        random_table(2),
        Critic("confident 20*1[y = argmax_y p(y|x)]", confident),
    ]


# --- turning bodies into functions ------------------------------------------------

# Building a body's symbolic form and compiling it costs ~10 ms of SymPy; checks ask
# for the same (body, K) many times (every critic, every joint), so both are cached.
_CACHE_SIZE = 512


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _ctx_function(args: tuple[sp.Symbol, ...], expr: sp.Expr, ctx: Context) -> Callable:
    # MpmathPrinter writes rationals as mpf(1)/mpf(3) and functions as mpmath.log;
    # binding the name ``mpmath`` to the local context makes both evaluate there.
    # (The default printer with a {name: ctx.name} namespace writes 1/3 as a
    # float, which silently caps the result at 53 bits.)
    return sp.lambdify(args, expr, modules=[{"mpmath": ctx}], printer=MpmathPrinter,
                       docstring_limit=0)


def _evaluate(f: Callable, *args):
    try:
        return f(*args)
    except ZeroDivisionError:
        # mpmath raises where floats would give inf; report it like any other non-finite value.
        raise NonFiniteExpectation(f"the body divides by zero at logits {args}") from None


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _numpy_function(args: Sequence[sp.Symbol], expr: sp.Expr) -> Callable:
    return sp.lambdify(args, expr, modules="numpy", docstring_limit=0)


def _check_free_symbols(expr: sp.Expr, allowed: Sequence[sp.Symbol], what: str,
                        g: sp.IndexedBase | None = None) -> None:
    # Logits the caller did not replace are reported separately, by name.
    extra = {s for s in expr.free_symbols - set(allowed)
             if g is None or not (s == g.label or isinstance(s, sp.Indexed) and s.base == g)}
    if extra:
        names = ", ".join(sorted(map(str, extra)))
        raise UnsupportedBody(
            f"{what} still has free symbols {{{names}}} besides the logits; pass the size "
            f"symbol the body uses as K_symbol and give every other parameter a value")


def _check_inputs(K: int, joint: Joint, critic: Critic | None) -> None:
    if isinstance(K, bool) or not isinstance(K, int) or K < 1:
        raise InformationInputError(f"K = {K!r} must be an int ≥ 1")
    if critic is not None and critic.shape != joint.shape:
        raise InformationInputError(
            f"critic {critic.name!r} has shape {critic.shape} but joint {joint.name!r} "
            f"has shape {joint.shape}")


def _support(probabilities: Sequence[Fraction]) -> list[int]:
    return [i for i, p in enumerate(probabilities) if p]


@dataclass(frozen=True)
class _Enumeration:
    """A body with K fixed, as a function of the K logits ``g_1..g_K``."""
    logits: tuple[sp.Symbol, ...]
    expr: sp.Expr


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _enumeration_form(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int) -> _Enumeration:
    # Stop-gradients go first, as in the count path, so ``s / sg[s]`` is 1 on both paths.
    expr = strip_stop_grad(sp.sympify(body)).subs(K_symbol, K).doit()
    logits = tuple(sp.Dummy(f"g{k}") for k in range(1, K + 1))
    expr = expr.xreplace({g[k]: s for k, s in zip(range(1, K + 1), logits)})
    _check_free_symbols(expr, logits, f"the body with K = {K}", g)
    stray = sorted({str(e) for e in expr.atoms(sp.Indexed) if e.base == g})
    if stray:
        raise UnsupportedBody(f"with K = {K} the body uses {', '.join(stray)}, outside g[1..{K}]")
    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise NonFiniteExpectation(f"with K = {K} the body is {expr}, not finite")
    return _Enumeration(logits, expr)


def _finite(total: Real, body: sp.Expr, K: int, joint: Joint, critic: Critic, ctx: Context) -> Real:
    if not ctx.isfinite(total):
        raise NonFiniteExpectation(
            f"E[{body}] at K = {K} on joint {joint.name!r} with critic {critic.name!r} is {total}")
    return +total


def expectation_by_enumeration(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                               joint: Joint, critic: Critic, ctx: Context) -> Real:
    r"""``E_{p_{XY^K}}[body]`` by visiting every ``(x, y_1, …, y_K)``:

    ``Σ_{x, y_1..y_K} p(x, y_1) Π_{k≥2} p(y_k) · body(g(x, y_1), …, g(x, y_K))``.

    Any body works, but the cost is ``|X|·|Y|^K``; beyond ``ENUMERATION_BUDGET`` it
    raises :class:`BudgetExceeded`.

    >>> import mpmath
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K')
    >>> same = Critic("g(x,y) = y", ((0, 1), (0, 1)))
    >>> expectation_by_enumeration(g[2] - g[1], g, K, 2, joint_family(0)[0], same, ctx)
    mpf('0.0')
    """
    _check_inputs(K, joint, critic)
    n_x, n_y = joint.shape
    if K > ENUMERATION_MAX_K:
        raise BudgetExceeded(f"full enumeration expands the body into K = {K} logits, "
                             f"over ENUMERATION_MAX_K = {ENUMERATION_MAX_K}")
    visits = n_x * n_y ** K
    if visits > ENUMERATION_BUDGET:
        raise BudgetExceeded(
            f"full enumeration needs |X|·|Y|^K = {n_x}·{n_y}^{K} = {visits} configurations, "
            f"over ENUMERATION_BUDGET = {ENUMERATION_BUDGET}")
    form = _enumeration_form(body, g, K_symbol, K)
    support_y = _support(joint.p_y)
    with ctx.workprec(ctx.prec + GUARD_BITS):
        f = _ctx_function(form.logits, form.expr, ctx)
        table = critic.values(ctx)
        p_y = [_to_ctx(ctx, p) for p in joint.p_y]
        negatives = []  # (y_2..y_K, Π p(y_k)): the same for every x
        for ys in itertools.product(support_y, repeat=K - 1):
            weight = ctx.mpf(1)
            for y in ys:
                weight *= p_y[y]
            negatives.append((ys, weight))
        total = ctx.mpf(0)
        for x, row in enumerate(joint.table):
            logits = table[x]
            for y1, p in enumerate(row):
                if not p:
                    continue
                inner = ctx.mpf(0)
                for ys, weight in negatives:
                    inner += weight * _evaluate(f, logits[y1], *(logits[y] for y in ys))
                total += _to_ctx(ctx, p) * inner
    return _finite(total, body, K, joint, critic, ctx)


# --- the count path ---------------------------------------------------------------

_NEGATIVE = sp.Dummy("g_k")   # stands for g[k] inside a summand
_POSITIVE = sp.Dummy("g_1")   # stands for g[1]


@dataclass(frozen=True)
class NegativeSum:
    r"""One ``Σ_{k=lo}^{K} f(g_k, g_1)`` of a body, with ``lo ∈ {1, 2}``.

    ``summand`` is ``f`` written in the dummies ``(g_k, g_1)`` of this module; the
    negatives enter only through how many of them take each value of ``Y``.
    """

    summand: sp.Expr
    includes_positive: bool


@dataclass(frozen=True)
class CountsPlan:
    r"""A body rewritten as ``F(g_1, S_1, …, S_m)`` where each ``S_i`` is a :class:`NegativeSum`.

    Given ``x``, ``y_1`` and the counts ``c_y`` of the negatives ``y_2..y_K``,
    ``S_i = Σ_y c_y f_i(g(x, y), g(x, y_1)) + [lo_i = 1] f_i(g(x, y_1), g(x, y_1))``.
    """

    outer: sp.Expr
    slots: tuple[sp.Symbol, ...]
    sums: tuple[NegativeSum, ...]
    K: int


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _plan_counts(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int) -> CountsPlan:
    """Build the plan or raise :class:`UnsupportedBody` saying why it does not apply."""
    expr = strip_stop_grad(sp.sympify(body).subs(K_symbol, K))
    top = sp.Integer(K)
    slots: dict[sp.Sum, sp.Symbol] = {}
    sums: list[NegativeSum] = []

    def negative_sum(node: sp.Sum) -> NegativeSum:
        if len(node.limits) != 1:
            raise UnsupportedBody(f"{node} sums over several indices")
        k, lo, hi = node.limits[0]
        if lo not in (1, 2) or hi != top:
            raise UnsupportedBody(f"{node} does not run over k = 1..K or k = 2..K")
        for e in node.function.atoms(sp.Indexed):
            if e.base == g and e.indices not in ((k,), (1,)):
                raise UnsupportedBody(f"the summand of {node} uses {e}, not only g[k] and g[1]")
        summand = node.function.xreplace({g[k]: _NEGATIVE, g[1]: _POSITIVE})
        if summand.has(g) or k in summand.free_symbols:
            raise UnsupportedBody(f"the summand of {node} depends on k other than through g[k]")
        _check_free_symbols(summand, (_NEGATIVE, _POSITIVE), f"the summand of {node}")
        return NegativeSum(summand, includes_positive=(lo == 1))

    def rewrite(node: sp.Basic) -> sp.Basic:
        if isinstance(node, sp.Sum) and node.has(g):
            if node not in slots:
                sums.append(negative_sum(node))
                slots[node] = sp.Dummy(f"S{len(sums)}")
            return slots[node]
        if isinstance(node, sp.Indexed) and node.base == g:
            if node.indices != (1,):
                raise UnsupportedBody(f"the body uses {node} outside a sum over the negatives")
            return _POSITIVE
        if not node.args:
            return node
        return node.func(*(rewrite(a) for a in node.args))

    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        # e.g. I^K_FlatNCE at K = 1: the empty sum is 0 and SymPy writes −log 0 as zoo.
        raise NonFiniteExpectation(f"with K = {K} the body is {expr}, not finite")
    outer = rewrite(expr).doit()
    slot_symbols = tuple(slots.values())
    _check_free_symbols(outer, (_POSITIVE, *slot_symbols), "the body")
    return CountsPlan(outer, slot_symbols, tuple(sums), K)


def counts_plan(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int) -> CountsPlan | None:
    r"""The :class:`CountsPlan` of ``body`` at size ``K``, or ``None`` if the count path does not apply.

    It applies when the negatives enter only through sums ``Σ_{k=lo}^{K}`` with
    ``lo ∈ {1, 2}`` whose summand depends on ``g`` only via ``g[k]`` and ``g[1]``,
    and ``g`` appears elsewhere only as ``g[1]``.

    >>> from contrastive_sym import encodings
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> len(counts_plan(encodings.info_nce_k(g, K), g, K, 8).sums)
    1
    >>> counts_plan(g[2] - g[1], g, K, 8) is None
    True

    A body that SymPy already finds undefined at this ``K`` raises
    :class:`NonFiniteExpectation` rather than returning ``None``.
    """
    try:
        return _plan_counts(body, g, K_symbol, K)
    except UnsupportedBody:
        return None


def _count_vectors(n: int, m: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every ``(c_1..c_m)`` with ``Σ c = n``, with its exact multinomial ``n!/Π c_i!``."""
    if m == 1:
        yield (n,), 1
        return
    binomial = 1  # C(n, c), updated exactly as c grows
    for c in range(n + 1):
        for rest, coefficient in _count_vectors(n - c, m - 1):
            yield (c, *rest), binomial * coefficient
        binomial = binomial * (n - c) // (c + 1)


def _number_of_count_vectors(n: int, m: int) -> int:
    return math.comb(n + m - 1, m - 1)


def expectation_by_counts(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                          joint: Joint, critic: Critic, ctx: Context) -> Real:
    r"""``E_{p_{XY^K}}[body]`` by counting the negatives instead of ordering them.

    For a body covered by :func:`counts_plan`, only the counts ``c_y`` of the
    ``K − 1`` negatives matter, and they are multinomial:

    ``E = Σ_{x, y_1} p(x, y_1) Σ_{c} (K−1)!/Π_y c_y! · Π_y p(y)^{c_y} · F(g_1, S_1(c), …)``.

    The multinomial coefficients are exact integers; the powers are computed with
    ``GUARD_BITS`` extra bits.  Raises :class:`UnsupportedBody` if the plan does not
    apply and :class:`BudgetExceeded` beyond ``COUNTS_BUDGET`` evaluations.

    >>> import mpmath
    >>> from contrastive_sym import encodings
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> independent, zero = joint_family(0)[0], Critic("zero", ((0, 0), (0, 0)))
    >>> ctx.nstr(expectation_by_counts(encodings.flat_nce_k(g, K), g, K, 1000, independent, zero, ctx), 10)
    '0.001000500334'
    """
    _check_inputs(K, joint, critic)
    plan = _plan_counts(body, g, K_symbol, K)
    support_y = _support(joint.p_y)
    pairs = sum(1 for row in joint.table for p in row if p)
    evaluations = pairs * _number_of_count_vectors(K - 1, len(support_y))
    if evaluations > COUNTS_BUDGET:
        raise BudgetExceeded(
            f"the count path needs {evaluations} evaluations for K = {K} on {joint.shape[1]} "
            f"symbols of Y, over COUNTS_BUDGET = {COUNTS_BUDGET}")
    with ctx.workprec(ctx.prec + GUARD_BITS):
        outer = _ctx_function((_POSITIVE, *plan.slots), plan.outer, ctx)
        summands = [_ctx_function((_NEGATIVE, _POSITIVE), s.summand, ctx) for s in plan.sums]
        table = critic.values(ctx)
        p_y = [_to_ctx(ctx, joint.p_y[y]) for y in support_y]
        powers = []  # powers[j][c] = p(y_j)^c
        for p in p_y:
            column = [ctx.mpf(1)]
            for _ in range(K - 1):
                column.append(column[-1] * p)
            powers.append(column)
        counts = []
        for vector, coefficient in _count_vectors(K - 1, len(support_y)):
            weight = ctx.mpf(coefficient)
            for j, c in enumerate(vector):
                weight *= powers[j][c]
            counts.append((vector, weight))
        total = ctx.mpf(0)
        for x, row in enumerate(joint.table):
            logits = table[x]
            for y1, p in enumerate(row):
                if not p:
                    continue
                positive = logits[y1]
                terms = [[_evaluate(f, logits[y], positive) for y in support_y] for f in summands]
                bases = [_evaluate(f, positive, positive) if s.includes_positive else 0
                         for f, s in zip(summands, plan.sums)]
                inner = ctx.mpf(0)
                for vector, weight in counts:
                    slots = [base + ctx.fdot(vector, term) for base, term in zip(bases, terms)]
                    inner += weight * _evaluate(outer, positive, *slots)
                total += _to_ctx(ctx, p) * inner
    return _finite(total, body, K, joint, critic, ctx)


def expectation(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                joint: Joint, critic: Critic, ctx: Context) -> Real:
    r"""``E_{p_{XY^K}}[body]`` for the critic ``critic``: ``(x, y_1) ~ p_XY``,
    ``y_2..y_K ~ p_Y`` independently, ``g_k = g(x, y_k)``.

    Uses :func:`expectation_by_counts` when :func:`counts_plan` applies (then
    ``K`` in the thousands is cheap for ``|Y| = 2``), else
    :func:`expectation_by_enumeration`.  Both are exact up to the context's precision.

    >>> import mpmath
    >>> from contrastive_sym import encodings
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> independent, zero = joint_family(0)[0], Critic("zero", ((0, 0), (0, 0)))
    >>> expectation(encodings.flat_nce_k(g, K), g, K, 2, independent, zero, ctx) == ctx.log(2)
    True
    """
    _check_inputs(K, joint, critic)
    if counts_plan(body, g, K_symbol, K) is not None:
        return expectation_by_counts(body, g, K_symbol, K, joint, critic, ctx)
    return expectation_by_enumeration(body, g, K_symbol, K, joint, critic, ctx)


# --- exact values, for certifying ties ---------------------------------------------

# The exact forms are sums of |X|·|Y|^K terms; SymPy builds a few thousand quickly.
EXACT_TERMS_BUDGET = 5_000


def exact_mutual_information(joint: Joint) -> sp.Expr:
    r"""``I(X;Y)`` as an exact SymPy number: a rational combination of logs of rationals.

    >>> exact_mutual_information(joint_family(0)[0])
    0
    >>> exact_mutual_information(joint_family(0)[2])
    log(2)
    """
    p_x, p_y = joint.p_x, joint.p_y
    terms = []
    for x, row in enumerate(joint.table):
        for y, p in enumerate(row):
            if p:
                ratio = p / (p_x[x] * p_y[y])
                terms.append(sp.Rational(p.numerator, p.denominator)
                             * sp.log(sp.Rational(ratio.numerator, ratio.denominator)))
    return sp.expand_log(sp.Add(*terms), force=True)


def exact_expectation(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                      joint: Joint, critic: Critic) -> sp.Expr:
    r"""``E_{p_{XY^K}}[body]`` as an exact SymPy expression, term by term over every
    ``(x, y_1, …, y_K)`` (see :func:`expectation_by_enumeration`), with the critic's
    entries as exact rationals (:meth:`Critic.exact_table`).

    It only builds the expression (SymPy's automatic evaluation, no simplification);
    deciding whether it equals something is the caller's job, in a sandbox.  Raises
    :class:`BudgetExceeded` beyond ``EXACT_TERMS_BUDGET`` terms and
    :class:`NonFiniteExpectation` when a term is not finite.

    >>> from contrastive_sym import encodings
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> independent, zero = joint_family(0)[0], Critic("zero", ((0, 0), (0, 0)))
    >>> exact_expectation(encodings.flat_nce_k(g, K), g, K, 2, independent, zero)
    log(2)
    """
    _check_inputs(K, joint, critic)
    support_y = _support(joint.p_y)
    pairs = sum(1 for row in joint.table for p in row if p)
    if K > ENUMERATION_MAX_K or pairs * len(support_y) ** (K - 1) > EXACT_TERMS_BUDGET:
        raise BudgetExceeded(f"the exact form needs {pairs}·{len(support_y)}^{K - 1} terms, over "
                             f"EXACT_TERMS_BUDGET = {EXACT_TERMS_BUDGET}")
    form = _enumeration_form(body, g, K_symbol, K)
    table = critic.exact_table()
    p_y = [sp.Rational(p.numerator, p.denominator) for p in joint.p_y]
    terms = []
    for x, row in enumerate(joint.table):
        for y1, p in enumerate(row):
            if not p:
                continue
            for ys in itertools.product(support_y, repeat=K - 1):
                weight = sp.Rational(p.numerator, p.denominator) * sp.Mul(*(p_y[y] for y in ys))
                value = form.expr.xreplace(dict(zip(form.logits, [table[x][y1], *(table[x][y] for y in ys)])))
                if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                    raise NonFiniteExpectation(
                        f"E[{body}] at K = {K} on joint {joint.name!r} with critic {critic.name!r}: "
                        f"a term is {value}")
                terms.append(weight * value)
    return sp.Add(*terms)


# --- searching for a good critic (float64; the caller recomputes exactly) ----------

# Logits stay in [−60, 60]: exp of a difference stays far from float64 overflow,
# and bodies that grow without bound (FlatNCE) cannot run away.
_SEARCH_LIMIT = 60.0
_ASCENT_STEPS = 40
# Forward differences: half the evaluations of central ones, and a direction good
# to ~1e-6 is all an ascent with line search needs.
_FINITE_DIFFERENCE = 1e-7
# Steps that gain less than this (relative) are below what the gradient resolves
# and end the ascent.
_CONVERGED = 1e-13
# The returned table is rounded to multiples of 2^-24: exact, short, and far
# below anything the search can resolve.
_ROUNDING = 2 ** 24


def _float_objective(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                     joint: Joint) -> Callable[[np.ndarray], float]:
    """``θ ↦ E[body]`` in float64 over all configurations at once (numpy)."""
    support_y = _support(joint.p_y)
    pairs = [(x, y, float(p)) for x, row in enumerate(joint.table) for y, p in enumerate(row) if p]
    xs = np.array([x for x, _, _ in pairs])
    y1s = np.array([y for _, y, _ in pairs])
    pair_weights = np.array([w for _, _, w in pairs])
    plan = counts_plan(body, g, K_symbol, K)
    if plan is not None:
        outer = _numpy_function((_POSITIVE, *plan.slots), plan.outer)
        summands = [_numpy_function((_NEGATIVE, _POSITIVE), s.summand) for s in plan.sums]
        vectors = list(_count_vectors(K - 1, len(support_y)))
        counts = np.array([v for v, _ in vectors], dtype=float)                 # (C, m)
        log_p = np.log([float(joint.p_y[y]) for y in support_y])
        log_weights = (math.lgamma(K) - np.sum([[math.lgamma(c + 1) for c in v] for v, _ in vectors], axis=1)
                       + counts @ log_p)
        count_weights = np.exp(log_weights)
        support = np.array(support_y)

        def objective(theta: np.ndarray) -> float:
            positive = theta[xs, y1s]                                           # (P,)
            rows = theta[xs][:, support]                                        # (P, m)
            slots = []
            for f, s in zip(summands, plan.sums):
                terms = np.broadcast_to(f(rows, positive[:, None]), rows.shape)
                slot = terms @ counts.T                                         # (P, C)
                if s.includes_positive:
                    slot = slot + np.broadcast_to(f(positive, positive), positive.shape)[:, None]
                slots.append(slot)
            values = np.broadcast_to(outer(positive[:, None], *slots), (len(pairs), len(vectors)))
            return float(pair_weights @ (values @ count_weights))
        return objective

    n_x, n_y = joint.shape
    if n_x * n_y ** K > ENUMERATION_BUDGET or K > ENUMERATION_MAX_K:
        raise BudgetExceeded(f"the search would enumerate {n_x}·{n_y}^{K} configurations, over "
                             f"ENUMERATION_BUDGET = {ENUMERATION_BUDGET} (or K > {ENUMERATION_MAX_K})")
    form = _enumeration_form(body, g, K_symbol, K)
    f = _numpy_function(form.logits, form.expr)
    negatives = list(itertools.product(support_y, repeat=K - 1))
    negative_weights = np.array([math.prod(float(joint.p_y[y]) for y in ys) for ys in negatives])
    rows_x = np.repeat(xs, len(negatives))
    columns = np.array([[y1, *ys] for y1 in y1s for ys in negatives], dtype=int).reshape(-1, K)
    weights = np.repeat(pair_weights, len(negatives)) * np.tile(negative_weights, len(pairs))

    def objective(theta: np.ndarray) -> float:
        logits = theta[rows_x[:, None], columns]                                # (N, K)
        values = np.broadcast_to(f(*logits.T), weights.shape)
        return float(weights @ values)
    return objective


def _safe(objective: Callable[[np.ndarray], float], theta: np.ndarray) -> float:
    with np.errstate(all="ignore"):
        value = objective(theta)
    return value if math.isfinite(value) else -math.inf


def _ascend(objective: Callable[[np.ndarray], float], theta: np.ndarray) -> tuple[np.ndarray, float]:
    """Gradient ascent with forward differences and a step that doubles on success
    and halves on failure; every accepted step strictly increases the objective."""
    theta = np.clip(theta, -_SEARCH_LIMIT, _SEARCH_LIMIT)
    value, step = _safe(objective, theta), 1.0
    if value == -math.inf:
        return theta, value
    for _ in range(_ASCENT_STEPS):
        gradient = np.zeros_like(theta)
        for index in np.ndindex(theta.shape):
            bump = np.zeros_like(theta)
            bump[index] = _FINITE_DIFFERENCE
            gradient[index] = (_safe(objective, theta + bump) - value) / _FINITE_DIFFERENCE
        if not np.all(np.isfinite(gradient)) or np.linalg.norm(gradient) < 1e-12:
            break
        while step > 1e-9:
            candidate = np.clip(theta + step * gradient, -_SEARCH_LIMIT, _SEARCH_LIMIT)
            candidate_value = _safe(objective, candidate)
            if candidate_value > value:
                converged = candidate_value - value < _CONVERGED * max(1.0, abs(value))
                theta, value, step = candidate, candidate_value, step * 2
                break
            step /= 2
        else:
            break
        if converged:
            break
    return theta, value


def best_critic(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                joint: Joint, ctx: Context, seed: int) -> Critic:
    r"""A critic that makes ``E_{p_{XY^K}}[body]`` large: a witness for ``max_g``, not a proof.

    Starts from each of the first ten members of :func:`critic_family` and runs a bounded,
    deterministic gradient ascent in float64 from each; returns the best table,
    rounded to exact multiples of ``2^-24``.  Its exact value is the caller's to
    compute with :func:`expectation`.  Logits stay in ``[−60, 60]``, so for a body
    without a maximum (``I^2_FlatNCE`` is linear in ``g``) the search stops at that box.
    For ``I^K_InfoNCE`` it cannot beat the family: ``log p(y|x)/p(y) + c(x)`` is the
    exact maximiser for every ``K`` (the Bayes classifier of which ``y_k`` is the positive).

    >>> import mpmath
    >>> from contrastive_sym import encodings
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> copy = joint_family(0)[2]
    >>> best = best_critic(encodings.info_nce_k(g, K), g, K, 2, copy, ctx, seed=0)
    >>> value = expectation(encodings.info_nce_k(g, K), g, K, 2, copy, best, ctx)
    >>> bool(ctx.log(2) / 2 - value < 1e-6)  # the supremum here is (1/2) log 2
    True
    """
    _check_inputs(K, joint, None)
    objective = _float_objective(body, g, K_symbol, K, joint)
    best_value, best_theta, best_start = -math.inf, None, None
    for start in _search_starts(joint, seed, ctx):
        theta, value = _ascend(objective, start.as_array())
        if best_theta is None or value > best_value:
            best_value, best_theta, best_start = value, theta, start.name
    table = tuple(tuple(Fraction(round(v * _ROUNDING), _ROUNDING) for v in row) for row in best_theta)
    return Critic(f"best found by local search from '{best_start}' (seed {seed}, K = {K})", table)

r"""Small joint distributions ``p(x, y)`` with exact rational entries, and their mutual information.

>>> import mpmath
>>> ctx = mpmath.MPContext(); ctx.dps = 30
>>> copy = Joint("Y = X", ((Fraction(1, 2), 0), (0, Fraction(1, 2))))
>>> ctx.nstr(mutual_information(copy, ctx), 12)   # log 2
'0.69314718056'
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import mpmath
import sympy as sp

from ...errors import InformationInputError

# Every number lives in the caller's ``MPContext``; each context has its own mpf
# class, so results are typed by what they are rather than by a class.
Context = mpmath.ctx_mp.MPContext
Real = object  # an mpf of the caller's context

# Extra bits for sums of many rounded terms (up to a few thousand weights, each a
# power p^c computed by repeated multiplication), so the result is good to ctx.prec.
GUARD_BITS = 32


def exact_rational(value: object, where: str) -> Fraction:
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


def rectangular(name: str, what: str, table: object) -> tuple[tuple[object, ...], ...]:
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
        rows = rectangular(self.name, "joint", self.table)
        exact = tuple(
            tuple(exact_rational(p, f"joint {self.name!r}: p[{x}][{y}]") for y, p in enumerate(row))
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


def to_ctx(ctx: Context, q: Fraction) -> Real:
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
                    total += to_ctx(ctx, p) * ctx.log(to_ctx(ctx, p / (p_x[x] * p_y[y])))
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


def support_of(probabilities: Sequence[Fraction]) -> list[int]:
    return [i for i, p in enumerate(probabilities) if p]


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


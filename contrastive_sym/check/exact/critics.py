r"""Critics ``g(x, y)``: tables of finite reals, and the families of them a check tries."""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp

from ...errors import InformationInputError
from .joints import Context, Joint, Real, exact_rational, rectangular, to_ctx

# log p(y|x)/p(y) is −∞ where p(x, y) = 0; critics must be finite, and
# e^{−40} ≈ 4·10^{−18} is negligible next to every probability we use.
IMPOSSIBLE_PAIR_LOGIT = -40


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
    return exact_rational(value, where)


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
        rows = rectangular(self.name, "critic", self.table)
        entries = tuple(
            tuple(_critic_entry(v, f"critic {self.name!r}: g[{x}][{y}]") for y, v in enumerate(row))
            for x, row in enumerate(rows))
        object.__setattr__(self, "table", entries)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.table), len(self.table[0])

    def values(self, ctx: Context) -> list[list[Real]]:
        """The table as ``ctx.mpf`` numbers at the context's precision."""
        return [[to_ctx(ctx, v) if isinstance(v, Fraction) else ctx.mpf(v) for v in row]
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
    return [[ctx.log(to_ctx(ctx, p / (p_x[x] * p_y[y]))) if p else ctx.mpf(IMPOSSIBLE_PAIR_LOGIT)
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
    >>> from contrastive_sym.check.exact.joints import joint_family
    >>> ctx = mpmath.MPContext(); ctx.dps = 20
    >>> [c.name for c in critic_family(joint_family(0)[2], 0, ctx)][:2]
    ['zero', 'optimal log p(y|x)/p(y), -40 where p(x,y)=0']
    >>> [c.name.split(',')[0] for c in critic_family(joint_family(0)[2], 0, ctx)][10:]
    ['constant g = 1', 'constant in y: g(x', 'constant in x: g(x']
    """
    family = search_starts(joint, seed, ctx)
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

    >>> from contrastive_sym.check.exact.joints import joint_family
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


def search_starts(joint: Joint, seed: int, ctx: Context) -> list[Critic]:
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
        tuple(tuple(_written(ctx, v + to_ctx(ctx, shift[x])) for v in row)
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

"""Witnesses: shrink a failing point to small readable values, then re-check it.

Like Hypothesis, the failing case is minimised: sizes are already tried smallest
first, and each value is replaced by the simplest candidate (0, 1, -1, 2, 1/2, …)
that still fails.  The result is re-checked at twice and four times the working
precision before it is reported.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction as F

import sympy as sp

from ...model.claims import Relation
from ...model.notation import Domain, Role
from ...model.verdicts import Witness
from ...model.nodes import Cancelled, Folded, MaxOver, is_kink
from ...model.value_functions import FORMULA
from ..symbolic import sandbox
from ..config import CheckConfig
from ..numeric.compiled import Status, format_side
from ..numeric.failures import Undefined, Unsupported
from ..numeric.program import program_set
from ...model.definedness import needs
from .points import format_value
from .sample import CompiledInstance

_PREFERRED = [F(0), F(1), F(-1), F(2), F(-2), F(1, 2), F(-1, 2), F(3), F(-3), F(10), F(-10),
              F(1, 10), F(100), F(1000)]


def _score(value: F) -> tuple:
    try:
        rank = _PREFERRED.index(value)
    except ValueError:
        rank = len(_PREFERRED)
    return (len(format_value(value)), rank)


def _candidates(value: F, domain: Domain, role: Role) -> list[F]:
    if role in (Role.LABEL, Role.UNIT, Role.INDEX):
        # a class id is not a number to simplify (the partition is the witness); an entry of a
        # unit vector changed alone would leave the sphere; an index is a whole number of its range
        return []
    pool = list(_PREFERRED)
    if value != 0:
        magnitude = abs(value)
        sign = 1 if value > 0 else -1
        exponent = len(str(magnitude.numerator)) - len(str(magnitude.denominator))
        pool += [F(sign) * F(10) ** exponent, F(sign) * F(10) ** (exponent - 1)]
        for digits in (1, 2, 3):
            pool.append(F(f"{float(value):.{digits}g}"))
    allowed = [c for c in pool if domain.contains(c)]
    if role is Role.SCALE:
        allowed = [c for c in allowed if c > 0]
    return sorted(set(allowed), key=_score)


def shrink_point(variables, point: dict, fails, budget: int) -> dict:
    """The simplest point found that still fails, by greedy passes over the variables:
    each value is replaced by the simplest candidate that keeps ``fails(point)`` true."""
    point = dict(point)
    changed = True
    while changed and budget > 0:
        changed = False
        for var in variables:
            current = point[var.key]
            for cand in _candidates(current, var.domain, var.role):
                if budget <= 0 or _score(cand) >= _score(current):
                    continue
                trial = {**point, var.key: cand}
                budget -= 1
                if fails(trial):
                    point, changed = trial, True
                    break
    return point


def shrink(ci: CompiledInstance, relation: Relation, point: dict, config: CheckConfig,
           fails) -> dict:
    """The simplest failing point of an instance (see :func:`shrink_point`)."""
    return shrink_point(ci.instance.variables, point, fails, config.shrink_budget)


def recheck(ci: CompiledInstance, relation: Relation, point: dict, config: CheckConfig):
    """The comparison at the re-check precisions; None unless it fails at every one."""
    last = None
    for digits in config.recheck_digits:
        result = ci.compare(point, relation, digits, max(config.max_digits, 2 * digits))
        if result.status is not Status.VIOLATED:
            return None
        last = result
    return last


def build(ci: CompiledInstance, point: dict, comparison, note: str = "") -> Witness:
    inst = ci.instance
    sampled = sorted({v.parameters_of for v in inst.variables if v.parameters_of})
    if sampled:
        # the θ_k name a function the document did not write: say which
        said = "; ".join(f"{name} is the function {FORMULA.replace('θ', f'θ^({name})')} (the function of "
                         "values it stands for at this point)" for name in sampled)
        note = f"{note}; {said}" if note else said
    if inst.cell_width is not None:
        # the values are cell weights (\tilde{p}); the densities are what makes the point a witness
        read = (f"the points' table is read as densities on cells of width {inst.cell_width}: a density is the "
                "probability of its cell (the weights \\tilde{p} over their sum) over the cell's volume")
        note = f"{note}; {read}" if note else read
    return Witness(
        sizes=dict(inst.sizes),
        indices=dict(inst.indices),
        values={name: format_value(point[v.key]) for name, v in _shown_names(inst.variables)},
        lhs=format_side(comparison.lhs),
        rhs=format_side(comparison.rhs),
        digits=comparison.digits,
        note=note,
    )


def _shown_names(variables) -> list:
    """(name, variable) with a section's suffix dropped from each name (x__from110 is x as the
    document writes it), unless two names would then be one (both are kept as they are)."""
    shown = [re.sub(r"__from\d+", "", v.name) for v in variables]
    return [(s if shown.count(s) == 1 else v.name, v) for s, v in zip(shown, variables)]


# --- exact signs where the balls cannot decide -------------------------------------

_MAX_DEGREE = 64


def _positive_atoms(gap: sp.Expr) -> sp.Expr:
    """Each exp(c) of a constant c as a power of a positive symbol.

    Rational arguments share one unit u (their gcd): exp(c) = Y^(c/u) with Y = e^u > 0, so
    exp(2a) and exp(a)^2 cancel as polynomials in Y.  Other arguments (and exponents whose
    ratios are too large to expand) become positive symbols of their own.  A sign that
    holds for every positive value of those symbols holds at their true values, so
    ``1 - e^{a}/(e^{a} + e^{b})`` is positive however close e^{b}/e^{a} is to 0 (at
    τ = 1e-30, e^{-1e30}: no ball at any affordable precision separates it from 0).
    """
    powers = [e for e in gap.atoms(sp.exp) if e.args[0].is_number]
    rational = [e.args[0] for e in powers if e.args[0].is_Rational and e.args[0] != 0]
    unit = None
    if rational:
        # math's gcd and lcm take one argument too (SymPy's igcd needs two, and a single
        # exp-atom made the whole candidate fail)
        unit = sp.Rational(math.gcd(*[int(r.p) for r in rational]), math.lcm(*[int(r.q) for r in rational]))
        if max(abs(r / unit) for r in rational) > _MAX_DEGREE:
            unit = None
    base = sp.Dummy("Y", positive=True)
    table: dict = {}
    for e in powers:
        arg = e.args[0]
        if unit is not None and arg.is_Rational:
            table[e] = base ** int(arg / unit)
        else:
            table[e] = sp.Dummy(f"E{len(table)}", positive=True)
    return gap.xreplace(table)


def _exact_sign(gap: sp.Expr, plain: bool):
    """Cheapest first: structural zero, SymPy's assumptions on the fraction over positive
    exp-atoms, on those atoms unfactored, on the gap itself, then (for values of ordinary
    size) simplify.  A sign of a closed number is kept only where a ball certifies it."""
    if gap == 0:
        return 0
    # Unfactored, log(1 + 1/Y) is positive by its structure; log((Y + 1)/Y) is not seen to be.
    # The raw gap's assumptions come after: on exp(1e300) they evaluate numerically and can
    # spend the whole time limit.
    candidates = [lambda: sp.factor(sp.cancel(sp.together(_positive_atoms(gap)))), lambda: _positive_atoms(gap),
                  lambda: gap]
    if plain and sp.count_ops(gap) < 200:
        candidates.append(lambda: sp.simplify(gap))
    for make in candidates:
        try:
            candidate = make()
        except (TypeError, ValueError, NotImplementedError, sp.PolynomialError):
            continue
        if candidate == 0:
            return 0
        claimed = 1 if candidate.is_positive else -1 if candidate.is_negative else None
        if claimed is not None:
            return claimed if candidate.free_symbols else _certified(candidate, claimed)
    return None


#: the precisions at which a closed number's sign is certified (about 600 to 9600 digits)
_CERTIFYING_BITS = (2000, 8000, 32000)


def _certified(number: sp.Expr, claimed: int):
    """The sign SymPy claims for a closed number, certified by an arb ball (None when no
    ball up to 32000 bits separates it from 0).  SymPy decides
    ``is_positive`` of a transcendental number at low precision and was measured wrong:
    −log(1/2 + e^{−x}/2) at x = 4·10^−340, which is 2·10^−340 > 0, is ``is_negative``, and a
    true inequality was refuted by it.  (A sign over positive symbols, the exp-atoms of
    :func:`_positive_atoms`, is deduced from the structure and needs no ball.)"""
    if number.is_Rational:
        return claimed
    try:
        side = program_set((number,), {})
        for bits in _CERTIFYING_BITS:
            value = side.evaluate({}, bits)
            if isinstance(value, tuple) and (value[0] > 0 or value[0] < 0):
                return 1 if value[0] > 0 else -1     # the ball's, where SymPy's differs
    except (Unsupported, Undefined, ArithmeticError, ValueError, TypeError):
        pass
    return None


#: The exact sign of a gap whose side is not a real number at the point (a derivative at a
#: kink, model.nodes.is_kink; a log of a negative; 0/0): followed by the sides that have none
#: ("lhs", "rhs" or "both").
UNDEFINED_SIDE = "undefined"


def _exact_gap_signs_of(instance, values: dict, plain: bool) -> list:
    """In a child process: the exact sign of each rhs - lhs at rational values (0, 1, -1, None,
    or :data:`UNDEFINED_SIDE` and the sides that are not real numbers there)."""
    lhs, rhs = instance.concrete()
    subs = {sym: sp.Rational(v.numerator, v.denominator) for sym, v in values.items()}
    signs = []
    for left, right in zip(lhs, rhs):
        sides = [_not_real_at(e, subs, plain) for e in (left, right)]
        if any(sides):
            signs.append(f"{UNDEFINED_SIDE} {'both' if all(sides) else 'lhs' if sides[0] else 'rhs'}")
        elif None in sides:
            signs.append(None)    # whether a side is a real number here is not settled
        else:
            signs.append(_exact_sign(_settled(right - left, subs), plain))
    return signs


def _not_real_at(side: sp.Expr, subs: dict, plain: bool) -> bool | None:
    """Whether a side as written is not a real number at the point (None: not settled).

    SymPy's arithmetic is complex: log(−1/3) is log(1/3) + iπ, and |log(−1/3)| a real number
    to it, so the value alone does not tell.  Each logarithm's argument must be > 0 and each
    non-integer power's base ≥ 0 (> 0 under a negative exponent), where a sign can be
    settled; an argument that still holds a bound index (inside a sum) is left to the value."""
    value = _settled(side, subs)
    if value.has(sp.nan, sp.zoo, sp.I, sp.oo, -sp.oo):
        return True
    settled = True
    for need in map(needs, sp.preorder_traversal(side)):     # what each node needs to be real
        if need is None:
            continue
        at = _settled(need[0], subs)
        if at.free_symbols:
            continue
        sign = _exact_sign(at, plain)
        if sign is None:
            settled = False
        elif sign in _FAILING[need[1]]:
            return True
    return False if settled else None


#: the signs of an argument at which a need (model.definedness.needs) fails
_FAILING = {">": (-1, 0), ">=": (-1,), "!=": (0,)}


def undefined_sides(signs) -> str | None:
    """The sides that are not real numbers ("lhs", "rhs", "both") when a gap has one, else None."""
    found = [s for s in signs or () if isinstance(s, str) and s.startswith(UNDEFINED_SIDE)]
    return found[0].rsplit(" ", 1)[1] if found else None


def _settled(gap: sp.Expr, values: dict) -> sp.Expr:
    """The gap at a point.  A maximum over the members of a set defined by a condition is
    written out once the values put in settle which indices are members (a label, a
    sampled membership): its body's entries are named only once its index is concrete."""
    if gap.has(MaxOver):
        gap = gap.replace(lambda e: isinstance(e, MaxOver), lambda e: e.settle(values))
    if gap.has(sp.Heaviside, sp.sign, sp.DiracDelta):
        # at a kink's 0 the gap is not a number, never decided by SymPy's convention there
        gap = gap.replace(is_kink, lambda e: sp.Piecewise((sp.nan, sp.Eq(e.args[0], 0)), (e, True)))
    if gap.has(Folded):
        gap = gap.replace(lambda e: isinstance(e, Folded), lambda e: sp.Piecewise(
            (sp.nan, (e.args[1] <= 0) if e.args[2] else (e.args[1] < 0)), (e.args[0], True)))
    if gap.has(Cancelled):
        # a²/a at a = 0 is not a number either
        gap = gap.replace(lambda e: isinstance(e, Cancelled),
                          lambda e: sp.Piecewise((sp.nan, sp.Eq(sp.Mul(*e.args[1:]), 0)), (e.args[0], True)))
    return gap.xreplace(values)


def plain_point(point: dict) -> bool:
    """Values of ordinary size: simplify is worth trying there.  (At 1e300 it would spend
    its whole time limit.)"""
    bound = F(10) ** 12
    return all(v == 0 or 1 / bound <= abs(v) <= bound for v in point.values())


def exact_signs(ci: CompiledInstance, point: dict, seconds: float):
    """The exact sign of each component's gap rhs − lhs at a point, in the sandbox: a
    list of 0, +1, -1 or None (SymPy could not tell), or None when SymPy did not answer
    within ``seconds``."""
    values = {v.symbol: point[v.key] for v in ci.instance.variables}
    result = sandbox.run(_exact_gap_signs_of, ci.instance, values, plain_point(point),
                         seconds=seconds, what="exact sign at a point")
    return result.value if result.ok else None


def relation_at(relation: Relation, signs) -> bool | None:
    """Whether ``lhs relation rhs`` holds given the exact signs of rhs − lhs per
    component (None: not settled).  A direction is settled only by exact equality."""
    if signs is None or any(s is None or isinstance(s, str) for s in signs):
        return None
    if relation is Relation.SAME_DIRECTION:
        return True if all(s == 0 for s in signs) else None
    allowed = {Relation.EQ: {0}, Relation.LE: {0, 1}, Relation.LT: {1},
               Relation.GE: {0, -1}, Relation.GT: {-1}}[relation]
    return all(s in allowed for s in signs)

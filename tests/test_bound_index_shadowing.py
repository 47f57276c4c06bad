"""A bound index equal to an enclosing one (or to a fixed size/free index) is a new variable.

Both evaluation paths of the checker are exercised: the closure compiler
(:func:`program.program_set`, used for interpreted instances, where a ``Vector``
component index is *fixed*) and :func:`concretize` + :func:`numeric.compiled`
(expansion then ball arithmetic).  The reference is SymPy's own
``.subs(sizes).doit().subs(values)``, which respects the binding of ``Sum``.
"""
from __future__ import annotations

from fractions import Fraction as F

import mpmath
import pytest
import sympy as sp

from contrastive_sym.check.numeric import program
from contrastive_sym.check.numeric.indices import var_key
from contrastive_sym.model.binders import fresh_bound_indices
from contrastive_sym.check.sampling.instantiate import components, concretize
from contrastive_sym.check.numeric.compiled import compiled
from contrastive_sym.check.numeric.precision import digits_to_bits
from contrastive_sym.model.nodes import MaxOver, Vector

z = sp.IndexedBase("z", real=True)
m = sp.Symbol("m", integer=True)
i = sp.Symbol("i", integer=True, positive=True)
d = sp.Symbol("d", integer=True, positive=True)
theta = sp.Symbol("theta", real=True)

VALUES = {z[1, 1]: F(1, 3), z[1, 2]: F(-2), z[2, 1]: F(5, 7), z[2, 2]: F(3, 2)}
POINT = {var_key(k): v for k, v in VALUES.items()}
EXACT = {k: sp.Rational(v.numerator, v.denominator) for k, v in VALUES.items()}
DIGITS = 30


def _cosine_direction_derivative():
    """``∂/∂θ [u_m cos(u, z_2)]`` at θ = 0 with ``u = z_1 + θ z_2``, inner sums over the same m."""
    u = lambda k: z[1, k] + theta * z[2, k]  # noqa: E731
    cos = sp.Sum(u(m) * z[2, m], (m, 1, d)) / (
        sp.sqrt(sp.Sum(u(m) ** 2, (m, 1, d))) * sp.sqrt(sp.Sum(z[2, m] ** 2, (m, 1, d))))
    return Vector(sp.Subs(sp.Derivative(u(m) * cos, theta), theta, 0), m, d)


CASES = {
    "vector_with_inner_norm": (Vector(z[1, m] * sp.sqrt(sp.Sum(z[1, m] ** 2, (m, 1, d))), m, d), {d: 2}),
    "nested_sums": (sp.Sum(z[1, m] * sp.Sum(z[2, m], (m, 1, d)), (m, 1, d)), {d: 2}),
    "vector_cosine_derivative": (_cosine_direction_derivative(), {d: 2}),
    "sum_over_a_fixed_free_index": (z[1, i] * sp.Sum(z[2, i], (i, 1, d)), {d: 2, i: 1}),
}


def _sympy_reference(expr, fixed):
    concrete = expr.subs(fixed).doit().subs(EXACT).doit()
    return [sp.N(c, 2 * DIGITS) for c in components(concrete)]


def _program_values(expr, fixed):
    side = program.program_set((expr,), fixed).evaluate(POINT, digits_to_bits(DIGITS))
    assert isinstance(side, tuple), side
    return side


def _concretized_values(expr, fixed):
    parts = components(concretize(expr, fixed))
    symbols = sorted(set().union(*(p.atoms(sp.Indexed) for p in parts)), key=sp.default_sort_key)
    side = compiled(parts, symbols).evaluate(POINT, digits_to_bits(DIGITS))
    assert isinstance(side, tuple), side
    return side


def _assert_close(got, expected):
    ctx = mpmath.MPContext()  # a local context: the global mp.dps is never touched
    with ctx.workdps(DIGITS):
        assert len(got) == len(expected)
        for ball, ref in zip(got, expected):
            value = ctx.mpf(ball.mid().str(DIGITS + 5, radius=False))
            assert ctx.almosteq(value, ctx.mpf(str(ref)), rel_eps=ctx.mpf(10) ** (5 - DIGITS),
                                abs_eps=ctx.mpf(10) ** (5 - DIGITS)), (value, ref)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("evaluate", [_program_values, _concretized_values], ids=["program", "concretize"])
def test_shadowed_bound_index_agrees_with_sympy(name, evaluate):
    expr, fixed = CASES[name]
    _assert_close(evaluate(expr, fixed), _sympy_reference(expr, fixed))


@pytest.mark.parametrize("evaluate", [_program_values, _concretized_values], ids=["program", "concretize"])
def test_nested_max_over_the_same_index(evaluate):
    # max_m (z[2,m] + max_m z[1,m]) = max z_2 + max z_1 (SymPy's subs would reach the inner index).
    expr = MaxOver(z[2, m] + MaxOver(z[1, m], m, 1, d), m, 1, d)
    _assert_close(evaluate(expr, {d: 2}), [sp.Rational(3, 2) + sp.Rational(1, 3)])


def test_renaming_only_touches_shadowing_binders():
    plain = sp.Sum(z[1, m], (m, 1, d))
    assert fresh_bound_indices(plain, {d: 2}) is plain
    renamed = fresh_bound_indices(plain, {m: 1})
    (k, _, _), = renamed.limits
    assert k != m and isinstance(k, sp.Dummy) and k.is_integer
    assert renamed.xreplace({m: 1, d: 2}).doit() == z[1, 1] + z[1, 2]


# --- a definition's inner sum and the sum of its use (the translator) -------------------------------
def test_a_definitions_inner_index_is_not_captured_by_the_index_of_its_use():
    """SimCLR: ell_{i,j} has an inner sum over k, and the loss sums ell(2k-1, 2k) over its own k.
    Putting i = 2k - 1 into the body must not make the inner k the outer one (it read z_{2k-1}·z_k
    with the inner k, and named z_3 at N = 1)."""
    from contrastive_sym.pipeline import check_statement
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "s", "shape": ["2N", "2N"]}],
                    define=[{"name": "ell", "line": 1,
                             "latex": r"\ell_{i,j} = -\log \frac{e^{s_{i,j}}}{\sum_{k=1}^{2N} e^{s_{i,k}}}"}],
                    index=[{"name": "i", "from": 1, "to": "2N"}, {"name": "j", "from": 1, "to": "2N"}])
    written = (r"\sum_{k=1}^{N} \ell_{2k-1, 2k} = -\sum_{k=1}^{N} \log \frac{e^{s_{2k-1,2k}}}"
               r"{\sum_{m=1}^{2N} e^{s_{2k-1,m}}}")
    assert check_statement(written, **notation).verdict.value in ("proved", "confirmed")
    # the call form of a name defined by subscripts (SimCLR writes \ell(2k{-}1, 2k)) is the same
    called = written.replace(r"\ell_{2k-1, 2k}", r"\ell(2k{-}1, 2k)")
    assert check_statement(called, **notation).verdict.value in ("proved", "confirmed")
    wrong = written.replace(r"e^{s_{2k-1,m}}", r"e^{s_{2k-1,k}}")
    assert check_statement(wrong, **notation).verdict.value == "refuted"

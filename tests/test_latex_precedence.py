r"""Where juxtaposition, function application, unary minus, \cdot, / and scripts meet.

Each formula's translation is compared with an expression built directly in SymPy,
by value at several rational points (and as a tree where the two are built the same
way).  The readings pinned here:

* a script after a closing parenthesis belongs to that parenthesis: ``a (b)^2`` is
  a·b², ``\frac{1}{2}(x)^{-1/2}`` is ½·x^{-1/2}, ``2(x+1)^2`` is 2(x+1)²;
* for a defined function (``f(x)``, ``LSE(…)``, ``\max\{…\}``) the power is of the
  call: ``f(x)^2`` is f(x)²;
* ``\log(x)^2`` and ``\exp(x)^2`` (however the parenthesis is sized, and ``\ln``,
  ``\mathrm{log}``) are refused with the column of the exponent: some readers mean
  (log x)², others log(x²), as ``\log x^2`` is log(x²); ``\log^2 x`` is (log x)²;
* ``\log``, ``\exp``, ``\sum`` and ``\frac{\partial}{\partial x}`` without parentheses
  take the rest of the product;
* ``|x|`` is not read (an error at its column), nor ``\sqrt x`` without braces.

Reading a file never runs SymPy's simplify, solve or limit: they can hang.
"""
from __future__ import annotations

import re

import importlib
from pathlib import Path

import pytest
import sympy as sp

from contrastive_sym.errors import ParseError
from contrastive_sym.latex.macros import define
from contrastive_sym.latex.scope import Family, Scope
from contrastive_sym.latex.translate import translate_expr
from contrastive_sym.latex.translate.compare import certainly_equal as _equal
from contrastive_sym.model.nodes import MaxOver, RealMax

DERIVATIONS = Path(__file__).resolve().parents[1] / "derivations"

n = sp.Symbol("n", integer=True, positive=True)
d = sp.Symbol("d", integer=True, positive=True)
a, b, c, x, y, t = sp.symbols("a b c x y t", positive=True)
i = sp.Symbol("i", integer=True, positive=True)
v = sp.IndexedBase("v", real=True)
z = sp.IndexedBase("z", real=True)
k = sp.Symbol("k", integer=True)
m = sp.Symbol("m", integer=True)

SIZES = {n: 3, d: 2, i: 2}


def scope() -> Scope:
    base = Scope({"n": n, "d": d, "a": a, "b": b, "c": c, "x": x, "y": y, "t": t, "i": i,
                  "v": Family(v, (n,)), "z": Family(z, (2, d))})
    for text in (r"f(x) = x^2 + 1", r"LSE(v_1, ..., v_n)=\log(\exp(v_1)+...+\exp(v_n))",
                 r"\mathcal{L}(y) = \log y"):
        macro = define(text, base)
        base = base.bind(macro.key, macro)
    return base


def read(text: str) -> sp.Expr:
    return translate_expr(text, scope())


def values(expr, point: int):
    """``expr`` at the sizes above and at rational values of its symbols and entries."""
    expr = expr.subs(SIZES).doit()
    expr = expr.replace(lambda e: isinstance(e, MaxOver), lambda e: e.doit()).doit()
    entries = sorted(expr.atoms(sp.Indexed), key=str)
    labels = {e.base.label for e in entries}
    scalars = sorted((s for s in expr.free_symbols if isinstance(s, sp.Symbol) and s not in labels),
                     key=str)
    return expr.xreplace({s: sp.Rational(2 + 3 * position + point, 5 + point)
                          for position, s in enumerate(entries + scalars)})


def same_value(got, expected) -> bool:
    for point in range(3):
        # the same rational values for the same names on both sides
        both = values(sp.Tuple(got, expected), point)
        if abs(sp.N(both[0] - both[1], 40)) > sp.Float("1e-30"):
            return False
    return True


def read_as(text: str, expected) -> None:
    got = read(text)
    assert same_value(got, expected), f"{text!r} read as {got}, expected {expected}"


def refused(text: str, column: int, match: str) -> None:
    with pytest.raises(ParseError, match=match) as caught:
        read(text)
    assert caught.value.column == column, caught.value


# --- a script after a closing parenthesis ------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (r"a (b)^2", a * b ** 2),
    (r"\frac{1}{2}(x)^2", x ** 2 / 2),
    (r"\frac{1}{2}\left(x\right)^{-1/2}", x ** sp.Rational(-1, 2) / 2),
    (r"\frac{1}{2} \left( x^2 \right)^{-1/2}", 1 / (2 * x)),
    (r"2(x+1)^2", 2 * (x + 1) ** 2),
    (r"(a)(b)^2", a * b ** 2),
    (r"a(b)(c)^2", a * b * c ** 2),
    (r"a^2(b)", a ** 2 * b),
    (r"v_1(a)^2", v[1] * a ** 2),
    (r"\exp(x)(y)^2", sp.exp(x) * y ** 2),
    (r"\frac{1}{2}(x)^2 y", x ** 2 * y / 2),
    (r"\frac{1}{2} (x)^{-1/2} \cdot 2 y", y / sp.sqrt(x)),
    (r"a \cdot (b)^2", a * b ** 2),
    (r"a/(b)^2", a / b ** 2),
])
def test_a_script_after_a_parenthesis_belongs_to_the_parenthesis(text, expected):
    got = read(text)
    assert got == expected, f"{text!r} read as {got}"     # built the same way: the same tree


def test_the_textbook_chain_rule_step_reads_as_written():
    scope_ = scope().bind("m", m)
    lhs = translate_expr(r"\frac{\partial}{\partial z_{1,m}} ( \sum_r z_{1,r}^2 )^{1/2}", scope_)
    rhs = translate_expr(r"\frac{1}{2} ( \sum_r z_{1,r}^2 )^{-1/2} \cdot 2 z_{1,m}", scope_)
    r = sp.Symbol("r", integer=True)
    norm = sp.Sum(z[1, r] ** 2, (r, 1, d))
    assert lhs == sp.Derivative(sp.sqrt(norm), z[1, m])
    assert rhs == z[1, m] / sp.sqrt(norm)


# --- unary minus, juxtaposition, \cdot and / with powers ---------------------------------------

@pytest.mark.parametrize("text, expected", [
    (r"-x^2", -(x ** 2)),
    (r"-(x)^2", -(x ** 2)),
    (r"-2^2", sp.Integer(-4)),
    (r"(-2)^2", sp.Integer(4)),
    (r"-x^{-1}", -1 / x),
    (r"-a^2 b", -(a ** 2) * b),
    (r"a - b^2", a - b ** 2),
    (r"a - (b)^2 c", a - b ** 2 * c),
    (r"x^{2}y", x ** 2 * y),
    (r"x^2 \cdot y", x ** 2 * y),
    (r"e^{x}y", sp.exp(x) * y),
    (r"y e^{x}", sp.exp(x) * y),
    (r"e^{-x^2}", sp.exp(-x ** 2)),
    (r"\frac{a}{b}c", a * c / b),
    (r"\frac{a}{b}^2", (a / b) ** 2),
    (r"a/b^2", a / b ** 2),
    (r"a/b \cdot c", a * c / b),
    (r"a \cdot b/c", a * b / c),
])
def test_minus_juxtaposition_cdot_and_slash_around_powers(text, expected):
    read_as(text, expected)


def test_quotient_followed_by_a_factor_stays_ambiguous():
    # both readings named in the user's text, the numerator from the product's first factor
    refused(r"a/b c", 1, re.escape(r"ambiguous: 'a/b c' reads as (a/b) c or as a/(b c); write \frac{a}{b} c or a/(b c)"))
    # a quotient that ends a run of letters (c a/b) is no different: it was read as (c a/b) d
    refused(r"c a/b \, d", 3, re.escape(r"ambiguous: 'c a/b \, d' reads as (c a/b) \, d or as c a/(b \, d)"))


def test_scripts_on_an_entry_or_on_a_braced_entry_are_the_same():
    assert read(r"v_{i}^{2}") == read(r"{v_i}^2") == read(r"v_i^2") == v[i] ** 2


# --- function application ------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (r"\log x^2", sp.log(x ** 2)),                    # \log without parentheses takes the product
    (r"\log x y", sp.log(x * y)),
    (r"\log x + y", sp.log(x) + y),
    (r"\log(x) y", sp.log(x) * y),                    # \log( applies to its parenthesis
    (r"\log \left(x\right) y", sp.log(x) * y),
    (r"\log \Big(x\Big) y", sp.log(x) * y),           # however the parenthesis is sized
    (r"\log^2 x", sp.log(x) ** 2),
    (r"\log^{2} \frac{x}{y}", sp.log(x / y) ** 2),
    (r"\log^2 x y", sp.log(x * y) ** 2),              # like \log x y
    (r"\log^2(x) y", sp.log(x) ** 2 * y),             # like \log(x) y
    (r"\log^{2}\left(x\right) y", sp.log(x) ** 2 * y),
    (r"(\log x)^2", sp.log(x) ** 2),
    (r"\log(x^2)", sp.log(x ** 2)),
    (r"\exp x^2", sp.exp(x ** 2)),
    (r"\exp(x) y", sp.exp(x) * y),
    (r"(\exp x)^2", sp.exp(2 * x)),
    (r"f(x)^2", (x ** 2 + 1) ** 2),                   # a defined function: the power of the call
    (r"f(x)^2 y", (x ** 2 + 1) ** 2 * y),
    (r"\mathcal{L}(y)^2", sp.log(y) ** 2),
    (r"LSE(v_1, ..., v_n)^2", sp.log(sum(sp.exp(v[q]) for q in (1, 2, 3))) ** 2),
    (r"\max\{a,b\}^2", RealMax(a, b) ** 2),
    (r"\max\{a,b\} c", RealMax(a, b) * c),
    (r"\max(a,b)^2", RealMax(a, b) ** 2),
    (r"\sqrt{x}^2", x),
    (r"\sqrt{x} y", sp.sqrt(x) * y),
    (r"\sqrt{x^2 + y}", sp.sqrt(x ** 2 + y)),
    (r"\frac{\partial}{\partial x} x^2 y", 2 * x * y),   # takes the rest of the product
    (r"\frac{\partial}{\partial x} (x)^2 + y", 2 * x + y),
])
def test_function_application_and_powers(text, expected):
    read_as(text, expected)


@pytest.mark.parametrize("text, column", [
    (r"\log(x)^2", 9),
    (r"\log \left( x \right)^{2}", 23),
    (r"\log\bigl(x\bigr)^2", 19),
    (r"\ln(x)^2", 8),
    (r"\log^2(x)^2", 11),
    (r"\mathrm{log}(x)^2", 17),
    (r"a + \exp(x)^2", 13),
    (r"\exp\big(x\big)^2", 17),
])
def test_a_power_right_after_log_or_exp_parentheses_is_refused_at_the_exponent(text, column):
    refused(text, column, "ambiguous: a power after")


@pytest.mark.parametrize("text", [r"\log^{-1} x", r"\log^0(x)", r"\log^{99999999999}(x)"])
def test_log_to_a_power_is_read_for_a_positive_whole_power_only(text):
    refused(text, 1, "whole n from 1")


def test_a_braceless_root_is_an_error_not_a_guess():
    refused(r"\sqrt x", 7, "unexpected")


def test_paired_bars_take_the_power_after_them():
    assert read(r"|x|^2") == sp.Abs(read("x")) ** 2


# --- sums, limits, norms, vectors --------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (r"\sum_k v_k^2", sp.Sum(v[k] ** 2, (k, 1, n))),
    (r"(\sum_k v_k)^2", sp.Sum(v[k], (k, 1, n)) ** 2),
    (r"\sum_k v_k c", sp.Sum(v[k] * c, (k, 1, n))),     # the sum takes the rest of the product
    (r"\sum_k v_k + c", sp.Sum(v[k], (k, 1, n)) + c),
    (r"c \sum_k v_k^2", c * sp.Sum(v[k] ** 2, (k, 1, n))),
    (r"-\sum_k v_k", -sp.Sum(v[k], (k, 1, n))),
    (r"\sum_{k \neq 1}^{n} v_k", sp.Sum(v[k], (k, 2, n))),
    (r"v_1 + v_2 + ... + v_n", sp.Sum(v[k], (k, 1, n))),
    (r"\|z_1\|^2", sp.Sum(z[1, m] ** 2, (m, 1, d))),
    (r"a \|z_1\|^2", a * sp.Sum(z[1, m] ** 2, (m, 1, d))),
    (r"\|z_1\|^2 a", a * sp.Sum(z[1, m] ** 2, (m, 1, d))),
    (r"a (z_1 - z_2) \cdot z_1", a * sp.Sum((z[1, m] - z[2, m]) * z[1, m], (m, 1, d))),
    (r"\frac{1}{2}(z_1 + z_2) \cdot z_2", sp.Sum((z[1, m] + z[2, m]) * z[2, m], (m, 1, d)) / 2),
])
def test_sums_norms_and_vectors(text, expected):
    read_as(text, expected)


def test_a_sum_that_skips_its_first_index_is_a_plain_range():
    assert read(r"\sum_{k \neq 1}^{n} v_k").limits[0][1:] == (2, n)


def test_a_limit_takes_the_whole_rest_of_its_side():
    got = read(r"\lim_{t \to 0^+} t x + a")
    assert got == sp.Limit(t * x + a, t, 0, "+")


def test_a_power_of_a_vector_is_an_error():
    refused(r"(z_1)^2", 1, "power of a vector")


# --- no simplify while reading ------------------------------------------------------------

_REFUSED = [("sympy.simplify.simplify", "simplify"), ("sympy.simplify.simplify", "nsimplify"),
            ("sympy.simplify.trigsimp", "trigsimp"), ("sympy.solvers.solvers", "solve"),
            ("sympy.solvers.solveset", "solveset"), ("sympy.series.limits", "limit"),
            ("sympy.polys.polytools", "factor")]


@pytest.fixture
def no_hang_prone_sympy(monkeypatch):
    """SymPy's simplify, solve, limit, factor and Expr.equals raise while this is active,
    however they are reached (the functions' code is swapped, so SymPy's own internal
    calls are caught too)."""
    def refused(*args, **kwargs):
        raise AssertionError("a hang-prone SymPy call while reading a derivation")

    functions = [getattr(importlib.import_module(module), name) for module, name in _REFUSED]
    for function in functions + [sp.Expr.equals]:
        monkeypatch.setattr(function, "__code__", refused.__code__)
    yield


def test_the_guard_catches_simplify(no_hang_prone_sympy):
    with pytest.raises(AssertionError, match="hang-prone"):
        sp.simplify(x - x)
    with pytest.raises(AssertionError, match="hang-prone"):
        (x + 1).equals(1 + x)


def test_loading_the_bundled_derivations_never_simplifies(no_hang_prone_sympy):
    from contrastive_sym.load.files import load_all
    documents = load_all([str(p) for p in sorted(DERIVATIONS.glob("*.toml"))])
    assert len(documents) == 4 and all(doc.claims for doc in documents)
    # and the families' (a directory scan enters derivations/families/ too)
    families = load_all([str(DERIVATIONS / "families")])
    assert len(families) == 7 and all(doc.claims for doc in families)
    notes = load_all([str(Path(__file__).parent / "data" / "notes.md")])
    assert notes[0].claims


def test_ellipses_and_skipped_indices_read_without_simplify(no_hang_prone_sympy):
    assert read(r"v_1 + v_2 + ... + v_n") == sp.Sum(v[k], (k, 1, n))
    assert read(r"\sum_{k \neq 1}^{n} v_k").limits[0][1:] == (2, n)
    assert read(r"\max\{a, v_1, ..., v_n\}") == RealMax(a, MaxOver(v[k], k, 1, n))
    # whole terms that differ are not an index range (it was read as Σ k from v_1² to v_n)
    with pytest.raises(ParseError, match="not whole numbers"):
        read(r"v_1^2 + ... + v_n")


def test_equal_terms_are_decided_exactly_and_within_bounds():
    q = sp.Symbol("q", integer=True)
    assert _equal(v[q + 1].subs(q, n - 1), v[n])
    assert _equal(v[2 * (q + 1)], v[2 * q + 2])                 # index arithmetic is expanded
    assert _equal((q + 1) ** 2, q ** 2 + 2 * q + 1)
    assert not _equal(v[q], v[q + 1])
    # not polynomials: not known to be the same, so each caller keeps them apart or refuses
    assert not _equal(sp.exp(a) * sp.exp(b), sp.exp(a + b))
    # too large to expand: refused at once rather than expanded
    assert not _equal((a + b) ** 40, (b + a) ** 40 + 1)


@pytest.mark.parametrize("written", [r"2 3 = 6", r"{2}{3} = 6", r"\boxed{2}\boxed{3}\boxed{4} = 24", r"a \, 2 3 = 6 a",
                                     r"2 3^2 = 18", r"\underbrace{2}_{a}\underbrace{3}_{b} = 6"])
def test_numbers_side_by_side_are_refused(written):
    # TeX prints 2 3 as the numeral 23: read as the product 6, 2 3 = 6 was proved and 2 3 = 23 refuted (a
    # README drew a vector as \boxed{2}\boxed{3}\boxed{4}, read as 24)
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.pipeline import check_statement
    with pytest.raises(DerivationError, match="print as one numeral"):
        check_statement(written, scalar=[{"name": "a"}])

"""The LaTeX grammar and its translation: one test per construct, round trips checked by
evaluation, parse errors with positions, and the bundled LaTeX derivations against
their source documents."""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp
from lark.parsers.lalr_analysis import LALR_Analyzer

from contrastive_sym.errors import ParseError
from contrastive_sym.latex.macros import define
from contrastive_sym.latex.parser import Where, _parser, parse
from contrastive_sym.latex.scope import Family, Scope
from contrastive_sym.latex.translate import translate_expr, translate_rows
from contrastive_sym.nodes import LittleO, MaxOver, StopGrad

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
DERIVATIONS = Path(__file__).resolve().parents[1] / "derivations"

n = sp.Symbol("n", integer=True, positive=True)
N = sp.Symbol("N", integer=True, positive=True)
t = sp.Symbol("t", positive=True)
tau = sp.Symbol("tau", positive=True)
u = sp.Symbol("u", real=True)
x = sp.IndexedBase("x", real=True)
s = sp.IndexedBase("s", real=True)
i = sp.Symbol("i", integer=True, positive=True)
j = sp.Symbol("j", integer=True, positive=True)


def scope() -> Scope:
    base = Scope({"n": n, "N": N, "t": t, r"\tau": tau, "u": u, "x": Family(x, (n,)),
                  "s": Family(s, (N, N)), "i": i, "j": j},
                 distinct=frozenset([frozenset((i, j))]))
    lse = define(r"LSE(x_1, x_2, ..., x_n)=\log(\exp(x_1)+\exp(x_2)+...+\exp(x_n))", base)
    return base.bind(lse.key, lse)


def value(expr, sizes, xs=None, ss=None, **symbols):
    """Evaluate an expression at concrete sizes and values (the round-trip oracle)."""
    expr = expr.subs(sizes).doit()
    if isinstance(expr, sp.Basic):
        expr = expr.replace(lambda e: isinstance(e, MaxOver), lambda e: e.doit())
    repl = dict(symbols)
    for k, v in enumerate(xs or [], start=1):
        repl[x[k]] = v
    for (a, b), v in (ss or {}).items():
        repl[s[a, b]] = v
    return sp.N(expr.subs(repl).doit(), 30)


def one(text):
    return translate_expr(text, scope())


# --- the grammar itself ----------------------------------------------------------------

def test_grammar_tables_have_no_conflict_in_strict_mode():
    # Strict LALR analysis raises on any shift/reduce or reduce/reduce conflict, so an
    # accepted formula has exactly one tree.
    LALR_Analyzer(_parser().parser.parser.parser_conf, strict=True).compute_lalr()


# --- one test per construct --------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (r"\frac{1}{t}", 1 / t),
    (r"\log(n)", sp.log(n)),
    (r"\exp(u)", sp.exp(u)),
    (r"e^{-u}t", sp.exp(-u) * t),
    (r"\log t", sp.log(t)),
    (r"\log \frac{1}{t} u", sp.log(u / t)),          # \log without parentheses takes the product
    (r"\exp(u)(u-t)", sp.exp(u) * (u - t)),          # a value followed by ( … ) is a product
    (r"t \cdot u", t * u),
    (r"tu", t * u),                                  # a run of letters split into declared names
    (r"(u)^{-1}", 1 / u),
    (r"\left( u + t \right)", u + t),
    (r"\left[ u \right]", u),
    (r"\underbrace{u + t}_{\text{both}}", u + t),
    (r"\text{stop\_grad}[u]", StopGrad(u)),
    (r"{u}", u),
])
def test_construct(text, expected):
    assert sp.simplify(one(text) - expected) == 0


def test_sum_with_bounds_and_index_conditions():
    full = one(r"\sum_{k=1}^{N} s_{i,k}")
    assert isinstance(full, sp.Sum) and full.limits[0][1:] == (1, N)
    inferred = one(r"\sum_k s_{i,k}")            # the range is the family's extent
    assert inferred.limits[0][1:] == (1, N)
    except_i = one(r"\sum_{k\neq i} s_{i,k}")
    sizes = {N: 3, i: 2}
    ss = {(2, 1): 1, (2, 2): 10, (2, 3): 100}
    assert float(value(except_i, sizes, ss=ss)) == 101
    assert float(value(full, sizes, ss=ss)) == 111


def test_ellipses_in_lists_and_sums_all_spellings():
    for dots in ("...", r"\dots", r"\ldots", r"\cdots"):
        m = one(rf"\max\{{x_1, {dots}, x_n\}}")
        assert m == MaxOver(x[sp.Symbol("k", integer=True)], sp.Symbol("k", integer=True), 1, n)
    lse = one(r"LSE(tx_1,...,tx_n)")
    assert value(lse, {n: 2}, xs=[0, 0], t=1) == pytest.approx(float(sp.log(2)))


def test_max_of_a_list_with_a_written_element():
    m = one(r"\max\{0, x_1, ..., x_n\}")
    assert float(value(m, {n: 2}, xs=[-3, -1])) == 0
    assert float(value(m, {n: 2}, xs=[-3, 5])) == 5


def test_limit_with_all_arrow_spellings():
    for arrow in (r"\to", r"\rarr", r"\rightarrow"):
        lim = one(rf"\lim_{{\tau {arrow} 0^+}} \tau \log(n)")
        assert isinstance(lim, sp.Limit) and lim.args[1:3] == (tau, 0) and str(lim.args[3]) == "+"
    at_infinity = one(r"\lim_{\tau \rarr +\infty} u + \frac{1}{\tau}")   # takes the rest of the side
    assert at_infinity.args[2] == sp.oo and at_infinity.args[0] == u + 1 / tau


def test_partial_derivatives_and_restriction_bar():
    d = one(r"\frac{\partial}{\partial s_{i,j}}\bigg|_{i\neq j} s_{i,j}^2 - u")
    assert d == sp.Derivative(s[i, j] ** 2, s[i, j]) - u      # the operator stops at '-'
    d2 = one(r"\frac{\partial u^2}{\partial u}")
    assert d2.doit() == 2 * u


def test_little_o_needs_its_limit_and_reads_it():
    with pytest.raises(ParseError, match="o\\(·\\)"):
        one("o(u)")
    with_o = Scope(scope().names, little_o=(u, sp.Integer(0)))
    assert translate_expr("u + o(u)", with_o) == u + LittleO(u, u, 0)


def test_aligned_rows_continue_the_chain():
    rows = translate_rows("&u \\\\\n=& t \\\\\n\\leq & u + t \\\\", scope())
    assert [r.continues for r in rows] == [False, True, True]
    assert rows[2].relations == ("<=",) and rows[2].line == 3


def test_comma_separates_two_formulas_on_a_line():
    rows = translate_rows(r"u = t, \quad t = u.", scope())
    assert len(rows) == 2 and rows[1].sides[0].expr == t


# --- round trips: LaTeX → SymPy → LaTeX → SymPy, compared by evaluation -------------------

@pytest.mark.parametrize("text", [
    r"\frac{1}{t} \log(n) + u^2",
    r"\exp(u - t) \cdot \frac{u}{1 + t}",
    r"-\frac{1}{\tau} \cdot \frac{u}{t} + \log(n)",
])
def test_round_trip_through_sympy_latex(text):
    first = one(text)
    printed = sp.latex(first, symbol_names={tau: r"\tau"})
    second = one(printed)
    point = {u: sp.Rational(3, 7), t: sp.Rational(5, 2), tau: sp.Rational(1, 3), n: 4}
    assert sp.N(first.subs(point), 40) == sp.N(second.subs(point), 40)


# --- errors: position, construct, ambiguity --------------------------------------------------

def test_unknown_construct_names_file_line_and_column():
    with pytest.raises(ParseError) as caught:
        parse("u + \\frac{1}{t}}", Where("doc.toml", 12, 9))
    error = caught.value
    assert (error.path, error.line, error.column) == ("doc.toml", 12, 9 + 15)
    assert str(error).startswith("doc.toml:12:24:")


def test_undeclared_letter_is_an_error():
    with pytest.raises(ParseError, match="'q' is not declared"):
        one("q + u")


def test_ambiguous_letter_run_is_an_error_not_a_guess():
    ambiguous = scope().bind("tu", sp.Symbol("tu"))
    with pytest.raises(ParseError, match="ambiguous run of letters"):
        translate_expr("tu", ambiguous)


def test_quotient_followed_by_a_factor_is_ambiguous():
    with pytest.raises(ParseError, match="ambiguous"):
        one("u/t n")


def test_ellipsis_whose_ends_differ_in_two_ways_is_an_error():
    with pytest.raises(ParseError, match="ellipsis"):
        one(r"\max\{x_1, ..., s_{i,n}\}")


def test_unbalanced_parenthesis_of_a_document_is_an_error():
    with pytest.raises(ParseError, match="unexpected"):
        one(r"LSE(tx_1,...,tx_n))")


# --- the bundled LaTeX derivations against their documents --------------------------------

def _seeds():
    if not SEEDS.is_dir():
        pytest.skip(f"the seed documents are not at {SEEDS}")
    return SEEDS


def test_d000_formulas_match_the_document_at_least_90_percent_verbatim_or_normalized():
    from contrastive_sym.check.sources import source_matches
    from contrastive_sym.latex.document import load_toml
    document = load_toml(DERIVATIONS / "d000_logsumexp_temperature.toml")
    matches = source_matches(document, str(_seeds()))
    values = [v.value for k, v in matches.items() if k != "path"]
    assert "drift" not in values
    faithful = sum(v in ("verbatim", "normalized") for v in values)
    assert faithful / len(values) >= 0.9, (faithful, len(values))


def test_editing_a_line_of_the_document_is_reported_as_drift(tmp_path):
    from contrastive_sym.check.sources import source_matches
    from contrastive_sym.latex.document import load_toml
    seeds = _seeds()
    name = "000_8e07d957a6b6bcf4.txt"
    lines = (seeds / name).read_text(encoding="utf-8").split("\n")
    lines[146] = lines[146].replace(r"\frac{N-1}{N\tau}", r"\frac{N+1}{N\tau}")   # line 147
    (tmp_path / name).write_text("\n".join(lines), encoding="utf-8")
    document = load_toml(DERIVATIONS / "d000_logsumexp_temperature.toml")
    matches = source_matches(document, str(tmp_path))
    drifted = [k for k, v in matches.items() if k != "path" and v.value == "drift"]
    assert ("step", "limit-tau-inf", 12) in drifted and len(drifted) == 1

"""The LaTeX grammar and its translation: one test per construct, round trips checked by
evaluation, parse errors with positions, and the bundled LaTeX derivations against
their source documents."""
from __future__ import annotations

import re

from pathlib import Path

import pytest
import sympy as sp
from lark.parsers.lalr_analysis import LALR_Analyzer

from contrastive_sym.errors import ParseError
from contrastive_sym.latex.macros import define
from contrastive_sym.latex.parser import Where, _parser, parse
from contrastive_sym.latex.scope import Family, Scope
from contrastive_sym.latex.translate import translate_expr, translate_rows
from contrastive_sym.model.nodes import LittleO, MaxOver, StopGrad

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
K = sp.Symbol("k", integer=True)      # a bound index as the reader names it


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
    (r"\overbrace{u + t}^{a}", u + t),                # the label over the brace is a note
    ("u \\\n+ t \\\t+ u", 2 * u + t),                 # TeX's control space: a backslash at a line end
    ("u \\\\\n", u),                                  # a row break before a line end is not one
    ("u % a comment, \\\\ & \\frac{\n+ t", u + t),             # TeX's comment: to the end of its line
    (r"\frac{1}{{\textstyle{\sum_{k=1}^{n}}} x_k}", 1 / sp.Sum(x[K], (K, 1, n))),   # a sum set small
    (r"t \overbrace{u + t}^{a} + \underbrace{u}_{b}", t * (u + t) + u),
    (r"\text{stop\_grad}[u]", StopGrad(u)),
    (r"{u}", u),
    # TeX's arguments without braces: one character or one command each
    (r"\frac12 u", u / 2), (r"\frac1t", 1 / t), (r"\frac{1}t + \frac1{2t}", 3 / (2 * t)),
    (r"\frac\tau t", tau / t), (r"\tfrac 1 2 \frac12", sp.Rational(1, 4)), (r"\binom n2", n * (n - 1) / 2),
    (r"\nicefrac{u}{t}", u / t), (r"{\rm log}\, t", sp.log(t)), (r"{\rm exp}(u)", sp.exp(u)),
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


def test_an_empty_row_is_spacing():
    # a blank line left in an align (\\ \\, or \\ & \\): the chain goes on past it
    rows = translate_rows("&u \\\\\n\\\\\n=& t \\\\ & \\\\ \\leq & u + t", scope())
    assert [r.continues for r in rows] == [False, True, True] and rows[1].line == 3


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


@pytest.mark.parametrize("formula, message", [
    # a parenthesis left open inside a fraction (a blog post's \exp(f(x)^\top f(y)): where it opened
    (r"a = \frac{\exp(f(x) + b}{c}", r"1:24: unexpected '}': the '(' opened at 1:15 is not closed before it"),
    (r"a = \log(b + (c", "the formula ends before the '(' opened at 1:14 is closed"),
    (r"a = \frac{b}{c", "the formula ends before the '{' opened at 1:13 is closed"),
])
def test_an_unclosed_delimiter_is_named_where_it_opens(formula, message):
    with pytest.raises(ParseError, match=re.escape(message)):
        one(formula)


def test_characters_the_reader_uses_as_marks_are_refused():
    with pytest.raises(ParseError, match="the character U\\+E020 is not read"):
        one("a \ue020 b")


# --- the bundled LaTeX derivations against their documents --------------------------------

def _seeds():
    if not SEEDS.is_dir():
        pytest.skip(f"the seed documents are not at {SEEDS}")
    return SEEDS


def test_d000_formulas_match_the_document_at_least_90_percent_verbatim_or_normalized():
    from contrastive_sym.check.faithfulness import source_matches
    from contrastive_sym.load.toml import load_toml
    document = load_toml(DERIVATIONS / "d000_logsumexp_temperature.toml")
    matches = source_matches(document, str(_seeds()))
    values = [v.value for v in matches.matches.values()]
    assert "drift" not in values
    faithful = sum(v in ("verbatim", "normalized") for v in values)
    assert faithful / len(values) >= 0.9, (faithful, len(values))


def test_editing_a_line_of_the_document_is_reported_as_drift(tmp_path):
    from contrastive_sym.check.faithfulness import source_matches
    from contrastive_sym.load.toml import load_toml
    seeds = _seeds()
    name = "000_8e07d957a6b6bcf4.txt"
    lines = (seeds / name).read_text(encoding="utf-8").split("\n")
    lines[146] = lines[146].replace(r"\frac{N-1}{N\tau}", r"\frac{N+1}{N\tau}")   # line 147
    (tmp_path / name).write_text("\n".join(lines), encoding="utf-8")
    document = load_toml(DERIVATIONS / "d000_logsumexp_temperature.toml")
    matches = source_matches(document, str(tmp_path))
    drifted = [k for k, v in matches.matches.items() if v.value == "drift"]
    assert ("step", "limit-tau-inf", 12) in drifted and len(drifted) == 1


# --- constructs of d001 and d003: declared operators, labelled functions, vectors ------------

g = sp.IndexedBase("g", real=True)
dg = sp.IndexedBase("dg", real=True)
K = sp.Symbol("K", integer=True, positive=True)
z = sp.IndexedBase("z", real=True)
d = sp.Symbol("d", integer=True, positive=True)


def critic_scope() -> Scope:
    from contrastive_sym.latex.scope import Operator, OperatorKind
    base = Scope({"K": K, "g": Family(g, (K,)), "dg": Family(dg, (K,)), "u": u})
    base = base.bind(r"\nabla", (g, dg))
    base = base.bind(r"\mathbb{E}_{p_{XY^K}}", Operator(OperatorKind.EXPECTATION, g, K))
    base = base.bind(r"\max_g", Operator(OperatorKind.BEST_CRITIC))
    base = base.bind(r"\text{gradient descent on}", Operator(OperatorKind.DESCENT))
    base = base.bind(r"\text{gradient ascent on}", Operator(OperatorKind.ASCENT))
    first = define(r"F(x, y_{1:K} \mid g) = \log \sum_{k=1}^K \exp(g_k)", base)
    return base.bind(first.key, first)


def test_expectation_best_critic_and_gradient_of_declared_operators():
    from contrastive_sym.model.nodes import BestCritic, ExpectXYK, Nabla
    scope_ = critic_scope()
    expectation = translate_expr(r"\mathbb{E}_{p_{XY^K}} [F(x, y_{1:K} \mid g)]", scope_)
    assert isinstance(expectation, ExpectXYK) and expectation.args[1:] == (g, K)
    best = translate_expr(r"\max_g \mathbb{E}_{p_{XY^K}} [F(x, y_{1:K} \mid g)]", scope_)
    assert isinstance(best, BestCritic) and best.args[0] == expectation
    assert translate_expr(r"\nabla g_3", scope_) == dg[3]
    assert isinstance(translate_expr(r"\nabla F", scope_), Nabla)   # bare: the function as defined


def test_equiv_relates_gradient_steps_only():
    rows = translate_rows(r"\text{gradient descent on } F \equiv \text{gradient ascent on } F",
                          critic_scope())
    assert rows[0].relations == ("same-direction",)
    descent, ascent = (side.expr for side in rows[0].sides)
    assert descent == -ascent
    # between numbers ≡ is = (identically equal); a gradient step beside a number is refused
    assert translate_rows(r"F \equiv u", critic_scope())[0].relations == ("=",)
    with pytest.raises(ParseError, match="same direction"):
        translate_rows(r"\text{gradient descent on } F \equiv u", critic_scope())
    with pytest.raises(ParseError, match="whole side"):
        translate_expr(r"u \text{gradient descent on } F", critic_scope())


def test_labelled_function_needs_its_arguments_and_read_as_renames_them():
    from dataclasses import replace
    scope_ = critic_scope()
    with pytest.raises(ParseError, match=r"defined for \(x, y_\{1:K\} \\mid g\), not \(x, y_\{1:N\} \\mid g\)"):
        translate_expr(r"F(x, y_{1:N} \mid g)", scope_)
    read = replace(scope_, read_as=(("y_{1:N}", "y_{1:K}"),))
    assert translate_expr(r"F(x, y_{1:N} \mid g)", read) == translate_expr(r"F(x, y_{1:K} \mid g)", scope_)


def test_a_second_argument_list_defines_an_overload_the_bare_name_keeps_the_first(tmp_path):
    from contrastive_sym.load.toml import load_toml
    from contrastive_sym.model.nodes import ExpectXYK
    spec = tmp_path / "overload.toml"
    spec.write_text(r"""id = "t"
title = "overloads"
source = "none.txt"
[[size]]
name = 'K'
minimum = 2
checked = [2]
[[family]]
name = 'g'
shape = ['K']
[[operator]]
name = '\mathbb{E}_{p_{XY^K}}'
meaning = "expectation"
of = 'g'
[[define]]
line = 1
latex = 'I^K(x, y_{1:K} \mid g) = g_1'
[[define]]
line = 2
latex = 'I^K(X; Y \mid g) = \mathbb{E}_{p_{XY^K}} [I^K(x, y_{1:K} \mid g)]'
[[claim]]
id = "c"
line = 3
title = "t"
kind = "identity"
latex = 'I^K(X; Y \mid g) = \mathbb{E}_{p_{XY^K}}[I^K]'
""", encoding="utf-8")
    claim = load_toml(spec).claims[0]
    left, right = claim.statement.terms
    assert isinstance(left, ExpectXYK) and left == right


def vector_scope() -> Scope:
    base = Scope({"N": N, "d": d, "z": Family(z, (2 * N, d)), "i": i, r"\tau": tau})
    sim = define(r"sim(z_i, z_j) = \frac{z_i \cdot z_j}{\|z_i\| \|z_j\|}", base)
    return base.bind(sim.key, sim)


def test_rows_of_a_family_are_vectors_for_dot_products_and_norms():
    expr = translate_expr(r"sim(z_1, z_2)", vector_scope())
    point = {z[1, 1]: 3, z[1, 2]: 4, z[2, 1]: 4, z[2, 2]: 3}
    assert sp.nsimplify(expr.subs(d, 2).doit().subs(point)) == sp.Rational(24, 25)
    with pytest.raises(ParseError, match="vector where a number"):
        translate_expr(r"z_1 + 1", vector_scope())
    # the norm of a number is its absolute value (the Euclidean norm of the real line)
    assert translate_expr(r"\|\tau\|", vector_scope()) == sp.Abs(translate_expr(r"\tau", vector_scope()))


def test_a_letter_run_ending_in_a_quotient_is_one_name_over_the_denominator():
    expr = translate_expr(r"sim(z_1, z_2)/\tau", vector_scope())
    assert sp.simplify(expr - translate_expr(r"\frac{sim(z_1, z_2)}{\tau}", vector_scope())) == 0


def test_indicator_of_an_index_condition():
    k = sp.Symbol("k", integer=True)
    expr = translate_expr(r"\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \tau", vector_scope())
    assert expr.subs({N: 2, i: 3}).doit() == 3 * tau
    assert translate_expr(r"\mathbf{1}_{[i = 2]}", vector_scope()) == sp.KroneckerDelta(i, 2)
    with pytest.raises(ParseError, match="indicator"):
        translate_expr(r"\mathbb{1}_{k}", vector_scope())
    assert k.is_integer


def test_sum_over_a_declared_pair_set_in_each_reading():
    from contrastive_sym.latex.scope import PairSet
    for anchors, expected in ((N, 2 * 2), (2 * N, 4 * 2)):
        scope_ = vector_scope().bind(r"\mathcal{MB}", PairSet(N, anchors))
        expr = translate_expr(r"\sum_{i,j \in \mathcal{MB}} \mathbf{1}_{[j \neq i]} 2", scope_)
        assert expr.subs(N, 2).doit() == expected
    with pytest.raises(ParseError, match=r"declared as a \[\[pair_set\]\]"):
        translate_expr(r"\sum_{i,j \in \mathcal{XY}} 1", vector_scope())


def test_double_superscript_is_refused_as_tex_does():
    with pytest.raises(ParseError, match="double superscript"):
        one("t^2^3")
    assert one("{t^2}^3") == t ** 6


def test_claims_made_in_words_restate_their_line_by_its_digest():
    from contrastive_sym.latex.normalize import compare, line_digest
    lines = ["a sentence in words", "another"]
    assert compare("ours", lines, 1, restated_from=line_digest(lines[0])).value == "restated"
    assert compare("ours", lines, 1, restated_from=line_digest(" a  sentence in words ")).value == "restated"
    assert compare("ours", ["a sentence in word"], 1, restated_from=line_digest(lines[0])).value == "drift"


@pytest.mark.parametrize("name", ["d001_flatnce_review.toml", "d002_ntxent_explainer.toml",
                                  "d003_ntxent_upper_bound.toml"])
def test_moved_derivations_have_no_drift_and_mark_every_restatement(name):
    from contrastive_sym.check.faithfulness import source_matches
    from contrastive_sym.load.toml import load_toml
    document = load_toml(DERIVATIONS / name)
    matches = source_matches(document, str(_seeds()))
    assert not [k for k, v in matches.matches.items() if v.value == "drift"]
    restated = {("claim", c.id) for c in document.claims if c.restated_from}
    restated |= {("step", c.id, s.index) for c in document.claims if c.proof
                 for s in c.proof.steps if s.restated_from}
    assert {k for k, v in matches.matches.items() if v.value == "restated"} >= restated


def test_an_unknown_key_in_a_toml_derivation_is_an_error_naming_its_line(tmp_path):
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.load.toml import load_toml
    spec = tmp_path / "misplaced.toml"
    # a top-level key written after a [[table]] belongs to that table in TOML
    spec.write_text('id = "x"\ntitle = "t"\nsource = "s.txt"\n[[size]]\nname = "N"\nminimum = 2\n'
                    'checked = [2]\ngradient = { by = "g" }\n', encoding="utf-8")
    with pytest.raises(DerivationError, match=r"unknown key 'gradient' in \[\[size\]\]") as caught:
        load_toml(spec)
    assert caught.value.line == 8


# --- vectors, the other view of an index, derivatives along a path (d002) ---------------

theta = sp.Symbol("theta", real=True)
v = sp.IndexedBase("v", real=True)


def moving_scope() -> Scope:
    from dataclasses import replace
    from contrastive_sym.latex.scope import Partner, Path as RowPath
    base = vector_scope().bind("j", Partner("i", N)).bind("v", Family(v, (2 * N, d)))
    return replace(base.bind(r"\theta", theta), path=RowPath(theta, z, v))


def _rows(N_, d_):
    """A concrete batch: z_{a,m} = a + m/10 and v_{a,m} = a·m, as SymPy rationals."""
    point = {z[a, m]: a + sp.Rational(m, 10) for a in range(1, 2 * N_ + 1) for m in range(1, d_ + 1)}
    point.update({v[a, m]: a * m for a in range(1, 2 * N_ + 1) for m in range(1, d_ + 1)})
    return point


def test_differences_multiples_and_sums_of_rows_are_vectors():
    from contrastive_sym.model.nodes import Vector
    rows = translate_rows(r"\sum_{i=1}^{N} \tau \cdot (z_i - z_j) = 0", moving_scope())
    side = rows[0].sides[0].expr
    assert isinstance(side, Vector)
    point = _rows(2, 2)
    got = side.subs({N: 2, d: 2}).doit().subs(point)
    # Σ_{i=1}^{2} τ (z_i − z_{i+2}) = τ (−2, −2) whatever m is
    assert sp.simplify(got - sp.Matrix([[-4 * tau], [-4 * tau]])) == sp.zeros(2, 1)
    square = translate_expr(r"(z_1 - z_2) \cdot (z_1 - z_2)", moving_scope())
    assert square.subs(d, 2).doit().subs(point) == 2
    assert translate_expr(r"\|(z_1 - z_2)\|", moving_scope()).subs(d, 2).doit().subs(point) == sp.sqrt(2)
    # the component index of a vector side is none of the indices bound inside it
    # (here the m of the norm): a shadowed index is evaluated wrongly downstream
    scaled = translate_rows(r"\|z_1\| \cdot (z_1 - z_2) = 0", moving_scope())[0].sides[0].expr
    assert isinstance(scaled, Vector)
    assert scaled.args[1] not in {v for inner in scaled.atoms(sp.Sum) for v in inner.variables}
    assert scaled.subs(d, 2).doit().subs(point) == sp.Matrix([[-sp.sqrt(sp.Rational(265, 100))]] * 2)
    # two vectors side by side: their dot product, the one product of two vectors that is a
    # number (blog posts write exp(z_i z_k)); three do not say which two are dotted
    assert translate_expr(r"\tau z_1 z_2", moving_scope()).subs(d, 2).doit().subs(point) \
        == tau * translate_expr(r"z_1 \cdot z_2", moving_scope()).subs(d, 2).doit().subs(point)
    with pytest.raises(ParseError, match="3 vectors side by side"):
        translate_expr(r"z_1 z_2 z_1", moving_scope())
    with pytest.raises(ParseError, match="product of two vectors"):
        translate_expr(r"(z_1 - z_2)(z_1 + z_2)", moving_scope())
    with pytest.raises(ParseError, match=r"the logarithm of 'z_1 - z_2', rows of a family or a function's vector values"):
        translate_expr(r"\log(z_1 - z_2)", moving_scope())
    with pytest.raises(ParseError, match="vector where a number"):
        translate_expr(r"(z_1 - z_2) + \tau", moving_scope())


def test_the_other_view_follows_its_anchor_into_sums():
    point = _rows(2, 2)
    summed = translate_expr(r"\sum_{i=1}^{N} z_i \cdot z_j", moving_scope()).subs({N: 2, d: 2}).doit()
    expected = sum(z[a, m] * z[a + 2, m] for a in (1, 2) for m in (1, 2))
    assert sp.expand(summed.subs(point) - expected.subs(point)) == 0
    # a free anchor i: j is i + N for the first N rows and i − N for the others
    free = translate_expr(r"z_i \cdot z_j", moving_scope()).subs({N: 2, d: 2, i: 3}).doit()
    assert free == z[3, 1] * z[1, 1] + z[3, 2] * z[1, 2]


def test_a_derivative_by_the_path_parameter_moves_the_rows_and_is_taken_at_zero():
    expr = translate_expr(r"\frac{\partial (z_1 \cdot z_2)}{\partial \theta}", moving_scope())
    assert isinstance(expr, sp.Subs)
    point = _rows(1, 2)
    directional = sum(v[1, m] * z[2, m] + z[1, m] * v[2, m] for m in (1, 2))
    assert sp.expand(expr.subs(d, 2).doit().subs(point) - directional.subs(point)) == 0
    # any other variable is an ordinary partial derivative
    assert translate_expr(r"\frac{\partial (\tau z_1 \cdot z_2)}{\partial \tau}", moving_scope()) \
        .subs(d, 2).doit().subs(point) == (z[1, 1] * z[2, 1] + z[1, 2] * z[2, 2]).subs(point)


_HEADER = 'id = "x"\ntitle = "t"\nsource = "s.txt"\n'
_NOTATION = _HEADER + '''
[[size]]
name = 'N'
minimum = 1
checked = [1]
[[scalar]]
name = '\\theta'
[[family]]
name = 'z'
shape = ['2N']
[[index]]
name = 'i'
to = '2N'
'''


def test_positive_of_and_path_declarations_are_checked(tmp_path):
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.load.toml import load_toml
    spec = tmp_path / "x.toml"
    spec.write_text(_NOTATION + "[[index]]\nname = 'j'\npositive_of = 'k'\nsamples = 'N'\n", encoding="utf-8")
    with pytest.raises(DerivationError, match="positive_of names a declared index"):
        load_toml(spec)
    spec.write_text(_HEADER + "path = { parameter = '\\theta', moves = 'z', along = 'w' }\n"
                    + _NOTATION[len(_HEADER):], encoding="utf-8")
    with pytest.raises(DerivationError, match="path: 'parameter' names a declared scalar") as caught:
        load_toml(spec)
    assert caught.value.line == 4


def test_a_define_that_is_not_read_is_reported_and_defines_no_name(tmp_path):
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.load.toml import load_toml
    spec = tmp_path / "x.toml"
    update = "[[define]]\nname = 'update'\nline = 3\nread = false\nlatex = '\\theta \\leftarrow \\theta'\n"
    claim = "[[claim]]\nid = 'c'\nline = 4\ntitle = 't'\nlatex = 'update = 1'\n"
    spec.write_text(_NOTATION + update + claim, encoding="utf-8")
    with pytest.raises(ParseError, match="not declared"):
        load_toml(spec)
    spec.write_text(_NOTATION + update, encoding="utf-8")
    document = load_toml(spec)
    assert [(d.name, d.line) for d in document.definitions] == [("update", 3)]
    spec.write_text(_NOTATION + update.replace("false", "'no'"), encoding="utf-8")
    with pytest.raises(DerivationError, match="read = false"):
        load_toml(spec)


def test_an_index_distinct_from_the_other_view_never_takes_its_value():
    from contrastive_sym.check.sampling.instantiate import index_assignments
    from contrastive_sym.model.encodings import positive_row
    from contrastive_sym.model.notation import IndexDecl
    q = sp.Symbol("q", integer=True, positive=True)
    anchor = IndexDecl(i, sp.Integer(1), 2 * N, (), "i", None)
    negative = IndexDecl(q, sp.Integer(1), 2 * N, (i, positive_row(i, N)), "q", None)
    chosen = index_assignments([anchor, negative], {N: 2})
    assert chosen and all(c[q] not in (c[i], positive_row(c[i], 2)) for c in chosen)


def test_the_bundled_derivations_are_latex_with_no_python_copy():
    assert sorted(p.name for p in DERIVATIONS.glob("d*.py")) == []
    assert len(sorted(DERIVATIONS.glob("d*.toml"))) == 4


def test_an_unknown_expected_verdict_names_the_derivation_file_and_claim(tmp_path):
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.load.toml import load_toml
    spec = tmp_path / "x.toml"
    spec.write_text(_NOTATION + "[[claim]]\nid = 'c'\nline = 4\ntitle = 't'\nexpect = 'hold'\n"
                    "latex = '\\theta = \\theta'\n", encoding="utf-8")
    with pytest.raises(DerivationError, match="unknown expected verdict 'hold'") as caught:
        load_toml(spec)
    # the claim's table, not a line of the loader (document.py)
    assert caught.value.path == str(spec) and caught.value.line in (_NOTATION.count("\n") + 1,
                                                                  _NOTATION.count("\n") + 2,
                                                                  _NOTATION.count("\n") + 5)  # expect =


def test_a_line_that_sets_a_name_is_read_as_the_earlier_step_with_it_substituted(tmp_path):
    from contrastive_sym.model.claims import Relation
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.load.toml import load_toml
    spec = tmp_path / "x.toml"
    claim = ("[[claim]]\nid = 'c'\nline = 9\ntitle = 't'\nlatex = '\\theta^2 \\geq 2 \\theta - 1'\n"
             "  [[claim.step]]\n  line = 5\n  latex = '\\theta^2 + 1 \\geq 2 \\theta'\n"
             "  [[claim.step]]\n  line = 9\n  substitute_in = 5\n  latex = '\\theta = z_1'\n")
    spec.write_text(_NOTATION + claim, encoding="utf-8")
    step = load_toml(spec).claims[0].proof.steps[-1]
    z_ = sp.IndexedBase("z", real=True)
    assert (step.line, step.relation, step.latex) == (9, Relation.GE, r"\theta = z_1")
    assert sp.simplify(step.lhs - (z_[1] ** 2 + 1)) == 0 and sp.simplify(step.rhs - 2 * z_[1]) == 0
    spec.write_text(_NOTATION + claim.replace("substitute_in = 5", "substitute_in = 4"), encoding="utf-8")
    with pytest.raises(DerivationError, match="substitute_in = 4: there must be one earlier step"):
        load_toml(spec)
    spec.write_text(_NOTATION + claim.replace("'\\theta = z_1'", "'\\theta \\leq z_1'"), encoding="utf-8")
    with pytest.raises(ParseError, match="a substitution is one formula"):
        load_toml(spec)


def test_where_an_unclosed_delimiter_opened_is_a_position_in_the_file():
    # the formula starts at line 10, column 5 of its file, and spans two lines
    with pytest.raises(ParseError, match=re.escape("the '(' opened at 11:16 is not closed before it")) as caught:
        parse("a = b \\\\\n c = \\frac{\\exp(d}{e}", Where("notes.toml", 10, 5))
    assert (caught.value.line, caught.value.column) == (11, 18)


@pytest.mark.parametrize("text, closer", [(r"(a)) - b", ")"), (r"a + b)", ")"), (r"a]", "]")])
def test_a_closer_with_no_opener_is_named_unbalanced(text, closer):
    # an online book's (f(q_i,d_{i,j})) - y_{i,j})^2 said only "unexpected ')'; expected ',', a relation, …"
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert f"unexpected '{closer}': nothing before it opens a" in caught.value.message
    assert "(an unbalanced parenthesis?)" in caught.value.message

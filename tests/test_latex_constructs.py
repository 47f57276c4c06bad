r"""The LaTeX of real documents, read as written (issue 13): inner products and
transposes, names however they are spelled, functions, cosmetic layout, and the
messages for what is not read.

Each reading is compared with an expression built by hand in SymPy, at fixed sizes
(the sums of a dot product written out) and by value at a few points; each refusal
with its exact message and column.
"""
from __future__ import annotations

import re

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.latex.parser import parse
from contrastive_sym.latex.scope import Family, Macro, Scope
from contrastive_sym.latex.spelling import canonical_key
from contrastive_sym.latex.translate import translate_expr
from contrastive_sym.model.nodes import RealMax
from contrastive_sym.pipeline import check_statement

d = sp.Symbol("d", integer=True, positive=True)
N = sp.Symbol("N", integer=True, positive=True)
a, b, x = sp.symbols("a b x", real=True)
tau = sp.Symbol("tau", positive=True)
T = sp.Symbol("T", real=True)
rho, xt, sbar, sm, smi, lnp = sp.symbols("rho_hat x_tilde s_bar s_minus s_minus_i L_Npair", real=True)
u, v = sp.IndexedBase("u"), sp.IndexedBase("v")
z = sp.IndexedBase("z")

NAMES = {
    "d": d, "N": N, "a": a, "b": b, "x": x, r"\tau": tau,
    "u": Family(u, (d,)), "v": Family(v, (d,)), "z": Family(z, (N, d)),
    r"\hat{\rho}": rho, r"\tilde{x}": xt, r"\bar{s}": sbar, "s^{-}": sm, r"s_i^{-}": smi,
    r"\mathcal{L}_{\text{N-pair}}": lnp,
}
SCOPE = Scope(dict(NAMES))
SIZES = {d: 3, N: 2}


def read(text: str, scope: Scope = SCOPE) -> sp.Expr:
    return translate_expr(text, scope)


def written_out(expr) -> sp.Expr:
    """``expr`` at the sizes SIZES, its sums written out."""
    return sp.expand(expr.subs(SIZES).doit())


def dot(p, q, i=None, j=None):
    """Σ_m p_m q_m (rows i, j of 2-d families) at d = 3, built by hand."""
    left = [p[m] if i is None else p[i, m] for m in range(1, 4)]
    right = [q[m] if j is None else q[j, m] for m in range(1, 4)]
    return sp.expand(sum(l * r for l, r in zip(left, right)))


def refused(text: str, scope: Scope = SCOPE) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read(text, scope)
    return caught.value


# --- 1. inner products and transposes ---------------------------------------------
@pytest.mark.parametrize("text", [
    r"\langle u, v \rangle", r"\left\langle u, v \right\rangle", r"\big\langle u , v \big\rangle",
    r"u^\top v", r"u^{\top} v", r"u^T v", r"u^{T} v", r"u \cdot v", r"u^{\intercal} v",
    r"u^{\mathsf{T}} v", r"u^{\mathrm{T}} v",
])
def test_inner_products_and_transposes_of_vectors_are_dot_products(text):
    assert written_out(read(text)) == dot(u, v)


@pytest.mark.parametrize("text", [r"z_1^\top z_2", r"z_1^T z_2", r"\langle z_1, z_2 \rangle"])
def test_rows_of_a_family_are_vectors_too(text):
    assert written_out(read(text)) == dot(z, z, 1, 2)


def test_a_transpose_inside_a_product_and_of_a_sum_of_vectors():
    assert written_out(read(r"2 a u^\top v / \tau")) == sp.expand(2 * a * dot(u, v) / tau)
    assert written_out(read(r"(u + v)^\top u")) == sp.expand(dot(u, u) + dot(v, u))
    assert written_out(read(r"\langle u - v, u \rangle")) == sp.expand(dot(u, u) - dot(v, u))


def test_T_as_a_declared_name_is_still_the_transpose_of_a_vector():
    # a vector has no power T (a power of a vector is refused): ^T can only be its transpose
    assert written_out(read(r"u^T v", Scope({**NAMES, "T": T}))) == dot(u, v)
    assert written_out(read(r"u^\top v", Scope({**NAMES, "T": T}))) == dot(u, v)
    assert read(r"a^T", Scope({**NAMES, "T": T})) == a ** T      # a power of a number, as before


@pytest.mark.parametrize("text, message, column", [
    (r"a^\top b", "a transpose 'a^\\top' of something that is not a vector or a matrix", 1),
    (r"\langle a, b \rangle", "\\langle a, b \\rangle is the inner product of two vectors, and 'a' is not "
                              "a vector", 9),
    (r"\langle u, v, u \rangle", "\\langle … \\rangle is read as the inner product of two vectors "
                                 "\\langle a, b \\rangle", 1),
    (r"a u^\top", "a transposed vector a^\\top must be followed by a vector (a^\\top b is their dot product)", 1),
    (r"u^\top", "a transposed vector a^\\top must be followed by a vector (a^\\top b is their dot product)", 1),
])
def test_transposes_and_inner_products_of_non_vectors_are_errors_naming_them(text, message, column):
    error = refused(text)
    assert (error.message, error.column) == (message, column)


def test_the_norm_of_a_vector_written_every_way():
    squared = dot(u, u)
    for text in [r"\|u\|^2", r"\|u\|_2^2", r"\lVert u \rVert^2", r"\Vert u \Vert^2", r"\left\|u\right\|_2^2"]:
        assert written_out(read(text)) == squared, text
    assert written_out(read(r"\|z_1\|_2^2")) == dot(z, z, 1, 1)
    error = refused(r"\|u\|_{-1}")
    assert error.message.startswith("the norm index '_{-1}' is not read: the Euclidean norm \\|x\\| "
                                    "(or \\|x\\|_2), \\|x\\|_1,")


# --- 2. names ---------------------------------------------------------------------
@pytest.mark.parametrize("text, symbol", [
    (r"\mathcal{L}_\text{N-pair}", lnp), (r"\mathcal{L}_{\text{N-pair}}", lnp),
    (r"\mathcal{L}_{\mathrm{N-pair}}", lnp),
    (r"\hat{\rho}", rho), (r"\hat\rho", rho), (r"\hat{ \rho }", rho),
    (r"\tilde{x}", xt), (r"\tilde x", xt), (r"\bar{s}", sbar), (r"\bar s", sbar),
    (r"s_i^{-}", smi), (r"s^{-}_i", smi), (r"s_i^-", smi), (r"s^-_i", smi), (r"s_{i}^{-}", smi),
    (r"s^-", sm), (r"s^{-}", sm),
])
def test_one_name_however_it_is_spelled(text, symbol):
    assert read(text) == symbol


def test_a_name_declared_without_braces_matches_every_spelling():
    scope = Scope({r"\hat\rho": rho, r"s^-_i": smi, r"\mathcal{L}_\text{N-pair}": lnp})
    assert [read(t, scope) for t in (r"\hat{\rho}", r"s_i^{-}", r"\mathcal{L}_{\text{N-pair}}")] == [rho, smi, lnp]


def test_canonical_spellings():
    assert canonical_key(r"I^{K}_{\text{InfoNCE}}") == r"I_{\text{InfoNCE}}^K"
    assert canonical_key(r"\mathcal{L}^{\textrm{NT-Xent}}_{i}") == r"\mathcal{L}_i^{\text{NT-Xent}}"
    assert canonical_key(r"x_{i,j}") == r"x_{i,j}"


def test_an_accent_on_an_undeclared_name_is_not_declared():
    assert refused(r"\hat{y}").message == r"'\hat{y}' is not declared"    # as written, one backslash


def test_scripts_of_a_family_in_either_order():
    scalar = Scope({**NAMES, "w": Family(sp.IndexedBase("w"), (N,))})
    w = sp.IndexedBase("w")
    assert read(r"w^2_1", scalar) == read(r"w_1^2", scalar) == w[1] ** 2


# --- 3. functions -----------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    (r"\ln a", sp.log(a)), (r"\ln(a)", sp.log(a)), (r"\ln^2 a", sp.log(a) ** 2),
    (r"\ln \left( a \right)", sp.log(a)),
    (r"\sqrt{a^2 + b}", sp.sqrt(a ** 2 + b)), (r"e^{x}", sp.exp(x)), (r"e^x", sp.exp(x)),
    (r"\exp \frac{a}{\tau}", sp.exp(a / tau)), (r"\exp -a", sp.exp(-a)),
    (r"\exp \frac{a}{\tau} + b", sp.exp(a / tau) + b),
])
def test_functions(text, expected):
    assert sp.simplify(read(text) - expected) == 0


def test_exp_without_parentheses_before_a_quotient_is_ambiguous():
    error = refused(r"\exp\langle u,v\rangle/\tau")
    assert error.message == ("ambiguous: \\exp without parentheses before a quotient '\\langle u,v\\rangle/\\tau' "
                             "reads as \\exp(\\langle u,v\\rangle/\\tau) or as \\exp(\\langle u,v\\rangle)/\\tau; "
                             "write one of them")
    assert refused(r"\exp a/\tau").message == ("ambiguous: \\exp without parentheses before a quotient "
                                               "'a/\\tau' reads as \\exp(a/\\tau) or as \\exp(a)/\\tau; "
                                               "write one of them")
    assert written_out(read(r"\exp(\langle u,v\rangle/\tau)")) == written_out(sp.exp(dot(u, v) / tau))
    assert written_out(read(r"\exp(\langle u,v\rangle)/\tau")) == written_out(sp.exp(dot(u, v)) / tau)


# --- 4. layout and cosmetics ------------------------------------------------------
@pytest.mark.parametrize("text", [
    r"a + b \tag{3}", r"a + b \tag*{(3)}", r"\begin{equation*} a + b \end{equation*}",
    r"\begin{aligned} a + b \end{aligned}", r"\begin{split} a + b \end{split}",
    r"\begin{gather} a + b \end{gather}", r"\begin{multline*} a + b \end{multline*}",
    r"\color{red}{a} + b", r"{\color{red} a} + b", r"a + \color{blue} b", r"\textcolor{red}{a} + b",
    r"\displaystyle a + b", r"a \! + \, b \; \quad", r"\left. a + b \right.", r"a + b \nonumber",
    r"\texttt{a} + b", r"a + b \label{eq:x}", r"\require{color} a + b", r"\require{cancel}\begin{align*} a + b \end{align*}",
    r"\colorbox{magicmint} { $ a + b $ }", r"\fcolorbox{red}{white}{$a + b$}",
])
def test_layout_and_cosmetics_carry_no_mathematics(text):
    assert read(text) == a + b


def test_operatorname_star_and_sum_limits():
    assert read(r"\operatorname*{max}(a, b)") == RealMax(a, b)
    assert read(r"\sum\limits_{k=1}^{3} a") == sp.Sum(a, (sp.Symbol("k", integer=True), 1, 3))


@pytest.mark.parametrize("text", [r"\sum \limits_{k=1}^{3} a", r"\sum\nolimits_{k=1}^{3} a", r"\sum_{k=1}^{3} a;",
                                  r"\sum_{\substack{k=1}}^{3} a"])
def test_limits_after_a_space_a_final_semicolon_and_a_stack_of_one_line(text):
    assert read(text) == sp.Sum(a, (sp.Symbol("k", integer=True), 1, 3))


def test_the_lines_of_a_substack_are_the_clauses_of_one_subscript():
    """``\\substack{k=1 \\\\ k \\neq 2}`` (papers' stacked conditions) is ``k=1, k \\neq 2``."""
    stacked = read(r"\sum_{\substack{k = 1 \\ k \neq 2}}^{3} a")
    assert written_out(stacked) == written_out(read(r"\sum_{k=1, k \neq 2}^{3} a")) == 2 * a


def test_textbf_in_math_is_a_bold_name_as_mathbf_is():
    bold = sp.Symbol("x_bold", real=True)
    scope = Scope({**NAMES, r"\textbf{x}": bold})
    assert read(r"\textbf{x} + a", scope) == bold + a


# --- 5. what is not read, named in the user's notation ---------------------------
RESTATE = "restate the line with restated_from"
AMBIGUOUS_BARS = ("ambiguous bars '|a| b |a|': the bars pair in more than one way (|a| b |c| is |a|·b·|c| or "
                  "|a·|b|·c|); write \\lvert … \\rvert for an absolute value, \\lVert … \\rVert for a norm, "
                  "or put an operator between the pairs")


@pytest.mark.parametrize("text, message, column", [
    (r"|a| b |a|", AMBIGUOUS_BARS, 1),
    (r"a + |u|", "|…| of 'u', which is not a number, is not read; write \\|x\\| or "
                 "\\left\\| … \\right\\| for the norm of a vector", 5),
    (r"|P(i)|", "'P' is not declared", 2),
    (r"b + \lvert u \rvert", "|…| of 'u', which is not a number, is not read; write \\|x\\| or "
                               "\\left\\| … \\right\\| for the norm of a vector", 5),
    (r"\begin{cases} a \end{cases}", "row 1 of '\\begin{cases}' has no condition: write the value, '&' and "
                                     "the condition (1 & j = i), or \\text{otherwise}", 15),
    (r"a \overset{(i)}{b} c", "'\\overset{…}{…}' is read over one relation only (\\overset{(a)}{=} is =), and "
                              "\\underset{…}{\\mathbb{E}} as \\mathbb{E}_{…}; over anything else drop the "
                              "annotation (keep the symbol under it) or " + RESTATE, 3),
    (r"a + \sqrt[3]{a}", "'\\sqrt[n]{…}' is not read; write (…)^{1/n}", 5),
    (r"a \cong b", "the relation '\\cong' is not read; write = for a definition, or " + RESTATE, 3),
    (r"\int_0^1 a", "an integral with bounds is not read: an integral is read as \\int p(x) g(x) \\, dx with p a "
     "declared distribution of the point x (the expectation E_{x \\sim p}[g(x)]), over the whole space", 1),
    (r"\oint a", "'\\oint' is not read (an integral is read as one \\int of a density, \\int p(x) g(x) \\, dx); "
     + RESTATE, 1),
    (r"a + \left\{ b \middle| b \leq a \right\}", "'\\middle' (a set written by a condition, \\left\\{ z_i "
     "\\middle| i \\leq t \\right\\}) is not read: a set the checker sums over or counts is a declared [[set]] "
     "(its members or a condition on indices); " + RESTATE, 15),
    (r"g : a \mapsto b", "':' is not read here: a map's signature is read alone in its display (f : "
     "\\mathcal{X} \\to \\mathbb{R}^d, g : x \\mapsto z, or the two on two rows), and states no relation to "
     "check; a condition after ':' is read only in a sum's subscript (\\sum_{j : y_j = y_i}); " + RESTATE, 3),
    (r"\frac{a}{b.\text{size}(0)}", "'.' before a call (x.size(0), code rather than mathematics) is not read: "
     "write the value it stands for (N for the number of entries), or " + RESTATE, 11),
    # a brace with a mark is a notation of the document's own (latex/notations.py), none defined here
    (r"\left\{ a \right\}_+", "\\{x\\}_+ (a brace with a mark) is not read: it is a notation of the document's "
     "own, and no definition of it is given (define it, \\{x\\}_+ = \\max(0, 1 - x), or write the positive part "
     "[x]_+)", 6),
    # a divergence's bar between two arguments; counts written in other notations than \binom
    (r"a(b \| c)", "'\\|' between the arguments of a call is read only in the Kullback-Leibler divergence "
     "(D_{KL}(p \\| q), \\mathrm{KL}(p \\| q)) and the Jensen-Shannon divergence (D_{JS}(p \\| q))", 2),
    (r"(a || b) + 1", "'||' alone in parentheses is read only between the two arguments of the Kullback-Leibler "
     "divergence, D_{KL}(p \\| q); a norm is \\|x\\|", 4),
    (r"\mathrm{KL}(a \| b)", "D_{KL}(P \\| Q) is read with P a density, p(x) or p(y \\mid x) (or a product of "
     "densities of distinct points, p(x) p(y)), or a declared distribution; 'a' is neither", 13),
    (r"{a \choose b}", "'{n \\choose k}' is not read; write \\binom{n}{k}", 4),
    (r"a! + b", "'!' (a factorial) is not read; write the product it stands for (\\prod_{k=1}^{n} k), or " + RESTATE, 2),
    # a derivative by an expression (it was "unexpected '\\textbf'; expected '(', '[', '}'"), a list where
    # one value is read (it was "a list where one value is expected")
    (r"\frac{\partial a}{\partial b^T \textbf{c}}", "a derivative by an expression, '\\partial b^T \\textbf…' "
     "(more than one factor after '\\partial') is not read: a derivative is taken by a variable (\\partial x, "
     "\\partial z_i, \\partial x \\partial y); write the variable, or " + RESTATE, 19),
    (r"\exp(a; b)", "'a; b', a list separated by ';' (vectors stacked or concatenated, [u; v]), where one value "
     "is expected: a concatenation is not read", 6),
    (r"\exp(a, b)", "'a, b', a list of 2 items, where one value is expected (a list is read as the arguments of "
     "a function, f(a, b), or of a max or min)", 6),
])
def test_constructs_not_read_are_named_with_their_column(text, message, column):
    error = refused(text)
    assert (error.message, error.column) == (message, column)


def test_approx_keeps_its_name():
    from contrastive_sym.latex.translate import relation_name
    assert relation_name(r"\approx") == r"\approx"
    assert relation_name(r"\sim") == r"\sim"


def test_macros_match_their_arguments_in_any_spelling():
    labelled = Macro(r"\mathcal{L}", a + b, labels=r"s^-_i")
    assert read(r"\mathcal{L}(s_i^{-})", Scope({**NAMES, r"\mathcal{L}": labelled})) == a + b


def test_the_grammar_still_parses_a_real_display():
    tree = parse(r"\mathcal{L}_\text{N-pair} = -\log \frac{\exp(z_1^\top z_2/\tau)}"
                 r"{\sum_{k=1}^{N} \exp(\langle z_1, z_k \rangle / \tau)} \tag{4}")
    assert tree.data == "start"


def test_a_transpose_of_a_call_that_is_not_a_vector_is_named():
    scope = Scope({**NAMES, "f": Macro("f", a + b, labels="x")})
    error = refused(r"f(x)^\top f(x)", scope)
    assert (error.message, error.column) == ("a transpose 'f(x)^\\top' of something that is not a vector "
                                             "or a matrix", 1)


def test_an_inner_product_statement_is_proved_end_to_end():
    from contrastive_sym.pipeline import check_statement
    vectors = {"family": [{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}],
               "size": [{"name": "d", "minimum": 1, "checked": [1, 2, 3]}]}
    assert check_statement(r"\langle u, v \rangle = u^\top v", **vectors).verdict.value == "proved"
    assert check_statement(r"\left\langle u, v \right\rangle = \|u\|_2^2", **vectors).verdict.value == "refuted"


@pytest.mark.parametrize("text, name", [(r"\log a/\tau", r"\log"), (r"\ln a/\tau", r"\ln"),
                                        (r"\log^2 a/\tau", r"\log^2")])
def test_log_without_parentheses_before_a_quotient_is_ambiguous_too(text, name):
    assert refused(text).message == (f"ambiguous: {name} without parentheses before a quotient 'a/\\tau' "
                                     f"reads as {name}(a/\\tau) or as {name}(a)/\\tau; write one of them")


# --- definitions written with :=, \coloneqq, \triangleq, \stackrel{\text{def}}{=} ------------

DEFINITIONS = '''id = "t"
title = "t"
source = "t.txt"
scalar = [{name = 'a'}]

[[define]]
name = "g"
line = 1
latex = 'g := a^2 + a'

[[define]]
name = "L"
line = 2
latex = '\\mathcal{L} \\triangleq g + 1'

[[define]]
name = "M"
line = 3
latex = 'M \\stackrel{\\text{def}}{=} g + 2'

[[define]]
name = "N"
line = 4
latex = 'N \\coloneqq g'

[[claim]]
id = "c"
line = 5
title = "c"
kind = "identity"
latex = '\\mathcal{L} + M + N = 3a^2 + 3a + 3'
'''


def test_a_definition_reads_with_each_definitional_relation():
    from contrastive_sym.pipeline import verify_text
    run = verify_text(DEFINITIONS)
    assert run.documents[0].claims[0].outcome.verdict.value == "proved"
    wrong = verify_text(DEFINITIONS.replace("3a^2 + 3a + 3", "3a^2 + 3a + 4"))
    assert wrong.documents[0].claims[0].outcome.verdict.value == "refuted"


def test_an_assignment_whose_name_is_not_on_its_right_is_a_definition():
    """``L \\gets …`` (posts that write every definition with an arrow) defines L; an update
    rule, whose right side writes its name (θ ← θ − η g), defines nothing."""
    from contrastive_sym.pipeline import verify_text
    gets = DEFINITIONS.replace("N \\coloneqq g", "N \\gets g")
    assert verify_text(gets).documents[0].claims[0].outcome.verdict.value == "proved"
    update = DEFINITIONS.replace("N \\coloneqq g", "N \\leftarrow N + g")
    with pytest.raises(DerivationError, match="an assignment: an update rule"):
        verify_text(update)


def test_definition_text_keeps_every_column():
    from contrastive_sym.latex.macros import definition_text
    for text in [r"f := x", r"f :&= x", r"L \coloneqq x", r"L \triangleq x", r"L \stackrel{\text{def}}{=} x",
                 r"L \overset{\mathrm{def}}{=} x", r"L \gets x", r"L \leftarrow x"]:
        rewritten = definition_text(text)
        assert len(rewritten) == len(text) and rewritten.endswith("= x") and rewritten.startswith(text[0])


@pytest.mark.parametrize("text, name", [(r"a := a", ":="), (r"a \coloneqq a", r"\coloneqq"),
                                        (r"a \triangleq a", r"\triangleq")])
def test_a_definitional_relation_in_a_claim_says_where_it_is_read(text, name):
    error = refused(text)
    assert error.message == (f"'{name}' defines: a definition is read in a [[define]] table (or a define "
                             "annotation), not in a claim; there it reads as =")


def test_a_font_command_takes_the_next_letter_as_tex_does():
    from contrastive_sym.pipeline import check_statement
    declared = {"scalar": [{"name": r"\mathcal{L}"}, {"name": "a"}]}
    assert check_statement(r"\mathcal L a = a \mathcal{L}", **declared).verdict.value == "proved"
    assert check_statement(r"\mathcal L = a", **declared).verdict.value == "refuted"    # 𝓛 and a differ
    rows = {"family": [{"name": r"\mathbf{x}", "shape": ["2"]}]}
    assert check_statement(r"\mathbf x_1 + \mathbf x_2 = \mathbf{x}_2 + \mathbf{x}_1", **rows).verdict.value == "proved"


def test_an_absolute_value_with_ends_that_say_which_end_they_are():
    from contrastive_sym.pipeline import check_statement
    reals = {"scalar": [{"name": "a"}, {"name": "b"}]}
    assert read(r"\lvert a \rvert") == sp.Abs(a)
    assert read(r"\left| a - b \right|") == sp.Abs(a - b)
    assert read(r"\bigl| a \bigr| b") == sp.Abs(a) * b
    assert check_statement(r"\lvert a b \rvert = \lvert a \rvert \lvert b \rvert", **reals).verdict.value == "proved"
    assert check_statement(r"\left| a + b \right| = \left| a \right| + \left| b \right|", **reals).verdict.value \
        == "refuted"


def test_a_restriction_bar_is_still_a_restriction():
    """``\\bigg|_{…}`` and ``\\right|_{…}`` end a restriction, not an absolute value."""
    tree = parse(r"\frac{\partial}{\partial a}\bigg|_{a=0} a")
    assert "abs_value" not in {t.data for t in tree.iter_subtrees()}


# --- norms of expressions, sums over a declared index's range, \text{sg} (issue 13) -----
def _norm_by_hand(components) -> sp.Expr:
    return sp.sqrt(sum(c ** 2 for c in components))


@pytest.mark.parametrize("text", [
    r"\left\| z_1 - z_2 \right\|", r"\lVert z_1 - z_2 \rVert", r"\bigl\| z_1 - z_2 \bigr\|",
    r"\Bigl\| z_1 - z_2 \Bigr\|", r"\left\Vert z_1 - z_2 \right\Vert", r"\left\lVert z_1 - z_2 \right\rVert",
    r"\left\| z_1 - z_2 \right\|_2",
])
def test_the_norm_of_an_expression_between_ends_that_say_which_end_they_are(text):
    by_hand = _norm_by_hand([z[1, m] - z[2, m] for m in range(1, 4)])
    assert sp.simplify(written_out(read(text)) - by_hand) == 0


def test_the_norm_of_a_sum_of_vectors_and_of_one_symbol():
    assert sp.simplify(written_out(read(r"\left\| u + 2 v \right\|^2"))
                       - sp.expand(sum((u[m] + 2 * v[m]) ** 2 for m in range(1, 4)))) == 0
    assert sp.simplify(written_out(read(r"\| u \|")) - _norm_by_hand([u[m] for m in range(1, 4)])) == 0
    assert sp.simplify(written_out(read(r"\lVert u \rVert")) - _norm_by_hand([u[m] for m in range(1, 4)])) == 0


def test_norms_of_expressions_true_and_false_statements():
    from contrastive_sym.pipeline import check_statement
    rows = {"family": [{"name": "z", "shape": ["n", "d"], "role": "embedding"}],
            "size": [{"name": "n", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}]}
    assert check_statement(r"\left\| z_1 - z_2 \right\|^2 = \|z_1\|^2 + \|z_2\|^2 - 2 z_1^\top z_2",
                           **rows).verdict.value == "proved"
    assert check_statement(r"\bigl\| z_1 + z_2 \bigr\|^2 = \|z_1\|^2 + \|z_2\|^2", **rows).verdict.value \
        == "refuted"


def test_bare_bars_read_as_the_bars_that_say_which_end_they_are():
    # paired by latex/bars.py: the 1st and 2nd bar of a group are one pair (tests/test_bars.py)
    assert read(r"\| u - v \|") == read(r"\left\| u - v \right\|")
    assert read(r"|a - b| + \vert a \vert") == sp.Abs(a - b) + sp.Abs(a)


def test_a_norm_of_a_list_is_refused_and_of_a_number_is_its_absolute_value():
    assert refused(r"\left\| u, v \right\|").message == \
        "‖…‖ of a list is not read; \\left\\| x \\right\\| is the norm of one vector"
    # the Euclidean norm on the real line
    assert read(r"\left\| a - b \right\|") == sp.Abs(a - b)


def test_a_norm_and_an_absolute_value_do_not_capture_each_other():
    kinds = {t.data for t in parse(r"\left| a \right| \left\| u \right\|").iter_subtrees()}
    assert {"abs_value", "norm"} <= kinds
    assert read(r"\left| a - b \right| \left\| u \right\|").has(sp.Abs(a - b))
    assert refused(r"\left\| u \right|").message == r"unexpected '\right|'; expected '\right\|'"
    assert refused(r"\left| a \right\|").message == r"unexpected '\right\|'; expected '\right|'"


def test_a_sum_over_all_but_a_declared_index_runs_over_that_index_range():
    i, n = sp.Symbol("i", integer=True, positive=True), sp.Symbol("n", integer=True, positive=True)
    scope = Scope({**NAMES, "i": i, "n": n}).with_index_range(i, sp.Integer(1), n)
    total = read(r"\sum_{k \neq i} \exp(1/\tau)", scope)
    for size, excluded in [(2, 1), (3, 2), (4, 4)]:
        assert sp.simplify(total.subs({n: size, i: excluded}).doit() - (size - 1) * sp.exp(1 / tau)) == 0
    # indexing a family, the range is the family's (N rows), not i's
    by_family = read(r"\sum_{k \neq i} z_{k,1}", scope)
    assert by_family.subs({N: 3, i: 2}).doit() == z[1, 1] + z[3, 1]


def test_a_sum_whose_range_is_not_written_nor_read_stays_refused():
    i, n = sp.Symbol("i", integer=True, positive=True), sp.Symbol("n", integer=True, positive=True)
    message = "the range of this sum's index is not written and cannot be read from the families it indexes"
    scope = Scope({**NAMES, "i": i, "n": n}).with_index_range(i, sp.Integer(1), n)
    assert refused(r"\sum_{k} \exp(1/\tau)", scope).message == message          # no excluded index
    assert refused(r"\sum_{k \neq a} \exp(1/\tau)", scope).message == message   # a is no index
    assert refused(r"\sum_{k \neq i} \exp(1/\tau)", Scope({**NAMES, "i": i})).message == message  # no range


@pytest.mark.parametrize("text", [
    r"\text{sg}(a)", r"\operatorname{sg}(a)", r"\mathrm{sg}(a)", r"\text{stopgrad}(a)", r"\text{stop\_grad}(a)",
    r"\operatorname{stop\_grad}(a)", r"\operatorname{sg}\left[a\right]", r"\text{sg}\, a",
])
def test_every_spelling_of_the_stop_gradient_reads_as_it(text):
    from contrastive_sym.model.nodes import StopGrad
    assert read(text) == StopGrad(a)


def test_a_declared_sg_is_the_document_s_name_not_the_stop_gradient():
    sg = sp.Symbol("sg", real=True)
    assert read(r"\text{sg} + a", Scope({**NAMES, "sg": sg})) == sg + a


def test_the_stop_gradient_true_and_false_statements():
    from contrastive_sym.pipeline import check_statement
    scale = {"scalar": [{"name": r"\tau", "domain": "positive", "role": "scale"}]}
    assert check_statement(r"\text{sg}(\tau) = \tau", **scale).verdict.value == "proved"
    assert check_statement(r"\operatorname{sg}(\tau) = 2 \tau", **scale).verdict.value == "refuted"


def test_a_sum_over_k_other_than_i_runs_over_the_range_of_i_end_to_end():
    from contrastive_sym.pipeline import check_statement
    declared = {"scalar": [{"name": r"\tau", "domain": "positive", "role": "scale"}],
                "size": [{"name": "n", "minimum": 2, "checked": [2, 3]}], "index": [{"name": "i", "to": "n"}]}
    true = r"\sum_{k \neq i} \exp(1/\tau) = (n-1) \exp(1/\tau)"
    assert check_statement(true, **declared).verdict.value == "proved"
    assert check_statement(true.replace("(n-1)", "n"), **declared).verdict.value == "refuted"


@pytest.mark.parametrize("text", [r"1 + O(1/\tau)", r"1 + \mathcal{O}(1/\tau)", r"1 + \mathcal O\left(1/\tau\right)"])
def test_big_o_without_its_limit_is_named_not_called_undeclared(text):
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.pipeline import check_statement
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\log(1 + 1/\tau) = " + text, "limit",
                        scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}])
    assert "O(·) is an order at a limit, which little_o declares" in str(caught.value)


@pytest.mark.parametrize("statement, words", [
    # an update rule is read, and says it states no relation (tests/test_update_rules.py)
    (r"\theta \leftarrow m \theta + (1 - m) \theta", r"an update rule, \theta \leftarrow m \theta + (1 - m) \theta: it "
     "gives \\theta a new value and states no relation to check"),
    # an event inside a probability names the relation it met
    (r"p(C = 1 \mid c) = m", "a relation 'C = 1' where a value is expected (an event"),
    # a point used as a number is named as the notation writes it, x_{n}, not x[n]
    (r"x_n + 1 = 2", "x_{n} is a data point"),
])
def test_what_real_documents_write_and_is_not_read_is_named(statement, words):
    notation = dict(scalar=[{"name": r"\theta"}, {"name": "m"}, {"name": "c", "role": "point"}],
                    family=[{"name": "x", "shape": ["n"], "role": "point"}],
                    size=[{"name": "n", "minimum": 1, "checked": [1]}],
                    distribution=[{"name": "p", "of": ["c"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **notation)
    assert words in str(caught.value)


@pytest.mark.parametrize("statement, kind, expected", [
    (r"(a + b)^2 = &\\ & = a^2 + 2ab + b^2", "identity", "proved"),
    (r"(a + b)^2 = a^2 + b^2 = \\ = a^2 + 2ab + b^2", "identity", "refuted"),
    (r"(a+b)^2 \le &\\ & \leq 2a^2 + 2b^2", "inequality", "proved"),
])
def test_a_relation_repeated_at_a_row_break_is_one_link(statement, kind, expected):
    """``a = &\\ & = c`` (the sign repeated at the break, as Russian typesetting does) is the
    chain a = c; two different signs there are not read."""
    assert check_statement(statement, kind, scalar=[{"name": "a"}, {"name": "b"}]).verdict.value == expected


def test_two_different_relations_at_a_row_break_are_not_read():
    with pytest.raises(ParseError):
        check_statement(r"(a + b)^2 = &\\ & \leq 2a^2 + 2b^2", "inequality", scalar=[{"name": "a"}, {"name": "b"}])


@pytest.mark.parametrize("statement", [r"a \to b", r"a \longrightarrow b", r"a + b \rightarrow b"])
def test_an_arrow_between_two_expressions_is_not_read_as_equality(statement):
    """``A \\to B`` (as N → ∞, said in the prose) is a limit the display does not write: never
    checked as A = B, which finite sizes would refute; the link is read and undecided, saying why."""
    outcome = check_statement(statement, scalar=[{"name": "a"}, {"name": "b"}])
    assert outcome.verdict.value == "undecided"
    assert "tends to the other under a limit the display does not write" in outcome.message


def test_an_arrow_between_two_expressions_is_no_step_of_a_proof():
    from contrastive_sym.pipeline import toml_key, toml_value, verify_text
    lines = ['id = "e"', 'title = "e"', 'source = "e.txt"', f"scalar = {toml_value([{'name': 'a'}, {'name': 'b'}])}",
             "", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"', 'kind = "identity"', "latex = 'a = a'",
             "", "[[claim.step]]", "line = 2", r"latex = 'a \to b'"]
    with pytest.raises(DerivationError, match="it is not a step"):
        verify_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("statement, words", [
    (r"a \gg b", "≫ (much greater) does not say by how much"),
    (r"a \ll b", "≪ (much less) does not say by how much"),
])
def test_much_greater_and_much_less_are_read_and_undecided(statement, words):
    outcome = check_statement(statement, "inequality", scalar=[{"name": "a"}, {"name": "b"}])
    assert outcome.verdict.value == "undecided" and words in outcome.message


def test_a_false_link_beside_a_much_greater_one_is_refuted():
    outcome = check_statement(r"a + 1 = a \gg b", scalar=[{"name": "a"}, {"name": "b"}])
    assert outcome.verdict.value == "refuted"


@pytest.mark.parametrize("written, plain", [
    (r"\mathbf{z_1} + \boldsymbol{z_{2}}", r"\mathbf{z}_1 + \boldsymbol{z}_{2}"),
    (r"\mathbf{z'_1}", r"\mathbf{z}'_1"),
])
def test_the_scripts_of_a_name_written_inside_its_font(written, plain):
    r"""``\mathbf{h_i}`` (a library's docs write every vector so) is ``\mathbf{h}_i``."""
    assert check_statement(written + " = " + plain, scalar=[], family=[
        {"name": r"\mathbf{z}", "shape": ["2"]}, {"name": r"\boldsymbol{z}", "shape": ["2"]},
        {"name": r"\mathbf{z}'", "shape": ["2"]}]).verdict.value == "proved"


@pytest.mark.parametrize("statement", [
    r"\sum_{k \in \mathcal{W_{neg}}} \|\mathbf{z}_k\|^2 = \sum_{k \in \mathcal{W}_{neg}} \|\mathbf{z}_k\|^2",
    r"|\mathcal{W_{neg}}| = N",
])
def test_a_set_whose_scripts_are_written_inside_its_font(statement):
    r"""``\mathcal{W_{neg}}`` after ``\in`` is the set declared ``\mathcal{W}_{neg}`` (a note on
    word2vec writes both): it was looked up as ``\mathcalW_{neg}``, and not found."""
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1]}],
                    family=[{"name": r"\mathbf{z}", "shape": ["N", "d"]}],
                    set=[{"name": r"\mathcal{W}_{neg}", "to": "N"}])
    assert check_statement(statement, **notation).verdict.value == "proved"


def test_a_definition_whose_right_side_starts_on_the_next_row():
    """``L = \\nonumber \\\\ & a^2 + …``: the relation ends the row, its right side is below."""
    outcome = check_statement("(a + b)^2 = \\nonumber \\\\ & a^2 + 2ab + b^2", scalar=[{"name": "a"}, {"name": "b"}])
    assert outcome.verdict.value == "proved"


@pytest.mark.parametrize("statement, expected", [
    (r"a \leqslant |a|", "confirmed"),
    (r"a \geqslant -|a|", "confirmed"),
    (r"|a| \leqq a", "refuted"),
    (r"a^2 \geqq 0", "proved"),
])
def test_slanted_and_double_inequalities_are_le_and_ge(statement, expected):
    assert check_statement(statement, "inequality", scalar=[{"name": "a"}]).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    (r"\log_2 4 = 2", "proved"),
    (r"\log_2 8 = 2", "refuted"),
    (r"\log_{10} 1000 = 3", "proved"),
    (r"\log_e e^{a} = a", "proved"),
    (r"\log_2(a^2 + 1) = \frac{\log(a^2+1)}{\log 2}", "proved"),
])
def test_a_logarithm_to_a_number_base(statement, expected):
    assert check_statement(statement, scalar=[{"name": "a"}]).verdict.value == expected


@pytest.mark.parametrize("statement, message", [
    (r"\log_a 2 = 1", r"\log_{a} is read for a number base above 0 other than 1"),
    (r"\log_1 2 = 1", r"\log_{1} is read for a number base above 0 other than 1"),
    (r"\log_2 a/b = 1", r"ambiguous: \log_2 without parentheses before a quotient 'a/b'"),
    (r"a \neq a + 1", r"the relation '\neq' is not one the checker decides"),
])
def test_what_a_logarithm_to_a_base_or_a_claim_of_difference_refuses(statement, message):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, scalar=[{"name": "a"}, {"name": "b"}])
    assert message in str(caught.value)


def test_a_name_written_with_its_script_inside_a_font_is_quoted_whole():
    # \mathcal{W_{neg}} is read as \mathcal W_{neg}: the message quoted '\mathcal{W_{neg}' (a brace lost)
    error = refused(r"\sum_{k \in \mathcal{W_{neg}}} a")
    assert r"'\mathcal{W_{neg}}' is not a declared [[set]]" in error.message


def test_a_free_index_nothing_declares_is_named_with_how_to_declare_it():
    from contrastive_sym.pipeline import check_statement
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}], family=[{"name": "w", "shape": ["N"]}])
    with pytest.raises(ParseError) as caught:
        check_statement(r"w_j \leq 1", "inequality", **notation)
    assert ("'j' is not declared: an index written free in a statement (w_j) is declared as an [[index]] with its "
            "range (name = 'j', from = 1, to = 'N')") in caught.value.message


def test_a_condition_may_set_a_size_equal_to_a_number_and_no_value():
    from contrastive_sym.pipeline import check_statement
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "s", "shape": ["N"]}],
                    scalar=[{"name": "t"}])
    # \sum_{i=1}^N s_i = s_1 holds at N = 1 only: with the condition it is checked there alone
    outcome = check_statement(r"\sum_{i=1}^N s_i = s_1", claim={"given": ["N = 1"]}, **notation)
    assert outcome.verdict.value in ("proved", "confirmed") and "excluded" in outcome.message, outcome.message
    assert check_statement(r"\sum_{i=1}^N s_i = s_1", **notation).verdict.value == "refuted"
    with pytest.raises(Exception, match="a condition cannot use '=' between values that are not sizes or indices"):
        check_statement(r"t^2 = 0", claim={"given": ["t = 0"]}, **notation)


VECTOR_OF_A_POINT = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                         function=[{"name": "q", "arguments": 1, "shape": ["d"]}],
                         scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}],
                         define=[{"name": r"\bar{q}", "line": 1, "latex": r"\bar{q}(x) = q(x) / \|q(x)\|_2"}])


@pytest.mark.parametrize("statement, kind, expected", [
    # BYOL's normalised prediction, a function of a point whose value is a vector
    (r"\bar{q}(x) \cdot \bar{q}(y) \leq 1", "inequality", {"conditional"}),
    (r"\bar{q}(x) \cdot \bar{q}(y) \leq 0", "inequality", {"refuted"}),
    (r"\|\bar{q}(y) - \bar{q}(x)\|^2 = 2 - 2 \bar{q}(x) \cdot \bar{q}(y)", "identity", {"conditional"}),
])
def test_a_function_of_points_defined_with_a_vector_value(statement, kind, expected):
    # it was "a vector where a number is expected": a definition of points had to be a number
    assert check_statement(statement, kind, **VECTOR_OF_A_POINT).verdict.value in expected


RANGES = dict(size=[{"name": "P", "minimum": 2, "checked": [2, 3]}, {"name": "K", "minimum": 1, "checked": [1, 2]}],
              family=[{"name": "x", "shape": ["K"]}, {"name": "D", "shape": ["P", "K"]}],
              index=[{"name": "i", "from": 1, "to": "P"}])


@pytest.mark.parametrize("statement, kind, expected", [
    # a range written with the ellipsis and no commas, as the batch-hard triplet loss writes it
    (r"\max_{p=1 \dots K} x_p = \max_{p=1, \dots, K} x_p", "identity", {"proved"}),
    (r"\sum_{k=1...K} x_k = \sum_{k=1}^{K} x_k", "identity", {"proved"}),
    (r"\min_{p=1 \dots K} x_p \geq x_1", "inequality", {"refuted"}),
    # a minimum over several indices, each with its range, and a condition
    # the least is at most the mean
    (r"\min_{\substack{j=1 \dots P \\ n=1 \dots K \\ j \neq i}} D_{j,n} \leq \frac{1}{(P-1) K} \sum_{j \neq i} "
     r"\sum_{n=1}^{K} D_{j,n}", "inequality", {"proved", "confirmed"}),
    (r"\min_{\substack{j=1 \dots P \\ n=1 \dots K \\ j \neq i}} D_{j,n} \leq \min_{n=1 \dots K} D_{i,n}",
     "inequality", {"refuted"}),
])
def test_ranges_written_with_an_ellipsis_alone_and_over_several_indices(statement, kind, expected):
    assert check_statement(statement, kind, **RANGES).verdict.value in expected


def test_a_loss_of_an_undeclared_encoder_used_as_its_head_writes_it():
    r"""``\mathcal{L}(f) = …`` over declared embeddings, with f (the encoder) declared nowhere: a
    use that writes ``\mathcal{L}(f)`` again is the definition (f was "not declared"); said."""
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}], family=[{"name": "z", "shape": ["N"]}],
                    define=[{"name": "L", "line": 1, "latex": r"\mathcal{L}(f) = \sum_{i=1}^{N} z_i^2"}])
    outcome = check_statement(r"\mathcal{L}(f) \geq 0", "inequality", **notation)
    assert outcome.verdict.value in ("proved", "confirmed")
    # a body that uses its parameter still needs the value a use gives
    notation["define"] = [{"name": "g", "line": 1, "latex": r"g(\ell) = \ell^2 + \sum_{i=1}^{N} z_i^2"}]
    with pytest.raises(ParseError, match=r"'\\ell' is not declared"):
        check_statement(r"g(\ell) \geq 0", "inequality", **notation)


EQUIV = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}], family=[{"name": "s", "shape": ["N", "N"]}],
             index=[{"name": "i", "from": 1, "to": "N"}],
             set=[{"name": "P(i)", "index": "p", "to": "N", "where": r"p \neq i"}])


@pytest.mark.parametrize("statement, expected", [
    # \equiv first in its row defines (SupCon's P_{ip}), over i declared and p declared nowhere;
    # P(i), the set declared in that form, stays the set
    (r"\sum_{p \in P(i)} P_{ip} = 1", {"proved", "confirmed"}),
    (r"\sum_{p \in P(i)} P_{ip} = \frac{1}{|P(i)|}", {"refuted"}),
])
def test_equiv_first_in_its_row_defines(statement, expected):
    notation = dict(EQUIV, define=[{"name": "d", "line": 1,
                                    "latex": r"P_{ip} \equiv \frac{e^{s_{i,p}}}{\sum_{a \neq i} e^{s_{i,a}}}"}])
    assert check_statement(statement, **notation).verdict.value in expected


@pytest.mark.parametrize("written, read", [
    (r"P_{ip} \equiv 2", "P_{ip}      = 2"),
    (r"P_{ip} &\equiv 2", "P_{ip} &     = 2"),
    # after another relation, or continuing the chain above it, it is a link, checked as one
    (r"Q = A \equiv B", r"Q = A \equiv B"),
    (r"Q &= A \\ &\equiv B", r"Q &= A \\ &\equiv B"),
])
def test_equiv_defines_only_first_in_a_row_with_a_head(written, read):
    from contrastive_sym.latex.defined_as import definition_text
    assert definition_text(written) == read


def test_parameters_after_a_semicolon_of_a_declared_function_are_named_in_the_count():
    with pytest.raises(ParseError, match=r"here it has 2 \(what follows ';'.*declare them in 'arguments'"):
        check_statement(r"p(u; \theta) = 1", function=[{"name": "p", "arguments": 1}],
                        scalar=[{"name": "u", "role": "point"}, {"name": r"\theta"}])


@pytest.mark.parametrize("statement, name", [
    (r"\mathbf{z}_{t+k}^\top \mathbf{c} = 0", r"\mathbf{z}_{t+k}"),
    (r"a_i^T \mathbf{c} = 0", "a_i"),
])
def test_an_undeclared_name_transposed_is_named_without_the_transpose(statement, name):
    with pytest.raises(ParseError, match=re.escape(f"'{name}' is not declared")):
        check_statement(statement, family=[{"name": r"\mathbf{c}", "shape": ["2"]}])


def test_a_name_with_an_arrow_is_one_name_however_the_arrow_is_written():
    # CLIP's two directions, \mathcal{L}_{I \to T} defined and used as \mathcal{L}_{I \rightarrow T}
    notation = dict(scalar=[{"name": "a"}], define=[{"name": "L", "line": 1, "latex": r"\mathcal{L}_{I \to T} = a^2"}])
    assert check_statement(r"\mathcal{L}_{I \rightarrow T} \geq 0", "inequality", **notation).verdict.value == "proved"


@pytest.mark.parametrize("text, column, name, font", [
    # a library's docstring and a user guide write a loss and a matrix applied to a difference so
    (r"\mathcal{L(X)} = 1", 10, r"\mathcal{L}", r"\mathcal{L(X)}"),
    (r"a + \mathbf{L(x_i-x_j)} = 1", 13, r"\mathbf{L}", r"\mathbf{L(x_i-x_j)}"),
])
def test_a_font_around_more_than_a_name_is_on_each_name_and_says_so(text, column, name, font):
    error = refused(text, Scope({"a": sp.Symbol("a")}))
    assert error.message == f"'{name}' is not declared (the font of '{font}' is on each name it holds, as TeX prints it)"
    assert error.column == column


def test_an_expectation_given_an_event_is_named():
    # a theory blog's supervised loss, averaged over pairs of distinct classes
    error = refused(r"\mathbb{E}\left[L(f, c) | c \neq 1\right] = 0")
    assert "conditions on an event, as an expectation given an event is written" in error.message


def test_a_run_of_letters_whose_other_split_has_a_data_point_is_the_one_reading():
    # a post on CPC writes exp in letters beside a declared point x: e·x·p multiplies a point, which
    # has no value, so exp is the one reading (a helper's blind document showed it refused)
    points = dict(scalar=[{"name": "x", "role": "point"}], function=[{"name": "g", "arguments": 1}],
                  distribution=[{"name": "p", "of": ["x"]}])
    assert check_statement(r"exp(g(x)) = \exp(g(x))", **points).verdict.value == "proved"
    # with x and p values, e·x·p is a product: still ambiguous
    with pytest.raises(ParseError, match=r"ambiguous run of letters 'exp'"):
        check_statement(r"exp(x) > 0", "inequality", scalar=[{"name": "x"}, {"name": "p"}])


@pytest.mark.parametrize("statement", [
    r"\frac{dK}{d\epsilon}\big\vert_{\epsilon=1} = 2",      # a blog's proof of NCE's theorem
    r"\frac{dK}{d\epsilon}\vert_{\epsilon=1} = 2",
])
def test_a_restriction_bar_written_vert_is_the_bar(statement):
    # it read as the command \vert with a subscript, after the derivative: "d/dx needs what it differentiates"
    notation = dict(scalar=[{"name": r"\epsilon"}], define=[{"name": "K", "line": 1, "latex": r"K(\epsilon) = \epsilon^2"}])
    assert check_statement(statement, **notation).verdict.value == "proved"

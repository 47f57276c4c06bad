r"""Definitions by cases (issue 13): ``\begin{cases} v_1 & c_1 \\ v_2 & c_2 \end{cases}``.

Each written form must read as Σ_r v_r · 𝟙[c_r] built by hand, and only when exactly one
condition holds whatever the indices; every other layout or condition is refused with a
message naming it, its row and its column; a claim that uses cases is proved or refuted
end to end.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
import sympy as sp

from contrastive_sym.errors import ParseError
from contrastive_sym.latex.cases_layout import mark_cases
from contrastive_sym.latex.parser import Where
from contrastive_sym.latex.scope import Family, IndexSet, Scope
from contrastive_sym.latex.translate import translate_expr
from contrastive_sym.pipeline import check_statement, verify_text

i, j, k = (sp.Symbol(name, integer=True) for name in "ijk")
N = sp.Symbol("N", integer=True, positive=True)
a, b, c, x = (sp.Symbol(name, real=True) for name in "abcx")
s = sp.IndexedBase("s", real=True)
SCOPE = Scope({"i": i, "j": j, "k": k, "N": N, "a": a, "b": b, "c": c, "x": x, "s": Family(s, (N,)),
               "I": IndexSet("I", sp.Integer(2), N)})
WHERE = Where("doc.toml", 5, 10)
EQ = sp.KroneckerDelta(j, i)


def read(text: str) -> sp.Expr:
    return translate_expr(text, SCOPE)


def refused(text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        translate_expr(text, SCOPE, WHERE)
    return caught.value


def same(left: sp.Expr, right: sp.Expr) -> bool:
    return sp.expand(left - right) == 0


# --- what reads, and as what ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    r"\begin{cases} a & j = i \\ b & j \neq i \end{cases}",
    r"\begin{cases} a & j = i, \\ b & j \neq i. \end{cases}",            # punctuation of the sentence
    r"\begin{cases} b & i \neq j \\ a & i = j \end{cases}",              # either order, either side
    r"\begin{cases} a & \text{if } j = i \\ b & \text{otherwise} \end{cases}",
    r"\begin{cases} a, & \text{if } j = i, \\ b, & \text{otherwise.} \\ \end{cases}",
    r"\begin{cases} a, \quad j = i \\ b, \quad \text{else} \end{cases}",  # comma and \quad, no &
    r"\begin{cases} a \quad j = i \\ b \quad j \ne i \end{cases}",
    r"\begin{cases} a \text{ if } j = i \\ b \text{ if } j \neq i \end{cases}",
    r"\begin{dcases} a & j = i \\ b & \text{sinon} \end{dcases}",
    r"\left\{ \begin{array}{ll} a & j = i \\ b & \text{Otherwise} \end{array} \right.",
    r"\left\{\begin{array}{l} a, \text{if } j = i \\ b, \text{otherwise} \end{array}\right.",
    "\\begin{cases}\n  a & j = i \\\\\n  b & j \\neq i\n\\end{cases}",
    r"\begin{cases} a \quad \text{if } j = i, \\ b \quad \text{otherwise}. \end{cases}",
    r"\left\{\begin{aligned} a \qquad j = i \\ \,\, b \qquad j \neq i\end{aligned}\right.",   # aligned rows
    r"\begin{cases} a &, j = i \\ b &,j \neq i \end{cases}",           # a comma after the & (READMEs)
    r"\begin{cases} a & j = i \\ \\ b & \text{otherwise} \end{cases}",   # an empty row is spacing
    # braces around a whole row only group it: the comma inside still separates
    r"\left\{\begin{array}{l}{a, \quad j = i} \\ {b, \quad j \neq i}\end{array}\right.",
    r"\begin{cases} {a}, \quad j = i \\ {b}, \quad \text{otherwise} \end{cases}",   # a group in a row
])
def test_each_layout_reads_as_the_value_of_the_row_that_holds(text):
    assert same(read(text), a * EQ + b * (1 - EQ))


def test_otherwise_is_the_rows_before_it_failing():
    value = read(r"\begin{cases} a & j = i \\ b & j = i + 1 \\ c & \text{otherwise} \end{cases}")
    after = sp.KroneckerDelta(j, i + 1)
    assert same(value, a * EQ + b * after + c * (1 - EQ - after))


def test_values_are_expressions_and_the_cases_a_factor():
    value = read(r"s_j - \begin{cases} \frac{s_i}{2} & j = i \\ 0 & \text{otherwise} \end{cases}")
    assert same(value, s[j] - s[i] / 2 * EQ)


@pytest.mark.parametrize("text, expected", [
    (r"\begin{cases} a & x > 0 \\ b & x \le 0 \end{cases}", a * sp.Heaviside(x, 0) + b * sp.Heaviside(-x, 1)),
    (r"\begin{cases} a & x \ge 0 \\ b & \text{otherwise} \end{cases}", a * sp.Heaviside(x, 1) + b * (1 - sp.Heaviside(x, 1))),
    (r"\begin{cases} a & x < c \\ b & x \geq c \end{cases}", a * sp.Heaviside(c - x, 0) + b * sp.Heaviside(x - c, 1)),
])
def test_rows_that_order_two_values_are_steps_exact_at_the_tie(text, expected):
    """ReLU, a hinge, a clipped loss by cases: each row the step 1[a > b] of labels.py, the tie in the row
    whose relation includes it."""
    value = read(text)
    assert same(value, expected)
    for at in (-1, 0, 2):
        assert value.subs({x: at, c: 0}) == expected.subs({x: at, c: 0})


def test_opposite_strict_orders_leave_the_function_undefined_at_the_tie():
    """|x|' by cases, 1 for x > 0 and -1 for x < 0: a function of x ≠ 0, never 0 at x = 0 (what the
    sum of the two steps would give there): the claim holds where it is defined, the tie named."""
    reals = dict(scalar=[{"name": "x"}])
    sign = r"\begin{cases} 1 & x > 0 \\ -1 & x < 0 \end{cases}"
    step = r"\begin{cases} 1 & x > 0 \\ 0 & x < 0 \end{cases}"
    outcome = check_statement(sign + " = 2 " + step + " - 1", **reals)
    assert outcome.verdict.value == "conditional" and "x ≠ 0" in outcome.message
    assert check_statement(r"\frac{d}{dx} |x| = " + sign, **reals).verdict.value == "conditional"
    assert check_statement(sign + " = 1", **reals).verdict.value == "refuted"


def test_a_claim_by_cases_of_an_order_is_checked():
    reals = dict(scalar=[{"name": "x"}])
    relu = r"\begin{cases} x & x \ge 0 \\ 0 & \text{otherwise} \end{cases}"
    assert check_statement(relu + r" = \max(x, 0)", **reals).verdict.value in ("proved", "confirmed")
    wrong = check_statement(relu + r" = \max(x, 1)", **reals)
    assert wrong.verdict.value == "refuted" and wrong.witness is not None


def test_membership_of_an_index_in_a_declared_set_is_a_sum_of_deltas():
    value = read(r"\begin{cases} a & k \in I \\ b & \text{otherwise} \end{cases}")
    for size, index, expected in ((3, 1, b), (3, 2, a), (3, 3, a), (1, 1, b)):
        assert value.subs({N: size, k: index}).doit() == expected
    assert same(read(r"\begin{cases} a & k \in [N] \\ b & \text{otherwise} \end{cases}").subs(
        {N: 2, k: 3}).doit(), b)


def test_conditions_on_class_labels_read_as_the_indicator_of_labels():
    y = sp.IndexedBase("y", integer=True)
    scope = replace(SCOPE.bind("y", Family(y, (N,))), labels=frozenset({y}))
    indicator = translate_expr(r"s_j \mathbb{1}[y_i = y_j]", scope)
    for written in (r"\begin{cases} s_j & y_i = y_j \\ 0 & \text{otherwise} \end{cases}",
                    r"\begin{cases} s_j & y_i = y_j \\ 0 & y_i \neq y_j \end{cases}",
                    r"\begin{cases} 0 & y_i \neq y_j \\ s_j & y_i = y_j \end{cases}"):
        assert same(translate_expr(written, scope), indicator)
    assert indicator.subs({y[i]: 1, y[j]: 1}) == s[j] and indicator.subs({y[i]: 1, y[j]: 2}) == 0
    with pytest.raises(ParseError) as caught:
        translate_expr(r"\begin{cases} s_j & y_i = y_j \\ 0 & y_i = y_i \end{cases}", scope)
    assert "the cases at rows 1 and 2 of '\\begin{cases}' may both hold" in caught.value.message


def test_the_marked_text_keeps_every_column():
    text = r"x + \left\{ \begin{array}{ll} 1, & \text{if } j = i \\ 0 & \text{otherwise} \end{array} \right."
    marked = mark_cases(text)
    assert len(marked) == len(text)
    assert marked.index("j = i") == text.index("j = i")


# --- what is refused, with its message and column ----------------------------------------------

@pytest.mark.parametrize("text, message, column", [
    (r"\begin{cases} a & j = i \\ b & j = 1 \end{cases}",
     "the cases at rows 1 and 2 of '\\begin{cases}' may both hold ('j = i' and 'j = 1'); the rows are read only "
     "when exactly one condition holds", 10),
    (r"\begin{cases} a & j = i \\ b & j = i \\ c & \text{otherwise} \end{cases}",
     "the cases at rows 1 and 2 of '\\begin{cases}' may both hold ('j = i' and 'j = i')", 10),
    (r"\begin{cases} a & j = i \end{cases}",
     "no case of '\\begin{cases}' holds when j \\neq i; add a last row '… & \\text{otherwise}' or the missing "
     "case", 10),
    (r"\begin{cases} a & j = i \\ b & j = i + 1 \end{cases}",
     "no case of '\\begin{cases}' holds when j \\neq i and j \\neq i + 1", 10),
    (r"\begin{cases} a & k \in I \end{cases}", "no case of '\\begin{cases}' holds when k \\notin I", 10),
    (r"\begin{cases} a & k \in I \\ b & k = 1 \\ c & \text{otherwise} \end{cases}",
     "the cases at rows 1 and 2 of '\\begin{cases}' may both hold ('k \\in I' and 'k = 1')", 10),
    (r"\begin{cases} a & s_j = s_i \\ b & \text{otherwise} \end{cases}",
     "the condition 's_j = s_i' of row 1 of '\\begin{cases}' compares values, not indices or class labels; a "
     "definition by cases of a condition on values is not read: only conditions on indices are read (j = p(i), "
     "j \\neq p(i), k \\in S for a declared set), on class labels (y_i = y_j, y_i \\neq y_j, y a [[family]] of "
     "role \"label\"), on a value of a finite domain (y_n = 1, y declared with domain \"{-1, 1}\" or \"binary\"), "
     "orders of two values (x > 0, a \\le b) and \\text{otherwise} in the last row", 28),
    (r"\begin{cases} a & x \ge 0 \\ b & x \le 0 \end{cases}",
     "the cases at rows 1 and 2 of '\\begin{cases}' both hold when x = 0", 10),
    (r"\begin{cases} a & x > 0 \\ b & x > 1 \\ c & \text{otherwise} \end{cases}",
     "the rows of '\\begin{cases}' order values in 2 ways", 10),
    (r"\begin{cases} a & x > 0 \\ b & j = i \\ c & \text{otherwise} \end{cases}",
     "the condition 'j = i' of row 2 of '\\begin{cases}' is not an order of two values", 10),
    (r"\begin{cases} a & x' \text{~--- a positive} \\ b & \text{otherwise} \end{cases}",
     "the condition 'x' \\text{~--- a positive}' of row 1 of '\\begin{cases}' is not read (words, or not one "
     "relation): only conditions on indices are read", 28),
    (r"\begin{cases} a & \text{if $j = i$} \\ b & \text{otherwise} \end{cases}",
     "the condition '\\text{if $j = i$}' of row 1 of '\\begin{cases}' is not read (words, or not one relation)", 28),
    (r"\begin{cases} a & j = i, k = i \\ b & \text{otherwise} \end{cases}",
     "the condition 'j = i, k = i' of row 1 of '\\begin{cases}' has several parts; one relation between "
     "indices is read in each row", 28),
    (r"\begin{cases} a & \text{otherwise} \\ b & j = i \end{cases}",
     "'\\text{otherwise}' is row 1 of '\\begin{cases}', not its last row: the other rows after it could never "
     "hold", 28),
    (r"\begin{cases} a & k \in J \\ b & \text{otherwise} \end{cases}", "'J' is not declared", 34),
    (r"\begin{cases} a & k \in [x, N] \\ b & \text{otherwise} \end{cases}",
     "the condition 'k \\in [x, N]' of row 1 of '\\begin{cases}' is not read: only an index in a declared "
     "[[set]] of whole numbers (from … to), [n] or [\\![a, b]\\!] is", 28),
    (r"\left\{ \begin{array}{ll} a & j = i \\ b & j = 2 \end{array} \right.",
     "the cases at rows 1 and 2 of '\\left\\{ \\begin{array}' may both hold", 10),
    # the layout itself
    (r"\begin{cases} a \\ b & \text{otherwise} \end{cases}",
     "row 1 of '\\begin{cases}' has no condition: write the value, '&' and the condition (1 & j = i), or "
     "\\text{otherwise}", 24),
    (r"\begin{cases} a & j = i & k \\ b & \text{otherwise} \end{cases}",
     "a row of a definition by cases has two '&': the value and its condition are one '&' apart", 34),
    (r"\begin{cases} a & \\ b & \text{otherwise} \end{cases}",
     "row 1 of '\\begin{cases}' has no condition after its value", 26),
    (r"\begin{cases} a & j = i \\ b & \text{otherwise}", "'\\begin{cases}' without its '\\end{cases}'", 10),
    (r"\begin{cases} \begin{aligned} a \end{aligned} & j = i \\ b & \text{otherwise} \end{cases}",
     "an environment inside '\\begin{cases}' (at '\\begin{aligned}') is not read", 24),
    (r"\begin{cases} \begin{vmatrix} a \end{vmatrix} & j = i \\ b & \text{otherwise} \end{cases}",
     "'\\begin{vmatrix}' (an array or matrix) is not read", 24),
    (r"\begin{cases} a & j = \\ b & \text{otherwise} \end{cases}", "unexpected '\\\\'", 32),
    ("\\begin{cases} a & j = i \\\\ b & \\text{otherwise} \\end{cases}^{2} + \ue012",
     "the character U+E012 is not read", 76),
    # still never read: determinants (matrices are read: tests/test_matrix_layouts.py), and an array
    # that is not \left\{ … \right.
    (r"\begin{vmatrix} a & b \end{vmatrix}",
     "'\\begin{vmatrix}' (an array or matrix) is not read; restate the line with restated_from", 10),
    (r"\begin{array}{ll} a & j = i \\ b & \text{otherwise} \end{array}",
     "'\\begin{array}' (an array or matrix) is not read; restate the line with restated_from", 10),
    (r"\left\{ \begin{array}{lll} a & j = i & c \end{array} \right.",
     "'\\begin{array}' (an array or matrix) is not read", 18),
    (r"\begin{Vmatrix} a \end{Vmatrix}", "'\\begin{Vmatrix}' (an array or matrix) is not read", 10),
    (r"x + \begin{cases*} a & if $j = i$ \\ b & otherwise \end{cases*}",
     "'\\begin{cases*}' is not read; write \\begin{cases} v_1 & j = i \\\\ v_2 & \\text{otherwise} \\end{cases} "
     "(each condition in math: indices, class labels or \\text{otherwise}) or restate the line with restated_from",
     14),
    (r"\begin{rcases} a & j = i \end{rcases}", "'\\begin{rcases}' is not read", 10),
])
def test_what_is_not_read_is_refused_naming_the_row_and_column(text, message, column):
    error = refused(text)
    if message is None:          # refused, whatever the words: a range of values is no index range
        return
    assert message in error.message
    assert (error.line, error.column) == (5, column)


def test_the_error_of_a_later_line_of_the_cases_points_into_it():
    error = refused("\\begin{cases}\n  a & j = i \\\\\n  b & y > 0\n\\end{cases}")
    assert "the condition 'y > 0'" in error.message or "'y' is not declared" in error.message
    assert (error.line, error.column) == (7, 7)


def test_cases_inside_a_definition_are_refused_at_their_row():
    notation = dict(size=[{"name": "n", "minimum": 1, "checked": [1]}], scalar=[{"name": "a"}],
                    define=[{"name": "L", "line": 1,
                             "latex": r"L = a \\ f = \begin{cases} 1 & a \\ 0 \end{cases}"}])
    with pytest.raises(ParseError) as caught:
        check_statement("a = a", **notation)
    assert "row 2 of '\\begin{cases}' has no condition" in str(caught.value)


# --- end to end: a claim with cases is proved, or refuted with a witness ------------------------

DERIVATION = r"""id = "cases"
title = "cases"
source = "cases.tex"

[[size]]
name = 'B'
minimum = 1
checked = [1, 2]

[[size]]
name = 'N'
equals = '2B'

[[family]]
name = 's'
shape = ['N', 'N']

[[index]]
name = 'i'
to = 'N'

[[index]]
name = 'j'
to = 'N'

[[index]]
name = 'p(i)'
positive_of = 'i'
samples = 'B'

[[define]]
name = 'y_{ij}'
line = 3
latex = 'y_{ij} = \begin{cases} 1 & j = p(i), \\ 0 & j \neq p(i). \end{cases}'

[[claim]]
id = "true"
title = "the row that holds"
line = 5
latex = '\sum_{j=1}^{N} s_{ij} \, y_{ij} = s_{i, p(i)}'

[[claim]]
id = "false"
title = "a wrong row"
line = 6
latex = '\sum_{j=1}^{N} s_{ij} \, y_{ij} = s_{i, i}'
"""


def test_a_claim_using_cases_is_proved_and_a_wrong_one_refuted_with_a_witness():
    claims = verify_text(DERIVATION).documents[0].claims
    true, false = (claim.outcome for claim in claims)
    assert true.verdict.value in ("proved", "confirmed")
    assert false.verdict.value == "refuted"
    assert false.witness is not None and false.witness.values


def test_the_cases_of_the_moretti_gradient_read_as_its_indicator():
    notation = dict(size=[{"name": "B", "minimum": 1, "checked": [1, 2]}, {"name": "N", "equals": "2B"}],
                    family=[{"name": "P", "shape": ["N", "N"]}],
                    index=[{"name": "i", "to": "N"}, {"name": "j", "to": "N"},
                           {"name": "p(i)", "positive_of": "i", "samples": "B"}])
    written = r"P_{ij} - \begin{cases}1 & j = p(i), \\ 0 & j \neq p(i).\end{cases}"
    assert check_statement(written + r" = P_{ij} - \mathbb{1}_{j=p(i)}", **notation).verdict.value == "proved"
    assert check_statement(written + r" = P_{ij} - \mathbb{1}_{j=i}", **notation).verdict.value == "refuted"


def test_a_membership_case_is_refuted_where_it_differs():
    notation = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}], index=[{"name": "j", "to": "N"}],
                    set=[{"name": "I", "from": 2, "to": "N"}])
    cases = r"\begin{cases} 1 & j \in I \\ 0 & \text{otherwise} \end{cases}"
    assert check_statement(cases + r" = 1 - \mathbb{1}_{j = 1}", **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(cases + " = 1", **notation).verdict.value == "refuted"


NOTE = r"""<!-- contrastive-verify
id = "casesnote"
title = "cases in markdown"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'x'
shape = ['n']

[[index]]
name = 'i'
to = 'n'
-->

# Cases

<!-- define: name = "w_k" -->
$$
w_k = \begin{cases}
  x_k, & \text{if } k = i, \\
  0, & \text{otherwise}.
\end{cases}
$$

<!-- claim: id = "picks", title = "the sum picks x_i" -->
$$
\sum_{k=1}^{n} w_k = x_i
$$

<!-- claim: id = "wrong", title = "not x_1" -->
$$
\sum_{k=1}^{n} w_k = x_1
$$
"""


def test_a_markdown_define_by_cases_is_read_and_checked():
    document = verify_text(NOTE, suffix=".md").documents[0]
    picks, wrong = (claim.outcome for claim in document.claims)
    assert picks.verdict.value == "proved"
    assert wrong.verdict.value == "refuted" and wrong.witness is not None


def test_sign_by_cases_takes_its_otherwise_at_the_tie():
    """1 for x > 0, -1 for x < 0, 0 otherwise: the otherwise row is the tie's value (a probe found the
    tie left undefined, and a false claim conditional)."""
    reals = dict(scalar=[{"name": "x"}])
    five = r"\begin{cases} 1 & x > 0 \\ -1 & x < 0 \\ 5 & \text{otherwise} \end{cases}"
    zero = five.replace("5 &", "0 &")
    assert check_statement(five + " = " + zero, **reals).verdict.value == "refuted"
    assert check_statement(zero + r" = \begin{cases} 1 & x > 0 \\ -1 & x < 0 \\ 0 & \text{otherwise} \end{cases}",
                           **reals).verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("domain", ["positive", "negative", "(0, 1)"])
def test_a_condition_the_domain_decides_is_read(domain):
    """x > 0 with x declared positive: SymPy settles the step, which left no difference to read (a crash)."""
    outcome = check_statement(r"\begin{cases} 1 & x > 0 \\ 0 & x < 0 \end{cases} = "
                              r"\begin{cases} 1 & x > 0 \\ 0 & x < 0 \end{cases}", scalar=[{"name": "x", "domain": domain}])
    assert outcome.verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("value", [r"\frac{1}{x}", r"\log x", r"\sqrt{x}"])
def test_a_row_value_undefined_where_its_condition_fails_is_refused(value):
    """Σ_r v_r 1[c_r] evaluates every value everywhere: 1/x beside x > 0 would make the whole undefined at
    x ≤ 0 and a true statement refuted (a probe's Σ_j 1/(s_j - s_i) over s_j > s_i ≥ 0)."""
    with pytest.raises(ParseError, match="may be undefined where its condition fails"):
        check_statement(r"\begin{cases} " + value + r" & x > 0 \\ 0 & \text{otherwise} \end{cases} \ge 0",
                        "inequality", scalar=[{"name": "x"}])


def test_a_row_value_a_finite_domain_test_would_cancel_is_refused():
    """x/y beside y = 1 (y binary): the indicator of y = 1 is y, and SymPy cancels x/y · y to x, so a
    false statement was proved (a probe); what moves with the tested value must be defined everywhere."""
    binary = dict(scalar=[{"name": "y", "domain": "binary"}, {"name": "x"}])
    with pytest.raises(ParseError, match="may be undefined where its condition fails"):
        check_statement(r"\begin{cases} \frac{x}{y} & y = 1 \\ 0 & y = 0 \end{cases} = x", **binary)
    assert check_statement(r"\begin{cases} x & y = 1 \\ 0 & y = 0 \end{cases} = x y", **binary).verdict.value \
        in ("proved", "confirmed")


@pytest.mark.parametrize("statement", [
    r"\begin{cases} 1 & x \ge \frac{1}{3} \\ 0 & \text{otherwise} \end{cases} = "
    r"\begin{cases} 1 & x > \frac{1}{3} \\ 0 & \text{otherwise} \end{cases}",
    r"\mathbb{1}[x \ge \frac{1}{3}] = \mathbb{1}[x > \frac{1}{3}]",
    r"\mathbb{1}[x \ge 0.2] = \mathbb{1}[x > 0.2]",
])
def test_a_statement_false_only_at_a_tie_is_sampled_there(statement):
    """The tie of a step or a kink at a number the sampler never drew (1/3, 0.2) was never checked: false
    statements confirmed (a probe).  Each step's and kink's tie is now a bound the points gather around."""
    assert check_statement(statement, scalar=[{"name": "x"}]).verdict.value == "refuted"



# --- a brace around statements: a system, not cases ------------------------------------------

@pytest.mark.parametrize("text, verdicts", [
    # each row a statement of its own, as rows of an aligned display are (a post's two densities)
    (r"\begin{cases} a + b = b + a \\ a b = b a \end{cases}", ["proved", "proved"]),
    (r"\begin{equation} \begin{cases} a + b = b + a \\ a - b \le a + b \end{cases} \end{equation}",
     ["proved", "refuted"]),
    # the rows of one layout environment inside it
    (r"\begin{cases} \begin{aligned} a (b + c) &= a b + a c \\ (a + b)^2 &= a^2 + b^2 \end{aligned} \end{cases}",
     ["proved", "refuted"]),
])
def test_a_brace_around_statements_is_their_rows(text, verdicts):
    notation = "\n".join(f"[[scalar]]\nname = '{name}'\n" for name in "abc")
    result = verify_text('id = "t"\ntitle = "t"\nsource = "x.md"\n' + notation
                         + f"[[claim]]\nid = \"c\"\nline = 3\ntitle = \"c\"\nlatex = '''{text}'''\n")
    assert [c.outcome.verdict.value for c in result.documents[0].claims] == verdicts


@pytest.mark.parametrize("text", [
    # statements after '=': the brace is a value there, and statements are no value
    r"x = \begin{cases} a = b \\ c = x \end{cases}",
    # a row that states nothing: cases, whose first row has no condition
    r"\begin{cases} a = b \\ c \end{cases}",
])
def test_a_brace_of_statements_that_is_not_the_whole_display_stays_refused(text):
    assert "has no condition" in refused(text).message


@pytest.mark.parametrize("text", [
    # a space between a value and its condition: cases with no separator read, never the statement '1 x > 0'
    r"\begin{cases} 1 \; x > 0 \\ 0 \; x \le 0 \end{cases}",
    r"\begin{cases} 1 ~ x > 0 \\ 0 ~ x \le 0 \end{cases}",
    r"\begin{cases} 1 \, x > 0 \\ 0 \, x \le 0 \end{cases}",
    r"\begin{cases} 1 \enspace x > 0 \\ 0 \enspace x \le 0 \end{cases}",
    r"\begin{cases} 1 \thinspace x > 0 \\ 0 \medspace x \le 0 \end{cases}",
])
def test_a_space_before_the_relation_keeps_a_brace_cases(text):
    assert "has no condition" in refused(text).message

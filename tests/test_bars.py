r"""Bars with the same character at both ends (issue 13): ``\|x - y\|^2_2``, ``||a - b||``,
``|P(i)|``, ``\frac{1}{|S|}``, ``\vert x \vert``, paired in each bracket group by
``latex/bars.py`` as a reader pairs them, and refused when in doubt."""
from __future__ import annotations

from dataclasses import replace

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.latex.bars import AmbiguousBars, pair_bars
from contrastive_sym.latex.definitions import define_all
from contrastive_sym.latex.parser import Where, parse
from contrastive_sym.latex.scope import Family, Scope
from contrastive_sym.latex.translate import translate_expr, translate_rows

d = sp.Symbol("d", integer=True, positive=True)
a, b = sp.symbols("a b", real=True)
u, v, z = sp.IndexedBase("u"), sp.IndexedBase("v"), sp.IndexedBase("z")
N = sp.Symbol("N", integer=True, positive=True)
SCOPE = Scope({"d": d, "N": N, "a": a, "b": b, "u": Family(u, (d,)), "v": Family(v, (d,)),
               "z": Family(z, (N, d))})
SIZES = {d: 3, N: 2}
FIX = r"write \lvert … \rvert for an absolute value, \lVert … \rVert for a norm"


def read(text: str) -> sp.Expr:
    return translate_expr(text, SCOPE)


def written_out(expr) -> sp.Expr:
    return sp.expand(expr.subs(SIZES).doit())


def refused(text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read(text)
    return caught.value


def squares(components) -> sp.Expr:
    return sp.expand(sum(c ** 2 for c in components))


U = [u[m] for m in range(1, 4)]
V = [v[m] for m in range(1, 4)]
DIFF = [p - q for p, q in zip(U, V)]


# --- what now reads ----------------------------------------------------------------
@pytest.mark.parametrize("text", [r"\| u - v \|^2_2", r"\|u - v\|_2^2", r"||u - v||^2_2", r"\Vert u - v \Vert^2",
                                  r"\big\| u - v \big\|^2", r"\left\| u - v \right\|^2"])
def test_the_squared_norm_of_a_difference_between_same_bars(text):
    assert written_out(read(text)) == squares(DIFF)


@pytest.mark.parametrize("text", [r"\| u - v \|", r"||u - v||", r"\|u - v\|_2"])
def test_the_norm_of_a_difference_is_the_euclidean_norm(text):
    assert sp.simplify(written_out(read(text)) - sp.sqrt(squares(DIFF))) == 0


def test_the_norm_of_one_symbol_reads_as_before():
    assert read(r"\|z_1\|") == read(r"\left\| z_1 \right\|")
    assert sp.simplify(written_out(read(r"\|z_1\|")) - sp.sqrt(squares([z[1, m] for m in range(1, 4)]))) == 0
    assert written_out(read(r"\|u\|^2_2")) == squares(U)


@pytest.mark.parametrize("text, expected", [
    (r"|a|", sp.Abs(a)), (r"|a - b|", sp.Abs(a - b)), (r"\frac{1}{|a|}", 1 / sp.Abs(a)),
    (r"\vert a \vert", sp.Abs(a)), (r"2\vert a - b \vert", 2 * sp.Abs(a - b)), (r"|a| + |b|", sp.Abs(a) + sp.Abs(b)),
    (r"|a| - |b|", sp.Abs(a) - sp.Abs(b)), (r"|a|^2 b", sp.Abs(a) ** 2 * b), (r"\sqrt{|a b|}", sp.sqrt(sp.Abs(a * b))),
    (r"\big| a \big|", sp.Abs(a)), (r"\left\vert a \right\vert", sp.Abs(a)), (r"|a| \, |b|", sp.Abs(a) * sp.Abs(b)),
    ("|a\n - b|", sp.Abs(a - b)), (r"|a| + b |a|", sp.Abs(a) + b * sp.Abs(a)), (r"(|a| + 1)|b|", (sp.Abs(a) + 1) * sp.Abs(b)),
])
def test_absolute_values_between_bare_bars(text, expected):
    assert read(text) == expected


def test_two_norms_side_by_side_read_as_a_product():
    # \|u\| \|v\| cannot be \|u \|\| v\|: that would hold an empty norm
    by_hand = sp.sqrt(squares(U)) * sp.sqrt(squares(V))
    assert sp.simplify(written_out(read(r"\|u\| \|v\|")) - by_hand) == 0
    assert sp.simplify(written_out(read(r"\|u\|^2 - 2\|u\|\|v\|")) - (squares(U) - 2 * by_hand)) == 0


def test_rows_and_relations_pair_their_own_bars():
    rows = translate_rows(r"|a - b| \le |a| + |b| \\ |a| = |a|", SCOPE)
    assert [r.sides[0].expr for r in rows] == [sp.Abs(a - b), sp.Abs(a)]
    assert rows[0].sides[1].expr == sp.Abs(a) + sp.Abs(b)


def test_positions_and_source_text_stay_the_users():
    text = r"\| u - v \|^2 = |a|"
    rows = translate_rows(text, SCOPE)
    assert rows[0].text == text
    assert [text[s.start:s.end] for s in rows[0].sides] == [r"\| u - v \|^2", "|a|"]
    error = refused(r"\| u - w \|")                    # w is not declared: column of w
    assert (error.column, error.message) == (8, "'w' is not declared (declare it: a real variable as a [[scalar]], "
                                                "a vector as a [[family]] with shape = ['d'])")
    error = refused("|a|\n + |u|")
    assert (error.line, error.column, error.construct) == (2, 4, "|u|")


def test_the_rewrite_keeps_the_length_and_line_ends():
    text = "\\| a \\big|\n b \\big| \\|_2 + \\vert c \\vert"
    cleaned = pair_bars(text)
    assert len(cleaned) == len(text) and cleaned.count("\n") == 1
    assert cleaned == "\ue000  a \ue002    \n b     \ue003  \ue001_2 + \ue002     c     \ue003"


def test_a_restriction_bar_is_left_as_written():
    assert pair_bars("f|_{x=0}") == "f|_{x=0}"
    assert pair_bars(r"\frac{\partial}{\partial a}\big|_{a=0} |a|").startswith(r"\frac{\partial}{\partial a}\big|_")
    tree = parse(r"\frac{\partial}{\partial a}\bigg|_{a=0} a")
    assert "abs_value" not in {t.data for t in tree.iter_subtrees()}


# --- what is refused ----------------------------------------------------------------
@pytest.mark.parametrize("text, message, column", [
    (r"|a| b |a|", "ambiguous bars '|a| b |a|': the bars pair in more than one way (|a| b |c| is |a|·b·|c| or "
                   "|a·|b|·c|); " + FIX + ", or put an operator between the pairs", 1),
    (r"a + |a| |b| |a|", "ambiguous bars '|a| |b| |a|': the bars pair in more than one way (|a| b |c| is "
                         "|a|·b·|c| or |a·|b|·c|); " + FIX + ", or put an operator between the pairs", 5),
    (r"|a| b - a |a|", "ambiguous bars '|a| b - a |a|': the bars pair in more than one way (|a| b |c| is "
                       "|a|·b·|c| or |a·|b|·c|); " + FIX + ", or put an operator between the pairs", 1),
    (r"|a| + |b", "3 bars '|' in one group cannot be paired (a pair is the 1st and 2nd bar of a group, the "
                        "3rd and 4th …); " + FIX, 1),
    (r"|a||b|", "'||' beside '|' in one group: a norm ||…|| or two bars | |? write \\| … \\| for a norm, "
                "\\lvert … \\rvert for an absolute value", 3),
    (r"b + | |a| |", "an empty pair of bars '| |' (bars inside bars are not paired); " + FIX, 5),
    (r"|a \|u| \|", "the bars of '|a \\|u| \\|' cross (a norm and an absolute value, each opened inside the "
                    "other); " + FIX, 1),
    (r"\vert a", "'\\vert' without a partner '\\vert' in its group is not read (the bars of |…| are the 1st and "
                 "2nd of one group: braces, parentheses, a row); write \\lvert x \\rvert or \\left| x \\right| for "
                 "the absolute value of a number, or restate the line with restated_from", 1),
    (r"a + (|a) b|", "unexpected '|': a bar without a partner '|' in its group is not read (the bars of |…| are "
                     "the 1st and 2nd of one group: braces, parentheses, a row; a restriction is f|_{x=0}); write "
                     "\\lvert x \\rvert or \\left| x \\right| for the absolute value of a number, or restate the "
                     "line with restated_from", 6),
    (r"\|u + v", "unexpected '+' after a '\\|' that has no partner in its group (the bars of a norm are the 1st "
                 "and 2nd of one group: braces, parentheses, a row); write \\lVert … \\rVert", 5),
    (r"|u|", "|…| of 'u', which is not a number, is not read; write \\|x\\| or \\left\\| … \\right\\| for the norm "
             "of a vector", 1),
    (r"|a, b|", "|…| of a list is not read; |x| is the absolute value of a number, |S| the size of a "
                "declared [[set]]", 1),
    ("|a|\ue002", "the character U+E002 is not read", 4),
])
def test_bars_in_doubt_are_refused_naming_them(text, message, column):
    error = refused(text)
    assert (error.message, error.column) == (message, column)


# --- bars that pair in several ways, told apart by the notation ---------------------
def test_of_the_pairings_the_one_with_a_value_is_read_and_said():
    # ‖u‖·‖v‖·a − b·‖v‖ or ‖u‖·‖v·‖a − b‖·v‖ (or ‖u·‖‖v‖a − b‖·v‖): with u, v vectors only the first has a value
    rows = translate_rows(r"\| u \| \| v \| a - b \| v \| = 0", SCOPE)
    assert written_out(rows[0].sides[0].expr - norm_of(u) * norm_of(v) * a + b * norm_of(v)) == 0
    said = rows[-1].readings[-1]
    assert said.startswith("the bars of '\\| u \\| \\| v \\| a - b \\| v \\|' pair in 3 ways; only "
                           "\\lVert u \\rVert \\lVert v \\rVert a - b \\lVert v \\rVert has a value")
    assert said.endswith("(the others: a product of two vectors)")


def test_a_definition_reads_the_one_pairing_with_a_value():
    readings: list = []
    defined = define_all(r"g = \| u \| \| v \| a - b \| v \|", replace(SCOPE, readings=readings))
    assert written_out(defined.macros[0].body - norm_of(u) * norm_of(v) * a + b * norm_of(v)) == 0
    assert len(readings) == 1 and readings[0].startswith("the bars of '\\| u \\| \\| v \\| a - b \\| v \\|' pair in 3 ways")


@pytest.mark.parametrize("text", [
    r"\| a \| \| b \| a - b \| b \|",     # numbers: every pairing has a value
    r"|a| b |a|",
])
def test_pairings_that_each_have_a_value_stay_refused(text):
    assert refused(text).message.startswith("ambiguous bars")


def test_pairings_refused_for_another_reason_stay_refused():
    # the other pairing has an undeclared name inside: whether it means something is not known
    assert refused(r"\| u \| \| v \| q - b \| v \| = 0").message.startswith("ambiguous bars")


def test_each_pairing_is_one_the_bars_can_have():
    text = r"\|a\| b \|c\|"
    with pytest.raises(AmbiguousBars) as caught:
        pair_bars(text)
    assert [p[1] for p in caught.value.pairings] == [((0, 3), (8, 11)), ((0, 11), (3, 8))]
    assert [pair_bars(text, p) for p in caught.value.pairings] == ["\ue000 a \ue001 b \ue000 c \ue001",
                                                                    "\ue000 a\ue000  b  \ue001c \ue001"]


def norm_of(base) -> sp.Expr:
    m = sp.Symbol("m", integer=True)
    return sp.sqrt(sp.Sum(base[m] ** 2, (m, 1, d)))


def test_a_refusal_is_located_in_the_file():
    with pytest.raises(ParseError) as caught:
        translate_rows("a +\n |a| b |a|", SCOPE, Where("doc.toml", 10, 5))
    assert (caught.value.line, caught.value.column) == (11, 2)


# --- fuzzing ------------------------------------------------------------------------
PIECES = ["|", r"\|", "||", r"\vert ", r"\Vert ", r"\big|", "a", "b", "u", "v", "2", "+", "-", r"\cdot ", "/",
          "(", ")", "{", "}", "^2", "_2", "_{", " ", "=", ",", r"\\", r"\frac{", r"\left|", r"\right|", r"\lvert ",
          r"\rvert "]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_random_bars_are_read_or_refused_never_crash(pieces):
    text = "".join(pieces)
    try:
        cleaned = pair_bars(text)
    except AmbiguousBars as ambiguity:  # each of its pairings is read, the same length, or refused
        for pairing in ambiguity.pairings:
            try:
                assert len(pair_bars(text, pairing)) == len(text)
            except Exception as error:          # noqa: BLE001 - only a refusal may leave it
                assert type(error).__name__ == "BarError"
        return
    except Exception as error:          # noqa: BLE001 - only a refusal may leave it
        assert type(error).__name__ == "BarError"
        return
    assert len(cleaned) == len(text)
    try:
        translate_rows(text, SCOPE)
    except DerivationError:
        pass


def _scalar(depth):
    leaves = st.sampled_from([("atom", "a"), ("atom", "b"), ("atom", "2")])
    if depth == 0:
        return leaves
    inner = _scalar(depth - 1)
    return st.one_of(
        leaves,
        st.tuples(st.sampled_from(["+", "-", "juxt", "cdot"]), inner, inner),
        st.tuples(st.just("abs"), inner),
        st.tuples(st.just("norm"), _vector()),
    )


def _vector():
    return st.one_of(st.sampled_from([("vec", "u"), ("vec", "v")]),
                     st.tuples(st.sampled_from(["+", "-"]), st.sampled_from([("vec", "u"), ("vec", "v")]),
                               st.sampled_from([("vec", "u"), ("vec", "v")])))


def render(tree, explicit: bool, norm_bar: str = r"\|") -> str:
    """LaTeX for ``tree``: its bars bare (as documents write them) or with ends that say
    which end they are (the reading that must agree)."""
    kind = tree[0]
    if kind in ("atom", "vec"):
        return tree[1]
    if kind == "abs":
        inside = render(tree[1], explicit, norm_bar)
        return rf"\left| {inside} \right|" if explicit else f"|{inside}|"
    if kind == "norm":
        inside = render(tree[1], explicit, norm_bar)
        return rf"\left\| {inside} \right\|" if explicit else f"{norm_bar}{inside}{norm_bar}"
    left, right = (render(t, explicit, norm_bar) for t in tree[1:])
    if tree[1][0] == "vec":
        return f"{left} {kind} {right}"
    if kind == "juxt":
        return f"({left}) ({right})"
    if kind == "cdot":
        return rf"{left} \cdot ({right})"
    return f"{left} {kind} ({right})"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_scalar(3), st.sampled_from([r"\|", "||", r"\Vert "]))
def test_a_pair_that_is_read_is_the_pair_that_was_meant(tree, norm_bar):
    bare = render(tree, explicit=False, norm_bar=norm_bar)
    try:
        value = read(bare)
    except DerivationError:
        return                          # refused: never a misreading
    assert sp.simplify(written_out(value) - written_out(read(render(tree, explicit=True)))) == 0, bare


# --- \mid as a bar: kramdown posts write it where '|' would end a table cell ------------------
@pytest.mark.parametrize("text, expected", [
    (r"\frac{-1}{ \mid a - b \mid }", -1 / sp.Abs(a - b)),
    (r"1 + \mid a \mid", 1 + sp.Abs(a)),
])
def test_two_mid_where_a_value_starts_are_an_absolute_value(text, expected):
    assert sp.simplify(read(text) - expected) == 0


@pytest.mark.parametrize("text", [
    r"p(x \mid c)",                      # one: the separator it names
    r"a \mid b \mid c",                  # after a value: separators, never |b|
    r"\{x \mid p(x \mid c) > 0\}",       # one in each group
    r"\mid a \mid + \mid b \mid",        # four in one group: which pairs is not guessed
    r"\mid a = b \mid",                  # a relation between them
])
def test_other_mid_are_left_as_written(text):
    assert pair_bars(text) == text

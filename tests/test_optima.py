r"""Optima over parameters: ``\min_\theta``, ``\arg\max_{\mathbf{L}}``, ``\sup_{(u; v)}``, ``\min``.

A maximum over an index has a value the checker computes; an optimum over a parameter,
a set of answers or functions has none.  It is read (its body is translated, so what is
wrong inside it is still found), and a step that involves it is not checked: never
proved, confirmed or refuted.  An argmin is what it runs over, read only when that is one
number.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.optima import ARGMAX, ARGMIN, INF, SUP, mark_optima
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
    scalar=[{"name": r"\theta"}, {"name": "x"}, {"name": "Y", "role": "point"}, {"name": "W", "role": "point"}],
    family=[{"name": "s", "shape": ["N"]}],
    function=[{"name": "E", "arguments": 2}],
)


def check(statement: str, kind: str = "inequality", **declared):
    return check_statement(statement, kind, **(NOTATION | declared))


def defining(latex: str) -> dict:
    return {"define": [{"name": "F", "line": 3, "latex": latex}]}


@pytest.mark.parametrize("written, mark", [
    (r"\arg\min_\theta", ARGMIN),
    (r"\arg\,\max_k", ARGMAX),
    (r"\operatorname*{arg\,min}_\theta", ARGMIN),
    (r"\operatorname{argmax}_\theta", ARGMAX),
    (r"\mathrm{arg\,min}_\theta", ARGMIN),
    (r"\text{argmax} \sum_i", ARGMAX),
    (r"\argmin_\theta", ARGMIN),
    (r"argmin_{y} E", ARGMIN),
    (r"sup_{(u; v)} F", SUP),
    (r"\text{sup}_{x} f", SUP),
    (r"\mathrm{inf}_x f", INF),
])
def test_every_spelling_of_an_optimum_is_one_mark_at_the_same_length(written, mark):
    marked = mark_optima(written)
    assert len(marked) == len(written)
    assert marked.startswith(mark)


@pytest.mark.parametrize("written", [
    r"\mathcal{L}^{\text{sup}}",          # SupCon's label "sup": a name, not the supremum
    r"\mathcal{L}_{\text {out }, i}^{\text {sup }}",
    r"L_{\text{argmin}}",
    r"\infty", "superb_x", "infimum", r"\text{sup} f",
])
def test_a_label_or_a_word_is_no_optimum(written):
    assert mark_optima(written) == written


def test_under_the_operator_is_its_subscript_in_place():
    written = r"\underset{\theta}{\arg\min} x"
    marked = mark_optima(written)
    assert len(marked) == len(written)
    assert marked.startswith(ARGMIN) and marked.index(r"\theta") == written.index(r"\theta")


@pytest.mark.parametrize("latex", [
    r"F = \min_\theta (\theta - x)^2",
    r"F = \underset{\theta}{\min} (\theta - x)^2",
    r"F = \sup_{\theta} -(\theta - x)^2",
    r"F = \arg\min_\theta (\theta - x)^2",
    r"F = \min_{Y \in \mathcal{Y}} E(W, Y)",     # over a set of answers: Y is bound, not a loose point
    r"F = \inf (\theta - x)^2",                 # over what is not written
])
def test_a_step_that_involves_an_optimum_is_not_checked(latex):
    # F ≥ 0 holds for the first two and fails for the sup; none is decided
    outcome = check(r"F \geq 0", **defining(latex))
    assert outcome.verdict.value == "undecided", outcome.message
    assert "optimum" in outcome.message and "not checked" in outcome.message


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"\max_k s_k \geq s_1", "inequality", "confirmed"),
    (r"\max\limits_k s_k \geq s_1", "inequality", "confirmed"),
    (r"\sup_k s_k \geq s_2", "inequality", "confirmed"),       # over an index: the maximum, computed
    (r"\inf_{k} s_k = s_1", "identity", "refuted"),
])
def test_over_an_index_the_extreme_value_is_computed(statement, kind, verdict):
    outcome = check(statement, kind)
    assert outcome.verdict.value == verdict, outcome.message


@pytest.mark.parametrize("latex, said", [
    (r"F = \arg\min_{Y} E(W, Y)", "Y, a data point"),
    (r"F = \arg\max s_1", "nothing written"),
    (r"F = \arg\max_{\theta, x} \theta x", "several names"),
])
def test_an_argmin_that_is_not_one_number_is_refused(latex, said):
    with pytest.raises(DerivationError, match=said):
        check(r"F \geq 0", **defining(latex))


def test_an_optimum_whose_body_ignores_its_variable_is_refused():
    # \arg\min_{y} of a body in Y: the name is written differently in the two places
    with pytest.raises(DerivationError, match="does not depend on it"):
        check(r"F \geq 0", **defining(r"F = \min_{\vartheta} (\theta - x)^2"))


def test_an_objective_is_no_claim():
    with pytest.raises(DerivationError, match=r"an objective \(\\min_\{\\theta\} …\) states no relation"):
        check(r"\min_\theta (\theta - x)^2")


def test_what_is_wrong_inside_an_optimum_is_still_found():
    # the sum runs over k, its body writes j: not declared, wherever the sum stands
    with pytest.raises(DerivationError, match="'j' is not declared"):
        check(r"F \geq 0", **defining(r"F = \min_\theta \sum_k (\theta - s_j)^2"))


def test_a_letter_no_sum_around_it_binds_is_named_with_the_sums_that_are_there():
    # \sum_k over a body that writes j (the README's \sum_i beside h_j): which letters the
    # sums around it bind is said, since one is most likely written for the other
    with pytest.raises(DerivationError, match=r"'j' is not declared, and no sum around it binds it \(the sum around "
                                              r"it runs over k: is an index written differently\?\)"):
        check(r"\sum_k s_j \geq 0")


@pytest.mark.parametrize("statement, shown", [
    (r"\frac\text{sup}_x 1 = 0", r"unexpected '\text{sup}'"),      # found by the reading fuzz: the mark was shown
    (r"\frac\arg\min_x 1 = 0", r"unexpected '\arg\min'"),
    (r"\frac \begin{pmatrix} 1 \end{pmatrix} = 0", r"unexpected '\begin{pmatrix}'"),
])
def test_an_error_at_a_marked_construct_shows_it_as_written(statement, shown):
    with pytest.raises(DerivationError) as caught:
        check(statement)
    assert shown in str(caught.value)
    assert not any("\ue000" <= c <= "\uf8ff" for c in str(caught.value))

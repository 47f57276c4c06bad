r"""Functions a document names without defining them (issue 13): ``[[function]]`` and data
points (role ``point``).

``f(\mathbf{x})^\top f(\mathbf{x}^+)`` is how papers write their losses.  An application
is an unknown value (a real, or a vector of ``shape = ['d']``), sampled independently for
each argument list written differently; points are never numbers.  What must hold:
the reading is the SymPy expression a mathematician would write, a true statement is
proved or confirmed, a false one refuted with a witness that names the applications, and
every misuse (a number as argument, a point as a number, a wrong count, a conditional
bar) is refused with its line and column.
"""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.latex.scope import AbstractFunction, Family, Scope
from contrastive_sym.latex.translate import translate_expr
from contrastive_sym.pipeline import check_statement

POINTS = [{"name": r"\mathbf{x}", "role": "point"}, {"name": r"\mathbf{x}^+", "role": "point"},
          {"name": "y", "role": "point"}]
NEGATIVES = [{"name": r"\mathbf{x}^-", "shape": ["N"], "role": "point"}]
SIZES = [{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2, 3]}]
ENCODER = {"name": "f", "arguments": 1, "shape": ["d"]}
SIM = {"name": r"\text{sim}", "arguments": 2}
TAU = {"name": r"\tau", "domain": "positive", "role": "scale"}


def check(statement: str, kind: str = "identity", functions=(ENCODER, SIM), scalars=(), **claim):
    return check_statement(statement, kind, claim=claim or None, size=SIZES,
                           scalar=POINTS + list(scalars), family=NEGATIVES, function=list(functions))


# --- reading -------------------------------------------------------------------------

def _scope():
    f, sim = sp.Function("f", real=True), sp.Function("sim", real=True)
    x, xp, tau = sp.Symbol("x", real=True), sp.Symbol("xp", real=True), sp.Symbol("tau", positive=True)
    d = sp.Symbol("d", integer=True, positive=True)
    xm = sp.IndexedBase("xm", real=True)
    scope = Scope().bind(r"\mathbf{x}", x).bind(r"\mathbf{x}^+", xp).bind(r"\tau", tau) \
        .bind(r"\mathbf{x}^-", Family(xm, (sp.Symbol("N"),))).bind("f", AbstractFunction("f", f, 1, d)) \
        .bind(r"\text{sim}", AbstractFunction(r"\text{sim}", sim, 2))
    from dataclasses import replace
    return replace(scope, points=frozenset({x, xp, xm})), f, sim, x, xp, xm, tau, d


def test_a_dot_product_of_vector_values_is_a_sum_over_components():
    scope, f, _, x, xp, _, _, d = _scope()
    expr = translate_expr(r"f(\mathbf{x})^\top f(\mathbf{x}^+)", scope)
    (m,) = expr.variables
    assert expr == sp.Sum(f(x, m) * f(xp, m), (m, 1, d))


def test_a_scalar_function_of_two_points_is_one_application():
    scope, _, sim, x, xp, _, tau, _ = _scope()
    assert translate_expr(r"\exp(\text{sim}(\mathbf{x}, \mathbf{x}^+)/\tau)", scope) == sp.exp(sim(x, xp) / tau)


def test_a_bar_between_the_arguments_of_a_declared_function_is_a_comma():
    # u_\theta(w | c), a score of w given c: a function conditions nothing (a distribution would)
    scope, _, sim, x, xp, _, _, _ = _scope()
    for written in (r"\text{sim}(\mathbf{x} \mid \mathbf{x}^+)", r"\text{sim}(\mathbf{x} | \mathbf{x}^+)"):
        assert translate_expr(written, scope) == sim(x, xp)


def test_a_family_named_with_a_superscript_keeps_its_subscript_as_index():
    scope, _, sim, x, _, xm, _, _ = _scope()
    i = sp.Symbol("i", integer=True)
    scope = scope.bind("i", i)
    assert translate_expr(r"\text{sim}(\mathbf{x}, \mathbf{x}^-_i)", scope) == sim(x, xm[i])
    assert translate_expr(r"\text{sim}(\mathbf{x}, \mathbf{x}_i^-)", scope) == sim(x, xm[i])


@pytest.mark.parametrize("text, message", [
    (r"\text{sim}(\mathbf{x})", r"\text{sim} is declared with 2 arguments; here it has 1"),
    (r"f(\mathbf{x}, \mathbf{x}^+)^\top f(\mathbf{x})", "declared with 1 argument; here it has 2"),
    # a function declared without the parameters it is sampled with at values (a hand-made
    # scope here; a [[function]] whose values are points, unit vectors or signs) takes points only
    (r"\text{sim}(\mathbf{x}, \tau)", "which is not a list of data points"),
    (r"\mathbf{x} + 1", "is a data point"),
    (r"\tau \mathbf{x}^+", "is a data point"),
    (r"\text{sim}(\mathbf{x} : \mathbf{x}^+)", "':' between the arguments of \\text{sim}"),
    (r"\text{sim}(\mathbf{x}, \ldots, \mathbf{x}^+)", "the ellipsis runs from \\mathbf{x} to \\mathbf{x}^+"),
    (r"\text{sim} + 1", "needs arguments"),
])
def test_misuses_are_refused_with_what_is_wrong(text, message):
    scope = _scope()[0]
    with pytest.raises(ParseError) as caught:
        translate_expr(text, scope)
    assert message in str(caught.value)


# --- verdicts ----------------------------------------------------------------------

NPAIR_LEFT = r"\log\big(1 + \sum_{i=1}^{N} \exp(f(\mathbf{x})^\top f(\mathbf{x}^-_i) - f(\mathbf{x})^\top f(\mathbf{x}^+))\big)"
NPAIR_RIGHT = (r"-\log\frac{\exp(f(\mathbf{x})^\top f(\mathbf{x}^+))}{\exp(f(\mathbf{x})^\top f(\mathbf{x}^+)) + "
               r"\sum_{i=1}^{N} \exp(f(\mathbf{x})^\top f(\mathbf{x}^-_i))}")


def test_the_two_forms_of_the_n_pair_loss_agree():
    outcome = check(f"{NPAIR_LEFT} = {NPAIR_RIGHT}")
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message


def test_a_dropped_one_in_the_n_pair_loss_is_refuted_with_the_applications_named():
    outcome = check(f"{NPAIR_LEFT.replace('1 + ', '')} = {NPAIR_RIGHT}")
    assert outcome.verdict.value == "refuted", outcome.message
    names = set(outcome.witness.values)
    assert r"f(\mathbf{x})_1" in names and r"f(\mathbf{x}^-_1)_1" in names, names


def test_an_unknown_similarity_is_not_assumed_symmetric():
    outcome = check(r"\text{sim}(\mathbf{x}, y) = \text{sim}(y, \mathbf{x})")
    assert outcome.verdict.value == "refuted"
    assert set(outcome.witness.values) == {r"\text{sim}(\mathbf{x}, y)", r"\text{sim}(y, \mathbf{x})"}


def test_the_dot_product_of_vector_values_is_symmetric_and_the_norm_expands():
    assert check(r"f(\mathbf{x})^\top f(y) = \langle f(y), f(\mathbf{x}) \rangle").verdict.value == "proved"
    outcome = check(r"\left\| f(\mathbf{x}) - f(y) \right\|^2 = \|f(\mathbf{x})\|^2 - 2 f(\mathbf{x})^\top f(y) "
                    r"+ \|f(y)\|^2")
    assert outcome.verdict.value == "proved", outcome.message


def test_a_sign_slip_in_the_norm_expansion_is_refuted():
    outcome = check(r"\left\| f(\mathbf{x}) - f(y) \right\|^2 = \|f(\mathbf{x})\|^2 + 2 f(\mathbf{x})^\top f(y) "
                    r"+ \|f(y)\|^2")
    assert outcome.verdict.value == "refuted"


def test_a_positive_function_keeps_its_domain():
    positive = {"name": "s", "arguments": 2, "domain": "positive"}
    assert check(r"\log s(\mathbf{x}, y) < s(\mathbf{x}, y)", "inequality",
                 functions=(positive,)).verdict.value in ("proved", "confirmed")
    real = {"name": "s", "arguments": 2}
    outcome = check(r"\log s(\mathbf{x}, y) < s(\mathbf{x}, y)", "inequality", functions=(real,))
    assert outcome.verdict.value != "proved" and outcome.verdict.value != "confirmed"


# --- declarations --------------------------------------------------------------------

@pytest.mark.parametrize("function, message", [
    ({"name": "f", "arguments": 9}, "arguments is a number of data points, 1 … 8"),
    ({"name": "f", "arguments": 1, "shape": ["d", "d"]}, "a matrix value is not read"),
    ({"name": "f", "arguments": 1, "role": "direction"}, "role in [[function]]: 'direction' is not a role (value, embedding, unit, point)"),
    ({"name": "f", "arguments": 1, "role": "point", "shape": ["d"]}, "role 'point' makes its values data points, which have no components"),
    ({"name": "f", "arguments": 1, "role": "point", "domain": "positive"}, "which have no domain; drop domain"),
    ({"name": "f", "arguments": 1, "role": "embedding"}, "role 'embedding' is for vector values"),
    ({"name": "f"}, "arguments"),
])
def test_bad_function_declarations_name_the_key(function, message):
    with pytest.raises(DerivationError) as caught:
        check_statement(r"f(\mathbf{x}) = f(\mathbf{x})", scalar=POINTS, size=SIZES, function=[function])
    assert message in str(caught.value)


def test_a_sample_written_without_its_index_is_a_point_of_its_own():
    # \mathbf{x}^- is a family of points; \mathbf{x}^- alone is another point, not x^-_1
    outcome = check(r"\text{sim}(\mathbf{x}, \mathbf{x}^-) = \text{sim}(\mathbf{x}, \mathbf{x}^-_1)")
    assert outcome.verdict.value == "refuted"
    assert set(outcome.witness.values) == {r"\text{sim}(\mathbf{x}, \mathbf{x}^-)",
                                           r"\text{sim}(\mathbf{x}, \mathbf{x}^-_1)"}
    assert check(r"\sum_{i=1}^{N} \text{sim}(\mathbf{x}^-, \mathbf{x}^-_i) = "
                 r"\sum_{j=1}^{N} \text{sim}(\mathbf{x}^-, \mathbf{x}^-_j)").verdict.value == "proved"

r"""Declared functions applied to values, and functions whose values are points (issue 13).

Real documents apply their unnamed functions to numbers and vectors, not only to data
points: a distance ``d(\mathbf{x}_i, \mathbf{x}_j)`` of two rows (metric learning), a
projection head ``g(\mathbf{h})``, ``\cos(x_1, x_2)`` of two scores, an energy
``E(W, y, X)``; and they name augmentations and views whose values are points
(``\tilde{x} = \operatorname{Aug}(x)``, ``w_i = \mathcal{T}_i(A, X)``).  What must hold:
equal arguments give equal values however they are written (no witness rests on two
values that must be equal), a false statement is refuted with a witness that says which
function it sampled, what the sampled functions cannot show (a derivative or a limit
through the function) is refused or undecided, never confirmed, and a point is never a
number.
"""
from __future__ import annotations

import pytest

from contrastive_sym.check.config import CheckConfig
from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

REALS = [{"name": "a"}, {"name": "b"}, {"name": "c"}]
DISTANCE = {"name": "d", "arguments": 2}


def check(statement: str, kind: str = "identity", functions=(DISTANCE,), config=None, **declared):
    declared.setdefault("scalar", REALS)
    return check_statement(statement, kind, config=config, function=list(functions), **declared)


# --- one function, however its arguments are written -----------------------------------

def test_arguments_written_differently_but_equal_give_one_value_by_sampling_alone():
    # without SymPy the sampled values decide: independent unknowns per application
    # would refute this at the first point; the sampled function is one function
    outcome = check(r"d((a+1)^2, b) = d(a^2 + 2a + 1, b)", config=CheckConfig(symbolic=False))
    assert outcome.verdict.value == "confirmed", outcome.message


def test_a_proof_holds_for_every_function():
    outcome = check(r"d((a+b)^2, c) - d(a^2 + 2ab + b^2, c) = 0")
    assert (outcome.verdict.value, outcome.method) == ("proved", "symbolic (sizes symbolic)")


def test_symmetry_is_not_assumed_and_the_witness_names_the_sampled_function():
    outcome = check(r"d(a, b) = d(b, a)")
    assert outcome.verdict.value == "refuted"
    values = outcome.witness.values
    assert {"a", "b"} <= set(values) and any(name.startswith("θ^(d)_") for name in values)
    assert "d is the function θ^(d)_1 + θ^(d)_2 exp" in outcome.witness.note


@pytest.mark.parametrize("statement, verdict", [
    (r"d(a, b) \le d(a, c) + d(c, b)", "refuted"),      # no triangle inequality is declared
    (r"d(a, b) \le 10", "refuted"),                      # nor any bound: the θ are not the function
    (r"e^{d(a, b)} > 0", "confirmed"),
])
def test_what_a_function_does_not_promise_is_refuted(statement, verdict):
    assert check(statement).verdict.value == verdict


@pytest.mark.parametrize("domain, statement, verdict", [
    ("nonnegative", r"d(a, b) \ge 0", "confirmed"),
    ("nonnegative", r"d(a, b) > 0", "refuted"),          # 0 is a value of the domain
    ("[-1, 1]", r"d(a, b) \le 1", "confirmed"),
    ("[-1, 1]", r"d(a, b) < 1", "refuted"),              # and so is 1
    ("positive", r"d(a, b) > 0", "confirmed"),
    ("(0, 1)", r"0 < d(a, b) < 1", "confirmed"),
])
def test_values_stay_in_the_declared_domain_and_reach_its_ends(domain, statement, verdict):
    outcome = check(statement, functions=({"name": "d", "arguments": 2, "domain": domain},))
    assert outcome.verdict.value == verdict, outcome.message


# --- vectors --------------------------------------------------------------------------

ROWS = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}, {"name": "D", "minimum": 1, "checked": [1, 2]}],
            family=[{"name": r"\mathbf{x}", "shape": ["n", "D"]}], scalar=[{"name": r"\sigma", "domain": "positive"}])


def test_a_function_of_two_rows_reads_and_is_not_symmetric():
    outcome = check(r"d(\mathbf{x}_1, \mathbf{x}_2) = d(\mathbf{x}_2, \mathbf{x}_1)", **ROWS)
    assert outcome.verdict.value == "refuted"
    assert r"\mathbf{x}_{1,1}" in outcome.witness.values


def test_a_gaussian_kernel_of_a_nonnegative_distance_is_at_most_one():
    outcome = check(r"e^{-d(\mathbf{x}_1, \mathbf{x}_2)/\sigma^2} \le 1", **ROWS,
                    functions=({"name": "d", "arguments": 2, "domain": "nonnegative"},))
    assert outcome.verdict.value == "confirmed", outcome.message


def test_a_projection_head_has_vector_values():
    outcome = check(r"\|g(h)\|^2 \ge 0", scalar=[], size=[{"name": "D", "minimum": 1, "checked": [1, 2]},
                                                          {"name": "P", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "h", "shape": ["D"]}],
                    functions=({"name": "g", "arguments": 1, "shape": ["P"]},))
    assert outcome.verdict.value == "confirmed", outcome.message


HEADS = dict(scalar=[{"name": r"\tau", "domain": "positive"}],
             size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "D", "minimum": 1, "checked": [1, 2]}],
             family=[{"name": "h", "shape": ["N", "D"]}], index=[{"name": "i", "from": 1, "to": "N"}])
SIM_AND_HEAD = ({"name": r"\text{sim}", "arguments": 2}, {"name": "g", "arguments": 1, "shape": ["D"]})


@pytest.mark.parametrize("statement, verdict", [
    # SimCLR's sim(z_i, z_k) with z_i = g(h_i): a vector computed from rows is an argument
    (r"\sum_{k=1}^{N} \text{sim}(g(h_i), g(h_k)) = \sum_{k=1}^{N} \text{sim}(g(h_i), g(h_k))", "proved"),
    (r"\text{sim}(2 h_i, h_1) = \text{sim}(h_i + h_i, h_1)", "proved"),
    (r"\text{sim}(g(h_i), h_1) = \text{sim}(h_1, g(h_i))", "refuted"),      # no symmetry is declared
])
def test_a_vector_computed_from_rows_is_an_argument_among_others(statement, verdict):
    outcome = check(statement, functions=SIM_AND_HEAD, **HEADS)
    assert outcome.verdict.value == verdict, outcome.message


def test_a_vector_in_a_list_that_is_not_arguments_is_still_no_number():
    with pytest.raises(DerivationError, match="a vector where a number is expected"):
        check(r"\max(h_1, \tau) \geq \tau", functions=SIM_AND_HEAD, **HEADS)


# --- what the sampled functions cannot show --------------------------------------------

SCALE = [{"name": r"\tau", "domain": "positive", "role": "scale"}, {"name": "a"}]


def test_a_limit_through_the_function_is_undecided_not_confirmed():
    # every sampled function is continuous; the one the document names need not be
    outcome = check(r"\lim_{\tau \to 0^+} g(\tau) = g(0)", "limit", scalar=SCALE,
                    functions=({"name": "g", "arguments": 1},))
    assert outcome.verdict.value == "undecided"
    assert "moves the arguments of g" in outcome.message


def test_a_derivative_through_the_function_is_refused():
    with pytest.raises(DerivationError, match="a derivative through g"):
        check(r"\frac{\partial}{\partial a} g(a) = 0", "gradient", scalar=SCALE,
              functions=({"name": "g", "arguments": 1},))


# --- points among the arguments, and functions whose values are points -----------------------------

POINTS = [{"name": "x", "role": "point"}, {"name": "y", "role": "point"}, {"name": "a"}]
AUGMENT = {"name": "t", "arguments": 1, "role": "point"}
ENCODER = {"name": "f", "arguments": 1}
ENERGY = {"name": "E", "arguments": 2}


def test_points_among_the_arguments_index_the_parameters():
    outcome = check(r"E(x, a) = E(y, a)", scalar=POINTS, functions=(ENERGY,))
    assert outcome.verdict.value == "refuted"
    assert {"θ^(E)_1(x)", "θ^(E)_1(y)"} <= set(outcome.witness.values)
    assert check(r"E(x, a) = E(x, a)", scalar=POINTS, functions=(ENERGY,)).verdict.value == "proved"


def test_an_augmentation_is_a_point_and_an_encoder_reads_it():
    assert check(r"f(t(x)) = f(x)", scalar=POINTS, functions=(AUGMENT, ENCODER)).verdict.value == "refuted"
    assert check(r"f(t(x)) = f(t(x))", scalar=POINTS, functions=(AUGMENT, ENCODER)).verdict.value == "proved"


@pytest.mark.parametrize("statement, message", [
    (r"t(x) + 1 = 1", "t(x) is a data point"),
    (r"t(a) = t(a)", "whose values are data points, is applied to (a)"),
])
def test_a_point_is_never_a_number(statement, message):
    with pytest.raises(DerivationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check(statement, scalar=POINTS, functions=(AUGMENT, ENCODER))


@pytest.mark.parametrize("function, message", [
    ({"name": "t", "arguments": 1, "role": "point", "shape": ["d"]}, "which have no components"),
    ({"name": "t", "arguments": 1, "role": "point", "domain": "positive"}, "which have no domain"),
])
def test_a_function_of_points_takes_no_shape_or_domain(function, message):
    with pytest.raises(DerivationError, match=message):
        check(r"a = a", scalar=POINTS, functions=(function,), size=[{"name": "d", "minimum": 1, "checked": [1]}])


# a tuple of points (a graph and its matrices): itself a point

def test_a_tuple_of_points_is_a_point_a_function_takes():
    declared = dict(scalar=POINTS, functions=(AUGMENT, ENCODER))
    assert check(r"f((x, t(y))) = f((x, t(y)))", **declared).verdict.value == "proved"
    outcome = check(r"f((x, t(y))) = f((x, y))", **declared)
    assert outcome.verdict.value == "refuted" and set(outcome.witness.values) == {"f((x, y))", "f((x, t(y)))"}


@pytest.mark.parametrize("statement, message", [
    (r"(x, y) + 1 = 1", "is a tuple of data points: it has no value"),
    (r"f((x, a)) = 1", "'x, a', a list of 2 items, where one value is expected"),      # a value among points: not a tuple of points
])
def test_a_tuple_of_points_is_never_a_number(statement, message):
    with pytest.raises(DerivationError, match=message):
        check(statement, scalar=POINTS, functions=(AUGMENT, ENCODER))

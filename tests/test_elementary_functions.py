r"""The standard functions LaTeX writes as operators: ``\cos``, ``\sin``, ``\tanh``, ``\cosh``, ``\sinh``.

Angular-margin losses (``s \cos(\theta_{y} + m)``) and the angle between two embeddings
(``u^\top v = \|u\| \|v\| \cos\theta``) use them without declaring them.  Each is a function
of one number; without parentheses it takes the one factor after it only where TeX's
reading is not in doubt.
"""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError
from contrastive_sym.model.definedness import needs
from contrastive_sym.pipeline import check_statement

ANGLES = dict(scalar=[{"name": r"\theta"}, {"name": "m"}, {"name": r"\tau", "domain": "positive"},
                      {"name": "s", "domain": "positive"}])


def check(statement: str, kind: str = "identity", **declared):
    return check_statement(statement, kind, **(ANGLES | declared))


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"\cos^2\theta + \sin^2\theta = 1", "identity", "proved"),
    (r"\cos^2(\theta) = \frac{1 + \cos(2\theta)}{2}", "identity", "proved"),
    (r"\cos(\theta + m) = \cos\theta \cos m - \sin\theta \sin m", "identity", "proved"),
    (r"\cos(\theta + m) = \cos\theta \cos m + \sin\theta \sin m", "identity", "refuted"),   # a sign flipped
    (r"\cosh(\theta)^2 - \sinh(\theta)^2 = 1", "identity", "proved"),
    (r"\tanh(\theta) < 1", "inequality", "confirmed"),
    (r"\cos\theta \geq 0", "inequality", "refuted"),
    # CosFace/ArcFace: the margin lowers the positive's logit, so the loss is at least the plain one
    (r"-\log \frac{e^{s (\cos\theta - m)}}{e^{s (\cos\theta - m)} + e^{s \cos\theta}} \geq \log 2", "inequality",
     "refuted"),                                                          # at m < 0 it is below log 2
])
def test_true_statements_are_proved_or_confirmed_and_false_ones_refuted(statement, kind, verdict):
    outcome = check(statement, kind)
    assert outcome.verdict.value == verdict, outcome.message


@pytest.mark.parametrize("statement, verdict", [
    (r"\text{ReLU}(\theta) = \max(0, \theta)", "proved"),
    (r"\text{ReLU}(\theta) = \theta", "refuted"),
    (r"\mathrm{sigmoid}(\theta) + \mathrm{sigmoid}(-\theta) = 1", "proved"),
    (r"\operatorname{softplus}(\theta) - \operatorname{softplus}(-\theta) = \theta", "proved"),
])
def test_the_activations_are_read_by_their_names(statement, verdict):
    outcome = check(statement)
    assert outcome.verdict.value == verdict, outcome.message


def test_sigma_is_read_only_as_declared_and_the_message_says_how():
    with pytest.raises(DerivationError, match=r"'\\sigma' is not declared: if it is the logistic function .* declare "
                                              r"it as an \[\[operator\]\] with meaning = \"logistic\""):
        check(r"\sigma(\theta) = \frac{1}{1 + e^{-\theta}}")
    declared = check(r"\sigma(\theta) = \frac{1}{1 + e^{-\theta}}",
                     operator=[{"name": r"\sigma", "meaning": "logistic"}])
    assert declared.verdict.value == "proved", declared.message


def test_a_derivative_through_the_functions_is_computed():
    assert check(r"\frac{\mathrm{d}}{\mathrm{d}\theta} \sin(\theta) = \cos(\theta)", "gradient").verdict.value == "proved"
    wrong = check(r"\frac{\mathrm{d}}{\mathrm{d}\theta} \cos(\theta) = \sin(\theta)", "gradient")
    assert wrong.verdict.value == "refuted", wrong.message


@pytest.mark.parametrize("statement, verdict", [
    # \tan (the angular loss's tan^2 alpha): defined where the cosine is not 0
    (r"\tan \theta = \frac{\sin \theta}{\cos \theta}", "proved"),
    (r"\tan^2 \theta + 1 = \frac{1}{\cos^2 \theta}", "proved"),
    (r"\tan \theta \geq 0", "refuted"),
])
def test_tan_is_sine_over_cosine(statement, verdict):
    assert check(statement).verdict.value == verdict


def test_tan_is_undefined_at_its_poles():
    theta = sp.Symbol("theta", real=True)
    assert needs(sp.tan(theta)) == (sp.cos(theta), "!=")


def test_a_limit_through_an_oscillation_is_never_confirmed():
    outcome = check(r"\lim_{\tau \to 0^+} \cos(1/\tau) = 1", "limit")
    assert outcome.verdict.value == "undecided", outcome.message


@pytest.mark.parametrize("statement, said", [
    (r"\cos 2\theta = 1", r"ambiguous: \\cos without parentheses before several factors"),
    (r"\cos^{-1} \theta = 1", r"\\cos\^\{-1\} is not read"),
    (r"\cos(\theta, m) = 1", r"\\cos takes one number"),
    (r"\cos + 1 = 1", r"\\cos without its argument"),        # found by the reading fuzz: a SymPy error before
    (r"\theta^{\sin} = 1", r"\\sin without its argument"),
])
def test_what_is_not_read_is_refused_by_name(statement, said):
    with pytest.raises(DerivationError, match=said):
        check(statement)


def test_a_document_that_declares_the_name_keeps_its_meaning():
    # \cos(u, v) declared as a function of two vectors (a cosine similarity): no symmetry is assumed
    declared = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}],
                    function=[{"name": r"\cos", "arguments": 2, "domain": "[-1, 1]"}])
    assert check(r"\cos(u, v) \le 1", "inequality", **declared).verdict.value == "confirmed"
    assert check(r"\cos(u, v) = \cos(v, u)", **declared).verdict.value == "refuted"


SCORES = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "s", "shape": ["N"]}],
              index=[{"name": "i", "from": 1, "to": "N"}], scalar=[{"name": r"\tau", "domain": "positive"}])


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"\text{softmax}(s)_i = \frac{e^{s_i}}{\sum_{j=1}^N e^{s_j}}", "identity", "proved"),
    (r"\mathrm{softmax}(s)_i = \frac{e^{s_i}}{\sum_{j=1}^N e^{s_i}}", "identity", "refuted"),   # the index slipped
    (r"\sum_{i=1}^N \operatorname{softmax}(s / \tau)_i = 1", "identity", "proved"),
    (r"-\log \text{softmax}(s)_i = \text{LSE}(s) - s_i", "identity", "proved"),
    (r"\operatorname{logsumexp}(s) \ge \max_j s_j", "inequality", "confirmed"),
    # in plain letters, as Markdown notes write them ("'softmax': 's' is not declared" before)
    (r"softmax(s)_i = \frac{e^{s_i}}{\sum_{j=1}^N e^{s_j}}", "identity", "proved"),
    (r"logsumexp(s) = \log \sum_{j=1}^N e^{s_j}", "identity", "proved"),
    (r"logsumexp(s) \le \max_j s_j", "inequality", "refuted"),
    (r"sigmoid(s_1) + sigmoid(-s_1) = 1", "identity", "proved"),
])
def test_softmax_and_logsumexp_of_a_vector(statement, kind, verdict):
    outcome = check_statement(statement, kind, **SCORES)
    assert outcome.verdict.value == verdict, outcome.message


def test_softmax_takes_a_vector():
    with pytest.raises(DerivationError, match=r"softmax\}? takes one vector"):
        check_statement(r"\text{softmax}(\tau)_1 = 1", **SCORES)


UNIT = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2, 3]}],
            family=[{"name": "u", "shape": ["d"], "role": "unit"}, {"name": "v", "shape": ["d"], "role": "unit"},
                    {"name": "a", "shape": ["d"]}, {"name": "b", "shape": ["d"]}])


@pytest.mark.parametrize("statement, kind, verdicts", [
    # the angle of a cosine similarity (ArcFace's θ = arccos(W^T x)): defined, as u^T v ∈ [-1, 1]
    (r"\cos(\arccos(u^\top v)) = u^\top v", "identity", ("proved", "confirmed")),
    (r"0 \leq \arccos(u^\top v) \leq \pi", "inequality", ("confirmed",)),
    (r"\arcsin(u^\top v) + \arccos(u^\top v) = \frac{\pi}{2}", "identity", ("proved", "confirmed")),
    (r"\arccos(u^\top v) = \frac{\pi}{2} - u^\top v", "identity", ("refuted",)),
    # the additive angular margin does not always lower the logit: at θ near π it raises it
    (r"\cos(\arccos(u^\top v) + m) \leq u^\top v", "inequality", ("refuted",)),
    (r"|\arctan(\theta)| < \frac{\pi}{2}", "inequality", ("confirmed",)),
    (r"\frac{\mathrm{d}}{\mathrm{d}\theta} \arctan(\theta) = \frac{1}{1 + \theta^2}", "gradient", ("proved",)),
    (r"\frac{\mathrm{d}}{\mathrm{d}\theta} \arctan(\theta) = \frac{1}{1 - \theta^2}", "gradient", ("refuted",)),
])
def test_the_inverse_functions_on_their_domain(statement, kind, verdicts):
    outcome = check(statement, kind, **UNIT)
    assert outcome.verdict.value in verdicts, outcome.message


@pytest.mark.parametrize("statement", [
    r"\cos(\arccos(\theta)) = \theta",        # SymPy folds cos(acos θ) to θ: as written, only on [-1, 1]
    r"\cos(\arccos(a^\top b)) = a^\top b",
    r"\sin(\arcsin(\theta)) = \theta",
])
def test_outside_their_domain_the_inverse_functions_are_undefined(statement):
    outcome = check(statement, **UNIT)
    assert outcome.verdict.value == "conditional", outcome.message
    assert "≥ 0" in outcome.message and "undefined" in outcome.message


def test_a_condition_on_a_square_of_a_sum_is_written_with_its_parentheses():
    outcome = check(r"\cos(\arccos(a^\top b)) = a^\top b", **UNIT)
    assert "needs 1 - (Σ_{" in outcome.message and ")² ≥ 0" in outcome.message, outcome.message


def test_arcface_s_logit_through_the_angle_is_checked():
    # the trial evaluations that record what a side reads stopped at arccos(2) (all ones, d = 2),
    # before reading s and m: the check failed (KeyError: m) where the loss is plainly ≥ 0
    loss = (r"-\log \frac{e^{s \cos(\arccos(u^\top v) + m)}}{e^{s \cos(\arccos(u^\top v) + m)} "
            r"+ e^{s u^\top v}} \geq 0")
    outcome = check(loss, "inequality", **UNIT)
    assert outcome.verdict.value == "confirmed", outcome.message


def test_a_witness_writes_a_greek_name_as_its_letter():
    # it wrote "\beta=1" (only τ, θ and η were shown as letters)
    outcome = check_statement(r"\beta \leq 1", "inequality", scalar=[{"name": r"\beta", "domain": "positive"}])
    assert outcome.verdict.value == "refuted" and sorted(outcome.witness.values) == ["β"], outcome.witness


def test_a_witness_writes_a_greek_name_with_scripts_as_its_letter():
    # it wrote "\tau^+=1" and "needs 1 - \tau^+ ≠ 0" (only a Greek name without scripts was a letter)
    outcome = check_statement(r"\frac{(1 - \tau^+)^2}{1 - \tau^+} = 1 - \tau^+", scalar=[{"name": r"\tau^+"}])
    assert outcome.verdict.value == "conditional" and outcome.condition == "1 - τ^+ ≠ 0", outcome


@pytest.mark.parametrize("statement, verdicts", [
    # the temperature-free InfoNCE's logit, 2 arctanh(s) of a cosine similarity: a log-odds, undefined
    # at s ≥ 1 (s > 0 here; said as a condition, never passed over)
    (r"2 \operatorname{arctanh}(s) = \log \frac{1+s}{1-s}", ("conditional",)),
    (r"\frac{d}{ds} 2 \operatorname{arctanh}(s) = \frac{2}{1 - s^2}", ("conditional",)),
    (r"\text{artanh}(s) = s", ("refuted",)),
    (r"\mathrm{arcsinh}(\theta) = \ln(\theta + \sqrt{\theta^2 + 1})", ("proved", "confirmed")),
    (r"\operatorname{arccosh}(\theta) = \ln(\theta + \sqrt{\theta^2 - 1})", ("conditional",)),
])
def test_the_inverse_hyperbolic_functions_by_their_names(statement, verdicts):
    assert check(statement).verdict.value in verdicts

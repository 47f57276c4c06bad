r"""``\nabla f(x)`` with f a definition of one argument (``f(x) = \log \sum_i e^{x_i}``, a post on log-sum-exp)
and no gradient declared: the gradient by the argument written, as ``\nabla_x f(x)``, said in the reading;
``\nabla f(x)_i`` is its entry i (a post's "∇f(x)_i = e^{x_i} / Σ_j e^{x_j}").  Before, "∇ needs the family it
differentiates by (declare gradient)", which misled: a declared gradient is a directional derivative over a
family of directions, not this.  ∇ of anything else with nothing under it is refused as before, the message
saying what is read."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, the_only_claim, with_claim

NOTATION = TITLE + r"""
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'j'
to = 'n'

[[family]]
name = 'x'
shape = ['n']

[[scalar]]
name = 't'

[[define]]
name = 'f'
line = 3
latex = 'f(x) = \log \sum_{i=1}^n e^{x_i}'

[[define]]
name = 'g'
line = 4
latex = 'g(t) = t^3'

[[family]]
name = 'w'
shape = ['n']

[[scalar]]
name = 'a'

[[size]]
name = 'm'
minimum = 1
checked = [1, 2]

[[index]]
name = 'k'
to = 'm'

[[define]]
name = 'l'
line = 5
latex = 'l(w) = \sum_{i=1}^n w_i x_i'

[[define]]
name = 'h'
line = 6
latex = 'h(t) = t a'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\nabla f(x)_i = \frac{e^{x_i}}{\sum_{j=1}^n e^{x_j}}", "confirmed"),
    (r"\nabla f(x)_i = \frac{e^{x_i}}{\sum_{j=1}^n e^{x_i}}", "refuted"),
    (r"\nabla f(x) = \text{softmax}(x)", "confirmed"),
    (r"\nabla f(x) = \nabla_x f(x)", "proved"),
    (r"\nabla g(t) = 3 t^2", "proved"),
    (r"\nabla g(t) = 2 t^2", "refuted"),
])
def test_the_gradient_of_a_definition_is_by_its_argument(latex, verdict):
    claim = the_only_claim(with_claim(NOTATION, latex))
    assert claim.outcome.verdict.value in ({verdict} | ({"proved", "confirmed"} if verdict != "refuted" else set()))
    assert "is read as the gradient by" in claim.claim.reading


@pytest.mark.parametrize("latex", [
    r"\nabla (t^2) = 2t",              # not a definition's call: by what is not written
    r"\nabla f(2x) = 1",               # an argument that is not a declared name
])
def test_anything_else_is_refused_saying_what_is_read(latex):
    with pytest.raises(DerivationError, match=r"∇ with nothing under it|is not read|not declared"):
        the_only_claim(with_claim(NOTATION, latex))


@pytest.mark.parametrize("latex, verdict", [
    # the post's Hessian of log-sum-exp, entry by entry, and the same with the diagonal's square dropped
    (r"\nabla^2 f(x)_{i, j} = \begin{cases} \frac{e^{x_i}}{\sum_{j=1}^n e^{x_j}} - \frac{e^{x_i}e^{x_i}}"
     r"{(\sum_{j=1}^n e^{x_j})^2} & i = j \\ -\frac{e^{x_i}e^{x_j}}{(\sum_{j=1}^n e^{x_j})^2} & i \neq j \end{cases}",
     "confirmed"),
    (r"\nabla^2 f(x)_{i, j} = \begin{cases} \frac{e^{x_i}}{\sum_{j=1}^n e^{x_j}} & i = j \\ "
     r"-\frac{e^{x_i}e^{x_j}}{(\sum_{j=1}^n e^{x_j})^2} & i \neq j \end{cases}", "refuted"),
    (r"\nabla^2 f(x) = \text{diag}(\text{softmax}(x)) - \text{softmax}(x)\text{softmax}(x)^T", "confirmed"),
    (r"\nabla^2 f(x) = \text{diag}(\text{softmax}(x))", "refuted"),
])
def test_the_hessian_of_a_definition_is_by_its_argument(latex, verdict):
    claim = the_only_claim(with_claim(NOTATION, latex))
    assert claim.outcome.verdict.value in ({verdict} | ({"proved"} if verdict == "confirmed" else set()))
    assert "is read as the Hessian by x" in claim.claim.reading


@pytest.mark.parametrize("latex", [r"\nabla^3 f(x) = 0", r"\nabla^2 g(t) = 6t", r"\nabla^2 (t^2) = 2"])
def test_any_other_power_of_nabla_is_refused_naming_what_is_read(latex):
    with pytest.raises(DerivationError, match=r"is read as the Hessian of a definition f\(x\) of one vector"):
        the_only_claim(with_claim(NOTATION, latex))


@pytest.mark.parametrize("latex, verdict", [
    # x^T (A - B) x: a transposed vector before a parenthesized matrix is the row (A - B)^T x, as x^T W is
    (r"x^T (\text{diag}(\text{softmax}(x)) - \text{softmax}(x)\text{softmax}(x)^T) x \geq 0", "confirmed"),
    (r"x^T (\text{diag}(\text{softmax}(x)) - \text{softmax}(x)\text{softmax}(x)^T) x = "
     r"x^T \text{diag}(\text{softmax}(x)) x - (x^T \text{softmax}(x))^2", "confirmed"),
    (r"x^T (\text{diag}(\text{softmax}(x)) - \text{softmax}(x)\text{softmax}(x)^T) x = "
     r"x^T \text{diag}(\text{softmax}(x)) x", "refuted"),
    (r"x^T (\nabla^2 f(x)) x \geq 0", "confirmed"),
])
def test_a_quadratic_form_of_a_matrix_in_parentheses(latex, verdict):
    outcome = the_only_claim(with_claim(NOTATION, latex)).outcome
    assert outcome.verdict.value in ({verdict} | ({"proved"} if verdict == "confirmed" else set())), outcome.message


@pytest.mark.parametrize("latex", [
    r"\nabla l(x) = x",        # l(w) = Σ w_i x_i at x: the gradient of l at x is x, the derivative of l(x) is 2x
    r"\nabla h(a) = a",        # h(t) = t a at a: a, against 2a
])
def test_a_definition_that_writes_its_argument_beside_its_parameter_is_refused(latex):
    with pytest.raises(DerivationError, match="itself beside its argument"):
        the_only_claim(with_claim(NOTATION, latex))


@pytest.mark.parametrize("latex, verdict", [(r"\nabla l(w) = x", "confirmed"), (r"\nabla l(w) = 2x", "refuted"),
                                            (r"\nabla h(t) = a", "proved")])
def test_by_its_own_parameter_it_is_read(latex, verdict):
    assert the_only_claim(with_claim(NOTATION, latex)).outcome.verdict.value == verdict


@pytest.mark.parametrize("latex", [r"\nabla f(x)_k = \text{softmax}(x)_k", r"\nabla^2 l(w)_{k,k} = 0"])
def test_an_entry_past_the_gradients_length_is_undefined_never_zero(latex):
    # k runs to m, a size of its own: at k > n the entry does not exist (it was read as 0, refuting or passing)
    outcome = the_only_claim(with_claim(NOTATION, latex)).outcome
    assert outcome.verdict.value in ("conditional", "refuted", "error"), outcome.message
    assert outcome.verdict.value != "refuted" or "undefined" in outcome.message


def test_the_derivative_by_a_number_has_no_entries():
    with pytest.raises(DerivationError, match="is a number .* it has no entries"):
        the_only_claim(with_claim(NOTATION, r"\nabla g(t)_1 = 3t^2"))


LABELLED = NOTATION + r"""
[[define]]
name = 'S'
line = 7
latex = 'S(x) = \nabla f(x)'

[[define]]
name = 'H'
line = 8
latex = 'H(f) = \text{diag}(S(x)) - S(x)S(x)^T'
"""


@pytest.mark.parametrize("latex, verdict", [
    # a post's Hessian named for the function it is of, H(f): a matrix defined for a label
    (r"x^T H(f) x \geq 0", "confirmed"),
    (r"x^T H(f) x = x^T \text{diag}(S(x)) x - (x^T S(x))^2", "confirmed"),
    (r"H(f)_{1,1} = \text{softmax}(x)_1 - \text{softmax}(x)_1^2", "confirmed"),
    (r"x^T H(f) x \leq -1", "refuted"),
    (r"H(f) = \nabla^2 f(x)", "confirmed"),
])
def test_a_matrix_defined_for_a_label_is_that_matrix(latex, verdict):
    outcome = the_only_claim(with_claim(LABELLED, latex)).outcome
    assert outcome.verdict.value in ({verdict} | ({"proved"} if verdict == "confirmed" else set())), outcome.message


def test_a_matrix_for_labels_is_not_read_at_other_labels():
    """A probe: H(f; 2) of H(f; \\alpha) = \\alpha(…) took the entry formula for the matrix (a false norm
    proved); at labels other than the definition's, a vector or matrix value is refused."""
    notation = LABELLED + r"""
[[scalar]]
name = '\alpha'

[[define]]
name = 'v'
line = 9
latex = 'v(f; \alpha) = \alpha \, \text{softmax}(x - x)'
"""
    assert the_only_claim(with_claim(notation, r"\|v(f; \alpha)\|^2 = \alpha^2 / n")).outcome.verdict.value in (
        "proved", "confirmed")
    with pytest.raises(DerivationError, match=r"read where its labels are written as defined, not at \(f; 2\)"):
        the_only_claim(with_claim(notation, r"\|v(f; 2)\|^2 = 4/n^2"))


def test_two_definitions_of_one_name_for_labels_its_body_does_not_use_are_both_kept():
    """A probe (older than the session): M(g) = \\|y\\|^2 beside M(f) = \\|x\\|^2 read g as a value M takes,
    and M(f) became M(g)'s body (M(f) = \\|x\\|^2 refuted, = \\|y\\|^2 proved); a head none of whose names
    the body uses is labels now."""
    notation = NOTATION + r"""
[[family]]
name = 'y'
shape = ['n']

[[define]]
name = 'M(f)'
line = 9
latex = 'M(f) = \|x\|^2'

[[define]]
name = 'M(g)'
line = 10
latex = 'M(g) = \|y\|^2'
"""
    verdict = lambda latex: the_only_claim(with_claim(notation, latex)).outcome.verdict.value   # noqa: E731
    assert verdict(r"M(f) = \|x\|^2") == "proved" and verdict(r"M(g) = \|y\|^2") == "proved"
    assert verdict(r"M(f) = \|y\|^2") == "refuted"


def test_an_entry_past_a_computed_matrix_is_refused():
    with pytest.raises(DerivationError, match="an entry of a n × n matrix, which it does not have"):
        the_only_claim(with_claim(LABELLED, r"H(f)_{n+1,1} = 0"))

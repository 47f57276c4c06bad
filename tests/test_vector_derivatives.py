r"""Derivatives as gradient derivations write them (issues 13 and 14): by a row of a
family (``\frac{\partial \mathcal{L}}{\partial z_k}``, compared component by component),
by a quantity the document defines (``\frac{\partial \ell_i}{\partial L_{ij}}`` with
``L_{ij} = Z_i \cdot Z_j / \tau``: the derivative of ℓ written as a function of L), and the
chain rule that joins them; and the index choices that make a tie the statement tests
hold (j = p(i)), so a formula wrong only at the positive is refuted, not 'conditional'.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

EMBEDDINGS = dict(
    size=[{"name": "B", "minimum": 1, "checked": [1, 2]}, {"name": "N", "equals": "2B"},
          {"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
    family=[{"name": "Z", "shape": ["N", "d"], "role": "embedding"}, {"name": "q", "shape": ["d"]}],
    index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"},
           {"name": "k", "from": 1, "to": "N"}, {"name": "p(i)", "positive_of": "i", "samples": "B"}],
)
# the note's definitions: logits, their softmax, the mean loss and the loss of one anchor
DEFINE = [
    {"name": "L_{ij}, P_{ij}, \\mathcal{L}", "line": 1, "latex":
        r"L_{ij} &= \frac{1}{\tau} \, Z_i \cdot Z_j, \\ "
        r"P_{ij} &= \frac{\exp(L_{ij})}{\sum_{k=1}^{N} \exp(L_{ik})}, \\ "
        r"\mathcal{L} &= -\frac{1}{N} \sum_{i=1}^{N} \log P_{i, p(i)}"},
    {"name": r"\ell_i", "line": 2, "latex": r"\ell_i = -\log P_{i,p(i)}"},
    {"name": "G_{ij}", "line": 3, "latex": r"G_{ij} = P_{ij} - \mathbb{1}_{j=p(i)}"},
]


def verdict(statement: str) -> str:
    return check_statement(statement, define=DEFINE, **EMBEDDINGS).verdict.value


@pytest.mark.parametrize("statement, expected", [
    # by a row: the vector of the derivatives by its components
    (r"\frac{\partial L_{ij}}{\partial Z_k} = \frac{1}{\tau}(\delta_{ik} Z_j + \delta_{jk} Z_i)", "confirmed"),
    (r"\frac{\partial L_{ij}}{\partial Z_k} = \frac{1}{\tau}(\delta_{ik} Z_j + \delta_{ik} Z_i)", "refuted"),
    (r"\frac{\partial (q \cdot q)}{\partial q} = 2 q", "confirmed"),
    (r"\frac{\partial (q \cdot q)}{\partial q} = q", "refuted"),
    # by a defined quantity: the softmax gradient of the note, and a dropped term
    (r"\frac{\partial \ell_i}{\partial L_{ij}} = P_{ij} - \mathbb{1}_{j=p(i)}", "confirmed"),
    (r"\frac{\partial \mathcal{L}}{\partial L_{ij}} = \frac{1}{N}\bigl(P_{ij} - \mathbb{1}_{j=p(i)}\bigr)",
     "confirmed"),
    (r"\frac{\partial \mathcal{L}}{\partial L_{ij}} = P_{ij} - \mathbb{1}_{j=p(i)}", "refuted"),
    # the chain rule, with the sum binding the entry differentiated by
    (r"\frac{\partial \mathcal{L}}{\partial Z_k} = \sum_{i,j} \frac{\partial \mathcal{L}}{\partial L_{ij}}"
     r" \, \frac{\partial L_{ij}}{\partial Z_k}", "confirmed"),
    (r"\frac{\partial \mathcal{L}}{\partial Z_k} = \sum_{i,j} \frac{\partial \mathcal{L}}{\partial L_{ij}}"
     r" \, \frac{\partial L_{ji}}{\partial Z_k} + Z_k", "refuted"),
    # a sum of the derivatives over the row of one anchor: the softmax sums to one
    (r"\sum_{j=1}^{N} \frac{\partial \ell_i}{\partial L_{ij}} = 0", "confirmed"),
    # by the whole family: the matrix of derivatives, against a product of matrices
    (r"\nabla_Z \mathcal{L} = \frac{1}{N \tau} (G + G^T) Z", "confirmed"),
    (r"\frac{\partial \mathcal{L}}{\partial Z} = \frac{1}{N \tau} (G Z + G^\top Z)", "confirmed"),
    (r"\nabla_Z \mathcal{L} = \frac{1}{N \tau} G Z", "refuted"),
    (r"\nabla_{Z_k} \mathcal{L} = \frac{\partial \mathcal{L}}{\partial Z_k}", "confirmed"),
])
def test_derivatives_by_rows_and_by_defined_quantities(statement, expected):
    assert verdict(statement) == expected


def test_a_formula_wrong_only_at_the_positive_is_refuted_at_the_tie():
    # P_ij alone is right for every j but p(i): the index choices must include j = p(i)
    # (the ends of the ranges miss it at B = 2), else the verdict would be 'conditional'
    outcome = check_statement(r"\frac{\partial \ell_i}{\partial L_{ij}} = P_{ij}", define=DEFINE,
                              **EMBEDDINGS)
    assert outcome.verdict.value == "refuted"


@pytest.mark.parametrize("statement, message", [
    (r"\frac{\partial Z_i}{\partial Z_k} = 0", "a derivative of a vector (a Jacobian) is not read"),
    (r"\frac{\partial \ell_i}{\partial (Z_i + Z_j)} = 0", "a derivative by a vector is read by a row"),
    # ℓ is not written in terms of the entries of a name defined after it
    (r"\frac{\partial L_{ij}}{\partial P_{ij}} = 0", "is not written in terms of P"),
    (r"\nabla_Z \mathcal{L} = Z G", "a product of a 2*B × d matrix and a 2*B × 2*B matrix: the shapes do not agree"),
    (r"\nabla_Z \mathcal{L} = G", "the sides of this relation are a 2*B × d matrix and a 2*B × 2*B matrix"),
    (r"G + 1 = 0", "a matrix added to a number"),
    (r"\mathcal{L} = G", "the sides of this relation are a number and a 2*B × 2*B matrix"),
    (r"\mathcal{L} = G_{1,1} + G", "a matrix added to a number"),
])
def test_derivatives_that_are_not_read_are_refused_with_what_they_are(statement, message):
    with pytest.raises(DerivationError) as caught:
        verdict(statement)
    assert message in str(caught.value)


# --- functions of declared vectors, and code's indexing f[b, t, c] --------------------
LATENTS = dict(
    size=[{"name": "B", "minimum": 2, "checked": [2, 3]}, {"name": "H", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
    family=[{"name": "h", "shape": ["B", "B", "H"]}, {"name": "u", "shape": ["H"]}, {"name": "v", "shape": ["H"]},
            {"name": "z", "shape": ["B", "H"]}],
    index=[{"name": "b", "from": 1, "to": "B"}, {"name": "t", "from": 1, "to": "B"}],
)
SIGMA = [{"name": r"\sigma_\tau", "line": 1, "latex": r"\sigma_\tau(u, v) = \exp(\langle u, v \rangle / \tau)"},
         {"name": "s", "line": 2, "latex": r"s(u, v) = u \cdot v - v_1"}]


@pytest.mark.parametrize("statement, expected", [
    (r"\sigma_\tau(h[b, t], z_b) = \exp(\sum_{m=1}^{H} h_{b,t,m} z_{b,m} / \tau)", "holds"),
    (r"\sigma_\tau(z_b, z_t) = \sigma_\tau(z_t, z_b)", "holds"),
    (r"h[b, t, 1] = h_{b,t,1}", "holds"),
    # the arguments are put in together: s(v, u) is v·u − u_1, not v·v − v_1
    (r"s(v, u) = u \cdot v - u_1", "holds"),
    (r"s(v, u) = s(u, v)", "refuted"),
])
def test_functions_of_vectors_take_the_vectors_written(statement, expected):
    verdict = check_statement(statement, define=SIGMA, **LATENTS).verdict.value
    assert verdict in (("proved", "confirmed") if expected == "holds" else (expected,))


@pytest.mark.parametrize("statement, message", [
    (r"\sigma_\tau(h[b, t, 1], z_b) = 0", "\\sigma_\\tau is defined for vectors; 'h[b, t, 1]' is not one"),
    (r"\sigma_\tau(z_b) = 0", "\\sigma_\\tau takes 2 vectors"),
    (r"h[b] = 0", "h takes 3 indices, got 1"),
])
def test_functions_of_vectors_refuse_what_is_not_a_vector(statement, message):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, define=SIGMA, **LATENTS)
    assert message in str(caught.value)


# --- definitions whose value is a vector: h_i = f(\tilde{x}_i), z = h / \|h\| ---------------
POINTS = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": r"\tilde{x}", "shape": ["N"], "role": "point"}, {"name": "w", "shape": ["N", "d"]}],
    function=[{"name": "f", "arguments": 1, "shape": ["d"]}],
    index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"}],
)
VECTORS = [{"name": "h_i", "line": 1, "latex": r"\mathbf{h}_i = f(\tilde{x}_i)"},
           {"name": "u_i", "line": 2, "latex": r"\mathbf{u}_i = \frac{w_i}{\|w_i\|}"}]


@pytest.mark.parametrize("statement, expected", [
    (r"\mathbf{h}_i \cdot \mathbf{h}_j = f(\tilde{x}_i)^\top f(\tilde{x}_j)", "holds"),
    # u_i is undefined where w_i = 0: said, as a condition, never dropped
    (r"\|\mathbf{u}_i\|^2 = 1", "conditional"),
    (r"\mathbf{u}_i \cdot \mathbf{u}_j \leq 1", "conditional"),
    (r"\mathbf{u}_i = w_i", "refuted"),
    (r"\mathbf{h}_i \cdot \mathbf{h}_j = \mathbf{h}_i \cdot \mathbf{h}_i", "refuted"),
])
def test_definitions_whose_value_is_a_vector(statement, expected):
    kind = "inequality" if "leq" in statement else "identity"
    verdict = check_statement(statement, kind, define=VECTORS, **POINTS).verdict.value
    assert verdict in (("proved", "confirmed") if expected == "holds" else (expected,))


def test_a_definition_whose_value_is_a_matrix_is_the_family_of_its_entries():
    # S = Z Z^\top, the similarity matrix: S_{ij} is z_i · z_j, and S is a matrix again
    define = DEFINE + [{"name": "S", "line": 4, "latex": r"S = Z Z^\top"}]
    for statement, expected in [(r"S_{ij} = Z_i \cdot Z_j", ("proved", "confirmed")),
                                (r"S_{ij} = Z_i \cdot Z_i", ("refuted",)),
                                (r"S^\top = S", ("proved", "confirmed")),
                                (r"S Z = Z Z^\top Z", ("proved", "confirmed"))]:
        assert check_statement(statement, define=define, **EMBEDDINGS).verdict.value in expected, statement

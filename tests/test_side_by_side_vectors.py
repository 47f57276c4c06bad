r"""Two embeddings written side by side, ``\exp(\mathbf{z_i} \mathbf{z_k})``, as notes and blog
posts write a similarity: the product of two vectors that is a number is their dot product, so
it is read so, and the claim's reading says it.  Three side by side do not say which two are
dotted and are refused; a transpose written says what it is (u v^\top is the outer product).

And an objective over parameters, ``\min_\theta (-\log \frac{e^{sim(z_i, z_j)}}{…})``, that
writes θ only through the embeddings (functions and families, whose dependence on θ the notation
leaves unwritten) is read, its optimum not computed; one written in declared numbers alone that
does not use θ (a name written differently) is still refused.
"""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, toml_value, verify_text

NOTATION = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": r"\mathbf{z}", "shape": ["N", "d"]}, {"name": "W", "shape": ["d", "d"]}],
    scalar=[{"name": r"\tau", "domain": "positive"}, {"name": r"\theta"}, {"name": "x"}],
    function=[{"name": r"\text{sim}", "arguments": 2}],
)


def check(statement: str, kind: str = "identity"):
    return check_statement(statement, kind, **NOTATION)


@pytest.mark.parametrize("statement, verdict", [
    (r"\exp(\mathbf{z_1} \mathbf{z_2} / \tau) = \exp(\mathbf{z}_1 \cdot \mathbf{z}_2 / \tau)", "proved"),
    (r"\mathbf{z_1} \mathbf{z_2} = \mathbf{z}_2^\top \mathbf{z}_1", "proved"),
    (r"\mathbf{z_1} \mathbf{z_2} = \mathbf{z}_2 \cdot \mathbf{z}_2", "refuted"),
    (r"\mathbf{z_1} \mathbf{z_1} \geq 0", "confirmed"),
    (r"\mathbf{z_1} \mathbf{z_2} \geq 0", "refuted"),
])
def test_two_vectors_side_by_side_are_their_dot_product(statement, verdict):
    kind = "inequality" if "geq" in statement else "identity"
    outcome = check(statement, kind)
    assert outcome.verdict.value in ({verdict} | ({"confirmed"} if verdict == "proved" else set())), outcome.message


def test_the_reading_says_the_dot_product():
    text = "\n".join(['id = "a"', 'title = "a"', 'source = "a.txt"'] + [
        f"{table} = {toml_value(entries)}" for table, entries in NOTATION.items()] + [
        "", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"', 'kind = "identity"',
        r"latex = 'e^{\mathbf{z_1} \mathbf{z_2}} = e^{\mathbf{z}_1 \cdot \mathbf{z}_2}'", ""])
    claim = verify_text(text).documents[0].claims[0].claim
    assert "two vectors side by side in '\\mathbf{z_1} \\mathbf{z_2}' are read as their dot product" in claim.reading


@pytest.mark.parametrize("statement, message", [
    (r"\mathbf{z_1} \mathbf{z_2} \mathbf{z_1} = 0", "3 vectors side by side"),
    (r"(\mathbf{z}_1 - \mathbf{z}_2)(\mathbf{z}_1 + \mathbf{z}_2) = 0", "a product of two vectors"),
    (r"W \mathbf{z_1} \mathbf{z_2} = 0", "a product of two vectors"),      # beside a matrix: not written
])
def test_what_does_not_say_which_product_is_refused(statement, message):
    with pytest.raises(DerivationError, match=message):
        check(statement)


def defining(latex: str) -> dict:
    return {"define": [{"name": "F", "line": 3, "latex": latex}]}


def test_an_objective_written_through_the_embeddings_is_read_and_not_computed():
    outcome = check_statement(r"F \geq 0", "inequality", **(NOTATION | defining(
        r"F = \min_\theta \left(-\log \frac{\exp \text{sim}(\mathbf{z}_1, \mathbf{z}_2)}"
        r"{\sum_{k=1}^{N} \exp \text{sim}(\mathbf{z}_1, \mathbf{z}_k)}\right)")))
    assert outcome.verdict.value == "undecided" and "optimum" in outcome.message


def test_an_objective_in_declared_numbers_that_ignores_its_variable_is_refused():
    with pytest.raises(DerivationError, match="does not depend on it"):
        check_statement(r"F \geq 0", "inequality", **(NOTATION | defining(r"F = \min_{\vartheta} (\theta - x)^2")))


@pytest.mark.parametrize("latex, said", [
    (r"F = \min_{y} \text{sim}(x, Y)", "(it writes Y)"),                  # y declared, the body writes Y
    (r"F = \min_{\vartheta} \text{sim}(x, \theta)", r"(it writes \theta)"),
    (r"F = \min_{\phi} \text{sim}(\mathbf{z}_1, \mathbf{z}_2)", r"declare \phi as [[scalar]] parameters"),
])
def test_an_objective_whose_variable_is_written_differently_is_refused(latex, said):
    notation = NOTATION | {"scalar": NOTATION["scalar"] + [{"name": "y"}, {"name": "Y"}, {"name": r"\vartheta"}]}
    with pytest.raises(DerivationError, match=re.escape(said)):
        check_statement(r"F \geq 0", "inequality", **(notation | defining(latex)))

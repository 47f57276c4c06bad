r"""What DCL's Proposition 1 needed, each in the general form papers write it:

* a definition whose head writes a declared index as a parenthesised superscript, used at a value of it
  (``\mathcal{L}_i^{(k)} = …``, then ``\mathcal{L}_i^{(1)}``, ``\mathcal{L}_i^{(l)}``);
* ``\left\{\begin{array}{l} … \end{array}\right.`` around rows that each state an equation: a system;
* ``\sum_{l \in \{1,2\}, j \neq i}``: j, with no range of its own, over the range the body gives it;
* ``\exp\langle a, b\rangle/\tau`` twice in one formula: both places read alike in each reading;
* a step that fails only where two free indices coincide: conditional on them being distinct."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.model.verdicts import Verdict
from contrastive_sym.pipeline import verify_text

from document_claims import TITLE, claim_verdict, with_claim

VIEWS = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[scalar]]
name = 'a'

[[family]]
name = 's'
shape = ['2', 'N']
index_written = "superscript and subscript"

[[index]]
name = 'i'
from = 1
to = 'N'

[[index]]
name = 'j'
from = 1
to = 'N'

[[index]]
name = 'k'
from = 1
to = 2

[[index]]
name = 'l'
from = 1
to = 2

[[index]]
name = 't'
from = 1
to = 'N'

[[define]]
name = 'F'
line = 3
latex = 'F_i^{(k)} = s_i^{(k)} + 2'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"F_i^{(1)} = s_i^{(1)} + 2", "proved"),
    (r"F_i^{(2)} = s_i^{(2)} + 2", "proved"),
    (r"F_i^{(l)} = s_i^{(l)} + 2", "proved"),
    (r"F_i^{(1)} = s_i^{(2)} + 2", "refuted"),
])
def test_a_definition_at_a_value_of_its_superscript_index(latex, verdict):
    assert claim_verdict(VIEWS, latex) == verdict


@pytest.mark.parametrize("latex", [r"F_i^{(3)} = 0", r"F_i^{(0)} = 0", r"F_i^{(t)} = 0"])
def test_a_value_outside_the_index_range_finds_no_definition(latex):
    """3 and 0 are not views; t runs over 1 … N, another range: the name stays undeclared."""
    with pytest.raises(DerivationError, match="is not declared"):
        claim_verdict(VIEWS, latex)


def test_a_brace_around_equations_is_a_system_each_checked():
    latex = r"""\left\{\begin{array}{l}
F_i^{(1)} = s_i^{(1)} + 2 \\[8pt]
F_i^{(2)} = s_i^{(2)} + 3
\end{array} \right. \tag{3}"""
    claims = verify_text(with_claim(VIEWS, latex)).documents[0].claims
    assert [(c.claim.id, c.outcome.verdict) for c in claims] == [("c-chain-1", Verdict.PROVED),
                                                                 ("c-chain-2", Verdict.REFUTED)]


def test_a_brace_of_values_and_conditions_stays_cases():
    """Rows of a value and its condition are one value, never a system: a = (1 if i = j else 0) is false
    of a free scalar a, and the cases are the Kronecker delta."""
    assert claim_verdict(VIEWS, r"a = \left\{\begin{array}{ll} 1 & i = j \\ 0 & i \neq j \end{array}\right.") \
        == "refuted"
    assert claim_verdict(VIEWS, r"\left\{\begin{array}{ll} 1 & i = j \\ 0 & i \neq j \end{array}\right. "
                                r"= \delta_{i,j}") == "proved"


def test_an_index_after_another_ones_range_with_only_a_condition():
    """Σ_{l ∈ {1,2}} Σ_{j ≠ i} s^{(l)}_j: j over 1 … N, i left out."""
    latex = r"\sum_{l \in \{1,2\},\; j \neq i} s_j^{(l)} = \sum_{j=1}^{N} (s_j^{(1)} + s_j^{(2)}) - s_i^{(1)} - s_i^{(2)}"
    assert claim_verdict(VIEWS, latex) in ("proved", "confirmed")


def test_both_places_of_an_exponential_before_a_quotient_are_read_alike():
    latex = r"\exp a/\tau + \exp a/\tau = 2 \exp\left(a/\tau\right)"
    document = VIEWS + "\n[[scalar]]\nname = '\\tau'\ndomain = \"positive\"\n"
    claims = verify_text(with_claim(document, latex)).documents[0].claims
    assert {c.claim.id: c.outcome.verdict for c in claims} == {"c-reading-1": Verdict.PROVED,
                                                              "c-reading-2": Verdict.REFUTED}
    assert "each of the 2 places alike read so" in claims[0].claim.reading


def test_a_step_failing_only_where_two_indices_coincide_is_conditional():
    """∂s_i/∂s_j = 0 holds for every j but i."""
    result = verify_text(with_claim(VIEWS, r"\frac{\partial s_i^{(1)}}{\partial s_j^{(1)}} = 0"))
    (claim,) = result.documents[0].claims
    assert claim.outcome.verdict is Verdict.CONDITIONAL
    assert claim.outcome.condition.startswith("j ≠ i")


def test_a_step_failing_also_where_the_indices_differ_stays_refuted():
    result = verify_text(with_claim(VIEWS, r"s_i^{(1)} = s_j^{(1)} + 1"))
    (claim,) = result.documents[0].claims
    assert claim.outcome.verdict is Verdict.REFUTED


def test_a_statement_that_states_the_coincidence_wrongly_stays_refuted():
    """2δ_{ij} says what the derivative is at j = i, and says it wrong: refuted, not conditional on j ≠ i."""
    result = verify_text(with_claim(VIEWS, r"\frac{\partial s_i^{(1)}}{\partial s_j^{(1)}} = 2 \delta_{i,j}"))
    (claim,) = result.documents[0].claims
    assert claim.outcome.verdict is Verdict.REFUTED

r"""A display that writes an implication between statements (``A \Rightarrow B``, ``A \\ \implies
B \\ \implies C``): each consequence checked where its premise holds, the premise not checked on
its own (it may be a hypothesis), both said in the reading; a premise on a distribution's
expectations is refused, never an internal error.  And a definition read with a name the
document defines again later, used beside that name: refused as ambiguous, not refuted (a
document added blind defined P(b | y=1, a) anew and wrote the posterior with it)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result, with_claim  # noqa: E402

REALS = dict(scalar=[{"name": "a"}, {"name": "b"}])


@pytest.mark.parametrize("statement, verdicts", [
    (r"a \leq b \Rightarrow 2a \leq 2b", ("confirmed", "proved")),
    (r"\begin{align} a &\leq b \\ &\implies 2a \leq 2b \end{align}", ("confirmed", "proved")),
    # false where the premise holds: a < 1 at a = -2
    (r"a < 1 \implies a^2 < 1", ("refuted",)),
    (r"a \leq b \Longrightarrow a \leq 2b", ("refuted",)),
])
def test_a_consequence_is_checked_where_its_premise_holds(statement, verdicts):
    assert check_statement(statement, "inequality", **REALS).verdict.value in verdicts


def test_each_consequence_of_a_chain_of_implications_is_a_claim():
    with pytest.raises(DerivationError, match="2 consequences.*consequence 1 confirmed; consequence 2 refuted"):
        check_statement(r"a \leq b \implies a - b \leq 0 \implies b - a \geq 1", "inequality", **REALS)


def test_the_reading_says_the_premise_is_not_checked():
    text = '''
id = "i"
title = "i"
source = "i.md"
[[scalar]]
name = 'a'
[[claim]]
id = "c"
line = 1
title = "c"
latex = 'a > 1 \\Rightarrow a^2 > 1'
'''
    claim = verify_text(text).documents[0].claims[0]
    assert claim.outcome.verdict.value in ("confirmed", "proved")
    assert "read where its premise a > 1 holds" in claim.claim.reading
    assert "the premise is not checked on its own" in claim.claim.reading


def test_a_premise_on_expectations_of_a_distribution_is_refused():
    notation = dict(scalar=[{"name": "X", "role": "point"}, {"name": "Y", "role": "point"}],
                    distribution=[{"name": "p", "of": ["X", "Y"]}], function=[{"name": "f", "arguments": 2}])
    with pytest.raises(DerivationError, match="a condition on an expectation or a density"):
        check_statement(r"\mathbb{E}_{p}[f(X, Y)] \geq 0 \implies \mathbb{E}_{p}[f(X, Y)] + 1 \geq 1",
                        "inequality", **notation)
    with pytest.raises(DerivationError, match="a condition on an expectation or a density"):
        check_statement(r"\mathbb{E}_{p}[f(X, Y)] + 1 \geq 1", "inequality", claim={"given": [r"\mathbb{E}_{p}[f(X, Y)] \geq 0"]},
                        **notation)


REDEFINED = r'''
id = "r"
title = "r"
source = "r.md"
[[scalar]]
name = 'a'
[[define]]
name = 'g'
line = 1
latex = 'g = a^2'
[[define]]
name = 'h'
line = 2
latex = 'h = g + 1'
[[define]]
name = 'g (again)'
line = 3
latex = 'g = a^3'
'''


def _claim(latex: str, line: int = 4) -> str:
    return with_claim(REDEFINED, latex, line)


def test_a_definition_read_with_a_name_defined_again_is_refused_beside_that_name():
    with pytest.raises(DerivationError, match=r"'h' is defined at line 2 with g of the notation there, and g is "
                                              r"defined anew at line 3"):
        verify_text(_claim(r"h = g + 1"))


def test_a_formula_that_does_not_write_the_name_keeps_the_definition():
    claim = claim_result(_claim(r"h = a^2 + 1"))
    assert claim.outcome.verdict.value == "proved"

r"""Probabilities at events of a declared class label, as NCE texts write them (issue 13):
``p(x \mid y = 0)`` of a definition by cases over y, a head written at an event
(``p(y = 0 \mid x) = …``), a prior declared whole as a number beside the head's definitions,
and a posterior the document does not define, read by Bayes' rule and said so.  Also: a
definition written twice alike in one display, and a definition that a section's new meaning of
a name it uses would change, in a formula that writes that name too (refused, not guessed)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result, with_claim  # noqa: E402

NOTATION = r'''
id = "nce"
title = "nce"
source = "nce.md"

[[scalar]]
name = 'x'
role = "point"

[[distribution]]
name = 'p_n'
of = ['x']

[[distribution]]
name = 'p_m'
of = ['x']

[[scalar]]
name = 'y'
domain = "binary"

[[scalar]]
name = 'P(y = 0)'
domain = "(0, 1)"

[[scalar]]
name = 'P(y = 1)'
equals = '1 - P(y = 0)'

[[define]]
name = 'P(x|y)'
line = 3
latex = 'P(x \vert y) = \begin{cases} p_n(x) & y = 0 \\ p_m(x) & y = 1 \end{cases}'
'''


def claim(latex: str, line: int = 10, extra: str = "") -> str:
    return with_claim(NOTATION + extra, latex, line)


outcome = claim_result


def test_a_definition_by_cases_over_a_label_is_read_at_its_event():
    checked = outcome(claim(r'P(x \mid y = 0) = p_n(x)'))
    assert checked.outcome.verdict.value in ("proved", "confirmed"), checked.outcome.message
    assert "at the event y = 0" in checked.claim.reading
    wrong = outcome(claim(r'P(x \mid y = 1) = p_n(x)'))
    assert wrong.outcome.verdict.value == "refuted"


def test_a_prior_declared_whole_is_read_beside_the_heads_definition():
    # P(y = 0) is the number declared, not a use of P(x | y) at other arguments
    assert outcome(claim(r'P(y = 0) + P(y = 1) = 1')).outcome.verdict.value == "proved"
    assert outcome(claim(r'P(y = 0) + P(y = 1) = 2')).outcome.verdict.value == "refuted"


def test_an_event_outside_the_labels_values_is_not_read():
    with pytest.raises(DerivationError):
        verify_text(claim(r'P(x \mid y = 2) = p_n(x)'))


POSTERIOR = r'P(y = 1 \mid x) = \frac{P(y = 1) p_m(x)}{P(y = 0) p_n(x) + P(y = 1) p_m(x)}'


def test_a_posterior_not_defined_is_read_by_bayes_rule_and_said():
    checked = outcome(claim(POSTERIOR))
    assert checked.outcome.verdict.value in ("proved", "confirmed"), checked.outcome.message
    assert "Bayes' rule" in checked.claim.reading


def test_a_wrong_posterior_is_refuted():
    # the priors dropped: true only when they are equal
    wrong = outcome(claim(r'P(y = 1 \mid x) = \frac{p_m(x)}{p_n(x) + p_m(x)}'))
    assert wrong.outcome.verdict.value == "refuted"
    assert wrong.outcome.witness is not None


def test_a_posterior_the_document_defines_is_its_definition():
    # the definition written with the priors swapped (a slip): used as written, so the claim of
    # Bayes' form is refuted, and the complement read by Bayes' rule does not sum with it to 1
    defined = r'''
[[define]]
name = 'P(y = 1|x)'
line = 5
latex = 'P(y = 1 \mid x) = \frac{P(y = 0) p_m(x)}{P(y = 0) p_n(x) + P(y = 1) p_m(x)}'
'''
    assert outcome(claim(POSTERIOR, extra=defined)).outcome.verdict.value == "refuted"
    assert outcome(claim(r'P(y = 1 \mid x) + P(y = 0 \mid x) = 1', extra=defined)).outcome.verdict.value == "refuted"


def test_a_head_at_a_declared_labels_event_defines_that_posterior():
    defined = r'''
[[define]]
name = 'P(y = 0|x)'
line = 5
latex = 'P(y = 0 \mid x) = \frac{P(y = 0) p_n(x)}{P(y = 0) p_n(x) + P(y = 1) p_m(x)}'
'''
    checked = outcome(claim(r'P(y = 0 \mid x) + P(y = 1 \mid x) = 1', extra=defined))
    assert checked.outcome.verdict.value in ("proved", "confirmed"), checked.outcome.message


def test_bayes_rule_without_a_prior_names_what_is_missing():
    text = claim(POSTERIOR.replace("P(y = 1)", "q").replace("P(y = 0)", "q"))
    without_prior = text.replace("[[scalar]]\nname = 'P(y = 1)'\nequals = '1 - P(y = 0)'\n", "") \
        .replace("[[scalar]]\nname = 'P(y = 0)'\ndomain = \"(0, 1)\"\n", "[[scalar]]\nname = 'q'\n")
    with pytest.raises(DerivationError, match=r"nor is it a posterior by Bayes' rule, which needs P\(y = 0\)"):
        verify_text(without_prior)


ONE_PRIOR = NOTATION.replace("[[scalar]]\nname = 'P(y = 0)'\ndomain = \"(0, 1)\"\n", "") \
    .replace("[[scalar]]\nname = 'P(y = 1)'\nequals = '1 - P(y = 0)'\n", "[[scalar]]\nname = 'P(y = 1)'\ndomain = \"(0, 1)\"\n")


@pytest.mark.parametrize("latex, expected", [
    (r'P(y = 1 \mid x) = \frac{P(y = 1) p_m(x)}{(1 - P(y = 1)) p_n(x) + P(y = 1) p_m(x)}', "proved"),
    (r'P(y = 1 \mid x) = \frac{P(y = 1) p_m(x)}{P(y = 1) p_n(x) + P(y = 1) p_m(x)}', "refuted"),
])
def test_the_prior_a_document_leaves_out_is_one_minus_the_others(latex, expected):
    """NCE writes p(y = 1) = 1/2 and leaves p(y = 0) to the reader: the probabilities of the label's
    values add up to 1, said in the reading."""
    assert "P(y = 0)" not in ONE_PRIOR and "name = 'P(y = 1)'" in ONE_PRIOR
    checked = outcome(with_claim(ONE_PRIOR, latex, 10))
    assert checked.outcome.verdict.value in ((expected, "confirmed") if expected == "proved" else (expected,))
    assert "P(y = 0) is not written: it is 1 minus P(y = 1), the probabilities of the values of y adding up " \
           "to 1" in checked.claim.reading


def test_bayes_rule_without_any_prior_still_names_what_is_missing():
    none = ONE_PRIOR.replace("[[scalar]]\nname = 'P(y = 1)'\ndomain = \"(0, 1)\"\n", "")
    with pytest.raises(DerivationError, match=r"nor is it a posterior by Bayes' rule, which needs P\(y = 0\)"):
        verify_text(with_claim(none, POSTERIOR.replace("P(y = 1)", "1").replace("P(y = 0)", "1"), 10))


def test_a_definition_written_twice_alike_is_one_definition():
    twice = NOTATION + r'''
[[define]]
name = 'r'
line = 7
latex = 'r = \frac{1}{2} \\ r = \frac{1}{2}'

[[claim]]
id = "c"
line = 10
title = "c"
latex = 'r = 0.5'
'''
    assert outcome(twice).outcome.verdict.value == "proved"
    with pytest.raises(DerivationError, match="defined twice"):
        verify_text(twice.replace(r"r = \frac{1}{2} \\ r = \frac{1}{2}", r"r = \frac{1}{2} \\ r = \frac{1}{3}"))


SECTION = r'''
[[define]]
name = 'P(y = 0|x)'
line = 5
latex = 'P(y = 0 \mid x) = \frac{P(y = 0) p_n(x)}{P(y = 0) p_n(x) + P(y = 1) p_m(x)}'

[[section]]
line = 20
title = "negative sampling"

[[section.function]]
name = 'p_n'
arguments = 1
domain = "positive"
'''


def test_a_formula_that_writes_a_name_a_section_changed_beside_a_definition_of_the_old_is_refused():
    # P(y = 0 | x) was defined with the density p_n; the section declares p_n anew, and the formula
    # writes both: which p_n the definition means there is not written
    text = claim(r'P(y = 0 \mid x) = \frac{1}{1 + \frac{P(y = 1) p_m(x)}{P(y = 0) p_n(x)}}', line=25, extra=SECTION)
    with pytest.raises(DerivationError, match=r"is defined at line 5 with p_n of the notation there, and the "
                                              r"section of line 20 declares p_n anew"):
        verify_text(text)


def test_a_formula_that_does_not_write_the_changed_name_keeps_the_definition():
    # a summary of what was defined before the section: each definition as it was given
    text = claim(r'P(y = 0 \mid x) \leq 1', line=25, extra=SECTION)
    assert outcome(text).outcome.verdict.value in ("proved", "confirmed", "conditional")


@pytest.mark.parametrize("text, key, written", [
    (r"p(x) + 1", "p", True),
    (r"p^+(x) + p_i", "p", False),      # p^+ and p_i are names of their own
    (r"\sqrt{q}", "q", True),
    (r"\sqrt{2}", "q", False),          # the q of \sqrt is no name
    (r"p'(x)", "p", False),
    (r"p_{\text{noise}}(x)", r"p_{\text{noise}}", True),
    (r"p_{\text{noise}} ^ {+}", r"p_{\text{noise}}", False),
])
def test_a_name_is_written_only_as_itself(text, key, written):
    from contrastive_sym.load.sections import names_written
    assert names_written(text, key) is written


def test_the_prior_left_out_is_no_probability_where_the_others_exceed_one():
    """P(y = 1) declared positive, not in (0, 1): 1 - P(y = 1) is negative past 1, and a posterior from it
    leaves [0, 1]: those points are undefined (conditional on P(y = 1) ≤ 1), never a refutation."""
    loose = ONE_PRIOR.replace("name = 'P(y = 1)'\ndomain = \"(0, 1)\"", "name = 'P(y = 1)'\ndomain = \"positive\"")
    assert "domain = \"positive\"" in loose
    checked = outcome(with_claim(loose, r'P(y = 1 \mid x) \le 1', 10))
    assert checked.outcome.verdict.value == "conditional"
    assert "P(y = 1) ≤ 1" in checked.outcome.message

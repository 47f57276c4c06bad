r"""What a round of documents added blind showed, each fixed here:

* a set the data gives named with a superscript, ``\mathcal{P}^+`` (Proxy-Anchor's proxies with positives
  in the batch), was "a set defined by a condition: it is read under \sum only" *under* \sum: the set
  was looked up by its letter alone, so its membership was read as a plain range and refused;
* ``\underset{k}{max}``, the operator in plain letters under \underset, was refused ("read over one
  relation only …") while ``\underset{k}{\max}`` and ``max(a, b)`` were read;
* a section could not declare a set with a parameter (P_i) under the letter of an earlier section's set
  (P), nor a distribution again with its measure (p with measure P);
* a total defined before the entries it sums (L = Σ L_{i,j}, then L_{i,j} = …) lost its name to the
  entries' matrix at every later line;
* bars around a matrix (|\Sigma|, a determinant) were refused as if around a vector."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from document_claims import TITLE, claim_verdict

SUBSET = TITLE + """
[[size]]
name = 'C'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'a'
shape = ['C']

[[set]]
name = '\\mathcal{P}^+'
index = 'c'
to = 'C'
any_subset = true
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{c \in \mathcal{P}^+} 1 = | \mathcal{P}^+ |", "proved"),
    (r"\sum_{p \in \mathcal{P}^+} a_p = \sum_{c \in \mathcal{P}^+} a_c", "proved"),
    # the set is a subset: its members are not every class
    (r"\sum_{c \in \mathcal{P}^+} 1 = C", "refuted"),
])
def test_a_set_named_with_a_superscript_is_read_under_a_sum(latex, verdict):
    assert claim_verdict(SUBSET, latex) == verdict


MAXIMUM = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'a'
shape = ['N']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\underset{k}{max} a_k \geq a_1", "confirmed"),
    (r"\underset{k}{min} a_k \leq a_N", "confirmed"),
    (r"\underset{k}{max} a_k \leq a_1", "refuted"),
])
def test_max_in_letters_under_underset_is_the_maximum(latex, verdict):
    assert claim_verdict(MAXIMUM, latex) == verdict


SECTIONS = TITLE + """
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[family]]
name = 'y'
shape = ['N']
role = "label"

[[family]]
name = 's'
shape = ['N']

[[section]]
line = 5
title = "pairs"

[[section.set]]
name = '\\mathcal{P}'
index = 'k'
to = 'N'
any_subset = true

[[section]]
line = 20
title = "positives of an anchor"

[[section.index]]
name = 'i'
from = 1
to = 'N'

[[section.set]]
name = '\\mathcal{P}_i'
index = 'k'
to = 'N'
where = 'k \\neq i, y_k = y_i'
"""


@pytest.mark.parametrize("line, latex, verdict", [
    # a later section takes the letter of an earlier section's set for a set with a parameter
    # (deep metric learning notes: P the pairs of one loss, P_i the positives of i in another)
    (30, r"\sum_{k \in \mathcal{P}_1} 1 = \sum_{k=2}^{N} \mathbb{1}[y_k = y_1]", "confirmed"),
    (30, r"\sum_{k \in \mathcal{P}_1} 1 = N - 1", "refuted"),
    # before that section, P is the earlier one's set
    (10, r"\sum_{k \in \mathcal{P}} 1 = |\mathcal{P}|", "proved"),
])
def test_a_section_takes_the_letter_of_a_set_for_a_set_with_a_parameter(line, latex, verdict):
    assert claim_verdict(SECTIONS, latex, line=line) == verdict


TOTAL_BEFORE_ENTRIES = TITLE + """
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[family]]
name = 'D'
shape = ['N', 'N']

[[define]]
name = '\\mathcal{L}'
line = 1
latex = '''\\mathcal{L} = \\sum_{i=1}^{N}\\sum_{j=1}^{N} \\mathcal{L}_{i,j}^2'''

[[define]]
name = '\\mathcal{L}_{i,j}'
line = 2
latex = '''\\mathcal{L}_{i,j} = D_{i,j} + 1'''
"""


@pytest.mark.parametrize("latex, verdict", [
    # the total written before the entries it sums (the lifted structured loss before the loss of a
    # pair): the name alone is the total, at every line after both, not the entries' matrix
    (r"\mathcal{L} = \sum_{i=1}^{N}\sum_{j=1}^{N} (D_{i,j}+1)^2", "proved"),
    (r"\mathcal{L} \geq \mathcal{L}_{1,1}^2", "confirmed"),
    (r"\mathcal{L}_{1,2} = D_{1,2} + 1", "proved"),
    (r"\mathcal{L} = \sum_{i=1}^{N}\sum_{j=1}^{N} (D_{i,j}+1)", "refuted"),
])
def test_a_total_defined_before_its_entries_keeps_its_name(latex, verdict):
    assert claim_verdict(TOTAL_BEFORE_ENTRIES, latex) == verdict


MEASURES = TITLE + """
[[scalar]]
name = 'x'
role = "point"

[[distribution]]
name = 'p'
of = ['x']
measure = 'P'

[[distribution]]
name = 'q'
of = ['x']
measure = 'Q'

[[section]]
line = 20
title = "the same letters, discrete"

[[section.distribution]]
name = 'p'
of = ['x']
measure = 'P'
discrete = true
"""


@pytest.mark.parametrize("latex, verdict", [
    # a section declares a distribution again with its measure (a post's proof section): the measure's
    # letter is the section's, as the density's is (was "measure 'P' already names something")
    (r"\mathrm{KL}(P \| Q) \geq 0", "confirmed"),
    (r"\mathrm{KL}(P \| Q) \leq 0", "refuted"),
])
def test_a_section_declares_a_distribution_again_with_its_measure(latex, verdict):
    assert claim_verdict(MEASURES, latex, line=30) == verdict


def test_bars_around_a_matrix_are_refused_as_a_determinant():
    # |\Sigma| in a Gaussian's density: the message spoke of the norm of a vector
    notation = TITLE + """
[[family]]
name = '\\Sigma'
shape = [2, 2]

[[scalar]]
name = 'a'
"""
    with pytest.raises(ParseError, match=r"\|…\| of the matrix '\\Sigma' \(a determinant\) is not read"):
        claim_verdict(notation, r"|\Sigma| = a")


def test_a_font_on_one_letter_without_braces_in_a_script_is_that_letter_in_the_font():
    # \mathbf J_{\mathbf x} (a post's Jacobian): the script's key was '\mathbfx' ("'\mathbf{J}_\mathbfx' is
    # not declared"), so it never met the name declared J_{\mathbf{x}}
    notation = TITLE + """
[[scalar]]
name = 'J_{\\mathbf{x}}'
"""
    assert claim_verdict(notation, r"J_{\mathbf x} = J_{\mathbf{x}}") == "proved"
    with pytest.raises(ParseError, match=r"'\\mathbf\{J\}_\{\\mathbf\{x\}\}' is not declared"):
        claim_verdict(notation, r"\mathbf J_{\mathbf x} = 0")


WEIGHTS = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'w'
shape = ['K']
domain = "positive"

[[family]]
name = 'y'
shape = ['K']
index = 'm'
equals = '\\frac{w_m}{\\sum_{k=1}^{K} w_k}'
"""


def test_a_family_given_by_weights_over_their_sum():
    # a cross entropy's target distribution: SymPy does not know the quotient real, and it was refused as
    # "not a real number at each index"
    assert claim_verdict(WEIGHTS, r"\sum_{i=1}^{K} y_i = 1") == "proved"
    for not_a_number in ("\\sqrt{-1} w_m", "w"):      # the imaginary unit; the whole vector at each index
        with pytest.raises(DerivationError, match=r"is not a real number at each index"):
            claim_verdict(WEIGHTS.replace("\\frac{w_m}{\\sum_{k=1}^{K} w_k}", not_a_number), "y_1 = y_1")


def test_a_bold_font_around_itself_is_that_font():
    # \boldsymbol{\boldsymbol{x}} (a post's slip, set by TeX as bold x) was "a font around more than a name
    # ... \boldsymbol{\boldsymbol}(…)"
    notation = TITLE + """
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = '\\boldsymbol{x}'
shape = ['d']
"""
    assert claim_verdict(notation, r"\boldsymbol{\boldsymbol{x}} = \boldsymbol{x}") == "proved"
    assert claim_verdict(notation, r"\boldsymbol{\boldsymbol{x}} = 2 \boldsymbol{x}") == "refuted"


@pytest.mark.parametrize("latex, message", [
    # a sum over pairs of a set that is no pair set: the message named i, j where u, i are written
    (r"\sum_{u,i \in S} x_u = 0", r"\\sum_\{u,i \\in S\} runs over pairs: it needs S declared as a \[\[pair_set\]\]"),
])
def test_messages_name_what_is_written(latex, message):
    notation = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[set]]
name = 'S'
to = 'n'

[[family]]
name = 'x'
shape = ['n']

[[scalar]]
name = 'a'
"""
    with pytest.raises(ParseError, match=message):
        claim_verdict(notation, latex)

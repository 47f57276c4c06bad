r"""Operators of LaTeX that no declaration gives a meaning (``\pm``, ``\circ``, ``\oplus``, ``\star``,
``\det``), the words of a sentence written between two formulas (``\text{ or }``), 's.t.' in letters and
a list's numbering inside a display are refused by name, saying what each usually means and what is read
instead.  Before, each was "'\pm' is not declared", which told the user to declare an operator as if it were
a name, or "cannot read '.' here" (found in the corpus: a pairwise loss summing over j = i ± 1, an entrywise
∘, a ⊕ of two bags, log det of a covariance, a survey's constraints, a write-up's numbered items)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'n'

[[family]]
name = 'y'
shape = ['n']

[[family]]
name = 'A'
shape = ['n', 'n']

[[scalar]]
name = 't'
"""


@pytest.mark.parametrize("latex, named", [
    (r"y_i \pm y_i = 0", r"'\pm' (plus or minus) writes two formulas at once"),
    (r"y_i \mp 1 = 0", r"'\mp' (plus or minus)"),
    (r"y_i \circ y_i = y_i^2", r"'\circ' (a composition"),
    (r"y_i \oplus y_i = 0", r"'\oplus' (a direct sum"),
    (r"y_i \otimes y_i = 0", r"'\otimes' (a direct sum"),
    (r"y_i \star y_i = y_i^2", r"'\star' between two values"),
    (r"y_i \ast y_i = y_i^2", r"'\ast' between two values"),
    (r"\log \det(A) = 0", r"'\det' (the determinant of a matrix) is not read"),
    (r"\Gamma(t) \ge 0", r"'\Gamma(…)' (the gamma function) is not read"),
    (r"\mathbb{P}(i = 1) \le 1", r"'\mathbb{P}(…)' (the probability of an event) is not read as written"),
    (r"y_i = 1 \text{ or } y_i = 0", "the word 'or' inside a formula is not read here"),
    (r"t^2 \ge 0 \quad \text{if } y_i \ge 0", "the condition after the word 'if' is not read from the formula"),
    (r"s.t. y_i = y_i", "'s.t.' (subject to) in letters is read only after the problem it constrains"),
    (r"1. y_i \le y_i", "a row numbered as an item of a list ('1.') is not read"),
    (r"t^2 \ge t \quad \text{for } t > 1", None),       # a condition after the statement: its given
])
def test_an_operator_or_a_word_is_refused_by_name(latex, named):
    if named is None:
        assert claim_verdict(NOTATION, latex) in ("proved", "confirmed")
        return
    with pytest.raises(DerivationError) as raised:
        claim_verdict(NOTATION, latex)
    assert named in str(raised.value)
    assert "is not declared" not in str(raised.value)


def test_a_star_that_marks_a_name_is_part_of_it():
    notation = NOTATION + "\n[[scalar]]\nname = 'w^\\star'\n"
    assert claim_verdict(notation, r"w^\star - w^\star = 0") == "proved"


def test_an_arrow_in_the_script_of_a_name_nothing_declares_is_a_label_not_an_event():
    with pytest.raises(DerivationError) as raised:
        claim_verdict(NOTATION, r"y_i^{1 \to 2} = y_i")
    message = str(raised.value)
    assert "'1 \\to 2' in a script labels a name" in message and "event" not in message
    declared = NOTATION + "\n[[family]]\nname = 'y^{1 \\to 2}'\nshape = ['n']\n"
    assert claim_verdict(declared, r"y_i^{1 \to 2} - y_i^{1 \to 2} = 0") == "proved"


def test_an_indicator_of_an_index_equal_to_an_arg_max_says_why_it_is_not_read():
    """𝟙[i = \\arg\\max_j s_j], the softmax's limit as τ → 0⁺ in posts: at a tie the maximiser is not one index."""
    for written in (r"\mathbb{1}[i = \arg\max_j y_j] \le 1", r"\mathbb{1}[i = \operatorname*{argmax}_j y_j] \le 1"):
        with pytest.raises(DerivationError, match="compares an index with an arg max or arg min"):
            claim_verdict(NOTATION, written)

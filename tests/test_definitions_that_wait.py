r"""A definition that uses a name a later one gives waits for it (documents define q by a Z they define
below).  While it waits, the names it gives are out of every formula's scope: a definition read
meanwhile that uses q waits too.  Before, it read q as the [[function]] the waiting q(u) = Z + u
redefines, silently, and a true A = g(u) was refuted (a blind reader's probe on a post about bounds of
mutual information); a section's declaration of q did the same."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

DECLARED_Q = """
[[function]]
name = 'q'
arguments = 1
"""

SECTION_Q = """
[[section]]
line = 5
title = "s"

[[section.function]]
name = 'q'
arguments = 1
"""

HEADER = TITLE + """
[[scalar]]
name = 'u'

[[function]]
name = 'g'
arguments = 1
"""

DEFINITIONS = """
[[define]]
name = 'q'
line = 10
latex = 'q(u) = Z + u'

[[define]]
name = 'Z'
line = 20
latex = 'Z = g(u)'

[[define]]
name = 'A'
line = 30
latex = 'A = q(u) - u'
"""


@pytest.mark.parametrize("declaration", [DECLARED_Q, SECTION_Q, ""], ids=["declared", "in-a-section", "undeclared"])
@pytest.mark.parametrize("latex, verdict", [
    ("A = g(u)", "proved"),
    ("q(u) = g(u) + u", "proved"),
    # false as written: A is g(u), not q(u)
    ("A = q(u)", "refuted"),
])
def test_a_definition_read_while_another_waits_reads_what_it_will_give(declaration, latex, verdict):
    assert claim_verdict(HEADER + declaration + DEFINITIONS, latex, line=40) == verdict


SECTIONS = TITLE + """
[[scalar]]
name = 'x'

[[section]]
line = 100
title = "first"

[[section.function]]
name = 'f'
arguments = 1

[[section]]
line = 300
title = "second"

[[section.function]]
name = 'f'
arguments = 1

[[define]]
name = 'f'
line = 120
latex = 'f(x) = x^2'

[[define]]
name = 'f'
line = 331
latex = 'f(x) = 1 + x'
"""


@pytest.mark.parametrize("line, latex, verdict", [
    # at line 327, in the second section, before its definition (line 331): that definition, not the
    # first section's (which is in force by line, but in another part of the document)
    (327, "f(x) = 1 + x", "proved"),
    (327, "f(x) = x^2", "refuted"),
    (150, "f(x) = x^2", "proved"),
    (340, "f(x) = 1 + x", "proved"),
])
def test_a_name_defined_in_two_sections_means_the_definition_of_the_line_s_section(line, latex, verdict):
    assert claim_verdict(SECTIONS, latex, line=line) == verdict


TWO_MEANINGS = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'N'

[[section]]
line = 100
title = "first"

[[section.family]]
name = 'y'
shape = ['N']

[[section]]
line = 200
title = "second"

[[section.family]]
name = 'y'
shape = ['N']

[[define]]
name = 'L'
line = 120
latex = 'L = \\sum_{i=1}^{N} y_i^2'

[[define]]
name = '\\ell'
line = 230
latex = '\\ell_i = y_i^2'
"""


def test_a_formula_that_combines_definitions_read_with_two_meanings_of_a_name_is_refused():
    # L (the labels y of one section) beside ℓ_i (the y of the next): the two y were combined silently, and
    # a true L = Σ ℓ_i (a post's SigLIP loss) was refuted
    from contrastive_sym.errors import ParseError
    with pytest.raises(ParseError, match=r"the definitions of 'L' \(line 120\) and '\\ell' \(line 230\) use y with "
                                         r"different meanings"):
        claim_verdict(TWO_MEANINGS, r"L = \sum_{i=1}^{N} \ell_i", line=250)


@pytest.mark.parametrize("latex, line, verdict", [
    (r"\ell_i = y_i^2", 250, "proved"),       # one definition, with the y of its own section
    (r"L \geq 0", 250, "confirmed"),
])
def test_each_definition_alone_reads_as_given(latex, line, verdict):
    assert claim_verdict(TWO_MEANINGS, latex, line=line) == verdict


# A lecture note's metric-learning losses: 𝓛(x_i, x_i^+) a function of a pair (line 8), the total 𝓛 of the
# pairs (line 10) by the loss 𝓛_{i,j} of each pair, defined below it (line 12).  While the total waited,
# the entries were bound over the function, not beside it: the total then read 𝓛_{i,j} as the function
# with a subscript ("takes no subscript"), and the equation below it was unreadable.
def _three_in_order(lines: tuple[int, int, int]) -> str:
    """The three definitions of 𝓛 (the function, the total, the entries) at these lines."""
    function, total, entries = lines
    return TITLE + f"""
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
from = 1
to = 'N'

[[index]]
name = 'j'
from = 1
to = 'N'

[[family]]
name = 'D'
shape = ['N', 'N']

[[define]]
name = '\\mathcal{{L}}(a)'
line = {function}
latex = '\\mathcal{{L}}(a) = a^2'

[[define]]
name = '\\mathcal{{L}}'
line = {total}
latex = '\\mathcal{{L}} = \\sum_{{i}} \\sum_{{j}} \\max(0, \\mathcal{{L}}_{{i,j}})^2'

[[define]]
name = '\\mathcal{{L}}_{{i,j}}'
line = {entries}
latex = '\\mathcal{{L}}_{{i,j}} = 1 - D_{{i,j}}'
"""


THREE_LOSSES = _three_in_order((8, 10, 12))


@pytest.mark.parametrize("latex, verdict", [
    (r"\mathcal{L} = \sum_{i} \sum_{j} \max(0, 1 - D_{i,j})^2", "proved"),
    (r"\mathcal{L}_{1,2} = 1 - D_{1,2}", "proved"),
    # false as written: the square is outside the hinge
    (r"\mathcal{L} = \sum_{i} \sum_{j} \max(0, (1 - D_{i,j})^2)", "refuted"),
])
def test_entries_defined_while_the_total_waits_go_beside_a_function_of_the_name(latex, verdict):
    assert claim_verdict(THREE_LOSSES, latex, line=20) == verdict


@pytest.mark.parametrize("latex", [r"\mathcal{L}(3) = 9", r"\mathcal{L}(3) = 3 \mathcal{L}"])
def test_one_argument_of_a_name_both_a_function_and_a_number_is_refused(latex):
    # the total L is a number and L(a) a function: L(3) is L at 3 or 3 times the total (a probe found the
    # Bernoulli variance p(1 - p) = 0.21 refuted beside a function p(a), silently read at 1 - p)
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match=r"ambiguous: \\mathcal\{L\} is defined as a number \(line 10\) and "
                                              r"as a function \(line 8\)"):
        claim_verdict(THREE_LOSSES, latex, line=20)


@pytest.mark.parametrize("lines", [(8, 10, 12), (8, 12, 10), (10, 8, 12), (10, 12, 8), (12, 8, 10), (12, 10, 8)])
@pytest.mark.parametrize("latex, verdict", [
    (r"\mathcal{L} = \sum_{i} \sum_{j} \max(0, 1 - D_{i,j})^2", "proved"),
    (r"\mathcal{L}_{1,2} = 1 - D_{1,2}", "proved"),
    (r"\mathcal{L}_{1,2} = D_{1,2}", "refuted"),
])
def test_a_function_the_total_and_the_entries_of_one_name_read_in_any_order(lines, latex, verdict):
    # a probe found the function defined after the entries ("'a' is not declared": its head read as a use of
    # the entries) stopping every claim of the document
    assert claim_verdict(_three_in_order(lines), latex, line=20) == verdict


NUMBER_AND_FUNCTION = TITLE + """
[[scalar]]
name = 'x'

[[define]]
name = 'p'
line = 10
latex = 'p = 0.3'
"""


@pytest.mark.parametrize("beside", [
    "[[define]]\nname = 'pa'\nline = 12\nlatex = 'p(a) = a^2 + 1'\n",
    "[[function]]\nname = 'p'\narguments = 1\n",        # a declared function was dropped silently
])
@pytest.mark.parametrize("latex", [r"p(1-p) = 0.21", r"p[1-p] = 0.21", r"p\left[1-p\right] = 1.49", r"p(0.7) = 0.21"])
def test_a_name_both_a_number_and_a_function_is_ambiguous_before_any_group(beside, latex):
    # a probe found p[1 - p] read silently as the function (brackets were not looked at), and a declared
    # [[function]] p beside p = 0.3 dropped: p(0.7) = 0.21 proved
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match="ambiguous: p is defined as a number"):
        claim_verdict(NUMBER_AND_FUNCTION + beside, latex, line=20)


@pytest.mark.parametrize("beside", ["[[define]]\nname = 'pa'\nline = 12\nlatex = 'p(a) = a^2 + 1'\n",
                                    "[[function]]\nname = 'p'\narguments = 1\n"])
def test_the_product_written_with_a_dot_is_the_number_s(beside):
    assert claim_verdict(NUMBER_AND_FUNCTION + beside, r"p \cdot (1 - p) = 0.21", line=20) == "proved"


SIGMA_BESIDE_THE_LOGISTIC = TITLE + r"""
[[operator]]
name = '\sigma'
meaning = "logistic"

[[define]]
name = 's'
line = 10
latex = '\sigma = 0.5'
"""


def test_a_declared_operator_beside_a_number_of_its_name_is_kept_and_one_argument_is_ambiguous():
    # \sigma(0) = 0 was proved (0.5 times 0), the declared logistic dropped silently
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match=r"declared \[\[operator\]\]"):
        claim_verdict(SIGMA_BESIDE_THE_LOGISTIC, r"\sigma(0) = 0", line=20)
    assert claim_verdict(SIGMA_BESIDE_THE_LOGISTIC, r"2 \sigma = 1", line=20) == "proved"

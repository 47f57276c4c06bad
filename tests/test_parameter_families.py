r"""A family of functions indexed by an expression of a parameter (the Gumbel CDF of location
log α, ``F_{\log \alpha}(g) = \exp(-\exp(-g + \log \alpha))``), used at other values of it:
``F_{\log \alpha_0}(g)``, ``F_{\log(\alpha_0 + \alpha_1)}(g)``, ``f_{\log Z}(g)``.  The use's subscript
matches the definition's term by term; a value not known to keep the parameter's declared sign,
or a use that fits two definitions, is refused.  And a definition that uses a family a section
declares anew is not read beside that section's family in one formula (two meanings of α_i)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

NOTATION = '''
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
from = 1
to = 'n'

[[scalar]]
name = '\\alpha'
domain = "positive"

[[scalar]]
name = 'g'

[[scalar]]
name = 'c'

[[family]]
name = 'a'
shape = ['n']
domain = "positive"

[[family]]
name = 'b'
shape = ['n']

[[define]]
name = 'F'
line = 2
latex = 'F_{\\log \\alpha}(g) = \\exp(-\\exp(-g + \\log \\alpha))'

[[define]]
name = 'f'
line = 3
latex = 'f_{\\log \\alpha}(g) = \\exp(-g + \\log \\alpha) F_{\\log \\alpha}(g)'

[[define]]
name = 'Z'
line = 4
latex = 'Z = \\sum_{i=1}^n a_i'
'''


def verdicts(*claims: str, notation: str = NOTATION, line: int = 10) -> list[str]:
    text = notation + "".join(f"\n[[claim]]\nid = \"c{n}\"\nline = {line + n}\ntitle = \"c\"\nlatex = '''{c}'''\n"
                              for n, c in enumerate(claims))
    return [c.outcome.verdict.value for c in verify_text(text).documents[0].claims]


def test_a_member_of_the_family_is_the_definition_at_the_value_its_subscript_writes():
    assert verdicts(
        r"F_{\log a_1}(g) = \exp(-a_1 e^{-g})",
        # the product of two Gumbel CDFs is the CDF of the sum of their rates
        r"F_{\log a_1}(g) F_{\log a_2}(g) = F_{\log(a_1 + a_2)}(g)",
        r"F_{\log a_1}(g) F_{\log a_2}(g) = F_{\log(a_1 a_2)}(g)",
        # the density of a member, with the CDF it writes at the same value
        r"f_{\log a_i}(g) = a_i e^{-g} F_{\log a_i}(g)",
        r"f_{\log Z}(g) = Z e^{-g} \exp(-Z e^{-g})",
        r"f_{\log Z}(g) = e^{-g} \exp(-Z e^{-g})",
    ) == ["proved", "proved", "refuted", "proved", "proved", "refuted"]


@pytest.mark.parametrize("claim, words", [
    # b_1 may be negative: the definition was read with α > 0 (exp(log α) is α there)
    (r"F_{\log b_1}(g) = 1", "not known to keep the declared sign of alpha"),
    # no term-by-term match of log α: not solved as an equation
    (r"F_{2}(g) = 1", "'F_2' is not declared"),
    (r"F_{\log c}(g) = 1", "not known to keep the declared sign of alpha"),
])
def test_a_use_that_does_not_fit_is_refused(claim, words):
    with pytest.raises(DerivationError) as info:
        verdicts(claim)
    assert words in str(info.value)


SECTIONED = '''
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
from = 1
to = 'n'

[[scalar]]
name = '\\alpha'
domain = "positive"

[[family]]
name = '\\alpha'
shape = ['n']
domain = "positive"

[[define]]
name = 'Z'
line = 4
latex = 'Z = \\sum_{i=1}^n \\alpha_i'

[[section]]
line = 20
title = "two rates"
[[section.family]]
name = '\\alpha'
shape = [2]
from = 0
domain = "positive"
'''


def test_a_definition_of_a_family_a_section_declares_anew_is_not_read_beside_the_new_one():
    # Z is of the α_i declared at the top; after line 20, α_i is the section's: Z = α_0 + α_1 would hold
    # two meanings of α in one formula (it was refuted at n = 1, as if Z were the new α's sum)
    with pytest.raises(DerivationError) as info:
        verdicts(r"Z = \alpha_0 + \alpha_1", notation=SECTIONED, line=30)
    assert "'Z' is defined at line 4" in str(info.value) and "declares" in str(info.value)
    # before the section it reads
    assert verdicts(r"Z = \sum_{i=1}^n \alpha_i", notation=SECTIONED) == ["proved"]


def test_a_command_after_a_letter_is_a_name_written():
    # ^n\alpha_i once the spaces are gone: the n is the sum's bound, \alpha a name of its own
    from contrastive_sym.latex.spelling import names_written
    assert names_written(r"Z = \sum_{i=1}^n \alpha_i", r"\alpha", index=True)
    assert names_written(r"x \alpha", r"\alpha")
    assert not names_written(r"\\alpha", r"\alpha") and not names_written(r"\alphabet", r"\alpha")
    assert not names_written(r"ab", "b")      # a letter glued to another is part of a longer name


POINTS = '''
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
from = 1
to = 'N'

[[scalar]]
name = 'q'
role = "point"

[[scalar]]
name = 'd'
role = "point"

[[function]]
name = 's'
arguments = 2
domain = "positive"

[[define]]
name = 'l'
line = 4
latex = 'l(q, d) = -\\log s(q, d)'

[[section]]
line = 20
title = "a batch of queries"
[[section.family]]
name = 'q'
shape = ['N']
role = "point"
'''


def test_a_definition_of_points_is_used_at_the_points_a_section_declares():
    # l(q, d) takes its points as parameters: the q a section declares anew is put in their place (it
    # was cut off once the entries q_i counted as writing q)
    assert verdicts(r"l(q_i, d) = -\log s(q_i, d)", r"l(q_i, d) = \log s(q_i, d)", notation=POINTS,
                    line=30) == ["proved", "refuted"]


SOFTMAX = '''
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
from = 1
to = 'n'

[[index]]
name = 'j'
from = 1
to = 'n'

[[index]]
name = 'k'
from = 1
to = 'n'

[[family]]
name = '\\mathbf{z}'
shape = ['n']

[[scalar]]
name = 'c'

[[define]]
name = 'sigma'
line = 2
latex = '\\sigma(\\mathbf{z})_j = \\frac{e^{z_j}}{\\sum_k e^{z_k}}'
'''


def test_a_function_defined_component_by_component_is_used_at_another_index():
    # the softmax defined at its component j (a post's σ(z)_j), used at i: it was "'σ' alone is not defined"
    assert verdicts(
        r"\sigma(\mathbf{z})_i = \frac{e^{z_i}}{\sum_k e^{z_k}}",
        r"\sigma(\mathbf{z})_i = \frac{e^{z_j}}{\sum_k e^{z_k}}",
        r"\sum_{i=1}^n \sigma(\mathbf{z})_i = 1",
        r"\sigma(\mathbf{z} + c)_i = \sigma(\mathbf{z})_i",
        r"\frac{\partial \sigma(\mathbf{z})_i}{\partial z_j} = \sigma(\mathbf{z})_i (\delta_{ij} - \sigma(\mathbf{z})_j)",
        r"\frac{\partial \sigma(\mathbf{z})_i}{\partial z_j} = \sigma(\mathbf{z})_i (1 - \sigma(\mathbf{z})_j)",
        notation=SOFTMAX) == ["proved", "refuted", "proved", "proved", "confirmed", "refuted"]


def test_a_name_glued_after_a_script_or_a_space_is_written():
    # ^na_i and _ia_i once the spaces are gone, \log a: the a is written (the probe's W1: a definition of the
    # old a_i beside a section's a_i was not cut off, and a true identity was refuted)
    from contrastive_sym.latex.spelling import names_written
    for text in (r"\sum_{i=1}^n a_i", r"\sum_i a_i", r"\log a_i", r"\sum_ia_i", "x a"):
        assert names_written(text, "a", index=True), text
    for text in (r"\lambda", r"\sqrt{x}", "q_i", "ab"):
        assert not names_written(text, "a" if "a" in text else "q"), text


def test_two_parameters_a_use_fits_either_way_are_refused():
    # K_{\log(\alpha + \beta)} used at \log(a_1 + \beta): α = a_1 or α = β (a sum commutes); it was matched in
    # SymPy's order and refuted
    notation = NOTATION + """
[[scalar]]
name = '\\beta'
domain = "positive"

[[define]]
name = 'K'
line = 5
latex = 'K_{\\log(\\alpha+\\beta)}(g) = \\alpha - \\beta + g'
"""
    with pytest.raises(DerivationError, match="either way round"):
        verdicts(r"K_{\log(a_1+\beta)}(g) = a_1 - \beta + g", notation=notation)


def test_a_letter_in_a_font_or_under_an_accent_is_another_name():
    # the bold z of \mathbf{z}_i is not the italic z a definition uses: the two definitions of one formula were
    # refused as "z and s use d with different meanings" once s after \partial counted as written
    from contrastive_sym.latex.spelling import names_written
    assert not names_written(r"\mathbf{z}_i", "z", index=True) and names_written(r"\mathbf{z}_i", r"\mathbf{z}", index=True)
    assert not names_written(r"\hat{z}", "z") and names_written(r"z + \hat{z}", "z")
    assert not names_written(r"p_{\text{noise}} ^ {+}", r"p_{\text{noise}}")     # a script after a space is still its


def test_a_definition_of_a_family_of_one_letter_is_cut_off_beside_a_section_s_entries():
    # the probe's W1 with a family of one letter: \sum_{i=1}^n a_i and \sum_i a_i write a_i after ^n and _i;
    # Z of the old a was read beside the section's a and Z = \sum a_i refuted
    notation = SECTIONED.replace("'\\alpha'", "'a'").replace("\\alpha_i", "a_i").replace(
        "shape = [2]\nfrom = 0", "shape = ['n']")
    for claim in (r"Z = \sum_{i=1}^n a_i", r"Z = \sum_i a_i"):
        with pytest.raises(DerivationError, match="'Z' is defined at line 4"):
            verdicts(claim, notation=notation, line=30)
    from contrastive_sym.latex.spelling import names_written
    assert names_written(r"\sum_{i=1}^n a_i", "a", entry=True) and not names_written("a^+ + a'", "a", entry=True)

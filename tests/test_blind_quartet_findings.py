r"""What the documents added blind this session wrote, read as a reader reads it: ``\boxed{…}`` around
a result, cases set as a matrix with empty cells and a cell 'if', and a definition of one entry of a
declared family (t_2 = 1 - t_1), refused: a sum over the entries would still take the declared one."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'C'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'C'

[[index]]
name = 'j'
to = 'C'

[[family]]
name = 't'
shape = ['C']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\boxed{t_1 + t_2 = t_2 + t_1}", "proved"),
    (r"t_1 + \boxed{t_2} = t_2 + t_1", "proved"),
    (r"\boxed{\sum_{i=1}^{C} t_i = \sum_{j=1}^{C} t_j} \tag{4}", "proved"),
    # false as written, boxed or not
    (r"\boxed{t_1 = t_2}", "refuted"),
])
def test_a_boxed_formula_is_the_formula(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


INDICATOR = r"\left\{\begin{matrix} & 1 & & if & j = i \\ & 0 & & if & j \neq i \end{matrix}\right."


@pytest.mark.parametrize("latex, verdict", [
    (rf"\sum_{{j=1}}^{{C}} {INDICATOR} = 1", "proved|confirmed"),
    (rf"\sum_{{j=1}}^{{C}} t_j {INDICATOR} = t_i", "proved|confirmed"),
    # false as written: one term of the sum, not C
    (rf"\sum_{{j=1}}^{{C}} {INDICATOR} = C", "refuted"),
])
def test_cases_set_as_a_matrix_with_empty_cells_and_if(latex, verdict):
    assert claim_verdict(NOTATION, latex) in verdict.split("|")


def test_a_row_of_a_matrix_cases_with_three_filled_cells_is_refused():
    with pytest.raises(ParseError):
        claim_verdict(NOTATION, r"\left\{\begin{matrix} 1 & 2 & j = i \\ 0 & 3 & j \neq i \end{matrix}\right. = 1")


def test_a_definition_of_one_entry_of_a_declared_family_is_refused():
    text = NOTATION + """
[[define]]
name = 't_2'
line = 3
latex = 't_2 = 1 - t_1'
"""
    with pytest.raises(ParseError, match=r"'t_2' is an entry of the declared \[\[family\]\] t: a definition of one "
                                         r"entry is not read \(a sum over the entries would still take the declared "
                                         r"one\); give the value a name of its own"):
        claim_verdict(text, r"\sum_{i=1}^{2} t_i = 1")


POINT = TITLE + """
[[scalar]]
name = 'x'
role = "point"

[[function]]
name = 'u'
arguments = 1

[[define]]
name = 'g_x'
line = 3
latex = 'g_x = u(x)'
"""


@pytest.mark.parametrize("latex, verdict", [
    ("g_x = u(x)", "proved"),
    ("g_x + 1 = u(x) + 1", "proved"),
    # false as written
    ("g_x = 2 u(x)", "refuted"),
])
def test_a_name_with_a_data_point_as_its_subscript_is_one_value_at_that_point(latex, verdict):
    # it took the point for an index of entries, and every claim ended in "NameError: name 'x' is not defined"
    assert claim_verdict(POINT, latex) == verdict


VECTORS = TITLE + """
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['d']

[[family]]
name = 'w'
shape = ['d']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\parallel x \parallel^2 = x \cdot x", "proved"),
    (r"\parallel x \parallel \parallel w \parallel \geq x \cdot w", "confirmed"),
    # false as written: Cauchy-Schwarz has no factor 2
    (r"\parallel x \parallel \parallel w \parallel \geq 2 x \cdot w", "refuted"),
])
def test_parallel_bars_around_a_vector_are_its_norm(latex, verdict):
    # they were "'\parallel' alone in parentheses is read only between the two arguments of the KL divergence"
    assert claim_verdict(VECTORS, latex) == verdict


@pytest.mark.parametrize("shape", ["['K', 'N']", "['K']"])
def test_a_family_under_the_name_of_a_scalar_is_refused_unless_it_is_its_batch(shape):
    # a scalar t beside a table t_{j,i} read t as the table, silently: t + 1 was "a matrix added to a number"
    text = TITLE + f"""
[[size]]
name = 'K'
minimum = 1
checked = [1, 2]

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 't'

[[family]]
name = 't'
symbol = 'tt'
shape = {shape}
"""
    if shape == "['K']":        # one scalar's batch, t_k beside t: two quantities, as documented
        assert claim_verdict(text, "t + t_1 = t_1 + t") == "proved"
        return
    with pytest.raises(Exception, match=r"family t: the name is declared already, as a \[\[scalar\]\], and a "
                                        r"family of 2 dimensions beside it is not one of the pairs told apart"):
        claim_verdict(text, "t = t")


def test_a_brace_labelled_with_what_its_term_equals_is_a_note_said_in_the_reading():
    # \underbrace{I(X_{2:K}; Y \mid X_1)}_{=0} was "unexpected '='; expected '(', '[', '\|', '{'"
    from contrastive_sym.pipeline import verify_text
    from document_claims import with_claim
    latex = r"\sum_{i=1}^{C} t_i = \underbrace{t_1 - t_1}_{=0} + \sum_{i=1}^{C} t_i"
    claim = verify_text(with_claim(NOTATION, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == "proved"
    assert claim.claim.reading == "the label {=0} of a brace is a note: that its term is so is not checked"
    # the term is read, not the label: a false chain stays false
    assert claim_verdict(NOTATION, r"\underbrace{t_1 - t_2}_{=0} = 0") == "refuted"


@pytest.mark.parametrize("latex", [r"\exp(t_1) / \sum_i \exp(t_i) \leq 1", r"1/ \sum_i e^{t_i} > 0"])
def test_a_sum_after_a_slash_divides(latex):
    # it was "'\sum' is not declared", then refused; a blind reader's InfoNCE gradient note writes
    # exp(s_ij/τ)/\sum_k exp(s_ik/τ): the sum of its one factor divides (tests/test_quotients_by_a_sum.py)
    assert claim_verdict(NOTATION, latex) in ("proved", "confirmed")


def test_a_sum_with_no_body_after_a_slash_is_refused_saying_why():
    with pytest.raises(ParseError, match=r"'\\sum' has no body where it stands \(after '/' a sum takes one factor"):
        claim_verdict(NOTATION, r"\frac{t_1}{\sum} = 1")


TRIG = TITLE + r"""
[[scalar]]
name = '\theta'

[[scalar]]
name = 's'
domain = "positive"
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"cos(\theta)^2 + sin(\theta)^2 = 1", "proved"),
    (r"s \cdot cos(\theta) \le s", "confirmed"),
    (r"cos(2\theta) = 2cos(\theta)^2 - 1", "proved"),
    # false as written: the post's cos 3θ with cos² where cos³ is meant
    (r"cos(3\theta) = 4cos(\theta)^2 - 3cos(\theta)", "refuted"),
])
def test_cos_sin_and_tanh_in_letters_are_the_functions(latex, verdict):
    # 's(\theta)': s is a declared scalar …: the c and o of cos were never mentioned
    assert claim_verdict(TRIG, latex) == verdict


@pytest.mark.parametrize("name", ["NLL", "Loss"])
@pytest.mark.parametrize("latex, verdict", [
    ("NAME_i \\geq 0", "confirmed"),
    ("\\sum_i NAME_i = \\sum_i t_i^2", "proved"),
    ("NAME_1 = t_1^2", "proved"),
    # false as written
    ("NAME_i = t_i", "refuted"),
])
def test_a_name_of_several_letters_defined_entry_by_entry(name, latex, verdict):
    # Loss_i = … was "the left side of a definition must be a name" (a blog post on angular-margin losses)
    text = NOTATION + f"""
[[define]]
name = '{name}_i'
line = 3
latex = '{name}_i = t_i^2'
"""
    assert claim_verdict(text, latex.replace("NAME", name)) == verdict


def test_an_expectation_over_a_function_says_what_an_expectation_draws():
    # it said "'\mathcal T' in \mathbb{E}_{(…)} is not a declared point, once"
    text = TITLE + """
[[scalar]]
name = 'x'
role = "point"

[[function]]
name = 'g'
arguments = 1

[[distribution]]
name = 'p'
of = ['x']
"""
    with pytest.raises(ParseError, match=r"'g' under \\mathbb\{E\} is not a declared data point: an expectation "
                                         r"draws data points"):
        claim_verdict(text, r"\mathbb{E}_{x, g}[g(x)] = \mathbb{E}_{x, g}[g(x)]")


def test_conditions_of_definedness_that_differ_by_size_are_said_per_size():
    # "(U_1 - V_1)^2 + (U_2 - V_2)^2 > 0 and U_1 - V_1 ≠ 0": joined by "and", the condition of n = 1 was
    # demanded at n = 2 too (a library's derivation of the Euclidean contrastive loss's gradient)
    from document_claims import the_only_claim, with_claim
    text = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'n'

[[family]]
name = 'U'
shape = ['n']

[[family]]
name = 'V'
shape = ['n']

[[define]]
name = 'D'
line = 2
latex = 'D = \\sqrt{(U_1 - V_1)^2 + \\ldots + (U_n - V_n)^2}'
"""
    outcome = the_only_claim(with_claim(text, r"\frac{\partial D}{\partial U_i} = \frac{U_i - V_i}{D}")).outcome
    assert outcome.verdict.value == "conditional"
    assert outcome.condition == "U_1 - V_1 ≠ 0 at n=1; Σ_{k=1}^{n} (U_k - V_k)² > 0 at n=2 and at n=3"


@pytest.mark.parametrize("name", [r"S_{neg}", r"S_\text{neg}", r"A_{neg}"])
@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{j \in SET} t_j = \sum_{j=1}^{C} t_j - t_2", "confirmed"),
    (r"|SET| = C - 1", "confirmed"),
    # false as written: the set leaves out j = 2
    (r"\sum_{j \in SET} t_j = \sum_{j=1}^{C} t_j", "refuted"),
])
def test_a_set_named_with_a_subscript_keeps_its_condition_under_a_sum(name, latex, verdict):
    # \sum_{j \in S_{neg}} ran over every j (its condition j ≠ 2 dropped): a true identity was refuted
    text = NOTATION + f"""
[[set]]
name = '{name}'
index = 'm'
to = 'C'
where = 'm \\neq 2'
"""
    assert claim_verdict(text, latex.replace("SET", name)) == verdict


@pytest.mark.parametrize("latex, verdict", [
    (r"t_1 + t_2 \newline = t_2 + t_1", "proved"),
    (r"\sum_{j=1}^{C} \left\{\begin{array}{ll} 1 & j = i \newline 0 & j \neq i \end{array}\right. = 1", "proved|confirmed"),
    # false as written
    (r"t_1 \newline = t_2", "refuted"),
])
def test_newline_breaks_a_row_as_mathjax_reads_it(latex, verdict):
    # two rows of cases joined by \newline were one row with two '&' (a Korean review of CPC)
    assert claim_verdict(NOTATION, latex) in verdict.split("|")


WORDS = TITLE + r"""
[[size]]
name = 'V'
minimum = 2
checked = [2, 3]

[[index]]
name = 'w'
to = 'V'

[[family]]
name = 'y'
shape = ['V']

[[set]]
name = 'Vocab'
to = 'V'

[[scalar]]
name = 'x'

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'u'
shape = ['d']

[[define]]
name = '\sigma'
line = 2
latex = '\sigma(x) = \frac{1}{1 + e^{-x}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    # a set named by a run of letters (it was "'Vocab' is not a declared [[set]]"), with an empty upper limit
    (r"\sum_{w\in Vocab} y_w = \sum_{w=1}^{V} y_w", "proved"),
    (r"\sum_{w\in{Vocab}}^{} y_w = \sum_{w=1}^{V} y_w", "proved"),
    (r"|Vocab| = V", "proved"),
    (r"\sum_{w\in Vocab} y_w = y_1", "refuted"),
    # a function defined at a declared scalar, at a dot product (it was "defined for (x), not (u^\topu)")
    (r"\sigma(u^\top u) = \frac{1}{1 + e^{-u \cdot u}}", "proved"),
    (r"\sigma(u \cdot u) > 0", "confirmed"),
    (r"\sigma(u^\top u) = \frac{1}{1 + e^{u \cdot u}}", "refuted"),
])
def test_a_word2vec_write_up_as_written(latex, verdict):
    assert claim_verdict(WORDS, latex) == verdict


@pytest.mark.parametrize("latex, verdict", [
    (r"\frac{\partial L}{\partial q_j} = -\frac{p_j}{q_j}", "confirmed"),
    # false as written: the sign
    (r"\frac{\partial L}{\partial q_j} = \frac{p_j}{q_j}", "refuted"),
])
def test_a_derivative_by_a_definition_beside_a_family_given_by_equals(latex, verdict):
    # "∂/∂q: p is declared, not defined by a formula, so it cannot be read in terms of q" (p given by equals)
    text = NOTATION + r"""
[[family]]
name = 'p'
shape = ['C']
index = 'm'
equals = '\frac{1}{C}'

[[define]]
name = 'q_i'
line = 1
latex = 'q_i = \frac{e^{t_i}}{\sum_j e^{t_j}}'

[[define]]
name = 'L'
line = 2
latex = 'L = -\sum_j p_j \ln q_j'
"""
    assert claim_verdict(text, latex) == verdict

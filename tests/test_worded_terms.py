r"""A family named by a word and defined entry by entry (``\mathcal{L}^{sup}_{out,i} = …``, SupCon's
per-anchor losses), and a total whose terms a chain names under its own letter (``\mathcal{L} =
\sum_i \mathcal{L}_i = \sum_i …``): both as papers write them, both read as a reader takes them, each
reading said.  Also the smaller things probing standard displays found: an operator set in bold
(``z_i \boldsymbol{\cdot} z_p``), a name declared in another font, a condition ``\|z\| = 1``."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

NOTATION = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
    index=[{"name": "i", "from": "1", "to": "2N"}],
    family=[{"name": "x", "shape": ["2N"]}],
)


def verdict(statement: str, kind: str = "identity", **changes) -> str:
    return check_statement(statement, kind, **dict(NOTATION, **changes)).verdict.value


@pytest.mark.parametrize("head", [r"\mathcal{L}^{sup}_{out,i}", r"\mathcal{L}_{out,i}^{sup}",
                                  r"\mathcal{L}^{sup}_{\text{out},i}", r"\mathcal{L}^{sup}_{i,out}"])
def test_a_word_beside_an_index_in_a_head_defines_the_entries_of_the_worded_family(head):
    define = [{"name": "L", "line": 1, "latex": head + r" = \frac{-1}{2} x_i"}]
    written = head.replace(",i", ",1").replace("i,", "1,")
    assert verdict(written + r" = -\frac{x_1}{2}", define=define) == "proved"
    assert verdict(written + r" = -\frac{x_2}{2}", define=define) == "refuted"
    # the entries are those of the word's family only: the name alone is not defined
    with pytest.raises(DerivationError):
        verdict(r"\mathcal{L}^{sup} = 0", define=define)


def test_an_undeclared_index_of_a_worded_head_is_one_its_body_uses():
    # j is declared nowhere; the body uses it, so it is the entry's index
    define = [{"name": "L", "line": 1, "latex": r"\ell_{pos,j} = x_j^2"}]
    assert verdict(r"\ell_{pos,2} = x_2^2", define=define) == "proved"
    # a letter the body does not use stays part of a name nothing declares
    unused = [{"name": "L", "line": 1, "latex": r"\ell_{pos,j} = x_1"}]
    with pytest.raises(DerivationError) as caught:
        verdict(r"\ell_{pos,2} = x_1", define=unused)
    assert "is not declared" in str(caught.value)


def test_a_run_of_declared_indices_is_never_a_word():
    # {ij,k}: indices i and j beside k, not the word "ij" (refused, as before, not misread)
    notation = dict(NOTATION, index=NOTATION["index"] + [{"name": "j", "from": "1", "to": "2N"},
                                                          {"name": "k", "from": "1", "to": "2N"}])
    define = [{"name": "c", "line": 1, "latex": r"c_{ij,k} = x_k"}]
    with pytest.raises(DerivationError):
        check_statement(r"c_{ij,1} = x_1", define=define, **notation)


@pytest.mark.parametrize("term", [r"\mathcal{L}_{i}", r"\ell_i"])
def test_a_chain_names_the_term_of_a_total_under_its_own_letter(term):
    # L = \sum_i L_i = \sum_i body: the total alone, its terms beside it (was "defined twice")
    define = [{"name": "L", "line": 1, "latex": rf"\mathcal{{L}} = \sum_{{i=1}}^{{2N}} {term} = "
                                                 r"\sum_{i=1}^{2N} \frac{-1}{2} x_i"}]
    one = term.replace("{i}", "{1}").replace("_i", "_1")
    assert verdict(r"\mathcal{L} = -\frac{1}{2} \sum_{i=1}^{2N} x_i", define=define) == "proved"
    assert verdict(one + r" = -\frac{1}{2} x_1", define=define) == "proved"
    assert verdict(one + r" = -\frac{1}{2} x_2", define=define) == "refuted"


SUPCON = r"""<!-- contrastive-verify
id = "supcon"
title = "SupCon's two losses, as the paper writes them"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[scalar]]
name = '\tau'
domain = "positive"
role = "scale"

[[family]]
name = '\boldsymbol{z}'
shape = ['2N', 'd']
role = "unit"

[[family]]
name = '\tilde{y}'
shape = ['2N']
role = "label"

[[index]]
name = 'i'
from = 1
to = '2N'

[[set]]
name = 'I'
from = 1
to = '2N'

[[set]]
name = 'A(i)'
index = 'a'
from = 1
to = '2N'
where = 'a \neq i'

[[set]]
name = 'P(i)'
index = 'p'
from = 1
to = '2N'
where = 'p \neq i, \tilde{y}_p = \tilde{y}_i'
nonempty = true
-->

<!-- define: name = '\mathcal{L}^{sup}_{out}' -->
$$
\mathcal{L}^{sup}_{out} = \sum_{i \in I} \mathcal{L}^{sup}_{out,i} = \sum_{i \in I} \frac{-1}{|P(i)|} \sum_{p \in P(i)} \log \frac{\exp\left(\boldsymbol{z}_i \boldsymbol{\cdot} \boldsymbol{z}_p / \tau\right)}{\sum\limits_{a \in A(i)} \exp\left(\boldsymbol{z}_i \boldsymbol{\cdot} \boldsymbol{z}_a / \tau\right)}
$$

<!-- define: name = '\mathcal{L}^{sup}_{in}' -->
$$
\mathcal{L}^{sup}_{in} = \sum_{i \in I} \mathcal{L}^{sup}_{in,i} = \sum_{i \in I} - \log \left\{ \frac{1}{|P(i)|} \sum_{p \in P(i)} \frac{\exp\left(\boldsymbol{z}_i \boldsymbol{\cdot} \boldsymbol{z}_p / \tau\right)}{\sum\limits_{a \in A(i)} \exp\left(\boldsymbol{z}_i \boldsymbol{\cdot} \boldsymbol{z}_a / \tau\right)} \right\}
$$

<!-- claim: id = "jensen", kind = "inequality" -->
$$
\mathcal{L}^{sup}_{in} \leq \mathcal{L}^{sup}_{out}
$$

<!-- claim: id = "per-anchor", kind = "inequality" -->
$$
\mathcal{L}^{sup}_{in,1} \leq \mathcal{L}^{sup}_{out,1}
$$

<!-- claim: id = "reversed", kind = "inequality" -->
$$
\mathcal{L}^{sup}_{in} \geq \mathcal{L}^{sup}_{out}
$$
"""


def test_supcon_as_the_paper_writes_it_reads_and_jensen_is_decided(capsys):
    result = verify_text(SUPCON, suffix=".md")
    verdicts = {c.claim.id: c.outcome.verdict.value for c in result.documents[0].claims}
    assert verdicts["jensen"] == "confirmed" and verdicts["per-anchor"] == "confirmed"
    assert verdicts["reversed"] == "refuted"
    # every chain of the two definitions (Σ L_i = Σ body) is checked, not assumed
    assert {v for k, v in verdicts.items() if k.endswith("-chain")} == {"proved"}
    warnings = capsys.readouterr().err
    assert r"out is a word of the name \mathcal{L}^{sup}_{out}, whose entry (i) the row defines" in warnings


def test_an_operator_in_bold_is_the_operator():
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])
    assert check_statement(r"u \boldsymbol{\cdot} v = u \cdot v", **notation).verdict.value == "proved"
    assert check_statement(r"u \mathbf{\cdot} v = u^\top v", **notation).verdict.value == "proved"


@pytest.mark.parametrize("declared, shape, written, hint", [
    ("z", ["N"], r"\boldsymbol{z}_1", "(z is declared: a name in another font is another name"),
    # rows of vectors in bold: x_1 in italic is no entry of a vector (tests/test_vector_functions_by_components.py)
    (r"\mathbf{x}", ["N", "N"], "x_1", r"(\mathbf{x} is declared: a name in another font"),
])
def test_a_name_declared_in_another_font_is_named_in_the_error(declared, shape, written, hint):
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1]}],
                    family=[{"name": declared, "shape": shape}])
    with pytest.raises(DerivationError) as caught:
        check_statement(written + " = 0", **notation)
    assert hint in str(caught.value)


def test_a_unit_norm_condition_points_at_the_unit_role():
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\|u - v\|^2 = 2 - 2 u^\top v", claim={"given": [r"\|u\| = 1"]}, **notation)
    assert 'role = "unit" on their [[family]] or [[function]]' in str(caught.value)


def test_messages_quote_the_latex_with_one_backslash():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\mathcal{F} + a = 0", function=[{"name": r"\mathcal{F}", "arguments": 1}],
                        scalar=[{"name": "a"}])
    assert r"'\mathcal{F}' names a function or family" in str(caught.value)


def test_a_family_defined_entry_by_entry_written_alone_asks_for_an_entry():
    define = [{"name": "L", "line": 1, "latex": r"\mathcal{L}^{sup}_{out,i} = x_i"}]
    with pytest.raises(DerivationError) as caught:
        verdict(r"\mathcal{L}^{sup}_{out} = 0", define=define)
    assert r"'\mathcal{L}^{sup}_{out}' is defined entry by entry: write an entry (at i), or their sum" \
        in str(caught.value)


def test_an_undeclared_variable_is_named_with_how_to_declare_it():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\sigma(-x) = 1 - \sigma(x)",
                        define=[{"name": "s", "line": 1, "latex": r"\sigma(t) = \frac{1}{1 + e^{-t}}"}])
    assert "'x' is not declared (declare it: a real variable as a [[scalar]], a vector as a [[family]] with " \
           "shape = ['d'])" in str(caught.value)


@pytest.mark.parametrize("written", [r"\operatorname{sim}", r"\text{sim}", r"\mathrm{sim}"])
def test_an_undeclared_similarity_says_how_papers_define_it(written):
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1]}],
                    family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(written + r"(u, v) \leq 1", "inequality", **notation)
    assert r"define it as the document does, for the cosine similarity \mathrm{sim}(u, v) = " in str(caught.value)


def test_a_letter_of_the_name_beside_an_index_is_part_of_the_name():
    # DCL's q_{B,i} (B for the batch): B is declared nowhere and the body does not use it, so it is
    # a letter of the name q_B, whose entry i the row defines; read as a family over (B, i) before,
    # every use then failed on B
    define = [{"name": "q", "line": 1, "latex": r"q_{B,i}^{(1)} = 1 - \frac{1}{1 + x_i^2}"}]
    assert verdict(r"q_{B,1}^{(1)} = \frac{x_1^2}{1 + x_1^2}", define=define) == "proved"
    assert verdict(r"0 \leq q_{B,i}^{(1)} < 1", "inequality", define=define) == "confirmed"
    assert verdict(r"q^{(1)}_{B,1} = q^{(1)}_{B,2}", define=define) == "refuted"
    # a letter the body uses stays an index: c_{a,i} = x_a x_i is the entry (a, i)
    both = [{"name": "c", "line": 1, "latex": r"c_{a,i} = x_a x_i"}]
    assert verdict(r"c_{1,2} = x_1 x_2", define=both) == "proved"


def test_a_letter_nothing_declares_and_the_body_does_not_use_is_part_of_the_name():
    # SwAV's p_t^{(k)} = …: t (for the target view) is no index; it was read as a family over t,
    # and every use p_t^{(k)} then failed (p^{(k)} at t)
    notation = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2]}],
                    index=[{"name": "k", "from": 1, "to": "K"}], family=[{"name": "s", "shape": ["K"]}],
                    define=[{"name": "p", "line": 1,
                             "latex": r"p_t^{(k)} = \frac{e^{s_k}}{\sum_{k'=1}^{K} e^{s_{k'}}}"}])
    assert check_statement(r"\sum_{k=1}^{K} p_t^{(k)} = 1", **notation).verdict.value == "proved"
    assert check_statement(r"p_t^{(k)} = e^{s_k}", **notation).verdict.value == "refuted"
    # a letter the body uses is the index, as before: w_j = x_j^2
    define = [{"name": "w", "line": 1, "latex": r"w_j = x_j^2"}]
    assert verdict(r"w_1 = x_1^2", define=define) == "proved"


def test_a_name_in_another_font_with_a_transpose_is_named():
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1]}],
                    family=[{"name": "z_t", "shape": ["d"]}, {"name": "c", "shape": ["d"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\mathbf{z}_t^\top c = 0", **notation)
    assert "(z_t is declared: a name in another font is another name" in str(caught.value)


def test_a_bracketed_entry_of_a_family_over_letters_nothing_declares():
    # VICReg's [C]_{k,l} with C_{k,l} = … Z_{i,k} … Z_{i,l}: k and l run over Z's columns, read from
    # the family they index (it was "C is defined entry by entry")
    notation = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 2, "checked": [2, 3]}],
                    family=[{"name": "Z", "shape": ["n", "d"]}],
                    define=[{"name": "C", "line": 1, "latex": r"C_{k,l} = \sum_{i=1}^{n} Z_{i,k} Z_{i,l}"}])
    assert check_statement(r"[C]_{1,2} = C_{1,2}", **notation).verdict.value == "proved"
    assert check_statement(r"\operatorname{tr}(C) = \sum_{i=1}^{n} \sum_{k=1}^{d} Z_{i,k}^2",
                           **notation).verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("statement, expected", [
    (r"\|C - I\|_F^2 = \sum_{k=1}^{d} (1 - C_{kk})^2 + \sum_{k=1}^{d} \sum_{l=1, l \neq k}^{d} C_{kl}^2", "confirmed"),
    (r"\|C - \mathbf{I}\|_F^2 = \|C\|_F^2", "refuted"),
])
def test_the_identity_matrix_beside_a_square_matrix(statement, expected):
    # Barlow Twins' \|C - I\|_F^2: I, declared nowhere, is the identity of C's shape
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}], family=[{"name": "C", "shape": ["d", "d"]}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_the_identity_anywhere_else_is_refused_and_a_call_of_i_is_undeclared():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"a + I = a", scalar=[{"name": "a"}])
    assert "the identity matrix I is read in a sum or a difference with a square matrix" in str(caught.value)
    with pytest.raises(DerivationError) as caught:
        check_statement(r"I(X; Y) \geq 0", "inequality", scalar=[{"name": "X", "role": "point"},
                                                                 {"name": "Y", "role": "point"}])
    assert str(caught.value).endswith("'I' is not declared")


def test_an_indicator_written_i_is_still_the_indicator():
    # I(y_i = y_j) with I declared nowhere: the indicator, not the identity matrix
    notation = dict(size=[{"name": "N", "minimum": 2, "checked": [2]}], family=[{"name": "y", "shape": ["N"], "role": "label"}],
                    scalar=[{"name": "a"}])
    assert check_statement(r"I(y_1 = y_2) + I(y_1 \neq y_2) = 1", **notation).verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("define, written, hint", [
    # a definition of l(\theta) used as \ell(\theta) (a thesis's proposition), and of \mathcal{L}_c used as L_c
    ({"name": "l", "line": 1, "latex": r"l(\theta) = \theta^2"}, r"\ell(a) = a^2",
     r"(l is declared: \ell and l are two letters"),
    ({"name": "L", "line": 1, "latex": r"\mathcal{L}_{\text{c}}(\theta) = \theta^2"}, r"L_{\text{c}}(a) = a^2",
     r"(\mathcal{L}_{\text{c}} is declared: a name in another font is another name"),
])
def test_a_name_the_document_defines_in_another_letter_or_font_is_named(define, written, hint):
    with pytest.raises(DerivationError) as caught:
        check_statement(written, scalar=[{"name": "a"}], define=[define])
    assert hint in str(caught.value)


@pytest.mark.parametrize("written, hint", [
    (r"\mathbb{E}_{x \sim p_{g}} [f(x)] = 0", r"'p_{g}' is not declared (p_{G} is declared: a letter in the other case"),
    (r"\mathbb{E}_{x \sim p_g} [f(x)] = 0", r"'p_{g}' is not declared (p_{G} is declared: a letter in the other case"),
])
def test_a_subscript_in_the_other_case_is_named(written, hint):
    # a GAN post writes p_G for the generator's distribution and once p_g: the message said "'g' is not
    # declared: an index written free in a statement", which sent the reader after an index
    notation = dict(scalar=[{"name": "x", "role": "point"}], distribution=[{"name": "p_{G}", "of": ["x"]}],
                    function=[{"name": "f", "arguments": 1}])
    with pytest.raises(DerivationError) as caught:
        check_statement(written, **notation)
    assert hint in str(caught.value)


def test_an_undeclared_name_with_a_control_word_in_its_subscript_is_quoted_as_tex_reads_it():
    # a post's f_{\log Z} was quoted 'f_\logZ', which TeX reads as the control word \logZ
    with pytest.raises(DerivationError) as caught:
        check_statement(r"f_{\log Z}(1) = 0", scalar=[{"name": "Z", "domain": "positive"}])
    assert r"'f_{\log Z}' is not declared" in str(caught.value)


@pytest.mark.parametrize("written, said", [
    (r"\text{CE}(u, v) = 0", "the cross entropy: documents write CE(p, q) = -\\sum_k p_k \\log q_k with the target first"),
    (r"\mathrm{Var}(u_1) = 0", "a variance of something that draws no point does not say what it varies over"),
])
def test_a_standard_name_the_reader_does_not_take_says_why(written, said):
    # the argument order of CE differs between documents and code; a variance needs its distribution
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(written, **notation)
    assert said in str(caught.value)

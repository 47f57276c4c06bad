r"""What four more documents read cold showed (a textbook's negative sampling, a translation of
Rong's word2vec notes, a knowledge-graph library's loss docstrings, notes on joint-embedding
SSL): a product over an index written by conditions refused where the sum read, its message
saying "sum"; a definition of P(w | c) by P(D=1 | …) said to use itself; a definition whose
body writes none of its index arguments read without a word; labels in a message run
together.  Each test states what a reader of such a document expects."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

WINDOW = dict(size=[{"name": "m", "minimum": 1, "checked": [1, 2]}],
              function=[{"name": "g", "arguments": 1, "domain": "positive"}])


@pytest.mark.parametrize("statement, expected", [
    # the context window of skip-gram: every j from -m to m but 0
    (r"\prod_{-m \leq j \leq m,\ j \neq 0} g(j) = \frac{\prod_{j=-m}^{m} g(j)}{g(0)}", "confirmed"),
    (r"\prod_{1 \leq j \leq m} g(j) = \prod_{j=1}^{m} g(j) + 1", "refuted"),
])
def test_a_product_over_an_index_written_by_conditions_is_read_as_a_sum_is(statement, expected):
    assert check_statement(statement, **WINDOW).verdict.value == expected


@pytest.mark.parametrize("statement, words", [
    (r"\prod_{j \sim Q} g(j) = 1", "this product's index is not understood (write \\prod_k,"),
    (r"\prod_{1 \le j < k \le m} g(j) = 1", "a product runs over one index"),
])
def test_a_product_that_is_not_read_is_named_a_product(statement, words):
    with pytest.raises(DerivationError) as info:
        check_statement(statement, **WINDOW)
    assert words in info.value.message


def _words(*defines: tuple[int, str, str], claim: str = "1 = 1") -> str:
    head = ('id = "t"\ntitle = "t"\nsource = "t.md"\n'
            "[[size]]\nname = 'n'\nminimum = 2\nchecked = [2, 3]\n"
            + "".join(f"[[index]]\nname = '{name}'\nfrom = 1\nto = 'n'\n" for name in ("w_c", "w_o", "c", "o"))
            + "[[family]]\nname = 'u'\nshape = ['n']\n")
    body = "".join(f"[[define]]\nname = '{name}'\nline = {line}\nlatex = '{latex}'\n" for line, name, latex in defines)
    return head + body + f'[[claim]]\nid = "c"\nline = 9\ntitle = "c"\nlatex = \'{claim}\'\n'


def test_a_definition_by_the_same_letter_at_an_event_does_not_use_itself():
    # P(w_o | w_c) defined by P(D=1 | …) at undeclared arguments: the error is about those, never
    # "the definition of P(w_o | w_c) uses the name it defines"
    text = _words((1, "P(D=1 | w_c, w_o)", r"P(D=1 \mid w_c, w_o) = u_{w_o}"),
                  (2, "P(w_o | w_c)", r"P(w_o \mid w_c) = P(D=1 \mid w^{(t)}, w_o)"))
    with pytest.raises(DerivationError) as info:
        verify_text(text)
    assert "uses the name it defines" not in info.value.message
    assert "P is defined for (D=1 \\mid w_c, w_o), not (D=1 \\mid w^{(t)}, w_o)" in info.value.message


def test_a_definition_by_the_same_letter_at_an_event_reads():
    text = _words((1, "P(D=1 | w_c, w_o)", r"P(D=1 \mid w_c, w_o) = u_{w_o}"),
                  (2, "P(w_o | w_c)", r"P(w_o \mid w_c) = P(D=1 \mid w_c, w_o)"),
                  claim=r"P(w_o \mid w_c) = u_{w_o}")
    assert verify_text(text).documents[0].claims[0].outcome.verdict.value == "proved"


def test_a_definition_whose_body_writes_none_of_its_index_arguments_is_said(capsys):
    # P(D=1 | w_c, w_o) = u_o: the word w_o and its place o are not tied by the notation
    verify_text(_words((1, "P(D=1 | w_c, w_o)", r"P(D=1 \mid w_c, w_o) = u_o")))
    assert "it does not depend on its index arguments w_c, w_o" in capsys.readouterr().err

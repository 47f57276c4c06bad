r"""Remarks in words that end a row (issue 13): ``&= B & \text{(by Jensen)}``, ``\quad \text{by (3)}``,
``& \scriptstyle{\text{; Assuming infinite negatives}}``.

A justification is not mathematics: the row is read without it and the reading says so.  A
remark that may state a condition (``assuming …``, ``if …``, ``for …``, a comparison) would
change what the link claims: refused on a decided link (a check would ignore the condition),
only said on a link that is not checked anyway (≈ with no tolerance).  One word in \text is a
name (``\text{const}``), never a remark.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.latex.remarks import blank_remarks, remarks
from contrastive_sym.pipeline import verify_text

HEADER = ['id = "r"', 'title = "r"', 'source = "r.md"', "[[scalar]]", 'name = "a"', "[[scalar]]", 'name = "b"', ""]


def claim(statement: str):
    text = "\n".join(HEADER + ["[[claim]]", 'id = "c"', 'title = "c"', "line = 1", f"latex = '''{statement}'''", ""])
    return verify_text(text).documents[0].claims[0]


@pytest.mark.parametrize("statement, verdict, said", [
    (r"(a + b)^2 = a^2 + 2ab + b^2 \quad \text{by expanding}", "proved", "'by expanding'"),
    (r"(a + b)^2 &= a^2 + 2ab + b^2 & \text{(binomial)} \\ &= b^2 + 2ab + a^2", "proved", "'(binomial)'"),
    (r"(a + b)^2 = a^2 + b^2, \quad \text{(1)}", "refuted", "'(1)'"),
    # right after the expression, as Wiesner's review writes them (\mbox is \text)
    (r"(a + b)^2 = a^2 + 2ab + b^2 \mbox{by expanding the square}", "proved", "'by expanding the square'"),
    (r"(a + b)^2 &\leq a^2 + 2ab + b^2 + 1 \text{since 1 is positive} \\ &= b^2 + 2ab + a^2 + 1", "proved",
     "'since 1 is positive'"),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \\ &\approx a^2 & \scriptstyle{\text{; assuming a much larger than b}}",
     "undecided", "(a condition of a link that is not checked)"),
])
def test_a_remark_ending_a_row_is_not_read_and_is_said(statement, verdict, said):
    result = claim(statement)
    assert result.outcome.verdict.value == verdict
    assert said in result.claim.reading and "is not read" in result.claim.reading


@pytest.mark.parametrize("statement", [
    r"(a + b)^2 \geq a^2 \quad \text{assuming } ",
    r"(a + b)^2 \geq a^2 \quad \text{assuming ab is positive}",
    r"(a + b)^2 \geq a^2 \quad \text{(for a, b of one sign)}",
    r"a^2 \geq a \quad \text{(a > 1)}",
    r"(a + b)^2 \geq a^2 \mbox{assuming ab is positive}",
])
def test_a_remark_that_may_be_a_condition_of_a_checked_link_is_refused(statement):
    with pytest.raises(ParseError) as caught:
        claim(statement)
    assert "may state a condition of what the row says" in str(caught.value) or "not declared" in str(caught.value)


def test_a_condition_in_a_definition_is_refused():
    text = "\n".join(HEADER + ["[[define]]", 'name = "L"', "line = 1",
                               r"latex = 'L = a + b \quad \text{for a, b positive}'", ""])
    with pytest.raises(ParseError) as caught:
        verify_text(text)
    assert "may state a condition" in str(caught.value)


@pytest.mark.parametrize("text", [
    r"a = b + \text{const}",              # one word: a name
    r"a = b \text{ for all } c",          # math after the words
    r"a &= b && \text{if } c > 0",
    r"a = x_{\text{pos neg}}",          # words in a script: part of a name
    r"a = \frac{b}{\text{two words}}",
])
def test_what_is_not_a_remark(text):
    assert remarks(text) == []
    assert blank_remarks(text) == text


def test_blanking_keeps_every_position():
    text = "a = b \\quad \\text{by Jensen} \\\\\n c = d & \\text{(2)}"
    blanked = blank_remarks(text)
    assert len(blanked) == len(text) and blanked.count("\n") == 1 and "Jensen" not in blanked

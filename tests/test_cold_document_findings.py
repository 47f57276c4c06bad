r"""What four documents new to the corpus showed when read cold (a LaTeX note deriving the
gradient of an NCE objective, lecture slides, two blog posts): a label read as a number, a
sum's index read after its body silently as another index, a macro glued to the command
before it, words between rows, and names declared as written that were not found.  Each
test states what a reader of such a document expects, with a display of the same form."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.continuations import drop_leading_reference
from contrastive_sym.pipeline import check_statement, verify_text

BATCH = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
    scalar=[{"name": r"\nu", "domain": "positive"}, {"name": r"\vartheta"}, {"name": r"\theta"}],
    family=[{"name": "w", "shape": ["N"], "domain": "positive"}],
    index=[{"name": "i", "from": 1, "to": "N"}],
)


def verdict(statement: str, **extra) -> str:
    return check_statement(statement, **{**BATCH, **extra}).verdict.value


def refusal(statement: str, **extra) -> str:
    with pytest.raises(DerivationError) as info:
        check_statement(statement, **{**BATCH, **extra})
    return info.value.message


# --- (1.1) &= …: the label of a term, not the number --------------------------------------

def test_a_label_that_starts_a_chain_is_not_a_number():
    # "(1) &= A \\ &= B" compares term (1), named elsewhere, with A: only A = B is checked
    assert verdict(r"\begin{align*} (1) &= \sum_{k=1}^{N} w_k \\ &= \sum_{k=1}^{N} w_k \end{align*}") == "proved"
    assert verdict(r"(1.1) &= 2 w_i \\ &= w_i + w_i") == "proved"
    # were (2) the number 2, the first link would be refuted
    assert verdict(r"(2) &= w_i \\ &= w_i") == "proved"


@pytest.mark.parametrize("statement", [r"(1) &= \sum_{k=1}^{N} w_k", r"\begin{align*} (2.2) &= \log w_i \end{align*}"])
def test_a_label_with_nothing_after_its_link_is_refused(statement):
    # a relation inside a subscript (k=1) is not a further link of the chain
    message = refusal(statement)
    assert "a label (of a term or an equation" in message and "nothing it states is written here" in message


def test_a_label_that_starts_a_later_row_is_not_a_number():
    assert "'(2) &=' starts a chain with a label" in refusal(r"(1) &= 2 w_i \\ &= w_i + w_i \\ (2) &= 3 w_i")
    text = r"(1) &= 2 w_i \\ &= w_i + w_i \\ (2) &= 3 w_i \\ &= w_i + 2 w_i"
    dropped = drop_leading_reference(text)
    assert "(2)" not in dropped and "(1)" not in dropped and len(dropped) == len(text)
    assert "3 w_i" in dropped and "w_i + 2 w_i" in dropped


def test_a_parenthesised_number_in_an_expression_is_still_a_number():
    assert verdict(r"(2) w_i = 2 w_i") == "proved"
    assert verdict(r"(2) + w_i = w_i + 2") == "proved"


# --- \sum_i a_i - b_i with i a declared index ----------------------------------------------

@pytest.mark.parametrize("statement", [r"\sum_{i=1}^{N} w_i - w_i \le \sum_{i=1}^{N} w_i",
                                       r"\frac{1}{N} \sum_{i=1}^{N} \log w_i - \log(1 + w_i) \le 0"])
def test_the_index_of_a_sum_after_its_body_is_ambiguous_when_declared_too(statement):
    # read as the declared i it was silently another term; a reader takes the sum over both
    message = refusal(statement)
    assert message.startswith("ambiguous: this 'i' comes after the sum over i")
    assert r"\sum_i (a_i - b_i)" in message


@pytest.mark.parametrize("statement, expected", [
    (r"(\sum_{i=1}^{N} w_i) - w_i \ge 0", "confirmed"),               # the parenthesis ends the sum
    (r"\frac{\sum_{i} w_i}{N} - w_i \le \max_k w_k", "confirmed"),       # so does the fraction
    (r"\sum_{i=1}^{N} (\log w_i - \log(1 + w_i)) \le 0", "confirmed"),    # both terms summed, as written
    (r"\sum_{k=1}^{N} w_k - w_i = \sum_{k \neq i} w_k", "proved"),         # another letter: no question
    (r"\sum_{i} w_i \ge w_i", "confirmed"),                                # the other side of a relation
])
def test_a_sum_whose_end_is_written_is_read(statement, expected):
    assert verdict(statement) == expected


# --- macros: TeX reads the tokens before it expands them -------------------------------------

def test_a_macro_after_a_control_word_is_not_glued_to_it():
    macro = [{"name": r"\pw", "arguments": 1, "body": r"\ensuremath w_{#1}"}]
    assert verdict(r"\nu\pw{i} = \nu w_i", macro=macro) == "proved"
    ending = [{"name": r"\sc", "body": r"\nu"}]
    assert verdict(r"\sc w_i = \nu w_i", macro=ending) == "proved"


# --- words between rows ---------------------------------------------------------------------

def test_words_between_rows_are_not_read_and_the_chain_goes_on():
    text = r"w_i + w_i \\ \intertext{collecting the two terms gives} &= 2 w_i"
    outcome = check_statement(text, **BATCH)
    assert outcome.verdict.value == "proved"


def test_words_between_rows_that_may_state_a_condition_are_refused():
    message = refusal(r"w_i \\ \intertext{if $N = 2$, this is} &= w_1")
    assert message.startswith("the words between rows 'if $N = 2$, this is'")


def test_what_words_between_rows_say_is_in_the_reading():
    run = verify_text(_document(r"w_i + w_i \\ \intertext{collecting the terms} &= 2 w_i"))
    assert "the words between rows (\\intertext{…}: 'collecting the terms') are not read" \
        in run.documents[0].claims[0].claim.reading


# --- names as the document writes them ---------------------------------------------------------

def test_a_name_declared_with_its_script_inside_the_font_is_found():
    # \mathbf{W_t} is set as \mathbf{W}_t: one name in either spelling, declared as written
    bold = dict(family=BATCH["family"] + [{"name": r"\mathbf{W_t}", "shape": ["N"]}])
    assert verdict(r"\mathbf{W_t} \cdot \mathbf{W_t} \geq 0", **bold) == "confirmed"
    assert verdict(r"\mathbf{W}_t \cdot \mathbf{W_t} \geq 0", **bold) == "confirmed"


def test_a_function_named_by_several_letters_and_a_script_is_one_name():
    functions = dict(function=[{"name": "CE_{col}", "arguments": 1}, {"name": "CE_{row}", "arguments": 1}])
    assert verdict(r"0.5 CE_{col}(w_i) + 0.5 CE_{row}(w_i) = \frac{CE_{row}(w_i) + CE_{col}(w_i)}{2}",
                   **functions) == "proved"


def test_words_joined_by_an_escaped_underscore_in_a_script_are_one_name():
    # Markdown sources escape the underscore of \mathcal{L}_{bin\_NCE}
    defined = dict(define=[{"name": "L", "line": 1, "latex": r"\mathcal{L}_{bin\_NCE} = \sum_{k=1}^{N} w_k"}])
    assert verdict(r"\mathcal{L}_{bin\_NCE} \geq w_i", **defined) == "confirmed"


@pytest.mark.parametrize("statement", [r"\sum_{k \mid k \neq i} w_k = \sum_{k \neq i} w_k",
                                       r"\sum_{k | k \neq i} w_k = \sum_{k \neq i} w_k",
                                       r"\lbrack w_i \rbrack + \lparen w_i \rparen = 2 w_i"])
def test_a_bar_before_a_sums_condition_and_brackets_by_name(statement):
    assert verdict(statement) == "proved"


# --- a derivative by a name nothing depends on -------------------------------------------------

def test_a_derivative_by_a_name_that_does_not_occur_says_it_is_zero():
    run = verify_text(_document(r"\frac{\partial}{\partial \vartheta} (\nu \theta) = 0"))
    result = run.documents[0].claims[0]
    assert result.outcome.verdict.value == "proved"
    assert "differentiates by \\vartheta, which what it differentiates does not contain: it is 0" in result.claim.reading
    # a derivative by a name that occurs says nothing of the kind
    run = verify_text(_document(r"\frac{\partial}{\partial \theta} (\nu \theta) = \nu"))
    assert "does not contain" not in run.documents[0].claims[0].claim.reading


def _document(latex: str) -> str:
    return ('id = "t"\ntitle = "t"\nsource = "t.md"\n'
            'scalar = [{name = \'\\nu\', domain = "positive"}, {name = \'\\vartheta\'}, {name = \'\\theta\'}]\n'
            '[[size]]\nname = "N"\nminimum = 2\nchecked = [2, 3]\n'
            '[[family]]\nname = "w"\nshape = ["N"]\ndomain = "positive"\n'
            '[[index]]\nname = "i"\nfrom = 1\nto = "N"\n'
            f'\n[[claim]]\nid = "c"\nline = 1\ntitle = "c"\nlatex = \'\'\'{latex}\'\'\'\n')

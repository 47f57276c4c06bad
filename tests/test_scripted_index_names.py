r"""An index whose name has a script, as word-embedding papers write words by their place in
the vocabulary: ``w_c`` the context word, ``w_t`` the target word, ``\sum_{w_c \in
\mathcal{C}_t}``.  A sum binds such a name as it binds a letter; a function defined for
(w_c | w_t) is, under that sum, at the sum's w_c; and the name written after the sum's body
is as ambiguous as a letter is.  A function defined for (w | c) is also read at other
indices written in those places, p(v | c) or p(c | w), as Weng's post on word embeddings uses
p(w | w_I) for every word."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

WORDS = dict(
    size=[{"name": "V", "minimum": 2, "checked": [2, 3]}],
    family=[{"name": "v", "shape": ["V"], "domain": "positive"}, {"name": "u", "shape": ["V", "V"], "domain": "positive"}],
    index=[{"name": "w_c", "from": 1, "to": "V"}, {"name": "w_t", "from": 1, "to": "V"}],
    set=[{"name": r"\mathcal{C}", "index": "c", "to": "V", "any_subset": True}],
)


def verdict(statement: str, **extra) -> str:
    return check_statement(statement, **{**WORDS, **extra}).verdict.value


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{w_c=1}^{V} v_{w_c} = \sum_{k=1}^{V} v_k", "proved"),
    (r"\sum_{w_c=1}^{V} v_{w_c} = \sum_{k=1}^{V} v_k + 1", "refuted"),
    (r"\sum_{w_{c}=1}^{V} v_{w_c} = \sum_{k=1}^{V} v_k", "proved"),           # one name, braced or not
    (r"\sum_{w_c \neq w_t} v_{w_c} = \sum_{k=1}^{V} v_k - v_{w_t}", "proved"),
    (r"\sum_{w_c \neq w_t} v_{w_c} = \sum_{k=1}^{V} v_k", "refuted"),
    (r"\sum_{w_c=1}^{V} u_{w_c, w_t} = \sum_{a=1}^{V} u_{a, w_t}", "proved"),
    (r"\sum_{w_c=1}^{V} u_{w_c, w_t} = \sum_{a=1}^{V} u_{w_t, a}", "refuted"),
    (r"\sum_{w_c \in \mathcal{C}} v_{w_c} \le \sum_{k=1}^{V} v_k", "confirmed"),
    (r"\sum_{w_c \in \mathcal{C}} v_{w_c} \ge \sum_{k=1}^{V} v_k", "refuted"),
])
def test_a_sum_binds_a_declared_index_whose_name_has_a_script(statement, expected):
    assert verdict(statement) == expected


def test_a_function_defined_for_the_words_is_at_the_sums_word():
    # p(w_c | w_t) is defined with the declared w_c; under \sum_{w_c} it is at each word summed,
    # so the probabilities sum to 1 (read at the declared w_c, the sum would be V p(w_c | w_t))
    defined = dict(define=[{"name": "p", "line": 1,
                            "latex": r"p(w_c \mid w_t) = \frac{u_{w_t, w_c} v_{w_c}}{\sum_{k=1}^{V} u_{w_t, k} v_k}"}])
    assert verdict(r"\sum_{w_c=1}^{V} p(w_c \mid w_t) = 1", **defined) == "proved"
    assert verdict(r"\sum_{w_c \neq w_t} p(w_c \mid w_t) = 1", **defined) == "refuted"


def test_the_name_written_after_the_sums_body_is_ambiguous():
    with pytest.raises(DerivationError) as info:
        check_statement(r"\sum_{w_c=1}^{V} v_{w_c} - v_{w_c} \le \sum_{k=1}^{V} v_k", **WORDS)
    assert info.value.message.startswith("ambiguous: this 'w_c' comes after the sum over w_c")
    assert r"\sum_{w_c} (a_{w_c} - b_{w_c})" in info.value.message


def test_an_entry_of_a_family_is_no_name_of_its_own():
    # v_i is the entry i of v, not a name: over a set of indices, \sum_{v_i \in C} runs i over C
    # (tests/test_entry_sums.py), and is the sum over the set's own letter
    assert verdict(r"\sum_{v_i \in \mathcal{C}} v_i = \sum_{c \in \mathcal{C}} v_c") == "proved"
    assert verdict(r"\sum_{v_i \in \mathcal{C}} v_i = \sum_{k=1}^{V} v_k") == "refuted"     # C is any subset


LABELS = dict(
    size=[{"name": "V", "minimum": 2, "checked": [2, 3]}],
    family=[{"name": "u", "shape": ["V", "V"]}],
    index=[{"name": "w", "from": 1, "to": "V"}, {"name": "v", "from": 1, "to": "V"}, {"name": "c", "from": 1, "to": "V"}],
    define=[{"name": "p", "line": 1, "latex": r"p(w \mid c) = \frac{\exp(u_{w,c})}{\sum_{k=1}^{V} \exp(u_{k,c})}"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{v=1}^{V} p(v \mid c) = 1", "proved"),
    (r"p(v \mid c) = \frac{\exp(u_{v,c})}{\sum_{k=1}^{V} \exp(u_{k,c})}", "proved"),
    (r"p(v \mid c) = \frac{\exp(u_{w,c})}{\sum_{k=1}^{V} \exp(u_{k,c})}", "refuted"),
    # the two places exchanged: w takes c's place and c takes w's, at once
    (r"p(c \mid w) = \frac{\exp(u_{c,w})}{\sum_{k=1}^{V} \exp(u_{k,w})}", "proved"),
    (r"p(c \mid w) = \frac{\exp(u_{w,c})}{\sum_{k=1}^{V} \exp(u_{k,c})}", "refuted"),
])
def test_a_function_defined_for_indices_is_read_at_other_indices(statement, expected):
    assert check_statement(statement, **LABELS).verdict.value == expected


def test_a_function_defined_for_indices_at_something_else_is_refused():
    with pytest.raises(DerivationError) as info:
        check_statement(r"p(v \mid x) = 1", **LABELS)
    assert "p is defined for (w \\mid c), not (v \\mid x)" in info.value.message

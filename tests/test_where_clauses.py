r"""A statement followed by the definition of a shorthand it uses (issue 13): ``A = B, \quad p_i = …``
and ``A = B \quad \text{where } p_i = …``, as papers write a gradient with its softmax weights.  The
definitions are local to the statement and the reading says so; a statement that reads without them,
or a trailing row that is not a definition of a new name, is read as before."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "K", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
    family=[{"name": "q", "shape": ["d"]}, {"name": "k", "shape": ["K + 1", "d"], "from": [0, 1]}],
    define=[{"name": "L", "line": 1,
             "latex": r"\mathcal{L}_q = -\log \frac{\exp(q \cdot k_0 / \tau)}{\sum_{i=0}^{K} \exp(q \cdot k_i / \tau)}"}],
)
WEIGHT = r"p_i = \frac{\exp(q \cdot k_i / \tau)}{\sum_{j=0}^{K} \exp(q \cdot k_j / \tau)}"


def outcome(statement: str, kind: str = "gradient"):
    return check_statement(statement, kind, **NOTATION)


@pytest.mark.parametrize("between", [r", \quad ", r", \quad \text{where } ", r" \qquad \text{where } ", ", "])
def test_a_gradient_with_its_softmax_weights_defined_after_it(between):
    right = r"\frac{\partial \mathcal{L}_q}{\partial q} = \frac{1}{\tau}\left( \sum_{i=0}^{K} p_i k_i - k_0 \right)"
    found = outcome(right + between + WEIGHT)
    assert found.verdict.value == "confirmed"
    wrong = r"\nabla_q \mathcal{L}_q = \frac{1}{\tau}\left( k_0 - \sum_{i=0}^{K} p_i k_i \right)"
    assert outcome(wrong + between + WEIGHT).verdict.value == "refuted"


def test_the_reading_says_the_definition_is_local(capsys):
    from contrastive_sym.pipeline import verify_text, toml_value
    text = "\n".join([
        'id = "w"', 'title = "w"', 'source = "w.txt"',
        *[f"{table} = {toml_value(entries)}" for table, entries in NOTATION.items()],
        "", "[[claim]]", 'id = "g"', "line = 2", 'title = "g"', 'kind = "gradient"',
        "latex = " + toml_value(r"\nabla_q \mathcal{L}_q = \frac{1}{\tau}\left( \sum_{i=0}^{K} p_i k_i - k_0 "
                                r"\right), \quad " + WEIGHT)])
    claim = verify_text(text + "\n").documents[0].claims[-1]
    assert claim.claim.reading.startswith("p_i, defined after the statement, is read as a definition local "
                                          "to this statement")
    assert claim.outcome.verdict.value == "confirmed"


def test_a_trailing_row_that_does_not_define_a_new_name_keeps_the_statements_error():
    # \tau is declared: "\tau = 1" after the statement is no definition of a shorthand
    with pytest.raises(DerivationError) as caught:
        outcome(r"\nabla_q \mathcal{L}_q = \frac{1}{\tau}\left( \sum_{i=0}^{K} p_i k_i - k_0 \right), \quad \tau = 1")
    assert "'p_i' is not declared" in str(caught.value)


def test_the_definition_does_not_outlive_its_statement():
    # p_i is local to the claim that defines it; another statement that uses it is refused
    with pytest.raises(DerivationError) as caught:
        outcome(r"\sum_{i=0}^{K} p_i = 1", kind="identity")
    assert "'p_i' is not declared" in str(caught.value)


def test_a_statement_that_reads_alone_is_not_split():
    # the comma belongs to the statement's own list; nothing after it defines anything
    assert check_statement(r"\max(a, b) \geq a", "inequality", scalar=[{"name": "a"}, {"name": "b"}]
                           ).verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("statement", [r"\mathcal{L} = a + 1 = 1 + a",
                                       r"\begin{aligned} \mathcal{L} &= a + 1 \\ &= 1 + a \end{aligned}"])
def test_a_statement_that_starts_with_the_name_it_defines_says_how_to_annotate_it(statement):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, scalar=[{"name": "a"}])
    assert str(caught.value).endswith("'\\mathcal{L}' is not declared; the display starts with the name it defines: "
                                      "annotate it define: in Markdown (a [[define]] in TOML), and the chain after "
                                      "the name is checked as a claim")


def test_a_statement_of_many_commas_that_does_not_read_tries_few_places(monkeypatch):
    # each place tried reads a definition display: a hostile statement of 1500 commas once took a
    # minute; only places followed by a relation are tried, at most MAX_TRIES of them
    from contrastive_sym.latex import where_clauses
    calls = []
    real = where_clauses.define_all
    monkeypatch.setattr(where_clauses, "define_all", lambda *a, **k: calls.append(1) or real(*a, **k))
    with pytest.raises(DerivationError):
        check_statement(r"\max(a, a) = q" + ", a = a" * 500, scalar=[{"name": "a"}])
    assert 0 < len(calls) <= where_clauses.MAX_TRIES
    calls.clear()
    with pytest.raises(DerivationError):
        check_statement(r"\max(a, a) = q" + ", a" * 1500, scalar=[{"name": "a"}])
    assert calls == []


STEP_WITH_SHORTHAND = r"""<!-- contrastive-verify
id = "steps"
title = "a step with its shorthand defined after it"

[[size]]
name = 'K'
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
name = 'q'
shape = ['d']

[[family]]
name = 'k'
shape = ['K + 1', 'd']
from = [0, 1]
-->

<!-- define: name = 'L' -->
$$
\mathcal{L}_q = -\log \frac{\exp(q \cdot k_0 / \tau)}{\sum_{i=0}^{K} \exp(q \cdot k_i / \tau)}
$$

<!-- derivation: id = "grad" -->
$$
\nabla_q \mathcal{L}_q = -\frac{k_0}{\tau} + \frac{\sum_{i=0}^{K} \exp(q \cdot k_i / \tau) k_i / \tau}{\sum_{j=0}^{K} \exp(q \cdot k_j / \tau)}
$$

<!-- step -->
$$
= \frac{1}{\tau}\left( \sum_{i=0}^{K} p_i k_i - k_0 \right), \quad p_i = \frac{\exp(q \cdot k_i / \tau)}{\sum_{j=0}^{K} \exp(q \cdot k_j / \tau)}
$$
"""


def test_a_step_may_define_its_shorthand_after_it_and_its_note_says_so():
    from contrastive_sym.pipeline import verify_text
    claim = verify_text(STEP_WITH_SHORTHAND, suffix=".md").documents[0].claims[-1]
    assert [s.outcome.verdict.value for s in claim.steps] == ["confirmed", "confirmed"]
    assert claim.steps[-1].step.note == ("p_i, defined after the statement, is read as a definition local to "
                                         "this statement")
    # the same step with the sign of k_0 flipped is refuted, the shorthand still read
    wrong = STEP_WITH_SHORTHAND.replace(r"p_i k_i - k_0 \right), \quad", r"p_i k_i + k_0 \right), \quad")
    assert wrong != STEP_WITH_SHORTHAND
    claim = verify_text(wrong, suffix=".md").documents[0].claims[-1]
    assert claim.steps[-1].outcome.verdict.value == "refuted"


def test_what_a_trailing_definition_needed_is_said_with_it():
    from contrastive_sym.pipeline import toml_value, verify_text
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}], family=[{"name": "x", "shape": ["N"]}])
    statement = r"\sum_{a=1}^{N} \sum_{b=1}^{N} C_{ab} = \left(\sum_{a=1}^{N} x_a\right)^2, \quad C_{ab} = x_a x_b"
    text = "\n".join(['id = "w"', 'title = "w"', 'source = "w.txt"',
                      *[f"{table} = {toml_value(entries)}" for table, entries in notation.items()],
                      "", "[[claim]]", 'id = "c"', "line = 2", 'title = "c"', "latex = " + toml_value(statement)])
    claim = verify_text(text + "\n").documents[0].claims[-1]
    assert claim.outcome.verdict.value in ("proved", "confirmed")
    assert "C_{ab}, defined after the statement, is read as a definition local to this statement; _{ab}, letters " \
           "no declaration names" in claim.claim.reading

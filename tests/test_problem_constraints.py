r"""The constraints of an optimisation problem a display states (``\min_q -\ell(q) \quad \text{subject to}
\quad \sum_k q(k) = 1``) are conditions on what the problem runs over, never statements: they are left out
of the statement read and said.  Read as a statement, ``\sum_k q(k) = 1`` would be refuted for every q.
The objective alone states nothing to check: a claim of it is refused, naming why, as before."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.load.problem_constraints import problem_constraints
from document_claims import TITLE, claim_verdict


@pytest.mark.parametrize("written, statement", [
    (r"\min_q f(q) \quad \text{s.t.} \quad q \ge 0", r"\min_q f(q) \quad"),
    (r"\max_{\theta} L(\theta) ~ s.t. ~ \|\theta\| \le 1", r"\max_{\theta} L(\theta) ~"),
    ("\\begin{aligned} \\min_{q} & -\\ell(q) \\\\ \\text{subject to} & \\sum_{k}q(k)-1=0. \\end{aligned}",
     "\\begin{aligned} \\min_{q} & -\\ell(q) \\\\ \\end{aligned}"),
])
def test_the_constraints_after_an_objective_are_left_out_and_said(written, statement):
    read, said = problem_constraints(written)
    assert len(read) == len(written)            # every column of an error is still the user's
    assert " ".join(read.split()) == " ".join(statement.split())
    assert "constraints of the problem" in said


@pytest.mark.parametrize("written", [
    r"a = b \text{ s.t. } c = d",               # after a statement: not a problem's constraints
    r"\text{s.t.} x = 1",                       # nothing before the word
    r"f(x) \text{ s.t. } x > 0",                # no optimum before it
    # a relation before the word in another spelling: a statement, whose condition must not be dropped
    r"\min_k s_k \leqslant s_1 \text{ s.t. } k \geq 2",
    r"\max_{k} s_k \equiv \max_{j} s_j \text{ s.t. } k \ne 1",
    r"\min_k s_k \to 0 \text{ s.t. } k \geq 2",
])
def test_the_same_words_after_anything_else_are_left_in_place(written):
    assert problem_constraints(written) == (written, "")


NOTATION = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2]

[[index]]
name = 'k'
to = 'K'

[[function]]
name = 'q'
arguments = 1
domain = "(0, 1)"
"""


def test_a_claim_of_a_problem_is_refused_as_an_objective_is():
    with pytest.raises(DerivationError, match="states no relation to check"):
        claim_verdict(NOTATION, r"\min_{q} -\sum_k \log q(k) \quad \text{subject to} \quad \sum_k q(k) = 1")


def test_only_the_row_of_the_constraints_is_left_out():
    written = "\\min_a a^2 \\text{ s.t. } a \\ge 1 \\\\ a^2-1=(a-1)(a+1)"
    read, said = problem_constraints(written)
    assert read.endswith("\\\\ a^2-1=(a-1)(a+1)") and "a \\ge 1" in said

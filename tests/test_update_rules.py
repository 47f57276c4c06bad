r"""A display that is an update rule (issue 13): ``\theta_k \leftarrow m \theta_k + (1-m) \theta_q`` (MoCo,
BYOL), ``m := m - 1``.  It states no relation, so it is never a claim that passes: it is read (both
sides in the notation, their shapes alike) and recorded as a statement not checked, with why."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.pipeline import verify_text

HEADER = """<!-- contrastive-verify
id = "updates"
title = "updates"

[[size]]
name = 'P'
minimum = 1
checked = [1, 2]

[[family]]
name = '\\theta_k'
shape = ['P']

[[family]]
name = '\\theta_q'
shape = ['P']

[[scalar]]
name = 'm'

[[scalar]]
name = 'a'
-->
"""


def document(latex: str, annotation: str = ""):
    return verify_text(HEADER + f'\n<!-- claim: id = "u"{annotation} -->\n$$\n{latex}\n$$\n', suffix=".md").documents[0]


@pytest.mark.parametrize("latex, said", [
    (r"\theta_k \leftarrow m \theta_k + (1-m) \theta_q", r"an update rule, \theta_k \leftarrow m \theta_k + (1-m) "
                                                         r"\theta_q: it gives \theta_k a new value"),
    (r"m := m - 1", "an update rule, m := m - 1: it gives m a new value and states no relation to check"),
    (r"\begin{align*} m \gets m^2, \end{align*}", "an update rule, m \\gets m^2: it gives m a new value"),
    (r"m \leftarrow m + 1, \qquad m \in [0, 1)", "(the condition after it, 'm \\in [0, 1)', is not read)"),
    # the name after a factor and a space, a m (DINO's centre m c): with the spaces gone, 'am' hid it
    (r"m \leftarrow a m", r"an update rule, m \leftarrow a m: it gives m a new value"),
])
def test_an_update_rule_is_read_and_recorded_as_not_checked(latex, said):
    found = document(latex)
    assert found.claims == ()
    (line, reason), = found.document.unchecked
    assert said in reason and "states no relation to check" in reason


def test_an_update_rule_is_not_a_claim_that_passes_in_any_output():
    found = document(r"\theta_k \leftarrow m \theta_k + (1-m) \theta_q")
    assert not any(c.outcome.verdict.value in ("proved", "confirmed") for c in found.claims)


@pytest.mark.parametrize("latex, message", [
    (r"\theta_k \leftarrow m \theta_k + (1-m) \theta_z", r"'\\theta_z' is not declared"),
    (r"\theta_k \leftarrow m + \theta_k \cdot \theta_q",
     r"the update rule gives \\theta_k, a vector of length P, the value of a number"),
])
def test_an_update_rule_whose_sides_do_not_read_is_the_error_they_are(latex, message):
    with pytest.raises(ParseError, match=message):
        document(latex)


def test_an_update_rule_has_nothing_to_expect():
    with pytest.raises(DerivationError, match=r"an update rule, .*'expect' has nothing to apply to"):
        document(r"m \leftarrow m^2", ', expect = "refuted"')


def test_an_assignment_beside_another_relation_is_refused_as_before():
    with pytest.raises(ParseError, match=r"an assignment: an update rule, a map"):
        document(r"\theta_k \leftarrow \theta_k + \theta_q = 0")


# --- fuzzing: random displays around an assignment end in None, a reason, or a placed error ------
from hypothesis import given, strategies as st  # noqa: E402

from contrastive_sym.load.updates import read_update_rule  # noqa: E402
from test_latex_robustness import (FUZZ, SCOPE, TOKENS, WHERE, assert_well_placed, nothing_opened_or_run,  # noqa: E402
                                   outcome, warm)  # noqa: F401  (warm is a fixture)

ASSIGNMENTS = [r"\leftarrow", r"\gets", ":=", r"\coloneqq", "t", "n", "x_1", r"\qquad", ", ", r"\begin{align*}",
               r"\end{align*}", r"\label{a}", "&", r"\\", "="]


@FUZZ
@given(st.lists(st.sampled_from(TOKENS + ASSIGNMENTS), max_size=30).map("".join))
def test_an_assignment_in_random_text_ends_in_a_reason_or_a_placed_error(warm, text):
    with nothing_opened_or_run() as record:
        result = outcome(read_update_rule, text, SCOPE, WHERE)
    assert record.refused == []
    if isinstance(result, ParseError):
        assert_well_placed(result, text, WHERE)
    else:
        assert result is None or result.startswith("an update rule, ")


def test_a_name_inside_a_command_on_the_right_is_not_the_name_again():
    # x in \exp is no use of x: x \gets \exp(m) is not an update rule (in a claim it is refused as before)
    from contrastive_sym.load.updates import read_update_rule
    assert read_update_rule(r"x \gets \exp(m)", SCOPE, WHERE) is None
    assert read_update_rule(r"t \gets t + \tau", SCOPE, WHERE).startswith("an update rule, t \\gets t + \\tau")


def test_an_error_at_the_assignment_is_placed_and_quoted_as_written(warm):
    # found by the fuzz: the assignment is read as =, and an error there quoted the = (not written)
    error = outcome(read_update_rule, r"\frac\leftarrow\frac", SCOPE, WHERE)
    assert isinstance(error, ParseError)
    assert_well_placed(error, r"\frac\leftarrow\frac", WHERE)

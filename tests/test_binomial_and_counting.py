r"""Counts as papers write them (issue 13): ``\binom{2N}{2}`` pairs read as the binomial
coefficient of whole numbers, decided exactly; ``{n \choose k}``, ``n!`` and ``\lfloor x \rfloor``
refused by name with what to write instead.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

COUNTS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}], scalar=[{"name": "a"}],
              family=[{"name": "s", "shape": ["N"]}])


@pytest.mark.parametrize("statement, expected", [
    (r"\binom{N}{2} = \frac{N(N-1)}{2}", "proved"),
    (r"\binom{N}{2} = \frac{N^2}{2}", "refuted"),
    (r"\binom{2N}{2} = N(2N-1)", "proved"),
    (r"\dbinom{N}{1} + \tbinom{N}{0} = N + 1", "proved"),
    # under a sum the index is bound: the coefficient is evaluated at each term
    (r"\sum_{k=0}^{N} \binom{N}{k} = 2^N", "confirmed"),
    (r"\sum_{k=0}^{N} \binom{N}{k} = 2^{N+1}", "refuted"),
])
def test_a_binomial_coefficient_of_whole_numbers(statement, expected):
    assert check_statement(statement, **COUNTS).verdict.value == expected


def test_the_mean_over_pairs_is_undefined_for_one_row():
    outcome = check_statement(r"\frac{1}{\binom{N}{2}}\sum_{j<k} (s_j - s_k)^2 \ge 0", "inequality", **COUNTS)
    assert (outcome.verdict.value, outcome.condition) == ("conditional", "N ≥ 2"), outcome.message


@pytest.mark.parametrize("statement, message", [
    (r"\binom{a}{2} = 1", r"\binom{n}{k} is read for whole numbers (\binom{N}{2} pairs); 'a' is not one"),
    (r"{N \choose 2} = 1", r"'{n \choose k}' is not read; write \binom{n}{k}"),
    (r"N! \ge N", r"'!' (a factorial) is not read; write the product it stands for (\prod_{k=1}^{n} k)"),
    (r"\lfloor N/2 \rfloor \le N", r"'\lfloor' (a rounding to a whole number) is not read"),
    (r"\lceil a \rceil \ge a", r"'\lceil' (a rounding to a whole number) is not read"),
])
def test_other_counting_notation_is_refused_by_name(statement, message):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, "inequality" if "\\ge" in statement or "\\le" in statement else "identity", **COUNTS)
    assert message in str(caught.value)


def test_a_condition_on_the_smallest_size_needs_no_sympy(monkeypatch):
    # the search for why a side is undefined runs SymPy in the sandbox; when it times out
    # (a loaded machine), a step undefined only at the smallest size is still conditional on
    # a larger one, which the sampled sizes alone show
    from contrastive_sym.check.methods import pointwise
    from contrastive_sym.check.symbolic.sandbox import SandboxResult
    real_run = pointwise.sandbox.run

    def definedness_times_out(fn, *args, **kwargs):
        if kwargs.get("what") == "conditions of definedness":
            return SandboxResult(False, failure="timed out after 2 s", timed_out=True)
        return real_run(fn, *args, **kwargs)
    monkeypatch.setattr(pointwise.sandbox, "run", definedness_times_out)
    outcome = check_statement(r"\frac{1}{\binom{N}{2}}\sum_{j<k} (s_j - s_k)^2 \ge 0", "inequality", **COUNTS)
    assert (outcome.verdict.value, outcome.condition) == ("conditional", "N ≥ 2"), outcome.message

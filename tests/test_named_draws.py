r"""Draws named beside the index that numbers them (issue 13): ``\sum_{i=1, \tilde{w}_i \sim Q}^N``,
the N noise words of NCE, each drawn from Q.  The words are the entries of a family of indices
declared beside the index Q draws (``[[family]] name = '\tilde{w}'``, ``role = "index"``, beside
``[[index]] name = '\tilde{w}'``): the sum is read for each draw, a statement of it holds for every
draw, and an average over one draw is ``\mathbb{E}_{\tilde{w}_i \sim Q}``.  An expectation that
would leave open whether it averages over the draws too is refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import verify_text

HEADER = """<!-- contrastive-verify
id = "draws"
title = "draws"

[[size]]
name = 'V'
minimum = 2
checked = [2, 3]

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[index]]
name = '\\tilde{w}'
from = 1
to = 'V'

[[index]]
name = 'c'
from = 1
to = 'V'

[[index]]
name = 'w'
from = 1
to = 'V'

[[family]]
name = '\\tilde{w}'
shape = ['N']
role = "index"
values = [1, 'V']

[[family]]
name = 's'
shape = ['V']

[[distribution]]
name = 'Q'
of = ['\\tilde{w}']
-->

<!-- define: name = 'p(w \\mid c)' -->
$$
p(w \\mid c) = \\frac{e^{s_w}}{\\sum_{v=1}^V e^{s_v}}
$$
"""


def claims(*latex: str, header: str = HEADER):
    text = header + "".join(f'\n<!-- claim: id = "c{n}", kind = "identity" -->\n$$\n{t}\n$$\n'
                            for n, t in enumerate(latex))
    return verify_text(text, suffix=".md").documents[0].claims


def test_a_sum_over_named_draws_holds_for_every_draw():
    found = claims(r"\sum_{i=1, \tilde{w}_i \sim Q}^N \log p(\tilde{w}_i \mid c) = "
                   r"\sum_{\substack{i=1 \\ \tilde{w}_i \sim Q}}^N s_{\tilde{w}_i} - N \log \sum_{v=1}^V e^{s_v}")
    assert found[0].outcome.verdict.value in ("proved", "confirmed")
    assert "is read for each draw of \\tilde{w}'s entries" in found[0].claim.reading


def test_a_statement_false_for_one_draw_is_refuted_with_the_draws_in_the_witness():
    # the sum over the draws is not the sum over the vocabulary
    found = claims(r"\sum_{i=1, \tilde{w}_i \sim Q}^N s_{\tilde{w}_i} = \sum_{v=1}^N s_v")
    assert found[0].outcome.verdict.value == "refuted"
    assert any(name.startswith("\\tilde{w}_") for name in found[0].outcome.witness.values)


def test_one_draw_is_averaged_by_its_expectation():
    found = claims(r"\mathbb{E}_{\tilde{w}_1 \sim Q} s_{\tilde{w}_1} = \sum_{v=1}^V Q(v) s_v",
                   r"\mathbb{E}_{\tilde{w}_1 \sim Q} s_{\tilde{w}_1} = s_{\tilde{w}_1}")
    assert [c.outcome.verdict.value for c in found] == ["proved", "refuted"] or \
        [c.outcome.verdict.value for c in found] == ["confirmed", "refuted"]


def test_an_expectation_of_draws_it_does_not_draw_is_refused():
    with pytest.raises(ParseError, match=r"an expectation of .*draws of an index it does not draw itself"):
        claims(r"\mathbb{E}_{\tilde{w} \sim Q}\left[s_{\tilde{w}} + \sum_{i=1, \tilde{w}_i \sim Q}^N "
               r"s_{\tilde{w}_i}\right] = 0")


@pytest.mark.parametrize("latex, message", [
    (r"\sum_{i=1, \tilde{w}_1 \sim Q}^N s_{\tilde{w}_1} = 0", r"read when the entry is the sum's index i"),
    (r"\sum_{i=1, c_i \sim Q}^N s_i = 0", r"the draws a sum names beside its index are read as the entries"),
])
def test_draws_that_are_not_the_entries_the_sum_numbers_are_refused(latex, message):
    with pytest.raises(ParseError, match=message):
        claims(latex)


def test_the_draws_need_their_family_declared():
    bare = HEADER.replace("[[family]]\nname = '\\tilde{w}'\nshape = ['N']\nrole = \"index\"\nvalues = [1, 'V']\n", "")
    assert bare != HEADER
    with pytest.raises(ParseError, match=r"the draws a sum names beside its index are read as the entries"):
        claims(r"\sum_{i=1, \tilde{w}_i \sim Q}^N s_{\tilde{w}_i} = 0", header=bare)

r"""A display of several equations, each a chain of its own (two posteriors written in one
``aligned``), is one claim per equation, ``<id>-chain-<k>``: a false equation beside a true one is
found, an error in the second points into the document's text, and a row that starts with a
relation still continues the chain above it."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import toml_value, verify_text

HEADER = "\n".join(['id = "c"', 'title = "c"', 'source = "c.txt"',
                    "[[scalar]]", "name = 'u'", 'domain = "positive"',
                    "[[scalar]]", "name = 'k'", 'domain = "positive"', ""])


def claims(latex: str, expect: str | None = None):
    lines = [HEADER, "[[claim]]", 'id = "post"', "line = 3", 'title = "the posteriors"',
             "latex = " + toml_value(latex)] + ([f'expect = "{expect}"'] if expect else [])
    return verify_text("\n".join(lines) + "\n").documents[0].claims


TWO = (r"\begin{aligned} \frac{u}{u + k} &= 1 - \frac{k}{u + k} \\ "
       r"\frac{k}{u + k} &= \frac{u}{u + k} \end{aligned}")


def test_each_equation_is_a_claim_of_its_own():
    found = claims(TWO)
    assert [c.claim.id for c in found] == ["post-chain-1", "post-chain-2"]
    assert [c.outcome.verdict.value for c in found] == ["proved", "refuted"]
    assert found[1].claim.title == "the posteriors (equation 2 of 2)"
    assert all(c.claim.line == 3 for c in found)


def test_a_row_that_starts_with_a_relation_continues_its_chain():
    three = (r"\begin{aligned} \frac{u}{u + k} &= 1 - \frac{k}{u + k} \\ &= \frac{u + k - k}{u + k} \\ "
             r"\frac{k}{u + k} &= 1 - \frac{u}{u + k} \end{aligned}")
    found = claims(three)
    assert [c.claim.id for c in found] == ["post-chain-1", "post-chain-2"]
    assert [c.outcome.verdict.value for c in found] == ["proved", "proved"]


def test_two_equations_separated_by_a_comma_and_a_space_are_two_claims():
    found = claims(r"\frac{u}{u + k} = 1 - \frac{k}{u + k}, \quad \frac{k}{u + k} = 0")
    assert [(c.claim.id, c.outcome.verdict.value) for c in found] == [("post-chain-1", "proved"),
                                                                      ("post-chain-2", "refuted")]


def test_an_error_in_the_second_equation_points_at_its_column():
    latex = r"\frac{u}{u + k} = 1 - \frac{k}{u + k} \\ \frac{k}{u + k} = q"
    with pytest.raises(DerivationError) as caught:
        claims(latex)
    # the q, in the line "latex = '…'" of the claim (9 characters before the formula)
    assert f":{9 + latex.index('q') + 1}: 'q' is not declared" in str(caught.value)


def test_only_selects_the_equations_of_a_claim():
    from contrastive_sym.model.claims import answers_to
    assert answers_to("post-chain-2", "post") and answers_to("post", "post")
    assert not answers_to("post-chain-x", "post") and not answers_to("poster-chain-1", "post")

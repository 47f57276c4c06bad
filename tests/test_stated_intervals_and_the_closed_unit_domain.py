r"""A scalar's domain stated after a formula as a membership, ``f(t) = …, \quad t \in [0, 1]``, and
the domain ``[0, 1]`` (a weight of a convex combination, both ends included).

The membership was read as bounds 0 ≤ t ≤ 1 checked beside the chain, on every row of the display:
a true ``t^2 = t t, \quad t \in [0, 1]`` was refuted at t = 2 (and at t = −1).  It is read as the
domain of t, as ``\tau > 0`` after a formula is: said when the declared domain implies it, refused
otherwise, naming the domain to declare."""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import ParseError
from document_claims import claim_verdict, the_only_claim, with_claim


def notation(domain: str | None) -> str:
    declared = f'domain = "{domain}"\n' if domain else ""
    return f"""
id = "t"
title = "t"
source = "x.md"

[[scalar]]
name = 't'
{declared}"""


@pytest.mark.parametrize("domain", ["[0, 1]", "(0, 1)"])
def test_a_stated_interval_the_domain_implies_is_read_and_said(domain):
    claim = the_only_claim(with_claim(notation(domain), r"t^2 = t t, \quad t \in [0, 1]"))
    assert claim.outcome.verdict.value == "proved"
    assert "states the domain t is declared with" in claim.claim.reading


@pytest.mark.parametrize("domain, stated, wanted", [
    (None, r"t \in [0, 1]", '"[0, 1]"'),
    ("[0, 1]", r"t \in (0, 1)", '"(0, 1)"'),
    ("nonnegative", r"t\in[0, 1]", '"[0, 1]"'),
])
def test_a_stated_interval_the_domain_does_not_imply_is_refused_naming_the_domain(domain, stated, wanted):
    with pytest.raises(ParseError, match=re.escape(f"declare the domain the display states (domain = {wanted}")):
        the_only_claim(with_claim(notation(domain), rf"t^2 = t t, \quad {stated}"))


def test_a_stated_bound_is_checked_against_the_declared_domain():
    # SymPy is told only the sign: that t ≥ 0 of [0, 1] comes from the declared domain
    assert claim_verdict(notation("[0, 1]"), r"t^2 = t t, \quad t \geq 0") == "proved"
    with pytest.raises(ParseError, match="does not imply"):
        the_only_claim(with_claim(notation("[0, 1]"), r"t^2 = t t, \quad t > 0"))


def test_a_definition_states_the_domain_of_its_parameter():
    document = notation("[0, 1]") + r"""
[[define]]
name = 'f'
line = 2
latex = '''f(t) = t^2,\quad t\in[0, 1]'''
"""
    assert claim_verdict(document, r"f(t) \leq t") == "confirmed"
    with pytest.raises(ParseError, match=r"domain = \"\[0, 1\]\""):
        claim_verdict(notation(None) + document.split('"[0, 1]"\n', 1)[1], r"f(t) \leq t")


@pytest.mark.parametrize("domain, verdict", [("[0, 1]", "refuted"), ("(0, 1)", "confirmed")])
def test_the_closed_domain_samples_its_ends(domain, verdict):
    assert claim_verdict(notation(domain), r"t (1 - t) > 0") == verdict

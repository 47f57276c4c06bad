r"""A membership that ends a display (issue 13): ``z = f(x) \in \mathbb{R}^d``,
``p = \frac{1}{1 + e^{-a}} \in (0, 1)``.

A space is decided from the shape of the side before it and said; an interval becomes
bounds checked beside the chain (true ones proved or confirmed, false ones refuted with a
witness); ℝ_+ (two readings) and the sphere of a value not declared of norm 1 are refused
with a message that says why; nothing of it is dropped.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.latex.memberships import drop_trailing_membership, trailing_membership
from contrastive_sym.pipeline import check_statement, verify_text

NOTATION = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2, 3]}],
                scalar=[{"name": "a"}, {"name": "x", "role": "point"}],
                function=[{"name": "f", "arguments": 1, "shape": ["d"]},
                          {"name": "u", "arguments": 1, "shape": ["d"], "role": "unit"}])


def verdict(text: str) -> str:
    return check_statement(text, **NOTATION).verdict.value


def refusal(text: str) -> str:
    with pytest.raises(ParseError) as caught:
        check_statement(text, **NOTATION)
    return str(caught.value)


@pytest.mark.parametrize("text, kind, ends", [
    (r"z = f(x) \in \mathbb{R}^d", "space", ()),
    (r"z = f(x) \in \mathbb{R}^{m \times n}.", "space", ()),
    (r"p \in (0, 1)", "interval", ("0", "1", True, True)),
    (r"p \in \left[0, \frac{1}{2}\right) \label{eq:p}", "interval", ("0", "1/2", False, True)),
    (r"p \in [-1, \infty)", "interval", ("-1", None, False, True)),
    (r"p \in \mathbb{R}_{\geq 0}", "interval", ("0", None, False, True)),
    (r"\begin{aligned} p &= q \in (0, 1] \end{aligned}", "interval", ("0", "1", True, False)),
    (r"z \in \mathbb{S}^{d-1}", "sphere", ()),
    (r"y \in \{-1, +1\}", "finite", ()),
    (r"y_i \in \{\pm 1\}.", "finite", ()),
    (r"m \in \{0, 1\}", "finite", ()),
])
def test_the_membership_that_ends_a_display_is_found(text, kind, ends):
    found = trailing_membership(text)
    assert found is not None and found.kind == kind
    if ends:
        assert (found.low, found.high, found.low_open, found.high_open) == ends
    blanked = drop_trailing_membership(text)
    assert len(blanked) == len(text) and "\\in" not in blanked


@pytest.mark.parametrize("text", [
    r"a^2 \geq 0 \quad \forall a \in \mathbb{R}",          # a quantifier's range, not a membership
    r"\sum_{k \in [N]} s_k",                                 # inside a subscript
    r"p \in (0, 1) + q",                                     # not at the end
    r"p \in S",                                              # a set the notation declares
])
def test_what_is_not_a_trailing_membership_is_left_alone(text):
    assert trailing_membership(text) is None and drop_trailing_membership(text) == text


def test_an_interval_is_checked_as_bounds():
    assert verdict(r"\frac{1}{1 + e^{-a}} \in (0, 1)") == "proved"
    assert verdict(r"a^2 \in [0, \infty)") == "proved"
    outcome = check_statement(r"e^{-a} \in (0, 1)", **NOTATION)
    assert outcome.verdict.value == "refuted" and outcome.witness is not None


def test_an_interval_after_equalities_bounds_every_side():
    assert verdict(r"\frac{e^{a}}{1 + e^{a}} = \frac{1}{1 + e^{-a}} \in (0, 1)") in ("proved", "confirmed")
    assert verdict(r"e^{a} = e^{a} \in (0, 1]") == "refuted"


def test_what_is_not_read_is_refused_saying_why():
    assert "[0, ∞) and (0, ∞)" in refusal(r"a^2 \in \mathbb{R}_{+}")
    assert "[0, ∞) and (0, ∞)" in refusal(r"a^2 \in \mathbb{R}^+")
    assert "bounds the last side only" in refusal(r"a \leq a + 1 \in [0, \infty)")
    assert "says 'f(x)' is a number, and it is a vector of length d" in refusal(r"f(x) \in \mathbb{R}")
    assert "says 'a' is a vector of length d, and it is a number" in refusal(r"a \in \mathbb{R}^d")
    assert 'declare it with role = "unit"' in refusal(r"f(x) \in \mathbb{S}^{d-1}")
    assert "bounds a number, and 'f(x)' is a vector" in refusal(r"f(x) \in (0, 1)")


def test_a_space_alone_is_read_and_states_nothing_to_check():
    assert "'\\in \\mathbb{R}^d' read: 'f(x)' is a vector of length d, as written; it states no relation" \
        in refusal(r"f(x) \in \mathbb{R}^d")
    assert "'\\in \\mathbb{S}^{d-1}' read: 'u(x)' is a vector of length d declared of norm 1" \
        in refusal(r"u(x) \in \mathbb{S}^{d-1}")


DERIVATION = r"""
id = "memberships"
title = "memberships"
source = "memberships.tex"
size = [{name = 'd', minimum = 1, checked = [1, 2]}]
scalar = [{name = 'a'}, {name = 'x', role = "point"}]
function = [{name = 'f', arguments = 1, shape = ['d']}]

[[define]]
name = 'z'
line = 3
latex = 'z = f(x) \in \mathbb{R}^d'

[[define]]
name = 'p'
line = 4
latex = 'p = \frac{1}{1 + e^{-a}} \in (0, 1)'

[[define]]
name = 'q'
line = 5
latex = 'q = e^{-a} \in (0, 1)'

[[claim]]
id = "uses"
title = "uses z"
line = 6
latex = 'z \cdot z = \|f(x)\|^2'
"""


def test_a_definition_ends_with_a_membership_checked_as_a_chain_of_its_own():
    claims = {c.claim.id: c.outcome for c in verify_text(DERIVATION).documents[0].claims}
    assert claims["uses"].verdict.value in ("proved", "confirmed")
    assert claims["p-chain"].verdict.value == "proved"
    assert claims["q-chain"].verdict.value == "refuted" and claims["q-chain"].witness is not None


def test_a_finite_set_is_the_declared_domain_of_the_side():
    notation = dict(scalar=[{"name": "t", "domain": "{-1, 1}"}, {"name": "m", "domain": "binary"}, {"name": "a"}])
    assert check_statement(r"t^2 = 1 \in \{-1, 1\}", **notation).verdict.value == "confirmed"
    assert check_statement(r"m^2 = m \in \{0, 1\}", **notation).verdict.value == "confirmed"
    for text, message in ((r"t \in \{\pm 1\}", "'t' is declared with these values; it states no relation"),
                          (r"a^2 = a a \in \{0, 1\}", 'says \'a a\' takes only the values 0 and 1, which the '
                                                        'notation does not say: declare it with domain = "binary"'),
                          (r"a \in \{-1, 1\}", 'declare it with domain = "{-1, 1}"'),
                          (r"t^2 = 2 \in \{-1, 1\}", "'2' is not one of -1 and 1")):
        with pytest.raises(ParseError) as caught:
            check_statement(text, **notation)
        assert message in str(caught.value), text


@pytest.mark.parametrize("text, read", [
    # 2m − 1 of a binary m is −1 or 1 at each of its values (SigLIP's labels z_{ij} = 2y_{ij} − 1)
    (r"(2m - 1)^2 = 1 \in \{-1, +1\}", True),
    (r"(2m - 1)^2 = 1 \in \{+1, -1\}", True),
    (r"2m - 1 = 2m - 1 \in \{-1, 1\}", True),
    (r"1 - m = 1 - m \in \{1, 0\}", True),
    (r"3m - 1 = 3m - 1 \in \{-1, 1\}", False),
])
def test_an_expression_of_finite_domains_is_decided_at_every_value(text, read):
    notation = dict(scalar=[{"name": "m", "domain": "binary"}])
    if read:
        assert check_statement(text, **notation).verdict.value in ("confirmed", "proved")
    else:
        with pytest.raises(ParseError) as caught:
            check_statement(text, **notation)
        assert "takes only the values -1 and 1" in str(caught.value)


# --- a space the notation does not declare (\mathcal{Z}, \mathcal{R}^{D}) ------------------

NAMED = DERIVATION.split("[[define]]")[0] + r"""
[[set]]
name = '\mathcal{P}'
to = 'd'

[[define]]
name = 'r'
line = 3
latex = 'r = f(x) \in \mathcal{R}^{d}'

[[claim]]
id = "uses"
title = "uses r"
line = 6
latex = 'r \cdot r = \|f(x)\|^2'
"""


def test_a_definition_may_end_in_a_space_the_notation_does_not_declare_said_and_not_checked(capsys):
    run = verify_text(NAMED)
    claims = {c.claim.id: c.outcome for c in run.documents[0].claims}
    assert claims["uses"].verdict.value in ("proved", "confirmed")
    assert set(claims) == {"uses"}                      # no chain of its own: nothing of it is checked
    assert ("the definition of r: '\\in \\mathcal{R}^{d}' read as a space the notation does not declare: "
            "said, not checked") in capsys.readouterr().err


@pytest.mark.parametrize("text, message", [
    (r"f(x) = f(x) \in \mathcal{Z}", "names a space the notation does not declare, so this part of the statement"),
    (r"a = a \in \mathbb{H}^{d}", "names a space the notation does not declare"),
])
def test_in_a_claim_an_undeclared_space_is_refused_since_it_would_go_unchecked(text, message):
    assert message in refusal(text)


def test_a_declared_name_after_in_is_no_space():
    with pytest.raises(ParseError, match=r"is a name of the notation, not a space of values"):
        verify_text(NAMED.replace(r"\mathcal{R}^{d}", r"\mathcal{P}"))

r"""Three things theses write in a derivation's rows (issue 13), read as a mathematician would:

* ``\text{\eqref{eq:INCE}} &= A \\ &= B``: the first side refers to another display, which this
  one does not write; that link is not checked (the reading says so), the chain from A is;
* ``\cancel{\log 1}`` (``\bcancel``, ``\xcancel``): a term struck through is still the term;
  ``\cancelto{v}{x}`` is not read;
* ``E[-\frac{1}{N}(-N \log N)]``: the mean of a constant (sizes and numbers only) is the
  constant, whatever is drawn; a body with a scalar or a family entry is still refused.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, toml_value, verify_text

REALS = dict(scalar=[{"name": "a"}, {"name": "b"}], size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}])


@pytest.mark.parametrize("statement, expected", [
    (r"\text{\eqref{eq:INCE}} & = a + a \\ & = 2a", "proved"),
    (r"\eqref{x} \le a + a \\ & = 3a", "refuted"),
    (r"(\ref{eq:1}) = a b \\ &= b a \\ &\leq a b + 1", "proved"),
])
def test_a_first_side_that_refers_to_another_display_leaves_the_rest_of_the_chain_checked(statement, expected):
    kind = "inequality" if "le" in statement else "identity"
    assert check_statement(statement, kind, **REALS).verdict.value == expected


def test_the_link_to_another_display_is_said_in_the_reading():
    latex = toml_value(r"\text{\eqref{eq:I}} & = a + a \\ & = 2a")
    lines = ['id = "e"', 'title = "e"', 'source = "e.txt"', 'scalar = [{name = "a"}]', "", "[[claim]]",
             'id = "c"', "line = 1", 'title = "c"', 'kind = "identity"',
             f"latex = {latex}"]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0]
    assert "compares with another display, which this one does not write: not checked" in claim.claim.reading


def test_a_reference_with_nothing_after_it_is_refused_naming_it():
    with pytest.raises(DerivationError, match=r"refers to another display"):
        check_statement(r"\eqref{x} = a", **REALS)


@pytest.mark.parametrize("statement, expected", [
    (r"a + \cancel{\log 1} = a", "proved"),
    (r"a - \bcancel{a} + b = b", "proved"),
    (r"a + \xcancel{b} = a", "refuted"),
])
def test_a_term_struck_through_is_the_term(statement, expected):
    assert check_statement(statement, **REALS).verdict.value == expected


def test_cancelto_is_not_read():
    with pytest.raises(DerivationError, match=r"'\\cancelto' is not declared"):
        check_statement(r"a + \cancelto{0}{b} = a", **REALS)


@pytest.mark.parametrize("statement, expected", [
    (r"E\left[-\frac{1}{N}\left(-N\log N\right)\right] = \log N", "proved"),
    (r"E[\log N] = 2 \log N", "refuted"),
])
def test_the_mean_of_a_constant_is_the_constant(statement, expected):
    assert check_statement(statement, **REALS).verdict.value == expected


@pytest.mark.parametrize("statement", [r"E[a^2] = E[a]^2", r"E[\log N + b] = \log N + b"])
def test_the_mean_of_a_declared_scalar_is_still_refused(statement):
    """A scalar may be meant random: E[a^2] = E[a]^2 read as a^2 = a^2 would be proved, falsely."""
    with pytest.raises(DerivationError, match="draws no point"):
        check_statement(statement, **REALS)


@pytest.mark.parametrize("statement, expected", [
    (r"-a*(a-b) = a b - a^2", "proved"),
    (r"2*3 = 6", "proved"),
    (r"a * b = a + b", "refuted"),
])
def test_a_star_between_numbers_is_their_product(statement, expected):
    assert check_statement(statement, **REALS).verdict.value == expected


def test_a_star_between_vectors_is_refused():
    vectors = dict(size=[{"name": "n", "minimum": 2, "checked": [2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
                   family=[{"name": "z", "shape": ["n", "d"], "role": "embedding"}])
    with pytest.raises(DerivationError, match=r"'\*' between two vectors"):
        check_statement(r"z_1 * z_2 = z_1 \cdot z_2", **vectors)


def test_iid_written_under_sim_is_a_note():
    from contrastive_sym.latex.continuations import drop_annotations
    assert drop_annotations(r"x, y \sim_{\text{i.i.d.}} p").split() == ["x,", "y", r"\sim", "p"]
    assert len(drop_annotations(r"x \sim_\mathrm{iid} p")) == len(r"x \sim_\mathrm{iid} p")

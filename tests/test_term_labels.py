r"""Terms a derivation labels and works out further on (issue 13): ``\underbrace{…}_{(1)}`` in one
formula, then ``(1) &= …`` in a later one.  The label is the term under the brace, read in the
notation of the formula that uses it, so the first link is checked as any other (before, it was
said not to be checked, or, alone, refused).  A label stands for the term of the last formula
before the line that uses it; one no earlier formula gives is refused as before."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import toml_key, toml_value, verify_text

REALS = dict(scalar=[{"name": "a"}, {"name": "b"}])
EXPANSION = r"(a + b)^2 = \underbrace{a^2 + b^2}_{(1)} + \underbrace{2ab}_{(2)}"


def _claims(*formulas: tuple[int, str]) -> dict:
    lines = ['id = "d"', 'title = "d"', 'source = "d.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in REALS.items()]
    for number, (line, latex) in enumerate(formulas):
        lines += ["", "[[claim]]", f'id = "c{number}"', f"line = {line}", 'title = "c"', 'kind = "identity"',
                  f"latex = {toml_value(latex)}"]
    document = verify_text("\n".join(lines) + "\n").documents[0]
    return {c.claim.id: c for c in document.claims}


@pytest.mark.parametrize("later, expected", [
    (r"(1) &= a^2 + b^2", "proved"),
    (r"(1) &= (a + b)^2", "refuted"),
    (r"(2) &= 2ab \\ &= ab + ba", "proved"),
    (r"(2) &= 3ab \\ &= 3ba", "refuted"),       # the first link, no longer skipped, is false
    (r"(1) \geq 2ab", "proved"),
])
def test_a_label_is_the_term_an_earlier_formula_labels(later, expected):
    claims = _claims((10, EXPANSION), (20, later))
    assert claims["c0"].outcome.verdict.value == "proved"
    assert claims["c1"].outcome.verdict.value in ((expected, "confirmed") if expected == "proved" else (expected,))
    assert "(1) is the term" in claims["c1"].claim.reading or "(2) is the term" in claims["c1"].claim.reading


def test_the_label_in_force_is_the_last_before_the_line():
    claims = _claims((10, EXPANSION), (20, r"a^2 = \underbrace{a \cdot a}_{(1)}"), (30, r"(1) &= a^2"),
                     (5, r"(1) &= a + b \\ &= b + a"))
    assert claims["c2"].outcome.verdict.value == "proved"
    # before every formula that labels (1): the link compares with what this one does not write
    assert claims["c3"].outcome.verdict.value == "proved"
    assert "not checked" in claims["c3"].claim.reading


def test_a_label_alone_that_no_earlier_formula_gives_is_refused():
    with pytest.raises(DerivationError, match="starts a chain with a label"):
        _claims((10, EXPANSION), (20, r"(3) &= a^2"))


def test_a_term_that_does_not_read_where_it_is_used_is_an_error_naming_the_label():
    # the brace is inside the sum over k: its term x_k names k, which nothing binds at the use
    REALS["size"] = [{"name": "N", "minimum": 1, "checked": [1, 2]}]
    REALS["family"] = [{"name": "x", "shape": ["N"]}]
    try:
        with pytest.raises(DerivationError, match=r"the term labelled \(1\) .* does not read here: 'k' is not declared"):
            _claims((10, r"\sum_{k=1}^N \underbrace{x_k^2}_{(1)} \geq 0"), (20, r"(1) &\geq 0"))
    finally:
        del REALS["size"], REALS["family"]

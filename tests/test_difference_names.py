r"""Names notes write beside the ones they declare (issue 13), read as a mathematician would:

* ``\Delta s(w_c, w_t) = …`` defines the name Δs (a difference the document names so), used as
  ``\Delta s(w_n, w_t)``, when Δ alone is no name; with Δ declared, Δ s is a product as before;
* ``k[i]``, code's indexing, is the sample k_i of a data point k (the keys k[i] of a lecture beside
  its key k), as it is the entry of any declared family;
* ``\mathbb{E}_{w_n \sim p_n}`` draws a declared index whose name has a script, as a letter.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

WORDS = dict(
    size=[{"name": "V", "minimum": 2, "checked": [2, 3]}],
    index=[{"name": "w_c", "from": 1, "to": "V"}, {"name": "w_t", "from": 1, "to": "V"},
           {"name": "w_n", "from": 1, "to": "V"}],
    family=[{"name": "u", "shape": ["V"]}, {"name": "c", "shape": ["V"]}],
    distribution=[{"name": "p_n", "of": ["w_n"]}],
)
DELTA = r"\Delta s(w_c, w_t) = u_{w_c} - c_{w_t}"


def _verdicts(define: str, claims: list[str], **notation) -> dict:
    lines = ['id = "d"', 'title = "d"', 'source = "d.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in notation.items()]
    lines += ["", "[[define]]", 'name = "D"', "line = 1", f"latex = {toml_value(define)}"]
    for number, claim in enumerate(claims):
        lines += ["", "[[claim]]", f'id = "c{number}"', "line = 2", 'title = "c"', 'kind = "identity"',
                  f"latex = {toml_value(claim)}"]
    document = verify_text("\n".join(lines) + "\n").documents[0]
    return {c.claim.id: c.outcome.verdict.value for c in document.claims}


def test_a_difference_is_one_name_defined_and_used_at_other_arguments():
    verdicts = _verdicts(DELTA, [r"\Delta s(w_n, w_t) = u_{w_n} - c_{w_t}",
                                 r"\Delta s(w_t, w_c) = u_{w_c} - c_{w_t}",
                                 r"\mathbb{E}_{w_n \sim p_n} \Delta s(w_n, w_t) = \sum_{w_n=1}^V p_n(w_n) (u_{w_n} - c_{w_t})"],
                         **WORDS)
    assert verdicts == {"c0": "proved", "c1": "refuted", "c2": verdicts["c2"]}
    assert verdicts["c2"] in ("proved", "confirmed")


def test_with_delta_declared_the_head_is_no_name():
    notation = dict(WORDS, scalar=[{"name": r"\Delta"}])
    with pytest.raises(DerivationError, match="the left side of a definition must be a name"):
        _verdicts(DELTA, [], **notation)


def test_a_difference_nothing_defines_is_not_read():
    with pytest.raises(ParseError, match=r"'\\Delta' is not declared"):
        check_statement(r"\Delta s(w_c, w_t) = 0", **WORDS)


SAMPLES = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
    scalar=[{"name": "k", "role": "point"}],
    family=[{"name": "k", "shape": ["N"], "role": "point"}],
    function=[{"name": "S", "arguments": 1}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{i=1}^N S(k[i]) = \sum_{i=1}^N S(k_i)", "proved"),
    (r"\sum_{i=1}^N S(k[i]) = N S(k)", "refuted"),
])
def test_code_indexing_of_a_point_is_its_sample(statement, expected):
    assert check_statement(statement, **SAMPLES).verdict.value == expected

r"""Two ways blog posts and notes write a definition (issue 13), read as a mathematician would.

* A name introduced at the end of a chain: ``P(D=1 \vert v,c) \sim \frac{f}{f + m q} = h_\theta(v,c)``
  (Xie's NCE section) defines h_θ(v, c) by the side before it, in a ``[[define]]`` whose last side
  is a name nothing declares; the links before it are a claim, checked as any other.
* ``\sim`` between two values (asymptotically equal, of the same order, or a model of the left
  side: the display does not say which) is a link that is read and not decided: undecided, with
  the reason, never a pass; the links beside it are checked, and one alone is undecided.
* ``\prod_{l \neq i}^{\mathcal{V}}``: a declared set written above the operator is the range of
  the index written below it.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

REALS = dict(scalar=[{"name": "a", "domain": "positive"}, {"name": "b", "domain": "positive"}])


def _run(define: str, claims: list[str], **notation):
    lines = ['id = "d"', 'title = "d"', 'source = "d.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in notation.items()]
    lines += ["", "[[define]]", 'name = "h"', "line = 1", f"latex = {toml_value(define)}"]
    for number, claim in enumerate(claims):
        lines += ["", "[[claim]]", f'id = "c{number}"', "line = 2", 'title = "c"', 'kind = "identity"',
                  f"latex = {toml_value(claim)}"]
    return verify_text("\n".join(lines) + "\n").documents[0]


@pytest.mark.parametrize("claim, expected", [
    (r"h(a, b) = \frac{a}{a + b}", "proved"),
    (r"h(a, b) = \frac{b}{a + b}", "refuted"),
])
def test_a_name_written_last_is_defined_by_the_side_before_it(claim, expected):
    document = _run(r"a \sim \frac{a}{a+b} = h(a,b)", [claim], **REALS)
    verdicts = {c.claim.id: c.outcome.verdict.value for c in document.claims}
    assert verdicts["c0"] == expected


def test_the_chain_before_the_name_is_checked_and_a_sim_link_is_undecided_with_its_reason():
    document = _run(r"a \sim \frac{a}{a+b} = h(a,b)", [], **REALS)
    chain = next(c for c in document.claims if c.claim.id == "h-chain")
    assert chain.outcome.verdict.value == "undecided"
    assert "∼ between two values" in chain.outcome.message


def test_reading_the_name_written_last_as_the_one_defined_is_said(tmp_path, capsys):
    from contrastive_sym.load import load_all
    path = tmp_path / "d.toml"
    path.write_text('id = "d"\ntitle = "d"\nsource = "d.txt"\n'
                    + "".join(f"{toml_key(t)} = {toml_value(v)}\n" for t, v in REALS.items())
                    + "\n[[define]]\nline = 1\nlatex = 'a + b = b + a = h(a,b)'\n"
                    + '\n[[claim]]\nid = "c"\nline = 2\ntitle = "c"\nkind = "identity"\nlatex = \'h(a, b) = a + b\'\n')
    load_all([str(path)])
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert any("h(a,b), which nothing declares, is written last: the definition names the side before it, "
               "b + a" in w for w in warnings), warnings


@pytest.mark.parametrize("chain, expected", [
    (r"a + b = b + a = h", "proved"),
    (r"a + b = a b = h", "refuted"),
])
def test_a_chain_that_names_its_last_side_is_checked(chain, expected):
    document = _run(chain, [r"h = a + b"], **REALS)
    verdicts = {c.claim.id: c.outcome.verdict.value for c in document.claims}
    assert verdicts["h-chain"] == expected
    # h is the side before it, a b in the false chain: the use follows what was written
    assert verdicts["c0"] == ("proved" if expected == "proved" else "refuted")


def test_a_name_that_is_declared_is_not_read_as_written_last():
    """The last side a declared name: the row is a chain about it, not its definition."""
    with pytest.raises(DerivationError, match="is not declared|neither a definition|must be a name"):
        _run(r"a + b = b + a = a", [], **REALS)


def test_sim_alone_is_read_and_not_decided():
    outcome = check_statement(r"a \sim a + b", **REALS)
    assert outcome.verdict.value == "undecided" and "∼ between two values" in outcome.message


def test_sim_beside_a_decided_link_leaves_that_link_checked():
    assert check_statement(r"a \sim a + b = b + a + 1", **REALS).verdict.value == "refuted"


SET = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}],
           family=[{"name": "x", "shape": ["n"], "domain": "positive"}],
           set=[{"name": r"\mathcal{V}", "members": "x"}],
           index=[{"name": "i", "from": 1, "to": "n"}])


@pytest.mark.parametrize("statement, expected", [
    (r"x_i \prod_{l \neq i}^{\mathcal{V}} x_l = \prod_{l=1}^{n} x_l", "confirmed"),
    (r"\sum_{l}^{\mathcal{V}} x_l = \sum_{l=1}^{n} x_l", "proved"),
    (r"\prod_{l \neq i}^{\mathcal{V}} x_l = \prod_{l=1}^{n} x_l", "refuted"),
])
def test_a_set_written_above_the_operator_is_the_range_of_its_index(statement, expected):
    assert check_statement(statement, **SET).verdict.value == expected


def test_a_set_above_and_a_first_value_below_are_two_ranges():
    with pytest.raises(DerivationError, match="given two ranges"):
        check_statement(r"\sum_{l=1}^{\mathcal{V}} x_l = 1", **SET)


# "f_\text{opt} \propto \frac{p(x|c)}{p(x)} = \frac{p(x, c)}{p(x) p(c)}": a name nothing declares,
# introduced up to a positive factor by the first link (not checked: the factor is not
# written), and a chain after it that is checked as written

@pytest.mark.parametrize("statement, expected", [
    (r"f_\text{opt} \propto a + b = b + a", "proved"),
    (r"g(a, b) \propto \frac{a}{b} = \frac{a^2}{a b}", "proved"),
    (r"f_\text{opt} \propto a + b = a b", "refuted"),
])
def test_a_new_name_introduced_by_propto_leaves_the_rest_of_the_chain_checked(statement, expected):
    assert check_statement(statement, **REALS).verdict.value == expected


def test_the_introduction_by_propto_is_said_in_the_reading():
    from contrastive_sym.latex.translate import translate_rows
    from contrastive_sym.latex.scope import Scope
    import sympy as sp
    scope = Scope().bind("a", sp.Symbol("a", positive=True)).bind("b", sp.Symbol("b", positive=True))
    rows = translate_rows(r"f_\text{opt} \propto a + b = b + a", scope)
    assert any(r"'f_\text{opt} \propto' introduces f_\text{opt} up to a positive factor" in r
               for r in rows[-1].readings)


@pytest.mark.parametrize("statement, message", [
    (r"a \propto a + b = b + a", r"∝: undecided, not checked"),     # a declared name: a link of the chain
    (r"\frac{a}{b} \propto a = a", r"∝: undecided, not checked"),   # not a name
])
def test_propto_after_a_declared_name_stays_a_link_that_is_not_decided(statement, message):
    outcome = check_statement(statement, **REALS)
    assert outcome.verdict.value == "undecided" and message in outcome.message


def test_propto_with_nothing_to_check_after_it_is_not_an_introduction():
    # a modelling statement: nothing decided after it
    with pytest.raises(DerivationError, match="is not declared"):
        check_statement(r"f_\text{opt} \propto a + b", **REALS)

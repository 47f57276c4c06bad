r"""Distributions over the values of an index (issues 13 and 14): ``[[distribution]]`` with
``of`` an ``[[index]]`` (and ``given`` another: ``p_u^+``, for each user u a distribution
over items), expectations ``\mathbb{E}_u``, ``\mathbb{E}_{i \sim p_u^+}[…]`` and sums over N
sampled indices ``\sum_{j \sim p}^N`` inside them, as recommendation losses write them.

The reading is compared with the nodes built by hand; the checker writes the tables out
with unknown positive weights per value of what a distribution is given: true statements
(constants, bounds, Jensen, linearity over the draws) must be confirmed, false ones
refuted with the weights as witness, and misuses refused with what is wrong.
"""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.latex.scope import Family, Scope
from contrastive_sym.latex.translate import translate_expr
from contrastive_sym.latex.translate.draws import IndexDistribution
from contrastive_sym.model.distributions import IndexExpectation, SampledSum
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "n", "minimum": 2, "checked": [2, 3]}, {"name": "N", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": "c"}],
    family=[{"name": "s", "shape": ["n", "n"]}, {"name": "t", "shape": ["n"]}],
    index=[{"name": "u", "from": 1, "to": "n"}, {"name": "i", "from": 1, "to": "n"},
           {"name": "j", "from": 1, "to": "n"}],
    distribution=[{"name": r"p_{\mathcal{U}}", "of": ["u"]}, {"name": "p_u^+", "of": ["i"], "given": ["u"]},
                  {"name": "p", "of": ["j"]}],
)


def outcome(statement: str, kind: str = "identity", **changes):
    return check_statement(statement, kind, **dict(NOTATION, **changes))


# --- the reading, against the nodes built by hand -----------------------------------------

n, N = sp.Symbol("n", integer=True, positive=True), sp.Symbol("N", integer=True, positive=True)
u, i, j = (sp.Symbol(name, integer=True, positive=True) for name in "uij")
s, t = sp.IndexedBase("s"), sp.IndexedBase("t")
P_U, P_PLUS, P = sp.Symbol("pU"), sp.Symbol("pplus"), sp.Symbol("p")


def _scope() -> Scope:
    scope = Scope().bind("n", n).bind("N", N).bind("s", Family(s, (n, n))).bind("t", Family(t, (n,)))
    for symbol in (u, i, j):
        scope = scope.bind(symbol.name, symbol).with_index_range(symbol, sp.S.One, n)
    return (scope.bind(r"p_{\mathcal{U}}", IndexDistribution(r"p_{\mathcal{U}}", P_U, (u,), ("u",), sp.S.One, n))
            .bind("p^+", IndexDistribution("p_u^+", P_PLUS, (i,), ("i",), sp.S.One, n, "u"))
            .bind("p", IndexDistribution("p", P, (j,), ("j",), sp.S.One, n)))


def _drawn(name: str, number: int = 1) -> sp.Dummy:
    return sp.Dummy(f"{name}~{number}", dummy_index=number, integer=True)


def test_an_expectation_over_users_then_items_given_the_user_reads_as_nested_draws():
    expr = translate_expr(r"\mathbb{E}_u \mathbb{E}_{i \sim p_u^+} s_{ui}", _scope())
    du, di = _drawn("u"), _drawn("i")
    inner = IndexExpectation(s[du, di], di, P_PLUS, 1, n, du)
    assert expr == IndexExpectation(inner, du, P_U, 1, n)


@pytest.mark.parametrize("written", [r"\mathbb{E}_{i \sim p_k^+}[t_i]", r"\mathbb{E}_{i \sim p^+_k}(t_i)",
                                     r"\mathbb{E}_{i \sim p_{k}^{+}} \left[ t_i \right]"])
def test_a_use_puts_its_own_index_in_for_what_the_distribution_is_given(written):
    k = sp.Symbol("k", integer=True, positive=True)
    scope = _scope().bind("k", k).with_index_range(k, sp.S.One, n)
    di = _drawn("i")
    assert translate_expr(written, scope) == IndexExpectation(t[di], di, P_PLUS, 1, n, k)


def test_a_name_declared_whole_is_that_distribution_not_the_one_given_an_index():
    p_i_plus = sp.Symbol("piplus")
    scope = _scope().bind("p_i^+", IndexDistribution("p_i^+", p_i_plus, (i,), ("i",), sp.S.One, n))
    di = _drawn("i")
    assert translate_expr(r"\mathbb{E}_{i \sim p_i^+} t_i", scope) == IndexExpectation(t[di], di, p_i_plus, 1, n)
    assert translate_expr(r"\mathbb{E}_{i \sim p_j^+} t_i", scope) == IndexExpectation(t[di], di, P_PLUS, 1, n, j)
    assert translate_expr(r"\mathbb{E}_{i \sim p_2^+} t_i", scope) == IndexExpectation(t[di], di, P_PLUS, 1, n, 2)
    with pytest.raises(ParseError, match=r"p_u\^\+ takes one index \(or a whole number\) in place of u"):
        translate_expr(r"\mathbb{E}_{i \sim p_{j+1}^+} t_i", scope)


def test_a_sum_over_n_draws_reads_inside_an_expectation_with_its_own_index():
    expr = translate_expr(r"\mathbb{E}_{u}[\log(1 + \sum_{j \sim p}^N e^{s_{uj}})]", _scope())
    du = _drawn("u")
    (sampled,) = expr.atoms(SampledSum)
    dj = sampled.args[1]
    assert isinstance(dj, sp.Dummy) and dj != j
    assert sampled == SampledSum(sp.exp(s[du, dj]), dj, P, 1, n, N)
    assert expr == IndexExpectation(sp.log(1 + sampled), du, P_U, 1, n)


# --- verdicts --------------------------------------------------------------------------

@pytest.mark.parametrize("statement, kind", [
    (r"\mathbb{E}_{i \sim p_u^+}[c] = c", "identity"),
    (r"\mathbb{E}_u \mathbb{E}_{i \sim p_u^+} s_{u,i} \le \sum_{k=1}^{n} \sum_{l=1}^{n} |s_{k,l}|", "inequality"),
    (r"\mathbb{E}_{j \sim p}[\log e^{t_j}] \le \log \mathbb{E}_{j \sim p} e^{t_j}", "inequality"),
    (r"\mathbb{E}_{u}[\sum_{j \sim p}^N t_j] = N \mathbb{E}_{j \sim p} t_j", "identity"),
    (r"\mathbb{E}_{i \sim p_u^+}[\sum_{j \sim p_i^+}^N s_{i,j}] = N \mathbb{E}_{i \sim p_u^+} "
     r"\mathbb{E}_{j \sim p_i^+} s_{i,j}", "identity"),
    (r"\mathbb{E}_{u} \log (e^{s_{u,u}} + \sum_{j \sim p_u^+}^N e^{s_{u,j}}) \ge \mathbb{E}_{u} s_{u,u}",
     "inequality"),
    (r"\mathbb{E}_u \mathbb{E}_{i \sim p_u^+} (s_{u,i} + c) = c + \mathbb{E}_u \mathbb{E}_{i \sim p_u^+} s_{u,i}",
     "identity"),
    # under a sum reached by + and × only, shared or fresh draws have one expectation
    (r"\mathbb{E}_{u} \sum_{k=1}^{n} \sum_{j \sim p}^N s_{k,j} = N \sum_{k=1}^{n} \mathbb{E}_{j \sim p} s_{k,j}",
     "identity"),
])
def test_true_statements_about_every_distribution_of_indices_are_confirmed(statement, kind):
    result = outcome(statement, kind)
    assert result.verdict.value in ("proved", "confirmed"), result.message


@pytest.mark.parametrize("statement", [
    r"\mathbb{E}_{j \sim p}[\log e^{t_j}] = \log \mathbb{E}_{j \sim p} e^{t_j}",     # Jensen as an equality
    r"\mathbb{E}_{u}[\sum_{j \sim p}^N t_j] = \mathbb{E}_{j \sim p} t_j",            # the N dropped
    r"\mathbb{E}_u \mathbb{E}_{i \sim p_u^+} s_{u,i} = \mathbb{E}_u s_{u,u}",
    r"\mathbb{E}_{i \sim p_u^+} t_i = \frac{1}{n} \sum_{k=1}^{n} t_k",               # not uniform
    # log of the expected sum is not the expected log (the draws are averaged inside)
    r"\mathbb{E}_{u} \log (1 + \sum_{j \sim p}^N e^{t_j}) = \log (1 + N \mathbb{E}_{j \sim p} e^{t_j})",
])
def test_false_statements_are_refuted_with_the_weights_as_witness(statement):
    result = outcome(statement)
    assert result.verdict.value == "refuted", result.message
    assert any(name.startswith(r"\tilde{") for name in result.witness.values)


@pytest.mark.parametrize("statement, kind, expected", [
    # importance sampling: right, and with the ratio upside down
    (r"\mathbb{E}_{j \sim q}[\frac{p(j)}{q(j)} t_j] = \mathbb{E}_{j \sim p} t_j", "identity", "confirmed"),
    (r"\mathbb{E}_{j \sim q}[\frac{q(j)}{p(j)} t_j] = \mathbb{E}_{j \sim p} t_j", "identity", "refuted"),
    (r"\mathbb{E}_{u}[\sum_{j \sim q}^N \frac{p(j)}{q(j)} t_j] = N \mathbb{E}_{j \sim p} t_j", "identity",
     "confirmed"),
    (r"\sum_{k=1}^{n} p(k) = 1", "identity", "confirmed"),
    (r"p(1) + p(2) = 1", "identity", "refuted"),             # n = 3 leaves p(3) > 0
    (r"\mathbb{E}_{j \sim p} t_j = \sum_{k=1}^{n} p(k) t_k", "identity", "confirmed"),
    (r"\mathbb{E}_u \sum_{k=1}^{u} p(k) \le 1", "inequality", "confirmed"),
])
def test_the_probability_of_a_value_of_an_index(statement, kind, expected):
    result = outcome(statement, kind, distribution=NOTATION["distribution"] + [{"name": "q", "of": ["j"]}])
    assert result.verdict.value == expected, result.message


def test_a_probability_outside_the_range_is_an_error_naming_it():
    result = outcome(r"\mathbb{E}_u \sum_{k=1}^{u+1} p(k) \le 1", "inequality")
    assert result.verdict.value == "error"
    assert "the probability of the value 3 of an index drawn over 1 … 2" in result.message


def test_the_body_index_is_the_drawn_one_and_a_free_index_outside_is_not():
    # outside the expectation u is the free index; inside, the drawn one
    assert outcome(r"\mathbb{E}_u t_u = t_u").verdict.value == "refuted"
    assert outcome(r"\mathbb{E}_u t_u + t_u = t_u + \mathbb{E}_{u} t_u").verdict.value in ("proved", "confirmed")
    # the distribution given u outside: every table of p_u^+ is checked at each u
    assert outcome(r"\mathbb{E}_{i \sim p_u^+} s_{u,i} = \mathbb{E}_{i \sim p_u^+} s_{1,i}").verdict.value \
        == "refuted"


# --- refusals --------------------------------------------------------------------------

@pytest.mark.parametrize("statement, message", [
    (r"\sum_{j \sim p}^N t_j = 1",
     r"a sum over sampled indices (\sum_{j \sim p}^N) outside any expectation is random; it is read only "
     r"inside \mathbb{E}[…], which averages over its draws"),
    (r"\mathbb{E}_{u} \sum_{j \sim p} t_j = 1", r"\sum_{j \sim p} needs the number of draws: \sum_{j \sim p}^N"),
    (r"\mathbb{E}_u \sum_{j \sim p}^{c} t_j = 1",
     "the number of draws of a sampled sum is a positive whole number (a declared size)"),
    (r"\mathbb{E}_{u}[\sum_{j \sim p}^N t_j + \sum_{j \sim p}^N t_j] = 1",
     "two sums over sampled indices in one expectation: whether they share their draws or draw "
     "independently is not written; write one"),
    (r"\mathbb{E}_{i \sim p^+} t_i = 1", "the distribution p_u^+ depends on u: write it with the index put in, p_u^+"),
    (r"\mathbb{E}_{k \sim p} t_k = 1",
     "'k' drawn from p is not a declared [[index]] (the letter an expectation draws is declared as an index)"),
    (r"\mathbb{E}_{p^+} t_i = 1", r"\mathbb{E}_{p_u^+}: write the index it draws, \mathbb{E}_{i \sim p_u^+}"),
    (r"\mathbb{E}_{i} t_i = 1", r"\mathbb{E}_{i}: i is drawn by p_u^+, which depends on u; write i \sim p_u^+"),
    (r"p(j, u) = 1", r"p(k) is read for a distribution of an index that is given nothing, at one index k"),
    (r"p(c) = 1", r"p(k): k is an index or a whole number"),
    (r"\mathbb{E}_{(u, i) \sim p_u^+} t_i = 1", r"p_u^+ draws one index: write i \sim p_u^+"),
    (r"\mathbb{E}_{u \sim p_u^+} t_u = 1",
     r"'u \sim p_u^+' draws u from a distribution given u itself: draw another letter"),
    (r"\mathbb{E}_{u}[\sum_{j \sim p_j^+}^N t_j] = 1",
     r"'j \sim p_j^+' draws j from a distribution given j itself: draw another letter"),
    (r"\mathbb{E}_{u} \log \sum_{k=1}^{n} (1 + \sum_{j \sim p}^N s_{k,j}) = 1",
     "a sum over sampled indices inside a sum under a function (log Σ_i …): whether its terms share one set "
     "of draws or each draws anew is not written, and the expectations differ"),
    (r"\mathbb{E}_{u} \sum_{k=1}^{n} \log(1 + \sum_{j \sim p_k^+}^N s_{k,j}) = 1",
     "a sum over sampled indices inside a sum (or max) whose index its distribution or number of draws "
     "uses: whether each term draws anew is not written"),
])
def test_misuses_are_refused_with_what_is_wrong(statement, message):
    with pytest.raises(ParseError) as caught:
        outcome(statement)
    assert message in str(caught.value)


def test_a_refusal_names_line_and_column():
    # the claim's formula starts at column 10 of line 15 of the file check_statement writes
    with pytest.raises(ParseError) as caught:
        outcome(r"\mathbb{E}_{k \sim p} t_k = 1")
    assert ":15:22:" in str(caught.value)
    with pytest.raises(ParseError) as caught:       # the side that holds the random sum
        outcome(r"1 = 1 + \sum_{j \sim p}^N t_j")
    assert ":15:14:" in str(caught.value)


def test_an_index_declared_distinct_from_another_is_not_drawn():
    index = [{"name": "u", "from": 1, "to": "n"}, {"name": "i", "from": 1, "to": "n", "distinct_from": ["u"]},
             {"name": "j", "from": 1, "to": "n"}]
    with pytest.raises(ParseError) as caught:
        outcome(r"\mathbb{E}_{i \sim p_u^+} t_i = 1", index=index)
    assert "'i' is declared distinct from another index (distinct_from)" in str(caught.value)


@pytest.mark.parametrize("entry, message", [
    ({"name": "q", "of": ["u", "i"]}, "distribution q: a distribution of indices draws one declared [[index]]"),
    ({"name": "q_u", "of": ["i"], "given": ["u", "j"]}, "distribution q_u: 'given' names the one index"),
    ({"name": "q_u", "of": ["i"], "given": ["c"]}, "distribution q_u: 'c' in 'given' is not a declared [[index]]"),
    ({"name": "c_u", "of": ["i"], "given": ["u"]},
     "distribution c_u: c, its name without the index it is given, is declared already"),
    ({"name": "q^+", "of": ["i"], "given": ["u"]},
     "distribution q^+: it depends on u, so its name writes u once as a subscript (p_u^+)"),
])
def test_bad_declarations_name_the_key(entry, message):
    with pytest.raises(DerivationError) as caught:
        outcome("1 = 1", distribution=[entry])
    assert message in str(caught.value)


def test_a_distribution_used_through_e_u_or_with_its_index_put_in_is_not_reported_unused(capsys):
    index = NOTATION["index"] + [{"name": "k", "from": 1, "to": "n"}]
    outcome(r"\mathbb{E}_u \mathbb{E}_{i \sim p_k^+}[c + s_{u,i}] = \mathbb{E}_{j \sim p} N t_j", index=index)
    warnings = capsys.readouterr().err
    assert "is declared but no claim" not in warnings, warnings
    outcome(r"\mathbb{E}_{j \sim p} N t_j = c", index=index)
    warnings = capsys.readouterr().err
    assert "the distribution 'p_u^+' is declared but no claim" in warnings
    assert "the distribution 'p_{\\\\mathcal{U}}' is declared but no claim" in warnings


# --- a defined random quantity: a sum over sampled indices in a definition ---------------

NORMALISER = [{"name": r"\mathcal{N}", "line": 1, "latex": r"\mathcal{N} = e^{c} + \sum_{j \sim p}^N e^{s_{u,j}}"}]


@pytest.mark.parametrize("statement, expected", [
    # a use inside an expectation is averaged over the draws of its sampled sum
    (r"\mathbb{E}_u [\mathcal{N}] = e^{c} + N \mathbb{E}_u \mathbb{E}_{j \sim p} e^{s_{u,j}}", "confirmed"),
    (r"\mathbb{E}_u [\mathcal{N}] = e^{c} + (N + 1) \mathbb{E}_u \mathbb{E}_{j \sim p} e^{s_{u,j}}", "refuted"),
    # used twice in one expectation it is one draw: N·N is N², never a product of two draws
    (r"\mathbb{E}_u [\mathcal{N} \cdot \mathcal{N}] = \mathbb{E}_u [\mathcal{N}^2]", "confirmed"),
    (r"\mathbb{E}_u [\log \mathcal{N}] \leq \log \mathbb{E}_u [\mathcal{N}]", "confirmed"),
])
def test_a_definition_may_be_random_and_its_uses_are_averaged(statement, expected):
    kind = "inequality" if r"\leq" in statement else "identity"
    assert outcome(statement, kind, define=NORMALISER).verdict.value == expected


def test_a_random_definition_used_outside_every_expectation_is_refused_where_it_is_used():
    with pytest.raises(DerivationError, match="outside any expectation is random") as caught:
        outcome(r"\mathcal{N} \geq e^{c}", "inequality", define=NORMALISER)
    assert "derivation.toml:16:" in str(caught.value)      # the claim's line, where it is used


def test_an_expectation_under_a_distribution_of_an_index_draws_that_index():
    r"""\mathbb{E}_{p}[…] of a p over the index j draws j, as \mathbb{E}_{j \sim p} (a memory bank's
    \mathbb{E}_{P_d}); it was refused, asking for the index."""
    assert outcome(r"\mathbb{E}_{p} [t_j] = \mathbb{E}_{j \sim p} [t_j]").verdict.value in ("proved", "confirmed")
    assert outcome(r"\mathbb{E}_{p} [t_j] = t_1").verdict.value == "refuted"


def test_a_distribution_written_at_an_index_of_its_range_is_the_distribution():
    # c_N \sim P_n(c) of word2vec posts: the density's letter is a dummy of the range it is over
    extra = dict(size=NOTATION["size"] + [{"name": "m", "minimum": 2, "checked": [2]}],
                 index=NOTATION["index"] + [{"name": "k", "from": 1, "to": "m"}])
    assert outcome(r"\mathbb{E}_{j \sim p(i)}[t_j] = \mathbb{E}_{j \sim p}[t_j]", **extra).verdict.value in (
        "proved", "confirmed")
    assert outcome(r"\mathbb{E}_{j \sim p(i)}[t_j] = t_i", **extra).verdict.value == "refuted"
    with pytest.raises(DerivationError) as caught:     # an index of another range: not p's letter
        outcome(r"\mathbb{E}_{j \sim p(k)}[t_j] = 0", **extra)
    assert "p draws over 1 … n, and what it is written at is not an index of that range" in str(caught.value)

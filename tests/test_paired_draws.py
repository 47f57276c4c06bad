r"""Expectations over N pairs drawn from a joint (issue 13): lecture notes and theses write the
InfoNCE bound as ``I(X, Y) \geq E[\frac{1}{N} \sum_i \log \frac{e^{f(x_i, y_i)}}{\frac{1}{N}
\sum_j e^{f(x_i, y_j)}}]`` with (x_i, y_i) drawn from p(x, y), independently for each i.  With
p declared over the families x and y, a bare expectation of their entries is that draw (said
in the readings).  The verdicts are the mathematics, checked by hand: the bound holds, and
I_NCE ≤ log N; I_NCE ≤ 0 is false at N = 2 (a dependent joint and a critic that sees it,
e.g. weights 1, 1, 0.1, 1 and f = 1 on one cell: I_NCE = 0.0081 > 0), and so is I ≤ I_NCE.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

PAIRS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
             family=[{"name": "x", "shape": ["N"], "role": "point"}, {"name": "y", "shape": ["N"], "role": "point"}],
             function=[{"name": "f", "arguments": 2}], distribution=[{"name": "p", "of": ["x", "y"]}],
             quantity=[{"name": "I(X,Y)", "meaning": "mutual information", "of": "p"}])
NCE = r"E\left[ \frac{1}{N} \sum_{i = 1}^N \log \frac{e^{f(x_i,y_i)}}{\frac{1}{N}\sum_{j=1}^N e^{f(x_i,y_j)}}\right]"


@pytest.mark.parametrize("statement, expected", [
    (r"I(X,Y) \geq " + NCE, "confirmed"),
    (NCE + r" \leq \log N", "confirmed"),
    (r"I(X,Y) \leq " + NCE, "refuted"),
    (NCE + r" \leq 0", "refuted"),
])
def test_the_infonce_bound_over_pairs_drawn_from_the_joint(statement, expected):
    assert check_statement(statement, "inequality", **PAIRS).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    # each pair from the joint, the pairs alike and independent of each other
    (r"E[f(x_1, y_1)] = E[f(x_2, y_2)]", "confirmed"),
    (r"E[f(x_1, y_1)] = E[f(x_1, y_2)]", "refuted"),
])
def test_pairs_are_drawn_jointly_and_independently_of_each_other(statement, expected):
    notation = dict(PAIRS, size=[{"name": "N", "minimum": 2, "checked": [2]}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_the_pairs_may_be_the_samples_of_two_points_written_with_subscripts():
    """A thesis writes x for an anchor and x_i, y_i for the pairs: with p declared over the points
    x and y, their samples x_1 … x_N and y_1 … y_N are values of its coordinates, drawn in
    pairs; the bound's name at the end of the chain (\\triangleq I_{NCE}(X,Y)) is a definition,
    read and not checked."""
    notation = dict(PAIRS, scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}],
                    distribution=[{"name": "p", "of": ["x", "y"]}])
    statement = r"I(X,Y) \geq " + NCE + r" \triangleq I_{NCE}(X,Y)"
    assert check_statement(statement, "inequality", **notation).verdict.value == "confirmed"
    assert check_statement(r"I(X,Y) \leq " + NCE + r" =: I_{NCE}", "inequality",
                           **notation).verdict.value == "refuted"


EVENTS = dict(size=[{"name": "m", "minimum": 1, "checked": [1, 2]}],
              scalar=[{"name": "v", "role": "point"}, {"name": "c", "role": "point"}],
              family=[{"name": "v", "shape": ["m + 1"], "role": "point"}],
              distribution=[{"name": r"\tilde{p}", "of": ["v", "c"]}, {"name": "q", "of": ["v"]}],
              define=[{"name": "P", "line": 1, "latex": r"""
\begin{split}
P(D=1 \vert v,c)&=\frac{\tilde{p}(v \vert c)}{\tilde{p}(v \vert c)+m\cdot q(v)}\\
P(D=0 \vert v,c)&=\frac{m\cdot q(v)}{\tilde{p}(v \vert c)+m\cdot q(v)}
\end{split}"""}])


@pytest.mark.parametrize("statement, expected", [
    (r"P(D=0 \vert v,c) = 1-P(D=1 \vert v,c)", "confirmed"),
    (r"\frac{P(D=1 \vert v_i,c)}{P(D=0 \vert v_i,c)}=\frac{1}{m}\frac{\tilde{p}(v_i \vert c)}{q(v_i)}", "confirmed"),
    (r"\frac{P(D=1 \vert v_i,c)}{P(D=0 \vert v_i,c)}=\frac{\tilde{p}(v_i \vert c)}{q(v_i)}", "refuted"),
])
def test_probabilities_defined_at_events_of_a_label_named_only_there(statement, expected):
    """NCE's P(D=1 | v, c) and P(D=0 | v, c): two definitions of one letter at two events of a
    label D the notation does not declare, each keyed with its event; v_i, a sample of v (the
    members of the post's sample set), is a value of v's coordinate."""
    notation = dict(EVENTS, index=[{"name": "i", "from": 1, "to": "m + 1"}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_a_plain_E_read_as_the_expectation_is_said_in_the_readings():
    """Reading an undeclared E as the expectation is a choice: the claim's reading says it."""
    from contrastive_sym.pipeline import toml_key, toml_value, verify_text
    lines = ['id = "e"', 'title = "e"', 'source = "e.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in PAIRS.items()]
    statement = NCE + r" \leq \log N"
    lines += ["", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"', 'kind = "inequality"',
              f"latex = {toml_value(statement)}"]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0]
    assert "E, which the notation does not declare, is read as the expectation" in claim.claim.reading


# Poole et al.'s bounds as a review writes them: p over X and Y, r over X alone (the
# proposal of the other samples), X_1 … X_K beside the values x_1 … x_K, and a bare E
POOLE = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2]}],
             scalar=[{"name": "X", "role": "point"}, {"name": "Y", "role": "point"},
                     {"name": "x", "role": "point", "value_of": "X"}, {"name": "y", "role": "point", "value_of": "Y"}],
             family=[{"name": "x", "shape": ["K"], "role": "point"}, {"name": "y", "shape": ["K"], "role": "point"},
                     {"name": "X", "shape": ["K"], "role": "point"}],
             distribution=[{"name": "p", "of": ["X", "Y"]}, {"name": "r", "of": ["X"]}],
             quantity=[{"name": "I(X;Y)", "meaning": "mutual information", "of": "p"}])
VAE = (r"\mathbb{E}\left[\frac{1}{K} \sum_{i=1}^{K} \log \frac{p(y_{i} \mid x_{i})}"
       r"{\frac{1}{K} \sum_{j=1}^{K} p(y_{i} \mid x_{j})}\right]")


@pytest.mark.parametrize("statement, expected", [
    (r"I(X;Y) \geq " + VAE, "confirmed"),
    (r"I(X;Y) \leq " + VAE, "refuted"),
])
def test_a_bare_expectation_is_over_the_one_distribution_that_draws_every_point(statement, expected):
    """r draws X but not Y: only p draws both x_i and y_i, so E[…] is over K pairs from p,
    and the reading says why r is not it.  X_1 … X_K are values of X too; the body uses
    x_1 … x_K, the samples of the point x, which are what it pairs with y_i."""
    from contrastive_sym.pipeline import toml_key, toml_value, verify_text
    lines = ['id = "e"', 'title = "e"', 'source = "e.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in POOLE.items()]
    lines += ["", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"', 'kind = "inequality"',
              f"latex = {toml_value(statement)}"]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0]
    assert claim.outcome.verdict.value == expected
    assert "over p, the one declared distribution that draws every point it averages (r draws only some)" \
        in claim.claim.reading


def test_two_distributions_that_each_draw_every_point_leave_a_bare_expectation_unclear():
    notation = dict(POOLE, distribution=[{"name": "p", "of": ["X", "Y"]}, {"name": "q", "of": ["X", "Y"]}])
    with pytest.raises(ParseError, match="drawn by p and q, so which it averages over is not written"):
        check_statement(r"I(X;Y) \geq " + VAE, "inequality", **notation)


def test_negatives_declared_as_values_beside_the_samples_are_not_paired_by_choice():
    """x^- declared value_of X beside x_1 … x_K: which family pairs with y is not written
    when the body uses x^-, so it is refused rather than paired."""
    notation = dict(POOLE, family=POOLE["family"] + [{"name": "x^-", "shape": ["K"], "role": "point",
                                                        "value_of": "X"}])
    body = r"\mathbb{E}\left[\frac{1}{K} \sum_{i=1}^{K} \log p(y_i \mid x^-_i)\right] \leq 0"
    with pytest.raises(ParseError, match="does not draw as written"):
        check_statement(body, "inequality", **notation)

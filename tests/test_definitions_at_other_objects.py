r"""A definition whose arguments are declared objects, used at other objects of the same kind: the
cross-entropy ``H(p, q) = -\sum_x p(x) \log q(x)`` at ``H(p, p)`` (the entropy, in KL = H(p, q) − H(p, p)),
a function of a vector ``f(u)`` at ``f(v)``.  The definition is read again with the object the use writes
in place of its own, as a mathematician substitutes an argument; the reading says so.  An object of
another kind or shape (a vector of another length) is no argument of it: refused, as before."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

FACES = dict(size=[{"name": "K", "minimum": 2, "checked": [2, 3]}],
             index=[{"name": "x", "from": 1, "to": "K"}, {"name": "X", "from": 1, "to": "K"}],
             distribution=[{"name": "p", "of": ["X"], "discrete": True}, {"name": "q", "of": ["X"], "discrete": True}],
             define=[{"name": "H(p, q)", "line": 1, "latex": r"H(p, q) = - \sum_x p(x) \log q(x)"}])

VECTORS = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2, 3]}, {"name": "m", "minimum": 1, "checked": [1, 2]}],
               index=[{"name": "k", "from": 1, "to": "d"}],
               family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}, {"name": "w", "shape": ["m"]}],
               define=[{"name": "f(u)", "line": 1, "latex": r"f(u) = \sum_{k=1}^{d} u_k^2"}])


@pytest.mark.parametrize("statement, kind, expected", [
    (r"H(p, p) = - \sum_x p(x) \log p(x)", "identity", {"proved", "confirmed"}),
    (r"\mathbb{E}_{p}\left[\log\frac{p(X)}{q(X)}\right] = H(p, q) - H(p, p)", "identity", {"proved", "confirmed"}),
    (r"H(p, q) - H(p, p) \ge 0", "inequality", {"proved", "confirmed"}),
    # the arguments swapped: the cross-entropy is not symmetric
    (r"H(q, p) = - \sum_x p(x) \log q(x)", "identity", {"refuted"}),
    (r"H(p, q) - H(p, p) \le 0", "inequality", {"refuted"}),
])
def test_a_distribution_in_place_of_another(statement, kind, expected):
    assert check_statement(statement, kind, **FACES).verdict.value in expected


def test_a_density_in_place_of_another_at_the_same_point():
    # D_f(p_data(x) || q(x)) = Σ q (p_data/q)², written later of any p (f-GAN posts): the definition at p
    notation = dict(index=[{"name": "x", "from": 1, "to": "K"}], size=[{"name": "K", "minimum": 2, "checked": [2, 3]}],
                    distribution=[{"name": n, "of": ["x"], "discrete": True} for n in (r"p_\text{data}", "p", "q")],
                    define=[{"name": "D_f", "line": 1, "latex": r"D_f(p_\text{data}(x) \mid\mid q(x)) = \sum_x q(x) "
                                                               r"\left(\frac{p_\text{data}(x)}{q(x)}\right)^2"}])
    assert check_statement(r"D_f(p(x) \mid\mid q(x)) = \sum_x \frac{p(x)^2}{q(x)}", **notation).verdict.value \
        in ("proved", "confirmed")
    assert check_statement(r"D_f(p(x) \mid\mid q(x)) = \sum_x \frac{q(x)^2}{p(x)}", **notation).verdict.value == "refuted"


def test_a_vector_in_place_of_another_of_the_same_length():
    assert check_statement(r"f(v) = \sum_{k=1}^{d} v_k^2", **VECTORS).verdict.value in ("proved", "confirmed")
    assert check_statement(r"f(v) = \sum_{k=1}^{d} u_k^2", **VECTORS).verdict.value == "refuted"


def test_a_vector_of_another_length_is_no_argument():
    with pytest.raises(DerivationError, match="f takes vectors of length d; 'w' has length m"):
        check_statement(r"f(w) = 0", **VECTORS)


def test_the_reading_says_which_object_stands_for_which():
    lines = ['id = "h"', 'title = "h"', 'source = "h.md"']
    lines += [f"{toml_key(table)} = {toml_value(entries)}" for table, entries in FACES.items()]
    statement = r"H(p, p) = H(p, p)"
    lines += ["[[claim]]", 'id = "c"', "line = 2", 'title = "c"', 'kind = "identity"', f"latex = {toml_value(statement)}"]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0]
    assert "H(p, p) is H(p, q) read with p for q" in claim.claim.reading


NESTED = dict(FACES, distribution=FACES["distribution"] + [{"name": "r", "of": ["X"], "discrete": True}],
              define=FACES["define"] + [{"name": "D(p, q)", "line": 2, "latex": r"D(p, q) = H(p, q) - H(p, p)"}])


@pytest.mark.parametrize("statement, kind, expected", [
    # H(p, q) inside D's body, written as H's own labels, is read again with r for p too (it kept p)
    (r"D(r, q) = \sum_x r(x) \log \frac{r(x)}{q(x)}", "identity", {"proved", "confirmed"}),
    (r"D(r, q) \ge 0", "inequality", {"proved", "confirmed"}),
    (r"D(r, p) = \sum_x r(x) \log \frac{r(x)}{p(x)}", "identity", {"proved", "confirmed"}),
    (r"D(r, q) = \sum_x p(x) \log \frac{r(x)}{q(x)}", "identity", {"refuted"}),
    # an object in the place of another the body also writes (H(p, p) read with q for p: H(q, q))
    (r"D(q, r) = \sum_x q(x) \log \frac{q(x)}{r(x)}", "identity", {"proved", "confirmed"}),
    (r"D(q, r) = \sum_x r(x) \log \frac{r(x)}{q(x)}", "identity", {"refuted"}),
    (r"D(q, q) = 0", "identity", {"proved", "confirmed"}),
])
def test_a_definition_inside_another_is_read_with_the_objects_put_in(statement, kind, expected):
    assert check_statement(statement, kind, **NESTED).verdict.value in expected


def test_functions_inside_another_definition_are_read_with_the_functions_put_in():
    notation = dict(scalar=[{"name": "a"}, {"name": "b"}], function=[{"name": n, "arguments": 1} for n in "fgh"],
                    define=[{"name": "I(f, g)", "line": 1, "latex": r"I(f, g) = f(a) - 2 g(b)"},
                            {"name": "J(f, g)", "line": 2, "latex": r"J(f, g) = I(f, g) + I(g, f)"}])
    assert check_statement(r"J(h, g) = h(a) - 2 g(b) + g(a) - 2 h(b)", **notation).verdict.value == "proved"
    assert check_statement(r"J(h, g) = f(a) - 2 g(b) + g(a) - 2 h(b)", **notation).verdict.value == "refuted"
    # the two swapped: J is symmetric, so read again with g for f and f for g it is itself
    assert check_statement(r"J(g, f) = J(f, g)", **notation).verdict.value == "proved"
    assert check_statement(r"J(g, f) = f(a) - 2 f(b)", **notation).verdict.value == "refuted"


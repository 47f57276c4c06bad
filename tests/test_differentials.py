r"""The differential of a function applied to a direction, as analysts write the gradient of the cosine
similarity: ``d\mathcal{S}(x, y) \cdot (\tilde{x}, \tilde{y})`` is d/dt S(x + t x̃, y + t ỹ) at t = 0,
``d_x \mathcal{S}(x, y) \cdot \tilde{x}`` moves x alone, and ``d(x \mapsto \|x\|)(x) \cdot \tilde{x}`` is the
differential of a map written in place.  The function itself may be defined as a map, a signature row
and ``(x, y) \mapsto \mathcal{S}(x, y) = …`` after it.

Each true formula is confirmed (conditional where the cosine is undefined at a zero vector), each false one
(a sign flipped, a term dropped) refuted; a d the document declares (a dimension) still multiplies, and
what the notation does not give is refused, never guessed."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.map_definitions import map_definition_blanked
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

COSINE = (r"\mathcal{S} : \mathbb{R}^n_* \times \mathbb{R}^n_* \to \mathbb{R} \\"
          "\n" r"(x, y) \mapsto \mathcal{S}(x, y) = \frac{\langle x, y \rangle}{\| x \| \| y \|}")


def vectors(**more) -> dict:
    families = [{"name": n, "shape": ["n"]} for n in ("x", "y")] + \
        [{"name": n, "shape": ["n"], "role": "direction"} for n in (r"\tilde{x}", r"\tilde{y}")]
    return dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}], family=families,
                define=[{"name": r"\mathcal{S}", "line": 1, "latex": COSINE}], **more)


def outcome(statement: str, kind: str = "identity", **more):
    return check_statement(statement, kind, **vectors(**more))


@pytest.mark.parametrize("statement", [
    r"d\mathcal{S}(x,y) \cdot (\tilde{x},\tilde{y}) = d_x \mathcal{S}(x,y) \cdot \tilde{x} + d_y \mathcal{S}(x,y) "
    r"\cdot \tilde{y}",
    r"d_y \mathcal{S}(x,y) \cdot \tilde{y} = \left\langle \tilde{y}, \frac{1}{\| x \| \| y \|} x - "
    r"\frac{\mathcal{S}(x, y)}{\| y \|^2} y \right\rangle",
    r"d\mathcal{S}(x,y) \cdot (\tilde{x},\tilde{y}) = \frac{\langle \tilde{x}, y \rangle + \langle x, \tilde{y} "
    r"\rangle}{\| x \| \| y \|} - \mathcal{S}(x, y) \left( \frac{\langle \tilde{x}, x \rangle}{\| x \|^2} + "
    r"\frac{\langle y, \tilde{y} \rangle}{\| y \|^2} \right)",
    r"d(x \mapsto \| x \|)(x) \cdot \tilde{x} = \frac{\langle \tilde{x}, x \rangle}{\| x \|}",
    r"\mathrm{d}_x \mathcal{S}(x,y) \cdot \tilde{x} = \frac{\langle \tilde{x}, y \rangle}{\| x \| \| y \|} - "
    r"\frac{\langle x, y \rangle \langle \tilde{x}, x \rangle}{\| x \|^3 \| y \|}",
])
def test_a_true_differential_holds_where_the_cosine_is_defined(statement):
    result = outcome(statement)
    assert result.verdict.value == "conditional"
    assert "x_" in result.condition     # x ≠ 0 (and y ≠ 0 where the cosine is taken), said per size


@pytest.mark.parametrize("statement", [
    # the sign of the second term in the parentheses flipped
    r"d\mathcal{S}(x,y) \cdot (\tilde{x},\tilde{y}) = \frac{\langle \tilde{x}, y \rangle + \langle x, \tilde{y} "
    r"\rangle}{\| x \| \| y \|} - \mathcal{S}(x, y) \left( \frac{\langle \tilde{x}, x \rangle}{\| x \|^2} - "
    r"\frac{\langle y, \tilde{y} \rangle}{\| y \|^2} \right)",
    # the term of the moving norm dropped
    r"d_x \mathcal{S}(x,y) \cdot \tilde{x} = \frac{\langle \tilde{x}, y \rangle}{\| x \| \| y \|}",
    # the partial differential taken for the whole one
    r"d\mathcal{S}(x,y) \cdot (\tilde{x},\tilde{y}) = d_x \mathcal{S}(x,y) \cdot \tilde{x}",
])
def test_a_false_differential_is_refuted_with_a_witness(statement):
    result = outcome(statement)
    assert result.verdict.value == "refuted"
    assert result.witness is not None


def test_a_differential_of_numbers_moves_each_number():
    reals = dict(scalar=[{"name": n} for n in ("a", "b", "h", "k")],
                 define=[{"name": "f", "line": 1, "latex": "f(a, b) = a^2 b"}])
    assert check_statement(r"d f(a, b) \cdot (h, k) = 2 a b h + a^2 k", **reals).verdict.value == "proved"
    assert check_statement(r"d f(a, b) \cdot (h, k) = 2 a b h", **reals).verdict.value == "refuted"


def test_a_direction_that_writes_an_argument_moves_each_once():
    reals = dict(scalar=[{"name": n} for n in ("a", "b")], define=[{"name": "f", "line": 1, "latex": "f(a, b) = a^2 b"}])
    # at (a, b) along (b, a): 2ab·b + a²·a
    assert check_statement(r"d f(a, b) \cdot (b, a) = 2 a b^2 + a^3", **reals).verdict.value in ("proved", "confirmed")
    assert check_statement(r"d f(a, b) \cdot (b, a) = 2 a b^2", **reals).verdict.value == "refuted"
    assert check_statement(r"d(x \mapsto \| x \|^2)(x) \cdot x = 2 \| x \|^2", **vectors()).verdict.value \
        in ("proved", "confirmed")


@pytest.mark.parametrize("notation, statement, expected", [
    # f(b) = a b at a: only the argument's place moves, never the letter its definition writes
    ({"f": "f(b) = a b"}, r"d f(a) \cdot h = a h", "proved"),
    ({"f": "f(b) = a b"}, r"d f(a) \cdot h = 2 a h", "refuted"),
    ({"f": "f(b) = a b"}, r"d f(b) \cdot h = a h", "proved"),
    ({"u": "u = a^2", "f": "f(b) = u b"}, r"d f(a) \cdot h = a^2 h", "proved"),
    ({"u": "u = a^2", "f": "f(b) = u b"}, r"d f(a) \cdot h = 3 a^2 h", "refuted"),
    # a kink: the differential is undefined there, as a derivative is
    ({"f": "f(a) = |a|"}, r"d f(a) \cdot h = \frac{a}{|a|} h", "conditional"),
    ({"f": "f(a) = |a|"}, r"d f(a) \cdot h = h", "refuted"),
])
def test_the_differential_moves_the_argument_the_call_puts_in(notation, statement, expected):
    reals = dict(scalar=[{"name": n} for n in "abh"],
                 define=[{"name": name, "line": n, "latex": latex} for n, (name, latex) in enumerate(notation.items(), 1)])
    assert check_statement(statement, **reals).verdict.value == expected


@pytest.mark.parametrize("definition, statement, expected", [
    # a^i under a sum over i: a whole power at each i, defined at a = 0 with its derivative (as e^{i log a}
    # the left side was undefined there, and a true differential refuted)
    (r"f(a) = \sum_{i=1}^{3} a^i", r"d f(a) \cdot h = h (1 + 2 a + 3 a^2)", {"proved", "confirmed"}),
    (r"f(a) = \sum_{i=1}^{3} a^i", r"\frac{\partial f(a)}{\partial a} = 1 + 2 a + 3 a^2", {"proved", "confirmed"}),
    (r"f(a) = \sum_{i=1}^{3} a^i", r"d f(a) \cdot h = h (1 + 2 a + 2 a^2)", {"refuted"}),
])
def test_whole_powers_of_an_index_are_defined_at_zero(definition, statement, expected):
    reals = dict(scalar=[{"name": n} for n in "ah"], define=[{"name": "f", "line": 1, "latex": definition}])
    assert check_statement(statement, **reals).verdict.value in expected


def test_a_vector_the_definition_writes_is_not_moved_with_the_argument():
    notation = vectors()
    notation["define"] = [{"name": "g", "line": 1, "latex": r"g(x) = \langle x, y \rangle"}]
    assert check_statement(r"d g(y) \cdot \tilde{y} = \langle \tilde{y}, y \rangle", **notation).verdict.value \
        in ("proved", "confirmed")
    assert check_statement(r"d g(y) \cdot \tilde{y} = 2 \langle \tilde{y}, y \rangle", **notation).verdict.value \
        == "refuted"


def test_a_declared_d_multiplies():
    # d is the dimension here: d f(a) \cdot h is d times f(a) times h, as before
    reals = dict(scalar=[{"name": n} for n in ("a", "h")], size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                 define=[{"name": "f", "line": 1, "latex": "f(a) = a^2"}])
    assert check_statement(r"d f(a) \cdot h = d a^2 h", **reals).verdict.value == "proved"
    assert check_statement(r"\mathrm{d} f(a) \cdot h = d a^2 h", **reals).verdict.value == "proved"


@pytest.mark.parametrize("statement, said", [
    (r"d_z \mathcal{S}(x,y) \cdot \tilde{x} = 0", "not one argument of"),
    (r"d\mathcal{S}(x,y) \cdot \tilde{x} = 0", "as many directions"),
    (r"d\mathcal{S}(2x,y) \cdot (\tilde{x},\tilde{y}) = 0", "declared names"),
    (r"d\mathcal{S}(x,x) \cdot (\tilde{x},\tilde{y}) = 0", "an argument written twice"),
])
def test_what_the_notation_does_not_give_is_refused(statement, said):
    with pytest.raises(DerivationError, match=said):
        outcome(statement)


def test_a_direction_of_another_length_is_refused():
    more = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}, {"name": "m", "minimum": 1, "checked": [1, 2]}])
    notation = vectors()
    notation.update(more)
    notation["family"] = notation["family"] + [{"name": "v", "shape": ["m"]}]
    with pytest.raises(DerivationError, match="not a vector of length n"):
        check_statement(r"d_x \mathcal{S}(x,y) \cdot v = 0", **notation)


def test_the_differential_is_said_in_the_reading():
    lines = ['id = "d"', 'title = "d"', 'source = "d.txt"']
    lines += [f"{toml_key(table)} = {toml_value(entries)}" for table, entries in vectors().items()]
    statement = r"d_x \mathcal{S}(x,y) \cdot \tilde{x} = 0"
    lines += ["[[claim]]", 'id = "c"', "line = 2", 'title = "c"', 'kind = "identity"', f"latex = {toml_value(statement)}"]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0]
    assert "read with the differential: d_x of \\mathcal{S} applied to \\tilde{x}" in claim.claim.reading
    assert claim.outcome.verdict.value == "refuted"


@pytest.mark.parametrize("text, kept", [
    (r"f : \mathbb{R} \to \mathbb{R} \\ x \mapsto f(x) = x^2", "f(x) = x^2"),
    (r"\begin{align*} g : \mathbb{R}^2 &\to \mathbb{R} \\ (a, b) &\mapsto g(a, b) = a b \end{align*}", "g(a, b) = a b"),
])
def test_a_map_definition_keeps_the_definition_after_the_arrow_in_its_columns(text, kept):
    blanked = map_definition_blanked(text)
    assert len(blanked) == len(text)
    assert blanked.index(kept) == text.index(kept)
    assert "\\to" not in blanked and "\\mapsto" not in blanked


@pytest.mark.parametrize("text", [
    r"f : \mathbb{R} \to \mathbb{R} \\ x \mapsto x^2",              # no definition written after the arrow
    r"f : \mathbb{R} \to \mathbb{R} \\ x \mapsto g(x) = x^2",       # another name after the arrow
    r"f : \mathbb{R} \to \mathbb{R} \\ y \mapsto f(x) = x^2",       # other arguments
    r"f(x) = x^2",
])
def test_anything_else_is_left_as_written(text):
    assert map_definition_blanked(text) == text


def map_of(domain: str) -> dict:
    return dict(scalar=[{"name": "a"}], define=[{"name": "f", "line": 1, "latex": rf"f : {domain} \to \mathbb{{R}} \\"
                                                                               r" a \mapsto f(a) = \sqrt{a^2}"}])


@pytest.mark.parametrize("domain", [r"\mathbb{R}_{>0}", r"(0, \infty)", r"[0, 1]"])
def test_a_signature_domain_the_body_cannot_carry_is_refused_naming_it(domain):
    # read on the whole line, f(a) = a was refuted at a = -1, outside the map's domain
    with pytest.raises(DerivationError, match="of f's signature is not read"):
        check_statement("f(a) = a", **map_of(domain))


def test_a_nonzero_domain_leaves_the_map_undefined_at_zero():
    # on ℝ_* √(a²) = |a| holds where f is defined; at a = 0 f is not, so the claim is conditional there
    outcome = check_statement("f(a) = |a|", **map_of(r"\mathbb{R}_*"))
    assert outcome.verdict.value == "conditional" and "a ≠ 0" in outcome.condition
    assert check_statement("f(a) = |a|", **map_of(r"\mathbb{R}")).verdict.value == "proved"
    assert check_statement("f(a) = a", **map_of(r"\mathbb{R}_*")).verdict.value == "refuted"



PAIRS = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}, {"name": "m", "minimum": 1, "checked": [1, 2]}],
             family=[{"name": n, "shape": ["n"]} for n in "uvwz"] + [{"name": "q", "shape": ["m"]}],
             scalar=[{"name": "a"}, {"name": "b"}])


@pytest.mark.parametrize("statement, expected", [
    # the inner product of a product of spaces, R^n × R^n: the sum of each place's
    (r"\langle (u, w), (v, z) \rangle = \langle u, v \rangle + \langle w, z \rangle", "proved"),
    (r"\langle (u, w), (v, z) \rangle_{\mathbb{R}^n \times \mathbb{R}^n} = \langle u, v \rangle + \langle w, z \rangle",
     "proved"),
    (r"\langle (u, a), (v, b) \rangle_{\mathbb{R}^n \times \mathbb{R}} = \langle u, v \rangle + a b", "proved"),
    (r"\langle u, v \rangle_{\mathbb{R}^{n}} = \langle v, u \rangle", "proved"),
    # the places crossed, a sign flipped
    (r"\langle (u, w), (v, z) \rangle = \langle u, z \rangle + \langle w, v \rangle", "refuted"),
    (r"\langle (u, a), (v, b) \rangle = \langle u, v \rangle - a b", "refuted"),
])
def test_an_inner_product_of_tuples_is_the_sum_of_each_places(statement, expected):
    assert check_statement(statement, **PAIRS).verdict.value == expected


@pytest.mark.parametrize("statement", [
    r"\langle u, v \rangle_{\mathbb{R}^m} = 0",                                   # another dimension
    r"\langle (u, q), (v, q) \rangle_{\mathbb{R}^n \times \mathbb{R}^n} = 0",     # q is of R^m
    r"\langle (u, a), (v, b) \rangle_{\mathbb{R}^n \times \mathbb{R}_+} = 0",      # not a Euclidean space
])
def test_a_space_that_is_not_the_vectors_is_refused(statement):
    with pytest.raises(DerivationError, match="the subscript is read as the space of the vectors written"):
        check_statement(statement, **PAIRS)

r"""The document's own macros (issue 13): ``[[macro]]`` as ``\newcommand`` declares them,
expanded before a formula is read, with the user's positions in every error.

A use with its arguments must read as the body with the arguments put in (proved equal to
the formula written out), a wrong expansion must not be proved, and an error inside an
expansion, a runaway macro and a bad declaration are refused naming what and where.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.latex.expand import MAX_EXPANSIONS, MAX_NESTING
from contrastive_sym.pipeline import check_statement

MACROS = [{"name": r"\E", "body": r"\mathbb{E}"},
          {"name": r"\norm", "arguments": 1, "body": r"\left\| #1 \right\|"},
          {"name": r"\sq", "arguments": 2, "body": r"(#1 - #2)^2"},
          {"name": r"\half", "body": r"\frac{1}{2}"},
          {"name": r"\twice", "arguments": 1, "body": r"2 \half #1"}]
NOTATION = dict(macro=MACROS, size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}],
                scalar=[{"name": "a"}, {"name": "b"}, {"name": "x", "role": "point"}],
                function=[{"name": "g", "arguments": 1}],
                distribution=[{"name": "p", "of": ["x"]}])


def check(statement: str, **notation):
    return check_statement(statement, **{**NOTATION, **notation})


@pytest.mark.parametrize("statement", [
    r"\norm{u - v}^2 = \left\| u \right\|^2 - 2 u \cdot v + \norm{v}^2",
    r"\sq{a}{b} = a^2 - 2ab + b^2",
    r"\sq ab = (a - b)^2",
    r"\twice{a} = a",
    r"\E_{x \sim p}[g(x) + 1] = \E_{x \sim p}[g(x)] + 1",
])
def test_a_macro_reads_as_its_body_with_the_arguments_put_in(statement):
    assert check(statement).verdict.value in ("proved", "confirmed")


def test_a_control_word_of_the_body_stays_apart_from_a_letter_of_the_argument():
    r"""TeX reads ``\left\lVert#1\right\rVert`` before it puts ``g(x)`` in: ``\lVert`` then ``g``,
    never the control word ``\lVertg`` (a thesis's \norm)."""
    tight = [{"name": r"\nrm", "arguments": 1, "body": r"\left\lVert#1\right\rVert"},
             {"name": r"\twice", "arguments": 1, "body": r"#1\cdot2"}]
    assert check(r"\nrm{u}^2 = u \cdot u", macro=tight).verdict.value in ("proved", "confirmed")
    assert check(r"\twice{\alpha} = 2 \alpha", macro=tight,
                 scalar=NOTATION["scalar"] + [{"name": r"\alpha"}]).verdict.value \
        in ("proved", "confirmed")


def test_a_wrong_expansion_is_not_proved():
    assert check(r"\sq{a}{b} = a^2 + b^2").verdict.value == "refuted"


def test_an_error_after_an_expansion_points_into_the_written_formula():
    with pytest.raises(ParseError) as caught:
        check(r"\norm{u - v}^2 + q = 1")
    error = caught.value
    assert "'q' is not declared" in str(error)
    # the claim's LaTeX starts at column 10 of its line; q is its 18th character
    assert error.column == 10 + len(r"\norm{u - v}^2 + ")


def test_an_error_inside_an_expansion_points_at_the_use():
    with pytest.raises(ParseError) as caught:
        check(r"a + \norm{u + q} = 1")
    assert "'q' is not declared" in str(caught.value)
    assert caught.value.column == 10 + len("a + ")


def test_a_runaway_macro_is_an_error_not_a_hang():
    runaway = [{"name": r"\loop", "body": r"\loop \loop"}]
    with pytest.raises(ParseError) as caught:
        check(r"\loop = 1", macro=runaway)
    assert f"nest more than {MAX_NESTING} deep" in str(caught.value)
    wide = [{"name": r"\w", "body": r"\x\x\x\x"}, {"name": r"\x", "body": r"\y\y\y\y"},
            {"name": r"\y", "body": r"\z\z\z\z"}, {"name": r"\z", "body": r"\t\t\t\t"}, {"name": r"\t", "body": "a"}]
    with pytest.raises(ParseError) as caught:
        check(r"\w\w\w\w\w\w\w\w\w = 1", macro=wide)
    assert f"more than {MAX_EXPANSIONS} uses" in str(caught.value)
    bomb = [{"name": r"\a", "body": r"\b\b\b\b\b\b\b\b"}, {"name": r"\b", "body": r"\c\c\c\c\c\c\c\c"},
            {"name": r"\c", "body": r"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}]
    with pytest.raises(ParseError) as caught:
        check(r"\a\a\a\a\a\a\a\a = 1", macro=bomb)
    assert "characters" in str(caught.value)


def test_a_missing_argument_is_named():
    with pytest.raises(ParseError) as caught:
        check(r"a = \norm")
    assert r"\norm takes 1 argument; the formula ends before them" in str(caught.value)


@pytest.mark.parametrize("entry, message", [
    ({"name": "E", "body": "x"}, "the name is a control word"),
    ({"name": r"\f", "arguments": 1, "body": "#2"}, "the body uses #2 but the macro takes 1 argument"),
    ({"name": r"\f", "arguments": 10, "body": "#1"}, "arguments is 0 … 9"),
])
def test_bad_macro_declarations_name_the_key(entry, message):
    with pytest.raises(DerivationError) as caught:
        check("a = a", macro=[entry])
    assert message in str(caught.value)


def test_an_unused_macro_is_a_warning(capsys):
    check("a = a", macro=[{"name": r"\unused", "body": "b"}])
    assert r"the macro '\\unused' is declared but no claim" in capsys.readouterr().err


def test_an_entry_defined_over_letters_nothing_declares():
    # C_{ij} = x_i x_j with i and j declared nowhere: the entry (i, j) (it was the name C_{ij}, whose
    # body's i was refused as undeclared); a body that does not use every letter keeps the name
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}], family=[{"name": "x", "shape": ["d"]}],
                    define=[{"name": "C", "line": 1, "latex": r"C_{ij} = x_i x_j"}])
    assert check_statement(r"\sum_{i,j} C_{ij} = (\sum_k x_k)^2", **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\sum_{i,j} C_{ij} = \sum_k x_k^2", **notation).verdict.value == "refuted"
    notation["define"] = [{"name": "D", "line": 1, "latex": r"D_{ij} = x_i"}]
    with pytest.raises(ParseError, match="'i' is not declared"):
        check_statement(r"D_{ij} = 0", **notation)


SIMILARITY = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]},
                        {"name": "e", "minimum": 3, "checked": [3]}],
                  family=[{"name": "h", "shape": ["N", "d"], "role": "embedding"},
                          {"name": "h^+", "shape": ["N", "d"], "role": "embedding"},
                          {"name": "g", "shape": ["N", "e"], "role": "embedding"}],
                  index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"}])
COSINE = r"\frac{h_i^\top h_j^+}{\|h_i\| \|h_j^+\|}"


@pytest.mark.parametrize("define", [
    # the cosine similarity of two vectors declared nowhere: a function of vectors (it was read as one
    # of numbers, and the transpose refused)
    r"\mathrm{sim}(u, v) = \frac{u^\top v}{\|u\| \cdot \|v\|}",
    # of two rows of h, used at a row of h^+ (it was "sim: expected an argument h_…")
    r"\mathrm{sim}(h_i, h_j) = \frac{h_i^\top h_j}{\|h_i\| \|h_j\|}",
])
def test_a_similarity_of_two_vectors_applies_to_rows_of_any_family_of_their_length(define):
    notation = dict(SIMILARITY, define=[{"name": "sim", "line": 1, "latex": define}])
    assert check_statement(r"\mathrm{sim}(h_i, h_j^+) = " + COSINE, **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\mathrm{sim}(h_j^+, h_i) = " + COSINE, **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\mathrm{sim}(h_i, h_j^+) = h_i^\top h_j^+", **notation).verdict.value == "refuted"
    with pytest.raises(ParseError):
        check_statement(r"\mathrm{sim}(h_i, g_j) = 0", **notation)        # rows of another length


def test_a_function_whose_body_reads_with_numbers_stays_one_of_numbers():
    notation = dict(SIMILARITY, define=[{"name": "f", "line": 1, "latex": r"f(u, v) = u v + 1"}])
    assert check_statement(r"f(2, 3) = 7", **notation).verdict.value == "proved"


NT_XENT = [{"name": "sim", "line": 1, "latex": r"\mathrm{sim}(u, v) = \frac{u^\top v}{\|u\| \|v\|}"},
           {"name": "l", "line": 2, "latex": r"\ell(i, j) = -\log \frac{\exp(\mathrm{sim}(z_i, z_j)/\tau)}"
                                             r"{\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(\mathrm{sim}(z_i, z_k)/\tau)}"},
           {"name": "L", "line": 3, "latex": r"\mathcal{L} = \frac{1}{2N} \sum_{k=1}^{N} [\ell(2k-1, 2k) + \ell(2k, 2k-1)]"}]
BATCH = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
             family=[{"name": "z", "shape": ["2N", "d"], "role": "embedding"}],
             scalar=[{"name": r"\tau", "domain": "positive"}], define=NT_XENT)


@pytest.mark.parametrize("statement, expected", [
    # SimCLR as its paper writes it, nothing declared but the batch: \ell(i, j) over letters the body
    # reads as indices (it read them as numbers, and z_i was refused)
    (r"\mathcal{L} \geq 0", "confirmed"),
    (r"\mathcal{L} \leq \log(2N - 1) + \frac{2}{\tau}", "confirmed"),
    (r"\mathcal{L} \leq \log(2N - 1)", "refuted"),
])
def test_simclr_s_loss_over_arguments_declared_nowhere(statement, expected):
    assert check_statement(statement, "inequality", **BATCH).verdict.value == expected


def test_when_no_reading_reads_the_body_the_one_that_got_furthest_is_said():
    # u^\top v / \|u\| \|v\|: read as numbers, the transpose fails; read as vectors, the quotient
    # before a factor is ambiguous, further on: that is the error shown
    notation = dict(BATCH, define=[{"name": "sim", "line": 1, "latex": r"\mathrm{sim}(u, v) = u^\top v / \|u\| \|v\|"}])
    with pytest.raises(ParseError, match=r"ambiguous: 'u\^\\top v/\\\|u\\\| \\\|v\\\|' reads as"):
        check_statement(r"\mathrm{sim}(z_1, z_2) = 0", **notation)

r"""A map's signature in a display of its own (issue 13): ``f : \mathcal{X} \to \mathbb{R}^d``,
``g_\mathrm{enc} : x_t \mapsto z_t``, or both on two rows, as papers and theses introduce an
encoder.  It states no relation, so it is never a claim that passes: it is read and recorded as a
statement not checked, with why; a name it gives that is not declared, or a codomain ℝ^k that the
declaration's shape contradicts, is an error naming it."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.load.signatures import read_signature
from contrastive_sym.pipeline import verify_text
from test_latex_robustness import (FUZZ, SCOPE, TOKENS, WHERE, assert_well_placed, nothing_opened_or_run,
                                   outcome, warm)  # noqa: F401  (warm is a fixture)

HEADER = """<!-- contrastive-verify
id = "signatures"
title = "signatures"

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[function]]
name = 'f'
arguments = 1
shape = ['d']

[[function]]
name = 'g_\\mathrm{enc}'
arguments = 1

[[scalar]]
name = 'x'
role = "point"
-->
"""


def document(latex: str, annotation: str = ""):
    return verify_text(HEADER + f'\n<!-- claim: id = "s"{annotation} -->\n$$\n{latex}\n$$\n', suffix=".md").documents[0]


@pytest.mark.parametrize("latex, said", [
    (r"f : \mathcal{X} \to \mathbb{R}^d", r"a map's signature, f : \mathcal{X} \to \mathbb{R}^d: it says what f "
                                          "takes and gives"),
    (r"f: \mathcal{X} \longrightarrow \mathbb{R}^{d}.", r"f: \mathcal{X} \longrightarrow \mathbb{R}^{d}"),
    (r"g_\mathrm{enc} : x_t \mapsto z_t", r"g_\mathrm{enc} : x_t \mapsto z_t: it says what g_\mathrm{enc} takes"),
    (r"g_{\text{enc}} : \mathcal{X} \rightarrow \mathbb{R}", "what g_{\\text{enc}} takes and gives"),
    # the map with a placeholder for its argument, then what it does to one, on two rows
    ("\\begin{align*}\n f(\\cdot): \\mathcal{X} &\\longrightarrow \\mathbb{R}^d \\\\\n x &\\longmapsto f(x)\n"
     "\\end{align*}", r"f(\cdot): \mathcal{X} \longrightarrow \mathbb{R}^d; x \longmapsto f(x)"),
    (r"f : \mathcal{X} \to \mathbb{S}^{d-1}", "states no relation to check"),
])
def test_a_signature_is_read_and_recorded_as_not_checked(latex, said):
    found = document(latex)
    assert found.claims == ()
    (line, reason), = found.document.unchecked
    assert said in reason and "states no relation to check" in reason


@pytest.mark.parametrize("latex, message", [
    (r"h : \mathcal{X} \to \mathbb{R}", r"'h' is not declared: a map's signature names a declared \[\[function\]\]"),
    (r"f : \mathcal{X} \to \mathbb{R}", r"the signature says f takes values in \\mathbb\{R\}, and its declaration "
                                         r"gives vectors of shape \['d'\]"),
    (r"g_\mathrm{enc} : \mathcal{X} \to \mathbb{R}^d", r"takes values in \\mathbb\{R\}\^d, and its declaration "
                                                       r"gives numbers \(no shape\)"),
])
def test_a_signature_that_disagrees_with_the_notation_is_an_error_naming_it(latex, message):
    with pytest.raises(ParseError, match=message):
        document(latex)


def test_a_signature_has_nothing_to_expect():
    with pytest.raises(DerivationError, match=r"a map's signature, .*'expect' has nothing to apply to"):
        document(r"f : \mathcal{X} \to \mathbb{R}^d", ', expect = "holds"')


@pytest.mark.parametrize("latex", [
    r"f(x) : x = 1",                              # a relation beside the colon: no signature
    r"f : x \mapsto x \\ y \mapsto y",            # two maps, no arrow between spaces
    r"f : \mathcal{X} \to \mathcal{Y} \to \mathbb{R}",
])
def test_what_is_not_one_signature_is_refused_as_before(latex):
    with pytest.raises(ParseError, match="':' is not read here"):
        document(latex)


@FUZZ
@given(st.lists(st.sampled_from(TOKENS + [":", r"\to", r"\mapsto", r"\longmapsto", r"\mathbb{R}^d", r"\\", "&",
                                          r"\mathcal{X}", "f", r"(\cdot)"]), max_size=30).map("".join))
def test_a_colon_in_random_text_ends_in_a_reason_or_a_placed_error(warm, text):
    with nothing_opened_or_run() as record:
        result = outcome(read_signature, text, SCOPE, WHERE)
    assert record.refused == []
    if isinstance(result, ParseError):
        assert_well_placed(result, text, WHERE)
    else:
        assert result is None or result.startswith("a map's signature, ")


@pytest.mark.parametrize("text", [r"\frac&\frac:\longrightarrow", "\\begin{align} h(x) &: X \\to \\mathbb{R}^3 \\end{align}"])
def test_an_error_of_a_signature_quotes_the_text_as_written(warm, text):
    # found by the fuzz (seed 2 at 3000 examples): the construct was the head with its layout dropped
    error = outcome(read_signature, text, SCOPE, WHERE)
    assert isinstance(error, ParseError)
    assert_well_placed(error, text, WHERE)

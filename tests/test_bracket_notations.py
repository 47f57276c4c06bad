r"""A bracket with a mark, as documents define it, and indices written side by side under a sum.

``[x]_+`` is the positive part when the document says nothing; a document that defines
the notation (``\left\{ x \right\}_+ = \max(0, 1 - x)``, a hinge at margin 1) gives every
use its own meaning, uses written before the definition too.  ``\sum_{ij}`` is the sum
over i and j, as TeX sets it.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

REALS = dict(scalar=[{"name": "a"}, {"name": "b"}])


def check(statement: str, defines=(), **declared):
    tables = REALS | declared
    if defines:
        tables["define"] = [{"name": f"d{n}", "line": 2 + n, "latex": latex} for n, latex in enumerate(defines)]
    return check_statement(statement, **tables)


HINGE = r"\left\{ x \right\}_+ = \max \left( 0, 1 - x \right)"


@pytest.mark.parametrize("statement, verdict", [
    (r"L = \max(0, 1 - a + b)", "proved"),      # the document's own meaning
    (r"L = \max(0, a - b)", "refuted"),         # never the positive part
])
def test_a_notation_the_document_defines_is_its_own_meaning_even_before_its_definition(statement, verdict):
    # L uses the notation in the display before the one that defines it (a thesis does)
    outcome = check(statement, defines=[r"L = \left\{ a - b \right\}_+", HINGE])
    assert outcome.verdict.value == verdict, outcome.message


def test_the_definition_takes_a_declared_letter_as_its_placeholder():
    # x is a declared scalar: in the definition it stands for what a use encloses
    outcome = check(r"L = \max(0, 1 - a)", defines=[r"L = \{a\}_+", r"\{x\}_+ := \max(0, 1 - x)"],
                    scalar=REALS["scalar"] + [{"name": "x"}])
    assert outcome.verdict.value == "proved", outcome.message


@pytest.mark.parametrize("statement, defines, verdict", [
    (r"[a]_+ = \max(0, a)", (), "proved"),                                 # nothing defined: the positive part
    (r"[a]_+ = \max(0, a)", (HINGE,), "proved"),                           # another bracket's notation
    (r"[a]_+ = \max(0, a)", (r"[x]_+ = \max(0, 1 - x)",), "refuted"),      # the document's own [x]_+
    (r"(a)^+ = \max(0, 1 - a)", (r"(t)^+ \triangleq \max(0, 1 - t)",), "proved"),
])
def test_the_positive_part_gives_way_to_the_documents_definition(statement, defines, verdict):
    outcome = check(statement, defines=defines)
    assert outcome.verdict.value == verdict, outcome.message


def test_a_brace_with_a_mark_that_nothing_defines_is_refused_by_name():
    with pytest.raises(DerivationError, match=r"\\\{x\\\}_\+ \(a brace with a mark\) is not read: it is a notation "
                                              r"of the document's own, and no definition of it is given"):
        check(r"\left\{ a \right\}_+ \geq 0")


@pytest.mark.parametrize("definition, said", [
    (r"[x, y]_+ = x + y", "a notation is defined on one name"),
    (r"[x + 1]_+ = 2 x", "a notation is defined on one name"),
])
def test_a_notation_is_defined_on_one_name(definition, said):
    with pytest.raises(DerivationError, match=said):
        check(r"[a]_+ \geq 0", defines=[definition])


def test_a_notation_whose_definition_never_reads_leaves_its_uses_unread():
    # the definition fails (q is not declared): the use is refused, never the positive part
    with pytest.raises(DerivationError):
        check(r"L \geq 0", defines=[r"L = [a]_+", r"[x]_+ = \max(0, q - x)"])


def test_in_markdown_a_use_before_the_definition_is_read_with_it(tmp_path):
    document = "\n".join([
        "<!-- contrastive-verify", "id = 'hinge'", "scalar = [{name = 'a'}]", "-->", "",
        "<!-- claim: id = 'c', expect = 'refuted' -->", "$$[a]_+ = \\max(0, a)$$", "",
        "where the bracket is the hinge at margin one:", "",
        "<!-- define: name = 'hinge' -->", "$$[x]_+ = \\max(0, 1 - x)$$", ""])
    run = verify_text(document, suffix=".md")
    outcome = run.documents[0].claims[0].outcome
    assert outcome.verdict.value == "refuted", outcome.message


SQUARE = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}],
              family=[{"name": "A", "shape": ["n", "n"]}],
              index=[{"name": "i", "from": 1, "to": "n"}])


@pytest.mark.parametrize("statement, verdict", [
    (r"\sum_{ij} A_{ij} = \sum_{i,j} A_{ij}", "proved"),
    (r"\sum_{ij} A_{ij} = \sum_{i} A_{ii}", "refuted"),
    (r"\sum_{ijk} A_{ij} A_{jk} = \sum_{i=1}^n \sum_{j=1}^n \sum_{k=1}^n A_{ij} A_{jk}", "proved"),
])
def test_indices_side_by_side_under_a_sum_are_a_sum_over_each(statement, verdict):
    outcome = check_statement(statement, **SQUARE)
    assert outcome.verdict.value == verdict, outcome.message


@pytest.mark.parametrize("statement", [
    r"\sum_{nj} A_{nj} = 0",        # n is a size: n·j, or a sum over n?
    r"\sum_{ii} A_{ii} = 0",        # a letter twice
])
def test_a_run_of_letters_that_is_not_indices_is_refused(statement):
    with pytest.raises(DerivationError, match="read as indices side by side only when"):
        check_statement(statement, **SQUARE)

r"""A name the document defines twice (a long post defines L in one section and again in the
next): each formula reads the definition in force at its line, the last one given at or
before it, or, before them all, the first.  Read as the last one read, a true display
written between the two definitions was refuted."""
from __future__ import annotations

import textwrap

import pytest

from contrastive_sym.check.config import CheckConfig
from contrastive_sym.check.documents import LinkCache, check_document
from contrastive_sym.errors import DerivationError
from contrastive_sym.load.files import load_all
from contrastive_sym.pipeline import verify_text

HEADER = '''
id = "twice"
title = "twice"
source = "notes.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 's'
shape = ['n']
'''


def define(name: str, line: int, latex: str) -> str:
    return f"\n[[define]]\nname = \"{name}\"\nline = {line}\nlatex = '{latex}'\n"


def claim(claim_id: str, line: int, latex: str) -> str:
    return f'\n[[claim]]\nid = "{claim_id}"\nline = {line}\ntitle = "{claim_id}"\nlatex = \'{latex}\'\n'


def verdicts(text: str) -> dict:
    run = verify_text(textwrap.dedent(text))
    return {c.claim.id: c.outcome.verdict.value for c in run.documents[0].claims}


def test_each_formula_reads_the_definition_in_force_at_its_line():
    text = HEADER + define("g first", 5, "g = s_1 + 1") + define("g again", 15, "g = s_1 + 2") \
        + claim("between", 10, "g - s_1 = 1") + claim("between-false", 11, "g - s_1 = 2") \
        + claim("after", 20, "g - s_1 = 2") + claim("after-false", 21, "g - s_1 = 1")
    assert verdicts(text) == {"between": "proved", "between-false": "refuted", "after": "proved",
                              "after-false": "refuted"}


def test_before_every_definition_of_a_name_defined_twice_it_means_none():
    text = HEADER + define("g first", 5, "g = s_1 + 1") + define("g again", 15, "g = s_1 + 2") \
        + claim("before-both", 2, "g - s_1 = 1")
    with pytest.raises(DerivationError) as info:
        verify_text(textwrap.dedent(text))
    assert "'g' is defined more than once, each time after this line (lines 5, 15)" in info.value.message


def test_a_display_before_the_other_definitions_that_writes_the_name_first_defines_it():
    # L = L^{*} at line 4, before the L of line 9: it defines L (by an L^* that nothing declares:
    # refused), never L^* by the later L (as PyKEEN writes L(k, k̄) = L^{*}(f(k), f(k̄)))
    text = HEADER + define("L by L^*", 4, "L = L^{*}") + define("L", 9, "L = s_1")
    with pytest.raises(DerivationError) as info:
        verify_text(textwrap.dedent(text))
    assert "'L^{*}' is not declared" in info.value.message


def test_a_definition_that_uses_the_name_reads_the_one_in_force_at_its_line():
    # F is listed first in the file, at a line after both definitions of g: it is the second g's
    text = HEADER + define("F", 30, "F = 3 g") + define("g first", 5, "g = s_1") \
        + define("g again", 15, "g = s_1 + 1") + claim("F", 31, "F = 3 s_1 + 3") \
        + claim("F-first", 32, "F = 3 s_1")
    assert verdicts(text) == {"F": "proved", "F-first": "refuted"}
    # G, listed last, is given between the two definitions of g: it is the first g's
    text = HEADER + define("g first", 5, "g = s_1") + define("g again", 15, "g = s_1 + 1") \
        + define("G", 10, "G = 3 g") + claim("G", 11, "G = 3 s_1") + claim("G-second", 12, "G = 3 s_1 + 3")
    assert verdicts(text) == {"G": "proved", "G-second": "refuted"}


MARKDOWN = '''# Notes

<!-- contrastive-verify
size = [{name = 'n', minimum = 1, checked = [1, 2, 3]}]
family = [{name = 's', shape = ['n']}]
-->

<!-- define: name = "g" -->
$$ g = s_1 + 1 $$

<!-- claim: id = "first" -->
$$ g - s_1 = 1 $$

Later the notes define g again.

<!-- define: name = "g again" -->
$$ g = 2 s_1 $$

<!-- claim: id = "second" -->
$$ g = s_1 + s_1 $$
'''


def test_a_markdown_document_that_defines_a_name_twice(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    result = check_document(load_all([str(path)])[0], CheckConfig(), cache=LinkCache())
    assert {c.claim.id: c.outcome.verdict.value for c in result.claims} == {"first": "proved", "second": "proved"}


def test_the_chains_of_a_name_defined_twice_are_two_claims_told_apart_by_their_line():
    """Before: the second chain was refused ("has the id of another claim; give the definition another
    name"), though the document names both L: a display the user cannot rename."""
    text = HEADER + textwrap.dedent('''
        [[scalar]]
        name = 'a'

        [[define]]
        name = 'L'
        line = 3
        latex = 'L = a^2 = a \\cdot a'

        [[define]]
        name = 'L'
        line = 9
        latex = 'L = 2a = a + 2'
        ''')
    claims = verify_text(text).documents[0].claims
    assert [(c.claim.id, c.outcome.verdict.value) for c in claims] == [
        ("L-chain", "proved"), ("L-chain-line-9", "refuted")]

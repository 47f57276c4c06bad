r"""Notation that changes from one part of a document to the next (``[[section]]``).

Surveys reuse letters: y a class label in one section and a regression target in the
next, g a critic and then a projection head.  A section's declarations hold from its line
on; a formula is read in the notation of its line; the two meanings of a letter are two
objects, so nothing proved of one carries over to the other, and a section that
declares a name nothing uses, or starts where another does, is said.
"""
from __future__ import annotations

import textwrap

import pytest

from contrastive_sym.check.config import CheckConfig
from contrastive_sym.check.documents import LinkCache, check_document
from contrastive_sym.errors import DerivationError
from contrastive_sym.load.files import load_all
from contrastive_sym.pipeline import verify_text

HEADER = '''
id = "sections"
title = "sections"
source = "notes.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'y'
shape = ['n']
role = "label"

[[family]]
name = 's'
shape = ['n']
'''

REGRESSION = '''
[[section]]
line = 20
title = "regression"

[[section.family]]
name = 'y'
shape = ['n']
'''


def claim(claim_id: str, line: int, latex: str, kind: str = "identity") -> str:
    return f'''
[[claim]]
id = "{claim_id}"
line = {line}
title = "{claim_id}"
kind = "{kind}"
latex = '{latex}'
'''


def verdicts(text: str) -> dict:
    run = verify_text(textwrap.dedent(text))
    return {c.claim.id: c.outcome for c in run.documents[0].claims}


def test_a_letter_means_what_the_section_of_its_line_declares():
    found = verdicts(HEADER + REGRESSION
                     + claim("labels", 10, r"\sum_{j=1}^n \mathbb{1}[y_j = y_1] \geq 1", "inequality")
                     + claim("targets", 30, r"\sum_i (y_i - s_i)^2 \geq 0", "inequality")
                     + claim("false", 31, r"\sum_i (y_i - s_i)^2 > 0", "inequality"))
    assert found["labels"].verdict.value in ("proved", "confirmed"), found["labels"].message
    assert found["targets"].verdict.value in ("proved", "confirmed"), found["targets"].message
    assert found["false"].verdict.value == "refuted", found["false"].message


def test_before_its_line_the_section_changes_nothing():
    # y is still a label at line 10: used as a number, it is refused
    with pytest.raises(DerivationError, match="class label"):
        verdicts(HEADER + REGRESSION + claim("early", 10, r"y_1 + s_1 = s_1 + y_1"))


def test_a_definition_is_read_in_the_notation_of_its_line_and_used_everywhere():
    text = HEADER + REGRESSION + '''
[[define]]
name = "L"
line = 25
latex = '\\mathcal{L} = \\sum_i (y_i - s_i)^2'
''' + claim("after", 30, r"\mathcal{L} \geq 0", "inequality")
    found = verdicts(text)
    assert found["after"].verdict.value in ("proved", "confirmed"), found["after"].message


def test_the_two_meanings_are_two_objects():
    # the target y of the section is no label: a label compared with a number is refused,
    # and the regression's y_1 is a number like any other
    text = HEADER + REGRESSION + claim("number", 30, r"y_1 - y_1 = 0")
    assert verdicts(text)["number"].verdict.value == "proved"


def test_a_definition_given_before_a_section_that_declares_its_name_again_is_hidden():
    text = HEADER + '''
[[define]]
name = "g"
line = 5
latex = 'g = s_1 + 1'

[[section]]
line = 20

[[section.scalar]]
name = 'g'
domain = "positive"
''' + claim("before", 10, r"g - s_1 = 1") + claim("after", 30, r"g > 0", "inequality") \
        + claim("after-false", 31, r"g - s_1 = 1")
    found = verdicts(text)
    assert found["before"].verdict.value == "proved", found["before"].message
    assert found["after"].verdict.value in ("proved", "confirmed"), found["after"].message
    assert found["after-false"].verdict.value == "refuted", found["after-false"].message


def test_a_definition_in_a_later_part_does_not_reach_back_past_a_section_between_them():
    # g is a scalar of the section at line 20, and defined at line 50, after a section (line 40)
    # that does not declare it: at line 30, g is the section's scalar; from line 50, the definition
    text = HEADER + '''
[[section]]
line = 20

[[section.scalar]]
name = 'g'
domain = "positive"

[[section]]
line = 40

[[section.scalar]]
name = 'h'

[[define]]
name = "g"
line = 50
latex = 'g = s_1 - s_1 - 1'
''' + claim("scalar", 30, r"g > 0", "inequality") + claim("defined", 60, r"g = -1") \
        + claim("uses-h", 45, r"h - h = 0")
    found = verdicts(text)
    assert found["scalar"].verdict.value in ("proved", "confirmed"), found["scalar"].message
    assert found["defined"].verdict.value == "proved", found["defined"].message


def test_two_sections_at_one_line_are_an_error_naming_it():
    text = HEADER + REGRESSION + REGRESSION.replace("regression", "again") + claim("c", 30, "1 = 1")
    with pytest.raises(DerivationError, match="two sections start at line 20"):
        verdicts(text)


def test_a_mistake_in_a_sections_declaration_names_its_line():
    text = HEADER + '''
[[section]]
line = 20

[[section.family]]
name = 'y'
shape = ['n']
role = "scale"
''' + claim("c", 30, "1 = 1")
    with pytest.raises(DerivationError) as error:
        verdicts(text)
    assert "role 'scale'" in str(error.value)
    assert error.value.line == textwrap.dedent(text).splitlines().index("role = \"scale\"") + 1


def test_a_section_declaration_nothing_uses_is_a_warning(capsys):
    verdicts(HEADER + REGRESSION.replace("name = 'y'", "name = 'w'") + claim("c", 30, r"s_1 = s_1"))
    assert "the family 'w' is declared but no claim" in capsys.readouterr().err


MARKDOWN = '''# Notes

<!-- contrastive-verify
size = [{name = 'n', minimum = 1, checked = [1, 2, 3]}]
family = [{name = 'y', shape = ['n'], role = "label"}, {name = 's', shape = ['n']}]
-->

<!-- claim: id = "labels", kind = "inequality" -->
$$ \\sum_{j=1}^n \\mathbb{1}[y_j = y_1] \\geq 1 $$

## Regression

<!-- section: title = "regression", family = [{name = 'y', shape = ['n']}] -->

<!-- claim: id = "targets", kind = "inequality" -->
$$ \\sum_i (y_i - s_i)^2 > 0 $$
'''


def test_a_markdown_section_annotation_holds_for_the_text_below_it(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    result = check_document(load_all([str(path)])[0], CheckConfig(), cache=LinkCache())
    found = {c.claim.id: c.outcome for c in result.claims}
    assert found["labels"].verdict.value in ("proved", "confirmed"), found["labels"].message
    assert found["targets"].verdict.value == "refuted", found["targets"].message


def test_a_markdown_section_with_a_mistake_names_the_markdown_line(tmp_path):
    path = tmp_path / "notes.md"
    wrong = "family = [{name = 'y', shape = ['n'], role = \"scale\"}]"
    text = MARKDOWN.replace("<!-- section: title = \"regression\", family = [{name = 'y', shape = ['n']}] -->",
                            "<!-- section:\ntitle = \"regression\"\n" + wrong + "\n-->")
    assert text != MARKDOWN
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DerivationError) as error:
        load_all([str(path)])
    assert error.value.line == text.splitlines().index(wrong) + 1


def test_a_section_after_every_formula_is_said_to_change_nothing(capsys):
    late = REGRESSION.replace("line = 20", "line = 90")
    found = verdicts(HEADER + late + claim("c", 30, r"\sum_{j=1}^n \mathbb{1}[y_j = y_1] \geq 1", "inequality"))
    assert found["c"].verdict.value in ("proved", "confirmed"), found["c"].message
    assert "the section at line 90 changes nothing" in capsys.readouterr().err


def test_a_sections_size_is_shown_as_the_document_writes_it():
    # a size a section declares again is n__from20 inside: the messages, the instances and the
    # error of an entry past its shape say n, as written
    text = HEADER + REGRESSION + '''
[[section.size]]
name = 'n'
minimum = 1
checked = [1, 2]
''' + claim("past", 30, r"y_2 = y_2") + claim("holds", 31, r"\sum_i y_i^2 \geq 0", "inequality")
    found = verdicts(text)
    assert found["past"].verdict.value == "error" and "n=1" in found["past"].message, found["past"].message
    assert found["holds"].verdict.value in ("proved", "confirmed")
    shown = found["past"].message + " ".join(found["holds"].evidence.sizes)
    assert "__from" not in shown and "n=2" in " ".join(found["holds"].evidence.sizes)

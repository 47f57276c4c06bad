"""A misspelled key or choice names the one it most likely meant (``titel`` → ``title``, ``identiy`` →
``identity``), in TOML and in Markdown annotations, beside the list of known ones; nothing is suggested
when nothing is close."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

MARKDOWN = """<!-- contrastive-verify
id = "m"
title = "m"

[[scalar]]
name = 'x'
-->

<!-- claim: {annotation} -->
$$ x = x $$
"""


@pytest.mark.parametrize("annotation, meant", [
    ('id = "a", titel = "a"', "(did you mean 'title'?)"),
    ('id = "a", title = "a", kind = "identiy"', "(did you mean 'identity'?)"),
    ('id = "a", title = "a", gievn = ["x > 0"]', "(did you mean 'given'?)"),
])
def test_a_misspelled_annotation_key_or_choice_names_the_likely_one(annotation, meant):
    with pytest.raises(DerivationError) as raised:
        verify_text(MARKDOWN.format(annotation=annotation), suffix=".md")
    assert meant in str(raised.value)


def test_a_misspelled_toml_key_names_the_likely_one():
    text = 'id = "t"\ntitle = "t"\nsource = "x.md"\n\n[[scalar]]\nname = \'x\'\ndomian = "positive"\n'
    with pytest.raises(DerivationError, match=r"unknown key 'domian' in .*\(did you mean 'domain'\?\)"):
        verify_text(text)


def test_nothing_is_suggested_when_nothing_is_close():
    with pytest.raises(DerivationError) as raised:
        verify_text(MARKDOWN.format(annotation='id = "a", colour = "red"'), suffix=".md")
    assert "did you mean" not in str(raised.value)


def test_an_undeclared_name_close_to_a_declared_one_names_it():
    r"""\sigam beside a declared \sigma: the slip is named (as written, one backslash)."""
    text = ('id = "t"\ntitle = "t"\nsource = "x.md"\n\n[[scalar]]\nname = \'t\'\n\n[[operator]]\nname = \'\\sigma\'\n'
            'meaning = "logistic"\n\n[[claim]]\nid = "c"\nline = 3\ntitle = "c"\nlatex = \'\'\'\\sigam(t) \\le 1\'\'\'\n')
    with pytest.raises(DerivationError) as raised:
        verify_text(text)
    assert "'\\sigam' is not declared (did you mean '\\sigma'?)" in str(raised.value)

r"""A name the document writes two ways, read as one in every formula of the file: ``read_as = { 'p_{g}' =
'p_{G}' }`` at the top of a derivation or in the Markdown header (a GAN post writes its generator's
distribution p_G throughout and p_g once, which stopped its value function and the 28 displays after it).
A spelling no formula writes, or one read as itself, changes nothing: a warning, never silence."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.load import load_all
from contrastive_sym.pipeline import verify_text

NOTATION = r"""id = "t"
title = "t"
source = "x.md"
read_as = { 'p_{g}' = 'p_{G}' }

[[scalar]]
name = 'x'
role = "point"

[[distribution]]
name = 'p_{G}'
of = ['x']

[[function]]
name = 'f'
arguments = 1
"""


def claim(latex: str) -> str:
    return NOTATION + f"\n[[claim]]\nid = 'c'\nline = 5\ntitle = 'c'\nlatex = '''{latex}'''\n"


@pytest.mark.parametrize("latex, expected", [
    (r"\mathbb{E}_{x \sim p_{g}}[f(x)] = \mathbb{E}_{x \sim p_{G}}[f(x)]", "holds"),
    (r"p_g(x) = p_{G}(x)", "holds"),
    (r"p_{g}(x) = 2 p_{G}(x)", "refuted"),
])
def test_the_other_spelling_is_the_declared_name(latex, expected):
    (result,) = verify_text(claim(latex)).documents[0].claims
    assert result.outcome.verdict.value in (("proved", "confirmed") if expected == "holds" else (expected,))


def test_without_it_the_other_spelling_is_refused():
    plain = claim(r"p_{g}(x) = p_{G}(x)").replace("read_as = { 'p_{g}' = 'p_{G}' }\n", "")
    with pytest.raises(DerivationError, match="'p_{g}' is not declared"):
        verify_text(plain)


@pytest.mark.parametrize("spelling, why", [("{ 'q_{g}' = 'p_{G}' }", "no formula of the file writes it"),
                                           ("{ 'p_{G}' = 'p_{G}' }", "it reads the same name")])
def test_a_spelling_that_changes_nothing_is_a_warning(tmp_path, capsys, spelling, why):
    path = tmp_path / "t.toml"
    path.write_text(claim(r"p_{G}(x) = p_{G}(x)").replace("{ 'p_{g}' = 'p_{G}' }", spelling), encoding="utf-8")
    load_all([str(path)])
    assert f"{why}, so it changes nothing" in capsys.readouterr().err
    with pytest.raises(DerivationError, match=why):
        load_all([str(path)], strict=True)


def test_the_markdown_header_takes_it():
    document = "\n".join([
        "<!-- contrastive-verify", 'title = "t"', "read_as = { 'p_{g}' = 'p_{G}' }",
        "[[scalar]]", "name = 'x'", 'role = "point"', "[[distribution]]", "name = 'p_{G}'", "of = ['x']", "-->", "",
        "<!-- claim: id = \"c\" -->", "$$", r"p_{g}(x) = p_{G}(x)", "$$", ""])
    (result,) = verify_text(document, suffix=".md").documents[0].claims
    assert result.outcome.verdict.value in ("proved", "confirmed")

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


def claim(latex: str, notation: str = NOTATION) -> str:
    return notation + f"\n[[claim]]\nid = 'c'\nline = 5\ntitle = 'c'\nlatex = '''{latex}'''\n"


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


def test_a_spelling_is_a_whole_name_never_part_of_another(tmp_path, capsys):
    """read_as 'g' = 'G' turned \\gamma into \\Gamma, and \\gamma = \\Gamma was proved (a probe)."""
    path = tmp_path / "t.toml"
    path.write_text('id = "t"\ntitle = "t"\nsource = "x.md"\nread_as = { \'g\' = \'G\' }\n'
                    "[[scalar]]\nname = 'G'\n[[scalar]]\nname = '\\gamma'\n[[scalar]]\nname = '\\Gamma'\n"
                    "[[claim]]\nid = 'c'\nline = 5\ntitle = 'c'\nlatex = '\\gamma = \\Gamma'\n", encoding="utf-8")
    from contrastive_sym.pipeline import verify
    (result,) = verify([str(path)]).documents[0].claims
    assert result.outcome.verdict.value == "refuted"
    assert "no formula of the file writes it, so it changes nothing" in capsys.readouterr().err


@pytest.mark.parametrize("other", [r"\mathcal{D}", r"\hat{D}", r"\mathbb{D}"])
def test_a_spelling_of_a_letter_leaves_the_letter_in_a_font_or_under_an_accent(other):
    """read_as 'D' = '\\mathbf{D}' made \\mathcal{D} \\mathcal{\\mathbf{D}}, and a declared \\mathcal{D} "not
    declared" (a corpus audit): a letter in a font or under an accent is a name of its own."""
    text = ('id = "t"\ntitle = "t"\nsource = "x.md"\nread_as = { \'D\' = \'\\mathbf{D}\' }\n'
            f"[[scalar]]\nname = '\\mathbf{{D}}'\n[[scalar]]\nname = '{other}'\n"
            f"[[claim]]\nid = 'c'\nline = 5\ntitle = 'c'\nlatex = '{other} + D = D + {other}'\n")
    (result,) = verify_text(text).documents[0].claims
    assert result.outcome.verdict.value == "proved"


def test_a_claims_own_spelling_wins_over_the_files_and_a_declared_one_is_said(tmp_path, capsys):
    text = ('id = "t"\ntitle = "t"\nsource = "x.md"\nread_as = { \'u\' = \'v\' }\n'
            "[[scalar]]\nname = 'u'\n[[scalar]]\nname = 'v'\n[[scalar]]\nname = 'w'\n"
            "[[claim]]\nid = 'c'\nline = 5\ntitle = 'c'\nread_as = { 'u' = 'w' }\nlatex = 'u = w'\n")
    (result,) = verify_text(text).documents[0].claims
    assert result.outcome.verdict.value in ("proved", "confirmed")
    assert "u is declared too, and no formula can use that declaration" in capsys.readouterr().err


DEFINED = r"""id = "t"
title = "t"
source = "x.md"
read_as = { '\mathcal{L}_{\text{InfoNCE}}' = '\mathcal{L}' }

[[scalar]]
name = 'a'

[[define]]
name = '\mathcal{L}_{\text{InfoNCE}}'
line = 1
latex = '\mathcal{L}_{\text{InfoNCE}} = a^2'
"""


@pytest.mark.parametrize("latex, verdict", [
    # a definition whose head is the spelling read as another: bound as it is read, found by either
    # (it was "'\mathcal{L}' is not declared", and so was its own spelling)
    (r"\mathcal{L} = a \cdot a", "proved"),
    (r"\mathcal{L}_{\text{InfoNCE}} = a \cdot a", "proved"),
    (r"\mathcal{L} = 2 a^2", "refuted"),
])
def test_a_definition_written_in_the_other_spelling_is_found_by_both(latex, verdict):
    (result,) = verify_text(claim(latex, DEFINED)).documents[0].claims
    assert result.outcome.verdict.value == verdict


def test_a_spelling_is_of_a_whole_name_not_of_a_longer_one_with_a_worded_subscript():
    from contrastive_sym.latex.spelling import respelled
    # \mathcal{L}_{\text{hard}} is another name than \mathcal{L}: a read_as of \mathcal{L} leaves it (it was
    # rewritten \mathcal{L}_{\text{InfoNCE}}_{\text{hard}}); an entry \mathcal{L}_i is of the name read
    assert respelled(r"\mathcal{L}_{\text{hard}}", r"\mathcal{L}", r"\mathcal{L}_{\text{InfoNCE}}") == \
        r"\mathcal{L}_{\text{hard}}"
    assert respelled(r"\mathcal{L}_\mathrm{hard}", r"\mathcal{L}", "M") == r"\mathcal{L}_\mathrm{hard}"
    assert respelled(r"\mathcal{L}_i", r"\mathcal{L}", "M") == "M_i"

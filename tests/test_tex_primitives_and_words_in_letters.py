r"""What older posts write in plain TeX, as a blind round of documents showed (a post on Deep InfoMax's JSD
bound): ``{a \over b}``, TeX's primitive fraction of the group in braces ("'\over' is not declared" before);
``where\ \phi(x) = …``, the word in math letters with a control space after it, opening a definition as
``\text{where }`` does ("the left side of a definition must be a name" before); and ``\max I(X; Y)``, a
maximum over what the display does not name, is refused naming it (it was "unexpected 'I'; expected '('")."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict, the_only_claim, with_claim

NOTATION = TITLE + """
[[scalar]]
name = 'u'

[[scalar]]
name = 'v'
domain = "positive"
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"{1 \over 2} + {u \over v} = \frac{1}{2} + \frac{u}{v}", "proved"),
    (r"\log{1+v\over 2} = \log(1+v) - \log 2", "proved"),
    (r"{u \over v} = \frac{v}{u}", "refuted"),
])
def test_over_in_braces_is_the_fraction_of_the_group(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


@pytest.mark.parametrize("latex", [r"u \over v = 1", r"{u \over v \over 2} = 1"])
def test_over_anywhere_else_is_refused_saying_how_it_is_read(latex):
    with pytest.raises(ParseError, match=r"'\\over' is read as the fraction of its group, \{a \\over b\}"):
        claim_verdict(NOTATION, latex)


def test_a_definition_opening_with_where_in_letters():
    document = NOTATION + """
[[define]]
name = 'sp'
line = 2
latex = '''where\\ \\mathrm{sp}(x)=\\log(1+e^{x})'''
"""
    assert claim_verdict(document, r"\mathrm{sp}(u) = \log(1+e^u)") == "proved"
    assert claim_verdict(document, r"\mathrm{sp}(u) = \log(1+e^{-u})") == "refuted"


def test_a_where_clause_in_letters_after_a_statement():
    claim = the_only_claim(with_claim(NOTATION, r"u + 0 = w \quad where\ w = u"))
    assert claim.outcome.verdict.value == "proved"
    assert "w, defined after the statement, is read as a definition local to this statement" in claim.claim.reading


def test_a_maximum_over_what_is_not_written_is_refused_naming_it():
    with pytest.raises(ParseError, match=r"'\\max' with nothing under it \(an objective maximised over parameters"):
        claim_verdict(NOTATION, r"\max u = \max u")
    # \max(…) and \max\{…\} are still the largest of the values written, \max_k the largest entry
    assert claim_verdict(NOTATION, r"\max(u, v) \geq v") == "confirmed"
    assert claim_verdict(NOTATION, r"\max\{u, v\} \geq u") == "confirmed"

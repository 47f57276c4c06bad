"""A derivation's text with one claim appended, and that claim's result: what the tests of a
notation written as a whole TOML document (sections, defines) check, one statement at a time."""
from __future__ import annotations

from contrastive_sym.pipeline import verify_text

#: the table a derivation's TOML starts with, for the notations the tests write
TITLE = '\nid = "t"\ntitle = "t"\nsource = "x.md"\n'


def with_claim(document: str, latex: str, line: int = 10, proportional_in: tuple = ()) -> str:
    """``document`` (a derivation's TOML) with the claim ``c`` of ``latex`` at ``line`` (a literal
    string: primes and backslashes as written)."""
    names = f"proportional_in = {list(proportional_in)!r}\n" if proportional_in else ""
    return document + f"""
[[claim]]
id = "c"
line = {line}
title = "c"
{names}latex = '''{latex}'''
"""


def claim_result(text: str, claim_id: str = "c"):
    """The result of the claim ``claim_id`` when the derivation ``text`` is checked."""
    return next(c for c in verify_text(text).documents[0].claims if c.claim.id == claim_id)


def the_only_claim(text: str):
    """The result of the one claim of the derivation ``text`` (an error if it makes several)."""
    (claim,) = verify_text(text).documents[0].claims
    return claim


def claim_verdict(document: str, latex: str, line: int = 10, proportional_in: tuple = ()) -> str:
    """The verdict of ``latex``, the one claim appended to ``document``."""
    return the_only_claim(with_claim(document, latex, line, proportional_in)).outcome.verdict.value

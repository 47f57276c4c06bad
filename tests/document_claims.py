"""A derivation's text with one claim appended, and that claim's result: what the tests of a
notation written as a whole TOML document (sections, defines) check, one statement at a time."""
from __future__ import annotations

from contrastive_sym.pipeline import verify_text


def with_claim(document: str, latex: str, line: int = 10) -> str:
    """``document`` (a derivation's TOML) with the claim ``c`` of ``latex`` at ``line``."""
    return document + f"""
[[claim]]
id = "c"
line = {line}
title = "c"
latex = '{latex}'
"""


def claim_result(text: str, claim_id: str = "c"):
    """The result of the claim ``claim_id`` when the derivation ``text`` is checked."""
    return next(c for c in verify_text(text).documents[0].claims if c.claim.id == claim_id)

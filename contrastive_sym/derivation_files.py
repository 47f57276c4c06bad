"""Which files of a repository are derivations: the question a directory scan, a pre-commit hook (which
names every changed ``.toml`` and ``.md`` file) and the pytest plugin (which meets every file) ask.

* a Markdown file is one when it carries the ``<!-- contrastive-verify`` header: a README or a guide
  beside the derivations is not;
* a TOML file is one when it has the top-level keys of a derivation (``id``, ``title`` and ``source``)
  or a ``[[claim]]`` table: ``pyproject.toml`` or a tool's configuration is not.  One that is not
  valid TOML counts when its text has a ``[[claim]]`` table, so that its mistake is reported rather
  than the file passed over.

A file that cannot be read as text (a pipe, a device, binary, too large) counts as a derivation, so
that loading it says why.  This module imports nothing heavy: the pytest plugin asks it for every
file pytest meets.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from .errors import DerivationError
from .safe_io import MAX_DERIVATION_BYTES, read_text_file

#: the comment that makes a Markdown file a derivation
HEADER = "<!-- contrastive-verify"


def is_derivation(path: Path) -> bool:
    """Whether ``path`` (a ``.toml`` or ``.md`` file) is a derivation, as above; any other suffix is not
    decided here (a ``.py`` derivation is one only when named, since loading it runs it)."""
    try:
        text = read_text_file(path, MAX_DERIVATION_BYTES, encoding="utf-8-sig")
    except DerivationError:
        return True
    if path.suffix == ".md":
        return HEADER in text
    if path.suffix == ".toml":
        try:
            spec = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return "[[claim]]" in text
        return {"id", "title", "source"} <= set(spec) or "claim" in spec
    return False

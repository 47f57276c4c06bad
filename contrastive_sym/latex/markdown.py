"""Markdown documents checked directly (annotations in HTML comments): see load_markdown."""
from __future__ import annotations

from pathlib import Path

from ..claims import Document
from ..errors import DerivationError


def load_markdown(path: Path) -> Document:  # pragma: no cover - replaced below
    raise DerivationError("Markdown documents are not supported yet", str(path))

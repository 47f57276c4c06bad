"""The settings a repository keeps in its ``pyproject.toml``, under ``[tool.contrastive-verify]``:

    [tool.contrastive-verify]
    paths = ["derivations", "notes"]      # what to check when the command line names nothing
    documents = "docs"                     # where the source documents are
    digits = 60
    seed = 1
    timeout = 20
    strict = true

The file is the first ``pyproject.toml`` found from the working directory upwards (as pytest and
ruff find theirs); ``paths`` and ``documents`` are relative to the file's directory.  What the command
line says wins.  A key the table does not know, or a value of the wrong type, is an error naming the file
and the key (exit 2): a setting mistyped would otherwise be ignored in silence.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from .errors import UsageError

#: key → (the argparse destination, the types a value may have, what the message calls them)
_KEYS = {
    "paths": ("paths", (list,), "a list of paths"),
    "documents": ("documents", (str,), "a path"),
    "digits": ("digits", (int,), "a whole number"),
    "seed": ("seed", (int,), "a whole number"),
    "timeout": ("timeout", (int, float), "a number of seconds"),
    "strict": ("strict", (bool,), "true or false"),
}


def find(start: Path | None = None) -> Path | None:
    """The ``pyproject.toml`` of the working directory or of the nearest directory above it."""
    here = (start or Path.cwd()).resolve()
    for directory in (here, *here.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def settings(path: Path | None = None) -> tuple[dict, Path | None]:
    """(argparse defaults from ``[tool.contrastive-verify]``, the file they come from); ({}, None) when
    there is no such file or table."""
    path = path or find()
    if path is None:
        return {}, None
    try:
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path}: cannot read [tool.contrastive-verify]: {exc}") from None
    table = spec.get("tool", {}).get("contrastive-verify")
    if table is None:
        return {}, None
    if not isinstance(table, dict):
        raise UsageError(f"{path}: [tool.contrastive-verify] must be a table")
    defaults = {}
    for key, value in table.items():
        if key not in _KEYS:
            raise UsageError(f"{path}: [tool.contrastive-verify] has no setting {key!r} (known: {', '.join(_KEYS)})")
        destination, types, what = _KEYS[key]
        if not isinstance(value, types) or isinstance(value, bool) and bool not in types \
                or key == "paths" and not all(isinstance(p, str) for p in value):
            raise UsageError(f"{path}: [tool.contrastive-verify] {key} must be {what}")
        if key in ("paths", "documents"):
            root = path.parent
            value = [_relative(root / p) for p in value] if key == "paths" else _relative(root / value)
        defaults[destination] = value
    return defaults, path


def _relative(path: Path) -> str:
    """``path`` as the command line would name it from the working directory."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path.resolve())

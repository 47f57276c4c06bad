"""Load derivation files into :class:`~contrastive_sym.model.claims.Document` records.

A derivation file is LaTeX in TOML (:mod:`contrastive_sym.load.toml`), an
annotated Markdown document (:mod:`contrastive_sym.load.markdown`), or, for
programmatic use and tests, a Python module that builds a ``DOCUMENT`` with
:mod:`contrastive_sym.load.builder` (loading one runs its code: only load modules you
trust).  Every mistake in one becomes a
:class:`~contrastive_sym.errors.DerivationError` naming the file and line.

A ``.py`` derivation runs code, so it is loaded only when it is named as a file, or
when ``allow_python`` (``--allow-python``) is given: a directory scan skips ``.py``
files without importing them and says how many it skipped.  Every file is read
through :func:`contrastive_sym.safe_io.read_text_file` (regular files only, at most
:data:`~contrastive_sym.safe_io.MAX_DERIVATION_BYTES`).
"""
from __future__ import annotations

import importlib.resources
import importlib.util
import os
import sys
import traceback
from pathlib import Path

from ..model.claims import Document
from .builder import DocumentBuilder
from ..errors import DerivationError, UsageError
from .toml import load_toml
from .markdown import load_markdown
from ..derivation_files import is_derivation
from ..safe_io import MAX_DERIVATION_BYTES, check_regular_file, read_text_file


#: Derivation files: LaTeX in TOML, Markdown documents with annotations, and (for
#: programmatic use and tests) Python modules built with contrastive_sym.load.builder.
SUFFIXES = (".toml", ".md", ".py")


def bundled_paths(allow_python: bool = False) -> list[Path]:
    """The derivations that ship with the package (the four seed documents and the families beyond them)."""
    root = importlib.resources.files("contrastive_sym.bundled")
    return sorted(Path(str(p)) for p in root.iterdir()
                  if p.name.endswith(SUFFIXES) and not p.name.startswith("_")
                  and (allow_python or not p.name.endswith(".py")))


#: directories a scan does not enter: hidden ones (.git), private ones (__pycache__), dependencies
_NOT_ENTERED = ("node_modules",)


def _scanned(directory: Path) -> list[Path]:
    """The files under ``directory`` with a derivation's suffix, in every subdirectory (as pytest and ruff
    scan), sorted; symbolic links to directories are not followed (no loop), hidden and private
    directories and files (``.git``, ``__pycache__``, ``_draft.toml``) are left out."""
    found = []
    for root, dirs, files in os.walk(directory, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")) and d not in _NOT_ENTERED)
        found += [Path(root) / f for f in files if f.endswith(SUFFIXES) and not f.startswith((".", "_"))]
    return sorted(found)


def _expand(paths: list[str], allow_python: bool, skip_others: bool = False) -> tuple[list[Path], list[Path]]:
    """(derivation files, files skipped: the Python files a directory scan met, the ``.toml`` and ``.md``
    files of a scan that are not derivations (a README without the header, a pyproject.toml), and with
    ``skip_others`` the named ones that are not)."""
    if not paths:
        return bundled_paths(allow_python), []
    found, skipped = [], []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            entries = _scanned(path)
            python = [p for p in entries if p.suffix == ".py"]
            others = [p for p in entries if p.suffix != ".py" and not is_derivation(p)]
            files = [p for p in entries if (p.suffix != ".py" or allow_python) and p not in others]
            skipped += others + ([] if allow_python else python)
            if not files:
                kinds = "*.toml, *.md, *.py" if allow_python else "*.toml, *.md"
                note = (f"; {len(python)} Python file{'s' if len(python) != 1 else ''} skipped, not run "
                        "(name it as a file or pass --allow-python)" if python and not allow_python else "")
                raise UsageError(f"{path}: no derivation files ({kinds}) in this directory or below it{note}")
            found += files
        elif skip_others and path.suffix in (".toml", ".md") and path.is_file() and not is_derivation(path):
            skipped.append(path)               # a README or a pyproject.toml among the files a hook names
        elif os.path.lexists(path):            # a dangling link or a loop: load() says which
            found.append(path)
        else:
            raise UsageError(f"{path}: no such file or directory")
    return found, skipped


def load(path: Path | str, strict: bool = False) -> Document:
    """The document of one file; ``strict``: a loading warning is an error (exit 2)."""
    path = Path(path)
    if path.suffix == ".toml":
        return _read(path, load_toml, strict)
    if path.suffix == ".md":
        return _read(path, load_markdown, strict)
    if path.suffix != ".py":
        raise DerivationError(f"unsupported derivation file type {path.suffix or '(none)'!r}; "
                              "expected .toml (LaTeX derivation), .md (annotated Markdown) or .py",
                              str(path))
    source = read_text_file(path, MAX_DERIVATION_BYTES, encoding="utf-8-sig")
    name = f"contrastive_sym_derivation_{abs(hash(str(path.resolve())))}"
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            # The text read above is what runs: the file is not opened a second time.
            exec(compile(source, str(path), "exec"), module.__dict__)
        finally:
            sys.modules.pop(name, None)
    except DerivationError:
        raise
    except SyntaxError as exc:
        raise DerivationError(f"syntax error: {exc.msg}", str(path), exc.lineno) from None
    except Exception as exc:
        raise DerivationError(f"{type(exc).__name__}: {exc}", str(path), _line_in(exc, path)) from None
    builder = getattr(module, "DOCUMENT", None)
    if isinstance(builder, Document):
        return builder
    if not isinstance(builder, DocumentBuilder):
        raise DerivationError("defines no DOCUMENT (a DocumentBuilder)", str(path))
    try:
        return builder.build(str(path))
    except DerivationError:
        raise
    except Exception as exc:
        raise DerivationError(f"{type(exc).__name__}: {exc}", str(path), _line_in(exc, path)) from None


def _read(path: Path, reader, strict: bool) -> Document:
    # A pipe, a device, a link loop or a file past the limit is refused before the
    # reader opens it.  (The readers of latex/ read the file themselves.)
    check_regular_file(path, MAX_DERIVATION_BYTES)
    try:
        return reader(path, strict=strict)
    except OSError as exc:
        raise DerivationError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    except UnicodeDecodeError as exc:
        raise DerivationError(f"not UTF-8 text (byte {exc.start})", str(path)) from None


def _line_in(exc: BaseException, path: Path) -> int | None:
    """The last line of the derivation file in the traceback: where the mistake was made."""
    target = str(path.resolve())
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if str(Path(frame.filename).resolve()) == target:
            line = frame.lineno
    return line


def load_all(paths: list[str], allow_python: bool = False, strict: bool = False,
             skip_others: bool = False) -> list[Document]:
    """The documents of ``paths``.  A ``.py`` file found in a directory is loaded only
    with ``allow_python``; with ``skip_others`` a named ``.toml`` or ``.md`` file that is not a
    derivation is skipped (a pre-commit hook names every changed one); the files skipped are
    counted in one line on stderr each.  With ``strict`` the first loading warning of a file is
    raised as its error."""
    files, skipped = _expand(paths, allow_python, skip_others)
    python = [p for p in skipped if p.suffix == ".py"]
    others = [p for p in skipped if p.suffix != ".py"]
    if python:
        count = f"{len(python)} Python file{'s' if len(python) != 1 else ''}"
        print(f"contrastive-verify: skipped {count} found in directories, not run: a .py derivation runs code; "
              "name it as a file or pass --allow-python to load it", file=sys.stderr)
    if others:
        shown = ", ".join(str(p) for p in others[:5]) + (", …" if len(others) > 5 else "")
        what = "files that are not derivations" if len(others) != 1 else "file that is not a derivation"
        print(f"contrastive-verify: skipped {len(others)} {what} ({shown}): Markdown without the "
              "<!-- contrastive-verify header, TOML without id, title and source", file=sys.stderr)
    documents = [load(p, strict) for p in files]
    seen = {}
    for doc in documents:
        if doc.id in seen:
            raise DerivationError(f"document id {doc.id!r} is also used by {seen[doc.id]}", doc.path)
        seen[doc.id] = doc.path
    return documents

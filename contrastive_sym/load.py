"""Load derivation files into :class:`~contrastive_sym.claims.Document` records.

A derivation file is LaTeX in TOML (:mod:`contrastive_sym.latex.document`), an
annotated Markdown document (:mod:`contrastive_sym.latex.markdown`), or, for
programmatic use and tests, a Python module that builds a ``DOCUMENT`` with
:mod:`contrastive_sym.derive` (loading one runs its code: only load modules you
trust).  Every mistake in one becomes a
:class:`~contrastive_sym.errors.DerivationError` naming the file and line.
"""
from __future__ import annotations

import importlib.resources
import importlib.util
import sys
import traceback
from pathlib import Path

from .claims import Document
from .derive import DocumentBuilder
from .errors import DerivationError, UsageError
from .latex.document import load_toml
from .latex.markdown import load_markdown


#: Derivation files: LaTeX in TOML, Markdown documents with annotations, and (for
#: programmatic use and tests) Python modules built with contrastive_sym.derive.
SUFFIXES = (".toml", ".md", ".py")


def bundled_paths() -> list[Path]:
    """The derivations that ship with the package (the four seed documents)."""
    root = importlib.resources.files("contrastive_sym.bundled")
    return sorted(Path(str(p)) for p in root.iterdir()
                  if p.name.endswith(SUFFIXES) and not p.name.startswith("_"))


def expand(paths: list[str]) -> list[Path]:
    """Files named on the command line, directories expanded to their derivation files."""
    if not paths:
        return bundled_paths()
    found = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files = sorted(p for p in path.iterdir()
                           if p.name.endswith(SUFFIXES) and not p.name.startswith("_")
                           and (p.suffix != ".md" or _annotated(p)))
            if not files:
                raise UsageError(f"{path}: no derivation files (*.toml, *.md, *.py) in this directory")
            found += files
        elif path.exists():
            found.append(path)
        else:
            raise UsageError(f"{path}: no such file or directory")
    return found


def _annotated(path: Path) -> bool:
    """A Markdown file in a directory is a derivation only if it says so: a README or a
    guide next to the derivations is not one."""
    try:
        return "<!-- contrastive-verify" in path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def load(path: Path) -> Document:
    if path.suffix == ".toml":
        return _read(path, load_toml)
    if path.suffix == ".md":
        return _read(path, load_markdown)
    if path.suffix != ".py":
        raise DerivationError(f"unsupported derivation file type {path.suffix or '(none)'!r}; "
                              "expected .toml (LaTeX derivation), .md (annotated Markdown) or .py",
                              str(path))
    name = f"contrastive_sym_derivation_{abs(hash(str(path.resolve())))}"
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
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


def _read(path: Path, reader) -> Document:
    try:
        return reader(path)
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


def load_all(paths: list[str]) -> list[Document]:
    documents = [load(p) for p in expand(paths)]
    seen = {}
    for doc in documents:
        if doc.id in seen:
            raise DerivationError(f"document id {doc.id!r} is also used by {seen[doc.id]}", doc.path)
        seen[doc.id] = doc.path
    return documents

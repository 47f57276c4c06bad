"""Reading files of an untrusted repository: regular files only, never blocking, bounded.

A pull request decides what its files are.  A derivation or a document may be a named
pipe (``open`` would wait for a writer forever), a symbolic link to ``/dev/zero``
(``read`` would never end), a link that loops, or simply huge.  Every derivation and
every source document is therefore read by :func:`read_text_file`, which

* resolves the path and checks with ``os.stat`` that it is a regular file,
* opens it with ``O_NONBLOCK`` (a pipe swapped in after the check cannot block the
  ``open``) and checks the descriptor again with ``os.fstat``,
* reads at most ``limit + 1`` bytes, so a file past the limit is refused without
  reading it all,
* refuses binary content (a NUL byte) and bytes that are not UTF-8,

and says what is wrong in a :class:`~contrastive_sym.errors.DerivationError` naming
the file.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import DerivationError

#: Largest derivation file (TOML, annotated Markdown, Python), in bytes: 8 MiB.  The
#: largest bundled derivation is about 60 kB.
MAX_DERIVATION_BYTES = 8 * 1024 * 1024
#: Largest source document compared with ``--documents``, in bytes: 16 MiB.
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024

_CHUNK = 1 << 20


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _mib(limit: int) -> str:
    return f"{limit / (1024 * 1024):g} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"


def _refuse(path, message: str, line: int | None = None) -> DerivationError:
    return DerivationError(message, path=str(path), line=line)


def check_regular_file(path, limit: int) -> Path:
    """The resolved path of ``path`` when it is a regular file of at most ``limit``
    bytes; otherwise :class:`DerivationError` says what it is."""
    try:
        resolved = Path(path).resolve(strict=True)
        info = os.stat(resolved)
    except FileNotFoundError:
        raise _refuse(path, "no such file (or a symbolic link to nothing)") from None
    except RuntimeError:                       # Python < 3.13: a symbolic link loop
        raise _refuse(path, "cannot read the file: a symbolic link loop") from None
    except OSError as exc:
        raise _refuse(path, f"cannot read the file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise _refuse(path, f"cannot read the file: it is {_kind(info.st_mode)}, not a regular file")
    if info.st_size > limit:
        raise _refuse(path, f"the file is larger than the limit of {_mib(limit)} ({info.st_size} bytes)")
    return resolved


def read_text_file(path, limit: int, *, encoding: str = "utf-8", universal_newlines: bool = True) -> str:
    """The text of ``path``, a regular file of at most ``limit`` bytes of UTF-8.

    ``encoding`` is ``"utf-8"`` or ``"utf-8-sig"`` (a leading byte order mark dropped).
    With ``universal_newlines`` (the default), ``\\r\\n`` and ``\\r`` become ``\\n`` as
    in :meth:`pathlib.Path.read_text`; without it the text is returned as decoded.
    Raises :class:`DerivationError` (``path`` set; ``line`` where a NUL byte or a byte
    that is not UTF-8 is) and nothing else.
    """
    resolved = check_regular_file(path, limit)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(resolved, flags)
    except OSError as exc:
        raise _refuse(path, f"cannot read the file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):     # swapped after the check above
            raise _refuse(path, f"cannot read the file: it is {_kind(info.st_mode)}, not a regular file")
        chunks, remaining = [], limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as exc:
        raise _refuse(path, f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise _refuse(path, f"the file is larger than the limit of {_mib(limit)}")
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise _refuse(path, f"a binary file, not text (a NUL byte at offset {nul})", line)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise _refuse(path, f"not UTF-8 text (byte {exc.start})", line) from None
    if universal_newlines:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


__all__ = ["MAX_DERIVATION_BYTES", "MAX_DOCUMENT_BYTES", "check_regular_file", "read_text_file"]

"""``contrastive-verify report``: the HTML page, the LaTeX source, its PDF and the figures.

Everything is written into a staging directory first and moved into place only when
all of it rendered: a failed rendering leaves no half-written report behind.

The output directory may hold files of the user's.  The report

* writes only inside ``--output``: a figure's file name comes from its id through
  :func:`.plots.file_name` alone, and every path is checked to resolve inside the
  output directory before anything is written to it (:func:`_inside`);
* replaces only the files it writes (``index.html``, ``report.tex``, ``report.pdf``,
  ``figures/<name>.pdf``) and deletes only files that it wrote itself in an earlier
  run: those listed with their SHA-256 in its manifest (:data:`MANIFEST`) and still
  unchanged.  A user's file in ``figures/`` survives; ``figures`` that is a symbolic
  link or not a directory is refused (:class:`UsageError`, exit 2), never followed;
* removes its staging directory on every exit, SIGTERM, SIGINT and SIGHUP included
  (handlers are installed for the duration of the write and restored after).
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import stat
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from ...errors import ContrastiveVerifyError, DerivationError, ReportError, UsageError
from ...model.results import RunResult
from ...safe_io import read_text_file
from . import plots
from ..data import report_data
from ..records import DrawnFigure, ReportData

#: The report's record of the files it wrote (relative path → SHA-256), in the output
#: directory.  A file is deleted by a later run only when it is listed here and its
#: content still has the recorded hash.
MANIFEST = ".contrastive-verify-report.json"
_MANIFEST_LIMIT = 1024 * 1024
_STAGING_PREFIX = ".staging-"
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))


class _Interrupted(BaseException):
    """A termination signal arrived while the report was being written."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _inside(root: Path, path: Path) -> Path:
    """``path``, after checking that it resolves (symbolic links followed) inside
    ``root``; raises :class:`ReportError` otherwise.  Called before every write."""
    try:
        real_root = root.resolve()
        real = path.parent.resolve() / path.name
        if path.name in ("", ".", "..") or real.is_symlink():
            real = real.resolve()
    except (OSError, RuntimeError) as exc:
        raise ReportError(f"{path}: cannot resolve the path to write: {exc}") from None
    if real != real_root and real_root not in real.parents:
        raise ReportError(f"{path}: refusing to write outside the output directory {root}")
    return path


def _sha256(path: Path) -> str | None:
    """The hash of a regular file (not followed if a link), or None."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None


def _plain_relative(name) -> bool:
    """A manifest entry the report could have written: ``index.html`` or ``figures/x.pdf``."""
    if not isinstance(name, str) or name.startswith("/") or "\\" in name:
        return False
    parts = name.split("/")
    return (len(parts) == 1 or (len(parts) == 2 and parts[0] == "figures")) and \
        all(p and not p.startswith(".") for p in parts)


def _read_manifest(out_dir: Path) -> dict[str, str]:
    """What an earlier run wrote; an unreadable or malformed manifest is empty (so
    nothing is deleted)."""
    path = out_dir / MANIFEST
    if not os.path.lexists(path):
        return {}
    try:
        entries = json.loads(read_text_file(path, _MANIFEST_LIMIT)).get("files", {})
    except (DerivationError, ValueError, AttributeError):
        return {}
    if not isinstance(entries, dict):
        return {}
    return {k: v for k, v in entries.items() if _plain_relative(k) and isinstance(v, str)}


def _check_figures_dir(out_dir: Path) -> None:
    """``figures`` in the output directory is the report's directory or absent."""
    target = out_dir / "figures"
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise UsageError(f"{target}: is a symbolic link; the report writes its figures only into a plain "
                         "directory (remove the link or choose another --output)")
    if not stat.S_ISDIR(mode):
        raise UsageError(f"{target}: exists and is not a directory (remove it or choose another --output)")


def _draw_figures(run: RunResult, directory: Path) -> dict[str, DrawnFigure]:
    """Draw every figure (SVG for HTML, PDF for LaTeX); figure id → the drawn figure.
    (The items name their figures' ids already: :func:`.data.report_data`.)"""
    drawn: dict[str, DrawnFigure] = {}
    used: dict[str, str] = {}
    for doc in run.documents:
        for _, fig in doc.figures:
            name = plots.file_name(fig.id)
            if used.setdefault(name, fig.id) != fig.id:      # two ids, one plain name
                name = plots.file_name(f"{fig.id}\x00")
                used[name] = fig.id
            pdf = _inside(directory, directory / "figures" / f"{name}.pdf")
            plots.pdf(fig, pdf)
            drawn[fig.id] = DrawnFigure(caption=fig.caption, svg=plots.svg(fig), pdf=f"figures/{name}.pdf")
    return drawn


def _render(data: ReportData, staging: Path, pdf: bool) -> list[str]:
    from . import html
    from . import latex
    _inside(staging, staging / "index.html").write_text(html.render(data), encoding="utf-8")
    _inside(staging, staging / "report.tex").write_text(latex.render(data), encoding="utf-8")
    names = ["index.html", "report.tex"]
    if pdf:
        latex.compile_pdf(staging / "report.tex")
        names.append("report.pdf")
    return names


class _SignalGuard:
    """For the duration of the write, SIGTERM, SIGINT and SIGHUP raise
    :class:`_Interrupted`, so that the ``finally`` clauses run and remove the staging
    directory; inside :meth:`critical` (moving files into place) a signal waits until
    the block ends.  A second signal during the clean-up is ignored.  On the way out
    the previous handlers are restored and the signal is delivered to them, so that a
    SIGTERM still ends the process as a SIGTERM."""

    def __init__(self):
        self.previous: dict = {}
        self.received: int | None = None
        self.deferred = False
        self.raised = False

    def _handler(self, signum, frame):
        if self.received is None:
            self.received = signum
        if self.deferred or self.raised:
            return
        self.raised = True
        raise _Interrupted(signum)

    @contextmanager
    def critical(self):
        self.deferred = True
        try:
            yield
        finally:
            self.deferred = False
        if self.received is not None and not self.raised:
            self.raised = True
            raise _Interrupted(self.received)

    def _restore(self) -> None:
        for signum, old in self.previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)
        self.previous = {}

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for signum in _SIGNALS:
                old = signal.getsignal(signum)
                if old is signal.SIG_IGN:      # nohup: an ignored signal stays ignored
                    continue
                self.previous[signum] = old
                signal.signal(signum, self._handler)
        return self

    def __exit__(self, kind, exc, tb):
        self._restore()
        if isinstance(exc, _Interrupted):
            signal.raise_signal(exc.signum)    # the previous handler decides (SIG_DFL ends the process)
            if exc.signum == getattr(signal, "SIGINT", None):
                raise KeyboardInterrupt from None
            raise SystemExit(128 + exc.signum) from None
        return False


def _move_into_place(staging: Path, out_dir: Path, names: list[str], figure_names: list[str]) -> list[Path]:
    """Replace the files this run wrote, delete stale files of earlier runs that are
    unchanged, and record what was written in the manifest."""
    _check_figures_dir(out_dir)
    earlier = _read_manifest(out_dir)
    target_figures = out_dir / "figures"
    if not target_figures.exists():
        target_figures.mkdir()
    written, manifest = [], {}
    moves = [(staging / "figures" / n, f"figures/{n}") for n in figure_names]
    moves += [(staging / n, n) for n in names]
    for source, relative in moves:
        target = _inside(out_dir, out_dir / relative)
        if os.path.lexists(target) and stat.S_ISDIR(os.lstat(target).st_mode):
            raise UsageError(f"{target}: is a directory; the report would replace it with a file")
        manifest[relative] = _sha256(source)
        os.replace(source, target)
    written.append(target_figures)
    written += [out_dir / n for n in names]
    # Stale files of an earlier run (a figure no longer drawn, a PDF no longer built):
    # deleted only when the manifest lists them and they are unchanged since.
    for relative, digest in earlier.items():
        if relative in manifest:
            continue
        stale = out_dir / relative
        if _sha256(stale) == digest:
            _inside(out_dir, stale).unlink()
    _write_manifest(staging, out_dir, manifest)
    return written


def _write_manifest(staging: Path, out_dir: Path, files: dict[str, str | None]) -> None:
    path = _inside(out_dir, out_dir / MANIFEST)
    if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
        raise UsageError(f"{path}: exists and is not a regular file")
    fresh = _inside(staging, staging / MANIFEST)
    fresh.write_text(json.dumps({"tool": "contrastive-verify report", "files": files}, indent=1, sort_keys=True)
                     + "\n", encoding="utf-8")
    os.replace(fresh, path)


def write_report(run: RunResult, out_dir: Path, pdf: bool | None = None) -> list[Path]:
    """Write the report into ``out_dir``; returns the files written.

    The figures drawn are the ones the run carries (``DocumentResult.figures``: run
    :func:`contrastive_sym.verify` with ``figures=True``)."""
    out_dir = Path(out_dir)
    if os.path.lexists(out_dir) and not out_dir.is_dir():
        raise UsageError(f"{out_dir}: exists and is not a directory")
    _check_figures_dir(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = shutil.which("pdflatex") is not None if pdf is None else pdf
    with _SignalGuard() as guard:
        staging = None
        try:
            staging = Path(tempfile.mkdtemp(dir=out_dir, prefix=_STAGING_PREFIX))
            _inside(out_dir, staging)
            (staging / "figures").mkdir()
            data = replace(report_data(run), figures=_draw_figures(run, staging))
            try:
                names = _render(data, staging, pdf)
            except ContrastiveVerifyError:
                raise
            except Exception as exc:
                raise ReportError(f"rendering the report failed: {type(exc).__name__}: {exc}") from exc
            # Everything rendered: move it into place (a signal now waits until it is done).
            figure_names = sorted(p.name for p in (staging / "figures").iterdir())
            with guard.critical():
                return _move_into_place(staging, out_dir, names, figure_names)
        finally:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)

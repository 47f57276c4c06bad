r"""The LaTeX report: report data → .tex source (:func:`render`) → PDF (:func:`compile_pdf`).

:func:`render` turns the report data (:mod:`..records`) into a *view*
(:func:`.latex_view.view`): a tree of dicts, with every string already made LaTeX by
:mod:`.texsafe` and :mod:`.texmath` (text escaped, the documents' own formulas
typeset only when the allowlist accepts them).  The template
``templates/report.tex.j2`` only loops and branches over the view, and refuses to
print any value that is not a :class:`~.texsafe.TeX` string or an int, so nothing
unescaped can slip through it.

:func:`compile_pdf` runs pdflatex without shell escape and with kpathsea in
paranoid mode (no reading or writing outside the report's directory), under a
time limit; a failure raises :class:`LatexError` with the end of the log.

The .tex is a function of the data only: no dates, versions from the data.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import jinja2

from ...errors import LatexError
from ..records import ReportData
from ..safe.texsafe import TeX
from .latex_view import view


TEMPLATE = "report.tex.j2"


# --- rendering -----------------------------------------------------------------------

def _only_tex(value):
    """The template's output filter: only escaped strings and integers may be printed."""
    if isinstance(value, TeX) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"the LaTeX template tried to print {type(value).__name__} {str(value)[:60]!r}; "
                    "only TeX strings from texsafe and integers may be printed")


def _environment() -> jinja2.Environment:
    # LaTeX-friendly delimiters: \BLOCK{…} for statements, \VAR{…} for values, \#{…} comments.
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
        block_start_string=r"\BLOCK{", block_end_string="}",
        variable_start_string=r"\VAR{", variable_end_string="}",
        comment_start_string=r"\#{", comment_end_string="}",
        line_comment_prefix="%#", trim_blocks=True, lstrip_blocks=True,
        autoescape=False, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined, finalize=_only_tex)


def render(data: ReportData) -> str:
    """The .tex source of the report on ``data`` (see :mod:`..data`)."""
    return _environment().get_template(TEMPLATE).render(**view(data))


# --- compiling -----------------------------------------------------------------------

MAX_RUNS = 3                       # the second run settles the contents and bookmarks
_REFERENCE_FILES = (".aux", ".toc", ".out")
_AUX_FILES = _REFERENCE_FILES + (".log", ".fls")
_LOG_TAIL_LINES = 30


def _paranoid_environment() -> dict:
    """The environment of pdflatex: kpathsea may read and write only in the working
    directory (``p``: no absolute paths, no ``..``, no dot files); no search path
    that could reach other directories; no shell escape."""
    env = {k: v for k, v in os.environ.items() if k not in ("TEXINPUTS", "TEXMFOUTPUT", "TEXMFAUXTREES")}
    env.update(openin_any="p", openout_any="p", shell_escape="f", max_print_line="200")
    return env


def _fingerprint(directory: Path, stem: str) -> tuple:
    return tuple(hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None
                 for p in (directory / (stem + ext) for ext in _REFERENCE_FILES))


def _log_tail(log: Path, fallback: str) -> tuple[str, str]:
    """The first TeX error line (``file:line: message`` or ``! message``) and the last lines."""
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else fallback
    lines = text.splitlines()
    first = next((l for l in lines if l.startswith("!") or re.match(r"^\S+:\d+: ", l)), "")
    return first, "\n".join(lines[-_LOG_TAIL_LINES:])


def _run(command: list[str], directory: Path, seconds: float) -> subprocess.CompletedProcess:
    # A new session, so the whole process group can be killed at the time limit.
    process = subprocess.Popen(command, cwd=directory, env=_paranoid_environment(), stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=seconds)
    except BaseException:       # the time limit, or a signal ending the report: no pdflatex left running
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.communicate()
        raise
    return subprocess.CompletedProcess(command, process.returncode, output.decode("utf-8", "replace"), "")


def compile_pdf(tex_path: Path, timeout: float = 120, *, keep_logs: bool = False) -> Path:
    """Compile ``tex_path`` to a PDF next to it and return the PDF's path.

    pdflatex runs in the .tex file's directory with ``-no-shell-escape
    -interaction=nonstopmode -halt-on-error -recorder`` and the paranoid
    environment above, again while the contents or bookmarks change (at most
    three runs), all within ``timeout`` seconds.  The .aux/.toc/.out/.log/.fls files
    are removed afterwards, unless ``keep_logs`` (tests read the .log and the .fls,
    the list of every file TeX opened).  On failure the half-written PDF is removed
    and :class:`LatexError` quotes the log; the .log is kept.
    """
    tex_path = Path(tex_path).resolve()
    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        raise LatexError("pdflatex is not on PATH; install texlive-latex-base, texlive-latex-recommended "
                         "and lmodern to build the PDF report")
    if not tex_path.is_file():
        raise LatexError(f"{tex_path}: no such .tex file")
    directory, stem = tex_path.parent, tex_path.stem
    pdf, log = directory / f"{stem}.pdf", directory / f"{stem}.log"
    for ext in _AUX_FILES:  # a stale .aux from a failed run can break the next one
        (directory / (stem + ext)).unlink(missing_ok=True)
    command = [pdflatex, "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "-recorder",
               "-file-line-error", tex_path.name]
    deadline = time.monotonic() + timeout
    succeeded = False
    try:
        for _ in range(MAX_RUNS):
            before = _fingerprint(directory, stem)
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise subprocess.TimeoutExpired(command, timeout)
                result = _run(command, directory, remaining)
            except subprocess.TimeoutExpired:
                first, tail = _log_tail(log, "")
                raise LatexError(f"{tex_path}: pdflatex did not finish within the time limit of {timeout:g} s",
                                 tail) from None
            if result.returncode != 0 or not pdf.exists():
                first, tail = _log_tail(log, result.stdout)
                raise LatexError(f"{tex_path}: pdflatex failed (exit status {result.returncode})"
                                 + (f": {first}" if first else ""), tail)
            log_text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
            if _fingerprint(directory, stem) == before and "Rerun to get" not in log_text:
                break
        succeeded = True
    finally:
        if not succeeded:
            pdf.unlink(missing_ok=True)
        if not keep_logs:
            for ext in _AUX_FILES:
                if succeeded or ext != ".log":
                    (directory / (stem + ext)).unlink(missing_ok=True)
    return pdf

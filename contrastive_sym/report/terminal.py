"""Terminal niceties: a progress display for long runs, coloured verdicts, the width to wrap to.

They follow the conventions rich and pytest honour.  Colour: ``--color always`` or ``never`` decide;
with ``auto`` (the default) ``FORCE_COLOR`` (set, not empty) turns it on, ``NO_COLOR`` (set, not empty)
or ``TERM=dumb`` off, else colour when the stream is a TTY.  The progress display needs a TTY that
is not ``TERM=dumb``; ``NO_COLOR`` takes colour away, not progress.
"""
from __future__ import annotations

import os
import re
import sys
import time

from .controls import visible


def _tty(stream) -> bool:
    return bool(getattr(stream, "isatty", lambda: False)()) and os.environ.get("TERM") != "dumb"


def coloured(stream, choice: str = "auto") -> bool:
    """Whether text written to ``stream`` is coloured (``choice``: ``--color``)."""
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    return _tty(stream)


def interactive(stream) -> bool:
    """Whether a person watches ``stream``: a TTY, not a dumb one, and colour not refused."""
    return coloured(stream) and _tty(stream)


def width(stream) -> int:
    """The columns to wrap to: the terminal's, ``COLUMNS`` when set, else 100 (a CI log)."""
    import shutil
    if _tty(stream) or os.environ.get("COLUMNS"):
        return max(shutil.get_terminal_size((100, 24)).columns, 40)
    return 100


class Progress:
    """Counts claims as they are checked; the display appears after ``delay`` seconds,
    so quick runs print nothing extra."""

    def __init__(self, total: int, stream=None, delay: float = 1.0):
        self.total, self.delay = total, delay
        self.stream = stream or sys.stderr
        self.enabled = _tty(self.stream)
        self.started = time.monotonic()
        self.done = 0
        self._bar = None
        self._task = None

    def __call__(self, label: str) -> None:
        self.done += 1
        if not self.enabled:
            return
        from rich.markup import escape as plain
        # A claim's id comes from the file: no control character, no rich markup.
        label = plain(visible(label))
        if self._bar is None and time.monotonic() - self.started >= self.delay:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn
            self._bar = Bar(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            TextColumn("{task.description}"), console=Console(file=self.stream), transient=True)
            self._bar.start()
            self._task = self._bar.add_task(label, total=self.total, completed=self.done - 1)
        if self._bar is not None:
            self._bar.update(self._task, completed=self.done - 1, description=label)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


_COLOURS = {"proved": "32", "confirmed": "32", "refuted": "31;1", "conditional": "33",
            "undecided": "35", "error": "31;7"}
_VERDICT = re.compile(r"(?<= )(proved|confirmed|refuted|conditional|undecided|error)(?= )")


def colour(text: str) -> str:
    """The text report with each verdict word coloured (ANSI)."""
    def paint(match):
        return f"\033[{_COLOURS[match.group(1)]}m{match.group(1)}\033[0m"
    lines = []
    for line in text.splitlines():
        # Only the verdict column (the first verdict word on a line) is painted.
        lines.append(_VERDICT.sub(paint, line, count=1) if line.lstrip().startswith(("L", "!")) else line)
    return "\n".join(lines) + "\n"

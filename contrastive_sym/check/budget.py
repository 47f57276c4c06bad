"""Each item's time budget, enforced for the numeric work in this process too.

SymPy calls already run in forked children with hard limits (see .sandbox); the
sampling, ladders and shrinking run here.  A real-time interval timer raises
:class:`TimeLimit` in the main thread when an item's budget is spent, wherever the
work is.  :class:`TimeLimit` derives from BaseException so that no ``except
Exception`` on the way can mistake it for a failure of one point.  Interval timers
are not inherited by forked children.  Outside the main thread (signals cannot be
delivered there) the budget is not enforced, and :func:`limit` says so by returning
False.
"""
from __future__ import annotations

import contextlib
import signal
import threading


class TimeLimit(BaseException):
    """An item's time budget is spent."""


_DEPTH = [0]


def _expired(signum, frame):
    raise TimeLimit()


@contextlib.contextmanager
def limit(seconds: float):
    """Raise :class:`TimeLimit` in the block once ``seconds`` have passed.  Nested
    blocks (a limit's arguments checked as a link of their own) share the outer budget."""
    enforce = threading.current_thread() is threading.main_thread() and _DEPTH[0] == 0
    if not enforce:
        _DEPTH[0] += 1
        try:
            yield False
        finally:
            _DEPTH[0] -= 1
        return
    previous = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    _DEPTH[0] += 1
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _DEPTH[0] -= 1

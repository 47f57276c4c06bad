"""Run hang-prone SymPy calls in a forked process with a hard time limit.

SymPy has no timeout of its own: ``limit`` can run for minutes, and a SIGALRM only
works in the main thread.  So each call runs in a child forked from this process
(which already has SymPy imported, so the fork costs milliseconds), sends its
result back through a pipe, and is killed when the limit passes.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import time
from dataclasses import dataclass
from typing import Any, Callable

from ...errors import SymbolicTimeout

_CONTEXT = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None


@dataclass(frozen=True)
class SandboxResult:
    """``value`` if the call returned, else ``failure`` says why (timeout or exception)."""

    ok: bool
    value: Any = None
    failure: str = ""
    timed_out: bool = False


def _child(conn, fn, args):
    try:
        payload = ("ok", fn(*args))
    except BaseException as exc:  # the child reports everything and exits
        payload = ("error", f"{type(exc).__name__}: {exc}".strip()[:500])
    try:
        conn.send_bytes(pickle.dumps(payload))
    except Exception as exc:  # an unpicklable result is a failure of the call
        conn.send_bytes(pickle.dumps(("error", f"result not picklable: {exc}")))
    finally:
        conn.close()
        os._exit(0)


class PendingCall:
    """A call running in its own process; :meth:`result` waits for it, up to the limit."""

    def __init__(self, fn: Callable, args: tuple, seconds: float, what: str):
        self.what, self.seconds = what, seconds
        self._inline = None
        self._proc = None
        self._done: SandboxResult | None = None
        self._started = time.monotonic()
        if _CONTEXT is None:  # no fork (not on Linux/macOS): run inline, without a limit
            try:
                self._inline = SandboxResult(True, fn(*args))
            except Exception as exc:
                self._inline = SandboxResult(False, failure=f"{type(exc).__name__}: {exc}")
            return
        self._recv, send = _CONTEXT.Pipe(duplex=False)
        self._proc = _CONTEXT.Process(target=_child, args=(send, fn, args), daemon=True)
        self._proc.start()
        send.close()

    def ready(self) -> bool:
        """Whether the answer is in (or the time is up), without waiting."""
        if self._inline is not None or self._done is not None or self._proc is None:
            return True
        return self._recv.poll(0) or time.monotonic() - self._started > self.seconds

    def result(self) -> SandboxResult:
        """The answer, waiting for it until the limit (counted from the start) has passed."""
        if self._inline is not None:
            return self._inline
        if self._done is not None:
            return self._done
        if self._proc is None:
            return SandboxResult(False, failure="cancelled")
        self._done = self._collect()
        return self._done

    def _collect(self) -> SandboxResult:
        remaining = max(0.0, self.seconds - (time.monotonic() - self._started))
        try:
            if self._recv.poll(remaining):
                try:
                    status, value = pickle.loads(self._recv.recv_bytes())
                except EOFError:
                    return SandboxResult(False, failure="the worker died without an answer")
                if status == "ok":
                    return SandboxResult(True, value)
                return SandboxResult(False, failure=value)
            return SandboxResult(False, failure=str(SymbolicTimeout(self.what, self.seconds)),
                                 timed_out=True)
        finally:
            self._stop()

    def cancel(self) -> None:
        """Stop the call if it is still running; its answer is no longer wanted."""
        if self._inline is None and self._proc is not None:
            self._stop()
            self._proc = None

    def _stop(self):
        if self._proc.is_alive():
            self._proc.kill()
        self._proc.join(timeout=5)
        self._recv.close()


def run(fn: Callable, *args, seconds: float, what: str = "symbolic call") -> SandboxResult:
    """Run ``fn(*args)`` in a child process; give up after ``seconds``.

    >>> run(sum, [1, 2, 3], seconds=5).value
    6
    """
    return PendingCall(fn, args, seconds, what).result()

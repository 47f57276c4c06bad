"""Symbolic proof attempts queued ahead of the numeric work that needs them.

The numeric sampling of a link takes the main process; SymPy runs in forked
children.  Queuing a document's proof attempts up front lets one child work on the
next link's proof while the main process samples this one, so a machine with two
cores is kept busy.  Each attempt keeps its own hard time limit.
"""
from __future__ import annotations

from typing import Callable

from .sandbox import PendingCall, SandboxResult


class Job:
    def __init__(self, fn: Callable, args: tuple, seconds: float, what: str):
        self.fn, self.args, self.seconds, self.what = fn, args, seconds, what
        self.pending: PendingCall | None = None

    def start(self) -> None:
        if self.pending is None:
            self.pending = PendingCall(self.fn, self.args, self.seconds, self.what)


class Scheduler:
    """Runs queued jobs in the background, ``background`` at a time."""

    def __init__(self, background: int = 1):
        self.background = background
        self._queue: list[Job] = []
        self._running: list[Job] = []
        self._jobs: dict = {}

    def submit(self, key, fn: Callable, args: tuple, seconds: float, what: str) -> Job:
        job = self._jobs.get(key)
        if job is None:
            job = self._jobs[key] = Job(fn, args, seconds, what)
            self._queue.append(job)
        self.pump()
        return job

    def lookup(self, key) -> Job | None:
        return self._jobs.get(key)

    def pump(self, limit: int | None = None) -> None:
        """Start queued jobs while fewer than ``limit`` run."""
        limit = self.background if limit is None else limit
        self._running = [j for j in self._running if not j.pending.ready()]
        while self._queue and len(self._running) < limit:
            job = self._queue.pop(0)
            job.start()
            self._running.append(job)

    def result(self, job: Job) -> SandboxResult:
        """Wait for one job; while the main process waits, a second job may run beside it."""
        if job.pending is None:
            if job in self._queue:
                self._queue.remove(job)
            job.start()
            self._running.append(job)
        self.pump(limit=self.background + 1)
        answer = job.pending.result()
        self.pump()
        return answer

    def close(self) -> None:
        for job in self._jobs.values():
            if job.pending is not None:
                job.pending.cancel()
        self._queue.clear()
        self._running.clear()

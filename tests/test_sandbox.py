"""Hang-prone SymPy calls run in a child process with a hard time limit."""
from __future__ import annotations

import time

import sympy as sp

from contrastive_sym.check.symbolic import sandbox


def _hanging_limit():
    # Measured to hang for minutes with SymPy 1.14 (../shared/NOTES.md).
    tau = sp.Symbol("tau", positive=True)
    d1, d2 = sp.symbols("d1 d2", negative=True)
    return sp.limit(tau * sp.log(1 + sp.exp(d1 / tau) + sp.exp(d2 / tau)), tau, 0, "+")


def test_a_hanging_call_is_killed_at_its_limit():
    started = time.monotonic()
    result = sandbox.run(_hanging_limit, seconds=1.5, what="sympy.limit")
    assert not result.ok and result.timed_out
    assert time.monotonic() - started < 6


def test_results_and_failures_come_back():
    assert sandbox.run(sum, [1, 2, 3], seconds=5).value == 6
    failed = sandbox.run(int, "not a number", seconds=5)
    assert not failed.ok and "ValueError" in failed.failure

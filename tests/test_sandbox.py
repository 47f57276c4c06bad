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


def test_expanding_a_links_instances_before_the_proof_attempts_is_under_the_items_budget(monkeypatch):
    # SymPy summed one sum for minutes in this process while the proof attempts were being
    # queued (a body of functions of values); that work is now under the item's budget
    from contrastive_sym.check.config import CheckConfig
    from contrastive_sym.check.symbolic import jobs
    from contrastive_sym.pipeline import verify_text

    finished = []

    def endless(*args, **kwargs):
        for _ in range(2400):          # two minutes, unless the budget ends it
            time.sleep(0.05)
        finished.append(True)
        return []
    monkeypatch.setattr(jobs, "instantiate", endless)
    text = "\n".join(['id = "x"', 'title = "x"', 'source = "x.txt"', "[[scalar]]", "name = 'a'", "",
                      "[[claim]]", 'id = "c"', 'title = "c"', "line = 1", "latex = 'a + a = 2a'", ""])
    run = verify_text(text, config=CheckConfig(item_seconds=0.5))
    assert finished == []
    assert run.documents[0].claims[0].outcome.verdict.value in ("proved", "confirmed")

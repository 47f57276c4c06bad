"""The tables of distributions tried again with more values of their points, before a link over them passes
or a condition is drawn: a bound may fail only beside three values of a coordinate (InfoNCE ≤ (1/2) log K), or
beside many values of one point or two (H(X) ≤ log 2, I(X; Y) ≤ log 2), which the tables of two or three
values sampled first never show.  Only a violation found there counts: what holds is no evidence of its own."""
from __future__ import annotations

from ..config import CheckConfig
from ..registry import LinkTask
from ..sampling import conditions
from ..sampling.instantiate import wider_alphabets
from ..sampling.sample import CompiledInstance, SampleReport, sample

#: how many times the next instance is tried, where each round's violations leave a condition on the sizes
#: ("N ≥ 3", then "N ≥ 4") that more values may refute too
ROUNDS = 2


def violations_beside_more_values(task: LinkTask, state, report: SampleReport, config: CheckConfig) -> None:
    """Add to ``report`` the violations that wider tables show, where the ones found so far are all where the
    tables are read as densities (before "needs discrete" is said of probabilities), or at the smallest size
    only (before "needs N ≥ 3" is said of the larger ones); the instances that show them join ``state``'s."""
    failing: frozenset = frozenset()
    for round_ in range(ROUNDS):
        if not (all(h.instance.cell_width is not None for h in report.violations)
                or conditions.smallest_size(report, report.violations, task.notation)):
            return
        failing |= {h.instance.sizes for h in report.violations if h.instance.cell_width is None}
        wider = [c for c in (CompiledInstance(i, task.given, i.subs) for i in wider_alphabets(
            state.instances, task.lhs, task.rhs, task.relation, task.notation, failing, every_coordinate=round_ == 0))
            if c.given is not None]
        shown = sample(wider, task.relation, config, f"{task.label}|wider{round_}").violations if wider else []
        state.compiled += [c for c in wider if any(h.instance is c.instance for h in shown)]
        report.violations += shown
        report.points += len(shown)
        if not shown:
            return

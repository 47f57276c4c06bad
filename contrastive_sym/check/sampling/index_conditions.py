r"""An unstated condition on the free indices of a statement: ``j \neq i``.

A formula written for the other rows of a batch (DCL's ``-\nabla_{z_j^{(l)}} \mathcal{L}_i^{(1)}``
of a negative j) fails where its index meets the anchor's (j = i is the anchor itself, whose
gradient is another row of the same display).  The step is conditional on ``j ≠ i`` when every
point not known to hold is at a choice of indices where the two are equal, and the step was checked,
and held at every point, at choices where they differ.  Failures anywhere else leave it refuted, and
so does a statement that itself tells the two cases apart (a δ_{ij}, an indicator or a case i = j):
it states the value at the coincidence, and that value is what is wrong."""
from __future__ import annotations

from itertools import combinations

import sympy as sp

from ...model.notation import written_name
from .sample import Hit, SampleReport


def distinct_indices(report: SampleReport, unexplained: list[Hit], sides: tuple = ()) -> str | None:
    """``j ≠ i`` when every point of ``unexplained`` (failures and open points) has j = i, every
    sampled choice with j ≠ i was checked and held, and ``sides`` do not compare j with i; None otherwise."""
    if not unexplained:
        return None
    names = sorted({name for hit in unexplained for name, _ in hit.instance.indices})
    # every point of a choice where the indices differ must have held: none failing, open, undefined or a tie
    failing = {hit.instance for hit in unexplained + report.violations + report.strict_ties + report.undefined
               + report.unresolved}
    for a, b in combinations(names, 2):
        if not all(_equal(hit.instance, a, b) for hit in unexplained) or _compared(sides, a, b):
            continue
        apart = [i for i in report.instances if _equal(i, a, b) is False]
        if apart and all(i not in failing and report.checked_at.get(i.label, 0) > 0 for i in apart):
            first, second = sorted((a, b), key=lambda n: _order(unexplained[0].instance, n), reverse=True)
            return f"{written_name(first)} ≠ {written_name(second)} (it fails where they are equal)"
    return None


def _equal(instance, a: str, b: str) -> bool | None:
    values = dict(instance.indices)
    if a not in values or b not in values:
        return None
    return values[a] == values[b]


def _order(instance, name: str) -> int:
    """The place of ``name`` among the instance's indices: the later one is named first (j ≠ i)."""
    return [n for n, _ in instance.indices].index(name)


def _compared(sides: tuple, a: str, b: str) -> bool:
    """Whether a side compares the indices named ``a`` and ``b``: δ_{ab}, a = b or a ≠ b in a case."""
    pair = {a, b}
    for side in sides:
        if not isinstance(side, sp.Basic):
            continue
        for node in side.atoms(sp.KroneckerDelta, sp.Eq, sp.Ne):
            if {s.name for s in node.free_symbols if isinstance(s, sp.Symbol)} >= pair:
                return True
    return False

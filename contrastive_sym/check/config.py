"""Settings of one checking run.  Frozen, so a run is described by one value."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CheckConfig:
    """Budgets and precisions.

    ``digits`` is the working precision of numeric sampling (≥ 50).  Every
    comparison is repeated at ``digits + guard_digits`` to estimate the rounding
    error, and escalated (doubling) up to ``max_digits`` when the two disagree.
    A refutation is re-checked at ``2 * digits`` and ``4 * digits``.
    ``item_seconds`` is each item's time budget (``--timeout``): past it the item is
    undecided.
    """

    digits: int = 50
    guard_digits: int = 15
    max_digits: int = 1600
    seed: int = 0
    symbolic_seconds: float = 3.0
    points_per_instance: int = 40
    random_points: int = 10
    max_instances: int = 8
    shrink_budget: int = 150
    symbolic: bool = True
    item_seconds: float = 10.0

    def __post_init__(self):
        if self.digits < 15:
            raise ValueError(f"digits must be at least 15, got {self.digits}")
        if not self.item_seconds > 0:
            raise ValueError(f"the time budget of an item must be positive, got {self.item_seconds}")

    @property
    def recheck_digits(self) -> tuple[int, int]:
        return (2 * self.digits, 4 * self.digits)

"""Settings of one checking run.  Frozen, so a run is described by one value.

The bounds of each setting a user chooses are stated here once; the CLI's help and
its errors quote them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError

#: The working precision of numeric sampling a run may choose, in significant digits:
#: fewer than 50 cannot tell e^{-100} − e^{-101} from rounding at the adversarial points;
#: more than 2000 makes one comparison take seconds.
DIGITS_RANGE = (50, 2000)
#: Each item's time budget (``--timeout``) in seconds.
SECONDS_RANGE = (0.1, 3600.0)


@dataclass(frozen=True)
class CheckConfig:
    """Budgets and precisions.

    ``digits`` is the working precision of numeric sampling (within
    :data:`DIGITS_RANGE`).  Each comparison is made in ball arithmetic; when the balls
    neither separate nor agree within a negligible radius, it is repeated at doubled
    precision, up to ``max_digits`` (by default ``max(1600, 8 * digits)``).  A
    refutation is re-checked at ``2 * digits`` and ``4 * digits``.  ``item_seconds`` is
    each item's time budget (``--timeout``, within :data:`SECONDS_RANGE`): past it the
    item is undecided.  A setting out of its range is a :class:`UsageError`.

    >>> CheckConfig(digits=100).max_digits
    1600
    >>> CheckConfig(digits=20)
    Traceback (most recent call last):
    ...
    contrastive_sym.errors.UsageError: digits 20: numeric sampling needs at least 50 digits
    """

    digits: int = 50
    max_digits: int = 0          # 0: max(1600, 8 * digits)
    seed: int = 0
    symbolic_seconds: float = 3.0
    points_per_instance: int = 40
    random_points: int = 10
    max_instances: int = 8
    shrink_budget: int = 150
    symbolic: bool = True
    item_seconds: float = 10.0

    def __post_init__(self):
        low, high = DIGITS_RANGE
        if self.digits < low:
            raise UsageError(f"digits {self.digits}: numeric sampling needs at least {low} digits")
        if self.digits > high:
            raise UsageError(f"digits {self.digits}: at most {high} digits")
        low, high = SECONDS_RANGE
        if not low <= self.item_seconds <= high:
            raise UsageError(f"timeout {self.item_seconds:g}: between {low:g} and {high:g} seconds")
        if not self.max_digits:
            object.__setattr__(self, "max_digits", max(1600, 8 * self.digits))
        elif self.max_digits < self.digits:
            raise UsageError(f"max_digits {self.max_digits}: at least digits ({self.digits})")

    @property
    def settling_seconds(self) -> float:
        """What the work after sampling may take in one item, the SymPy calls that settle the
        points the balls left open and name the condition of the undefined ones: it grows with
        their number (56 undefined points of a SupCon step took 4-5 s against the 6 s of twice
        ``symbolic_seconds``), so an item given a larger budget gives it half of its own."""
        return max(2 * self.symbolic_seconds, self.item_seconds / 2)

    @property
    def recheck_digits(self) -> tuple[int, int]:
        return (2 * self.digits, 4 * self.digits)

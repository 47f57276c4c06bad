"""The registry of check methods: each link is checked by the methods of its category,
cheapest first.

A link is ``lhs relation rhs``.  Its category (pointwise, limit, asymptotic,
expectation) selects the methods; each method either decides (returns an Outcome)
or passes what it learned to the next one through a :class:`LinkState`.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Callable

import sympy as sp

from ..model.claims import Condition, Relation
from ..model.nodes import Nabla, Optimum
from ..model.shapes import LinkKind, link_kind
from ..model.notation import Notation
from ..model.verdicts import Outcome, Verdict
from .symbolic.scheduler import Scheduler
from .config import CheckConfig


@dataclass(frozen=True)
class LinkTask:
    """A link to check, with the context it needs."""

    lhs: sp.Basic
    relation: Relation
    rhs: sp.Basic
    notation: Notation
    given: tuple[Condition, ...] = ()
    overrides: tuple = ()
    label: str = ""

    @property
    def category(self) -> LinkKind:
        return link_kind(self.lhs, self.rhs)

    @property
    def is_gradient(self) -> bool:
        return any(e.has(Nabla, sp.Derivative, sp.Subs) for e in (self.lhs, self.rhs)) or \
            self.relation is Relation.SAME_DIRECTION


@dataclass
class LinkState:
    """What the methods of one link tell the later ones.  A kind of link whose methods
    share more (the pointwise ones share their sample points) registers a subclass
    with :func:`link_state`; the registry knows no method's own types."""

    notes: list[str] = field(default_factory=list)

    def close(self) -> None:
        """Let go of what is still running for this link (called when its check ends)."""


_STATES: dict[LinkKind, type[LinkState]] = {}


def link_state(kind: str | LinkKind):
    """Register the :class:`LinkState` subclass the methods of ``kind`` share."""
    def register(cls: type[LinkState]) -> type[LinkState]:
        _STATES[LinkKind(kind)] = cls
        return cls
    return register


def task_key(task: LinkTask, config: CheckConfig | None = None) -> tuple:
    """Everything a link's verdict depends on: the link, the declarations it is read
    under (domains, sizes, indices, display names), its stated conditions, its size
    overrides and the run's settings.  Equal keys are checked once per run; a key that
    left out the declarations once reported a claim over the reals as confirmed because
    a document declaring the same name positive had been checked first."""
    return (task.lhs, task.relation, task.rhs, task.notation.fingerprint,
            tuple(c.predicate for c in task.given), task.overrides, config)


_SCHEDULER: list[Scheduler] = []


@contextlib.contextmanager
def scheduling(background: int = 1):
    """Symbolic jobs submitted inside the block share one :class:`Scheduler`."""
    scheduler = Scheduler(background)
    _SCHEDULER.append(scheduler)
    try:
        yield scheduler
    finally:
        _SCHEDULER.pop()
        scheduler.close()


def scheduler() -> Scheduler:
    """The current scheduler (a private one outside :func:`scheduling`)."""
    if not _SCHEDULER:
        _SCHEDULER.append(Scheduler())
    return _SCHEDULER[-1]


@dataclass(frozen=True)
class Method:
    name: str
    cost: int
    category: LinkKind
    run: Callable[[LinkTask, LinkState, CheckConfig], Outcome | None]


REGISTRY: list[Method] = []


def method(name: str, cost: int, category: str | LinkKind):
    """Register a check method for a kind of link."""
    def register(fn):
        REGISTRY.append(Method(name, cost, LinkKind(category), fn))
        REGISTRY.sort(key=lambda m: m.cost)
        return fn
    return register


def registered() -> list[Method]:
    """The check methods, cheapest first.  They register themselves when
    :mod:`.methods` is imported; the registry imports no method at its own import, so
    that the methods can import it."""
    from . import methods  # noqa: F401  (importing it registers the methods)
    return REGISTRY


#: why a link that is read is not decided (the other links of its chain are)
_UNCHECKED = {
    Relation.APPROX: "not checked: an approximation (≈) stated with no tolerance says how close its sides are "
                     "nowhere (a printed value gives one: a \\approx 6.91 is 6.905 ≤ a ≤ 6.915)",
    Relation.PROPTO: "not checked: a proportionality (∝) in a chain does not say in which variables the factor "
                     "is constant (a claim A \\propto B of its own, with proportional_in, is checked)",
    Relation.SIM: "not checked: ∼ between two values says they are alike in a sense the display does not write "
                  "(asymptotically equal, of the same order, or a model of the left side)",
    Relation.MUCH_GT: "not checked: ≫ (much greater) does not say by how much (write the bound it means, "
                      "a \\geq 10 b)",
    Relation.MUCH_LT: "not checked: ≪ (much less) does not say by how much (write the bound it means, "
                      "10 a \\leq b)",
    Relation.TENDS: "not checked: an arrow between two expressions says that one tends to the other under a limit "
                    "the display does not write (write it in the variable it is taken in: \\lim_{\\tau \\to 0^+} A = B, "
                    "\\lim_{N \\to \\infty} A = B)",
}


def _not_decided(task: LinkTask) -> str:
    """Why a link read is not decided; for ≈ between an expression of variables and a number, that the
    number approximates it only where the text's premise puts the variables."""
    sides = [side for side in (task.lhs, task.rhs) if isinstance(side, sp.Basic)]
    numbers = [side for side in sides if side.is_Number]
    if task.relation is Relation.APPROX and len(sides) == 2 and len(numbers) == 1:
        other = sides[1] if sides[0] is numbers[0] else sides[0]
        if other.free_symbols:
            return (f"not checked: ≈ {numbers[0]} of an expression of the variables holds where a premise the display "
                    "does not write puts them (an easy or a hard case, a regime), not for every value; the printed "
                    "digits give a tolerance only to a value of no variable (\\sigma(1) \\approx 0.731)")
    return _UNCHECKED[task.relation]


def _optimum_not_checked(optima: list[str]) -> str:
    shown = ", ".join(f"{o} …" for o in optima)
    return (f"not checked: the step involves {shown}, an optimum over parameters, a set or functions, whose value "
            "the checker does not compute (a maximum or minimum over an index, \\max_k, is computed)")


def check_link(task: LinkTask, config: CheckConfig) -> Outcome:
    """Run the methods of the link's category, cheapest first, until one decides."""
    if not task.relation.is_decided:
        return Outcome(Verdict.UNDECIDED, "not checked", _not_decided(task))
    optima = sorted({node.shown() for side in (task.lhs, task.rhs) for node in side.atoms(Optimum)})
    if optima:
        return Outcome(Verdict.UNDECIDED, "not checked", _optimum_not_checked(optima))
    methods = registered()
    state = _STATES.get(task.category, LinkState)()
    try:
        for m in methods:
            if m.category != task.category:
                continue
            outcome = m.run(task, state, config)
            if outcome is not None:
                return outcome
    finally:
        state.close()
    return Outcome(Verdict.UNDECIDED, "none", "no method could decide this step")



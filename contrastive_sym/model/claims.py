"""What a document states: claims, the steps of their proofs, and definitions.

These are plain frozen records.  They hold SymPy expressions and the document's own
LaTeX for each step, and never a verdict: verdicts are computed by :mod:`.check`.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import sympy as sp

from .notation import Notation, Origin


class Relation(enum.Enum):
    """The relation a step asserts between its two sides."""

    EQ = "="
    LT = "<"
    LE = "≤"
    GT = ">"
    GE = "≥"
    SAME_DIRECTION = "same descent direction"
    # read, never decided: an approximation stated with no tolerance, a proportionality that
    # names no variables (links of a chain whose other links are checked)
    APPROX = "≈"
    PROPTO = "∝"
    # two values alike in a sense the display does not write (asymptotic, of an order, a model)
    SIM = "∼"
    # much greater, much less: by how much is not written
    MUCH_GT = "≫"
    MUCH_LT = "≪"
    # one side tends to the other under a limit the display does not write (A \to B, as N → ∞)
    TENDS = "→"

    @property
    def is_decided(self) -> bool:
        return self not in _UNDECIDED

    def flipped(self) -> "Relation":
        """The relation with its sides swapped: ``a < b`` ⟺ ``b > a``."""
        return _FLIP[self]

    @property
    def is_strict(self) -> bool:
        return self in (Relation.LT, Relation.GT)

    def implies(self, other: "Relation") -> bool:
        """Whether ``a self b`` implies ``a other b`` for every a, b."""
        return other in _IMPLIES[self]


_FLIP = {
    Relation.EQ: Relation.EQ, Relation.LT: Relation.GT, Relation.GT: Relation.LT,
    Relation.LE: Relation.GE, Relation.GE: Relation.LE,
    Relation.SAME_DIRECTION: Relation.SAME_DIRECTION,
    Relation.APPROX: Relation.APPROX, Relation.PROPTO: Relation.PROPTO, Relation.SIM: Relation.SIM,
    Relation.MUCH_GT: Relation.MUCH_LT, Relation.MUCH_LT: Relation.MUCH_GT, Relation.TENDS: Relation.TENDS,
}
#: relations read and never decided: links of a chain whose other links are checked
_UNDECIDED = frozenset({Relation.APPROX, Relation.PROPTO, Relation.SIM, Relation.MUCH_GT, Relation.MUCH_LT,
                        Relation.TENDS})
_IMPLIES = {
    Relation.EQ: {Relation.EQ, Relation.LE, Relation.GE, Relation.SAME_DIRECTION},
    Relation.LT: {Relation.LT, Relation.LE},
    Relation.LE: {Relation.LE},
    Relation.GT: {Relation.GT, Relation.GE},
    Relation.GE: {Relation.GE},
    Relation.SAME_DIRECTION: {Relation.SAME_DIRECTION},
    Relation.APPROX: {Relation.APPROX},
    Relation.PROPTO: {Relation.PROPTO},
    Relation.SIM: {Relation.SIM},
    Relation.MUCH_GT: {Relation.MUCH_GT},
    Relation.MUCH_LT: {Relation.MUCH_LT},
    Relation.TENDS: {Relation.TENDS},
}


def compose(first: Relation | None, second: Relation) -> Relation | None:
    """The relation a chain ``a first b second c`` establishes between a and c, or None.

    >>> compose(Relation.LE, Relation.LT)
    <Relation.LT: '<'>
    >>> compose(Relation.LE, Relation.GE) is None
    True
    """
    if first is None or not (first.is_decided and second.is_decided):
        return None
    if first is Relation.EQ:
        return second
    if second is Relation.EQ:
        return first
    if first is Relation.SAME_DIRECTION or second is Relation.SAME_DIRECTION:
        return Relation.SAME_DIRECTION if first is second else None
    increasing = {Relation.LT, Relation.LE}
    decreasing = {Relation.GT, Relation.GE}
    for family, strict in ((increasing, Relation.LT), (decreasing, Relation.GT)):
        if first in family and second in family:
            return strict if strict in (first, second) else first
    return None


class Kind(enum.Enum):
    """What sort of mathematics a claim is, as the document presents it: a label for the
    reports.  The check methods are chosen from what each link contains (:func:`.shapes.link_kind`)."""

    IDENTITY = "identity"
    INEQUALITY = "inequality"
    LIMIT = "limit"
    GRADIENT = "gradient"
    EXPECTATION = "expectation"


class Expectation(enum.Enum):
    """The verdict a maintainer expects; HOLDS accepts proved or confirmed."""

    PROVED = "proved"
    CONFIRMED = "confirmed"
    HOLDS = "holds"
    REFUTED = "refuted"
    CONDITIONAL = "conditional"
    UNDECIDED = "undecided"
    ERROR = "error"


@dataclass(frozen=True)
class Condition:
    """A condition on the variables, e.g. ``g_3 > g_2``; ``label`` is how reports name it."""

    predicate: sp.Basic
    label: str


@dataclass(frozen=True)
class Link:
    """One checkable relation ``lhs relation rhs``."""

    lhs: sp.Basic
    relation: Relation
    rhs: sp.Basic


@dataclass(frozen=True)
class Statement:
    """``terms[0] relations[0] terms[1] relations[1] terms[2] …``: a chain of links.

    A plain equation has two terms; ``a < b ≤ c`` has three.
    """

    terms: tuple[sp.Basic, ...]
    relations: tuple[Relation, ...]

    def links(self) -> tuple[Link, ...]:
        return tuple(Link(a, r, b) for a, r, b in zip(self.terms, self.relations, self.terms[1:]))


@dataclass(frozen=True)
class Step:
    """One step of a proof: ``lhs relation rhs`` at a line of the source document.

    ``index`` is 1-based within the proof; steps written on one line share ``line``.
    ``lhs`` is the expression the step starts from: the previous step's right side
    for a chain, or the one the document restates.  ``follows`` is the index of the
    step whose right side this step continues from (None when it starts a statement).
    """

    index: int
    line: int
    lhs: sp.Basic
    relation: Relation
    rhs: sp.Basic
    latex: str
    starts_statement: bool = False
    follows: int | None = None
    note: str = ""
    expected: Expectation | None = None
    origin: Origin | None = None
    #: the document's own text when ``latex`` restates it (a typo mended, a reading)
    restated_from: str = ""
    #: (the document's line, the text) of each display a link joins, when it joins several (a
    #: display that goes on with the expression of the one above it: load/continued_steps.py)
    pieces: tuple[tuple[int, str], ...] = ()

    @property
    def link(self) -> Link:
        return Link(self.lhs, self.relation, self.rhs)


@dataclass(frozen=True)
class Proof:
    """The steps of a proof, in the document's order, and what its conclusion should be."""

    steps: tuple[Step, ...]
    conclusion: Statement | None = None
    conclusion_line: int | None = None
    conclusion_expected: Expectation | None = None
    conclusion_note: str = ""
    conclusion_factor: sp.Basic | None = None   # "multiplying by τ and rearranging"


@dataclass(frozen=True)
class Claim:
    """A statement of the document, with its proof if the document gives one.

    ``reading`` names the interpretation when the notation allows several; each
    reading is its own claim with its own verdict.
    """

    id: str
    title: str
    kind: Kind
    line: int
    statement: Statement
    latex: str
    given: tuple[Condition, ...] = ()
    proof: Proof | None = None
    expected: Expectation | None = None
    reading: str = ""
    note: str = ""
    sizes: tuple[tuple[sp.Symbol, tuple[int, ...]], ...] = ()
    derived: bool = False
    origin: Origin | None = None
    #: the document's own text when ``latex`` restates it
    restated_from: str = ""


@dataclass(frozen=True)
class Definition:
    """A displayed definition: shown in reports, checked only through the claims that use it."""

    name: str
    line: int
    latex: str
    origin: Origin | None = None
    restated_from: str = ""     # the document's text when the definition restates it


@dataclass(frozen=True)
class Document:
    """One encoded source document."""

    id: str
    title: str
    source: str
    notation: Notation
    definitions: tuple[Definition, ...]
    claims: tuple[Claim, ...]
    path: str = ""
    unchecked: tuple[tuple[int, str], ...] = ()


def answers_to(claim_id: str, only: str) -> bool:
    """Whether ``--only only`` selects the claim ``claim_id``: its own id, or one of the claims
    of its readings (``c-reading-2`` of a claim ``c`` whose text reads in two ways: load/readings.py),
    of its equations (``c-chain-2`` of a display of several: load/chains.py) or of the consequences of
    its implications (``c-implied-2``: load/implications.py)."""
    return claim_id == only or any(claim_id.startswith(only + part) and claim_id[len(only + part):].isdigit()
                                   for part in ("-reading-", "-chain-", "-implied-"))


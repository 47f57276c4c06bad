"""Declarations of what the symbols of a document are: sizes, scalars, families, indices.

A document's expressions may only use declared symbols; the declarations carry the
domains the checker samples from and the concrete sizes it instantiates.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import re
from dataclasses import dataclass, field

import sympy as sp
from sympy.core.function import AppliedUndef

from .slices import Entries


class BarePoint(sp.Symbol):
    """A sample written without the index of its family: ``\\mathbf{x}`` beside
    ``\\mathbf{x}_i``, a point of its own.  A class of its own, not the family's label
    symbol, so that substituting it never reaches into the family's IndexedBase."""

    @property
    def base(self) -> sp.IndexedBase:
        return sp.IndexedBase(self.name, real=True)


def section_suffix(line: int) -> str:
    """What a symbol declared in the ``[[section]]`` that starts at ``line`` carries, apart from
    the document's own of the same name (x and x__from349)."""
    return f"__from{line}"


def written_name(name: str) -> str:
    """``name`` of a symbol without the suffix of its section: the name as the document writes it."""
    return re.sub(r"__from\d+$", "", name)


def bare_point(base: sp.IndexedBase) -> BarePoint:
    """The point ``x`` of the family of points ``x_i`` written without an index."""
    return BarePoint(str(base.label), real=True)


class Domain(enum.Enum):
    """Where a real variable lives.  The sampler draws from it, the checker never leaves it."""

    REAL = "real"
    POSITIVE = "positive"
    NEGATIVE = "negative"
    NONNEGATIVE = "nonnegative"
    UNIT_INTERVAL = "[-1, 1]"
    # 0 or 1: a membership (is item i in the set the data gives?), a mask
    BINARY = "binary"
    # -1 or 1: a class written as a sign (the target of a hinge or margin loss, y ∈ {-1, 1})
    SIGN = "{-1, 1}"
    # strictly between 0 and 1: a probability that is neither impossible nor certain (the
    # class prior τ^+ of debiased contrastive learning)
    PROBABILITY = "(0, 1)"
    # 0 to 1, both ends included: a weight of a convex combination (t x + (1 - t) y, t ∈ [0, 1])
    ZERO_TO_ONE = "[0, 1]"

    @property
    def values(self) -> tuple | None:
        """Every value of a finite domain, in order; None for an interval."""
        return {Domain.BINARY: (0, 1), Domain.SIGN: (-1, 1)}.get(self)

    def contains(self, value) -> bool:
        if self.values is not None:
            return value in self.values
        if self is Domain.REAL:
            return True
        if self is Domain.POSITIVE:
            return value > 0
        if self is Domain.NEGATIVE:
            return value < 0
        if self is Domain.NONNEGATIVE:
            return value >= 0
        if self is Domain.PROBABILITY:
            return 0 < value < 1
        if self is Domain.ZERO_TO_ONE:
            return 0 <= value <= 1
        return -1 <= value <= 1


class Role(enum.Enum):
    """How a variable is sampled.

    ``SCALE`` variables (temperatures, ``t > 0``) are swept over 1e-300 … 1e300;
    ``VALUE`` variables take the adversarial patterns of ordinary reals;
    ``DIRECTION`` variables (``∇g_k``) are arbitrary vectors, tried as unit vectors first;
    ``EMBEDDING`` families are rows of vectors compared by their cosine;
    ``POINT`` names (a sample x, its positive x^+, the negatives x^-_i) are never
    sampled: they are only arguments of declared functions (f(x)), and two points
    written differently are two points;
    ``LABEL`` families (class labels y_1 … y_n) have no numeric value: they are only
    compared (y_i = y_j), and are sampled as assignments of classes up to renaming;
    ``UNIT`` vectors (a family's rows, or the values of a function) have norm 1: normalized
    embeddings, points of the hypersphere, sampled as exact rational points of it;
    ``INDEX`` families (class labels used as indices, W_{y_i}; sampled indices j_1 … j_M) take
    whole numbers of a declared range, and index other families.
    """

    VALUE = "value"
    SCALE = "scale"
    DIRECTION = "direction"
    EMBEDDING = "embedding"
    POINT = "point"
    LABEL = "label"
    UNIT = "unit"
    INDEX = "index"


@dataclass(frozen=True)
class Origin:
    """Where a declaration or claim was written: the derivation file and its line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class SizeDecl:
    """A size such as ``n``, ``N`` or ``K``: a positive integer with a smallest value."""

    symbol: sp.Symbol
    minimum: int
    checked: tuple[int, ...]
    latex: str
    origin: Origin | None = None


@dataclass(frozen=True)
class ScalarDecl:
    """A real scalar such as ``τ``, ``t`` or ``u``."""

    symbol: sp.Symbol
    domain: Domain
    role: Role
    latex: str
    origin: Origin | None = None


@dataclass(frozen=True)
class NonEmptyRule:
    """A stated condition on a family of labels: the set ``name`` has a member for every
    value of its ``parameter`` (None: no parameter) in ``lo`` … ``hi``; ``count`` is its
    number of members, an expression of the parameter, the sizes and the labels."""

    name: str
    parameter: sp.Symbol | None
    lo: sp.Expr
    hi: sp.Expr
    count: sp.Expr


@dataclass(frozen=True)
class FamilyDecl:
    """An indexed family such as ``x_k`` (n), ``s_{i,k}`` (N×N), ``g_k`` (K) or ``z_{a,m}`` (2N×d)."""

    base: sp.IndexedBase
    shape: tuple[sp.Expr, ...]
    domain: Domain
    role: Role
    latex: str
    origin: Origin | None = None
    # role label: the sets declared nonempty (NonEmptyRule); sampling keeps to the label
    # assignments where every one holds
    rules: tuple = ()
    # the index is written as a superscript (s^i_k): so is it in a witness
    superscript: bool = False
    # where the document's indices start, per dimension (() for 1): the entry stored at
    # index 1 of a family counted from 0 is shown k_0
    first: tuple[int, ...] = ()
    # the first index is written as a superscript, the others as the subscript (z^{(k)}_i)
    leading_superscript: bool = False
    # role index: the first and last whole number its entries take
    values: tuple | None = None


@dataclass(frozen=True)
class FunctionDecl:
    """A function the document names without defining it: an encoder ``f``, a critic
    ``T_\\omega``, a similarity ``\\text{sim}``.  Its arguments are data points; its value
    at each argument list is an unknown real (``shape == ()``) or vector (``shape ==
    (d,)``), in ``domain``.  An application ``f(x)`` is the SymPy ``function(x)``; a
    component of a vector value is ``function(x, m)``, the component index last.

    Values at two argument lists written differently are independent unknowns: a
    statement that holds for every choice of them holds for every function (a function
    that takes one value at two points is one such choice), so sampling them
    independently neither proves nor refutes more than the statement says."""

    function: sp.FunctionClass
    arguments: int
    shape: tuple[sp.Expr, ...]
    domain: Domain
    role: Role
    latex: str
    origin: Origin | None = None
    # the parameters θ_1 … θ_7 of a function of values (model.value_functions): the name of
    # that function, which a witness names them after; "" for a function the document names
    parameters_of: str = ""


@dataclass(frozen=True)
class IndexDecl:
    """A free index such as the anchor ``i``: it ranges over ``lo..hi`` and may have to
    differ from other indices.  The checker tries its first and last admissible values."""

    symbol: sp.Symbol
    lo: sp.Expr
    hi: sp.Expr
    distinct_from: tuple[sp.Symbol, ...]
    latex: str
    origin: Origin | None = None


@dataclass(frozen=True)
class Notation:
    """Every declaration of one document."""

    sizes: tuple[SizeDecl, ...] = ()
    scalars: tuple[ScalarDecl, ...] = ()
    families: tuple[FamilyDecl, ...] = ()
    indices: tuple[IndexDecl, ...] = ()
    functions: tuple[FunctionDecl, ...] = ()
    distributions: tuple = ()      # DistributionDecl (model.distributions)
    _by_symbol: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        table = {}
        for decl in self.sizes + self.scalars + self.indices:
            table[decl.symbol] = decl
        for decl in self.families:
            table[decl.base] = decl
            table[decl.base.label] = decl
        for decl in self.functions:
            table[decl.function] = decl
        for decl in self.distributions:
            table[decl.tag] = decl
        object.__setattr__(self, "_by_symbol", table)

    @functools.cached_property
    def fingerprint(self) -> tuple:
        """Everything a verdict can depend on, without where it was written: two
        notations with equal fingerprints sample the same points and name the
        variables alike, so an outcome checked under one holds under the other."""
        return tuple(tuple(dataclasses.replace(d, origin=None) for d in group)
                     for group in (self.sizes, self.scalars, self.families, self.indices,
                                   self.functions, self.distributions))

    def lookup(self, symbol: sp.Basic):
        """The declaration of a symbol, an IndexedBase, an Indexed element or an
        application f(x) of a declared function, or None."""
        if isinstance(symbol, (sp.Indexed, BarePoint)):
            symbol = symbol.base
        elif isinstance(symbol, AppliedUndef):
            symbol = symbol.func
        found = self._by_symbol.get(symbol)
        if found is None and isinstance(symbol, sp.IndexedBase):
            found = self._by_symbol.get(symbol.label)
        return found

    def size(self, symbol) -> SizeDecl | None:
        decl = self._by_symbol.get(symbol)
        return decl if isinstance(decl, SizeDecl) else None

    def display(self, symbol: sp.Basic) -> str:
        """A readable name for a variable: ``g_3``, ``s_{1,2}``, ``τ``, ``f(x^+)_2``."""
        if isinstance(symbol, AppliedUndef):
            decl = self.lookup(symbol)
            if isinstance(decl, FunctionDecl) and decl.parameters_of:
                # θ^{(d)}_3, or θ^{(E)}_3(W, X^1) at the points the function is applied to
                points = [self.display(a) for a in symbol.args[:decl.arguments] if not a.is_Integer]
                return f"{_plain(decl.latex)}_{symbol.args[-1]}" + (f"({', '.join(points)})" if points else "")
            if isinstance(decl, FunctionDecl):
                args = symbol.args[:decl.arguments]
                shown = f"{_plain(decl.latex)}({', '.join(self.display(a) for a in args)})"
                return shown + "".join(f"_{c}" for c in symbol.args[decl.arguments:])
        if isinstance(symbol, sp.Indexed):
            decl = self.lookup(symbol)
            name = _plain(decl.latex) if decl else str(symbol.base)
            indices = symbol.indices
            if decl is not None and decl.first:
                indices = [i - 1 + start for i, start in zip(indices, decl.first)]
            idx = ",".join(str(i) for i in indices)
            if decl is not None and decl.superscript:
                # x^+ written x^{+(i)}: the mark, then the index, in one superscript
                marked = re.fullmatch(r"(.+)\^\{?([+\-])\}?", name)
                return f"{marked.group(1)}^{{{marked.group(2)}({idx})}}" if marked else f"{name}^{{{idx}}}"
            if decl is not None and decl.leading_superscript:
                lead, rest = idx.split(",", 1)
                return f"{name}^{{({lead})}}_{{{rest}}}"
            if _SCRIPTED.search(name):
                name = f"({name})"          # k_+ and its entry 1: (k_+)_1, not k_+_1
            return f"{name}_{idx}" if len(symbol.indices) == 1 else f"{name}_{{{idx}}}"
        if isinstance(symbol, Entries):     # the entries of a slice x_{1:K} at a number K
            return f"({', '.join(self.display(a) for a in symbol.args)})"
        decl = self.lookup(symbol) if isinstance(symbol, BarePoint) else self._by_symbol.get(symbol)
        unnamed = _UNNAMED.fullmatch(symbol.name) if decl is None and isinstance(symbol, sp.Symbol) else None
        if unnamed is not None and unnamed.group(1) in self._by_name:
            # z_\theta's second value that the statement does not name (check/sampling/distributions.py), not
            # its symbol's name (ztheta_⋆2)
            name = _plain(self._by_name[unnamed.group(1)].latex)
            return f"{name}_⋆{unnamed.group(2)}" if re.fullmatch(r"[^_^']+", name) else f"{{{name}}}_{{⋆{unnamed.group(2)}}}"
        return _plain(decl.latex) if decl else str(symbol)

    @functools.cached_property
    def _by_name(self) -> dict:
        """Each declaration by the name of its symbol (of its label for a family)."""
        return {str(key): decl for key, decl in self._by_symbol.items() if isinstance(key, sp.Symbol)}


#: a value of a point's coordinate that a statement does not name, x_⋆1 (check/sampling/distributions.py)
#: a name that already ends in a subscript (k_+, x_{neg}): its entries are shown in parentheses, (k_+)_1
_SCRIPTED = re.compile(r"_(?:\{[^{}]*\}|[^{}\s])$")
_UNNAMED = re.compile(r"(.+)_⋆(\d+)")

#: a declared name that is one Greek letter, shown as the letter in witnesses and conditions
_GREEK = {"\\" + name: letter for name, letter in zip(
    ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi rho "
     "varrho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi Omega").split(),
    "αβγδϵεζηθϑικλμνξπρϱστυϕφχψωΓΔΘΛΞΠΣΦΨΩ")} | {r"\nabla g": "∇g"}


def _plain(latex: str) -> str:
    """A declared name as a witness shows it: its Greek letter as the letter, scripts kept (τ^+)."""
    found = re.match(r"\\[a-zA-Z]+(?![a-zA-Z])", latex)
    if found is None or latex in _GREEK:
        return _GREEK.get(latex, latex)
    letter = _GREEK.get(found.group())
    return letter + latex[found.end():] if letter and latex[found.end():][:1] in ("_", "^", "'") else latex

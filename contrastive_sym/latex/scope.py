"""What the names of a formula mean: the notation a translation reads formulas in.

Every name a formula may use is declared: sizes, scalars, indexed families, free
indices, macros defined by the document (``LSE``, ``\\mathcal{L}(x_i)``, ``w_k``) and
the built-in functions and operators.  A name is looked up by its *key*, the LaTeX
of the name without white space (``\\tau``, ``x_0``, ``I_{\\text{InfoNCE}}^K``).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace

import sympy as sp
from sympy.core.function import AppliedUndef

from ..model import encodings as enc
from ..model.distributions import coordinate_index
from ..model.notation import bare_point
from .builtins import BUILTIN_KEYS as _BUILTIN_KEYS, Builtin  # noqa: F401  (Builtin re-exported)
from .families import Family  # noqa: F401  (re-exported: the meaning of a family's name)
from .spelling import _spellings, canonical_key, respelled


#: the letters of a name of several letters before its first script or prime
_LETTERS_BEFORE_SCRIPT = re.compile(r"([A-Za-z]{2,})[_^']")
# p(y=i|•): a head the document defines at events (or declares whole with its arguments)
_LETTERS_BEFORE_CALL = re.compile(r"([A-Za-z]+)\(")


class OperatorKind(enum.Enum):
    """Operators a document declares by name (``[[operator]]`` in a derivation)."""

    EXPECTATION = "expectation"            # E_{p_{XY^K}}[f(g_1, …, g_K)]
    BEST_CRITIC = "best critic"            # max_g of an expectation over critics g
    DESCENT = "descent direction"          # "gradient descent on F": −∇F
    ASCENT = "ascent direction"            # "gradient ascent on F": +∇F
    # functions a document uses by their standard name without defining them
    LOGISTIC = "logistic"                  # σ(x) = 1 / (1 + e^{-x})
    SOFTPLUS = "softplus"                  # sp(x) = log(1 + e^{x})


@dataclass(frozen=True)
class Operator:
    kind: OperatorKind
    family: sp.IndexedBase | None = None   # the critic's logits g (for an expectation)
    size: sp.Expr | None = None            # and their number K


@dataclass(frozen=True)
class PairSet:
    """The positive pairs (i, j) of a batch of 2·samples rows, rows a and a + samples the two
    views of sample a: ``\\sum_{i,j \\in \\mathcal{MB}}`` runs over the anchors a = 1 …
    ``anchors`` (samples: one view as anchor; 2·samples: both), with j the other view of i."""

    samples: sp.Expr
    anchors: sp.Expr


@dataclass(frozen=True)
class Partner:
    """An index that is not free: the other view of the row ``of`` names (``z_j`` the
    positive of ``z_i``), in a batch of 2·samples rows where rows a and a + samples are
    the two views of sample a.  It follows ``of`` into sums: in Σ_i, j is i's partner."""

    of: str
    samples: sp.Expr
    # "adjacent": rows 2a − 1 and 2a are the two views of sample a (SupCon's numbering)
    pairing: str = "halves"

    def row(self, anchor: sp.Expr) -> sp.Expr:
        """The other view of row ``anchor``: anchor ± samples (adjacent: ± 1, up from an odd row)."""
        if self.pairing == "adjacent":
            return anchor - 1 + 2 * sp.Mod(anchor, 2)
        return enc.positive_row(anchor, self.samples)


@dataclass(frozen=True)
class Path:
    """Rows moving with a scalar parameter: ``family`` becomes family + θ·``along``; ∂/∂θ is at θ = 0.
    A declared function of points may move too (a score s(q, p_i) of a model's parameters): each of
    its values s(a, b) becomes s(a, b) + θ·along(a, b), ``along`` a declared function of as many."""

    parameter: sp.Symbol
    family: sp.IndexedBase | sp.FunctionClass
    along: sp.IndexedBase | sp.FunctionClass

    def moved(self, expr: sp.Basic) -> sp.Basic:
        """``expr`` on the path: what moves replaced by itself plus θ times its direction."""
        theta = self.parameter
        if isinstance(self.family, sp.IndexedBase):
            return expr.replace(lambda e: isinstance(e, sp.Indexed) and e.base == self.family,
                                lambda e: e + theta * self.along[e.indices])
        return expr.replace(lambda e: isinstance(e, AppliedUndef) and e.func == self.family,
                            lambda e: e + theta * self.along(*e.args))


@dataclass(frozen=True)
class AbstractFunction:
    """A function the document names without defining it (``[[function]]``): ``f(x)`` is ``function(x)``,
    a vector value (``length`` not None) the components ``function(x, m)``."""

    name: str                  # as the document writes it: f, T_\omega, \text{sim}
    function: sp.FunctionClass
    arguments: int
    length: sp.Expr | None = None
    overloads: tuple = ()      # the letter declared again with another count of arguments, f(x, c)
    # its parameters θ_k at values (model.value_functions); None: it takes points only
    parameters: sp.FunctionClass | None = None
    domain: str = "real"
    role: str = "value"
    understood: tuple[str, ...] = ()   # the last arguments a use may leave out (understood_arguments.py)

    def with_arguments(self, count: int) -> "AbstractFunction | None":
        """The meaning of the letter applied to ``count`` arguments; None when none has."""
        return next((f for f in (self,) + self.overloads if f.arguments == count), None)


@dataclass(frozen=True)
class Distribution:
    """A declared distribution (``[[distribution]]``) over the point declarations
    ``coordinates`` (Symbols of scalar points, IndexedBases of families of points)."""

    name: str
    tag: sp.Symbol
    coordinates: tuple[sp.Basic, ...]
    written: tuple[str, ...] = ()      # the coordinates as the declaration writes them
    # (declaration, coordinate): points declared value_of one (x^+ beside x')
    aliases: tuple = field(default=(), kw_only=True)

    def coordinate_of(self, point: sp.Basic) -> int | None:
        return coordinate_index(self.coordinates, point, self.aliases)

    @property
    def points(self) -> tuple[sp.Basic, ...]:
        """The points it draws, one per coordinate: a scalar point, or a family's bare point."""
        return tuple(bare_point(c) if isinstance(c, sp.IndexedBase) else c for c in self.coordinates)


@dataclass(frozen=True)
class InformationOf:
    r"""A ``[[quantity]]`` declared by its letter alone (``I``, ``H``) of a declared distribution: the
    mutual information or the entropy of whichever of its points a use writes, I(X; Z), H(X \mid Z)."""

    meaning: str                # "mutual information" or "entropy"
    distribution: Distribution
    letter: str = "I"           # as declared: what a message writes


@dataclass(frozen=True)
class ExpectationOp:
    r"""``\mathbb{E}_{x \sim p}`` before what it applies to: the bound points and the
    distribution they are drawn from."""

    bound: tuple[sp.Basic, ...]
    distribution: Distribution


@dataclass(frozen=True)
class SampleDraw:
    """How the members of a sample set are drawn (``[[set]]`` with ``drawn_from``): the
    member written ``positive`` (as formulas write it: a point) given the point ``context``,
    the others from the marginal of ``distribution`` on the members' coordinate."""

    distribution: Distribution
    positive: sp.Basic
    context: sp.Basic
    # the letter of the positive's place among the members (p(d = i | X, c)), or None
    position: str | None = None
    # the positive is a point of its own (x^+ beside the negatives x^-_1 … x^-_{N-1}): the
    # members are the negatives, all drawn from the marginal
    apart: bool = False
    # the positive written apart is a member too (X = {x^*, x_1, …, x_{N-1}}): a sum over X
    # takes it before the negatives, and |X| counts it
    positive_member: bool = False
    # \mathbb{E}_X averages over the context too (CPC: "E_X integrates over x, c")
    draws_context: bool = False


@dataclass(frozen=True)
class IndexSet:
    """A declared finite set (``[[set]]``): the whole numbers ``lo`` … ``hi``, or, with
    ``members``, the entries members_lo … members_hi of a declared family (a set of points
    S = {s_1, …, s_n}).  ``\\sum_{k \\in I}``, ``\\sum_{s_i \\in S}`` run over it and ``|S|``
    is its size."""

    name: str
    lo: sp.Expr
    hi: sp.Expr
    members: sp.IndexedBase | None = None
    # a set defined by a condition, P(i) = {p ∈ lo…hi : p ≠ i, y_p = y_i}: its index p,
    # the condition (a product of indicators of p and the parameters), the parameters i
    # (none once a use has put its own: P(k)), and how a use writes them: "call" P(k),
    # "subscript" N_k, or "label" N(y_k) (a set of a label value)
    index: sp.Symbol | None = None
    condition: sp.Expr | None = None
    params: tuple[sp.Symbol, ...] = ()
    form: str = ""
    labels: sp.IndexedBase | None = None      # the family of labels of a "label" form
    nonempty: bool = False
    # a set of tuples the data gives (𝒫 of pairs (i, j)): the components of its member,
    # each over lo … hi; ``index`` is the first
    components: tuple[sp.Symbol, ...] = ()
    # a sample set (X = {x_1, …, x_N}: one positive, the negatives): how its members are drawn
    sample: SampleDraw | None = None
    # a set of records (\mathcal{D} = {(x_r, y_r)}): each name a record holds, as written, with
    # the family of its values (``members`` is the first)
    records: tuple = ()

    @property
    def size(self) -> sp.Expr:
        if self.components:
            return sp.Sum(self.condition, *((c, self.lo, self.hi) for c in self.components))
        if self.condition is not None:
            return sp.Sum(self.condition, (self.index, self.lo, self.hi))
        return self.hi - self.lo + 1 + (1 if self.sample is not None and self.sample.positive_member else 0)

    def applied(self, values: tuple, written: str) -> "IndexSet":
        """The set a use names, P(k): the parameters replaced by the use's values."""
        condition = self.condition.xreplace(dict(zip(self.params, values)))
        return IndexSet(written, self.lo, self.hi, None, self.index, condition, (), self.form, self.labels,
                        self.nonempty, self.components)


@dataclass(frozen=True)
class Macro:
    """A name the document defines by a formula.

    ``index_params``: the symbols of a head ``w_k`` or ``x_{i,j}`` (bound by subscripts);
    ``list_param``: (family, length) of a head ``LSE(x_1, ..., x_n)``;
    ``vector_params``: (family, index symbol) pairs of a head ``sim(z_i, z_j)``;
    ``labels``: the argument text of a head ``I(x, y_{1:K} \\mid g)``, which a use must
    repeat (the arguments name what the function is of; they are not substituted);
    ``point_params``: for a head whose arguments are data points (``P(y \\mid x; \\theta)``),
    each argument in order: ("point", the point, substituted by the use's point) or
    ("fixed", its value, which a use must repeat), with ``separators`` between them;
    ``scalar_params``: the parameters of a head ``\\sigma(\\ell)`` whose arguments are names
    the document does not declare: a use ``\\sigma(a + b)`` puts its values for them.
    """

    key: str
    body: sp.Expr
    index_params: tuple[sp.Symbol, ...] = ()
    list_param: tuple[sp.IndexedBase, sp.Symbol] | None = None
    vector_params: tuple[tuple[sp.IndexedBase, sp.Symbol], ...] = ()
    labels: str | None = None
    line: int | None = None
    point_params: tuple[tuple[str, sp.Basic], ...] = ()
    separators: tuple[str, ...] = ()
    # f(u, v) = … with u, v names the document does not declare: the parameters, each a
    # real Dummy in the body, replaced by the values a use gives (\sigma(\ell) = …)
    scalar_params: tuple[sp.Dummy, ...] = ()
    # their names as the head writes them (f of \mathcal{L}(f)): a use that writes them again,
    # undeclared, is the definition itself when its body does not depend on them
    scalar_keys: tuple[str, ...] = ()
    # f(u, v) = … with u, v declared vectors (families of one dimension): (base, length) of
    # each; a use puts its vectors' components in their place (\text{sim}(z_i, z_j))
    vector_args: tuple[tuple[sp.IndexedBase, sp.Expr], ...] = ()
    # a head N(t, c) whose arguments are declared indices: index_params used with
    # parentheses, N(t + 1, c) putting its values in (not a labelled function)
    called: bool = False
    # h_i = f(\tilde{x}_i): a definition whose value is a vector; body is its component
    # at vector_index (a Dummy), of vector_length components
    vector_index: sp.Symbol | None = None
    vector_length: sp.Expr | None = None
    # S = Z Z^\top: a definition whose value is a matrix, kept as the family of its entries
    # (index_params the row and the column) with its shape
    matrix_shape: tuple | None = None
    # a [[family]] given by equals (\bar{z}_r = …, shape ['d']): how many entries its name alone has
    entries: sp.Expr | None = None
    # c = \frac{1}{D} \sum_{i \neq j} …, no arguments: the indices it keeps fixed only through such a sum
    anchors: frozenset = frozenset()
    # how to read the definition again in another scope (one that holds a name it uses
    # opaque, for ∂F/∂L_{ij}: see translate/held.py), and the scope it was read in
    rebuild: object = field(default=None, compare=False, repr=False)
    defined_in: object = field(default=None, compare=False, repr=False)

    @property
    def of_indices_only(self) -> bool:
        """A name without arguments, or a family defined entry by entry (w_k, L_{ij}):
        no list, row, vector, scalar or point parameters and no labels."""
        return self.list_param is None and not self.vector_params and not self.scalar_params \
            and not self.vector_args and not self.point_params and self.labels is None


@dataclass(frozen=True)
class EllipsisReading:
    """How an ellipsis whose varying index runs from ``first`` to ``last`` (as written,
    e.g. ``0`` … ``k``) is read: over ``lo``…``hi``, skipping ``skip`` if given."""

    first: str
    last: str
    lo: sp.Expr
    hi: sp.Expr
    skip: sp.Expr | None = None


#: The prefix of the key a declared set is also found under, in a set context (k \in I):
#: a definition may give its letter another meaning (I(x;c) beside the index set I).
SET_KEY = "\u2208"


def labelled_key(key: str, labels: str) -> str:
    """The key of a second definition of ``key`` for other arguments: ``I(X;Y)``."""
    return f"{key}({labels})"


def form_key(head: str, form: str) -> str:
    """The key a set with a parameter is also found under: N_{•} for N_i (form
    "subscript"), N(•) for P(i) and N(y_i), so that one letter may also name a size; and
    x^{•} for the samples x^{(i)} of a random point x (form "superscript")."""
    return head + {"subscript": "_{•}", "superscript": "^{•}"}.get(form, "(•)")


@dataclass(frozen=True)
class Scope:
    names: dict = field(default_factory=dict)          # key → Symbol | Family | Macro | Builtin
    ellipses: tuple[EllipsisReading, ...] = ()
    distinct: frozenset = frozenset()                  # unordered pairs of index symbols
    little_o: tuple[sp.Symbol, sp.Expr] | None = None  # o(h) as variable → point
    # text written → text read in names and labelled arguments (y_{1:N} meant y_{1:K}); no spaces
    read_as: tuple[tuple[str, str], ...] = ()
    differentiated: str | None = None   # a derivative alone differentiates it (unwritten_operands.py)
    path: Path | None = None                           # ∂/∂θ along z + θv
    # (symbol, lo, hi) of each declared free index: \sum_{k \neq i} without bounds runs
    # over i's range when the families its body indexes do not give one
    index_ranges: tuple[tuple[sp.Symbol, sp.Expr, sp.Expr], ...] = ()
    # the data points (role "point": symbols and families' bases): only arguments of an
    # AbstractFunction, never numbers; but those of point_values, ((point, AbstractFunction of
    # its value), …) (load/point_values.py), stand for their values where a value is read
    points: frozenset = frozenset()
    point_values: tuple = ()
    # the document's own macros (\newcommand): expand.MacroDef, expanded before parsing
    macros: tuple = ()
    # the families of class labels (role "label": IndexedBases): only compared, y_i = y_j
    labels: frozenset = frozenset()
    # (symbol or family base, its values) of the scalars and families of a finite domain
    # ({0, 1}, {-1, 1}): a definition by cases may test one against a value (y_n = 1)
    finite: tuple = ()
    domains: tuple = ()     # (symbol, Domain) of each scalar: "…, \quad t \in [0, 1]" is read by it
    # the bases of families and the functions of role "unit" (norm 1): a display may say
    # their values are on the sphere (\in \mathbb{S}^{d-1})
    units: frozenset = frozenset()
    # a definition read as an unknown (translate/held.Holding): ∂F/∂L_{ij} reads F with
    # L held, every other definition read again in terms of it
    held: object = None
    # where the translators of a definition put the readings its text needed (a sum's
    # extent), so that the definition can say them (load/declarations.py); None elsewhere
    readings: object = field(default=None, compare=False, repr=False)
    # the names of the declared sizes: \sum_{b \in B} with B a size runs b over 1 … B
    size_names: frozenset = frozenset()
    # (label, LaTeX) of the terms earlier displays label, \underbrace{…}_{(1)}, in force at the
    # formula's line: a chain '(1) &= …' starts with that term (translate/term_labels.py)
    term_labels: tuple = ()
    # declared indices a definition's \sum_{b \neq b'} runs over too (the sum over pairs):
    # set only where b' free would leave the definition depending on an index it does not
    # take (latex/macros.py)
    pair_sums: frozenset = frozenset()
    # the declared indices the name being defined writes (\mathcal{L}^{(ij)}): fixed in its
    # body as an enclosing sum's index is, so \sum_{(i,k) \in \mathcal{N}} runs over k only
    fixed: frozenset = frozenset()
    # (point, coordinate) of each point declared value_of another (load/distributions.py): kept
    # for the distributions a later section declares over the coordinate
    point_aliases: tuple = ()
    # (point, the key of a declared distribution) of each point declared drawn_from one (load/drawn_from.py):
    # the distribution \mathbb{E}_x draws it from where the formula writes none (the prose says which)
    drawn_from: tuple = ()
    # (key, lines) of each name the document defines more than once, every time after the
    # line being read: which definition is meant there is not written (load/sections.py)
    defined_later: tuple = ()
    # (key, why) of each definition cut off where a section changed a name it uses (load/sections.py)
    cut_off: tuple = ()

    def key_of(self, meaning) -> str | None:
        """The name ``meaning`` is bound under (``w_c`` for the index symbol wc), or None."""
        return next((key for key, value in self.names.items() if value == meaning), None)

    def bind(self, key: str, meaning) -> "Scope":
        names = dict(self.names)
        # a definition whose head the document writes the other way (read_as): bound as it is read,
        # where every use of either spelling looks it up
        for written, read in self.read_as:
            key = respelled(key, written, read)
        names[key] = meaning
        return replace(self, names=names)

    def lookup(self, key: str):
        meaning = self.names.get(self.reading(key))
        if meaning is None:
            # \mathbbm{1} and \mathds{1} are \mathbb{1} (the fonts of bbm and dsfont)
            builtin = _BUILTIN_KEYS.get(key) or _BUILTIN_KEYS.get(canonical_key(key))
            if builtin is not None:
                return builtin
            from .superscript_indices import at_superscript_value   # \mathcal{L}_i^{(1)} of \mathcal{L}_i^{(k)} = …
            meaning = at_superscript_value(self, key)
        if self.held is not None and isinstance(meaning, Macro):
            return self.held.meaning_of(meaning)
        return meaning

    def starts_a_name(self, key: str) -> bool:
        """Whether ``key`` is the beginning of a longer declared name (in any spelling)."""
        key = canonical_key(self.reading(key))
        return any(name.startswith(key) and name != key for name in _spellings(self.names))

    def reading(self, text: str) -> str:
        for written, read in self.read_as:
            text = respelled(text, written, read)       # a whole name, in either brace spelling
        # \hat\rho is the name declared as \hat{\rho}, s^-_i the one declared as s_i^{-}
        return text if text in self.names else _spellings(self.names).get(canonical_key(text), text)

    def letter_names(self) -> set[str]:
        """Names made of plain letters: the candidates for splitting a run like ``tx``."""
        found = {k for k in self.names if k.isalpha()}
        # CE_{col}, MSE^{(k)}: a name of several letters with scripts is a candidate by its letters
        found |= {m.group(1) for k in self.names if (m := _LETTERS_BEFORE_SCRIPT.match(k))}
        # n \, p(y = i \mid x) with p defined only at its events: p is a candidate too
        found |= {m.group(1) for k in self.names if (m := _LETTERS_BEFORE_CALL.match(k))}
        return found | {k for k in _BUILTIN_KEYS if k.isalpha()}

    def declared_symbol_names(self) -> set[str]:
        # the symbols inside a bound value count too: a sum over the members of a set binds
        # its name to the entry g[k], and a sum inside it must not take k for its own index
        return {str(s) for v in self.names.values() if isinstance(v, sp.Basic) and not isinstance(v, sp.Symbol)
                for s in v.free_symbols if isinstance(s, sp.Symbol)} | \
               {str(v) for v in self.names.values() if isinstance(v, sp.Symbol)} | \
               {str(v.function) for v in self.names.values() if isinstance(v, AbstractFunction)} | \
               {str(v.base) for v in self.names.values() if isinstance(v, Family)}

    def reading_for(self, first: str, last: str) -> EllipsisReading | None:
        for reading in self.ellipses:
            if reading.first == first and reading.last == last:
                return reading
        return None

    def with_index_range(self, symbol: sp.Symbol, lo: sp.Expr, hi: sp.Expr) -> "Scope":
        """This scope, knowing that the declared index ``symbol`` runs over lo…hi."""
        return replace(self, index_ranges=self.index_ranges + ((symbol, lo, hi),))

    def index_range(self, symbol) -> tuple[sp.Expr, sp.Expr] | None:
        """(lo, hi) of a declared free index, or None for anything else."""
        for declared, lo, hi in self.index_ranges:
            if declared == symbol:
                return lo, hi
        return None

    def are_distinct(self, a: sp.Expr, b: sp.Expr) -> bool:
        return frozenset((a, b)) in self.distinct

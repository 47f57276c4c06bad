r"""The Python API for writing a derivation: declare notation, then claims and proofs.

A derivation file builds one :class:`DocumentBuilder` named ``DOCUMENT``::

    doc = DocumentBuilder("000", "LogSumExp", source="000_8e07d957a6b6bcf4.txt")
    n = doc.size("n", minimum=1, checked=(1, 2, 3))
    x = doc.family("x", (n,))
    doc.claim("p1", line=13, title="Property 1", kind=Kind.INEQUALITY,
              statement=chain(lhs, "<=", rhs), latex=r"...")
    DOCUMENT = doc

Mistakes in the arguments raise :class:`~contrastive_sym.errors.DerivationError`
naming the derivation file and line of the call that made them.
"""
from __future__ import annotations

import dataclasses
import sys
from typing import Iterable, Sequence

import sympy as sp

from ..model.claims import (Claim, Condition, Definition, Document, Expectation, Kind, Proof,
                     Relation, Statement, Step)
from ..errors import DerivationError
from ..model.distributions import DistributionDecl
from ..model.notation import (Domain, FamilyDecl, FunctionDecl, IndexDecl, Notation, Origin, Role, ScalarDecl,
                       SizeDecl)

_RELATIONS = {
    "=": Relation.EQ, "==": Relation.EQ, "<": Relation.LT, "<=": Relation.LE, "≤": Relation.LE,
    ">": Relation.GT, ">=": Relation.GE, "≥": Relation.GE,
    "same-direction": Relation.SAME_DIRECTION,
    # links of a statement's chain that are read and not decided (never a proof's step)
    "approx": Relation.APPROX, "propto": Relation.PROPTO, "sim": Relation.SIM,
    "much_gt": Relation.MUCH_GT, "much_lt": Relation.MUCH_LT, "tends": Relation.TENDS,
}


def _caller_origin() -> Origin | None:
    """The first frame outside this module: the derivation file's line."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    if frame is None:
        return None
    return Origin(frame.f_code.co_filename, frame.f_lineno)


def _fail(message: str, origin: Origin | None = None):
    origin = origin or _caller_origin()
    raise DerivationError(message, origin.path if origin else None, origin.line if origin else None)


def relation(value: str | Relation) -> Relation:
    """A relation from its spelling: ``=``, ``<``, ``<=``, ``>``, ``>=``, ``same-direction``."""
    if isinstance(value, Relation):
        return value
    try:
        return _RELATIONS[value]
    except (KeyError, TypeError):
        _fail(f"unknown relation {value!r}; expected one of {', '.join(sorted(_RELATIONS))}")


def chain(*parts) -> Statement:
    """``chain(a, "<", b, "<=", c)``: a statement of one or more links."""
    if len(parts) < 3 or len(parts) % 2 == 0:
        _fail(f"chain() takes term, relation, term[, relation, term …]; got {len(parts)} parts")
    terms = tuple(sp.sympify(p) for p in parts[0::2])
    relations = tuple(relation(r) for r in parts[1::2])
    return Statement(terms, relations)


def expectation(value, origin: Origin | None = None) -> Expectation | None:
    """``value`` as an expected verdict; a mistake is reported at ``origin`` (the claim or
    step that carries it), or else at the caller's line."""
    if value is None or isinstance(value, Expectation):
        return value
    try:
        return Expectation(value)
    except ValueError:
        _fail(f"unknown expected verdict {value!r}; expected one of "
              f"{', '.join(e.value for e in Expectation)}", origin)


class ProofBuilder:
    """Collects the steps of one proof; see :meth:`DocumentBuilder.claim`."""

    def __init__(self):
        self.steps: list[Step] = []

    def step(self, line: int, rhs, *, rel: str = "=", lhs=None, latex: str = "",
             note: str = "", expect=None, after: int | None = None, origin: Origin | None = None,
             restated_from: str = "", pieces: tuple = ()) -> int:
        """Add a step and return its index.

        Without ``lhs`` the step continues from the previous step's right side, or from
        step ``after``'s right side (a document that retracts a step and continues
        from an earlier line).
        """
        origin = origin or _caller_origin()
        follows = None
        if lhs is None:
            if after is not None:
                if not 1 <= after <= len(self.steps):
                    _fail(f"after={after} names no earlier step", origin)
                follows = after
            elif not self.steps:
                _fail("the first step of a proof needs lhs=", origin)
            else:
                follows = len(self.steps)
            lhs = self.steps[follows - 1].rhs
            starts = False
        else:
            if after is not None:
                _fail("give either lhs= or after=, not both", origin)
            starts = True
        index = len(self.steps) + 1
        if not relation(rel).is_decided:
            _fail(f"a step relates its sides by {relation(rel).value}, which is not checked: a proof's steps "
                  "are decided relations (=, <, ≤, >, ≥)", origin)
        self.steps.append(Step(index=index, line=_line(line, origin), lhs=sp.sympify(lhs),
                               relation=relation(rel), rhs=sp.sympify(rhs), latex=latex,
                               starts_statement=starts, follows=follows, note=note,
                               expected=expectation(expect, origin), origin=origin,
                               restated_from=restated_from, pieces=pieces))
        return index


def _assumptions(domain: Domain) -> dict:
    """What SymPy may assume of a value of ``domain``: only the sign is told (see
    docs/reference.md, Domains)."""
    assumptions = {"real": True}
    if domain in (Domain.POSITIVE, Domain.PROBABILITY):
        assumptions["positive"] = True
    elif domain is Domain.NEGATIVE:
        assumptions["negative"] = True
    return assumptions


def _line(line, origin) -> int:
    if not isinstance(line, int) or isinstance(line, bool) or line < 1:
        _fail(f"line must be a 1-based line number of the source document, got {line!r}", origin)
    return line


class DocumentBuilder:
    """Declares the notation and collects the claims of one document."""

    def __init__(self, id: str, title: str, source: str):
        self.id, self.title, self.source = id, title, source
        self._sizes: list[SizeDecl] = []
        self._scalars: list[ScalarDecl] = []
        self._families: list[FamilyDecl] = []
        self._indices: list[IndexDecl] = []
        self._functions: list[FunctionDecl] = []
        self._distributions: list[DistributionDecl] = []
        self._definitions: list[Definition] = []
        self._claims: list[Claim] = []
        self._unchecked: list[tuple[int, str]] = []
        self._names: set[str] = set()
        self._claim_ids: set[str] = set()   # a set, so that adding n claims is linear
        # appended to the SymPy name of each declaration: a [[section]] that declares a
        # letter again makes a new object of it (load/sections.py); the LaTeX stays
        self.symbol_suffix = ""

    # --- notation ---------------------------------------------------------------
    def _new_name(self, name: str, origin: Origin | None):
        if name in self._names:
            written = name[:len(name) - len(self.symbol_suffix)]
            _fail(f"{written!r} is declared twice" + (" in this section" if self.symbol_suffix else ""), origin)
        self._names.add(name)

    def size(self, name: str, *, minimum: int, checked: Sequence[int], latex: str = "", origin: Origin | None = None) -> sp.Symbol:
        """A size such as ``n``: checked at the concrete values ``checked`` (≥ minimum)."""
        origin = origin or _caller_origin()
        latex, name = latex or name, name + self.symbol_suffix
        self._new_name(name, origin)
        if any(v < minimum for v in checked) or not checked:
            _fail(f"size {latex}: checked values {tuple(checked)} must be non-empty and ≥ {minimum}", origin)
        if minimum not in checked:
            _fail(f"size {latex}: the smallest size {minimum} must be among the checked values", origin)
        symbol = sp.Symbol(name, integer=True, positive=True)
        self._sizes.append(SizeDecl(symbol, minimum, tuple(sorted(set(checked))), latex or name, origin))
        return symbol

    def scalar(self, name: str, domain: Domain = Domain.REAL, *, role: Role = Role.VALUE,
               latex: str = "", origin: Origin | None = None) -> sp.Symbol:
        """A real scalar such as ``τ`` (``role=Role.SCALE`` sweeps it over 1e-300…1e300)."""
        origin = origin or _caller_origin()
        latex, name = latex or name, name + self.symbol_suffix
        self._new_name(name, origin)
        symbol = sp.Symbol(name, **_assumptions(domain))
        self._scalars.append(ScalarDecl(symbol, domain, role, latex or name, origin))
        return symbol

    def argument(self, symbol: sp.Symbol, *, latex: str, origin: Origin | None = None) -> None:
        r"""A real variable of one claim only (the argument ``\ell`` of a definition
        ``\sigma(\ell) = A = B`` whose chain the claim checks): sampled as a declared real
        scalar, but no name of the document's."""
        self._scalars.append(ScalarDecl(symbol, Domain.REAL, Role.VALUE, latex, origin or _caller_origin()))

    def family(self, name: str, shape: Sequence, domain: Domain = Domain.REAL, *,
               role: Role = Role.VALUE, latex: str = "", origin: Origin | None = None,
               superscript: bool = False, first: tuple[int, ...] = (),
               leading_superscript: bool = False, values: tuple | None = None) -> sp.IndexedBase:
        """An indexed family of reals, e.g. ``s`` of shape ``(N, N)``; ``first``: where the
        document's indices start, per dimension (() for 1)."""
        origin = origin or _caller_origin()
        latex, name = latex or name, name + self.symbol_suffix
        self._new_name(name, origin)
        # the entries of a family of indices are whole numbers (W_{y_i} needs y_i an integer)
        base = sp.IndexedBase(name, integer=True) if role is Role.INDEX else sp.IndexedBase(name, real=True)
        self._families.append(FamilyDecl(base, tuple(sp.sympify(s) for s in shape), domain, role,
                                         latex or name, origin, superscript=superscript,
                                         first=tuple(first), leading_superscript=leading_superscript,
                                         values=values))
        return base

    def role_of(self, base: sp.IndexedBase) -> Role | None:
        """The role of the declared family ``base``."""
        return next((f.role for f in self._families if f.base == base), None)

    def relabel(self, base: sp.IndexedBase, latex: str, new: str) -> None:
        """The family ``base`` written ``new`` in a witness, where it was written ``latex``
        (a declared ``display`` is kept)."""
        self._families = [dataclasses.replace(f, latex=new) if f.base == base and f.latex == latex else f
                          for f in self._families]

    def function(self, name: str, arguments: int, shape: Sequence = (), domain: Domain = Domain.REAL, *,
                 role: Role = Role.VALUE, latex: str = "", origin: Origin | None = None,
                 parameters_of: str = "") -> sp.FunctionClass:
        """A function the document uses without defining it (an encoder ``f``): real
        or, with ``shape=(d,)``, vector values, of ``arguments`` data points; with
        ``role=Role.POINT`` its values are data points (an augmentation t(x)).
        ``parameters_of`` makes the parameters of a function of values instead
        (:mod:`~contrastive_sym.model.value_functions`), which no formula names."""
        origin = origin or _caller_origin()
        latex, name = latex or name, name + self.symbol_suffix
        self._new_name(name, origin)
        function = sp.Function(name, **_assumptions(domain))
        self._functions.append(FunctionDecl(function, arguments, tuple(sp.sympify(s) for s in shape),
                                            domain, role, latex or name, origin, parameters_of))
        return function

    def point_functions(self) -> set:
        """The functions declared with role ``point``: their values are data points."""
        return {d.function for d in self._functions if d.role is Role.POINT}

    def distribution(self, name: str, coordinates: Sequence[sp.Basic], *, latex: str = "",
                     origin: Origin | None = None, aliases: tuple = (), mixture: tuple = (),
                     discrete: bool = False, markov: bool = False) -> DistributionDecl:
        """A distribution over the point declarations ``coordinates`` (their symbols): its
        cells have unknown positive weights (a function of one point per coordinate); or,
        with ``mixture`` ((component tag, weight), …), the mixture of declared ones."""
        origin = origin or _caller_origin()
        latex, name = latex or name, name + self.symbol_suffix
        self._new_name(name, origin)
        latex = latex or name
        # a table's weights are no values the statement names: a tie among them is no tie of its values
        weight = sp.Function(f"w_{name}", positive=True, table_weight=True)
        if not mixture:      # a mixture's cells are its components'
            # a Markov chain's cells weigh a product of factors of two consecutive points each
            self._functions.append(FunctionDecl(weight, 2 if markov else len(coordinates), (), Domain.POSITIVE,
                                                Role.VALUE, r"\tilde{%s}" % latex, origin))
        decl = DistributionDecl(sp.Symbol(name), tuple(coordinates), weight, latex, origin, aliases=aliases,
                                mixture=tuple(mixture), discrete=discrete, markov=markov)
        self._distributions.append(decl)
        return decl

    def draws_too(self, tag: sp.Symbol, aliases: tuple) -> None:
        """The distribution ``tag`` declared before also draws ``aliases`` ((point, coordinate)
        pairs a later section declares value_of one of its coordinates)."""
        self._distributions = [dataclasses.replace(d, aliases=d.aliases + aliases) if d.tag == tag else d
                               for d in self._distributions]

    def scalar_domain(self, symbol: sp.Symbol) -> Domain | None:
        """The domain of a scalar declared so far; None for anything else."""
        return next((d.domain for d in self._scalars if d.symbol == symbol), None)

    def scalar_domains(self) -> tuple:
        """(symbol, domain) of each scalar declared so far, and (base, domain) of each family (the
        sign of its entries, which SymPy is not told: translate/parameter_families.py asks it)."""
        return tuple((d.symbol, d.domain) for d in self._scalars) + tuple((d.base, d.domain) for d in self._families)

    def finite_domains(self) -> tuple:
        """(symbol or family base, its values) of each scalar and family declared so far
        whose domain is finite ({0, 1}, {-1, 1}): a condition of a definition by cases may
        compare it with one of its values."""
        return tuple((d.symbol, d.domain.values) for d in self._scalars if d.domain.values) + \
            tuple((d.base, d.domain.values) for d in self._families if d.domain.values)

    def units(self) -> frozenset:
        """The bases of the families, and the functions, declared so far of norm 1 (role
        ``unit``): a display may say their values are on the sphere."""
        return frozenset(d.base for d in self._families if d.role is Role.UNIT) | \
            frozenset(d.function for d in self._functions if d.role is Role.UNIT)

    def sizes(self) -> set:
        """The symbols of the sizes declared so far."""
        return {d.symbol for d in self._sizes}

    def points(self) -> set:
        """The symbols and family bases declared with role ``point``."""
        return {d.symbol for d in self._scalars if d.role is Role.POINT} | \
               {d.base for d in self._families if d.role is Role.POINT}

    def index(self, name: str, lo, hi, *, distinct_from: Iterable[sp.Symbol] = (), latex: str = "", origin: Origin | None = None) -> sp.Symbol:
        """A free index such as the anchor ``i`` of ``L(x_i)``."""
        origin = origin or _caller_origin()
        latex, name = latex or name, name + self.symbol_suffix
        self._new_name(name, origin)
        # only what the range guarantees: an index from 0 is not positive (SymPy would take
        # KroneckerDelta(j, 0) for 0 and prove 1[j = 0] = 0), one from a symbol is only an integer
        first = sp.sympify(lo)
        sign = {"positive": True} if first.is_number and first >= 1 else \
            {"nonnegative": True} if first.is_number and first >= 0 else {}
        symbol = sp.Symbol(name, integer=True, **sign)
        self._indices.append(IndexDecl(symbol, sp.sympify(lo), sp.sympify(hi), tuple(distinct_from),
                                       latex or name, origin))
        return symbol

    # --- content ----------------------------------------------------------------
    def definition(self, name: str, *, line: int, latex: str, origin: Origin | None = None,
                   restated_from: str = "") -> None:
        """A displayed definition: reported, and checked through the claims that use it."""
        origin = origin or _caller_origin()
        self._definitions.append(Definition(name, _line(line, origin), latex, origin, restated_from))

    def unchecked(self, line: int, reason: str, *, origin: Origin | None = None) -> None:
        """A statement of the document this derivation deliberately does not encode, and why."""
        origin = origin or _caller_origin()
        self._unchecked.append((_line(line, origin), reason))

    def claim(self, id: str, *, line: int, title: str, kind: Kind, statement: Statement | None = None,
              latex: str, proof: ProofBuilder | None = None, given: Sequence[Condition] = (),
              expect=None, reading: str = "", note: str = "", conclusion=None,
              conclusion_line: int | None = None, conclusion_expect=None, conclusion_note: str = "",
              conclusion_factor=None, sizes: dict | None = None,
              origin: Origin | None = None, restated_from: str = "") -> Claim:
        """A claim.  Without ``statement`` the claim is what its proof chain derives:
        the first expression related to the last (a derivation such as a gradient)."""
        origin = origin or _caller_origin()
        if id in self._claim_ids:
            _fail(f"claim id {id!r} is used twice", origin)
        if not isinstance(kind, Kind):
            _fail(f"kind must be a Kind, got {kind!r}", origin)
        steps = tuple(proof.steps) if proof else ()
        derived = statement is None
        if derived:
            statement = _derived_statement(steps, origin)
        if conclusion is not None and not isinstance(conclusion, Statement):
            _fail("conclusion= must be a Statement made with chain()", origin)
        size_overrides = tuple((sym, tuple(vals)) for sym, vals in (sizes or {}).items())
        claim = Claim(
            id=id, title=title, kind=kind, line=_line(line, origin), statement=statement,
            latex=latex, given=tuple(given),
            proof=Proof(steps, conclusion, conclusion_line, expectation(conclusion_expect, origin),
                        conclusion_note, sp.sympify(conclusion_factor) if conclusion_factor is not None
                        else None) if proof else None,
            expected=expectation(expect, origin), reading=reading, note=note,
            sizes=size_overrides, derived=derived, origin=origin, restated_from=restated_from,
        )
        self._claims.append(claim)
        self._claim_ids.add(id)
        return claim

    def build(self, path: str = "") -> Document:
        notation = Notation(tuple(self._sizes), tuple(self._scalars), tuple(self._families),
                            tuple(self._indices), tuple(self._functions), tuple(self._distributions))
        document = Document(self.id, self.title, self.source, notation, tuple(self._definitions),
                            tuple(self._claims), path, tuple(self._unchecked))
        validate(document)
        return document


def _derived_statement(steps: Sequence[Step], origin) -> Statement:
    if not steps:
        _fail("a claim needs a statement= or a proof whose chain it derives", origin)
    from ..model.claims import compose
    rel = Relation.EQ
    for step in steps:
        if step.starts_statement and step is not steps[0]:
            _fail("a derived claim's proof must be one chain (no restated left sides)", step.origin)
        rel = compose(rel, step.relation)
    if rel is None:
        _fail("the chain mixes ≤ and ≥, so it derives no relation", origin)
    return Statement((steps[0].lhs, steps[-1].rhs), (rel,))


# --- validation -------------------------------------------------------------------

def validate(document: Document) -> None:
    """Reject expressions that use undeclared symbols, so a typo cannot silently become
    a fresh free variable that the checker samples."""
    notation = document.notation
    for claim in document.claims:
        exprs = [(claim.origin, t) for t in claim.statement.terms]
        if claim.proof:
            exprs += [(s.origin, s.lhs) for s in claim.proof.steps]
            exprs += [(s.origin, s.rhs) for s in claim.proof.steps]
            if claim.proof.conclusion:
                exprs += [(claim.origin, t) for t in claim.proof.conclusion.terms]
        exprs += [(claim.origin, c.predicate) for c in claim.given]
        for origin, expr in exprs:
            _check_symbols(expr, notation, origin, claim.id)


def _bound_symbols(expr: sp.Basic) -> set:
    bound = set()
    for node in sp.preorder_traversal(expr):
        if isinstance(node, (sp.Sum, sp.Product)):
            bound |= {lim[0] for lim in node.limits}
        elif isinstance(node, sp.Limit):
            bound |= {node.args[1], node.args[3]}  # the variable and the direction symbol
        elif type(node).__name__ in ("MaxOver", "Vector"):
            bound.add(node.args[1])
        elif isinstance(node, (sp.Derivative, sp.Subs)):
            bound |= set(node.variables)
    return bound


def _check_symbols(expr: sp.Basic, notation: Notation, origin, claim_id: str) -> None:
    bound = _bound_symbols(expr)
    for sym in expr.free_symbols | {a for a in sp.preorder_traversal(expr) if isinstance(a, sp.Symbol)}:
        if isinstance(sym, sp.Dummy) or sym in bound:
            continue
        if isinstance(sym, sp.Indexed):
            sym = sym.base
        if notation.lookup(sym) is None and not (isinstance(sym, sp.IndexedBase)):
            _fail(f"claim {claim_id}: symbol {sym} is not declared (declare it with size(), "
                  f"scalar(), family() or index())", origin)
        if isinstance(sym, sp.IndexedBase) and notation.lookup(sym) is None:
            _fail(f"claim {claim_id}: family {sym} is not declared", origin)

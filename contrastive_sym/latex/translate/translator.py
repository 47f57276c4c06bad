"""The translator of one formula: rows, values of nodes, arithmetic, brackets; the rest is its mixins'."""
from __future__ import annotations

import re
from dataclasses import replace

import lark
import sympy as sp
from sympy.core.function import AppliedUndef

from ...errors import ParseError
from ...model.nodes import Nabla
from ...model.notation import bare_point
from ..parser import Where
from ..memberships import trailing_membership
from ..continuations import (LEADING_REFERENCE, TRAILING_NAME, drop_leading_reference, drop_trailing_name,
                             leading_link, row_labels)
from ..remarks import say_brace_label, say_remarks
from ..scope import Builtin, Family, Macro, Scope
from .capital_sums import CapitalSumsMixin
from .constant_derivatives import ConstantDerivativesMixin
from .cases import CasesMixin
from .derivatives import DerivativesMixin
from .entrywise import EntrywiseMixin
from .extreme_entries import ExtremeEntriesMixin
from .stated_domains import StatedDomainsMixin
from .drawn_functions import DrawnFunctionsMixin
from .compare import certainly_equal
from .distributions import DistributionsMixin
from .functions import AbstractFunctionsMixin
from .held import HeldDerivativesMixin
from .labels import LabelsMixin
from .labelled_uses import LabelledUsesMixin
from .label_events import LabelEventsMixin
from .script_refusals import ScriptRefusalsMixin
from .function_powers import FunctionPowersMixin
from .memberships import MembershipsMixin
from .lists import ListsMixin
from .macro_uses import MacroUsesMixin
from .matrices import MatricesMixin
from .matrix_patterns import MatrixPatternsMixin
from .matrix_rows import MatrixRowsMixin
from .whole_names import WholeNamesMixin
from .names import NamesMixin
from .norms import NormsMixin
from .not_numbers import NotNumbersMixin
from .operators import OperatorsMixin
from .optima import OptimaMixin
from .ordered_indices import OrderedIndicesMixin
from .primes import PrimesMixin
from .evaluation_bars import EvaluationBarsMixin
from .sum_ends import SumEndsMixin
from .quotients import quotient
from .set_sums import SetSumsMixin
from .products import ProductsMixin
from .extents import SumExtentsMixin
from .font_runs import FontRunsMixin
from .fractions import FractionsMixin
from .unwritten_index import UnwrittenIndexMixin
from .understood_arguments import UnderstoodArgumentsMixin
from .parameter_families import ParameterFamiliesMixin
from .zeros import ZerosMixin
from .grouped_sums import GroupedSumsMixin
from .scripts import ScriptsMixin
from .quantifiers import QuantifiersMixin
from .ranges import RangesMixin
from .sets import SetsMixin
from .set_rows import SetRowsMixin
from .values import (MatrixValue, Row, RowVector, Side, Transposed, VectorValue, as_matrix,
                     as_vector, componentwise, relation_name, shape_of, shape_said)

Tree, Token = lark.Tree, lark.Token


#: Deepest nesting of the translation (the parser bounds nesting of brackets already). Each level costs the
#: translator three to five Python frames and SymPy recurses over the result again: well below Python's 1000.
MAX_DEPTH = 120
_PASS_THROUGH = frozenset({"braces", "chain_in_group", "item", "script_group"})
#: Longest number literal: a formula's constants are short; a 5000-digit one is an attack.
MAX_NUMBER_DIGITS = 100


#: an E written plainly (not \mathbb{E}, \mathbf{E}, nor part of a word or a command)
_PLAIN_E = re.compile(r"(?<![\\A-Za-z])(?<!\\mathbb\{)(?<!\\mathbf\{)E(?![A-Za-z])")


class Translator(LabelsMixin, NamesMixin, MacroUsesMixin, LabelledUsesMixin, ProductsMixin, OperatorsMixin, DerivativesMixin,
                 ListsMixin, AbstractFunctionsMixin, SetsMixin, DistributionsMixin, HeldDerivativesMixin,
                 CasesMixin, MatricesMixin, SumExtentsMixin, QuantifiersMixin, RangesMixin, SetRowsMixin, GroupedSumsMixin,
                 ScriptsMixin, FontRunsMixin, MembershipsMixin, OptimaMixin, MatrixRowsMixin, MatrixPatternsMixin, OrderedIndicesMixin, SetSumsMixin, PrimesMixin,
                 EvaluationBarsMixin, SumEndsMixin, NotNumbersMixin, NormsMixin, LabelEventsMixin, WholeNamesMixin,
                 ScriptRefusalsMixin, FunctionPowersMixin, DrawnFunctionsMixin, StatedDomainsMixin, CapitalSumsMixin,
                 ConstantDerivativesMixin, FractionsMixin, UnwrittenIndexMixin, ZerosMixin, EntrywiseMixin,
                 UnderstoodArgumentsMixin, ParameterFamiliesMixin, ExtremeEntriesMixin):
    """Translates the trees of one formula; ``where`` locates it for error messages."""

    def __init__(self, text: str, scope: Scope, where: Where = Where(), introduced: str | None = None):
        self.text = text
        # the first side of "f_\text{opt} \propto A = B", a new name introduced up to a factor
        self.introduced = introduced
        self.scope = scope
        self.where = where
        self.depth = 0
        # readings taken where a text has one (extents.py); a definition's go to its sink
        self.readings: list[str] = scope.readings if scope.readings is not None else []
        self._averaging: list = []      # the expectations being read, innermost last (drawn_functions.py)

    # --- errors -----------------------------------------------------------------
    def fail(self, node, message: str) -> ParseError:
        line, column = _position(node)
        return self.where.error(message, line, column, self.source(node)[:60])

    def source(self, node) -> str:
        if isinstance(node, Token):
            return str(node)
        meta = node.meta
        if getattr(meta, "empty", True):
            return ""
        return self.text[meta.start_pos:meta.end_pos]

    # --- displays ---------------------------------------------------------------
    def rows(self, tree: Tree) -> list[Row]:
        rows = []
        trees = [r for r in tree.children[0].children if isinstance(r, Tree)]
        said: list[str] = []
        last_side = None        # (value, tree) of the last side read: a trailing \in is about it
        membership = trailing_membership(self.text)
        say_remarks(self.text, trees, self.where, said)
        if any(not re.search(r"\\[A-Za-z]+\s*\{\s*$", self.text[:m.start()]) for m in _PLAIN_E.finditer(self.text)) \
                and self.scope.lookup("E") is Builtin.EXPECTATION:
            # E written plain; \mathcal{E}_{megm}, \mathrm{E} are names of their own
            said.append("E, which the notation does not declare, is read as the expectation \\mathbb{E}")
        if drop_trailing_name(self.text) != self.text:
            named = TRAILING_NAME.search(self.text)
            said.append(f"the last link '{' '.join(named.group(0).split())}' names the expression before it: a "
                        "definition, not checked")
        if self.introduced:
            said.append(f"the first link '{self.introduced} \\propto' introduces {self.introduced} up to a positive "
                        "factor: a definition, not checked; the chain is read from its next side")
        named = leading_link(self.text) if drop_leading_reference(self.text) != self.text else None
        labels = [(named.group("link"), "another display" if LEADING_REFERENCE.search(self.text) else "")] if named else []
        for link, what in labels + [(label, "") for _, _, label in row_labels(self.text)]:
            said.append(f"the link '{' '.join(link.split())}' compares with {what or 'the term or display its label names'}, "
                        "which this one does not write: not checked; the chain is read from its next side")
        leading = None       # "\forall x \in \mathbb{R}, \; σ(-x) = …": of the statement after it
        for row in tree.children[0].children:
            if isinstance(row, Token):
                continue
            if row.data == "quantifier_row":
                # "…, \forall i": of the row before it; written first, of the one after it
                if not rows and leading is None:
                    leading = row
                    continue
                if not rows:
                    raise self.fail(row, "\\forall … with no statement before it")
                self.check_quantifier(row.children[0], [side.expr for side in rows[-1].sides])
                continue
            if rows and row.data == "chain" and self.domain_row(row, rows, membership):
                continue        # "A = B, \quad \tau > 0", "…, \quad t \in [0, 1]": stated_domains.py
            children = [c for c in row.children if not (isinstance(c, Tree) and c.data == "forall")]
            quantifier = next((c for c in row.children if isinstance(c, Tree) and c.data == "forall"), None)
            sides, relations, shapes = [], [], []
            first_reading = len(self.readings)
            of_sets = self.set_row(children)
            if of_sets is not None:
                if quantifier is not None:
                    raise self.fail(quantifier, "a row of sets holds for every value of its indices already: "
                                                "\\forall after it is not read")
                sides, relations, reading = of_sets
                line, _ = _position(row)
                rows.append(Row(tuple(sides), tuple(relations), row.data == "continuation", line,
                                self.written_source(row).strip(), tuple(self.readings[first_reading:]) + (reading,),
                                of_sets=True))
                continue
            for child in children:
                if isinstance(child, Tree) and child.data == "relation":
                    relations.append(relation_name(str(child.children[0])))
                else:
                    value = self.side_term(child)      # its bars checked (evaluation_bars.py)
                    value = self.zero_beside(value, child, children)      # ∇f = 0: the zero vector (zeros.py)
                    last_side = (value, child)
                    shapes.append((child, shape_of(value)))
                    if isinstance(value, VectorValue):
                        value = as_vector(value)
                    elif isinstance(value, MatrixValue):
                        value = as_matrix(value)
                    value = self.understood_alone(value, child)       # Z for Z(\theta)
                    if not isinstance(value, sp.Basic):
                        self.refuse_non_numbers(value, child)   # says what it is (the identity I, …)
                        raise self.fail(child, "a list or a bare name cannot be a side of a relation")
                    self.refuse_loose_points(value, child)
                    self.refuse_loose_draws(value, child)      # \sum_{j \sim p}^N outside E[…]
                    sides.append(Side(value, child.meta.start_pos, child.meta.end_pos))
            # a matrix beside anything but a matrix of its shape is refused (a number beside a
            # vector is compared, and refuted, as it always was: the seeds state such slips)
            for (_, first), (child, other) in zip(shapes, shapes[1:]):
                if 2 in (len(first), len(other)) and not _same_shape(first, other):
                    raise self.fail(child, f"the sides of this relation are {shape_said(first)} and {shape_said(other)}")
            if "same-direction" in relations and not any(_is_direction(side.expr) for side in sides):
                # I(X; Y) \equiv \mathbb{E}[…] between numbers: identically equal (by definition), as = is
                relations = ["=" if r == "same-direction" else r for r in relations]
                self.readings.append("≡ between numbers is read as =: equal for every value (as defined)")
            if "same-direction" in relations and not all(_is_direction(side.expr) for side in sides):
                raise self.fail(row, "≡ is read as 'the same direction', between two gradient steps "
                                     "('gradient descent on F \\equiv gradient ascent on G'), and as = between numbers")
            if quantifier is not None:
                self.check_quantifier(quantifier, [side.expr for side in sides])
            if leading is not None and not rows:
                self.check_quantifier(leading.children[0], [side.expr for side in sides])
            line, _ = _position(row)
            rows.append(Row(tuple(sides), tuple(relations), row.data == "continuation", line,
                            self.written_source(row).strip(), tuple(self.readings[first_reading:])))
        if leading is not None and not rows:
            raise self.fail(leading, "\\forall … with no statement before or after it")
        if membership is not None and not self.membership_read_as_domain and rows and last_side is not None:
            reading, within = self.stated_membership(membership, *last_side)
            rows[-1] = replace(rows[-1], readings=rows[-1].readings + (reading,), within=within)
        if said and rows:       # the remarks, said with the display's last row
            rows[-1] = replace(rows[-1], readings=rows[-1].readings + tuple(said))
        return rows

    # --- values -------------------------------------------------------------------
    def value(self, node):
        # braces and one-element groups add no meaning (the parser bounds their nesting): not counted
        counted = not (isinstance(node, Tree) and node.data in _PASS_THROUGH)
        self.depth += counted
        if self.depth > MAX_DEPTH:
            raise self.fail(node, "the formula is nested too deeply")
        try:
            if isinstance(node, Token):
                return self.token(node)
            method = getattr(self, "t_" + node.data, None)
            if method is None:
                raise self.fail(node, f"this construct ({node.data}) has no meaning here")
            return method(node)
        finally:
            self.depth -= counted

    def expr(self, node, value=None) -> sp.Expr:
        """The number ``node`` stands for (``value``: its translation, if already made)."""
        # a point declared with a value_shape is its value (a number, or a vector refused below)
        value = self.value_of(self.value(node) if value is None else value)
        value = self.at_drawn_points(self.understood_alone(value, node), node)   # understood_arguments.py first
        if isinstance(value, Family) and value.base in self.scope.points:
            # \mathbf{x} beside \mathbf{x}_i: a sample written without an index is a point of
            # its own (its name is the family's label)
            return bare_point(value.base)
        self.refuse_non_numbers(value, node)      # not_numbers.py
        if isinstance(value, Transposed):
            raise self.fail(node, "a transposed vector a^\\top must be followed by a vector "
                                  "(a^\\top b is their dot product)")
        # a whole formula (a definition's body): no loose data point, unless the body is one point,
        # t(x) of a function of points (w_i = \mathcal{T}_i(A, X)), or a tuple of them (T(A, X) = (A, T_X(X)))
        if self.depth == 0 and not (isinstance(value, (AppliedUndef, sp.Tuple)) and self._is_point(value)):
            self.refuse_loose_points(value, node)
            self.refuse_loose_draws(value, node)
        return value

    def term(self, node, value=None):
        """A number or a vector (:class:`VectorValue`): what +, −, products, quotients
        and sums combine; a row ``z_i`` becomes its components."""
        value = self.value(node) if value is None else value
        value = self.at_drawn_points(self.value_of(value), node)    # a point's value; T in E_P[T]
        if value is Builtin.IDENTITY:
            return value                            # C - I: its shape is the matrix's beside it (lists.py)
        if isinstance(value, RowVector):
            return self._components(value)
        if isinstance(value, VectorValue):
            return value
        if isinstance(value, Family) and len(value.shape) == 1:
            return self.vector_of(value)
        if isinstance(value, (Family, Macro, MatrixValue)):
            # Z, G written bare in arithmetic: the matrix of their entries
            matrix = self.matrix_of(value)
            if matrix is not None:
                return matrix
        return self.expr(node, value)

    def _components(self, row: RowVector) -> VectorValue:
        # a Dummy: not the m of a dot product or norm in the same expression (sim(z_i, z_j) · (z_i − z_j))
        m = sp.Dummy("m", integer=True)
        return VectorValue(row.family[row.row, m], m, row.length)

    def token(self, token: Token):
        if token.type in ("NUMBER", "FRACDIGIT", "FRACDIGIT2"):     # FRACDIGIT: the 1 of \frac1N
            if len(token) > MAX_NUMBER_DIGITS:
                raise self.fail(token, f"a number of {len(token)} digits (at most "
                                       f"{MAX_NUMBER_DIGITS} are read)")
            return sp.Rational(str(token)) if "." in token else sp.Integer(str(token))
        raise self.fail(token, f"unexpected '{token}'")

    # --- translators for the parts of a formula ---------------------------------
    def within(self, scope: Scope) -> Translator:
        """A translator of the same formula in ``scope`` (a sum's body with its index
        bound), at the depth this one has reached."""
        inner = self._another(scope)
        inner.depth, inner.readings, inner.excluded = self.depth, self.readings, self.excluded_indices
        inner.anchor_uses = self.__dict__.setdefault("anchor_uses", [])     # pair_sums.py, shared as excluded is
        inner.open_sums = getattr(self, "open_sums", ())       # the indices of the sums around it
        inner._bars = getattr(self, "_bars", None)     # its bars are checked with the side's
        return inner

    def _another(self, scope: Scope) -> Translator:
        return Translator(self.text, scope, self.where)

    def with_holes(self, hole_ids: set[int], variable: sp.Symbol) -> Translator:
        """A translator that reads the nodes ``hole_ids`` as ``variable``."""
        return self.with_hole_map({hole: variable for hole in hole_ids})

    def with_hole_map(self, holes: dict[int, sp.Symbol]) -> Translator:
        """A translator that reads each node of ``holes`` (by id) as its variable (a row's and a column's)."""
        reader = _HoleTranslator(self.text, self.scope, self.where, holes)
        reader._bars = getattr(self, "_bars", None)      # checked with the side's
        return reader

    # --- arithmetic and brackets ---------------------------------------------------
    def t_add(self, node):
        return self._sum_with_ellipsis(node)

    t_sub = t_add

    def t_neg(self, node):
        return componentwise(self.term(node.children[1]), lambda x: -x)

    def t_pos(self, node):
        return self.term(node.children[1])

    def t_quotient(self, node):
        self.refuse_quotient_of_sum_quotient(node)      # a / \sum_k b_k / c: fractions.py
        denominator = self.expr(node.children[2])
        self.refuse_loose_points(denominator, node.children[2])    # a / x with x a data point
        numerator = self.term(node.children[0])
        if not isinstance(numerator, (sp.Expr, VectorValue, MatrixValue)):
            numerator = self.expr(node.children[0], numerator)       # says what it is instead
        return componentwise(numerator, lambda x: quotient(x, denominator))

    def t_number(self, node):
        return self.token(node.children[0])

    def t_braces(self, node):
        return self.value(node.children[0])

    def t_chain_in_group(self, node):
        if len(node.children) != 1:
            raise self.fail(node, "a relation inside braces has no value")
        return self.value(node.children[0])

    def t_item(self, node):
        if len(node.children) != 1:
            written = " ".join(self.source(node).split())
            if re.search(r"[_^]\s*\{?\s*$", self.text[:node.meta.start_pos]) and \
                    re.search(r"\\(?:to|rightarrow|leftarrow|leftrightarrow)(?![a-zA-Z])", written):
                # \mathcal{L}_i^{1 \to 2} with no such name: a direction's label, not an event
                raise self.fail(node, f"'{written}' in a script labels a name (\\mathcal{{L}}^{{I \\to T}}, the "
                                      "loss of one direction): a name with this label is not declared; declare or "
                                      "define it as written")
            raise self.fail(node, f"a relation '{written}' where a value is expected (an event such as "
                                  "p(C = i \\mid x) is not read: a probability takes points)")
        return self.value(node.children[0])

    def t_paren(self, node):
        points = self.tuple_of_points(node.children[0])
        return points if points is not None else self.t_bracket(node)

    def t_underbrace(self, node):
        say_brace_label(self, node)     # \underbrace{…}_{=0}: a note, said
        return self.value(node.children[1])

    def t_underset(self, node):
        r"""``\underset{(x,y) \sim p}{\mathbb{E}}``: the draws set under the expectation are its
        subscript, \mathbb{E}_{(x,y) \sim p}; under anything else it is not read."""
        _, items, atom = node.children
        key = self.atom_key(atom)
        if key is None or self.scope.lookup(key) is not Builtin.EXPECTATION:
            raise self.fail(node, "'\\underset{…}{…}' is read over a relation (a note) and over \\mathbb{E} "
                                  "(its draws, as \\mathbb{E}_{…}); over anything else write the subscript, "
                                  "or restate the line with restated_from")
        return self.value(Tree("subscript", [atom, Tree("script_group", [items], node.meta)], node.meta))

    def t_set(self, node):
        items = node.children[1]
        if any(not isinstance(c, lark.Tree) and str(c).strip() == ":" for c in getattr(items, "children", ())):
            # {k : k ≠ i}, {n_i | sim(q, n_i) > t}: members by a condition, which only a sum reads
            written = " ".join(self.source(node).split())
            raise self.fail(node, f"'{written}', a set written by a condition, is read as the range of a sum "
                                  r"(\sum_{k \in \{k \in [N] : k \neq i\}}) or declared as a [[set]] with index "
                                  "and where (then |P(i)| is its size), not as a value here")
        return self._items(items)

    def t_interval(self, node):
        raise self.fail(node, "\\llbracket a, b \\rrbracket (the whole numbers from a to b) is read after "
                              "\\in under a sum only")

    def t_ellipsis(self, node):
        raise self.fail(node, "an ellipsis outside a list or a sum")


class _HoleTranslator(Translator):
    """Translates the first term of an ellipsis with its varying place as a variable."""

    def __init__(self, text, scope, where, holes: dict):
        super().__init__(text, scope, where)
        self.holes = holes

    def _another(self, scope: Scope) -> Translator:
        # a sum's body or a derivative's function, read in a scope of its own, keeps the holes (∂L/∂p_2 … ∂L/∂p_n)
        return _HoleTranslator(self.text, scope, self.where, self.holes)

    def value(self, node):
        if id(node) in self.holes:
            return self.holes[id(node)]
        return super().value(node)

    def _index_list(self, arg):
        if id(arg) in self.holes:
            return [self.holes[id(arg)]]
        return super()._index_list(arg)


def _same_shape(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(certainly_equal(x, y) for x, y in zip(a, b))


def _position(node) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.line or 1, node.column or 1
    meta = node.meta
    if getattr(meta, "empty", True):
        return 1, 1
    return meta.line, meta.column


def _is_direction(expr) -> bool:
    """``∇F`` or ``−∇F``: a side that ≡ may relate."""
    if isinstance(expr, sp.Mul) and expr.args[0] == -1 and len(expr.args) == 2:
        expr = expr.args[1]
    return isinstance(expr, Nabla)

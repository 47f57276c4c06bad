r"""Parse trees → SymPy expressions in the encodings the checker uses.

The translation never evaluates document text: it walks the tree of
:mod:`~contrastive_sym.latex.parser` and builds SymPy objects from declared names
only.  What the grammar leaves to the reader is decided here, and refused when the
notation does not decide it:

* a run of letters (``tx_1``, ``vt``, ``LSE``, ``sim``) is split into declared names;
  no split or two different splits is an error;
* ``a/b c`` is an error (``(a/b)c`` or ``a/(bc)``?);
* an ellipsis (``x_1, ..., x_n``; ``\exp(x_1)+...+\exp(x_n)``) is read from its first
  and last terms, which may differ in one place only; the middle terms written out
  must follow the pattern;
* ``(…)`` after a name is a call when the name is a function or macro, a product
  otherwise; in a product the scripts after the parenthesis are its own (``a (b)^2``
  is a·b²), after a call they are the call's (``f(x)^2`` is f(x)²);
* a power right after ``\log(…)`` or ``\exp(…)`` is an error: (log x)² or log(x²)?

Nothing here runs SymPy's simplify, solve or limit, which can hang while a file is read:
terms are compared by :func:`_equal`, exact and bounded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import lark
import sympy as sp

from ..model import encodings as enc
from ..errors import ParseError
from ..model.nodes import BestCritic, ExpectXYK, LittleO, MaxOver, Nabla, StopGrad, Vector
from .parser import Where, parse
from .scope import Builtin, Family, Macro, Operator, OperatorKind, PairSet, Partner, Scope

Tree, Token = lark.Tree, lark.Token

#: Deepest nesting of the translation (the parser bounds nesting of brackets already).
#: Each level costs the translator three to five Python frames and SymPy recurses over
#: the result again, so this stays well below Python's limit of 1000 frames.
MAX_DEPTH = 120
_PASS_THROUGH = frozenset({"braces", "chain_in_group", "item", "script_group"})
#: Largest power of numbers that is evaluated (10^{10^{10}} is refused, not computed).
MAX_POWER_DIGITS = 1000
#: Longest number literal: a formula's constants are short; a 5000-digit one is an attack.
MAX_NUMBER_DIGITS = 100


@dataclass(frozen=True)
class Segment:
    """Part of a written list: one element, or ``pattern`` for ``var`` in lo…hi (≠ skip)."""
    pattern: sp.Expr
    var: sp.Symbol | None = None
    lo: sp.Expr | None = None
    hi: sp.Expr | None = None
    skip: sp.Expr | None = None


@dataclass(frozen=True)
class ListValue:
    segments: tuple[Segment, ...]
    separators: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class RowVector:
    """``z_i`` of a family ``z`` of shape (rows, d): a vector, which only ``\\cdot``
    (the dot product) and ``\\|·\\|`` (the Euclidean norm) turn into numbers."""

    family: sp.IndexedBase
    row: sp.Expr
    length: sp.Expr


@dataclass(frozen=True)
class VectorValue:
    r"""A vector of R^length given by its component ``body`` at ``index``: what sums,
    differences and multiples of rows make (``a \cdot (z_i - z_j)``, ``\sum_i …``).
    As a side of a relation it becomes a :class:`~contrastive_sym.model.nodes.Vector`."""

    body: sp.Expr
    index: sp.Symbol
    length: sp.Expr

    def component(self, index: sp.Symbol) -> sp.Expr:
        return self.body.xreplace({self.index: index})


_CDOT = object()   # where a product had \cdot: between two vectors it is their dot product


@dataclass(frozen=True)
class Side:
    expr: sp.Expr
    start: int
    end: int


@dataclass(frozen=True)
class Row:
    """One row of a display: sides and the relations between them.

    ``continues`` is true for a row that starts with a relation (``=& …``)."""
    sides: tuple[Side, ...]
    relations: tuple[str, ...]
    continues: bool
    line: int            # 1-based line of the row inside the formula
    text: str            # the row's LaTeX as written


_RELATIONS = {"=": "=", "<": "<", ">": ">", r"\leq": "<=", r"\le": "<=", r"\geq": ">=", r"\ge": ">=",
              r"\neq": "!=", r"\ne": "!=", r"\equiv": "same-direction", r"\to": "->",
              r"\rarr": "->", r"\rightarrow": "->", r"\implies": "=>", r"\in": "in", r"\sim": "~",
              r"\approx": "~=", r"\mapsto": "->"}


def relation_name(token: str) -> str:
    return _RELATIONS.get(token, token)


class Translator:
    """Translates the trees of one formula; ``where`` locates it for error messages."""

    def __init__(self, text: str, scope: Scope, where: Where = Where()):
        self.text = text
        self.scope = scope
        self.where = where
        self.depth = 0

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
        for row in tree.children[0].children:
            if isinstance(row, Token):
                continue
            children = row.children
            sides, relations = [], []
            for child in children:
                if isinstance(child, Tree) and child.data == "relation":
                    relations.append(relation_name(str(child.children[0])))
                else:
                    value = self.term(child)
                    if isinstance(value, VectorValue):
                        value = _as_vector(value)
                    if not isinstance(value, sp.Basic):
                        raise self.fail(child, "a list or a bare name cannot be a side of a relation")
                    sides.append(Side(value, child.meta.start_pos, child.meta.end_pos))
            if "same-direction" in relations and not all(_is_direction(side.expr) for side in sides):
                raise self.fail(row, "≡ is read as 'the same direction', between two gradient steps "
                                     "('gradient descent on F \\equiv gradient ascent on G')")
            line, _ = _position(row)
            rows.append(Row(tuple(sides), tuple(relations), row.data == "continuation", line,
                            self.source(row).strip()))
        return rows

    # --- values -------------------------------------------------------------------
    def value(self, node):
        # Braces and one-element groups add no meaning; the parser bounds their
        # nesting already, so only operators count towards MAX_DEPTH.
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
        value = self.value(node) if value is None else value
        if isinstance(value, ListValue):
            raise self.fail(node, "a list (with commas or an ellipsis) where one value is expected")
        if isinstance(value, (Builtin, Macro, Family, Operator)):
            raise self.fail(node, f"{self.source(node)!r} names a function or family; it needs arguments")
        if isinstance(value, (RowVector, VectorValue)):
            raise self.fail(node, "a vector where a number is expected (write z_i \\cdot z_j or \\|z_i\\|)")
        return value

    def term(self, node, value=None):
        """A number or a vector (:class:`VectorValue`): what +, −, products, quotients
        and sums combine; a row ``z_i`` becomes its components."""
        value = self.value(node) if value is None else value
        if isinstance(value, RowVector):
            return self._components(value)
        if isinstance(value, VectorValue):
            return value
        return self.expr(node, value)

    def _components(self, row: RowVector) -> VectorValue:
        # a Dummy: the component index must not be the m of a dot product or norm
        # inside the same expression (sim(z_i, z_j) · (z_i − z_j))
        m = sp.Dummy("m", integer=True)
        return VectorValue(row.family[row.row, m], m, row.length)

    def token(self, token: Token):
        if token.type == "NUMBER":
            if len(token) > MAX_NUMBER_DIGITS:
                raise self.fail(token, f"a number of {len(token)} digits (at most "
                                       f"{MAX_NUMBER_DIGITS} are read)")
            return sp.Rational(str(token)) if "." in token else sp.Integer(str(token))
        raise self.fail(token, f"unexpected {str(token)!r}")

    # arithmetic
    def t_add(self, node):
        return self._sum_with_ellipsis(node)

    t_sub = t_add

    def t_neg(self, node):
        return _componentwise(self.term(node.children[1]), lambda x: -x)

    def t_pos(self, node):
        return self.term(node.children[1])

    def t_quotient(self, node):
        denominator = self.expr(node.children[2])
        return _componentwise(self.term(node.children[0]), lambda x: x / denominator)

    def t_dot(self, node):
        return self._product(node)

    def t_juxt(self, node):
        return self._product(node)

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
            raise self.fail(node, "a relation where a value is expected")
        return self.value(node.children[0])

    def t_paren(self, node):
        return self._items(node.children[0], single=True, vectors=True)

    t_bracket = t_paren

    def t_frac(self, node):
        denominator = self.expr(node.children[2])
        return _componentwise(self.term(node.children[1]), lambda x: x / denominator)

    def t_partial_frac(self, node):
        # \frac{\partial F}{\partial v}
        f = self.expr(node.children[2])
        v = self.expr(node.children[4])
        return self._derivative(f, v, node)

    def t_sqrt(self, node):
        return sp.sqrt(self.expr(node.children[1]))

    def t_log_call(self, node):
        return sp.log(self._items(node.children[1], single=True))

    def t_log_power_call(self, node):
        digits = re.search(r"[0-9]+", str(node.children[0])).group()
        exponent = self._log_power(sp.Integer(digits) if len(digits) <= 7 else None, node)
        return sp.log(self._items(node.children[1], single=True)) ** exponent

    def _log_power(self, exponent, node):
        """The n of \\log^n: a positive whole number (\\log^{-1} is the inverse function
        in TeX's sense), not too large to work with."""
        if exponent is None or not (exponent.is_Integer and 0 < exponent <= 10 ** 6):
            raise self.fail(node, "\\log^n x is read for a whole n from 1 to 10^6 only")
        return exponent

    def t_exp_call(self, node):
        return sp.exp(self._items(node.children[1], single=True))

    def t_max_set(self, node):
        return self._max(self._items(node.children[2]), node)

    def t_max_paren(self, node):
        return self._max(self._items(node.children[1].children[0]), node)

    def t_underbrace(self, node):
        return self.value(node.children[1])

    def t_set(self, node):
        return self._items(node.children[1])

    def t_norm(self, node):
        vector = self.value(node.children[1])
        if isinstance(vector, (RowVector, VectorValue)):
            vector, m = self.term(node, vector), self._fresh("m")
            return sp.sqrt(sp.Sum(vector.component(m) ** 2, (m, 1, vector.length)))
        raise self.fail(node, "‖·‖ of something that is not a row of a declared family, nor a vector made of rows")

    def t_ellipsis(self, node):
        raise self.fail(node, "an ellipsis outside a list or a sum")

    def t_limit(self, node):
        lim, script, body = node.children
        var, point, direction = self._limit_point(script)
        return sp.Limit(self.expr(body), var, point, direction)

    # names
    def t_letter(self, node):
        return self._postfix(node)

    t_command = t_letter
    t_text = t_letter
    t_font = t_letter
    t_subscript = t_letter
    t_superscript = t_letter
    t_prime = t_letter
    t_call = t_letter
    t_restricted = t_letter

    def t_apply_op(self, node):
        op, operand = node.children
        return self._apply_op(op, operand)

    # --- products, letter runs ------------------------------------------------------
    def _product(self, node):
        items = []          # ("factor", tree) | ("cdot",) | ("op", bigop, operand)
        current = node
        while True:
            if isinstance(current, Tree) and current.data == "juxt":
                items.append(("factor", current.children[0]))
                current = current.children[1]
            elif isinstance(current, Tree) and current.data == "dot":
                items.append(("factor", current.children[0]))
                items.append(("cdot",))
                current = current.children[2]
            elif isinstance(current, Tree) and current.data == "apply_op":
                items.append(("op", current.children[0], current.children[1]))
                break
            else:
                items.append(("factor", current))
                break
        values = []
        index = 0
        while index < len(items):
            item = items[index]
            if item[0] == "cdot":
                values.append(_CDOT)
                index += 1
                continue
            if item[0] == "op":
                values.append(self._apply_op(item[1], item[2]))
                index += 1
                continue
            tree = item[1]
            if isinstance(tree, Tree) and tree.data == "quotient":
                follower = items[index + 1] if index + 1 < len(items) else None
                if follower is not None and follower[0] != "cdot":
                    raise self.fail(tree, "ambiguous: a quotient a/b followed by a factor; "
                                          "write \\frac{a}{b} c or a/(b c)")
            run_end = index
            if _bare_letter(tree):
                # a run of letters: bare letters, possibly ending in one with scripts, or
                # in the numerator of a quotient (sim(z_i, z_j)/\tau is sim(…) over τ)
                while run_end + 1 < len(items) and items[run_end + 1][0] == "factor" \
                        and _letter_head(_numerator(items[run_end + 1][1])) is not None \
                        and _bare_letter(items[run_end][1]):
                    run_end += 1
            if run_end > index:
                trees = [items[j][1] for j in range(index, run_end + 1)]
                last = trees[-1]
                run = self._letter_run(trees[:-1] + [_numerator(last)])
                while isinstance(last, Tree) and last.data == "quotient":
                    run[-1] = run[-1] / self.expr(last.children[2])
                    last = last.children[0]
                values.extend(run)
                index = run_end + 1
                continue
            values.append(self.value(tree))
            index += 1
        values = self._dot_products(values, node)
        # a declared operator written as text (\text{stop\_grad}) applies to what follows
        result = None
        for position in range(len(values) - 1, -1, -1):
            value = values[position]
            if isinstance(value, RowVector):
                value = self._components(value)
            if isinstance(result, VectorValue) and not isinstance(value, sp.Expr):
                raise self.fail(node, "a product of two vectors (write \\cdot for their dot product) "
                                      "or an operator applied to a vector")
            if isinstance(value, Builtin) and value is Builtin.STOP_GRAD:
                if result is None:
                    raise self.fail(node, "stop_grad needs an argument")
                result = StopGrad(result)
                continue
            if isinstance(value, Operator) and value.kind in (OperatorKind.DESCENT, OperatorKind.ASCENT):
                if result is None or position != 0:
                    raise self.fail(node, f"'{value.kind.value}' applies to the whole side it starts")
                gradient = self._nabla(result, node)
                result = -gradient if value.kind is OperatorKind.DESCENT else gradient
                continue
            if isinstance(value, (ListValue, Builtin, Macro, Family, Operator)):
                raise self.fail(node, "a list or an unapplied function inside a product")
            if result is None:
                result = value
            elif isinstance(value, VectorValue):
                factor = result
                result = _componentwise(value, lambda x: x * factor)
            else:
                result = _componentwise(result, lambda x: value * x)
        return result

    def _dot_products(self, values: list, node) -> list:
        """``z_i \\cdot z_j`` → Σ_m z_{i,m} z_{j,m}: \\cdot between two vectors is their dot
        product; between a number and a vector it is the product."""
        merged = []
        for value in values:
            if len(merged) >= 2 and merged[-1] is _CDOT and _is_vector(merged[-2]) and _is_vector(value):
                _, left = merged.pop(), merged.pop()
                if left.length != value.length:
                    raise self.fail(node, "a dot product of vectors of different lengths")
                m = self._fresh("m")
                left, right = (self.term(None, v) for v in (left, value))
                merged.append(sp.Sum(left.component(m) * right.component(m), (m, 1, left.length)))
            else:
                merged.append(value)
        return [v for v in merged if v is not _CDOT]

    def _letter_run(self, trees: list) -> list:
        letters = [str(_letter_head(t).children[0]) for t in trees]
        word = "".join(letters)
        names = self.scope.letter_names()
        splits = _splits(word, names)
        if not splits:
            unknown = next((c for c in word if c not in names), word)
            raise self.fail(trees[0], f"{word!r}: {unknown!r} is not declared")
        if len(splits) > 1:
            shown = " or ".join("·".join(s) for s in splits[:3])
            raise self.fail(trees[0], f"ambiguous run of letters {word!r}: {shown}; "
                                      "write \\text{…} or put spaces as \\, with a \\cdot")
        values, position = [], 0
        for name in splits[0]:
            last_tree = trees[position + len(name) - 1]
            values.append(self._postfix(last_tree, base_key=name))
            position += len(name)
        return values

    # --- names with scripts and calls ------------------------------------------------
    def _postfix(self, node, base_key: str | None = None):
        ops = []
        atom = node
        while isinstance(atom, Tree) and atom.data in ("subscript", "superscript", "prime", "call",
                                                      "restricted"):
            ops.append(atom)
            atom = atom.children[0]
        ops.reverse()
        self._refuse_double_scripts(ops)
        if base_key is None:
            base_key = self._atom_key(atom)
        key = base_key
        meaning = self.scope.lookup(key) if key is not None else None
        if key is not None and meaning is None and not ops:
            raise self.fail(atom, f"{key!r} is not declared")
        if key is None:
            meaning = self.value(atom)
            if isinstance(atom, Tree) and atom.data in ("log_call", "log_power_call", "exp_call"):
                self._refuse_power_after_call(Builtin.EXP if atom.data == "exp_call" else Builtin.LOG,
                                              ops[:1])
        return self._apply_ops(meaning, key, ops, node)

    def _apply_ops(self, meaning, key: str | None, ops: list, node):
        """``meaning`` (the value of the name ``key``, or of an atom when key is None)
        with its scripts, primes and parentheses ``ops`` applied left to right."""
        pending_error = None
        for position, op in enumerate(ops):
            if op.data in ("subscript", "superscript", "prime") and key is not None:
                longer = key + self._script_key(op)
                found = self.scope.lookup(longer)
                if found is not None:
                    key, meaning, pending_error = longer, found, None
                    continue
                if meaning is None or self.scope.starts_a_name(longer):
                    # I_{\text{InfoNCE}} on the way to I_{\text{InfoNCE}}^K, even
                    # when I alone is a name too
                    key, meaning = longer, None
                    pending_error = pending_error or op
                    continue
            if meaning is None:
                raise self.fail(pending_error or op, f"{key!r} is not declared")
            if op.data == "call" and not isinstance(meaning, (Builtin, Macro, Operator, Family)):
                # A value followed by parentheses multiplies them, and the scripts and
                # parentheses after the closing one belong to that group, as TeX sets
                # them: a (b)^2 is a·b², \frac{1}{2}(x)^{-1/2} is ½·x^{-1/2}.
                paren = op.children[1]
                right = self._apply_ops(self.term(paren), None, ops[position + 1:], node)
                return self._times(self._settle(meaning, node), right, op)
            if op.data == "call":
                self._refuse_power_after_call(meaning, ops[position + 1:position + 2])
            meaning = self._apply_postfix(meaning, op, key)
            key = None
        if meaning is None:
            raise self.fail(pending_error or node, f"{key!r} is not declared")
        return self._settle(meaning, node)

    def _settle(self, meaning, node):
        """The value a name stands for once its scripts are read."""
        if isinstance(meaning, Macro) and not meaning.index_params and meaning.list_param is None \
                and not meaning.vector_params:
            # a labelled function written without its arguments (I_{\text{FlatNCE}}) is
            # the function as the document first defined it
            return meaning.body
        if isinstance(meaning, Builtin) and meaning is Builtin.EULER:
            return sp.E
        if isinstance(meaning, Partner):
            return self._partner(meaning, node)
        return meaning

    def _times(self, left, right, node):
        """``left`` times the parenthesized ``right``; either may be a vector, not both."""
        left, right = (self._components(v) if isinstance(v, RowVector) else v for v in (left, right))
        if not isinstance(left, (sp.Expr, VectorValue)):
            raise self.fail(node, f"{self.source(node.children[0])!r} cannot multiply parentheses")
        if isinstance(left, VectorValue) and isinstance(right, VectorValue):
            raise self.fail(node, "a product of two vectors (write \\cdot for their dot product)")
        if isinstance(right, VectorValue):
            return _componentwise(right, lambda x: left * x)
        return _componentwise(left, lambda x: x * right)

    def _refuse_power_after_call(self, function, following: list) -> None:
        r"""``\log(x)^2`` reads as (log x)² to some and as log(x²) to others (``\log x^2``
        is log(x²)); TeX writes the first \log^2 x.  Refused rather than guessed."""
        if function not in (Builtin.LOG, Builtin.EXP) or not following \
                or following[0].data != "superscript":
            return
        name = "log" if function is Builtin.LOG else "exp"
        instead = r"\log^2 x, (\log x)^2 or \log(x^2)" if name == "log" else r"(\exp x)^2 or \exp(x^2)"
        raise self.fail(following[0].children[1], f"ambiguous: a power after \\{name}(…) may be a "
                                                  f"power of the {name} or of its argument; write {instead}")

    def _partner(self, partner: Partner, node) -> sp.Expr:
        """``j``, the other view of ``i``: row i + N of the first N rows, i − N of the others."""
        anchor = self.scope.lookup(partner.of)
        if not isinstance(anchor, sp.Expr):
            raise self.fail(node, f"{self.source(node)!r} is the other view of {partner.of!r}, "
                                  "which is not an index here")
        return partner.row(anchor)

    def _refuse_double_scripts(self, ops) -> None:
        """``x^a^b`` and ``x_a_b`` are errors in TeX too ("Double superscript"): reading
        them as (x^a)^b would be a guess, and 9^9^9^… a tower too large to evaluate."""
        seen = set()
        for op in ops:
            if op.data in ("call", "restricted"):
                seen.clear()
            elif op.data in ("subscript", "superscript"):
                if op.data in seen:
                    raise self.fail(op, f"double {op.data}: TeX refuses it too; "
                                        f"write {{…}} around the first {op.data}'s term")
                seen.add(op.data)

    def _atom_key(self, atom) -> str | None:
        if isinstance(atom, Tree) and atom.data in ("letter", "command"):
            return str(atom.children[0])
        if isinstance(atom, Tree) and atom.data == "text":
            return _text_key(str(atom.children[0]))
        if isinstance(atom, Tree) and atom.data == "font":
            font, letters = str(atom.children[0]), str(atom.children[1])
            return f"{font}{{{letters}}}"
        return None

    def _script_key(self, op) -> str:
        """The key suffix of a script: ``_0``, ``^K``, ``_{\\text{InfoNCE}}``, ``'``."""
        if op.data == "prime":
            return "'"
        return self.script_key("_" if op.data == "subscript" else "^", op.children[1])

    def script_key(self, mark: str, arg) -> str:
        """``mark`` and the script ``arg`` without white space; one character loses its braces."""
        text = "".join(self.source(arg).split())
        # \mathrm{NT-Xent} and \text{NT-Xent} are one name
        text = re.sub(r"\\(mathrm|textrm|operatorname)\{", r"\\text{", text)
        if isinstance(arg, Tree) and arg.data == "script_group":
            inner = text[1:-1] if text.startswith("{") and text.endswith("}") else text
            # ^{K} is ^K and ^{\oplus} is ^\oplus: one character or one command
            text = inner if len(inner) == 1 or re.fullmatch(r"\\[a-zA-Z]+", inner) else "{" + inner + "}"
        return mark + text

    def _apply_postfix(self, meaning, op, key):
        if op.data == "subscript":
            return self._subscript(meaning, op)
        if op.data == "superscript":
            return self._superscript(meaning, op)
        if op.data == "call":
            return self._call(meaning, op.children[1], op)
        if op.data == "restricted":
            self._check_restriction(op.children[1].children[1])
            return meaning
        raise self.fail(op, f"{key or 'this'}' has no meaning")

    def _subscript(self, meaning, op):
        arg = op.children[1]
        if meaning is Builtin.INDICATOR:
            return self._indicator(arg)
        indices = self._index_list(arg)
        if isinstance(meaning, Family) and len(meaning.shape) == 2 and len(indices) == 1:
            return RowVector(meaning.base, indices[0], meaning.shape[1])
        if isinstance(meaning, Family):
            if len(indices) != len(meaning.shape):
                raise self.fail(op, f"{meaning.base} takes {len(meaning.shape)} indices, "
                                    f"got {len(indices)}")
            return meaning.base[tuple(indices)]
        if isinstance(meaning, Macro) and meaning.index_params:
            if len(indices) != len(meaning.index_params):
                raise self.fail(op, f"{meaning.key} takes {len(meaning.index_params)} indices")
            return _instantiate(meaning.body, dict(zip(meaning.index_params, indices)))
        raise self.fail(op, f"{self.source(op.children[0])!r} takes no subscript")

    def _indicator(self, arg):
        """``\\mathbb{1}_{[k \\neq i]}`` → 1 − δ_{k,i}; ``\\mathbb{1}_{[k = i]}`` → δ_{k,i}."""
        inner = _unwrap(arg.children[0].children[0]) if isinstance(arg, Tree) \
            and arg.data == "script_group" and len(arg.children[0].children) == 1 else None
        if isinstance(inner, Tree) and inner.data == "bracket":
            items = inner.children[0].children
            if len(items) == 1 and isinstance(items[0], Tree) and len(items[0].children) == 3:
                left, rel, right = items[0].children
                relation = relation_name(str(rel.children[0]))
                delta = sp.KroneckerDelta(self.expr(left), self.expr(right))
                if relation == "!=":
                    return 1 - delta
                if relation == "=":
                    return delta
        raise self.fail(arg, "an indicator is written \\mathbb{1}_{[k \\neq i]} or \\mathbb{1}_{[k = i]}")

    def _power(self, base, exponent, op):
        """``base^exponent``, refusing powers of numbers too long to write out
        (10^{10^5}, {10^{100000}}^{100000}) instead of computing them."""
        if base.is_Rational and exponent.is_Integer and base not in (0, 1, -1):
            digits = abs(int(exponent)) * max(abs(base.p).bit_length(), base.q.bit_length()) * 0.302
            if digits > MAX_POWER_DIGITS:
                raise self.fail(op, f"an exponent this large is not evaluated (about {digits:.3g} "
                                    f"digits; at most {MAX_POWER_DIGITS})")
        return sp.Pow(base, exponent)

    def _superscript(self, meaning, op):
        arg = op.children[1]
        if isinstance(arg, Tree) and arg.data in ("script_sign", "star_script", "prime_script"):
            raise self.fail(op, f"{self.source(op)!r} is not declared")
        if meaning is Builtin.EULER:
            meaning = sp.E
        if isinstance(meaning, (Builtin, Macro, Family, ListValue)):
            raise self.fail(op, "a power of a function or a family")
        if isinstance(meaning, (RowVector, VectorValue)):
            raise self.fail(op, "a power of a vector (write \\|z_i\\|^2 or z_i \\cdot z_i)")
        exponent = self.expr(arg)
        if exponent.is_Integer and abs(exponent) > 10 ** 6 or _towering(exponent):
            raise self.fail(op, "an exponent this large is not evaluated")
        if meaning is sp.E:
            return sp.exp(exponent)
        return self._power(meaning, exponent, op)

    def t_script_group(self, node):
        return self._items(node.children[0], single=True)

    def t_script_sign(self, node):
        raise self.fail(node, "a sign alone as an exponent")

    t_star_script = t_script_sign
    t_prime_script = t_script_sign

    def _index_list(self, arg) -> list:
        if isinstance(arg, Tree) and arg.data == "script_group":
            value = self._items(arg.children[0])
            if isinstance(value, ListValue):
                if any(s.var is not None for s in value.segments):
                    raise self.fail(arg, "an ellipsis inside a subscript")
                return [s.pattern for s in value.segments]
            return [value]
        return [self.expr(arg)]

    def _call(self, meaning, args_node, node):
        if isinstance(args_node, Tree) and args_node.data in ("paren", "bracket"):
            items = args_node.children[0]
        else:
            items = args_node
        if isinstance(meaning, Builtin):
            value = self._items(items)
            if meaning is Builtin.LOG:
                return sp.log(self._one(value, node))
            if meaning is Builtin.EXP:
                return sp.exp(self._one(value, node))
            if meaning in (Builtin.MAX, Builtin.MIN):
                return self._max(value, node, minimum=meaning is Builtin.MIN)
            if meaning is Builtin.STOP_GRAD:
                return StopGrad(self._one(value, node))
            if meaning is Builtin.LITTLE_O:
                if self.scope.little_o is None:
                    raise self.fail(node, "o(·) needs the limit it is taken in (declare little_o)")
                variable, point = self.scope.little_o
                return LittleO(self._one(value, node), variable, point)
            raise self.fail(node, f"{meaning.value} cannot be called")
        if isinstance(meaning, Macro):
            return self._expand(meaning, items, node)
        if isinstance(meaning, Operator) and meaning.kind is OperatorKind.EXPECTATION:
            return ExpectXYK(self._one(self._items(items), node), meaning.family, meaning.size)
        if isinstance(meaning, Operator):
            raise self.fail(node, f"'{meaning.kind.value}' is not applied to parentheses")
        raise self.fail(node, f"{meaning.base} is a family: index it with a subscript")

    def _one(self, value, node):
        if isinstance(value, ListValue):
            raise self.fail(node, "this function takes one argument")
        return value

    def _expand(self, macro: Macro, items, node):
        if macro.labels is not None:
            written = self.scope.reading("".join(self.source(items).split()))
            if written == macro.labels:
                return macro.body
            overload = self.scope.lookup(labelled_key(macro.key, written))
            if isinstance(overload, Macro):
                return overload.body
            raise self.fail(node, f"{macro.key} is defined for ({macro.labels}), "
                                  f"not ({written})")
        value = self._items(items)
        if macro.list_param is not None:
            family, length = macro.list_param
            segments = value.segments if isinstance(value, ListValue) else (Segment(value),)
            return _apply_list(macro.body, family, length, segments, self, node)
        if macro.vector_params:
            args = value.segments if isinstance(value, ListValue) else (Segment(value),)
            if len(args) != len(macro.vector_params) or any(a.var is not None for a in args):
                raise self.fail(node, f"{macro.key} takes {len(macro.vector_params)} arguments")
            mapping = {}
            for (family, param), arg in zip(macro.vector_params, args):
                row = arg.pattern
                if isinstance(row, RowVector) and row.family == family:
                    mapping[param] = row.row
                elif isinstance(row, sp.Indexed) and row.base == family and len(row.indices) == 1:
                    mapping[param] = row.indices[0]
                else:
                    raise self.fail(node, f"{macro.key}: expected an argument {family}_…")
            return _instantiate(macro.body, mapping)
        raise self.fail(node, f"{macro.key} takes no arguments")

    def _check_restriction(self, script):
        value = self.value(script) if not (isinstance(script, Tree) and script.data == "script_group") \
            else None
        items = script.children[0] if value is None else None
        # a restriction |_{i \neq j}: only accepted when the notation already says so
        if items is not None and len(items.children) == 1:
            item = items.children[0]
            if len(item.children) == 3 and isinstance(item.children[1], Tree) \
                    and relation_name(str(item.children[1].children[0])) == "!=":
                a, b = self.expr(item.children[0]), self.expr(item.children[2])
                if self.scope.are_distinct(a, b):
                    return
                raise self.fail(script, f"the restriction {a} ≠ {b} is not declared in the notation")
        raise self.fail(script, "only restrictions of the form |_{i \\neq j} are understood")

    # --- big operators -------------------------------------------------------------
    def _apply_op(self, op: Tree, operand):
        kind = op.data
        if kind == "sum_op":
            return self._sum(op, operand)
        if kind == "log_op":
            return sp.log(self.expr(operand))
        if kind == "log_power_op":
            return sp.log(self.expr(operand)) ** self._log_power(self.expr(op.children[1]), op)
        if kind == "func_op":
            name = str(op.children[0])
            if name == r"\exp" and len(op.children) == 1:
                return sp.exp(self.expr(operand))
            raise self.fail(op, f"{name} is not understood here")
        if kind == "partial_op":
            variable = self.expr(op.children[3])
            if len(op.children) > 4:
                self._check_restriction(op.children[4].children[1])
            return self._derivative(self.expr(operand), variable, op)
        if kind == "nabla_op":
            return self._nabla(self.expr(operand), op)
        if kind == "max_op":
            meaning = self.scope.lookup(r"\max" + self.script_key("_", op.children[1].children[0]))
            if isinstance(meaning, Operator) and meaning.kind is OperatorKind.BEST_CRITIC:
                return BestCritic(self.expr(operand))
            raise self.fail(op, "\\max_{…} over a function is not understood here "
                                "(declare it as an operator if it is a best critic)")
        raise self.fail(op, f"{kind} is not understood")

    def _nabla(self, expr, op):
        gradient = self.scope.lookup(r"\nabla")
        if not isinstance(gradient, tuple):
            raise self.fail(op, "∇ needs the family it differentiates by (declare gradient)")
        family, directions = gradient
        if isinstance(expr, sp.Indexed) and expr.base == family:
            return directions[expr.indices]
        return Nabla(expr, family, directions)

    def _derivative(self, f, variable, node):
        if not isinstance(variable, (sp.Symbol, sp.Indexed)):
            raise self.fail(node, "a derivative with respect to an expression")
        path = self.scope.path
        if path is not None and variable == path.parameter:
            # ∂/∂θ with the rows on the path z + θv: the derivative at θ = 0
            moved = f.replace(lambda e: isinstance(e, sp.Indexed) and e.base == path.family,
                              lambda e: e + variable * path.along[e.indices])
            return sp.Subs(sp.Derivative(moved, variable), variable, 0)
        return sp.Derivative(f, variable)

    def _sum(self, op, operand):
        lower, upper = _scripts(op)
        if lower is None:
            raise self.fail(op, "a sum needs its index (\\sum_k …)")
        pairs = self._pair_sum(lower)
        if pairs is not None:
            return self._sum_over_pairs(op, upper, operand, *pairs)
        var_name, lo, hi, skip = self._sum_range(lower, upper, op)
        variable = self._fresh(var_name)
        scope = self.scope.bind(var_name, variable)
        inner = Translator(self.text, scope, self.where)
        inner.depth = self.depth
        term = inner.term(operand)
        # a sum of vectors is the vector of the sums of their components
        body = term.body if isinstance(term, VectorValue) else term
        if lo is None:
            lo, hi = self._infer_range(body, variable, op)
        elif hi is None:                    # \sum_{k=2} s_{i,k}: the end is the family's
            hi = self._infer_range(body, variable, op)[1]
        if skip is not None and _equal(skip, lo):
            # Σ_{k≠1} over 1…K is Σ_{k=2}^{K}: the same terms, and SymPy proves more
            # about a plain range than about an indicator 1 − δ_{k,1}
            total = sp.Sum(body, (variable, lo + 1, hi))
        elif skip is not None:
            total = enc.sum_except(body, variable, lo, hi, skip)
        else:
            total = sp.Sum(body, (variable, lo, hi))
        return _componentwise(term, lambda _: total)

    def _pair_sum(self, lower):
        """``_{i,j \\in \\mathcal{MB}}``: the names i, j and the declared pair set."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        items = [c for c in lower.children[0].children if isinstance(c, Tree)]
        if len(items) != 2:
            return None
        first, second = _unwrap(items[0]), items[1]
        if not (_bare_letter(first) and isinstance(second, Tree) and second.data == "item"
                and len(second.children) == 3 and relation_name(str(second.children[1].children[0])) == "in"):
            return None
        pair_set = self.scope.lookup(self.script_key("", second.children[2]))
        if not isinstance(pair_set, PairSet) or not self._bound_name(second.children[0]):
            raise self.fail(lower, "\\sum_{i,j \\in S} needs S declared as a pair set")
        return str(first.children[0]), self._bound_name(second.children[0]), pair_set

    def _sum_over_pairs(self, op, upper, operand, first: str, second: str, pair_set: PairSet):
        if upper is not None:
            raise self.fail(op, "a sum over a pair set has no upper bound")
        anchor = self._fresh("a")
        partner = enc.positive_row(anchor, pair_set.samples)
        scope = self.scope.bind(first, anchor).bind(second, partner)
        inner = Translator(self.text, scope, self.where)
        inner.depth = self.depth
        return sp.Sum(inner.expr(operand), (anchor, 1, pair_set.anchors))

    def _sum_range(self, lower, upper, op):
        """``_k``, ``_{k=1}^{N}``, ``_{k \\neq i}``, ``_{i}^{N}``: name, lo, hi, skipped."""
        hi = self.expr(upper) if upper is not None else None
        if isinstance(lower, Tree) and lower.data == "letter":
            return str(lower.children[0]), (sp.Integer(1) if hi is not None else None), hi, None
        if isinstance(lower, Tree) and lower.data == "script_group":
            items = lower.children[0]
            if len(items.children) == 1:
                item = _unwrap(items.children[0])
                if _bare_letter(item) or self._bound_name(item):
                    name = self._bound_name(item)
                    return name, (sp.Integer(1) if hi is not None else None), hi, None
                if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
                    left, rel, right = item.children
                    name = self._bound_name(left)
                    relation = relation_name(str(rel.children[0]))
                    if name and relation == "=":
                        return name, self.expr(right), hi, None
                    if name and relation == "!=":
                        skip = self.expr(right)
                        return name, (sp.Integer(1) if hi is not None else None), hi, skip
        raise self.fail(lower, "this sum's index is not understood (write \\sum_k, \\sum_{k=1}^{N} "
                               "or \\sum_{k \\neq i})")

    def _bound_name(self, node) -> str | None:
        if isinstance(node, Tree) and node.data == "letter":
            return str(node.children[0])
        if isinstance(node, Tree) and node.data == "prime" and isinstance(node.children[0], Tree) \
                and node.children[0].data == "letter":
            return str(node.children[0].children[0]) + "'"
        return None

    def _infer_range(self, body, variable, op):
        """The range of an index written without bounds: the extent of the family
        dimension it indexes (``\\sum_k s_{i,k}`` runs over 1…N)."""
        extents = set()
        for indexed in body.atoms(sp.Indexed):
            for position, index in enumerate(indexed.indices):
                if index == variable:
                    family = self._family_of(indexed.base)
                    if family is not None:
                        extents.add(family.shape[position])
        if len(extents) != 1:
            raise self.fail(op, "the range of this sum's index is not written and cannot be read "
                                "from the families it indexes")
        return sp.Integer(1), extents.pop()

    def _family_of(self, base):
        for meaning in self.scope.names.values():
            if isinstance(meaning, Family) and meaning.base == base:
                return meaning
        return None

    def _fresh(self, name: str) -> sp.Symbol:
        """A bound index named as written, unless the name is taken by a declared symbol."""
        taken = self.scope.declared_symbol_names()
        plain = name.replace("'", "p")
        candidate = plain
        while candidate in taken:
            candidate = candidate + plain[0]
        return sp.Symbol(candidate, integer=True)

    def _limit_point(self, script):
        items = script.children[0] if isinstance(script, Tree) and script.data == "script" else script
        if isinstance(items, Tree) and items.data == "script_group":
            items = items.children[0]
        if isinstance(items, Tree) and items.data == "items" and len(items.children) == 1:
            item = items.children[0]
            if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
                left, rel, right = item.children
                if relation_name(str(rel.children[0])) == "->":
                    variable = self.expr(left)
                    if not isinstance(variable, sp.Symbol):
                        raise self.fail(left, "a limit's variable must be a declared symbol")
                    point, direction = self._approach(right)
                    return variable, point, direction
        raise self.fail(script, "a limit needs its variable and point: \\lim_{x \\to a}")

    def _approach(self, node):
        """``0^+``, ``0^{+}``, ``+\\infty``, ``\\infty``: the point and the side."""
        if isinstance(node, Tree) and node.data == "superscript" and isinstance(node.children[1], Tree) \
                and node.children[1].data == "script_sign":
            point = self.expr(node.children[0])
            sign = str(node.children[1].children[0])
            return point, "+" if sign == "+" else "-"
        if isinstance(node, Tree) and node.data in ("pos", "neg") and self._is_infinity(node.children[1]):
            return (sp.oo, "-") if node.data == "pos" else (-sp.oo, "+")
        if self._is_infinity(node):
            return sp.oo, "-"
        return self.expr(node), "+-"

    def _is_infinity(self, node) -> bool:
        return isinstance(node, Tree) and node.data == "command" and str(node.children[0]) == r"\infty"

    # --- lists and ellipses ----------------------------------------------------------
    def _items(self, items: Tree, single: bool = False, vectors: bool = False):
        elements, separators = [], []
        for child in items.children:
            if isinstance(child, Token):
                separators.append(str(child))
            else:
                elements.append(child)
        if len(elements) == 1 and not _is_ellipsis(elements[0]):
            if vectors:
                return self.term(elements[0])
            return self.value(elements[0]) if not single else self.expr(elements[0])
        if single:
            raise self.fail(items, "a list where one value is expected")
        segments = self._segments(elements, items)
        return ListValue(tuple(segments), tuple(separators), self.source(items))

    def _segments(self, elements: list, node) -> list[Segment]:
        segments: list[Segment] = []
        position = 0
        while position < len(elements):
            element = elements[position]
            if _is_ellipsis(element):
                if not segments or position + 1 >= len(elements) or segments[-1].var is not None:
                    raise self.fail(element, "an ellipsis needs a written term on each side")
                last_tree = elements[position + 1]
                # the pattern is read from the first term of the run
                run_start = position - 1
                segments.pop()
                pattern = self._ellipsis_pattern(elements, run_start, position, last_tree, element)
                # terms written out before the first one of the run that follow the pattern
                while segments and segments[-1].var is None and _matches(pattern, segments[-1].pattern,
                                                                         pattern.lo - 1):
                    segments.pop()
                    pattern = Segment(pattern.pattern, pattern.var, pattern.lo - 1, pattern.hi, pattern.skip)
                segments.append(pattern)
                position += 2
                continue
            # a row z_i is an argument of sim(z_i, z_j), not a number
            value = self.value(element)
            segments.append(Segment(value if isinstance(value, RowVector) else self.expr(element, value)))
            position += 1
        return segments

    def _ellipsis_pattern(self, elements, first_index, ellipsis_index, last_tree, ellipsis) -> Segment:
        first_tree = elements[first_index]
        holes = _anti_unify(first_tree, last_tree)
        if holes is None or not holes:
            raise self.fail(ellipsis, "the terms around this ellipsis differ in more than one place "
                                      "(or not at all), so what it stands for is not determined")
        first_texts = {"".join(self.source(a).split()) for a, _ in holes}
        last_texts = {"".join(self.source(b).split()) for _, b in holes}
        if len(first_texts) != 1 or len(last_texts) != 1:
            raise self.fail(ellipsis, "the terms around this ellipsis vary in two different ways")
        first_text, last_text = first_texts.pop(), last_texts.pop()
        reading = self.scope.reading_for(first_text, last_text)
        skip = None
        if reading is not None:
            lo, hi, skip = reading.lo, reading.hi, reading.skip
        else:
            try:
                lo, hi = self.expr(holes[0][0]), self.expr(holes[0][1])
            except ParseError as exc:
                raise self.fail(ellipsis, f"the ellipsis runs from {first_text} to {last_text}: "
                                          f"{exc.message} (declare how it is read)") from None
            if not (lo.is_integer and hi.is_integer):
                # v_1^2 + ... + v_n differs as whole terms: its "index" would run from v_1^2
                raise self.fail(ellipsis, f"the ellipsis runs from {first_text} to {last_text}, "
                                          "which are not whole numbers (declare how it is read)")
        variable = self._fresh_pattern_var()
        hole_ids = {id(a) for a, _ in holes}
        inner = _HoleTranslator(self.text, self.scope, self.where, hole_ids, variable)
        pattern = inner.expr(first_tree)
        segment = Segment(pattern, variable, lo, hi, skip)
        if reading is None:
            last = self.expr(last_tree)
            if not _equal(pattern.subs(variable, hi), last):
                raise self.fail(ellipsis, "the last term does not follow the pattern of the first")
        return segment

    def _fresh_pattern_var(self) -> sp.Symbol:
        taken = self.scope.declared_symbol_names()
        for name in ("k", "l", "m", "r", "q", "kk", "ll"):
            if name not in taken and self.scope.lookup(name) is None:
                return sp.Symbol(name, integer=True)
        return sp.Dummy("k", integer=True)

    def _sum_with_ellipsis(self, node):
        terms = []          # (sign, tree)
        current = node
        while isinstance(current, Tree) and current.data in ("add", "sub"):
            left, operator, right = current.children
            terms.append((1 if current.data == "add" else -1, right))
            current = left
        terms.append((1, current))
        terms.reverse()
        if not any(_is_ellipsis(t) for _, t in terms):
            values = [(sign, self.term(t)) for sign, t in terms]
            vectors = [v for _, v in values if isinstance(v, VectorValue)]
            if not vectors:
                return sp.Add(*[sign * v for sign, v in values])
            first = vectors[0]
            if len(vectors) != len(values) or any(v.length != first.length for v in vectors):
                raise self.fail(node, "a vector where a number is expected: a vector added to a number, "
                                      "or to a vector of another length")
            return replace(first, body=sp.Add(*[sign * v.component(first.index) for sign, v in values]))
        # x_1 + x_2 + ... + x_n: the same reading as a list
        if any(sign < 0 for sign, _ in terms):
            raise self.fail(node, "an ellipsis in a sum with subtracted terms is not understood")
        segments = self._segments([t for _, t in terms], node)
        return _sum_segments(segments, lambda e: e)

    def _max(self, value, node, minimum: bool = False):
        segments = value.segments if isinstance(value, ListValue) else (Segment(value),)
        if minimum:
            raise self.fail(node, "min over a list is not supported yet")
        parts = []
        for segment in segments:
            if segment.var is None:
                parts.append(segment.pattern)
            elif segment.skip is not None:
                # Skipping an entry equal to one written out leaves the maximum as it is
                # (max{0, d_k : k ≠ i} with d_i = 0); any other skip is not supported.
                skipped = segment.pattern.subs(segment.var, segment.skip)
                if not any(s.var is None and _equal(s.pattern, skipped) for s in segments):
                    raise self.fail(node, "a maximum over a range with an excluded index")
                parts.append(MaxOver(segment.pattern, segment.var, segment.lo, segment.hi))
            else:
                parts.append(MaxOver(segment.pattern, segment.var, segment.lo, segment.hi))
        return parts[0] if len(parts) == 1 else sp.Max(*parts)


class _HoleTranslator(Translator):
    """Translates the first term of an ellipsis with its varying place as a variable."""

    def __init__(self, text, scope, where, hole_ids, variable):
        super().__init__(text, scope, where)
        self.hole_ids = hole_ids
        self.variable = variable

    def value(self, node):
        if id(node) in self.hole_ids:
            return self.variable
        return super().value(node)

    def _index_list(self, arg):
        if id(arg) in self.hole_ids:
            return [self.variable]
        return super()._index_list(arg)


# --- helpers ----------------------------------------------------------------------

def _position(node) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.line or 1, node.column or 1
    meta = node.meta
    if getattr(meta, "empty", True):
        return 1, 1
    return meta.line, meta.column


def _text_key(token: str) -> str:
    """``\\text{ stop\\_grad }`` → ``\\text{stop\\_grad}``; \\mathrm and \\operatorname alike."""
    inner = " ".join(token[token.index("{") + 1:-1].split())
    # \text{LSE} and LSE are one name; \text{stop\_grad} keeps its markup
    return inner if inner.isalpha() else r"\text{" + inner + "}"


def _unwrap(tree):
    """An ``item`` of one value is that value."""
    while isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 1:
        tree = tree.children[0]
    return tree


def labelled_key(key: str, labels: str) -> str:
    """The key of a second definition of ``key`` for other arguments: ``I(X;Y)``."""
    return f"{key}({labels})"


def _is_direction(expr) -> bool:
    """``∇F`` or ``−∇F``: a side that ≡ may relate."""
    if isinstance(expr, sp.Mul) and expr.args[0] == -1 and len(expr.args) == 2:
        expr = expr.args[1]
    return isinstance(expr, Nabla)


def _as_vector(value: VectorValue) -> Vector:
    """The Vector node of a vector side, its component index named by a letter that no
    symbol of the body uses (bound or free)."""
    taken = {str(a) for a in value.body.atoms(sp.Symbol)}
    name = next((n for n in ("m", "c", "r", "l", "mm", "cc") if n not in taken), None)
    index = sp.Symbol(name, integer=True) if name else sp.Dummy("m", integer=True)
    return Vector(value.component(index), index, value.length)


def _is_vector(value) -> bool:
    return isinstance(value, (RowVector, VectorValue))


def _componentwise(value, operation):
    """``operation`` applied to a number, or to each component of a vector."""
    if isinstance(value, VectorValue):
        return replace(value, body=operation(value.body))
    return operation(value)


def _bare_letter(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "letter"


def _numerator(tree):
    """The first factor of a quotient ``a/b/c`` (``a``); any other tree itself."""
    while isinstance(tree, Tree) and tree.data == "quotient":
        tree = tree.children[0]
    return tree


def _letter_head(tree):
    """The letter a factor starts from (``x`` of ``x_1`` or ``m(…)``), or None."""
    while isinstance(tree, Tree) and tree.data in ("subscript", "superscript", "prime", "call",
                                                  "restricted"):
        tree = tree.children[0]
    return tree if _bare_letter(tree) else None


def _splits(word: str, names: set[str]) -> list[list[str]]:
    """Up to two ways to write ``word`` as a sequence of declared names: none means a
    name is undeclared, two mean the run is ambiguous.  Counting (capped at two) from
    the end of the word keeps this linear; listing every split is exponential for
    runs like ``abab…`` with a, b and ab declared."""
    sizes = sorted({len(name) for name in names}, reverse=True)
    ways = [0] * (len(word) + 1)
    ways[len(word)] = 1

    def choices(start, counted=True):
        return [size for size in sizes if start + size <= len(word)
                and word[start:start + size] in names and (not counted or ways[start + size])]

    for start in range(len(word) - 1, -1, -1):
        ways[start] = min(2, sum(ways[start + size] for size in choices(start, counted=False)))

    def complete(prefix: list[str], start: int) -> list[str]:
        split = list(prefix)
        while start < len(word):
            size = choices(start)[0]
            split.append(word[start:start + size])
            start += size
        return split

    if ways[0] == 0:
        return []
    first = complete([], 0)
    if ways[0] == 1:
        return [first]
    start = 0
    for position, name in enumerate(first):
        others = [size for size in choices(start) if size != len(name)]
        if others:
            head = first[:position] + [word[start:start + others[0]]]
            return [first, complete(head, start + others[0])]
        start += len(name)
    return [first]  # pragma: no cover - ways[0] == 2 means the splits differ somewhere


def _is_ellipsis(tree) -> bool:
    if isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 1:
        tree = tree.children[0]
    return isinstance(tree, Tree) and tree.data == "ellipsis"


def _anti_unify(a, b):
    """The places where trees ``a`` and ``b`` differ, as (subtree of a, subtree of b)."""
    holes = []

    def walk(x, y):
        if isinstance(x, Token) or isinstance(y, Token):
            same = isinstance(x, Token) and isinstance(y, Token) and x.type == y.type and str(x) == str(y)
            if not same:
                holes.append((x, y))
        elif x.data != y.data or len(x.children) != len(y.children):
            holes.append((x, y))
        else:
            for cx, cy in zip(x.children, y.children):
                walk(cx, cy)

    walk(a, b)
    # a token that differs inside a leaf rule (letter, number): name the rule, not the token
    return [_lift(a, x, b, y) for x, y in holes] if holes else holes


def _lift(root_a, x, root_b, y):
    """Map a differing token to its parent leaf tree so the translator sees the hole."""
    if isinstance(x, Token) or isinstance(y, Token):
        parent_a = _parent_of(root_a, x)
        parent_b = _parent_of(root_b, y)
        if parent_a is not None and parent_b is not None and len(parent_a.children) == 1:
            return parent_a, parent_b
    return x, y


def _parent_of(root, target):
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Tree):
            for child in node.children:
                if child is target:
                    return node
                stack.append(child)
    return None


def _equal(a, b) -> bool:
    """Whether two terms are certainly the same.

    This runs while a file is read, where a hang is not acceptable, so there is no
    sp.simplify: the terms are equal as trees, or their difference is a polynomial in
    symbols and indexed entries (index arithmetic: k + 1 at k = n − 1) that expands to
    0.  Expanding a polynomial gives its unique sum of monomials, so 0 means equal;
    the size bound keeps the expansion small.  Anything else is "not known to be the
    same", which every caller turns into a reading that stays true (a term kept
    apart from a run, Σ_{k≠i} kept as an indicator) or a ParseError."""
    if a == b:
        return True
    if not (isinstance(a, sp.Expr) and isinstance(b, sp.Expr)):
        return False
    a, b = _expanded_indices(a), _expanded_indices(b)
    if a == b:
        return True
    difference = a - b
    if _expanded_terms(difference) is None:
        return False
    # entries stand for independent unknowns; only the arithmetic around them is expanded
    masked = difference.xreplace({e: sp.Dummy() for e in difference.atoms(sp.Indexed)})
    return sp.expand(masked) == 0


#: Most terms a polynomial may expand to in :func:`_equal` (index arithmetic has a few).
MAX_EXPANDED_TERMS = 64
#: Highest power expanded there.
MAX_EXPANDED_DEGREE = 8


def _expanded_terms(expr) -> int | None:
    """An upper bound on the number of terms of ``expr`` expanded, or None when it is
    not a polynomial in symbols and indexed entries or would expand beyond
    MAX_EXPANDED_TERMS."""
    if isinstance(expr, (sp.Symbol, sp.Indexed)) or expr.is_Rational:
        return 1
    if isinstance(expr, sp.Pow):
        exponent = expr.exp
        if not (exponent.is_Integer and 0 <= exponent <= MAX_EXPANDED_DEGREE):
            return None
        terms = _expanded_terms(expr.base)
        return None if terms is None or terms ** int(exponent) > MAX_EXPANDED_TERMS \
            else terms ** int(exponent)
    if isinstance(expr, (sp.Add, sp.Mul)):
        total = 0 if isinstance(expr, sp.Add) else 1
        for arg in expr.args:
            terms = _expanded_terms(arg)
            if terms is None:
                return None
            total = total + terms if isinstance(expr, sp.Add) else total * terms
            if total > MAX_EXPANDED_TERMS:
                return None
        return total
    return None


def _expanded_indices(expr):
    """``expr`` with the polynomial indices of its indexed entries expanded
    (x_{2(k+1)} → x_{2k+2}), so that equal entries are equal trees."""
    def expanded(entry):
        indices = [sp.expand(i) if _expanded_terms(i) is not None and not i.has(sp.Indexed) else i
                   for i in entry.indices]
        return entry.base[tuple(indices)]
    return expr.xreplace({e: expanded(e) for e in expr.atoms(sp.Indexed)})


def _matches(segment: Segment, value, at) -> bool:
    try:
        return _equal(segment.pattern.subs(segment.var, at), value)
    except Exception:  # noqa: BLE001 - a failed comparison is a mismatch
        return False


def _sum_segments(segments, term):
    parts = []
    for segment in segments:
        if segment.var is None:
            parts.append(term(segment.pattern))
        elif segment.skip is not None:
            parts.append(enc.sum_except(term(segment.pattern), segment.var, segment.lo, segment.hi,
                                        segment.skip))
        else:
            parts.append(sp.Sum(term(segment.pattern), (segment.var, segment.lo, segment.hi)))
    return sp.Add(*parts)


def _apply_list(body, family, length, segments, translator, node):
    """A macro of a list, ``LSE(x_1, ..., x_n)``, applied to written arguments.

    The body may use the list only through sums or maxima over all of it (Σ_{k=1}^n f(x_k),
    max_k x_k); each becomes the sum or maximum over the arguments' segments."""
    def rewrite(expr):
        if isinstance(expr, sp.Sum) and len(expr.limits) == 1:
            var, lo, hi = expr.limits[0]
            if lo == 1 and hi == length and expr.function.has(family):
                parts = []
                for segment in segments:
                    if segment.var is None:
                        parts.append(_substitute_element(expr.function, family, var, segment.pattern, None))
                    else:
                        summand = _substitute_element(expr.function, family, var, segment.pattern,
                                                      segment.var)
                        if segment.skip is not None:
                            parts.append(enc.sum_except(summand, segment.var, segment.lo, segment.hi,
                                                        segment.skip))
                        else:
                            parts.append(sp.Sum(summand, (segment.var, segment.lo, segment.hi)))
                return sp.Add(*parts)
        if isinstance(expr, MaxOver):
            inner, var, lo, hi = expr.args
            if lo == 1 and hi == length and inner.has(family):
                parts = []
                for segment in segments:
                    element = _substitute_element(inner, family, var, segment.pattern, segment.var)
                    parts.append(element if segment.var is None
                                 else MaxOver(element, segment.var, segment.lo, segment.hi))
                return parts[0] if len(parts) == 1 else sp.Max(*parts)
        if not expr.args:
            return expr
        return expr.func(*[rewrite(a) for a in expr.args])

    result = rewrite(body)
    if result.has(family) or result.has(length):
        raise translator.fail(node, "this macro uses its list other than through a sum or a maximum")
    return result


def _substitute_element(expr, family, var, element, element_var):
    """``expr`` with ``family[var]`` replaced by ``element`` (whose own index is ``element_var``)."""
    def replace(node):
        if isinstance(node, sp.Indexed) and node.base == family:
            if node.indices != (var,):
                raise ValueError("a list element indexed other than by the sum's index")
            return element
        return None
    mapping = {n: replace(n) for n in expr.atoms(sp.Indexed) if n.base == family}
    result = expr.xreplace(mapping)
    if element_var is not None and var != element_var:
        result = result.xreplace({var: element_var})
    return result


def _instantiate(body, mapping: dict):
    return body.xreplace(mapping)


def _towering(exponent) -> bool:
    return any(isinstance(p, sp.Pow) and p.exp.is_Integer and p.exp > 100 for p in
               sp.preorder_traversal(exponent))


def _scripts(op: Tree):
    """Lower and upper script of a ``\\sum``."""
    scripts = op.children[1]
    args = scripts.children
    if scripts.data == "scripts_both":
        return args[0], args[1]
    if scripts.data == "scripts_swapped":
        return args[1], args[0]
    if scripts.data == "scripts_lower":
        return args[0], None
    if scripts.data == "scripts_upper":
        return None, args[0]
    return None, None


def translate_rows(text: str, scope: Scope, where: Where = Where()) -> list[Row]:
    """Parse and translate one display: its rows of sides and relations."""
    tree = parse(text, where)
    try:
        return Translator(text, scope, where).rows(tree)
    except RecursionError:
        # MAX_DEPTH is meant to stop first; this is the backstop should SymPy recurse
        # deeper than the translator does on some construct.
        raise where.error("the formula is nested too deeply to translate", 1, 1,
                          text[:60]) from None


def translate_expr(text: str, scope: Scope, where: Where = Where()) -> sp.Expr:
    """Parse and translate a formula that is one expression (no relation)."""
    rows = translate_rows(text, scope, where)
    if len(rows) != 1 or len(rows[0].sides) != 1:
        raise where.error("expected one expression, without a relation")
    return rows[0].sides[0].expr


__all__ = ["Translator", "translate_rows", "translate_expr", "Row", "Side", "ListValue", "Segment"]

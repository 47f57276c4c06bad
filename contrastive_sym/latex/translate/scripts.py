r"""What a script writes: the indices of a subscript (``_{i,j}``, ``_{ij}`` as TeX sets the
entry (i, j), ``_{i1}``), and the scripts that are never values (a sign alone, a word)."""
from __future__ import annotations

import re
from dataclasses import replace

import lark
import sympy as sp

from ...model.binders import put
from ...model.nodes import RealMax
from ..continuations import font_switches_as_commands
from ..notations import PendingNotation, notation_key, shown
from ..scope import Macro
from .trees import is_group, unwrap
from .values import ListValue

Tree = lark.Tree


class ScriptsMixin:
    def t_script_group(self, node):
        return self._items(node.children[0], single=True)

    def t_script_sign(self, node):
        written = " ".join(self.source(node).split())
        raise self.fail(node, f"a mark alone as a script ('{written}') is read as part of a name (s^+, x^-_i, "
                              "x'), or after a bracket as the positive part ([x]_+, (x)^+, \\max(0, x)); "
                              "here it follows neither: write the name it marks, or the positive part with "
                              "[…]_+")

    t_star_script = t_script_sign

    def t_script_word(self, node):
        raise self.fail(node, f"the script {self.source(node)} is a word: it is read as part of a name "
                              "(\\mathcal{L}_{info+}), not as a value")
    t_prime_script = t_script_sign

    def bracket_notation(self, op, meaning):
        r"""A bracket with a sign as its script, ``[x]_+``, ``(x)^+``, ``\{x\}_+``: the notation
        the document defines for it (latex/notations.py), else for ``[…]`` and ``(…)`` with a
        plus the positive part max(x, 0); None for any other script."""
        key = notation_key(op)
        if key is None:
            return None
        defined = self.scope.names.get(key)
        if isinstance(defined, PendingNotation):
            # used before the display that defines it: read once that display is
            raise self.fail(op, f"{shown(key)} is a notation this document defines; its definition is read "
                                "before this use")
        if isinstance(defined, Macro) and defined.scalar_params:
            if not isinstance(meaning, sp.Expr):
                raise self.fail(op, f"the document defines {shown(key)} of a number; here it encloses "
                                    "something else")
            return put(defined.body, {defined.scalar_params[0]: meaning})
        if is_group(op.children[0]) and key.endswith("+") and isinstance(meaning, sp.Expr):
            return RealMax(meaning, 0)
        if op.children[0].data == "set":
            raise self.fail(op, f"{shown(key)} (a brace with a mark) is not read: it is a notation of the "
                                "document's own, and no definition of it is given (define it, "
                                f"{shown(key)} = \\max(0, 1 - x), or write the positive part [x]_+)")
        return None

    def name_run(self, arg) -> list | None:
        """The names of a subscript written as two or more single names side by side
        (``{ij}``, ``{i j}``, ``{\\alpha\\beta}``), or None for any other subscript."""
        if not (isinstance(arg, Tree) and arg.data == "script_group"):
            return None
        elements = [c for c in arg.children[0].children if isinstance(c, Tree)]
        if len(elements) != 1:
            return None
        tree, names = unwrap(elements[0]), []
        while isinstance(tree, Tree) and tree.data == "juxt":
            head, tree = tree.children[0], tree.children[1]
            if not _single_name(head):
                return None
            names.append(head)
        if not _single_name(tree) or not names:
            return None
        return names + [tree]

    def digit_run(self, arg, arity: int | None) -> list | None:
        """The indices of a subscript of ``arity`` ≥ 2 single characters side by side, digits
        and indices, at least one of each (``{i1}``, ``{1j}``); None for any other subscript
        (``z_{2N}`` with N a size is the row 2N, ``s_{12}`` the row 12, as before)."""
        if not arity or arity < 2 or not (isinstance(arg, Tree) and arg.data == "script_group"):
            return None
        text = "".join(self.source(arg).split())[1:-1]
        units = re.findall(r"[0-9]|[A-Za-z]'*", text)       # s_{1v'}: the entry (1, v')
        if len(units) != arity or "".join(units) != text or not any(c.isdigit() for c in text) \
                or not text.isascii():
            return None
        indices = []
        for char in units:
            if char.isdigit():
                indices.append(sp.Integer(int(char)))
                continue
            meaning = self.scope.lookup(char)
            if not isinstance(meaning, sp.Symbol) or not meaning.is_integer or char in self.scope.size_names:
                return None
            indices.append(meaning)
        return indices if any(not i.is_Integer for i in indices) else None

    def _index_list(self, arg) -> list:
        if isinstance(arg, Tree) and arg.data == "script_group":
            value = self._items(arg.children[0])
            if isinstance(value, ListValue):
                if any(s.var is not None for s in value.segments):
                    raise self.fail(arg, "an ellipsis inside a subscript")
                return [s.pattern for s in value.segments]
            return [self.expr(arg.children[0], value)]      # a family or a set is no index
        return [self.expr(arg)]


    def index_in_name(self, meaning, op):
        """``\\sigma_j`` of a definition ``\\sigma_j(\\mathbf{z}) = …`` whose j is a declared index: the
        body at the j of the use's scope (a sum's own j in ``\\sum_j \\sigma_j(\\mathbf{z})``), not at
        the declared index the name was written with."""
        self.refuse_rebound_script(self.scope.key_of(meaning) or "", meaning, op)   # \sum_i a_i, a_i declared whole
        if getattr(op, "label_of_a_component", False):     # z'_{\xi,i}: its label, then its component (below)
            return self.value_of(meaning)
        if isinstance(meaning, Macro) and meaning.defined_in is not None and op.data == "superscript":
            # P_s^{(i)}(x) of P_s(x)^{(i)} = … under \sum_i: the body at the sum's i (read before its call)
            mapping = self.indices_written(meaning, self.source(op.children[1]))
            return replace(meaning, body=put(meaning.body, mapping)) if mapping else meaning
        if not isinstance(meaning, Macro) or meaning.defined_in is None or op.data != "subscript":
            return meaning
        letter = "".join(self.source(op.children[1]).split()).strip("{}")
        declared, current = meaning.defined_in.lookup(letter), self.scope.lookup(letter)
        if not (isinstance(declared, sp.Symbol) and declared.is_integer) or not isinstance(current, sp.Expr) \
                or current == declared:
            return meaning
        return replace(meaning, body=put(meaning.body, {declared: current}))

    def component_above(self, vector, arg, op):
        r"""``g(x)^{(k)}``: the component k of a vector the formula computes (DINO's ``P_s(x)^{(i)}`` of
        the logits ``g_{\theta_s}(x)^{(i)}``): a vector has no power, and an index in parentheses above a
        value is how papers number its components; said in the reading.  None for any other superscript."""
        if not is_component_number(arg):
            return None
        items = [c for c in _parenthesized(arg).children[0].children if isinstance(c, lark.Tree)]
        note = (f"{' '.join(self.source(op).split())}: the component {' '.join(self.source(items[0]).split())} of "
                "the vector (a vector has no power)")
        component = self.computed_entry(vector, unwrap(items[0]), op)       # matrices.py
        self.readings.extend([note] if note not in self.readings else [])
        return component

    def index_before_the_call(self, base_key: str | None, ops: list) -> list:
        """``\\sigma(\\mathbf{z})_j`` of a definition ``\\sigma_j(\\mathbf{z}) = …`` (or ``\\sigma(\\mathbf{z})_j
        = …``): the component j of the function's value, its index written after the call; read
        as ``\\sigma_j(\\mathbf{z})`` when that is a definition, else left as written."""
        ops = self._component_number_before_the_call(base_key, self._label_then_index(base_key, ops))
        if base_key is None or len(ops) < 2 or ops[0].data != "call" or ops[1].data != "subscript":
            return ops
        if not isinstance(self.scope.lookup(base_key + self.script_suffix(ops[1])), Macro) and not any(
                isinstance(m, Macro) and m.vector_args and k.startswith(base_key + "_") for k, m in self.scope.names.items()):
            return ops      # (\sigma(\mathbf{z})_i beside \sigma(\mathbf{z})_j = …: its component at i, parameter_families.py)
        return [ops[1], ops[0], *ops[2:]]

    def _component_number_before_the_call(self, base_key: str | None, ops: list) -> list:
        r"""``P_s(x)^{(i)}`` of a definition ``P_s(x)^{(i)} = …`` (DINO's softmax, its component numbered in
        parentheses above the call): read as ``P_s^{(i)}(x)``, the name the head defines (head_names.py),
        when that is a name here (at i, or at another index or number: superscript_indices.py)."""
        calls = [k for k, op in enumerate(ops) if op.data == "call"]
        if base_key is None or not calls or calls[0] + 1 >= len(ops):
            return ops
        at, after = calls[0], ops[calls[0] + 1]
        if after.data != "superscript" or not is_component_number(after.children[1]):
            return ops
        key = base_key + "".join(self.script_suffix(op) for op in ops[:at] + [after])
        if not isinstance(self.scope.lookup(key), Macro):
            return ops
        return [*ops[:at], after, ops[at], *ops[at + 2:]]

    def _label_then_index(self, base_key: str | None, ops: list) -> list:
        r"""``z'_{\xi,i}`` with ``z'_\xi`` a declared point whose value is a vector (BYOL's target projection)
        and no name ``z'_{\xi,i}``: the component i of z'_ξ, its label and its index in one subscript, as
        ``z_{-, i}`` writes a sign and an index; said.  Anything else is left as written."""
        primes = next((k for k, op in enumerate(ops) if op.data != "prime"), len(ops))
        op = ops[primes] if base_key is not None and primes < len(ops) and ops[primes].data == "subscript" else None
        group = op.children[1] if op is not None else None
        items = group.children[0] if isinstance(group, Tree) and group.data == "script_group" else None
        if not (isinstance(items, Tree) and items.data == "items" and len(items.children) >= 3
                and all(str(c).strip() == "," for c in items.children[1::2])):
            return ops
        first, rest = items.children[0], items.children[2:]
        key = base_key + "".join(self.script_suffix(prime) for prime in ops[:primes])
        label = Tree("subscript", [op.children[0], Tree("script_group", [Tree("items", [first], first.meta)],
                                                        first.meta)], op.meta)
        meaning = self.scope.lookup(key + self.script_suffix(label))
        if self.scope.lookup(key + self.script_suffix(op)) is not None or not isinstance(meaning, sp.Symbol) \
                or self.vector_of(self.value_of(meaning)) is None:
            return ops
        label.label_of_a_component = True       # the name's value is the vector the index picks from
        index = Tree("subscript", [label, Tree("script_group", [Tree("items", rest, rest[0].meta)], rest[0].meta)],
                     op.meta)
        note = (f"'{key}{''.join(self.script_suffix(op).split())}' is the component "
                f"{' '.join(self.source(rest[0]).split())} of {key + self.script_suffix(label)} (the label of the "
                "name, then the index, in one subscript)")
        self.readings.extend([note] if note not in self.readings else [])
        return [*ops[:primes], label, index, *ops[primes + 1:]]

    def script_suffix(self, op) -> str:
        """The key suffix of a script: ``_0``, ``^K``, ``_{\\text{InfoNCE}}``, ``'``."""
        if op.data == "prime":
            return "'"
        return self.script_key("_" if op.data == "subscript" else "^", op.children[1])

    def script_key(self, mark: str, arg) -> str:
        """``mark`` and the script ``arg`` without white space; one character loses its braces."""
        # {\rm con} is \rm{con} before its spaces go (\rmcon would be a command of its own)
        # \mathbf x is \mathbf{x} before the spaces go (\mathbfx would be a command of its own)
        text = _FONT_ON_A_LETTER.sub(r"\\\1{\2}", font_switches_as_commands(self.source(arg)))
        text = "".join(text.split())
        text = re.sub(r"\\(mathrm|textrm|rm|operatorname)\{", r"\\text{", text)   # \mathrm{NT-Xent} is \text{NT-Xent}
        if isinstance(arg, Tree) and arg.data == "script_group":
            inner = text[1:-1] if text.startswith("{") and text.endswith("}") else text
            # ^{K} is ^K and ^{\oplus} is ^\oplus: one character or one command
            text = inner if len(inner) == 1 or re.fullmatch(r"\\[a-zA-Z]+", inner) else "{" + inner + "}"
        elif text in ("{+}", "{-}"):
            text = text[1]          # ^{-} is ^- (a sign in braces is the mark, as without them)
        return mark + text


#: a font or an accent on one letter without braces, \mathbf x
_FONT_ON_A_LETTER = re.compile(r"\\(mathbf|boldsymbol|bm|mathcal|mathbb|mathsf|mathit|mathscr|mathfrak|vec|hat|tilde"
                               r"|bar)\s+([A-Za-z])(?![A-Za-z])")


def _single_name(tree) -> bool:
    """A letter or a command, primed or not (q_{ij'}: the indices i and j')."""
    if isinstance(tree, Tree) and tree.data == "prime":
        tree = tree.children[0]
    return isinstance(tree, Tree) and tree.data in ("letter", "command")


def _parenthesized(arg):
    """The parentheses a script is (``^{(k)}``), or None."""
    tree = arg
    if isinstance(tree, lark.Tree) and tree.data == "script_group" and len(tree.children[0].children) == 1:
        tree = tree.children[0].children[0]     # ^{(k)}: its one item
    tree = unwrap(tree)
    return tree if isinstance(tree, lark.Tree) and tree.data == "paren" else None


def is_component_number(arg) -> bool:
    """Whether a script is one item in parentheses, ``^{(k)}``, ``^{(2)}``: how papers number the
    components of a vector value above it."""
    tree = _parenthesized(arg)
    return tree is not None and len([c for c in tree.children[0].children if isinstance(c, lark.Tree)]) == 1

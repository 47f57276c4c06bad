r"""The index of a sum written as membership and conditions: ``\sum_{j \in [B]}``,
``\sum_{k \in [\![1, N]\!]}``, ``\sum_{k \in I, k \neq i}``, ``\sum_{s_i \in S}``,
``\sum_{k=1, k \neq i}^{2N}``, for index sets ``[n]`` and sets declared by ``[[set]]``."""
from __future__ import annotations

import lark
import sympy as sp

from ..scope import SET_KEY, IndexSet, form_key
from ..spelling import canonical_key
from .trees import balanced, bare_letter, is_ellipsis, unwrap
from .values import ListValue, Segment, relation_name
from .entry_sums import EntrySumsMixin
from .pair_sums import PairSumsMixin

Tree = lark.Tree


def _letters(node) -> str | None:
    """The letters of a run of bare letters side by side (``Vocab``), or None."""
    if bare_letter(node):
        return str(node.children[0])
    if isinstance(node, Tree) and node.data in ("braces", "chain_in_group", "item") and len(node.children) == 1:
        return _letters(node.children[0])       # {Vocab}, |Vocab|
    if isinstance(node, Tree) and node.data == "juxt" and len(node.children) == 2:
        first, rest = _letters(node.children[0]), _letters(node.children[1])
        return first + rest if first and rest else None
    return None


class SetsMixin(PairSumsMixin, EntrySumsMixin):
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads the
    membership and the conditions under a sum."""

    def _conditions_range(self, items: list, upper, op):
        """(name, lo, hi, skip) of a sum's index written as conditions separated by
        commas, each ``k \\in S``, ``k = lo`` (with ``, \\dots, hi``) or ``k \\neq i`` (or
        ``i \\neq k``); None when an item is none of these (the caller then says what it
        reads).  One name, one range and one skipped value at most: anything more is
        refused rather than guessed."""
        items = [unwrap(item) for item in items]
        name = self._condition_name(items)
        if name is None:
            return None
        lo = hi = skip = None
        position = 0
        while position < len(items):
            item = items[position]
            position += 1
            if is_ellipsis(item):
                # k = 1, \dots, B: the last member follows the ellipsis
                if lo is None or hi is not None or position >= len(items) or position < 2 \
                        or not _is_equation(items[position - 2]):
                    raise self.fail(item, "an ellipsis under a sum is read only as k = 1, \\dots, N")
                hi = self.expr(items[position])
                position += 1
                continue
            left, rel, right = item.children
            relation = relation_name(str(rel.children[0]))
            if relation == "in":
                bound, ends = self._member(left, right)
                if bound != name:
                    raise self.fail(item, f"the conditions of this sum name two indices ({name}, {bound})")
                if lo is not None:
                    raise self.fail(item, "this sum's index is given two ranges")
                lo, hi = ends
                continue
            this, other = self._bound_name(left), right
            if this != name and self._bound_name(right) == name:
                this, other = name, left          # i \neq k: the same as k \neq i
            if this != name:
                raise self.fail(item, f"the conditions of this sum name two indices ({name}, {this})")
            if relation == "=":
                if lo is not None:
                    raise self.fail(item, "this sum's index is given two ranges")
                lo = self.expr(other)
            elif skip is not None:
                raise self.fail(item, "this sum skips two values; only one k \\neq i is read")
            else:
                skip = self.expr(other)
        if upper is not None:
            if hi is not None:
                raise self.fail(op, "this sum's index is given two ranges")
            hi = self.expr(upper)
            lo = sp.Integer(1) if lo is None else lo
        return name, lo, hi, skip

    def _condition_name(self, items: list) -> str | None:
        """The index the conditions bind: the one a membership or an equation k = lo
        names, else the left name of the first k \\neq i; None when an item is not a
        condition this reader knows."""
        named = []
        for position, item in enumerate(items):
            if is_ellipsis(item) or position and is_ellipsis(items[position - 1]):
                continue     # k = 1, \\dots, N: the ellipsis and the last member
            if not (isinstance(item, Tree) and item.data == "item" and len(item.children) == 3):
                return None
            left, rel, right = item.children
            relation = relation_name(str(rel.children[0]))
            if relation == "in":
                bound, _ = self._member(left, right)
                if bound is None:
                    return None
                named.append(bound)
            elif relation == "=" and self._bound_name(left) is not None:
                named.append(self._bound_name(left))
            elif relation != "!=" or self._bound_name(left) is None and self._bound_name(right) is None:
                return None
        if named:
            return named[0]
        first = items[0]
        if is_ellipsis(first):
            return None
        left, right = self.unbound_first(first.children[0], first.children[2])
        return self._bound_name(left) or self._bound_name(right)

    def unbound_first(self, left, right):
        r"""The two names of a sum's ``a \neq b``, the one the sum binds first: the left one,
        unless it is the index of an enclosing sum or of the definition being read and the
        right one is not (``\sum_i \sum_{i \neq j}`` runs j over the values other than i:
        binding i again would leave the outer i unused and j free)."""
        def owned(tree) -> bool:
            name = self._bound_name(tree)
            return name is not None and self.index_is_bound_here(name)
        if owned(left) and not owned(right) and self._bound_name(right) is not None:
            return right, left
        return left, right

    def _member(self, left, right):
        """``k \\in [B]``, ``k \\in [\\![1, N]\\!]``, ``k \\in I`` or ``s_i \\in S``: the bound name
        and (lo, hi); (None, None) when the set is not one of these."""
        interval = unwrap(right)
        if isinstance(interval, Tree) and interval.data == "interval":
            # k \in \llbracket 1, N \rrbracket: as [\![1, N]\!]
            ends = [c for c in interval.children[1].children if isinstance(c, Tree)]
            name = self._bound_name(left)
            if name is None or len(ends) != 2:
                raise self.fail(right, "\\llbracket a, b \\rrbracket is read as the whole numbers from a to b")
            return name, (self.expr(ends[0]), self.expr(ends[1]))
        written = unwrap(right)
        if isinstance(written, Tree) and written.data == "set" and self._bound_name(left) is not None:
            return self._bound_name(left), self._consecutive(written)      # l \in \{1, 2\}
        bracket = _bracket_items(right)
        if bracket is not None:
            name = self._bound_name(left) or self.entry_bound_index(left, " ".join(self.source(right).split()))
            inner = _bracket_items(bracket[0]) if len(bracket) == 1 else None
            ends = inner if inner is not None else bracket
            if name is None:
                return None, None
            if len(ends) == 1:          # [B] = {1, …, B}
                return name, (sp.Integer(1), self.expr(ends[0]))
            if len(ends) == 2:          # [\![1, N]\!] = {1, …, N}
                return name, (self.expr(ends[0]), self.expr(ends[1]))
            return None, None
        conditioned = self.conditioned_set(right)
        if conditioned is not None:
            # the sums over these are read by LabelsMixin._sum, with their condition;
            # anywhere else the condition would be lost
            raise self.fail(right, f"{conditioned.name} is a set defined by a condition: it is read "
                                   f"under \\sum only (\\sum_{{k \\in {conditioned.name}}} …)")
        key = self.atom_key(right) if isinstance(right, Tree) else None
        if key is not None and self.scope.reading(key) in self.scope.size_names and self._bound_name(left):
            # b \in B with B the batch size: papers write the batch and its size with one
            # letter; a number has no other members than 1 … B to run over
            return self._bound_name(left), (sp.Integer(1), self.expr(right))
        found = self.declared_set(right)
        if found is None:
            return None, None
        name = self._bound_name(left)
        if name is None and found.members is None and not found.components and not found.records:
            name = self.entry_bound_index(left, found.name)        # x_j \in S: j runs over S
        if name is not None and found.members is None and found.condition is not None:
            # a set defined by a condition is read with it, never as its bounds alone
            raise self.fail(right, f"{found.name} is a set defined by a condition: it is read "
                                   f"under \\sum only (\\sum_{{k \\in {found.name}}} …)")
        if name is not None and found.members is None:
            return name, (found.lo, found.hi)
        # s_i \in S: i runs over S, whose members are the entries s_i
        if found.members is not None and isinstance(left, Tree) and left.data == "subscript":
            base = self.value(left.children[0])
            head = self.atom_key(left.children[0])
            # v_j of the samples v_1 … v_n of a point v: the family found by its script
            samples = self.scope.lookup(form_key(head, "subscript")) if head is not None else None
            script = unwrap(left.children[1])
            items = script.children[0].children if isinstance(script, Tree) and script.data == "script_group" else ()
            # x_{j} as x_j: the one letter in braces
            index = self._bound_name(unwrap(items[0]) if len(items) == 1 else script)
            if found.members in (getattr(base, "base", None), getattr(samples, "base", None)) and index is not None:
                return index, (found.lo, found.hi)
        members = self.family_key(found.members) if found.members is not None else None
        raise self.fail(left, f"'{self.source(left).strip()}' is not a member of {found.name} as declared"
                              + (f" (its members are written {members}_i)" if found.members is not None
                                 else " (an index set: write k \\in " + found.name + ")"))

    def declared_set(self, node) -> IndexSet | None:
        r"""The declared [[set]] ``node`` names (``I``, ``\mathcal{V}``, ``N_i``), or None."""
        key = self.atom_key(node) if isinstance(node, Tree) else None
        found = self.scope.lookup(key) if key is not None else None
        if key is None and isinstance(node, Tree) and node.data in ("subscript", "superscript"):
            found = self.scope.lookup(self._written_key(node))
        letters = _letters(node) if key is None else None
        if letters:
            found = self.scope.lookup(letters)      # Vocab: a set named by a run of letters
        if not isinstance(found, IndexSet) and key is not None:
            found = self.scope.lookup(SET_KEY + key)    # I beside a definition I(x;c): load/sets.py
        return found if isinstance(found, IndexSet) else None

    def set_above(self, lower, upper, op):
        r"""``\prod_{l \neq i}^{\mathcal{V}}``: a declared set written above the operator is the
        range of the index written below (a letter, or ``l \neq i``), as ``l \in \mathcal{V}``
        reads it; (name, lo, hi, skip), or None when ``upper`` names no declared set."""
        written = unwrap(upper)
        if isinstance(written, Tree) and written.data == "script_group" and len(written.children[0].children) == 1:
            written = unwrap(written.children[0].children[0])      # ^{\mathcal{V}}
        found = self.declared_set(written) if isinstance(written, Tree) else None
        if found is None or found.condition is not None or found.components or found.records:
            return None
        name, lo, _, skip = self._sum_range(lower, None, op)
        if lo is not None:
            raise self.fail(op, f"this index is given two ranges: {found.name} above, and a first value below")
        self.readings.append(f"{self.source(op).strip()} with {found.name} above: {name} runs over the members "
                             f"of {found.name}")
        return name, found.lo, found.hi, skip

    def _consecutive(self, written) -> tuple:
        r"""(first, last) of a set written out whose members are consecutive whole numbers,
        ``\{1, 2\}``, ``\{1, \ldots, N\}``, ``\{0, 1, \ldots, K\}``; any other is refused."""
        value = self._items(written.children[1])
        segments = value.segments if isinstance(value, ListValue) else [Segment(value)]
        if len(segments) == 1 and segments[0].var is not None and segments[0].skip is None \
                and sp.expand(segments[0].pattern - segments[0].var).is_integer \
                and segments[0].var not in sp.expand(segments[0].pattern - segments[0].var).free_symbols:
            offset = sp.expand(segments[0].pattern - segments[0].var)
            return segments[0].lo + offset, segments[0].hi + offset
        members = [s.pattern for s in segments]
        if all(s.var is None for s in segments) and all(isinstance(m, sp.Integer) for m in members) \
                and sorted(members) == list(range(int(min(members)), int(min(members)) + len(members))):
            return min(members), max(members)
        raise self.fail(written, "a sum over a set written out is read for consecutive whole numbers "
                                 r"(\{1, 2\}, \{1, \ldots, N\}); declare any other as a [[set]]")

    def index_is_bound_here(self, name: str) -> bool:
        """Whether the index ``name`` is bound where the formula is read: by an enclosing
        sum or as the definition's own index (no [[index]] or size declares what it means
        here), or written by the name being defined (``\\mathcal{L}^{(ij)}``)."""
        if name in self.scope.fixed:
            return True
        meaning = self.scope.lookup(name)
        declared = {symbol for symbol, _, _ in self.scope.index_ranges}
        return isinstance(meaning, sp.Symbol) and bool(meaning.is_integer) and meaning not in declared \
            and name not in self.scope.size_names

    def _written_key(self, tree) -> str:
        """The key of a name with its scripts, as written (``\\mathcal{I}_u^+``); a font's
        letter set without braces, as ``\\mathcal{W_{neg}}`` is read (``\\mathcal W_{neg}``),
        keeps its font (dropping the space would make it ``\\mathcalW``)."""
        # the span of \mathcal{W_{neg}}'s name stops before the font's closing brace
        return canonical_key(balanced(self.source(tree)))

    def cardinality(self, value):
        """``|S|`` of a declared set: its number of members (of a set defined by a
        condition, Σ over its range of the condition's indicator); None for anything
        else, and for a set written without the parameters it needs (|P| for P(i))."""
        return value.size if isinstance(value, IndexSet) and not value.params else None

    def refuse_bare_set(self, meaning, node) -> None:
        """A set with parameters written without them (|P| for P(i))."""
        if isinstance(meaning, IndexSet) and meaning.params:
            raise self.fail(node, f"the set {meaning.name} is written with its parameter"
                                  f"{'s' if len(meaning.params) > 1 else ''} ({_written(meaning)})")

    def conditioned_set(self, tree) -> IndexSet | None:
        """The set ``P(k)``, ``N_k``, ``N(y_k)`` or ``Q`` written at ``tree`` when it is a set
        defined by a condition (with the use's parameters put in); None for anything else."""
        tree = unwrap(tree)
        marked = self._marked_set(tree)
        if marked is not None:
            return marked
        head = tree.children[0] if isinstance(tree, Tree) and tree.data in ("call", "subscript") else tree
        key = self.atom_key(head) if isinstance(head, Tree) else None
        found = self.scope.lookup(key) if key is not None else None
        if not isinstance(found, IndexSet) and key is not None and head is not tree:
            found = self.scope.lookup(form_key(key, tree.data))
        if not isinstance(found, IndexSet) and key is not None and head is tree:
            found = self.scope.lookup(SET_KEY + key)    # Q beside a distribution Q: load/subsets.py
        scripted = isinstance(tree, Tree) and tree.data in ("subscript", "superscript")
        whole = self.scope.lookup(self._written_key(tree)) if scripted else None
        if not isinstance(found, IndexSet) and isinstance(whole, IndexSet) and whole.condition is not None:
            found, head = whole, tree           # S_{neg}, P^+: a set named with a script, not S at neg
        if not isinstance(found, IndexSet) or found.condition is None:
            return None
        if head is tree:
            self.refuse_bare_set(found, tree)
            return found
        value = self.value(tree)
        if not isinstance(value, IndexSet):
            raise self.fail(tree, f"'{self.source(tree).strip()}' is not a set")
        return value

    def _marked_set(self, tree) -> IndexSet | None:
        r"""``\mathcal{I}_u^+`` or ``\mathcal{I}^+_u`` with ``\mathcal{I}^+`` a set with a
        parameter written as a subscript: that set at the use's parameter; None otherwise."""
        inner = tree.children[0] if isinstance(tree, Tree) and tree.data in ("subscript", "superscript") else None
        if not (isinstance(inner, Tree) and {tree.data, inner.data} == {"subscript", "superscript"}):
            return None
        upper, lower = (tree, inner) if tree.data == "superscript" else (inner, tree)
        key = self.atom_key(inner.children[0]) if isinstance(inner.children[0], Tree) else None
        found = self.scope.lookup(form_key(key + self.script_suffix(upper), "subscript")) if key else None
        if not isinstance(found, IndexSet) or found.condition is None:
            return None
        return self.apply_set(found, lower.children[1], lower)

    def apply_set(self, found: IndexSet, arg, op) -> IndexSet:
        """``P(k)``, ``N_k`` or ``N(y_k)``: the declared set ``found`` at the use's parameters."""
        shown = "".join(self.source(op).split())
        wanted = "subscript" if op.data == "subscript" else ("call", "label")
        if not found.params or found.form not in wanted:
            how = _written(found) if found.params else f"{found.name}, without arguments"
            raise self.fail(op, f"'{shown}': the set {found.name} is written {how}")
        if found.form == "subscript":
            values = self._index_list(arg)
        elif not (isinstance(arg, Tree) and arg.data == "paren"):
            raise self.fail(op, f"'{shown}': the set {found.name} is written {_written(found)}, in parentheses")
        else:
            items = arg.children[0] if isinstance(arg, Tree) and arg.data in ("paren", "bracket") else arg
            elements = [c for c in items.children if isinstance(c, Tree)]
            values = [self._set_argument(found, element) for element in elements]
        if len(values) != len(found.params):
            raise self.fail(op, f"'{shown}': the set {found.name} takes {len(found.params)} parameter"
                                f"{'s' if len(found.params) > 1 else ''} ({_written(found)})")
        return found.applied(tuple(values), shown)

    def _set_argument(self, found: IndexSet, element):
        """An index (P(k)), or the index of a label (N(y_k): k)."""
        if found.form != "label":
            return self.expr(element)
        label = self._label_side(element)
        if not (isinstance(label, sp.Indexed) and label.base == found.labels):
            raise self.fail(element, f"the set {found.name} is of a class label: write it {_written(found)}")
        return label.indices[0]


def _written(found: IndexSet) -> str:
    """How a use writes the set: P(k), N_k or N(y_k)."""
    if found.form == "subscript":
        return f"{found.name}_k"
    if found.form == "label":
        return f"{found.name}({found.labels}_k)"
    return f"{found.name}(k)"


def _is_equation(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3 \
        and relation_name(str(tree.children[1].children[0])) == "="


def _bracket_items(tree) -> list | None:
    """The elements of ``[a]`` or ``[a, b]`` (a bracket, possibly in an item), else None."""
    tree = unwrap(tree)
    if not (isinstance(tree, Tree) and tree.data == "bracket"):
        return None
    items = tree.children[0]
    return [c for c in items.children if isinstance(c, Tree)]

r"""Names with their scripts, primes and calls: ``x_0``, ``I_{\text{InfoNCE}}^K``,
``z_i`` of a family, ``\mathbb{1}_{[k \neq i]}``, ``f(x)`` for a function or a macro
(``LSE(x_1, ..., x_n)``, ``sim(z_i, z_j)``), ``stop_grad``, ``o(h)`` and expectations."""
from __future__ import annotations

import re

import lark
import sympy as sp

from ...model.nodes import BigO, ExpectXYK, LittleO, StopGrad
from ..beside import entries_beside
from ..elementary import Elementary, OfVector
from ..families import Leading
from ..scope import (AbstractFunction, Builtin, Distribution, ExpectationOp, Family, IndexSet, InformationOf, Macro,
                     Operator, OperatorKind, Partner, form_key)
from ..spelling import font_spelling
from ..font_groups import font_group_note
from .ambiguity import refuse_scalar_at_a_name
from .primes import Primed
from .quotients import exp_kept
from .tilted import TiltedDistribution
from .trees import group_with_its_sign, letter_and_number
from ..suggest import misspelled
from .undeclared import case_twin, key_shown, bold_vector_of, entries_defined, font_twin, undeclared
from .values import ListValue, MatrixValue, VectorValue, componentwise

Tree = lark.Tree

#: What parentheses after a name call rather than multiply.
_CALLABLE = (Builtin, Macro, Operator, Family, AbstractFunction, Distribution, ExpectationOp, IndexSet, Elementary,
             OfVector, Primed, TiltedDistribution, InformationOf)


class NamesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads names."""

    def t_letter(self, node):
        return self._postfix(node)

    t_command = t_text = t_font = t_subscript = t_superscript = t_prime = t_call = t_restricted = t_letter
    t_accent = t_font_accent = t_letter

    def _postfix(self, node, base_key: str | None = None):
        if node.data == "restricted" and self.is_d_call(node.children[0]):     # \frac{d}{dx}(…)\Big|_{x=0}
            return self.restricted(self._postfix(node.children[0]), node.children[1].children[1], node)
        if self.is_d_call(node):
            return self.d_derivative(node.children[0], node.children[1])    # \frac{d}{dx}(…)
        ops = []
        atom = node
        while isinstance(atom, Tree) and atom.data in ("subscript", "superscript", "prime", "call",
                                                      "restricted"):
            ops.append(atom)
            atom = atom.children[0]
        ops.reverse()
        if base_key is None:
            base_key = self.atom_key(atom)
        ops = self._superscript_of_family_first(base_key, ops) or self.worded_superscript_first(base_key, ops) \
            or _subscript_first(ops)
        self.refuse_double_scripts(ops)     # as written: z'_{\xi,i} becomes two subscripts below (scripts.py)
        ops = self.index_before_the_call(base_key, self.power_after_the_call(base_key, ops))  # function_powers, scripts
        key = base_key
        if key is not None and ops and ops[0].data == "subscript" \
                and (bold := bold_vector_of(key, self.scope.lookup, key + self.script_suffix(ops[0]))):
            self.readings.append(f"'{key}' with an index is an entry of {bold} (italic components of a bold family)")
            key = base_key = bold       # z_j beside the declared vector \mathbf{z}: undeclared.py
        meaning = self.scope.lookup(key) if key is not None else None
        if meaning is None and base_key is not None and not any(op.data == "call" for op in ops) \
                and not (ops and ops[0].data != "restricted" and self.scope.lookup(key + self.script_suffix(ops[0]))):
            run = self.font_run(node, atom)
            if run is not None:
                return run
        if key is not None and meaning is None and not ops:
            raise self.fail(atom, self._undeclared(key, atom))
        self.refuse_index_after_its_sum(*self.index_written(key, meaning, ops), atom)     # \sum_i a_i - b_i
        if key is None and isinstance(atom, Tree) and ops and ops[0].data == "subscript" \
                and (indexed := self.indexed_group(atom, ops[0])) is not None:
            meaning, ops = indexed, ops[1:]     # \|M\|_F, |x - y|_\infty, \langle a, b \rangle_{\mathbb{R}^n}: norms.py
        elif key is None:
            meaning = self.value(atom)
            if isinstance(atom, Tree) and atom.data == "norm":
                ops = self._euclidean(ops)
            if isinstance(atom, Tree) and atom.data in ("log_call", "log_power_call", "exp_call"):
                self.refuse_power_after_call(Builtin.EXP if atom.data == "exp_call" else Builtin.LOG,
                                              ops[:1], atom if atom.data != "log_power_call" else None)
        return self._apply_ops(meaning, key, ops, node)

    def _superscript_of_family_first(self, key: str | None, ops: list) -> list | None:
        """``\\mathbf{x}^-_i`` and ``\\mathbf{x}_i^-`` (set alike) with ``\\mathbf{x}^-`` a declared family: the
        superscript is part of the name, the subscript indexes it; None when the first two scripts are not so."""
        primes = next((k for k in range(len(ops) - 1, 0, -1) if all(o.data == "prime" for o in ops[1:k + 1])), 0) \
            if key is not None and ops and ops[0].data == "subscript" else 0
        if primes and isinstance(self.scope.lookup(key + "'" * primes), Family):
            # z_1' and z'_1, z_u'' and z''_u (TeX sets them alike): the entry of the family z', z''
            return ops[1:primes + 1] + [ops[0]] + ops[primes + 1:]
        if key is None or len(ops) < 2 or {ops[0].data, ops[1].data} != {"superscript", "subscript"}:
            return None
        superscript, subscript = (ops[0], ops[1]) if ops[0].data == "superscript" else (ops[1], ops[0])
        whole = self.scope.lookup(key)
        if isinstance(whole, Family) and whole.leading_superscript:
            # z^{(k)}_i and z_i^{(k)}: the superscript writes the first index
            return [superscript, subscript] + ops[2:]
        named = self.scope.lookup(key + self.script_suffix(subscript))
        if isinstance(named, Family) and named.superscript:
            # s^i_k with s_k a family indexed by a superscript: the subscript names it
            return [subscript, superscript] + ops[2:]
        marked = key + self.script_suffix(superscript)
        # x^-_i: an entry of the family x^- (or of the samples x^-_1 … x^-_n of a point x^-)
        entrywise = [self.scope.lookup(marked), self.scope.lookup(form_key(marked, "subscript"))]
        if isinstance(entrywise[0], Family) or isinstance(entrywise[1], (IndexSet, Family)) \
                or any(isinstance(m, Macro) and m.index_params and not m.called for m in entrywise):
            # \mathcal{L}_i^{\text{self}} = …, defined entry by entry: the entry i of \mathcal{L}^{\text{self}}
            return [superscript, subscript] + ops[2:]
        return None

    def _apply_ops(self, meaning, key: str | None, ops: list, node):
        """``meaning`` (of the name ``key``, or of an atom if None) with its scripts, primes and parentheses ``ops``."""
        pending_error = None
        for position, op in enumerate(ops):
            found = self.at_written_labels(key, meaning, op) if op.data == "call" and key is not None else None
            if found is not None:
                # p(y = 0) declared whole, P(D=1 | v, c) defined at its event, a posterior: label_events.py
                key, meaning, pending_error = *found, None
                if key is None:
                    continue
            if (meaning is None or meaning is Builtin.IDENTITY or (key is None and meaning == 1)) and not pending_error \
                    and self.indicator_letter(key, op):
                meaning = Builtin.INDICATOR         # I(y_i = y_j), undeclared: the indicator
            if op.data in ("subscript", "superscript", "prime") and key is not None:
                longer = key + self.script_suffix(op)
                found = self.scope.lookup(longer)
                if found is not None:
                    key, meaning, pending_error = longer, self.index_in_name(found, op), None   # scripts.py
                    continue
                worded = self.worded_entry(key, op) or self.family_member(key, op)
                if worded is not None:
                    # \hat{\rho}_{\text{neg}, j}: entry j of the family \hat{\rho}_{\text{neg}}; F_{\log \alpha_0} of
                    # F_{\log \alpha}(g) = …: the definition at α = α_0 (parameter_families.py)
                    key, meaning, pending_error = None, worded, None
                    continue
                if meaning is None or self.scope.starts_a_name(longer):
                    # I_{\text{InfoNCE}} on the way to I_{\text{InfoNCE}}^K, even
                    # when I alone is a name too
                    key, meaning = longer, None
                    pending_error = pending_error or op
                    continue
            if meaning is None and op.data == "call" and key is not None:
                # p(i) declared as a whole (the positive of row i: [[index]] name = 'p(i)')
                whole = key + "".join(self.source(op.children[1]).split())
                found = self.declared_whole(key, whole, op)     # whole_names.py
                if found is not None:
                    key, meaning, pending_error = None, self._settle(found, node), None
                    continue
            if meaning is None:
                raise self.fail(pending_error or op, self._undeclared(key, node))
            if op.data in ("subscript", "call", "superscript") and key is not None and isinstance(meaning, sp.Symbol):
                # N_i, N(y_i) beside a size N: the set declared in that form; x^{(i)} beside a point x: a sample
                meaning = self.scope.lookup(form_key(key, op.data)) or self.bracketed_samples(meaning, key, op) or meaning
            elif key is not None and isinstance(meaning, Macro):
                # z_i beside a definition of z alone: the batch's entry (latex/beside.py); P(i), a set
                # declared in that form beside P_{ip} defined (SupCon's appendix), is the set
                set_form = self.scope.lookup(form_key(key, op.data)) if op.data == "call" else None
                self.refuse_number_beside_function(meaning, key, op)        # p(1 - p): macro_uses.py
                meaning = set_form if isinstance(set_form, IndexSet) else \
                    entries_beside(self.scope, key, meaning, op.data) or meaning
            if op.data == "call" and (not isinstance(meaning, _CALLABLE) or self.number_before_parentheses(meaning, op)):
                # A value followed by parentheses multiplies them, and the scripts and
                # parentheses after the closing one belong to that group, as TeX sets
                # them: a (b)^2 is a·b², \frac{1}{2}(x)^{-1/2} is ½·x^{-1/2}.
                refuse_scalar_at_a_name(self, meaning, key, op.children[1], op, ops[position + 1:])     # Z(\theta)?
                group, after = group_with_its_sign(op.children[1], ops[position + 1:])      # \gamma[x]_+
                right = self._apply_ops(self.term(group), None, after, node)
                return self._times(self.value_of(self._settle(meaning, node)), right, op)    # X(1 - X) of a random X
            if op.data == "call":
                self.refuse_power_after_call(meaning, ops[position + 1:position + 2])
            meaning = self.call_or_posterior(lambda m=meaning, o=op, k=key: self._apply_postfix(m, o, k), key, meaning, op) \
                if op.data == "call" else self._apply_postfix(meaning, op, key)
            key = None
        if meaning is None:
            raise self.fail(pending_error or node, self._undeclared(key, node))
        return self._settle(meaning, node)

    def _undeclared(self, key: str, node) -> str:
        """Why the name ``key`` (written at ``node``) has no meaning (see :func:`undeclared`)."""
        start = getattr(node.meta, "start_pos", None) if isinstance(node, Tree) else None
        if key in dict(self.scope.cut_off):
            return dict(self.scope.cut_off)[key]
        message = undeclared(self.text, key, start, self.closed_before(start), getattr(self, "open_sums", ()),
                             dict(self.scope.defined_later).get(key), entries_defined(key, self.scope))
        def declared(name):         # a declared name, never a builtin (\mathbf{I}, the identity)
            return None if isinstance(meaning := self.scope.lookup(name), Builtin) else meaning
        if (cased := case_twin(self.text, key, start, declared)) is not None:
            return f"'{cased[0]}' is not declared{cased[1]}"        # p_{g} beside p_{G}
        twin = font_twin(key, declared)
        # a name declared in another font is the likelier slip than a variable left undeclared
        message = f"'{key}' is not declared{twin}" if twin and message.startswith(f"'{key}' is not declared (") \
            else message + (twin or misspelled(key, self.scope)) * message.endswith("' is not declared")
        return message.replace(f"'{key}'", f"'{key_shown(key)}'", 1) + font_group_note(node)    # f_{\log Z}; \mathcal{L(X)}

    def _settle(self, meaning, node):
        """The value a name stands for once its scripts are read."""
        self.refuse_bare_set(meaning, node)      # P for P(i): sets.py
        if (declared := self.declared_beside(meaning)) is not None:
            return declared     # f alone beside f(x_{1:K}, y) = …, read at drawn points: labelled_uses.py
        if isinstance(meaning, Macro) and not meaning.index_params and meaning.list_param is None \
                and not meaning.vector_params and not meaning.scalar_params and not meaning.vector_args:
            # I_{\text{FlatNCE}} alone: as first defined; L^{(ij)} under \sum_{i,j}: the L of the sum's i and j
            return self.macro_value(meaning, self.indices_written(meaning, meaning.key))
        if isinstance(meaning, Macro) and meaning.entries is not None and len(meaning.index_params) == 1:
            return self.vector_of_entries(meaning)    # \bar{z} of a [[family]] given by equals (matrices.py)
        if isinstance(meaning, Macro) and meaning.vector_args and not meaning.index_params and not any(
                isinstance(base.label, sp.Dummy) for base, _ in meaning.vector_args):
            # \ell(s) = … with s a declared vector, then \partial \ell / \partial s_j: \ell at s, as defined
            self.readings.append(f"{meaning.key} written alone is {meaning.key}("
                                 f"{', '.join(self.family_key(base) for base, _ in meaning.vector_args)}), "
                                 "at the declared vectors its definition names")
            return meaning.body
        if isinstance(meaning, Builtin) and meaning in (Builtin.EULER, Builtin.PI):
            return sp.E if meaning is Builtin.EULER else sp.pi
        if isinstance(meaning, Primed):          # \tanh' t: the prime's function takes parentheses
            raise self.fail(node, f"'{self.source(node).strip()}' (a derivative) is applied to parentheses: \\tanh'(x)")
        if isinstance(meaning, Partner):
            return self._partner(meaning, node)
        if isinstance(meaning, Leading):
            head = self.family_key(meaning.family.base)
            raise self.fail(node, f"'{self.source(node).strip()}' writes the first index of {head} and no "
                                  f"subscript: an entry is written {head}^{{(k)}}_i")
        return meaning

    def _euclidean(self, ops: list) -> list:
        r"""``\|x\|_2`` is the Euclidean norm ``\|x\|`` (another index is read by norms.py)."""
        return ops[1:] if ops and ops[0].data == "subscript" else ops

    def _partner(self, partner: Partner, node) -> sp.Expr:
        """``j``, the other view of ``i``: row i + N of the first N rows, i − N of the others."""
        anchor = self.scope.lookup(partner.of)
        if not isinstance(anchor, sp.Expr):
            raise self.fail(node, f"'{self.source(node).strip()}' is the other view of '{partner.of}', "
                                  "which is not an index here")
        return partner.row(anchor)

    def atom_key(self, atom) -> str | None:
        if isinstance(atom, Tree) and atom.data in ("letter", "command"):
            return str(atom.children[0])
        if isinstance(atom, Tree) and atom.data == "text":
            key = text_key(str(atom.children[0]))
            # \text{sg} keys as "sg" (\text{LSE} is LSE); \text{sg}, \text{stopgrad} keep their markup unless declared
            marked = r"\text{" + key + "}"
            if key.isalpha() and self.scope.lookup(key) is None and self.scope.lookup(marked) is not None:
                return marked
            return key
        if isinstance(atom, Tree) and atom.data == "font":
            font, letters = font_spelling(str(atom.children[0])), str(atom.children[1])   # {\bf z}: \mathbf{z}
            return f"{font}{{{letters}}}"
        if isinstance(atom, Tree) and atom.data in ("accent", "font_accent"):    # \hat{y}, \boldsymbol{\hat y}
            *font, accent, accented = atom.children
            inner = "".join(self.source(accented).split())
            inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
            return f"{font_spelling(str(font[0]))}{{{accent}{{{inner}}}}}" if font else f"{accent}{{{inner}}}"
        return None

    def _apply_postfix(self, meaning, op, key):
        if op.data == "subscript":
            return self._subscript(meaning, op)
        if op.data == "superscript":
            return self._superscript(meaning, op)
        if op.data == "call":
            return self._call(meaning, op.children[1], op)
        if op.data == "restricted":      # f(x)|_{x=0}, s_{ij}|_{i \neq j}: evaluation_bars.py
            return self.restricted(meaning, op.children[1].children[1], op)
        if op.data == "prime":      # \sigma'(a), or why not: primes.py
            return self.primed(meaning) or self.refuse_prime(meaning, op)
        raise self.fail(op, f"'{key}' has no meaning" if key else "this has no meaning")

    def _subscript(self, meaning, op):
        arg = op.children[1]
        if isinstance(meaning, (VectorValue, MatrixValue)):   # \text{softmax}(z)_i, (Z Z^\top)_{ij}: computed
            return self.computed_entry(meaning, arg, op)
        lead = ()
        if isinstance(meaning, Leading):
            # z^{(k)}_i: the superscript wrote the first index, the subscript writes the others
            lead, meaning = meaning.indices, meaning.family
        elif isinstance(meaning, Family) and meaning.leading_superscript:
            head = self.family_key(meaning.base)
            raise self.fail(op, f"{head} writes its first index as a superscript and the others as the "
                                f"subscript ({head}^{{(k)}}_i, index_written = \"superscript and subscript\"): "
                                f"'{self.source(op).strip()}' has no superscript")
        if (extreme := self.extreme_entry(meaning, lead, op)) is not None:     # x_{\max}: extreme_entries.py
            return extreme
        if isinstance(meaning, Family) and not lead:
            meaning = self._family_of_rank(meaning, arg)
        self.refuse_label(meaning, op)     # y_k is read only where labels are compared (labels.py)
        if isinstance(meaning, IndexSet):
            return self.apply_set(meaning, arg, op)
        if meaning is Builtin.INDICATOR:
            return self._indicator(arg)
        if meaning is Builtin.EXPECTATION:
            return self._expectation_subscript(arg, op)
        if meaning is Builtin.KRONECKER:
            pair = self.name_run(arg) or letter_and_number(arg)      # \delta_{ij}; \delta_{k1}, \delta_{1k}
            indices = [self.expr(t) for t in pair] if pair else self._index_list(arg)
            if len(indices) != 2 or not all(isinstance(x, sp.Expr) and x.is_integer for x in indices):
                raise self.fail(op, "\\delta_{ij} (the Kronecker delta) takes two indices")
            return sp.KroneckerDelta(*indices)
        if (notation := self.bracket_notation(op, meaning)) is not None:
            # [x]_+ and (x)_+: the positive part max(x, 0) (hinge losses), or the document's own notation
            return notation
        arity = len(meaning.shape) - len(lead) if isinstance(meaning, Family) else \
            len(meaning.index_params) if isinstance(meaning, Macro) else None
        digits = self.digit_run(arg, arity)
        if digits is not None:
            # s_{i1}, s_{12} of a matrix s: the entry (i, 1), (1, 2), as TeX writes it
            return self.family_entry(meaning, [*lead, *digits], op) if isinstance(meaning, Family) \
                else self.macro_value(meaning, dict(zip(meaning.index_params, digits)))
        if (sliced := re.match(r"\{?\s*(<|>|\\(le|leq|lt|ge|geq|gt|ne|neq)(?![a-zA-Z]))", self.source(arg))):
            which = "but one" if "ne" in sliced[1] else "up to an index"     # x_{\ne j}; z_{\le t} (CPC's context)
            raise self.fail(op, f"'{' '.join(self.source(op).split())}', the entries {which} at once (a slice), is "
                                "not read: write the entries, z_1, \\dots, z_t, or sum over them")
        run = self.name_run(arg)
        if run is not None and len(run) > 1 and not arity:
            self.refuse_word_run(op)        # I_{BA} beside I(X; Y): a name of its own
        if run is not None:
            # P_{ij}: TeX writes the entry (i, j) so; i·j would be written P_{i \cdot j}
            if arity != len(run):
                shown = self.source(arg).strip()
                raise self.fail(op, f"ambiguous subscript '{shown}': {len(run)} indices side by side, and "
                                    f"'{self.source(op.children[0]).strip()}' takes "
                                    f"{arity if arity is not None else 'no'} index"
                                    f"{'es' if arity != 1 else ''}; write {{i,j}} for two indices or "
                                    "{i \\cdot j} for a product")
            indices = [self.expr(tree) for tree in run]
        else:
            self.refuse_word_index(meaning, op)
            indices = self._index_list(arg)
        if isinstance(meaning, Family):
            return self.family_entry(meaning, [*lead, *indices], op)
        if isinstance(meaning, Macro) and meaning.index_params:
            if len(indices) != len(meaning.index_params):
                digits = "".join(self.source(arg).split()).strip("{}")
                hint = f" (a run of digits, {digits}, is one index: write {{{','.join(digits)}}})" \
                    if digits.isdigit() and len(digits) == len(meaning.index_params) else ""
                raise self.fail(op, f"{meaning.key} takes {len(meaning.index_params)} indices{hint}")
            return self.macro_value(meaning, dict(zip(meaning.index_params, indices)))
        hint = " (\\pi is the number π unless the notation declares it: a policy or a permutation π is a " \
            "declared [[function]] or [[family]])" if meaning is Builtin.PI else ""
        raise self.fail(op, f"'{self.source(op.children[0]).strip()}' takes no subscript{hint}")

    def _family_of_rank(self, family: Family, arg) -> Family:
        """The family of ``family``'s name that takes as many indices as the subscript writes
        (s^-_{i,j} beside s^-_j), a row y_i beside a vector y of its rows' space (y is bound to the
        vector: load/declarations.py); ``family`` itself when none other is declared."""
        if not family.others:
            return family
        count = len(self.name_run(arg) or self._index_list(arg))
        if count == 1 and family.rows is not None:
            return family.rows
        return next((other for other in family.others if len(other.shape) == count), family)

    def _call(self, meaning, args_node, node):
        if meaning is Builtin.IDENTITY:         # I(X; Y) with I declared nowhere: not the identity matrix
            raise self.fail(node, self._undeclared(self.source(node.children[0]).strip(), node.children[0]))
        if meaning in (Builtin.KL, Builtin.JS) or isinstance(args_node, Tree) and args_node.data == "divergence_args":
            return self.divergence(meaning, args_node, node)
        if isinstance(meaning, Family) and isinstance(args_node, Tree) and args_node.data == "bracket":
            return self.bracket_entry(meaning, args_node, node)
        items = args_node.children[0] if isinstance(args_node, Tree) and args_node.data in ("paren", "bracket") else args_node
        if isinstance(meaning, InformationOf):      # I(X; Z) of I declared of p alone (divergences.py)
            return self.information_of(meaning, items, node)
        if meaning is Builtin.INDICATOR:          # \mathbb{1}[k \neq i]: a condition, not a value
            return self._indicator(args_node)
        if isinstance(meaning, Primed):
            return self.primed_call(meaning, items, node)
        if isinstance(meaning, Elementary):       # \cos(\theta)
            return self.elementary(meaning, items, node)
        if isinstance(meaning, OfVector):          # \text{softmax}(z), \text{LSE}(z)
            return self.of_vector(meaning, items, node)
        if isinstance(meaning, Builtin):
            value = self._items(items)
            if meaning is Builtin.LOG:
                return sp.log(self._number(self._one(value, node), node))
            if meaning is Builtin.EXP:
                return exp_kept(self._number(self._one(value, node), node))
            if meaning in (Builtin.MAX, Builtin.MIN):
                return self._max(value, node, minimum=meaning is Builtin.MIN)
            if meaning is Builtin.STOP_GRAD and self.vector_of(value) is not None:
                return componentwise(self.vector_of(value), StopGrad)     # sg(z_2) of a vector: each component
            if meaning is Builtin.STOP_GRAD:
                return StopGrad(self._number(self._one(value, node), node))
            if meaning in (Builtin.EXPECTATION, Builtin.VARIANCE):      # E[X], E[X | Y], Var(X | Y)
                return self.bracket_expectation(meaning is Builtin.VARIANCE, items, value, node)
            if meaning in (Builtin.TRACE, Builtin.DIAGONAL):     # matrices.py
                return (self.trace if meaning is Builtin.TRACE else self.diagonal)(self._one(value, node), node)
            if meaning in (Builtin.LITTLE_O, Builtin.BIG_O):
                if self.scope.little_o is None:
                    raise self.fail(node, f"{meaning.value}(·) is an order at a limit, which little_o declares "
                                          "(τ → ∞); a cost or a running time (O(N^2)) is no statement it decides")
                variable, point = self.scope.little_o
                return (LittleO if meaning is Builtin.LITTLE_O else BigO)(self._one(value, node), variable, point)
            raise self.fail(node, f"{meaning.value} cannot be called")
        if isinstance(meaning, IndexSet):          # P(k): a set defined by a condition
            return self.apply_set(meaning, args_node, node)
        if isinstance(meaning, Macro):
            return self._expand(meaning, items, node)
        if isinstance(meaning, AbstractFunction):
            return self._call_abstract(meaning, items, node)
        if isinstance(meaning, Distribution):
            return self._call_density(meaning, items, node)
        if isinstance(meaning, TiltedDistribution):        # q(y) \propto w(y) p(y): tilted.py
            return self.tilted_density(meaning, items, node)
        if isinstance(meaning, ExpectationOp):
            with self.averaging(meaning):       # T in E_P[T] is T at its draws (drawn_functions.py)
                body = self.at_drawn_points(self.expectation_argument(self._items(items), node), items)
            return self.expectation(meaning, body, node)
        if isinstance(meaning, Operator) and meaning.kind is OperatorKind.EXPECTATION:
            return ExpectXYK(self._one(self._items(items), node), meaning.family, meaning.size)
        if isinstance(meaning, Operator) and meaning.kind in (OperatorKind.LOGISTIC, OperatorKind.SOFTPLUS):
            x = self._one(self._items(items), node)
            return 1 / (1 + sp.exp(-x)) if meaning.kind is OperatorKind.LOGISTIC else sp.log(1 + sp.exp(x))
        if isinstance(meaning, Operator):
            raise self.fail(node, f"'{meaning.kind.value}' is not applied to parentheses")
        if isinstance(meaning, Family) and self.matrix_of(meaning) is not None:
            # \mathbf{L}(\mathbf{x}_1 - \mathbf{x}_2): the matrix times what the parentheses hold
            return self._times(meaning, self._one(self._items(items), node), node)
        raise self.fail(node, f"'{self.family_key(meaning.base)}' is a family: index it with a subscript")

    def _one(self, value, node):
        if isinstance(value, ListValue):
            raise self.fail(node, "this function takes one argument")
        return value

    def _number(self, value, node):
        if not isinstance(value, sp.Expr):
            raise self.fail(node, "a vector, a matrix or a function where a number is expected")
        return value


def text_key(token: str) -> str:
    """``\\text{ stop\\_grad }`` → ``\\text{stop\\_grad}``; \\mathrm and \\operatorname alike."""
    inner = " ".join(token[token.index("{") + 1:-1].split())
    # \text{LSE} and LSE are one name; \text{stop\_grad} keeps its markup
    return inner if inner.isalpha() else r"\text{" + inner + "}"


def _subscript_first(ops: list) -> list:
    """``s^{-}_i`` as ``s_i^{-}``: TeX sets the two scripts of one base alike in either order."""
    ops = list(ops)
    for position in range(len(ops) - 1):
        if ops[position].data == "superscript" and ops[position + 1].data == "subscript":
            ops[position], ops[position + 1] = ops[position + 1], ops[position]
    return ops

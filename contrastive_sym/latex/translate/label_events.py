r"""Probabilities at events of a class label, as NCE and negative sampling write them.

A document that classifies data against noise names a label y (``binary``: 1 for data, 0 for
noise), gives the class-conditional densities ``p(x \mid y)`` (by cases, or ``p(x \mid y=1) = …``
row by row) and the priors ``p(y = 0)``, ``p(y = 1)`` (declared numbers, or defined), and then
writes the posterior ``p(y = 0 \mid x)``.  A call of the head ``p`` is read here, before its
definitions are tried:

- written as a name the notation declares whole (``p(y = 0)``, a prior declared as a number):
  that number, even beside a definition of ``p`` for other arguments;
- at an event the head is defined at (``P(D=1 \mid v, c) = …``): that definition; an event whose value
  is a declared index (``p(y = i \mid x) = …``) defines one probability for each i, read at the i in
  force (a sum's), at another index or at a whole number in i's range (said);
- at a posterior the document does not define, ``p(y = v \mid x)`` with y declared of finitely
  many values: Bayes' rule, ``p(x \mid y=v)\, p(y=v) / \sum_w p(x \mid y=w)\, p(y=w)``, each factor
  read as the document writes it, said in the reading.  One prior the document leaves out beside
  all the others is 1 minus their sum (p(y = 0) beside p(y = 1) = 1/2), said too.  Any other factor
  the notation does not give is an error that names it: the posterior is then not written anywhere.

A posterior the document defines is its definition, as written; that it agrees with Bayes' rule
is then what the document's other displays show or not."""
from __future__ import annotations

import re
from dataclasses import replace

import lark
import sympy as sp

from ...errors import DerivationError
from ...model.binders import put
from ...model.nodes import Folded
from ..scope import Macro
from ..spelling import canonical_key
from .functions import separator_kind
from .labelled_uses import shown
from .trees import unwrap

Tree = lark.Tree


def _places(key: str, head: str) -> list[str] | None:
    """The places of an event key ``p(y=i|•)`` (``['y=i', '•']``), separators dropped; None when
    ``key`` is not one of ``head``."""
    if not (key.startswith(head + "(") and key.endswith(")")):
        return None
    return re.split(r"[|,;]", key[len(head) + 1:-1])


class LabelEventsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a call of a
    name at events of a label (see the module's text)."""

    def at_written_labels(self, key: str, meaning, op):
        """(key, meaning) the call ``op`` of the name ``key`` stands for by the rules above, the
        key None once the call is read; None to read the call as any other."""
        items = op.children[1]
        whole = self.declared_whole(key, key + "".join(self.source(items).split()), op)
        if isinstance(whole, sp.Expr) and meaning is not None:
            # p(y = 0) declared as a number beside p(x \mid y) defined: the number declared
            return None, whole
        if not isinstance(items, Tree) or not items.children or not isinstance(items.children[0], Tree):
            return None
        at_event = self.event_key(key, items.children[0])
        if at_event is None:
            return None
        if at_event in dict(self.scope.cut_off):
            raise self.fail(op, dict(self.scope.cut_off)[at_event])
        elements = [c for c in items.children[0].children if isinstance(c, Tree)]
        events = "".join(self.event_of(e) or "" for e in elements)
        found = self.scope.lookup(at_event)
        if isinstance(found, Macro):
            # P(D=1 | v_i, c) of a definition at the event D=1; an index the event writes (p(y = i | x)) is
            # the i of the use: under \sum_i the sum's i, not the declared i the definition was read with
            mapping = self.indices_written(found, events)
            return at_event, replace(found, body=put(found.body, mapping)) if mapping else found
        other = self._at_event_of_another_index(key, at_event, elements, op)
        defined = sorted(k for k, m in self.scope.names.items() if isinstance(m, Macro) and k.startswith(key + "(")
                         and "=" in k)
        if other is None and meaning is None and whole is None and defined:
            # p(y = 4 | x) beside p(y = i | x) = …: not "'p' is not declared", which it is, at its events
            written = [self.scope.names[k].labels or k[len(key) + 1:-1] for k in defined]
            raise self.fail(op, f"{key} is defined at the events " + " and ".join(f"({shown(w)})" for w in written)
                            + f", not at ({shown(self.written_labels(items.children[0]))}): an event's value may be "
                            "another index, or a whole number inside the range of the definition's")
        return other

    def _at_event_of_another_index(self, key: str, at_event: str, elements: list, op):
        """(key, meaning) of ``p(y = k \\mid x)`` (or ``p(y = 1 \\mid x)``) where the document defines
        ``p(y = i \\mid x)`` with i a declared index: that definition with i in place of k (of 1, inside
        i's range), said in the reading; None when no definition at an event differs from this one by
        an index only."""
        places = _places(at_event, key)
        for other, meaning in self.scope.names.items():
            if not isinstance(meaning, Macro) or meaning.defined_in is None or not other.startswith(key + "("):
                continue
            defined = _places(other, key)
            if defined is None or places is None or len(defined) != len(places):
                continue
            mapping, shown_at = self._event_indices(meaning, defined, places, elements)
            if mapping:
                labels = meaning.labels if meaning.labels is None else self.written_labels(op.children[1].children[0])
                self.readings.append(f"{key}({shown(self.written_labels(op.children[1].children[0]))}) is the "
                                     f"definition of {key}({shown(meaning.labels or other[len(key) + 1:-1])}) at "
                                     f"{shown_at}")
                return other, replace(meaning, body=put(meaning.body, mapping), labels=labels)
        return None

    def _event_indices(self, macro: Macro, defined: list, used: list, elements: list) -> tuple[dict, str]:
        """({the definition's index symbol: the use's value}, the substitution as said) when the places
        ``defined`` and ``used`` differ only in events of one letter whose values are a declared index
        there and an index or a whole number in its range here; ({}, "") otherwise."""
        mapping, said = {}, []
        events = [e for e in elements if self.event_of(e) is not None]
        for before, now in zip(defined, used):
            if before == now:
                continue
            if before == "•" or now == "•" or before.split("=")[0] != now.split("=")[0] or before.count("=") != 1:
                return {}, ""
            index = macro.defined_in.lookup(before.split("=", 1)[1])
            element = next((e for e in events if self.event_of(e) == now), None)
            if not (isinstance(index, sp.Symbol) and index.is_integer and index in macro.body.free_symbols) \
                    or element is None:
                return {}, ""
            try:
                value = self.value(unwrap(element).children[2])
            except DerivationError:
                return {}, ""
            bounds = macro.defined_in.index_range(index)
            if not (isinstance(value, sp.Expr) and value.is_integer):
                return {}, ""
            if value.is_number and (bounds is None or not ((value - bounds[0]).is_nonnegative
                                                           and (bounds[1] - value).is_nonnegative)):
                return {}, ""
            mapping[index] = value
            said.append(f"{before.split('=', 1)[1]} = {now.split('=', 1)[1]}")
        return mapping, ", ".join(said)

    def call_or_posterior(self, apply, key: str | None, meaning, op):
        """``apply()``, the call ``op`` of the name ``key`` read by the head's definitions; when
        none reads it and the call is a posterior of a label, Bayes' rule (see the module)."""
        try:
            return apply()
        except DerivationError as exc:
            items = op.children[1]
            cut_off = dict(self.scope.cut_off)
            if key is not None and cut_off:
                # a definition for these arguments cut off where a name it uses changed (load/sections.py)
                written = self.written_labels(items.children[0] if isinstance(items, Tree) and items.children else items)
                found = next((why for cut, why in cut_off.items() if cut.startswith(key + "(")
                              and canonical_key(cut[len(key) + 1:-1]) == canonical_key(written)), None)
                if found is not None:
                    raise self.fail(op, found) from None
            if not (isinstance(meaning, Macro) and key is not None and isinstance(items, Tree) and items.children
                    and isinstance(items.children[0], Tree)):
                raise
            posterior = self._by_bayes(key, items.children[0], op, exc)
            if posterior is None:
                raise
            return posterior

    def _by_bayes(self, key: str, items, node, why: DerivationError):
        r"""``p(y = v \mid x)`` by Bayes' rule from ``p(x \mid y = w)`` and ``p(y = w)`` at each value
        w of y; None when the call is not a posterior of a label (an event, a bar, then values)."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        separators = [separator_kind(str(c)) for c in items.children if not isinstance(c, Tree)]
        event = self.label_event(elements[0]) if len(elements) >= 2 else None
        if event is None or separators[:1] != ["|"] or "|" in separators[1:]:
            return None
        label, value = event
        label_written = self.source(unwrap(unwrap(elements[0]).children[0])).strip()
        given = self.source(elements[1]).strip() + "".join(
            f"{s} {self.source(e).strip()}" for s, e in zip(separators[1:], elements[2:]))
        values = dict(self.scope.finite)[label]
        priors = self._priors(key, label_written, values, node, why)
        terms = {}
        for other in values:
            conditional = f"{key}({given} \\mid {label_written} = {other})"
            terms[other] = self._written_factor(conditional, node, why) * priors[other]
        self.readings.append(f"{key}({label_written} = {value} \\mid {given}) is not defined: it is read by Bayes' "
                             f"rule, {key}({given} \\mid {label_written} = {value}) {key}({label_written} = {value}) "
                             f"over the sum of the same at each value of {label_written} "
                             f"({', '.join(str(v) for v in values)})")
        return terms[value] / sp.Add(*terms.values())

    def _priors(self, key: str, label: str, values, node, why: DerivationError) -> dict:
        r"""``p(y = w)`` at each value w of the label; one the document does not write, beside all the
        others, is 1 minus their sum (the probabilities of y's values add up to 1), said in the reading:
        NCE's p(y = 1) = 1/2 leaves p(y = 0) to the reader."""
        texts = {value: f"{key}({label} = {value})" for value in values}
        found, missing = {}, []
        for value, text in texts.items():
            try:
                found[value] = self._written_factor(text, node, why)
            except DerivationError:
                missing.append(value)
        if len(missing) == 1 and len(values) > 1:
            (value,) = missing
            rest = 1 - sp.Add(*found.values())
            found[value] = Folded(rest, rest, 0)     # a probability: undefined where the others exceed 1
            self.readings.append(f"{texts[value]} is not written: it is 1 minus {', '.join(texts[v] for v in values if v != value)}"
                                 f", the probabilities of the values of {label} adding up to 1 (where that is not "
                                 "negative)")
        elif missing:
            self._written_factor(texts[missing[0]], node, why)      # the error that names it
        return found

    def _written_factor(self, text: str, node, why: DerivationError) -> sp.Expr:
        """The value of ``text``, a factor of Bayes' rule, read in this scope; when the notation
        does not give it, the error of the call as the head's definitions read it, with this said."""
        from .displays import translate_expr     # the translator is made of this mixin
        try:
            return translate_expr(text, self.scope)
        except DerivationError as exc:
            raise self.fail(node, f"{why.message}; nor is it a posterior by Bayes' rule, which needs {text}: "
                                  f"{exc.message}") from None


r"""Uses of a function the document defines for the arguments as it writes them (its labels):
``p(w_O \mid w_I) = …`` used at ``p(w_O \mid w_I)``, at other indices (``p(w \mid w_I)``, the
word ``w_i`` of a sum over i), at a value of a declared scalar (``\mathcal{L}(g; 2)``), or at an
event that fixes one of its variables (``p(d=1, w \mid w_I)`` of ``p(d, w \mid w_I) = …``).

A head may be defined several times for other labels (``p(w_O \mid w_I)`` and
``p(d, w \mid w_I)``); a use is read by the one definition it fits.  When two fit with
different values, the use is ambiguous and refused.  Each reading other than the labels
written alike is said in the claim's reading."""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp

from ...errors import DerivationError
from ...model.binders import put
from ...model.slices import as_slice
from ..families import Family
from ..scope import AbstractFunction, Distribution, Macro, labelled_key
from ..spelling import canonical_key
from .parameter_labels import parameter_names, split_parameters
from .trees import balanced

#: what separates the labels of a function defined for labels: p(w \mid c), I(x, y; g)
_LABEL_PARTS = re.compile(r"(\\mid|\\vert|\||,|;)")
#: an operator glued to the letter after it once a label's spaces are gone: \topu, \cdotv
_GLUED = re.compile(r"(\\(?:top|intercal|cdot|times))(?=[A-Za-z])")
#: the signs a declared scalar's domain gives it, which the body of a definition at it was read with
SIGNS = ("positive", "nonnegative", "negative", "nonpositive", "nonzero")
#: a label that applies a name to arguments: p_\text{data}(x)
_CALLED = re.compile(r"(.+?)(\((?:[^()]|\([^()]*\))*\))")
#: a word named by an index: w_i, w_{i}
_WORD_AT = re.compile(r"([A-Za-z])_\{?([A-Za-z])\}?")


def shown(labels: str) -> str:
    r"""Labels as a message writes them: ``D=1\midw_c,w_o`` → ``D=1 \mid w_c, w_o``."""
    return re.sub(r"([,;])(?=\S)", r"\1 ", re.sub(r"(\\(?:mid|vert))(?=\S)", r" \1 ", labels))


def _parts(labels: str) -> list[str]:
    r"""The labels and their separators, a bar written \mid, \vert or | alike."""
    parts = _LABEL_PARTS.split(canonical_key(labels))
    return [("|" if p in (r"\mid", r"\vert") else p) if n % 2 else p for n, p in enumerate(parts)]


class LabelledUsesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a use of a
    function defined for labels."""

    def labelled_use(self, macro: Macro, items, node):
        """The value of ``macro`` (the definition the head's name is bound to) at the labels
        ``items`` writes, by whichever of the head's definitions fits them."""
        as_written = self.written_labels(items)
        written, note = self._parameters_as_defined(macro, as_written, node)
        misfits: list = []
        value = self._by_definitions(macro, written, as_written, misfits, node)
        if value is not None:
            self.readings.extend([note] if note and note not in self.readings else [])
            return value
        definitions = self.definitions_of(macro)
        declared = self.declared_beside(macro)
        if declared is not None and declared.with_arguments(len(_parts(as_written)) // 2 + 1):
            self.refuse_slices_beside(macro, definitions, items, node)     # sample_slices.py
            # f(x, y) beside f(x_{1:K}, y) = … of the declared critic f: the definition is of its
            # arguments only, and f elsewhere is the declared function (said)
            note = (f"{macro.key}({shown(as_written)}) is the declared function {macro.key}: its definition is at "
                    + " and ".join(f"({shown(d.labels)})" for d in definitions) + " only")
            self.readings.extend([note] if note not in self.readings else [])
            return self._call_abstract(declared, items, node)
        for definition in definitions:
            rebound = self._labels_rebound(definition, written)
            if canonical_key(written) == canonical_key(definition.labels) and rebound:
                # L(h) under \arg\max_h, of L(h) = … with h the critic: "defined for (h), not (h)" said nothing
                where = f" (line {definition.line})" if definition.line else ""
                raise self.fail(node, f"{macro.key}({shown(as_written)}) is written as it is defined{where}, but "
                                      f"{', '.join(rebound)} does not name here what it named there (an optimum, a "
                                      "sum or a derivative around this use binds it anew, or a section declares it "
                                      "again): the definition is not read there; restate the line with restated_from")
        raise self.fail(node, f"{macro.key} is defined for "
                              + " and ".join(f"({shown(d.labels)})" for d in definitions)
                              + f", not ({shown(as_written)})" + "".join(f": {m}" for m in misfits[:1]))

    def _by_definitions(self, macro: Macro, written: str, as_written: str, misfits: list, node):
        """The value of the one definition of ``macro``'s head the labels ``written`` fit; None when
        none does (why, where a message should say it, in ``misfits``)."""
        if canonical_key(written) == canonical_key(macro.labels) and self._labels_mean_alike(macro, written):
            return self._labelled_body(macro)
        overload = self.scope.lookup(labelled_key(macro.key, written))
        if isinstance(overload, Macro) and self._labels_mean_alike(overload, written):
            return self._labelled_body(overload)
        definitions = self.definitions_of(macro)
        alike = [d for d in definitions if _parts(d.labels) == _parts(written) and self._labels_mean_alike(d, written)]
        if alike:       # H(Y \mid X) of H(Y|X): the bar written \mid, \vert or | alike
            return self._labelled_body(alike[0])
        if any(d.matrix_shape is not None or d.vector_index is not None for d in definitions):
            # H(f; 2) of H(f; \alpha) = \alpha(…), a matrix: its value at other labels is not read (the
            # entry formula alone would be taken for the matrix)
            raise self.fail(node, f"{macro.key} is defined for ({shown(macro.labels)}), and its value is a vector or "
                                  f"a matrix: it is read where its labels are written as defined, not at "
                                  f"({shown(as_written)})")
        fitting = []
        for definition in definitions:
            readings_before = len(self.readings)
            value = self._at_other_indices(definition, written, misfits)
            if value is not None:
                fitting.append((definition, value, self.readings[readings_before:]))
            del self.readings[readings_before:]
        if len({str(value) for _, value, _ in fitting}) > 1:
            raise self.fail(node, f"{macro.key}({shown(as_written)}) fits more than one of its definitions, "
                                  + " and ".join(f"({shown(d.labels)})" for d, _, _ in fitting)
                                  + ", with different values: write the labels as one of them writes them")
        if fitting:
            _, value, readings = fitting[0]
            self.readings.extend(r for r in readings if r not in self.readings)
            return value
        return None

    def _parameters_as_defined(self, macro: Macro, written: str, node) -> tuple[str, str]:
        r"""The labels ``written`` with the parameters after ';' as the head's definitions write them:
        dropped where none writes any (p(w_{t+j} \mid w_t; \theta) of p(o \mid c) = …), put in where
        every one writes the same (h(x_t) of h(u; \theta) = …); and the reading that says so ("" for
        labels as written), for the claim's reading where a definition fits them.  A name the
        notation declares is dropped only where it may be a parameter (_names_a_parameter)."""
        definitions = self.definitions_of(macro)
        defined = {split_parameters(d.labels)[1] for d in definitions}
        labels, part = split_parameters(written)
        if part and defined == {""} and (names := parameter_names(part)) is not None:
            for name in names:
                meaning = self.scope.lookup(name)
                if self._names_a_parameter(meaning, definitions):
                    continue
                if isinstance(meaning, sp.Symbol) and not meaning.is_integer and meaning not in self.scope.points:
                    raise self.fail(node, f"{macro.key} is defined for ({shown(macro.labels)}), without parameters "
                                          f"after ';', and '{name}', written after ';' here, is a declared value its "
                                          f"definition does not use (it may be meant in place of another): write "
                                          f"{macro.key}({shown(labels)}), or define {macro.key} with it")
                return written, ""      # an index or a point after ';' (I(X; Y)): the labels as written
            note = (f"{macro.key}({shown(written)}) is {macro.key}({shown(labels)}) as defined: the parameters "
                    f"after ';' name what {macro.key} depends on and change nothing")
            return labels, note
        if not part and len(defined) == 1 and "" not in defined and parameter_names(*defined) is not None:
            with_parameters = f"{written};{next(iter(defined))}"
            note = (f"{macro.key}({shown(written)}) is {macro.key}({shown(with_parameters)}) as defined: a use "
                    f"may leave out the parameters after ';'")
            return with_parameters, note
        return written, ""

    def _names_a_parameter(self, meaning, definitions: list[Macro]) -> bool:
        r"""Whether a name written after ';' may name what the definitions are of: one the notation
        does not declare, or the head being defined binds (J(\theta) = … p(w \mid c; \theta)); a
        declared family, or one given by a formula (θ, the vector of the model's weights, which the
        body uses through other names); a declared real scalar every body uses.  Not an index, a
        point, or a scalar the bodies do not use (p(x; \tau') may put τ' in place of a body's τ)."""
        if meaning is None or isinstance(meaning, Family) and meaning.base not in self.scope.points:
            return True
        if isinstance(meaning, sp.Dummy) and not meaning.is_integer:
            return True         # J(θ) = … p(w | c; θ): the parameter of the head being defined, undeclared
        if isinstance(meaning, Macro) and (meaning.index_params or meaning.vector_index is not None):
            return True         # a family given by a formula (θ_q = u_q^T v_c): a vector too
        return isinstance(meaning, sp.Symbol) and not meaning.is_integer and meaning not in self.scope.points \
            and all(d.body.has(meaning) for d in definitions)

    def declared_beside(self, macro) -> AbstractFunction | None:
        """The declared function a definition of its name at slices (f(x_{1:K}, y) = … of the declared
        critic f) leaves in force at points, which a slice never is; None for any other meaning."""
        fixed = [value for kind, value in macro.point_params if kind == "fixed"] if isinstance(macro, Macro) else []
        if not (fixed and macro.defined_in is not None and all(as_slice(value) is not None for value in fixed)):
            return None
        declared = macro.defined_in.names.get(macro.key)
        return declared if isinstance(declared, AbstractFunction) else None

    def written_labels(self, items) -> str:
        """The arguments of a use as its labels are compared: as written, spaces dropped."""
        # \mathbf{h_j} is read as \mathbf{h}_j, whose tree ends before the brace written last
        return self.scope.reading(balanced("".join(self.source(items).split())))

    def definitions_of(self, macro: Macro) -> list[Macro]:
        """``macro`` and the definitions of its name for other labels (bound beside it)."""
        return [macro] + [m for k, m in self.scope.names.items() if k.startswith(macro.key + "(")
                          and isinstance(m, Macro) and m.labels is not None and m is not macro]

    def _labelled_body(self, macro: Macro):
        r"""The body of a function defined for the arguments as written (``p(s^i_k | s^i_l)``),
        at a use written the same way: an index its label writes (i) is the i of the use,
        so under \sum_{i=1}^N it is the sum's i, not the i the definition was read with."""
        mapping = self.indices_written(macro, macro.labels)
        return self.macro_value(replace(macro, body=put(macro.body, mapping) if mapping else macro.body), {})

    def _at_other_indices(self, macro: Macro, written: str, misfits: list):
        r"""The body of a function defined for labels (``p(w \mid c)``) at a use that writes other
        values in their places: an index of the definition at a whole number (``p(v \mid c)``,
        ``p(w_O \mid w_I)``, ``p(w_i \mid w_I)`` under a sum over i), a declared scalar at a
        value (``\mathcal{L}(f; 2)``), a declared variable of a finite domain fixed by an event
        (``p(d=1, w \mid w_I)`` of ``p(d, w \mid w_I)``); None when the use does not fit, and
        why in ``misfits`` where a message should say it."""
        defined, used = _parts(macro.labels), _parts(written)
        if macro.defined_in is None or len(defined) != len(used) or defined[1::2] != used[1::2]:
            return None
        renamed, loose, defined_in, objects = {}, {}, macro.defined_in, {}
        for before, now in zip(defined[::2], used[::2]):
            if before == now and self._labels_mean_alike(macro, now):
                continue
            old = macro.defined_in.lookup(before)
            alike = self._object_alike(macro, before, now)
            if alike is not None:
                objects[alike[0]] = alike[1]    # H(p, p) of H(p, q) = …, q a declared distribution as p is
                continue
            if before == now:
                # the name written alike stands for another value here (a differential's stand-in): the body at it
                new = self.scope.lookup(now)
                if not (isinstance(old, sp.Symbol) and isinstance(new, sp.Expr) and old in macro.body.free_symbols):
                    return None
                renamed[old] = new
                continue
            entry = self._entry_at(macro, before, now) if not isinstance(old, sp.Symbol) else None
            if entry is not None:
                renamed[entry[0]] = entry[1]        # f(s_1) of f(s_i) = …: the body at i = 1
                continue
            if not (isinstance(old, sp.Symbol) and old in macro.body.free_symbols):
                return None
            value = self._label_at(macro, (before, now), old, written, misfits)
            if value is None:
                return None
            renamed[old] = value
            if defined_in.index_range(old) is None and _outside_its_domain(old, value):
                loose[old] = before
        body = macro.body
        if objects:
            if loose or macro.rebuild is None:
                return None
            body = self._read_with_objects(macro, objects, written, misfits)
            if body is None:
                return None
        if loose:
            # the body was read with the declared domain of α (\sqrt{\tau^2} is τ for τ > 0): at a value not known
            # to be in it, the definition is read again with α any real number
            body, renamed = self._read_again_anywhere(macro, loose, renamed, written, misfits)
            if body is None:
                return None
        same = {k: v for k, v in self.indices_written(macro, macro.labels).items() if k not in renamed}
        # a label that is a drawn word (\tilde{w}_i): the body at each of its values (index_families.py)
        return self.put_drawn(body, {**same, **renamed})

    def _labels_mean_alike(self, macro: Macro, written: str) -> bool:
        """Whether each label of ``written`` names here what it named where ``macro`` was defined (a name
        bound anew, as a differential's stand-in or an object read in place of another, does not)."""
        return not self._labels_rebound(macro, written)

    def _labels_rebound(self, macro: Macro, written: str) -> list[str]:
        """The labels of ``written`` that do not name here what they named where ``macro`` was defined."""
        if macro.defined_in is None:
            return []
        rebound = []
        for part in _parts(written)[::2]:
            old, new = macro.defined_in.lookup(part), self.scope.lookup(part)
            # a stand-in (a Dummy), or another object than the one the body was read with; an index bound by a
            # sum around the use is the use's (_labelled_body), as before
            if isinstance(new, (sp.Dummy, Family, Distribution, AbstractFunction)) and new != old:
                rebound.append(part)
        return rebound

    def _object_alike(self, macro: Macro, before: str, now: str):
        """(the name, the meaning to read it as) when the label ``now`` names a declared object of the kind
        and shape of the one ``before`` names (a family, a distribution over the same points, a function of
        as many arguments), or both are their densities or values at the same arguments (``p(x)`` beside
        ``p_\\text{data}(x)``), which a definition at ``before`` is read again with; None otherwise."""
        calls = _CALLED.fullmatch(before), _CALLED.fullmatch(now)
        if all(calls) and calls[0].group(2) == calls[1].group(2):
            before, now = calls[0].group(1), calls[1].group(1)
        old = macro.defined_in.lookup(before)
        new = self.scope.lookup(now)
        # the key the definition's scope holds the object under (p_{\text{data}} of p_\text{data})
        before = next((key for key, meaning in macro.defined_in.names.items() if meaning is old), None)
        if before is None:
            return None
        if new is None or type(new) is not type(old) or not isinstance(old, (Family, Distribution, AbstractFunction)):
            return None
        if new is old:
            return before, new      # H(p, p) read with q for p: its second p is the q it was defined with
        if isinstance(old, Family):
            same = len(old.shape) == len(new.shape) and old.first == new.first and \
                all(sp.expand(a - b) == 0 for a, b in zip(old.shape, new.shape))
        elif isinstance(old, Distribution):
            same = old.coordinates == new.coordinates
        else:
            same = old.arguments == new.arguments and old.length == new.length and old.domain == new.domain
        return (before, new) if same else None

    def _read_with_objects(self, macro: Macro, objects: dict, written: str, misfits: list):
        """The body of ``macro`` read again with each label of ``objects`` standing for the object the use
        puts there (said); None when it does not read so."""
        scope = macro.defined_in
        if all(scope.lookup(before) is meaning for before, meaning in objects.items()):
            return macro.body       # each object the one it was defined with
        for before, meaning in objects.items():
            scope = scope.bind(before, meaning)
        try:
            body = macro.rebuild(scope).body
        except DerivationError as exc:
            misfits.append(f"read with {', '.join(objects)} in place of the definition's, it is refused: {exc.message}")
            return None
        if not isinstance(body, sp.Expr):
            return None
        kept = set(map(id, objects.values()))
        for before in objects:
            old = macro.defined_in.lookup(before)
            if id(old) not in kept and body.has(_marker(old)):
                # the old object reached through something not read again (a definition of its own): refused
                misfits.append(f"read with another {before}, its body still holds the {before} it was defined with")
                return None
        swapped = [f"{now} for {before}" for before, now in zip(_parts(macro.labels)[::2], _parts(written)[::2])
                   if before != now]
        said = f"{macro.key}({shown(written)}) is {macro.key}({shown(macro.labels)}) read with {', '.join(swapped)}"
        if swapped and said not in self.readings:      # (written alike inside a definition read again: said of it)
            self.readings.append(said)
        return body

    def _read_again_anywhere(self, macro: Macro, loose: dict, renamed: dict, written: str, misfits: list):
        """(the body of ``macro`` read again with each declared scalar of ``loose`` (symbol → name) any real
        number, the values to put in for them); (None, renamed) when it does not read so."""
        anywhere = {old: sp.Dummy(str(old), real=True) for old in loose}
        scope = macro.defined_in
        for old, before in loose.items():
            scope = scope.bind(before, anywhere[old])
        try:
            body = macro.rebuild(scope).body if macro.rebuild is not None else None
        except DerivationError:
            body = None
        if not isinstance(body, sp.Expr):
            misfits.append(f"{', '.join(loose.values())} {'is' if len(loose) == 1 else 'are'} declared with a domain the "
                           f"definition was read with, and ({shown(written)}) may leave it")
            return None, renamed
        return body, {anywhere.get(k, k): v for k, v in renamed.items()}

    def _entry_at(self, macro: Macro, before: str, now: str):
        r"""(index, value) when the label ``before`` is an entry of a declared family at one declared
        index of the definition (``s_i`` of ``f(s_i) = …``) and the use's ``now`` is an entry of the same
        family (``s_1``, ``s_j``, ``s_{k+1}``): the definition's index at the use's; None otherwise."""
        from .displays import translate_expr     # the translator is made of this mixin
        try:
            defined, used = translate_expr(before, macro.defined_in), translate_expr(now, self.scope)
        except DerivationError:
            return None
        if not (isinstance(defined, sp.Indexed) and isinstance(used, sp.Indexed) and defined.base == used.base
                and len(defined.indices) == len(used.indices) == 1):
            return None
        index = [s for s in defined.indices[0].free_symbols if macro.defined_in.index_range(s) is not None]
        if len(index) != 1 or not macro.body.has(index[0]) or (defined.indices[0] - index[0]).has(index[0]):
            return None
        # a family counted from 0 stores s_i at i + 1 in both: the use's index less the same shift
        return index[0], used.indices[0] - (defined.indices[0] - index[0])

    def _label_at(self, macro: Macro, label: tuple[str, str], old: sp.Symbol, written: str, misfits: list):
        """The value the label ``now`` of a use (all its labels: ``written``) gives the
        definition's variable ``old`` (written ``before``), said in the reading where it is not
        an index put in; None if it gives none."""
        (before, now), defined_in = label, macro.defined_in
        use, definition = f"{macro.key}({shown(written)})", f"{macro.key}({shown(macro.labels)})"
        if defined_in.index_range(old) is not None:
            # p(v | c), p(w_i | w_I) under a sum over i, p(1 | c): the body at that index
            new = self.scope.lookup(now)
            if new is None:
                new = self._word_named(now)
            if new is None and re.fullmatch(r"\d+", now):
                new = sp.Integer(now)
            if new is None:
                new = self._drawn_entry_named(now, defined_in.index_range(old))
            return new if isinstance(new, sp.Expr) and new.is_integer else None
        if not old.is_real or old in defined_in.points:
            return None
        values = dict(defined_in.finite).get(old)
        event = re.fullmatch(re.escape(before) + r"=(.+)", now)
        if values is not None:
            # p(d=1, w | w_I) of p(d, w | w_I), d of the declared values {0, 1}: the event d = 1
            # fixes d; a value outside them is an event of probability 0, not the body there
            value = self._label_value(event.group(1)) if event else None
            if value is not None and value not in values:
                misfits.append(f"{before} = {event.group(1)} is not one of the values of {before} "
                                    f"({', '.join(str(v) for v in values)})")
            if value is None or value not in values:
                return None
            self.readings.append(f"{use} is {definition} at the event {before} = {event.group(1)}")
            return value
        # \mathcal{L}(f; 2) of \mathcal{L}(f; \alpha), α a declared scalar: the body at α = 2
        value = self._label_value(now)
        if value is not None:
            self.readings.append(f"{use} is {definition} at {before} = {now}")
        return value

    def _drawn_entry_named(self, written: str, index_range):
        """``\\tilde{w}_i``, a label naming an entry of a family of indices whose values are the
        range of the definition's index; None otherwise."""
        value = self._label_value(written)
        values = self._drawn_values(value.base) if isinstance(value, sp.Indexed) else None
        if values is None or any(sp.expand(a - b) != 0 for a, b in zip(values, index_range)):
            return None
        return value

    def _word_named(self, written: str):
        """``w_i``, a label naming the word of a sum's index (matrices.py); None otherwise."""
        found = _WORD_AT.fullmatch(written)
        return self.word_of_index(found.group(1), found.group(2)) if found else None

    def _label_value(self, text: str):
        """The number a label written at a use stands for (``2``, ``\\tau/2``); None when it reads as
        anything else (a name of a point or a function is a label of its own)."""
        from .displays import translate_expr     # the translator is made of this mixin
        # labels are compared without spaces, so u^\top u arrives as u^\topu: the operators that a letter
        # follows in a value get their space back
        text = _GLUED.sub(r"\1 ", text)
        try:
            value = translate_expr(text, self.scope)
        except DerivationError:
            return None
        points = self.scope.points
        return value if isinstance(value, sp.Expr) and not isinstance(value, sp.MatrixBase) \
            and value.is_real is not False and not any(s in points for s in value.free_symbols) else None


def _outside_its_domain(old: sp.Symbol, value) -> bool:
    """Whether ``value`` is not known to have the signs the declared scalar ``old`` has (its domain)."""
    return any(getattr(old, f"is_{a}") is True and getattr(value, f"is_{a}", None) is not True for a in SIGNS)


def _marker(meaning):
    """What a body read with ``meaning`` (a family, a distribution, a function) holds of it."""
    if isinstance(meaning, Family):
        return meaning.base
    if isinstance(meaning, Distribution):
        return meaning.tag
    return meaning.function

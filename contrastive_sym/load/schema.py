"""The schema of a derivation: every table, every key, its type, its range, whether it is required.

:data:`SCHEMA` is checked by :func:`validate_table` before anything reads a
specification (the TOML container's and the Markdown annotations'); a value past a
limit of :mod:`contrastive_sym.load.limits` is an error that names the key's line.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import limits
from ..latex.scope import OperatorKind
from ..model.claims import Expectation, Kind
from ..model.notation import Domain, Role
from ..latex.suggest import did_you_mean


@dataclass(frozen=True)
class Field:
    """One key of a table: what its value must be.

    ``kind`` is one of ``text`` (a string), ``formula`` (LaTeX; ``number_ok``: or a whole
    number), ``line`` (a line number), ``size`` (a checked size), ``sizes`` (a list of
    them), ``size_map`` (name → sizes), ``formulas`` (a list of LaTeX), ``formula_map``
    (name → LaTeX), ``text_map`` (text → text), ``choice`` (one of ``choices``), ``expect``
    (an expected verdict; a list of them, one per link, in a step), ``note`` (text; a list
    in a step), ``bool``, ``first`` (0 or 1, or a list of them), ``step_number``, ``table`` / ``tables`` (the table ``of``, or a
    list of them, at most ``most``).
    """

    kind: str
    required: bool = False
    of: str = ""
    choices: tuple = ()
    aliases: tuple = ()    # also accepted for a choice: the enum's member names, any case
    number_ok: bool = False
    most: str = "MAX_ITEMS"   # the limit on the length of a list (limits.py)
    hint: str = ""            # what the value is, in messages, when the kind says too little

    def describe(self) -> str:
        if self.hint:
            return self.hint
        return {
            "text": "text in quotes",
            "formula": "LaTeX in quotes" + (" or a whole number" if self.number_ok else ""),
            "line": f"a line number (1 … {limits.MAX_LINE})",
            "size": f"a whole number 1 … {limits.MAX_SIZE}",
            "sizes": f"a list of 1 … {limits.MAX_CHECKED_SIZES} whole numbers 1 … {limits.MAX_SIZE}, "
                     "e.g. [1, 2, 3]",
            "size_map": "a table of size names to lists of sizes, e.g. { n = [2, 3] }",
            "formulas": "a list of LaTeX strings, e.g. ['n \\geq 2']",
            "formula_map": "a table of names to LaTeX, e.g. { n = 'N + 1' }",
            "text_map": "a table of text to text, e.g. { 'y_{1:N}' = 'y_{1:K}' }",
            "choice": "one of " + ", ".join(c for c in self.choices),
            "expect": "an expected verdict (" + ", ".join(_EXPECTED) + ")",
            "note": "text in quotes",
            "bool": "true or false",
            "first": "where the indices start, 0 or 1, or a list of them with one per dimension, "
                     "e.g. from = 0 or from = [0, 1]",
            "step_number": f"the number of an earlier step (1 … {limits.MAX_STEPS})",
            "table": f"a table ({{{', '.join(sorted(SCHEMA.get(self.of, ())))}}})",
            "tables": f"a list of tables ([[{self.of}]])",
        }[self.kind]


_EXPECTED = tuple(e.value for e in Expectation)
_T, _F, _L = Field("text"), Field("formula"), Field("line")
_RT, _RF, _RL = Field("text", True), Field("formula", True), Field("line", True)
_NUMBER_F, _RNUMBER_F = Field("formula", number_ok=True), Field("formula", True, number_ok=True)
_READINGS = {
    "let": Field("formula_map"), "ellipsis": Field("tables", of="ellipsis"),
    "little_o": Field("table", of="little_o"), "read_as": Field("text_map"),
    "pair_set": Field("tables", of="pair_set"), "define": Field("tables", of="define"),
    "differentiates": Field("formula", hint="what a derivative written alone differentiates, e.g. "
                                            "differentiates = '\\mathcal{L}'"),
}


def _choice(*enums_or_values, required=False) -> Field:
    values, aliases = [], []
    for item in enums_or_values:
        values += [m.value for m in item] if isinstance(item, type) else [item]
        aliases += [m.name.lower() for m in item] if isinstance(item, type) else []
    return Field("choice", required, choices=tuple(values), aliases=tuple(aliases))


#: A data point that is also a vector (role "point"): the length of its value.
_VALUE_SHAPE = Field("formulas", most="MAX_RANK", number_ok=True,
                     hint="the length of the vector a data point is, e.g. value_shape = ['d'] ([] for a number)")


#: The declaration tables a [[section]] may hold: the macros, gradient, path and pair sets
#: are the whole document's.
SECTION_TABLES = ("size", "scalar", "family", "function", "index", "set", "distribution", "operator",
                  "quantity")

#: Every table of a derivation and every key it may have, with its type, range and
#: whether it is required.  A misspelt key, or a key TOML put in the table above it (a
#: top-level key written after a [[table]]), is an error rather than ignored; so is a
#: value of the wrong type or out of range (see contrastive_sym/load/limits.py), with
#: the key's line.  The Markdown annotations share it (``markdown_annotations._KEYS``).
SCHEMA: dict[str, dict[str, Field]] = {
    "": {"id": _RT, "title": _RT, "source": _RT, "gradient": Field("table", of="gradient"),
         "read_as": Field("text_map"),     # a name the document writes two ways, read as one everywhere
         "path": Field("table", of="path"),
         **{key: Field("tables", of=key, most="MAX_ENTRIES")
            for key in ("macro", "size", "scalar", "family", "function", "index", "set", "distribution", "operator", "quantity", "pair_set",
                        "define", "unchecked")},
         "section": Field("tables", of="section", most="MAX_ENTRIES"),
         "claim": Field("tables", of="claim", most="MAX_CLAIMS")},
    # notation from a line of the source on (load/sections.py)
    "section": {"line": _RL, "title": _T,
                **{key: Field("tables", of=key, most="MAX_ENTRIES") for key in SECTION_TABLES}},
    "macro": {"name": _RT, "arguments": Field("size", hint="the number of arguments, 1 … 9 (0: leave it out)"),
              "body": _RT},
    "size": {"name": _RF, "minimum": Field("size"), "checked": Field("sizes"),
             "equals": Field("formula", number_ok=True, hint="an expression of sizes declared above, e.g. '2B'")},
    "scalar": {"name": _RF, "symbol": _T, "display": _F, "domain": _choice(Domain),
               "role": _choice(*(r.value for r in Role if r not in (Role.LABEL, Role.INDEX))),   # a family's
               "value_of": Field("formula", hint="a declared point whose coordinate this point is a value "
                                                 "of, e.g. value_of = \"x'\""),
               "drawn_from": Field("formula", hint="the declared [[distribution]] an expectation that writes no "
                                                   "distribution draws this point from, e.g. drawn_from = 'p_d'"),
               "value_shape": _VALUE_SHAPE,
               "equals": Field("formula", hint="an expression of the scalars declared above, e.g. "
                                               "equals = '1 - \\tau^+'")},
    "family": {"name": _RF, "symbol": _T, "display": _F,
               "shape": Field("formulas", most="MAX_RANK", number_ok=True,
                              hint="a list of sizes in LaTeX, e.g. shape = ['N', 'N']"),
               "domain": _choice(Domain), "role": _choice(Role),
               "index_written": _choice("subscript", "superscript", "superscript and subscript"),
               "from": Field("first"),
               "values": Field("formulas", most="MAX_RANK", number_ok=True,
                               hint="with role = 'index': the first and last value, e.g. values = [1, 'C']"),
               "value_of": Field("formula", hint="a declared point whose coordinate these points are "
                                                 "values of, e.g. value_of = \"x'\""),
               "drawn_from": Field("formula", hint="the declared [[distribution]] an expectation that writes no "
                                                   "distribution draws this point from, e.g. drawn_from = 'p_d'"),
               "value_shape": _VALUE_SHAPE,
               # entries that are an expression of their index (load/family_expressions.py)
               "index": Field("text", hint="the letter of the entry's index in 'equals', e.g. index = 'i'"),
               "equals": Field("formula", hint="the entry at index i, e.g. equals = '\\mathbb{1}[i = w_O]'")},
    "function": {"name": _RF, "symbol": _T, "display": _F, "arguments": Field("size", True),
                 "shape": Field("formulas", most="MAX_RANK", number_ok=True,
                                hint="the length of a vector value, e.g. shape = ['d']"),
                 "domain": _choice(Domain), "role": _choice(Role.VALUE.value, Role.EMBEDDING.value, Role.UNIT.value, Role.POINT.value),
                 "understood": Field("formulas", hint="the last arguments a use may leave out, e.g. "
                                                      "understood = ['\\theta']")},
    "index": {"name": _RF, "from": _NUMBER_F, "to": _RNUMBER_F, "distinct_from": Field("formulas", hint="a list of declared indices, e.g. ['i']"),
              "positive_of": _F, "samples": _NUMBER_F,
              "pairing": _choice("halves", "adjacent")},
    "distribution": {"name": _RF, "symbol": _T,
                     "of": Field("formulas", True, hint="the points it draws, e.g. of = ['x', 'c']"),
                     "given": Field("formulas", hint="the index it depends on, e.g. given = ['u']"),
                     "mixture": Field("formula_map", hint="declared distributions and their weights, e.g. "
                                                          "mixture = { 'p^+' = '\\tau^+', 'p^-' = '\\tau^-' }"),
                     # a table of probabilities (words, classes), never read as densities
                     "discrete": Field("bool", hint="true or false (true: its points take finitely many values)"),
                     # a Markov chain over its points in the order 'of' lists them (X -> Y -> Z)
                     "markov": Field("bool", hint="true or false (true: each point depends on the one before it only)"),
                     # the measure's own letter beside its density's: P of p (KL(P \| Q))
                     "measure": _F,
                     # P_X, the marginal of P_{XZ} on its X (load/distributions.py)
                     "marginal_of": Field("formula", hint="a declared distribution of more points, e.g. "
                                                          "marginal_of = 'P_{XZ}'")},
    "set": {"name": _RF, "from": _NUMBER_F, "to": _NUMBER_F, "members": _F,
            # a set defined by a condition (load/labels.py): P(i) = {p : p ≠ i, y_p = y_i}
            "index": Field("text", hint="the member's letter in 'where', e.g. index = 'p'"),
            "where": Field("formula", hint="comparisons separated by commas, e.g. where = 'p \\neq i, y_p = y_i'"),
            "nonempty": Field("bool", hint="true or false (true: stated, every such set has a member)"),
            # a set the data gives (load/subsets.py): any subset of from … to
            "any_subset": Field("bool", hint="true or false (true: any subset of from … to, checked for all)"),
            # a sample set (load/sets.py): one positive given a context, the others from the marginal
            "drawn_from": Field("formula", hint="a declared distribution of points, e.g. drawn_from = 'p'"),
            "positive": Field("formula", hint="the positive member as formulas write it, e.g. positive = 'x'"),
            "context": Field("formula", hint="the point the positive is drawn given, e.g. context = 'c'"),
            "position": Field("text", hint="the letter of the positive's place among the members, e.g. "
                                           "position = 'd'"),
            "positive_member": Field("bool", hint="true or false (true: the positive written apart is a "
                                                  "member too, X = {x^*, x_1, …, x_{N-1}})"),
            "draws_context": Field("bool", hint="true or false (true: \\mathbb{E}_X averages over the context "
                                                "too)")},
    "gradient": {"by": _RF, "directions": _RF},
    "path": {"parameter": _RF, "moves": _RF, "along": _RF},
    "operator": {"name": _RF, "meaning": _choice(OperatorKind, required=True), "of": _F, "line": _L,
                 "latex": _F},
    "quantity": {"name": _RF, "meaning": _choice("mutual information", "entropy", required=True), "line": _L,
                 "latex": _F, "of": Field("formula", hint="a declared distribution, e.g. of = 'p'")},
    "pair_set": {"name": _RF, "samples": _RNUMBER_F, "anchors": _RNUMBER_F},
    "define": {"name": _T, "line": _RL, "latex": _RF, "restated_from": _T,
               "read": Field("bool", hint="true or false (read = false: a display no claim uses)"),
               # the expectation of the claim(s) the chain written after the definition makes
               "expect": Field("expect")},
    "unchecked": {"line": _RL, "reason": _RT},
    "claim": {"id": _RT, "line": _RL, "title": _RT, "kind": _choice(Kind), "latex": _RF,
              "derived": Field("bool"), "expect": Field("expect"), "reading": _T, "note": _T,
              "given": Field("formulas", hint="a list of conditions in LaTeX, e.g. given = ['n \\geq 2']"), "proportional_in": Field("formulas", hint="the variables the factor of ∝ does not depend on, e.g. ['y']"), "sizes": Field("size_map"), "conclusion_expect": Field("expect"),
              "conclusion_note": _T, "conclusion_factor": _NUMBER_F, "restated_from": _T,
              "step": Field("tables", of="step", most="MAX_STEPS"), **_READINGS},
    "step": {"line": _RL, "latex": _RF, "expect": Field("expect"), "note": Field("note"),
             "restated_from": _T, "after": Field("step_number"), "substitute_in": _L, **_READINGS},
    # the reading tables inside a claim or step
    "ellipsis": {"first": _RNUMBER_F, "last": _RNUMBER_F, "lo": _RNUMBER_F, "hi": _RNUMBER_F,
                 "skip": _NUMBER_F},
    "little_o": {"variable": _RF, "at": _RNUMBER_F},
}
#: The keys of the reading tables inside a claim or step.
READING_TABLES = {"ellipsis": set(SCHEMA["ellipsis"]), "little_o": set(SCHEMA["little_o"])}
#: A key required unless another is given: a derived claim has no statement of its own;
#: the other view of an index (positive_of) has no range.
_REQUIRED_UNLESS = {("claim", "latex"): "derived", ("index", "to"): "positive_of"}


def limit_message(what: str, value, name: str) -> str:
    return (f"{what} {value} exceeds the limit of {getattr(limits, name)} "
            f"(contrastive_sym/load/limits.py: {name})")


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _text_problem(value, field: Field, limit_name: str) -> str | None:
    if field.number_ok and is_int(value):
        return None if abs(value) <= 10 ** 6 else f"the number {short(value)} is too large for a formula"
    if not isinstance(value, str):
        return f"expected {field.describe()}, got {short(value)}"
    if field.required and not value.strip():
        return f"expected {field.describe()}, got an empty text"
    if len(value) > getattr(limits, limit_name):
        return limit_message("a text of", f"{len(value)} characters", limit_name).replace(
            f"{len(value)} characters exceeds the limit of {getattr(limits, limit_name)}",
            f"{len(value)} characters exceeds the limit of {getattr(limits, limit_name)} characters")
    if "\x00" in value:
        return "a text cannot contain a NUL character"
    return None


def field_problem(field: Field, value, per_link: bool = False, name: str = "") -> str | None:
    """What is wrong with ``value`` for ``field``, or None (the tables inside it are
    checked by :func:`validate_table`).  ``per_link``: in a step, ``expect`` and ``note``
    may be lists, one entry per link of its chain ('' for none)."""
    kind = field.kind
    if kind == "text" or (kind == "note" and not (per_link and isinstance(value, list))):
        return _text_problem(value, field, "MAX_TEXT_CHARS")
    if kind == "formula":
        return _text_problem(value, field, "MAX_FORMULA_CHARS")
    if kind in ("line", "step_number", "size"):
        what, name = {"line": ("line", "MAX_LINE"), "step_number": ("step", "MAX_STEPS"),
                      "size": ("size", "MAX_SIZE")}[kind]
        if not is_int(value) or value < 1:
            return f"expected {field.describe()}, got {short(value)}"
        return limit_message(what, value, name) if value > getattr(limits, name) else None
    if kind == "first":
        values = value if isinstance(value, list) else [value]
        ok = 1 <= len(values) <= limits.MAX_RANK and all(is_int(v) and v in (0, 1) for v in values)
        return None if ok else f"expected {field.describe()}, got {short(value)}"
    if kind == "bool":
        return None if isinstance(value, bool) else f"expected {field.describe()}, got {short(value)}"
    if kind == "choice":
        ok = isinstance(value, str) and (value in field.choices or value.lower() in field.aliases)
        return None if ok else (f"{short(value)} is not a {name or 'value'}{did_you_mean(value, field.choices)} "
                                f"({', '.join(field.choices)})")
    if kind == "expect":
        listed = per_link and isinstance(value, list)
        values = value if listed else [value]
        if len(values) > limits.MAX_ITEMS:
            return limit_message("a list of", f"{len(values)} entries", "MAX_ITEMS")
        for item in values:
            if not (isinstance(item, str) and (item in _EXPECTED or (listed and item == ""))):
                return (f"unknown expected verdict {short(item)} ({short(item)} is not an expected verdict: "
                        f"{', '.join(_EXPECTED)})")
        return None
    if kind == "note":   # a list of notes, one per link
        if len(value) > limits.MAX_ITEMS:
            return limit_message("a list of", f"{len(value)} entries", "MAX_ITEMS")
        if not all(isinstance(item, str) and len(item) <= limits.MAX_TEXT_CHARS for item in value):
            return "a list of notes is a list of text, one per link ('' for none)"
        return None
    if kind in ("sizes", "formulas"):
        if not isinstance(value, list):
            return f"expected {field.describe()}, got {short(value)}"
        name = "MAX_CHECKED_SIZES" if kind == "sizes" else field.most
        if len(value) > getattr(limits, name):
            return limit_message("a list of", f"{len(value)} entries", name)
        if kind == "sizes" and not value:
            return f"expected {field.describe()}, got an empty list"
        item_field = Field("size") if kind == "sizes" else Field("formula", True, number_ok=field.number_ok)
        for item in value:
            problem = field_problem(item_field, item)
            if problem and "limit" in problem:
                return problem.replace("size ", "checked size ", 1) if kind == "sizes" else problem
            if problem:
                return f"expected {field.describe()}, got {short(value)}"
        return None
    if kind in ("size_map", "formula_map", "text_map"):
        if not isinstance(value, dict):
            return f"expected {field.describe()}, got {short(value)}"
        if len(value) > limits.MAX_ITEMS:
            return limit_message("a table of", f"{len(value)} entries", "MAX_ITEMS")
        item_field = {"size_map": Field("sizes"), "formula_map": Field("formula", True, number_ok=True),
                      "text_map": Field("formula", True)}[kind]
        for name, item in value.items():
            if not name.strip():
                return f"expected {field.describe()}, got an empty name"
            problem = field_problem(item_field, item)
            if problem:
                return f"{name!r}: {problem}"
        return None
    if kind == "table":
        return None if isinstance(value, dict) else f"expected {field.describe()}, got {short(value)}"
    if kind == "tables":
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            return f"expected {field.describe()}, got {short(value)}"
        if len(value) > getattr(limits, field.most):
            return limit_message(f"the number of [[{field.of}]] entries,", len(value), field.most)
        return None
    raise AssertionError(f"unknown field kind {kind!r}")


def _table_name(kind: str) -> str:
    if kind == "":
        return "the derivation's top level"
    return kind if kind in ("gradient", "path", "little_o") else f"[[{kind}]]"


def validate_table(table: dict, kind: str, path: tuple, fail, required: bool = True,
                   per_link: bool = False, label: str | None = None) -> None:
    """Check ``table`` against ``SCHEMA[kind]`` (keys, types, ranges, required keys) and
    the tables inside it, before anything reads it.  ``fail(message, path)`` returns the
    error for the key at ``path`` (``('claim', 3, 'step', 0, 'latex')``);
    ``required=False`` skips the required keys of this table only (a Markdown
    annotation, whose line and LaTeX come from the display below it); ``label`` names
    the table in messages."""
    fields, where = SCHEMA[kind], label or _table_name(kind)
    for key in table:
        if key not in fields:
            raise fail(f"unknown key {key!r} in {where}{did_you_mean(key, fields)} (known: {', '.join(sorted(fields))})",
                       path + (key,))
    for key, field in fields.items():
        if key not in table:
            unless = _REQUIRED_UNLESS.get((kind, key))
            if required and field.required and not (unless and unless in table):
                raise fail(f"{where} needs the key {key!r}: {field.describe()}", path)
            continue
        value = table[key]
        problem = field_problem(field, value, per_link=per_link or kind == "step", name=key)
        if problem:
            raise fail(f"{key} in {where}: {problem}", path + (key,))
        if field.kind == "table":
            validate_table(value, field.of, path + (key,), fail)
        elif field.kind == "tables":
            for index, entry in enumerate(value):
                validate_table(entry, field.of, path + (key, index), fail)


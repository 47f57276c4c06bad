r"""``[[set]]``: the finite sets a document sums over and counts: an index set
``I = {1, …, 2N}`` (``\sum_{k \in I, k \neq i}``), or a set of members of a declared family
``S = {s_1, …, s_n}`` (``\sum_{s_i \in S}``, ``\frac{1}{|S|}``).  ``[n]`` and
``[\![1, n]\!]`` need no declaration.  With ``index`` and ``where``, a set defined by a
condition, with parameters (``P(i)``, ``N_i``, ``N(y_i)``): :mod:`.labels`."""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp

from ..latex.scope import SET_KEY, Distribution, Family, IndexSet, SampleDraw, Scope, form_key
from ..latex.parser import parse
from ..latex.translate import Translator
from .context import Context, read_formula, read_text, table_entries
from .labels import condition_set, read_labels
from .subsets import any_subset


def read_sets(spec: dict, scope: Scope, context: Context) -> Scope:
    """``scope`` with every ``[[set]]`` bound to its :class:`IndexSet`."""
    scope = read_labels(spec, scope, context)
    for entry in table_entries(spec, "set", context):
        name = read_text(entry, "name", context)
        if entry.get("any_subset") is True:
            lo = read_formula(entry.get("from", 1), scope, context, ("from",))
            if "to" not in entry:
                raise context.fail(f"set {name}: 'to' (its last possible member) is required", ("to",))
            scope = any_subset(entry, name, lo, read_formula(entry["to"], scope, context, ("to",)), scope,
                               context)
            continue
        for key in SAMPLE_KEYS:
            if key in entry and ("members" not in entry or any(k not in entry for k in SAMPLE_KEYS)):
                raise context.fail(f"set {name}: a sample set needs members, {', '.join(SAMPLE_KEYS)} together",
                                   (key,))
        for key in ("position", "positive_member", "draws_context"):
            if key in entry and "drawn_from" not in entry:
                raise context.fail(f"set {name}: '{key}' goes with a sample set (drawn_from, positive, context)",
                                   (key,))
        for key in ("index", "nonempty"):
            if key in entry and "where" not in entry:
                raise context.fail(f"set {name}: '{key}' goes with 'where' (a set defined by a condition)",
                                   (key,))
        members, records = None, ()
        if "members" in entry:
            written = read_text(entry, "members", context).strip()
            keys = [k.strip() for k in written[1:-1].split(",")] if written.startswith("(") else [written]
            # the samples x_1 … x_n (or x^{(i)}) of a point x are found by their script
            families = [next((m for m in (scope.lookup(k), scope.lookup(form_key(k, "subscript")),
                                          scope.lookup(form_key(k, "superscript"))) if isinstance(m, Family)),
                             None) for k in keys]
            if not all(isinstance(f, Family) and len(f.shape) == 1 for f in families) or "" in keys:
                raise context.fail(f"set {name}: members names a declared family of one dimension "
                                   "(its entries are the members), or a record of them, '(x, y)'", ("members",))
            if len({f.shape for f in families}) != 1 or len(set(keys)) != len(keys):
                raise context.fail(f"set {name}: the families of a record ({', '.join(keys)}) are distinct and "
                                   "of one length (the record r holds the r-th entry of each)", ("members",))
            if any(f.first for f in families):
                # its r-th member is the stored entry r: a set counted from 1 of a family
                # counted from 0 would name each member by another index than the family's
                raise context.fail(f"set {name}: the members of a set are counted from 1, and "
                                   f"{', '.join(keys)} is counted from 0 (from = 0): sum over the family's "
                                   "entries instead", ("members",))
            family = families[0]
            members = family.base
            if written.startswith("("):
                records = tuple((k, f.base) for k, f in zip(keys, families))
        if "to" in entry:
            hi = read_formula(entry["to"], scope, context, ("to",))
        elif members is not None:
            hi = family.shape[0]
        else:
            raise context.fail(f"set {name}: 'to' (its last member) is required without 'members'", ("to",))
        lo = read_formula(entry.get("from", 1), scope, context, ("from",))
        if sp.expand(hi - lo + 1).is_nonpositive:
            raise context.fail(f"set {name}: from {lo} to {hi} is empty", ("to",))
        if "where" in entry:
            scope = condition_set(entry, name, lo, hi, scope, context)
            continue
        found = IndexSet(name, sp.sympify(lo), sp.sympify(hi), members, records=records)
        # also under a key of its own: a definition may give the letter another meaning
        # (I(x;c) beside the index set I), and after \in only the set is meant
        scope = scope.bind(name, found).bind(SET_KEY + name, found)
    return scope


#: the keys of a sample set (X = {x_1, …, x_N} of one positive and N − 1 negatives)
SAMPLE_KEYS = ("drawn_from", "positive", "context")


def read_sample_draws(spec: dict, scope: Scope, context: Context) -> Scope:
    r"""``scope`` with each sample set (``[[set]]`` with ``drawn_from``, ``positive`` and
    ``context``) told how its members are drawn: the positive given the context from the
    distribution, the others from its marginal on the members.  Read after the
    distributions, which the sets come before."""
    for entry in table_entries(spec, "set", context):
        if "drawn_from" not in entry:
            continue
        name = read_text(entry, "name", context)
        found = scope.lookup(SET_KEY + name)
        distribution = scope.lookup(read_text(entry, "drawn_from", context))
        if not isinstance(distribution, Distribution) or found.members is None:
            raise context.fail(f"set {name}: drawn_from names a declared [[distribution]] of points",
                               ("drawn_from",))
        members = distribution.coordinate_of(found.members)
        if members is None:
            raise context.fail(f"set {name}: its members {entry.get('members', found.members)} are not a "
                               f"coordinate of {distribution.name} (declare them value_of one)", ("drawn_from",))
        positive = _point(entry["positive"], scope, context, "positive")
        if distribution.coordinate_of(positive) != members:
            raise context.fail(f"set {name}: the positive is a point of its members' coordinate "
                               f"({distribution.written[members]}, or a point declared value_of it)",
                               ("positive",))
        # x_{t+k} of the members x, or a point of its own (x^+ beside the negatives x^-)
        apart = getattr(positive, "base", None) != found.members
        given = _point(entry["context"], scope, context, "context")
        where = distribution.coordinate_of(given)
        if where is None or where == members:
            raise context.fail(f"set {name}: the context is a point of another coordinate of "
                               f"{distribution.name} than the members'", ("context",))
        position = read_text(entry, "position", context).strip() if "position" in entry else None
        if position is not None and not re.fullmatch(r"[A-Za-z]|\\[A-Za-z]+", position):
            raise context.fail(f"set {name}: position is one letter (the random place of the positive, "
                               "as p(d = i \\mid X, c) writes it)", ("position",))
        if position is not None and apart:
            raise context.fail(f"set {name}: position is the place of the positive among the members' entries; "
                               "this positive is written apart from them (the entries are the negatives), so it "
                               "has no place among them", ("position",))
        member = entry.get("positive_member") is True
        if member and not apart:
            raise context.fail(f"set {name}: positive_member says that a positive written apart from the members "
                               f"(x^* beside x_1, …) is one of {name} too; this positive is already a member",
                               ("positive_member",))
        drawn = entry.get("draws_context") is True
        sample = replace(found, sample=SampleDraw(distribution, positive, given, position, apart, member, drawn))
        scope = scope.bind(name, sample).bind(SET_KEY + name, sample)
    return scope


def _point(text: str, scope: Scope, context: Context, key: str):
    """The point a formula names (x, \\mathbf{x}, x_{t+k}, c_t); an error naming the key
    for anything else."""
    context.locator.at(context.path + (key,))
    where = context.locator.where(text)
    rows = parse(text, where).children[0].children
    chain = rows[0] if len(rows) == 1 else None
    point = None
    if chain is not None and chain.data == "chain" and len(chain.children) == 1:
        translator = Translator(text, scope, where)
        point = translator.as_point(translator.value(chain.children[0]))
    if point is None:
        raise context.fail(f"{key}: '{text}' is not a declared point (a [[scalar]] or [[family]] of role "
                           "\"point\", or an entry of one)", (key,))
    return point

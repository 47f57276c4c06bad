"""The claims of a specification: statements, steps and given conditions.

A claim's statement is one chain of relations; its steps are links of chains or
substitutions; a given condition must name something the claim evaluates.
"""
from __future__ import annotations


import sympy as sp

from ..errors import AmbiguousReading, DerivationError, SeveralChains
from ..latex.memberships import bounded_chain
from ..latex.parser import Where
from ..latex.printed import tolerance_of
from ..latex.scope import Scope
from ..latex.translate import translate_rows
from ..model.claims import Condition, Kind, Statement
from ..model.nodes import Optimum
from ..model.notation import Origin
from .approximations import approximation, closed, within_printed
from .bindings import check_effects, local_scope
from .builder import ProofBuilder, chain
from .chains import read_each_chain, several_chains
from .claim_names import check_given, claim_names, names_in
from .conditions import condition_of, rows_with_where_clauses
from .continued_steps import (Alone, StepText, alone_row, joined_note, joined_steps, refuse_fields_of_alone,
                              refuse_restated_after_alone)
from .context import Context, read_enum, read_formula, read_int, read_text
from .costs import check_cost, check_entries
from .effects import warn_unchanged, warn_unknown, warn_unused_sizes
from .implications import implication_parts, read_each_consequence
from .labels import nonempty_reading, unwritten_indices
from .condition_clauses import condition_clause, declared_indices
from .limit_clauses import limit_clause
from .proportional import proportional
from .readings import read_each_reading
from .statements import leading_relation, link_text, one_model
from .nothing_to_check import nothing_to_check_claim

_STEP_RELATIONS = {"=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
                   "same-direction": "same-direction", "->": "="}


def read_claim(entry: dict, context: Context) -> None:
    claim_path = context.path
    claim_id = read_text(entry, "id", context)
    origin = Origin(context.spec_path, context.locator.key_line(claim_path + ("id",))
                    or context.locator.origin(claim_id).line)
    entry, limit_read, limit_said = _clauses_after(entry, context)      # …, \quad \tau \to \infty; \quad (j \neq i)
    scope, bindings = local_scope(entry, context.scope, context)
    largest = dict(context.largest)
    sizes = {}
    for name, values in (entry.get("sizes") or {}).items():
        symbol = context.scope.names.get(name)
        if not any(symbol == declared.symbol for declared in context.builder._sizes):
            raise context.fail(f"sizes: {name!r} is not a declared size", ("sizes", name))
        sizes[symbol] = tuple(values)
        largest[symbol] = sp.Integer(max(values))
    if len(sizes) != len(entry.get("sizes") or {}):
        raise context.fail("sizes: a size is named twice", ("sizes",))
    for family in context.builder._families:
        check_entries(family.latex, family.shape, largest, context, ("sizes",))
    proof = None
    steps = entry.get("step") or []
    if steps:
        proof = ProofBuilder()
        alone = None        # a display that states no relation: the left side of the step after it
        for step in joined_steps(steps, claim_path, bool(entry.get("derived")), context):
            context.path = claim_path + ("step", step.number)
            context.locator.enter(context.path)
            if alone is not None and proof.steps and entry.get("derived"):
                raise alone.where.error(f"this {alone.what} states no relation: a derivation is one chain, and "
                                        "this expression starts another one after the displays above it (write "
                                        "the relation that links it to the display above, = … or \\leq …)")
            used, alone = _steps(step, proof, scope, context, largest, alone)
            bindings.used |= used
        if alone is not None:
            raise alone.where.error(f"this {alone.what} states no relation, and nothing after it goes on from it "
                                    "with one: an expression alone says nothing to check (write the relation it "
                                    "is part of, = … or \\leq …, in it or in the display after it)")
        context.path = claim_path
        context.locator.enter(claim_path)
    latex = entry.get("latex", "")
    statement = None
    if entry.get("derived") and "proportional_in" in entry:
        raise context.fail("proportional_in goes with a statement A \\propto B; a derived claim's statement is "
                           "its steps'", ("proportional_in",))
    if not entry.get("derived"):
        latex = read_text(entry, "latex", context)
        context.locator.at(claim_path + ("latex",))
        # θ ← m θ + (1 - m) θ_q, f : \mathcal{X} \to \mathbb{R}^d
        if nothing_to_check_claim(entry, limit_read or latex, scope, context):
            context.used |= bindings.used
            return None
        implied = implication_parts(limit_read or latex) if not entry.get("_implied") else []
        if implied:     # A \implies B: B where A holds (implications.py)
            return read_each_consequence(implied, entry, limit_read or latex, context, read_claim)
        try:
            statement, reading, extents = statement_of(limit_read or latex, scope, context, entry.get("proportional_in"))
        except AmbiguousReading as exc:          # \exp a/\tau: once per reading (readings.py)
            return read_each_reading(exc, entry, limit_read or latex, context, read_claim)
        except SeveralChains as exc:             # two equations in one display: one claim each (chains.py)
            return read_each_chain(exc, entry, limit_read or latex, context, read_claim)
        extents = "; ".join(filter(None, [limit_said, extents]))
        # a condition the notation states (nonempty positives), and how far a sum was read
        # to reach, are said with any reading
        stated = "; ".join(filter(None, [nonempty_reading(statement.terms, scope),
                                         unwritten_indices(statement.terms, limit_read or latex, scope)]))
        if reading or stated or extents:
            said = entry.get("reading") or reading
            entry = {**entry, "reading": "; ".join(part for part in (said, extents, stated) if part)}
        for term in statement.terms:
            check_cost(term, largest, context, ("latex",))
    given = []
    for number, text in enumerate(entry.get("given", ())):
        context.locator.at(claim_path + ("given",)) if number == 0 else None
        given.append(Condition(condition_of(text, scope, context), text))
    check_effects(bindings, scope, context, f"claim {claim_id}")
    warn_unknown(entry, context.scope, context, f"claim {claim_id}")
    warn_unchanged(entry, context.scope, context, f"claim {claim_id}", with_steps=True)
    context.used |= bindings.used
    factor = entry.get("conclusion_factor")
    context.builder.claim(
        claim_id, line=read_int(entry, "line", context), title=read_text(entry, "title", context),
        kind=read_enum(Kind, entry.get("kind", "identity"), context, origin), statement=statement,
        latex=latex or _derived_latex(steps), proof=proof, given=tuple(given),
        expect=entry.get("expect"), reading=entry.get("reading", ""), note=entry.get("note", ""),
        conclusion_expect=entry.get("conclusion_expect"), conclusion_note=entry.get("conclusion_note", ""),
        conclusion_factor=read_formula(factor, scope, context, ("conclusion_factor",)) if factor else None,
        sizes=sizes or None, origin=origin, restated_from=entry.get("restated_from", ""))
    claim = context.builder._claims[-1]
    names = claim_names(claim, context)
    check_given(claim, names, context)
    warn_unused_sizes(entry, claim, names | {n for c in claim.given for n in names_in(c.predicate)},
                      context)


def _clauses_after(entry: dict, context: Context) -> tuple[dict, str, str]:
    """The claim with the conditions on indices (load/condition_clauses.py) and the limit
    (load/limit_clauses.py) its display writes after the statement."""
    if entry.get("derived") or not isinstance(entry.get("latex"), str):
        return entry, "", ""
    entry, statement, conditions = condition_clause(entry, entry["latex"], declared_indices(context.scope))
    try:
        entry, statement, limit = limit_clause(entry, statement)
    except ValueError as disagree:
        raise context.fail(str(disagree), ("latex",)) from None
    return entry, statement, "; ".join(filter(None, [conditions, limit]))


def _derived_latex(steps: list) -> str:
    return " ".join(step.get("latex", "").strip() for step in steps[:1])


def statement_of(latex: str, scope: Scope, context: Context, proportional_in=None) -> tuple[Statement, str, str]:
    """The statement a claim's LaTeX makes, the reading it implies ("" but for ≈ and ∝), and
    the readings its text needed (how far a sum reaches: latex/translate/extents.py)."""
    where = context.locator.where(latex)
    rows, said = rows_with_where_clauses(latex, scope, where)
    extents = "; ".join([reading for row in rows for reading in row.readings] + said)
    if [r for row in rows for r in row.relations] == ["\\propto"] and len(rows) == 1:
        return (*proportional(rows[0].sides[0].expr, rows[0].sides[1].expr, proportional_in or (), context,
                              where), extents)
    if proportional_in is not None:
        raise where.error("proportional_in goes with a statement A \\propto B (one ∝, nothing else)")
    approximate = approximation(rows, latex, where)
    if approximate is not None:
        return (*approximate, extents)
    terms, relations = [], []
    for row in rows:
        if row.continues and not terms:
            raise where.error(leading_relation(latex))
        if not row.continues and terms:
            raise several_chains(latex, rows, where)
        if not terms:
            terms.append(row.sides[0].expr)
            sides = row.sides[1:]
        else:
            sides = row.sides
        for relation, side in zip(row.relations, sides):
            relations.append("tends" if _unwritten_limit(relation, terms[-1])
                             else _relation(relation, where, unchecked=True))
            terms.append(side.expr)
    terms, relations = bounded_chain(terms, relations, rows[-1].within, where)
    if not relations:
        read = [r for r in rows[-1].readings if r.startswith("'\\in")]
        if read:
            raise where.error(f"{read[0]}; it states no relation to check")
        optima = terms[0].atoms(Optimum) if isinstance(terms[0], sp.Basic) else set()
        if optima:
            shown = min(o.shown() for o in optima)
            raise where.error(f"an objective ({shown} …) states no relation to check: mark the display unchecked "
                              "(an [[unchecked]] entry); a definition by an optimum, \\hat{\\theta} = \\arg\\min_\\theta …, "
                              "is read in a [[define]]")
        raise where.error("a statement needs a relation (=, <, \\leq, …)")
    one_model(terms, where)
    parts = [terms[0]]
    for relation, term in zip(relations, terms[1:]):
        parts += [relation, term]
    return chain(*parts), "", extents


def definition_chain_claim(claim_id: str, title: str, line: int, written, where: Where,
                           context: Context) -> dict:
    """The claim that a chain written in a definition (``\\mathcal{L} = A = B``) makes:
    its statement is the links after the definition (``A = B``), related as a claim's
    ``latex`` relates them and kind as the links say.  Returned as the arguments of
    :meth:`DocumentBuilder.claim`, so that the definition records nothing until every
    part of it has been read."""
    reading = ""
    last = written.links[-1]
    if last.relation == "\\approx" and last.printed and tolerance_of(last.printed) is not None \
            and all(link.relation == "=" for link in written.links[:-1]) \
            and all(closed(link.lhs) for link in written.links):
        # A = B ≈ 0.693: v − t ≤ A = B ≤ v + t, as a claim reads it (approximation)
        statement, reading = within_printed([link.lhs for link in written.links], last.rhs,
                                            tolerance_of(last.printed), last.printed)
    else:
        parts = [written.links[0].lhs]
        for link in written.links:
            parts += [_relation(link.relation, where, unchecked=True), link.rhs]
        statement = chain(*parts)
    one_model(statement.terms, where)
    for term in statement.terms:
        check_cost(term, context.largest, context, ("latex",))
    if claim_id in context.builder._claim_ids:
        # a name defined again (the LSE of a later section): its chain is told apart by its line
        claim_id = f"{claim_id}-line-{line + written.offset}"
    if claim_id in context.builder._claim_ids:
        raise where.error(f"the claim {claim_id!r} that the chain of this definition makes has the id "
                          "of another claim; give the definition another name")
    kind = Kind.IDENTITY if all(link.relation in ("=", *_UNCHECKED) for link in written.links) else Kind.INEQUALITY
    if written.arguments:
        names = ", ".join(name for name, _ in written.arguments)
        reading = "; ".join(filter(None, [reading, f"for every real {names} (the definition's argument"
                                          f"{'s' if len(written.arguments) > 1 else ''}: "
                                          "no domain is declared)"]))
    offset = written.offset
    return dict(id=claim_id, line=line + offset, title=title, kind=kind, statement=statement,
                latex=written.text, origin=Origin(where.path, where.line + offset), reading=reading)


#: links a statement's chain reads and the checker does not decide (the others are checked)
_UNCHECKED = {"\\approx": "approx", "\\simeq": "approx", "\\propto": "propto", "\\sim": "sim",
              "\\gg": "much_gt", "\\ll": "much_lt"}


def _unwritten_limit(symbol: str, lhs) -> bool:
    r"""Whether ``A \to B`` links two expressions: it reads as A = B only where A is a limit
    written out (``\lim_{K \to \infty} I^K \to I``); between two expressions it says that one
    tends to the other under a limit the display does not write (as N → ∞, in the prose):
    equality would be a misreading, so the link is read and not decided."""
    return _STEP_RELATIONS.get(symbol) == "=" and symbol != "=" and not getattr(lhs, "has", lambda *_: False)(sp.Limit)


_WRITTEN = {"!=": "\\neq", "->": "\\to", "=>": "\\implies", "same-direction": "\\equiv", "in": "\\in"}  # as written


def _relation(symbol: str, where: Where, unchecked: bool = False) -> str:
    if unchecked and symbol in _UNCHECKED:
        return _UNCHECKED[symbol]
    try:
        return _STEP_RELATIONS[symbol]
    except KeyError:
        hint = " (a tolerance is not stated; restate the step with = or an inequality, with restated_from)" \
            if symbol in ("\\approx", "\\simeq", "\\sim") else ""
        raise where.error(f"the relation '{_WRITTEN.get(symbol, symbol)}' is not one the checker decides{hint}") from None


def _per_link(value, index: int):
    if isinstance(value, list):
        return value[index] if index < len(value) else None
    return value


def _steps(step: StepText, proof: ProofBuilder, scope: Scope, context: Context, largest: dict,
           alone: Alone | None) -> tuple[set, Alone | None]:
    """Add the links of one step; return what its formulas looked up, and a display or row that
    states no relation, the left side of the step after it."""
    entry = step.entry
    latex = read_text(entry, "latex", context)
    line = read_int(entry, "line", context)
    outer = scope
    scope, bindings = local_scope(entry, scope, context)
    context.locator.at(context.path + ("latex",))
    where = step.where or context.locator.where(latex)
    before = len(proof.steps)
    if alone is not None and ("substitute_in" in entry or "after" in entry):
        key = "substitute_in" if "substitute_in" in entry else "after"
        raise alone.where.error(f"this {alone.what} states no relation, and the step after it has {key}: it "
                                "goes on from another step, so this expression would be left unchecked")
    if "substitute_in" in entry:
        _substitution(entry, latex, line, where, proof, scope)
    else:
        alone = _links(entry, latex, step, where, proof, scope, context, alone)
    for step in proof.steps[before:]:
        one_model((step.lhs, step.rhs), where)
        check_cost(step.lhs, largest, context, ("latex",))
        check_cost(step.rhs, largest, context, ("latex",))
    check_effects(bindings, scope, context, f"the step at line {line}")
    warn_unknown(entry, outer, context, f"the step at line {line}")
    warn_unchanged(entry, outer, context, f"the step at line {line}", with_steps=False)
    return bindings.used, alone


def _links(entry: dict, latex: str, step: StepText, where: Where, proof: ProofBuilder, scope: Scope,
           context: Context, alone: Alone | None) -> Alone | None:
    """Add the links of a step's rows; return its last row if that row states no relation (the
    left side of the step after it), else None."""
    rows, said = rows_with_where_clauses(latex, scope, where)     # …, \quad p_i = …: said in each link's note
    link = 0
    after = entry.get("after")
    line = entry.get("line")
    lone = []       # the rows of this display that state no relation
    pending = alone
    for row in rows:
        sides = list(row.sides)
        if pending is not None and not row.continues:
            after_it = "row" if pending in lone else "display"
            raise pending.where.error(f"this {pending.what} states no relation, and the {after_it} after it does "
                                      "not go on from it (it opens with no relation): an expression alone says "
                                      "nothing to check")
        refuse_restated_after_alone(entry, pending, lone, context)
        lhs = (pending.expr if pending is not None else None) if row.continues else sides.pop(0).expr
        if not row.relations:
            pending = alone_row(lhs, row, len(rows), latex, where, step)
            lone.append(pending)
            continue
        for position, (relation, side) in enumerate(zip(row.relations, sides)):
            text = link_text(latex, row, position)
            # a link belongs to the line its right side starts on
            offset = latex.count("\n", 0, side.start)
            row_line = step.line_at(side.start) or line + offset
            # displays joined: each part where it is written, the left side's display first
            above = pending is not None and pending not in lone and position == 0    # its left side: a display above
            pieces = step.pieces(text, side.start) or (((row_line, text),) if above else ())
            pieces = (pending.pieces if above else ()) + pieces
            text = "\n".join(piece for _, piece in pieces) or text
            origin = Origin(where.path, where.line + offset)
            if lhs is not None and _unwritten_limit(relation, lhs):
                # a proof's step is decided, or it is no step: an arrow between expressions is neither
                raise where.error("an arrow (\\to, \\rightarrow) between two expressions says that one tends to "
                                  "the other under a limit this display does not write: it is not a step; write "
                                  "the limit in the variable it is taken in, \\lim_{\\tau \\to \\infty} A = B or \\lim_{N \\to \\infty} A = B")
            kwargs = dict(rel=_relation(relation, where), latex=text,
                          note="; ".join(filter(None, [_per_link(entry.get("note", ""), link), *said, joined_note(pieces)])),
                          expect=_per_link(entry.get("expect"), link) or None, origin=origin,
                          restated_from=entry.get("restated_from", ""), pieces=pieces)
            if lhs is not None:
                proof.step(row_line, side.expr, lhs=lhs, **kwargs)
            elif after is not None:
                proof.step(row_line, side.expr, after=after, **kwargs)
                after = None
            else:
                proof.step(row_line, side.expr, **kwargs)
            lhs = None
            link += 1
        pending = None
    for key in ("expect", "note"):
        if isinstance(entry.get(key), list) and len(entry[key]) > link:
            raise context.fail(f"{key} has {len(entry[key])} entries, one per link, but the step has "
                               f"{link} link{'s' if link != 1 else ''}", key)
    refuse_fields_of_alone(entry, pending, link, context)
    return pending


def _substitution(entry: dict, latex: str, line: int, where: Where, proof: ProofBuilder,
                  scope: Scope) -> None:
    """A line that sets a name (``t = …``, as the document writes it), read as the
    statement of the step at line ``substitute_in`` with the name replaced: the step the
    document takes by "setting t = …" in an earlier inequality."""
    rows = translate_rows(latex, scope, where)
    if len(rows) != 1 or rows[0].relations != ("=",) or not isinstance(rows[0].sides[0].expr, sp.Symbol):
        raise where.error("a substitution is one formula 'name = expression'")
    name, value = rows[0].sides[0].expr, rows[0].sides[1].expr
    into = entry["substitute_in"]
    earlier = [step for step in proof.steps if step.line == into]
    if len(earlier) != 1 or not (earlier[0].lhs.has(name) or earlier[0].rhs.has(name)):
        raise DerivationError(f"substitute_in = {into!r}: there must be one earlier step at that line, "
                              f"and it must use {name}", where.path, where.line)
    step = earlier[0]
    proof.step(line, step.rhs.xreplace({name: value}), lhs=step.lhs.xreplace({name: value}),
               rel=step.relation, latex=latex, note=entry.get("note", ""),
               expect=entry.get("expect"), origin=Origin(where.path, where.line),
               restated_from=entry.get("restated_from", ""))

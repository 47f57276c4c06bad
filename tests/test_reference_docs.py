"""docs/reference.md against the code it documents.

The reference lists every table and key of a derivation (``SCHEMA``), every field of a
Markdown annotation (``_KEYS``), every domain, role, operator meaning, claim kind and
expected verdict, the values sampling tries, and the limits.  Each test reads one part
of the page and compares it with the code in both directions: a key, value or limit the
code has and the page does not, or one the page names and the code does not have,
fails here, naming it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from contrastive_sym.check.sampling.points import SCALE_LADDER, _SCALARS, format_value
from contrastive_sym.latex.scope import OperatorKind
from contrastive_sym.load import limits
from contrastive_sym.load.markdown_annotations import _KEYS, _SCHEMA_OF, _TABLE_KEYS
from contrastive_sym.load.schema import _REQUIRED_UNLESS, SCHEMA, Field
from contrastive_sym.model.claims import Expectation, Kind
from contrastive_sym.model.notation import Domain, Role

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "reference.md"
TEXT = REFERENCE.read_text(encoding="utf-8")
_TICKED = re.compile(r"`([^`]+)`")


def _section(heading: str) -> str:
    """The text under a heading (``## Domains`` or ``### `[[size]]```) up to the next
    heading of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    lines = TEXT.split("\n")
    assert heading in lines, f"docs/reference.md has no section {heading!r}"
    start = lines.index(heading) + 1
    end = next((n for n in range(start, len(lines))
                if re.match(r"#{1,%d} " % len(level), lines[n])), len(lines))
    return "\n".join(lines[start:end])


def _rows(section: str) -> list[list[str]]:
    """The body rows of the first Markdown table of a section, as lists of cells."""
    rows = [line for line in section.split("\n") if line.startswith("|")]
    assert len(rows) >= 3, "the section has no table"
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows[2:]]


def _first_ticked(cell: str) -> str:
    found = _TICKED.search(cell)
    assert found, f"no `name` in the cell {cell!r}"
    return found.group(1)


def _heading(kind: str) -> str:
    """The heading of a schema table's section: ``[[x]]`` for a list of tables."""
    if kind == "":
        return "### Top level"
    if kind == "step":
        return "### `[[claim.step]]`"
    listed = any(f.kind == "tables" and f.of == kind for f in SCHEMA[""].values())
    return f"### `[[{kind}]]`" if listed else f"### `{kind}`"


def _documented_keys(kind: str) -> dict[str, list[str]]:
    return {_first_ticked(row[0]): row for row in _rows(_section(_heading(kind)))}


#: The limit each kind of value is checked against (schema.field_problem): the page
#: must name it in the key's row.
def _limit_of(field: Field, kind: str) -> str | None:
    if field.kind == "expect":   # a list, one per link, only in a step
        return "MAX_ITEMS" if kind == "step" else None
    return {"text": "MAX_TEXT_CHARS", "note": "MAX_TEXT_CHARS", "formula": "MAX_FORMULA_CHARS",
            "line": "MAX_LINE", "step_number": "MAX_STEPS", "size": "MAX_SIZE",
            "sizes": "MAX_CHECKED_SIZES", "size_map": "MAX_ITEMS", "formula_map": "MAX_ITEMS",
            "text_map": "MAX_ITEMS", "formulas": field.most, "tables": field.most}.get(field.kind)


@pytest.mark.parametrize("kind", sorted(SCHEMA))
def test_every_key_of_every_table_is_documented_and_nothing_else(kind):
    documented = _documented_keys(kind)
    assert set(documented) == set(SCHEMA[kind]), (
        f"{_heading(kind)}: documented but not in SCHEMA: {sorted(set(documented) - set(SCHEMA[kind]))}; "
        f"in SCHEMA but not documented: {sorted(set(SCHEMA[kind]) - set(documented))}")


@pytest.mark.parametrize("kind", sorted(SCHEMA))
def test_each_key_row_states_the_type_required_flag_limit_and_choices_the_code_checks(kind):
    for key, (name, type_cell, required, default, limit, meaning, example) in _documented_keys(kind).items():
        field = SCHEMA[kind][key]
        where = f"{_heading(kind)} `{key}`"
        assert _first_ticked(type_cell) == field.kind, f"{where}: type {type_cell!r}, the code: {field.kind}"
        assert ("integer" in type_cell) == field.number_ok, f"{where}: 'or integer' is {field.number_ok}"
        if field.kind in ("table", "tables"):
            assert f"#{field.of}" in type_cell.replace("claimstep", "step"), \
                f"{where}: should link to the section of {field.of!r}"
        assert required.startswith("yes") == field.required, f"{where}: required is {field.required}"
        unless = _REQUIRED_UNLESS.get((kind, key))
        assert (unless is None) == ("unless" not in required), f"{where}: required unless {unless}"
        if unless:
            assert f"`{unless}`" in required
        expected_limit = _limit_of(field, kind)
        if expected_limit:
            assert f"`{expected_limit}`" in limit, f"{where}: the limit is {expected_limit}"
        else:
            assert "MAX_" not in limit, f"{where}: the code checks no limit here"
        for choice in field.choices:
            assert f"`{choice}`" in type_cell, f"{where}: the choice {choice!r} is not listed"
        assert set(_TICKED.findall(type_cell.split(":", 1)[1])) <= set(field.choices) \
            if field.kind == "choice" else True, f"{where}: lists a choice the code does not have"
        assert meaning and example and default, f"{where}: a cell is empty"


def test_the_markdown_annotations_list_exactly_their_fields():
    rows = _rows(_section("## Markdown annotations"))
    documented = {}
    for annotation, fields, checked_against, _ in rows:
        directive = re.match(r"`<!-- ([\w-]+)", annotation).group(1)
        documented[directive] = set(_TICKED.findall(fields))
        anchor = _heading(_SCHEMA_OF[directive]).split(" ", 1)[1].strip("`").replace("[", "") \
            .replace("]", "").replace(".", "").replace("Top level", "top-level").lower()
        assert f"(#{anchor})" in checked_against, f"{directive}: checked against {_SCHEMA_OF[directive]!r}"
    assert set(documented) == set(_KEYS)
    for directive, keys in _KEYS.items():
        assert documented[directive] == set(keys), (
            f"<!-- {directive} -->: documented but not a field: {sorted(documented[directive] - set(keys))}; "
            f"a field not documented: {sorted(set(keys) - documented[directive])}")


def test_the_tables_inside_annotations_have_the_keys_of_their_toml_sections():
    for key, inner in _TABLE_KEYS.items():
        assert set(_documented_keys(key)) == set(inner), key
        assert f"`{key}`" in _section("## Markdown annotations").replace("[[", "").replace("]]", "")


def _enum_rows(heading: str) -> dict[str, list[str]]:
    return {_first_ticked(row[0]): row for row in _rows(_section(heading))}


@pytest.mark.parametrize("heading, values", [
    ("## Domains", {d.value for d in Domain}),
    ("## Roles", {r.value for r in Role}),
    ("## Operator meanings", {k.value for k in OperatorKind}),
    ("## Claim kinds", {k.value for k in Kind}),
    ("## Expected verdicts", {e.value for e in Expectation}),
])
def test_every_enum_value_has_one_row_and_no_row_names_another(heading, values):
    assert set(_enum_rows(heading)) == values


@pytest.mark.parametrize("enum", [Domain, Role])
def test_the_other_spellings_listed_are_the_member_names_the_loader_accepts(enum):
    rows = _enum_rows("## Domains" if enum is Domain else "## Roles")
    for member in enum:
        assert f"`{member.name}`" in rows[member.value][1]
    # the spelling the issue asked for: "unit_interval" is [-1, 1]
    assert "`unit_interval`" in _enum_rows("## Domains")["[-1, 1]"][1]


def test_the_sampled_values_of_each_domain_and_the_scale_ladder_are_the_codes():
    rows = _enum_rows("## Domains")
    for domain, values in _SCALARS.items():
        assert rows[domain.value][3] == ", ".join(format_value(v) for v in values), domain
    ladder = ", ".join(format_value(v) for v in SCALE_LADDER)
    assert f"the ladder {ladder}," in _enum_rows("## Roles")["scale"][3]


def test_the_quantity_meanings_are_the_codes():
    documented = _documented_keys("quantity")["meaning"][1]
    assert set(_TICKED.findall(documented.split(":", 1)[1])) == set(SCHEMA["quantity"]["meaning"].choices)


def test_every_limit_is_listed_with_its_value():
    rows = {_first_ticked(row[0]): row[1] for row in _rows(_section("## Limits"))}
    assert set(rows) == set(limits.__all__)
    for name in limits.__all__:
        assert rows[name] == f"{getattr(limits, name):,}", name


def test_every_value_type_used_by_the_schema_is_explained_and_every_one_explained_exists():
    documented = {_first_ticked(row[0]) for row in _rows(_section("## Value types"))}
    used = {field.kind for table in SCHEMA.values() for field in table.values()}
    assert used <= documented, sorted(used - documented)
    for kind in documented:   # a kind the schema does not know has no description
        Field(kind, of="ellipsis", choices=("a",)).describe()

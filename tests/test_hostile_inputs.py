"""A corpus of malformed and hostile inputs: each is a clear error, promptly.

Every case runs ``contrastive_sym.cli.main`` in-process and asserts: exit code 2,
exactly one line on stderr, naming the file (and the line, where there is one), no
traceback, nothing written to ``--output``, within 10 s (a bound on a hang, not a
benchmark).  The wrong-type cases are generated from the schema
(:data:`contrastive_sym.load.schema.SCHEMA`), so a new key is covered as soon as it
is declared there.
"""
from __future__ import annotations

import copy
import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from contrastive_sym.load import limits
from contrastive_sym.cli import EXIT_INPUT, EXIT_INTERNAL, main
from contrastive_sym.load.schema import SCHEMA, field_problem
from contrastive_sym.pipeline import toml_key, toml_value

SECONDS = 10


# --- writing TOML, remembering the line of every key ----------------------------------

def dump(spec: dict) -> tuple[str, dict]:
    """TOML text of ``spec`` and the line of each key path (``('claim', 0, 'step', 0, 'latex')``);
    lists of tables at the top level and ``step`` become [[…]] sections, other tables inline."""
    lines, where = [], {}

    def table(entries: dict, path: tuple, sections: bool) -> None:
        later = []
        for key, value in entries.items():
            is_tables = isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
            if sections and (is_tables and (not path or key == "step")):
                later.append((key, value))
                continue
            where[path + (key,)] = len(lines) + 1
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
        for key, value in later:
            for number, entry in enumerate(value):
                dotted = ".".join(str(p) for p in path if isinstance(p, str)) + ("." if path else "") + key
                lines.append("")
                where[path + (key, number)] = len(lines) + 1
                where[path + (key,)] = where.get(path + (key,), len(lines) + 1)
                lines.append(f"[[{dotted}]]")
                table(entry, path + (key, number), sections=True)

    table(spec, (), sections=True)
    return "\n".join(lines) + "\n", where


# --- a document with every table of the schema ------------------------------------------

BASE = {
    "id": "hostile", "title": "Hostile inputs", "source": "hostile.txt", "read_as": {"h_1": "g_1"},
    "gradient": {"by": "g", "directions": "v"},
    "path": {"parameter": r"\theta", "moves": "g", "along": "v"},
    # "equals" beside minimum and checked is refused by the loader, after the schema: every
    # wrong value below is still the first error, and a valid base uses no equals
    "size": [{"name": "n", "minimum": 1, "checked": [1, 2, 3], "equals": "1"}],
    "scalar": [{"name": r"\tau", "domain": "positive", "role": "scale", "symbol": "tau", "display": r"\tau",
                "value_of": "u", "drawn_from": "p", "equals": "1", "value_shape": []},
               {"name": r"\theta"}, {"name": "u", "role": "point"}],
    "family": [{"name": "g", "shape": ["n"], "domain": "real", "role": "value", "symbol": "g",
                "display": "g", "index_written": "subscript", "value_of": "u", "drawn_from": "p", "from": 1, "value_shape": [],
                "values": [1, "n"], "index": "k", "equals": "k"},
               {"name": "v", "shape": ["n"]}],
    "function": [{"name": "f", "arguments": 1, "shape": ["n"], "domain": "real", "role": "value",
                  "symbol": "f", "display": "f", "understood": ["n"]}],
    "set": [{"name": "S", "from": 1, "to": "n", "members": "g", "index": "p", "where": "p \\neq 1", "nonempty": False,
             "any_subset": False, "drawn_from": "P", "positive": "u", "context": "u", "position": "d",
             "positive_member": False, "draws_context": False}],
    "distribution": [{"name": "P", "symbol": "P", "of": ["u"], "given": ["i"], "mixture": {"Q": "1"},
                      "discrete": False, "markov": False, "measure": "M", "marginal_of": "Q"}],
    "macro": [{"name": r"\half", "arguments": 1, "body": r"\frac{#1}{2}"}],
    "index": [{"name": "i", "from": "1", "to": "n", "distinct_from": [], "positive_of": "k", "samples": "n",
               "pairing": "halves"},
              {"name": "j", "positive_of": "i", "samples": "n"}],
    "operator": [{"name": r"\mathbb{E}", "meaning": "expectation", "of": "g", "line": 2, "latex": r"\mathbb{E}"}],
    "quantity": [{"name": "I(X; Y)", "meaning": "mutual information", "line": 2, "latex": "I(X; Y)", "of": "P"}],
    "pair_set": [{"name": r"\mathcal{MB}", "samples": "n", "anchors": "n"}],
    "define": [{"name": "S", "line": 1, "latex": r"S = \sum_{k=1}^n g_k", "restated_from": "", "read": True,
                "expect": "holds"}],
    "unchecked": [{"line": 9, "reason": "not encoded"}],
    "section": [{"line": 5, "title": "a section", "size": [{"name": "m", "minimum": 1, "checked": [1, 2]}],
                 "scalar": [{"name": "w"}], "family": [{"name": "h", "shape": ["n"]}],
                 "function": [{"name": "q", "arguments": 1}], "index": [{"name": "l", "to": "n"}],
                 "set": [{"name": "T", "to": "n"}], "distribution": [{"name": "R", "of": ["u"]}],
                 "operator": [{"name": r"\mathbb{F}", "meaning": "expectation"}],
                 "quantity": [{"name": "J(X; Y)", "meaning": "mutual information"}]}],
    "claim": [{
        "id": "c", "line": 3, "title": "a claim", "kind": "identity", "latex": "g_1 = g_1",
        "derived": False, "expect": "holds", "reading": "r", "note": "n", "given": [r"n \geq 1"], "proportional_in": ["g"],
        "sizes": {"n": [1, 2]}, "conclusion_expect": "holds", "conclusion_note": "c",
        "conclusion_factor": "1", "restated_from": "", "let": {"m": "n"}, "read_as": {"a": "b"},
        "differentiates": "g_1",
        "ellipsis": [{"first": "1", "last": "n", "lo": "1", "hi": "n", "skip": "i"}],
        "little_o": {"variable": r"\tau", "at": "0"},
        "pair_set": [{"name": r"\mathcal{P}", "samples": "n", "anchors": "n"}],
        "define": [{"name": "T", "line": 1, "latex": "T = g_1"}],
        "step": [{"line": 4, "latex": "g_1 = g_1", "expect": "holds", "note": "s", "restated_from": "",
                  "after": 1, "substitute_in": 3, "let": {"m": "n"}, "read_as": {"a": "b"},
                  "differentiates": "g_1",
                  "ellipsis": [{"first": "1", "last": "n", "lo": "1", "hi": "n"}],
                  "little_o": {"variable": r"\tau", "at": 0},
                  "pair_set": [{"name": r"\mathcal{Q}", "samples": "n", "anchors": "n"}],
                  "define": [{"line": 1, "latex": "U = g_1"}]}],
    }],
}
#: Where the base document has a table of each kind of the schema.
TABLE_PATHS = {"": (), "gradient": ("gradient",), "path": ("path",), "size": ("size", 0),
               "scalar": ("scalar", 0), "family": ("family", 0), "index": ("index", 0),
               "function": ("function", 0), "set": ("set", 0), "distribution": ("distribution", 0), "macro": ("macro", 0),
               "operator": ("operator", 0), "quantity": ("quantity", 0), "pair_set": ("pair_set", 0),
               "define": ("define", 0), "unchecked": ("unchecked", 0), "section": ("section", 0),
               "claim": ("claim", 0),
               "step": ("claim", 0, "step", 0), "ellipsis": ("claim", 0, "ellipsis", 0),
               "little_o": ("claim", 0, "little_o")}


def test_every_table_of_the_schema_is_in_the_base_document():
    assert set(TABLE_PATHS) == set(SCHEMA), "add the new table to BASE and TABLE_PATHS"
    for kind, path in TABLE_PATHS.items():
        table = BASE
        for key in path:
            table = table[key]
        assert set(table) == set(SCHEMA[kind]), f"BASE lacks keys of {kind!r}"


def _wrong_values(field) -> list:
    kind = field.kind
    long_text = "x" * (limits.MAX_FORMULA_CHARS + 1)
    values = {
        "text": [1, True, [], {"a": 1}, "x" * (limits.MAX_TEXT_CHARS + 1)],
        "formula": [True, [], {"a": 1}, 1.5, long_text],
        "line": ["3", 0, -2, 1.5, True, limits.MAX_LINE + 1],
        "size": ["2", 0, -1, 2.5, limits.MAX_SIZE + 1, 10 ** 18],
        "sizes": ["1", 3, [], ["a"], [0], [-1], [10 ** 9], list(range(1, limits.MAX_CHECKED_SIZES + 2))],
        "size_map": ["n", [1], {"n": "2"}, {"n": [10 ** 9]}, {"n": []}],
        "formulas": ["x", 3, [1.5], [True], [{"a": 1}]],
        "formula_map": ["n", [1], {"n": True}, {"n": []}],
        "text_map": ["a", [1], {"a": 1}],
        "choice": [1, "nonsense", []],
        "expect": [1, "nope", ["proved", "nope"]],
        "note": [1, [1], {"a": 1}],
        "bool": ["yes", 1],
        "first": ["0", 2, -1, True, 0.5, [], [0, 2], [0] * (limits.MAX_RANK + 1)],
        "step_number": ["1", 0, limits.MAX_STEPS + 1],
        "table": ["x", 1, [1]],
        "tables": ["x", 1, [1]],
    }[kind]
    if kind == "formula" and not field.number_ok:
        values.append(7)
    if kind == "formulas" and field.most == "MAX_RANK":
        values.append(["n"] * (limits.MAX_RANK + 1))
    return values


WRONG_TYPES = [(kind, key, value) for kind, fields in SCHEMA.items() for key, field in fields.items()
               for value in _wrong_values(field)]
MISSING = [(kind, key) for kind, fields in SCHEMA.items() for key, field in fields.items()
           if field.required and not (kind, key) in {("claim", "latex"), ("index", "to")}]


def run(args: list[str], capsys, tmp_path: Path | None = None):
    started = time.monotonic()
    code = main(args)
    elapsed = time.monotonic() - started
    captured = capsys.readouterr()
    return code, captured.err, captured.out, elapsed


def assert_input_error(code, err, elapsed, path, line=None, output: Path | None = None, needle=None):
    assert code == EXIT_INPUT, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert err.startswith(f"contrastive-verify: error: {path}"), err
    if line is not None:
        assert err.startswith(f"contrastive-verify: error: {path}:{line}:"), (line, err)
    if needle is not None:
        assert needle in err, err
    if output is not None:
        assert not output.exists()
    assert elapsed < SECONDS


def write(tmp_path: Path, spec: dict, name="d.toml") -> tuple[Path, dict]:
    text, where = dump(spec)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, where


def _set(spec: dict, path: tuple, value) -> None:
    table = spec
    for key in path[:-1]:
        table = table[key]
    table[path[-1]] = value


@pytest.mark.parametrize("kind, key, value", WRONG_TYPES,
                         ids=[f"{k or 'top'}.{key}={str(v)[:20]!r}" for k, key, v in WRONG_TYPES])
def test_a_wrong_type_or_range_for_every_key_of_the_schema(tmp_path, capsys, kind, key, value):
    spec = copy.deepcopy(BASE)
    _set(spec, TABLE_PATHS[kind] + (key,), value)
    path, where = write(tmp_path, spec)
    output = tmp_path / "out.json"
    code, err, _, elapsed = run([str(path), "--format", "json", "--output", str(output)], capsys)
    key_path = TABLE_PATHS[kind] + (key,)
    line = where.get(key_path) or where.get(TABLE_PATHS[kind])
    assert_input_error(code, err, elapsed, path, line, output, needle=key)


@pytest.mark.parametrize("kind, key", MISSING, ids=[f"{k or 'top'}.{key}" for k, key in MISSING])
def test_a_missing_required_key(tmp_path, capsys, kind, key):
    spec = copy.deepcopy(BASE)
    table = spec
    for part in TABLE_PATHS[kind]:
        table = table[part]
    del table[key]
    path, where = write(tmp_path, spec)
    code, err, _, elapsed = run([str(path)], capsys)
    line = where.get(TABLE_PATHS[kind]) if kind else None
    assert_input_error(code, err, elapsed, path, line, needle=repr(key))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(target=st.sampled_from([(k, key) for k, fields in SCHEMA.items() for key in fields]),
       value=st.one_of(st.integers(min_value=-10 ** 20, max_value=10 ** 20), st.booleans(),
                       st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
                       st.lists(st.one_of(st.integers(), st.text(max_size=3)), max_size=20),
                       st.dictionaries(st.text(alphabet="abnx", min_size=1, max_size=2),
                                       st.one_of(st.integers(), st.text(max_size=3)), max_size=3)))
def test_random_values_of_wrong_types_and_sizes(tmp_path_factory, capsys, target, value):
    kind, key = target
    field = SCHEMA[kind][key]
    assume(field_problem(field, value, per_link=kind == "step", name=key) is not None)
    spec = copy.deepcopy(BASE)
    _set(spec, TABLE_PATHS[kind] + (key,), value)
    path, where = write(tmp_path_factory.mktemp("h"), spec)
    code, err, _, elapsed = run([str(path)], capsys)
    line = where.get(TABLE_PATHS[kind] + (key,)) or where.get(TABLE_PATHS[kind])
    assert_input_error(code, err, elapsed, path, line)


# --- documents that load, and hostile variations of them -------------------------------------

GOOD = """\
id = "good"
title = "Good"
source = "good.txt"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 't'
domain = "positive"

[[family]]
name = 'x'
shape = ['n']

[[define]]
line = 1
latex = 'S = \\sum_{k=1}^{n} x_k'

[[claim]]
id = "c"
line = 3
title = "c"
latex = 'x_1 + t = t + x_1'
"""
CLAIM_LINE = GOOD.splitlines().index("[[claim]]") + 1


def test_the_good_document_loads(tmp_path, capsys):
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    code, err, _, _ = run([str(path), "--no-symbolic"], capsys)
    assert code == 0 and err == "", err   # nothing unused, no warning


def _claim(extra: str, latex: str = "x_1 + t = t + x_1") -> str:
    return GOOD.replace("latex = 'x_1 + t = t + x_1'\n", f"latex = '{latex}'\n{extra}")


HOSTILE_TOML = [
    # resource bombs
    ("checked size 10^9", GOOD.replace("checked = [1, 2]", "checked = [1000000000]"), 8, "MAX_SIZE"),
    ("minimum 10^18", GOOD.replace("minimum = 1", "minimum = 1000000000000000000"), 7, "MAX_SIZE"),
    ("negative size", GOOD.replace("checked = [1, 2]", "checked = [-1]"), 8, "checked"),
    ("zero minimum", GOOD.replace("minimum = 1", "minimum = 0"), 7, "minimum"),
    ("too many checked sizes", GOOD.replace("checked = [1, 2]", f"checked = {list(range(1, 40))}"), 8,
     "MAX_CHECKED_SIZES"),
    ("claim sizes 10^9", _claim("sizes = { n = [1000000000] }\n"), CLAIM_LINE + 5, "MAX_SIZE"),
    ("formula too long", _claim("", "x_1 + " * 4000 + "t = t"), CLAIM_LINE + 4, "MAX_FORMULA_CHARS"),
    ("30 nested sums", _claim("", "\\sum_{k=1}^{n} " * 30 + "x_k = 0"), CLAIM_LINE + 4, "MAX_SUM_TERMS"),
    ("nested 4 sums at 64", GOOD.replace("checked = [1, 2]", "checked = [1, 64]").replace(
        "latex = 'x_1 + t = t + x_1'", "latex = '" + "".join(f"\\sum_{{{k}=1}}^{{n}} " for k in "abck")
        + "x_1 = 0'"), CLAIM_LINE + 4, "MAX_SUM_TERMS"),
    ("deep parentheses", _claim("", "(" * 300 + "x_1" + ")" * 300 + " = x_1"), CLAIM_LINE + 4, None),
    ("deep fractions", _claim("", "\\frac{1}{" * 200 + "x_1" + "}" * 200 + " = x_1"), CLAIM_LINE + 4, None),
    ("family of rank 5", GOOD.replace("shape = ['n']", "shape = ['n', 'n', 'n', 'n', 'n']"), 16, "MAX_RANK"),
    ("family too large", GOOD.replace("checked = [1, 2]", "checked = [1, 64]").replace(
        "shape = ['n']", "shape = ['n', 'n', 'n', 'n']"), 16, "MAX_FAMILY_ENTRIES"),
    ("huge number", _claim("", "x_1 + " + "9" * 5000 + " = x_1"), CLAIM_LINE + 4, None),
    ("tower of powers", _claim("", "10^{10^{10^{10}}} = x_1"), CLAIM_LINE + 4, None),
    # broken LaTeX
    ("unclosed frac", _claim("", "\\frac{1}{x_1 = x_1"), CLAIM_LINE + 4, None),
    ("dangling subscript", _claim("", "x_ = x_1"), CLAIM_LINE + 4, None),
    ("unmatched brace", _claim("", "x_1} = x_1"), CLAIM_LINE + 4, None),
    ("unknown command", _claim("", "\\frobnicate{x_1} = x_1"), CLAIM_LINE + 4, None),
    ("undeclared name", _claim("", "y_1 = x_1"), CLAIM_LINE + 4, "not declared"),
    ("relation at the end", _claim("", "x_1 \\leq"), CLAIM_LINE + 4, None),
    # one reading question is checked each way (tests/test_ambiguous_readings.py); two in one claim are refused
    ("ambiguous a/b c twice", _claim("", "x_1/t x_2 = x_2/t x_1"), CLAIM_LINE + 4, "reads in more than one way again"),
    ("no relation", _claim("", "x_1 + t"), CLAIM_LINE + 4, None),
    ("empty sum", _claim("", "\\sum_{}^{} x_k = 0"), CLAIM_LINE + 4, None),
    ("unclosed left", _claim("", "\\left( x_1 = x_1"), CLAIM_LINE + 4, None),
    ("only a relation", _claim("", "="), CLAIM_LINE + 4, None),
    ("control characters", _claim("", "x_1 \u0007 = x_1"), CLAIM_LINE + 4, None),
    # silent no-ops
    ("let of an unknown name", _claim("let = { m = 'n' }\n"), CLAIM_LINE + 5, "no effect"),
    ("let of an unused size", _claim("let = { n = '2' }\n", "t = t"), CLAIM_LINE + 5, "no effect"),
    ("read_as never applies", _claim("read_as = { 'y' = 'x' }\n"), CLAIM_LINE + 5, "no effect"),
    ("ellipsis never read", _claim("ellipsis = [{ first = '1', last = 'n', lo = '1', hi = 'n' }]\n"),
     CLAIM_LINE + 5, "no effect"),
    ("given names nothing used", _claim("given = ['t > 1']\n", "x_1 = x_1"), CLAIM_LINE + 5, "given"),
    ("sizes of an undeclared size", _claim("sizes = { m = [1, 2] }\n"), CLAIM_LINE + 5, "not a declared size"),
    ("sizes of a scalar", _claim("sizes = { t = [1, 2] }\n"), CLAIM_LINE + 5, "not a declared size"),
    ("expect for more links than written", _claim("[[claim.step]]\nline = 4\nlatex = 'x_1 = x_1'\n"
                                                  "expect = ['holds', 'holds']\n"), CLAIM_LINE + 8, "link"),
    # structure
    ("duplicate claim id", GOOD + "\n[[claim]]\nid = \"c\"\nline = 5\ntitle = \"d\"\nlatex = 'x_1 = x_1'\n",
     CLAIM_LINE + 7, "used twice"),
    ("duplicate declaration", GOOD.replace("[[scalar]]\nname = 't'", "[[scalar]]\nname = 'n'"), None,
     "declared twice"),
    ("top-level key after a table", GOOD + "seed = 3\n", CLAIM_LINE + 5, "unknown key 'seed'"),
    ("misspelt key", GOOD.replace("title = \"c\"", "titel = \"c\""), CLAIM_LINE + 3, "titel"),
    ("step without line", _claim("[[claim.step]]\nlatex = 'x_1 = x_1'\n"), CLAIM_LINE + 5, "'line'"),
    ("after names no step", _claim("[[claim.step]]\nline = 4\nlatex = '= x_1'\nafter = 3\n"), None, "after"),
    ("substitute_in names no step", _claim("[[claim.step]]\nline = 4\nlatex = 't = 2'\nsubstitute_in = 99\n"),
     None, "substitute_in"),
    ("index without to", GOOD.replace("[[define]]", "[[index]]\nname = 'i'\n\n[[define]]"), None, "'to'"),
    ("distinct_from undeclared", GOOD.replace("[[define]]", "[[index]]\nname = 'i'\nto = 'n'\n"
                                              "distinct_from = ['q']\n\n[[define]]"), None, "distinct_from"),
    ("gradient of scalars", GOOD.replace("[[size]]", "[gradient]\nby = 't'\ndirections = 't'\n\n[[size]]"),
     5, "gradient"),
    ("unknown domain", GOOD.replace('domain = "positive"', 'domain = "complex"'), 12, "domain"),
    ("checked without minimum", GOOD.replace("minimum = 1\n", ""), 5, "minimum"),
    ("minimum not checked", GOOD.replace("minimum = 1", "minimum = 3"), 6, "≥ 3"),
    ("too many claims", GOOD + "".join(f"\n[[claim]]\nid = \"c{i}\"\nline = 3\ntitle = \"t\"\nlatex = 'x_1 = x_1'\n"
                                       for i in range(limits.MAX_CLAIMS)), None, "MAX_CLAIMS"),
    ("too many steps", _claim("".join("[[claim.step]]\nline = 4\nlatex = 'x_1 = x_1'\n"
                                      for _ in range(limits.MAX_STEPS + 1))), None, "MAX_STEPS"),
    ("not TOML", "id = \n", 1, "not valid TOML"),
    ("unclosed string", GOOD.replace("title = \"Good\"", "title = \"Good"), 2, "not valid TOML"),
    ("empty file", "", None, "'id'"),
    ("an array instead of a document", "claim = [1, 2]\n", None, None),
]


@pytest.mark.parametrize("name, text, line, needle", HOSTILE_TOML, ids=[c[0] for c in HOSTILE_TOML])
def test_a_hostile_toml_derivation(tmp_path, capsys, name, text, line, needle):
    path = tmp_path / "d.toml"
    path.write_text(text, encoding="utf-8")
    output = tmp_path / "out.json"
    code, err, _, elapsed = run([str(path), "--no-symbolic", "--format", "json", "--output", str(output)], capsys)
    assert_input_error(code, err, elapsed, path, line, output, needle)


def test_a_let_substitutes_inside_a_definition_the_claim_uses(tmp_path, capsys):
    """``let n = 'N'`` with S = Σ_{k≤n} x_k: S is re-read with n = N in this claim."""
    text = (GOOD.replace("[[family]]", "[[size]]\nname = 'N'\nminimum = 1\nchecked = [1, 3]\n\n[[family]]")
            .replace("shape = ['n']", "shape = ['N']")
            .replace("latex = 'x_1 + t = t + x_1'", "let = { n = 'N' }\nlatex = 'S + t = t + \\sum_{k=1}^{N} x_k'"))
    path = tmp_path / "d.toml"
    path.write_text(text)
    code, err, out, _ = run([str(path), "--no-symbolic"], capsys)
    assert code == 0, out + err
    path.write_text(text.replace("let = { n = 'N' }\n", ""))
    code, err, out, _ = run([str(path), "--no-symbolic"], capsys)
    assert code == 1 and "refuted" in out     # without the let, S sums to n, not N


def test_a_let_of_a_family_used_only_inside_a_definition_cannot_take_effect(tmp_path, capsys):
    text = (GOOD.replace("[[family]]", "[[family]]\nname = 'y'\nshape = ['n']\n\n[[family]]")
            .replace("latex = 'x_1 + t = t + x_1'", "let = { x = 'y_1' }\nlatex = 'S = S'"))
    path = tmp_path / "d.toml"
    path.write_text(text)
    code, err, _, elapsed = run([str(path)], capsys)
    assert_input_error(code, err, elapsed, path, CLAIM_LINE + 8, needle="only inside the definition of S")


def test_an_unused_declaration_is_a_warning_naming_its_line(tmp_path, capsys):
    path = tmp_path / "d.toml"
    path.write_text(GOOD.replace("[[define]]", "[[scalar]]\nname = 'u'\n\n[[define]]"))
    code, err, _, _ = run([str(path), "--no-symbolic"], capsys)
    assert code == 0
    assert f"contrastive-verify: warning: {path}:19: the scalar 'u' is declared but" in err


def test_the_line_of_a_step_is_its_own_even_when_its_latex_repeats_the_claims(tmp_path, capsys):
    text = _claim("[[claim.step]]\nline = 4\nlatex = 'x_1 + t = t + y_1'\n", "x_1 + t = t + y_1")
    path = tmp_path / "d.toml"
    path.write_text(text)
    code, err, _, elapsed = run([str(path)], capsys)
    assert_input_error(code, err, elapsed, path, CLAIM_LINE + 7, needle="not declared")


# --- encodings ----------------------------------------------------------------------------

ENCODINGS = [
    ("invalid UTF-8", GOOD.encode() + b"\n# \xff\xfe\n", None),
    ("NUL byte", GOOD.replace("title = \"c\"", "title = \"c\x00\"").encode(), CLAIM_LINE + 3),
    ("UTF-16", GOOD.encode("utf-16"), None),
    ("Latin-1 title", GOOD.replace("Good", "G\u00f6\u00f6d").encode("latin-1"), None),
    ("BOM then garbage", b"\xef\xbb\xbf" + b"id = = 3\n", 1),
    ("NUL in Markdown", b"<!-- contrastive-verify\n-->\n\x00\n", 3),
]


@pytest.mark.parametrize("name, data, line", ENCODINGS, ids=[e[0] for e in ENCODINGS])
def test_a_bad_encoding(tmp_path, capsys, name, data, line):
    path = tmp_path / ("d.md" if "Markdown" in name else "d.toml")
    path.write_bytes(data)
    code, err, _, elapsed = run([str(path)], capsys)
    assert_input_error(code, err, elapsed, path, line)


def test_a_byte_order_mark_is_not_content(tmp_path, capsys):
    path = tmp_path / "d.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    code, err, _, _ = run([str(path), "--no-symbolic"], capsys)
    assert code == 0, err


# --- Markdown -------------------------------------------------------------------------------

HEADER = """\
<!-- contrastive-verify
title = "Notes"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['n']
-->

"""
MARKDOWN = [
    ("header checked is text", HEADER.replace("checked = [1, 2]", 'checked = "1, 2"'), 7, "checked"),
    ("header size 10^9", HEADER.replace("checked = [1, 2]", "checked = [1000000000]"), 7, "MAX_SIZE"),
    ("header shape not a list", HEADER.replace("shape = ['n']", "shape = 'n'"), 11, "shape"),
    ("header unknown key", HEADER.replace('title = "Notes"', 'titel = "Notes"'), 2, "titel"),
    ("header bad TOML", HEADER.replace('title = "Notes"', 'title = "Notes'), 2, "not valid TOML"),
    ("header id a number", HEADER.replace('title = "Notes"', 'title = 3'), 2, "title"),
    ("header size without checked", HEADER.replace("checked = [1, 2]\n", ""), 4, "checked"),
    ("second header", HEADER + "<!-- contrastive-verify -->\n", 14, "second"),
    ("no header", "# Notes\n\n$$ x = 1 $$\n", 1, "no <!-- contrastive-verify"),
    ("unclosed header", "<!-- contrastive-verify\ntitle = 'x'\n", 1, "never closed"),
    ("given is text", HEADER + '<!-- claim: id = "a", given = "x_1 > 0" -->\n$$ x_1 = x_1 $$\n', 14, "given"),
    ("sizes 10^9", HEADER + '<!-- claim: id = "a", sizes = { n = [1000000000] } -->\n$$ x_1 = x_1 $$\n', 14,
     "MAX_SIZE"),
    ("step after 0", HEADER + '<!-- claim: id = "a" -->\n$$ x_1 = x_1 $$\n<!-- step: after = 0 -->\n$$ = x_1 $$\n',
     16, "after"),
    ("let is a list", HEADER + '<!-- claim: id = "a", let = ["n"] -->\n$$ x_1 = x_1 $$\n', 14, "let"),
    ("unused let", HEADER + "<!-- claim: id = \"a\", let = { m = 'n' } -->\n$$ x_1 = x_1 $$\n", 14, "no effect"),
    ("ellipsis without last", HEADER + "<!-- claim: id = \"a\", ellipsis = [{ first = '1' }] -->\n$$ x_1 = x_1 $$\n",
     14, "last"),
    ("little_o is text", HEADER + '<!-- claim: id = "a", little_o = "x" -->\n$$ x_1 = x_1 $$\n', 14, "little_o"),
    ("kind misspelt", HEADER + '<!-- claim: id = "a", kind = "idnetity" -->\n$$ x_1 = x_1 $$\n', 14, "kind"),
    ("expect a number", HEADER + '<!-- claim: id = "a", expect = 3 -->\n$$ x_1 = x_1 $$\n', 14, "expect"),
    ("broken display", HEADER + '<!-- claim: id = "a" -->\n$$ \\frac{x_1 = x_1 $$\n', 15, None),
    ("annotation without display", HEADER + '<!-- claim: id = "a" -->\nprose\n', 14, "not followed"),
    ("define title number", HEADER + '<!-- define: name = 3 -->\n$$ S = x_1 $$\n', 14, "name"),
    ("unchecked without reason", HEADER + "<!-- unchecked -->\n$$ x_1 $$\n", 14, "reason"),
    ("formula too long", HEADER + '<!-- claim: id = "a" -->\n$$ ' + "x_1 + " * 4000 + "0 = 0 $$\n", 15,
     "MAX_FORMULA_CHARS"),
    ("multi-line header wrong type deep", HEADER.replace("[[family]]", "[[scalar]]\nname = 't'\ndomain = 5\n\n[[family]]"),
     11, "domain"),
]


@pytest.mark.parametrize("name, text, line, needle", MARKDOWN, ids=[m[0] for m in MARKDOWN])
def test_a_hostile_markdown_document(tmp_path, capsys, name, text, line, needle):
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    output = tmp_path / "out.json"
    code, err, _, elapsed = run([str(path), "--format", "json", "--output", str(output)], capsys)
    assert_input_error(code, err, elapsed, path, line, output, needle)


@pytest.mark.parametrize("paragraph", ["a ` b ", "x `` y ` z ``` ", "\\[ a ", "\\begin{align} ", "$$ a \\$$ "])
def test_a_five_megabyte_paragraph_is_scanned_in_linear_time(tmp_path, capsys, paragraph):
    """A guard against a scan that goes back over what it read, not a speed test: such a scan of
    5 MB takes hours (25·10^12 character pairs), a linear one 1-2.5 s alone (1, 2, 4, 8 MB of the
    last paragraph: 0.85, 1.57, 3.12, 5.83 s) and 5.4 s on a loaded CI machine, so the bound
    leaves room for load that comes and goes."""
    path = tmp_path / "notes.md"
    path.write_text(HEADER + paragraph * (5_000_000 // len(paragraph)) + "\n", encoding="utf-8")
    started = time.monotonic()
    main([str(path), "--no-symbolic"])
    capsys.readouterr()
    assert time.monotonic() - started < 30


# --- the command line ---------------------------------------------------------------------

def _good(tmp_path) -> Path:
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    return path


CLI = [
    (["--digits", "abc"], "--digits"),
    (["--digits", "10"], "at least 50"),
    (["--digits", "99999"], "at most"),
    (["--seed", "x"], "--seed"),
    (["--format", "xml"], "invalid choice"),
    (["--frobnicate"], "unrecognized"),
    (["--only", "nope"], "no claim"),
    (["--only", "other:c"], "no claim"),
    (["{tmp}/missing.toml"], "no such file"),
    (["{tmp}/empty-dir"], "no derivation files"),
    (["{tmp}/notes.txt"], "unsupported"),
    (["report", "--digits", "1"], "at least 50"),
    (["--output", "{tmp}/no/such/dir/out.txt"], "does not exist"),
    (["--output", "{tmp}"], "is a directory"),
    (["--output", "/proc/contrastive-verify-test.txt"], "cannot write"),
]


@pytest.mark.parametrize("args, needle", CLI, ids=[" ".join(a) for a, _ in CLI])
def test_a_bad_command_line(tmp_path, capsys, args, needle):
    good = _good(tmp_path)
    (tmp_path / "empty-dir").mkdir()
    (tmp_path / "notes.txt").write_text("hello")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if not any(a.startswith(str(tmp_path)) and not a.startswith(f"{tmp_path}/no") and a != str(tmp_path)
               for a in args if "output" not in a):
        args = ([args[0]] if args[0] == "report" else []) + [str(good)] + [a for a in args if a != "report"]
    started = time.monotonic()
    code = main(args + ["--no-symbolic"])
    err = capsys.readouterr().err
    assert code == EXIT_INPUT, err
    assert err.count("\n") == 1 and "Traceback" not in err and needle in err, err
    assert time.monotonic() - started < SECONDS


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_device_is_an_input_error(tmp_path, capsys):
    code = main([str(_good(tmp_path)), "--no-symbolic", "--output", "/dev/full"])
    err = capsys.readouterr().err
    assert code == EXIT_INPUT and err.count("\n") == 1 and "/dev/full" in err and "Traceback" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_a_read_only_directory_is_an_input_error(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        code = main([str(_good(tmp_path)), "--no-symbolic", "--output", str(locked / "out.txt")])
    finally:
        locked.chmod(0o755)
    err = capsys.readouterr().err
    assert code == EXIT_INPUT and err.count("\n") == 1 and "Traceback" not in err
    assert not (locked / "out.txt").exists()


# --- an internal error: exit 3 --------------------------------------------------------------

def _broken(*args, **kwargs):
    raise RuntimeError("injected bug")


def test_an_internal_error_exits_3_with_one_line(tmp_path, capsys, monkeypatch):
    import contrastive_sym.pipeline as pipeline
    monkeypatch.setattr(pipeline, "check_document", _broken)
    output = tmp_path / "out.json"
    code = main([str(_good(tmp_path)), "--no-symbolic", "--output", str(output)])
    err = capsys.readouterr().err
    assert code == EXIT_INTERNAL == 3
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("contrastive-verify: internal error: RuntimeError: injected bug — please report it")
    assert "--debug" in err and not output.exists()


def test_debug_shows_the_traceback_of_an_internal_error(tmp_path, capsys, monkeypatch):
    import contrastive_sym.pipeline as pipeline
    monkeypatch.setattr(pipeline, "check_document", _broken)
    code = main([str(_good(tmp_path)), "--no-symbolic", "--debug"])
    err = capsys.readouterr().err
    assert code == 3 and "Traceback" in err and "injected bug" in err
    assert err.strip().splitlines()[-1].startswith("contrastive-verify: internal error: RuntimeError")


def test_debug_is_recognised_even_when_the_arguments_do_not_parse(capsys):
    assert main(["--debug", "--format", "xml"]) == EXIT_INPUT
    assert "invalid choice" in capsys.readouterr().err


# --- loading stays linear ---------------------------------------------------------------------

def test_too_many_claims_are_refused_promptly(tmp_path, capsys):
    claims = "".join(f"\n[[claim]]\nid = \"c{i}\"\nline = 3\ntitle = \"t\"\nlatex = 'x_1 = x_1'\n"
                     for i in range(20_000))
    path = tmp_path / "d.toml"
    path.write_text(GOOD + claims)
    code, err, _, elapsed = run([str(path)], capsys)
    assert_input_error(code, err, elapsed, path, needle="MAX_CLAIMS")
    assert elapsed < 5

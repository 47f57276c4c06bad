"""The layout is the pipeline: rules on who imports whom, read off the source.

load → check → report, with ``model`` (frozen records) shared by all and importing no
stage.  Each rule below is one a newcomer relies on when reading the code: a report
never re-runs the checker's numerics, the loader never decides a verdict, the numeric
engines never build one.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import contrastive_sym

PACKAGE = Path(contrastive_sym.__file__).parent
MAX_LINES = 450


def _module_name(path: Path) -> str:
    parts = ["contrastive_sym", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports(module: str, top_level_only: bool = False) -> set[str]:
    """The contrastive_sym modules ``module`` imports (a name imported from a package
    that is itself a module counts as that module)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    if top_level_only:    # module level, including inside `if TYPE_CHECKING:` / try blocks
        nodes = [n for stmt in tree.body for n in ast.walk(stmt)
                 if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, path.name == "__init__.py", node)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    return {m for m in found if m == "contrastive_sym" or m.startswith("contrastive_sym.")}


def _in(module: str, package: str) -> bool:
    full = f"contrastive_sym.{package}"
    return module == full or module.startswith(full + ".")


def _offenders(package: str, allowed: tuple[str, ...]) -> dict[str, set[str]]:
    found = {}
    for module in MODULES:
        if not _in(module, package):
            continue
        bad = {m for m in imports(module) if not any(_in(m, a) for a in allowed)}
        if bad:
            found[module] = bad
    return found


SHARED = ("errors", "version")    # the exception family and the version: every stage may use them


@pytest.mark.parametrize("package, allowed", [
    ("model", ("model", *SHARED)),
    ("latex", ("latex", "model", *SHARED)),
    # derivation_files: which files are derivations, light enough for the pytest plugin to ask of every file
    ("load", ("load", "latex", "model", "safe_io", "derivation_files", *SHARED)),
    ("report", ("report", "model", "safe_io", *SHARED)),
    ("losses", ("losses", "model", *SHARED)),
])
def test_a_stage_imports_only_the_stages_before_it(package, allowed):
    assert _offenders(package, allowed) == {}


@pytest.mark.parametrize("engine", ["check.numeric", "check.exact", "check.sampling", "check.symbolic"])
def test_the_engines_of_the_checker_build_no_outcome(engine):
    """Only check/methods (and the proof-conclusion check) turn evidence into an Outcome."""
    offenders = {}
    for module, path in MODULES.items():
        if not _in(module, engine):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        used = {m for m in imports(module) if _in(m, "check.methods")}
        if "Outcome" in named or used:
            offenders[module] = used | ({"Outcome"} & named)
    assert offenders == {}


def test_the_numeric_engines_know_no_verdict():
    offenders = {m: imports(m) & {"contrastive_sym.model.verdicts"}
                 for m in MODULES if _in(m, "check.numeric") or _in(m, "check.exact")}
    assert {m: v for m, v in offenders.items() if v} == {}


def test_no_import_circle_at_module_level():
    """Module-level imports form no circle.  (A function may import lazily: the
    registry loads the methods when it is first asked for them.)"""
    graph = {m: {i for i in imports(m, top_level_only=True) if i in MODULES and i != m} for m in MODULES}
    # A package's own __init__ importing its modules is how a package is assembled,
    # and a module importing its package's __init__ is ordinary: both edges are the
    # package, not a circle between modules.
    graph = {m: {i for i in deps if not (m.startswith(i + ".") and MODULES[i].name == "__init__.py")}
             for m, deps in graph.items()}
    state, circles = {}, []

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                circles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


def test_no_module_is_longer_than_the_limit():
    lengths = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in MODULES.items()}
    assert {m: n for m, n in lengths.items() if n > MAX_LINES} == {}


def test_the_public_api_is_what_the_readme_promises():
    assert contrastive_sym.__all__ == [
        "verify", "load", "load_all", "check_document", "CheckConfig", "RunResult", "Document", "Claim",
        "Verdict", "Expectation", "ContrastiveVerifyError", "report", "__version__"]
    for name in contrastive_sym.__all__:
        assert getattr(contrastive_sym, name) is not None, name
    assert contrastive_sym.Verdict.__module__ == "contrastive_sym.model.verdicts"
    assert issubclass(contrastive_sym.errors.UsageError, contrastive_sym.ContrastiveVerifyError)


def test_the_cli_assembles_no_pipeline_of_its_own():
    """``cli`` reaches the stages through :func:`contrastive_sym.verify` and the report's
    renderers only."""
    used = imports("contrastive_sym.cli")
    assert not {m for m in used if _in(m, "load") or _in(m, "check.documents") or _in(m, "check.faithfulness")}
    assert "contrastive_sym.pipeline" in used


def test_every_check_method_shows_a_true_and_a_false_step():
    """Each registered method's docstring runs (``--doctest-modules``) one step that
    holds and one that does not."""
    from contrastive_sym.check.registry import registered
    for method in registered():
        doc = method.run.__doc__ or ""
        assert ">>>" in doc, method.name
        assert "'refuted'" in doc, method.name
        assert "'proved'" in doc or "'confirmed'" in doc, method.name


def test_the_readme_quotes_each_verdicts_meaning():
    """One text per verdict: Verdict.meaning, quoted by the README as by every report."""
    from contrastive_sym.model.verdicts import Verdict
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    for verdict in Verdict:
        assert f"| `{verdict.value}` | {verdict.meaning} |" in readme, verdict


def test_the_registry_knows_no_method_or_engine():
    """Methods register themselves; the registry imports none of them, nor their types."""
    used = imports("contrastive_sym.check.registry", top_level_only=True)
    assert not {m for m in used if any(_in(m, p) for p in ("check.methods", "check.sampling", "check.numeric",
                                                             "check.exact"))}


def test_every_package_ships():
    """pyproject.toml lists the packages one by one (the bundled derivations are mapped in
    from derivations/): a new sub-package missing there would be absent from a wheel."""
    import tomllib
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    found = {_module_name(p.parent / "__init__.py") for p in PACKAGE.rglob("__init__.py")}
    assert found <= listed, found - listed

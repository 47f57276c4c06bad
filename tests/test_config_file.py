"""[tool.contrastive-verify] in a repository's pyproject.toml: the paths to check and the settings, found from
the working directory upwards, the command line winning; a key or a value mistyped is an error (exit 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from contrastive_sym.cli import main

SMALL = Path(__file__).parent / "data" / "small_derivation.py"


@pytest.fixture
def repository(tmp_path, monkeypatch):
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "small.py").write_text(SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "deep" / "er")
    return tmp_path


def _configure(repository: Path, table: str) -> None:
    (repository / "pyproject.toml").write_text(f"[project]\nname = 'n'\n\n[tool.contrastive-verify]\n{table}",
                                               encoding="utf-8")


def test_the_paths_and_settings_come_from_the_nearest_pyproject(repository, capsys):
    _configure(repository, 'paths = ["derivations"]\nseed = 3\ndigits = 60\n')
    assert main(["--allow-python", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["settings"]["seed"] == 3 and report["settings"]["digits"] == 60
    assert [d["id"] for d in report["documents"]] == ["small"]


def test_the_command_line_wins(repository, capsys):
    _configure(repository, 'paths = ["derivations"]\nseed = 3\n')
    assert main(["--allow-python", "--seed", "5", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["settings"]["seed"] == 5


@pytest.mark.parametrize("table, said", [
    ('path = ["derivations"]\n', "has no setting 'path'"),
    ('seed = "3"\n', "seed must be a whole number"),
    ('strict = 1\n', "strict must be true or false"),
    ('paths = "derivations"\n', "paths must be a list of paths"),
])
def test_a_mistyped_setting_is_an_error_naming_the_file(repository, capsys, table, said):
    _configure(repository, table)
    assert main(["--allow-python"]) == 2
    err = capsys.readouterr().err
    assert "pyproject.toml: [tool.contrastive-verify]" in err and said in err

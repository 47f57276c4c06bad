"""The pre-commit hook, end to end: ``pre-commit run --all-files`` in a fresh git repository of notes (a
Markdown document with the header, a README without it, a TOML derivation in a subdirectory and a
pyproject.toml), with the ``.pre-commit-config.yaml`` the README shows, as written: a local hook that runs
the installed ``contrastive-verify`` (``language: system``: the test needs no network to build the hook's
environment), with the entry and files of the published hook (``.pre-commit-hooks.yaml``)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from notes_repository import DERIVATION, MISTAKE, NOTE, README, ROOT, readme_config

yaml = pytest.importorskip("yaml")


def test_the_readme_config_is_the_published_hook():
    """The local hook the README shows runs what the published hook runs, on the same files."""
    local = yaml.safe_load(readme_config())["repos"][0]["hooks"][0]
    published = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))[0]
    for key in ("id", "entry", "files", "pass_filenames", "require_serial"):
        assert local[key] == published[key], key


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def repository(tmp_path):
    if shutil.which("git") is None or shutil.which("pre-commit") is None or shutil.which("contrastive-verify") is None:
        pytest.skip("needs git, pre-commit and the installed contrastive-verify")
    (tmp_path / ".pre-commit-config.yaml").write_text(readme_config(), encoding="utf-8")
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "basics.toml").write_text(DERIVATION, encoding="utf-8")
    (tmp_path / "note.md").write_text(NOTE, encoding="utf-8")
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "notes"\nversion = "0"\n', encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    return tmp_path


def _run(repo: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(repo.parent / "pre-commit-home"), "NO_COLOR": "1"}
    return subprocess.run(["pre-commit", "run", "--all-files", "--verbose"], cwd=repo, capture_output=True,
                          text=True, timeout=600, env=env)


def test_the_hook_checks_the_derivations_and_skips_the_other_files(repository):
    run = _run(repository)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout and "no files to check" not in run.stdout
    # both derivations were checked (the expected refutation is not a failure), the other files said skipped
    assert "2 verdicts" not in run.stdout
    assert "3 verdicts: " in run.stdout and "0 unexpected" in run.stdout
    assert "skipped 2 files that are not derivations (README.md, pyproject.toml)" in run.stdout


def test_the_hook_fails_on_an_unexpected_verdict(repository):
    note = repository / "note.md"
    note.write_text(NOTE.replace(*MISTAKE), encoding="utf-8")
    _git(repository, "add", ".")
    run = _run(repository)
    assert run.returncode == 1
    assert "Failed" in run.stdout and "refuted" in run.stdout

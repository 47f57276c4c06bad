"""A repository of notes that adopts the checker (issue 15's "done when"): one Markdown document with the
header, one without, a TOML derivation in a subdirectory.  ``pre-commit run --all-files`` (the README's
config), ``pytest --derivations`` and ``contrastive-verify --format github|junit|sarif`` all run, agree with
each other and with the exit code, and point at the files of the repository; then a mistake in a note fails
every one of them."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from notes_repository import DERIVATION, MISTAKE, NOTE, README, ROOT, readme_config


@pytest.fixture
def notes(tmp_path):
    if shutil.which("git") is None or shutil.which("pre-commit") is None or shutil.which("contrastive-verify") is None:
        pytest.skip("needs git, pre-commit and the installed contrastive-verify")
    (tmp_path / ".pre-commit-config.yaml").write_text(readme_config(), encoding="utf-8")
    (tmp_path / "derivations" / "sub").mkdir(parents=True)
    (tmp_path / "derivations" / "sub" / "basics.toml").write_text(DERIVATION, encoding="utf-8")
    (tmp_path / "note.md").write_text(NOTE, encoding="utf-8")
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)
    return tmp_path


def _run(repo: Path, *command: str) -> subprocess.CompletedProcess:
    # the tree under test first on the path, whatever an editable install points at
    env = {**os.environ, "PRE_COMMIT_HOME": str(repo.parent / "pre-commit-home"), "NO_COLOR": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(list(command), cwd=repo, capture_output=True, text=True, timeout=600, env=env)


def _everything(repo: Path) -> dict:
    """What each way of running says: exit codes, and what the reports count and point at."""
    verify = [sys.executable, "-m", "contrastive_sym", "derivations", "note.md"]     # the scan enters sub/
    found = {"pre-commit": _run(repo, "pre-commit", "run", "--all-files").returncode,
             "pytest": _run(repo, sys.executable, "-m", "pytest", "--derivations", "-p", "no:cacheprovider",
                            "--junitxml=pytest.xml", "derivations", "note.md")}
    github = _run(repo, *verify, "--format", "github")
    junit = _run(repo, *verify, "--format", "junit", "--output", "verify.xml")
    sarif = _run(repo, *verify, "--format", "sarif")
    found["codes"] = {github.returncode, junit.returncode, sarif.returncode}
    found["annotations"] = [line.split("::", 2)[1] for line in github.stdout.splitlines() if line.startswith("::")]
    suite = ET.parse(repo / "verify.xml").getroot()
    found["junit"] = (suite.get("tests"), suite.get("failures"))
    pytest_suite = ET.parse(repo / "pytest.xml").getroot().find("testsuite")
    found["pytest junit"] = (pytest_suite.get("tests"), pytest_suite.get("failures"))
    results = json.loads(sarif.stdout)["runs"][0]["results"]
    found["sarif"] = sorted((r["level"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
                            for r in results)
    return found


def test_every_way_of_running_agrees_on_a_repository_of_notes(notes):
    found = _everything(notes)
    assert found["pre-commit"] == 0 and found["pytest"].returncode == 0 and found["codes"] == {0}
    assert "2 passed, 1 xfailed" in found["pytest"].stdout
    # the one refutation the derivation expects: a notice on the derivation, no failure anywhere
    assert [a.split(",title=")[0] for a in found["annotations"]] == ["notice file=derivations/sub/basics.toml,line=15"]
    assert found["junit"] == ("3", "0") and found["pytest junit"] == ("3", "0")
    assert found["sarif"] == [("note", "derivations/sub/basics.toml")]


def test_a_mistake_in_a_note_fails_every_one_of_them(notes):
    (notes / "note.md").write_text(NOTE.replace(*MISTAKE), encoding="utf-8")
    subprocess.run(["git", "add", "."], cwd=notes, check=True)
    found = _everything(notes)
    assert found["pre-commit"] == 1 and found["pytest"].returncode == 1 and found["codes"] == {1}
    assert "1 failed, 1 passed, 1 xfailed" in found["pytest"].stdout
    assert any(a.startswith("error file=note.md,line=14,") for a in found["annotations"])
    assert found["junit"] == ("3", "1") and found["pytest junit"] == ("3", "1")
    assert ("error", "note.md") in found["sarif"]

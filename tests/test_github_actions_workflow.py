"""The GitHub Actions workflow the README shows, as written: its steps are the ones a maintainer needs
(checkout, Python, install, check), the install step installs this project, and every ``run`` step after
it, run by bash in a fresh repository of notes, passes on correct notes (an expected refutation is a
notice, not an error) and fails with an annotation at the note's path and line once a mistake is made."""
from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from notes_repository import DERIVATION, MISTAKE, NOTE, README, ROOT

yaml = pytest.importorskip("yaml")


def _workflow() -> dict:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = readme.split("<!-- github-actions-workflow -->\n```yaml\n", 1)[1].split("```", 1)[0]
    return yaml.safe_load(text)


def _steps() -> list[dict]:
    (job,) = _workflow()["jobs"].values()
    return job["steps"]


def test_the_workflow_checks_out_installs_and_checks():
    workflow = _workflow()
    assert workflow["permissions"] == {"contents": "read"}     # safe on pull requests from forks
    (job,) = workflow["jobs"].values()
    assert job["timeout-minutes"] > 0
    uses = [s["uses"].split("@")[0] for s in job["steps"] if "uses" in s]
    assert uses == ["actions/checkout", "actions/setup-python"]
    runs = [s["run"] for s in job["steps"] if "run" in s]
    name = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]
    assert runs[0] == f"python3 -m pip install {name}"
    assert all(r.startswith("contrastive-verify ") for r in runs[1:])


@pytest.fixture
def notes(tmp_path):
    if shutil.which("contrastive-verify") is None or shutil.which("bash") is None:
        pytest.skip("needs bash and the installed contrastive-verify")
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "basics.toml").write_text(DERIVATION, encoding="utf-8")
    (tmp_path / "note.md").write_text(NOTE, encoding="utf-8")
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    return tmp_path


def _run_steps(repo: Path) -> list[subprocess.CompletedProcess]:
    checks = [s["run"] for s in _steps() if "run" in s][1:]    # the install is this checkout's, already done
    return [subprocess.run(["bash", "-c", command], cwd=repo, capture_output=True, text=True, timeout=600)
            for command in checks]


def test_the_workflow_passes_on_correct_notes(notes):
    (run,) = _run_steps(notes)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "::error" not in run.stdout
    assert "::notice file=derivations/basics.toml,line=15" in run.stdout     # the claim in the TOML (no basics.md)
    assert "README.md" in run.stderr                                          # skipped, and said


def test_the_workflow_fails_at_the_mistake(notes):
    note = notes / "note.md"
    note.write_text(note.read_text(encoding="utf-8").replace(*MISTAKE), encoding="utf-8")
    (run,) = _run_steps(notes)
    assert run.returncode == 1, run.stdout + run.stderr
    errors = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert errors and all(line.startswith("::error file=note.md,line=14") for line in errors)

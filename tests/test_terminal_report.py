"""The terminal report (issue 15, item 4): reasons and witnesses in full, wrapped at word boundaries to the
width; ``-q`` shows only what misses its expectation, ``-v`` the method and evidence of every item; colour
follows ``--color``, ``FORCE_COLOR``, ``NO_COLOR`` and ``TERM=dumb`` as rich and pytest do, and the
progress display needs a terminal, not colour."""
from __future__ import annotations

from pathlib import Path

import pytest

from contrastive_sym.cli import main
from contrastive_sym.report import terminal

SMALL = str(Path(__file__).parent / "data" / "small_derivation.py")
NTXENT = str(Path(__file__).resolve().parents[1] / "derivations" / "d002_ntxent_explainer.toml")


@pytest.fixture
def plain(monkeypatch):
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


def test_reasons_and_witnesses_are_in_full_and_wrapped(plain, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "72")
    assert main([NTXENT, "--only", "gradient-formula-negatives"]) == 0
    out = capsys.readouterr().out
    assert "…" not in out
    assert all(len(line) <= 72 for line in out.splitlines() if " " in line.strip())
    joined = " ".join(out.split())
    # the whole reading, the reason and every value of the witness, with both sides
    assert "it is checked at each value of it]" in joined
    assert "witness: N=2, i=1, q=2, τ=1, s_2=0, s_3=0, s_4=0" in joined
    assert "→ left side 0.33333333333333333333, right side 0 (re-checked at 200 digits)" in joined


def test_quiet_shows_only_what_misses_its_expectation(plain, capsys, tmp_path):
    assert main([SMALL, "-q"]) == 0
    out = capsys.readouterr().out
    assert "forms" not in out and out.rstrip().splitlines()[-1].startswith("6 verdicts: ")
    text = Path(SMALL).read_text().replace('expect="conditional"', 'expect="holds"')
    path = tmp_path / "d.py"
    path.write_text(text)
    assert main([str(path), "-q"]) == 1
    out = capsys.readouterr().out
    flagged = [line for line in out.splitlines() if line.startswith("!")]
    assert len(flagged) == 1 and "conditional" in flagged[0] and "[expected holds]" in flagged[0]
    assert "needs " in out and "forms" not in out


def test_verbose_shows_the_method_and_the_evidence(plain, capsys):
    assert main([SMALL, "-v"]) == 0
    out = capsys.readouterr().out
    assert "method: sampling" in out and "evidence: " in out and " points, " in out


def test_quiet_and_verbose_exclude_each_other(plain, capsys):
    assert main([SMALL, "-q", "-v"]) == 2


class Tty:
    def isatty(self):
        return True


class Pipe:
    def isatty(self):
        return False


@pytest.mark.parametrize("env, choice, stream, expected", [
    ({}, "auto", Tty(), True),
    ({}, "auto", Pipe(), False),
    ({"NO_COLOR": "1"}, "auto", Tty(), False),
    ({"TERM": "dumb"}, "auto", Tty(), False),
    ({"FORCE_COLOR": "1"}, "auto", Pipe(), True),
    ({"NO_COLOR": "1"}, "always", Pipe(), True),
    ({"FORCE_COLOR": "1"}, "never", Tty(), False),
])
def test_colour_follows_the_conventions(plain, monkeypatch, env, choice, stream, expected):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert terminal.coloured(stream, choice) is expected


def test_no_color_keeps_the_progress_display(plain, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert terminal.Progress(3, stream=Tty()).enabled
    monkeypatch.setenv("TERM", "dumb")
    assert not terminal.Progress(3, stream=Tty()).enabled


def test_color_always_paints_piped_output(plain, capsys):
    assert main([SMALL, "--color", "always"]) == 0
    assert "\033[" in capsys.readouterr().out
    assert main([SMALL, "--color", "never"]) == 0
    assert "\033[" not in capsys.readouterr().out


def test_each_claim_is_printed_as_soon_as_it_is_checked(plain, capsys, monkeypatch):
    import contrastive_sym.check.documents as documents
    real, printed_before = documents.check_claim, []

    def spy(claim, document, *args, **kwargs):
        printed_before.append((document.id, claim.id, capsys.readouterr().out))
        return real(claim, document, *args, **kwargs)
    monkeypatch.setattr(documents, "check_claim", spy)
    assert main([SMALL, NTXENT]) == 0
    rest = capsys.readouterr().out
    # the first line and the first document's heading before its first claim is checked (loading is over: a bad
    # file would have printed nothing); each claim's line before the next claim is checked; the totals at the end
    first_document, first_claim, before_first = printed_before[0]
    assert before_first.startswith("contrastive-verify ") and "small.txt" in before_first
    assert f" {first_claim}: " not in before_first
    second_document, _, before_second = printed_before[1]
    assert second_document == first_document and f" {first_claim}: " in before_second
    assert any("Contrastive learning" in out for _, _, out in printed_before)
    assert "verdicts: " in rest.splitlines()[-1]


@pytest.mark.parametrize("verbosity", [[], ["-q"], ["-v"]])
def test_the_streamed_report_is_the_whole_report(plain, capsys, tmp_path, verbosity):
    # streamed claim by claim on stdout, or written at the end to a file: the same text but the run's time
    written = tmp_path / "report.txt"
    assert main([SMALL, NTXENT, *verbosity, "--output", str(written)]) == 0
    capsys.readouterr()
    assert main([SMALL, NTXENT, *verbosity]) == 0
    streamed = capsys.readouterr().out

    def timeless(text: str) -> list[str]:
        return [line.rsplit("·", 1)[0] for line in text.splitlines()]
    assert timeless(streamed) == timeless(written.read_text())


def test_a_quiet_document_is_not_named(plain, capsys):
    assert main([SMALL, NTXENT, "-q"]) == 0
    out = capsys.readouterr().out
    assert "small.txt" not in out and "Contrastive learning" not in out


def test_witness_names_are_written_as_symbols(plain, capsys):
    # the document names its vectors \mathbf{z}: the witness line shows 𝐳, not the control word
    assert main([NTXENT, "--only", "gradient-formula"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "𝐳_{1,1}=1" in out and "\\mathbf" not in out.split("witness:")[1]


def test_the_totals_are_wrapped_too(plain, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "50")
    assert main([SMALL, NTXENT]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 50 for line in out.splitlines() if " " in line.strip())
    # the totals' line at a word boundary, the time with the word before it (never a line ending with ·)
    assert not any(line.rstrip().endswith("·") for line in out.splitlines())
    assert any("unexpected\u00a0·\u00a0" in line for line in out.splitlines())

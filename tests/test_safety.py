r"""Safe by construction on an untrusted repository (a pull request from a stranger).

1. A ``.py`` derivation runs code: a directory scan skips it without importing it and
   says so; it is loaded only when named as a file or with ``--allow-python``.
2. Figure file names come from ids through one sanitiser; nothing is written outside
   ``--output``, whatever the ids (``../../../x``, ``/abs/x``).
3. ``report`` never deletes what it did not create, refuses a ``figures`` that is a
   link or not a directory (exit 2), and removes its staging directory on SIGTERM,
   SIGINT and SIGHUP.
4. Control characters from the files reach no output raw (text, JSON, JUnit, GitHub,
   SARIF, HTML, LaTeX); JUnit stays well-formed XML.
5. A ``--documents`` that is missing, not a directory or a link loop is a usage error;
   an unreadable document is reported for its document.
6. Only regular files are read, with a size limit: a named pipe or a link to
   ``/dev/zero`` as a derivation is an input error, promptly.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from contrastive_sym.cli import main
from contrastive_sym.errors import DerivationError, ReportError
from contrastive_sym.report.controls import visible
from contrastive_sym.safe_io import MAX_DERIVATION_BYTES, MAX_DOCUMENT_BYTES, read_text_file

REPO = Path(__file__).resolve().parent.parent

# One claim that holds, and one refuted as expected (it draws a figure in a report).
HEADER = """\
id = {doc_id}
title = {title}
source = "tiny.txt"

[[scalar]]
name = 'x'
domain = "real"
"""
HOLDS = """
[[claim]]
id = {claim_id}
line = 1
title = {claim_title}
note = {note}
latex = 'x \\leq x + 1'
"""
REFUTED = """
[[claim]]
id = {wrong_id}
line = 2
title = "a false claim"
expect = "refuted"
latex = 'x \\leq 0'
"""
# The control characters of the tests: CSI (colour, clear screen), OSC (window
# title), bell, DEL and the C1 CSI.
EVIL = "\x1b[31m\x07\x1b]0;pwned\x07\x7f\x9b\x1b[2J"
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def toml_string(text: str) -> str:
    """A TOML basic string holding ``text`` (control characters as \\u escapes)."""
    return json.dumps(text)


def tiny(path: Path, *, doc_id="tiny", title="Tiny", claim_id="holds", claim_title="x is at most x + 1",
         note="a note", refuted=True, wrong_id="wrong") -> Path:
    text = HEADER.format(doc_id=toml_string(doc_id), title=toml_string(title))
    text += HOLDS.format(claim_id=toml_string(claim_id), claim_title=toml_string(claim_title),
                         note=toml_string(note))
    if refuted:
        text += REFUTED.format(wrong_id=toml_string(wrong_id))
    path.write_text(text, encoding="utf-8")
    return path


def snapshot(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


# --- 1. Python derivations run code: never from a directory scan --------------------

def evil_module(directory: Path, marker: Path) -> Path:
    path = directory / "evil.py"
    path.write_text(f"open({str(marker)!r}, 'w').write('ran')\n", encoding="utf-8")
    return path


def test_a_directory_scan_does_not_import_python_files(tmp_path, capsys):
    marker = tmp_path / "marker"
    derivations = tmp_path / "derivations"
    derivations.mkdir()
    evil_module(derivations, marker)
    tiny(derivations / "tiny.toml", refuted=False)
    assert main(["check", str(derivations)]) == 0
    assert not marker.exists()
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "skipped" in line]
    assert len(lines) == 1 and "1 Python file" in lines[0] and "--allow-python" in lines[0]


def test_a_directory_of_python_files_only_is_a_usage_error_and_nothing_runs(tmp_path, capsys):
    marker = tmp_path / "marker"
    derivations = tmp_path / "derivations"
    derivations.mkdir()
    evil_module(derivations, marker)
    assert main(["check", str(derivations)]) == 2
    assert not marker.exists()
    err = capsys.readouterr().err
    assert "--allow-python" in err and err.count("\n") == 1


def test_python_files_load_when_named_or_allowed(tmp_path, capsys):
    marker = tmp_path / "marker"
    derivations = tmp_path / "derivations"
    derivations.mkdir()
    module = evil_module(derivations, marker)
    tiny(derivations / "tiny.toml", refuted=False)
    assert main(["check", str(derivations), "--allow-python"]) == 2    # it defines no DOCUMENT
    assert marker.exists()
    marker.unlink()
    assert main(["check", str(module)]) == 2
    assert marker.exists()
    assert "defines no DOCUMENT" in capsys.readouterr().err


def test_the_bundled_derivations_hold_no_python():
    from contrastive_sym.load.files import bundled_paths
    assert bundled_paths() and all(p.suffix == ".toml" for p in bundled_paths())


def test_the_small_python_derivation_still_loads_when_named():
    from contrastive_sym.load.files import load_all
    (document,) = load_all([str(REPO / "tests" / "data" / "small_derivation.py")])
    assert document.id == "small"


# --- 2. Figure paths: one sanitiser, never outside --output -------------------------

@pytest.mark.parametrize("hostile", ["../../../x", "/ABS/x", "..", ".hidden", "a/../../b", "x\x00y", "é/../"])
def test_figure_file_names_are_plain_names(hostile):
    from contrastive_sym.report.site.plots import file_name
    name = file_name(hostile + "-c1")
    assert "/" not in name and "\x00" not in name and not name.startswith(".") and ".." not in name
    assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name) and len(name) <= 120
    assert file_name("000-limit-tau-0") == "000-limit-tau-0"    # plain ids keep their names


@pytest.mark.parametrize("kind", ["relative", "absolute"])
def test_hostile_ids_write_nothing_outside_the_output_directory(tmp_path, kind):
    work = tmp_path / "a" / "b" / "c"
    work.mkdir(parents=True)
    (tmp_path / "abs").mkdir()
    doc_id = "../../../x" if kind == "relative" else str(tmp_path / "abs" / "x")
    derivation = tiny(tmp_path / "evil.toml", doc_id=doc_id)
    out = work / "out"
    before = snapshot(tmp_path)
    assert main(["report", str(derivation), "--output", str(out)]) == 0
    created = snapshot(tmp_path) - before
    outside = [p for p in created if not (tmp_path / p).resolve().is_relative_to(out.resolve())]
    assert outside == []
    assert list((out / "figures").glob("*.pdf"))      # the figure was drawn, inside


def test_a_write_outside_the_output_directory_is_refused(tmp_path):
    from contrastive_sym.report.site.build import _inside
    root = tmp_path / "out"
    root.mkdir()
    (root / "figures").mkdir()
    assert _inside(root, root / "figures" / "x.pdf")
    with pytest.raises(ReportError, match="outside"):
        _inside(root, root / "figures" / ".." / ".." / "x.pdf")
    with pytest.raises(ReportError, match="outside"):
        _inside(root, root / "/abs" / "x.pdf")
    (root / "link").symlink_to(tmp_path)
    with pytest.raises(ReportError, match="outside"):
        _inside(root, root / "link" / "x.pdf")


# --- 3. The output directory: the user's files, symlinks, signals -------------------

def test_the_users_files_in_figures_survive_and_stale_figures_of_ours_go(tmp_path):
    out = tmp_path / "out"
    (out / "figures").mkdir(parents=True)
    (out / "figures" / "mine.txt").write_text("the user's notes")
    (out / "figures" / "mine.pdf").write_text("the user's figure")
    derivation = tiny(tmp_path / "d.toml")
    assert main(["report", str(derivation), "--output", str(out)]) == 0
    ours = {p.name for p in (out / "figures").iterdir()} - {"mine.txt", "mine.pdf"}
    assert ours                                         # the refuted claim's figure
    # Without the refuted claim, its figure is stale: ours, unchanged, so it goes.
    tiny(derivation, refuted=False)
    assert main(["report", str(derivation), "--output", str(out)]) == 0
    assert {p.name for p in (out / "figures").iterdir()} == {"mine.txt", "mine.pdf"}
    assert (out / "figures" / "mine.txt").read_text() == "the user's notes"
    assert (out / "figures" / "mine.pdf").read_text() == "the user's figure"
    assert not list(out.glob(".staging-*"))


def test_a_figures_symlink_is_refused_and_not_followed(tmp_path, capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.pdf").write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / "figures").symlink_to(elsewhere, target_is_directory=True)
    assert main(["report", str(tiny(tmp_path / "d.toml")), "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert "symbolic link" in err and err.count("\n") == 1 and "Traceback" not in err
    assert snapshot(elsewhere) == {"precious.pdf"} and (elsewhere / "precious.pdf").read_text() == "keep me"
    assert (out / "figures").is_symlink() and not list(out.glob(".staging-*"))


def test_a_figures_file_is_refused(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "figures").write_text("not a directory")
    assert main(["report", str(tiny(tmp_path / "d.toml")), "--output", str(out)]) == 2
    assert "not a directory" in capsys.readouterr().err
    assert (out / "figures").read_text() == "not a directory"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_report_leaves_no_staging_directory(tmp_path, signum):
    # A pdflatex that takes its time keeps the report in its staging phase.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    pid_file = tmp_path / "pdflatex.pid"
    fake = bin_dir / "pdflatex"
    fake.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 60\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "contrastive_sym", "report", str(tiny(tmp_path / "d.toml")),
                                "--output", str(out)], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text().strip()):
            assert process.poll() is None, "the report ended before pdflatex ran"
            assert time.monotonic() < deadline, "pdflatex never started"
            time.sleep(0.05)
        assert list(out.glob(".staging-*"))
        process.send_signal(signum)
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode != 0
    assert not list(out.glob(".staging-*"))
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while True:                       # pdflatex's process group was killed too
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "pdflatex is still running"
        time.sleep(0.05)


# --- 4. Control characters in every output format ------------------------------------

@pytest.fixture()
def evil_derivation(tmp_path):
    return tiny(tmp_path / "evil.toml", doc_id=f"doc{EVIL}", title=f"Title {EVIL}", claim_id=f"c{EVIL}",
                claim_title=f"claim {EVIL}", note=f"note {EVIL}", wrong_id=f"wrong{EVIL}")


def test_visible_escapes_c0_c1_and_del_and_keeps_what_it_is_told():
    assert visible("a\x1b[31mb\x07") == "a\\x1b[31mb\\x07"
    assert visible("\x7f\x9b\x00") == "\\x7f\\x9b\\x00"
    assert visible("line\nnext\r", keep="\n") == "line\nnext\\x0d"
    assert visible("\x9b", json=True) == "\\u009b"
    assert visible("τ ≤ 1 · é") == "τ ≤ 1 · é"


@pytest.mark.parametrize("fmt", ["text", "json", "junit", "github", "sarif", "gitlab"])
def test_no_raw_control_character_reaches_an_output(evil_derivation, tmp_path, fmt):
    out = tmp_path / f"out.{fmt}"
    assert main(["check", str(evil_derivation), "--format", fmt, "--output", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert not RAW_CONTROL.search(text), RAW_CONTROL.findall(text)
    assert "\\x1b[31m" in text or "\\u001b[31m" in text       # shown, not dropped
    if fmt == "junit":
        root = ET.fromstring(text.encode("utf-8"))
        assert root.tag == "testsuites" and len(root.findall(".//testcase")) == 2
    if fmt in ("json", "sarif", "gitlab"):
        data = json.loads(text)
        if fmt == "json":                                    # JSON keeps every character
            assert data["documents"][0]["title"] == f"Title {EVIL}"


def test_no_raw_control_character_reaches_the_html_or_latex_report(evil_derivation, tmp_path):
    out = tmp_path / "out"
    assert main(["report", str(evil_derivation), "--output", str(out)]) == 0
    for name in ("index.html", "report.tex"):
        text = (out / name).read_text(encoding="utf-8")
        assert not RAW_CONTROL.search(text), (name, RAW_CONTROL.findall(text))
    assert "\\x1b[31m" in (out / "index.html").read_text(encoding="utf-8")


def test_the_github_format_uses_its_own_escapes_for_percent_and_line_ends():
    from contrastive_sym.report.ci import _gh_data
    assert _gh_data("50% a\r\nb\x1b") == "50%25 a%0D%0Ab\\x1b"


def test_the_progress_label_is_plain(monkeypatch):
    from contrastive_sym.report import terminal

    class Stream:
        def isatty(self):
            return True

        def write(self, text):
            return len(text)

        def flush(self):
            pass

    monkeypatch.delenv("NO_COLOR", raising=False)
    progress = terminal.Progress(2, stream=Stream(), delay=0)
    captured = []

    class Bar:
        def __init__(self, *args, **kwargs):
            pass

        def start(self):
            pass

        def stop(self):
            pass

        def add_task(self, label, **kwargs):
            captured.append(label)

        def update(self, task, description, **kwargs):
            captured.append(description)

    import rich.progress
    monkeypatch.setattr(rich.progress, "Progress", Bar)
    progress(f"doc [bold]c{EVIL}")
    assert captured and all(not RAW_CONTROL.search(c) and "\\[bold]" in c for c in captured)


# --- 5. --documents -------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["missing", "binary file", "loop"])
def test_a_bad_documents_option_is_a_usage_error_before_checking(tmp_path, kind, capsys, monkeypatch):
    documents = tmp_path / "docs"
    if kind == "binary file":
        documents.write_bytes(b"\x00\x01\x02\xff")
    elif kind == "loop":
        os.symlink(tmp_path / "other", documents)
        os.symlink(documents, tmp_path / "other")
    import contrastive_sym.pipeline as pipeline
    monkeypatch.setattr(pipeline, "check_document", lambda *a, **k: pytest.fail("checking started"))
    assert main(["check", str(tiny(tmp_path / "d.toml")), "--documents", str(documents)]) == 2
    err = capsys.readouterr().err
    assert "--documents" in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("content", [b"line one\x00binary", b"caf\xe9 not utf-8\n", "loop", "fifo", "directory"])
def test_an_unreadable_document_is_reported_for_its_document(tmp_path, content, capsys):
    documents = tmp_path / "docs"
    documents.mkdir()
    source = documents / "tiny.txt"
    if content == "loop":
        os.symlink(documents / "tiny2.txt", source)
        os.symlink(source, documents / "tiny2.txt")
    elif content == "fifo":
        os.mkfifo(source)
    elif content == "directory":
        source.mkdir()
    else:
        source.write_bytes(content)
    derivation = tiny(tmp_path / "d.toml", refuted=False)
    out = tmp_path / "report.json"
    main(["check", str(derivation), "--documents", str(documents), "--format", "json", "--output", str(out)])
    (doc,) = json.loads(out.read_text())["documents"]
    assert doc["source_error"] and doc["source_path"] == str(source)
    main(["check", str(derivation), "--documents", str(documents)])
    assert "cannot be read" in " ".join(capsys.readouterr().out.split())


def test_a_document_is_read_only_by_its_file_name(tmp_path):
    from contrastive_sym.check.faithfulness import find_document
    from contrastive_sym.load.files import load
    (tmp_path / "secret.txt").write_text("x \\leq x + 1\n")
    derivations = tmp_path / "derivations"
    derivations.mkdir()
    path = tiny(derivations / "d.toml", refuted=False)
    path.write_text(path.read_text().replace('source = "tiny.txt"', 'source = "../secret.txt"'))
    assert find_document(load(path), None) is None


# --- 6. Only regular files, with a size limit -------------------------------------------

def test_the_limits_are_documented_constants():
    assert MAX_DERIVATION_BYTES == 8 * 1024 * 1024 and MAX_DOCUMENT_BYTES == 16 * 1024 * 1024


def test_read_text_file_refuses_what_is_not_a_small_regular_text_file(tmp_path):
    good = tmp_path / "good.toml"
    good.write_bytes(b"a\r\nb\rc\n")
    assert read_text_file(good, 100) == "a\nb\nc\n"
    assert read_text_file(good, 100, universal_newlines=False) == "a\r\nb\rc\n"
    with pytest.raises(DerivationError, match="larger than the limit"):
        read_text_file(good, 3)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(DerivationError, match="named pipe") as caught:
        read_text_file(fifo, 100)
    assert caught.value.path == str(fifo) and caught.value.line is None
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    with pytest.raises(DerivationError, match="character device"):
        read_text_file(zero, 100)
    loop = tmp_path / "loop.toml"
    loop.symlink_to(tmp_path / "loop2.toml")
    (tmp_path / "loop2.toml").symlink_to(loop)
    with pytest.raises(DerivationError, match="loop"):
        read_text_file(loop, 100)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"id = 1\n\x00\x01")
    with pytest.raises(DerivationError, match="binary"):
        read_text_file(binary, 100)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"title = 'caf\xe9'")
    with pytest.raises(DerivationError, match="not UTF-8"):
        read_text_file(latin, 100)
    with pytest.raises(DerivationError, match="no such file"):
        read_text_file(tmp_path / "missing.toml", 100)


def _bounded_memory():
    """In the child: a CLI that regressed into reading /dev/zero fails fast, not the machine."""
    import resource
    limit = 4 * 1024 ** 3
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "fifo-py", "dev-zero-py", "fifo-in-directory"])
def test_a_pipe_or_a_device_as_a_derivation_exits_2_promptly(tmp_path, kind):
    if kind == "fifo-in-directory":
        target = tmp_path / "derivations"
        target.mkdir()
        os.mkfifo(target / "d.toml")
        os.mkfifo(target / "notes.md")
    else:
        target = tmp_path / ("d.py" if kind.endswith("-py") else "d.toml")
        if kind.startswith("fifo"):
            os.mkfifo(target)
        else:
            target.symlink_to("/dev/zero")
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "contrastive_sym", "check", str(target)], capture_output=True,
                            text=True, timeout=20, preexec_fn=_bounded_memory)
    assert result.returncode == 2, result.stderr
    assert time.monotonic() - started < 20
    assert result.stderr.count("\n") == 1 and "not a regular file" in result.stderr
    assert ("named pipe" if kind.startswith("fifo") else "character device") in result.stderr


# --- 7. TRUST.md ----------------------------------------------------------------------------

def test_trust_md_is_linked_from_the_readme():
    assert (REPO / "TRUST.md").is_file()
    assert "TRUST.md" in (REPO / "README.md").read_text(encoding="utf-8")

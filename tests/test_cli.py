"""The command line: exit codes a pipeline can trust, one-line errors, valid JSON."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from contrastive_sym.cli import main

GOOD = """
    import sympy as sp
    from contrastive_sym.model import encodings as enc
    from contrastive_sym.model.claims import Kind
    from contrastive_sym.load.builder import DocumentBuilder, ProofBuilder, chain

    doc = DocumentBuilder("t1", "A small document", source="small.txt")
    K = doc.size("K", minimum=2, checked=(2, 3))
    g = doc.family("g", (K,))
    p = ProofBuilder()
    p.step(4, lhs=enc.info_nce_k(g, K), rhs=sp.log(K) - enc.info_nce(g, K), latex="I^K = log K - I")
    p.step(5, rhs={rhs}, latex="= something", expect={expect!r})
    doc.claim("forms", line=3, title="InfoNCE forms", kind=Kind.IDENTITY,
              statement=chain(enc.info_nce_k(g, K), "=", sp.log(K) - enc.info_nce(g, K)),
              latex="I^K = -I + log K", proof=p, conclusion_expect={conclusion!r})
    DOCUMENT = doc
"""


def write(tmp_path, name="d.py", rhs="sp.log(K) - enc.info_nce(g, K)", expect=None, conclusion=None, text=None):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text or GOOD.format(rhs=rhs, expect=expect, conclusion=conclusion)))
    return str(path)


def test_exit_0_when_every_verdict_meets_expectations(tmp_path, capsys):
    assert main([write(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "L5" in out and "unexpected" in out


def test_exit_1_when_a_step_is_refuted_without_expectation(tmp_path, capsys):
    assert main([write(tmp_path, rhs="enc.info_nce(g, K)")]) == 1
    assert "[expected" in capsys.readouterr().out


def test_exit_0_when_the_refutation_is_expected(tmp_path):
    assert main([write(tmp_path, rhs="enc.info_nce(g, K)", expect="refuted", conclusion="refuted")]) == 0


def test_exit_1_when_an_expected_refutation_does_not_happen(tmp_path):
    assert main([write(tmp_path, expect="refuted")]) == 1


@pytest.mark.parametrize("args,needle", [
    (["/no/such/file.py"], "no such file"),
    (["--digits", "20"], "at least 50"),
    (["--format", "xml"], "invalid choice"),
    (["--only", "no-such-claim"], "no claim"),
])
def test_bad_usage_exits_2_with_one_line(args, needle, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_syntax_error_names_file_and_line(tmp_path, capsys):
    path = write(tmp_path, text="import sympy\n\nx = (\n")
    assert main([path]) == 2
    err = capsys.readouterr().err
    assert f"{path}:" in err and "syntax error" in err and "Traceback" not in err


def test_an_undeclared_symbol_names_the_line_of_the_claim(tmp_path, capsys):
    text = GOOD.format(rhs="sp.Symbol('q') + enc.info_nce(g, K)", expect=None, conclusion=None)
    path = write(tmp_path, text=text)
    assert main([path]) == 2
    err = capsys.readouterr().err
    assert "symbol q is not declared" in err and f"{path}:" in err


def test_a_mistake_in_the_builder_names_its_line(tmp_path, capsys):
    text = GOOD.format(rhs="sp.log(K)", expect="maybe", conclusion=None)
    path = write(tmp_path, text=text)
    assert main([path]) == 2
    err = capsys.readouterr().err
    assert "unknown expected verdict 'maybe'" in err and f"{path}:12:" in err  # the p.step(5, …) line


def test_json_report_has_the_documented_fields(tmp_path):
    out = tmp_path / "report.json"
    assert main([write(tmp_path, rhs="enc.info_nce(g, K)", expect="refuted", conclusion="refuted"),
                 "--format", "json", "--output", str(out)]) == 0
    data = json.loads(out.read_text())
    assert set(data) >= {"tool", "environment", "documents", "summary"}
    assert set(data["environment"]) >= {"python", "sympy", "mpmath"}
    doc = data["documents"][0]
    assert doc["source"] == "small.txt"
    claim = doc["claims"][0]
    assert set(claim) >= {"id", "title", "kind", "line", "statement", "verdict", "expected", "methods",
                          "message", "witness", "steps"}
    step = claim["steps"][1]
    assert set(step) >= {"index", "line", "relation", "latex", "verdict", "method", "message", "witness"}
    assert step["verdict"] == "refuted" and step["line"] == 5
    witness = step["witness"]
    assert set(witness) >= {"sizes", "values", "lhs", "rhs", "digits"}
    assert all(isinstance(v, str) for v in witness["values"].values())
    assert set(data["summary"]) >= {"proved", "confirmed", "refuted", "conditional", "undecided", "error",
                                    "unexpected"}


def test_output_is_not_written_on_bad_input(tmp_path):
    out = tmp_path / "report.json"
    assert main(["/no/such.py", "--output", str(out)]) == 2
    assert not out.exists() and not list(tmp_path.glob(".report.json.*"))


def test_output_to_a_device_writes_through_it(tmp_path):
    import os
    import stat
    assert main([write(tmp_path), "--output", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)      # still the device, not a file


def test_output_dash_is_stdout(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path)
    assert main([path, "--format", "json", "--output", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]
    assert not (tmp_path / "-").exists()


def test_output_is_made_as_the_umask_says(tmp_path):
    import os
    out = tmp_path / "report.json"
    old = os.umask(0o022)
    try:
        assert main([write(tmp_path), "--format", "json", "--output", str(out)]) == 0
    finally:
        os.umask(old)
    assert out.stat().st_mode & 0o777 == 0o644


def test_a_missing_output_directory_is_refused_before_the_run(tmp_path, monkeypatch):
    import contrastive_sym.cli as cli
    monkeypatch.setattr(cli, "_checked", lambda *a, **k: pytest.fail("the run started"))
    assert main([write(tmp_path), "--output", str(tmp_path / "no" / "report.json")]) == 2
    assert main([write(tmp_path), "--output", str(tmp_path)]) == 2       # a directory


def test_the_console_script_runs_as_a_module(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "contrastive_sym", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and "contrastive-verify" in proc.stdout


@pytest.mark.slow
def test_default_run_covers_the_four_documents_in_json():
    proc = subprocess.run([sys.executable, "-m", "contrastive_sym", "check", "--format", "json"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    sources = sorted(d["source"] for d in data["documents"])
    assert sources == ["000_8e07d957a6b6bcf4.txt", "001_4ef83a1ba76474f4.txt",
                       "002_3e8822018bdae5d7.txt", "003_90a6174e2dc01a6c.txt"]
    steps = [s for d in data["documents"] for c in d["claims"] for s in c["steps"]]
    assert steps and all(isinstance(s["line"], int) for s in steps)
    assert data["summary"]["unexpected"] == 0 and data["summary"]["error"] == 0


def test_an_error_in_a_formula_that_starts_with_a_blank_line_names_its_own_line(tmp_path, capsys):
    # latex = ''' followed by an empty line: the error was placed at line 2 of the file
    path = tmp_path / "d.toml"
    path.write_text('id = "t"\ntitle = "t"\nsource = "t.txt"\n\n[[scalar]]\nname = \'x\'\n\n[[claim]]\n'
                    'id = "c"\nline = 1\ntitle = "c"\nlatex = \'\'\'\n\nx = (1 +\n\'\'\'\n', encoding="utf-8")
    assert main([str(path)]) == 2
    assert f"{path}:14:8: the formula ends before" in capsys.readouterr().err


def test_skip_other_files_skips_what_is_not_a_derivation_and_says_so(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text("# Notes\n", encoding="utf-8")
    config = tmp_path / "pyproject.toml"
    config.write_text('[project]\nname = "n"\n', encoding="utf-8")
    assert main([str(readme), str(config)]) == 2                   # named, it must be a derivation
    capsys.readouterr()
    assert main([str(readme), str(config), "--skip-other-files", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "skipped 2 files that are not derivations" in captured.err
    assert json.loads(captured.out)["documents"] == []             # never the bundled documents instead
    assert main([write(tmp_path), str(readme), "--skip-other-files"]) == 0
    assert "skipped 1 file that is not a derivation" in capsys.readouterr().err


STDIN_TOML = """id = "s"
title = "s"
source = "s.md"

[[scalar]]
name = 'x'

[[claim]]
id = "c"
line = 1
title = "c"
latex = '{}'
"""


def _from_stdin(monkeypatch, text: str):
    import io
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))


def test_a_derivation_read_from_stdin(monkeypatch, capsys):
    _from_stdin(monkeypatch, STDIN_TOML.format("x^2 \\geq 0"))
    assert main(["-", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["proved"] == 1


def test_a_mistake_read_from_stdin_is_named_stdin(monkeypatch, capsys):
    _from_stdin(monkeypatch, STDIN_TOML.format("x^2 \\geq"))
    assert main(["-"]) == 2
    assert capsys.readouterr().err.startswith("contrastive-verify: error: <stdin>:12:")


def test_markdown_read_from_stdin(monkeypatch, capsys):
    text = ('<!-- contrastive-verify\nid = "m"\ntitle = "m"\n\n[[scalar]]\nname = \'x\'\n-->\n\n'
            '<!-- claim: id = "c", expect = "refuted" -->\n$$\n(x + 1)^2 = x^2 + 1\n$$\n')
    _from_stdin(monkeypatch, text)
    assert main(["-", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["refuted"] == 1


def test_the_help_names_the_report_command_and_the_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "report writes the HTML page" in out and "3 an internal error of the tool" in out


def test_report_without_pdflatex_says_it_made_no_pdf(tmp_path, capsys, monkeypatch):
    import shutil
    import contrastive_sym.report.site.build as build
    real = shutil.which
    monkeypatch.setattr(build.shutil, "which", lambda name, *a, **k: None if name == "pdflatex" else real(name, *a, **k))
    out = tmp_path / "site"
    assert main(["report", write(tmp_path), "--output", str(out), "--no-symbolic"]) == 0
    assert (out / "report.tex").exists() and not (out / "report.pdf").exists()
    assert "no report.pdf: pdflatex is not on PATH" in capsys.readouterr().err

r"""A formula written in a TOML basic string, with its backslashes escaped (``latex = "\\sum_k x_k"``), is
found in the file by its escaped form: an error names the line and column the user sees in the file, not
the file's first line."""
from __future__ import annotations

from contrastive_sym.cli import main

HEAD = """id = "d"
title = "t"
source = "s.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'e'
shape = ['n']
"""


def _written(tmp_path, claims: str):
    path = tmp_path / "d.toml"
    path.write_text(HEAD + claims, encoding="utf-8")
    return str(path)


def test_an_error_in_a_basic_string_names_its_line_and_column(tmp_path, capsys):
    path = _written(tmp_path, '\n[[claim]]\nid = "c"\nline = 3\ntitle = "x"\nlatex = "e_1 \\\\sum\' = 1"\n')
    assert main([path]) == 2
    err = capsys.readouterr().err
    # line 18 of the file: latex = "e_1 \\sum' = 1", the escaped backslash of \sum at column 14
    assert f"{path}:18:14: '\\sum' with nothing after it to sum" in err


def test_a_column_after_escapes_is_the_files(tmp_path, capsys):
    # two escaped backslashes before the mistake: each is two characters in the file
    path = _written(tmp_path, '\n[[claim]]\nid = "c"\nline = 3\ntitle = "x"\nlatex = "\\\\log e_1 + \\\\sum\' = 1"\n')
    assert main([path]) == 2
    line = 'latex = "\\\\log e_1 + \\\\sum\' = 1"'
    column = line.index("\\\\sum") + 1
    assert f"{path}:18:{column}: '\\sum'" in capsys.readouterr().err


def test_a_multiline_basic_string_names_the_row(tmp_path, capsys):
    path = _written(tmp_path, '\n[[claim]]\nid = "c"\nline = 3\ntitle = "x"\nlatex = """\ne_1 = e_1 \\\\\\\\\n'
                              '  = \\\\sum\' \n"""\n')
    assert main([path]) == 2
    # the second row of the formula, on line 20: '  = \\sum'', the \sum at column 5
    assert f"{path}:20:5: '\\sum' with nothing after it to sum" in capsys.readouterr().err

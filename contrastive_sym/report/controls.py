r"""Control characters made visible: the one helper every output format uses.

Titles, ids, notes, messages and witness values come from untrusted files.  A raw
escape (``\x1b[31m``) or bell (``\x07``) would reach a reader's terminal; XML 1.0
cannot hold most control characters at all, not even as character references.  So
every renderer passes its text through :func:`visible`, which writes each C0 control
(U+0000–U+001F), DEL (U+007F) and C1 control (U+0080–U+009F), and the characters no
XML or UTF-8 output can hold (lone surrogates, U+FFFE, U+FFFF), as a visible escape:

>>> visible("red \x1b[31m bell \x07")
'red \\x1b[31m bell \\x07'
>>> visible("two\nlines\ttab", keep="\n")
'two\nlines\\x09tab'
>>> visible("\x85 \ud800", json=True)
'\\u0085 \\ud800'

``keep`` names the controls a format allows (a newline where a line break is part of
the format).  ``json=True`` writes ``\uXXXX``, which a JSON string reads back as the
same character (used on ``json.dumps`` output, which leaves DEL and C1 raw).
"""
from __future__ import annotations

import re

_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _escape(char: str, json: bool) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if json or code > 0xFF else f"\\x{code:02x}"


def visible(text, keep: str = "", *, json: bool = False) -> str:
    """``text`` with every control character not in ``keep`` written as an escape."""
    text = str(text)
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(lambda m: m.group() if m.group() in keep else _escape(m.group(), json), text)


def has_controls(text: str, keep: str = "") -> bool:
    """Whether ``text`` holds a control character that :func:`visible` would escape."""
    return any(m.group() not in keep for m in _CONTROLS.finditer(text))


__all__ = ["visible", "has_controls"]

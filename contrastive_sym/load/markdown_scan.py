"""The blocks of a Markdown text that matter to the checker: HTML comments and display math.

:func:`scan_markdown` finds them in the order of the text, outside fenced code and
inline code spans (a ```math block is display math), in time linear in the text.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

# Environments that are display math on their own (outside $$ … $$).
_DISPLAY_ENVIRONMENTS = "equation|align|alignat|gather|multline|flalign|eqnarray"
_TOKEN = re.compile(r"\n|`+|<!--|\$\$|\\\[|\\begin\{(?:" + _DISPLAY_ENVIRONMENTS + r")\*?\}")
_FENCE = re.compile(r"[ ]{0,3}(`{3,}|~{3,})([^\n]*)")
_HEADING = re.compile(r"[ ]{0,3}#{1,6}[ \t]+([^\n]*?)[ \t#]*(?:\n|$)")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


@dataclass(frozen=True)
class Lines:
    """Offsets of the raw text → 1-based lines and columns."""

    starts: tuple[int, ...]

    @classmethod
    def of(cls, raw: str) -> Lines:
        return cls((0, *(m.end() for m in re.finditer("\n", raw))))

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def column(self, offset: int) -> int:
        return offset - self.starts[self.line(offset) - 1] + 1


# --- scanning: comments and display math outside code --------------------------------

@dataclass(frozen=True)
class Comment:
    opened: int        # offset of '<!--'
    closed: int        # offset just past '-->' (the end of the text when unterminated)
    body_start: int    # offset of the text after '<!--'
    body: str
    terminated: bool


@dataclass(frozen=True)
class Display:
    opened: int        # offset of the opening delimiter
    closed: int        # offset just past the closing delimiter
    start: int         # offset of the formula's first character
    latex: str         # the formula as written, without delimiters and blank space around


@dataclass(frozen=True)
class Scan:
    blocks: tuple       # Comment | Display, in the order of the text
    heading: str | None  # the first heading, a default title


def scan_markdown(raw: str) -> Scan:
    """Comments and displays of ``raw``, skipping fenced code and inline code spans.

    Linear in the length of ``raw``: each paragraph's backtick runs are indexed once
    (:class:`_CodeSpans`), and a delimiter found never closed is not searched for again
    (:class:`_Closers`)."""
    blocks, heading, pos = [], None, 0
    spans, closers = _CodeSpans(raw), _Closers(raw)
    while pos < len(raw):
        if pos == 0 or raw[pos - 1] == "\n":
            fence = _FENCE.match(raw, pos)
            if fence and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
                pos = _fenced(raw, fence, blocks)
                continue
            title = _HEADING.match(raw, pos) if heading is None else None
            heading = title.group(1) if title else heading
        token = _TOKEN.search(raw, pos)
        if token is None:
            break
        text, at = token.group(0), token.start()
        escaped = at > 0 and raw[at - 1] == "\\"
        if text == "\n" or escaped:
            pos = token.end()
        elif text[0] == "`":
            pos = spans.end(token)
        elif text == "<!--":
            close = raw.find("-->", token.end())
            end = len(raw) if close < 0 else close
            blocks.append(Comment(at, len(raw) if close < 0 else close + 3, token.end(),
                                   raw[token.end():end], close >= 0))
            pos = blocks[-1].closed
        else:
            display = _delimited(raw, token, closers)
            if display is None:   # never closed: not display math, literal text
                pos = token.end()
            else:
                blocks.append(display)
                pos = display.closed
    return Scan(tuple(blocks), heading)


def _fenced(raw: str, fence: re.Match, blocks: list) -> int:
    """Skip a fenced code block (a ```math block is display math); return where it ends."""
    marker = fence.group(1)
    closing = re.compile(rf"^[ ]{{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$", re.MULTILINE)
    body_start = min(fence.end() + 1, len(raw))
    close = closing.search(raw, body_start)
    body_end = close.start() if close else len(raw)
    end = close.end() if close else len(raw)
    info = fence.group(2).split()
    if info and info[0] == "math":
        blocks.append(_formula(fence.start(), end, raw, body_start, body_end))
    return end


_BACKTICKS = re.compile("`+")


class _CodeSpans:
    """Where inline code spans end.  A span opened by a run of n backticks closes at the
    next run of exactly n backticks in the same paragraph.  The runs of a paragraph are
    found once and indexed by length, so a paragraph of many unclosed backticks is read
    in linear time (searching the rest of the paragraph for each would be quadratic)."""

    def __init__(self, raw: str):
        self.raw = raw
        self.limit = -1                        # where the current paragraph ends
        self.runs: dict[int, list[int]] = {}   # run length → starts, in order

    def end(self, token: re.Match) -> int:
        """Past the code span opened by ``token``; only its backticks when it never closes."""
        if token.end() > self.limit:
            blank = _BLANK_LINE.search(self.raw, token.end())
            self.limit = blank.start() if blank else len(self.raw)
            self.runs = {}
            for run in _BACKTICKS.finditer(self.raw, token.start(), self.limit):
                self.runs.setdefault(run.end() - run.start(), []).append(run.start())
        starts = self.runs.get(len(token.group(0)), [])
        index = bisect.bisect_left(starts, token.end())
        if index < len(starts):
            return starts[index] + len(token.group(0))
        return token.end()


class _Closers:
    """The next closing delimiter, remembering where none is left: once ``\\]`` is
    not found after some offset, it is not found after any later one either."""

    def __init__(self, raw: str):
        self.raw = raw
        self.none_after: dict[str, int] = {}

    def find(self, text: str, start: int, unescaped: bool = False) -> int:
        if start >= self.none_after.get(text, len(self.raw) + 1):
            return -1
        close = self.raw.find(text, start)
        while unescaped and close > 0 and self.raw[close - 1] == "\\":
            close = self.raw.find(text, close + 1)
        if close < 0:
            self.none_after[text] = min(start, self.none_after.get(text, start))
        return close


def _delimited(raw: str, token: re.Match, closers: _Closers) -> Display | None:
    text = token.group(0)
    if text == "$$":
        close = closers.find("$$", token.end(), unescaped=True)
        return None if close < 0 else _formula(token.start(), close + 2, raw, token.end(), close)
    if text == r"\[":
        close = closers.find(r"\]", token.end())
        return None if close < 0 else _formula(token.start(), close + 2, raw, token.end(), close)
    end_tag = text.replace(r"\begin", r"\end", 1)  # the environment, delimiters included
    close = closers.find(end_tag, token.end())
    if close < 0:
        return None
    return _formula(token.start(), close + len(end_tag), raw, token.start(), close + len(end_tag))


def _formula(opened: int, closed: int, raw: str, inner_start: int, inner_end: int) -> Display:
    inner = raw[inner_start:inner_end]
    latex = inner.strip()
    start = inner_start + (len(inner) - len(inner.lstrip())) if latex else inner_start
    return Display(opened, closed, start, latex)


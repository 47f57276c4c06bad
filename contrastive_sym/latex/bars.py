r"""Bars written with the same character at both ends, paired as a reader pairs them.

``\| f(x) - f(y) \|^2_2``, ``||a - b||``, ``|P(i)|``, ``\frac{1}{|S|}``, ``\vert x \vert``:
the bar does not say which end it is.  A reader pairs the bars of one bracket group (the
text between matching ``{ }``, ``( )``, ``[ ]``, ``\{ \}``, ``\left( \right)`` …, or the
whole formula; each row of ``\\`` on its own): the 1st and 2nd bar of a kind are a pair,
the 3rd and 4th the next.  Kinds: norm bars ``\|``, ``\Vert``, ``\parallel``, ``||`` (two bare bars side
by side), ``\big\|`` …; absolute-value bars ``|``, ``\vert``, ``\big|`` ….

:func:`pair_bars` rewrites each pair into characters the grammar reads as LNORM … RNORM
or LABS … RABS (private-use characters padded with spaces, line ends kept), so the text
keeps its length and every position in it is still a position in the user's text.

When in doubt it refuses (:class:`BarError`): an odd number (≥ 3) of bars of a kind in a
group, pairs of two kinds that cross, a bare ``||`` beside a bare ``|``, an empty pair,
and pairs that another pairing reads too (``|a| b |c|`` is |a|·b·|c| or |a·|b|·c|).
The one bar ``|`` or ``\vert`` of a parenthesis is a conditional bar, ``p(x | c)``, and
is read as ``\mid``; so is a sized middle bar there, ``p\left(x \middle| c\right)``.  The one
norm bar of a parenthesis, ``D_{KL}(p \| q)``, ``(p || q)``, is the bar of a divergence.
Any other single bar of a kind is left as written (``f|_{x=0}`` is a restriction; other
single bars are refused by the grammar), and so is a ``|`` followed by ``_`` (but for the index of a
norm, ``|x - y|_\infty``, ``|x|_1``: a bar of a pair).

>>> pair_bars(r"\|x\|_2") == "\ue000 x \ue001_2"
True
>>> pair_bars("|a| + |b|") == "\ue002a\ue003 + \ue002b\ue003"
True
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

#: The characters the grammar reads as the ends of a paired bar (LNORM, RNORM, LABS, RABS).
OPEN = {"norm": "\ue000", "abs": "\ue002", "mid": "\ue002"}
CLOSE = {"norm": "\ue001", "abs": "\ue003", "mid": "\ue003"}
#: A lone bar inside parentheses, p(x | c): the grammar reads it as \mid (MID).
CONDITIONAL = "\ue004"
#: A lone norm bar inside parentheses, D_{KL}(p \| q): the grammar reads it as the bar of a
#: divergence (DIVBAR), between two arguments, and only there.
DIVERGENCE = "\ue005"
PRIVATE = frozenset("\ue000\ue001\ue002\ue003\ue004\ue005")

_FIX = "write \\lvert … \\rvert for an absolute value, \\lVert … \\rVert for a norm"


class BarError(Exception):
    """A bar that is refused: ``message``, where (``position`` in the text) and what."""

    def __init__(self, message: str, position: int, construct: str):
        super().__init__(message)
        self.message, self.position, self.construct = message, position, construct


class AmbiguousBars(BarError):
    """Bars that pair in more than one way: ``pairings`` holds each as :func:`pair_bars` takes it, the
    1st bar with the 2nd, the 3rd with the 4th … first."""

    def __init__(self, message: str, position: int, construct: str, pairings: tuple):
        super().__init__(message, position, construct)
        self.pairings = pairings


@dataclass
class _Bar:
    kind: str          # "norm" | "abs" | "mid" | "middle" (\middle|, \bigm|: never paired)
    start: int
    end: int
    bare_double: bool  # || (two bare bars)
    bare_single: bool  # |


@dataclass
class _Segment:
    """The bars of one group (one row of it) and what stands between them at its level."""
    bars: list = field(default_factory=list)
    level: list = field(default_factory=list)     # (position, "atom" | "op" | "sign" | "rel" | "script" | bar)
    opener: str = ""                              # the delimiter that opens the group, "" for a row
    after_expectation: bool = False               # the brackets of \mathbb{E}[X | Y]

    def positions(self) -> list:
        return [position for position, _ in self.level]


#: More bars than this in one group are refused (documents have a handful; it bounds the work).
MAX_BARS = 100

_RESTRICTION = re.compile(r"\s*_")
#: |x - y|_\infty, |x|_1, |x|_2: the index of a norm after a bar, not a restriction f|_{x=0}
_NORM_INDEX = re.compile(r"\s*_\s*(?:\\infty(?![a-zA-Z])|[12](?![0-9])|\{\s*(?:\\infty|[12])\s*\})")
_SIZE = re.compile(r"\\(left|right|middle|[bB]igg?[lrm]?)(?![a-zA-Z])\s*")
_DELIMITER = re.compile(r"\\\||\\[a-zA-Z]+|\\[{}]|[()\[\]|.<>/]")
_OPAQUE = re.compile(r"\\(text[a-zA-Z]*|mathrm|operatorname\*?|mbox|label|tag\*?|color|textcolor|begin|end)"
                     r"\s*\{")
_TOKEN = re.compile(r"\\\\|\\\||\\[a-zA-Z]+|\\.|\|\||\s+|.", re.S)
#: an expectation written bare, just before the bracket it opens (\mathbb{E}[, \mathbb{E}\big[)
_EXPECTATION = re.compile(r"(?:\\math(?:bb|bf|rm)\s*\{\s*E\s*\}|\\mathbb\s*E|\\(?:text|mathrm|operatorname)\s*\{\s*Var\s*\}"
                          r"|\\mathbb\s*\{\s*V\s*\}|(?<![A-Za-z\\])E)\s*(?:\\(?:left|[Bb]igg?l?)\s*)?\Z")
_OPENERS = {"(", "[", "{", "\\{", "\\langle", "\\lvert", "\\lVert", "\\lfloor", "\\lceil"}
_CLOSERS = {")", "]", "}", "\\}", "\\rangle", "\\rvert", "\\rVert", "\\rfloor", "\\rceil"}
_RELATIONS = {"=", "<", ">", "\\le", "\\leq", "\\ge", "\\geq", "\\neq", "\\ne", "\\equiv", "\\implies", "\\to",
              "\\rarr", "\\rightarrow", "\\in", "\\sim", "\\approx", "\\mapsto", "\\propto", "\\simeq",
              "\\triangleq", "\\coloneqq", "\\leqslant", "\\geqslant", "\\ll", "\\gg", "\\mid", ",", ";", ":",
              "\\iff", "\\notin", "\\subset", "\\subseteq", "\\cong", "\\doteq"}
_OPERATORS = {"\\cdot", "\\times", "/", "\\pm", "\\mp", "\\div", "\\circ", "\\odot", "*"}
_SIGNS = {"+", "-"}
_SCRIPTS = {"^", "_"}
_POSTFIX = {"'", "!"}          # end an expression (x', n!), cannot start one
_SPACING = re.compile(r"\\[,;:! ]|\\(quad|qquad)$|~|&|\$")


def pair_bars(text: str, pairing: tuple | None = None) -> str:
    """``text`` with each pair of same-character bars rewritten (same length).  Bars that pair in two
    ways raise :class:`AmbiguousBars`; ``pairing``, one of its ``pairings``, says which way to read
    them: (the position of the first bar of their group and kind, every pair of those bars as
    (opening, closing) positions).  Any other such place is refused."""
    for position, char in enumerate(text):
        if char in PRIVATE:
            raise BarError(f"the character U+{ord(char):04X} is not read", position, char)
    if "|" not in text and "\\vert" not in text and "\\Vert" not in text and "\\mid" not in text \
            and "\\parallel" not in text:
        return text
    out = list(text)
    for segment in _segments(text):
        conditional = _conditional_bar(segment, text)
        divergence = _divergence_bar(segment)
        for bar, marker in ((conditional, CONDITIONAL), (divergence, DIVERGENCE)):
            if bar is not None:
                for position in range(bar.start, bar.end):
                    out[position] = " "
                out[bar.start] = marker
        for start, end, kind, is_open in _pairs(segment, text, pairing):
            for position in range(start, end):
                out[position] = "\n" if text[position] == "\n" else " "
            marker = OPEN[kind] if is_open else CLOSE[kind]
            out[start if is_open else end - 1] = marker
    return "".join(out)


def _segments(text: str):
    """Every segment (a group, or one row of it) of ``text``, innermost first."""
    stack = [_Segment()]
    done = []
    position = 0
    while position < len(text):
        opaque = _OPAQUE.match(text, position)
        if opaque:
            stack[-1].level.append((position, "atom"))
            position = _skip_braces(text, opaque.end())
            continue
        size = _SIZE.match(text, position)
        if size:
            position = _sized(text, size, stack, done)
            continue
        token = _TOKEN.match(text, position)
        value, end = token.group(), token.end()
        if value == "\\\\":
            done.append(stack.pop())
            stack.append(_Segment())
        elif value in ("|", "\\vert") and _RESTRICTION.match(text, end) and not _NORM_INDEX.match(text, end):
            stack[-1].level.append((position, "atom"))        # a restriction f|_{x=0}
        elif value in ("\\|", "\\Vert", "||", "\\parallel"):
            # \parallel x \parallel: the norm bars as some posts write them (one alone in parentheses is
            # still a divergence's bar)
            _add_bar(stack, _Bar("norm", position, end, value == "||", False))
        elif value in ("|", "\\vert"):
            _add_bar(stack, _Bar("abs", position, end, False, value == "|"))
        elif value == "\\mid":
            # a separator (p(x \mid c)), or a bar of |x| where '|' would end a Markdown table
            # cell (kramdown): a bar only in a pair (_mid_pair), a relation to the rest
            stack[-1].bars.append(_Bar("mid", position, end, False, False))
            stack[-1].level.append((position, "rel"))
        elif value in _OPENERS:
            stack[-1].level.append((position, "atom"))
            stack.append(_Segment(opener=value, after_expectation=_EXPECTATION.search(text, max(0, position - 40), position) is not None))
        elif value in _CLOSERS:
            _close(stack, done)
        elif not value.isspace() and not _SPACING.match(value):
            stack[-1].level.append((position, _class(value)))
        position = end
    return done + stack[::-1]


def _sized(text: str, size, stack: list, done: list) -> int:
    """A sizing command and its delimiter: a bar, an opener, a closer, or nothing."""
    which, position = size.group(1), size.end()
    delimiter = _DELIMITER.match(text, position)
    value = delimiter.group() if delimiter else ""
    end = delimiter.end() if delimiter else position
    if which == "left" or which.endswith("l"):
        stack[-1].level.append((size.start(), "atom"))
        stack.append(_Segment(opener=value, after_expectation=_EXPECTATION.search(text, max(0, size.start() - 40), size.start()) is not None))
        return end
    if which == "right" or which.endswith("r"):
        _close(stack, done)
        return end
    if which == "middle" or which.endswith("m"):
        stack[-1].level.append((size.start(), "rel"))        # \bigm| is a separator, never a pair
        if value in ("|", "\\vert", "\\mid"):
            # p\left(x \middle| c\right): perhaps the conditional bar (_conditional_bar decides)
            stack[-1].bars.append(_Bar("middle", size.start(), end, False, False))
        return end
    if value in ("|", "\\vert") and (not _RESTRICTION.match(text, end) or _NORM_INDEX.match(text, end)):
        _add_bar(stack, _Bar("abs", size.start(), end, False, False))
        return end
    if value in ("\\|", "\\Vert"):
        _add_bar(stack, _Bar("norm", size.start(), end, False, False))
        return end
    return position      # \big( is (; \big|_{x=0} is a restriction: read the delimiter itself


def _conditional_bar(segment: _Segment, text: str) -> _Bar | None:
    """The one bar ``|`` or ``\\vert`` of a parenthesis, as in ``p(x | c)`` and
    ``P(y \\vert x; \\theta)``, or of the brackets of an expectation, ``\\mathbb{E}[X | Y]``: a
    conditional bar, read as ``\\mid``; None otherwise."""
    bars = [b for b in segment.bars if b.kind in ("abs", "middle")]
    if not (segment.opener == "(" or segment.opener == "[" and segment.after_expectation) or len(bars) != 1 \
            or any(b.kind == "norm" for b in segment.bars):
        return None
    bar = bars[0]
    if segment.opener == "[" and any(position >= bar.end and kind == "rel" for position, kind in segment.level):
        return None     # \mathbb{E}[X | c \neq 1]: given an event, which the parser names
    before = any(position < bar.start and kind == "atom" for position, kind in segment.level)
    after = any(position >= bar.end and kind == "atom" for position, kind in segment.level)
    # \Big| in \mathbb{E}\Big[X \Big| y\Big]: the bar, sized
    written = bar.kind == "middle" or re.sub(r"^\\[Bb]igg?m?\s*", "", text[bar.start:bar.end]) in ("|", "\\vert")
    return bar if before and after and written else None


def _divergence_bar(segment: _Segment) -> _Bar | None:
    r"""The one norm bar ``\|``, ``||`` or ``\Vert`` of a parenthesis with something on each side
    of it and no other bar, as in ``D_{KL}(p(x) \| q(x))``: the bar between the two arguments of
    a divergence (what no norm is: a norm's bars come in pairs); None otherwise."""
    if segment.opener != "(" or len(segment.bars) != 1 or segment.bars[0].kind != "norm":
        return None
    bar = segment.bars[0]
    before = any(position < bar.start and kind == "atom" for position, kind in segment.level)
    after = any(position >= bar.end and kind == "atom" for position, kind in segment.level)
    return bar if before and after else None


def _close(stack: list, done: list) -> None:
    if len(stack) > 1:
        done.append(stack.pop())
    # a closer without an opener: the grammar refuses it


def _add_bar(stack: list, bar: _Bar) -> None:
    stack[-1].bars.append(bar)
    stack[-1].level.append((bar.start, bar))


def _skip_braces(text: str, position: int) -> int:
    depth = 1
    while position < len(text) and depth:
        if text[position] == "\\":
            position += 2
            continue
        depth += {"{": 1, "}": -1}.get(text[position], 0)
        position += 1
    return position


def _class(value: str) -> str:
    if value in _RELATIONS:
        return "rel"
    if value in _OPERATORS:
        return "op"
    if value in _SIGNS:
        return "sign"
    if value in _SCRIPTS:
        return "script"
    if value in _POSTFIX:
        return "postfix"
    return "atom"


def _pairs(segment: _Segment, text: str, pairing: tuple | None = None):
    """(start, end, kind, is_open) of every bar of ``segment`` that is paired (``pairing``: :func:`pair_bars`)."""
    if len(segment.bars) > MAX_BARS:
        bar = segment.bars[MAX_BARS]
        raise BarError(f"more than {MAX_BARS} bars in one group are not paired; {_FIX}", bar.start,
                       _shown(bar, text))
    pairs = {}
    for kind in ("norm", "abs"):
        bars = [b for b in segment.bars if b.kind == kind]
        if len(bars) == 1:
            continue                      # left as written: the grammar says what it is
        if len(bars) % 2:
            raise BarError(f"{len(bars)} bars '{_shown(bars[0], text)}' in one group cannot be paired "
                           f"(a pair is the 1st and 2nd bar of a group, the 3rd and 4th …); {_FIX}",
                           bars[0].start, _shown(bars[0], text))
        pairs[kind] = [(bars[i], bars[i + 1]) for i in range(0, len(bars), 2)]
    mid = _mid_pair(segment)
    if mid is not None:
        pairs["mid"] = [mid]
    if any(b.bare_double for b in segment.bars) and any(b.bare_single for b in segment.bars):
        bar = next(b for b in segment.bars if b.bare_double)
        raise BarError("'||' beside '|' in one group: a norm ||…|| or two bars | |? write \\| … \\| for a norm, "
                       "\\lvert … \\rvert for an absolute value", bar.start, "||")
    all_pairs = [p for kind_pairs in pairs.values() for p in kind_pairs]
    for opening, closing in all_pairs:
        if not _between(segment, opening.end, closing.start):
            shown = text[opening.start:closing.end]
            raise BarError(f"an empty pair of bars '{shown}' (bars inside bars are not paired); {_FIX}",
                           opening.start, shown)
        for other_open, other_close in all_pairs:
            if opening.start < other_open.start < closing.start < other_close.start:
                shown = text[opening.start:other_close.end]
                raise BarError(f"the bars of '{shown[:60]}' cross (a norm and an absolute value, each "
                               f"opened inside the other); {_FIX}", opening.start, shown[:60])
    chosen = None
    if pairing is not None:
        chosen = next((kind for kind, kind_pairs in pairs.items()
                       if any(bar.start == pairing[0] for pair in kind_pairs for bar in pair)), None)
        if chosen is not None:
            at = {bar.start: bar for pair in pairs[chosen] for bar in pair}
            pairs[chosen] = [(at[opening], at[closing]) for opening, closing in pairing[1]]
            all_pairs = [p for kind_pairs in pairs.values() for p in kind_pairs]
    for kind, kind_pairs in pairs.items():
        if kind != chosen:
            _refuse_other_pairings(segment, kind_pairs, all_pairs, text, ambiguous_is_error=pairing is not None)
    for opening, closing in all_pairs:
        yield opening.start, opening.end, opening.kind, True
        yield closing.start, closing.end, closing.kind, False


def _mid_pair(segment: _Segment):
    r"""``\mid P(i) \mid``: the two ``\mid`` of a group, where a value starts (nothing, an
    operator, a sign or a relation before the first) and something stands between them, as
    an absolute value; None otherwise (``\mid`` is then the separator it names)."""
    mids = [b for b in segment.bars if b.kind == "mid"]
    if len(mids) != 2:
        return None
    before = [what for position, what in segment.level if position < mids[0].start]
    between = _between(segment, mids[0].end, mids[1].start)
    if before and before[-1] in ("atom", "postfix", "bar") or not between or "rel" in between:
        return None
    return mids[0], mids[1]


def _between(segment: _Segment, start: int, end: int, pairs=()) -> list:
    """The classes of what stands at the segment's level strictly between ``start`` and
    ``end``; a pair of ``pairs`` inside counts as one atom."""
    classes = []
    inside_until = -1
    for position, what in segment.level[bisect.bisect_left(segment.positions(), start):]:
        if position >= end:
            break
        if position < inside_until:
            continue
        pair = next((p for p in pairs if p[0].start == position), None)
        if pair is not None:
            classes.append("atom")
            inside_until = pair[1].end
        elif isinstance(what, _Bar):
            classes.append("bar")
        else:
            classes.append(what)
    return classes


def _refuse_other_pairings(segment: _Segment, kind_pairs: list, all_pairs: list, text: str,
                           ambiguous_is_error: bool = False) -> None:
    r"""Refuse when another pairing of these bars also reads.  Any other pairing pairs
    some closing bar k with an opening bar l > k (|a |b| c|), so what it encloses starts
    with the text after pair k and ends with the text before pair l+1.  That is not an
    expression when it starts with a script, an operator or a sign (|a|^2 + |b|, |a| - |b|),
    ends with an operator or a sign, holds a relation or a comma, or is empty (\|a\| \|b\|).
    Exactly one other pairing is :class:`AmbiguousBars` (unless ``ambiguous_is_error``: a second
    place while the first is read one way), whose readings the translator may tell apart."""
    gaps = [_between(segment, kind_pairs[k][1].end, kind_pairs[k + 1][0].start, all_pairs)
            for k in range(len(kind_pairs) - 1)]
    others = [(k, last) for k in range(len(gaps)) for last in range(k, len(gaps)) if _another_pairing(gaps, k, last)]
    if not others:
        return
    k, last = others[0]
    start, end = kind_pairs[k][0].start, kind_pairs[last + 1][1].end
    shown = text[start:end]
    if not ambiguous_is_error and len(kind_pairs) <= MAX_PAIRINGS_PAIRS:
        bars = [bar for pair in kind_pairs for bar in pair]
        others_pairs = [p for p in all_pairs if p not in kind_pairs]
        matchings = [m for m in _matchings(len(bars)) if m == tuple((i, i + 1) for i in range(0, len(bars), 2))
                     or all(_encloses_a_value(segment, bars, m, pair, others_pairs) for pair in m)]
        raise AmbiguousBars(_ambiguous(shown), start, shown[:60],
                            tuple((bars[0].start, tuple((bars[a].start, bars[b].start) for a, b in m))
                                  for m in matchings))
    raise BarError(_ambiguous(shown), start, shown[:60])


#: Bars of a kind in one group whose pairings are each tried (5 pairs: 42 pairings); more are refused.
MAX_PAIRINGS_PAIRS = 5


def _matchings(count: int, first: int = 0) -> list:
    """Every way to pair ``count`` bars from ``first`` so that pairs nest and never cross, the
    pairing of the 1st and 2nd bar, the 3rd and 4th … first."""
    if count == 0:
        return [()]
    found = []
    for partner in range(first + 1, first + count, 2):
        for inside in _matchings(partner - first - 1, first + 1):
            for after in _matchings(first + count - partner - 1, partner + 1):
                found.append(((first, partner),) + inside + after)
    return sorted(found, key=lambda m: [b - a for a, b in m])


def _encloses_a_value(segment: _Segment, bars: list, matching: tuple, pair: tuple, others: list) -> bool:
    """Whether what ``pair`` of ``matching`` encloses reads as a value: not empty, not starting with a
    script, an operator or a sign, not ending with an operator or a sign, holding no relation (the pairs
    inside it, of ``matching`` and ``others``, count as values)."""
    inside = [(bars[a], bars[b]) for a, b in matching if pair[0] < a < pair[1]] + others
    classes = _between(segment, bars[pair[0]].end, bars[pair[1]].start, inside)
    return bool(classes) and classes[0] in ("atom", "bar") and classes[-1] in ("atom", "bar", "postfix") \
        and "rel" not in classes


def _another_pairing(gaps: list, k: int, last: int) -> bool:
    """Whether pairing the closing bar of pair k with the opening bar of pair last + 1 reads (see
    :func:`_refuse_other_pairings`)."""
    if any("rel" in gap for gap in gaps[k:last + 1]) or last == k and not gaps[k]:
        return False
    first, final = gaps[k], gaps[last]
    return (not first or first[0] in ("atom", "bar")) and (not final or final[-1] in ("atom", "bar", "postfix"))


def _ambiguous(shown: str) -> str:
    return (f"ambiguous bars '{shown[:60]}': the bars pair in more than one way (|a| b |c| is |a|·b·|c| or "
            f"|a·|b|·c|); {_FIX}, or put an operator between the pairs")


def _shown(bar: _Bar, text: str) -> str:
    return text[bar.start:bar.end]

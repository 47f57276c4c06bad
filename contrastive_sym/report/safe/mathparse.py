r"""TeX's reading of a document's math: :func:`tex_tokens` and the recursive-descent
:class:`MathParser`, which re-emits only what the allowlist (:mod:`.mathallow`)
accepts and raises :class:`Refused` with the reason for anything else."""
from __future__ import annotations

import string

from .mathallow import (
    BREAK_RELATIONS, DELIMITERS, DROPPED, DROPPED_WITH_ARGUMENT, FLATTENED_ENVIRONMENTS, KEPT_ENVIRONMENTS, LETTER_ARGUMENT, LETTERS,
    MATH_CHARACTERS, MATH_SYMBOLS, MAX_MATH_DEPTH, ONE_ARGUMENT, SCRIPT_CHARACTERS, SIZES, TEXT_ARGUMENT,
    TEXT_CHARACTERS, TEXT_COMMANDS, TWO_ARGUMENTS)

_END = None  # the end of the input, as a terminator


class Refused(Exception):
    """Raised inside the parser; its message becomes :attr:`.texmath.SafeMath.reason`."""


def tex_tokens(source: str) -> list[str]:
    """TeX's view of ``source``: control sequences, single characters, one space per run.

    Refuses the characters that are special to TeX's input reader itself, before any
    command could be seen: ``%`` (comment), ``^^`` (TeX's escape for arbitrary
    characters: ``^^5cinput`` reads as ``\\input``), ``#``, ``$``, ``~``, controls.
    """
    tokens: list[str] = []
    i, n = 0, len(source)
    while i < n:
        char = source[i]
        if char == "\\":
            if i + 1 >= n:
                raise Refused("a lone backslash at the end")
            j = i + 1
            if source[j] in LETTERS:
                while j < n and source[j] in LETTERS:
                    j += 1
                tokens.append(source[i:j])
                while j < n and source[j] in " \t\n\r":  # TeX skips spaces after a word
                    j += 1
                i = j
                continue
            if not source[j].isascii() or not (source[j].isprintable() or source[j] in " \t\n\r"):
                raise Refused(f"control symbol \\{source[j]!r} is not allowed")
            tokens.append("\\ " if source[j] in " \t\n\r" else source[i:j + 1])
            i = j + 1
            continue
        if char in " \t\n\r":
            while i < n and source[i] in " \t\n\r":
                i += 1
            tokens.append(" ")
            continue
        if char == "^" and i + 1 < n and source[i + 1] == "^":
            raise Refused("TeX's ^^ character notation is not allowed")
        if char == "%":
            raise Refused("% (a TeX comment) is not allowed")
        if char in "{}^_&'" or char in MATH_CHARACTERS:
            tokens.append(char)
            i += 1
            continue
        if not char.isascii():
            raise Refused(f"character {char!r} (U+{ord(char):04X}) is not allowed")
        raise Refused(f"character {char!r} is not allowed")
    return tokens


class MathParser:
    r"""A recursive-descent parser over TeX tokens that re-emits what it accepts.

    Each ``_sequence`` call reads one list of atoms up to a terminator, tracking the
    scripts of the current atom (TeX stops on ``x^a^b``) and where ``&`` and
    ``\\`` may appear (only directly in the display or in an environment body:
    inside a group or a ``\left…\right`` pair they stop TeX too).
    """

    def __init__(self, tokens: list[str]):
        self.tokens = tokens
        self.pos = 0
        self.out: list[str] = []
        self.depth = 0
        self.rows = 1
        self.aligned = False
        self.breaks: list[int] = []   # positions in out of top-level relations

    # -- reading ------------------------------------------------------------------
    def _peek(self) -> str | None:
        while self.pos < len(self.tokens) and self.tokens[self.pos] == " ":
            self.pos += 1
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _take(self) -> str | None:
        token = self._peek()
        if token is not None:
            self.pos += 1
        return token

    def _emit(self, text: str) -> None:
        self.out.append(text)

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_MATH_DEPTH:
            raise Refused(f"nested deeper than {MAX_MATH_DEPTH} groups")

    # -- grammar ------------------------------------------------------------------
    def parse(self) -> None:
        self._sequence(terminators={_END}, align=True, top=True)

    def _sequence(self, terminators: set, align: bool, top: bool = False):
        """Atoms up to one of ``terminators`` (consumed and returned)."""
        sup = sub = False
        overs = 0
        while True:
            token = self._take()
            if token in terminators:
                return token
            if token == r"\over":
                # {a \over b}, TeX's own fraction, as older posts write it: one per group, never at the top
                # (there it would take the whole display, across the report's rows)
                overs += 1
                if top or overs > 1:
                    raise Refused("\\over outside a group, or twice in one")
                self._emit(r"\over ")
                sup = sub = False
                continue
            if token is None:
                raise Refused("unbalanced: the input ends inside a group")
            if token in ("^", "_"):
                if token == "^" and sup:
                    raise Refused("double superscript")
                if token == "_" and sub:
                    raise Refused("double subscript")
                sup, sub = sup or token == "^", sub or token == "_"
                self._emit(token)
                self._script_argument()
                continue
            if token == "'":
                if sup:
                    raise Refused("a prime after a superscript")
                self._emit(token)
                continue
            sup = sub = False
            if token in ("&", "\\\\"):
                if not align:
                    raise Refused(f"{token} inside a group or a \\left…\\right pair")
                if token == "&":
                    self.aligned = True
                    self._emit("&")
                else:
                    self.rows += 1
                    self._emit("\\\\{}")  # {} so a following [ is not read as \\[dimen]
                continue
            if top and (token in BREAK_RELATIONS):
                self.breaks.append(len(self.out))
            self._atom(token, top)

    def _atom(self, token: str, top: bool) -> None:
        if token == "{":
            self._group()
        elif token == "}":
            raise Refused("unbalanced: } without {")
        elif token == "\\end":
            raise Refused("\\end without \\begin")
        elif len(token) == 1:
            if token not in MATH_CHARACTERS:
                raise Refused(f"character {token!r} is not allowed here")
            self._emit(token)
        elif token in MATH_SYMBOLS:
            self._emit(token)
        elif token == r"\left":
            self._left_right()
        elif token in (r"\right", r"\middle"):
            raise Refused(f"{token} without \\left")
        elif token in SIZES:
            self._emit(token)
            self._delimiter(token)
        elif token in ONE_ARGUMENT:
            self._emit(token)
            self._argument(token)
        elif token in TWO_ARGUMENTS:
            self._emit(token)
            self._argument(token)
            self._argument(token)
        elif token == r"\sqrt":
            self._emit(token)
            if self._peek() == "[":
                self._take()
                # Braced, so a ] inside (say \right]) cannot end TeX's optional argument early.
                self._emit("[{")
                self._enter()
                self._sequence({"]"}, align=False)
                self.depth -= 1
                self._emit("}]")
            self._argument(token)
        elif token in LETTER_ARGUMENT:
            self._emit(token)
            self._letters(token)
        elif token in TEXT_ARGUMENT:
            self._emit(token)
            self._text(token)
        elif token == r"\begin":
            self._environment(top)
        elif token in DROPPED_WITH_ARGUMENT:
            self._dropped(token)
        elif token in DROPPED:
            pass
        elif token == r"\substack":
            self._substack()
        else:
            raise Refused(f"command {token} is not allowed")

    def _substack(self) -> None:
        """``\\substack{a \\\\ b}`` (amsmath): rows of a limit, separated by ``\\\\`` inside its one argument."""
        if self._take() != "{":
            raise Refused("\\substack needs its argument in braces")
        self._enter()
        self._emit(r"\substack{")
        while self._sequence({"}", "\\\\"}, align=False) != "}":
            self._emit("\\\\{}")
        self._emit("}")
        self.depth -= 1

    def _dropped(self, command: str) -> None:
        """``\\tag{3}``, ``\\tag*{…}``, ``\\label{eq:x}``: consumed with their braced argument, emitted as nothing."""
        if self._peek() == "*":
            self._take()
        if self._take() != "{":
            raise Refused(f"{command} needs its argument in braces")
        depth = 1
        while depth:
            token = self._take()
            if token is None:
                raise Refused(f"{command}{{…}} is not closed")
            depth += {"{": 1, "}": -1}.get(token, 0)

    def _group(self) -> None:
        self._enter()
        self._emit("{")
        self._sequence({"}"}, align=False)
        self._emit("}")
        self.depth -= 1

    def _script_argument(self) -> None:
        token = self._take()
        if token == "{":
            self._group()
        elif token is not None and (token in SCRIPT_CHARACTERS or token in MATH_SYMBOLS):
            self._emit("{")
            self._emit(token)
            self._emit("}")
        elif token in TEXT_ARGUMENT or token in LETTER_ARGUMENT or token in ONE_ARGUMENT:
            # \mathcal{L}_\text{CLIP}: a command and its argument, which TeX takes as the script
            self._emit("{")
            self._atom(token, top=False)
            self._emit("}")
        else:
            raise Refused("a superscript or subscript without a simple argument")

    def _argument(self, command: str) -> None:
        token = self._take()
        if token == "{":
            self._group()
        elif token is not None and (token in MATH_CHARACTERS or token in MATH_SYMBOLS):
            self._emit("{")
            self._emit(token)
            self._emit("}")
        else:
            raise Refused(f"{command} without a simple argument")

    def _delimiter(self, command: str) -> None:
        token = self._take()
        if token not in DELIMITERS:
            raise Refused(f"{command} must be followed by a delimiter, not {token!r}")
        self._emit(token)

    def _left_right(self) -> None:
        self._emit(r"\left")
        self._delimiter(r"\left")
        self._enter()
        while True:
            end = self._sequence({r"\right", r"\middle", _END}, align=False)
            if end is _END:
                raise Refused("\\left without \\right")
            self._emit(end)
            self._delimiter(end)
            if end == r"\right":
                break
        self.depth -= 1

    def _letters(self, command: str) -> None:
        token = self._take()
        if token is not None and token in LETTERS:
            self._emit("{" + token + "}")
            return
        if token != "{":
            raise Refused(f"{command} needs letters in braces")
        text = []
        while (token := self.tokens[self.pos] if self.pos < len(self.tokens) else None) != "}":
            allowed = token is not None and (token in LETTERS or token in string.digits or token == " "
                                             or (command == r"\operatorname" and token in ("-", r"\,")))
            if not allowed:
                raise Refused(f"{command}{{…}} may hold only letters and digits")
            text.append(token)
            self.pos += 1
        self.pos += 1
        self._emit("{" + "".join(text) + "}")

    def _text(self, command: str) -> None:
        """The argument of \\text: text mode, where ^ _ & $ would stop TeX or switch mode."""
        if self._take() != "{":
            raise Refused(f"{command} needs its text in braces")
        parts, depth = ["{"], 1
        while depth:
            token = self.tokens[self.pos] if self.pos < len(self.tokens) else None
            self.pos += 1
            if token is None:
                raise Refused(f"unbalanced: the input ends inside {command}{{…}}")
            if token == "{":
                depth += 1
                if self.depth + depth > MAX_MATH_DEPTH:
                    raise Refused(f"nested deeper than {MAX_MATH_DEPTH} groups")
            elif token == "}":
                depth -= 1
            elif token in TEXT_COMMANDS:
                token = token + "{}" if token[-1] in LETTERS else token
            elif token not in TEXT_CHARACTERS:
                raise Refused(f"{token!r} is not allowed inside {command}{{…}}")
            parts.append(token)
        self._emit("".join(parts))

    def _environment_name(self, command: str) -> str:
        if self._take() != "{":
            raise Refused(f"{command} needs an environment name in braces")
        name = []
        while (token := self._take()) != "}":
            if token is None or not (token in LETTERS or token == "*"):
                raise Refused(f"a malformed environment name after {command}")
            name.append(token)
        return "".join(name)

    def _environment(self, top: bool) -> None:
        name = self._environment_name(r"\begin")
        if name not in FLATTENED_ENVIRONMENTS and name not in KEPT_ENVIRONMENTS:
            raise Refused(f"environment {name} is not allowed")
        flatten = name in FLATTENED_ENVIRONMENTS and top and self.depth == 0
        shown = name if name in KEPT_ENVIRONMENTS else ("gathered" if name.startswith("gather") else "aligned")
        if not flatten:
            # \relax: a body starting with [ must not be read as aligned's [t]/[b] argument.
            self._emit(rf"\begin{{{shown}}}\relax ")
        self._enter()
        end = self._sequence({r"\end", _END}, align=True, top=flatten)
        if end is _END:
            raise Refused(f"\\begin{{{name}}} without \\end{{{name}}}")
        closing = self._environment_name(r"\end")
        if closing != name:
            raise Refused(f"\\begin{{{name}}} ended by \\end{{{closing}}}")
        self.depth -= 1
        if not flatten:
            self._emit(rf"\end{{{shown}}}")

r"""A variable's name as a terminal shows it: ``\mathbf{z}_{1,2}`` as ``𝐳_{1,2}``, ``\tau`` as ``τ``,
``\hat{\rho}`` as ``ρ̂``.  Names come from the documents in LaTeX; a witness line of raw control words is
hard to read.  What has no plain form (an unknown command) is left as written, never guessed.

>>> plain_name(r"\mathbf{z}_{1,2}"), plain_name(r"\tau"), plain_name(r"\hat{\rho}_i"), plain_name(r"\mathcal{L}")
('𝐳_{1,2}', 'τ', 'ρ̂_i', '𝓛')
>>> plain_name(r"\operatorname{sim}(x)"), plain_name(r"\weird{x}")
('sim(x)', '\\weird{x}')
"""
from __future__ import annotations

import re

from .safe.texsafe import UNICODE_MATH

#: \alpha → α, … (the control words of single symbols; the first Unicode form of each wins)
_SYMBOLS: dict[str, str] = {}
for _char, _tex in UNICODE_MATH.items():
    if re.fullmatch(r"\\[A-Za-z]+", _tex):
        _SYMBOLS.setdefault(_tex[1:], _char)
_SYMBOLS.update({"epsilon": "ε", "phi": "φ", "ell": "ℓ"})

_ACCENTS = {"hat": "\u0302", "widehat": "\u0302", "tilde": "\u0303", "widetilde": "\u0303", "bar": "\u0304",
            "overline": "\u0305", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308", "check": "\u030c"}
_PLAIN = ("text", "textrm", "mathrm", "operatorname", "mathit", "textit", "mathsf", "texttt", "mathtt")


def _alphabet(start: int, exceptions: dict[str, str] | None = None) -> dict[str, str]:
    letters = {chr(ord("A") + n): chr(start + n) for n in range(26)}
    letters.update({chr(ord("a") + n): chr(start + 26 + n) for n in range(26)})
    letters.update(exceptions or {})
    return letters


_FONTS = {
    "mathbf": _alphabet(0x1D400), "boldsymbol": _alphabet(0x1D400), "bm": _alphabet(0x1D400),
    "textbf": _alphabet(0x1D400),
    "mathcal": _alphabet(0x1D4D0), "mathscr": _alphabet(0x1D4D0),
    "mathbb": _alphabet(0x1D538, {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}),
}
_BOLD_GREEK = {"α": "𝛂", "β": "𝛃", "θ": "𝛉", "μ": "𝛍", "σ": "𝛔", "τ": "𝛕", "ϕ": "𝛟", "φ": "𝛗"}

_ARGUMENT = re.compile(r"\\([A-Za-z]+)\s*\{([^{}]*)\}")
_WORD = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])\s?")


def _one(match: re.Match) -> str:
    command, argument = match.group(1), match.group(2)
    if command in _PLAIN:
        return argument
    if command in _FONTS:
        letters = _FONTS[command]
        if all(c in letters or (command != "mathcal" and c in _BOLD_GREEK) or c in "0123456789" for c in argument):
            return "".join(letters.get(c) or _BOLD_GREEK.get(c, c) for c in argument)
    if command in _ACCENTS and len(argument) == 1:
        return argument + _ACCENTS[command]
    return match.group(0)


def plain_name(name: str) -> str:
    """``name`` with the control words it is made of written as the symbols they print."""
    text = _WORD.sub(lambda m: _SYMBOLS.get(m.group(1), m.group(0)), name)
    while True:
        done = _ARGUMENT.sub(_one, text)
        if done == text:
            return text
        text = done

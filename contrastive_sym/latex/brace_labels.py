r"""The label of a brace written with what its term equals, ``\underbrace{I(X_{2:K}; Y \mid X_1)}_{=0}``:
a note, as every brace label is (``\underbrace{…}_{-h(X)}``, ``\underbrace{…}_{\text{term 1}}``);
the term itself is read, the label never checked."""
from __future__ import annotations

import re

from .continuations import _closing

#: the label of a brace that opens with a relation: \underbrace{I(X; Y \mid Z)}_{=0}
_RELATION_LABEL = re.compile(r"(\\(?:underbrace|overbrace)(?![a-zA-Z])\s*\{)")


def relation_labels_as_notes(text: str) -> str:
    r"""``text`` with the relation that opens the label of a brace blanked (same length):
    ``\underbrace{I(X_{2:K}; Y \mid X_1)}_{=0}`` labels the term with what it equals, a note as
    ``\underbrace{…}_{-h(X)}`` is (the label is never checked: the term itself is read)."""
    out = text
    for match in _RELATION_LABEL.finditer(text):
        close = _closing(text, match.end())
        label = re.match(r"\s*[_^]\s*\{\s*(=|\\approx(?![a-zA-Z]))", text[close + 1:]) if close is not None else None
        if label is not None:
            at = close + 1 + label.start(1)
            out = out[:at] + " " * (label.end(1) - label.start(1)) + out[at + label.end(1) - label.start(1):]
    return out

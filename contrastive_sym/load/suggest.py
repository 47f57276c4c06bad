"""The key or the choice a misspelled one most likely meant (``titel`` → ``title``, ``identiy`` →
``identity``), for the messages of bad input: difflib's ratio, close matches only."""
from __future__ import annotations

import difflib


def did_you_mean(word: object, known) -> str:
    """`` (did you mean 'title'?)`` when one of ``known`` is close to ``word``; "" otherwise.

    >>> did_you_mean("titel", ["id", "title", "kind"])
    " (did you mean 'title'?)"
    >>> did_you_mean("colour", ["id", "title"])
    ''
    """
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [str(k) for k in known], n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""

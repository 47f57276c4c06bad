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
    return f" (did you mean '{close[0]}'?)" if close else ""     # as written: a repr doubles backslashes


def misspelled(key: str, scope) -> str:
    r"""`` (did you mean '\tau'?)`` when a declared name of ``scope`` is close to the undeclared ``key``
    (``\tua``); names of fewer than three characters are not matched (p beside q is no slip to guess)."""
    if len(key) < 3:
        return ""
    return did_you_mean(key, [k for k in scope.names if isinstance(k, str) and len(k) >= 3])

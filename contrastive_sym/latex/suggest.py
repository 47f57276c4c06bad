"""The key or the choice a misspelled one most likely meant (``titel`` → ``title``, ``identiy`` →
``identity``), for the messages of bad input: difflib's ratio, close matches only."""
from __future__ import annotations

import difflib
import re


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
    r"""`` (did you mean '\sigma'?)`` when ``key`` is one word or command of three letters or more (``\sigam``,
    ``\lamda``) and a declared name of ``scope`` of that form is close to it.  Names with scripts, fonts or
    accents are not matched: \bar{A} beside \bar{x} differ in their one letter, which is no slip to guess."""
    if not _WORD.fullmatch(key):
        return ""
    return did_you_mean(key, [k for k in scope.names if isinstance(k, str) and _WORD.fullmatch(k)])


#: a name that is one word or one command, \sigma, \lambda, softmax
_WORD = re.compile(r"\\?[A-Za-z]{3,}")

"""contrastive-verify: a proof checker for the mathematics of contrastive learning.

The pipeline is the package layout: :mod:`.load` reads derivation files into
:mod:`.model` records, :mod:`.check` computes a verdict for every claim and step, and
:mod:`.report` renders the results; :func:`verify` puts them together.  :mod:`.losses`
evaluates the same losses on numpy arrays.

>>> import contrastive_sym as cv
>>> sorted(v.value for v in cv.Verdict if v.holds)
['confirmed', 'proved']

The names below are imported when first used, so that ``import contrastive_sym`` (and
``contrastive-verify --version``) does not load SymPy.
"""
from __future__ import annotations

import importlib

from .version import __version__

#: name → the module that defines it.
_PUBLIC = {
    "verify": "pipeline",
    "load": "load", "load_all": "load",
    "check_document": "check.documents",
    "CheckConfig": "check.config",
    "RunResult": "model.results",
    "Document": "model.claims", "Claim": "model.claims", "Expectation": "model.claims",
    "Verdict": "model.verdicts",
    "ContrastiveVerifyError": "errors",
}

__all__ = ["verify", "load", "load_all", "check_document", "CheckConfig", "RunResult", "Document", "Claim",
           "Verdict", "Expectation", "ContrastiveVerifyError", "report", "__version__"]


def __getattr__(name: str):
    if name == "report":
        return importlib.import_module(".report", __name__)
    if name in _PUBLIC:
        value = getattr(importlib.import_module(f".{_PUBLIC[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))

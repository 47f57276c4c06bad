"""The pipeline, assembled in one place: load → check → faithfulness (→ figures).

:func:`verify` is what the CLI runs and what a program or a test calls; nothing else
puts the stages together.
"""
from __future__ import annotations

import json
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable

from .check.config import CheckConfig
from .check.documents import LinkCache, check_document
from .check.faithfulness import check_documents_dir, source_matches
from .errors import ParseError, UsageError
from .load import load_all
from .model.claims import Document, answers_to
from .model.results import ClaimResult, DocumentResult, RunResult
from .model.verdicts import Outcome

#: Made once the number of claims is known; called with each claim's label, then closed.
ProgressFactory = Callable[[int], "Progress"]


class Progress:
    """What :func:`verify` expects of a progress display (this one shows nothing)."""

    def __init__(self, total: int = 0):
        self.total = total

    def __call__(self, label: str) -> None:
        pass

    def close(self) -> None:
        pass


class Listener:
    """What :func:`verify` tells as the run goes (this one does nothing): a streamed report subclasses
    it.  Each call gets the document's result so far: its document, its source matches and the claims
    checked until then."""

    def document_started(self, so_far: DocumentResult) -> None:
        pass

    def claim_checked(self, so_far: DocumentResult, claim: ClaimResult) -> None:
        pass

    def document_checked(self, result: DocumentResult) -> None:
        pass


def select(documents: list[Document], only: str | None) -> tuple[list[Document], str | None]:
    """The documents that hold the claim ``only`` (``ID`` or ``DOC:ID``), and the claim id.

    >>> select([], None)
    ([], None)
    """
    if not only:
        return documents, None
    doc_id, _, claim_id = only.rpartition(":")
    chosen = [d for d in documents if not doc_id or d.id == doc_id]
    if not any(answers_to(c.id, claim_id) for d in chosen for c in d.claims):
        raise UsageError(f"--only {only}: no claim with this id")
    return [d for d in chosen if any(answers_to(c.id, claim_id) for c in d.claims)], claim_id


def verify(paths: Iterable[str] = (), *, config: CheckConfig | None = None, documents_dir: str | None = None,
           only: str | None = None, allow_python: bool = False, figures: bool = False,
           progress: ProgressFactory | None = None, strict: bool = False, skip_others: bool = False,
           listener: Listener | None = None) -> RunResult:
    """Load the derivations at ``paths`` (files or directories; none: the bundled
    documents), check every claim and step, and compare each formula with its source
    document when it is at hand (``documents_dir``, or next to the derivation).

    ``only`` checks one claim (``ID`` or ``DOC:ID``); ``allow_python`` also loads the
    ``.py`` derivations found in directories (they run code); ``figures`` computes the
    data of the report's figures; ``strict`` makes a loading warning an error; ``skip_others`` skips the
    named ``.toml`` and ``.md`` files that are not derivations, saying so; ``listener`` hears of each
    document as it starts and ends and of each claim as soon as it is checked (a streamed report).  Bad input raises a
    :class:`~contrastive_sym.errors.UsageError` or
    :class:`~contrastive_sym.errors.DerivationError` naming file and line, before any
    checking starts.
    """
    config = config or CheckConfig()
    check_documents_dir(documents_dir)     # a usage error before any checking starts
    documents, claim_id = select(load_all(list(paths), allow_python=allow_python, strict=strict,
                                          skip_others=skip_others), only)
    started = time.perf_counter()
    cache = LinkCache()
    total = sum(1 for d in documents for c in d.claims if not claim_id or c.id == claim_id)
    shown = (progress or Progress)(total)
    listener = listener or Listener()
    results = []
    try:
        for d in documents:
            # the formulas' match with the source depends on the document alone: known before its checks
            sources = source_matches(d, documents_dir)
            claims: list[ClaimResult] = []
            listener.document_started(DocumentResult(d, (), 0.0, sources=sources))

            def checked_one(claim: ClaimResult, d=d, sources=sources, claims=claims) -> None:
                claims.append(claim)
                listener.claim_checked(DocumentResult(d, tuple(claims), 0.0, sources=sources), claim)

            checked = check_document(d, config, only=claim_id, cache=cache, progress=shown, on_claim=checked_one)
            results.append(replace(checked, sources=sources))
            listener.document_checked(results[-1])
    finally:
        shown.close()
    results = tuple(results)
    run = RunResult(results, config.digits, config.seed, time.perf_counter() - started)
    if figures:
        from .check.figures import with_figures
        run = with_figures(run)
    return run


def verify_text(text: str, *, suffix: str = ".toml", **options) -> RunResult:
    """:func:`verify` of one derivation given as text (``.toml`` or ``.md``); the text is
    written to a private temporary directory, read from there and removed."""
    if suffix not in (".toml", ".md"):
        raise UsageError(f"verify_text: a derivation text is .toml or .md, not {suffix}")
    with tempfile.TemporaryDirectory(prefix="contrastive-verify-") as directory:
        path = Path(directory) / f"derivation{suffix}"
        path.write_text(text, encoding="utf-8")
        return verify([str(path)], **options)


def toml_key(key: str) -> str:
    """A TOML key: bare when it can be, else a quoted string (``'y_{1:N}'`` of a read_as)."""
    return key if key.replace("_", "").isalnum() else json.dumps(key)


def toml_value(value) -> str:
    """A TOML value: strings as literal strings when they can be (LaTeX keeps its
    backslashes), else as basic strings; numbers, lists and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if "'" not in value and "\n" not in value:
            return f"'{value}'"
        return json.dumps(value)     # a JSON string is a TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def check_statement(statement: str, kind: str = "identity", *, config: CheckConfig | None = None,
                    claim: dict | None = None, **declarations) -> Outcome:
    r"""The verdict on one statement in LaTeX, read under ``declarations`` (the tables of
    a TOML derivation: ``scalar``, ``size``, ``family``, ``index``, … as lists of dicts);
    ``claim`` adds keys of the claim's table (``little_o``, ``given``, …).  For examples,
    quick checks and tests.

    >>> reals = {"scalar": [{"name": "a"}, {"name": "b"}]}
    >>> check_statement(r"e^{a} e^{b} = e^{a+b}", **reals).verdict.value
    'proved'
    >>> outcome = check_statement(r"e^{a} + e^{b} = e^{a+b}", **reals)
    >>> outcome.verdict.value, sorted(outcome.witness.values)
    ('refuted', ['a', 'b'])
    """
    lines = ['id = "example"', 'title = "example"', 'source = "example.txt"']
    for table, entries in declarations.items():
        lines.append(f"{toml_key(table)} = {toml_value(list(entries))}")
    lines += ["", "[[claim]]", 'id = "statement"', "line = 1", 'title = "statement"', f"kind = {toml_value(kind)}",
              f"latex = {toml_value(statement)}"]
    lines += [f"{toml_key(key)} = {toml_value(value)}" for key, value in (claim or {}).items()]
    run = verify_text("\n".join(lines) + "\n", config=config)
    # the statement's own claim: a definition's chain (L = A = B) is a claim of its own, listed first
    claims = run.documents[0].claims
    own = next((c.outcome for c in claims if c.claim.id == "statement"), None)
    equations = [c for c in claims if c.claim.id.startswith("statement-chain-")]
    if own is None and equations:       # a = b \\ c = d: one claim per equation (load/chains.py)
        raise ParseError(f"the statement writes {len(equations)} equations, each checked as a claim of its own: "
                         + "; ".join(f"equation {n} {c.outcome.verdict.value}" for n, c in enumerate(equations, 1)),
                         "example.toml", 1)
    implied = [c for c in claims if c.claim.id.startswith("statement-implied-")]
    if own is None and implied:         # A \implies B \implies C: each consequence where its premise holds
        raise ParseError(f"the statement writes {len(implied)} consequences, each checked where its premise holds: "
                         + "; ".join(f"consequence {n} {c.outcome.verdict.value}" for n, c in enumerate(implied, 1)),
                         "example.toml", 1)
    readings = [c for c in claims if answers_to(c.claim.id, "statement")]
    if own is None and not readings and run.documents[0].document.unchecked:
        # θ ← m θ + (1 - m) θ', f : X → ℝ^d: no relation stated, so no outcome (load/nothing_to_check.py)
        raise ParseError(run.documents[0].document.unchecked[0][1], "example.toml", 1)
    if own is None:     # \exp a/\tau: read once per reading (load/readings.py), which one outcome cannot say
        raise ParseError(f"{readings[0].claim.note}; checked once per reading: " + "; ".join(
            f"{c.claim.reading.rpartition(': ')[2]} {c.outcome.verdict.value}" for c in readings), "example.toml", 1)
    return own

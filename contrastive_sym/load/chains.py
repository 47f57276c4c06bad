r"""A display of several equations, each a chain of its own, as documents gather them::

    p(1|c,w) = \frac{u}{u + k p_n(w)} \\
    p(0|c,w) = \frac{k p_n(w)}{u + k p_n(w)}

is one claim per chain, ``<id>-chain-<k>``: its text is the document's with the other chains' rows
blanked (the same length and lines, so that every column of an error still points into the
document's text; ``restated_from`` keeps the whole display), and its title says which it is.  The
document's expectation applies to each, so that a false equation beside a true one is found.  A
row that starts with a relation (``&= …``) continues the chain above it, as everywhere."""
from __future__ import annotations

from ..errors import SeveralChains


def several_chains(latex: str, rows: list, where) -> SeveralChains:
    """The error that a statement of ``rows`` (read from ``latex``) has several chains, with the
    text of each; without them (a row not found as written) it is a plain refusal."""
    message = "a statement is one chain of relations"
    groups = []
    cursor = 0
    for row in rows:
        at = latex.find(row.text, cursor) if row.text else -1
        if at < 0:
            return where.error(message)
        if not row.continues:
            groups.append([])
        if not groups:
            return where.error(message)
        groups[-1].append((at, at + len(row.text)))
        cursor = at + len(row.text)
    spans = [(group[0][0], group[-1][1]) for group in groups]
    chains = []
    for keep in range(len(spans)):
        text = list(latex)
        for number, (start, end) in enumerate(spans):
            if number != keep:
                _blank(text, start, end)
        for (_, end), (start, _) in zip(spans, spans[1:]):
            _blank(text, end, start)          # the \\ (and spacing) between two chains
        chains.append("".join(text))
    error = where.error(f"{message}: this display writes {len(spans)} (each is read as a claim of its own)")
    return SeveralChains(error.message, error.path, error.line, error.column, text=latex, chains=tuple(chains))


def _blank(text: list, start: int, end: int) -> None:
    for position in range(start, end):
        if text[position] != "\n":
            text[position] = " "


def read_each_chain(error: SeveralChains, entry: dict, latex: str, context, read_claim) -> None:
    """Read ``entry`` (a claim whose ``latex`` raised ``error``) once per chain of ``error``."""
    if error.text != latex or entry.get("_chain_of"):
        raise error
    count = len(error.chains)
    clause = entry.get("_clause_given", ())     # a condition written after the last statement is the last one's
    for number, text in enumerate(error.chains, 1):
        context.locator.enter(context.path)
        given = [g for g in entry.get("given", ()) if number == count or g not in clause]
        read_claim({**entry, "given": given, "id": f"{entry['id']}-chain-{number}", "latex": text, "_chain_of": count,
                    "restated_from": entry.get("restated_from") or latex,
                    "title": f"{entry.get('title', '')} (equation {number} of {count})"}, context)


def chain_texts(error: SeveralChains, latex: str) -> tuple:
    """The text of each chain of a display that raised ``error`` (for a reader that checks
    each as a statement, as the corpus does); () when ``error`` is of another text."""
    return error.chains if error.text == latex else ()

"""Why a claim's statement is not read, where its shape is wrong rather than its LaTeX: a
chain that starts with a relation (``\\implies …``), a statement that compares values of
two models that nothing relates."""
from __future__ import annotations

import re

import sympy as sp

from ..latex.parser import Where
from ..model.distributions import (AlphabetSum, Density, Expectation, IndexExpectation, SampledSum,
                                   IidExpectation, SampleExpectation)
from ..model.nodes import BestCritic, ExpectXYK, MutualInformation

_CONSEQUENCE = ("\\implies", "\\Rightarrow", "\\Longrightarrow", "\\therefore")


def leading_relation(latex: str) -> str:
    r"""Why a statement that starts with a relation is not read, naming it: ``\implies …``
    states a consequence of the display before it, whose premise this one does not hold."""
    written = re.match(r"\s*(?:&\s*)?(\\[a-zA-Z]+|[=<>]+)", latex)
    shown = written.group(1) if written else "a relation"
    if shown in _CONSEQUENCE:
        return (f"the statement starts with '{shown}': a consequence of the display before it, whose premise "
                "is not part of this statement (checked alone, it could be refuted where only the premise "
                "makes it true); state it as the next step of a derivation from that display, or without "
                "the arrow (restated_from)")
    return f"the statement starts with a relation ('{shown}'): a chain starts with an expression"


#: what an expectation over a declared [[distribution]] becomes (model/distributions.py)
_DECLARED = (Density, Expectation, AlphabetSum, SampleExpectation, IidExpectation, IndexExpectation, SampledSum)


def one_model(terms, where: Where) -> None:
    """A statement compares values of one model: I(X; Y) of a [[quantity]] (the exact
    method's own joint of X and Y) beside an expectation over a declared distribution
    would compare two joints that nothing relates; refused, naming both."""
    exact = next((n for t in terms for n in sp.preorder_traversal(t)
                  if isinstance(n, (MutualInformation, ExpectXYK, BestCritic))), None)
    declared = next((n for t in terms for n in sp.preorder_traversal(t) if isinstance(n, _DECLARED)), None)
    if exact is not None and declared is not None:
        what = "a mutual information of a [[quantity]]" if isinstance(exact, MutualInformation) else \
            "an expectation of the exact method (over the joint of X and Y)"
        raise where.error(f"this statement sets {what} beside an expectation or density of a declared "
                          "[[distribution]]: they are over different joints, which nothing relates; write "
                          "the mutual information of the distribution as its expectation, "
                          "\\mathbb{E}_{(x, y) \\sim p}[\\log \\frac{p(x, y)}{p(x) p(y)}]")


def link_text(latex: str, row, position: int) -> str:
    """The LaTeX of one link of a row, as written: ``a \\leq b`` of ``a \\leq b \\leq c``."""
    if row.continues:
        if len(row.relations) == 1:
            return strip_row(row.text)
        start = row.sides[position - 1].end if position else None
        if start is None:
            return latex[latex.find(row.text):row.sides[0].end] if row.text in latex else row.text
        return latex[start:row.sides[position].end].strip()
    return latex[row.sides[position].start:row.sides[position + 1].end]


def strip_row(text: str) -> str:
    text = text.strip()
    if text.endswith("\\\\"):
        text = text[:-2].rstrip()
    return text

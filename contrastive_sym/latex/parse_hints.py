r"""What a formula the grammar stops in most likely meant, read from the text before the token it
stops at: a placeholder ``p(\cdot \mid x)``, a derivative by an expression, a gradient with nothing
after it.  Each is named as the user wrote it, with what is read instead."""
from __future__ import annotations

import re

#: \frac{\partial E}{\partial v'^T h}: the denominator from its \partial to the token
_DERIVATIVE_BY = re.compile(r"\}\s*\{\s*(?P<by>\\partial)(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*$")
#: \nabla or \nabla_{z_i} just before a relation: a gradient of nothing
_BARE_NABLA = re.compile(r"(?P<nabla>\\nabla(?:\s*_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?[A-Za-z]+))?)\s*$")
#: \sum or \prod, with its scripts, just before the token: a sum of nothing (a symbol for the sum itself)
_BARE_SUM = re.compile(r"(?P<sum>\\(?:sum|prod)(?![a-zA-Z])(?:\s*\\(?:no)?limits)?"
                       r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[A-Za-z0-9]))*)\s*$")
#: a font command whose braces are open at the token: \bf{y, … or \mathbf{\hat{y} - …
_RELATION = re.compile(r"=|<|>|\\(?:le|leq|ge|geq|approx|propto|to|rightarrow)(?![a-zA-Z])")


def hint_before(text: str, original: str, start: int, end: int) -> tuple[str, int, str] | None:
    """(the message, where its construct starts, the construct as written) for the token that
    ``text[start:end]`` is, or None when nothing before it says more than the grammar's error."""
    before = text[:start]
    if re.search(r"[(,]\s*\\cdot\s*(?:\||\\mid|\\vert|,|\))?\s*$", before):
        # \mathcal{A}(\cdot \mid x): a placeholder for the argument, a distribution named
        at = text.rindex("\\cdot", 0, start)
        return ("'\\cdot' as an argument (a placeholder: p(\\cdot \\mid x) names a distribution or a function, "
                "not a value) is not read", at, "\\cdot")
    by = _DERIVATIVE_BY.search(before)
    if by is not None:
        # \frac{\partial E}{\partial v'^T h}: by an expression, where a variable is read
        written = original[by.start("by"):end]       # the construct as written, at its column
        return (f"a derivative by an expression, '{' '.join(written.split())}…' (more than one factor after "
                "'\\partial') is not read: a derivative is taken by a variable (\\partial x, \\partial z_i, "
                "\\partial x \\partial y); write the variable, or restate the line with restated_from",
                by.start("by"), written)
    bare = _BARE_SUM.search(before)
    if bare is not None and not text.startswith(("_", "^", "\\limits", "\\nolimits"), start):
        # e_j' \sum - e_j \sum': the author's shorthand for the sum of a denominator, which the formula does not write
        written = " ".join(original[bare.start("sum"):bare.end("sum")].split())
        return (f"'{written}' with nothing after it to sum: a sum is read with its terms "
                "(\\sum_k e^{x_k}); a shorthand for a sum is a name of its own, defined where the document defines "
                "it (S = \\sum_k e^{x_k}), or the line is restated with restated_from", bare.start("sum"), written)
    nabla = _BARE_NABLA.search(before)
    if nabla is not None and _RELATION.match(text, start):
        # \nabla_{z_i} = \frac{1}{\tau}(…): the gradient of what the prose says, which the formula does not
        written = " ".join(original[nabla.start("nabla"):nabla.end("nabla")].split())
        return (f"a gradient '{written}' with nothing after it: what it is the gradient of is not written "
                f"(\\nabla_{{z}} \\mathcal{{L}}; a gradient the notation declares is written \\nabla \\mathcal{{L}}); "
                f"where the text around the display names it, the claim says so with differentiates = '\\mathcal{{L}}'",
                nabla.start("nabla"), written)
    return None

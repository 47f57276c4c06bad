r"""The rows of a defining display that state rather than define: ``I(X, Z) \ge I_\Theta(X, Z)``
before the row that defines I_Θ (notes on MINE), ``\frac{\partial \sigma(x)}{\partial x} = \sigma(x)(1 -
\sigma(x))`` after the row that defines σ (a library's documentation).  Each is a claim of the
document, checked with the display's definitions (definitions.py)."""
from __future__ import annotations

import re

from lark import Tree

from .definition_rows import Row, head_written_last, undeclared_name
from .spelling import names_written
from .translate import Translator, relation_name

#: The head of a derivative: ∂f/∂x, df/dx, ∇_x f, ∂_x f
_D = r"(?:\\partial|d|\\mathrm\s*\{\s*d\s*\}|\\text\s*\{\s*d\s*\})"
_DERIVATIVE_HEAD = re.compile(r"\s*(?:\\[dt]?frac\s*\{\s*" + _D + r".*?\}\s*\{\s*" + _D + r"|\\nabla|\\partial)",
                              re.DOTALL)
#: f'(x), f^{\prime}(x): a derivative when the display defines f, else a name of its own (f' a
#: modified score, as a library writes it)
_PRIMED_HEAD = re.compile(r"\s*(\\?[A-Za-z]+)\s*(?:'|\^\s*\{?\s*\\prime\s*\}?)\s*\(")


def base_name(head: str) -> str:
    """The name a head is the value of: f of ``f(x)``, \\sigma of ``\\sigma(x)``."""
    return head.split("(")[0].strip()


def states(row: Row, translator: Translator, heads: set) -> bool:
    r"""Whether a row of a defining display states a relation rather than defines: its head is
    no name nothing declares and its first relation is an order (``I(X, Z) \ge I_\Theta(X, Z)``
    beside the definition of I_Θ), or its head is a derivative (``\frac{\partial \sigma(x)}{\partial
    x} = \sigma(x)(1 - \sigma(x))`` beside the definition of σ, or σ'(x) when ``heads``, the names the
    display defines, has σ), which nothing defines, or a sum or difference that writes one of them.  Such a row is a claim of the document, checked
    with the display's definitions."""
    if not row.links:
        return False
    relation = relation_name(str(row.links[0][0].children[0]))
    if relation in ("<", "<=", ">", ">="):
        return not undeclared_name(row.head, translator)
    written = translator.source(row.head)
    primed = _PRIMED_HEAD.match(written)
    return relation == "=" and (_DERIVATIVE_HEAD.match(written) is not None
                                or primed is not None and primed.group(1) in heads
                                or _an_expression_of(row.head, written, heads))


#: what a left side that is no name is: a row so is a statement about the names it writes
_EXPRESSIONS = frozenset({"add", "sub", "neg", "norm", "abs_value", "frac", "inner", "dot"})


def _an_expression_of(head, written: str, heads: set) -> bool:
    r"""A left side that is a sum, a difference, a negation, a norm, an absolute value, a fraction, an inner
    product or a product with a dot (never a name) and writes a name another row defines: ``1 - D^*(x) = …``
    beside the definition of D^* (two formulas joined by \text{ and }), ``\|\hat{\mathbf{v}}\|_2 = 1``."""
    while isinstance(head, Tree) and head.data in ("subscript", "superscript") and isinstance(head.children[0], Tree) \
            and head.children[0].data in _EXPRESSIONS:
        head = head.children[0]         # \|v\|_2, \|v\|^2: the norm's index or power
    return isinstance(head, Tree) and head.data in _EXPRESSIONS \
        and any(names_written(written, name) for name in heads if "".join(name.split()) != "".join(written.split()))


def read_statement(row: Row, translator: Translator, heads: set, line: int | None) -> tuple:
    """(True, None) when ``row`` states (its chain then starts at its head); else (False, the
    defining (relation, body) of a head written last, or None)."""
    # a chain of orders alone defines nothing, whichever side is a name nothing declares
    ordered = "=" not in (relation_name(str(r.children[0])) for r, _ in row.links)
    written_last = None if ordered else head_written_last(row, translator, line)
    if written_last is None and states(row, translator, heads):
        row.first = row.head
        return True, None
    return False, written_last

r"""Notations a document defines for a bracket with a mark: ``\left\{ x \right\}_+ =
\max(0, 1 - x)``, ``[x]_+ := \max(x, 0)``, ``(t)^+ = …``.

Hinge losses write ``[x]_+`` for the positive part, and the reader takes it so when the
document says nothing.  But a document may give the notation a meaning of its own (a
thesis defines ``\{x\}_+`` as max(0, 1 − x), the hinge at margin 1), and then every use is
that meaning, never the usual one.  A definition whose left side is a bracket around one
name (a placeholder, even where the document declares the letter), with a sign as its only script, defines such a notation: a
function of one value, keyed by the bracket and the script (:func:`notation_key`), which
every use of that bracket and script applies to what it encloses.

Documents use a notation before the display that defines it: :func:`defined_notations`
finds every notation a document defines before any definition is read, so that a use met
first waits for the definition instead of taking the usual meaning.
"""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ..errors import ParseError
from .expand import expand_macros
from .parser import Where, parse
from .scope import Macro

Tree, Token = lark.Tree, lark.Token

@dataclass(frozen=True)
class PendingNotation:
    """What a notation's key means until its definition is read: a use waits for it."""

    key: str


#: The brackets a notation is written with: the tree each parses to, and how it is shown.
BRACKETS = {"set": (r"\{", r"\}"), "bracket": ("[", "]"), "paren": ("(", ")")}


def notation_key(node) -> str | None:
    r"""The key of the notation a subscript or superscript node writes when its base is a
    bracket and its script a sign (``\{·\}_+``, ``[·]^-``), or None for any other node."""
    if not (isinstance(node, Tree) and node.data in ("subscript", "superscript")):
        return None
    base, script = node.children[0], node.children[1]
    if not (isinstance(base, Tree) and base.data in BRACKETS
            and isinstance(script, Tree) and script.data == "script_sign"):
        return None
    sign = "+" if "+" in str(script.children[0]) else "-"
    opening, closing = BRACKETS[base.data]
    return f"{opening}·{closing}{'_' if node.data == 'subscript' else '^'}{sign}"


def enclosed(node):
    """What a bracket notation's bracket encloses: its one item, or None when it holds a
    list (``[a, b]_+``)."""
    base = node.children[0]
    items = base.children[1] if base.data == "set" else base.children[0]
    elements = [c for c in items.children if isinstance(c, Tree)]
    return elements[0] if len(elements) == 1 and len(items.children) == 1 else None


def notation_macro(head, body_tree, scope, translator, read_body, line):
    r"""The macro of a row whose head is a bracket notation (``\{x\}_+ = \max(0, 1 - x)``),
    with the names it binds for its body; None for any other head.  ``read_body(scope)``
    reads the body in a scope."""
    key = notation_key(head)
    if key is None:
        return None
    inner = enclosed(head)
    while isinstance(inner, Tree) and inner.data == "item" and len(inner.children) == 1:
        inner = inner.children[0]
    name = translator.atom_key(inner) if inner is not None else None
    if name is None:
        raise translator.fail(head, f"the definition of the notation {shown(key)} writes "
                                    f"'{translator.source(head.children[0]).strip()}': a notation is defined "
                                    f"on one name ({shown(key)} = …), which stands for what a use encloses")
    variable = sp.Dummy(name.lstrip("\\"), real=True)
    body = read_body(scope.bind(name, variable))
    if not isinstance(body, sp.Expr):
        raise translator.fail(body_tree, f"the notation {shown(key)} is read as a number: its value at x, "
                                         "not a vector or a list")
    return Macro(key, body, line=line, scalar_params=(variable,)), [(name, variable)]


def shown(key: str) -> str:
    r"""A notation as a reader writes it: ``\{x\}_+``."""
    return key.replace("·", "x")


def defined_notations(latex_texts, scope, where: Where) -> frozenset[str]:
    """The keys of the notations the definitions ``latex_texts`` give, in any of their rows.
    A text that does not parse gives none here (its own reading reports it)."""
    from .definitions import definition_text_all   # definitions → macros → here: import when used
    found = set()
    for text in latex_texts:
        try:
            expanded, _ = expand_macros(text, scope, where)
            tree = parse(definition_text_all(expanded)[0], where)
        except ParseError:
            continue
        for row in tree.iter_subtrees_topdown():
            if row.data == "chain" and len(row.children) >= 3 and isinstance(row.children[1], Tree) \
                    and str(row.children[1].children[0]) == "=":
                key = notation_key(row.children[0])
                if key is not None:
                    found.add(key)
    return frozenset(found)


__all__ = ["BRACKETS", "PendingNotation", "defined_notations", "enclosed", "notation_key", "notation_macro", "shown"]

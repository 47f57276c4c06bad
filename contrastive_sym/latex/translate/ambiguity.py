r"""The readings the notation leaves open, in the user's own text: the message, and each reading
as an edit of the formula (:class:`~contrastive_sym.errors.AmbiguousReading`), so that a claim
can be checked once per reading."""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import AmbiguousReading

Tree = lark.Tree


def ambiguous(translator, node, message: str, start: int, end: int, readings: list[tuple[str, str]],
              kind: str = ""):
    """The error for a formula whose ``text[start:end]`` reads as each ``(replacement, shown)``.  The
    span is placed in the formula as written (a macro wholly inside it is replaced with the rest);
    a span that starts or ends inside a macro's expansion leaves only the refusal."""
    where = translator.where
    written = getattr(where, "written", "") or translator.text
    start, end = _written_offset(where, start), _written_offset(where, end)
    if start is None or end is None:
        return translator.fail(node, message)
    error = translator.fail(node, message)
    return AmbiguousReading(error.message, error.path, error.line, error.column, construct=error.construct,
                            text=written, readings=tuple((start, end, r, s) for r, s in readings), kind=kind)


def insertions_ambiguous(translator, node, message: str, readings: list, kind: str = ""):
    """The error for a formula that reads as each ``(insertions, shown)``, ``insertions`` being
    ``(offset, text)`` put into the formula as read.  The edits are made in the formula as
    written (before the document's macros were expanded: the reading is checked from the
    user's text); an edit that falls inside the expansion of a macro leaves only the refusal."""
    where, written = translator.where, translator.text
    mapped = []
    for insertions, shown in readings:
        at = [(_written_offset(where, offset), put) for offset, put in insertions]
        if any(offset is None for offset, _ in at):
            return translator.fail(node, message)
        mapped.append((sorted(at), shown))
    written = getattr(where, "written", "") or written
    start = min(offset for at, _ in mapped for offset, _ in at)
    end = max(offset for at, _ in mapped for offset, _ in at)
    edits = []
    for at, shown in mapped:
        pieces, position = [], start
        for offset, put in at:
            pieces += [written[position:offset], put]
            position = offset
        edits.append((start, end, "".join(pieces) + written[position:end], shown))
    error = translator.fail(node, message)
    return AmbiguousReading(error.message, error.path, error.line, error.column, construct=error.construct,
                            text=written, readings=tuple(edits), kind=kind)


def written_source(translator, node) -> str:
    """The text of ``node`` as the user wrote it: a macro's use rather than its body, and without what
    a claim's ``differentiates`` put in (expand.py); the text read when the formula was not changed."""
    read = translator.source(node)
    written = getattr(translator.where, "written", "")
    if not written or not getattr(translator.where, "spans", ()) or getattr(node.meta, "empty", True):
        return read
    start, end = (_written_offset(translator.where, node.meta.start_pos),
                  _written_offset(translator.where, node.meta.end_pos))
    return written[start:end] if start is not None and end is not None and start <= end else read


def _written_offset(where, offset: int) -> int | None:
    """``offset`` of the formula as read, in the formula as written; None inside a macro's expansion."""
    for (start, end), (origin_start, origin_end) in zip(getattr(where, "spans", ()), getattr(where, "origins", ())):
        if start < offset < end:
            return None
    return where._written_offset(offset) if getattr(where, "spans", ()) else offset


def quotient_then_factor(translator, quotient, rest: list, first):
    r"""What ``a/b c`` reads as, both ways, in the user's own text (``u^\top v / \|u\| \|v\|``,
    SimCLR's cosine similarity), and the two ways to write the one meant.  ``rest`` are the
    product's items after the quotient, ``first`` the factor the numerator starts from."""
    text = translator.text
    # the numerator from the product's first factor: a b / c is a (b / c), the same number as (a b)/c
    top = text[first.meta.start_pos:quotient.children[0].meta.end_pos]
    bottom = text[quotient.children[2].meta.start_pos:quotient.children[2].meta.end_pos]
    numerator, denominator = " ".join(top.split()), " ".join(bottom.split())
    ends = [item[1].meta.end_pos for item in rest if item[0] == "factor" and isinstance(item[1], Tree)]
    ends += [item[2].meta.end_pos for item in rest if item[0] in ("op", "d") and isinstance(item[2], Tree)]
    start = quotient.children[2].meta.end_pos
    end = max(ends) if ends and max(ends) > start else start
    after = text[start:end]
    following = " ".join(after.split()) or "c"
    whole = f"{numerator}/{denominator} {following}"
    message = (f"ambiguous: '{whole}' reads as ({numerator}/{denominator}) {following} or as "
               f"{numerator}/({denominator} {following}); write \\frac{{{numerator}}}{{{denominator}}} "
               f"{following} or {numerator}/({denominator} {following}) (restated_from records the line as "
               "the document writes it)")
    if end == start:
        return translator.fail(quotient, message)
    return ambiguous(translator, quotient, message, first.meta.start_pos, end, [
        (f"\\frac{{{top}}}{{{bottom}}} {after}", f"({numerator}/{denominator}) {following}"),
        (f"\\frac{{{top}}}{{{bottom} {after}}}", f"{numerator}/({denominator} {following})")])


def quotient_after_operator(translator, op, operand) -> None:
    r"""``\exp a/\tau`` without parentheses is exp(a/τ) to some readers and exp(a)/τ to others
    (``\exp\langle a,b\rangle/\tau``; ``\log a/b`` alike): refused, with both readings named and
    given as edits.  ``\exp \frac{a}{\tau}`` is one factor: exp(a/τ)."""
    name = "".join(translator.source(op).split())
    stack = [operand]
    while stack:
        tree = stack.pop()
        if not isinstance(tree, Tree):
            continue
        if tree.data == "quotient":
            whole = translator.source(operand).strip()
            denominator = translator.source(tree.children[2]).strip()
            numerator = whole[:-len(denominator)].rstrip().removesuffix("/").rstrip() \
                if whole.endswith(denominator) else translator.source(tree.children[0]).strip()
            message = (f"ambiguous: {name} without parentheses before a quotient '{numerator}/{denominator}' "
                       f"reads as {name}({numerator}/{denominator}) or as {name}({numerator})/{denominator}; "
                       "write one of them")
            if not whole.endswith(denominator) or tree.meta.end_pos != operand.meta.end_pos:
                raise translator.fail(op, message)
            raise ambiguous(translator, op, message, op.meta.start_pos, operand.meta.end_pos, [
                (f"{name}\\left({numerator}/{denominator}\\right)", f"{name}({numerator}/{denominator})"),
                (f"\\frac{{{name}\\left({numerator}\\right)}}{{{denominator}}}", f"{name}({numerator})/{denominator}")],
                kind="operator before a quotient")   # a second \exp a/b of the formula is read the same way
        if tree.data in ("juxt", "dot", "neg", "pos"):
            stack.extend(tree.children)


def product_after_operator(translator, op, operand) -> None:
    r"""``\log a \cdot b`` without parentheses: log(a)·b to a reader for whom the product sign ends the argument,
    log(a·b) by the rule that a function name without parentheses takes the rest of the product (``\log 2x``
    is log(2x)): refused, both readings named and given as edits, as a claim is then checked once per reading."""
    dot = _first_product_sign(operand)
    if dot is None:
        return
    text = translator.text
    left = dot.children[0]      # the factor before the sign: a tree, or one token (a letter, a number)
    argument_end = left.meta.end_pos if isinstance(left, Tree) else getattr(left, "end_pos", None)
    if argument_end is None:
        raise translator.fail(op, "ambiguous: a function name without parentheses before a product sign; write "
                                  "the one meant with parentheses")
    start, end = operand.meta.start_pos, operand.meta.end_pos
    name = "".join(translator.source(op).split())
    argument, rest = text[start:argument_end], text[argument_end:end]
    shown_argument, shown_rest = " ".join(argument.split()), " ".join(rest.split())
    message = (f"ambiguous: {name} without parentheses before a product sign, '{name} {shown_argument} {shown_rest}', "
               f"reads as {name}({shown_argument}) {shown_rest} or as {name}({shown_argument} {shown_rest}); "
               "write one of them")
    if _first_product_sign(dot.children[-1]) is not None:
        # \log a \cdot b \cdot c: log(a)·b·c, log(a·b·c), and log(a·b)·c too; two readings would not be all
        raise translator.fail(op, message.replace("; write one of them", "; write the one meant with parentheses"))
    raise ambiguous(translator, op, message, op.meta.start_pos, end, [
        (f"{name}\\left({argument}\\right){rest}", f"{name}({shown_argument}) {shown_rest}"),
        (f"{name}\\left({argument}{rest}\\right)", f"{name}({shown_argument} {shown_rest})")],
        kind="operator before a product sign")


def _first_product_sign(operand):
    r"""The first ``\cdot``, ``\times`` or ``*`` of the product an operator without parentheses takes (not one
    inside a group, a parenthesis or a fraction: those are one factor)."""
    node = operand
    while isinstance(node, Tree):
        if node.data == "dot":
            return node
        if node.data in ("juxt", "neg", "pos") and node.children:
            node = node.children[-1]
            continue
        return None
    return None


#: what a parenthesis holds that names one thing: a letter or command, in a font or with scripts
ONE_NAME = frozenset({"letter", "command", "subscript", "superscript", "font", "font_accent", "bold", "accent",
                       "prime"})


def one_term(paren):
    """The one term a group in parentheses holds (no separator), its items and braces taken off; None else."""
    items = paren.children[0] if paren.children and isinstance(paren.children[0], Tree) else None
    parts = list(items.children) if items is not None else []
    inner = parts[0] if len(parts) == 1 and isinstance(parts[0], Tree) else None
    while isinstance(inner, Tree) and inner.data in ("item", "braces") and len(inner.children) == 1:
        inner = inner.children[0]
    return inner


def refuse_scalar_at_a_name(translator, meaning, key, paren, op, after: list = ()) -> None:
    r"""``Z(\theta)`` with Z a declared scalar and one name in the parentheses: TeX sets a product and a
    function's value alike, and a textbook writes Z(θ) for the partition function of θ.  Read as the
    product Z·θ, a reader meaning the function is silently misread (p = p̃/Z(θ) refuted); so it is
    refused, naming both readings.  A sum, a number or several names in the parentheses
    (``\alpha(1 - \alpha)``) is a product as written."""
    if not (isinstance(meaning, sp.Symbol) and key is not None and isinstance(paren, Tree)
            and paren.data == "paren") or after:
        return      # a (b)^2, a(b)(c): a script or a group after it makes the product plain
    inner = one_term(paren)
    if not (isinstance(inner, Tree) and inner.data in ONE_NAME):
        return
    written, name = " ".join(translator.source(op).split()), " ".join(translator.source(inner).split())
    raise translator.fail(op, f"'{written}': {key} is a declared scalar, so this is the product {key}·{name}; "
                              f"if {key} is a function of {name} (a partition function Z(θ)), declare it as a "
                              f"[[function]]; for the product write {key} {name} or {key} \\cdot {name}")

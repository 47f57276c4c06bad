r"""The message of a reading the notation leaves open, in the user's own text."""
from __future__ import annotations

import lark

Tree = lark.Tree


def quotient_then_factor(text: str, quotient, rest: list, first) -> str:
    r"""What ``a/b c`` reads as, both ways, in the user's own text (``u^\top v / \|u\| \|v\|``,
    SimCLR's cosine similarity), and the two ways to write the one meant.  ``rest`` are the
    product's items after the quotient, ``first`` the factor the numerator starts from."""
    # the numerator from the product's first factor: a b / c is a (b / c), the same number as (a b)/c
    numerator = " ".join(text[first.meta.start_pos:quotient.children[0].meta.end_pos].split())
    denominator = " ".join(text[quotient.children[2].meta.start_pos:quotient.children[2].meta.end_pos].split())
    ends = [item[1].meta.end_pos for item in rest if item[0] == "factor" and isinstance(item[1], Tree)]
    ends += [item[2].meta.end_pos for item in rest if item[0] in ("op", "d") and isinstance(item[2], Tree)]
    start = quotient.children[2].meta.end_pos
    following = " ".join(text[start:max(ends)].split()) if ends and max(ends) > start else "c"
    whole = f"{numerator}/{denominator} {following}"
    return (f"ambiguous: '{whole}' reads as ({numerator}/{denominator}) {following} or as "
            f"{numerator}/({denominator} {following}); write \\frac{{{numerator}}}{{{denominator}}} "
            f"{following} or {numerator}/({denominator} {following}) (restated_from records the line as "
            "the document writes it)")

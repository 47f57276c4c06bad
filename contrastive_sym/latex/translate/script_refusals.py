"""Scripts TeX sets but whose reading would be a guess: a power after ``\\log(…)`` and a double
script, each refused with the form that says which is meant."""
from __future__ import annotations

import re

import lark

from ..scope import Builtin
from .ambiguity import ambiguous

Tree = lark.Tree


class ScriptRefusalsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that refuses them."""

    def refuse_power_after_call(self, function, following: list, call=None) -> None:
        r"""``\log(x)^2`` reads as (log x)² to some and as log(x²) to others (``\log x^2``
        is log(x²)); TeX writes the first \log^2 x.  Refused rather than guessed; where the call is known
        (``call``: ``\log(…)`` as one atom), both readings are given, so that a claim is checked once per
        reading (ambiguity.py)."""
        if function not in (Builtin.LOG, Builtin.EXP) or not following \
                or following[0].data != "superscript":
            return
        name = "log" if function is Builtin.LOG else "exp"
        instead = r"\log^2 x, (\log x)^2 or \log(x^2)" if name == "log" else r"(\exp x)^2 or \exp(x^2)"
        message = (f"ambiguous: a power after \\{name}(…) may be a power of the {name} or of its argument; "
                   f"write {instead}")
        power = following[0]
        items = call.children[1] if call is not None and len(call.children) > 1 else None
        text = self.text
        if items is None or not isinstance(items, Tree) or getattr(items.meta, "empty", True) \
                or getattr(power.meta, "empty", True) or not _ends_its_product(text, power.meta.end_pos):
            # \log(A)^t B: a third reader takes the parentheses for the power's base and the logarithm of the whole
            # product, log(A^t B); the two readings here would not include it, so the formula is refused
            raise self.fail(power.children[1], message)
        start, end = call.meta.start_pos, power.meta.end_pos
        whole, argument = text[start:call.meta.end_pos], text[items.meta.start_pos:items.meta.end_pos]
        script = text[call.meta.end_pos:end]
        shown_argument, shown_script = " ".join(argument.split()), " ".join(script.split())
        raise ambiguous(self, power.children[1], message, start, end, [
            (f"\\left({whole}\\right){script}", f"(\\{name}({shown_argument})){shown_script}"),
            (f"\\{name}\\left(\\left({argument}\\right){script}\\right)",
             f"\\{name}(({shown_argument}){shown_script})")], kind="power after a call")

    def refuse_double_scripts(self, ops) -> None:
        """``x^a^b`` and ``x_a_b`` are errors in TeX too ("Double superscript"): reading
        them as (x^a)^b would be a guess, and 9^9^9^… a tower too large to evaluate."""
        seen = set()
        for op in ops:
            if op.data in ("call", "restricted"):
                seen.clear()
            elif op.data in ("subscript", "superscript"):
                if op.data in seen:
                    raise self.fail(op, f"double {op.data}: TeX refuses it too; "
                                        f"write {{…}} around the first {op.data}'s term")
                seen.add(op.data)


#: what may follow a factor that ends its product: a relation, a sign, a separator, a closing, the end
_PRODUCT_END = re.compile(r"\s*(?:$|[=<>+\-&,.;)\]}]|\\\\|\\(?:big|Big|bigg|Bigg)r?\s*(?:[)\]]|\\\})"
                          r"|\\(?:le|leq|ge|geq|lt|gt|ne|neq|approx|sim|simeq|to|right|quad|qquad|tag|label|nonumber"
                          r"|notag|text|end|leqslant|geqslant)(?![a-zA-Z]))")


def _ends_its_product(text: str, position: int) -> bool:
    """Whether the factor ending at ``position`` is the last of its product (nothing multiplies it after)."""
    return _PRODUCT_END.match(text, position) is not None

"""Scripts TeX sets but whose reading would be a guess: a power after ``\\log(…)`` and a double
script, each refused with the form that says which is meant."""
from __future__ import annotations

from ..scope import Builtin


class ScriptRefusalsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that refuses them."""

    def refuse_power_after_call(self, function, following: list) -> None:
        r"""``\log(x)^2`` reads as (log x)² to some and as log(x²) to others (``\log x^2``
        is log(x²)); TeX writes the first \log^2 x.  Refused rather than guessed."""
        if function not in (Builtin.LOG, Builtin.EXP) or not following \
                or following[0].data != "superscript":
            return
        name = "log" if function is Builtin.LOG else "exp"
        instead = r"\log^2 x, (\log x)^2 or \log(x^2)" if name == "log" else r"(\exp x)^2 or \exp(x^2)"
        raise self.fail(following[0].children[1], f"ambiguous: a power after \\{name}(…) may be a "
                                                  f"power of the {name} or of its argument; write {instead}")

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

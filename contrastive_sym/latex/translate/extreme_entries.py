r"""``x_{\max}`` and ``x_{\min}`` of a declared family of numbers: its largest and smallest entry, as notes on
LogSumExp write the shift that keeps it stable (``\log \sum_j e^{x_j} = x_{\max} + \log \sum_j e^{x_j -
x_{\max}}``).  The word may be written ``max``, ``\max``, ``\text{max}``, ``\mathrm{max}`` or
``\operatorname{max}``.  A name the document declares or defines so (``x_{\max} = \max_j x_j``, or a
scalar ``\tau_{\max}``) is that name: this reading is only of a family's subscript, and is said."""
from __future__ import annotations

import re

from ...model.nodes import MaxOver
from ..families import Family

#: the subscript as written, braces and spaces aside: the word max or min, plain, a command, in text or upright
_WORD = re.compile(r"\{?\s*(?:\\(?:text|textrm|mathrm|operatorname)\s*\{\s*(max|min)\s*\}|\\?(max|min))\s*\}?")


class ExtremeEntriesMixin:
    """The part of the translator that reads ``x_{\\max}`` of a family ``x``."""

    def extreme_entry(self, meaning, lead: tuple, op):
        r"""The largest (``\max``) or smallest (``\min``) entry of the family ``meaning`` when the subscript of
        ``op`` is that word and one index of the family is left to run; None for any other subscript."""
        found = _WORD.fullmatch(self.source(op.children[1]).strip()) if isinstance(meaning, Family) else None
        if found is None or meaning.values is not None or meaning.draws_of is not None:
            return None
        pick = found.group(1) or found.group(2)
        written, head = " ".join(self.source(op).split()), " ".join(self.source(op.children[0]).split())
        if _defines(self.text, self.source(op).strip()):
            return None     # x_{max} = \max(x) \\ …: the display's own definition (latex/where_clauses.py) is the name
        if len(meaning.shape) - len(lead) != 1:
            raise self.fail(op, f"'{written}': the {'largest' if pick == 'max' else 'smallest'} entry is read of a "
                                f"family with one index to run, and {head} has {len(meaning.shape) - len(lead)}: "
                                f"write the maximum over the index meant, \\{pick}_j …")
        variable = self._fresh("j")
        entry = self.family_entry(meaning, [*lead, variable], op)
        lo, hi = self._infer_range(entry, variable, op)
        said = (f"'{written}' is read as the {'largest' if pick == 'max' else 'smallest'} entry of {head}, "
                f"\\{pick}_j {head}_j (the document does not declare or define it otherwise)")
        if said not in self.readings:
            self.readings.append(said)
        return MaxOver(entry, variable, lo, hi) if pick == "max" else -MaxOver(-entry, variable, lo, hi)


def _defines(text: str, written: str) -> bool:
    r"""Whether a row of ``text`` starts by defining the name ``written`` (``x_{max} = …``, ``x_{\max} := …``)."""
    head = r"\s*".join(re.escape(part) for part in written.split())
    return re.search(r"(?:^|\\\\|,|&|\\quad|\\text\s*\{\s*(?:where|with)[^{}]*\})\s*&?\s*" + head
                     + r"\s*&?\s*(?:=|:=|\\coloneqq|\\triangleq|\\equiv|\\doteq)", text) is not None

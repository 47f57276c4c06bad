r"""Displays that state no relation to check: an update rule (``\theta \leftarrow m \theta + (1-m)
\theta'``, load/updates.py), a map's signature (``f : \mathcal{X} \to \mathbb{R}^d``,
load/signatures.py) and the parameters an objective chooses (``\theta, c = \arg\max_{\theta, c} …``,
load/objectives.py).  Each is read in the document's notation (an error where it disagrees with
it) and recorded as a statement not checked, with why, never as a claim that passes."""
from __future__ import annotations

from ..latex.parser import Where
from ..model.notation import Origin
from .context import read_int
from .objectives import read_objective
from .signatures import read_signature
from .updates import read_update_rule


def nothing_to_check(latex: str, scope, where: Where) -> str | None:
    """Why the display ``latex`` states nothing to check (an update rule, a signature, the parameters an
    objective chooses), or None."""
    return read_update_rule(latex, scope, where) or read_signature(latex, scope, where) or \
        read_objective(latex, scope, where)


def nothing_to_check_claim(entry: dict, latex: str, scope, context) -> bool:
    """Whether the claim ``entry`` states nothing to check, recorded then as a statement not
    checked, with why; one with an expectation, a proof or a premise is an error (it states
    nothing they could apply to)."""
    said = nothing_to_check(latex, scope, context.locator.where(latex))
    if said is None:
        return False
    for key in ("expect", "step", "given"):
        if entry.get(key):
            raise context.fail(f"{said}: '{key}' has nothing to apply to", (key,))
    context.builder.unchecked(read_int(entry, "line", context), said,
                              origin=Origin(context.spec_path, context.locator.key_line(context.path + ("latex",))))
    return True


__all__ = ["nothing_to_check", "nothing_to_check_claim"]

"""A strict inequality over the tables of distributions, which the checker draws with every value at a
positive probability: a pass there is conditional on that, said so, since a strict bound may fail where a
probability is 0 (a deterministic relation between two points), which no drawn table reaches."""
from __future__ import annotations

from ...model.verdicts import Outcome, Verdict
from ..registry import LinkTask
from ..sampling.distributions import over_tables


#: what the tables drawn have, which a strict bound true of them needs: a point of one value (H(X) = 0), or a value
#: at probability 0 (H(Y | X) = 0 for Y = X) is neither
FULL_SUPPORT = ("every probability of the distributions' tables is positive, each point taking two values at least")


def of_full_support(task: LinkTask, outcome: Outcome) -> Outcome:
    """``outcome``, a pass, as conditional when the link is a strict inequality over the tables of
    distributions: the tables the checker draws give every value a positive probability, and a strict
    bound may fail where one is 0 (H(Y | X) > 0 is false for Y = X), which no drawn table reaches."""
    if not task.relation.is_strict or not over_tables((task.lhs, task.rhs), task.notation):
        return outcome
    return Outcome(Verdict.CONDITIONAL, outcome.method,
                   f"{outcome.message}; every table drawn gives each value a positive probability, and a strict "
                   "inequality may fail where a probability is 0, which none reaches",
                   condition=FULL_SUPPORT,
                   evidence=outcome.evidence, notes=outcome.notes)

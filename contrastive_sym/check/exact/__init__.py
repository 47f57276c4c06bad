r"""Exact numbers on small discrete joint distributions: a numeric engine.

Claims such as ``I(X;Y) ≥ E_{p_{XY^K}}[I^K_InfoNCE(x, y_{1:K} | g)]`` are tested
here on joints ``p(x, y)`` with ``|X|, |Y| ≤ 3`` whose entries are exact
rationals.  The sampling model is the one of the FlatNCE literature:

* ``(x, y_1) ~ p_XY`` is the positive pair,
* ``y_2, …, y_K ~ p_Y`` are drawn independently of each other and of ``x``,
* a critic ``g`` is a table ``|X|×|Y|`` of reals and ``g_k = g(x, y_k)``.

Every number is computed in a *local* ``mpmath.MPContext`` whose precision the
caller chooses; the global ``mpmath.mp`` is never read or changed.  This package
computes values only; deciding whether a claim holds is the checkers' job.

:mod:`.joints` holds the joints and ``I(X;Y)``, :mod:`.critics` the critics,
:mod:`.forms` a body at fixed ``K`` as a function, :mod:`.enumeration` the
expectations, :mod:`.search` the search for a large one; :mod:`.sides`,
:mod:`.certificate` and :mod:`.conditions` evaluate a claim's sides and conditions
for the method ``expectation (exact)``.
"""
from .critics import Critic, boundary_critics, critic_family
from .enumeration import exact_expectation, expectation, expectation_by_counts, expectation_by_enumeration
from .forms import CountsPlan, NegativeSum, counts_plan
from .joints import Joint, exact_mutual_information, joint_family, mutual_information
from .search import best_critic

__all__ = [
    "Critic", "boundary_critics", "critic_family",
    "exact_expectation", "expectation", "expectation_by_counts", "expectation_by_enumeration",
    "CountsPlan", "NegativeSum", "counts_plan",
    "Joint", "exact_mutual_information", "joint_family", "mutual_information",
    "best_critic",
]

"""Soundness of the exact expectation method: the boundary critics where estimators
meet, ties settled exactly (never by the tolerance alone), the document's given
conditions, and combinations where a side is not finite.  Each test fails on the
method as it was before these were handled."""
from __future__ import annotations

import mpmath
import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.check import exact as info
from contrastive_sym.check.symbolic import sandbox
from contrastive_sym.check.documents import LinkCache, check_claim
from contrastive_sym.check.symbolic.sandbox import SandboxResult
from contrastive_sym.model.claims import Condition, Kind
from contrastive_sym.load.builder import DocumentBuilder, chain
from contrastive_sym.model.nodes import ExpectXYK, MutualInformation
from contrastive_sym.model.verdicts import Verdict


def outcome_of(make, config, *, minimum=2, checked=(2,)):
    """One expectation claim ``make(g, K) -> (statement, given)``, checked."""
    doc = DocumentBuilder("t", "test", source="t.txt")
    K = doc.size("K", minimum=minimum, checked=checked)
    g = doc.family("g", (K,))
    statement, given = make(g, K)
    doc.claim("c", line=1, title="", kind=Kind.EXPECTATION, latex="", statement=statement, given=given)
    document = doc.build("test.py")
    return check_claim(document.claims[-1], document, config, LinkCache()).outcome


def donsker_varadhan_vs_nwj(relation):
    r"""``E[g_1] − log E[e^{g_2}]  rel  E[g_1] − E[e^{g_2 − 1}]`` (DV against NWJ).

    DV − NWJ = z/e − log z with z = E_{p_X p_Y}[e^g] ≥ 0, zero only at z = e: the strict
    bound fails only at critics with E[e^g] = e, such as the constant critic g ≡ 1."""
    def make(g, K):
        dv = ExpectXYK(g[1], g, K) - sp.log(ExpectXYK(sp.exp(g[2]), g, K))
        nwj = ExpectXYK(g[1], g, K) - ExpectXYK(sp.exp(g[2] - 1), g, K)
        return chain(dv, relation, nwj), ()
    return make


def mutual_information_above_info_nce(given=()):
    def make(g, K):
        return chain(MutualInformation(), ">", ExpectXYK(enc.info_nce_k(g, K), g, K)), given
    return make


# --- the families -------------------------------------------------------------------

def test_the_families_hold_the_boundary_cases():
    ctx = mpmath.MPContext()
    ctx.dps = 30
    joints = info.joint_family(0)
    assert any(all(j.table[x][y] == j.p_x[x] * j.p_y[y] for x in range(j.shape[0]) for y in range(j.shape[1]))
               for j in joints)                                                   # X ⟂ Y
    assert any(all(sum(1 for p in row if p) == 1 for row in j.table) for j in joints)   # Y = f(X)
    assert any(p == 0 for j in joints for row in j.table for p in row)            # a zero cell
    for joint in joints:
        tables = [c.table for c in info.critic_family(joint, 0, ctx)]
        n_x, n_y = joint.shape
        constant = [t for t in tables if len({v for row in t for v in row}) == 1]
        assert ((0,) * n_y,) * n_x in tables                                     # g ≡ 0
        assert any(t[0][0] != 0 for t in constant)                                # g ≡ c ≠ 0
        assert any(len({row[0] for row in t}) > 1 and all(len(set(row)) == 1 for row in t)
                   for t in tables)                                               # g = c_x
        assert any(len(set(t[0])) > 1 and all(row == t[0] for row in t) for t in tables)   # g = d_y
        if n_y == 3:                                                              # ties between y
            assert any(all(len(set(row)) == 2 for row in t) for t in tables)
        assert any(c.name.startswith("optimal") for c in info.critic_family(joint, 0, ctx))


# --- ties -----------------------------------------------------------------------------

def test_a_strict_bound_failing_only_at_a_constant_critic_is_refuted_with_an_exact_tie(quick_config):
    outcome = outcome_of(donsker_varadhan_vs_nwj(">"), quick_config)
    assert outcome.verdict is Verdict.REFUTED
    assert outcome.witness.values["critic"] == "constant g = 1"
    assert outcome.witness.sizes == {"K": 2}
    assert "exactly equal" in outcome.witness.note and "certified by SymPy" in outcome.witness.note
    assert "exactly equal" in outcome.message


def test_the_same_bound_non_strict_is_confirmed_with_its_ties_rechecked(quick_config):
    outcome = outcome_of(donsker_varadhan_vs_nwj(">="), quick_config)
    assert outcome.verdict is Verdict.CONFIRMED
    assert "ties, re-checked at 100 digits" in outcome.message


def test_a_strict_tie_that_cannot_be_certified_is_undecided(quick_config, monkeypatch):
    # I(X;Y) > I^K_InfoNCE(X;Y|g) ties exactly on X ⟂ Y with g ≡ 0; without a certificate
    # (SymPy timed out) the tie neither refutes nor confirms.
    def no_certificate(fn, *args, seconds, what=""):
        return SandboxResult(False, failure="timed out", timed_out=True)
    monkeypatch.setattr(sandbox, "run", no_certificate)
    outcome = outcome_of(mutual_information_above_info_nce(), quick_config)
    assert outcome.verdict is Verdict.UNDECIDED
    assert "could not be settled" in outcome.message
    assert "joint 'independent uniform 2x2', critic 'zero', K = 2" in outcome.message


# --- given conditions ---------------------------------------------------------------------

def test_a_given_condition_that_excludes_the_only_counterexample_is_honoured(quick_config):
    refuted = outcome_of(mutual_information_above_info_nce(), quick_config)
    assert refuted.verdict is Verdict.REFUTED
    assert refuted.witness.values["distribution"].startswith("independent")
    given = (Condition(MutualInformation() > 0, "I(X;Y) > 0"),)
    outcome = outcome_of(mutual_information_above_info_nce(given), quick_config)
    assert outcome.verdict is Verdict.CONFIRMED
    assert "excluded by the stated conditions 'I(X;Y) > 0'" in outcome.message


def test_a_given_condition_that_cannot_be_applied_leaves_the_claim_undecided(quick_config):
    def make(g, K):
        return (chain(MutualInformation(), ">=", ExpectXYK(enc.info_nce_k(g, K), g, K)),
                (Condition(g[1] > g[2], "g_1 > g_2"),))
    outcome = outcome_of(make, quick_config)
    assert outcome.verdict is Verdict.UNDECIDED
    assert "'g_1 > g_2' could not be applied" in outcome.message


# --- combinations where a side is not finite ------------------------------------------------

def test_a_side_undefined_at_some_critics_is_not_silently_dropped(quick_config):
    # exp(−1/g_1²) is undefined where the critic is 0 on a positive pair (the zero
    # critic, the ties, the confident one, …) and below 1 everywhere else.
    def make(g, K):
        return chain(ExpectXYK(sp.exp(-1 / g[1] ** 2), g, K), "<", 1), ()
    outcome = outcome_of(make, quick_config)
    assert outcome.verdict is not Verdict.CONFIRMED
    assert outcome.verdict in (Verdict.CONDITIONAL, Verdict.UNDECIDED)
    assert "not finite at" in outcome.message and "critic 'zero'" in outcome.message


def test_a_side_undefined_at_k_1_makes_the_claim_conditional_on_k_at_least_2(quick_config):
    # I^K_FlatNCE at K = 1 is −log 0; for K ≥ 2 it exceeds I^K_InfoNCE (its sum drops the positive).
    def make(g, K):
        return chain(ExpectXYK(enc.flat_nce_k(g, K), g, K), ">=", ExpectXYK(enc.info_nce_k(g, K), g, K)), ()
    outcome = outcome_of(make, quick_config, minimum=1, checked=(1, 2))
    assert outcome.verdict is Verdict.CONDITIONAL
    assert outcome.condition == "K ≥ 2"
    assert "not finite" in outcome.message

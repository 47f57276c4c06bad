"""Each check method on statements known to be true and known to be false, including
ties, the smallest sizes and extreme temperatures.  Each test could fail."""
from __future__ import annotations

import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.check.documents import LinkCache, check_claim
from contrastive_sym.model.claims import Condition, Kind
from contrastive_sym.load.builder import DocumentBuilder, ProofBuilder, chain
from contrastive_sym.model.nodes import ExpectXYK, LittleO, MaxOver, MutualInformation, Nabla
from contrastive_sym.model.notation import Domain, Role
from contrastive_sym.model.verdicts import Verdict

k = sp.Symbol("k", integer=True)


def verdict_of(build, config):
    """Build a one-claim document with ``build(doc)`` and check its claim."""
    doc = DocumentBuilder("t", "test", source="t.txt")
    build(doc)
    document = doc.build("test.py")
    return check_claim(document.claims[-1], document, config, LinkCache())


def lse_setup(doc):
    n = doc.size("n", minimum=1, checked=(1, 2, 3))
    x = doc.family("x", (n,))
    t = doc.scalar("t", Domain.POSITIVE, role=Role.SCALE)
    return n, x, t, MaxOver(x[k], k, 1, n), sp.log(sp.Sum(sp.exp(x[k]), (k, 1, n)))


def test_true_identity_is_proved_for_every_size(quick_config):
    def build(doc):
        K = doc.size("K", minimum=2, checked=(2, 3))
        g = doc.family("g", (K,))
        doc.claim("c", line=1, title="", kind=Kind.IDENTITY, latex="",
                  statement=chain(enc.info_nce_k(g, K), "=", sp.log(K) - enc.info_nce(g, K)))
    assert verdict_of(build, quick_config).outcome.verdict is Verdict.PROVED


def test_false_identity_is_refuted_with_a_small_witness(quick_config):
    def build(doc):
        K = doc.size("K", minimum=2, checked=(2, 3))
        g = doc.family("g", (K,))
        doc.claim("c", line=1, title="", kind=Kind.IDENTITY, latex="",
                  statement=chain(enc.info_nce_k(g, K), "=", enc.info_nce(g, K)))
    result = verdict_of(build, quick_config)
    assert result.outcome.verdict is Verdict.REFUTED
    w = result.outcome.witness
    assert w.sizes == {"K": 2} and set(w.values.values()) <= {"0", "1", "-1", "2"}
    assert w.lhs != w.rhs and w.digits >= 100


def test_inequality_true_at_ties_and_extreme_temperatures(quick_config):
    def build(doc):
        n, x, t, mx, lse = lse_setup(doc)
        doc.claim("c", line=1, title="", kind=Kind.INEQUALITY, latex="",
                  statement=chain(mx, "<=", sp.log(sp.Sum(sp.exp(t * x[k]), (k, 1, n))) / t,
                                  "<=", mx + sp.log(n) / t))
    assert verdict_of(build, quick_config).outcome.verdict.holds


def test_strict_inequality_failing_at_n_equal_1_is_conditional(quick_config):
    def build(doc):
        n, x, t, mx, lse = lse_setup(doc)
        doc.claim("c", line=1, title="", kind=Kind.INEQUALITY, latex="", statement=chain(mx, "<", lse))
    outcome = verdict_of(build, quick_config).outcome
    assert outcome.verdict is Verdict.CONDITIONAL
    assert outcome.condition == "n ≥ 2" and outcome.witness.sizes == {"n": 1}


def test_false_inequality_is_refuted(quick_config):
    def build(doc):
        n, x, t, mx, lse = lse_setup(doc)
        doc.claim("c", line=1, title="", kind=Kind.INEQUALITY, latex="",
                  statement=chain(lse, "<=", mx + sp.log(n) / 2))
    assert verdict_of(build, quick_config).outcome.verdict is Verdict.REFUTED


def test_undefined_points_make_a_step_conditional(quick_config):
    def build(doc):
        v = doc.scalar("v", Domain.REAL)
        t = doc.scalar("t", Domain.POSITIVE)
        doc.claim("c", line=1, title="", kind=Kind.INEQUALITY, latex="",
                  statement=chain(-sp.log(t), ">=", v * t + 1 + sp.log(-v)))
    outcome = verdict_of(build, quick_config).outcome
    assert outcome.verdict is Verdict.CONDITIONAL and outcome.condition == "v < 0"


def _limit_doc(doc):
    N = doc.size("N", minimum=2, checked=(2, 3))
    tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
    s = doc.family("s", (N, N))
    i = doc.index("i", 1, N)
    return N, tau, s, i, enc.wang_liu_anchor(s, i, N, tau)


def test_limit_with_max_is_read_correctly_where_sympy_is_wrong(quick_config):
    # SymPy 1.14 returns d2 for lim τ log(1 + e^{d1/τ} + e^{d2/τ}) (../shared/NOTES.md); the
    # ladder must agree with max(0, d1, d2) everywhere.
    def build(doc):
        tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
        d1, d2 = doc.scalar("d1"), doc.scalar("d2")
        lhs = sp.Limit(tau * sp.log(1 + sp.exp(d1 / tau) + sp.exp(d2 / tau)), tau, 0, "+")
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(lhs, "=", sp.Max(0, d1, d2)))
    assert verdict_of(build, quick_config).outcome.verdict is Verdict.CONFIRMED

    def build_wrong(doc):
        tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
        d1, d2 = doc.scalar("d1"), doc.scalar("d2")
        lhs = sp.Limit(tau * sp.log(1 + sp.exp(d1 / tau) + sp.exp(d2 / tau)), tau, 0, "+")
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="", statement=chain(lhs, "=", d2))
    assert verdict_of(build_wrong, quick_config).outcome.verdict is Verdict.REFUTED


def test_shared_trivial_limit_with_wrong_written_terms_is_flagged(quick_config):
    def build(doc):
        N, tau, s, i, loss = _limit_doc(doc)
        others = enc.sum_except(s[i, k], k, 1, N, i)
        wrong = (N - 1) / (N * tau) * s[i, i] + others / (N * tau) + sp.log(N)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(loss, tau, sp.oo), "=", sp.Limit(wrong, tau, sp.oo)))
    outcome = verdict_of(build, quick_config).outcome
    assert outcome.verdict is Verdict.REFUTED and "written out disagree" in outcome.message

    def build_right(doc):
        N, tau, s, i, loss = _limit_doc(doc)
        others = enc.sum_except(s[i, k], k, 1, N, i)
        right = -(N - 1) / (N * tau) * s[i, i] + others / (N * tau) + sp.log(N)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(loss, tau, sp.oo), "=", sp.Limit(right, tau, sp.oo)))
    assert verdict_of(build_right, quick_config).outcome.verdict is Verdict.CONFIRMED


def test_limit_failing_only_at_ties_is_conditional(quick_config):
    def build(doc):
        N, tau, s, i, loss = _limit_doc(doc)
        M = sp.Max(0, MaxOver(s[i, k] - s[i, i], k, 1, N))
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(loss, tau, 0, "+"), "=", sp.Limit(M / tau, tau, 0, "+")))
    outcome = verdict_of(build, quick_config).outcome
    assert outcome.verdict is Verdict.CONDITIONAL and "ties" in outcome.condition


def test_little_o_true_and_false(quick_config):
    def build(good):
        def inner(doc):
            x = doc.scalar("x")
            rhs = x + LittleO(x, x, 0) if good else 2 * x + LittleO(x, x, 0)
            doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                      statement=chain(sp.log(1 + x), "=", rhs))
        return inner
    assert verdict_of(build(True), quick_config).outcome.verdict.holds
    assert verdict_of(build(False), quick_config).outcome.verdict is Verdict.REFUTED


def _grad_doc(doc):
    K = doc.size("K", minimum=2, checked=(2, 3, 4))
    g = doc.family("g", (K,))
    dg = doc.family("dg", (K,), role=Role.DIRECTION)
    return K, g, dg, (lambda F: Nabla(F, g, dg))


def test_gradient_identity_true_and_weight_dropping_false(quick_config):
    def build(dropped):
        def inner(doc):
            K, g, dg, grad = _grad_doc(doc)
            kp = sp.Symbol("kp", integer=True)
            w = sp.exp(g[k]) / sp.Sum(sp.exp(g[kp]), (kp, 2, K))
            rhs = sp.Sum(dg[k] if dropped else w * dg[k], (k, 2, K)) - dg[1]
            doc.claim("c", line=1, title="", kind=Kind.GRADIENT, latex="",
                      statement=chain(grad(enc.flat_nce(g, K)), "=", rhs))
        return inner
    assert verdict_of(build(False), quick_config).outcome.verdict.holds
    outcome = verdict_of(build(True), quick_config).outcome
    assert outcome.verdict is Verdict.REFUTED and outcome.witness.sizes == {"K": 3}


def test_same_descent_direction_true_and_false(quick_config):
    def build(sign):
        def inner(doc):
            K, g, dg, grad = _grad_doc(doc)
            doc.claim("c", line=1, title="", kind=Kind.GRADIENT, latex="",
                      statement=chain(sign * grad(enc.flat_nce(g, K)), "same-direction",
                                      grad(enc.flat_nce_k(g, K))))
        return inner
    assert verdict_of(build(-1), quick_config).outcome.verdict.holds
    assert verdict_of(build(1), quick_config).outcome.verdict is Verdict.REFUTED


def test_conditions_stated_by_the_document_are_respected(quick_config):
    def build(doc):
        K, g, dg, grad = _grad_doc(doc)
        a = doc.index("a", 2, K)
        b = doc.index("b", 2, K, distinct_from=(a,))
        doc.claim("c", line=1, title="", kind=Kind.INEQUALITY, latex="",
                  statement=chain(sp.exp(g[a]), ">", sp.exp(g[b])),
                  given=(Condition(g[a] > g[b], "g_a > g_b"),))
    assert verdict_of(build, quick_config).outcome.verdict.holds


def test_expectation_bounds_true_and_false(quick_config):
    def build(body_maker, relation):
        def inner(doc):
            K = doc.size("K", minimum=2, checked=(2, 3))
            g = doc.family("g", (K,))
            doc.claim("c", line=1, title="", kind=Kind.EXPECTATION, latex="",
                      statement=chain(ExpectXYK(body_maker(g, K), g, K), relation, MutualInformation()))
        return inner
    assert verdict_of(build(enc.info_nce_k, "<="), quick_config).outcome.verdict.holds
    outcome = verdict_of(build(enc.flat_nce_k, "<="), quick_config).outcome
    assert outcome.verdict is Verdict.REFUTED and outcome.witness.sizes == {"K": 2}


def test_a_proof_that_ends_elsewhere_is_flagged_even_if_its_steps_hold(quick_config):
    def build(doc):
        n, x, t, mx, lse = lse_setup(doc)
        p = ProofBuilder()
        p.step(2, lhs=mx, rel="<=", rhs=lse)
        doc.claim("c", line=1, title="", kind=Kind.INEQUALITY, latex="",
                  statement=chain(mx, "<=", lse + 1), proof=p)
    result = verdict_of(build, quick_config)
    assert result.steps[0].outcome.verdict.holds
    assert result.conclusion.outcome.verdict is Verdict.REFUTED
    assert "something else" in result.conclusion.outcome.message

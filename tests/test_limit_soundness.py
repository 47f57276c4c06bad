"""Limits and asymptotics honour what the document states, and never refute a true limit.

* every parameter point read along a ladder satisfies the claim's ``given`` conditions;
* the written-terms rule applies only to terms written with an explicit order (c/τ),
  as a check of its own: a limit equality that holds is reported as holding;
* a side undefined near the limit point is never dropped silently;
* closed limits (no parameters) are decided.
"""
from __future__ import annotations

import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.check.documents import LinkCache, check_claim, check_document
from contrastive_sym.model.shapes import LimitSpec, written_orders
from contrastive_sym.model.claims import Condition, Kind
from contrastive_sym.load.builder import DocumentBuilder, chain
from contrastive_sym.model.nodes import LittleO, MaxOver
from contrastive_sym.model.notation import Domain, Role
from contrastive_sym.model.verdicts import Verdict

k = sp.Symbol("k", integer=True)


def outcome_of(build, config):
    """Build a one-claim document with ``build(doc)`` and check its claim."""
    doc = DocumentBuilder("t", "test", source="t.txt")
    build(doc)
    document = doc.build("test.py")
    return check_claim(document.claims[-1], document, config, LinkCache()).outcome


# --- given conditions -------------------------------------------------------------------

def _positive_wins(with_given: bool):
    """lim_{τ→0⁺} −log(e^{s_1/τ}/Σ_k e^{s_k/τ}) = 0: true exactly when s_1 is the strict
    maximum; at a tie the loss tends to log 2."""
    def build(doc):
        N = doc.size("N", minimum=2, checked=(2, 3))
        tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
        s = doc.family("s", (N,))
        loss = -sp.log(sp.exp(s[1] / tau) / sp.Sum(sp.exp(s[k] / tau), (k, 1, N)))
        given = [Condition(s[1] > MaxOver(s[k], k, 2, N), "s_1 > max_k s_k")] if with_given else []
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="", given=given,
                  statement=chain(sp.Limit(loss, tau, 0, "+"), "=", 0))
    return build


def test_given_excludes_the_ties_where_a_limit_fails(quick_config):
    outcome = outcome_of(_positive_wins(True), quick_config)
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert "excluded by the stated conditions" in outcome.message
    # Enough admitted points remain after the excluded ones are replaced.
    assert outcome.evidence.points >= 10


def test_without_the_given_the_tie_refutes_the_limit(quick_config):
    outcome = outcome_of(_positive_wins(False), quick_config)
    assert outcome.verdict in (Verdict.REFUTED, Verdict.CONDITIONAL)
    assert outcome.witness is not None


def test_conditions_that_never_hold_leave_the_limit_undecided(quick_config):
    def build(doc):
        N = doc.size("N", minimum=2, checked=(2, 3))
        tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
        s = doc.family("s", (N,))
        loss = -sp.log(sp.exp(s[1] / tau) / sp.Sum(sp.exp(s[k] / tau), (k, 1, N)))
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  given=[Condition(s[1] > s[1] + 1, "impossible")],
                  statement=chain(sp.Limit(loss, tau, 0, "+"), "=", 0))
    outcome = outcome_of(build, quick_config)
    assert outcome.verdict is Verdict.UNDECIDED
    assert "stated conditions" in outcome.message


def _abs_expansion(with_given: bool):
    """|a|·x + x² = a·x + o(x) as x → 0 holds exactly when a ≥ 0."""
    def build(doc):
        x = doc.scalar("x", Domain.REAL)
        a = doc.scalar("a", Domain.REAL)
        given = [Condition(a > 0, "a > 0")] if with_given else []
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="", given=given,
                  statement=chain(sp.Abs(a) * x + x**2, "=", a * x + LittleO(x, x, 0)))
    return build


def test_given_is_honoured_by_the_asymptotic_ladder(quick_config):
    outcome = outcome_of(_abs_expansion(True), quick_config)
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert "excluded by the stated conditions" in outcome.message
    wrong = outcome_of(_abs_expansion(False), quick_config)
    assert wrong.verdict in (Verdict.REFUTED, Verdict.CONDITIONAL)
    assert wrong.witness is not None and wrong.witness.values["a"].startswith("-")


# --- the written-terms rule ------------------------------------------------------------

def test_true_limit_differing_at_order_one_over_tau_is_confirmed(quick_config):
    # τ·log(mean_k e^{(s_k−s_1)/τ}) and τ·(mean_k e^{(s_k−s_1)/τ} − 1) both tend to the mean
    # of s_k − s_1; they differ at order 1/τ, which neither side writes out.
    def build(doc):
        N = doc.size("N", minimum=2, checked=(2, 3))
        tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
        s = doc.family("s", (N,))
        mean = sp.Sum(sp.exp((s[k] - s[1]) / tau), (k, 1, N)) / N
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(tau * sp.log(mean), tau, sp.oo), "=",
                                  sp.Limit(tau * (mean - 1), tau, sp.oo)))
    outcome = outcome_of(build, quick_config)
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message


def test_closed_limit_is_decided_and_not_refuted_by_its_next_order(quick_config):
    # No parameters at all: one case.  x·log(1 + 1/x) = 1 − 1/(2x) + …, x·(e^{1/x} − 1) = 1 + 1/(2x) + …
    def build(doc):
        x = doc.scalar("x", Domain.POSITIVE)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(x * sp.log(1 + 1 / x), x, sp.oo), "=",
                                  sp.Limit(x * (sp.exp(1 / x) - 1), x, sp.oo)))
    outcome = outcome_of(build, quick_config)
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert outcome.evidence.points == 1

    def build_x_log_x(doc):
        x = doc.scalar("x", Domain.POSITIVE)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(x * sp.log(x), x, 0, "+"), "=", 0))
    assert outcome_of(build_x_log_x, quick_config).verdict is Verdict.CONFIRMED

    def build_wrong(doc):
        x = doc.scalar("x", Domain.POSITIVE)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(x * sp.log(x), x, 0, "+"), "=", 1))
    assert outcome_of(build_wrong, quick_config).verdict is Verdict.REFUTED


def _seed_expansion(sign):
    """Line 101 of seed 000: lim −log[e^{s_ii/τ}/Σ_k e^{s_ik/τ}] = lim sign·(N−1)/(Nτ)·s_ii
    + 1/(Nτ)·Σ_{k≠i} s_ik + log N; the seed writes sign = +1, the right sign is −1."""
    def build(doc):
        N = doc.size("N", minimum=2, checked=(2, 3))
        tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE)
        s = doc.family("s", (N, N))
        i = doc.index("i", 1, N)
        loss = enc.wang_liu_anchor(s, i, N, tau)
        others = enc.sum_except(s[i, k], k, 1, N, i)
        written = sign * (N - 1) / (N * tau) * s[i, i] + others / (N * tau) + sp.log(N)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(loss, tau, sp.oo), "=", sp.Limit(written, tau, sp.oo)))
    return build


def test_seed_written_terms_with_the_wrong_sign_stay_refuted_but_the_limit_holds(quick_config):
    outcome = outcome_of(_seed_expansion(1), quick_config)
    assert outcome.verdict is Verdict.REFUTED
    message = outcome.message
    assert message.startswith("the limit: confirmed")
    assert "the terms of order 1/tau written out: refuted" in message
    assert "written out disagree" in message and "(-0.5" in message and "(0.5" in message
    # The witness is the written terms' one: it shows the two coefficients.
    w = outcome.witness
    assert "·1/tau" in w.lhs and "·1/tau" in w.rhs and w.lhs != w.rhs


def test_written_expansion_with_the_right_sign_is_confirmed(quick_config):
    outcome = outcome_of(_seed_expansion(-1), quick_config)
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert "the terms of order 1/tau written out: confirmed" in outcome.message


def test_written_terms_are_found_on_the_expression():
    tau, c, N = sp.symbols("tau c N", positive=True)
    s = sp.IndexedBase("s")
    to_inf = LimitSpec(tau, sp.oo, "")
    to_zero = LimitSpec(tau, sp.Integer(0), "+")
    assert written_orders((N - 1) / (N * tau) * s[1] + sp.Sum(s[k], (k, 1, N)) / (N * tau) + sp.log(N),
                          to_inf) == [1, 1]
    assert written_orders(c / tau**2 + 1, to_inf) == [2]
    # τ·log(…) and τ·(… − 1) only behave like powers: they are not written terms.
    mean = sp.Sum(sp.exp(s[k] / tau), (k, 1, N)) / N
    assert written_orders(tau * sp.log(mean), to_inf) == []
    assert written_orders(tau * (mean - 1), to_inf) == []
    # Towards 0: c·τ is a written term, c/τ is not (it diverges).
    assert written_orders(sp.Max(0, s[1]) + tau * sp.log(N), to_zero) == [1]
    assert written_orders(sp.Max(0, s[1]) / tau, to_zero) == []


# --- nothing dropped along a ladder ----------------------------------------------------

def test_side_undefined_along_the_ladder_is_not_silently_confirmed(quick_config):
    # log v is undefined for v ≤ 0, which the domain of v (real) allows.
    def build(doc):
        x = doc.scalar("x", Domain.POSITIVE)
        v = doc.scalar("v", Domain.REAL)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="",
                  statement=chain(sp.Limit(sp.log(v + x), x, 0, "+"), "=", sp.log(v)))
    outcome = outcome_of(build, quick_config)
    assert outcome.verdict is Verdict.CONDITIONAL, outcome.message
    assert "undefined" in outcome.message
    assert outcome.condition == "v > 0"

    def build_given(doc):
        x = doc.scalar("x", Domain.POSITIVE)
        v = doc.scalar("v", Domain.REAL)
        doc.claim("c", line=1, title="", kind=Kind.LIMIT, latex="", given=[Condition(v > 0, "v > 0")],
                  statement=chain(sp.Limit(sp.log(v + x), x, 0, "+"), "=", sp.log(v)))
    assert outcome_of(build_given, quick_config).verdict is Verdict.CONFIRMED


# --- the same through a derivation file ------------------------------------------------

PROBE = r"""
id = "lim"
title = "lim"
source = "x.txt"

[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[scalar]]
name = '\tau'
domain = "positive"
role = "scale"

[[family]]
name = 's'
shape = ['N']

[[define]]
name = "L"
line = 1
latex = '\mathcal{L}(\tau) = -\log \frac{e^{s_1/\tau}}{\sum_{k=1}^{N} e^{s_k/\tau}}'

[[claim]]
id = "given"
line = 2
title = "limit zero"
kind = "limit"
given = ['s_1 > \max\{s_2, \dots, s_N\}']
latex = '\lim_{\tau \to 0^+} \mathcal{L}(\tau) = 0'

[[claim]]
id = "mean"
line = 3
title = "tau infinity"
kind = "limit"
latex = '\lim_{\tau \to +\infty} \tau \log ( \frac{1}{N} \sum_{k=1}^{N} e^{(s_k - s_1)/\tau} ) = \lim_{\tau \to +\infty} \tau ( \frac{1}{N} \sum_{k=1}^{N} e^{(s_k - s_1)/\tau} - 1 )'
"""


def test_probe_file_claims_are_confirmed(tmp_path, quick_config):
    from contrastive_sym.load.files import load_all
    path = tmp_path / "probe.toml"
    path.write_text(PROBE, encoding="utf-8")
    [document] = load_all([path])
    result = check_document(document, quick_config)
    verdicts = {r.claim.id: r.outcome.verdict for r in result.claims}
    assert verdicts == {"given": Verdict.CONFIRMED, "mean": Verdict.CONFIRMED}


def test_a_side_settled_at_a_large_value_is_finite_and_a_slow_divergence_is_not():
    # found by a fuzzer of limits true by construction: max(s, a + 1) at a = 10^30 is the
    # same number all along the ladder, and the test of size called it +∞, so the LogSumExp
    # limit τ log(e^{s/τ} + e^{(a+1)/τ}) → max(s, a + 1) was refuted there
    from flint import arb
    from contrastive_sym.check.numeric.ladders import trend
    from contrastive_sym.check.numeric.precision import working_bits
    with working_bits(400):      # as a ladder works: 10^30 + 23 is not 10^30 there
        big = arb(10) ** 30
        assert trend([big] * 8).kind == "finite"
        assert trend([big + arb(10) ** -k for k in range(1, 9)]).kind == "finite"
        assert trend([big + 23 * k for k in range(1, 9)]).kind == "+inf"      # 10^30 + log(1/τ)
        assert trend([-big - 23 * k for k in range(1, 9)]).kind == "-inf"


def test_the_log_sum_exp_limit_holds_at_a_large_value():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from claim_generator import claim_text
    from contrastive_sym.pipeline import verify_text
    for latex in (r"\lim_{\tau \to 0^+} \tau \log\left(e^{s_{i,1}/\tau} + e^{(a_i + 1)/\tau}\right) = "
                  r"\max\left(s_{i,1}, a_i + 1\right)",
                  r"\lim_{\tau \to \infty} \tau \log\left(\frac{1}{2} e^{s_{i,1}/\tau} + \frac{1}{2} e^{a_i/\tau}\right) = "
                  r"\frac{s_{i,1} + a_i}{2}"):
        (result,) = verify_text(claim_text(latex)).documents[0].claims
        assert result.outcome.verdict is Verdict.CONFIRMED, (latex, result.outcome.message)

r"""001_4ef83a1ba76474f4.txt: a review of FlatNCE (InfoNCE, FlatNCE, FlatNCE-plus, their
gradients, and the mutual-information bounds).

Gradients are with respect to the parameters of the critic g: by the chain rule
∇F = Σ_k ∂F/∂g_k ∇g_k, with the directions ∇g_k arbitrary (the family ``dg``).
The document writes y_{1:N} in a few places; no N is defined in it, so N is read
as K (noted on those steps).
"""
import sympy as sp

from contrastive_sym import encodings as enc
from contrastive_sym.claims import Condition, Kind
from contrastive_sym.derive import DocumentBuilder, ProofBuilder, chain
from contrastive_sym.nodes import BestCritic, ExpectXYK, MutualInformation, Nabla, StopGrad
from contrastive_sym.notation import Domain, Role

doc = DocumentBuilder("001", "Paper review: breaking the log-K curse with FlatNCE",
                      source="001_4ef83a1ba76474f4.txt")

K = doc.size("K", minimum=2, checked=(2, 3, 4, 6))
g = doc.family("g", (K,))
dg = doc.family("dg", (K,), role=Role.DIRECTION, latex=r"\nabla g")
u = doc.scalar("u", Domain.REAL)
v = doc.scalar("v", Domain.REAL)            # the document says v ∈ ℝ
t = doc.scalar("t", Domain.POSITIVE)        # the argument of f(t) = -log t
a = doc.index("a", 2, K)
b = doc.index("b", 2, K, distinct_from=(a,))

k = sp.Symbol("k", integer=True)
kp = sp.Symbol("kp", integer=True)
E, log = sp.exp, sp.log


def grad(F):
    return Nabla(F, g, dg)


I_info = enc.info_nce(g, K)
I_info_K = enc.info_nce_k(g, K)
I_flat = enc.flat_nce(g, K)
I_flat_K = enc.flat_nce_k(g, K)
I_plus = enc.flat_nce_plus(g, K)
I_plus_K = enc.flat_nce_plus_k(g, K)
neg = sp.Sum(E(g[k] - g[1]), (k, 2, K))          # Σ_{k≠1} exp(g_k − g_1)
neg_raw = sp.Sum(E(g[k]), (k, 2, K))             # Σ_{k≠1} exp(g_k)
all_ = sp.Sum(E(g[k] - g[1]), (k, 1, K))         # Σ_{k=1}^K exp(g_k − g_1)


def w(index):
    return E(g[index]) / sp.Sum(E(g[kp]), (kp, 2, K))


doc.definition("p_{XY^K}", line=31, latex=r"p_{XY^K}(x, y_{1:K}) = p_{XY}(x, y_1) \prod_{k \neq 1} p_Y(y_k).")
doc.definition("I^K_InfoNCE", line=38, latex=r"I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) = \log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k=1}^K \exp(g_k)},")
doc.definition("I^K_InfoNCE(X;Y|g)", line=42, latex=r"I_{\text{InfoNCE}}^K(X; Y \mid g) = \mathbb{E}_{p_{XY^K}} [I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g)]")
doc.definition("I^K_InfoNCE(X;Y)", line=46, latex=r"I_{\text{InfoNCE}}^K(X; Y) = \max_g I_{\text{InfoNCE}}^K(X; Y \mid g).")
doc.definition("I_InfoNCE", line=52, latex=r"I_{\text{InfoNCE}}(x, y_{1:K} \mid g) = -\log \frac{\exp(g_1)}{\sum_{k=1}^K \exp(g_k)}")
doc.definition("I_FlatNCE", line=68, latex=r"I_{\text{FlatNCE}}(x, y_{1:K} \mid g) = \frac{\sum_{k \neq 1} \exp(g_k - g_1)}{\text{stop\_grad}[\sum_{k \neq 1} \exp(g_k - g_1)]}")
doc.definition("I^K_FlatNCE", line=72, latex=r"I_{\text{FlatNCE}}^K(x, y_{1:K} \mid g) = -\log \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1).")
doc.definition("I^⊕_FlatNCE", line=92, latex=r"I_{\text{FlatNCE}}^{\oplus}(x, y_{1:K} \mid g) = \frac{\sum_{k=1}^K \exp(g_k - g_1)}{\text{stop\_grad}[\sum_{k=1}^K \exp(g_k - g_1)]}")
doc.definition("I^{⊕,K}_FlatNCE", line=96, latex=r"I_{\text{FlatNCE}}^{\oplus,K}(x, y_{1:K} \mid g) = -\log \frac{1}{K} \sum_{k=1}^K \exp(g_k - g_1).")
doc.unchecked(62, "Proposition 2.1 has no proof here (it points to another review)")
doc.unchecked(161, "'the second part can be checked by simple calculation': no steps are given "
                   "(the statement itself is the claim lemma-3.3-equality)")
doc.unchecked(172, "the authors' footnote claim about I_FlatNCE is reported, not made, by this document")

# --- Section 2 ---------------------------------------------------------------------
doc.claim("infonce-forms", line=56, title="I^K_InfoNCE = −I_InfoNCE + log K", kind=Kind.IDENTITY,
          statement=chain(I_info_K, "=", -I_info + log(K)), expect="holds",
          latex=r"I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) = -I_{\text{InfoNCE}}(x, y_{1:K} \mid g) + \log K.")
doc.claim("prop-2.1-bound", line=60, title="Proposition 2.1: I(X;Y) ≥ I^K_InfoNCE(X;Y|g)",
          kind=Kind.EXPECTATION, expect="holds",
          statement=chain(MutualInformation(), ">=", ExpectXYK(I_info_K, g, K)),
          latex=r"I(X; Y) \geq I_{\text{InfoNCE}}^K(X; Y \mid g)")
doc.claim("prop-2.1-limit", line=60, title="Proposition 2.1: lim_{K→∞} I^K_InfoNCE(X;Y) = I(X;Y)",
          kind=Kind.EXPECTATION, expect="holds",
          statement=chain(sp.Limit(BestCritic(ExpectXYK(I_info_K, g, K)), K, sp.oo), "=", MutualInformation()),
          latex=r"\lim_{K \rightarrow \infty} I_{\text{InfoNCE}}^K(X; Y) \rightarrow I(X; Y).")

# --- Section 3: FlatNCE ------------------------------------------------------------
doc.claim("eq-76", line=76, title="Σ_{k≠1} exp(g_k − g_1) = (exp(g_1)/Σ_{k≠1} exp(g_k))^{-1}",
          kind=Kind.IDENTITY, expect="holds",
          statement=chain(neg, "=", (E(g[1]) / neg_raw) ** -1),
          latex=r"\sum_{k \neq 1} \exp(g_k - g_1) = \left( \frac{\exp(g_1)}{\sum_{k \neq 1} \exp(g_k)} \right)^{-1}")

p = ProofBuilder()
p.step(80, lhs=grad(I_flat), rhs=grad(neg) / StopGrad(neg),
       latex=r"\nabla I_{\text{FlatNCE}}(x, y_{1:K} \mid g) &= \frac{\nabla \sum_{k \neq 1} \exp(g_k - g_1)}{\text{stop\_grad}[\sum_{k \neq 1} \exp(g_k - g_1)]}")
p.step(80, rhs=grad(log(neg)), latex=r"&= \nabla \log \sum_{k \neq 1} \exp(g_k - g_1)")
p.step(80, rhs=grad(log(neg / K)), latex=r"&= \nabla \log \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1)")
p.step(80, rhs=-grad(I_flat_K), note="y_{1:N} read as y_{1:K} (no N is defined in this document)",
       latex=r"&= -\nabla I_{\text{FlatNCE}}^K(x, y_{1:N} \mid g).")
doc.claim("gradient-flatnce", line=80, title="∇I_FlatNCE = −∇I^K_FlatNCE", kind=Kind.GRADIENT,
          latex=r"\nabla I_{\text{FlatNCE}}(x, y_{1:K} \mid g) = -\nabla I_{\text{FlatNCE}}^K(x, y_{1:N} \mid g)",
          proof=p)

doc.claim("descent-flatnce", line=82,
          title="gradient descent on I_FlatNCE ≡ gradient descent on I^{⊕,K}_FlatNCE",
          kind=Kind.GRADIENT, reading="as written (I^{⊕,K}_FlatNCE)", expect="refuted",
          statement=chain(-grad(I_flat), "same-direction", -grad(I_plus_K)),
          latex=r"\text{gradient descent on } I_{\text{FlatNCE}} \equiv \text{gradient descent on } I_{\text{FlatNCE}}^{\oplus, K}")
doc.claim("descent-flatnce-k", line=82,
          title="gradient descent on I_FlatNCE ≡ gradient descent on I^K_FlatNCE",
          kind=Kind.GRADIENT, reading="⊕ read as a typo: I^K_FlatNCE, the function the chain above uses",
          expect="refuted",
          statement=chain(-grad(I_flat), "same-direction", -grad(I_flat_K)),
          latex=r"\text{gradient descent on } I_{\text{FlatNCE}} \equiv \text{gradient descent on } I_{\text{FlatNCE}}^{K}")

p = ProofBuilder()
p.step(86, lhs=I_flat_K, rhs=-log(neg / K), note="y_{1:N} read as y_{1:K}",
       latex=r"I_{\text{FlatNCE}}^K(x, y_{1:N} \mid g) &= -\log \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1)")
p.step(86, rhs=-log((neg_raw / K) / E(g[1])),
       latex=r"&= -\log \frac{\frac{1}{K} \sum_{k \neq 1} \exp(g_k)}{\exp(g_1)}")
p.step(86, rhs=log(E(g[1]) / (neg_raw / K)),
       latex=r"&= \log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k \neq 1} \exp(g_k)}")
doc.claim("flatnce-k-rewrite", line=86, title="I^K_FlatNCE = log(exp(g_1) / ((1/K) Σ_{k≠1} exp(g_k)))",
          kind=Kind.IDENTITY, proof=p,
          latex=r"I_{\text{FlatNCE}}^K(x, y_{1:N} \mid g) = \log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k \neq 1} \exp(g_k)}")

doc.claim("flatnce-k-is-infonce", line=88,
          title="I^K_FlatNCE is I_InfoNCE with g_1 removed from the denominator",
          kind=Kind.IDENTITY, reading="as written: I_InfoNCE = −log(exp(g_1)/Σ exp(g_k))", expect="refuted",
          statement=chain(log(E(g[1]) / (neg_raw / K)), "=", -log(E(g[1]) / neg_raw)),
          latex=r"\log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k \neq 1} \exp(g_k)} = I_{\text{InfoNCE}}(x, y_{1:K} \mid g)\big|_{g_1 \text{ removed from the denominator}}")
doc.claim("flatnce-k-is-infonce-k", line=88,
          title="I^K_FlatNCE is I^K_InfoNCE with g_1 removed from the denominator",
          kind=Kind.IDENTITY, reading="I^K_InfoNCE meant instead of I_InfoNCE", expect="holds",
          statement=chain(log(E(g[1]) / (neg_raw / K)), "=", log(E(g[1]) / (neg_raw / K))),
          latex=r"\log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k \neq 1} \exp(g_k)} = I^K_{\text{InfoNCE}}(x, y_{1:K} \mid g)\big|_{g_1 \text{ removed from the denominator}}")

# --- FlatNCE-plus --------------------------------------------------------------------
doc.claim("gradient-plus", line=100, title="∇I^⊕_FlatNCE = −∇I^{⊕,K}_FlatNCE", kind=Kind.GRADIENT,
          expect="holds", statement=chain(grad(I_plus), "=", -grad(I_plus_K)),
          latex=r"\nabla I_{\text{FlatNCE}}^{\oplus}(x, y_{1:K} \mid g) = -\nabla I_{\text{FlatNCE}}^{\oplus,K}(x, y_{1:K} \mid g)")

p = ProofBuilder()
p.step(104, lhs=I_plus_K, rhs=log(E(g[1]) / (sp.Sum(E(g[k]), (k, 1, K)) / K)),
       latex=r"I_{\text{FlatNCE}}^{\oplus,K}(x, y_{1:K} \mid g) = \log \frac{\exp(g_1)}{\frac{1}{K} \sum_{k=1}^K \exp(g_k)}")
p.step(104, rhs=I_info_K, latex=r"= I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g).")
doc.claim("plus-k-is-infonce-k", line=104, title="I^{⊕,K}_FlatNCE = I^K_InfoNCE", kind=Kind.IDENTITY,
          proof=p, latex=r"I_{\text{FlatNCE}}^{\oplus,K}(x, y_{1:K} \mid g) = I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g).")

doc.claim("ascent-plus", line=106,
          title="gradient ascent on I^⊕_FlatNCE ≡ gradient descent on I^K_InfoNCE", kind=Kind.GRADIENT,
          expect="holds", statement=chain(grad(I_plus), "same-direction", -grad(I_info_K)),
          latex=r"\text{gradient ascent on } I_{\text{FlatNCE}}^{\oplus} \equiv \text{gradient descent on } I_{\text{InfoNCE}}^K")

p = ProofBuilder()
p.step(112, lhs=I_info_K, rhs=-I_info + log(K),
       latex=r"I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) = -I_{\text{InfoNCE}}(x, y_{1:K} \mid g) + \log K,")
p.step(116, lhs=grad(I_plus), rhs=-grad(I_plus_K),
       latex=r"\nabla I_{\text{FlatNCE}}^{\oplus}(x, y_{1:K} \mid g) = -\nabla I_{\text{FlatNCE}}^{\oplus,K}(x, y_{1:K} \mid g)")
p.step(116, rhs=-grad(I_info_K), latex=r"= -\nabla I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g)")
p.step(116, rhs=grad(I_info), latex=r"= \nabla I_{\text{InfoNCE}}(x, y_{1:K} \mid g).")
doc.claim("prop-3.1", line=108, title="Proposition 3.1: ∇I^⊕_FlatNCE = ∇I_InfoNCE", kind=Kind.GRADIENT,
          expect="holds", statement=chain(grad(I_plus), "=", grad(I_info)), proof=p,
          latex=r"\nabla I_{\text{FlatNCE}}^{\oplus}(x, y_{1:K} \mid g) = \nabla I_{\text{InfoNCE}}(x, y_{1:K} \mid g)")

# --- Proposition 3.2: the proof drops the weights in its last step ---------------------
weighted = sp.Sum(w(k) * dg[k], (k, 2, K)) - dg[1]
p = ProofBuilder()
p.step(126, lhs=grad(I_flat), rhs=grad(neg) / neg,
       latex=r"\nabla I_{\text{FlatNCE}}(x, y_{1:K} \mid g) &= \frac{\nabla \sum_{k \neq 1} \exp(g_k - g_1)}{\sum_{k \neq 1} \exp(g_k - g_1)}")
p.step(126, rhs=sp.Sum(E(g[k] - g[1]) / sp.Sum(E(g[kp] - g[1]), (kp, 2, K)) * (dg[k] - dg[1]), (k, 2, K)),
       latex=r"&= \sum_{k \neq 1} \frac{\exp(g_k - g_1)}{\sum_{k' \neq 1} \exp(g_{k'} - g_1)} (\nabla g_k - \nabla g_1)")
p.step(126, rhs=sp.Sum(E(g[k]) / sp.Sum(E(g[kp]), (kp, 2, K)) * (dg[k] - dg[1]), (k, 2, K)),
       latex=r"&= \sum_{k \neq 1} \frac{\exp(g_k)}{\sum_{k' \neq 1} \exp(g_{k'})} (\nabla g_k - \nabla g_1)")
p.step(126, rhs=sp.Sum(w(k) * (dg[k] - dg[1]), (k, 2, K)),
       latex=r"&= \sum_{k \neq 1} w_k (\nabla g_k - \nabla g_1)")
p.step(126, rhs=sp.Sum(dg[k], (k, 2, K)) - dg[1], expect="refuted",
       latex=r"&= \sum_{k \neq 1} \nabla g_k - \nabla g_1")
doc.claim("prop-3.2", line=122, title="Proposition 3.2: ∇I_FlatNCE = Σ_{k≠1} w_k ∇g_k − ∇g_1",
          kind=Kind.GRADIENT, expect="holds", statement=chain(grad(I_flat), "=", weighted), proof=p,
          conclusion_expect="refuted", conclusion_note="the last step drops the weights w_k",
          latex=r"\nabla I_{\text{FlatNCE}}(x, y_{1:K} \mid g) = \sum_{k \neq 1} w_k \nabla g_k - \nabla g_1, \quad w_k = \frac{\exp(g_k)}{\sum_{k' \neq 1} \exp(g_{k'})}.")
doc.claim("weights-sum-to-one", line=128, title="Σ_{k≠1} w_k = 1", kind=Kind.IDENTITY, expect="holds",
          statement=chain(sp.Sum(w(k), (k, 2, K)), "=", 1), latex=r"\sum_{k \neq 1} w_k = 1")
doc.claim("harder-negatives", line=130, title="harder negatives get larger weights",
          kind=Kind.INEQUALITY, expect="holds",
          statement=chain(w(a), ">", w(b)), given=(Condition(g[a] > g[b], "g_a > g_b"),),
          reading="for negatives a, b ≠ 1: a larger logit g_a > g_b means a larger weight w_a > w_b",
          latex=r"g_a > g_b \implies w_a > w_b \quad (a, b \neq 1)")

# --- Lemma 3.3 and its proof: the proof ends in a bound on I^K_FlatNCE ---------------
u_star = StopGrad(log(all_ / K))
p = ProofBuilder()
p.step(141, lhs=v * t + log(t), rel="<=", rhs=-1 - log(-v),
       note="f*(v) = sup_t {vt − f(t)} with f(t) = −log t: every vt − f(t) is at most f*(v)", expect="conditional",
       latex=r"f^*(v) = -1 - \log(-v)")
p.step(141, lhs=v * (-1 / v) + log(-1 / v), rhs=-1 - log(-v), note="and the supremum is reached at t = −1/v",
       expect="conditional",
       latex=r"f^*(v) = -1 - \log(-v)")
p.step(143, lhs=v * t - (-1 - log(-v)), rel="<=", rhs=-log(t),
       note="f(t) = sup_v {vt − f*(v)}: every vt − f*(v) is at most f(t)", expect="conditional",
       latex=r"f(t) = \sup_{v \in \mathbb{R}} \{vt - f^*(v)\}")
p.step(147, lhs=-log(t), rel=">=", rhs=v * t + 1 + log(-v), expect="conditional",
       note="'for any v ∈ ℝ', but log(−v) is only defined for v < 0",
       latex=r"-\log t \geq vt + 1 + \log(-v)")
p.step(151, lhs=-log(t), rel=">=", rhs=1 - u - E(-u) * t,
       latex=r"-\log t \geq 1 - u - e^{-u}t")
p.step(155, lhs=I_flat_K, rhs=-log(neg / K),
       latex=r"I_{\text{FlatNCE}}^K(x, y_{1:K} \mid g) = -\log \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1),")
p.step(159, lhs=-log(neg / K), rel=">=", rhs=1 - u - E(-u) * (neg / K),
       note="line 151 with t = (1/K) Σ_{k≠1} exp(g_k − g_1), which 'proves the first part'",
       latex=r"t = \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1)")
doc.claim("lemma-3.3", line=135, title="Lemma 3.3: I^K_InfoNCE ≥ 1 − u − (1/K) Σ_k exp(−u + g_k − g_1)",
          kind=Kind.INEQUALITY, expect="holds",
          statement=chain(I_info_K, ">=", 1 - u - sp.Sum(E(-u + g[k] - g[1]), (k, 1, K)) / K), proof=p,
          conclusion_expect="refuted",
          conclusion_note="t is set to the sum over k ≠ 1, which bounds I^K_FlatNCE, not I^K_InfoNCE",
          latex=r"I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) \geq 1 - u - \frac{1}{K} \sum_{k=1}^K \exp(-u + g_k - g_1)")
doc.claim("u-star", line=139, title="sg[log (1/K) Σ_k exp(g_k − g_1)] = sg[−I^K_InfoNCE]", kind=Kind.IDENTITY,
          expect="holds", statement=chain(u_star, "=", StopGrad(-I_info_K)),
          latex=r"\text{stop\_grad} \left[ \log \frac{1}{K} \sum_{k=1}^K \exp(g_k - g_1) \right] = \text{stop\_grad} \left[ -I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) \right]")
doc.claim("lemma-3.3-equality", line=137, title="Lemma 3.3: equality at u = sg[log (1/K) Σ_k exp(g_k − g_1)]",
          kind=Kind.IDENTITY, expect="holds", reading="'the inequality holds' read as 'holds with equality'",
          statement=chain(I_info_K, "=", 1 - u_star - sp.Sum(E(-u_star + g[k] - g[1]), (k, 1, K)) / K),
          latex=r"u = \text{stop\_grad} \left[ \log \frac{1}{K} \sum_{k=1}^K \exp(g_k - g_1) \right] = \text{stop\_grad} \left[ -I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) \right].")

# --- Corollary 3.4 -------------------------------------------------------------------
p = ProofBuilder()
p.step(167, lhs=I_info_K, rhs=1 + StopGrad(I_info_K) - I_plus,
       latex=r"I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g) = 1 + \text{stop\_grad} [I_{\text{InfoNCE}}^K(x, y_{1:K} \mid g)] - I_{\text{FlatNCE}}^\oplus(x, y_{1:K} \mid g).")
doc.claim("corollary-3.4", line=163, title="Corollary 3.4: E[I^K_FlatNCE] ≤ I(X;Y)", kind=Kind.EXPECTATION,
          expect="refuted", statement=chain(ExpectXYK(I_flat_K, g, K), "<=", MutualInformation()),
          proof=p, conclusion_expect="refuted", note="p_{XYN} read as p_{XY^K}",
          latex=r"\mathbb{E}_{p_{XYN}} [I_{\text{FlatNCE}}^K(x, y_{1:K} \mid g)] \leq I(X; Y)")

# --- the closing remark ----------------------------------------------------------------
doc.claim("plus-same-gradients", line=171, title="I^⊕_FlatNCE has the same gradients as I^K_InfoNCE",
          kind=Kind.GRADIENT, reading="as written: equal gradients", expect="refuted",
          statement=chain(grad(I_plus), "=", grad(I_info_K)),
          latex=r"\nabla I_{\text{FlatNCE}}^\oplus = \nabla I_{\text{InfoNCE}}^K")
doc.claim("plus-same-gradients-up-to-sign", line=171,
          title="I^⊕_FlatNCE has the gradients of I^K_InfoNCE up to sign", kind=Kind.GRADIENT,
          reading="'the same gradients' up to sign (the same vanishing)", expect="holds",
          statement=chain(grad(I_plus), "=", -grad(I_info_K)),
          latex=r"\nabla I_{\text{FlatNCE}}^\oplus = -\nabla I_{\text{InfoNCE}}^K")

DOCUMENT = doc

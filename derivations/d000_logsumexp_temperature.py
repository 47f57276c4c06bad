r"""000_8e07d957a6b6bcf4.txt: LogSumExp bounds, the τ → 0⁺ and τ → ∞ limits of the
per-anchor contrastive loss of Wang & Liu, and its gradients.

Encoded as written.  Where the notation admits several readings each one is a
separate claim or step (its ``reading`` / ``note`` says which).  Expectations record
what the maintainers of this derivation expect the checker to find; the verdicts
themselves are computed.
"""
import sympy as sp

from contrastive_sym import encodings as enc
from contrastive_sym.claims import Kind
from contrastive_sym.derive import DocumentBuilder, ProofBuilder, chain
from contrastive_sym.nodes import LittleO, MaxOver
from contrastive_sym.notation import Domain, Role

doc = DocumentBuilder("000", "LogSumExp and the temperature of the contrastive loss",
                      source="000_8e07d957a6b6bcf4.txt")

# --- notation ----------------------------------------------------------------------
n = doc.size("n", minimum=1, checked=(1, 2, 3, 5))
N = doc.size("N", minimum=2, checked=(2, 3, 4))
t = doc.scalar("t", Domain.POSITIVE, role=Role.SCALE)
tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE, latex=r"\tau")
x = doc.family("x", (n,))
s = doc.family("s", (N, N))
i = doc.index("i", 1, N)
j = doc.index("j", 1, N, distinct_from=(i,))
# Taylor expansions (lines 121-136): a real variable and an expansion point.
u = doc.scalar("u", Domain.REAL, latex="x")
u0 = doc.scalar("u0", Domain.POSITIVE, latex="x_0")

k = sp.Symbol("k", integer=True)
jj = sp.Symbol("jj", integer=True)
E = sp.exp


def lse(terms):
    return sp.log(terms)


max_x = MaxOver(x[k], k, 1, n)
lse_x = sp.log(sp.Sum(E(x[k]), (k, 1, n)))
lse_tx = sp.log(sp.Sum(E(t * x[k]), (k, 1, n)))
max_tx = MaxOver(t * x[k], k, 1, n)

doc.definition("LSE", line=7, latex=r"LSE(x_1, x_2, ..., x_n)=\log(\exp(x_1)+\exp(x_2)+...+\exp(x_n))")

# --- Property 1 (line 13) and its proof (lines 20, 24) -------------------------------
p = ProofBuilder()
p.step(20, lhs=E(max_x), rel="<=", rhs=sp.Sum(E(x[k]), (k, 1, n)),
       latex=r"\exp(x_m)\leq \sum_{i=1}^n\exp(x_i)", note="x_m = max{x_1, …, x_n}")
p.step(20, rel="<=", rhs=n * E(max_x), latex=r"\sum_{i=1}^n\exp(x_i) \leq n \exp(x_m)")
p.step(24, lhs=max_x, rel="<=", rhs=lse_x, latex=r"x_m \leq \log\sum_{i=1}^n\exp(x_i)")
p.step(24, rel="<=", rhs=max_x + sp.log(n), latex=r"\log\sum_{i=1}^n\exp(x_i) \leq x_m + \log(n)")
doc.claim("property-1", line=13, title="Property 1: max ≤ LSE ≤ max + log n", kind=Kind.INEQUALITY,
          statement=chain(max_x, "<=", lse_x, "<=", max_x + sp.log(n)),
          latex=r"\max\{x_1,...,x_n\}\leq LSE(x_1,...,x_n)\leq \max\{x_1,...,x_n\} + \log(n)",
          proof=p)

# --- Property 2 (line 34): the strict '<' fails at n = 1 ------------------------------
p = ProofBuilder()
p.step(41, lhs=max_tx, rel="<", rhs=lse_tx, expect="conditional",
       latex=r"\max\{tx_1,...,tx_n\}< LSE(tx_1,...,tx_n)")
p.step(41, rel="<=", rhs=max_tx + sp.log(n),
       latex=r"LSE(tx_1,...,tx_n)\leq \max\{tx_1,...,tx_n\} + \log(n)")
p.step(42, lhs=t * max_x, rel="<", rhs=lse_tx, expect="conditional",
       latex=r"t\max\{x_1,...,x_n\}< LSE(tx_1,...,tx_n)")
p.step(42, rel="<=", rhs=t * max_x + sp.log(n),
       latex=r"LSE(tx_1,...,tx_n)\leq t\max\{x_1,...,x_n\} + \log(n)")
p.step(47, lhs=max_x, rel="<", rhs=lse_tx / t, expect="conditional",
       latex=r"\max\{x_1,...,x_n\} <  \frac{1}{t} LSE(tx_1,...,tx_n)")
p.step(47, rel="<=", rhs=max_x + sp.log(n) / t,
       latex=r"\frac{1}{t} LSE(tx_1,...,tx_n)\leq \max\{x_1,...,x_n\} + \frac{\log(n)}{t}")
doc.claim("property-2", line=34, title="Property 2: scaled LSE bounds, strict on the left",
          kind=Kind.INEQUALITY, expect="conditional",
          statement=chain(max_x, "<", lse_tx / t, "<=", max_x + sp.log(n) / t),
          latex=r"\max\{x_1,...,x_n\} <  \frac{1}{t} LSE(tx_1,...,tx_n)\leq \max\{x_1,...,x_n\} + \frac{\log(n)}{t}",
          proof=p, note="the proof replaces ≤ of Property 1 by < without a reason")

# --- the per-anchor loss and its τ → 0⁺ limit (lines 58, 62-97) ----------------------
loss = enc.wang_liu_anchor(s, i, N, tau)
doc.definition("L(x_i)", line=58, latex=r"\mathcal{L}(x_i)=-\log\left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+\exp(s_{i,i}/\tau)}  \right]")

# max{0, (s_{i,0} - s_{i,i}), ..., (s_{i,k} - s_{i,i})}: the list runs over the whole row
# (the document counts from 0, we count from 1); its k = i entry is the 0 again.
M = sp.Max(0, MaxOver(s[i, k] - s[i, i], k, 1, N))
d_over_tau = (s[i, k] - s[i, i]) / tau
neg_sum = enc.sum_except(E(d_over_tau), k, 1, N, i)
full_sum = sp.Sum(E(d_over_tau), (k, 1, N))


def lim0(expr):
    return sp.Limit(expr, tau, 0, "+")


def liminf(expr):
    return sp.Limit(expr, tau, sp.oo, "-")


p = ProofBuilder()
p.step(75, lhs=lim0(loss), rhs=lim0(sp.log(1 + neg_sum)),
       latex=r"\lim_{\tau \rarr 0^{+}} \log \left[ 1 +{\sum_{k\neq i}\exp((s_{i,k}-s_{i,i})/\tau)}  \right]")
p.step(76, rhs=lim0(sp.log(sp.exp(sp.S.Zero, evaluate=False) + neg_sum)),
       latex=r"\lim_{\tau \rarr 0^{+}} \log \left[ \exp(0) +{\sum_{k\neq i}\exp((s_{i,k}-s_{i,i})/\tau)}  \right]")
p.step(77, rhs=lim0(sp.log(full_sum)),
       latex=r"\lim_{\tau \rarr 0^{+}} \log \left[ {\sum_{k}\exp((s_{i,k}-s_{i,i})/\tau)}  \right]")
# Line 84 applies Property 2 with τ = 1/t to LSE(0, (s_{i,0}-s_{i,i})/τ, …).  Whether the
# leading 0 is the k = i entry written out (N arguments) or an extra argument (N + 1)
# is not said; n is the number of arguments in each reading.
p.step(84, lhs=M, rel="<", rhs=tau * sp.log(1 + neg_sum),
       note="reading A: the arguments are 0 and (s_ik - s_ii)/τ for k ≠ i, so n = N",
       latex=r"\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\} <  \tau \cdot LSE(0, (s_{i,0}-s_{i,i})/\tau,...,(s_{i,k}-s_{i,i})/\tau))")
p.step(84, rel="<=", rhs=M + tau * sp.log(N), note="reading A (n = N)",
       latex=r"\tau \cdot LSE(0, (s_{i,0}-s_{i,i})/\tau,...,(s_{i,k}-s_{i,i})/\tau))\leq \max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\} + \tau \cdot \log(n)")
p.step(84, lhs=M, rel="<", rhs=tau * sp.log(1 + full_sum),
       note="reading B: the arguments are 0 and (s_ik - s_ii)/τ for every k, so n = N + 1",
       latex=r"\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\} <  \tau \cdot LSE(0, (s_{i,0}-s_{i,i})/\tau,...,(s_{i,k}-s_{i,i})/\tau))")
p.step(84, rel="<=", rhs=M + tau * sp.log(N + 1), note="reading B (n = N + 1)",
       latex=r"\tau \cdot LSE(0, (s_{i,0}-s_{i,i})/\tau,...,(s_{i,k}-s_{i,i})/\tau))\leq \max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\} + \tau \cdot \log(n)")
p.step(88, lhs=lim0(M), rhs=M,
       latex=r"\lim_{\tau \rarr 0^{+}}\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\}=\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\}")
p.step(92, lhs=lim0(M + tau * sp.log(N)), rhs=M, note="n read as N, the number of arguments in reading A",
       latex=r"\lim_{\tau \rarr 0^{+}}\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\} + \tau \cdot \log(n)=\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\}")
p.step(96, lhs=lim0(tau * sp.log(full_sum)), rhs=M,
       latex=r"\lim_{\tau \rarr 0^{+}} \tau \cdot\log \left[ {\sum_{k}\exp((s_{i,k}-s_{i,i})/\tau)}  \right]= \max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\}")
doc.claim("limit-tau-0", line=65, title="τ → 0⁺: the loss behaves like max{0, s_ik − s_ii}/τ",
          kind=Kind.LIMIT, expect="conditional",
          statement=chain(lim0(loss), "=", lim0(M / tau)),
          latex=r"\lim_{\tau \rarr 0^{+}}-\log \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+ \exp(s_{i,i}/\tau)}  \right] = \lim_{\tau \rarr 0^+}\frac{1}{\tau}\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\}",
          proof=p, conclusion_expect="refuted",
          conclusion_note="the squeeze argument concludes about τ·log Σ, not about the loss")

# --- τ → +∞ (lines 99-148) ---------------------------------------------------------
sum_tau = sp.Sum(E(s[i, k] / tau), (k, 1, N))
avg_minus_one = sum_tau / N - 1
claimed_inf = (N - 1) / (N * tau) * s[i, i] + enc.sum_except(s[i, k], k, 1, N, i) / (N * tau) + sp.log(N)

p = ProofBuilder()
p.step(113, lhs=liminf(loss), rhs=liminf(-s[i, i] / tau + sp.log(sum_tau)),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \log \sum_k \exp(s_{i,k}/\tau)")
p.step(114, rhs=liminf(-s[i, i] / tau + sp.log(N * (sum_tau / N - 1 + 1))),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} +\log(N\cdot\left[\frac{1}{N} \sum_k \exp(s_{i,k}/\tau)-1+1  \right])")
p.step(115, rhs=liminf(-s[i, i] / tau + sp.log(sum_tau / N - 1 + 1) + sp.log(N)),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \log(\left[\frac{1}{N}\sum_k \exp(s_{i,k}/\tau)-1+1  \right]) + \log N")
p.step(116, rhs=liminf(-s[i, i] / tau), expect="refuted",
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i}")
p.step(128, after=3, rhs=liminf(-s[i, i] / tau + sp.log(avg_minus_one + 1) + sp.log(N)),
       note="the document retracts line 116 ('Eq(24) should be') and continues from line 115",
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \log \left[ \left(\frac{1}{N}\sum_k \exp(s_{i,k}/\tau)-1\right)+1  \right]  + \log N")
p.step(129, rhs=liminf(-s[i, i] / tau + sum_tau / N - 1 + sp.log(N)),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \frac{1}{N}\sum_k \exp(s_{i,k}/\tau)-1 + \log N")
p.step(142, rhs=liminf(-s[i, i] / tau + sum_tau / N - 1 + sp.log(N)),
       note="restates line 129 ('Eq(27) should be')",
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \frac{1}{N}\sum_k \exp(s_{i,k}/\tau)-1 + \log N")
p.step(143, rhs=liminf(-s[i, i] / tau + (sum_tau - N) / N + sp.log(N)),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \frac{1}{N}\left(\sum_k \exp(s_{i,k}/\tau)-N \right) + \log N")
p.step(144, rhs=liminf(-s[i, i] / tau + sp.Sum(E(s[i, k] / tau) - 1, (k, 1, N)) / N + sp.log(N)),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \frac{1}{N}\left(\sum_k [ \exp(s_{i,k}/\tau)-1] \right) + \log N")
p.step(145, rhs=liminf(-s[i, i] / tau + sp.Sum(s[i, k], (k, 1, N)) / N + sp.log(N)), expect="refuted",
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \frac{1}{N}\sum_ks_{i,k} + \log N")
p.step(146, rhs=liminf(-s[i, i] / tau + enc.sum_except(s[i, k], k, 1, N, i) / N + s[i, i] / N + sp.log(N)),
       latex=r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i} + \frac{1}{N}\sum_{k\neq i}s_{i,k} +\frac{1}{N}s_{i,i}+ \log N")
p.step(147, rhs=liminf(claimed_inf), expect="refuted",
       latex=r"\lim_{\tau \rarr +\infty}\frac{N-1}{N\tau}s_{i,i} + \frac{1}{N\tau} \sum_{k\neq i}s_{i,k} + \log N")
doc.claim("limit-tau-inf", line=101, title="τ → +∞: first-order expansion of the loss",
          kind=Kind.LIMIT, expect="refuted",
          statement=chain(liminf(loss), "=", liminf(claimed_inf)),
          latex=r"\lim_{\tau \rarr +\infty}-\log \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+ \exp(s_{i,i}/\tau)}  \right] = \lim_{\tau \rarr +\infty}\frac{N-1}{N\tau}s_{i,i} + \frac{1}{N\tau} \sum_{k\neq i}s_{i,k} + \log N",
          proof=p, note="both sides tend to log N; the claim is about the 1/τ terms written out")

# --- the Taylor expansions used on the way (lines 121-136) ---------------------------
doc.claim("taylor-log", line=123, title="log(1 + x) = x + o(x) at x0 = 0", kind=Kind.LIMIT,
          reading="at x0 = 0, as the text says", expect="holds",
          statement=chain(sp.log(1 + u), "=", (u - 0) / (1 + 0) + LittleO(u, u, 0)),
          latex=r"\log(1+x)=\frac{1}{1+x_0}\cdot(x-x_0) + o(x)")
doc.claim("taylor-log-any-x0", line=123, title="log(1 + x) = (x − x0)/(1 + x0) + o(x − x0) for any x0",
          kind=Kind.LIMIT, reading="the displayed formula for a general expansion point x0", expect="refuted",
          statement=chain(sp.log(1 + u), "=", (u - u0) / (1 + u0) + LittleO(u - u0, u, u0)),
          latex=r"\log(1+x)=\frac{1}{1+x_0}\cdot(x-x_0) + o(x)",
          note="the formula lacks the term log(1 + x0); it is right only at x0 = 0")
doc.claim("taylor-exp", line=135, title="exp(x) = exp(x0) + exp(x0)(x − x0) + o(x − x0)",
          kind=Kind.LIMIT, reading="the remainder o(x0) read as o(x − x0), x → x0", expect="holds",
          statement=chain(E(u), "=", E(u0) + E(u0) * (u - u0) + LittleO(u - u0, u, u0)),
          latex=r"\exp(x)=\exp(x_0) + \exp(x_0)(x-x_0) + o(x_0)")
doc.claim("exp-minus-one", line=136, title="exp(x) − 1 = x, as an identity", kind=Kind.IDENTITY,
          reading="as written: an equation for every x", expect="refuted",
          statement=chain(E(u) - 1, "=", u), latex=r"\exp(x)-1=x")
doc.claim("exp-minus-one-first-order", line=136, title="exp(x) − 1 = x + o(x) as x → 0", kind=Kind.LIMIT,
          reading="to first order at x0 = 0", expect="holds",
          statement=chain(E(u) - 1, "=", u + LittleO(u, u, 0)), latex=r"\exp(x)-1=x")

# --- gradients (lines 157-190) -----------------------------------------------------
doc.definition("L(x_i)", line=159, latex=r"\mathcal{L}(x_i)=-\log\left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+\exp(s_{i,i}/\tau)}  \right]")
sum_k = sp.Sum(E(s[i, k] / tau), (k, 1, N))
sum_j = sp.Sum(E(s[i, jj] / tau), (jj, 1, N))
D = sp.Derivative

p = ProofBuilder()
p.step(167, lhs=D(loss, s[i, i]), rhs=D(loss, s[i, i]),
       latex=r"\frac{\partial}{\partial s_{i,i}}  -\log \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+\exp(s_{i,i}/\tau)} \right ]")
p.step(168, rhs=D(sp.log(sum_k) - s[i, i] / tau, s[i, i]),
       latex=r"\frac{\partial}{\partial s_{i,i}} \left[ \log \sum_k\exp(s_{i,k}/\tau) - \frac{s_{i,i}}{\tau} \right]")
p.step(169, rhs=D(sp.log(sum_k), s[i, i]) - 1 / tau,
       latex=r"\frac{\partial}{\partial s_{i,i}}  \log \sum_k\exp(s_{i,k}/\tau) - \frac{1}{\tau}")
p.step(170, rhs=1 / sum_k * E(s[i, i] / tau) * (1 / tau) - 1 / tau,
       latex=r"\frac{1}{\sum_k \exp({s_{i,k}/\tau})} \cdot \exp(s_{i,i}/\tau)\cdot\frac{1}{\tau} - \frac{1}{\tau}")
p.step(171, rhs=(1 / tau) * (E(s[i, i] / tau) / sum_k - 1),
       latex=r"\frac{1}{\tau} \cdot \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_k\exp(s_{i,k}/\tau)} - 1 \right]")
p.step(172, rhs=-(1 / tau) * ((sum_k - E(s[i, i] / tau)) / sum_k),
       latex=r"-\frac{1}{\tau} \cdot \left[ \frac{\sum_k\exp({s_{i,k}/\tau)} -  \exp(s_{i,i}/\tau)}{\sum_k\exp(s_{i,k}/\tau)} \right]")
p.step(174, rhs=-(1 / tau) * enc.sum_except(E(s[i, k] / tau), k, 1, N, i) / sum_k,
       latex=r"-\frac{1}{\tau} \cdot \frac{\sum_{k\neq i} \exp(s_{i,k}/\tau)}{\sum_k\exp(s_{i,k}/\tau)}")
p.step(175, rhs=-(1 / tau) * enc.sum_except(E(s[i, k] / tau) / sum_j, k, 1, N, i),
       latex=r"-\frac{1}{\tau} \cdot \sum_{k\neq i} \frac{\exp(s_{i,k}/\tau)}{\sum_j\exp(s_{i,j}/\tau)}")
doc.claim("gradient-positive", line=166, title="∂L/∂s_ii = −(1/τ) Σ_{k≠i} p_ik", kind=Kind.GRADIENT,
          latex=r"\frac{\partial \mathcal{L}(x_i)}{\partial s_{i,i}} = -\frac{1}{\tau} \cdot \sum_{k\neq i} \frac{\exp(s_{i,k}/\tau)}{\sum_j\exp(s_{i,j}/\tau)}",
          proof=p)

p = ProofBuilder()
p.step(185, lhs=D(loss, s[i, j]), rhs=D(loss, s[i, j]),
       latex=r"\frac{\partial}{\partial s_{i,j}}\bigg|_{i\neq j}  -\log \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+\exp(s_{i,i}/\tau)} \right ]")
p.step(186, rhs=D(sp.log(sum_k) - s[i, i] / tau, s[i, j]),
       latex=r"\frac{\partial}{\partial s_{i,j}}\bigg|_{i\neq j} \left[ \log \sum_k\exp(s_{i,k}/\tau) - \frac{s_{i,i}}{\tau} \right]")
p.step(187, rhs=D(sp.log(sum_k), s[i, j]),
       latex=r"\frac{\partial}{\partial s_{i,j}}\bigg|_{i\neq j}  \log \sum_k\exp(s_{i,k}/\tau)")
p.step(188, rhs=1 / sum_k * E(s[i, j] / tau) * (1 / tau),
       latex=r"\frac{1}{\sum_k \exp({s_{i,k}/\tau})} \cdot \exp(s_{i,j}/\tau)\cdot\frac{1}{\tau}")
p.step(189, rhs=(1 / tau) * E(s[i, j] / tau) / sum_k,
       latex=r"\frac{1}{\tau} \cdot  \frac{\exp(s_{i,j}/\tau)}{\sum_k\exp(s_{i,k}/\tau)}")
doc.claim("gradient-negative", line=184, title="∂L/∂s_ij = (1/τ) p_ij for j ≠ i", kind=Kind.GRADIENT,
          latex=r"\frac{\partial \mathcal{L}(x_i)}{\partial s_{i,j}}\bigg|_{i\neq j} = \frac{1}{\tau} \cdot  \frac{\exp(s_{i,j}/\tau)}{\sum_k\exp(s_{i,k}/\tau)}",
          proof=p)

DOCUMENT = doc

"""A small derivation for report tests: one true identity with a proof whose second step
is wrong, one strict inequality that fails at n = 1, and one limit."""
import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.model.claims import Kind
from contrastive_sym.load.builder import DocumentBuilder, ProofBuilder, chain
from contrastive_sym.model.nodes import MaxOver
from contrastive_sym.model.notation import Domain, Role

doc = DocumentBuilder("small", "A small document", source="small.txt")
K = doc.size("K", minimum=2, checked=(2, 3))
n = doc.size("n", minimum=1, checked=(1, 2))
g = doc.family("g", (K,))
x = doc.family("x", (n,))
tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE, latex=r"\tau")
k = sp.Symbol("k", integer=True)

p = ProofBuilder()
p.step(4, lhs=enc.info_nce_k(g, K), rhs=sp.log(K) - enc.info_nce(g, K), latex=r"I^K = \log K - I")
p.step(5, rhs=-enc.info_nce(g, K), latex=r"= -I", expect="refuted")
doc.claim("forms", line=3, title="InfoNCE forms", kind=Kind.IDENTITY, latex=r"I^K = -I + \log K",
          statement=chain(enc.info_nce_k(g, K), "=", sp.log(K) - enc.info_nce(g, K)), proof=p,
          conclusion_expect="refuted")
doc.claim("strict", line=7, title="max < LSE", kind=Kind.INEQUALITY, expect="conditional",
          latex=r"\max\{x_1,...,x_n\} < \log\sum_{k=1}^n \exp(x_k)",
          statement=chain(MaxOver(x[k], k, 1, n), "<", sp.log(sp.Sum(sp.exp(x[k]), (k, 1, n)))))
doc.claim("limit", line=9, title="τ log(e^{1/τ} + 1) → 1", kind=Kind.LIMIT, expect="holds",
          latex=r"\lim_{\tau \rarr 0^+} \tau \log(e^{1/\tau} + 1) = 1",
          statement=chain(sp.Limit(tau * sp.log(sp.exp(1 / tau) + 1), tau, 0, "+"), "=", 1))
DOCUMENT = doc

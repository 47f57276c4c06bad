r"""003_90a6174e2dc01a6c.txt: an upper bound for the average positive similarity under
the NT-Xent loss, derived from the LogSumExp bounds.

The minibatch has 2N rows z_1 … z_{2N}; rows a and a + N are the two views of sample
a.  x_{i,k} = sim(z_i, z_k)/τ with the cosine similarity, and n = 2N (line 52).

Σ_{i,j ∈ MB} is ambiguous.  Reading "one view as anchor": the N positive pairs, the
anchor i being the first view, which is also what Σ_i^N runs over.  Reading "both
views as anchors": all 2N ordered positive pairs, as SimCLR sums them.  Both are
encoded.
"""
import sympy as sp

from contrastive_sym import encodings as enc
from contrastive_sym.claims import Condition, Kind
from contrastive_sym.derive import DocumentBuilder, ProofBuilder, chain
from contrastive_sym.nodes import MaxOver
from contrastive_sym.notation import Domain, Role

doc = DocumentBuilder("003", "The NT-Xent loss upper bound", source="003_90a6174e2dc01a6c.txt")

N = doc.size("N", minimum=2, checked=(2, 3))
d = doc.size("d", minimum=2, checked=(2, 3))
n = doc.size("n", minimum=1, checked=(1, 2, 3, 4))
tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE, latex=r"\tau")
z = doc.family("z", (2 * N, d), role=Role.EMBEDDING)
x = doc.family("x", (n,))
c = doc.scalar("c", Domain.REAL)

k = sp.Symbol("k", integer=True)
a = sp.Symbol("a", integer=True)
E, log = sp.exp, sp.log


def sim(p, q):
    return enc.cosine_similarity(z, p, q, d)


def xs(p, q):
    return sim(p, q) / tau


pos = enc.positive_row
# Σ_k 1[k≠i] exp(sim(z_i, z_k)/τ), the normaliser of anchor i
normaliser = lambda i: enc.sum_except(E(xs(i, k)), k, 1, 2 * N, i)       # noqa: E731
lse_all = lambda i: log(sp.Sum(E(xs(i, k)), (k, 1, 2 * N)))              # noqa: E731  LSE(x_{i,1}, …, x_{i,n})
max_all = lambda i: MaxOver(xs(i, k), k, 1, 2 * N)                      # noqa: E731

doc.definition("sim", line=33, latex=r"sim(z_i, z_j) = \frac{z_i \cdot z_j}{\|z_i\| \|z_j\|}")
doc.definition("L^{NT-Xent}", line=38, latex=r"\mathcal{L}^{\text{NT-Xent}} = -\frac{1}{N} \sum_{i,j \in \mathcal{MB}} \log \frac{\exp(sim(z_i, z_j)/\tau)}{\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(sim(z_i, z_k)/\tau)}")
doc.definition("LSE", line=49, latex=r"LSE(x_1, ..., x_n) = \log\left(\exp(x_1) + \dots + \exp(x_n)\right)")
doc.unchecked(73, "'final remarks' on how the three terms constrain learning: not a mathematical statement")

# --- the LSE bounds (lines 52-54) ---------------------------------------------------
max_x = MaxOver(x[k], k, 1, n)
lse_x = log(sp.Sum(E(x[k]), (k, 1, n)))
doc.claim("eq-5", line=54, title="max ≤ LSE ≤ max + log(n)", kind=Kind.INEQUALITY, expect="holds",
          statement=chain(max_x, "<=", lse_x, "<=", max_x + log(n)),
          latex=r"max(x_{i,1},...,x_{i,n}) \le \text{LSE}(x_{i,1},...,x_{i,n}) \le max(x_{i,1},...,x_{i,n}) + \log(n).")
doc.claim("lse-strict-lower", line=52, title="LSE > max for n > 1", kind=Kind.INEQUALITY, expect="holds",
          statement=chain(max_x, "<", lse_x), sizes={n: (2, 3, 4)},
          latex=r"\text{LSE}(x_1, \dots, x_n) > \max(x_1, \dots, x_n) \quad (n > 1)")
doc.claim("lse-strict-upper", line=52, title="LSE < max + log n unless all arguments are equal",
          kind=Kind.INEQUALITY, expect="holds", sizes={n: (2, 3, 4)},
          statement=chain(lse_x, "<", max_x + log(n)), given=(Condition(sp.Ne(x[1], x[2]), "x_1 ≠ x_2"),),
          reading="'unless all arguments are equal' sampled as x_1 ≠ x_2 (by symmetry, any unequal pair)",
          latex=r"\text{LSE}(x_1, \dots, x_n) < \max(x_1, \dots, x_n) + \log(n) \text{ unless all } x_k \text{ are equal}")
doc.claim("lse-all-equal", line=52, title="LSE(c, …, c) = c + log n", kind=Kind.IDENTITY, expect="holds",
          statement=chain(log(sp.Sum(E(c), (k, 1, n))), "=", c + log(n)),
          latex=r"\text{LSE}(c, \dots, c) = \max(c, \dots, c) + \log(n)")


# --- the bound (lines 38-68), in both readings of Σ_{i,j ∈ MB} -----------------------
def bound_claim(suffix, reading, pairs_sum, expect, steps_expect):
    """The claim of equation (7) with its proof, for one reading of the pair sum.

    pairs_sum(f) sums f(i, j) over the positive pairs of the reading."""
    loss = -pairs_sum(lambda i, j: log(E(xs(i, j)) / normaliser(i))) / N
    first_views = lambda f: sp.Sum(f(a), (a, 1, N))                       # noqa: E731  Σ_i^N
    p = ProofBuilder()
    p.step(43, lhs=loss, rhs=-pairs_sum(lambda i, j: xs(i, j) - log(normaliser(i))) / N,
           latex=r"\mathcal{L}^{\text{NT-Xent}} = -\frac{1}{N} \sum_{i,j \in \mathcal{MB}} \left( sim(z_i, z_j) / \tau - \log \sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(sim(z_i, z_k) / \tau) \right)")
    p.step(44, rhs=-pairs_sum(lambda i, j: xs(i, j)) / N + first_views(lambda i: log(normaliser(i))) / N,
           expect=steps_expect.get(44),
           latex=r"= \underbrace{-\frac{1}{N} \sum_{i,j \in \mathcal{MB}} sim(z_i, z_j) / \tau}_{\mathcal{L}_{alignment}} + \underbrace{\frac{1}{N} \sum_{i}^{N} \log\left(\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(sim(z_i, z_k) / \tau)\right)}_{\mathcal{L}_{distribution}}")
    p.step(59, lhs=loss, rhs=-pairs_sum(lambda i, j: xs(i, j)) / N + first_views(lse_all) / N, expect="refuted",
           note="LSE(x_{i,1}, …, x_{i,n}) with n = 2N includes x_{i,i} = sim(z_i, z_i)/τ = 1/τ, "
                "which the indicator 1[k ≠ i] had excluded",
           latex=r"\mathcal{L}^{\text{NT-Xent}} = -\frac{1}{N} \sum_{i,j \in \mathcal{MB}} x_{i,j} + \frac{1}{N} \sum_{i}^{N} \text{LSE}(x_{i,1}, ..., x_{i,n})")
    p.step(61, rel="<=", rhs=-pairs_sum(lambda i, j: xs(i, j)) / N
           + first_views(lambda i: max_all(i) + log(2 * N)) / N,
           latex=r"\leq -\frac{1}{N} \sum_{i,j \in \mathcal{MB}} x_{i,j} + \frac{1}{N} \sum_{i}^{N} \left( \max(x_{i,1}, ..., x_{i,n}) + \log(n) \right)")
    r63 = -pairs_sum(lambda i, j: xs(i, j)) / N + log(2 * N) + first_views(max_all) / N
    p.step(63, rhs=r63,
           latex=r"= -\frac{1}{N} \sum_{i,j \in \mathcal{MB}} x_{i,j} + \log(n) + \frac{1}{N} \sum_{i}^{N} \max(x_{i,1}, ..., x_{i,n})")
    lhs7 = pairs_sum(lambda i, j: sim(i, j)) / N
    rhs7 = tau * log(2 * N) - tau * loss + tau / N * first_views(lambda i: MaxOver(sim(i, k) / tau, k, 1, 2 * N))
    doc.claim(f"eq-7{suffix}", line=68, title="Equation (7): an upper bound for the average positive similarity",
              kind=Kind.INEQUALITY, reading=reading, expect=expect,
              statement=chain(lhs7, "<=", rhs7), proof=p, conclusion_factor=tau,
              conclusion_note="'rearranging, multiplying by τ' (line 66)",
              latex=r"\frac{1}{N}\sum_{i,j\in\mathcal{MB}}sim(z_i,z_j) \leq \tau \log(2N) - \tau \mathcal{L}^{\mathrm{NT-Xent}} + \frac{\tau}{N}\sum_{i}^{N}max(sim(z_i,z_1)/\tau,...,sim(z_i,z_{2N})/\tau).")


bound_claim("", "one view as anchor: Σ_{i,j∈MB} is over the N positive pairs (i, i + N)",
            lambda f: sp.Sum(f(a, pos(a, N)), (a, 1, N)), expect="holds", steps_expect={})
bound_claim("-both-views", "both views as anchors: Σ_{i,j∈MB} is over all 2N ordered positive pairs",
            lambda f: sp.Sum(f(a, pos(a, N)), (a, 1, 2 * N)), expect="refuted", steps_expect={44: "refuted"})

DOCUMENT = doc

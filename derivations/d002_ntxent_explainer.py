r"""002_3e8822018bdae5d7.txt: an explainer of contrastive learning with an InfoNCE / NT-Xent
loss over 2N views, and a gradient formula for it.

The loss of line 23 is the loss of one anchor i with positive j among 2N views; the
similarities are cosines of the rows z_1 … z_{2N} of R^d.

The gradient formula of line 48 cannot be read literally: ∂L/∂θ is a number for a
scalar parameter θ, while its right side ends in the vector z_i − z_j.  It is encoded
in that reading (θ a scalar, z(θ) = z + θ v, derivatives at θ = 0), and two narrower
readings isolate what its scalar coefficients say.
"""
import sympy as sp

from contrastive_sym import encodings as enc
from contrastive_sym.claims import Kind
from contrastive_sym.derive import DocumentBuilder, chain
from contrastive_sym.nodes import Vector
from contrastive_sym.notation import Domain, Role

doc = DocumentBuilder("002", "Contrastive learning: an in-depth mathematical explanation",
                      source="002_3e8822018bdae5d7.txt")

N = doc.size("N", minimum=2, checked=(2, 3))
d = doc.size("d", minimum=2, checked=(2, 3))
tau = doc.scalar("tau", Domain.POSITIVE, role=Role.SCALE, latex=r"\tau")
theta = doc.scalar("theta", Domain.REAL, latex=r"\theta")
z = doc.family("z", (2 * N, d), role=Role.EMBEDDING)
vel = doc.family("v", (2 * N, d), role=Role.DIRECTION, latex="v")
# Readings in terms of the similarities of anchor i: s_k = sim(z_i, z_k), s_i = 1.
s = doc.family("s", (2 * N,), Domain.UNIT_INTERVAL)
i = doc.index("i", 1, 2 * N)
j = doc.index("j", 1, 2 * N, distinct_from=(i,))
q = doc.index("q", 1, 2 * N, distinct_from=(i, j))

k = sp.Symbol("k", integer=True)
ii = sp.Symbol("ii", integer=True)
m = sp.Symbol("m", integer=True)
E, log = sp.exp, sp.log

doc.definition("L(θ)", line=23, latex=r"\mathcal{L}(\theta) = -\log \frac{\exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_j) / \tau)}{\sum_{k=1}^{2N} \mathbf{1}_{[k \neq i]} \exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_k) / \tau)}")
doc.definition("sim", line=28, latex=r"\text{sim}(\mathbf{z}_i, \mathbf{z}_j) = \frac{\mathbf{z}_i \cdot \mathbf{z}_j}{\|\mathbf{z}_i\| \|\mathbf{z}_j\|}")
doc.definition("update", line=43, latex=r"\theta \leftarrow \theta - \eta \nabla_\theta \mathcal{L}(\theta)")
doc.unchecked(29, "'τ scales the logits to control the concentration': not a mathematical statement")


def moving(expr):
    """The expression with every z_{a,m} replaced by z_{a,m} + θ v_{a,m}."""
    return expr.replace(lambda e: isinstance(e, sp.Indexed) and e.base == z,
                        lambda e: e + theta * vel[e.indices])


def d_dtheta(expr):
    """∂/∂θ at θ = 0 along z(θ) = z + θ v."""
    return sp.Subs(sp.Derivative(moving(expr), theta), theta, 0)


def sim(a, b):
    return enc.cosine_similarity(z, a, b, d)


pos = enc.positive_row
loss = -log(E(sim(i, pos(i, N)) / tau) / enc.sum_except(E(sim(i, k) / tau), k, 1, 2 * N, i))

# Reading A: θ a scalar; the right side, as written, is a vector of R^d.
ratio = E(sim(ii, pos(ii, N)) / tau) / sp.Sum(E(sim(ii, k) / tau), (k, 1, 2 * N))
formula = Vector(sp.Sum((ratio - 1) * d_dtheta(sim(ii, pos(ii, N))) * (z[ii, m] - z[pos(ii, N), m]),
                        (ii, 1, N)) / tau ** 2, m, d)
doc.claim("gradient-formula", line=48, title="∂L/∂θ = (1/τ²) Σ_i (p_ij − 1) ∂sim(z_i, z_j)/∂θ · (z_i − z_j)",
          kind=Kind.GRADIENT, reading="as written: θ a scalar parameter, z ∈ R^d, the last factor a vector",
          expect="refuted", statement=chain(d_dtheta(loss), "=", formula),
          note="z_j is the positive of z_i (its other view)",
          # The right side is a vector of R^d for every d ≥ 2, so the smallest sizes decide;
          # larger ones would cost seconds of forward-mode derivatives for nothing new.
          sizes={N: (2,), d: (2,)},
          latex=r"\frac{\partial \mathcal{L}}{\partial \theta} = \frac{1}{\tau^2} \sum_{i=1}^{N} \left( \frac{\exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_j) / \tau)}{\sum_{k=1}^{2N} \exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_k) / \tau)} - 1 \right) \cdot \frac{\partial \text{sim}(\mathbf{z}_i, \mathbf{z}_j)}{\partial \theta} \cdot (\mathbf{z}_i - \mathbf{z}_j)")

# Readings B and C: the loss as a function of the similarities s_k = sim(z_i, z_k).
loss_s = -log(E(s[j] / tau) / enc.sum_except(E(s[k] / tau), k, 1, 2 * N, i))
written_sum = enc.sum_except(E(s[k] / tau), k, 1, 2 * N, i) + E(sp.Integer(1) / tau)  # k = i: sim(z_i, z_i) = 1
doc.claim("gradient-formula-positive-coefficient", line=48,
          title="the coefficient of ∂sim(z_i, z_j)/∂θ is ∂L/∂sim(z_i, z_j)", kind=Kind.GRADIENT,
          reading="the factor multiplying ∂sim(z_i, z_j)/∂θ in the i-th term, compared with the chain rule",
          expect="refuted",
          statement=chain(sp.Derivative(loss_s, s[j]), "=", (E(s[j] / tau) / written_sum - 1) / tau ** 2),
          note="the written sum over k = 1..2N includes k = i, whose similarity is 1",
          restated_from=r"\left( \frac{\exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_j) / \tau)}{\sum_{k=1}^{2N} \exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_k) / \tau)} - 1 \right)",
          latex=r"\frac{1}{\tau^2} \left( \frac{\exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_j) / \tau)}{\sum_{k=1}^{2N} \exp(\text{sim}(\mathbf{z}_i, \mathbf{z}_k) / \tau)} - 1 \right)")
doc.claim("gradient-formula-negatives", line=48,
          title="the formula has no term for the negatives' similarities", kind=Kind.GRADIENT,
          reading="the coefficient of ∂sim(z_i, z_q)/∂θ for a negative q, which the formula leaves at 0",
          expect="refuted", statement=chain(sp.Derivative(loss_s, s[q]), "=", 0),
          restated_from=r"\frac{\partial \mathcal{L}}{\partial \theta}",
          latex=r"\frac{\partial \mathcal{L}}{\partial \theta} = \dots \text{(no term in } \partial\,\text{sim}(\mathbf{z}_i, \mathbf{z}_k)/\partial\theta,\ k \neq i, j)")

# Line 21, in words: the loss pulls positive pairs together and pushes negatives apart.
LINE_21 = "sha256:9acd829bb159"     # the digest of line 21 (source_match.line_digest)
doc.claim("pulls-positives", line=21, title="raising the positive similarity lowers the loss",
          kind=Kind.INEQUALITY, expect="holds", statement=chain(sp.Derivative(loss_s, s[j]), "<", 0),
          restated_from=LINE_21,
          latex=r"\partial \mathcal{L} / \partial\, \text{sim}(\mathbf{z}_i, \mathbf{z}_j) < 0")
doc.claim("pushes-negatives", line=21, title="raising a negative similarity raises the loss",
          kind=Kind.INEQUALITY, expect="holds", statement=chain(sp.Derivative(loss_s, s[q]), ">", 0),
          restated_from=LINE_21,
          latex=r"\partial \mathcal{L} / \partial\, \text{sim}(\mathbf{z}_i, \mathbf{z}_k) > 0 \quad (k \neq i, j)")

DOCUMENT = doc

r"""Functions of values: a declared function applied to numbers or vectors rather than to
data points (a distance ``d(\mathbf{x}_i, \mathbf{x}_j)`` of two vectors, a projection
head ``g(\mathbf{h})`` of a representation, ``\cos(x_1, x_2)`` of two scores).

Values, unlike points, can coincide: ``d(a + b, c)`` and ``d(c, a + b)`` name one value
wherever the arguments agree, and the sampler makes arguments agree on purpose (ties, all
zeros).  Independent unknowns per application, as for points, would then refute a true
statement at a point where two applications that must be equal were not.  So the checker
samples the function itself: at each point it is one concrete function of its arguments,

    raw(u) = θ_1 + θ_2 exp(−(θ_4 + θ_6 X_1(u))²) + θ_3 exp(−(θ_5 + θ_7 X_2(u))²),
    X_j(u) = Σ_{t, c} w_{j,t,c,m} u_{t,c} / √(1 + u_{t,c}²),

its seven parameters θ sampled as reals (ties, extremes, zeros: a constant function is a
function), u_{t,c} the c-th component of the t-th argument, m the component of a vector
value, and fixed weights w that differ from argument to argument (the function is not
symmetric unless the declaration says so, and it says nothing).  The value is raw mapped
into the declared domain.  Arguments that are data points (``E(W, y, X)``) are not inputs
of X_j: they index the parameters, θ_k = θ_k(W, X), a function of its own for each point.

Everything a sampled function is, it is exactly: equal arguments give equal values,
derivatives and limits are those of that function.  What a sampled function cannot show
is a property every function of the family has and some function lacks (smoothness,
continuity, boundedness by the θ): a limit or a derivative *through* such a function is
therefore refused where it is read, and a proof never uses the family (a symbolic proof
sees the abstract application ``d(u, v)``, which holds for every function).
"""
from __future__ import annotations

import sympy as sp
from sympy.core.symbol import Str

from .nodes import Vector, _powered

#: How many real parameters a function of values is sampled with (θ_1 … θ_7 above).
PARAMETERS = 7

FORMULA = ("θ_1 + θ_2 exp(−(θ_4 + θ_6 X_1)²) + θ_3 exp(−(θ_5 + θ_7 X_2)²), "
           "X_j = Σ w_j u/√(1 + u²) over the components u of its arguments")


class ValueCall(sp.Function):
    """``call`` (the abstract application g(u, …) with, for a vector value, the component
    last), ``parameters`` (the θ_k at its points), ``domain`` (a :class:`Str` of the
    declared domain), ``inputs`` (the positions of the arguments that are values, 0 first),
    ``arity`` (how many arguments g takes).  ``doit`` makes the sampled function's value once
    every argument has a whole number of components; until then it stays as written."""

    nargs = 5

    def doit(self, **hints):
        call, parameters, domain, inputs, arity = self.args
        component = call.args[int(arity)] if len(call.args) > int(arity) else sp.Integer(0)
        components = []
        for position in inputs:
            found = _components(call.args[int(position)], hints)
            if found is None:
                return self
            components.append((int(position) + 1, found))
        theta = [p.doit(**hints) for p in parameters]
        features = []
        for j in (1, 2):
            features.append(sp.Add(*(_weight(j, t, c, component) * u / sp.sqrt(1 + u ** 2)
                                     for t, values in components for c, u in enumerate(values, 1))))
        raw = (theta[0] + theta[1] * sp.exp(-(theta[3] + theta[5] * features[0]) ** 2)
               + theta[2] * sp.exp(-(theta[4] + theta[6] * features[1]) ** 2))
        return _into(raw, str(domain))

    def _eval_is_extended_real(self):
        return True

    def _eval_is_positive(self):
        return True if str(self.args[2]) in ("positive", "(0, 1)") else None

    def _eval_is_negative(self):
        return True if str(self.args[2]) == "negative" else None

    @property
    def abstract(self) -> sp.Basic:
        """The application as written, g(u, …): what holds for it holds for every function."""
        return self.args[0]

    def _eval_derivative(self, s):
        # a derivative through it is refused where the document differentiates (the
        # translator); reaching here would differentiate the sampled family, not g
        raise ValueError("a derivative through a function of values")

    @_powered
    def _latex(self, printer):
        return printer._print(self.args[0])

    def _sympystr(self, printer):
        return printer._print(self.args[0])


def value_call(call: sp.Basic, parameters, domain: str, inputs, arity: int) -> ValueCall:
    return ValueCall(call, sp.Tuple(*parameters), Str(domain), sp.Tuple(*map(sp.Integer, inputs)),
                     sp.Integer(arity))


def abstract(expr: sp.Basic) -> sp.Basic:
    """``expr`` with every function of values as written (for a proof that holds for every
    function, not only for the sampled ones)."""
    if not isinstance(expr, sp.Basic) or not expr.has(ValueCall):
        return expr
    return expr.replace(lambda e: isinstance(e, ValueCall), lambda e: e.abstract)


def moves_with(expr: sp.Basic, variable: sp.Basic) -> str | None:
    """The name of the first function of values in ``expr`` whose arguments mention
    ``variable`` (a Symbol, an Indexed element or an IndexedBase); None when none does."""
    if not isinstance(expr, sp.Basic):
        return None
    for node in sp.preorder_traversal(expr):
        if isinstance(node, ValueCall) and node.abstract.has(variable):
            return str(node.abstract.func)
    return None


def _components(argument: sp.Basic, hints) -> list | None:
    """The components of one argument: a number is one; a Vector its entries once its
    length is a whole number (None before)."""
    if isinstance(argument, Vector):
        body, index, length = argument.args
        if not length.is_Integer:
            return None
        return [body.xreplace({index: sp.Integer(c)}).doit(**hints) for c in range(1, int(length) + 1)]
    if isinstance(argument, sp.MatrixBase):
        return [e.doit(**hints) for e in argument]
    return [argument.doit(**hints)]


def _weight(j: int, t: int, c: int, m: sp.Expr) -> sp.Expr:
    """A fixed weight, different for each feature j, argument t, component c of the
    argument and component m of the value (m may still be a bound index of a sum)."""
    return sp.Integer(-1) ** (j + t + c) * (1 + 1 / (j + 2 * t + 3 * c + 5 * m + 1))


def _into(raw: sp.Expr, domain: str) -> sp.Expr:
    """raw moved into the declared domain, reaching each end the domain includes."""
    if domain == "positive":
        return sp.exp(raw)
    if domain == "negative":
        return -sp.exp(raw)
    if domain == "nonnegative":
        return sp.Max(0, raw)
    if domain == "[-1, 1]":
        return sp.Max(-1, sp.Min(1, raw))
    if domain == "(0, 1)":
        return 1 / (1 + sp.exp(-raw))
    if domain == "[0, 1]":
        return sp.Max(0, sp.Min(1, raw))
    return raw

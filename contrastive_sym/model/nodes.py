"""SymPy node types that the encodings need and SymPy does not have.

Each node knows how to expand itself once the sizes it depends on are concrete
(``doit``), and how to print itself in LaTeX.  Nothing here decides a verdict.
"""
from __future__ import annotations

import sympy as sp

from .empty_ranges import put_in


def _powered(latex):
    """SymPy's printer passes ``exp=`` to a function node under a power ((sg[x])^2); a
    node's own LaTeX is then bracketed and raised, never a TypeError in a report."""
    def printed(self, printer, exp=None, **_):
        text = latex(self, printer)
        return r"\left(%s\right)^{%s}" % (text, exp) if exp is not None else text
    printed.__doc__ = latex.__doc__
    return printed


class StopGrad(sp.Function):
    r"""Stop-gradient: its value is its argument, its derivative is zero.

    >>> x = sp.Symbol('x')
    >>> sp.diff(sp.exp(x) / StopGrad(sp.exp(x)), x)
    exp(x)/StopGrad(exp(x))
    >>> strip_stop_grad(sp.exp(x) / StopGrad(sp.exp(x)))
    1
    """

    nargs = 1

    def fdiff(self, argindex=1):
        return sp.S.Zero

    @_powered
    def _latex(self, printer):
        return r"\operatorname{sg}\left[%s\right]" % printer._print(self.args[0])


class RealMax(sp.Max):
    r"""The maximum of real values (\max(a, b), relu, a positive part): one that is not a
    number (1/0 is zoo, 0/0 nan, log of a negative complex) makes it undefined, as the
    written maximum is, where SymPy's Max raises "not comparable" (a traceback at reading,
    and a failure wherever a value is put in: at i = j, max(a_i, 1/(a_i − a_j))).

    >>> a = sp.Symbol('a', real=True)
    >>> RealMax(a, 1 / sp.S.Zero)
    nan
    """

    def __new__(cls, *args, **options):
        args = [sp.sympify(a) for a in args]
        if any(a.is_number and not a.is_comparable for a in args):
            return sp.nan
        # SymPy's Max simplifies by its own class (``cls == Max``; a subclass went down the
        # branch of Min, and max(2N, N) was N): it simplifies, and this class only keeps
        if options.get("evaluate", True):
            args = [b for a in args for b in (a.args if isinstance(a, RealMax) else (a,))]
        value = sp.Max(*args, **options)
        if type(value) is not sp.Max:
            return value
        return super().__new__(cls, *value.args, evaluate=False)


# Printers know Max by its class name (code printers' known functions, str): to every
# printer and evaluator it is the Max it is
RealMax.__name__ = "Max"


class Cancelled(sp.Function):
    r"""A quotient whose denominator lost factors to SymPy's automatic cancellation (a²/a is
    a, z^⊤z/‖z‖² is 1, ab/b is a): its value, undefined where a lost factor is 0, as the
    quotient the document writes is.  Arguments: the value, then the lost factors.  SymPy
    keeps the node through ``doit``, so a proof never passes over those points.

    >>> a = sp.Symbol('a', real=True)
    >>> Cancelled(a, a).diff(a)
    Cancelled(1, a)
    """

    def _eval_derivative(self, s):
        return Cancelled(sp.diff(self.args[0], s), *self.args[1:])

    def _eval_is_real(self):
        return self.args[0].is_real

    @_powered
    def _latex(self, printer):
        return printer._print(self.args[0])


class Folded(sp.Function):
    r"""A value SymPy folded as it read it, with the argument where the written form is
    undefined: e^{\log a} is a where a > 0, (\sqrt{a})^2 is a where a ≥ 0.  Arguments: the
    value, the argument, and 1 (it must be > 0) or 0 (≥ 0).

    >>> a = sp.Symbol('a', real=True)
    >>> Folded(a, a, 1).diff(a)
    Folded(1, a, 1)
    """

    nargs = 3

    @classmethod
    def eval(cls, value, argument, strict):
        # An argument in its domain by assumptions (a symbol of a positive family, put in by
        # the symbolic method) or a rational is no guard; a closed transcendental number is
        # left to the evaluators' balls, SymPy's sign of one being measured wrong at 2e-340.
        inside = argument.is_positive or strict == 0 and argument.is_nonnegative
        if inside and (argument.free_symbols or argument.is_Rational):
            return value
        return None

    def _eval_derivative(self, s):
        return Folded(sp.diff(self.args[0], s), *self.args[1:])

    def _eval_is_real(self):
        return self.args[0].is_real

    @_powered
    def _latex(self, printer):
        return printer._print(self.args[0])


def is_kink(node: sp.Basic) -> bool:
    """SymPy's derivative at a kink: of |x| it writes sign(x) (0 at 0), of max(0, x)
    Heaviside(x) (1/2 at 0), conventions where no derivative exists.  A step the document
    writes (1[a > b]) states its value at 0, 0 or 1, and is no kink.  The derivative of a
    step (SymPy's DiracDelta: of 1[a < b] by a) is 0 away from its jump and has none there."""
    return isinstance(node, (sp.sign, sp.DiracDelta)) or isinstance(node, sp.Heaviside) and node.args[1] not in (0, 1)


def strip_stop_grad(expr: sp.Basic) -> sp.Basic:
    """Value semantics: once every derivative is taken, ``sg[x]`` is just ``x``."""
    return expr.replace(lambda e: isinstance(e, StopGrad), lambda e: e.args[0])


def _is_concrete(expr: sp.Basic) -> bool:
    """True when no sum or maximum over a symbolic range is left unexpanded."""
    return not any(isinstance(node, (sp.Sum, MaxOver)) for node in sp.preorder_traversal(expr))


class Nabla(sp.Function):
    r"""The gradient with respect to the parameters of a critic ``g``.

    By the chain rule, ``∇F = Σ_k ∂F/∂g_k ∇g_k``.  The directions ``∇g_k`` are
    the entries of the family ``dg``: they are arbitrary, so two gradients agree
    for every parametrisation exactly when their coefficients agree.

    ``Nabla(F, g, dg)`` stays unevaluated until the size of ``g`` is concrete.
    """

    nargs = 3

    def doit(self, **hints):
        body, g, dg = self.args
        body = body.doit(**hints) if hints.get("deep", True) else body
        if not _is_concrete(body):
            return self.func(body, g, dg)
        elements = sorted(
            (e for e in body.atoms(sp.Indexed) if e.base == g), key=sp.default_sort_key
        )
        return sp.Add(*(sp.diff(body, e) * dg[e.indices] for e in elements))

    @_powered
    def _latex(self, printer):
        return r"\nabla %s" % printer.parenthesize(self.args[0], 1000)


def _at(body: sp.Basic, k: sp.Symbol, v: int) -> sp.Basic:
    """``body`` at ``k = v`` (an index a maximum or a vector binds), as ``subs`` would put it in,
    but with a product that v makes empty settled first (model/empty_ranges.py)."""
    from .binders import fresh_bound_indices    # (binders.py imports this module)
    return put_in(fresh_bound_indices(body, {k}), {k: sp.Integer(v)})


class MaxOver(sp.Function):
    r"""``max_{lo ≤ k ≤ hi} body(k)``: a maximum over an index range, with an optional fifth
    argument, a value of k left out (``\max_{k \neq i}``).

    SymPy's ``Max`` only takes a fixed number of arguments; this one expands into
    ``Max`` once ``lo`` and ``hi`` (and the value left out) are integers.  A range with
    nothing in it stays as it is: the evaluator reports its maximum as undefined.

    >>> k, x = sp.Symbol('k', integer=True), sp.IndexedBase('x')
    >>> MaxOver(x[k], k, 1, 3).doit()
    Max(x[1], x[2], x[3])
    >>> MaxOver(x[k], k, 1, 3, 2).doit()
    Max(x[1], x[3])
    """

    nargs = (4, 5)

    def doit(self, **hints):
        return self._written_out(None, **hints)

    def settle(self, values: dict) -> sp.Basic:
        """The maximum with ``values`` (a point: symbol → number) put in, its body's too
        once its index is concrete, so that the members of a set defined by a condition
        are known; written out where they are."""
        return self._written_out(values)

    def _written_out(self, values: dict | None, **hints):
        body, k, lo, hi, *skip = self.args
        if values is not None:
            lo, hi, *skip = (sp.sympify(e).xreplace(values) for e in (lo, hi, *skip))
        if lo.is_Integer and hi.is_Integer and all(s.is_Integer for s in skip):
            terms = []
            for v in range(int(lo), int(hi) + 1):
                if skip and v == int(skip[0]):
                    continue
                term = _at(body, k, v)
                if values is not None:
                    term = term.replace(lambda e: isinstance(e, MaxOver), lambda e: e.settle(values))
                    term = put_in(term, values)
                term = term.doit(**hints)
                if isinstance(term, Guarded):
                    # a member of a set defined by a condition: kept where the condition
                    # holds; a condition not yet known (sampled) leaves the maximum whole
                    value, condition = term.args
                    if not condition.is_Number:
                        return self._unexpanded(values, **hints)
                    if condition == 0:
                        continue
                    term = value
                terms.append(term)
            if terms:
                return sp.Max(*terms, evaluate=False)
        return self._unexpanded(values, **hints)

    def _unexpanded(self, values, **hints):
        body, k, *bounds = self.args
        if values is not None:
            return self.func(body, k, *bounds).xreplace(values)
        return self.func(body.doit(**hints), k, *bounds)

    @_powered
    def _latex(self, printer):
        body, k, lo, hi, *skip = self.args
        left_out = r", %s \ne %s" % (printer._print(k), printer._print(skip[0])) if skip else ""
        return r"\max_{%s \le %s \le %s%s} %s" % (
            printer._print(lo), printer._print(k), printer._print(hi), left_out, printer._print(body))


class Guarded(sp.Function):
    r"""The body of a maximum over a set defined by a condition or given by the data
    (``\max_{p \in P(i)}``, ``\max_{(i,k) \in \mathcal{N}}``): ``value`` where
    ``condition`` (1 or 0: the membership) is 1, absent where it is 0.  Read only as the
    body of a :class:`MaxOver`; a maximum whose members are all absent is undefined."""

    nargs = 2

    @_powered
    def _latex(self, printer):
        value, condition = self.args
        return r"%s\ \left[%s = 1\right]" % (printer._print(value), printer._print(condition))


class Vector(sp.Function):
    r"""The column vector ``(body(m))_{m=1..d}``; it expands to a Matrix once ``d`` is an integer.

    >>> m, z = sp.Symbol('m', integer=True), sp.IndexedBase('z')
    >>> Vector(z[1, m] - z[2, m], m, 2).doit()
    Matrix([
    [z[1, 1] - z[2, 1]],
    [z[1, 2] - z[2, 2]]])
    """

    nargs = 3

    def doit(self, **hints):
        body, m, d = self.args
        if d.is_Integer:
            entries = [_at(body, m, v).doit(**hints) for v in range(1, int(d) + 1)]
            if entries and all(isinstance(e, sp.MatrixBase) for e in entries):
                # a Vector of Vectors is a matrix, row by row
                return sp.ImmutableMatrix([list(e) for e in entries])
            return sp.ImmutableMatrix([[e] for e in entries])
        return self.func(body.doit(**hints), m, d)

    @_powered
    def _latex(self, printer):
        body, m, d = self.args
        return r"\left(%s\right)_{%s=1}^{%s}" % (printer._print(body), printer._print(m), printer._print(d))


class LittleO(sp.Function):
    r"""A remainder ``o(h)`` as ``x → x0``: some function ``r`` with ``r/h → 0``.

    It is only a marker; the limit checker reads it and never evaluates it.
    """

    nargs = 3

    @_powered
    def _latex(self, printer):
        return r"o\left(%s\right)" % printer._print(self.args[0])


class BigO(sp.Function):
    r"""A remainder ``O(h)`` as ``x → x0``: some function ``r`` with ``r/h`` bounded near x0.

    A marker too; the limit checker reads it and never evaluates it.
    """

    nargs = 3

    @_powered
    def _latex(self, printer):
        return r"O\left(%s\right)" % printer._print(self.args[0])


class MutualInformation(sp.Function):
    r"""``I(X;Y)`` of the joint distribution the expectation checker is using."""

    nargs = 0

    @_powered
    def _latex(self, printer):
        return r"I(X;Y)"


class ExpectXYK(sp.Function):
    r"""``E_{p_{XY^K}}[body]``: ``(x, y_1) ~ p_XY`` and ``y_2..y_K ~ p_Y`` independently.

    ``body`` is an expression in the logits ``g[1..K]`` with ``g_k = g(x, y_k)``.
    Args: ``(body, g, K)``.
    """

    nargs = 3

    @_powered
    def _latex(self, printer):
        return r"\mathbb{E}_{p_{XY^K}}\left[%s\right]" % printer._print(self.args[0])


def optimum_written(sense: str, over: str) -> str:
    r"""``\arg\min_{\theta}`` of the sense ``argmin`` over ``\theta``; ``\sup`` over nothing written."""
    operator = {"argmin": r"\arg\min", "argmax": r"\arg\max"}.get(sense, "\\" + sense)
    return operator + (f"_{{{over}}}" if over else "")


class Optimum(sp.Function):
    r"""``\min_\theta F``, ``\arg\max_{\mathbf{L}} F``, ``\sup_{(u, v)} F``: an optimum of ``F``
    over parameters, a set of answers or functions, whose value the checker does not
    compute.  A step that involves one is read and reported as not checked; it never
    passes.  Args: ``(body, sense, subscript, bound)``: ``sense`` and the ``subscript``
    as written are :class:`~sympy.core.symbol.Str` (no free symbols), ``bound`` the
    symbols the optimum runs over, which are not free in it.
    """

    nargs = 4

    @property
    def free_symbols(self):
        body, _, _, bound = self.args
        return body.free_symbols - set(bound)

    @property
    def sense(self) -> str:
        return self.args[1].name

    @property
    def over(self) -> str:
        return self.args[2].name

    def shown(self) -> str:
        r"""The optimum as a reader writes it, its body left out: ``\arg\min_{\theta}``."""
        return optimum_written(self.sense, self.over)

    @_powered
    def _latex(self, printer):
        body = self.args[0]
        written = printer._print(body)
        return r"%s %s" % (self.shown(), r"\left(%s\right)" % written if body.is_Add else written)


class BestCritic(sp.Function):
    r"""``max_g body``: the best value of an expectation over critics ``g``."""

    nargs = 1

    @_powered
    def _latex(self, printer):
        return r"\max_{g} %s" % printer._print(self.args[0])

r"""An integral of a density: ``\int_x p(x) g(x) \, dx``, ``\int p(x) \log p(x) \, dx``, as theory
papers write an expectation (Jensen's step, a mutual information, the optimum of NCE).

It is read as E_{x∼p}[g(x)], the expectation the checker already decides on finite tables of
unknown weights: the integrand must be a declared distribution at exactly the point of the
differential, times what it averages; that is the one integral a finite table can stand for
exactly.  Anything else is refused, naming it: an integrand without such a density (its
integral runs over a space the notation does not give), bounds (``\int_0^1``), a conditional
density (``p(x \mid c)``), several differentials.  The reading is said."""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import ParseError
from ...model.distributions import Density
from ..scope import ExpectationOp
from .trees import unwrap

Tree = lark.Tree

_NOT_READ = ("an integral is read as \\int p(x) g(x) \\, dx with p a declared distribution of the point x "
             "(the expectation E_{x \\sim p}[g(x)])")


class IntegralsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ``\\int``."""

    def integral(self, op, operand):
        scripts = op.children[1] if len(op.children) > 1 else None
        if isinstance(scripts, Tree) and scripts.data in ("scripts_both", "scripts_swapped", "scripts_upper"):
            raise self.fail(op, f"an integral with bounds is not read: {_NOT_READ}, over the whole space")
        found = self._integrand_and_variable(unwrap(operand))
        if found is None:
            raise self.fail(op, f"the differential (dx) that ends the integral is not found: {_NOT_READ}")
        rest, variable = found
        if self._integrand_and_variable(rest) is not None:
            raise self.fail(op, f"an integral over several differentials is not read: {_NOT_READ}")
        written = self.source(variable).strip()
        point = self.as_point(self.value(variable))
        if point is None:
            raise self.fail(variable, f"'{written}' after d is not a declared data point: {_NOT_READ}")
        lower = unwrap(scripts.children[0]) if isinstance(scripts, Tree) and scripts.data == "scripts_lower" else None
        under = self._point_under_integral(lower) if lower is not None else None
        if under not in (None, point) and not {(under, point), (point, under)} & set(self.scope.point_aliases):
            raise self.fail(lower, f"the integral is written over '{self.source(lower).strip()}' and its "
                                   f"differential is d{written}")
        renamed = {}
        if under not in (None, point):
            # \int_{\boldsymbol{x}} … \mathrm{d}x, x declared the value of \boldsymbol{x}: one point, two spellings,
            # the x of the integrand the point integrated over (x' beside it is another value, not integrated)
            note = (f"the integral over '{self.source(lower).strip()}' with the differential d{written}: one point "
                    f"(the notation declares one the value of the other)")
            self.readings.extend([note] if note not in self.readings else [])
            point, renamed = under, {point: under}
        return self._integral_of(op, rest, point, written, renamed)

    def _own_density(self, term, point):
        """The one density of ``point`` alone that is a factor of ``term``, or None."""
        own = [f for f in sp.Mul.make_args(term) if isinstance(f, Density) and tuple(f.args[1].args) == (point,)]
        return own[0] if len(own) == 1 and not own[0].args[2].args else None

    def _integral_of(self, op, rest, point, written: str, renamed=None):
        """∫ rest d(point): a sum term by term (∫ p a + q b dx = ∫ p a dx + ∫ q b dx), each term the
        expectation under its density of what the density multiplies."""
        rest = unwrap(rest)
        if isinstance(rest, Tree) and rest.data in ("add", "sub") and len(rest.children) == 3:
            left, right = (self._integral_of(op, rest.children[n], point, written, renamed) for n in (0, 2))
            return left + right if rest.data == "add" else left - right
        integrand = self.expr(rest).xreplace(renamed or {})
        if integrand == 0:      # (\log 2 - \log 2) p(x): zero, whose integral over any space is 0
            return sp.S.Zero
        if self._own_density(integrand, point) is None:
            raise self.fail(op, f"the integrand names no declared density of {written} alone as a factor (or a "
                                f"conditional one): {_NOT_READ}; the integral of anything else runs over a space "
                                "the notation does not give")
        return self._expectation_of_term(op, integrand, point, written)

    def _expectation_of_term(self, op, integrand, point, written: str):
        """∫ p(x) g(x) dx of one term, p its density of the point: E_{x∼p}[g(x)], said."""
        density = self._own_density(integrand, point)
        distribution = self.distribution_of_tag(density.args[0], op, f"the density of {written}")
        body = sp.Mul(*[f for f in sp.Mul.make_args(integrand) if f is not density])
        if _depends_on_values(body):
            # \int p \log p: a density's value is no probability (it exceeds 1 where the density is
            # narrow), and the finite tables stand for probabilities; ratios of densities are the same
            raise self.fail(op, "the integrand depends on values of densities, not only on their ratios "
                                "(\\int p(x) \\log p(x) \\, dx): a density's value is not a probability (it may "
                                "exceed 1), and the checker's finite tables stand for probabilities; an integral "
                                "is read where what the density multiplies names densities only in ratios "
                                "(\\log \\frac{p(x)}{q(x)})")
        shown = " ".join(self.source(op).split())
        note = (f"{shown} … d{written} is read as the expectation under "
                f"{distribution.name} of what its density multiplies")
        self.readings.extend([note] if note not in self.readings else [])
        return self.expectation(ExpectationOp((point,), distribution), body, op)

    def _integrand_and_variable(self, tree):
        """(the integrand, the variable) of an integrand that ends with its differential ``d x``: the
        right end of the product, into the operand of an operator that takes the rest of it
        (``p(x) \\log \\frac{p(x)}{q(x)} \\, dx``: the log's operand holds dx); None without one."""
        if isinstance(tree, Tree) and tree.data in ("add", "sub") and len(tree.children) == 3:
            # a sum of terms up to the differential (extents.py): the last term holds it
            inner = self._integrand_and_variable(unwrap(tree.children[2]))
            return None if inner is None else \
                (Tree(tree.data, [tree.children[0], tree.children[1], inner[0]], meta=tree.meta), inner[1])
        factors = _factors(tree)
        if len(factors) >= 3 and self._is_differential_d(factors[-2]):
            return _product(factors[:-2]), factors[-1]
        last = unwrap(factors[-1])
        if isinstance(last, Tree) and last.data == "apply_op":
            inner = self._integrand_and_variable(unwrap(last.children[1]))
            if inner is not None:
                applied = Tree("apply_op", [last.children[0], inner[0]], meta=last.meta)
                return _product([*factors[:-1], applied]), inner[1]
        return None

    def _is_differential_d(self, tree) -> bool:
        """The d of a differential, as a derivative's is read (d, \\mathrm{d}: derivatives.py)."""
        mark = self._d_mark(unwrap(tree))
        return mark is not None and mark[1] == 1

    def _point_under_integral(self, tree):
        """The point a subscript names (``\\int_x``), or None for a space or a set (``\\int_{\\mathcal{X}}``)."""
        try:
            return self.as_point(self.value(tree))
        except ParseError:      # a space, a set: it names no point, which is allowed
            return None


def _factors(tree) -> list:
    """The factors of a product written side by side (``p(x) g(x) d x``), in order; a braced group
    around the whole (``\\int_x { p(x) \\log r \\, dx }``) is looked into."""
    if isinstance(tree, Tree) and tree.data == "juxt":
        return [tree.children[0], *_factors(unwrap(tree.children[1]))]
    if isinstance(tree, Tree) and tree.data in ("braces", "chain_in_group") and len(tree.children) == 1:
        return _factors(unwrap(tree.children[0]))
    return [tree]


def _product(factors: list):
    """The factors side by side again, as the grammar nests them."""
    tree = factors[-1]
    for factor in reversed(factors[:-1]):
        tree = Tree("juxt", [factor, tree], meta=factor.meta if isinstance(factor, Tree) else None)
    return tree


def _depends_on_values(body: sp.Expr) -> bool:
    """Whether ``body`` changes when every density in it is scaled by one factor: it writes values of
    densities, not only their ratios (log p; but not log p/(p + q), whose factor cancels once the
    quotient is put over one denominator)."""
    scale = sp.Dummy("scale", positive=True)
    scaled = body.xreplace({d: scale * d for d in body.atoms(Density)})
    scaled = scaled.replace(lambda e: isinstance(e, sp.log), lambda e: sp.log(sp.cancel(sp.together(e.args[0]))))
    return sp.cancel(sp.together(scaled)).has(scale)

"""Expressions in a message, written as a reader writes them: Σ_{m=1}^{d} u_m² ≠ 0, a·b ≠ 0,
√x, rather than SymPy's text (Sum(u_m**2, (m, 1, d)), a*b)."""
from __future__ import annotations

import sympy as sp
from sympy.printing.str import StrPrinter

_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


class _PlainPrinter(StrPrinter):
    def _print_Sum(self, expr):
        body = self._print(expr.function)
        if isinstance(expr.function, sp.Add):
            body = f"({body})"
        for variable, lo, hi in expr.limits:
            body = f"Σ_{{{self._print(variable)}={self._print(lo)}}}^{{{self._print(hi)}}} {body}"
        return body

    def _print_Pow(self, expr, rational=False):
        if isinstance(expr.base, (sp.Sum, sp.Product)) and expr.exp != sp.Rational(1, 2):
            # (Σ_m u_m·v_m)²: without the parentheses it reads as a sum of squares
            base = f"({self._print(expr.base)})"
            if expr.exp.is_Integer and 1 < expr.exp < 10:
                return base + str(int(expr.exp)).translate(_SUPERSCRIPTS)
            return f"1/{base}" if expr.exp == -1 else f"{base}^{self.parenthesize(expr.exp, sp.printing.precedence.PRECEDENCE['Pow'])}"
        if expr.exp == sp.Rational(1, 2):
            return f"√({self._print(expr.base)})"
        if expr.exp.is_Integer and 1 < expr.exp < 10:
            return self.parenthesize(expr.base, sp.printing.precedence.PRECEDENCE["Pow"], strict=True) \
                + str(int(expr.exp)).translate(_SUPERSCRIPTS)
        return super()._print_Pow(expr, rational)

    def _print_Dummy(self, expr):
        # a component index the reader made (Σ_{m=1}^{d} u_m²): its name, not SymPy's _m
        return expr.name

    def _print_StopGrad(self, expr):
        return f"sg({self._print(expr.args[0])})"

    def _print_Abs(self, expr):
        return f"|{self._print(expr.args[0])}|"

    def _print_Mul(self, expr):
        coefficient, factors = expr.as_coeff_mul()
        if not any(isinstance(f, (sp.Sum, sp.Product)) for f in factors[:-1]):
            return super()._print_Mul(expr).replace("*", "·")
        # (Σ_k a_k)·b: a sum before another factor is parenthesized, or b would read as summed too
        parts = [f"({self._print(f)})" if isinstance(f, (sp.Sum, sp.Product)) and n < len(factors) - 1
                 else self.parenthesize(f, sp.printing.precedence.PRECEDENCE["Mul"]) for n, f in enumerate(factors)]
        text = "·".join(parts)
        return text if coefficient == 1 else "-" + text if coefficient == -1 else f"{self._print(coefficient)}·{text}"


def plain(expr: sp.Basic) -> str:
    """``expr`` written for a message: sums as Σ, small powers as superscripts, products with ·."""
    return _PlainPrinter().doprint(expr)

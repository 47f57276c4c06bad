r"""Claims about gradients by a row (∇_{z_i}, ∂/∂z_i) true by construction around random
terms of the rows of an embedding matrix z: linearity, the product rule, the chain rule
through e^x, log(1 + e^x) and x².  A verdict on one may be conditional (a norm at the zero
row, a side undefined) or undecided, never refuted by two numbers.  Used by
test_checker_fuzz.py."""
from __future__ import annotations

import random

NOTATION = r"""id = "grad"
title = "gradient fuzz"
source = "grad.md"

[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'z'
shape = ['N', 'd']
role = "{role}"

[[family]]
name = 'w'
shape = ['N']
domain = "positive"

[[scalar]]
name = '\tau'
domain = "positive"
role = "scale"

[[index]]
name = 'i'
from = 1
to = 'N'

[[index]]
name = 'j'
from = 1
to = 'N'
"""

FORMS = (r"\nabla_{z_i} \left({e} + {f}\right) = \nabla_{z_i} {e} + \nabla_{z_i} {f}",
         r"\nabla_{z_i} \left({e} {f}\right) = {f} \nabla_{z_i} {e} + {e} \nabla_{z_i} {f}",
         r"\nabla_{z_i} e^{{e}} = e^{{e}} \nabla_{z_i} {e}",
         r"\nabla_{z_i} \log\left(1 + e^{{e}}\right) = \frac{e^{{e}}}{1 + e^{{e}}} \nabla_{z_i} {e}",
         r"\frac{\partial}{\partial z_i} \left({e}\right)^2 = 2 \left({e}\right) \frac{\partial {e}}{\partial z_i}",
         r"\nabla_{z_j} \left({e} - {f}\right) = \nabla_{z_j} {e} - \nabla_{z_j} {f}")

ROLES = ("embedding", "value", "unit")


class GradientGen:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def _index(self, bound: list) -> str:
        return self.rng.choice(["i", "j"] + bound * 2)

    def _atom(self, bound: list) -> str:
        a, b = self._index(bound), self._index(bound)
        return self.rng.choice([f"z_{a}^\\top z_{b}", f"\\|z_{a}\\|^2", f"\\|z_{a} - z_{b}\\|^2", f"w_{a}",
                                r"\tau", "2", f"\\frac{{z_{a}^\\top z_{b}}}{{\\tau}}", f"\\|z_{a}\\|"])

    def term(self, depth: int, bound: tuple = ()) -> str:
        bound = list(bound)
        if depth <= 0:
            return self._atom(bound)
        kind = self.rng.choice(["add", "mul", "exp", "log", "sum", "sum_ne", "atom", "frac", "square"])

        def sub() -> str:
            return self.term(depth - 1, tuple(bound))
        if kind == "add":
            return f"{sub()} + {sub()}"
        if kind == "mul":
            return f"\\left({sub()}\\right) \\left({sub()}\\right)"
        if kind == "exp":
            return f"e^{{{sub()}}}"
        if kind == "log":
            return f"\\log\\left(1 + e^{{{sub()}}}\\right)"
        if kind == "frac":
            return f"\\frac{{{sub()}}}{{1 + \\left({sub()}\\right)^2}}"
        if kind == "square":
            return f"\\left({sub()}\\right)^2"
        if kind in ("sum", "sum_ne") and len(bound) < 2:
            letter = "kl"[len(bound)]
            body = self.term(depth - 1, tuple(bound + [letter]))
            under = f"{letter}=1}}^N" if kind == "sum" else f"{letter} \\neq i}}"
            return f"\\sum_{{{under} \\left({body}\\right)"
        return self._atom(bound)

    def claim(self) -> tuple[str, str]:
        """A derivation's text with one claim true by construction, and the claim's LaTeX."""
        form = self.rng.choice(FORMS)
        e = "(" + self.term(self.rng.randint(0, 2)) + ")"
        f = "(" + self.term(self.rng.randint(0, 2)) + ")"
        latex = form.replace("{e}", e).replace("{f}", f)
        text = NOTATION.replace("{role}", self.rng.choice(ROLES))
        return text + "\n[[claim]]\nid = \"c1\"\nline = 1\ntitle = \"c\"\nlatex = '''" + latex + "'''\n", latex

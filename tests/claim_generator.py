r"""Random well-formed claims over one rich notation (sums, sets defined by labels,
densities, a sample set with the place of its positive, derivatives, expectations), to run
through the whole checker: the reader may refuse one, but a claim it reads must end in a
verdict with a reason, never in an internal error ("the check failed").  Used by
test_checker_fuzz.py; a longer run of it found the cases of test_checker_fuzz_findings.py."""
from __future__ import annotations

import random
import re

NOTATION = r"""id = "fz"
title = "fuzz"
source = "fz.md"

[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
from = 1
to = 'N'

[[index]]
name = 'j'
from = 1
to = 'N'

[[scalar]]
name = '\tau'
domain = "positive"
role = "scale"

[[scalar]]
name = 'c'
role = "point"

[[family]]
name = 'a'
shape = ['N']
domain = "positive"

[[family]]
name = 'b'
shape = ['N']
role = "direction"

[[family]]
name = 's'
shape = ['N', 'N']
domain = "unit_interval"

[[family]]
name = 'y'
shape = ['N']
role = "label"

[[family]]
name = 'x'
shape = ['N']
role = "point"

[[function]]
name = 'f'
arguments = 2
domain = "positive"

[[distribution]]
name = 'p'
of = ['x', 'c']

[[set]]
name = 'X'
members = 'x'
drawn_from = 'p'
positive = 'x_1'
context = 'c'
position = 'd'

[[set]]
name = 'P(i)'
index = 'p'
to = 'N'
where = 'p \neq i, y_p = y_i'
"""


def claim_text(latex: str, kind: str | None = None) -> str:
    body = NOTATION + "\n[[claim]]\nid = \"c1\"\nline = 1\ntitle = \"c\"\n"
    if kind:
        body += f"kind = \"{kind}\"\n"
    # a literal string: the backslashes stay (the latex may hold a prime, x')
    return body + "latex = '''" + latex + "'''\n"



BOUND_LETTERS = ["k", "l", "m"]


class Ctx:
    """What a term may use where it is written: the bound indices, the point mode
    (None outside expectations; 'p' inside E_{(x,c)~p}; 'X' inside E_X / E)."""

    def __init__(self, bound=(), mode=None, member_indices=(), in_deriv=False):
        self.bound = list(bound)
        self.mode = mode
        self.member_indices = list(member_indices)   # indices bound by a sum over the members (E_X)
        self.in_deriv = in_deriv

    def with_bound(self, letter, member=False):
        return Ctx(self.bound + [letter], self.mode,
                   self.member_indices + ([letter] if member else []), self.in_deriv)

    def with_mode(self, mode):
        return Ctx(self.bound, mode, [], self.in_deriv)


class Gen:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def pick(self, items):
        return self.rng.choice(items)

    def w(self, pairs):
        """Weighted choice among (weight, value)."""
        total = sum(p for p, _ in pairs)
        r = self.rng.uniform(0, total)
        for p, v in pairs:
            r -= p
            if r <= 0:
                return v
        return pairs[-1][1]

    def fresh(self, ctx):
        free = [l for l in BOUND_LETTERS if l not in ctx.bound]
        return free[0] if free else None

    # an index expression
    def index(self, ctx, allow_number=True):
        choices = [(3, "i"), (2, "j")]
        choices += [(4, b) for b in ctx.bound]
        if allow_number:
            choices += [(1, "1"), (0.5, "N"), (0.3, "2")]
        return self.w(choices)

    def idx_sub(self, e):
        return e if len(e) == 1 else "{" + e + "}"

    # ----- atoms
    def atom(self, ctx):
        rng = self.rng
        kinds = [(5, "a"), (4, "s"), (2, "tau"), (2, "num"), (1, "N"), (1, "size_P"), (0.5, "idxval"),
                 (1, "indicator")]
        if ctx.mode is None:
            kinds += [(3, "f"), (3, "dens"), (2, "pos")]
        elif ctx.mode == "p":
            kinds += [(4, "fp"), (4, "densp")]
        elif ctx.mode == "X":
            kinds += [(4, "fX"), (3, "densX"), (2, "posX")]
        k = self.w(kinds)
        if k == "a":
            return "a_" + self.idx_sub(self.index(ctx))
        if k == "s":
            return "s_{" + self.index(ctx) + "," + self.index(ctx) + "}"
        if k == "tau":
            return r"\tau"
        if k == "num":
            return self.pick(["1", "2", "0", "3", r"\frac{1}{2}", "10"])
        if k == "N":
            return "N"
        if k == "size_P":
            return "|P(" + self.index(ctx, allow_number=False) + ")|"
        if k == "idxval":
            return self.index(ctx, allow_number=False)
        if k == "indicator":
            u, v = self.index(ctx, False), self.index(ctx, False)
            op = self.pick(["=", r"\neq"])
            form = self.pick([r"\mathbb{1}[{u} {op} {v}]", r"\mathbb{1}_{y_{u} {op} y_{v}}",
                              r"\mathbb{1}[y_{u} {op} y_{v}]"])
            return form.replace("{u}", u).replace("{v}", v).replace("{op}", op)
        if k == "f":
            return f"f(x_{self.idx_sub(self.index(ctx))}, c)"
        if k == "dens":
            e = self.idx_sub(self.index(ctx))
            return self.pick([f"p(x_{e} \\mid c)", f"p(x_{e})", f"p(x_{e}, c)", f"p(x_{e}|c)", "p(c)",
                              f"p(c \\mid x_{e})"])
        if k == "pos":
            e = self.index(ctx, allow_number=True)
            return self.pick([f"p(d = {e} \\mid X, c)", f"p(d={e}|X,c)", f"p(d = {e} \\mid c, X)"])
        if k == "fp":
            return self.pick(["f(x, c)", "f(x, c)", "f(c, x)"])
        if k == "densp":
            return self.pick([r"p(x \mid c)", "p(x)", "p(x, c)", "p(c)", r"p(c \mid x)", "p(x|c)"])
        if k == "fX":
            members = ctx.member_indices
            e = self.pick(members) if members and rng.random() < 0.7 else "1"
            return f"f(x_{e}, c)"
        if k == "densX":
            members = ctx.member_indices
            e = self.pick(members) if members and rng.random() < 0.7 else "1"
            return self.pick([f"p(x_{e} \\mid c)", f"p(x_{e})", f"p(x_{e}, c)", "p(c)"])
        if k == "posX":
            e = self.pick(ctx.member_indices) if ctx.member_indices and rng.random() < 0.5 else \
                self.pick(["1", "i", "N"])
            return f"p(d = {e} \\mid X, c)"
        raise AssertionError(k)

    # ----- compound terms
    def term(self, ctx, depth):
        if depth <= 0:
            return self.atom(ctx)
        kinds = [(4, "atom"), (3, "sum"), (1.5, "sumneq"), (1.5, "sumP"), (1, "prod"), (1.5, "max"),
                 (2, "log"), (2, "exp"), (2, "frac"), (2, "add"), (1.5, "mul"), (1, "pow"), (0.5, "sqrt"),
                 (0.7, "neg"), (1, "deriv"), (0.5, "sumlabel"), (0.7, "trig"), (0.7, "step"), (0.7, "sumlt"),
                 (0.7, "sumset"), (0.5, "binom"), (0.5, "prime")]
        if ctx.mode is None:
            kinds += [(1.5, "Ep"), (1.5, "EX"), (1, "E")]
        if ctx.mode == "X":
            kinds += [(2.5, "summem")]
        k = self.w(kinds)
        d = depth - 1
        letter = self.fresh(ctx)
        binders = ("sum", "sumneq", "sumP", "prod", "max", "summem", "sumlabel", "sumlt", "sumset")
        if letter is None and k in binders:
            k = "atom"
        if k == "atom":
            return self.atom(ctx)
        if k in binders:
            return self.binder(k, ctx, d, letter)
        return self.compound(k, ctx, d)

    def uses(self, t, letter):
        return re.search(r"(?<![A-Za-z\\])" + letter + r"(?![A-Za-z])", t) is not None

    def body(self, ctx, d, letter, member=False):
        """A body that uses the bound letter (a sum whose index is unused is refused)."""
        inner_ctx = ctx.with_bound(letter, member)
        for _ in range(6):
            t = self.term(inner_ctx, d)
            if self.uses(t, letter):
                return t
        return f"{self.wrap(t, True)} a_{letter}"

    def binder(self, k, ctx, d, letter):
        if k == "sum":
            inner = self.body(ctx, d, letter)
            lo = self.pick(["1", "1", "2"])
            hi = self.pick(["N", "N", "N", "N-1"])
            return f"\\sum_{{{letter}={lo}}}^{{{hi}}} {self.wrap(inner)}"
        if k == "sumneq":
            other = self.index(ctx, allow_number=False)
            inner = self.body(ctx, d, letter)
            form = self.pick([f"\\sum_{{{letter} \\neq {other}}}", f"\\sum_{{{letter}=1, {letter} \\neq {other}}}^N"])
            return f"{form} {self.wrap(inner)}"
        if k == "sumP":
            other = self.index(ctx, allow_number=False)
            inner = self.body(ctx, d, letter)
            return f"\\sum_{{{letter} \\in P({other})}} {self.wrap(inner)}"
        if k == "sumlabel":
            other = self.index(ctx, allow_number=False)
            inner = self.body(ctx, d, letter)
            op = self.pick(["=", r"\neq"])
            return f"\\sum_{{{letter} : y_{letter} {op} y_{other}}} {self.wrap(inner)}"
        if k == "prod":
            inner = self.body(ctx, d, letter)
            form = self.pick([f"\\prod_{{{letter}=1}}^N", f"\\prod_{{{letter} \\neq {self.index(ctx, False)}}}"])
            return f"{form} {self.wrap(inner)}"
        if k == "max":
            inner = self.body(ctx, d, letter)
            op = self.pick([r"\max", r"\max", r"\min"])
            sub = self.pick([letter, letter, f"{letter} \\in P({self.index(ctx, False)})", f"{letter} \\neq {self.index(ctx, False)}"])
            return f"{op}_{{{sub}}} {self.wrap(inner, force=True)}"
        if k == "sumlt":
            # an index bound by a condition: below or above another, or a chain with its ends
            other = self.index(ctx, allow_number=False)
            inner = self.body(ctx, d, letter)
            form = self.pick([f"\\sum_{{{letter} < {other}}}", f"\\sum_{{{letter} \\ge {other}}}",
                              f"\\sum_{{1 \\le {letter} < {other}}}", f"\\sum_{{{letter} : {letter} \\le {other}}}"])
            return f"{form} {self.wrap(inner)}"
        if k == "sumset":
            other = self.index(ctx, allow_number=False)
            inner = self.body(ctx, d, letter)
            form = self.pick([f"\\sum_{{{letter} \\in [N] \\setminus \\{{{other}\\}}}}",
                              f"\\sum_{{{letter} \\in \\{{1, \\dots, N\\}} \\setminus \\{{{other}, 1\\}}}}",
                              f"\\sum_{{{letter} \\in [N] \\cap [{other}]}}"])
            return f"{form} {self.wrap(inner)}"
        if k == "summem":
            inner = self.body(ctx, d, letter, member=True)
            return f"\\sum_{{{letter}=1}}^N {self.wrap(inner)}"
        raise AssertionError(k)

    def compound(self, k, ctx, d):
        rng = self.rng
        if k == "log":
            inner = self.term(ctx, d)
            return self.pick([f"\\log\\left({inner}\\right)", f"\\log ({inner})", f"\\log {{{inner}}}"]) \
                if not self.simple(inner) else f"\\log {inner}"
        if k == "exp":
            inner = self.term(ctx, d)
            return self.pick([f"\\exp\\left({inner}\\right)", f"e^{{{inner}}}"])
        if k == "frac":
            return f"\\frac{{{self.term(ctx, d)}}}{{{self.term(ctx, d)}}}"
        if k == "add":
            op = self.pick(["+", "-"])
            return f"{self.term(ctx, d)} {op} {self.term(ctx, d)}"
        if k == "mul":
            a, b = self.term(ctx, d), self.term(ctx, d)
            return self.pick([f"{self.wrap(a, True)} {self.wrap(b, True)}", f"{self.wrap(a, True)} \\cdot {self.wrap(b, True)}"])
        if k == "pow":
            base = self.term(ctx, d)
            e = self.pick(["2", "3", "-1", r"\frac{1}{2}", "N", "k" if "k" in ctx.bound else "2"])
            return f"{self.wrap(base, True)}^{{{e}}}"
        if k == "sqrt":
            return f"\\sqrt{{{self.term(ctx, d)}}}"
        if k == "trig":
            name = self.pick([r"\cos", r"\sin", r"\tanh", r"\cosh"])
            return self.pick([f"{name}({self.term(ctx, d)})", f"{name}\\left({self.term(ctx, d)}\\right)"])
        if k == "binom":
            return self.pick([r"\binom{N}{2}", r"\binom{N}{" + self.index(ctx, False) + "}", r"\dbinom{2N}{1}"])
        if k == "prime":
            name = self.pick([r"\tanh'", r"\cos''", r"\text{softplus}'", r"\sin'"])
            return f"{name}\\left({self.term(ctx, d)}\\right)"
        if k == "step":
            op = self.pick([">", r"\geq", "<", r"\leq"])
            return f"\\mathbb{{1}}[{self.term(ctx, d)} {op} {self.term(ctx, d)}]"
        if k == "neg":
            return f"-{self.wrap(self.term(ctx, d), True)}"
        if k == "deriv":
            var = "a_" + self.idx_sub(self.index(ctx))
            if rng.random() < 0.2:
                var = r"\tau"
            inner = self.term(Ctx(ctx.bound, ctx.mode, ctx.member_indices, True), d)
            return self.pick([f"\\frac{{\\partial}}{{\\partial {var}}} {self.wrap(inner, True)}",
                              f"\\frac{{\\partial {self.wrap(inner, True)}}}{{\\partial {var}}}"])
        if k == "Ep":
            inner = self.term(ctx.with_mode("p"), d)
            if "x" not in inner and "c" not in inner.replace("\\frac", ""):
                inner = self.pick([f"{self.wrap(inner, True)} f(x, c)", f"{inner} + \\log p(x \\mid c)"])
            sub = self.pick([r"(x, c) \sim p", r"x \sim p", r"(x, c) \sim p", "p"])
            return f"\\mathbb{{E}}_{{{sub}}}\\left[{inner}\\right]"
        if k in ("EX", "E"):
            inner = self.term(ctx.with_mode("X"), d)
            if "x_" not in inner:
                inner = self.pick([f"{self.wrap(inner, True)} f(x_1, c)", f"{inner} - \\log p(x_1 \\mid c)",
                                   f"\\frac{{{inner}}}{{\\sum_{{m=1}}^N f(x_m, c)}}"])
            head = r"\mathbb{E}_X" if k == "EX" else r"\mathbb{E}"
            br = self.pick([("[", "]"), (r"\left[", r"\right]"), (r"\Big[", r"\Big]")])
            return f"{head}{br[0]}{inner}{br[1]}"
        raise AssertionError(k)

    @staticmethod
    def simple(t):
        return all(ch.isalnum() or ch in "_{}\\," for ch in t)

    def wrap(self, t, force=False):
        if self.simple(t) and not t.startswith("-"):
            return t
        if force or " + " in t or " - " in t or t.startswith("-"):
            return self.pick([f"\\left({t}\\right)", f"({t})"])
        return t

    def side(self):
        r = self.rng.random()
        if r < 0.1:
            return "N"
        if r < 0.17:
            return self.pick(["0", "1", "2", r"\log N", r"\frac{1}{N}"])
        if r < 0.22:
            return self.pick(["i", "j"])
        return self.term(Ctx(), self.rng.randint(1, 3))

    def claim(self):
        lhs = self.term(Ctx(), self.rng.randint(1, 3))
        rhs = self.side()
        rel = self.w([(4, "="), (3, r"\le"), (1.5, "<"), (1, r"\geq"), (0.5, ">")])
        if self.rng.random() < 0.5:
            lhs, rhs = rhs, lhs
        if self.rng.random() < 0.04:      # a chain
            return f"{lhs} {rel} {rhs} {rel} {self.side()}"
        return f"{lhs} {rel} {rhs}"

    #: statements true for every real value of E and F where both sides are defined: a
    #: verdict on one of them is never a refutation unless a side is undefined at the witness
    TRUE_FORMS = (r"\left({e}\right)^2 \geq 0", r"e^{{e}} > 0", r"\left|{e}\right| \geq 0",
                  r"\left|{e} + {f}\right| \leq \left|{e}\right| + \left|{f}\right|",
                  r"\left({e}\right)^2 + \left({f}\right)^2 \geq 2 \left({e}\right)\left({f}\right)",
                  r"e^{{e}} e^{{f}} = e^{{e} + {f}}",
                  r"\log\left(e^{{e}}\right) = {e}",
                  r"\max\left({e}, {f}\right) \geq {e}",
                  r"\log\left(e^{{e}} + e^{{f}}\right) \geq {e}",
                  r"\frac{\partial}{\partial a_1}\left({e} + {f}\right) = \frac{\partial {e}}{\partial a_1} + "
                  r"\frac{\partial {f}}{\partial a_1}",
                  r"\frac{\partial}{\partial a_1}\left({e} {f}\right) = \frac{\partial {e}}{\partial a_1} {f} + "
                  r"{e} \frac{\partial {f}}{\partial a_1}",
                  r"\frac{\partial}{\partial a_1} e^{{e}} = e^{{e}} \frac{\partial {e}}{\partial a_1}",
                  r"\frac{\partial}{\partial s_{1,2}}\left({e}\right)^2 = 2 \left({e}\right) \frac{\partial {e}}{\partial s_{1,2}}",
                  # E and F free of τ: the LogSumExp limits at both ends
                  r"\lim_{\tau \to 0^+} \tau \log\left(e^{{e}/\tau} + e^{{f}/\tau}\right) = \max\left({e}, {f}\right)",
                  r"\lim_{\tau \to \infty} \tau \log\left(\frac{1}{2} e^{{e}/\tau} + \frac{1}{2} e^{{f}/\tau}\right) = "
                  r"\frac{{e} + {f}}{2}",
                  # the differential of the map a ↦ E along the direction b: the directional derivative
                  r"\mathrm{d}(a \mapsto {e})(a) \cdot b = \sum_{q=1}^{N} \frac{\partial {e}}{\partial a_q} b_q")

    def true_claim(self):
        """A claim true by construction around random terms (the oracle of a soundness fuzzer)."""
        form = self.pick(list(self.TRUE_FORMS))
        while True:
            e = "(" + self.term(Ctx(), self.rng.randint(1, 3)) + ")"
            f = "(" + self.term(Ctx(), self.rng.randint(1, 2)) + ")"
            if r"\lim" not in form or r"\tau" not in e + f:
                return form.replace("{e}", e).replace("{f}", f)

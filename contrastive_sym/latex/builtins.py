"""The functions and operators every document may use without declaring them (``\\log``,
``\\mathbb{E}``, ``D_{KL}``, …), and the spellings each is read from, unless the document declares
the name."""
from __future__ import annotations

import enum

from .elementary import ELEMENTARY_KEYS


class Builtin(enum.Enum):
    """Functions and operators every document may use without declaring them."""

    LOG = "log"
    EXP = "exp"
    MAX = "max"
    MIN = "min"
    EULER = "e"
    PI = "pi"                      # \pi, unless the document declares it
    STOP_GRAD = "stop_grad"
    LITTLE_O = "o"
    BIG_O = "O"                    # O(h), \mathcal{O}(h), unless the document declares O
    IDENTITY = "identity matrix"   # C - I, \|C - \mathbf{I}\|_F: beside a square matrix, unless declared
    NABLA = "nabla"
    INDICATOR = "indicator"
    EXPECTATION = "expectation"    # \mathbb{E}_{x \sim p}: over declared distributions
    VARIANCE = "variance"          # \mathrm{Var}(X), \mathrm{Var}(X \mid Y): of what \mathbb{E}[…] averages
    KRONECKER = "kronecker delta"  # \delta_{ij}, unless the document declares \delta
    TRACE = "trace"                # \operatorname{tr}(M), \text{Tr}(M): the sum of a square matrix's diagonal
    DIAGONAL = "diagonal matrix"   # \mathrm{diag}(p): the square matrix with p on its diagonal
    KL = "KL divergence"           # D_{KL}(p \| q) of two densities of the same points
    JS = "Jensen-Shannon divergence"   # D_{JS}(p \| q) = KL(p \| m)/2 + KL(q \| m)/2, m = (p + q)/2


#: each spelling of a builtin, as its canonical key (\\mathrm{KL} is \\text{KL})
BUILTIN_KEYS = {
    r"\log": Builtin.LOG, "log": Builtin.LOG, r"\ln": Builtin.LOG, "ln": Builtin.LOG,
    r"\exp": Builtin.EXP, "exp": Builtin.EXP,
    r"\max": Builtin.MAX, "max": Builtin.MAX, r"\min": Builtin.MIN, "min": Builtin.MIN,
    "e": Builtin.EULER, r"\pi": Builtin.PI,
    r"\text{stop\_grad}": Builtin.STOP_GRAD, r"\text{stopgrad}": Builtin.STOP_GRAD, r"\text{sg}": Builtin.STOP_GRAD,
    r"\text{tr}": Builtin.TRACE, r"\text{Tr}": Builtin.TRACE, r"\text{trace}": Builtin.TRACE, "o": Builtin.LITTLE_O,
    "O": Builtin.BIG_O, r"\mathcal{O}": Builtin.BIG_O, r"\text{diag}": Builtin.DIAGONAL, r"\text{Diag}": Builtin.DIAGONAL,
    "I": Builtin.IDENTITY, r"\mathbf{I}": Builtin.IDENTITY, r"\mathbb{I}": Builtin.IDENTITY,
    r"\boldsymbol{I}": Builtin.IDENTITY, r"\bm{I}": Builtin.IDENTITY,
    r"\mathbb{E}": Builtin.EXPECTATION, r"\mathbf{E}": Builtin.EXPECTATION,
    # E in roman or italic (notes, theses); a document that declares E (an energy, edges) means that
    "E": Builtin.EXPECTATION, r"\text{E}": Builtin.EXPECTATION, r"\text{Var}": Builtin.VARIANCE, r"\mathbb{V}": Builtin.VARIANCE,
    r"\delta": Builtin.KRONECKER,
    r"\mathbb{1}": Builtin.INDICATOR, r"\mathbf{1}": Builtin.INDICATOR,
    # the Kullback-Leibler divergence in the spellings of the field (\mathrm{KL} is \text{KL})
    "D_{KL}": Builtin.KL, r"D_{\text{KL}}": Builtin.KL, r"\text{D}_{\text{KL}}": Builtin.KL, "KL": Builtin.KL,
    r"\text{KL}": Builtin.KL, r"\mathbb{D}_{\text{KL}}": Builtin.KL, r"\mathbb{D}_{KL}": Builtin.KL,
    r"\mathcal{D}_{\text{KL}}": Builtin.KL, r"\mathcal{D}_{KL}": Builtin.KL, r"\mathbb{KL}": Builtin.KL,
    # the Jensen-Shannon divergence (\operatorname{JSD} is \text{JSD})
    "JSD": Builtin.JS, r"\text{JSD}": Builtin.JS, "D_{JS}": Builtin.JS, r"D_{\text{JS}}": Builtin.JS,
    r"\text{JS}": Builtin.JS, r"\mathbb{D}_{JS}": Builtin.JS, r"\mathcal{D}_{JS}": Builtin.JS,
    r"\mathbb{D}_{\text{JS}}": Builtin.JS, r"\mathcal{D}_{\text{JS}}": Builtin.JS,
} | ELEMENTARY_KEYS

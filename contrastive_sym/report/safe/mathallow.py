r"""The allowlist of :func:`.texmath.sanitise_math`: the commands, environments and
characters a document's math may use, and the limits on its size."""
from __future__ import annotations

import string

MAX_MATH_LENGTH = 6000   # characters of source; the longest real statement has about 2,000
MAX_MATH_DEPTH = 40      # nesting of groups; TeX's own limit is 255
MAX_ROW_LENGTH = 1500    # characters of TeX in one row: wider would shrink past reading
                         # (and past what graphicx can scale); real rows reach about 500
MAX_ROWS = 200           # rows of one display

_GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi "
    "pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega "
    "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega").split()

_RELATIONS = (
    "leq le geq ge leqslant geqslant leqq geqq neq ne approx equiv sim simeq cong propto ll gg in notin ni subset subseteq "
    "supset supseteq to rightarrow leftarrow gets leftrightarrow Rightarrow Leftarrow "
    "Leftrightarrow implies impliedby iff mapsto longrightarrow mid parallel perp rarr triangleq").split()

_SYMBOLS = (
    "cdot times div pm mp oplus otimes odot circ ast star bullet setminus cup cap wedge vee "
    "land lor neg lnot bmod forall exists nexists emptyset varnothing infty nabla partial prime "
    "ell hbar Re Im aleph top bot dots ldots cdots vdots ddots colon "
    "sum prod coprod int iint oint bigcup bigcap bigoplus bigotimes bigvee bigwedge "
    "log ln exp max min lim sup inf sin cos tan sinh cosh tanh arg det dim ker deg gcd Pr "
    "liminf limsup arcsin arccos arctan quad qquad "
    "langle rangle lvert rvert lVert rVert vert Vert lbrace rbrace lfloor rfloor lceil rceil").split()

# Commands that take no argument and are harmless in math mode.
MATH_SYMBOLS = frozenset("\\" + name for name in _GREEK + _RELATIONS + _SYMBOLS) | {
    r"\{", r"\}", r"\|", r"\,", r"\;", r"\:", r"\!", "\\ ", r"\_", r"\%", r"\&", r"\#", r"\$"}

# Where a long statement may be broken into rows: relations outside every group.
BREAK_RELATIONS = frozenset({"=", "<", ">", r"\leq", r"\le", r"\geq", r"\ge", r"\neq", r"\ne",
                             r"\approx", r"\equiv", r"\sim", r"\simeq"})

DELIMITERS = frozenset({"(", ")", "[", "]", "|", "/", ".", r"\{", r"\}", r"\|", r"\langle",
                        r"\rangle", r"\lvert", r"\rvert", r"\lVert", r"\rVert", r"\vert",
                        r"\Vert", r"\lbrace", r"\rbrace", r"\lfloor", r"\rfloor", r"\lceil",
                        r"\rceil"})

SIZES = frozenset("\\" + s + v for s in ("big", "Big", "bigg", "Bigg") for v in ("", "l", "r", "m"))

ONE_ARGUMENT = frozenset({r"\mathrm", r"\mathbf", r"\mathit", r"\mathsf", r"\mathtt",
                          r"\boldsymbol", r"\tilde", r"\hat", r"\bar", r"\vec", r"\dot", r"\ddot",
                          r"\check", r"\breve", r"\widehat", r"\widetilde", r"\overline",
                          r"\underline", r"\underbrace", r"\overbrace", r"\pmod", r"\boxed"})
TWO_ARGUMENTS = frozenset({r"\frac", r"\dfrac", r"\tfrac", r"\binom", r"\dbinom", r"\tbinom",
                           r"\overset", r"\underset", r"\stackrel"})
# Font commands whose argument must be plain letters (\mathcal{\sum} draws garbage).
LETTER_ARGUMENT = frozenset({r"\mathbb", r"\mathcal", r"\mathfrak", r"\operatorname", r"\color"})
# An equation's number or label: layout of the document, not math; left out with its argument
DROPPED_WITH_ARGUMENT = frozenset({r"\tag", r"\label"})
# Where the limits of an operator go (\sum\limits_{a}): layout the report's displays decide; left out,
# since after anything but an operator TeX stops with "Limit controls must follow a math operator"
DROPPED = frozenset({r"\limits", r"\nolimits"})
TEXT_ARGUMENT = frozenset({r"\text", r"\textrm", r"\textit", r"\textbf", r"\textsf", r"\texttt",
                           r"\mbox"})

# Display environments that become rows of the report's own aligned display.
FLATTENED_ENVIRONMENTS = frozenset({"align", "align*", "aligned", "equation", "equation*",
                                    "gather", "gather*", "gathered", "split", "multline",
                                    "multline*", "eqnarray", "eqnarray*"})
KEPT_ENVIRONMENTS = frozenset({"cases", "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix",
                               "Vmatrix", "smallmatrix"})

LETTERS = frozenset(string.ascii_letters)
MATH_CHARACTERS = frozenset(string.ascii_letters + string.digits + "+-=<>()[]|/.,;:!?*")
SCRIPT_CHARACTERS = frozenset(string.ascii_letters + string.digits + "+-*=<>()[]|/.,;:!?")
TEXT_CHARACTERS = frozenset(string.ascii_letters + string.digits + " .,;:!?()[]-+=/'*<>|")
TEXT_COMMANDS = frozenset({r"\_", r"\,", "\\ ", r"\{", r"\}", r"\%", r"\&", r"\#", r"\$",
                           r"\ldots", r"\dots"})

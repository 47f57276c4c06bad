r"""Constructs of real documents that the grammar does not read, and what to say instead.

When a formula fails at one of these, the error names the construct as the user wrote
it (``\sqrt[n]{…}``, ``\begin{pmatrix}``, ``|…|``) and, where one exists, a form that is
read; otherwise it points to ``restated_from`` (the derivation restates the line and
records which text of the document it restates).

>>> unsupported(r"a \propto b", 2)
"'\\propto' (proportional to) is not read; restate the line with restated_from"
>>> unsupported("x + y", 0) is None
True
"""
from __future__ import annotations

import re

from .unwritten_operands import inside_entries

from .cases_layout import array_is_layout

_RESTATE = "restate the line with restated_from"

#: (pattern at the failing position, message)
_CONSTRUCTS = [
    (r"\\begin\s*\{(array|matrix|pmatrix|bmatrix|Bmatrix|vmatrix|Vmatrix|smallmatrix)\}",
     r"'\begin{{{0}}}' (an array or matrix) is not read; " + _RESTATE),
    # \begin{cases} itself is read (cases_layout.py); these variants write conditions in text
    (r"\\begin\s*\{(cases\*|dcases\*|rcases|numcases)\}",
     r"'\begin{{{0}}}' is not read; write \begin{{cases}} v_1 & j = i \\ v_2 & \text{{otherwise}} \end{{cases}} "
     r"(each condition in math: indices, class labels or \text{{otherwise}}) or " + _RESTATE),
    (r"\\(overset|underset|stackrel)(?![a-zA-Z])", r"'\{0}{{…}}{{…}}' is read over one relation only "
     r"(\overset{{(a)}}{{=}} is =), and \underset{{…}}{{\mathbb{{E}}}} as \mathbb{{E}}_{{…}}; over anything else "
     r"drop the annotation (keep the symbol under it) or "
     + _RESTATE),
    # Bars are paired in each group before parsing (bars.py): one left here has no partner.
    (r"\\vert(?![a-zA-Z])", r"'\vert' without a partner '\vert' in its group is not read (the bars of |…| are "
     r"the 1st and 2nd of one group: braces, parentheses, a row); write \lvert x \rvert or \left| x \right| "
     r"for the absolute value of a number, or " + _RESTATE),
    (r"\|", r"unexpected '|': a bar without a partner '|' in its group is not read (the bars of |…| are the 1st "
     r"and 2nd of one group: braces, parentheses, a row; a restriction is f|_{x=0}); write \lvert x \rvert or "
     r"\left| x \right| for the absolute value of a number, or " + _RESTATE),
    (r"\\(eqref|ref)(?![a-zA-Z])", r"'\{0}{{…}}' refers to another display, which this one does not write: as the "
     r"first side of a chain followed by further links it is read so (that link is not checked); anywhere "
     r"else write the expression it refers to, or " + _RESTATE),
    (r"\\over(?![a-zA-Z])", r"'\over' is read as the fraction of its group, {a \over b}; here it is not the "
     r"one \over between two terms of a group in braces: write {a \over b} or \frac{a}{b}"),
    (r"\ue050", r"a space (~, \;, \:, '\ ') between two formulas of a row: two statements side by side, or a product "
     r"in a chain (A = B~C = D read as A = B C = D)?  Write \quad between two statements, a comma, or nothing "
     r"(or \cdot) inside a product"),
    # \max I(X; Y): an objective maximised over what the display does not write (\min so is an optimum,
    # undecided; \max alone cannot be read so beside \max(a, b) and \max\{a, b\} in an LALR grammar)
    (r"\\max(?![a-zA-Z])(?=\s*(?:[A-Za-z0-9]|\\(?!left|limits|nolimits|[{(])[a-zA-Z]+))",
     r"'\max' with nothing under it (an objective maximised over parameters the display does not name) is not "
     r"read: write what it runs over, \max_{\theta} …, or the values of a finite set, \max(a, b); or " + _RESTATE),
    (r"\\sqrt\s*\[", r"'\sqrt[n]{…}' is not read; write (…)^{1/n}"),
    (r"\\propto(?![a-zA-Z])", r"'\propto' (proportional to) is not read; " + _RESTATE),
    (r"\\(triangleq|coloneqq|doteq)(?![a-zA-Z])",
     r"'\{0}' defines: a definition is read in a [[define]] table (or a define annotation), not in a claim; "
     r"there it reads as ="),
    (r":=", r"':=' defines: a definition is read in a [[define]] table (or a define annotation), not in a "
     r"claim; there it reads as ="),
    (r"\\(pmod|bmod|mod)(?![a-zA-Z])", r"'\{0}' (a congruence, or a remainder) is not read; " + _RESTATE),
    (r"\\(gg|ll)(?![a-zA-Z])",
     r"'\{0}' (much greater, much less: by how much is not written) is not a relation the checker decides; "
     r"write the bound it means (a \geq 10 b), or " + _RESTATE),
    (r"\\(cong|eqqcolon)(?![a-zA-Z])",
     r"the relation '\{0}' is not read; write = for a definition, or " + _RESTATE),
    (r"\\(leftarrow|gets|mapsto)(?![a-zA-Z])",
     r"'\{0}' (an assignment: an update rule, a map) is not a relation the checker decides: such a "
     r"display states no relation to check; an update rule alone in its display (\theta \leftarrow m \theta + "
     r"(1-m) \theta') is read as one, not checked; else mark it unchecked, or a [[define]] with read = false"),
    (r"\\(Rightarrow|Longrightarrow|Leftrightarrow|Longleftrightarrow|iff|therefore)(?![a-zA-Z])",
     r"'\{0}' (an implication between statements) is not a relation the checker decides: state what "
     r"follows as a statement of its own (a claim, or the next step of a derivation), or " + _RESTATE),
    (r"\\middle(?![a-zA-Z])", r"'\middle' (a set written by a condition, \left\{ z_i \middle| i \leq t \right\}) is not "
     r"read: a set the checker sums over or counts is a declared [[set]] (its members or a condition on indices); "
     + _RESTATE),
    (r":(?!=)", r"':' is not read here: a map's signature is read alone in its display (f : \mathcal{X} \to "
     r"\mathbb{R}^d, g : x \mapsto z, or the two on two rows), and states no relation to check; a condition after "
     r"':' is read only in a sum's subscript (\sum_{j : y_j = y_i}); " + _RESTATE),
    (r"\.(?=\s*(?:\\text\s*\{\s*)?[a-zA-Z_]+\s*\}?\s*\()",
     r"'.' before a call (x.size(0), code rather than mathematics) is not read: write the value it stands for "
     r"(N for the number of entries), or " + _RESTATE),
    (r"\\(xrightarrow|xlongrightarrow)\s*\{",
     r"'\{0}{{…}}' (an arrow with the limit written over it, A \xrightarrow{{\tau \to 0^+}} B) is not read yet: "
     r"write the limit, \lim_{{\tau \to 0^+}} A = B, or " + _RESTATE),
    (r"\\(oint|iint|iiint)(?![a-zA-Z])",
     r"'\{0}' is not read (an integral is read as one \int of a density, \int p(x) g(x) \, dx); " + _RESTATE),
    (r"\\choose(?![a-zA-Z])", r"'{n \choose k}' is not read; write \binom{n}{k}"),
    (r"\\(lfloor|lceil)(?![a-zA-Z])", r"'\{0}' (a rounding to a whole number) is not read; " + _RESTATE),
    # binary operators of LaTeX that no declaration gives a meaning: named, never "not declared"
    (r"\\(pm|mp)(?![a-zA-Z])", r"'\{0}' (plus or minus) writes two formulas at once, which are not read as one: "
     r"write each as a statement of its own (a + b and a - b), or " + _RESTATE),
    (r"\\circ(?![a-zA-Z])", r"'\circ' (a composition f \circ g, or an entrywise product) is not read: write the "
     r"composition applied, f(g(x)), or the entrywise product as \odot; or " + _RESTATE),
    (r"\\(oplus|otimes|ominus|boxtimes|bigoplus|bigotimes)(?![a-zA-Z])",
     r"'\{0}' (a direct sum, a concatenation, a tensor or Kronecker product) is not read; " + _RESTATE),
    (r"\\(ast|star)(?![a-zA-Z])", r"'\{0}' between two values (a convolution, or a product) is not read: write "
     r"\cdot or nothing for a product; as a mark of a name (w^\star, x^*) it is part of the name; or " + _RESTATE),
    (r"\\det(?![a-zA-Z])", r"'\det' (the determinant of a matrix) is not read; " + _RESTATE),
    (r"\\Gamma(?![a-zA-Z])(?=\s*(?:\\left\s*|\\big\s*)?\()", r"'\Gamma(…)' (the gamma function) is not read: the checker "
     r"does not evaluate it; declare \Gamma if it is a name of the document's, or " + _RESTATE),
    (r"\\mathbb\s*\{\s*P\s*\}(?=\s*(?:\\left\s*|\\big\s*)?[(\[])", r"'\mathbb{P}(…)' (the probability of an event) is "
     r"not read as written: a probability is read as a declared [[distribution]]'s density at points, p(x), or as a "
     r"definition the document gives (P(D = 1 \mid w, c) = …); " + _RESTATE),
    (r"!(?![=])", r"'!' (a factorial) is not read; write the product it stands for (\prod_{k=1}^{n} k), "
     r"or " + _RESTATE),
]
_COMPILED = [(re.compile(pattern), message) for pattern, message in _CONSTRUCTS]


#: the denominator of a derivative's fraction, \frac{\partial F}{, up to where it should write \partial
_DERIVATIVE_DENOMINATOR = re.compile(r"\\[dt]?frac\s*\{\s*-?\s*\\partial(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}\s*\{\s*$")


#: what follows an operator on nothing: a relation, the end of a row or of the formula (an operand whose own
#: text does not read, \frac{\partial}{\partial x} \left( f(x \right), is not nothing)
_RELATION_NEXT = re.compile(r"\s*(?:=|<|>|\\(?:le|leq|ge|geq|approx|propto|ne|neq|simeq)(?![a-zA-Z])|\\\\|$)")
#: \frac{\partial}{\partial x} and then a relation, the end of a row or of the formula: an operator on nothing
_BARE_DERIVATIVE = re.compile(r"\\[dt]?frac\s*\{\s*\\partial\s*\}\s*\{\s*\\partial(?:[^{}]|\{[^{}]*\})*\}\s*&?\s*$")


def unsupported(text: str, position: int) -> str | None:
    """The message for a construct the grammar does not read that starts at
    ``position`` of ``text``, or None if it is not one of the known ones."""
    if _DERIVATIVE_DENOMINATOR.search(text[max(0, position - 400):max(position, 0)]) \
            and not text.startswith("\\partial", max(position, 0)):
        # \frac{\partial}{\theta_j}: the variable is written without its \partial
        return ("a derivative \\frac{\\partial …}{…} whose denominator does not start with \\partial: write the "
                "variable it is taken by as \\partial x (\\frac{\\partial f}{\\partial \\theta_j}), or " + _RESTATE)
    if _BARE_DERIVATIVE.search(text[max(0, position - 400):max(position, 0)]) and inside_entries(text, position):
        return ("a derivative \\frac{\\partial}{\\partial x} alone in an entry of a matrix is not read: an operand "
                "written after the matrix is not applied to its entries; write the derivatives of what it differentiates "
                "(\\frac{\\partial L}{\\partial x}) in the entries, or " + _RESTATE)
    if _BARE_DERIVATIVE.search(text[max(0, position - 400):max(position, 0)]) and _RELATION_NEXT.match(text, position):
        return ("a derivative \\frac{\\partial}{\\partial x} with nothing after it: what it is the derivative of is not "
                "written (\\frac{\\partial L}{\\partial x}, or \\frac{\\partial}{\\partial x} L); where the text around "
                "the display names it, the claim says so with differentiates = '\\mathcal{L}'; or " + _RESTATE)
    if re.search(r"(?<![A-Za-z\\])s\s*$", text[:max(position, 0)]) and re.match(r"\.\s*t\s*\.", text[max(position, 0):]):
        # "s.t. s_i = s_j, …" in italic letters: the constraints of a problem, written alone
        return ("'s.t.' (subject to) in letters is read only after the problem it constrains, on its row, in text: "
                "\\min_q f(q) \\text{ s.t. } q_1 \\geq 0; constraints alone state nothing to check: "
                "state them in the claim's given, or " + _RESTATE)
    if re.search(r"(?:^|\\\\|\\begin\{[a-z]+\*?\})\s*&?\s*\d+\s*$", text[:max(position, 0)]) and text.startswith(".", max(position, 0)):
        # "1. \frac{\partial}{\partial v_c} …": a list numbered inside a display
        return ("a row numbered as an item of a list ('1.') is not read: a display holds formulas; write each item "
                "as a display of its own, without its number, or " + _RESTATE)
    for pattern, message in _COMPILED:
        match = pattern.match(text, max(position, 0))
        if match and match.group().startswith("\\begin") and array_is_layout(text, position):
            continue         # \left\{ \begin{array}{ll} … \right. is a definition by cases, read
        if match:
            groups = [g for g in match.groups() if g is not None]
            return message.format(*groups) if groups else message
    return None

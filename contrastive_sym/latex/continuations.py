r"""Layout that carries no mathematics, removed before parsing (spaces of the same length,
so that every column of an error still points into the user's text): a long expression
broken over rows, and a note written over a relation.

A row that starts with ``+`` or ``-`` goes on with the expression of the row above it.

Papers break a long side over aligned rows::

    \mathcal{L} &= -\log e^{s_{ii}} \\
                &\quad + \log \sum_{k} e^{s_{ik}}

The second row is no statement of its own: it has no relation, and it starts with a
sign.  :func:`join_continuations` removes the ``\\`` before such a row (spaces of the same
length, so that every column of an error still points into the user's text), and the
parser reads the two rows as one.  A row that starts with a sign but states a relation
of its own (``a = b \\ -c = d``) is left alone: joining it would make one chain of two
statements, and the reader refuses the two rows as it did before.
"""
from __future__ import annotations

import re

#: \overset{(a)}{=}, \stackrel{\text{Jensen}}{\leq}, \underset{…}{=}: a note over or under a
#: relation (which step, which inequality) that says nothing the relation does not
_ANNOTATED = re.compile(r"\\(?:overset|underset|stackrel)\s*\{")
# (\overset{\text{i.i.d.}}{\sim} in an expectation's subscript: a draw of several points is
# read as independent draws in any case)
_ONE_RELATION = re.compile(r"\s*(=|<|>|\\(?:leq?|geq?|neq?|approx|to|sim)(?![a-zA-Z]))\s*")

# \\ , then what may stand before the sign: white space, alignment, spacing commands
_BREAK = re.compile(r"\\\\(?=(?:\s|&|\\quad|\\qquad|\\[,;:! ])*[+-])")
# a relation at the top level of a row: what would make the row a statement of its own
_RELATION = re.compile(r"=|<|>|\\(?:leq?|geq?|neq?|approx|equiv|sim|simeq|propto|to|rightarrow|implies)"
                       r"(?![a-zA-Z])")


def join_continuations(text: str) -> str:
    """``text`` with each ``\\\\`` before a row that continues the expression above it
    replaced by spaces."""
    joined = text
    for match in reversed(list(_BREAK.finditer(text))):
        row = row_after(text, match.end())
        if states_a_relation(row):
            continue
        joined = joined[:match.start()] + "  " + joined[match.end():]
    return joined


def row_after(text: str, start: int) -> str:
    """The text of the row that starts at ``start``: up to the next ``\\\\`` at the top
    level, or the end of an environment, or of the text."""
    depth, position = 0, start
    while position < len(text):
        char = text[position]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and text.startswith("\\\\", position):
            break
        elif depth == 0 and text.startswith("\\end", position):
            break
        position += 1
    return text[start:position]


def states_a_relation(row: str) -> bool:
    """Whether a relation stands in ``row`` outside every brace and bracket (the = of ``\\sum_{k=1}``,
    of ``- \\log p(C=1 | q)`` in a row that goes on with the expression above it, is inside)."""
    return _RELATION.search(top_level(row)) is not None


def top_level(text: str) -> str:
    """``text`` with every brace, bracket and parenthesis and what they hold blanked (same length)."""
    depth, brackets, flat = 0, 0, []
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char in "([":
            brackets += 1
        elif char in ")]":
            brackets = max(brackets - 1, 0)
        flat.append(char if depth == 0 and brackets == 0 and char not in "{}()[]" else " ")
    return "".join(flat)


#: x, y \sim_{\text{i.i.d.}} p: the note "i.i.d." written as a subscript of \sim
_IID_BELOW = re.compile(r"(?<=\\sim)\s*_\s*(?:\{\s*\\(?:text|mathrm)\s*\{\s*i\.?\s*i\.?\s*d\.?\s*\}\s*\}"
                        r"|\\(?:text|mathrm)\s*\{\s*i\.?\s*i\.?\s*d\.?\s*\})")


def drop_annotations(text: str) -> str:
    """``text`` with each note over or under a relation removed: ``\\overset{(a)}{=}``
    reads as ``=``, ``\\sim_{\\text{i.i.d.}}`` as ``\\sim``.  A note over anything but one
    relation is left for the reader to refuse."""
    text = _IID_BELOW.sub(lambda m: " " * len(m.group()), text)
    out = text
    for match in reversed(list(_ANNOTATED.finditer(text))):
        note_end = _closing(text, match.end())
        if note_end is None or note_end + 1 >= len(text):
            continue
        second = re.match(r"\s*\{", text[note_end + 1:])
        if second is None:
            continue
        body_start = note_end + 1 + second.end()
        body_end = _closing(text, body_start)
        if body_end is None or _ONE_RELATION.fullmatch(text[body_start:body_end]) is None:
            continue
        out = out[:match.start()] + " " * (body_start - match.start()) + out[body_start:body_end] + " " + \
            out[body_end + 1:]
    return out


def _closing(text: str, start: int) -> int | None:
    """The position of the brace that closes the group opened just before ``start``."""
    depth = 1
    for position in range(start, len(text)):
        if text[position] == "{":
            depth += 1
        elif text[position] == "}":
            depth -= 1
            if depth == 0:
                return position
    return None


#: \sum_{j \mid y_{ij} = 1}: the bar after a sum's index separates its condition, as a colon does
_CONDITION_BAR = re.compile(r"(\\(?:sum|prod|max|min)(?![a-zA-Z])(?:\s*\\(?:no)?limits(?![a-zA-Z]))?\s*_\s*\{[^{}:|\\]*?"
                            r"|\\\{\s*[A-Za-z](?:[^{}:|\\]|\\in(?![a-zA-Z]))*?)(\\mid(?![a-zA-Z])|\|)")     # and \{k \mid k \neq i\}
#: the spellings of brackets by name, as the bracket itself (same length)
_NAMED_BRACKETS = re.compile(r"\\(lbrack|rbrack|lparen|rparen)(?![a-zA-Z])")
_BRACKET_OF = {"lbrack": "[", "rbrack": "]", "lparen": "(", "rparen": ")"}


#: _{k|i}, _{j \mid i}: two indices with a bar between them (the probability of k given i, p_{k|i})
_CONDITIONAL_SCRIPT = re.compile(r"(_\s*\{\s*[A-Za-z0-9]'*\s*)(\||\\mid(?![a-zA-Z]))(\s*[A-Za-z0-9]'*\s*\})")


def conditions_after_bars(text: str) -> str:
    r"""``text`` with the bar that separates a sum's index from its condition written as a colon
    (``\sum_{j \mid y_{ij} = 1}`` is ``\sum_{j : y_{ij} = 1}``, same length; so is the bar of a set
    written by a condition, ``\{k \mid k \neq i\}``); the bar between the two indices of any other
    subscript, ``p_{k|i}``, ``p_{j \mid i}`` (the probability of k given i, as t-SNE and the softmax over
    candidates write it), as a comma: the entry (k, i) of p, which a definition ``p_{k|i} = …`` gives;
    and ``\lbrack``, ``\rbrack``, ``\lparen``, ``\rparen`` as the brackets they name."""
    text = _CONDITION_BAR.sub(lambda m: m.group(1) + ":".ljust(len(m.group(2))), text)
    text = _CONDITIONAL_SCRIPT.sub(lambda m: m.group(1) + ",".ljust(len(m.group(2))) + m.group(3), text)
    return _NAMED_BRACKETS.sub(lambda m: _BRACKET_OF[m.group(1)].ljust(len(m.group())), text)


#: x^{(i)+}: the mark written after a parenthesised superscript index
MARK_AFTER_INDEX = re.compile(r"\^\{(\s*)\(([^{}()]*)\)(\s*)([+\-])(\s*)\}")


def mark_first(text: str) -> str:
    """``text`` with ``x^{(i)+}`` written ``x^{+(i)}`` (same length): the positive of pair
    i, the mark then the index, as a family declared with the mark reads it.  The
    translator sees what was written (its text is the user's) and refuses the mark after
    the index on anything but such a family, so no power is ever read from it."""
    return MARK_AFTER_INDEX.sub(lambda m: "^{" + m.group(1) + m.group(4) + "(" + m.group(2) + ")" + m.group(3)
                                + m.group(5) + "}", text)


#: {-} and {+}: a sign in braces (2k{-}1, SimCLR's way of setting a binary minus tightly);
#: {\cdot} likewise (MoCo's q{\cdot}k_{+})
_BRACED_SIGN = re.compile(r"\{(\s*)([+\-]|\\cdot(?![a-zA-Z])|\\times(?![a-zA-Z]))(\s*)\}")


def unbrace_signs(text: str) -> str:
    r"""``text`` with ``2k{-}1`` written ``2k - 1`` and ``q{\cdot}k`` written ``q \cdot k`` (same
    length: the braces become spaces).
    A braced sign right after ``^`` or ``_`` is a script (``s^{-}_i``, the negatives) and is
    left alone.  An empty script, ``\sum_{w \in V}^{}`` (an editor's template), is nothing, as TeX
    sets it: blanked."""
    def replace(match):
        before = text[:match.start()].rstrip()
        if before.endswith(("^", "_")):
            return match.group(0)
        return " " + match.group(1) + match.group(2) + match.group(3) + " "
    return _EMPTY_SCRIPT.sub(lambda m: " " * len(m.group()), _BRACED_SIGN.sub(replace, text))


_EMPTY_SCRIPT = re.compile(r"(?<!\\)[_^]\s*\{\s*\}")


#: ``\boxed{…}`` too: a box drawn around a formula (a result set apart) carries no mathematics
_MATHOP = re.compile(r"\\(?:mathop|mathord|mathbin|mathrel|boxed|operatorname\*?(?=\s*\{\s*\\[a-zA-Z]))\s*\{")


def unwrap_math_classes(text: str) -> str:
    r"""``text`` with ``\mathop{\mathbb{E}}``, ``\operatorname{\mathbb{E}}`` (not ``\operatorname{tr}``, a name)
    written ``\mathbb{E}`` (same length: the wrapper and its closing brace become spaces).  The wrapper
    sets spacing and where limits go; the symbol inside is what it means.  ``\boxed{a = b}`` is ``a = b``, and
    so is ``\colorbox{mint}{$a = b$}``."""
    out = text
    for match in reversed(list(_MATHOP.finditer(text))):
        close = _closing(text, match.end())
        if close is None:
            continue
        out = out[:match.start()] + " " * (match.end() - match.start()) + out[match.end():close] + " " + \
            out[close + 1:]
    for match in reversed(list(_COLORBOX.finditer(out))):
        # \colorbox{mint}{ $ a = b $ }: a highlight around a formula, its math between the dollars
        close = _closing(out, match.end())
        inner = re.fullmatch(r"(\s*\$)(.*?)(\$\s*)", out[match.end():close], re.S) if close is not None else None
        if inner is not None:
            start, end = match.end() + len(inner.group(1)), close - len(inner.group(3))
            out = out[:match.start()] + " " * (start - match.start()) + out[start:end] + " " * (close + 1 - end) + \
                out[close + 1:]
    return out


#: \colorbox{name}{ and \fcolorbox{frame}{fill}{, whose last group holds the formula between dollars
_COLORBOX = re.compile(r"\\(?:colorbox\s*\{[^{}]*\}|fcolorbox\s*\{[^{}]*\}\s*\{[^{}]*\})\s*\{")


_SUBSTACK = re.compile(r"\\substack\s*\{")


def flatten_substacks(text: str) -> str:
    r"""``text`` with ``\substack{i = 1 \\ i \neq j}`` written ``i = 1 , i \neq j`` (same length:
    the wrapper and its brace become spaces, each ``\\`` of its own level a comma): the lines
    of a stacked subscript are the clauses of one subscript, as commas separate them
    (``\mathbb{E}_{\substack{x \sim p \\ x^+ \sim p^+}}``)."""
    out = text
    for match in reversed(list(_SUBSTACK.finditer(text))):
        close = _closing(out, match.end())
        if close is None:
            continue
        inner, depth = list(out[match.end():close]), 0
        for position, char in enumerate(inner):
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth == 0 and char == "\\" and position + 1 < len(inner) and inner[position + 1] == "\\" \
                    and (position == 0 or inner[position - 1] != "\\"):
                inner[position], inner[position + 1] = ",", " "
        out = out[:match.start()] + " " * (match.end() - match.start()) + "".join(inner) + " " + out[close + 1:]
    return out


_SIGN = r"(=|<|>|\\(?:le|leq|ge|geq|ne|neq|approx|equiv)(?![a-zA-Z]))"
#: a relation ending a row and the same relation starting the next (the sign repeated at a
#: break, as Russian and some other typesetting does): ``a = b = &\\ & = c``
_REPEATED = re.compile(_SIGN + r"(?P<gap>(?:\s|&)*\\\\(?:\s|&)*)" + _SIGN)
_SAME_SIGN = {r"\le": r"\leq", r"\ge": r"\geq", r"\ne": r"\neq"}


_COSMETIC = r"(?:\s|&|\\(?:nonumber|notag)(?![a-zA-Z])|\\label\s*\{[^{}]*\})*"
#: a relation ending a row whose next row does not start with one: the side goes on below
#: (``\mathcal{L}(x) = \nonumber \\ & \frac{1}{N} …``)
_RELATION_BEFORE_BREAK = re.compile(_SIGN + _COSMETIC + r"(\\\\)(?!" + _COSMETIC + _SIGN + ")")


def join_repeated_relations(text: str) -> str:
    r"""``text`` with a relation that ends a row blanked when the next row starts with the same
    relation (same length): ``a = &\\ & = c`` is the chain a = c written with its sign
    repeated at the break.  Two different signs are left for the reader to refuse.  A
    relation that ends a row before one that starts with none (``L = \\ & -\log …``) has
    its right side there: the break goes."""
    out = text
    for match in reversed(list(_REPEATED.finditer(text))):
        first, second = match.group(1), match.group(3)
        if _SAME_SIGN.get(first, first) == _SAME_SIGN.get(second, second):
            out = out[:match.start(1)] + " " * len(first) + out[match.end(1):]
    for match in reversed(list(_RELATION_BEFORE_BREAK.finditer(out))):
        # the right side of the relation is the next row: the break is layout
        out = out[:match.start(2)] + "  " + out[match.end(2):]
    return out


#: {\cal L}, {\bf z}, {\rm sim}: a plain-TeX font switch at the start of a group
FONT_SWITCH = re.compile(r"(?<!\\)\{(\s*)(\\(?:rm|bf|cal|it|sf|tt))(?![a-zA-Z])")


def font_switches_as_commands(text: str) -> str:
    r"""``text`` with ``{\cal L}`` written ``\cal{ L}`` (same length: the brace and the switch trade
    places).  The switch sets the rest of its group in its font, as ``\mathcal{L}`` sets its
    argument; the name is then read, and spelled (latex/scope.py), as the LaTeX2e command's."""
    return FONT_SWITCH.sub(lambda m: m.group(2) + "{" + m.group(1), text)


#: "… ≥ E[…] \triangleq I_{NCE}(X,Y)": a chain that ends by naming the expression before it
TRAILING_NAME = re.compile(r"(\\triangleq(?![a-zA-Z])|=:|\\eqqcolon(?![a-zA-Z]))\s*"
                           r"((?:\\[a-zA-Z]+\s*)?(?:\{[^{}]*\}\s*)?[A-Za-z]?"
                           r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z0-9]))*"
                           r"(?:\s*\([^()=<>]*\))?)"
                           r"(?=(?:\s|[.,;]|\\(?:nonumber|notag)(?![a-zA-Z])|\\label\s*\{[^{}]*\}|\\tag\*?\s*\{[^{}]*\})*$)")


def drop_trailing_name(text: str) -> str:
    r"""``text`` with a last link that names the expression before it (``\triangleq I_{NCE}``,
    ``=: \mathcal{L}``) blanked (same length) when a relation comes before it: a definition,
    which states nothing to check beside the chain (translator.py says it in the readings)."""
    match = TRAILING_NAME.search(text)
    if match is None or not match.group(2).strip() or not re.search(r"=|<|>|\\(?:leq?|geq?)(?![a-zA-Z])",
                                                                     text[:match.start()]):
        return text
    return text[:match.start()] + " " * (match.end() - match.start()) + text[match.end():]


#: "\text{\eqref{eq:loss}} &= …": a chain whose first side refers to another display
#: the start of a display: white space and the environments that open it
_DISPLAY_START = r"^(\s*(?:\\begin\s*\{(?:align|aligned|equation|eqnarray|gather|gathered|split|multline)\*?\}\s*)*"
LEADING_REFERENCE = re.compile(_DISPLAY_START + r"(?P<link>(?:\\text\s*\{\s*)?\(?\s*\\(?:eqref|ref)\s*\{[^{}]*\}\s*\)?(?:\s*\})?"
                               r"\s*&?\s*(?:=|<|>|\\(?:leq?|geq?)(?![a-zA-Z]))))")
_A_RELATION = re.compile(r"=|<|>|\\(?:leq?|geq?)(?![a-zA-Z])")


#: "(1.1) &= …", "(2) = …", "(a) &\le …": a first side that is the label of a term or a display,
#: as derivations name the parts of an earlier one (\underbrace{…}_{(1)}); a letter or a roman
#: numeral is a label only in the column of labels (before &), where no variable is written alone
LEADING_LABEL = re.compile(_DISPLAY_START + r"(?P<link>\(\s*(?:[0-9]+(?:\.[0-9]+)*[a-z]?|\*|\\(?:star|ast)(?![a-zA-Z]))"
                           r"\s*\)\s*&?\s*(?:=|<|>|\\(?:leq?|geq?)(?![a-zA-Z]))"
                           r"|\(\s*(?:[a-h]|i{1,3}|iv|vi{0,3})\s*\)\s*&\s*(?:=|<|>|\\(?:leq?|geq?)(?![a-zA-Z]))))")


def _relation_follows(text: str, start: int) -> bool:
    """Whether a relation is written after ``start`` outside every group: ``i=1`` in the
    subscript of a sum, or ``C=1`` in ``p(C=1 | q)``, is not a further link of the chain."""
    depth = 0
    for position in range(start, len(text)):
        char = text[position]
        if char in "{([":
            depth += 1
        elif char in "})]":
            depth = max(depth - 1, 0)
        elif depth == 0 and _A_RELATION.match(text, position) and text[position - 1:position] != "\\":
            return True
    return False


def leading_link(text: str) -> re.Match | None:
    """The first side and relation of a chain that refers to another display or names a term
    (:data:`LEADING_REFERENCE`, :data:`LEADING_LABEL`), or None."""
    return LEADING_REFERENCE.search(text) or LEADING_LABEL.search(text)


def drop_leading_reference(text: str, known: frozenset = frozenset()) -> str:
    r"""``text`` with a first side that refers to another display (``\eqref{x} \le``, ``(\ref{x}) =``)
    or is a label (``(1.1) &=``) and its relation blanked (same length, line breaks kept) when a
    relation follows (a link not checked, said in the readings; the chain is read from its next
    side) or when the label is one of ``known``, terms earlier displays label (term_labels.py puts
    the term in its place); any other label with no relation after it is refused (parser.py)."""
    match = leading_link(text)
    if match is not None and (_relation_follows(text, match.end()) or labelled(match.group("link"), known)):
        text = re.sub(r"[^\n]", " ", text[:match.end()]) + text[match.end():]
    for start, end, label in row_labels(text):
        if _relation_follows(text, end) or labelled(label, known):
            text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text


def labelled(link: str, known: frozenset) -> bool:
    """Whether the link ``(1) &=`` starts with one of the labels ``known`` (white space removed)."""
    return link.lstrip().startswith("(") and "".join(link[:link.find(")") + 1].split()) in known


def row_labels(text: str) -> list[tuple[int, int, str]]:
    r"""(start, end, the label and its relation as written) of each label that starts a row
    after the first (``… \\ (2) &= …``): a new chain from a term named elsewhere."""
    found, depth = [], 0
    for position, char in enumerate(text):
        depth += (char in "{([") - (char in "})]")
        if depth == 0 and text.startswith("\\\\", position) and text[position - 1:position] != "\\":
            label = LEADING_LABEL.match(text[position + 2:])
            if label is not None:
                found.append((position + 2 + label.start("link"), position + 2 + label.end(), label.group("link")))
    return found


#: "f_\text{opt} \propto \frac{p(x|c)}{p(x)} = …": a first side introduced up to a factor
_PROPTO = re.compile(r"\\propto(?![a-zA-Z])")
_HEAD_ARGUMENTS = re.compile(r"\([^()]*\)$")
#: a name as formulas write one: accents and fonts, a letter, a command or a braced group, scripts
_NAME = re.compile(r"(?!\\(?:sum|prod|int|lim|max|min|sup|inf|log|exp|ln|mathbb|frac|sqrt|left|begin)(?![a-zA-Z]))"
                   r"(?:\\(?:hat|tilde|bar|check|mathcal|mathbf|boldsymbol|mathrm|mathit|mathsf|operatorname)\s*)*"
                   r"(?:\{[^{}]*\}|\\[a-zA-Z]+|[A-Za-z])"
                   r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[a-zA-Z]+(?:\{[^{}]*\})?|[A-Za-z0-9]))*")
#: longest first side read as a name introduced by \propto
_LONGEST_NAME = 200


def leading_proportional_name(text: str) -> tuple[str, str] | None:
    r"""(the first side, its name without arguments) when ``text`` starts ``name \propto`` or
    ``name(x, c) \propto`` and a relation the checker decides follows (``=``, ``<``, ``\le`` …);
    None otherwise.  Whether the name is a new one the translator decides (it knows the
    notation): only then is the link an introduction, up to a factor, and not checked."""
    start = len(text) - len(text.lstrip())
    found = _PROPTO.search(text, start, start + _LONGEST_NAME + len(r"\propto"))
    if found is None or not _A_RELATION.search(text, found.end()):
        return None
    side = text[:found.start()].strip()
    if side.endswith("&"):
        side = side[:-1].strip()
    head = _HEAD_ARGUMENTS.sub("", side).strip()
    return (side, head) if head and _NAME.fullmatch(head) else None


def drop_leading_proportional(text: str) -> str:
    """``text`` with its first side and the ``\\propto`` after it blanked (same length, line
    breaks kept): the chain is read from its next side."""
    end = _PROPTO.search(text).end()
    return re.sub(r"[^\n]", " ", text[:end]) + text[end:]

"""LaTeX text → a lark parse tree, or a :class:`~contrastive_sym.errors.ParseError`.

The grammar (``grammar.lark``) is LALR(1) and its tables are built without a single
shift/reduce or reduce/reduce conflict (a test checks this in lark's strict mode), so a
formula it accepts has exactly one tree.  LALR parsing is iterative and linear in the
length of the input; the limits below keep the recursive translation that follows it
within bounds, whatever the input.
"""
from __future__ import annotations

import functools
import importlib.resources
import re
import unicodedata
from dataclasses import dataclass

import lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .markdown_escapes import escaped_braces, escaped_underscores_as_scripts
from .alignment_marks import misplaced
from ..errors import AmbiguousPairing, ParseError
from .braced_arguments import innermost_open, unbraced_arguments
from .bars import DIVERGENCE, OPEN, PRIVATE, AmbiguousBars, BarError, pair_bars
from .cases_layout import MARKERS, CasesError, array_is_layout, blank_row_arrays, cases_row_defines, mark_cases
from .evaluation_groups import group_evaluation_bars
from .matrix_layout import MARKERS as MATRIX_MARKERS, MatrixLayoutError, bracketed_arrays, mark_matrices
from .memberships import drop_trailing_membership
from .wide_spaces import wide_spaces_as_rows
from .continuations import (FONT_SWITCH, LEADING_LABEL, conditions_after_bars, drop_annotations,
                            drop_leading_reference, drop_trailing_name, flatten_substacks, font_switches_as_commands,
                            join_continuations, join_repeated_relations, mark_first, row_labels, unbrace_signs,
                            unwrap_math_classes)
from .quantifier_clauses import (FORALL_COMMA, RANGE_WRITTEN, forall_in_words, leading_clause_colons, mark_forall_commas,
                                 ranges_as_quantifiers)
from .brace_labels import relation_labels_as_notes
from .optima import MARKS as OPTIMUM_MARKS, mark_optima
from .parse_hints import hint_before
from .remarks import blank_remarks
from .font_groups import FontGroupError, font_around, font_at_error, fonts_distributed, marked
from .script_places import escaped_underscores, nested_fonts, rows_of_slices, scripts_moved, scripts_out_of_fonts
from .row_breaks import join_after_operators
from .spelling import PRIME_SCRIPT, prime_count
from .typed_forms import FULL_WIDTH, typed_forms
from .unsupported import unsupported

#: A formula longer than this is refused before parsing (documents have ~300 characters).
MAX_LENGTH = 20_000
#: Deepest nesting of braces, parentheses and brackets accepted.
MAX_NESTING = 60


@dataclass(frozen=True)
class Where:
    """Where a formula starts: file, line and column (1-based) of its first character."""
    path: str | None = None
    line: int = 1
    column: int = 1
    #: a formula written with escapes (a TOML basic string: "\\sum" is \sum): for each of its lines, the file
    #: column of each of its columns; empty when the formula is written in the file as it reads
    columns: tuple[tuple[int, ...], ...] = ()

    def at(self, line: int, column: int) -> tuple[int, int]:
        """File line and column of a position (line, column) inside the formula."""
        if line - 1 < len(self.columns) and self.columns[line - 1]:
            row = self.columns[line - 1]
            # past the row's end (the end of the formula): as far past its last column
            return self.line + line - 1, row[min(column, len(row)) - 1] + max(column - len(row), 0)
        if line == 1:
            return self.line, self.column + column - 1
        return self.line + line - 1, column

    def error(self, message: str, line: int = 1, column: int = 1, construct: str = "") -> ParseError:
        file_line, file_column = self.at(line, column)
        return ParseError(message, self.path, file_line, file_column, construct=construct)


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    return importlib.resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def _parser() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", lexer="contextual", propagate_positions=True,
                     maybe_placeholders=False)


# A full stop or comma that ends a display (or a row of it) is punctuation of the
# sentence around the formula, not mathematics.
# A label, tag or \nonumber may stand between the punctuation and the end (". \label{eq:x}").
_COSMETIC_TAIL = r"(?:\\(?:label|tag\*?)\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![a-zA-Z])|\s)*"
# The full stop of \right. is an invisible delimiter (it closes \left\{ of cases), not punctuation.
_END_PUNCTUATION = re.compile(r"(?<!\\right)(?<!\\left)(?<!\.\.)[.,;](?=" + _COSMETIC_TAIL + r"(\\\\|\\end\{[a-z*]+\}|\$|$))")
#: Environments never read: refused where they start, before their \\ is taken for a row.
#: Cases (and an array that is a cases layout, \left\{ \begin{array}{ll} … \right.) are read:
#: cases_layout.py marks their rows.
_NEVER_READ = re.compile(r"\\begin\s*\{(array|vmatrix|Vmatrix|smallmatrix"
                         r"|cases\*|dcases\*|rcases|numcases)\}")

_HUMAN = {
    "RBRACE": "'}'", "LBRACE": "'{'", "RPAR": "')'", "LPAR": "'('", "RSQB": "']'", "LSQB": "'['",
    "REL": "a relation", "LETTER": "a letter", "NUMBER": "a number", "CMD": "a command",
    "FRACDIGIT": "a digit", "FRACDIGIT2": "a digit",
    "$END": "the end of the formula", "COMMA": "','", "SETCLOSE": "'\\}'", "NORM": "'\\|'",
    "RNORM": "'\\right\\|'", "RABS": "'\\right|'", "CASESEND": "the end of the cases",
}


#: ≤ and ≥ in their other spellings, read as \leq and \geq (same length)
_SLANTED = re.compile(r"(\\[lg]eq)(?:slant|q)(?![a-zA-Z])")
#: an operator set in bold, SupCon's z_i \boldsymbol{\cdot} z_p: the operator (a font changes no value)
_BOLD_OPERATOR = re.compile(r"\\(?:boldsymbol|mathbf|bm|pmb)\s*\{\s*(\\(?:cdot|times|top|intercal))\s*\}")


def _as_primes(match) -> str:    # a prime written as a superscript: its primes at its end (x^{\prime} spans all)
    return " " * (len(match.group()) - prime_count(match.group())) + "'" * prime_count(match.group())


#: &amp; of a page exported as HTML; \\# of kramdown, which turns \\ into \ (a row break then # is no TeX)
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "#": "\\#"}
_HTML_ENTITY = re.compile(r"&(amp|lt|gt);|\\\\(#)")
#: A backslash before a line end or a tab is TeX's control space, as "\\ " is: read as a space
#: (the line end stays, so that every line and column of the text is still the user's).
_CONTROL_SPACE = re.compile(r"\\\\|\\newline(?![a-zA-Z])|\\(?=[\t\r\n])")
#: A row with nothing in it (``a \\ \\ b``, a blank line left in an align): its break is spacing.
_EMPTY_ROW = re.compile(r"\\\\(?=(?:\s|&)*\\\\)")
#: x^12, s_12, x^2.5: TeX takes one character as a script without braces, so these are set x¹2,
#: s₁2, x²·5: what the author meant (x^{12}? x^1 2?) is not written, and either reading could be wrong
_MULTI_DIGIT_SCRIPT = re.compile(r"(?<!\\)([_^])\s*([0-9](?:[0-9]|\.[0-9])[0-9.]*)")
_SCRIPT = r"\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?[A-Za-z0-9])"
#: A sum or product alone in braces before its body, ``{\sum_{j=2}^N} e^{s_j}`` (with \textstyle, to
#: keep it small in a fraction): the braces group how it is set, not what it sums.
_GROUPED_OPERATOR = re.compile(r"\{(\s*(?:\\(?:text|display)style\s*)?\\(?:sum|prod)(?![a-zA-Z])"
                               r"(?:\s*\\(?:no)?limits(?![a-zA-Z]))?(?:" + _SCRIPT + r")*\s*)\}")


def parse(text: str, where: Where = Where(), labels: frozenset = frozenset(), pairing: tuple | None = None) -> lark.Tree:
    """The parse tree of ``text`` (one display: rows separated by ``\\\\``); ``labels``: those of the
    terms earlier displays write (\\underbrace{…}_{(1)}), which a chain may start with alone; ``pairing``:
    how to pair bars that pair in several ways (one of :class:`AmbiguousPairing`'s ``pairings``)."""
    if not isinstance(text, str):
        raise where.error(f"a formula must be text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise where.error(f"the formula is {len(text)} characters long; at most {MAX_LENGTH} are read",
                          construct=text[:40])
    if not text.strip():
        raise where.error("the formula is empty")
    # the reader marks what it has read with characters of the private use area; one the
    # user wrote would be taken for a mark
    private = next((i for i, c in enumerate(text) if "\ue000" <= c <= "\uf8ff"), None)
    if private is not None:
        raise where.error(f"the character U+{ord(text[private]):04X} is not read",
                          *_line_column(text, private), text[private])
    _check_nesting(text, where)
    if (tab := misplaced(text)) is not None:      # {x^2 & y}: TeX stops there (alignment_marks.py)
        raise where.error("an alignment mark '&' inside braces is not read: TeX stops at it ('Misplaced alignment "
                          "tab character')", *_line_column(text, tab), "&")
    text = bracketed_arrays(text)           # \left[ \begin{array}{c} … \end{array} \right]: a matrix (same length)
    text = blank_row_arrays(text)           # \begin{array}{l} rows of a chain \end{array} (same length)
    never = next((m for m in _NEVER_READ.finditer(text)
                  if m.group(1) != "array" or not array_is_layout(text, m.start())), None)
    if never is not None:
        start = never.start()
        raise where.error(unsupported(text, start), text.count("\n", 0, start) + 1,
                          start - text.rfind("\n", 0, start), never.group())
    cleaned = _CONTROL_SPACE.sub(lambda m: {2: m.group(), 8: "\\\\" + " " * 6}.get(len(m.group()), " "), text)  # \⏎; \newline
    cleaned = typed_forms(_HTML_ENTITY.sub(lambda m: _ENTITIES[m.group(1) or m.group(2)].ljust(len(m.group())), cleaned))
    cleaned = escaped_braces(escaped_underscores_as_scripts(cleaned))      # \sum\_{n}, \sum_\{n}: Markdown's escapes
    cleaned = _EMPTY_ROW.sub("  ", cleaned)      # a \\ before another with nothing between: spacing
    for _ in range(3):      # {\textstyle{\sum_{j=2}^N}}: the inner braces, then the outer
        cleaned = _GROUPED_OPERATOR.sub(lambda m: " " + m.group(1) + " ", cleaned)   # {\sum_{j=2}^N} body
    cleaned = _SLANTED.sub(lambda m: m.group(1) + " " * (len(m.group()) - len(m.group(1))), cleaned)   # \leqslant: \leq
    cleaned = _BOLD_OPERATOR.sub(lambda m: m.group(1) + " " * (len(m.group()) - len(m.group(1))), cleaned)
    cleaned = PRIME_SCRIPT.sub(_as_primes, cleaned)   # x^{\prime}: x'
    # A = B \quad C = D: two rows; \max{(a, b)}: \max(a, b); \substack{a \\ b}: a, b
    cleaned = leading_clause_colons(unbraced_arguments(cleaned))     # \forall i \neq j: s_{ij} \le 1 (same length)
    cleaned = flatten_substacks(_END_PUNCTUATION.sub(" ", wide_spaces_as_rows(cleaned)))
    digits = _MULTI_DIGIT_SCRIPT.search(cleaned)
    if digits is not None:
        mark, number = digits.groups()
        script = "subscript" if mark == "_" else "superscript"
        raise where.error(f"'{mark}{number}' is set with only {number[0]} as its {script} (TeX takes one character "
                          f"after '{mark}' without braces): write {mark}{{{number}}} for the number, or "
                          f"{mark}{number[0]}\\, {number[1:]} if the rest is not part of the {script}",
                          *_line_column(text, digits.start()), text[digits.start():digits.end()])
    cleaned = drop_trailing_name(cleaned)   # "… \triangleq I_{NCE}" ending a chain names it
    cleaned = drop_trailing_membership(cleaned)   # "… \in \mathbb{R}^d": read by the translator
    first = [(m.start("link"), m.end(), m.group("link")) for m in [LEADING_LABEL.search(cleaned)] if m is not None]
    dropped = drop_leading_reference(cleaned, labels)   # "\eqref{eq:x} &= …", "(1) &= …": a link to what is written elsewhere
    lone = [label for label in first + row_labels(cleaned) if dropped[label[0]:label[1]] == cleaned[label[0]:label[1]]]
    if lone:
        label = lone[0]
        shown = " ".join(label[2].split())
        raise where.error(f"'{shown}' starts a chain with a label (of a term or an equation: \\underbrace{{…}}_{{(1)}}), "
                          "not a number, and no further link follows, so nothing it states is written here; write "
                          "the expression the label names", *_line_column(text, label[0]), shown)
    cleaned = dropped
    cleaned = conditions_after_bars(cleaned)  # \sum_{j \mid c} is \sum_{j : c}; \lbrack is [ (same length)
    try:
        # bars with the same character at both ends, paired (same length: every position
        # in the tree and in an error is still one in the user's text)
        cleaned = pair_bars(group_evaluation_bars(cleaned), pairing)   # \left. … \right|_{x=0}: a group, then the bar
        # \frac{dK}{d\epsilon}\big\vert_{\epsilon=0}: a restriction written \vert is the bar | (same length)
        cleaned = _VERT_RESTRICTION.sub(lambda m: "|" + " " * (len(m.group(0)) - 1), cleaned)
    except AmbiguousBars as exc:     # each pairing may be read (latex/bar_readings.py)
        written = text[exc.position:exc.position + len(exc.construct)]
        # placed by where.error: inside a macro's expansion, that is the macro's use as written
        placed = where.error(exc.message.replace(exc.construct, written), *_line_column(text, exc.position),
                             written)
        raise AmbiguousPairing(placed.message, placed.path, placed.line, placed.column,
                               construct=placed.construct, pairings=exc.pairings) from None
    except BarError as exc:     # the construct as written (punctuation was blanked in ``cleaned``)
        written = text[exc.position:exc.position + len(exc.construct)]
        raise where.error(exc.message.replace(exc.construct, written), *_line_column(text, exc.position),
                          written) from None
    try:
        cleaned = mark_cases(cleaned)      # the rows of a definition by cases (same length)
    except CasesError as exc:       # the construct as written (bars were rewritten in ``cleaned``)
        construct = text[exc.position:exc.position + len(exc.construct)]
        raise where.error(exc.message, *_line_column(text, exc.position), construct) from None
    try:
        cleaned = mark_matrices(cleaned)   # the rows, columns and \vdots of a matrix written out (same length)
    except MatrixLayoutError as exc:
        raise where.error(exc.message, *_line_column(text, exc.position), exc.construct) from None
    cleaned = join_repeated_relations(cleaned)   # a = &\\ & = c: the sign repeated at a break
    cleaned = join_after_operators(join_continuations(cleaned))   # a row that starts with + or −, or after one ending so
    cleaned = blank_remarks(drop_annotations(cleaned))   # \overset{(a)}{=} is =; '& \text{by Jensen}' ending a row
    cleaned = forall_in_words(cleaned)        # \text{for all } i is \forall i (same length)
    cleaned = ranges_as_quantifiers(cleaned)   # ", i = 1, \dots, k" ending a row is \forall i \in [k]
    cleaned = mark_first(mark_forall_commas(cleaned))   # \forall i, j: one clause; x^{(i)+} is x^{+(i)}
    cleaned = unbrace_signs(cleaned)        # 2k{-}1 is 2k - 1 (same length)
    cleaned = font_switches_as_commands(cleaned)   # {\cal L} is \cal{ L} (same length)
    cleaned = relation_labels_as_notes(unwrap_math_classes(cleaned))  # \mathop{\mathbb{E}}: \mathbb{E}; _{=0}: _{0}
    cleaned = mark_optima(cleaned)          # \arg\min, \operatorname*{argmax}, sup_x: one mark each (same length)
    cleaned = rows_of_slices(scripts_out_of_fonts(nested_fonts(escaped_underscores(cleaned))))  # \mathbf{h_i}; P_{i,:}; a\_i
    while True:
        try:
            # C^\top_j is C_j^\top; z_{-, i} is {z_-}_i; 2 [x]_+; \mathbf{a - b} is \mathbf{a} - \mathbf{b}
            return scripts_moved(fonts_distributed(_parser().parse(cleaned), text))
        except UnexpectedInput as exc:
            # a font around more than a name: read again with the group marked (font_groups.py)
            font = font_at_error(exc, cleaned)
            if font is None:
                raise _explain(exc, cleaned, where, text) from None
            cleaned = marked(cleaned, font)
        except FontGroupError as exc:
            raise where.error(exc.message, *_line_column(text, exc.start_pos), exc.construct) from None
        except RecursionError:  # pragma: no cover - nesting is bounded above
            raise where.error("the formula is nested too deeply") from None


def _check_nesting(text: str, where: Where) -> None:
    depth, line, column = 0, 1, 0
    for char in text:
        column += 1
        if char == "\n":
            line, column = line + 1, 0
        elif char in "{([":
            depth += 1
            if depth > MAX_NESTING:
                raise where.error(f"braces and parentheses are nested more than {MAX_NESTING} deep",
                                  line, column, char)
        elif char in "})]":
            depth = max(depth - 1, 0)


#: each closing delimiter and the opening one it closes
_CLOSERS = {")": "(", "]": "[", "}": "{"}


def _unclosed(text: str, position: int) -> tuple[str, int, int] | None:
    """The innermost ``(``, ``[`` or ``{`` open at ``position`` of the text as written, with its line and column."""
    found = innermost_open(text, position)
    return None if found is None else (found[0], *_line_column(text, found[1]))


#: a lone dot before what ends an argument: ';', a bar, ',' or ')'
_PLACEHOLDER_DOT = re.compile(r"\.(?!\.)\s*(?:;|\||\\mid(?![a-zA-Z])|\\vert(?![a-zA-Z])|,|\))")

#: \vert left unpaired before a subscript: the bar of a restriction, f(x)\big\vert_{x=0}
_VERT_RESTRICTION = re.compile(r"\\vert(?=\s*_)")

def _line_column(text: str, position: int) -> tuple[int, int]:
    return text.count("\n", 0, position) + 1, position - text.rfind("\n", 0, position)


#: inside the denominator of a fraction that starts with \partial: the parser stopped there
def _explain(exc: UnexpectedInput, text: str, where: Where, original: str | None = None) -> ParseError:
    """The error for ``exc``: found in ``text`` (what the grammar read), shown as the user
    wrote it in ``original`` (the same length; paired bars are rewritten in ``text``)."""
    original = text if original is None else original
    line, column = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    position = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken):
        position = exc.token.start_pos if exc.token.type != "$END" else None
    known = _known_construct(text, position) if position is not None else None
    if known is not None:
        message, start = known
        return where.error(message, *_line_column(text, start), _construct_at(original, start))
    if isinstance(exc, UnexpectedCharacters):
        construct = _construct_at(original, exc.pos_in_stream)
        if _PLACEHOLDER_DOT.match(text, exc.pos_in_stream) and re.search(r"[(,]\s*$", text[:exc.pos_in_stream]):
            # p_m(.; \alpha), \mathcal{P}(. \mid y): a dot for "any argument", as \cdot is written
            return where.error("'.' as an argument (a placeholder for any argument, p_m(.; \\alpha)) is not read: a "
                               "statement about every argument writes a variable for it, p_m(u; \\alpha) with u "
                               "declared; or restate the line with restated_from", line, column, ".")
        if construct[:1] and unicodedata.category(construct[0]) == "Lo":
            # 且 ("and"), 其中 ("where"): a word of the document's language, written in the formula
            word = re.match(r"[^\x00-\x7f\s]+", original[exc.pos_in_stream:]).group()
            return where.error(f"the word '{word}' inside a formula is not read: a formula is read in TeX's "
                               "symbols; a condition in words is written \\text{…} where it ends a row, or the "
                               "line restated with restated_from", line, column, word)
        return where.error(f"cannot read {_quoted(construct)} here", line, column, construct)
    if isinstance(exc, UnexpectedEOF) or isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        opened = _unclosed(original, len(original))
        if opened is not None:
            at = "{}:{}".format(*where.at(opened[1], opened[2]))    # in the file, as every position
            return where.error(f"the formula ends before the {_quoted(opened[0])} opened at {at} is "
                               "closed (an unbalanced parenthesis or brace?)", line, column)
        return where.error("the formula ends too early (an unclosed brace or parenthesis?)",
                           line, column)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        shown, start = _shown(token, text, original)
        opened = _unclosed(original, token.start_pos) if shown in _CLOSERS else None
        if opened is not None and _CLOSERS[shown] != opened[0]:
            line, column = token.line or line, token.column or column
            at = "{}:{}".format(*where.at(opened[1], opened[2]))
            return where.error(f"unexpected {_quoted(shown)}: the {_quoted(opened[0])} opened at {at} is not "
                               f"closed before it (an unbalanced parenthesis?)", line, column, shown)
        if shown in _CLOSERS and opened is None:
            # (f(q, d)) - y)^2: one closer more than openers
            return where.error(f"unexpected {_quoted(shown)}: nothing before it opens a {_quoted(_CLOSERS[shown])} "
                               "it would close (an unbalanced parenthesis?)", token.line or line,
                               token.column or column, shown)
        line, column = token.line or line, token.column or column
        if (grouped := cases_row_defines(text, token.start_pos)) is not None:
            return where.error(grouped, line, column, shown)
        font = font_around(original, token.start_pos)
        if font is not None:
            return where.error(font[0], *_line_column(text, font[1]), font[2])
        opened = _unclosed(original, token.start_pos)
        if opened is not None and opened[0] == "[" and re.search(r"(\||\\mid|\\vert)\s*$", original[:token.start_pos]):
            # \mathbb{E}[L(f) | c_1 \neq c_2]: an expectation given an event
            return where.error(f"a bar inside brackets before '{shown}' conditions on an event, as an expectation "
                               "given an event is written (\\mathbb{E}[X \\mid A]), which is not read yet; a "
                               "condition is read inside a probability or a density, p(x \\mid c)", line, column, shown)
        if (hint := hint_before(text, original, token.start_pos, token.end_pos)) is not None:
            return where.error(hint[0], *_line_column(text, hint[1]), hint[2])      # parse_hints.py
        if start != token.start_pos:            # a paired closing bar: where the user wrote it
            line, column = _line_column(text, start)
        if token.type == "DIVBAR":
            # (a \| b) with no divergence before it: the one bar of a parenthesis is a divergence's
            return where.error(f"{_quoted(shown.strip())} alone in parentheses is read only between the two arguments "
                               "of the Kullback-Leibler divergence, D_{KL}(p \\| q); a norm is \\|x\\|", line, column,
                               shown.strip())
        if "NORM" in exc.expected and "PLUS" not in exc.expected and re.search(r"\\\||\\[lr]?Vert|‖", original):
            # after a \| that has no partner in its group (bars.py paired the others)
            return where.error(f"unexpected {_quoted(shown)} after a '\\|' that has no partner in its group (the bars "
                               "of a norm are the 1st and 2nd of one group: braces, parentheses, a row); write "
                               "\\lVert … \\rVert", line, column, shown)
        expected = sorted(_HUMAN.get(name, name.lower()) for name in exc.expected
                          if not name.startswith("_") and name in _HUMAN)
        hint = f"; expected {', '.join(expected[:4])}" if expected else ""
        return where.error(f"unexpected {_quoted(shown)}{hint}", line, column, shown)
    return where.error(str(exc).splitlines()[0], line, column)  # pragma: no cover


#: the marks of a layout or an operator's spelling, each followed by its padding (same length)
_MARKS = MARKERS | MATRIX_MARKERS | frozenset(OPTIMUM_MARKS)


def _shown(token, text: str, original: str) -> tuple[str, int | None]:
    """The token as the user wrote it, and where it starts (a paired bar: the bar of ``original`` it replaces)."""
    start, end = token.start_pos, token.end_pos
    if str(token) in (",", FORALL_COMMA) and start is not None and original.startswith("\\\\", start):
        return "\\\\", start        # a line of a \substack, read as a comma
    if str(token) == FORALL_COMMA and (start is None or original.startswith(",", start)):
        return ",", start
    primes = next((m for m in PRIME_SCRIPT.finditer(original) if m.end() == end), None) \
        if str(token) == "'" and start is not None else None
    if primes is not None:
        return primes.group(), primes.start()      # x^{\prime}, read as x' (the prime at its end)
    if start is not None and original[start:start + 1] in FULL_WIDTH:
        return original[start], start               # ＋, read as +
    if start is not None and not original.startswith(str(token), start):
        # inside a range clause ", i = 1, \dots, k" that is read as \forall i \in [k]: the clause
        clause = next((m for m in RANGE_WRITTEN.finditer(original) if m.start() <= start < m.end()), None)
        if clause is not None:
            return clause.group(0).rstrip(), clause.start()
    if start is not None and str(token) in ("{", "}") and original.startswith(("\\left", "\\right"), start):
        return _construct_at(original, start), start   # \left. … \right|_{…}, read as a group (evaluation_groups.py)
    under = original.rfind("\\underset", 0, start + 1) if start is not None else -1
    if under >= 0 and not original.startswith(str(token), start) and text[under:start + 1] != original[under:start + 1]:
        return "\\underset", under   # \underset{θ}{\min}, read as \min_{θ} in its place (optima.py)
    switch = next((m for m in FONT_SWITCH.finditer(original) if m.start() <= (start or 0) < m.end()), None)
    if start is not None and switch is not None and not original.startswith(str(token), start):
        return switch.group(), switch.start()       # {\cal L}, read as \cal{ L}: the brace and the switch
    if start is not None and str(token) not in PRIVATE | _MARKS and not original.startswith(str(token), start) \
            and original.startswith("\\", start):
        return _construct_at(original, start), start    # \rbrack read as ], \mid before a sum's condition as :
    if start is None or str(token) not in PRIVATE | _MARKS:
        return str(token), start
    if str(token) in (OPEN["norm"], OPEN["abs"], DIVERGENCE) or str(token) in _MARKS:
        while end < len(text) and text[end] == " " and original[end] != " ":
            end += 1
    else:
        while start > 0 and text[start - 1] == " " and original[start - 1] != " ":
            start -= 1
    return original[start:end], start


def _quoted(construct: str) -> str:
    """``construct`` in quotes as the user wrote it (one backslash, not a repr's two), a
    character that does not print escaped (\\x00, \\u202e)."""
    return "'" + "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                         for c in construct) + "'"


def _known_construct(text: str, position: int) -> tuple[str, int] | None:
    """A construct the grammar does not read (:mod:`.unsupported`) at the failing
    ``position``, or the last command of that kind before it (``\\overset{…}{=}``
    fails at its ``=``): its message and where it starts."""
    found = unsupported(text, position)
    if found is not None:
        return found, position
    for match in reversed(list(re.finditer(r"\\[a-zA-Z]+", text[:position]))):
        found = unsupported(text, match.start())
        if found is not None:
            return found, match.start()
    return None


def _construct_at(text: str, pos: int) -> str:
    """The command or character at ``pos``: what the grammar could not read."""
    match = re.compile(r"\\[a-zA-Z]+|\\.|.", re.S).match(text, max(pos, 0))
    return match.group(0) if match else ""

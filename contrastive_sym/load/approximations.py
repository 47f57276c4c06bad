r"""``≈`` read to the digits a document prints: ``a \approx 6.91`` is 6.905 ≤ a ≤ 6.915 (half a unit
in the last digit; for a whole number, in its last nonzero digit: 9900 is ±50), and a vector or
matrix written out of printed numbers, the example a post works (``\text{softmax}(…) \approx
\begin{bmatrix} 0.66 \\ 0.24 \\ 0.10 \end{bmatrix}``), is read so entry by entry."""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp

from ..latex.parser import Where
from ..latex.printed import decimal_text, tolerance_of
from ..model.claims import Statement
from ..model.nodes import Cancelled, Vector
from .builder import chain

#: a matrix written out, from its begin (bmatrix, pmatrix, …, or an array in brackets) to its end
_LAYOUT = re.compile(r"(?:\\left\s*[\[(]\s*|[\[(]\s*)?\\begin\s*\{(\w+)\}(?:\s*\{[lcr|\s]+\})?(.*?)"
                     r"\\end\s*\{\1\}", re.S)

#: a list of numbers in brackets or parentheses, [0.659, 0.242, 0.099]
_LIST = re.compile(r"(?:\\left\s*)?[\[(]([-0-9.,{}\s]*)(?:\\right\s*)?[\])]")


@dataclass(frozen=True)
class Printed:
    """What a printed side allows: ``low`` ≤ … ≤ ``high``, and the reading that says so."""

    low: object
    high: object
    bounds: str      # "6.905 ≤ … ≤ 6.915"
    why: str         # "the printed 6.91 gives ±0.005, half a unit in its last digit"
    briefly: str     # "the printed 6.91 gives ±0.005"

    @property
    def said(self) -> str:
        return f"≈ read as {self.bounds}: {self.why}"


def approximation(rows: list, latex: str, where: Where) -> tuple[Statement, str] | None:
    """``a \\approx 6.91``: the claim reads ``6.905 ≤ a ≤ 6.915``, with the reading said.  None
    when the statement has no ≈, and for an ≈ between expressions among other relations (a link
    read and not decided)."""
    relations = [r for row in rows for r in row.relations]
    if "\\approx" not in relations or rows[0].continues:   # '\approx …' first: the caller says what starts it
        return None
    if relations != ["\\approx"] or len(rows) != 1:
        return _approximate_end(rows, relations, latex, where)
    sides = rows[0].sides
    for position in (1, 0):
        printed = printed_side(sides[position], latex)
        if printed is not None and closed(sides[1 - position].expr):
            return chain(printed.low, "<=", sides[1 - position].expr, "<=", printed.high), printed.said
    return None     # ≈ between two expressions: read, and not decided (a link of its own)


def closed(expr) -> bool:
    r"""Whether ``expr`` is a value of no variable (σ(1), e^{9.2}, a vector of such entries), which a printed
    number approximates to its digits.  An expression of the document's variables approximated by a number
    (``\sqrt{1 - (z_i \cdot z_p)^2} \approx 0``) holds where a premise of the text puts them, not for
    every value: it is a link read and not decided."""
    value = expr.doit() if isinstance(expr, Vector) else expr
    return not getattr(value, "free_symbols", {None})


def _approximate_end(rows: list, relations: list, latex: str, where: Where) -> tuple[Statement, str] | None:
    """``A = B = … \\approx 0.25``: a chain of equalities that ends with the printed value.
    Read as v − t ≤ A = B = … ≤ v + t (t from the printed digits): with every equality,
    the first and the last side are both within t of v, and a false equality is a false
    link of its own.  None for any other place of ≈ in a chain: a link read, not decided."""
    if rows[0].continues or any(not row.continues for row in rows[1:]):
        raise where.error("a statement is one chain of relations")
    terms = [rows[0].sides[0]] + [side for row in rows for side in (row.sides if row.continues else row.sides[1:])]
    printed = printed_side(terms[-1], latex)
    if relations[-1] != "\\approx" or any(r != "=" for r in relations[:-1]) or printed is None \
            or not all(closed(term.expr) for term in terms[:-1]):
        return None      # ≈ between expressions: a link read and not decided, beside the others
    return _within([term.expr for term in terms[:-1]], printed)


def within_printed(sides: list, value, tolerance, written: str) -> tuple[Statement, str]:
    """``sides[0] = sides[1] = … \\approx value`` as v − t ≤ sides[0] = … ≤ v + t, and its reading."""
    return _within(sides, _scalar(value, tolerance, written))


def _within(sides: list, printed: Printed) -> tuple[Statement, str]:
    parts = [printed.low, "<="]
    for side in sides:
        parts += [side, "="]
    parts[-1] = "<="
    parts.append(printed.high)
    return chain(*parts), f"the last link ≈ read as {printed.bounds} around the equalities: {printed.briefly}"


def printed_side(side, latex: str) -> Printed | None:
    """What the printed number, or vector or matrix of printed numbers, that ``side`` is allows; None
    when it is not one."""
    written = latex[side.start:side.end].strip().replace("{", "").replace("}", "")
    tolerance = tolerance_of(written)
    if tolerance is not None and getattr(side.expr, "is_Rational", False):
        return _scalar(side.expr, tolerance, written)
    if isinstance(side.expr, Vector):
        return _entries(side, latex)
    return None


def _scalar(value, tolerance, written: str) -> Printed:
    briefly = f"the printed {written} gives ±{decimal_text(tolerance)}"
    bounds = f"{decimal_text(value - tolerance)} ≤ … ≤ {decimal_text(value + tolerance)}"
    return Printed(value - tolerance, value + tolerance, bounds,
                   f"{briefly}, half a unit in its last {'digit' if '.' in written else 'nonzero digit'}", briefly)


def _entries(side, latex: str) -> Printed | None:
    """A vector or matrix written out whose every entry is a printed number, read back as the side is."""
    # the layout the side starts in (an array in brackets is read from inside its begin: parser.py)
    layout = max((m for m in _LAYOUT.finditer(latex) if m.start() <= side.start < m.end()),
                 key=lambda m: m.start(), default=None)
    listed = _LIST.match(latex, side.start)
    if layout is not None:
        rows = re.split(r"\\\\", layout.group(2))
        if rows and not rows[-1].strip():
            rows = rows[:-1]        # a last \\ closes no row
        written = [[entry.strip().replace("{", "").replace("}", "") for entry in row.split("&")] for row in rows]
    elif listed is not None:       # [0.659, 0.242, 0.099]: a column, as the reader reads a list in brackets
        written = [[entry.strip().replace("{", "").replace("}", "")] for entry in listed.group(1).split(",")]
    else:
        return None
    value = side.expr.doit()
    if isinstance(value, sp.MatrixBase):
        value = value.applyfunc(_settled)
    if not isinstance(value, sp.MatrixBase) or value.shape != (len(written), len(written[0])) \
            or any(len(row) != value.shape[1] for row in written):
        return None
    low, high = [], []
    for r, row in enumerate(written):
        for c, entry in enumerate(row):
            tolerance = tolerance_of(entry)
            if tolerance is None or sp.Rational(entry.replace(" ", "")) != value[r, c]:
                return None      # not a printed number, or not the entry read
            low.append(value[r, c] - tolerance)
            high.append(value[r, c] + tolerance)
    briefly = "each printed entry gives half a unit in its last digit"
    bounds = f"{_tuple(low)} ≤ … ≤ {_tuple(high)}, entry by entry"
    return Printed(_layout(low, value.shape), _layout(high, value.shape), bounds,
                   briefly + " (in its last nonzero digit for a whole number)", briefly)


def _settled(entry: sp.Expr) -> sp.Expr:
    """An entry with each cancellation whose lost factors are nonzero numbers settled (a list in brackets
    is read with one per entry: its value is the entry's where the factor is 1)."""
    return entry.replace(lambda e: isinstance(e, Cancelled) and all(f.is_number and f.is_nonzero for f in e.args[1:]),
                         lambda e: e.args[0])


def _layout(entries: list, shape: tuple) -> Vector:
    """Constant entries in the layout of the side they bound: a column, or rows of a matrix."""
    rows, cols = shape
    r, c = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
    if cols == 1:
        return Vector(sp.Add(*[sp.KroneckerDelta(r, k + 1) * e for k, e in enumerate(entries)]), r, rows)
    return Vector(Vector(sp.Add(*[sp.KroneckerDelta(r, k + 1) * sp.KroneckerDelta(c, m + 1) * entries[k * cols + m]
                                  for k in range(rows) for m in range(cols)]), c, cols), r, rows)


def _tuple(entries: list) -> str:
    return "(" + ", ".join(decimal_text(e) for e in entries) + ")"

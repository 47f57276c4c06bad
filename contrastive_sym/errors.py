"""The one exception family of contrastive-verify.

Every error the tool raises on purpose derives from :class:`ContrastiveVerifyError`.
The CLI turns them into a one-line message and exit code 2; any other exception is a
bug of the tool: exit code 3, one line, and the traceback with ``--debug``.
"""
from __future__ import annotations


class ContrastiveVerifyError(Exception):
    """Root of every error raised on purpose by contrastive-verify."""


class UsageError(ContrastiveVerifyError):
    """The command line asks for something that cannot be done (unknown id, bad option)."""


class DerivationError(ContrastiveVerifyError):
    """A derivation file is malformed: it names the file, the line and what is wrong.

    >>> str(DerivationError("unknown relation '=<'", path="d.py", line=12))
    "d.py:12: unknown relation '=<'"
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = self.path or "<derivation>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}"


class ParseError(DerivationError):
    """LaTeX the grammar cannot read, or reads in more than one way.

    It names the file, line and column of the construct at fault:

    >>> str(ParseError("unexpected '}'", "d.toml", 12, 30, construct="}"))
    "d.toml:12:30: unexpected '}'"
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None, *, construct: str = ""):
        self.column = column
        self.construct = construct
        super().__init__(message, path, line)

    def __str__(self) -> str:
        text = super().__str__()
        if self.column is not None and self.line is not None:
            where = f"{self.path or '<derivation>'}:{self.line}"
            text = f"{where}:{self.column}" + text[len(where):]
        return text


class AmbiguousReading(ParseError):
    """A formula that reads in more than one way (``\\exp a/\\tau``: exp(a/τ) or exp(a)/τ), with
    each reading as an edit of ``text``, the formula as read: ``readings`` are
    ``(start, end, replacement, shown)``.  A claim is then checked once per reading
    (load/readings.py); anywhere else it is the refusal its message says."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None, *, construct: str = "", text: str = "", readings: tuple = (),
                 kind: str = ""):
        self.text = text
        self.readings = readings
        # what is ambiguous ("sum-end"): a formula with two such places is read one way throughout
        self.kind = kind
        super().__init__(message, path, line, column, construct=construct)


class TypeMismatch(ParseError):
    """A formula whose parts have no value together as the notation declares them (a product of two
    vectors, a vector where a number is expected): no reading of it means anything.  Where the
    formula reads in two ways, a reading that raises this is no reading (latex/bar_readings.py)."""

    @classmethod
    def of(cls, error: ParseError) -> "TypeMismatch":
        return cls(error.message, error.path, error.line, error.column, construct=error.construct)


class AmbiguousPairing(ParseError):
    """Bars that pair in two ways (``\\|x\\| \\|y\\| a \\|y\\|``: ‖x‖·‖y‖·a·‖y‖, or ‖x‖·‖y·‖a‖·y‖), with
    ``pairing`` the one ambiguity's two pairings as :func:`~contrastive_sym.latex.parser.parse` takes them."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None, *, construct: str = "", pairings: tuple = ()):
        self.pairings = pairings
        super().__init__(message, path, line, column, construct=construct)


class SeveralChains(ParseError):
    """A display of several equations, each a chain of its own (``p(1|c) = … \\\\ p(0|c) = …``),
    with ``chains`` the formula ``text`` once per chain, the others' rows blanked.  A claim is
    then one claim per chain (load/chains.py); anywhere else it is the refusal its message says."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None, *, text: str = "", chains: tuple = ()):
        self.text = text
        self.chains = chains
        super().__init__(message, path, line, column)


class SymbolicTimeout(ContrastiveVerifyError):
    """A symbolic computation ran past its hard time limit and its process was killed."""

    def __init__(self, what: str, seconds: float):
        self.what = what
        self.seconds = seconds
        super().__init__(f"{what}: no answer within the hard limit of {seconds:g} s")


class ArrayInputError(ContrastiveVerifyError, ValueError):
    """Arrays given to :mod:`contrastive_sym.losses.functions` have the wrong shape, type or values.

    It is also a ``ValueError``, so callers that catch the standard exception keep working.
    """


# --- numeric engines (contrastive_sym.check.exact, contrastive_sym.losses.tensor_eval) ------

class InformationInputError(ContrastiveVerifyError, ValueError):
    """A joint, a critic or a size is malformed; the message names the offending entry."""


class BudgetExceeded(ContrastiveVerifyError):
    """An exact expectation would visit more configurations than its budget allows."""


class UnsupportedBody(ContrastiveVerifyError, ValueError):
    """A body cannot be evaluated on this path (free symbols, logits outside ``g[1..K]``, …)."""


class NonFiniteExpectation(ContrastiveVerifyError, ArithmeticError):
    """The body is undefined or infinite on a configuration of positive probability
    (``I^K_FlatNCE`` at ``K = 1`` is ``−log 0``), so the expectation is not a real number."""


class TensorEvalError(ContrastiveVerifyError):
    """The expression holds a node, a symbol or an index this evaluator cannot handle.

    Raised on purpose but caused by a program, not by a user: an encoding uses a
    node this module was never taught, or a caller forgot an array or a size.
    """


# --- reports -------------------------------------------------------------------

class LatexError(ContrastiveVerifyError):
    """pdflatex is missing, failed, or ran past its time limit.

    The message names the .tex file and quotes the first TeX error and the last
    lines of the log; ``log_tail`` holds those lines alone.
    """

    def __init__(self, message: str, log_tail: str = ""):
        self.log_tail = log_tail
        super().__init__(message + (f"\n--- end of the pdflatex log ---\n{log_tail}" if log_tail else ""))


class ReportError(ContrastiveVerifyError):
    """Rendering a report failed; nothing was written."""


# --- warnings ---------------------------------------------------------------------

def warn(message: str, path: str | None = None, line: int | None = None) -> None:
    """Print a warning about an input on stderr, as one line naming the file and line:
    something legitimate in some documents but suspicious here (a declaration nothing
    uses).  Errors stop the run; a warning never changes the exit code."""
    import sys

    where = path or "<derivation>"
    if line is not None:
        where = f"{where}:{line}"
    print(f"contrastive-verify: warning: {where}: {message}", file=sys.stderr)

"""``contrastive-verify [check|report] [PATHS…]``: check derivations and report the verdicts.

Exit codes, for pipelines:

* 0 — every verdict meets its expectation (an item without one is not refuted and
  did not end in error);
* 1 — some verdict does not;
* 2 — bad input or bad usage: a one-line message names the file and line; nothing is
  written;
* 3 — an internal error (a bug of contrastive-verify, not of the input): one line names
  the exception; ``--debug`` prints its traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from .check.config import DIGITS_RANGE, SECONDS_RANGE
from .version import __version__
from .errors import ContrastiveVerifyError, DerivationError, UsageError

EXIT_OK, EXIT_UNEXPECTED, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
#: Where an internal error (exit 3) asks to be reported.
ISSUES = "the project's issue tracker"


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own errors are usage errors: exit 2, one line
        raise UsageError(message)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"contrastive-verify {__version__}")
    parser.add_argument("--debug", action="store_true",
                        help="on an internal error (exit 3), print its traceback")
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="derivation files or directories (default: the bundled derivations); "
                             "'-' reads one from stdin")
    parser.add_argument("--only", metavar="ID", help="check only the claim with this id (or DOC:ID)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random sample points (default 0)")
    parser.add_argument("--digits", type=int, default=50,
                        help="working precision of numeric sampling, %d to %d significant digits (default 50)"
                             % DIGITS_RANGE)
    parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                        help="time budget of each claim link, step and proof conclusion, %g to %g seconds; "
                             "past it the item is undecided (default 10)" % SECONDS_RANGE)
    parser.add_argument("--no-symbolic", action="store_true",
                        help="skip SymPy proof attempts (verdicts are then at most 'confirmed')")
    parser.add_argument("--documents", metavar="DIR",
                        help="where the source documents are: every formula is compared with its line "
                             "(source_match; drift fails the run), and github/sarif annotations point there")
    parser.add_argument("--allow-python", action="store_true",
                        help="also load the .py derivations found in directories (they run code; a .py file "
                             "named on the command line is always loaded)")
    parser.add_argument("--skip-other-files", action="store_true",
                        help="skip the named .toml and .md files that are not derivations (Markdown without "
                             "the header, TOML without id, title and source), saying so: for a pre-commit hook, "
                             "which names every changed file")
    parser.add_argument("--strict", action="store_true",
                        help="a loading warning (a binding that names or changes nothing, an unused "
                             "declaration) is an error: exit 2")


def _check_parser() -> argparse.ArgumentParser:
    # argparse, with the commands named in the epilog rather than as subparsers: `check` is the default
    # command (contrastive-verify derivations/ checks), which argparse's subparsers cannot leave out
    parser = _Parser(prog="contrastive-verify [check]",
                     description="Check every claim and proof step of encoded documents on contrastive "
                                 "learning; report proved / confirmed / refuted / conditional / undecided.",
                     epilog="commands: check (the default: this one) prints or writes the verdicts; report writes "
                            "the HTML page, the LaTeX report and its PDF (contrastive-verify report --help).  Exit "
                            "codes: 0 every verdict meets its expectation, 1 one does not (or a formula drifted "
                            "from its source), 2 bad input or usage, 3 an internal error of the tool.")
    _common(parser)
    from .report import FORMATS
    parser.add_argument("--format", choices=list(FORMATS), default="text",
                        help="; ".join(f"{name}: {what}" for name, (_, what) in FORMATS.items())
                        + " (default text)")
    parser.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout ('-': stdout)")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("-q", "--quiet", action="store_true",
                       help="text: only the items that miss their expectation, and the totals")
    shown.add_argument("-v", "--verbose", action="store_true",
                       help="text: every item's method and evidence, and every part of a combined message")
    parser.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                        help="colour the verdicts of the text report: auto (the default) on a terminal, unless "
                             "NO_COLOR or TERM=dumb, or FORCE_COLOR asks for it")
    return parser


def _report_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="contrastive-verify report",
                     description="Write an offline HTML page, a LaTeX report (and its PDF when pdflatex is "
                                 "on PATH) and their figures.")
    _common(parser)
    parser.add_argument("--output", metavar="DIR", default="reports", help="directory to write to (default reports/)")
    return parser


def _write(text: str, output: str | None) -> None:
    """Write atomically: a report is either complete or not there.

    A file that exists and is not a regular file (``/dev/null``, a pipe) is written in
    place: renaming over it would replace the device itself.
    """
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    target = Path(output)
    if target.exists() and not target.is_file():
        if target.is_dir():
            raise UsageError(f"{output}: is a directory")
        try:
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:   # /dev/full: no space left on device
            raise UsageError(f"{output}: cannot write the report: {exc.strerror or exc}") from None
        return
    if not target.parent.exists():
        raise UsageError(f"{output}: the directory {target.parent} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise UsageError(f"{output}: cannot write there: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        # mkstemp makes the file 0600; a report is made as any file the user writes is (0644 under umask 022)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UsageError(f"{output}: cannot write the report: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _writable(output: str | None) -> None:
    """Refuse an output the run could not write, before the run: a missing directory or a directory."""
    if output is None or output == "-":
        return
    target = Path(output)
    if target.is_dir():
        raise UsageError(f"{output}: is a directory")
    if not target.exists() and not target.parent.is_dir():
        raise UsageError(f"{output}: the directory {target.parent} does not exist")


def _config(args):
    """The run's settings; a setting out of range is a usage error naming its option."""
    from .check.config import CheckConfig
    try:
        return CheckConfig(digits=args.digits, seed=args.seed, symbolic=not args.no_symbolic,
                           item_seconds=args.timeout)
    except UsageError as exc:
        raise UsageError(f"--{exc}") from None


def _checked(args, figures: bool = False, listener=None):
    """The checked run; the progress display shows on a terminal.  A path ``-`` is a derivation read from
    stdin (Markdown when it has the header, else TOML), held in a directory of our own while it is checked
    and named ``<stdin>`` in what the run says."""
    from .pipeline import verify
    from .report.terminal import Progress

    with tempfile.TemporaryDirectory(prefix="contrastive-verify-stdin-") as held:
        paths = [_from_stdin(Path(held)) if p == "-" else p for p in args.paths]
        try:
            return verify(paths, config=_config(args), documents_dir=args.documents, only=args.only,
                          allow_python=args.allow_python, figures=figures, progress=Progress, strict=args.strict,
                          skip_others=args.skip_other_files, listener=listener)
        except DerivationError as exc:
            if exc.path and Path(exc.path).parent == Path(held):
                exc.path = "<stdin>"
            raise


def _from_stdin(held: Path) -> str:
    from .derivation_files import HEADER
    from .safe_io import MAX_DERIVATION_BYTES
    data = sys.stdin.buffer.read(MAX_DERIVATION_BYTES + 1)
    if len(data) > MAX_DERIVATION_BYTES:
        raise UsageError(f"-: stdin holds more than {MAX_DERIVATION_BYTES} bytes, the limit of a derivation")
    path = held / ("stdin.md" if HEADER.encode() in data else "stdin.toml")
    if path.exists():
        raise UsageError("-: stdin is named twice")
    path.write_bytes(data)
    return str(path)


def _configured(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """``parser`` with the defaults of the repository's [tool.contrastive-verify] (config_file.py): what the
    command line says wins."""
    from .config_file import settings
    defaults, _ = settings()
    parser.set_defaults(**defaults)
    return parser


def _run_check(argv: list[str]) -> int:
    args = _configured(_check_parser()).parse_args(argv)
    from . import report
    from .report import text as text_report
    from .report.terminal import colour, coloured, width

    _writable(args.output)
    if args.format == "text" and args.output in (None, "-"):
        return _streamed(args, text_report, colour if coloured(sys.stdout, args.color) else (lambda t: t),
                         width(sys.stdout))
    result = _checked(args)
    if args.format == "text":
        rendered = text_report.render(report.report_data(result), verbosity=args.verbose - args.quiet)
        if args.color == "always":
            rendered = colour(rendered)
    else:
        rendered = report.render(result, args.format, documents_dir=args.documents)
    _write(rendered, args.output)
    return _exit_code(result)


def _streamed(args, text_report, paint, columns: int) -> int:
    """The text report on stdout, each claim's lines printed as soon as the claim is checked (a long run
    shows its findings as they come), the totals at the end; what is printed is what the whole report would
    be."""
    from .report.data import report_data
    from .version import __version__

    stream = _TextStream(text_report, paint, columns, args.verbose - args.quiet)
    stream.hold(text_report.header(_config(args), __version__))
    result = _checked(args, listener=stream)
    stream.hold(text_report.totals(report_data(result), columns))
    stream.flush()
    return _exit_code(result)


class _TextStream:
    """Prints the text report as the run goes: the header once every file has loaded (bad input prints its
    error and nothing else), a document's heading when it starts (under ``-q``: before the first of its lines
    that needs attention, or never), each claim when checked, the unchecked lines when the document ends."""

    def __init__(self, text_report, paint, columns: int, verbosity: int):
        self.text, self.paint, self.columns, self.verbosity = text_report, paint, columns, verbosity
        self.held: list[str] = []
        self.heading = ""

    def hold(self, text: str) -> None:
        self.held.append(text)

    def flush(self, text: str = "") -> None:
        # the stream is looked up at each write: a live progress display may have wrapped stdout
        sys.stdout.write("".join(self.paint(t) for t in [*self.held, self.heading, text] if t))
        sys.stdout.flush()
        self.held, self.heading = [], ""

    def document_started(self, so_far) -> None:
        from .report.data import document_data
        self.heading = self.text.heading(document_data(so_far), self.columns)
        if self.verbosity >= 0:
            self.flush()

    def claim_checked(self, so_far, claim) -> None:
        from .report.data import claim_data
        shown = self.text.claim(claim_data(claim, so_far.sources), self.verbosity, self.columns)
        if shown:
            self.flush(shown)

    def document_checked(self, result) -> None:
        from .report.data import document_data
        shown = self.text.unchecked(document_data(result), self.verbosity, self.columns)
        self.heading = self.heading if shown else ""    # a quiet document's heading is never shown
        self.flush(shown)


def _exit_code(result) -> int:
    """1 when a verdict differs from its expectation or a formula drifted from its source."""
    return EXIT_UNEXPECTED if result.summary.unexpected or result.summary.drift else EXIT_OK


def _run_report(argv: list[str]) -> int:
    args = _configured(_report_parser()).parse_args(argv)
    from .report.site.build import write_report

    result = _checked(args, figures=True)
    written = write_report(result, Path(args.output))
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    if not any(path.suffix == ".pdf" and path.parent == Path(args.output) for path in written):
        # said, not skipped in silence: the .tex is there, its PDF needs TeX from the system
        print("contrastive-verify: no report.pdf: pdflatex is not on PATH (install texlive-latex-base, "
              "texlive-latex-recommended and lmodern, as .ci/run does); report.tex is written", file=sys.stderr)
    return _exit_code(result)


def run(argv: list[str]) -> int:
    if argv and argv[0] == "report":
        return _run_report(argv[1:])
    if argv and argv[0] == "check":
        argv = argv[1:]
    return _run_check(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # recognised before parsing, so that it works even when argparse fails
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]
    try:
        return run(argv)
    except (UsageError, DerivationError) as exc:
        message = " ".join(str(exc).splitlines())   # one line, whatever the message holds
        print(f"contrastive-verify: error: {message}", file=sys.stderr)
        return EXIT_INPUT
    except ContrastiveVerifyError as exc:  # a failure of the tool itself: one line, details after
        first, _, rest = str(exc).partition("\n")
        print(f"contrastive-verify: error: {first}", file=sys.stderr)
        if rest:
            print(rest, file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("contrastive-verify: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug of the tool itself, not of the input: exit 3, one line
        if debug:
            import traceback
            traceback.print_exc(file=sys.stderr)
        message = " ".join(str(exc).split())
        message = message if len(message) <= 300 else message[:297] + "…"
        print(f"contrastive-verify: internal error: {type(exc).__name__}: {message} — please report it "
              f"at {ISSUES} (run with --debug for the traceback)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())

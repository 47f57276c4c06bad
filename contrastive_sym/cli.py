"""``contrastive-verify [check] [PATHS…]``: check derivations and report the verdicts.

Exit codes, for pipelines:

* 0 — every verdict meets its expectation (an item without one is not refuted and
  did not end in error);
* 1 — some verdict does not;
* 2 — bad input or bad usage: a one-line message names the file and line.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from . import __version__
from .errors import ContrastiveVerifyError, DerivationError, UsageError

EXIT_OK, EXIT_UNEXPECTED, EXIT_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own errors are usage errors: exit 2, one line
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="contrastive-verify",
                     description="Check every claim and proof step of encoded documents on contrastive "
                                 "learning; report proved / confirmed / refuted / conditional / undecided.")
    parser.add_argument("--version", action="version", version=f"contrastive-verify {__version__}")
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="derivation files or directories (default: the bundled derivations)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout")
    parser.add_argument("--only", metavar="ID", help="check only the claim with this id (or DOC:ID)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random sample points (default 0)")
    parser.add_argument("--digits", type=int, default=50,
                        help="working precision of numeric sampling, at least 50 (default 50)")
    parser.add_argument("--no-symbolic", action="store_true",
                        help="skip SymPy proof attempts (verdicts are then at most 'confirmed')")
    return parser


def _write(text: str, output: str | None) -> None:
    """Write atomically: a report is either complete or not there.

    A file that exists and is not a regular file (``/dev/null``, a pipe) is written in
    place: renaming over it would replace the device itself.
    """
    if output is None:
        sys.stdout.write(text)
        return
    target = Path(output)
    if target.exists() and not target.is_file():
        if target.is_dir():
            raise UsageError(f"{output}: is a directory")
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)
        return
    if not target.parent.exists():
        raise UsageError(f"{output}: the directory {target.parent} does not exist")
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _select(documents, only: str | None):
    if not only:
        return documents, None
    doc_id, _, claim_id = only.rpartition(":")
    chosen = [d for d in documents if not doc_id or d.id == doc_id]
    if not any(c.id == claim_id for d in chosen for c in d.claims):
        raise UsageError(f"--only {only}: no claim with this id")
    return [d for d in chosen if any(c.id == claim_id for c in d.claims)], claim_id


def run(argv: list[str]) -> int:
    if argv and argv[0] == "check":
        argv = argv[1:]
    args = _parser().parse_args(argv)
    if args.digits < 50:
        raise UsageError(f"--digits {args.digits}: numeric sampling needs at least 50 digits")
    if args.digits > 2000:
        raise UsageError(f"--digits {args.digits}: at most 2000 digits")

    # Heavy imports only after the arguments are known to be good.
    from .check.config import CheckConfig
    from .check.documents import LinkCache, check_document
    from .load import load_all
    from .report import jsonreport, text
    from .report.data import report_data
    from .results import RunResult

    documents, claim_id = _select(load_all(args.paths), args.only)
    config = CheckConfig(digits=args.digits, seed=args.seed, symbolic=not args.no_symbolic,
                         max_digits=max(1600, 8 * args.digits))
    started = time.perf_counter()
    cache = LinkCache()
    results = tuple(check_document(d, config, only=claim_id, cache=cache) for d in documents)
    result = RunResult(results, args.digits, args.seed, time.perf_counter() - started)
    data = report_data(result)
    rendered = jsonreport.render(data) if args.format == "json" else text.render(data)
    _write(rendered, args.output)
    return EXIT_UNEXPECTED if result.summary.unexpected else EXIT_OK


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        return run(argv)
    except (UsageError, DerivationError) as exc:
        print(f"contrastive-verify: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except ContrastiveVerifyError as exc:  # a failure of the tool itself, still one line
        print(f"contrastive-verify: internal error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("contrastive-verify: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

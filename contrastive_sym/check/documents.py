"""Check every claim, step and proof conclusion of a document."""
from __future__ import annotations

import time
from typing import Callable


from ..model.claims import Claim, Document, Link, answers_to
from ..model.results import ClaimResult, ConclusionResult, DocumentResult, StepResult
from ..model.verdicts import Outcome, Verdict, worst
from . import budget
from .conclusion import check_conclusion, describe
from .config import CheckConfig
from .numeric.failures import OutOfRange, Unsupported
from ..model.shapes import LinkKind, strip_limit
from .symbolic.jobs import submit_symbolic, worth_a_proof
from .registry import LinkTask, check_link, scheduling, task_key

Progress = Callable[[str], None]


class LinkCache:
    """Outcomes of links already checked in this run (readings and restatements repeat them)."""

    def __init__(self):
        self._table: dict = {}

    def get(self, task: LinkTask, config: CheckConfig) -> Outcome:
        key = task_key(task, config)
        if key not in self._table:
            self._table[key] = checked_within_budget(lambda: check_link(task, config), config)
        return self._table[key]


def checked_within_budget(check: Callable[[], Outcome], config: CheckConfig) -> Outcome:
    """One item's check under its time budget: past it the item is undecided ("time
    limit"), and a failure of the checker is the item's error verdict, never a crash."""
    try:
        with budget.limit(config.item_seconds):
            return check()
    except budget.TimeLimit:
        return Outcome(Verdict.UNDECIDED, "time limit",
                       f"the check did not finish within the time limit of {config.item_seconds:g} s "
                       "(--timeout)")
    except OutOfRange as exc:     # the statement itself, not the checker: said as it is
        return Outcome(Verdict.ERROR, "index range", str(exc))
    except Unsupported as exc:    # a known limit of the evaluator: not decided, and said why
        return Outcome(Verdict.UNDECIDED, "not evaluated", f"the checker does not evaluate {exc} here")
    except Exception as exc:  # a failure of the checker is a verdict, not a crash
        return Outcome(Verdict.ERROR, "internal", f"the check failed: {type(exc).__name__}: {exc}")


def _task(link: Link, claim: Claim, document: Document, label: str) -> LinkTask:
    return LinkTask(link.lhs, link.relation, link.rhs, document.notation, claim.given, claim.sizes,
                    f"{document.id}|{label}")


def _combine(outcomes: list[Outcome], links: tuple[Link, ...]) -> Outcome:
    if len(outcomes) == 1:
        return outcomes[0]
    verdict = worst(o.verdict for o in outcomes)
    chosen = next(o for o in outcomes if o.verdict is verdict)
    parts = [f"({n}) {link.relation.value}: {o.verdict.value}, {o.message}"
             for n, (link, o) in enumerate(zip(links, outcomes), start=1)]
    methods = tuple(dict.fromkeys(name for o in outcomes for name in o.method_names))
    deciding = next(n for n, o in enumerate(outcomes, start=1) if o is chosen)
    return Outcome(verdict, ", ".join(methods), "; ".join(parts), witness=chosen.witness,
                   condition=chosen.condition, evidence=chosen.evidence,
                   reason=f"({deciding}) {links[deciding - 1].relation.value}: {chosen.headline}",
                   methods=methods)


def check_claim(claim: Claim, document: Document, config: CheckConfig, cache: LinkCache) -> ClaimResult:
    started = time.perf_counter()
    links = claim.statement.links()
    outcome = _combine([cache.get(_task(l, claim, document, f"{claim.id}|statement|{n}"), config)
                        for n, l in enumerate(links)], links)
    steps = []
    conclusion = None
    if claim.proof:
        for step in claim.proof.steps:
            task = _task(step.link, claim, document, f"{claim.id}|step|{step.index}")
            steps.append(StepResult(step, cache.get(task, config)))
        if not claim.derived:
            conclusion = _conclusion(claim, document, config)
    return ClaimResult(claim, outcome, tuple(steps), conclusion, time.perf_counter() - started)


def _conclusion(claim: Claim, document: Document, config: CheckConfig) -> ConclusionResult:
    """Whether the proof ends at its claim; a failure of this check is its own error
    verdict, never the end of the document's report."""
    found = {}

    def check() -> Outcome:
        result, found["line"], established = check_conclusion(claim, document.notation, config)
        found["establishes"] = describe(established, document.notation) if established is not None else ""
        return result

    result = checked_within_budget(check, config)
    return ConclusionResult(line=claim.proof.conclusion_line or found.get("line", claim.proof.steps[-1].line),
                            establishes=found.get("establishes", ""), outcome=result,
                            expected=claim.proof.conclusion_expected)


def _tasks(claim: Claim, document: Document):
    for n, link in enumerate(claim.statement.links()):
        yield _task(link, claim, document, f"{claim.id}|statement|{n}")
    for step in claim.proof.steps if claim.proof else ():
        yield _task(step.link, claim, document, f"{claim.id}|step|{step.index}")


def prefetch(claims, document: Document, config: CheckConfig) -> None:
    """Queue the symbolic proof attempts of every pointwise link, and of the arguments of
    every limit, before any numeric work starts."""
    if not config.symbolic:
        return
    for claim in claims:
        for task in _tasks(claim, document):
            if task.category is LinkKind.LIMIT:
                a, _ = strip_limit(task.lhs)
                b, _ = strip_limit(task.rhs)
                task = LinkTask(a, task.relation, b, task.notation, task.given, task.overrides, task.label)
            if task.category is LinkKind.POINTWISE and worth_a_proof(task):
                try:
                    # expanding a link's instances is SymPy's work in this process: under the
                    # item's budget, as the link's own check is (a sum SymPy summed for minutes)
                    with budget.limit(config.item_seconds):
                        submit_symbolic(task, config)
                except (Exception, budget.TimeLimit):  # the link's own check will report the problem
                    continue


def check_document(document: Document, config: CheckConfig | None = None, only: str | None = None,
                   progress: Progress | None = None, cache: LinkCache | None = None,
                   on_claim: Callable[[ClaimResult], None] | None = None) -> DocumentResult:
    """Check every claim of ``document`` (or only the claim with id ``only``): its
    statement, each proof step and whether the proof concludes it.  ``progress`` is
    called with each claim's label before it is checked; ``cache`` shares link verdicts
    between documents of one run; ``on_claim`` is called with each claim's result as soon as it is
    known.  One claim's failure is that claim's error."""
    started = time.perf_counter()
    config = config or CheckConfig()
    cache = cache or LinkCache()
    claims = [c for c in document.claims if not only or answers_to(c.id, only)]
    results = []
    with scheduling():
        prefetch(claims, document, config)
        for claim in claims:
            if progress:
                progress(f"{document.id} {claim.id}")
            try:
                results.append(check_claim(claim, document, config, cache))
            except Exception as exc:  # one claim's failure is that claim's error, not the file's
                results.append(ClaimResult(claim, Outcome(Verdict.ERROR, "internal",
                                                          f"the check failed: {type(exc).__name__}: {exc}")))
            if on_claim is not None:
                on_claim(results[-1])
    return DocumentResult(document, tuple(results), time.perf_counter() - started)

"""The data behind the report's figures, computed from the checked links.

* A limit or asymptotic claim: both sides over a log-spaced range of the variable, at
  the witness (when refuted or conditional) or at a generic parameter point.
* A refuted step or claim: both sides along a segment through the witness, one
  variable varied, the others held at their witness values.

Only numbers are computed here (in ball arithmetic, read as floats), as
:class:`~contrastive_sym.model.figures.FigureData`; drawing them is the report's job
(:mod:`contrastive_sym.report.site.plots`).
"""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction as F

import sympy as sp

from ..model.claims import Link, Relation
from .sampling.instantiate import Instance, instantiate
from ..model.shapes import LinkKind, is_big_o, limit_spec, link_kind, split_little_o, strip_limit
from .numeric.precision import digits_to_bits
from .sampling.points import format_value, sample_points, stable_seed
from .numeric.failures import Unsupported
from .numeric.program import UNDEFINED, program_set
from ..model.notation import Domain, Role, written_name
from ..model.results import DocumentResult, RunResult
from ..model.figures import FigureData, Series
from ..model.verdicts import Verdict, Witness

_SAMPLES = 61


def _float(ball) -> float | None:
    if ball is None or ball == UNDEFINED:
        return None
    value = float(ball.mid())
    return value if math.isfinite(value) and abs(value) < 1e300 else None


def _pick_instance(instances: list[Instance], witness: Witness | None) -> Instance | None:
    if not instances:
        return None
    if witness is not None:
        for inst in instances:
            if dict(inst.sizes) == witness.sizes and dict(inst.indices) == witness.indices:
                return inst
    return instances[0]


def _point(inst: Instance, witness: Witness | None, seed: int, skip=()) -> dict | None:
    """The witness's values as a sample point, or a generic (random) point."""
    variables = [v for v in inst.variables if v.symbol not in skip]
    if witness is not None:
        by_name = {v.name: v for v in variables}
        point = {}
        for name, text in witness.values.items():
            var = by_name.get(name)
            if var is None:
                continue
            try:
                point[var.key] = F(text)
            except (ValueError, ZeroDivisionError):
                return None
        if len(point) == len(variables):
            return point
    reduced = Instance(inst.sizes, inst.indices, inst.lhs, inst.rhs, tuple(variables))
    return sample_points(reduced, 0, 1, seed)[-1]


def _evaluate(side, point: dict, bits: int):
    out = side.evaluate(point, bits)
    return _float(out[0]) if isinstance(out, tuple) and len(out) == 1 else None


def _describe_point(inst: Instance, point: dict, skip=()) -> str:
    parts = [f"{written_name(str(k))}={v}" for k, v in inst.sizes + inst.indices]
    parts += [f"{v.name}={format_value(point[v.key])}" for v in inst.variables
              if v.symbol not in skip and v.key in point]
    text = ", ".join(parts)
    return text if len(text) <= 160 else text[:159] + "…"


def _log_range(lo_exp: float, hi_exp: float) -> list[F]:
    """Exact decimals spaced evenly in log10 between 10^lo_exp and 10^hi_exp."""
    return [F(f"{10 ** (lo_exp + (hi_exp - lo_exp) * n / (_SAMPLES - 1)):.6g}") for n in range(_SAMPLES)]


def limit_figure(fig_id: str, link: Link, notation, overrides, witness: Witness | None,
                 seed: int, title: str) -> FigureData | None:
    """Both sides of a limit statement over a log-spaced range of its variable."""
    little_o = split_little_o(link.rhs)
    if little_o is not None:
        main, h, spec = little_o
        lhs, rhs = (link.lhs - main) / h, sp.Integer(0)
        # o(h): the ratio must reach 0; O(h): it must stay bounded, and 0 is only a reference line
        labels = ("(lhs − main part) / h", "0, for reference" if is_big_o(link.rhs) else "0")
    else:
        spec = limit_spec(link.lhs) or limit_spec(link.rhs)
        if spec is None:
            return None
        lhs, rhs = strip_limit(link.lhs)[0], strip_limit(link.rhs)[0]
        labels = ("left side", "right side")
    spec = spec.named(notation)
    instances = instantiate(lhs, rhs, Relation.EQ, notation, overrides, 8)
    inst = _pick_instance(instances, witness)
    if inst is None or not inst.interpreted:
        return None
    point = _point(inst, witness, seed, skip={spec.var})
    if point is None:
        return None
    left, right = program_set(inst.lhs, inst.subs), program_set(inst.rhs, inst.subs)
    bits = digits_to_bits(60)
    if spec.point == sp.oo:
        xs, dist = _log_range(-1, 5), None
    elif spec.point == 0:
        xs, dist = _log_range(-3, 1), None
    else:
        x0 = spec.point_value(point)
        dist = _log_range(-6, 0)
        xs = [x0 + d for d in dist]
    ys_l, ys_r, shown_x = [], [], []
    for n, x in enumerate(xs):
        at = {**point, spec.var: x}
        a, b = _evaluate(left, at, bits), _evaluate(right, at, bits)
        if a is None or b is None:
            continue
        shown_x.append(float(dist[n] if dist else x))
        ys_l.append(a)
        ys_r.append(b)
    if len(shown_x) < 3:
        return None
    var = spec._show(spec.var)
    x_label = f"|{var} − {spec._show(spec.point)}|" if dist else var
    caption = (f"{title}: both sides as {spec.describe()}, at {_describe_point(inst, point, skip={spec.var})}")
    return FigureData(fig_id, caption, x_label, "value", True,
                      (Series(labels[0], tuple(shown_x), tuple(ys_l)),
                       Series(labels[1], tuple(shown_x), tuple(ys_r))))


def _varied(inst: Instance):
    """The variable to move along: a value first, else a scale, never a direction nor a
    value of a finite domain (0 or 1, -1 or 1)."""
    for role in (Role.VALUE, Role.EMBEDDING, Role.SCALE):
        for var in inst.variables:
            if var.role is role and var.domain.values is None:
                return var
    return None


def witness_figure(fig_id: str, link: Link, notation, overrides, witness: Witness, title: str) -> FigureData | None:
    """Both sides of a refuted link along a segment through its witness."""
    if link.relation is Relation.SAME_DIRECTION or link.lhs.has(sp.Limit) or link.rhs.has(sp.Limit):
        return None
    instances = instantiate(link.lhs, link.rhs, link.relation, notation, overrides, 8)
    inst = _pick_instance(instances, witness)
    if inst is None or not inst.interpreted:
        return None
    point = _point(inst, witness, 0)
    var = _varied(inst)
    if point is None or var is None:
        return None
    centre = point[var.key]
    if var.role is Role.SCALE:
        base = math.log10(float(centre))
        xs = _log_range(base - 2, base + 2)
    else:
        lo, hi = centre - 2, centre + 2
        if var.domain is Domain.UNIT_INTERVAL:
            lo, hi = max(lo, F(-1)), min(hi, F(1))
        elif var.domain is Domain.ZERO_TO_ONE:
            lo, hi = max(lo, F(0)), min(hi, F(1))
        elif var.domain is Domain.PROBABILITY:
            lo, hi = max(lo, centre / 10), min(hi, (1 + centre) / 2)
        elif var.domain is Domain.POSITIVE:
            lo = max(lo, centre / 10)
        xs = [lo + (hi - lo) * n / (_SAMPLES - 1) for n in range(_SAMPLES)]
    left, right = program_set(inst.lhs, inst.subs), program_set(inst.rhs, inst.subs)
    bits = digits_to_bits(60)
    shown_x, ys_l, ys_r = [], [], []
    for x in xs:
        at = {**point, var.key: x}
        a, b = _evaluate(left, at, bits), _evaluate(right, at, bits)
        if a is None or b is None:
            continue
        shown_x.append(float(x))
        ys_l.append(a)
        ys_r.append(b)
    if len(shown_x) < 3:
        return None
    others = _describe_point(inst, point, skip={var.symbol})
    caption = f"{title}: both sides as {var.name} varies through the witness ({others})"
    return FigureData(fig_id, caption, var.name, "value", var.role is Role.SCALE,
                      (Series("left side", tuple(shown_x), tuple(ys_l)),
                       Series("right side", tuple(shown_x), tuple(ys_r))),
                      marker=float(centre))


def document_figures(doc: DocumentResult, seed: int) -> tuple[tuple[str, FigureData], ...]:
    """(item key, figure) pairs; the key is "claim-id" or "claim-id/step-index"."""
    found = []
    notation = doc.document.notation
    for result in doc.claims:
        claim = result.claim
        link = claim.statement.links()[0]
        title = f"line {claim.line} ({claim.id})"
        fig = None
        kind = link_kind(*claim.statement.terms)
        if kind is LinkKind.EXPECTATION:
            fig = None   # expectations have no variable to plot along
        elif kind in (LinkKind.LIMIT, LinkKind.ASYMPTOTIC):
            fig = _safely(lambda: limit_figure(f"{doc.document.id}-{claim.id}", link, notation, dict(claim.sizes),
                                               result.outcome.witness, seed, title))
        elif result.outcome.verdict is Verdict.REFUTED and result.outcome.witness is not None:
            fig = _safely(lambda: witness_figure(f"{doc.document.id}-{claim.id}", link, notation,
                                                 dict(claim.sizes), result.outcome.witness, title))
        if fig is not None:
            found.append((claim.id, fig))
        for step in result.steps:
            outcome = step.outcome
            if outcome.verdict is not Verdict.REFUTED or outcome.witness is None:
                continue
            step_title = f"line {step.step.line} ({claim.id}, step {step.step.index})"
            fig_id = f"{doc.document.id}-{claim.id}-s{step.step.index}"
            link = step.step.link
            if link_kind(link.lhs, link.rhs) in (LinkKind.LIMIT, LinkKind.ASYMPTOTIC):
                fig = _safely(lambda: limit_figure(fig_id, link, notation, dict(claim.sizes), outcome.witness,
                                                   seed, step_title))
            else:
                fig = _safely(lambda: witness_figure(fig_id, link, notation, dict(claim.sizes), outcome.witness,
                                                     step_title))
            if fig is not None:
                found.append((f"{claim.id}/{step.step.index}", fig))
    return tuple(found)


def _safely(make):
    """A figure is an illustration: one that cannot be drawn is left out, never fatal."""
    try:
        return make()
    except (Unsupported, ValueError, TypeError, ZeroDivisionError, ArithmeticError):
        return None


def with_figures(run: RunResult) -> RunResult:
    """The run with each document's figures computed (``DocumentResult.figures``)."""
    documents = tuple(replace(doc, figures=document_figures(doc, stable_seed(run.seed, doc.document.id)))
                      for doc in run.documents)
    return replace(run, documents=documents)

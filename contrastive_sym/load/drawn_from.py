r"""``drawn_from`` on a declared point: the distribution the document's prose says it is drawn from.

A post on noise-contrastive estimation declares the data point x and the noise point y as values
of one space, with the data distribution p_d and the noise distribution p_n both over it, and
writes ``\mathbb{E}_{x, y}[…]`` (or ``\mathbb{E}_x``, ``\mathbb{E}_y``) because its text says
"x ~ p_d, y ~ p_n".  Both distributions draw both points, so which draws which is not in the
formula; the declaration says it, as the prose does::

    [[scalar]]
    name = 'y'
    role = "point"
    value_of = 'x'
    drawn_from = 'p_n'

Where a formula writes no distribution for the point (``\mathbb{E}_y``, ``\mathbb{E}_{x, y}``), it
is drawn from that one; a formula that writes one (``y \sim p_d``) is read as written.  The name
is kept, not the table: in a section that declares the distribution anew, it is the new one."""
from __future__ import annotations

from dataclasses import replace

from ..latex.scope import Distribution, Scope
from ..latex.translate.draws import IndexDistribution
from .context import Context, read_text, table_entries
from .distributions import declared_point


def read_drawn_from(spec: dict, scope: Scope, context: Context) -> Scope:
    """``scope`` knowing the distribution each point of ``spec`` declared ``drawn_from`` one is drawn
    from; a name that is no declared distribution of points, or one that does not draw the point,
    is an error naming the declaration."""
    pairs = []
    for table in ("scalar", "family"):
        for entry in table_entries(spec, table, context):
            if "drawn_from" not in entry:
                continue
            name = read_text(entry, "name", context)
            point = declared_point(scope, name, table, lookup=False)   # by its key: not a use of the point
            if point is None:
                raise context.fail(f"{table} {name}: drawn_from goes with role = \"point\" (it says which "
                                   "distribution an expectation draws the point from)", ("drawn_from",))
            written = read_text(entry, "drawn_from", context)
            distribution = scope.names.get(written)
            if not isinstance(distribution, Distribution) or isinstance(distribution, IndexDistribution):
                raise context.fail(f"{table} {name}: drawn_from names no declared [[distribution]] of points "
                                   f"({written!r})", ("drawn_from",))
            if distribution.coordinate_of(point) is None:
                raise context.fail(f"{table} {name}: drawn_from = {written!r}, which does not draw {name} (it is of "
                                   f"{', '.join(distribution.written)}; a point value_of one of them is drawn too)",
                                   ("drawn_from",))
            pairs.append((point, written))
    return replace(scope, drawn_from=scope.drawn_from + tuple(pairs)) if pairs else scope

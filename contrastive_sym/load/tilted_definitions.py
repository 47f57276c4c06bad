r"""A ``[[define]]`` of a density up to its factor, ``q_\beta(x^-) \propto w(x^-) p(x^-)``
(:mod:`contrastive_sym.latex.tilted`): bound under its name as a distribution, recorded as the
document's definition, its reading said.  A definition by ``\propto`` in any other form is
refused by the definition reader, naming what it needs."""
from __future__ import annotations

from ..latex.spelling import canonical_key
from ..latex.tilted import tilted_definition
from ..model.notation import Origin
from .context import Context


def read_tilted(entry: dict, latex: str, line: int, where, context: Context, scope) -> bool:
    """Whether ``latex`` defines a density by ``\\propto`` (then bound and recorded)."""
    found = tilted_definition(latex, scope, where)
    if found is None:
        return False
    name, tilted = found
    context.builder.definition(entry.get("name", name), line=line, latex=latex, origin=Origin(where.path, where.line),
                               restated_from=entry.get("restated_from", ""))
    context.scope = context.scope.bind(canonical_key(name), tilted)
    context.warn(f"the definition of {entry.get('name', name)}: {name} is {tilted.base.name} reweighted, divided by "
                 f"its mean weight under {tilted.base.name} (the factor \\propto leaves out)", line=where.line)
    return True

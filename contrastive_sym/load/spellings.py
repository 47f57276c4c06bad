r"""A name the document writes two ways: ``read_as = { 'p_{g}' = 'p_{G}' }`` at the top of a derivation
(or in the Markdown header) reads the first spelling as the second in every formula of the file, as
a claim's own ``read_as`` does for that claim.  A GAN post that writes its generator's distribution
p_G throughout and p_g once, a note that writes \mathbf{x} and x for one point: the notation says so,
once, instead of every claim that meets it.  Never silent: a spelling no formula of the file writes (as
a whole name: the g of \\gamma is none) changes nothing and is a warning (an error under ``--strict``), and
so are one read as itself and one that is a declared name (its declaration could no longer be used)."""
from __future__ import annotations

from ..latex.spelling import respelled
from .context import Context, scope_key


def document_spellings(spec: dict, context: Context) -> tuple[tuple[str, str], ...]:
    """(key as written, key as read) of each entry of the file's ``read_as``."""
    spellings = spec.get("read_as") or {}
    formulas = " ".join("".join(text.split()) for text in _formulas(spec))     # each a key's spelling
    declared = {scope_key(entry["name"]) for table in _DECLARING for entry in spec.get(table) or ()
                if isinstance(entry, dict) and isinstance(entry.get("name"), str)}
    found = []
    for written, read in spellings.items():
        pair = (scope_key(written), scope_key(read))
        if pair[0] == pair[1] or respelled(formulas, *pair) == formulas:
            why = "it reads the same name" if pair[0] == pair[1] else "no formula of the file writes it"
            context.warn(f"read_as {written!r} = {read!r}: {why}, so it changes nothing", ("read_as", written))
        elif pair[0] in declared:
            context.warn(f"read_as {written!r} = {read!r}: {written} is declared too, and no formula can use that "
                         "declaration", ("read_as", written))
        found.append(pair)
    return tuple(found)


#: the tables that declare names
_DECLARING = ("size", "scalar", "family", "function", "index", "set", "distribution", "operator", "quantity")


def _formulas(spec) -> list[str]:
    """Every formula the file writes: definitions, claims, steps, and the notation's own."""
    found = []
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "latex" and isinstance(value, str):
                found.append(value)
            elif key != "read_as":
                found += _formulas(value)
    elif isinstance(spec, list):
        for item in spec:
            found += _formulas(item)
    return found

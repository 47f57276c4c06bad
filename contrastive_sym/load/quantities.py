r"""``[[quantity]]``: quantities the checker computes, written as the document writes them: the
mutual information ``I(X; Y)`` (of the exact method's joint, or with ``of`` of a declared
distribution's two points) and the entropies ``H(X)``, ``H(X, Y)``, ``H(Y \mid X)`` of a declared
distribution's points."""
from __future__ import annotations

import re

import sympy as sp

from ..errors import DerivationError
from ..latex.scope import Distribution, Family, InformationOf, Macro
from ..latex.translate.draws import IndexDistribution
from ..model.information import entropy, mutual_information
from ..model.nodes import MutualInformation
from ..model.notation import bare_point
from .context import Context, read_text, scope_key

_QUANTITIES = {"mutual information": MutualInformation, "entropy": None}


def letter_of(entry: dict) -> str | None:
    """The letter of a quantity declared alone (``I``), or None for one declared at its arguments."""
    name = entry.get("name")
    return scope_key(name) if isinstance(name, str) and re.fullmatch(r"\s*[^()\s]+\s*", name) else None


def refuse_a_letter_declared_twice(spec: dict, entry: dict, context: Context) -> None:
    """A quantity declared by its letter alone is its letter at every argument: another declaration of the
    letter beside it, in the same tables (a quantity at arguments, another alone, a scalar), would leave
    one of the two meaning nothing, silently."""
    letter = letter_of(entry)
    if letter is None:
        return
    heads = [scope_key(str(e.get("name", "")).split("(")[0]) for e in spec.get("quantity", ()) if e is not entry]
    others = [scope_key(str(e.get("name", ""))) for kind in ("scalar", "family", "function", "distribution", "size",
                                                             "index", "set", "operator") for e in spec.get(kind, ())]
    if letter in heads or letter in others:
        raise context.fail(f"quantity {entry['name']}: '{letter}' is declared again beside it; a quantity declared by "
                           "its letter alone is that letter at every argument, so declare it once", ("name",))


def read_quantity(entry: dict, context: Context, record_definition, bind_macro) -> None:
    """One ``[[quantity]]``: its formula bound under its name, for the labels it writes;
    ``record_definition`` and ``bind_macro`` as the declarations record and bind a definition."""
    name = read_text(entry, "name", context)
    origin = context.locator.origin(name)
    meaning = entry.get("meaning")
    node = _QUANTITIES.get(meaning)
    match = re.fullmatch(r"\s*([^()\s]+)\s*\((.*)\)\s*", name)
    if meaning in _QUANTITIES and match is None and re.fullmatch(r"\s*[^()\s]+\s*", name):
        # I alone, of = 'p': the mutual information of whichever points of p a use writes
        distribution = context.scope.lookup(read_text(entry, "of", context)) if "of" in entry else None
        if not isinstance(distribution, Distribution) or isinstance(distribution, IndexDistribution):
            raise context.fail(f"quantity {name}: a quantity declared by its letter alone needs 'of', the declared "
                               "[[distribution]] of whose points it is (I(X; Z), H(X \\mid Z) of any of them)", ("of",))
        record_definition(entry, name, context)
        context.scope = context.scope.bind(scope_key(name), InformationOf(meaning, distribution, name.strip()))
        return
    if meaning not in _QUANTITIES or match is None:
        raise DerivationError(f"quantity {name}: write it as name(arguments) with a meaning of "
                              f"{', '.join(_QUANTITIES)}", origin.path, origin.line)
    record_definition(entry, name, context)
    key, labels = match.group(1), scope_key(match.group(2))
    if meaning == "entropy":
        body = _entropy_of(entry, name, match.group(2), context)
    else:
        body = node() if "of" not in entry else _information_of(entry, name, match.group(2), context)
    bind_macro(Macro(key, body, labels=labels, line=entry.get("line")), context)


def _information_of(entry: dict, name: str, arguments: str, context: Context) -> sp.Expr:
    r"""The mutual information of points of a declared distribution p (``of = 'p'``): of its two
    coordinates, ``I(X; Y)``, the expectation of log p(a, b)/(p(a)p(b)) over (a, b) ~ p, what a document
    means by I(X; Y) beside the densities it writes (whatever letters the arguments write); of two groups
    of its points, ``I(X; Y, Z)``, E[log p(x, y, z)/(p(x) p(y, z))]; given a third, ``I(X; Y \mid Z)``,
    E[log p(x, y, z) p(z)/(p(x, z) p(y, z))] (the chain rule's terms)."""
    distribution = context.scope.lookup(read_text(entry, "of", context))
    if not isinstance(distribution, Distribution) or isinstance(distribution, IndexDistribution):
        raise context.fail(f"quantity {name}: 'of' names a declared [[distribution]], whose mutual information "
                           "it is", ("of",))
    parts = re.split(r"\\mid(?![a-zA-Z])|\\vert(?![a-zA-Z])|\|", arguments)
    sides = parts[0].split(";") if ";" in parts[0] or len(parts) > 1 else parts[0].split(",")    # I(x, z) too
    if len(parts) > 2 or len(sides) != 2:
        raise context.fail(f"quantity {name}: a mutual information is of two groups of points, I(X; Y) or "
                           "I(X; Y, Z), or of two given a third, I(X; Y \\mid Z)", ("name",))
    tag = distribution.tag
    if len(parts) == 1 and len(distribution.coordinates) == 2 and all("," not in side for side in sides) \
            and None in (_point_named(side, distribution, context) for side in sides):
        # I(X; Y) beside the densities p(x, y) a document writes: the two coordinates, whatever the letters
        a, b = ([point] for point in distribution.points)
        given = []
    else:
        a, b = ([_entropy_point(w, distribution, name, context) for w in side.split(",")] for side in sides)
        given = [_entropy_point(w, distribution, name, context) for w in parts[1].split(",")] if len(parts) == 2 else []
        # I(X; X), or X beside x declared value_of X: one coordinate twice, which no formula here reads
        if len({distribution.coordinate_of(p) for p in a + b + given}) != len(a + b + given):
            raise context.fail(f"quantity {name}: a point is written twice in the arguments (or two values of one "
                               "coordinate)", ("name",))
    return mutual_information(tag, a, b, given)


def _entropy_of(entry: dict, name: str, arguments: str, context: Context) -> sp.Expr:
    r"""The entropy of points of a declared distribution p (``of = 'p'``): of one, ``h(X)``,
    −E_{x ~ p}[log p(x)]; the joint entropy of several, ``H(X, Y)``, −E[log p(x, y)]; the
    conditional entropy ``H(Y \mid X)``, −E_{(x, y) ~ p}[log p(x, y)/p(x)]: the formulas a
    document's H stands for beside the densities it writes.  Checked, as every expectation, on
    finite tables: there they are Shannon's entropies (≥ 0, which a differential entropy need not
    be; docs/reference.md says so)."""
    distribution = context.scope.lookup(read_text(entry, "of", context)) if "of" in entry else None
    if not isinstance(distribution, Distribution) or isinstance(distribution, IndexDistribution):
        raise context.fail(f"quantity {name}: an entropy needs 'of', the declared [[distribution]] whose "
                           "points it is the entropy of", ("of",))
    parts = re.split(r"\\mid(?![a-zA-Z])|\\vert(?![a-zA-Z])|\|", arguments)
    if len(parts) > 2:
        raise context.fail(f"quantity {name}: an entropy is of points, or of points given others (one bar)",
                           ("name",))
    groups = [[_entropy_point(written, distribution, name, context) for written in re.split(r";|,", part)]
              for part in parts]
    of, given = groups[0], groups[1] if len(groups) == 2 else []
    if len({distribution.coordinate_of(p) for p in of + given}) != len(of + given):
        raise context.fail(f"quantity {name}: a point is written twice in the entropy's arguments (or two values "
                           "of one coordinate)", ("name",))
    return entropy(distribution.tag, of, given)


def _point_named(written: str, distribution: Distribution, context: Context) -> sp.Basic | None:
    """The point ``written`` names among those ``distribution`` draws, or None."""
    point = context.scope.lookup(scope_key(written.strip()))
    point = bare_point(point.base) if isinstance(point, Family) else point
    return point if isinstance(point, sp.Basic) and distribution.coordinate_of(point) is not None else None


def _entropy_point(written: str, distribution: Distribution, name: str, context: Context) -> sp.Basic:
    """The point ``written`` names among the coordinates of ``distribution``; an error otherwise."""
    point = _point_named(written, distribution, context)
    if point is None:
        raise context.fail(f"quantity {name}: an entropy or a mutual information of a distribution is of its points, "
                           f"{', '.join(distribution.written)}; {written.strip()!r} is not one of them", ("name",))
    return point

"""SVG figures made safe to inline in the HTML report.

The figures come from our own matplotlib code, but their labels and captions may
quote a document, and inline SVG is live markup: a ``<script>``, an ``onload``, a
``<foreignObject>`` or a ``url(https://…)`` would run or fetch.  So, as for MathML
(:mod:`.mathml`), the SVG is parsed and rebuilt from an allowlist:

* elements: shapes, groups, ``use``, clip paths, gradients, text — anything else
  (script, foreignObject, image, a, animate…) rejects the figure;
  matplotlib's ``<metadata>`` and its global ``<style>`` rule are dropped (inline, a
  ``*{…}`` rule would style the whole page; the report's CSS sets it for figures);
* attributes: geometry and presentation only; references (``href``, ``url(#…)``)
  only to ids inside the same figure;
* ids: prefixed with the figure's anchor, since matplotlib names every figure's
  groups ``figure_1``, ``axes_1``…: two figures on one page would share ids.

Anything else raises :class:`UnsafeSVG`; the report then shows the caption and why.
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

# A figure is a few tens of kB; a runaway one is not inlined.
MAX_SVG = 5_000_000

ELEMENTS = frozenset("""
    svg g defs path use clipPath rect circle ellipse line polyline polygon text tspan
    title desc linearGradient radialGradient stop mask pattern marker symbol
""".split())
DROPPED = frozenset({"metadata", "style"})
TEXT_ELEMENTS = frozenset({"text", "tspan", "title", "desc"})

ATTRIBUTES = frozenset("""
    id d x y x1 y1 x2 y2 cx cy r rx ry dx dy width height viewBox transform points
    preserveAspectRatio version fill fill-opacity fill-rule stroke stroke-width
    stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset
    stroke-opacity opacity clip-path clip-rule clipPathUnits mask color font-size
    font-weight font-style text-anchor dominant-baseline letter-spacing rotate
    gradientUnits gradientTransform offset stop-color stop-opacity patternUnits
    patternTransform markerWidth markerHeight refX refY orient markerUnits visibility display
""".split())
# Properties allowed in a style attribute: the presentation attributes above.
PROPERTIES = ATTRIBUTES - {"id", "d", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "dx", "dy",
                           "width", "height", "viewBox", "transform", "points", "preserveAspectRatio", "version"}

# Numbers, lengths, colours, transforms: no quotes, colons, semicolons, backslashes
# or angle brackets; url( and expression( are checked separately.
_SAFE_VALUE = re.compile(r"[A-Za-z0-9#.,%+\-() \n\t]{0,20000}")
_LOCAL_URL = re.compile(r"url\(\s*#([^)\s]+)\s*\)")
# Comments are allowed (matplotlib writes each label's text in one; the parser drops them).
_DECLARATION = re.compile(r"<!(?!--)|<\?")
_PROLOGUE = re.compile(r"\A\s*(?:<\?xml[^>]*\?>\s*)?(?:<!DOCTYPE\s+svg[^>\[]*>\s*)?")


class UnsafeSVG(ValueError):
    """The SVG is not made only of allowed parts."""


def sanitise_svg(svg: str, prefix: str, label: str = "") -> str:
    """The figure rebuilt from the allowlist, ids prefixed with ``prefix``.

    ``label`` becomes the figure's accessible name (``role="img"``, ``aria-label``).
    """
    if len(svg) > MAX_SVG:
        raise UnsafeSVG(f"the figure is too large to inline ({len(svg):,} characters)")
    body = _PROLOGUE.sub("", svg, count=1)
    if _DECLARATION.search(body):
        raise UnsafeSVG("the figure contains XML declarations or entities")
    try:
        root = ET.fromstring(body)
    except ET.ParseError:
        raise UnsafeSVG("the figure is not well-formed SVG") from None
    if root.tag != f"{{{SVG_NS}}}svg":
        raise UnsafeSVG("the figure is not an <svg> element")
    ids = _id_map(root, prefix)
    out: list[str] = []
    _serialise(root, out, ids, top=True, label=label)
    return "".join(out)


def _local(tag: str) -> tuple[str, str]:
    namespace, _, name = tag[1:].partition("}") if tag.startswith("{") else ("", "", tag)
    return namespace, name


def _id_map(root: ET.Element, prefix: str) -> dict[str, str]:
    """Every id in document order → ``prefix-N`` (references may come before the id)."""
    ids: dict[str, str] = {}
    for element in root.iter():
        old = element.get("id")
        if old is not None and old not in ids:
            ids[old] = f"{prefix}-{len(ids) + 1}"
    return ids


def _serialise(element: ET.Element, out: list[str], ids: dict[str, str], top: bool = False,
               label: str = "") -> None:
    namespace, name = _local(element.tag)
    if namespace == SVG_NS and name in DROPPED and not top:
        return
    if namespace != SVG_NS or name not in ELEMENTS or (name == "svg") != top:
        raise UnsafeSVG(f"element <{name[:40]}> is not allowed in a figure")
    attributes = []
    for key, value in element.attrib.items():
        kept = _attribute(key, value, ids)
        if kept:
            attributes.append(kept)
    if top:
        attributes = [f'xmlns="{SVG_NS}"', 'role="img"', f'aria-label="{html.escape(label, quote=True)}"'] + [
            a for a in attributes if not a.startswith(("xmlns", "role=", "aria-"))]
    out.append(f"<{name}{''.join(' ' + a for a in attributes)}>")
    if name in TEXT_ELEMENTS and element.text:
        out.append(html.escape(element.text, quote=False))
    for child in element:
        _serialise(child, out, ids)
        if name in TEXT_ELEMENTS and child.tail:
            out.append(html.escape(child.tail, quote=False))
    out.append(f"</{name}>")


def _attribute(key: str, value: str, ids: dict[str, str]) -> str | None:
    """``name="value"`` with references rewritten, or None to drop the attribute."""
    namespace, name = _local(key)
    if name == "href" and namespace in ("", XLINK_NS):
        target = ids.get(value[1:]) if value.startswith("#") else None
        return f'href="#{target}"' if target else None
    if namespace:
        return None
    if name == "id":
        return f'id="{ids[value]}"'
    if name == "style":
        style = _style(value, ids)
        return f'style="{html.escape(style, quote=True)}"' if style else None
    if name not in ATTRIBUTES:
        return None
    safe = _value(value, ids)
    return f'{name}="{html.escape(safe, quote=True)}"' if safe is not None else None


def _style(style: str, ids: dict[str, str]) -> str:
    kept = []
    for declaration in style.split(";"):
        prop, colon, value = declaration.partition(":")
        prop = prop.strip()
        if colon and prop in PROPERTIES:
            safe = _value(value.strip(), ids)
            if safe is not None:
                kept.append(f"{prop}: {safe}")
    return "; ".join(kept)


def _value(value: str, ids: dict[str, str]) -> str | None:
    """The value with local ``url(#id)`` references renamed; None if anything else is in it."""
    unknown = False

    def rename(match: re.Match) -> str:
        nonlocal unknown
        target = ids.get(match.group(1))
        unknown |= target is None
        return f"url(#{target})"

    renamed = _LOCAL_URL.sub(rename, value)
    rest = _LOCAL_URL.sub("", renamed).lower()
    if unknown or "url" in rest or "expression" in rest or not _SAFE_VALUE.fullmatch(rest):
        return None
    return renamed

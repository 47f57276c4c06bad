r"""``[[macro]]``: the document's own macros (``\newcommand{\E}{\mathbb{E}}``,
``\newcommand{\norm}[1]{\left\| #1 \right\|}``), expanded in every formula it reads
(:mod:`contrastive_sym.latex.expand`)."""
from __future__ import annotations

import re
from dataclasses import replace

from ..latex.expand import MacroDef
from ..latex.scope import Scope
from .context import Context, read_text, table_entries

#: Most arguments of a macro, as in TeX.
MAX_MACRO_ARGUMENTS = 9
_CONTROL_WORD = re.compile(r"\\[a-zA-Z]+")


def read_macros(spec: dict, scope: Scope, context: Context) -> Scope:
    """``scope`` with the ``[[macro]]`` tables of ``spec`` to expand."""
    macros = []
    for entry in table_entries(spec, "macro", context):
        name = read_text(entry, "name", context)
        if not _CONTROL_WORD.fullmatch(name):
            raise context.fail(f"macro {name!r}: the name is a control word, a backslash and letters "
                               "(\\E, \\norm)", ("name",))
        if any(m.name == name for m in macros):
            raise context.fail(f"macro {name} is declared twice", ("name",))
        arguments = entry.get("arguments", 0)
        if not 0 <= arguments <= MAX_MACRO_ARGUMENTS:
            raise context.fail(f"macro {name}: arguments is 0 … {MAX_MACRO_ARGUMENTS}", ("arguments",))
        body = read_text(entry, "body", context)
        used = {int(n) for n in re.findall(r"#([1-9])", body)}
        if used - set(range(1, arguments + 1)):
            raise context.fail(f"macro {name}: the body uses #{max(used)} but the macro takes {arguments} "
                               f"argument{'s' * (arguments != 1)}", ("body",))
        macros.append(MacroDef(name, arguments, body))
    return replace(scope, macros=tuple(macros)) if macros else scope

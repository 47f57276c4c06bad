"""The loading stage: derivation files → :class:`~contrastive_sym.model.claims.Document`.

A file is LaTeX in TOML (:mod:`.toml`), an annotated Markdown document
(:mod:`.markdown`), or a Python module built with :mod:`.builder`; :mod:`.files`
finds and dispatches them.  This stage imports :mod:`contrastive_sym.latex` and
:mod:`contrastive_sym.model`, never :mod:`contrastive_sym.check`.
"""
from .files import load, load_all

__all__ = ["load", "load_all"]

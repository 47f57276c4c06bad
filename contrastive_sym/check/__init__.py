"""The checking stage: links are checked by registered methods (see :mod:`.registry`).

Importing :mod:`.methods` registers them, cheapest first.
"""
from . import methods  # noqa: F401  (registers the check methods)
from .registry import LinkTask, check_link

__all__ = ["LinkTask", "check_link"]

"""The checking stage: links are checked by registered methods (see :mod:`.registry`)."""
from . import expectations, limit_checks, pointwise  # noqa: F401  (register the methods)
from .registry import LinkTask, check_link

__all__ = ["LinkTask", "check_link"]

"""The checking stage: links are checked by registered methods (see :mod:`.registry`)."""
from .methods import expectations
from .methods import limits as limit_checks
from .methods import pointwise  # noqa: F401  (register the methods)
from .registry import LinkTask, check_link

__all__ = ["LinkTask", "check_link"]

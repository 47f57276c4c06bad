"""The registered check methods: each turns evidence into an :class:`~contrastive_sym.model.verdicts.Outcome`.

Importing this package registers them all with :mod:`..registry`.
"""
from . import asymptotics, expectations, limits, pointwise  # noqa: F401  (register the methods)

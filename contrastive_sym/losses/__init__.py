"""The numpy wing: the losses of :mod:`contrastive_sym.model.encodings` evaluated on
arrays, with their gradients, from the same SymPy encodings the checker reads
(:mod:`.functions`; :mod:`.tensor_eval` and :mod:`.tensor_rewrite` turn an encoding
into a stable numpy program; :mod:`.inputs` validates the arrays)."""
from .functions import flat_nce, info_nce, logsumexp, nt_xent

__all__ = ["nt_xent", "info_nce", "flat_nce", "logsumexp"]

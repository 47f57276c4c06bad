"""The numpy wing: the losses of :mod:`contrastive_sym.model.encodings` evaluated on
arrays, with their gradients, from the same SymPy encodings the checker reads
(:mod:`.functions` for the seeds' losses, :mod:`.families` for CLIP, DCL, SupCon, MoCo and
alignment/uniformity; :mod:`.programs` compiles an encoding once per process, with
:mod:`.tensor_eval` and :mod:`.tensor_rewrite`; :mod:`.inputs` validates the arrays)."""
from .families import align_uniform, alignment, clip, dcl, dclw, moco, supcon, uniformity
from .functions import flat_nce, info_nce, logsumexp, nt_xent

__all__ = ["nt_xent", "info_nce", "flat_nce", "logsumexp", "clip", "dcl", "dclw", "supcon",
           "alignment", "uniformity", "align_uniform", "moco"]

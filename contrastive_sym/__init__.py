"""contrastive-verify: a proof checker for the mathematics of contrastive learning.

The pipeline is visible in the package layout: :mod:`.load` reads derivations
(:mod:`.derive` builds them), :mod:`.check` computes verdicts, :mod:`.report`
renders them.  :mod:`.encodings` holds the losses as SymPy expressions and
:mod:`.losses` evaluates the same encodings on numpy arrays.
"""
__version__ = "0.1.0"

"""The checking stage: :class:`~contrastive_sym.model.claims.Document` → results.

:mod:`.documents` checks every claim, step and proof conclusion; each link goes to the
methods registered for its kind in :mod:`.registry` (the methods are in
:mod:`.methods`, cheapest first), which draw on :mod:`.sampling`, :mod:`.numeric`,
:mod:`.symbolic` and :mod:`.exact`.  :mod:`.faithfulness` compares each formula with its
source document; :mod:`.figures` computes the numbers behind the report's figures.
"""

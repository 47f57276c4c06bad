"""The limits on what a derivation may ask for: every resource a document controls is bounded.

A derivation file (TOML or annotated Markdown) decides how large the checked sizes are,
how many claims and steps there are, how long and how deeply nested each formula is.
Each of these is bounded here, by name, so that no input can make the checker hang or
exhaust memory: a value past a limit is an input error (exit 2) that names the file,
the line and the limit, e.g.

    d.toml:7: checked size 1000000000 exceeds the limit of 64
    (contrastive_sym/load/limits.py: MAX_SIZE)

The size of a file in bytes is bounded where files are read
(:mod:`contrastive_sym.safe_io`); the nesting depth of a formula by the translator
(:data:`contrastive_sym.latex.translate.MAX_DEPTH`, re-exported here as ``MAX_DEPTH``).
The working precision is bounded by the command line (``--digits``, 50 … 2000); a
document cannot set it, nor the number of sample points.
"""
from __future__ import annotations

from ..latex.translate import MAX_DEPTH

#: Largest size a derivation may check at (``checked``, ``minimum``, a claim's ``sizes``).
#: Sampling instantiates sums and families at these sizes, so a size of 10^9 would
#: build a sum of 10^9 terms.
MAX_SIZE = 64
#: Most checked values of one size (``checked = [...]``, one entry of a claim's ``sizes``).
MAX_CHECKED_SIZES = 16
#: Most claims in one file.
MAX_CLAIMS = 5000
#: Most steps in one claim's proof.
MAX_STEPS = 500
#: Most entries of one notation or content table of a file ([[size]], [[define]], …).
MAX_ENTRIES = 5000
#: Most entries in one list or table inside a claim or step (given, let, ellipsis, expect, …).
MAX_ITEMS = 200
#: Most formulas read again to see whether each binding of one claim or step changes
#: something (bindings × formulas, :mod:`.effects`); past it the check is skipped, with a warning.
MAX_PROBE_READINGS = 500
#: The same, over all the claims and steps of one file.
MAX_PROBE_READINGS_PER_FILE = 5000
#: Longest formula (one LaTeX string), in characters.
MAX_FORMULA_CHARS = 20_000
#: Longest other text field (a title, a note, a reason), in characters.
MAX_TEXT_CHARS = 20_000
#: Largest line number (``line``, ``substitute_in``, ``after``).
MAX_LINE = 10_000_000
#: Most dimensions of a family (``shape``).
MAX_RANK = 4
#: Most entries of one family at the largest checked sizes (the product of its shape).
MAX_FAMILY_ENTRIES = 100_000
#: Most terms a formula's nested sums, products and maxima may expand to at the
#: largest checked sizes (a product of their ranges; 30 nested sums at n = 5 is 5^30).
MAX_SUM_TERMS = 1_000_000

__all__ = ["MAX_SIZE", "MAX_CHECKED_SIZES", "MAX_CLAIMS", "MAX_STEPS", "MAX_ENTRIES", "MAX_ITEMS",
           "MAX_FORMULA_CHARS", "MAX_TEXT_CHARS", "MAX_LINE", "MAX_RANK", "MAX_FAMILY_ENTRIES",
           "MAX_SUM_TERMS", "MAX_DEPTH"]

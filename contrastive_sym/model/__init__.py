"""Frozen records every stage shares: claims and documents, notation, SymPy nodes, the loss encodings, link shapes, verdicts, source matches, figure data and results.  Imports no stage."""

"""Reading the LaTeX of a document: a grammar of our own (parser), and a translation
of its trees into the SymPy encodings the checker uses (translate)."""

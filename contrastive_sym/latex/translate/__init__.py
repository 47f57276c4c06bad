r"""Parse trees → SymPy expressions in the encodings the checker uses.

The translation never evaluates document text: it walks the tree of
:mod:`~contrastive_sym.latex.parser` and builds SymPy objects from declared names
only.  What the grammar leaves to the reader is decided here, and refused when the
notation does not decide it:

* a run of letters (``tx_1``, ``vt``, ``LSE``, ``sim``) is split into declared names;
  no split or two different splits is an error;
* ``a/b c`` is an error (``(a/b)c`` or ``a/(bc)``?);
* an ellipsis (``x_1, ..., x_n``; ``\exp(x_1)+...+\exp(x_n)``) is read from its first
  and last terms, which may differ in one place only; the middle terms written out
  must follow the pattern;
* ``(…)`` after a name is a call when the name is a function or macro, a product
  otherwise; in a product the scripts after the parenthesis are its own (``a (b)^2``
  is a·b²), after a call they are the call's (``f(x)^2`` is f(x)²);
* a power right after ``\log(…)`` or ``\exp(…)`` is an error: (log x)² or log(x²)?

Nothing here runs SymPy's simplify, solve or limit, which can hang while a file is read:
terms are compared by :func:`~.compare.certainly_equal`, exact and bounded.
"""
from ..scope import labelled_key
from .names import text_key
from .displays import translate_expr, translate_rows
from .translator import MAX_DEPTH, Translator
from .values import ListValue, Row, Segment, Side, relation_name

__all__ = ["Translator", "translate_rows", "translate_expr", "Row", "Side", "ListValue", "Segment",
           "MAX_DEPTH", "relation_name", "labelled_key", "text_key"]

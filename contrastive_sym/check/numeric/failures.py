"""How evaluating a compiled expression fails: a node the compiler does not evaluate,
or a value that is certainly not a real number."""
from __future__ import annotations


class Unsupported(Exception):
    """The expression has a node this compiler does not evaluate."""


class OutOfRange(Exception):
    """The statement names an entry a family does not have at the sizes being checked
    (x_{K+1} of a family of K entries), or the probability of a value a drawn index never
    takes: the link is not well formed there."""


class Undefined(ArithmeticError):
    """A value is certainly not a real number: log of a non-positive, 1/0, sqrt of a negative."""

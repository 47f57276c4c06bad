"""What is not a number where a number is read: a list, a vector, a matrix, a set, a distribution,
an expectation without what it averages, a function or family without its arguments.  Each is named
as the user wrote it, with what to write instead."""
from __future__ import annotations

import sympy as sp

from ...errors import TypeMismatch
from ..elementary import Elementary, OfVector
from ..scope import (AbstractFunction, Builtin, Distribution, ExpectationOp, Family, IndexSet, InformationOf, Macro,
                     Operator)
from .values import ListValue, MatrixValue, RowVector, VectorValue


class NotNumbersMixin:
    """The part of the translator that refuses a value that is not a number, naming it."""

    def mismatch(self, node, message: str) -> TypeMismatch:
        """:meth:`fail` for parts that have no value together (a product of two vectors): no reading of
        a formula that reads in several ways is one where this is raised (latex/bar_readings.py)."""
        return TypeMismatch.of(self.fail(node, message))

    def not_in_a_product(self, value, node):
        """The error for ``value``, which is no factor, inside a product."""
        if isinstance(value, sp.Tuple):     # (\mathbf{x}, c) \log …: points have no value
            return self.fail(node, "a tuple of data points inside a product: it has no value")
        if isinstance(value, InformationOf):
            self.refuse_non_numbers(value, node)
        if isinstance(value, Macro) and len(value.index_params) == 1 and not value.called:
            return self.fail(node, f"'{value.key}' alone, inside a product, is defined entry by entry: write an "
                                   f"entry or their sum; the vector of its entries is read in {value.key}^\\top q, "
                                   f"{value.key} q^\\top, \\|{value.key}\\|, \\mathrm{{diag}}({value.key}) and "
                                   f"{value.key} \\odot q")
        return self.fail(node, "a list or an unapplied function inside a product (f(x) applies f; f{x} only groups)")

    def refuse_non_numbers(self, value, node) -> None:
        if isinstance(value, ListValue):
            raise self.fail(node, "a list (with commas or an ellipsis) where one value is expected")
        if isinstance(value, Elementary):
            raise self.fail(node, f"{value.shown} without its argument where a value is expected")
        if isinstance(value, OfVector):         # \text{softmax} written alone
            raise self.fail(node, f"{value.written} without the vector it is of, where a value is expected")
        if isinstance(value, sp.Tuple) and self.depth > 0:
            raise self.fail(node, f"{self.source(node).strip()} is a tuple of data points: it has no value, and "
                                  "is only an argument of a declared function such as f(x)")
        written = " ".join(self.source(node).split())
        written = written if len(written) <= 80 else written[:77] + "…"
        if isinstance(value, (RowVector, VectorValue)) or isinstance(value, Family) and len(value.shape) == 1:
            raise self.mismatch(node, f"'{written}' is a vector where a number is expected (write z_i \\cdot z_j or "
                                  "\\|z_i\\|)")
        if isinstance(value, MatrixValue):
            raise self.fail(node, f"'{written}' is a matrix where a number is expected (write one entry, G_{{ij}}, or "
                                  "a quadratic form x^\\top G y)")
        if isinstance(value, IndexSet):
            raise self.fail(node, f"{value.name} is a set: |{value.name}| is its size, "
                                  f"\\sum_{{k \\in {value.name}}} sums over it")
        if isinstance(value, ExpectationOp):
            raise self.fail(node, "an expectation needs what it averages: \\mathbb{E}_{x \\sim p}[…]")
        if isinstance(value, Distribution):
            raise self.fail(node, f"{value.name} is a distribution: {value.name}(x) is a probability, "
                                  f"\\mathbb{{E}}_{{x \\sim {value.name}}}[…] an expectation")
        if value is Builtin.EXPECTATION:
            written = self.source(node).strip()
            plain = "".join(written.split()) in ("E", "\\text{E}")
            raise self.fail(node, f"'{written}' is " + ("read as " if plain else "") + "the expectation"
                            + (" (the notation does not declare E)" if plain else "") + ", which needs what it "
                            "averages, \\mathbb{E}_{x \\sim p}[…]" + ("; declare E if it is a value of its own "
                                                                    "(an energy)" if plain else ""))
        if value is Builtin.IDENTITY:
            raise self.fail(node, "the identity matrix I is read in a sum or a difference with a square matrix "
                                  "(C - I); declare I if it is a name of its own")
        if isinstance(value, Macro) and value.index_params and not value.called:
            raise self.fail(node, f"'{self.source(node).strip()}' is defined entry by entry: write an entry "
                                  f"(at {', '.join(str(p).removesuffix('_param') for p in value.index_params)}), "
                                  "or their sum")
        if isinstance(value, InformationOf):
            letter = value.letter
            raise self.fail(node, f"'{letter}' is the {value.meaning} of whichever points of {value.distribution.name} its "
                                  f"arguments name: write them, {letter}(X; Y) or {letter}(X \\mid Y)")
        if isinstance(value, (Builtin, Macro, Family, Operator, AbstractFunction)):
            raise self.fail(node, f"'{self.source(node).strip()}' names a function or family; it needs arguments")

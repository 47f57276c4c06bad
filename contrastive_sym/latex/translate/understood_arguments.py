r"""Arguments a document leaves out once it has said them: the partition function written Z after
Z(\boldsymbol{\theta}), the unnormalised model \tilde{p}(x) after \tilde{p}(x; \boldsymbol{\theta}).
Books and papers do this all the time ("from here on we drop θ"), and reading Z alone as a number of
its own would make ∇_θ log Z zero.  A ``[[function]]`` that says ``understood = ['\boldsymbol{\theta}']``
lets a use leave out those last arguments (declared names): ``Z`` and ``\tilde{p}(x)`` are read as
``Z(\boldsymbol{\theta})`` and ``\tilde{p}(x; \boldsymbol{\theta})``, and the reading says so.  Without
the key the use is refused as before: a count of arguments the declaration does not have is never
guessed."""
from __future__ import annotations

from ..parser import parse
from ..scope import AbstractFunction, Family
from ...model.notation import bare_point
from .values import Segment


class UnderstoodArgumentsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a declared
    function with its understood arguments left out."""

    def understood_alone(self, value, node):
        """``value`` itself, or a declared function written alone read with all its arguments
        understood (Z for Z(\\boldsymbol{\\theta}))."""
        if not isinstance(value, AbstractFunction):
            return value
        understood = self.understood_arguments(value, 0, node)
        if understood is None:
            return value
        meaning, args = understood
        return self.apply_abstract(meaning, args, node, node)

    def understood_arguments(self, meaning: AbstractFunction, count: int, node):
        """(the declaration, the patterns of its understood arguments) for a use of ``meaning``
        with ``count`` arguments written; None when no declaration leaves out that many."""
        fitting = [f for f in (meaning,) + meaning.overloads if f.understood and count + len(f.understood) == f.arguments]
        if not fitting:
            return None
        shown = " ".join(self.source(node).split())
        direct = meaning.with_arguments(count)
        if direct is not None or len(fitting) > 1:
            # f(x) beside f(x) and f(x; \theta) with \theta understood: which one is not written
            readings = ([f"{meaning.name} of {count} argument{'s' * (count != 1)}"] if direct is not None else []) + [
                f"{f.name} of {f.arguments} with {', '.join(f.understood)} understood" for f in fitting]
            raise self.fail(node, f"ambiguous: '{shown}' reads as " + " or as ".join(readings) + ": the declarations "
                                  f"of {meaning.name} allow each; write the arguments of the one meant")
        (found,) = fitting
        note = (f"'{shown}' is read with {', '.join(found.understood)} after its arguments: the arguments "
                f"the declaration of {found.name} says are understood")
        self.readings.extend([note] if note not in self.readings else [])
        return found, [self._understood_pattern(written) for written in found.understood]

    def _understood_pattern(self, written: str):
        """The argument pattern of a declared name, as a call's argument reads it."""
        from .translator import Translator      # the translator imports this module
        (node,) = parse(written, self.where).children[0].children[0].children   # a name: load/functions.py
        value = Translator(written, self.scope, self.where).value(node)
        if isinstance(value, Family) and value.base in self.scope.points:
            value = bare_point(value.base)
        return Segment(value).pattern

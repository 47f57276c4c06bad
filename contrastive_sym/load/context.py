"""What reading a specification carries along, and the readers of one value.

:class:`Context` holds the file, the table being read, the document builder and the
scope; :class:`RecordingScope` notes what the formulas look up (so a declaration or
a binding nothing uses can be reported); the ``read_*`` functions read one value of
a table, naming its line when it is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field

import sympy as sp

from ..errors import DerivationError
from ..latex.scope import Scope
from ..latex.translate import translate_expr
from ..model.notation import Origin
from .builder import DocumentBuilder
from .keylines import Locator
from .schema import is_int, short
from ..latex.suggest import did_you_mean


@dataclass(frozen=True)
class RecordingScope(Scope):
    """A scope that records what the translation looks up: the names a formula uses,
    the ``read_as`` readings that changed a text, the ellipsis readings it read.  A
    ``let``, ``read_as`` or declaration that nothing looks up has no effect."""

    used: set | None = dataclass_field(default=None, compare=False, repr=False)

    def lookup(self, key: str):
        found = super().lookup(key)
        if self.used is not None:
            self.used.add(self.reading(key))
        return found

    def reading(self, text: str) -> str:
        if self.used is not None:
            for written, _ in self.read_as:
                if written in text:
                    self.used.add(("read_as", written))
        return super().reading(text)

    def reading_for(self, first: str, last: str):
        found = super().reading_for(first, last)
        if found is not None and self.used is not None:
            self.used.add(("ellipsis", id(found)))
        return found


@dataclass
class Context:
    """The state of reading one specification: its file, the table being read, the
    document being built and the scope its formulas are read in."""

    spec_path: str
    locator: Locator
    builder: DocumentBuilder
    scope: Scope
    used: set = dataclass_field(default_factory=set)       # every name any formula looked up
    path: tuple = ()                                       # the table being read
    prefix: tuple = ()                                     # the table the tables read sit in ([[section]])
    largest: dict = dataclass_field(default_factory=dict)  # size symbol → its largest checked value
    warnings: list = dataclass_field(default_factory=list)  # (message, line), in reading order
    probed: int = 0                                         # formulas read again by .effects
    # key → the definitions a document gives that name, by line, when it gives more than one
    redefined: dict = dataclass_field(default_factory=dict)
    # the names a definition that waits for a later one will give: out of every formula's scope
    # meanwhile, so that none reads them with the meaning the definition replaces (load/toml.py)
    waiting: frozenset = frozenset()

    def fail(self, message: str, key: str | tuple | None = None, line: int | None = None) -> DerivationError:
        """The error for ``key`` of the table being read (its line, else the table's)."""
        if line is None:
            keys = key if isinstance(key, tuple) else (key,) if key is not None else ()
            line = self.locator.key_line(self.path + keys)
        return DerivationError(message, self.spec_path, line)

    def warn(self, message: str, key: str | tuple | None = None, line: int | None = None) -> None:
        """Record a warning about ``key`` of the table being read: :func:`.toml.build`
        prints the records, or raises the first as the file's error under ``strict``."""
        self.warnings.append(self.fail(message, key, line))


def read_formula(text, scope: Scope, context: Context, key: tuple | None = None) -> sp.Expr:
    if isinstance(text, int) and not isinstance(text, bool):
        return sp.Integer(text)
    if not isinstance(text, str):   # the schema checks types first; a backstop
        raise context.fail(f"expected a formula, got {short(text)}", key)
    if key is not None:
        context.locator.at(context.path + key)
    return translate_expr(text, scope, context.locator.where(text))


def table_entries(spec: dict, key: str, context: Context):
    """The tables of ``[[key]]``, each with the locator's search starting at its header."""
    for number, entry in enumerate(spec.get(key, ())):
        context.path = context.prefix + (key, number)
        context.locator.enter(context.path)
        yield entry
    context.path = context.prefix


def read_text(entry: dict, key: str, context: Context) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():   # the schema checks first; a backstop
        raise context.fail(f"missing text field {key!r}", key if key in entry else None)
    return value


def read_int(entry: dict, key: str, context: Context) -> int:
    value = entry.get(key)
    if not is_int(value):
        raise context.fail(f"missing whole-number field {key!r}", key if key in entry else None)
    return value


def read_enum(kind, value, context: Context, origin: Origin):
    for member in kind:
        if member.value == value or member.name.lower() == str(value).lower():
            return member
    raise DerivationError(f"{value!r} is not a {kind.__name__.lower()}{did_you_mean(value, [m.value for m in kind])} "
                          f"({', '.join(m.value for m in kind)})", origin.path, origin.line)


def scope_key(latex: str) -> str:
    """The key a LaTeX name is bound under in the scope: its text without white space."""
    return "".join(latex.split())


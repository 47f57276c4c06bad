r"""A definition of a name the notation declares a number (a size, a scalar, an index) is an error
naming both: a [[size]] D beside a [[define]] D = D_\text{KL}(…) − … gave one name two meanings, and
where the definition was refused a display read D as the size (D ≥ 1 was confirmed as 0 = 0 would
be)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

BASE = """
id = "t"
title = "t"
source = "x.md"

[[scalar]]
name = 'a'
"""


@pytest.mark.parametrize("declaration, kind", [
    ("[[size]]\nname = 'D'\nminimum = 1\nchecked = [1, 2]\n", "a [[size]]"),
    ("[[scalar]]\nname = 'D'\n", "a [[scalar]]"),
    ("[[size]]\nname = 'N'\nminimum = 1\nchecked = [1, 2]\n\n[[index]]\nname = 'D'\nto = 'N'\n", "an [[index]]"),
])
def test_a_definition_of_a_declared_number_is_refused_naming_both(declaration, kind):
    text = BASE + declaration + """
[[define]]
name = 'D'
line = 3
latex = 'D = a^2'
"""
    with pytest.raises(DerivationError, match=rf"'D' is declared as {kind.replace('[', '.').replace(']', '.')} "
                                              "and defined here"):
        verify_text(text)

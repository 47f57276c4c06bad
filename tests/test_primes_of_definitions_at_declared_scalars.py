r"""f'(ε) of a definition ``f(t) = …`` whose t is a declared scalar: the derivative of the body in t,
as f(1) is the body at t = 1.  With t declared, the head is read for that name (a label), and the
prime was refused ("a prime after 'f' is read only … on a function of one number"), though values
of f read; without the declaration it read."""
from __future__ import annotations

import pytest

from document_claims import claim_verdict

NOTATION = r"""
id = "t"
title = "t"
source = "x.md"

[[scalar]]
name = 't'

[[scalar]]
name = 'a'

[[scalar]]
name = '\varepsilon'

[[define]]
name = 'f'
line = 2
latex = '''f(t) = t^3 + a t'''
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"f'(\varepsilon) = 3 \varepsilon^2 + a", "proved"),
    (r"f'(\varepsilon) = 3 \varepsilon^2", "refuted"),
    (r"f''(\varepsilon) = 6 \varepsilon", "proved"),
    (r"f(2) = 8 + 2 a", "proved"),
])
def test_a_prime_on_a_definition_at_a_declared_scalar_is_its_derivative(latex, verdict):
    assert claim_verdict(NOTATION, latex) in ((verdict, "confirmed") if verdict == "proved" else (verdict,))

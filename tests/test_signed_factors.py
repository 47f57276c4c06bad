r"""A sign right after \cdot, \times or *: ``a \cdot -x_u`` is a times (-x_u), as a post's gradient
writes it.  The sign is of the rest of the product (a sign factors out of a product, so every
grouping of it is one value) and stops at the next + or - of its level."""
from __future__ import annotations

import pytest

from contrastive_sym.latex.parser import parse
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[scalar]]
name = 'a'

[[scalar]]
name = 'b'

[[scalar]]
name = 'c'

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'u'
shape = ['d']

[[family]]
name = 'v'
shape = ['d']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"a \cdot -(a) = -a^2", "proved"),
    (r"a \cdot -(a) = a^2", "refuted"),
    (r"a \cdot -b c + c = c - a b c", "proved"),
    # the sign stops at the + after it: not a \cdot -(b + c)
    (r"a \cdot -b + c = -a b - a c", "refuted"),
    (r"a \times +b = a b", "proved"),
    (r"a * -b = -a b", "proved"),
    # vectors: u \cdot -v is the dot product of u and -v
    (r"u \cdot -v = -\sum_{k=1}^{d} u_k v_k", "proved"),
    (r"\frac{1}{1 + e^{a}} \cdot -b = \frac{-b}{1 + e^{a}}", "proved"),
])
def test_a_signed_factor_after_a_product_sign(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_the_tree_is_a_product_of_a_negated_factor():
    tree = parse(r"a \cdot -b c + d").children[0].children[0].children[0]
    assert tree.data == "add"
    product = tree.children[0]
    assert product.data == "dot" and product.children[2].data == "neg"

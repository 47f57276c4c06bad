r"""A definition of one entry in italic beside a declared bold vector: ``z_m = \max_i z_i`` (a softmax
chapter's largest logit) with ``\mathbf{z}`` declared, whose entries the document writes ``z_j``.  Before,
the head was read as the entries of a new name z at every m, all equal to the maximum: ``z_1 \geq z_2`` was
*confirmed* (false) and ``z_1 = z_m`` *proved* (false), and a derivative by z_j refused ("'a_j' is not
written in terms of z").  Now the head names one entry of the bold vector, read as ``x_m = \max_k x_k``
beside a plain family is (one value), and a use ``z_m`` is that definition."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'd'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = '\\mathbf{z}'
shape = ['d']

[[index]]
name = 'j'
to = 'd'

[[index]]
name = 'm'
to = 'd'

[[define]]
name = 'a_j'
line = 39
latex = '''a_j = \\frac{e^{z_j}}{\\sum_{k=1}^d e^{z_k}}'''

[[define]]
name = 'z_m'
line = 83
latex = 'z_m = \\max_i z_i'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"z_m \geq z_j", "confirmed"),
    (r"z_m \geq z_1", "confirmed"),
    (r"z_1 = z_m", "refuted"),
    (r"z_j \geq z_m", "refuted"),
    (r"\frac{\partial a_j}{\partial z_j} = a_j(1-a_j)", "confirmed"),
])
def test_the_entry_is_one_value_and_the_others_are_the_vectors(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


GIVEN_ENTRY_BY_ENTRY = TITLE + """
[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'k'
to = 'n'

[[family]]
name = 'x'
shape = ['n']

[[family]]
name = '\\mathbf{p}'
shape = ['n']
index = 'm'
equals = '\\frac{e^{x_m}}{\\sum_k e^{x_k}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    # a bold vector given entry by entry (equals, a blog's softmax output p): its italic entries p_i are its
    # entries, as those of a declared bold vector are ("'p_i' is not declared (\mathbf{p} is declared …)")
    (r"\sum_{i=1}^{n} p_i = 1", "proved"),
    (r"p_1 = \frac{e^{x_1}}{\sum_k e^{x_k}}", "proved"),
    (r"p_1 = 1", "refuted"),
])
def test_the_italic_entries_of_a_bold_vector_given_entry_by_entry(latex, verdict):
    assert claim_verdict(GIVEN_ENTRY_BY_ENTRY, latex) == verdict


def test_entries_defined_beside_a_definition_of_the_name_alone_and_its_declared_rows_are_refused():
    """SOUNDNESS: z = g(x)/\\|g(x)\\| defined (the name alone) beside the declared rows z_i, then z_i = u_i/\\|u_i\\|
    at a later line: the check that refuses a definition of a declared family's entries looked at z alone,
    passed, and a claim before that line read z_i by it while s(i, j) = z_i^T z_j read the declared rows: a
    true restatement of s was refuted.  (An InfoNCE post normalises z_i = u_i/\\|u_i\\| after defining z.)"""
    from contrastive_sym.errors import DerivationError
    from contrastive_sym.pipeline import verify_text
    notation = TITLE + """
[[size]]
name = 'N'
minimum = 2
checked = [2]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'z'
shape = ['N', 'd']

[[family]]
name = 'u'
shape = ['N', 'd']

[[scalar]]
name = 'x'
role = "point"

[[function]]
name = 'g'
arguments = 1
shape = ['d']

[[define]]
name = "z"
line = 5
latex = 'z = \\frac{g(x)}{\\|g(x)\\|_2}'

[[define]]
name = "z"
line = 30
latex = 'z_i = \\frac{u_i}{\\|u_i\\|}'

[[index]]
name = 'i'
to = 'N'
"""
    with pytest.raises(DerivationError, match="'z_i' defines the entries of a declared \\[\\[family\\]\\] at every i"):
        verify_text(notation)

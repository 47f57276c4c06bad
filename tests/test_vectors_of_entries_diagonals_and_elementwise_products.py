r"""The softmax's backward pass as posts write it: p defined entry by entry (p_i = e^{z_i} / Σ_j e^{z_j})
and then written alone as the vector (p_1, …, p_V) where only a vector is read (p^⊤ q, p p^⊤, ‖p‖,
diag(p), p ⊙ q); its Jacobian diag(p) − p p^⊤, and J^⊤ p̄ = p ⊙ p̄ with ⊙ the elementwise product.
Before, p alone was "not a vector", \mathrm{diag} was "not declared" and \odot a name.  Elsewhere the
name alone stays refused: the total of a loss's terms 𝓛_i is the likelier meaning of 𝓛 alone, and the
vector read there would refute a true 𝓛 = Σ_i 𝓛_i by its shape."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

SOFTMAX = TITLE + r"""
[[size]]
name = 'V'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
from = 1
to = 'V'

[[index]]
name = 'j'
from = 1
to = 'V'

[[family]]
name = 'z'
shape = ['V']

[[family]]
name = '\bar{p}'
shape = ['V']

[[define]]
name = 'p_i'
line = 1
latex = 'p_i = \frac{e^{z_i}}{\sum_{k=1}^{V} e^{z_k}}'

[[define]]
name = 'J_{ij}'
line = 2
latex = 'J_{ij} = \frac{\partial p_i}{\partial z_j}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"J = \mathrm{diag}(p) - p p^\top", "holds"),
    (r"J^\top \bar{p} = p \odot \bar{p} - (p^\top \bar{p}) \, p^\top", "refused"),
    (r"J^\top \bar{p} - p \odot \bar{p} = - p p^\top \bar{p}", "holds"),
    (r"\operatorname{diag}(p) \bar{p} = p \odot \bar{p}", "holds"),
    (r"p^\top \bar{p} = \sum_{i=1}^{V} p_i \bar{p}_i", "holds"),
    (r"\sum_{i=1}^{V} (p \odot p)_i \le 1", "holds"),
    (r"3 p \odot \bar{p} \odot p = 3 p \odot p \odot \bar{p}", "holds"),      # numbers and a run of \odot: one reading
    # false as written: the sign of the outer product, a dropped diagonal, ⊙ read as a dot product
    (r"J = \mathrm{diag}(p) + p p^\top", "refuted"),
    (r"J = - p p^\top", "refuted"),
    (r"p \odot \bar{p} = p p^\top \bar{p}", "refuted"),
])
def test_a_vector_defined_entry_by_entry_is_written_alone(latex, verdict):
    if verdict == "refused":
        from contrastive_sym.errors import DerivationError
        with pytest.raises(DerivationError):
            claim_verdict(SOFTMAX, latex)
        return
    found = claim_verdict(SOFTMAX, latex)
    assert (found in ("proved", "confirmed")) if verdict == "holds" else found == verdict


@pytest.mark.parametrize("latex, message", [
    (r"J \odot p = p", r"'\\odot' \(the elementwise product\) is read between two vectors of one length"),
    (r"\mathrm{diag}(J) = p", r"\\mathrm\{diag\}\(…\) is read of a vector"),
    # p alone beside a number: the vector, or the total of p's entries?  Refused, saying where it is read
    (r"J^\top \bar{p} = p \odot \bar{p} - p \cdot (p^\top \bar{p})", r"'p' alone, inside a product, is defined "
                                                                      r"entry by entry: write an entry or their sum"),
    (r"p = 0", r"'p' is defined entry by entry: write an entry \(at i\), or their sum"),
    # \odot beside another product of vectors or matrices: which binds first is not written (a probe found
    # J q \odot r read as J (q \odot r) silently, where code's J @ q * r is (J q) \odot r)
    (r"J \bar{p} \odot \bar{p} = 0", r"ambiguous: '\\odot' beside another product of vectors or matrices"),
    (r"\bar{p}^\top \bar{p} \odot \bar{p} = 0", r"ambiguous: '\\odot' beside another product"),
    (r"\bar{p} \cdot \bar{p} \odot \bar{p} = 0", r"ambiguous: '\\odot' beside another product"),
])
def test_what_is_not_a_vector_is_refused_by_name(latex, message):
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match=message):
        claim_verdict(SOFTMAX, latex)

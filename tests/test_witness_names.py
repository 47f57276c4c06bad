"""How a witness names the entries it sets: an entry of a vector whose name already ends in a
subscript (MoCo's positive key k_+) is written with the name in parentheses, (k_+)_1, not k_+_1, which
reads as a subscript of a subscript."""
from __future__ import annotations

from contrastive_sym.pipeline import check_statement


def test_a_witness_writes_the_entry_of_a_vector_named_with_a_subscript_in_parentheses():
    """MoCo's positive key k_+: its first component is shown (k_+)_1 (it was k_+_1)."""
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1]}],
                    family=[{"name": "k_+", "shape": ["d"]}, {"name": "q", "shape": ["d"]}])
    outcome = check_statement(r"q \cdot k_+ = 2 q \cdot k_+", **notation)
    assert outcome.verdict.value == "refuted"
    shown = str(outcome.witness)
    assert "(k_+)_1" in shown and "k_+_1" not in shown

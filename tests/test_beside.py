r"""One letter for one sample's vector and for a batch's: ``z = g(h)`` beside ``z_i``.

Posts define the embedding of one sample, ``\mathbf{z} = \operatorname{Proj}(\mathbf{r})``,
and then write the batch's ``\mathbf{z}_\ell`` (declared, or defined entry by entry).  The
name alone is the definition and the name with a subscript the batch's entry: two
objects, so what holds of each is not refuted and an identity that would need them to be
one is.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

SIZES = [{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}]
NOTATION = dict(
    size=SIZES,
    scalar=[{"name": r"\mathbf{x}", "role": "point"}],
    function=[{"name": "g", "arguments": 1, "shape": ["d"]}],
    index=[{"name": r"\ell", "from": 1, "to": "N"}],
)
ONE = {"name": "z", "line": 10, "latex": r"\mathbf{z} = g(\mathbf{x})"}


def check(statement: str, kind: str = "identity", **declared):
    return check_statement(statement, kind, **(NOTATION | declared))


BATCH_DECLARED = dict(family=[{"name": r"\mathbf{z}", "shape": ["N", "d"]}], define=[ONE])
BATCH_DEFINED = dict(family=[{"name": r"\mathbf{x}", "shape": ["N"], "role": "point"}],
                     define=[ONE, {"name": "z_l", "line": 12,
                                   "latex": r"\mathbf{z}_\ell = g(\mathbf{x}_\ell)"}])


@pytest.mark.parametrize("declared", [BATCH_DECLARED, BATCH_DEFINED], ids=["declared", "defined"])
@pytest.mark.parametrize("statement, kind", [
    (r"\mathbf{z}^\top \mathbf{z} = \|g(\mathbf{x})\|^2", "identity"),     # the name alone: the sample's
    (r"\|\mathbf{z}_1 - \mathbf{z}\|^2 \geq 0", "inequality"),
    (r"\mathbf{z}_1^\top \mathbf{z}_2 = \mathbf{z}_2^\top \mathbf{z}_1", "identity"),
])
def test_the_name_alone_and_its_entries_read_as_two_objects(declared, statement, kind):
    outcome = check(statement, kind, **declared)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message


@pytest.mark.parametrize("declared", [BATCH_DECLARED, BATCH_DEFINED], ids=["declared", "defined"])
def test_the_sample_is_no_entry_of_the_batch(declared):
    outcome = check(r"\mathbf{z}^\top \mathbf{z}_1 = \|\mathbf{z}\|^2", **declared)
    assert outcome.verdict.value == "refuted", outcome.message


def test_an_entry_defined_entrywise_is_its_definition():
    # z_\ell = g(x_\ell): z_2 is g at the second point, whatever the sample's z is
    outcome = check(r"\mathbf{z}_2^\top \mathbf{z}_1 = g(\mathbf{x}_1)^\top g(\mathbf{x}_2)", **BATCH_DEFINED)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message
    outcome = check(r"\mathbf{z}_2 ^\top \mathbf{z}_1 = g(\mathbf{x}_1)^\top g(\mathbf{x}_1)", **BATCH_DEFINED)
    assert outcome.verdict.value == "refuted", outcome.message


def test_without_a_batch_the_name_alone_takes_no_subscript():
    with pytest.raises(DerivationError, match="takes no subscript"):
        check(r"\mathbf{z}_1^\top \mathbf{z} = 0", define=[ONE])


def test_a_definition_of_every_entry_of_a_declared_family_is_refused_not_read_as_one_name():
    # z_i = g(h_i) beside a declared family z: read as the name z_i alone, \sum_k z_k would
    # take the declared entries and an identity the document means would be refuted
    declared = dict(family=[{"name": "z", "shape": ["N", "d"]}, {"name": "h", "shape": ["N", "d"]}],
                    index=[{"name": "i", "from": 1, "to": "N"}],
                    define=[{"name": "z_i", "line": 3, "latex": r"z_i = g(h_i)"}])
    with pytest.raises(DerivationError, match=r"defines the entries of a declared \[\[family\]\] at every i"):
        check(r"\sum_k z_k^\top z_k = \sum_k g(h_k)^\top g(h_k)", **declared)


def test_a_named_entry_whose_body_uses_no_index_is_read_as_written():
    # x_m = \max_k x_k (the LogSumExp note): one value named x_m, beside the family x
    declared = dict(family=[{"name": "x", "shape": ["N"]}], index=[{"name": "m", "from": 1, "to": "N"}],
                    define=[{"name": "x_m", "line": 3, "latex": r"x_m = \max_k x_k"}])
    outcome = check(r"x_m \geq x_1", "inequality", **declared)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message

r"""The Donsker-Varadhan and MINE notation: a function written without its arguments inside an
expectation, ``\mathbb{E}_P[T] - \log \mathbb{E}_Q[e^T]``, is T at the point the expectation draws
(said in the reading); ``\mathbb{E}_{P_X P_Z}`` of distributions written side by side is the
product of their draws; and a distribution declared ``marginal_of`` another is that one's marginal,
so that ``\mathbb{E}_{P_X P_Z}`` is the product of the marginals of P_{XZ}.  Found by a document
added blind (reading notes on MINE), whose f-divergence bound carries a log it should not:
E_P[T] − log E_Q[e^T] ≥ E_P[T] − log E_Q[e^{T−1}] is false for every T (the right side is the
left plus 1), and is refuted."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result, with_claim  # noqa: E402

DONSKER_VARADHAN = r'''
id = "dv"
title = "dv"
source = "notes.md"

[[scalar]]
name = '\omega'
role = "point"

[[distribution]]
name = 'P'
of = ['\omega']

[[distribution]]
name = 'Q'
of = ['\omega']

[[function]]
name = 'T'
arguments = 1
'''

MINE = r'''
id = "mine"
title = "mine"
source = "notes.md"

[[scalar]]
name = 'X'
role = "point"

[[scalar]]
name = 'Z'
role = "point"

[[distribution]]
name = 'P_{XZ}'
of = ['X', 'Z']

[[distribution]]
name = 'P_X'
of = ['X']
marginal_of = 'P_{XZ}'

[[distribution]]
name = 'P_Z'
of = ['Z']
marginal_of = 'P_{XZ}'

[[quantity]]
name = 'I(X; Z)'
meaning = "mutual information"
of = 'P_{XZ}'

[[function]]
name = 'T_\theta'
arguments = 2
'''


def result(document: str, latex: str):
    return claim_result(with_claim(document, latex))


@pytest.mark.parametrize("latex, expected", [
    # the Donsker-Varadhan bound, T at the point each expectation draws
    (r"D_{KL}(P||Q) \ge \mathbb{E}_P[T] - \log(\mathbb{E}_Q[e^T])", "confirmed"),
    (r"D_{KL}(P||Q) \ge \mathbb{E}_P{[T]} - \log(\mathbb{E}_Q[e^{T}])", "confirmed"),
    (r"D_{KL}(P||Q) \le \mathbb{E}_P[T] - \log(\mathbb{E}_Q[e^T])", "refuted"),
    # the notes' f-divergence bound with a log too many: false for every T
    (r"\mathbb{E}_P{[T]}-\log(\mathbb{E}_Q[e^{T}])\ge\mathbb{E}_P{[T]}-\log(\mathbb{E}_Q[e^{T-1}])", "refuted"),
    (r"\mathbb{E}_P[T] = \mathbb{E}_P[T(\omega)]", "confirmed"),
])
def test_a_function_written_alone_in_an_expectation_is_at_its_draw(latex, expected):
    found = result(DONSKER_VARADHAN, latex)
    assert found.outcome.verdict.value in ((expected, "proved") if expected == "confirmed" else (expected,))
    assert any("is read at the points it draws: T(" in r for r in [found.claim.reading])


@pytest.mark.parametrize("latex, expected", [
    (r"I(X; Z) \ge \mathbb{E}_{P_{XZ}}{[T_\theta]} - \log(\mathbb{E}_{P_{X}P_{Z}}[e^{T_\theta}])", "confirmed"),
    (r"I(X; Z) \le \mathbb{E}_{P_{XZ}}{[T_\theta]} - \log(\mathbb{E}_{P_{X}P_{Z}}[e^{T_\theta}])", "refuted"),
    # the product of the marginals, drawn apart, is the joint's marginals
    (r"\mathbb{E}_{P_X P_Z}[T_\theta] = \mathbb{E}_{X \sim P_X}[\mathbb{E}_{Z \sim P_Z}[T_\theta(X, Z)]]", "confirmed"),
    (r"\mathbb{E}_{P_X}[T_\theta(X, Z)] = \mathbb{E}_{X \sim P_{XZ}}[T_\theta(X, Z)]", "confirmed"),
    (r"\mathbb{E}_{P_X P_Z}[T_\theta] = \mathbb{E}_{P_{XZ}}[T_\theta]", "refuted"),
])
def test_a_product_of_marginals_is_read(latex, expected):
    assert result(MINE, latex).outcome.verdict.value in \
        ((expected, "proved") if expected == "confirmed" else (expected,))


def test_without_marginal_of_two_distributions_are_unrelated():
    """P_X declared on its own is any distribution of X: the bound fails, as it should."""
    unrelated = MINE.replace("marginal_of = 'P_{XZ}'\n", "")
    found = result(unrelated, r"I(X; Z) \ge \mathbb{E}_{P_{XZ}}[T_\theta] - \log(\mathbb{E}_{P_{X}P_{Z}}[e^{T_\theta}])")
    assert found.outcome.verdict.value == "refuted"


@pytest.mark.parametrize("latex, message", [
    # T takes two arguments, E_{P_X} draws one point
    (r"\mathbb{E}_{P_X}[T_\theta] \ge 0", "and T_\\theta takes 2"),
    # outside an expectation, a bare function is still refused
    (r"T_\theta \ge 0", "needs arguments"),
    # two distributions that draw one point: which draws it is not written
    (r"\mathbb{E}_{P_X P_{XZ}}[T_\theta] \ge 0", "draw one point"),
])
def test_what_is_not_read_is_refused_naming_it(latex, message):
    with pytest.raises(DerivationError) as caught:
        verify_text(with_claim(MINE, latex))
    assert message in caught.value.message


@pytest.mark.parametrize("entry, message", [
    ("name = 'P_W'\nof = ['X']\nmarginal_of = 'R'", "names no [[distribution]]"),
    ("name = 'P_W'\nof = ['X', 'Z']\nmarginal_of = 'P_{XZ}'", "not none and not all"),
    ("name = 'P_W'\nof = ['X']\nmarginal_of = 'P_{XZ}'\ndiscrete = true", "'discrete'"),
])
def test_a_marginal_declared_wrong_is_an_error(entry, message):
    with pytest.raises(DerivationError) as caught:
        verify_text(MINE + "\n[[distribution]]\n" + entry + "\n")
    assert message in caught.value.message


SECTION_MARGINAL = r'''
id = "t6"
title = "a joint and its marginal declared in a section"
source = "t.md"

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[section]]
line = 1

[[section.scalar]]
name = 'u'
role = "point"
value_shape = ['d']

[[section.scalar]]
name = 'v'
role = "point"
value_shape = ['d']

[[section.distribution]]
name = '\pi'
of = ['u', 'v']

[[section.distribution]]
name = '\mu'
of = ['u']
marginal_of = '\pi'

[[claim]]
id = "c1"
line = 2
title = "x"
latex = '\mathbb{E}[u\cdot v] \le \mathbb{E}[u\cdot v] + 1'
'''


@pytest.mark.parametrize("hash_seed", ["0", "1", "5"])
def test_a_bare_expectation_beside_a_marginal_reads_alike_for_every_hash_seed(tmp_path, hash_seed):
    """E[u·v] is drawn by the joint π, never by its marginal μ, whatever order a section's names
    were bound in (it was refused, naming μ, under some hash seeds)."""
    import os
    import subprocess
    path = tmp_path / "t6.toml"
    path.write_text(SECTION_MARGINAL)
    done = subprocess.run([sys.executable, "-m", "contrastive_sym", str(path)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": hash_seed}, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 confirmed" in done.stdout

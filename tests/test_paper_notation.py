r"""The notation of the papers most documents quote, read as those papers write it (issue 13):
SimCLR's loss (ℓ_{i,j} with an inner sum over k, the loss summing ℓ(2k{-}1, 2k) over its
own k) and Wang & Isola's alignment and uniformity (``p_\mathsf{pos}``,
``\mathop{\mathbb{E}}``, ``x, y \overset{\text{i.i.d.}}{\sim}``).  The verdicts are the
mathematics: the NT-Xent loss is ≥ 0 and not ≥ log(2N − 1); uniformity is ≤ 0 and, without
normalised embeddings, not ≥ −t (it is ≥ −4t on the unit sphere only).
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

SIMCLR = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
    family=[{"name": r"\bm{z}", "shape": ["2N", "d"], "role": "embedding"},
            {"name": r"\bm{u}", "shape": ["d"]}, {"name": r"\bm{v}", "shape": ["d"]}],
    index=[{"name": "i", "from": 1, "to": "2N"}, {"name": "j", "from": 1, "to": "2N"}],
    define=[{"name": "sim", "line": 1, "latex": r"\mathrm{sim}(\bm{u}, \bm{v}) = \frac{\bm{u}^\top \bm{v}}"
                                                  r"{\lVert \bm{u}\rVert \lVert \bm{v} \rVert}"},
            {"name": "ell", "line": 2, "latex": r"\ell_{i,j} = -\log \frac{\exp(\mathrm{sim}(\bm{z}_i, \bm{z}_j)/\tau)}"
                                                r"{\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(\mathrm{sim}(\bm{z}_i, "
                                                r"\bm{z}_k)/\tau)}"},
            {"name": "L", "line": 3, "latex": r"\mathcal{L} = \frac{1}{2N} \sum_{k=1}^{N} [\ell(2k{-}1, 2k) + "
                                              r"\ell(2k, 2k{-}1)]"}],
)


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\mathcal{L} \geq 0", "inequality", "confirmed"),
    (r"\mathcal{L} \geq \log(2N - 1)", "inequality", "refuted"),
    # ℓ_{i,j} with j = i is not a loss of a positive pair: its ratio can exceed 1
    (r"\ell_{i,j} \geq 0", "inequality", "refuted"),
    (r"\mathrm{sim}(\bm{z}_i, \bm{z}_j) \leq 1", "inequality", "confirmed"),
])
def test_simclr_as_written(statement, kind, expected):
    assert check_statement(statement, kind, **SIMCLR).verdict.value == expected


ALIGNMENT = dict(
    size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}, {"name": "t", "domain": "positive"},
            {"name": r"\alpha", "domain": "positive"}],
    function=[{"name": "f", "arguments": 1, "shape": ["d"]}],
    distribution=[{"name": r"p_\mathsf{pos}", "of": ["x", "y"]}, {"name": r"p_\mathsf{data}", "of": ["x"]}],
    define=[{"name": "align", "line": 1,
             "latex": r"\mathcal{L}_\mathsf{align}(f; \alpha) \triangleq \mathop{\mathbb{E}}_{(x, y) \sim p_\mathsf{pos}}"
                      r" \left[ \|f(x) - f(y)\|_2^\alpha \right]"},
            {"name": "uniform", "line": 2,
             "latex": r"\mathcal{L}_\mathsf{uniform}(f; t) \triangleq \log \mathop{\mathbb{E}}_{x, y "
                      r"\overset{\text{i.i.d.}}{\sim} p_\mathsf{data}} \left[ e^{-t\|f(x) - f(y)\|_2^2} \right]"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathcal{L}_\mathsf{uniform}(f; t) \leq 0", "confirmed"),
    (r"\mathcal{L}_\mathsf{align}(f; \alpha) \geq 0", "confirmed"),
    (r"\mathcal{L}_\mathsf{uniform}(f; t) \geq -t", "refuted"),
])
def test_alignment_and_uniformity_as_written(statement, expected):
    assert check_statement(statement, "inequality", **ALIGNMENT).verdict.value == expected


@pytest.mark.parametrize("written", [r"\bm{z}_i^\mathsf{T} \bm{z}_j", r"\bm{z}_i^{\mathsf{T}} \bm{z}_j"])
def test_a_font_in_a_script_is_read_as_tex_reads_it(written):
    assert check_statement(written + r" = \bm{z}_j^\top \bm{z}_i", **SIMCLR).verdict.value == "proved"


MOCO = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
            scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
            family=[{"name": "q", "shape": ["d"]}, {"name": "k_{+}", "shape": ["d"]},
                    {"name": "k", "shape": ["K", "d"], "role": "embedding"}])


def test_a_braced_product_sign_is_the_sign():
    # MoCo writes q{\cdot}k_{+}: the braces only set the spacing
    statement = r"\exp(q{\cdot}k_{+}/\tau) = \exp(q \cdot k_{+} / \tau)"
    assert check_statement(statement, **MOCO).verdict.value == "proved"


@pytest.mark.parametrize("statement, expected", [
    # the indicators of the bbm and dsfont packages, a bold z of the bm package, \cal and \bf of plain TeX
    (r"\sum_{k=1}^{2N} \mathbbm{1}_{[k \neq i]} \exp(\mathrm{sim}(\bm{z}_i, \bm{z}_k)/\tau) = "
     r"\sum_{k \neq i} \exp(\mathrm{sim}(\boldsymbol{z}_i, \boldsymbol{z}_k)/\tau)", "proved"),
    (r"\sum_{k=1}^{2N} \mathds{1}_{k \neq i} = 2N - 1", "proved"),
    # a font takes one character without braces, a digit too, as TeX reads it
    (r"\sum_{k=1}^{2N} \mathbb 1_{[k \neq i]} = 2N - 1", "proved"),
    (r"\sum_{k=1}^{2N} \mathbbm 1[k \neq i] = 2N", "refuted"),
    (r"{\cal L} \geq 0", "confirmed"),
    (r"{\bf z}_i \cdot {\bf z}_i \geq 0", "confirmed"),
    (r"\frac1{2N} \sum_{k=1}^{N} [\ell(2k{-}1, 2k) + \ell(2k, 2k{-}1)] = \mathcal{L}", "confirmed"),
    # \text{for all} is \forall: i runs over its declared range
    (r"\mathrm{sim}(\bm{z}_i, \bm{z}_j) \leq 1 \quad \text{for all } i, j", "confirmed"),
])
def test_what_papers_typeset_alike_is_one_reading(statement, expected):
    extra = dict(family=SIMCLR["family"] + [{"name": r"\mathbf{z}", "shape": ["2N", "d"], "role": "embedding"}])
    assert check_statement(statement, **{**SIMCLR, **extra}).verdict.value == expected


@pytest.mark.parametrize("statement, words", [
    # TeX sets 2^12 as 2¹2: which number was meant is not written
    (r"2^12 = 4096", ["'^12'", "only 1", "^{12}"]),
    (r"\tau^2.5 > 0", ["'^2.5'", "^{2.5}"]),
    (r"\ell_12 \geq 0", ["'_12'", "subscript"]),
    (r"\tau \log 2 \xrightarrow{\tau \to 0^+} 0", [r"'\xrightarrow{…}'", r"\lim_{\tau \to 0^+} A = B"]),
])
def test_what_tex_sets_otherwise_than_it_reads_is_refused(statement, words):
    with pytest.raises(ParseError) as error:
        check_statement(statement, **SIMCLR)
    for word in words:
        assert word in str(error.value)

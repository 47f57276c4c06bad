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
    # ℓ_{i,j} with j = i is not a loss of a positive pair: its ratio can exceed 1, so it needs j ≠ i
    (r"\ell_{i,j} \geq 0", "inequality", "conditional"),
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


@pytest.mark.parametrize("statement, expected", [
    # a document's \DeclareMathOperator{\E}{\mathbb{E}} writes \operatorname{\mathbb{E}}: the E it names
    (r"\operatorname{\mathbb{E}}_{(x, y) \sim p_\mathsf{pos}} \left[ \|f(x) - f(y)\|_2^2 \right] \geq 0", "confirmed"),
    (r"\operatorname*{\mathbb{E}}_{x \sim p_\mathsf{data}} \left[ \|f(x)\|_2^2 \right] \leq -1", "refuted"),
    # the Kullback-Leibler divergence written \mathcal{D}_{\text{KL}}, as \mathbb{D}_{\text{KL}} is
    (r"\mathcal{D}_{\text{KL}}(p_\mathsf{data}(x) \| p_\mathsf{data}(x)) = 0", "proved"),
])
def test_an_operator_name_around_a_symbol_is_that_symbol(statement, expected):
    assert check_statement(statement, "inequality", **ALIGNMENT).verdict.value in (
        (expected, "proved") if expected == "confirmed" else (expected, "confirmed") if expected == "proved" else (expected,))


def test_an_operator_name_of_a_word_stays_a_word():
    # \operatorname{tr} is the trace, a name of its own, not unwrapped
    from contrastive_sym.latex.continuations import unwrap_math_classes
    assert unwrap_math_classes(r"\operatorname{tr}(M)") == r"\operatorname{tr}(M)"
    assert unwrap_math_classes(r"\operatorname{\mathbb{E}}_x") == r"              \mathbb{E} _x"


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


def test_a_star_in_braces_is_the_star_mark():
    # L^{*} and L^* are one name, as TeX sets them (PyKEEN writes L^{*} for the pairwise loss)
    marked = dict(scalar=[{"name": r"\tau^*", "domain": "positive"}], function=[{"name": "L^*", "arguments": 1}])
    assert check_statement(r"L^{*}(\tau^*) = L^*(\tau^{*})", **marked).verdict.value == "proved"
    assert check_statement(r"\tau^{*} = \tau^{*} + 1", **marked).verdict.value == "refuted"


LABELLED = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
    index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"}],
    family=[{"name": "y", "shape": ["N"], "role": "label"}, {"name": "s", "shape": ["N"]}],
)


@pytest.mark.parametrize("statement, expected", [
    # the letter I for the indicator, as READMEs write it where 𝟙 is not at hand
    (r"I(y_i = y_j) + I(y_i \ne y_j) = 1", "proved"),
    (r"\mathbb{I}(y_i = y_j) + \mathbb{I}[y_i \neq y_j] = 1", "proved"),
    (r"\mathbb{I}_{[j \neq i]} + \mathbb{I}_{j = i} = 1", "proved"),
    (r"\sum_{j=1}^{N} I(j \neq i) = N - 1", "proved"),
    (r"\sum_{j=1}^{N} I(j \neq i) = N", "refuted"),
])
def test_an_undeclared_letter_i_of_a_condition_is_the_indicator(statement, expected):
    result = check_statement(statement, **LABELLED)
    assert result.verdict.value == expected


def test_the_letter_i_of_anything_but_a_condition_or_declared_is_not_the_indicator():
    with pytest.raises(ParseError) as info:
        check_statement(r"I(y_i) = 1", **LABELLED)
    assert "'I' is not declared" in str(info.value)
    # a declared I (here a scalar) keeps its meaning: I(…) multiplies
    declared = dict(LABELLED, scalar=[{"name": "I"}])
    assert check_statement(r"I(s_i + s_j) = I s_i + I s_j", **declared).verdict.value == "proved"


TRIPLETS = dict(
    size=[{"name": "T", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "q", "shape": ["T"], "role": "point"}, {"name": "d^+", "symbol": "dp", "shape": ["T"], "role": "point"},
            {"name": "d^-", "symbol": "dm", "shape": ["T"], "role": "point"}, {"name": "s", "shape": ["T"]}],
    function=[{"name": "f", "arguments": 2}],
)


@pytest.mark.parametrize("statement, expected", [
    # the triplets of a ranking loss, numbered by i: the sum over them is the sum over i
    (r"\sum_{\left\langle q_{i}, d_{i}^{+}, d_{i}^{-}\right\rangle} f(q_i, d_i^+) = \sum_{i=1}^{T} f(q_i, d^+_i)", "proved"),
    (r"\sum_{(q_i, d_i^+)} s_i = \sum_{i} s_i", "proved"),
    (r"\sum_{(q_i, d_i^+)} s_i = \sum_{i} s_i + 1", "refuted"),
])
def test_a_sum_over_tuples_numbered_by_one_index_is_the_sum_over_it(statement, expected):
    assert check_statement(statement, **TRIPLETS).verdict.value == expected


@pytest.mark.parametrize("statement", [r"\sum_{(q_i, d_j^+)} s_i = 0", r"\sum_{(q_i, s_1)} s_i = 0",
                                       r"\sum_{\langle q_i \rangle} s_i = 0"])
def test_a_sum_over_tuples_not_numbered_by_one_index_is_refused(statement):
    with pytest.raises(ParseError) as info:
        check_statement(statement, **TRIPLETS)
    assert "tuples" in str(info.value) or "not understood" in str(info.value)


PRIMED = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    index=[{"name": "i", "from": 1, "to": "N"}],
    family=[{"name": "v'", "symbol": "vp", "shape": ["N", "d"]}, {"name": r"\mathbf{h}", "shape": ["d"]}],
    scalar=[{"name": "x"}, {"name": r"x^\prime", "symbol": "xp"}, {"name": "x''", "symbol": "xpp"}],
)


@pytest.mark.parametrize("statement, expected", [
    # a prime written as a superscript is the prime, as TeX sets it (Rong's word2vec notes write
    # v_{w_j}^{'}), and a name declared x^\prime is the x' formulas write
    (r"x^{'} + x^{\prime} + x^\prime = 3x'", "proved"),
    (r"x^{\prime\prime} = x''", "proved"),
    (r"{v_{i}^{'}}^T \mathbf{h} = {v'_i}^\top \mathbf{h}", "proved"),
    (r"x^{'} = x", "refuted"),
])
def test_a_prime_written_as_a_superscript_is_the_prime(statement, expected):
    assert check_statement(statement, **PRIMED).verdict.value == expected

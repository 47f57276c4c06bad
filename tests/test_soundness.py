"""Wrong verdicts found by probing, one test per class: each fails without its fix.

The cache key and the notation, points the balls cannot decide, undefined points
inside the stated domain, closed arithmetic, a crash in one item, the time budget.
Documents are written as TOML in ``tmp_path`` and checked through the public path
(load, check_document), as a user's would be.
"""
from __future__ import annotations

import textwrap

import pytest
import sympy as sp

from contrastive_sym.check.sampling import witness as witnesses
from contrastive_sym.check.config import CheckConfig
from contrastive_sym.check.documents import LinkCache, check_document
from contrastive_sym.load.files import load_all
from contrastive_sym.model.nodes import StopGrad
from contrastive_sym.model.verdicts import Verdict

HEADER = '''
id = "{id}"
title = "probe"
source = "probe.txt"
'''


def document(tmp_path, body: str, doc_id: str = "t", name: str | None = None):
    path = tmp_path / (name or f"{doc_id}.toml")
    path.write_text(HEADER.format(id=doc_id) + textwrap.dedent(body), encoding="utf-8")
    return load_all([str(path)])[0]


def outcomes(doc, config=None, cache=None):
    result = check_document(doc, config or CheckConfig(), cache=cache or LinkCache())
    return {c.claim.id: c for c in result.claims}


def claim(id_, latex, kind="identity", line=1, extra=""):
    return f'''
[[claim]]
id = "{id_}"
line = {line}
title = "{id_}"
kind = "{kind}"
{extra}
latex = '{latex}'
'''


FAMILY_Y = '''
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'y'
shape = ['n']
domain = "{domain}"
'''


# --- 1. the in-run cache holds everything a verdict depends on ------------------------

@pytest.mark.parametrize("order", ["real first", "positive first"])
def test_the_link_cache_keeps_documents_with_other_declarations_apart(tmp_path, order):
    real = document(tmp_path, FAMILY_Y.format(domain="real") + claim("c", r"y_1 \geq 0", "inequality"), "real")
    positive = document(tmp_path, FAMILY_Y.format(domain="positive") + claim("c", r"y_1 \geq 0", "inequality"),
                        "positive")
    cache, config = LinkCache(), CheckConfig()
    docs = [real, positive] if order == "real first" else [positive, real]
    verdicts = {d.id: outcomes(d, config, cache)["c"].outcome.verdict for d in docs}
    assert verdicts == {"real": Verdict.REFUTED, "positive": Verdict.CONFIRMED}


# --- 2. definedness is part of truth -------------------------------------------------

def test_an_identity_undefined_on_part_of_its_domain_is_conditional_never_proved(tmp_path):
    doc = document(tmp_path, FAMILY_Y.format(domain="real") + claim("c", r"\log(y_1^2) = 2 \log(y_1)"))
    outcome = outcomes(doc)["c"].outcome
    assert outcome.verdict is Verdict.CONDITIONAL
    assert outcome.condition == "y_1 > 0"
    assert outcome.witness is not None and outcome.witness.rhs == "undefined"
    assert "right side is not a real number" in outcome.witness.note


def test_many_undefined_points_of_empty_label_sets_are_explained_not_left_undecided():
    # SupCon's L_in: undefined wherever a class has one member (|P(i)| = 0), at dozens of
    # sampled points; working out why (each point's failing terms) was past the time limit
    # and the verdict undecided.  The arguments are screened with arb balls first.
    from contrastive_sym.pipeline import check_statement
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "y", "shape": ["2N"], "role": "label"}, {"name": "s", "shape": ["2N", "2N"]}],
                    set=[{"name": "P(i)", "index": "p", "to": "2N", "where": r"p \neq i, y_p = y_i"}])
    outcome = check_statement(r"\sum_{i=1}^{2N} -\log \left\{\frac{1}{ \mid P(i) \mid } \sum_{p \in P(i)} "
                              r"e^{s_{i,p}} \right\} = \sum_{i=1}^{2N} \left(\log |P(i)| - \log \sum_{p \in P(i)} "
                              r"e^{s_{i,p}}\right)", **notation)
    assert outcome.verdict is Verdict.CONDITIONAL
    # named by the label comparisons that count the members of P(i)
    assert "1[y_" in outcome.condition and "0" in outcome.condition


def test_a_zero_drawn_at_the_smallest_size_only_does_not_make_a_size_condition():
    # q(x)/‖q(x)‖ is undefined where q(x) = 0, at any d; the draws hit that zero at d = 1 only,
    # and "it needs d ≥ 2" was said, which is false at d = 2.  A size is the condition only
    # when every point of the smallest size fails (a maximum over k ≠ i at N = 1).
    from contrastive_sym.pipeline import check_statement
    notation = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                    function=[{"name": "q", "arguments": 1, "shape": ["d"]}], scalar=[{"name": "x", "role": "point"}])
    outcome = check_statement(r"(q(x)/\|q(x)\|) \cdot q(x) = \|q(x)\|", **notation)
    assert outcome.verdict is Verdict.CONDITIONAL
    assert "d ≥" not in outcome.condition and "q(x" in outcome.condition


def test_the_same_identity_over_positive_values_is_proved(tmp_path):
    doc = document(tmp_path, FAMILY_Y.format(domain="positive") + claim("c", r"\log(y_1^2) = 2 \log(y_1)"))
    assert outcomes(doc)["c"].outcome.verdict is Verdict.PROVED


def test_an_inequality_undefined_for_some_reals_is_conditional_with_the_condition(tmp_path):
    body = '''
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['n']
''' + claim("c", r"\log(1 + x_1) \le \log \sum_{k=1}^{n} e^{x_k}", "inequality")
    outcome = outcomes(document(tmp_path, body))["c"].outcome
    assert outcome.verdict is Verdict.CONDITIONAL
    assert outcome.condition == "x_1 > -1"


def test_a_side_undefined_at_every_point_is_refuted_naming_what_is_undefined(tmp_path):
    body = '''
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]
''' + claim("c", r"\log(-2N-1) = 1")
    outcome = outcomes(document(tmp_path, body))["c"].outcome
    assert outcome.verdict is Verdict.REFUTED
    assert "undefined at every one of the 2 sampled points" in outcome.message
    assert "left side is not a real number" in outcome.message


def test_an_undefined_point_with_no_named_cause_and_one_side_defined_is_refuted(tmp_path, monkeypatch):
    from contrastive_sym.check.sampling import conditions
    monkeypatch.setattr(conditions, "_failing_terms", lambda *args, **kwargs: [])
    doc = document(tmp_path, FAMILY_Y.format(domain="real") + claim("c", r"\log(y_1^2) = 2 \log(y_1)"))
    # Without a cause found, no condition can be named: a point where a side is undefined
    # inside the domain is not passed over.
    assert outcomes(doc)["c"].outcome.verdict in (Verdict.CONDITIONAL, Verdict.REFUTED)
    assert outcomes(doc)["c"].outcome.verdict is not Verdict.PROVED


# --- 3. points the balls cannot decide -------------------------------------------------

EMBEDDINGS = '''
[[size]]
name = 'd'
minimum = 2
checked = [2, 3]

[[family]]
name = 'z'
shape = ['2', 'd']
role = "embedding"
'''


def test_a_strict_inequality_failing_exactly_at_ties_is_refuted_not_confirmed(tmp_path):
    # The cosine of two embeddings is at most 1, with equality when they are parallel:
    # "< 1" fails exactly there, where the balls can only say "agree to every digit".
    body = EMBEDDINGS + claim("c", r"\frac{z_1 \cdot z_2}{\|z_1\| \|z_2\|} < 1", "inequality")
    outcome = outcomes(document(tmp_path, body))["c"].outcome
    assert outcome.verdict in (Verdict.REFUTED, Verdict.CONDITIONAL)
    assert "exactly equal" in outcome.witness.note


def test_the_non_strict_cosine_bound_is_confirmed(tmp_path):
    body = EMBEDDINGS + claim("c", r"\frac{z_1 \cdot z_2}{\|z_1\| \|z_2\|} \le 1", "inequality")
    assert outcomes(document(tmp_path, body))["c"].outcome.verdict is Verdict.CONFIRMED


SCALE_T = '''
[[scalar]]
name = 't'
domain = "positive"
role = "scale"
'''


def test_a_gap_below_every_precision_is_settled_exactly(tmp_path):
    # At t = 1e-300 the gap is about e^(-1e300): no ball separates it from 0, SymPy's
    # exact arithmetic over positive exp-atoms does.
    body = SCALE_T + claim("c", r"\log(1 + e^{-1/t}) > 0", "inequality")
    outcome = outcomes(document(tmp_path, body), CheckConfig(symbolic=False))["c"].outcome
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert "settled by SymPy's exact arithmetic" in outcome.message


def test_points_nobody_can_decide_make_the_item_undecided(tmp_path, monkeypatch):
    monkeypatch.setattr(witnesses, "exact_signs", lambda ci, point, seconds: None)
    body = SCALE_T + claim("c", r"\log(1 + e^{-1/t}) > 0", "inequality")
    outcome = outcomes(document(tmp_path, body), CheckConfig(symbolic=False))["c"].outcome
    assert outcome.verdict is Verdict.UNDECIDED
    assert "could not be decided" in outcome.message
    assert outcome.witness is not None


def test_the_exact_sign_sees_through_huge_exponentials():
    big = sp.Integer(10) ** 30
    gap = 1 - sp.exp(big) / (sp.exp(big) + 1 + sp.exp(-big))
    assert witnesses._exact_sign(gap, plain=False) == 1
    assert witnesses._exact_sign(sp.exp(2 * big) - sp.exp(big) ** 2, plain=False) == 0


@pytest.mark.parametrize("relation, signs, holds", [
    ("LT", [1], True), ("LT", [0], False), ("LE", [0], True), ("EQ", [-1], False),
    ("GT", [-1, -1], True), ("GE", [1], False), ("LT", [None], None), ("SAME_DIRECTION", [1], None),
    ("SAME_DIRECTION", [0, 0], True)])
def test_exact_signs_decide_each_relation(relation, signs, holds):
    from contrastive_sym.model.claims import Relation
    assert witnesses.relation_at(Relation[relation], signs) is holds


def test_points_outside_the_stated_conditions_are_counted_not_dropped(tmp_path):
    body = FAMILY_Y.format(domain="real") + claim("c", r"y_1 \geq 0", "inequality",
                                                  extra="given = ['y_1 > 0']")
    outcome = outcomes(document(tmp_path, body))["c"].outcome
    assert outcome.verdict is Verdict.CONFIRMED
    assert "excluded by the stated conditions" in outcome.message


# --- 7. closed arithmetic is decided exactly -----------------------------------------

@pytest.mark.parametrize("latex, kind, verdict", [
    (r"1 + 1 = 2", "identity", Verdict.PROVED),
    (r"9900 + 13300 + 18000 + 14800 = 56000", "identity", Verdict.PROVED),
    (r"9850 \le e^{9.2} < 9950", "inequality", Verdict.PROVED),
    (r"1 + 1 = 3", "identity", Verdict.REFUTED),
    (r"e^{9.2} < 9897", "inequality", Verdict.REFUTED),
    (r"\log(e^{3}) = 3", "identity", Verdict.PROVED),
    (r"\frac{1}{3} + \frac{1}{6} = \frac{1}{2}", "identity", Verdict.PROVED),
    (r"\log(-3) = 1", "identity", Verdict.REFUTED),
])
def test_closed_arithmetic_is_proved_or_refuted(tmp_path, latex, kind, verdict):
    outcome = outcomes(document(tmp_path, claim("c", latex, kind)))["c"].outcome
    assert outcome.verdict is verdict, outcome.message
    assert "sampled points could be decided" not in outcome.message


def test_a_closed_statement_at_each_checked_size_is_decided(tmp_path):
    body = '''
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]
''' + claim("c", r"\log N \le N", "inequality")
    assert outcomes(document(tmp_path, body))["c"].outcome.verdict.holds


# --- 4. one item's failure is that item's verdict ------------------------------------

def test_a_stop_gradient_under_a_power_prints():
    x = sp.Symbol("x")
    assert sp.latex(StopGrad(x) ** 2) == r"\left(\operatorname{sg}\left[x\right]\right)^{2}"


def test_a_failing_check_is_the_items_error_and_the_others_still_run(tmp_path, monkeypatch):
    from contrastive_sym.check import documents
    real = documents.check_conclusion

    def broken(claim, notation, config):
        raise TypeError("a bug in the conclusion check")
    monkeypatch.setattr(documents, "check_conclusion", broken)
    body = FAMILY_Y.format(domain="positive") + claim("a", r"y_1 \geq 0", "inequality") + '''
  [[claim.step]]
  line = 2
  latex = 'y_1 > 0'
''' + claim("b", r"1 + 1 = 2", line=3)
    results = outcomes(document(tmp_path, body))
    assert results["a"].conclusion.outcome.verdict is Verdict.ERROR
    assert "a bug in the conclusion check" in results["a"].conclusion.outcome.message
    assert results["a"].outcome.verdict.holds and results["b"].outcome.verdict is Verdict.PROVED
    assert real is not broken


# --- the time budget of an item -------------------------------------------------------

def test_an_item_past_its_time_budget_is_undecided_with_time_limit(tmp_path, monkeypatch):
    import time as _time
    from contrastive_sym.check.numeric import compiled as numeric
    real = numeric.compare

    def slow(*args, **kwargs):
        _time.sleep(0.05)
        return real(*args, **kwargs)
    monkeypatch.setattr("contrastive_sym.check.sampling.sample.compare", slow)
    body = FAMILY_Y.format(domain="positive") + claim("c", r"y_1 \geq 0", "inequality")
    outcome = outcomes(document(tmp_path, body), CheckConfig(item_seconds=0.3))["c"].outcome
    assert outcome.verdict is Verdict.UNDECIDED
    assert outcome.method == "time limit" and "0.3 s" in outcome.message


# --- 9. the text report shows the deciding link's reason with its witness -------------

def test_the_text_report_shows_the_reason_of_the_link_that_fails(tmp_path, capsys):
    from contrastive_sym.cli import main
    path = tmp_path / "range.toml"
    path.write_text(HEADER.format(id="range") + FAMILY_Y.format(domain="positive")
                    + claim("c", r"0 \le y_1 < 1", "inequality"), encoding="utf-8")
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    # the reason shown is the failing link's, and the witness under it is that link's
    shown = out.split("refuted", 1)[1].splitlines()
    assert shown[1].strip().startswith("(2) <:") and "(1)" not in " ".join(shown[1:4])
    assert any(line.strip().startswith("witness: ") for line in shown[1:4])


def test_size_choices_a_condition_excludes_are_counted(tmp_path):
    body = '''
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'x'
shape = ['n']
''' + claim("c", r"\max\{x_1, \dots, x_n\} < \log \sum_{k=1}^{n} e^{x_k}", "inequality",
            extra=r"given = ['n \geq 2']")
    outcome = outcomes(document(tmp_path, body))["c"].outcome
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert "1 size/index choices were excluded by the stated conditions" in outcome.message


def test_a_closed_strict_inequality_between_equal_sides_is_refuted_as_a_tie(tmp_path):
    outcome = outcomes(document(tmp_path, claim("c", r"\log(e^{2}) < 2", "inequality")))["c"].outcome
    assert outcome.verdict is Verdict.REFUTED
    assert "strict inequality fails" in outcome.message


@pytest.mark.parametrize("checked", [[1, 2, 3], [2, 3], [3]])
def test_where_every_family_takes_the_same_values_is_sampled(tmp_path, checked):
    # Σ_i (y_i - s_{i1})^2 > 0 fails exactly where y is the first column of s (all zeros,
    # all ones): crossing the families' patterns with strides never put both at one pattern,
    # random points never tie, and the false statement was confirmed at every size
    doc = document(tmp_path, f'''
        size = [{{name = 'n', minimum = {checked[0]}, checked = {checked}}}]
        family = [{{name = 'y', shape = ['n']}}, {{name = 's', shape = ['n', 'n']}}]
    ''' + claim("c", r"\sum_i (y_i - s_{i1})^2 > 0", "inequality"))
    result = outcomes(doc)["c"].outcome
    assert result.verdict is Verdict.REFUTED, result.message


def test_a_sign_sympy_claims_for_a_closed_number_is_certified_by_a_ball():
    # −log(1/2 + e^{−x}/2) at x = 4·10^−340 is 2·10^−340 > 0; SymPy 1.14 calls it negative
    # (is_negative decides at low precision), and that refuted a true inequality
    x = sp.Rational(4, 10**340)
    gap = -sp.log(sp.Rational(1, 2) + sp.exp(-x) / 2)
    assert gap.is_negative            # SymPy's claim, wrong: if this changes, keep the check
    assert witnesses._exact_sign(gap, plain=False) == 1
    assert witnesses._exact_sign(gap - sp.Rational(1, 10**330), plain=False) == -1


def test_a_squared_difference_of_equal_inexact_values_is_a_number(tmp_path):
    # python-flint's arb ** 2 is nan for a ball around 0: at i = j the term ‖u_i − u_j‖² of
    # unit rows with values not exact in binary was never a number, the points stayed open
    # at every precision, and SymPy's wrong sign (above) refuted the true statement
    doc = document(tmp_path, '''
        size = [{name = 'N', minimum = 2, checked = [2]}, {name = 'd', minimum = 2, checked = [2]}]
        scalar = [{name = 't', domain = "positive"}]
        family = [{name = 'u', shape = ['N', 'd'], role = "unit"}]
    ''' + claim("c", r"\log \frac{1}{N^2}\sum_{i=1}^{N}\sum_{j=1}^{N} e^{-t\|u_i - u_j\|_2^2} \le 0", "inequality"))
    result = outcomes(doc)["c"].outcome
    assert result.verdict is Verdict.CONFIRMED, result.message
    assert "could not be decided" not in result.message


def test_the_norm_of_a_gradient_that_vanishes_is_zero_not_undecided():
    # at N = 1 the anchor's gradient is 0, computed as (p_1 - 1) v_1 with p_1 a ball around 1; the
    # square root of the sum of its squared derivatives (which SymPy does not know to be real) was
    # never a number, and the points left to SymPy ran past its budget: undecided
    from contrastive_sym.pipeline import check_statement
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
                    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
                    family=[{"name": "u", "shape": ["d"], "role": "unit"}, {"name": "v", "shape": ["N", "d"], "role": "unit"}],
                    define=[{"name": "l", "line": 1, "latex": r"\ell(u) = -\log \frac{e^{u^\top v_1 / \tau}}"
                                                             r"{\sum_{j=1}^{N} e^{u^\top v_j / \tau}}"}])
    outcome = check_statement(r"\left\| \nabla_u \ell(u) \right\|_2 \leq \frac{2}{\tau}", "inequality", **notation)
    assert outcome.verdict is Verdict.CONFIRMED, outcome.message
    assert outcome.evidence.resolved == outcome.evidence.points


@pytest.mark.parametrize("statement", [
    r"\sum_{i=1}^{N}\sum_{j=1}^{N} \|u_i - u_j\|_2^{\alpha} \ge 0",
    r"\sum_{i=1}^{N}\sum_{j=1}^{N} \|u_i - u_j\|_2^{3} \le 8 N^2",
    r"\frac{1}{N^2}\sum_{i=1}^{N}\sum_{j=1}^{N} \|u_i - u_j\|_2 \le 2",
])
def test_a_power_of_a_norm_at_a_tie_is_zero_not_undefined(tmp_path, statement):
    # 0^α = 0 for α > 0: the logarithm called ‖u_i − u_i‖^α undefined, and a true statement
    # was conditional on "both sides defined"; the square root of the rounding of u_i − u_i
    # (a ball around 0) was never a number, left to SymPy point by point
    doc = document(tmp_path, '''
        size = [{name = 'N', minimum = 1, checked = [1, 2, 3]}, {name = 'd', minimum = 1, checked = [1, 2, 3]}]
        scalar = [{name = '\\alpha', domain = "positive"}]
        family = [{name = 'u', shape = ['N', 'd'], role = "unit"}]
    ''' + claim("c", statement, "inequality"))
    result = outcomes(doc)["c"].outcome
    assert result.verdict is Verdict.CONFIRMED, result.message


@pytest.mark.parametrize("statement, kind, condition", [
    # SymPy folds e^{log a} into a and (√a)² into a as it reads them (found by a fuzzer of claims
    # true by construction): e^{log a} > 0 was refuted with the witness a = −1, lhs = −1, and
    # e^{log a} = a proved over the reals
    (r"e^{\log a} > 0", "inequality", "a > 0"),
    (r"e^{\log a} = a", "identity", "a > 0"),
    (r"\exp \log a = a", "identity", "a > 0"),
    (r"e^{2\log a} = a^2", "identity", "a > 0"),
    (r"\left(\sqrt{a}\right)^2 \geq 0", "inequality", "a ≥ 0"),
])
def test_a_folded_logarithm_or_root_keeps_where_it_is_undefined(tmp_path, statement, kind, condition):
    doc = document(tmp_path, "scalar = [{name = 'a'}]\n" + claim("c", statement, kind))
    outcome = outcomes(doc)["c"].outcome
    assert (outcome.verdict, outcome.condition) == (Verdict.CONDITIONAL, condition), outcome.message


@pytest.mark.parametrize("statement", [r"e^{\log \tau} = \tau", r"\left(\sqrt{a^2+1}\right)^2 = a^2 + 1"])
def test_a_fold_inside_its_domain_is_proved_as_before(tmp_path, statement):
    doc = document(tmp_path, "scalar = [{name = 'a'}, {name = '\\tau', domain = \"positive\"}]\n" + claim("c", statement))
    assert outcomes(doc)["c"].outcome.verdict is Verdict.PROVED


# --- a proof "multiplied by a factor and rearranged": the factor's sign is checked ------------

REARRANGED = '''
[[scalar]]
name = 'a'

[[scalar]]
name = 'b'

[[scalar]]
name = 'c'

[[claim]]
id = "c"
line = 1
title = "c"
kind = "inequality"
conclusion_factor = '{factor}'
latex = '{factor_latex} b \\le {factor_latex} c'

  [[claim.step]]
  line = 2
  latex = 'b \\le b + (c - b)'

  [[claim.step]]
  line = 3
  latex = '= c'
'''


@pytest.mark.parametrize("factor, verdict", [
    # SymPy's assumptions cannot sign (a − 1)² + 1, which is positive: the sampled check
    # decides it, where the assumptions alone left the conclusion undecided.
    ("a^2 - 2 a + 2", Verdict.CONFIRMED),
    # a real factor that is negative somewhere reverses b ≤ c there: the conclusion fails.
    ("a", Verdict.REFUTED),
])
def test_the_factor_of_a_rearranged_conclusion_is_checked_positive(tmp_path, factor, verdict):
    body = REARRANGED.format(factor=factor, factor_latex=f"({factor})")
    conclusion = outcomes(document(tmp_path, body))["c"].conclusion.outcome
    assert conclusion.verdict is verdict, conclusion
    if verdict is Verdict.REFUTED:
        assert "not positive" in conclusion.message and conclusion.witness is not None

r"""The Kullback-Leibler divergence and the entropy, as reviews of mutual-information bounds
write them: ``D_{KL}(p(X, Y) \| p(X) p(Y))``, ``D_{KL}\left(p(y) || q(y)\right)``,
``\mathbb{E}_{p(X)}[D_{KL}(p(Y|X) \| q(Y))]``, ``\mathrm{KL}(p \parallel q)`` of two declared
distributions, and h(X) declared as the entropy of p's coordinate X.  Each is checked
exactly on finite tables, as expectations are: a true identity or bound is confirmed, a
false one refuted with the table that shows it (Wiesner's I_BA without its log, one of
them).  A bar between two arguments is read only there."""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

NOTATION = dict(
    scalar=[{"name": "X", "role": "point"}, {"name": "Y", "role": "point"},
            {"name": "y", "role": "point", "value_of": "Y"}],
    distribution=[{"name": "p", "of": ["X", "Y"]}, {"name": "q", "of": ["Y"]}, {"name": "r", "of": ["X", "Y"]}],
    function=[{"name": "f", "arguments": 2}],
    quantity=[{"name": "I(X; Y)", "meaning": "mutual information", "of": "p"},
              {"name": "h(X)", "meaning": "entropy", "of": "p"}],
)


def verdict(statement: str) -> str:
    return check_statement(statement, **NOTATION).verdict.value


@pytest.mark.parametrize("statement, expected", [
    # the mutual information is the divergence of the joint from the product of its marginals
    (r"I(X;Y) = D_{KL}(p(X,Y) \| p(X)p(Y))", "confirmed"),
    (r"I(X;Y) = D_{KL}\left(p\left(X, Y\right) || p\left(X\right)p\left(Y\right)\right)", "confirmed"),
    (r"I(X;Y) = D_{KL}(p(X)p(Y) \| p(X,Y))", "refuted"),
    (r"D_{KL}(p(X)p(Y) \| p(X,Y)) \ge 0", "confirmed"),
    # Gibbs' inequality, and the wrong way round
    (r"D_{\mathrm{KL}}(p \| r) \ge 0", "confirmed"),
    (r"D_{\mathrm{KL}}(p \| r) \le 0", "refuted"),
    (r"\mathrm{KL}(p \parallel r) = \mathrm{KL}(r \parallel p)", "refuted"),
    # \mathbb{KL}, as Murphy's book and a Barlow Twins review write it
    (r"\mathbb{KL}(p \| r) \ge 0", "confirmed"),
    (r"\mathbb{KL}(p \| r) = \mathbb{KL}(r \| p)", "refuted"),
    # a density written in the letter of a value of its coordinate
    (r"D_{KL}(p(y) \| q(y)) = \mathbb{E}_{Y \sim p}[\log \frac{p(Y)}{q(Y)}]", "confirmed"),
    # the rate bound: a conditional density, its given point drawn by the expectation around it
    (r"\mathbb{E}_{p(X)}[D_{KL}(p(Y|X) \| q(Y))] \ge I(X;Y)", "confirmed"),
    (r"\mathbb{E}_{p(X)}[D_{KL}(p(Y|X) \| q(Y))] = I(X;Y) + D_{KL}(p(y) \| q(y))", "confirmed"),
    (r"\mathbb{E}_{p(X)}[D_{KL}(p(Y|X) \| q(Y))] \le I(X;Y)", "refuted"),
    # the entropy, -E[log p(X)]
    (r"h(X) = -\mathbb{E}_{X \sim p}[\log p(X)]", "confirmed"),
    (r"I(X;Y) \ge \mathbb{E}_{p(X, Y)}[\log r(X \mid Y)] + h(X)", "confirmed"),
    # Wiesner's I_BA as written, with no log: refuted
    (r"I(X;Y) \ge \mathbb{E}_{p(X, Y)}[r(X \mid Y)] + h(X)", "refuted"),
])
def test_divergences_and_entropies_are_checked(statement, expected):
    assert verdict(statement) == expected


@pytest.mark.parametrize("statement, words", [
    (r"D_{KL}(p(X) \| q(Y)) = 0", "'q(Y)' does not depend on X"),
    (r"D_{KL}(p(Y) \| r(X, Y)) = 0", "'r(X, Y)' depends on X, which P is not of"),
    (r"D_{KL}(f(X, Y) \| p(X, Y)) = 0", "is read with P a density"),
    (r"D_{KL}(p \| q) = 0", "the two distributions are of different points"),
    (r"f(X \| Y) = 1", "read only in the Kullback-Leibler divergence"),
    (r"(X \| Y) = 1", "alone in parentheses is read only between the two arguments"),
    (r"D_{KL} = 1", "D_{KL}"),
])
def test_what_is_no_divergence_of_the_same_points_is_refused(statement, words):
    with pytest.raises(DerivationError) as info:
        check_statement(statement, **NOTATION)
    assert words in info.value.message


def test_an_entropy_is_of_points_of_a_declared_distribution():
    for quantity, words in [({"name": "H(X, W)", "meaning": "entropy", "of": "p"}, "'W' is not one of them"),
                            ({"name": "H(X | Y | X)", "meaning": "entropy", "of": "p"}, "one bar"),
                            ({"name": "H(X | X)", "meaning": "entropy", "of": "p"}, "written twice"),
                            ({"name": "H(X)", "meaning": "entropy"}, "an entropy needs 'of'")]:
        notation = dict(NOTATION, quantity=[quantity])
        with pytest.raises(DerivationError) as info:
            check_statement(r"1 \ge 0", **notation)
        assert words in info.value.message


ENTROPIES = dict(NOTATION, quantity=[
    {"name": "I(X; Y)", "meaning": "mutual information", "of": "p"},
    {"name": "H(X)", "meaning": "entropy", "of": "p"}, {"name": "H(Y)", "meaning": "entropy", "of": "p"},
    {"name": "H(X, Y)", "meaning": "entropy", "of": "p"}, {"name": "H(Y | X)", "meaning": "entropy", "of": "p"}])


@pytest.mark.parametrize("statement, verdicts", [
    # the chain rule and the mutual information by entropies (a conditional entropy written with
    # \mid, \vert or | alike)
    (r"H(Y \mid X) = H(X, Y) - H(X)", ("confirmed", "proved")),
    (r"I(X; Y) = H(Y) - H(Y \vert X)", ("confirmed", "proved")),
    (r"H(Y | X) \le H(Y)", ("confirmed", "proved")),
    (r"H(Y \mid X) = H(Y)", ("refuted",)),
    (r"H(X, Y) = H(X) + H(Y)", ("refuted",)),
    # true of Shannon's entropies only: a conditional differential entropy may be negative
    (r"H(Y \mid X) \ge 0", ("conditional",)),
])
def test_joint_and_conditional_entropies(statement, verdicts):
    kind = "inequality" if ("\\le" in statement or "\\ge" in statement) else "identity"
    assert check_statement(statement, kind, **ENTROPIES).verdict.value in verdicts


THREE = dict(scalar=[{"name": n, "role": "point"} for n in ("X", "Y", "Z")] + [{"name": "x", "role": "point", "value_of": "X"}],
             distribution=[{"name": "p", "of": ["X", "Y", "Z"]}],
             quantity=[{"name": name, "meaning": meaning, "of": "p"} for name, meaning in (
                 ("I(X; Y, Z)", "mutual information"), ("I(X; Z)", "mutual information"),
                 ("I(X; Y \\mid Z)", "mutual information"), ("I(X; Y)", "mutual information"),
                 ("H(X \\mid Z)", "entropy"), ("H(X \\mid Y, Z)", "entropy"), ("H(Y)", "entropy"))])


@pytest.mark.parametrize("statement, kind, expected", [
    # the chain rule of mutual information (a review's), and with its conditional term dropped
    (r"I(X; Y, Z) = I(X; Z) + I(X; Y \mid Z)", "identity", "confirmed"),
    (r"I(X; Y, Z) = I(X; Z) + I(X; Y)", "identity", "refuted"),
    (r"I(X; Y \mid Z) = H(X \mid Z) - H(X \mid Y, Z)", "identity", "confirmed"),
    (r"I(X; Y \mid Z) \geq 0", "inequality", "confirmed"),
    # conditioning may add information (X = Y xor Z): not a bound that holds
    (r"I(X; Y \mid Z) \leq I(X; Y)", "inequality", "refuted"),
    # false of tables of probabilities too, not only of densities: searched before "needs discrete" is said
    (r"I(X; Y, Z) \leq H(Y)", "inequality", "refuted"),
])
def test_conditional_and_joint_mutual_informations(statement, kind, expected):
    assert check_statement(statement, kind, **THREE).verdict.value == expected


@pytest.mark.parametrize("name, said", [("I(X; Y; Z)", "of two groups of points"),
                                        ("I(X; Y \\mid Z \\mid X)", "of two groups of points"),
                                        ("I(X; X \\mid Z)", "a point is written twice"),
                                        ("I(X; x \\mid Z)", "two values of one coordinate"),    # x value_of X
                                        ("I(X; X)", "a point is written twice"),
                                        ("I(X; W)", "'W' is not one of them")])
def test_a_mutual_information_that_is_not_of_two_groups_of_its_points_is_refused(name, said):
    notation = dict(THREE, quantity=[{"name": name, "meaning": "mutual information", "of": "p"}])
    with pytest.raises(DerivationError, match=re.escape(said)):
        check_statement("X = X", **notation)


def _document(*claims: tuple[int, str], sections: str = "") -> str:
    head = ('id = "t"\ntitle = "t"\nsource = "t.md"\n'
            "[[scalar]]\nname = 'X'\nrole = \"point\"\n[[scalar]]\nname = 'Y'\nrole = \"point\"\n"
            "[[scalar]]\nname = 'y'\nrole = \"point\"\nvalue_of = 'Y'\n"
            "[[distribution]]\nname = 'p'\nof = ['X', 'Y']\n")
    body = "".join(f'[[claim]]\nid = "c{line}"\nline = {line}\ntitle = "c"\nlatex = \'{latex}\'\n'
                   for line, latex in claims)
    return head + body + sections


def test_a_distribution_of_a_later_section_draws_the_points_declared_values_of_its_coordinate():
    # y is declared value_of Y for the whole document; a section's q over Y draws it too
    section = "[[section]]\nline = 10\ntitle = \"s\"\n[[section.distribution]]\nname = 'q'\nof = ['Y']\n"
    result = verify_text(_document((12, r"D_{KL}(p(y) \| q(y)) \ge 0"), sections=section))
    assert result.documents[0].claims[0].outcome.verdict.value == "confirmed"


def test_a_definition_holds_in_the_part_of_the_document_of_its_section_only():
    # q is a distribution over Y from line 10 and a function defined at line 61 from line 55: the
    # definition at line 61 is not the q of line 25 (it had been, and line 25 was refused)
    sections = ("[[section]]\nline = 10\ntitle = \"upper\"\n[[section.distribution]]\nname = 'q'\nof = ['Y']\n"
                "[[section]]\nline = 55\ntitle = \"unnormalised\"\n[[section.function]]\nname = 'q'\n"
                "arguments = 1\ndomain = \"positive\"\n"
                "[[define]]\nname = 'q(X)'\nline = 61\nlatex = 'q(X) = p(X) + 1'\n")
    result = verify_text(_document((25, r"D_{KL}(p(y) \| q(y)) \ge 0"), (70, r"q(X) - p(X) = 1"),
                                   sections=sections))
    assert [c.outcome.verdict.value for c in result.documents[0].claims] == ["confirmed", "proved"]


def test_a_bound_named_at_the_end_of_its_chain_by_the_letter_of_a_quantity():
    # I_{BA} beside I(X; Y): I takes no index, so BA is part of another name, which the chain
    # defines (it had been read as the indices B, A, and the display refused)
    define = ("[[define]]\nname = 'I_{BA}'\nline = 20\n"
              "latex = 'I(X;Y) \\geq \\mathbb{E}_{p(X, Y)}[\\log p(X \\mid Y)] + h(X) = I_{BA}'\n"
              "[[quantity]]\nname = 'I(X; Y)'\nmeaning = \"mutual information\"\nof = 'p'\n"
              "[[quantity]]\nname = 'h(X)'\nmeaning = \"entropy\"\nof = 'p'\n")
    result = verify_text(_document((30, r"I_{BA} = I(X;Y)"), sections=define))
    verdicts = {c.claim.id: c.outcome.verdict.value for c in result.documents[0].claims}
    assert set(verdicts.values()) == {"confirmed"} and "c30" in verdicts and len(verdicts) == 2


def test_letters_under_a_name_that_takes_no_index_are_part_of_a_name():
    with pytest.raises(DerivationError) as info:
        check_statement(r"\tau_{ab} = 1", scalar=[{"name": r"\tau", "domain": "positive"}])
    assert info.value.message.startswith("'\\tau_{ab}' is not declared: '\\tau' takes no index")


MEASURES = dict(scalar=[{"name": "x", "role": "point"}],
                distribution=[{"name": "p", "of": ["x"], "measure": "P"}, {"name": "q", "of": ["x"], "measure": "Q"}],
                function=[{"name": "T", "arguments": 1}])


@pytest.mark.parametrize("statement, expected", [
    # KL(P || Q) of the measures whose densities the document writes p(x), q(x) (measure = 'P')
    (r"\mathrm{KL}(P \| Q) = \mathrm{KL}(p(x) \| q(x))", ("proved", "confirmed")),
    # the Donsker-Varadhan bound, and its reverse
    (r"\mathrm{KL}(P \| Q) \geq \mathbb{E}_{p(x)} T(x) - \log \mathbb{E}_{q(x)} e^{T(x)}", ("confirmed",)),
    (r"\mathrm{KL}(P \| Q) \leq \mathbb{E}_{p(x)} T(x) - \log \mathbb{E}_{q(x)} e^{T(x)}", ("refuted",)),
])
def test_a_measure_is_written_by_its_own_letter(statement, expected):
    assert check_statement(statement, **MEASURES).verdict.value in expected


def test_a_measure_letter_that_names_something_else_is_an_error():
    with pytest.raises(DerivationError, match=r"measure 'P' already names something"):
        check_statement("x = x", scalar=[{"name": "x", "role": "point"}, {"name": "P"}],
                        distribution=[{"name": "p", "of": ["x"], "measure": "P"}])

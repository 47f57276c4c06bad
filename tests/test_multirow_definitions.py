r"""Definitions as real documents write them: several rows, chains, 'where' rows.

A display that defines may define several names (rows separated by ``\\`` or a
top-level comma), introduce a row with a connective in text (``\text{where }``), use a
name a later row defines, and go on after a definition with a chain whose links are
claims of the document: each is read (the macros compared with SymPy built by hand),
the chain becomes a claim the checker decides, and what is not read is refused with
its line, column and a message that names it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.definitions import define_all, prose_blanked
from contrastive_sym.latex.macros import define
from contrastive_sym.latex.parser import Where
from contrastive_sym.latex.scope import Family, Scope
from contrastive_sym.load.markdown import load_markdown
from contrastive_sym.load.toml import load_toml
from contrastive_sym.model.claims import Kind, Relation
from contrastive_sym.pipeline import verify
from contrastive_sym.report.data import report_data

a, b, c = sp.symbols("a b c")
n = sp.Symbol("n", integer=True, positive=True)
x = sp.IndexedBase("x")
SCOPE = Scope().bind("a", a).bind("b", b).bind("c", c).bind("n", n).bind("x", Family(x, (n,)))
WHERE = Where("d.toml", 10, 5)


def macros(text: str) -> dict:
    return {m.key: m for m in define_all(text, SCOPE, WHERE).macros}


def refusal(text: str) -> str:
    with pytest.raises(DerivationError) as info:
        define_all(text, SCOPE, WHERE)
    return str(info.value)


# --- what reads ----------------------------------------------------------------------

def test_a_chain_on_one_row_defines_by_its_first_side_and_returns_the_links():
    display = define_all(r"\mathcal{L} = (a + b)^2 = a^2 + 2ab + b^2", SCOPE, WHERE)
    (macro,) = display.macros
    assert macro.key == r"\mathcal{L}" and macro.body == (a + b) ** 2
    (chain,) = display.chains
    (link,) = chain.links
    assert (link.lhs, link.relation, link.rhs) == ((a + b) ** 2, "=", a ** 2 + 2 * a * b + b ** 2)
    assert chain.head == r"\mathcal{L}" and chain.text == "(a + b)^2 = a^2 + 2ab + b^2"


def test_a_chain_over_aligned_rows_keeps_each_relation_and_line():
    text = "\\begin{aligned}\n\\mathcal{L} &= (a + b)^2 \\\\\n&= a^2 + 2ab + b^2 \\\\\n&\\leq 2a^2 + 2b^2\n\\end{aligned}"
    display = define_all(text, SCOPE, WHERE)
    assert display.macros[0].body == (a + b) ** 2
    first, second = display.chains[0].links
    assert (first.lhs, first.relation, first.rhs) == ((a + b) ** 2, "=", a ** 2 + 2 * a * b + b ** 2)
    assert (second.lhs, second.relation, second.rhs) == (a ** 2 + 2 * a * b + b ** 2, "<=", 2 * a ** 2 + 2 * b ** 2)
    assert (display.chains[0].offset, first.offset, second.offset) == (1, 2, 3)
    assert second.text == r"a^2 + 2ab + b^2 \leq 2a^2 + 2b^2"


def test_several_definitions_separated_by_a_comma_and_quad_or_by_rows():
    assert {k: m.body for k, m in macros(r"p = a + b,\quad q = a b").items()} == {"p": a + b, "q": a * b}
    assert {k: m.body for k, m in macros(r"p = a \\ q = 2 b").items()} == {"p": a, "q": 2 * b}


def test_one_family_defined_entry_by_entry_for_i_and_for_j_is_one_definition():
    (macro,) = define_all(r"\mathbf{h}_i = a x_i,\quad \mathbf{h}_j = a x_j", SCOPE, WHERE).macros
    (k,) = macro.index_params
    assert macro.key == r"\mathbf{h}" and macro.body == a * x[k]
    assert r"defined twice in this display (also as '\mathbf{h}_i')" in \
        refusal(r"\mathbf{h}_i = a x_i,\quad \mathbf{h}_j = b x_j")


@pytest.mark.parametrize("connective", [r"\text{where }", r"\text{ where }", r"\text{with }", r"\text{and}"])
def test_a_row_introduced_by_a_connective_in_text(connective):
    text = r"\begin{aligned} L &= 2 M \\ " + connective + r" M &= a + b \end{aligned}"
    found = macros(text)
    assert found["L"].body == 2 * a + 2 * b and found["M"].body == a + b


def test_the_connective_is_blanked_with_spaces_keeping_every_column():
    text = r"L = M \\ \text{where } M = a"
    blanked = prose_blanked(text)
    assert len(blanked) == len(text) and blanked.index("M = a") == text.index("M = a")
    assert r"\text" not in blanked
    # inside a row (not after \\, a comma or the display's start) the word is not blanked
    assert prose_blanked(r"L = a \text{ where } M = b") == r"L = a \text{ where } M = b"
    assert "the word 'where' inside a formula is not read here" in refusal(r"L = a \text{ where } M = b")


def test_a_definition_that_uses_a_name_a_later_row_defines_is_defined_after_it():
    found = macros(r"L = \sum_{k=1}^n x_k + M \\ \text{where } M = a b")
    k = sp.Symbol("k", integer=True)
    assert sp.simplify(found["L"].body - (sp.Sum(x[k], (k, 1, n)) + a * b)) == 0
    assert found["M"].body == a * b


def test_a_head_alone_on_its_row_then_the_body_on_the_next():
    display = define_all("L \\\\\n&= a + b \\\\\n&= b + a", SCOPE, WHERE)
    assert display.macros[0].body == a + b
    assert [(l.lhs, l.rhs) for l in display.chains[0].links] == [(a + b, a + b)]


def test_a_one_row_definition_reads_as_define_reads_it():
    for text in (r"w_k = a x_k", r"L := a^2", r"F(x_1, ..., x_n) = \sum_{k=1}^n x_k"):
        (macro,) = define_all(text, SCOPE, WHERE).macros
        assert macro == define(text, SCOPE, WHERE)


def test_a_row_that_goes_on_with_the_expression_above_it_despite_a_relation_in_parentheses():
    # "- \log p(C=1 | …)": the = of an event inside parentheses is no relation of the row, so the
    # row continues the body above (it was refused as neither a definition nor a continuation)
    message = refusal(r"\begin{split} L = a \\ - b(a = c) \end{split}")
    assert "a relation 'a = c' where a value is expected" in message      # the row was joined
    (macro,) = define_all(r"\begin{split} L = a \\ - (b + c) \end{split}", SCOPE, WHERE).macros
    assert macro.body == a - b - c


# --- what is refused -------------------------------------------------------------------

def test_a_row_that_is_neither_a_definition_nor_a_continuation():
    message = refusal(r"L = a, b")
    assert message.startswith("d.toml:10:12: this row is neither a definition 'name = expression' nor a "
                              "continuation")


def test_a_construct_in_a_row_without_relation_is_named():
    assert r"d.toml:10:19: a definition by '\propto' (a density up to its normalising factor) is not read yet" \
        in refusal(r"L = a \\ q(b) \propto a")


def test_an_approx_link_is_read_as_a_link_not_decided():
    display = define_all("L = a \\\\\n  \\approx b", SCOPE, WHERE)
    (chain,) = display.chains
    assert [link.relation for link in chain.links] == ["\\approx"]


def test_a_sim_link_is_read_as_a_link_not_decided():
    """∼ between two values (asymptotic, of an order, or a model: the display does not say
    which) is read and left undecided, as an \\approx without a printed value is."""
    display = define_all("L = a \\\\\n  \\sim b", SCOPE, WHERE)
    (chain,) = display.chains
    assert [link.relation for link in chain.links] == ["\\sim"]


def test_a_link_the_checker_does_not_read_is_refused_naming_it():
    message = refusal("L = a \\\\\n  \\ni b")
    assert message.startswith(r"d.toml:11:3: the chain in this definition links by '\ni'")


def test_a_cycle_between_two_rows_is_named():
    message = refusal("L = a + M \\\\\nM = b + L")
    assert message == "d.toml:10:5: the definitions of 'L' and 'M' (line 11) use each other: a cycle defines neither"
    assert refusal(r"L = a + L").endswith("the definition of 'L' uses the name it defines")


def test_rows_that_wait_on_each_other_report_the_row_that_fails_on_its_own():
    # \sigma(\ell) fails on q; L fails only because \sigma waits: the cause is reported
    message = refusal(r"L = \sigma(a) \\ \text{where } \sigma(\ell) = \ell + q")
    assert message.startswith(r"d.toml:10:58: 'q' is not declared (declare it:")


def test_a_definitional_relation_inside_a_chain_is_refused():
    assert "only a row's first relation defines" in refusal(r"L = a := b")


def test_a_chain_over_an_index_argument_needs_a_declared_index():
    # k is no declared index: the chain has no range to run over (x_k alone does not say it)
    assert refusal(r"w_k = x_k = x_k") == (
        "d.toml:10:15: the chain in the definition of 'w_k' is written over k, which is not a declared "
        "index: declare it ([[index]]) for the chain to be checked over its range, or state the chain as a claim")
    k = sp.Symbol("k", integer=True)
    (chain,) = define_all(r"w_k = x_k = x_k + 0", SCOPE.bind("k", k).with_index_range(k, 1, n),
                          WHERE).chains
    assert chain.arguments == () and chain.links[0].lhs == x[k]     # the declared k, not a parameter


def test_a_chain_over_a_scalar_argument_keeps_the_argument():
    (chain,) = define_all(r"\sigma(v) = \frac{1}{1 + e^{-v}} = \frac{e^{v}}{1 + e^{v}}", SCOPE, WHERE).chains
    ((name, symbol),) = chain.arguments
    assert name == "v" and symbol.is_real and chain.links[0].rhs.has(symbol)


def test_a_row_whose_reading_depends_on_the_order_of_the_rows():
    # b is declared: the first row would read it, the second redefines it
    assert "reads differently once the other rows of this display are defined" in refusal(r"a = b + c \\ b = c")


def test_a_name_defined_twice():
    assert "'L' is defined twice in this display" in refusal(r"L = a \\ L = b")


# --- in a derivation: the chain is a claim the checker decides ---------------------------

HEADER = """id = "chain"
title = "A chain in a definition"
source = "chain.md"

[[scalar]]
name = 'a'

[[scalar]]
name = 'b'
"""


def plain(terms) -> tuple:
    """The terms with the document's symbols (real, positive, …) as plain symbols."""
    return tuple(t.xreplace({s: sp.Symbol(s.name) for s in t.free_symbols}) for t in terms)


def _toml(tmp_path: Path, define: str, claims: str = "") -> Path:
    path = tmp_path / "chain.toml"
    path.write_text(HEADER + "\n[[define]]\nname = \"L\"\nline = 3\nlatex = '''" + define + "'''\n" + claims,
                    encoding="utf-8")
    return path


def test_the_chain_is_a_claim_of_the_document(tmp_path):
    text = "\\begin{aligned}\n\\mathcal{L} &= (a + b)^2 \\\\\n&\\leq 2a^2 + 2b^2\n\\end{aligned}"
    document = load_toml(_toml(tmp_path, text))
    (definition,) = document.definitions
    assert (definition.name, definition.line) == ("L", 3)
    (claim,) = document.claims
    assert claim.id == "L-chain" and claim.line == 4 and claim.kind is Kind.INEQUALITY
    assert claim.title == "the chain written in the definition of L at line 4"
    assert plain(claim.statement.terms) == ((a + b) ** 2, 2 * a ** 2 + 2 * b ** 2)
    assert claim.statement.relations == (Relation.LE,)
    assert claim.latex == "(a + b)^2 \\\\\n&\\leq 2a^2 + 2b^2"


def _verdicts(path: Path) -> dict:
    data = report_data(verify([str(path)])).to_json()   # what the CLI's JSON says
    return {c["id"]: c for doc in data["documents"] for c in doc["claims"]}


def test_a_true_chain_is_proved_and_a_dropped_factor_is_refuted_with_a_witness(tmp_path):
    good = _verdicts(_toml(tmp_path, r"\mathcal{L} = (a + b)^2 = a^2 + 2ab + b^2"))
    assert good["L-chain"]["verdict"] in ("proved", "confirmed")
    bad = _verdicts(_toml(tmp_path, r"\mathcal{L} = (a + b)^2 = a^2 + ab + b^2"))
    assert bad["L-chain"]["verdict"] == "refuted"
    assert set(bad["L-chain"]["witness"]["values"]) == {"a", "b"}


def test_a_chain_over_a_scalar_argument_is_checked_for_every_real_value(tmp_path):
    good = _verdicts(_toml(tmp_path, r"\sigma(v) = \frac{1}{1 + e^{-v}} = \frac{e^{v}}{1 + e^{v}}"))["L-chain"]
    assert good["verdict"] in ("proved", "confirmed")
    assert "for every real v (the definition's argument: no domain is declared)" in good["reading"]
    # true for v ≥ 0 only: refuted at a negative v, the witness naming v
    bad = _verdicts(_toml(tmp_path, r"h(v) = \sqrt{v^2} = v"))["L-chain"]
    assert bad["verdict"] == "refuted" and set(bad["witness"]["values"]) == {"v"}
    assert float(bad["witness"]["values"]["v"]) < 0


def test_a_chain_over_an_index_argument_runs_over_the_declared_index(tmp_path):
    index = "\n[[size]]\nname = 'N'\nminimum = 1\nchecked = [1, 2]\n\n[[index]]\nname = 'i'\nfrom = 1\nto = 'N'\n" \
            "\n[[family]]\nname = 'x'\nshape = ['N']\n"
    path = tmp_path / "chain.toml"
    for latex, verdicts in ((r"w_i = 2 x_i = x_i + x_i", ("proved", "confirmed")), (r"w_i = 2 x_i = x_i + x_1", ("refuted",))):
        path.write_text(HEADER + index + "\n[[define]]\nname = \"w\"\nline = 3\nlatex = '" + latex + "'\n",
                        encoding="utf-8")
        assert _verdicts(path)["w-chain"]["verdict"] in verdicts, latex


def test_the_where_row_chain_is_named_by_its_own_head(tmp_path):
    document = load_toml(_toml(tmp_path, r"\mathcal{L} = 2 S \\ \text{where } S = a + b = b + a"))
    (claim,) = document.claims
    assert claim.title == "the chain written in the definition of S at line 3"
    assert plain(claim.statement.terms) == (a + b, a + b)


def test_a_define_whose_chain_does_not_translate_records_nothing(tmp_path):
    claim = "\n[[claim]]\nid = \"use\"\nline = 9\ntitle = \"uses L\"\nlatex = '\\mathcal{L} = a'\n"
    with pytest.raises(DerivationError, match="'q' is not declared"):
        load_toml(_toml(tmp_path, r"\mathcal{L} = a = q", claim))
    sys.path.insert(0, str(Path(__file__).parent))
    from corpus_read import read_document
    corpus = tmp_path / "c.toml"
    corpus.write_text(HEADER + "\n[corpus]\nurl = 'https://example.org'\nrevision = 'r'\nkind = 'notes'\n"
                      "\n[[define]]\nname = \"L\"\nline = 3\nlatex = '\\mathcal{L} = a = q'\n"
                      "\n[[display]]\nline = 5\nlatex = '\\mathcal{L} = a'\n", encoding="utf-8")
    reading = read_document(corpus)
    # the define is refused whole: the display after it does not know \mathcal{L}
    assert reading.read == 0 and len(reading.refused) == 2
    assert "'q' is not declared" in reading.refused[0].message


def test_a_claim_local_define_stays_one_row(tmp_path):
    claim = ("\n[[claim]]\nid = \"use\"\nline = 9\ntitle = \"uses M\"\nlatex = 'M = a'\n"
             "define = [{ line = 8, latex = 'M = a \\\\ N = b' }]\n")
    with pytest.raises(DerivationError, match="a definition is one formula 'name = expression'"):
        load_toml(_toml(tmp_path, r"\mathcal{L} = a", claim))


def test_a_markdown_define_annotation_reads_the_same_way(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("<!-- contrastive-verify\nid = \"notes\"\ntitle = \"t\"\n\n[[scalar]]\nname = 'a'\n\n"
                    "[[scalar]]\nname = 'b'\n-->\n\n<!-- define: name = \"L\" -->\n$$\n"
                    "\\mathcal{L} = (a + b)^2 = a^2 + ab + b^2\n$$\n", encoding="utf-8")
    document = load_markdown(path)
    (claim,) = document.claims
    assert claim.id == "L-chain" and claim.line == 14     # the display's formula line
    assert plain(claim.statement.terms) == ((a + b) ** 2, a ** 2 + a * b + b ** 2)
    verdicts = _verdicts(path)
    assert verdicts["L-chain"]["verdict"] == "refuted"


def test_a_sum_of_an_undeclared_name_followed_by_the_same_sum_names_its_term():
    # \mathcal{L} = \sum_i L_i = -\sum_i \log …: L_i is the term (SupCon's notation)
    text = r"L = \sum_{k=1}^{n} \ell_k = -\sum_{k=1}^{n} \log x_k"
    found = macros(text)
    assert set(found) == {"L", r"\ell"}
    (k,) = found[r"\ell"].index_params
    assert found[r"\ell"].body == -sp.log(x[k])
    (chain,) = define_all(text, SCOPE, WHERE).chains
    (link,) = chain.links                  # the link between the sums is kept, to be checked
    assert link.relation == "=" and sp.simplify(link.lhs.doit() - link.rhs.doit()) == 0


@pytest.mark.parametrize("text", [
    r"L = \sum_{k=1}^{n} \ell_k = -\sum_{j=1}^{n} \log x_j",     # another sum: not its term
    r"L = \sum_{k=1}^{n} \ell_k \leq \sum_{k=1}^{n} \log x_k",   # not '='
])
def test_a_name_that_is_not_the_term_of_the_same_sum_stays_undeclared(text):
    assert "is not declared" in refusal(text)

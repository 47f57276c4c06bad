r"""The LaTeX report: escaping, the math allowlist, hostile input, and real reports
compiled with pdflatex in its sandbox.

Compile tests skip with a reason when pdflatex is not on PATH.  Each compile takes
0.3–2 s; the tiny checked document is built once per module.
"""
from __future__ import annotations

import copy
import itertools
import random
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from contrastive_sym.check.documents import check_document
from contrastive_sym.model.claims import Kind
from contrastive_sym.load.builder import DocumentBuilder, ProofBuilder, chain
from contrastive_sym.errors import ContrastiveVerifyError
from contrastive_sym.load.files import load_all
from contrastive_sym.model.nodes import MaxOver
from contrastive_sym.report.site import latex, latex_view
from contrastive_sym.report.data import report_data
from contrastive_sym.report.records import ReportData
from contrastive_sym.report.safe.texmath import sanitise_math
from contrastive_sym.report.safe.texsafe import TeX, escape
from contrastive_sym.model.results import RunResult

PDFLATEX = shutil.which("pdflatex")
needs_pdflatex = pytest.mark.skipif(
    PDFLATEX is None, reason="pdflatex is not on PATH (apt-get install texlive-latex-base "
                             "texlive-latex-recommended lmodern)")
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                    reason="pdftoppm (poppler-utils) is not on PATH")
k = sp.Symbol("k", integer=True)


# --- escaping ----------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("plain text 1.5", "plain text 1.5"),
    ("a\\b", r"a\textbackslash{}b"),
    ("{x}", r"\{x\}"),
    ("$5 & #1 50% a_b", r"\$5 \& \#1 50\% a\_b"),
    ("x^2 ~", r"x\textasciicircum{}2 \textasciitilde{}"),
    ("^^5cinput", r"\textasciicircum{}\textasciicircum{}5cinput"),
    ("<b>|\"`", r"\textless{}b\textgreater{}\textbar{}\textquotedbl{}\textasciigrave{}"),
    ("a--b ''q'' ,,", "a-{}-b '{}'q'{}' ,{},"),
    ("τ", r"\texorpdfstring{\ensuremath{\tau}}{τ}"),
    ("≤≠∞", (r"\texorpdfstring{\ensuremath{\leq}}{≤}\texorpdfstring{\ensuremath{\neq}}{≠}"
             r"\texorpdfstring{\ensuremath{\infty}}{∞}")),
    ("∇⊕→", (r"\texorpdfstring{\ensuremath{\nabla}}{∇}\texorpdfstring{\ensuremath{\oplus}}{⊕}"
             r"\texorpdfstring{\ensuremath{\to}}{→}")),
    ("0⁺ −1 …", r"0\texorpdfstring{\ensuremath{^{+}}}{⁺} \texorpdfstring{\ensuremath{-}}{−}1 \ldots{}"),
    ("é ß", r"\'{e} \ss{}"),
    ("中😀", r"\cvunicode{4E2D}\cvunicode{1F600}"),
    ("a\n\n\t b", "a b"),
    ("x\x00\x07\x1b\x7fy", "xy"),
])
def test_escape_table(text, expected):
    assert escape(text) == expected


def test_escape_limits_long_text_and_says_how_much_was_left_out():
    out = escape("x" * 100_000, limit=300)
    assert out.startswith("x" * 300) and out.endswith(r"\cvomitted{99700}")
    assert escape("x" * 100_000).endswith(r"\cvomitted{95000}")   # limited by default


def test_escape_keeps_source_lines_short_without_changing_the_text():
    """pdflatex stops on a source line over 200,000 bytes; a comment ends a line invisibly."""
    out = escape("≤" * 5000)
    assert max(len(line) for line in out.split("\n")) < 1100
    assert out.replace("%\n", "") == escape("≤" * 5000).replace("%\n", "")
    spaced = escape("ab " * 2000, limit=None)
    assert "%\n " not in spaced and spaced.replace("%\n", "") == ("ab " * 2000).strip()


def test_escape_breakable_adds_break_points_inside_long_runs():
    out = escape("0.69314718055994530942", breakable=True)
    assert r"\allowbreak{}" in out and out.replace(r"\allowbreak{}", "") == "0.69314718055994530942"


_ESCAPED = re.compile(r"\\(?:[A-Za-z]+|[{}$&#%_'`^~\"=.uvrHck])")


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_escape_leaves_no_special_character_active(text):
    out = escape(text).replace("%\n", "")   # escape() cuts long output into lines with comments
    assert "^^" not in out
    # Every special character is part of a command that escape() wrote itself.
    stripped = re.sub(r"\\texorpdfstring\{.*?\}\{.\}", "", out)   # a symbol from escape()'s own table
    stripped = _ESCAPED.sub("", stripped).replace("{}", "")
    for special in "\\$&#%_^":
        assert special not in stripped, (text, out)
    depth = 0
    for char in re.sub(r"\\[{}]", "", out):
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0
    assert depth == 0


# --- the math allowlist -------------------------------------------------------------

ACCEPTED = [  # as the bundled documents write them
    r"\max\{x_1,...,x_n\}\leq LSE(x_1,...,x_n)\leq \max\{x_1,...,x_n\} + \log(n)",
    r"\mathcal{L}(x_i)=-\log\left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}\exp(s_{i,k}/\tau)+\exp(s_{i,i}/\tau)}  \right]",
    r"\lim_{\tau \rarr 0^{+}} \log \left[ 1 +{\sum_{k\neq i}\exp((s_{i,k}-s_{i,i})/\tau)}  \right]",
    r"\frac{\partial}{\partial s_{i,j}}\bigg|_{i\neq j}  -\log \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_k \exp(s_{i,k}/\tau)} \right ]",
    r"I_{\text{FlatNCE}}(x, y_{1:K} \mid g) = \frac{\sum_{k \neq 1} \exp(g_k - g_1)}{\text{stop\_grad}[\sum_{k \neq 1} \exp(g_k - g_1)]}",
    r"I_{\text{FlatNCE}}^{\oplus,K}(x, y_{1:K} \mid g) = -\log \frac{1}{K} \sum_{k=1}^K \exp(g_k - g_1).",
    r"&= \nabla \log \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1)",
    r"\nabla I_{\text{FlatNCE}}(x, y_{1:K} \mid g) = \sum_{k \neq 1} w_k \nabla g_k - \nabla g_1, \quad w_k = \frac{\exp(g_k)}{\sum_{k' \neq 1} \exp(g_{k'})}.",
    r"f(t) = \sup_{v \in \mathbb{R}} \{vt - f^*(v)\}",
    r"\text{sim}(\mathbf{z}_i, \mathbf{z}_j) = \frac{\mathbf{z}_i \cdot \mathbf{z}_j}{\|\mathbf{z}_i\| \|\mathbf{z}_j\|}",
    r"\frac{\partial \mathcal{L}}{\partial \theta} = \dots \text{(no term in } \partial\,\text{sim}(\mathbf{z}_i, \mathbf{z}_k)/\partial\theta,\ k \neq i, j)",
    r"= \underbrace{-\frac{1}{N} \sum_{i,j \in \mathcal{MB}} sim(z_i, z_j) / \tau}_{\mathcal{L}_{alignment}} + \underbrace{\frac{1}{N} \sum_{i}^{N} \log\left(\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(sim(z_i, z_k) / \tau)\right)}_{\mathcal{L}_{distribution}}",
    r"\mathcal{L}^{\mathrm{NT-Xent}} + \frac{\tau}{N}\sum_{i}^{N}max(sim(z_i,z_1)/\tau)",
    r"g_a > g_b \implies w_a > w_b \quad (a, b \neq 1)",
    r"\theta \leftarrow \theta - \eta \nabla_\theta \mathcal{L}(\theta)",
    r"\nabla \left(\frac{\sum_{k=1}^{K} e^{- {g}_{1} + {g}_{k}}}{\operatorname{sg}\left[\sum_{k=1}^{K} e^{- {g}_{1} + {g}_{k}}\right]}\right)",
    r"{z}_{\left(\left(3 N + a - 1\right) \bmod 2 N\right) + 1,m}",
    r"\begin{aligned} a &= b \\ &= c \end{aligned}",
    r"\begin{align} a &= b \\ c &= d \end{align}",
    r"\sqrt[n]{x} + \sqrt{\left[ y \right]}",
    r"f'(x) + f''^2 + x_1' + \tilde{x} + \hat x + \bar{y}",
    r"\left\{ \begin{aligned} x & \text{if } y \\ 0 & \text{else} \end{aligned} \right.",
    "τ → 0⁺, ∇g_1 ≤ ∞",
    "s_{1,1}", "x_1", "∇g_2",
]


@pytest.mark.parametrize("source", ACCEPTED)
def test_sanitiser_accepts_the_documents_constructs(source):
    safe = sanitise_math(source)
    assert safe.ok, safe.reason
    assert isinstance(safe.tex, TeX)


@pytest.mark.parametrize("source, shown", [
    (r"\text{stop\_grad}[x]", r"\text{stop\_grad}[x]"),
    (r"\lim_{\tau \rarr 0^{+}}", r"\lim_{\tau\rarr0^{+}}"),
    (r"\left[ x \right ]", r"\left[x\right]"),
    (r"\begin{aligned} a &= b \\ &= c \end{aligned}", r"a&=b\\{}&=c"),   # flattened into our display
    (r"\frac12", r"\frac{1}{2}"),                                         # arguments always braced
    (r"x^\oplus", r"x^{\oplus}"),
    (r"\sqrt[\left[ 3 \right]]{x}", r"\sqrt[{\left[3\right]}]{x}"),     # ] cannot end TeX's [..]
    (r"a \\ [b]", r"a\\{}[b]"),                                            # [b] is not \\'s dimension
    ("τ ≤ 1", r"\tau\leq1"),
    (r"\begin{cases} [a] & b \end{cases}", r"\begin{cases}\relax [a]&b\end{cases}"),  # not an option
    (r"\sum\limits_{a \in A} x_a", r"\sum_{a\in A}x_{a}"),     # where limits go is the report's layout
    (r"y\limits", r"y"),                                          # after no operator, TeX would stop
])
def test_sanitiser_rewrites_as_expected(source, shown):
    assert sanitise_math(source).tex == shown


def test_long_chains_also_come_one_row_per_relation():
    safe = sanitise_math(r"a = \left(b = c\right) \le d")
    assert safe.rows_form == r"&a\\{}&\quad =\left(b=c\right)\\{}&\quad \le d"
    assert sanitise_math(r"\frac{a=b}{c}").rows_form is None


REJECTED = [
    (r"\input{/etc/passwd}", r"\input"),
    (r"\include{/etc/passwd}", r"\include"),
    (r"\write18{touch /tmp/pwned}", r"\write"),
    (r"\immediate\write18{touch /tmp/pwned}", r"\immediate"),
    (r"\csname input\endcsname{/etc/passwd}", r"\csname"),
    (r"^^5cinput{/etc/passwd}", "^^"),
    (r"x^^5c", "^^"),
    (r"\openin1=/etc/passwd", r"\openin"),
    (r"\read1 to \x", r"\read"),
    (r"\def\x{\x}\x", r"\def"),
    (r"\let\a\b", r"\let"),
    (r"\catcode`\^=13", "character '`'"),
    (r"\catcode 123=12", r"\catcode"),
    (r"\newcommand{\x}{y}", r"\newcommand"),
    (r"\usepackage{x}", r"\usepackage"),
    (r"\special{psfile=/etc/passwd}", r"\special"),
    (r"\expandafter\x", r"\expandafter"),
    (r"\pdfobj file {/etc/passwd}", r"\pdfobj"),
    (r"\@@input x", "character '@'"),
    (r"\verb|x|", r"\verb"),
    (r"\loop\iftrue\repeat", r"\loop"),
    ("{{{", "unbalanced"),
    ("}", "unbalanced"),
    ("a } b {", "unbalanced"),
    ("a % comment", "%"),
    ("#1", "#"),
    ("$x$", "$"),
    ("a ~ b", "~"),
    ("\\", "lone backslash"),
    ("x \x00", "not allowed"),
    ("é", "not allowed"),
    ("x^a^b", "double superscript"),
    ("x_a_b", "double subscript"),
    ("x^2'", "prime after a superscript"),
    ("x^", "superscript or subscript without"),
    (r"\left( a", r"\left without \right"),
    (r"a \right)", r"without \left"),
    (r"\left\input x \right)", "delimiter"),
    (r"\bigg\relax", "delimiter"),
    (r"\left( a & b \right)", "&"),
    (r"{a \\ b}", "inside a group"),
    (r"\frac{a}", "without a simple argument"),
    (r"\frac\input x", "without a simple argument"),
    (r"x^\frac12", "superscript or subscript without"),
    (r"\text{$x$}", "$"),
    (r"\text{a^b}", "inside \\text"),
    (r"\text{\input{x}}", "inside \\text"),
    (r"\text x", "braces"),
    (r"\mathbb{\input x}", "letters"),
    (r"\operatorname{\csname}", "letters"),
    (r"\sqrt[\input x]{y}", r"\input"),
    (r"\begin{verbatim}x\end{verbatim}", "environment verbatim"),
    (r"\begin{aligned} x", r"without \end"),
    (r"\begin{aligned} x \end{cases}", "ended by"),
    (r"\end{aligned}", r"\end without \begin"),
    (r"\middle|", r"without \left"),
    (r"\unknowncommand", "not allowed"),
    ("{" * 60 + "}" * 60, "nested deeper"),
    ("x" * 7000, "longer than"),
    ("", "empty"),
]


@pytest.mark.parametrize("source, reason", REJECTED)
def test_sanitiser_refuses_hostile_and_broken_input(source, reason):
    safe = sanitise_math(source)
    assert not safe.ok and safe.tex is None
    assert reason in safe.reason


def test_every_formula_of_the_bundled_documents_is_typeset():
    """The allowlist must not be so strict that the real documents (the seeds' and the families') fall
    back to raw text."""
    refused = []
    families = Path(__file__).resolve().parents[1] / "derivations" / "families"
    for document in load_all([]) + load_all([str(families)]):
        formulas = [d.latex for d in document.definitions]
        for claim in document.claims:
            formulas.append(claim.latex)
            formulas += [s.latex for s in claim.proof.steps] if claim.proof else []
        refused += [(f, sanitise_math(f).reason) for f in formulas if f and not sanitise_math(f).ok]
    assert not refused


def test_math_block_falls_back_to_marked_raw_text():
    block = latex_view.math_block(r"\input{/etc/passwd}")
    assert block.startswith(r"\cvraw{") and r"\input" not in block
    assert r"\textbackslash{}input\{/" in block and r"{command \textbackslash{}input is not allowed}" in block


def test_the_template_prints_only_escaped_values():
    template = latex._environment().from_string(r"\VAR{x}")
    assert template.render(x=TeX(r"\{")) == r"\{"
    with pytest.raises(TypeError, match="only TeX strings"):
        template.render(x=r"\input{/etc/passwd}")


# --- report data -------------------------------------------------------------------

def tex_of(data: dict) -> str:
    """The .tex of report data given (built by hand, or edited) as the JSON report's dict."""
    return latex.render(ReportData.from_json(data))


@pytest.fixture(scope="module")
def tiny_report(quick_config):
    """Report data of a checked three-claim document: proved/confirmed steps, a
    conditional claim with a witness, a refuted one, a definition and an unchecked line."""
    doc = DocumentBuilder("t1", "LSE and τ: max ≤ LSE ≤ max + log n (∇, ⊕, →, ≠, ∞)", source="t1_τ.txt")
    n = doc.size("n", minimum=1, checked=(1, 2, 3))
    x = doc.family("x", (n,))
    mx, lse = MaxOver(x[k], k, 1, n), sp.log(sp.Sum(sp.exp(x[k]), (k, 1, n)))
    doc.definition("LSE", line=3, latex=r"LSE(x_1, \dots, x_n) = \log\left(\sum_{k=1}^n \exp(x_k)\right)")
    doc.unchecked(5, "a remark on τ → 0⁺ with 100% special chars_^ & {braces}")
    proof = ProofBuilder()
    proof.step(7, lse, rel="<=", lhs=mx, latex=r"\max_k x_k \leq \log \sum_k e^{x_k}", note="x_m = max{x_1, …}")
    proof.step(8, mx + sp.log(n), rel="<=", latex=r"\leq \max_k x_k + \log n")
    doc.claim("bounds", line=6, title="max ≤ LSE ≤ max + log n", kind=Kind.INEQUALITY,
              latex=r"\max\{x_1,...,x_n\}\leq LSE(x_1,...,x_n)\leq \max\{x_1,...,x_n\} + \log(n)",
              statement=chain(mx, "<=", lse, "<=", mx + sp.log(n)), proof=proof)
    doc.claim("strict", line=9, title="strict: max < LSE", kind=Kind.INEQUALITY,
              latex=r"\max_k x_k < \text{LSE}(x)", statement=chain(mx, "<", lse), expect="conditional")
    doc.claim("wrong", line=10, title="LSE ≤ max + log(n)/2", kind=Kind.INEQUALITY,
              latex=r"\text{LSE} \le \max + \frac{\log n}{2}", statement=chain(lse, "<=", mx + sp.log(n) / 2),
              expect="refuted", reading="the bound read with \\frac{\\log n}{2} & 50%")
    result = check_document(doc.build("t1.py"), quick_config)
    return report_data(RunResult((result,), 50, 0))


@pytest.fixture(scope="module")
def tiny_data(tiny_report):
    """``tiny_report`` as the JSON report's dict, for the tests that edit it."""
    return tiny_report.to_json()


def test_tiny_data_has_what_the_report_must_show(tiny_report, tiny_data):
    claims = {c["id"]: c for c in tiny_data["documents"][0]["claims"]}
    assert claims["strict"]["verdict"] == "conditional" and claims["strict"]["witness"]
    assert claims["wrong"]["verdict"] == "refuted" and claims["wrong"]["witness"]
    assert ReportData.from_json(tiny_data) == tiny_report
    tex = latex.render(tiny_report)
    assert r"\cvbadge{conditional}{CONDITIONAL}" in tex and r"\cvbadge{refuted}{REFUTED}" in tex
    assert r"\cvbadge{unchecked}{UNCHECKED}" in tex and "Witness" in tex
    assert r"\bfseries Witness" in tex and "size $n$" in tex
    assert "Condition" in tex and claims["strict"]["condition"].replace("≥", "") in tex.replace(
        r"\texorpdfstring{\ensuremath{\geq}}{≥}", "")
    assert r"100\% special chars\_\textasciicircum{} \& \{braces\}" in tex


def test_render_is_deterministic_and_has_no_date(tiny_report, tiny_data):
    tex = latex.render(tiny_report)
    assert tex == latex.render(copy.deepcopy(tiny_report)) == tex_of(tiny_data)
    assert r"\date{}" in tex and r"\today" not in tex
    assert tiny_report.tool.version in tex and tiny_report.environment["sympy"] in tex


# --- compiling ---------------------------------------------------------------------

def _compile(tmp_path: Path, tex: str, **kwargs) -> Path:
    tex_path = tmp_path / "report.tex"
    tex_path.write_text(tex, encoding="utf-8")
    return latex.compile_pdf(tex_path, **kwargs)


def _tex_roots() -> list[str]:
    """Directories of the TeX distribution, as kpathsea names them."""
    roots = set()
    for var in ("TEXMF", "TEXMFDIST", "TEXMFSYSVAR", "TEXMFSYSCONFIG", "TEXMFVAR", "TEXMFCONFIG", "TEXMFLOCAL",
                "TEXMFCNF"):
        value = subprocess.run(["kpsewhich", f"--var-value={var}"], capture_output=True, text=True,
                               check=False).stdout
        roots.update(re.findall(r"/[^,{}:;!\s]+", value))
    return sorted(str(Path(r).resolve()) for r in roots)


def _files_read(directory: Path) -> list[str]:
    """Absolute paths of every file pdflatex opened for reading, from the -recorder .fls."""
    lines = (directory / "report.fls").read_text().splitlines()
    return [str((directory / line[6:]).resolve()) for line in lines if line.startswith("INPUT ")]


def _assert_read_only_distribution_and_directory(directory: Path) -> None:
    allowed = [str(directory.resolve())] + _tex_roots()
    outside = [p for p in _files_read(directory)
               if not any(p == root or p.startswith(root + "/") for root in allowed)]
    assert not outside, outside
    assert "/etc/passwd" not in (directory / "report.fls").read_text()


def _not_blank(png: Path) -> float:
    import matplotlib.image
    pixels = matplotlib.image.imread(str(png))
    ink = (pixels[..., :3].mean(axis=-1) < 0.85).mean()
    return float(ink)


@needs_pdflatex
@needs_pdftoppm
def test_tiny_report_compiles_and_page_one_is_not_blank(tiny_report, tmp_path):
    started = time.perf_counter()
    pdf = _compile(tmp_path, latex.render(tiny_report), keep_logs=True)
    seconds = time.perf_counter() - started
    assert pdf.read_bytes().startswith(b"%PDF")
    _assert_read_only_distribution_and_directory(tmp_path)
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=60)
    page = next(tmp_path.glob("page*.png"))
    assert 0.005 < _not_blank(page) < 0.5, f"page 1 looks blank or black ({seconds:.1f} s to compile)"


@needs_pdflatex
def test_compile_removes_auxiliary_files(tiny_report, tmp_path):
    pdf = _compile(tmp_path, latex.render(tiny_report))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.pdf", "report.tex"]
    assert pdf == tmp_path / "report.pdf"


@needs_pdflatex
def test_the_pdf_is_reproducible(tiny_report, tmp_path):
    first = _compile(tmp_path, latex.render(tiny_report)).read_bytes()
    second = _compile(tmp_path, latex.render(tiny_report)).read_bytes()
    assert first == second


def _make_figure(path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(figsize=(2, 1.5))
    axes.plot([0, 1, 2], [0, 1, 0])
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)


@needs_pdflatex
def test_figures_with_a_pdf_are_included_and_bad_paths_are_not(tiny_data, tmp_path):
    _make_figure(tmp_path / "figures" / "f1.pdf")
    data = copy.deepcopy(tiny_data)
    data["figures"] = {
        "f1": {"caption": "the loss as τ → 0⁺ {\\input{/etc/passwd}}", "svg": None, "pdf": "figures/f1.pdf"},
        "f2": {"caption": "missing file", "svg": "<svg/>", "pdf": "figures/f2.pdf"},
        "f3": {"caption": "absolute", "svg": None, "pdf": "/etc/passwd"},
        "f4": {"caption": "parent", "svg": None, "pdf": "../outside.pdf"},
        "f5": {"caption": "braces", "svg": None, "pdf": "figures/a}{b.pdf"},
        "f6": {"caption": "svg only", "svg": "<svg/>", "pdf": None},
    }
    claims = data["documents"][0]["claims"]
    claims[0]["figure"], claims[1]["figure"], claims[2]["figure"] = "f1", "f2", "f3"
    claims[0]["steps"][0]["figure"], claims[0]["steps"][1]["figure"] = "f4", "f5"
    claims[1]["steps"] = [dict(claims[0]["steps"][0], figure="f6")]
    tex = tex_of(data)
    assert r"\cvfigure{figures/f1.pdf}" in tex and r"\cvfigure{figures/f2.pdf}" in tex
    for refused in ("/etc/passwd}", "../outside.pdf", "a}{b.pdf", "f6"):
        assert rf"\cvfigure{{{refused}" not in tex
    _compile(tmp_path, tex, keep_logs=True)
    assert str((tmp_path / "figures" / "f1.pdf").resolve()) in _files_read(tmp_path)
    _assert_read_only_distribution_and_directory(tmp_path)


# --- hostile input -----------------------------------------------------------------

def _hostile_strings(pwned: Path) -> list[str]:
    return [
        r"\input{/etc/passwd}", r"\include{/etc/passwd}",
        rf"\write18{{touch {pwned}}}", rf"\immediate\write18{{touch {pwned}}}", r"\write18{touch /tmp/pwned}",
        r"\csname input\endcsname{/etc/passwd}", r"^^5cinput{/etc/passwd}", "^^5c^^5c",
        "{{{", "}", "% a comment \\input{/etc/passwd}", "<script>alert(1)</script>",
        r"\def\x{\x}\x", r"\loop\iftrue\repeat", r"\catcode`\{=12", "#1 ## $x$ & \\\\ _^~",
        rf"\immediate\openout1={pwned}.tex", r"\special{psfile=/etc/passwd}", r"\pdfobj file {/etc/passwd}",
        "τ ≤ ∇ ⊕ → ≠ ∞ 中 😀 \x00\x07 é ⁺", "\\", "\\end{document}", "a]b[c \\\\[5pt]", "x" * 100_000,
    ]


def _hostile_data(hostile: list[str]) -> dict:
    """A report whose every string field holds hostile text."""
    big = "x" * 100_000
    cycle = itertools.cycle(hostile)

    def h() -> str:
        return next(cycle)

    def item(verdict: str) -> dict:
        return {"verdict": verdict, "expected": h(), "unexpected": True, "method": h(), "message": h(),
                "precision": h(), "condition": h(), "figure": h(), "notes": [h()],
                "evidence": {"points": 3, "decided": h(), "undefined": h(), "instances": [h(), h()]},
                "witness": {"sizes": {h(): h()}, "indices": {h(): h()}, "values": {h(): h(), h(): h()},
                            "lhs": h(), "rhs": h(), "digits": h(), "note": h()}}

    verdicts = itertools.cycle(["refuted", "conditional", "undecided", "error", hostile[0]])
    claims = [{**item(verdict), "id": h(), "title": h(), "kind": h(), "line": h(), "statement": source,
               "reading": h(), "note": h(), "derived_from_proof": True,
               "steps": [{**item(verdict), "index": h(), "line": h(), "relation": h(), "latex": source,
                          "note": h()}],
               "conclusion": {**item(verdict), "line": h(), "establishes": source}}
              for verdict, source in zip(verdicts, hostile)]
    first = {"id": h(), "title": h(), "source": h(), "derivation": h(),
             "definitions": [{"name": h(), "line": h(), "latex": s} for s in hostile],
             "unchecked": [{"line": h(), "reason": h()} for _ in hostile],
             "summary": {"refuted": h()}, "claims": claims}
    return {
        "tool": {"name": h(), "version": h()}, "environment": {h(): h(), "python": big},
        "settings": {"digits": h(), "seed": h()},
        "summary": {"proved": h(), "refuted": 3, "unexpected": h(), "items": h()},
        "figures": {h(): {"caption": h(), "svg": h(), "pdf": h()}},
        "documents": [first] + [{"id": h(), "title": title, "source": h(), "derivation": h(), "definitions": [],
                                 "unchecked": [], "summary": {}, "claims": []} for title in hostile],
    }


def test_hostile_strings_are_escaped_in_the_tex(tmp_path):
    pwned = tmp_path / "pwned"
    tex = tex_of(_hostile_data(_hostile_strings(pwned)))
    for raw in (r"\input{/etc/passwd}", r"\include{", r"\write18", r"\immediate", r"\csname", "^^5c",
                r"\def\x", r"\loop", r"\catcode", r"\openout", r"\special", r"\pdfobj", "\x00",
                "x" * 5000):
        assert raw not in tex, raw
    assert tex.count(r"\end{document}") == 1
    assert r"\textbackslash{}input\{/etc/passwd\}" in tex
    assert tex.count(r"\cvraw{") >= 20
    assert len(tex) < 4_000_000


@needs_pdflatex
def test_hostile_report_compiles_and_reads_and_writes_nothing_outside(tmp_path):
    pwned = tmp_path / "pwned"
    tmp_pwned_existed = Path("/tmp/pwned").exists()
    hostile = _hostile_strings(pwned)
    pdf = _compile(tmp_path, tex_of(_hostile_data(hostile)), keep_logs=True, timeout=180)
    assert pdf.exists()
    _assert_read_only_distribution_and_directory(tmp_path)
    assert not pwned.exists() and not Path(f"{pwned}.tex").exists()
    assert Path("/tmp/pwned").exists() == tmp_pwned_existed
    log = (tmp_path / "report.log").read_text(errors="replace")
    assert "root:" not in log
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, timeout=60,
                              check=True).stdout
        assert "\\input{/etc/passwd}" in text          # shown as text, not executed
        assert "not typeset" in text
        assert "root:x:0:0" not in text


@needs_pdflatex
def test_every_accepted_formula_compiles(tmp_path):
    """Whatever the allowlist accepts must compile: the real constructs, plus random
    token soup (fixed seed) filtered by the sanitiser."""
    soup = ["x", "1", "^", "_", "{", "}", "'", "&", r"\\", r"\left(", r"\right)", r"\left.", r"\middle|",
            r"\frac", r"\sqrt", "[", "]", r"\text{a b}", r"\begin{aligned}", r"\end{aligned}", r"\begin{cases}",
            r"\end{cases}", r"\mathbb{R}", " ", "=", r"\le", r"\bigg|", r"\sum", r"\oplus", r"\underbrace",
            r"\operatorname{sg}", r"\{", r"\}", r"\,", r"\quad", "-", "(", ")"]
    rng = random.Random(20240601)
    accepted = list(ACCEPTED)
    for _ in range(6000):
        source = "".join(rng.choice(soup) for _ in range(rng.randint(1, 14)))
        if sanitise_math(source).ok:
            accepted.append(source)
    assert len(accepted) > 200
    data = {"tool": {"name": "contrastive-verify", "version": "test"}, "environment": {}, "settings": {},
            "summary": {}, "figures": {},
            "documents": [{"id": "fuzz", "title": "accepted formulas", "source": "", "derivation": "",
                           "summary": {}, "unchecked": [], "claims": [],
                           "definitions": [{"name": str(i), "line": i, "latex": s} for i, s in enumerate(accepted)]}]}
    tex = tex_of(data)
    assert r"\cvraw{" not in tex
    _compile(tmp_path, tex, timeout=180)


HUGE = [  # each near a limit: too wide, too tall, too deep, too many rows
    "x+" * 2999, r"\sum" * 1400, "=" * 5999, "a=" * 2999, r"\mathbb{" + "R" * 5900 + "}",
    r"\text{" + "word " * 1180 + "}", r"\begin{aligned}" + "a&=b\\\\" * 850 + r"\end{aligned}",
    r"\left(" * 30 + "x" + r"\right)" * 30, r"\frac{1}{" * 39 + "x" + "}" * 39, "x^{" * 39 + "x" + "}" * 39,
    "a+" * 300 + ("=" + "b+" * 300 + "c") * 5, r"\begin{aligned}" + "a&=b\\\\" * 150 + r"\end{aligned}",
]


@needs_pdflatex
def test_huge_formulas_compile_or_fall_back_to_raw_text(tmp_path):
    assert sanitise_math(HUGE[-2]).ok and sanitise_math(HUGE[-1]).ok
    assert not sanitise_math(HUGE[0]).ok and "too wide" in sanitise_math(HUGE[0]).reason
    data = {"tool": {}, "environment": {}, "settings": {}, "summary": {}, "figures": {},
            "documents": [{"id": "huge", "title": "huge formulas", "source": "", "derivation": "",
                           "summary": {}, "unchecked": [], "claims": [],
                           "definitions": [{"name": str(i), "line": i, "latex": s} for i, s in enumerate(HUGE)]}]}
    _compile(tmp_path, tex_of(data), timeout=180)


# --- the sandbox of compile_pdf itself ---------------------------------------------

_PREAMBLE = "\\documentclass{article}\n\\begin{document}\n"


@needs_pdflatex
def test_compile_refuses_to_read_outside_the_directory(tmp_path):
    with pytest.raises(latex.LatexError) as failure:
        _compile(tmp_path, _PREAMBLE + "\\input{/etc/passwd}\n\\end{document}\n", keep_logs=True)
    assert isinstance(failure.value, ContrastiveVerifyError)
    assert "pdflatex failed" in str(failure.value) and failure.value.log_tail
    assert not (tmp_path / "report.pdf").exists()
    assert (tmp_path / "report.log").exists()      # kept for inspection
    assert "/etc/passwd" not in "".join(_files_read(tmp_path))


@needs_pdflatex
def test_compile_has_no_shell_escape(tmp_path):
    target = tmp_path / "written-by-the-shell"
    _compile(tmp_path, _PREAMBLE + f"\\immediate\\write18{{touch {target}}}\nx\\end{{document}}\n")
    assert not target.exists()


@needs_pdflatex
def test_compile_refuses_to_write_outside_the_directory(tmp_path):
    inner = tmp_path / "inner"
    inner.mkdir()
    with pytest.raises(latex.LatexError, match="can't write on file"):
        _compile(inner, _PREAMBLE + "\\immediate\\openout5=../escaped.txt\n\\immediate\\write5{x}\n"
                                    "x\\end{document}\n")
    assert not (tmp_path / "escaped.txt").exists()


@needs_pdflatex
def test_compile_stops_at_the_time_limit(tmp_path):
    started = time.perf_counter()
    with pytest.raises(latex.LatexError, match="time limit of 2 s"):
        _compile(tmp_path, _PREAMBLE + "\\loop\\iftrue\\repeat\n\\end{document}\n", timeout=2)
    assert time.perf_counter() - started < 10


@needs_pdflatex
def test_compile_error_quotes_the_tex_error(tmp_path):
    with pytest.raises(latex.LatexError, match="Undefined control sequence"):
        _compile(tmp_path, _PREAMBLE + "\\nosuchcommand\n\\end{document}\n")


def test_missing_pdflatex_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(latex.shutil, "which", lambda name: None)
    (tmp_path / "r.tex").write_text("x")
    with pytest.raises(latex.LatexError, match="pdflatex is not on PATH"):
        latex.compile_pdf(tmp_path / "r.tex")


# --- faithfulness to the source document -------------------------------------------

# The document's own text that a step restates: it must reach the PDF as these characters.
RESTATED_ORIGINAL = r"\input{/etc/passwd} 50% & #1 $x$ ^^5c \end{document}"
FAITHFUL_PATH = "docs/t1_{τ}#1.txt"


@pytest.fixture(scope="module")
def faithful_data(tiny_data):
    """``tiny_data`` as if compared with its source document: every source_match value,
    a restatement, drift on a claim and on a step; then the same document not found."""
    data = copy.deepcopy(tiny_data)
    compared = data["documents"][0]
    compared["source_path"] = FAITHFUL_PATH
    compared["source_summary"] = {"verbatim": 2, "normalized": 1, "restated": 1, "drift": 2, "total": 6,
                                  "faithful_percent": 50.0}
    compared["definitions"][0]["source_match"] = "verbatim"
    bounds, strict, wrong = compared["claims"]
    bounds["source_match"] = "verbatim"
    bounds["steps"][0].update(source_match="restated", restated_from=RESTATED_ORIGINAL)
    bounds["steps"][1].update(source_match="drift", restated_from=None)
    strict["source_match"] = "normalized"
    wrong.update(source_match="drift", restated_from=r"\text{LSE} \le \max + \log n")
    absent = copy.deepcopy(tiny_data["documents"][0])
    absent["title"] = "the same document, its source not found"
    data["documents"].append(absent)
    data["summary"]["drift"] = 2
    return data


def test_each_document_has_a_faithfulness_line(faithful_data):
    from contrastive_sym.report.data import NOT_COMPARED
    tex = tex_of(faithful_data)
    path = escape(FAITHFUL_PATH, limit=latex_view.VALUE_LIMIT, breakable=True)
    assert (rf"Faithfulness & compared with \texttt{{{path}}}: 2 verbatim, 1 normalized, 1 restated, "
            r"\textcolor{cvsrcdrift}{\textbf{2 drift}} of 6 formulas. "
            r"\cvdriftnote{The document changed and the derivation did not follow.} \\") in tex
    assert "faithfulness not checked" in NOT_COMPARED
    assert tex.count(rf"Faithfulness & \textit{{{escape(NOT_COMPARED)}}} \\") == 1
    assert FAITHFUL_PATH not in tex


def test_every_compared_formula_carries_its_source_tag(faithful_data):
    from contrastive_sym.report.data import DRIFT_NOTE
    tex = tex_of(faithful_data)
    first_document = tex[:tex.index(r"\section{the same document")]
    assert r"\texttt{LSE}\enspace\cvsourcequiet{verbatim}\par" in first_document
    assert first_document.count(r"Source & \cvsourcequiet{verbatim} \\") == 1        # the claim "bounds"
    assert first_document.count(r"Source & \cvsourcequiet{normalized} \\") == 1      # the claim "strict"
    assert r"relation \texorpdfstring{\ensuremath{\leq}}{≤}}\enspace\cvsourcerestated{RESTATED}\par" in tex
    # Drift is a filled red box with a red sentence, on the step and on the claim.
    drift_note = rf"\cvdriftnote{{{escape(DRIFT_NOTE)}}}"
    assert (r"\enspace\cvsourcedrift{SOURCE DRIFT}\par" + "\n" + rf"{{\small {drift_note}\par}}") in tex
    assert rf"Source & \cvsourcedrift{{SOURCE DRIFT}} {drift_note} The derivation restates (no longer" in tex
    assert tex.count(drift_note) == 2
    assert r"\DeclareRobustCommand{\cvsourcedrift}[1]{{\setlength{\fboxsep}{1.5pt}\colorbox{cvsrcdrift}" in tex
    assert r"\DeclareRobustCommand{\cvsourcequiet}[1]{\textcolor{cvmuted}" in tex
    # Said once for the run, under the summary table.
    assert (r"\cvsourcedrift{SOURCE DRIFT}\enspace 2 formulas have drifted from the source document: "
            "look for the items marked SOURCE DRIFT.") in tex
    # The document whose source was not found has no tag at all.
    second_document = tex[tex.index(r"\section{the same document"):]
    assert r"\cvsource" not in second_document


def test_a_restatement_shows_the_documents_text_escaped(faithful_data):
    tex = tex_of(faithful_data)
    shown = escape(RESTATED_ORIGINAL, limit=latex_view.VALUE_LIMIT, breakable=True)
    assert rf"{{\small The document has: \texttt{{{shown}}}\par}}" in tex
    assert r"\textbackslash{}input\{/\allowbreak{}etc/\allowbreak{}passwd\}" in tex
    for raw in (r"\input{/etc/passwd}", "^^5c", "50% &"):
        assert raw not in tex
    assert tex.count(r"\end{document}") == 1
    # A claim the document makes in words is restated by its line's digest: never shown as the document's text.
    words = latex_view.source_note("restated", "sha256:0123456789ab")
    digest = escape("sha256:0123456789ab", limit=latex_view.VALUE_LIMIT, breakable=True)
    assert words == rf"The document says this in words, on the line with digest: \texttt{{{digest}}}"


def test_without_the_source_document_only_the_legend_has_tags(tiny_report):
    assert tiny_report.documents[0].source_summary is None
    tex = latex.render(tiny_report)
    assert "faithfulness not checked" in tex
    assert tex.count(r"\cvsourcequiet{") == 2 and tex.count(r"\cvsourcerestated{") == 1
    assert tex.count(r"\cvsourcedrift{") == 1, "only the legend"
    assert r"Source & \cv" not in tex and "drifted from the source document" not in tex


def test_unknown_source_values_are_not_tags_and_paths_are_escaped(tiny_data):
    data = copy.deepcopy(tiny_data)
    document = data["documents"][0]
    document["source_path"] = r"\input{/etc/passwd}"
    document["source_summary"] = {"verbatim": r"\write18{x}", "drift": 1, "total": "}{"}
    document["claims"][0]["source_match"] = r"\input{/etc/passwd}"
    tex = tex_of(data)
    assert r"\input{/etc/passwd}" not in tex and r"\write18" not in tex
    assert r"\textbackslash{}write18\{x\} verbatim" in tex and r"of \}\{ formulas" in tex
    assert r"Source & \cv" not in tex


@needs_pdflatex
def test_the_faithfulness_report_compiles_and_reads(faithful_data, tmp_path):
    pdf = _compile(tmp_path, tex_of(faithful_data), keep_logs=True)
    _assert_read_only_distribution_and_directory(tmp_path)
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not on PATH: the PDF compiled, its text is not read")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, timeout=60,
                          check=True).stdout
    flat = " ".join(text.split())
    assert "SOURCE DRIFT" in flat and "RESTATED" in flat and "[verbatim]" in flat
    assert "This formula is no longer in the document" in flat
    assert "2 verbatim, 1 normalized, 1 restated, 2 drift of 6 formulas" in flat
    assert "The document has:" in flat and "/etc/passwd}" in flat and "root:x:0:0" not in flat
    assert "faithfulness not checked" in flat

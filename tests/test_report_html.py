"""The offline HTML report: LaTeX → sanitised MathML, the page's content, its safety
against hostile documents, and what a person sees in a real (headless) Chromium.

Every test here can fail: the hostile inputs are ones latex2mathml really passes
through unescaped (``\\text{</math><script>…}``), and the Chromium tests read the
rendered DOM and pixels, not the HTML string.
"""
from __future__ import annotations

import copy
import html.parser
import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contrastive_sym.model.verdicts import Verdict
from contrastive_sym.report.records import ReportData
from contrastive_sym.report.site.html import CONTENT_SECURITY_POLICY, MAX_TEXT, page, render
from contrastive_sym.report.safe.mathml import ELEMENTS, MATHML_NS, sanitise, to_mathml
from contrastive_sym.report.safe.svgsafe import SVG_NS, sanitise_svg

ROOT = Path(__file__).resolve().parents[1]
SMALL_DOCUMENT = ROOT / "derivations" / "d003_ntxent_upper_bound.toml"
VERDICTS = ("proved", "confirmed", "refuted", "conditional", "undecided", "error")


# -- helpers ------------------------------------------------------------------

class _Tags(html.parser.HTMLParser):
    """Every start tag with its attributes, every id, every internal link."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def tags_of(page_html: str) -> list[tuple[str, dict]]:
    parser = _Tags()
    parser.feed(page_html)
    parser.close()
    return parser.tags


def outside_code_and_math(page_html: str) -> str:
    """The page without its <code> and <math> elements (where TeX is allowed to be),
    nor the reasons a formula was not rendered (they may name the command)."""
    text = re.sub(r"<code\b[^>]*>.*?</code>", "", page_html, flags=re.DOTALL)
    text = re.sub(r'<span class="why">.*?</span>', "", text, flags=re.DOTALL)
    return re.sub(r"<math\b[^>]*>.*?</math>", "", text, flags=re.DOTALL)


def items_of(data: ReportData):
    """Every verdict-bearing item of the report data: claims, steps, conclusions."""
    for doc in data.documents:
        for claim in doc.claims:
            yield claim
            yield from claim.steps
            if claim.conclusion:
                yield claim.conclusion


def item_views(view):
    for doc in view.documents:
        for claim in doc.claims:
            yield claim.statement
            yield from claim.steps
            if claim.conclusion:
                yield claim.conclusion


def segment(page_html: str, anchor: str) -> str:
    """The HTML of one item: from its id to the next item."""
    start = page_html.index(f'id="{anchor}"')
    end = page_html.find("data-verdict=", page_html.index("data-verdict=", start) + 1)
    return page_html[start:end if end > 0 else len(page_html)]


def assert_safe_mathml(markup: str) -> None:
    """Well-formed MathML of allowed elements only, one <math>, nothing that scripts or links."""
    root = ET.fromstring(markup)
    assert root.tag == f"{{{MATHML_NS}}}math"
    for element in root.iter():
        namespace, _, name = element.tag[1:].partition("}")
        assert namespace == MATHML_NS and name in ELEMENTS, element.tag
        for key, value in element.attrib.items():
            assert not key.lower().startswith("on") and key not in ("href", "style", "class", "id"), key
            assert "url(" not in value and ":" not in value, value
    lowered = markup.lower()
    assert "<script" not in lowered
    assert lowered.count("<math") == 1 and lowered.count("</math>") == 1 and lowered.endswith("</math>")
    assert not re.search(r"<[^>]*\son\w+\s*=", lowered), "an event handler inside a tag"


# -- mathml.py: the constructs of the documents ---------------------------------

CONSTRUCTS = [
    # (TeX as the documents write it, something the MathML must contain)
    (r"\lim_{\tau \rarr 0^{+}} \tau \log n", "→"),
    (r"\lim_{\tau \rarr + \infty} -\frac{1}{\tau}s_{i,i}", "→"),
    (r"I(x) &= -\log \frac{1}{K} \sum_{k \neq 1} \exp(g_k - g_1)", "<mfrac>"),
    (r"&= \nabla \log \sum_{k \neq 1} \exp(g_k - g_1)", "∇"),
    (r"a =& b + c", "<mi>b</mi>"),
    (r"a &= b \\ &= c", "<mtable"),
    (r"\begin{align} a &= b \\ &= c \end{align}", "<mtable"),
    (r"\begin{aligned} a &= b \\ &= c \end{aligned}", "<mtable"),
    (r"\begin{align*} a &= b \\ &= c \\ \end{align*}", "<mtable"),
    (r"\log \frac{e^{g_1}}{K} = I^K\big|_{g_1 \text{ removed}}", "removed"),
    (r"f(x)\bigg|_{x = 0}", "<msub>"),
    (r"\text{stop\_grad}\left[\sum_k e^{g_k}\right]", "<mtext>stop_grad</mtext>"),
    (r"= \underbrace{-\frac{1}{N} \sum_{i} s_i}_{\mathcal{L}_{alignment}} + c", "⏟"),
    (r"\sum_{k=1}^{2N} \mathbb{1}_{[k \neq i]} \exp(s_{i,k})", 'mathvariant="double-struck"'),
    (r"\mathbf{1}_{[k \neq i]}", 'mathvariant="bold"'),
    (r"-\log\left[ \frac{a}{b} \right]", 'stretchy="true"'),
    (r"\frac{z_i \cdot z_j}{\|z_i\| \|z_j\|}", "‖"),
    (r"\operatorname{sg}\left[x\right]", "<mo>sg</mo>"),
    (r"\mathcal{L}^{\mathrm{NT-Xent}}", "<mi>ℒ</mi>"),
    (r"\log\left(\exp(x_1) + \dots + \exp(x_n)\right)", "…"),
    (r"\max\{x_1,...,x_n\}\leq LSE(x_1,...,x_n)", "≤"),
    (r"\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}", "otherwise"),
    (r"g_a > g_b \implies w_a > w_b \quad (a, b \neq 1)", "⟹"),
    (r"\theta \leftarrow \theta - \eta \nabla_\theta \mathcal{L}(\theta)", "←"),
    (r"\text{a\_b \& c \{d\} < e}", "<mtext>a_b\u00a0&amp;\u00a0c\u00a0{d}\u00a0&lt;\u00a0e</mtext>"),
]


@pytest.mark.parametrize("tex, expected", CONSTRUCTS)
def test_document_constructs_convert(tex, expected):
    result = to_mathml(tex)
    assert result.rendered, result.problem
    assert expected in result.mathml
    assert "\\" not in result.mathml, "raw TeX left in the MathML"
    assert_safe_mathml(result.mathml)


def test_alignment_keeps_rows_and_columns():
    result = to_mathml(r"\begin{align} L &= a + b \\ &= c \end{align}")
    root = ET.fromstring(result.mathml)
    rows = root.findall(f".//{{{MATHML_NS}}}mtr")
    assert len(rows) == 2
    assert len(rows[0].findall(f"{{{MATHML_NS}}}mtd")) == 2
    assert "(1)" not in result.mathml, "no equation numbers the document does not show"


def test_displayed_operators_take_their_limits_below():
    shown = to_mathml(r"\lim_{\tau \rarr 0^+} \max_{1 \le k \le n} x_k", display=True).mathml
    assert shown.count("<munder>") == 2 and 'display="block"' in shown
    inline = to_mathml(r"\lim_{\tau \rarr 0^+} x", display=False).mathml
    assert "<msub><mo>lim</mo>" in inline


def test_a_lone_aligned_line_drops_its_ampersand():
    result = to_mathml(r"&= -\log t")
    assert result.rendered and "&amp;" not in result.mathml and "<mi>&" not in result.mathml


@pytest.mark.parametrize("tex, problem", [
    (r"\input{/etc/passwd}", "unknown command"),
    (r"\write18{rm -rf /}", "unknown command"),
    (r"\frac{{", "could not read"),
    ("{" * 3000 + "x" + "}" * 3000, "nested too deeply"),
    ("x+" * 50_000, "too long"),
    (r"\hspace{<x>}", "malformed"),
    (r"\color{" + '"><script>' + "}{x}", "malformed"),
    ("", "no formula"),
])
def test_what_cannot_be_rendered_says_why(tex, problem):
    result = to_mathml(tex)
    assert not result.rendered and result.mathml is None
    assert problem in result.problem


HOSTILE_TEX = [
    "<script>alert(1)</script>",
    r"\text{</math><script>alert(1)</script>}",
    r"\text{<b onmouseover=alert(1)>x</b>}",
    r"\verb|</math><script>alert(1)</script>|",
    r"\mathrm{</math><img src=x onerror=alert(1)>}",
    r"\operatorname{</math><script>}",
    'x" onload="alert(1)',
    r"\href{javascript:alert(1)}{x}",
    r"\style{background:url(https://evil.example/x)}{x}",
    r"\class{x\" onclick=\"alert(1)}{y}",
    r"\color{red\" onload=\"alert(1)}{x}",
    r"\mathbin{&}\text{&lt;script&gt;}",
    r"\text{]]><script>alert(1)</script>}",
    r"\text{<!DOCTYPE x [<!ENTITY a 'b'>]>}",
    r"\input{/etc/passwd}",
    r"\frac{{",
    "\ue000\ue001script\ue002",
]


@pytest.mark.parametrize("tex", HOSTILE_TEX)
def test_hostile_tex_never_breaks_out(tex):
    result = to_mathml(tex)
    if result.rendered:
        assert_safe_mathml(result.mathml)
        assert "href" not in result.mathml and "style=" not in result.mathml
    else:
        assert result.problem


def test_text_that_looks_like_markup_stays_text():
    result = to_mathml(r"\text{</math><script>alert(1)</script>}")
    assert result.rendered
    assert "<mtext>&lt;/math&gt;&lt;script&gt;alert(1)&lt;/script&gt;</mtext>" in result.mathml


def test_sanitise_drops_attributes_and_rejects_foreign_elements():
    ns = f'xmlns="{MATHML_NS}"'
    clean = sanitise(f'<math {ns}><mi onclick="x" href="javascript:y" style="background:url(z)" '
                     f'mathvariant="bold" class="c">a</mi></math>')
    assert clean == f'<math {ns}><mi mathvariant="bold">a</mi></math>'
    for bad in (f'<math {ns}><script>alert(1)</script></math>',
                f'<math {ns}><mtext><b xmlns="http://www.w3.org/1999/xhtml">x</b></mtext></math>',
                f'<math {ns}><annotation-xml encoding="text/html">x</annotation-xml></math>',
                f'<math {ns}><math>x</math></math>',
                '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
                f'<math {ns}><mi>&</mi></math>',
                f'<!DOCTYPE math><math {ns}/>'):
        with pytest.raises(ValueError):
            sanitise(bad)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(
    ["<", ">", "&", '"', "'", "/", "\\", "{", "}", "_", "^", " ", "x", "1", "=", "\\\\",
     r"\text{", r"\frac", r"\left(", r"\right)", r"\begin{align}", r"\end{align}", r"\verb|",
     "</math>", "<script>", "onload=", r"\href{", "javascript:", r"\sum_{k}", "|"]), max_size=30).map("".join))
def test_any_input_gives_safe_mathml_or_a_reason(tex):
    result = to_mathml(tex)
    if result.rendered:
        assert_safe_mathml(result.mathml)
    else:
        assert result.problem


def test_the_docstring_examples_hold():
    import doctest

    from contrastive_sym.report.safe import mathml

    assert doctest.testmod(mathml).failed == 0


def test_every_fragment_of_the_bundled_documents_converts():
    """The coverage figure: every statement, step and definition of the seeds."""
    from contrastive_sym.load.files import load_all

    fragments = []
    for doc in load_all([]):
        fragments += [d.latex for d in doc.definitions]
        for claim in doc.claims:
            fragments.append(claim.latex)
            fragments += [s.latex for s in (claim.proof.steps if claim.proof else ())]
    fragments = [f for f in fragments if f.strip()]
    failed = [(f, display, r.problem) for f in fragments for display in (False, True)
              if not (r := to_mathml(f, display=display)).rendered]
    assert len(fragments) > 100
    assert failed == [], f"{len(failed)} of {len(fragments)} fragments not rendered"


# -- the page for a real document ------------------------------------------------

@pytest.fixture(scope="module")
def sample_data():
    """The report data of one bundled document, checked with a small budget (≈ 5 s)."""
    import contrastive_sym as cv
    from contrastive_sym.report.data import report_data

    config = cv.CheckConfig(points_per_instance=24, random_points=6, max_instances=4)
    return report_data(cv.verify([str(SMALL_DOCUMENT)], config=config))


@pytest.fixture(scope="module")
def sample_html(sample_data):
    return render(sample_data)


def test_the_sample_has_what_the_tests_need(sample_data):
    items = list(items_of(sample_data))
    assert any(i.outcome.verdict is Verdict.REFUTED and i.outcome.witness for i in items)
    assert any(c.steps for c in sample_data.documents[0].claims)
    assert any(c.conclusion for c in sample_data.documents[0].claims)
    assert sample_data.documents[0].unchecked and sample_data.documents[0].definitions


def test_every_verdict_row_is_present_with_its_badge(sample_data, sample_html):
    rows = [(t, a) for t, a in tags_of(sample_html) if "data-verdict" in a]
    assert len(rows) == sample_data.summary.items
    for verdict in VERDICTS:
        assert sum(a["data-verdict"] == verdict for _, a in rows) == sample_data.summary.counts[Verdict(verdict)]
    view = page(sample_data)
    for item, raw in zip(item_views(view), items_of(sample_data)):
        html_of_item = segment(sample_html, item.anchor)
        verdict = raw.outcome.verdict.value
        assert f'<span class="badge badge-{verdict}">{verdict}</span>' in html_of_item
        assert f"line {raw.line}" in html_of_item
        if raw.outcome.method:
            assert raw.outcome.method in html_of_item


def test_refuted_items_show_a_witness_table_with_both_sides(sample_data, sample_html):
    view = page(sample_data)
    checked = 0
    for item, raw in zip(item_views(view), items_of(sample_data)):
        if raw.outcome.verdict is Verdict.REFUTED and raw.outcome.witness:
            html_of_item = segment(sample_html, item.anchor)
            assert '<table class="witness">' in html_of_item
            assert f"<code>{raw.outcome.witness.lhs}</code>" in html_of_item
            assert f"<code>{raw.outcome.witness.rhs}</code>" in html_of_item
            assert "Why it fails" in html_of_item
            checked += 1
    assert checked >= 1


def test_summary_tables_per_document_and_overall(sample_data, sample_html):
    assert sample_html.count('<table class="summary">') == 1 + len(sample_data.documents)
    assert "Verdicts over all documents" in sample_html
    for name, version in sample_data.environment.items():
        assert f"<th scope=\"row\">{name}</th><td>{version}</td>" in sample_html
    assert str(sample_data.settings.digits) in sample_html


def test_documents_have_headings_contents_definitions_and_loud_unchecked(sample_data, sample_html):
    doc = sample_data.documents[0]
    assert doc.source in sample_html and doc.title in sample_html
    assert '<nav class="toc"' in sample_html
    assert sample_html.count('<span class="not-checked">not checked</span>') == len(doc.unchecked)
    for unchecked in doc.unchecked:
        assert unchecked.reason.replace("'", "&#39;") in sample_html
    assert sample_html.count('<div class="definition">') == len(doc.definitions)


def test_math_is_mathml_and_no_raw_tex_outside_code(sample_data, sample_html):
    assert sample_html.count("<math ") >= sum(1 for i in items_of(sample_data))
    assert "not rendered</span>" not in sample_html
    assert not re.search(r"\\[A-Za-z]+", outside_code_and_math(sample_html))
    for _, math in re.findall(r"(<math\b[^>]*>)(.*?)</math>", sample_html, flags=re.DOTALL):
        assert "\\" not in math


def test_every_internal_link_points_at_an_existing_unique_id(sample_html):
    tags = tags_of(sample_html)
    ids = [a["id"] for _, a in tags if "id" in a]
    assert len(ids) == len(set(ids)), "duplicate ids"
    links = [a["href"] for _, a in tags if "href" in a]
    assert links and all(h.startswith("#") for h in links)
    assert {h[1:] for h in links} <= set(ids)


def test_the_page_is_self_contained_and_runs_no_script(sample_html):
    tags = tags_of(sample_html)
    assert ("meta", {"http-equiv": "Content-Security-Policy", "content": CONTENT_SECURITY_POLICY}) in tags
    assert "script-src" not in CONTENT_SECURITY_POLICY and "default-src 'none'" in CONTENT_SECURITY_POLICY
    assert not any(t in ("script", "link", "iframe", "object", "embed", "base") for t, _ in tags)
    assert not any(k.startswith("on") for _, a in tags for k in a)
    assert "url(" not in sample_html and "@import" not in sample_html
    assert not any(a.get("src", "data:").split(":")[0] != "data" for _, a in tags)
    assert sample_html.startswith("<!DOCTYPE html>")


def test_output_is_deterministic(sample_data, sample_html):
    assert render(copy.deepcopy(sample_data)) == sample_html
    assert render(ReportData.from_json(sample_data.to_json())) == sample_html


# -- hostile report data ---------------------------------------------------------

def _item(verdict, **extra):
    base = {"verdict": verdict, "precision": "50 significant digits", "figure": None, "method": "sampling",
            "message": "", "condition": None, "witness": None, "expected": None, "unexpected": False, "line": 3}
    return {**base, **extra}


def _data(documents, figures=None):
    counts = {v: 0 for v in VERDICTS}
    for doc in documents:
        for claim in doc["claims"]:
            for item in [claim, *claim["steps"]] + ([claim["conclusion"]] if claim["conclusion"] else []):
                counts[item["verdict"]] += 1
    summary = {**counts, "unexpected": 0, "items": sum(counts.values())}
    for doc in documents:
        doc.setdefault("summary", summary)
    return {"tool": {"name": "contrastive-verify", "version": "0.1.0"},
            "environment": {"python": "3.11.7", "sympy": "1.14.0"},
            "settings": {"digits": 50, "seed": 0}, "documents": documents, "summary": summary,
            "figures": figures or {}, "seconds": 1.0}


def _document(claims, **extra):
    base = {"id": "000", "title": "A document", "source": "000_doc.txt", "derivation": "d000.py",
            "definitions": [], "unchecked": [], "claims": claims, "seconds": 0.1}
    return {**base, **extra}


def _claim(claim_id, verdict="confirmed", steps=(), conclusion=None, **extra):
    return {**_item(verdict), "id": claim_id, "title": "A claim", "kind": "identity", "statement": "a = b",
            "reading": None, "note": None, "derived_from_proof": False, "methods": ["sampling"],
            "steps": list(steps), "conclusion": conclusion, "seconds": 0.1, **extra}


PWN = "document.title='PWNED'"
HOSTILE_STRINGS = [
    "<script>alert(1)</script>",
    f"</math><script>{PWN}</script>",
    f'" onload="{PWN}" x="',
    f"'><img src=x onerror=\"{PWN}\">",
    "</textarea></style></title><svg onload=alert(1)>",
    "javascript:alert(1)",
]


def hostile_data():
    evil = " | ".join(HOSTILE_STRINGS)
    witness = {"sizes": {"K" + evil: 2}, "values": {"g_1": evil}, "lhs": evil, "rhs": "0", "digits": 100,
               "indices": {"i": 1}, "note": evil}
    steps = [_item("refuted", index=1, relation="=", latex=r"\text{</math><script>" + PWN + "</script>}",
                   note=evil, message=evil, witness=witness),
             _item("undecided", index=2, relation="≤", latex=r"\input{/etc/passwd} \write18{rm -rf /}",
                   message="x" * 100_000),
             _item("error", index=3, relation="=", latex=r"\frac{{", message=evil, unexpected=True),
             _item("conditional", index=4, relation="<", latex="x" * 100_000, condition=evil, witness=witness,
                   figure="fig-1")]
    conclusion = {**_item("refuted", establishes=r'\mathrm{</math><img src=x onerror="' + PWN + '">}',
                          message=evil, witness=witness), "figure": "fig-missing"}
    claims = [_claim('"><img src=x onerror=alert(1)>', "refuted", steps, conclusion, title=evil, reading=evil,
                     note=evil, statement=r"\href{javascript:alert(1)}{x} \style{background:url(x)}{y}",
                     message=evil, witness=witness, figure="fig-2"),
              _claim('"><img src=x onerror=alert(1)>', "proved", title="duplicate id")]
    doc = _document(claims, title=evil, source=evil,
                    definitions=[{"name": evil, "line": 1, "latex": r"\text{" + evil + "}"}],
                    unchecked=[{"line": 9, "reason": evil}])
    figures = {"fig-1": {"caption": evil, "svg": f"<?xml version='1.0'?><svg xmlns='http://www.w3.org/2000/svg' "
                                                  f"onload=\"{PWN}\"><script>{PWN}</script></svg>", "pdf": None},
               "fig-2": {"caption": evil, "svg": f"<svg xmlns='http://www.w3.org/2000/svg' onload=\"{PWN}\">"
                                                  f"<title>{evil.replace('<', '&lt;').replace('&', '&amp;')}</title>"
                                                  "<path d='M 0 0 L 10 10' style='stroke: #000'/></svg>",
                         "pdf": "fig-2.pdf"}}
    return ReportData.from_json(_data([doc], figures))


@pytest.fixture(scope="module")
def hostile_html():
    return render(hostile_data())


def test_hostile_strings_are_escaped_everywhere(hostile_html):
    tags = tags_of(hostile_html)
    names = [t for t, _ in tags]
    assert "script" not in names and "textarea" not in names and "img" not in names
    assert names.count("svg") == 1, "only the sanitised figure"
    assert not any(k.startswith("on") for _, a in tags for k in a)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in hostile_html
    assert "<script" not in hostile_html.lower()
    assert not re.search(r"<img\s+src=x", hostile_html, flags=re.IGNORECASE)
    assert not any(a.get("href", "#").startswith("javascript") for _, a in tags)


def test_hostile_tex_is_shown_as_text_marked_not_rendered(hostile_html):
    assert hostile_html.count('<span class="not-rendered">not rendered</span>') >= 3
    assert "unknown command \\input" in hostile_html
    assert "too long to render" in hostile_html
    assert not re.search(r"\\[A-Za-z]+", outside_code_and_math(hostile_html))
    for math in re.findall(r"<math\b.*?</math>", hostile_html, flags=re.DOTALL):
        assert_safe_mathml(math)


def test_long_strings_are_cut_visibly(hostile_html):
    assert "more characters; see the JSON report" in hostile_html
    assert "x" * (MAX_TEXT + 1) not in hostile_html
    assert len(hostile_html) < 400_000


def test_duplicate_and_hostile_claim_ids_still_give_unique_anchors(hostile_html):
    tags = tags_of(hostile_html)
    ids = [a["id"] for _, a in tags if "id" in a]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)
    assert {a["href"][1:] for _, a in tags if "href" in a} <= set(ids)


def test_unexpected_items_are_marked(hostile_html):
    assert '<span class="unexpected-tag">unexpected</span>' in hostile_html
    assert "unexpected: expected not refuted, no error" in hostile_html


# -- figures ---------------------------------------------------------------------

def matplotlib_svg(title: str = "LSE <bound> & \"quotes\"") -> str:
    """A figure as the report's plots make them (glyphs as paths, salted ids)."""
    import matplotlib
    from matplotlib.figure import Figure

    fig = Figure(figsize=(3, 2))
    ax = fig.add_subplot()
    ax.plot([0, 1, 2], [0, 1, 4], color="#c21f2c")
    ax.set_title(title)
    out = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "fixed", "svg.fonttype": "path"}):
        fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def test_a_matplotlib_svg_survives_sanitising():
    svg = matplotlib_svg()
    assert svg.startswith("<?xml") and "<!DOCTYPE svg" in svg
    clean = sanitise_svg(svg, prefix="fig-a", label="a <caption>")
    root = ET.fromstring(clean)
    assert root.tag == f"{{{SVG_NS}}}svg" and root.get("aria-label") == "a <caption>"
    names = {element.tag.split("}")[1] for element in root.iter()}
    assert {"path", "use", "clipPath"} <= names and not names & {"metadata", "style", "script"}
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert ids and all(i.startswith("fig-a-") for i in ids) and len(ids) == len(set(ids))
    references = re.findall(r'href="#([^"]+)"|url\(#([^)]+)\)', clean)
    assert references and {a or b for a, b in references} <= set(ids)
    assert clean.count("<path") == svg.count("<path") and clean.count("<use") == svg.count("<use")


@pytest.mark.parametrize("svg, problem", [
    (f'<svg xmlns="{SVG_NS}"><script>alert(1)</script></svg>', "<script>"),
    (f'<svg xmlns="{SVG_NS}"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div>'
     f'</foreignObject></svg>', "<foreignObject>"),
    (f'<svg xmlns="{SVG_NS}"><image href="https://evil.example/x.png"/></svg>', "<image>"),
    (f'<svg xmlns="{SVG_NS}"><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>', "<a>"),
    (f'<svg xmlns="{SVG_NS}"><animate attributeName="href" to="javascript:alert(1)"/></svg>', "<animate>"),
    (f'<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="{SVG_NS}">&a;</svg>', "declarations"),
    ("<svg><path d='M0 0'></svg>", "not well-formed"),
    ('<math xmlns="http://www.w3.org/1998/Math/MathML"/>', "not an <svg>"),
])
def test_a_hostile_svg_is_rejected(svg, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        sanitise_svg(svg, prefix="f")


def test_hostile_svg_attributes_are_dropped():
    clean = sanitise_svg(
        f'<svg xmlns="{SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)" width="10">'
        f'<defs><path id="p" d="M0 0"/></defs>'
        f'<use xlink:href="#p" onclick="alert(1)" style="fill: url(https://evil.example/x); stroke: #fff"/>'
        f'<use href="javascript:alert(1)" class="badge" fill="url(#nowhere)"/>'
        f'<path d="M0 0" style="behavior: url(x.htc); fill: expression(alert(1)); stroke-width: 2"/></svg>',
        prefix="f", label='" onmouseover="x')
    assert "onload" not in clean and "onclick" not in clean and "javascript" not in clean
    assert "evil" not in clean and "expression" not in clean and "behavior" not in clean and "class=" not in clean
    assert '<use href="#f-1" style="stroke: #fff">' in clean and '<use></use>' in clean
    assert 'style="stroke-width: 2"' in clean and 'aria-label="&quot; onmouseover=&quot;x"' in clean


def test_figures_are_inlined_and_optional():
    svg = matplotlib_svg()
    claims = [_claim("with-svg", figure="f1"), _claim("again", figure="f1"), _claim("pdf-only", figure="f2"),
              _claim("unknown", figure="f3"), _claim("hostile", figure="f4")]
    data = _data([_document(claims)], {"f1": {"caption": "The bound <b>", "svg": svg, "pdf": "f1.pdf"},
                                       "f2": {"caption": "PDF only", "svg": None, "pdf": "f2.pdf"},
                                       "f4": {"caption": "bad", "svg": f'<svg xmlns="{SVG_NS}"><script/></svg>',
                                              "pdf": None}})
    out = render(ReportData.from_json(data))
    tags = tags_of(out)
    assert sum(t == "svg" for t, _ in tags) == 2, "the same figure, inlined twice"
    ids = [a["id"] for _, a in tags if "id" in a]
    assert len(ids) == len(set(ids)), "two copies of one figure must not share ids"
    assert {a["href"][1:] for _, a in tags if "href" in a} <= set(ids)
    assert "<figcaption>The bound &lt;b&gt;</figcaption>" in out
    assert "this figure exists only in the PDF report" in out
    assert "figure &#39;f3&#39; is missing from the report data" in out
    assert "this figure is not shown: element &lt;script&gt; is not allowed in a figure" in out
    assert "<script" not in out
    no_figures = _data([_document([_claim("plain")])])
    assert "<figure" not in render(ReportData.from_json(no_figures))


def test_an_empty_report_renders():
    out = render(ReportData.from_json(_data([])))
    assert "0 verdicts in 0 documents" in out


# -- faithfulness to the source document ------------------------------------------

# The document's own text that a step restates: TeX and markup, to be shown as text.
RESTATED_ORIGINAL = r"\frac{1}{2} < x & <b>bold</b> \input{x}"
SOURCE_TAG_CLASS = re.compile(r'class="source-tag source-([a-z]+)"')


def faithful_data():
    """Every source_match value, a restatement, drift on a claim and on a step, and a
    second document whose source was not found."""
    steps = [_item("proved", index=1, relation="=", latex="a = b", source_match="verbatim", restated_from=None),
             _item("proved", index=2, relation="=", latex="b = c", source_match="restated",
                   restated_from=RESTATED_ORIGINAL),
             _item("proved", index=3, relation="=", latex="c = d", source_match="drift", restated_from=None)]
    claims = [_claim("mixed", "proved", steps, source_match="normalized", restated_from=None),
              _claim("moved", "proved", source_match="drift", restated_from="x <= y"),
              _claim("derived", "proved", source_match=None, restated_from=None, derived_from_proof=True)]
    summary = {"verbatim": 2, "normalized": 1, "restated": 1, "drift": 2, "total": 6, "faithful_percent": 50.0}
    compared = _document(claims, source_path="docs/000_doc.txt", source_summary=summary,
                         definitions=[{"name": "f", "line": 1, "latex": "f(x) = x", "source_match": "verbatim"}])
    absent = _document([_claim("elsewhere", "proved", source_match=None, restated_from=None)], id="001",
                       source="001_doc.txt", source_path=None, source_summary=None)
    data = _data([compared, absent])
    data["summary"] = {**data["summary"], "drift": 2}
    return ReportData.from_json(data)


@pytest.fixture(scope="module")
def faithful_html():
    return render(faithful_data())


def test_each_document_says_how_faithful_its_formulas_are(faithful_html):
    compared, absent = page(faithful_data()).documents
    assert (compared.faithfulness.path, compared.faithfulness.css) == ("docs/000_doc.txt", "faithfulness alarm")
    assert ('<code>docs/000_doc.txt</code> — 2 verbatim, 1 normalized, 1 restated, 2 drift of 6 formulas. '
            "2 formulas have drifted: the document changed and the derivation did not follow.") in faithful_html
    # The document whose source was not at hand says so, once, in its own section.
    assert absent.faithfulness.path == "" and absent.faithfulness.css == "faithfulness unknown"
    assert faithful_html.count("Source document not found; faithfulness not checked") == 1
    assert faithful_html.index("faithfulness not checked") > faithful_html.index(f'id="{absent.anchor}"')


def test_every_compared_formula_carries_its_source_tag(faithful_html):
    data = faithful_data()
    view = page(data)
    for item, raw in zip(item_views(view), items_of(data)):
        tags = SOURCE_TAG_CLASS.findall(segment(faithful_html, item.anchor))
        match = getattr(raw, "source_match", None)     # a proof conclusion has none
        assert tags == ([match] if match else []), item.anchor
    definition = faithful_html[faithful_html.index('<div class="definition">'):]
    assert SOURCE_TAG_CLASS.findall(definition.split("</div>")[0]) == ["verbatim"]
    # Verbatim and normalized are quiet: a tag, no sentence, no frame.
    quiet = [i for i, raw in zip(item_views(view), items_of(data))
             if getattr(raw, "source_match", None) in ("verbatim", "normalized")]
    assert len(quiet) == 2
    for item in quiet:
        html_of_item = segment(faithful_html, item.anchor)
        assert "drift-note" not in html_of_item and "source-drift" not in html_of_item
        assert "source-drift" not in item.css


def test_drift_is_shown_prominently(faithful_html):
    data = faithful_data()
    drifted = [i for i, raw in zip(item_views(page(data)), items_of(data))
               if getattr(raw, "source_match", None) == "drift"]
    assert len(drifted) == 2
    for item in drifted:
        html_of_item = segment(faithful_html, item.anchor)
        assert f'<div class="item verdict-proved source-drift" id="{item.anchor}"' in faithful_html
        assert ">source drift</span>" in html_of_item
        assert ('<p class="drift-note" role="note">This formula is no longer in the document: the document&#39;s '
                "line changed and the derivation did not follow. Update the derivation.</p>") in html_of_item
    # Filled red, where the quiet tags are outlined grey.
    assert re.search(r"\.source-tag\.source-drift \{[^}]*color: #fff;[^}]*background: var\(--refuted\)", faithful_html)
    assert not re.search(r"\.source-tag \{[^}]*var\(--refuted\)", faithful_html)
    # Said at the top of the page, in the contents, and on the step's mark.
    assert ('<p class="banner drift" role="status">2 formulas have drifted from the source document: '
            "look for the items marked SOURCE DRIFT.</p>") in faithful_html
    toc = faithful_html[faithful_html.index('<nav class="toc"'):faithful_html.index("</nav>")]
    assert toc.count('<span class="source-tag source-drift">source drift</span>') == 2   # mixed (a step) and moved
    assert 'class="mark mark-proved source-drift"' in toc and "Step 3 (=): proved (source drift)" in toc


def test_a_restatement_shows_the_documents_text_escaped(faithful_html):
    data = faithful_data()
    view = page(data)
    restated = view.documents[0].claims[0].steps[1]
    html_of_item = segment(faithful_html, restated.anchor)
    assert ('<details class="source-original"><summary>The document has</summary>'
            r"<code>\frac{1}{2} &lt; x &amp; &lt;b&gt;bold&lt;/b&gt; \input{x}</code></details>") in html_of_item
    assert "<b>bold" not in faithful_html
    assert not re.search(r"\\[A-Za-z]+", outside_code_and_math(faithful_html))
    # A restatement whose text left the document: shown open, beside the drift.
    moved = segment(faithful_html, view.documents[0].claims[1].statement.anchor)
    assert ('<details class="source-original" open><summary>The derivation restates (no longer in the document)'
            "</summary><code>x &lt;= y</code></details>") in moved
    # A claim the document makes in words is restated by its line's digest: never shown as the document's text.
    words = render(ReportData.from_json(_data([_document(
        [_claim("words", source_match="restated", restated_from="sha256:0123456789ab")],
        source_path="d.txt", source_summary={"restated": 1, "total": 1})])))
    assert ("<summary>The document says this in words, on the line with digest</summary>"
            "<code>sha256:0123456789ab</code>") in words
    assert "The document has" not in words


def test_the_legend_explains_the_four_source_values(faithful_html):
    from contrastive_sym.report.data import SOURCE_MATCHES
    overview = faithful_html[faithful_html.index('id="overview"'):faithful_html.index("</section>")]
    assert "Faithfulness to the source document" in overview
    for match, meaning in SOURCE_MATCHES.items():
        tag = "source drift" if match == "drift" else match
        shown = meaning.replace("'", "&#39;")
        assert f'<dt><span class="source-tag source-{match}">{tag}</span></dt><dd>{shown}</dd>' in overview
    assert "No tag: the formula was not compared" in overview


def test_without_the_source_document_nothing_is_tagged(sample_data, sample_html):
    assert sample_data.documents[0].source_summary is None
    assert all(getattr(i, "source_match", None) is None for i in items_of(sample_data))
    assert "Source document not found; faithfulness not checked" in sample_html
    assert len(SOURCE_TAG_CLASS.findall(sample_html)) == 4, "only the legend's four tags"
    assert 'class="banner drift"' not in sample_html and 'class="drift-note"' not in sample_html


def test_source_matches_of_a_real_run_reach_the_page(tmp_path, quick_config):
    """The small derivation against a document in which one step's line changed."""
    import contrastive_sym as cv
    from contrastive_sym.report.data import report_data

    lines = [                                    # one per line of the document, from line 1
        "# A small document", "",
        r"Claim: $I^K = -I + \log K$",
        r"Proof: $I^K = \log K - I$",
        "= I",                                                  # the step says = -I: drift
        "",
        r"\max\{x_1, ..., x_n\} < \log\sum_{k=1}^n \exp(x_k)",  # spaced: normalized
        "",
        r"\lim_{\tau \rarr 0^+} \tau \log(e^{1/\tau} + 1) = 1",
    ]
    (tmp_path / "small.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = cv.verify([str(ROOT / "tests" / "data" / "small_derivation.py")], config=quick_config,
                    documents_dir=str(tmp_path))
    data = report_data(run)
    assert data.documents[0].source_summary.drift == 1
    out = render(data)
    assert f"<code>{tmp_path / 'small.txt'}</code> — 3 verbatim, 1 normalized, 0 restated, 1 drift of 5 formulas." in out
    step = page(data).documents[0].claims[0].steps[1]
    assert step.source.drift and "source-drift" in step.css
    assert SOURCE_TAG_CLASS.findall(segment(out, step.anchor)) == ["drift"]
    assert "1 formula has drifted from the source document" in out


# -- what a person sees: headless Chromium -------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not on PATH: the browser tests need it "
                                                              "(apt-get install chromium)")
CHROMIUM_SECONDS = 10


def chromium(tmp_path: Path, page_html: str, *args: str) -> subprocess.CompletedProcess:
    target = tmp_path / "report.html"
    target.write_text(page_html, encoding="utf-8")
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run",
               f"--user-data-dir={tmp_path / 'profile'}", *args, target.as_uri()]
    return subprocess.run(command, capture_output=True, text=True, timeout=CHROMIUM_SECONDS, check=True)


@needs_chromium
def test_chromium_dom_has_the_verdict_rows_and_math(tmp_path, sample_data, sample_html):
    dom = chromium(tmp_path, sample_html, "--dump-dom").stdout
    assert dom.count("data-verdict=") == sample_data.summary.items
    assert dom.count("<math") >= sample_data.summary.items
    assert "<title>contrastive-verify report</title>" in dom


@needs_chromium
def test_chromium_runs_no_injected_script(tmp_path):
    dom = chromium(tmp_path, render(hostile_data()), "--dump-dom").stdout
    assert "<title>contrastive-verify report</title>" in dom
    assert "PWNED</title>" not in dom
    assert "<script" not in dom.lower()
    tags = tags_of(dom)
    assert [t for t, _ in tags].count("svg") == 1
    assert not any(k.startswith("on") for _, a in tags for k in a)


@needs_chromium
def test_chromium_csp_blocks_a_script_that_got_in(tmp_path, sample_html):
    """Defence in depth: even markup that escaped every other guard cannot run."""
    injected = sample_html.replace("</h1>", f"</h1><script>{PWN}</script><img src=x onerror=\"{PWN}\">", 1)
    dom = chromium(tmp_path, injected, "--dump-dom").stdout
    assert "<script>" in dom, "the injected script is in the page"
    assert "<title>contrastive-verify report</title>" in dom and "PWNED</title>" not in dom


@needs_chromium
def test_chromium_screenshot_is_not_blank(tmp_path, sample_html):
    import matplotlib.image

    shot = tmp_path / "report.png"
    chromium(tmp_path, sample_html, f"--screenshot={shot}", "--window-size=1200,900", "--hide-scrollbars")
    pixels = matplotlib.image.imread(str(shot))[:, :, :3]
    assert pixels.shape[:2] == (900, 1200)
    colours = {tuple(p) for p in (pixels.reshape(-1, 3) * 255).round().astype(int)[::7]}
    assert len(colours) > 50, "the page looks blank"

    def has(colour_hex):  # a badge or count painted in this verdict colour
        target = [int(colour_hex[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        return bool(((abs(pixels - target) < 0.03).all(axis=2)).sum() > 30)

    assert has("#c21f2c") and has("#116329"), "the verdict colours are not on screen"

r"""Source matching: one test per normalisation rule (equivalent spellings match, a
real edit of the math drifts), the verbatim / normalized / restated / drift rules of
``compare``, the real seed documents, and properties of ``normalize_latex``
(idempotent, total, never drops a digit or an operator)."""
from __future__ import annotations

import re

import doctest
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from contrastive_sym.latex import normalize as source_match
from contrastive_sym.latex.normalize import SourceMatch, compare, normalize_latex, read_document

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_000 = "000_8e07d957a6b6bcf4.txt"

VERBATIM, NORMALIZED, RESTATED, DRIFT = (SourceMatch.VERBATIM, SourceMatch.NORMALIZED,
                                         SourceMatch.RESTATED, SourceMatch.DRIFT)


def match(step: str, document_line: str) -> SourceMatch:
    """``step`` looked up in a one-line document."""
    return compare(step, [document_line], 1)


def seeds_dir() -> Path:
    if not SEEDS.is_dir():
        pytest.skip("the seed documents are not at ../shared/seeds")
    return SEEDS


def seed_lines(name: str = SEED_000) -> list[str]:
    return read_document(seeds_dir() / name)


def test_the_docstring_examples_hold():
    assert doctest.testmod(source_match).failed == 0


# --- one test per normalisation rule -------------------------------------------------

def test_whitespace_is_dropped_but_still_ends_a_control_word():
    document = r"\log x + \tau \cdot y"
    assert match(r"\log  x+\tau\cdot y", document) is NORMALIZED
    assert match("\\log\n\tx +\\tau\\cdot   y", document) is NORMALIZED
    assert normalize_latex(r"\log x") != normalize_latex(r"\logx")      # \logx is another command
    assert normalize_latex(r"\log 2") == normalize_latex(r"\log2")      # a digit ends the word anyway
    assert match(r"\log x - \tau \cdot y", document) is DRIFT          # sign changed


def test_spacing_commands_are_dropped():
    document = r"a\,b + c\;d - e\:f \quad g \qquad h~i \! j"
    assert match("ab+cd-efghij", document) is NORMALIZED
    assert match(r"a b + c d - e f g h i j", document) is NORMALIZED
    assert normalize_latex(r"\log\,x") == normalize_latex(r"\log x") != normalize_latex(r"\logx")
    assert match("ab+cd+efghij", document) is DRIFT                    # sign changed


def test_delimiter_sizes_are_dropped_but_not_the_delimiters():
    document = r"\log \left[ 1 + \frac{a}{b}  \right ] \bigg|_{\tau=0} + \left. x \right| + \Bigl( y \Bigr)"
    assert match(r"\log[1+\frac{a}{b}]|_{\tau=0}+x|+(y)", document) is NORMALIZED
    assert match(r"\log\big[1+\frac{a}{b}\big]\Big|_{\tau=0}+\left.x\middle|+\bigl(y\bigr)", document) is NORMALIZED
    assert match(r"\log(1+\frac{a}{b})|_{\tau=0}+x|+(y)", document) is DRIFT   # [ ] became ( )
    assert match(r"\log[1-\frac{a}{b}]|_{\tau=0}+x|+(y)", document) is DRIFT   # sign changed
    # \leftarrow is a command of its own, not \left followed by "arrow".
    assert normalize_latex(r"\theta \leftarrow \theta") == r"\theta\leftarrow\theta"


def test_right_arrows_are_one_arrow():
    document = r"\lim_{\tau \rarr 0^{+}} f(\tau)"
    for arrow in (r"\to", r"\rightarrow", r"\longrightarrow", r"\rarr"):
        assert match(rf"\lim_{{\tau {arrow} 0^+}} f(\tau)", document) in (VERBATIM, NORMALIZED)
    assert match(r"\lim_{\tau \leftarrow 0^{+}} f(\tau)", document) is DRIFT
    assert match(r"\lim_{\tau \to 0^{-}} f(\tau)", document) is DRIFT      # other side of 0


def test_relation_spellings_are_one_relation():
    document = r"a \le b \geqslant c \ne d"
    assert match(r"a\leq b\geq c\neq d", document) is NORMALIZED
    assert match(r"a\leqslant b\ge c\neq d", document) is NORMALIZED
    assert match(r"a < b\geq c\neq d", document) is DRIFT                 # \leq became <
    assert match(r"a\leq b\geq c = d", document) is DRIFT


def test_ellipses_are_one_ellipsis():
    document = r"LSE(x_1, ..., x_n) = \log(\exp(x_1) + \cdots + \exp(x_n))"
    assert match(r"LSE(x_1,\dots,x_n)=\log(\exp(x_1)+\ldots+\exp(x_n))", document) is NORMALIZED
    assert match(r"LSE(x_1,. . .,x_n)=\log(\exp(x_1)+...+\exp(x_n))", document) is NORMALIZED
    assert match(r"LSE(x_1,\dots,x_m)=\log(\exp(x_1)+\dots+\exp(x_m))", document) is DRIFT   # index changed
    assert normalize_latex("a..b") != normalize_latex(r"a\dots b")      # two dots are not an ellipsis
    # x^... is x^{.} followed by two dots to LaTeX, not x^{\dots}.
    assert normalize_latex("x^...y") != normalize_latex(r"x^{\dots}y")


def test_alignment_markers_and_math_delimiters_are_dropped():
    document = "\t$$\n\t\\begin{align}\n\t&f(x) \\\\\n\t=& g(x) + 1 \\\\ \n\t\\end{align}\n\t$$"
    lines = document.split("\n")
    assert compare("f(x) = g(x) + 1", lines, 1, len(lines)) is NORMALIZED
    assert compare("$$\\begin{aligned} f(x) &= g(x) + 1 \\end{aligned}$$", lines, 1, len(lines)) is NORMALIZED
    assert compare("f(x) = g(x) - 1", lines, 1, len(lines)) is DRIFT
    assert normalize_latex(r"\begin{equation}x\end{equation}") == r"\begin{equation}x\end{equation}"
    assert normalize_latex(r"\\ \& \$") == r"\&\$"                        # escaped & and $ are text


def test_final_punctuation_is_dropped_only_at_the_end():
    document = r"$$p(x, y) = q(x) \cdot r(y).$$"
    assert match("p(x,y)=q(x)\\cdot r(y)", document) is NORMALIZED
    assert match("p(x, y) = q(x) \\cdot r(y),", document) is NORMALIZED
    assert normalize_latex("f(x,y).") == "f(x,y)"
    assert normalize_latex("f(x.y)") != normalize_latex("f(xy)")        # a dot inside stays
    assert normalize_latex(r"a\.") == r"a\."                               # \. is an accent, not punctuation
    assert match("p(x,y)=q(x)\\cdot r(x)", document) is DRIFT


def test_scripts_of_one_character_lose_their_braces():
    document = r"\lim_{\tau \rarr 0^{+}} s_{k} e^{2} + x^{*}"
    assert match(r"\lim_{\tau\to0^+}s_k e^2+x^*", document) is NORMALIZED
    assert match(r"\lim_{\tau\to0^{-}}s_k e^2+x^*", document) is DRIFT    # exponent changed
    assert match(r"\lim_{\tau\to0^+}s_j e^2+x^*", document) is DRIFT     # index changed
    assert normalize_latex("x^{10}") != normalize_latex("x^10")           # x^10 is x^{1} 0
    assert normalize_latex("x^{1}0") == normalize_latex("x^10")
    assert normalize_latex(r"s_{i,k}") == r"s_{i,k}"                       # more than one character
    assert normalize_latex(r"x^{\alpha}") == r"x^{\alpha}"                 # a command, not a character
    assert normalize_latex(r"\frac{1}{2}") == r"\frac{1}{2}"               # only scripts


def test_mathrm_and_operatorname_stay_apart_from_text():
    # In \mathrm the "-" of NT-Xent is a minus sign and spaces vanish; in \text it is a hyphen.
    assert normalize_latex(r"\mathrm{NT-Xent}") != normalize_latex(r"\text{NT-Xent}")
    assert normalize_latex(r"\operatorname{LSE}") != normalize_latex(r"\text{LSE}")


def test_spaces_in_text_mode_are_collapsed_not_dropped():
    assert normalize_latex(r"\text{stop grad}") == normalize_latex("\\text{stop \n  grad}")
    assert normalize_latex(r"\text{stop grad}") != normalize_latex(r"\text{stopgrad}")
    assert normalize_latex(r"\text{a~b}") == normalize_latex(r"\text{a b}")
    # TeX skips the space after a control word, also in text mode.
    assert normalize_latex(r"\text{\ldots and}") != normalize_latex(r"\text{\ldots\ and}")


def test_no_other_spelling_is_identified():
    for one, other in [(r"\frac12", r"\frac{1}{2}"), ("a+b", "b+a"), (r"\not=", r"\neq"),
                       (r"\Rightarrow", r"\to"), ("x_{ij}", "x_{i,j}"), (r"\lbrace", r"\{"),
                       ("{x}", "x"), ("x'", "x^{'}"), (r"\leqq", r"\leq")]:
        assert normalize_latex(one) != normalize_latex(other), (one, other)


# --- compare -------------------------------------------------------------------------

def test_verbatim_ignores_only_the_whitespace_at_the_ends_of_lines():
    lines = ["\t$$", "\t&a = b \\\\ ", "\t=& c", "\t$$"]
    assert compare("&a = b \\\\\n=& c", lines, 2, 3) is VERBATIM
    assert compare("  &a = b \\\\   \n\t\t=& c  ", lines, 2, 3) is VERBATIM
    assert compare("a = b", lines, 2) is VERBATIM                          # a part of a line
    assert compare("a  =  b", lines, 2) is NORMALIZED                      # inner spaces differ
    assert compare("&a = b \\\\ =& c", lines, 2, 3) is NORMALIZED          # line break missing


def test_line_numbers_outside_the_document_drift():
    lines = ["x = 1", "y = 2"]
    assert compare("y = 2", lines, 2) is VERBATIM
    assert compare("x = 1", lines, 1, 2) is VERBATIM
    for first, last in [(0, None), (3, None), (-1, None), (1, 3), (2, 1)]:
        assert compare("x = 1", lines, first, last) is DRIFT, (first, last)
    assert compare("x = 1", [], 1) is DRIFT


def test_the_text_must_be_at_the_given_lines():
    lines = ["x = 1", "y = 2"]
    assert compare("x = 1", lines, 2) is DRIFT


def test_empty_or_contentless_latex_never_passes():
    lines = ["$$", "  & \\\\ ", "x = 1.", "$$"]
    for latex in ["", "   ", "\n", "$$", "&", "\\\\", ".", r"\left.", r"\quad"]:
        assert compare(latex, lines, 1, 4) is DRIFT, latex
        assert compare("x = 1", lines, 1, 4, restated_from=latex) is DRIFT, latex


def test_a_declared_restatement_is_checked_against_its_source_fragment():
    lines = [r"$$\lim_{\tau \rarr 0^+}\frac{1}{\tau}\max\{0, s\}$$"]
    step = r"\lim_{\tau\to0^+}\frac{\max\{0,s\}}{\tau}"                   # the derivation's reading
    assert match(step, lines[0]) is DRIFT
    assert compare(step, lines, 1, restated_from=r"\frac{1}{\tau}\max\{0, s\}") is RESTATED
    assert compare(step, lines, 1, restated_from=r"\frac{1}{\tau}\max\{0,s\}") is RESTATED
    assert compare(step, lines, 1, restated_from=r"\frac{1}{\tau}\max\{1, s\}") is DRIFT
    assert compare(step, lines, 2, restated_from=r"\frac{1}{\tau}") is DRIFT


def test_source_match_values_and_found():
    assert [m.value for m in SourceMatch] == ["verbatim", "normalized", "restated", "drift"]
    assert SourceMatch("drift") is DRIFT and DRIFT == "drift"
    assert [m.found for m in SourceMatch] == [True, True, True, False]


# --- read_document -------------------------------------------------------------------

def test_read_document_splits_at_line_ends_only(tmp_path):
    path = tmp_path / "doc.txt"
    path.write_bytes(b"\xef\xbb\xbfone\r\ntwo \xff\n" + "three\x0cstill three\u2028\n".encode() + b"four\n")
    assert read_document(path) == ["one", "two \ufffd", "three\x0cstill three\u2028", "four"]
    path.write_bytes(b"a\n\nb")
    assert read_document(path) == ["a", "", "b"]
    path.write_bytes(b"")
    assert read_document(path) == []


def test_read_document_raises_oserror_for_a_missing_file(tmp_path):
    with pytest.raises(OSError):
        read_document(tmp_path / "missing.txt")
    with pytest.raises(OSError):
        read_document(tmp_path)


# --- the real seed documents ---------------------------------------------------------

LINE_84_LEFT = (r"\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\} <  \tau \cdot "
                r"LSE(0, (s_{i,0}-s_{i,i})/\tau,...,(s_{i,k}-s_{i,i})/\tau))")
CHAIN_65_66 = (r"&\lim_{\tau \rarr 0^{+}}-\log \left[ \frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}"
               r"\exp(s_{i,k}/\tau)+ \exp(s_{i,i}/\tau)}  \right] \\" "\n"
               r"=& \lim_{\tau \rarr 0^+}\frac{1}{\tau}\max\{0,(s_{i,0}-s_{i,i}),...,(s_{i,k}-s_{i,i})\}")
CHAIN_65_66_REWRITTEN = (r"\lim_{\tau \to 0^+} -\log [\frac{\exp(s_{i,i}/\tau)}{\sum_{k\neq i}"
                         r"\exp(s_{i,k}/\tau) + \exp(s_{i,i}/\tau)}] = \lim_{\tau\to 0^{+}}"
                         r"\frac{1}{\tau}\max\{0,(s_{i,0}-s_{i,i}),\dots,(s_{i,k}-s_{i,i})\}")


def test_seed_000_has_its_known_lines():
    lines = seed_lines()
    assert len(lines) == 193
    assert lines[83].startswith(LINE_84_LEFT)


def test_one_side_of_a_seed_inequality_is_verbatim():
    lines = seed_lines()
    assert compare(LINE_84_LEFT, lines, 84) is VERBATIM
    assert compare(LINE_84_LEFT.replace("<", r"\leq", 1), lines, 84) is DRIFT


def test_a_seed_chain_over_two_lines_is_verbatim_as_written():
    lines = seed_lines()
    assert compare(CHAIN_65_66, lines, 65, 66) is VERBATIM
    assert compare(CHAIN_65_66, lines, 65) is DRIFT                      # half of the lines


def test_a_seed_chain_rewritten_without_left_right_and_rarr_is_normalized():
    lines = seed_lines()
    assert compare(CHAIN_65_66_REWRITTEN, lines, 65, 66) is NORMALIZED
    assert compare(CHAIN_65_66_REWRITTEN, lines, 63, 69) is NORMALIZED   # inside its display


def test_editing_a_seed_line_is_drift():
    lines = seed_lines()
    edited = list(lines)
    edited[65] = edited[65].replace(r"(s_{i,0}-s_{i,i})", r"(s_{i,0}+s_{i,i})", 1)   # line 66
    assert edited[65] != lines[65]
    assert compare(CHAIN_65_66, edited, 65, 66) is DRIFT
    assert compare(CHAIN_65_66_REWRITTEN, edited, 65, 66) is DRIFT
    assert compare(LINE_84_LEFT, edited, 84) is VERBATIM                  # other lines unaffected


def test_every_seed_document_normalises_to_a_fixed_point():
    paths = sorted(seeds_dir().glob("*.txt"))
    assert paths
    for path in paths:
        text = "\n".join(read_document(path))
        once = normalize_latex(text)
        assert normalize_latex(once) == once, path.name


# --- properties ----------------------------------------------------------------------

# Pieces that exercise every rule, so that random strings hit their interactions.
LATEX_PIECES = ["\\", "\\\\", "\\left", "\\right", "\\bigg", "\\middle", ".", "..", ",", " ", "\t", "\n",
                "{", "}", "^", "_", "a", "x", "1", "+", "-", "<", "'", "é", "\xa0", "~", "&", "$",
                "\\text", "\\mbox", "\\log", "\\dots", "\\ldots", "\\,", "\\!", "\\ ", "\\quad", "\\.",
                "\\begin", "\\end", "{align}", "{aligned}", "al", "ign", "*", "\\le", "\\rarr", "\\{"]
latex_like = st.lists(st.sampled_from(LATEX_PIECES), max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.text() | latex_like)
@example(r"\begin{al\,ign}x")            # the environment appears only once \, is gone
@example(r"..\left..")                   # an ellipsis split by a null delimiter
@example(r"x^{\,+\,}")
@example(r"\text{a. ")                   # a space left at the end of an unclosed argument
@example("\\text{\\dots\\ b}")
def test_normalize_latex_is_idempotent(text):
    once = normalize_latex(text)
    assert normalize_latex(once) == once


OPERATORS_AND_DIGITS = frozenset("0123456789+-=<>")


@settings(max_examples=300, deadline=None)
@given(st.text() | latex_like)
@example(r"\>")                          # found by a run: the spacing command, not a sign
@example(r"\\>")                         # a row break, then the sign
def test_normalize_latex_never_drops_a_digit_or_an_operator(text):
    # Whatever else is identified, a changed digit, sign or inequality changes the normal form.
    # \> is TeX's medium space, a control symbol, not the sign >: dropping it is right
    def kept(s):
        return [c for c in re.sub(r"(?<!\\)((?:\\\\)*)\\>", r"\1", s) if c in OPERATORS_AND_DIGITS]
    assert kept(normalize_latex(text)) == kept(text)


@settings(max_examples=300, deadline=None)
@given(latex=st.text() | latex_like, lines=st.lists(st.text() | latex_like, max_size=5),
       first=st.integers(-2, 7), last=st.none() | st.integers(-2, 7),
       restated_from=st.none() | st.text() | latex_like)
def test_compare_never_raises(latex, lines, first, last, restated_from):
    assert compare(latex, lines, first, last, restated_from=restated_from) in SourceMatch


def test_a_five_megabyte_string_is_normalised():
    # No timing is asserted (see tests/README.md); the scan is linear, so this completes.
    text = ("\\left[ x_{1} \\rarr {0^{+}} \\right] & \\\\ ...\\" + "{" * 10 + "\x00 \\text{a  b") * 100_000
    assert len(text) > 5_000_000
    unit = normalize_latex(text[:len(text) // 100_000])
    assert normalize_latex(text).startswith(unit[:40])

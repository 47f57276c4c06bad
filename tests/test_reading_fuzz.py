r"""Fuzzing of the constructs of real documents (issue 13, item 6): declared functions and
points, sets, distributions, expectations and the document's macros, paired bars,
multi-row definitions.

Random token strings and mutations of real formulas that use them must end in rows or in
a ParseError placed inside the formula as written (also when a macro was expanded),
without opening a file or running a program, and without a hang (hypothesis' deadline).
"""
from __future__ import annotations

from dataclasses import replace

import pytest
import sympy as sp
from hypothesis import example, given

from contrastive_sym.latex.expand import MacroDef
from contrastive_sym.latex.scope import AbstractFunction, Distribution, Family, IndexSet, form_key
from contrastive_sym.latex.translate.draws import IndexDistribution
from contrastive_sym.model.notation import BarePoint  # noqa: F401  (the points' class is importable)
from test_latex_robustness import (FUZZ, SCOPE, TOKENS, WHERE, assert_rows_well_formed, assert_well_placed,
                                   mutations_of, nothing_opened_or_run, outcome, warm)  # noqa: F401  (warm is a fixture)
from hypothesis import strategies as st

from contrastive_sym.errors import AmbiguousReading, ParseError
from contrastive_sym.latex.definitions import define_all
from contrastive_sym.latex.translate import translate_rows

d = sp.Symbol("d", integer=True, positive=True)
point_x, point_c = sp.IndexedBase("px", real=True), sp.IndexedBase("pc", real=True)
anchor = sp.Symbol("a", real=True)
f, sim = sp.Function("f", real=True), sp.Function("sim", real=True)
word = sp.Symbol("wc", integer=True)       # an index named with a script, w_c
noise_word = sp.Symbol("wt", integer=True)  # the index a noise distribution draws, \tilde{w}
READING_SCOPE = replace(
    SCOPE.bind("d", d).bind(r"\mathbf{x}", Family(point_x, (sp.Symbol("N", integer=True, positive=True),)))
    .bind("c", Family(point_c, (sp.Symbol("N", integer=True, positive=True),))).bind("a", anchor)
    .bind("f", AbstractFunction("f", f, 1, d)).bind(r"\text{sim}", AbstractFunction(r"\text{sim}", sim, 2))
    .bind("S", IndexSet("S", sp.Integer(1), sp.Symbol("n", integer=True, positive=True)))
    .bind(r"\mathcal{L}_{info+}", sp.Symbol("Linfo", real=True)).bind(r"\mathcal{L}_{mine-}", sp.Symbol("Lmine", real=True))
    .bind("p", Distribution("p", sp.Symbol("p"), (point_x, point_c), (r"\mathbf{x}", "c")))
    .bind("w_c", word).with_index_range(word, sp.Integer(1), sp.Symbol("N", integer=True, positive=True))
    # a family of indices (role index), whose entries index others: s_{q_1, 1}
    .bind("q", Family(sp.IndexedBase("q", integer=True), (sp.Symbol("N", integer=True, positive=True),),
                      values=(sp.Integer(1), sp.Symbol("n", integer=True, positive=True))))
    .bind(r"\tilde{w}", noise_word).with_index_range(noise_word, sp.Integer(1), sp.Symbol("N", integer=True, positive=True))
    .bind("Q", IndexDistribution("Q", sp.Symbol("Q"), (noise_word,), (r"\tilde{w}",), lo=sp.Integer(1),
                                 hi=sp.Symbol("N", integer=True, positive=True)))
    # the noise words \tilde{w}_1 … \tilde{w}_n, draws of the index \tilde{w} (load/index_families.py)
    .bind(form_key(r"\tilde{w}", "subscript"),
          Family(sp.IndexedBase("wdraws", integer=True), (sp.Symbol("n", integer=True, positive=True),),
                 values=(sp.Integer(1), sp.Symbol("N", integer=True, positive=True)), draws_of=r"\tilde{w}")),
    points=frozenset({point_x, point_c, anchor}),
    macros=(MacroDef(r"\E", 0, r"\mathbb{E}"), MacroDef(r"\norm", 1, r"\left\| #1 \right\|"),
            MacroDef(r"\pair", 2, r"\text{sim}(#1, #2)")))

READING_FORMULAS = (
    r"\log\big(1 + \sum_{i=1}^{N} \exp(f(\mathbf{x})^\top f(\mathbf{x}_i) - f(\mathbf{x})^\top f(a))\big)",
    r"-\log \frac{\exp(\text{sim}(a, \mathbf{x}_1) / \tau)}{\sum_{k \in S, k \neq i} \exp(\text{sim}(a, \mathbf{x}_k) / \tau)}",
    r"\frac{p(\mathbf{x}_1 | c_1)}{p(\mathbf{x}_1)} = \frac{p(\mathbf{x}_1, c_1)}{p(\mathbf{x}_1) p(c_1)}",
    r"\E_{\mathbf{x} \sim p}[\log \pair{\mathbf{x}}{a}] \leq \log \E_{\mathbf{x} \sim p} \exp(\pair{\mathbf{x}}{a})",
    r"\sum_{\mathbf{x}, c} p(\mathbf{x}, c) \log\frac{p(\mathbf{x}, c)}{p(\mathbf{x})p(c)} \geq 0",
    r"\norm{f(\mathbf{x}) - f(a)}^2_2 + \|f(a)\|^2 = |\text{sim}(a, a)| \frac{1}{|S|}",
    r"||f(a) - f(\mathbf{x}_1)||^2_2 = \norm{f(\mathbf{x}_1) - f(a)}^2",
    r"[\text{sim}(a, \mathbf{x}_1) - \text{sim}(a, \mathbf{x}_2) + t]_+ = \max(0, t)",
    # definitions by cases (conditions on indices; otherwise; the array layout)
    r"t - \begin{cases} |x_i| & i = n, \\ \frac{1}{2} & \text{otherwise}. \end{cases} = \left\{ \begin{array}{ll} "
    r"1, & \text{if } i \neq 1 \\ 0, & i = 1 \end{array} \right.",
    # derivatives by a row, by a matrix; matrices, their transposes and products; code's indexing
    r"\nabla_s \log \sum_{k=1}^{N} \exp(s_{i,k}) = \frac{1}{N} (s + s^\top) s",
    r"\frac{\partial (s_1 \cdot s_2)}{\partial s_i} = \delta_{i,1} s_2 + \delta_{i,2} s[1] - s^T s_i",
    # a word with a sign as a script; sums over i \neq j under a sum over i
    r"\mathcal{L}_{info+} + \sum_i \sum_{i \neq j} s_{i,j} = \mathcal{L}_{mine-}",
    # maxima, products, notes over relations, rows that go on, for all
    r"\max_{k \neq i} s_{i,k} \overset{(a)}{\leq} \prod_{k=1}^{N} s_{i,k} \\ \quad + \min_k s_{k,i} \quad \forall i",
    # derivatives of higher order, and written with d
    r"\frac{\partial^2 t^4}{\partial t \partial t} + \frac{\partial^2}{\partial t^2} t^3 = \frac{\mathrm{d}}{\mathrm{d}t} t^2 "
    r"+ \frac{\mathrm{d}^2 t^3}{\mathrm{d} t^2}",
    # a whole numerator differentiated (a log, a sum without parentheses); the capital sum sign
    r"\frac{\partial \log t^2 \tau}{\partial t} + \frac{\partial \sum_k \exp(x_k)}{\partial x_i} = \Sigma_{k=1}^{n} x_k",
    # a pair drawn by the one distribution of both, \pi, two indices over one range, a dot
    # product of parenthesised vectors, conditions after ';'
    r"\mathbb{E}_{(\mathbf{x}, c)}[\log p(\mathbf{x}, c)] + \pi + \sum_{i,j=1}^{n} s_{i,j} = (s_1)^\top (s_2) "
    r"+ \prod_{k=1,\dots,N; k \neq i} s_{i,k}",
    # several draws in one subscript: a point, then the entries of a family, independently
    r"\mathbb{E}_{c \sim p, \{\mathbf{x}_i\}_{i=1}^{n} \overset{\text{i.i.d.}}{\sim} p}[\log p(\mathbf{x}_1, c)] \leq 0",
    # rows of sets: membership, a written range, a difference, a set-builder, inclusion
    r"i \in S \equiv \{1 \ldots n\} = [n], \quad S \backslash\{i\} = \{k \in S : k \neq i\} \subseteq S",
    # a remark ending a row, and an approximation beside an equality
    r"s_1 + s_2 &= s_2 + s_1 & \text{(commutes)} \\ &\approx s_1 & \scriptstyle{\text{; assuming a small } }",
    # optima over parameters, in their spellings, beside a maximum over an index
    r"\min_\vartheta (\vartheta - t)^2 + \underset{u}{\arg\max} u t \leq \operatorname*{arg\,min}_{w} w^2 + \sup_k s_{1,k} "
    r"- \text{sup}_{(u; v)} u v + \inf t^2",
    # an outer product, a trace, a Frobenius norm
    r"\operatorname{tr}(s^\top s) = \|s\|_F^2 + \|s_1 s_2^\top\|_F - \|s_1\| \|s_2\|",
    # matrices written out: by entries, by rows, by the pattern around \vdots
    r"\operatorname{tr}\begin{pmatrix} t & 1 \\ 0 & t \end{pmatrix} = 2t",
    r"\begin{bmatrix} t s_1^\top \\ s_2^\top \end{bmatrix} s_2 = \begin{pmatrix} t s_1^\top s_2 \\ s_2^\top s_2 \end{pmatrix}",
    # a matrix by the pattern of its rows and of its columns, its diagonal apart (a Jacobian written out)
    r"\begin{bmatrix} s_{1,1} & \cdots & s_{1,N} \\ \vdots & \ddots & \vdots \\ s_{N,1} & \cdots & s_{N,N} \end{bmatrix} = s",
    r"\begin{bmatrix} x_1 - x_1^2 & -x_1 x_2 & \cdots & -x_1 x_n \\ -x_2 x_1 & x_2 - x_2^2 & \cdots & -x_2 x_n \\ "
    r"... & ... & ... & ... \\[0.6em] -x_n x_1 & -x_n x_2 & \cdots & x_n - x_n^2 \end{bmatrix}_{1,1} = x_1 - x_1^2",
    # indices side by side under a sum; a bracket with a mark (a brace with one is the document's own notation)
    r"\sum_{uv} s_{uv} + [t]^+ = \sum_{u,v} s_{u,v} + (t)_+",
    # the standard functions, with and without parentheses, and their powers
    r"\cos^2 t + \sin(t)^2 = \cosh(t) - \|s_1\| \|s_2\| \cos t \sinh t + \tanh t",
    # an indicator that orders two values
    r"\mathbb{1}[t > s_{1,1}] + \mathbb{1}_{t \leq s_{2,1}} = \sum_k \mathbb{1}\{s_{k,1} \geq t\}",
    # indices written by order and inequality conditions: pairs, chains, a colon, below a free index
    r"\sum_{1 \le u < v \le n} s_{u,v} + \sum_{u \neq v}^{n} s_{u,v} = \sum_{u,v : u \ne v} s_{u,v} - \sum_{k < i} s_{k,1}",
    # sums over sets combined by \setminus, \cup, \cap (an operation before a bracket), set-builders
    r"\sum_{k \in [n] \setminus \{i\}} s_{i,k} + \sum_{k \in ([n] \cap [n]) \cup \{1\}} t = \sum_{p \in \{k \in S : k \neq i\}} s_{p,1}",
    # a binomial coefficient of whole numbers, under a sum too
    r"\binom{n}{2} + \sum_{k=0}^{n} \binom{n}{k} t = \dbinom{2n}{2}",
    # Lagrange's primes on standard functions
    r"\tanh'(t) + \cos''(2t) = 1 - \tanh(t)^2 - 4\cos(2t)",
    # bars that evaluate: after a group, \left. … \right|, a derivative by the bar's name
    r"\left. t^2 + n \right|_{t=0} + (t^2 + 1)\Big|_{t=1} = \frac{\mathrm{d}}{\mathrm{d}t} t^2 \Big|_{t=n} + (s_{1,2} + t)\big|_{t=2}",
    # braces over and under terms (their labels are notes), TeX's control space at a line end,
    # a comma after a case's &
    "\\overbrace{t + n}^{a} \\ \n + \\underbrace{t}_{b} = \\begin{cases} t &, i = 1 \\\\ n &, i \\neq 1 \\end{cases}",
    # a comment to the end of its line, an empty row, a sum set small in braces
    "t % = 0 \\\\ {\n= \\frac{1}{{\\textstyle{\\sum_{k=1}^{n}}} s_{k,1}} \\\\ \\\\ + 0",
    # a plain-TeX font switch, a bbm indicator, fractions without braces, \forall in words
    r"(1.1) &= \sum_{k \mid k \neq i} s_{k,1} \\ \intertext{so} &= \lbrack \sum_{k \neq i} s_{k,1} \rbrack",
    r"t = {\rm log}\, n + \frac1n \sum_{k=1}^{n} \mathbbm{1}_{[k \neq i]} s_{k,1} + \tfrac12 \binom n2 \quad \text{for all } i",
    # a sum over an index whose name has a script
    r"\sum_{w_c \neq i} s_{w_c, 1} + \sum_{w_c \in S} \sum_{w_{c}=1}^{n} s_{w_c, i} = t",
    # sums over the entries an index set numbers, maxima over several indices, a primed index
    # beside another, the inverse functions, a row that goes on despite an event in parentheses
    r"\sum_{c_k \in S} \text{sim}(c_k, \mathbf{x}_1) + \max_{u,v} s_{u,v} - \min_{uv} s_{uv} + \sum_{v'=1}^{n} s_{1v'} = \arctan t \\ "
    r"- \arccos(\frac{1}{2}) + \arcsin(0)",
    # an entry at the value of an entry of a family of indices
    r"s_{q_1, 1} + \sum_{k \neq q_1} s_{k, q_k} = \sum_{k=1}^{n} \mathbb{1}[q_1 = k] s_{k, 1} + \sum_{k \neq q_1} s_{k, q_k}",
    # noise words named beside the index that numbers them, and one averaged by its expectation
    r"\sum_{i=1, \tilde{w}_i \sim Q}^{n} s_{\tilde{w}_i, 1} + \sum_{\substack{i=1 \\ \tilde{w}_i \sim Q}}^{n} t "
    r"= \mathbb{E}_{\tilde{w}_1 \sim Q} s_{\tilde{w}_1, 2}",
)

#: Formulas that read in two ways (each reading an edit of the text: tests below)
#: formulas refused where they are written, whose mutations must be refused or read as well
REFUSED_FORMULAS = (
    # entries a matrix does not read (an ellipsis between written entries, an empty one), a sum of nothing
    r"\begin{bmatrix} t & \cdots & \tau \\ \vdots & & \vdots \end{bmatrix} = \log \sum' t",
)

AMBIGUOUS_FORMULAS = (
    # a declared index after its sum's body: the sum takes one term, or the terms after it
    r"\frac{1}{N} \sum_{i=1}^{N} s_{i,1} - s_{i,2} + \sum_{i=1}^{N} s_{1,i} - t = \norm{s_{i,1}}",
    r"\exp\langle s_1, s_2 \rangle/\tau = t",
    # a function name before a product sign; a power right after the parentheses of a call
    r"\log t \cdot \tau + 1 = t",
    r"\exp\left(t + 1\right)^{2} = \tau",
)

READING_TOKENS = TOKENS + [
    r"\sum_{i=1, \tilde{w}_i \sim Q}^{n}", r"\tilde{w}_i", r"\tilde{w}", r"\sim Q}", r"\mathbb{E}_{\tilde{w}_1 \sim Q}",
    r"\sum_{i=1}^{N} s_{i,1} - s_{i,2}", r"- s_{i,1}", r"\\ &+", r"\norm{s_{i,1}}",
    "f(", r"f(\mathbf{x})", r"f(\mathbf{x}_i)^\top", r"\text{sim}(", "a", ", a)", r"\mathbf{x}_1",
    "c_1", "p(", r"\mid", "|", r"\vert", r"\mathbb{E}_{", r"\sim p}", r"\E", r"\E_{\mathbf{x} \sim p}",
    r"\norm{", r"\pair", r"\sum_{k \in S}", r"\sum_{k \in [N], k \neq i}", r"\sum_{\mathbf{x}, c}",
    "|S|", "]_+", "||", r"\|", "; t", "log ", "exp(", r"\cdot", r"\times", ")^{2}", r"\log(", r"\exp\left(",
    r"\right)^t", r"\sum'", r"& \dots &", "& &",
    r"\begin{cases}", r"\end{cases}", "& i = 1", r"& i \neq n", r"\text{otherwise}", r"\text{if }", ", \\quad",
    r"\left\{ \begin{array}{ll}", r"\end{array} \right.", r"\begin{dcases}",
    r"\nabla_s", r"\nabla_{s_i}", r"\frac{\partial t}{\partial s}", r"\frac{\partial t}{\partial s_i}", "s^\\top",
    "s^T", "s[1, 2]", "s[i]", " s s ", r"\sum_{k \in \llbracket 1, n \rrbracket}", r"\llbracket", r"\rrbracket",
    "_{info+}", "^{ab-}", "{cd+}", r"\sum_{i \neq j}", r"\sum_{j \neq i}", "s^{(1)}", "^{(i)}", "_k^i",
    r"\max_{k \neq i}", r"\min_k", r"\prod_{k=1}^{N}", r"\overset{(a)}{=}", r"\stackrel{x}{\leq}", r"\\ +",
    r"\\ \quad -", r"\forall i", r"\forall (i, j) \in", r", \quad \forall", r"\approx 0.5", r"\propto",
    r"\frac{\partial \log", r"\frac{\partial \sum_k", r"\Sigma_k", r"\Sigma_{k=1}^{n}", r"\Pi_i",
    r"\frac{\partial^2 t}{\partial s_1 \partial s_2}", r"\frac{\partial^2}{\partial t^2}", r"\partial^", r"\partial t",
    r"\frac{d}{dt}", r"\frac{d t}{d", r"\frac{\mathrm{d}^2}{\mathrm{d} t^2}", r"\mathrm{d}", "d^2",
    r"\max_{k \in S}", r"\min_{(i, k) \in S}", r"\max_{j : y_j = y_i}", r"\mathbb{E}_S",
    "^{(i)+}", "^{+(i)}", "^{-(1)}", r"\pi", r"\sum_{i,j=1}^{n}", r"; k \neq i}", r"\arg\max_", r"\implies",
    r"\Rightarrow", r"\mathbb{E}_{(\mathbf{x}, c)}", r"(s_1)^\top(s_2)", r"(s_1)(s_2)^\top", r"(\cdot |",
    r"\mathbb{1}[t >", r"\mathbb{1}_{s_1 \leq", r"\cos", r"\sin^2", r"\tanh(", r"\cos^{-1}", r"\cosh t", r"\sum_{ij}", r"\sum_{uvw}", r"\left\{ t \right\}_+", r"\}_+", r"\{t\}^-", "]^+",
    r"p(d = i \mid", "_{12}", r"\mathbb{E}_{c, c' \sim p}", r"\{\mathbf{x}_i\}_{i=1}^{n} \sim p", r", c \sim p}",
    r"\overset{\text{i.i.d.}}{\sim}", r"\{\mathbf{x}_i\}^n_{i=1}", r"_{\text{neg}, j}", r"s_{\text{pos}, 1}",
    r"\frac{1}{\mid S \mid}", r"\mid s_1 \mid", r"\sum_{k \in S} \ell_k =",
    # rows of sets
    r"\equiv \{1 \ldots n\}", r"S \setminus", r"\backslash\{i\}", r"\cup", r"\cap", r"\subseteq", r"\supset",
    r"\notin", r"\emptyset", r"\{k \in S : k \neq i\}", r"i \in S", "[n]", r"\{1, \ldots, n\}", r"\ni",
    # remarks ending a row, and links read but not decided
    r"& \text{by Jensen}", r"\quad \text{(1)}", r"& \scriptstyle{\text{; assuming a large M}}", r"\approx",
    r"\simeq", r", \text{(since } ",
    # paper notation: a font in a script, \mathop, a braced sign, a name used with parentheses
    r"^\mathsf{T}", r"p_\mathsf{pos}", r"\mathop{\mathbb{E}}", r"2k{-}1", r"{+}", r"\mathop{", r"\ell(1, 2)",
    r"\sum_{l \in \{1,2\}, k \in [n], k \neq i}", r"{\cdot}", r"\sum_{k \in \{1, \ldots, n\}}", r", l = 1, \dots, 2}",
    r"\min(s_1, s_2)", r"\min\{", r"\min(", r"\sum_{1 \le u < v \le n}", r"\sum_{u<v}", r"\sum_{u,v : u \ne v}",
    r"_{n \ge v > u \ge 1}", r"< v \le", r"\sum_{k < i}", r"\sum_{u \neq v}^{n}", r"\sum_{k \in [n] \setminus \{i\}}",
    r"\cap [n]", r"\setminus \{1, 2\}", r"\sum_{p \in \{k \in S : ", r"\binom{n}{2}", r"\binom{", r"\dbinom{2n}",
    r"\choose", r"n!", r"\lfloor t \rfloor", r"\tanh'(", r"\cos''(t)", r"f'(", "''(",
    r"\mathrm{KL}(t \| ", r"D_{KL}(", r"(s s^\top)_{ij}", r"[s^\top s]_{1,2}", r")_{uv}", r"\log_2 ", r"\log_{10}(",
    r"\leqslant", r"\geqq", r"\max_{1 \le k \le n}",
    r"\left.", r"\right|_{t=0}", r"\Big|_{t=1}", r"\big|_{j=i}", r"\right\vert_{", r"|_{t = 1, a = 2}",
    r"\overbrace{", r"}^{a}", r"\overbrace{t}^{\text{n}}", "\\\n", "\\\t", "&, ", "&,",
    "% ", "%\n", r"\%", r"\\ \\", r"{\textstyle{\sum_{k=1}^{n}}}", r"{\sum_{k}}", r"{\prod\limits_{k=1}^{n}}",
    # a paper's layout: stacked subscripts, \limits after a space, a final ';', a sign repeated at a
    # break, \textbf names; families counted from 0 and views written as superscripts
    r"\substack{", r"\substack{k = 1 \\ k \neq i}", r"\sum \limits_", r"\nolimits", ";", r"= &\\ & =",
    r"\le &\\", r"\textbf{x}", r"\textbf", r"s_0", r"s^{(1)}_2", r"_i^{(k)}",
    r"\mathbf{s_1}", r"\mathbf{s'}", r"\boldsymbol{s_{i}^+}", r"= \nonumber \\", r"\gets", r"s_1'", "'_1",
    "E[", "E_{", r"\text{E}", r", i = 1, \dots, n", r"\quad k=1,\ldots,n", r", i = 1, \cdots, {n}",
    r"\triangleq I_{N}(s)", r"=: \mathcal{L}", r"\eqqcolon t",
    # \sim between values, a set above an operator, a run of bold letters
    r"\sim", r"\sim t", r"\prod_{l \neq i}^{S}", r"\sum_{l}^S", r"\sum_{l=1}^{S}", r"\mathbf{xx}_1", r"\mathbf{xc}",
    # a reference to another display first, a term struck through, the mean of a constant
    r"\text{\eqref{eq:1}} &=", r"\eqref{x}", r"(\ref{a}) \le", r"\cancel{", r"\bcancel", r"\cancelto{0}{",
    r"E[\log n]", r"E\left[-\frac{1}{n}\right]",
    # a font on a Greek letter, draws under the expectation, a bilinear form, a positive part
    r"\boldsymbol{\theta}", r"\mathbf\eta", r"p_\mathsf{pos}", r"\ensuremath{", r"\underset{\mathbf{x} \sim p}{\mathbb{E}}",
    r"\underset{a}{", r"s^\top s s", r")^+", r"]^{+}", r", \quad t > 0", "*", r"a*(", r"\sim_{\text{i.i.d.}}",
    # a membership ending the display; cases on a value of a finite domain
    r"\in \mathbb{R}^n", r"\in (0, 1)", r"\in [0, \infty)", r"\in \mathbb{R}_{+}", r"\in \mathbb{S}^{n-1}",
    r"\in \left(0, \frac{1}{2}\right]", r"\in \mathbb{R}^{n \times n}", r"& t = 1", r"& t = -1", r"\in",
    r"\left\{\begin{aligned}", r"\end{aligned}\right.", r"\qquad i = 1", r"\in \{\pm 1\}", r"\in \{0, 1\}",
    # optima: the spellings of argmin, argmax, sup and inf, under \underset, with \limits
    r"\arg\min_", r"\arg\,\max", r"\operatorname*{arg\,min}_", r"\text{argmax}", r"argmin_{", r"sup_{", r"\text{sup}_",
    r"\argmax", r"\underset{u}{\arg\min}", r"\underset{\vartheta}{\min}", r"\min\limits_", r"\sup_{(u; v)}",
    r"\inf", r"\mathrm{inf}_", r"^{\text{sup}}", r"\mathop{\rm argmin}",
    r"\operatorname{tr}(", r"\text{Tr}", r"\|s\|_F", r"\|_F", r"s_1 s_2^\top", r")^\top",
    r"\begin{bmatrix}", r"\end{bmatrix}", r"\begin{pmatrix} t & 1 \\ 0 & t \end{pmatrix}", r"\vdots", r"\ddots",
    r"\begin{matrix}", r"\end{pmatrix}", r"\begin{vmatrix}", r" & ",
    # a matrix by the pattern of its rows and columns (a Jacobian written out), an event at an index
    r" & \cdots & ", r"\vdots & \ddots & \vdots", r" & ... & ", r"\\[0.6em]", r"s_1 - s_1^2", r"-s_1 s_n",
    r"p(y = i \mid x)", r"p(y = 1 \mid x)", r"\sum_i p(y = i", r"n \, p(",
    # fonts TeX sets alike, arguments and scripts without braces, \forall in words, an arrow with a limit
    r"\mathbbm{1}_{[k \neq i]}", r"\mathds{1}", r"\bm{s}", r"{\cal L}", r"{\bf s}_1", r"{\rm log}", r"{\rm", r"{\it",
    r"\frac12", r"\frac1n", r"\frac1{2n}", r"\tfrac", r"\nicefrac{1}{n}", r"\binom n2", r"\frac\tau", "^12", "_12",
    "^2.5", r"\text{for all } i", r"\text{for every}", r"\xrightarrow{t \to 0^+}",
    # labels of terms, words between rows, a bar before a sum's condition, brackets by name
    "(1) &= ", "(1.1) &=", r"(a) &\le", r"\intertext{so}", r"\intertext{if $t = 1$}", r"\shortintertext{",
    r"\sum_{k \mid k \neq i}", r"\sum_{k | ", r"\lbrack", r"\rbrack", r"\lparen", r"\mathbf{s_1}", r"_{bin\_NCE}", r"\_",
    # indices named with a script
    r"\mathbb 1_{[k \neq i]}", r"\mathbb 1", r"\mathbf 2", r"\mathbb{E}_{p(\mathbf{x}, c)}", r"\mathbb{E}_{p(c)}",
    r"\mathbb{E}_{p(\mathbf{x} \mid c)}", r"\mathbb{E}_{p\left(c\right)}", "^{*}", "t^{*}", r"p(i \mid k)", r"p(k \mid i)",
    "w_c", r"\sum_{w_c \in S}", r"\sum_{w_c \neq i}", "_{w_c}", r"\sum_{w_{c}=1}^{n}", "s_{w_c, 1}",
    # divergences, remarks right after the expression, bounds named by a quantity's letter
    r"D_{KL}(", r"D_{\mathrm{KL}}\left(", r"\mathrm{KL}(p \| q)", r"\parallel", " || ", r"\Vert",
    r"D_{KL}(p(x) \| q(x))", r"\mbox{by Jensen}", r"\mbox{", "I_{BA}", r"\tau_{ab}",
    r"D_{JS}(", r"\operatorname{J S D}(", r"\mathrm{JSD}(p \| q)", r"\cdot -", r"\times +", r"* -",
    r"I(y_i = y_j)", r"\mathbb{I}[k \neq i]", r"\mathbb{I}_{[", "I(",
    r"\sum_{\langle q_i, d_i^+ \rangle}", r"\sum_{(x_i, y_i)}", r"\sum_{\left\langle ", r"\right\rangle}",
    r"\mathbb{E}_{\mathbf{x} \sim p(\mathbf{x} \mid c)}", r"\sim p(c \mid \mathbf{x})}",
    "^{'}", r"^{\prime}", r"^\prime", r"_{w_j}^{'}", r"\prod_{-m \leq j \leq m,\ j \neq 0}", r"\prod_{1 \le j < k \le N}",
    r"\sum_{i \neq j}", r"\sum_{i,j}",
    # entries numbered by a set, several indices under a maximum, differences as names, code's
    # indexing, a primed index, braced signs, labelled terms, the inverse functions
    r"\sum_{s_k \in S}", r"\sum_{s_u \in [n]}", r"\max_{u,v}", r"\min_{uv}", r"\Delta s(", r"\Delta t",
    r"\delta", r"s[u]", r"s_{uv'}", r"s_{u'v}", r"d_{j}^{-}", r"^{-}", r"^{+}", r"\underbrace{t}_{(1)}",
    r"\underbrace{t + n}_{(2)}", r"(2) &= ", r"\arccos(", r"\arcsin t", r"\arctan(", r"\arccos^2",
    r"\\ - p(\mathbf{x}_1 | c_1)", r"(C=1|q)",
    r"s_{q_1, 1}", r"s_{1, q_i}", r"_{q_k}", r"\sum_{k \neq q_1}", r"\mathbb{1}[q_1 = k]",
    # vectors side by side, objectives over parameters, rows that say where names are drawn from
    r"f(\mathbf{x}) f(\mathbf{x}_1)", r"x x", r"x x x", r"\min_\theta", r"\min_{\tau}", r"\arg\min_{a}",
    r"t \sim \mathcal{T}, ", r"t, t' \sim p", r"a_A := f(", r"\mathbf{x}_A = ",
    # vectors entry by entry, shorthands named first, words between formulas, typed forms (this session)
    r"e^{\mathbf{s}}", r"\exp(\mathbf{s} - t)", r"\log \mathbf{s}", r"\mathbf{s} + t", r"\max(s)", r"\min(\mathbf{s})",
    r"\left[s_1, \dots, s_n\right]", r"[t, 1]", r"s_1 \dots, s_n", r"s_1, \dots s_n", r"\text{ and }", r"\text{, and }",
    r"m = \max(s) \\ ", r"\forall t > 1", r"\text{for } t \geq 0", "＋", "＝", "（", "）", r"\frac{- \partial",
    r"\frac{\partial}{t}", r"\boldsymbol{\hat s}", r"\mathbf{\tilde s}_1", r"\mathbb{KL}(", r"\prod_{u,v}",
    r"q(\mathbf{s};t)", r"\mathrm{softmax}(\mathbf{s};t)", r"\mathcal{L}(t)", r"\int_{\mathbf{x}}", r"\mathrm{d}x",
    # differentials applied to directions (d is a size here: each is refused or a product), rows of cases in braces
    r"\mathrm{d}(x \mapsto ", r")(x) \cdot ", r"\mathrm{d}_x ", r"\mathrm{d}_t f(t) \cdot ", r"d\mathcal{L}(t) \cdot (",
    r"{t, \quad i = 1}", r"{n, \quad",
    # a "for all" written first, operators refused by name, words between formulas, a direction's label
    r"\forall t \in \mathbb{R}, \; ", r"\forall i \neq j: ", r"\forall t > 1, \quad ", r"\forall i, j, \; ", r"\forall i:",
    r"\pm", r"\mp 1", r"\circ", r"\oplus", r"\det(", r"\star", r"\text{ or }", r"^{1 \to 2}", r"_{I \rightarrow T}",
    # a definition's superscript index at a value, a brace around a system, an index with only a
    # condition after another's range, an exponential before a quotient twice (DCL's Proposition 1)
    r"F_i^{(k)} = t \\ ", r"F_i^{(1)}", r"F_i^{(l)}", r"F^{(2)}_i", r"^{(k)}", r"\left\{\begin{array}{l} ",
    r"\end{array} \right.", r"\\[8pt] ", r"\tag{3}", r"\sum_{l \in \{1,2\},\; j \neq i}", r"\exp\langle t, n \rangle/t",
]

reading_tokens = st.lists(st.sampled_from(READING_TOKENS), max_size=40).map("".join)


def mutated_reading_formulas():
    return mutations_of(READING_FORMULAS + AMBIGUOUS_FORMULAS + REFUSED_FORMULAS)


def check_translate(text: str) -> None:
    with nothing_opened_or_run() as record:
        result = outcome(translate_rows, text, READING_SCOPE, WHERE)
    assert record.refused == []
    if isinstance(result, ParseError):
        assert_well_placed(result, text, WHERE)
        if isinstance(result, AmbiguousReading) and result.readings:
            check_each_reading(result, text)
    else:
        assert_rows_well_formed(result)


def check_each_reading(error: AmbiguousReading, text: str) -> None:
    """Each reading of a formula that reads in two ways is an edit of its text as written, which
    ends in rows or a placed error of its own."""
    assert error.text == text
    for start, end, replacement, shown in error.readings:
        assert 0 <= start <= end <= len(text) and isinstance(shown, str) and shown
        edited = text[:start] + replacement + text[end:]
        with nothing_opened_or_run() as record:
            result = outcome(translate_rows, edited, READING_SCOPE, WHERE)
        assert record.refused == []
        if isinstance(result, ParseError):
            assert_well_placed(result, edited, WHERE)
        else:
            assert_rows_well_formed(result)


def test_the_ambiguous_formulas_read_in_each_way(warm):
    for formula in AMBIGUOUS_FORMULAS:
        error = outcome(translate_rows, formula, READING_SCOPE, WHERE)
        assert isinstance(error, AmbiguousReading) and len(error.readings) == 2, error
        check_each_reading(error, formula)


def check_define(text: str) -> None:
    """A defining display ends in its definitions or a ParseError placed in it."""
    with nothing_opened_or_run() as record:
        result = outcome(define_all, text, READING_SCOPE, WHERE, 3)
    assert record.refused == []
    if isinstance(result, ParseError):
        assert_well_placed(result, text, WHERE)
    else:
        assert all(isinstance(macro.key, str) for macro in result.macros)


@FUZZ
@given(st.sampled_from(["F = ", "a_A := ", r"\mathbf{x}_A = t(", "F_1 = t, F_2 = "]), reading_tokens)
@example("F = ", r"\text{log\_softmax}\text{log\_softmax}")    # two functions of a vector, unapplied: refused
@example("F = ", r"\qquad i = 1")                                  # a wide space after a relation: one formula
@example("F_1 = t, F_2 = ", r"\text{log\_softmax}")                # a function of a vector alone: refused
@example("F = ", r"{\textstyle{\sum_{k=1}^{n}}}\qquad i = 1")     # a wide space after an operator: one formula
@example("F = ", r"\text{log\_softmax}^{+(i)}")                     # a power of a function of a vector
def test_a_defining_display_ends_in_definitions_or_a_placed_error(warm, head, text):
    check_define(head + text)


def test_the_reading_formulas_translate(warm):
    for formula in READING_FORMULAS:
        assert_rows_well_formed(translate_rows(formula, READING_SCOPE))


def test_the_refused_formulas_are_refused_where_they_are_written(warm):
    for formula in REFUSED_FORMULAS:
        error = outcome(translate_rows, formula, READING_SCOPE, WHERE)
        assert isinstance(error, ParseError) and not isinstance(error, AmbiguousReading), error
        assert_well_placed(error, formula, WHERE)


@FUZZ
@given(reading_tokens)
def test_translation_of_reading_tokens_ends_in_rows_or_a_placed_error(warm, text):
    check_translate(text)


@FUZZ
@given(mutated_reading_formulas())
def test_translation_of_mutated_reading_formulas_ends_in_rows_or_a_placed_error(warm, text):
    check_translate(text)


@pytest.mark.parametrize("text", [
    # found by longer runs of the reading fuzz: an error placed where the construct it names
    # is not written (a comma of the display's end blanked; an error inside a macro's expansion)
    r"\sum_{k \in S}s^{(1)}\displaystyle\text{sim}(\llbracket\}\vert,$|",
    r"f(\mathbf{x}_i)^\top|S|,$\Vert\max_{k \in S}d^2|\mathbb{E}_{\llbracket\right.\nabla_{s_i}|x",
    r"s^{(1)}\norm{\left\{ \begin{array}{ll}\left.\neq\pair{cd+}\pair\sim p}",
    # log written in letters of an outer product (a SymPy error, not a message)
    r"log (s_1)(s_2)^\top",
    # an optimum under \underset is read in its place: the error shows \underset, as written
    r"\frac\underset{\vartheta}{\min}",
    # a brace and a font switch trade places, a bracket by name is read as the bracket: shown as written
    r"{\it{\cal L}", r"\rbrack",
    # a tuple of points as a factor (a SymPy error, not a message)
    r"(\mathbf{x}, c) \log\frac{p(\mathbf{x}, c)}{p(\mathbf{x})p(c)} \geq 0",
    # a prime written as a superscript with nothing before it: shown as written, not as the ' read
    "^{'}",
    # a \quad after "for all i" read as the comma between quantified names: shown as written
    r"F = \text{for all } i\quad i = j",
    # the Kronecker delta of a row (a SymPy error, not a message)
    r"\delta_{i, s_i} = 1",
    # bars that pair in two ways inside a macro's argument: placed at the macro's use, as written
    r"\norm{orm{f(\mathbf{x}) - f(a)}^2_2 + \|f(a)\|^2 = |\text{sim}(a, a)| \f|S|}",
])
def test_what_longer_runs_found_is_placed_where_it_is_written(warm, text):
    check_translate(text)


@pytest.mark.parametrize("text", [
    # found by the fuzzing of defining displays: an error at a := read as = quoted the = (not written)
    r"F = \coloneqq", r"F = x_1\coloneqq\le &\\", r"F = x_1\coloneqq\mathbb 1_{[k \neq i]}",
])
def test_an_error_at_a_definitional_relation_is_placed_where_it_is_written(warm, text):
    check_define(text)
    error = outcome(define_all, text, READING_SCOPE, WHERE, 3)
    assert isinstance(error, ParseError) and error.construct == r"\coloneqq"


@pytest.mark.parametrize("text", [r"x_1/\log\E", r"x_1/\E x_1", r"\E x_1 / x_1 x_1"])
def test_a_quotient_read_both_ways_is_edited_in_the_text_as_written(warm, text):
    # found by the fuzz (seed 1 at 3000 examples): the readings of a/b c were edits of the text
    # with the document's macro \E expanded, not of the text as written
    check_translate(text)


def test_an_error_in_a_definition_quotes_a_relation_rewritten_for_reading_as_written(warm):
    # found by the fuzz (seed 3 at 3000 examples): \equiv read as = was quoted as the = it was read as
    check_define('F = \\\\ &+{x_1\\equiv \\{1 \\ldots n\\}}')

"""Why a name has no meaning, in the user's notation: a construct the grammar does not
read (\\sqrt[n]{…}, \\propto …), the index of a sum that ended before it, an operator
written in letters (sup, argmax, \\arg\\max), or a name not declared."""
from __future__ import annotations

import re

from ..unsupported import unsupported


def undeclared(text: str, key: str, start: int | None, closed: list[str], around: tuple = (),
               later: tuple | None = None, entries: tuple = ()) -> str:
    """The message for ``key`` written at ``start`` of ``text``; ``closed`` are the indices
    of the sums whose bodies end before it, ``around`` those of the sums it is inside,
    ``later`` the lines of the definitions of ``key``, all after this formula, when several;
    ``entries`` the definitions of its entries (``\\sigma_j`` of ``\\sigma(\\mathbf{z})_j = …``)."""
    found = unsupported(text, start) if start is not None else None
    if found:
        return found
    if key.strip(" ,.").lower() in ("if", "for", "when", "for all"):
        # "… \quad \text{if } s_{ii} \ge s_{ij}": a condition the reader does not take from the text
        return (f"the condition after the word '{key.strip()}' is not read from the formula: a condition written "
                "after a statement is read when it tells two indices apart (\\quad \\text{for } j \\neq i) or "
                "bounds one value (\\text{if } t > 1); state this one in the claim's given (given = ['…'])")
    if key.strip(" ,.").lower() in _WORDS:
        # \text{ or } between two formulas: a sentence's word where a value is read, not a name to declare
        return (f"the word '{key.strip()}' inside a formula is not read here: words are read where they mark a "
                "condition after a statement (\\quad \\text{for } j \\neq i, \\text{if } …) or definitions after "
                "it, past a comma or on a row of their own (…, \\text{where } p_i = …); two formulas joined by words are two statements: write each in a "
                "row or display of its own, or restate the line with restated_from")
    if start is not None and re.search(r"\\nabla\s*_\s*\{?\s*$", text[:start]):
        # \nabla_\theta \mathcal{L} with θ the model's parameters, which no formula writes out
        return (f"'{key}' is not declared: a gradient by a model's parameters (\\nabla_{{{key}}} s(q, k), the "
                "parameters acting through scores or embeddings) is read with it a [[scalar]] and a path "
                f"(parameter = '{key}', moves = the function or family it acts through, along = a direction of "
                "the same kind); a gradient by a declared vector is written \\nabla_{z_i}")
    if start is not None and _BY_PARTIAL.search(text[max(0, start - 400):start]):
        # \frac{\partial \mathcal{L}}{\partial W}: the variable a derivative is taken by, never declared
        return (f"'{key}' is not declared: what a derivative is taken by is a declared scalar, vector or family "
                f"(\\frac{{\\partial L}}{{\\partial z_i}}), or a model's parameters read through a path "
                f"(parameter = '{key}', a [[scalar]]; moves = the function or family it acts through; along = a "
                "direction of the same kind)")
    if entries:
        return (f"'{key}' alone is not defined: the document defines its entries ({', '.join(entries)}); a "
                "statement of the whole vector is written entry by entry")
    # z_{t+k}^\top: the name not declared is the one transposed
    key = re.sub(r"\^(?:\{\s*(?:\\top|\\intercal|\\mathsf\{T\}|T)\s*\}|\\top|\\intercal|T)$", "", key) or key
    if later:
        return (f"'{key}' is defined more than once, each time after this line (lines "
                f"{', '.join(map(str, later))}): which definition is meant here is not written")
    if key in ("\\cdot", "\\bullet", "\\cdotp"):
        # p(\cdot \mid c), f(\cdot): a placeholder for any point, read where a draw names the point
        return (f"'{key}' stands for an argument (a placeholder), which is read only in a draw that names the "
                f"point, x \\sim p({key} \\mid c), one per point drawn: write the point, p(x \\mid c)")
    if key == "\\partial":
        # \frac{J(v_c, U)}{\partial U}: the numerator's \partial left out (a typo the reader cannot mend)
        return ("'\\partial' where a value is read: a derivative writes \\partial above and below, "
                "\\frac{\\partial J}{\\partial U} (the inline \\partial J / \\partial U is not read yet); a \\partial in the denominator "
                "alone, or anywhere else, is not read")
    if key in ("\\sum", "\\prod") and start is not None and re.search(r"(?:/|\\frac\s*\{.*\}\s*\{)\s*$", text[:start]):
        # \frac{a}{\sum^2}, or a / \sum_k followed by no one factor (a / \sum_k b_k reads: fractions.py)
        return (f"'{key}' has no body where it stands (after '/' a sum takes one factor, a / {key}_k b_k; in a "
                f"denominator, what follows it in the braces): write \\frac{{a}}{{{key}_k b_k}} or a / ({key}_k b_k)")
    if key in closed:
        # \sum_{j=1}^N e^{a_j} + e^{b_j}: the sum takes one term, so j is free after the +
        return (f"'{key}' is not declared: it is the index of a sum whose body ends before this "
                "term (a sum takes one term); put the terms it sums in parentheses")
    words = re.match(r"(sup|inf|arg\s*min|arg\s*max|argmin|argmax)(?![a-zA-Z])", key)
    command = re.match(r"\\arg\s*\\(max|min)", text[start:]) if key == "\\arg" and start is not None else None
    if words or command:
        # sup_{…} and argmax_{…} in letters, \arg\max_θ: what to maximise, not a value
        word = "arg" + command.group(1) if command else words.group(1).replace(" ", "")
        how = f"'{command.group(0)}'" if command else f"'{word}' written in letters ('{key}')"
        return (f"{how} is not read: a{'n' if word[0] in 'aeiou' else ''} {word} over a set or parameters has "
                "no value the checker computes")
    if key == "\\sigma" and start is not None and re.match(r"\\sigma\s*(\\left\s*)?\(", text[start:]):
        # σ(·) undeclared: most documents mean the logistic function, which is declared so
        return ("'\\sigma' is not declared: if it is the logistic function 1/(1 + e^{-x}), declare it as an "
                "[[operator]] with meaning = \"logistic\"; a scale or a standard deviation is a [[scalar]]")
    if re.sub(r"\\(text|mathrm|operatorname|mathbf)\{(\w+)\}", r"\2", key) in ("CE", "Var", "Cov", "diag"):
        return _named_but_not_builtin(key, re.sub(r"\\(text|mathrm|operatorname|mathbf)\{(\w+)\}", r"\2", key))
    if re.sub(r"\\(text|mathrm|operatorname)\{(\w+)\}", r"\2", key) == "sim":
        # \operatorname{sim}(u, v): papers define it, most often as the cosine similarity
        return (f"'{key}' is not declared: define it as the document does, for the cosine similarity "
                "\\mathrm{sim}(u, v) = \\frac{u^\\top v}{\\|u\\| \\|v\\|}, before the formulas that use it")
    if around and re.fullmatch(r"[a-z]", key):
        # \sum_i … h_j: one letter written for another, the slip this most often is
        shown = " and ".join(around)
        return (f"'{key}' is not declared, and no sum around it binds it (the sum{'s' * (len(around) > 1)} "
                f"around it run{'s' * (len(around) == 1)} over {shown}: is an index written differently?)")
    if re.fullmatch(r"[a-z]", key) and start is not None and re.search(r"_\s*(?:\{[^{}]*)?$", text[:start]):
        # w_j with j free: an index the statement is about, which the notation must give a range
        return (f"'{key}' is not declared: an index written free in a statement (w_{key}) is declared as an "
                f"[[index]] with its range (name = '{key}', from = 1, to = 'N'); the statement then holds "
                "for each of its values")
    if re.fullmatch(r"[a-z]|\\(alpha|beta|gamma|delta|epsilon|varepsilon|eta|theta|kappa|lambda|mu|nu|xi|rho|"
                    r"tau|phi|varphi|chi|psi|omega)", key):
        # \sigma(-x) = 1 - \sigma(x): a variable the statement holds for every value of
        if start is not None and re.match(re.escape(key) + r"\s*(\\left\s*)?\(", text[start:]):
            # p(w_i | w_I): a function or a density, which a definition or a declaration gives
            return (f"'{key}' is not declared (declare it: a function as a [[function]], a density as a "
                    "[[distribution]], or define it)")
        return (f"'{key}' is not declared (declare it: a real variable as a [[scalar]], a vector as a "
                f"[[family]] with shape = ['d'])")
    return f"'{key}' is not declared"    # quoted as written: a repr would double each backslash



#: the denominator of a derivative's fraction up to its variable: \frac{\partial L}{\partial
_BY_PARTIAL = re.compile(r"\\[dt]?frac\s*\{\s*-?\s*\\partial(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}\s*\{\s*"
                         r"\\partial\s*\{?\s*$")
#: words of a sentence written in a formula (\text{ or }, \mathrm{where}): never names a document declares
_WORDS = frozenset({"or", "and", "where", "if", "for", "with", "when", "then", "since", "otherwise", "s.t.",
                    "such that", "i.e.", "e.g.", "so", "thus", "hence", "else", "for all", "and so", "whence"})


_FONTS = ("mathbf", "boldsymbol", "bm", "mathbfit", "vec", "mathit", "mathrm", "mathsf", "bf", "mathcal")
#: a one-letter (or one-command) name in a font, then its scripts: \boldsymbol{z}_i
_IN_FONT = re.compile(r"\\(?:" + "|".join(_FONTS) + r")\s*\{\s*(\\?[A-Za-z]+)\s*\}")
_PLAIN = re.compile(r"\\?[A-Za-z]+")
#: a transpose written last, which the name's declaration does not write
_TRANSPOSED = re.compile(r"\^\s*\{?\s*(?:\\top|\\intercal|\\mathsf\{T\}|T)\s*\}?$")


def font_twin(key: str, lookup) -> str:
    r"""`` (z is declared: …)`` when ``key`` (``\boldsymbol{z}_i``, ``\mathbf{z}_t^\top``) is a declared
    name in another font or without one (``lookup`` of a name: its meaning or None); "" otherwise.
    TeX sets them apart, and so do documents (x a number, \mathbf{x} a vector), so they stay two names."""
    key = _TRANSPOSED.sub("", key)
    found = _IN_FONT.match(key)
    if found is not None:
        others = [found.group(1) + key[found.end():]]
    else:
        letter = _PLAIN.match(key)
        if letter is None:
            return ""
        others = [f"\\{font}{{{letter.group()}}}" + rest for rest in dict.fromkeys((key[letter.end():], ""))
                  for font in _FONTS]
    for other in others:
        if other != key and lookup(other) is not None:
            return (f" ({other} is declared: a name in another font is another name; write it as declared, "
                    "or declare it as written)")
    if found is not None and key[found.end():] and lookup(found.group(1)) is not None:
        return (f" ({found.group(1)} is declared: a name in another font is another name; write it as declared, "
                "or declare it as written)")
    # \ell(\theta) beside a definition of l(\theta): TeX sets the two letters apart, and so does the reader
    script = re.match(r"\\ell(?![a-zA-Z])|l(?![a-zA-Z])", key)
    if script is not None:
        other = ("l" if script.group().startswith("\\") else "\\ell") + key[script.end():]
        if lookup(other) is not None:
            return (f" ({other} is declared: \\ell and l are two letters; write it as declared, or declare it "
                    "as written)")
    return ""


#: the name a subscript is written after, up to the subscript's opening: p_{, \mathcal{L}_
_SCRIPTED_NAME = re.compile(r"(\\?[A-Za-z]+(?:\{\\?[A-Za-z]+\})?)\s*_\s*\{?\s*$")


def key_shown(key: str) -> str:
    r"""A name's key as TeX would read it back: a subscript that runs a control word into a letter
    (``f_\logZ``, the key of ``f_{\log Z}``) braced and spaced, ``f_{\log Z}``."""
    return re.sub(r"_(\\(?:log|ln|exp|max|min|alpha|beta|gamma|mu|sigma|tau|theta))([A-Za-z0-9][^\s{}^_]*)",
                  r"_{\1 \2}", key)


def case_twin(text: str, key: str, start: int | None, lookup) -> tuple[str, str] | None:
    r"""(the name as written, `` (p_{G} is declared: …)``) when ``key`` is a letter written as the subscript
    of a name (``p_{g}``) whose subscript in the other case is declared (``p_{G}``); None otherwise.  A
    letter's case makes another name (TeX sets them apart, and so do documents: p_G and p_g), so the use
    is not read as the declared one; the message names it, the likelier slip than an index left free."""
    whole = re.fullmatch(r"(\\?[A-Za-z]+(?:\{\\?[A-Za-z]+\})?)\s*_\s*\{?\s*([A-Za-z])\s*\}?", key)
    before = _SCRIPTED_NAME.search(text[:start]) if start is not None and re.fullmatch(r"[A-Za-z]", key) else None
    if whole is None and before is None:
        return None
    name, letter = whole.groups() if whole is not None else (before.group(1), key)
    other = f"{name}_{{{letter.swapcase()}}}"
    if lookup(other) is None:
        return None
    return (f"{name}_{{{letter}}}", f" ({other} is declared: a letter in the other case is another name; "
            "write it as declared, or declare it as written)")


#: an accented letter, \hat{y}: its bold vector is \hat{\mathbf{y}} (or \mathbf{\hat{y}}, one name)
_ACCENTED = re.compile(r"(\\(?:hat|tilde|bar|widehat|widetilde|overline|check|breve|dot|ddot))\{(\\?[A-Za-z]+)\}")
#: the fonts of a vector whose components a document writes in italic: \mathbf{z} and z_j
_BOLD = ("mathbf", "boldsymbol", "bm", "mathbfit", "vec")


def bold_vector_of(key: str, lookup, scripted: str = "") -> str | None:
    r"""The key of the one declared vector or matrix (a family) ``\mathbf{z}``, ``\mathbf{A}`` (or
    ``\boldsymbol{z}``, ``\bm{z}``, ``\vec{z}``) whose letter is ``key``, a plain letter the notation
    does not declare: its entries written in italic, ``z_j``, ``A_{ij}``, are that family's (the
    convention of bold vectors and matrices and italic components); None when there is none, or
    several, and when the name with its script, ``scripted`` (``z_m``), is defined: that definition is
    what the use names.  A family of several dimensions only where ``scripted`` writes an index for
    each (``A_{ij}``: an entry; ``x_1`` beside rows \mathbf{x}_i may be a component of another x)."""
    accented = _ACCENTED.fullmatch(key)        # \hat{y}_i beside \hat{\mathbf{y}}: the accent outside the font
    letter = accented.group(2) if accented else key
    if _PLAIN.fullmatch(letter) is None or lookup(key) is not None or scripted and lookup(scripted) is not None:
        return None
    spelled = (lambda bold: f"{accented.group(1)}{{{bold}}}") if accented else (lambda bold: bold)
    found = {}          # one vector however its font is spelled (\bm is \boldsymbol): by what it is
    for name in (spelled(f"\\{font}{{{letter}}}") for font in _BOLD):
        if _is_family(meaning := lookup(name), scripted[len(key):]):
            found.setdefault(id(meaning), name)
    return next(iter(found.values())) if len(found) == 1 else None


def _is_family(meaning, script: str) -> bool:
    """A vector, declared or given entry by entry (``equals`` of one index, y_m = 𝟙[m = k]), or a
    family of several dimensions whose subscript ``script`` writes one index per dimension."""
    from ..scope import Family, Macro      # the scope imports the translator's helpers
    if isinstance(meaning, Family) and len(meaning.shape) > 1:
        inner = script.removeprefix("_")
        inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
        written = inner.count(",") + 1 if "," in inner else len(re.findall(r"\\[A-Za-z]+|[A-Za-z]|[0-9]+", inner))
        return script.startswith("_") and written == len(meaning.shape)
    return isinstance(meaning, Family) and len(meaning.shape) == 1 or \
        isinstance(meaning, Macro) and len(meaning.index_params) == 1 and not meaning.called


def entries_defined(key: str, scope) -> tuple:
    """The definitions of the entries of ``key`` (``\\sigma_j``, ``\\sigma_{j}``) the scope holds."""
    from ..scope import Macro
    entry = re.compile(re.escape(key) + r"_(?:\{[^{}]*\}|\\?[A-Za-z0-9]+)")
    return tuple(sorted(k for k, meaning in scope.names.items() if isinstance(meaning, Macro) and entry.fullmatch(k)))



def _named_but_not_builtin(key: str, word: str) -> str:
    r"""Why a standard name the reader does not take as a builtin is undeclared: what it would mean, and
    what is not settled by the name alone."""
    why = {"CE": ("the cross entropy: documents write CE(p, q) = -\\sum_k p_k \\log q_k with the target first, "
                  "and code writes the prediction first; define it as the document does"),
           "Var": ("a variance, of a random point's function under a distribution the formula does not write; write "
                   "the expectation, \\mathbb{E}_{x \\sim p}[(f(x) - \\mathbb{E}_{x \\sim p}[f(x)])^2], or define it"),
           "Cov": ("a covariance, of random points under a distribution the formula does not write; write the "
                   "expectation, or define it"),
           "diag": "\\mathrm{diag}(p), the square matrix with the vector p on its diagonal, is read in roman type"}
    return f"'{key}' is not declared: {why[word]}"

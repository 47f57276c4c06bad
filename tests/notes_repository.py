"""The small repository of notes the adoption tests make (test_adoption, test_pre_commit_hook,
test_pytest_plugin): a Markdown note with the header, a TOML derivation with an expected refutation, and
the README's pre-commit config, as written."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: a TOML derivation: a true claim and a refutation it expects
DERIVATION = """id = "basics"
title = "basics"
source = "basics.md"

[[scalar]]
name = 'x'

[[claim]]
id = "square"
line = 3
title = "a square is not negative"
latex = 'x^2 \\geq 0'

[[claim]]
id = "binomial"
line = 5
title = "the square of a sum, a term dropped"
expect = "refuted"
latex = '(x + 1)^2 = x^2 + 1'
"""

#: a Markdown note with the header and one true claim (line 14); MISTAKE makes it false
NOTE = """# A note

<!-- contrastive-verify
id = "note"
title = "a note"

[[scalar]]
name = 'y'
domain = "positive"
-->

<!-- claim: id = "log-of-a-product" -->
$$
\\log(2y) = \\log 2 + \\log y
$$
"""
MISTAKE = ("\\log 2 + \\log y", "2 \\log y")

README = "# Notes\n\nNothing to check here.\n"


def readme_config() -> str:
    """The .pre-commit-config.yaml the README shows, as written."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split("<!-- pre-commit-config -->\n```yaml\n", 1)[1].split("```", 1)[0]

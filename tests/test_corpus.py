"""The corpus of real documents (``tests/corpus/``): the reader's test on documents it was
not tuned to.  What each document's displays read as is measured by
``tests/corpus_read.py``; the README's table is that measurement, kept current here."""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from corpus_read import CORPUS, read_corpus, read_document, table  # noqa: E402

README = Path(__file__).parent.parent / "README.md"
DOCUMENTS = sorted(CORPUS.glob("*.toml"))


@pytest.fixture(scope="module")
def readings():
    return read_corpus()


def test_the_corpus_holds_real_documents_with_their_sources():
    assert len(DOCUMENTS) >= 1
    for path in DOCUMENTS:
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
        about = spec["corpus"]
        assert re.match(r"https?://", about["url"]), path
        assert about["revision"] and about["kind"] in ("paper", "blog", "notes", "library"), path
        assert spec.get("display") or spec.get("define"), path
        for entry in [*spec.get("display", []), *spec.get("define", [])]:
            assert isinstance(entry["line"], int) and entry["line"] >= 1, (path, entry)


def test_every_notation_reads_and_no_display_crashes_the_reader(readings):
    assert [r.slug for r in readings if r.error] == []
    crashes = [(r.slug, f.line, f.message) for r in readings for f in r.refused
               if f.message.startswith("internal error")]
    assert crashes == []


def test_the_readme_reports_the_corpus_as_it_reads_today(readings):
    """After the reader learns a construct, paste ``python3 tests/corpus_read.py``'s table
    into the README."""
    assert table(readings) in README.read_text(encoding="utf-8")


CONTINUED = r"""id = "c"
title = "c"
source = "c.md"

[corpus]
url = "https://example.org/c.md"
revision = "0"
kind = "blog"

[[scalar]]
name = 'a'
domain = "positive"

[[display]]
line = 3
latex = 'a^2 \log a = a \cdot a \log a'

[[display]]
line = 5
latex = '''
= \log a^{a^2}'''

[[display]]
line = 7
latex = '''
\leq a'''

[[display]]
line = 9
latex = '= a^3'
"""


def test_a_display_that_opens_with_a_relation_continues_the_one_before_it(tmp_path):
    # posts whose MathJax cannot break a display write a chain over several, each opening with
    # its relation: read as a Markdown step annotation reads it, one chain with the one above
    path = tmp_path / "c.toml"
    path.write_text(CONTINUED)
    reading = read_document(path)
    assert reading.read == 4 and reading.refused == []
    # one claim, the chain of four displays: its ≤ fails (a² log a > a for large a)
    assert reading.verdicts == {"refuted": 1}
    assert [finding.line for finding in reading.findings] == [3]


INLINE = r"""id = "i"
title = "i"
source = "i.md"

[corpus]
url = "https://example.org/i.md"
revision = "0"
kind = "blog"

[[scalar]]
name = 'a'
domain = "positive"

[[inline]]
name = 'b'
line = 2
latex = 'b = 2 a'

[[inline]]
name = 'c'
line = 2
latex = 'c = q'

[[display]]
line = 4
latex = 'b - a = a'
"""


def test_a_definition_written_inline_serves_the_displays_and_is_not_counted(tmp_path):
    path = tmp_path / "i.toml"
    path.write_text(INLINE, encoding="utf-8")
    reading = read_document(path)
    assert (reading.displays, reading.read) == (1, 1)
    assert reading.verdicts == {"proved": 1}
    # the inline definition that does not read is listed, marked, and not counted
    (refused,) = reading.refused
    assert refused.message.startswith("(a definition written inline, not counted) ") and "'q' is not declared" in \
        refused.message

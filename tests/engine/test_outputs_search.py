"""The needle-line search must find exactly what a whole-text regex search finds.

``logscan.search`` tries a line-local row only on the lines holding one of its needles. These
tests hold it to the plain answer (``needle in text and regex.search(text)``) for every row of
every category, over the reference runner outputs, this file's own logs, and texts built to
trip it: needles on lines that do not match, more needle lines than ``LINE_TRIES``, a match on a
last line without a newline, near-misses split over two lines.
"""

import glob
import os
import re

import pytest

from stalegreen.engine import logscan, outputs
from stalegreen.engine.catalog import formats
from tests.conftest import SHARED_DATA


def _rows():
    rows = set()
    for category in list(formats.SIGNALS) + ["test"]:
        for sid, _kind, _family, pattern in outputs._table(category):
            rows.add((pattern, outputs._row_needles(sid, pattern)))
        for pattern, _build, row_needles in outputs._count_rows(category):
            if pattern not in outputs._SUMMED:
                rows.add((pattern, row_needles))
    return sorted(rows, key=lambda row: row[0])


ROWS = _rows()


def _plain(pattern, row_needles, text):
    if not logscan.may_match(row_needles, text):
        return None
    return logscan.regex(pattern).search(text)


def _same(pattern, row_needles, text):
    want, got = _plain(pattern, row_needles, text), logscan.search(pattern, row_needles, text)
    assert (want is None) == (got is None), (pattern, text[:200])
    if want is not None:
        assert (want.span(), want.groups()) == (got.span(), got.groups()), pattern


def _reference_outputs():
    folder = os.path.join(SHARED_DATA, "runner-output", "fixtures")
    texts = []
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))):
        with open(path, encoding="utf-8", errors="replace", newline="") as fh:
            texts.append(outputs.clean(fh.read()))
    return texts


HOME_MADE = [
    "ok  \texample.com/pkg\t0.01s\nFAIL\texample.com/other [build failed]\nFAIL\n",
    "Finished in 0.2 seconds\n3 examples, 1 failure\n\nFailed examples:\nrspec ./spec/a_spec.rb:4\n",
    "....\n\nFinished in 0.1 seconds (0.1s async, 0.0s sync)\n2 doctests, 14 tests, 0 failures\n",
    "  12 passing (40ms)\n  2 failing\n\n  1) suite\n       fails:\n     Error: boom\n",
    " Test Files  2 passed (2)\n      Tests  9 passed | 1 skipped (10)\n   Duration  1.2s\n",
    "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n"
    "Found 1 error in src/a.ts:3\n",
    "= 1 failed, 3 passed in 0.20s =",
]


def _tricky_texts():
    texts = []
    for pattern, row_needles in ROWS:
        if not row_needles:
            continue
        for needle in row_needles:
            decoys = "\n".join("line %d mentions%s but nothing else" % (i, needle)
                               for i in range(logscan.LINE_TRIES + 3))
            texts.append(decoys + "\n")
            texts.append(needle)                                   # match attempt on a last line
            texts.append("x\n" + needle + "\n" + needle.strip())   # needle split from a near-miss
    return texts


@pytest.mark.parametrize("pattern,row_needles", ROWS, ids=[row[0][:40] for row in ROWS])
def test_the_needle_line_search_agrees_with_a_whole_text_search(pattern, row_needles):
    texts = HOME_MADE + _tricky_texts()
    if os.path.isdir(os.path.join(SHARED_DATA, "runner-output")):
        texts += _reference_outputs()
    for text in texts:
        _same(pattern, row_needles, text)


def test_each_row_still_finds_its_own_summary_behind_many_decoy_lines():
    decoys = "".join("FAILED to fetch 1 failure cache entry %d\n" % i for i in range(50))
    text = decoys + "3 examples, 1 failure\n"
    assert outputs.counts_of("test", text)["failed"] == 1
    assert outputs.judge("test", text, None, runner="rspec")["verdict"] == "fail"


@pytest.mark.parametrize("pattern,line_local", [
    (r"^=+ (\d+) passed[ \t]*$", True),
    (r"\b(\d+) tests?, (\d+) failures?\b", True),
    (r"Analysis took [^\n]*\n[^\n]*\bissues", False),     # spans two lines on purpose
    (r"^\s*(\d+) passing", False),                         # \s takes a newline
    (r"[^)]+ failed", False),                              # so does a negated class without \n
    (r"[^)\n]+ failed", True),
    (r"(?=[^\n]*\bfailed) summary", True),
    (r"(?![\s\S]*^ok\s)no test files", False),             # lookarounds count too
    (r"done\Z", False),                                    # the end of the string is not a line end
    (r"a.b", True),                                        # ``.`` stops at a newline...
    (r"(?s)a.b", False),                                   # ...unless (?s) says otherwise
    (r"(?s:a.b)", False),
    (r"(?s)x(?-s:a.b)", True),
])
def test_line_local_patterns_are_told_apart(pattern, line_local):
    assert logscan.line_local(pattern) is line_local
    assert re.compile(pattern)        # every case is a valid pattern

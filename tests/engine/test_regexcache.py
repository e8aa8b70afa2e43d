"""The install-time table of compiled patterns (engine/regexcache.py) changes no answer.

Each table entry must be exactly what ``re`` would compile for its source in this interpreter,
a process warmed from the table must read every claim of the corpora and judge every sample
output the same way as one that compiles its patterns, and a table that is not this
interpreter's, not a table, or not in the bytecode folder is never used.
"""

import json
import marshal
import os
import re
import subprocess
import sys

import pytest

from stalegreen.engine import regexcache
from stalegreen.install import regextable

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = ["claims_corpus_en.jsonl", "claims_corpus_zh.jsonl", "claims_dev_2026-12-01.jsonl",
           "claims_dev2_2026-12-01.jsonl", "claims_dev3a_2026-12-02.jsonl", "claims_dev3b_2026-12-02.jsonl"]

# Reads every corpus text and sample output in a fresh interpreter, warmed from argv[2] unless it
# is "-"; prints the answers and how many patterns ``re`` still had to compile.
_READER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from stalegreen.engine import regexcache
from stalegreen.install import regextable
warmed = regexcache.warm(sys.argv[2]) if sys.argv[2] != "-" else 0
import re
compiled = []
original = re._compile
def counting(pattern, flags):
    key = (type(pattern), pattern, int(getattr(flags, "value", flags)))
    if key not in re._cache:
        compiled.append(pattern)
    return original(pattern, flags)
re._compile = counting
from stalegreen.engine import claims, outputs
answers = []
for text in json.load(open(sys.argv[3])):
    found = claims.extract(text)
    answers.append([sorted(json.dumps(c, sort_keys=True) for c in found.claims)])
    answers.append([sorted(json.dumps(c, sort_keys=True) for c in claims.extract(text, completion=True).claims)])
for category, runner, text, code in regextable.SAMPLE_OUTPUTS:
    answers.append(json.dumps(outputs.judge(category, text, code, runner=runner), sort_keys=True))
print(json.dumps({"warmed": warmed, "answers": answers, "compiled": len(compiled)}))
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A table written the way install writes it: a fresh interpreter, this source tree."""
    folder = tmp_path_factory.mktemp("bytecode")
    writer = ("import sys; sys.path.insert(0, sys.argv[1]); from stalegreen.install import regextable; "
              "print(regextable.write_table(sys.argv[2]))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", writer, ROOT, str(folder)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 50
    return str(folder / regexcache.TABLE_NAME)


def _texts(tmp_path):
    texts = list(regextable.SAMPLE_MESSAGES)
    for name in CORPORA:
        with open(os.path.join(HERE, name), encoding="utf-8") as fh:
            texts += [json.loads(line)["text"] for line in fh if line.strip()]
    path = tmp_path / "texts.json"
    path.write_text(json.dumps(texts))
    return str(path), len(texts)


def _read(table_path, texts):
    done = subprocess.run([sys.executable, "-I", "-S", "-c", _READER, ROOT, table_path, texts],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_each_entry_is_what_re_compiles_for_its_source(table):
    with open(table, "rb") as fh:
        stamp, entries, _stems, _by_reader = marshal.loads(fh.read())
    assert stamp == regexcache.stamp()
    assert len(set((e[0], e[1]) for e in entries)) == len(entries)
    for entry in entries:
        source, flags = entry[0], entry[1]
        again = regextable.capture(lambda: re.compile(source, flags))
        assert again == [entry], source[:80]


def test_a_warmed_process_reads_every_corpus_claim_the_same_and_compiles_nothing_for_the_samples(table, tmp_path):
    texts, count = _texts(tmp_path)
    assert count > 3000
    cold = _read("-", texts)
    warm = _read(table, texts)
    assert cold["warmed"] == 0 and warm["warmed"] > 50
    assert warm["answers"] == cold["answers"]
    assert cold["compiled"] > warm["compiled"]
    samples = tmp_path / "samples.json"
    samples.write_text(json.dumps(list(regextable.SAMPLE_MESSAGES)))
    assert _read(table, str(samples))["compiled"] == 0


def test_a_table_of_another_interpreter_or_garbage_is_not_used(table, tmp_path):
    with open(table, "rb") as fh:
        stamp, entries, stems, by_reader = marshal.loads(fh.read())
    other = tmp_path / "other.table"
    other.write_bytes(marshal.dumps(((stamp[0], (2, 7, 18)) + stamp[2:], entries, stems, by_reader)))
    garbage = tmp_path / "garbage.table"
    garbage.write_bytes(b"\x00not marshal" * 10)
    link = tmp_path / "link.table"
    link.symlink_to(table)
    for path in (other, garbage, link, tmp_path / "missing.table"):
        regexcache._WARMED[:] = []
        regexcache._READERS_WARMED.clear()
        assert regexcache.warm(str(path)) == 0
    regexcache._WARMED[:] = []
    regexcache._READERS_WARMED.clear()


def test_a_source_checkout_has_no_table():
    assert regexcache.__file__.endswith(".py")
    assert regexcache.table_path() is None


def test_the_stems_in_the_table_are_the_lexicons_own(table):
    from stalegreen.engine import lexicon

    with open(table, "rb") as fh:
        _stamp, _entries, stems, _by_reader = marshal.loads(fh.read())
    assert set((role, lang) for role in lexicon.ROLES for lang in lexicon.LANGUAGES) <= set(stems)
    assert not regexcache._STEMS          # this process works them out from the grammar
    for (role, lang), answer in stems.items():
        assert answer == lexicon.stem_lists(role, lang), (role, lang)


_OUTPUTS_READER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from stalegreen.engine import regexcache
from stalegreen.install import regextable
warmed = regexcache.warm(sys.argv[2], readers=("outputs",))
import re
compiled = []
original = re._compile
def counting(pattern, flags):
    if (type(pattern), pattern, int(getattr(flags, "value", flags))) not in re._cache:
        compiled.append(pattern)
    return original(pattern, flags)
re._compile = counting
from stalegreen.engine import outputs, rewrite
answers = []
for category, runner, text, code in regextable.SAMPLE_OUTPUTS:
    marked = text + "%s%d receipt=r-0001 lines=2 log=/x\n" % (rewrite.MARKER_TAG, code)
    answers.append([list(m) for m in rewrite.find_markers(marked)])
    answers.append(json.dumps(outputs.judge(category, rewrite.strip_markers(marked), code, runner=runner),
                              sort_keys=True))
total = regexcache.warm(sys.argv[2])          # a later Stop in the same process gets the rest
print(json.dumps({"warmed": warmed, "total": total, "answers": answers, "compiled": len(compiled)}))
"""


def test_a_runs_post_warms_the_output_judges_patterns_alone_and_judges_alike(table):
    """A wrapped run's PostToolUse loads only the output judge's part of the table (the claims
    reader's is nine tenths of it): it compiles nothing for the samples, answers as a cold
    process does, and a later ``warm()`` in the same process adds the rest."""
    with open(table, "rb") as fh:
        _stamp, entries, _stems, by_reader = marshal.loads(fh.read())
    assert set(by_reader) == set(regexcache.READERS)
    assert set(i for indices in by_reader.values() for i in indices) == set(range(len(entries)))
    done = subprocess.run([sys.executable, "-I", "-S", "-c", _OUTPUTS_READER, ROOT, table],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    warm = json.loads(done.stdout)
    cold = subprocess.run([sys.executable, "-I", "-S", "-c", _OUTPUTS_READER, ROOT, "/nonexistent"],
                          capture_output=True, text=True, timeout=120)
    assert json.loads(cold.stdout)["answers"] == warm["answers"]
    assert warm["compiled"] == 0 and 0 < warm["warmed"] < len(entries) / 2
    assert warm["total"] == len(entries)

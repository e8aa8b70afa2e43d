"""The install-time table of compiled patterns (engine/regexcache.py) changes no answer.

Each table entry must be exactly what ``re`` would compile for its source in this interpreter,
a process warmed from the table must read every claim of the corpora and judge every sample
output the same way as one that compiles its patterns, and a table that is not this
interpreter's, not a table, or not in the bytecode folder is never used.
"""

import json
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


def _decoded(table):
    """(stamp, stems, by_reader, entries, opcodes) of the table file ``table``."""
    with open(table, "rb") as fh:
        (stamp, stems, by_reader, entries), opcodes = regexcache.decode(fh.read())
    return stamp, stems, by_reader, entries, opcodes


def test_each_entry_is_what_re_compiles_for_its_source(table):
    stamp, _stems, _by_reader, entries, opcodes = _decoded(table)
    assert stamp == regexcache.stamp()
    assert len(set((e[0], e[1]) for e in entries)) == len(entries)
    end = 0
    for source, flags, final, offset, length, groups, groupindex, indexgroup, lazy in entries:
        assert offset == end and length % 4 == 0
        end += length
        again = regextable.capture(lambda: re.compile(source, flags))
        code = bytes(opcodes[offset:offset + length])
        assert again == [(source, flags, final, code, groups, groupindex, indexgroup, False)], source[:80]
    assert end == len(opcodes)


def test_lazy_patterns_wait_in_the_table_until_first_used(table):
    """The claims reader's grammar patterns (its largest: half the table's opcodes) are lazy: a
    warmed process builds one when a reader first uses it, gets exactly what re compiles, and
    builds none it does not use."""
    from stalegreen.engine import lazyregex

    _stamp, _stems, _by_reader, entries, opcodes = _decoded(table)
    lazy = [e for e in entries if e[-1]]
    assert sum(e[4] for e in lazy) > len(opcodes) / 3
    source, flags = lazy[0][0], lazy[0][1]
    code = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from stalegreen.engine import lazyregex, regexcache
regexcache.warm(sys.argv[2])
waiting = len(lazyregex.FROM_TABLE)
import re
calls = []
original = re._compile
re._compile = lambda pattern, flags: calls.append(pattern) or original(pattern, flags)
pattern = lazyregex.LazyRegex(sys.argv[3], int(sys.argv[4]))
pattern.search("x")
again = re.compile(sys.argv[3], int(sys.argv[4]))
print(json.dumps([waiting, len(lazyregex.FROM_TABLE), pattern.pattern == sys.argv[3], calls, again.search is not None]))
"""
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, ROOT, table, source, str(flags)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    waiting, left, same, calls, _found = json.loads(done.stdout)
    assert waiting == len(lazy) and left == waiting - 1 and same
    assert calls == [source]      # re.compile found it in re's cache: nothing compiled in Python


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
    stamp, stems, by_reader, entries, opcodes = _decoded(table)
    other = tmp_path / "other.table"
    other.write_bytes(regexcache.encode(((stamp[0], (2, 7, 18)) + stamp[2:], stems, by_reader, entries), bytes(opcodes)))
    assert regexcache.decode(other.read_bytes())[0][1:] == (stems, by_reader, entries)
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

    _stamp, stems, _by_reader, _entries, _opcodes = _decoded(table)
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
    _stamp, _stems, by_reader, entries, _opcodes = _decoded(table)
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


def test_every_pattern_the_samples_compile_fits_in_the_table(tmp_path):
    """The table keeps at most MAX_ENTRIES patterns; one more than that is silently left out and
    compiled in every hook process instead. Fail here, by name, before that happens."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from stalegreen.install import regextable; "
            "entries, _ = regextable.capture_by_reader((('outputs', lambda: regextable.sample_outputs_work(sys.argv[2])), "
            "('claims', regextable.sample_claims_work))); print(len(entries))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, ROOT, str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) <= regexcache.MAX_ENTRIES, "raise MAX_ENTRIES (re keeps 512 patterns)"

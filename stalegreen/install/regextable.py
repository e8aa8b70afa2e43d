"""Writes the table ``engine/regexcache.py`` reads: the patterns a session's claims reader and
output judge compile, in the form ``re`` hands to its C engine, and the lexicon's stems.

Run by ``install/bytecode.build`` in a fresh process of the registered interpreter that imports
exactly the modules just compiled into the bytecode folder (a process that already compiled
them would record nothing). The samples below make the readers compile what a session needs; a
pattern they miss is compiled by ``re`` as before.
"""

import os
import sys

from stalegreen.engine import lazyregex
from stalegreen.engine.regexcache import MAX_ENTRIES, READERS, TABLE_NAME, encode, stamp


def capture(work):
    """Run ``work()`` with ``re`` recording each pattern it compiles: [(source, caller flags,
    flags, code bytes, groups, groupindex, indexgroup, lazy)], in the order compiled, ``lazy``
    when a ``lazyregex.LazyRegex`` compiled it on first use. Only string patterns (the ones the
    cache is keyed by) are kept."""
    import re
    from array import array

    import _sre

    compiler = sys.modules.get("re._compiler") or sys.modules.get("sre_compile")
    if compiler is None or getattr(compiler, "_sre", None) is not _sre or array("I").itemsize != _sre.CODESIZE:
        return []
    calls = []

    class Recorder(object):
        def __getattr__(self, name):
            return getattr(_sre, name)

        def compile(self, *args):
            calls.append(args)
            return _sre.compile(*args)

    entries = []
    seen = set()
    lazy = []
    original, original_lazy = re._compile, lazyregex.compile_pattern

    def recording(pattern, flags):
        before = len(calls)
        compiled = original(pattern, flags)
        if len(calls) == before + 1 and isinstance(pattern, str):
            source, final_flags, code, groups, groupindex, indexgroup = calls[-1]
            caller_flags = int(getattr(flags, "value", flags))
            if source == pattern and (pattern, caller_flags) not in seen:
                seen.add((pattern, caller_flags))
                entries.append((pattern, caller_flags, int(final_flags), array("I", [int(c) for c in code]).tobytes(),
                                int(groups), dict(groupindex), tuple(indexgroup), bool(lazy)))
        return compiled

    def recording_lazy(source, flags):
        lazy.append(source)
        try:
            return original_lazy(source, flags)
        finally:
            lazy.pop()

    re.purge()
    compiler._sre = Recorder()
    re._compile, lazyregex.compile_pattern = recording, recording_lazy
    try:
        work()
    finally:
        re._compile, lazyregex.compile_pattern = original, original_lazy
        compiler._sre = _sre
    return entries


def table_bytes(entries, stem_lists=None, by_reader=None):
    """The table of ``entries`` (``capture``'s; at most ``MAX_ENTRIES``), the stems, and
    {reader: indices of its entries} (``by_reader``; every entry is every reader's when None)."""
    entries = tuple(entries[:MAX_ENTRIES])
    if by_reader is None:
        by_reader = dict((name, tuple(range(len(entries)))) for name in READERS)
    by_reader = dict((name, tuple(i for i in indices if i < len(entries))) for name, indices in by_reader.items())
    placed, opcodes = [], bytearray()
    for source, caller_flags, flags, code, groups, groupindex, indexgroup, lazy in entries:
        placed.append((source, caller_flags, flags, len(opcodes), len(code), groups, groupindex, indexgroup, lazy))
        opcodes += code
    return encode((stamp(), dict(stem_lists or {}), by_reader, tuple(placed)), bytes(opcodes))


def capture_by_reader(works):
    """``capture`` of each (reader, work) in turn: (entries without repeats, {reader: indices})."""
    entries, by_reader, position = [], {}, {}
    for name, work in works:
        indices = []
        for entry in capture(work):
            key = (entry[0], entry[1])
            if key not in position:
                position[key] = len(entries)
                entries.append(entry)
            indices.append(position[key])
        by_reader[name] = tuple(indices)
    return entries, by_reader


def sample_stems():
    """{(role, lang): lexicon.stem_lists(role, lang)} for every role in each language."""
    from stalegreen.engine import lexicon

    return dict(((role, lang), lexicon.stem_lists(role, lang)) for role in lexicon.ROLES for lang in lexicon.LANGUAGES)


# Texts that make the claims reader and the output judge compile what a session needs: claims
# of each category and language, hedges, negations, lists and quoted output; runners' summaries.
SAMPLE_MESSAGES = (
    "Done. All 41 tests pass.",
    "I ran pytest: 41 passed, 0 failed. Everything is green now.",
    "Typecheck is clean, lint passes and the build succeeds.",
    "All tests pass except the flaky network one, which I skipped.",
    "The tests should pass now, but I haven't run them yet.",
    "I think the build is fixed; tsc reports no errors.",
    "- [x] unit tests green\n- [x] `npm run lint` clean\n\n| check | result |\n|---|---|\n| tests | pass |",
    "```\n$ pytest -q\n41 passed in 0.52s\n```\nNo failures, no errors.",
    "Fixed the bug. cargo test passes and clippy has no warnings. Done, the feature is complete.",
    "None of the tests fail anymore; zero failures across the suite after the fix.",
    "Here's the plan:\n1. run the tests\n2. fix lint\nNext steps: make sure CI is green.",
    "I renamed the helper and moved the parser into its own module.",
    "全部测试通过，构建成功，类型检查没有错误。",
    "已完成。测试都通过了，lint 也没有问题。",
    "我还没有重新运行测试，但应该可以通过。",
)

SAMPLE_OUTPUTS = (
    ("test", "pytest", "........................................\n41 passed in 0.52s\n", 0),
    ("test", "pytest", "FAILED tests/test_a.py::test_x - assert 1 == 2\n1 failed, 40 passed in 0.61s\n", 1),
    ("test", "npm test", "> vitest run\n\n Test Files  3 passed (3)\n      Tests  41 passed (41)\n", 0),
    ("test", "cargo test", "test result: ok. 41 passed; 0 failed; 0 ignored\n", 0),
    ("test", "go test", "ok  \texample.com/pkg\t0.012s\n", 0),
    ("typecheck", "tsc", "src/a.ts(3,5): error TS2322: Type 'string' is not assignable.\nFound 1 error.\n", 2),
    ("lint", "eslint", "\n/repo/a.js\n  1:1  error  'x' is defined but never used  no-unused-vars\n\n"
                       "\u2716 1 problem (1 error, 0 warnings)\n", 1),
    ("build", "make", "gcc -o app main.c\n", 0),
)


SAMPLE_GIT_CONFIG = b'[core]\n\tbare = false\n[filter "lfs"]\n\tclean = x\n[include]\n\tpath = other\n'


def sample_outputs_work(scratch=None):
    """What ``capture`` runs at install for the output judge (what a wrapped run's PostToolUse
    loads): the sample outputs, a wrapped run's marker line, and the fingerprint's reader of a
    git config (written into the folder ``scratch``, when given). Run first, so the modules it
    imports count as its own."""
    from stalegreen.engine import gitrun, outputs, rewrite

    for category, runner, text, exit_code in SAMPLE_OUTPUTS:
        marked = text + "%s%d receipt=r-0001 lines=2 log=/x\n" % (rewrite.MARKER_TAG, exit_code)
        rewrite.find_markers(marked)
        outputs.judge(category, rewrite.strip_markers(marked), exit_code, runner=runner)
    if scratch:
        config = os.path.join(scratch, "sample-git-config")
        with open(config, "wb") as fh:
            fh.write(SAMPLE_GIT_CONFIG)
        try:
            gitrun.config_filters(config)
        finally:
            os.unlink(config)


def sample_claims_work():
    """What ``capture`` runs at install for the claims reader (a Stop): the sample messages."""
    from stalegreen.engine import claims

    for message in SAMPLE_MESSAGES:
        claims.extract(message)
        claims.extract(message, completion=True)


def _cache_takes_patterns():
    """True when ``re.compile`` returns a pattern put into ``re._cache`` under the key ``warm``
    uses (the layout of 3.7-3.13); checked by the interpreter that writes the table, and the
    table is only read by that same interpreter version."""
    import re

    source = "stalegreen regexcache probe %d" % os.getpid()
    probe = re.compile(source + " x")
    re.purge()
    try:
        re._cache[(str, source, 0)] = probe
        return re.compile(source) is probe
    except Exception:
        return False
    finally:
        re.purge()


def write_table(directory):
    """Capture the samples' patterns (in this fresh process) and write the table into
    ``directory`` atomically. Returns the number of patterns written."""
    if not _cache_takes_patterns():
        return 0
    entries, by_reader = capture_by_reader((("outputs", lambda: sample_outputs_work(directory)),
                                            ("claims", sample_claims_work)))
    if not entries:
        return 0
    stem_lists = sample_stems()
    target = os.path.join(directory, TABLE_NAME)
    temporary = "%s.tmp-%d" % (target, os.getpid())
    with open(temporary, "wb") as fh:
        fh.write(table_bytes(entries, stem_lists, by_reader))
    os.replace(temporary, target)
    return len(entries)

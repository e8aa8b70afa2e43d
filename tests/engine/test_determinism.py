# -*- coding: utf-8 -*-
"""Same input, same answer, whatever the process did before.

The dsh bridge's worker (``stalegreen/worker.py``) answers many hook events in one process and
stops an event that overruns its deadline by raising ``hook.Deadline`` wherever the engine is.
A table built on first use must therefore never be left half built: the event that was stopped
fails open, but every later event of that worker would read the half-built table. Each test
stops a first build part way (as the deadline would), then asks again and expects the answer a
fresh process gives.
"""

import re

import pytest

from stalegreen import hook
from stalegreen.engine import claims_grammar, clauses, lexicon, outputs, prefilter, rewrite
from stalegreen.engine.catalog.argv import runner_specs
from stalegreen.engine.lexicon import commands, zh
from stalegreen.hosts import common


def _stop_at_compile(monkeypatch, number):
    """``re.compile`` raises ``hook.Deadline`` on its ``number``-th call from now on (once)."""
    real = re.compile
    calls = [0]

    def compile_(*args, **kwargs):
        calls[0] += 1
        if calls[0] == number:
            raise hook.Deadline("deadline")
        return real(*args, **kwargs)

    monkeypatch.setattr(re, "compile", compile_)
    return lambda: monkeypatch.setattr(re, "compile", real)


class _StopsPartWay(object):
    """An iterable giving the first ``count`` items of ``items``, then raising ``hook.Deadline``."""

    def __init__(self, items, count):
        self.items, self.count = list(items), count

    def __iter__(self):
        for index, item in enumerate(self.items):
            if index == self.count:
                raise hook.Deadline("deadline")
            yield item


def test_claim_words_pattern_stopped_between_its_two_compiles_is_compiled_again(monkeypatch):
    monkeypatch.setattr(claims_grammar, "_CLAIM_WORD", [prefilter.CLAIM_WORDS, None, 0, None])
    monkeypatch.setattr(claims_grammar, "CLAIM_WORDS_COMPILE_AFTER", 0)
    restore = _stop_at_compile(monkeypatch, 2)
    with pytest.raises(hook.Deadline):
        claims_grammar.claimish(u"All tests pass.")
    restore()
    assert claims_grammar.claimish(u"All tests pass.") is True
    assert claims_grammar.claimish(u"测试都通过了。") is True
    assert claims_grammar.claimish(u"Here is the plan.") is False


def test_clause_patterns_stopped_part_way_are_compiled_again(monkeypatch):
    sentence = u"The tests pass, except the e2e suite, but lint fails."
    fresh = clauses.split(sentence)
    monkeypatch.setattr(clauses, "_STRONG", None)
    monkeypatch.setattr(clauses, "_WEAK", None)
    monkeypatch.setattr(clauses, "_EXCEPTION", None)
    restore = _stop_at_compile(monkeypatch, 2)
    with pytest.raises(hook.Deadline):
        clauses.split(sentence)
    restore()
    assert repr(clauses.split(sentence)) == repr(fresh)


def test_marker_patterns_stopped_part_way_are_compiled_again(monkeypatch):
    output = "ok\n[stalegreen] exit=0 receipt=r-0001 log=x\n"
    monkeypatch.setattr(rewrite, "_MARKER_PATTERNS", [])
    restore = _stop_at_compile(monkeypatch, 2)
    with pytest.raises(hook.Deadline):
        rewrite.find_markers(output)
    restore()
    assert rewrite.find_markers(output) == [("r-0001", 0)]
    assert rewrite.strip_markers(output) == "ok\n"


def test_codex_header_patterns_stopped_part_way_are_compiled_again(monkeypatch):
    monkeypatch.setattr(common, "_HEADER_PATTERNS", [])
    restore = _stop_at_compile(monkeypatch, 2)
    with pytest.raises(hook.Deadline):
        common._exit_header(u"Exit code: 1 \u2014", u"exit code: 1 \u2014")
    restore()
    assert common._is_header_noise(u"Wall time: 0.2 s \u2014", u"wall time: 0.2 s \u2014") is True


def test_runner_formats_stopped_part_way_are_built_again(monkeypatch):
    specs = list(runner_specs())
    last = [s for s in specs if s["prints"]][-1]["name"]
    fresh = outputs.runner_families(last)
    assert fresh
    monkeypatch.setattr(outputs, "_printed", {})
    monkeypatch.setattr(outputs, "runner_specs", lambda: _StopsPartWay(specs, len(specs) // 2))
    with pytest.raises(hook.Deadline):
        outputs.runner_families(last)
    monkeypatch.setattr(outputs, "runner_specs", runner_specs)
    assert outputs.runner_families(last) == fresh


def test_signal_row_formats_stopped_part_way_are_built_again(monkeypatch):
    rows = list(outputs.formats.ANY_CATEGORY)
    sid = rows[-1][0]
    fresh = outputs._row_format(sid)
    assert fresh
    monkeypatch.setattr(outputs, "_row_formats", {})
    monkeypatch.setattr(outputs.formats, "ANY_CATEGORY", _StopsPartWay(rows, len(rows) - 1))
    with pytest.raises(hook.Deadline):
        outputs._row_format(sid)
    monkeypatch.setattr(outputs.formats, "ANY_CATEGORY", rows)
    assert outputs._row_format(sid) == fresh


def test_command_word_separators_stopped_part_way_are_built_again(monkeypatch):
    assert prefilter.might_contain_runner("py''test -q")
    names = prefilter._NAME_CHARS

    class _StopsAtF(object):
        def __contains__(self, char):
            if char == "f":
                raise hook.Deadline("deadline")
            return char in names

    monkeypatch.setattr(prefilter, "_SEPARATORS", {})
    monkeypatch.setattr(prefilter, "_NAME_CHARS", _StopsAtF())
    with pytest.raises(hook.Deadline):
        prefilter.might_contain_runner("py''test -q")
    monkeypatch.setattr(prefilter, "_NAME_CHARS", names)
    assert prefilter.might_contain_runner("py''test -q")


def test_lexicon_entries_stopped_part_way_are_read_again(monkeypatch):
    every = len(lexicon.entries())
    entries = zh.ENTRIES
    monkeypatch.setattr(lexicon, "_ENTRIES", [])
    monkeypatch.setattr(zh, "ENTRIES", _StopsPartWay(entries, 0))
    with pytest.raises(hook.Deadline):
        lexicon.entries()
    monkeypatch.setattr(zh, "ENTRIES", entries)
    assert len(lexicon.entries()) == every


def test_inline_code_classified_while_stopped_is_classified_again(monkeypatch):
    fresh = commands.classify_code("pytest -q")
    assert fresh
    real = commands._catalog_runs

    def stopped(line):
        raise hook.Deadline("deadline")

    monkeypatch.setattr(commands, "_cache", {})
    monkeypatch.setattr(commands, "_catalog_runs", stopped)
    with pytest.raises(hook.Deadline):
        commands.classify_code("pytest -q")
    monkeypatch.setattr(commands, "_catalog_runs", real)
    assert commands.classify_code("pytest -q") == fresh


def test_a_lines_tree_changers_follow_the_project_root_from_one_event_to_the_next(tmp_path):
    """The same line in the same folder, before and after ``git init`` in the folder above: the
    edit of ``docs/a.py`` is read against the root, where ``docs/**`` no longer holds it, as a
    fresh process reads it."""
    from stalegreen.engine import config as config_module, receipts

    config = dict(config_module.load("/nonexistent", home="/nonexistent"), fingerprintIgnore=["docs/**"])
    cwd = tmp_path / "project" / "sub"
    cwd.mkdir(parents=True)
    line = "pytest -q; sed -i s/a/b/ docs/a.py"
    parse, runs = receipts._detect(line, config, str(cwd))
    assert receipts.tree_change_after(parse, runs[0], str(cwd), config) is None     # docs/ of the folder itself
    (tmp_path / "project" / ".git").mkdir()
    warm = receipts.tree_change_after(parse, runs[0], str(cwd), config)
    receipts._CHANGERS[:] = [None, None, None]
    fresh = receipts.tree_change_after(parse, runs[0], str(cwd), config)
    assert fresh == "sed -i s/a/b/ docs/a.py"
    assert warm == fresh

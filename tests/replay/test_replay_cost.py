"""What a replay does once instead of once per event: reading a command line, resolving a
folder's links, copying a record. Each shortcut gives exactly what the long way gives."""

import math
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from stalegreen.engine import shell, store
from stalegreen.replay import run
from tests.conftest import SHARED_DATA
from tests.replay.conftest import agent_homes, install_fixtures, install_real  # noqa: F401

REAL_TRANSCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-transcripts")


def _homes_with_sessions(homes):
    install_fixtures(homes)
    transcripts = os.path.join(SHARED_DATA, "transcripts")
    install_real(homes, transcripts if os.path.isdir(transcripts) else REAL_TRANSCRIPTS)
    return run.discover("all")


def test_a_command_line_is_read_once_per_process(agent_homes, monkeypatch):
    sources = _homes_with_sessions(agent_homes)
    texts = []
    real_parse = shell._parse

    def counted(text):
        texts.append(text)
        return real_parse(text)

    monkeypatch.setattr(shell, "_parse", counted)
    monkeypatch.setattr(shell, "_READ", {})
    monkeypatch.setattr(shell, "READ_KEPT_TOTAL", 10 ** 9)     # every line of these sessions kept
    for source in sources:
        run.replay(source)
    assert texts and len(texts) == len(set(texts))       # every line read once, none twice
    line = "pytest -q | tail -5"
    assert shell.parse(line) is shell.parse(line)
    assert [s.text for s in shell.parse(line).segments] == ["pytest -q", "tail -5"]


def test_the_lines_remembered_are_bounded(monkeypatch):
    monkeypatch.setattr(shell, "_READ", {})
    monkeypatch.setattr(shell, "_READ_SIZE", [0])
    for n in range(shell.READ_KEPT * 2 + 5):
        shell.parse("echo %d" % n)
        assert len(shell._READ) <= shell.READ_KEPT
    long_line = "echo " + "x" * shell.READ_KEPT_CHARS
    shell.parse(long_line)
    assert long_line not in shell._READ
    for n in range(100):
        shell.parse("echo %d " % n + "y" * 1500)
        assert sum(len(t) for t in shell._READ) == shell._READ_SIZE[0] <= shell.READ_KEPT_TOTAL


def test_a_folder_is_resolved_once_per_replay_and_the_answers_are_the_same(agent_homes, monkeypatch, tmp_path):
    sources = _homes_with_sessions(agent_homes)
    unmemoized = [run.replay(source) for source in sources]
    asked = []
    real_realpath = os.path.realpath

    def counted(path, *args, **kwargs):
        asked.append(path)
        return real_realpath(path, *args, **kwargs)

    monkeypatch.setattr(os.path, "realpath", counted)
    replayed = []
    for source in sources:
        del asked[:]
        replayed.append(run.replay(source))
        assert len(asked) == len(set(asked)), source     # each path resolved once in a replay
    for before, after in zip(unmemoized, replayed):
        assert (after.verdicts, after.receipts, after.runs) == (before.verdicts, before.receipts, before.runs)
    from stalegreen.engine.paths import real_path, resolved_once

    link = tmp_path / "link"
    os.symlink(str(tmp_path), str(link))
    with resolved_once():
        assert real_path(str(link)) == real_path(str(link)) == real_realpath(str(tmp_path))
    assert real_path(str(link)) == real_realpath(str(tmp_path))


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(alphabet=st.characters(min_codepoint=0)),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=4),
    max_leaves=20)


@given(st.dictionaries(st.text(max_size=8), JSONISH, max_size=6))
@settings(max_examples=300, deadline=None)
def test_a_replayed_record_is_stored_as_the_store_stores_it(record):
    def same(a, b):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        if isinstance(a, dict) and isinstance(b, dict):
            return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return type(a) is type(b) and a == b

    replay_session = run._memory_session("r")
    assert same(replay_session.stored(record), store.MemorySession.stored(record))

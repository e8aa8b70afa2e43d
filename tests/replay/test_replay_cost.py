"""What a replay does once instead of once per event: reading a command line, resolving a
folder's links. Each shortcut gives exactly what the long way gives."""

import os

from stalegreen.engine import receipts, shell
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
    """The receipts reader asks the shell reader about each line (or segment) once, however
    often a session runs it."""
    import sys

    sources = _homes_with_sessions(agent_homes)
    texts = []
    real_parse = shell.parse

    def counted(text):
        if sys._getframe(1).f_globals.get("__name__") == receipts.__name__:
            texts.append(text)
        return real_parse(text)

    monkeypatch.setattr(shell, "parse", counted)
    monkeypatch.setattr(receipts, "_READ", {})
    monkeypatch.setattr(receipts, "READ_KEPT_TOTAL", 10 ** 9)     # every line of these sessions kept
    for source in sources:
        run.replay(source)
    assert texts and len(texts) == len(set(texts))       # every line read once, none twice
    line = "pytest -q | tail -5"
    assert receipts.read_line(line) is receipts.read_line(line)
    assert [s.text for s in receipts.read_line(line).segments] == ["pytest -q", "tail -5"]


def test_the_lines_remembered_are_bounded(monkeypatch):
    monkeypatch.setattr(receipts, "_READ", {})
    monkeypatch.setattr(receipts, "_READ_SIZE", [0])
    for n in range(receipts.READ_KEPT * 2 + 5):
        receipts.read_line("echo %d" % n)
        assert len(receipts._READ) <= receipts.READ_KEPT
    long_line = "echo " + "x" * receipts.READ_KEPT_CHARS
    receipts.read_line(long_line)
    assert long_line not in receipts._READ
    for n in range(100):
        receipts.read_line("echo %d " % n + "y" * 1500)
        assert sum(len(t) for t in receipts._READ) == receipts._READ_SIZE[0] <= receipts.READ_KEPT_TOTAL


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

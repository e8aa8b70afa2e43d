"""The fingerprint's snapshot path in whole Claude Code sessions: real pytest runs, real git.

A receipt's fingerprint carries a snapshot; the Stop gate and the next run's receipt hand the
latest one to ``fingerprint.compute`` as its reference. These tests check that the reference
is used when the tree is unchanged and that the verdicts stay those of the full computation.
"""

import os

import pytest

from driver import ClaudeSession, read_store
from stalegreen.engine import fingerprint


@pytest.fixture
def calls(monkeypatch):
    """Every fingerprint computation of the session, in line (``compute``) or on a thread
    (``Background``), both a ``_begin`` and a ``_finish``: (reference passed, result)."""
    seen = []
    references = {}
    real_begin, real_finish = fingerprint._begin, fingerprint._finish

    def begin(cwd, ignore, budget_ms, reference=None, edited=False, store_home=None):
        job = real_begin(cwd, ignore, budget_ms, reference, edited, store_home)
        references[id(job)] = reference
        return job

    def finish(job):
        result = real_finish(job)
        seen.append((references.pop(id(job)), result))
        return result

    monkeypatch.setattr(fingerprint, "_begin", begin)
    monkeypatch.setattr(fingerprint, "_finish", finish)
    return seen


def verdicts(home, s):
    return [v["verdict"] for record in read_store(home, s.session_id, "verdicts") for v in record["verdicts"]]


def test_stop_after_a_passing_run_answers_from_the_receipts_snapshot(project, sg_home, suite_cmd, calls):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    (receipt,) = read_store(sg_home, s.session_id, "receipts")
    assert receipt["fingerprint"]["snapshot"]["index"]
    del calls[:]
    assert s.stop("All 3 tests pass.") is None
    assert verdicts(sg_home, s) == ["FRESH"]
    ((reference, now),) = calls
    assert reference == receipt["fingerprint"]
    assert now["via"] == "snapshot" and now["tree"] == receipt["fingerprint"]["tree"]
    assert list(sg_home.glob("git-index/*/from-*"))      # status read the store's copy of the index


def test_an_untracked_file_no_tool_reported_is_stale_with_the_untracked_cache(project, sg_home, suite_cmd, calls):
    """A new file in an existing folder, written by nothing the hook saw, the folder's times put
    back (its ctime, in a later second, still moves): the store's copy of the index holds a
    cached listing of that folder, and the file is still found at Stop."""
    import json
    import time

    sg_home.mkdir(exist_ok=True)          # the Stop's own work, in this process, may take the default 150 ms
    (sg_home / "config.json").write_text(json.dumps({"fingerprintBudgetMs": 3000}))
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    hour_ago = time.time() - 3600
    for folder, dirs, _files in os.walk(str(project)):
        dirs[:] = [d for d in dirs if d != ".git"]
        os.utime(folder, (hour_ago, hour_ago))       # folders git's cache trusts (not racy)
    s.bash(suite_cmd)                    # the second status on the copy lists them into its cache
    assert list(sg_home.glob("git-index/*/from-*"))
    before = os.lstat(str(project))
    while time.time() < int(before.st_ctime) + 1.02:     # git compares whole seconds
        time.sleep(0.02)
    (project / "conftest_extra.py").write_text("raise SystemExit('imported by pytest')\n")
    os.utime(str(project), ns=(before.st_atime_ns, before.st_mtime_ns))
    reply = s.stop("All 3 tests pass.")
    assert reply["decision"] == "block" and "stale" in reply["reason"]
    now = calls[-1][1]
    assert now.get("via") != "snapshot" and now["tree"] == fingerprint.compute(str(project))["tree"]


def test_a_same_size_same_mtime_edit_no_tool_reported_is_stale(project, sg_home, suite_cmd, calls):
    """The racy case end to end: calc.py is rewritten (same size, mtime put back) by nothing
    the hook saw. Its content is hashed again at Stop, so the claim is stale."""
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    path = project / "calc.py"
    before = os.lstat(str(path))
    path.write_text(path.read_text().replace("a + b", "b + a"))
    os.utime(str(path), ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.lstat(str(path)).st_size == before.st_size
    reply = s.stop("All 3 tests pass.")
    assert reply["decision"] == "block" and "stale" in reply["reason"]
    now = calls[-1][1]
    assert now.get("via") != "snapshot" and now["tree"] == fingerprint.compute(str(project))["tree"]


def test_the_next_runs_receipt_uses_the_previous_snapshot(project, sg_home, suite_cmd, calls):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.bash(suite_cmd)                                 # nothing changed in between
    first, second = read_store(sg_home, s.session_id, "receipts")
    assert second["fingerprint"]["tree"] == first["fingerprint"]["tree"]
    assert calls[-1][0] == first["fingerprint"] and calls[-1][1]["via"] == "snapshot"
    s.edit("calc.py", "def add(a, b):\n    return b + a\n\n\ndef sub(a, b):\n    return a - b\n", tool="Edit")
    s.bash(suite_cmd)
    third = read_store(sg_home, s.session_id, "receipts")[-1]
    assert third["fingerprint"]["tree"] != second["fingerprint"]["tree"]
    assert third["fingerprint"]["tree"] == fingerprint.compute(str(project))["tree"]
    assert s.stop("All 3 tests pass.") is None
    assert verdicts(sg_home, s) == ["FRESH"]

"""Records: one JSON form per record kind, whichever path writes it.

A receipt used to be assembled as a dict in four places (wrapped run, unwrapped run, background
run resolved later, MCP test tool), each with its own keys and order. Now every path builds a
``records.Receipt``; these tests drive each path for real (a real pytest in a real git repo for
the wrapped and unwrapped runs) and read the store back.
"""

import json
import os
import subprocess
import sys

import pytest

from stalegreen.engine import config as config_module, core, events as ev, records, store
from tests.conftest import git


@pytest.fixture
def repo(tmp_path):
    path = tmp_path / "repo"
    path.mkdir()
    git(str(path), "init", "-q")
    (path / "test_one.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
    git(str(path), "add", "-A")
    git(str(path), "commit", "-qm", "one")
    return str(path)


@pytest.fixture
def session(tmp_path):
    return store.Store(str(tmp_path / "home")).session("s")


def _config(tmp_path, **values):
    loaded = config_module.load(str(tmp_path), home=str(tmp_path / "no-user-config"))
    loaded.update(values)
    return loaded


def _stored(session, kind):
    """The records of ``kind`` as the store wrote them: key order kept."""
    with open(os.path.join(session.dir, kind + ".jsonl")) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _pytest_line():
    return "%s -m pytest -q" % sys.executable


def test_every_path_writes_the_one_receipt_form(tmp_path, repo, session):
    cfg = _config(tmp_path, mcpTestTools=["^mcp__suite__"])
    line = _pytest_line()

    # a wrapped run: PreToolUse rewrites, the shell runs the rewrite, PostToolUse reads its log
    pre = ev.Event(ev.PRE_SHELL, "claude", command=line, cwd=repo, session="s", tool_use_id="t1",
                   rewrite_policy=ev.REWRITE_FREE, approves=lambda parse, needs_rule: True)
    decision = core.handle(pre, cfg, session)
    assert decision.kind == ev.REWRITE
    ran = subprocess.run(["/bin/sh", "-c", decision.command], cwd=repo, capture_output=True, text=True)
    core.handle(ev.Event(ev.POST_SHELL, "claude", command=decision.command, cwd=repo, session="s",
                         tool_use_id="t1", output=ran.stdout + ran.stderr, exit_code=ran.returncode), cfg, session)

    # an unwrapped run: the host showed the output (a pipe kept only its tail)
    shown = subprocess.run(["/bin/sh", "-c", line + " | tail -3"], cwd=repo, capture_output=True, text=True)
    core.handle(ev.Event(ev.POST_SHELL, "codex", command=line + " | tail -3", cwd=repo, session="s",
                         tool_use_id="t2", output=shown.stdout, exit_code=0), cfg, session)

    # a background run, resolved when its result arrives
    core.handle(ev.Event(ev.POST_SHELL, "claude", command=line, cwd=repo, session="s", tool_use_id="t3",
                         background=True, background_id="bg1"), cfg, session)
    deferred = session.read("deferred")[-1]
    assert list(deferred) == list(records.Deferred.FIELDS)
    from stalegreen.engine import receipts

    receipts._resolve(ev.Event(ev.BACKGROUND_DONE, "claude", cwd=repo, session="s"), cfg, session, deferred, 0,
                      ran.stdout, receipts._Resolving(ev.Event(ev.BACKGROUND_DONE, "claude"), cfg, session))

    # an MCP tool the user counts as a test run
    core.handle(ev.Event(ev.MCP_TOOL, "claude", tool_name="mcp__suite__run", cwd=repo, session="s",
                         tool_use_id="t4", output="1 passed in 0.01s", exit_code=0), cfg, session)

    stored = _stored(session, "receipts")
    assert [r["toolUseId"] for r in stored] == ["t1", "t2", "t3", "t4"]
    assert [(r["wrapped"], r["unwrapped"], r["background"]) for r in stored] == [
        (True, None, False), (False, None, False), (False, "background", True), (False, None, False)]
    assert [r["verdict"] for r in stored] == ["pass", "pass", "pass", "pass"]
    for receipt in stored:
        assert list(receipt) == list(records.Receipt.FIELDS), receipt
        assert store.valid_record("receipts", receipt)
    assert list(_stored(session, "deferred")[-1]) == list(records.Resolved.FIELDS)
    for pending in _stored(session, "pending"):     # lineStart only for a line that may change the tree
        assert list(pending) == [f for f in records.Pending.FIELDS if f != "lineStart"]


def test_edits_are_one_form_from_a_file_tool_a_shell_line_and_an_mcp_tool(tmp_path, repo, session):
    cfg = _config(tmp_path, mcpEditTools=["^mcp__files__"])
    core.handle(ev.Event(ev.FILE_EDIT, "claude", paths=(os.path.join(repo, "a.py"),), edit_kind="Write",
                         cwd=repo, session="s"), cfg, session)
    core.handle(ev.Event(ev.POST_SHELL, "claude", command="sed -i s/1/2/ test_one.py", cwd=repo, session="s",
                         exit_code=0), cfg, session)
    core.handle(ev.Event(ev.MCP_TOOL, "claude", tool_name="mcp__files__write", cwd=repo, session="s"), cfg,
                session)
    stored = _stored(session, "edits")
    assert [e["kind"] for e in stored] == ["Write", "sed", "mcp__files__write"]
    assert all(list(e) == list(records.Edit.FIELDS) for e in stored)


def test_a_verdict_and_its_stop_record_have_their_json_forms(tmp_path, repo, session):
    cfg = _config(tmp_path, strictNoEvidence=True)
    stop = ev.Event(ev.STOP, "claude", cwd=repo, session="s", message="All tests pass.")
    decision = core.handle(stop, cfg, session)
    assert decision.kind == ev.BLOCK                      # no run at all: NONE, blocked (strictNoEvidence)
    entry, = _stored(session, "verdicts")
    assert list(entry) == ["ts", "session", "agent", "turn", "event", "verdicts", "blocked", "message"]
    verdict, = entry["verdicts"]
    assert list(verdict) == ["claim", "evidence", "freshness", "verdict", "action", "note"]
    assert (verdict["verdict"], verdict["action"], verdict["evidence"]) == ("NONE", "blocked", None)
    assert decision.verdicts == entry["verdicts"]


def test_records_refuse_fields_they_do_not_have():
    with pytest.raises(TypeError, match="Receipt has no field exitCode"):
        records.Receipt(id="r-0001", exitCode=0)
    run = records.Run(segment_index=2, runner="pytest", words=("pytest", "-q"))
    assert (run.category, run.scope, run.quiet, run.ignored, run.words) == ("test", "all", False, False,
                                                                            ["pytest", "-q"])
    assert run == records.Run(segment_index=2, runner="pytest", words=["pytest", "-q"])
    assert run != records.Run(segment_index=2, runner="jest")

"""Receipts: which part of a command line changed the working tree after its run."""

import copy

import pytest

from stalegreen.engine import receipts
from stalegreen.engine.config import DEFAULTS

CONFIG = copy.deepcopy(DEFAULTS)


@pytest.mark.parametrize("line, changed", [
    # after the run in the line: the run is evidence for a tree that is gone
    ("git stash -q && pytest -q; git stash pop -q", ["git stash pop -q"]),
    ("pytest -q && git checkout main", ["git checkout main"]),
    ("pytest -q 2>&1 | tee /tmp/log; git checkout -- .", ["git checkout -- ."]),
    ("pytest -q; git restore src/", ["git restore src/"]),
    ("pytest -q; sed -i s/a/b/ src/app.py", ["sed -i s/a/b/ src/app.py"]),
    ("for i in 1 2; do pytest -q; sed -i s/a/b/ x.py; done", ["sed -i s/a/b/ x.py"]),   # a loop comes round
    ("bash -c 'pytest -q; git stash pop'", ["bash -c 'pytest -q; git stash pop'"]),
    # before the run, in its own pipeline, outside the tree, or no change at all
    ("sed -i s/a/b/ x.py && pytest -q", [None]),
    ("git stash -q && pytest -q", [None]),
    ("pytest -q 2>&1 | tee log.txt", [None]),
    ("pytest -q; echo done > /tmp/x", [None]),
    ("pytest -q && git add -A && git commit -qm x", [None]),
    ("pytest -q; git diff --stat; git status", [None]),
    ("bash -c 'pytest -q 2>&1 | tail -3'", [None]),
])
def test_a_tree_change_after_the_run_in_the_same_line_is_found(line, changed):
    parse, runs = receipts._detect(line, CONFIG, "/repo")
    assert [receipts.tree_change_after(parse, run, "/repo", CONFIG) for run in runs] == changed


def _counting_find_runs(monkeypatch):
    from stalegreen.engine import catalog

    calls = []
    original = catalog.find_runs

    def counted(parse, config=None, cwd=None):
        calls.append(parse.text)
        return original(parse, config, cwd)

    monkeypatch.setattr(catalog, "find_runs", counted)
    return calls


@pytest.mark.parametrize("line", ["pytest -q 2>&1 | tee log.txt", "pytest -q; sed -i s/a/b/ src/app.py",
                                  "cd api && npm test && git checkout -- .", "bash -c 'pytest -q; git stash pop'"])
def test_a_line_is_walked_for_runs_once_for_its_receipts_and_its_edits(monkeypatch, line):
    from stalegreen.engine import edits, shell

    expected = edits.from_shell(shell.parse(line))      # a fresh parse: the edit reader on its own
    calls = _counting_find_runs(monkeypatch)
    parse, runs = receipts._detect(line, CONFIG, "/repo")
    assert runs and calls == [line]
    assert edits.from_shell(parse) == expected
    assert calls.count(line) == 1       # (a script inside the line is a line of its own)


def test_runners_the_config_adds_are_not_taken_for_the_edit_readers_runs(monkeypatch):
    """An ``extraRunners`` entry makes ``tee`` a run for the receipts; for the edits it still
    writes its file, so the edit reader walks the line itself."""
    from stalegreen.engine import edits, shell

    config = dict(CONFIG, extraRunners=[{"match": "^tee ", "name": "tee-check", "category": "lint"}])
    line = "pytest -q 2>&1 | tee log.txt"
    parse, runs = receipts._detect(line, config, "/repo")
    assert sorted(r.runner for r in runs) == ["pytest", "tee-check"]
    assert ("redirect", "log.txt") in edits.from_shell(parse) or ("tee", "log.txt") in edits.from_shell(parse)
    assert edits.from_shell(parse) == edits.from_shell(shell.parse(line))


@pytest.mark.parametrize("line, output, verdict", [
    ("pytest -q > out.log 2>&1 &", "", "inconclusive"),          # nothing of it reached the transcript
    ("pytest -q &", "..", "inconclusive"),                       # the line did not wait for the summary
    ("pytest -q & wait", "3 passed in 0.01s\n", "pass"),         # it did: the runner's own summary
    ("pytest -q & wait", "F..\n1 failed, 2 passed in 0.01s\n", "fail"),
])
def test_a_run_the_line_sends_to_the_background_is_recorded_with_its_status_hidden(sg_home, tmp_path, line,
                                                                                  output, verdict):
    """`pytest > out.log 2>&1 &` hides its status and usually its output: it is a run that hid its
    result, not no run at all (a failing suite so run used to leave no receipt)."""
    from stalegreen import hook
    from stalegreen.engine import store

    base = {"session_id": "s-bg", "cwd": str(tmp_path), "tool_name": "Bash", "tool_use_id": "t1",
            "tool_input": {"command": line}}
    hook.handle_payload("codex", "PreToolUse", dict(base, permission_mode="default"))
    hook.handle_payload("codex", "PostToolUse", dict(base, tool_response=output))
    found = store.Store().session("s-bg").read("receipts")
    assert [(r["runner"], r["verdict"], r["masked"]) for r in found] == [("pytest", verdict, True)]
    assert "background" in found[0]["maskReason"]
    stop = dict(base, hook_event_name="Stop", stop_hook_active=False, last_assistant_message="All tests pass.")
    reply, _ = hook.handle_payload("codex", "Stop", stop)
    assert ('"block"' in reply) == (verdict != "pass"), reply


@pytest.mark.parametrize("exit_file, blocked", [("1\n", True), ("0\n", False), (None, False)])
def test_a_wrapped_run_whose_post_event_never_came_is_judged_at_stop_from_its_exit_file(sg_home, tmp_path,
                                                                                        exit_file, blocked):
    """Codex skips PostToolUse for a process that outlived its yield time: the wrapper still wrote
    the run's log and exit file. At Stop the run is judged from them (as a background run is);
    with no exit file yet (still going) it is left alone."""
    import json
    import os

    from stalegreen import hook
    from stalegreen.engine import store

    base = {"session_id": "s-orphan", "cwd": str(tmp_path), "tool_name": "Bash", "tool_use_id": "t1",
            "tool_input": {"command": "pytest -q"}, "permission_mode": "bypassPermissions", "turn_id": "u1"}
    out, _ = hook.handle_payload("codex", "PreToolUse", base)
    assert "updatedInput" in out
    session = store.Store().session("s-orphan")
    (rid,) = [p["id"] for p in session.read("pending")]
    log = session.log_path(rid)
    summary = "1 failed, 2 passed in 0.02s\n" if exit_file == "1\n" else "3 passed in 0.01s\n"
    with open(log, "w") as fh:
        fh.write(summary)
    if exit_file is not None:
        with open(log + ".exit", "w") as fh:
            fh.write(exit_file)
    stop = dict(base, hook_event_name="Stop", stop_hook_active=False, last_assistant_message="All tests pass.")
    reply, _ = hook.handle_payload("codex", "Stop", stop)
    assert ('"block"' in reply) == blocked, reply
    found = session.read("receipts")
    assert [(r["id"], r["exit"], r["background"]) for r in found] == ([] if exit_file is None else [(rid, int(exit_file), True)])
    hook.handle_payload("codex", "Stop", dict(stop, stop_hook_active=True))
    assert len(session.read("receipts")) == len(found)                 # one receipt, however many stops
    assert json.loads(reply or "{}") is not None and os.path.exists(log)

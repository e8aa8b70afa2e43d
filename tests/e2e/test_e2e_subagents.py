"""Subagents (issue 4 scenario 6) on the real Claude Code (Agent/Task tool) and Codex
(``spawn_agent`` + ``wait_agent``): a subagent's runs are evidence for its parent, while the
subagent's own claims are gated at its SubagentStop, with a turn state of its own.
"""

import pytest

from hostcli.driver import Codex
from hostcli.scripts import say, shell, subagent

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"
CLAIM = "All 3 tests pass."
MARKER = "[stalegreen] exit=0"
# a shell edit, so the same script works on Codex's subagent model, which has no apply_patch
HEREDOC_EDIT = ("cat > calc/ops.py <<'EOF'\ndef add(a, b):\n    return b + a\n\n\n"
                "def sub(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\nEOF")


def subagent_host(make_host, make_project, host_name):
    options = {"model": Codex.SUBAGENT_MODEL} if host_name == "codex" else {}
    return make_host(host_name, make_project(), **options)


def assert_clean_run(session):
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()


def test_6_subagent_run_is_evidence_for_the_parent(make_project, make_host, host_name):
    host = subagent_host(make_host, make_project, host_name)
    parent_claim = "The subagent ran the suite: all 3 tests pass."
    session = host.run([subagent("SUBAGENT-TASK", [shell(PYTEST), say(CLAIM)]), say(parent_claim)])
    assert_clean_run(session)

    assert MARKER in session.shell_outputs("subagent")[0], session.describe()
    receipts = session.receipts()
    assert len(receipts) == 1 and receipts[0]["agent"], "the run is recorded as the subagent's\n" + session.describe()
    assert session.feedback() == [] and session.feedback("subagent") == [], session.describe()

    verdicts = session.verdicts()
    assert [(v["event"], v["verdict"], v["action"]) for v in verdicts] == [
        ("SubagentStop", "FRESH", "allowed"), ("Stop", "FRESH", "allowed")], session.describe()
    assert verdicts[0]["agent"] == receipts[0]["agent"] and not verdicts[1]["agent"], session.describe()
    assert verdicts[1]["evidence"]["receipt"] == receipts[0]["id"], session.describe()
    assert session.final_text() == parent_claim


def test_6_subagent_stale_claim_is_blocked_at_subagent_stop(make_project, make_host, host_name):
    host = subagent_host(make_host, make_project, host_name)
    sub_rerun = "Re-ran after my edit: all 3 tests pass."
    session = host.run([
        subagent("SUBAGENT-TASK", [shell(PYTEST), shell(HEREDOC_EDIT, "Rewrite add"), say(CLAIM),
                                   shell(PYTEST), say(sub_rerun)]),
        say("The subagent re-ran the suite after its edit: all 3 tests pass.")])
    assert_clean_run(session)

    receipts = session.receipts()
    assert len(receipts) == 2 and all(r["agent"] for r in receipts), session.describe()
    reasons = session.feedback("subagent")
    assert len(reasons) == 1 and "stale" in reasons[0].lower() and receipts[0]["id"] in reasons[0], \
        session.describe()
    assert session.feedback() == [], "the parent's claim rests on the subagent's rerun\n" + session.describe()
    assert [(v["event"], v["verdict"], v["action"]) for v in session.verdicts()] == [
        ("SubagentStop", "STALE", "blocked"), ("SubagentStop", "FRESH", "allowed"), ("Stop", "FRESH", "allowed")], \
        session.describe()


def test_6_parent_claim_after_an_unverified_subagent_edit_is_stale(make_project, make_host, host_name):
    # the subagent edits and says nothing about tests; the parent then quotes its own older run
    host = subagent_host(make_host, make_project, host_name)
    session = host.run([shell(PYTEST),
                        subagent("SUBAGENT-TASK", [shell(HEREDOC_EDIT, "Rewrite add"), say("Rewrote add().")],
                                 task="rewrite add()"),
                        say(CLAIM), shell(PYTEST), say("Re-ran after the subagent's edit: all 3 tests pass.")])
    assert_clean_run(session)

    first = session.receipts()[0]
    reasons = session.feedback()
    assert len(reasons) == 1 and "stale" in reasons[0].lower() and first["id"] in reasons[0], session.describe()
    assert [(v["event"], v["verdict"], v["action"]) for v in session.verdicts()] == [
        ("Stop", "STALE", "blocked"), ("Stop", "FRESH", "allowed")], session.describe()


def test_claude_background_subagent_failing_run_blocks_the_claim_after_its_notification(make_project, make_host):
    # Claude 2.1.3xx runs subagents in the background: the parent's turn ends first, and the
    # subagent's result arrives later as a <task-notification> prompt that starts a new turn
    host = make_host("claude", make_project(broken=True))
    honest = "The subagent's run shows 1 failing test: test_sub."
    session = host.run([subagent("SUBAGENT-TASK", [shell(PYTEST), say("1 of the 3 tests fails: test_sub.")],
                                 background=True),
                        say("A subagent is running the suite."), say(CLAIM), say(honest)])
    agent_tool = session.offered_tool("Agent", "Task") or {}
    if "run_in_background" not in ((agent_tool.get("input_schema") or {}).get("properties") or {}):
        pytest.skip("this Claude Code runs subagents in the foreground only")
    assert_clean_run(session)

    receipt, = session.receipts() or [None]
    assert receipt and receipt["agent"] and receipt["verdict"] == "fail", session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and receipt["id"] in reasons[0], session.describe()
    assert [(v["event"], v["verdict"], v["action"]) for v in session.verdicts()] == [("Stop", "FAILED", "blocked")], \
        session.describe()
    assert session.final_text() == honest

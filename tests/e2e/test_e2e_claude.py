"""Claude Code only: subagents (issue 4 scenario 6) and the ``inherit`` permission policy.

Subagent runs are evidence for the parent, while each subagent's claims are gated at its own
SubagentStop. ``permission: inherit`` (the default) may approve a rewritten command only when
the user's own Claude rules already allow the original one, and must never widen them.
"""

import json
import os

import pytest

from hostcli.scripts import edit, say, shell, subagent

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"
CLAIM = "All 3 tests pass."
MARKER = "[stalegreen] exit=0"


def assert_clean_run(session):
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()


def test_6_subagent_run_is_evidence_for_the_parent(make_project, make_host):
    host = make_host("claude", make_project())
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


def test_6_subagent_stale_claim_is_blocked_at_subagent_stop(make_project, make_host):
    host = make_host("claude", make_project())
    sub_rerun = "Re-ran after my edit: all 3 tests pass."
    session = host.run([
        subagent("SUBAGENT-TASK", [shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"),
                                   say(CLAIM), shell(PYTEST), say(sub_rerun)]),
        say("The subagent re-ran the suite after its edit: all 3 tests pass.")])
    assert_clean_run(session)

    first = session.receipts()[0]
    reasons = session.feedback("subagent")
    assert len(reasons) == 1 and "stale" in reasons[0].lower() and first["id"] in reasons[0], session.describe()
    assert session.feedback() == [], "the parent's claim rests on the subagent's rerun\n" + session.describe()
    assert [(v["event"], v["verdict"], v["action"]) for v in session.verdicts()] == [
        ("SubagentStop", "STALE", "blocked"), ("SubagentStop", "FRESH", "allowed"), ("Stop", "FRESH", "allowed")], \
        session.describe()


def write_user_rules(host, allow):
    """The project's local settings with the user's own permission rules (as Claude saves them)."""
    path = os.path.join(host.project, ".claude", "settings.local.json")
    with open(path, "w") as f:
        json.dump({"permissions": {"allow": allow}}, f, indent=2)
    host.commit_project("local permission rules")


def test_inherit_approves_the_rewrite_when_the_user_allows_the_original(make_project, make_host):
    host = make_host("claude", make_project())
    host.allowed_tools = ()          # nothing granted on the command line: only the settings rule
    write_user_rules(host, ["Bash(python3 -m pytest:*)"])
    session = host.run([shell(PYTEST), say(CLAIM)])
    assert_clean_run(session)

    output = session.shell_outputs()[0]
    assert MARKER in output and "3 passed" in output, \
        "the wrapped command ran without a prompt because the original was allowed\n" + session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("FRESH", "allowed")], session.describe()


def test_inherit_never_widens_what_the_user_allowed(make_project, make_host):
    host = make_host("claude", make_project())
    host.allowed_tools = ()          # no rule allows pytest: Claude in -p denies it
    session = host.run([shell(PYTEST), say("I could not run the tests.")])
    assert_clean_run(session)

    output = session.shell_outputs()[0]
    assert "3 passed" not in output and MARKER not in output, \
        "a rewrite must not turn a denied command into an approved one\n" + session.describe()
    assert [r for r in session.receipts() if r.get("verdict") == "pass"] == [], session.describe()

"""Claude Code only: the ``inherit`` permission policy on the real CLI.

``permission: inherit`` (the default) may approve a rewritten command only when the user's own
Claude rules already allow the original one, and must never widen them.
"""

import json
import os

import pytest

from hostcli.scripts import say, shell

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"
CLAIM = "All 3 tests pass."
MARKER = "[stalegreen] exit=0"


def only_verdict(session):
    verdicts = session.verdicts()
    assert len(verdicts) == 1, session.describe()
    return verdicts[0]


def assert_clean_run(session):
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()


def write_user_rules(host, allow, where):
    """The user's own permission rules, where Claude keeps them: the project's local settings
    ("Yes, and don't ask again") or the user settings in ``$CLAUDE_CONFIG_DIR``."""
    if where == "project-local":
        path = os.path.join(host.project, ".claude", "settings.local.json")
    else:
        path = os.path.join(host.config_dir, "settings.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"permissions": {"allow": allow}}, f, indent=2)
    host.commit_project("local permission rules")


@pytest.mark.parametrize("where", ["project-local", "user"])
def test_inherit_approves_the_rewrite_when_the_user_allows_the_original(make_project, make_host, where):
    host = make_host("claude", make_project())
    host.allowed_tools = ()          # nothing granted on the command line: only the settings rule
    write_user_rules(host, ["Bash(python3 -m pytest:*)"], where)
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


# sleep first, so the run is still going when the turn's first Stop fires; Claude then delivers a
# <task-notification> as a new prompt, and the model's next claim is judged on the finished run
BACKGROUND_PYTEST = "sleep 3; python3 -m pytest -q"


def test_background_run_is_deferred_then_resolved_by_the_task_notification(make_project, make_host):
    host = make_host("claude", make_project())
    after = "The background run finished: all 3 tests pass."
    session = host.run([shell(BACKGROUND_PYTEST, background=True),
                        say("Started the suite in the background; all 3 tests pass."), say(after)])
    assert_clean_run(session)

    assert session.feedback() == [], session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("DEFERRED", "allowed"), ("FRESH", "allowed")], \
        session.describe()
    receipt, = session.receipts() or [None]
    assert receipt and receipt["exit"] == 0 and receipt["verdict"] == "pass", session.describe()
    assert session.final_text() == after


def test_failing_background_run_blocks_the_claim_made_after_its_notification(make_project, make_host):
    host = make_host("claude", make_project(broken=True))
    honest = "The background run reports 1 failing test: test_sub."
    session = host.run([shell(BACKGROUND_PYTEST, background=True),
                        say("Started the suite in the background; all 3 tests pass."), say(CLAIM), say(honest)])
    assert_clean_run(session)

    receipt, = session.receipts() or [None]
    assert receipt and receipt["exit"] == 1 and receipt["verdict"] == "fail", session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and receipt["id"] in reasons[0], session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("DEFERRED", "allowed"), ("FAILED", "blocked")], \
        session.describe()
    assert session.final_text() == honest


def test_run_killed_by_the_bash_timeout_is_no_pass(make_project, make_host):
    # in -p mode Claude kills a foreground command at its timeout (exit 143): the run has no
    # result, and a run stopped with a known exit is never a pass (docs/VERDICTS.md): blocked once
    host = make_host("claude", make_project())
    session = host.run([shell("sleep 5; python3 -m pytest -q", timeout_ms=1000), say(CLAIM)])
    assert_clean_run(session)
    assert "timed out" in session.shell_outputs()[0], session.describe()

    receipt, = session.receipts() or [None]
    assert receipt and receipt["verdict"] == "inconclusive" and receipt["exit"] == 143, session.describe()
    first = session.records("verdicts")[0]["verdicts"]
    assert [(v["verdict"], v["action"]) for v in first] == [("FAILED", "blocked")], session.describe()
    reason, = session.feedback() or [None]
    assert reason and "exit 143" in reason and receipt["id"] in reason, session.describe()

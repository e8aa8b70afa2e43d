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


def assert_clean_run(session):
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()


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

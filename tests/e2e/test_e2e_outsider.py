"""Outsider scenarios through the real Claude Code and Codex CLIs (offline, scripted model).

The verdict rules these check are docs/VERDICTS.md 3a (a named test beside a failure elsewhere)
and 8a (a run without a result replaces no earlier run); tests/hosts/test_outsider_sessions.py
plays the same sessions through the hook entry.
"""

import pytest

from hostcli.scripts import say, shell

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"


def _clean(session):
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()


def test_a_named_test_that_passed_beside_an_unrelated_failure_is_not_blocked(make_project, make_host, host_name):
    # test_sub fails (broken project); the whole suite ran, and pytest lists test_sub alone
    host = make_host(host_name, make_project(broken=True))
    session = host.run([shell(PYTEST), say("test_add passes.")])
    _clean(session)
    receipt, = session.receipts()
    assert (receipt["verdict"], receipt["scope"]) == ("fail", "all"), session.describe()
    assert session.feedback() == [], session.describe()
    assert [v["verdict"] for v in session.verdicts()] == ["FRESH"], session.describe()
    assert session.final_text() == "test_add passes."


def test_naming_the_failing_test_is_blocked(make_project, make_host, host_name):
    host = make_host(host_name, make_project(broken=True))
    honest = "test_sub still fails."
    session = host.run([shell(PYTEST), say("test_sub passes now."), say(honest)])
    _clean(session)
    reason, = session.feedback()
    receipt, = session.receipts()
    assert receipt["id"] in reason, session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()][0] == ("FAILED", "blocked"), session.describe()
    assert session.final_text() == honest


def test_a_run_that_found_no_tests_does_not_hide_the_failure_before_it(make_project, make_host, host_name):
    # `python3 -m unittest` finds no unittest cases in a pytest suite ("Ran 0 tests")
    host = make_host(host_name, make_project(broken=True))
    honest = "test_sub fails; unittest found no tests to run."
    session = host.run([shell(PYTEST), shell("python3 -m unittest"), say("All tests pass."), say(honest)])
    _clean(session)
    reason, = session.feedback()
    first = session.receipts()[0]
    assert first["verdict"] == "fail" and first["id"] in reason, session.describe()
    assert session.verdicts()[0]["action"] == "blocked", session.describe()
    assert session.final_text() == honest

"""Codex only: hooks trusted the way a user trusts them (``stalegreen install --codex --trust``
records what ``/hooks`` would), so ``codex exec`` runs them without the bypass flag."""

import os
import shutil
import tempfile

import pytest

from hostcli.scripts import edit, polled_shell, say, shell

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"


def test_hooks_trusted_by_install_run_without_the_bypass_flag(make_project, make_host):
    host = make_host("codex", make_project(), trust="install")
    with open(os.path.join(host.codex_home, "config.toml")) as f:
        assert "trusted_hash" in f.read(), "install --trust records the hooks' hashes"
    assert "--dangerously-bypass-hook-trust" not in host.argv("x")

    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"),
                        say("All 3 tests pass."), shell(PYTEST), say("Re-ran: all 3 tests pass.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()
    assert "[stalegreen] exit=0" in session.shell_outputs()[0], session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and "stale" in reasons[0].lower(), session.describe()


def test_permission_ask_leaves_the_line_alone_and_the_runner_summary_decides(make_project, make_host):
    # permission "ask": Codex takes a rewrite only with an allow, so none is sent; the agent's
    # `| tail -5` hides pytest's exit status (Codex reports tail's 0), and the summary line must decide
    host = make_host("codex", make_project(broken=True, config={"permission": "ask"}))
    honest = "1 of the 3 tests fails: test_sub."
    session = host.run([shell(PYTEST + " | tail -5"), say("All 3 tests pass."), say(honest)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()

    output = session.shell_outputs()[0]
    assert "[stalegreen]" not in output and "Process exited with code 0" in output, session.describe()
    receipt, = session.receipts() or [None]
    assert receipt and receipt["verdict"] == "fail" and receipt["wrapped"] is False, session.describe()
    assert (receipt.get("counts") or {}).get("failed") == 1, session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and receipt["id"] in reasons[0], session.describe()
    assert session.final_text() == honest


def test_slow_run_polled_with_write_stdin_is_recorded_when_it_ends(make_project, make_host):
    # Codex returns "Process running with session ID N" and fires PostToolUse only when the
    # command ends, during the model's write_stdin poll: the receipt must come from that late event
    host = make_host("codex", make_project(broken=True))
    honest = "1 of the 3 tests fails: test_sub."
    session = host.run([polled_shell("sleep 1; " + PYTEST), say("All 3 tests pass."), say(honest)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()

    started, finished = [text for _, text in session.tool_outputs()]
    assert "Process running with session ID" in started, session.describe()
    assert "[stalegreen] exit=1" in finished, "the polled output carries the wrapped run's marker\n" + session.describe()
    receipt, = session.receipts() or [None]
    assert receipt and receipt["exit"] == 1 and receipt["verdict"] == "fail", session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and receipt["id"] in reasons[0], session.describe()
    assert session.final_text() == honest


def test_workspace_write_sandbox_still_records_the_real_result(make_project, make_host, request):
    # inside Codex's sandbox the wrapped run cannot write its log to the store (outside the
    # workspace); the run must still happen with its exit status, and the verdict still hold
    host = make_host("codex", make_project(broken=True), sandbox="workspace-write")
    # the store where a user has it, outside the sandbox's writable roots (the workspace, /tmp)
    store_parent = tempfile.mkdtemp(prefix="stalegreen-e2e-store-", dir="/var/tmp")
    request.addfinalizer(lambda: shutil.rmtree(store_parent, ignore_errors=True))
    host.sg_home = os.path.join(store_parent, "stalegreen-home")
    host.install_stalegreen()
    honest = "1 of the 3 tests fails: test_sub."
    session = host.run([shell(PYTEST + " | tail -5"), say("All 3 tests pass."), say(honest)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()

    output = session.shell_outputs()[0]
    assert "1 failed" in output and "Process exited with code 1" in output, \
        "the run kept pytest's exit status although its log could not be written\n" + session.describe()
    receipt, = session.receipts() or [None]
    # Codex's hook payload carries no exit status and the exit file could not be written, so the
    # runner's summary decides
    assert receipt and receipt["verdict"] == "fail" and receipt["counts"].get("failed") == 1, session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and receipt["id"] in reasons[0], session.describe()
    assert session.final_text() == honest

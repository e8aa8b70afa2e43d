"""The harness itself, before any stalegreen logic: do the real CLIs talk to our scripted model
and deliver hook payloads, offline? A recording hook (no stalegreen) is registered for every event.
"""

import os

import pytest

from hostcli.scripts import edit, say, shell, subagent

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"


def test_cli_runs_scripted_turns_and_hooks_see_payloads(make_project, make_host, host_name, tmp_path):
    project = make_project()
    host = make_host(host_name, project, stalegreen=False)
    host.install_recorder(str(tmp_path / "hooks.jsonl"))
    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"),
                        say("All 3 tests pass.")])
    assert session.rc == 0 and not session.timed_out, session.describe()

    # the model got the real output of the real command
    outputs = session.shell_outputs()
    assert len(outputs) == 1 and "3 passed" in outputs[0], session.describe()
    # the scripted edit really happened
    assert "return b * a" in open(os.path.join(project, "calc", "ops.py")).read()
    assert session.final_text() == "All 3 tests pass."

    events = [(r["event"], r["payload"]) for r in session.hook_log()]
    names = [name for name, _ in events]
    pre_bash = [p for name, p in events if name == "PreToolUse" and p.get("tool_name") == "Bash"]
    assert [p["tool_input"]["command"] for p in pre_bash] == [PYTEST], names
    post_bash = [p for name, p in events if name == "PostToolUse" and p.get("tool_name") == "Bash"]
    assert len(post_bash) == 1 and "3 passed" in str(post_bash[0]["tool_response"]), names
    stops = [p for name, p in events if name == "Stop"]
    assert len(stops) == 1 and stops[0]["last_assistant_message"] == "All 3 tests pass.", names
    assert stops[0]["stop_hook_active"] is False
    edits = [p for name, p in events if name == "PostToolUse" and p.get("tool_name") in ("Edit", "apply_patch")]
    assert len(edits) == 1, names
    assert names.index("UserPromptSubmit") < names.index("PreToolUse") < names.index("Stop")
    if host_name == "codex":
        assert all(p.get("turn_id") for name, p in events if name not in ("SessionStart", "SessionEnd"))


def test_driver_reads_a_stop_block_back_out_of_the_model_requests(make_project, make_host, host_name, tmp_path):
    host = make_host(host_name, make_project(), stalegreen=False)
    host.install_recorder(str(tmp_path / "hooks.jsonl"), block=["Stop"])
    session = host.run([say("All 3 tests pass."), say("Checked again: all 3 tests pass.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.feedback() == ["recorder blocks Stop"], session.describe()
    stops = [r["payload"] for r in session.hook_log() if r["event"] == "Stop"]
    assert [s["stop_hook_active"] for s in stops] == [False, True]
    assert session.final_text() == "Checked again: all 3 tests pass."


def test_claude_subagent_has_its_own_conversation_and_subagent_stop(make_project, make_host, tmp_path):
    host = make_host("claude", make_project(), stalegreen=False)
    host.install_recorder(str(tmp_path / "hooks.jsonl"), block=["SubagentStop"])
    session = host.run([subagent("SUBAGENT-TASK", [shell(PYTEST), say("Sub: all 3 tests pass."), say("Sub again.")]),
                        say("Done.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.feedback("subagent") == ["recorder blocks SubagentStop"], session.describe()
    assert session.feedback() == [], session.describe()
    assert "3 passed" in session.shell_outputs("subagent")[0], session.describe()
    events = session.hook_log()
    agent_ids = {r["payload"].get("agent_id") for r in events if r["event"] in ("PreToolUse", "PostToolUse")
                 and r["payload"].get("tool_name") == "Bash"}
    stop_ids = {r["payload"].get("agent_id") for r in events if r["event"] == "SubagentStop"}
    assert len(agent_ids) == 1 and None not in agent_ids and agent_ids == stop_ids, events


def test_sessions_have_no_network_but_loopback(make_project, make_host, host_name, tmp_path):
    # a documentation address (TEST-NET-1): with only `lo` up there is no route, so nothing is sent
    probe = ("python3 -c \"import socket; socket.create_connection(('192.0.2.1', 80), timeout=3)\" 2>&1 "
             "| tail -1")
    host = make_host(host_name, make_project(), stalegreen=False)
    host.install_recorder(str(tmp_path / "hooks.jsonl"))
    session = host.run([shell(probe, "Probe the network"), say("Done.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert "Network is unreachable" in session.shell_outputs()[0], session.describe()

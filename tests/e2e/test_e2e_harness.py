"""The harness itself, before any stalegreen logic: do the real CLIs talk to our scripted model
and deliver hook payloads, offline? A recording hook (no stalegreen) is registered for every event.
"""

import os

import pytest

from hostcli.scripts import edit, say, shell

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

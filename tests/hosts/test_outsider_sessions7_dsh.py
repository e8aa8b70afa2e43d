"""Outsider sessions, seventh set (continued): the dsh host through the real hook process, and
hook entries fed malformed payloads (fail-open: allow, and only output the host can parse).
Expectations fixed from README.md, docs/VERDICTS.md and dsh-bridge/README.md before running."""

import json
import subprocess

import pytest

from stalegreen import hook
from test_dsh import DshSession, run_hook
from test_redteam_sessions import BROKEN_TEST

SUB_ALT = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return -(b - a)\n"


# ============================================================== fail-open

def _raw(host, event_name, payload):
    out, code = hook.handle_payload(host, event_name, payload)
    return out, code


@pytest.mark.parametrize("host", ["claude", "codex"])
# (short ids: a 3 MB id would reach every subprocess through PYTEST_CURRENT_TEST, past the kernel's limit
# for one environment string under the older pytest the other interpreters have)
@pytest.mark.parametrize("message", [None, 42, ["All tests pass."], {"text": "All tests pass."}, "\ud800 tests pass",
                                     "All tests pass.\x00", "x" * 3000000],
                         ids=["none", "number", "list", "object", "lone-surrogate", "nul", "3-mb"])
def test_stop_with_odd_messages_fails_open(host, message, project, sg_home):
    payload = {"session_id": "odd-%s" % host, "turn_id": "t", "transcript_path": None, "cwd": str(project),
               "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": message}
    out, code = _raw(host, "Stop", payload)
    assert code == 0
    if host == "codex":
        assert json.loads(out) is not None
    elif out.strip():
        json.loads(out)


@pytest.mark.parametrize("host", ["claude", "codex"])
@pytest.mark.parametrize("cwd", [None, 7, "/nonexistent/dir", "", "relative/dir", "/dev/null"])
def test_events_with_odd_cwd_fail_open(host, cwd, sg_home):
    for name, extra in (("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "pytest"}}),
                        ("PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "pytest"},
                                         "tool_response": {"stdout": "1 failed"}}),
                        ("Stop", {"last_assistant_message": "All tests pass."})):
        payload = dict({"session_id": "cwd-%s" % host, "turn_id": "t", "cwd": cwd, "hook_event_name": name}, **extra)
        out, code = _raw(host, name, payload)
        assert code == 0
        if out.strip() or (host == "codex" and name == "Stop"):
            json.loads(out)


# ============================================================== dsh host

def test_dsh_failed_run_claimed_in_chinese(project, sg_home, suite_cmd):
    """Steer: a failing run, then "所有测试都通过了".""" 
    (project / "test_wrong.py").write_text(BROKEN_TEST)
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    steer = s.stop(1, "修好了，所有测试都通过了。")
    assert steer and steer["kind"] == "steer", steer


def test_dsh_write_tool_with_relative_path_after_pass(project, sg_home, suite_cmd):
    """Steer (STALE): dsh's `write` tool with a relative `path` after the pass."""
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    (project / "calc.py").write_text(SUB_ALT)
    call = dict(s._base(), tool="write", callId="call_w", arguments={"path": "calc.py", "content": SUB_ALT},
                result={"isError": False, "text": "Wrote calc.py", "error": None, "value": {}})
    run_hook("tools/post-execute", call, sg_home)
    steer = s.stop(1, "All tests pass.")
    assert steer and steer["kind"] == "steer", steer


def test_dsh_apply_patch_without_a_path_argument(project, sg_home, suite_cmd):
    """Steer (STALE): an apply_patch tool carrying the patch text, not a file_path, is an edit."""
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    (project / "calc.py").write_text(SUB_ALT)
    patch = "*** Begin Patch\n*** Update File: calc.py\n@@\n-    return a - b\n+    return -(b - a)\n*** End Patch\n"
    call = dict(s._base(), tool="apply_patch", callId="call_p", arguments={"input": patch},
                result={"isError": False, "text": "Success. Updated the following files:\nM calc.py", "error": None,
                        "value": {}})
    run_hook("tools/post-execute", call, sg_home)
    steer = s.stop(1, "All tests pass.")
    assert steer and steer["kind"] == "steer", steer    # the edit has no path (dsh 0.1.0-rc.8 has no such tool)


def test_dsh_blocked_once_per_turn_then_next_turn(project, sg_home, suite_cmd):
    """Steer in turn 1; the same claim again in turn 1 goes; in turn 2 (still failing) steer again."""
    (project / "test_wrong.py").write_text(BROKEN_TEST)
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    assert s.stop(1, "All tests pass.")
    assert s.stop(1, "All tests pass.") is None
    s.bash(suite_cmd)
    steer = s.stop(2, "All tests pass.")
    assert steer and steer["kind"] == "steer", steer


def test_dsh_subagent_run_fails_parent_claims(project, sg_home, suite_cmd):
    """Steer: a subagent (agent set) ran the failing suite; the session's own agent claims."""
    (project / "test_wrong.py").write_text(BROKEN_TEST)
    s = DshSession(project, sg_home)
    base = s._base
    s._base = lambda: dict(base(), agent="agent-sub-1")
    s.bash(suite_cmd)
    s._base = base
    steer = s.stop(1, "All tests pass.")
    assert steer and steer["kind"] == "steer", steer


def test_dsh_workdir_run_fails_claim_at_root(project, sg_home, suite_cmd):
    """Steer: the bash call ran the whole suite from workdir pkg (its tests fail); the claim at the
    root is about the whole suite, and the failing part is against it."""
    (project / "pkg").mkdir()
    (project / "pkg" / "test_pkg.py").write_text("def test_pkg():\n    assert 1 == 2\n")
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    proc = subprocess.run(["bash", "-c", suite_cmd], cwd=str(project / "pkg"), capture_output=True, text=True)
    call = dict(s._base(), tool="bash", callId="call_wd", arguments={"command": suite_cmd, "workdir": "pkg"},
                result={"isError": False, "text": proc.stdout + "\n[exit code: %d]" % proc.returncode, "error": None,
                        "value": {"kind": "foreground", "exitCode": proc.returncode}})
    run_hook("tools/post-execute", call, sg_home)
    steer = s.stop(1, "All tests pass.")
    assert steer and steer["kind"] == "steer", steer


def _dsh_call(s, tool, arguments, result):

    s.calls += 1
    call = dict(s._base(), tool=tool, callId="call_x%d" % s.calls, arguments=arguments, result=result)
    assert run_hook("tools/post-execute", call, s.home) == ("", 0)


def test_dsh_background_run_fails_then_claim(project, sg_home, suite_cmd):
    """Steer: `run_in_background` starts the suite; job_output reports it completed with exit 1."""

    (project / "test_wrong.py").write_text(BROKEN_TEST)
    s = DshSession(project, sg_home)
    _dsh_call(s, "bash", {"command": suite_cmd, "run_in_background": True},
              {"isError": False, "text": "started job j-1", "value": {"kind": "background", "jobId": "j-1"}})
    proc = subprocess.run(["bash", "-c", suite_cmd], cwd=str(project), capture_output=True, text=True)
    _dsh_call(s, "job_output", {"job_id": "j-1"},
              {"isError": False, "text": proc.stdout + "[status: completed, exit code: %d]" % proc.returncode})
    steer = s.stop(1, "All tests pass.")
    assert steer and steer["kind"] == "steer", (steer, s.records("receipts"), s.records("deferred"))


def test_dsh_background_run_still_running_then_claim_after_a_failure(project, sg_home, suite_cmd):
    """Steer: a completed run failed; a background rerun is still running (DEFERRED never
    outranks a failure, VERDICTS)."""
    (project / "test_wrong.py").write_text(BROKEN_TEST)
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    _dsh_call(s, "bash", {"command": suite_cmd, "run_in_background": True},
              {"isError": False, "text": "started job j-2", "value": {"kind": "background", "jobId": "j-2"}})
    _dsh_call(s, "job_output", {"job_id": "j-2"}, {"isError": False, "text": "collecting ...\n[status: running]"})
    steer = s.stop(1, "All tests pass.")
    assert steer and steer["kind"] == "steer", steer


def test_dsh_str_replace_editor_edit_after_pass(project, sg_home, suite_cmd):
    """Steer (STALE): str_replace_editor's str_replace with a `path` after the pass."""
    s = DshSession(project, sg_home)
    s.bash(suite_cmd)
    (project / "calc.py").write_text(SUB_ALT)
    _dsh_call(s, "str_replace_editor", {"command": "str_replace", "path": str(project / "calc.py"),
                                        "old_str": "return a - b", "new_str": "return -(b - a)"},
              {"isError": False, "text": "The file has been edited.", "value": {}})
    steer = s.stop(1, "所有测试都通过了。")
    assert steer and steer["kind"] == "steer" and "calc.py" in steer["text"], steer


def test_dsh_stop_without_message_or_turn_fails_open(project, sg_home):
    """Nothing to judge: an empty steer-free reply for odd turn-stopping payloads."""

    for payload in ({"session": "s1", "cwd": str(project)}, {"session": "s1", "cwd": str(project), "turn": True,
                    "message": ["All tests pass."]}, {"session": 7, "cwd": 7, "message": 7}):
        assert run_hook("agent/turn-stopping", payload, sg_home) == ("", 0)

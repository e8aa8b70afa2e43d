"""Drive the hook entry through whole agent sessions, with the real payload shapes.

A ``HostSession`` plays the host's part: it sends PreToolUse, really runs the (possibly
rewritten) command with bash in a real project, sends the host's post-run event with the
output and exit status exactly as that host reports them, and sends Stop with the final
message. Payload fields mirror captures from Claude Code 2.1.x and Codex 0.171.
"""

import json
import os
import subprocess
import uuid

from stalegreen import hook


def run_shell(command, cwd, env=None):
    """Run ``command`` as the host's shell tool would. Without ``env``: this process's environment,
    with Python's bytecode cache off. A scenario edits a source file and reruns within a second, and
    CPython keys its cached bytecode on the source's mtime (whole seconds) and size: a same-size edit
    (`a + b` -> `a - b`, then `git reset --hard`) would be run from the stale cache."""
    if env is None:
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


class HostSession(object):
    host = None

    def __init__(self, project, permission_mode="default", session_id=None):
        self.project = str(project)
        self.session_id = session_id or str(uuid.uuid4())
        self.permission_mode = permission_mode
        self.turn = str(uuid.uuid4())
        self.calls = 0
        self.log = []

    # -- plumbing
    def send(self, event_name, payload):
        out, code = hook.handle_payload(self.host, event_name, payload)
        reply = json.loads(out) if out.strip() else None
        self.log.append((event_name, payload, reply, code))
        return reply, code

    def new_turn(self):
        self.turn = str(uuid.uuid4())

    def _tool_id(self):
        self.calls += 1
        return "toolu_%s_%d" % (self.session_id[:6], self.calls)


class ClaudeSession(HostSession):
    host = "claude"

    def base(self, event_name, agent=None):
        payload = {
            "session_id": self.session_id,
            "transcript_path": "/tmp/none/%s.jsonl" % self.session_id,
            "cwd": self.project, "prompt_id": self.turn, "permission_mode": self.permission_mode,
            "hook_event_name": event_name,
        }
        if agent:
            payload["agent_id"] = agent
            payload["agent_type"] = "general-purpose"
        return payload

    def bash(self, command, background=False, agent=None, execute=True):
        """Returns (pre_reply, exit_code, output seen by the agent)."""
        tool_id = self._tool_id()
        tool_input = {"command": command, "description": "run it"}
        if background:
            tool_input["run_in_background"] = True
        pre = self.base("PreToolUse", agent)
        pre.update({"tool_name": "Bash", "tool_input": tool_input, "tool_use_id": tool_id})
        reply, _ = self.send("PreToolUse", pre)
        ran = dict(tool_input)
        hso = (reply or {}).get("hookSpecificOutput") or {}
        if hso.get("permissionDecision") == "deny":
            return reply, None, hso.get("permissionDecisionReason")
        if "updatedInput" in hso:
            ran = hso["updatedInput"]
        if not execute:
            return reply, None, ""
        if background:
            self.pending_background = (tool_id, ran["command"])
            post = self.base("PostToolUse", agent)
            post.update({"tool_name": "Bash", "tool_input": ran, "tool_use_id": tool_id,
                         "tool_response": {"stdout": "", "stderr": "", "interrupted": False, "isImage": False,
                                           "noOutputExpected": False, "backgroundTaskId": "bt" + tool_id[-6:]}})
            self.send("PostToolUse", post)
            return reply, None, ""
        code, stdout, stderr = run_shell(ran["command"], self.project)
        if code == 0:
            post = self.base("PostToolUse", agent)
            post.update({"tool_name": "Bash", "tool_input": ran, "tool_use_id": tool_id, "duration_ms": 50,
                         "tool_response": {"stdout": stdout.rstrip("\n"), "stderr": stderr.rstrip("\n"),
                                           "interrupted": False, "isImage": False, "noOutputExpected": False}})
            self.send("PostToolUse", post)
        else:
            post = self.base("PostToolUseFailure", agent)
            combined = "\n".join(x for x in (stderr.rstrip("\n"), stdout.rstrip("\n")) if x)
            post.update({"tool_name": "Bash", "tool_input": ran, "tool_use_id": tool_id,
                         "error": "Exit code %d\n%s" % (code, combined), "is_interrupt": False, "duration_ms": 50})
            self.send("PostToolUseFailure", post)
        return reply, code, stdout + stderr

    def finish_background(self):
        """Run the backgrounded command for real, then deliver Claude's task notification."""
        tool_id, command = self.pending_background
        code, stdout, stderr = run_shell(command, self.project)
        self.new_turn()
        status = "completed" if code == 0 else "failed"
        summary = ('Background command "run it" completed (exit code 0)' if code == 0
                   else 'Background command "run it" failed with exit code %d' % code)
        prompt = ("<task-notification>\n<task-id>bt%s</task-id>\n<tool-use-id>%s</tool-use-id>\n"
                  "<status>%s</status>\n<summary>%s</summary>\n</task-notification>"
                  % (tool_id[-6:], tool_id, status, summary))
        payload = self.base("UserPromptSubmit")
        payload["prompt"] = prompt
        self.send("UserPromptSubmit", payload)
        return code

    def edit(self, relpath, text, agent=None, tool="Write"):
        path = os.path.join(self.project, relpath)
        write_source(path, text)
        payload = self.base("PostToolUse", agent)
        payload.update({"tool_name": tool, "tool_input": {"file_path": path, "content": text},
                        "tool_response": {"type": "update", "filePath": path}, "tool_use_id": self._tool_id()})
        self.send("PostToolUse", payload)

    def stop(self, message, agent=None, active=False):
        event_name = "SubagentStop" if agent else "Stop"
        payload = self.base(event_name, agent)
        payload.update({"stop_hook_active": active, "last_assistant_message": message,
                        "background_tasks": [], "session_crons": []})
        reply, code = self.send(event_name, payload)
        return reply


class CodexSession(HostSession):
    host = "codex"

    def __init__(self, project, permission_mode="bypassPermissions", session_id=None):
        HostSession.__init__(self, project, permission_mode, session_id)

    def base(self, event_name):
        return {"session_id": self.session_id, "turn_id": self.turn, "transcript_path": None,
                "cwd": self.project, "hook_event_name": event_name, "model": "gpt-5.1-codex",
                "permission_mode": self.permission_mode}

    def bash(self, command, header=False):
        tool_id = self._tool_id().replace("toolu_", "call_")
        pre = self.base("PreToolUse")
        pre.update({"tool_name": "Bash", "tool_input": {"command": command}, "tool_use_id": tool_id})
        reply, _ = self.send("PreToolUse", pre)
        hso = (reply or {}).get("hookSpecificOutput") or {}
        if hso.get("permissionDecision") == "deny":
            return reply, None, hso.get("permissionDecisionReason")
        ran = command
        if hso.get("permissionDecision") == "allow" and "updatedInput" in hso:
            ran = hso["updatedInput"]["command"]
        code, stdout, stderr = run_shell(ran, self.project)
        text = stdout + stderr
        if header:
            text = "Exit code: %d\nWall time: 0.1 seconds\nOutput:\n%s" % (code, text)
        post = self.base("PostToolUse")
        post.update({"tool_name": "Bash", "tool_input": {"command": ran}, "tool_response": text,
                     "tool_use_id": tool_id})
        self.send("PostToolUse", post)
        return reply, code, text

    def apply_patch(self, relpath, old, new):
        path = os.path.join(self.project, relpath)
        with open(path) as fh:
            content = fh.read()
        write_source(path, content.replace(old, new))
        patch = "*** Begin Patch\n*** Update File: %s\n@@\n-%s\n+%s\n*** End Patch\n" % (relpath, old, new)
        post = self.base("PostToolUse")
        post.update({"tool_name": "apply_patch", "tool_input": {"command": patch},
                     "tool_response": "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM %s\n" % relpath,
                     "tool_use_id": "call_patch_%d" % self.calls})
        self.send("PostToolUse", post)

    def stop(self, message, active=False, agent=None):
        event_name = "SubagentStop" if agent else "Stop"
        payload = self.base(event_name)
        payload.update({"stop_hook_active": active, "last_assistant_message": message})
        if agent:
            payload.update({"agent_id": agent, "agent_type": "default", "agent_transcript_path": None})
        reply, code = self.send(event_name, payload)
        return reply


def write_source(path, text):
    """Write a file as a host's edit tool does. Python's and pytest's bytecode caches tell a
    changed source by its mtime in whole seconds and its size, so an edit of the same size in the
    same second as the run before it would run the old bytecode (a fast test's race, not an
    agent's): such an edit is stamped one second later."""
    try:
        before = os.stat(path)
    except OSError:
        before = None
    with open(path, "w") as fh:
        fh.write(text)
    after = os.stat(path)
    if before is not None and after.st_size == before.st_size and int(after.st_mtime) == int(before.st_mtime):
        later = int(before.st_mtime) + 1
        os.utime(path, (later, later))


def read_store(home, session_id, kind):
    from stalegreen.engine.store import safe_name

    path = os.path.join(str(home), "sessions", safe_name(session_id), kind + ".jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]

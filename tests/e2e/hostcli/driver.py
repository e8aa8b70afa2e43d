"""Run the real Claude Code / Codex CLI for one scripted session and read what happened.

A ``Host`` owns a private HOME (plus ``CLAUDE_CONFIG_DIR`` or ``CODEX_HOME``) and a private
``STALEGREEN_HOME``, installs the hooks the way a user would, and runs sessions inside a
loopback-only network namespace next to the scripted model (``netns_session.py``). A
``Session`` answers the questions the scenarios ask: what did the model receive (tool outputs,
Stop-hook feedback), what did the store record (receipts, verdicts, edits, errors).
"""

import glob
import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

from .scripts import compile_script

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
CACHE = os.environ.get("STALEGREEN_E2E_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-e2e")
BIN_ENV = {"claude": "STALEGREEN_CLAUDE_BIN", "codex": "STALEGREEN_CODEX_BIN"}
MOCK_PORT = 41731          # every session has a namespace of its own, so any fixed port is free
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# every event each host has, for the recording hook
CLAUDE_ALL_EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
                     "SubagentStart", "SubagentStop", "Stop", "SessionEnd"]
CODEX_ALL_EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart",
                    "SubagentStop", "Stop", "SessionEnd"]
TOOL_EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure")


def find_cli(host):
    """The CLI executable: ``$STALEGREEN_<HOST>_BIN``, else the cache dir of .ci/setup.d/40-host-clis.sh."""
    explicit = os.environ.get(BIN_ENV[host])
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    cached = os.path.join(CACHE, host, "node_modules", ".bin", host)
    return cached if os.access(cached, os.X_OK) else None


def netns_prefix():
    return ["unshare", "-n", "--"] if os.geteuid() == 0 else ["unshare", "-rn", "--"]


def netns_problem():
    """Why a loopback-only namespace cannot be made here, or None when it can."""
    for tool in ("unshare", "ip"):
        if shutil.which(tool) is None:
            return "%s not found" % tool
    probe = subprocess.run(netns_prefix() + ["ip", "link", "set", "lo", "up"], capture_output=True, text=True)
    if probe.returncode != 0:
        return "cannot create a network namespace: %s" % probe.stderr.strip()
    return None


def hooks_object(pairs, command_for):
    hooks = {}
    for event, matcher in pairs:
        group = {"hooks": [{"type": "command", "command": command_for(event), "timeout": 30}]}
        if matcher is not None:
            group["matcher"] = matcher
        hooks.setdefault(event, []).append(group)
    return {"hooks": hooks}


def git(cwd, *args):
    return subprocess.run(["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", *args],
                          cwd=cwd, check=True, capture_output=True, text=True).stdout


def read_jsonl(path):
    records = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        records.append(json.loads(line))
                    except ValueError:
                        records.append({"unparsed": line})
    return records


class Host(object):
    """One host CLI with a private home, store and project; run sessions with ``run``."""

    name = ""
    all_events = []

    def __init__(self, cli, base, project):
        self.cli = cli
        self.base = str(base)
        self.project = str(project)
        self.home = os.path.join(self.base, "home")
        self.sg_home = os.path.join(self.base, "stalegreen-home")
        self.runs = 0
        self.extra_env = {}      # more variables for the CLI (and so for its hooks)
        os.makedirs(self.home, exist_ok=True)
        # Codex runs commands in a login shell, which resets PATH from /etc/profile; a user's own
        # profile puts their Python first again (as pyenv's init does)
        with open(os.path.join(self.home, ".profile"), "w") as f:
            f.write('export PATH=%s:"$PATH"\n' % shlex.quote(os.path.dirname(sys.executable)))
        with open(os.path.join(self.home, ".gitconfig"), "w") as f:
            f.write("[user]\n\tname = E2E Agent\n\temail = agent@example.invalid\n")

    # --- environment and hooks ---

    def env(self):
        path = os.path.dirname(sys.executable) + ":" + SYSTEM_PATH
        tmp = os.path.join(self.base, "tmp")     # the CLIs' own temp files (task outputs) stay with the test
        os.makedirs(tmp, exist_ok=True)
        return {"HOME": self.home, "USER": "root" if os.geteuid() == 0 else "e2e", "SHELL": "/bin/bash",
                "LANG": "C.UTF-8", "PATH": path, "TMPDIR": tmp, "STALEGREEN_HOME": self.sg_home}

    def install_stalegreen(self):
        """``stalegreen install`` as a user runs it, then commit what that put in the project.

        Offline too: ``install --codex --trust`` asks ``codex app-server`` for the hooks' hashes.
        """
        self._stalegreen_cli("install", self.install_flags())

    def uninstall_stalegreen(self):
        self._stalegreen_cli("uninstall", [f for f in self.install_flags() if f != "--trust"])

    def _stalegreen_cli(self, command, flags):
        env = self.env()
        env["PATH"] = os.path.dirname(self.cli) + ":" + env["PATH"]   # the CLI on PATH, as a user has it
        done = subprocess.run(netns_prefix() + ["sh", "-c", 'ip link set lo up && exec "$@"', "sh",
                                                sys.executable, "-m", "stalegreen", command] + flags,
                              cwd=self.project, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError("stalegreen %s failed (%d):\n%s\n%s" % (command, done.returncode, done.stdout,
                                                                       done.stderr))
        self.commit_project("stalegreen " + command)

    def install_recorder(self, log_path, block=()):
        """Register a recording hook for every event (tests of the harness itself); it blocks the
        events in ``block`` once per turn."""
        command = "%s %s" % (shlex.quote(sys.executable), shlex.quote(os.path.join(HERE, "recording_hook.py")))
        pairs = [(e, "*" if e in TOOL_EVENTS else None) for e in self.all_events]
        self.write_hooks(hooks_object(pairs, lambda e: "%s %s" % (command, e)))
        self.recorder_log = log_path
        self.recorder_block = ",".join(block)

    def commit_project(self, message):
        if git(self.project, "status", "--porcelain").strip():
            git(self.project, "add", "-A")
            git(self.project, "commit", "-q", "-m", message)

    def run_cli(self, args, timeout=60):
        """Run the CLI itself (``claude plugin ...``), offline in a namespace of its own."""
        env = self.env()
        env.update(self.session_env())
        return subprocess.run(netns_prefix() + ["sh", "-c", 'ip link set lo up && exec "$@"', "sh", self.cli] + args,
                              cwd=self.project, env=env, capture_output=True, text=True, timeout=timeout)

    # --- sessions ---

    def run(self, turns, prompt="Make the change and check it.", timeout=90, resume=False):
        """Run one session whose model says ``turns``; returns a ``Session``. ``resume`` continues
        the most recent session with a new prompt (a new turn): the model's turns are counted
        from the whole conversation, so the same ``turns`` list carries on where it stopped."""
        self.runs += 1
        out_dir = os.path.join(self.base, "runs", "%s-%d" % (self.name, self.runs))
        os.makedirs(out_dir)
        env = self.env()
        env.update(self.session_env())
        env.update(self.extra_env)
        if getattr(self, "recorder_log", None):
            env["E2E_HOOK_LOG"] = self.recorder_log
            env["E2E_HOOK_BLOCK"] = self.recorder_block
        spec = {"host": self.name, "script": compile_script(self.name, turns, self.project), "port": MOCK_PORT,
                "requests": os.path.join(out_dir, "requests.jsonl"), "argv": self.argv(prompt, resume), "env": env,
                "cwd": self.project, "timeout": timeout, "out_dir": out_dir}
        spec_path = os.path.join(out_dir, "spec.json")
        with open(spec_path, "w") as f:
            json.dump(spec, f, indent=1)
        subprocess.run(netns_prefix() + [sys.executable, os.path.join(HERE, "netns_session.py"), spec_path],
                       check=True, timeout=timeout + 30)
        return Session(self, out_dir)


class Claude(Host):
    name = "claude"
    all_events = CLAUDE_ALL_EVENTS
    allowed_tools = ("Bash", "Edit", "Write", "Read", "Agent", "Task")

    @property
    def config_dir(self):
        return os.path.join(self.home, ".claude")

    def install_flags(self):
        return ["--claude", "--project"]

    def settings_path(self):
        return os.path.join(self.project, ".claude", "settings.json")

    def write_hooks(self, hooks):
        path = self.settings_path()
        settings = json.load(open(path)) if os.path.exists(path) else {}
        settings.update(hooks)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            json.dump(settings, f, indent=2)

    def env(self):
        env = Host.env(self)
        env["CLAUDE_CONFIG_DIR"] = self.config_dir
        return env

    def session_env(self):
        return {"ANTHROPIC_BASE_URL": "http://127.0.0.1:%d" % MOCK_PORT, "ANTHROPIC_API_KEY": "e2e-dummy",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1",
                "DISABLE_AUTOUPDATER": "1", "DISABLE_ERROR_REPORTING": "1"}

    def run(self, turns, *args, **options):
        """Claude's hooks cannot see ``--allowedTools``, and stalegreen approves a rewrite only on
        rules it can read, so the Bash grant is also written where a user keeps it."""
        if "Bash" in (self.allowed_tools or ()):
            path = os.path.join(self.config_dir, "settings.json")
            settings = json.load(open(path)) if os.path.exists(path) else {}
            allow = settings.setdefault("permissions", {}).setdefault("allow", [])
            if "Bash" not in allow:
                allow.append("Bash")
                os.makedirs(self.config_dir, exist_ok=True)
                with open(path, "w") as f:
                    json.dump(settings, f, indent=2)
        return Host.run(self, turns, *args, **options)

    def argv(self, prompt, resume=False):
        argv = [self.cli, "-p", prompt, "--output-format", "stream-json", "--verbose"]
        if resume:
            argv.append("--continue")
        if self.allowed_tools:
            argv += ["--allowedTools"] + list(self.allowed_tools)
        return argv


class Codex(Host):
    name = "codex"
    all_events = CODEX_ALL_EVENTS
    EDIT_MODEL = "gpt-5.5"       # a catalogued slug: offered apply_patch
    SUBAGENT_MODEL = "mock-model"  # no metadata: offered the multi_agent_v1 tools, but no apply_patch

    def __init__(self, cli, base, project, model=EDIT_MODEL, trust="flag", sandbox=None):
        """``trust``: "flag" runs with ``--dangerously-bypass-hook-trust`` (automation's way);
        "install" has ``stalegreen install --trust`` record the hooks as trusted (the /hooks way).
        ``sandbox``: None runs unsandboxed; else a ``-s`` mode such as "workspace-write"."""
        Host.__init__(self, cli, base, project)
        self.model = model
        self.trust = trust
        self.sandbox = sandbox
        self.codex_home = os.path.join(self.base, "codex-home")
        os.makedirs(self.codex_home, exist_ok=True)
        with open(os.path.join(self.codex_home, "config.toml"), "w") as f:
            f.write(self.config_toml())

    def config_toml(self):
        # plugins/analytics off: otherwise startup and shutdown reach for github.com and chatgpt.com
        return ('model = "%s"\nmodel_provider = "mock"\napproval_policy = "never"\n'
                'check_for_update_on_startup = false\n\n'
                '[model_providers.mock]\nname = "mock"\nbase_url = "http://127.0.0.1:%d/v1"\n'
                'env_key = "OPENAI_API_KEY"\nwire_api = "responses"\nrequest_max_retries = 0\n'
                'stream_max_retries = 0\n\n[features]\nplugins = false\n\n[analytics]\nenabled = false\n'
                % (self.model, MOCK_PORT))

    def install_flags(self):
        return ["--codex", "--trust"] if self.trust == "install" else ["--codex"]

    def write_hooks(self, hooks):
        with open(os.path.join(self.codex_home, "hooks.json"), "w") as f:
            json.dump(hooks, f, indent=2)

    def env(self):
        env = Host.env(self)
        env["CODEX_HOME"] = self.codex_home
        return env

    def session_env(self):
        return {"OPENAI_API_KEY": "e2e-dummy", "RUST_LOG": "warn"}

    def argv(self, prompt, resume=False):
        # exec forces approvals off; hooks run only when trusted (by flag, or recorded in config.toml)
        if resume:   # resume has no -C: it picks the newest session of the working directory
            argv = [self.cli, "exec", "resume", "--last", "--json"]
        else:
            argv = [self.cli, "exec", "--json", "-C", self.project]
        argv += ["-s", self.sandbox] if self.sandbox else ["--dangerously-bypass-approvals-and-sandbox"]
        if self.trust == "flag":
            argv.append("--dangerously-bypass-hook-trust")
        return argv + [prompt]


HOSTS = {"claude": Claude, "codex": Codex}
HOOK_PROMPT = re.compile(r"<hook_prompt[^>]*>(.*?)</hook_prompt>", re.S)
CLAUDE_FEEDBACK = "Stop hook feedback:\n"
CLAUDE_REMINDER_END = "\n</system-reminder>"


class Session(object):
    """What one session did: exit, the mock's request log, the store, the recorder's log."""

    def __init__(self, host, out_dir):
        self.host = host
        self.out_dir = out_dir
        with open(os.path.join(out_dir, "result.json")) as f:
            result = json.load(f)
        self.rc, self.wall, self.timed_out = result["rc"], result["wall"], result["timed_out"]
        self.stdout = open(os.path.join(out_dir, "stdout.txt"), errors="replace").read()
        self.stderr = open(os.path.join(out_dir, "stderr.txt"), errors="replace").read()
        self.requests = read_jsonl(os.path.join(out_dir, "requests.jsonl"))

    # --- what the model received ---

    def model_requests(self, kind="main"):
        return [r for r in self.requests if r.get("method") == "POST" and r.get("kind", "").startswith(kind)]

    def _last_body(self, kind):
        requests = self.model_requests(kind)
        return requests[-1]["body"] if requests else {}

    def offered_tool(self, *names):
        """The first of ``names`` that the CLI offered the model, as the tool definition it sent."""
        for request in self.model_requests():
            for tool in request["body"].get("tools") or []:
                if tool.get("name") in names:
                    return tool
        return None

    def tool_outputs(self, kind="main"):
        """Tool results the model saw, in order: list of (tool input or call, output text)."""
        body = self._last_body(kind)
        if self.host.name == "claude":
            return self._claude_tool_outputs(body.get("messages") or [])
        return self._codex_tool_outputs(body.get("input") or [])

    @staticmethod
    def _claude_tool_outputs(messages):
        calls, outputs = {}, []
        for message in messages:
            content = message.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if block.get("type") == "tool_use":
                    calls[block["id"]] = {"tool": block["name"], "input": block["input"]}
                elif block.get("type") == "tool_result":
                    text = block.get("content")
                    if isinstance(text, list):
                        text = "\n".join(b.get("text", "") for b in text if isinstance(b, dict))
                    outputs.append((calls.get(block.get("tool_use_id"), {}), text or ""))
        return outputs

    @staticmethod
    def _codex_tool_outputs(items):
        calls, outputs = {}, []
        for item in items:
            kind = item.get("type")
            if kind in ("function_call", "custom_tool_call"):
                calls[item.get("call_id")] = {"tool": item.get("name"),
                                              "input": item.get("arguments", item.get("input"))}
            elif kind in ("function_call_output", "custom_tool_call_output"):
                output = item.get("output")
                if not isinstance(output, str):
                    output = json.dumps(output)
                outputs.append((calls.get(item.get("call_id"), {}), output))
        return outputs

    def shell_outputs(self, kind="main"):
        """Outputs of shell tool calls only."""
        return [text for call, text in self.tool_outputs(kind) if call.get("tool") in ("Bash", "exec_command")]

    def feedback(self, kind="main"):
        """Stop-hook block reasons that were handed back to the model, in order."""
        body = self._last_body(kind)
        found = []
        if self.host.name == "claude":
            for message in body.get("messages") or []:
                content = message.get("content")
                blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
                for block in blocks:
                    text = block.get("text") if block.get("type") == "text" else None
                    if message.get("role") == "user" and text and CLAUDE_FEEDBACK in text:
                        # 2.1.3xx wraps it: "<system-reminder>\n...Stop hook feedback:\n<reason>\n</system-reminder>"
                        reason = text.split(CLAUDE_FEEDBACK, 1)[1]
                        if reason.endswith(CLAUDE_REMINDER_END):
                            reason = reason[:-len(CLAUDE_REMINDER_END)]
                        found.append(reason)
        else:
            for item in body.get("input") or []:
                if item.get("type") == "message" and item.get("role") == "user":
                    content = item.get("content")
                    texts = [content] if isinstance(content, str) else [
                        b.get("text", "") for b in content or [] if isinstance(b, dict)]
                    for text in texts:   # Codex escapes the reason as XML text inside the tag
                        found.extend(html.unescape(reason) for reason in HOOK_PROMPT.findall(text))
        return found

    def final_text(self):
        """The last thing the agent said, from the CLI's own JSON stream."""
        last = None
        for line in self.stdout.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if self.host.name == "claude" and event.get("type") == "result":
                last = event.get("result")
            elif self.host.name == "codex" and event.get("type") == "item.completed" \
                    and (event.get("item") or {}).get("type") == "agent_message":
                last = event["item"].get("text")
        return last

    # --- what the store recorded ---

    def records(self, kind):
        """All records of ``kind`` (receipts, verdicts, edits, pending, deferred) across session folders."""
        found = []
        for path in sorted(glob.glob(os.path.join(self.host.sg_home, "sessions", "*", kind + ".jsonl"))):
            found.extend(read_jsonl(path))
        return sorted(found, key=lambda r: str(r.get("ts", "")))

    def receipts(self):
        return self.records("receipts")

    def verdicts(self):
        """Every single verdict, flattened out of the verdict records, with the record's event and blocked flag."""
        flat = []
        for record in self.records("verdicts"):
            for verdict in record.get("verdicts") or []:
                flat.append(dict(verdict, event=record.get("event"), agent=record.get("agent")))
        return flat

    def stalegreen_json(self, *args):
        """``stalegreen <args> --json`` run by the user in the project afterwards, parsed."""
        env = self.host.env()
        done = subprocess.run([sys.executable, "-m", "stalegreen"] + list(args) + ["--json"], cwd=self.host.project,
                              env=env, capture_output=True, text=True)
        assert done.returncode == 0, "stalegreen %s: %s%s" % (" ".join(args), done.stdout, done.stderr)
        return json.loads(done.stdout)

    def hook_errors(self):
        return read_jsonl(os.path.join(self.host.sg_home, "errors.jsonl"))

    def hook_log(self):
        return read_jsonl(self.host.recorder_log)

    def describe(self):
        """A readable account of the session for assertion messages."""
        lines = ["%s session in %s: rc=%s wall=%.1fs timed_out=%s" % (
            self.host.name, self.out_dir, self.rc, self.wall, self.timed_out)]
        lines.append("model requests: %d main, %d subagent" % (
            len(self.model_requests("main")), len(self.model_requests("subagent"))))
        for call, text in self.tool_outputs():
            lines.append("tool %s %s -> %s" % (call.get("tool"), json.dumps(call.get("input"))[:200], text[-400:]))
        for text in self.feedback():
            lines.append("feedback: %s" % text)
        for receipt in self.receipts():
            lines.append("receipt: %s" % json.dumps({k: receipt.get(k) for k in (
                "id", "cmd", "runner", "category", "scope", "exit", "verdict", "counts", "masked", "wrapped", "agent")}))
        for record in self.records("verdicts"):
            lines.append("verdicts: %s" % json.dumps(record)[:1500])
        for error in self.hook_errors():
            lines.append("hook error: %s" % json.dumps(error)[:600])
        if self.rc != 0 or self.timed_out:
            lines.append("stderr: %s" % self.stderr[-1500:])
        return "\n".join(lines)

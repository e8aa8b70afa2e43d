"""Random and mutated hook payloads through the hook entry, checked the way each host reads them.

Cases start from real payloads (``fixtures/payloads``: Claude Code 2.1.197/2.1.332 and Codex
0.171 captures; ``dsh_forwarded``: what the dsh bridge forwards) and are mutated: values replaced by
other JSON types, hostile strings (lone surrogates, NUL, huge, shell syntax, runner commands, green
claims), keys dropped or added, nesting, host paths pointing at devices, FIFOs, links and folders,
the raw bytes truncated or flipped, NaN and Infinity. Every case runs under the hook's own 8 s
deadline; an overrun counts as a crash (bounded time). Sessions are shared between cases so the
gate reads what earlier cases stored, and now and then a store file is damaged on purpose.

Each case goes through ``hook.handle_raw`` (bytes, as the one-shot process reads stdin) or
``hook.handle_payload`` (a decoded dict, as the dsh worker passes it) under the hook's own
deadline, and the reply is checked:

- a crash: an exception out of the hook entry, a non-zero exit, a deadline overrun;
- a schema-invalid reply: not UTF-8, not strict JSON (NaN), not what the host accepts (Codex's
  published output schemas, with ``{}`` required for a Codex Stop; Claude Code's documented
  reply shape; the bridge's ``deny``/``steer`` objects);
- an unrecorded error: every error the hook records must be in ``errors.jsonl``.
"""

import json
import os
import random
import re
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")

CODEX_SCHEMAS = {
    "PreToolUse": "pre-tool-use", "PostToolUse": "post-tool-use", "Stop": "stop",
    "SubagentStop": "subagent-stop", "UserPromptSubmit": "user-prompt-submit",
}

# Claude Code's hook reply, as its SDK types document it (sdk.d.ts): the fields stalegreen may use.
CLAUDE_REPLY = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "continue": {"type": "boolean"}, "suppressOutput": {"type": "boolean"},
        "stopReason": {"type": "string"}, "decision": {"enum": ["approve", "block"]},
        "reason": {"type": "string"}, "systemMessage": {"type": "string"},
        "hookSpecificOutput": {
            "type": "object", "required": ["hookEventName"],
            "properties": {
                "hookEventName": {"enum": ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit",
                                           "SessionStart", "SubagentStart"]},
                "permissionDecision": {"enum": ["allow", "deny", "ask"]},
                "permissionDecisionReason": {"type": "string"},
                "updatedInput": {"type": "object"},
                "additionalContext": {"type": "string"},
            },
            "additionalProperties": False,
        },
    },
}
DSH_REPLY = {
    "tools/pre-execute": {"type": "object", "additionalProperties": False, "required": ["kind", "reason"],
                          "properties": {"kind": {"const": "deny"}, "reason": {"type": "string"}}},
    "agent/turn-stopping": {"type": "object", "additionalProperties": False, "required": ["kind", "text"],
                            "properties": {"kind": {"const": "steer"}, "text": {"type": "string"}}},
}

HOSTILE_STRINGS = [
    "", " ", "\ud83d", "a\ud800b\udfff", "\x00", "\x1b[31m", "\u202e", "\ufeff", "\n" * 50, "\\", '"', "'",
    "NaN", "null", "[]", "{}", "..", "../../etc/passwd", "~", "$HOME", "$(touch /tmp/sg-fuzz-canary)",
    "`id`", "pytest", "pytest -q", "npm test", "npx vitest run", "cargo test", "go test ./...", "tsc --noEmit",
    "pytest -q 2>&1 | tail -5", "npm test || true", "pytest; echo rc=$?", "cd sub && pytest", "bash -c 'pytest'",
    "pytest & ", "pytest > /dev/null", "( pytest )", "if pytest; then :; fi", "for i in 1 2; do pytest; done",
    "pytest <<EOF\nx\nEOF", "pytest $(", "'unbalanced", "All tests pass.", "The tests pass.", "Typecheck is clean.",
    "Lint passes and the build succeeds.", "所有测试都通过了。", "3 passed in 0.12s", "1 failed, 2 passed",
    "Exit code 1\nFAILED test_x.py", "Exit code: 0\nWall time: 1s\nOutput:\n3 passed", "Script failed",
    "[stalegreen] exit=0 receipt=r-0001 lines=1 log=/tmp/x", "[exit code: 3]", "(no output)",
    "<task-notification><task-id>b1</task-id><status>completed</status><summary>exit code 0</summary>"
    "<output-file>/dev/zero</output-file></task-notification>",
    "*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** End Patch",
    "r-0001", "toolu_1", "call_1", "bypassPermissions", "plan", "default", "dontAsk", "acceptEdits",
]
RUNNER_LINES = [
    "pytest", "pytest -q", "npm test", "npx vitest run", "cargo test", "go test ./...", "tsc --noEmit",
    "pytest -q 2>&1 | tail -5", "npm test || true", "pytest; echo rc=$?", "cd sub && pytest", "make test",
    "npm run lint", "ruff check .", "pnpm -r test", "python -m pytest tests/", "yarn build", "pytest > /dev/null",
]
NUMBERS = [0, 1, -1, 2 ** 63, -(2 ** 70), 1.5, 1e308, -0.0, True, False]


class Report(object):
    def __init__(self):
        self.cases = 0
        self.crashes = []          # (case, exception text)
        self.crashed_inputs = []   # (host, event name, payload, raw bytes or None): to replay one
        self.invalid = []          # (case, why, reply)
        self.recorded = 0          # errors the hook recorded (must all be in errors.jsonl)
        self.in_file = 0
        self.by_kind = {}
        self.error_types = {}
        self.replies = {}          # what the hook answered: empty, allow, rewrite, deny, block, steer
        self.slowest = []          # (seconds, case), the five slowest

    def failures(self):
        unrecorded = max(0, self.recorded - self.in_file)
        return len(self.crashes) + len(self.invalid) + unrecorded


# ---------------------------------------------------------------- schemas

def load_codex_schemas():
    schemas = {}
    for event, stem in CODEX_SCHEMAS.items():
        with open(os.path.join(FIXTURES, "codex-schemas", stem + ".command.output.schema.json")) as fh:
            schemas[event] = json.load(fh)
    return schemas


def schema_errors(value, schema, root=None, path="$"):
    """A small draft-07 subset (what the Codex schemas use): type, enum, const, properties,
    additionalProperties, required, $ref, allOf, anyOf, oneOf, items. Returns a list of strings."""
    root = schema if root is None else root
    found = []
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        found += schema_errors(value, target, root, path)
    for sub in schema.get("allOf", ()):
        found += schema_errors(value, sub, root, path)
    if "anyOf" in schema and all(schema_errors(value, s, root, path) for s in schema["anyOf"]):
        found.append("%s: matches no anyOf branch" % path)
    if "oneOf" in schema and sum(not schema_errors(value, s, root, path) for s in schema["oneOf"]) != 1:
        found.append("%s: matches not exactly one oneOf branch" % path)
    if "type" in schema and not _type_ok(value, schema["type"]):
        return found + ["%s: %r is not %s" % (path, value, schema["type"])]
    if "enum" in schema and value not in schema["enum"]:
        found.append("%s: %r not in %r" % (path, value, schema["enum"]))
    if "const" in schema and value != schema["const"]:
        found.append("%s: %r is not %r" % (path, value, schema["const"]))
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in value:
                found.append("%s: missing %s" % (path, name))
        for name, item in value.items():
            if name in properties:
                found += schema_errors(item, properties[name], root, "%s.%s" % (path, name))
            elif schema.get("additionalProperties") is False:
                found.append("%s: unexpected key %s" % (path, name))
            elif isinstance(schema.get("additionalProperties"), dict):
                found += schema_errors(item, schema["additionalProperties"], root, "%s.%s" % (path, name))
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            found += schema_errors(item, schema["items"], root, "%s[%d]" % (path, index))
    return found


def _type_ok(value, kinds):
    kinds = kinds if isinstance(kinds, list) else [kinds]
    checks = {"object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
              "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
              "null": lambda v: v is None,
              "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
              "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)}
    return any(checks[kind](value) for kind in kinds)


def _reject_constant(name):
    raise ValueError("%s in a reply" % name)


def reply_problems(host, event_name, out, code, codex_schemas):
    """Why the host would not accept ``(out, code)``, or []."""
    if code != 0:
        return ["exit %r" % (code,)]
    if not isinstance(out, str):
        return ["stdout is %s" % type(out).__name__]
    try:
        out.encode("utf-8")
    except UnicodeEncodeError as exc:
        return ["not UTF-8: %s" % exc]
    if out == "":
        if host == "codex" and event_name in ("Stop", "SubagentStop"):
            return ["empty stdout for a Codex %s" % event_name]
        return []
    try:
        reply = json.loads(out, parse_constant=_reject_constant)
    except ValueError as exc:
        return ["not strict JSON: %s" % exc]
    if host == "codex":
        schema = codex_schemas.get(event_name)
        if schema is None:
            return ["a reply to %s, which stalegreen never answers" % event_name]
        return schema_errors(reply, schema)
    if host == "claude":
        problems = schema_errors(reply, CLAUDE_REPLY)
        specific = reply.get("hookSpecificOutput") if isinstance(reply, dict) else None
        if isinstance(specific, dict) and specific.get("hookEventName") != event_name:
            problems.append("hookEventName %r for %s" % (specific.get("hookEventName"), event_name))
        return problems
    schema = DSH_REPLY.get(event_name)
    return schema_errors(reply, schema) if schema else ["a reply to dsh %s" % event_name]


# ---------------------------------------------------------------- cases

def load_seeds():
    """[(host, event name, payload)] from the captured payloads."""
    seeds = []
    for host in ("claude", "codex"):
        folder = os.path.join(FIXTURES, "payloads", host)
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name)) as fh:
                payload = json.load(fh)
            seeds.append((host, payload["hook_event_name"], payload))
    folder = os.path.join(HERE, "dsh_forwarded")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name)) as fh:
            forwarded = json.load(fh)
        seeds.append(("dsh", forwarded["event"], forwarded["payload"]))
    return seeds


class Mutator(object):
    def __init__(self, rng, workdir):
        self.rng = rng
        self.paths = self._special_paths(workdir)
        self.sessions = []
        self.generation = -1

    @staticmethod
    def _special_paths(workdir):
        fifo = os.path.join(workdir, "fifo")
        if not os.path.exists(fifo) and hasattr(os, "mkfifo"):
            os.mkfifo(fifo)
        big = os.path.join(workdir, "rollout.jsonl")
        if not os.path.exists(big):
            with open(big, "w") as fh:
                for n in range(200):
                    fh.write(json.dumps({"type": "event_msg", "payload": {
                        "type": "exec_command_end", "call_id": "call_%d" % n, "exit_code": n % 3}}) + "\n")
        link = os.path.join(workdir, "link.jsonl")
        if not os.path.lexists(link):
            os.symlink(big, link)
        return ["/dev/zero", "/dev/urandom", "/dev/null", "/dev/stdin", "/proc/self/mem", fifo, big, link,
                workdir, os.path.join(workdir, "missing"), "relative/path", "", "\x00", "/" * 300]

    def string(self):
        rng = self.rng
        pick = rng.random()
        if pick < 0.55:
            return rng.choice(HOSTILE_STRINGS)
        if pick < 0.7:
            return rng.choice(self.paths)
        if pick < 0.8:
            return "".join(rng.choice(HOSTILE_STRINGS) for _ in range(rng.randint(2, 6)))
        if pick < 0.9:
            return "".join(chr(rng.choice((rng.randint(0, 0x7f), rng.randint(0, 0xffff), rng.randint(0, 0x10ffff))))
                           for _ in range(rng.randint(1, 40)))
        if pick < 0.99:
            return rng.choice(HOSTILE_STRINGS) * rng.randint(10, 200)
        return rng.choice(HOSTILE_STRINGS) * rng.randint(200, 3000)

    def command(self):
        """A shell line built from runner commands, hostile parts and joiners."""
        rng = self.rng
        parts = [rng.choice(RUNNER_LINES) if rng.random() < 0.75 else self.string()
                 for _ in range(rng.randint(1, 4))]
        return "".join(part + rng.choice((" && ", " && ", "; ", " || ", " | ", "\n")) for part in parts)[:-2].strip()

    def value(self, depth=0):
        rng = self.rng
        pick = rng.random()
        if pick < 0.45:
            return self.string()
        if pick < 0.6:
            return rng.choice(NUMBERS)
        if pick < 0.65:
            return None
        if pick < 0.7:
            return rng.choice((float("nan"), float("inf"), -float("inf")))
        if depth > 3:
            return rng.choice(NUMBERS)
        if pick < 0.85:
            return [self.value(depth + 1) for _ in range(rng.randint(0, 4))]
        return dict((self.string() if rng.random() < 0.3 else rng.choice(("command", "stdout", "text", "exitCode")),
                     self.value(depth + 1)) for _ in range(rng.randint(0, 4)))

    def mutate(self, payload, depth=0):
        rng = self.rng
        if isinstance(payload, dict):
            out = {}
            for key, value in payload.items():
                roll = rng.random()
                if roll < 0.06:
                    continue                                     # dropped
                if roll < 0.2:
                    out[key] = self.value()
                elif roll < 0.28 and key in ("transcript_path", "persistedOutputPath", "output-file", "cwd",
                                             "file_path", "path"):
                    out[key] = rng.choice(self.paths)
                else:
                    out[key] = self.mutate(value, depth + 1)
            if rng.random() < 0.1:
                out[self.string()] = self.value()
            return out
        if isinstance(payload, list):
            return [self.mutate(v, depth + 1) for v in payload if rng.random() > 0.1]
        if isinstance(payload, str):
            roll = rng.random()
            if roll < 0.25:
                return self.string()
            if roll < 0.35:
                return payload + self.string()
            return payload
        if rng.random() < 0.1:
            return self.value()
        return payload

    def next_generation(self, number):
        """Every 400 cases a fresh set of sessions: records pile up within one set (the gate
        reads what earlier cases stored) but never grow without bound."""
        if number // 400 != self.generation:
            self.generation = number // 400
            self.sessions = ["fuzz-%d-%d" % (self.generation, n) for n in range(8)]

    def case(self, seeds):
        rng = self.rng
        host, event_name, base = rng.choice(seeds)
        payload = self.mutate(base)
        if isinstance(payload, dict) and rng.random() < 0.8:
            key = "session" if host == "dsh" else "session_id"
            payload[key] = rng.choice(self.sessions)
        tool_input = payload.get("tool_input" if host != "dsh" else "arguments") if isinstance(payload, dict) else None
        if isinstance(tool_input, dict) and rng.random() < 0.6:
            tool_input["command"] = self.command()
            if rng.random() < 0.5:
                payload["permission_mode"] = rng.choice(("bypassPermissions", "dontAsk", "default", "plan"))
        if isinstance(payload, dict) and host == "claude" and rng.random() < 0.15:
            response = payload.setdefault("tool_response", {})
            if isinstance(response, dict):
                response["persistedOutputPath"] = rng.choice(self.paths)
        if rng.random() < 0.03:
            event_name = rng.choice(("SessionStart", "PermissionRequest", "", "Nonsense", "tools/other"))
        return host, event_name, payload

    def raw(self, payload):
        """The payload as stdin bytes, sometimes damaged."""
        try:
            data = json.dumps(payload).encode("utf-8")
        except (ValueError, TypeError):
            data = b"{"
        roll = self.rng.random()
        if roll < 0.05 and data:
            data = data[:self.rng.randint(0, len(data))]
        elif roll < 0.1 and data:
            position = self.rng.randrange(len(data))
            data = data[:position] + bytes([self.rng.randrange(256)]) + data[position + 1:]
        elif roll < 0.12:
            data = self.rng.choice((b"", b"   ", b"[]", b"null", b"\xff\xfe", b'{"a": NaN}', b"1e999"))
        return data


def damage_store(rng, home, sessions):
    """Now and then, a store file as an agent or a crash could leave it."""
    folder = os.path.join(home, "sessions", rng.choice(sessions))
    if not os.path.isdir(folder):
        return
    name = rng.choice(("receipts.jsonl", "edits.jsonl", "pending.jsonl", "deferred.jsonl", "turn.json"))
    garbage = rng.choice((b'{"id": 5, "ts": 1}\n', b'{"ts": "x", "counts": {"passed": "a"}}\n', b'{"id": "r-1", "ts',
                          b"\xff\xfe\n", b"[1, 2]\n", b'{"blocked": 3}', b'{"id": "r-9", "ts": "2026-01-01T00:00:00Z",'
                          b' "category": "test", "verdict": "fail", "cwd": null, "counts": null}\n'))
    path = os.path.join(folder, name)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(fd, garbage)
        finally:
            os.close(fd)
    except OSError:
        pass


# ---------------------------------------------------------------- the run

def run(cases, seed, home, workdir, deadline_seconds=8.0, progress=None):
    """Fuzz ``cases`` payloads with ``STALEGREEN_HOME=home``; returns a Report."""
    from stalegreen import hook
    from stalegreen.engine import store

    os.environ["STALEGREEN_HOME"] = home
    rng = random.Random(seed)
    mutator = Mutator(rng, workdir)
    seeds = load_seeds()
    schemas = load_codex_schemas()
    report = Report()
    real_record = store.record_error
    saved_limit = store.ERRORS_MAX_BYTES

    def counting_record(label, exc, home=None):
        report.recorded += 1
        name = type(exc).__name__
        report.error_types[name] = report.error_types.get(name, 0) + 1
        return real_record(label, exc, home)

    store.record_error = counting_record
    store.ERRORS_MAX_BYTES = 1 << 40           # no rotation: every recorded error stays countable
    started = time.time()
    try:
        for number in range(cases):
            mutator.next_generation(number)
            host, event_name, payload = mutator.case(seeds)
            as_bytes = rng.random() < 0.5
            data = mutator.raw(payload) if as_bytes else None
            report.cases += 1
            report.by_kind[(host, event_name)] = report.by_kind.get((host, event_name), 0) + 1
            hook.arm_deadline(deadline_seconds)
            case_started = time.time()
            try:
                if as_bytes:
                    out, code = hook.handle_raw(host, event_name, data)
                else:
                    out, code = hook.handle_payload(host, event_name, payload)
                out.encode("utf-8")          # what main() writes to the host
            except BaseException as exc:     # the deadline included: a crash for the host
                if isinstance(exc, KeyboardInterrupt):
                    raise
                report.crashes.append((_describe(host, event_name, payload, data), "%s: %s" % (
                    type(exc).__name__, str(exc)[:300])))
                report.crashed_inputs.append((host, event_name, payload, data))
                continue
            finally:
                hook.disarm_deadline()
            took = time.time() - case_started
            if len(report.slowest) < 5 or took > report.slowest[-1][0]:
                report.slowest = sorted(report.slowest + [(took, _describe(host, event_name, payload, data)[:160])],
                                        reverse=True)[:5]
            kind = reply_kind(out)
            report.replies[kind] = report.replies.get(kind, 0) + 1
            problems = reply_problems(host, event_name, out, code, schemas)
            if problems:
                report.invalid.append((_describe(host, event_name, payload, data), problems[:3], out[:300]))
            if rng.random() < 0.02:
                damage_store(rng, home, mutator.sessions)
            if progress and number and number % progress == 0:
                print("%d cases, %.1f s" % (number, time.time() - started))
    finally:
        store.record_error = real_record
        store.ERRORS_MAX_BYTES = saved_limit
    report.in_file = len(store.Store(home).errors())
    report.seconds = time.time() - started
    return report


def reply_kind(out):
    if not out:
        return "empty"
    try:
        reply = json.loads(out)
    except ValueError:
        return "unparsed"
    if not isinstance(reply, dict):
        return "other"
    specific = reply.get("hookSpecificOutput") or {}
    if "updatedInput" in specific:
        return "rewrite"
    if specific.get("permissionDecision") == "deny" or reply.get("kind") == "deny":
        return "deny"
    if reply.get("decision") == "block":
        return "block"
    if reply.get("kind") == "steer":
        return "steer"
    return "allow" if reply == {} else "other"


def _describe(host, event_name, payload, data):
    try:
        text = json.dumps(payload)[:400] if data is None else repr(data[:400])
    except (ValueError, TypeError):
        text = repr(payload)[:400]
    return "%s %s %s" % (host, event_name, re.sub(r"\s+", " ", text))


def summary(report):
    lines = ["%d cases in %.1f s: %d crashes, %d schema-invalid replies, %d errors recorded, %d in errors.jsonl"
             % (report.cases, report.seconds, len(report.crashes), len(report.invalid), report.recorded,
                report.in_file)]
    lines.append("replies: %s" % ", ".join("%s %d" % item for item in sorted(report.replies.items())))
    lines.append("slowest: %s" % "; ".join("%.2f s %s" % item for item in report.slowest[:3]))
    if report.error_types:
        lines.append("recorded error types: %s" % ", ".join(
            "%s %d" % item for item in sorted(report.error_types.items(), key=lambda kv: -kv[1])))
    for case, why in report.crashes[:5]:
        lines.append("CRASH %s\n    %s" % (why, case))
    for case, why, out in report.invalid[:5]:
        lines.append("INVALID %s\n    reply %r\n    %s" % (why, out, case))
    return "\n".join(lines)

"""Codex CLI rollouts (``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl``) as events.

Facts used (shared/reference/hosts.md B6, B7): each line is ``{timestamp, type, payload}``.
Shell calls are ``function_call`` items (``exec_command {cmd, workdir}``; older ``shell`` /
``shell_command`` / ``local_shell`` with ``command`` argv or string) or commands inside a
JavaScript ``exec`` cell (``custom_tool_call``). Exit codes come from whatever the version
wrote first: ``item_completed``/``CommandExecution.exit_code`` (0.171), ``exec_command_end``
(older), or ``Process exited with code N`` in the call's output or in a later ``write_stdin``
poll of the same process. Child threads name their parent in ``session_meta.source``.
"""

import json
import os
import re

from stalegreen.engine import events as ev
from stalegreen.hosts.codex import command_end
from stalegreen.replay.lines import (MAX_TEXT, TYPE_KEY, clip, iter_records, modified_since, own_type, safely,
                                    text_field, text_of)

SHELL_FUNCTIONS = ("exec_command", "shell", "shell_command", "local_shell", "container.exec")
PROCESS_EXITED = re.compile(r"^Process exited with code (-?\d+)\s*$", re.M)
PROCESS_RUNNING = re.compile(r"^Process running with session ID (\d+)\s*$", re.M)
EXIT_HEADER = re.compile(r"\A(?:Exit code: |exit_code: )(-?\d+)", re.M)
CELL_EXIT = re.compile(r"\bexit_code\"?\s*[:=]\s*(-?\d+)")
CELL_RUNNING = re.compile(r"Script running with cell ID (\S+)")
# exec_command({cmd: "..."}) / tools.shell_command({"command": '...'}) inside a JS cell
CELL_CALL = re.compile(r"\b(?:exec_command|shell_command|shell)\s*\(\s*\{")
CELL_KEY = re.compile(r"""["']?(cmd|command)["']?\s*:\s*(["'`])""")
SHELL_WRAPPERS = ("bash", "/bin/bash", "/usr/bin/bash", "zsh", "/bin/zsh", "sh", "/bin/sh")


def session_kind(meta):
    """``exec`` runs are scripted, ``cli``/``vscode`` interactive, spawned threads subagents."""
    source = meta.get("source")
    if isinstance(source, dict) and "subagent" in source:
        return "subagent"
    if meta.get("thread_source") == "subagent":
        return "subagent"
    if source == "exec":
        return "exec"
    if source in ("cli", "vscode"):
        return "interactive"
    return "unknown"


def parent_of(meta):
    """The parent thread id of a spawned child thread, or None."""
    source = meta.get("source")
    if isinstance(source, dict):
        sub = source.get("subagent")
        if isinstance(sub, dict):
            spawn = sub.get("thread_spawn")
            if isinstance(spawn, dict) and spawn.get("parent_thread_id"):
                return spawn["parent_thread_id"]
    return meta.get("parent_thread_id")


def command_text(value):
    """A command given as a string or argv; ``bash -lc '<script>'`` yields the script."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(w, str) for w in value):
        if len(value) == 3 and value[0] in SHELL_WRAPPERS and value[1] in ("-lc", "-c"):
            return value[2]
        return " ".join(_quote(w) for w in value)
    return ""


def _quote(word):
    """POSIX single quotes unless the word is plainly safe (display only)."""
    if word and all(c.isalnum() or c in "@%+=:,./-_" for c in word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def _js_string(text, start, quote_char):
    """Decode the JS string literal whose opening quote is at ``start``; None for templates
    with substitutions or unterminated literals."""
    out = []
    i = start + 1
    escapes = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "b": "\b", "f": "\f", "v": "\v"}
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and text[i + 2:i + 3] == "{":
                end = text.find("}", i)
                out.append(chr(int(text[i + 3:end], 16)))
                i = end + 1
                continue
            if nxt == "u":
                out.append(chr(int(text[i + 2:i + 6], 16)))
                i += 6
                continue
            if nxt == "x":
                out.append(chr(int(text[i + 2:i + 4], 16)))
                i += 4
                continue
            if nxt == "\n":
                i += 2
                continue
            out.append(escapes.get(nxt, nxt))
            i += 2
            continue
        if ch == quote_char:
            return "".join(out)
        if quote_char == "`" and ch == "$" and text[i + 1:i + 2] == "{":
            return None
        out.append(ch)
        i += 1
    return None


def cell_commands(code):
    """Shell commands a JavaScript exec cell runs: each ``exec_command({cmd: "..."})``."""
    commands = []
    if not isinstance(code, str):
        return commands
    stripped = code.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except ValueError:
            data = None
        if isinstance(data, dict):
            text = command_text(data.get("cmd") or data.get("command"))
            return [text] if text else []
    for call in CELL_CALL.finditer(code):
        key = CELL_KEY.search(code, call.end(), call.end() + 400)
        if key is None:
            continue
        try:
            value = _js_string(code, key.end() - 1, key.group(2))
        except (ValueError, IndexError):
            value = None
        if value:
            commands.append(value)
    if not commands and "(" not in stripped and "\n" not in stripped and stripped:
        commands.append(stripped)      # a bare one-line command as the whole cell
    return commands


def _output_text(output):
    if isinstance(output, str):
        return output
    return text_of(output)


def _split_exec_output(text):
    """``Chunk ID ... Output:\\n<body>`` -> (exit or None, running session or None, body)."""
    head, sep, body = text.partition("\nOutput:\n")
    if not sep:
        if text.startswith("Output:\n"):
            head, body = "", text[len("Output:\n"):]
        else:
            head, body = text, ""
    exited = PROCESS_EXITED.search(head)
    running = PROCESS_RUNNING.search(head)
    if exited is None and running is None and not sep:
        # legacy shell output: JSON {"output", "metadata": {"exit_code"}} or an Exit code header
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("metadata"), dict):
            code = data["metadata"].get("exit_code")
            return (code if isinstance(code, int) else None), None, str(data.get("output") or "")
        header = EXIT_HEADER.match(text)
        if header:
            return int(header.group(1)), None, text[header.end():].lstrip("\n")
        return None, None, text
    return (int(exited.group(1)) if exited else None), (running.group(1) if running else None), body


class _Call(object):
    __slots__ = ("command", "cwd", "chunks", "done")

    def __init__(self, command, cwd):
        self.command = command
        self.cwd = cwd
        self.chunks = []
        self.done = False


class _Reader(object):
    def __init__(self, session, agent, info):
        self.session = session
        self.agent = agent
        self.info = info
        self.calls = {}          # call_id -> _Call (shell commands, also those inside JS cells)
        self.cells = {}          # exec cell call_id -> [sub call ids, output chunks]
        self.running_cells = {}  # "Script running with cell ID N" -> exec cell call_id
        self.processes = {}      # unified-exec session id -> call_id
        self.polls = {}          # write_stdin call_id -> call_id it polls
        self.patches = {}        # apply_patch call_id -> patch text
        self.texts = []
        self.text_ts = None
        self.turn = None
        self.turn_ids = False
        self.prompts = 0
        self.cwd = ""
        self.own_id = None
        self.inherited = False   # skipping a fork's replayed parent history
        self.stopped = False     # a Stop was already emitted since the agent last acted

    def event(self, kind, ts, **fields):
        fields.setdefault("turn", self.turn)
        fields.setdefault("cwd", self.cwd)
        fields.setdefault("model", self.info.get("model"))
        return ev.Event(kind, "codex", session=self.session, agent=self.agent, ts=ts,
                        replay=True, **fields)

    def flush_stop(self, ts=None, fallback=None):
        texts = self.texts
        self.texts = []
        message = "\n\n".join(texts) if texts else ("" if self.stopped else (fallback or ""))
        if message.strip():
            self.stopped = True
            yield self.event(ev.STOP, self.text_ts or ts, message=message[:MAX_TEXT],
                             event_name="SubagentStop" if self.agent else "Stop")

    def new_turn(self, turn, ts):
        if turn == self.turn:
            return
        for out in self.flush_stop(ts):
            yield out
        self.turn = turn
        yield self.event(ev.PROMPT, ts)

    # -- shell calls -------------------------------------------------------------------------
    def start_call(self, call_id, command, cwd, ts, tool_name):
        self.texts = []             # text before a tool call was commentary, not a stop
        self.stopped = False
        call = _Call(command, cwd or self.cwd)
        self.calls[call_id] = call
        yield self.event(ev.PRE_SHELL, ts, command=command, cwd=call.cwd, tool_use_id=call_id,
                         tool_name=tool_name)

    def finish_call(self, call_id, ts, exit_code, output, cwd=None, interrupted=False):
        call = self.calls.get(call_id)
        if call is None or call.done:
            return
        call.done = True
        del self.calls[call_id]
        if output is None:
            output = "".join(call.chunks)
        yield self.event(ev.POST_SHELL, ts, command=call.command, cwd=cwd or call.cwd,
                         tool_use_id=call_id, exit_code=exit_code, output=clip(output),
                         interrupted=interrupted)

    def function_call(self, p, ts):
        name = p.get("name") or ""
        call_id = p.get("call_id")
        args = p.get("arguments")
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except ValueError:
                args = {}
        if not isinstance(args, dict):
            args = {}
        if name in SHELL_FUNCTIONS or p.get("type") == "local_shell_call":
            action = p.get("action") if isinstance(p.get("action"), dict) else {}
            command = command_text(args.get("cmd") or args.get("command") or action.get("command"))
            if command:
                cwd = args.get("workdir") or action.get("working_directory")
                for out in self.start_call(call_id, command, cwd, ts, "Bash"):
                    yield out
            return
        self.texts = []
        if name == "write_stdin":
            target = self.processes.get(str(args.get("session_id")))
            if target:
                self.polls[call_id] = target
        elif name in ("wait", "exec_wait"):
            target = self.running_cells.get(str(args.get("cell_id")))
            if target:
                self.polls[call_id] = target
        elif name == "exec":        # code mode given as a function: {"code": "<JavaScript>"}
            for out in self.open_cell(call_id, args.get("code") or args.get("input"), ts):
                yield out
        elif name == "apply_patch":
            self.patches[call_id] = args.get("input") or args.get("patch") or ""

    def custom_tool_call(self, p, ts):
        self.texts = []
        name = p.get("name") or ""
        call_id = p.get("call_id")
        code = p.get("input")
        if name == "apply_patch":
            self.patches[call_id] = code or ""
            return
        if name not in ("exec", "shell", "js", "exec_js"):
            return
        for out in self.open_cell(call_id, code if isinstance(code, str) else p.get("arguments"), ts):
            yield out

    def open_cell(self, call_id, code, ts):
        subs = []
        for index, command in enumerate(cell_commands(code)):
            sub_id = "%s#%d" % (call_id, index)
            subs.append(sub_id)
            for out in self.start_call(sub_id, command, None, ts, "Bash"):
                yield out
        if subs:
            self.cells[call_id] = [subs, []]

    def cell_output(self, cell_id, text, ts):
        """A cell that is still running keeps its commands open until a ``wait`` sees it end.
        Its exit is known only when it ran one command and the output printed an exit code."""
        subs, chunks = self.cells[cell_id]
        running = CELL_RUNNING.search(text)
        head, sep, body = text.partition("Output:\n")
        chunks.append(body if sep else text)
        if running:
            self.running_cells[running.group(1)] = cell_id
            return
        del self.cells[cell_id]
        output = "".join(chunks)
        match = CELL_EXIT.search(output) or PROCESS_EXITED.search(output) or CELL_EXIT.search(head)
        exit_code = int(match.group(1)) if (match and len(subs) == 1) else None
        for sub_id in subs:
            for out in self.finish_call(sub_id, ts, exit_code, output):
                yield out

    def call_output(self, p, ts):
        call_id = p.get("call_id")
        text = _output_text(p.get("output"))
        if call_id in self.patches:
            patch = self.patches.pop(call_id)
            failed = "\"exit_code\":1" in text.replace(" ", "") or text.startswith("apply_patch verification failed")
            if not failed:
                for out in self.patch_edits(patch, ts):
                    yield out
            return
        target = self.polls.pop(call_id, None) or call_id
        if target in self.cells:
            for out in self.cell_output(target, text, ts):
                yield out
            return
        call = self.calls.get(target)
        if call is None:
            return
        exit_code, running, body = _split_exec_output(text)
        call.chunks.append(body)
        if running:
            self.processes[running] = target
            return
        if exit_code is None and text.startswith("write_stdin failed"):
            return
        for out in self.finish_call(target, ts, exit_code, None):
            yield out

    def patch_edits(self, patch, ts):
        from stalegreen.engine.edits import from_patch

        paths = from_patch(patch)
        if paths:
            yield self.event(ev.FILE_EDIT, ts, paths=tuple(paths), edit_kind="apply_patch",
                             tool_name="apply_patch")

    def completed(self, call_id, ts, item, exit_key="exit_code"):
        """``exec_command_end`` / ``CommandExecution``: the authoritative exit code."""
        exit_code = item.get(exit_key)
        output = item.get("aggregated_output")
        if output is None and ("stdout" in item or "stderr" in item):
            output = (item.get("stdout") or "") + (item.get("stderr") or "")
        cwd = item.get("cwd") if isinstance(item.get("cwd"), str) else None
        if cwd and cwd.startswith("file://"):
            cwd = cwd[len("file://"):]
        if call_id not in self.calls:
            command = command_text(item.get("command"))
            if not command:
                return
            for out in self.start_call(call_id, command, cwd, ts, "Bash"):
                yield out
        status = item.get("status")
        for out in self.finish_call(call_id, ts, exit_code if isinstance(exit_code, int) else None,
                                    output, cwd, interrupted=status in ("interrupted", "declined")):
            yield out

    # -- records -----------------------------------------------------------------------------
    def record(self, row):
        kind = row.get("type")
        p = row.get("payload")
        if not isinstance(p, dict):
            return
        ts = text_field(row.get("timestamp"))
        if kind == "session_meta":
            if self.own_id is None:
                self.own_id = p.get("id")
                self.cwd = p.get("cwd") or ""
                self.info.setdefault("cwd", self.cwd)
                self.info.setdefault("kind", session_kind(p))
                self.info.setdefault("version", p.get("cli_version"))
                if p.get("forked_from_id"):
                    self.inherited = True
            elif p.get("id") != self.own_id:
                self.inherited = True
            return
        if kind == "turn_context":
            turn = p.get("turn_id")
            if self.inherited:
                if not _own_turn(turn, self.own_id):
                    return
                self.inherited = False
            if p.get("model"):
                self.info["model"] = p["model"]
            if p.get("cwd"):
                self.cwd = p["cwd"]
            if turn:
                self.turn_ids = True
                for out in self.new_turn(turn, ts):
                    yield out
            return
        if self.inherited:
            return
        ptype = p.get("type")
        if kind == "response_item":
            if ptype == "message":
                role = p.get("role")
                if role == "assistant":
                    text = _output_text(p.get("content"))
                    if text.strip():
                        self.texts.append(text)
                        self.text_ts = ts
                        self.stopped = False
                    if p.get("phase") == "final_answer":
                        for out in self.flush_stop(ts):
                            yield out
                elif role == "user":
                    for out in self.flush_stop(ts):
                        yield out
            elif ptype in ("function_call", "local_shell_call"):
                for out in self.function_call(p, ts):
                    yield out
            elif ptype == "custom_tool_call":
                for out in self.custom_tool_call(p, ts):
                    yield out
            elif ptype in ("function_call_output", "custom_tool_call_output", "local_shell_call_output"):
                for out in self.call_output(p, ts):
                    yield out
            return
        if kind != "event_msg":
            return
        if ptype == "task_started":
            if p.get("turn_id"):
                self.turn_ids = True
                for out in self.new_turn(p["turn_id"], ts):
                    yield out
        elif ptype == "user_message":
            for out in self.flush_stop(ts):
                yield out
            if not self.turn_ids:
                self.prompts += 1
                for out in self.new_turn("u%d" % self.prompts, ts):
                    yield out
        elif ptype in ("exec_command_end", "item_completed"):
            ended = command_end(p)
            if ended is not None:
                for out in self.completed(ended[0], ts, ended[1]):
                    yield out
        elif ptype == "patch_apply_end":
            if p.get("success") is not False:
                self.patches.pop(p.get("call_id"), None)
                changes = p.get("changes") if isinstance(p.get("changes"), dict) else {}
                if changes:
                    yield self.event(ev.FILE_EDIT, ts, paths=tuple(changes), edit_kind="apply_patch",
                                     tool_name="apply_patch")
        elif ptype == "task_complete":
            for out in self.flush_stop(ts, p.get("last_agent_message")):
                yield out
        elif ptype == "turn_aborted":
            self.texts = []


def _uuid7_ms(value):
    """Milliseconds embedded in a UUIDv7 (thread and turn ids), or None."""
    if not isinstance(value, str):
        return None
    digits = value.replace("-", "")
    if len(digits) != 32 or digits[12:13] != "7":
        return None
    try:
        return int(digits[:12], 16)
    except ValueError:
        return None


def _own_turn(turn_id, own_id):
    """In a forked thread, a turn minted after the fork is the child's own (not replayed)."""
    turn_ms, own_ms = _uuid7_ms(turn_id), _uuid7_ms(own_id)
    if turn_ms is None or own_ms is None:
        return True
    return turn_ms >= own_ms


NOISE = (b"reasoning", b"token_count")        # payload types no event comes from
PAYLOAD_TYPE = b',"payload":{"type":"'
KEPT_KINDS = (b"session_meta", b"turn_context")   # row types read whatever their payload says


def _noise(line):
    """Reasoning items (large encrypted blobs) and token counts never matter: dropped undecoded
    when the row's first bytes prove what it is. Its own ``"type"`` (``lines.own_type``), not a
    session_meta or turn_context row, is followed at once by its ``"payload"`` object, whose
    first key is a ``"type"`` of one of ``NOISE``: a key right after a proven top-level value is
    top-level too, and the first key inside the object that value opens is that object's."""
    kind = own_type(line)
    if kind is None or kind in KEPT_KINDS:
        return False
    start = line.find(TYPE_KEY) + len(TYPE_KEY) + len(kind) + 1      # past the value's closing quote
    if not line.startswith(PAYLOAD_TYPE, start):
        return False
    start += len(PAYLOAD_TYPE)
    end = line.find(b'"', start)
    return end > 0 and line[start:end] in NOISE


def read(path, session, agent=None, info=None, meter=None, prefilter=True):
    """Yield the events of one rollout file in file order (see module docstring);
    ``prefilter=False`` decodes every line."""
    info = info if info is not None else {}
    reader = _Reader(session, agent, info)
    for row in iter_records(path, meter, None, _noise if prefilter else None):
        for out in safely(reader.record(row), meter):
            yield out
    for out in reader.flush_stop():
        yield out


def header(path):
    """``(thread id, parent thread id, session_meta payload)`` from a rollout's first line."""
    from stalegreen.replay.lines import first_record
    row = first_record(path)
    if not row or row.get("type") != "session_meta" or not isinstance(row.get("payload"), dict):
        return None, None, {}
    meta = row["payload"]
    return meta.get("id"), parent_of(meta), meta


def root(env, home):
    """``$CODEX_HOME/sessions``, else ``~/.codex/sessions``."""
    return os.path.join(env.get("CODEX_HOME") or os.path.join(home, ".codex"), "sessions")


def discover(root_dir, cutoff=None):
    """Rollouts grouped by thread: a child thread joins its topmost ancestor that is present.
    Yields ``(top thread id, [(agent, path)], None)``."""
    threads = {}
    order = []
    for folder, dirs, names in os.walk(root_dir):
        if folder[len(root_dir):].count(os.sep) >= 4:
            dirs[:] = []
        dirs.sort()
        for name in sorted(names):
            if not (name.startswith("rollout-") and name.endswith(".jsonl")):
                continue
            path = os.path.join(folder, name)
            if not modified_since(path, cutoff):
                continue
            thread_id, parent, meta = header(path)
            thread_id = thread_id or name[:-len(".jsonl")]
            threads[thread_id] = (parent, path, meta)
            order.append(thread_id)
    groups = {}
    for thread_id in order:
        top, seen = thread_id, set()
        while threads[top][0] in threads and top not in seen:
            seen.add(top)
            top = threads[top][0]
        groups.setdefault(top, []).append(thread_id)
    for top, members in groups.items():
        files = [(None, threads[top][1])]
        for member in members:
            if member != top:
                meta = threads[member][2]
                files.append((meta.get("agent_nickname") or member, threads[member][1]))
        yield top, files, None

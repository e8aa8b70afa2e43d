"""Claude Code transcripts (``~/.claude/projects/<slug>/<session>.jsonl``) as events.

Facts used (shared/reference/hosts.md A4, A5, A9): ``assistant`` rows carry Anthropic message
blocks, one API message possibly split over several rows with the same ``message.id``; ``user``
rows are prompts or ``tool_result`` blocks with the structured ``toolUseResult`` beside them.
A failing Bash result is ``is_error`` text starting ``Exit code N``; a success has no exit
field (0). Background runs finish later in a ``<task-notification>`` prompt. ``isMeta`` user
rows (Stop hook feedback) continue the same turn. Every other row type is ignored.
"""

import json
import os
import re

from stalegreen.engine import events as ev
from stalegreen.hosts.claude import (EDIT_TOOLS, OUTPUT_TOOLS, SHELL_TOOLS, background_task, finished_runs,
                                     shell_output, split_exit_line)
from stalegreen.replay.lines import (MAX_TEXT, TYPE_KEY, clip, iter_records, own_type, read_capped, safely,
                                    text_field, text_of)

BACKGROUND_TEXT = re.compile(r"\ACommand running in background with ID: (\S+?)\.")
READ_TYPES = (b'"assistant"', b'"user"')         # the row types the reader reads, as JSON strings


def session_kind(entrypoint):
    """``cli`` is someone at a terminal; ``sdk-*`` a program driving Claude Code."""
    if not entrypoint:
        return "unknown"
    if entrypoint == "cli":
        return "interactive"
    if entrypoint.startswith("sdk"):
        return "sdk"
    return entrypoint


class _Reader(object):
    """The state one transcript file needs while it streams: open tool calls, the message
    being assembled, the current turn."""

    def __init__(self, session, agent, info):
        self.session = session
        self.agent = agent
        self.info = info            # dict filled for the caller: model, kind, cwd, version
        self.calls = {}             # tool_use id -> (name, input) for shell and edit tools
        self.background = {}        # background task id -> tool_use id
        self.message_id = None
        self.texts = []
        self.has_tool = False
        self.message_ts = None
        self.turn = None
        self.cwd = ""
        self.cwd_key = (None, None)     # (cwd, its ``"cwd":...`` key as a row writes it)

    def event(self, kind, ts, **fields):
        fields.setdefault("turn", self.turn)
        fields.setdefault("cwd", self.cwd)
        fields.setdefault("model", self.info.get("model"))
        return ev.Event(kind, "claude", session=self.session, agent=self.agent, ts=ts,
                        replay=True, **fields)

    def flush_message(self):
        """An assistant message without any tool_use ends the turn: that is where Stop fires."""
        texts, has_tool = self.texts, self.has_tool
        self.texts, self.has_tool, self.message_id = [], False, None
        if texts and not has_tool:
            message = "\n\n".join(texts)[:MAX_TEXT]
            yield self.event(ev.STOP, self.message_ts, message=message,
                             event_name="SubagentStop" if self.agent else "Stop")

    def assistant(self, row, ts):
        message = row.get("message") or {}
        mid = message.get("id") or row.get("uuid")
        if mid != self.message_id:
            for out in self.flush_message():
                yield out
            self.message_id = mid
        model = text_field(message.get("model"))
        if model and not model.startswith("<"):
            self.info["model"] = model
        self.message_ts = ts
        for block in message.get("content") or ():
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "text":
                text = block.get("text")
                if isinstance(text, str) and text.strip():
                    self.texts.append(text)
            elif kind == "tool_use":
                self.has_tool = True
                name = text_field(block.get("name")) or ""
                tool_id = text_field(block.get("id"))
                tool_input = block.get("input") if isinstance(block.get("input"), dict) else {}
                if tool_id and (name in SHELL_TOOLS or name in EDIT_TOOLS or name in OUTPUT_TOOLS):
                    self.calls[tool_id] = (name, tool_input)
                if tool_id and name in SHELL_TOOLS and text_field(tool_input.get("command")):
                    yield self.event(ev.PRE_SHELL, ts, command=tool_input["command"],
                                     tool_use_id=tool_id, tool_name=name,
                                     background=bool(tool_input.get("run_in_background")))

    def user(self, row, ts):
        for out in self.flush_message():
            yield out
        message = row.get("message") or {}
        content = message.get("content")
        results = [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"] \
            if isinstance(content, list) else []
        if results:
            for block in results:
                for out in self.tool_result(block, row.get("toolUseResult"), ts):
                    yield out
            return
        if row.get("isMeta") or row.get("isCompactSummary") or row.get("isVisibleInTranscriptOnly"):
            return
        text = text_of(content)
        turn = row.get("promptId") or row.get("uuid")
        if turn != self.turn:
            self.turn = turn
            # a <task-notification> prompt is read as the live UserPromptSubmit hook reads it
            yield self.event(ev.PROMPT, ts, message=text[:MAX_TEXT], finished=finished_runs(text))

    def tool_result(self, block, structured, ts):
        call = self.calls.pop(text_field(block.get("tool_use_id")), None)
        if call is None:
            return
        name, tool_input = call
        text = text_of(block.get("content"))
        is_error = bool(block.get("is_error"))
        if name in OUTPUT_TOOLS:
            if not is_error:
                for out in self.task_output(name, tool_input, text, structured if isinstance(structured, dict) else {},
                                            ts, block.get("tool_use_id")):
                    yield out
            return
        if name in EDIT_TOOLS:
            path = tool_input.get(EDIT_TOOLS[name])
            if not is_error and isinstance(path, str):
                yield self.event(ev.FILE_EDIT, ts, paths=(path,), edit_kind=name,
                                 tool_use_id=block.get("tool_use_id"), tool_name=name)
            return
        structured = structured if isinstance(structured, dict) else {}
        fields = {"command": text_field(tool_input.get("command")) or "", "tool_use_id": block.get("tool_use_id"),
                  "tool_name": name, "interrupted": bool(structured.get("interrupted"))}
        task_id = structured.get("backgroundTaskId")
        match = BACKGROUND_TEXT.match(text) if not is_error else None
        if task_id or match or (tool_input.get("run_in_background") and not is_error):
            task_id = task_id or (match.group(1) if match else None)
            if task_id:
                self.background[task_id] = block.get("tool_use_id")
            yield self.event(ev.POST_SHELL, ts, background=True, background_id=task_id, **fields)
            return
        if is_error:
            exit_code, rest = split_exit_line(text)
            if exit_code is None:
                if "timed out" in text[:200].lower():
                    yield self.event(ev.POST_SHELL, ts, output=clip(text), **dict(fields, interrupted=True))
                return      # denied, invalid input, shell never started: nothing ran
            yield self.event(ev.POST_SHELL, ts, exit_code=exit_code, output=clip(rest), **fields)
            return
        output = None
        spilled = structured.get("persistedOutputPath")
        if isinstance(spilled, str):
            output = read_capped(spilled)
        if output is None and ("stdout" in structured or "stderr" in structured):
            output = shell_output(structured)
        if output is None:
            output = text
        exit_code = 1 if structured.get("returnCodeInterpretation") else 0
        yield self.event(ev.POST_SHELL, ts, exit_code=exit_code, output=clip(output), **fields)

    def task_output(self, name, tool_input, text, structured, ts, tool_use_id):
        """TaskOutput / BashOutput: a background run's output and exit, fetched by the agent."""
        status, exit_code, output = background_task(structured, text)
        if status in ("running", "pending"):
            return
        task = structured.get("task") if isinstance(structured.get("task"), dict) else structured
        yield self.event(ev.BACKGROUND_DONE, ts, background_id=tool_input.get(OUTPUT_TOOLS[name]) or task.get("task_id"),
                         exit_code=exit_code, output=clip(output), tool_use_id=tool_use_id, tool_name=name,
                         failed_without_number=(exit_code is None and status == "failed"),
                         interrupted=status in ("killed", "stopped"))


TOOL_USE_ID = b'"tool_use_id"'
RESULT_FIRST = (b',"message":{"role":"user","content":[{"type":"tool_result",',   # right after the row's type
                b',"message":{"role":"user","content":[{"tool_use_id":"')
RESULT_TYPE = b',"type":"tool_result",'
LETTER_ESCAPE = b"\\u00"       # then 5, 6 or 7: a letter or ``_`` written as an escape (no JSON writer does)
SIDECHAIN = (b'"isSidechain":false', b'"isSidechain":true')


def _names_a_followed_call(line, calls):
    """Whether a tool-result row may answer one of ``calls``: it names one of their ids, names
    none, or writes an id otherwise than ``"tool_use_id":"<id>"`` (spaced, not a plain string).
    Reads the ids the row names instead of searching the row once per open call (rows are
    large, calls many)."""
    position, named = 0, False
    while True:
        start = line.find(TOOL_USE_ID, position)
        if start < 0:
            return not named
        start += len(TOOL_USE_ID)
        end = line.find(b'"', start + 2)
        if line[start:start + 2] != b':"' or end < 0 or line[end - 1] == 92:
            return True
        named = True
        if line[start + 2:end].decode("utf-8", "replace") in calls:
            return True
        position = end


def _escapes_a_letter(line):
    """Whether the row writes a letter or ``_`` as a ``\\u00xx`` escape somewhere (a key the
    reader reads could be spelled so), or an escaped backslash before such text (read to be safe)."""
    position = line.find(LETTER_ESCAPE)
    while position >= 0:
        if line[position + 4:position + 5] in (b"5", b"6", b"7"):
            return True
        position = line.find(LETTER_ESCAPE, position + 5)
    return False


def _passes_over(line, start, end, reader):
    """Whether decoding a user row (its own type proven, the key at ``start``, the value's
    closing quote at ``end``) would change nothing the reader keeps, but what this does itself.

    Its message follows its type at once and opens with a tool_result block (so the row is
    results, never a prompt); every tool_use id it names is of a call the reader does not follow
    (and no key is spelled with escapes, which could hide one); its own ``cwd`` (before its
    type: a key of the row) is the one in force and the session's info is complete; it is no
    inline sidechain; and the message in progress would end without a Stop: that ending (what
    ``flush_message`` would do) is done here."""
    if line.startswith(RESULT_FIRST[1], end + 1):
        id_end = line.find(b'"', end + 1 + len(RESULT_FIRST[1]))
        if id_end < 0 or line[id_end - 1] == 92 or not line.startswith(RESULT_TYPE, id_end + 1):
            return False
    elif not line.startswith(RESULT_FIRST[0], end + 1):
        return False
    if reader.texts and not reader.has_tool or _names_a_followed_call(line, reader.calls) \
            or _escapes_a_letter(line):
        return False
    info = reader.info
    if "kind" not in info and b'"entrypoint"' in line or "version" not in info and b'"version"' in line:
        return False
    if reader.cwd_key[0] != reader.cwd:
        reader.cwd_key = (reader.cwd, ('"cwd":' + json.dumps(reader.cwd, ensure_ascii=False)).encode(
            "utf-8", "surrogatepass"))
    found = line.find(reader.cwd_key[1], 1, start) if reader.cwd else -1
    if found <= 0 or line[found - 1] == 92:
        return False
    if reader.agent is None:
        sidechain = line.find(SIDECHAIN[1], 1, start)
        if sidechain > 0 and line[sidechain - 1] != 92:
            return True         # read, it would be passed over before its message ends
        sidechain = line.find(SIDECHAIN[0], 1, start)
        if sidechain < 0 or line[sidechain - 1] == 92:
            return False
    reader.texts, reader.has_tool, reader.message_id = [], False, None
    return True


def _names_no_read_type(line):
    """Whether the row holds no JSON string "user" or "assistant", however escaped: then no key
    of it, at any depth, can say the row is one the reader reads. Such a string is written
    ``"user"``, or with a ``\\u00xx`` escape of one of its letters (other escapes stand for no
    letter)."""
    for token in READ_TYPES:
        if token in line:
            return False
    return not _escapes_a_letter(line)


def read(path, session, agent=None, info=None, meter=None, prefilter=True):
    """Yield the events of one transcript file in file order.

    ``info`` (a dict) receives ``model``, ``kind``, ``cwd``, ``version`` as they are seen.
    ``prefilter=False`` decodes every line (the reference the raw-line filter is tested against).
    """
    info = info if info is not None else {}
    reader = _Reader(session, agent, info)

    def skip(line):
        """Rows of types the reader ignores (progress, snapshots: most of a transcript), and
        results of tools we do not follow (Read, Grep: the bulk of the rest), are dropped before
        decoding. A row is taken for a progress row, or any type but user and assistant, only
        when its first bytes prove its own ``"type"`` (``lines.own_type``), or when it holds no
        "user" or "assistant" string at all (``_names_no_read_type``); a user row of results is
        dropped when its bytes prove decoding it would change nothing (``_passes_over``: results
        of tools we do not follow). Any other row is decoded."""
        kind = own_type(line)
        if kind is None:
            return _names_no_read_type(line)
        if kind == b"user":
            start = line.find(TYPE_KEY)
            return _passes_over(line, start, start + len(TYPE_KEY) + 4, reader)
        return kind != b"assistant"

    for row in iter_records(path, meter, None, skip if prefilter else None):
        kind = row.get("type")
        if kind not in ("assistant", "user"):
            continue
        ts = text_field(row.get("timestamp"))
        cwd = text_field(row.get("cwd"))
        if cwd:
            reader.cwd = cwd
            info.setdefault("cwd", cwd)
        if "kind" not in info and text_field(row.get("entrypoint")):
            info["kind"] = session_kind(row["entrypoint"])
        if "version" not in info and text_field(row.get("version")):
            info["version"] = row["version"]
        if agent is None and row.get("isSidechain"):
            continue        # 1.x inline sidechains: their own agent, not the main turn
        handler = reader.assistant if kind == "assistant" else reader.user
        for out in safely(handler(row, ts), meter):
            yield out
    for out in reader.flush_message():
        yield out


def subagent_files(session_path):
    """``<session>/subagents/**/agent-*.jsonl`` (depth <= 3), without the compaction agent."""
    base = os.path.join(session_path[:-len(".jsonl")], "subagents")
    found = []
    for root, dirs, files in os.walk(base):
        if root[len(base):].count(os.sep) >= 3:
            dirs[:] = []
        for name in files:
            if name.startswith("agent-") and name.endswith(".jsonl") and not name.startswith("agent-acompact"):
                found.append((name[len("agent-"):-len(".jsonl")], os.path.join(root, name)))
    return sorted(found)


def root(env, home):
    """``$CLAUDE_CONFIG_DIR/projects``, else ``~/.claude/projects``."""
    return os.path.join(env.get("CLAUDE_CONFIG_DIR") or os.path.join(home, ".claude"), "projects")


def discover(root_dir, cutoff=None):
    """``(session id, [(agent, path)], None)`` per ``<project>/<session>.jsonl``, its subagents
    with it (the caller keeps those touched since ``cutoff``)."""
    try:
        projects = sorted(os.listdir(root_dir))
    except OSError:
        return
    for project in projects:
        folder = os.path.join(root_dir, project)
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder, name)
            if not name.endswith(".jsonl") or not os.path.isfile(path):
                continue
            yield name[:-len(".jsonl")], [(None, path)] + subagent_files(path), None

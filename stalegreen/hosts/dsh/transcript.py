"""DeepSeek Harness session logs (``$DSH_HOME/sessions/<cwd-slug>/<id>/session.jsonl.zstd``).

Facts used (shared/reference/dsh.md §2, §5): the log is concatenated zstd frames (or plain
JSON lines with ``compression: none``); line 1 is the ``session`` header with ``cwd``. A turn
is ``turn/start``; tools are ``tool/call {callId, name, arguments (JSON string)}`` and
``tool/result`` whose text ends ``[exit code: N]`` only when N is not 0; ``assistant/message``
carries the model in ``source.model``. Without any zstd decoder the file is skipped.
"""

import json
import os

from stalegreen.engine import events as ev
from stalegreen.hosts.dsh import INTERRUPT_MARKER, SHELL_TOOLS, is_edit, split_exit_marker, without_empty_note
from stalegreen.replay.lines import MAX_TEXT, clip, iter_records, modified_since, safely, text_of, zstd_available

WANTED = (b'"type":"session"', b'"turn/start"', b'"tool/call"', b'"tool/result"',
          b'"assistant/message"', b'"type": "session"')


def _arguments(value):
    if isinstance(value, dict):
        return value
    try:
        data = json.loads(value or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _ts(millis):
    """dsh times are epoch milliseconds; the engine wants ISO UTC text."""
    import time
    if not isinstance(millis, (int, float)):
        return None
    seconds = millis / 1000.0
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % (int(millis) % 1000)


class _Reader(object):
    """Open tool calls, the current turn and the working directory of one session log."""

    def __init__(self, session, agent, info):
        self.session = session
        self.agent = agent
        self.info = info
        self.calls = {}
        self.turn = None
        self.cwd = ""

    def record(self, row):
        session, agent, info, turn = self.session, self.agent, self.info, self.turn
        kind = row.get("type")
        data = row.get("data") if isinstance(row.get("data"), dict) else {}
        ts = _ts(row.get("time") or row.get("createdAt"))
        common = {"session": session, "agent": agent, "ts": ts, "replay": True,
                  "cwd": self.cwd, "model": info.get("model")}
        if kind == "session":
            self.cwd = row.get("cwd") or ""
            info.setdefault("cwd", self.cwd)
            info.setdefault("kind", "subagent" if row.get("delegationDepth") else "unknown")
            return
        if kind == "turn/start":
            self.turn = turn = str(data.get("turn"))
            yield ev.Event(ev.PROMPT, "dsh", turn=turn, **common)
        elif kind == "tool/call":
            name = data.get("name") or ""
            args = _arguments(data.get("arguments"))
            call_id = data.get("callId")
            if name in SHELL_TOOLS and isinstance(args.get("command"), str):
                self.calls[call_id] = (name, args)
                yield ev.Event(ev.PRE_SHELL, "dsh", turn=turn, command=args["command"],
                               tool_use_id=call_id, tool_name=name, **common)
            elif is_edit(name, args):
                self.calls[call_id] = (name, args)
        elif kind == "tool/result":
            message = data.get("message") if isinstance(data.get("message"), dict) else {}
            for block in message.get("content") or ():
                if not isinstance(block, dict) or block.get("type") != "tool-result":
                    continue
                call = self.calls.pop(block.get("toolCallId"), None)
                if call is None:
                    continue
                name, args = call
                text = text_of(block.get("content"))
                if name not in SHELL_TOOLS:
                    meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
                    paths = [d.get("path") for d in meta.get("diffs") or () if isinstance(d, dict)]
                    paths = [p for p in paths if p] or [args.get("path") or args.get("file_path")]
                    paths = [p if os.path.isabs(p) else os.path.join(self.cwd, p) for p in paths if p]
                    if paths and not block.get("isError") and not text.startswith("Error:"):
                        yield ev.Event(ev.FILE_EDIT, "dsh", turn=turn, paths=tuple(paths),
                                       edit_kind=name, tool_name=name, **common)
                    continue
                if block.get("isError") or text.startswith("Error: "):
                    continue        # denied or blocked before it ran
                output, exit_code = split_exit_marker(text)
                exit_code = 0 if exit_code is None else exit_code      # no marker: exit 0
                interrupted = bool(INTERRUPT_MARKER.search(output))
                output = without_empty_note(output)
                yield ev.Event(ev.POST_SHELL, "dsh", turn=turn, command=args["command"],
                               tool_use_id=block.get("toolCallId"), tool_name=name,
                               exit_code=None if interrupted else exit_code,
                               interrupted=interrupted, output=clip(output), **common)
        elif kind == "assistant/message":
            message = data.get("message") if isinstance(data.get("message"), dict) else {}
            source = message.get("source") if isinstance(message.get("source"), dict) else {}
            if source.get("model"):
                info["model"] = source["model"]
                common["model"] = source["model"]
            content = message.get("content") or ()
            if any(isinstance(b, dict) and b.get("type") == "tool-call" for b in content):
                return
            text = text_of(content)
            if text.strip():
                yield ev.Event(ev.STOP, "dsh", turn=turn, message=text[:MAX_TEXT],
                               event_name="turn-stopping", **common)


def read(path, session, agent=None, info=None, meter=None, prefilter=True):
    """Yield the events of one dsh session log in order; ``prefilter=False`` decodes every line."""
    reader = _Reader(session, agent, info if info is not None else {})
    for row in iter_records(path, meter, WANTED if prefilter else None):
        for out in safely(reader.record(row), meter):
            yield out


def root(env, home):
    """``$DSH_HOME/sessions``, else ``~/.dsh/sessions``."""
    return os.path.join(env.get("DSH_HOME") or os.path.join(home, ".dsh"), "sessions")


def discover(root_dir, cutoff=None):
    """``(session id, [(None, path)], skipped)`` per session log; a zstd log without any
    decoder is listed as skipped, with the reason."""
    available = zstd_available()
    for folder, dirs, names in os.walk(root_dir):
        if folder[len(root_dir):].count(os.sep) >= 3:
            dirs[:] = []
        dirs.sort()
        for name in sorted(names):
            if name not in ("session.jsonl.zstd", "session.jsonl") and not name.endswith(".session.jsonl"):
                continue
            path = os.path.join(folder, name)
            if not modified_since(path, cutoff):
                continue
            session_id = os.path.basename(folder) if name.startswith("session.jsonl") else name.split(".")[0]
            skipped = None
            if name.endswith(".zstd") and not available:
                skipped = "no zstd decoder (install zstd, or Python 3.14)"
            yield session_id, [(None, path)], skipped

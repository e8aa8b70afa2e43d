"""Small pieces both hook hosts (Claude Code and Codex) share: payload basics and JSON out."""

import json
import re

from stalegreen.engine import events as ev

_EXIT_HEADER = re.compile(r"^(?:exit code|process exited with code|exit status|exited with code)[:= ]*(-?\d+)\s*$", re.I)
_HEADER_NOISE = re.compile(r"^(?:wall time:? .*|chunk id: .*|original token count: .*|output:|"
                           r"total output lines: .*)$", re.I)
FILE_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
BACKGROUND_OUTPUT_TOOLS = ("TaskOutput", "BashOutput", "KillShell")


def safe_name(text):
    from stalegreen.engine.store import safe_name as store_safe_name

    return store_safe_name(text)


def base_event(kind, host, event_name, payload, **fields):
    """An Event with the fields every payload of both hosts carries."""
    event = ev.Event(kind, host, **fields)
    event.event_name = event_name
    event.session = safe_name(str(payload.get("session_id") or "unknown"))
    event.agent = payload.get("agent_id") or None
    event.cwd = payload.get("cwd") or ""
    event.permission_mode = payload.get("permission_mode")
    event.model = payload.get("model")
    event.tool_use_id = payload.get("tool_use_id")
    event.tool_name = payload.get("tool_name") or ""
    event.stop_hook_active = bool(payload.get("stop_hook_active"))
    return event


def turn_event(host, event_name, payload, fields):
    """UserPromptSubmit, Stop and SubagentStop read alike on both hosts; None for other events."""
    if event_name == "UserPromptSubmit":
        event = base_event(ev.PROMPT, host, event_name, payload, **fields)
        event.output = payload.get("prompt") or ""
        return event
    if event_name in ("Stop", "SubagentStop"):
        event = base_event(ev.STOP, host, event_name, payload, **fields)
        event.message = payload.get("last_assistant_message") or ""
        if event_name == "Stop":
            event.agent = None   # the main agent; SubagentStop keeps its agent_id
        return event
    return None


def mcp_event(host, event_name, payload, fields, output, exit_code):
    event = base_event(ev.MCP_TOOL, host, event_name, payload, **fields)
    event.output = output
    event.exit_code = exit_code
    return event


def decision_reply(decision):
    """The reply both hosts accept for a deny (PreToolUse) or a block (Stop), else None."""
    if decision.kind == ev.DENY:
        return dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                             "permissionDecisionReason": decision.reason or "stalegreen"}})
    if decision.kind == ev.BLOCK:
        return dumps({"decision": "block", "reason": decision.reason})
    return None


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps(obj):
    """Compact JSON every host parses: no NaN or Infinity (a ValueError, inside the fail-open
    guard), and no lone surrogate (an agent can echo ``\\ud83d``; it cannot be UTF-8 and a
    strict JSON reader refuses its escape), which becomes U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", json.dumps(obj, ensure_ascii=False, separators=(",", ":"),
                                                   allow_nan=False))


def split_output_header(text):
    """Leading ``Exit code: N`` / ``Wall time`` / ``Output:`` lines of a tool result.

    Returns (exit_code or None, state or None, remaining text); state is ``failed``,
    ``completed``, ``running`` or ``aborted`` when a ``Script ...`` header says so.
    """
    exit_code, state = None, None
    lines = text.split("\n")
    index = 0
    while index < len(lines) and index < 8:
        line = lines[index].strip()
        lower = line.lower()
        match = _EXIT_HEADER.match(line)
        if match:
            exit_code = int(match.group(1))
        elif lower.startswith("script completed"):
            state = "completed"
        elif lower.startswith("script failed"):
            state = "failed"
        elif lower.startswith("script running") or lower.startswith("process running with session id"):
            state = "running"
        elif lower.startswith("script terminated") or lower.startswith("aborted by user"):
            state = "aborted"
        elif _HEADER_NOISE.match(line):
            pass
        else:
            break
        index += 1
        if lower == "output:":
            break
    if index == 0:
        return None, None, text
    return exit_code, state, "\n".join(lines[index:])

"""Small pieces both hook hosts (Claude Code and Codex) share: payload basics and JSON out."""

from stalegreen.engine import events as ev
from stalegreen.engine.paths import real_path

_HEADER_PATTERNS = []   # compiled on first use: only Codex shell results read headers


def safe_name(text):
    from stalegreen.engine.safeio import safe_name as store_safe_name

    return store_safe_name(text)


def base_event(kind, host, event_name, payload, **fields):
    """An Event with the fields every payload of both hosts carries."""
    event = ev.Event(kind, host, **fields)
    event.event_name = event_name
    event.session = safe_name(str(payload.get("session_id") or "unknown"))
    event.agent = payload.get("agent_id") or None
    event.cwd = real_path(payload.get("cwd") or "")     # symlinked or not, one folder is one project
    event.project_dir = real_path(event.project_dir)
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


def dumps(obj):
    """Compact JSON every host parses: no NaN or Infinity (a ValueError, inside the fail-open
    guard), and no lone surrogate (an agent can echo ``\\ud83d``; it cannot be UTF-8 and a
    strict JSON reader refuses its escape), which becomes U+FFFD."""
    from stalegreen.engine import fastjson

    text = fastjson.dumps(obj, allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join(u"\ufffd" if u"\ud800" <= c <= u"\udfff" else c for c in text)
    return text


_EXIT_PREFIXES = ("exit code", "process exited with code", "exit status", "exited with code")
_NOISE_PREFIXES = ("wall time: ", "wall time ", "chunk id: ", "original token count: ", "total output lines: ")


def _header_patterns():
    """(exit header, noise line) regexes, for lines that are not plain ASCII."""
    if not _HEADER_PATTERNS:
        import re

        _HEADER_PATTERNS.extend((     # both or neither: a worker may be interrupted between two compiles
            re.compile(r"^(?:exit code|process exited with code|exit status|exited with code)[:= ]*(-?\d+)\s*$", re.I),
            re.compile(r"^(?:wall time:? .*|chunk id: .*|original token count: .*|output:|"
                       r"total output lines: .*)$", re.I)))
    return _HEADER_PATTERNS


def _exit_header(line, lower):
    """N of an ``Exit code: N`` line (stripped), else None. Plain ASCII is read with string
    tests (no ``re`` import on the hook path); anything else with the regex."""
    if not line.isascii():
        match = _header_patterns()[0].match(line)
        return int(match.group(1)) if match else None
    for prefix in _EXIT_PREFIXES:
        if lower.startswith(prefix):
            number = line[len(prefix):].lstrip(":= ")
            digits = number[1:] if number.startswith("-") else number
            if digits.isdigit():
                return int(number)
    return None


def _is_header_noise(line, lower):
    if not line.isascii():
        return bool(_header_patterns()[1].match(line))
    return lower == "output:" or lower.startswith(_NOISE_PREFIXES)


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
        number = _exit_header(line, lower)
        if number is not None:
            exit_code = number
        elif lower.startswith("script completed"):
            state = "completed"
        elif lower.startswith("script failed"):
            state = "failed"
        elif lower.startswith("script running") or lower.startswith("process running with session id"):
            state = "running"
        elif lower.startswith("script terminated") or lower.startswith("aborted by user"):
            state = "aborted"
        elif _is_header_noise(line, lower):
            pass
        else:
            break
        index += 1
        if lower == "output:":
            break
    if index == 0:
        return None, None, text
    return exit_code, state, "\n".join(lines[index:])

"""Claude Code: payload -> Event, Decision -> reply.

Facts this relies on (observed on the real CLI, see the reference pack's hosts.md):
- a Bash command that exits non-zero fires PostToolUseFailure (``error`` starts ``Exit code N``),
  not PostToolUse; PostToolUse means exit 0, or a benign exit 1 of grep/diff/test-like commands
  (``returnCodeInterpretation`` is set then);
- ``updatedInput`` replaces the whole tool input, so every other field is copied across;
- ``run_in_background`` returns at once with ``backgroundTaskId``; the result comes later as a
  ``<task-notification>`` user turn (UserPromptSubmit) or through TaskOutput/BashOutput;
- tool hooks inside a subagent carry the parent's ``session_id`` plus ``agent_id``.
"""

import os

from stalegreen.engine import events as ev
from stalegreen.hosts import common

HOST = "claude"
LABEL = "Claude Code"
EXIT_LINE_PREFIX = "Exit code "
EXIT_TAG = "<exit_code>"                     # a background run's exit in TaskOutput's text
SHELL_TOOLS = ("Bash",)
EDIT_TOOLS = {"Edit": "file_path", "Write": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}
OUTPUT_TOOLS = {"TaskOutput": "task_id", "BashOutput": "bash_id", "KillShell": "shell_id"}   # a background run's end
NOTIFICATION_TAG = "<task-notification>"    # how a finished background run reaches a new prompt
_NOTIFICATION_PATTERNS = []                 # compiled on first use: most prompts carry none


def allow_output(event_name):
    return ""


def _approver(payload, cwd):
    """Claude's own answer for a line the engine proved harmless except ``needs_rule``."""
    mode = payload.get("permission_mode") or "default"
    tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}

    def approves(parse, needs_rule):
        from stalegreen.hosts.claude import rules as claude_rules

        if tool_input.get("dangerouslyDisableSandbox"):
            return False    # leaving Claude's sandbox is Claude's question to ask, never ours

        project = os.environ.get("CLAUDE_PROJECT_DIR") or cwd
        return claude_rules.approver(claude_rules.load_rules(project), mode)(parse, needs_rule)

    return approves


def _shell_result(event, payload, failed):
    response = payload.get("tool_response")
    if failed:
        # None: the shell never started, or a host-side error
        event.exit_code, text = split_exit_line(payload.get("error") or "")
        event.interrupted = bool(payload.get("is_interrupt")) or "Command timed out" in text
        event.output = text
        return event
    if isinstance(response, dict):
        event.output = shell_output(response)
        event.interrupted = bool(response.get("interrupted")) or bool(response.get("timedOutAfterMs"))
        event.background_id = response.get("backgroundTaskId")
        event.exit_code = 1 if response.get("returnCodeInterpretation") else 0
        if response.get("persistedOutputPath"):
            event.output = _read_persisted(response["persistedOutputPath"], event.output)
    elif isinstance(response, str):
        event.output = response
        event.exit_code = 0
    if event.background_id or (payload.get("tool_input") or {}).get("run_in_background"):
        event.background = True
        event.exit_code = None
    return event


def split_exit_line(text):
    """``(N, the rest)`` when a failed Bash result starts with an ``Exit code N`` line (the hook's
    ``error``; a transcript's tool result may say ``Error: Exit code N``), else ``(None, text)``."""
    first, _, rest = text.partition("\n")
    line = first.strip()
    number = _exit_line_number(line[len("Error: "):] if line.startswith("Error: ") else line)
    return (number, rest) if number is not None else (None, text)


def shell_output(response):
    """A Bash result's stdout and stderr, as one text."""
    return "\n".join(part for part in (response.get("stdout") or "", response.get("stderr") or "") if part)


def background_task(response, text=""):
    """What a TaskOutput / BashOutput result says of the background run it fetched, read alike by
    the hook and the transcript reader: ``(status, exit code or None, output)``. ``text`` is the
    result as the agent saw it: its ``<exit_code>N</exit_code>`` tag, and the output when the
    structured result holds none. ``completed`` without a number is exit 0."""
    task = response.get("task") if isinstance(response.get("task"), dict) else response
    status = str(task.get("status") or "").lower()
    exit_code = task.get("exitCode", task.get("exit_code"))
    if not isinstance(exit_code, int) or isinstance(exit_code, bool):
        exit_code = _tagged_exit(text)
    if exit_code is None and status == "completed":
        exit_code = 0
    output = "\n".join(str(task.get(key)) for key in ("output", "stdout", "stderr") if task.get(key))
    return status, exit_code, output or text


def _tagged_exit(text):
    start = text.find(EXIT_TAG) if isinstance(text, str) else -1
    if start < 0:
        return None
    number = text[start + len(EXIT_TAG):text.find("</", start)].strip()
    digits = number[1:] if number.startswith("-") else number
    return int(number) if digits.isdecimal() and digits.isascii() else None


def _exit_line_number(line):
    """N from ``Exit code N`` (the whole stripped line), else None; no regex on the hook path."""
    if not line.startswith(EXIT_LINE_PREFIX):
        return None
    digits = line[len(EXIT_LINE_PREFIX):]
    digits = digits[1:] if digits.startswith("-") else digits
    return int(line[len(EXIT_LINE_PREFIX):]) if digits.isdecimal() else None


PERSISTED_TAIL_BYTES = 8 * 1024 * 1024


def _read_persisted(path, fallback):
    """Claude spills big outputs to a file; the summary line is at its end, so read the tail.
    The path comes from the payload: only a regular file is read, and only its tail."""
    from stalegreen.engine.store import read_regular_file

    data = read_regular_file(path, PERSISTED_TAIL_BYTES, tail=True)
    return fallback if data is None else data.decode("utf-8", "replace")


def _background_output(event, payload):
    response = payload.get("tool_response")
    tool_input = payload.get("tool_input") or {}
    event.background_id = next((tool_input[key] for key in OUTPUT_TOOLS.values() if tool_input.get(key)), None)
    if isinstance(response, dict):
        status, event.exit_code, event.output = background_task(response)
        if status in ("running", "pending"):
            return ev.Event(ev.IGNORED, HOST)
        event.failed_without_number = event.exit_code is None and status == "failed"
        event.interrupted = status in ("killed", "stopped")
    elif isinstance(response, str):
        event.output = response
    return event


def _notification_patterns():
    """(notification block, tag, exit number in a summary) regexes."""
    if not _NOTIFICATION_PATTERNS:
        import re

        _NOTIFICATION_PATTERNS.extend([re.compile(r"<task-notification>(.*?)</task-notification>", re.S),
                                       re.compile(r"<([a-z-]+)>(.*?)</\1>", re.S),
                                       re.compile(r"exit(?:ed with)? code[:= ]+(-?\d+)", re.I)])
    return _NOTIFICATION_PATTERNS


def finished_runs(text):
    """The background runs a prompt's ``<task-notification>`` blocks report finished::

        <task-notification><task-id>b1</task-id><tool-use-id>toolu_1</tool-use-id>
        <status>completed|failed|killed</status><summary>... exit code 1</summary>
        <output-file>/path</output-file></task-notification>

    The exit status is the summary's number, else 0 for ``completed``; ``failed`` without a
    number is a failure of unknown code. Read by the hook and the transcript reader alike."""
    if NOTIFICATION_TAG not in text:
        return ()
    block_pattern, tag_pattern, exit_pattern = _notification_patterns()
    found = []
    for block in block_pattern.findall(text):
        tags = dict((key, value.strip()) for key, value in tag_pattern.findall(block))
        status = tags.get("status", "")
        number = exit_pattern.search(tags.get("summary", ""))
        exit_code = int(number.group(1)) if number else (0 if status == "completed" else None)
        found.append(ev.BackgroundResult(tags.get("task-id"), tags.get("tool-use-id"), exit_code,
                                         exit_code is None and status == "failed", tags.get("output-file")))
    return tuple(found)


def to_event(event_name, payload):
    tool = payload.get("tool_name") or ""
    tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}
    cwd = payload.get("cwd") or os.getcwd()
    fields = {"turn": payload.get("prompt_id"), "project_dir": os.environ.get("CLAUDE_PROJECT_DIR"),
              "extra": tool_input}

    if event_name == "PreToolUse":
        if tool not in SHELL_TOOLS or not isinstance(tool_input.get("command"), str):
            return ev.Event(ev.IGNORED, HOST)
        event = common.base_event(ev.PRE_SHELL, HOST, event_name, payload, **fields)
        event.command = tool_input["command"]
        event.background = bool(tool_input.get("run_in_background"))
        event.rewrite_policy = ev.REWRITE_FREE
        event.approves = _approver(payload, cwd)
        return event

    if event_name in ("PostToolUse", "PostToolUseFailure"):
        failed = event_name == "PostToolUseFailure"
        if tool in SHELL_TOOLS:
            event = common.base_event(ev.POST_SHELL, HOST, event_name, payload, **fields)
            event.command = tool_input.get("command") or ""
            return _shell_result(event, payload, failed)
        if tool in EDIT_TOOLS and not failed:
            event = common.base_event(ev.FILE_EDIT, HOST, event_name, payload, **fields)
            path = tool_input.get(EDIT_TOOLS[tool]) or tool_input.get("file_path") or tool_input.get("notebook_path")
            event.paths = (path,) if path else ()
            event.edit_kind = tool
            return event
        if tool in OUTPUT_TOOLS and not failed:
            event = common.base_event(ev.BACKGROUND_DONE, HOST, event_name, payload, **fields)
            return _background_output(event, payload)
        if tool.startswith("mcp__"):
            response = payload.get("tool_response")
            output = response if isinstance(response, str) else common.dumps(response)
            return common.mcp_event(HOST, event_name, payload, fields, output, 1 if failed else 0)
        return ev.Event(ev.IGNORED, HOST)
    event = common.turn_event(HOST, event_name, payload, fields) or ev.Event(ev.IGNORED, HOST)
    if event.kind == ev.PROMPT and isinstance(event.output, str):
        event.finished = finished_runs(event.output)
    return event


def render(event, decision):
    if decision.kind == ev.REWRITE:
        updated = dict(event.extra or {})
        updated["command"] = decision.command
        out = {"hookEventName": "PreToolUse", "updatedInput": updated}
        if decision.approve:
            out["permissionDecision"] = "allow"
            out["permissionDecisionReason"] = decision.reason
        return common.dumps({"hookSpecificOutput": out}), 0
    return common.decision_reply(decision) or "", 0

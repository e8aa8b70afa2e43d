"""DeepSeek Harness (dsh): the events that the ``dsh-plugin-stalegreen`` bridge forwards.

dsh has no hook processes: the bridge (``dsh-bridge/``, a Cordis plugin) listens inside dsh and
forwards each event as one JSON object, either to ``stalegreen hook dsh <event>`` on stdin or, in
normal use, to the long-lived worker (``stalegreen hook --worker``, see ``stalegreen.worker``).
The bridge reads only what it needs from dsh's live objects, so this format is ours, not dsh's.

Event names are dsh's listener names: ``tools/pre-execute``, ``tools/post-execute``,
``agent/turn-stopping``. The forwarded payload (every field optional)::

    {
      "session":   "session-<uuid>",    agent.session.header.id (else agent.id)
      "agent":     null,                the agent id when it is not the session's own agent
      "cwd":       "/abs/project",      agent.session.header.cwd, else dsh's process cwd
      "turn":      1,                   agent/turn-stopping: the turn number
      "tool":      "bash",              tools/*: exec.name
      "callId":    "call_ab12",         tools/*: exec.callId
      "arguments": {...},               tools/*: exec.arguments as the model sent them
      "result": {                       tools/post-execute only
        "isError": false,
        "text":    "3 passed\\n",        the text blocks of result.content, joined
        "error":   null,                result.error.message on a failure
        "value":   {"kind": "foreground", "exitCode": 0, "signal": null,
                    "timedOut": false, "aborted": false}   scalar fields of result.value, or null
                                        (plus "sandboxDenied": true when dsh's sandbox refused a file operation)
      },
      "message":   "All tests pass.",   agent/turn-stopping: the last assistant message's text
      "options":   {"policy": "advisory", "mode": "strict"}   the plugin row's options that are set
    }

The reply (stdout of the hook, or the worker's ``stdout`` field) is empty for "go on", else one
JSON object: ``{"kind": "deny", "reason": ...}`` for ``tools/pre-execute`` and
``{"kind": "steer", "text": ...}`` for ``agent/turn-stopping``. The exit code is always 0.

dsh cannot rewrite a tool call (its pre-execute waterfall only allows, denies or asks), so every
event carries ``REWRITE_NONE``: masked runs are recorded as masked, or denied in strict mode.
Facts about dsh 0.1.0-rc.8 used here: bash results carry ``value.exitCode``; the text ends with
``[exit code: N]`` only for a non-zero exit (with ``isError`` still false); a denied call still
reaches post-execute, as ``isError: true`` with no ``value``; ``[timed out after Nms]`` and
``[killed by signal: X]`` mark interrupted runs, and so does ``[sandbox: ...]`` (a refused file operation says
nothing about the code); an empty run prints ``(no output)``;
``run_in_background`` answers ``value: {kind: "background", jobId}`` and ``job_output``
(``arguments.job_id``) ends its text with ``[status: completed, exit code: N]`` once the job settled.
"""

import json
import os
import re

from stalegreen.engine import events as ev

HOST = "dsh"
LABEL = "DeepSeek Harness"

SHELL_TOOLS = ("bash", "Bash", "pwsh", "shell")
EDIT_TOOLS = ("edit", "write", "multi_edit", "apply_patch", "patch", "str_replace_editor", "Edit", "Write",
              "MultiEdit", "NotebookEdit")
BACKGROUND_OUTPUT_TOOLS = ("job_output",)

PRE_EXECUTE = "tools/pre-execute"
POST_EXECUTE = "tools/post-execute"
TURN_STOPPING = "agent/turn-stopping"

# Options the plugin row may set, and the config keys they override.
PLUGIN_OPTIONS = {"policy": ("block", "advisory"), "mode": ("rewrite", "strict", "off")}

_EXIT_MARKER = re.compile(r"\n?\[exit code: (-?\d+)\]\s*\Z")
INTERRUPT_MARKER = re.compile(r"\[(?:timed out after \d+ ?ms|killed by signal: [^\]]+|sandbox: [^\]]+)\]")
NO_OUTPUT = "(no output)"
_JOB_ID_KEYS = ("job_id", "jobId", "id")
_JOB_STATUS = re.compile(r"\n?\[status: (\w+)(?:, ([^\]\n]*))?\]\s*\Z")
_SIGNALS = {"SIGINT": 2, "SIGKILL": 9, "SIGTERM": 15}


def _safe_name(text):
    from stalegreen.engine import store

    return store.safe_name(text)


def _text(value):
    return value if isinstance(value, str) else ""


def _options(payload):
    """The plugin's options that are set and valid, as config overrides."""
    raw = payload.get("options")
    if not isinstance(raw, dict):
        return {}
    return dict((key, raw[key]) for key, allowed in PLUGIN_OPTIONS.items() if raw.get(key) in allowed)


def _cwd(payload, arguments=None):
    """The session's cwd, or the bash call's own ``workdir`` resolved against it; symbolic links
    resolved (one folder is one project however it is reached)."""
    from stalegreen.engine.paths import real_path

    base = _text(payload.get("cwd")) or os.getcwd()
    workdir = _text((arguments or {}).get("workdir"))
    if workdir:
        return real_path(os.path.normpath(os.path.join(base, os.path.expanduser(workdir))))
    return real_path(base)


def split_exit_marker(text):
    """``(output without the trailing [exit code: N] marker, N or None)``; dsh prints the marker
    only for a non-zero exit (the hook and the session-log reader read it alike)."""
    match = _EXIT_MARKER.search(text)
    if not match:
        return text, None
    return text[:match.start()], int(match.group(1))


def is_edit(tool, arguments):
    """A file tool call that changes files (``str_replace_editor``'s ``view`` only reads)."""
    return tool in EDIT_TOOLS and not (tool == "str_replace_editor" and arguments.get("command") == "view")


def without_empty_note(text):
    """dsh says ``(no output)`` for a run that printed nothing: that is no output."""
    return "" if text.strip() == NO_OUTPUT else text


def _exit_code(result, text_exit):
    value = result.get("value") if isinstance(result.get("value"), dict) else {}
    code = value.get("exitCode")
    if isinstance(code, int) and not isinstance(code, bool):
        return code
    if text_exit is not None:
        return text_exit
    if not result.get("isError") and value:
        return 0   # dsh prints the marker for every non-zero exit, so no marker on a real run means 0
    return None


def _common(event_name, payload):
    """Fields every dsh event has; the plugin row's options become config overrides."""
    return {
        "event_name": event_name,
        "session": _safe_name(_text(payload.get("session")) or "dsh-unknown"),
        "agent": _text(payload.get("agent")) or None,
        "rewrite_policy": ev.REWRITE_NONE,
        "overrides": _options(payload),
    }


def _tool_event(event_name, payload):
    tool = _text(payload.get("tool"))
    arguments = payload.get("arguments") if isinstance(payload.get("arguments"), dict) else {}
    fields = _common(event_name, payload)
    fields.update(tool_name=tool, tool_use_id=_text(payload.get("callId")) or None, cwd=_cwd(payload, arguments))
    if tool in SHELL_TOOLS:
        return _shell_event(event_name, payload, arguments, fields)
    if event_name != POST_EXECUTE:
        return ev.Event(ev.IGNORED, "dsh", **fields)
    result = payload.get("result") if isinstance(payload.get("result"), dict) else {}
    if tool in EDIT_TOOLS:
        return _edit_event(arguments, result, fields)
    if tool in BACKGROUND_OUTPUT_TOOLS:
        return _job_output_event(arguments, result, fields)
    return ev.Event(ev.IGNORED, "dsh", **fields)


def _shell_event(event_name, payload, arguments, fields):
    command = _text(arguments.get("command"))
    background = arguments.get("run_in_background") is True
    fields.update(command=command, background=background)
    if event_name == PRE_EXECUTE:
        return ev.Event(ev.PRE_SHELL, "dsh", **fields)
    result = payload.get("result") if isinstance(payload.get("result"), dict) else {}
    value = result.get("value") if isinstance(result.get("value"), dict) else None
    if result.get("isError") and not value:
        # Refused before it ran (a deny, a missing approval, bad arguments): no run, no receipt.
        return ev.Event(ev.IGNORED, "dsh", **fields)
    text, text_exit = split_exit_marker(_text(result.get("text")))
    text = without_empty_note(text)
    value = value or {}
    interrupted = bool(value.get("timedOut") or value.get("aborted") or value.get("signal")
                       or value.get("sandboxDenied")) or bool(INTERRUPT_MARKER.search(text))
    if value.get("kind") == "background":
        fields.update(background=True, background_id=_job_id(value))
    fields.update(output=text, exit_code=None if fields["background"] else _exit_code(result, text_exit),
                  interrupted=interrupted)
    return ev.Event(ev.POST_SHELL, "dsh", **fields)


def _job_id(mapping):
    for key in _JOB_ID_KEYS:
        value = mapping.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and value != "":
            return str(value)
    return None


def _edit_event(arguments, result, fields):
    if result.get("isError"):
        return ev.Event(ev.IGNORED, "dsh", **fields)   # the file did not change
    if not is_edit(fields["tool_name"], arguments):
        return ev.Event(ev.IGNORED, "dsh", **fields)
    path = _text(arguments.get("file_path")) or _text(arguments.get("path")) or _text(arguments.get("notebook_path"))
    if path and not os.path.isabs(path):
        path = os.path.normpath(os.path.join(fields["cwd"], path))
    fields.update(paths=(path,) if path else (None,), edit_kind=fields["tool_name"])
    return ev.Event(ev.FILE_EDIT, "dsh", **fields)


def _job_output_event(arguments, result, fields):
    """``job_output`` text ends with ``[status: completed, exit code: N]``, ``[status: running]`` or
    ``[status: killed, signal: SIGTERM]``; only a finished job resolves its background run."""
    if result.get("isError"):
        return ev.Event(ev.IGNORED, "dsh", **fields)
    text = _text(result.get("text"))
    match = _JOB_STATUS.search(text)
    if match is None or match.group(1) not in ("completed", "killed"):
        return ev.Event(ev.IGNORED, "dsh", **fields)
    detail = match.group(2) or ""
    exit_code = None
    if match.group(1) == "completed":
        found = re.search(r"exit code: (-?\d+)", detail)
        exit_code = int(found.group(1)) if found else None
    else:
        exit_code = 128 + _SIGNALS.get(detail.replace("signal:", "").strip(), 15)
    fields.update(background_id=_job_id(arguments), output=text[:match.start()], exit_code=exit_code,
                  interrupted=match.group(1) == "killed")
    return ev.Event(ev.BACKGROUND_DONE, "dsh", **fields)


def to_event(event_name, payload):
    """One forwarded dsh event -> a host-free Event."""
    if not isinstance(payload, dict):
        payload = {}
    if event_name in (PRE_EXECUTE, POST_EXECUTE):
        return _tool_event(event_name, payload)
    fields = _common(event_name, payload)
    fields["cwd"] = _cwd(payload)
    if event_name == TURN_STOPPING:
        turn = payload.get("turn")
        fields.update(message=_text(payload.get("message")),
                      turn=None if turn is None or isinstance(turn, bool) else str(turn))
        return ev.Event(ev.STOP, "dsh", **fields)
    return ev.Event(ev.IGNORED, "dsh", **fields)


def render(event, decision):
    """The engine's Decision -> the bridge's reply ``(stdout, 0)``. The plugin's options already
    reached the engine as config overrides, so a deny or a block here is meant."""
    if event.kind == ev.PRE_SHELL and decision.kind == ev.DENY:
        return json.dumps({"kind": "deny", "reason": decision.reason}), 0
    if event.kind == ev.STOP and decision.kind == ev.BLOCK:
        return json.dumps({"kind": "steer", "text": decision.reason}), 0
    return "", 0


def allow_output(event_name):
    """What the bridge reads as "go on": nothing."""
    return ""

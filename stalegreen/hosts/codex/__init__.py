"""Codex CLI: payload -> Event, Decision -> reply.

Facts this relies on (observed on Codex 0.171, see the reference pack's hosts.md):
- the shell tool shows up as ``Bash`` with only ``tool_input.command``; ``apply_patch`` edits
  carry the patch text in ``tool_input.command``;
- PostToolUse fires for failures too and ``tool_response`` is the bare output text: no exit
  status, except headers some versions print (``Exit code: N``, ``Process exited with code N``,
  ``Script failed``);
- a rewrite is applied only together with ``permissionDecision: "allow"``, and any key outside
  the schema makes Codex drop the whole reply;
- Stop needs JSON on stdout (``{}`` to allow) and Codex never caps blocking Stop hooks, so the
  once-per-category-per-turn rule (keyed by ``turn_id``) is all that stops a loop.
"""

import os

from stalegreen.engine import events as ev
from stalegreen.hosts import common

HOST = "codex"
LABEL = "Codex"
AUTO_APPROVED_MODES = ("bypassPermissions", "dontAsk")
PATCH_TOOLS = ("apply_patch", "Edit", "Write")
STOP_EVENTS = ("Stop", "SubagentStop")


def allow_output(event_name):
    return "{}" if event_name in STOP_EVENTS else ""


def _approver(payload):
    """Codex runs the original line without asking only in these modes; elsewhere an allow
    would skip an approval the user would have seen, so no allow (and so no rewrite), whatever
    the ``permission`` setting says."""
    mode = payload.get("permission_mode")
    return lambda parse, needs_rule: mode in AUTO_APPROVED_MODES


def _response_text(response):
    if isinstance(response, str):
        return response
    if isinstance(response, dict):
        for key in ("output", "stdout", "aggregated_output", "formatted_output"):
            if isinstance(response.get(key), str):
                text = response[key]
                if isinstance(response.get("stderr"), str) and response["stderr"]:
                    text += "\n" + response["stderr"]
                return text
    if isinstance(response, list):
        return "\n".join(str(b.get("text", "")) for b in response if isinstance(b, dict))
    return ""


def _exit_from_response(response):
    if isinstance(response, dict):
        for key in ("exit_code", "exitCode"):
            if isinstance(response.get(key), int):
                return response[key]
    return None


ROLLOUT_TAIL_BYTES = 1024 * 1024


def exit_from_rollout(path, call_id):
    """The exit status Codex wrote to its rollout for ``call_id`` (the hook payload has none).

    0.171 writes ``item_completed`` with a ``CommandExecution`` item, older versions
    ``exec_command_end``; both carry ``exit_code``. Only the file's tail is read.
    """
    if not path or not isinstance(call_id, str) or not call_id:
        return None
    import json

    from stalegreen.engine.store import read_regular_file

    data = read_regular_file(path, ROLLOUT_TAIL_BYTES, tail=True)   # a path from the payload
    if data is None:
        return None
    lines = data.decode("utf-8", "replace").splitlines()
    needle = '"%s"' % call_id
    for line in reversed(lines):
        if needle not in line or "exit_code" not in line:
            continue
        try:
            payload = json.loads(line).get("payload")
        except (ValueError, AttributeError):
            continue
        ended = command_end(payload) if isinstance(payload, dict) else None
        if ended is not None and ended[0] == call_id and isinstance(ended[1].get("exit_code"), int):
            return ended[1]["exit_code"]
    return None


def command_end(payload):
    """``(call id, record)`` when a rollout payload records a finished command, else None:
    0.171 writes ``item_completed`` with a ``CommandExecution`` item (its ``id``), older versions
    ``exec_command_end`` (its ``call_id``); both carry ``exit_code``. Read by the hook (for the
    exit its payload lacks) and the rollout reader alike."""
    kind = payload.get("type")
    if kind == "exec_command_end":
        return payload.get("call_id"), payload
    if kind == "item_completed":
        item = payload.get("item")
        if isinstance(item, dict) and item.get("type") == "CommandExecution":
            return item.get("id"), item
    return None


def _patch_applied(text):
    exit_code, _state, body = common.split_output_header(text)
    if exit_code not in (None, 0):
        return False
    lower = body.lower()
    return "success" in lower or not ("error" in lower or "failed" in lower)


def to_event(event_name, payload):
    tool = payload.get("tool_name") or ""
    tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}
    command = tool_input.get("command")
    fields = {"turn": payload.get("turn_id"), "project_dir": None}

    if event_name == "PreToolUse":
        if tool != "Bash" or not isinstance(command, str):
            return ev.Event(ev.IGNORED, HOST)
        event = common.base_event(ev.PRE_SHELL, HOST, event_name, payload, **fields)
        event.command = command
        event.rewrite_policy = ev.REWRITE_NEEDS_ALLOW
        event.approves = _approver(payload)
        return event

    if event_name == "PostToolUse":
        response = payload.get("tool_response")
        text = _response_text(response)
        if tool == "Bash" and isinstance(command, str):
            if command.lstrip().startswith("*** Begin Patch"):
                return _patch_event(event_name, payload, fields, command, text)
            event = common.base_event(ev.POST_SHELL, HOST, event_name, payload, **fields)
            event.command = command
            exit_code, state, body = common.split_output_header(text)
            event.output = body
            event.exit_code = _exit_from_response(response)
            if event.exit_code is None:
                event.exit_code = exit_code
            if event.exit_code is None:
                event.exit_code = exit_from_rollout(payload.get("transcript_path"), payload.get("tool_use_id"))
            if event.exit_code is None and state == "completed":
                event.exit_code = 0
            event.failed_without_number = event.exit_code is None and state == "failed"
            event.interrupted = state == "aborted"
            if state == "running":
                event.background = True
            return event
        if tool in PATCH_TOOLS and isinstance(command, str):
            return _patch_event(event_name, payload, fields, command, text)
        if tool.startswith("mcp__"):
            return common.mcp_event(HOST, event_name, payload, fields, text, 0)
        return ev.Event(ev.IGNORED, HOST)
    return common.turn_event(HOST, event_name, payload, fields) or ev.Event(ev.IGNORED, HOST)


def _patch_event(event_name, payload, fields, patch, result_text):
    if not _patch_applied(result_text):
        return ev.Event(ev.IGNORED, HOST)
    from stalegreen.engine import edits

    event = common.base_event(ev.FILE_EDIT, HOST, event_name, payload, **fields)
    cwd = event.cwd
    event.paths = tuple(p if os.path.isabs(p) or not cwd else os.path.join(cwd, p) for p in edits.from_patch(patch))
    event.edit_kind = "apply_patch"
    return event


def render(event, decision):
    if decision.kind == ev.REWRITE and decision.approve:
        out = {"hookEventName": "PreToolUse", "permissionDecision": "allow",
               "updatedInput": {"command": decision.command}}
        if decision.reason:
            out["permissionDecisionReason"] = decision.reason
        return common.dumps({"hookSpecificOutput": out}), 0
    return common.decision_reply(decision) or allow_output(event.event_name), 0

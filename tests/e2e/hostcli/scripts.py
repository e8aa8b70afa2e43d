"""Model turns written once, in host-neutral words, compiled to each host's own tool calls.

``shell("python3 -m pytest -q")`` becomes a Claude ``Bash`` tool_use or a Codex ``exec_command``
function call; ``edit(...)`` becomes Claude ``Read`` + ``Edit`` (Claude refuses to edit a file it
has not read) or a Codex ``apply_patch``; ``say(...)`` is the final text of a turn. A subagent
(Claude ``Agent``/``Task``) gets its own turns, recognised by a marker in its prompt.
"""

import os

from .mock_models import SUBAGENT_TOOL


def say(text):
    return {"say": text}


def shell(command, description="Run a command", background=False, timeout_ms=None):
    """A shell command; ``background`` uses Claude's ``run_in_background`` and ``timeout_ms`` its
    Bash ``timeout`` (Claude only)."""
    return {"shell": command, "description": description, "background": background, "timeout_ms": timeout_ms}


def polled_shell(command):
    """Codex only: ``exec_command`` that yields after 0.3 s ("Process running with session ID N"),
    then ``write_stdin`` on that session until the command ends, as models do with slow suites."""
    return {"polled_shell": command}


def edit(path, old, new):
    """Replace whole lines ``old`` by ``new`` in ``path`` (relative to the project)."""
    return {"edit": path, "old": old, "new": new}


def write_new(path, content):
    """Create ``path`` (relative to the project) with ``content``."""
    return {"write": path, "content": content}


def subagent(marker, turns, task="run the test suite and report", background=False):
    """Hand a task to a subagent whose own turns are ``turns``: Claude's Agent/Task tool, or Codex's
    ``spawn_agent`` + ``wait_agent`` (offered to models Codex has no metadata for, see driver.Codex).
    ``background`` asks Claude for a background subagent, where the tool offers that choice."""
    return {"subagent": marker, "task": task, "turns": turns, "background": background}


def compile_script(host, turns, project):
    """The mock server's script for ``host``: ``{"turns": [...], "subagents": [...]}``."""
    compiled, subagents = [], []
    for turn in turns:
        if "subagent" in turn:
            subagents.append({"marker": turn["subagent"],
                              "turns": compile_script(host, turn["turns"], project)["turns"]})
            task = "%s: %s" % (turn["subagent"], turn["task"])
            if host == "claude":
                compiled.append(_claude_tool(SUBAGENT_TOOL, {
                    "description": "Delegate", "subagent_type": "general-purpose", "prompt": task,
                    "run_in_background": turn["background"]}))
            else:
                compiled.extend(_codex_subagent(task))
        elif "polled_shell" in turn:
            if host != "codex":
                raise ValueError("polled shell turns are written for Codex only")
            compiled.extend(_codex_polled_shell(turn["polled_shell"]))
        elif host == "claude":
            compiled.extend(_claude_turns(turn, project))
        else:
            compiled.append(_codex_turn(turn))
    return {"turns": compiled, "subagents": subagents}


def _claude_tool(name, tool_input):
    return {"content": [{"type": "tool_use", "name": name, "input": tool_input}]}


def _claude_turns(turn, project):
    if "say" in turn:
        return [{"content": [{"type": "text", "text": turn["say"]}]}]
    if "shell" in turn:
        tool_input = {"command": turn["shell"], "description": turn["description"]}
        if turn["background"]:
            tool_input["run_in_background"] = True
        if turn["timeout_ms"]:
            tool_input["timeout"] = turn["timeout_ms"]
        return [_claude_tool("Bash", tool_input)]
    if "edit" in turn:
        path = os.path.join(project, turn["edit"])
        return [_claude_tool("Read", {"file_path": path}),
                _claude_tool("Edit", {"file_path": path, "old_string": turn["old"], "new_string": turn["new"]})]
    if "write" in turn:
        return [_claude_tool("Write", {"file_path": os.path.join(project, turn["write"]),
                                       "content": turn["content"]})]
    raise ValueError("unknown turn %r" % (turn,))


def _codex_subagent(task):
    """spawn_agent, then wait_agent on the id that spawn_agent returned (pulled from its output)."""
    spawn = {"type": "function_call", "namespace": "multi_agent_v1", "name": "spawn_agent",
             "arguments": {"message": task}}
    wait = {"type": "function_call", "namespace": "multi_agent_v1", "name": "wait_agent",
            "arguments": {"targets": ["{{AGENT_ID}}"], "timeout_ms": 30000}}
    return [{"items": [spawn]},
            {"items": [wait], "extract": {"AGENT_ID": r'"(?:agent_id|id)"\s*:\s*"([^"]+)"'}}]


def _codex_polled_shell(command):
    start = {"type": "function_call", "name": "exec_command", "arguments": {"cmd": command, "yield_time_ms": 300}}
    # session_id is an integer: the arguments are written as JSON text so the id is filled in bare
    poll = {"type": "function_call", "name": "write_stdin",
            "arguments": '{"session_id": {{SESSION}}, "chars": "", "yield_time_ms": 30000}'}
    return [{"items": [start]}, {"items": [poll], "extract": {"SESSION": r"session ID (\d+)"}}]


def _codex_turn(turn):
    if "say" in turn:
        return {"items": [{"type": "message", "role": "assistant",
                           "content": [{"type": "output_text", "text": turn["say"], "annotations": []}]}]}
    if "shell" in turn:
        if turn["background"] or turn["timeout_ms"]:
            raise ValueError("background and timeout shell turns are written for Claude only")
        return {"items": [{"type": "function_call", "name": "exec_command",
                           "arguments": {"cmd": turn["shell"], "yield_time_ms": 30000}}]}
    if "edit" in turn:
        body = "".join("-%s\n" % line for line in turn["old"].splitlines())
        body += "".join("+%s\n" % line for line in turn["new"].splitlines())
        patch = "*** Begin Patch\n*** Update File: %s\n@@\n%s*** End Patch\n" % (turn["edit"], body)
        return {"items": [{"type": "custom_tool_call", "name": "apply_patch", "input": patch}]}
    if "write" in turn:
        body = "".join("+%s\n" % line for line in turn["content"].splitlines())
        patch = "*** Begin Patch\n*** Add File: %s\n%s*** End Patch\n" % (turn["write"], body)
        return {"items": [{"type": "custom_tool_call", "name": "apply_patch", "input": patch}]}
    raise ValueError("unknown turn %r" % (turn,))

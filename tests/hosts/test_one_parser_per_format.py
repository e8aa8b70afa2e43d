"""A host's formats are read in one place: the hook adapter and the transcript reader of the same
host say the same thing about the same text (they used to parse it twice, and disagreed)."""

import json

from stalegreen.engine import events as ev
from stalegreen.hosts import claude, dsh
from stalegreen.hosts.claude import transcript as claude_transcript
from stalegreen.hosts.dsh import transcript as dsh_transcript

KILLED = "2 passed\n[killed by signal: SIGKILL]\n[exit code: 137]"


def _lines(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return str(path)


def _dsh_log(tmp_path, tool, arguments, text):
    return _lines(tmp_path / "session.jsonl", [
        {"type": "session", "cwd": str(tmp_path)},
        {"type": "turn/start", "time": 1764583200000, "data": {"turn": 1}},
        {"type": "tool/call", "time": 1764583201000,
         "data": {"callId": "c1", "name": tool, "arguments": json.dumps(arguments)}},
        {"type": "tool/result", "time": 1764583202000,
         "data": {"message": {"content": [{"type": "tool-result", "toolCallId": "c1",
                                           "content": [{"type": "text", "text": text}]}]}}},
    ])


def _dsh_hook(tmp_path, tool, arguments, text, value=None):
    return dsh.to_event("tools/post-execute", {"session": "s", "cwd": str(tmp_path), "tool": tool, "callId": "c1",
                                               "arguments": arguments,
                                               "result": {"isError": False, "text": text, "value": value}})


def test_dsh_a_run_killed_by_a_signal_is_interrupted_in_the_hook_and_in_the_session_log(tmp_path):
    hooked = _dsh_hook(tmp_path, "bash", {"command": "pytest -q"}, KILLED, {"kind": "foreground"})
    [replayed] = [e for e in dsh_transcript.read(_dsh_log(tmp_path, "bash", {"command": "pytest -q"}, KILLED), "dsh-s")
                  if e.kind == ev.POST_SHELL]
    assert (hooked.interrupted, hooked.output) == (replayed.interrupted, replayed.output) == (True, "2 passed\n[killed by signal: SIGKILL]")


def test_dsh_a_file_view_is_no_edit_in_the_hook_nor_in_the_session_log(tmp_path):
    view = {"command": "view", "path": "calc.py"}
    assert _dsh_hook(tmp_path, "str_replace_editor", view, "def add(a, b): ...").kind == ev.IGNORED
    events = list(dsh_transcript.read(_dsh_log(tmp_path, "str_replace_editor", view, "def add(a, b): ..."), "dsh-s"))
    assert [e.kind for e in events] == [ev.PROMPT]


def test_claude_a_completed_background_task_without_a_number_is_exit_0_in_the_hook_and_the_transcript(tmp_path):
    result = {"retrieval_status": "success", "task": {"task_id": "b1", "status": "completed", "output": "3 passed\n"}}
    hooked = claude.to_event("PostToolUse", {"session_id": "s", "cwd": str(tmp_path), "tool_name": "TaskOutput",
                                             "tool_input": {"task_id": "b1"}, "tool_response": result})
    path = _lines(tmp_path / "s.jsonl", [
        {"type": "assistant", "timestamp": "2026-12-01T10:00:00Z", "message": {"id": "m1", "content": [
            {"type": "tool_use", "id": "toolu_9", "name": "TaskOutput", "input": {"task_id": "b1"}}]}},
        {"type": "user", "timestamp": "2026-12-01T10:00:01Z", "toolUseResult": result, "message": {"content": [
            {"type": "tool_result", "tool_use_id": "toolu_9", "content": "<status>completed</status>"}]}},
    ])
    [replayed] = [e for e in claude_transcript.read(path, "claude-s") if e.kind == ev.BACKGROUND_DONE]
    assert (hooked.kind, hooked.background_id, hooked.exit_code, hooked.output) == \
        (ev.BACKGROUND_DONE, "b1", 0, "3 passed\n")
    assert (replayed.background_id, replayed.exit_code, replayed.output) == ("b1", 0, "3 passed\n")


def test_claude_an_error_prefixed_exit_line_is_read_alike():
    assert claude.split_exit_line("Error: Exit code 2\nboom") == (2, "boom")
    assert claude.split_exit_line("Exit code 2\nboom") == (2, "boom")
    assert claude.split_exit_line("Permission denied") == (None, "Permission denied")

"""Claude's ``<task-notification>`` prompts are read by the Claude host (hook and transcript
alike); the engine only sees host-free ``BackgroundResult``s on the prompt event."""

import os

from stalegreen.engine import core, events as ev, store
from stalegreen.engine.config import DEFAULTS
from stalegreen.hosts import claude
from stalegreen.hosts.claude import transcript

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TWO_RUNS = ("<task-notification>\n<task-id>b1</task-id>\n<tool-use-id>toolu_1</tool-use-id>\n"
            "<status>completed</status>\n<summary>Background command \"pytest\" exited with code 1</summary>\n"
            "<output-file>/tmp/b1.output</output-file>\n</task-notification>\n"
            "<task-notification><task-id>b2</task-id><status>failed</status>"
            "<summary>Background command failed</summary></task-notification>\nCarry on.")


def _shape(results):
    return [(r.background_id, r.tool_use_id, r.exit_code, r.failed_without_number, r.output_path) for r in results]


def test_the_claude_hook_hands_the_engine_host_free_results():
    event = claude.to_event("UserPromptSubmit", {"session_id": "s", "cwd": "/tmp", "prompt": TWO_RUNS})
    assert event.kind == ev.PROMPT
    assert _shape(event.finished) == [("b1", "toolu_1", 1, False, "/tmp/b1.output"), ("b2", None, None, True, None)]
    plain = claude.to_event("UserPromptSubmit", {"session_id": "s", "cwd": "/tmp", "prompt": "exit code 1"})
    assert plain.finished == ()


def test_the_transcript_reader_reads_notifications_as_the_hook_does(tmp_path):
    import json

    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps({"type": "user", "uuid": "u1", "timestamp": "2026-12-01T10:00:00Z",
                                "message": {"role": "user", "content": TWO_RUNS}}) + "\n")
    prompts = [e for e in transcript.read(str(path), "claude-s") if e.kind == ev.PROMPT]
    hooked = claude.to_event("UserPromptSubmit", {"session_id": "s", "cwd": "/tmp", "prompt": TWO_RUNS})
    assert [_shape(e.finished) for e in prompts] == [_shape(hooked.finished)]


def test_the_engine_resolves_a_background_run_from_a_host_free_prompt(sg_home, tmp_path):
    session = store.Store().session("bg")
    session.append("deferred", {"id": "r-0001", "category": "test", "runner": "pytest", "cmd": "pytest",
                                "cwd": str(tmp_path), "backgroundId": "job-7", "resolved": False})
    event = ev.Event(ev.PROMPT, "somehost", session="bg", cwd=str(tmp_path),
                     finished=(ev.BackgroundResult("job-7", None, 1, False, None),))
    core.handle(event, dict(DEFAULTS), session)
    [receipt] = session.read("receipts")
    assert (receipt["id"], receipt["exit"], receipt["verdict"]) == ("r-0001", 1, "fail")


def test_no_engine_module_reads_a_host_notification():
    engine = os.path.join(ROOT, "stalegreen", "engine")
    readers = [os.path.relpath(os.path.join(folder, name), ROOT) for folder, _dirs, names in os.walk(engine)
               for name in names if name.endswith(".py")
               and "task-notification" in open(os.path.join(folder, name), encoding="utf-8").read()]
    assert readers == []

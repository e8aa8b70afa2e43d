"""The transcript readers on real host transcripts and on the project's own fixtures."""

import json
import os
import shutil
import subprocess

import pytest

from stalegreen.engine import events as ev
from stalegreen.hosts.claude import transcript as claude
from stalegreen.hosts.codex import transcript as codex
from stalegreen.hosts.dsh import transcript as dsh
from stalegreen.replay import run
from stalegreen.replay.lines import Meter, clip, iter_records
from tests.conftest import shared_path
from tests.replay.conftest import FIXTURES, agent_homes, events_by_kind, install_fixtures  # noqa: F401


def test_claude_real_mock_session_exit_codes_background_and_stops():
    path = shared_path("transcripts", "claude", "e2e-mock-2.1.332", "c61cc03a-dba9-4755-a1da-95d635825e38.jsonl")
    info = {}
    events = list(claude.read(path, "s", info=info))
    posts = events_by_kind(events, ev.POST_SHELL)
    assert [(p.command, p.exit_code, p.background) for p in posts] == [
        ("echo ok-one", 0, False), ("echo two; exit 3", 3, False), ("sleep 1; echo bg-done; exit 4", None, True)]
    assert posts[1].output == "REWRITTEN-two"
    assert posts[2].background_id == "btdce3ho0"
    # the completion arrives as a new prompt carrying the <task-notification>, as the live hook sees it
    notes = [e for e in events_by_kind(events, ev.PROMPT) if "<task-notification>" in e.message]
    assert len(notes) == 1 and "<tool-use-id>toolu_mock_6</tool-use-id>" in notes[0].message
    assert "failed with exit code 4" in notes[0].message
    stops = [e.message for e in events_by_kind(events, ev.STOP)]
    assert stops[:2] == ["Done. All tests pass.", "Verified again. Done."]
    # the Stop-hook feedback row continues the turn; the task notification starts a new one
    assert len(set(e.turn for e in events_by_kind(events, ev.PROMPT))) == 2
    assert info["model"] == "claude-sonnet-4-5" and info["kind"] == "sdk"
    assert all(e.replay and e.host == "claude" for e in events)


def test_claude_real_session_with_edits_reads_failure_then_pass():
    path = shared_path("transcripts", "claude", "e2e-kit-2.1.197", "full", "ca30cdd4-0cf0-4855-ba5b-003af8b828fd.jsonl")
    events = list(claude.read(path, "s"))
    kinds = [e.kind for e in events if e.kind != ev.PRE_SHELL]
    assert kinds == [ev.PROMPT, ev.POST_SHELL, ev.FILE_EDIT, ev.POST_SHELL, ev.STOP]
    posts = events_by_kind(events, ev.POST_SHELL)
    assert [p.exit_code for p in posts] == [1, 0]
    assert events_by_kind(events, ev.FILE_EDIT)[0].paths == ("/home/dev/project/app.py",)


def test_claude_public_session_parts_are_read_and_subagents_found(tmp_path):
    folder = shared_path("transcripts", "claude", "marot-spotter")
    whole = tmp_path / "4d5611e5-241a-462a-8d15-5122611a9569.jsonl"
    with open(str(whole), "wb") as out:
        for part in ("part1-of-2", "part2-of-2"):
            with open(os.path.join(folder, "4d5611e5-241a-462a-8d15-5122611a9569.%s.jsonl" % part), "rb") as fh:
                out.write(fh.read())
    shutil.copytree(os.path.join(folder, "4d5611e5-241a-462a-8d15-5122611a9569"),
                    str(tmp_path / "4d5611e5-241a-462a-8d15-5122611a9569"))
    meter = Meter()
    events = list(claude.read(str(whole), "s", meter=meter))
    posts = events_by_kind(events, ev.POST_SHELL)
    pres = events_by_kind(events, ev.PRE_SHELL)
    assert len(pres) == 67                                  # every Bash tool_use of the session
    assert any(p.exit_code == 1 for p in posts)             # real `Exit code 1` errors
    assert any(p.background for p in posts)
    done = events_by_kind(events, ev.BACKGROUND_DONE)       # TaskOutput fetched the background run
    assert [(d.background_id, d.exit_code, d.tool_name) for d in done] == [("b7636e2", 0, "TaskOutput")]
    assert "Generated file_system app" in done[0].output
    assert len(events_by_kind(events, ev.FILE_EDIT)) >= 30
    assert meter.lines == 1512 and meter.bad_lines == 0
    agents = [agent for agent, _ in claude.subagent_files(str(whole))]
    assert agents == ["a2898e3"]                            # the compaction agent is not a subagent


def test_claude_subagent_events_merge_into_the_session(agent_homes):
    folder = shared_path("transcripts", "claude", "e2e-mock-2.1.332-subagent")
    project = agent_homes["claude"] / "projects" / "-home-dev-project"
    project.mkdir()
    shutil.copy(os.path.join(folder, "a1458bf5-4c72-4337-a933-1bc86804a880.jsonl"), str(project))
    shutil.copytree(os.path.join(folder, "a1458bf5-4c72-4337-a933-1bc86804a880"),
                    str(project / "a1458bf5-4c72-4337-a933-1bc86804a880"))
    sources = run.discover("claude")
    assert len(sources) == 1 and len(sources[0].files) == 2
    events = list(run.merged_events(sources[0]))
    agent_events = [e for e in events if e.agent == "a39df814430463a10"]
    assert agent_events, "subagent events are merged in"
    stamps = [e.ts for e in events if e.ts]
    assert stamps == sorted(stamps)
    assert any(e.kind == ev.STOP and e.event_name == "SubagentStop" for e in agent_events)


def test_codex_0171_exit_codes_come_from_item_completed():
    path = shared_path("transcripts", "codex", "e2e-mock-0.171.0",
                       "rollout-2026-11-29T18-45-19-01a228a0-3a67-72a3-985a-90f2c499648a.jsonl")
    info = {}
    events = list(codex.read(path, "s", info=info))
    posts = events_by_kind(events, ev.POST_SHELL)
    # the transcript keeps the original command; the exit is the one that really happened
    assert [(p.command, p.exit_code) for p in posts] == [
        ("echo ok-one", 0), ("echo two; exit 3", 3), ("sleep 1; echo bg-done; exit 4", 4)]
    assert [e.message for e in events_by_kind(events, ev.STOP)] == ["Done. All tests pass.", "Verified again. Done."]
    assert info == {"cwd": "/home/dev/project", "kind": "exec", "version": "0.171.0", "model": "gpt-5.1-codex"}


def test_codex_0125_exec_command_end_polls_and_patches():
    path = shared_path("transcripts", "codex", "codemie-code",
                       "rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl")
    events = list(codex.read(path, "s"))
    posts = events_by_kind(events, ev.POST_SHELL)
    assert len(posts) == len(events_by_kind(events, ev.PRE_SHELL)) == 61
    exits = sorted(set(p.exit_code for p in posts))
    assert exits == [0, 1, 2]
    assert len(events_by_kind(events, ev.FILE_EDIT)) == 3
    assert len(events_by_kind(events, ev.STOP)) == 2


def test_codex_output_only_exit_codes(tmp_path):
    """Without item_completed / exec_command_end, the exit comes from the call's output text."""
    source = shared_path("transcripts", "codex", "e2e-mock-0.171.0",
                         "rollout-2026-11-29T18-45-19-01a228a0-3a67-72a3-985a-90f2c499648a.jsonl")
    stripped = tmp_path / "rollout-x.jsonl"
    with open(source) as fh, open(str(stripped), "w") as out:
        for line in fh:
            if '"item_completed"' not in line:
                out.write(line)
    posts = events_by_kind(list(codex.read(str(stripped), "s")), ev.POST_SHELL)
    assert [(p.exit_code, p.output) for p in posts] == [(0, "ok-one\n"), (3, "REWRITTEN-two\n"), (4, "bg-done\n")]


def test_codex_js_cells_child_threads_and_forks(agent_homes):
    install_fixtures(agent_homes)
    sources = run.discover("codex")
    assert len(sources) == 1, "the child thread joins its parent"
    assert [agent for agent, _ in sources[0].files] == [None, "Boole"]
    events = list(run.merged_events(sources[0]))
    commands = [(e.agent, e.command, e.exit_code) for e in events_by_kind(events, ev.POST_SHELL)]
    assert commands == [(None, "npm test", 1), ("Boole", "npx tsc --noEmit", 0), (None, "npx eslint src", 0)]
    assert not any("replayed-parent-history" in e.command for e in events)


def test_cell_commands_reads_literals_and_skips_templates():
    code = ('const a = await tools.exec_command({cmd:"pytest -q \\"tests/a b.py\\""});\n'
            "await tools.shell_command({command: 'npm run lint'});\n"
            "await tools.exec_command({\"cmd\": `make ${target}`});\n"
            "await tools.exec_command({cmd: `cargo test`, workdir: \"/w\"});")
    assert codex.cell_commands(code) == ['pytest -q "tests/a b.py"', "npm run lint", "cargo test"]
    assert codex.cell_commands('{"cmd": ["bash", "-lc", "go test ./..."]}') == ["go test ./..."]


def test_dsh_real_sessions():
    path = shared_path("transcripts", "dsh", "e2e-0.1.0-rc.8", "fail-exit3",
                       "session-b7499075-5762-4cbe-bc16-e36e1c0c87e2.session.jsonl")
    events = list(dsh.read(path, "s"))
    posts = events_by_kind(events, ev.POST_SHELL)
    assert [(p.command, p.exit_code, p.output) for p in posts] == [("echo 1 failed; exit 3", 3, "1 failed")]
    denied = shared_path("transcripts", "dsh", "e2e-0.1.0-rc.8", "deny",
                         "session-c5a4ce2a-9f33-4c0e-8ee1-883356b78137.session.jsonl")
    posts = events_by_kind(list(dsh.read(denied, "s")), ev.POST_SHELL)
    assert [p.command for p in posts] == ["echo 3 passed"]     # the denied command never ran


def test_dsh_zstd_multi_frame_log(tmp_path):
    if shutil.which("zstd") is None:
        pytest.skip("zstd not installed")
    plain = os.path.join(FIXTURES, "dsh", "--home-dev-calc--", "session-7f0c2a51", "session.jsonl")
    with open(plain, "rb") as fh:
        lines = fh.read().splitlines(True)
    packed = tmp_path / "session.jsonl.zstd"
    with open(str(packed), "wb") as out:             # one frame per line, as dsh writes it
        for line in lines:
            out.write(subprocess.run(["zstd", "-q", "-c"], input=line, stdout=subprocess.PIPE, check=True).stdout)
    from_plain = [(e.kind, e.command, e.exit_code) for e in dsh.read(plain, "s")]
    from_zstd = [(e.kind, e.command, e.exit_code) for e in dsh.read(str(packed), "s")]
    assert from_zstd == from_plain and len(from_plain) == 13


def test_unknown_rows_and_bad_lines_are_skipped():
    path = os.path.join(FIXTURES, "claude", "-home-dev-shop", "5b1f0c7e-3d2a-4e8b-9a61-0c2f7d9e4b11.jsonl")
    meter = Meter()
    events = list(claude.read(path, "s", meter=meter))
    with open(path, "rb") as fh:
        assert meter.lines == len(fh.read().splitlines())
    unfiltered = Meter()
    assert len(list(iter_records(path, unfiltered))) == meter.lines - 1
    assert unfiltered.bad_lines == 1
    assert [e.exit_code for e in events_by_kind(events, ev.POST_SHELL)] == [0, 0, 1]
    assert len(events_by_kind(events, ev.STOP)) == 3


def test_clip_keeps_head_and_tail():
    text = "HEAD" + "x" * 1000 + "TAIL"
    clipped = clip(text, 100)
    assert clipped.startswith("HEAD") and clipped.endswith("TAIL") and "replay clipped 908" in clipped


def test_discover_honours_since(agent_homes):
    install_fixtures(agent_homes)
    old = agent_homes["dsh"] / "sessions" / "--home-dev-calc--" / "session-7f0c2a51" / "session.jsonl"
    os.utime(str(old), (1, 1))
    assert [s.harness for s in run.discover("all", 30 * 86400)].count("dsh") == 0
    assert [s.harness for s in run.discover("all")].count("dsh") == 1


class _Terminal(object):
    def __init__(self, tty):
        self.tty = tty
        self.text = ""

    def isatty(self):
        return self.tty

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_progress_bar_only_on_a_terminal():
    terminal = _Terminal(True)
    bar = run.Progress(1000, "reading", stream=terminal)
    bar.update(1000, "session-1")
    assert "[" + "#" * 28 + "] 100%" in terminal.text and "session-1" in terminal.text
    bar.close()
    assert terminal.text.endswith("\r")
    piped = _Terminal(False)
    quiet = run.Progress(1000, "reading", stream=piped)
    quiet.update(500)
    quiet.close()
    assert piped.text == ""


def test_parallel_replay_matches_in_process(agent_homes):
    pytest.importorskip("stalegreen.engine.claims")
    from stalegreen.replay import report

    install_fixtures(agent_homes)

    def summary(jobs):
        collection = report.collect("all", "3650d", jobs=jobs)
        overall, _ = report.tallies(collection)
        return ([(s.harness, s.session_id) for s in collection.sessions], overall.claims, overall.runs,
                collection.bytes, collection.files)

    assert summary(2) == summary(1)


def test_codex_running_cell_finishes_on_wait(tmp_path):
    rows = [
        {"type": "session_meta", "payload": {"id": "t-1", "cwd": "/w", "source": "cli"}},
        {"type": "turn_context", "payload": {"turn_id": "turn-1", "cwd": "/w", "model": "gpt-5.5"}},
        {"type": "response_item", "payload": {"type": "custom_tool_call", "name": "exec", "call_id": "exec-1",
                                              "input": 'const r = await tools.exec_command({"cmd":"npm test"});'}},
        {"type": "response_item", "payload": {"type": "custom_tool_call_output", "call_id": "exec-1",
                                              "output": "Script running with cell ID 75\nWall time 10.0 seconds\nOutput:\n"}},
        {"type": "response_item", "payload": {"type": "function_call", "name": "wait", "call_id": "wait-1",
                                              "arguments": json.dumps({"cell_id": "75", "yield_time_ms": 30000})}},
        {"type": "response_item", "payload": {"type": "function_call_output", "call_id": "wait-1", "output": [
            {"type": "input_text", "text": "Script completed\nOutput:\n"},
            {"type": "input_text", "text": json.dumps({"chunk_id": "two", "exit_code": 1, "output": "Tests  1 failed"})}]}},
        {"type": "response_item", "payload": {"type": "function_call", "name": "exec", "call_id": "exec-2",
                                              "arguments": json.dumps({"code": "await tools.exec_command({cmd: 'cargo test'})"})}},
        {"type": "response_item", "payload": {"type": "function_call_output", "call_id": "exec-2",
                                              "output": "Script completed\nOutput:\ntest result: ok. 3 passed\n"}},
    ]
    path = tmp_path / "rollout-cells.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    posts = events_by_kind(list(codex.read(str(path), "s")), ev.POST_SHELL)
    assert [(p.command, p.exit_code) for p in posts] == [("npm test", 1), ("cargo test", None)]
    assert "Tests  1 failed" in posts[0].output and "3 passed" in posts[1].output


ODD_VALUES = [None, 1, "x", [], {}, [1, "a", None], {"type": 3}, True, -1.5]


def _mutated(obj, rnd):
    """A copy of a record with fields dropped or replaced by values of the wrong type."""
    if isinstance(obj, dict):
        out = {}
        for key, value in obj.items():
            roll = rnd.random()
            if roll < 0.05:
                continue
            out[key] = rnd.choice(ODD_VALUES) if roll < 0.12 else _mutated(value, rnd)
        return out
    if isinstance(obj, list):
        return [_mutated(v, rnd) for v in obj if rnd.random() > 0.05]
    return obj


@pytest.mark.parametrize("harness,parts", [
    ("claude", ("claude", "e2e-mock-2.1.332", "c61cc03a-dba9-4755-a1da-95d635825e38.jsonl")),
    ("claude", ("claude", "marot-spotter", "tool_heavy.jsonl")),
    ("codex", ("codex", "codemie-code", "rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl")),
    ("codex", ("codex", "e2e-mock-0.171.0", "rollout-2026-11-29T18-45-19-01a228a0-3a67-72a3-985a-90f2c499648a.jsonl")),
    ("dsh", ("dsh", "e2e-0.1.0-rc.8", "basic-steer", "session-d737fd46-0f01-4610-b708-53b458dc24a8.session.jsonl")),
])
def test_malformed_records_never_end_a_replay(tmp_path, harness, parts):
    import random

    source = shared_path("transcripts", *parts)
    module = {"claude": claude, "codex": codex, "dsh": dsh}[harness]
    with open(source, "rb") as fh:
        lines = fh.read().splitlines()
    for seed in range(8):
        rnd = random.Random(seed)
        out = []
        for line in lines:
            record = json.loads(line)
            out.append(line[:len(line) // 2] if rnd.random() < 0.03 else json.dumps(_mutated(record, rnd)).encode())
        path = tmp_path / ("mutated-%d.jsonl" % seed)
        path.write_bytes(b"\n".join(out) + b"\n")
        meter = Meter()
        events = list(module.read(str(path), "s", meter=meter))
        for event in events:
            assert event.ts is None or isinstance(event.ts, str)
            assert isinstance(event.command, str) and isinstance(event.message, str) and isinstance(event.output, str)

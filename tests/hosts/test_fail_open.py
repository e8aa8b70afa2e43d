"""Fail open everywhere: whatever the payload or the store holds, the host gets a reply it can
parse, errors land in errors.jsonl, and one bad record never switches the gate off."""

import io
import json
import os
import stat
import sys
import time

import pytest

from stalegreen import hook
from stalegreen.engine import store


def run_main(monkeypatch, host, event_name, payload):
    """``stalegreen hook <host> <event>`` in process, with a strict UTF-8 stdout like a real
    pipe in a UTF-8 locale. Returns (exit code, stdout bytes)."""
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
    out = io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8", errors="strict"))
    code = hook.main([host, event_name])
    sys.stdout.flush()
    return code, out.getvalue()


def errors(home):
    return store.Store(str(home)).errors()


def failing_receipt(session_id, cwd, **fields):
    record = {"id": "r-0001", "ts": "2026-01-01T00:00:00.000Z", "cwd": str(cwd), "cmd": "pytest",
              "runner": "pytest", "category": "test", "scope": "all", "verdict": "fail", "exit": 1,
              "counts": {"failed": 1}}
    record.update(fields)
    store.Store().session(session_id).append("receipts", record)


# ---------------------------------------------------------------- reply encoding

def test_a_lone_surrogate_in_a_codex_stop_block_still_reaches_the_agent(monkeypatch, sg_home, tmp_path):
    failing_receipt("s-sur", tmp_path)
    payload = {"session_id": "s-sur", "turn_id": "t1", "cwd": str(tmp_path), "hook_event_name": "Stop",
               "stop_hook_active": False, "last_assistant_message": "The tests\ud83d pass."}
    code, out = run_main(monkeypatch, "codex", "Stop", payload)
    assert code == 0
    reply = json.loads(out.decode("utf-8"))
    assert reply["decision"] == "block" and "\ufffd" in reply["reason"]
    assert errors(sg_home) == []


def test_a_lone_surrogate_echoed_in_a_claude_rewrite_is_valid_utf8(monkeypatch, sg_home, tmp_path):
    payload = {"session_id": "s-sur2", "cwd": str(tmp_path), "hook_event_name": "PreToolUse",
               "permission_mode": "bypassPermissions", "tool_name": "Bash", "tool_use_id": "toolu_1",
               "tool_input": {"command": "pytest -q", "description": "run \ud83d"}}
    code, out = run_main(monkeypatch, "claude", "PreToolUse", payload)
    assert code == 0
    reply = json.loads(out.decode("utf-8"))
    assert reply["hookSpecificOutput"]["updatedInput"]["description"] == "run \ufffd"


def test_nan_is_never_echoed(monkeypatch, sg_home, tmp_path):
    raw = ('{"session_id": "s-nan", "cwd": "%s", "permission_mode": "bypassPermissions", "tool_name": "Bash",'
           ' "tool_use_id": "t", "tool_input": {"command": "pytest -q", "timeout": NaN}}' % tmp_path).encode()
    code, out = run_main(monkeypatch, "claude", "PreToolUse", raw)
    assert (code, out) == (0, b"")                 # not JSON: allowed, and recorded
    assert any("NaN" in e["error"] for e in errors(sg_home))
    # decoded by a lenient reader (the dsh worker's), NaN still never reaches the reply
    payload = json.loads(raw.decode())
    out, code = hook.handle_payload("claude", "PreToolUse", payload)
    assert "NaN" not in out and (out == "" or json.loads(out))
    assert code == 0


# ---------------------------------------------------------------- malformed records

@pytest.mark.parametrize("bad", [
    {"ts": 1767225600},
    {"ts": None},
    {"counts": {"passed": "many"}},
    {"cwd": ["/x"]},
    {"exit": "1"},
])
def test_one_malformed_receipt_never_disables_the_gate(bad, monkeypatch, sg_home, tmp_path):
    failing_receipt("s-bad", tmp_path)
    broken = {"id": "r-0002", "ts": "2026-01-01T00:00:01.000Z", "cwd": str(tmp_path), "cmd": "pytest",
              "category": "test", "scope": "all", "verdict": "pass"}
    broken.update(bad)
    store.Store().session("s-bad").append("receipts", broken)
    payload = {"session_id": "s-bad", "turn_id": "t1", "cwd": str(tmp_path), "hook_event_name": "Stop",
               "last_assistant_message": "All tests pass."}
    code, out = run_main(monkeypatch, "codex", "Stop", payload)
    assert code == 0 and json.loads(out.decode())["decision"] == "block"
    recorded = errors(sg_home)
    assert [e["event"] for e in recorded] == ["store:receipts"]
    assert "1 malformed record skipped" in recorded[0]["error"]


def test_a_malformed_turn_state_is_skipped_and_counted(monkeypatch, sg_home, tmp_path):
    failing_receipt("s-turn", tmp_path)
    session = store.Store().session("s-turn")
    with open(os.path.join(session.dir, "turn.json"), "w") as fh:
        json.dump({"turn": "t1", "blocked": 5}, fh)
    payload = {"session_id": "s-turn", "turn_id": "t1", "cwd": str(tmp_path),
               "last_assistant_message": "All tests pass."}
    code, out = run_main(monkeypatch, "codex", "Stop", payload)
    assert json.loads(out.decode())["decision"] == "block"
    assert [e["event"] for e in errors(sg_home)] == ["store:turn"]


# ---------------------------------------------------------------- the deadline

def _sleeper(seconds):
    def sleep(*args, **kwargs):
        time.sleep(seconds)
        raise AssertionError("the deadline should have fired")
    return sleep


@pytest.mark.parametrize("module_name, function", [("shell", "_Builder.build"), ("edits", "_collect")])
def test_the_deadline_cannot_be_swallowed(module_name, function, monkeypatch, sg_home, tmp_path):
    import importlib

    module = importlib.import_module("stalegreen.engine." + module_name)
    owner = module
    *path, name = function.split(".")
    for part in path:
        owner = getattr(owner, part)
    monkeypatch.setattr(owner, name, _sleeper(5))
    monkeypatch.setenv("STALEGREEN_HOOK_DEADLINE", "0.3")
    # a line no earlier test read (a replay remembers parsed lines: receipts.read_line), with a
    # write after the run so the edit reader is reached (prefilter.might_edit)
    line = "pytest -q -p no:deadline-%s && sed -i s/a/b/ notes.txt" % module_name
    payload = {"session_id": "s-dl", "cwd": str(tmp_path), "tool_name": "Bash", "tool_use_id": "t1",
               "tool_input": {"command": line}, "tool_response": "3 passed in 0.01s"}
    code, out = run_main(monkeypatch, "codex", "PostToolUse", payload)
    assert (code, out) == (0, b"")
    assert [e["error"].split(":")[0] for e in errors(sg_home)] == ["Deadline"]


# ---------------------------------------------------------------- host-supplied paths

def test_host_paths_that_are_not_regular_files_are_not_read(monkeypatch, sg_home, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(str(fifo))
    target = tmp_path / "rollout.jsonl"
    target.write_text('{"payload": {"type": "exec_command_end", "call_id": "call_1", "exit_code": 3}}\n')
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    monkeypatch.setenv("STALEGREEN_HOOK_DEADLINE", "2")
    for path in (str(fifo), str(link), str(tmp_path), "/dev/null"):
        payload = {"session_id": "s-path", "turn_id": "t", "cwd": str(tmp_path), "transcript_path": path,
                   "tool_name": "Bash", "tool_use_id": "call_1", "tool_input": {"command": "pytest -q"},
                   "tool_response": "3 passed in 0.01s"}
        assert run_main(monkeypatch, "codex", "PostToolUse", payload) == (0, b"")
    assert errors(sg_home) == []
    receipts = store.Store().session("s-path").read("receipts")
    assert [r["exit"] for r in receipts] == [None] * 4


def test_an_endless_device_is_never_read(sg_home):
    from stalegreen.hosts import claude, codex

    assert store.read_regular_file("/dev/zero", 1024) is None
    assert codex.exit_from_rollout("/dev/zero", "call_1") is None
    assert claude._read_persisted("/dev/urandom", "fallback") == "fallback"


def test_a_regular_host_file_is_read_only_up_to_its_cap(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"a" * 5000 + b"END")
    assert store.read_regular_file(str(path), 10, tail=True) == b"aaaaaaaEND"
    assert store.read_regular_file(str(path), 4) == b"aaaa"


# ---------------------------------------------------------------- links in the store

def test_a_link_planted_in_the_store_is_refused_not_followed(monkeypatch, sg_home, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    victim.chmod(0o644)
    session = store.Store().session("s-link")
    os.makedirs(session.runs_dir)
    os.symlink(str(victim), session.log_path("r-0001"))
    payload = {"session_id": "s-link", "cwd": str(tmp_path), "permission_mode": "bypassPermissions",
               "tool_name": "Bash", "tool_use_id": "t1", "tool_input": {"command": "pytest -q"}}
    code, out = run_main(monkeypatch, "claude", "PreToolUse", payload)
    assert (code, out) == (0, b"")                 # not rewritten: the original runs as it is
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644 and victim.read_text() == "precious\n"
    assert any("symbolic link" in e["error"] for e in errors(sg_home))
    with pytest.raises(store.StoreLinkError):
        session.write_log("r-0001", "overwrite")
    assert victim.read_text() == "precious\n"


def test_a_linked_session_folder_is_refused(sg_home, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    sessions = os.path.join(str(sg_home), "sessions")
    os.makedirs(sessions)
    os.symlink(str(elsewhere), os.path.join(sessions, "s-dir"))
    session = store.Store().session("s-dir")
    with pytest.raises(store.StoreLinkError):
        session.append("edits", {"path": "x"})
    assert os.listdir(str(elsewhere)) == []


def test_a_lone_surrogate_in_stored_fields_round_trips(monkeypatch, sg_home, tmp_path):
    """A turn id or a tool id with a lone surrogate is stored and read back unchanged: the turn
    state is saved (so the block stands) and the once-per-turn rule still applies."""
    failing_receipt("s-sur3", tmp_path, toolUseId="call_\udc80")
    payload = {"session_id": "s-sur3", "turn_id": "turn-\ud83d", "cwd": str(tmp_path),
               "last_assistant_message": "All tests pass."}
    first = json.loads(run_main(monkeypatch, "codex", "Stop", payload)[1].decode())
    second = json.loads(run_main(monkeypatch, "codex", "Stop", dict(payload, stop_hook_active=True))[1].decode())
    assert first["decision"] == "block" and second == {}
    session = store.Store().session("s-sur3")
    assert session.load_turn(None)["turn"] == "turn-\ud83d"
    assert session.read("receipts")[0]["toolUseId"] == "call_\udc80"
    assert errors(sg_home) == []


def test_an_edited_path_with_a_lone_surrogate_still_makes_the_claim_stale(monkeypatch, sg_home, tmp_path):
    failing_receipt("s-sur4", tmp_path, verdict="pass", exit=0, counts={"passed": 3}, fingerprint=None)
    store.Store().session("s-sur4").append("edits", {"ts": "2026-01-01T00:00:05.000Z", "kind": "Edit",
                                                     "path": str(tmp_path / "calc\ud800.py")})
    payload = {"session_id": "s-sur4", "turn_id": "t1", "cwd": str(tmp_path),
               "last_assistant_message": "All tests pass."}
    reply = json.loads(run_main(monkeypatch, "codex", "Stop", payload)[1].decode())
    assert reply["decision"] == "block" and "stale" in reply["reason"]
    assert errors(sg_home) == []

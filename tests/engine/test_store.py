"""The private store: ids unique across processes, atomic appends, private files, logs."""

import json
import multiprocessing
import os
import stat
import sys
import time

import pytest

from stalegreen.engine import safeio, store
from stalegreen.engine.store import MemorySession, Session, Store, record_error, safe_name

WRITERS = 8
RECEIPTS_EACH = 200


def _mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def _write_receipts(home, root, writer, count, start_barrier):
    """One hook-like process: claim an id, append a receipt for it, repeat."""
    start_barrier.wait()
    session = Store(home).session(root)
    for n in range(count):
        rid = session.next_id()
        session.append("receipts", {"id": rid, "writer": writer, "n": n, "pid": os.getpid(),
                                    "cmd": "pytest -q tests/test_%d.py" % n, "pad": "x" * (n % 7) * 300})
        session.append("edits", {"path": "src/%d_%d.py" % (writer, n), "kind": "Edit"})


def test_parallel_writers_lose_nothing_and_never_share_an_id(tmp_path):
    home = str(tmp_path / "home")
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    barrier = context.Barrier(WRITERS)
    procs = [context.Process(target=_write_receipts, args=(home, "sess-1", w, RECEIPTS_EACH, barrier))
             for w in range(WRITERS)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
        assert proc.exitcode == 0

    session = Store(home).session("sess-1")
    path = os.path.join(session.dir, "receipts.jsonl")
    with open(path, "rb") as fh:
        lines = fh.read().split(b"\n")
    assert lines[-1] == b""
    parsed = [json.loads(line.decode("utf-8")) for line in lines[:-1]]   # every line parses
    assert len(parsed) == WRITERS * RECEIPTS_EACH
    ids = [r["id"] for r in parsed]
    assert len(set(ids)) == len(ids)
    assert sorted(ids) == ["r-%04d" % n for n in range(1, WRITERS * RECEIPTS_EACH + 1)]
    per_writer = {}
    for record in parsed:
        per_writer.setdefault(record["writer"], []).append(record["n"])
    assert sorted(per_writer) == list(range(WRITERS))
    for numbers in per_writer.values():
        assert numbers == list(range(RECEIPTS_EACH))       # each process's order survives
    assert len(session.read("edits")) == WRITERS * RECEIPTS_EACH
    assert session.next_id() == "r-%04d" % (WRITERS * RECEIPTS_EACH + 1)


def test_ids_continue_after_a_lost_or_corrupt_counter(tmp_path):
    session = Store(str(tmp_path)).session("s")
    assert [session.next_id() for _ in range(3)] == ["r-0001", "r-0002", "r-0003"]
    with open(os.path.join(session.dir, "seq"), "wb") as fh:
        fh.write(b"garbage")
    assert session.next_id() == "r-0004"
    with open(os.path.join(session.dir, "seq"), "wb") as fh:
        fh.write(b"0000000001\n")                            # a counter that went backwards
    assert session.next_id() == "r-0005"
    os.unlink(os.path.join(session.dir, "seq"))
    assert session.next_id() == "r-0006"


def test_ids_beyond_four_digits(tmp_path):
    session = Store(str(tmp_path)).session("s")
    session.next_id()
    with open(os.path.join(session.dir, "seq"), "wb") as fh:
        fh.write(b"0000009999\n")
    assert session.next_id() == "r-10000"
    assert session.next_id() == "r-10001"


def test_private_permissions_even_with_a_permissive_umask(tmp_path):
    old = os.umask(0o022)
    try:
        home = tmp_path / "home"
        session = Store(str(home)).session("abc")
        rid = session.next_id()
        session.append("receipts", {"id": rid})
        session.append("verdicts", {"blocked": False})
        session.write_log(rid, "output\n", 1024)
        session.prepare_run("r-0099")
        session.save_turn(None, {"promptId": "p1"})
        session.save_turn("agent/7", {"promptId": "p2"})
        record_error("claude:Stop", ValueError("boom"), home=str(home))
    finally:
        os.umask(old)
    for folder, dirs, files in os.walk(str(home)):
        assert _mode(folder) == 0o700, folder
        for name in files:
            assert _mode(os.path.join(folder, name)) == 0o600, name
    assert os.path.exists(os.path.join(session.runs_dir, "r-0099.log.exit"))


def test_existing_wide_files_are_narrowed(tmp_path):
    session = Store(str(tmp_path)).session("s")
    session.append("edits", {"path": "a.py"})
    path = os.path.join(session.dir, "edits.jsonl")
    os.chmod(path, 0o644)
    session.append("edits", {"path": "b.py"})
    assert _mode(path) == 0o600


def test_corrupt_and_partial_lines_are_skipped(tmp_path):
    session = Store(str(tmp_path)).session("s")
    session.append("receipts", {"id": "r-0001", "verdict": "pass"})
    path = os.path.join(session.dir, "receipts.jsonl")
    with open(path, "ab") as fh:
        fh.write(b'{"id": "r-0002", "verd\n')        # a torn line
        fh.write(b"\xff\xfe not utf-8\n")
        fh.write(b"[1, 2, 3]\n")                      # JSON but not a record
        fh.write(b"\n")
    session.append("receipts", {"id": "r-0003", "verdict": "fail"})
    with open(path, "ab") as fh:
        fh.write(b'{"id": "r-0004"')                  # unterminated last line
    assert [r["id"] for r in session.read("receipts")] == ["r-0001", "r-0003"]
    assert [r["id"] for r in session.read("receipts", last=1)] == ["r-0003"]


def test_read_last_matches_read_all(tmp_path):
    session = Store(str(tmp_path)).session("s")
    for n in range(3000):
        session.append("receipts", {"id": "r-%04d" % n, "pad": "y" * (n % 50)})
    everything = session.read("receipts")
    assert len(everything) == 3000
    for last in (1, 7, 100, 2999, 3000, 5000):
        assert session.read("receipts", last=last) == everything[-last:]
    assert session.read("receipts", last=0) == []
    assert session.read("edits") == []


def test_append_fills_in_the_time_and_keeps_unicode(tmp_path):
    session = Store(str(tmp_path)).session("s")
    session.append("verdicts", {"message": "测试全部通过 ✓"})
    (record,) = session.read("verdicts")
    assert record["message"] == "测试全部通过 ✓"
    assert record["ts"].endswith("Z") and len(record["ts"]) == 24


def test_unknown_kind_is_refused(tmp_path):
    session = Store(str(tmp_path)).session("s")
    with pytest.raises(ValueError):
        session.append("../escape", {})


def test_log_truncation_keeps_head_and_tail_with_a_marker(tmp_path):
    session = Store(str(tmp_path)).session("s")
    lines = ["line %05d %s" % (n, "z" * 40) for n in range(5000)]
    text = "\n".join(lines) + "\n"
    path = session.write_log("r-0001", text, 20000)
    data = open(path, "rb").read()
    assert len(data) <= 20000
    written = data.decode("utf-8")
    assert written.startswith("line 00000")
    assert written.endswith(lines[-1] + "\n")
    marker = [line for line in written.splitlines() if line.startswith("[stalegreen] log truncated")]
    assert len(marker) == 1
    omitted = int(marker[0].split(": ")[1].split()[0])
    head, tail = written.split("\n" + marker[0] + "\n")
    assert len(head) + len(tail) + omitted == len(text)
    assert len(head) < len(tail)                       # 20 % head, 80 % tail
    assert session.read_log("r-0001") == written


def test_small_logs_are_not_truncated_and_multibyte_text_is_cut_cleanly(tmp_path):
    session = Store(str(tmp_path)).session("s")
    path = session.write_log("r-0001", "ok\n", 1024)
    assert open(path).read() == "ok\n"
    text = "ü€" * 5000
    path = session.write_log("r-0002", text, 4096)
    data = open(path, "rb").read()
    assert len(data) <= 4096
    data.decode("utf-8")                               # no split character


def test_exit_file(tmp_path):
    session = Store(str(tmp_path)).session("s")
    rid = session.next_id()
    assert session.read_exit(rid) is None
    assert session.exit_path(rid) == session.log_path(rid) + ".exit"
    session.prepare_run(rid)
    assert session.read_exit(rid) is None              # created empty, the run has not ended
    for content, expected in ((b"3\n", 3), (b"0", 0), (b" 137 \n", 137), (b"oops\n", None)):
        with open(session.exit_path(rid), "wb") as fh:
            fh.write(content)
        assert session.read_exit(rid) == expected


def test_wrapped_shell_writes_into_a_prepared_private_log(tmp_path):
    import subprocess

    session = Store(str(tmp_path)).session("s")
    rid = session.next_id()
    log = session.prepare_run(rid)
    subprocess.run(["sh", "-c", "umask 022; echo hello > '%s'; echo 4 > '%s.exit'" % (log, log)], check=True)
    assert session.read_log(rid) == "hello\n"
    assert session.read_exit(rid) == 4
    assert _mode(log) == 0o600 and _mode(log + ".exit") == 0o600


def test_turn_state_per_agent(tmp_path):
    session = Store(str(tmp_path)).session("s")
    assert session.load_turn(None) is None
    session.save_turn(None, {"promptId": "p1", "blocked": ["test"]})
    session.save_turn("sub/agent 1", {"promptId": "p9", "blocked": []})
    assert session.load_turn(None) == {"promptId": "p1", "blocked": ["test"]}
    assert session.load_turn("sub/agent 1")["promptId"] == "p9"
    with open(os.path.join(session.dir, "turn.json"), "w") as fh:
        fh.write("{broken")
    assert session.load_turn(None) is None
    assert not [n for n in os.listdir(session.dir) if n.endswith(".tmp")]


def test_safe_name():
    assert safe_name("5f1c2b9e-0d1a-4c55-9e0b-2a7f6f1c9d10") == "5f1c2b9e-0d1a-4c55-9e0b-2a7f6f1c9d10"
    for hostile in ("../../etc", "a/b", "a_b\x00", ".hidden", "", None, "x" * 500, "会话 1"):
        name = safe_name(hostile)
        assert name and "/" not in name and not name.startswith(".")
        assert len(name) <= safeio.SAFE_NAME_MAX
        assert safe_name(name) == name                 # idempotent
    assert safe_name("a/b") != safe_name("a_b")        # no collision by cleaning


def test_session_folder_is_inside_the_store(tmp_path):
    st = Store(str(tmp_path))
    session = st.session("../../outside")
    session.append("edits", {"path": None})
    assert os.path.commonpath([session.dir, str(tmp_path)]) == str(tmp_path)
    assert st.sessions() == [session.root]


def test_home_comes_from_the_environment(sg_home):
    assert Store().home == str(sg_home)
    Store().session("s").append("edits", {"path": "a.py"})
    assert os.path.isfile(os.path.join(str(sg_home), "sessions", "s", "edits.jsonl"))


def test_record_error_counts_failures_and_never_raises(tmp_path):
    home = str(tmp_path / "home")
    try:
        {}["missing"]
    except KeyError as exc:
        record_error("codex:PostToolUse", exc, home=home)
    record_error("claude:Stop", RuntimeError("x" * 10000), home=home)
    errors = Store(home).errors()
    assert [e["event"] for e in errors] == ["codex:PostToolUse", "claude:Stop"]
    assert errors[0]["error"] == "KeyError: 'missing'"
    assert "test_store.py" in errors[0]["where"]
    assert len(errors[1]["error"]) <= store.ERROR_TEXT_MAX
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("")
    record_error("x", ValueError("y"), home=str(blocker / "home"))   # cannot write: silently ignored


def test_errors_file_is_rotated(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "ERRORS_MAX_BYTES", 2000)
    home = str(tmp_path / "home")
    for n in range(40):
        record_error("claude:PreToolUse", ValueError("failure %d" % n), home=home)
    current = Store(home).errors()
    with open(os.path.join(home, "errors.jsonl.1"), "rb") as fh:
        rotated = store._decode_lines(fh.read())
    assert current[-1]["error"] == "ValueError: failure 39"
    assert len(current) < 40 and len(rotated) > 0
    assert os.path.getsize(os.path.join(home, "errors.jsonl")) <= 2000 + 300


def test_sessions_newest_first_prune_and_report(tmp_path):
    st = Store(str(tmp_path))
    now = time.time()
    for age_days, root in ((40, "old"), (2, "recent"), (10, "middle")):
        session = st.session(root)
        session.append("receipts", {"id": session.next_id()})
        session.write_log("r-0001", "x" * 100)
        stamp = now - age_days * 86400
        for folder, _, files in os.walk(session.dir):
            for name in files + [""]:
                os.utime(os.path.join(folder, name), (stamp, stamp))
    assert st.sessions() == ["recent", "middle", "old"]
    report = st.report()
    assert [s["root"] for s in report["sessions"]] == ["recent", "middle", "old"]
    assert report["bytes"] > 300 and report["files"] >= 9 and report["problems"] == []
    assert st.prune(30 * 86400, now=now) == ["old"]
    assert st.sessions() == ["recent", "middle"]
    assert st.session("recent").prune(30 * 86400, now=now) is False
    assert st.prune(86400, now=now) == ["recent", "middle"]
    assert st.sessions() == []


def test_report_flags_a_readable_store(tmp_path):
    st = Store(str(tmp_path / "home"))
    st.session("s").append("edits", {"path": None})
    os.chmod(st.home, 0o755)
    assert st.report()["problems"]


def test_memory_session_has_the_same_api(tmp_path):
    disk = Store(str(tmp_path)).session("s")
    memory = MemorySession("s")
    for session in (disk, memory):
        assert [session.next_id(), session.next_id()] == ["r-0001", "r-0002"]
        session.append("receipts", {"id": "r-0001", "verdict": "pass"})
        session.append("receipts", {"id": "r-0002", "verdict": "fail"})
        assert [r["verdict"] for r in session.read("receipts")] == ["pass", "fail"]
        assert [r["id"] for r in session.read("receipts", last=1)] == ["r-0002"]
        session.write_log("r-0001", "a" * 5000, 1024)
        assert "[stalegreen] log truncated" in session.read_log("r-0001")
        assert session.read_exit("r-0001") is None
        session.save_turn("a1", {"promptId": "p"})
        assert session.load_turn("a1") == {"promptId": "p"}
        assert session.load_turn(None) is None
        with pytest.raises(ValueError):
            session.read("bogus")
    assert memory.log_path("r-0001") is None and memory.dir is None
    record = {"id": "r-0003"}
    memory.append("receipts", record)
    record["id"] = "changed"                           # callers cannot mutate stored records
    assert memory.read("receipts")[-1]["id"] == "r-0003"

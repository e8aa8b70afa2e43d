"""Reading a large session in a second process, and the replay store's flat memory.

A pipelined replay must give exactly what an in-process replay gives; a reading process that
fails must be reported, never hang the replay or lose what was already judged.
"""

import json
import multiprocessing
import os

import pytest

from stalegreen.engine import events as ev
from stalegreen.hosts.claude import transcript as claude
from stalegreen.replay import run
from stalegreen.replay.lines import Meter
from tests.conftest import SHARED_DATA
from tests.replay.conftest import agent_homes, install_fixtures, install_real  # noqa: F401

REAL_TRANSCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-transcripts")


def _outcome(source, pipeline):
    meter = Meter()
    replayed = run.replay(source, meter=meter, pipeline=pipeline)
    return {
        "verdicts": json.dumps(replayed.verdicts, sort_keys=True, default=str),
        "receipts": json.dumps(replayed.receipts, sort_keys=True, default=str),
        "runs": replayed.runs, "info": replayed.info, "errors": replayed.errors,
        "counts": (replayed.tool_calls, replayed.edits, replayed.first_ts, replayed.last_ts),
        "meter": (meter.bytes, meter.lines, meter.bad_lines, meter.files),
    }


def test_a_pipelined_replay_gives_what_an_in_process_replay_gives(agent_homes, monkeypatch):
    install_fixtures(agent_homes)
    transcripts = os.path.join(SHARED_DATA, "transcripts")
    if not os.path.isdir(transcripts):     # a fresh clone: the real transcripts the repo carries
        transcripts = REAL_TRANSCRIPTS
    install_real(agent_homes, transcripts)
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)
    monkeypatch.setattr(run, "PIPELINE_BATCH", 7)      # many messages, partial last batch
    sources = [s for s in run.discover("all") if not s.skipped]
    assert len(sources) >= 5
    verdicts = 0
    for source in sources:
        in_process = _outcome(source, pipeline=False)
        assert _outcome(source, pipeline=True) == in_process, source
        verdicts += in_process["verdicts"].count('"verdict"')
    assert verdicts > 0


def test_small_sessions_are_read_in_process(agent_homes, monkeypatch):
    install_fixtures(agent_homes)
    monkeypatch.setattr(run, "pipelined_events", None)   # would raise if it were used
    for source in run.discover("all"):
        assert source.size < run.PIPELINE_MIN_BYTES
        assert not run.replay(source, pipeline=True).errors


def _config():
    from stalegreen.engine import config

    return config.load(None)


def _first_claude_source():
    return [s for s in run.discover("claude") if not s.skipped][0]


def test_a_reading_process_that_dies_is_reported_and_the_judged_part_kept(agent_homes, monkeypatch):
    install_fixtures(agent_homes)
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)
    monkeypatch.setattr(run, "PIPELINE_BATCH", 1)
    real_merged = run.merged_events

    def dies_after_three(source, meter=None, info=None):
        for count, event in enumerate(real_merged(source, meter, info)):
            if count == 3:
                os._exit(7)
            yield event

    monkeypatch.setattr(run, "merged_events", dies_after_three)
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the failing reader is injected by patching, which only a forked child inherits")
    replayed = run.replay(_first_claude_source(), pipeline=True)
    assert replayed.errors == ["reading: the reading process ended early (exit status 7)"]
    assert replayed.tool_calls + replayed.edits > 0 or replayed.first_ts   # the first events were judged


def test_a_reading_error_is_reported_with_its_cause(agent_homes, monkeypatch):
    install_fixtures(agent_homes)
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)

    def unreadable(source, meter=None, info=None):
        raise PermissionError("transcript not readable")
        yield  # pragma: no cover

    monkeypatch.setattr(run, "merged_events", unreadable)
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the failing reader is injected by patching, which only a forked child inherits")
    replayed = run.replay(_first_claude_source(), pipeline=True)
    assert replayed.errors == ["reading: PermissionError: transcript not readable"]


def test_the_replay_store_keeps_no_resolved_background_runs_and_no_verdict_log():
    session = run._memory_session("claude-s")
    session.append("deferred", {"id": "r-0001", "resolved": False, "category": "test"})
    session.append("deferred", {"id": "r-0002", "resolved": False, "category": "test"})
    session.append("deferred", {"id": "r-0001", "resolved": True})
    session.append("verdicts", {"verdicts": [], "blocked": False})
    assert [d["id"] for d in session.read("deferred")] == ["r-0002"]
    assert session.read("verdicts") == []


def _rows_file(tmp_path, rows):
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows))
    return str(path)


def test_claude_rows_are_told_apart_by_their_own_type_without_losing_any(tmp_path):
    stamp = "2026-11-29T10:00:0%dZ"
    rows = [
        # a progress row whose payload nests a user message: dropped unread
        {"parentUuid": None, "type": "progress", "data": {"message": {"type": "user", "content": "pytest"}},
         "timestamp": stamp % 0, "uuid": "p1"},
        {"type": "user", "message": {"role": "user", "content": "run the tests"}, "promptId": "t1",
         "timestamp": stamp % 1, "uuid": "u1"},
        # an assistant row whose first "type" is a nested block that says progress: still read (no proof)
        {"message": {"role": "assistant", "content": [{"type": "progress"},
                                                        {"type": "text", "text": "All 3 tests pass."}]},
         "type": "assistant", "timestamp": stamp % 2, "uuid": "a1"},
    ]
    kinds = [(e.kind, e.message) for e in claude.read(_rows_file(tmp_path, rows), "s")]
    assert kinds == [(ev.PROMPT, "run the tests"), (ev.STOP, "All 3 tests pass.")]


SPAWNED = """
import json, multiprocessing
from stalegreen.replay import run
def outcome(source, pipeline):
    replayed = run.replay(source, pipeline=pipeline)
    return json.dumps([replayed.verdicts, replayed.runs, replayed.errors, replayed.info], sort_keys=True, default=str)
if __name__ == "__main__":
    multiprocessing.set_start_method("spawn")
    run.PIPELINE_MIN_BYTES = 0
    sources = [s for s in run.discover("all") if not s.skipped]
    print(json.dumps([outcome(s, True) == outcome(s, False) for s in sources]))
"""


def test_a_spawned_reading_process_works_too(agent_homes, tmp_path):
    """macOS and Windows start processes by spawning a fresh interpreter: the reader and its
    events must be importable and picklable there, not only in a forked copy."""
    import subprocess
    import sys

    install_fixtures(agent_homes)
    script = tmp_path / "spawned.py"
    script.write_text(SPAWNED)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root)
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    same = json.loads(done.stdout)
    assert len(same) >= 3 and all(same)


def test_a_judge_that_stops_early_leaves_a_quiet_reader(agent_homes, monkeypatch, capfd):
    install_fixtures(agent_homes)
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the endless reader is injected by patching, which only a forked child inherits")

    def endless(source, meter=None, info=None):
        while True:                 # far more than a pipe holds: the reader is mid-send at close
            yield ev.Event(ev.POST_SHELL, "claude", command="pytest -q", output="x" * 100000, replay=True)

    monkeypatch.setattr(run, "merged_events", endless)
    monkeypatch.setattr(run, "PIPELINE_BATCH", 1)
    events = run.pipelined_events(_first_claude_source(), Meter(), {}, _config(), run.Tally())
    assert next(events)[1].kind == ev.POST_SHELL
    events.close()
    assert "Traceback" not in capfd.readouterr().err


def test_history_is_the_same_for_any_worker_count_and_with_or_without_a_reading_process(tmp_path, monkeypatch):
    """Every transcript the project has, replayed in process, with a second reading process,
    and over 2 and 3 worker processes: the same rows, tallies and byte counts."""
    from stalegreen.replay import report
    from tests.replay.test_gate_replay import _lay_out_every_transcript

    homes = _lay_out_every_transcript(tmp_path)
    for variable, harness in (("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex"), ("DSH_HOME", "dsh")):
        monkeypatch.setenv(variable, str(homes[harness]))
    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "sg"))

    def history(jobs):
        collection = report.collect("all", "36500d", jobs=jobs)
        overall, _ = report.tallies(collection)
        rows = [report.row_json(s, e) for s, e in report.verdict_rows(collection, report.CLAIM_KINDS)]
        return json.dumps([rows, report.tamper_rows(collection), overall.claims, overall.runs, overall.sessions,
                           collection.bytes, collection.files, collection.bad_lines, collection.errors],
                          sort_keys=True, default=str)

    in_process = history(1)
    assert '"verdict"' in in_process
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)
    monkeypatch.setattr(run, "PIPELINE_BATCH", 3)
    if (os.cpu_count() or 1) > 1:
        assert history(None) == in_process          # one process judging, a second one reading
    monkeypatch.setattr(report, "PARALLEL_MIN_BYTES", 0)
    assert history(None) == in_process
    assert history(2) == in_process
    assert history(3) == in_process

"""``history`` follows docs/VERDICTS.md, deterministically, on transcripts written in the repo.

``gate_fixtures/claude/-home-dev-ledger``: a Claude transcript without timestamps. Turn 1 passes
the suite, edits two files and claims "All 56 tests pass"; turn 2 runs pytest ("1 failed, 47
passed") and ruff ("Found 3 errors") and claims "All tests pass, ruff is clean".
"""

import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

from stalegreen.engine import config as config_module
from stalegreen.replay import run as replay_run
from tests.conftest import ROOT, SHARED_DATA
from tests.replay.conftest import FIXTURES, install_fixtures, install_real

GATE_FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gate_fixtures")
LEDGER = glob.glob(os.path.join(GATE_FIXTURES, "claude", "-home-dev-ledger", "*.jsonl"))[0]


def _replay(path, harness="claude"):
    source = replay_run.Source(harness, os.path.basename(path).split(".")[0], [(None, path)])
    return replay_run.replay(source, config_module.load("/nonexistent", home="/nonexistent"))


def test_failures_in_the_output_of_runs_that_exited_0_contradict_the_claims():
    replayed = _replay(LEDGER)
    got = [(v["record"]["claim"]["category"], v["record"]["verdict"], v["record"]["evidence"]["receipt"])
           for v in replayed.verdicts]
    assert got == [("test", "STALE", "r-0001"), ("test", "CONTRADICTED", "r-0002"), ("lint", "CONTRADICTED", "r-0003")]
    assert all(v["blocked"] for v in replayed.verdicts)


def test_records_without_timestamps_keep_file_order_on_a_clock_that_never_reads_the_wall():
    receipts = _replay(LEDGER).receipts
    times = [r["ts"] for r in receipts]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert all(t.startswith("1970-01-01T00:00:00.") for t in times)      # not today's date


def test_replayed_receipts_carry_the_transcripts_time():
    path = glob.glob(os.path.join(FIXTURES, "claude", "*", "*.jsonl"))[0]
    said = set()
    with open(path) as fh:
        for line in fh:
            try:
                row = json.loads(line)
            except ValueError:
                continue        # the fixture carries a broken line on purpose
            if isinstance(row, dict) and row.get("timestamp"):
                said.add(row["timestamp"])
    receipts = _replay(path).receipts
    assert receipts and all(r["ts"] in said for r in receipts), [r["ts"] for r in receipts]


def test_the_replay_clock_is_strictly_increasing_and_keeps_well_ordered_times():
    clock = replay_run.ReplayClock()
    stamps = [clock.stamp(ts) for ts in (None, "2026-11-20T10:00:00.000Z", "2026-11-20T10:00:00.000Z", None,
                                         "2026-11-20T09:59:00.000Z", "2026-11-20T10:00:05.5Z", "garbage")]
    assert stamps == ["1970-01-01T00:00:00.000Z", "2026-11-20T10:00:00.000Z", "2026-11-20T10:00:00.001Z",
                      "2026-11-20T10:00:00.002Z", "2026-11-20T10:00:00.003Z", "2026-11-20T10:00:05.500Z",
                      "2026-11-20T10:00:05.501Z"]


def _lay_out_every_transcript(base):
    """The repo's fixtures, plus ../shared's public transcripts (peers' Claude-shaped files too)."""
    homes = {"claude": base / "claude", "codex": base / "codex", "dsh": base / "dsh"}
    (homes["claude"] / "projects").mkdir(parents=True)
    (homes["codex"] / "sessions").mkdir(parents=True)
    (homes["dsh"] / "sessions").mkdir(parents=True)
    install_fixtures(homes)
    shutil.copytree(os.path.join(GATE_FIXTURES, "claude"), str(homes["claude"] / "projects"), dirs_exist_ok=True)
    transcripts = os.path.join(SHARED_DATA, "transcripts")
    if os.path.isdir(transcripts):
        install_real(homes, transcripts)
        for path in sorted(glob.glob(os.path.join(transcripts, "peers", "*", "*.jsonl"))):
            folder = homes["claude"] / "projects" / ("-home-dev-peers-" + os.path.basename(os.path.dirname(path)))
            folder.mkdir(exist_ok=True)
            shutil.copy(path, str(folder / os.path.basename(path)))
    return homes


def test_history_json_is_byte_identical_across_ten_processes(tmp_path):
    pytest.importorskip("click")        # the CLI's own dependency
    homes = _lay_out_every_transcript(tmp_path)
    env = dict(os.environ, CLAUDE_CONFIG_DIR=str(homes["claude"]), CODEX_HOME=str(homes["codex"]),
               DSH_HOME=str(homes["dsh"]), HOME=str(tmp_path / "home"), STALEGREEN_HOME=str(tmp_path / "sg"),
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONHASHSEED", None)        # every process its own hash seed: set order must not matter
    outputs = set()
    for _ in range(10):
        proc = subprocess.run([sys.executable, "-m", "stalegreen", "history", "--since", "36500d", "--json",
                               "--include-none", "--include-fresh"],
                              env=env, capture_output=True, timeout=300)
        assert proc.returncode == 0, proc.stderr.decode()[-2000:]
        outputs.add(proc.stdout)
    assert len(outputs) == 1
    data = json.loads(outputs.pop())
    assert data["sessions"] >= 4 and data["verdicts"]
    if not os.path.isdir(os.path.join(SHARED_DATA, "transcripts")):
        pytest.skip("only the repo's own transcripts checked: ../shared/data/transcripts is absent")
    backcheck = [r for r in data["verdicts"] if r["session"] == "stale"]
    assert [r["verdict"] for r in backcheck] == ["STALE"]


def test_sessions_replayed_in_parallel_come_back_in_discovery_order(tmp_path, monkeypatch):
    """Two projects holding the same session id: the pool's finishing order must not leak out."""
    from stalegreen.replay import report

    homes = _lay_out_every_transcript(tmp_path)
    twin = homes["claude"] / "projects" / "-home-dev-ledger-copy"
    shutil.copytree(os.path.dirname(LEDGER), str(twin))
    for name, path in (("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex"), ("DSH_HOME", "dsh")):
        monkeypatch.setenv(name, str(homes[path]))
    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "sg"))
    expected = [tuple(p for _, p in s.files) for s in replay_run.discover("all", None) if not s.skipped]
    seen = set()
    for _ in range(3):
        collection = report.collect("all", "36500d", jobs=2)
        got = [tuple(p for _, p in r.source.files) for r in collection.sessions]
        positions = [expected.index(files) for files in got]
        assert positions == sorted(positions) and len(got) >= 2
        seen.add(tuple(got))
    assert len(seen) == 1

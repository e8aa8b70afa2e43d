"""``stalegreen check`` over a real store session."""

import json

from click.testing import CliRunner

from stalegreen.cli import cli
from tests.cli.store_seed import seed


def test_check_lists_receipts_and_verdicts(sg_home, git_repo, monkeypatch):
    _, root = seed(sg_home, git_repo)
    monkeypatch.chdir(str(git_repo))
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 0, result.output
    assert "Session %s" % root in result.output
    assert "r-0001" in result.output and "r-0002" in result.output
    assert "masked " in result.output and "5 passed" in result.output
    assert 'STALE     blocked   test       "All 5 tests pass"  <-  r-0001 `pytest -q` pass (5 passed)' in result.output
    assert "+1 edit after" in result.output and "shop/cart.py" in result.output
    assert "BLOCKED" in result.output


def test_check_json_and_missing_session(sg_home, git_repo):
    _, root = seed(sg_home, git_repo)
    result = CliRunner().invoke(cli, ["check", "--session", root[:8], "--json"])
    data = json.loads(result.output)
    assert data["session"] == root
    assert [r["id"] for r in data["receipts"]] == ["r-0001", "r-0002"]
    assert data["verdicts"][0]["verdicts"][0]["verdict"] == "STALE"
    missing = CliRunner().invoke(cli, ["check", "--session", "nope"])
    assert missing.exit_code == 1


def test_check_without_sessions(sg_home):
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 0
    assert "No sessions recorded yet" in result.output


def test_check_picks_the_session_of_the_working_directory(sg_home, git_repo, tmp_path, monkeypatch):
    from stalegreen.engine.store import Store

    _, root = seed(sg_home, git_repo)
    other = tmp_path / "elsewhere"
    other.mkdir()
    newer = Store(str(sg_home)).session("newer-session")
    newer.append("receipts", {"id": "r-0001", "ts": "2026-11-21T09:00:00.000Z", "cwd": str(other),
                              "cmd": "npm test", "category": "test", "verdict": "pass", "scope": "all"})
    monkeypatch.chdir(str(git_repo / ".git"))          # inside the first session's repository
    assert ("Session %s" % root) in CliRunner().invoke(cli, ["check"]).output
    monkeypatch.chdir(str(other))
    assert "Session newer-session" in CliRunner().invoke(cli, ["check"]).output


def test_check_json_on_an_empty_store_is_json(sg_home, tmp_path, monkeypatch):
    monkeypatch.chdir(str(tmp_path))
    result = CliRunner().invoke(cli, ["check", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == {"session": None, "receipts": [], "verdicts": [], "edits": []}

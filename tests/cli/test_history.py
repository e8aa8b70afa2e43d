"""``stalegreen history``: replay the fixtures and the real public transcripts through the gate."""

import json

import pytest
from click.testing import CliRunner

from stalegreen.cli import cli
from tests.conftest import shared_path
from tests.replay.conftest import agent_homes, install_fixtures, install_real  # noqa: F401

ENGINE_PARTS = ("stalegreen.engine.catalog", "stalegreen.engine.claims", "stalegreen.engine.masking",
                "stalegreen.engine.edits", "stalegreen.engine.outputs")


@pytest.fixture(autouse=True)
def _engine():
    for name in ENGINE_PARTS:
        pytest.importorskip(name)


def _history(*args):
    result = CliRunner().invoke(cli, ["history", "--since", "3650d"] + list(args))
    assert result.exit_code == 0, result.output
    return result


def _by(rows, harness):
    return [r for r in rows if r["harness"] == harness]


def test_history_finds_stale_failed_and_masked_claims_in_fixtures(agent_homes):
    install_fixtures(agent_homes)
    data = json.loads(_history("--json", "--include-none", "--include-fresh").output)
    assert data["sessions"] == 3
    rows = data["verdicts"]

    claude = _by(rows, "claude")
    stale = [r for r in claude if r["verdict"] == "STALE"]
    assert stale and stale[-1]["receipt"]["cmd"] == "python -m pytest -q"
    assert stale[-1]["editsAfter"] == ["/home/dev/shop/shop/cart.py"]          # the edit after the pass
    piped = [r for r in claude if r["receipt"] and r["receipt"]["masked"]]
    assert piped and piped[0]["verdict"] == "FAILED"                            # tail -3 hid a failing exit
    assert piped[0]["receipt"]["exit"] is None and piped[0]["receipt"]["maskReason"].startswith("pipe:tail")
    typecheck = [r for r in claude if r["category"] == "typecheck"]
    assert typecheck and typecheck[0]["verdict"] == "FAILED" and typecheck[0]["receipt"]["exit"] == 1

    codex = _by(rows, "codex")
    verdicts = dict((r["category"], r["verdict"]) for r in codex if r["agent"] is None)
    assert verdicts["test"] == "FAILED"
    assert verdicts.get("lint") == "FRESH"                                      # eslint from the JS exec cell
    child = [r for r in codex if r["agent"] == "Boole"]
    assert child and child[0]["verdict"] == "FRESH" and child[0]["receipt"]["cmd"] == "npx tsc --noEmit"
    assert child[0]["model"] == "gpt-5.5"

    dsh = sorted(_by(rows, "dsh"), key=lambda r: r["ts"])
    assert [r["verdict"] for r in dsh] == ["STALE", "FAILED", "MASKED"]
    assert dsh[2]["receipt"]["maskReason"].startswith("redirect:")

    assert data["runs"]["total"] == 9 and data["runs"]["masked"] == 2
    assert data["runs"]["hidFailure"] == 1 and data["runs"]["noResult"] == 1


def test_history_text_and_explain(agent_homes):
    install_fixtures(agent_homes)
    out = _history("--explain").output
    assert out.startswith("stalegreen history: 3 sessions with tool calls since 3650d")
    assert "verification runs 9: exit hidden 2, of which hid a failure 1, left no result 1" in out
    assert "STALE" in out and "+1 edit: cart.py" in out
    assert "masked:pipe:tail" in out
    assert "    claude session 5b1f0c7e-3d2a-4e8b-9a61-0c2f7d9e4b11  model claude-opus-4-6" in out
    assert "FRESH" not in out.split("\n\n", 1)[1]          # fresh claims are not listed by default


def test_history_harness_filter_and_since(agent_homes):
    install_fixtures(agent_homes)
    data = json.loads(_history("--json", "--harness", "dsh").output)
    assert data["sessions"] == 1 and set(r["harness"] for r in data["verdicts"]) == {"dsh"}
    bad = CliRunner().invoke(cli, ["history", "--since", "soon"])
    assert bad.exit_code == 2 and "30d" in bad.output


def test_history_on_real_public_transcripts(agent_homes):
    install_real(agent_homes, shared_path("transcripts"))
    data = json.loads(_history("--json", "--include-none", "--include-fresh").output)
    rows = data["verdicts"]
    assert {"claude", "codex", "dsh"} <= set(r["harness"] for r in rows)
    assert data["runs"]["total"] >= 30 and data["runs"]["masked"] >= 1
    # the marot-spotter session pipes `mix test` through tail/grep/head: some of those runs failed
    assert data["runs"]["hidFailure"] >= 1 and data["runs"]["hiddenBy"].get("pipe:tail", 0) >= 1
    # the real Claude Code 2.1.39 session: a passing `mix test`, edits, then "tests pass" again
    stale = [r for r in rows if r["harness"] == "claude" and r["verdict"] == "STALE"]
    assert stale and stale[0]["receipt"]["cmd"].startswith("mix test") and stale[0]["editsAfter"]
    # the offline Codex 0.171 and dsh runs only echo their "tests": nothing backs the claim
    codex = [r for r in rows if r["session"] == "01a228a0-3a67-72a3-985a-90f2c499648a"]
    assert codex and all(r["verdict"] == "NONE" and r["receipt"] is None for r in codex)
    dsh = [r for r in rows if r["harness"] == "dsh"]
    assert len(dsh) >= 4 and all(r["verdict"] == "NONE" for r in dsh)


def test_since_takes_weeks_and_years(agent_homes):
    install_fixtures(agent_homes)
    years = json.loads(CliRunner().invoke(cli, ["history", "--json", "--since", "10y"]).output)
    days = json.loads(_history("--json").output)
    assert years["sessions"] == days["sessions"] == 3 and years["verdicts"] == days["verdicts"]
    weeks = CliRunner().invoke(cli, ["history", "--json", "--since", "2w"])
    assert weeks.exit_code == 0 and json.loads(weeks.output)["since"] == "2w"


def test_history_limit_lists_the_newest_claims(agent_homes):
    install_fixtures(agent_homes)
    everything = json.loads(_history("--json").output)["verdicts"]
    assert len(everything) > 2
    limited = json.loads(_history("--json", "--limit", "2").output)
    assert limited["verdicts"] == everything[:2] and limited["listed"] == len(everything)
    text = _history("--limit", "1").output
    assert "... %d older claims not shown (--limit 1)" % (len(everything) - 1) in text

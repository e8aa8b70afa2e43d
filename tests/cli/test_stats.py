"""``stalegreen stats``: the seed's rates per harness, model and kind, and the HTML report."""

import json
import os
import re

import pytest
from click.testing import CliRunner

from stalegreen.cli import cli
from stalegreen.replay import html, report, run
from tests.cli.chromium_page import chromium, count_color, open_page, read_png
from tests.conftest import shared_path
from tests.replay.conftest import agent_homes, install_fixtures, install_real  # noqa: F401

ENGINE_PARTS = ("stalegreen.engine.catalog", "stalegreen.engine.claims", "stalegreen.engine.masking",
                "stalegreen.engine.edits", "stalegreen.engine.outputs")


def needs_engine():
    for name in ENGINE_PARTS:
        pytest.importorskip(name)


def _verdict(kind, text, ts, receipt=None, edits=0):
    record = {"claim": {"category": "test", "text": text, "scope": "all", "sentence": text + "."},
              "evidence": receipt, "verdict": kind, "action": "allowed",
              "freshness": {"fingerprintMatch": None,
                            "editsAfter": [{"path": "/w/src/f%d.py" % i, "ts": ts, "kind": "Edit"} for i in range(edits)]}}
    return {"ts": ts, "agent": None, "turn": "t", "event": "Stop", "blocked": False, "record": record}


def synthetic_collection():
    """Three sessions with known verdicts (built with the same classes replay fills)."""
    collection = report.Collection("90d", "all")
    plan = [
        ("claude", "claude-opus-4-6", "interactive", ["FRESH", "STALE", "STALE", "FAILED", "NONE"], (40, 30, 6, 9)),
        ("codex", "gpt-5.5", "exec", ["FRESH", "FRESH", "MASKED", "STALE"], (12, 3, 1, 1)),
        ("dsh", "deepseek-v4-flash", "unknown", ["FRESH", "FAILED"], (5, 1, 0, 1)),
    ]
    for index, (harness, model, kind, verdicts, runs) in enumerate(plan):
        source = run.Source(harness, "s%d" % index, [])
        session = run.SessionReplay(source)
        session.info.update(model=model, kind=kind)
        session.tool_calls = 3
        for n, verdict in enumerate(verdicts):
            receipt = None if verdict == "NONE" else {
                "receipt": "r-%04d" % (n + 1), "cmd": "pytest -q", "verdict": "fail" if verdict == "FAILED" else "pass",
                "masked": verdict == "MASKED", "counts": {"passed": 5}, "ts": "2026-11-%02dT10:00:00.000Z" % (n + 1)}
            session.verdicts.append(_verdict(verdict, "all tests pass (%d)" % n, "2026-11-%02dT10:0%d:00.000Z"
                                             % (3 + 7 * index + n, n), receipt, edits=2 if verdict == "STALE" else 0))
        session.runs = dict(zip(("total", "masked", "hidFailure", "noResult"), runs))
        session.runs["hiddenBy"] = {"pipe:tail": runs[1] - 1, "redirect": 1} if runs[1] else {}
        collection.sessions.append(session)
    return collection


def test_tallies_count_the_seed_rates_and_repeats_once():
    collection = synthetic_collection()
    collection.sessions[0].verdicts.append(dict(collection.sessions[0].verdicts[1]))   # repeated status line
    overall, groups = report.tallies(collection)
    assert overall.claims == {"FRESH": 4, "STALE": 3, "FAILED": 2, "CONTRADICTED": 0, "MASKED": 1, "NOT_RUN": 0,
                              "NONE": 1, "DEFERRED": 0}
    assert overall.repeated == 1
    assert overall.runs == {"total": 57, "masked": 34, "hidFailure": 7, "noResult": 11,
                            "hiddenBy": {"pipe:tail": 31, "redirect": 3}}
    assert report.top_hiders(overall) == [("pipe:tail", 31), ("redirect", 3)]
    assert sorted(groups["harness"]) == ["claude", "codex", "dsh"]
    assert groups["model"]["gpt-5.5"].claims["MASKED"] == 1
    assert round(overall.rate("STALE"), 3) == round(3 / 11.0, 3)


def test_html_report_is_self_contained_and_renders_charts(tmp_path):
    if chromium() is None:
        pytest.skip("chromium not installed")
    collection = synthetic_collection()
    overall, groups = report.tallies(collection)
    page = tmp_path / "report.html"
    page.write_text(html.render(collection, overall, groups), encoding="utf-8")
    text = page.read_text()
    assert "<script" not in text and not re.search(r"(src|href)=\"(https?:)?//", text)
    assert text.count("<svg") >= 5
    png = tmp_path / "report.png"
    console, stderr = open_page(str(page), str(png))
    assert console == [], console
    assert png.exists(), stderr[-2000:]
    pixels = read_png(str(png))
    for name in ("FRESH", "STALE", "FAILED", "MASKED"):
        color = html.COLORS[name]
        rgb = tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
        assert count_color(pixels, rgb) > 400, "%s bars are not drawn" % name


def test_stats_cli_on_fixtures_text_json_and_html(agent_homes, tmp_path):
    needs_engine()
    install_fixtures(agent_homes)
    result = CliRunner().invoke(cli, ["stats", "--since", "3650d", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sessions"] == 3
    assert set(data["byHarness"]) == {"claude", "codex", "dsh"}
    assert data["verdicts"]["STALE"] >= 2 and data["verdicts"]["FAILED"] >= 2
    assert data["runs"]["masked"] >= 1 and data["runs"]["hidFailure"] >= 1
    page = tmp_path / "stats.html"
    text = CliRunner().invoke(cli, ["stats", "--since", "3650d", "--html", str(page)])
    assert text.exit_code == 0, text.output
    assert "Green claims" in text.output and "of green claims were stale" in text.output
    assert page.exists() and "<svg" in page.read_text()
    if chromium() is None:
        return
    png = tmp_path / "stats.png"
    console, stderr = open_page(str(page), str(png), height=1400)
    assert console == [] and png.exists(), stderr[-2000:]
    pixels = read_png(str(png))
    for name in ("STALE", "FAILED", "MASKED"):      # the fixtures hold each of these verdicts
        color = html.COLORS[name]
        assert count_color(pixels, tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))) > 200, name


def test_stats_on_real_public_transcripts(agent_homes):
    needs_engine()
    install_real(agent_homes, shared_path("transcripts"))
    result = CliRunner().invoke(cli, ["stats", "--since", "3650d", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["byHarness"]) >= {"claude", "codex", "dsh"}
    assert data["runs"]["total"] > 0 and data["claims"] > 0
    assert "claude-opus-4-6" in data["byModel"] and "gpt-5.5" in data["byModel"]
    assert os.environ["CODEX_HOME"] == str(agent_homes["codex"])


def test_stats_html_to_a_missing_directory_fails_before_reading_anything(agent_homes, monkeypatch):
    install_fixtures(agent_homes)
    monkeypatch.setattr(report, "collect", None)     # would raise: the path is checked first
    result = CliRunner().invoke(cli, ["stats", "--html", "/nonexistent/x.html"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: cannot write /nonexistent/x.html: directory /nonexistent does not exist"
    assert isinstance(result.exception, SystemExit)

# -*- coding: utf-8 -*-
"""``stalegreen claims [--json] [FILE]``: text and JSON output, stdin and file input."""

import json
import subprocess
import sys

from click.testing import CliRunner

from stalegreen.cli import cli

MESSAGE = (u"Summary:\n- All 43 tests pass (`pnpm test`).\n- The build should succeed now.\n"
           u"- 类型检查通过。\n\nApart from the flaky e2e test, lint is clean.\n")


def test_text_output_lists_claims_and_near_misses(tmp_path):
    path = tmp_path / "message.md"
    path.write_text(MESSAGE, encoding="utf-8")
    result = CliRunner().invoke(cli, ["claims", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    claim_lines = [ln.split() for ln in lines if ln.startswith("claim ")]
    # the exception ("the flaky e2e test") is of the tests, not of lint: the lint claim is whole
    assert [ln[1:4] for ln in claim_lines] == [["test", "all", "unqualified"], ["typecheck", "all", "unqualified"],
                                               ["lint", "all", "unqualified"]]
    assert "counts 43 passed" in lines[0] and "tool pnpm test" in lines[0]
    assert lines[2] == "         sentence: All 43 tests pass (`pnpm test`)."
    assert [ln for ln in lines if ln.startswith("ignored")] == ['ignored  hedged     "The build should succeed"']


def test_json_output_from_stdin():
    result = CliRunner().invoke(cli, ["claims", "--json"], input=MESSAGE)
    data = json.loads(result.output)
    assert sorted(data) == ["claims", "ignored"]
    assert [(c["category"], c["qualified"], c["lang"]) for c in data["claims"]] == [
        ("test", False, "en"), ("typecheck", False, "zh"), ("lint", False, "en")]
    assert data["claims"][0]["text"] == "All 43 tests pass" and data["claims"][0]["counts"] == {"passed": 43}
    assert data["ignored"][0]["reason"] == "hedged"


def test_no_claims_and_completion_flag():
    runner = CliRunner()
    assert runner.invoke(cli, ["claims"], input="Do all tests pass?").output.splitlines() == [
        "No claims.", 'ignored  question   "all tests pass"']
    done = json.loads(runner.invoke(cli, ["claims", "--json", "--completion"], input="Done, the bug is fixed.").output)
    assert [c["category"] for c in done["claims"]] == ["completion"]


def test_real_process_reads_stdin_as_utf8():
    proc = subprocess.run([sys.executable, "-m", "stalegreen", "claims", "--json"],
                          input=u"全部 41 个测试通过。".encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.decode("utf-8"))
    assert data["claims"][0]["counts"] == {"passed": 41} and data["claims"][0]["lang"] == "zh"

"""``stalegreen explain``: runs, masking and the rewrite (or why not) for one command line."""

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from stalegreen.cli import cli
from stalegreen.engine import rewrite


def explain(*args):
    result = CliRunner().invoke(cli, ["explain"] + list(args))
    assert result.exit_code == 0, result.output
    return result.output


def explain_json(command, *options):
    return json.loads(explain("--json", *options, "--", command))


def test_json_shape_for_a_masked_run(sg_home, tmp_path):
    data = explain_json("cd sub && CI=1 pytest -q 2>&1 | tail -5 && echo ok", "--cwd", str(tmp_path))
    assert sorted(data) == ["rewrite", "runs", "unwrapped_reason"]
    (run,) = data["runs"]
    assert sorted(run) == ["category", "cwd", "masked", "not_run", "reasons", "runner", "scope"]
    assert (run["runner"], run["category"], run["scope"]) == ("pytest", "test", "all")
    assert run["cwd"] == os.path.join(str(tmp_path), "sub")
    assert run["masked"] and run["reasons"] == ["pipe:tail"] and run["not_run"] is None
    assert data["unwrapped_reason"] is None
    assert data["rewrite"].startswith("cd sub && { ( { __sg_x=$-; set +x; } 2>/dev/null; __sg_log=")
    assert data["rewrite"].endswith("(exit $?) | (exit $?); } && echo ok")


@pytest.mark.parametrize("command, reason", [
    ("pytest > out.log", "redirect:out.log"),
    ("pytest -q | xargs echo", "pipe:xargs"),
    ("pytest --help", "help"),
    ("echo hello", "no-runner"),
    ("pytest 'oops", "unreadable: unbalanced single quote"),
    ("for d in a b; do pytest $d; done", "loop"),
])
def test_reasons_for_leaving_a_line_alone(sg_home, command, reason):
    data = explain_json(command)
    assert data["rewrite"] is None
    assert data["unwrapped_reason"] == reason


def test_not_a_run_is_reported(sg_home):
    data = explain_json("pytest --collect-only -q")
    assert data["runs"][0]["not_run"] == "list"


def test_mode_off_from_the_user_config_not_from_a_project_file(sg_home, tmp_path):
    (tmp_path / ".stalegreen.json").write_text('{"mode": "off"}')
    data = explain_json("pytest | tail -3", "--cwd", str(tmp_path))
    assert data["rewrite"] is not None           # the agent can write that file: ignored
    sg_home.mkdir(parents=True, exist_ok=True)
    (sg_home / "config.json").write_text('{"mode": "off"}')
    data = explain_json("pytest | tail -3", "--cwd", str(tmp_path))
    assert data["rewrite"] is None and data["unwrapped_reason"] == "mode-off"


def test_text_output(sg_home):
    out = explain("--", "npm test | grep -c passing || true")
    assert "1. npm test  (test, scope all" in out
    assert "masked: pipe:grep, or-chain" in out
    assert "only a count is shown" in out
    assert "Rewritten to" in out
    out = explain("--", "pytest > log.txt")
    assert "Left unchanged: redirect:log.txt" in out


def test_the_rewrite_runs_real_pytest(sg_home, tmp_path):
    """The explained rewrite, executed: real pytest on a tiny project with one failing test."""
    project = tmp_path / "proj"
    project.mkdir()
    (project / "test_demo.py").write_text(
        "def test_ok():\n    assert 1\n\ndef test_bad():\n    assert 0\n")
    command = "%s -m pytest -q -p no:cacheprovider 2>&1 | tail -2" % sys.executable
    data = explain_json(command, "--cwd", str(project))
    assert data["runs"][0]["runner"] == "pytest" and data["runs"][0]["masked"]
    wrapped = data["rewrite"]
    assert wrapped
    proc = subprocess.run(["bash", "-c", wrapped + '; echo "after $?"'], cwd=str(project),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    output = proc.stdout.decode()
    assert rewrite.find_markers(output) == [("r-0001", 1)]
    assert output.rstrip().endswith("after 1")
    assert "1 failed, 1 passed" in output
    log = os.path.join(str(sg_home), "sessions", "<session>", "runs", "r-0001.log")
    with open(log + ".exit") as f:
        assert f.read() == "1\n"
    with open(log) as f:
        assert "def test_bad" in f.read()   # the full failure report, which tail -2 hid

"""Causes found in the dev21 command set (2026-12-05, written blind late in the eighteenth session, the
common runners the way agents type them): a run whose whole report is on stderr loses nothing of a
failure to ``> /dev/null``; one that reports on stdout, or a run whose output goes away whole, does."""

import shutil
import subprocess

import pytest

from stalegreen.engine import unwrapped
from test_commands_dev19_causes import read


@pytest.mark.parametrize("line", [
    "cargo build --release > /dev/null",       # c21-191
    "go build ./... > /dev/null",              # c21-201
    "go vet ./... >/dev/null",
    "cargo clippy --all-targets > /dev/null",
    "cargo check > /dev/null",
    "npx jest --ci > /dev/null",
])
def test_stdout_away_from_a_run_reporting_all_on_stderr_hides_nothing(line):
    _parse, runs, masks, _project = read(line)
    assert runs and not masks[0].masked and masks[0].output_visible
    assert unwrapped.receipt_masking(masks[0]) == (False, [])


@pytest.mark.parametrize("line", [
    "cargo test > /dev/null",                  # test results are on stdout
    "go test ./... > /dev/null",
    "pytest -q > /dev/null",
    "cargo build > /dev/null 2>&1",            # both streams away
    "cargo build &> /dev/null",
    "cargo build > /dev/null | tail -3",       # the pipe's status
])
def test_other_output_thrown_away_still_hides(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].masked


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_a_redirect_of_stdout_leaves_stderr_on_the_terminal(tmp_path):
    """The ground truth for the rule: what a program writes on stderr still shows."""
    line = "{ echo out; echo 'error[E0308]: mismatched types' >&2; exit 101; } > /dev/null"
    proc = subprocess.run(["bash", "-c", line], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=str(tmp_path),
                          timeout=30)
    assert proc.returncode == 101 and b"mismatched types" in proc.stdout and b"out" not in proc.stdout

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
    # dev22 (written blind last, 2026-12-05): unittest, black, bazel and BuildKit report on stderr; so does a
    # compiler under make's default target
    "python -m unittest discover -s tests > /dev/null",
    "black --check . > /dev/null",
    "bazel test //... > /dev/null",
    "docker build -t app:dev . > /dev/null",
    "make -j8 > /dev/null",
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
    "make test > /dev/null",                   # a test target's results are on stdout
    "ninja > /dev/null",                       # ninja prints the failing command's output on stdout
    "python -m unittest discover 2>/dev/null",  # and the other way round: the report is what went away
    "black --check . 2>/dev/null",
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


@pytest.mark.parametrize("line, scope", [
    ("cmake --build build --target http_server", "subset"),     # one target of the project (c22-105)
    ("cmake --build build -t parser lexer", "subset"),
    ("cmake --build build --target all", "all"),
    ("cmake --build build", "all"),
])
def test_a_cmake_build_of_named_targets_is_part_of_the_build(line, scope):
    _parse, runs, _masks, _project = read(line)
    assert [r.scope for r in runs] == [scope]

"""Causes found in the dev19 command set (2026-12-05), each with lines of its own beside the
set's: a runner that reports on stderr loses its failure to ``2>/dev/null``; a redirected log
the line shows again, with the status kept, hides nothing; a shell told ``-n`` runs nothing."""

import os
import shutil
import subprocess
import tempfile

import pytest

from stalegreen.engine import config, core, permissions, rewrite, shell, unwrapped


def read(line, project=None):
    project = project or tempfile.mkdtemp(prefix="sg-dev19-")
    cfg = config.load(cwd=project, home=tempfile.mkdtemp(prefix="sg-dev19-home-"))
    parse = shell.parse(line)
    runs, masks = core.read_runs(parse, cfg, project)
    return parse, runs, masks, project


# ------------------------------------------------------------------ stderr thrown away

@pytest.mark.parametrize("line", [
    "cargo build 2>/dev/null",
    "npm test -- --silent 2>/dev/null",
    "go build ./... 2>/dev/null",
    "make 2>/dev/null",
    "npx jest --ci 2>/dev/null",
    "./gradlew assembleDebug 2>/dev/null",
    "cargo clippy -- -D warnings 2>/dev/null",
    "pnpm run build 2> /dev/null",
])
def test_a_runner_reporting_on_stderr_is_masked_by_throwing_stderr_away(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].masked and "devnull:report" in masks[0].reasons
    assert masks[0].exit_preserved          # the status still reaches the agent; the why does not
    assert unwrapped.receipt_masking(masks[0]) == (True, ["devnull:report"])


@pytest.mark.parametrize("line", [
    "pytest -q 2>/dev/null",                # pytest reports on stdout
    "npx tsc --noEmit 2>/dev/null",
    "ruff check . 2>/dev/null",
    "cargo build 2>build-errors.log",       # not thrown away: kept in a file (a note, as before)
])
def test_stderr_away_from_a_stdout_reporter_is_only_a_note(line):
    _parse, runs, masks, _project = read(line)
    assert runs and not masks[0].masked and "devnull:report" not in masks[0].reasons


def test_an_echoed_status_does_not_bring_back_what_stderr_lost():
    _parse, _runs, masks, _project = read("cargo build 2>/dev/null; echo $?")
    assert unwrapped.receipt_masking(masks[0], exit_echoed=True) == (True, ["devnull:report"])


@pytest.mark.skipif(shutil.which("make") is None or shutil.which("bash") is None, reason="needs make and bash")
def test_the_rewrite_keeps_the_stderr_report_in_the_log_and_the_exit(tmp_path):
    (tmp_path / "Makefile").write_text("all:\n\t@echo compiling\n\t@echo 'main.c:3: error: expected ;' >&2\n"
                                       "\t@exit 2\n")
    line = "make 2>/dev/null"
    parse, runs, masks, _project = read(line, str(tmp_path))
    assert permissions.prove(parse, runs, str(tmp_path), str(tmp_path)).ok
    log = str(tmp_path / "logs" / "r-1.log")
    wrapped, reason = rewrite.wrap(parse, runs, ["r-1"], [log], 40, masks)
    assert reason is None and "/dev/null" not in wrapped.split("{ make", 1)[1].split("}", 1)[0]
    proc = subprocess.run(["bash", "-c", wrapped], cwd=str(tmp_path), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=60)
    shown = proc.stdout.decode()
    assert proc.returncode == 2 and "error: expected ;" in shown and "[stalegreen] exit=2 receipt=r-1" in shown
    with open(log) as fh:
        assert "error: expected ;" in fh.read()
    assert os.stat(log).st_mode & 0o077 == 0


# ------------------------------------------------------------------ a log the line shows again

@pytest.mark.parametrize("line", [
    "python -m pytest -q > /tmp/pytest.out 2>&1; rc=$?; tail -60 /tmp/pytest.out; exit $rc",
    "npm test > test.log 2>&1; status=$?; cat test.log; exit $status",
    "go test ./... > out.txt 2>&1; rc=$?; tail -n 80 out.txt; exit $rc",
    "cargo test > t.log 2>&1; code=$?; less t.log; exit $code",
    "mvn -q test > mvn.log 2>&1; rc=$?; tail -40 mvn.log; exit $rc",
])
def test_a_log_shown_again_with_the_status_kept_is_not_masked(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].read_back and not masks[0].masked


@pytest.mark.parametrize("line", [
    "pytest > out.txt 2>&1; cat out.txt",                     # the status is the cat's
    "pytest > out.txt 2>&1 && tail -20 out.txt",              # a failure skips the reader
    "pytest > out.txt 2>&1; rc=$?; cat other.txt; exit $rc",  # another file is shown
    "pytest > out.txt; rc=$?; rm out.txt; exit $rc",
])
def test_a_log_not_shown_or_a_status_lost_stays_masked(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].masked


# ------------------------------------------------------------------ a shell that only reads

@pytest.mark.parametrize("line", [
    "bash -n scripts/run_tests.sh",
    "sh -n ./gradlew test",
    "bash -n -c 'pytest -q'",
    "bash -nc 'npm test'",
    "bash -o noexec -c 'cargo test'",
    "zsh -n ci/test.zsh",
    "dash -en -c 'make test'",
])
def test_a_shell_told_not_to_execute_runs_no_check(line):
    _parse, runs, _masks, _project = read(line)
    assert runs == []


@pytest.mark.parametrize("line", [
    "bash -x scripts/run_tests.sh",
    "bash -euo pipefail -c 'pytest -q'",
    "bash +n -c 'pytest -q'",
    "sh -e ./gradlew test",
])
def test_a_shell_that_executes_still_runs_the_check(line):
    _parse, runs, _masks, _project = read(line)
    assert runs and runs[0].category == "test"


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_n_really_runs_nothing(tmp_path):
    """The ground truth for the rule above: the script's command never runs under -n."""
    script = tmp_path / "t.sh"
    script.write_text("touch ran\n")
    subprocess.run(["bash", "-n", str(script)], cwd=str(tmp_path), check=True)
    subprocess.run(["bash", "-o", "noexec", "-c", "touch ran"], cwd=str(tmp_path), check=True)
    assert not (tmp_path / "ran").exists()

"""The wrapper changes nothing the run itself could notice (issue 11, rewrite fidelity).

Executed under bash, dash and zsh with a fake `pytest` on PATH that prints 30 lines, writes to
fd 3 when it is open, and exits 3: the run keeps every inherited file descriptor, needs no awk,
``${PIPESTATUS[@]}`` keeps one entry per stage, and ``set -x`` does not show the wrapper.
"""

import os
import shutil
import subprocess

import pytest

from stalegreen.engine import catalog, rewrite, shell

SHELLS = [s for s in ("bash", "dash", "zsh") if shutil.which(s)]
FAKE = """#!/bin/sh
i=1
while [ $i -le 30 ]; do echo "fake line $i"; i=$((i+1)); done
{ echo "written to fd 3" >&3; } 2>/dev/null || echo "fd 3 is closed"
exit 3
"""


@pytest.fixture
def bin_dir(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    fake = folder / "pytest"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    return folder


def wrapped(line, tmp_path):
    parse = shell.parse(line)
    runs = [r for r in catalog.find_runs(parse) if r.not_run is None]
    log = str(tmp_path / "store" / "r-0001.log")
    text, reason = rewrite.wrap(parse, runs, ["r-0001"], [log], 40)
    assert reason is None, reason
    return text, log


def run(shell_name, command, path, cwd):
    return subprocess.run([shutil.which(shell_name), "-c", command], cwd=str(cwd), env={"PATH": path, "HOME": str(cwd)},
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("sh", SHELLS)
def test_the_run_keeps_an_inherited_fd_3(sh, bin_dir, tmp_path):
    command, _log = wrapped("pytest -q | tail -5", tmp_path)
    target = tmp_path / "fd3.txt"
    # the shell under test starts with fd 3 already open, as a host's shell may
    opener = 'exec 3>"$1"; exec "$2" -c "$3"'
    result = subprocess.run(["bash", "-c", opener, "opener", str(target), sh, command], cwd=str(tmp_path),
                            env={"PATH": "%s:%s" % (bin_dir, os.environ["PATH"]), "HOME": str(tmp_path)},
                            capture_output=True, text=True, timeout=60)
    assert target.read_text() == "written to fd 3\n", result.stdout + result.stderr
    assert "[stalegreen] exit=3 receipt=r-0001 lines=30" in result.stdout


@pytest.mark.parametrize("sh", SHELLS)
def test_no_awk_is_needed(sh, bin_dir, tmp_path):
    tools = tmp_path / "tools"
    tools.mkdir()
    for name in ("tail", "wc", "mkdir", "cat"):
        os.symlink(shutil.which(name), str(tools / name))
    assert shutil.which("awk", path=str(tools)) is None
    command, log = wrapped("pytest -q 2>&1 | tail -3", tmp_path)
    result = run(sh, command, "%s:%s" % (bin_dir, tools), tmp_path)
    assert result.returncode == 3
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("[stalegreen] exit=3 receipt=r-0001 lines=31 log=")
    assert lines[-2] == "fd 3 is closed" and lines[-3] == "fake line 30"
    with open(log) as fh:
        assert len(fh.read().splitlines()) == 31
    with open(log + ".exit") as fh:
        assert fh.read() == "3\n"


def test_pipestatus_keeps_one_entry_per_stage(bin_dir, tmp_path):
    command, _log = wrapped("pytest -q | grep -v skipped | tail -5", tmp_path)
    result = run("bash", command + '; echo "ps=${PIPESTATUS[*]}"', "%s:%s" % (bin_dir, os.environ["PATH"]), tmp_path)
    assert result.stdout.splitlines()[-1] == "ps=3 3 3"
    result = run("bash", command + '; echo "first=${PIPESTATUS[0]} rc=$?"',
                 "%s:%s" % (bin_dir, os.environ["PATH"]), tmp_path)
    assert result.stdout.splitlines()[-1] == "first=3 rc=3"


@pytest.mark.parametrize("sh", SHELLS)
def test_set_x_traces_the_run_not_the_wrapper(sh, bin_dir, tmp_path):
    command, log = wrapped("pytest -q | tail -5", tmp_path)
    result = run(sh, "set -x; " + command, "%s:%s" % (bin_dir, os.environ["PATH"]), tmp_path)
    assert "__sg_" not in result.stderr and "__sg_" not in result.stdout.replace("log=", ""), result.stderr
    assert "[stalegreen] exit=3" in result.stdout
    with open(log) as fh:
        assert "pytest -q" in fh.read(), "the run itself is still traced, into its log"


@pytest.mark.parametrize("sh", SHELLS)
def test_an_unwritable_store_still_runs_the_line_unfiltered(sh, bin_dir, tmp_path):
    blocker = tmp_path / "store"
    blocker.write_text("not a folder")
    command, _log = wrapped("pytest -q | tail -5", tmp_path)
    result = run(sh, command + '; echo "after $?"', "%s:%s" % (bin_dir, os.environ["PATH"]), tmp_path)
    lines = result.stdout.splitlines()
    assert lines[0] == "fake line 1" and lines[-1] == "after 3"
    assert "[stalegreen]" not in result.stdout and "__sg_" not in result.stderr

"""Red-team lines for the errexit and heredoc reading (engine/shell_options.py, masking.py).

Each LOST line was read as keeping a failing runner's status, yet bash (with a ``pytest`` that
prints ``1 failed`` and exits 3 first on PATH) ends it with another status: a false pass. Each
line must read as masked (or find no run at all, where the runner never runs). Each KEPT line
shows where the fix stops: bash ends it with the runner's status and it stays unmasked.
"""

import os
import shutil
import subprocess

import pytest

from stalegreen.engine import config, core, shell
from tests.engine.test_shell_options import TOP_LEVEL

BASH = shutil.which("bash")
ZSH = shutil.which("zsh")


def kept(line, tmp_path):
    """The runners in ``line`` read as keeping their exit status (not masked)."""
    cfg = config.load(cwd=str(tmp_path), home=str(tmp_path / "home"))
    runs, masks = core.read_runs(shell.parse(line), cfg, str(tmp_path))
    return [run.runner for run, mask in zip(runs, masks) if not mask.masked]


def bash_status(line, tmp_path, fails_after_first=False, host=False):
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    runner = folder / "pytest"
    first = "[ -e %s ] || { touch %s; echo passed; exit 0; }\n" % ((tmp_path / "ran",) * 2) if fails_after_first else ""
    runner.write_text("#!/bin/sh\n%secho '1 failed'\nexit 3\n" % first)
    runner.chmod(0o755)
    env = dict(os.environ, PATH="%s%s%s" % (folder, os.pathsep, os.environ.get("PATH", "")))
    if host:        # as Claude Code runs a command (tests/engine/test_rewrite.py)
        line = "eval %s < /dev/null && pwd -P >| %s" % (shell.quote(line), shell.quote(str(tmp_path / "cwd")))
    done = subprocess.run([BASH, "-c", line], cwd=str(tmp_path), env=env, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=30)
    return done.returncode


# the line's own set -e: the host runs the line as `eval '<line>' < /dev/null && pwd -P >| f`, and
# bash ignores errexit in all of a command left of `&&`, subshells included
HOST_LOST = TOP_LEVEL + ["(set -e; pytest; echo done)", "set -e; (pytest); echo done"]


@pytest.mark.parametrize("line", HOST_LOST)
def test_the_lines_own_errexit_is_not_counted(line, tmp_path):
    assert kept(line, tmp_path) == []


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", HOST_LOST)
def test_the_hosts_eval_ignores_the_lines_errexit(line, tmp_path):
    assert bash_status(line, tmp_path, host=True) == 0


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_the_hosts_eval_keeps_a_child_shells_errexit(tmp_path):
    assert bash_status("bash -ec 'pytest; echo done'", tmp_path, host=True) == 3
    assert bash_status("bash <<'EOF'\nset -e\npytest\necho done\nEOF", tmp_path, host=True) == 3


# errexit turned off, or never on, in a child shell's script (each line also read as that script)
ERREXIT_LOST = [
    "trap 'exit 0' EXIT; set -e; pytest; echo done",
    "set -e; trap 'exit 0' ERR; pytest; echo done",
    "set -e; eval 'set +e'; pytest; echo done",
    "set -e; builtin set +e; pytest; echo done",
    "set -e; command set +e; pytest; echo done",
    "set -e; shopt -uo errexit; pytest; echo done",
    "set -e; X=+e; set $X; pytest; echo done",
    "set -e; S=set; $S +e; pytest; echo done",
    "set -e; source /dev/stdin <<<'set +e'; pytest; echo done",
    "f() { set +e; }; set -e; f; pytest; echo done",
    "f() { set +e; }; set -e; f || true; pytest; echo done",
    "set x -e; pytest; echo done",                       # after the first operand: positional
    "set -e >/nonexistent/dir/x; pytest; echo done",     # the redirect fails, set never runs
    "set() { :; }; set -e; pytest; echo done",
]
CHILD_LOST = ["bash <<'EOF'\n%s\nEOF" % line for line in ERREXIT_LOST]


@pytest.mark.parametrize("line", CHILD_LOST)
def test_a_child_shells_errexit_turned_off_is_read_as_masked(line, tmp_path):
    assert kept(line, tmp_path) == []


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", CHILD_LOST)
def test_the_child_shell_loses_the_runners_status(line, tmp_path):
    assert bash_status(line, tmp_path) != 3


LOST = ERREXIT_LOST + [
    # traps that replace the status (errexit's own exit runs the EXIT trap; ERR runs first)
    "trap 'exit 0' EXIT; pytest",
    "trap 'exit 0' ERR; pytest",
    "T='exit 0'; trap \"$T\" EXIT; pytest",
    "trap 'exec true' EXIT; pytest",
    # a child shell that runs an exported function, or sources a file first
    "pytest() { command pytest || true; }; export -f pytest; bash -ec 'pytest'",
    "printf 'trap \"exit 0\" EXIT\\n' > env.sh; BASH_ENV=./env.sh bash -ec 'pytest'",
    "printf 'trap \"exit 0\" EXIT\\n' > env.sh; export BASH_ENV=./env.sh; bash -ec 'pytest'",
    "bash -s x -e <<'EOF'\npytest\necho done\nEOF",      # -e is $2
    "bash -c 'pytest; echo done' bash -e",               # $0 and $1, not a shell and its flag
    # a heredoc that is not the shell's script
    "bash -e 3<<'EOF'\npytest\nEOF",
    "bash -e <<'EOF' </dev/null\npytest\nEOF",
    "bash <<'A' <<'B'\nset -e; pytest\nA\npytest; echo done\nB",
    "bash - -e <<'EOF'\npytest\necho done\nEOF",          # `-` ends the options: -e is a script file
    "echo x | xargs bash -e <<'EOF'\npytest\nEOF",         # xargs reads the heredoc, bash gets none
    # a shell inside the script: its own status is read one level down
    "bash <<'OUT'\nset -e\nbash -c 'pytest; echo done'\nOUT",
    "bash <<'OUT'\nset -e\nbash <<'IN'\npytest\necho done\nIN\nOUT",
    "bash -c \"bash -c 'pytest; echo done'\"",
    # a script the reading cannot read, or that the outer shell rewrites before the inner reads it
    "bash <<'EOF'\npytest\necho done\necho $((\nEOF",
    "bash -c 'pytest; echo done; echo $(('",
    "bash -e <<EOF\npytest `echo '|| true'`\nEOF",
    "bash -ec \"pytest $(echo '|| true')\"",
    "eval \"pytest || true\"",
    # a function or an alias named like the runner runs instead of it
    "pytest() { command pytest || true; }; pytest",
    "bash <<'EOF'\nshopt -s expand_aliases\nalias pytest='command pytest || true'\nset -e\npytest\necho done\nEOF",
    # pipefail turned on only where it might not run, or turned off where the reading did not look
    "true || set -o pipefail; pytest | tail -3",
    "if false; then set -o pipefail; fi; pytest | tail -3",
    "f() { set -o pipefail; }; pytest | tail -3",
    "set -o pipefail; eval 'set +o pipefail'; pytest | tail -3",
]

# the container's shell gets no stdin without -i (no docker daemon here to show it)
NO_STDIN = ["docker exec app bash -e <<'EOF'\npytest\nEOF", "podman run --rm img sh -e <<'EOF'\npytest\nEOF"]


@pytest.mark.parametrize("line", NO_STDIN)
def test_a_container_shell_without_stdin_runs_no_heredoc(line, tmp_path):
    assert kept(line, tmp_path) == []


def test_a_container_shell_with_stdin_reads_the_heredoc(tmp_path):
    assert kept("docker exec -i app bash -e <<'EOF'\npytest\necho done\nEOF", tmp_path) == ["pytest"]


ZSH_LOST = [
    "zsh -c 'set -e; setopt noerrexit; pytest; echo done'",
    "zsh -c 'setopt errexit; setopt no_err_exit; pytest; echo done'",
    "zsh -c 'set -o pipefail; setopt nopipefail; pytest | tail -3'",
    "zsh -c 'TRAPEXIT() { exit 0; }; set -e; pytest; echo done'",     # zsh's trap functions
    "zsh -c 'TRAPZERR() { exit 0; }; pytest'",
]

KEPT = ["bash <<'EOF'\n%s\nEOF" % line for line in (
    "trap 'rm -f x.tmp' EXIT; set -e; pytest; echo done",
    "trap 'echo failed' ERR; set -e; pytest; echo done",
    "f() { echo hi; }; set -e; f; pytest; echo done",
    "set -e; eval 'echo hi'; pytest; echo done",
    "set -e; command -v pytest; pytest; echo done",
    "set -e -- x; pytest; echo done",
    "set -e && pytest; echo done",
)] + [
    "trap 'rc=$?; rm -f x.tmp; exit $rc' EXIT; pytest",
    "bash -s -e <<'EOF'\npytest\necho done\nEOF",
    "bash -e <<'EOF' 3</dev/null\npytest\necho done\nEOF",
    "bash <<'OUT'\nset -e\nbash -ec 'pytest; echo done'\necho after\nOUT",
    "{ set -o pipefail; }; pytest | tail -3",
    "(set -o pipefail; pytest | tail -3)",
    "bash -e <<EOF\npytest\necho \\$?\nEOF",
]


@pytest.mark.parametrize("line", LOST)
def test_a_line_that_loses_the_status_is_read_as_masked(line, tmp_path):
    assert kept(line, tmp_path) == []


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", LOST)
def test_bash_loses_the_runners_status(line, tmp_path):
    assert bash_status(line, tmp_path) != 3


@pytest.mark.parametrize("line", ZSH_LOST)
def test_zsh_noerrexit_and_nopipefail_turn_the_option_off(line, tmp_path):
    assert kept(line, tmp_path) == []


@pytest.mark.skipif(BASH is None or ZSH is None, reason="bash or zsh is not installed")
@pytest.mark.parametrize("line", ZSH_LOST)
def test_zsh_loses_the_runners_status(line, tmp_path):
    assert bash_status(line, tmp_path) != 3


@pytest.mark.parametrize("line", KEPT)
def test_what_keeps_the_status_stays_unmasked(line, tmp_path):
    assert kept(line, tmp_path) == ["pytest"]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", KEPT)
def test_bash_keeps_the_runners_status(line, tmp_path):
    assert bash_status(line, tmp_path) == 3


# a loop runs its body again, and eval runs its script in this shell, in a context the script
# does not show: the runner passes its first time and fails after
LOST_LATER = [
    "set -e; for i in 1 2; do pytest; set +e; done; echo done",
    "set -e; for i in 1 2; do pytest; trap 'exit 0' ERR; done; echo done",
    "set -e; for i in 1 2; do pytest; trap 'exit 0' EXIT; done; echo done",
    "f() { set +e; }; set -e; for i in 1 2; do pytest; f; done; echo done",
    "set -e; i=0; until [ $i = 2 ]; do i=$((i+1)); pytest; set +e; done; echo done",
    "eval 'set -e; pytest; echo done' && echo ok",    # errexit is ignored left of &&
]
LOST_LATER += ["bash <<'EOF'\n%s\nEOF" % line for line in LOST_LATER[:5]]


@pytest.mark.parametrize("line", LOST_LATER)
def test_a_status_lost_in_a_later_round_is_read_as_masked(line, tmp_path):
    assert kept(line, tmp_path) == []


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", LOST_LATER)
def test_bash_loses_the_later_rounds_status(line, tmp_path):
    assert bash_status(line, tmp_path, fails_after_first=True) == 0


# two runs the reading cannot tell apart inside one script: each is read as the one that loses
# more, so the second (which loses its status when the first passes) is masked
TWINS = [
    "bash -ec 'pytest tests; pytest || true'",
    "bash -ec 'pytest -q; pytest -q || true'",
    "bash -ec 'pytest; bash -c \"pytest || true\"'",
]


@pytest.mark.parametrize("line", TWINS)
def test_the_second_of_runs_that_look_alike_is_read_as_masked(line, tmp_path):
    cfg = config.load(cwd=str(tmp_path), home=str(tmp_path / "home"))
    runs, masks = core.read_runs(shell.parse(line), cfg, str(tmp_path))
    assert len(runs) == 2 and masks[1].masked


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", TWINS)
def test_bash_loses_the_second_runs_status(line, tmp_path):
    assert bash_status(line, tmp_path, fails_after_first=True) == 0


# a command before the run that reads the shell's stdin eats the rest of a heredoc script
STDIN_EATEN = "bash -e <<'EOF'\nread x\npytest\necho done\nEOF"


@pytest.mark.xfail(strict=True, reason="a heredoc script's command that reads stdin (read, ssh, docker -i) "
                   "swallows the lines after it; which commands read stdin is not known")
def test_a_command_that_reads_the_script_hides_the_run(tmp_path):
    assert kept(STDIN_EATEN, tmp_path) == []


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_never_runs_a_line_read_away(tmp_path):
    assert bash_status(STDIN_EATEN, tmp_path) == 0

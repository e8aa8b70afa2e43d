"""errexit and pipefail as the masking analysis reads them, checked against a real bash.

A run whose failure ends the line with its own status is not masked by what follows it: under
``set -e`` in a child shell (``bash -e``, a ``set -e`` in a ``bash -c`` or heredoc script; the
host's own shell runs the line inside ``eval '...' && ...``, which ignores errexit), when the run ends its ``&&``/``||`` list at every level up to the
line's own and is no condition, no negation and no function body. Heredoc scripts
(``bash <<'EOF'``) are read like ``bash -c`` scripts. Each line below is also run by bash with a
failing runner in its place: a line read as keeping the exit must end with that runner's status.
"""

import os
import shutil
import subprocess

import pytest

from stalegreen.engine import config, core, shell, shell_options

BASH = shutil.which("bash")


def readings(line, tmp_path):
    """[(runner, masked)] for each run the catalog finds in ``line``."""
    cfg = config.load(cwd=str(tmp_path), home=str(tmp_path / "home"))
    runs, masks = core.read_runs(shell.parse(line), cfg, str(tmp_path))
    return [(run.runner, mask.masked) for run, mask in zip(runs, masks)]


# a set -e of the line itself: the host runs the line as `eval '<line>' && pwd -P >| f` (Claude
# Code), where errexit is ignored, so these are read in a child shell (test_redteam11.HOST_LOST)
TOP_LEVEL = [
    "set -e; pytest; echo done",
    "set -e\npytest\necho done",
    "set -euo pipefail; pytest | tail -3; echo done",
    "set -e; true && pytest; echo done",
    "set -e; false || pytest; echo done",
    "set -e; (cd . && pytest); echo done",
    "set -e; { pytest; }; echo done",
    "set -e; if true; then pytest; fi; echo done",
    "set -e; for i in a b; do pytest; done; echo done",
    "set -o errexit; pytest; echo done",
]

KEPT = ["bash <<'EOF'\n%s\nEOF" % line for line in TOP_LEVEL] + [
    "bash -e -c 'pytest; echo done'",
    "bash -euo pipefail -c 'pytest 2>&1 | tail -5; echo done'",
    "bash <<'EOF'\nset -e\nfor pkg in a b; do\n  (cd . && pytest)\ndone\necho done\nEOF",
    "bash -e <<'EOF'\npytest\necho done\nEOF",
    "bash <<'EOF'\nset -euo pipefail\npytest -q 2>&1 | tail -n 30\nEOF",
]

LOST = TOP_LEVEL + [
    "pytest; echo done",
    "set -e; pytest && true; echo done",          # not the last of its list: errexit spares it
    "set -e; pytest | tail -3; echo done",         # no pipefail: the pipeline's status is tail's
    "set -e; ! pytest; echo done",
    "set -e; if pytest; then :; fi; echo done",
    "set -e; while pytest; do break; done; echo done",
    "set -e; f() { pytest; }; f; echo done",       # a function's body: where it is called is not read
    "set -e; set +e; pytest; echo done",
    "if true; then set -e; fi; pytest; echo done",  # a set -e that might not run does not count
    "(set -e); pytest; echo done",
    "set -e; pytest || echo failed; echo done",
    "bash <<'EOF'\npytest\necho done\nEOF",
    "bash <<'EOF'\npytest | tail -3\nEOF",
    "docker compose exec -e CI=1 app bash -c 'pytest; echo done'",   # docker's -e, not the shell's
]


# masked though bash keeps the status here: a reading that cannot prove it stays masked (a
# needless mask costs a wrapped rerun, a missed one a false pass)
CAUTIOUS = tuple(TOP_LEVEL) + (
    "set -e; f() { pytest; }; f; echo done", "if true; then set -e; fi; pytest; echo done",
    "docker compose exec -e CI=1 app bash -c 'pytest; echo done'")


@pytest.mark.parametrize("line", KEPT)
def test_errexit_keeps_the_status_of_a_run_that_ends_its_list(line, tmp_path):
    assert readings(line, tmp_path) == [("pytest", False)]


@pytest.mark.parametrize("line", LOST)
def test_what_errexit_does_not_cover_stays_masked(line, tmp_path):
    assert readings(line, tmp_path) == [("pytest", True)]


def _bash_status(line, tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    runner = folder / "pytest"
    runner.write_text("#!/bin/sh\necho '1 failed'\nexit 3\n")
    runner.chmod(0o755)
    env = dict(os.environ, PATH="%s%s%s" % (folder, os.pathsep, os.environ.get("PATH", "")))
    done = subprocess.run([BASH, "-c", line], cwd=str(tmp_path), env=env, capture_output=True, timeout=30)
    return done.returncode


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", KEPT)
def test_bash_ends_each_kept_line_with_the_runners_status(line, tmp_path):
    assert _bash_status(line, tmp_path) == 3


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("line", [x for x in LOST if x not in CAUTIOUS])
def test_bash_loses_the_runners_status_in_each_masked_line(line, tmp_path):
    assert _bash_status(line, tmp_path) != 3



@pytest.mark.parametrize("args, name, letter, on", [
    (["-euo", "pipefail"], "pipefail", None, True),
    (["-euo", "pipefail"], "errexit", "e", True),
    (["-o", "errexit"], "errexit", "e", True),
    (["+e"], "errexit", "e", False),
    (["-x"], "errexit", "e", False),
    (["--", "-e"], "errexit", "e", False),            # after --: positional parameters
    (["--norc", "-c"], "errexit", "e", False),
    (["-ec"], "errexit", "e", True),
    (["-o", "ERR_EXIT"], "errexit", "e", True),
])
def test_set_option_reads_clusters_and_long_names(args, name, letter, on):
    assert shell_options.set_option(args, name, letter, False) is on


def test_only_an_unconditional_top_level_set_turns_errexit_on():
    parse = shell.parse("true && set -e; a; set -e | cat; b; set -e & c; { set -e; }; d; set -e; e")
    states = dict((seg.text, on) for seg, on in zip(parse.segments, shell_options.errexit_states(parse)))
    assert [states[x] for x in ("a", "b", "c", "d", "e")] == [False, False, False, False, True]

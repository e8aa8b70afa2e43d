"""`.ci/run` must run the newcomer routes: it ends in the README's `./run-tests` with no
arguments, and pytest's default collection from the repository root includes tests/newcomer."""

import os
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_ci_ends_in_run_tests_with_no_arguments():
    with open(os.path.join(ROOT, ".ci", "run")) as fh:
        commands = [line.strip() for line in fh if line.strip() and not line.lstrip().startswith("#")]
    assert shlex.split(commands[-1]) == ["exec", "./run-tests"], commands[-1]
    with open(os.path.join(ROOT, "run-tests")) as fh:
        runner = fh.read()
    assert '-m pytest "$@"' in runner      # no selection of its own: what pytest collects by default


@pytest.mark.slow
def test_default_collection_includes_every_newcomer_route():
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                               cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert collected.returncode == 0, collected.stdout[-2000:] + collected.stderr[-2000:]
    found = {line.split("::")[1].split("[")[0] for line in collected.stdout.splitlines()
             if line.startswith("tests/newcomer/test_routes.py::")}
    with open(os.path.join(ROOT, "tests", "newcomer", "test_routes.py")) as fh:
        defined = {line.split("(")[0][4:] for line in fh if line.startswith("def test_")}
    assert defined and found == defined, sorted(defined - found)

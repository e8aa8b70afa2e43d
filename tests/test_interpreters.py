"""The engine, the hook path and transcript replay run on every CPython 3.8-3.13 that pyenv has here.

Each other interpreter runs the engine, host and replay test suites (standard library only, plus
pytest and hypothesis, which .ci/setup.d/10-python.sh installs for it).
"""

import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYENV = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")


def interpreters():
    found = {}
    for path in sorted(glob.glob(os.path.join(PYENV, "versions", "3.*", "bin", "python3"))):
        version = os.path.basename(os.path.dirname(os.path.dirname(path)))
        parts = version.split(".")
        if len(parts) == 3 and parts[0] == "3" and parts[1].isdigit() and 8 <= int(parts[1]) <= 13:
            found.setdefault("3." + parts[1], path)
    current = "%d.%d" % sys.version_info[:2]
    return [(minor, path) for minor, path in sorted(found.items()) if minor != current]


def has_pytest(python):
    return subprocess.run([python, "-c", "import pytest, hypothesis"], capture_output=True).returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize("minor,python", interpreters() or [pytest.param(None, None, marks=pytest.mark.skip(
    reason="no other CPython 3.8-3.13 under pyenv"))])
def test_engine_suite_runs_on(minor, python, tmp_path):
    if not has_pytest(python):
        if os.environ.get("CI"):
            pytest.fail("pytest/hypothesis missing for %s (.ci/setup.d/10-python.sh installs them)" % python)
        pytest.skip("pytest/hypothesis not installed for %s" % python)
    env = dict(os.environ, PYTHONPATH=ROOT, STALEGREEN_HOME=str(tmp_path / "home"),
               HYPOTHESIS_PROFILE="ci")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    targets = [os.path.join(ROOT, "tests", d) for d in ("engine", "hosts", "replay")]
    proc = subprocess.run(
        [python, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow and not e2e",
         "--rootdir", ROOT] + targets,
        cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=900)
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-25:])
    assert proc.returncode == 0, "Python %s:\n%s" % (minor, tail)

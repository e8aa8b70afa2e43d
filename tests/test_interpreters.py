"""The engine, the hook path and transcript replay work alike on every CPython 3.8-3.13 pyenv has.

Each other interpreter, in three steps, each bounded:
1. compiles every module of the package (a syntax newer than 3.8 fails here, on every file);
2. gives the same verdicts, line for line, as the interpreter running the suite on every
   labelled claims message and command line in the repository (``tests/verdict_digest.py``):
   a regular-expression or Unicode difference between releases shows as the first line apart;
3. passes the test files that reach each engine module and every host's hook path once
   (``CODE_PATH_FILES``) under pytest. The large scenario and corpus files are left to the
   suite's own interpreter: step 2 already puts their inputs through the other interpreters,
   and running them five times over once took CI past its time.
The interpreters run two at a time (CI has two cores; the suite itself uses one).
"""

import concurrent.futures
import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYENV = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
DIGEST = os.path.join(ROOT, "tests", "verdict_digest.py")

# One or two files per area: the engine's units, the hook of each host end to end, the fail-open
# path, replay. Chosen for reach, not size: each runs in seconds.
CODE_PATH_FILES = [
    "tests/engine/test_shell.py",
    "tests/engine/test_catalog.py",
    "tests/engine/test_masking.py",
    "tests/engine/test_rewrite.py",
    "tests/engine/test_permissions.py",
    "tests/engine/test_outputs.py",
    "tests/engine/test_receipts.py",
    "tests/engine/test_claims.py",
    "tests/engine/test_gate.py",
    "tests/engine/test_fingerprint.py",
    "tests/engine/test_edits.py",
    "tests/engine/test_store.py",
    "tests/engine/test_store_hardening.py",
    "tests/engine/test_config_trust.py",
    "tests/engine/test_redaction.py",
    "tests/engine/test_determinism.py",
    "tests/hosts/test_claude_hooks.py",
    "tests/hosts/test_codex_hooks.py",
    "tests/hosts/test_dsh.py",
    "tests/hosts/test_fail_open.py",
    "tests/replay",
]
STEP_TIMEOUT = 600


def interpreters():
    found = {}
    for path in sorted(glob.glob(os.path.join(PYENV, "versions", "3.*", "bin", "python3"))):
        version = os.path.basename(os.path.dirname(os.path.dirname(path)))
        parts = version.split(".")
        if len(parts) == 3 and parts[0] == "3" and parts[1].isdigit() and 8 <= int(parts[1]) <= 13:
            found.setdefault("3." + parts[1], path)
    current = "%d.%d" % sys.version_info[:2]
    return [(minor, path) for minor, path in sorted(found.items()) if minor != current]


INTERPRETERS = interpreters()


def _run(argv, env, cwd):
    try:
        proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s: %s" % (STEP_TIMEOUT, " ".join(argv[:4]))
    return proc.returncode, proc.stdout, proc.stderr


def _environment(home):
    env = dict(os.environ, PYTHONPATH=ROOT, STALEGREEN_HOME=home, HYPOTHESIS_PROFILE="ci")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


def _compile_all(python, env, cwd):
    script = ("import glob, os, sys\n"
              "bad = []\n"
              "for f in sorted(glob.glob(os.path.join(sys.argv[1], 'stalegreen', '**', '*.py'), recursive=True)):\n"
              "    try:\n"
              "        compile(open(f, 'rb').read(), f, 'exec')\n"
              "    except SyntaxError as e:\n"
              "        bad.append('%s:%s: %s' % (f, e.lineno, e.msg))\n"
              "print('\\n'.join(bad))\n"
              "sys.exit(1 if bad else 0)\n")
    return _run([python, "-I", "-c", script, ROOT], env, cwd)


def _interpreter_result(python, digest, work):
    """(step that failed or None, its output) for one interpreter, run in the folder ``work``."""
    if subprocess.run([python, "-c", "import pytest, hypothesis"], capture_output=True).returncode:
        return "missing", "pytest/hypothesis not installed for %s" % python
    env = _environment(os.path.join(work, "home"))
    rc, out, err = _compile_all(python, env, work)
    if rc:
        return "compile", out + err
    rc, out, err = _run([python, DIGEST, ROOT], env, work)
    if rc or out != digest:
        ours, theirs = digest.splitlines(), out.splitlines()
        apart = next((i for i, pair in enumerate(zip(ours, theirs)) if pair[0] != pair[1]), min(len(ours), len(theirs)))
        return "verdicts", "first line apart (%d of %d/%d):\n  here:  %s\n  there: %s\n%s" % (
            apart, len(ours), len(theirs), ours[apart] if apart < len(ours) else "(end)",
            theirs[apart] if apart < len(theirs) else "(end)", err[-2000:])
    targets = [os.path.join(ROOT, *f.split("/")) for f in CODE_PATH_FILES]
    rc, out, err = _run([python, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow and not e2e",
                         "--rootdir", ROOT] + targets, env, work)
    if rc:
        return "tests", "\n".join((out + err).splitlines()[-25:])
    return None, ""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every interpreter's result, computed two at a time, keyed by minor version."""
    here = str(tmp_path_factory.mktemp("interp-here"))
    proc = subprocess.run([sys.executable, DIGEST, ROOT], cwd=here, env=_environment(os.path.join(here, "home")),
                          capture_output=True, text=True, timeout=STEP_TIMEOUT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.count("\n") > 1000, "the digest read too few labelled lines"
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = {minor: pool.submit(_interpreter_result, python, proc.stdout,
                                      str(tmp_path_factory.mktemp("interp-" + minor)))
                   for minor, python in INTERPRETERS}
        return {minor: future.result() for minor, future in futures.items()}


@pytest.mark.slow
@pytest.mark.parametrize("minor", [m for m, _p in INTERPRETERS] or [pytest.param(None, marks=pytest.mark.skip(
    reason="no other CPython 3.8-3.13 under pyenv"))])
def test_engine_works_alike_on(minor, results):
    failed, output = results[minor]
    if failed == "missing":
        if os.environ.get("CI"):
            pytest.fail(output + " (.ci/setup.d/10-python.sh installs them)")
        pytest.skip(output)
    assert failed is None, "Python %s, step %s:\n%s" % (minor, failed, output)

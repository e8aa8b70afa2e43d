"""Shared fixtures: the reference pack in ../shared (optional), real git repos, a private store."""

import os
import subprocess

import pytest

try:        # in CI the property tests replay the same examples every run (a new random find is
    # explored locally and by benchmarks/bench_fuzz.py, and added as an explicit case)
    from hypothesis import settings as _hypothesis_settings

    _hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
    if os.environ.get("CI"):
        _hypothesis_settings.load_profile("ci")
except ImportError:
    pass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("STALEGREEN_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
SHARED_DATA = os.path.join(SHARED, "data")


def shared_path(*parts):
    """Path under ../shared/data, or skip the test cleanly when the pack is absent."""
    path = os.path.join(SHARED_DATA, *parts)
    if not os.path.exists(path):
        pytest.skip("reference data not present: %s" % path)
    return path


def git(cwd, *args):
    return subprocess.run(
        ["git", "-c", "gc.auto=0", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=cwd, check=True, capture_output=True, text=True,
    ).stdout


@pytest.fixture
def git_repo(tmp_path):
    """A real git repository with one committed source file."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "app.py").write_text("def f():\n    return 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "init")
    return repo


@pytest.fixture
def sg_home(tmp_path, monkeypatch):
    """A private STALEGREEN_HOME for the test."""
    home = tmp_path / "sg-home"
    monkeypatch.setenv("STALEGREEN_HOME", str(home))
    return home

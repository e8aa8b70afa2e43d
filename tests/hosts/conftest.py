"""Fixtures for the host scenario tests: a real project (git repo + pytest suite)."""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def git(cwd, *args):
    subprocess.run(["git", "-c", "gc.auto=0", "-c", "user.name=t", "-c", "user.email=t@t"] + list(args),
                   cwd=str(cwd), check=True, capture_output=True)

PY = sys.executable

CALC = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
TESTS = ("from calc import add, sub\n\n\n"
         "def test_add():\n    assert add(2, 2) == 4\n\n\n"
         "def test_sub():\n    assert sub(5, 3) == 2\n\n\n"
         "def test_zero():\n    assert add(0, 0) == 0\n")


@pytest.fixture(autouse=True)
def claude_user_settings(tmp_path, monkeypatch):
    """The user's Claude settings: Bash allowed, so stalegreen may approve its rewrites (with no
    rule it leaves every line to Claude, unrewritten). Permission tests write their own."""
    config_dir = tmp_path / "claude-user"
    config_dir.mkdir()
    (config_dir / "settings.json").write_text('{"permissions": {"allow": ["Bash"]}}')
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config_dir))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    return config_dir


@pytest.fixture
def project(tmp_path, sg_home):
    """A git repo holding calc.py and three passing pytest tests."""
    repo = tmp_path / "project"
    repo.mkdir()
    (repo / "calc.py").write_text(CALC)
    (repo / "test_calc.py").write_text(TESTS)
    (repo / ".gitignore").write_text("__pycache__/\n.pytest_cache/\n")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "init")
    return repo


@pytest.fixture
def suite_cmd():
    return '"%s" -m pytest -q -p no:cacheprovider' % PY

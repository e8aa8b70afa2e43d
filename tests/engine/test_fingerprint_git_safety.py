"""git runs in the agent's repository: its config and its PATH must not start programs."""

import os
import stat
import subprocess

from stalegreen.engine import fingerprint, gitrun
from tests.conftest import git


def _script(path, body):
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _same_size_edit(repo):
    """A change git can only see by hashing the file again (same size), so status reads it
    through the repository's clean filter."""
    (repo / "app.py").write_text("def f():\n    return 2\n")


def test_repository_config_starts_no_program(git_repo, tmp_path):
    canary = tmp_path / "canary"
    monitor = _script(tmp_path / "monitor.sh", "echo fsmonitor >> '%s'\n" % canary)
    git(git_repo, "config", "core.fsmonitor", str(monitor))
    git(git_repo, "config", "filter.evil.clean", "sh -c 'echo clean >> %s; cat'" % canary)
    git(git_repo, "config", "filter.evil.process", "sh -c 'echo process >> %s'" % canary)
    extra = tmp_path / "extra.config"
    extra.write_text('[filter "sneaky"]\n\tclean = sh -c \'echo sneaky >> %s; cat\'\n' % canary)
    git(git_repo, "config", "include.path", str(extra))
    (git_repo / ".gitattributes").write_text("*.py filter=evil\n*.ini filter=sneaky\n")
    (git_repo / "settings.ini").write_text("one\n")
    subprocess.run(["git", "-c", "filter.evil.clean=cat", "-c", "filter.evil.process=", "-c",
                    "filter.sneaky.clean=cat", "-c", "core.fsmonitor=false", "add", "-A"],
                   cwd=str(git_repo), check=True, capture_output=True)
    _same_size_edit(git_repo)
    (git_repo / "settings.ini").write_text("two\n")

    result = fingerprint.compute(str(git_repo), budget_ms=5000)

    assert result["available"], result
    assert not canary.exists(), canary.read_text()
    assert result["changed"] == 2        # both edits are seen, hashed as they are on disk


def test_fingerprint_is_unchanged_by_the_safety_options(git_repo):
    """Same tree, same answer: a clean repository still fingerprints as before the edit."""
    first = fingerprint.compute(str(git_repo), budget_ms=5000)
    _same_size_edit(git_repo)
    second = fingerprint.compute(str(git_repo), budget_ms=5000)
    (git_repo / "app.py").write_text("def f():\n    return 1\n")
    third = fingerprint.compute(str(git_repo), budget_ms=5000)
    assert fingerprint.compare(first, second) == "different"
    assert fingerprint.compare(first, third) == "same"


def test_a_git_in_a_relative_path_entry_never_runs(git_repo, tmp_path, monkeypatch):
    canary = tmp_path / "canary"
    _script(git_repo / "git", "echo ran >> '%s'\nexit 1\n" % canary)
    monkeypatch.chdir(git_repo)
    monkeypatch.setenv("PATH", "." + os.pathsep + os.environ["PATH"])
    result = fingerprint.compute(str(git_repo), budget_ms=5000)
    assert not canary.exists()
    assert result["available"], result
    assert os.path.isabs(gitrun.git_executable())

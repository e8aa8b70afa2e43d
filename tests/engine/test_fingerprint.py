"""The working-tree fingerprint on real git repositories."""

import os
import stat
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalegreen.engine import fingerprint, gitrun, globs
from stalegreen.engine.config import DEFAULT_FINGERPRINT_IGNORE
from tests.conftest import git

BUDGET = 5000    # generous: these tests check what is hashed, not how fast (see benchmarks/)


def fp(path, ignore=None, budget_ms=BUDGET):
    result = fingerprint.compute(str(path), ignore, budget_ms)
    assert result["available"], result
    return result


@pytest.fixture
def repo(git_repo):
    """app.py and README.md committed, plus an untracked helper.py."""
    (git_repo / "README.md").write_text("# demo\n")
    (git_repo / "src").mkdir()
    (git_repo / "src" / "lib.py").write_text("X = 1\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "more")
    (git_repo / "helper.py").write_text("def h():\n    pass\n")
    return git_repo


def test_result_shape(repo):
    result = fp(repo)
    assert result["root"] == str(repo)
    assert len(result["head"]) == 12 and result["head"] == git(repo, "rev-parse", "HEAD")[:12]
    assert len(result["tree"]) == 64 and result["reason"] is None
    assert result["ms"] >= 0 and result["changed"] == 1           # only helper.py re-hashed


def test_stable_across_git_add_and_commit(repo):
    (repo / "app.py").write_text("def f():\n    return 2\n")
    before = fp(repo)
    git(repo, "add", "app.py")
    after_add = fp(repo)
    git(repo, "add", "helper.py")
    after_add_untracked = fp(repo)
    git(repo, "commit", "-q", "-m", "edit")
    after_commit = fp(repo)
    assert before["tree"] == after_add["tree"] == after_add_untracked["tree"] == after_commit["tree"]
    assert before["head"] != after_commit["head"]
    assert fingerprint.compare(before, after_commit) == "same"


def test_same_from_a_subdirectory(repo):
    assert fp(repo / "src")["tree"] == fp(repo)["tree"]
    assert fp(repo / "src")["root"] == str(repo)


def test_edit_to_a_tracked_code_file_changes_it(repo):
    before = fp(repo)
    (repo / "src" / "lib.py").write_text("X = 2\n")
    after = fp(repo)
    assert fingerprint.compare(before, after) == "different"
    (repo / "src" / "lib.py").write_text("X = 1\n")                 # reverting restores it
    assert fp(repo)["tree"] == before["tree"]


def test_edit_to_an_untracked_code_file_changes_it(repo):
    before = fp(repo)
    (repo / "helper.py").write_text("def h():\n    return 3\n")
    assert fp(repo)["tree"] != before["tree"]
    before = fp(repo)
    (repo / "new_module.py").write_text("Y = 1\n")
    assert fp(repo)["tree"] != before["tree"]


def test_edit_to_a_doc_does_not(repo):
    before = fp(repo)
    (repo / "README.md").write_text("# demo\n\nMore words.\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "guide.py").write_text("print('docs/** is ignored whatever the extension')\n")
    (repo / "run.log").write_text("log\n")
    (repo / "src" / "__pycache__").mkdir()
    (repo / "src" / "__pycache__" / "lib.cpython-312.pyc").write_bytes(b"\0")
    assert fp(repo)["tree"] == before["tree"]


@pytest.mark.parametrize("name", ["test_doc.txt", "requirements.txt", "CMakeLists.txt", "LICENSE", "doc/x.rst"])
def test_an_edit_to_a_text_file_a_run_may_read_changes_it(repo, name):
    """pytest collects ``test*.txt`` as doctests; requirements and CMake lists decide the build."""
    before = fp(repo)
    path = repo / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(">>> 1 + 1\n2\n")
    assert fp(repo)["tree"] != before["tree"]


def test_deleting_a_file_changes_it(repo):
    before = fp(repo)
    os.unlink(str(repo / "src" / "lib.py"))
    deleted = fp(repo)
    assert deleted["tree"] != before["tree"]
    git(repo, "rm", "-q", "--cached", "src/lib.py")
    assert fp(repo)["tree"] == deleted["tree"]                     # staging the deletion: same
    os.unlink(str(repo / "helper.py"))
    assert fp(repo)["tree"] != deleted["tree"]


def test_rename_and_mode_of_content(repo):
    before = fp(repo)
    os.rename(str(repo / "src" / "lib.py"), str(repo / "src" / "lib2.py"))
    assert fp(repo)["tree"] != before["tree"]


def test_gitignored_files_do_not_count(repo):
    (repo / ".gitignore").write_text("build/\n*.pyc\n")
    before = fp(repo)
    (repo / "build").mkdir()
    (repo / "build" / "out.js").write_text("generated\n")
    (repo / "cache.pyc").write_bytes(b"\0\1")
    assert fp(repo)["tree"] == before["tree"]


def test_custom_ignore_globs(repo):
    (repo / "gen").mkdir()
    (repo / "gen" / "deep").mkdir()
    (repo / "gen" / "deep" / "api.py").write_text("A = 1\n")
    (repo / "snap.json").write_text("{}\n")
    patterns = ["gen/**", "*.json"]
    before = fp(repo, patterns)
    (repo / "gen" / "deep" / "api.py").write_text("A = 2\n")
    (repo / "snap.json").write_text('{"a": 1}\n')
    assert fp(repo, patterns)["tree"] == before["tree"]
    (repo / "README.md").write_text("changed\n")                     # a user list replaces the defaults
    assert fp(repo, patterns)["tree"] != before["tree"]
    assert fp(repo, [])["tree"] != fp(repo)["tree"]


def test_symlinks_are_hashed_like_git(repo):
    os.symlink("app.py", str(repo / "link.py"))
    before = fp(repo)
    git(repo, "add", "link.py")
    assert fp(repo)["tree"] == before["tree"]
    os.unlink(str(repo / "link.py"))
    os.symlink("src/lib.py", str(repo / "link.py"))
    assert fp(repo)["tree"] != before["tree"]


def test_binary_and_unicode_paths(repo):
    (repo / "données é.py").write_text("z = 'ü'\n")
    (repo / "blob.bin").write_bytes(bytes(range(256)) * 10)
    before = fp(repo)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "unicode")
    assert fp(repo)["tree"] == before["tree"]
    (repo / "données é.py").write_text("z = 'ö'\n")
    assert fp(repo)["tree"] != before["tree"]


def test_plain_git_status_would_lock_but_we_do_not(repo):
    """``--no-optional-locks``: the index is never rewritten by a fingerprint."""
    index = repo / ".git" / "index"
    os.utime(str(repo / "app.py"))                                 # stat-dirty, same content
    before = os.stat(str(index)).st_mtime_ns
    fp(repo)
    assert os.stat(str(index)).st_mtime_ns == before
    assert not (repo / ".git" / "index.lock").exists()


def test_merge_conflict_entries(repo):
    git(repo, "checkout", "-q", "-b", "other")
    (repo / "app.py").write_text("def f():\n    return 'other'\n")
    git(repo, "commit", "-q", "-am", "other")
    git(repo, "checkout", "-q", "-")
    (repo / "app.py").write_text("def f():\n    return 'main'\n")
    git(repo, "commit", "-q", "-am", "main")
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "merge", "-q", "other"],
                   cwd=str(repo), capture_output=True)
    before = fp(repo)
    (repo / "app.py").write_text("def f():\n    return 'resolved'\n")
    assert fp(repo)["tree"] != before["tree"]


def test_sha256_repositories(tmp_path):
    repo = tmp_path / "r256"
    repo.mkdir()
    try:
        git(repo, "init", "-q", "--object-format=sha256")
    except subprocess.CalledProcessError:
        pytest.skip("git without sha256 object format")
    (repo / "a.py").write_text("a = 1\n")
    before = fp(repo)
    git(repo, "add", "a.py")
    git(repo, "commit", "-q", "-m", "one")
    after = fp(repo)
    assert after["tree"] == before["tree"] and len(after["head"]) == 12


def test_empty_repository_without_commits(tmp_path):
    repo = tmp_path / "empty"
    repo.mkdir()
    git(repo, "init", "-q")
    result = fp(repo)
    assert result["head"] is None
    (repo / "a.py").write_text("1\n")
    assert fp(repo)["tree"] != result["tree"]


def test_outside_git(tmp_path):
    plain = tmp_path / "plain"
    plain.mkdir()
    result = fingerprint.compute(str(plain))
    assert result["available"] is False and result["reason"] == "not-git" and result["tree"] is None
    missing = fingerprint.compute(str(tmp_path / "does-not-exist"))
    assert missing["available"] is False


def test_budget_too_small_is_unavailable(repo):
    result = fingerprint.compute(str(repo), budget_ms=0)
    assert result["available"] is False and result["reason"] == "budget"
    assert fingerprint.compare(result, fp(repo)) == "unknown"


def _fake_git(folder, body):
    folder.mkdir()
    path = folder / "git"
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return folder


def test_slow_git_is_killed_at_the_budget(repo, tmp_path, monkeypatch):
    pid_file = tmp_path / "slow.pid"
    fake = _fake_git(tmp_path / "slowbin", "echo $$ >> '%s'\nexec sleep 30\n" % pid_file)
    monkeypatch.setenv("PATH", str(fake) + os.pathsep + os.environ["PATH"])
    result = fingerprint.compute(str(repo), budget_ms=300)
    assert result["available"] is False and result["reason"] == "budget"
    assert result["ms"] < 5000
    pids = [int(p) for p in pid_file.read_text().split()]
    assert len(pids) == 2
    for pid in pids:                                               # children killed and reaped
        with pytest.raises(OSError):
            os.kill(pid, 0)


def test_failing_or_missing_git(repo, tmp_path, monkeypatch):
    fake = _fake_git(tmp_path / "badbin", "exit 128\n")
    monkeypatch.setenv("PATH", str(fake))
    assert fingerprint.compute(str(repo))["reason"] == "ls-files-failed"
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert fingerprint.compute(str(repo))["reason"] == "git-missing"


def test_past_the_count_of_files_hashed_their_stat_stands_for_them(repo, monkeypatch):
    """Many changed files (a project with nothing committed yet, a generated folder) keep the
    fingerprint available: past the count, a file's size and times stand for its content."""
    monkeypatch.setattr(fingerprint, "MAX_CHANGED_FILES", 3)
    for n in range(5):
        (repo / ("gen%d.py" % n)).write_text("%d\n" % n)
    before = fp(repo)
    assert before["files"] == 8 and fp(repo)["tree"] == before["tree"]
    for n in range(5):
        base = fp(repo)
        (repo / ("gen%d.py" % n)).write_text("%d changed\n" % n)
        assert fp(repo)["tree"] != base["tree"], n


def test_compare():
    a = {"available": True, "tree": "t1", "root": "/r"}
    assert fingerprint.compare(a, dict(a)) == "same"
    assert fingerprint.compare(a, dict(a, tree="t2")) == "different"
    assert fingerprint.compare(a, dict(a, root="/other")) == "unknown"
    assert fingerprint.compare(a, {"available": False, "reason": "budget"}) == "unknown"
    assert fingerprint.compare(None, a) == "unknown"
    assert fingerprint.compare(a, {"available": True, "tree": None}) == "unknown"


@pytest.mark.parametrize("path, ignored", [
    ("README.md", True), ("docs/guide.py", True), ("pkg/docs/x.py", False), ("doc/a/b/c.rs", False),
    ("LICENSE", False), ("LICENSE-MIT", False), ("sub/LICENSE.txt", False), ("CHANGELOG.rst", False),
    ("img/logo.svg", False), ("build.log", True), (".stalegreen/x.json", False),
    # what a run reads is never ignored: pytest's doctest files, requirements, CMake, baseline images
    ("test_doc.txt", False), ("requirements.txt", False), ("CMakeLists.txt", False), ("tests/baseline/a.png", False),
    ("pkg/__pycache__/m.cpython-312.pyc", True), ("m.pyc", True), (".pytest_cache/v/cache/x", True),
    (".stalegreen.json", False), ("src/.stalegreen.json", False), ("pages/a.mdx", False), ("src/app.py", False),
    ("Makefile", False), ("notes.md.py", False), ("./README.md", True), ("a.MD", False),
    # data a run writes for itself; the coverage report folder may hold collected tests: counted
    (".coverage", True), ("pkg/.coverage.host.123.456", True), (".hypothesis/examples/ab/cd", True),
    ("htmlcov/index.html", False), ("coverage.py", False), ("tests/coverage_test.py", False),
])
def test_default_ignore_globs(path, ignored):
    assert globs.is_ignored(path, DEFAULT_FINGERPRINT_IGNORE) is ignored


@pytest.mark.parametrize("pattern, path, ignored", [
    ("src/**/gen_*.py", "src/gen_a.py", True),
    ("src/**/gen_*.py", "src/x/y/gen_a.py", True),
    ("src/**/gen_*.py", "lib/src/gen_a.py", False),
    ("src/*.py", "src/a/b.py", False),
    ("src/*.py", "src/b.py", True),
    ("**/fixtures/**", "tests/fixtures/a/b.json", True),
    ("**/fixtures/**", "fixtures/a.json", True),
    ("test_?.py", "pkg/test_1.py", True),
    ("test_?.py", "pkg/test_12.py", False),
    ("*.[ch]", "x/y.c", True),
    ("*.[!ch]", "x/y.c", False),
    ("*.[!ch]", "x/y.o", True),
    ("/build/**", "build/a.js", True),
    ("vendor/", "vendor/a/b.go", True),
    ("snap*", "tests/snapshot.py", True),
    ("a+b(c).py", "a+b(c).py", True),
])
def test_custom_glob_semantics(pattern, path, ignored):
    assert globs.is_ignored(path, [pattern]) is ignored


def test_fingerprint_ignores_a_callers_git_environment(repo, tmp_path, monkeypatch):
    expected = fp(repo)["tree"]
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_INDEX_FILE", str(tmp_path / "temp-index"))
    assert fp(repo)["tree"] == expected


@given(st.lists(st.text(alphabet="ab/*?[]!^.-\\", max_size=12), max_size=4),
       st.text(alphabet="ab/._-*[]", max_size=20))
@settings(max_examples=300, deadline=None)
def test_any_glob_list_is_safe(patterns, path):
    assert globs.is_ignored(path, patterns) in (True, False)
    assert globs.is_ignored(path.encode(), patterns) in (True, False)


def test_a_huge_untracked_file_is_not_read_and_its_stat_stands_for_it(repo, monkeypatch):
    """A file past the cap (a database, a data dump) is not read; its size and times stand for
    its content. One such file used to make the whole fingerprint unavailable, and then an edit
    no edit event names (a script) went unseen."""
    monkeypatch.setattr(fingerprint, "MAX_CHANGED_BYTES", 1000)
    (repo / "dump.py").write_bytes(b"x" * 5000)
    read = []
    real_read = fingerprint._read_file
    monkeypatch.setattr(fingerprint, "_read_file", lambda path, *a: read.append(path) or real_read(path, *a))
    before = fp(repo)
    assert before["files"] == 4 and not [p for p in read if p.endswith(b"dump.py")]
    (repo / "app.py").write_text("changed = True\n")              # an edit elsewhere is seen
    assert fp(repo)["tree"] != before["tree"]
    (repo / "app.py").write_text("def f():\n    return 1\n")
    assert fp(repo)["tree"] == before["tree"]
    (repo / "dump.py").write_bytes(b"y" * 5001)                   # the big file changed
    assert fp(repo)["tree"] != before["tree"]
    os.unlink(str(repo / "dump.py"))
    assert fp(repo)["files"] == 3                                  # app.py, src/lib.py, helper.py


def test_linked_worktree(repo, tmp_path):
    """A ``git worktree``: ``.git`` is a file there; the fingerprint covers that tree alone."""
    git(repo, "add", "helper.py")
    git(repo, "commit", "-q", "-m", "helper")
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", str(linked))
    assert (linked / ".git").is_file()
    main, other = fp(repo), fp(linked)
    assert other["root"] == str(linked) and other["tree"] == main["tree"]
    (linked / "app.py").write_text("def f():\n    return 'linked'\n")
    assert fp(linked)["tree"] != main["tree"] and fp(repo)["tree"] == main["tree"]


def test_a_changed_submodule_makes_it_unavailable(repo, tmp_path):
    """Code inside a submodule is code too: when it changes, edit events decide."""
    library = tmp_path / "library"
    library.mkdir()
    git(library, "init", "-q")
    (library / "lib.py").write_text("L = 1\n")
    git(library, "add", "-A")
    git(library, "commit", "-q", "-m", "lib")
    git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(library), "vendor/library")
    before = fp(repo)
    (repo / "vendor" / "library" / "scratch.py").write_text("untracked in the submodule\n")
    assert fp(repo)["tree"] == before["tree"]
    (repo / "vendor" / "library" / "lib.py").write_text("L = 2\n")    # tracked, inside the submodule
    result = fingerprint.compute(str(repo), budget_ms=BUDGET)
    assert result["available"] is False and result["reason"] == "submodule-changed"
    # clean at the run, changed at Stop (or back): the tree changed, though no hash says how
    assert fingerprint.compare(before, result) == fingerprint.compare(result, before) == "different"
    assert fingerprint.compare(result, result) == "unknown"
    assert fp(repo, DEFAULT_FINGERPRINT_IGNORE + ["vendor/**"])["available"]
    git(repo / "vendor" / "library", "checkout", "-q", "--", "lib.py")
    assert fp(repo)["tree"] == before["tree"]
    (repo / "app.py").write_text("changed = True\n")
    assert fp(repo)["tree"] != before["tree"]


def test_a_nested_repository_is_named_opaque(repo):
    """A git repository inside the tree (no submodule) is one untracked folder to status: its
    files are in no hash, so the fingerprint names it (``opaque``) and an edit event recorded
    there is believed over an equal hash (``unseen_edits``); an ignored one is not named."""
    git(repo, "init", "-q", "plugins")
    (repo / "plugins" / "p.py").write_text("P = 1\n")
    before = fp(repo)
    assert before["opaque"] == ["plugins"]
    (repo / "plugins" / "p.py").write_text("P = 2\n")
    after = fp(repo)
    assert after["tree"] == before["tree"] and after["opaque"] == ["plugins"]
    inside = {"path": str(repo / "plugins" / "p.py")}
    elsewhere = [{"path": str(repo / "pluginsx.py")}, {"path": str(repo / "app.py")}, {"path": None}]
    assert fingerprint.unseen_edits(after, [inside] + elsewhere) == [inside]
    assert fingerprint.unseen_edits(fp(repo, DEFAULT_FINGERPRINT_IGNORE + ["plugins/**"]), [inside]) == []
    assert "opaque" not in fp(repo, DEFAULT_FINGERPRINT_IGNORE + ["plugins/**"])


def test_a_symbolic_link_to_a_folder_is_named_opaque(repo, tmp_path):
    """git keeps a link's target, not the files behind it: a tracked or untracked link to a
    folder is named (``opaque``), a link to a file is not."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "test_o.py").write_text("O = 1\n")
    os.symlink(str(outside), str(repo / "shared"))
    os.symlink("app.py", str(repo / "alias.py"))
    assert fp(repo)["opaque"] == ["shared"]                  # untracked, from status
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "links")
    tracked = fp(repo)
    assert tracked["opaque"] == ["shared"]                   # tracked, from the index
    assert fingerprint.compute(str(repo), None, BUDGET, reference=tracked)["opaque"] == ["shared"]
    (outside / "test_o.py").write_text("O = 2\n")
    assert fp(repo)["tree"] == tracked["tree"]
    inside = {"path": str(repo / "shared" / "test_o.py")}
    assert fingerprint.unseen_edits(fp(repo), [inside, {"path": str(repo / "alias.py")}]) == [inside]


def test_a_gitignore_written_in_the_tree_is_an_edit_the_hash_may_not_see(repo):
    """`extra/.gitignore` holding `*` hides its folder and itself: the edits in its folder count
    however equal the hashes are. A .gitignore outside the tree does not."""
    (repo / "extra").mkdir()
    (repo / "extra" / ".gitignore").write_text("*\n")
    written = {"path": str(repo / "extra" / ".gitignore")}
    new_test = {"path": str(repo / "extra" / "test_new.py")}
    elsewhere = [{"path": str(repo.parent / ".gitignore")}, {"path": str(repo / "app.py")}]
    assert fingerprint.unseen_edits(fp(repo), [written, new_test] + elsewhere) == [written, new_test]
    assert fingerprint.unseen_edits(fp(repo), [new_test] + elsewhere) == []
    top = {"path": str(repo / ".gitignore")}                     # the root's: every edit of the tree
    assert fingerprint.unseen_edits(fp(repo), [top, new_test]) == [top, new_test]


def test_git_ignore_rules_outside_the_tree_are_part_of_the_comparison(repo, tmp_path):
    """`.git/info/exclude` and a `core.excludesFile` are the agent's to write and hide a new file
    from status: a change to them makes the fingerprints differ. Other config changes do not."""
    before = fp(repo)
    git(repo, "config", "user.name", "someone")
    git(repo, "config", "branch.main.remote", "origin")
    assert fingerprint.compare(before, fp(repo)) == "same"
    (repo / "test_new.py").write_text("def test_new():\n    assert 0\n")
    with open(str(repo / ".git" / "info" / "exclude"), "a") as fh:
        fh.write("test_new.py\n")
    after = fp(repo)
    assert after["tree"] == before["tree"] and fingerprint.compare(before, after) == "different"
    ignore = tmp_path / "ignore"
    ignore.write_text("x.py\n")
    git(repo, "config", "core.excludesFile", str(ignore))
    moved = fp(repo)
    assert fingerprint.compare(after, moved) == "different"
    ignore.write_text("x.py\ny.py\n")
    assert fingerprint.compare(moved, fp(repo)) == "different"
    # a receipt taken before the rules were part of it compares as before
    assert fingerprint.compare(dict(before, excludes=None), after) == "same"


def test_an_index_replaced_while_reading_is_retried_then_given_up(repo, monkeypatch):
    states = iter(range(1000))
    monkeypatch.setattr(fingerprint, "_index_state", lambda git_dir: next(states))
    result = fingerprint.compute(str(repo), budget_ms=BUDGET)
    assert result["available"] is False and result["reason"] == "index-changed"
    calls = []
    real_collect = gitrun.collect

    def collect_once_racing(children, deadline, on_output=None):
        calls.append(1)
        if len(calls) == 1:                    # a concurrent `git add` lands during the first read
            (repo / "app.py").write_text("def f():\n    return 'staged'\n")
            git(repo, "add", "app.py")
        return real_collect(children, deadline, on_output)

    monkeypatch.undo()
    monkeypatch.setattr(gitrun, "collect", collect_once_racing)
    raced = fp(repo)
    assert len(calls) == 2
    monkeypatch.undo()
    assert raced["tree"] == fp(repo)["tree"]


def test_assume_unchanged_and_skip_worktree_files_are_still_read(repo):
    """git status trusts these flags and stays silent; the fingerprint does not."""
    before = fp(repo)
    git(repo, "update-index", "--assume-unchanged", "app.py")
    assert fp(repo)["tree"] == before["tree"]
    (repo / "app.py").write_text("def f():\n    return 'hidden edit'\n")
    assert git(repo, "status", "--porcelain") .strip() == "?? helper.py"   # git does not see it
    assert fp(repo)["tree"] != before["tree"]
    git(repo, "update-index", "--no-assume-unchanged", "app.py")
    git(repo, "checkout", "-q", "--", "app.py")
    git(repo, "update-index", "--skip-worktree", "src/lib.py")
    assert fp(repo)["tree"] == before["tree"]
    (repo / "src" / "lib.py").write_text("X = 'hidden'\n")
    assert fp(repo)["tree"] != before["tree"]
    os.unlink(str(repo / "src" / "lib.py"))                        # outside a sparse cone: index content
    assert fp(repo)["tree"] == before["tree"]


def _executable(path, on=True):
    mode = path.stat().st_mode
    path.chmod(mode | stat.S_IXUSR if on else mode & ~stat.S_IXUSR)


def test_a_mode_change_is_a_change_and_git_add_keeps_it_the_same(repo):
    before = fp(repo)
    script = repo / "src" / "lib.py"
    _executable(script)
    executable = fp(repo)
    assert executable["tree"] != before["tree"] and executable["changed"] >= 1
    git(repo, "add", "src/lib.py")
    assert fp(repo)["tree"] == executable["tree"]        # the index now holds 100755: same tree
    _executable(script, on=False)
    git(repo, "add", "src/lib.py")
    assert fp(repo)["tree"] == before["tree"]


def test_an_untracked_file_made_executable_is_a_change(repo):
    (repo / "run.sh").write_text("#!/bin/sh\necho hi\n")
    before = fp(repo)
    _executable(repo / "run.sh")
    assert fp(repo)["tree"] != before["tree"]


def test_fingerprints_hashed_differently_do_not_compare(repo):
    now = fp(repo)
    assert now["version"] == fingerprint.VERSION
    older = dict(now)
    older.pop("version")                                  # taken by a version that left modes out
    assert fingerprint.compare(older, now) == "unknown"
    assert fingerprint.compare(now, dict(now)) == "same"


def test_the_small_hash_modules_give_hashlibs_digests():
    """``fingerprint._hasher`` avoids loading OpenSSL; its digests are ``hashlib``'s."""
    import hashlib

    for data in (b"", b"blob 3\0abc", bytes(range(256)) * 300):
        for name in ("sha1", "sha256"):
            digest = fingerprint._hasher(name)
            digest.update(data)
            assert digest.hexdigest() == hashlib.new(name, data).hexdigest()


def test_the_tree_is_the_documented_hash_of_what_git_would_stage(repo, tmp_path):
    """sha256 over the sorted ``path NUL mode blob-id LF`` lines of every file as ``git add -A``
    would stage it now (into a private index), ignored paths left out: how the lines are built
    and ordered (while git status runs, or after) cannot drift from the definition."""
    import hashlib

    (repo / "src" / "lib.py").write_text("X = 2\n")           # modified, untracked, deleted, a doc
    (repo / "src" / "a b.py").write_text("Y = 1\n")
    (repo / "app.py").unlink()
    (repo / "README.md").write_text("# changed\n")
    index = tmp_path / "private-index"
    index.write_bytes((repo / ".git" / "index").read_bytes())
    env = dict(os.environ, GIT_INDEX_FILE=str(index))
    subprocess.run(["git", "add", "-A"], cwd=str(repo), env=env, check=True)
    staged = subprocess.run(["git", "ls-files", "-s", "-z"], cwd=str(repo), env=env, check=True,
                            capture_output=True).stdout
    matcher = globs.matcher(DEFAULT_FINGERPRINT_IGNORE)
    lines = []
    for entry in staged.split(b"\0"):
        if entry:
            info, path = entry.split(b"\t", 1)
            mode, oid, _stage = info.split(b" ")
            if not matcher(path):
                lines.append(path + b"\0" + mode + b" " + oid + b"\n")
    assert len(lines) == 3                                       # helper.py, src/a b.py, src/lib.py
    assert fp(repo)["tree"] == hashlib.sha256(b"".join(sorted(lines))).hexdigest()


def test_a_changed_file_is_read_to_its_end_whatever_size_it_had_when_looked_at(tmp_path):
    """The file is read with plain reads sized to what ``lstat`` saw; one that grew since is
    read on to its end, and one past the cap is refused, not cut."""
    path = tmp_path / "grown.py"
    path.write_bytes(b"x" * 5000)
    assert fingerprint._read_file(str(path).encode(), 10, 1 << 20) == b"x" * 5000
    assert fingerprint._read_file(str(path).encode(), 0, 5000) == b"x" * 5000
    with pytest.raises(fingerprint._TooBig):
        fingerprint._read_file(str(path).encode(), 10, 4999)
    entry, size = fingerprint._worktree_entry(str(path).encode(), "sha1", 1 << 20)
    blob = subprocess.run(["git", "hash-object", str(path)], capture_output=True, text=True, check=True).stdout
    assert size == 5000 and entry == b"100644 " + blob.strip().encode()


def test_paths_that_prefix_one_another_hash_in_the_documented_order(repo):
    """The lines are sorted as lines: the same order as their paths when one path is another's
    prefix (``b``, ``b-c``, ``b.c``, ``b/c``, ``b0``), modified or untracked alike."""
    import hashlib

    (repo / "b").mkdir()
    for name in ("b-c", "b.c", "b/c", "b0", "b/c-d", "b/c.d"):
        (repo / name).write_text("%s = 1\n" % name)
    git(repo, "add", "b-c", "b/c", "b0")
    git(repo, "commit", "-q", "-m", "prefixes")
    (repo / "b0").write_text("changed = 1\n")
    staged_index = repo / ".git" / "private-index"
    staged_index.write_bytes((repo / ".git" / "index").read_bytes())
    env = dict(os.environ, GIT_INDEX_FILE=str(staged_index))
    subprocess.run(["git", "add", "-A"], cwd=str(repo), env=env, check=True)
    staged = subprocess.run(["git", "ls-files", "-s", "-z"], cwd=str(repo), env=env, check=True,
                            capture_output=True).stdout
    staged_index.unlink()
    matcher = globs.matcher(DEFAULT_FINGERPRINT_IGNORE)
    by_path = {}
    for entry in staged.split(b"\0"):
        if entry:
            info, path = entry.split(b"\t", 1)
            mode, oid, _stage = info.split(b" ")
            if not matcher(path):
                by_path[path] = path + b"\0" + mode + b" " + oid + b"\n"
    assert {b"b-c", b"b.c", b"b/c", b"b0", b"b/c-d", b"b/c.d"} <= set(by_path)
    expected = hashlib.sha256(b"".join(by_path[path] for path in sorted(by_path))).hexdigest()
    assert fp(repo)["tree"] == expected

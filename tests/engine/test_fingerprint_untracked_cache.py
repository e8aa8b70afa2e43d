"""The fingerprint's status on a private copy of the index, with git's untracked cache
(``engine/gitindex.py``), gives exactly the answer of status on the real index, and never
writes the user's ``.git``.

Folders are aged (their mtime set an hour back) so that git trusts its cached listings: a
folder changed within a second of the copy's stamp would be listed again whatever the cache
holds, and the cache would not be tested. Each change is then checked three ways: the folder's
mtime left as the change set it, set to a new time in the past, and set back to the very value
the cache recorded (``touch -d``: only the folder's ctime tells).
"""

import os
import random
import shutil
import stat
import time

import pytest

from stalegreen.engine import fingerprint, gitindex, gitrun
from tests.conftest import git

BUDGET = 10000
HOUR_AGO = time.time() - 3600


def _age(repo, when=None):
    """Every folder of the work tree (not ``.git``) gets the mtime ``when`` (an hour ago)."""
    when = HOUR_AGO if when is None else when
    for folder, dirs, _files in os.walk(str(repo)):
        dirs[:] = [d for d in dirs if d != ".git"]
        os.utime(folder, (when, when))


@pytest.fixture
def repo(git_repo):
    for path, text in (("a/b/c/d/deep.py", "D = 1\n"), ("a/b/mid.py", "M = 1\n"), ("top.py", "T = 1\n"),
                       ("x/y.py", "Y = 1\n"), ("docs/readme.md", "# r\n"), (".gitignore", "*.log\nbuild/\n")):
        target = git_repo / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "tree")
    _age(git_repo)
    return git_repo


@pytest.fixture
def home(tmp_path):
    return tmp_path / "store"


def _plain(repo):
    return fingerprint.compute(str(repo), budget_ms=BUDGET)


def _cached(repo, home):
    return fingerprint.compute(str(repo), budget_ms=BUDGET, store_home=str(home))


def _copies(repo, home, prefix="from-"):
    git_dir, _common = fingerprint._git_dirs(str(repo))
    folder = home / gitindex.FOLDER / fingerprint._copy_key(git_dir)
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(prefix)) if folder.is_dir() else []


def _statuses(repo, home, tmp_path):
    """(status on the real index, status on the private copy, folders git opened for the latter)."""
    root = str(repo)
    git_dir, common = fingerprint._git_dirs(root)
    _listing, status = fingerprint._git_commands(root, git_dir, common)
    copy = gitindex.prepare(str(home), fingerprint._copy_key(git_dir), git_dir, common, fingerprint._index_id(git_dir))
    assert copy is not None
    trace = str(tmp_path / ("trace-%d" % time.time_ns()))
    env = dict(copy.env(), GIT_TRACE2_PERF=trace)
    try:
        (plain_code, plain), (cached_code, cached) = gitrun.collect(
            gitrun.start([status, copy.status_command(status)], [None, env]), time.monotonic() + BUDGET / 1000.0)
    finally:
        copy.settle()
    assert plain_code == cached_code == 0
    opened = [int(line.rsplit("opendir:", 1)[1]) for line in open(trace) if "opendir:" in line]
    assert opened, "git did not use the untracked cache"
    return plain, cached, opened[-1]


def _check(repo, home, tmp_path):
    """The status lists and the fingerprints agree; returns the fingerprint."""
    plain_out, cached_out, _opened = _statuses(repo, home, tmp_path)
    assert cached_out == plain_out
    expected, found = _plain(repo), _cached(repo, home)
    assert expected["available"] and found["available"], (expected, found)
    assert (found["tree"], found["files"], found["changed"]) == (expected["tree"], expected["files"],
                                                                  expected["changed"])
    assert _copies(repo, home), "the private index was not used"
    return found


def _prime(repo, home, tmp_path):
    """The cache filled and trusted: a status on the copy opens no folder."""
    before = _check(repo, home, tmp_path)
    _plain_out, _cached_out, opened = _statuses(repo, home, tmp_path)
    assert opened == 0
    return before


def _past_the_second_of(recorded):
    """Wait until the clock has left the second of ``recorded``'s ctime. Git compares the
    seconds of a folder's times (built without ``USE_NSEC``): a folder changed twice within one
    second, its mtime put back both times, looks unchanged to it (as a tracked file does)."""
    while time.time() < int(recorded.st_ctime) + 1.02:
        time.sleep(0.02)


def _settle_folder(folder, how, recorded):
    """Leave ``folder``'s mtime as the change set it (``racy``), move it to a new past time
    (``aged``) or put back the value the cache recorded (``reset``, after the change moved its
    ctime to a later second: ``_past_the_second_of``)."""
    if how == "aged":
        os.utime(folder, (int(HOUR_AGO) + 60, int(HOUR_AGO) + 60))
    elif how == "reset":
        os.utime(folder, ns=(recorded.st_atime_ns, recorded.st_mtime_ns))
        assert int(os.lstat(folder).st_ctime) != int(recorded.st_ctime)


FOLDER_TIMES = ["racy", "aged", "reset"]


@pytest.mark.parametrize("how", FOLDER_TIMES)
def test_a_new_untracked_file_in_a_deep_existing_folder_is_seen(repo, home, tmp_path, how):
    before = _prime(repo, home, tmp_path)
    folder = repo / "a" / "b" / "c" / "d"
    recorded = os.lstat(folder)
    _past_the_second_of(recorded)
    (folder / "new.py").write_text("N = 1\n")
    _settle_folder(folder, how, recorded)
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"] and after["changed"] == before["changed"] + 1


@pytest.mark.parametrize("setting", [("core.trustctime", "false"), ("core.checkStat", "minimal")])
def test_a_folder_whose_mtime_was_put_back_is_listed_whatever_the_users_stat_settings(repo, home, tmp_path,
                                                                                      setting):
    """The user's config may tell git to ignore ctime; the copy's status does not: only the
    folder's ctime tells that a file was added."""
    git(repo, "config", *setting)
    before = _prime(repo, home, tmp_path)
    folder = repo / "a" / "b" / "c" / "d"
    recorded = os.lstat(folder)
    _past_the_second_of(recorded)
    (folder / "new.py").write_text("N = 1\n")
    _settle_folder(folder, "reset", recorded)
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"] and after["changed"] == before["changed"] + 1


@pytest.mark.parametrize("how", FOLDER_TIMES)
def test_a_new_folder_with_a_file_is_seen(repo, home, tmp_path, how):
    before = _prime(repo, home, tmp_path)
    parent = repo / "a" / "b"
    recorded = os.lstat(parent)
    _past_the_second_of(recorded)
    (parent / "new" / "sub").mkdir(parents=True)
    (parent / "new" / "sub" / "n.py").write_text("N = 2\n")
    _settle_folder(parent, how, recorded)
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"]


@pytest.mark.parametrize("how", FOLDER_TIMES)
def test_a_deleted_untracked_file_is_seen(repo, home, tmp_path, how):
    folder = repo / "a" / "b" / "c" / "d"
    (folder / "gone.py").write_text("G = 1\n")
    _age(repo)
    before = _prime(repo, home, tmp_path)
    recorded = os.lstat(folder)
    _past_the_second_of(recorded)
    (folder / "gone.py").unlink()
    _settle_folder(folder, how, recorded)
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"] and after["changed"] == before["changed"] - 1


def test_a_file_replaced_in_an_untracked_folder_is_seen(repo, home, tmp_path):
    """An untracked folder is cached too: a file in it renamed, the folder's times put back."""
    (repo / "x" / "fresh").mkdir()
    (repo / "x" / "fresh" / "one.py").write_text("O = 1\n")
    _age(repo)
    before = _prime(repo, home, tmp_path)
    recorded = os.lstat(repo / "x" / "fresh")
    _past_the_second_of(recorded)
    os.rename(str(repo / "x" / "fresh" / "one.py"), str(repo / "x" / "fresh" / "two.py"))
    _settle_folder(repo / "x" / "fresh", "reset", recorded)
    assert _check(repo, home, tmp_path)["tree"] != before["tree"]


def test_a_nested_repository_and_a_symbolic_link_appearing_are_seen(repo, home, tmp_path):
    before = _prime(repo, home, tmp_path)
    git(repo / "x", "init", "-q", "inner")
    (repo / "x" / "inner" / "f.py").write_text("F = 1\n")
    os.symlink("y.py", str(repo / "x" / "alias.py"))
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"]
    (repo / "x" / "alias.py").unlink()
    os.symlink("../top.py", str(repo / "x" / "alias.py"))
    assert _check(repo, home, tmp_path)["tree"] not in (before["tree"], after["tree"])


@pytest.mark.parametrize("rules", ["gitignore", "exclude"])
def test_a_changed_ignore_rule_is_seen(repo, home, tmp_path, rules):
    (repo / "a" / "b" / "c" / "d" / "trace.log").write_text("log\n")
    (repo / "x" / "scratch.py").write_text("S = 1\n")
    _age(repo)
    before = _prime(repo, home, tmp_path)
    if rules == "gitignore":
        (repo / ".gitignore").write_text("build/\nscratch.py\n")     # trace.log no longer ignored
    else:
        (repo / ".git" / "info").mkdir(exist_ok=True)
        (repo / ".git" / "info" / "exclude").write_text("scratch.py\n")
    _age(repo)
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"]


def test_a_nested_gitignore_added_in_a_deep_folder_is_seen(repo, home, tmp_path):
    (repo / "a" / "b" / "c" / "d" / "keep.tmp").write_text("k\n")
    _age(repo)
    before = _prime(repo, home, tmp_path)
    recorded = os.lstat(repo / "a" / "b" / "c")
    _past_the_second_of(recorded)
    (repo / "a" / "b" / "c" / ".gitignore").write_text("*.tmp\n")
    _settle_folder(repo / "a" / "b" / "c", "reset", recorded)
    after = _check(repo, home, tmp_path)
    assert after["tree"] != before["tree"]


def test_index_changes_take_a_new_copy_and_drop_the_old(repo, home, tmp_path):
    (repo / "a" / "b" / "c" / "d" / "new.py").write_text("N = 1\n")
    _age(repo)
    _prime(repo, home, tmp_path)
    first = _copies(repo, home)
    git(repo, "add", "-A")
    assert _check(repo, home, tmp_path)["tree"] == _plain(repo)["tree"]
    second = _copies(repo, home)
    assert len(first) == len(second) == 1 and first != second
    git(repo, "commit", "-q", "-m", "add new")
    _check(repo, home, tmp_path)
    third = _copies(repo, home)
    git(repo, "rm", "-q", "--cached", "a/b/c/d/new.py")     # tracked -> untracked, same content
    found = _check(repo, home, tmp_path)
    assert len(set(first + second + third + _copies(repo, home))) == 4 and len(_copies(repo, home)) == 1
    assert found["changed"] == 1


def test_an_edit_to_a_tracked_file_is_seen(repo, home, tmp_path):
    before = _prime(repo, home, tmp_path)
    (repo / "a" / "b" / "mid.py").write_text("M = 2\n")
    assert _check(repo, home, tmp_path)["tree"] != before["tree"]


def _git_dir_files(git_dir):
    """Every file under ``git_dir``: its bytes and mtime."""
    found = {}
    for folder, _dirs, files in os.walk(git_dir):
        for name in files:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            found[path] = (open(path, "rb").read() if stat.S_ISREG(st.st_mode) else None, st.st_mtime_ns)
    return found


def test_the_users_git_dir_is_never_written(repo, home, tmp_path):
    """Many statuses on the copy (which git rewrites: a touched tracked file's stat data is
    refreshed in it) leave every file of the user's ``.git`` as it was, index included."""
    git_dir = str(repo / ".git")
    before = _git_dir_files(git_dir)
    index_bytes = (repo / ".git" / "index").read_bytes()
    os.utime(str(repo / "top.py"))                      # stat-dirty: git would refresh it
    for step in range(4):
        (repo / "a" / "b" / ("u%d.py" % step)).write_text("U = %d\n" % step)
        _check(repo, home, tmp_path)
        found = _cached(repo, home)
        assert found["available"]
    assert _git_dir_files(git_dir) == before
    assert (repo / ".git" / "index").read_bytes() == index_bytes
    assert b"UNTR" not in index_bytes
    copy = home / gitindex.FOLDER / fingerprint._copy_key(git_dir) / _copies(repo, home)[0]
    assert b"UNTR" in copy.read_bytes()


def test_git_writing_the_copy_starts_no_hook(repo, home, tmp_path):
    canary = tmp_path / "canary"
    hook = repo / ".git" / "hooks" / "post-index-change"
    hook.write_text("#!/bin/sh\necho ran >> '%s'\n" % canary)
    hook.chmod(0o755)
    os.utime(str(repo / "top.py"))                      # stat-dirty: git rewrites the copy
    (repo / "x" / "new.py").write_text("N = 1\n")
    _check(repo, home, tmp_path)
    assert not canary.exists()


def test_a_split_index_is_read_as_before(repo, home, tmp_path):
    git(repo, "update-index", "--split-index")
    (repo / "a" / "b" / "c" / "d" / "new.py").write_text("N = 1\n")
    git_dir = str(repo / ".git")
    assert any(name.startswith("sharedindex.") for name in os.listdir(git_dir))
    before = _git_dir_files(git_dir)
    found, expected = _cached(repo, home), _plain(repo)
    assert found["available"] and found["tree"] == expected["tree"]
    assert _copies(repo, home, "") == []
    # git's own read of a split index (today's status too) refreshes the shared file's mtime
    assert dict((k, v[0]) for k, v in _git_dir_files(git_dir).items()) == dict((k, v[0]) for k, v in before.items())


def test_a_submodule_entry_keeps_status_on_the_real_index(repo, home, tmp_path):
    """Status would run ``git status`` in a submodule with optional locks: such an index is
    marked once and read as before."""
    commit = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "update-index", "--add", "--cacheinfo", "160000,%s,vendored" % commit)
    found, expected = _cached(repo, home), _plain(repo)
    assert found["available"] and found["tree"] == expected["tree"]
    assert _copies(repo, home) == [] and len(_copies(repo, home, "plain-")) == 1
    assert _cached(repo, home)["tree"] == expected["tree"]


def test_a_sparse_checkout_is_read_as_before(repo, home):
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "sparse-checkout").write_text("/*\n")
    assert _cached(repo, home)["tree"] == _plain(repo)["tree"]
    assert _copies(repo, home, "") == []


def test_a_linked_worktree_has_its_own_copy(repo, home, tmp_path):
    other = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", str(other))
    _age(other)
    before = _prime(other, home, tmp_path)
    (other / "a" / "b" / "c" / "d" / "w.py").write_text("W = 1\n")
    after = _check(other, home, tmp_path)
    assert after["tree"] != before["tree"] and after["root"] == str(other)
    _check(repo, home, tmp_path)
    main_dir, linked_dir = fingerprint._git_dirs(str(repo))[0], fingerprint._git_dirs(str(other))[0]
    assert fingerprint._copy_key(main_dir) != fingerprint._copy_key(linked_dir)
    assert _copies(repo, home) and _copies(other, home)
    assert b"UNTR" not in open(os.path.join(linked_dir, "index"), "rb").read()


def test_a_rewritten_copy_is_private_and_stamped_before_git_started(repo, home, tmp_path):
    (repo / "x" / "new.py").write_text("N = 1\n")
    started = time.time_ns()
    _cached(repo, home)
    finished = time.time_ns()
    folder = home / gitindex.FOLDER / fingerprint._copy_key(str(repo / ".git"))
    copy = os.lstat(str(folder / _copies(repo, home)[0]))
    # git wrote it (the cache filled): stamped a margin before git started
    assert started - gitindex.RACY_MARGIN_NS <= copy.st_mtime_ns <= finished - gitindex.RACY_MARGIN_NS
    assert stat.S_IMODE(copy.st_mode) == 0o600 and stat.S_IMODE(os.lstat(str(folder)).st_mode) == 0o700
    assert sorted(os.listdir(str(folder))) == _copies(repo, home)       # no run link, lock or temporary left


def test_a_broken_copy_falls_back_to_the_real_index(repo, home, tmp_path):
    (repo / "x" / "new.py").write_text("N = 1\n")
    _cached(repo, home)
    folder = home / gitindex.FOLDER / fingerprint._copy_key(str(repo / ".git"))
    (folder / _copies(repo, home)[0]).write_bytes(b"DIRC not an index at all" * 4)
    for reference in (None, _plain(repo)):
        found = fingerprint.compute(str(repo), budget_ms=BUDGET, reference=reference, store_home=str(home))
        assert found["available"] and found["tree"] == _plain(repo)["tree"], found


def test_a_link_in_place_of_the_stores_folder_is_refused(repo, home, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    home.mkdir()
    os.symlink(str(elsewhere), str(home / gitindex.FOLDER))
    (repo / "x" / "new.py").write_text("N = 1\n")
    assert _cached(repo, home)["tree"] == _plain(repo)["tree"]
    assert os.listdir(str(elsewhere)) == []


def test_a_stale_run_link_is_cleared_with_the_next_copy_and_a_live_one_kept(repo, home, tmp_path):
    _cached(repo, home)
    folder = home / gitindex.FOLDER / fingerprint._copy_key(str(repo / ".git"))
    stale = folder / ("run-1-%d" % (time.time_ns() - 2 * gitindex.STALE_RUN_NS))
    live = folder / ("run-2-%d" % time.time_ns())
    for path in (stale, live, folder / (stale.name + ".lock")):
        path.write_bytes(b"x")
    git(repo, "rm", "-q", "--cached", "top.py")
    _cached(repo, home)
    assert sorted(os.listdir(str(folder))) == sorted(_copies(repo, home) + [live.name])


def test_the_background_path_uses_the_copy(repo, home, tmp_path):
    (repo / "x" / "new.py").write_text("N = 1\n")
    reference = _plain(repo)
    for edited in (False, True):
        found = fingerprint.Background(str(repo), None, BUDGET, reference, edited, str(home)).result()
        assert found["tree"] == reference["tree"] and found.get("via") == "snapshot"
    assert _copies(repo, home)


def _random_step(rng, repo):
    folders = [repo / "a" / "b" / "c" / "d", repo / "a" / "b", repo / "x", repo]
    folder = rng.choice(folders)
    names = sorted(p for p in folder.iterdir() if p.is_file())
    kind = rng.choice(["create", "delete", "rename", "mkdir", "rmdir", "ignore", "add", "commit", "modify",
                       "age", "none"])
    recorded = os.lstat(str(folder))
    reset = rng.random() < 0.15              # the folder's times put back after the change
    if reset:
        _past_the_second_of(recorded)
    if kind == "create":
        (folder / ("r%d.py" % rng.randrange(6))).write_text("R = %d\n" % rng.randrange(9))
    elif kind == "delete" and names:
        rng.choice(names).unlink()
    elif kind == "rename" and names:
        os.rename(str(rng.choice(names)), str(folder / ("m%d.py" % rng.randrange(6))))
    elif kind == "mkdir":
        (folder / "sub" / "deeper").mkdir(parents=True, exist_ok=True)
        (folder / "sub" / "deeper" / "s.py").write_text("S = 1\n")
    elif kind == "rmdir" and (folder / "sub").is_dir():
        shutil.rmtree(str(folder / "sub"))
    elif kind == "ignore":
        (repo / ".gitignore").write_text(rng.choice(["*.log\n", "m*.py\n", "sub/\n", "r1.py\nbuild/\n"]))
    elif kind == "add":
        git(repo, "add", "-A")
    elif kind == "commit":
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "--allow-empty", "-m", "step")
    elif kind == "modify" and names:
        rng.choice(names).write_text("V = %d\n" % rng.randrange(10 ** 6))
    elif kind == "age":
        _age(repo, time.time() - rng.randrange(30, 3000))
    if folder.exists() and reset:               # only its ctime tells
        os.utime(str(folder), ns=(recorded.st_atime_ns, recorded.st_mtime_ns))
    elif folder.exists() and rng.random() < 0.5:      # a new mtime (another second), older than the copy's stamp
        when = int(time.time()) - rng.randrange(100, 3000)
        if when != int(recorded.st_mtime):
            os.utime(str(folder), (when, when))
    return kind


@pytest.mark.parametrize("seed", range(4))
def test_random_sequences_match_status_on_the_real_index(repo, home, tmp_path, seed):
    rng = random.Random(seed)
    _prime(repo, home, tmp_path)
    for _ in range(20):
        kind = _random_step(rng, repo)
        plain_out, cached_out, _opened = _statuses(repo, home, tmp_path)
        assert cached_out == plain_out, kind
        expected = _plain(repo)
        found = _cached(repo, home)
        assert found["available"] and found["tree"] == expected["tree"], (kind, found, expected)
        again = fingerprint.compute(str(repo), budget_ms=BUDGET, reference=expected, store_home=str(home))
        assert again.get("via") == "snapshot" and again["tree"] == expected["tree"], kind


def test_prune_drops_the_copies_no_status_read_for_as_long_as_idle_sessions(repo, home):
    from stalegreen.engine import store

    _cached(repo, home)
    folder = home / gitindex.FOLDER / fingerprint._copy_key(str(repo / ".git"))
    store.Store(str(home)).prune(3600)
    assert folder.is_dir()
    os.utime(str(folder), (time.time() - 7200, time.time() - 7200))
    store.Store(str(home)).prune(3600)
    assert not folder.exists() and (home / gitindex.FOLDER).is_dir()


# --- which indexes get a copy: the entries are walked, not searched for bytes ---------------------

def _index_bytes(repo):
    with open(str(repo / ".git" / "index"), "rb") as fh:
        return fh.read()


def test_a_file_whose_size_spells_a_submodules_mode_still_gets_a_copy(repo, home, tmp_path):
    """57344 bytes is 0x0000e000, the bytes of mode 0160000: the old byte search refused this
    index (and about every large one, where those bytes turn up in stat data and hashes)."""
    (repo / "blob.bin").write_bytes(b"x" * 57344)
    git(repo, "add", "blob.bin")
    assert b"\x00\x00\xe0\x00" in _index_bytes(repo)
    assert gitindex._plain_entries(_index_bytes(repo))
    _age(repo)
    _prime(repo, home, tmp_path)
    assert len(_copies(repo, home)) == 1 and _copies(repo, home, "plain-") == []


@pytest.mark.parametrize("version", [2, 3, 4])
def test_every_index_version_is_walked_to_its_checksum(repo, version):
    git(repo, "update-index", "--index-version", str(version))
    data = _index_bytes(repo)
    assert int.from_bytes(data[4:8], "big") in (2, version)   # git writes 2 when no entry needs 3
    assert gitindex._plain_entries(data)
    commit = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "update-index", "--add", "--cacheinfo", "160000,%s,vendored" % commit)
    assert not gitindex._plain_entries(_index_bytes(repo))


def test_extended_flags_and_long_paths_are_walked(repo):
    """``git add -N`` sets an entry's extended flags (version 3); a path of 4095+ bytes has no
    length in its flags and is read to its NUL."""
    deep = repo / ("d" * 200) / ("e" * 200) / ("f" * 200)
    deep.mkdir(parents=True)
    long_name = deep / ("g" * 250)
    long_name.write_text("L = 1\n")
    intent = repo / "intent.py"
    intent.write_text("I = 1\n")
    git(repo, "add", str(long_name.relative_to(repo)))
    git(repo, "add", "-N", "intent.py")
    data = _index_bytes(repo)
    assert int.from_bytes(data[4:8], "big") == 3
    assert gitindex._plain_entries(data)


def test_a_sha256_repository_is_walked(tmp_path):
    root = tmp_path / "sha256"
    root.mkdir()
    try:
        git(root, "init", "-q", "--object-format=sha256")
    except Exception:
        pytest.skip("this git cannot make a SHA-256 repository")
    (root / "a.py").write_text("A = 1\n")
    git(root, "add", "a.py")
    assert gitindex._plain_entries(_index_bytes(root))


def test_an_fsmonitor_extension_or_a_damaged_index_gets_no_copy(repo):
    data = _index_bytes(repo)
    body, checksum_size = data[:-20], 20
    fsmonitor = b"FSMN" + (8).to_bytes(4, "big") + b"\x00" * 8
    other = b"ZZZZ" + fsmonitor[4:]
    assert gitindex._plain_entries(body + other + b"\x00" * checksum_size)
    assert not gitindex._plain_entries(body + fsmonitor + b"\x00" * checksum_size)
    assert not gitindex._plain_entries(data[:-1])
    assert not gitindex._plain_entries(data[:40] + data[41:])
    assert not gitindex._plain_entries(b"DIRC" + (5).to_bytes(4, "big") + data[8:])
    assert not gitindex._plain_entries(b"")

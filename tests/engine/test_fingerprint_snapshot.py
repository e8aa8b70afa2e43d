"""The fingerprint's snapshot path gives the full computation's answer, on real git repos.

A fingerprint taken with a receipt carries a snapshot; a later ``compute(..., reference=it)``
may answer from it with one ``git status``. These tests drive random edit sequences and check,
after every step, that the answer equals the full computation's (and that the snapshot path
really ran whenever nothing changed).
"""

import os
import random
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalegreen.engine import fingerprint, gitrun, globs
from stalegreen.engine.config import DEFAULT_FINGERPRINT_IGNORE
from tests.conftest import git

BUDGET = 5000    # generous: what is hashed is checked here, speed in benchmarks/


def full(repo, ignore=None):
    return fingerprint.compute(str(repo), ignore, BUDGET)


def from_reference(repo, reference, ignore=None):
    return fingerprint.compute(str(repo), ignore, BUDGET, reference=reference)


def same_size_same_mtime_edit(path):
    """Rewrite ``path`` with other bytes of the same length and put its mtime back: only
    ctime (and the content) tell."""
    before = os.lstat(path)
    data = path.read_bytes()
    path.write_bytes(bytes((b + 1) % 256 if i == 0 else b for i, b in enumerate(data)) or b"x")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


@pytest.fixture
def repo(git_repo):
    (git_repo / "src").mkdir()
    for name in ("a.py", "b.py", "c.py"):
        (git_repo / "src" / name).write_text("VALUE = %r\n" % name)
    (git_repo / "README.md").write_text("# demo\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "more")
    return git_repo


def test_unchanged_tree_answers_from_the_snapshot(repo):
    (repo / "app.py").write_text("def f():\n    return 2\n")
    (repo / "new.py").write_text("N = 1\n")
    taken = full(repo)
    assert taken["snapshot"] and "via" not in taken
    again = from_reference(repo, taken)
    assert again["via"] == "snapshot" and again["tree"] == taken["tree"] == full(repo)["tree"]
    assert again["changed"] == 2 and again["files"] == taken["files"]


@pytest.mark.parametrize("where", ["src/a.py", "new.py"])
def test_same_size_same_mtime_edit_of_a_listed_file_is_seen(repo, where):
    """The racy case: a file status lists is edited within the snapshot's timestamp, same size
    and same mtime. Its content is hashed again, so the edit is seen."""
    (repo / "src" / "a.py").write_text("VALUE = 'edited'\n")
    (repo / "new.py").write_text("N = 1\n")
    taken = full(repo)
    same_size_same_mtime_edit(repo / where)
    now = from_reference(repo, taken)
    assert now["tree"] == full(repo)["tree"] != taken["tree"]
    assert now.get("via") != "snapshot"


def test_same_size_same_mtime_edit_of_a_clean_file_is_seen(repo):
    taken = full(repo)
    same_size_same_mtime_edit(repo / "src" / "b.py")
    now = from_reference(repo, taken)
    assert now["tree"] == full(repo)["tree"] != taken["tree"]


def test_chmod_of_a_listed_file_is_seen(repo):
    (repo / "new.py").write_text("N = 1\n")
    taken = full(repo)
    os.chmod(repo / "new.py", 0o755)
    now = from_reference(repo, taken)
    assert now["tree"] == full(repo)["tree"] != taken["tree"]


def test_git_add_and_commit_keep_the_tree(repo):
    (repo / "src" / "a.py").write_text("VALUE = 'edited'\n")
    taken = full(repo)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "edit")
    now = from_reference(repo, taken)
    assert now["tree"] == taken["tree"]
    assert fingerprint.compare(taken, now) == "same"
    assert from_reference(repo, now)["via"] == "snapshot"


def test_snapshot_of_another_ignore_list_is_not_used(repo):
    taken = full(repo, ["*.md"])
    now = from_reference(repo, taken)            # default list: README.md stays out, but more
    assert now.get("via") != "snapshot" and now["tree"] == full(repo)["tree"]
    assert from_reference(repo, taken, ["*.md"])["via"] == "snapshot"


def test_snapshot_of_another_repository_is_not_used(repo, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    (other / "x.py").write_text("X = 1\n")
    now = from_reference(repo, dict(full(other), root=str(repo)))
    assert now.get("via") != "snapshot" and now["tree"] == full(repo)["tree"]


@pytest.mark.parametrize("snapshot", [
    None, "x", 7, [], {}, {"index": "1:00"}, {"index": None, "status": None},
    {"index": "1:00", "status": 1, "dirty": [], "ignore": {}, "hash": "md5"},
])
def test_any_reference_gives_the_full_answer_and_never_raises(repo, snapshot):
    (repo / "new.py").write_text("N = 1\n")
    expected = full(repo)
    reference = dict(expected, snapshot=snapshot)
    assert from_reference(repo, reference)["tree"] == expected["tree"]
    for odd in (None, 3, "x", [], {"available": True}, dict(expected, tree=None), dict(expected, version=1)):
        assert from_reference(repo, odd)["tree"] == expected["tree"]


def test_a_forged_snapshot_can_only_name_the_reference_tree(repo):
    """A receipt's snapshot is as trustworthy as its tree: a copy of a real snapshot pasted
    into a receipt with another tree is used only while the work tree is the one it saw."""
    taken = full(repo)
    forged = dict(taken, tree="f" * 64)
    (repo / "src" / "c.py").write_text("VALUE = 'changed'\n")
    assert from_reference(repo, forged)["tree"] == full(repo)["tree"]


def test_index_without_checksum_gives_no_snapshot_id(repo, tmp_path):
    """``index.skipHash`` (git 2.40) writes zeros where the checksum goes: no identity, so
    no snapshot path; a FIFO or a missing index is no identity either (and never blocks)."""
    data = (repo / ".git" / "index").read_bytes()
    assert fingerprint._index_id(str(repo / ".git")) is not None
    (tmp_path / "zeroed").mkdir()
    (tmp_path / "zeroed" / "index").write_bytes(data[:-20] + b"\0" * 20)
    assert fingerprint._index_id(str(tmp_path / "zeroed")) is None
    (tmp_path / "fifo").mkdir()
    os.mkfifo(str(tmp_path / "fifo" / "index"))
    assert fingerprint._index_id(str(tmp_path / "fifo")) is None
    assert fingerprint._index_id(str(tmp_path / "missing")) is None


def _random_step(rng, repo):
    """One random change (or non-change) of the work tree or the index; returns its name."""
    files = sorted(p for p in (repo / "src").rglob("*") if p.is_file()) + [repo / "app.py", repo / "README.md"]
    files = [p for p in files if p.exists()]
    target = rng.choice(files) if files else None
    kind = rng.choice(["modify", "chmod", "untracked", "delete", "add", "commit", "touch", "racy",
                       "ignored", "nested", "revert"])
    if kind == "modify" and target:
        target.write_text("V = %d\n" % rng.randrange(10 ** 6))
    elif kind == "chmod" and target:
        mode = os.lstat(target).st_mode
        os.chmod(target, mode ^ stat.S_IXUSR)
    elif kind == "untracked":
        (repo / "src" / ("u%d.py" % rng.randrange(5))).write_text("U = %d\n" % rng.randrange(100))
    elif kind == "delete" and target:
        target.unlink()
    elif kind == "add":
        git(repo, "add", "-A")
    elif kind == "commit":
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "--allow-empty", "-m", "step")
    elif kind == "touch" and target:
        os.utime(target)
    elif kind == "racy" and target and target.stat().st_size:
        same_size_same_mtime_edit(target)
    elif kind == "ignored":
        (repo / "NOTES.md").write_text("note %d\n" % rng.randrange(100))
    elif kind == "nested":
        (repo / "src" / "pkg").mkdir(exist_ok=True)
        (repo / "src" / "pkg" / "m.py").write_text("M = %d\n" % rng.randrange(3))
    elif kind == "revert":
        git(repo, "checkout", "-q", "--", ".")
    return kind


@pytest.mark.parametrize("seed", range(6))
def test_random_edit_sequences_match_the_full_computation(repo, seed):
    rng = random.Random(seed)
    references = [full(repo)]
    for _ in range(25):
        kind = _random_step(rng, repo)
        expected = full(repo)
        assert expected["available"], (kind, expected)
        reference = rng.choice(references)
        now = from_reference(repo, reference)
        assert now["available"] and now["tree"] == expected["tree"], (kind, now, expected)
        if now.get("via") == "snapshot":
            assert reference["tree"] == expected["tree"]
        # an edit recorded since the reference: the index is listed while status runs, same answer
        listed = fingerprint.compute(str(repo), None, BUDGET, reference=reference, edited=True)
        assert listed["available"] and listed["tree"] == expected["tree"], (kind, listed, expected)
        # nothing changed since the latest fingerprint: the snapshot must answer
        latest = from_reference(repo, expected)
        assert latest["via"] == "snapshot" and latest["tree"] == expected["tree"], kind
        latest = fingerprint.compute(str(repo), None, BUDGET, reference=expected, edited=True)
        assert latest["via"] == "snapshot" and latest["tree"] == expected["tree"], kind
        references.append(expected)


PATHS = st.lists(st.text(alphabet="ab/._LICENSE*md", min_size=1, max_size=12), max_size=30)
PATTERNS = st.lists(st.sampled_from(["*.md", "a*", "LICENSE*", "a/**", "b", "*a?b", "[ab].md", "**/b",
                                     "a/*.md", ".md", "*", "b/", "./a", "/b*", "**/b/**", "**/a.m/**"]),
                    max_size=5)


@given(PATTERNS, PATHS)
@settings(max_examples=300, deadline=None)
def test_bulk_ignore_agrees_with_one_path_at_a_time(patterns, paths):
    matcher = globs.matcher(patterns)
    encoded = [p.encode() for p in paths]
    assert matcher.ignored(encoded) == {p for p in encoded if matcher(p)}


@given(st.sampled_from(["b", "a.m", "__pycache__", ".L"]),
       st.text(alphabet="ab/._Lm_", min_size=1, max_size=14))
@settings(max_examples=400, deadline=None)
def test_a_folder_name_anywhere_matches_as_its_glob_regex(name, path):
    """``**/name/**`` is a substring test in the matcher; its answer is the glob's regex's."""
    import re

    pattern = "**/%s/**" % name
    reference = re.compile(globs.safe_regex(pattern).encode() + b"\\Z", re.S)
    matcher = globs.Matcher([pattern])
    assert matcher.dir_names and matcher.path_re is None
    assert matcher(path.encode()) == bool(reference.match(path.encode()))
    assert matcher.ignored([path.encode()]) == ({path.encode()} if reference.match(path.encode()) else set())


def test_index_listing_drops_ignored_paths(repo):
    (repo / "run.log").write_text("log\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "x.py").write_text("X = 1\n")
    git(repo, "add", "-A")
    raw = git(repo, "ls-files", "-s", "-v", "-z").encode()
    index, oid_len = fingerprint._parse_index(raw, globs.matcher(DEFAULT_FINGERPRINT_IGNORE))
    assert oid_len in (40, 64)
    assert sorted(index) == [b"app.py", b"src/a.py", b"src/b.py", b"src/c.py"]


def test_reference_is_the_newest_snapshot_of_this_repository_and_says_if_edited_since(repo, tmp_path):
    taken = full(repo)
    other = dict(taken, root=str(tmp_path))
    receipts = [{"ts": "2026-01-01T00:00:01.000Z", "fingerprint": dict(taken, tree="a" * 64)},
                {"ts": "2026-01-01T00:00:02.000Z", "fingerprint": taken},
                {"ts": "2026-01-01T00:00:03.000Z", "fingerprint": other},
                {"ts": "2026-01-01T00:00:04.000Z", "fingerprint": dict(taken, snapshot=None)},
                {"ts": "2026-01-01T00:00:05.000Z", "fingerprint": {"available": False, "reason": "budget"}},
                "garbage", {"ts": 3}]
    assert fingerprint.reference_for(receipts, str(repo / "src")) == (taken, False)
    earlier_edit = [{"ts": "2026-01-01T00:00:01.500Z", "path": "app.py"}, "garbage", {"ts": None}]
    assert fingerprint.reference_for(receipts, str(repo), earlier_edit) == (taken, False)
    later_edit = earlier_edit + [{"ts": "2026-01-01T00:00:02.000Z", "path": "app.py"}]
    assert fingerprint.reference_for(receipts, str(repo), later_edit) == (taken, True)
    assert fingerprint.reference_for(receipts, str(tmp_path / "nowhere")) == (None, False)
    assert fingerprint.reference_for(None, str(repo)) == (None, False)


def test_ignore_lists_that_join_alike_are_told_apart(repo):
    taken = full(repo, ["*.md\0*.py"])
    now = from_reference(repo, taken, ["*.md", "*.py"])
    assert now.get("via") != "snapshot" and now["tree"] == full(repo, ["*.md", "*.py"])["tree"] != taken["tree"]


def test_an_edit_since_the_reference_still_answers_from_the_snapshot_when_the_tree_is_the_same(repo, monkeypatch):
    """An edit recorded after the receipt that leaves the tree as it was (a Write of the same
    bytes, an edit undone): the snapshot answers, and the index listing started beside status is
    never parsed. When the tree did change, the listing gives the full answer."""
    (repo / "app.py").write_text("def f():\n    return 2\n")
    taken = full(repo)
    parsed = []
    real = fingerprint._parse_index
    monkeypatch.setattr(fingerprint, "_parse_index", lambda raw, matcher: parsed.append(1) or real(raw, matcher))
    for path in (repo / "app.py", repo / "src" / "b.py"):
        path.write_bytes(path.read_bytes())
    same = fingerprint.compute(str(repo), None, BUDGET, reference=taken, edited=True)
    assert same["via"] == "snapshot" and same["tree"] == taken["tree"] and parsed == []
    (repo / "src" / "a.py").write_text("VALUE = 'edited'\n")
    changed = fingerprint.compute(str(repo), None, BUDGET, reference=taken, edited=True)
    assert "via" not in changed and parsed == [1]
    assert changed["tree"] == full(repo)["tree"] != taken["tree"]


def test_background_starts_git_on_the_calling_thread(repo, monkeypatch):
    """A thread that waits for the interpreter lock while its caller imports would start git
    late: Background starts git before it returns."""
    import threading

    started_on = []
    real = gitrun.start
    monkeypatch.setattr(gitrun, "start",
                        lambda commands, envs=None: started_on.append(threading.current_thread()) or real(commands, envs))
    taken = full(repo)
    del started_on[:]
    for reference, edited in ((None, False), (taken, False), (taken, True)):
        background = fingerprint.Background(str(repo), None, BUDGET, reference, edited)
        assert started_on == [threading.current_thread()]
        assert background.result()["tree"] == taken["tree"]
        del started_on[:]


@pytest.mark.skipif(not hasattr(os, "waitid"), reason="needs os.waitid to wait without reaping")
@pytest.mark.parametrize("with_reference", [False, True])
def test_background_read_after_its_deadline_keeps_what_git_finished_in_time(repo, with_reference):
    """``result()`` may come after a long Stop or log judgement: git that finished within the
    budget counts, however late its output is read."""
    taken = full(repo)
    background = fingerprint.Background(str(repo), None, BUDGET, taken if with_reference else None)
    for pid, _fd in background.job.children.running:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)      # exited, not yet reaped
    background.job.deadline = fingerprint.time.monotonic() - 1.0
    late = background.result()
    assert late["available"] and late["tree"] == taken["tree"]
    assert late.get("via") == ("snapshot" if with_reference else None)

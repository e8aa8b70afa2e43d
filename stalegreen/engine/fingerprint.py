"""The working-tree fingerprint: one hash of every non-ignored file's content in a git repo.

Evidence is fresh when the fingerprint taken with a receipt equals the one taken at Stop. The
tree hash is sha256 over sorted ``path NUL mode blob-id LF`` lines, where mode and blob id come
from the git index for files git reports unchanged and are recomputed from disk (as git would:
``sha1("blob <size>\\0" + content)``, and 100755 for a file its owner may execute) for modified
and untracked ones. So ``git add`` and ``git commit`` change nothing, while any change of a
non-ignored file's content or mode changes the hash. git's ignore rules outside the tree
(``info/exclude``, ``core.excludesFile``) are digested beside it (``excludes``): the agent can
write them, and a change to them makes two fingerprints differ, as it may hide a new file.

Two git processes run in parallel (``ls-files -s`` for the index, ``status --porcelain=v2``
for what differs from it), started and read by ``engine/gitrun.py``. Both run with
``--no-optional-locks`` so a hook never takes ``index.lock`` under the agent's own git commands.
The repository is the agent's, and so is its config: every program its config could make these
read-only commands start is switched off (``gitrun.program_overrides``). The fingerprint does
not depend on them: a file a filter would have normalised is hashed as it is on disk, the same
way at a run and at Stop.
Over the time budget the children are killed and the fingerprint is "unavailable": edit events
decide instead. Never raises. Given the store's folder (the hooks pass it), status reads a
private copy of the index there instead, with git's untracked cache, where ``engine/gitindex.py``
finds that safe: same output, without listing every folder of the tree.

Most of that work is listing and hashing the whole index, and most of the time nothing in it
changed since the last receipt. So each fingerprint carries a snapshot: the index file's own
checksum, a digest of what ``git status`` listed, and a digest of the content and mode of
every file it listed. Given an earlier fingerprint as ``reference``, one ``git status`` (which
checks every tracked file's stat data against the index, and the racily clean ones by
content) and a re-hash of the files it lists decide whether the tree is still the
reference's; only if not is the index listed. The files status lists are always re-hashed,
never trusted by their stat data, so an edit within one timestamp tick is seen. A snapshot is
as trustworthy as the tree it sits next to: it can only ever name its own receipt's tree.
"""

import os
import sys
import time

from stalegreen.engine import gitrun

VERSION = 2                           # 2: file modes are part of the hash (chmod +x is a change)
DEFAULT_BUDGET_MS = 150
MAX_CHANGED_FILES = 1000              # files re-hashed from disk
MAX_CHANGED_BYTES = 16 * 1024 * 1024
MIN_BUDGET_LEFT_S = 0.010             # each git call gets at least this long

# ---------------------------------------------------------------- the fingerprint

def project_root(path):
    """The working tree holding ``path`` (nearest folder with ``.git``), else ``path`` itself."""
    return find_root(path) or os.path.abspath(path or ".")


def find_root(cwd):
    """The working-tree root containing ``cwd`` (a folder holding ``.git``), or None.

    Walking up in Python costs microseconds; asking git costs a process.
    """
    try:
        current = os.path.abspath(cwd or ".")
    except (OSError, ValueError):
        return None
    for _ in range(256):
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
    return None


class _TooBig(Exception):
    pass


_MAKERS = {}                           # "sha1" / "sha256" -> constructor


def _hasher(name):
    """A new ``sha1`` or ``sha256`` object from the interpreter's own small modules (``_sha1``,
    ``_sha256``, ``_sha2`` in 3.12+): ``hashlib`` loads OpenSSL first, about 4 ms of a hook's
    start on this machine. The digests are the same; ``hashlib`` where they are missing."""
    make = _MAKERS.get(name)
    if make is None:
        try:
            if name == "sha1":
                from _sha1 import sha1 as make
            elif sys.version_info >= (3, 12):    # a failed import searches all of sys.path
                from _sha2 import sha256 as make
            else:
                from _sha256 import sha256 as make
        except ImportError:
            import hashlib

            def make():
                return hashlib.new(name)
        _MAKERS[name] = make
    return make()


def _worktree_entry(path, hash_name, max_bytes):
    """``b"<mode> <object id>"`` as git would record the file or symlink at ``path`` (bytes),
    and its size; (None, 0) for a missing file or a directory. The mode is git's: 120000 for a
    symlink, 100755 when the owner may execute, else 100644. A file larger than ``max_bytes`` is
    not read: ``b"<mode> stat:<size>:<mtime ns>:<ctime ns>"`` stands for it (size 0)."""
    import stat

    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            mode = b"120000"
            data = os.readlink(path)
        elif stat.S_ISREG(st.st_mode):
            mode = b"100755" if st.st_mode & stat.S_IXUSR else b"100644"
            if st.st_size > max_bytes:
                # past what is hashed (a database, a data dump): its size and times stand for its
                # content, so one such file does not make the whole fingerprint unavailable
                return mode + b" stat:%d:%d:%d" % (st.st_size, st.st_mtime_ns, st.st_ctime_ns), 0
            data = _read_file(path, st.st_size, max_bytes)
        else:
            return None, 0
    except OSError:
        return None, 0
    digest = _hasher(hash_name)
    digest.update(b"blob %d\0" % len(data))
    digest.update(data)
    return mode + b" " + digest.hexdigest().encode("ascii"), len(data)


def _read_file(path, size, max_bytes):
    """The bytes of the file at ``path`` (``size`` bytes when it was looked at), read to its end
    with plain reads sized to it: asking a buffered file for ``max_bytes`` makes the interpreter
    allocate that much (16 MiB) for each file. Raises _TooBig past ``max_bytes``."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        chunks = []
        total = 0
        want = min(size, max_bytes) + 1
        while True:
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise _TooBig()
            want = max_bytes + 1 - total     # the file grew since: read on to its end
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _hash_line(path, entry):
    """One path's line of the tree hash: ``path NUL mode blob-id LF``."""
    return path + b"\0" + entry + b"\n"


def _parse_index(raw, matcher):
    """``git ls-files -s -v -z`` output -> ({path: its line of the tree hash (``_hash_line``)}
    without ignored paths, oid length). The lines are built here, while ``git status`` still
    runs, in list comprehensions: this runs over every tracked file."""
    if not raw:
        return {}, 40
    entries = raw.split(b"\0")
    if not entries[-1]:
        entries.pop()
    tab = entries[0].find(b"\t") if entries else -1
    oid_len = tab - 11 if tab > 11 else 40    # "<tag> <mode 6> <oid> <stage 1>\t<path>"
    stop, cut = 9 + oid_len, 12 + oid_len
    paths = [entry[cut:] for entry in entries]
    index = dict(zip(paths, [entry[cut:] + b"\0" + entry[2:stop] + b"\n" for entry in entries]))   # a
    # conflict's last stage wins
    if not matcher.empty:
        for path in matcher.ignored(paths):
            del index[path]
    index.pop(b"", None)
    return index, oid_len


def _hidden_entries(raw):
    """Index entries git status does not look at: assume-unchanged (lowercase tag) and
    skip-worktree (``S``). Returns [(path, skip_worktree)]; usually none, found by a count."""
    entries = raw.count(b"\0")
    plain = raw.count(b"\0H ") + (1 if raw.startswith(b"H ") else 0)
    if plain >= entries:
        return []
    hidden = []
    for entry in raw.split(b"\0"):
        tag = entry[:1]
        if tag and tag != b"H" and (tag == b"S" or tag.islower()):
            hidden.append((entry[entry.find(b"\t") + 1:], tag in (b"S", b"s")))
    return hidden


def _parse_status(raw):
    """``git status --porcelain=v2 -z --branch`` -> (head, [changed paths], [deleted paths],
    [submodules whose commit or tracked content changed])."""
    head = None
    changed, deleted, submodules = [], [], []
    entries = raw.split(b"\0")
    i = 0
    while i < len(entries):
        entry = entries[i]
        i += 1
        if not entry:
            continue
        tag = entry[:1]
        if tag == b"#":
            if entry.startswith(b"# branch.oid "):
                oid = entry[13:].strip()
                head = None if oid == b"(initial)" else oid[:12].decode("ascii", "replace")
        elif tag == b"1":
            parts = entry.split(b" ", 8)
            if len(parts) == 9:
                worktree = parts[1][1:2]
                if parts[2][:1] == b"S":
                    if parts[2] != b"S...":
                        submodules.append(parts[8])
                elif worktree == b"D" or parts[5] == b"000000":
                    deleted.append(parts[8])
                elif worktree != b".":
                    changed.append(parts[8])
        elif tag == b"2":
            parts = entry.split(b" ", 9)
            i += 1                   # the original path follows as its own entry
            if len(parts) == 10:
                changed.append(parts[9])
        elif tag == b"u":
            parts = entry.split(b" ", 10)
            if len(parts) == 11:
                changed.append(parts[10])
        elif tag == b"?":
            changed.append(entry[2:])
    return head, changed, deleted, submodules


def _git_dirs(root):
    """(git dir, common git dir) of the work tree at ``root``: they differ in linked worktrees."""
    git_dir = os.path.join(root, ".git")
    common = git_dir
    try:
        if os.path.isfile(git_dir):
            with open(git_dir) as fh:
                pointer = fh.read().strip()
            if pointer.startswith("gitdir:"):
                git_dir = common = os.path.join(root, pointer[7:].strip())
                common_file = os.path.join(git_dir, "commondir")
                if os.path.isfile(common_file):
                    with open(common_file) as fh:
                        common = os.path.join(git_dir, fh.read().strip())
    except (OSError, UnicodeDecodeError):
        pass
    return git_dir, common


def _index_state(git_dir):
    """What changes whenever git writes the index (it writes a new file and renames it)."""
    try:
        st = os.stat(os.path.join(git_dir, "index"))
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _object_format(common_dir):
    """``sha1`` or ``sha256`` from the repository config; only needed while the index is empty
    (otherwise the index's own ids tell)."""
    try:
        with open(os.path.join(common_dir, "config")) as fh:
            for line in fh:
                key, _, value = line.partition("=")
                if key.strip().lower() == "objectformat":
                    return value.strip().lower()
    except (OSError, UnicodeDecodeError):
        pass
    return "sha1"


def _unavailable(root, reason, started, head=None):
    return {"root": root, "head": head, "tree": None, "available": False, "reason": reason,
            "ms": round((time.monotonic() - started) * 1000, 1)}


def compute(cwd, ignore=None, budget_ms=DEFAULT_BUDGET_MS, reference=None, edited=False, store_home=None):
    """Fingerprint of the repository containing ``cwd``: dict(version, root, head, tree,
    available, reason, ms, changed, files, snapshot). ``changed`` counts the files hashed from
    disk, ``files`` the files in the hash.

    ``reference`` is an earlier fingerprint (a receipt's): when its ``snapshot`` shows the
    same index, the same ``git status`` and the same content in every file status lists, the
    tree is the reference's, found without listing or hashing the whole index. ``edited``
    (an edit was recorded since the reference) lists the index while status runs rather than
    after a failed check. ``store_home`` (the store's folder) lets status read a private copy
    of the index there, with git's untracked cache (``engine/gitindex.py``). The answer is the
    same either way. Never raises."""
    return _finish(_begin(cwd, ignore, budget_ms, reference, edited, store_home))


def store_of(session):
    """The store folder of ``session`` (for ``compute``'s ``store_home``); None for a replay's
    ``MemorySession``, which keeps no files."""
    return getattr(getattr(session, "store", None), "home", None)


def _git_commands(root, git_dir, common_dir):
    """The two read-only git commands the fingerprint runs: (index listing, status). The one
    place their git and its options are chosen (``git_dir`` and ``common_dir`` locate the
    repository's config); raises gitrun.GitMissing when there is no git to run."""
    executable = gitrun.git_executable()
    if executable is None:
        raise gitrun.GitMissing()
    git = [executable, "--no-optional-locks"] + gitrun.program_overrides(git_dir, common_dir) + ["-C", root]
    return (git + ["ls-files", "-s", "-v", "-z"],
            git + ["status", "--porcelain=v2", "-z", "--branch", "--untracked-files=all",
                   "--no-renames", "--ignore-submodules=untracked", "--no-ahead-behind"])


def _index_id(git_dir):
    """The index file's trailing checksum (hex): a digest of all of its content. None without
    an index, or for one written without a checksum (``index.skipHash``)."""
    import stat

    try:
        fd = os.open(os.path.join(git_dir, "index"), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        size = os.fstat(fd)
        if not stat.S_ISREG(size.st_mode) or size.st_size < 64:
            return None
        tail = os.pread(fd, 32, size.st_size - 32) if hasattr(os, "pread") else None
    except OSError:
        return None
    finally:
        os.close(fd)
    if not tail or len(tail) != 32 or tail[-20:] == b"\0" * 20:
        return None
    return "%d:%s" % (size.st_size, tail.hex())


def _short_digest(data):
    digest = _hasher("sha256")
    digest.update(data)
    return digest.hexdigest()[:32]


def _status_digest(raw):
    """What ``git status`` reported, less the leading ``# branch`` headers (HEAD may move)."""
    at = 0
    while raw.startswith(b"# ", at):
        end = raw.find(b"\0", at)
        if end < 0:
            return _short_digest(b"")
        at = end + 1
    return _short_digest(raw[at:])


def _ignore_digest(patterns):
    encoded = [p.encode("utf-8", "surrogateescape") for p in patterns or () if isinstance(p, str)]
    return _short_digest(b"".join(b"%d:%s" % (len(p), p) for p in encoded))


def _usable_snapshot(reference, root, patterns):
    """The reference's snapshot when it can stand for this computation, else None."""
    if not isinstance(reference, dict) or not reference.get("available") or reference.get("version") != VERSION \
            or reference.get("root") != root or not isinstance(reference.get("tree"), str):
        return None
    snapshot = reference.get("snapshot")
    if not isinstance(snapshot, dict) or snapshot.get("ignore") != _ignore_digest(patterns) \
            or snapshot.get("hash") not in ("sha1", "sha256") or not snapshot.get("index"):
        return None
    return snapshot


def _disk_outcomes(root_b, paths, matcher, hash_name, deadline):
    """[(path, entry)] for the non-ignored ``paths`` as they are on disk: ``b"<mode> <oid>"``,
    ``b"/"`` for a directory (a submodule or nested repository: the index entry stands), or
    ``b"-"`` when missing. Past the caps (files, bytes) a file's size and times stand for its
    content (``_worktree_entry``). Raises gitrun.Budget past the deadline."""
    outcomes = []
    hashed_bytes = 0
    for path in paths:
        if path.endswith(b"/") or matcher(path):
            continue
        if time.monotonic() > deadline:
            raise gitrun.Budget()
        full = root_b + b"/" + path
        left = 0 if len(outcomes) >= MAX_CHANGED_FILES else MAX_CHANGED_BYTES - hashed_bytes
        entry, size = _worktree_entry(full, hash_name, left)
        hashed_bytes += size
        if entry is None:
            entry = b"/" if os.path.isdir(full) else b"-"
        outcomes.append((path, entry))
    return outcomes


def _outcomes_digest(outcomes):
    return _short_digest(b"".join([path + b"\0" + entry + b"\n" for path, entry in outcomes]))


class _Job(object):
    """One computation between ``_begin``, which starts its git commands, and ``_finish``,
    which reads them: what was known of the repository when they started."""

    def __init__(self, started, deadline, root, patterns, git_dir, common_dir, commands):
        self.started, self.deadline, self.root = started, deadline, root
        self.root_b = os.fsencode(root)
        self.patterns, self.matcher = patterns, None
        self.git_dir, self.common_dir, self.commands = git_dir, common_dir, commands
        self.reference = self.snapshot = None
        self.children = None             # the git commands started (status alone, or both)
        self.listing = False             # the index listing is one of them
        self.index_before = self.index_id = None
        self.copy = None                 # the private index status reads (gitindex.Copy), if any
        self.excludes = None             # digest of git's ignore rules outside the tree


def _begin(cwd, ignore, budget_ms, reference=None, edited=False, store_home=None):
    """Everything up to starting git: a ``_Job`` whose git commands run, or the final answer
    when there is nothing to run. Never raises."""
    started = time.monotonic()
    job = None
    try:
        from stalegreen.engine import globs
        from stalegreen.engine.config import DEFAULT_FINGERPRINT_IGNORE

        if budget_ms is None:
            budget_ms = DEFAULT_BUDGET_MS
        deadline = started + max(float(budget_ms), 0.0) / 1000.0
        root = find_root(cwd)
        if root is None:
            return _unavailable(None, "not-git", started)
        patterns = DEFAULT_FINGERPRINT_IGNORE if ignore is None else ignore
        git_dir, common_dir = _git_dirs(root)
        commands = _git_commands(root, git_dir, common_dir)
        job = _Job(started, deadline, root, patterns, git_dir, common_dir, commands)
        snapshot = _usable_snapshot(reference, root, patterns)
        # The state first, then the id: a status whose index (or copy) was named by this id
        # read that very index when the state is the same after it.
        job.index_before = _index_state(git_dir)
        job.index_id = _index_id(git_dir)
        if snapshot is not None and snapshot["index"] == job.index_id:
            job.reference, job.snapshot = reference, snapshot
            # status decides; after an edit the listing is there if it says "changed", else
            # the tree is most likely the reference's and status alone tells
            job.listing = bool(edited)
            _start(job, store_home)
        elif deadline - time.monotonic() >= MIN_BUDGET_LEFT_S:     # else _full says "budget"
            job.listing = True
            _start(job, store_home)
        job.matcher = globs.matcher(patterns)        # while git runs
        job.excludes = _short_digest(gitrun.ignore_sources(git_dir, common_dir))
        return job
    except Exception as exc:  # the fingerprint must never break a hook
        if job is not None and job.children is not None:
            job.children.abandon()
        if job is not None and job.copy is not None:
            job.copy.settle()
        if isinstance(exc, gitrun.GitMissing):
            return _unavailable(root, "git-missing", started)
        return _unavailable(None, "error: %s" % type(exc).__name__, started)


def _start(job, store_home):
    """Start status, and the index listing when ``job.listing``. With ``store_home``, status
    reads the store's copy of the index with git's untracked cache where ``gitindex`` offers
    one (the listing always reads the real index)."""
    status, env = job.commands[1], None
    if store_home and job.index_id:
        from stalegreen.engine import gitindex

        job.copy = gitindex.prepare(store_home, _copy_key(job.git_dir), job.git_dir, job.common_dir, job.index_id)
        if job.copy is not None:
            status, env = job.copy.status_command(status), job.copy.env()
    if job.listing:
        job.children = gitrun.start([job.commands[0], status], [None, env])
    else:
        job.children = gitrun.start([status], [env])


def _copy_key(git_dir):
    """The name of a git dir's folder among the store's index copies (each worktree has its own)."""
    return _short_digest(os.fsencode(os.path.realpath(git_dir)))


def _finish(job):
    """The answer of a ``_Job`` (``_begin``'s answer when it gave one). Never raises."""
    if isinstance(job, dict):
        return job
    try:
        try:
            return _answer(job)
        finally:
            if job.children is not None:
                job.children.abandon()
            if job.copy is not None:
                job.copy.settle()            # git has exited
    except Exception as exc:  # the fingerprint must never break a hook
        return _unavailable(None, "error: %s" % type(exc).__name__, job.started)


def _answer(job):
    if job.snapshot is None or job.listing:
        return _full(job)
    children, job.children = job.children, None
    status_seen = None               # (status output, index state) the snapshot check ran
    try:
        ((code, out),) = gitrun.collect(children, job.deadline)
        if code == 0 and _index_state(job.git_dir) == job.index_before:
            status_seen = (out, job.index_before)
            if _index_id(job.git_dir) == job.snapshot["index"]:
                found = _from_snapshot(job.reference, job.snapshot, out, job.root_b, job.matcher, job.deadline,
                                       job.started)
                if found is not None:
                    return found
    except gitrun.Budget:
        return _unavailable(job.root, "budget", job.started)
    except _TooBig:
        return _unavailable(job.root, "too-many-changes", job.started)
    except gitrun.GitMissing:
        return _unavailable(job.root, "git-missing", job.started)
    return _full(job, status_seen)


def _from_snapshot(reference, snapshot, status_out, root_b, matcher, deadline, started):
    """The reference's tree when status and the content of every file it lists are as the
    snapshot recorded (the index being the same file), else None."""
    if _status_digest(status_out) != snapshot.get("status"):
        return None
    head, changed, deleted, submodules = _parse_status(status_out)
    if any(not matcher(path) for path in submodules):
        return None                  # the full computation says why
    outcomes = _disk_outcomes(root_b, changed, matcher, snapshot["hash"], deadline)
    if _outcomes_digest(outcomes) != snapshot.get("dirty"):
        return None
    return _with_opaque({"version": VERSION, "root": reference["root"], "head": head, "tree": reference["tree"],
                         "available": True, "reason": None, "ms": round((time.monotonic() - started) * 1000, 1),
                         "changed": len(outcomes), "files": reference.get("files"), "snapshot": snapshot,
                         "via": "snapshot"}, changed, matcher, outcomes, root_b, reference.get("opaque") or ())


def _full(job, status_seen=None):
    """Every index entry, with the files status lists hashed from disk. ``status_seen`` is a
    status output already taken (with the index state around it), reused when the index is
    still the same file; the job's commands, when it started both, are the first attempt."""
    root, root_b, matcher, commands = job.root, job.root_b, job.matcher, job.commands
    git_dir, common_dir, deadline, started = job.git_dir, job.common_dir, job.deadline, job.started
    parsed = {}

    def parse_index_early(position, data):
        if position == 0 and job.snapshot is None:     # else only if the snapshot check fails
            parsed["index"] = _parse_index(data, matcher)

    # ls-files and status must read the same index: if a concurrent ``git add`` or commit
    # replaced it in between, an old blob id could pair with a new "unchanged" and hide an edit.
    for _ in range(2):
        children, job.children = job.children, None
        from_copy = children is not None and job.copy is not None
        if children is not None:         # started by _begin, with the index state before them
            index_before, index_id = job.index_before, job.index_id
        elif deadline - time.monotonic() < MIN_BUDGET_LEFT_S:
            return _unavailable(root, "budget", started)
        else:
            index_before = status_seen[1] if status_seen is not None else _index_state(git_dir)
            index_id = _index_id(git_dir)
        parsed.clear()
        try:
            if children is not None:
                (ls_code, ls_out), (st_code, st_out) = gitrun.collect(children, deadline, parse_index_early)
            elif status_seen is not None:
                ((ls_code, ls_out),) = gitrun.run_parallel(commands[:1], deadline, parse_index_early)
                st_code, st_out = 0, status_seen[0]
                status_seen = None
            else:
                (ls_code, ls_out), (st_code, st_out) = gitrun.run_parallel(commands, deadline, parse_index_early)
        except gitrun.Budget:
            return _unavailable(root, "budget", started)
        except gitrun.GitMissing:
            return _unavailable(root, "git-missing", started)
        if ls_code != 0:
            return _unavailable(root, "ls-files-failed", started)
        if st_code != 0:
            if from_copy:
                continue                 # status on the real index, as without a copy
            return _unavailable(root, "status-failed", started)
        if _index_state(git_dir) == index_before:
            break
    else:
        return _unavailable(root, "index-changed", started)
    if job.snapshot is not None and index_id == job.snapshot["index"] == _index_id(git_dir):
        try:
            found = _from_snapshot(job.reference, job.snapshot, st_out, root_b, matcher, deadline, started)
        except gitrun.Budget:
            return _unavailable(root, "budget", started)
        except _TooBig:
            return _unavailable(root, "too-many-changes", started)
        if found is not None:
            found["excludes"] = job.excludes
            return found
    index, oid_len = parsed.get("index") or _parse_index(ls_out, matcher)
    head, changed, deleted, submodules = _parse_status(st_out)
    if any(not matcher(path) for path in submodules):
        # Its files are not in this index: hashing them is another repository's fingerprint.
        return _unavailable(root, "submodule-changed", started, head)
    for path in deleted:
        index.pop(path, None)
    changed_set = set(changed)
    hidden = False
    for path, skip_worktree in _hidden_entries(ls_out):
        hidden = True
        if path in changed_set or path not in index:
            continue
        if skip_worktree and not os.path.lexists(os.path.join(root_b, path)):
            continue                 # outside a sparse checkout: the index is the content
        changed.append(path)         # git promised not to look; the fingerprint does
    if not index and not ls_out:
        oid_len = 64 if _object_format(common_dir) == "sha256" else 40
    hash_name = "sha256" if oid_len == 64 else "sha1"
    try:
        outcomes = _disk_outcomes(root_b, changed, matcher, hash_name, deadline)
    except _TooBig:
        return _unavailable(root, "too-many-changes", started, head)
    except gitrun.Budget:
        return _unavailable(root, "budget", started, head)
    for path, entry in outcomes:
        if entry == b"-" or (entry == b"/" and path not in index):
            index.pop(path, None)
        elif entry != b"/":
            index[path] = _hash_line(path, entry)
    digest = _hasher("sha256")
    # Sorting the lines sorts their paths (unique; a path that is another's prefix ends in NUL
    # where the other goes on), without a look-up per path: the listing is sorted already.
    digest.update(b"".join(sorted(index.values())))
    snapshot = None
    if index_id is not None and not hidden and index_id == _index_id(git_dir):
        # What a later computation needs to see to know the tree is this one (see compute).
        snapshot = {"index": index_id, "status": _status_digest(st_out), "dirty": _outcomes_digest(outcomes),
                    "ignore": _ignore_digest(job.patterns), "hash": hash_name}
    return _with_opaque({"version": VERSION, "root": root, "head": head, "tree": digest.hexdigest(), "available": True,
                         "reason": None, "ms": round((time.monotonic() - started) * 1000, 1),
                         "changed": len(outcomes), "files": len(index), "snapshot": snapshot,
                         "excludes": job.excludes}, changed, matcher, outcomes, root_b,
                        _linked_folders(ls_out, root_b, matcher))


def _with_opaque(found, changed, matcher, outcomes, root_b, known=()):
    """``found`` with ``opaque``: the folders whose files are in no hash, so that an edit recorded
    in one is believed over an equal fingerprint (``unseen_edits``): an untracked folder status
    names without its files (a git repository of its own, not a submodule), and a symbolic link
    to a folder (git keeps the link's target, not the files behind it). ``known``: the tracked
    links to folders (``_linked_folders``), or a reference's ``opaque`` over the same index."""
    opaque = set(known)
    opaque.update(os.fsdecode(path[:-1]) for path in changed if path.endswith(b"/") and not matcher(path))
    opaque.update(os.fsdecode(path) for path, entry in outcomes
                  if entry.startswith(b"120000 ") and os.path.isdir(root_b + b"/" + path))
    if opaque:
        found["opaque"] = sorted(opaque)
    return found


def _linked_folders(raw, root_b, matcher):
    """The tracked symbolic links (mode 120000 in ``git ls-files -s`` output) that lead to a
    folder on disk; usually none, found by a search first."""
    if b" 120000 " not in raw and not raw.startswith(b"120000 "):
        return []
    found = []
    for entry in raw.split(b"\0"):
        path = entry[entry.find(b"\t") + 1:]
        if entry[2:9] == b"120000 " and not matcher(path) and os.path.isdir(root_b + b"/" + path):
            found.append(os.fsdecode(path))
    return found


def unseen_edits(fingerprint, edits):
    """The ``edits`` (records with an absolute ``path``) inside a folder the ``fingerprint``
    could not see into (``opaque``), by the folder's path or its real path (an edit through a
    link is recorded with links resolved), each with its path inside the tree. The folder of a
    ``.gitignore`` written in the tree is such a folder too: it may hide new files there, and
    itself (``*``), from status."""
    root = fingerprint.get("root") if isinstance(fingerprint, dict) else None
    if not isinstance(root, str):
        return []
    found = []
    written = [os.path.relpath(os.path.dirname(e["path"]), root) for e in edits if isinstance(e.get("path"), str)
               and os.path.basename(e["path"]) == ".gitignore" and e["path"].startswith(root + os.sep)]
    for folder in list(fingerprint.get("opaque") or ()) + written:
        folder = "" if folder == "." else folder
        inside = os.path.join(root, folder).rstrip(os.sep) if isinstance(folder, str) else None
        for prefix in {inside, os.path.realpath(inside)} if inside else ():
            found += [dict(e, path=inside + e["path"][len(prefix):]) for e in edits
                      if isinstance(e.get("path"), str) and e["path"].startswith(prefix + os.sep)]
    return found


class Background(object):
    """``compute`` in two halves: git starts here, on the caller's thread, and ``result()``
    reads and hashes what it printed. The git processes run beside the caller's own work (a
    wrapped run's log judged, the claims read) on another core; no thread is needed to wait
    for them (``threading`` costs a millisecond to import, and a thread that waits for the
    interpreter lock while its caller imports would start git late). Their pipes are widened
    (``_spawn``) so that git rarely waits for ``result()`` to read. The answer is ``compute``'s."""

    def __init__(self, cwd, ignore=None, budget_ms=DEFAULT_BUDGET_MS, reference=None, edited=False,
                 store_home=None):
        self.job = _begin(cwd, ignore, budget_ms, reference, edited, store_home)
        self.value = None

    def result(self):
        if self.value is None:
            self.value = _finish(self.job)
            self.job = None
        return self.value


def reference_for(receipts, cwd, edits=()):
    """(reference, edited): the newest receipt fingerprint with a snapshot of the repository
    holding ``cwd`` (the one that most likely saw the tree as it is now, else None), and whether
    an edit was recorded at or after that receipt. ``compute`` checks the snapshot either way;
    after an edit, which most likely changed the tree, it lists the index at the same time
    instead of after the check. (Only the speed depends on this; the answer is the same.)"""
    root = find_root(cwd) if cwd else None
    for receipt in reversed(receipts or ()):
        taken = receipt.get("fingerprint") if isinstance(receipt, dict) else None
        if root and isinstance(taken, dict) and taken.get("snapshot") and taken.get("root") == root:
            since = receipt.get("ts")
            edited = not isinstance(since, str) or any(
                isinstance(e, dict) and isinstance(e.get("ts"), str) and e["ts"] >= since for e in edits or ())
            return taken, edited
    return None, False


def compare(a, b):
    """``same``, ``different`` or ``unknown`` (either side missing, unavailable, or taken in
    different repositories)."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        return "unknown"
    if _submodule_moved(a, b) or _submodule_moved(b, a):
        return "different"
    if not a.get("available") or not b.get("available") or not a.get("tree") or not b.get("tree"):
        return "unknown"
    if a.get("root") and b.get("root") and a["root"] != b["root"]:
        return "unknown"
    if a.get("version", 1) != b.get("version", 1):
        return "unknown"        # hashed differently (version 1 left file modes out)
    if a.get("excludes") and b.get("excludes") and a["excludes"] != b["excludes"]:
        return "different"      # git's ignore rules outside the tree changed: it may hide a file
    return "same" if a["tree"] == b["tree"] else "different"


def _submodule_moved(clean, dirty):
    """A tree whose submodules were all as the index says, then one that found a submodule changed
    (its commit or its tracked files): the tree changed between the two, though neither hash can
    say how (a program run after the run rewrote a file in the submodule)."""
    return (clean.get("available") is True and bool(clean.get("tree")) and dirty.get("available") is False
            and dirty.get("reason") == "submodule-changed" and clean.get("root") == dirty.get("root"))

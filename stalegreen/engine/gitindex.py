"""A private copy of the git index in the store, so the fingerprint's ``git status`` can use
git's untracked cache without ever writing the user's ``.git``.

``git status --untracked-files=all`` lists every folder of the work tree to find untracked
files (about 16 of its 28 ms at 10k files). Git's untracked cache keeps each folder's listing
with the folder's stat data and lists again only the folders that changed; it is kept in the
index, and git uses it with ``-uall`` only when ``status.showUntrackedFiles=all`` is set (the
cache's flags must match the command's). The fingerprint never writes the user's index, so its
status reads a copy (``engine/fingerprint.py`` runs ``ls-files`` on the real index, as before):

- ``git-index/<digest of the git dir>/from-<index id>`` in the store: a copy of the real index
  named after the real file it was taken from (its size and trailing checksum, the
  fingerprint's ``_index_id``). When the real index changes, a new copy is taken from bytes
  whose checksum is checked against that id, with the real file's mtime, so git judges racily
  clean entries in it as it would in the real one; older copies are removed then.
- Each status reads a hard link of the copy (``run-<pid>-<ns>``) with optional locks, the cache
  on and the split index off. When git rewrote the link (stat data refreshed, the cache filled
  or updated), the new file is given the mtime of a moment before git started (``RACY_MARGIN_NS``
  earlier, for coarse file system clocks), made 0600 and renamed over the copy. Git lists again
  any folder whose mtime is not older than its index file's, so a folder changed while git ran
  (after it was listed, within the same timestamp tick) is listed again next time. Git never
  writes the copy itself: a process killed half-way leaves it as it was.
- Where it cannot be shown safe, ``prepare`` answers None and status reads the real index as
  before: a split index (``sharedindex.*`` files: git would read and write them in the user's
  ``.git``), a sparse checkout, an index with a submodule entry (status would run ``git status``
  in the submodule, with optional locks, on its own index) or an fsmonitor extension, an index
  without a checksum, no ``posix_spawn``, a link in place of the store's folders, any error.
  An index found to hold a submodule or fsmonitor entry gets a ``plain-<index id>`` marker, so
  it is read once, not at every event.

What the cache cannot see: git compares a folder's times in whole seconds (unless built with
``USE_NSEC``), so a folder changed twice within one second, its mtime put back to the same old
value both times and listed by git in between, looks unchanged; a tracked file in the real
index has the same limit today.
"""

import os
import stat
import time

from stalegreen.engine.safeio import FILE_MODE, NONBLOCK, OPEN_READ, make_dirs, refuse_link, write_private

FOLDER = "git-index"
# ``core.untrackedCache`` keeps the cache; ``status.showUntrackedFiles=all`` gives it the flags of
# ``-uall``; ``core.splitIndex=false`` keeps git from splitting the copy into ``sharedindex`` files
# in the user's ``.git``. A folder is listed again when its stat data moved: ctime included,
# whatever the user's ``core.trustctime``/``core.checkStat`` (a folder whose mtime a tool put
# back, tar or rsync, changed its ctime); for tracked files that only means more content checks.
STATUS_OPTIONS = ["-c", "core.untrackedCache=true", "-c", "status.showUntrackedFiles=all",
                  "-c", "core.splitIndex=false", "-c", "core.trustctime=true", "-c", "core.checkStat=default"]
RACY_MARGIN_NS = 1000000000            # a rewritten copy's mtime: this long before git started
STALE_RUN_NS = 600 * 1000000000        # a run link this old belongs to no running status
INDEX_MAX_BYTES = 256 * 1024 * 1024
_GITLINK_TYPE = 0o160000               # an index entry's mode for a submodule (gitlink)
_FSMONITOR = b"FSMN"
_HASH_SIZES = (20, 32)                 # SHA-1 and SHA-256 object ids


class Copy(object):
    """The link one status reads (``path``), and how to settle it once git has exited."""

    def __init__(self, path, live, linked_ino):
        self.path, self.live, self.linked_ino = path, live, linked_ino
        self.started_ns = time.time_ns()
        self.settled = False

    def status_command(self, argv):
        """``argv`` (the fingerprint's status, ``git --no-optional-locks ...``) reading this copy:
        with optional locks, so git may write the copy, and the cache's options."""
        if argv[1] != "--no-optional-locks":
            raise ValueError("not the fingerprint's status command")
        return [argv[0]] + STATUS_OPTIONS + argv[2:]

    def env(self):
        """Environment changes for that command: the index it reads, optional locks allowed."""
        return {"GIT_INDEX_FILE": self.path, "GIT_OPTIONAL_LOCKS": None, "GIT_TEST_SPLIT_INDEX": None}

    def settle(self):
        """After git exited (or was killed): what git wrote becomes the copy, stamped as older
        than git's start; an untouched link is removed. Never raises."""
        if self.settled:
            return
        self.settled = True
        _remove(self.path + ".lock")         # left by a git killed while it wrote
        try:
            if os.lstat(self.path).st_ino != self.linked_ino:
                fd = os.open(self.path, OPEN_READ | NONBLOCK)
                try:
                    if not stat.S_ISREG(os.fstat(fd).st_mode):
                        raise OSError("not a regular file")
                    os.fchmod(fd, FILE_MODE)
                    stamp = self.started_ns - RACY_MARGIN_NS
                    os.utime(fd, ns=(stamp, stamp))
                finally:
                    os.close(fd)
                os.replace(self.path, self.live)
                return
        except Exception:                # (no futimens here, say): the copy stays as it was
            pass
        _remove(self.path)


def prepare(store_home, key, git_dir, common_dir, index_id):
    """A ``Copy`` of the index of ``git_dir`` (whose ``_index_id`` is ``index_id``) for one
    status to read, made when missing; None where the copy is not used. ``key`` names the
    repository's folder in the store. Never raises."""
    if not store_home or not index_id or not hasattr(os, "posix_spawn") or not hasattr(os, "link"):
        return None
    try:
        for folder in set((git_dir, common_dir)):
            if os.path.lexists(os.path.join(folder, "info", "sparse-checkout")) \
                    or any(name.startswith("sharedindex.") for name in os.listdir(folder)):
                return None
        base = os.path.join(os.path.abspath(store_home), FOLDER)
        folder = os.path.join(base, key)
        name = index_id.replace(":", "-")
        live = os.path.join(folder, "from-" + name)
        try:
            found = os.lstat(live)
        except FileNotFoundError:
            found = None
        if found is None or not stat.S_ISREG(found.st_mode):
            if os.path.lexists(os.path.join(folder, "plain-" + name)) or not _copy(git_dir, base, folder, name,
                                                                                  index_id):
                return None
        refuse_link(base)
        refuse_link(folder)
        path = os.path.join(folder, "run-%d-%d" % (os.getpid(), time.time_ns()))
        os.link(live, path, follow_symlinks=False)
        return Copy(path, live, os.lstat(path).st_ino)
    except Exception:                    # whatever fails, status reads the real index as before
        return None


def _copy(git_dir, base, folder, name, index_id):
    """Take a new copy of the real index (True), or mark it as one not to copy (False)."""
    data, taken = _read_index(os.path.join(git_dir, "index"))
    if data is None or "%d:%s" % (len(data), data[-32:].hex()) != index_id:
        return False                     # changed since it was looked at: next time
    for path in (base, folder):
        make_dirs(path)
        refuse_link(path)                # never created or written through a planted link
    _clear(folder)
    if not _plain_entries(data):
        write_private(os.path.join(folder, "plain-" + name), b"")
        return False
    temporary = os.path.join(folder, "tmp-%d-%d" % (os.getpid(), time.time_ns()))
    try:
        write_private(temporary, data)
        os.utime(temporary, ns=(taken.st_atime_ns, taken.st_mtime_ns), follow_symlinks=False)
        os.replace(temporary, os.path.join(folder, "from-" + name))
    except OSError:
        _remove(temporary)
        raise
    return True


def _plain_entries(data):
    """True when ``data``, a whole index file, parses as version 2, 3 or 4 with every entry a
    file or a link (no submodule) and no fsmonitor extension; False when it holds one or cannot
    be read that way. The entries are walked, not searched for bytes: a submodule's mode as a
    byte string also turns up inside other entries' stat data and hashes."""
    if len(data) < 12 or data[:4] != b"DIRC":
        return False
    version, count = int.from_bytes(data[4:8], "big"), int.from_bytes(data[8:12], "big")
    if version not in (2, 3, 4):
        return False
    return any(_walk(data, version, count, size) for size in _HASH_SIZES)


def _walk(data, version, count, hash_size):
    """``_plain_entries`` for one object id size: False unless the entries and extensions end
    exactly at the trailing checksum."""
    end, pos, fixed = len(data) - hash_size, 12, 40 + hash_size + 2   # stat data, id, flags
    try:
        for _ in range(count):
            if pos + fixed > end:
                return False
            if int.from_bytes(data[pos + 24:pos + 28], "big") & 0o170000 == _GITLINK_TYPE:
                return False
            flags = int.from_bytes(data[pos + fixed - 2:pos + fixed], "big")
            start = pos
            pos += fixed + (2 if version >= 3 and flags & 0x4000 else 0)
            if version == 4:
                while data[pos] & 0x80:              # the varint of bytes to drop from the last path
                    pos += 1
                pos = data.index(b"\0", pos + 1) + 1
            else:
                pos = data.index(b"\0", pos) + 1
                pos = start + (pos - start + 7) // 8 * 8  # NUL padding to a multiple of eight
        while pos < end:
            if pos + 8 > end or data[pos:pos + 4] == _FSMONITOR:
                return False
            pos += 8 + int.from_bytes(data[pos + 4:pos + 8], "big")
    except (IndexError, ValueError):
        return False
    return pos == end


def _read_index(path):
    """(bytes, stat) of the index file at ``path``, or (None, None)."""
    try:
        fd = os.open(path, OPEN_READ | NONBLOCK)
    except OSError:
        return None, None
    try:
        taken = os.fstat(fd)
        if not stat.S_ISREG(taken.st_mode) or not 64 <= taken.st_size <= INDEX_MAX_BYTES:
            return None, None
        chunks, left = [], taken.st_size
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), taken
    except OSError:
        return None, None
    finally:
        os.close(fd)


def _clear(folder):
    """Remove the older copies, markers and leftovers of a repository's folder; a run link (and
    git's lock beside it) only once no status can still be reading it."""
    now = time.time_ns()
    for entry in os.listdir(folder):
        if entry.startswith("run-"):
            try:
                started = int(entry.split(".")[0].rsplit("-", 1)[1])
            except (IndexError, ValueError):
                started = 0
            if now - started < STALE_RUN_NS:
                continue
        _remove(os.path.join(folder, entry))


def prune(store_home, older_than_seconds, now=None):
    """Delete the index copies of repositories no status read for ``older_than_seconds`` (a
    folder's mtime moves with every status: each links a copy there)."""
    import shutil

    base = os.path.join(store_home, FOLDER)
    cutoff = (time.time() if now is None else now) - older_than_seconds
    try:
        refuse_link(base)
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        folder = os.path.join(base, name)
        try:
            found = os.lstat(folder)
        except OSError:
            continue
        if stat.S_ISDIR(found.st_mode) and found.st_mtime < cutoff:
            shutil.rmtree(folder, ignore_errors=True)


def _remove(path):
    try:
        os.unlink(path)
    except OSError:
        pass


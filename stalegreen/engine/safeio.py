"""Files that are nobody else's business: private modes, no symbolic links, whole writes, bounded reads.

The store (``store.py``) keeps receipts and logs that hold command output; a config file or a
transcript path comes from a user, a project or a host payload. What they share is here:
folders 0700 and files 0600 whatever the umask, ``O_NOFOLLOW`` everywhere in the store (a link
planted there is refused with ``StoreLinkError``, never written through), appends that are one
``os.write`` of a whole line under ``flock``, replaces through a temporary name, and reads of
regular files only (never a FIFO, a device or a folder) that never take more than they were
asked for. Also ``safe_name``, the folder name of a session or agent id.
"""

import os
import stat

DIR_MODE = 0o700
FILE_MODE = 0o600
SAFE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
SAFE_NAME_MAX = 96
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_OPEN_APPEND = os.O_RDWR | os.O_APPEND | os.O_CREAT | CLOEXEC
OPEN_READ = os.O_RDONLY | CLOEXEC | NOFOLLOW
NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def safe_name(text):
    """A folder name for a session id or agent id: only ``[A-Za-z0-9._-]``, no leading dot,
    bounded length. Names that had to change get a short hash of the original so two ids
    never share a folder. Idempotent: a safe name maps to itself."""
    text = "" if text is None else str(text)
    if text and len(text) <= SAFE_NAME_MAX and text[0] != "." and all(c in SAFE_CHARS for c in text):
        return text
    import hashlib

    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    cleaned = "".join(c if c in SAFE_CHARS else "_" for c in text).lstrip(".")
    cleaned = cleaned[:SAFE_NAME_MAX - 11] or "unknown"
    return "%s-%s" % (cleaned, digest)


class StoreLinkError(OSError):
    """A symbolic link where the store expects its own folder or file."""


def refuse_link(path):
    """Raise ``StoreLinkError`` when ``path`` is a symbolic link (a folder the store expects as its own)."""
    if os.path.islink(path):
        raise StoreLinkError("refusing a symbolic link inside the store: %s" % path)


def make_dirs(path):
    """Create ``path`` and missing parents as 0700 (umask ignored); existing ones untouched."""
    if os.path.isdir(path):
        return
    parent = os.path.dirname(path)
    if parent and parent != path:
        make_dirs(parent)
    try:
        os.mkdir(path, DIR_MODE)
    except FileExistsError:
        return
    os.chmod(path, DIR_MODE)


def open_private(path, flags):
    """``os.open`` with mode 0600, corrected when a umask or an older file made it wider.
    Never through a symbolic link (``O_NOFOLLOW``): a link is refused, not chmod-ed or written."""
    try:
        fd = os.open(path, flags | NOFOLLOW, FILE_MODE)
    except OSError as exc:
        refuse_link(path)
        raise exc
    try:
        if os.fstat(fd).st_mode & 0o777 != FILE_MODE:
            os.fchmod(fd, FILE_MODE)
    except (OSError, AttributeError):     # no fchmod (Windows): nothing to narrow there
        pass
    return fd


def pread(fd, length, offset):
    """``os.pread`` where there is one; elsewhere a seek and a read on a descriptor of our own."""
    if hasattr(os, "pread"):
        return os.pread(fd, length, offset)
    os.lseek(fd, offset, os.SEEK_SET)         # Windows: the descriptor is ours alone
    return os.read(fd, length)


def pwrite(fd, data, offset):
    """``os.pwrite`` where there is one; elsewhere a seek and a write."""
    if hasattr(os, "pwrite"):
        return os.pwrite(fd, data, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.write(fd, data)


def pwrite_all(fd, data, offset=0):
    """All of ``data`` at ``offset`` (``pwrite`` may write less than it was given)."""
    view = memoryview(data)
    while view:
        written = pwrite(fd, view, offset)
        view = view[written:]
        offset += written


def write_all(fd, data):
    """All of ``data`` at the descriptor's position (``os.write`` may write less than it was given)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def append_line(path, data):
    """One ``os.write`` of a whole line on O_APPEND: atomic against other appenders. When the
    file does not end with a newline (a write cut short), the record starts on a fresh line, so
    the broken line stays alone and the reader skips only it."""
    try:
        fd = open_private(path, _OPEN_APPEND)
    except FileNotFoundError:
        make_dirs(os.path.dirname(path))
        fd = open_private(path, _OPEN_APPEND)
    try:
        _lock(fd)         # appenders take turns between the look at the last byte and the write
        size = os.fstat(fd).st_size
        if size and pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        write_all(fd, data)
    finally:
        os.close(fd)      # releases the lock, also when the process dies


def _lock(fd):
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)
    except (ImportError, OSError):   # no flock (Windows, some network filesystems): O_APPEND alone
        pass


def write_private(path, data):
    """``data`` as the whole of ``path``, written in place (0600, never through a link)."""
    fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)


def write_replace(path, data):
    """Write a whole small file through a temporary name and a rename (readers never see half)."""
    tmp = "%s.%d.tmp" % (path, os.getpid())
    try:
        write_private(tmp, data)
        os.replace(tmp, path)
    except StoreLinkError:
        raise
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        write_private(path, data)


def read_range(fd, offset, length):
    """Up to ``length`` bytes from ``offset`` (fewer at the end of the file), in 16 MiB reads."""
    parts = []
    while length > 0:
        chunk = pread(fd, min(length, 1 << 24), offset)
        if not chunk:
            break
        parts.append(chunk)
        offset += len(chunk)
        length -= len(chunk)
    return b"".join(parts)


def read_regular_file(path, max_bytes, tail=False, whole=False, follow_links=False):
    """At most ``max_bytes`` of ``path`` (its end when ``tail``), or None.

    Only a regular file is read, never a FIFO, a device such as /dev/zero, a directory or (unless
    ``follow_links``) a symbolic link, and never more than ``max_bytes``. The check is on the
    opened descriptor (``O_NONBLOCK`` so opening a FIFO does not wait for a writer), so the file
    cannot be swapped after it. For paths a host payload names (a transcript, a spilled output
    file) and the store's own files.

    ``whole``: the file only when it fits, ``False`` (not None) when it is larger: for a file read
    as one document (a config, saved digests) that a cut would misread. ``follow_links``: for files
    a user may keep as a link (a config in a dotfiles repository, a hook file); never in the store.
    """
    if not isinstance(path, str) or not path or "\0" in path:
        return None
    try:
        fd = os.open(path, (OPEN_READ & ~NOFOLLOW if follow_links else OPEN_READ) | NONBLOCK)
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        if whole:
            if st.st_size > max_bytes:
                return False
            # a regular file gives all it has in one read; asking for its size (not the cap) keeps
            # the buffer small, one byte more sees a file that grew since
            data = os.read(fd, min(st.st_size, max_bytes) + 1)
            return data if len(data) <= max_bytes else False
        start = max(0, st.st_size - max_bytes) if tail else 0
        return read_range(fd, start, min(st.st_size - start, max_bytes))
    except OSError:
        return None
    finally:
        os.close(fd)

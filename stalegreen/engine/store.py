"""The private store: ``$STALEGREEN_HOME`` or ``~/.stalegreen``.

Layout::

    errors.jsonl                 failures of stalegreen itself ({ts, event, error, where})
    sessions/<root>/
      receipts.jsonl edits.jsonl pending.jsonl deferred.jsonl verdicts.jsonl
      seq                        receipt counter hint (decimal text)
      ids/r-0001 ...             one empty claim file per id handed out
      tamper.jsonl               agent writes to stalegreen's config, hook registrations, the store
      config-snapshot.json       the config in force at the session's first event
      turn.json, turn-<agent>.json
      runs/<id>.log, runs/<id>.log.exit

Several hook processes write one session at once (parallel tool calls, subagents). Each JSONL
record is one ``os.write`` of the whole line on an ``O_APPEND`` descriptor, so lines never
interleave. A line cut short (full disk, a killed process) is closed before the next record is
appended, so it costs only itself (appenders take turns with ``flock`` between looking at the
last byte and writing; the lock goes with the descriptor, so it cannot go stale). Readers skip
what does not parse and records whose fields have the wrong type (counted in ``errors.jsonl``):
one bad record never disables the gate. Receipt ids are claimed by creating
``ids/<id>`` with ``O_EXCL``: the kernel lets exactly one process create a name, so two
processes can never get the same id, there is no lock to wait on or to go stale, and a crash
at any point only skips a number. ``seq`` is a hint that saves probing from 1.

Folders are 0700 and files 0600 whatever the umask: receipts and logs hold command output.
Every file is opened with ``O_NOFOLLOW`` and the folders inside the store are checked not to be
symbolic links: a link planted in the store is refused (an error), never written through. The
file primitives that make this so are in ``safeio``; this module is the layout and the records.
"""

import os
import stat
import time

from stalegreen.engine import fastjson, safeio
from stalegreen.engine.clock import now_iso
from stalegreen.engine.config import home_dir
from stalegreen.engine.safeio import (  # safe_name and read_regular_file are also this module's API
    CLOEXEC, FILE_MODE, NOFOLLOW, NONBLOCK, OPEN_READ, append_line, make_dirs, open_private, pread, pwrite,
    pwrite_all, read_range, read_regular_file, refuse_link, safe_name, write_private, write_replace)

StoreLinkError = safeio.StoreLinkError    # what a Session write raises on a planted link
KINDS = ("receipts", "edits", "pending", "deferred", "verdicts", "tamper")
SNAPSHOT_MAX_BYTES = 1024 * 1024
CONFIG_SNAPSHOT = "config-snapshot.json"   # the config in force at the session's first event
TRUNCATION_HEAD_SHARE = 0.2
TRUNCATION_MARKER = "\n[stalegreen] log truncated: %d characters omitted\n"
ERROR_TEXT_MAX = 2000
ERRORS_MAX_BYTES = 1024 * 1024    # errors.jsonl is rotated to errors.jsonl.1 beyond this
TURN_MAX_BYTES = 1024 * 1024
SEQ_FORMAT = b"%010d\n"


def _encode(record):
    """One JSONL line. Text is stored as UTF-8; a lone surrogate (only ever inside a JSON string)
    becomes its ``\\udXXXX`` escape, so the line is valid UTF-8 and reads back unchanged."""
    return (fastjson.dumps(record, default=str) + "\n").encode("utf-8", "backslashreplace")


def _decode_lines(data, skipped=None):
    """Dict records from JSONL bytes. Fast path: the whole text as one JSON array (one C
    call); any bad line sends it to the line-by-line path, which skips what does not parse
    (appending 1 to ``skipped`` per line skipped, when given)."""
    text = data.decode("utf-8", "replace").strip()
    if not text:
        return []
    if "\n\n" not in text and "\r" not in text:
        try:
            records = fastjson.loads("[" + text.replace("\n", ",") + "]")
            if len(records) == text.count("\n") + 1:   # one element per line, none merged
                return [r for r in records if isinstance(r, dict)]
        except ValueError:
            pass
    records = []
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            record = fastjson.loads(line.decode("utf-8", "replace"))
        except ValueError:
            record = None
        if isinstance(record, dict):
            records.append(record)
        elif skipped is not None:
            skipped.append(1)
    return records


def read_jsonl(path, last=None, skipped=None):
    """The dict records of a JSONL file, skipping unparseable lines (counted in ``skipped``);
    [] when missing or not a regular file.

    With ``last``, only the final ``last`` records, read backwards from the end so long files
    cost what the tail costs.
    """
    try:
        fd = os.open(path, OPEN_READ | NONBLOCK)
    except OSError:
        return []
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return []
        size = st.st_size
        if last is None:
            return _decode_lines(read_range(fd, 0, size), skipped)
        if last <= 0:
            return []
        block = 64 * 1024
        end = size
        data = b""
        while end > 0:
            start = max(0, end - block)
            data = read_range(fd, start, end - start) + data
            end = start
            if data.count(b"\n") > last + 1:
                break
        if end > 0:
            data = data[data.find(b"\n") + 1:]   # the first line may be cut
        return _decode_lines(data, skipped)[-last:]
    finally:
        os.close(fd)


def truncate_log(text, max_bytes):
    """``text`` when it fits in ``max_bytes`` (UTF-8); else its head (20 %) and tail (80 %)
    around a marker line saying how many characters were left out."""
    if max_bytes is None or len(text) <= max_bytes // 4 or len(text.encode("utf-8", "replace")) <= max_bytes:
        return text
    marker_room = len(TRUNCATION_MARKER % len(text))
    budget = max(0, max_bytes - marker_room)
    data = text.encode("utf-8", "replace")
    head_bytes = int(budget * TRUNCATION_HEAD_SHARE)
    head = data[:head_bytes].decode("utf-8", "ignore")
    tail = data[len(data) - (budget - head_bytes):].decode("utf-8", "ignore") if budget > head_bytes else ""
    omitted = len(text) - len(head) - len(tail)
    return head + (TRUNCATION_MARKER % omitted) + tail


STORED_COMMAND_MAX = 4096
COMMAND_CUT = "… [stalegreen: %d more characters]"


def bounded_command(text):
    """A command line as repeated in each run's record: whole when short, else its head and a
    note. Copying a whole line with a thousand runs into each of their records would grow with
    the square of the runs."""
    if not isinstance(text, str) or len(text) <= STORED_COMMAND_MAX:
        return text
    return text[:STORED_COMMAND_MAX] + COMMAND_CUT % (len(text) - STORED_COMMAND_MAX)


COMMAND_FIELDS = ("command", "wrappedCommand", "segment", "cmd", "source", "rerun")


def redact_commands(record):
    """``record`` with secrets masked in its command-line fields (``redact: true``): a token
    typed on the command line must not stay in pending.jsonl or receipts.jsonl."""
    from stalegreen.engine import redaction

    masked = dict(record)
    for field in COMMAND_FIELDS:
        if isinstance(masked.get(field), str):
            masked[field] = redaction.mask(masked[field])
    return masked


class MalformedRecords(ValueError):
    """Records skipped on reading: lines that do not parse, or fields of the wrong type."""


_OPTIONAL_TEXT = (str, type(None))
_OPTIONAL_FLAG = (bool, type(None))
_COUNTS = (dict, type(None))
# The fields that readers compare, sort, format or index, and the types they may hold; other
# fields are not checked. A record breaking one is skipped (never trusted, never fatal).
RECORD_FIELDS = {
    "receipts": {"id": (str,), "ts": (str,), "cwd": _OPTIONAL_TEXT, "cmd": _OPTIONAL_TEXT,
                 "source": _OPTIONAL_TEXT, "runner": _OPTIONAL_TEXT, "via": _OPTIONAL_TEXT,
                 "category": _OPTIONAL_TEXT, "scope": _OPTIONAL_TEXT, "verdict": _OPTIONAL_TEXT,
                 "signal": _OPTIONAL_TEXT, "maskReason": _OPTIONAL_TEXT, "rerun": _OPTIONAL_TEXT,
                 "log": _OPTIONAL_TEXT, "exit": (int, type(None)), "masked": _OPTIONAL_FLAG,
                 "counts": _COUNTS, "fingerprint": (dict, type(None))},
    "edits": {"ts": (str,), "path": _OPTIONAL_TEXT, "kind": _OPTIONAL_TEXT},
    "pending": {"id": (str,), "command": (str,), "ts": _OPTIONAL_TEXT, "cwd": _OPTIONAL_TEXT,
                "runner": _OPTIONAL_TEXT, "category": _OPTIONAL_TEXT, "scope": _OPTIONAL_TEXT,
                "segment": _OPTIONAL_TEXT, "log": _OPTIONAL_TEXT, "wrappedCommand": _OPTIONAL_TEXT,
                "unwrapped": _OPTIONAL_TEXT, "lineStart": (dict, type(None))},
    "deferred": {"id": (str,), "ts": _OPTIONAL_TEXT, "category": _OPTIONAL_TEXT, "runner": _OPTIONAL_TEXT,
                 "cmd": _OPTIONAL_TEXT, "command": _OPTIONAL_TEXT, "cwd": _OPTIONAL_TEXT},
    "verdicts": {"ts": _OPTIONAL_TEXT, "verdicts": (list, type(None)), "blocked": _OPTIONAL_FLAG,
                 "message": _OPTIONAL_TEXT},
    "tamper": {"ts": (str,), "path": _OPTIONAL_TEXT, "label": _OPTIONAL_TEXT, "kind": _OPTIONAL_TEXT,
               "via": _OPTIONAL_TEXT, "command": _OPTIONAL_TEXT, "reported": (int, type(None))},
}
REQUIRED_FIELDS = {"receipts": ("id", "ts"), "edits": ("ts",), "pending": ("id", "command"),
                   "deferred": ("id",), "verdicts": (), "tamper": ("ts",)}
TURN_FIELDS = {"blocked": (list, type(None)), "since": _OPTIONAL_TEXT, "lastStop": _OPTIONAL_TEXT,
               "ts": _OPTIONAL_TEXT, "turn": (str, int, type(None))}


def _fields_ok(record, fields, required=()):
    for name in required:
        if name not in record:
            return False
    for name, types in fields.items():
        value = record.get(name)
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            return False
    return True


def valid_record(kind, record):
    """Whether a stored record has the field types its readers rely on (``ts`` a string,
    ``counts`` numbers, ...)."""
    if not _fields_ok(record, RECORD_FIELDS.get(kind, {}), REQUIRED_FIELDS.get(kind, ())):
        return False
    counts = record.get("counts")
    if counts:
        for value in counts.values():
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
                return False
    return True


def _valid_turn(state):
    if not isinstance(state, dict) or not _fields_ok(state, TURN_FIELDS):
        return False
    return all(isinstance(c, str) for c in state.get("blocked") or ())


class Session(object):
    """One session's folder. Nothing is created until the first write."""

    def __init__(self, store, root):
        self.store = store
        self.root = safe_name(root)
        self.dir = os.path.join(store.home, "sessions", self.root)
        self.runs_dir = os.path.join(self.dir, "runs")
        self._dirs_checked = False
        self._reported = set()
        self.redact = False          # set from the config's ``redact`` by the engine

    def _check_dirs(self):
        """Refuse a symbolic link in place of the session's folders (checked once per process)."""
        if not self._dirs_checked:
            for path in (self.store.sessions_dir, self.dir, self.runs_dir, os.path.join(self.dir, "ids")):
                refuse_link(path)
            self._dirs_checked = True

    def _skipped(self, what, count):
        if (what, count) in self._reported:
            return                       # read again in the same hook call: counted once
        self._reported.add((what, count))
        record_error("store:%s" % what, MalformedRecords(
            "%d malformed record%s skipped in %s" % (count, "" if count == 1 else "s", self.dir)),
            self.store.home)

    def __repr__(self):
        return "Session(%r)" % self.dir

    def _path(self, kind):
        if kind not in KINDS:
            raise ValueError("unknown record kind %r" % (kind,))
        self._check_dirs()
        return os.path.join(self.dir, kind + ".jsonl")

    # -- records
    def append(self, kind, record):
        """Append one record (a dict; ``ts`` filled in when missing) to ``<kind>.jsonl``; with
        ``redact`` set, the command lines in it are masked first."""
        if "ts" not in record:
            record = dict(record, ts=now_iso())
        if self.redact:
            record = redact_commands(record)
        append_line(self._path(kind), _encode(record))

    def read(self, kind, last=None):
        """All records of ``kind`` in write order (or the final ``last``). Lines that do not
        parse and records with fields of the wrong type are skipped and counted in
        ``errors.jsonl``."""
        skipped = []
        records = read_jsonl(self._path(kind), last, skipped)
        good = [r for r in records if valid_record(kind, r)]
        bad = len(skipped) + len(records) - len(good)
        if bad:
            self._skipped(kind, bad)
        return good

    # -- ids
    def next_id(self):
        """A new id ``r-0001``, ``r-0002``... never handed out twice in this session, also
        across processes. Also makes sure ``runs/`` exists for the run's log."""
        self._check_dirs()
        ids_dir = os.path.join(self.dir, "ids")
        if not os.path.isdir(ids_dir):
            make_dirs(self.runs_dir)
            make_dirs(ids_dir)
        seq_fd = open_private(os.path.join(self.dir, "seq"), os.O_RDWR | os.O_CREAT | CLOEXEC)
        try:
            number = self._seq_hint(seq_fd, ids_dir) + 1
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | CLOEXEC
            while True:
                rid = "r-%04d" % number
                try:
                    os.close(os.open(os.path.join(ids_dir, rid), flags, FILE_MODE))
                    break
                except FileExistsError:
                    number += 1
            # Fixed width: concurrent writers overwrite each other whole, never half.
            pwrite(seq_fd, SEQ_FORMAT % number, 0)
        finally:
            os.close(seq_fd)
        return rid

    @staticmethod
    def _seq_hint(seq_fd, ids_dir):
        """The last id handed out, from ``seq``; from the claim files when ``seq`` is unusable."""
        try:
            return max(0, int(pread(seq_fd, 64, 0).strip() or b"x"))
        except (OSError, ValueError):
            pass
        best = 0
        try:
            for name in os.listdir(ids_dir):
                if name.startswith("r-") and name[2:].isdigit():
                    best = max(best, int(name[2:]))
        except OSError:
            pass
        return best

    # -- logs
    def log_path(self, rid):
        return os.path.join(self.runs_dir, "%s.log" % rid)

    def exit_path(self, rid):
        return self.log_path(rid) + ".exit"

    def prepare_run(self, rid):
        """Create an empty 0600 log and exit file for a wrapped run before the shell writes
        them (a shell redirect would create them with the user's umask). Returns the log path."""
        self._check_dirs()
        path = self.log_path(rid)
        make_dirs(self.runs_dir)
        for target in (path, path + ".exit"):
            os.close(open_private(target, os.O_WRONLY | os.O_CREAT | CLOEXEC))
        return path

    def write_log(self, rid, text, max_bytes=None):
        """Write a run's output (truncated above ``max_bytes``); returns the log path."""
        self._check_dirs()
        path = self.log_path(rid)
        data = truncate_log(text or "", max_bytes).encode("utf-8", "replace")
        try:
            write_private(path, data)
        except FileNotFoundError:
            make_dirs(self.runs_dir)
            write_private(path, data)
        return path

    def cap_log(self, rid, max_bytes):
        """The wrapper writes a run's whole output; keep its head and tail within ``max_bytes``
        (in place, never through a link). Missing or small logs are left alone."""
        self._check_dirs()
        try:
            fd = os.open(self.log_path(rid), os.O_RDWR | CLOEXEC | NOFOLLOW | NONBLOCK)
        except OSError:
            return
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size <= max_bytes:
                return
            head_bytes = max_bytes // 5
            tail_bytes = max_bytes - head_bytes
            head = read_range(fd, 0, head_bytes)
            tail = read_range(fd, st.st_size - tail_bytes, tail_bytes)
            marker = (TRUNCATION_MARKER % (st.st_size - head_bytes - tail_bytes)).encode("utf-8")
            data = head + marker + tail
            pwrite_all(fd, data)
            os.ftruncate(fd, len(data))
        finally:
            os.close(fd)

    def read_log(self, rid, max_bytes=None):
        """A run's log text (the last ``max_bytes`` when given), or None (missing, a link,
        not a regular file)."""
        self._check_dirs()
        data = read_regular_file(self.log_path(rid), max_bytes or (1 << 62), tail=True)
        return None if data is None else data.decode("utf-8", "replace")

    def read_exit(self, rid):
        """The exit status the wrapper wrote beside the log, or None (missing, empty, garbage)."""
        self._check_dirs()
        text = (read_regular_file(self.exit_path(rid), 64) or b"").strip()
        try:
            return int(text.split()[0]) if text else None
        except ValueError:
            return None

    # -- turn state
    def _turn_path(self, agent):
        name = "turn.json" if not agent else "turn-%s.json" % safe_name(agent)
        return os.path.join(self.dir, name)

    def load_turn(self, agent=None):
        """The turn state saved at the last Stop, or None (missing; malformed ones are counted)."""
        self._check_dirs()
        data = read_regular_file(self._turn_path(agent), TURN_MAX_BYTES)
        if data is None:
            return None
        try:
            state = fastjson.loads(data.decode("utf-8", "replace"))
        except ValueError:
            state = None
        if not _valid_turn(state):
            self._skipped("turn", 1)
            return None
        return state

    def save_turn(self, agent, state):
        self._save(self._turn_path(agent), state)

    def _save(self, path, value):
        """Replace one small JSON file of the session whole (the folder is made on first use)."""
        self._check_dirs()
        data = _encode(value)          # a lone surrogate stays a JSON escape
        try:
            write_replace(path, data)
        except FileNotFoundError:
            make_dirs(self.dir)
            write_replace(path, data)

    # -- the session's config snapshot
    def load_config(self):
        """The config snapshot taken at the session's first event, or None."""
        self._check_dirs()
        data = read_regular_file(os.path.join(self.dir, CONFIG_SNAPSHOT), SNAPSHOT_MAX_BYTES)
        try:
            return fastjson.loads(data.decode("utf-8")) if data else None
        except (ValueError, UnicodeDecodeError):
            return None

    def has_records(self):
        """Whether anything besides the config snapshot was written for the session: records,
        run ids, logs or turn state (all come after the snapshot)."""
        try:
            return any(not name.startswith(CONFIG_SNAPSHOT) for name in os.listdir(self.dir))
        except OSError:
            return False

    def save_config(self, snapshot):
        self._save(os.path.join(self.dir, CONFIG_SNAPSHOT), snapshot)

    # -- protected files hashed before a tree-moving git command, until its result arrives
    def _protected_path(self, tool_use_id):
        return os.path.join(self.dir, "protected-%s.json" % safe_name(tool_use_id))

    def save_protected(self, tool_use_id, digests):
        self._save(self._protected_path(tool_use_id), digests)

    def pop_protected(self, tool_use_id):
        """The digests saved for ``tool_use_id`` (then forgotten), or None."""
        path = self._protected_path(tool_use_id)
        data = read_regular_file(path, SNAPSHOT_MAX_BYTES, whole=True)     # the store's own file: no link
        try:
            os.unlink(path)
        except OSError:
            pass
        try:
            value = fastjson.loads(data.decode("utf-8")) if data else None
        except (ValueError, UnicodeDecodeError):
            return None
        return value if isinstance(value, dict) else None

    # -- housekeeping
    def last_activity(self):
        """Newest modification time among the session's files (0 when empty or missing)."""
        newest = 0.0
        for name in ("receipts.jsonl", "edits.jsonl", "pending.jsonl", "deferred.jsonl",
                     "verdicts.jsonl", "tamper.jsonl", "seq", "turn.json", ""):
            try:
                newest = max(newest, os.stat(os.path.join(self.dir, name)).st_mtime)
            except OSError:
                pass
        return newest

    def size(self):
        """(bytes, files) under the session folder."""
        total = files = 0
        for folder, _, names in os.walk(self.dir):
            for name in names:
                try:
                    total += os.lstat(os.path.join(folder, name)).st_size
                    files += 1
                except OSError:
                    pass
        return total, files

    def prune(self, older_than_seconds, now=None):
        """Delete the whole session when its last activity is older than the cutoff.
        Returns True when it was removed."""
        now = time.time() if now is None else now
        if not os.path.isdir(self.dir) or self.last_activity() > now - older_than_seconds:
            return False
        import shutil

        shutil.rmtree(self.dir, ignore_errors=True)
        return not os.path.exists(self.dir)


class Store(object):
    """The store root; sessions live in ``sessions/<root>/``."""

    def __init__(self, home=None):
        self.home = os.path.abspath(home or home_dir())
        self.sessions_dir = os.path.join(self.home, "sessions")
        self.errors_path = os.path.join(self.home, "errors.jsonl")

    def __repr__(self):
        return "Store(%r)" % self.home

    def session(self, root):
        return Session(self, root)

    def sessions(self):
        """Session roots, most recently active first."""
        try:
            names = os.listdir(self.sessions_dir)
        except OSError:
            return []
        found = []
        for name in names:
            if os.path.isdir(os.path.join(self.sessions_dir, name)):
                found.append((Session(self, name).last_activity(), name))
        found.sort(key=lambda item: (-item[0], item[1]))
        return [name for _, name in found]

    def prune(self, older_than_seconds, now=None):
        """Delete sessions idle for longer than ``older_than_seconds``, and the copies of git
        indexes (``engine/gitindex.py``) unused as long; returns the sessions' roots."""
        from stalegreen.engine import gitindex

        removed = []
        for root in self.sessions():
            if Session(self, root).prune(older_than_seconds, now):
                removed.append(root)
        gitindex.prune(self.home, older_than_seconds, now)
        return removed

    def errors(self, last=None):
        return read_jsonl(self.errors_path, last)

    def report(self):
        """What ``doctor`` shows: where the store is, how big, its sessions, its own errors."""
        sessions = []
        total = files = 0
        for root in self.sessions():
            session = Session(self, root)
            size, count = session.size()
            total += size
            files += count
            sessions.append({"root": root, "bytes": size, "files": count,
                             "lastActivity": session.last_activity()})
        try:
            errors_bytes = os.path.getsize(self.errors_path)
        except OSError:
            errors_bytes = 0
        problems = []
        for path in (self.home, self.sessions_dir):
            try:
                mode = os.stat(path).st_mode & 0o777
            except OSError:
                continue
            if mode & 0o077:
                problems.append("%s is mode %o (expected 700)" % (path, mode))
        return {"home": self.home, "bytes": total + errors_bytes, "files": files,
                "sessions": sessions, "errors": len(self.errors()), "errorsBytes": errors_bytes,
                "problems": problems}


def _innermost_frame(exc):
    tb = getattr(exc, "__traceback__", None)
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return None
    code = tb.tb_frame.f_code
    return "%s:%d (%s)" % (os.path.basename(code.co_filename), tb.tb_lineno, code.co_name)


def record_error(label, exc, home=None):
    """Count a failure of stalegreen itself in ``errors.jsonl``. Never raises."""
    try:
        message = "%s: %s" % (type(exc).__name__, exc)
        record = {"ts": now_iso(), "event": str(label), "error": message[:ERROR_TEXT_MAX]}
        where = _innermost_frame(exc)
        if where:
            record["where"] = where
        path = Store(home).errors_path
        try:
            if os.path.getsize(path) > ERRORS_MAX_BYTES:
                os.replace(path, path + ".1")   # a failing hook must not fill the disk
        except OSError:
            pass
        append_line(path, _encode(record))
    except Exception:
        pass


class MemorySession(object):
    """The Session API kept in memory, for transcript replays: no files, no logs on disk
    (``log_path`` and ``write_log`` give None)."""

    def __init__(self, root="replay"):
        self.root = safe_name(root)
        self.dir = None
        self.records = dict((kind, []) for kind in KINDS)
        self.logs = {}
        self.turns = {}
        self.config_snapshot = None
        self.counter = 0
        self.redact = False
        self.protected = {}

    def __repr__(self):
        return "MemorySession(%r)" % self.root

    def append(self, kind, record):
        if kind not in KINDS:
            raise ValueError("unknown record kind %r" % (kind,))
        if "ts" not in record:
            record = dict(record, ts=now_iso())
        if self.redact:
            record = redact_commands(record)
        self.records[kind].append(fastjson.loads(fastjson.dumps(record, default=str, ensure_ascii=True)))

    def read(self, kind, last=None):
        if kind not in KINDS:
            raise ValueError("unknown record kind %r" % (kind,))
        records = [dict(r) for r in self.records[kind]]
        if last is not None:
            return records[-last:] if last > 0 else []
        return records

    def next_id(self):
        self.counter += 1
        return "r-%04d" % self.counter

    def log_path(self, rid):
        return None

    def exit_path(self, rid):
        return None

    def prepare_run(self, rid):
        return None

    def cap_log(self, rid, max_bytes):
        return None

    def write_log(self, rid, text, max_bytes=None):
        self.logs[rid] = truncate_log(text or "", max_bytes)
        return None

    def read_log(self, rid, max_bytes=None):
        text = self.logs.get(rid)
        if text is not None and max_bytes and len(text) > max_bytes:
            return text[-max_bytes:]
        return text

    def read_exit(self, rid):
        return None                  # no wrapper ever ran: replays only see what the host showed

    def load_config(self):
        return self.config_snapshot

    def has_records(self):
        return bool(self.turns or self.counter or any(self.records.values()))

    def save_protected(self, tool_use_id, digests):
        self.protected[tool_use_id] = dict(digests)

    def pop_protected(self, tool_use_id):
        return self.protected.pop(tool_use_id, None)

    def save_config(self, snapshot):
        self.config_snapshot = fastjson.loads(fastjson.dumps(snapshot, default=str))

    def load_turn(self, agent=None):
        state = self.turns.get(agent or None)
        return dict(state) if state is not None else None

    def save_turn(self, agent, state):
        self.turns[agent or None] = dict(state)

    def last_activity(self):
        return 0.0

    def prune(self, older_than_seconds, now=None):
        return False

"""Editing a user's files safely: parse strictly, write atomically, back up, remember.

Rules every installer follows through these helpers:
- a file that does not parse is never written: ``FileProblem`` names the file and line;
- writes go to a temporary file in the same directory, keep the old mode, and are renamed over
  the original (through symlinks: a dotfiles-managed ``settings.json`` stays a symlink);
- the bytes before our first change are kept under ``<home>/backups/`` and recorded in the
  install manifest, so uninstall can give back the exact original when nobody touched the file
  since, and can delete a file install created;
- JSON is re-emitted with the file's own indent, key order and trailing newline.
"""

import hashlib
import json
import os
import time

from stalegreen.engine.config import home_dir

MANIFEST_NAME = "install.json"


class FileProblem(Exception):
    """A user file we must not touch (unparseable, wrong shape). The message names file and line."""


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read_bytes(path):
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def real_path(path):
    """Where a write should land: follow symlinks so a linked dotfile stays linked."""
    return os.path.realpath(path)


def atomic_write(path, data, mode=None):
    """Write bytes to ``path`` via temp + rename, keeping the existing file's mode."""
    target = real_path(path)
    directory = os.path.dirname(target)
    os.makedirs(directory, exist_ok=True)
    try:
        keep_mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        keep_mode = mode
    tmp = os.path.join(directory, ".%s.stalegreen-%d.tmp" % (os.path.basename(target), os.getpid()))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_mode is None:
            umask = os.umask(0)
            os.umask(umask)
            keep_mode = 0o666 & ~umask
        os.chmod(tmp, keep_mode)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# ----------------------------------------------------------------------------- JSON

def detect_indent(text):
    """The indent unit of a pretty-printed JSON text: a string of spaces/tab, or None (compact)."""
    for line in text.splitlines()[1:]:
        stripped = line.lstrip(" \t")
        if stripped and len(stripped) < len(line):
            lead = line[: len(line) - len(stripped)]
            return "\t" if lead.startswith("\t") else " " * len(lead)
    if "\n" in text.strip():
        return "  "
    return None if text.strip() else "  "


def parse_json(path, data):
    """Decode a JSON object file; an empty file counts as ``{}``. Raises FileProblem."""
    if data is None:
        return {}
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem("%s: not UTF-8 (byte %d); not changed" % (path, exc.start))
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        col = getattr(exc, "colno", None)
        where = "line %s column %s: " % (line, col) if line else ""
        raise FileProblem("%s: %snot valid JSON (%s); not changed, fix it or move it away"
                          % (path, where, getattr(exc, "msg", exc)))
    if not isinstance(value, dict):
        raise FileProblem("%s: expected a JSON object at the top level; not changed" % path)
    return value


def dump_json(value, original):
    """Serialise like the original file: same indent, same final newline (default: 2 spaces + NL)."""
    text = original.decode("utf-8-sig") if original else ""
    indent = detect_indent(text) if text.strip() else "  "
    out = json.dumps(value, indent=indent, ensure_ascii=False)
    if indent is None:
        out = json.dumps(value, ensure_ascii=False)
    if not text.strip() or text.endswith("\n"):
        out += "\n"
    prefix = "\ufeff" if text.startswith("\ufeff") else ""
    return (prefix + out).encode("utf-8")


# ----------------------------------------------------------------------------- manifest

def manifest_path(home=None):
    return os.path.join(home or home_dir(), MANIFEST_NAME)


def load_manifest(home=None):
    data = read_bytes(manifest_path(home))
    if not data:
        return {"version": 1, "files": {}}
    try:
        value = json.loads(data.decode("utf-8"))
    except ValueError:
        return {"version": 1, "files": {}}
    value.setdefault("files", {})
    return value


def save_manifest(manifest, home=None):
    """Write the manifest when it changed (an uninstall that found nothing writes nothing)."""
    path = manifest_path(home)
    data = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode("utf-8")
    if read_bytes(path) == data or (not os.path.exists(path) and not manifest.get("files")
                                    and not manifest.get("executable")):
        return
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    atomic_write(path, data, 0o600)


def backup(path, data, home=None):
    """Keep a copy of ``data`` (the file's bytes before a write). Returns the backup path."""
    home = home or home_dir()
    os.makedirs(home, mode=0o700, exist_ok=True)
    directory = os.path.join(home, "backups")
    os.makedirs(directory, mode=0o700, exist_ok=True)
    safe = real_path(path).strip(os.sep).replace(os.sep, "__")
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target = os.path.join(directory, "%s.%s.%d.bak" % (safe, stamp, os.getpid()))
    atomic_write(target, data, 0o600)
    return target


def _missing_dirs(directory):
    """Directories that do not exist yet, deepest first (install may create them)."""
    missing = []
    while directory and not os.path.isdir(directory):
        missing.append(directory)
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    return missing


# ----------------------------------------------------------------------------- dry runs

_PLAN = []      # (path, bytes before or None, bytes a real run would write), in order


def start_plan():
    del _PLAN[:]


def planned_diffs():
    """What a dry run would have written, as unified diffs (one per file, new files in full)."""
    import difflib

    lines = []
    for path, before, after in _PLAN:
        old = before.decode("utf-8", "replace").splitlines(True) if before is not None else []
        new = after.decode("utf-8", "replace").splitlines(True)
        head = ("/dev/null" if before is None else path, path)
        for line in difflib.unified_diff(old, new, head[0], head[1]):
            lines.append(line.rstrip("\n"))
    return lines


class Edit:
    """One user file being changed: read once, compare, write with backup and manifest record.

    ``owner`` names what we added there (``claude``, ``codex-config``, ...), so several installers
    can share one manifest entry per file.
    """

    def __init__(self, path, manifest, home=None):
        self.path = os.path.abspath(path)
        self.manifest = manifest
        self.home = home
        self.before = read_bytes(self.path)

    @property
    def record(self):
        return self.manifest["files"].get(self.path)

    def write(self, data, dry_run=False, pristine=True):
        """Write ``data`` if it differs. Returns True when the file changed (or would).

        ``pristine=False`` says the current bytes already hold entries of ours (an install from
        before the manifest existed), so they must never be "restored" by uninstall."""
        if data == self.before:
            return False
        if dry_run:
            _PLAN.append((self.path, self.before, data))
            return True
        record = self.record
        if record is None:
            record = {"created": self.before is None}
            missing = _missing_dirs(os.path.dirname(real_path(self.path)))
            if missing:
                record["created_dirs"] = missing
            if self.before is not None:
                saved = backup(self.path, self.before, self.home)
                if pristine:
                    record["original"] = saved
                    record["original_sha256"] = sha256(self.before)
            self.manifest["files"][self.path] = record
        elif self.before is not None:
            backup(self.path, self.before, self.home)
        atomic_write(self.path, data, 0o644)
        record["written_sha256"] = sha256(data)
        self.before = data
        return True

    def restore_or_write(self, data, nothing_left, dry_run=False):
        """Uninstall's write: original bytes (or removal) when the file is as we left it and
        none of our entries remain; otherwise the structurally cleaned ``data``."""
        record = self.record
        untouched = record is not None and self.before is not None and \
            record.get("written_sha256") == sha256(self.before)
        if nothing_left and untouched and (record.get("created") or record.get("original")):
            if dry_run:
                return "remove" if record.get("created") else "restore"
            if record.get("created"):
                os.unlink(real_path(self.path))
                for directory in record.get("created_dirs", []):
                    try:
                        os.rmdir(directory)
                    except OSError:
                        break     # not empty any more: someone else uses it now
                self.manifest["files"].pop(self.path, None)
                return "removed"
            original = read_bytes(record.get("original", "")) if record.get("original") else None
            if original is not None and sha256(original) == record.get("original_sha256"):
                atomic_write(self.path, original)
                self.manifest["files"].pop(self.path, None)
                return "restored"
        changed = self.write(data, dry_run)
        if nothing_left and not dry_run:
            self.manifest["files"].pop(self.path, None)
        return "cleaned" if changed else "unchanged"

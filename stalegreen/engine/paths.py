"""Paths as one folder is one project: symbolic links resolved where a host or a command names a
folder, so a run under a linked folder is evidence for the real one and back."""

import os


_RESOLVED = []          # while a replay runs: {path: real path}, each folder resolved once
RESOLVED_KEPT = 4096


class resolved_once(object):
    """Within ``with resolved_once():`` a path is resolved the first time only (a replay names
    the same few folders thousands of times; the links do not move while it reads)."""

    def __enter__(self):
        _RESOLVED.append({})

    def __exit__(self, *exc):
        _RESOLVED.pop()


def real_path(path):
    """``path`` with its symbolic links resolved, so a run under a symlinked folder is evidence
    for the real folder and back; as given when empty or unreadable (a NUL byte, a loop)."""
    if not path:
        return path
    known = _RESOLVED[-1] if _RESOLVED else None
    if known is not None and path in known:
        return known[path]
    try:
        found = os.path.realpath(path)
    except (OSError, ValueError):
        found = path
    if known is not None and len(known) < RESOLVED_KEPT:
        known[path] = found
    return found


def real_file_path(path):
    """An absolute file path with its folder's symbolic links resolved; the file's own name is
    kept (a symlinked source file is still that project's file)."""
    if not path or not os.path.isabs(path):
        return path
    folder, name = os.path.split(path)
    return os.path.join(real_path(folder), name)

"""Paths as one folder is one project: symbolic links resolved where a host or a command names a
folder, so a run under a linked folder is evidence for the real one and back."""

import os


def real_path(path):
    """``path`` with its symbolic links resolved, so a run under a symlinked folder is evidence
    for the real folder and back; as given when empty or unreadable (a NUL byte, a loop)."""
    if not path:
        return path
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return path


def real_file_path(path):
    """An absolute file path with its folder's symbolic links resolved; the file's own name is
    kept (a symlinked source file is still that project's file)."""
    if not path or not os.path.isabs(path):
        return path
    folder, name = os.path.split(path)
    return os.path.join(real_path(folder), name)

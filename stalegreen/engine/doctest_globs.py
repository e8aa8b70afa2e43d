"""Files a run collects that the fingerprint leaves out: pytest's ``--doctest-glob`` (on the
command line, or in ``addopts`` of the project's pytest config) can name prose
(``--doctest-glob='*.md'`` reads README.md as a test), which the default ``fingerprintIgnore``
drops. An edit of such a file after the run is an edit of what the run
read, so it makes the run stale whatever the ignore globs say."""

import os
from fnmatch import fnmatchcase


def doctest_globs(cmd):
    """The ``--doctest-glob`` patterns on a command line (``--doctest-glob=P`` or ``--doctest-glob P``)."""
    if not isinstance(cmd, str) or "--doctest-glob" not in cmd:
        return []
    from stalegreen.engine import shell

    found = []
    for segment in shell.parse(cmd).segments:
        words = segment.words
        for i, word in enumerate(words):
            if word.startswith("--doctest-glob="):
                found.append(word[len("--doctest-glob="):])
            elif word == "--doctest-glob" and i + 1 < len(words):
                found.append(words[i + 1])
    return [pattern for pattern in found if pattern]


PYTEST_DEFAULT_NAMES = ("test_*.py", "*_test.py", "conftest.py")
CONFIG_FILES = ("pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")


def _words(text):
    for mark in "\"',[]=":
        text = text.replace(mark, " " if mark != "=" else "= ")
    return text.split()


def config_globs(cwd, root=None):
    """``--doctest-glob`` patterns in the pytest config files from ``cwd`` up to ``root`` (the
    project's top), the nearest folder holding one first. Read as words, not as ini or TOML: a
    pattern named anywhere in such a file is taken."""
    from stalegreen.engine.safeio import read_regular_file

    found, folder = [], cwd
    while isinstance(folder, str) and folder:
        for name in CONFIG_FILES:
            raw = read_regular_file(os.path.join(folder, name), 1 << 20)
            text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
            if isinstance(text, str) and "--doctest-glob" in text:
                words = _words(text)
                found += [words[i + 1] for i, w in enumerate(words[:-1]) if w in ("--doctest-glob=", "--doctest-glob")]
        if found or not root or folder == root or os.path.dirname(folder) == folder:
            break
        folder = os.path.dirname(folder)
    return found


def collected_edits(receipt, edits, root=None, ignore=None):
    """The ``edits`` recorded after ``receipt`` of files the fingerprint leaves out (``ignore``)
    whose name one of its doctest globs or pytest's own test names matches (pytest matches a glob
    without a slash against the file's name). A file the fingerprint sees is left to it: an edit
    undone since changed nothing."""
    from stalegreen.engine.edits import is_relevant

    since = receipt.get("ts") or ""
    cwd = receipt.get("cwd")
    later = [e for e in edits if (e.get("ts") or "") > since and isinstance(e.get("path"), str)
             and not is_relevant(e["path"], cwd, ignore)]
    if not later:
        return []
    patterns = doctest_globs(receipt.get("cmd"))
    if "pytest" in str(receipt.get("runner") or ""):
        patterns = (patterns or config_globs(receipt.get("cwd"), root)) + list(PYTEST_DEFAULT_NAMES)
    if not patterns:
        return []
    return [e for e in later
            if any(fnmatchcase(os.path.basename(e["path"]), p) if "/" not in p else fnmatchcase(e["path"], "*/" + p)
                    for p in patterns)]

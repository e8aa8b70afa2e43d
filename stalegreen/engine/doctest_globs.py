"""Files a run collects that the fingerprint leaves out: pytest's ``--doctest-glob`` can name
prose (``--doctest-glob='*.md'`` reads README.md as a test), which the default
``fingerprintIgnore`` drops. An edit of such a file after the run is an edit of what the run
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


def collected_edits(receipt, edits):
    """The ``edits`` recorded after ``receipt`` whose file name one of its command's doctest globs
    matches (pytest matches a glob without a slash against the file's name)."""
    patterns = doctest_globs(receipt.get("cmd"))
    if not patterns:
        return []
    since = receipt.get("ts") or ""
    return [e for e in edits if (e.get("ts") or "") > since and isinstance(e.get("path"), str)
            and any(fnmatchcase(os.path.basename(e["path"]), p) if "/" not in p else fnmatchcase(e["path"], "*/" + p)
                    for p in patterns)]

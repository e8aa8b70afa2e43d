"""Rule 13b: a pytest run given folders covers those folders, not a failure outside them.

``pytest tests`` looks like the whole suite (a folder one level down narrows nothing: it is where
most projects keep all their tests), and ``catalog.argv`` scopes it ``all``. In a project that
also keeps tests elsewhere it never collects them: after a whole-suite run that failed in
``test_wrong.py``, a passing ``pytest tests`` must not stand for the whole suite. The failing run
names its failures (pytest's ``FAILED path::name`` lines); a later run in the same folder whose
path arguments hold none of a failure's file, while that file is still there, ran part of the
suite: its scope becomes ``subset`` and it is marked ``missed`` with the failing run's id.

The same holds for a later whole-suite run given no paths that passed fewer tests than the failing
one ran to a result (passed, failed, in error) while a listed failure is still there as it was
named (its file, and a function of the test's name in it): an ignore put in a config file
(``addopts = --ignore=test_wrong.py``, conftest's ``collect_ignore``) left it out, or a ``skip`` /
``xfail`` mark put on it kept it from running, and the run is ``subset`` too.

Conservative where the command line is unclear: a word right after a flag may be that flag's value
(``--cov src``), so it is no path argument; a failure whose file does not exist relative to the
run's folder (pytest's rootdir elsewhere, a deleted file) is not judged.
"""

import os

_PYTEST_WORDS = frozenset(("pytest", "py.test", "pytest-3"))
# pytest flags that take no value: the word after one may be a path
_NO_VALUE = frozenset(("-q", "-qq", "-v", "-vv", "-vvv", "-x", "-s", "-l", "-ra", "-rA", "--quiet", "--verbose",
                       "--exitfirst", "--ff", "--nf", "--strict-markers", "--disable-warnings", "--no-header"))


def _path_arguments(receipt):
    """The existing folders and files a whole-suite pytest run was given, relative to its
    folder; () when it was given none (or none that can be told from a flag's value)."""
    cwd = receipt.get("cwd")
    if receipt.get("runner") != "pytest" or receipt.get("scope") != "all" or not cwd:
        return ()
    import shlex

    try:
        words = shlex.split(receipt.get("cmd") or "")
    except ValueError:
        return ()
    start = next((i + 1 for i, w in enumerate(words) if os.path.basename(w) in _PYTEST_WORDS), None)
    if start is None:
        return ()
    paths = []
    for before, word in zip(words[start - 1:], words[start:]):
        if word.startswith("-") or before.startswith("-") and "=" not in before and before not in _NO_VALUE:
            continue
        where = os.path.normpath(os.path.join(cwd, word.split("::", 1)[0]))
        if where == cwd or cwd.startswith(where.rstrip("/") + "/"):
            return ()               # the folder itself, or one above it: all of its tests
        if os.path.exists(where):
            paths.append(os.path.relpath(where, cwd))
    return tuple(paths)


def _outside(path, folders):
    return not any(path == f or path.startswith(f.rstrip("/") + "/") for f in folders)


def missed_failures(receipts, session):
    """Receipts with the rule applied (in place), in their order; logs are read only for a failing
    pytest run that a later run with path arguments follows in the same folder."""
    failing = {}        # folder -> the latest failing whole-suite pytest run there
    files_of = {}       # failing run's id -> the files of its listed failures
    for receipt in receipts:
        cwd = receipt.get("cwd")
        paths = _path_arguments(receipt) if failing.get(cwd) else ()
        if paths:
            earlier = failing[cwd]
            if earlier.get("id") not in files_of:
                files_of[earlier.get("id")] = _failed_files(earlier, session)
            files = files_of[earlier.get("id")]
            if any(_outside(f, paths) and os.path.isfile(os.path.join(cwd, f)) for f in files):
                receipt["scope"] = "subset"
                receipt["missed"] = earlier.get("id")
                continue
        if receipt.get("runner") == "pytest" and receipt.get("scope") == "all" and cwd:
            if receipt.get("verdict") == "fail":
                failing[cwd] = receipt
            elif receipt.get("verdict") == "pass" and not _path_arguments(receipt):
                earlier = failing.pop(cwd, None)
                if earlier is not None and _fewer(receipt, earlier) and _still_there(earlier, cwd, session):
                    receipt["scope"] = "subset"         # an ignore in a config file left it out
                    receipt["missed"] = earlier.get("id")
                    failing[cwd] = earlier
    return receipts


def _count(counts, *keys):
    found = [counts.get(k) for k in keys]
    found = [n for n in found if isinstance(n, int) and not isinstance(n, bool)]
    return sum(found) if found else None


def _fewer(later, earlier):
    """The later run passed fewer tests than the failing one ran to a result (passed, failed or
    in error): some of those were left out, skipped or marked to fail (both counts known)."""
    now = _count(later.get("counts") or {}, "passed")
    before = _count(earlier.get("counts") or {}, "passed", "failed", "errors")
    return now is not None and before is not None and now < before


def _still_there(receipt, cwd, session):
    """A failure the run listed is still in the tree as it was named: its file is there and (for
    a test, not a file in error) still defines a function of the test's name."""
    import re

    from stalegreen.engine.outputs import listed_failures
    from stalegreen.engine.safeio import read_regular_file

    for name in listed_failures(session.read_log(receipt.get("id"), 1 << 20) or ""):
        parts = name.split("::")
        path = os.path.normpath(os.path.join(cwd, parts[0]))
        if not os.path.isfile(path):
            continue
        if len(parts) == 1:
            return True
        text = (read_regular_file(path, 1 << 20) or b"").decode("utf-8", "replace")
        if re.search(r"\bdef\s+%s\s*\(" % re.escape(parts[-1].split("[", 1)[0]), text):
            return True
    return False


def _failed_files(receipt, session):
    """The files of the tests a failing run listed as failed or in error (its log's pytest lines)."""
    from stalegreen.engine.outputs import listed_failures

    names = listed_failures(session.read_log(receipt.get("id"), 1 << 20) or "")
    return sorted(set(os.path.normpath(name.split("::", 1)[0]) for name in names))

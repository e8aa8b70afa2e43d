"""Programs a project names itself: its own check scripts (``./scripts/test.sh``, ``bin/lint``)
and the test programs it builds (a GoogleTest binary known by its ``--gtest_*`` flags); and the
category a script, task or make-target name gives (``test:unit``, ``lint-fix``, ``build``).

No imports beyond the catalog's tables: on the PreToolUse path.
"""

from stalegreen.engine.catalog.argv import base_name, run_result
from stalegreen.engine.catalog.table import R, SCRIPT_NAME_BREAKS
from stalegreen.engine.catalog.tasks import SCRIPT_BUILD_SUFFIXES, SCRIPT_CATEGORY_RULES, SCRIPT_SEPARATORS, SCRIPT_WATCH_PARTS


def script_category(name, by_suffix=True):
    """(category, watch) for a package-script / task / make-like name, or (None, False). A name
    ending in a build (`docs:build`) builds; ``by_suffix`` False leaves that out for a script file's
    name, which the hook's prefilter knows by the names of ``SCRIPT_CATEGORY_RULES`` alone."""
    lowered = name.lower()
    for category, exact, prefixes in SCRIPT_CATEGORY_RULES:
        if lowered in exact or any(
                lowered == p or (lowered.startswith(p) and lowered[len(p)] in SCRIPT_SEPARATORS) for p in prefixes):
            return category, _watches(lowered)
    if by_suffix and lowered[:1].isalpha() and lowered.endswith(SCRIPT_BUILD_SUFFIXES):
        return "build", _watches(lowered)
    return None, False


def _watches(lowered):
    """Whether a script's name names a watch or a server (`build:watch`, `dev`)."""
    return any(part in SCRIPT_WATCH_PARTS for part in lowered.translate(SCRIPT_NAME_BREAKS).split(":"))


# A test program built with GoogleTest is named by the project, not by the tool; spelled as a
# path relative to the project (where it was built), its own ``--gtest_*`` flags say what it is
# (``./build/unit_tests --gtest_filter='Matrix.*'``).
_GTEST_PREFIX = "--gtest_"
_GTEST_BINARY = R("gtest", "test", subset=("--gtest_filter",), flags={"--gtest_list_tests": "list"},
                  positional_subset="none", prints=("gtest",))
_SCRIPT_FILE_EXTS = (".sh", ".bash", ".ps1")      # .ps1: `pwsh -File test.ps1`
_SCRIPT_FILE_DIRS = ("./", "bin/", "script/", "scripts/", "./bin/", "./script/", "./scripts/")


def project_script(words):
    """``./scripts/test.sh``, ``bin/test``, ``bash run_tests.sh``: a project's own script named for
    the check it runs (the package-script names: ``test``, ``lint``, ``typecheck``, ``build``...;
    a leading ``run_`` dropped). A bare name is a program on PATH (``test`` is the shell's own),
    so a script without ``.sh`` must be spelled as a path under ./, bin/ or script(s)/."""
    path = words[0]
    stem = base_name(path)
    if stem.endswith(_SCRIPT_FILE_EXTS):
        stem = stem.rsplit(".", 1)[0]
    elif not path.startswith(_SCRIPT_FILE_DIRS) or "." in stem or path.count("/") > 2:
        return None
    for prefix in ("run_", "run-"):
        if stem.startswith(prefix):
            stem = stem[len(prefix):]
            break
    category, watch = script_category(stem, by_suffix=False)
    if category is None:
        return None
    return run_result(R(path, category, positional_subset="files", prints=None), words[1:],
                      not_run="watch" if watch else None)


def project_program(words):
    """The run of argv ``words`` whose program no catalog tool names, or None."""
    path = words[0]
    if "/" in path and path[:1] not in "/~$" and any(w.startswith(_GTEST_PREFIX) for w in words[1:]):
        return run_result(_GTEST_BINARY, words[1:], runner=path)
    return project_script(words) if "/" in path or path.endswith(_SCRIPT_FILE_EXTS) else None

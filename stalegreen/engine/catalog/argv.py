"""Helpers on argv lists shared by the family readers, the wrapper stripper and the walk:
flags, assignments, narrowing paths, and the result dict a runner spec yields for its arguments."""

from stalegreen.engine.catalog.table import (
    COMMON_VALUE_FLAGS, HELP_FLAGS, LIST_FLAGS, NOT_WATCH_VALUES, QUIET_FLAGS, READER_SPECS, SOURCE_EXTS,
    TOOLS, WATCH_FLAGS,
)
from stalegreen.engine.catalog.tasks import MAKE_PRIORITY


# ---------------------------------------------------------------------------------------------
# helpers on argv lists


def base_name(word):
    """Basename of a command word: ``./node_modules/.bin/eslint`` -> ``eslint``."""
    return word.rsplit("/", 1)[-1] if "/" in word else word


def flag_name(word):
    return word.split("=", 1)[0] if word.startswith("--") else word


def is_flag(word):
    """A flag of a runner's argv: ``-k``, ``--lf``; not a negative number or a version (``-1``, ``-3.5``)."""
    return len(word) > 1 and word.startswith("-") and not word[1:].replace(".", "").isdigit()


def is_assignment(word):
    head, sep, _ = word.partition("=")
    return bool(sep) and bool(head) and (head[0].isalpha() or head[0] == "_") and \
        head.replace("_", "a").isalnum()


def _is_source_file(word):
    if "::" in word:
        return True
    stem = word.rsplit("/", 1)[-1]
    if ":" in stem and stem.rsplit(":", 1)[1].isdigit():     # rspec path:LINE
        stem = stem.rsplit(":", 1)[0]
    if "." in stem:
        return stem.rsplit(".", 1)[1] in SOURCE_EXTS
    return False


def is_narrowing_path(word):
    """A source file, a node id, or a directory two or more levels down (``tests/unit``)."""
    if "*" in word or "..." in word or word.startswith("-"):
        return False
    if _is_source_file(word):
        return True
    path = word[2:] if word.startswith("./") else word
    path = path.strip("/")
    return "/" in path and not path.startswith("$")


# bazel/buck2 target patterns that name every target of the workspace
WHOLE_TARGETS = frozenset(("//...", "...", "//...:all", "//...:*", "//...:all-targets", "root//..."))
# project files of MSBuild (a solution, .sln, holds several projects)
PROJECT_FILE_EXTS = (".csproj", ".fsproj", ".vbproj", ".vcxproj", ".proj")


def names_a_file(word):
    """A file named by its name and extension (``README.md``, ``Dockerfile.prod``), no glob: a
    linter given files checks those files only."""
    stem = word.rstrip("/").rsplit("/", 1)[-1]
    name, dot, ext = stem.rpartition(".")
    return bool(dot and name.strip(".") and ext) and ext.isalnum() and not any(c in word for c in "*?[{$")


def names_one_project(word):
    """An MSBuild project file in a folder (``src/Api/Api.csproj``): one project of the solution."""
    path = word[2:] if word.startswith("./") else word
    return path.lower().endswith(PROJECT_FILE_EXTS) and "/" in path.strip("/")


def flag_values(args, names):
    """The values given to the flags ``names`` (``-p x`` and ``--project=x`` alike)."""
    found = []
    for i, word in enumerate(args):
        flag, equals, value = word.partition("=")
        if equals and flag in names:
            found.append(value)
        elif word in names and i + 1 < len(args):
            found.append(args[i + 1])
    return found


def _narrowing_project(value):
    """A project flag's value in a folder two or more levels down: ``-p packages/server`` or
    ``-p packages/server/tsconfig.json`` (one package), not ``-p tsconfig.build.json``."""
    if value.endswith(".json"):
        value = value.rsplit("/", 1)[0] if "/" in value else ""
    return bool(value) and is_narrowing_path(value)


def split_args(args, value_flags):
    """(flags, positionals) of a tool's arguments; values of value flags are neither."""
    flags, positionals = [], []
    i, n = 0, len(args)
    while i < n:
        word = args[i]
        if word == "--":
            for rest in args[i + 1:]:
                (flags if is_flag(rest) else positionals).append(rest)
            break
        if is_flag(word):
            flags.append(word)
            if "=" not in word and word in value_flags and i + 1 < n:
                i += 1
        else:
            positionals.append(word)
        i += 1
    return flags, positionals


def further_categories(categories, chosen):
    """The categories besides ``chosen`` that one command runs (``make lint test``), in priority order."""
    return tuple(c for c in MAKE_PRIORITY if c != chosen and c in categories)


def generic_not_run(args, spec):
    """help > list > watch among the tool's own arguments (first positional ``help`` counts)."""
    found = set()
    no_help = spec["no_help"] if spec else ()
    extra = spec["flags"] if spec else {}
    for index, word in enumerate(args):
        name = flag_name(word)
        if word in extra or name in extra:
            reason = extra.get(word, extra.get(name))
            if reason:
                found.add(reason)
            continue
        if (word in HELP_FLAGS and word not in no_help) or (index == 0 and word == "help"):
            found.add("help")
        elif word in LIST_FLAGS or name in LIST_FLAGS:
            found.add("list")
        elif word in WATCH_FLAGS:
            found.add("watch")
        elif name in ("--watch", "--watchAll") and "=" in word:
            if word.split("=", 1)[1].lower() not in NOT_WATCH_VALUES:
                found.add("watch")
    for reason in ("help", "list", "watch", "dry-run", "bench", "format", "other"):
        if reason in found:
            return reason
    return None


def _scope(spec, args):
    values = COMMON_VALUE_FLAGS | spec["values"]
    flags, positionals = split_args(args, values)
    positionals = [p for p in positionals if p not in spec["whole"]]
    if "@always" in spec["subset"]:
        return "subset"
    for flag in flags:
        # Go's and Terraform's one-dash flags take their value after "=" too (`-run=TestX`, `-filter=x`)
        if flag in spec["subset"] or flag_name(flag) in spec["subset"] or flag.partition("=")[0] in spec["subset"] or \
                (len(flag) > 2 and flag[:2] in spec["subset"] and not flag.startswith("--")):
            return "subset"
    if any(_narrowing_project(v) for v in flag_values(args, spec.get("projects", ()))):
        return "subset"
    rule = spec["positional"]
    if rule == "any" and positionals:
        return "subset"
    if rule == "files" and any(is_narrowing_path(p) or (spec["category"] == "lint" and names_a_file(p))
                               for p in positionals):
        return "subset"
    if rule == "pkg" and any(p not in ("./...", "...", ".", "./") for p in positionals):
        return "subset"
    if rule == "targets" and (any(p not in WHOLE_TARGETS for p in positionals) or
                              any(f.startswith("-/") for f in flags)):
        return "subset"             # `//services/auth/...`, `//app:server`, `-//legacy/...` excluded
    if rule == "project" and any(names_one_project(p) for p in positionals):
        return "subset"
    return "all"


def run_result(spec, args, runner=None, category=None, scope=None, not_run=None, quiet=False):
    """Classification of a runner spec applied to its arguments."""
    name = runner or spec["name"]
    not_run = not_run or spec.get("always") or generic_not_run(args, spec)
    if not not_run and spec["needs"]:
        wanted, reason = spec["needs"]
        joined = " ".join(args)
        if not any(a in wanted or flag_name(a) in wanted for a in args) and \
                not any(" " in w and w in joined for w in wanted):
            not_run = reason
    if not not_run and spec["fix"] and any(a in spec["fix"] or flag_name(a) in spec["fix"] for a in args):
        not_run = "format"
    if not not_run and spec["positional"] == "pkg" and any("@" in a and not a.startswith("-") for a in args):
        not_run = "other"     # `go install golang.org/x/tools/cmd/goimports@latest`: a tool fetched, not the project built
    quiet = quiet or any(a in QUIET_FLAGS or a in spec["quiet"] for a in args)
    return {
        "runner": name, "category": category or spec["category"],
        "scope": scope or _scope(spec, args), "not_run": not_run, "quiet": quiet,
    }


def is_tool(word):
    """A catalog tool of its own (not a package manager or task runner, whose words are script names)."""
    entry = TOOLS.get(word)
    return entry is not None and entry.get("family") != "scripts"


def runner_specs():
    """Every runner spec ``TOOLS`` and ``READER_SPECS`` declare (subcommand tables walked; the
    runners a family reader names without a spec are in ``READER_PRINTS``)."""
    found = []
    entries = list(TOOLS.values()) + list(READER_SPECS)
    for entry in entries:          # grows while it is read: subcommand tables add their specs
        if not isinstance(entry, dict) or "family" in entry:
            continue
        if "sub" in entry:
            entries.extend(entry["sub"].values())
            entries.append(entry["default"])
        else:
            found.append(entry)
    return found

"""Family readers of the build systems whose command line names goals or targets: Pants
(``pants fmt lint check test ::``), MSBuild (``msbuild App.sln -t:Rebuild``, ``dotnet msbuild``),
mill (``mill __.test``) and dune's aliases (``dune build @runtest @fmt``). Their names are data
in ``tasks``; each reader returns the dict ``families.classify`` returns, or None for a command
that runs no check. A new build system is a reader here, its entry in ``BUILD_READERS`` and its
``FAMILY`` key in ``table.TOOLS``."""

from stalegreen.engine.catalog.argv import (
    flag_name, further_categories, generic_not_run, is_flag, is_narrowing_path, names_one_project,
)
from stalegreen.engine.catalog.table import HELP_FLAGS, TOOLS
from stalegreen.engine.catalog.tasks import (
    DUNE_ALIASES, MAKE_PRIORITY, MILL_OTHER_COMMANDS, MILL_SUBSET_TASKS, MILL_TASKS, MILL_WILDCARDS,
    MSBUILD_TARGET_SWITCHES, MSBUILD_TARGETS, PANTS_GOALS, PANTS_NARROWING_PREFIXES, PANTS_OTHER_GOALS, PANTS_WHOLE_SPECS,
)


def _result(runner, category, scope, not_run=None, quiet=False, also=()):
    return {"runner": runner, "category": category, "scope": scope, "not_run": not_run, "quiet": quiet,
            "also": also}


def _best(categories):
    """The category of ``categories`` that ranks first (tests win), or None."""
    found = [c for c in categories if c in MAKE_PRIORITY]
    return min(found, key=MAKE_PRIORITY.index) if found else None


def _passthrough_narrows(words):
    """Arguments handed on to a test runner (after ``--``) that deselect tests: a pytest
    deselecting flag or a path to part of the tests."""
    deselecting = TOOLS["pytest"]["subset"]
    return any(is_narrowing_path(w) or flag_name(w) in deselecting or (w[:2] in ("-k", "-m") and w[:3] != "--")
               for w in words)


def read_pants(tool, args):
    """``pants test ::``, ``./pants fmt lint check ::``, ``pants test src/python/app::``: the goals
    give the categories (the first in priority order is the run's, the others ``also``); ``::``
    (or ``//::``) is the whole repository, any other target spec, an excluding ``-spec``, a
    ``--changed-since``/``--filter-*``/``--only`` option or a deselecting argument after ``--``
    a part of it. No spec at all matches no target ("No targets were matched"): no run, unless
    ``--changed-since`` chooses the targets."""
    own = args[:args.index("--")] if "--" in args else list(args)
    goals, specs, narrowed = [], [], False
    for word in own:
        if word in HELP_FLAGS:
            return _result("pants", "test", "all", not_run="help")
        if word.startswith("--"):
            narrowed = narrowed or word.startswith(PANTS_NARROWING_PREFIXES)
        elif is_flag(word):
            narrowed = narrowed or "::" in word or "/" in word or ":" in word     # `-src/legacy::` excludes
        elif word in PANTS_GOALS or word in PANTS_OTHER_GOALS:
            goals.append(word)
        else:
            specs.append(word)
    if any(goal in ("help", "help-all", "help-advanced", "version") for goal in goals):
        return _result("pants", "test", "all", not_run="help")
    categories = [PANTS_GOALS[g] for g in goals if g in PANTS_GOALS]
    category = _best(categories)
    if category is None:
        if "format" in categories:      # `pants fmt ::`: rewrites files, checks nothing
            return _result("pants fmt", "lint", "all", not_run="format")
        return None
    whole = any(spec in PANTS_WHOLE_SPECS for spec in specs)
    passthrough = args[len(own) + 1:]
    scope = "all" if whole and not narrowed and not _passthrough_narrows(passthrough) else "subset"
    goal = next(g for g in goals if PANTS_GOALS.get(g) == category)
    not_run = generic_not_run(own, None) or (None if specs or narrowed else "other")
    return _result("pants %s" % goal, category, scope, not_run=not_run,
                   also=further_categories(categories, category))


def _msbuild_switch(word):
    """A switch of MSBuild's own syntax (``-t:Build``, ``/p:X=1``, ``-restore``) in lower case, or None."""
    if word[:1] in ("-", "/") and len(word) > 1 and (word[1].isalpha() or word[1] in "-?"):
        if word[:1] == "/" and "/" in word[1:].split(":", 1)[0]:
            return None             # a path (`/src/App.sln`), not a switch
        return word.lower()
    return None


def read_msbuild(tool, args):
    """``msbuild App.sln``, ``msbuild -t:Rebuild -p:Configuration=Release``, ``dotnet msbuild
    /t:VSTest``: the targets (``-t:``/``/t:``/``-target:``, several joined by ``;`` or ``,``) say
    the category as make targets do; none runs the project's default target, a build; a
    ``restore`` or ``clean`` alone checks nothing."""
    targets, quiet = [], False
    for word in args:
        switch = _msbuild_switch(word)
        if switch is None:
            continue
        if switch in ("-?", "/?", "-h", "/h", "-help", "/help", "--help", "-version", "/version", "-ver", "/ver",
                      "--version", "-preprocess", "/preprocess", "-pp", "/pp") or switch.startswith(("-pp:", "/pp:")):
            return _result("msbuild", "build", "all", not_run="help")
        if switch.startswith(MSBUILD_TARGET_SWITCHES):
            value = switch.split(":", 1)[1]
            targets.extend(t.strip() for t in value.replace(",", ";").split(";") if t.strip())
        elif switch.startswith(("-v:q", "/v:q", "-verbosity:q", "/verbosity:q", "-noconsolelogger", "/noconlog")):
            quiet = True
    # `msbuild src/Api/Api.csproj`: one project of the solution, as `dotnet build` given it
    scope = "subset" if any(names_one_project(w) for w in args if _msbuild_switch(w) is None) else "all"
    if not targets:
        return _result("msbuild", "build", scope, quiet=quiet)
    categories = [MSBUILD_TARGETS.get(t) for t in targets]
    category = _best(categories)
    if category is None:
        return None
    return _result("msbuild test" if category == "test" else "msbuild", category, scope, quiet=quiet,
                   also=further_categories(categories, category))


def _mill_task(word):
    """(module path, task) of a mill task path: ``__.test`` -> (["__"], "test"),
    ``app[2.13.8].test.testOnly`` -> (["app", "test"], "testOnly")."""
    plain, depth = [], 0
    for char in word:               # cross-module brackets hold dots of their own: drop them
        depth += char == "["
        if not depth:
            plain.append(char)
        depth -= char == "]" and depth > 0
    parts = [p for p in "".join(plain).split(".") if p]
    return parts[:-1], (parts[-1] if parts else "")


def read_mill(tool, args):
    """``mill __.test``, ``./mill -i app.test``, ``mill __.compile + __.test``, ``mill __.checkFormat``:
    the last segment of each task path gives the category (the first in priority order is the
    run's); a module path other than the ``__``/``_`` wildcards, ``testOnly`` or a task's own
    arguments choose part of the build. ``-w`` reruns on change."""
    values = frozenset(("-j", "--jobs", "-D", "--define", "--import", "--color", "--ticker", "--meta-level"))
    groups, current, i, watch = [], [], 0, False
    while i < len(args):
        word = args[i]
        if word == "+":
            groups.append(current)
            current = []
        elif not current and is_flag(word):
            if word in ("-w", "--watch"):
                watch = True
            elif word in HELP_FLAGS:
                return _result("mill", "build", "all", not_run="help")
            i += 1 if ("=" not in word and word in values) else 0
        else:
            current.append(word)
        i += 1
    groups.append(current)
    found, narrowed = [], False
    for group in (g for g in groups if g):
        modules, task = _mill_task(group[0])
        if task in MILL_OTHER_COMMANDS:
            return None
        category = MILL_TASKS.get(task)
        if category is None:
            continue
        found.append((category, task))
        if category != "format" and (task in MILL_SUBSET_TASKS or len(group) > 1 or
                                     any(m not in MILL_WILDCARDS for m in modules[:1])):
            narrowed = True
    categories = [c for c, _task in found]
    category = _best(categories)
    if category is None:
        return _result("mill", "lint", "all", not_run="format") if categories else None
    task = next(t for c, t in found if c == category)
    return _result("mill %s" % ("test" if category == "test" else task), category,
                   "subset" if narrowed else "all", not_run="watch" if watch else None,
                   also=further_categories(categories, category))


def read_dune_build(tool, args):
    """``dune build``, ``dune build @runtest``, ``dune build @fmt``, ``dune build @src/runtest``: the
    aliases give the categories (``@runtest`` the tests, ``@fmt`` the format check, which
    ``--auto-promote`` turns into a rewrite); an alias under a directory is that directory's part."""
    found, narrowed, promote, watch = [], False, False, False
    for word in args:
        if word in ("-w", "--watch"):
            watch = True
        elif word == "--auto-promote":
            promote = True
        elif word.startswith("@"):
            path, _, alias = word.lstrip("@").rpartition("/")
            if alias in DUNE_ALIASES:
                found.append(DUNE_ALIASES[alias])
                narrowed = narrowed or bool(path.strip("./"))
    category = _best(found) or "build"
    runner = {"test": "dune test", "lint": "dune build @fmt"}.get(category, "dune build")
    not_run = "watch" if watch else ("format" if promote and category == "lint" else None)
    return _result(runner, category, "subset" if narrowed and category == "test" else "all", not_run=not_run,
                   also=further_categories(found, category))


# family name (``table.FAMILY("...")``) -> reader; ``families.FAMILY_READERS`` holds them too
BUILD_READERS = {"pants": read_pants, "msbuild": read_msbuild, "mill": read_mill, "dune-build": read_dune_build}

"""Family readers (package scripts, make, gradle, maven, sbt, xcodebuild, nx, ...) and ``classify``.

``classify`` walks a ``TOOLS`` entry over an argv list; a family reader may classify a command
named inside its arguments again (``npm run test`` -> the script's runner), so both live here.
"""

import os

from stalegreen.engine.catalog.argv import (
    base_name, flag_name, generic_not_run, is_assignment, is_flag, is_narrowing_path, is_tool, run_result,
    split_args,
)
from stalegreen.engine.catalog.argv import further_categories as _further
from stalegreen.engine.catalog.builds import BUILD_READERS
from stalegreen.engine.catalog.programs import project_program, script_category
from stalegreen.engine.catalog.table import (
    BUNDLER_WATCH, COMMON_VALUE_FLAGS, HELP_FLAGS, lint_spec, NODE_SCRIPT_TOOLS,
    NODE_TEST, NOX, R, RUFF_CHECK, SCRIPT_NAME_BREAKS, test_spec, TOOLS, TOX, typecheck_spec,
)
from stalegreen.engine.catalog.wrapper_table import DIR_FLAGS, FILE_DIR_FLAGS
from stalegreen.engine.catalog.tasks import (
    SCRIPT_SUBSET_PARTS, SCRIPT_TOOL_VALUES, SCRIPT_WATCH_PARTS, ENV_CATEGORIES, ENV_SELECTORS, FORMAT_ENVS, GRADLE_BUILD_PREFIXES, GRADLE_LINT_PREFIXES, GRADLE_TEST_TASKS,
    MAKE_PRIORITY, MAKE_TARGETS, MAKE_TEST_PREFIXES, MAVEN_BUILD_GOALS, MAVEN_LINT_GOALS, MAVEN_TEST_GOALS,
    SBT_LINT_COMMANDS, TOX_OTHER_COMMANDS, TOX_RUN_COMMANDS,
)


# ---------------------------------------------------------------------------------------------
# family readers (tools whose argument syntax is a small language)


_SCRIPT_NARROWING = {
    "npm": ("-w", "--workspace"), "pnpm": ("--filter", "-F", "--filter-prod"), "bun": ("--filter", "-F"),
    "turbo": ("--filter", "-F", "--scope", "--affected"), "lerna": ("--scope", "--since"),
}
_SCRIPT_KEYWORDS = {
    "npm": ("run", "run-script", "rum", "urn"), "pnpm": ("run", "run-script"), "yarn": ("run",),
    "bun": ("run",), "turbo": ("run",), "lerna": ("run",), "composer": ("run-script", "run"),
    "just": (), "task": (), "mage": (), "invoke": (), "inv": (), "hatch": ("run",), "pdm": ("run",), "pixi": ("run",),
    "cargo-make": ("make",),
}
# npm's own commands that run the "test" script.
_NPM_TEST_ALIASES = frozenset(("test", "t", "tst"))
# Commands of the managers themselves: never a script name, never a run.
_MANAGER_COMMANDS = frozenset((
    "install", "i", "add", "remove", "rm", "uninstall", "ci", "update", "up", "upgrade", "outdated", "publish",
    "pack", "link", "unlink", "init", "create", "info", "view", "why", "list", "ls", "audit", "config",
    "set", "get", "cache", "dedupe", "prune", "rebuild", "store", "login", "logout", "whoami", "version",
    "help", "dlx", "exec", "x", "start", "dev", "serve", "import", "patch", "env", "doctor", "setup",
))
_SCRIPT_TEST_SUBSET = frozenset(("-t", "--testNamePattern", "--testPathPattern", "-k", "--grep", "-g",
                                 "--filter", "--project", "--spec", "-m", "--match", "--tests", "--only",
                                 "--test-name-pattern", "--shard", "--test-shard", "--testPathIgnorePatterns",
                                 "--exclude", "-run", "-skip", "--example", "--tag"))     # (Go's -run, RSpec's --example)


def script_run(tool, script, keyword, args, narrowed, cwd_dirs):
    category, watch = script_category(script)
    if category is None:
        return None
    if args and args[0] == "--":
        args = args[1:]
    runner = "%s %s %s" % (tool, keyword, script) if keyword else "%s %s" % (tool, script)
    spec = R(runner, category)
    not_run = "watch" if watch else None
    scope = "subset" if narrowed else "all"
    if category == "test" and any(part in SCRIPT_SUBSET_PARTS for part in
                                  script.lower().translate(SCRIPT_NAME_BREAKS).split(":")):
        scope = "subset"
    if scope == "all":
        flags, positionals = split_args(args, COMMON_VALUE_FLAGS - _SCRIPT_TEST_SUBSET)
        if (category == "test" and any(flag_name(f) in _SCRIPT_TEST_SUBSET for f in flags)) or \
                any(is_narrowing_path(p) for p in positionals):
            scope = "subset"
    result = run_result(spec, args, scope=scope, not_run=not_run)
    if cwd_dirs:
        result["dirs"] = cwd_dirs
    return result


def _read_scripts(tool, args):
    """``npm run test:unit``, ``pnpm --filter api test``, ``yarn workspace web lint``, ``turbo run build``."""
    values = frozenset(SCRIPT_TOOL_VALUES.get(tool, ()))
    narrowing = _SCRIPT_NARROWING.get(tool, ())
    dir_flags = DIR_FLAGS.get(tool, ()) + (("-d", "--working-dir") if tool == "composer" else ())
    narrowed, dirs, quiet = False, [], False
    i, n = 0, len(args)
    while i < n and is_flag(args[i]):
        word = args[i]
        name = flag_name(word)
        value = word.split("=", 1)[1] if "=" in word else (args[i + 1] if i + 1 < n else None)
        takes = "=" not in word and name in values
        if name in narrowing and not (tool == "npm" and name == "--workspaces"):
            narrowed = True
        if name in dir_flags and value is not None:
            dirs.append(value)
        if name in ("-s", "--silent") and tool in ("npm", "pnpm", "yarn"):
            quiet = True
        if word in HELP_FLAGS:
            return {"runner": tool, "category": "test", "scope": "all", "not_run": "help", "quiet": False,
                    "weak": True}
        i += 2 if takes else 1
    rest = args[i:]
    if not rest:
        return None
    head, tail = rest[0], rest[1:]
    keyword = None
    if tool == "yarn" and head == "workspace" and len(tail) >= 2:
        narrowed = True
        head, tail = tail[1], tail[2:]
    elif tool == "yarn" and head == "workspaces":
        sub = [w for w in tail if not is_flag(w)]
        if sub and sub[0] in ("foreach", "run"):
            idx = tail.index(sub[0]) + 1
            tail = tail[idx:]
            while tail and (is_flag(tail[0]) or tail[0] == "run"):
                tail = tail[1:] if tail[0] != "--from" else tail[2:]
            if not tail:
                return None
            head, tail = tail[0], tail[1:]
            keyword = "workspaces"
    if head in _SCRIPT_KEYWORDS.get(tool, ()):
        keyword = head
        while tail and is_flag(tail[0]):
            if flag_name(tail[0]) in narrowing:
                narrowed = True
                tail = tail[1:] if "=" in tail[0] else tail[2:]
            else:
                tail = tail[1:]
        if not tail:
            return None
        head, tail = tail[0], tail[1:]
    elif tool == "npm":
        if head not in _NPM_TEST_ALIASES:
            return None
        head = "test"
    elif head in _MANAGER_COMMANDS and tool not in ("just", "task", "mage", "invoke", "inv"):
        return None
    if keyword == "workspaces":
        keyword = None
    if tool in ("turbo",) or (tool == "lerna" and keyword):
        names = [w for w in [head] + list(tail) if not is_flag(w)]
        tasks = []
        for name in names:
            if "," in name:
                tasks.extend(name.split(","))
            else:
                tasks.append(name)
        best = _best_task(tasks)
        if best is None:
            return None
        head = best
        args_after = [w for w in tail if is_flag(w)]
        if any(flag_name(w) in narrowing for w in args_after):
            narrowed = True
        # what follows `--` goes to every task's script, read as an npm script's (`-- --grep auth` narrows)
        result = script_run(tool, head, keyword, tail[tail.index("--"):] if "--" in tail else [], narrowed, dirs)
        if result:
            result["quiet"] = result["quiet"] or quiet
            result["also"] = _further([_task_category(t) for t in tasks], result["category"])
            # `turbo run build --dry-run`, `turbo run test --graph`: the task graph only, no task run
            if any(flag_name(w) in ("--dry-run", "--dry") or tool == "turbo" and flag_name(w) == "--graph"
                   for w in args_after):
                result["not_run"] = "dry-run"
        return result
    if tool == "npm":
        # npm reads its own flags anywhere before `--`: `npm test --prefix api -w web`
        own = tail[:tail.index("--")] if "--" in tail else tail
        for index, word in enumerate(own):
            name = flag_name(word)
            value = word.split("=", 1)[1] if "=" in word else (own[index + 1] if index + 1 < len(own) else None)
            if name in ("-w", "--workspace"):
                narrowed = True
            elif name in ("--prefix", "-C") and value:
                dirs.append(value)
            elif name in ("-s", "--silent"):
                quiet = True
    if tool == "bun" and keyword is None and head == "test":
        return _apply(_BUN_TEST, tail)
    if tool == "bun" and keyword is None and head == "build":
        return _apply(_BUN_BUILD, tail)
    result = script_run(tool, head, keyword, tail, narrowed, dirs)
    if result is None and (keyword or tool == "composer") and is_tool(head):
        # `npm run vitest`, `bun run eslint .`, `composer phpstan` (composer runs a script by its bare
        # name): a script named after the tool it runs
        result = classify([head] + list(tail))
        if result is not None and dirs:
            result["dirs"] = dirs + list(result.get("dirs", ()))
    if result:
        result["quiet"] = result["quiet"] or quiet
        if tool == "just":        # `just lint typecheck`: each recipe named for a check runs
            result["also"] = _further([_task_category(w) for w in tail if not is_flag(w)], result["category"])
    return result


_BUN_TEST = test_spec("bun test", subset=("-t", "--test-name-pattern", "--only"), values=("-t", "--test-name-pattern",
                                                                                      "--timeout", "--preload",
                                                                                      "--coverage-reporter"),
                  positional_subset="any")
_BUN_BUILD = R("bun build", "build", flags=BUNDLER_WATCH, values=("--outdir", "--outfile", "--target"),
               positional_subset="none")


def _task_category(task):
    """The category of a turbo/lerna task name (``web#lint`` is ``lint``)."""
    return script_category(task.split("#")[-1].split(":")[-1] if "#" in task else task)[0]


def _best_task(tasks):
    """Among several task names, the one whose category ranks first (tests win)."""
    best, rank = None, len(MAKE_PRIORITY)
    for task in tasks:
        category = _task_category(task)
        if category and MAKE_PRIORITY.index(category) < rank:
            best, rank = task, MAKE_PRIORITY.index(category)
    return best


def _read_deno(tool, args):
    flags_before = []
    while args and is_flag(args[0]):
        flags_before.append(args[0])
        args = args[1:]
    if not args:
        return None
    head, tail = args[0], args[1:]
    table = {
        "test": test_spec("deno test", subset=("--filter",), values=("--filter", "--config", "-c", "--import-map",
                                                                 "--reporter", "--coverage")),
        "check": typecheck_spec("deno check", positional_subset="none"),   # an entry point: its whole module graph
        "lint": lint_spec("deno lint"),
        "fmt": lint_spec("deno fmt", needs=(("--check",), "format")),
    }
    if head in table:
        return _apply(table[head], tail)
    if head == "task" and tail:
        return script_run("deno", tail[0], "task", tail[1:], False, [])
    return None


def _read_make(tool, args):
    """``make -C api test``: target table lookup; ``make -n`` is a dry run; no target builds."""
    values = frozenset(("-C", "-f", "-j", "-l", "-o", "-W", "--directory", "--file", "--jobs", "--load-average",
                        "-I", "--include-dir", "--makefile", "--what-if", "--old-file", "--assume-old"))
    targets, dirs = [], []
    dry, quiet, not_run = False, False, None
    i, n = 0, len(args)
    while i < n:
        word = args[i]
        name = flag_name(word)
        if is_flag(word):
            if name in ("-n", "--dry-run", "--just-print", "--recon", "-q", "--question"):
                dry = True
            elif name in ("-s", "--silent", "--quiet"):
                quiet = True
            elif word in HELP_FLAGS or name == "-p" or name == "--print-data-base":
                not_run = "help"
            if name in ("-C", "--directory"):
                value = word.split("=", 1)[1] if "=" in word else (args[i + 1] if i + 1 < n else None)
                if value:
                    dirs.append(value)
            elif word.startswith("-C") and len(word) > 2:
                dirs.append(word[2:])
            if "=" not in word and name in values and i + 1 < n:
                if name not in ("-j", "--jobs", "-l") or args[i + 1].isdigit():
                    i += 1
        elif not is_assignment(word):
            targets.append(word)
        i += 1
    chosen, category = None, None
    if not targets:
        chosen, category = None, "build"
    else:
        best_rank = len(MAKE_PRIORITY)
        for target in targets:
            cat = _make_category(target)
            if cat and MAKE_PRIORITY.index(cat) < best_rank:
                chosen, category, best_rank = target, cat, MAKE_PRIORITY.index(cat)
        if category is None:
            if targets[0] == "help":
                return {"runner": "make help", "category": "build", "scope": "all", "not_run": "help",
                        "quiet": quiet, "dirs": dirs, "weak": True}
            return None
    runner = "%s %s" % ("make", chosen) if chosen else "make"
    if dry:
        not_run = not_run or "dry-run"
    parts = chosen.lower().translate(SCRIPT_NAME_BREAKS).split(":") if chosen else ()
    watch = category and chosen and any(p in SCRIPT_WATCH_PARTS for p in parts)
    result = {"runner": runner, "category": category, "scope": "all",
              "not_run": not_run or ("watch" if watch else None), "quiet": quiet, "dirs": dirs,
              "also": _further([_make_category(t) for t in targets], category)}
    if category == "test":
        narrow = [a for a in args if is_assignment(a) and a.split("=", 1)[0].upper() in
                  ("TEST", "TESTS", "T", "K", "FILTER", "PYTEST_ARGS", "RUN", "TESTARGS", "ONLY")]
        if narrow:
            result["scope"] = "subset"
    return result


def _make_category(target):
    lowered = target.lower()
    for category, names in MAKE_TARGETS.items():
        if lowered in names:
            return category
    if lowered.startswith(MAKE_TEST_PREFIXES):
        return "test"
    return None


def _gradle_task_category(task):
    name = task.rsplit(":", 1)[-1]
    if name in GRADLE_TEST_TASKS or (name.endswith("Test") and name[0].islower()) or name.startswith("test"):
        return "test"
    if name.startswith(GRADLE_LINT_PREFIXES):
        return "lint"
    if name.startswith(GRADLE_BUILD_PREFIXES):
        return "build"
    return None


def _read_gradle(tool, args):
    values = frozenset(("-p", "--project-dir", "-x", "--exclude-task", "-b", "--build-file", "-c",
                        "--settings-file", "-g", "--gradle-user-home", "-I", "--init-script", "--max-workers",
                        "--console", "--warning-mode", "--tests", "-P", "--configuration", "--dependency",
                        "--priority", "--task"))
    flags, tasks = split_args(args, values)
    if any(f in ("--continuous", "-t") for f in flags):
        not_run = "watch"
    elif any(f in ("-m", "--dry-run") for f in flags):
        not_run = "dry-run"
    else:
        not_run = generic_not_run([a for a in args if a != "-V"], None)
    best, rank = None, len(MAKE_PRIORITY)
    for task in tasks:
        category = _gradle_task_category(task)
        if category and MAKE_PRIORITY.index(category) < rank:
            best, rank = task, MAKE_PRIORITY.index(category)
    if best is None:
        return None
    category = MAKE_PRIORITY[rank]
    name = best.rsplit(":", 1)[-1]
    scope = "all"
    if "--tests" in [flag_name(f) for f in flags] or best.strip(":").count(":") >= 1:
        scope = "subset"
    quiet = any(f in ("-q", "--quiet") for f in flags)
    return {"runner": "gradle %s" % name, "category": category, "scope": scope, "not_run": not_run,
            "quiet": quiet, "also": _further([_gradle_task_category(t) for t in tasks], category)}


def _read_maven(tool, args):
    values = frozenset(("-f", "--file", "-pl", "--projects", "-P", "--activate-profiles", "-s", "--settings",
                        "-T", "--threads", "-rf", "--resume-from", "-gs", "-t", "-l", "--log-file"))
    flags, goals = split_args(args, values)
    not_run = generic_not_run(args, None)
    test_goal = next((g for g in goals if g in MAVEN_TEST_GOALS), None)
    build_goal = next((g for g in goals if g in MAVEN_BUILD_GOALS), None)
    # `-pl services/inventory` (with `-am`, what it needs), `-rf :api` (the modules from there on):
    # part of the reactor, whatever the goal
    scope = "subset" if any(flag_name(f) in _MAVEN_SELECTING for f in flags) else "all"
    if test_goal and not any(f.startswith(("-DskipTests", "-Dmaven.test.skip")) for f in flags):
        if any(f.startswith(("-Dtest=", "-Dit.test=")) for f in flags):
            scope = "subset"
        return {"runner": "mvn test", "category": "test", "scope": scope, "not_run": not_run,
                "quiet": "-q" in flags}
    goal = build_goal or test_goal
    if goal:
        return {"runner": "mvn %s" % goal, "category": "build", "scope": scope, "not_run": not_run,
                "quiet": "-q" in flags}
    lint_goal = next((g for g in goals if g in MAVEN_LINT_GOALS), None)
    if lint_goal:       # `mvn spotless:check`: a plugin's check goal
        return {"runner": "mvn %s" % lint_goal, "category": "lint", "scope": scope, "not_run": not_run,
                "quiet": "-q" in flags}
    return None


_MAVEN_SELECTING = frozenset(("-pl", "--projects", "-rf", "--resume-from"))


def _read_sbt(tool, args):
    words = []
    for arg in args:
        words.extend(arg.split())
    words = [w.lstrip("+") for w in words]          # `sbt +test`: every cross-built Scala version
    found = {}      # category -> (runner, scope) of its first command; `sbt scalafmtCheckAll compile` runs two
    for word in words:
        task = word.split("/")[-1]
        if task.startswith(("testOnly", "testQuick")) or task == "test":
            # `sbt core/test`: one project's tests; `testOnly`, `testQuick`: some of them
            found["test"] = ("sbt test", "all" if "test" in words else "subset")
        elif task in SBT_LINT_COMMANDS or (task.startswith("scalafix") and "--check" in words):
            found.setdefault("lint", ("sbt " + task, "all"))     # checks that rewrite nothing
        elif task in ("compile", "assembly", "package"):       # `sbt assembly`: sbt-assembly's fat jar
            found.setdefault("build", ("sbt " + task, "all"))
    if not found:
        if any(w.startswith("~") for w in words):
            return {"runner": "sbt", "category": "test", "scope": "all", "not_run": "watch", "quiet": False,
                    "weak": True}
        return None
    category = next(c for c in MAKE_PRIORITY if c in found)
    runner, scope = found[category]
    return {"runner": runner, "category": category, "scope": scope, "not_run": None, "quiet": False,
            "also": _further(list(found), category)}


def _read_xcodebuild(tool, args):
    if any(a in ("-list", "-showsdks", "-showBuildSettings", "-showdestinations") for a in args):
        return {"runner": "xcodebuild", "category": "build", "scope": "all", "not_run": "list", "quiet": False}
    if any(a in ("-version", "-help", "-usage") for a in args):
        return {"runner": "xcodebuild", "category": "build", "scope": "all", "not_run": "help", "quiet": False}
    quiet = "-quiet" in args
    if "test" in args or "test-without-building" in args:
        scope = "subset" if any(a.startswith(("-only-testing", "-skip-testing")) for a in args) else "all"
        return {"runner": "xcodebuild test", "category": "test", "scope": scope, "not_run": None, "quiet": quiet}
    if "clean" in args and not any(a in args for a in ("build", "build-for-testing", "archive", "analyze")):
        return None         # `xcodebuild clean`: removes the build products, builds nothing
    return {"runner": "xcodebuild", "category": "build", "scope": "all", "not_run": None, "quiet": quiet}


def _read_nx(tool, args):
    flags, positionals = split_args(args, frozenset(("-t", "--target", "--targets", "-p", "--projects",
                                                      "--configuration", "-c", "--parallel", "--exclude",
                                                      "--base", "--head")))
    targets = []
    narrowed = False
    if not positionals:
        for i, word in enumerate(args):
            if flag_name(word) in ("-t", "--target", "--targets"):
                targets.extend((word.split("=", 1)[1] if "=" in word else args[i + 1] if i + 1 < len(args) else "")
                               .split(","))
        if not targets:
            return None
    head = positionals[0] if positionals else None
    if head == "run" and len(positionals) > 1:
        targets = [positionals[1].split(":")[1]] if ":" in positionals[1] else []
        narrowed = bool(targets)        # `nx run api:test`: one project's target
    elif head in ("run-many", "affected"):
        for i, word in enumerate(args):
            if flag_name(word) in ("-t", "--target", "--targets"):
                value = word.split("=", 1)[1] if "=" in word else args[i + 1] if i + 1 < len(args) else ""
                targets.extend(value.split(","))
        narrowed = head == "affected" or any(flag_name(f) in ("-p", "--projects") for f in flags)
    elif head in ("graph", "show", "list", "reset", "report", "migrate", "generate", "g", "init", "serve"):
        return None
    elif head:
        targets = [head.split(":")[-1] if ":" in head else head]
        # `nx test api`, `nx api:test`: one project (a workspace's default project otherwise)
        narrowed = ":" in head or len(positionals) > 1
    best = _best_task([t for t in targets if t])
    if best is None:
        return None
    result = script_run("nx", best, None, [], narrowed, [])
    if result:
        result["not_run"] = result["not_run"] or generic_not_run(args, None)
        result["also"] = _further([_task_category(t) for t in targets if t], result["category"])
    return result


def _read_rake(tool, args):
    flags, targets = split_args(args, frozenset(("-f", "--rakefile", "-I", "--libdir", "-r", "--require", "-j")))
    if any(f in ("-T", "--tasks", "-D", "--describe", "-P", "--prereqs", "-W", "--where") for f in flags):
        return {"runner": "rake", "category": "test", "scope": "all", "not_run": "list", "quiet": False}
    names = [t for t in targets if not is_assignment(t)]
    narrow = any(is_assignment(t) and t.split("=", 1)[0] in ("TEST", "TESTOPTS", "SPEC", "N") for t in targets)
    scope = "subset" if narrow else "all"
    if not names or names[0] in ("default",):
        return {"runner": "rake", "category": "test", "scope": scope, "not_run": generic_not_run(args, None),
                "quiet": False}
    first = names[0].split("[", 1)[0]
    if first in ("test", "spec") or first.startswith(("test:", "spec:")):
        if ":" in first and first.split(":", 1)[1] not in ("all", "units", "unit"):
            scope = "subset"
        return {"runner": "rake %s" % first.split(":")[0], "category": "test", "scope": scope,
                "not_run": generic_not_run(args, None), "quiet": False}
    category, watch = script_category(first)
    if category and category != "test":
        return {"runner": "rake %s" % first, "category": category, "scope": "all",
                "not_run": "watch" if watch else None, "quiet": False}
    return None


def _read_cmake(tool, args):
    if "--build" in args or any(a.startswith("--build=") for a in args):
        targets = []
        for i, word in enumerate(args):
            if word in ("--target", "-t") and i + 1 < len(args):
                targets.append(args[i + 1])
        if any(t in ("test", "check", "RUN_TESTS") for t in targets):
            return {"runner": "cmake --build --target test", "category": "test", "scope": "all",
                    "not_run": None, "quiet": False}
        # (targets other than the whole, `all` or `ALL_BUILD`: part of what the project builds)
        part = any(t not in ("all", "ALL_BUILD", "install") for t in targets)
        return {"runner": "cmake --build", "category": "build", "scope": "subset" if part else "all",
                "not_run": generic_not_run(args, None), "quiet": False}
    return None


def _read_zig_build(tool, args):
    steps = [a for a in args if not is_flag(a) and "=" not in a]
    if "test" in steps:
        return {"runner": "zig build test", "category": "test", "scope": "all", "not_run": None, "quiet": False}
    return {"runner": "zig build", "category": "build", "scope": "all", "not_run": generic_not_run(args, None),
            "quiet": False}


def _read_cargo_make(tool, args):
    flags, names = split_args(args, frozenset(("-p", "--profile", "--makefile", "-e", "--env", "-t", "--task",
                                                "--cwd")))
    if not names:
        return None
    return script_run("cargo make", names[0], None, names[1:], False, [])


def _read_node(tool, args):
    """``node --test``, ``node --run script``, ``node node_modules/.bin/jest``; other scripts are not runs."""
    value_flags = frozenset(("-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file",
                             "--test-reporter", "--test-reporter-destination", "--test-name-pattern",
                             "--test-skip-pattern", "--test-concurrency", "--input-type", "--conditions", "-C",
                             "--stack-size", "--test-shard", "--test-timeout", "--title"))
    i, n = 0, len(args)
    test_mode, run_script, watch = False, None, False
    while i < n and is_flag(args[i]):
        word = args[i]
        name = flag_name(word)
        if name == "--test":
            test_mode = True
        elif name == "--run" and i + 1 < n:
            run_script = args[i + 1]
            return script_run("node", run_script, "--run", args[i + 2:], False, [])
        elif name in ("--watch", "--watch-path"):
            watch = True
        elif name in ("-e", "--eval", "-p", "--print", "-c", "--check", "-v", "--version", "-h", "--help"):
            return None
        if "=" not in word and name in value_flags:
            i += 1
        i += 1
    rest = args[i:]
    if test_mode:
        result = _apply(NODE_TEST, args)
        if watch:
            result["not_run"] = "watch"
        return result
    if not rest:
        return None
    script = base_name(rest[0])
    for suffix in (".js", ".cjs", ".mjs"):
        if script.endswith(suffix):
            script = script[:-len(suffix)]
    if script == "bin" or script == "cli":
        parts = rest[0].split("/")
        if len(parts) >= 3 and parts[-2] in ("bin", "dist", "build"):
            script = parts[-3]
    if script in NODE_SCRIPT_TOOLS and script in TOOLS:
        return classify([script] + list(rest[1:]))
    return None


def _read_unittest(tool, args):
    """``python -m unittest``: module/test names narrow it; ``discover`` (or nothing) runs everything."""
    flags, positionals = split_args(args, frozenset(("-k", "-s", "--start-directory", "-p", "--pattern", "-t",
                                                      "--top-level-directory")))
    not_run = generic_not_run(args, None)
    quiet = "-q" in flags or "--quiet" in flags
    narrowed = any(f == "-k" or f.startswith("-k") for f in flags)
    if positionals and positionals[0] != "discover":
        narrowed = True
    return {"runner": "unittest", "category": "test", "scope": "subset" if narrowed else "all",
            "not_run": not_run, "quiet": quiet}


def _env_category(name):
    """The category a tox environment or nox session name says (``py311``, ``lint``, ``py312-mypy``), or None."""
    lowered = name.lower()
    if lowered in ENV_CATEGORIES:
        return ENV_CATEGORIES[lowered]
    category, _watch = script_category(lowered)
    if category:
        return category
    factors = lowered.replace("_", "-").split("-")
    for factor in factors:
        if factor in ENV_CATEGORIES:
            return ENV_CATEGORIES[factor]
    if any(f.startswith("py") and (f[2:].replace(".", "").isdigit() or f[2:] in ("py", "py3")) for f in factors):
        return "test"
    return None


def _read_envs(tool, args):
    """``tox -e py311``, ``tox -e lint,type``, ``nox -s tests-3.12``: the chosen environments' names
    give the category (the first in MAKE_PRIORITY; tests when none says one), and only arguments
    after ``--`` (the environment's own command line) narrow the run."""
    own = args[:args.index("--")] if "--" in args else list(args)
    posargs = args[len(own) + 1:]
    not_run = None
    if tool == "tox" and own and own[0] in TOX_RUN_COMMANDS:
        own = own[1:]
    elif tool == "tox" and own and own[0] in TOX_OTHER_COMMANDS:
        not_run = TOX_OTHER_COMMANDS[own[0]]
        own = own[1:]
    names = []
    for i, word in enumerate(own):
        if flag_name(word) in ENV_SELECTORS[tool]:
            value = word.split("=", 1)[1] if "=" in word else (own[i + 1] if i + 1 < len(own) else "")
            names.extend(n for n in value.split(",") if n)
            if tool == "nox" and "=" not in word:
                # nox's selectors take every word up to the next flag: ``nox -s lint tests``
                for more in own[i + 2:]:
                    if more.startswith("-"):
                        break
                    names.append(more)
    found = [c for c in (_env_category(n) for n in names) if c]
    category = min(found, key=MAKE_PRIORITY.index) if found else "test"
    if names and all(n.lower() in FORMAT_ENVS for n in names):
        category, not_run = "lint", not_run or "format"
    spec = TOX if tool == "tox" else NOX
    result = run_result(spec, own, category=category, not_run=not_run)
    checks = [c for n, c in zip(names, (_env_category(n) or "test" for n in names)) if n.lower() not in FORMAT_ENVS]
    result["also"] = _further(checks, category)
    if not result["not_run"] and posargs:
        flags, positionals = split_args(posargs, COMMON_VALUE_FLAGS)
        deselecting = TOOLS["pytest"]["subset"]
        if any(is_narrowing_path(p) for p in positionals) or any(
                flag_name(f) in deselecting or (f[:2] in ("-k", "-m") and not f.startswith("--")) for f in flags):
            result["scope"] = "subset"
    return result


_ANT_TARGETS = {"junit": "test", "jar": "build", "war": "build", "ear": "build", "package": "build"}


def _read_ant(tool, args):
    """``ant test``, ``ant clean jar``: targets named like make targets (``junit`` runs the tests)."""
    flags, targets = split_args(args, frozenset(("-f", "-file", "-buildfile", "-lib", "-logfile", "-l",
                                                  "-propertyfile", "-main", "-find", "-s")))
    found = [c for c in (_ANT_TARGETS.get(t) or _make_category(t) for t in targets) if c]
    if not found:
        return None
    category = min(found, key=MAKE_PRIORITY.index)
    return {"runner": "ant %s" % category, "category": category, "scope": "all",
            "not_run": generic_not_run(args, None), "quiet": "-q" in flags or "-quiet" in flags}


# clojure.test runners' own selectors (cognitect test-runner, kaocha)
_CLOJURE_NARROWING = frozenset(("-n", "--namespace", "-v", "--var", "-i", "--include", "--focus", "--focus-meta",
                                "-d", "--dir", "-r", "--namespace-regex"))


def _read_clojure(tool, args):
    """``clojure -M:test``, ``clj -X:test``, ``clojure -T:build jar``: the aliases' names give the
    category, as package-script names do; the test runner's selectors narrow it."""
    found, rest = [], []
    for i, word in enumerate(args):
        if word[:2] in ("-M", "-X", "-T", "-A") and word[2:3] == ":":
            found.extend(c for c in (script_category(a)[0] for a in word[3:].split(":") if a) if c)
            rest = args[i + 1:]
            break
    if not found:
        return None
    category = min(found, key=MAKE_PRIORITY.index)
    narrowed = category == "test" and any(flag_name(w) in _CLOJURE_NARROWING for w in rest)
    return {"runner": "clojure %s" % category, "category": category, "scope": "subset" if narrowed else "all",
            "not_run": None, "quiet": False}


# R calls that run a package's tests, its whole check, or its linter
_R_TEST_CALLS = ("devtools::test(", "testthat::test_local(", "testthat::test_dir(", "testthat::test_package(",
                 "testthat::test_check(", "test_dir(", "test_local(", "testthat::test_file(", "test_file(")
_R_CHECK_CALLS = ("devtools::check(", "rcmdcheck::rcmdcheck(", "rcmdcheck(")
_R_LINT_CALLS = ("lintr::lint_package(", "lintr::lint_dir(", "lint_package(")


def _read_r(tool, args):
    """``Rscript -e 'devtools::test()'``, ``R CMD check pkg.tar.gz``, ``Rscript tests/testthat.R``."""
    if tool == "R" and args[:1] == ["CMD"] and len(args) > 1:
        if args[1] == "check":
            return {"runner": "R CMD check", "category": "test", "scope": "all", "not_run": None, "quiet": False}
        if args[1] in ("build", "INSTALL"):
            return {"runner": "R CMD build", "category": "build", "scope": "all", "not_run": None, "quiet": False}
        return None
    code = " ".join(args[i + 1] for i, w in enumerate(args[:-1]) if w in ("-e", "--expr")).replace(" ", "")
    if not code:
        script = next((w for w in args if not is_flag(w)), "")
        if base_name(script) in ("testthat.R", "run_tests.R", "test.R", "tests.R"):
            return {"runner": "R test", "category": "test", "scope": "all", "not_run": None, "quiet": False}
        return None
    if any(call in code for call in _R_CHECK_CALLS):
        return {"runner": "R CMD check", "category": "test", "scope": "all", "not_run": None, "quiet": False}
    if any(call in code for call in _R_TEST_CALLS) or "devtools::test_active_file(" in code:
        narrowed = "filter=" in code or "test_active_file" in code or "test_file(" in code
        return {"runner": "R test", "category": "test", "scope": "subset" if narrowed else "all",
                "not_run": None, "quiet": False}
    if any(call in code for call in _R_LINT_CALLS):
        return {"runner": "R lint", "category": "lint", "scope": "all", "not_run": None, "quiet": False}
    return None


def _read_julia(tool, args):
    """``julia --project -e 'using Pkg; Pkg.test()'``, ``julia --project test/runtests.jl``."""
    code = " ".join(args[i + 1] for i, w in enumerate(args[:-1]) if w in ("-e", "--eval", "-E", "--print"))
    if "Pkg.test(" in code:
        narrowed = "test_args" in code
        return {"runner": "julia test", "category": "test", "scope": "subset" if narrowed else "all",
                "not_run": None, "quiet": False}
    script = next((w for w in args if not is_flag(w)), "") if not code else ""
    if base_name(script) == "runtests.jl":
        return {"runner": "julia test", "category": "test", "scope": "all", "not_run": None, "quiet": False}
    return None


FAMILY_READERS = {
    "unittest": _read_unittest,
    "scripts": _read_scripts, "make": _read_make, "gradle": _read_gradle, "maven": _read_maven, "sbt": _read_sbt,
    "xcodebuild": _read_xcodebuild, "nx": _read_nx, "rake": _read_rake, "cmake": _read_cmake,
    "zig-build": _read_zig_build, "cargo-make": _read_cargo_make, "node": _read_node, "deno": _read_deno,
    "envs": _read_envs, "ant": _read_ant, "clojure": _read_clojure, "r": _read_r, "julia": _read_julia,
    "pre-commit": lambda tool, args: _read_pre_commit(args),
    **BUILD_READERS
}


def _read_pre_commit(args):
    from stalegreen.engine.catalog.sequences import read_pre_commit     # loaded only for pre-commit/prek

    return read_pre_commit(args)


def _read_mix_do(args):
    from stalegreen.engine.catalog.sequences import read_mix_do     # loaded only for `mix do`

    return read_mix_do(args, classify)


def _apply(entry, args, tool=None, path=()):
    """Walk one TOOLS entry (spec, subcommand table or family) over the arguments."""
    if entry is None:
        return None
    if "family" in entry:
        return FAMILY_READERS[entry["family"]](tool, list(args))
    if "sub" in entry:
        i, n = 0, len(args)
        while i < n and is_flag(args[i]):
            if args[i] in HELP_FLAGS:
                name = " ".join((tool,) + tuple(path)) if tool else ""
                return {"runner": name, "category": "test", "scope": "all", "not_run": "help", "quiet": False,
                        "weak": True}
            i += 2 if ("=" not in args[i] and args[i] in entry["before"]) else 1
        if i < n and args[i] in entry["sub"]:
            target = entry["sub"][args[i]]
            # a runner spec also sees the flags given before its subcommand (`vitest --project api run`)
            rest = args[:i] + args[i + 1:] if target and "name" in target else args[i + 1:]
            return _apply(target, rest, tool, tuple(path) + (args[i],))
        default = entry["default"]
        if default == "ruff-paths":
            rest = args[i:]
            if not rest:
                return {"runner": "ruff", "category": "lint", "scope": "all", "not_run": "help", "quiet": False}
            if any(is_flag(a) for a in rest[:1]) or "/" in rest[0] or "." in rest[0] or os.sep in rest[0]:
                return run_result(RUFF_CHECK, rest)
            return None
        if default is not None and (i >= n or entry["other"] is None):
            return run_result(default, args)
        if i < n and entry["other"]:
            categories = [s["category"] for s in entry["sub"].values() if isinstance(s, dict) and "category" in s]
            spec = default or R(" ".join((tool,) + tuple(path)) if tool else "", (categories or ["test"])[0])
            return run_result(spec, args[i:], not_run=entry["other"])
        return None
    return run_result(entry, args)


def classify(words):
    """Classify an argv list (wrappers already stripped): dict(runner, category, scope, not_run, quiet)
    plus ``dirs`` (run-directory flags seen) when any, or None for a command that is not a runner."""
    if not words:
        return None
    tool = base_name(words[0])
    if tool not in TOOLS and tool[-4:].lower() in (".bat", ".cmd", ".exe") and tool[:-4] in TOOLS:
        tool = tool[:-4]            # Windows launchers: `gradlew.bat`, `mvnw.cmd`, `npm.cmd`
    if tool == "mix" and words[1:2] == ["do"]:
        return _read_mix_do(words[2:])        # not a TOOLS subcommand: `do` names no runner in prose
    entry = TOOLS.get(tool)
    if entry is None:
        return project_program(words)
    result = _apply(entry, words[1:], tool)
    if result is None:
        return None
    dirs = list(result.get("dirs", ()))
    for i, word in enumerate(words[1:], 1):
        # (Go's and Terraform's one-dash flags take their value after "=" too: `-chdir=../infra`)
        name = flag_name(word) if word.startswith("--") else word.partition("=")[0]
        if name in DIR_FLAGS.get(tool, ()) and tool not in ("make", "gmake", "npm", "pnpm", "yarn", "bun"):
            value = word.split("=", 1)[1] if "=" in word else (words[i + 1] if i + 1 < len(words) else None)
            if value:
                dirs.append(value)
        if name in FILE_DIR_FLAGS.get(tool, ()):
            value = word.split("=", 1)[1] if "=" in word else (words[i + 1] if i + 1 < len(words) else None)
            if value:
                dirs.append(os.path.dirname(value) or ".")
    if dirs:
        result["dirs"] = dirs
    return result

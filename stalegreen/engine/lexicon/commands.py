"""The runner vocabulary of claims, derived from the runner catalog (``engine/catalog.py``).

A claim names a runner either in inline code (```php artisan test` is green``) or as a bare word
in prose ("clippy is clean", "cargo test passes"). Both are read through the catalog, so a runner
added there is claimable with no edit here:

- inline code is parsed as a command line (``shell.parse``) and every run ``catalog.find_runs``
  finds in it becomes a subject with the run's category, runner name and scope
  (``npm run lint && npm test`` -> lint and test; ``pytest -k parse`` -> test, subset);
- prose names are the catalog's runner names ("pytest", "cargo test", "golangci-lint") and, for a
  runner reached through a subcommand, the subcommand alone when it is a name of its own
  ("clippy" -> "cargo clippy"). A name that is also an ordinary English word ("make", "black",
  "next", "just") counts only with its subcommand or inside code: "make sure" is no runner.
"""

import re

from stalegreen.engine.prefilter import RUNNER_WORDS as _RUNNER_WORDS

# Catalog names that are ordinary words in prose, and subcommands too generic to stand alone.
ORDINARY_WORDS = frozenset((
    "astro", "behave", "black", "buf", "bun", "busted", "cabal", "dart", "docker", "elm", "ember", "expo", "flow",
    "gatsby", "go", "hugo", "just", "karma", "mage", "make", "gmake", "next", "ninja", "node", "parcel", "pest",
    "pint", "poetry", "prove", "rails", "rake", "remix", "stack", "standard", "steep", "swift", "tap", "tape",
    "task", "turbo", "ty", "vite", "ward", "zig", "tsdown", "xo", "standard", "podman", "composer", "hatch", "pdm",
    "npm", "pnpm", "yarn", "deno", "lerna", "nx", "mix", "dotnet", "flutter", "meson", "bazel", "bazelisk", "buck2",
    "lein", "sbt", "mvn", "mvnw", "gradle", "gradlew", "cargo", "cmake", "xcodebuild", "setup.py", "manage.py",
    "django-admin", "artisan", "ng", "nuxt", "nuxi", "scons", "python -m build", "srb", "gleam",
    "pants", "mill", "helm", "tofu", "terraform", "nix", "typos", "run-clang-tidy",
))
GENERIC_SUBCOMMANDS = frozenset((
    "test", "t", "b", "c", "build", "doc", "rebuild", "verify", "check", "run", "lint", "fmt", "format", "compile",
    "spec", "watch", "dev",
    "serve", "server", "start", "open", "bench", "init", "list", "related", "status", "version", "config", "rule",
    "clean", "analyse", "analyze", "ci", "fix", "generate", "export", "sync", "make", "install", "coverage",
    "incremental", "tc", "e2e", "test:e2e", "test:unit", "vite:build", "buildx", "compose", "typegen", "sdist",
    "bdist_wheel", "autocorrect", "linter", "typecheck", "vet", "ct", "eunit", "xref", "scan", "validate", "cpd", "flake",
))
_CACHE_SIZE = 256
_cache = {}
_prose = {}


def classify_code(code):
    """[(category, runner, scope), ...] for every verification run in inline code, in order."""
    code = code.strip()
    if code in _cache:
        return _cache[code]
    _cache[code] = []       # a name whose command line names it again (`R`) ends here, not in a loop
    try:
        found = _classify(code)
    except BaseException:   # a worker's deadline, an error: the placeholder must not stand as the answer
        _cache.pop(code, None)
        raise
    if len(_cache) >= _CACHE_SIZE:
        _cache.clear()
    _cache[code] = found
    return found


def _classify(code):
    """``classify_code`` of stripped ``code``, not remembered."""
    from stalegreen.engine import prefilter

    found = []
    line = re.sub(r"^\$\s+", "", code)
    if prefilter.might_contain_runner(line):
        for run in _catalog_runs(line):
            for entry in target_runs(run):
                if entry not in found:
                    found.append(entry)
        if not found and _MANAGER_PREFIX.match(line):
            found = classify_code(_MANAGER_PREFIX.sub("", line))     # `pnpm turbo run test`: the tool it runs
    if not found and _PROMPT_CALL.match(line) and "'" not in line:
        # `devtools::test()`, `Pkg.test()`: a call typed at R's or Julia's own prompt
        found = classify_code(("julia -e '%s'" if line.startswith("Pkg.") else "Rscript -e '%s'") % line)
    if not found and re.match(r"^[\w.-]+$", line) and might_name_runner({line.lower()}):
        named = classify_name(line)      # `ruff`, `clippy`: a runner named, not a command line
        if named:
            found.append(named)
    if found and _BUILD_MODE.search(line):
        found = [_built(entry) for entry in found]
    return found


# a package's check called by name: R's `pkg::fn(...)`, Julia's `Pkg.fn(...)`
_PROMPT_CALL = re.compile(r"^(?:[A-Za-z][\w.]*::|Pkg\.)[A-Za-z_][\w.]*\([^()]*\)\s*;?$")

# `tsc --build` / `tsc -b` builds the project references (and emits), so a claim of it is a build
# claim; the run's own receipt is a typecheck one, which backs it as its alternate
_BUILD_MODE = re.compile(r"(?:^|\s)(?:-b|--build)(?=\s|$)")
TYPECHECKERS_THAT_BUILD = frozenset(("tsc", "vue-tsc", "tsgo"))


def _built(entry):
    category, runner, scope = entry
    if category == "typecheck" and runner in TYPECHECKERS_THAT_BUILD:
        return ("build", runner, scope)
    return entry


def _catalog_runs(line):
    """The catalog's verification runs in a command line (each the target it ranks first)."""
    from stalegreen.engine import catalog, prefilter, shell

    if not prefilter.might_contain_runner(line):
        return []
    return [run for run in catalog.find_runs(shell.parse(line))
            if run.not_run not in ("help", "list") and run.category in catalog.CATEGORIES]


def _first(line):
    """(category, runner, scope) of the catalog's first run in ``line``, else None."""
    runs = _catalog_runs(line)
    return (runs[0].category, runs[0].runner, runs[0].scope) if runs else None


# Runners of the project's own tasks and scripts (`make check`, `bundle exec rake`, `npm run ci`, `tox`): a
# task may run checks of other categories than the one its name gives, so their output speaks for them too.
TASK_RUNNERS = frozenset(("make", "gmake", "rake", "just", "task", "mage", "invoke", "inv", "npm", "pnpm", "yarn",
                          "bun", "composer", "tox", "nox"))
_ONE_SCRIPT = frozenset(("npm", "pnpm", "yarn", "bun", "composer", "hatch", "pdm", "pixi", "deno"))
_MANAGER_PREFIX = re.compile(r"^(?:pnpm|yarn|bun|npm exec|pnpm exec|yarn exec|bunx|pnpx)\s+(?=[a-z])")
# the session/environment flags of the test matrix runners: their values are task names
_SESSION_FLAGS = {"tox": ("-e", "--envlist"), "nox": ("-s", "--session", "--sessions", "-e")}


def target_runs(run):
    """(category, runner, scope) of each target a catalog run runs. The catalog names the target
    it ranks first; a command given several (``make lint test``, ``turbo run build test lint``,
    ``nx run-many -t lint test``, ``gradle build test``) runs each, so a claim about it is about
    each, classified as the catalog classifies that target alone. A test matrix session named as
    a check (``tox -e py311,lint``) runs that check; maven's ``verify`` phase packages, so it is a
    build too. A package manager's script takes one name (``npm run lint test``: "test" is an
    argument)."""
    first = (run.category, run.runner, run.scope)
    words = [w for w in run.words if w]
    tool = words[0].rsplit("/", 1)[-1] if words else ""
    if tool in ("mvn", "mvnw") and any(w.startswith(("-DskipTests", "-Dmaven.test.skip")) for w in words):
        return [first]      # `mvn verify -DskipTests`: no goal of it runs the tests
    if tool in ("mvn", "mvnw") and "verify" in words and run.category == "test":
        return [first, ("build", "mvn verify", "all")]
    if tool in _SESSION_FLAGS:
        return _sessions(words, _SESSION_FLAGS[tool], first)
    if not words or tool in _ONE_SCRIPT or _runs_one_subcommand(tool):
        return [first]
    head = None
    found = [first]
    for index in range(1, len(words)):
        word = words[index]
        if head is None:
            if _first(" ".join(words[:index + 1])):
                head = words[:index]      # the words before the first target ("nx run-many -t")
            else:
                continue
        if word.startswith("-") or "=" in word or "/" in word or index > len(head) and _takes_value(words[index - 1]):
            continue
        for part in word.split(","):
            run_alone = _first(" ".join(head + [part])) if part else None
            for category, runner, scope in [run_alone] if run_alone else []:
                entry = (category, runner, "subset" if run.scope == "subset" else scope)
                if category != run.category and entry not in found:
                    found.append(entry)
    return found


def _runs_one_subcommand(tool):
    """A tool whose first word picks one subcommand (``cargo test build``: "build" filters the
    tests; ``zig build test``: the build's test step) runs that one, never the others."""
    from stalegreen.engine import catalog

    return "sub" in catalog.TOOLS.get(tool, {})


def _takes_value(word):
    """A flag standing alone before a word may take it as its value (``-x test``, ``-scheme App``,
    ``-C api``): that word is no target."""
    return word.startswith("-") and "=" not in word and not re.match(r"^-[a-zA-Z]\d", word) and word != "--"


def _sessions(words, flags, first):
    """``tox -e py311,lint``, ``nox -s tests lint``: a session named as a task ("lint", "typecheck")
    runs that check; any other (py311, tests) runs the tests, as the catalog reads the runner."""
    names = []
    taking = False
    for word in words[1:]:
        if word in flags:
            taking = True
            continue
        if word.startswith("-"):
            taking = False
            continue
        if taking or "=" in word and word.split("=", 1)[0] in flags:
            names.extend(p for p in word.split("=", 1)[-1].split(",") if p)
    found = []
    for name in names:
        alone = _first("just " + name)
        category = alone[0] if alone else "test"
        entry = first if category == "test" else (category, "%s %s" % (words[0].rsplit("/", 1)[-1], name), "all")
        if entry not in found:
            found.append(entry)
    return found or [first]


def classify_name(name):
    """(category, runner, "all") for a runner named in prose ("pytest", "clippy"), else None."""
    table = _names()
    runner = table.get(re.sub(r"\s+", " ", name.strip().lower()))
    if runner is None:
        return None
    runs = classify_code(runner) or classify_code(runner + " run")     # cargo nextest run
    return (runs[0][0], runs[0][1], "all") if runs else None


def _names():
    """Prose name -> command line to classify (built once from the catalog)."""
    if _prose:
        return _prose
    from stalegreen.engine import catalog

    table = {}
    for key, entry in catalog.TOOLS.items():
        if "sub" in entry:
            for sub, spec in entry["sub"].items():
                if not spec or spec.get("always"):
                    continue
                table["%s %s" % (key, sub)] = "%s %s" % (key, sub)
                if sub not in GENERIC_SUBCOMMANDS and sub not in ORDINARY_WORDS and re.match(r"^[a-z][a-z0-9-]+$", sub):
                    table.setdefault(sub, "%s %s" % (key, sub))
            if key not in ORDINARY_WORDS:
                bare = ["%s %s" % (key, sub) for sub in ("check", "run", "lint", "test", "build") if entry["sub"].get(sub)]
                bare += [key] if entry.get("default") is not None else []
                if bare:
                    table[key] = bare[0]
        elif "family" in entry:
            if key not in ORDINARY_WORDS and _catalog_runs(key):     # `tox` runs a check alone; `julia` does not
                table[key.lower()] = key.lower()    # prose is read in lower case (`MSBuild` is msbuild)
            for name in _family_targets(key):
                table.setdefault(name, name)
        elif key not in ORDINARY_WORDS:
            spec_needs = entry.get("needs")
            table[key] = key + (" " + sorted(spec_needs[0])[0] if spec_needs else "")
        else:
            for flag in (entry.get("needs") or ((),))[0]:      # "black --check: ...": a word that checks with its flag
                table["%s %s" % (key, flag)] = "%s %s" % (key, flag)
    for tool in ("npm", "pnpm", "yarn", "bun"):
        for script in ("test", "lint", "build", "typecheck"):
            if tool != "npm" or script == "test":       # npm runs only `test` without `run`
                table["%s %s" % (tool, script)] = "%s %s" % (tool, script)
            table["%s run %s" % (tool, script)] = "%s run %s" % (tool, script)
    table["make test"] = "make test"
    table["make lint"] = "make lint"
    for name, line in PROSE_ALIASES.items():
        table.setdefault(name, line)
    for task, line in catalog.PROSE_TASKS.items():     # `spotlessCheck`, scalafmtCheck: a build's task named alone
        table[task.lower()] = line
    _prose.update(table)
    return _prose


# Names prose gives a catalog runner that are not its command: the project's name for the checker
# ("Sorbet" runs as `srb tc`; Scalafmt and Scalafix as sbt's check tasks), a name made unambiguous by
# its vendor ("Laravel Pint": "pint" alone is an everyday word, and `pint` alone formats).
PROSE_ALIASES = {"sorbet": "srb tc", "laravel pint": "pint --test", "scalafmt": "sbt scalafmtCheck",
                 "scalafix": "sbt scalafixAll --check"}


# Names that stand alone for a build ("Cargo is happy", "clang accepts it"): the catalog's build
# systems (``catalog.BUILD_SYSTEMS``), a name prose gives one that is not its command ("Maven"),
# and the language compilers, which are no runners of the catalog. The last two need no catalog:
# a sentence naming only them is read without it.
BUILD_SYSTEM_ALIASES = {"maven": "mvn"}
COMPILERS = ("gcc", "g++", "clang", "javac", "kotlinc", "rustc", "swiftc")


def builders(with_catalog=True):
    """The names that stand alone for a build (the catalog's build systems only when
    ``with_catalog``)."""
    names = set(BUILD_SYSTEM_ALIASES) | set(COMPILERS)
    if with_catalog:
        from stalegreen.engine import catalog

        names |= catalog.BUILD_SYSTEMS
    return names


def builder_pattern(with_catalog=True):
    """``builders`` as a pattern, longest names first."""
    return "|".join(re.escape(n) for n in sorted(builders(with_catalog), key=lambda n: (-len(n), n)))


# The targets a build tool's prose name may take ("mvn compile is fine", "sbt test passes"), when the
# catalog reads "<tool> <target>" as a run of its own. Not for tools whose name is an everyday word
# ("just test it", "the task build"): there only the code span names the run.
FAMILY_TARGETS = ("test", "build", "compile", "package", "verify", "check", "lint", "assemble", "typecheck")
_EVERYDAY_TOOLS = frozenset(("just", "task", "mage", "make", "gmake", "node", "ant", "npm", "pnpm", "yarn", "bun"))


def _family_targets(key):
    """"<tool> <target>" names of a family tool the catalog reads as a run: a target whose run is
    not the tool's run alone (``mvn compile``), or is it under the target's own category name
    (``xcodebuild build``; not ``msbuild lint``, which is the build)."""
    tool = key.lower()
    if tool in _EVERYDAY_TOOLS or not re.match(r"^[a-z][a-z0-9-]*$", tool):
        return []
    alone = _first(tool)
    names = []
    for target in FAMILY_TARGETS:
        run = _first("%s %s" % (tool, target))
        if run and (alone is None or run[1] != alone[1] or run[0] == target):
            names.append("%s %s" % (tool, target))
    return names


# First words of prose runner names that are not runner words of the prefilter ("clippy" is
# "cargo clippy", "manage.py" starts "manage"); tests/engine/test_claims_vocabulary.py checks
# that these and ``prefilter.RUNNER_WORDS`` cover ``prose_starts()``.
EXTRA_PROSE_STARTS = frozenset((
    "ansible", "cfn", "sphinx", "clang", "clippy", "credo", "dialyzer", "golangci", "llvm", "manage", "nextest", "php",
    "pre", "py", "python",
    "react", "runtest", "setup", "svelte", "tarpaulin", "vue", "sorbet", "laravel", "scalafmt", "scalafix",
    # build tasks named alone (``catalog.PROSE_TASKS``)
    "spotless", "spotlesscheck", "spotless:check", "checkstyle:check", "pmd:check", "spotbugs:check", "ktlintcheck",
    "checkstylemain", "checkstyletest", "pmdmain", "spotbugsmain", "detektmain", "scalafmtcheck", "scalafmtcheckall",
    # the first words of build-docs, kube-linter, nixpkgs-fmt, mix sobelow, cdk synth, wasm-pack
    "build", "kube", "nixpkgs", "sobelow", "synth", "wasm",
))


def might_name_runner(words):
    """False only when no prose runner name can start at any of ``words`` (lower-case words):
    decided without the catalog, so a message naming no runner never imports it."""
    return not (_RUNNER_WORDS.isdisjoint(words) and EXTRA_PROSE_STARTS.isdisjoint(words))


def prose_names():
    """Every runner name prose may use ("pytest", "cargo test", "clippy")."""
    return sorted(_names())


def prose_pattern():
    """A regular expression matching every prose runner name (a trie: one branch per character)."""
    from stalegreen.engine import lexicon

    return lexicon.trie_pattern(_names(), space="\\s+")


def prose_starts():
    """The first words of the prose runner names (where a subject scan may start)."""
    if not _starts:
        _starts.append(frozenset(re.split(r"[\s.-]", n)[0] for n in _names()))
    return _starts[0]


_starts = []

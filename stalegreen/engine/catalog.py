"""Which segments of a command line are verification runs.

Everything that names a runner is data: ``WRAPPERS`` (prefixes stripped before looking at the
command), ``TOOLS`` (first word -> runner spec, or -> subcommand table, or -> a family reader for
the few tools whose arguments are a language of their own: package scripts, make, gradle, maven,
sbt, xcodebuild, nx), the script-name and make-target tables, and the not-a-run flag tables.
The code below only walks argv lists through those tables.
"""

import os
import re

CATEGORIES = ("test", "typecheck", "lint", "build")

SOURCE_EXTS = frozenset(
    "py ts tsx js jsx mjs cjs mts cts go rs rb php ex exs swift kt kts java cs vue svelte sh c cc cpp "
    "h hpp scala dart elm hs feature".split()
)

# ---------------------------------------------------------------------------------------------
# not-a-run flags (checked on the tool's own arguments)

HELP_FLAGS = frozenset(("--help", "-h", "-help", "--version", "-V"))
LIST_FLAGS = frozenset((
    "--collect-only", "--co", "--collectonly", "--list", "--listTests", "--list-tests", "-list",
    "--dry-run", "--dryrun", "--show-config", "--showConfig", "--print-config", "--debug-config",
))
WATCH_FLAGS = frozenset(("--watch", "--watchAll", "--watch-all", "--ui", "--open", "--watch=true",
                         "--watchAll=true"))
NOT_WATCH_VALUES = ("false", "0", "no", "off")

# Flags that take a value wherever they appear (so the value is not a positional argument).
COMMON_VALUE_FLAGS = frozenset((
    "-p", "--project", "-c", "--config", "-f", "-o", "-r", "--reporter", "-C", "--manifest-path",
    "--features", "--package", "-t", "-k", "-m", "-n", "-j", "-l", "--config-file", "--rootdir",
    "--output", "--format", "--junitxml", "--cov", "--cov-report", "--reporters", "--ignore",
    "--ignore-glob", "--deselect", "--maxWorkers", "--testTimeout", "--shard", "--workers",
    "--timeout", "--filter", "--exclude", "--env", "--require", "--import", "--loader",
    "--tsconfig", "--ext", "--max-warnings", "--cache-location", "--rule", "--plugin", "--parser",
    "--target", "--profile", "--tags", "--tag", "--grep", "--spec", "--browser", "-s",
))
QUIET_FLAGS = frozenset(("-q", "-qq", "--quiet", "--silent", "--reporter=dot", "--reporter=silent",
                         "--reporters=dot", "--log-level=silent", "--loglevel=silent"))

# ---------------------------------------------------------------------------------------------
# runner specs


def R(name, category, subset=(), values=(), flags=None, needs=None, fix=(), quiet=(), no_help=(),
      positional_subset="files"):
    """A runner spec.

    subset: flags that narrow the run; positional_subset: which positional arguments narrow it
    ("files": a source file or a nested path, "any": any positional, "pkg": go packages,
    "targets": bazel targets, "none"); values: the tool's own value flags; flags: extra
    flag -> not-a-run reason; needs: (flags, reason) - without one of those flags the command
    is that not-a-run form (``prettier`` without ``--check`` formats); fix: flags that turn a
    check into a format; no_help: generic help flags that mean something else for this tool.
    """
    return {
        "name": name, "category": category, "subset": frozenset(subset), "values": frozenset(values),
        "flags": flags or {}, "needs": needs, "fix": frozenset(fix), "quiet": frozenset(quiet),
        "no_help": frozenset(no_help), "positional": positional_subset,
    }


def NOT(reason, name=None, category="test"):
    """A recognised command that is never a run (``cypress open``, ``vitest bench``)."""
    spec = R(name or "", category)
    spec["always"] = reason
    return spec


def SUB(table, default=None, before=(), other=None):
    """A tool whose first positional is a subcommand: ``cargo test``, ``go vet``.

    default: spec for no subcommand (or a positional that is no subcommand); before: value flags
    allowed before the subcommand; other: not-a-run reason for unknown subcommands (else: no run).
    """
    return {"sub": table, "default": default, "before": frozenset(before), "other": other}


def FAMILY(reader):
    return {"family": reader}


# A flag narrows a run only when it deselects tests: --lf and --sw skip what passed before;
# -x, --maxfail, --ff and --nf stop early or reorder, and every test they reach still counts.
_PYTEST = R("pytest", "test",
            subset=("-k", "-m", "--lf", "--last-failed", "--deselect", "--ignore", "--ignore-glob",
                    "--sw", "--stepwise"),
            values=("-n", "--dist", "-W", "--basetemp", "--durations", "-o", "--override-ini",
                    "--maxfail", "--tb", "--log-level", "-p"),
            flags={"--fixtures": "list", "--funcargs": "list", "--fixtures-per-test": "list", "--markers": "list"},
            quiet=("-q", "--quiet"))
_JEST = R("jest", "test",
          subset=("-t", "--testNamePattern", "--testPathPattern", "--testPathPatterns",
                  "--findRelatedTests", "--onlyChanged", "-o", "--changedSince", "--lastCommit",
                  "--selectProjects"),
          values=("-w", "--maxWorkers", "-c", "--config", "--testNamePattern", "--testPathPattern",
                  "--changedSince", "--selectProjects", "--shard", "--reporters", "--coverageDirectory"),
          positional_subset="any", quiet=("--silent",))
_VITEST = R("vitest", "test",
            subset=("-t", "--testNamePattern", "--project", "--changed", "--related", "--dir", "--shard"),
            values=("--project", "--dir", "--root", "-r", "--pool", "--environment", "--reporter"),
            positional_subset="any", flags={"-w": "watch"})
_TSC = R("tsc", "typecheck", values=("-p", "--project", "--target", "--module", "--outDir", "--lib", "--jsx"),
         flags={"-w": "watch", "--listFiles": "list", "--listFilesOnly": "list", "--init": "help",
                "--showConfig": "list"})
_MYPY = R("mypy", "typecheck", subset=("-p", "--package", "-m", "--module"),
          values=("--config-file", "-p", "--package", "-m", "--module", "--python-version", "--cache-dir"))
_ESLINT = R("eslint", "lint",
            values=("-c", "--config", "-f", "--format", "-o", "--output-file", "--ext", "--rule", "--plugin",
                    "--parser", "--max-warnings", "--ignore-path", "--ignore-pattern", "--env", "--global",
                    "--cache-location", "--resolve-plugins-relative-to", "--rulesdir", "--parser-options"),
            flags={"--print-config": "list", "--init": "help"}, quiet=("--quiet",))
_PRETTIER = R("prettier", "lint", values=("--config", "--ignore-path", "--plugin", "--parser", "--log-level"),
              needs=(("--check", "-c", "--list-different", "-l"), "format"))
_RUFF_CHECK = R("ruff check", "lint", values=("--config", "--select", "--ignore", "--extend-select",
                                                "--output-format", "--target-version", "--line-length"),
                flags={"--watch": "watch", "-w": "watch", "--show-settings": "list", "--show-files": "list"})
_RUFF_FORMAT = R("ruff format", "lint", values=("--config", "--line-length", "--target-version"),
                 needs=(("--check", "--diff"), "format"))
_BLACK = R("black", "lint", values=("-l", "--line-length", "-t", "--target-version", "--config", "--include",
                                      "--exclude", "--extend-exclude"),
           needs=(("--check", "--diff"), "format"))
_ISORT = R("isort", "lint", values=("--settings-path", "--sp", "--profile", "-l", "--line-length"),
           needs=(("--check", "--check-only", "-c", "--diff"), "format"))
_CARGO_TEST = R("cargo test", "test",
                subset=("-p", "--package", "--lib", "--doc", "--test", "--bin", "--example", "--bench",
                        "--exclude"),
                values=("-p", "--package", "--features", "-F", "--target", "--manifest-path", "-j", "--jobs",
                        "--profile", "--test", "--bin", "--example", "--bench", "--color", "--message-format",
                        "-Z", "--exclude", "--target-dir", "--test-threads"),
                flags={"--no-run": "list"}, positional_subset="any")
_CARGO_VALUES = ("-p", "--package", "--features", "-F", "--target", "--manifest-path", "-j", "--jobs",
                 "--profile", "--color", "--message-format", "-Z", "--exclude", "--target-dir", "--bin")
_NEXTEST_RUN = R("cargo nextest", "test", subset=("-p", "--package", "-E", "--filter-expr", "--exclude"),
                 values=_CARGO_VALUES + ("-E", "--filter-expr", "--profile", "-P", "--partition",
                                         "--test-threads", "-j"),
                 positional_subset="any")
_GO_TEST_VALUES = ("-run", "-bench", "-count", "-timeout", "-p", "-tags", "-coverprofile", "-cpu", "-parallel",
                   "-benchtime", "-o", "-covermode", "-coverpkg", "-exec", "-skip", "-shuffle", "-ldflags",
                   "-gcflags", "-mod", "-C", "-vet", "-fuzz", "-fuzztime")
_GO_TEST = R("go test", "test", subset=("-run", "-bench", "-skip", "-fuzz"), values=_GO_TEST_VALUES,
             flags={"-list": "list", "-n": "dry-run"}, positional_subset="pkg", no_help=("-h",))
_GO_BUILD = R("go build", "build", values=_GO_TEST_VALUES, flags={"-n": "dry-run"}, positional_subset="none")
_GO_INSTALL = dict(_GO_BUILD, name="go install")
_RSPEC = R("rspec", "test", subset=("-e", "--example", "-t", "--tag", "--only-failures", "-n", "--next-failure",
                                     "-E", "--example-matches"),
           values=("-e", "--example", "-t", "--tag", "-f", "--format", "-o", "--out", "-r", "--require",
                   "-I", "--seed", "--order", "-E", "--example-matches", "--pattern", "--exclude-pattern"),
           flags={"--dry-run": "dry-run"})
_PHPUNIT = R("phpunit", "test", subset=("--filter", "--group", "--testsuite"),
             values=("--filter", "--group", "--exclude-group", "-c", "--configuration", "--testsuite",
                     "--bootstrap", "--log-junit", "--coverage-html", "--coverage-clover"))
_PLAYWRIGHT_TEST = R("playwright test", "test", subset=("-g", "--grep", "--project", "--last-failed", "--only-changed",
                                                        "--shard", "--grep-invert"),
                     values=("-g", "--grep", "--project", "-c", "--config", "--reporter", "-j", "--workers",
                             "--shard", "--grep-invert", "--retries", "--timeout", "--repeat-each"),
                     flags={"--ui": "watch"}, positional_subset="any")
_MOCHA = R("mocha", "test", subset=("-g", "--grep", "-f", "--fgrep"),
           values=("-g", "--grep", "-f", "--fgrep", "-r", "--require", "-R", "--reporter", "--config",
                   "--timeout", "-t", "--slow", "-s", "--ui", "-u", "--extension", "--spec", "--ignore"),
           flags={"-w": "watch", "--ui": None}, quiet=("-R dot",))
_NODE_TEST = R("node --test", "test", subset=("--test-name-pattern", "--test-skip-pattern", "--test-only"),
               values=("--test-reporter", "--test-reporter-destination", "--test-name-pattern",
                       "--test-skip-pattern", "--test-concurrency", "-r", "--require", "--import",
                       "--loader", "--experimental-loader", "--test-shard", "--test-timeout"))
_SWIFT_TEST = R("swift test", "test", subset=("--filter", "--skip"), values=("--filter", "--skip", "-c",
                                                                            "--configuration", "--package-path"),
                flags={"-l": "list", "--list-tests": "list"})
_DOTNET_TEST = R("dotnet test", "test", subset=("--filter",),
                 values=("--filter", "-c", "--configuration", "-f", "--framework", "-r", "--runtime", "-o",
                         "--output", "-l", "--logger", "-s", "--settings", "-v", "--verbosity", "--results-directory"),
                 flags={"-t": "list", "--list-tests": "list"}, positional_subset="none")
_MIX_TEST = R("mix test", "test", subset=("--only", "--failed", "--stale", "--include", "--exclude"),
              values=("--only", "--include", "--exclude", "--seed", "--max-failures", "--partitions", "--formatter"))
_FLUTTER_TEST = R("flutter test", "test", subset=("--name", "-n", "--plain-name", "--tags", "-t"),
                  values=("--name", "-n", "--plain-name", "--tags", "-t", "--exclude-tags", "-x", "-r",
                          "--reporter", "-j", "--concurrency"))
_DART_TEST = dict(_FLUTTER_TEST, name="dart test")
_BAZEL_TEST = R("bazel test", "test", values=("--config", "--test_output", "--test_filter", "--jobs"),
                subset=("--test_filter",), positional_subset="targets")
_BAZEL_BUILD = R("bazel build", "build", values=("--config", "--jobs"), positional_subset="none")
_BAZEL = SUB({"test": _BAZEL_TEST, "build": _BAZEL_BUILD, "coverage": _BAZEL_TEST})


def _build(name):
    return R(name, "build", positional_subset="none")


def _lint(name, **kw):
    return R(name, "lint", **kw)


def _typecheck(name, **kw):
    return R(name, "typecheck", **kw)


def _test(name, **kw):
    kw.setdefault("positional_subset", "files")
    return R(name, "test", **kw)


_WATCH_W = {"-w": "watch"}
_BUNDLER_WATCH = {"-w": "watch", "--watch": "watch"}

TOOLS = {
    # ---- test
    "pytest": _PYTEST, "py.test": _PYTEST, "pytest-3": _PYTEST,
    "unittest": FAMILY("unittest"),
    "setup.py": SUB({"test": _test("setup.py test", positional_subset="none"), "build": _build("setup.py build"),
                     "bdist_wheel": _build("setup.py build"), "sdist": _build("setup.py build")}),
    "manage.py": SUB({"test": _test("manage.py test", positional_subset="any")}),
    "django-admin": SUB({"test": _test("django-admin test", positional_subset="any")}),
    "nose2": _test("nose2", positional_subset="any"), "ward": _test("ward", positional_subset="any"),
    "tox": _test("tox", subset=("-e", "--envlist"), values=("-e", "--envlist", "-c", "--conf", "-p"),
                 positional_subset="none", flags={"-l": "list", "--listenvs": "list", "-a": "list"}),
    "nox": _test("nox", subset=("-s", "--session", "-k", "--keywords"), values=("-s", "--session", "-k", "-p",
                                                                             "--python", "-f"),
                 positional_subset="none", flags={"-l": "list"}),
    "jest": _JEST,
    "vitest": SUB({"run": _VITEST, "related": dict(_VITEST, subset=_VITEST["subset"] | {"@always"}),
                   "watch": NOT("watch", "vitest"), "dev": NOT("watch", "vitest"), "bench": NOT("bench", "vitest"),
                   "init": NOT("help", "vitest"), "list": NOT("list", "vitest")},
                  default=_VITEST, before=("--project", "--dir", "--root", "-r")),
    "mocha": _MOCHA,
    "ava": _test("ava", subset=("-m", "--match"), values=("-m", "--match", "--timeout", "-T", "--concurrency"),
                 flags=_WATCH_W),
    "tap": _test("tap"), "tape": _test("tape"), "jasmine": _test("jasmine", values=("--config", "--filter"),
                                                                 subset=("--filter",)),
    "uvu": _test("uvu"), "qunit": _test("qunit"), "karma": SUB({"start": _test("karma"), "run": _test("karma")}),
    "bats": _test("bats", values=("-f", "--filter", "-j", "--jobs"), subset=("-f", "--filter")),
    "prove": _test("prove", values=("-I", "-j", "--jobs")),
    "busted": _test("busted", subset=("--filter", "--tags", "-t"), values=("--filter", "--tags", "-t")),
    "behave": _test("behave", subset=("-n", "--name", "-t", "--tags"), values=("-n", "--name", "-t", "--tags")),
    "gotestsum": _test("gotestsum", positional_subset="none", values=("--format", "-f", "--junitfile",
                                                                       "--packages")),
    "playwright": SUB({"test": _PLAYWRIGHT_TEST}, other=None),
    "cypress": SUB({"run": _test("cypress run", subset=("--spec", "-s"), values=("--spec", "-s", "--browser", "-b",
                                                                                 "--config", "--env", "-e",
                                                                                 "--project", "-P"),
                                 positional_subset="none"),
                    "open": NOT("watch", "cypress open")}),
    "react-scripts": SUB({"test": _test("react-scripts test", positional_subset="any"),
                          "build": _build("react-scripts build"),
                          "start": None}),
    "vue-cli-service": SUB({"test:unit": _test("vue-cli-service test:unit", positional_subset="any"),
                            "test:e2e": _test("vue-cli-service test:e2e"),
                            "lint": _lint("vue-cli-service lint", needs=(("--no-fix",), "format")),
                            "build": _build("vue-cli-service build")}),
    "ng": SUB({"test": _test("ng test", needs=(("--watch=false", "--no-watch", "--watch false"), "watch"),
                             positional_subset="none", values=("--karma-config", "--browsers", "-c",
                                                               "--configuration", "--include")),
               "e2e": _test("ng e2e", positional_subset="none"),
               "build": _build("ng build"), "lint": _lint("ng lint", positional_subset="none")}),
    "go": SUB({"test": _GO_TEST, "build": _GO_BUILD, "install": _GO_INSTALL,
               "vet": _lint("go vet", values=_GO_TEST_VALUES, positional_subset="pkg")},
              before=("-C",)),
    "cargo": SUB({"test": _CARGO_TEST, "t": _CARGO_TEST,
                  "nextest": SUB({"run": _NEXTEST_RUN, "r": _NEXTEST_RUN, "list": NOT("list", "cargo nextest")},
                                 before=_CARGO_VALUES, other="other"),
                  "check": _typecheck("cargo check", values=_CARGO_VALUES, positional_subset="none",
                                      subset=("-p", "--package")),
                  "c": _typecheck("cargo check", values=_CARGO_VALUES, positional_subset="none",
                                  subset=("-p", "--package")),
                  "build": R("cargo build", "build", values=_CARGO_VALUES, positional_subset="none"),
                  "b": R("cargo build", "build", values=_CARGO_VALUES, positional_subset="none"),
                  "clippy": _lint("cargo clippy", values=_CARGO_VALUES, positional_subset="none",
                                  subset=("-p", "--package")),
                  "fmt": _lint("cargo fmt", values=_CARGO_VALUES, positional_subset="none",
                               needs=(("--check",), "format")),
                  "watch": NOT("watch", "cargo watch"),
                  "make": FAMILY("cargo-make")},
                 before=("--manifest-path", "-Z", "--color", "--config")),
    "dotnet": SUB({"test": _DOTNET_TEST, "build": R("dotnet build", "build", values=_DOTNET_TEST["values"],
                                                    positional_subset="none"),
                   "format": _lint("dotnet format", positional_subset="none",
                                   needs=(("--verify-no-changes",), "format")),
                   "watch": NOT("watch", "dotnet watch")}),
    "mvn": FAMILY("maven"), "mvnw": FAMILY("maven"),
    "gradle": FAMILY("gradle"), "gradlew": FAMILY("gradle"),
    "sbt": FAMILY("sbt"),
    "swift": SUB({"test": _SWIFT_TEST,
                  "build": R("swift build", "build", values=("-c", "--configuration", "--product", "--target",
                                                            "--package-path"), positional_subset="none")}),
    "swift-format": SUB({"lint": _lint("swift-format", values=("--configuration",))},
                        default=_lint("swift-format", needs=(("--dry-run", "-n", "--lint"), "format"),
                                      flags={"--dry-run": None})),
    "xcodebuild": FAMILY("xcodebuild"),
    "flutter": SUB({"test": _FLUTTER_TEST, "analyze": _lint("flutter analyze", positional_subset="none"),
                    "build": _build("flutter build")}),
    "dart": SUB({"test": _DART_TEST, "analyze": _lint("dart analyze", positional_subset="none"),
                 "build": _build("dart build"), "compile": _build("dart compile"),
                 "format": _lint("dart format", needs=(("--set-exit-if-changed", "-o none", "--output=none"),
                                                      "format"))}),
    "mix": SUB({"test": _MIX_TEST, "compile": _build("mix compile"),
                "dialyzer": _typecheck("mix dialyzer", positional_subset="none"),
                "credo": _lint("mix credo", positional_subset="none"),
                "format": _lint("mix format", needs=(("--check-formatted",), "format"))}),
    "rspec": _RSPEC,
    "rake": FAMILY("rake"),
    "rails": SUB({"test": _test("rails test", values=("-n", "--name", "-e", "--environment"),
                                subset=("-n", "--name")),
                  "spec": _test("rails spec")}),
    "phpunit": _PHPUNIT, "pest": dict(_PHPUNIT, name="pest"), "paratest": dict(_PHPUNIT, name="paratest"),
    "artisan": SUB({"test": _test("artisan test", subset=("--filter", "--group", "--testsuite"),
                                  values=("--filter", "--group", "--testsuite", "-p", "--processes"))}),
    "composer": FAMILY("scripts"),
    "ctest": _test("ctest", subset=("-R", "--tests-regex", "-L", "--label-regex", "-E", "--exclude-regex", "-I"),
                   values=("-R", "--tests-regex", "-L", "--label-regex", "-E", "--exclude-regex", "-j",
                           "--parallel", "-C", "--build-config", "--test-dir", "--output-junit", "-I",
                           "--timeout", "--repeat"),
                   flags={"-N": "list", "--show-only": "list"}, no_help=("-V",), positional_subset="none"),
    "meson": SUB({"test": _test("meson test", positional_subset="any", values=("-C", "--suite", "--setup")),
                  "compile": _build("meson compile")}),
    "bazel": _BAZEL, "bazelisk": _BAZEL, "buck2": _BAZEL,
    "zig": SUB({"build": FAMILY("zig-build"), "test": _test("zig test")}),
    "stack": SUB({"test": _test("stack test", positional_subset="any"), "build": _build("stack build")}),
    "cabal": SUB({"test": _test("cabal test", positional_subset="any"), "build": _build("cabal build")}),
    "lein": SUB({"test": _test("lein test", positional_subset="any")}),
    "elm-test": _test("elm-test", flags=_WATCH_W),
    "hatch": SUB({"test": _test("hatch test", subset=("-k",), values=("-k", "-m", "-i", "--include")),
                  "build": _build("hatch build"), "fmt": _lint("hatch fmt", needs=(("--check",), "format"))}),
    # ---- typecheck
    "tsc": _TSC, "vue-tsc": dict(_TSC, name="vue-tsc"), "tsgo": dict(_TSC, name="tsgo"),
    "svelte-check": _typecheck("svelte-check", values=("--workspace", "--threshold", "--output",
                                                       "--tsconfig"),
                               positional_subset="none"),
    "astro": SUB({"check": _typecheck("astro check", positional_subset="none"), "build": _build("astro build"),
                  "dev": None}),
    "flow": SUB({"check": _typecheck("flow"), "status": _typecheck("flow")}, default=_typecheck("flow"),
                other="other"),
    "pyre": SUB({"check": _typecheck("pyre"), "incremental": _typecheck("pyre")}, default=_typecheck("pyre"),
                other="other"),
    "mypy": _MYPY, "dmypy": SUB({"run": dict(_MYPY, name="dmypy"), "check": dict(_MYPY, name="dmypy")}),
    "pyright": _typecheck("pyright", values=("-p", "--project", "--pythonpath", "--level", "--pythonversion"),
                          flags=_WATCH_W),
    "basedpyright": _typecheck("basedpyright", values=("-p", "--project", "--pythonpath", "--level"),
                               flags=_WATCH_W),
    "pytype": _typecheck("pytype", values=("-j", "--jobs", "-V", "--python-version"), no_help=("-V",)),
    "ty": SUB({"check": _typecheck("ty check", flags={"-W": "watch"})}),
    "srb": SUB({"tc": _typecheck("srb tc", positional_subset="none")}),
    "phpstan": SUB({"analyse": _typecheck("phpstan", values=("-c", "--configuration", "-l", "--level",
                                                            "--memory-limit", "-a", "--autoload-file")),
                    "analyze": _typecheck("phpstan", values=("-c", "--configuration", "-l", "--level",
                                                            "--memory-limit"))},
                   default=_typecheck("phpstan"), other="other"),
    "psalm": _typecheck("psalm", values=("-c", "--config", "--threads", "--output-format")),
    "steep": SUB({"check": _typecheck("steep check")}),
    # ---- lint
    "eslint": _ESLINT,
    "oxlint": _lint("oxlint", values=("-c", "--config", "-A", "-D", "-W", "--deny", "--allow", "--warn",
                                      "--tsconfig", "--format", "-f")),
    "biome": SUB({"check": _lint("biome", values=("--config-path",)), "lint": _lint("biome"),
                  "ci": _lint("biome"),
                  "format": _lint("biome", fix=("--write", "--apply", "--fix"))}),
    "stylelint": _lint("stylelint", values=("-c", "--config", "-f", "--formatter", "--ignore-path",
                                            "--custom-syntax", "-o", "--output-file")),
    "standard": _lint("standard"), "xo": _lint("xo"), "tslint": _lint("tslint", values=("-c", "--config", "-p",
                                                                                        "--project", "-t")),
    "markdownlint": _lint("markdownlint"), "markdownlint-cli2": _lint("markdownlint-cli2"),
    "prettier": _PRETTIER,
    "ruff": SUB({"check": _RUFF_CHECK, "format": _RUFF_FORMAT,
                 "rule": NOT("help", "ruff"), "config": NOT("help", "ruff"), "linter": NOT("help", "ruff"),
                 "clean": NOT("other", "ruff"), "version": NOT("help", "ruff"), "server": NOT("other", "ruff"),
                 "analyze": NOT("other", "ruff")},
                default="ruff-paths", before=("--config",)),
    "flake8": _lint("flake8", values=("--config", "--select", "--ignore", "--extend-ignore", "--max-line-length",
                                      "--exclude", "--extend-exclude", "--format", "--per-file-ignores")),
    "pylint": _lint("pylint", values=("--rcfile", "--disable", "--enable", "-j", "--jobs", "--load-plugins",
                                      "--output-format", "--fail-under", "-d", "-e")),
    "pyflakes": _lint("pyflakes"), "pycodestyle": _lint("pycodestyle", values=("--max-line-length", "--ignore",
                                                                               "--select", "--config")),
    "pydocstyle": _lint("pydocstyle"), "codespell": _lint("codespell", fix=("-w", "--write-changes")),
    "bandit": _lint("bandit", values=("-c", "--configfile", "-x", "--exclude", "-f", "--format", "-s", "--skip",
                                      "-t", "--tests", "-o", "--output")),
    "black": _BLACK, "isort": _ISORT,
    "autopep8": _lint("autopep8", needs=(("--diff", "-d", "--exit-code"), "format")),
    "yapf": _lint("yapf", needs=(("--diff", "-d", "--quiet", "-q"), "format")),
    "golangci-lint": SUB({"run": _lint("golangci-lint run", values=("-c", "--config", "--timeout", "-E",
                                                                      "--enable", "-D", "--disable",
                                                                      "--out-format", "--build-tags"),
                                       positional_subset="pkg"),
                          "fmt": _lint("golangci-lint fmt", needs=(("--diff", "-d"), "format"))},
                         other="other"),
    "staticcheck": _lint("staticcheck", positional_subset="pkg", values=("-checks", "-tags", "-go", "-f")),
    "revive": _lint("revive", positional_subset="pkg", values=("-config", "-formatter", "-exclude")),
    "gofmt": _lint("gofmt", needs=(("-l", "-d"), "format"), values=()),
    "goimports": _lint("goimports", needs=(("-l", "-d"), "format"), values=("-local",)),
    "shellcheck": _lint("shellcheck", values=("-e", "--exclude", "-s", "--shell", "-f", "--format", "-S",
                                              "--severity", "-o", "--enable", "-i", "--include")),
    "hadolint": _lint("hadolint", values=("--ignore", "-c", "--config", "-f", "--format", "-t",
                                          "--failure-threshold")),
    "yamllint": _lint("yamllint", values=("-c", "--config-file", "-d", "--config-data", "-f", "--format")),
    "actionlint": _lint("actionlint", values=("-config-file", "-format", "-ignore", "-shellcheck")),
    "ktlint": _lint("ktlint", fix=("-F", "--format"), values=("--reporter", "--editorconfig")),
    "detekt": _lint("detekt", values=("-c", "--config", "-i", "--input", "-b", "--baseline", "-r", "--report"),
                    positional_subset="none"),
    "detekt-cli": _lint("detekt", values=("-c", "--config", "-i", "--input"), positional_subset="none"),
    "clang-tidy": _lint("clang-tidy", values=("-p", "-checks", "--checks", "-header-filter", "--config-file"),
                        fix=("-fix", "--fix")),
    "cppcheck": _lint("cppcheck", values=("--enable", "--std", "-I", "--suppress", "-j", "--template")),
    "clang-format": _lint("clang-format", needs=(("--dry-run", "-n", "--Werror"), "format"),
                          values=("--style", "-style", "--assume-filename"), flags={"--dry-run": None}),
    "swiftlint": SUB({"lint": _lint("swiftlint", fix=("--fix", "--autocorrect")),
                      "autocorrect": NOT("format", "swiftlint", "lint"),
                      "analyze": _lint("swiftlint")},
                     default=_lint("swiftlint", fix=("--fix", "--autocorrect"))),
    "rubocop": _lint("rubocop", values=("-c", "--config", "-f", "--format", "-o", "--out", "--only",
                                        "--except", "-r", "--require")),
    "standardrb": _lint("standardrb"), "erb_lint": _lint("erb_lint", fix=("-a", "--autocorrect")),
    "erblint": _lint("erblint", fix=("-a", "--autocorrect")),
    "phpcs": _lint("phpcs", values=("--standard", "--extensions", "--ignore", "--report", "-d")),
    "phpcbf": NOT("format", "phpcbf", "lint"),
    "php-cs-fixer": _lint("php-cs-fixer", needs=(("--dry-run",), "format"), values=("--config", "--rules"),
                          flags={"--dry-run": None}),
    "pint": _lint("pint", needs=(("--test",), "format"), values=("--config", "--preset")),
    "luacheck": _lint("luacheck", values=("--config", "--std", "--globals")),
    "tflint": _lint("tflint", values=("-c", "--config", "--chdir", "-f", "--format")),
    "sqlfluff": SUB({"lint": _lint("sqlfluff lint", values=("--dialect", "--templater", "--config")),
                     "fix": NOT("format", "sqlfluff", "lint"), "format": NOT("format", "sqlfluff", "lint")}),
    "buf": SUB({"lint": _lint("buf lint"), "build": _build("buf build")}),
    # ---- build
    "next": SUB({"build": _build("next build"), "lint": _lint("next lint", positional_subset="none"),
                 "typegen": _typecheck("next typegen", positional_subset="none"),
                 "dev": None, "start": None}),
    "vite": SUB({"build": R("vite build", "build", flags=_BUNDLER_WATCH, positional_subset="none")}),
    "nuxt": SUB({"build": _build("nuxt build"), "generate": _build("nuxt generate"),
                 "typecheck": _typecheck("nuxt typecheck", positional_subset="none")}),
    "nuxi": SUB({"build": _build("nuxt build"), "generate": _build("nuxt generate"),
                 "typecheck": _typecheck("nuxt typecheck", positional_subset="none")}),
    "remix": SUB({"build": _build("remix build"), "vite:build": _build("remix build")}),
    "parcel": SUB({"build": _build("parcel build"), "watch": NOT("watch", "parcel", "build")}),
    "expo": SUB({"export": _build("expo export"), "build": _build("expo build")}),
    "docusaurus": SUB({"build": _build("docusaurus build")}),
    "gatsby": SUB({"build": _build("gatsby build")}),
    "eleventy": R("eleventy", "build", flags={"--serve": "watch", "--watch": "watch"}, positional_subset="none"),
    "hugo": SUB({"build": _build("hugo"), "server": NOT("watch", "hugo", "build"),
                 "serve": NOT("watch", "hugo", "build")},
                default=R("hugo", "build", flags={"-w": "watch"}, positional_subset="none")),
    "svelte-kit": SUB({"build": _build("svelte-kit build"), "sync": None}),
    "rspack": SUB({"build": _build("rspack build"), "serve": NOT("watch", "rspack", "build"),
                   "dev": NOT("watch", "rspack", "build")}, default=_build("rspack")),
    "rsbuild": SUB({"build": _build("rsbuild build"), "dev": NOT("watch", "rsbuild", "build")}),
    "ember": SUB({"build": _build("ember build"), "test": _test("ember test", positional_subset="none",
                                                                subset=("--filter", "--module"),
                                                                values=("--filter", "--module"))}),
    "webpack": SUB({"build": R("webpack", "build", flags=_BUNDLER_WATCH, positional_subset="none"),
                    "serve": NOT("watch", "webpack", "build"), "watch": NOT("watch", "webpack", "build")},
                   default=R("webpack", "build", flags=_BUNDLER_WATCH, positional_subset="none")),
    "webpack-cli": SUB({"build": R("webpack", "build", flags=_BUNDLER_WATCH, positional_subset="none"),
                        "serve": NOT("watch", "webpack", "build"), "watch": NOT("watch", "webpack", "build")},
                       default=R("webpack", "build", flags=_BUNDLER_WATCH, positional_subset="none")),
    "webpack-dev-server": NOT("watch", "webpack", "build"),
    "rollup": R("rollup", "build", flags=_BUNDLER_WATCH, values=("-c", "--config", "-i", "--input", "-o",
                                                                  "--file", "-f", "--format", "-d", "--dir"),
                positional_subset="none"),
    "esbuild": R("esbuild", "build", flags={"--watch": "watch", "--serve": "watch"}, positional_subset="none"),
    "tsup": R("tsup", "build", flags=_BUNDLER_WATCH, positional_subset="none"),
    "tsdown": R("tsdown", "build", flags=_BUNDLER_WATCH, positional_subset="none"),
    "unbuild": R("unbuild", "build", flags={"--stub": "other"}, positional_subset="none"),
    "microbundle": SUB({"watch": NOT("watch", "microbundle", "build"), "build": _build("microbundle")},
                       default=_build("microbundle")),
    "pkgroll": R("pkgroll", "build", flags=_BUNDLER_WATCH, positional_subset="none"),
    "bunchee": R("bunchee", "build", flags=_BUNDLER_WATCH, positional_subset="none"),
    "cmake": FAMILY("cmake"),
    "ninja": R("ninja", "build", values=("-C", "-j", "-k", "-l", "-f", "-t", "-d", "-w"),
               flags={"-n": "dry-run", "-t": "other"}, positional_subset="none"),
    "docker": SUB({"build": _build("docker build"), "buildx": SUB({"build": _build("docker build"),
                                                                    "bake": _build("docker buildx bake")}),
                   "compose": SUB({"build": _build("docker compose build")}, before=("-f", "--file", "-p",
                                                                                      "--project-name",
                                                                                      "--env-file", "--profile"))},
                  before=("-H", "--host", "--context", "-c", "--config", "-l", "--log-level")),
    "docker-compose": SUB({"build": _build("docker compose build")}, before=("-f", "--file", "-p",
                                                                             "--project-name", "--env-file")),
    "podman": SUB({"build": _build("docker build")}),
    "elm": SUB({"make": _build("elm make")}),
    "dune": SUB({"test": _test("dune test", positional_subset="any"), "runtest": _test("dune test", positional_subset="any"),
                 "build": _build("dune build")}),
    "python-test-script": _test("python test script", positional_subset="any"),
    "python -m build": _build("python -m build"),
    "poetry": SUB({"build": _build("poetry build")}),
    "pdm": SUB({"build": _build("pdm build")}),
    "scons": _build("scons"),
    "bun": FAMILY("scripts"), "npm": FAMILY("scripts"), "pnpm": FAMILY("scripts"), "yarn": FAMILY("scripts"),
    "deno": FAMILY("deno"), "turbo": FAMILY("scripts"), "lerna": FAMILY("scripts"), "nx": FAMILY("nx"),
    "just": FAMILY("scripts"), "task": FAMILY("scripts"), "mage": FAMILY("scripts"),
    "make": FAMILY("make"), "gmake": FAMILY("make"),
    "node": FAMILY("node"),
}

# `node <path>` runs these tools when the script's basename (without .js/.cjs/.mjs) is one of them.
NODE_SCRIPT_TOOLS = frozenset(("jest", "vitest", "mocha", "tsc", "eslint", "ava", "vue-tsc", "prettier",
                               "playwright", "tsgo", "webpack", "rollup", "esbuild", "tsup", "cucumber-js"))

# ---------------------------------------------------------------------------------------------
# package scripts and make targets: the name decides the category

SCRIPT_CATEGORY_RULES = (
    # (category, exact names, "X or X<sep>anything" prefixes); checked in this order
    ("typecheck", ("typecheck", "type-check", "types", "check-types", "check:types", "tsc", "lint:types",
                   "typecheck:all", "types:check", "check-type", "type:check"),
     ("typecheck", "type-check", "tsc", "types:check")),
    ("test", (), ("test", "tests", "t", "spec", "specs", "unit", "e2e", "integration", "coverage", "cov")),
    ("build", (), ("build", "compile", "bundle", "dist", "prod", "production")),
    ("lint", (), ("lint", "eslint", "biome", "stylelint", "oxlint", "prettier:check", "format:check", "fmt:check",
                  "check-format", "check:format", "fmt-check", "lint:fix", "lint-fix", "ruff", "flake8",
                  "pylint", "clippy", "format-check", "style:check", "lint-check", "check:lint")),
)
SCRIPT_SEPARATORS = ":._-"
SCRIPT_WATCH_PARTS = frozenset(("watch", "dev", "serve", "start", "ui"))

MAKE_TARGETS = {
    "test": ("test", "tests", "check", "check-test", "check-tests", "unittest", "unittests", "unit", "integration", "e2e",
             "spec", "specs", "pytest", "coverage", "test-all", "tests-all"),
    "lint": ("lint", "check-lint", "lint-check", "fmt-check", "format-check", "clippy", "vet", "eslint", "ruff",
             "flake8", "style", "check-format", "check-style", "pylint", "shellcheck"),
    "typecheck": ("typecheck", "type-check", "types", "mypy", "tsc", "pyright", "check-types"),
    "build": ("all", "build", "compile", "dist", "release", "default", "wheel", "sdist"),
}
MAKE_TEST_PREFIXES = ("test-", "test_", "tests-", "tests_")
MAKE_PRIORITY = ("test", "typecheck", "lint", "build")

GRADLE_TEST_TASKS = frozenset(("test", "check", "connectedAndroidTest", "connectedCheck", "jvmTest", "allTests",
                               "integrationTest", "functionalTest", "testDebugUnitTest", "testReleaseUnitTest"))
GRADLE_LINT_PREFIXES = ("ktlintCheck", "detekt", "lint", "spotlessCheck", "checkstyle", "pmd", "spotbugs")
GRADLE_BUILD_PREFIXES = ("build", "assemble", "compile", "jar", "bundle", "shadowJar", "bootJar")
MAVEN_TEST_GOALS = frozenset(("test", "verify", "integration-test", "surefire:test", "failsafe:integration-test"))
MAVEN_BUILD_GOALS = frozenset(("package", "compile", "install", "deploy", "test-compile"))

# ---------------------------------------------------------------------------------------------
# wrappers: prefixes that run the rest of the words as a command

# name -> (value flags, kind). kinds: plain (flags then command), timeout (flags, duration, command),
# assign (NAME=value words too), exec-tool (npx-like: flags then tool), watch (not a run: reruns on change)
WRAPPERS = {
    "sudo": (("-u", "-g", "--user", "--group", "-C", "-h", "-p", "-U", "-r", "-t", "-D", "--chdir"), "sudo"),
    "doas": (("-u", "-C"), "sudo"),
    "env": (("-u", "--unset", "-C", "--chdir", "-S", "--split-string"), "env"),
    "cross-env": ((), "assign"), "cross-env-shell": ((), "shell-string"),
    "dotenv": (("-e", "-f", "--env-file", "-c", "-v"), "dotenv"),
    "dotenvx": (("-e", "-f", "--env-file", "--env", "--convention"), "dotenv"),
    "direnv": ((), "direnv"),
    "timeout": (("-s", "--signal", "-k", "--kill-after"), "timeout"),
    "gtimeout": (("-s", "--signal", "-k", "--kill-after"), "timeout"),
    "time": (("-o", "-f", "--format", "--output"), "plain"),
    "nice": (("-n", "--adjustment"), "plain"), "ionice": (("-c", "-n", "-p", "--class", "--classdata"), "plain"),
    "command": ((), "plain"), "exec": (("-a",), "plain"), "nohup": ((), "plain"),
    "caffeinate": (("-t", "-w"), "plain"), "xvfb-run": (("-n", "--server-num", "-s", "--server-args", "-e",
                                                           "--error-file", "-f", "--auth-file", "-p"), "plain"),
    "stdbuf": (("-i", "-o", "-e", "--input", "--output", "--error"), "plain"),
    "unbuffer": ((), "plain"), "chronic": ((), "plain"), "script": (("-c", "--command"), "script"),
    "faketty": ((), "plain"), "catchsegv": ((), "plain"), "valgrind": ((), "plain"),
    "npx": (("-p", "--package", "-c", "--call"), "exec-tool"), "pnpx": (("-p", "--package"), "exec-tool"),
    "bunx": (("-p", "--package"), "exec-tool"), "uvx": (("--from", "--with", "-p", "--python"), "exec-tool"),
    "pipx": (("--spec", "--python", "--pip-args"), "pipx"),
    "bundle": ((), "bundle"), "be": ((), "plain"), "binstub": ((), "plain"),
    "uv": (("-p", "--python", "--with", "--env-file", "--project", "--directory", "--package", "--extra",
            "--group", "--with-requirements", "--index", "--index-url"), "run-tool"),
    "poetry": (("-C", "--directory", "-P", "--project"), "run-tool"),
    "pipenv": ((), "run-tool"), "hatch": (("-e", "--env"), "run-tool"), "pdm": (("-p", "--project"), "run-tool"),
    "rye": ((), "run-tool"), "conda": (("-n", "--name", "-p", "--prefix"), "run-tool"),
    "micromamba": (("-n", "--name", "-p", "--prefix"), "run-tool"), "mamba": (("-n", "--name", "-p"), "run-tool"),
    "pixi": (("-e", "--environment", "--manifest-path"), "run-tool"),
    "coverage": ((), "coverage"), "c8": (("-r", "--reporter", "-o", "--reports-dir", "--include", "--exclude"),
                                         "plain"),
    "nyc": (("-r", "--reporter", "--report-dir", "--temp-dir", "-n", "--include", "-x", "--exclude"), "plain"),
    "dotnet-coverage": ((), "plain"),
    "watch": (("-n", "--interval", "-d"), "watch"), "entr": ((), "watch"), "watchexec": (("-e", "--exts", "-w",
                                                                                           "--watch", "-i"), "watch"),
    "nodemon": (("-w", "--watch", "-e", "--ext", "-x", "--exec", "-i", "--ignore"), "watch"),
    "ptw": ((), "watch-tool"), "pytest-watch": ((), "watch-tool"),
    "hyperfine": (("-w", "--warmup", "-r", "--runs", "-m", "--min-runs", "-M", "--max-runs", "-p", "--prepare",
                   "--export-json", "--export-markdown", "-n", "--command-name"), "bench"),
    "eval": ((), "shell-string"),
    "php": (("-d", "-c", "-f"), "interpreter"), "ruby": (("-I", "-r", "-E"), "interpreter"),
    "perl": (("-I", "-M"), "interpreter"),
}
SHELLS = frozenset(("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "busybox"))
PYTHONS = re.compile(r"^(?:python(?:\d+(?:\.\d+)?)?|py|pypy3?|pypy\d\.\d+)$")
PYTHON_VALUE_FLAGS = frozenset(("-W", "-X", "-Q"))
PY_MODULE_ALIASES = {"build": "python -m build"}  # no real command is named so
RUN_TOOLS_WITH_SCRIPTS = frozenset(("hatch", "pdm", "pixi", "composer"))
DIR_FLAGS = {
    "make": ("-C", "--directory"), "gmake": ("-C", "--directory"), "npm": ("--prefix", "-C"),
    "pnpm": ("-C", "--dir"), "yarn": ("--cwd",), "bun": ("--cwd",), "ninja": ("-C",), "go": ("-C",),
    "uv": ("--directory",), "poetry": ("-C", "--directory"), "just": ("-d", "--working-directory"),
    "task": ("-d", "--dir"), "tflint": ("--chdir",), "env": ("-C", "--chdir"), "sudo": ("-D", "--chdir"),
    "gradle": ("-p", "--project-dir"), "gradlew": ("-p", "--project-dir"),
}
FILE_DIR_FLAGS = {"cargo": ("--manifest-path",), "mvn": ("-f", "--file"), "mvnw": ("-f", "--file")}


# ---------------------------------------------------------------------------------------------
# the Run record


class Run(object):
    """One verification run (or a recognised not-a-run form) found in a command line."""

    __slots__ = ("segment_index", "runner", "category", "scope", "cwd", "cd", "not_run", "quiet", "nested",
                 "sudo", "words", "text", "extra", "ignored")

    def __init__(self, segment_index=0, runner="", category="test", scope="all", cwd=None, cd=None,
                 not_run=None, quiet=False, nested=False, sudo=False, words=(), text="", extra=None,
                 ignored=False):
        self.segment_index = segment_index
        self.runner = runner
        self.category = category
        self.scope = scope
        self.cwd = cwd
        self.cd = cd
        self.not_run = not_run
        self.quiet = quiet
        self.nested = nested
        self.sudo = sudo
        self.words = list(words)
        self.text = text
        self.extra = extra
        self.ignored = ignored

    def as_dict(self):
        return dict((name, getattr(self, name)) for name in self.__slots__)

    def __eq__(self, other):
        return isinstance(other, Run) and self.as_dict() == other.as_dict()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "Run(%r, %s, scope=%s, not_run=%r, cwd=%r)" % (self.runner, self.category, self.scope,
                                                            self.not_run, self.cwd)


# ---------------------------------------------------------------------------------------------
# helpers on argv lists


def _base(word):
    """Basename of a command word: ``./node_modules/.bin/eslint`` -> ``eslint``."""
    return word.rsplit("/", 1)[-1] if "/" in word else word


def _flag_name(word):
    return word.split("=", 1)[0] if word.startswith("--") else word


def _is_flag(word):
    return len(word) > 1 and word.startswith("-") and not word[1:].replace(".", "").isdigit()


def _is_assignment(word):
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


def _is_narrowing_path(word):
    """A source file, a node id, or a directory two or more levels down (``tests/unit``)."""
    if "*" in word or "..." in word or word.startswith("-"):
        return False
    if _is_source_file(word):
        return True
    path = word[2:] if word.startswith("./") else word
    path = path.strip("/")
    return "/" in path and not path.startswith("$")


def _split_args(args, value_flags):
    """(flags, positionals) of a tool's arguments; values of value flags are neither."""
    flags, positionals = [], []
    i, n = 0, len(args)
    while i < n:
        word = args[i]
        if word == "--":
            for rest in args[i + 1:]:
                (flags if _is_flag(rest) else positionals).append(rest)
            break
        if _is_flag(word):
            flags.append(word)
            if "=" not in word and word in value_flags and i + 1 < n:
                i += 1
        else:
            positionals.append(word)
        i += 1
    return flags, positionals


def _generic_not_run(args, spec):
    """help > list > watch among the tool's own arguments (first positional ``help`` counts)."""
    found = set()
    no_help = spec["no_help"] if spec else ()
    extra = spec["flags"] if spec else {}
    for index, word in enumerate(args):
        name = _flag_name(word)
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
    flags, positionals = _split_args(args, values)
    if "@always" in spec["subset"]:
        return "subset"
    for flag in flags:
        if flag in spec["subset"] or _flag_name(flag) in spec["subset"] or \
                (len(flag) > 2 and flag[:2] in spec["subset"] and not flag.startswith("--")):
            return "subset"
    rule = spec["positional"]
    if rule == "any" and positionals:
        return "subset"
    if rule == "files" and any(_is_narrowing_path(p) for p in positionals):
        return "subset"
    if rule == "pkg" and any(p not in ("./...", "...", ".", "./") for p in positionals):
        return "subset"
    if rule == "targets" and any(not p.endswith("...") for p in positionals):
        return "subset"
    return "all"


def _result(spec, args, runner=None, category=None, scope=None, not_run=None, quiet=False):
    """Classification of a runner spec applied to its arguments."""
    name = runner or spec["name"]
    not_run = not_run or spec.get("always") or _generic_not_run(args, spec)
    if not not_run and spec["needs"]:
        wanted, reason = spec["needs"]
        joined = " ".join(args)
        if not any(a in wanted or _flag_name(a) in wanted for a in args) and \
                not any(" " in w and w in joined for w in wanted):
            not_run = reason
    if not not_run and spec["fix"] and any(a in spec["fix"] or _flag_name(a) in spec["fix"] for a in args):
        not_run = "format"
    quiet = quiet or any(a in QUIET_FLAGS or a in spec["quiet"] for a in args)
    return {
        "runner": name, "category": category or spec["category"],
        "scope": scope or _scope(spec, args), "not_run": not_run, "quiet": quiet,
    }


# ---------------------------------------------------------------------------------------------
# family readers (tools whose argument syntax is a small language)


def _script_category(name):
    """(category, watch) for a package-script / task / make-like name, or (None, False)."""
    lowered = name.lower()
    for category, exact, prefixes in SCRIPT_CATEGORY_RULES:
        if lowered in exact or any(
                lowered == p or (lowered.startswith(p) and lowered[len(p)] in SCRIPT_SEPARATORS) for p in prefixes):
            parts = re.split(r"[:._\-]", lowered)
            return category, any(part in SCRIPT_WATCH_PARTS for part in parts)
    return None, False


_SCRIPT_TOOL_VALUES = {
    "npm": ("-w", "--workspace", "--prefix", "-C", "--loglevel", "--userconfig", "--registry"),
    "pnpm": ("--filter", "-F", "-C", "--dir", "--workspace-concurrency", "--reporter", "--loglevel",
             "--filter-prod", "--test-pattern", "--changed-files-ignore-pattern"),
    "yarn": ("--cwd",),
    "bun": ("--cwd", "--filter", "-F", "--env-file", "-r", "--preload"),
    "turbo": ("--filter", "-F", "--concurrency", "--scope", "--cache-dir", "--output-logs", "--log-order",
              "--graph", "--env-mode", "--ui", "--cache"),
    "lerna": ("--scope", "--ignore", "--concurrency", "--since"),
    "composer": ("-d", "--working-dir"),
    "just": ("-d", "--working-directory", "-f", "--justfile", "--set", "--shell"),
    "task": ("-d", "--dir", "-t", "--taskfile", "-o", "--output"),
    "mage": ("-d", "-w", "-t"),
}
_SCRIPT_NARROWING = {
    "npm": ("-w", "--workspace"), "pnpm": ("--filter", "-F", "--filter-prod"), "bun": ("--filter", "-F"),
    "turbo": ("--filter", "-F", "--scope", "--affected"), "lerna": ("--scope", "--since"),
}
_SCRIPT_KEYWORDS = {
    "npm": ("run", "run-script", "rum", "urn"), "pnpm": ("run", "run-script"), "yarn": ("run",),
    "bun": ("run",), "turbo": ("run",), "lerna": ("run",), "composer": ("run-script", "run"),
    "just": (), "task": (), "mage": (), "hatch": ("run",), "pdm": ("run",), "pixi": ("run",),
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
                                 "--test-name-pattern"))


def _script_run(tool, script, keyword, args, narrowed, cwd_dirs):
    category, watch = _script_category(script)
    if category is None:
        return None
    if args and args[0] == "--":
        args = args[1:]
    runner = "%s %s %s" % (tool, keyword, script) if keyword else "%s %s" % (tool, script)
    spec = R(runner, category)
    not_run = "watch" if watch else None
    scope = "subset" if narrowed else "all"
    if scope == "all":
        flags, positionals = _split_args(args, COMMON_VALUE_FLAGS - _SCRIPT_TEST_SUBSET)
        if (category == "test" and any(_flag_name(f) in _SCRIPT_TEST_SUBSET for f in flags)) or \
                any(_is_narrowing_path(p) for p in positionals):
            scope = "subset"
    result = _result(spec, args, scope=scope, not_run=not_run)
    if cwd_dirs:
        result["dirs"] = cwd_dirs
    return result


def _read_scripts(tool, args):
    """``npm run test:unit``, ``pnpm --filter api test``, ``yarn workspace web lint``, ``turbo run build``."""
    values = frozenset(_SCRIPT_TOOL_VALUES.get(tool, ()))
    narrowing = _SCRIPT_NARROWING.get(tool, ())
    dir_flags = DIR_FLAGS.get(tool, ()) + (("-d", "--working-dir") if tool == "composer" else ())
    narrowed, dirs, quiet = False, [], False
    i, n = 0, len(args)
    while i < n and _is_flag(args[i]):
        word = args[i]
        name = _flag_name(word)
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
        sub = [w for w in tail if not _is_flag(w)]
        if sub and sub[0] in ("foreach", "run"):
            idx = tail.index(sub[0]) + 1
            tail = tail[idx:]
            while tail and (_is_flag(tail[0]) or tail[0] == "run"):
                tail = tail[1:] if tail[0] != "--from" else tail[2:]
            if not tail:
                return None
            head, tail = tail[0], tail[1:]
            keyword = "workspaces"
    if head in _SCRIPT_KEYWORDS.get(tool, ()):
        keyword = head
        while tail and _is_flag(tail[0]):
            if _flag_name(tail[0]) in narrowing:
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
    elif head in _MANAGER_COMMANDS and tool not in ("just", "task", "mage"):
        return None
    if keyword == "workspaces":
        keyword = None
    if tool in ("turbo",) or (tool == "lerna" and keyword):
        names = [w for w in [head] + list(tail) if not _is_flag(w)]
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
        args_after = [w for w in tail if _is_flag(w)]
        if any(_flag_name(w) in narrowing for w in args_after):
            narrowed = True
        result = _script_run(tool, head, keyword, [], narrowed, dirs)
        if result:
            result["quiet"] = result["quiet"] or quiet
        return result
    if tool == "npm":
        # npm reads its own flags anywhere before `--`: `npm test --prefix api -w web`
        own = tail[:tail.index("--")] if "--" in tail else tail
        for index, word in enumerate(own):
            name = _flag_name(word)
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
    result = _script_run(tool, head, keyword, tail, narrowed, dirs)
    if result is None and keyword and _is_tool(head):
        # `npm run vitest`, `bun run eslint .`: a script named after the tool it runs
        result = classify([head] + list(tail))
        if result is not None and dirs:
            result["dirs"] = dirs + list(result.get("dirs", ()))
    if result:
        result["quiet"] = result["quiet"] or quiet
    return result


_BUN_TEST = _test("bun test", subset=("-t", "--test-name-pattern", "--only"), values=("-t", "--test-name-pattern",
                                                                                      "--timeout", "--preload",
                                                                                      "--coverage-reporter"),
                  positional_subset="any")
_BUN_BUILD = R("bun build", "build", flags=_BUNDLER_WATCH, values=("--outdir", "--outfile", "--target"),
               positional_subset="none")


def _best_task(tasks):
    """Among several task names, the one whose category ranks first (tests win)."""
    best, rank = None, len(MAKE_PRIORITY)
    for task in tasks:
        category, _ = _script_category(task.split("#")[-1].split(":")[-1] if "#" in task else task)
        if category and MAKE_PRIORITY.index(category) < rank:
            best, rank = task, MAKE_PRIORITY.index(category)
    return best


def _read_deno(tool, args):
    flags_before = []
    while args and _is_flag(args[0]):
        flags_before.append(args[0])
        args = args[1:]
    if not args:
        return None
    head, tail = args[0], args[1:]
    table = {
        "test": _test("deno test", subset=("--filter",), values=("--filter", "--config", "-c", "--import-map",
                                                                 "--reporter", "--coverage")),
        "check": _typecheck("deno check", positional_subset="none"),   # an entry point: its whole module graph
        "lint": _lint("deno lint"),
        "fmt": _lint("deno fmt", needs=(("--check",), "format")),
    }
    if head in table:
        return _apply(table[head], tail)
    if head == "task" and tail:
        return _script_run("deno", tail[0], "task", tail[1:], False, [])
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
        name = _flag_name(word)
        if _is_flag(word):
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
        elif not _is_assignment(word):
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
    watch = category and chosen and any(p in SCRIPT_WATCH_PARTS for p in re.split(r"[-_:.]", chosen.lower()))
    result = {"runner": runner, "category": category, "scope": "all",
              "not_run": not_run or ("watch" if watch else None), "quiet": quiet, "dirs": dirs}
    if category == "test":
        narrow = [a for a in args if _is_assignment(a) and a.split("=", 1)[0].upper() in
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
                        "--console", "--warning-mode", "--tests", "-P"))
    flags, tasks = _split_args(args, values)
    if any(f in ("--continuous", "-t") for f in flags):
        not_run = "watch"
    elif any(f in ("-m", "--dry-run") for f in flags):
        not_run = "dry-run"
    else:
        not_run = _generic_not_run([a for a in args if a != "-V"], None)
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
    if "--tests" in [_flag_name(f) for f in flags] or best.strip(":").count(":") >= 1:
        scope = "subset"
    quiet = any(f in ("-q", "--quiet") for f in flags)
    return {"runner": "gradle %s" % name, "category": category, "scope": scope, "not_run": not_run,
            "quiet": quiet}


def _read_maven(tool, args):
    values = frozenset(("-f", "--file", "-pl", "--projects", "-P", "--activate-profiles", "-s", "--settings",
                        "-T", "--threads", "-rf", "--resume-from", "-gs", "-t", "-l", "--log-file"))
    flags, goals = _split_args(args, values)
    not_run = _generic_not_run(args, None)
    test_goal = next((g for g in goals if g in MAVEN_TEST_GOALS), None)
    build_goal = next((g for g in goals if g in MAVEN_BUILD_GOALS), None)
    if test_goal and not any(f.startswith(("-DskipTests", "-Dmaven.test.skip")) for f in flags):
        scope = "subset" if any(f.startswith(("-Dtest=", "-Dit.test=")) or f in ("-pl", "--projects")
                                for f in flags) else "all"
        return {"runner": "mvn test", "category": "test", "scope": scope, "not_run": not_run,
                "quiet": "-q" in flags}
    goal = build_goal or test_goal
    if goal:
        return {"runner": "mvn %s" % goal, "category": "build", "scope": "all", "not_run": not_run,
                "quiet": "-q" in flags}
    return None


def _read_sbt(tool, args):
    words = []
    for arg in args:
        words.extend(arg.split())
    if any(w.startswith(("testOnly", "testQuick")) for w in words):
        return {"runner": "sbt test", "category": "test", "scope": "subset", "not_run": None, "quiet": False}
    if any(w == "test" or w.endswith("/test") for w in words):
        return {"runner": "sbt test", "category": "test", "scope": "all", "not_run": None, "quiet": False}
    if any(w == "compile" or w.endswith("/compile") for w in words):
        return {"runner": "sbt compile", "category": "build", "scope": "all", "not_run": None, "quiet": False}
    if any(w.startswith("~") for w in words):
        return {"runner": "sbt", "category": "test", "scope": "all", "not_run": "watch", "quiet": False,
                "weak": True}
    return None


def _read_xcodebuild(tool, args):
    if any(a in ("-list", "-showsdks", "-showBuildSettings", "-showdestinations") for a in args):
        return {"runner": "xcodebuild", "category": "build", "scope": "all", "not_run": "list", "quiet": False}
    if any(a in ("-version", "-help", "-usage") for a in args):
        return {"runner": "xcodebuild", "category": "build", "scope": "all", "not_run": "help", "quiet": False}
    quiet = "-quiet" in args
    if "test" in args or "test-without-building" in args:
        scope = "subset" if any(a.startswith("-only-testing") for a in args) else "all"
        return {"runner": "xcodebuild test", "category": "test", "scope": scope, "not_run": None, "quiet": quiet}
    return {"runner": "xcodebuild", "category": "build", "scope": "all", "not_run": None, "quiet": quiet}


def _read_nx(tool, args):
    flags, positionals = _split_args(args, frozenset(("-t", "--target", "--targets", "-p", "--projects",
                                                      "--configuration", "-c", "--parallel", "--exclude",
                                                      "--base", "--head")))
    targets = []
    narrowed = False
    if not positionals:
        for i, word in enumerate(args):
            if _flag_name(word) in ("-t", "--target", "--targets"):
                targets.extend((word.split("=", 1)[1] if "=" in word else args[i + 1] if i + 1 < len(args) else "")
                               .split(","))
        if not targets:
            return None
    head = positionals[0] if positionals else None
    if head == "run" and len(positionals) > 1:
        targets = [positionals[1].split(":")[1]] if ":" in positionals[1] else []
    elif head in ("run-many", "affected"):
        for i, word in enumerate(args):
            if _flag_name(word) in ("-t", "--target", "--targets"):
                value = word.split("=", 1)[1] if "=" in word else args[i + 1] if i + 1 < len(args) else ""
                targets.extend(value.split(","))
        narrowed = head == "affected" or any(_flag_name(f) in ("-p", "--projects") for f in flags)
    elif head in ("graph", "show", "list", "reset", "report", "migrate", "generate", "g", "init", "serve"):
        return None
    elif head:
        targets = [head.split(":")[-1] if ":" in head else head]
    best = _best_task([t for t in targets if t])
    if best is None:
        return None
    result = _script_run("nx", best, None, [], narrowed, [])
    if result:
        result["not_run"] = result["not_run"] or _generic_not_run(args, None)
    return result


def _read_rake(tool, args):
    flags, targets = _split_args(args, frozenset(("-f", "--rakefile", "-I", "--libdir", "-r", "--require", "-j")))
    if any(f in ("-T", "--tasks", "-D", "--describe", "-P", "--prereqs", "-W", "--where") for f in flags):
        return {"runner": "rake", "category": "test", "scope": "all", "not_run": "list", "quiet": False}
    names = [t for t in targets if not _is_assignment(t)]
    narrow = any(_is_assignment(t) and t.split("=", 1)[0] in ("TEST", "TESTOPTS", "SPEC", "N") for t in targets)
    scope = "subset" if narrow else "all"
    if not names or names[0] in ("default",):
        return {"runner": "rake", "category": "test", "scope": scope, "not_run": _generic_not_run(args, None),
                "quiet": False}
    first = names[0].split("[", 1)[0]
    if first in ("test", "spec") or first.startswith(("test:", "spec:")):
        if ":" in first and first.split(":", 1)[1] not in ("all", "units", "unit"):
            scope = "subset"
        return {"runner": "rake %s" % first.split(":")[0], "category": "test", "scope": scope,
                "not_run": _generic_not_run(args, None), "quiet": False}
    category, watch = _script_category(first)
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
        return {"runner": "cmake --build", "category": "build", "scope": "all",
                "not_run": _generic_not_run(args, None), "quiet": False}
    return None


def _read_zig_build(tool, args):
    steps = [a for a in args if not _is_flag(a) and "=" not in a]
    if "test" in steps:
        return {"runner": "zig build test", "category": "test", "scope": "all", "not_run": None, "quiet": False}
    return {"runner": "zig build", "category": "build", "scope": "all", "not_run": _generic_not_run(args, None),
            "quiet": False}


def _read_cargo_make(tool, args):
    flags, names = _split_args(args, frozenset(("-p", "--profile", "--makefile", "-e", "--env", "-t", "--task",
                                                "--cwd")))
    if not names:
        return None
    return _script_run("cargo make", names[0], None, names[1:], False, [])


def _read_node(tool, args):
    """``node --test``, ``node --run script``, ``node node_modules/.bin/jest``; other scripts are not runs."""
    value_flags = frozenset(("-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file",
                             "--test-reporter", "--test-reporter-destination", "--test-name-pattern",
                             "--test-skip-pattern", "--test-concurrency", "--input-type", "--conditions", "-C",
                             "--stack-size", "--test-shard", "--test-timeout", "--title"))
    i, n = 0, len(args)
    test_mode, run_script, watch = False, None, False
    while i < n and _is_flag(args[i]):
        word = args[i]
        name = _flag_name(word)
        if name == "--test":
            test_mode = True
        elif name == "--run" and i + 1 < n:
            run_script = args[i + 1]
            return _script_run("node", run_script, "--run", args[i + 2:], False, [])
        elif name in ("--watch", "--watch-path"):
            watch = True
        elif name in ("-e", "--eval", "-p", "--print", "-c", "--check", "-v", "--version", "-h", "--help"):
            return None
        if "=" not in word and name in value_flags:
            i += 1
        i += 1
    rest = args[i:]
    if test_mode:
        result = _apply(_NODE_TEST, args)
        if watch:
            result["not_run"] = "watch"
        return result
    if not rest:
        return None
    script = _base(rest[0])
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
    flags, positionals = _split_args(args, frozenset(("-k", "-s", "--start-directory", "-p", "--pattern", "-t",
                                                      "--top-level-directory")))
    not_run = _generic_not_run(args, None)
    quiet = "-q" in flags or "--quiet" in flags
    narrowed = any(f == "-k" or f.startswith("-k") for f in flags)
    if positionals and positionals[0] != "discover":
        narrowed = True
    return {"runner": "unittest", "category": "test", "scope": "subset" if narrowed else "all",
            "not_run": not_run, "quiet": quiet}


FAMILY_READERS = {
    "unittest": _read_unittest,
    "scripts": _read_scripts, "make": _read_make, "gradle": _read_gradle, "maven": _read_maven, "sbt": _read_sbt,
    "xcodebuild": _read_xcodebuild, "nx": _read_nx, "rake": _read_rake, "cmake": _read_cmake,
    "zig-build": _read_zig_build, "cargo-make": _read_cargo_make, "node": _read_node, "deno": _read_deno,
}


def _apply(entry, args, tool=None, path=()):
    """Walk one TOOLS entry (spec, subcommand table or family) over the arguments."""
    if entry is None:
        return None
    if "family" in entry:
        return FAMILY_READERS[entry["family"]](tool, list(args))
    if "sub" in entry:
        i, n = 0, len(args)
        while i < n and _is_flag(args[i]):
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
            if any(_is_flag(a) for a in rest[:1]) or "/" in rest[0] or "." in rest[0] or os.sep in rest[0]:
                return _result(_RUFF_CHECK, rest)
            return None
        if default is not None and (i >= n or entry["other"] is None):
            return _result(default, args)
        if i < n and entry["other"]:
            categories = [s["category"] for s in entry["sub"].values() if isinstance(s, dict) and "category" in s]
            spec = default or R(" ".join((tool,) + tuple(path)) if tool else "", (categories or ["test"])[0])
            return _result(spec, args[i:], not_run=entry["other"])
        return None
    return _result(entry, args)


def classify(words):
    """Classify an argv list (wrappers already stripped): dict(runner, category, scope, not_run, quiet)
    plus ``dirs`` (run-directory flags seen) when any, or None for a command that is not a runner."""
    if not words:
        return None
    tool = _base(words[0])
    entry = TOOLS.get(tool)
    if entry is None:
        return None
    result = _apply(entry, words[1:], tool)
    if result is None:
        return None
    dirs = list(result.get("dirs", ()))
    for i, word in enumerate(words[1:], 1):
        name = _flag_name(word)
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


# ---------------------------------------------------------------------------------------------
# wrappers

PACKAGE_BINS = {"typescript": "tsc", "@biomejs/biome": "biome", "@11ty/eleventy": "eleventy",
                "@playwright/test": "playwright", "@angular/cli": "ng", "@vue/cli-service": "vue-cli-service",
                "@nrwl/cli": "nx", "@sveltejs/kit": "svelte-kit", "@astrojs/check": "astro",
                "@typescript/native-preview": "tsgo", "nuxi": "nuxi", "ruff": "ruff", "pyright": "pyright"}
_EXEC_SUBCOMMANDS = {"npm": ("exec", "x"), "pnpm": ("exec", "dlx"), "yarn": ("exec", "dlx"), "bun": ("x",)}
_MAX_ROUNDS = 16


def _package_bin(spec):
    """``@scope/name@1.2`` -> the command it provides (``name``, or a known bin)."""
    if spec in PACKAGE_BINS:
        return PACKAGE_BINS[spec]
    name = spec
    if name.startswith("@"):
        at = name.find("@", 1)
        if at > 0:
            name = name[:at]
    elif "@" in name:
        name = name.split("@", 1)[0]
    for sep in ("==", ">=", "<=", "~=", "["):
        name = name.split(sep, 1)[0]
    if name in PACKAGE_BINS:
        return PACKAGE_BINS[name]
    return name.rsplit("/", 1)[-1]


def _skip_flags(words, value_flags, dirs=None, dir_flags=()):
    """Drop leading flags (and the values of value flags); record directory flags in ``dirs``."""
    i, n = 0, len(words)
    while i < n and _is_flag(words[i]) and words[i] != "--":
        word = words[i]
        name = _flag_name(word)
        takes = "=" not in word and name in value_flags and i + 1 < n
        if dirs is not None and name in dir_flags:
            value = word.split("=", 1)[1] if "=" in word else (words[i + 1] if i + 1 < n else None)
            if value:
                dirs.append(value)
        i += 2 if takes else 1
    if i < n and words[i] == "--":
        i += 1
    return words[i:]


def _shell_script(args):
    """The script of ``bash -c 'script'`` (flag clusters ending in c), or None."""
    i, n = 0, len(args)
    wants_script = False
    while i < n:
        word = args[i]
        if word in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
            i += 2
            continue
        if word.startswith(("-", "+")) and word not in ("-", "--"):
            if not word.startswith("--") and "c" in word[1:]:
                wants_script = True
            # a cluster ending in o/O (`-euo pipefail`) takes the next word as an option name
            i += 2 if (not word.startswith("--") and word[-1] in "oO") else 1
            continue
        return word if wants_script else None
    return None


def _split_command_string(text):
    """Words of a command given as one string (``watch 'pytest -q'``); nested parse when quoting matters."""
    if any(c in text for c in "'\"\\$`;&|<>()"):
        return None
    return text.split()


def _is_tool(word):
    """A catalog tool of its own (not a package manager or task runner, whose words are script names)."""
    entry = TOOLS.get(word)
    return entry is not None and entry.get("family") != "scripts"


def _runs_a_bin(manager, word):
    """``pnpm vitest run``, ``yarn eslint .``: these managers run a package's bin by name."""
    return manager in ("pnpm", "yarn", "bun") and word not in ("test", "build") and _is_tool(word)


def strip_wrappers(words):
    """Remove wrapper prefixes: returns dict(words, sudo, not_run, script, dirs, scripts_tool).

    ``script`` is set for ``sh -c '...'``-like wrappers (the caller parses it); ``scripts_tool`` for
    ``hatch run test``-like forms where the rest may be a project script name.
    """
    info = {"words": [], "sudo": False, "not_run": None, "script": None, "dirs": [], "scripts_tool": None,
            "stdin_shell": False}
    words = list(words)
    for _ in range(_MAX_ROUNDS):
        while words and words[0] in ("(", "{", "!", "((", "[["):
            words = words[1:]
        while words and words[-1] in (")", "}", "))", "]]"):
            words = words[:-1]
        if not words:
            break
        head = words[0]
        if _is_assignment(head):
            words = words[1:]
            continue
        name = _base(head)
        if name in SHELLS:
            rest = words[1:]
            if name == "busybox" and rest:
                rest = rest[1:]
            script = _shell_script(rest)
            if script is not None:
                info["script"] = script
            elif all(w.startswith(("-", "+")) for w in rest):
                info["stdin_shell"] = True      # `bash <<EOF ... EOF`: the heredoc is the script
            words = []
            break
        if PYTHONS.match(name):
            words = _strip_python(words[1:])
            if words is None:
                words = []
                break
            continue
        if name in _EXEC_SUBCOMMANDS:
            manager_dirs = []
            rest = _skip_flags(words[1:], frozenset(_SCRIPT_TOOL_VALUES.get(name, ())), manager_dirs,
                               DIR_FLAGS.get(name, ()))
            if rest and (rest[0] in _EXEC_SUBCOMMANDS[name] or _runs_a_bin(name, rest[0])):
                info["dirs"].extend(manager_dirs)
            if rest and rest[0] in _EXEC_SUBCOMMANDS[name]:
                rest = rest[1:]
                calls = [w for w in rest if w.startswith(("-c=", "--call="))]
                if rest[:1] in (["-c"], ["--call"]) and len(rest) > 1:
                    info["script"] = rest[1]
                    words = []
                    break
                if calls:
                    info["script"] = calls[0].split("=", 1)[1]
                    words = []
                    break
                rest = _skip_flags(rest, frozenset(("-p", "--package", "-w", "--workspace", "--filter", "-F",
                                                    "-C", "--dir")))
                if rest:
                    rest = [_package_bin(rest[0])] + rest[1:]
                words = rest
                continue
            if rest and _runs_a_bin(name, rest[0]):
                words = rest
                continue
            break
        if name in CONTAINER_TOOLS:
            inner = _container_command(name, words[1:])
            if inner is None:
                break
            words = inner
            continue
        wrapper = WRAPPERS.get(name)
        if wrapper is None:
            break
        values, kind = wrapper
        values = frozenset(values)
        rest = words[1:]
        if kind == "sudo":
            info["sudo"] = True
            words = _skip_flags(rest, values, info["dirs"], DIR_FLAGS.get(name, ()))
        elif kind == "env":
            i = 0
            while i < len(rest) and (_is_flag(rest[i]) or _is_assignment(rest[i])):
                flag = _flag_name(rest[i])
                if flag in ("-S", "--split-string") and i + 1 < len(rest):
                    rest = rest[:i] + rest[i + 1].split() + rest[i + 2:]
                    continue
                if flag in ("-C", "--chdir"):
                    value = rest[i].split("=", 1)[1] if "=" in rest[i] else (rest[i + 1] if i + 1 < len(rest) else None)
                    if value:
                        info["dirs"].append(value)
                i += 2 if ("=" not in rest[i] and flag in values) else 1
            words = rest[i:]
            if words and words[0] == "--":
                words = words[1:]
        elif kind == "assign":
            while rest and (_is_assignment(rest[0]) or _is_flag(rest[0])):
                rest = rest[1:]
            words = rest
        elif kind == "shell-string":
            info["script"] = " ".join(w for w in rest if not _is_assignment(w))
            words = []
            break
        elif kind == "dotenv":
            rest = _skip_flags(rest, values)
            if rest and rest[0] == "run":
                rest = _skip_flags(rest[1:], values)
            words = rest
        elif kind == "direnv":
            if len(rest) >= 2 and rest[0] == "exec":
                info["dirs"].append(rest[1])
                words = rest[2:]
            else:
                words = []
                break
        elif kind == "timeout":
            rest = _skip_flags(rest, values)
            words = rest[1:]
        elif kind == "interpreter":
            rest = _skip_flags(rest, values)
            if not rest or _base(rest[0]) not in TOOLS:
                words = []
                break
            words = [_base(rest[0])] + rest[1:]
        elif kind == "plain":
            if name == "command" and rest[:1] and rest[0] in ("-v", "-V"):
                words = []
                break
            words = _skip_flags(rest, values)
        elif kind == "script":
            for i, word in enumerate(rest):
                if word in ("-c", "--command") and i + 1 < len(rest):
                    info["script"] = rest[i + 1]
                    break
            if info["script"] is not None:
                words = []
                break
            rest = _skip_flags(rest, values)
            words = rest[1:]
        elif kind == "exec-tool":
            i = 0
            while i < len(rest) and _is_flag(rest[i]) and rest[i] != "--":
                flag = _flag_name(rest[i])
                if flag in ("-c", "--call"):
                    value = rest[i].split("=", 1)[1] if "=" in rest[i] else (rest[i + 1] if i + 1 < len(rest) else "")
                    info["script"] = value
                    return _done(info, [])
                i += 2 if ("=" not in rest[i] and flag in values) else 1
            rest = rest[i:]
            if rest and rest[0] == "--":
                rest = rest[1:]
            if rest:
                rest = [_package_bin(rest[0])] + rest[1:]
            words = rest
        elif kind == "pipx":
            if rest and rest[0] == "run":
                rest = _skip_flags(rest[1:], values)
                words = [_package_bin(rest[0])] + rest[1:] if rest else []
            else:
                words = []
                break
        elif kind == "bundle":
            if rest and rest[0] == "exec":
                words = _skip_flags(rest[1:], values)
            else:
                words = []
                break
        elif kind == "run-tool":
            rest = _skip_flags(rest, values, info["dirs"], DIR_FLAGS.get(name, ()))
            if rest and rest[0] == "run":
                rest = _skip_flags(rest[1:], values | frozenset(("-e", "--env", "--with", "--extra", "--group")),
                                   info["dirs"], DIR_FLAGS.get(name, ()))
                if name in RUN_TOOLS_WITH_SCRIPTS and rest and rest[0] not in TOOLS and \
                        rest[0] not in WRAPPERS and not PYTHONS.match(_base(rest[0])):
                    info["scripts_tool"] = name
                words = rest
            elif name == "uv" and rest and rest[0] == "build":
                words = ["python -m build"] + rest[1:]
                break
            elif rest and name in TOOLS:
                words = [name] + rest
                break
            else:
                words = []
                break
        elif kind == "coverage":
            if rest and rest[0] == "run":
                rest = _skip_flags(rest[1:], frozenset(("--source", "--rcfile", "--omit", "--include",
                                                        "--data-file", "--context", "--concurrency")))
                if rest and rest[0] == "-m" and len(rest) > 1:
                    words = [PY_MODULE_ALIASES.get(rest[1], rest[1])] + rest[2:]
                elif rest and "-m" in rest[:1]:
                    words = []
                    break
                else:
                    words = rest
            else:
                words = []
                break
        elif kind in ("watch", "watch-tool", "bench"):
            info["not_run"] = info["not_run"] or ("bench" if kind == "bench" else "watch")
            if kind == "watch-tool":
                words = ["pytest"] + rest
                break
            if name == "nodemon":
                for i, word in enumerate(rest):
                    if _flag_name(word) in ("-x", "--exec"):
                        value = word.split("=", 1)[1] if "=" in word else (rest[i + 1] if i + 1 < len(rest) else "")
                        rest = value.split()
                        break
            else:
                rest = _skip_flags(rest, values)
            if len(rest) == 1 and " " in rest[0]:
                split = _split_command_string(rest[0])
                if split is None:
                    info["script"] = rest[0]
                    return _done(info, [])
                rest = split
            words = rest
        else:  # pragma: no cover - every kind is handled above
            break
    return _done(info, words)


# `docker compose run web pytest`, `docker exec app npm test`: the command after the container runs
# the project's checks (inside the container, usually on the mounted working tree).
CONTAINER_TOOLS = frozenset(("docker", "podman", "docker-compose", "podman-compose"))
_CONTAINER_EXEC_VALUES = frozenset(("-e", "--env", "-u", "--user", "-w", "--workdir", "--env-file"))
_CONTAINER_RUN_VALUES = _CONTAINER_EXEC_VALUES | frozenset((
    "-v", "--volume", "-p", "--publish", "--name", "--network", "--entrypoint", "--mount", "--platform",
    "-l", "--label", "--add-host", "--cpus", "-m", "--memory", "--user", "--pull", "--hostname", "-h",
    "--cap-add", "--security-opt", "--tmpfs", "--ulimit", "--shm-size", "--gpus"))
_COMPOSE_VALUES = frozenset(("-f", "--file", "-p", "--project-name", "--env-file", "--profile",
                             "--project-directory", "--ansi", "--progress"))


def _container_command(name, args):
    """argv run inside the container, or None when this is no exec/run of a command."""
    if name in ("docker", "podman"):
        args = _skip_flags(args, frozenset(("-H", "--host", "--context", "-c", "--config", "-l", "--log-level")))
        if args and args[0] == "compose":
            return _container_command("docker-compose", args[1:])
        if args and args[0] == "container":
            args = args[1:]
        if args and args[0] in ("exec", "run"):
            rest = _skip_flags(args[1:], _CONTAINER_EXEC_VALUES if args[0] == "exec" else _CONTAINER_RUN_VALUES)
            return rest[1:] if len(rest) > 1 else None
        return None
    args = _skip_flags(args, _COMPOSE_VALUES)
    if args and args[0] in ("exec", "run"):
        rest = _skip_flags(args[1:], _CONTAINER_RUN_VALUES)
        return rest[1:] if len(rest) > 1 else None
    return None


def _done(info, words):
    info["words"] = words
    return info


_TEST_SCRIPT = re.compile(r"(?:test_\w+|\w+_test)\.py\Z")


def _strip_python(args):
    """Arguments after ``python``: ``-m X`` -> X's argv; ``manage.py``/``setup.py`` -> itself; else None."""
    i, n = 0, len(args)
    while i < n:
        word = args[i]
        if word == "-m" and i + 1 < n:
            module = args[i + 1]
            return [PY_MODULE_ALIASES.get(module, "django-admin" if module == "django" else module)] + args[i + 2:]
        if word.startswith("-m") and len(word) > 2:
            return [word[2:]] + args[i + 1:]
        if word in ("-c", "-") or word.startswith("-c"):
            return None
        if _is_flag(word):
            i += 2 if word in PYTHON_VALUE_FLAGS else 1
            continue
        base = _base(word)
        if base in ("manage.py", "setup.py"):
            return [base] + args[i + 1:]
        if base in ("pytest", "py.test"):
            return [base] + args[i + 1:]
        if _TEST_SCRIPT.match(base):     # a repo whose tests are scripts: `python3 test_app.py`
            return ["python-test-script", word] + args[i + 1:]
        return None
    return None


# ---------------------------------------------------------------------------------------------
# finding runs in a parsed command line

_SKIP_COMMANDS = frozenset(("export", "set", "source", ".", "alias", "unset", "shopt", "trap", "ulimit",
                            "umask", "echo", "printf", "true", "false", ":", "local", "declare", "typeset",
                            "readonly", "wait", "exit", "return"))
_MAX_NESTING = 4
_extra_cache = {}


def _compiled_extra(pattern):
    if pattern not in _extra_cache:
        try:
            _extra_cache[pattern] = re.compile(pattern)
        except (re.error, TypeError):
            _extra_cache[pattern] = None
    return _extra_cache[pattern]


def _match_extra(text, config):
    for entry in (config or {}).get("extraRunners") or ():
        if not isinstance(entry, dict):
            continue
        regex = _compiled_extra(entry.get("match"))
        if regex is not None and regex.search(text):
            return entry
    return None


class _Dir(object):
    """The running directory while walking segments: absolute (when known) and the raw cd path."""

    __slots__ = ("abs", "raw", "stack", "previous")

    def __init__(self, cwd):
        self.abs = os.path.abspath(cwd) if cwd else None
        self.raw = None
        self.stack = []
        self.previous = None

    def copy(self):
        other = _Dir(None)
        other.abs, other.raw, other.stack, other.previous = self.abs, self.raw, list(self.stack), self.previous
        return other

    def change(self, target):
        before = (self.abs, self.raw)
        if target is None or target == "~":
            home = os.path.expanduser("~")
            self.abs, self.raw = home, "~"
        elif target == "-":
            self.abs, self.raw = (self.previous or (None, None))
        elif "$" in target or "`" in target:
            self.abs = None
            self.raw = target if self.raw is None else self.raw + "/" + target
        elif target.startswith("~"):
            self.abs = os.path.normpath(os.path.expanduser(target))
            self.raw = target
        elif target.startswith("/"):
            self.abs = os.path.normpath(target)
            self.raw = target
        else:
            self.abs = os.path.normpath(os.path.join(self.abs, target)) if self.abs else None
            self.raw = target if self.raw is None else os.path.normpath(self.raw + "/" + target)
        self.previous = before

    def with_dirs(self, dirs):
        if not dirs:
            return self
        other = self.copy()
        for target in dirs:
            other.change(target)
        other.previous = self.previous
        return other


def _spans_segments(text):
    """An ignoreCommands entry written across operators (``cd api && make``) matches the whole line."""
    return any(op in text for op in ("&&", "||", ";", "|", "\n"))


def find_runs(parse, config=None, cwd=None):
    """Verification runs (and not-a-run forms) in a parsed command line, in source order."""
    runs = []
    _walk(parse, config or {}, _Dir(cwd), runs, outer=None, depth=0, whole=parse.text)
    return runs


def _walk(parse, config, directory, runs, outer, depth, whole):
    ignore = [s for s in ((config or {}).get("ignoreCommands") or ()) if isinstance(s, str) and s]
    open_subshells = []
    segments = parse.segments
    pipeline_sizes = {}
    for seg in segments:
        pipeline_sizes[seg.pipeline] = pipeline_sizes.get(seg.pipeline, 0) + 1
    for index, seg in enumerate(segments):
        groups = getattr(seg, "groups", ()) or ()
        while open_subshells and open_subshells[-1][0] not in groups:
            directory = open_subshells.pop()[1]
        for group in groups:
            kind = parse.groups[group].kind if group < len(getattr(parse, "groups", ())) else None
            if kind == "subshell" and all(g != group for g, _ in open_subshells):
                open_subshells.append((group, directory.copy()))
        words = [w for w in seg.words]
        if not words:
            continue
        head = words[0]
        if head in ("cd", "pushd", "popd", "chdir"):
            if pipeline_sizes.get(seg.pipeline, 1) > 1:
                continue
            args = [w for w in words[1:] if w not in ("-P", "-L", "-e", "-@", "--")]
            if head == "popd":
                if directory.stack:
                    directory.abs, directory.raw = directory.stack.pop()
                continue
            if head == "pushd":
                directory.stack.append((directory.abs, directory.raw))
            directory.change(args[0] if args else None)
            continue
        if head in _SKIP_COMMANDS:
            continue
        outer_index = outer[0] if outer else index
        outer_text = outer[1] if outer else seg.text
        stripped = strip_wrappers(words)
        if stripped["stdin_shell"] and getattr(seg, "heredocs", None):
            stripped["script"] = seg.heredocs[0]
        if stripped["script"] is not None and depth < _MAX_NESTING:
            from stalegreen.engine import shell

            inner = shell.parse(stripped["script"])
            before = len(runs)
            _walk(inner, config, directory.with_dirs(stripped["dirs"]).copy(), runs,
                  outer=(outer_index, outer_text), depth=depth + 1, whole=whole)
            for run in runs[before:]:
                run.nested = True
                run.sudo = run.sudo or stripped["sudo"]
                if stripped["not_run"] and not run.not_run:
                    run.not_run = stripped["not_run"]
            continue
        found = None
        if stripped["words"]:
            if stripped["scripts_tool"]:
                tail = stripped["words"]
                found = _script_run("%s run" % stripped["scripts_tool"], tail[0], None, tail[1:], False, [])
            else:
                found = classify(stripped["words"])
        extra = _match_extra(seg.text, config) or (
            stripped["words"] and _match_extra(" ".join(stripped["words"]), config)) or None
        if found is None and extra is None:
            continue
        if found is None:
            category = extra.get("category", "test")
            found = {"runner": extra.get("name") or " ".join(stripped["words"][:2]) or seg.text[:40],
                     "category": category if category in CATEGORIES else "test", "scope": "all",
                     "not_run": None, "quiet": False}
        run_dir = directory.with_dirs(stripped["dirs"] + list(found.get("dirs", ())))
        not_run = stripped["not_run"] or found["not_run"]
        runs.append(Run(
            segment_index=outer_index, runner=found["runner"], category=found["category"],
            scope=found["scope"], cwd=run_dir.abs, cd=run_dir.raw, not_run=not_run,
            quiet=bool(found.get("quiet")), nested=bool(outer), sudo=stripped["sudo"],
            words=stripped["words"], text=outer_text, extra=extra,
            ignored=any(s in outer_text or (s in whole and _spans_segments(s)) for s in ignore),
        ))


# ---------------------------------------------------------------------------------------------
# the cheap pre-filter

_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")
_SEPARATORS = {}
_names = set()


def _prefilter_tables():
    """Runner names a catalog run must spell as a word, and a translate table that splits words."""
    if not _names:
        _names.update(n for n in TOOLS if " " not in n)
        _names.update(("unittest", "django", "ptw", "pytest-watch"))
        _SEPARATORS.update((i, " ") for i in range(128) if chr(i) not in _NAME_CHARS)
        for quote in "'\"\\":
            _SEPARATORS[ord(quote)] = None      # `py''test` is still pytest to the shell
    return _names, _SEPARATORS


def might_contain_runner(command, config=None):
    """Cheap test before any parsing: False only when no catalog runner can be in ``command``.

    Word based (no regex): a run always spells its runner as a word of its own (``pytest``,
    ``./node_modules/.bin/jest``, ``jest.js``, ``-mpytest``, ``@biomejs/biome``). With a config that
    defines ``extraRunners`` the answer is True (their patterns are the user's).
    """
    if not command:
        return False
    if config and (config.get("extraRunners") or ()):
        return True
    names, separators = _prefilter_tables()
    words = set(command.translate(separators).split())
    if words & names:
        return True
    if "build" in words and ("uv" in words or "-m" in words):
        return True
    for word in words:
        bare = word.lstrip("-")
        if bare in names or bare.split(".", 1)[0] in names:
            return True
        if bare[:1] == "m" and (bare[1:] in names or bare[1:] == "build"):     # python -mpytest
            return True
    return False

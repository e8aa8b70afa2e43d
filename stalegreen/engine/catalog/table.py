"""The runner declarations: every runner, wrapper, script name and not-a-run flag, as data.

``TOOLS`` maps a command's first word to a runner spec (``R``), a subcommand table (``SUB``), a
not-a-run form (``NOT``) or a family reader's name (``FAMILY``: the few tools whose arguments are
a language of their own, read in ``families`` and ``builds``, with the task names they know in
``tasks``). Adding a runner is one entry here.
"""

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
    "--clearCache",     # jest deletes its cache and exits without running a test (pytest's --cache-clear still runs)
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
# Flags that make a runner print less (the catalog's ``Run.quiet``; masking reads them too).
QUIET_FLAGS = frozenset(("-q", "-qq", "-qqq", "--quiet", "--silent", "--reporter=dot", "--reporter=dots",
                         "--reporter=silent", "--reporters=dot", "--log-level=silent", "--loglevel=silent",
                         "--no-progress"))

# ---------------------------------------------------------------------------------------------
# runner specs


# In ``prints``: the runner may also print any format of its category (it runs other tools).
ANY = "*"


def R(name, category, subset=(), values=(), flags=None, needs=None, fix=(), quiet=(), no_help=(),
      positional_subset="files", prints=None, whole=()):
    """A runner spec.

    subset: flags that narrow the run; positional_subset: which positional arguments narrow it
    ("files": a source file or a nested path, a linter's file too, "any": any positional, "pkg": go
    packages, "targets": bazel targets, "project": a project file in a folder, "none"); values:
    the tool's own value flags; flags: extra
    flag -> not-a-run reason; needs: (flags, reason) - without one of those flags the command
    is that not-a-run form (``prettier`` without ``--check`` formats); fix: flags that turn a
    check into a format; no_help: generic help flags that mean something else for this tool;
    prints: the output formats it prints (names of rows in ``formats``, ``ANY`` among them when
    it may print others too); None: not declared, any format of its category; whole: positional
    words that name the whole project (``cabal test all``), so they narrow nothing.
    """
    return {
        "name": name, "category": category, "subset": frozenset(subset), "values": frozenset(values),
        "flags": flags or {}, "needs": needs, "fix": frozenset(fix), "quiet": frozenset(quiet),
        "no_help": frozenset(no_help), "positional": positional_subset, "prints": prints,
        "whole": frozenset(whole),
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
                    "--sw", "--stepwise", "--shard-id", "--splits", "--testmon", "--picked"),
            values=("-n", "--dist", "-W", "--basetemp", "--durations", "-o", "--override-ini", "--shard-id",
                    "--maxfail", "--tb", "--log-level", "-p", "--num-shards", "--splits", "--group"),
            flags={"--fixtures": "list", "--funcargs": "list", "--fixtures-per-test": "list", "--markers": "list"},
            quiet=("-q", "--quiet"), prints=("pytest",))
_JEST = R("jest", "test",
          subset=("-t", "--testNamePattern", "--testPathPattern", "--testPathPatterns",
                  "--findRelatedTests", "--onlyChanged", "-o", "--changedSince", "--lastCommit",
                  "--selectProjects", "--shard", "--testPathIgnorePatterns"),
          values=("-w", "--maxWorkers", "-c", "--config", "--testNamePattern", "--testPathPattern",
                  "--changedSince", "--selectProjects", "--shard", "--reporters", "--coverageDirectory"),
          positional_subset="any", flags={"--init": "help"}, quiet=("--silent",), prints=("jest",))
_VITEST = R("vitest", "test",
            subset=("-t", "--testNamePattern", "--project", "--changed", "--related", "--dir", "--shard", "--exclude"),
            values=("--project", "--dir", "--root", "-r", "--pool", "--environment", "--reporter"),
            positional_subset="any", flags={"-w": "watch"}, prints=("vitest",))
_TSC = dict(R("tsc", "typecheck", values=("-p", "--project", "--target", "--module", "--outDir", "--lib", "--jsx"),
              flags={"-w": "watch", "--listFiles": "list", "--listFilesOnly": "list", "--init": "help",
                     "--showConfig": "list", "-v": "help"}, prints=("tsc",)), projects=("-p", "--project"))
_MYPY = R("mypy", "typecheck", subset=("-p", "--package", "-m", "--module"),
          values=("--config-file", "-p", "--package", "-m", "--module", "--python-version", "--cache-dir"),
          prints=("mypy",))
_ESLINT = R("eslint", "lint",
            values=("-c", "--config", "-f", "--format", "-o", "--output-file", "--ext", "--rule", "--plugin",
                    "--parser", "--max-warnings", "--ignore-path", "--ignore-pattern", "--env", "--global",
                    "--cache-location", "--resolve-plugins-relative-to", "--rulesdir", "--parser-options"),
            flags={"--print-config": "list", "--init": "help"}, quiet=("--quiet",), prints=("eslint",))
_PRETTIER = R("prettier", "lint", values=("--config", "--ignore-path", "--plugin", "--parser", "--log-level"),
              needs=(("--check", "-c", "--list-different", "-l"), "format"), prints=("prettier",))
RUFF_CHECK = R("ruff check", "lint", values=("--config", "--select", "--ignore", "--extend-select",
                                                "--output-format", "--target-version", "--line-length"),
                flags={"--watch": "watch", "-w": "watch", "--show-settings": "list", "--show-files": "list"},
               prints=("ruff", "flake8"))
_RUFF_FORMAT = R("ruff format", "lint", values=("--config", "--line-length", "--target-version"),
                 needs=(("--check", "--diff"), "format"), prints=("ruff",))
_BLACK = R("black", "lint", values=("-l", "--line-length", "-t", "--target-version", "--config", "--include",
                                      "--exclude", "--extend-exclude"),
           needs=(("--check", "--diff"), "format"), prints=("black",))
_ISORT = R("isort", "lint", values=("--settings-path", "--sp", "--profile", "-l", "--line-length"),
           needs=(("--check", "--check-only", "-c", "--diff"), "format"), prints=("isort",))
_CARGO_TEST = R("cargo test", "test",
                subset=("-p", "--package", "--lib", "--doc", "--test", "--bin", "--example", "--bench",
                        "--exclude"),
                values=("-p", "--package", "--features", "-F", "--target", "--manifest-path", "-j", "--jobs",
                        "--profile", "--test", "--bin", "--example", "--bench", "--color", "--message-format",
                        "-Z", "--exclude", "--target-dir", "--test-threads"),
                flags={"--no-run": "list"}, positional_subset="any", prints=("cargo",))
_CARGO_VALUES = ("-p", "--package", "--features", "-F", "--target", "--manifest-path", "-j", "--jobs",
                 "--profile", "--color", "--message-format", "-Z", "--exclude", "--target-dir", "--bin")
_NEXTEST_RUN = R("cargo nextest", "test", subset=("-p", "--package", "-E", "--filter-expr", "--exclude", "--partition"),
                 values=_CARGO_VALUES + ("-E", "--filter-expr", "--profile", "-P", "--partition",
                                         "--test-threads", "-j"),
                 positional_subset="any", prints=("nextest", "cargo"))
_GO_TEST_VALUES = ("-run", "-bench", "-count", "-timeout", "-p", "-tags", "-coverprofile", "-cpu", "-parallel",
                   "-benchtime", "-o", "-covermode", "-coverpkg", "-exec", "-skip", "-shuffle", "-ldflags",
                   "-gcflags", "-mod", "-C", "-vet", "-fuzz", "-fuzztime")
_GO_TEST = R("go test", "test", subset=("-run", "-bench", "-skip", "-fuzz"), values=_GO_TEST_VALUES,
             flags={"-list": "list", "-n": "dry-run"}, positional_subset="pkg", no_help=("-h",), prints=("go",))
_GO_BUILD = R("go build", "build", values=_GO_TEST_VALUES, flags={"-n": "dry-run"}, positional_subset="pkg",
              prints=("go",))
_GO_INSTALL = dict(_GO_BUILD, name="go install")
_RSPEC = R("rspec", "test", subset=("-e", "--example", "-t", "--tag", "--only-failures", "-n", "--next-failure",
                                     "-E", "--example-matches"),
           values=("-e", "--example", "-t", "--tag", "-f", "--format", "-o", "--out", "-r", "--require",
                   "-I", "--seed", "--order", "-E", "--example-matches", "--pattern", "--exclude-pattern"),
           flags={"--dry-run": "dry-run"}, prints=("rspec",))
_PHPUNIT = R("phpunit", "test", subset=("--filter", "--group", "--testsuite", "--exclude-group"),
             values=("--filter", "--group", "--exclude-group", "-c", "--configuration", "--testsuite",
                     "--bootstrap", "--log-junit", "--coverage-html", "--coverage-clover"), prints=("phpunit",))
_PLAYWRIGHT_TEST = R("playwright test", "test", subset=("-g", "--grep", "--project", "--last-failed", "--only-changed",
                                                        "--shard", "--grep-invert"),
                     values=("-g", "--grep", "--project", "-c", "--config", "--reporter", "-j", "--workers",
                             "--shard", "--grep-invert", "--retries", "--timeout", "--repeat-each"),
                     flags={"--ui": "watch"}, positional_subset="any", prints=("playwright",))
_MOCHA = R("mocha", "test", subset=("-g", "--grep", "-f", "--fgrep", "--ignore", "--exclude"),
           values=("-g", "--grep", "-f", "--fgrep", "-r", "--require", "-R", "--reporter", "--config",
                   "--timeout", "-t", "--slow", "-s", "--ui", "-u", "--extension", "--spec", "--ignore"),
           flags={"-w": "watch", "--ui": None}, quiet=("-R dot",), prints=("mocha",))
NODE_TEST = R("node --test", "test", subset=("--test-name-pattern", "--test-skip-pattern", "--test-only", "--test-shard"),
               values=("--test-reporter", "--test-reporter-destination", "--test-name-pattern",
                       "--test-skip-pattern", "--test-concurrency", "-r", "--require", "--import",
                       "--loader", "--experimental-loader", "--test-shard", "--test-timeout"),
              prints=("node-test", "tap", "node"))
_SWIFT_TEST = R("swift test", "test", subset=("--filter", "--skip"), values=("--filter", "--skip", "-c",
                                                                            "--configuration", "--package-path"),
                flags={"-l": "list", "--list-tests": "list"}, prints=("swift",))
_DOTNET_TEST = R("dotnet test", "test", subset=("--filter",),
                 values=("--filter", "-c", "--configuration", "-f", "--framework", "-r", "--runtime", "-o",
                         "--output", "-l", "--logger", "-s", "--settings", "-v", "--verbosity", "--results-directory"),
                 flags={"-t": "list", "--list-tests": "list"}, prints=("dotnet",))     # tests/Api.Tests: one project
_MIX_TEST = R("mix test", "test", subset=("--only", "--failed", "--stale", "--include", "--exclude"),
              values=("--only", "--include", "--exclude", "--seed", "--max-failures", "--partitions", "--formatter"),
              prints=("mix",))
_FLUTTER_TEST = R("flutter test", "test", subset=("--name", "-n", "--plain-name", "--tags", "-t"),
                  values=("--name", "-n", "--plain-name", "--tags", "-t", "--exclude-tags", "-x", "-r",
                          "--reporter", "-j", "--concurrency"), prints=("dart",))
_DART_TEST = dict(_FLUTTER_TEST, name="dart test")
_BAZEL_TEST = R("bazel test", "test", values=("--config", "--test_output", "--test_filter", "--jobs"),
                subset=("--test_filter",), positional_subset="targets", prints=("bazel",))
_BAZEL_BUILD = R("bazel build", "build", values=("--config", "--jobs"), positional_subset="targets")
# `cargo build -p cli`, `--bin server`: one package or binary of the workspace
_CARGO_BUILD = R("cargo build", "build", values=_CARGO_VALUES, subset=("-p", "--package", "--bin", "--exclude"),
                 positional_subset="none", prints=("cargo",))
_BAZEL = SUB({"test": _BAZEL_TEST, "build": _BAZEL_BUILD, "coverage": _BAZEL_TEST})


_RUSH_SELECT = ("-t", "--to", "-f", "--from", "-o", "--only", "-i", "--impacted-by", "-T", "--to-except")
_DBT_SELECT = ("-s", "--select", "-m", "--models", "--exclude", "--selector")
_DBT_VALUES = _DBT_SELECT + ("--target", "-t", "--profiles-dir", "--project-dir", "--vars", "--threads")


def _build(name, prints=None):
    return R(name, "build", positional_subset="none", prints=prints)


# a Haskell build that only builds the dependencies, or rebuilds on every change, is no build of the project
_DEPS_OR_WATCH = {"--only-dependencies": "other", "--dependencies-only": "other", "--file-watch": "watch"}
_NIM_CHECK = R("nim check", "typecheck", positional_subset="none")    # the main module and everything it imports


def lint_spec(name, **kw):
    return R(name, "lint", **kw)


def typecheck_spec(name, **kw):
    return R(name, "typecheck", **kw)


def test_spec(name, **kw):
    kw.setdefault("positional_subset", "files")
    return R(name, "test", **kw)


def _terraform_test(name):
    """``terraform test`` runs the module's .tftest.hcl files; ``-filter`` narrows it to some."""
    return test_spec(name, positional_subset="none", subset=("-filter",),
                     values=("-filter", "-var", "-var-file", "-test-directory", "-json"), prints=(ANY,))


def _django_test(name):
    """Django's test command: labels narrow it, and so do ``-k``, ``--tag`` and ``--exclude-tag``."""
    return test_spec(name, positional_subset="any", prints=("unittest", "pytest"),
                     subset=("-k", "--tag", "--exclude-tag"),
                     values=("-k", "--tag", "--exclude-tag", "--parallel", "--settings", "--pythonpath", "-v",
                             "--verbosity", "--testrunner", "-t", "--top-level-directory", "-p", "--pattern"))


_WATCH_W = {"-w": "watch"}
_CSPELL_VALUES = ("-c", "--config", "-e", "--exclude", "--locale", "--language-id", "--file-list", "--root", "-r")
_SEMGREP_VALUES = ("-c", "--config", "-f", "--exclude", "--include", "--severity", "--lang", "-l", "-e",
                   "--pattern", "-o", "--output", "--timeout", "-j", "--jobs", "--baseline-commit")
# `semgrep --baseline-commit X` reports only the findings new since X
_SEMGREP = R("semgrep", "lint", fix=("--autofix", "-a"), values=_SEMGREP_VALUES, subset=("--baseline-commit",))
_PMD_VALUES = ("-d", "--dir", "-R", "--rulesets", "-f", "--format", "-r", "--report-file", "--aux-classpath",
               "--cache", "--use-version", "--minimum-priority", "--file-list", "--exclude-file-list", "-t",
               "--threads", "-z", "--relativize-paths-with")
BUNDLER_WATCH = {"-w": "watch", "--watch": "watch"}
# `docker compose build worker`: the services named (none: every service)
_COMPOSE_BUILD = R("docker compose build", "build", values=("--build-arg", "--progress", "--ssh", "-m", "--memory",
                                                          "--builder"), positional_subset="any", prints=("docker",))

TOOLS = {
    # ---- test
    "pytest": _PYTEST, "py.test": _PYTEST, "pytest-3": _PYTEST,
    "unittest": FAMILY("unittest"),
    "setup.py": SUB({"test": test_spec("setup.py test", positional_subset="none", prints=(ANY,)),
                     "build": _build("setup.py build"), "bdist_wheel": _build("setup.py build"),
                     "sdist": _build("setup.py build")}),
    "manage.py": SUB({"test": _django_test("manage.py test")}),
    "django-admin": SUB({"test": _django_test("django-admin test")}),
    "nose2": test_spec("nose2", positional_subset="any", prints=("unittest",)),
    "ward": test_spec("ward", positional_subset="any", prints=(ANY,)),
    "tox": FAMILY("envs"), "nox": FAMILY("envs"),
    "jest": _JEST,
    "vitest": SUB({"run": _VITEST, "related": dict(_VITEST, subset=_VITEST["subset"] | {"@always"}),
                   "watch": NOT("watch", "vitest"), "dev": NOT("watch", "vitest"), "bench": NOT("bench", "vitest"),
                   "init": NOT("help", "vitest"), "list": NOT("list", "vitest")},
                  default=_VITEST, before=("--project", "--dir", "--root", "-r")),
    "mocha": _MOCHA,
    "ava": test_spec("ava", subset=("-m", "--match"), values=("-m", "--match", "--timeout", "-T", "--concurrency"),
                 flags=_WATCH_W, prints=("ava",)),
    "tap": test_spec("tap", prints=("tap",)), "tape": test_spec("tape", prints=("tap",)),
    "jasmine": test_spec("jasmine", values=("--config", "--filter"), subset=("--filter",), prints=("jasmine",)),
    "uvu": test_spec("uvu", prints=(ANY,)), "qunit": test_spec("qunit", prints=(ANY,)),
    # karma's positional is its config file
    "karma": SUB({"start": test_spec("karma", positional_subset="none", prints=(ANY,)),
                  "run": test_spec("karma", positional_subset="none", prints=(ANY,))}),
    "bats": test_spec("bats", values=("-f", "--filter", "-j", "--jobs"), subset=("-f", "--filter"), prints=(ANY,)),
    "prove": test_spec("prove", values=("-I", "-j", "--jobs"), prints=(ANY,)),
    "busted": test_spec("busted", subset=("--filter", "--tags", "-t"), values=("--filter", "--tags", "-t"),
                        prints=(ANY,)),
    "behave": test_spec("behave", subset=("-n", "--name", "-t", "--tags"), values=("-n", "--name", "-t", "--tags"),
                        prints=(ANY,)),
    "gotestsum": test_spec("gotestsum", positional_subset="none", values=("--format", "-f", "--junitfile",
                                                                       "--packages"), prints=(ANY,)),
    "playwright": SUB({"test": _PLAYWRIGHT_TEST}, other=None),
    "cypress": SUB({"run": test_spec("cypress run", subset=("--spec", "-s"), values=("--spec", "-s", "--browser", "-b",
                                                                                 "--config", "--env", "-e",
                                                                                 "--project", "-P"),
                                 positional_subset="none", prints=("cypress",)),
                    "open": NOT("watch", "cypress open")}),
    # WebdriverIO: the positional is its config file; --spec and --suite choose tests
    "wdio": SUB({"run": test_spec("wdio", subset=("--spec", "--suite", "--exclude"),
                                  values=("--spec", "--suite", "--exclude", "--baseUrl", "-b", "--logLevel",
                                          "-l", "--framework", "-f", "--reporters", "-r", "--maxInstances"),
                                  positional_subset="none", prints=(ANY,)),
                 "config": NOT("other", "wdio"), "repl": NOT("other", "wdio"), "install": NOT("other", "wdio")},
                default=test_spec("wdio", subset=("--spec", "--suite", "--exclude"),
                                  values=("--spec", "--suite", "--exclude", "--baseUrl", "-b", "--logLevel", "-l"),
                                  positional_subset="none", prints=(ANY,))),
    "react-scripts": SUB({"test": test_spec("react-scripts test", positional_subset="any", prints=("jest",)),
                          "build": _build("react-scripts build", prints=("react-scripts", ANY)),
                          "start": None}),
    "vue-cli-service": SUB({"test:unit": test_spec("vue-cli-service test:unit", positional_subset="any", prints=(ANY,)),
                            "test:e2e": test_spec("vue-cli-service test:e2e", prints=(ANY,)),
                            "lint": lint_spec("vue-cli-service lint", needs=(("--no-fix",), "format")),
                            "build": _build("vue-cli-service build")}),
    "ng": SUB({"test": test_spec("ng test", needs=(("--watch=false", "--no-watch", "--watch false"), "watch"),
                             positional_subset="none", values=("--karma-config", "--browsers", "-c",
                                                               "--configuration", "--include"), prints=(ANY,)),
               "e2e": test_spec("ng e2e", positional_subset="none", prints=(ANY,)),
               "build": _build("ng build", prints=("ng", ANY)), "lint": lint_spec("ng lint", positional_subset="none")}),
    "go": SUB({"test": _GO_TEST, "build": _GO_BUILD, "install": _GO_INSTALL,
               "vet": lint_spec("go vet", values=_GO_TEST_VALUES, positional_subset="pkg", prints=("go",))},
              before=("-C",)),
    "cargo": SUB({"test": _CARGO_TEST, "t": _CARGO_TEST,
                  "nextest": SUB({"run": _NEXTEST_RUN, "r": _NEXTEST_RUN, "list": NOT("list", "cargo nextest")},
                                 before=_CARGO_VALUES, other="other"),
                  "check": typecheck_spec("cargo check", values=_CARGO_VALUES, positional_subset="none",
                                      subset=("-p", "--package"), prints=("cargo",)),
                  "c": typecheck_spec("cargo check", values=_CARGO_VALUES, positional_subset="none",
                                  subset=("-p", "--package"), prints=("cargo",)),
                  "build": _CARGO_BUILD, "b": _CARGO_BUILD,
                  # the crate's docs, compiled (rustdoc fails on a broken intra-doc link under -D warnings)
                  "doc": R("cargo doc", "build", values=_CARGO_VALUES, positional_subset="none",
                           subset=("-p", "--package"), prints=("cargo",)),
                  "clippy": lint_spec("cargo clippy", values=_CARGO_VALUES, positional_subset="none",
                                  subset=("-p", "--package"), prints=("cargo",)),
                  "fmt": lint_spec("cargo fmt", values=_CARGO_VALUES, positional_subset="none",
                               needs=(("--check",), "format"), prints=("cargo",)),
                  "watch": NOT("watch", "cargo watch"),
                  # coverage drivers that run the test suite as `cargo test` does
                  "llvm-cov": SUB({"nextest": _NEXTEST_RUN, "test": _CARGO_TEST, "run": NOT("other", "cargo test"),
                                   "report": NOT("other", "cargo test"), "clean": NOT("other", "cargo test"),
                                   "show-env": NOT("other", "cargo test")},
                                  default=_CARGO_TEST, before=_CARGO_VALUES),
                  "tarpaulin": dict(_CARGO_TEST, values=_CARGO_TEST["values"] | frozenset((
                      "-o", "--out", "--output-dir", "--exclude-files", "--timeout", "--engine", "--fail-under"))),
                  "make": FAMILY("cargo-make")},
                 before=("--manifest-path", "-Z", "--color", "--config")),
    # `dotnet build src/Api/Api.csproj`: one project of the solution (a .sln, or none: every project)
    "dotnet": SUB({"test": _DOTNET_TEST, "build": R("dotnet build", "build", values=_DOTNET_TEST["values"],
                                                    positional_subset="project", prints=("dotnet",)),
                   "format": lint_spec("dotnet format", positional_subset="none",
                                   needs=(("--verify-no-changes",), "format")),
                   "watch": NOT("watch", "dotnet watch"), "msbuild": FAMILY("msbuild")}),
    "mvn": FAMILY("maven"), "mvnw": FAMILY("maven"),
    "gradle": FAMILY("gradle"), "gradlew": FAMILY("gradle"),
    "sbt": FAMILY("sbt"),
    "swift": SUB({"test": SUB({"list": NOT("list", "swift test")}, default=_SWIFT_TEST),
                  "build": R("swift build", "build", values=("-c", "--configuration", "--product", "--target",
                                                            "--package-path"), positional_subset="none",
                             prints=("swift",))}),
    "swift-format": SUB({"lint": lint_spec("swift-format", values=("--configuration",))},
                        default=lint_spec("swift-format", needs=(("--dry-run", "-n", "--lint"), "format"),
                                      flags={"--dry-run": None})),
    "xcodebuild": FAMILY("xcodebuild"),
    "flutter": SUB({"test": _FLUTTER_TEST, "analyze": lint_spec("flutter analyze", positional_subset="none",
                                                                prints=("dart",)),
                    "build": _build("flutter build")}),
    "dart": SUB({"test": _DART_TEST, "analyze": lint_spec("dart analyze", positional_subset="none", prints=("dart",)),
                 "build": _build("dart build"), "compile": _build("dart compile"),
                 "format": lint_spec("dart format", needs=(("--set-exit-if-changed", "-o none", "--output=none"),
                                                      "format"))}),
    "mix": SUB({"test": _MIX_TEST, "compile": _build("mix compile", prints=("mix",)),
                "dialyzer": typecheck_spec("mix dialyzer", positional_subset="none", prints=("dialyzer",)),
                "credo": lint_spec("mix credo", positional_subset="none", prints=("credo",)),
                "sobelow": lint_spec("mix sobelow", positional_subset="none"),     # Phoenix's security linter
                "format": lint_spec("mix format", needs=(("--check-formatted",), "format"))}),
    "rspec": _RSPEC,
    "rake": FAMILY("rake"),
    "rails": SUB({"test": test_spec("rails test", values=("-n", "--name", "-e", "--environment"),
                                subset=("-n", "--name"), prints=("minitest",)),
                  # `rails test` leaves system tests out; `test:all` runs them too, `test:system` only them
                  "test:all": test_spec("rails test", prints=("minitest",)),
                  "test:system": test_spec("rails test", subset=("@always",), prints=("minitest",)),
                  "spec": test_spec("rails spec", prints=(ANY,)),
                  "assets:precompile": _build("rails assets:precompile")}),     # the asset pipeline's production build
    # Erlang and Gleam
    "rebar3": SUB({"eunit": test_spec("rebar3 eunit", subset=("--module", "-m", "--suite", "--app", "--file"),
                                      values=("--module", "-m", "--suite", "--app", "--file", "--dir", "-d"),
                                      prints=(ANY,)),
                   "ct": test_spec("rebar3 ct", subset=("--suite", "--group", "--case"),
                                   values=("--suite", "--group", "--case", "--dir", "--spec"), prints=(ANY,)),
                   "dialyzer": typecheck_spec("rebar3 dialyzer", positional_subset="none"),
                   "xref": lint_spec("rebar3 xref", positional_subset="none"),
                   "compile": _build("rebar3 compile")}),
    "gleam": SUB({"test": test_spec("gleam test", positional_subset="none", prints=(ANY,)),
                  "check": typecheck_spec("gleam check", positional_subset="none"),
                  "build": _build("gleam build", prints=("gleam",)),
                  "format": lint_spec("gleam format", needs=(("--check",), "format"))}),
    "phpunit": _PHPUNIT, "pest": dict(_PHPUNIT, name="pest"), "paratest": dict(_PHPUNIT, name="paratest"),
    "artisan": SUB({"test": test_spec("artisan test", subset=("--filter", "--group", "--testsuite"),
                                  values=("--filter", "--group", "--testsuite", "-p", "--processes"),
                                      prints=("phpunit",))}),
    "composer": FAMILY("scripts"),
    "ctest": test_spec("ctest", subset=("-R", "--tests-regex", "-L", "--label-regex", "-E", "--exclude-regex", "-I"),
                   values=("-R", "--tests-regex", "-L", "--label-regex", "-E", "--exclude-regex", "-j",
                           "--parallel", "-C", "--build-config", "--test-dir", "--output-junit", "-I",
                           "--timeout", "--repeat"),
                   flags={"-N": "list", "--show-only": "list"}, no_help=("-V",), positional_subset="none",
                       prints=("ctest", "gtest")),
    "meson": SUB({"test": test_spec("meson test", positional_subset="any", values=("-C", "--suite", "--setup"),
                                    prints=("meson", "gtest", ANY)),
                  "compile": _build("meson compile")}),
    "bazel": _BAZEL, "bazelisk": _BAZEL,
    "buck2": SUB({"test": dict(_BAZEL_TEST, name="buck2 test", prints=(ANY,)),
                  "build": dict(_BAZEL_BUILD, name="buck2 build")}),
    # Pants goals (`pants fmt lint check test ::`) and MSBuild targets (`msbuild -t:Rebuild`):
    # ``PANTS_GOALS``, ``MSBUILD_TARGETS``; mill task paths (`mill __.test`): ``MILL_TASKS``
    "pants": FAMILY("pants"), "mill": FAMILY("mill"),
    "msbuild": FAMILY("msbuild"), "MSBuild": FAMILY("msbuild"), "MSBuild.exe": FAMILY("msbuild"),
    "msbuild.exe": FAMILY("msbuild"),
    "zig": SUB({"build": FAMILY("zig-build"), "test": test_spec("zig test", prints=(ANY,)),
                "fmt": lint_spec("zig fmt", needs=(("--check",), "format"), values=("--exclude",))}),
    "crystal": SUB({"spec": test_spec("crystal spec", prints=(ANY,)), "build": R("crystal build", "build", positional_subset="none")}),
    "nimble": SUB({"test": test_spec("nimble test", positional_subset="none", prints=(ANY,)),
                   "build": R("nimble build", "build", positional_subset="none")}),
    "raco": SUB({"test": test_spec("raco test", values=("-j", "--jobs"), prints=(ANY,))}), "shards": SUB({"build": _build("shards build")}),
    # arguments handed to the test suite (`--ta '--match Parser'`) choose tests
    "stack": SUB({"test": test_spec("stack test", positional_subset="any", subset=("--ta", "--test-arguments"),
                                    values=("--ta", "--test-arguments"), prints=(ANY,)),
                  "build": R("stack build", "build", positional_subset="none", flags=_DEPS_OR_WATCH)}),
    "cabal": SUB({"test": test_spec("cabal test", positional_subset="any", whole=("all",),
                                    subset=("--test-option", "--test-options"),
                                    values=("--test-option", "--test-options"), prints=(ANY,)),
                  "build": R("cabal build", "build", positional_subset="none", flags=_DEPS_OR_WATCH)}),
    "lein": SUB({"test": test_spec("lein test", positional_subset="any", prints=("clojure-test", ANY))}), "clj-kondo": lint_spec(
        "clj-kondo", values=("--lint", "--config", "--parallel"), positional_subset="none"), "nim": SUB({"check": _NIM_CHECK}),
    "clojure": FAMILY("clojure"), "clj": FAMILY("clojure"), "ant": FAMILY("ant"),
    "Rscript": FAMILY("r"), "R": FAMILY("r"), "julia": FAMILY("julia"),
    "elm-test": test_spec("elm-test", flags=_WATCH_W, prints=("elm",)),
    "hatch": SUB({"test": test_spec("hatch test", subset=("-k",), values=("-k", "-m", "-i", "--include"),
                                    prints=(ANY,)),
                  "build": _build("hatch build"), "fmt": lint_spec("hatch fmt", needs=(("--check",), "format"))}),
    # ---- typecheck
    "tsc": _TSC, "vue-tsc": dict(_TSC, name="vue-tsc"), "tsgo": dict(_TSC, name="tsgo"),
    "svelte-check": typecheck_spec("svelte-check", values=("--workspace", "--threshold", "--output",
                                                       "--tsconfig"),
                               positional_subset="none", prints=("svelte-check",)),
    "astro": SUB({"check": typecheck_spec("astro check", positional_subset="none"),
                  "build": _build("astro build", prints=("astro", ANY)), "dev": None}),
    "flow": SUB({"check": typecheck_spec("flow", prints=("flow",)), "status": typecheck_spec("flow", prints=("flow",))},
                default=typecheck_spec("flow", prints=("flow",)), other="other"),
    "pyre": SUB({"check": typecheck_spec("pyre"), "incremental": typecheck_spec("pyre")}, default=typecheck_spec("pyre"),
                other="other"),
    "mypy": _MYPY, "dmypy": SUB({"run": dict(_MYPY, name="dmypy"), "check": dict(_MYPY, name="dmypy")}),
    "pyright": typecheck_spec("pyright", values=("-p", "--project", "--pythonpath", "--level", "--pythonversion"),
                          flags=_WATCH_W, prints=("pyright",)),
    "basedpyright": typecheck_spec("basedpyright", values=("-p", "--project", "--pythonpath", "--level"),
                               flags=_WATCH_W, prints=("pyright",)),
    "pytype": typecheck_spec("pytype", values=("-j", "--jobs", "-V", "--python-version"), no_help=("-V",)),
    "ty": SUB({"check": typecheck_spec("ty check", flags={"-W": "watch"})}),
    "srb": SUB({"tc": typecheck_spec("srb tc", positional_subset="none", prints=("sorbet",))}),
    "phpstan": SUB({"analyse": typecheck_spec("phpstan", values=("-c", "--configuration", "-l", "--level",
                                                            "--memory-limit", "-a", "--autoload-file"),
                                              prints=("phpstan",)),
                    "analyze": typecheck_spec("phpstan", values=("-c", "--configuration", "-l", "--level",
                                                            "--memory-limit"), prints=("phpstan",))},
                   default=typecheck_spec("phpstan", prints=("phpstan",)), other="other"),
    "psalm": typecheck_spec("psalm", values=("-c", "--config", "--threads", "--output-format"), prints=("psalm",)),
    "steep": SUB({"check": typecheck_spec("steep check")}),
    # ---- lint
    "eslint": _ESLINT,
    "oxlint": lint_spec("oxlint", values=("-c", "--config", "-A", "-D", "-W", "--deny", "--allow", "--warn",
                                      "--tsconfig", "--format", "-f"), prints=("oxlint",)),
    "biome": SUB({"check": lint_spec("biome", values=("--config-path",), prints=("biome",)),
                  "lint": lint_spec("biome", prints=("biome",)),
                  "ci": lint_spec("biome", prints=("biome",)),
                  "format": lint_spec("biome", fix=("--write", "--apply", "--fix"), prints=("biome",))}),
    "stylelint": lint_spec("stylelint", values=("-c", "--config", "-f", "--formatter", "--ignore-path",
                                            "--custom-syntax", "-o", "--output-file")),
    "standard": lint_spec("standard"), "xo": lint_spec("xo"), "tslint": lint_spec("tslint", values=("-c", "--config", "-p",
                                                                                        "--project", "-t")),
    "markdownlint": lint_spec("markdownlint"), "markdownlint-cli2": lint_spec("markdownlint-cli2"),
    "prettier": _PRETTIER,
    "ruff": SUB({"check": RUFF_CHECK, "format": _RUFF_FORMAT,
                 "rule": NOT("help", "ruff"), "config": NOT("help", "ruff"), "linter": NOT("help", "ruff"),
                 "clean": NOT("other", "ruff"), "version": NOT("help", "ruff"), "server": NOT("other", "ruff"),
                 "analyze": NOT("other", "ruff")},
                default="ruff-paths", before=("--config",)),
    "flake8": lint_spec("flake8", values=("--config", "--select", "--ignore", "--extend-ignore", "--max-line-length",
                                      "--exclude", "--extend-exclude", "--format", "--per-file-ignores"),
                        prints=("flake8",)),
    "pylint": lint_spec("pylint", values=("--rcfile", "--disable", "--enable", "-j", "--jobs", "--load-plugins",
                                      "--output-format", "--fail-under", "-d", "-e"), prints=("pylint",)),
    "pyflakes": lint_spec("pyflakes", prints=("pyflakes",)), "pycodestyle": lint_spec("pycodestyle", values=("--max-line-length", "--ignore",
                                                                               "--select", "--config")),
    "pydocstyle": lint_spec("pydocstyle"), "codespell": lint_spec("codespell", fix=("-w", "--write-changes")),
    "bandit": lint_spec("bandit", values=("-c", "--configfile", "-x", "--exclude", "-f", "--format", "-s", "--skip",
                                      "-t", "--tests", "-o", "--output")),
    "black": _BLACK, "isort": _ISORT,
    "autopep8": lint_spec("autopep8", needs=(("--diff", "-d", "--exit-code"), "format")),
    "yapf": lint_spec("yapf", needs=(("--diff", "-d", "--quiet", "-q"), "format")),
    # `--new`, `--new-from-rev X`: only the issues new since a revision
    "golangci-lint": SUB({"run": lint_spec("golangci-lint run", values=("-c", "--config", "--timeout", "-E", "--enable",
                                                                      "-D", "--disable", "--out-format", "--build-tags",
                                                                      "--new-from-rev", "--new-from-patch",
                                                                      "--new-from-merge-base"),
                                       subset=("--new", "--new-from-rev", "--new-from-patch", "--new-from-merge-base"),
                                       positional_subset="pkg", prints=("golangci-lint",)),
                          "fmt": lint_spec("golangci-lint fmt", needs=(("--diff", "-d"), "format"))},
                         other="other"),
    "staticcheck": lint_spec("staticcheck", positional_subset="pkg", values=("-checks", "-tags", "-go", "-f")),
    "revive": lint_spec("revive", positional_subset="pkg", values=("-config", "-formatter", "-exclude")),
    "gofmt": lint_spec("gofmt", needs=(("-l", "-d"), "format"), values=()),
    "goimports": lint_spec("goimports", needs=(("-l", "-d"), "format"), values=("-local",)),
    "shellcheck": lint_spec("shellcheck", values=("-e", "--exclude", "-s", "--shell", "-f", "--format", "-S",
                                              "--severity", "-o", "--enable", "-i", "--include"),
                            prints=("shellcheck",)),
    "hadolint": lint_spec("hadolint", values=("--ignore", "-c", "--config", "-f", "--format", "-t",
                                          "--failure-threshold"), prints=("hadolint",)),
    "yamllint": lint_spec("yamllint", values=("-c", "--config-file", "-d", "--config-data", "-f", "--format"),
                          prints=("yamllint",)),
    "actionlint": lint_spec("actionlint", values=("-config-file", "-format", "-ignore", "-shellcheck")),
    "ktlint": lint_spec("ktlint", fix=("-F", "--format"), values=("--reporter", "--editorconfig"), prints=("ktlint",)),
    "detekt": lint_spec("detekt", values=("-c", "--config", "-i", "--input", "-b", "--baseline", "-r", "--report"),
                    positional_subset="none", prints=("detekt",)),
    "detekt-cli": lint_spec("detekt", values=("-c", "--config", "-i", "--input"), positional_subset="none",
                            prints=("detekt",)),
    "clang-tidy": lint_spec("clang-tidy", values=("-p", "-checks", "--checks", "-header-filter", "--config-file"),
                        fix=("-fix", "--fix")),
    "run-clang-tidy": lint_spec("run-clang-tidy", values=("-p", "-checks", "-j", "-header-filter",
                                                          "-clang-tidy-binary", "-config-file"), fix=("-fix",)),
    "cppcheck": lint_spec("cppcheck", values=("--enable", "--std", "-I", "--suppress", "-j", "--template")),
    "clang-format": lint_spec("clang-format", needs=(("--dry-run", "-n", "--Werror"), "format"),
                          values=("--style", "-style", "--assume-filename"), flags={"--dry-run": None}),
    "swiftlint": SUB({"lint": lint_spec("swiftlint", fix=("--fix", "--autocorrect"), prints=("swiftlint",)),
                      "autocorrect": NOT("format", "swiftlint", "lint"),
                      "analyze": lint_spec("swiftlint", prints=("swiftlint",))},
                     default=lint_spec("swiftlint", fix=("--fix", "--autocorrect"), prints=("swiftlint",))),
    "rubocop": lint_spec("rubocop", values=("-c", "--config", "-f", "--format", "-o", "--out", "--only",
                                        "--except", "-r", "--require"), prints=("rubocop",),
                         flags={"--show-cops": "list", "--show-docs-url": "list", "-L": "list",
                                "--list-target-files": "list"}),
    "standardrb": lint_spec("standardrb"), "erb_lint": lint_spec("erb_lint", fix=("-a", "--autocorrect")),
    "erblint": lint_spec("erblint", fix=("-a", "--autocorrect")),
    "phpcs": lint_spec("phpcs", values=("--standard", "--extensions", "--ignore", "--report", "-d"), prints=("phpcs",)),
    "phpcbf": NOT("format", "phpcbf", "lint"),
    "php-cs-fixer": lint_spec("php-cs-fixer", needs=(("--dry-run",), "format"), values=("--config", "--rules"),
                          flags={"--dry-run": None}, prints=("php-cs-fixer",)),
    "pint": lint_spec("pint", needs=(("--test",), "format"), values=("--config", "--preset")),
    "luacheck": lint_spec("luacheck", values=("--config", "--std", "--globals")),
    # formatters and linters of more languages (rustfmt and stylua format unless told to check)
    "rustfmt": lint_spec("rustfmt", needs=(("--check",), "format"), values=("--edition", "--config-path", "--config")),
    "stylua": lint_spec("stylua", needs=(("--check", "-c"), "format"), values=("-f", "--config-path", "--glob")),
    "hlint": lint_spec("hlint", values=("-h", "--hint", "-i", "--ignore", "--report"), fix=("--refactor",)),
    "perlcritic": lint_spec("perlcritic", values=("--severity", "--theme", "--profile", "--include", "--exclude")),
    "elm-review": lint_spec("elm-review", fix=("--fix", "--fix-all"), values=("--config", "--template")),
    "ameba": lint_spec("ameba", fix=("--fix",), values=("-c", "--config", "--only", "--except", "-f", "--format")),
    # every configured hook (or one, by id) over the staged files, or the repository with --all-files
    "pre-commit": SUB({"run": FAMILY("pre-commit")}), "prek": SUB({"run": FAMILY("pre-commit")}),
    "tflint": lint_spec("tflint", values=("-c", "--config", "--chdir", "-f", "--format"), flags={"--init": "help"},
                        subset=("--chdir", "--filter")),
    "kubeconform": lint_spec("kubeconform", values=("-kubernetes-version", "-schema-location", "-output", "-skip",
                                                    "-reject", "-n", "-cache")),
    # a Sphinx docs build (-W turns its warnings into a failure)
    "sphinx-build": R("sphinx-build", "build", values=("-b", "-c", "-d", "-D", "-j", "-t", "-w"), positional_subset="none"),
    # Ansible roles' scenarios: `molecule test` creates, converges, verifies and destroys
    "molecule": SUB({"test": test_spec("molecule test", positional_subset="none", subset=("-s", "--scenario-name"),
                                       values=("-s", "--scenario-name", "-d", "--driver-name"), prints=(ANY,)),
                     "verify": test_spec("molecule verify", positional_subset="none", subset=("-s", "--scenario-name"),
                                         values=("-s", "--scenario-name"), prints=(ANY,))}),
    # Clojure's test runner (`bin/kaocha --focus unit`)
    "kaocha": test_spec("kaocha", positional_subset="any", subset=("--focus", "--skip", "--focus-meta", "--skip-meta"),
                        values=("--focus", "--skip", "--focus-meta", "--skip-meta", "--config-file", "--plugin"),
                        prints=(ANY,)),
    # Rush monorepos: `rush build --to @acme/server` builds that project and what it needs
    "rush": SUB({"build": R("rush build", "build", positional_subset="none", values=_RUSH_SELECT, subset=_RUSH_SELECT),
                 "rebuild": R("rush rebuild", "build", positional_subset="none", values=_RUSH_SELECT, subset=_RUSH_SELECT),
                 "test": test_spec("rush test", positional_subset="none", values=_RUSH_SELECT, subset=_RUSH_SELECT,
                                   prints=(ANY,)),
                 "lint": lint_spec("rush lint", positional_subset="none", values=_RUSH_SELECT, subset=_RUSH_SELECT)}),
    # shfmt checks only with -d/-l (a diff, or the files it would change, and a non-zero exit); else it formats
    "shfmt": lint_spec("shfmt", needs=(("-d", "--diff", "-l", "--list"), "format"), fix=("-w", "--write"),
                       values=("-i", "--indent", "-ln", "--language-dialect", "-f")),
    "ansible-lint": lint_spec("ansible-lint", fix=("--fix",), values=("-c", "--config-file", "-x", "--skip-list", "-w",
                                                                     "--warn-list", "-t", "--tags", "-f", "--format")),
    "cfn-lint": lint_spec("cfn-lint", values=("-t", "--template", "-r", "--regions", "-i", "--ignore-checks", "-f",
                                              "--format")),
    # an OpenAPI description's linters: `redocly lint openapi.yaml`, `spectral lint openapi.yaml`
    "redocly": SUB({"lint": lint_spec("redocly lint", values=("--config", "--format", "--extends")),
                    "build-docs": _build("redocly build-docs")}),
    "spectral": SUB({"lint": lint_spec("spectral lint", values=("-r", "--ruleset", "-f", "--format", "-o", "--output"))}),
    "sqlfluff": SUB({"lint": lint_spec("sqlfluff lint", values=("--dialect", "--templater", "--config")),
                     "fix": NOT("format", "sqlfluff", "lint"), "format": NOT("format", "sqlfluff", "lint")}),
    "buf": SUB({"lint": lint_spec("buf lint"), "build": _build("buf build")}),
    # Go's security linter, Kubernetes manifests' linter and renderer, Chef's style checker, Nix's formatter
    "gosec": lint_spec("gosec", values=("-exclude", "-include", "-conf", "-fmt", "-out", "-severity", "-confidence")),
    "kube-linter": SUB({"lint": lint_spec("kube-linter lint", values=("--config", "--format"))}),
    "kustomize": SUB({"build": _build("kustomize build")}),
    "cookstyle": lint_spec("cookstyle", fix=("-a", "-A", "--autocorrect", "--autocorrect-all", "--auto-correct"),
                           values=("-c", "--config", "-f", "--format")),
    "nixpkgs-fmt": lint_spec("nixpkgs-fmt", needs=(("--check",), "format")),
    # app and infrastructure builds: AWS CDK's synthesis, Ionic's web build
    "cdk": SUB({"synth": _build("cdk synth")}),
    "gem": SUB({"build": _build("gem build", prints=("gem",))}),     # a Ruby gem's package: `gem build mygem.gemspec`
    # Rust to WebAssembly: `wasm-pack build --target web`, `wasm-pack test --node`
    "wasm-pack": SUB({"build": _build("wasm-pack build"),
                      "test": test_spec("wasm-pack test", positional_subset="none", prints=("cargo",))}),
    # Haskell's formatters in check mode: `ormolu --mode check $(git ls-files '*.hs')`
    "ormolu": lint_spec("ormolu", needs=(("--mode check", "--mode=check", "-m check"), "format")),
    "fourmolu": lint_spec("fourmolu", needs=(("--mode check", "--mode=check", "-m check"), "format")),
    # Verilator's lint mode checks HDL sources (without it, it translates them to C++: no check)
    "verilator": lint_spec("verilator", needs=(("--lint-only",), "other"), values=("-f", "--top-module", "--top", "-y", "-v", "-I")),
    "credo": lint_spec("credo", values=("-c", "--config-name", "--format")),     # Elixir's linter run by its escript
    # Godot's GDScript toolkit: `gdlint scripts/`, `gdformat --check .`
    "gdlint": lint_spec("gdlint"),
    "gdformat": lint_spec("gdformat", needs=(("--check", "-c", "--diff", "-d"), "format"), values=("-l", "--line-length")),
    "ionic": SUB({"build": _build("ionic build")}),
    "eas": SUB({"build": _build("eas build")}),     # Expo's app builds: `eas build --platform android --local`
    "dprint": SUB({"check": lint_spec("dprint check", values=("-c", "--config", "--excludes", "--plugins"),
                                      prints=("dprint",)),
                   "fmt": NOT("format", "dprint check", "lint")}),
    # `terraform fmt` rewrites files; with -check it only says which it would rewrite
    # a flake's package (`nix build`, `.#default` is the whole of it) and its checks (`nix flake check`)
    "nix": SUB({"build": R("nix build", "build", positional_subset="any", whole=(".", ".#", ".#default", "#default"),
                           values=("-o", "--out-link", "--system", "--max-jobs", "-j", "--cores")),
                # (`--no-build` only evaluates the checks; a flake named other than this one is another's)
                "flake": SUB({"check": test_spec("nix flake check", positional_subset="any", whole=(".", "./"),
                                                 values=("--system",), flags={"--no-build": "dry-run"},
                                                 prints=(ANY,))})}),
    "terraform": SUB({"validate": lint_spec("terraform validate", positional_subset="none", prints=("terraform",)),
                      "fmt": lint_spec("terraform fmt", needs=(("-check",), "format"), prints=("terraform",)),
                      "test": _terraform_test("terraform test")}),
    "tofu": SUB({"validate": lint_spec("tofu validate", positional_subset="none", prints=("terraform",)),
                 "fmt": lint_spec("tofu fmt", needs=(("-check",), "format"), prints=("terraform",)),
                 "test": _terraform_test("tofu test")}),
    "helm": SUB({"lint": lint_spec("helm lint", values=("-f", "--values", "--set", "--set-string", "--namespace",
                                                        "-n", "--kube-version"))}),
    "cspell": SUB({"lint": lint_spec("cspell", values=_CSPELL_VALUES, prints=("cspell",)),
                   "check": lint_spec("cspell", prints=("cspell",)),
                   "trace": NOT("other", "cspell", "lint"), "suggestions": NOT("other", "cspell", "lint"),
                   "link": NOT("other", "cspell", "lint"), "init": NOT("help", "cspell", "lint"),
                   "dictionaries": NOT("list", "cspell", "lint")},
                  default=lint_spec("cspell", values=_CSPELL_VALUES, prints=("cspell",))),
    "typos": lint_spec("typos", fix=("-w", "--write-changes"), values=("-c", "--config", "--exclude", "--format"),
                       prints=("typos",),
                       flags={"--files": "list", "--identifiers": "list", "--words": "list",
                              "--dump-config": "list", "--type-list": "list"}),
    "vale": SUB({"sync": NOT("other", "vale", "lint"), "ls-config": NOT("list", "vale", "lint"),
                 "ls-metrics": NOT("list", "vale", "lint"), "ls-dirs": NOT("list", "vale", "lint"),
                 "ls-vars": NOT("list", "vale", "lint")},
                default=lint_spec("vale", values=("--config", "--glob", "--minAlertLevel", "--output", "--filter"))),
    # semgrep: a scan (`semgrep --config auto`, `semgrep scan`, `semgrep ci`) reports findings
    "semgrep": SUB({"scan": _SEMGREP, "ci": _SEMGREP,
                    "login": None, "logout": None, "publish": None, "lsp": None, "show": None,
                    "install-semgrep-pro": None},
                   default=_SEMGREP),
    # Java linters run alone (their Gradle tasks and Maven goals: the gradle and maven readers)
    "checkstyle": lint_spec("checkstyle", values=("-c", "-f", "-o", "-p", "-x", "--exclude-regexp", "-e",
                                                  "--exclude", "-w", "--tabWidth")),
    "pmd": SUB({"check": lint_spec("pmd", values=_PMD_VALUES, positional_subset="none"),
                "cpd": lint_spec("pmd cpd", values=("--minimum-tokens", "-d", "--dir", "--language", "-l",
                                                    "-f", "--format"), positional_subset="none"),
                "designer": None, "cpd-gui": None, "ast-dump": None},
               default=lint_spec("pmd", values=_PMD_VALUES, positional_subset="none")),
    "spotbugs": lint_spec("spotbugs", values=("-include", "-exclude", "-output", "-auxclasspath", "-effort",
                                              "-sourcepath", "-onlyAnalyze"),
                          flags={"-gui": "other"}, positional_subset="none"),
    # ---- build
    "next": SUB({"build": _build("next build", prints=("next",)),
                 "lint": lint_spec("next lint", positional_subset="none"),
                 "typegen": typecheck_spec("next typegen", positional_subset="none"),
                 "dev": None, "start": None}),
    "vite": SUB({"build": R("vite build", "build", flags=BUNDLER_WATCH, positional_subset="none", prints=("vite",))}),
    "nuxt": SUB({"build": _build("nuxt build", prints=("nuxt", ANY)),
                 "generate": _build("nuxt generate", prints=("nuxt", ANY)),
                 "typecheck": typecheck_spec("nuxt typecheck", positional_subset="none")}),
    "nuxi": SUB({"build": _build("nuxt build", prints=("nuxt", ANY)),
                 "generate": _build("nuxt generate", prints=("nuxt", ANY)),
                 "typecheck": typecheck_spec("nuxt typecheck", positional_subset="none")}),
    "remix": SUB({"build": _build("remix build"), "vite:build": _build("remix build")}),
    "parcel": SUB({"build": _build("parcel build", prints=("parcel", ANY)), "watch": NOT("watch", "parcel", "build")}),
    "expo": SUB({"export": _build("expo export", prints=("expo", ANY)),
                 "build": _build("expo build", prints=("expo", ANY))}),
    "docusaurus": SUB({"build": _build("docusaurus build", prints=("docusaurus", ANY))}),
    "gatsby": SUB({"build": _build("gatsby build", prints=("gatsby", ANY))}),
    "eleventy": R("eleventy", "build", flags={"--serve": "watch", "--watch": "watch"}, positional_subset="none",
                  prints=("eleventy", ANY)),
    "mkdocs": SUB({"build": _build("mkdocs build"), "serve": NOT("watch", "mkdocs", "build")}),
    # dbt: `dbt test` runs the data tests; `dbt build` runs the models with their tests, and fails when one does
    "dbt": SUB({"test": test_spec("dbt test", positional_subset="none", subset=_DBT_SELECT, values=_DBT_VALUES,
                                  prints=(ANY,)),
                "build": test_spec("dbt build", positional_subset="none", subset=_DBT_SELECT, values=_DBT_VALUES,
                                   prints=(ANY,)),
                "run": R("dbt run", "build", positional_subset="none", subset=_DBT_SELECT, values=_DBT_VALUES),
                "compile": R("dbt compile", "build", positional_subset="none", subset=_DBT_SELECT, values=_DBT_VALUES)}),
    "hugo": SUB({"build": _build("hugo", prints=("hugo", ANY)), "server": NOT("watch", "hugo", "build"),
                 "serve": NOT("watch", "hugo", "build")},
                default=R("hugo", "build", flags={"-w": "watch"}, positional_subset="none", prints=("hugo", ANY))),
    "svelte-kit": SUB({"build": _build("svelte-kit build"), "sync": None}),
    "rspack": SUB({"build": _build("rspack build"), "serve": NOT("watch", "rspack", "build"),
                   "dev": NOT("watch", "rspack", "build")}, default=_build("rspack")),
    "rsbuild": SUB({"build": _build("rsbuild build"), "dev": NOT("watch", "rsbuild", "build")}),
    "ember": SUB({"build": _build("ember build"), "test": test_spec("ember test", positional_subset="none",
                                                                subset=("--filter", "--module"),
                                                                values=("--filter", "--module"), prints=(ANY,))}),
    "webpack": SUB({"build": R("webpack", "build", flags=BUNDLER_WATCH, positional_subset="none", prints=("webpack",)),
                    "serve": NOT("watch", "webpack", "build"), "watch": NOT("watch", "webpack", "build")},
                   default=R("webpack", "build", flags=BUNDLER_WATCH, positional_subset="none", prints=("webpack",))),
    "webpack-cli": SUB({"build": R("webpack", "build", flags=BUNDLER_WATCH, positional_subset="none",
                                   prints=("webpack",)),
                        "serve": NOT("watch", "webpack", "build"), "watch": NOT("watch", "webpack", "build")},
                       default=R("webpack", "build", flags=BUNDLER_WATCH, positional_subset="none",
                                 prints=("webpack",))),
    "webpack-dev-server": NOT("watch", "webpack", "build"),
    "rollup": R("rollup", "build", flags=BUNDLER_WATCH, values=("-c", "--config", "-i", "--input", "-o",
                                                                  "--file", "-f", "--format", "-d", "--dir"),
                positional_subset="none", prints=("rollup",)),
    "esbuild": R("esbuild", "build", flags={"--watch": "watch", "--serve": "watch"}, positional_subset="none",
                 prints=("esbuild",)),
    "tsup": R("tsup", "build", flags=BUNDLER_WATCH, positional_subset="none", prints=("tsup", "esbuild")),
    "tsdown": R("tsdown", "build", flags=BUNDLER_WATCH, positional_subset="none"),
    "unbuild": R("unbuild", "build", flags={"--stub": "other"}, positional_subset="none"),
    "microbundle": SUB({"watch": NOT("watch", "microbundle", "build"), "build": _build("microbundle")},
                       default=_build("microbundle")),
    "pkgroll": R("pkgroll", "build", flags=BUNDLER_WATCH, positional_subset="none"),
    "bunchee": R("bunchee", "build", flags=BUNDLER_WATCH, positional_subset="none"),
    "cmake": FAMILY("cmake"),
    "ninja": R("ninja", "build", values=("-C", "-j", "-k", "-l", "-f", "-t", "-d", "-w"),
               flags={"-n": "dry-run", "-t": "other"}, positional_subset="none", prints=("cmake", ANY)),
    "docker": SUB({"build": _build("docker build", prints=("docker",)),
                   "buildx": SUB({"build": _build("docker build", prints=("docker",)),
                                  "bake": _build("docker buildx bake")}),
                   "compose": SUB({"build": _COMPOSE_BUILD},
                                  before=("-f", "--file", "-p", "--project-name", "--env-file", "--profile"))},
                  before=("-H", "--host", "--context", "-c", "--config", "-l", "--log-level")),
    "docker-compose": SUB({"build": _COMPOSE_BUILD}, before=("-f", "--file", "-p", "--project-name", "--env-file")),
    "podman": SUB({"build": _build("docker build", prints=("docker",))}),
    "elm": SUB({"make": _build("elm make", prints=("elm",))}),
    "dune": SUB({"test": test_spec("dune test", positional_subset="any", prints=(ANY,)),
                 "runtest": test_spec("dune test", positional_subset="any", prints=(ANY,)),
                 "build": FAMILY("dune-build"), "fmt": NOT("format", "dune build @fmt", "lint")}),
    "python test script": test_spec("python test script", positional_subset="any", prints=(ANY,)),
    "python -m build": _build("python -m build", prints=("python-build",)),
    "poetry": SUB({"build": _build("poetry build")}),
    "pdm": SUB({"build": _build("pdm build")}),
    "scons": _build("scons"),
    "bun": FAMILY("scripts"), "npm": FAMILY("scripts"), "pnpm": FAMILY("scripts"), "yarn": FAMILY("scripts"),
    "deno": FAMILY("deno"), "turbo": FAMILY("scripts"), "lerna": FAMILY("scripts"), "nx": FAMILY("nx"),
    "just": FAMILY("scripts"), "task": FAMILY("scripts"), "mage": FAMILY("scripts"),
    "invoke": FAMILY("scripts"), "inv": FAMILY("scripts"),     # Python's pyinvoke: `inv lint`
    "make": FAMILY("make"), "gmake": FAMILY("make"),
    "node": FAMILY("node"),
}

# tox environments and nox sessions: each one chosen runs whole, so choosing them narrows nothing;
# their names say the category (``ENV_CATEGORIES``), and arguments after ``--`` may narrow.
TOX = test_spec("tox", values=("-e", "--envlist", "-c", "--conf", "-p", "--parallel", "-f", "--factor",
                               "-m", "--labels", "-x", "--override", "--root", "--workdir"),
                positional_subset="none", flags={"-l": "list", "--listenvs": "list", "-a": "list",
                                                 "--listenvs-all": "list", "--notest": "other"}, prints=(ANY, "tox"))
NOX = test_spec("nox", subset=("-k", "--keywords"), values=("-s", "--session", "--sessions", "-e", "-k", "--keywords",
                                                            "-p", "--python", "-f", "--noxfile", "-t", "--tags"),
                positional_subset="none", flags={"-l": "list", "--list": "list", "--list-sessions": "list",
                                                 "--install-only": "other"},
                prints=(ANY,))
# Specs only a family reader applies (``node --test`` from the node reader, tox and nox).
READER_SPECS = (NODE_TEST, TOX, NOX)
# What the runners a family reader names (``families``: no spec above) print.
READER_PRINTS = {
    "unittest": ("unittest",), "mvn test": ("maven",), "gradle test": ("gradle",), "sbt test": ("sbt",),
    "xcodebuild test": ("swift", "xcodebuild"), "rake test": ("minitest", "rspec"), "bun test": ("bun",),
    "deno test": ("deno",), "deno check": ("deno", "tsc"), "deno lint": ("deno",), "deno fmt": ("deno",),
    "mvn checkstyle:check": ("checkstyle", "maven"), "mvn spotbugs:check": ("spotbugs", "maven"),
    "cmake --build": ("cmake", ANY), "turbo": ("turbo", ANY), "nx": ("nx", ANY),
    "ant": ("ant",), "clojure": ("clojure-test", ANY), "R test": ("testthat",), "R CMD check": ("r-check", "testthat"),
    "julia test": ("julia",),
    "pants test": ("pants", ANY), "pants lint": ("pants", ANY), "pants check": ("pants", ANY),
    "pants package": ("pants", ANY), "msbuild": ("dotnet",), "msbuild test": ("dotnet",),
    "mill test": (ANY,),
}

# `node <path>` runs these tools when the script's basename (without .js/.cjs/.mjs) is one of them.
NODE_SCRIPT_TOOLS = frozenset(("jest", "vitest", "mocha", "tsc", "eslint", "ava", "vue-tsc", "prettier",
                               "playwright", "tsgo", "webpack", "rollup", "esbuild", "tsup", "cucumber-js"))

# Package managers that run scripts by name and print a banner naming the script (``> app@1.0 lint``).
PACKAGE_MANAGERS = ("npm", "pnpm", "yarn", "bun")
SHELLS = frozenset(("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "busybox"))
SCRIPT_NAME_BREAKS = {ord(c): ":" for c in "._-"}   # script names split at : . _ -
PYTHON_VALUE_FLAGS = frozenset(("-W", "-X", "-Q"))
PY_MODULE_ALIASES = {"build": "python -m build"}  # no real command is named so
RUN_TOOLS_WITH_SCRIPTS = frozenset(("hatch", "pdm", "pixi", "composer", "mise", "rtx", "devbox"))

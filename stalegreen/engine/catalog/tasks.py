"""Task, target, goal and environment names that say a category: what the family readers
(``families``, ``builds``) read in the argument languages of make, Gradle, Maven, sbt, tox and nox,
Pants, MSBuild and mill. Adding a name is one entry here."""

# value flags of the package managers and task runners that run scripts by name
SCRIPT_TOOL_VALUES = {
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
    "invoke": ("-c", "--collection", "-r", "--search-root", "-f", "--config"),
    "inv": ("-c", "--collection", "-r", "--search-root", "-f", "--config"),
}
ENV_SELECTORS = {"tox": ("-e", "--envlist"), "nox": ("-s", "--session", "--sessions", "-e")}
# environments that rewrite the code (`tox -e format`): no check
FORMAT_ENVS = frozenset(("format", "fmt", "fix", "black", "isort", "autoformat", "reformat"))
# tox 4 subcommands: those that run environments, and those that only show or prepare them
TOX_RUN_COMMANDS = frozenset(("run", "r", "run-parallel", "p", "exec", "e"))
TOX_OTHER_COMMANDS = {"list": "list", "l": "list", "config": "list", "c": "list", "depends": "list", "de": "list",
                      "devenv": "other", "d": "other", "quickstart": "other", "q": "other", "schema": "other",
                      "legacy": None, "le": None}
ENV_CATEGORIES = {
    "type": "typecheck", "types": "typecheck", "typing": "typecheck", "typecheck": "typecheck", "mypy": "typecheck",
    "pyright": "typecheck", "pytype": "typecheck", "type-check": "typecheck",
    "lint": "lint", "linters": "lint", "flake8": "lint", "pylint": "lint", "ruff": "lint", "style": "lint",
    "pre-commit": "lint", "precommit": "lint", "check": "lint", "quality": "lint", "codestyle": "lint",
    "format-check": "lint", "fmt-check": "lint",
    "build": "build", "package": "build", "pkg": "build", "dist": "build", "docs": "build",
}

MAKE_TARGETS = {
    "test": ("test", "tests", "check", "check-test", "check-tests", "unittest", "unittests", "unit", "integration", "e2e",
             "spec", "specs", "pytest", "coverage", "test-all", "tests-all"),
    "lint": ("lint", "check-lint", "lint-check", "fmt-check", "format-check", "clippy", "vet", "eslint", "ruff",
             "flake8", "style", "check-format", "check-style", "pylint", "shellcheck"),
    "typecheck": ("typecheck", "type-check", "types", "mypy", "tsc", "pyright", "check-types"),
    # (Sphinx's and most documentation Makefiles' build of the docs: `make html`, `make docs`)
    "build": ("all", "build", "compile", "dist", "release", "default", "wheel", "sdist", "html", "docs", "doc"),
}
MAKE_TEST_PREFIXES = ("test-", "test_", "tests-", "tests_")
MAKE_PRIORITY = ("test", "typecheck", "lint", "build")

GRADLE_TEST_TASKS = frozenset(("test", "check", "connectedAndroidTest", "connectedCheck", "jvmTest", "allTests",
                               "integrationTest", "functionalTest", "testDebugUnitTest", "testReleaseUnitTest"))
GRADLE_LINT_PREFIXES = ("ktlintCheck", "detekt", "lint", "spotlessCheck", "checkstyle", "pmd", "spotbugs")
GRADLE_BUILD_PREFIXES = ("build", "assemble", "compile", "jar", "bundle", "shadowJar", "bootJar", "installDist", "distZip",
                         "distTar")
MAVEN_TEST_GOALS = frozenset(("test", "verify", "integration-test", "surefire:test", "failsafe:integration-test"))
MAVEN_BUILD_GOALS = frozenset(("package", "compile", "install", "deploy", "test-compile"))
MAVEN_LINT_GOALS = frozenset(("spotless:check", "checkstyle:check", "pmd:check", "pmd:cpd-check", "spotbugs:check",
                              "ktlint:check", "detekt:check", "fmt:check", "formatter:validate", "enforcer:enforce"))
# sbt commands that check without rewriting (`scalafmt` rewrites; `scalafixAll --check` checks)
SBT_LINT_COMMANDS = frozenset(("scalafmtCheck", "scalafmtCheckAll", "scalafmtSbtCheck", "scalastyle",
                               "headerCheck", "headerCheckAll"))

# Pants goals -> category; "format" goals rewrite files (a format, no check); the others run or
# show something else. A goal not listed is read as a target spec.
PANTS_GOALS = {"test": "test", "lint": "lint", "check": "typecheck", "package": "build", "fmt": "format",
               "fix": "format", "update-build-files": "format"}
PANTS_OTHER_GOALS = frozenset(("run", "repl", "tailor", "export", "generate-lockfiles", "peek", "list",
                               "dependencies", "dependents", "filedeps", "roots", "help", "help-all",
                               "help-advanced", "version", "publish", "deploy", "count-loc", "paths",
                               "py-constraints", "export-codegen", "bsp", "filter"))
# the target specs that name the whole repository; options that choose part of it
PANTS_WHOLE_SPECS = frozenset(("::", "//::"))
PANTS_NARROWING_PREFIXES = ("--changed-", "--filter-", "--tag", "--only", "--lint-only", "--check-only",
                            "--test-only")

# MSBuild targets (`-t:Rebuild;Test`, compared in lower case) -> category; none names the default
# target, a build; `restore` and `clean` run no check.
MSBUILD_TARGETS = {"build": "build", "rebuild": "build", "compile": "build", "publish": "build", "pack": "build",
                   "test": "test", "vstest": "test", "restore": None, "clean": None}
MSBUILD_TARGET_SWITCHES = ("-t:", "/t:", "-target:", "/target:", "--target:")

# mill tasks (the last segment of a task path: `__.test`, `app.test.testOnly`) -> category; a
# module path other than a wildcard, or `testOnly`, runs part of the build
MILL_TASKS = {"test": "test", "testCached": "test", "testForked": "test", "testLocal": "test",
              "testOnly": "test", "compile": "build", "assembly": "build", "jar": "build",
              "publishLocal": "build", "checkFormat": "lint", "checkFormatAll": "lint",
              "reformat": "format", "reformatAll": "format", "fix": "format"}
MILL_WILDCARDS = frozenset(("__", "_"))
MILL_SUBSET_TASKS = frozenset(("testOnly",))
MILL_OTHER_COMMANDS = frozenset(("resolve", "show", "showNamed", "inspect", "path", "plan", "init", "clean",
                                 "visualize", "version", "shutdown"))

# dune aliases (`dune build @runtest @fmt`) -> category; `@dir/runtest` runs one directory's
DUNE_ALIASES = {"runtest": "test", "fmt": "lint", "check": "build", "install": "build", "default": "build",
                "all": "build", "doc": "build"}

# Build tasks a prose sentence names alone ("`spotlessCheck` passes", "scalafmtCheck is clean"):
# name -> the command line that runs it
PROSE_TASKS = {"spotlessCheck": "gradle spotlessCheck", "spotless": "gradle spotlessCheck", "ktlintCheck": "gradle ktlintCheck",
               "checkstyleMain": "gradle checkstyleMain", "checkstyleTest": "gradle checkstyleTest",
               "pmdMain": "gradle pmdMain", "spotbugsMain": "gradle spotbugsMain",
               "detektMain": "gradle detektMain", "scalafmtCheck": "sbt scalafmtCheck",
               "scalafmtCheckAll": "sbt scalafmtCheckAll",
               # Maven plugin goals named alone ("`spotless:check` ✅")
               "spotless:check": "mvn spotless:check", "checkstyle:check": "mvn checkstyle:check",
               "pmd:check": "mvn pmd:check", "spotbugs:check": "mvn spotbugs:check"}


# package scripts and make targets: the name decides the category

SCRIPT_CATEGORY_RULES = (
    # (category, exact names, "X or X<sep>anything" prefixes); checked in this order
    ("typecheck", ("typecheck", "type-check", "types", "check-types", "check:types", "tsc", "lint:types",
                   "typecheck:all", "types:check", "check-type", "type:check"),
     ("typecheck", "type-check", "tsc", "types:check")),
    ("test", (), ("test", "tests", "t", "spec", "specs", "unit", "e2e", "integration", "coverage", "cov")),
    ("build", (), ("build", "compile", "bundle", "dist", "prod", "production")),
    # (a PHP project's code-style script: `composer cs`, `composer phpcs`)
    ("lint", ("cs", "phpcs", "codestyle", "code-style", "cs-check", "cs:check"),
     ("lint", "eslint", "biome", "stylelint", "oxlint", "prettier:check", "format:check", "fmt:check",
                  "check-format", "check:format", "fmt-check", "lint:fix", "lint-fix", "ruff", "flake8",
                  "pylint", "clippy", "format-check", "style:check", "lint-check", "check:lint")),
)
SCRIPT_SEPARATORS = ":._-"
# a script that builds one part of the project, named for the part first: `docs:build`, `web-build`
SCRIPT_BUILD_SUFFIXES = tuple(sep + "build" for sep in SCRIPT_SEPARATORS)
# A test script whose name names one kind of tests runs part of the suite (`test:unit`, `test:e2e`,
# `integration`); `test`, `test:ci`, `test:all`, `test:coverage` run the suite.
SCRIPT_SUBSET_PARTS = frozenset(("unit", "units", "e2e", "integration", "integ", "int", "it", "functional",
                                 "smoke", "component", "components", "acceptance", "system", "browser", "api",
                                 "visual"))
SCRIPT_WATCH_PARTS = frozenset(("watch", "dev", "serve", "start", "ui"))

# Build systems whose name alone, in prose, stands for their build ("Cargo is happy", "Gradle
# succeeds", "xcodebuild finishes"): each is a tool of ``table.TOOLS`` whose build the catalog reads
# as a build run (tests/engine/test_claims_vocabulary.py checks both). Not the tools whose name is
# also a package manager's or a runtime's (npm, poetry, docker, go, swift): "poetry is happy" is
# about the lock file, not a build.
BUILD_SYSTEMS = frozenset((
    "bazel", "bazelisk", "buck2", "cargo", "cmake", "dotnet", "gradle", "gradlew", "meson", "msbuild", "mvn", "mvnw",
    "ninja", "sbt", "scons", "xcodebuild", "zig",
))

"""A checker's own flags that hide its result: ``hiding_flags`` (``masking.analyze`` adds their
reasons, ``rerun`` leaves them out of the command it suggests).

No imports: on the PreToolUse path with ``masking``.
"""

# Flags with which a checker exits 0 whatever it finds, by the checker's name: its exit status
# then says nothing, and no wrapper can bring it back (the output may still show the findings).
EXIT_ZERO_FLAGS = {
    "flake8": ("--exit-zero",), "pylint": ("--exit-zero",), "ruff": ("--exit-zero",),
    "bandit": ("--exit-zero",), "hadolint": ("--no-fail",), "tflint": ("--force",),
    "sqlfluff": ("--nofail",), "pytest": ("--suppress-tests-failed-exit-code",),
    "mvn": ("-fn", "--fail-never", "-Dmaven.test.failure.ignore", "-Dmaven.test.failure.ignore=true",
            "-Dcheckstyle.failOnViolation=false", "-Dcheckstyle.failsOnError=false",
            "-Dpmd.failOnViolation=false", "-Dspotbugs.failOnError=false"),
    "checkov": ("--soft-fail",),
    "make": ("-i", "--ignore-errors"),
}
# ... the flags that set the exit status of a run with findings, given 0 (`--issues-exit-code=0`)
EXIT_CODE_FLAGS = {"golangci-lint": ("--issues-exit-code",), "rspec": ("--failure-exit-code",)}
# ... and the settings that do it (`phpcs --runtime-set ignore_errors_on_exit 1`): flag, name, value
EXIT_ZERO_SETTINGS = {"phpcs": (("--runtime-set", "ignore_errors_on_exit", "1"),)}
# ... and the flags that write the report to a file instead of the terminal (`eslint -o r.json`);
# flake8's `--tee` prints it as well
OUTPUT_FILE_FLAGS = {
    "eslint": ("-o", "--output-file"), "ruff": ("-o", "--output-file"), "flake8": ("--output-file",),
    "pylint": ("--output",), "rubocop": ("-o", "--out"), "markdownlint": ("-o", "--output"),
    "phpcs": ("--report-file",), "swiftlint": ("--output",),
}
# Runners that print why they failed on stderr (compiler diagnostics, jest's report, the package
# managers' and build tools' failure lines), by the first word of the runner's name: for them
# `2>/dev/null` keeps the exit status and throws the failure output away.
STDERR_REPORTERS = frozenset(("cargo", "rustc", "go", "make", "gmake", "ninja", "cmake", "bazel", "bazelisk",
                              "gradle", "gradlew", "swift", "jest", "npm", "pnpm", "yarn", "bun", "zig",
                              "stack", "cabal", "dune", "mix", "sbt", "unittest", "black", "docker"))
# ... and of them, the runs whose whole report is on stderr (cargo's and go's compile steps, clippy, vet,
# jest): for them `> /dev/null` throws nothing of a failure away (`cargo test` prints its results on stdout)
# (Python's unittest, black and bazel write their whole report there too, and so does `docker build` with
# BuildKit; `make` building its default target leaves on stdout only the commands it echoes)
STDERR_ONLY = frozenset(("cargo build", "cargo check", "cargo clippy", "go build", "go vet", "jest", "rustc",
                         "unittest", "black", "bazel test", "bazel build", "docker build", "make", "gmake"))
_TEES = frozenset(("--tee",))
_TOOL_ALIASES = {"mvnw": "mvn", "gmake": "make"}


def reports_on_stderr(runner):
    """True when ``runner`` (a run's name: ``cargo build``, ``jest``) prints its failures on stderr."""
    return (runner or "").split(" ", 1)[0] in STDERR_REPORTERS


def reports_only_on_stderr(runner):
    """True when ``runner`` prints all of its report on stderr (``STDERR_ONLY``)."""
    return runner in STDERR_ONLY


def hiding_flags(words):
    """[(index, count, reason)] of the words in argv ``words`` (the checker first) that hide its
    result: ``exit-zero:<flag>`` (``flake8 --exit-zero``, ``golangci-lint run --issues-exit-code 0``)
    and ``redirect:<file>`` (``eslint . -o report.json``)."""
    if not words:
        return []
    name = words[0].rsplit("/", 1)[-1]
    skipped = 0
    if name.startswith("python") and words[1:2] == ["-m"] and len(words) > 2:
        name, words, skipped = words[2], words[2:], 2
    name = _TOOL_ALIASES.get(name, name)
    zero, valued = EXIT_ZERO_FLAGS.get(name, ()), EXIT_CODE_FLAGS.get(name, ())
    settings = EXIT_ZERO_SETTINGS.get(name, ())
    to_file = () if _TEES.intersection(words) else OUTPUT_FILE_FLAGS.get(name, ())
    found = []
    i = 1
    while i < len(words) and words[i] != "--":
        word, value = words[i], words[i + 1] if i + 1 < len(words) else None
        flag, equals, given = word.partition("=")
        if tuple(words[i:i + 3]) in settings:
            found.append((skipped + i, 3, "exit-zero:" + " ".join(words[i:i + 3])))
            i += 2
        elif word in zero or (flag in valued and given == "0"):
            found.append((skipped + i, 1, "exit-zero:" + word))
        elif word in valued and value == "0":
            found.append((skipped + i, 2, "exit-zero:%s 0" % word))
        elif flag in to_file and equals and given:
            found.append((skipped + i, 1, "redirect:" + given))
        elif word in to_file and value and not value.startswith("-"):
            found.append((skipped + i, 2, "redirect:" + value))
            i += 1
        i += 1
    return found

"""What runners print: the output formats the judge (``engine/outputs``) reads, as data.

A runner declares in ``table`` which formats it prints (``R(..., prints=("pytest",))``); a
format is the rows below that carry its name, plus, when it has one, the first line it prints
(``HEADERS``, the anchor ``engine/attribution`` cuts a shared output at). One row:
``(id, kind, format, pattern)``; kind is F (fail), P (pass) or N (not run); format ``"*"``
(``table.ANY``) means any runner of the category. When the judge knows the runner's formats, rows
of other formats are not consulted: a Gradle-style "line ending in FAILED" must not fail a pytest
run. Order matters within a category: the first row of a kind that matches names the signal.
Patterns are compiled on first use (``engine/logscan``); tests/engine/test_runner_declarations.py
checks every format is printed by a declared runner and every declared format has rows.
"""

_N = r"(?:[1-9]\d*)"          # a non-zero count
# Pants prints a line per target or per tool it ran: "\u2713 flake8 succeeded.", "\u2715 mypy failed."
_PANTS_FAILED = r"^[\u2715\U00010102] \S+ failed\b"
_PANTS_SUCCEEDED = r"^\u2713 \S+ succeeded\b"

TEST = [
    ("pytest-failed-summary", "F", "pytest", r"^=+ (?=[^\n]*\b" + _N + r" (?:failed|errors?)\b)[^\n]* =+[ \t]*$"),
    ("pytest-failed-line", "F", "pytest", r"^(?:FAILED|ERROR) \S*::"),
    ("pytest-short-failed", "F", "pytest",
     r"^(?:\d+ [a-z]+(?: [a-z]+)?, )*" + _N + r" (?:failed|errors?)(?:, \d+ [a-z]+(?: [a-z]+)?)* in [\d.]+s\b"),
    # tox's own last line: "  congratulations :) (121.63 seconds)"; "evaluation failed :(" and an env's "commands failed"
    ("tox-failed", "F", "tox", r"\bevaluation failed :\(|^\s*\S+: (?:commands failed|FAIL)\b"),
    ("tox-ok", "P", "tox", r"^\s*congratulations :\)"),
    ("pytest-passed", "P", "pytest",
     r"^=+ " + _N + r" passed(?:, (?:\d+ (?:skipped|deselected|xfailed|xpassed|warnings?|subtests passed|rerun)|0 (?:failed|errors?)))*"
     r" in [\d.]+s(?: \([^)\n]*\))? =+[ \t]*$"),
    ("pytest-short-passed", "P", "pytest",
     r"^" + _N + r" passed(?:, (?:\d+ (?:skipped|deselected|xfailed|xpassed|warnings?|subtests passed|rerun)|0 (?:failed|errors?)))*"
     r" in [\d.]+s(?: \([^)\n]*\))?[ \t]*$"),
    ("pytest-no-tests", "N", "pytest",
     r"^(?:=+ )?no tests ran in [\d.]+s|^collected 0 items|^=+ \d+ deselected in [\d.]+s =+"),
    ("unittest-failed", "F", "unittest", r"^FAILED \([^)\n]*\b(?:failures|errors|unexpected successes)=" + _N),
    ("unittest-ok", "P", "unittest", r"^Ran " + _N + r" tests? in [\d.]+s[ \t]*\n[ \t]*\nOK\b(?: \([^)\n]*\))?[ \t]*$"),
    ("unittest-no-tests", "N", "unittest", r"^Ran 0 tests in "),
    ("jest-failed", "F", "jest", r"^\s*(?:Tests|Test Suites):[^\n]*\b" + _N + r" failed"),
    ("jest-passed", "P", "jest", r"^\s*Tests:\s+(?:(?:\d+ (?:skipped|todo)|0 failed), )*" + _N + r" passed, \d+ total"),
    ("jest-no-tests", "N", "jest", r"No tests found, exiting with code [01]|^\s*Tests:\s+0 total"),
    ("vitest-failed", "F", "vitest", r"^\s*(?:Test Files|Tests) {2,}[^\n]*?\b" + _N + r" failed"),
    ("vitest-error", "F", "vitest", r"^\s*Errors {2,}" + _N + r" errors?"),
    ("vitest-passed", "P", "vitest", r"^\s*Tests {2,}(?:0 failed \| )?" + _N + r" passed(?: \| \d+ (?:skipped|todo))* \(\d+\)"),
    ("vitest-no-tests", "N", "vitest", r"No test files found, exiting with code|^\s*Test Files\s+no tests"),
    ("mocha-failing", "F", "mocha", r"^\s*" + _N + r" failing[ \t]*$"),
    ("mocha-passing", "P", "mocha", r"^\s*" + _N + r" passing\b"),
    ("ava-failed", "F", "ava", r"^\s*" + _N + r" (?:tests? failed|uncaught exceptions?|unhandled rejections?)\b"),
    ("ava-passed", "P", "ava", r"^\s*" + _N + r" tests? passed[ \t]*$"),
    ("node-test-fail", "F", "node-test", r"^(?:#|\u2139) fail " + _N + r"[ \t]*$"),
    ("node-test-pass", "P", "node-test", r"^(?:#|\u2139) pass " + _N + r"[ \t]*$"),
    ("node-test-no-tests", "N", "node-test", r"^(?:#|\u2139) tests 0[ \t]*$"),
    ("bun-fail", "F", "bun", r"^\s*" + _N + r" fail[ \t]*$"),
    ("bun-pass", "P", "bun", r"^\s*" + _N + r" pass[ \t]*$"),
    ("deno-fail", "F", "deno", r"^FAILED \|"),
    ("deno-pass", "P", "deno", r"^ok \| " + _N + r" passed(?: \([^)\n]*\))? \| 0 failed"),
    ("playwright-failed", "F", "playwright", r"^\s*" + _N + r" (?:failed|flaky|did not run)[ \t]*$"),
    ("playwright-passed", "P", "playwright", r"^\s*" + _N + r" passed \([\d.]+m?s\)[ \t]*$"),
    ("cypress-failed", "F", "cypress", r"\u2716\s+" + _N + r" of \d+ failed"),
    ("cypress-passed", "P", "cypress", r"\u2714\s+All specs passed!"),
    ("jasmine-failed", "F", "jasmine", r"\b\d+ specs?, " + _N + r" failures?"),
    ("jasmine-passed", "P", "jasmine", r"\b" + _N + r" specs?, 0 failures"),
    ("tap-fail", "F", "tap", r"^# fail " + _N + r"|^not ok \d*"),
    ("tap-pass", "P", "tap", r"^# pass " + _N + r"[ \t]*$"),
    ("go-fail", "F", "go", r"^(?:FAIL|--- FAIL)\b"),
    ("go-build-failed", "F", "go", r"\[(?:build|setup) failed\]"),
    ("go-ok", "P", "go", r"^ok\s+\S+\s+(?:[\d.]+s|\(cached\))|^PASS[ \t]*$"),
    ("go-no-tests", "N", "go", r"^\?\s+\S+\s+\[no test files\](?![\s\S]*^ok\s)"),
    ("cargo-test-failed", "F", "cargo", r"test result: FAILED|^error: test failed|^error\[E\d+\]|^error: could not compile"),
    ("cargo-test-ok", "P", "cargo", r"test result: ok\. " + _N + r" passed; \d+ failed"),
    ("nextest-failed", "F", "nextest", r"Summary \[[^\]]*\] \d+ tests? run: \d+ passed(?: \(\d+ slow\))?, " + _N + r" failed"),
    ("nextest-passed", "P", "nextest", r"Summary \[[^\]]*\] " + _N + r" tests? run: \d+ passed(?: \(\d+ slow\))?(?:, \d+ skipped)?[ \t]*$"),
    ("dotnet-failed", "F", "dotnet",
     r"Failed!\s+-\s+Failed:\s+" + _N + r"|Total tests: \d+\. Passed: \d+\. Failed: " + _N +
     # its Chinese (zh-Hans) summary line: "失败! - 失败: 2，通过: 150，..."
     u"|\u5931\u8d25!\\s+-\\s+\u5931\u8d25:\\s+" + _N +
     r"|^\s+Failed \S+ \[|\bfailed: " + _N),
    ("dotnet-passed", "P", "dotnet",
     r"Passed!\s+-\s+Failed:\s+0, Passed:\s+" + _N + r"|Total tests: \d+\. Passed: " + _N + r"\. Failed: 0"
     u"|\u5df2\u901a\u8fc7!\\s+-\\s+\u5931\u8d25:\\s+0[\uff0c,]\\s*\u901a\u8fc7:\\s+" + _N +
     r"|Test summary: total: \d+, failed: 0, succeeded: " + _N),
    ("maven-failed", "F", "maven",
     r"Tests run: \d+, Failures: " + _N + r"|Tests run: \d+, Failures: \d+, Errors: " + _N +
     r"|BUILD FAILURE|There are test failures"),
    ("maven-passed", "P", "maven",
     r"^\[INFO\] Tests run: " + _N + r", Failures: 0, Errors: 0(?:, Skipped: \d+)?[\s\S]*^\[INFO\] BUILD SUCCESS"),
    # surefire's closing "Results:" line (per-class lines end with ", Time elapsed: ...")
    ("surefire-results-passed", "P", "maven",
     r"^(?:\[INFO\] )?Tests run: " + _N + r", Failures: 0, Errors: 0, Skipped: \d+[ \t]*$"),
    ("gradle-test-failed", "F", "gradle", r"\d+ tests completed, " + _N + r" failed|BUILD FAILED|FAILED[ \t]*$"),
    ("gradle-test-passed", "P", "gradle", r"BUILD SUCCESSFUL"),
    ("rspec-failed", "F", "rspec", r"\b\d+ examples?, " + _N + r" failures?|\b" + _N + r" errors? occurred outside of examples"),
    ("rspec-passed", "P", "rspec", r"\b" + _N + r" examples?, 0 failures\b"),
    ("minitest-failed", "F", "minitest",
     r"\b\d+ runs, \d+ assertions, " + _N + r" failures|\b\d+ runs, \d+ assertions, \d+ failures, " + _N + r" errors"),
    ("minitest-passed", "P", "minitest", r"\b" + _N + r" runs, \d+ assertions, 0 failures, 0 errors"),
    ("phpunit-failed", "F", "phpunit", r"^(?:FAILURES|ERRORS)!|Tests: \d+, Assertions: \d+,[^\n]*\b(?:Failures|Errors): " + _N),
    ("phpunit-passed", "P", "phpunit", r"OK \(" + _N + r" tests?, \d+ assertions?\)|Tests:\s+" + _N + r" passed \(\d+ assertions?\)"),
    ("mix-failed", "F", "mix",
     r"\b\d+ (?:tests?|doctests?|properties|property)(?:, \d+ (?:tests?|doctests?|properties|property))*, " + _N + r" failures?\b"),
    ("mix-passed", "P", "mix",
     r"\b\d+ (?:tests?|doctests?|properties|property)(?:, \d+ (?:tests?|doctests?|properties|property))*, 0 failures\b"),
    ("swift-test-failed", "F", "swift",
     r"Executed \d+ tests?, with " + _N + r" failures?|Test Suite '[^'\n]*' failed|\u2718 Test run with \d+ tests? failed"),
    ("swift-test-passed", "P", "swift",
     r"Executed " + _N + r" tests?, with 0 failures|Test Suite 'All tests' passed|\u2714 Test run with " + _N + r" tests? passed"),
    ("dart-test-failed", "F", "dart", r"Some tests failed\."),
    ("dart-test-passed", "P", "dart", r"\+\d+(?: ~\d+)?: All tests passed!"),
    ("gtest-failed", "F", "gtest", r"^\[  FAILED  \] " + _N + r" tests?, listed below:|^ ?" + _N + r" FAILED TESTS?[ \t]*$"),
    ("gtest-passed", "P", "gtest", r"^\[  PASSED  \] " + _N + r" tests?\."),
    # meson 1.x prints the non-zero rows after Ok and Fail; older versions print all six
    ("meson-failed", "F", "meson", r"(?:^|(?<!Expected)[ \t])(?:Fail|Unexpected Pass|Timeout):[ \t]+" + _N + r"\b"),
    ("meson-passed", "P", "meson", r"^Ok:\s+" + _N + r"\s+(?:Expected Fail:\s+\d+\s+)?Fail:\s+0\b"),
    ("ctest-failed", "F", "ctest", r"\d+% tests passed, " + _N + r" tests? failed out of \d+"),
    ("ctest-passed", "P", "ctest", r"100% tests passed, 0 tests failed out of " + _N),
    ("bazel-failed", "F", "bazel",
     r"Executed \d+ out of \d+ tests?: \d+ tests? pass(?:es)? and " + _N + r" fail|FAILED: Build did NOT complete successfully"),
    ("bazel-passed", "P", "bazel",
     r"Executed \d+ out of \d+ tests?: " + _N + r" tests? pass\.|INFO: Build completed successfully, \d+ total actions?"),
    ("xcodebuild-test-failed", "F", "xcodebuild", r"\*\* TEST (?:EXECUTE )?FAILED \*\*"),
    ("xcodebuild-test-passed", "P", "xcodebuild", r"\*\* TEST (?:EXECUTE )?SUCCEEDED \*\*"),
    # Pants: a line per test target, "\u2713 path:tests succeeded in 0.46s." (a failure's mark is
    # \u2715 in older releases, U+10102 in newer ones)
    ("pants-test-failed", "F", "pants", _PANTS_FAILED),
    ("pants-test-passed", "P", "pants", _PANTS_SUCCEEDED),
    ("elm-test-failed", "F", "elm", r"TEST RUN FAILED"),
    ("elm-test-passed", "P", "elm", r"TEST RUN PASSED"),
    ("sbt-test-failed", "F", "sbt", r"\[error\] Failed: Total \d+, Failed " + _N + r"|\[error\] Failed tests:"),
    ("sbt-test-passed", "P", "sbt", r"\[info\] Passed: Total " + _N + r", Failed 0"),
    ("ant-test-failed", "F", "ant",
     r"\[junit(?:launcher)?\] Tests run: \d+, Failures: " + _N + r"|\[junit(?:launcher)?\] Tests run: \d+, Failures: \d+, "
     r"Errors: " + _N + r"|^BUILD FAILED\b|\[junit\] Test \S+ FAILED"),
    ("ant-test-passed", "P", "ant", r"^BUILD SUCCESSFUL\b"),
    # clojure.test (lein test, cognitect test-runner) and kaocha
    ("clojure-test-failed", "F", "clojure-test",
     r"^(?:\d+ failures, " + _N + r" errors|" + _N + r" failures, \d+ errors)\.|^\d+ tests, \d+ assertions, "
     r"(?:\d+ errors, )?" + _N + r" failures\.|^\d+ tests, \d+ assertions, " + _N + r" errors, \d+ failures\."),
    ("clojure-test-passed", "P", "clojure-test",
     r"^Ran " + _N + r" tests containing \d+ assertions\.\n0 failures, 0 errors\.|^" + _N +
     r" tests, \d+ assertions, 0 failures\."),
    ("testthat-failed", "F", "testthat", r"^\[ FAIL " + _N + r" \| WARN \d+ \| SKIP \d+ \| PASS \d+ \]"),
    ("testthat-passed", "P", "testthat", r"^\[ FAIL 0 \| WARN \d+ \| SKIP \d+ \| PASS " + _N + r" \]"),
    ("r-check-failed", "F", "r-check", r"^Status: [^\n]*\b" + _N + r" ERRORs?\b"),
    ("r-check-passed", "P", "r-check", r"^Status: (?:OK|\d+ NOTEs?)[ \t]*$"),
    ("julia-failed", "F", "julia",
     r"Some tests did not pass: \d+ passed, " + _N + r" failed|Some tests did not pass: \d+ passed, \d+ failed, " + _N +
     r" errored|^ERROR: Package \S+ errored during testing"),
    ("julia-passed", "P", "julia", r"^\s*Testing \S+ tests passed\b"),
    ("generic-test-no-tests", "N", "*", r"^\s*(?:No tests found|No test files found|0 tests (?:ran|run|executed))"),
    ("generic-test-failed", "F", "*",
     r"\b\d+ passed, " + _N + r" failed\b|\b" + _N + r" (?:tests? )?failed, \d+ passed\b"
     r"|(?:Tests|Results?):\s*\d+ passed, " + _N + r" failed"),
    ("generic-test-passed", "P", "*",
     r"\b" + _N + r" passed, 0 failed\b|\b0 failed, " + _N + r" passed\b|\bAll " + _N + r" tests passed"),
]

_TRACEBACK = r"^Traceback \(most recent call last\):"
_CARGO_ERROR = r"^error(?:\[E\d+\])?: |^error: could not compile"
_CARGO_OK = r"^\s*Finished\s+`?(?:dev|release|test)\b"

TYPECHECK = [
    ("tsc-error", "F", "tsc", r"error TS\d+:|\bFound " + _N + r" errors?(?: in\b|\s*\.)"),
    ("tsc-found-zero", "P", "tsc", r"\bFound 0 errors\."),
    ("svelte-check-errors", "F", "svelte-check", r"svelte-check found " + _N + r" errors?"),
    ("svelte-check-ok", "P", "svelte-check", r"svelte-check found 0 errors and \d+ warnings?"),
    ("mypy-found", "F", "mypy", r"^Found " + _N + r" errors? in \d+ files?"),
    ("mypy-ok", "P", "mypy", r"^Success: no issues found in \d+ source files?"),
    ("pyright-errors", "F", "pyright", r"^\s*" + _N + r" errors?, \d+ warnings?"),
    ("pyright-ok", "P", "pyright", r"^\s*0 errors, \d+ warnings?"),
    ("flow-errors", "F", "flow", r"^Found " + _N + r" errors?[ \t]*$"),
    ("flow-ok", "P", "flow", r"^No errors!"),
    ("cargo-check-error", "F", "cargo", _CARGO_ERROR),
    ("cargo-check-ok", "P", "cargo", _CARGO_OK),
    ("deno-check-error", "F", "deno", r"error: TS\d+"),
    ("phpstan-errors", "F", "phpstan", r"\[ERROR\] Found " + _N + r" errors?"),
    ("phpstan-ok", "P", "phpstan", r"\[OK\] No errors"),
    # Psalm's own summary: "No errors found!", else "3 errors found" between rules of dashes
    ("psalm-errors", "F", "psalm", r"^\s*" + _N + r" errors? found\b"),
    ("psalm-ok", "P", "psalm", r"^\s*No errors found!"),
    ("sorbet-errors", "F", "sorbet", r"^Errors: " + _N),
    ("sorbet-ok", "P", "sorbet", r"No errors! Great job\."),
    ("dialyzer-errors", "F", "dialyzer", r"Total errors: " + _N),
    ("dialyzer-ok", "P", "dialyzer", r"done \(passed successfully\)"),
    ("pants-check-failed", "F", "pants", _PANTS_FAILED),
    ("pants-check-ok", "P", "pants", _PANTS_SUCCEEDED),
    ("zero-errors", "P", "*", r"(?<![\w.,])0 errors?\b"),
    ("no-issues", "P", "*", r"^\s*(?:Success: )?No issues found\b"),
    ("traceback", "F", "*", _TRACEBACK),
]

LINT = [
    ("eslint-problems", "F", "eslint", r"\u2716 " + _N + r" problems? \(" + _N + r" errors?"),
    ("eslint-config-error", "F", "eslint", r"Oops! Something went wrong!|ESLint couldn't find|Error: Cannot find module"),
    ("eslint-too-many-warnings", "F", "eslint", r"^ESLint found too many warnings \(maximum: \d+\)"),
    ("eslint-no-files", "N", "eslint", r"No files matching the pattern|Please check for typing mistakes in the pattern\."),
    ("biome-errors", "F", "biome", r"^Found " + _N + r" errors?\.[ \t]*$|Checked \d+ files? in \S+?\. Found " + _N + r" errors?"),
    ("biome-ok", "P", "biome", r"Checked \d+ files? in \S+?\. (?:No fixes (?:needed|applied)\.|Fixed \d+ files?\.)"),
    ("ruff-found", "F", "ruff",
     r"^Found " + _N + r" errors?\.?(?: \(\d+ fixable[^)\n]*\))?[ \t]*$|^Found \d+ errors? \(\d+ fixed, " + _N + r" remaining\)"),
    ("ruff-ok", "P", "ruff", r"^All checks passed!|\(\d+ fixed, 0 remaining\)"),
    ("ruff-format-would", "F", "ruff", r"\b" + _N + r" files? would be reformatted"),
    ("ruff-format-ok", "P", "ruff", r"^\d+ files? already formatted[ \t]*$"),
    ("black-would", "F", "black", r"^would reformat |\b" + _N + r" files? would be reformatted"),
    # (its two lines, or one when quoted in prose: "→ All done! ✨ 🍰 ✨ 87 files would be left unchanged.")
    ("black-ok", "P", "black", r"^All done![^\n]*(?:\n[^\n]*)?\b\d+ files? would be left unchanged\b"),
    ("isort-error", "F", "isort", r"ERROR: [^\n]*Imports are incorrectly sorted"),
    ("flake8-violation", "F", "flake8", r"^\S+:\d+:\d+: [A-Z]+\d{1,4} "),
    # pyflakes names no code and prints no summary: a line per finding (exit 1), nothing when clean
    ("pyflakes-message", "F", "pyflakes",
     r"^\S+:\d+:(?:\d+:)? (?:'[^'\n]+' imported but unused|redefinition of unused '|undefined name '"
     r"|local variable '[^'\n]+' (?:is assigned to but never used|is annotated but never used|defined [^\n]*"
     r"referenced before assignment)|'from \S+ import \*' used; unable to detect undefined names"
     r"|'[^'\n]+' may be undefined, or defined from star imports|f-string is missing placeholders"
     r"|import '[^'\n]+' from line \d+ shadowed by loop variable|duplicate argument ')"),
    ("pylint-message", "F", "pylint", r"^\S+:\d+:\d+: [CEFRW]\d{4}:"),
    ("pylint-ok", "P", "pylint", r"Your code has been rated at 10\.00/10"),
    ("golangci-issues", "F", "golangci-lint", r"^" + _N + r" issues?:|^\S+\.go:\d+:\d+: "),
    ("golangci-ok", "P", "golangci-lint", r"^0 issues\.[ \t]*$"),
    ("govet-error", "F", "go", r"^(?:vet: )?\S+\.go:\d+:\d+: "),
    ("clippy-error", "F", "cargo", _CARGO_ERROR),
    ("clippy-ok", "P", "cargo", _CARGO_OK),
    ("rustfmt-diff", "F", "cargo", r"^Diff in "),
    ("rubocop-offenses", "F", "rubocop", r"\b" + _N + r" offenses? detected"),
    ("rubocop-ok", "P", "rubocop", r"\b\d+ files? inspected, no offenses detected"),
    # php-cs-fixer's dry run: "Found 0 of 312 files that can be fixed in 1.2 seconds"
    ("php-cs-fixer-fixable", "F", "php-cs-fixer", r"\bFound [1-9]\d* of \d+ files? that can be fixed"),
    ("php-cs-fixer-ok", "P", "php-cs-fixer", r"\bFound 0 of \d+ files? that can be fixed"),
    ("oxlint-errors", "F", "oxlint", r"Found \d+ warnings? and " + _N + r" errors?"),
    ("oxlint-ok", "P", "oxlint", r"Found \d+ warnings? and 0 errors"),
    ("prettier-issues", "F", "prettier", r"\[warn\] Code style issues found in|^Code style issues found"),
    ("prettier-ok", "P", "prettier", r"All matched files use Prettier code style!"),
    ("shellcheck-issue", "F", "shellcheck", r"^In \S+ line \d+:"),
    ("phpcs-errors", "F", "phpcs", r"FOUND " + _N + r" ERRORS?"),
    ("credo-issues", "F", "credo",
     r"Analysis took [^\n]*\n[^\n]*\b" + _N +
     r" (?:code readability issues?|refactoring opportunit(?:y|ies)|warnings?|software design suggestions?|consistency issues?)"),
    ("credo-ok", "P", "credo", r"found no issues\."),
    ("swiftlint-violations", "F", "swiftlint", r"Found " + _N + r" violations?, " + _N + r" serious"),
    ("swiftlint-ok", "P", "swiftlint", r"Done linting! Found \d+ violations?, 0 serious"),
    ("dart-analyze-issues", "F", "dart", r"\b" + _N + r" issues? found\."),
    ("dart-analyze-ok", "P", "dart", r"No issues found!"),
    ("ktlint-violation", "F", "ktlint", r"^\S+\.kts?:\d+:\d+: "),
    ("detekt-issues", "F", "detekt", r"Build failed with " + _N + r" weighted issues"),
    ("hadolint-issue", "F", "hadolint", r"^\S+:\d+ (?:DL|SC)\d{4} "),
    ("yamllint-issue", "F", "yamllint", r"^\s+\d+:\d+\s+error\s+"),
    ("deno-lint-problems", "F", "deno", r"^Found " + _N + r" problems?\b|^error: Found " + _N + r" not formatted files?"),
    ("deno-lint-ok", "P", "deno", r"^Checked " + _N + r" files?[ \t]*$"),
    ("maven-checkstyle-violations", "F", "checkstyle",
     r"You have " + _N + r" Checkstyle violations?|There (?:is|are) " + _N + r" errors? reported by Checkstyle"),
    ("maven-checkstyle-ok", "P", "checkstyle", r"You have 0 Checkstyle violations\."),
    ("spotbugs-bugs", "F", "spotbugs", r"BugInstance size is " + _N + r"|Error size is " + _N + r"|Total bugs: " + _N),
    ("spotbugs-ok", "P", "spotbugs", r"BugInstance size is 0\b"),
    ("maven-lint-failed", "F", "maven", r"^\[INFO\] BUILD FAILURE|^\[ERROR\] Failed to execute goal"),
    ("checkstyle-errors", "F", "gradle", r"Checkstyle ends with " + _N + r" errors?"),
    ("dotnet-format-diff", "F", "dotnet", r"error WHITESPACE|error IMPORTS|Formatted code file"),
    ("pants-lint-failed", "F", "pants", _PANTS_FAILED),
    ("pants-lint-ok", "P", "pants", _PANTS_SUCCEEDED),
    # terraform validate: a boxed "Error: ..." per problem; fmt -check: the name of each file it would rewrite
    ("terraform-error", "F", "terraform", r"^(?:\u2502 )?Error: "),
    ("terraform-fmt-unformatted", "F", "terraform", r"^\S+\.tf(?:vars)?[ \t]*$"),
    ("terraform-valid", "P", "terraform", r"^Success! The configuration is valid\."),
    ("cspell-issues", "F", "cspell", r"^CSpell: Files checked: \d+, Issues found: " + _N + r" in "),
    ("cspell-ok", "P", "cspell", r"^CSpell: Files checked: " + _N + r", Issues found: 0 in "),
    # typos and dprint check print nothing when all is well
    ("typos-error", "F", "typos", r"^error: `[^`\n]+` should be "),
    ("dprint-not-formatted", "F", "dprint", r"^Found " + _N + r" not formatted files?\."),
    ("zero-errors", "P", "*", r"(?<![\w.,])0 errors?\b"),
    ("no-issues", "P", "*", r"^\s*(?:Success: )?No issues found\b"),
    ("traceback-lint", "F", "*", _TRACEBACK),
]

BUILD = [
    ("next-failed", "F", "next",
     r"Failed to compile\.|> Build failed|Build error occurred|^Type error: |\u2a2f Next\.js build worker exited with code: " + _N +
     r"|Export encountered an error|exiting the build\.|\u2a2f Failed to"),
    ("next-ok", "P", "next",
     r"[\u2713\u221a] Compiled successfully|\bCompiled successfully|^\u25cb\s+\(Static\)\s+prerendered as static content"),
    ("cra-ok", "P", "react-scripts", r"The build folder is ready to be deployed\."),
    ("astro-failed", "F", "astro",
     r"^(?:\d\d:\d\d:\d\d )?\[build\][^\n]*\b(?:error|failed)|^\[ERROR\] |\[vite\] Build failed|\[astro\] Build failed"),
    ("astro-ok", "P", "astro", r"\u2713 Completed in \d+m?s\.|\[build\] Complete!|\[build\] Server built in"),
    ("angular-failed", "F", "ng", r"[\u2718X] \[ERROR\]"),
    ("angular-ok", "P", "ng", r"Application bundle generation complete\."),
    ("docusaurus-ok", "P", "docusaurus", r"\[SUCCESS\] Generated static files in"),
    ("gatsby-ok", "P", "gatsby", r"Done building in [\d.]+ sec"),
    ("hugo-ok", "P", "hugo", r"Total in \d+ ms"),
    ("eleventy-ok", "P", "eleventy", r"\[11ty\] Wrote \d+ files? in"),
    ("nuxt-ok", "P", "nuxt", r"\u2714 (?:Nuxt Nitro server built|Client built|Server built|Generated public)"),
    ("expo-ok", "P", "expo", r"Exported: \S+"),
    ("vite-failed", "F", "vite", r"error during build:|\[vite\]: Rollup failed|^x Build failed"),
    ("vite-ok", "P", "vite", r"\u2713 built in [\d.]+m?s"),
    ("webpack-failed", "F", "webpack", r"compiled with " + _N + r" errors?|^ERROR in "),
    ("webpack-ok", "P", "webpack", r"compiled successfully in \d+ ?ms|webpack \d+\.\d+\.\d+ compiled successfully"),
    ("esbuild-failed", "F", "esbuild", r"\u2718 \[ERROR\]|^\s*" + _N + r" errors?[ \t]*$"),
    ("esbuild-ok", "P", "esbuild", r"^\s*(?:\u26a1 )?Done in [\d.]+m?s"),
    ("tsup-failed", "F", "tsup", r"Build failed|error TS\d+|Error: Build failed with"),
    ("tsup-ok", "P", "tsup", r"(?:ESM|CJS|DTS) (?:\u26a1\ufe0f? ?)?Build success|Build complete in|Done in"),
    ("rollup-failed", "F", "rollup", r"\[!\] (?:Rollup)?Error"),
    ("rollup-ok", "P", "rollup", r"created \S+(?:, \S+)* in [\d.]+m?s"),
    ("cargo-build-error", "F", "cargo", _CARGO_ERROR + r"|^error: linking with"),
    ("cargo-build-ok", "P", "cargo", _CARGO_OK),
    ("go-build-error", "F", "go", r"^\S+\.go:\d+:\d+: |^# \S+\n[^\n]*\.go:\d+"),
    ("turbo-ok", "P", "turbo", r"Tasks:\s+\d+ successful, \d+ total"),
    ("gradle-build-failed", "F", "gradle", r"BUILD FAILED|FAILURE: Build failed"),
    ("gradle-build-ok", "P", "gradle", r"BUILD SUCCESSFUL"),
    ("maven-build-failed", "F", "maven", r"^\[ERROR\]|^\[INFO\] BUILD FAILURE"),
    ("maven-build-ok", "P", "maven", r"^\[INFO\] BUILD SUCCESS"),
    ("dotnet-build-failed", "F", "dotnet", r"Build FAILED\.|: error [A-Z]+\d+:"),
    ("dotnet-build-ok", "P", "dotnet", r"Build succeeded\.|Build succeeded with \d+ warning"),
    ("xcodebuild-failed", "F", "xcodebuild", r"\*\* (?:BUILD|TEST) FAILED \*\*"),
    ("xcodebuild-ok", "P", "xcodebuild", r"\*\* BUILD SUCCEEDED \*\*"),
    ("swift-build-error", "F", "swift", r"\.swift:\d+:\d+: error:|^error: "),
    ("swift-build-ok", "P", "swift", r"Build complete!"),
    ("docker-failed", "F", "docker", r"ERROR: failed to solve:|ERROR: failed to build"),
    ("docker-ok", "P", "docker", r"Successfully built [0-9a-f]+|=> => (?:exporting to|naming to)|=> exporting to image"),
    ("cmake-error", "F", "cmake", r"CMake Error|ninja: build stopped:|ninja: error:"),
    ("ninja-ok", "P", "cmake", r"ninja: no work to do\."),
    ("mix-compile-error", "F", "mix", r"\*\* \(CompileError\)|== Compilation error"),
    ("elm-make-error", "F", "elm", r"^-- [A-Z][A-Z ]+ -+"),
    ("ant-build-failed", "F", "ant", r"^BUILD FAILED\b"),
    ("ant-build-ok", "P", "ant", r"^BUILD SUCCESSFUL\b"),
    ("python-build-ok", "P", "python-build", r"Successfully built \S+\.(?:tar\.gz|whl)"),
    ("elm-make-ok", "P", "elm", r"Success! Compiled \d+ modules?\."),
    ("parcel-ok", "P", "parcel", r"\u2728 Built in [\d.]+m?s"),
    ("gem-build-ok", "P", "gem", r"Successfully built RubyGem"),
    ("gleam-build-ok", "P", "gleam", r"^\s*Compiled in [\d.]+m?s\s*$"),
    ("zero-errors", "P", "*", r"(?<![\w.,])0 errors?\b"),
    ("traceback-build", "F", "*", _TRACEBACK),
]

ANY_CATEGORY = [
    ("make-error", "F", "*", r"^g?make(?:\[\d+\])?: \*\*\* \[[^\]\n]*\] Error \d+"),
    ("npm-err", "F", "*",
     r"^npm ERR!|^npm error |ELIFECYCLE|ERR_PNPM_|error Command failed with exit code " + _N +
     r"|Error: (?:script|Process) \"[^\"\n]*\" exited with code " + _N),
    ("turbo-failed", "F", "*", r"Failed:\s+\S+#\S+|Failed:\s{4}\S|ERROR\s+run failed:"),
    # nx runs targets of any category; its closing line names them
    ("nx-failed", "F", "nx", r"\bRunning targets? [^\n]*\bfor (?:\d+ projects?|project \S+)[^\n]* failed|^Failed tasks:"),
    ("nx-ok", "P", "nx", r"\bSuccessfully ran targets? [^\n]*\bfor (?:" + _N + r" projects?|project \S+)"),
    ("node-uncaught", "F", "*", r"^node:internal/modules/cjs/loader:\d+\n\s*throw err;"),
    # node's report of an uncaught exception ends with its stack, a blank line and its version
    # (a package script's node program that crashed: `npm run build` of a build.js)
    ("node-crashed", "F", "node", r"^\s+at [^\n]+\n\nNode\.js v\d+\.\d+\.\d+[ \t]*$"),
    # the test script `npm init` writes: no test ran, and it exits 1
    ("npm-no-test-specified", "F", "*", r"^Error: no test specified[ \t]*$"),
    ("command-not-found", "F", "*",
     r": command not found|^sh: \d+: \S+: not found|^(?:ba|z|da)?sh: (?:line \d+: )?\S+: No such file or directory"
     r"|is not recognized as an internal or external command"),
]

# Single self-contained summary lines: when a filter (grep, tail -1) shows one of these, the run's
# result is still proven; per-package or per-file lines (go's ok, mocha's passing...) are not.
TRUSTED_THROUGH_FILTER = frozenset("""
pytest-passed pytest-short-passed jest-passed vitest-passed rspec-passed phpunit-passed mix-passed
dotnet-passed nextest-passed playwright-passed ctest-passed jasmine-passed minitest-passed deno-pass
dart-test-passed elm-test-passed sbt-test-passed cypress-passed gradle-test-passed maven-passed
tsc-found-zero svelte-check-ok mypy-ok pyright-ok flow-ok phpstan-ok psalm-ok sorbet-ok dialyzer-ok ruff-ok
ruff-format-ok black-ok biome-ok rubocop-ok oxlint-ok prettier-ok golangci-ok credo-ok swiftlint-ok
dart-analyze-ok pylint-ok next-ok vite-ok webpack-ok tsup-ok rollup-ok turbo-ok gradle-build-ok
maven-build-ok dotnet-build-ok xcodebuild-ok swift-build-ok docker-ok elm-make-ok parcel-ok
python-build-ok esbuild-ok ninja-ok cra-ok astro-ok angular-ok docusaurus-ok gatsby-ok hugo-ok
eleventy-ok nuxt-ok expo-ok generic-test-passed nx-ok xcodebuild-test-passed terraform-valid cspell-ok
testthat-passed r-check-passed
""".split())


# Per category, the rows a run of that category is read with (ANY_CATEGORY is added to each).
SIGNALS = {"test": TEST, "typecheck": TYPECHECK, "lint": LINT, "build": BUILD}

# Rows whose regex starts with an alternation group get their literals by hand.
NEEDLE_OVERRIDES = {
    "pytest-failed-summary": ("failed", "error"), "pytest-failed-line": ("FAILED ", "ERROR "),
    "go-fail": ("FAIL",), "go-ok": ("ok", "PASS"), "phpunit-failed": ("FAILURES!", "ERRORS!", "Assertions: "),
    "ava-failed": (" failed", " uncaught exception", " unhandled rejection"),
    "playwright-failed": (" failed", " flaky", " did not run"),
    "generic-test-no-tests": ("No tests found", "No test files found", "0 tests "),
    "nuxt-ok": (" built", "Generated public"), "gtest-failed": ("FAILED",),
    "meson-failed": ("Fail:", "Unexpected Pass:", "Timeout:"), "deno-lint-problems": ("Found ",),
    "maven-checkstyle-violations": ("Checkstyle",), "spotbugs-bugs": (" size is ", "Total bugs: "),
    "maven-lint-failed": ("BUILD FAILURE", "Failed to execute goal"), "nx-failed": ("Running target", "Failed tasks:"),
    "clojure-test-failed": (" failures",), "ant-test-failed": ("Tests run: ", "BUILD FAILED", " FAILED"), "elm-make-error": ("-- ",), "hadolint-issue": (" DL", " SC"),
    "terraform-error": ("Error: ",), "pants-test-failed": (" failed",), "pants-check-failed": (" failed",),
    "pants-lint-failed": (" failed",),
}


# The first line a format prints: where a runner's part of a shared output starts.
_CARGO_HEADER = r"^\s*(?:Compiling|Checking|Finished|Running|Downloading|Updating) \S"
HEADERS = {
    "pytest": r"^=+ test session starts =+\s*$",
    "vitest": r"^\s*RUN\s+v\d",
    "jest": r"^(?:PASS|FAIL) \S",
    "cargo": _CARGO_HEADER,
    "nextest": _CARGO_HEADER,
    "go": r"^(?:ok|FAIL|\?)\s+\S",
    "playwright": r"^Running \d+ tests? using",
    "mix": r"^Running ExUnit with seed",
    "rspec": r"^(?:Randomized with seed|Run options:)",
    "phpunit": r"^PHPUnit \d",
    "dotnet": r"Determining projects to restore",
    "next": r"\u25b2 Next\.js",
    "vite": r"^vite v\d",
    "tsup": r"CLI Building entry",
}

"""What a run's own output says: pass, fail or inconclusive, plus counts.

The signals are tables (one row per runner summary format), grouped by category, so adding a
runner's format is adding a row. A verdict never rests on a guess: a pass needs the runner's own
positive summary (or, outside the test category, a known exit 0 from a tool that prints nothing on
success); a fail needs a fail signal or a known non-zero exit; everything else is inconclusive.
"""

import re

from stalegreen.engine.lazyregex import LazyRegex

# Exit statuses that mean the run was stopped from outside (timeout(1), SIGKILL, SIGTERM, SIGINT):
# the tests did not fail, they did not finish.
INTERRUPTED_EXITS = (124, 130, 137, 143)

_M = re.M
_N = r"(?:[1-9]\d*)"          # a non-zero count
_D = r"\d+"

# One row: (id, kind, family, pattern). kind is F (fail), P (pass) or N (not run). family names
# the runner family the format belongs to; "*" means any runner of the category. When judge() is
# told the runner and knows its family, rows of other families are not consulted (this is where
# we deliberately differ from a category-wide match: a Gradle-style "line ending in FAILED" must
# not fail a pytest run).
_TEST = [
    ("pytest-failed-summary", "F", "pytest", r"^=+ (?=[^\n]*\b" + _N + r" (?:failed|errors?)\b)[^\n]* =+[ \t]*$"),
    ("pytest-failed-line", "F", "pytest", r"^(?:FAILED|ERROR) \S*::"),
    ("pytest-short-failed", "F", "pytest",
     r"^(?:\d+ [a-z]+(?: [a-z]+)?, )*" + _N + r" (?:failed|errors?)(?:, \d+ [a-z]+(?: [a-z]+)?)* in [\d.]+s\b"),
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
     r"|^\s+Failed \S+ \[|\bfailed: " + _N),
    ("dotnet-passed", "P", "dotnet",
     r"Passed!\s+-\s+Failed:\s+0, Passed:\s+" + _N + r"|Total tests: \d+\. Passed: " + _N + r"\. Failed: 0"
     r"|Test summary: total: \d+, failed: 0, succeeded: " + _N),
    ("maven-failed", "F", "maven",
     r"Tests run: \d+, Failures: " + _N + r"|Tests run: \d+, Failures: \d+, Errors: " + _N +
     r"|BUILD FAILURE|There are test failures"),
    ("maven-passed", "P", "maven",
     r"^\[INFO\] Tests run: " + _N + r", Failures: 0, Errors: 0(?:, Skipped: \d+)?[\s\S]*^\[INFO\] BUILD SUCCESS"),
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
    ("ctest-failed", "F", "ctest", r"\d+% tests passed, " + _N + r" tests? failed out of \d+"),
    ("ctest-passed", "P", "ctest", r"100% tests passed, 0 tests failed out of " + _N),
    ("bazel-failed", "F", "bazel",
     r"Executed \d+ out of \d+ tests?: \d+ tests? pass(?:es)? and " + _N + r" fail|FAILED: Build did NOT complete successfully"),
    ("bazel-passed", "P", "bazel",
     r"Executed \d+ out of \d+ tests?: " + _N + r" tests? pass\.|INFO: Build completed successfully, \d+ total actions?"),
    ("elm-test-failed", "F", "elm", r"TEST RUN FAILED"),
    ("elm-test-passed", "P", "elm", r"TEST RUN PASSED"),
    ("sbt-test-failed", "F", "sbt", r"\[error\] Failed: Total \d+, Failed " + _N + r"|\[error\] Failed tests:"),
    ("sbt-test-passed", "P", "sbt", r"\[info\] Passed: Total " + _N + r", Failed 0"),
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

_TYPECHECK = [
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
    ("sorbet-errors", "F", "sorbet", r"^Errors: " + _N),
    ("sorbet-ok", "P", "sorbet", r"No errors! Great job\."),
    ("dialyzer-errors", "F", "dialyzer", r"Total errors: " + _N),
    ("dialyzer-ok", "P", "dialyzer", r"done \(passed successfully\)"),
    ("zero-errors", "P", "*", r"(?<![\w.,])0 errors?\b"),
    ("no-issues", "P", "*", r"^\s*(?:Success: )?No issues found\b"),
    ("traceback", "F", "*", _TRACEBACK),
]

_LINT = [
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
    ("black-ok", "P", "black", r"^All done![^\n]*\n[^\n]*\b\d+ files? would be left unchanged\."),
    ("isort-error", "F", "isort", r"ERROR: [^\n]*Imports are incorrectly sorted"),
    ("flake8-violation", "F", "flake8", r"^\S+:\d+:\d+: [A-Z]+\d{1,4} "),
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
    ("checkstyle-errors", "F", "gradle", r"Checkstyle ends with " + _N + r" errors?"),
    ("dotnet-format-diff", "F", "dotnet", r"error WHITESPACE|error IMPORTS|Formatted code file"),
    ("zero-errors", "P", "*", r"(?<![\w.,])0 errors?\b"),
    ("no-issues", "P", "*", r"^\s*(?:Success: )?No issues found\b"),
    ("traceback-lint", "F", "*", _TRACEBACK),
]

_BUILD = [
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
    ("python-build-ok", "P", "python-build", r"Successfully built \S+\.(?:tar\.gz|whl)"),
    ("elm-make-ok", "P", "elm", r"Success! Compiled \d+ modules?\."),
    ("parcel-ok", "P", "parcel", r"\u2728 Built in [\d.]+m?s"),
    ("zero-errors", "P", "*", r"(?<![\w.,])0 errors?\b"),
    ("traceback-build", "F", "*", _TRACEBACK),
]

_ANY = [
    ("make-error", "F", "*", r"^g?make(?:\[\d+\])?: \*\*\* \[[^\]\n]*\] Error \d+"),
    ("npm-err", "F", "*",
     r"^npm ERR!|^npm error |ELIFECYCLE|ERR_PNPM_|error Command failed with exit code " + _N +
     r"|Error: (?:script|Process) \"[^\"\n]*\" exited with code " + _N),
    ("turbo-failed", "F", "*", r"Failed:\s+\S+#\S+|Failed:\s{4}\S|ERROR\s+run failed:"),
    ("node-uncaught", "F", "*", r"^node:internal/modules/cjs/loader:\d+\n\s*throw err;"),
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
tsc-found-zero svelte-check-ok mypy-ok pyright-ok flow-ok phpstan-ok sorbet-ok dialyzer-ok ruff-ok
ruff-format-ok black-ok biome-ok rubocop-ok oxlint-ok prettier-ok golangci-ok credo-ok swiftlint-ok
dart-analyze-ok pylint-ok next-ok vite-ok webpack-ok tsup-ok rollup-ok turbo-ok gradle-build-ok
maven-build-ok dotnet-build-ok xcodebuild-ok swift-build-ok docker-ok elm-make-ok parcel-ok
python-build-ok esbuild-ok ninja-ok cra-ok astro-ok angular-ok docusaurus-ok gatsby-ok hugo-ok
eleventy-ok nuxt-ok expo-ok generic-test-passed
""".split())

_RAW_TABLES = {"test": _TEST, "typecheck": _TYPECHECK, "lint": _LINT, "build": _BUILD}

# Runner name (as catalog.Run.runner records it, first word or two) -> signal families it prints.
# Runners missing here (package scripts, make, extra runners) get every row of the category.
RUNNER_FAMILIES = {
    "pytest": ("pytest",), "unittest": ("unittest",), "manage.py test": ("unittest", "pytest"),
    "django-admin test": ("unittest", "pytest"), "nose2": ("unittest",), "jest": ("jest",),
    "react-scripts test": ("jest",), "vitest": ("vitest",), "mocha": ("mocha",), "ava": ("ava",),
    "node --test": ("node-test", "tap"), "tap": ("tap",), "tape": ("tap",), "bun test": ("bun",),
    "deno test": ("deno",), "playwright test": ("playwright",), "cypress run": ("cypress",),
    "jasmine": ("jasmine",), "go test": ("go",), "cargo test": ("cargo",), "cargo nextest": ("nextest", "cargo"),
    "dotnet test": ("dotnet",), "mvn test": ("maven",), "gradle test": ("gradle",), "sbt test": ("sbt",),
    "rspec": ("rspec",), "rake test": ("minitest", "rspec"), "rails test": ("minitest",),
    "phpunit": ("phpunit",), "pest": ("phpunit",), "paratest": ("phpunit",), "artisan test": ("phpunit",),
    "mix test": ("mix",), "swift test": ("swift",), "xcodebuild test": ("swift", "xcodebuild"),
    "flutter test": ("dart",), "dart test": ("dart",), "ctest": ("ctest",), "bazel test": ("bazel",),
    "elm-test": ("elm",), "tsc": ("tsc",), "vue-tsc": ("tsc",), "tsgo": ("tsc",),
    "svelte-check": ("svelte-check",), "mypy": ("mypy",), "pyright": ("pyright",),
    "basedpyright": ("pyright",), "flow": ("flow",), "cargo check": ("cargo",), "deno check": ("deno", "tsc"),
    "phpstan": ("phpstan",), "srb tc": ("sorbet",), "mix dialyzer": ("dialyzer",), "eslint": ("eslint",),
    "ruff check": ("ruff", "flake8"), "ruff format": ("ruff",), "black": ("black",), "isort": ("isort",),
    "flake8": ("flake8",), "pylint": ("pylint",), "golangci-lint run": ("golangci-lint",),
    "go vet": ("go",), "cargo clippy": ("cargo",), "cargo fmt": ("cargo",), "rubocop": ("rubocop",),
    "oxlint": ("oxlint",), "prettier": ("prettier",), "shellcheck": ("shellcheck",), "phpcs": ("phpcs",),
    "mix credo": ("credo",), "swiftlint": ("swiftlint",), "dart analyze": ("dart",),
    "flutter analyze": ("dart",), "ktlint": ("ktlint",), "detekt": ("detekt",), "hadolint": ("hadolint",),
    "yamllint": ("yamllint",), "biome": ("biome",), "next build": ("next",), "vite build": ("vite",),
    "webpack": ("webpack",), "rollup": ("rollup",), "esbuild": ("esbuild",), "tsup": ("tsup", "esbuild"),
    "cargo build": ("cargo",), "go build": ("go",), "go install": ("go",), "dotnet build": ("dotnet",),
    "swift build": ("swift",), "docker build": ("docker",), "docker compose build": ("docker",),
    "mix compile": ("mix",), "elm make": ("elm",), "python -m build": ("python-build",),
}

_compiled = {}
_ROW_FAMILY = dict((sid, family) for rows in list(_RAW_TABLES.values()) + [_ANY] for sid, _kind, family, _pat in rows)
# a run stopped by ^C or a kill prints this on its way out, whatever summary follows
_INTERRUPTED_TEXT = re.compile(r"^!+ KeyboardInterrupt !+[ \t]*$|^KeyboardInterrupt[ \t]*$"
                               r"|^(?:\S+: line \d+: +)?\d+ (?:Killed|Terminated|Interrupt)\b", _M)
_QUANTIFIERS = "?*{"
_BREAKERS = "^$.|"
_ESCAPED_CLASSES = "dDsSwWbBAZzntrfv0123456789"


def _split_top(pattern):
    """Top-level alternatives of a regex source (bars inside groups or classes do not split)."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]" or pattern[i + 1:i + 3] == "^]":
                i += 2 if pattern[i + 1] == "]" else 3
                continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


def _literal_runs(alternative):
    """Literal stretches every match of this alternative must contain (groups and classes skipped)."""
    runs, current, i, n = [], [], 0, len(alternative)

    def close():
        if current:
            runs.append("".join(current))
            del current[:]

    while i < n:
        c = alternative[i]
        if c == "\\" and i + 1 < n:
            nxt = alternative[i + 1]
            if nxt == "u" and i + 5 < n and all(h in "0123456789abcdefABCDEF" for h in alternative[i + 2:i + 6]):
                char, width = chr(int(alternative[i + 2:i + 6], 16)), 6
            elif nxt in _ESCAPED_CLASSES or nxt.isalpha():
                close()
                i += 2
                continue
            else:
                char, width = nxt, 2
        elif c in "([":
            close()
            depth, j, in_class = 0, i, False
            while j < n:
                d = alternative[j]
                if d == "\\":
                    j += 2
                    continue
                if in_class:
                    in_class = d != "]"
                elif d == "[":
                    in_class = True
                    if alternative[j + 1:j + 2] == "]":
                        j += 1
                elif d == "(":
                    depth += 1
                elif d == ")":
                    depth -= 1
                if depth == 0 and not in_class:
                    break
                j += 1
            i = j + 1
            if i < n and alternative[i] in _QUANTIFIERS + "+":
                i += 1
            continue
        elif c in _BREAKERS or c in ")]":
            close()
            i += 1
            continue
        elif c in _QUANTIFIERS or c == "+":
            close()
            if c == "{" and "}" in alternative[i:]:
                i = alternative.index("}", i)
            i += 1
            continue
        else:
            char, width = c, 1
        following = alternative[i + width:i + width + 1]
        if following and following in _QUANTIFIERS:
            close()
        elif following == "+":
            current.append(char)
            close()
        else:
            current.append(char)
        i += width
    close()
    return runs


def needles(pattern):
    """One literal per top-level alternative that any match must contain, or None (always search).

    Scanning a long log with ~100 regexes that start with a digit costs ~15 ns a character each;
    a substring test first is ~50 times cheaper and skips the rows that cannot match.
    """
    found = []
    for alternative in _split_top(pattern):
        runs = [r for r in _literal_runs(alternative) if len(r.strip()) >= 3]
        if not runs:
            return None
        found.append(max(runs, key=len))
    return tuple(found)


# Rows whose regex starts with an alternation group get their literals by hand.
NEEDLE_OVERRIDES = {
    "pytest-failed-summary": ("failed", "error"), "pytest-failed-line": ("FAILED ", "ERROR "),
    "go-fail": ("FAIL",), "go-ok": ("ok", "PASS"), "phpunit-failed": ("FAILURES!", "ERRORS!", "Assertions: "),
    "ava-failed": (" failed", " uncaught exception", " unhandled rejection"),
    "playwright-failed": (" failed", " flaky", " did not run"),
    "generic-test-no-tests": ("No tests found", "No test files found", "0 tests "),
    "nuxt-ok": (" built", "Generated public"), "elm-make-error": ("-- ",), "hadolint-issue": (" DL", " SC"),
}


def _may_match(row_needles, text):
    return row_needles is None or any(needle in text for needle in row_needles)


def _search(pattern, row_needles, text):
    """The leftmost match of a row's pattern in ``text``, or None.

    Every match holds one of the row's needles, so a pattern that can never cross a line end is
    tried only on the lines that hold a needle: a few short searches instead of a regex that
    starts with ``\\b\\d+`` tried at every position of a long log. After ``LINE_TRIES`` such
    lines the rest of the text is searched in one go, so a needle on every line costs no more.
    """
    if row_needles is None:
        return _regex(pattern).search(text)
    if not _may_match(row_needles, text):
        return None
    regex = _regex(pattern)
    if not _line_local(pattern):
        return regex.search(text)
    position = 0
    for _ in range(LINE_TRIES):
        hits = [hit for hit in (text.find(needle, position) for needle in row_needles) if hit >= 0]
        if not hits:
            return None
        hit = min(hits)
        line_start = text.rfind("\n", 0, hit) + 1
        line_end = text.find("\n", hit)
        if line_end < 0:
            line_end = len(text)
        found = regex.search(text, line_start, line_end)
        if found is not None or line_end == len(text):
            return found
        position = line_end + 1
    return regex.search(text, position)


LINE_TRIES = 16
_line_locals = {}


def _line_local(pattern):
    """Whether no part of ``pattern`` (lookarounds included) can match a newline or needs the
    string's end: then its matches, and the search for them, never reach past one line."""
    known = _line_locals.get(pattern)
    if known is None:
        try:
            parsed = _sre_parse().parse(pattern, _M)
            known = not _may_cross_lines(parsed, bool(parsed.state.flags & re.S))
        except Exception:       # an unfamiliar parser shape: search the whole text
            known = False
        _line_locals[pattern] = known
    return known


def _sre_parse():
    try:
        from re import _parser         # Python 3.11+
        return _parser
    except ImportError:
        import sre_parse
        return sre_parse


def _may_cross_lines(items, dotall):
    """True when a parsed regex (a sequence of (op, argument)) might match ``\\n`` or ``\\Z``."""
    for op, av in items:
        name = str(op)
        if name == "LITERAL":
            if av == 10:
                return True
        elif name == "NOT_LITERAL":
            if av != 10:
                return True     # [^x] takes a newline, [^\\n] does not
        elif name == "ANY":
            if dotall:
                return True
        elif name == "IN":
            if _set_has_newline(av):
                return True
        elif name == "AT":
            if str(av) in ("AT_END_STRING",):
                return True
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if _may_cross_lines(av[2], dotall):
                return True
        elif name == "SUBPATTERN":      # (group, flags added, flags removed, body)
            inner = (dotall or bool(av[1] & re.S)) and not av[2] & re.S
            if _may_cross_lines(av[-1], inner):
                return True
        elif name == "ATOMIC_GROUP":
            if _may_cross_lines(av, dotall):
                return True
        elif name in ("ASSERT", "ASSERT_NOT"):
            if _may_cross_lines(av[1], dotall):
                return True
        elif name == "BRANCH":
            if any(_may_cross_lines(branch, dotall) for branch in av[1]):
                return True
        elif name != "GROUPREF":
            return True         # anything else (conditional groups...): assume it might
    return False


_NEWLINE_CATEGORIES = ("CATEGORY_SPACE", "CATEGORY_NOT_DIGIT", "CATEGORY_NOT_WORD", "CATEGORY_LINEBREAK",
                       "CATEGORY_UNI_SPACE", "CATEGORY_UNI_NOT_DIGIT", "CATEGORY_UNI_NOT_WORD",
                       "CATEGORY_UNI_LINEBREAK")


def _set_has_newline(items):
    negate, has = False, False
    for op, av in items:
        name = str(op)
        if name == "NEGATE":
            negate = True
        elif name == "LITERAL":
            has = has or av == 10
        elif name == "RANGE":
            has = has or av[0] <= 10 <= av[1]
        elif name == "CATEGORY":
            has = has or str(av) in _NEWLINE_CATEGORIES
        else:
            return True
    return has != negate


_regexes = {}


def _regex(pattern):
    """Compile on first use: most rows never get past their substring check, and compiling all
    ~200 patterns up front would cost ~15 ms on every hook process that reads an output."""
    compiled = _regexes.get(pattern)
    if compiled is None:
        compiled = _regexes[pattern] = re.compile(pattern, _M)
    return compiled


def _table(category):
    """Rows (pattern source and needles) for a category plus the any-category rows."""
    rows = _compiled.get(category)
    if rows is None:
        raw = _RAW_TABLES.get(category, _TEST) + _ANY
        rows = [(sid, kind, fam, pat, NEEDLE_OVERRIDES.get(sid) or needles(pat)) for sid, kind, fam, pat in raw]
        _compiled[category] = rows
    return rows


def runner_families(runner):
    if not runner:
        return None
    fams = RUNNER_FAMILIES.get(runner)
    if fams is None:
        fams = RUNNER_FAMILIES.get(" ".join(runner.split()[:2])) or RUNNER_FAMILIES.get(runner.split()[0])
    return fams


# ---------------------------------------------------------------------------------------------
# normalisation

_ANSI = LazyRegex(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
_BANNER = LazyRegex(
    r"^(?:> .*|\$ .*|yarn run v[\d.]+|(?:\u2728\s*)?Done in [\d.]+m?s\.?|info Visit https://yarnpkg\.com.*"
    r"|\[stalegreen\].*|npm warn .*|npm notice .*|Shell cwd was reset to .*|Session cwd remains .*)$"
)


def clean(output):
    """Remove ANSI escapes, normalise line ends, keep only what a CR progress line ends showing."""
    if not output:
        return ""
    text = _ANSI.sub("", output) if "\x1b" in output else output
    text = text.replace("\r\n", "\n")
    if "\r" in text:
        text = "\n".join(line.rsplit("\r", 1)[-1] if "\r" in line else line for line in text.split("\n"))
    return text


# Past this size only the head and the tail are read: summaries close a run, and reading every
# signal row over a multi-megabyte log would cost seconds on the hook path. A fail line lost in the
# middle can only matter when the exit status is unknown, and wrapped runs always know it.
MAX_SCAN_CHARS = 256 * 1024
HEAD_CHARS = 32 * 1024
ELIDED = "\n[stalegreen] output elided for reading\n"


def _scannable(text):
    if len(text) <= MAX_SCAN_CHARS:
        return text
    head = text[:HEAD_CHARS]
    tail = text[len(text) - (MAX_SCAN_CHARS - HEAD_CHARS):]
    head = head[:head.rfind("\n") + 1] or head
    cut = tail.find("\n")
    tail = tail[cut + 1:] if cut >= 0 else tail
    return head + ELIDED + tail


ERROR_WORDS = ("error", "\u2716", "problem", "fail", "warning", "exception", "panic", "\u2718")
_PRINTED_COUNT = LazyRegex(r"^\s*(?:[^\d\s]\S*\s+)*(\d+)\s*$")


def search_verdict(category, text, patterns=(), count_only=False, head=None, filtered=False):
    """(verdict, signal) for a typecheck, lint or build run whose exit was hidden and whose own
    output gave no verdict, from what the filter after it printed; None when that says nothing.

    ``patterns``: the grep patterns after the run (``!pat`` when inverted); ``count_only``:
    a ``grep -c`` / ``wc -l`` printed a number; ``head``: lines a ``| head`` kept.
    - a search for error words (or a bare count) that printed 0: pass; a count above 0: fail;
    - typecheck or lint shown through ``| head -N`` (N >= 3) with no fail signal in sight,
      or through a search for error words that matched only lines that are no failure: pass.
    Silence is never a pass: ``black --check -q`` and a grep that found nothing print the same.
    """
    if category == "test":
        return None
    error_search = bool(patterns) and all(_names_errors(p) for p in patterns)
    if filtered and count_only and (error_search or (not patterns and category != "build")):
        count = _printed_count(text)
        if count is not None:
            return ("pass", "count-zero") if count == 0 else ("fail", "count-nonzero")
    if is_silent(text):
        return None
    if category in ("typecheck", "lint"):
        if head is not None and head >= 3 and not filtered:
            return "pass", "head-no-errors"
        if error_search and not count_only:
            return "pass", "grep-no-errors"
    return None


def _names_errors(pattern):
    """Every alternative of a (non-inverted) grep pattern looks for an error word."""
    if pattern.startswith("!"):
        return False
    alternatives = re.split(r"\\?\|", pattern.lower())
    return all(any(word in alternative for word in ERROR_WORDS) for alternative in alternatives)


def _printed_count(text):
    """The number a ``grep -c`` / ``wc -l`` printed last (``errors: 3`` after ``xargs echo``)."""
    for line in reversed(text.split("\n")):
        if line.strip():
            found = _PRINTED_COUNT.match(line)
            return int(found.group(1)) if found else None
    return None


def is_silent(text):
    """True when every line is blank or a package-manager banner (nothing from the tool itself)."""
    for line in text.split("\n"):
        line = line.strip()
        if line and not _BANNER.match(line):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# counts

def _tally(text):
    """pytest-style tallies: "40 passed, 1 failed, 2 skipped" -> counts."""
    counts = {}
    for num, word in re.findall(r"(\d+) (passed|failed|errors?|skipped|deselected|xfailed|todo)\b", text):
        n = int(num)
        if word == "passed":
            counts["passed"] = counts.get("passed", 0) + n
        elif word == "failed":
            counts["failed"] = counts.get("failed", 0) + n
        elif word.startswith("error"):
            counts["errors"] = counts.get("errors", 0) + n
        elif word == "deselected":      # not run by choice: the run covered part of the suite
            counts["deselected"] = counts.get("deselected", 0) + n
        else:
            counts["skipped"] = counts.get("skipped", 0) + n
    return counts


def _c_pytest_banner(m):
    return _tally(m.group(1))


def _c_tally_total(m):
    """jest ``Tests: 1 failed, 40 passed, 41 total``, vitest ``Tests  1 failed | 40 passed (41)``."""
    counts = _tally(m.group(1))
    counts["total"] = int(m.group(2))
    return counts


def _c_mocha(m):
    counts = {"passed": int(m.group(1))}
    if m.group(2):
        counts["failed"] = int(m.group(2))
    return counts


_CARGO = LazyRegex(r"test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored")


def _cargo_counts(text):
    """cargo prints one result line per test binary (unit, integration, doc tests): add them up."""
    totals = None
    for m in _CARGO.finditer(text):
        totals = totals or {"passed": 0, "failed": 0, "skipped": 0}
        totals["passed"] += int(m.group(1))
        totals["failed"] += int(m.group(2))
        totals["skipped"] += int(m.group(3))
    return totals


def _c_nextest(m):
    counts = {"total": int(m.group(1)), "passed": int(m.group(2))}
    if m.group(3):
        counts["failed"] = int(m.group(3))
    if m.group(4):
        counts["skipped"] = int(m.group(4))
    return counts


def _c_rspec(m):
    total, failed, pending = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    counts = {"total": total, "failed": failed, "passed": total - failed - pending}
    if m.group(3):
        counts["skipped"] = pending
    return counts


def _c_minitest(m):
    runs, failed, errors, skips = int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4) or 0)
    counts = {"total": runs, "failed": failed, "errors": errors, "passed": runs - failed - errors - skips}
    if m.group(4):
        counts["skipped"] = skips
    return counts


def _c_phpunit_ok(m):
    n = int(m.group(1))
    return {"passed": n, "total": n, "failed": 0}


def _c_phpunit_tests(m):
    total = int(m.group(1))
    rest = m.group(2)
    failed = re.search(r"Failures: (\d+)", rest)
    errors = re.search(r"Errors: (\d+)", rest)
    skipped = re.search(r"Skipped: (\d+)", rest)
    counts = {"total": total, "failed": int(failed.group(1)) if failed else 0,
              "errors": int(errors.group(1)) if errors else 0}
    counts["passed"] = total - counts["failed"] - counts["errors"]
    if skipped:
        counts["skipped"] = int(skipped.group(1))
        counts["passed"] -= counts["skipped"]
    return counts


def _c_mix(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_unittest(m):
    total = int(m.group(1))
    counts = {"total": total}
    status = m.group(2)
    if status.startswith("OK"):
        counts["passed"] = total
        return counts
    failures = re.search(r"failures=(\d+)", status)
    errors = re.search(r"errors=(\d+)", status)
    counts["failed"] = int(failures.group(1)) if failures else 0
    if errors:
        counts["errors"] = int(errors.group(1))
    return counts


def _c_pass_fail(m):
    return {"passed": int(m.group(1)), "failed": int(m.group(2))}


def _c_playwright_fail(m):
    return {"failed": int(m.group(1)), "passed": int(m.group(2))}


def _c_playwright_pass(m):
    return {"passed": int(m.group(1))}


def _c_dotnet(m):
    return {"failed": int(m.group(1)), "passed": int(m.group(2)), "skipped": int(m.group(3)), "total": int(m.group(4))}


def _c_dotnet_total(m):
    return {"total": int(m.group(1)), "passed": int(m.group(2)), "failed": int(m.group(3))}


def _c_gradle(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_swift(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_ctest(m):
    failed, total = int(m.group(1)), int(m.group(2))
    return {"failed": failed, "total": total, "passed": total - failed}


def _c_jasmine(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_ava(m):
    counts = {"passed": int(m.group(1))}
    if m.group(2):
        counts["failed"] = int(m.group(2))
    return counts


def _c_errors(m):
    return {"errors": int(m.group(1))}


_TEST_COUNTS = [
    (r"^=+ ((?:\d+ [a-z ]+?, )*\d+ [a-z ]+?) in [\d.]+s(?: \([^)\n]*\))? =+[ \t]*$", _c_pytest_banner),
    (r"^((?:\d+ (?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|rerun)(?:, )?)+) in [\d.]+s\b", _c_pytest_banner),
    (r"^\s*Tests:\s+((?:\d+ \w+, )*)(\d+) total", _c_tally_total),
    (r"^\s*Tests {2,}((?:\d+ \w+(?: \| )?)+) \((\d+)\)", _c_tally_total),
    (r"^\s*(\d+) passing\b[^\n]*(?:\n(?:[^\n]*\n)*?\s*(\d+) failing)?", _c_mocha),
    ("CARGO", None),
    (r"Summary \[[^\]]*\] (\d+) tests? run: (\d+) passed(?: \(\d+ slow\))?(?:, (\d+) failed)?(?:, (\d+) skipped)?", _c_nextest),
    (r"\b(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?", _c_rspec),
    (r"\b(\d+) runs, \d+ assertions, (\d+) failures, (\d+) errors(?:, (\d+) skips)?", _c_minitest),
    (r"OK \((\d+) tests?, \d+ assertions?\)", _c_phpunit_ok),
    (r"Tests: (\d+), Assertions: \d+((?:, \w+: \d+)*)", _c_phpunit_tests),
    (r"\b(?:\d+ (?:doctests?|properties|property), )*(\d+) tests?, (\d+) failures?\b", _c_mix),
    (r"^Ran (\d+) tests? in [\d.]+s[ \t]*\n[ \t]*\n(OK[^\n]*|FAILED \([^)\n]*\))", _c_unittest),
    (r"^(?:#|\u2139) pass (\d+)[ \t]*\n(?:[^\n]*\n)*?(?:#|\u2139) fail (\d+)", _c_pass_fail),
    (r"^\s*(\d+) pass[ \t]*\n\s*(\d+) fail[ \t]*$", _c_pass_fail),
    (r"^(?:ok|FAILED) \| (\d+) passed(?: \([^)\n]*\))? \| (\d+) failed", _c_pass_fail),
    (r"^\s*(\d+) failed[ \t]*\n(?:[^\n]*\n)*?\s*(\d+) passed \(", _c_playwright_fail),
    (r"^\s*(\d+) passed \([\d.]+m?s\)[ \t]*$", _c_playwright_pass),
    (r"(?:Passed|Failed)!\s+-\s+Failed:\s+(\d+), Passed:\s+(\d+), Skipped:\s+(\d+), Total:\s+(\d+)", _c_dotnet),
    (r"Total tests: (\d+)\. Passed: (\d+)\. Failed: (\d+)", _c_dotnet_total),
    ("MAVEN", None),
    (r"(\d+) tests completed, (\d+) failed", _c_gradle),
    (r"Executed (\d+) tests?, with (\d+) failures?", _c_swift),
    (r"\d+% tests passed, (\d+) tests? failed out of (\d+)", _c_ctest),
    (r"\b(\d+) specs?, (\d+) failures?", _c_jasmine),
    (r"^\s*(\d+) tests? passed[ \t]*$(?:\n\s*(\d+) tests? failed)?", _c_ava),
]

_OTHER_COUNTS = {
    "typecheck": [
        (r"svelte-check found (\d+) errors?", _c_errors),
        (r"\bFound (\d+) errors?\b(?: in \d+ files?| in\b|\.|[ \t]*$)", _c_errors),
        (r"^\s*(\d+) errors?, \d+ warnings?", _c_errors),
    ],
    "lint": [
        (r"\u2716 \d+ problems? \((\d+) errors?", _c_errors),
        (r"Found \d+ warnings? and (\d+) errors?", _c_errors),
        (r"\b(\d+) offenses? detected", _c_errors),
        (r"\bFound (\d+) errors?\b(?: in \d+ files?| in\b|\.|[ \t]*$)", _c_errors),
        (r"^\s*(\d+) errors?, \d+ warnings?", _c_errors),
    ],
    "build": [
        (r"\bFound (\d+) errors?\b(?: in \d+ files?| in\b|\.|[ \t]*$)", _c_errors),
        (r"^\s*(\d+) errors?, \d+ warnings?", _c_errors),
    ],
}

_MAVEN = LazyRegex(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+)(?:, Skipped: (\d+))?")
_compiled_counts = {}


def _count_rows(category):
    rows = _compiled_counts.get(category)
    if rows is None:
        raw = _TEST_COUNTS if category == "test" else _OTHER_COUNTS.get(category, [])
        rows = [(pat, fn, None if pat in _SUMMED else needles(pat)) for pat, fn in raw]
        _compiled_counts[category] = rows
    return rows


def _maven_counts(text):
    """Maven prints one line per class then a total: the last line is the run's."""
    last = None
    for last in _MAVEN.finditer(text):
        pass
    if last is None:
        return None
    total, failed, errors = int(last.group(1)), int(last.group(2)), int(last.group(3))
    skipped = int(last.group(4) or 0)
    counts = {"total": total, "failed": failed, "errors": errors, "passed": total - failed - errors - skipped}
    if last.group(4) is not None:
        counts["skipped"] = skipped
    return counts


_SUMMED = {"MAVEN": (_maven_counts, "Tests run: "), "CARGO": (_cargo_counts, "test result: ")}


def counts_of(category, text):
    """The first count format of the category that matches the cleaned output, else {}."""
    for pattern, build, row_needles in _count_rows(category):
        if pattern in _SUMMED:
            reader, needle = _SUMMED[pattern]
            found = reader(text) if needle in text else None
            if found is not None:
                return found
            continue
        m = _search(pattern, row_needles, text)
        if m:
            return build(m)
    return {}


# ---------------------------------------------------------------------------------------------
# verdict

_NO_TESTS = LazyRegex(
    r"no tests ran|No tests found|No test files found|collected 0 items|^Ran 0 tests|^\s*0 tests (?:ran|run|executed)", _M
)
_NO_TESTS_NEEDLES = ("no tests ran", "No tests found", "No test files found", "collected 0 items", "Ran 0 tests",
                     "0 tests ")


def find_signals(category, text, runner=None):
    """The first fail, pass and not-run signal ids of the category in the text (None when absent)."""
    families = runner_families(runner)
    found = {"F": None, "P": None, "N": None}
    for sid, kind, family, pattern, row_needles in _table(category):
        if found[kind] is not None:
            continue
        if families is not None and family != "*" and family not in families:
            continue
        if _search(pattern, row_needles, text):
            found[kind] = sid
    return found["F"], found["P"], found["N"]


def _extra_patterns(extra):
    """Compile an extraRunners entry's pass/fail patterns; invalid ones are ignored."""
    result = {}
    for key in ("pass", "fail"):
        pattern = (extra or {}).get(key)
        if isinstance(pattern, str) and pattern:
            try:
                result[key] = re.compile(pattern, _M)
            except re.error:
                pass
    return result


def judge(category, output, exit_code=None, failed_without_number=False, interrupted=False,
          visible=True, filtered=False, runner=None, extra=None):
    """Verdict for one run: dict(verdict=pass|fail|inconclusive, counts, signal)."""
    category = category if category in _RAW_TABLES else "test"
    if isinstance(output, bytes):
        output = output.decode("utf-8", "replace")
    text = clean(_scannable(output or ""))
    counts = counts_of(category, text)

    def result(verdict, signal):
        return {"verdict": verdict, "counts": counts, "signal": signal}

    if interrupted or exit_code in INTERRUPTED_EXITS:
        return result("inconclusive", "interrupted")

    if extra:
        patterns = _extra_patterns(extra)
        if "fail" in patterns and patterns["fail"].search(text):
            return result("fail", "extra-fail")
        if "pass" in patterns and patterns["pass"].search(text):
            if exit_code == 0:
                return result("pass", "extra-pass")
            if exit_code is None and visible and not filtered:
                return result("pass", "summary-only:extra-pass")

    fail_id, pass_id, not_run_id = find_signals(category, text, runner)

    if exit_code is not None and exit_code != 0:
        return result("fail", fail_id or "exit-%d" % exit_code)
    if failed_without_number and exit_code is None:
        return result("fail", fail_id or "exit-nonzero")
    if category == "test":
        if (not_run_id or _NO_TESTS_NEEDLES and _may_match(_NO_TESTS_NEEDLES, text) and _NO_TESTS.search(text)) \
                and not pass_id:
            return result("inconclusive", not_run_id or "no-tests")
    elif not_run_id and not pass_id and not fail_id:
        return result("inconclusive", not_run_id)

    if pass_id and not fail_id and _INTERRUPTED_TEXT.search(text):
        return result("inconclusive", "interrupted")    # a summary printed on the way out of a ^C
    if exit_code is None:
        # without an exit status, a pass needs the runner's own summary: silence proves
        # nothing, and a generic "0 errors" row is not the summary of a runner we know
        if fail_id:
            return result("fail", fail_id)
        if pass_id and _ROW_FAMILY.get(pass_id) == "*" and runner_families(runner) is not None:
            return result("inconclusive", "exit-unknown")
        if visible and pass_id:
            return result("pass", "summary-only:" + pass_id)
        if filtered and pass_id in TRUSTED_THROUGH_FILTER:
            return result("pass", "summary-line:" + pass_id)
        return result("inconclusive", "exit-unknown")

    # exit 0: output that reports failures contradicts the status (`-pytest` in a Makefile,
    # `jest || true` in a package script)
    if fail_id and pass_id and runner_families(runner) is None:
        return result("inconclusive", "mixed-signals")     # whose formats? not this runner's, maybe
    if fail_id:
        return result("fail", "exit-0-with-" + fail_id)
    if pass_id:
        return result("pass", pass_id)
    if category == "test":
        return result("inconclusive", "no-summary")
    return result("pass", "exit-0")

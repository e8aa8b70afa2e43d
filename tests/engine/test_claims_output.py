# -*- coding: utf-8 -*-
"""Runner output quoted in a message (found on the dev3 sets written blind on 2026-12-02; the
examples here are written for the tests, none copied from the sets): an inline span quoting a
runner's summary line after its command, and a fenced transcript the agent introduces as a run it
made, are read by the output reader the receipts use; the sentence that introduces them still
decides tense and modality. A block of output alone stays code (the spec: code is never a claim)."""

import pytest

from stalegreen.engine import claims, claims_output, outputs


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- an inline span quoting a runner's summary line right after its command
@pytest.mark.parametrize("text, expected", [
    ("`pytest -q` \u2192 `203 passed in 9.8s`", ["test"]),
    ("`mypy src` gives `Success: no issues found in 12 source files`.", ["typecheck"]),
    ("- `ruff check .` -> `All checks passed!`", ["lint"]),
    ("`npx tsc --noEmit` prints `Found 0 errors.` now.", ["typecheck"]),
    ("`flutter test` \u2192 `00:12 +64: All tests passed!`", ["test"]),
    (u"`ctest --test-dir build` \u8dd1\u5b8c\u4e86\uff0c`100% tests passed, 0 tests failed out of 21`\u3002", ["test"]),
    ("`npm run build` \u2192 `\u2713 built in 2.31s`", ["build"]),
    # a result the output reader has no format for is read as the words it quotes
    ("`pytest tests/billing -q` \u2192 `31 passed, 2 skipped`", ["test"]),
    ("`bundle exec rspec` finished with `212 examples, 0 failures`.", ["test"]),
    ("`pytest` \u2192 `3 failed, 12 passed, 2 skipped`", []),
])
def test_quoted_summary_after_its_command_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "`pytest` \u2192 `2 failed, 40 passed in 3.1s`",
    "I renamed the log line from `tests ok` to `all tests passed`.",
    "Yesterday `pytest -q` gave `88 passed in 2.0s`; I have not rerun it since the rebase.",
    "Does `pytest -q` still print `88 passed in 2.0s` for you?",
    "`pyright` \u2192 `3 errors, 0 warnings, 0 informations`",
])
def test_a_failing_past_or_asked_summary_is_no_claim(text):
    assert categories(text) == []


def test_the_command_keeps_its_scope():
    found = claims.extract("`pytest tests/api -k refund` \u2192 `9 passed, 120 deselected in 0.8s`").claims
    assert [(c["category"], c["scope"]) for c in found] == [("test", "subset")]


# ---- a fenced transcript the agent introduces as a run it made: a run verb or the command named in
# the line before the block. A transcript alone stays code, as the spec says.
@pytest.mark.parametrize("text, expected", [
    ("Ran the suite:\n```\n$ pytest -q\n........\n120 passed in 4.02s\n```", ["test"]),
    ("Ran the checks:\n```console\n$ npx eslint .\n$ npx tsc --noEmit\nFound 0 errors.\n```", ["typecheck"]),
    ("I ran `mvn verify`:\n```\n[INFO] Tests run: 57, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n```",
     ["build", "test"]),      # maven's verify phase packages: it is a build as well as the tests
    (u"\u6267\u884c `cargo test` \u7684\u8f93\u51fa\uff1a\n```\ntest result: ok. 12 passed; 0 failed; 0 ignored; "
     u"0 measured; 0 filtered out\n```", ["test"]),
    ("I ran both:\n\n```\n$ go vet ./...\n$ go test ./...\nok  \texample.com/shop/cart\t0.41s\nok  \texample.com/shop/api\t"
     "1.02s\n```", ["test"]),
    (u"`cargo test` \u7ed3\u679c\uff1a\n```\ntest result: ok. 57 passed; 0 failed\n```", ["test"]),
    # a command the catalog does not know: its last lines are read as words
    ("I ran the test script:\n```\n$ ./scripts/run_tests.sh\nrunning 48 tests\nAll 48 tests passed.\n```", ["test"]),
    ("I ran the type checker:\n```\n0 errors\n```", ["typecheck"]),
    ("Ran the suite:\n```\n$ npm test\nTests:       2 failed, 98 passed, 100 total\n```\nTwo snapshots need updating.",
     []),
])
def test_a_transcript_introduced_as_a_run_that_shows_a_pass_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "```python\ndef test_ok():\n    pass\n# 3 passed in 0.10s\n```",
    "Ran it:\n```\n$ pytest\nFAILED tests/test_cart.py::test_total - assert 3 == 4\n1 failed, 99 passed in 2.20s\n```",
    "Before my change I ran it:\n```\n$ pytest\n99 passed in 2.20s\n```",
    "Looking at the `pytest` output you pasted:\n```\n42 passed in 1.00s\n```\nThe warning is harmless.",
    u"\u4f60\u8d34\u7684 `pytest` \u65e5\u5fd7\uff1a\n```\n42 passed in 1.00s\n```",
    "I ran the deploy script:\n```\n$ ./deploy.sh staging\nDeployment successful\n```",
    "```console\n$ npx tsc --noEmit\nFound 0 errors.\n```\nThe refactor is done.",
    "Output of the last run:\n```\n=========== 57 passed in 1.92s ===========\n```",
    "Here's the relevant output:\n\n```\nAll checks passed!\n```",
])
def test_a_transcript_not_introduced_as_a_current_run_is_no_claim(text):
    assert categories(text) == []


def test_generic_passes_are_formats_any_runner_prints():
    """A format of no particular runner does not tell the category of output alone."""
    for category in ("test", "typecheck", "lint", "build"):
        generic = set(row[0] for row in outputs._table(category) if row[2] == "*" and row[1] == "P")
        assert generic <= claims_output.GENERIC_PASSES
    assert claims_output.GENERIC_PASSES <= set(
        row[0] for category in ("test", "typecheck", "lint", "build") for row in outputs._table(category))


# ---- plain output a command's arrow points at, read in the command's own formats
@pytest.mark.parametrize("text, expected", [
    ("Reformatted: `prettier --check .` \u2192 All matched files use Prettier code style!", ["lint"]),
    ("`swiftlint lint` -> Done linting! Found 0 violations, 0 serious in 40 files.", ["lint"]),
    ("The formatter agrees (`prettier -c src` \u2192 All matched files use Prettier code style!) and `vite build` "
     "succeeds.", ["build", "lint"]),
    ("`go test ./...` => ok  example.com/shop/cart 0.3s", ["test"]),
    ("`./gradlew check` \u2192 BUILD SUCCESSFUL in 41s (tests, ktlint).", ["lint", "test"]),     # the list it ran
])
def test_plain_output_after_a_commands_arrow_is_what_it_shows(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "`prettier --check .` \u2192 Code style issues found in 3 files. Run Prettier to fix.",
    "`npm run build` \u2192 see the attached log.",
    "`swiftlint` -> Found 4 violations, 1 serious in 40 files.",
    "Before my change: `prettier --check .` \u2192 All matched files use Prettier code style!",
    "Does `prettier --check .` \u2192 All matched files use Prettier code style! hold on CI?",
])
def test_arrow_output_that_shows_no_pass_or_is_not_current_is_no_claim(text):
    assert categories(text) == []


# ---- the line right after a block says the agent ran it; an intro labelling a check's results;
# an unknown command under an intro that names the check it runs
@pytest.mark.parametrize("text, expected", [
    (u"```\n$ pytest tests/test_cart.py -q\n.......\n7 passed in 0.31s\n```\n只跑了购物车这一个文件。", ["test"]),
    ("```\n$ cargo clippy\n    Finished dev [unoptimized] target(s) in 3.10s\n```\nRan it after the last edit, no "
     "warnings.", ["lint"]),
    ("```console\n$ go test ./store/...\nok  \texample.com/app/store\t0.52s\n```\n`go test ./store/...` is the only "
     "package I touched.", ["test"]),
    ("Lint results for the `web` app:\n\n```\n$ npx eslint src\n```\n", []),
    ("Unit test results:\n```\n$ npx vitest run\n Test Files  4 passed (4)\n      Tests  31 passed (31)\n```", ["test"]),
    (u"单测结果：\n```\n$ pytest -q\n40 passed in 1.20s\n```", ["test"]),
    ("I ran the integration tests:\n```\n$ ./scripts/it.sh\nAll 12 tests passed.\n```", ["test"]),
])
def test_a_block_captioned_or_labelled_as_the_agents_run_is_read(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "```\n$ pytest\n12 passed in 0.84s\n```\nI did not run the slow tests.",
    "```\n$ pytest\n12 passed in 0.84s\n```\nThat is the output from before the refactor.",
    "```\n$ pytest\n12 passed in 0.84s\n```\nCould you run it on your machine?",
    "Results of the user's run:\n```\n12 passed in 0.84s\n```",
    "```\n$ pytest\n3 failed, 9 passed in 0.84s\n```\nRan it twice, same result.",
])
def test_a_block_with_no_caption_of_a_run_or_showing_no_pass_stays_code(text):
    assert categories(text) == []


# ---- a quotation right after a command, and a line labelled with a runner, read in its formats
@pytest.mark.parametrize("text, expected", [
    ('`prettier --check src` prints "All matched files use Prettier code style!" now.', ["lint"]),
    ('Then `prettier -c .` says "All matched files use Prettier code style!" The diff is whitespace only.', ["lint"]),
    ("Fixed the findings.\n\nSwiftLint: Done linting! Found 0 violations, 0 serious in 90 files.", ["lint"]),
    ("- `ruff check .`: All checks passed!\n- `mypy .`: Success: no issues found in 12 source files", ["lint", "typecheck"]),
    ("Results:\nPrettier: All matched files use Prettier code style!", ["lint"]),
])
def test_quoted_or_labelled_output_of_a_runner_is_what_it_shows(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    '`prettier --check .` prints "Code style issues found in 4 files. Run Prettier to fix."',
    'The README says "All matched files use Prettier code style!"',
    "SwiftLint: Done linting! Found 3 violations, 1 serious in 90 files.",
    "Note: All matched files use Prettier code style!",
    'Before the rebase `prettier --check .` printed "All matched files use Prettier code style!"',
])
def test_quoted_or_labelled_output_showing_no_current_pass_is_no_claim(text):
    assert categories(text) == []


# ---- summaries of the formats added from real output (tests/engine/runner_output) and documented ones
@pytest.mark.parametrize("text, expected", [
    ("`./build/unit_tests` \u2192 `[  PASSED  ] 12 tests.`", ["test"]),
    ("`meson test -C build` \u2192 `Ok: 12  Expected Fail: 0  Fail: 0`", ["test"]),
    # `deno lint` \u2192 `Checked 12 files` holds no claim word (prefilter.CLAIM_WORDS): not read
    ("`npx nx run-many -t test` \u2192 `Successfully ran target test for 5 projects`", ["test"]),
    ("`mvn test` \u2192 `Tests run: 12, Failures: 0, Errors: 0, Skipped: 0`", ["test"]),
    ("`mvn checkstyle:check` \u2192 `You have 0 Checkstyle violations.`", ["lint"]),
    ("`Rscript -e 'devtools::test()'` \u2192 `[ FAIL 0 | WARN 0 | SKIP 0 | PASS 12 ]`", ["test"]),
    ("`./build/unit_tests` \u2192 `[  FAILED  ] 2 tests, listed below:`", []),
    ("`meson test -C build` \u2192 `Ok: 11  Expected Fail: 0  Fail: 1`", []),
])
def test_quoted_summaries_of_the_added_formats(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("code, verdict", [
    ("[  PASSED  ] 12 tests.", "pass"), ("[  FAILED  ] 2 tests, listed below:", "fail"),
    ("Ok: 12  Expected Fail: 0  Fail: 0", "pass"), ("Checked 12 files", "pass"),
    ("Successfully ran target test for 5 projects", "pass"), ("BugInstance size is 0", "pass"),
    ("Tests run: 12, Failures: 0, Errors: 0, Skipped: 0", "pass"), ("You have 0 Checkstyle violations.", "pass"),
    ("[ FAIL 2 | WARN 0 | SKIP 0 | PASS 10 ]", "fail"),
])
def test_inline_summaries_of_the_added_formats(code, verdict):
    assert claims_output.summary_verdict(code) == verdict

"""Verdict rules for one run's output (behaviour §7): pass, fail, inconclusive, counts, signal ids.

The outputs below are written for these tests (not upstream fixtures), in the formats the runners print.
"""

import os

import pytest

from stalegreen.engine import logscan, outputs
from tests.conftest import shared_path

PYTEST_PASS = (
    "============================= test session starts ==============================\n"
    "collected 12 items\n\n"
    "tests/test_holds.py ............                                         [100%]\n\n"
    "============================== 12 passed in 0.41s ==============================\n"
)
PYTEST_FAIL = (
    "tests/test_holds.py ..F.                                                 [100%]\n"
    "FAILED tests/test_holds.py::test_expiry - assert 1 == 0\n"
    "========================= 1 failed, 3 passed in 0.20s ==========================\n"
)
PYTEST_NO_TESTS = (
    "============================= test session starts ==============================\n"
    "collected 0 items\n\n"
    "============================ no tests ran in 0.01s =============================\n"
)
UNITTEST_PASS = "......." + "\n" + "-" * 70 + "\nRan 7 tests in 0.004s\n\nOK\n"
UNITTEST_ZERO = "\n" + "-" * 70 + "\nRan 0 tests in 0.000s\n\nOK\n"


def judge(*args, **kwargs):
    return outputs.judge(*args, **kwargs)


def test_pass_needs_the_runners_summary_and_exit_zero():
    result = judge("test", PYTEST_PASS, 0)
    assert result == {"verdict": "pass", "counts": {"passed": 12}, "signal": "pytest-passed"}


def test_a_test_run_without_a_summary_is_not_a_pass_even_with_exit_zero():
    result = judge("test", "tests/test_holds.py ....\n", 0)
    assert (result["verdict"], result["signal"]) == ("inconclusive", "no-summary")


def test_silent_tools_pass_on_exit_zero_outside_the_test_category():
    for category in ("typecheck", "lint", "build"):
        assert judge(category, "", 0) == {"verdict": "pass", "counts": {}, "signal": "exit-0"}
    assert judge("test", "", 0)["verdict"] == "inconclusive"


def test_fail_from_a_known_nonzero_exit_names_the_signal_or_the_exit():
    assert judge("test", PYTEST_FAIL, 1)["signal"] == "pytest-failed-summary"
    assert judge("test", PYTEST_FAIL, 1)["counts"] == {"failed": 1, "passed": 3}
    assert judge("lint", "something odd\n", 3) == {"verdict": "fail", "counts": {}, "signal": "exit-3"}


@pytest.mark.parametrize("text", ["1 error in 0.12s\n", "3 passed, 1 error in 0.40s\n",
                                  "2 passed, 1 warning, 1 error in 0.40s\n", "1 failed in 0.1s\n"])
def test_quiet_pytest_summaries_with_errors_fail_without_an_exit(text):
    assert judge("test", text, None, runner="pytest")["signal"] == "pytest-short-failed"


def test_fail_signal_without_an_exit_fails():
    result = judge("test", PYTEST_FAIL, None)
    assert (result["verdict"], result["signal"]) == ("fail", "pytest-failed-summary")


def test_unknown_exit_and_no_fail_signal_is_never_a_fail():
    for text in ("", "random text\n", "tests/test_a.py ...\n"):
        assert judge("test", text, None, visible=False)["verdict"] == "inconclusive"


def test_failed_without_a_number_fails():
    result = judge("test", "tests/test_a.py ..\n", None, failed_without_number=True)
    assert (result["verdict"], result["signal"]) == ("fail", "exit-nonzero")


@pytest.mark.parametrize("category,text,signal", [
    ("test", "Tests: 12 passed, 0 failed\n", "generic-test-passed"),
    ("test", "Results: 0 failed, 12 passed\n", "generic-test-passed"),
    ("test", "All 41 tests passed\n", "generic-test-passed"),
    ("typecheck", "Found 0 errors. Watching for file changes.\n", "tsc-found-zero"),
    ("typecheck", "Success: no issues found in 14 source files\n", "mypy-ok"),
    ("typecheck", "0 errors, 0 warnings, 0 informations \n", "pyright-ok"),
    ("lint", "Analyzing holds...\nNo issues found!\n", "dart-analyze-ok"),
    ("lint", "No issues found\n", "no-issues"),
    ("lint", "All checks passed!\n", "ruff-ok"),
    ("lint", "Found 3 warnings and 0 errors.\n", "oxlint-ok"),
    ("lint", "\u2716 3 problems (0 errors, 3 warnings)\n", "zero-errors"),
    ("build", "Build finished with 0 errors\n", "zero-errors"),
])
def test_zero_failures_and_no_issues_are_passes(category, text, signal):
    assert judge(category, text, 0) == {"verdict": "pass", "counts": judge(category, text, 0)["counts"],
                                        "signal": signal}
    assert judge(category, text, None)["verdict"] == "pass"


@pytest.mark.parametrize("text", [
    PYTEST_NO_TESTS, UNITTEST_ZERO, "No tests found, exiting with code 0\n",
    "No test files found, exiting with code 0\n", "# tests 0\n# pass 0\n# fail 0\n", "0 tests ran\n",
    "?   \texample.com/app/holds\t[no test files]\n",
])
def test_zero_tests_is_not_a_pass(text):
    result = judge("test", text, 0)
    assert result["verdict"] == "inconclusive", result


def test_zero_tests_with_a_nonzero_exit_is_a_fail():
    assert judge("test", PYTEST_NO_TESTS, 5)["verdict"] == "fail"


@pytest.mark.parametrize("code", [124, 137, 143, 130])
def test_timeouts_and_kills_are_interrupted_not_failed(code):
    result = judge("test", PYTEST_FAIL, code)
    assert (result["verdict"], result["signal"]) == ("inconclusive", "interrupted")


def test_interrupted_flag_wins_over_everything():
    assert judge("test", PYTEST_FAIL, 1, interrupted=True)["verdict"] == "inconclusive"


def test_exit_zero_with_a_fail_signal_is_a_failure_the_output_reports():
    # `jest || true` in a package script, `-pytest` in a Makefile: the status says 0, the run failed
    text = "Test Suites: 1 failed, 1 passed, 2 total\nTests:       1 failed, 40 passed, 41 total\n"
    result = judge("test", text, 0)
    assert (result["verdict"], result["signal"]) == ("fail", "exit-0-with-jest-failed")


def test_exit_zero_with_mixed_signals_is_a_failure_of_a_known_runner():
    text = "1 failed, 3 passed in 0.2s\n=========== 4 passed in 0.3s ===========\n"
    assert judge("test", text, 0, runner="pytest")["verdict"] == "fail"
    # a runner we cannot scope: either signal may be someone else's line
    assert (judge("test", text, 0)["verdict"], judge("test", text, 0)["signal"]) == ("inconclusive", "mixed-signals")


def test_ansi_colours_and_carriage_returns_are_cleaned_before_matching():
    coloured = "\x1b[32m\x1b[1m3 passed\x1b[0m\x1b[32m in 0.04s\x1b[0m\n"
    assert judge("test", coloured, 0) == {"verdict": "pass", "counts": {"passed": 3},
                                          "signal": "pytest-short-passed"}
    progress = "Running 10%\rRunning 50%\r\x1b[2KTests:       41 passed, 41 total\r\n"
    assert judge("test", progress, 0)["signal"] == "jest-passed"
    assert outputs.clean("a\r\nb\rc\n") == "a\nc\n"


def test_the_reference_colour_fixture_text_passes_with_colours_added():
    path = shared_path("runner-output", "notes", "pytest-ansi-pass.visible.txt")
    with open(path, encoding="utf-8") as fh:
        visible = fh.read()
    last = visible.rstrip("\n").split("\n")[-1]
    coloured = visible.replace(last, "\x1b[32m" + last.replace("passed", "\x1b[1mpassed\x1b[0m\x1b[32m") + "\x1b[0m")
    assert judge("test", coloured, 0) == {"verdict": "pass", "counts": {"passed": 3},
                                          "signal": judge("test", visible, 0)["signal"]}


def test_visible_output_without_exit_passes_on_the_summary():
    result = judge("test", PYTEST_PASS, None, visible=True)
    assert (result["verdict"], result["signal"]) == ("pass", "summary-only:pytest-passed")


def test_silence_without_an_exit_status_is_no_pass():
    # `black --check -q` and `prettier --check --log-level silent` fail without a word
    assert judge("lint", "> app@1.0.0 lint\n> eslint .\n\n", None, visible=True)["verdict"] == "inconclusive"
    assert judge("lint", "", None, visible=True, runner="black")["verdict"] == "inconclusive"
    assert judge("lint", "", None, visible=True, runner="prettier")["verdict"] == "inconclusive"
    assert judge("test", "", None, visible=True)["verdict"] == "inconclusive"
    assert judge("lint", "", 0, runner="black")["verdict"] == "pass"     # a known exit 0 still is


def test_eslint_warnings_over_the_limit_are_no_pass_without_an_exit_status():
    # `eslint --max-warnings 0`: "0 errors" is not eslint's own success (it prints nothing then)
    text = "/app/a.js\n  1:7  warning  'x' is assigned a value but never used  no-unused-vars\n\n" \
           "\u2716 1 problem (0 errors, 1 warning)\n\nESLint found too many warnings (maximum: 0).\n"
    assert judge("lint", text, None, visible=True, runner="eslint")["verdict"] == "fail"
    without_limit_line = text.split("\n\nESLint found")[0] + "\n"
    assert judge("lint", without_limit_line, None, visible=True, runner="eslint")["verdict"] == "inconclusive"


def test_a_run_stopped_by_a_signal_is_never_a_pass():
    text = "..\n!!!!!!!!!!!!!!!!!!!!!!!!!!!! KeyboardInterrupt !!!!!!!!!!!!!!!!!!!!!!!!!!!!\n" \
           "/app/test_a.py:5: KeyboardInterrupt\n(to show a full traceback on KeyboardInterrupt use --full-trace)\n" \
           "1 passed in 0.51s\n"
    for code in (None, 0, 2):
        assert judge("test", text, code, visible=True, runner="pytest")["verdict"] != "pass", code


def test_filtered_output_passes_only_on_a_trusted_single_line_summary():
    trusted = judge("test", "===== 41 passed in 2.31s =====\n", None, visible=False, filtered=True)
    assert (trusted["verdict"], trusted["signal"]) == ("pass", "summary-line:pytest-passed")
    per_package = judge("test", "ok  \texample.com/app/holds\t0.4s\n", None, visible=False, filtered=True)
    assert per_package["verdict"] == "inconclusive"


def test_any_category_signals_apply_everywhere():
    assert judge("build", "make: *** [Makefile:12: all] Error 2\n", None)["signal"] == "make-error"
    assert judge("test", "npm ERR! Test failed.\n", None)["signal"] == "npm-err"
    assert judge("lint", "bash: eslint: command not found\n", 127)["signal"] == "command-not-found"


def test_extra_runner_patterns():
    extra = {"match": "^make check", "pass": "^OK$", "fail": "FAILED"}
    assert judge("test", "step 1\nFAILED step 2\n", 0, extra=extra)["signal"] == "extra-fail"
    assert judge("test", "step 1\nOK\n", 0, extra=extra)["signal"] == "extra-pass"
    assert judge("test", "step 1\nOK\n", 2, extra=extra)["verdict"] == "fail"
    assert judge("test", "step 1\n", 0, extra={"pass": "(", "fail": "["})["verdict"] == "inconclusive"


def test_runner_scoping_ignores_other_runners_formats():
    """A passing pytest run that logged a line ending in FAILED is not a Gradle failure."""
    text = "retrying upstream connection ... FAILED\n" + PYTEST_PASS
    assert judge("test", text, 0)["verdict"] == "inconclusive"          # category-wide: mixed signals
    scoped = judge("test", text, 0, runner="pytest")
    assert (scoped["verdict"], scoped["signal"]) == ("pass", "pytest-passed")
    # runners the table does not know (package scripts) still get every format
    assert judge("test", PYTEST_PASS, 0, runner="npm test")["verdict"] == "pass"


@pytest.mark.parametrize("category,text,counts", [
    ("test", "9 passed in 0.02s\n", {"passed": 9}),
    ("test", UNITTEST_PASS, {"total": 7, "passed": 7}),
    ("test", "=== 1 failed, 40 passed, 2 skipped, 1 xfailed in 3.1s ===\n",
     {"failed": 1, "passed": 40, "skipped": 3}),
    ("test", "Tests:       1 failed, 2 skipped, 38 passed, 41 total\n",
     {"failed": 1, "skipped": 2, "passed": 38, "total": 41}),
    ("test", "\u2139 tests 5\n\u2139 suites 0\n\u2139 pass 4\n\u2139 fail 1\n", {"passed": 4, "failed": 1}),
    ("test", "test result: FAILED. 16 passed; 1 failed; 2 ignored; 0 measured\n",
     {"passed": 16, "failed": 1, "skipped": 2}),
    ("test", "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0\n[INFO] Tests run: 31, Failures: 1, "
             "Errors: 0, Skipped: 2\n", {"total": 31, "failed": 1, "errors": 0, "skipped": 2, "passed": 28}),
    ("test", "test result: ok. 17 passed; 0 failed; 1 ignored; 0 measured\n\n"
             "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured\n",
     {"passed": 20, "failed": 2, "skipped": 1}),
    ("typecheck", "Found 2 errors in 2 files.\n", {"errors": 2}),
    ("lint", "\u2716 5 problems (2 errors, 3 warnings)\n", {"errors": 2}),
])
def test_counts(category, text, counts):
    assert judge(category, text, None)["counts"] == counts


def test_node_spec_reporter_summary_passes():
    text = "\u2714 one (0.5ms)\n\u2139 tests 1\n\u2139 suites 0\n\u2139 pass 1\n\u2139 fail 0\n"
    assert judge("test", text, 0, runner="node --test") == {
        "verdict": "pass", "counts": {"passed": 1, "failed": 0}, "signal": "node-test-pass"}


def test_bytes_output_is_decoded():
    assert judge("test", PYTEST_PASS.encode("utf-8") + b"\xff\n", 0)["verdict"] == "pass"


def test_unknown_category_is_read_as_test():
    assert judge("nonsense", PYTEST_PASS, 0)["verdict"] == "pass"


@pytest.mark.parametrize("text", [None, "", "\x1b[", "\r\r\r", "=" * 5000, "\x00\xff", "Ran  tests\n\nOK"])
def test_odd_output_never_raises(text):
    for category in ("test", "typecheck", "lint", "build"):
        assert judge(category, text, None)["verdict"] in ("pass", "fail", "inconclusive")


@pytest.mark.parametrize("pattern,expected", [
    (r"^\s*(?:[1-9]\d*) failing[ \t]*$", (" failing",)),
    (r"\b\d+ specs?, (?:[1-9]\d*) failures?", (" failure",)),
    (r"Executed \d+ tests?, with 0 failures|Test Suite 'All tests' passed", (", with 0 failures",
                                                                          "Test Suite 'All tests' passed")),
    (r"\u2714\s+All specs passed!", ("All specs passed!",)),
    (r"^\S+:\d+:\d+: [A-Z]+\d{1,4} ", None),
    (r"\[!\] (?:Rollup)?Error", ("Error",)),
    (r"\d+ tests? (?:ran|run)", (" test",)),
    (r"^x+y", None),
])
def test_needles_are_literals_every_match_contains(pattern, expected):
    assert logscan.needles(pattern) == expected


def test_long_logs_are_read_at_both_ends():
    noise = "tests/test_holds.py " + "." * 70 + "\n"
    head_failure = "FAILED tests/test_a.py::test_x - assert 1 == 2\n"
    text = head_failure + noise * 20000 + "=========== 1 failed, 9 passed in 4.00s ===========\n"
    result = judge("test", text, None)
    assert (result["verdict"], result["counts"]) == ("fail", {"failed": 1, "passed": 9})
    assert judge("test", noise * 20000 + "===== 10 passed in 4.00s =====\n", 0)["verdict"] == "pass"


@pytest.mark.parametrize("category, text, kwargs, expected", [
    ("typecheck", "0\n", dict(patterns=["error"], count_only=True, filtered=True), ("pass", "count-zero")),
    ("lint", "7\n", dict(patterns=["error|warning"], count_only=True, filtered=True), ("fail", "count-nonzero")),
    ("lint", "problems: 0\n", dict(count_only=True, filtered=True), ("pass", "count-zero")),       # xargs echo label
    ("build", "0\n", dict(count_only=True, filtered=True), None),                    # a bare line count of a build
    ("typecheck", "", dict(patterns=["error"], filtered=True), None),                       # silence is no pass
    ("lint", "src/a.js: 0 errors\n", dict(patterns=["error"], filtered=True), ("pass", "grep-no-errors")),
    ("typecheck", "src/a.ts\nsrc/b.ts\n", dict(head=20), ("pass", "head-no-errors")),
    ("typecheck", "src/a.ts\n", dict(head=2), None),                                  # too short a head
    ("test", "0\n", dict(patterns=["FAIL"], count_only=True, filtered=True), None),   # tests need their summary
    ("lint", "", dict(patterns=["!error"], filtered=True), None),                     # grep -v error
    ("lint", "", dict(patterns=["TODO"], filtered=True), None),                       # not an error search
    ("lint", "no number here\n", dict(patterns=["error"], count_only=True, filtered=True), None),
])
def test_what_an_error_search_after_a_hidden_run_printed(category, text, kwargs, expected):
    assert outputs.search_verdict(category, text, **kwargs) == expected


def test_failing_tests_are_listed_only_when_the_list_is_complete():
    pytest_out = ("F..E\n=== short test summary info ===\nFAILED tests/test_a.py::test_x - assert 1 == 2\n"
                  "ERROR tests/test_b.py::test_y - fixture 'db' not found\n1 failed, 2 passed, 1 error in 0.1s\n")
    assert outputs.failing_tests(pytest_out, {"failed": 1, "errors": 1, "passed": 2}) == [
        "tests/test_a.py::test_x", "tests/test_b.py::test_y"]
    assert outputs.failing_tests(pytest_out, {"failed": 3, "passed": 2}) is None        # more failures than names
    assert outputs.failing_tests("ERROR test_c.py\n1 error in 0.1s\n", {"errors": 1}) == ["test_c.py"]
    unittest_out = ("FAIL: test_add (test_calc.CalcTest.test_add)\n----\nRan 3 tests in 0.001s\n\n"
                    "FAILED (failures=1)\n")
    assert outputs.failing_tests(unittest_out, {"total": 3, "failed": 1, "passed": 2}) is None  # -f stops silently
    assert outputs.failing_tests("1 failed in 0.1s\n", {"failed": 1}) is None          # -rN: no list
    stopped = ("FAILED test_x.py::test_a - assert 0\n!!!!!!!! stopping after 1 failures !!!!!!!!\n"
               "1 failed in 0.3s\n")
    assert outputs.failing_tests(stopped, {"failed": 1}) is None                      # -x: the rest never ran
    assert outputs.failing_tests("--- FAIL: TestAdd (0.00s)\n", {"failed": 1}) is None  # titles only: not read


# ------------------------------------------------------------------ formats added from real output

_REAL = os.path.join(os.path.dirname(__file__), "runner_output")
# (file, category, runner the catalog records, exit status, verdict, signal the verdict rests on)
REAL_OUTPUTS = [
    ("gtest-pass.txt", "test", "ctest", 0, "pass", "gtest-passed"),
    ("gtest-fail.txt", "test", "ctest", 1, "fail", "gtest-failed"),
    ("meson-pass.txt", "test", "meson test", 0, "pass", "meson-passed"),
    ("meson-fail.txt", "test", "meson test", 1, "fail", "meson-failed"),
    ("deno-lint-pass.txt", "lint", "deno lint", 0, "pass", "deno-lint-ok"),
    ("deno-lint-fail.txt", "lint", "deno lint", 1, "fail", "deno-lint-problems"),
    ("nx-pass.txt", "test", "nx test", 0, "pass", "nx-ok"),
    ("nx-fail.txt", "test", "nx test", 1, "fail", "npm-err"),     # the failing task's npm error comes first
    ("testthat-pass.txt", "test", "R test", 0, "pass", "testthat-passed"),
    ("testthat-fail.txt", "test", "R test", 1, "fail", "testthat-failed"),
    ("rcheck-pass.txt", "test", "R CMD check", 0, "pass", "r-check-passed"),
    ("rcheck-fail.txt", "test", "R CMD check", 1, "fail", "r-check-failed"),
    ("ant-test-pass.txt", "test", "ant test", 0, "pass", "ant-test-passed"),
    ("ant-test-fail.txt", "test", "ant test", 1, "fail", "ant-test-failed"),
    ("ant-build-pass.txt", "build", "ant build", 0, "pass", "ant-build-ok"),
    ("ant-build-fail.txt", "build", "ant build", 1, "fail", "ant-build-failed"),
    ("terraform-validate-pass.txt", "lint", "terraform validate", 0, "pass", "terraform-valid"),
    ("terraform-validate-fail.txt", "lint", "terraform validate", 1, "fail", "terraform-error"),
    ("terraform-fmt-fail.txt", "lint", "terraform fmt", 3, "fail", "terraform-fmt-unformatted"),
    ("cspell-pass.txt", "lint", "cspell", 0, "pass", "cspell-ok"),
    ("cspell-fail.txt", "lint", "cspell", 1, "fail", "cspell-issues"),
    ("typos-fail.txt", "lint", "typos", 2, "fail", "typos-error"),
    ("dprint-check-fail.txt", "lint", "dprint check", 20, "fail", "dprint-not-formatted"),
    ("pyflakes-fail.txt", "lint", "pyflakes", 1, "fail", "pyflakes-message"),
    ("node-build-crash.txt", "build", "npm run build", 1, "fail", "node-crashed"),
]


@pytest.mark.parametrize("name, category, runner, code, verdict, signal", REAL_OUTPUTS)
def test_real_output_of_formats_added_later(name, category, runner, code, verdict, signal):
    """googletest, meson, deno lint and nx summaries (tests/engine/runner_output/README.md): read
    from the output alone (exit unknown: Codex without rewrite, a replayed transcript) and with it."""
    with open(os.path.join(_REAL, name), encoding="utf-8", newline="") as fh:
        text = fh.read()
    unknown = outputs.judge(category, text, exit_code=None, runner=runner)
    assert (unknown["verdict"], unknown["signal"].split(":")[-1]) == (verdict, signal)
    assert outputs.judge(category, text, exit_code=code, runner=runner)["verdict"] == verdict


def test_runners_silent_on_success_pass_on_their_exit_status_alone():
    """typos prints nothing and dprint check only its plugin's compile when all is well: the exit
    status proves the pass; without it, silence proves nothing."""
    with open(os.path.join(_REAL, "dprint-check-pass.txt"), encoding="utf-8") as fh:
        dprint = fh.read()
    for runner, text in (("dprint check", dprint), ("typos", "")):
        assert outputs.judge("lint", text, exit_code=0, runner=runner)["verdict"] == "pass"
        assert outputs.judge("lint", text, exit_code=None, runner=runner)["verdict"] == "inconclusive"


def test_pyflakes_findings_fail_without_an_exit_status_and_other_lines_do_not():
    """pyflakes prints a line per finding and no summary: Codex (no exit status) still reads
    `'os' imported but unused` as a failure, in a package script too; a Python warning that
    names a file and line is no pyflakes finding."""
    finding = "./util.py:1:1: 'os' imported but unused\n"
    for runner in ("pyflakes", "npm run lint"):
        assert outputs.judge("lint", finding, exit_code=None, runner=runner)["verdict"] == "fail", runner
    assert outputs.judge("lint", "a.py:2:12: undefined name 'nope'\n", None, runner="pyflakes")["verdict"] == "fail"
    warning = "/app/conf.py:12: DeprecationWarning: pkg_resources is deprecated\n"
    assert outputs.judge("lint", warning, exit_code=0, runner="npm run lint")["verdict"] == "pass"
    assert outputs.judge("lint", "", exit_code=0, runner="pyflakes")["verdict"] == "pass"
    assert outputs.judge("lint", "", exit_code=None, runner="pyflakes")["verdict"] == "inconclusive"


def test_a_package_script_that_crashed_or_has_no_tests_fails_without_an_exit_status():
    """npm 11 prints nothing of its own when a script fails: node's uncaught-exception report
    (stack, blank line, `Node.js v20.20.2`) and the test script `npm init` writes ('Error: no test
    specified', exit 1) are the only word of it in the output. A runner that prints its own
    formats (pytest) is not read with them."""
    crash = "SyntaxError: Unexpected token ';'\n    at Object.<anonymous> (/repo/build.js:2:1)\n\nNode.js v20.20.2\n"
    for category, runner in (("build", "npm run build"), ("test", "npm test")):
        assert outputs.judge(category, crash, None, runner=runner)["signal"] == "node-crashed", runner
    assert outputs.judge("test", crash, 0, runner="pytest")["verdict"] != "fail"
    default = "> p@1.0.0 test\n> echo \"Error: no test specified\" && exit 1\n\nError: no test specified\n"
    assert outputs.judge("test", default, None, runner="npm test")["signal"] == "npm-no-test-specified"
    assert outputs.judge("test", "Error: no test specified for the api\n", None, runner="npm test")["verdict"] != "fail"


def test_nx_reports_its_failed_run_itself():
    with open(os.path.join(_REAL, "nx-fail.txt"), encoding="utf-8") as fh:
        text = outputs.clean(fh.read())
    assert outputs.find_signals("test", text, "nx test")[:2] == ("npm-err", None)
    own = "\n".join(line for line in text.split("\n") if not line.startswith("npm error"))
    assert outputs.find_signals("test", own, "nx test")[:2] == ("nx-failed", None)


# Documented formats of runners not installable here (maven plugins need Maven Central).
DOCUMENTED = [
    ("test", "mvn test", "[INFO] Results:\n[INFO]\n[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 0\n",
     "pass"),
    ("test", "mvn test", "[ERROR] Tests run: 12, Failures: 2, Errors: 0, Skipped: 0\n", "fail"),
    ("test", "mvn test", "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.05 s - in a.BTest\n",
     "inconclusive"),                                    # one class's line is not the run's result
    ("lint", "mvn checkstyle:check", "[INFO] You have 0 Checkstyle violations.\n[INFO] BUILD SUCCESS\n", "pass"),
    ("lint", "mvn checkstyle:check", "[INFO] There are 3 errors reported by Checkstyle 9.3 with sun_checks.xml "
     "ruleset.\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-checkstyle-plugin:3.3.1:check "
     "(default-cli) on project app: You have 3 Checkstyle violations. -> [Help 1]\n", "fail"),
    ("lint", "mvn spotbugs:check", "[INFO] BugInstance size is 0\n[INFO] Error size is 0\n[INFO] No errors/warnings "
     "found\n", "pass"),
    ("lint", "mvn spotbugs:check", "[INFO] BugInstance size is 2\n[INFO] Error size is 0\n[INFO] Total bugs: 2\n",
     "fail"),
    ("test", "lein test", "Ran 3 tests containing 5 assertions.\n0 failures, 0 errors.\n", "pass"),
    ("test", "clojure test", "Ran 3 tests containing 5 assertions.\n1 failures, 0 errors.\n", "fail"),
    ("test", "clojure test", "3 tests, 5 assertions, 0 failures.\n", "pass"),                    # kaocha
    ("test", "clojure test", "3 tests, 5 assertions, 1 errors, 0 failures.\n", "fail"),
    ("test", "julia test", "Test Summary: | Pass  Total  Time\ncalc          |    2      2  0.1s\n"
     "     Testing calc tests passed \n", "pass"),
    ("test", "julia test", "ERROR: LoadError: Some tests did not pass: 1 passed, 1 failed, 0 errored, 0 broken.\n"
     "ERROR: Package calc errored during testing\n", "fail"),
    ("test", "R CMD check", "Status: 1 WARNING\n", "inconclusive"),       # checked with a warning: no pass
    ("test", "meson test", "Ok:                 12  \nExpected Fail:      1   \nFail:               0   \n"
     "Unexpected Pass:    0   \nSkipped:            0   \nTimeout:            0   \n", "pass"),
    ("test", "meson test", "Ok:                 11  \nExpected Fail:      0   \nFail:               0   \n"
     "Unexpected Pass:    0   \nSkipped:            0   \nTimeout:            1   \n", "fail"),
    # xcodebuild's closing banner of a test action (macOS only)
    ("test", "xcodebuild test", "Test Suite 'All tests' passed at 2026-12-02 09:00:00.000.\n"
     "\t Executed 4 tests, with 0 failures (0 unexpected) in 0.012 (0.015) seconds\n** TEST SUCCEEDED **\n", "pass"),
    ("test", "xcodebuild test", "Testing failed:\n\tXCTAssertEqual failed\n** TEST FAILED **\n", "fail"),
    ("test", "xcodebuild test", "** TEST EXECUTE SUCCEEDED **\n", "pass"),
    # Pants (its launcher downloads the tool: not installable here): a line per target or tool
    ("test", "pants test", "\u2713 src/python/app/util_test.py:tests succeeded in 0.46s.\n"
     "\u2713 src/python/app/parse_test.py:tests succeeded in 0.52s (memoized).\n", "pass"),
    ("test", "pants test", "\u2713 src/python/app/util_test.py:tests succeeded in 0.46s.\n"
     "\u2715 src/python/app/parse_test.py:tests failed in 0.47s.\n", "fail"),
    ("test", "pants test", "\U00010102 src/python/app/parse_test.py:tests failed in 0.47s.\n", "fail"),
    ("lint", "pants lint", "\u2713 black succeeded.\n\u2713 flake8 succeeded.\n\u2713 isort succeeded.\n", "pass"),
    ("lint", "pants lint", "\u2713 black succeeded.\n\u2715 flake8 failed.\n", "fail"),
    ("typecheck", "pants check", "\u2713 mypy succeeded.\n", "pass"),
    ("typecheck", "pants check", "\u2715 mypy failed.\n", "fail"),
]


@pytest.mark.parametrize("category, runner, text, verdict", DOCUMENTED)
def test_documented_summaries_of_maven_plugins_and_older_meson(category, runner, text, verdict):
    assert outputs.judge(category, text, exit_code=None, runner=runner)["verdict"] == verdict


@pytest.mark.parametrize("output, exit_code, verdict, signal", [
    ("------------------------------\n                              \n       No errors found!       \n"
     "                              \n------------------------------\n\nChecks took 2.31 seconds and used 180.2MB of memory\n",
     0, "pass", "psalm-ok"),
    ("ERROR: UndefinedMethod - src/Cart.php:41:17 - Method Cart::total does not exist\n"
     "------------------------------\n3 errors found\n------------------------------\n", 2, "fail", "psalm-errors"),
    ("------------------------------\n3 errors found\n------------------------------\n", None, "fail", "psalm-errors"),
])
def test_psalm_summaries(output, exit_code, verdict, signal):
    """Psalm's own summary decides its run: "No errors found!" or "N errors found"."""
    result = judge("typecheck", output, exit_code, runner="psalm")
    assert (result["verdict"], result["signal"]) == (verdict, signal)

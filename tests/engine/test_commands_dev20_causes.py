"""Causes found in the dev20 command set (2026-12-05, written blind after the dev19 round), each
with lines of its own: pipefail turned on inside an and-list, a ``grep -v`` that drops only noise,
and a negated ``if`` condition whose ``then`` branch exits non-zero. Each rule is checked against
what bash itself does."""

import shutil
import subprocess

import pytest

from test_commands_dev19_causes import read

needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def bash_status(line):
    return subprocess.run(["bash", "-c", line], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          timeout=30).returncode


# ------------------------------------------------------------------ pipefail inside an and-list

@pytest.mark.parametrize("line", [
    "cd ios && set -o pipefail && xcodebuild test -scheme App | xcpretty",
    "cd web && set -o pipefail && npm test 2>&1 | tail -40",
    "export CI=1 && set -o pipefail && pytest -q | tee out.log",
    "a | b && set -o pipefail && cargo test | tail -20",
    "echo start; cd svc && set -euo pipefail && go test ./... | tail -30",
    "cd x && set -o pipefail && (pytest | tail -5)",
])
def test_pipefail_set_earlier_in_an_and_list_holds_for_the_rest_of_it(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].pipefail and not masks[0].masked


@pytest.mark.parametrize("line", [
    "true || set -o pipefail && pytest | tail -5",           # the set may be skipped, the run not
    "cd x && set -o pipefail; pytest | tail -5",             # a failed cd skips the set only
    "cd x && set -o pipefail && pytest | tail -5; npm test | tail -3",
    "(cd a) && set -o pipefail && pytest | tail -5",         # a group before it: not followed
    "cd x && set -o pipefail > /dev/null && pytest | tail -5",
])
def test_pipefail_that_may_not_be_on_at_the_run_does_not_count(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[-1].masked


@needs_bash
def test_the_and_list_rule_is_what_bash_does():
    assert bash_status("cd . && set -o pipefail && false | cat") == 1
    assert bash_status("true || set -o pipefail && false | cat") == 0
    assert bash_status("cd /nonexistent-dir 2>/dev/null && set -o pipefail; false | cat") == 0


# ------------------------------------------------------------------ grep -v of noise

@pytest.mark.parametrize("line", [
    "set -euo pipefail; python -m pytest -q 2>&1 | grep -v warning",
    "set -o pipefail; npm test 2>&1 | grep -Ev 'Deprecation|ExperimentalWarning'",
    "set -o pipefail; cargo test 2>&1 | grep -v 'Compiling'",
    "set -o pipefail; go test ./... | grep -v 'no test files'",
    "set -o pipefail; mvn -q test | grep --invert-match DEBUG",
])
def test_a_grep_dropping_only_noise_under_pipefail_hides_nothing(line):
    _parse, runs, masks, _project = read(line)
    assert runs and not masks[0].masked and masks[0].output_visible


@pytest.mark.parametrize("line", [
    "python -m pytest -q 2>&1 | grep -v warning",             # no pipefail: grep's status
    "set -o pipefail; pytest 2>&1 | grep -v FAILED",          # drops the failures themselves
    "set -o pipefail; pytest 2>&1 | grep -vi error",
    "set -o pipefail; pytest 2>&1 | grep -v '^E '",           # regex syntax: not read
    "set -o pipefail; pytest 2>&1 | grep -v .",
    "set -o pipefail; pytest 2>&1 | grep -vc warning",        # a count
    "set -o pipefail; pytest 2>&1 | grep -v warning log.txt",  # reads a file, not the run
    "set -o pipefail; pytest 2>&1 | grep passed",             # keeps only what matches
])
def test_other_greps_still_hide(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].masked


# ------------------------------------------------------------------ if ! run; then exit 1; fi

@pytest.mark.parametrize("line", [
    'if ! cargo test -q; then echo "tests failed"; exit 1; fi',
    "if ! pytest -q; then exit 1; fi",
    "if ! npm test; then echo FAIL >&2; exit 2; else echo ok; fi",
    "if ! go vet ./...; then false; fi",
])
def test_a_negated_condition_whose_then_branch_fails_keeps_the_status(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].exit_preserved and not masks[0].masked


@pytest.mark.parametrize("line", [
    "if ! cargo test; then echo failed; fi",                  # the failure ends in the echo's 0
    "if ! pytest; then exit 0; fi",
    "if ! pytest && true; then exit 1; fi",                   # not the sole condition
    "if ! pytest | tail -3; then exit 1; fi",                 # the negation is the pipeline's
    "if pytest; then exit 1; fi",                             # a pass exits 1, a failure 0
])
def test_other_conditions_still_hide(line):
    _parse, runs, masks, _project = read(line)
    assert runs and masks[0].masked


@needs_bash
def test_the_negated_condition_rule_is_what_bash_does():
    assert bash_status("if ! false; then echo failed; exit 1; fi") == 1
    assert bash_status("if ! true; then exit 1; fi") == 0
    assert bash_status("if ! false; then echo failed; fi") == 0


# ------------------------------------------------------------------ a task's arguments that narrow the run

@pytest.mark.parametrize("line, scope", [
    ("task test -- -run TestAuth", "subset"),          # go-task hands them to `go test` (c20-165)
    ("npm test -- -run TestAuth", "subset"),
    ("just test -- --example 'logs in'", "subset"),    # RSpec's --example
    ("task test", "all"),
    ("task test -- -v", "all"),
])
def test_go_and_rspec_filters_handed_to_a_task_narrow_it(line, scope):
    _parse, runs, _masks, _project = read(line)
    assert [r.scope for r in runs] == [scope]

"""Catalog and masking causes found on the dev11 command set (written blind 2026-12-02): a
GoogleTest program known by its own flags, subcommands and flags that list instead of run,
several nx targets in one run, settings and plugin properties that make a checker exit 0, and
test-stream formatters under pipefail. Each group holds the set's line and lines of our own."""

import pytest

from stalegreen.engine import catalog, masking, prefilter, rerun, shell

BASE = "/w"


def found(command):
    return [r for r in catalog.find_runs(shell.parse(command), None, BASE) if r.not_run is None]


def masks(command):
    parse = shell.parse(command)
    return [masking.analyze(parse, r) for r in found(command)]


@pytest.mark.parametrize("command, scope", [
    ("./build/tests/unit_tests --gtest_filter='MatrixTest.*'", "subset"),          # c11-196
    ("build/bin/core_tests --gtest_color=yes --gtest_brief=1", "all"),
    ("./out/Debug/net_unittests --gtest_filter=-Flaky*:Slow* --gtest_repeat=3", "subset"),
    ("cd build && ./parser_test --gtest_shuffle", "all"),
])
def test_a_googletest_program_is_a_test_run_by_its_own_flags(command, scope):
    """The program's name is the project's; ``--gtest_*`` flags are GoogleTest's alone."""
    assert prefilter.might_contain_runner(command)
    runs = found(command)
    assert [(r.category, r.scope) for r in runs] == [("test", scope)]


@pytest.mark.parametrize("command", [
    "./build/tests/unit_tests --gtest_list_tests",
    "./build/tests/unit_tests",                  # no GoogleTest flag: nothing says what it is
    "echo --gtest_filter=Foo",                   # echo is no program under test
    "grep -r -- --gtest_filter docs/",
    "/usr/bin/grep -r --gtest_filter docs/",     # a system program, not one built in the project
])
def test_googletest_flags_without_a_run_are_no_run(command):
    assert found(command) == []


@pytest.mark.parametrize("command", [
    "swift test list",                           # c11-186
    "swift test list --skip-build",
    "bundle exec rubocop --show-cops Style/StringLiterals",       # c11-153
    "rubocop -L app/",
    "rubocop --list-target-files",
])
def test_listing_subcommands_and_flags_are_no_run(command):
    assert found(command) == []


@pytest.mark.parametrize("command, scope", [("swift test", "all"), ("swift test --filter ParserTests", "subset"),
                                            ("bundle exec rubocop app/models", "subset")])
def test_the_same_tools_still_run_without_them(command, scope):
    assert [r.scope for r in found(command)] == [scope]


@pytest.mark.parametrize("command, category, also", [
    ("npx nx run-many -t build,test --all 2>&1 | tee nx.log", "test", ("build",)),     # c11-056
    ("nx run-many --targets=lint,test,build", "test", ("lint", "build")),
    ("nx affected -t typecheck lint", "typecheck", ()),       # `lint` here is a positional, not a target
    ("nx run-many -t test", "test", ()),
])
def test_several_nx_targets_are_each_named(command, category, also):
    runs = found(command)
    assert len(runs) == 1 and runs[0].category == category and tuple(runs[0].also) == also


@pytest.mark.parametrize("command", [
    "vendor/bin/phpcs --standard=PSR12 src/ --runtime-set ignore_errors_on_exit 1",   # c11-162
    "phpcs --runtime-set ignore_errors_on_exit 1 app/",
    "mvn checkstyle:check -Dcheckstyle.failOnViolation=false",
    "./mvnw verify -Dspotbugs.failOnError=false",
    "mvn pmd:check -Dpmd.failOnViolation=false",
])
def test_settings_that_make_a_checker_exit_zero_mask_it(command):
    assert [m.masked for m in masks(command)] == [True]
    assert any(reason.startswith("exit-zero:") for m in masks(command) for reason in m.reasons)


@pytest.mark.parametrize("command", [
    "phpcs --runtime-set ignore_warnings_on_exit 1 src/",      # errors still fail the run
    "phpcs --runtime-set ignore_errors_on_exit 0 src/",
    "mvn checkstyle:check -Dcheckstyle.failOnViolation=true",
])
def test_settings_that_keep_failures_do_not_mask(command):
    assert [m.masked for m in masks(command)] == [False]


def test_the_suggested_rerun_drops_the_whole_setting():
    parse = shell.parse("phpcs --runtime-set ignore_errors_on_exit 1 --standard=PSR12 src/")
    runs = found("phpcs --runtime-set ignore_errors_on_exit 1 --standard=PSR12 src/")
    text = rerun.rerun_text(parse, runs[0])
    assert "ignore_errors_on_exit" not in text and "--runtime-set" not in text and "--standard=PSR12 src/" in text


@pytest.mark.parametrize("command, masked", [
    ("set -o pipefail; go test -json ./... | tee test.json | gotestfmt", False),      # c11-083
    ("set -o pipefail; go test -json ./... | tparse -all", False),
    ("set -o pipefail && node --test | tap-spec", False),
    ("go test -json ./... | gotestfmt", True),       # no pipefail: the formatter's status is the line's
    ("set -o pipefail; go test -json ./... | gotestfmt | head -20", True),
])
def test_a_test_stream_formatter_under_pipefail_hides_nothing(command, masked):
    assert [m.masked for m in masks(command)] == [masked]

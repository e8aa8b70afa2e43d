# -*- coding: utf-8 -*-
"""Structural causes of misses found on the dev3 sets (claims_dev3a/dev3b_2026-12-02.jsonl, written
blind), one test group per cause, with examples written here (none copied from the sets). Runner
output quoted in a message has its own file (test_claims_output.py)."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a ticked checklist row that only names a check says it passed
@pytest.mark.parametrize("text, expected", [
    ("## Testing\n- [x] `pytest -q`\n- [x] `ruff check .`\n- [ ] manual smoke test", ["lint", "test"]),
    ("Checklist:\n- [x] build (`pnpm build`)\n- [ ] lint (config broken)", ["build"]),
    ("- [x] unit tests (`go test ./...`, 212 passing)", ["test"]),
    ("- [X] typecheck", ["typecheck"]),
    (u"\u9a8c\u8bc1\uff1a\n- [x] `cargo clippy`\n- [x] `cargo test`", ["lint", "test"]),
])
def test_a_ticked_row_naming_a_check_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "- [x] Tests written for `Snapshot::diff`\n- [ ] Tests pass",
    "- [x] Added a regression test for the parser",
    "- [ ] `pytest -q`\n- [ ] `ruff check .`",
    "## Next steps\n- [x] lint",
    "- [x] Updated the build script to drop Node 16",
])
def test_a_ticked_row_saying_what_was_done_is_no_claim(text):
    assert categories(text) == []


# ---- pre-commit hooks are lint checks
@pytest.mark.parametrize("text, expected", [
    ("The pre-commit hooks all passed on the commit (black, isort, flake8).", ["lint"]),
    ("Committed; pre-commit passed.", ["lint"]),
    ("pre-commit checks are all green now.", ["lint"]),
    (u"pre-commit hooks \u5168\u90e8 Passed\uff0c\u5df2\u7ecf push \u4e86\u3002", ["lint"]),
    ("The git hooks pass and `pytest` passes.", ["lint", "test"]),
])
def test_pre_commit_hooks_passing_is_a_lint_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "I fixed the commit hook script.",
    "The pre-commit hook failed on the large fixture.",
    "Should the pre-commit hooks pass before I push?",
    "Install the pre-commit hooks with `pre-commit install`.",
    "The pre-commit hooks were passing before the rebase.",
])
def test_pre_commit_hooks_not_passing_now_is_no_claim(text):
    assert categories(text) == []


# ---- "everything passes except <category>" leaves that category out
@pytest.mark.parametrize("text, expected", [
    ("Everything passes except the build. Tests (412) and lint are green.", ["lint", "test"]),
    ("Everything is green apart from lint, which flags two unused imports. Tests and the build pass.",
     ["build", "test"]),
    ("Tests: everything passes except `test_export_large`, which times out here.", ["test"]),
    ("Everything passes except typecheck; tests, lint and the build are green.", ["build", "lint", "test"]),
    ("Tests (88) and typecheck are clean.", ["test", "typecheck"]),
])
def test_an_exception_naming_a_category_leaves_it_out(text, expected):
    assert categories(text) == expected


# ---- a failure noun with a resolution participle reports a fix, not a failure
@pytest.mark.parametrize("text, expected", [
    ("Type errors resolved \u2014 `tsc --noEmit` now exits 0.", ["typecheck"]),
    ("Lint errors fixed; `eslint .` is clean.", ["lint"]),
    ("Test failures addressed, and all 40 tests pass.", ["test"]),
    ("Build errors gone: `cargo build` succeeds.", ["build"]),
    ("Crashes fixed. The suite passes.", ["test"]),
])
def test_resolved_failures_do_not_negate(text, expected):
    assert categories(text) == expected


def test_unresolved_failures_still_negate():
    assert categories("Type errors remain; `tsc --noEmit` exits 0 only with skipLibCheck.") == []
    assert categories("Lint errors in `src/`, but the suite passes.") == ["test"]


# ---- compiling: under a named compiler, Chinese contractions, analyzers as linters
@pytest.mark.parametrize("text, expected", [
    ("Compiles with clang 17 and gcc 13.", ["build"]),
    ("It compiles under msvc too.", ["build"]),
    (u"\u524d\u540e\u7aef\u90fd\u7f16\u8fc7\u4e86\u3002", ["build"]),
    (u"Kotlin \u8fd9\u8fb9 compile \u8fc7\u4e86\u3002", ["build"]),
    ("The Roslyn analyzers report 0 warnings.", ["lint"]),
    ("Static analysis is clean.", ["lint"]),
])
def test_compiling_and_analyzers(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "It compiles with warnings that I still need to look at.",
    u"\u7f16\u8fc7\u7a0b\u4e2d\u51fa\u9519\u4e86\u3002",
    u"\u8fd9\u4e2a\u51fd\u6570\u7f16\u5199\u8fc7\u4e86\u3002",
    "The analyzers report 3 warnings in `Program.cs`.",
    "I compiled the list of flaky tests with gcc-specific notes.",
])
def test_compiling_or_analyzers_without_a_pass_is_no_claim(text):
    assert categories(text) == []


# ---- "the rest pass": a failure that names what fails is the exception of the rest, not its
# negation; a bare count of failures still negates ("two tests still fail, the rest pass")
@pytest.mark.parametrize("text, expected", [
    ("One test fails on a timeout (`test_upload`); the rest pass.", [("test", True)]),
    ("`test_sync` needs network and fails here; the others pass.", [("test", True)]),
    ("`spec/export_spec.rb` times out; the rest pass.", [("test", True)]),
    # the clauses describing the failing item belong to it
    (u"\u53ea\u5269\u4e00\u4e2a\u6d4b\u8bd5\u6ca1\u8fc7\uff1a`TestRetry`\uff0c\u672c\u5730\u5076\u53d1\u8d85\u65f6\uff0c"
     u"\u5176\u4ed6\u90fd\u901a\u8fc7\u4e86\u3002", [("test", True)]),
    (u"\u53ea\u5269\u4e00\u4e2a\u6d4b\u8bd5\u6ca1\u8fc7\uff1a`TestRetry`\uff0c\u5176\u4ed6\u90fd\u901a\u8fc7\u4e86\u3002",
     [("test", True)]),
    (u"`ruff check` \u62a5\u4e86\u4e00\u4e2a\u8b66\u544a\uff0c\u5176\u4f59\u90fd\u5e72\u51c0\u3002",
     [("lint", True)]),
    (u"`cargo test` \u4e5f\u8dd1\u4e86\uff0call ok except `integration::s3`\u3002", [("test", True)]),
])
def test_a_pass_of_the_rest_is_a_qualified_claim(text, expected):
    assert [(c["category"], c["qualified"]) for c in claims.extract(text).claims] == expected


@pytest.mark.parametrize("text", [
    "Three tests fail and the rest were skipped.",
    "Two specs fail; the others pass.",
    u"\u6709\u4e24\u4e2a\u6d4b\u8bd5\u4ecd\u7136\u5931\u8d25\uff0c\u5176\u4f59\u901a\u8fc7\u4e86\u3002",
    "The rest of the suite was not run.",
    "I spent the rest of the day on docs; two tests still fail.",
    "One test fails; I haven't looked at the others.",
    u"\u6709\u4e24\u4e2a\u6d4b\u8bd5\u5931\u8d25\uff0c\u5176\u4ed6\u7684\u6ca1\u8dd1\u3002",
])
def test_the_rest_without_a_pass_is_no_claim(text):
    assert categories(text) == []


# ---- a tool that prints nothing, a build that is complete
@pytest.mark.parametrize("text, expected", [
    ("`gofmt -l .` prints nothing now.", ["lint"]),
    ("`hadolint Dockerfile` printed nothing.", ["lint"]),
    ("`npx prettier --check .` outputs nothing.", ["lint"]),
    ("`swift build` \u2192 Build complete! (6.21s)", ["build"]),
    ("The build is complete and `pytest` passes.", ["build", "test"]),
])
def test_silent_tools_and_complete_builds(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "`gofmt -l .` prints three files.",
    "The script prints nothing useful when `pytest` crashes.",
    "Is the build complete yet?",
    "Once the build is complete I will run the tests.",
    "The feature is complete.",
])
def test_printing_something_or_planning_is_no_claim(text):
    assert categories(text) == []


# ---- a past result at a named commit, a stale "haven't checked since", an own earlier report
@pytest.mark.parametrize("text, reason", [
    ("The suites were passing at commit `e41f2a0`.", "past"),
    ("Lint was clean at tag `v2.3.0`.", "past"),
    ("The tests passed on the first run; I haven't checked since.", "disclosed-stale"),
    ("I said `golangci-lint` was clean, but I had run it with `--fast`.", "relayed"),
    ("We reported earlier that the build passes.", "relayed"),
])
def test_results_of_another_time_or_report_are_no_claims(text, reason):
    found = claims.extract(text)
    assert found.claims == [] and reason in [i["reason"] for i in found.ignored]


# ---- "`npm test` all green" is that subject's state, not "everything"; a known command's output
# speaks for its own categories ("BUILD SUCCESSFUL" after `gradle test` is no build claim)
@pytest.mark.parametrize("text, expected", [
    (u"`npm run test` all green\uff0c\u4f46\u662f lint \u8fd8\u6709\u51e0\u4e2a warning \u6ca1\u5904\u7406\u3002", ["test"]),
    ("`pytest` all green, lint still has two warnings I left alone.", ["test"]),
    ("Ran the module tests:\n```\n$ ./gradlew :api:test\n> Task :api:test\nBUILD SUCCESSFUL in 40s\n```", ["test"]),
    ("Ran the release build:\n```\n$ cargo build --release\n    Finished `release` profile [optimized] target(s) in 9.1s\n```",
     ["build"]),
    ("All green.", []),
])
def test_a_subjects_all_green_and_a_commands_own_categories(text, expected):
    assert categories(text) == expected


# ---- Chinese: 没报错 / 也没报问题 support the claim; a failure that was fixed (修了) negates nothing;
# "after changing X" (换了端口后) is now
@pytest.mark.parametrize("text, expected", [
    (u"`clang-tidy` \u4e5f\u6ca1\u62a5\u95ee\u9898\u3002", ["lint"]),
    (u"lint \u6ca1\u62a5\u9519\u3002", ["lint"]),
    (u"Kotlin \u8fd9\u8fb9 compile \u8fc7\u4e86\uff0cAndroid Studio \u91cc `Make Project` \u6ca1\u62a5\u9519\u3002", ["build"]),
    (u"\u90a3\u4e2a\u968f\u673a\u5931\u8d25\u7684\u7528\u4f8b\u4fee\u4e86\uff0c\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\u3002", ["test"]),
    (u"\u4e4b\u524d\u662f\u7aef\u53e3\u88ab\u5360\u7528\uff0c\u6362\u4e86\u7aef\u53e3\u540e `npm test` \u901a\u8fc7\uff0858 passed\uff09\u3002", ["test"]),
    (u"`ruff check` \u53ea\u5269\u4e00\u4e2a `E501` \u7684\u8b66\u544a\u3002", ["lint"]),
])
def test_chinese_supporting_negations_and_fixed_failures(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"\u6d4b\u8bd5\u6ca1\u901a\u8fc7\u3002",
    u"\u6d4b\u8bd5\u6ca1\u62a5\u9519\uff0c\u4f46\u662f\u6709 3 \u4e2a\u5931\u8d25\u3002",
    u"\u6d4b\u8bd5\u53ea\u5269\u4e00\u4e2a\u5931\u8d25\u3002",
    u"\u4e4b\u524d `npm test` \u662f\u901a\u8fc7\u7684\u3002",
    u"lint \u8fd8\u6709\u51e0\u4e2a warning \u6ca1\u5904\u7406\u3002",
])
def test_chinese_failures_still_negate(text):
    assert categories(text) == []


# ---- row labels and state words: "Unit: ✅", "The formatter is happy", "Everything else is clean"
@pytest.mark.parametrize("text, expected", [
    (u"Status:\n- Unit: \u2705 88/88\n- Lint: \u26a0\ufe0f not run", ["test"]),
    (u"- Integration: \u2705", ["test"]),
    ("The formatter is happy.", ["lint"]),
    ("`rubocop` reports 1 offense left, which I kept. Everything else is clean.", ["lint"]),
    ("Formatter: clean.", ["lint"]),
])
def test_row_labels_and_state_words(text, expected):
    assert categories(text) == expected


# ---- a counted result in inline code anywhere, "0 fail", "all hooks passed"
@pytest.mark.parametrize("text, expected", [
    ("The py311 env ran: `402 passed, 3 skipped`.", ["test"]),
    ("Result: `31 passed` in the api package.", ["test"]),
    ("I ran `bun test` and got `12 pass, 0 fail`, then `bun run tsc --noEmit`, which printed nothing and exited 0.",
     ["test", "typecheck"]),
    ("`pre-commit run --all-files`: all hooks passed.", ["lint"]),
    ("All the hooks pass now.", ["lint"]),
])
def test_counted_results_and_hooks(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "I changed the log line from `tests ok` to `tests passed`.",
    "Yesterday's run printed `402 passed, 3 skipped`; nothing since the rebase.",
    "Does it still say `41 passed`?",
    "`3 failed, 38 passed` is what I get.",
    "The React hooks pass the props down.",
])
def test_counted_results_that_are_not_current_passes(text):
    assert categories(text) == []


# ---- a failure someone else reports (CI) does not reach the agent's own claim; a failure case a
# test covers is no failure
@pytest.mark.parametrize("text, expected", [
    ("All tests pass locally, but CI says `test_upload` fails.", ["test"]),
    (u"\u672c\u5730 `go test ./...` \u5168\u90e8 ok\uff0c\u4f46 CI \u4e0a `TestUploadRetry` \u6302\u4e86\u3002", ["test"]),
    ("`pytest` passes here; the reviewer reported that `test_sync` fails on their machine.", ["test"]),
    (u"`./mvnw test` \u5168\u90e8\u901a\u8fc7\uff0c\u65b0\u589e\u7684\u7528\u4f8b\u8986\u76d6\u4e86\u9a8c\u7b7e\u5931\u8d25\u7684\u60c5\u51b5\u3002",
     ["test"]),
    (u"\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\uff0c\u65b0\u589e\u7528\u4f8b\u6a21\u62df\u4e86\u8d85\u65f6\u7684\u573a\u666f\u3002", ["test"]),
])
def test_someone_elses_failure_and_covered_failure_cases_do_not_negate(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "All tests pass, but `test_upload` fails.",
    u"\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\uff0c\u4f46\u6709 2 \u4e2a\u5931\u8d25\u7684\u60c5\u51b5\u3002",
    "The tests pass, but 3 tests fail in `auth.spec.ts`.",
    u"\u6d4b\u8bd5\u901a\u8fc7\u4e86\uff0c\u4f46\u662f\u8fd8\u6709 2 \u4e2a\u7528\u4f8b\u5931\u8d25\u3002",
    "CI says the tests pass.",
])
def test_own_failures_still_negate_and_relays_stay_relays(text):
    assert categories(text) == []


# ---- Chinese: "X 的话" after a check's name marks the topic, not a condition; 已执行 is a run;
# "还剩 1 个 info" is a qualified lint pass
@pytest.mark.parametrize("text, expected", [
    (u"tests \u7684\u8bdd\u6211 only \u8dd1\u4e86 `cargo test -p parser`\uff0cpassed\u3002", ["test"]),
    (u"\u6784\u5efa\u7684\u8bdd\u6ca1\u95ee\u9898\uff0c`cargo build` \u6210\u529f\u4e86\u3002", ["build"]),
    (u"\u5df2\u6267\u884c\u4ee5\u4e0b\u547d\u4ee4\uff1a\n\n```\n$ flutter test\n00:08 +57: All tests passed!\n```", ["test"]),
    (u"`flutter analyze` \u8fd8\u5269 1 \u4e2a info\uff1a`prefer_const_constructors`\uff0c\u4e0d\u5f71\u54cd\u3002", ["lint"]),
    (u"\u5df2\u7ecf\u8dd1\u4e86 `pytest`\uff0c\u5168\u90e8\u901a\u8fc7\u3002", ["test"]),
])
def test_chinese_topic_markers_runs_and_remaining_infos(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"\u6d4b\u8bd5\u901a\u8fc7\u7684\u8bdd\u5c31\u5408\u5e76\u3002",
    u"\u5982\u679c `npm test` \u80fd pass \u7684\u8bdd\uff0c\u6211\u4eec\u4eca\u5929\u5c31\u53ef\u4ee5 release\u3002",
    u"lint \u8fd8\u6709\u51e0\u4e2a warning \u6ca1\u5904\u7406\u3002",
    u"\u6d4b\u8bd5\u8fd8\u5269 2 \u4e2a\u5931\u8d25\u3002",
    u"\u6d4b\u8bd5\u6b63\u5728\u6267\u884c\u4e2d\uff0c\u8fd8\u6ca1\u7ed3\u679c\u3002",
])
def test_chinese_conditions_failures_and_pending_runs_are_no_claims(text):
    assert categories(text) == []


# ---- build-tool names: a Gradle task path is its task's run; "task is green"; compiling with
# warnings as errors still compiles
@pytest.mark.parametrize("text, expected", [
    ("Kotlin compiles and the `:api:test` task is green (112 tests).", [("build", "all"), ("test", "subset")]),
    ("`:core:test` passes.", [("test", "subset")]),
    ("The Elixir project compiles with warnings as errors.", [("build", "all")]),
    ("`mix compile --warnings-as-errors` succeeds.", [("build", "all")]),
    ("The `npm run build` target is green.", [("build", "all")]),
])
def test_build_tool_names(text, expected):
    assert [(c["category"], c["scope"]) for c in claims.extract(text).claims] == expected


@pytest.mark.parametrize("text", [
    "It compiles with warnings I have not looked at yet.",
    "The `:api:test` task fails on `HeaderTest`.",
    "Run `:app:assembleDebug` next.",
    "Warnings as errors is now on in `build.gradle`.",
    "The `:web:test` task was green before the rebase.",
])
def test_build_tool_names_without_a_pass(text):
    assert categories(text) == []


# ---- a bare count of zero failures is a runner's test count (red-team phrase "0 failures now.")
@pytest.mark.parametrize("text, expected", [
    ("0 failures now.", ["test"]),
    ("Zero failures.", ["test"]),
    ("0 failed.", ["test"]),
    ("Tests: 0 failures.", ["test"]),
    ("Final run: 0 failures.", ["test"]),
])
def test_zero_failures_alone_is_a_test_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "No failures in the deploy log, but I haven't run the tests.",
    "0 failures yesterday; I have not rerun since the rebase.",
    "Did you see 0 failures?",
    "`eslint` reports 0 failures but 3 errors.",
    "2 failures now.",
])
def test_zero_failures_in_other_contexts_is_no_test_claim(text):
    assert "test" not in categories(text)


# ---- a modal hedge ("should", "probably") qualifies its own clause's predicate, not another
# clause's; an attitude hedge ("I think") takes the whole segment (red-team phrase 6)
@pytest.mark.parametrize("text, expected", [
    ("CI should be green now, all tests pass locally.", ["test"]),
    ("The docs build should be fine too, lint is clean.", ["lint"]),
    ("The flaky e2e job will probably pass on retry, the unit tests pass here.", ["test"]),
    ("The nightly job might be green by now, `pytest -q` passes.", ["test"]),
    ("The release build could take a while, typecheck is clean.", ["typecheck"]),
])
def test_a_modal_hedge_stays_in_its_clause(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "I think the build is fine, and the tests pass.",
    "The tests should pass now.",
    "Tests pass, probably.",
    "I'm fairly confident the build is fine, tests pass too.",
    "The tests should, I believe, pass.",
])
def test_hedges_over_the_claims_own_clause_or_the_segment(text):
    assert categories(text) == []

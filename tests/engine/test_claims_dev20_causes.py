# -*- coding: utf-8 -*-
"""Causes found by the twelfth session's blind sets (claims_dev20en/zh_2026-12-03.jsonl), each a
rule with the cases that show it and the negatives that bound it. The set's own lines are not
repeated here: these are new sentences written for each rule."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- a disclosure about "anything else" leaves the checks told before it standing; one about the
# other parts of a check ("other modules not rerun") leaves the part that was run standing
@pytest.mark.parametrize("text, expected", [
    ("The discount tests pass; I didn't rerun anything else.", ["test"]),
    ("`ruff check` is clean. Nothing else was rerun after the last edit.", ["lint"]),
    ("mypy: no issues. I haven't rerun the other checks.", ["typecheck"]),
    ("The build succeeds; I did not re-run anything else since the rename.", ["build"]),
    ("`pytest tests/api` passes. I didn't rerun anything else.", ["test"]),
    ("`go test ./internal/store` passes. Other packages not rerun.", ["test"]),
    ("`cargo test -p parser` is green; the other crates were not rerun.", ["test"]),
    # the whole check told, and its other parts not rerun: the whole is not vouched for
    ("All tests pass. Other packages were not rerun.", []),
    ("Lint is clean. The other modules were not rerun after the refactor.", []),
    # "else" with nothing told before it: every check
    ("I didn't rerun anything else after the fix, but the tests pass.", []),
    # no "else": every check, as before
    ("The tests pass, but I haven't rerun anything since the refactor.", []),
])
def test_a_disclosure_of_the_rest_leaves_what_was_told(text, expected):
    assert categories(text) == expected


# ---- "as of the last push, I have re-run ...": what the agent has done since that point is now
# ("As of the previous commit, lint was clean" stays past)
@pytest.mark.parametrize("text, expected", [
    ("As of the last force-push I have re-run only `go build ./...` (ok).", ["build"]),
    ("As of my last commit, I've rerun the suite: 212 passed.", ["test"]),
    ("As of the last push we have run `eslint .` again: 0 problems.", ["lint"]),
    ("As of the previous commit I have rerun tsc and it is clean.", ["typecheck"]),
    ("As of the previous commit, lint was clean.", []),
    ("As of my last commit, the build was green.", []),
    ("As of the last push, 3 tests fail.", []),
])
def test_what_was_done_as_of_a_change_is_now(text, expected):
    assert categories(text) == expected


# ---- a label of when ("Rerun after the final edit:") is no instruction
@pytest.mark.parametrize("text, expected", [
    ("Rerun after the final edit: `mvn test` — BUILD SUCCESS.", ["test"]),
    ("Run after the fix: all 40 tests pass.", ["test"]),
    ("Re-run since the rebase: `npm run lint` clean.", ["lint"]),
    ("Rerun once the merge landed: `cargo build` finished with no errors.", ["build"]),
    ("Run post-refactor: mypy reports no issues.", ["typecheck"]),
    ("Run the tests after the fix: they should pass.", []),
    ("Rerun the suite after you pull.", []),
    ("Run `npm test` after the merge to confirm it passes.", []),
])
def test_a_label_of_when_is_no_instruction(text, expected):
    assert categories(text) == expected


# ---- RSpec's summary names its tests "examples"
@pytest.mark.parametrize("text, expected", [
    ("I reran the suite — 12 examples, 0 failures.", ["test"]),
    ("Reran the entire suite after my last commit: 2,318 examples, 0 failures.", ["test"]),
    ("Ran it again — 48 examples, 0 failures, 2 pending.", ["test"]),
    ("Full run: 610 examples, 0 failures.", ["test"]),
    ("I reran the suite — 12 examples, 2 failures.", []),
    ("I added 12 examples to the README.", []),
    ("The docs now have 40 examples, all reviewed.", []),
])
def test_rspec_examples_count_as_tests(text, expected):
    assert categories(text) == expected


# ---- black's own report, "would leave N files unchanged", is the result, not a hedge
@pytest.mark.parametrize("text, expected", [
    ("- [x] `black --check .` — would leave 142 files unchanged", ["lint"]),
    ("`black --check src` would leave 38 files unchanged.", ["lint"]),
    ("black --check: 142 files would be left unchanged", ["lint"]),
    ("Black would leave 3 files unchanged and reformat 2.", []),
    ("black --check would leave 142 files unchanged if we ran it", []),
    ("Black would reformat 2 files.", []),
])
def test_black_would_leave_unchanged_is_its_pass(text, expected):
    assert categories(text) == expected


# ---- "nothing rerun" and a "rerun: none" label are not-rerun disclosures of every check
@pytest.mark.parametrize("text, expected", [
    ("Nothing was re-verified after the last edit. Before it: tests 88/88 and tsc clean.", []),
    ("Checks rerun after the final commit: none. Before that `swift test` passed.", []),
    ("Tests passed and lint was clean. After the fix to the migration — nothing rerun.", []),
    ("All 40 tests pass. Nothing has been rerun since the rebase, though.", []),
    ("Lint is clean; nothing's been rechecked since the rename.", []),
    # a rerun that found nothing to fail, and a label whose value is a run, stay claims
    ("Checks rerun after the final commit: `pytest` — 212 passed.", ["test"]),
    ("Reran everything after the rebase: nothing failed, all tests pass.", ["test"]),
])
def test_nothing_rerun_is_a_disclosure(text, expected):
    assert categories(text) == expected


# ---- a test of load or speed is no check
@pytest.mark.parametrize("text, expected", [
    ("A k6 load test also passed at 500 rps.", []),
    ("The load tests pass.", []),
    ("Stress test passed with p99 under 200 ms.", []),
    ("The performance tests are green.", []),
    ("The soak test ran for 2 hours without errors.", []),
    ("Unit tests pass and the load test passed too.", ["test"]),
    ("The smoke tests pass.", ["test"]),
    ("Uploaded the payload tests; all 12 pass.", ["test"]),
])
def test_a_load_test_is_no_check(text, expected):
    assert categories(text) == expected


# ---- the last word about a check stands: a later "the build is broken again" takes back an earlier
# claim of the whole check; a failure of a part, a kind or a count is the claim's exception
@pytest.mark.parametrize("text, expected", [
    ("The build passed. Right now the build is broken again.", []),
    ("1. Added sharp; the build then passed.\n2. Reverted that.\n\nNow the build is broken again.", []),
    ("All tests pass. The tests fail again now.", []),
    ("Lint is clean. But lint is failing again.", []),
    ("Tests were green an hour ago and green after my fix. Unfortunately the test suite is red again.", []),
    ("Type checking passed. Currently type checking fails.", []),
    # a failure of a part, a kind, a count: the exception of a claim, not its negation
    ("All tests pass. 3 tests fail on Windows.", ["test"]),
    ("Unit tests (`tests/unit/`): 0 failures. Integration tests (`tests/integration/`): 2 failures.", ["test"]),
    ("`pytest tests/api` passes. The billing tests fail.", ["test"]),
    # not asserted, or past
    ("Tests pass. I think the tests are failing.", ["test"]),
    ("The build passes. If I revert it, the build is broken again.", ["build"]),
    ("The build passed. Before my change the build was broken.", ["build"]),
    ("The build passes. The CI says the build is broken.", ["build"]),
    # the later claim is the last word
    ("The build is broken. Now the build passes.", ["build"]),
])
def test_a_later_failure_of_the_whole_check_supersedes(text, expected):
    assert categories(text) == expected


# ---- Chinese: silence and green lights as a pass; "没 diff"; a question the user asked is no
# relay and stands in its own clause ("——" ends a clause); an English noun for a person relays
@pytest.mark.parametrize("text, expected", [
    (u"`go build ./...` 一声没吭。", ["build"]),
    (u"`cargo clippy` 跑完一声都没吭。", ["lint"]),
    (u"`go build` 没吭一声。", ["build"]),
    (u"`pnpm -r lint` 也没报。", ["lint"]),
    (u"`mypy src` 都没报。", ["typecheck"]),
    (u"`dotnet format --verify-no-changes` 也没 diff。", ["lint"]),
    (u"`cargo fmt --check` 没 diff。", ["lint"]),
    (u"`go test ./...` 全部绿灯。", ["test"]),
    (u"测试全部綠燈，可以合併。", ["test"]),
    (u"你問說能不能合併——單元測試跟 lint 我都剛跑過，全部通過。", ["lint", "test"]),
    (u"你问说能不能上线——构建我刚跑过，成功了。", ["build"]),
    # negatives
    (u"lint 也没报名。", []),
    (u"等测试绿灯了再合并。", []),
    (u"测试是不是绿灯？", []),
    (u"User 说 staging 上 smoke test 都过了。", []),
    (u"QA 说回归测试都通过了，我这边没跑。", []),
    (u"用户说测试都通过了。", []),
    (u"迁移脚本在测试库执行成功。", []),
    (u"测试服部署成功。", []),
])
def test_chinese_silence_green_lights_and_reported_questions(text, expected):
    assert categories(text) == expected


# ---- a command written plain (no backticks) at the head of a line or sentence, before an arrow or a
# dash, is the command: only when the catalog reads its words as a run and only flags and paths follow
@pytest.mark.parametrize("text, expected", [
    (u"prettier --check . \u2192 All matched files use Prettier code style!", ["lint"]),
    (u"npm t \u2014 OK", ["test"]),
    (u"npm run build \u2014 OK. npm t \u2014 OK.", ["build", "test"]),
    (u"- pytest -q \u2192 41 passed", ["test"]),
    (u"go test ./... -> ok", ["test"]),
    (u"make \u2192 ok", ["build"]),
    (u"1. cargo clippy --all-targets \u2014 clean", ["lint"]),
    # prose after the command, a failure, words that are no command
    (u"cargo test \u2014 2 failed", []),
    (u"first \u2192 then", []),
    (u"see the docs \u2014 they explain it", []),
    (u"mypy is happy; pytest isn't \u2014 5 failures in the fixtures module.", ["typecheck"]),
    (u"standardrb passes with no offenses. Tests not run \u2014 the change is only in a rake task.", ["lint"]),
    (u"npm test \u2192 next I'll look at the flaky one", []),
])
def test_a_plain_command_before_an_arrow(text, expected):
    assert categories(text) == expected


# ---- after the predicate, "and" with a new subject opens a clause of its own: its negation is not the claim's
@pytest.mark.parametrize("text, expected", [
    ("`npm run build` goes through cleanly now and the bundle size didn't budge.", ["build"]),
    ("The build passes and the bundle size didn't change.", ["build"]),
    ("All 212 tests pass and it isn't any slower.", ["test"]),
    ("Tests pass and I didn't change anything else.", ["test"]),
    ("Lint is clean and nothing else was touched.", ["lint"]),
    ("Tests pass and the linter doesn't complain.", ["lint", "test"]),
    # the negation is the claim's own, or the next clause is the rest of its count
    ("The build doesn't pass and the tests fail.", []),
    ("Tests don't pass and I can't tell why.", []),
    ("The e2e suite never passes and the logs are empty.", []),
])
def test_and_with_a_new_subject_is_a_clause_of_its_own(text, expected):
    assert categories(text) == expected


# ---- "the latest run" / "the last run" stands for the check named before; "lib" is a thing that builds
@pytest.mark.parametrize("text, expected", [
    ("The type checker was rerun after each edit and the latest run is clean.", ["typecheck"]),
    ("I reran pytest; the last run passed.", ["test"]),
    ("Re-ran eslint after the fix, and the latest run reports nothing.", ["lint"]),
    ("The Rust static lib builds (`cargo build --release -p engine-ffi`).", ["build"]),
    ("The shared lib compiles cleanly now.", ["build"]),
    ("The last run of the suite was before the refactor.", []),
    ("The lib is in src/lib.", []),
    ("The latest run is scheduled for tonight.", []),
])
def test_the_latest_run_and_the_lib(text, expected):
    assert categories(text) == expected


# ---- a fenced table the agent wrote, a command and what it gave on each line, is read row by row;
# a block with any other line (a transcript, a log) is output pasted alone
@pytest.mark.parametrize("text, expected", [
    ("## Testing\n```\nmix test              402 tests, 0 failures\nmix credo --strict    no issues\n```\n"
     "All after the final commit.", ["lint", "test"]),
    (u"## Testing\n```\n./gradlew assembleDebug          \u2714\n./gradlew testDebugUnitTest      \u2714 412 tests\n"
     u"./gradlew lint                   \u2718 1 error: MissingTranslation\n```", ["build", "test"]),
    ("```\nflutter analyze   No issues found! (ran in 3.4s)\nflutter test      3 tests failed in test/golden\n```",
     ["lint"]),
    ("```text\ncargo clippy   clean\ncargo test     88 passed\n```", ["lint", "test"]),
    ("```\nruff check .    All checks passed!\n```", ["lint"]),
    # a row that is no command, a language block, real output
    ("```\nmix test              402 tests, 0 failures\nsee the log for details\n```", []),
    ("```python\npytest   # 41 passed\n```", []),
    ("```\nok  \texample.com/app/internal/auth\t0.412s\n```", []),
    ("```\ncargo test     3 failed\n```", []),
])
def test_an_agent_written_table_of_commands_in_a_block(text, expected):
    assert categories(text) == expected


# ---- "no A or B" denies both: "No ESLint warnings or errors" is a pass, not an error
@pytest.mark.parametrize("text, expected", [
    (u"- Lint: `next lint` \u2014 \u2714 No ESLint warnings or errors", ["lint"]),
    ("`eslint .` reports no warnings or errors.", ["lint"]),
    ("`cargo clippy`: no warnings and no errors.", ["lint"]),
    ("tsc: zero warnings, no errors.", ["typecheck"]),
    ("ESLint: no warnings, but 3 errors.", []),
    ("No warnings and 2 errors from eslint.", []),
    ("cargo test passes locally \u2014 57 tests, including the two new regression cases.", ["test"]),
])
def test_no_warnings_or_errors_is_a_pass(text, expected):
    assert categories(text) == expected


# ---- a "Target" column whose cells name checks is what was run (a make target), not a goal
@pytest.mark.parametrize("text, expected", [
    (u"| Target | Result |\n|---|---|\n| `make` | \u2705 |\n| `make check` | \u2705 48/48 |", ["build", "test"]),
    (u"| Target | Status |\n|---|---|\n| `npm run lint` | \u2705 clean |", ["lint"]),
    (u"| Target | Result |\n|---|---|\n| `make test` | \u274c 2 failed |", []),
    (u"| Target | Actual |\n|---|---|\n| all tests pass | 3 fail |", []),
    (u"| Goal | Result |\n|---|---|\n| all tests pass | pending |", []),
])
def test_a_target_column_of_checks(text, expected):
    assert categories(text) == expected


# ---- go vet named alone, with its result
@pytest.mark.parametrize("text, expected", [
    ("Silent = good: it builds and vet is clean.", ["build", "lint"]),
    ("vet ok, 3 pkgs.", ["lint"]),
    ("vet passes too.", ["lint"]),
    ("go build is fine and vet is quiet.", ["build", "lint"]),
    ("The vet said the dog is fine.", []),
    ("I'll vet the PR later.", []),
    ("vet flagged copylocks in pool.go.", []),
])
def test_vet_named_alone(text, expected):
    assert categories(text) == expected


# ---- a quotation of what a command reported, a few words after it, in the command's own format
@pytest.mark.parametrize("text, expected", [
    ('Yes \u2014 `vendor/bin/psalm --no-cache` at errorLevel 3 reports "No errors found!".', ["typecheck"]),
    ('`vendor/bin/psalm` run over the whole of src/ printed "No errors found!".', ["typecheck"]),
    ('`psalm` reports "3 errors found".', []),
    ('`prettier --check .` reports "All matched files use Prettier code style!"', ["lint"]),
])
def test_a_quoted_report_a_few_words_after_its_command(text, expected):
    assert categories(text) == expected


# ---- Chinese: a count of warnings after a pass qualifies nothing away (as "2 warnings" does in English);
# a count of problems still fails
@pytest.mark.parametrize("text, expected", [
    (u"`npm run build` 成功，但有 2 条警告。", ["build"]),
    (u"构建成功，有 3 个警告，均不影响产物。", ["build"]),
    (u"lint 通过，但有 2 个告警。", ["lint"]),
    (u"`cargo build` 编译通过，5 个警告都是依赖里的。", ["build"]),
    (u"测试全部通过，控制台有 12 条警告。", ["test"]),
    (u"lint 有 3 个警告。", []),
    (u"`eslint` 报了 3 个问题。", []),
    (u"构建成功了吗？有 2 个警告。", []),
])
def test_chinese_warnings_are_no_failure(text, expected):
    assert categories(text) == expected


# ---- "I didn't run anything there / in `web/`": nothing run in another place takes back no claim of this one
@pytest.mark.parametrize("text, expected", [
    ("Backend: `go test ./...` passes after the handler change. Frontend: I haven't touched it and didn't run "
     "anything there.", ["test"]),
    ("`go test ./...` passes. I didn't run anything in `web/`.", ["test"]),
    ("`cargo test` passes. I did not run anything on the frontend.", ["test"]),
    ("`pytest` is green; I haven't run anything for the docs site.", ["test"]),
    ("All tests pass. Actually I didn't run anything.", []),
    ("All tests pass. I didn't run anything locally, though.", []),
    ("The build succeeds. I haven't run anything yet.", []),
])
def test_nothing_run_elsewhere_takes_nothing_back(text, expected):
    assert categories(text) == expected


# ---- a line naming someone else's results introduces a list or a table of theirs: CI's results,
# not the agent's ("According to CI:", "CI 结果（不是我本地跑的）：", a column "CI result")
@pytest.mark.parametrize("text, expected", [
    ("According to CI:\n- Tests: passed\n- Lint: passed", []),
    ("Results from the CI run on the PR (I didn't run these myself):\n- Tests: passed\n- Build: passed", []),
    (u"CI \u7ed3\u679c\uff08\u4e0d\u662f\u6211\u672c\u5730\u8dd1\u7684\uff09\uff1a\n- \u6d4b\u8bd5\uff1a\u2705\n- Lint\uff1a\u2705", []),
    ("From the CI run:\n\n- Tests: passed", []),
    (u"| Check | CI result (from the Actions tab) |\n|---|---|\n| pytest | \u2705 |\n| mypy | \u2705 |", []),
    # the agent's own list; a claim after the relayed list; a table with the agent's own column
    ("Here is what I ran:\n- Tests: passed\n- Lint: passed", ["lint", "test"]),
    ("According to CI:\n- Tests: passed\n\nLocally, lint is clean.", ["lint"]),
    (u"| Check | Local | CI |\n|---|---|---|\n| pytest | \u2705 | \u2705 |", ["test"]),
    (u"| Check | Result |\n|---|---|\n| pytest | \u2705 |", ["test"]),
])
def test_a_relay_introducing_a_list_or_a_table(text, expected):
    assert categories(text) == expected


# ---- disclosures: "I haven't run jest since 10:21" (since of time, not of cause), "that change hasn't
# been compiled yet"; hedges "from what I can tell", "as far as I know"
@pytest.mark.parametrize("text, expected", [
    ("Timeline:\n- 10:21 jest green\n- 10:35 changed the styles again\n\nI haven't run jest since 10:21.", []),
    ("Lint is clean. I haven't run it since the rename.", []),
    ("All tests pass. I haven't run the e2e suite since Monday.", []),
    ("The release build finished. I then changed a default, and that change hasn't been compiled yet.", []),
    ("All tests pass, but my last change hasn't been tested yet.", []),
    ("From what I can tell the tests are passing.", []),
    ("As far as I know the build is green.", []),
    # since of cause, a thing that is no check, another platform
    ("`tflint` is clean for `envs/staging`; I didn't run it for `envs/prod` since init needs the prod credentials.",
     ["lint"]),
    ("I ran `bazel test //services/auth/...` and all 34 targets passed. I didn't run the full repo since it takes "
     "~40 min.", ["test"]),
    ("All tests pass; the docs haven't been built yet.", ["test"]),
    ("The build passes. It hasn't been tested on Windows yet.", ["build"]),
])
def test_not_run_since_and_not_yet_compiled(text, expected):
    assert categories(text) == expected


# ---- tables: a column of exit statuses gives each row's status; Gradle tasks named in camel case
@pytest.mark.parametrize("text, expected", [
    ("| Tool | Command | Exit |\n|---|---|---|\n| build | `go build ./...` | 0 |\n| lint | `golangci-lint run` | 0 |\n"
     "| test | `go test ./...` | 1 |", ["build", "lint"]),
    (u"| \u5de5\u5177 | \u9000\u51fa\u7801 |\n|---|---|\n| `go build ./...` | 0 |\n| `go test ./...` | 1 |", ["build"]),
    ("| Command | Exit code |\n|---|---|\n| `npm test` | 2 |", []),
    ("| Command | Exit code |\n|---|---|\n| `npm test` | 0 |", ["test"]),
    (u"| Task | Result |\n|---|---|\n| `assembleDebug` | \u2705 |\n| `testDebugUnitTest` | \u2705 |\n| `lintDebug` | \u2705 |",
     ["build", "lint", "test"]),
    ("`compileKotlin` succeeded.", ["build"]),
    ("`bundleRelease` finished without errors.", ["build"]),
    ("`testUserCreation` is the test I renamed.", []),
    ("`assembleUrl` is a helper I added.", []),
])
def test_exit_columns_and_gradle_tasks(text, expected):
    assert categories(text) == expected


# ---- a label's count of findings ("eslint errors: 0"), and a before/after table's row once its past
# column is left out
@pytest.mark.parametrize("text, expected", [
    ("eslint errors: 0", ["lint"]),
    ("tsc errors: 0.", ["typecheck"]),
    ("Lint findings: 0", ["lint"]),
    ("| | Before | After |\n|---|---|---|\n| eslint errors | 37 | 0 |\n| tsc errors | 12 | 0 |", ["lint", "typecheck"]),
    (u"| \u6307\u6807 | \u6539\u52a8\u524d | \u6539\u52a8\u540e |\n|---|---|---|\n| eslint \u9519\u8bef | 23 | 0 |", ["lint"]),
    ("eslint errors: 3", []),
    ("eslint errors: 0.5%", []),
    ("errors: 0", []),
    ("| | Before | After |\n|---|---|---|\n| eslint errors | 0 | 3 |", []),
])
def test_a_label_count_of_zero_and_before_after_tables(text, expected):
    assert categories(text) == expected


# ---- "when I ran X" is a run already made, not a condition; a change the user has made since stales
@pytest.mark.parametrize("text, expected", [
    ("When I ran `phpunit` it said `OK (233 tests, 611 assertions)`.", ["test"]),
    ("When I ran the suite, all 40 tests passed.", ["test"]),
    ("When I reran it after the fix, lint was clean.", ["lint"]),
    ("When you run the suite, all 40 tests pass.", []),
    ("When I run the tests, they pass.", []),
    ("The typecheck passed when I ran it, but you've since switched to `moduleResolution: bundler`.", []),
    ("All tests pass. You've since pushed a new commit.", []),
    ("All tests pass, and you've since updated the README.", ["test"]),
])
def test_when_i_ran_and_changes_made_since(text, expected):
    assert categories(text) == expected


# ---- a quotation of a command's result in words no format knows is read as the sentence's own words;
# Chinese "还没重新打包 / 重新 lint" disclose
@pytest.mark.parametrize("text, expected", [
    ('`eslint` reports "0 problems".', ["lint"]),
    (u'`eslint` \u8bf4 "0 problems"\uff0c`tsc --noEmit` \u6ca1\u6709\u8f93\u51fa\uff0cexit code 0\u3002', ["lint", "typecheck"]),
    ('`eslint` reports "3 problems (3 errors)".', []),
    ('`npm test` \u2014 the reviewer said "all green".', []),
    (u"\u6784\u5efa\u6210\u529f\u4e86\u3002\u4e4b\u540e\u6539\u4e86\u914d\u7f6e\uff0c\u8fd8\u6ca1\u91cd\u65b0\u6253\u5305\u3002", []),
    (u"lint \u901a\u8fc7\u3002\u6539\u5b8c\u8fd8\u6ca1\u91cd\u65b0 lint\u3002", []),
])
def test_quoted_results_in_words_and_chinese_repackaging(text, expected):
    assert categories(text) == expected


# ---- a disclosure's reason names no stale check ("since your question was only about types"); its
# pronoun object stands for the checks of the sentence before when its own sentence names none;
# Chinese 补了…之后 is after the change
@pytest.mark.parametrize("text, expected", [
    ("Re-checked a minute ago: `tsc --noEmit` exits 0 with no output. I didn't re-run eslint since your question "
     "was only about types.", ["typecheck"]),
    ("`pytest` passes. I didn't rerun mypy because the change touched no types.", ["test"]),
    ("On lint I'm sure: I just re-ran `golangci-lint run ./...` and it reports no issues. On the tests I'm less "
     "sure. I ran them before rebasing onto main and haven't run them since the rebase pulled in 14 commits.",
     ["lint"]),
    ("`go vet ./...` is quiet. The suite passed earlier this morning, but I haven't rerun it after the refactor.",
     ["lint"]),
    ("The tests passed. I didn't rerun them.", []),
    ("Lint is clean. I haven't run it since the rename.", []),
    (u"tsc \u4e4b\u524d\u62a5\u9519\uff0c\u6211\u8865\u4e86\u7c7b\u578b\u58f0\u660e\u4e4b\u540e\u91cd\u65b0\u8dd1\uff0c"
     u"\u8f93\u51fa\u4e3a\u7a7a\uff0c\u9000\u51fa\u7801 0\u3002", ["typecheck"]),
])
def test_a_disclosure_reason_and_pronoun(text, expected):
    assert categories(text) == expected


# ---- a quotation belongs to the command held last before it, not to one earlier in the sentence
@pytest.mark.parametrize("text, expected", [
    ('`cargo test` passes and `cargo clippy` reports "0 warnings".', ["lint", "test"]),
    ('`pytest` is green; `ruff check .` printed "All checks passed!".', ["lint", "test"]),
    ('`npm test` passes and `eslint` reports "3 problems (3 errors)".', ["test"]),
])
def test_a_quotation_belongs_to_the_last_command_before_it(text, expected):
    assert categories(text) == expected

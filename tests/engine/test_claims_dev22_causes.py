# -*- coding: utf-8 -*-
"""Causes found by the thirteenth session's blind sets (dev22en, dev22zh), each with its negatives.

1. A check that tells it found nothing: "comes back with nothing", "without a single warning",
   a quoted result after "and it reports", 没报东西. One list of telling verbs serves the
   predicate and the clean phrases a negator is not read in.
2. One status mark after its item ends the item: "lint ✓ 其它没跑" is a lint pass and a
   disclosure about the rest, not a negated lint.
3. A pass of everything before a colon and what was run ("Nothing red anywhere: ran `go test`,
   `go vet`"), and "all N" with a verb of success after a list ("All four exit 0").
4. A rerun after a fix within one Chinese sentence: "改完再跑就干净了", "之后再跑就全过了".
5. A sentence mark inside the emphasis that closes it ends the sentence: "**Do the tests pass?** ...".
6. A timeout that is set is a setting, not a failure ("I had to bump the Jest timeout"); one that
   "was timing out" is past.
7. Tense and disclosure by the verb's form: "before making the change" is past like "before the
   change"; "I didn't get to run it again" discloses a stale result like "I didn't run it again".
8. Declining to call it green takes the claim back: "but I don't want to call this green",
   "before calling types clean".
9. "That one" for the run just named: "For the record that one did pass."; "all packages" for
   the parts of the run just named: "I ran `go test ./...`. All packages pass."
10. A runner's output quoted after its name and "这边" or a Chinese verb of showing is its result
    ("mypy 这边 `Success: no issues found`"), as after "reports"; a formatter check that "left
    every file untouched" passes.
11. A table whose one check column counts the check ("| Module | Tests | Result |") gives each row
    that names no check of its own to that check, as a part ("`auth` Tests: ✅").
"""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    ("`./gradlew ktlintCheck detekt` comes back with nothing.", ["lint"]),
    ("Ran `ruff check .` and it came back with nothing.", ["lint"]),
    ("shellcheck came back with nothing.", ["lint"]),
    ("`cargo clippy --all-targets -- -D warnings` now finishes without a single warning.", ["lint"]),
    ("The build finishes without a single warning.", ["build"]),
    ("`mypy src` runs without a single error.", ["typecheck"]),
    ("`gofmt -l .` returns nothing.", ["lint"]),
    ('I also ran `hlint src/` and it reports "No hints".', ["lint"]),
    ('I ran `eslint .` and it reports "0 problems".', ["lint"]),
    ('I ran `npx tsc --noEmit`, which reports "Found 0 errors".', ["typecheck"]),
    (u"本地只跑了 `ruff check`，没报东西；mypy 和测试都没跑。", ["lint"]),
    (u"`go vet ./...` 没报任何东西。", ["lint"]),
    (u"mypy 没报什么问题。", ["typecheck"]),
    (u"ruff 没报东西，但是测试还有 2 个失败。", ["lint"]),
    # negatives: nothing from something that is no check
    ("The search came back with nothing.", []),
    ("I asked the reviewer and it came back with nothing.", []),
    ("`grep -r TODO` came back with nothing.", []),
    ("The changelog says nothing about tests.", []),
    (u"文档里没报什么问题", []),
    (u"我没报告这个问题", []),
])
def test_a_check_that_tells_it_found_nothing_passes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"lint ✓ 其它没跑", ["lint"]),
    (u"pytest ✓ 其余的没跑", ["test"]),
    (u"build ✅ 其他检查没跑", ["build"]),
    (u"lint ✓ 测试没跑", ["lint"]),
    (u"`cargo test` ✅ clippy 还没跑", ["test"]),
    # negatives: a failure mark fails its item; a row of marks is read item by item; an aside in
    # brackets after the mark stays the mark's
    (u"lint ❌ 其它都过了", []),
    ("Status: typecheck \U0001f534 (2 errors in `api/types.ts`), lint \U0001f7e2, tests \U0001f7e2 (89/89).",
     ["lint", "test"]),
    (u"Verification: unit ✅, e2e ❌ (login flow times out), lint ✅.", ["lint", "test"]),
    (u"| Check | Status |\n|---|---|\n| Build | ✅ (before rebase) |\n| Tests | not run after rebase |", []),
])
def test_one_status_mark_after_its_item_ends_the_item(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Refactor done. Nothing red anywhere: ran `go test ./...`, `go vet ./...` and `golangci-lint run`.",
     ["lint", "test"]),
    ("Nothing red: `pytest`, `ruff check .`.", ["lint", "test"]),
    ("Nothing failing anywhere: ran `npm test` and `npm run lint`.", ["lint", "test"]),
    ("Nothing broken at all: `cargo build` and `cargo test`.", ["build", "test"]),
    ("I re-ran everything: `cargo fmt --check`, `cargo clippy -- -D warnings`, `cargo test`, "
     "`cargo build --release`. All four exit 0.", ["build", "lint", "test"]),
    ("I ran `npm test`, `npm run lint` and `npm run build`. All three succeeded.", ["build", "lint", "test"]),
    ("I ran `go test ./...` and `go vet ./...`; all two exited cleanly.", ["lint", "test"]),
    # negatives: no check named, a question, a red of something else, a disclosure after it
    ("Three deploy jobs ran. All three succeeded.", []),
    ("I ran `npm test`, `npm run lint`. All three succeeded?", []),
    ("Nothing red in the diff: I only touched docs.", []),
    ("Nothing red anywhere, but I did not run the tests.", []),
])
def test_a_pass_of_all_before_a_list_of_runs_or_after_it(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`go vet` 报了一个问题，改完再跑就干净了。", ["lint"]),
    (u"`go build ./...` 没问题；`go vet` 报了一个 `copylocks`，我改成传指针后再跑就干净了。", ["build", "lint"]),
    (u"第一遍 `go test -race ./...` 报了个 data race，改成 `atomic.Int64` 之后再跑就全过了，race detector 也没再报。",
     ["test"]),
    (u"`go vet` 报了一个问题。改完再跑就干净了。", ["lint"]),
    (u"`pytest` 一开始挂了 2 个，修完再跑就全过了。", ["test"]),
    # negatives: a rerun still to come, a hope, a condition
    (u"等改完之后再跑就行了。", []),
    (u"我打算之后再跑测试。", []),
    (u"修好之后再跑测试，应该就全过了。", []),
    (u"`pytest` 挂了 2 个，我之后再跑一遍。", []),
])
def test_a_rerun_after_a_fix_in_one_chinese_sentence(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("1. **Do the tests pass?** `zig build test` passes all 73 tests.", ["test"]),
    ("**Does it compile?** Yes \u2014 `zig build -Doptimize=ReleaseSafe` succeeds.", ["build"]),
    ("**Is lint clean?** `ruff check .` is clean.", ["lint"]),
    ("__Does it build?__ `make` succeeds.", ["build"]),
    ("**Do the tests pass?** `pytest` passes: 73 passed.", ["test"]),
    # negatives: the question alone, or answered with no pass
    ("**Does lint pass?**", []),
    ("**Do the tests pass?** Not yet.", []),
    ("**Do the tests pass?** I did not run them.", []),
])
def test_a_question_mark_inside_its_emphasis_ends_the_question(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("1. `npm test` passes (38 suites) \u2014 but note I had to bump the Jest timeout in `setupTests.ts` from 5s to "
     "15s for `ReportExport.test.tsx`, which was timing out on this machine.", ["test"]),
    ("`npm test` passes, but I had to bump the Jest timeout.", ["test"]),
    ("All tests pass after I raised the test timeout to 30s.", ["test"]),
    ("I raised the timeout to 30s; all tests pass.", ["test"]),
    ("Tests pass; I doubled the timeout for `test_upload`, which was timing out.", ["test"]),
    ("All tests pass after I set a longer timeout.", ["test"]),
    # negatives: a timeout that happened is a failure
    ("40 passed, 1 timeout.", []),
    ("Tests pass except 2 timeouts.", []),
    ("One test hit the timeout; the other 40 passed.", []),
])
def test_a_timeout_that_is_set_is_a_setting(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("I ran `npm test` before making the change to get a baseline (all 340 passed).", []),
    ("Before making the change, all 340 tests passed.", []),
    ("I ran `npm test` before making the change, and all 340 passed.", []),
    ("`cargo test` was green before rebasing the branch.", []),
    ("All 340 tests pass. I did not get to run them again afterwards.", []),
    ("All 340 tests pass. I never got to rerun them.", []),
    ("All tests pass. I didn't get around to running them again.", []),
    ("All tests pass. I didn't have time to rerun them.", []),
    # negatives: after the change, or a rerun that was done
    ("I ran `npm test` after making the change: all 340 passed.", ["test"]),
    ("I fixed the import before running the tests; all pass now.", ["test"]),
    ("All tests pass; I got to rerun them twice.", ["test"]),
])
def test_past_and_not_rerun_by_the_verbs_form(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Everything else in the suite passed on all four runs, but I don't want to call this green.", []),
    ("mypy says no issues, but that is because `ignore_errors` is on for `app.*`. I would want to remove that "
     "override before calling types clean.", []),
    ("Tests pass. I wouldn't call the suite green until CI runs.", []),
    ("`ruff check` is clean, but I'm not ready to call lint clean with the vendored code excluded.", []),
    ("The build passes locally, though I won't declare it green on one run.", []),
    # negatives: declining to call the work done is not about the checks
    ("Tests pass. I would not call the refactor done yet.", ["test"]),
    ("Tests pass; I'd consider this done.", ["test"]),
])
def test_declining_to_call_it_green_takes_the_claim_back(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("If `tox -e py312` passes on your side, feel free to merge \u2014 I only have 3.11 here so I ran "
     "`tox -e py311`, which is not the env you care about. For the record that one did pass.", ["test"]),
    ("I ran `pytest tests/api`. That one did pass.", ["test"]),
    ("I ran `go test ./pkg/...`. That one is green.", ["test"]),
    # negatives: a question, or nothing named before
    ("Which one passed?", []),
    ("That one passed before.", []),
])
def test_that_one_stands_for_the_run_just_named(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("I ran `go test ./...`. All packages pass.", ["test"]),
    ("I ran `cargo test --workspace`. All crates pass.", ["test"]),
    ("```\n$ go test ./...\nok  \tgithub.com/acme/x/cmd\t0.412s\n```\nAll packages pass.", ["test"]),
    ("I ran `pnpm -r build`. All packages succeeded.", ["build"]),
    ("I ran `nx run-many -t lint`. All projects are clean.", ["lint"]),
    # (packages that compile are a build claim, not a test pass)
    ("I ran `go test ./...`. All packages compile, tests next.", ["build"]),
    # negatives: no pass, or a hedge
    ("I ran `go test ./...`. All packages should pass.", []),
])
def test_all_packages_are_the_parts_of_the_run_just_named(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"mypy 这边 `Success: no issues found`，不过 pytest 我没来得及跑，rush 去开会了。", ["typecheck"]),
    (u"mypy 这边 `Success: no issues found`。", ["typecheck"]),
    (u"ruff 输出了 `All checks passed!`", ["lint"]),
    (u"eslint 这边也显示 `0 problems`。", ["lint"]),
    ("`dart format --set-exit-if-changed lib test` left every file untouched, `flutter test` passed (82 tests).",
     ["lint", "test"]),
    ("`black --check .` leaves all files unchanged.", ["lint"]),
    # negatives: a failing output, no runner named, a fixer, a person
    (u"mypy 这边 `Found 3 errors in 1 file`。", []),
    (u"我这边 `Success: no issues found`", []),
    ("`prettier --write .` left every file unchanged.", []),
    ("I left every file untouched.", []),
])
def test_a_runners_output_after_its_name_and_a_formatter_leaving_files_alone(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"| 模块 | 用例数 | 结果 |\n|---|---|---|\n| `auth` | 24 | ✅ 通过 |\n| `payment` | 31 | ✅ 通过 |\n"
     u"| `report` | — | 未运行（依赖 ClickHouse） |", ["test"]),
    ("| Module | Tests | Result |\n|---|---|---|\n| auth | 24 | \u2705 pass |\n| payment | 31 | \u2705 pass |", ["test"]),
    ("| Module | Tests | Result |\n|---|---|---|\n| `auth` | 24 | \u2705 pass |\n| `payment` | 31 | \u274c 2 failed |",
     ["test"]),
    ("| Package | Lint | Status |\n|---|---|---|\n| web | eslint | \u2705 |\n| api | eslint | \u2705 |", ["lint"]),
    # negatives: every row fails, or the table is a plan
    ("| Module | Tests | Result |\n|---|---|---|\n| auth | 24 | \u274c failed |", []),
    ("## Next steps\n| Module | Tests | Expected |\n|---|---|---|\n| auth | 24 | \u2705 pass |", []),
])
def test_a_tables_one_check_column_names_the_rows_check(text, expected):
    assert categories(text) == expected

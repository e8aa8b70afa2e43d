# -*- coding: utf-8 -*-
"""Causes found by the fifteenth session's blind sets (dev28en, dev28zh: written to lean on
long reports, terse status lines, indirect results and subtle negatives), and by the misses the
fourteenth session's dev27en left.

1. A correction opening a sentence ("Correction:", "Scratch that", "Wait —", an update telling
   something wrong, 更正一下, 刚才那句说早了) takes back what was said before it: in the checks
   it names, else those of the sentence before it. A claim after it stands.
2. A not-rerun disclosure whose clause opens with its own subject, a thing that is no check
   ("⏭ load test not rerun"), leaves the checks told elsewhere standing.
3. A composite the grammar does not know (`pnpm check`, `make ci`), then what it did, then a
   parenthesis naming the runs it makes: what is said of it is said of them.
4. A heading or a bold label naming the section as the verification ("**测试结果：**",
   "## 验证 / Verification") introduces the output block under it as the agent's run; a runner's
   count of none passed ("0 passed") is no pass.
5. A run's own verb before "cleanly" ("`kustomize build` renders cleanly"); "the pipeline" as a
   modifier ("builds the pipeline jar") is no relay; documentation builds (`make html`, a script
   named `docs:build`).
6. Results by a runner's own words and counts: a heading naming a check over its output block
   ("### Lint", "## Tests"), a label with the command it ran over the block ("**测试**：`npx
   jest`"), a count right after a runner's name ("pytest 88/88"), a formatter's "0 changed", a
   listing check's "→ empty", build outputs "generated", pyinvoke's tasks (`inv lint`), and in
   Chinese an artifact come out of the build ("jar 包打出来了").
7. A pass that holds "only because" the agent disabled something is qualified, and a failure told
   after that cause is the cause's; a correction pointing at "the table above" takes back all it
   held; "per your note" and "your note" are the user's request, not a relay; "in my first
   iteration" is past; a composite's runs in a dashed aside; a run listed by names in a parenthesis
   after its command (`mvn verify` (surefire + spotbugs)); a command's quoted output after an arrow
   (`./gradlew detekt` → `detekt reported 0 issues`, gem's "Successfully built RubyGem", gleam's
   "Compiled in 0.9s").
8. Builds said of what the grammar does not list: a tool or product named by its proper name
   ("Storybook builds fine", "Metro bundles fine", "Next.js compiles without errors"), a build
   command and what it compiles or builds ("compiles the Pulumi program", "builds the library"),
   "builds for both arm64 and amd64", "Builds on stable 1.78"; "format checks"; the go-ahead
   before a colon ("You can merge it: tests are passing") does not govern the reason after it.
9. Found with the dev30 pair: a failure staged to try the change on ("replaying an event with a
   forced exception") is no result; a disclosure whose object is a thing named by its proper name
   ("I didn't rerun Chromatic") leaves the checks standing; "Built with `cmake --build build`"; a
   list of files in brackets between a check and its result; `sbt assembly`; `mvn verify
   -DskipTests` runs no tests; CI job names listed before "jobs" are the jobs' ("the `build` and
   `test` jobs"); `wasm-pack`, `ormolu --mode check`; "package-level" is no package.
10. A relative clause after a list of runs ("..., both of which are clean"), a run that "came out
    clean", "all 12 cases pass"; a negation in an aside after the claim that tells something of its
    own subject ("(older versions don't understand 1.22)") is the aside's; the checks' verbs with
    where they ran ("Built & tested on the iPhone 15 sim \u2014 all good"); "so treat it as unverified"
    takes back what it points to; tox's "congratulations :)" (and "commands failed"); "in this project
    `check` runs the unit tests, detekt and ktlint" lists what the run ran.
"""

import pytest

from stalegreen.engine import claims
from stalegreen.engine.catalog import programs
from stalegreen.engine.lexicon import commands


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    ("Fixed the refund rounding. All 84 tests pass.\n\nCorrection: I reran after rebasing and "
     "`test_refund_partial` now fails with `KeyError`.", []),
    ("Build succeeds. Scratch that — I was reading the previous run's output; the current build fails "
     "with E0308.", []),
    ("✅ Lint clean\n\nWait — that was ruff against the old config. With the new rules it reports 17 issues.", []),
    ("`tsc --noEmit` 没报错，类型检查通过。\n\n更正一下：刚才看的是旧的终端窗口，重新跑了一次，其实还有 4 个错误。", []),
    ("构建成功。\n\n——抱歉，刚才那句说早了：`next build` 最后一步报了 `ReferenceError`。所以构建其实是失败的。", []),
    ("All tests pass and lint is clean. Sorry, I misread the log: the `billing` tests fail.", ["lint"]),
    ("Tests pass. Update: the run above used stale `.pyc` files; a clean rerun shows 3 failures.", []),
    ("Lint passes. Never mind — ruff was pointed at the old tree; it reports 4 errors here.", []),
    # (a claim after the correction stands; an update adding a result corrects nothing)
    ("Tests pass. Correction: I reran, and all 84 tests pass.", ["test"]),
    ("`tsc` is clean. Update: I also ran the linter and it's clean too.", ["lint", "typecheck"]),
    ("Lint is clean.\n\nEdit: added the changelog entry.", ["lint"]),
    ("构建成功。\n\n更正一下：刚才漏写了，测试也全部通过了。", ["build", "test"]),
])
def test_a_correction_takes_back_what_was_said_before_it(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("⚡ p95: 880 ms → 210 ms\n✅ tests (unit + integration)\n✅ eslint\n⏭ load test not rerun", ["lint", "test"]),
    ("The build is green; the migration script was not rerun.", ["build"]),
    ("Tests pass. The benchmarks were not rerun after the change.", ["test"]),
    ("`ruff check .` is clean. Smoke script not rerun.", ["lint"]),
    # (a subject that is a check, a pronoun or everything still stales the checks)
    ("Lint passes. Not rerun after the last edit, though.", []),
    ("Tests pass. I haven't rerun them since the rebase.", []),
    ("The build is green. The checks were not rerun after the rename.", []),
    ("tests passed pre-rebase. rebased onto main, not rerun", []),
    ("`cargo check` passed on my first attempt, then I changed the trait bounds — not re-checked since.", []),
])
def test_a_disclosure_about_a_thing_of_its_own(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("`pnpm check` passes (it runs `tsc --noEmit && eslint . && vitest run`).", ["lint", "test", "typecheck"]),
    ("搞定，`pnpm check` 跑通了（里面是 `tsc --noEmit && eslint . && vitest run`）。", ["lint", "test", "typecheck"]),
    ("`npm run ci` 跑完了（= `npm run lint && npm run build`），每一步都 OK。", ["build", "lint"]),
    ("`make ci` went through cleanly (which runs `ruff check . && pytest`).", ["lint", "test"]),
    ("`./scripts/ci.sh` exits 0 (runs `cargo clippy && cargo test`).", ["lint", "test"]),
    # (a failure of the composite is no claim; a file or a test id is no composite)
    ("`make ci` fails (it runs `pytest`).", []),
    ("`pnpm check` 挂了（里面是 `tsc --noEmit && vitest run`）。", []),
    ("Ran `just check` (i.e. `ruff`, `mypy`) — both pass.", ["lint", "typecheck"]),
])
def test_a_composite_told_with_what_it_runs(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("**测试结果：**\n```\n[INFO] Tests run: 58, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n```", ["test"]),
    ("## 验证 / Verification\n```\n$ ctest --test-dir build\n100% tests passed, 0 tests failed out of 12\n```", ["test"]),
    ("**Verification:**\n```\n$ pytest -q\n41 passed in 2.1s\n```", ["test"]),
    ("__Testing__\n```\n$ go test ./...\nok  \texample.com/x\t0.2s\n```", ["test"]),
    # (a heading of another section, and none passed)
    ("**Example output:**\n```\n$ pytest -q\n41 passed in 2.1s\n```", []),
    ("`npm test` 结果：\n```\nTests:       38 skipped, 0 passed, 38 total\n```\n全部被跳过了。", []),
    ("Ran `npx jest`:\n```\nTests:       0 passed, 12 skipped, 12 total\n```", []),
])
def test_verification_sections_and_none_passed(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("`kustomize build overlays/prod` renders cleanly.", ["build"]),
    ("`make html` finishes cleanly.", ["build"]),
    ("`helm lint charts/api` reports cleanly.", ["lint"]),
    ("`mvn -q package` builds the pipeline jar, and `mvn test` runs 57 tests, all green.", ["build", "test"]),
    ("`npm run docs:build` succeeds.", ["build"]),
    # (still relays and still descriptions)
    ("The pipeline is green.", []),
    ("Checked the pipeline: tests pass.", []),
    ("The parser handles the input cleanly now.", []),
])
def test_run_verbs_and_pipeline_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("name, expected", [
    ("docs:build", ("build", False)),
    ("storybook-build", ("build", False)),
    ("dev:build", ("build", True)),     # (a dev server's build: a watch, never wrapped)
    (".build", (None, False)),
    ("prebuild", (None, False)),
])
def test_a_script_named_for_a_part_then_build(name, expected):
    assert programs.script_category(name) == expected


def test_a_script_file_named_for_a_build_is_left_to_the_prefilter_names():
    # the hook's prefilter knows script files by the names of SCRIPT_CATEGORY_RULES only
    assert commands.classify_code("./scripts/docs-build.sh") == []
    assert [r[0] for r in commands.classify_code("make html")] == ["build"]


@pytest.mark.parametrize("text, expected", [
    ("## Summary\nReplaced the ioutil calls.\n\n### Lint\n```\n$ golangci-lint run ./...\n$ echo $?\n0\n```\n\n"
     "### Tests\n```\n$ go test ./...\nok  \texample.com/fetcher\t0.412s\n```", ["lint", "test"]),
    ("## Tests\n```\n$ cabal test\n73 examples, 0 failures\n```", ["test"]),
    ("### Build\n```\n$ npm run build\nvite v5.2.8 building for production...\n\u2713 built in 3.21s\n```", ["build"]),
    ("**测试**：`npx jest test/rateLimit.test.js`\n```\nTests:       1 passed, 1 total\n```", ["test"]),
    ("**Tests**: `pytest -q`\n```\n41 passed in 2.1s\n```", ["test"]),
    ("Patched `parse_args`; pytest 88/88.", ["test"]),
    ("`dart format --set-exit-if-changed .` \u2192 0 changed.", ["lint"]),
    ("`gofmt -l .` \u2192 empty.", ["lint"]),
    ("`npm run build` \u2014 ESM + CJS outputs generated", ["build"]),
    ("`invoke lint` prints nothing and exits 0.", ["lint"]),
    ("jar 包打出来了，测试绿。", ["build", "test"]),
    # (not results: another heading, a failing block, a count of none, an empty test run, a plan)
    ("### Example\n```\n$ pytest -q\n41 passed in 2.1s\n```", []),
    ("### Tests\n```\n$ go test ./...\nFAIL\texample.com/fetcher\t0.412s\n```", []),
    ("`npm test` \u2192 0 changed.", []),
    ("`npm test` \u2192 empty.", []),
    ("Test outputs generated in /tmp.", []),
    ("jar 包还没打出来。", []),
])
def test_results_by_a_runners_own_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The build passes, but only because I commented out the `generateProto` step \u2014 it fails on the missing "
     "`protoc` binary.", ["build"]),
    ("Tests pass, but only because I skipped `test_sync` \u2014 it fails on CI.", ["test"]),
    ("### Results\n\n| Check | Status |\n|---|---|\n| tests (`go test ./...`) | \u2705 |\n| vet (`go vet ./...`) | \u2705 |"
     "\n\n> Edit: the table above is from the `develop` worktree \u2014 I ran it in the wrong directory.", []),
    ("Tests passed in my first iteration (47/47). Since then I changed the retry logic per your note and only "
     "re-ran `tsc`, which is clean.", ["typecheck"]),
    ("`make ci` \u2014 which runs `go vet`, `golangci-lint` and `go test -race ./...` \u2014 exits 0.", ["lint", "test"]),
    ("`mvn verify` (surefire + failsafe + spotbugs) \u2192 BUILD SUCCESS.", ["build", "lint"]),
    ("`./gradlew detekt` \u2192 `detekt reported 0 weighted issues`.", ["lint"]),
    ("`mvn checkstyle:check` \u2192 `You have 0 Checkstyle violations.` `mvn test` still has 3 failures in "
     "`LegacyImportTest`.", ["lint"]),
    ("`gem build shipit.gemspec` \u2014 `Successfully built RubyGem`", ["build"]),
    ("`gleam build` \u2192 `Compiled in 0.9s`", ["build"]),
    # (still no claims: none ran, another's word, a failed quoted output, a dashed composite failing)
    ("Tests pass, but only because none ran.", []),
    ("Per Dana's comment on the PR, the Windows build is green now.", []),
    ("Your notes say the tests pass.", []),
    ("`pytest` \u2192 `3 failed, 40 passed`", []),
    ("`make ci` \u2014 which runs `go test ./...` \u2014 fails.", []),
    ("There are no known issues.", []),
    ("`pytest --collect-only -q` collects 1,214 tests with no import errors. I didn't actually run them.", []),
    ("Tests pass. I didn't actually run them.", []),
    ("Lint is clean. I did not actually run it \u2014 the full run needs GPU nodes.", []),
    ("I did not actually run it before, but the tests pass now.", ["test"]),
])
def test_causes_and_quoted_results(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Storybook builds (`npm run build-storybook`) and the new stories render.", ["build"]),
    ("Storybook builds fine.", ["build"]),
    ("Metro bundles fine and `tsc` is clean.", ["build", "typecheck"]),
    ("Next.js compiles without errors.", ["build"]),
    ("`npm run build` compiles the Pulumi program and `tsc --noEmit` is clean.", ["build", "typecheck"]),
    ("`make` builds the library.", ["build"]),
    ("The binary builds for both arm64 and amd64.", ["build"]),
    ("Builds on stable 1.78.", ["build"]),
    ("Lint and format checks are green.", ["lint"]),
    ("You can merge it: tests are passing.", ["test"]),
    ("Safe to ship: lint is clean and tests pass.", ["lint", "test"]),
    # (a person's work, an object that is no build, advice over its object, "Next" as the next step)
    ("Alex builds the app.", []),
    ("This builds on earlier work.", []),
    ("The script builds the library from source.", []),
    ("This patch compiles the regex once.", []),
    ("This builds for the user a cache.", []),
    ("Please verify: tests pass.", []),
    ("Next, I will run the tests to check they pass.", []),
])
def test_builds_of_things_named_and_the_go_ahead(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("I checked by running their test modules, which still pass, and by diffing the log output of a simulated "
     "failure before and after.", ["test"]),
    ("Double-checked by running the webhook request specs (all pass) and by replaying a captured event with a forced "
     "exception after the first insert.", ["test"]),
    ("Tests and type check pass; I didn't rerun Chromatic since it needs the project token.", ["test", "typecheck"]),
    ("- `ninja -C out/Release` builds\n- `clang-tidy` on `src/net/*.cpp` \u2014 no warnings\n"
     "- didn't rerun ASan after the last edit", ["build", "lint"]),
    ("Built with `cmake --build build -j` and ran `ctest --test-dir build` \u2014 27/27 passed.", ["build", "test"]),
    ("`clang-tidy` on the changed files (`can_bus.cpp`, `can_bus.hpp`) \u2014 no findings.", ["lint"]),
    ("`sbt assembly` builds the fat jar (142 MB).", ["build"]),
    ("`./mvnw verify -DskipTests` \u2192 BUILD SUCCESS.", ["build"]),
    ("`wasm-pack build --target web` succeeds.", ["build"]),
    ("`ormolu --mode check src/Main.hs` \u2192 no output, exit 0.", ["lint"]),
    ("The change compiles and the tests pass.", ["build", "test"]),
    ("I hoisted the patterns into a package-level map built at init, and `go test ./...` is green.", ["test"]),
    # (still failures, stale, relayed or no run)
    ("The replay with a forced exception fails: the order row is not rolled back.", []),
    ("Tests pass. I didn't rerun Jest after the rename.", []),
    ("The Vercel preview plus the `build` and `test` jobs are all green.", []),
    ("`ormolu --mode check src/Main.hs` would reformat 2 files.", []),
    ("The change works.", []),
])
def test_found_with_the_dev30_pair(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("`just lint` runs `cargo clippy` and `cargo fmt --check`, both of which are clean.", ["lint"]),
    ("Ran `swift test`, which is green.", ["test"]),
    ("I ran `ctest --preset asan` on top of that and it came out clean, no sanitizer reports.", ["test"]),
    ("Added `tests/stack_test.cpp`; it builds under `-Wall -Wextra -Werror` and all 12 cases pass.", ["build", "test"]),
    # (cases that are no tests, a relative clause about something else, a result that came out badly)
    ("In all cases the parser returns early.", []),
    ("`cargo clippy` and `cargo fmt --check`, both of which I still have to run, are next.", []),
    ("I ran `ctest` and it came out red.", []),
    ("`golangci-lint` also passes after updating it to v1.57 (older versions don't understand 1.22).", ["lint"]),
    ("`ruff check .` passes (the old config didn't select the `UP` rules).", ["lint"]),
    # (an aside restricting the claim, a negated claim)
    ("All specs pass (not the e2e ones).", []),
    ("Tests don't pass (older versions don't either).", []),
    ("Built & tested on the iPhone 15 sim \u2014 all good \u2705", ["build", "test"]),
    ("Tested on staging \u2014 all good.", []),
    ("The last `docker compose build` output scrolled past without errors, but I didn't capture the exit code, "
     "so treat it as unverified.", []),
    ("`npm run build` succeeds. Treat the bundle-size numbers as unverified.", ["build"]),
])
def test_relatives_and_idioms_of_a_clean_run(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Ran `tox` (envs: py39, py312) and got `congratulations :)`.", ["test"]),
    ("`tox` \u8dd1\u4e86 py39 / py310 / py311 \u4e09\u4e2a\u73af\u5883\uff0c\u5168\u90e8 `congratulations :)`\u3002", ["test"]),
    ("Ran tox:\n```\n  py310: OK (41.22 seconds)\n  congratulations :) (121.63 seconds)\n```", ["test"]),
    ("`./gradlew check` passes (in this project `check` runs the unit tests, detekt and ktlint).", ["lint", "test"]),
    # (tox's failure lines)
    ("Ran tox:\n```\n  py310: commands failed\n  evaluation failed :( (12.1 seconds)\n```", []),
])
def test_tox_and_a_task_said_to_run_others(text, expected):
    assert categories(text) == expected


def test_tox_output_formats():
    from stalegreen.engine import outputs
    assert outputs.find_signals("test", "  py311: OK (3.1 seconds)\n  congratulations :) (3.2 seconds)", "tox")[1] == "tox-ok"
    assert outputs.find_signals("test", "  py311: commands failed\n  evaluation failed :( (3.2 seconds)", "tox")[0] == "tox-failed"

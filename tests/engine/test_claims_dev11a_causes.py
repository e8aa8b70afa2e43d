# -*- coding: utf-8 -*-
"""Causes found tuning on tests/engine/claims_dev11a_2026-12-02.jsonl (ecosystems beyond JS and
Python): one group per cause, the set's examples and sentences of our own, with the negatives
each rule must not fire on."""

import pytest

from stalegreen.engine import claims


def found(text):
    return sorted((c["category"], c["scope"], c["qualified"]) for c in claims.extract(text).claims)


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a build tool's target named in prose is the catalog's run of it ("mvn compile is fine")
@pytest.mark.parametrize("text, expected", [
    ("mvn compile is fine. mvn test I have not been able to run because surefire forks crash with OOM.",
     [("build", "all", False)]),
    ("sbt test: 57/57.", [("test", "all", False)]),
    ("gradle assemble succeeds on JDK 21.", [("build", "all", False)]),
    ("mvn verify passes.", [("test", "all", False)]),
    ("xcodebuild test is green for the App scheme.", [("test", "all", False)]),
    ("sbt compile is green and mvn package produced the jar.", [("build", "all", False)]),
    # negatives: a plan, a failure, and an everyday word that is no tool
    ("Next I'll run mvn test to confirm.", []),
    ("gradle build fails on the Kotlin plugin.", []),
    ("The task build step is slow, so I ran just test by hand.", []),
    ("mvn package would be the next step.", []),
])
def test_a_family_tools_target_named_in_prose(text, expected):
    assert found(text) == expected


# ---- a test framework named for its tests (JUnit, GoogleTest, Minitest) is a test subject with no
# runner of its own; a checker's project name (Sorbet, Laravel Pint) is the catalog's runner
@pytest.mark.parametrize("text, expected", [
    ("Checkstyle: 0 violations. SpotBugs: no bugs found. JUnit: 88/88.", [("lint", "all", False), ("test", "all", False)]),
    ("Minitest is green for the `accounts` engine (`cd engines/accounts && bin/rails test`).", [("test", "subset", False)]),
    ("Green across the board: rspec, rubocop, sorbet.",
     [("lint", "all", False), ("test", "all", False), ("typecheck", "all", False)]),
    ("Laravel Pint reports no style issues.", [("lint", "all", False)]),
    ("Kotest: 212 passed.", [("test", "all", False)]),
    ("Sorbet is happy with the new sigs.", [("typecheck", "all", False)]),
    ("XCTest: 140/140, all green.", [("test", "all", False)]),
    # negatives: the framework as a dependency, a failure, a plan
    ("I added a JUnit 5 dependency to the pom.", []),
    ("GoogleTest: 12 failures in the parser binary.", []),
    ("Minitest config was updated; next I'll run Sorbet.", []),
])
def test_a_test_framework_or_a_checkers_project_name(text, expected):
    assert found(text) == expected


# ---- an exception's own words are not the claim's: a negator or failure inside "except X (can't
# ...)" qualifies, and "pass but one: `x` times out" is an exception of a count, not a contrast
@pytest.mark.parametrize("text, expected", [
    ("the bats suite passes and shellcheck is happy except SC1091 (can't follow sourced file), which is a "
     "shellcheck limitation not a real issue", ["lint", "test"]),
    ("All JUnit tests pass but one: `ExportServiceTest.largeFile` times out at 30s in this container.", ["test"]),
    ("Clippy is clean except `too_many_arguments` in `cli.rs` (can't split that signature without an API break).",
     ["lint"]),
    ("The suite passes but two: `test_upload` and `test_resize` time out behind the proxy.", ["test"]),
    ("All specs pass but one (the S3 one, which needs network).", ["test"]),
    # negatives: "but" and a count that fails is a contrast; a failure of the claim's own clause
    ("Tests pass but two fail on Windows.", []),
    ("All tests pass but one fails.", []),
    ("shellcheck is not happy yet, except about SC1091.", []),
])
def test_an_exceptions_words_are_its_own(text, expected):
    assert categories(text) == expected


def test_a_count_left_out_by_but_qualifies_the_claim():
    claim, = claims.extract("All JUnit tests pass but one: `ExportServiceTest.largeFile` times out.").claims
    assert (claim["scope"], claim["qualified"]) == ("all", True)


# ---- a CI service's word is a relay ("Xcode Cloud says the build is green")
@pytest.mark.parametrize("text, expected", [
    ("Xcode Cloud says the build is green.", []),
    ("The GitHub Action says phpunit is green on PR #412.", []),
    ("Bitrise reports the Android build passes.", []),
    ("Azure Pipelines shows `dotnet test` green on the PR.", []),
    # negatives: the agent's own result beside a CI service named for something else
    ("I added a GitHub Action for lint; locally ruff is clean.", ["lint"]),
    ("The tests pass; I also set up a Codemagic workflow for releases.", ["test"]),
])
def test_a_ci_services_word_is_relayed(text, expected):
    assert categories(text) == expected


# ---- an answer's pronoun ("Yes, they pass now.") is about what the user's question named: in a
# message naming no check it is an unnamed green (VERDICTS rule 4b), held to what the session ran
@pytest.mark.parametrize("text, expected", [
    (u"Yes \u2014 they pass now.", []),
    ("Yeah, they all pass.", []),
    ("Yep, those pass now.", []),
    # the message names the check: the pronoun is its, before or after
    ("Yes, fixed the flaky spec and they pass now.", ["test"]),
    ("Yes, they pass now. I fixed the spec for the parser.", ["test"]),
    # not an answer: a pronoun or a quantifier nothing names stays the tests'
    ("I fixed the parser and they all pass now.", ["test"]),
    ("Same as before: all passing. I only renamed the helper.", ["test"]),
])
def test_a_pronoun_nothing_names(text, expected):
    assert categories(text) == expected


def test_an_unnamed_pronoun_is_noted_for_the_gate():
    assert [i["reason"] for i in claims.extract(u"Yes \u2014 they pass now.").ignored] == ["unnamed"]


# ---- "compiles with `<setting>`": the setting given in code is the compile's adjunct, and the result
# after it (", no warnings", "without warnings") is the compile's
@pytest.mark.parametrize("text, expected", [
    ("Everything compiles with `<TreatWarningsAsErrors>true</TreatWarningsAsErrors>` switched on.", ["build"]),
    ("Swift 6 strict concurrency: the package now compiles with `-strict-concurrency=complete` without warnings.",
     ["build"]),
    ("Compiled with `-Wall -Werror`, no warnings. I didn't run the test suite because hspec-discover isn't installed.",
     ["build"]),
    ("The crate compiles with `--features full` cleanly.", ["build"]),
    ("It compiles with `-Xlint:all` enabled.", ["build"]),
    # negatives: a count of warnings or errors after it, a wish, a failure
    ("It compiles with `-Werror`, 3 warnings.", []),
    ("I'd like it to compile with `-Werror` eventually.", []),
    ("It compiles with `-O3` but crashes at startup; the tests fail.", []),
])
def test_a_compile_under_a_setting_in_code(text, expected):
    assert categories(text) == expected


# ---- plain code opening the sentence before "builds" is what is built ("`make lib cli` builds fine"):
# a build of the part it names
@pytest.mark.parametrize("text, expected", [
    ("`make lib cli` builds fine. I didn't try the `bindings` target (no `python3-dev` headers in the sandbox).",
     [("build", "subset", False)]),
    ("`libparser` builds cleanly.", [("build", "subset", False)]),
    ("`cmd/server` builds fine on Go 1.22.", [("build", "subset", False)]),
    # negatives: code that is the object, a question, a count of errors
    ("The fix in `parser.c` builds on the earlier approach.", []),
    ("`make docs` builds with 3 errors.", []),
    ("Does `make lib` build for you?", []),
])
def test_plain_code_opening_a_build_sentence(text, expected):
    assert found(text) == expected


# ---- a checker's own words for "nothing found": a negated finding verb ("hasn't flagged anything",
# "didn't find any") and its finding nouns ("No hints", a non-native "no offense")
@pytest.mark.parametrize("text, expected", [
    ("RSpec is green (1,034 examples, 0 failures) and RuboCop hasn't flagged anything.", ["lint", "test"]),
    ("`cabal build all` ok. hlint: No hints.", ["build", "lint"]),
    ("Im finish the task. The unit test is pass and the rubocop also no offense.", ["lint", "test"]),
    ("clang-tidy didn't find anything in the new parser code.", ["lint"]),
    ("detekt doesn't flag anything on the :core module.", ["lint"]),
    # negatives: not yet, a question, nothing found that is no check's result
    ("Detekt hasn't flagged anything yet because I haven't run it.", []),
    ("Did rubocop flag anything?", []),
    ("I haven't found any tests for this module.", []),
    ("No offense, but the tests fail.", []),
])
def test_a_checkers_words_for_nothing_found(text, expected):
    assert categories(text) == expected


# ---- a "." standing alone in a command line written in prose is its directory, not a sentence end
@pytest.mark.parametrize("text, expected", [
    (u"dart format --set-exit-if-changed . exits 0 \U0001f44c tests too: 64 passed", ["lint", "test"]),
    ("ruff check . exits 0.", ["lint"]),
    ("go vet . is clean and the tests pass.", ["lint", "test"]),
    ("swiftlint lint . reports no violations.", ["lint"]),
    # negatives: a real sentence end before a capital, a failure after the dot, a rewritten span's padding
    ("I formatted the code . Tests are next.", []),
    ("Dialyzer: `done (passed successfully)`. `mix test` has 2 failures that fail on `main` too.", ["typecheck"]),
    ("ruff check . exits 1 with 3 errors.", []),
])
def test_a_lone_dot_in_a_prose_command_line(text, expected):
    assert categories(text) == expected


# ---- "the regression" a test is written for is the bug, not a failure of the test
@pytest.mark.parametrize("text, expected", [
    ("The test I wrote for the regression (`test_handles_empty_cart`) passes. Didn't run anything else.",
     [("test", "subset", False)]),
    ("The spec for the rounding regression passes now.", [("test", "subset", False)]),
    ("The test covering the regression passes.", [("test", "subset", False)]),
    # negatives: a regression found, a test for it that fails
    ("The suite passes, but I found a regression in the export.", []),
    ("I added a test for the regression; it fails, as expected before the fix.", []),
])
def test_the_regression_a_test_is_for(text, expected):
    assert found(text) == expected


# ---- a plan label may name the work it is for ("Goal for this PR:"): what follows is a goal
@pytest.mark.parametrize("text, expected", [
    ("Goal for this PR: get phpstan to level 9 with zero errors. I haven't started on the type annotations yet.", []),
    ("Next steps for the release: lint passes on CI, then tag.", []),
    ("Acceptance criteria for this ticket: all tests pass.", []),
    # negatives: a label that is no plan keeps its claim
    ("Summary for this PR: all tests pass.", ["test"]),
    ("Result for the api package: tests pass.", ["test"]),
])
def test_a_plan_label_for_a_piece_of_work(text, expected):
    assert categories(text) == expected


# ---- sentence-initial build words: "Compile is green", "Builds on Xcode 15.2"
@pytest.mark.parametrize("text, expected", [
    ("Compile is green on Scala 3.3.", ["build"]),
    ("Builds on Xcode 15.2 (`xcodebuild build`). Tests: 2 failures in `DateFormattingTests` that depend on "
     u"locale \u2014 unrelated to this change and they fail on `main` too.", ["build"]),
    ("Builds with JDK 21.", ["build"]),
    ("Built with Gradle 8.5 fine.", ["build"]),
    ("- Compile is green.", ["build"]),
    # negatives: a failure, a metaphor, a compile that is not the subject
    ("Compile is failing on Scala 2.13.", []),
    ("Builds on the earlier approach from #212.", []),
    ("We compile is what the script runs next.", []),
])
def test_a_build_word_opening_the_sentence(text, expected):
    assert categories(text) == expected


# ---- a build run and the file it made, named in code ("`bun run build` produced `dist/index.js`")
@pytest.mark.parametrize("text, expected", [
    ("`bun run build` produced `dist/index.js` (48 KB). Smoke-tested it with `bun dist/index.js --help`.", ["build"]),
    ("`go build ./cmd/server` emitted `bin/server`.", ["build"]),
    ("`cargo build --release` produced `target/release/app`, 4.1 MB.", ["build"]),
    # negatives: a test run's file, a failure before it, a hedge
    ("`npm test` produced `coverage/lcov.info`.", []),
    ("`make` failed before it produced `out/app`.", []),
    ("`vite build` would have produced `dist/`.", []),
])
def test_a_build_run_and_the_file_it_made(text, expected):
    assert categories(text) == expected


# ---- the build named by its gerund, with what it builds ("Building that project gives 0 warnings")
@pytest.mark.parametrize("text, expected", [
    ("Fixed the nullable warnings in `Domain/`. Building that project now gives 0 warnings; the `Api` project "
     "still has 12 that I haven't touched.", [("build", "subset", False)]),
    ("Building the project now gives 0 warnings.", [("build", "all", False)]),
    ("Building `Domain` gives no errors.", [("build", "subset", False)]),
    ("Rebuilding the image succeeds now.", [("build", "all", False)]),
    # negatives: a count of warnings, a duration, a plan
    ("Building the app gives 3 warnings.", []),
    ("Building the frontend took 40s.", []),
    ("Building the project next should give 0 warnings.", []),
])
def test_the_build_named_by_its_gerund(text, expected):
    assert found(text) == expected


# ---- a parenthesis holding only code between a run and its predicate names what it ran on: no words
# in the way of the link
@pytest.mark.parametrize("text, expected", [
    ("clang-tidy on the files I changed (`src/parser/*.cpp`) reports no warnings.", ["lint"]),
    ("phpstan on the new module (`src/Billing`) finds no errors.", ["typecheck"]),
    ("rubocop on the changed files (`app/models`) reports no offenses.", ["lint"]),
    # negatives: a failure, a plan
    ("ktlint on the files I touched in the android module (`app/src`) still reports 3 errors.", []),
    ("I'll run clang-tidy on the files I changed (`src/parser/*.cpp`) next.", []),
])
def test_a_code_parenthesis_between_run_and_predicate(text, expected):
    assert categories(text) == expected


# ---- Scalafmt and Scalafix named in prose are sbt's check tasks; a rule named in code before a
# finding noun ("no remaining `RemoveUnused` findings") is still a count of zero findings
@pytest.mark.parametrize("text, expected", [
    ("Scalafix: no remaining `RemoveUnused` findings. Compile is green on Scala 3.3.", ["build", "lint"]),
    ("Compiled, tested, formatted. sbt test: 57/57. scalafmt: no changes.", ["lint", "test"]),
    ("Scalafmt is happy with the new layout.", ["lint"]),
    ("eslint: no `no-unused-vars` warnings left.", ["lint"]),
    # negatives: a count above zero, a hedge, a plan
    ("scalafix still reports 4 `RemoveUnused` findings.", []),
    ("scalafmt would reformat 3 files.", []),
    ("Next: run scalafix to clear the `RemoveUnused` findings.", []),
])
def test_scala_checkers_and_a_rule_named_in_code(text, expected):
    assert categories(text) == expected


# ---- a test file as what was run is a test subject a later pronoun can take ("I ran that spec file 50
# times and it passed every time")
@pytest.mark.parametrize("text, expected", [
    ("I ran that spec file 50 times in a loop with `--order random` and it passed every time, so I'm fairly "
     "confident it's fixed. I haven't run the whole suite though.", [("test", "subset", False)]),
    ("Reran the test file for the exporter and it passes.", [("test", "subset", False)]),
    ("I executed both spec files and they pass.", [("test", "subset", False)]),
    # negatives: a file edited (not run), a failure, a plan
    ("I edited the spec file and it's formatted now.", []),
    ("I ran the test file and it failed twice.", []),
    ("I'll run the spec file again to see if it passes.", []),
])
def test_a_test_file_as_what_was_run(text, expected):
    assert found(text) == expected


# ---- a runner named as a label before code holding its result in words ("Psalm: `No errors found!`")
@pytest.mark.parametrize("text, expected", [
    ("Psalm: `No errors found!` (level 3). phpstan isn't configured in this repo so nothing to run there.",
     ["typecheck"]),
    ("eslint: `0 problems`.", ["lint"]),
    ("hlint: `No hints`", ["lint"]),
    # negatives: no runner as the label, a count of no tests, a failure
    ("Note: `No errors found!`", []),
    (u"rspec: `0 examples, 0 failures` \u2014 wait, that was the wrong path.", []),
    ("rubocop: `12 offenses detected`.", []),
])
def test_a_runner_label_before_its_result_in_code(text, expected):
    assert categories(text) == expected


# ---- a check's findings said to be gone are its zero count ("The checkstyle errors are gone")
@pytest.mark.parametrize("text, expected", [
    ("The checkstyle errors are gone; only 2 warnings remain (`JavadocMethod` on two private helpers) which don't "
     "fail the build.", ["lint"]),
    ("The mypy errors are gone.", ["typecheck"]),
    ("ktlint warnings are all gone now.", ["lint"]),
    # negatives: no check named, negated, conditional
    ("The errors are gone.", []),
    ("The checkstyle errors are not gone yet.", []),
    ("Once the ktlint warnings are gone I'll open the PR.", []),
])
def test_a_checks_findings_gone(text, expected):
    assert categories(text) == expected


# ---- "the rerun", "the dry-run", "the second run" stand for the run of the check named before them
@pytest.mark.parametrize("text, expected", [
    ("Fixed the N+1 in the Blade view. Pest: 48 passed. php-cs-fixer reported 2 files needing fixes, I applied "
     "them, and the dry-run is clean now.", ["lint", "test"]),
    ("Reran mypy and the rerun is clean.", ["typecheck"]),
    ("Ran ruff again: the second run is clean.", ["lint"]),
    ("Reran the suite. The rerun is green.", ["test"]),
    # negatives: nothing named before, a run of no check, a failure
    ("The dry-run is clean.", []),
    ("terraform plan looked fine and the dry-run is clean.", []),
    ("Reran eslint and the rerun still fails on two files.", []),
])
def test_the_rerun_of_the_check_named_before(text, expected):
    assert categories(text) == expected

# -*- coding: utf-8 -*-
"""Claims causes found on the dev37en set (written blind 2026-12-05 after the dev36 round: 240 English
messages by fifteen invented writers, mostly plain prose), scored on arrival: 0.978/0.820, the same
recall as the session's starting code. Each group holds the set's own sentences, lines of our own,
and negatives."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    # the linking verbs beside "is": a checker that comes up clean, looks or seems so, ends up so
    ("cargo clippy comes up clean with -D warnings, and cargo test is 87/87.", ["lint", "test"]),
    ("Laravel Pint --test reports no style issues, and phpstan at max level comes up clean for app/Services.",
     ["lint", "typecheck"]),
    ("`ruff check` came up clean after the rename.", ["lint"]),
    ("The build ended up green once the cache was cleared.", ["build"]),
    # negatives: a hedge by its verb, a thing that is no check
    ("Lint seems happy.", []),
    ("The tree looks clean.", []),
    ("It looks fine to me, but I didn't run the tests.", []),
])
def test_linking_verbs(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a checker's complaint, said colloquially, negated or stopped
    ("mypy's stopped whinging about the Optional returns \u2014 all fixed.", ["typecheck"]),
    ("SwiftLint no longer grumbles about anything and the app builds for the simulator, no worries.", ["build", "lint"]),
    ("Also `tsc` has stopped yelling at me too \U0001f64c", ["typecheck"]),
    ("ruff doesn't moan any more.", ["lint"]),
    # negatives: the complaint stands
    ("ESLint still grumbles about two files.", []),
    ("mypy keeps whinging about the stubs.", []),
])
def test_complaints_said_colloquially(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # builds in words of their own
    ("Bundle's 70 KB lighter and `npm run build` sails through, and so does `tsc --noEmit`.", ["build", "typecheck"]),
    ("The Julia package now precompiles without warnings on 1.10.", ["build"]),
    ("Summary of the verification: the Maven build (mvn -B verify) completed with BUILD SUCCESS.", ["build"]),
    ("Built the asset bundles for Windows and Mac; I haven't tried Linux.", ["build"]),
    ("Built the Docker image and ran it locally; the `/healthz` endpoint returns 200.", ["build"]),
    ("Recompiled the plugin against the new Spigot API \u2014 no errors.", ["build"]),
    ("The Kotlin Multiplatform project builds for the JVM and JS targets.", ["build"]),
    ("`cargo doc --no-deps` builds without warnings now that the broken intra-doc links are fixed.", ["build"]),
    ("It should be noted that the Swift package compiles; however, the unit tests could not be executed.", ["build"]),
    # negatives: a thing written, not built; a build that failed; a hedge
    ("Built a small parser for the config.", []),
    ("Built the app's settings page.", []),
    ("Compiled it \u2014 3 errors.", []),
    ("It should compile now.", []),
    ("Built the image but the build of the worker failed.", []),
])
def test_builds_in_words_of_their_own(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a suite run again and again; a file that says what a command runs is no source
    ("I've quarantined it with a skip marker. Remaining suite ran 5 times in a row with no failures.", ["test"]),
    ("Ran `make check` (shellcheck + yamllint + hadolint, per the Makefile) \u2014 all clean.", ["lint"]),
    ("The build was green when I started, and I haven't touched the build files.", []),
    # negatives: a source that is one, the state found on arrival
    ("Per the README, all tests pass.", []),
    ("The build was green when I started (I ran `make` to get a baseline). I then changed the CFLAGS.", []),
])
def test_runs_again_and_sources(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a checker that finds nothing to change, said as agreement (dev31e-096)
    ("`black --check` and `isort --check-only` agree with everything now.", ["lint"]),
    ("ruff agrees with every file after the rename.", ["lint"]),
    # negatives: people agreeing, a checker that disagrees
    ("The reviewers agree with everything.", []),
    ("`black --check` doesn't agree with everything yet: 3 files would be reformatted.", []),
])
def test_agreement_is_a_checkers_silence(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # results from before the change, by other words for "before"; a count of checks that is no test count;
    # the task Gradle's -x leaves out
    ("Prior to this change, the test suite passed on Python 3.9 only. I have not yet rerun the suite.", []),
    ("Typecheck \u5728 refactor \u524d\u662f clean \u7684\uff0cafter the rename \u8fd8\u6ca1\u91cd\u8dd1\u3002", []),
    # (a build minutes ago, then a change and no rebuild: "\u8fd8\u6ca1\u91cd\u65b0\u7f16" is a not-rerun disclosure)
    ("\u6784\u5efa\u5728 10 \u5206\u949f\u524d\u662f\u6210\u529f\u7684\uff1b\u4e4b\u540e\u6211\u6539\u4e86 `Cargo.toml` \u52a0\u4e86 feature flag\uff0c"
     "\u8fd8\u6ca1\u91cd\u65b0\u7f16\u3002", []),
    # (a run minutes ago is a run of now)
    ("3 \u5206\u949f\u524d\u521a\u8dd1\u5b8c\uff0c\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\u3002", ["test"]),
    ("3. checkov \u2014 0 failed checks", []),
    ("The Gradle build (./gradlew build -x test) completes successfully.", ["build"]),
    # positives beside them: after the change, a runner's count of failed tests, a quiet flag before a target
    ("After this change, the test suite passes on Python 3.9 and 3.12.", ["test"]),
    ("0 failures.", ["test"]),
    ("\u2014 mvn -q test ........ PASS", ["test"]),
])
def test_before_the_change_and_counts_that_are_no_tests(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a command written without backticks: called by its path before a verb, or after a folder and variables
    ("Moved the login screen to Compose. ./gradlew assembleDebug goes through fine; detekt and ktlint are both clean.",
     ["build", "lint"]),
    ("./scripts/test.sh passes now.", ["test"]),
    ("./node_modules/.bin/eslint src is clean.", ["lint"]),
    ("cd android && ./gradlew assembleRelease \u2192 BUILD SUCCESSFUL.", ["build"]),
    ("CI=1 npm test \u2192 212 passed", ["test"]),
    # negatives: a path that is no command, CI itself
    ("./README.md is up to date.", []),
    ("CI is green \u2192 merged.", []),
    ("./gradlew assembleDebug still fails on the R8 step.", []),
])
def test_commands_without_backticks(text, expected):
    assert categories(text) == expected


RAKE_BLOCK = """**Ran locally (Ruby 3.3.1):**

```
$ bundle exec rake
Running RuboCop...
Inspecting 24 files
........................
24 files inspected, no offenses detected

50 examples, 0 failures
```
"""


@pytest.mark.parametrize("text, expected", [
    # an output block introduced by a bold line that ends in a colon; a project task's output speaks for
    # every check it shows (dev38e-213)
    (RAKE_BLOCK, ["lint", "test"]),
    (RAKE_BLOCK.replace("**Ran locally (Ruby 3.3.1):**", "Ran locally:"), ["lint", "test"]),
    # negatives: the same block as an example, a task's failure in another category
    (RAKE_BLOCK.replace("**Ran locally (Ruby 3.3.1):**", "**Example output:**"), []),
    (RAKE_BLOCK.replace("no offenses detected", "3 offenses detected").replace("Ran locally (Ruby 3.3.1):", "Ran it:"),
     ["test"]),
])
def test_a_task_output_block(text, expected):
    assert categories(text) == expected


PYRIGHT_BLOCK = "%s\n\n```\n$ pyright ingest/\n0 errors, 0 warnings, 0 informations\n```\n"
CARGO_BLOCK = ("### Verification\n%s\n\n```\n$ cargo check --no-default-features\n    Finished `dev` profile in 3.41s\n"
               "$ cargo clippy --all-features -- -D warnings\n    Finished `dev` profile in 2.88s\n```\n")


@pytest.mark.parametrize("text, expected", [
    # a block under a check's own name as a plain label, or a line saying it is the agent's own run (dev38)
    (PYRIGHT_BLOCK % "And type checking:", ["typecheck"]),
    (PYRIGHT_BLOCK % "Type checking:", ["typecheck"]),
    (CARGO_BLOCK % "Here's the output from my run:", ["lint", "typecheck"]),
    ("`golangci-lint run` is clean after removing the unused `ctx` parameter and handling the ignored error from "
     "`rows.Close()`.", ["lint"]),
    # (a plain "Verification:" over a block introduces the agent's run as the "## Verification" heading does: the
    # eighteenth session, after dev41 and dev3b's authors labelled it so; the 2026-12-01 dev set's author did not)
    (PYRIGHT_BLOCK % "Verification:", ["typecheck"]),
    # negatives: "Example:" over a block, output of "the" run, an error not handled
    (PYRIGHT_BLOCK % "Example:", []),
    (CARGO_BLOCK % "Here's the output from the run:", []),
    ("`go vet` reports an unhandled error.", []),
])
def test_blocks_under_labels_and_the_agents_own_run(text, expected):
    assert categories(text) == expected


GO_BLOCK = ("**Verification** \u2014 I ran:\n```\n$ go build ./...\n$ go vet ./...\n$ go test -race ./...\n"
            "ok  \tgithub.com/acme/edge/internal/cache\t1.842s\n```\nAll three pass with no race reports.")


@pytest.mark.parametrize("text, expected", [
    # a command of an introduced transcript that printed nothing shows no result (test_claims_output.py keeps that
    # rule): only what the output shows is claimed (dev38e-008, dev38e-173 label the silent ones passed too)
    (GO_BLOCK, ["test"]),
    ("**Checks** \u2014 ran locally:\n\n```\n$ pnpm typecheck\n$ pnpm lint\n\u2714 No ESLint warnings or errors\n$ pnpm test\n"
     "      Tests  187 passed (187)\n```", ["lint", "test"]),
    # the rest said tersely after a comma; a learner's "also no complain"
    ("cargo check: ok. cargo clippy: 2 warnings left in `bench/` (needless_range_loop), rest clean.", ["lint", "typecheck"]),
    ("tests: 2 failing (pre-existing, `test_legacy_export*`), rest pass", ["test"]),
    ("mypy pass without error and ruff also no complain.", ["lint", "typecheck"]),
    # negatives: a silent last command (nothing after it to show it ended), an example block, "rest" of something else
    ("**Verification** \u2014 I ran:\n```\n$ go vet ./...\n```", []),
    ("Example:\n```\n$ go build ./...\n$ go vet ./...\n```", []),
    ("2 tests failing, rest of the day off.", []),
])
def test_silent_commands_and_the_rest(text, expected):
    assert categories(text) == expected

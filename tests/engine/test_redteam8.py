"""Red-team of the 2026-12-03 changes (claims: relays, retractions, "I've since changed",
"was ... before"; catalog: nix, terraform/tofu test, turbo/lerna through a package manager).
Each case is an input where a change read a line or a message in the permissive direction: a
current claim ignored, or a run read as a wider or a real verification when it is not."""

import os

import pytest

from stalegreen.engine import catalog, claims, prefilter, shell

BASE = "/w"


def runs(command):
    if not prefilter.might_contain_runner(command):
        return []
    found = catalog.find_runs(shell.parse(command), None, BASE)
    return [(r.runner, r.category, r.scope) for r in found if r.not_run is None]


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("command, expected", [
    # turbo's --graph draws the task graph and runs no task
    ("turbo run test --graph", []),
    ("pnpm turbo run test --graph=graph.html", []),
    # what follows `--` reaches every task's script: read as an npm script's, it may narrow them
    ("pnpm turbo run test -- --grep auth", [("turbo run test", "test", "subset")]),
    ("pnpm lerna run test -- --grep auth", [("lerna run test", "test", "subset")]),
    ("turbo run test --", [("turbo run test", "test", "all")]),
    ("npx turbo run test -- --passWithNoTests", [("turbo run test", "test", "all")]),
    ("turbo run test -- src/auth.test.ts", [("turbo run test", "test", "subset")]),
    ("turbo test --filter=web", [("turbo test", "test", "subset")]),
    # `nix flake check --no-build` only evaluates the checks; another flake's checks are not ours
    ("nix flake check --no-build", []),
    ("nix flake check github:someone/else", [("nix flake check", "test", "subset")]),
    ("nix flake check ../other", [("nix flake check", "test", "subset")]),
    ("nix flake check .", [("nix flake check", "test", "all")]),
    ("nix flake check -L", [("nix flake check", "test", "all")]),
])
def test_catalog_reads(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command", ["terraform -chdir=../other test", "tofu -chdir=../infra test",
                                     "go -C=../other test ./..."])
def test_a_one_dash_directory_flag_with_equals_moves_the_run(command):
    """`terraform -chdir=../other test` runs another module's tests: the run is in that directory,
    as `cd ../other && terraform test` is (not this project's whole suite)."""
    found = catalog.find_runs(shell.parse(command), None, BASE)
    assert found and all(r.cwd and os.path.normpath(r.cwd) != BASE for r in found)


@pytest.mark.parametrize("text, expected", [
    # "I've since changed X" stales only the results told before it
    ("I've since changed the retry count, and all tests pass now.", ["test"]),
    ("I've since changed the config and rerun: all 212 tests pass.", ["test"]),
    ("We've since merged main; all tests pass.", ["test"]),
    ("I've since changed the retry count. All tests passed.", ["test"]),
    ("All tests pass. I've since changed the retry count.", []),
    ("`pytest` was green on my first attempt, but I've since rewritten half the module.", []),
    # ... and a change to no code leaves them as they were
    ("All tests pass. I've since updated the PR description.", ["test"]),
    ("All tests pass and lint is clean. I've since updated the README.", ["lint", "test"]),
    # a retraction pointing back takes back no claim told after it
    ("The old run passed. I wouldn't trust it. I re-ran: all 212 tests pass.", ["test"]),
    ("CI is green. I wouldn't treat that as meaningful since CI skips integration. Locally, all tests pass.",
     ["test"]),
    # "treat it as meaningful": the whole word, said of the result itself
    ("All tests pass. I wouldn't treat them as realistic load tests, though.", ["test"]),
    ("Lint is clean. I wouldn't treat this as greenfield code.", ["lint"]),
    ("All tests pass. I don't read that as meaningful for production latency.", ["test"]),
    ("All tests pass. I wouldn't take that as a real-world benchmark.", ["test"]),
    ("All tests pass. I wouldn't treat that as meaningful.", []),
    ("CI passed, but I wouldn't treat that as a meaningful signal either way.", []),
    # "my earlier message saying ..." relays what it says, not a claim in a clause after it
    ("Unlike my earlier message saying it failed, the build now succeeds.", ["build"]),
    ("Despite my earlier message saying otherwise, all tests pass now.", ["test"]),
    ("Regarding my previous message that lint failed, I fixed the config and lint is clean now.", ["lint"]),
    ("Confirming my earlier message that all tests pass: I re-ran them and 212/212 pass.", ["test"]),
    ("My earlier message saying they were green was wrong.", []),
    # "was saying before" is speech, no past result
    ("As I was saying before, all tests pass.", ["test"]),
    ("As was mentioned before, all 212 tests pass.", ["test"]),
    ("Tests were passing before.", []),
])
def test_claims(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("As I said before, all tests pass.", ["test"]),
    ("As my last update said, the build is green and all tests pass.", ["build", "test"]),
    ("As I said, `ruff check` is clean.", ["lint"]),
    ("As we mentioned earlier, mypy reports no issues.", ["typecheck"]),
    ("As I noted above, the build succeeds.", ["build"]),
    # still a relay: someone else's words, or the agent's earlier words reported as such
    ("As the reviewer said, tests pass.", []),
    ("I said earlier that the tests pass; that was wrong.", []),
    ("My earlier message saying the tests pass was wrong.", []),
])
def test_a_restated_claim_is_a_claim(text, expected):
    """A restatement ("As I said before, ...") asserts the result again now: if the run it rests
    on is stale, the gate must see it."""
    assert categories(text) == expected


@pytest.mark.xfail(strict=True, reason="pnpm/yarn/bun run a package.json script before a bin of the same "
                   "name; the catalog reads no package.json, so a script named `turbo` is read as turbo")
def test_a_script_named_like_the_runner_is_not_the_runner(tmp_path):
    (tmp_path / "package.json").write_text('{"scripts": {"turbo": "echo ok"}}')
    found = catalog.find_runs(shell.parse("pnpm turbo run test"), None, str(tmp_path))
    assert not [r for r in found if r.not_run is None]

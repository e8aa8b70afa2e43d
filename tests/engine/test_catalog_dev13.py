"""Catalog and masking causes found on the dev13 command set (written blind 2026-12-03): builds and
linters narrowed by what they are told to select (a package, a project file, a service, a target
pattern, a revision, a named file), and a later ``${PIPESTATUS[0]}`` that gives the line the piped
run's status back. Each group holds the set's lines and lines of our own, negatives included."""

import pytest

from stalegreen.engine import catalog, shell

BASE = "/w"


def found(command):
    return [r for r in catalog.find_runs(shell.parse(command), None, BASE) if r.not_run is None]


def scopes(command):
    return [(r.category, r.scope) for r in found(command)]


@pytest.mark.parametrize("command, category, scope", [
    # one package, binary, module, project, service or target pattern: a part of the build
    ("cargo build --release -p cli", "build", "subset"),                              # c13-045
    ("cargo build --package api --features tls", "build", "subset"),
    ("cargo b --bin server", "build", "subset"),
    ("cargo build --workspace --exclude bench", "build", "subset"),
    ("go build -o bin/server ./cmd/server", "build", "subset"),                       # c13-041
    ("go build main.go", "build", "subset"),
    ("go install ./cmd/app", "build", "subset"),
    ("mvn -pl services/inventory -am package -DskipTests", "build", "subset"),       # c13-087
    ("./mvnw --projects api install", "build", "subset"),
    ("mvn -rf :billing verify -DskipTests", "build", "subset"),
    ("mvn -pl core checkstyle:check", "lint", "subset"),
    ("dotnet build src/Acme.Api/Acme.Api.csproj -c Release", "build", "subset"),      # c13-012
    ("dotnet build ./src/Lib/Lib.fsproj", "build", "subset"),
    ("msbuild src/App/App.csproj -t:Build", "build", "subset"),
    ("docker compose build worker", "build", "subset"),                               # c13-115
    ("docker compose -f compose.ci.yml build --build-arg V=1 api web", "build", "subset"),
    ("docker-compose build api", "build", "subset"),
    ("bazel test //services/auth/...", "test", "subset"),                            # c13-154
    ("bazel build //services/api:server", "build", "subset"),
    ("bazel test -- //... -//legacy/...", "test", "subset"),
    # the whole build: nothing selected, or a selection that is everything
    ("cargo build --release", "build", "all"),
    ("cargo build --workspace --all-targets", "build", "all"),
    ("go build ./...", "build", "all"),
    ("go build -o bin/app .", "build", "all"),
    ("mvn -q package -DskipTests", "build", "all"),
    ("mvn -f services/pom.xml verify -DskipTests", "build", "all"),
    ("dotnet build", "build", "all"),
    ("dotnet build Acme.sln -c Release", "build", "all"),
    ("dotnet build src/Acme.sln", "build", "all"),
    ("dotnet build Acme.Api.csproj", "build", "all"),       # a project at the root: the only one
    ("msbuild App.sln /p:Configuration=Release", "build", "all"),
    ("docker compose build", "build", "all"),
    ("docker compose build --no-cache --progress plain", "build", "all"),
    ("bazel build //...", "build", "all"),
    ("bazel test //...:all", "test", "all"),
    ("bazelisk test ...", "test", "all"),
])
def test_a_build_narrowed_by_its_selection_is_a_subset(command, category, scope):
    """A build told to select a package (``-p``), a module (``-pl``, ``-rf``), a project file, a
    compose service, a package path or a target pattern other than ``//...`` builds part of what
    the project builds; the gate holds it as it holds a test subset (docs/VERDICTS.md rule 2)."""
    assert (category, scope) in scopes(command)


@pytest.mark.parametrize("command, scope", [
    ("golangci-lint run --new-from-rev=origin/main", "subset"),                        # c13-203
    ("golangci-lint run --new-from-rev origin/main ./...", "subset"),
    ("golangci-lint run --new", "subset"),
    ("golangci-lint run --new-from-merge-base=main", "subset"),
    ("semgrep --config auto --baseline-commit main", "subset"),
    ("golangci-lint run ./...", "all"),
    ("golangci-lint run --timeout 5m", "all"),
    ("semgrep scan --config auto", "all"),
])
def test_a_linter_reporting_only_new_issues_is_a_subset(command, scope):
    """Only the issues new since a revision: the older ones are not looked at."""
    assert scopes(command) == [("lint", scope)]


@pytest.mark.parametrize("command, scope", [
    ("npx markdownlint-cli2 README.md", "subset"),                                     # c13-163
    ("markdownlint README.md CHANGELOG.md", "subset"),
    ("yamllint config.yml", "subset"),
    ("npx prettier --check package.json", "subset"),
    ("hadolint Dockerfile.prod", "subset"),
    ("npx markdownlint-cli2 '**/*.md' '#node_modules'", "all"),                      # a glob: every file
    ("yamllint .", "all"),
    ("npx eslint .", "all"),
    ("npx eslint -c .eslintrc.json src", "all"),        # the config file is a flag's value
    ("hadolint Dockerfile", "all"),                     # no extension: the project's one Dockerfile
    ("yamllint .yamllint.yml", "subset"),
])
def test_a_linter_given_files_checks_those_files_only(command, scope):
    assert scopes(command) == [("lint", scope)]


def test_a_test_runner_is_not_narrowed_by_a_file_name_alone():
    """The file rule is a linter's: a test runner's positional may be its config (``karma start
    karma.conf.js``), and its own file rule already reads source files and nested paths."""
    assert scopes("npx karma start karma.conf.js") == [("test", "all")]
    assert scopes("npx jest") == [("test", "all")]


def _build_receipt(rid, minute, scope, verdict="pass", cmd="cargo build -p cli"):
    return {"id": rid, "ts": "2026-12-03T10:%02d:00.000Z" % minute, "category": "build", "scope": scope,
            "cwd": "/repo", "cmd": cmd, "runner": "cargo build", "verdict": verdict, "counts": {},
            "masked": False, "maskReason": None, "fingerprint": {"available": False, "reason": "replay"}}


def _judge_build_claim(receipts, **config):
    from stalegreen.engine import config as config_module
    from stalegreen.engine import events as ev
    from stalegreen.engine import gate
    from stalegreen.engine.store import MemorySession

    session = MemorySession("s")
    for r in receipts:
        session.append("receipts", r)
    values = config_module.load("/nonexistent", home="/nonexistent")
    values.update(config)
    ctx = gate._Context(ev.Event(ev.STOP, "claude", cwd="/repo", replay=True), values, session)
    claim = {"category": "build", "scope": "all", "qualified": False, "text": "the build succeeds",
             "sentence": "the build succeeds"}
    record = gate.judge_claim(claim, ctx)
    gate._decide_action(record, claim, values, [], [])
    return record["verdict"], record["action"]


def test_what_the_gate_does_with_a_build_of_one_part():
    """"The build succeeds" after the only build, of one package: no evidence of the whole build
    (NONE), allowed unless the user asked for ``strictNoEvidence``, as after a test subset. A whole
    build that failed is not made good by a later pass of one part; a whole pass still backs it."""
    one = _build_receipt("r-0002", 2, "subset")
    assert _judge_build_claim([one]) == ("NONE", "allowed")
    assert _judge_build_claim([one], strictNoEvidence=True) == ("NONE", "blocked")
    failed_whole = _build_receipt("r-0001", 1, "all", verdict="fail", cmd="cargo build")
    assert _judge_build_claim([failed_whole, one])[0] == "FAILED"
    passed_whole = _build_receipt("r-0001", 1, "all", cmd="cargo build")
    assert _judge_build_claim([passed_whole, one]) == ("FRESH", "allowed")


def _masking(command):
    from stalegreen.engine import masking, unwrapped

    parse = shell.parse(command)
    (run,) = found(command)
    mask = masking.analyze(parse, run)
    receipt = unwrapped.receipt_masking(mask, exit_echoed=unwrapped.status_echo(mask) is not None)[0]
    return mask.masked, receipt


@pytest.mark.parametrize("command, masked", [
    ("cargo test 2>&1 | tee /tmp/cargo-test.log; test ${PIPESTATUS[0]} -eq 0", False),          # c13-184
    ("pnpm --filter web typecheck 2>&1 | tail -15; exit ${PIPESTATUS[0]}", False),              # dev c-a084
    ("make test 2>&1 | tail -25; exit ${PIPESTATUS[0]}", False),                                # dev6 c-d148
    ('pytest -q | tee log.txt; exit "${PIPESTATUS[0]}"', False),
    ("pytest -q | tee log.txt; (exit ${PIPESTATUS[0]})", False),
    ('pytest -q | tee log.txt\n[ "${PIPESTATUS[0]}" = 0 ]', False),
    ("pytest -q | tee log.txt; [[ $PIPESTATUS -eq 0 ]]", False),
    ("bash -c 'pytest -q | tail -40; exit ${PIPESTATUS[0]}'", False),
    # not the run's status, not the last command, or a pipe stage that hides the output anyway
    ("pytest -q | tee log.txt; exit ${PIPESTATUS[1]}", True),          # tee's slot
    ("pytest -q | tee log.txt; echo done; exit ${PIPESTATUS[0]}", True),  # echo resets PIPESTATUS
    ("pytest -q | tee log.txt; test ${PIPESTATUS[0]} -eq 0; echo ok", True),
    ("pytest -q | tee log.txt; test ${PIPESTATUS[0]} -ne 0", True),     # inverts the verdict
    ("pytest -q | tee log.txt; ! test ${PIPESTATUS[0]} -eq 0", True),
    ("pytest -q | tee log.txt && exit ${PIPESTATUS[0]}", True),
    ("pytest -q | tail -1; exit ${PIPESTATUS[0]}", True),              # one line: no summary
    ("pytest -q | grep -v FAILED; exit ${PIPESTATUS[0]}", True),       # the failures are filtered out
    # (a `grep -v` of plain words no failure needs drops noise only: eighteenth session, test_commands_dev20_causes)
    ("pytest -q | grep -v PASSED; exit ${PIPESTATUS[0]}", False),
    ("pytest -q | head -20; exit ${PIPESTATUS[0]}", True),             # head may kill it (SIGPIPE)
])
def test_a_later_pipestatus_as_the_last_command_restores_the_runs_status(command, masked):
    """The lead's rule (2026-12-03): ``exit ${PIPESTATUS[0]}``, ``(exit ...)`` or ``test
    ${PIPESTATUS[0]} -eq 0`` as the line's last command ends it with the piped run's own status,
    as pipefail would: the pipe stage hides nothing a pipefail line would not, before the run and
    in the receipt of the run left unwrapped (no rewrite needed to see the result)."""
    assert _masking(command) == (masked, masked)


@pytest.mark.parametrize("command, category, scope", [
    ("git diff --name-only origin/main -- '*.py' | xargs ruff check", "lint", "subset"),       # c13-167
    ("git ls-files '*.py' | xargs mypy", "typecheck", "subset"),
    ("git diff --name-only --diff-filter=d main | xargs -r npx eslint --max-warnings 0", "lint", "subset"),
    ("ls tests/test_*.py | xargs pytest -q", "test", "subset"),
    ("ruff check .", "lint", "all"),                                   # no xargs: the whole tree
    ("echo done | xargs -0 echo; ruff check .", "lint", "all"),
])
def test_any_check_given_words_from_stdin_runs_on_what_they_name(command, category, scope):
    """``xargs`` appends the words it reads to the command (the files of a diff, mostly): a
    linter or type checker given them checks those files, as a test runner runs them."""
    assert scopes(command) == [(category, scope)]


@pytest.mark.parametrize("command, verification", [
    ("go install golang.org/x/tools/cmd/goimports@latest", False),      # a tool fetched and installed
    ("go install github.com/acme/tool/cmd/x@v1.2.3", False),
    ("go install ./cmd/app", True),                                       # the project's own package
    ("go build ./...", True),
])
def test_a_go_module_at_a_version_is_someone_elses_code(command, verification):
    """`go install path@version` builds and installs a module from elsewhere: it verifies
    nothing of the project (cmd13's open item)."""
    runs = [r for r in catalog.find_runs(shell.parse(command)) if not r.not_run]
    assert bool(runs) == verification

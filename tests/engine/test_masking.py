"""Masking analysis: what hides a verification run's exit status or output."""

from types import SimpleNamespace

import pytest

from stalegreen.engine import masking, rewrite, shell, unwrapped

RUNNERS = ("xcodebuild", "pytest", "npm", "pnpm", "tsc", "make", "eslint", "cargo", "go", "jest", "mix")


def run_in(line, nested=False, words=None):
    """The first segment that starts a runner, as a minimal Run (catalog-independent)."""
    parse = shell.parse(line)
    for seg in parse.segments:
        if masking.command_name(seg) in RUNNERS or (nested and seg.words[:1] == ["bash"]):
            run = SimpleNamespace(segment_index=seg.index, quiet=None, nested=nested,
                                  words=words or seg.words, not_run=None, sudo=False)
            return parse, run
    raise AssertionError("no runner in %r" % line)


def analyze(line, **kw):
    parse, run = run_in(line, **kw)
    return masking.analyze(parse, run)


@pytest.mark.parametrize("line, masked, exit_kept, visible, reasons", [
    ("pnpm test", False, True, True, []),
    ("pytest 2>/dev/null", False, True, True, ["devnull:stderr"]),
    ("pnpm test | tail -5", True, False, True, ["pipe:tail"]),
    # with pipefail the exit is kept and a tail of 3 lines or more keeps the summary: not masked
    # (the spec: "without set -o pipefail the exit status is lost; tail keeps the summary")
    ("set -o pipefail; pnpm test | tail -5", False, True, True, []),
    ("set -euo pipefail\npnpm test | tail -5", False, True, True, []),
    ("set -o pipefail; set +o pipefail; pnpm test | tail -5", True, False, True, ["pipe:tail"]),
    ("(set -o pipefail); pnpm test | tail -5", True, False, True, ["pipe:tail"]),
    ("setopt pipefail; pnpm test | tail -5", False, True, True, []),
    ("set -o pipefail; pytest 2>&1 | tail -n 40", False, True, True, []),
    ("set -o pipefail; pytest 2>&1 | tail -n +3", False, True, True, []),
    ("set -o pipefail; pytest | tail -1", True, True, True, ["pipe:tail"]),        # one line: a summary at best
    ("set -o pipefail; pytest | tail -c 200", True, True, True, ["pipe:tail"]),    # bytes, not lines
    ('pytest -q | grep -E "passed|failed"', True, False, False, ["pipe:grep"]),
    ("tsc 2>&1 | grep -c error", True, False, False, ["pipe:grep"]),
    ("npm test || true", True, False, True, ["or-chain"]),
    ("npm test || echo failed", True, False, True, ["or-chain"]),
    ("npm test || exit 1", False, True, True, []),
    ("make lint; echo done", True, False, True, ["semicolon"]),
    ("make test; true", True, False, True, ["semicolon"]),
    ("pytest; exit $?", False, True, True, []),
    ("pytest; rc=$?; echo finished; exit $rc", False, True, True, []),
    ("pytest;", False, True, True, []),
    ("pytest > out.log", True, True, False, ["redirect:out.log"]),
    ("pytest >/dev/null", True, True, False, ["devnull:stdout"]),
    ("pytest &>/dev/null", True, True, False, ["devnull:both"]),
    ("pytest >/dev/null 2>&1", True, True, False, ["devnull:both"]),
    ("pytest 2>&1 >/dev/null", True, True, False, ["devnull:stdout"]),
    ("pytest 1>&2", False, True, True, []),
    ("! pytest", True, False, True, ["negated"]),
    ("pytest &", True, False, True, ["background"]),
    ("pytest && echo ok", False, True, True, []),
    ("pytest && echo ok || echo bad", True, False, True, ["or-chain"]),
    ("pytest && git add . && git commit -m x; echo done", True, False, True, ["semicolon"]),
    ("{ pytest; } | tail -3", True, False, True, ["pipe:tail"]),
    ("(cd sub && pytest) > log", True, True, False, ["redirect:log"]),
    ("if pytest; then echo ok; fi", True, False, True, ["condition"]),
    ("if true; then pytest; else echo no; fi", False, True, True, []),
    # an else branch that fails keeps the failure (dev set c-a046); no else, `exit 0`, elif: masked
    ("if pytest -q; then echo OK; else echo FAIL; exit 1; fi", False, True, True, []),
    ("if npm test; then echo ok; else false; fi", False, True, True, []),
    ("if make lint; then :; else exit $?; fi", False, True, True, []),
    ("if pytest; then echo ok; else echo bad; fi", True, False, True, ["condition"]),
    ("if pytest; then echo ok; else exit 0; fi", True, False, True, ["condition"]),
    ("if pytest; then echo ok; elif true; then :; else exit 1; fi", True, False, True, ["condition"]),
    ("if true; then pytest; echo x; fi", True, False, True, ["semicolon"]),
    ("for d in a b; do pytest $d; done", True, False, True, ["loop"]),
    ("pytest | xargs echo", True, False, False, ["pipe:xargs"]),
    ("pytest | tee out.txt", True, False, True, ["pipe:tee"]),
    ("pytest | cat", True, False, True, ["pipe:cat"]),
    # with pipefail a pass-through stage hides nothing: every line shown, the exit kept
    ("set -o pipefail; pytest | tee out.txt", False, True, True, []),
    ("set -euo pipefail\nnpm test 2>&1 | cat", False, True, True, []),
    ("setopt pipefail; go test ./... | tee -a log | less", False, True, True, []),
    # a `grep -v` of plain words no failure line needs drops noise: with pipefail nothing is hidden
    # (eighteenth session, the dev20 set); a failure word or regex syntax in it may drop failures
    ("set -o pipefail; pytest | tee out.txt | grep -v DEBUG", False, True, True, []),
    ("set -o pipefail; pytest | tee out.txt | grep -v FAIL", True, True, False, ["pipe:grep"]),
    ("set -o pipefail; pytest 2>&1 | grep -v '^E '", True, True, False, ["pipe:grep"]),
    ("pytest 2>&1 | grep -v DEBUG", True, False, False, ["pipe:grep"]),
    # an Xcode formatter prints every failure: with pipefail nothing is hidden, without it the exit is
    ("set -o pipefail && xcodebuild test -scheme App | xcpretty", False, True, True, []),
    ("set -o pipefail; xcodebuild build -scheme App | xcbeautify", False, True, True, []),
    ("xcodebuild test -scheme App | xcpretty", True, False, True, ["pipe:xcpretty"]),
    ("cat input | pytest", False, True, True, []),
    ("case $1 in u) pytest;; *) npm test;; esac", False, True, True, []),
])
def test_masking_table(line, masked, exit_kept, visible, reasons):
    mask = analyze(line)
    assert (mask.masked, mask.exit_preserved, mask.output_visible) == (masked, exit_kept, visible)
    assert mask.reasons == reasons


def test_tail_and_head_counts():
    assert analyze("pytest | tail -5").tail == 5
    assert analyze("pytest | tail -n 30").tail == 30
    assert analyze("pytest | tail -n30").tail == 30
    assert analyze("pytest | tail --lines=7").tail == 7
    assert analyze("pytest | tail").tail == 10
    assert analyze("pytest | tail -n +3").tail is None
    mask = analyze("pytest | head -20")
    assert (mask.head, mask.output_visible) == (20, False)


def test_grep_patterns_and_count_only():
    mask = analyze("pytest 2>&1 | grep -E 'passed|failed'")
    assert (mask.filtered, mask.patterns, mask.count_only) == (True, ["passed|failed"], False)
    assert analyze("pytest | grep -v -e warning").patterns == ["!warning"]
    assert analyze("pytest | grep -A 3 -B2 FAIL").patterns == ["FAIL"]
    assert analyze("tsc | grep -c error").count_only
    assert analyze("tsc | wc -l").count_only
    assert not analyze("tsc | wc -l | tail -1").count_only


def test_head_with_pipefail_records_sigpipe():
    """`| head` closes the pipe early: under pipefail the producer may die with SIGPIPE (141)."""
    mask = analyze("set -o pipefail; pytest | head -5")
    assert mask.sigpipe and "sigpipe:head" in mask.reasons
    assert not mask.exit_preserved
    mask = analyze("set -o pipefail; pytest | grep -q passed")
    assert mask.sigpipe and not mask.exit_preserved
    # without pipefail the exit is lost anyway; the risk is still recorded
    mask = analyze("pytest | head -5")
    assert mask.sigpipe and "sigpipe:head" not in mask.reasons


def test_quiet_flags_are_recorded_not_masking():
    for line in ("pytest -q", "npm test --silent", "npm -s test", "jest --reporter=dot",
                 "make -s test", "pytest --quiet"):
        mask = analyze(line)
        assert mask.quiet and not mask.masked, line
    assert not analyze("pytest -v").quiet


def test_catalog_quiet_wins_when_present():
    parse = shell.parse("pytest -v")
    run = SimpleNamespace(segment_index=0, quiet=True, nested=False, words=["pytest", "-v"])
    assert masking.analyze(parse, run).quiet


def test_nested_shell_combines_inner_masking():
    mask = analyze("bash -c 'pytest -q | tail -5' && echo ok", nested=True, words=["pytest", "-q"])
    assert mask.masked and not mask.exit_preserved
    assert mask.tail == 5 and "pipe:tail" in mask.reasons
    mask = analyze("bash -c 'pytest -q'", nested=True, words=["pytest", "-q"])
    assert not mask.masked


def test_followers_are_the_pipe_members_after_the_run():
    mask = analyze("cat x | pytest 2>&1 | tee o | tail -3; echo")
    assert [f.text for f in mask.followers] == ["tee o", "tail -3"]


def test_visibility_for_unwrapped_runs():
    assert unwrapped.visibility(analyze("pytest"), "1 passed") == (True, False)
    assert unwrapped.visibility(analyze("pytest | tail -5"), "1 passed") == (True, False)
    assert unwrapped.visibility(analyze("pytest | grep passed"), "1 passed") == (True, True)
    assert unwrapped.visibility(analyze("pytest | grep passed"), "") == (False, True)
    assert unwrapped.visibility(analyze("pytest | grep -c passed"), "3") == (False, True)
    assert unwrapped.visibility(analyze("pytest > log"), "") == (False, False)
    assert unwrapped.visibility(None, "x") == (True, False)


def test_odd_runs_do_not_raise():
    parse = shell.parse("pytest")
    for run in (None, SimpleNamespace(), SimpleNamespace(segment_index=7),
                SimpleNamespace(segment_index="0")):
        assert not masking.analyze(parse, run).masked


def test_with_the_catalog_when_present():
    catalog = pytest.importorskip("stalegreen.engine.catalog")
    if not hasattr(catalog, "find_runs"):
        pytest.skip("catalog.find_runs not there yet")
    parse = shell.parse("cd web && CI=1 npx vitest run 2>&1 | tail -20 || true")
    (run,) = [r for r in catalog.find_runs(parse) if r.not_run is None]
    mask = masking.analyze(parse, run)
    assert mask.masked and mask.tail == 20
    assert mask.reasons == ["pipe:tail", "or-chain"]


def test_masking_reasons_leave_out_notes():
    mask = analyze("set -o pipefail; pytest 2>err.log | head -3 || true")
    assert mask.reasons == ["stderr:err.log", "pipe:head", "sigpipe:head", "or-chain"]
    assert masking.masking_reasons(mask) == ["pipe:head", "or-chain"]


@pytest.mark.parametrize("line, masked", [
    ("pytest || exit 1", False),
    ("pytest || { echo failed; exit 1; }", False),
    ("pytest || echo failed && false", False),
    ("pytest || echo failed; exit 1", True),     # the line always exits 1: the status is lost
    ("pytest || true; exit $?", True),
    # the branch keeps the failure only when it exits non-zero or re-raises the status
    ("pytest || exit 0", True),
    ("mix test || exit 0", True),
    ("pytest || return 0", True),
    ("pytest || exit 256", True),
    ("pytest || exit $?", False),
    ("pytest || exit", False),
    ("pytest || exit 2", False),
    # a group's status is its last command's: one that only reports the failure ends in success
    ("cargo clippy -- -D warnings || { echo \"clippy failed\"; }", True),
    ("pytest || (echo failed)", True),
    ("pytest || { echo a; { echo b; }; }", True),
    ("pytest || { echo failed; false; }", False),
    ("pytest || (echo failed; exit 2)", False),
    ("pytest || { echo a; { echo b; exit 3; }; }", False),
    ("pytest || if true; then exit 1; fi", False),
    ("if pytest; then :; else { echo failed; }; fi", True),
    ("if pytest; then :; else { echo failed; exit 1; }; fi", False),
])
def test_or_chain_looks_only_at_its_own_branch(line, masked):
    assert analyze(line).masked is masked


def test_status_captured_after_a_pipe_is_the_filters():
    """`EXIT=$?` after `| tail` holds tail's status, so it does not keep the run's exit (peers'
    corner cases); `exit ${PIPESTATUS[0]}` as the last command does (test_catalog_dev13.py), a
    `PIPESTATUS` read after another command or of the filter's own slot does not."""
    for line in ("pytest | tail -5; EXIT=$?; exit $EXIT",
                 "pytest | tail -5; echo done; exit ${PIPESTATUS[0]}",
                 "pytest | tail -5; exit ${PIPESTATUS[1]}",
                 "pytest | head -3 || echo fallback"):
        mask = analyze(line)
        assert mask.masked and not mask.exit_preserved, line


# ---------------------------------------------------------------- exit echoes and read-backs

@pytest.mark.parametrize("line, output, exit_code", [
    ('pytest; echo "exit=$?"', "1 failed in 0.2s\nexit=1\n", 1),
    ("pytest -q; echo $?", "3 passed in 0.1s\n0\n", 0),
    ('npm test 2>&1 | tail -5; echo "rc ${PIPESTATUS[0]}"', "Tests: 3 passed\nrc 0\n", 0),
    ('npm test | tail -5; echo "npm ${PIPESTATUS[0]} tail ${PIPESTATUS[1]}"', "npm 2 tail 0\n", 2),
    ("pytest | tail -3; echo $pipestatus[1]", "4\n", 4),                      # zsh, 1-based
    ('pytest; rc=$?; echo "pytest rc: $rc"', "....\npytest rc: 2\n", 2),
    ('pytest; printf "exit code: %s\\n" $?', "exit code: 5\n", 5),
    ('pytest; echo "  exit: $? "', "exit: 3\n", 3),                          # spaces around the text
    ("pytest && echo \"ok $?\"", "ok 0\n", 0),
    ('pytest; echo "exit=$?"', "1 failed in 0.2s\n", None),                   # the line is not there
    ("pytest | tail -3; echo $?", "3 passed\n0\n", None),                    # tail's status, not pytest's
    ('pytest | tail -3; echo "${PIPESTATUS[1]}"', "0\n", None),              # tail's again
    ('pytest; echo "done"; echo "exit=$?"', "done\nexit=0\n", None),         # echo's status by then
    ('pytest; echo "exit=$?"', "exit=1 and more\n", None),                   # a full line only
    ('pytest | tail -3; echo "rc=${PIPESTATUS[0]:-$?}"', "rc=0\n", None),   # zsh: the pager's status
    ('pytest | head -5; echo "rc=${PIPESTATUS[0]}"', "rc=141\n", None),     # SIGPIPE from head
    ('pytest | tail -5; echo "rc=${PIPESTATUS[0]}"', "rc=141\n", 141),      # no early reader: as printed
])
def test_an_echoed_exit_status_is_read_back(line, output, exit_code):
    assert unwrapped.echoed_exit(analyze(line), output) == exit_code


def test_identical_status_echoes_go_to_their_own_runs_in_order():
    parse = shell.parse('pytest a; echo "exit $?"; pytest b; echo "exit $?"')
    runs = [SimpleNamespace(segment_index=i, quiet=None, nested=False, words=parse.segments[i].words,
                            not_run=None, sudo=False) for i in (0, 2)]
    masks = [masking.analyze(parse, run) for run in runs]
    assert [unwrapped.echoed_exit(m, "exit 1\nexit 0\n") for m in masks] == [1, 0]
    # one of the two lines lost (cut by a pager, say): no guessing which run it belongs to
    assert [unwrapped.echoed_exit(m, "exit 0\n") for m in masks] == [None, None]


def test_an_echoed_exit_unmasks_the_exit_but_not_a_hidden_output():
    piped = analyze('pytest | tail -5; echo "rc=${PIPESTATUS[0]}"')
    assert piped.masked and unwrapped.receipt_masking(piped) == (True, ["pipe:tail", "semicolon"])
    assert unwrapped.receipt_masking(piped, exit_echoed=True) == (False, [])
    redirected = analyze('pytest > out.txt; echo "rc=$?"')
    assert unwrapped.receipt_masking(redirected, exit_echoed=True) == (True, ["redirect:out.txt"])


@pytest.mark.parametrize("line, read_back", [
    ("pytest > out.txt 2>&1; cat out.txt", "out.txt"),
    ("pytest > ./out.txt 2>&1; echo done; tail -n 30 out.txt", "./out.txt"),
    ("pytest >/tmp/log 2>&1 || less /tmp/log", "/tmp/log"),
    ("pytest > out.txt; cat other.txt", None),
    ("pytest > out.txt; rm out.txt", None),
    ("cat out.txt; pytest > out.txt", None),                   # read before the run wrote it
    ("pytest 2> err.txt; cat err.txt", None),                  # stdout was never redirected
    # a reader that a failure skips shows nothing of the failure (found scoring own command lines)
    ("npm run build > build.log 2>&1 && tail -5 build.log", None),
    ("pytest > out.txt 2>&1 && echo ok && cat out.txt", None),
    ("pytest > out.txt 2>&1 && echo ok; cat out.txt", "out.txt"),
    ("pytest > o.txt 2>&1 || echo failed && cat o.txt", "o.txt"),
])
def test_redirected_output_read_back_later_is_visible(line, read_back):
    mask = analyze(line)
    assert mask.read_back == read_back
    assert unwrapped.visibility(mask, "whatever")[0] is bool(read_back) or not read_back


def test_a_read_back_leaves_only_the_exit_masking():
    mask = analyze("pytest > out.txt 2>&1; cat out.txt")
    assert unwrapped.receipt_masking(mask) == (True, ["semicolon"])
    assert unwrapped.receipt_masking(mask, exit_echoed=True) == (False, [])


def test_status_echo_regexes_compile_for_any_echo_text():
    """Whatever the echo prints around the status, its line regex is built from escaped pieces."""
    for text in ("exit: $? ", "\\\\ $? \\\\", "[$?]", "($?) *", "$? ${PIPESTATUS[0]} $(date) `x`", "a\\tb $?"):
        assert unwrapped.status_echo(analyze('pytest; echo "%s"' % text)) is not None, text
    # single quotes keep `$?` literal: the line printed is `exit $?`, never a number
    assert unwrapped.echoed_exit(analyze("pytest; echo 'exit $?'"), "exit $?\n") is None


# ---------------------------------------------------------------- the dev9 set's causes (2026-12-02)

def caught(line):
    """The line's first run as the catalog finds it, and its mask."""
    from stalegreen.engine import catalog

    parse = shell.parse(line)
    run = [r for r in catalog.find_runs(parse) if r.not_run is None][0]
    return parse, run, masking.analyze(parse, run)


@pytest.mark.parametrize("line, reasons", [
    ("flake8 --exit-zero --statistics .", ["exit-zero:--exit-zero"]),                        # c9-007
    ("golangci-lint run --issues-exit-code=0 ./internal/...", ["exit-zero:--issues-exit-code=0"]),  # c9-094
    ("pylint --exit-zero src/acme/db.py", ["exit-zero:--exit-zero"]),                        # c9-210
    ("golangci-lint run --issues-exit-code 0", ["exit-zero:--issues-exit-code 0"]),
    ("uv run ruff check --exit-zero .", ["exit-zero:--exit-zero"]),
    ("uv run python -m pylint --exit-zero src", ["exit-zero:--exit-zero"]),
    ("./mvnw test -Dmaven.test.failure.ignore=true", ["exit-zero:-Dmaven.test.failure.ignore=true"]),
    ("mvn -fn verify", ["exit-zero:-fn"]),
    ("bundle exec rspec --failure-exit-code 0", ["exit-zero:--failure-exit-code 0"]),
    ("make -i test", ["exit-zero:-i"]),
    ("hadolint --no-fail Dockerfile", ["exit-zero:--no-fail"]),
    ("sqlfluff lint --nofail models", ["exit-zero:--nofail"]),
    # a non-zero code, and words past `--` (the script's, not the checker's), hide nothing
    ("golangci-lint run --issues-exit-code=2", []),
    ("bundle exec rspec --failure-exit-code 3", []),
    ("pytest -- --suppress-tests-failed-exit-code", []),
])
def test_a_flag_that_makes_the_checker_exit_0_masks_its_exit(line, reasons):
    """`flake8 --exit-zero` exits 0 whatever it finds: the status says nothing (the findings may
    still show), so the run is masked, and no wrapper can bring the status back."""
    parse, run, mask = caught(line)
    assert mask.reasons == reasons
    assert mask.masked is bool(reasons) and mask.exit_preserved is not reasons
    if reasons:
        assert rewrite.wrap(parse, [run], ["r-1"], ["/tmp/r-1.log"], 40, [mask]) == (None, reasons[0])
        # an echoed `$?` is 0 whatever it found: the receipt stays masked
        assert unwrapped.receipt_masking(caught(line + '; echo "exit=$?"')[2], exit_echoed=True)[0]


@pytest.mark.parametrize("line, rerun", [
    ("flake8 --exit-zero --statistics . > out.txt", "flake8 --statistics ."),
    ("cd x && golangci-lint run --issues-exit-code 0 ./...", "golangci-lint run ./..."),
    ("uv run python -m pylint --exit-zero src", "uv run python -m pylint src"),
    ("bash -c 'ruff check --exit-zero .'", "ruff check ."),
    ("./mvnw -fn test -Dmaven.test.failure.ignore=true", "./mvnw test"),
    ("npx eslint . -f json -o reports/eslint.json", "npx eslint . -f json"),
    ("rubocop --format json --out=rubocop.json || true", "rubocop --format json"),
])
def test_the_rerun_leaves_out_the_flags_that_hid_the_result(line, rerun):
    from stalegreen.engine.rerun import rerun_text

    parse, run, _mask = caught(line)
    assert rerun_text(parse, run) == rerun


@pytest.mark.parametrize("line, reasons, read_back", [
    ("npx eslint . -f json -o reports/eslint.json", ["redirect:reports/eslint.json"], None),  # c9-056
    ("npx eslint src --output-file=eslint.txt", ["redirect:eslint.txt"], None),
    ("ruff check . -o ruff.txt", ["redirect:ruff.txt"], None),
    ("flake8 --output-file flake8.txt", ["redirect:flake8.txt"], None),
    ("bundle exec rubocop --format json --out rubocop.json", ["redirect:rubocop.json"], None),
    ("pylint src --output=pylint.txt", ["redirect:pylint.txt"], None),
    ("npx eslint . -o r.json; cat r.json", ["redirect:r.json", "semicolon"], "r.json"),
    # flake8's --tee prints the report as well; jest's --outputFile is a copy of its JSON
    ("flake8 --output-file flake8.txt --tee", [], None),
    ("npx jest --json --outputFile=jest.json", [], None),
])
def test_a_report_written_to_a_file_is_output_hidden(line, reasons, read_back):
    """`eslint -o report.json` prints nothing: the failure output never reaches the agent, as
    with `> report.json` (and a later `cat` of the file shows it, as with a redirect)."""
    _parse, _run, mask = caught(line)
    assert mask.reasons == reasons and mask.read_back == read_back
    assert mask.masked is bool(reasons) and mask.output_visible is not reasons
    assert mask.exit_preserved is ("semicolon" not in reasons)


@pytest.mark.parametrize("line, masked", [
    ("bash -o pipefail -c 'cargo test --all 2>&1 | tail -60'", False),                     # c9-112
    ("bash -euo pipefail -c 'cargo test --all 2>&1 | tail -60'", False),
    ("zsh -o pipefail -c 'pytest -q | tee out.log'", False),
    ("bash -o pipefail -ec 'cargo test | tail -40'", False),
    ("bash -c 'cargo test --all 2>&1 | tail -60'", True),          # pipefail off: tail's status
    ("bash -o pipefail -c 'cargo test | tail -2'", True),          # two lines: a summary at best
    ("bash -o pipefail -c 'cargo test | grep ok'", True),          # grep keeps some lines only
    ("bash -o pipefail -c 'set +o pipefail; cargo test | tail -30'", True),
])
def test_a_shell_started_with_pipefail_runs_its_script_with_it(line, masked):
    assert caught(line)[2].masked is masked


@pytest.mark.parametrize("line, masked, reasons", [
    ("pytest tests/slow -q & wait $!", False, []),                                         # c9-188
    ('pytest & pid=$!; wait "$pid"', False, []),
    ("pytest & wait ${!}", False, []),
    ("npm test & wait $! && echo ok", False, []),
    ("pytest & wait $!; echo done", True, ["semicolon"]),
    ("pytest & wait $! || true", True, ["or-chain"]),
    ("pytest & wait", True, ["background"]),                       # plain `wait` returns 0
    ("pytest & sleep 1; wait $!", True, ["background"]),
    ("pytest & pid=$!; wait $other", True, ["background"]),
    ("pytest & wait $! &", True, ["background"]),                  # the wait itself in the background
])
def test_a_background_run_waited_for_by_its_pid_keeps_its_status(line, masked, reasons):
    """`pytest & wait $!`: `wait` returns the run's status and its output goes where the line's
    does, so nothing is hidden; a bare `wait` returns 0."""
    _parse, _run, mask = caught(line)
    assert (mask.masked, mask.reasons, mask.background) == (masked, reasons, reasons == ["background"])

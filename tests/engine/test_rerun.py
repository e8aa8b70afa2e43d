"""The command a block or a strict-mode denial asks for is the run itself, unmasked."""

import pytest

from stalegreen.engine import catalog, core, shell
from stalegreen.engine.rerun import rerun_text
from stalegreen.engine import config as config_module
from stalegreen.engine import events as ev
from stalegreen.engine.store import MemorySession


@pytest.mark.parametrize("line, rerun", [
    ("pytest -q | tail -3", "pytest -q"),
    ("bash -c 'pytest -q 2>&1 | tail -3'", "pytest -q 2>&1"),
    ("sh -c 'pytest -q | tail'", "pytest -q"),
    ("env CI=1 bash -c 'pytest -q | tail -3'", "pytest -q"),
    ("bash -lc 'cd api && pytest -q | tail -3'", "cd api && pytest -q"),
    ("sudo -u ci bash -c \"sh -c 'npm test > /dev/null'\"", "npm test"),
])
def test_the_rerun_is_the_inner_run_without_what_hid_it(line, rerun):
    parse = shell.parse(line)
    [run] = catalog.find_runs(parse, None, "/w")
    assert rerun_text(parse, run) == rerun


MASKED = ("pytest -q | tail -3", "pytest -q > /dev/null | cat", "pytest -q || true", "pytest -q || exit 0",
          "pytest -q; echo done", "! pytest -q", "bash -c 'pytest -q 2>&1 | tail -3'",
          "env CI=1 sh -c 'pytest -q | grep passed'", "cd api && pytest -q 2>&1 | head -20",
          "bash -c 'cd api && npm test | tail -5'",
          # a checker's own flag made it exit 0 (dev9): the rerun leaves the flag out
          "flake8 --exit-zero --statistics .", "golangci-lint run --issues-exit-code 0 ./...",
          "uv run pylint --exit-zero src | tail -5")


@pytest.mark.parametrize("line", MASKED)
def test_strict_mode_never_denies_the_command_it_suggests(line):
    config = config_module.load("/nonexistent", home="/nonexistent")
    config["mode"] = "strict"

    def pre(command):
        event = ev.Event(ev.PRE_SHELL, "dsh", command=command, cwd="/w", rewrite_policy=ev.REWRITE_NONE)
        return core.handle(event, config, MemorySession("s"))

    denial = pre(line)
    assert denial.kind == ev.DENY, line
    suggested = denial.reason.split("Run `", 1)[1].split("` without the pipe", 1)[0]
    assert pre(suggested).kind != ev.DENY, (line, suggested)


@pytest.mark.parametrize("line, denied", [
    # the line prints the run's status itself and shows its output: its receipt is not masked,
    # so strict mode lets it run (dev set c-a023, c-a028, c-a044)
    ('pytest -q 2>&1 | tail -20; echo "EXIT: ${PIPESTATUS[0]}"', False),
    ('pytest -q; echo "exit=$?"', False),
    ('npm test > out.txt 2>&1; echo "exit=$?"; tail -30 out.txt', False),
    ('pytest -q | grep passed; echo "rc=${PIPESTATUS[0]}"', False),      # a known exit decides
    # the status is printed but the output is thrown away: still masked, denied
    ("npx webpack > /dev/null 2>&1; echo $?", True),
    ("pytest -q; echo done", True),
    ("pytest -q | tail -3", True),
    # the status printed is the 0 the flag forces (dev9)
    ('ruff check --exit-zero .; echo "exit=$?"', True),
])
def test_strict_mode_lets_a_line_that_prints_its_own_status_run(line, denied):
    config = config_module.load("/nonexistent", home="/nonexistent")
    config["mode"] = "strict"
    event = ev.Event(ev.PRE_SHELL, "dsh", command=line, cwd="/w", rewrite_policy=ev.REWRITE_NONE)
    assert (core.handle(event, config, MemorySession("s")).kind == ev.DENY) is denied

"""The Claude Code plugin route: the repository as a marketplace, installed with Claude's own
``claude plugin`` commands (no ``stalegreen install``), then a stale claim must be blocked; once
with the default python3 and once with the hooks on CPython 3.8, the oldest supported."""

import glob
import os

import pytest

from hostcli import driver
from hostcli.prerequisites import unavailable
from hostcli.scripts import edit, say, shell

pytestmark = pytest.mark.e2e

PLUGIN_DIR = os.path.join(driver.REPO, "installers", "claude-plugin")
MARKETPLACE = os.path.join(driver.REPO, ".claude-plugin", "marketplace.json")


# the oldest supported interpreter, from pyenv (the plugin's launcher honours STALEGREEN_PYTHON)
OLDEST_PYTHON = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.8.*/bin/python3.8")))


@pytest.mark.parametrize("python", ["python3 on PATH", "python3.8"])
def test_plugin_installed_from_the_repo_marketplace_blocks_a_stale_claim(make_project, make_host, python):
    if not (os.path.isdir(PLUGIN_DIR) and os.path.exists(MARKETPLACE)):
        pytest.skip("the Claude plugin (installers/claude-plugin, .claude-plugin/marketplace.json) is not in the repo")
    host = make_host("claude", make_project(), stalegreen=False)
    if python == "python3.8":
        if not OLDEST_PYTHON:
            unavailable("no CPython 3.8 under ~/.pyenv/versions")
        host.extra_env["STALEGREEN_PYTHON"] = OLDEST_PYTHON[-1]
    for args in (["plugin", "marketplace", "add", driver.REPO], ["plugin", "install", "stalegreen@stalegreen"]):
        done = host.run_cli(args)
        assert done.returncode == 0, "claude %s: %s%s" % (" ".join(args), done.stdout, done.stderr)

    session = host.run([shell("python3 -m pytest -q"), edit("calc/ops.py", "    return a * b", "    return b * a"),
                        say("All 3 tests pass."), shell("python3 -m pytest -q"), say("Re-ran: all 3 tests pass.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    receipts = session.receipts()
    assert len(receipts) == 2 and receipts[0]["verdict"] == "pass", session.describe()
    reasons = session.feedback()
    assert len(reasons) == 1 and "stale" in reasons[0].lower() and receipts[0]["id"] in reasons[0], \
        session.describe()
    assert session.hook_errors() == [], session.describe()

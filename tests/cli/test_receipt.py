"""``stalegreen receipt ID`` over a real store session."""

import json

from click.testing import CliRunner

from stalegreen.cli import cli
from tests.cli.store_seed import seed


def test_receipt_shows_json_and_log_tail(sg_home, git_repo):
    _, root = seed(sg_home, git_repo)
    result = CliRunner().invoke(cli, ["receipt", "r-0001", "--session", root])
    assert result.exit_code == 0, result.output
    head, _, tail = result.output.partition("Log tail (")
    assert head.startswith("Receipt:   r-0001\nCommand:   `pytest -q`\n")       # labelled lines, not JSON
    assert "Result:    pass" in head and "Counts:    5 passed" in head
    assert "{" not in head
    assert tail.splitlines()[-1] == "  5 passed in 0.21s"


def test_receipt_without_log_and_unknown_id(sg_home, git_repo):
    _, root = seed(sg_home, git_repo)
    result = CliRunner().invoke(cli, ["receipt", "r-0002", "--session", root, "--json"])
    data = json.loads(result.output)
    assert data["receipt"]["maskReason"] == "pipe:tail" and data["logTail"] == []
    missing = CliRunner().invoke(cli, ["receipt", "r-0099", "--session", root])
    assert missing.exit_code == 1

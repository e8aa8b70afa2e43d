"""``stalegreen redact``: a session seeded with known secrets comes out without any of them."""

import json
import os

from click.testing import CliRunner

from stalegreen.cli import cli
from tests.cli.store_seed import SECRETS, seed


def test_redact_masks_every_secret_and_relativises_paths(sg_home, git_repo, tmp_path):
    _, root = seed(sg_home, git_repo)
    out = tmp_path / "bundle.json"
    result = CliRunner().invoke(cli, ["redact", "--session", root, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 receipts, 1 edits, 1 stop verdicts" in result.output
    text = out.read_text()
    for name, secret in SECRETS.items():
        assert secret not in text, name
    assert str(git_repo) not in text and str(tmp_path) not in text
    assert os.stat(str(out)).st_mode & 0o077 == 0
    bundle = json.loads(text)
    assert bundle["session"] == root[:8] + "..."
    assert bundle["cwd"] == "<repo> (repo)"
    first = bundle["receipts"][0]
    assert first["cwd"] == "<repo>" and first["log"] is True and "toolUseId" not in first
    assert first["fingerprint"] == {"available": True, "ms": 12}
    assert bundle["edits"][0]["path"] == "<repo>/shop/cart.py"
    verdict = bundle["verdicts"][0]
    assert verdict["agent"] == "agent" and verdict["turn"] == "turn"
    claim = verdict["verdicts"][0]["claim"]
    assert claim["text"] == "All 5 tests pass"
    assert "Deployed with key" not in claim["sentence"]        # the agent's prose is gone
    log = bundle["logs"]["r-0001"]
    assert "[REDACTED]" in log and "<repo>/tests/test_cart.py" in log and "5 passed in 0.21s" in log


def test_redact_to_stdout_without_logs(sg_home, git_repo):
    _, root = seed(sg_home, git_repo)
    result = CliRunner().invoke(cli, ["redact", "--session", root, "--no-logs"])
    bundle = json.loads(result.output)
    assert "logs" not in bundle and len(bundle["receipts"]) == 2
    for secret in SECRETS.values():
        assert secret not in result.output


def test_redact_to_a_missing_directory_is_one_clear_error(sg_home, git_repo):
    seed(sg_home, git_repo)
    result = CliRunner().invoke(cli, ["redact", "--out", "/nonexistent/x.json"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: cannot write /nonexistent/x.json: directory /nonexistent does not exist"
    assert result.exception is None or isinstance(result.exception, SystemExit)

"""doctor on healthy and broken installs: each problem named, with the command that fixes it."""

import json
import os
import subprocess
import sys
import time

import pytest


class Sandbox:
    def __init__(self, tmp_path):
        self.home = tmp_path / "home"
        self.project = tmp_path / "project"
        self.home.mkdir()
        self.project.mkdir()
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("STALEGREEN_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "CODEX_BIN")}
        self.env.update(HOME=str(self.home), PATH="/usr/bin:/bin")
        self.settings = self.home / ".claude" / "settings.json"
        self.sg_home = self.home / ".stalegreen"

    def run(self, *args, check=True):
        result = subprocess.run([sys.executable, "-m", "stalegreen"] + list(args), cwd=str(self.project),
                                env=self.env, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise AssertionError("%s\n%s" % (result.stdout, result.stderr))
        return result

    def doctor(self):
        result = self.run("doctor", "--json", check=False)
        return result.returncode, json.loads(result.stdout)


@pytest.fixture
def sandbox(tmp_path):
    return Sandbox(tmp_path)


def problems(info):
    return " | ".join("%s => %s" % (p["problem"], p["fix"]) for p in info["problems"])


def test_healthy_install_exits_zero(sandbox):
    sandbox.run("install", "--claude")
    result = sandbox.run("doctor")
    assert "all good" in result.stdout
    assert "claude user    PostToolUse, PostToolUseFailure, PreToolUse, Stop, SubagentStop" in result.stdout
    code, info = sandbox.doctor()
    assert code == 0 and info["ok"] and info["executable"]["runs"] is True
    user = [l for l in info["locations"] if l["host"] == "claude" and l["scope"] == "user"][0]
    assert user["state"] == "installed" and user["missing"] == []


def test_deleted_executable_is_named_with_the_fix(sandbox):
    sandbox.run("install", "--claude")
    os.unlink(str(sandbox.sg_home / "bin" / "stalegreen.pyz"))
    result = sandbox.run("doctor", check=False)
    assert result.returncode == 1
    assert "stalegreen.pyz is missing" in result.stdout
    assert "fix: stalegreen install" in result.stdout


def test_settings_pointing_elsewhere_are_named(sandbox):
    sandbox.run("install", "--claude")
    settings = json.loads(sandbox.settings.read_text())
    handler = settings["hooks"]["Stop"][0]["hooks"][0]
    handler["command"] = handler["command"].replace(str(sandbox.sg_home), "/opt/gone/.stalegreen")
    sandbox.settings.write_text(json.dumps(settings, indent=2))
    code, info = sandbox.doctor()
    text = problems(info)
    assert code == 1
    assert "/opt/gone/.stalegreen/bin/stalegreen, which does not exist" in text
    assert "point elsewhere" in text and "stalegreen install --claude" in text


def test_missing_events_are_named(sandbox):
    sandbox.run("install", "--claude")
    settings = json.loads(sandbox.settings.read_text())
    del settings["hooks"]["PostToolUseFailure"]
    sandbox.settings.write_text(json.dumps(settings, indent=2))
    code, info = sandbox.doctor()
    assert code == 1 and "miss PostToolUseFailure" in problems(info)


def test_untrusted_codex_hooks_are_named(sandbox):
    sandbox.run("install", "--codex")
    code, info = sandbox.doctor()
    assert code == 1
    text = problems(info)
    assert "Codex has no trust recorded for 5 of our hooks" in text
    assert "stalegreen install --codex --trust" in text and "/hooks" in text


def test_codex_hooks_turned_off_are_named(sandbox):
    sandbox.run("install", "--codex")
    config = sandbox.home / ".codex" / "config.toml"
    config.write_text("[features]\nhooks = false\n")
    code, info = sandbox.doctor()
    assert "Codex hooks are turned off" in problems(info)


def test_bad_config_key_is_named(sandbox):
    sandbox.run("install", "--claude")
    (sandbox.sg_home / "config.json").write_text('{"polcy": "advisory", "tailLines": -3}\n')
    code, info = sandbox.doctor()
    text = problems(info)
    assert code == 1
    assert "unknown key 'polcy'" in text and "bad value for 'tailLines'" in text


def test_a_project_file_that_tries_to_loosen_the_gate_is_named(sandbox):
    sandbox.run("install", "--claude")
    (sandbox.project / ".stalegreen.json").write_text('{"policy": "advisory", "permission": "allow"}\n')
    code, info = sandbox.doctor()
    text = " | ".join(info["warnings"])
    assert 'tried to set policy="advisory"; kept "block"' in text and 'tried to set permission="allow"' in text
    assert info["config"]["policy"] == "block"


def test_corrupt_settings_are_named_with_the_line(sandbox):
    sandbox.settings.parent.mkdir(parents=True)
    sandbox.settings.write_text('{\n  "hooks": {\n    "Stop": [,]\n  }\n}\n')
    code, info = sandbox.doctor()
    assert code == 1 and "line 3" in problems(info)


def test_plugin_and_settings_hooks_together_are_named(sandbox):
    sandbox.run("install", "--claude")
    settings = json.loads(sandbox.settings.read_text())
    settings["enabledPlugins"] = {"stalegreen@stalegreen": True}
    sandbox.settings.write_text(json.dumps(settings, indent=2))
    code, info = sandbox.doctor()
    assert code == 1 and "stalegreen runs twice in Claude Code" in problems(info)


def test_store_errors_and_prune(sandbox):
    from stalegreen.engine import store

    sandbox.run("install", "--claude")
    home = str(sandbox.sg_home)
    old = store.Store(home).session("old-session")
    old.append("receipts", {"id": "r-0001", "cmd": "pytest", "verdict": "pass"})
    fresh = store.Store(home).session("fresh-session")
    fresh.append("verdicts", {"ts": "2026-11-29T10:00:00Z", "event": "Stop", "blocked": True,
                              "verdicts": [{"claim": "all tests pass", "verdict": "STALE"}]})
    store.record_error("claude:PreToolUse", ValueError("boom"), home=home)
    long_ago = time.time() - 90 * 86400
    for folder, _, names in os.walk(old.dir):
        for name in names + [""]:
            os.utime(os.path.join(folder, name), (long_ago, long_ago))

    text = sandbox.run("doctor").stdout
    assert "2 sessions" in text and "1 hook errors" in text
    assert "ValueError: boom" in text and "BLOCKED" in text

    result = sandbox.run("doctor", "--prune", "--json")
    info = json.loads(result.stdout)
    assert info["pruned"] == ["old-session"] and info["pruneAge"] == "30d"
    assert store.Store(home).sessions() == ["fresh-session"]

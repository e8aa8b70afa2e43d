"""install/uninstall in a sandbox HOME, through the real command line (a subprocess each time).

What must hold: install twice leaves identical bytes, uninstall gives back the original bytes
(or removes what install created), other tools' hooks and keys survive, and a file that does not
parse is never written.
"""

import json
import os
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
E2E_CACHE = os.environ.get("STALEGREEN_E2E_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-e2e")
E2E_CODEX = os.environ.get("STALEGREEN_CODEX_BIN") or os.path.join(E2E_CACHE, "codex", "node_modules",
                                                                   ".bin", "codex")

OTHER_SETTINGS = """{
    "model": "opus",
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "guard --strict"}]}
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
    },
    "permissions": {"allow": ["Bash(ls:*)"]},
    "note": "caf\u00e9 \u2713"
}
"""

OTHER_CODEX_HOOKS = """{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "^Bash$",
        "hooks": [
          {
            "type": "command",
            "command": "audit-log"
          }
        ]
      }
    ]
  }
}
"""

CODEX_CONFIG = """# my codex settings
model = "gpt-5.1-codex"   # keep this comment

[features]
# hooks are off while I debug
hooks = false

[analytics]
enabled = false
"""


class Sandbox:
    """An empty HOME with its own Claude, Codex and stalegreen directories, and a project dir."""

    def __init__(self, tmp_path):
        self.home = tmp_path / "home"
        self.project = tmp_path / "project"
        self.home.mkdir()
        self.project.mkdir()
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("STALEGREEN_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "CODEX_BIN")}
        self.env["HOME"] = str(self.home)
        self.env["PATH"] = "/usr/bin:/bin"          # no dsh, no codex, no pyenv shims

    @property
    def claude_settings(self):
        return self.home / ".claude" / "settings.json"

    @property
    def codex_hooks(self):
        return self.home / ".codex" / "hooks.json"

    @property
    def codex_config(self):
        return self.home / ".codex" / "config.toml"

    @property
    def sg_home(self):
        return self.home / ".stalegreen"

    def write(self, path, text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))

    def run(self, *args, cwd=None, check=True, env=None):
        result = subprocess.run([sys.executable, "-m", "stalegreen"] + list(args),
                                cwd=str(cwd or self.project), env=dict(self.env, **(env or {})),
                                capture_output=True, text=True)
        if check and result.returncode != 0:
            raise AssertionError("stalegreen %s failed (%d):\n%s\n%s"
                                 % (" ".join(args), result.returncode, result.stdout, result.stderr))
        return result

    def snapshot(self, *paths):
        return {str(p): (p.read_bytes() if p.exists() else None) for p in paths}


@pytest.fixture
def sandbox(tmp_path):
    return Sandbox(tmp_path)


def our_commands(settings_path, host):
    settings = json.loads(settings_path.read_text())
    found = {}
    for event, groups in settings.get("hooks", {}).items():
        for group in groups:
            for handler in group.get("hooks", []):
                if " hook %s " % host in handler.get("command", ""):
                    found.setdefault(event, []).append((group.get("matcher"), handler))
    return found


def test_user_scope_install_twice_then_uninstall_gives_back_original_bytes(sandbox):
    sandbox.write(sandbox.claude_settings, OTHER_SETTINGS)
    sandbox.write(sandbox.codex_hooks, OTHER_CODEX_HOOKS)
    sandbox.write(sandbox.codex_config, CODEX_CONFIG)
    files = (sandbox.claude_settings, sandbox.codex_hooks, sandbox.codex_config)
    before = sandbox.snapshot(*files)

    result = sandbox.run("install", "--all")
    out = result.stdout
    assert "IMPORTANT: Codex will skip these hooks until you trust them: codex is not on PATH" in result.stderr
    assert "dsh plugin" in out          # dsh is not on PATH: the command is printed

    claude = our_commands(sandbox.claude_settings, "claude")
    assert sorted(claude) == ["PostToolUse", "PostToolUseFailure", "PreToolUse", "Stop",
                              "SubagentStop", "UserPromptSubmit"]
    matcher, handler = claude["PreToolUse"][0]
    assert matcher == "Bash" and handler["timeout"] == 10
    words = shlex.split(handler["command"])
    assert words[1:4] == ["-I", "-S", str(sandbox.sg_home / "bin" / "stalegreen")]
    assert (sandbox.sg_home / "bin" / "stalegreen.pyz").is_file()
    assert os.path.isabs(words[0]) and "shims" not in words[0]
    assert words[4:] == ["hook", "claude", "PreToolUse"]
    assert claude["PostToolUseFailure"][0][0] == claude["PostToolUse"][0][0]
    assert "mcp__" in claude["PostToolUse"][0][0]

    settings = json.loads(sandbox.claude_settings.read_text())
    assert list(settings) == ["model", "hooks", "permissions", "note"]
    assert settings["note"] == "caf\u00e9 \u2713"
    assert settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"] == "guard --strict"
    assert settings["hooks"]["Stop"][0]["hooks"][0]["command"] == "notify-send done"
    assert '\n    "model"' in sandbox.claude_settings.read_text()       # 4-space indent kept
    assert "caf\u00e9" in sandbox.claude_settings.read_text()             # not \\u-escaped

    codex = our_commands(sandbox.codex_hooks, "codex")
    assert codex["PreToolUse"][0][0] == "^Bash$"
    hooks = json.loads(sandbox.codex_hooks.read_text())["hooks"]
    assert hooks["PostToolUse"][0]["hooks"][0]["command"] == "audit-log"

    config = sandbox.codex_config.read_text()
    assert "hooks = true" in config and "hooks = false" not in config
    assert "# hooks are off while I debug" in config and "# keep this comment" in config

    installed = sandbox.snapshot(*files)
    sandbox.run("install", "--all")
    assert sandbox.snapshot(*files) == installed

    sandbox.run("uninstall", "--all")
    assert sandbox.snapshot(*files) == before


def test_project_scope_creates_files_and_uninstall_removes_them(sandbox):
    sandbox.write(sandbox.claude_settings, OTHER_SETTINGS)
    user_before = sandbox.claude_settings.read_bytes()
    sandbox.run("install", "--claude", "--codex", "--project")
    project_claude = sandbox.project / ".claude" / "settings.json"
    project_codex = sandbox.project / ".codex" / "hooks.json"
    assert our_commands(project_claude, "claude") and our_commands(project_codex, "codex")
    assert sandbox.claude_settings.read_bytes() == user_before
    assert not sandbox.codex_hooks.exists()
    snap = sandbox.snapshot(project_claude, project_codex)
    sandbox.run("install", "--claude", "--codex", "--project")
    assert sandbox.snapshot(project_claude, project_codex) == snap

    out = sandbox.run("uninstall", "--all", "--project").stdout
    assert "deleted" in out and "Removed the executable" in out
    assert sorted(os.listdir(str(sandbox.project))) == []
    assert not (sandbox.sg_home / "bin").exists()
    assert sandbox.claude_settings.read_bytes() == user_before


def test_user_edits_after_install_survive_uninstall(sandbox):
    sandbox.write(sandbox.claude_settings, OTHER_SETTINGS)
    sandbox.run("install", "--claude")
    settings = json.loads(sandbox.claude_settings.read_text())
    settings["theme"] = "dark"
    settings["hooks"]["PostToolUse"].insert(0, {"matcher": "Edit", "hooks": [
        {"type": "command", "command": "prettier-hook"}]})
    sandbox.claude_settings.write_text(json.dumps(settings, indent=4) + "\n")

    out = sandbox.run("uninstall", "--claude").stdout
    assert "other changes kept" in out
    after = json.loads(sandbox.claude_settings.read_text())
    assert after["theme"] == "dark"
    assert not our_commands(sandbox.claude_settings, "claude")
    assert after["hooks"]["PostToolUse"] == [{"matcher": "Edit", "hooks": [
        {"type": "command", "command": "prettier-hook"}]}]
    assert [g["hooks"][0]["command"] for g in after["hooks"]["PreToolUse"]] == ["guard --strict"]
    assert "PostToolUseFailure" not in after["hooks"]      # install created it, so it goes


def test_corrupt_settings_are_never_written(sandbox):
    broken = '{\n  "model": "opus",\n  "hooks": {,\n}\n'
    sandbox.write(sandbox.claude_settings, broken)
    result = sandbox.run("install", "--all", check=False)
    assert result.returncode == 1
    assert str(sandbox.claude_settings) in result.stderr and "line 3" in result.stderr
    assert sandbox.claude_settings.read_bytes() == broken.encode()
    assert not sandbox.codex_hooks.exists()                    # nothing half-done elsewhere
    assert not (sandbox.sg_home / "bin").exists()


def test_corrupt_codex_config_is_never_written(sandbox):
    broken = "[features]\nhooks = \n"
    sandbox.write(sandbox.codex_config, broken)
    result = sandbox.run("install", "--codex", check=False)
    assert result.returncode == 1
    assert str(sandbox.codex_config) in result.stderr and "line 2" in result.stderr
    assert sandbox.codex_config.read_text() == broken
    assert not sandbox.codex_hooks.exists()


def test_settings_that_are_not_an_object_are_refused(sandbox):
    sandbox.write(sandbox.claude_settings, '{"hooks": []}\n')
    result = sandbox.run("install", "--claude", check=False)
    assert result.returncode == 1 and '"hooks" is not an object' in result.stderr
    assert sandbox.claude_settings.read_text() == '{"hooks": []}\n'


def test_advisory_and_permission_land_in_config_and_are_undone(sandbox):
    sandbox.sg_home.mkdir(mode=0o700)
    (sandbox.sg_home / "config.json").write_text('{\n  "tailLines": 80\n}\n')
    sandbox.run("install", "--claude", "--advisory", "--permission", "ask")
    config = json.loads((sandbox.sg_home / "config.json").read_text())
    assert config == {"tailLines": 80, "policy": "advisory", "permission": "ask"}
    sandbox.run("uninstall", "--all")
    assert (sandbox.sg_home / "config.json").read_text() == '{\n  "tailLines": 80\n}\n'


def test_dry_run_writes_nothing(sandbox):
    sandbox.write(sandbox.claude_settings, OTHER_SETTINGS)
    result = sandbox.run("install", "--all", "--dry-run", "--advisory")
    assert "would update" in result.stdout
    assert sandbox.claude_settings.read_text() == OTHER_SETTINGS
    assert not sandbox.sg_home.exists() and not sandbox.codex_hooks.exists()


def test_installed_hook_command_runs_without_the_installing_environment(sandbox, git_repo):
    sandbox.run("install", "--claude", "--codex")
    for settings_path, host, event, payload in [
        (sandbox.claude_settings, "claude", "PreToolUse",
         {"session_id": "s1", "transcript_path": str(sandbox.home / "t.jsonl"), "cwd": str(git_repo),
          "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"},
          "tool_use_id": "toolu_1"}),
        (sandbox.codex_hooks, "codex", "Stop",
         {"session_id": "s2", "turn_id": "t1", "transcript_path": None, "cwd": str(git_repo),
          "hook_event_name": "Stop", "model": "m", "stop_hook_active": False,
          "last_assistant_message": "I looked around."}),
    ]:
        command = our_commands(settings_path, host)[event][0][1]["command"]
        result = subprocess.run(["sh", "-c", command], input=json.dumps(payload), text=True,
                                capture_output=True, cwd=str(git_repo),
                                env={"HOME": str(sandbox.home), "PATH": "/usr/bin:/bin"})
        assert result.returncode == 0, result.stderr
        if host == "codex":
            assert json.loads(result.stdout) == {}          # Codex Stop must print JSON to allow
        else:
            assert result.stdout == ""                     # `ls` is not a verification run


def test_bytecode_cache_is_written_for_the_registering_interpreter(sandbox):
    sandbox.run("install", "--claude")
    command = our_commands(sandbox.claude_settings, "claude")["Stop"][0][1]["command"]
    python, pyz = shlex.split(command)[0], shlex.split(command)[3] + ".pyz"
    probe = ("import sys; sys.path.insert(0, %r); from stalegreen.install import bytecode; "
             "print(bytecode.cache_dir(%r, bytecode.read_build_id(%r)))" % (ROOT, pyz, pyz))
    cache = subprocess.run([python, "-I", "-c", probe], capture_output=True, text=True).stdout.strip()
    assert os.path.isfile(os.path.join(cache, "stalegreen", "hook.pyc"))
    assert os.path.isfile(os.path.join(cache, "click", "core.pyc"))


def test_entries_of_older_installs_are_recognised_and_replaced(sandbox):
    legacy = {"hooks": {
        "PreToolUse": [{"hooks": [{"type": "command", "timeout": 10,
                                   "command": "node /elsewhere/.stalegreen/bin/hook.js claude PreToolUse"}],
                        "matcher": "Bash"}],
        "Stop": [{"hooks": [{"type": "command",
                             "command": "python3 '/opt/old home/bin/stalegreen.pyz' hook claude Stop"}]}]}}
    sandbox.write(sandbox.claude_settings, json.dumps(legacy, indent=2) + "\n")
    sandbox.run("install", "--claude")
    settings = json.loads(sandbox.claude_settings.read_text())
    for event in ("PreToolUse", "Stop"):
        commands = [h["command"] for g in settings["hooks"][event] for h in g["hooks"]]
        assert len(commands) == 1 and str(sandbox.sg_home) in commands[0]
    sandbox.run("uninstall", "--claude")
    assert "hooks" not in json.loads(sandbox.claude_settings.read_text())


def test_symlinked_settings_stay_a_symlink(sandbox, tmp_path):
    dotfiles = tmp_path / "dotfiles" / "claude-settings.json"
    sandbox.write(dotfiles, OTHER_SETTINGS)
    sandbox.claude_settings.parent.mkdir(parents=True)
    os.symlink(str(dotfiles), str(sandbox.claude_settings))
    sandbox.run("install", "--claude")
    assert os.path.islink(str(sandbox.claude_settings))
    assert our_commands(dotfiles, "claude")
    sandbox.run("uninstall", "--claude")
    assert dotfiles.read_text() == OTHER_SETTINGS and os.path.islink(str(sandbox.claude_settings))


def test_claude_config_dir_and_codex_home_are_respected(sandbox, tmp_path):
    env = {"CLAUDE_CONFIG_DIR": str(tmp_path / "cc"), "CODEX_HOME": str(tmp_path / "cx")}
    sandbox.run("install", "--claude", "--codex", env=env)
    assert our_commands(tmp_path / "cc" / "settings.json", "claude")
    assert our_commands(tmp_path / "cx" / "hooks.json", "codex")
    assert not sandbox.claude_settings.exists() and not sandbox.codex_hooks.exists()
    sandbox.run("uninstall", "--claude", "--codex", env=env)
    assert not (tmp_path / "cc" / "settings.json").exists()


def test_enabled_plugin_is_not_doubled_by_settings_hooks(sandbox):
    sandbox.write(sandbox.claude_settings, '{"enabledPlugins": {"stalegreen@stalegreen": true}}\n')
    out = sandbox.run("install", "--claude").stdout
    assert "plugin is enabled" in out and "Skipped" in out
    assert not our_commands(sandbox.claude_settings, "claude")
    out = sandbox.run("install", "--claude", "--force").stdout
    assert "hooks run twice" in out
    assert our_commands(sandbox.claude_settings, "claude")


@pytest.mark.skipif(not (os.access(E2E_CODEX, os.X_OK) or os.environ.get("CODEX_BIN")),
                    reason="the real codex CLI is not installed (.ci/setup.d installs it)")
def test_trust_records_the_hashes_codex_reports(sandbox):
    codex_bin = os.environ.get("CODEX_BIN") or E2E_CODEX
    sandbox.write(sandbox.codex_config, CODEX_CONFIG.replace("hooks = false", "plugins = false"))
    out = sandbox.run("install", "--codex", "--trust", env={"CODEX_BIN": codex_bin}).stdout
    assert "recorded Codex trust for 5 hooks" in out
    config = sandbox.codex_config.read_text()
    assert config.count("trusted_hash = \"sha256:") == 5 and "# keep this comment" in config
    again = sandbox.run("install", "--codex", "--trust", env={"CODEX_BIN": codex_bin}).stdout
    assert "already trusts our 5 hooks" in again
    sandbox.run("uninstall", "--codex")
    assert sandbox.codex_config.read_text() == CODEX_CONFIG.replace("hooks = false", "plugins = false")


@pytest.mark.skipif(not (os.access(E2E_CODEX, os.X_OK) or os.environ.get("CODEX_BIN")),
                    reason="the real codex CLI is not installed (.ci/setup.d installs it)")
def test_project_trust_marks_the_project_and_its_hooks_then_uninstall_undoes_both(sandbox):
    env = {"CODEX_BIN": os.environ.get("CODEX_BIN") or E2E_CODEX}
    out = sandbox.run("install", "--codex", "--project", "--trust", env=env).stdout
    assert "marked %s as a trusted project" % sandbox.project in out
    assert "recorded Codex trust for 5 hooks" in out
    doctor = sandbox.run("doctor", "--json", env=env, check=False)
    project = [l for l in json.loads(doctor.stdout)["locations"]
               if l["host"] == "codex" and l["scope"] == "project"][0]
    assert project["trust"] == "trusted"
    sandbox.run("uninstall", "--codex", "--project", env=env)
    assert not sandbox.codex_config.exists()
    assert not (sandbox.project / ".codex").exists()


def test_a_group_shared_with_another_tool_keeps_the_other_handler(sandbox):
    shared = {"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "notify-send done"},
        {"type": "command", "command": "python3 /old/stalegreen.pyz hook claude Stop"}]}]}}
    sandbox.write(sandbox.claude_settings, json.dumps(shared, indent=2) + "\n")
    sandbox.run("install", "--claude")
    groups = json.loads(sandbox.claude_settings.read_text())["hooks"]["Stop"]
    assert groups[0] == {"hooks": [{"type": "command", "command": "notify-send done"}]}
    assert len(groups) == 2 and str(sandbox.sg_home) in groups[1]["hooks"][0]["command"]
    sandbox.run("uninstall", "--claude")
    after = json.loads(sandbox.claude_settings.read_text())
    assert after["hooks"]["Stop"] == [{"hooks": [{"type": "command", "command": "notify-send done"}]}]


# ------------------------------------------------------------------ what a newcomer runs into

def test_version_has_a_short_flag(sandbox):
    for flag in ("-V", "--version"):
        assert sandbox.run(flag).stdout.startswith("stalegreen, version ")


def test_blocking_turns_advisory_back_off(sandbox):
    sandbox.run("install", "--claude", "--advisory")
    assert json.loads((sandbox.sg_home / "config.json").read_text())["policy"] == "advisory"
    out = sandbox.run("install", "--claude", "--blocking").stdout
    assert "Set policy=block" in out
    assert json.loads((sandbox.sg_home / "config.json").read_text())["policy"] == "block"


def test_dry_run_shows_diffs_and_says_create_for_a_missing_file(sandbox):
    sandbox.write(sandbox.claude_settings, OTHER_SETTINGS)
    out = sandbox.run("install", "--claude", "--codex", "--dry-run").stdout
    assert "Claude Code: would update %s" % sandbox.claude_settings in out
    assert "Codex: would create %s" % sandbox.codex_hooks in out
    lines = out.splitlines()
    assert "--- %s" % sandbox.claude_settings in lines and "+++ %s" % sandbox.claude_settings in lines
    assert "--- /dev/null" in lines and "+++ %s" % sandbox.codex_hooks in lines
    assert any(l.startswith("+") and "hook claude Stop" in l for l in lines)
    assert any(l.startswith(" ") and '"model": "opus"' in l for l in lines)     # context of the user's file
    assert sandbox.claude_settings.read_text() == OTHER_SETTINGS and not sandbox.codex_hooks.exists()


def test_install_without_a_flag_takes_the_hosts_found(sandbox):
    none = sandbox.run("install", check=False)
    assert none.returncode == 2 and "no Claude Code, Codex or dsh found" in none.stderr
    (sandbox.home / ".claude").mkdir()
    out = sandbox.run("install").stdout
    assert "Hosts found on this machine: claude" in out
    assert our_commands(sandbox.claude_settings, "claude") and not sandbox.codex_hooks.exists()


def test_every_uninstall_option_is_described(sandbox):
    text = sandbox.run("uninstall", "--help").stdout
    options = [line.split()[0].rstrip(",") for line in text.splitlines() if line.startswith("  -")]
    assert "--purge" in options and "--claude" in options
    for line in text.splitlines():
        if line.startswith("  -"):
            words = line.split("  ")
            assert len([w for w in words if w.strip()]) >= 2, "no description: %r" % line


def test_uninstall_purge_removes_the_store_after_asking(sandbox):
    sandbox.run("install", "--claude")
    (sandbox.sg_home / "sessions").mkdir(exist_ok=True)
    assert sandbox.run("uninstall", "--claude", "--purge", check=False).returncode == 2   # only with --all
    kept = subprocess.run([sys.executable, "-m", "stalegreen", "uninstall", "--all", "--purge"], input="n\n",
                          cwd=str(sandbox.project), env=sandbox.env, capture_output=True, text=True)
    assert kept.returncode == 0 and "Kept %s" % sandbox.sg_home in kept.stdout
    assert (sandbox.sg_home / "sessions").is_dir()
    sandbox.run("install", "--claude")
    out = sandbox.run("uninstall", "--all", "--purge", "--yes").stdout
    assert "Deleted %s" % sandbox.sg_home in out and not sandbox.sg_home.exists()
    assert "Stop" not in json.loads(sandbox.claude_settings.read_text()).get("hooks", {}) \
        if sandbox.claude_settings.exists() else True


def test_link_puts_stalegreen_on_path_and_messages_name_it(sandbox):
    local_bin = sandbox.home / ".local" / "bin"
    sandbox.env["PATH"] = "%s:/usr/bin:/bin" % local_bin
    out = sandbox.run("install", "--claude").stdout        # ~/.local/bin on PATH: linked by default
    link = local_bin / "stalegreen"
    assert os.readlink(str(link)) == str(sandbox.sg_home / "bin" / "stalegreen")
    assert "Run `stalegreen doctor` to check the installation." in out
    doctor = subprocess.run(["stalegreen", "doctor"], cwd=str(sandbox.project), env=sandbox.env,
                            capture_output=True, text=True)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    sandbox.run("uninstall", "--all")
    assert not os.path.lexists(str(link))


def test_messages_name_the_launcher_when_stalegreen_is_not_on_path(sandbox):
    out = sandbox.run("install", "--claude").stdout
    launcher = sandbox.sg_home / "bin" / "stalegreen"
    assert "Run `%s doctor` to check the installation." % launcher in out
    assert not (sandbox.home / ".local" / "bin" / "stalegreen").exists()      # not on PATH: no link
    assert subprocess.run([str(launcher), "doctor"], cwd=str(sandbox.project), env=sandbox.env,
                          capture_output=True).returncode == 0


def test_explicit_trust_without_codex_fails_loudly(sandbox):
    result = sandbox.run("install", "--codex", "--trust", check=False)
    assert result.returncode == 1
    assert "IMPORTANT: Codex will skip these hooks until you trust them: codex is not on PATH" in result.stderr


@pytest.mark.skipif(not os.access(E2E_CODEX, os.X_OK), reason="the real codex CLI is not installed")
def test_install_trusts_the_hooks_it_wrote_when_codex_is_there(sandbox):
    out = sandbox.run("install", "--codex", env={"CODEX_BIN": E2E_CODEX}).stdout
    assert "recorded Codex trust for 5 hooks" in out
    skipped = sandbox.run("install", "--codex", "--no-trust", env={"CODEX_BIN": E2E_CODEX})
    assert "Codex already trusts" not in skipped.stdout and "--no-trust" in skipped.stderr

"""doctor on healthy and broken installs: each problem named, with the command that fixes it."""

import json
import os
import shutil
import subprocess
import sys
import time

import pytest
import shlex

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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
    assert "fix: %s -m stalegreen install --claude" % sys.executable in result.stdout


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


# ------------------------------------------------- every broken state: doctor's fix, run as printed

E2E_CACHE = os.environ.get("STALEGREEN_E2E_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-e2e")
E2E_CODEX = os.environ.get("STALEGREEN_CODEX_BIN") or os.path.join(E2E_CACHE, "codex", "node_modules",
                                                                   ".bin", "codex")


def printed_fix(info, needle):
    """The fix doctor printed for the problem naming ``needle``, as a shell line (the words after
    three spaces and a parenthesis are an explanation, not part of the command)."""
    fixes = [p["fix"] for p in info["problems"] if needle in p["problem"]]
    assert fixes, "no problem mentions %r: %s" % (needle, problems(info))
    fix = fixes[0].split("   (")[0]
    return fix.split("or run: ", 1)[1] if "or run: " in fix else fix


def run_printed_fix(sandbox, info, needle, env=None):
    fix = printed_fix(info, needle)
    result = subprocess.run(["sh", "-c", fix], cwd=str(sandbox.project), env=dict(sandbox.env, **(env or {})),
                            capture_output=True, text=True)
    assert result.returncode == 0, "fix %r failed:\n%s\n%s" % (fix, result.stdout, result.stderr)
    return fix


def assert_healthy(sandbox, env=None):
    result = subprocess.run([sys.executable, "-m", "stalegreen", "doctor", "--json"], cwd=str(sandbox.project),
                            env=dict(sandbox.env, **(env or {})), capture_output=True, text=True)
    info = json.loads(result.stdout)
    assert result.returncode == 0 and info["ok"], problems(info)
    assert info["executable"]["runs"] is True


def test_fix_for_a_deleted_zipapp_reinstalls_it(sandbox):
    sandbox.run("install", "--claude")
    os.unlink(str(sandbox.sg_home / "bin" / "stalegreen.pyz"))
    code, info = sandbox.doctor()
    assert code == 1
    fix = run_printed_fix(sandbox, info, "stalegreen.pyz is missing")
    assert fix.endswith("install --claude")        # what was registered, not every host
    assert_healthy(sandbox)


def _zipapp_install(sandbox, tmp_path):
    """The zipapp route: a stalegreen.pyz somewhere, `python3 stalegreen.pyz install --claude`."""
    sandbox.run("install", "--claude")
    source = tmp_path / "download" / "stalegreen.pyz"
    source.parent.mkdir()
    source.write_bytes((sandbox.sg_home / "bin" / "stalegreen.pyz").read_bytes())
    subprocess.run(["python3", str(source), "install", "--claude"], cwd=str(sandbox.project), env=sandbox.env,
                   check=True, capture_output=True)
    return source


def test_zipapp_user_deleted_zipapp_launcher_refuses_to_build_and_doctor_names_the_download(sandbox, tmp_path):
    source = _zipapp_install(sandbox, tmp_path)
    pyz = sandbox.sg_home / "bin" / "stalegreen.pyz"
    launcher = str(sandbox.sg_home / "bin" / "stalegreen")
    pyz.unlink()
    # the only `stalegreen` a zipapp user has: it must not write a pyz built from bytecode alone
    again = subprocess.run([launcher, "install", "--claude"], cwd=str(sandbox.project), env=sandbox.env,
                           capture_output=True, text=True)
    assert again.returncode == 1 and not pyz.exists(), again.stdout + again.stderr
    assert "nothing to copy or build it from" in again.stderr and str(source) in again.stderr
    doctor = subprocess.run([launcher, "doctor", "--json"], cwd=str(sandbox.project), env=sandbox.env,
                            capture_output=True, text=True)
    info = json.loads(doctor.stdout)
    assert printed_fix(info, "is missing") == "python3 %s install --claude" % source
    run_printed_fix(sandbox, info, "is missing")
    assert_healthy(sandbox)


def _with_dependencies(env):
    """``env`` for the base interpreter (outside the suite's virtual environment) running this
    checkout: the checkout and the folders the suite's own click, platformdirs and tomlkit come
    from, so the test does not depend on what the machine's base Python has installed."""
    import click
    import platformdirs
    import tomlkit

    folders = [REPO] + sorted(set(os.path.dirname(os.path.dirname(m.__file__)) for m in (click, platformdirs, tomlkit)))
    return dict(env, PYTHONPATH=os.pathsep.join(folders))


@pytest.mark.parametrize("scope", ["user", "project"])
def test_fix_for_a_missing_interpreter_registers_a_working_one(sandbox, tmp_path, scope):
    """Run as printed, the fix registers where the hooks were: a project-only install gets
    `--project`, not hooks for every project of the user."""
    real = os.path.realpath(sys.executable)
    if sys.prefix != getattr(sys, "base_prefix", sys.prefix):
        real = os.path.realpath(os.path.join(sys.base_prefix, "bin", "python3"))
    gone = tmp_path / "gone-python" / "python3"
    gone.parent.mkdir()
    os.symlink(real, str(gone))
    env = _with_dependencies(sandbox.env)
    settings = sandbox.settings if scope == "user" else sandbox.project / ".claude" / "settings.json"
    flags = ["--claude"] + (["--project"] if scope == "project" else [])
    subprocess.run([str(gone), "-m", "stalegreen", "install"] + flags, cwd=str(sandbox.project), env=env,
                   check=True, capture_output=True)
    assert str(gone) in settings.read_text()
    gone.unlink()
    code, info = sandbox.doctor()
    assert code == 1
    fix = run_printed_fix(sandbox, info, "interpreter %s is missing" % gone)
    assert fix.startswith("python3 ") and fix.endswith(" install " + " ".join(flags))
    assert str(gone) not in settings.read_text()
    assert scope == "user" or not sandbox.settings.exists()
    assert_healthy(sandbox)


def test_fix_for_corrupt_settings_restores_and_registers(sandbox):
    sandbox.settings.parent.mkdir(parents=True)
    sandbox.settings.write_text('{"model": "opus"}\n')
    sandbox.run("install", "--claude")
    sandbox.settings.write_text('{\n  "model": "opus",\n  "hooks": {,}\n}\n')
    code, info = sandbox.doctor()
    fix = run_printed_fix(sandbox, info, "not valid JSON")
    assert fix.startswith("cp ") and "backups" in fix
    assert json.loads(sandbox.settings.read_text())["model"] == "opus"
    assert_healthy(sandbox)


@pytest.mark.skipif(not os.access(E2E_CODEX, os.X_OK), reason="the real codex CLI is not installed")
def test_fix_for_untrusted_codex_hooks_trusts_them(sandbox):
    env = {"CODEX_BIN": E2E_CODEX}
    sandbox.env.update(env)
    sandbox.run("install", "--codex", "--no-trust")
    code, info = sandbox.doctor()
    assert code == 1
    fix = run_printed_fix(sandbox, info, "Codex has not trusted")
    assert "--trust" in fix
    assert_healthy(sandbox)


def test_read_only_file_system_store_is_named_honestly_and_its_remedy_works(sandbox, tmp_path):
    """A store on a read-only mount (a private mount namespace): no command of ours can make it
    writable, and doctor says so instead of printing a chmod that fails. The remedy it names,
    STALEGREEN_HOME at a writable directory where the agent starts, brings the rewrite back."""
    (sandbox.home / ".claude").mkdir()
    (sandbox.home / ".claude" / "settings.json").write_text('{"permissions": {"allow": ["Bash"]}}\n')
    subprocess.run(["git", "init", "-q", str(sandbox.project)], check=True)
    sandbox.run("install", "--claude")
    hook = json.loads(sandbox.settings.read_text())["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    payload = json.dumps({"session_id": "s1", "transcript_path": str(tmp_path / "t.jsonl"),
                          "cwd": str(sandbox.project), "hook_event_name": "PreToolUse", "tool_name": "Bash",
                          "tool_input": {"command": "python3 -m pytest -q | tail -5"}, "tool_use_id": "toolu_1"})
    elsewhere = str(tmp_path / "writable-store")
    steps = tmp_path / "steps.py"
    steps.write_text("""import json, os, subprocess, sys
hook, payload, elsewhere = sys.argv[1:4]
def run(argv, env=None, stdin=None):
    done = subprocess.run(argv, input=stdin, env=dict(os.environ, **(env or {})), capture_output=True, text=True)
    return [done.returncode, done.stdout, done.stderr]
doctor = [sys.executable, "-m", "stalegreen", "doctor", "--json"]
print(json.dumps({"doctor": run(doctor), "hook": run(["sh", "-c", hook], stdin=payload),
                  "hook_elsewhere": run(["sh", "-c", hook], {"STALEGREEN_HOME": elsewhere}, payload),
                  "doctor_elsewhere": run(doctor, {"STALEGREEN_HOME": elsewhere})}))
""")
    script = ("mount --bind {d} {d} && mount -o remount,bind,ro {d} && exec {py} {steps} \"$@\""
              .format(d=shlex.quote(str(sandbox.sg_home)), py=shlex.quote(sys.executable), steps=steps))
    result = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", hook, payload, elsewhere],
                            cwd=str(sandbox.project), env=sandbox.env, capture_output=True, text=True)
    if result.returncode != 0 or not result.stdout.startswith("{"):
        pytest.skip("no private mount namespace here: %s" % result.stderr.strip()[-200:])
    seen = json.loads(result.stdout)
    code, out, _ = seen["doctor"]
    info = json.loads(out)
    assert code == 1 and "is not writable (Read-only file system)" in problems(info)
    fix = printed_fix(info, "is not writable")
    assert fix.startswith("no stalegreen command can fix this: %s is on a file system mounted read-only"
                          % sandbox.sg_home) and "chmod" not in fix and "STALEGREEN_HOME" in fix
    assert seen["hook"][:2] == [0, ""]          # what doctor warns about: the hook allows, unrewritten
    code, out, err = seen["hook_elsewhere"]
    assert code == 0 and "__sg_log=%s/sessions/s1/runs/" % elsewhere in out, out + err
    code, out, _ = seen["doctor_elsewhere"]
    assert code == 0 and json.loads(out)["ok"], out


NOBODY = 65534


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv") or not os.access("/usr/bin/python3", os.X_OK),
                    reason="needs root (to run as another user), setpriv and /usr/bin/python3")
def test_fix_for_a_store_its_user_cannot_write_is_chmod_run_as_printed():
    """Mode bits stop a user who is not root: as user nobody, with a zipapp built from this source
    (its whole home readable by that user), the store is made read-only; the printed chmod works."""
    import tempfile

    box = tempfile.mkdtemp(prefix="stalegreen-nobody-")
    try:
        os.chmod(box, 0o755)
        home, project = os.path.join(box, "home"), os.path.join(box, "project")
        built = subprocess.run([os.path.join(REPO, "zipapp.sh"), "--offline", "-o", os.path.join(box, "sg.pyz")],
                               capture_output=True, text=True)
        if built.returncode == 3:
            if os.environ.get("CI"):
                pytest.fail("pinned wheels missing in CI: %s" % built.stderr)
            pytest.skip("pinned wheels not fetched (./zipapp.sh --fetch)")
        assert built.returncode == 0, built.stderr
        for folder in (home, project):
            os.mkdir(folder)
            os.chown(folder, NOBODY, NOBODY)
        env = {"HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}

        def as_nobody(argv):
            return subprocess.run(["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups"]
                                  + argv, cwd=project, env=env, capture_output=True, text=True)

        done = as_nobody(["/usr/bin/python3", os.path.join(box, "sg.pyz"), "install", "--claude"])
        assert done.returncode == 0, done.stdout + done.stderr
        store = os.path.join(home, ".stalegreen")
        os.chmod(store, 0o500)
        doctor = as_nobody([os.path.join(store, "bin", "stalegreen"), "doctor", "--json"])
        info = json.loads(doctor.stdout)
        assert doctor.returncode == 1 and "is not writable (Permission denied)" in problems(info)
        fix = printed_fix(info, "is not writable")
        assert fix == "chmod -R u+rwX %s" % store
        assert as_nobody(["sh", "-c", fix]).returncode == 0
        doctor = as_nobody([os.path.join(store, "bin", "stalegreen"), "doctor", "--json"])
        assert doctor.returncode == 0 and json.loads(doctor.stdout)["ok"], doctor.stdout

        # a `sudo stalegreen ...` once left the store owned by root: chmod cannot help, chown can
        for folder, dirs, names in os.walk(store):
            for name in [folder] + [os.path.join(folder, n) for n in names]:
                os.lchown(name, 0, 0)
        doctor = as_nobody(["/usr/bin/python3", os.path.join(box, "sg.pyz"), "doctor", "--json"])
        info = json.loads(doctor.stdout)
        fix = printed_fix(info, "is not writable")
        assert doctor.returncode == 1 and fix == "sudo chown -R %d:%d %s" % (NOBODY, NOBODY, store), problems(info)
        if shutil.which("sudo"):                   # run as printed, by the user's admin self
            done = subprocess.run(["sh", "-c", fix], env=env, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
            doctor = as_nobody([os.path.join(store, "bin", "stalegreen"), "doctor", "--json"])
            assert doctor.returncode == 0 and json.loads(doctor.stdout)["ok"], doctor.stdout
    finally:
        shutil.rmtree(box)


def test_launcher_with_its_python_gone_says_what_to_run(sandbox, tmp_path):
    real = os.path.realpath(sys.executable)
    if sys.prefix != getattr(sys, "base_prefix", sys.prefix):
        real = os.path.realpath(os.path.join(sys.base_prefix, "bin", "python3"))
    gone = tmp_path / "gone-python" / "python3"
    gone.parent.mkdir()
    os.symlink(real, str(gone))
    env = _with_dependencies(sandbox.env)
    subprocess.run([str(gone), "-m", "stalegreen", "install", "--claude"], cwd=str(sandbox.project), env=env,
                   check=True, capture_output=True)
    launcher = str(sandbox.sg_home / "bin" / "stalegreen")
    works = subprocess.run([launcher, "--version"], env=sandbox.env, capture_output=True, text=True)
    assert works.returncode == 0 and works.stdout.startswith("stalegreen, version"), works.stderr
    gone.unlink()
    broken = subprocess.run([launcher, "doctor"], env=sandbox.env, capture_output=True, text=True)
    assert broken.returncode == 127
    pyz = sandbox.sg_home / "bin" / "stalegreen.pyz"
    assert broken.stderr == "stalegreen: its Python %s is gone; run: python3 %s doctor\n" % (gone, pyz)
    # what it says to run works, and the fix doctor then prints for the hooks (as printed) too
    doctor = subprocess.run(["sh", "-c", broken.stderr.split("run: ", 1)[1].strip() + " --json"], cwd=str(sandbox.project),
                            env=sandbox.env, capture_output=True, text=True)
    assert doctor.stdout.startswith("{"), doctor.stderr
    info = json.loads(doctor.stdout)
    fix = printed_fix(info, "claude hooks use interpreter %s, which does not exist" % gone)
    assert fix == "python3 %s install --claude" % pyz
    run_printed_fix(sandbox, info, "claude hooks use interpreter %s" % gone)
    assert str(gone) not in sandbox.settings.read_text()
    assert subprocess.run([launcher, "doctor"], env=sandbox.env, capture_output=True).returncode == 0
    assert_healthy(sandbox)


def test_corrupt_settings_without_a_backup_are_moved_aside_not_pointed_at_a_missing_backup(sandbox):
    sandbox.settings.parent.mkdir(parents=True)
    sandbox.settings.write_text('{\n  "hooks": {\n    "Stop": [,]\n  }\n}\n')
    code, info = sandbox.doctor()
    fix = printed_fix(info, "not valid JSON")
    assert "backups" not in problems(info) and not (sandbox.sg_home / "backups").exists()
    assert fix.startswith("mv ") and fix.endswith("install --claude")
    run_printed_fix(sandbox, info, "not valid JSON")
    assert (sandbox.settings.parent / "settings.json.broken").read_text().startswith('{\n  "hooks"')
    code, info = sandbox.doctor()
    assert code == 0, problems(info)


# ------------------------------------------------------- the Claude Code plugin, with the real claude

E2E_CLAUDE = os.environ.get("STALEGREEN_CLAUDE_BIN") or os.path.join(E2E_CACHE, "claude", "node_modules",
                                                                     ".bin", "claude")


def offline(sandbox, command, path=None):
    """``sh -c command`` with the real claude on PATH, in a loopback-only network namespace."""
    env = dict(sandbox.env, PATH="%s:%s" % (os.path.dirname(E2E_CLAUDE), path or sandbox.env["PATH"]),
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1")
    prefix = ["unshare", "-n", "--"] if os.geteuid() == 0 else ["unshare", "-rn", "--"]
    result = subprocess.run(prefix + ["sh", "-c", command], cwd=str(sandbox.project), env=env,
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0 and "unshare" in result.stderr and "claude" not in result.stderr:
        pytest.skip("no network namespace here: %s" % result.stderr.strip()[-200:])
    return result


def plugin_installed(sandbox):
    added = offline(sandbox, "claude plugin marketplace add %s && claude plugin install stalegreen@stalegreen"
                    % shlex.quote(REPO))
    assert added.returncode == 0, added.stdout + added.stderr
    return json.loads((sandbox.home / ".claude" / "plugins" / "installed_plugins.json").read_text())


needs_claude = pytest.mark.skipif(not os.access(E2E_CLAUDE, os.X_OK), reason="the real claude CLI is not installed")


@needs_claude
def test_plugin_enabled_with_no_copy_is_named_and_the_fix_installs_it(sandbox):
    plugin_installed(sandbox)
    code, info = sandbox.doctor()
    assert code == 0 and info["pluginCopies"][0]["runs"] is True, problems(info)
    # settings synced from another machine, or ~/.claude/plugins cleaned: enabled, but nothing to run
    shutil.rmtree(str(sandbox.home / ".claude" / "plugins"))
    code, info = sandbox.doctor()
    assert code == 1 and info["pluginCopies"] == []
    fix = printed_fix(info, "has no copy of it")
    assert fix == "claude plugin marketplace add %s && claude plugin install stalegreen@stalegreen" % REPO
    fixed = offline(sandbox, fix)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    code, info = sandbox.doctor()
    assert code == 0 and info["pluginCopies"][0]["runs"] is True, problems(info)


@needs_claude
def test_plugin_launcher_with_no_python_is_named_and_the_fix_works(sandbox, tmp_path):
    plugin_installed(sandbox)
    shell_only = tmp_path / "shell-only"      # what Claude's hooks get on a machine with no python3
    shell_only.mkdir()
    os.symlink("/bin/sh", str(shell_only / "sh"))
    sandbox.env["PATH"] = str(shell_only)
    code, info = sandbox.doctor()
    assert code == 1 and info["pluginCopies"][0]["runs"] is False
    fix = printed_fix(info, "does not run stalegreen")
    assert "no python3 (3.8 or newer) found" in problems(info)
    assert "export STALEGREEN_PYTHON=/path/to/python3.8+" in fix
    sandbox.env["STALEGREEN_PYTHON"] = os.path.realpath(sys.executable)      # the fix, with a real path
    code, info = sandbox.doctor()
    assert code == 0 and info["pluginCopies"][0]["runs"] is True, problems(info)


@needs_claude
def test_fix_for_plugin_plus_settings_hooks_keeps_the_plugin(sandbox):
    sandbox.run("install", "--claude")
    plugin_installed(sandbox)          # Claude's own command: it does not look at our hooks
    code, info = sandbox.doctor()
    run_printed_fix(sandbox, info, "runs twice")
    after = json.loads(sandbox.settings.read_text())
    assert after["enabledPlugins"] == {"stalegreen@stalegreen": True} and "Stop" not in after.get("hooks", {})
    code, info = sandbox.doctor()
    assert code == 0 and info["pluginCopies"][0]["runs"] is True, problems(info)

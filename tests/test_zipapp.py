"""The single-file zipapp: reproducible, checkable, and working alone on every CPython 3.8-3.13.

Building needs the pinned dependency wheels in build/zipapp-wheels (``./zipapp.sh --fetch``,
done by .ci/setup.d/60-packaging.sh); the tests never download anything.
"""

import glob
import json
import os
import shlex
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZIPAPP_SH = os.path.join(ROOT, "zipapp.sh")
PLUGIN = os.path.join(ROOT, "installers", "claude-plugin")
E2E_CACHE = os.environ.get("STALEGREEN_E2E_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-e2e")
E2E_CLAUDE = os.environ.get("STALEGREEN_CLAUDE_BIN") or os.path.join(E2E_CACHE, "claude", "node_modules",
                                                                     ".bin", "claude")


def interpreters():
    """Every CPython 3.8-3.13 on this machine (pyenv builds and /usr/bin)."""
    found = {}
    candidates = sorted(glob.glob("/root/.pyenv/versions/3.*/bin/python3")) + \
        sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3"))) + \
        ["/usr/bin/python3"] + ["/usr/bin/python3.%d" % minor for minor in range(8, 14)]
    for path in candidates:
        if not os.access(path, os.X_OK):
            continue
        version = subprocess.run([path, "-I", "-S", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                 capture_output=True, text=True).stdout.strip()
        real = os.path.realpath(path)
        if version in ("3.%d" % m for m in range(8, 14)) and real not in found.values():
            found["%s:%s" % (version, real)] = real
    return sorted(found.items(), key=lambda kv: (int(kv[0].split(":")[0].split(".")[1]), kv[0]))


def build(out):
    result = subprocess.run([ZIPAPP_SH, "--offline", "-o", str(out)], capture_output=True, text=True)
    if result.returncode == 3:
        if os.environ.get("CI"):
            pytest.fail("pinned wheels missing in CI: %s" % result.stderr)
        pytest.skip("pinned wheels not fetched (./zipapp.sh --fetch): %s" % result.stderr.strip())
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def pyz(tmp_path_factory):
    return build(tmp_path_factory.mktemp("dist") / "stalegreen.pyz")


def no_network_prefix():
    """``unshare -n`` when this machine allows it (root or user namespaces), else nothing."""
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"],
                                                  capture_output=True).returncode == 0:
        return ["unshare", "-n"]
    return []


def test_two_builds_are_byte_identical_and_check_says_so(pyz, tmp_path):
    again = build(tmp_path / "again.pyz")
    assert again.read_bytes() == pyz.read_bytes()
    assert pyz.read_bytes().startswith(b"#!/usr/bin/env python3\n")
    assert os.stat(str(pyz)).st_mode & 0o777 == 0o755
    ok = subprocess.run([ZIPAPP_SH, "--offline", "--check", str(pyz)], capture_output=True, text=True)
    assert ok.returncode == 0 and "matches the source" in ok.stdout

    tampered = tmp_path / "tampered.pyz"
    import zipfile

    shutil.copy(str(pyz), str(tampered))
    with zipfile.ZipFile(str(tampered), "a") as zf:
        zf.writestr("stalegreen/extra.py", "x = 1\n")
    bad = subprocess.run([ZIPAPP_SH, "--offline", "--check", str(tampered)], capture_output=True, text=True)
    assert bad.returncode == 1
    assert "does NOT match" in bad.stderr and "stalegreen/extra.py" in bad.stderr


def test_the_plugin_carries_the_zipapp_of_this_source():
    """The committed copy in the Claude Code plugin must be rebuilt whenever stalegreen/ changes:
    run ``./zipapp.sh --plugin`` and commit installers/claude-plugin/bin/stalegreen.pyz."""
    head = ["--head"] if os.path.isdir(os.path.join(ROOT, ".git")) else []
    result = subprocess.run([ZIPAPP_SH, "--offline"] + head + ["--check"] +
                            [os.path.join(PLUGIN, "bin", "stalegreen.pyz")], capture_output=True, text=True)
    if result.returncode == 3:
        pytest.skip("pinned wheels not fetched")
    assert result.returncode == 0, "plugin zipapp is stale; run ./zipapp.sh --plugin\n" + result.stderr


@pytest.mark.skipif(not os.access("/usr/bin/env", os.X_OK), reason="no /usr/bin/env")
def test_runs_through_its_shebang(pyz, tmp_path):
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    if not shutil.which("python3", path=env["PATH"]):
        pytest.skip("no python3 in /usr/bin:/bin")
    result = subprocess.run([str(pyz), "--version"], env=env, capture_output=True, text=True)
    assert result.returncode == 0 and "stalegreen, version" in result.stdout, result.stderr


def test_dependencies_inside_support_python_38(pyz):
    import zipfile

    with zipfile.ZipFile(str(pyz)) as zf:
        names = zf.namelist()
    assert "click-8.1.8.dist-info/METADATA" in names
    assert "platformdirs-4.3.6.dist-info/METADATA" in names
    assert "tomlkit-0.13.3.dist-info/METADATA" in names
    assert any(n.startswith("click-8.1.8.dist-info/LICENSE") for n in names)
    assert "stalegreen/hook.py" in names and "__main__.py" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


@pytest.mark.parametrize("version,python", interpreters() or [pytest.param("none", None, marks=pytest.mark.skip)])
def test_alone_in_an_empty_home_without_network(version, python, pyz, tmp_path):
    """Copied alone into an empty directory, empty HOME, no network: install, hook, uninstall."""
    box = tmp_path / "box"
    home = tmp_path / "home"
    project = tmp_path / "project"
    for d in (box, home, project):
        d.mkdir()
    copy = box / "stalegreen.pyz"
    shutil.copy(str(pyz), str(copy))
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    prefix = no_network_prefix()

    def run(*args, stdin=None):
        return subprocess.run(prefix + [python, "-I", "-S", str(copy)] + list(args), cwd=str(project),
                              env=env, input=stdin, capture_output=True, text=True)

    (home / ".claude").mkdir()                     # the user's own rule: a rewrite is answered only
    rules = {"permissions": {"allow": ["Bash(pytest:*)"]}}   # where the user's rules allow the original
    (home / ".claude" / "settings.json").write_text(json.dumps(rules))
    installed = run("install", "--claude", "--codex")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    settings = json.loads((home / ".claude" / "settings.json").read_text())
    assert settings["permissions"] == rules["permissions"]
    command = settings["hooks"]["PreToolUse"][-1]["hooks"][0]["command"]
    words = shlex.split(command)
    assert words[0] == python and words[1:3] == ["-I", "-S"]
    assert words[3] == str(home / ".stalegreen" / "bin" / "stalegreen")

    payload = {"session_id": "s-%s" % version, "transcript_path": str(home / "t.jsonl"),
               "cwd": str(project), "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "echo hi"}, "tool_use_id": "toolu_1"}
    hook = subprocess.run(prefix + ["sh", "-c", command], input=json.dumps(payload), text=True,
                          capture_output=True, cwd=str(project), env=env)
    assert hook.returncode == 0 and hook.stdout == "", hook.stderr
    payload["tool_input"] = {"command": "pytest -q | tail -5"}       # a reply of ~1 KB, written before
    rewrite = subprocess.run(prefix + ["sh", "-c", command], input=json.dumps(payload), text=True,   # the
                             capture_output=True, cwd=str(project), env=env)   # launcher skips the teardown
    assert rewrite.returncode == 0, rewrite.stderr
    assert "__sg_" in json.loads(rewrite.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    stop = subprocess.run(prefix + ["sh", "-c", command.replace("claude PreToolUse", "codex Stop")],
                          input=json.dumps({"session_id": "s", "cwd": str(project), "hook_event_name": "Stop",
                                            "turn_id": "t", "stop_hook_active": False,
                                            "last_assistant_message": "Looked around."}),
                          text=True, capture_output=True, cwd=str(project), env=env)
    assert stop.returncode == 0 and json.loads(stop.stdout) == {}
    errors = home / ".stalegreen" / "errors.jsonl"
    assert not errors.exists(), errors.read_text()

    cache = glob.glob(str(home / ".stalegreen" / "bin" / "stalegreen.pyz-bytecode" / "*" / "stalegreen" / "hook.pyc"))
    assert len(cache) == 1, "bytecode for %s was not written" % version
    folder = os.path.dirname(os.path.dirname(cache[0]))      # the patterns compiled for this interpreter
    assert os.path.isfile(os.path.join(folder, "stalegreen", "engine", "regexcache.table"))
    warmed = subprocess.run([python, "-I", "-S", "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                             "from stalegreen.engine import regexcache; print(regexcache.warm())", folder],
                            capture_output=True, text=True)
    assert warmed.returncode == 0 and int(warmed.stdout) > 50, (version, warmed.stdout, warmed.stderr)

    removed = run("uninstall", "--all")
    assert removed.returncode == 0, removed.stderr
    assert json.loads((home / ".claude" / "settings.json").read_text()) == rules
    assert not (home / ".codex").exists()
    assert not (home / ".stalegreen" / "bin").exists()
    assert sorted(os.listdir(str(box))) == ["stalegreen.pyz"]      # nothing written beside the copy


def test_plugin_launcher_finds_a_real_python_and_caches_bytecode(tmp_path):
    plugin = tmp_path / "plugin-cache" / "stalegreen" / "0.1.0"
    shutil.copytree(PLUGIN, str(plugin))
    data = tmp_path / "plugin-data"
    hooks = json.loads((plugin / "hooks" / "hooks.json").read_text())["hooks"]
    command = hooks["PreToolUse"][0]["hooks"][0]["command"]
    assert "${CLAUDE_PLUGIN_ROOT}" in command
    shims = os.path.expanduser("~/.pyenv/shims")
    env = {"HOME": str(tmp_path), "CLAUDE_PLUGIN_ROOT": str(plugin), "CLAUDE_PLUGIN_DATA": str(data),
           "PATH": os.pathsep.join(p for p in (shims, "/usr/bin", "/bin") if os.path.isdir(p)),
           "STALEGREEN_HOME": str(tmp_path / "sg")}
    payload = {"session_id": "p1", "transcript_path": str(tmp_path / "t.jsonl"), "cwd": str(tmp_path),
               "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"},
               "tool_use_id": "toolu_9"}
    for _ in range(2):
        result = subprocess.run(["sh", "-c", command], input=json.dumps(payload), text=True,
                                capture_output=True, env=env, cwd=str(tmp_path))
        assert result.returncode == 0 and result.stdout == "", result.stderr
    remembered = (data / "python").read_text().strip()
    assert os.path.isabs(remembered) and "/shims/" not in remembered
    assert glob.glob(str(data / "bytecode" / "*" / "stalegreen" / "hook.pyc"))
    version = subprocess.run(["sh", str(plugin / "bin" / "stalegreen"), "--version"], env=env,
                             capture_output=True, text=True)
    assert "stalegreen, version" in version.stdout


@pytest.mark.skipif(not os.access(E2E_CLAUDE, os.X_OK), reason="the real claude CLI is not installed")
def test_real_claude_accepts_the_marketplace_and_installs_the_plugin(tmp_path):
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1"}
    prefix = no_network_prefix()
    for args in (["plugin", "marketplace", "add", ROOT], ["plugin", "install", "stalegreen@stalegreen"]):
        result = subprocess.run(prefix + [E2E_CLAUDE] + args, env=env, capture_output=True, text=True,
                                timeout=120, cwd=str(tmp_path))
        assert result.returncode == 0, result.stdout + result.stderr
    cached = glob.glob(str(tmp_path / ".claude" / "plugins" / "cache" / "stalegreen" / "stalegreen" / "*"))
    assert len(cached) == 1
    assert os.path.isfile(os.path.join(cached[0], "bin", "stalegreen.pyz"))
    assert os.path.isfile(os.path.join(cached[0], "hooks", "hooks.json"))
    settings = json.loads((tmp_path / ".claude" / "settings.json").read_text())
    assert settings["enabledPlugins"] == {"stalegreen@stalegreen": True}


def test_plugin_hooks_match_what_install_registers():
    """The plugin and `install --claude` must hook the same events with the same matchers."""
    from stalegreen import __version__
    from stalegreen.hosts.claude import install as claude

    hooks = json.loads(open(os.path.join(PLUGIN, "hooks", "hooks.json")).read())["hooks"]
    expected = {event: (matcher, timeout) for event, matcher, timeout in claude.EVENTS}
    found = {}
    for event, groups in hooks.items():
        assert len(groups) == 1 and len(groups[0]["hooks"]) == 1
        handler = groups[0]["hooks"][0]
        assert handler["command"] == 'sh "${CLAUDE_PLUGIN_ROOT}/bin/stalegreen" hook claude %s' % event
        found[event] = (groups[0].get("matcher"), handler["timeout"])
    assert found == expected
    manifest = json.loads(open(os.path.join(PLUGIN, ".claude-plugin", "plugin.json")).read())
    market = json.loads(open(os.path.join(ROOT, ".claude-plugin", "marketplace.json")).read())
    assert manifest["name"] == "stalegreen" and manifest["version"] == __version__
    entry = market["plugins"][0]
    assert entry["name"] == "stalegreen" and entry["version"] == __version__
    assert os.path.normpath(os.path.join(ROOT, entry["source"])) == PLUGIN


KIT = os.path.join(os.environ.get("STALEGREEN_SHARED") or os.path.join(os.path.dirname(ROOT), "shared"),
                   "e2e-kit", "claude-codex")


@pytest.mark.skipif(not (os.access(E2E_CLAUDE, os.X_OK) and os.path.isfile(os.path.join(KIT, "run_claude.py"))),
                    reason="the real claude CLI or the e2e kit is not installed")
def test_real_claude_runs_the_plugin_hooks(tmp_path):
    """`claude -p --plugin-dir installers/claude-plugin` against the kit's mock model: the plugin's
    hooks run (through ${CLAUDE_PLUGIN_ROOT} and the sh launcher) and judge the final claim."""
    store = tmp_path / "sg"
    result = subprocess.run(
        ["bash", os.path.join(KIT, "netns_run.sh"), sys.executable, os.path.join(KIT, "run_claude.py"),
         "--name", "plugin", "--scenario", "scenarios/claude_basic.json", "--perm", "bypass",
         "--work-dir", str(tmp_path / "work"), "--env", "STALEGREEN_HOME=%s" % store, "--env", "IS_SANDBOX=1",
         "--extra-arg=--plugin-dir", "--extra-arg=%s" % PLUGIN],
        cwd=KIT, capture_output=True, text=True, timeout=300, env=dict(os.environ, CLAUDE_BIN=E2E_CLAUDE))
    assert "rc=0" in result.stdout, result.stdout + result.stderr
    verdicts = glob.glob(str(store / "sessions" / "*" / "verdicts.jsonl"))
    assert len(verdicts) == 1, result.stdout
    records = [json.loads(line) for line in open(verdicts[0])]
    claims = [v["claim"]["text"] for r in records for v in r["verdicts"]]
    assert "All tests pass" in claims
    assert not (store / "errors.jsonl").exists(), (store / "errors.jsonl").read_text()


def old_interpreters():
    """Every Python older than 3.8 pyenv has (2.7, 3.6, 3.7 on this project's machines)."""
    found = []
    for path in sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/*/bin/python"))):
        version = os.path.basename(os.path.dirname(os.path.dirname(path)))
        parts = version.split(".")
        if len(parts) == 3 and all(p.isdigit() for p in parts) and (int(parts[0]), int(parts[1])) < (3, 8):
            found.append((version, path))
    return found


@pytest.mark.parametrize("version,python", old_interpreters() or [pytest.param("none", None, marks=pytest.mark.skip)])
def test_an_old_python_gets_one_clear_line_from_every_entry_point(version, python, pyz, tmp_path):
    """The zipapp, the launcher install writes, and ``python -m stalegreen``: a command exits 1 and
    a hook exits 0 (fail open), each with the same one line and no traceback."""
    from stalegreen.install import pyz as pyz_module

    launcher = tmp_path / "stalegreen"
    launcher.write_text(pyz_module.launcher_text(python, str(pyz)))
    launcher.chmod(0o755)
    routes = {"zipapp": [python, str(pyz)], "module": [python, "-m", "stalegreen"]}
    if version.startswith("3."):     # Python 2 has no -I: install never writes such a launcher
        routes["launcher"] = [str(launcher)]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": ROOT, "HOME": str(tmp_path)}
    for route, argv in routes.items():
        for args, expected in ((["install", "--all"], 1), (["hook", "claude", "Stop"], 0)):
            result = subprocess.run(argv + args, input="{}", env=env, capture_output=True, text=True)
            assert result.returncode == expected, (route, args, result.stderr)
            assert result.stderr.startswith("stalegreen needs Python 3.8 or newer;"), (route, result.stderr)
            assert "Traceback" not in result.stderr and version.rsplit(".", 1)[0] in result.stderr
            assert result.stdout == ""
    assert not (tmp_path / ".stalegreen").exists() and not (tmp_path / ".claude").exists()


def test_pyproject_pins_the_versions_the_zipapp_carries():
    """pip/pipx installs get the same 3.8-compatible click, platformdirs and tomlkit that
    zipapp.sh pins by hash, so `install` builds the same zipapp whichever route ran it."""
    import re

    with open(os.path.join(ROOT, "zipapp.sh")) as fh:
        pinned = sorted(re.findall(r'^\s+"([a-z]+==[0-9.]+) [0-9a-f]{64}"', fh.read(), re.M))
    with open(os.path.join(ROOT, "pyproject.toml")) as fh:
        text = fh.read()
    dependencies = re.search(r"^dependencies = \[(.*?)\]", text, re.S | re.M).group(1)
    assert sorted(re.findall(r'"([^"]+)"', dependencies)) == pinned
    assert len(pinned) == 3


def test_the_zipapp_carries_the_dsh_plugin(pyz):
    import zipfile

    with zipfile.ZipFile(str(pyz)) as zf:
        names = set(zf.namelist())
        package = json.loads(zf.read("stalegreen/dsh_plugin/package.json"))
    assert package["name"] == "dsh-plugin-stalegreen"
    for name in ("lib/index.js", "lib/executable.js", "lib/worker-client.js", "cordis.patch.yml"):
        assert "stalegreen/dsh_plugin/" + name in names
    assert not any("/test/" in n or "node_modules" in n for n in names)


def test_check_without_a_file_is_a_usage_error():
    for argv in ([ZIPAPP_SH, "--check"], [ZIPAPP_SH, "--check", "/nonexistent/stalegreen.pyz"]):
        result = subprocess.run(argv, capture_output=True, text=True)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith("zipapp.sh: --check") and "unbound" not in result.stderr

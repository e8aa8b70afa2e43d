"""``pipx run --spec <wheel> stalegreen install --all`` offline, then the hooks keep working after
pipx's run cache (its whole PIPX_HOME) is gone.

Needs pipx and an offline wheelhouse (build/pipx-wheelhouse: click, platformdirs, tomlkit and a
pip>=26.1 wheel, which pipx insists on upgrading its shared pip to), both prepared by
.ci/setup.d/60-packaging.sh. Skipped elsewhere when they are missing; a failure in CI.
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
WHEELHOUSE = os.path.join(ROOT, "build", "pipx-wheelhouse")


def require(condition, why):
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(why + " (CI must provide it: .ci/setup.d/60-packaging.sh)")
        pytest.skip(why)


def no_network_prefix():
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"],
                                                  capture_output=True).returncode == 0:
        return ["unshare", "-n"]
    return []


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                             "--no-build-isolation", "-w", str(out), ROOT], capture_output=True, text=True)
    require(result.returncode == 0, "cannot build the wheel offline: %s" % result.stderr[-500:])
    return glob.glob(str(out / "stalegreen-*.whl"))[0]


def test_pipx_run_install_survives_the_pipx_cache(wheel, tmp_path):
    pipx_ok = subprocess.run([sys.executable, "-m", "pipx", "--version"], capture_output=True).returncode == 0
    require(pipx_ok, "pipx is not installed for %s" % sys.executable)
    require(glob.glob(os.path.join(WHEELHOUSE, "pip-*.whl")), "no offline wheelhouse in %s" % WHEELHOUSE)

    home, project, pipx_home = tmp_path / "home", tmp_path / "project", tmp_path / "pipx"
    home.mkdir()
    project.mkdir()
    env = {"HOME": str(home), "PATH": os.path.dirname(sys.executable) + ":/usr/bin:/bin",
           "PIPX_HOME": str(pipx_home), "PIPX_BIN_DIR": str(tmp_path / "pipx-bin"),
           "PIP_CONFIG_FILE": os.devnull, "LANG": "C.UTF-8"}
    result = subprocess.run(
        no_network_prefix() + [sys.executable, "-m", "pipx", "run", "--spec", wheel,
                               "--pip-args=--no-index --find-links %s" % WHEELHOUSE,
                               "stalegreen", "install", "--all"],
        cwd=str(project), env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "registered hooks in" in result.stdout

    settings = json.loads((home / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["Stop"][0]["hooks"][0]["command"]
    words = shlex.split(command)
    assert not words[0].startswith(str(pipx_home)), "hook points into pipx's cache: %s" % command
    assert words[3] == str(home / ".stalegreen" / "bin" / "stalegreen")

    shutil.rmtree(str(pipx_home))
    clean = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    payload = {"session_id": "px", "transcript_path": None, "cwd": str(project), "turn_id": "t1",
               "hook_event_name": "Stop", "stop_hook_active": False,
               "last_assistant_message": "Nothing to report."}
    codex_command = json.loads((home / ".codex" / "hooks.json").read_text())["hooks"]["Stop"][0]["hooks"][0]["command"]
    hook = subprocess.run(["sh", "-c", codex_command], input=json.dumps(payload), text=True,
                          capture_output=True, cwd=str(project), env=clean)
    assert hook.returncode == 0 and json.loads(hook.stdout) == {}, hook.stderr
    claude_hook = subprocess.run(["sh", "-c", command], input=json.dumps(payload), text=True,
                                 capture_output=True, cwd=str(project), env=clean)
    assert claude_hook.returncode == 0, claude_hook.stderr
    version = subprocess.run([str(home / ".stalegreen" / "bin" / "stalegreen"), "--version"],
                             env=clean, capture_output=True, text=True)
    assert "stalegreen, version" in version.stdout
    removed = subprocess.run(words[:4] + ["uninstall", "--all"], env=clean, capture_output=True,
                             text=True, cwd=str(project))
    assert removed.returncode == 0, removed.stderr
    assert not (home / ".claude" / "settings.json").exists()

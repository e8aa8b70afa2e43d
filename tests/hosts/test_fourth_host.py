"""A host is one package plus one registry line: a fourth host, defined only in the tests
(tests/hosts/fakehost/), is registered in ``stalegreen.hosts.HOSTS`` from outside and then
installed, doctored, run as a real hook process, replayed by ``history`` and uninstalled, with
real files in a sandbox HOME and nothing under stalegreen/ edited.
"""

import json
import os
import subprocess
import sys

import pytest

from stalegreen import hosts
from stalegreen.install.files import MANIFEST_NAME

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAKE = "tests.hosts.fakehost"

# What each module of a host package defines (docs/ARCHITECTURE.md, "Adding a host").
CONTRACT = {
    "": ("HOST", "LABEL", "to_event", "render", "allow_output"),
    "install": ("LABEL", "HOME_HINT", "INSTALL_HELP", "UNINSTALL_HELP", "PROJECT_FILE", "detected",
                "registered", "problems", "run_install", "run_uninstall", "health", "doctor_lines"),
    "transcript": ("root", "discover", "read"),
}
# A stalegreen that knows the fake host: the registry line, then the ordinary entry point.
LAUNCH = ("import sys; from stalegreen import hosts; hosts.HOSTS['fakehost'] = %r; "
          "from stalegreen.__main__ import main; sys.exit(main(sys.argv[1:]))" % FAKE)
FAILING_TEST = "def test_add():\n    assert 1 + 1 == 3\n"


@pytest.mark.parametrize("name", list(hosts.names()) + ["fakehost"])
def test_every_host_package_has_the_whole_contract(name, monkeypatch):
    monkeypatch.setitem(hosts.HOSTS, "fakehost", FAKE)
    missing = ["%s.%s" % (part or "__init__", attr) for part, attrs in sorted(CONTRACT.items())
               for attr in attrs if not hasattr(hosts.module(name, part or None), attr)]
    installer = hosts.module(name, "install")
    if getattr(installer, "PROJECT_FILE", None):      # per-project hooks files: doctor compares them with the user's
        missing += ["install.hooks_path"] if not hasattr(installer, "hooks_path") else []
    assert missing == []
    assert hosts.module(name).HOST == name


def test_an_unregistered_host_is_nobody():
    assert hosts.module("fakehost") is None and hosts.module("../claude") is None and hosts.module(None) is None


@pytest.fixture
def sandbox(tmp_path):
    home = tmp_path / "home"
    (home / ".fakehost").mkdir(parents=True)
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "test_calc.py").write_text(FAILING_TEST)
    subprocess.run(["git", "init", "-q"], cwd=str(repo), check=True)
    env = {"HOME": str(home), "STALEGREEN_HOME": str(home / ".stalegreen"), "PATH": os.environ.get("PATH", ""),
           "PYTHONPATH": ROOT, "LANG": "C.UTF-8"}
    return home, repo, env


def stalegreen(env, cwd, *args, stdin=None, check=True):
    result = subprocess.run([sys.executable, "-c", LAUNCH] + list(args), cwd=str(cwd), env=env,
                            input=stdin, capture_output=True, text=True, timeout=300)
    if check:
        assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result


def ran_pytest(repo):
    """A real pytest run of the failing suite: (command, exit status, output)."""
    command = "%s -m pytest -q -p no:cacheprovider" % sys.executable
    done = subprocess.run(command.split(), cwd=str(repo), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "1 failed" in done.stdout
    return command, done.returncode, done.stdout + done.stderr


def test_a_fourth_host_is_installed_doctored_hooked_replayed_and_uninstalled(sandbox):
    # install, doctor and history are the CLI (click); tests/test_interpreters.py runs this folder
    # on interpreters that have the standard library only
    pytest.importorskip("click", reason="the CLI's dependency is not installed for this interpreter")
    home, repo, env = sandbox
    hooks_file = home / ".fakehost" / "hooks.json"
    MANIFEST = home / ".stalegreen" / MANIFEST_NAME

    out = stalegreen(env, repo, "install", "--fakehost", "--no-link").stdout
    assert "Fake Host: registered hooks in %s" % hooks_file in out
    registered = json.loads(hooks_file.read_text())["hooks"]
    assert sorted(registered) == ["Done", "Shell"]
    assert registered["Shell"][0]["hooks"][0]["command"].endswith(" hook fakehost Shell")
    manifest = json.loads(MANIFEST.read_text())
    assert manifest["files"][str(hooks_file)]["owner"] == "fakehost"

    doctor = json.loads(stalegreen(env, repo, "doctor", "--json", check=False).stdout)
    mine = [loc for loc in doctor["locations"] if loc["host"] == "fakehost"]
    assert mine[0]["scope"] == "user" and mine[0]["state"] == "installed" and mine[0]["missing"] == []
    assert [p for p in doctor["problems"] if "fakehost" in p["problem"]] == []
    assert doctor["fakehost"] == {"home": str(home / ".fakehost")}
    assert "fakehost home %s" % (home / ".fakehost") in stalegreen(env, repo, "doctor", check=False).stdout

    # One real hook process per event: a failing run, then a green claim, which is blocked.
    command, status, output = ran_pytest(repo)
    shell = {"sid": "s1", "dir": str(repo), "cmd": command, "status": status, "text": output}
    assert stalegreen(env, repo, "hook", "fakehost", "Shell", stdin=json.dumps(shell)).stdout == ""
    done = stalegreen(env, repo, "hook", "fakehost", "Done",
                      stdin=json.dumps({"sid": "s1", "dir": str(repo), "say": "All tests pass."}))
    reply = json.loads(done.stdout)
    assert reply["halt"] is True and "does not match the latest run. Receipt r-0001" in reply["because"]
    assert not (home / ".stalegreen" / "errors.jsonl").exists()

    sessions = home / ".fakehost" / "sessions"
    sessions.mkdir()
    rows = [{"ts": "2026-12-01T10:00:00Z", "dir": str(repo), "cmd": command, "status": status, "text": output},
            {"ts": "2026-12-01T10:00:05Z", "say": "All tests pass."}]
    (sessions / "past.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))
    os.utime(str(sessions / "past.jsonl"))
    history = json.loads(stalegreen(env, repo, "history", "--harness", "fakehost", "--json").stdout)
    assert history["sessions"] == 1 and history["runs"]["total"] == 1
    assert [(v["harness"], v["verdict"], v["category"]) for v in history["verdicts"]] == [("fakehost", "FAILED", "test")]
    text = stalegreen(env, repo, "history", "--harness", "fakehost").stdout
    assert "(Fake Host," in text

    out = stalegreen(env, repo, "uninstall", "--fakehost").stdout
    assert "Fake Host: deleted %s (install had created it)" % hooks_file in out
    assert not hooks_file.exists()
    manifest = json.loads(MANIFEST.read_text())
    assert str(hooks_file) not in manifest["files"]
    doctor = json.loads(stalegreen(env, repo, "doctor", "--json", check=False).stdout)
    assert [(loc["scope"], loc["state"]) for loc in doctor["locations"] if loc["host"] == "fakehost"] == [
        ("user", "absent"), ("project", "absent")]

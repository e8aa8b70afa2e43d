"""Fixtures for the end-to-end suite against the real Claude Code and Codex CLIs.

The CLIs come from ``.ci/setup.d/40-host-clis.sh`` (a cache dir outside the repo) or from
``$STALEGREEN_CLAUDE_BIN`` / ``$STALEGREEN_CODEX_BIN``. Locally a missing CLI or a machine that
cannot make a network namespace skips; in CI (``CI=true``) it fails, so a broken setup can
never pass as "skipped". Every test gets a fresh project (a real git repo with a real Python
package and pytest tests), a private HOME and a private STALEGREEN_HOME.
"""

import os
import subprocess

import pytest

from hostcli import driver

PACKAGE_FILES = {
    ".gitignore": "__pycache__/\n.pytest_cache/\n*.pyc\n",
    "README.md": "# calc\n\nSmall arithmetic helpers: `add`, `sub`, `mul`.\n",
    "pyproject.toml": ('[project]\nname = "calc"\nversion = "0.1.0"\n\n'
                       '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'),
    "calc/__init__.py": '"""Small arithmetic helpers."""\n\nfrom calc.ops import add, mul, sub\n',
    "calc/ops.py": ("def add(a, b):\n    return a + b\n\n\n"
                    "def sub(a, b):\n    return a - b\n\n\n"
                    "def mul(a, b):\n    return a * b\n"),
    "tests/test_ops.py": ("from calc import add, mul, sub\n\n\n"
                          "def test_add():\n    assert add(2, 3) == 5\n\n\n"
                          "def test_sub():\n    assert sub(5, 3) == 2\n\n\n"
                          "def test_mul():\n    assert mul(4, 3) == 12\n"),
}
BROKEN_SUB = ("def sub(a, b):\n    return a - b\n", "def sub(a, b):\n    return a + b\n")


def unavailable(reason):
    """Skip locally; fail in CI, where the setup scripts must have provided everything."""
    if os.environ.get("CI") == "true":
        pytest.fail("e2e prerequisite missing in CI: " + reason)
    pytest.skip(reason)


_NETNS = {}


def require_netns():
    if "problem" not in _NETNS:
        _NETNS["problem"] = driver.netns_problem()
    if _NETNS["problem"]:
        unavailable(_NETNS["problem"])


def require_cli(host):
    cli = driver.find_cli(host)
    if cli is None:
        unavailable("%s CLI not installed (run .ci/setup.d/40-host-clis.sh or set %s)"
                    % (host, driver.BIN_ENV[host]))
    return cli


def require_stalegreen_importable():
    probe = subprocess.run([driver.sys.executable, "-I", "-c", "import stalegreen"], capture_output=True,
                           text=True, cwd="/")
    if probe.returncode != 0:
        unavailable("stalegreen is not installed for %s (pip install -e .)" % driver.sys.executable)


def write_files(root, files):
    for relpath, text in files.items():
        path = os.path.join(str(root), relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


@pytest.fixture
def make_project(tmp_path):
    """make_project(broken=False, config=None): a committed git repo with the ``calc`` package.

    ``broken`` makes one of the three tests fail; ``config`` is written as ``.stalegreen.json``.
    """
    def make(broken=False, config=None):
        root = tmp_path / "project"
        files = dict(PACKAGE_FILES)
        if broken:
            files["calc/ops.py"] = files["calc/ops.py"].replace(*BROKEN_SUB)
        if config is not None:
            import json

            files[".stalegreen.json"] = json.dumps(config, indent=2) + "\n"
        write_files(root, files)
        driver.git(root, "init", "-q", "-b", "main")
        driver.git(root, "add", "-A")
        driver.git(root, "commit", "-q", "-m", "calc: add, sub, mul")
        return str(root)
    return make


@pytest.fixture
def make_host(tmp_path):
    """make_host(name, project, stalegreen=True, **options): a host CLI with private homes and
    stalegreen's hooks installed; ``options`` go to the host class (Codex: ``model``)."""
    def make(name, project, stalegreen=True, **options):
        require_netns()
        cli = require_cli(name)
        host = driver.HOSTS[name](cli, tmp_path / ("%s-env" % name), project, **options)
        if stalegreen:
            require_stalegreen_importable()
            host.install_stalegreen()
        return host
    return make


@pytest.fixture(params=["claude", "codex"])
def host_name(request):
    return request.param

"""What the end-to-end suite needs from the machine, checked once: a CLI, a network namespace,
stalegreen importable by the hook's interpreter. Locally a missing piece skips; in CI
(``CI=true``) it fails, so a broken setup can never pass as "skipped"."""

import os
import subprocess
import sys

import pytest

from . import driver


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
    probe = subprocess.run([sys.executable, "-I", "-c", "import stalegreen"], capture_output=True,
                           text=True, cwd="/")
    if probe.returncode != 0:
        unavailable("stalegreen is not installed for %s (pip install -e .)" % sys.executable)

"""Fixtures for the newcomer routes: a fresh clone of this repository's HEAD, and the e2e kit's
host drivers (tests/e2e/hostcli) to run a real session afterwards."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
E2E = os.path.join(ROOT, "tests", "e2e")
if E2E not in sys.path:
    sys.path.insert(0, E2E)


@pytest.fixture(scope="session")
def fresh_clone(tmp_path_factory):
    """``git clone`` of HEAD into a directory with no ``../shared`` next to it (what a newcomer
    has; uncommitted changes are not in it)."""
    clone = tmp_path_factory.mktemp("newcomer") / "stalegreen"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", ROOT, str(clone)], check=True, capture_output=True)
    assert not (clone.parent / "shared").exists()
    return clone

"""Fixtures for the end-to-end suite against the real Claude Code and Codex CLIs.

The CLIs come from ``.ci/setup.d/40-host-clis.sh`` (a cache dir outside the repo) or from
``$STALEGREEN_CLAUDE_BIN`` / ``$STALEGREEN_CODEX_BIN``; see ``hostcli/prerequisites.py`` for
what skips locally and fails in CI. Every test gets a fresh project (a real git repo with a real
Python package and pytest tests), a private HOME and a private STALEGREEN_HOME.
"""

import pytest

from hostcli import driver, prerequisites, project


@pytest.fixture
def make_project(tmp_path):
    """make_project(broken=False, config=None): the committed ``calc`` project (hostcli/project.py)."""
    def make(broken=False, config=None):
        return project.create(tmp_path / "project", broken=broken, config=config)
    return make


@pytest.fixture
def make_host(tmp_path):
    """make_host(name, project, stalegreen=True, **options): a host CLI with private homes and
    stalegreen's hooks installed; ``options`` go to the host class (Codex: ``model``, ``trust``,
    ``sandbox``)."""
    def make(name, project_dir, stalegreen=True, **options):
        prerequisites.require_netns()
        cli = prerequisites.require_cli(name)
        host = driver.HOSTS[name](cli, tmp_path / ("%s-env" % name), project_dir, **options)
        if stalegreen:
            prerequisites.require_stalegreen_importable()
            host.install_stalegreen()
        return host
    return make


@pytest.fixture(params=["claude", "codex"])
def host_name(request):
    return request.param

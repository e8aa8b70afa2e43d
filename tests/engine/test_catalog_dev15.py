"""Catalog causes found on the dev15 command set (written blind 2026-12-03): a monorepo task runner
launched through a package manager, Terraform's and Nix's own checks, and a one-dash flag given its
value after "=" (Go, Terraform). Each group holds the set's lines and lines of our own, negatives
included."""

import pytest

from stalegreen.engine import catalog, prefilter, shell

BASE = "/w"


def runs(command):
    if not prefilter.might_contain_runner(command):
        return []
    return [(r.runner, r.category, r.scope) for r in catalog.find_runs(shell.parse(command), None, BASE)
            if r.not_run is None]


@pytest.mark.parametrize("command, expected", [
    # a package manager runs a monorepo task runner's bin by name
    ("CI=1 FORCE_COLOR=0 NODE_OPTIONS=--max-old-space-size=8192 pnpm turbo run typecheck",     # c15-250
     [("turbo run typecheck", "typecheck", "all")]),
    ("yarn turbo run test", [("turbo run test", "test", "all")]),
    ("pnpm turbo run build --filter=web", [("turbo run build", "build", "subset")]),
    ("pnpm lerna run test", [("lerna run test", "test", "all")]),
    ("pnpm turbo", []),
    # Terraform's and OpenTofu's test command; -filter narrows it
    ("terraform test", [("terraform test", "test", "all")]),
    ("terraform test -filter=tests/vpc.tftest.hcl", [("terraform test", "test", "subset")]),     # c15-209
    ("tofu test -filter tests/a.tftest.hcl", [("tofu test", "test", "subset")]),
    ("terraform plan", []),
    # Nix's own build and flake checks (a dev shell still launches what it runs)
    ("nix build .#default -L", [("nix build", "build", "all")]),                                  # c15-203
    ("nix build .#packages.aarch64-linux.server", [("nix build", "build", "subset")]),
    ("nix flake check -L", [("nix flake check", "test", "all")]),
    ("nix develop -c pytest -q", [("pytest", "test", "all")]),
    ("nix flake show", []),
    ("nix fmt", []),
    ("nix run .#serve", []),
    # a one-dash flag with its value after "=" narrows as it does with a space
    ("go test -run=TestRetry ./...", [("go test", "test", "subset")]),
    ("go test -count=1 ./...", [("go test", "test", "all")]),
])
def test_dev15_runs(command, expected):
    assert runs(command) == expected

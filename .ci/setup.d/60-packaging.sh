#!/usr/bin/env bash
# Packaging (zipapp, pipx, Claude Code plugin): pipx and wheel-building tools, the pinned
# dependency wheels the zipapp carries, and an offline wheelhouse for tests/test_pipx.py
# (pipx always upgrades its shared pip, so a pip>=26.1 wheel must be there too).
set -euo pipefail
cd "$(dirname "$0")/../.."
pip_quiet=(--quiet --disable-pip-version-check)
# into the suite's virtual environment (tests run with its python; see run-tests)
./run-tests --prepare
py=${STALEGREEN_VENV:-$PWD/.venv}/bin/python
"$py" -m pip install "${pip_quiet[@]}" pipx build wheel 'setuptools>=77'   # build: release.sh, run by tests/newcomer
./zipapp.sh --fetch
mkdir -p build/pipx-wheelhouse
# the dependencies at the versions pyproject.toml pins (the zipapp's wheels), and pip
cp build/zipapp-wheels/*.whl build/pipx-wheelhouse/
"$py" -m pip download "${pip_quiet[@]}" --only-binary=:all: --dest build/pipx-wheelhouse 'pip>=26.1'
ls build/pipx-wheelhouse

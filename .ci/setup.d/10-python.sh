#!/usr/bin/env bash
# Python: the package with its test extra in the suite's own virtual environment (.venv, made
# by `./run-tests --prepare`, the same one a developer's ./run-tests makes), plus pytest for every
# other CPython 3.8-3.13 that pyenv has (tests/test_interpreters.py runs the engine under each).
set -euo pipefail
cd "$(dirname "$0")/../.."
./run-tests --prepare
if command -v pyenv >/dev/null 2>&1; then
  for v in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.(8|9|10|11|12|13)\.[0-9]+$'); do
    py="$(pyenv root)/versions/$v/bin/python"
    [ -x "$py" ] || continue
    "$py" -m pip install --quiet --disable-pip-version-check 'pytest>=7' 'hypothesis>=6' || echo "warning: could not install pytest for $v"
  done
fi

#!/usr/bin/env bash
# Shells for the rewrite matrix: the wrapped command must behave the same under bash, dash and zsh.
set -euo pipefail
exec bash "$(dirname "$0")/../apt-ensure.sh" zsh dash

#!/usr/bin/env bash
# Tools the edit-event tests run for real (tests/engine/test_edits.py compares the events read
# from a command line with what the command actually changed): git, perl, patch.
set -euo pipefail
exec bash "$(dirname "$0")/../apt-ensure.sh" git perl patch

#!/usr/bin/env bash
# Tools the edit-event tests run for real (tests/engine/test_edits.py compares the events read
# from a command line with what the command actually changed): git, perl, patch.
set -euo pipefail
missing=()
for tool in git perl patch; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
sudo_cmd=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get update -qq >/dev/null
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

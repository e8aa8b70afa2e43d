#!/usr/bin/env bash
# Shells for the rewrite matrix: the wrapped command must behave the same under bash, dash and zsh.
set -euo pipefail
missing=()
for shell in zsh dash; do
  command -v "$shell" >/dev/null 2>&1 || missing+=("$shell")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
sudo_cmd=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get update -qq >/dev/null
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# apt-ensure.sh COMMAND[=PACKAGE] ... : apt-get install the package of every COMMAND not on PATH
# (PACKAGE defaults to COMMAND). Nothing is fetched when all are present. Extra packages that
# should come along with any install go in APT_ENSURE_EXTRA.
set -euo pipefail
missing=()
for spec in "$@"; do
  command -v "${spec%%=*}" >/dev/null 2>&1 || missing+=("${spec#*=}")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
sudo_cmd=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get update -qq >/dev/null
# shellcheck disable=SC2086
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get install -y -qq --no-install-recommends "${missing[@]}" ${APT_ENSURE_EXTRA:-} >/dev/null

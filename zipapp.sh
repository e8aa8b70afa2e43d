#!/usr/bin/env bash
# Build dist/stalegreen.pyz: stalegreen plus click, platformdirs and tomlkit (and the dsh plugin,
# for `install --dsh`) in one file that runs on CPython 3.8-3.13. The dependencies are pinned to the last releases that support 3.8
# and checked by hash; two builds from the same source are byte-identical.
#
#   ./zipapp.sh                  build dist/stalegreen.pyz (fetches the pinned wheels once)
#   ./zipapp.sh -o FILE          build FILE instead
#   ./zipapp.sh --plugin         refresh the copy the Claude Code plugin carries (from HEAD)
#   ./zipapp.sh --check FILE     exit 0 if FILE is exactly what this source builds, else 1
#   ./zipapp.sh --fetch          only download the pinned wheels (CI setup)
#   --head                       package the committed stalegreen/ (git HEAD), not the work tree
#   --offline                    never download; exit 3 if a wheel is missing
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
py="${PYTHON:-python3}"
wheels="${STALEGREEN_WHEELS:-$root/build/zipapp-wheels}"
out="$root/dist/stalegreen.pyz"
plugin_copy="$root/installers/claude-plugin/bin/stalegreen.pyz"
mode=build offline=0 plugin=0 head=0 check_file=""

# name==version sha256 (py3-none-any wheels; newer releases dropped Python 3.8)
pins=(
  "click==8.1.8 63c132bbbed01578a06712a2d1f497bb62d9c1c0d329b7903a866228027263b2"
  "platformdirs==4.3.6 73e575e1408ab8103900836b97580d5307456908a03e92031bab39e4554cc3fb"
  "tomlkit==0.13.3 c89c649d79ee40629a9fda55f8ace8c6a1b42deb912b2a8fd8d942ddadb606b0"
)

while [ $# -gt 0 ]; do
  case "$1" in
    -o)
      if [ $# -lt 2 ] || [ -z "$2" ]; then echo "zipapp.sh: -o needs a file name" >&2; exit 2; fi
      out="$2"; shift 2 ;;
    --check)
      if [ $# -lt 2 ] || [ -z "$2" ]; then
        echo "zipapp.sh: --check needs the file to verify: ./zipapp.sh --check FILE" >&2; exit 2
      fi
      if [ ! -f "$2" ]; then echo "zipapp.sh: --check $2: no such file" >&2; exit 2; fi
      mode=check; check_file="$2"; shift 2 ;;
    --fetch) mode=fetch; shift ;;
    --offline) offline=1; shift ;;
    --plugin) plugin=1; shift ;;
    --head) head=1; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "zipapp.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

wheel_path() {  # name==version -> path of the wheel in $wheels
  local name="${1%%==*}" version="${1##*==}"
  echo "$wheels/${name}-${version}-py3-none-any.whl"
}

fetch_wheels() {
  mkdir -p "$wheels"
  local pin spec hash file
  for pin in "${pins[@]}"; do
    spec="${pin%% *}" hash="${pin##* }" file="$(wheel_path "$spec")"
    if [ ! -f "$file" ]; then
      if [ "$offline" = 1 ]; then
        echo "zipapp.sh: missing $file (run ./zipapp.sh --fetch while online)" >&2; exit 3
      fi
      "$py" -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.8 \
        --dest "$wheels" "$spec" >&2
    fi
    if ! echo "$hash  $file" | sha256sum --check --status; then
      echo "zipapp.sh: $file does not match its pinned sha256 $hash" >&2; exit 4
    fi
  done
}

source_dir() {  # the stalegreen/ to package: the work tree, or HEAD exported to a temp dir
  if [ "$1" = 1 ]; then
    local export_dir
    export_dir="$(mktemp -d)"
    git -C "$root" archive HEAD stalegreen dsh-bridge | tar -x -C "$export_dir"
    echo "$export_dir/stalegreen"
  else
    echo "$root/stalegreen"
  fi
}

build_to() {  # OUT USE_HEAD
  local src args pin
  src="$(source_dir "$2")"
  args=(build "$1" --package "$src" --dsh-plugin "$(dirname "$src")/dsh-bridge")
  for pin in "${pins[@]}"; do args+=(--wheel "$(wheel_path "${pin%% *}")"); done
  (cd "$root" && "$py" -I -c 'import sys; sys.path.insert(0, "."); from stalegreen.install.pyz import _main; sys.exit(_main(sys.argv[1:]))' "${args[@]}")
  if [ "$2" = 1 ]; then rm -rf "$(dirname "$src")"; fi
}

fetch_wheels
case "$mode" in
  fetch) echo "pinned wheels ready in $wheels" ;;
  build)
    id="$(build_to "$out" "$head")"
    echo "built $out (build $id, $(wc -c <"$out") bytes)"
    if [ "$plugin" = 1 ]; then
      id="$(build_to "$plugin_copy" 1)"
      echo "refreshed $plugin_copy from HEAD (build $id); commit it"
    fi ;;
  check)
    tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
    build_to "$tmp/stalegreen.pyz" "$head" >/dev/null
    if cmp -s "$tmp/stalegreen.pyz" "$check_file"; then
      echo "$check_file matches the source (byte-identical)"; exit 0
    fi
    echo "$check_file does NOT match the source; rebuild it with ./zipapp.sh (--plugin for the plugin copy):" >&2
    (cd "$root" && "$py" -I -c 'import sys; sys.path.insert(0, "."); from stalegreen.install.pyz import _main; sys.exit(_main(sys.argv[1:]))' diff "$check_file" "$tmp/stalegreen.pyz") >&2 || true
    exit 1 ;;
esac

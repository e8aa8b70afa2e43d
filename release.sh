#!/usr/bin/env bash
# Build every release artifact of the committed source (git HEAD) into dist/release/:
#   stalegreen-<v>-py3-none-any.whl   the Python package (pip/pipx install it)
#   stalegreen-<v>.tar.gz             its source distribution
#   stalegreen-<v>.pyz                the single-file zipapp (python3 stalegreen-<v>.pyz install --all)
#   dsh-plugin-stalegreen-<v>.tgz     the dsh plugin as an npm tarball (dsh plugin --profile P add ./that.tgz)
#   SHA256SUMS                        sha256sum --check SHA256SUMS
# Reproducible: SOURCE_DATE_EPOCH is the HEAD commit's time and every archive is normalised
# (sorted entries, fixed times, owners and modes), so two runs give byte-identical files.
# Nothing is published: uploading to PyPI or npm is a separate, manual step.
#
#   ./release.sh             build (needs the pinned zipapp wheels: ./zipapp.sh --fetch, and the
#                            `build` package: $STALEGREEN_RELEASE_PYTHON, or a venv it makes in build/)
#   ./release.sh -o DIR      build into DIR instead
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
out="$root/dist/release"
while [ $# -gt 0 ]; do
  case "$1" in
    -o) [ $# -ge 2 ] && [ -n "$2" ] || { echo "release.sh: -o needs a directory" >&2; exit 2; }
        out="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"

SOURCE_DATE_EPOCH="$(git -C "$root" log -1 --format=%ct HEAD)"
export SOURCE_DATE_EPOCH
# a Python with the `build` package: $STALEGREEN_RELEASE_PYTHON, else a venv of its own in build/
py="${STALEGREEN_RELEASE_PYTHON:-}"
if [ -z "$py" ]; then
  [ -x "$root/build/release-venv/bin/python" ] || python3 -m venv "$root/build/release-venv"
  py="$root/build/release-venv/bin/python"
fi
"$py" -I -c 'import build.__main__' 2>/dev/null || "$py" -m pip install --quiet --disable-pip-version-check build

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$root" archive --format=tar HEAD | tar -x -C "$work"     # exactly what is committed
version="$("$py" -c 'import re,sys; print(re.search(r"^version = \"([^\"]+)\"", open(sys.argv[1]).read(), re.M).group(1))' "$work/pyproject.toml")"
find "$work" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

rm -f "$out"/stalegreen-* "$out"/dsh-plugin-stalegreen-* "$out/SHA256SUMS"
(cd "$work" && "$py" -m build --sdist --wheel --outdir "$out" . >/dev/null)
"$root/zipapp.sh" --offline --head -o "$out/stalegreen-$version.pyz" >/dev/null

"$py" - "$work" "$out" "$version" <<'EOF'
"""Normalise the tarballs and write the dsh plugin's npm tarball (no npm needed)."""
import gzip, io, json, os, sys, tarfile, time

work, out, version = sys.argv[1:4]
epoch = int(os.environ["SOURCE_DATE_EPOCH"])
sys.path.insert(0, work)
from stalegreen.install.pyz import dsh_plugin_entries  # the plugin's shipped files, one list


def write_tgz(path, members):
    """members: [(name, bytes, mode)] -> a gzip tar with fixed order, times and owners."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data, mode in sorted(members):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), mode, epoch
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(data))
    with open(path, "wb") as fh:
        with gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=9) as gz:
            gz.write(raw.getvalue())


sdist = os.path.join(out, "stalegreen-%s.tar.gz" % version)
with tarfile.open(sdist) as tar:
    members = [(m.name, tar.extractfile(m).read(), 0o755 if m.mode & 0o100 else 0o644)
               for m in tar.getmembers() if m.isfile()]
write_tgz(sdist, members)

plugin = [("package/" + name.split("/dsh_plugin/", 1)[1], data, 0o644)
          for name, data in dsh_plugin_entries(os.path.join(work, "dsh-bridge"))]
with open(os.path.join(work, "LICENSE"), "rb") as fh:
    plugin.append(("package/LICENSE", fh.read(), 0o644))
package = json.loads(dict((n, d) for n, d, _ in plugin)["package/package.json"])
if package["version"] != version:
    sys.exit("release.sh: dsh-bridge/package.json is version %s, pyproject.toml %s" % (package["version"], version))
write_tgz(os.path.join(out, "%s-%s.tgz" % (package["name"], version)), plugin)
EOF

(cd "$out" && sha256sum stalegreen-"$version"* dsh-plugin-stalegreen-"$version".tgz > SHA256SUMS)
echo "release artifacts of $(git -C "$root" rev-parse --short HEAD) (SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH) in $out:"
cat "$out/SHA256SUMS"

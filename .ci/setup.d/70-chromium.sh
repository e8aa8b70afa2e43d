#!/bin/sh
# Headless Chromium renders the `stalegreen stats --html` report in tests; zstd decodes dsh
# session logs (multi-frame .jsonl.zstd) for `stalegreen history`.
set -e
need=""
command -v chromium >/dev/null 2>&1 || need="$need chromium"
command -v zstd >/dev/null 2>&1 || need="$need zstd"
if [ -n "$need" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends $need fonts-dejavu-core >/dev/null
fi

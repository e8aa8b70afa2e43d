#!/usr/bin/env bash
# Headless Chromium renders the `stalegreen stats --html` report in tests; zstd decodes dsh
# session logs (multi-frame .jsonl.zstd) for `stalegreen history`.
set -euo pipefail
APT_ENSURE_EXTRA=fonts-dejavu-core exec bash "$(dirname "$0")/../apt-ensure.sh" chromium zstd

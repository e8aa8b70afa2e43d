"""A hook that only records: appends ``{"event", "payload"}`` to ``$E2E_HOOK_LOG`` and allows.

Used by the smoke test to check that the harness delivers each host's payloads at all,
independently of stalegreen's own hook.
"""

import json
import os
import sys


def main():
    event = sys.argv[1] if len(sys.argv) > 1 else "?"
    raw = sys.stdin.read()
    try:
        payload = json.loads(raw)
    except ValueError:
        payload = {"unparsed": raw}
    with open(os.environ["E2E_HOOK_LOG"], "a") as log:
        log.write(json.dumps({"event": event, "payload": payload}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

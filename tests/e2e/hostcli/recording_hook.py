"""A hook that records: appends ``{"event", "payload"}`` to ``$E2E_HOOK_LOG``.

Used by the harness tests to check, independently of stalegreen's own hook, that each host
delivers its payloads and that the driver reads a Stop block back out of the model's requests.
It allows everything, except the events named in ``$E2E_HOOK_BLOCK`` (comma separated), which it
blocks once per turn (not while ``stop_hook_active`` is true) with the reason
``recorder blocks <event>``.
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
    if event in os.environ.get("E2E_HOOK_BLOCK", "").split(",") and not payload.get("stop_hook_active"):
        sys.stdout.write(json.dumps({"decision": "block", "reason": "recorder blocks %s" % event}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

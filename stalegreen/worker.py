"""``stalegreen hook --worker``: many hook events through one process, for the dsh bridge.

Starting Python for every tool call costs 20-25 ms; the bridge instead keeps this process alive
and talks JSON lines over its stdin/stdout. One request per line::

    {"id": 7, "host": "dsh", "event": "tools/post-execute", "payload": {...}}

and exactly one reply line per request, in order::

    {"id": 7, "stdout": "<what the one-shot hook would print>", "exit": 0}

Every request fails open on its own: a bad line, an engine error or an overrun of the per-event
deadline (``STALEGREEN_HOOK_DEADLINE`` seconds) gets the host's "allow" reply and an error record,
and the worker goes on with the next line. Anything the engine prints by mistake goes to stderr,
never into the reply stream. End of stdin ends the worker.
"""

import json
import sys

from stalegreen import hook


def _answer(line, seconds):
    """One request line -> the reply object. Never raises (except KeyboardInterrupt/SystemExit)."""
    request_id, host, event_name = None, None, ""
    try:
        request = json.loads(line.decode("utf-8", "replace"))
        if not isinstance(request, dict):
            raise ValueError("request is not a JSON object")
        request_id = request.get("id")
        host, event_name = request.get("host"), request.get("event")
        payload = request.get("payload")
        if not isinstance(host, str) or not isinstance(event_name, str) or not isinstance(payload, dict):
            raise ValueError("request needs host, event and an object payload")
        hook.arm_deadline(seconds)
        try:
            stdout, code = hook.handle_payload(host, event_name, payload)
        finally:
            hook.disarm_deadline()
        return {"id": request_id, "stdout": stdout, "exit": code}
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # the deadline, bad JSON, anything: this request allows
        hook.record_error("worker:%s:%s" % (host or "?", event_name or "?"), exc)
        try:
            stdout = hook.allow_output(host, event_name)
        except Exception:
            stdout = ""
        return {"id": request_id, "stdout": stdout, "exit": 0}


def serve(stdin_binary, stdout_binary):
    """Answer JSON-line requests from ``stdin_binary`` until it closes. Returns the exit status."""
    seconds = hook.deadline_seconds()
    real_stdout = sys.stdout
    sys.stdout = sys.stderr   # a stray print must not corrupt the reply stream
    try:
        while True:
            line = stdin_binary.readline()
            if not line:
                return 0
            if not line.strip():
                continue
            reply = _answer(line, seconds)
            try:
                stdout_binary.write(json.dumps(reply).encode("utf-8") + b"\n")
                stdout_binary.flush()
            except (BrokenPipeError, ValueError, OSError):
                return 0   # the bridge went away
    finally:
        sys.stdout = real_stdout

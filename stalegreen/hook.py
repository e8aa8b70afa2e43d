"""``stalegreen hook <host> <event>``: one hook call, failing open.

Reads the host's JSON payload from stdin, lets ``hosts.<host>`` turn it into an event, lets
the engine decide, and writes the host's reply. Any error, timeout or unparseable payload
means "allow": the host gets the reply it needs for "allow" (``{}`` for a Codex Stop,
nothing otherwise) and the error goes to ``errors.jsonl`` in the store.

Standard library only, and nothing heavy at import time: this runs on every tool call.
"""

import os
import sys

from stalegreen.engine import events as ev

HOOK_DEADLINE_SECONDS = 8.0   # hosts allow 10-30 s; give up well before and allow


class Deadline(BaseException):
    """Raised by SIGALRM when one event overruns its deadline.

    A BaseException, like KeyboardInterrupt: the engine's ``except Exception`` clauses (a reader
    bug must not break a hook) must not swallow it, so it always reaches the guard that records
    it and allows."""


def _host_module(host):
    """The registered host's hook adapter, or None (``stalegreen.hosts.HOSTS``)."""
    from stalegreen import hosts

    return hosts.module(host)


def deadline_seconds():
    """``STALEGREEN_HOOK_DEADLINE`` seconds (at least 0.1), else the default."""
    try:
        return max(0.1, float(os.environ.get("STALEGREEN_HOOK_DEADLINE", HOOK_DEADLINE_SECONDS)))
    except ValueError:
        return HOOK_DEADLINE_SECONDS


def allow_output(host, event_name):
    """What ``host`` reads as "allow" for ``event_name`` (``{}`` for a Codex Stop)."""
    module = _host_module(host)
    return module.allow_output(event_name) if module else ""


def record_error(label, exc):
    try:
        from stalegreen.engine import store

        store.record_error(label, exc)
    except Exception:
        pass


def _loads(data):
    """Strict JSON: ``NaN`` and ``Infinity`` are not JSON, and no host sends them."""
    from stalegreen.engine import fastjson

    return fastjson.loads(data, strict_constants=True)


def encode_reply(text):
    """The reply as UTF-8 bytes; raises (inside the fail-open guard) when it cannot be.

    The host modules build replies with ``hosts.common.dumps``, which already replaces lone
    surrogates and refuses NaN; this is the last check before a byte reaches the host."""
    if not isinstance(text, str):
        raise TypeError("reply is %s, not text" % type(text).__name__)
    return text.encode("utf-8")


def handle_payload(host, event_name, payload):
    """Run one event given as a decoded payload. Returns (stdout_text, exit_code).

    Shared by the one-shot hook process and the dsh bridge's long-lived worker.
    """
    module = _host_module(host)
    if module is None:
        return "", 0
    try:
        event = module.to_event(event_name, payload)
        if event.kind == ev.IGNORED:       # a tool call the engine never looks at
            return module.render(event, ev.NOTHING)
        from stalegreen.engine import core

        decision = core.handle(event)
        out, code = module.render(event, decision)
        encode_reply(out)
        return out, code
    except Exception as exc:  # fail open, always
        record_error("%s:%s" % (host, event_name), exc)
        return module.allow_output(event_name), 0


def handle_raw(host, event_name, data):
    """Like ``handle_payload`` but from raw stdin bytes."""
    module = _host_module(host)
    if module is None:
        return "", 0
    if not data.strip():
        return module.allow_output(event_name), 0
    try:
        payload = _loads(data.decode("utf-8", "replace"))
        if not isinstance(payload, dict):
            raise ValueError("payload is not a JSON object")
    except Exception as exc:
        record_error("%s:%s:stdin" % (host, event_name), exc)
        return module.allow_output(event_name), 0
    return handle_payload(host, event_name, payload)


def _signals():
    """``_signal``, the C module under ``signal`` (which builds enums on import: ~5 ms)."""
    try:
        import _signal as module
    except ImportError:
        import signal as module
    return module


def arm_deadline(seconds):
    """SIGALRM raises ``Deadline`` after ``seconds``; a no-op where signals are unavailable."""
    try:
        signal = _signals()

        def expire(signum, frame):
            raise Deadline("hook exceeded %.1f s" % seconds)

        signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    except (ImportError, AttributeError, ValueError):
        pass


def disarm_deadline():
    try:
        signal = _signals()
        signal.setitimer(signal.ITIMER_REAL, 0)
    except (ImportError, AttributeError, ValueError):
        pass


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: stalegreen hook <host> <Event>\n")
        return 0
    host, event_name = argv[0], argv[1]
    module = _host_module(host)
    reply, code = b"", 0
    arm_deadline(deadline_seconds())
    try:
        data = sys.stdin.buffer.read()
        out, code = handle_raw(host, event_name, data)
        reply = encode_reply(out)
    except BaseException as exc:  # includes the deadline; never let the host see a traceback
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        record_error("%s:%s" % (host, event_name), exc)
        reply, code = (module.allow_output(event_name) if module else "").encode("utf-8"), 0
    finally:
        disarm_deadline()
    if reply:
        try:
            sys.stdout.flush()
            out_binary = getattr(sys.stdout, "buffer", None)
            if out_binary is None:                 # a text-only stdout (embedding, tests)
                sys.stdout.write(reply.decode("utf-8"))
            else:
                out_binary.write(reply)
                out_binary.flush()
        except (OSError, ValueError) as exc:   # the host closed our stdout: nothing to tell it
            record_error("%s:%s:stdout" % (host, event_name), exc)
    return code

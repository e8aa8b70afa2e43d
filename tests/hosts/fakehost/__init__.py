"""A fourth host that exists only in the tests: proof that a host is one package plus one line
in ``stalegreen.hosts.HOSTS`` (tests/hosts/test_fourth_host.py registers it, stalegreen/ is not
edited). Its hook payload is deliberately unlike the real hosts'::

    {"sid": "s1", "dir": "/abs/project", "cmd": "pytest -q", "status": 1, "text": "...", "say": "..."}

Events: ``Shell`` (a shell command finished: ``cmd``, ``status``, ``text``) and ``Done`` (the agent
wants to stop: ``say``). A block is answered ``{"halt": true, "because": ...}``.
"""

from stalegreen.engine import events as ev

HOST = "fakehost"
LABEL = "Fake Host"


def allow_output(event_name):
    return ""


def to_event(event_name, payload):
    fields = {"event_name": event_name, "session": str(payload.get("sid") or "unknown"),
              "cwd": payload.get("dir") or "", "rewrite_policy": ev.REWRITE_NONE}
    if event_name == "Shell":
        return ev.Event(ev.POST_SHELL, HOST, command=payload.get("cmd") or "", exit_code=payload.get("status"),
                        output=payload.get("text") or "", **fields)
    if event_name == "Done":
        return ev.Event(ev.STOP, HOST, message=payload.get("say") or "", **fields)
    return ev.Event(ev.IGNORED, HOST, **fields)


def render(event, decision):
    if decision.kind == ev.BLOCK:
        import json

        return json.dumps({"halt": True, "because": decision.reason}), 0
    return "", 0

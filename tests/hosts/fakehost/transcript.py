"""The fake host's session logs: ``<home>/.fakehost/sessions/<id>.jsonl``, one event a line::

    {"ts": "2026-12-01T10:00:00Z", "dir": "/abs/project", "cmd": "pytest -q", "status": 1, "text": "..."}
    {"ts": "2026-12-01T10:00:05Z", "say": "All tests pass."}
"""

import os

from stalegreen.engine import events as ev
from stalegreen.replay.lines import iter_records, modified_since


def root(env, home):
    return os.path.join(env.get("FAKEHOST_HOME") or os.path.join(home, ".fakehost"), "sessions")


def discover(root_dir, cutoff=None):
    try:
        names = sorted(os.listdir(root_dir))
    except OSError:
        return
    for name in names:
        path = os.path.join(root_dir, name)
        if name.endswith(".jsonl") and modified_since(path, cutoff):
            yield name[:-len(".jsonl")], [(None, path)], None


def read(path, session, agent=None, info=None, meter=None, prefilter=True):
    info = info if info is not None else {}
    cwd = ""
    for row in iter_records(path, meter):
        cwd = row.get("dir") or cwd
        info.setdefault("cwd", cwd)
        common = {"session": session, "agent": agent, "ts": row.get("ts"), "cwd": cwd, "replay": True}
        if "cmd" in row:
            yield ev.Event(ev.PRE_SHELL, "fakehost", command=row["cmd"], **common)
            yield ev.Event(ev.POST_SHELL, "fakehost", command=row["cmd"], exit_code=row.get("status"),
                           output=row.get("text") or "", **common)
        elif "say" in row:
            yield ev.Event(ev.STOP, "fakehost", message=row["say"], event_name="Done", **common)

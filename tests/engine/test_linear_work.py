"""A line with many runners, or a long output, costs work in proportion to its size.

Work is counted, not timed: the number of Python and C calls the hook makes (``sys.setprofile``)
and the bytes it stores, for n and 2n runners. Linear code doubles; the old per-run rescans of the
whole line (masking) and per-run copies of the whole line (store records) quadrupled.
"""

import os
import sys

import pytest

from stalegreen import hook


def _calls(function, *args):
    count = [0]

    def profile(frame, event, arg):
        count[0] += 1

    sys.setprofile(profile)
    try:
        function(*args)
    finally:
        sys.setprofile(None)
    return count[0]


def _store_bytes(home):
    total = 0
    for folder, _, names in os.walk(str(home)):
        total += sum(os.path.getsize(os.path.join(folder, n)) for n in names if n.endswith(".jsonl"))
    return total


def _session(n, joiner, sg_home, tmp_path, tag):
    command = joiner.join("pytest -q tests/test_%d.py" % i for i in range(n))
    payload = {"session_id": "lin-%s-%d" % (tag, n), "cwd": str(tmp_path), "tool_name": "Bash",
               "tool_use_id": "t1", "tool_input": {"command": command}, "permission_mode": "default"}
    output = "".join("%d passed in 0.01s\n" % (i + 1) for i in range(n))

    def run():
        hook.handle_payload("codex", "PreToolUse", payload)
        hook.handle_payload("codex", "PostToolUse", dict(payload, tool_response=output))

    before = _store_bytes(sg_home)
    calls = _calls(run)
    return calls, _store_bytes(sg_home) - before


@pytest.mark.parametrize("joiner", [" && ", "; ", " || ", "\n"])
def test_work_grows_linearly_with_the_runners_in_a_line(joiner, sg_home, tmp_path):
    _session(20, joiner, sg_home, tmp_path, "warm")          # imports and first-use tables
    calls_1, bytes_1 = _session(150, joiner, sg_home, tmp_path, "a")
    calls_2, bytes_2 = _session(300, joiner, sg_home, tmp_path, "b")
    assert calls_2 / calls_1 < 2.4, (calls_1, calls_2)
    assert bytes_2 / bytes_1 < 2.4, (bytes_1, bytes_2)


def test_work_grows_linearly_with_the_output(sg_home, tmp_path):
    payload = {"session_id": "lin-out", "cwd": str(tmp_path), "tool_name": "Bash", "tool_use_id": "t1",
               "tool_input": {"command": "pytest -q && npm test"}, "turn_id": "x"}

    def run(kilobytes):
        text = "1 passed\n" * (kilobytes * 1024 // 9)
        return _calls(lambda: (hook.handle_payload("codex", "PostToolUse", dict(payload, tool_response=text)),
                               hook.handle_payload("codex", "Stop", dict(payload, last_assistant_message=text))))

    run(2)
    small, large = run(25), run(50)
    assert large / small < 2.4, (small, large)


def test_resolving_many_background_runs_reads_the_store_once(sg_home, tmp_path, monkeypatch):
    """A notification matching n open background runs reads the session's records a fixed number
    of times, not twice per run."""
    from stalegreen.engine import store

    reads = []
    real_read = store.Session.read

    def counting_read(self, kind, last=None):
        reads.append(kind)
        return real_read(self, kind, last)

    monkeypatch.setattr(store.Session, "read", counting_read)

    def notify(n):
        session = store.Store().session("bg-%d" % n)
        for i in range(n):
            session.append("deferred", {"id": "r-%04d" % (i + 1), "category": "test", "runner": "pytest",
                                        "cmd": "pytest", "cwd": str(tmp_path), "backgroundId": "task-1",
                                        "resolved": False})
        prompt = ("<task-notification><task-id>task-1</task-id><status>completed</status>"
                  "<summary>exit code 0</summary></task-notification>")
        del reads[:]
        hook.handle_payload("claude", "UserPromptSubmit", {"session_id": "bg-%d" % n, "cwd": str(tmp_path),
                                                           "prompt": prompt})
        assert len(session.read("receipts")) == n
        return len(reads) - 1

    assert notify(10) == notify(40)

"""One CLI session inside a loopback-only network namespace: mock model + real CLI.

    unshare -n -- python3 netns_session.py SPEC.json

SPEC: ``{"host", "script", "port", "requests", "argv", "env", "cwd", "timeout", "out_dir"}``.
Brings ``lo`` up, serves the scripted model on 127.0.0.1:port (the namespace is new, so the
port is free), runs the CLI in its own process group (Codex's npm wrapper spawns the native
binary as a child), kills the group on timeout, and writes ``stdout.txt``, ``stderr.txt`` and
``result.json`` (rc, wall seconds, timed_out) to out_dir. Standard library only.
"""

import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mock_models  # noqa: E402


def bring_loopback_up():
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)


def main(spec_path):
    with open(spec_path) as f:
        spec = json.load(f)
    bring_loopback_up()
    server = mock_models.start(spec["host"], spec["script"], spec["requests"], spec["port"])
    out_dir = spec["out_dir"]
    started = time.time()
    with open(os.path.join(out_dir, "stdout.txt"), "wb") as out, \
            open(os.path.join(out_dir, "stderr.txt"), "wb") as err:
        child = subprocess.Popen(spec["argv"], cwd=spec["cwd"], env=spec["env"], stdin=subprocess.DEVNULL,
                                 stdout=out, stderr=err, start_new_session=True)
        timed_out = False
        try:
            rc = child.wait(timeout=spec["timeout"])
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(child.pid, signal.SIGKILL)
            rc = child.wait()
        try:  # leftovers of the CLI (a backgrounded shell, the native child) die with the session
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass
    wall = time.time() - started
    server.shutdown()
    with open(os.path.join(out_dir, "result.json"), "w") as f:
        json.dump({"rc": rc, "wall": wall, "timed_out": timed_out}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

"""Run one command (a dsh session, or ``dsh plugin add``) inside a loopback-only network namespace.

    unshare -n -- python3 run_session.py SPEC.json

SPEC: ``{"argv", "env", "cwd", "timeout", "out_dir", "script" (optional), "port"}``. Brings ``lo``
up, serves the scripted model (``mock_model.py``) on 127.0.0.1:port when a script is given, runs
argv in its own process group (killed on timeout), and writes ``stdout.txt``, ``stderr.txt``,
``requests.jsonl`` and ``result.json`` (rc, wall seconds, timed_out) into out_dir.
"""

import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mock_model  # noqa: E402


def main(spec_path):
    with open(spec_path) as fh:
        spec = json.load(fh)
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    out_dir = spec["out_dir"]
    server = None
    if spec.get("script"):
        server = mock_model.start(spec["script"], os.path.join(out_dir, "requests.jsonl"), spec["port"])
    started = time.time()
    timed_out = False
    with open(os.path.join(out_dir, "stdout.txt"), "wb") as out, \
            open(os.path.join(out_dir, "stderr.txt"), "wb") as err:
        child = subprocess.Popen(spec["argv"], cwd=spec["cwd"], env=spec["env"], stdin=subprocess.DEVNULL,
                                 stdout=out, stderr=err, start_new_session=True)
        try:
            rc = child.wait(timeout=spec["timeout"])
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(child.pid, signal.SIGKILL)
            rc = child.wait()
        try:   # whatever the session left behind (the stalegreen worker, a backgrounded shell)
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass
    wall = time.time() - started
    if server is not None:
        server.shutdown()
    with open(os.path.join(out_dir, "result.json"), "w") as fh:
        json.dump({"rc": rc, "wall": wall, "timed_out": timed_out}, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

"""Command-line behaviour every command shares."""

import os
import subprocess
import sys


def test_a_reader_that_stops_early_ends_the_output_quietly(tmp_path):
    """`stalegreen claims --json msg | head -c 10`: the pipe closes under the writer; the command
    ends non-zero with nothing on stderr (no traceback, no "Exception ignored" at exit)."""
    message = tmp_path / "msg.txt"
    message.write_text("All tests pass. The build succeeds.\n")
    probe = ("import os, sys\n"
             "r, w = os.pipe(); os.close(r); os.dup2(w, 1)\n"
             "from stalegreen.cli import main\n"
             "sys.exit(main(['claims', '--json', %r]))\n" % str(message))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=False, stderr=subprocess.PIPE,
                          text=True, env=dict(os.environ, HOME=str(tmp_path)))
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""

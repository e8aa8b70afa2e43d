"""Worst cases for the hook's running time: many runners in one line, and a long output.

    python3 benchmarks/bench_worst_case.py [--max-runners 2000] [--max-kb 400]

For each size it prints the wall time of PreToolUse + PostToolUse (runners) or PostToolUse +
Stop (output), and the ratio to the previous size. Doubling the size should about double the
time (ratio ~2); a ratio near 4 means quadratic work. Runs in process against a private store.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def runners_case(hook, n, cwd):
    command = " && ".join("pytest -q tests/test_%d.py" % i for i in range(n))
    payload = {"session_id": str(uuid.uuid4()), "cwd": cwd, "tool_name": "Bash", "tool_use_id": "t1",
               "tool_input": {"command": command}, "permission_mode": "bypassPermissions"}
    output = "".join("%d passed in 0.01s\n" % (i + 1) for i in range(n))
    started = time.perf_counter()
    hook.handle_payload("claude", "PreToolUse", payload)
    hook.handle_payload("claude", "PostToolUse", dict(payload, tool_response={"stdout": output, "stderr": ""}))
    return time.perf_counter() - started


def output_case(hook, kilobytes, cwd):
    text = "1 passed\n" * (kilobytes * 1024 // 9)
    payload = {"session_id": str(uuid.uuid4()), "cwd": cwd, "tool_name": "Bash", "tool_use_id": "t1",
               "turn_id": "t", "tool_input": {"command": "pytest -q && npm test"}}
    started = time.perf_counter()
    hook.handle_payload("codex", "PostToolUse", dict(payload, tool_response=text))
    hook.handle_payload("codex", "Stop", dict(payload, last_assistant_message=text))
    return time.perf_counter() - started


def sizes(largest, smallest):
    found = []
    while largest >= smallest:
        found.append(largest)
        largest //= 2
    return sorted(found)


def report(title, unit, case, hook, values, cwd):
    print(title)
    previous = None
    for value in values:
        seconds = case(hook, value, cwd)
        ratio = "" if previous is None else "  x%.2f" % (seconds / previous)
        print("  %6d %-8s %8.3f s%s" % (value, unit, seconds, ratio))
        previous = seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-runners", type=int, default=2000)
    parser.add_argument("--max-kb", type=int, default=400)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="sg-worst-")
    os.environ["STALEGREEN_HOME"] = os.path.join(work, "home")
    os.environ["STALEGREEN_HOOK_DEADLINE"] = "1000"
    try:
        from stalegreen import hook

        runners_case(hook, 10, work)                  # imports, first-use tables
        report("runners in one line (PreToolUse + PostToolUse)", "runners", runners_case, hook,
               sizes(args.max_runners, 125), work)
        report("output size (PostToolUse + Stop)", "KB", output_case, hook, sizes(args.max_kb, 25), work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

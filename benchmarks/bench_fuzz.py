"""Fuzz the hook entry with 100,000 random and mutated payloads (the CI test runs 20,000).

    python3 benchmarks/bench_fuzz.py [--cases 100000] [--seed N]

Prints the counts the test asserts (crashes, schema-invalid replies, errors recorded vs in
errors.jsonl), the recorded error types and the replies given, and exits 1 on any failure.
"""

import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "hosts"))

import fuzzing  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save-crashes", metavar="FILE",
                        help="write each crashing input as a JSON line (host, event, payload or raw bytes)")
    args = parser.parse_args()
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    work = tempfile.mkdtemp(prefix="sg-fuzz-", dir=base)
    try:
        report = fuzzing.run(args.cases, args.seed, os.path.join(work, "home"), work, progress=10000)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(fuzzing.summary(report))
    if args.save_crashes:
        import json

        with open(args.save_crashes, "w") as fh:
            for host, event_name, payload, data in report.crashed_inputs:
                fh.write(json.dumps({"host": host, "event": event_name, "payload": payload if data is None else None,
                                     "raw": None if data is None else data.decode("latin-1")},
                                    default=repr) + "\n")
    return 1 if report.failures() else 0


if __name__ == "__main__":
    sys.exit(main())

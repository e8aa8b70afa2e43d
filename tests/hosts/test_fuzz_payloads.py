"""20,000 random and mutated payloads through the hook entry: 0 crashes, 0 schema-invalid
replies, 0 unrecorded errors (see fuzzing.py; benchmarks/bench_fuzz.py runs 100,000)."""

import os

import fuzzing

CASES = int(os.environ.get("STALEGREEN_FUZZ_CASES", "20000"))
# What malformed input may make the hook record (and allow): JSON it cannot read, fields of the
# wrong JSON type, damaged store records. Anything else recorded is a bug to look at.
EXPECTED_ERRORS = {"ValueError", "JSONDecodeError", "TypeError", "AttributeError", "MalformedRecords"}


def test_fuzzed_payloads_never_crash_and_always_get_a_valid_reply(tmp_path):
    work = tmp_path
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        import tempfile

        work = tempfile.mkdtemp(prefix="sg-fuzz-", dir="/dev/shm")     # the store on tmpfs: faster
    try:
        report = fuzzing.run(CASES, seed=20261201, home=os.path.join(str(work), "home"), workdir=str(work))
    finally:
        if str(work).startswith("/dev/shm/"):
            import shutil

            shutil.rmtree(str(work), ignore_errors=True)
    text = fuzzing.summary(report)
    print(text)
    assert report.cases == CASES
    assert report.crashes == [], text
    assert report.invalid == [], text
    assert report.recorded == report.in_file, text            # every recorded error is in errors.jsonl
    assert set(report.error_types) <= EXPECTED_ERRORS, text
    # the cases reach the engine, not just the JSON reader: rewrites, blocks and steers happen
    for kind in ("rewrite", "block", "steer", "allow"):
        assert report.replies.get(kind, 0) >= 20, text
    assert len(report.by_kind) >= 20, text

"""How fast ``stalegreen history`` reads transcripts, and whether its memory stays flat.

Builds Claude Code and Codex homes of several hundred MB from the real public transcripts in
../shared/data/transcripts (the marot-spotter Claude session with its subagents, the codemie
Codex rollouts), copied under fresh session ids, then replays them in a child process per size
and prints MB/s and peak memory. Two layouts: many sessions (a real history, split over worker
processes), and one single huge transcript (read in a second process while the first judges). MB/s is given per wall-clock second and per CPU second of the process (the
second is steadier on a shared machine). Goal: >= 150 MB/s and memory that does not grow with the file size.

    python3 benchmarks/bench_history.py [--sizes 150,450] [--single 100,300] [--readers-only]
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("STALEGREEN_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
TRANSCRIPTS = os.path.join(SHARED, "data", "transcripts")
CLAUDE_STEM = "4d5611e5-241a-462a-8d15-5122611a9569"


def claude_sample():
    folder = os.path.join(TRANSCRIPTS, "claude", "marot-spotter")
    data = b""
    for part in ("part1-of-2", "part2-of-2"):
        with open(os.path.join(folder, "%s.%s.jsonl" % (CLAUDE_STEM, part)), "rb") as fh:
            data += fh.read()
    return data, os.path.join(folder, CLAUDE_STEM, "subagents")


def codex_samples():
    folder = os.path.join(TRANSCRIPTS, "codex", "codemie-code")
    names = sorted(n for n in os.listdir(folder) if n.startswith("rollout-"))
    out = []
    for name in names:
        with open(os.path.join(folder, name), "rb") as fh:
            out.append(fh.read())
    return out


def build_many(target_mb, base):
    """A Claude + Codex history of about ``target_mb`` MB (80% Claude, 20% Codex)."""
    claude, subagents = claude_sample()
    rollouts = codex_samples()
    project = os.path.join(base, "claude", "projects", "-home-dev-bench")
    day = os.path.join(base, "codex", "sessions", "2026", "11", "29")
    os.makedirs(project)
    os.makedirs(day)
    written, index = 0, 0
    while written < target_mb * 1e6:
        index += 1
        if index % 5:
            stem = "%08d-0000-4000-8000-%012d" % (index, index)
            with open(os.path.join(project, stem + ".jsonl"), "wb") as fh:
                fh.write(claude)
            shutil.copytree(subagents, os.path.join(project, stem, "subagents"))
            written += len(claude) + sum(os.path.getsize(os.path.join(subagents, n)) for n in os.listdir(subagents))
        else:
            for n, data in enumerate(rollouts):
                thread = "019e%04x-0000-7000-8000-%012d" % (n, index)
                first, rest = data.split(b"\n", 1)
                meta = json.loads(first)
                meta["payload"]["id"] = thread          # a distinct thread per copy
                with open(os.path.join(day, "rollout-2026-11-29T10-00-00-%s.jsonl" % thread), "wb") as fh:
                    fh.write(json.dumps(meta).encode() + b"\n" + rest)
                written += len(data)
    return written


def build_single(target_mb, base):
    """One Claude session transcript of about ``target_mb`` MB (the real session, repeated)."""
    claude, _ = claude_sample()
    project = os.path.join(base, "claude", "projects", "-home-dev-bench")
    os.makedirs(project)
    written = 0
    with open(os.path.join(project, "00000000-0000-4000-8000-000000000001.jsonl"), "wb") as fh:
        copy = 0
        while written < target_mb * 1e6:
            # each repetition a year later, so time keeps moving forward as in one long session
            fh.write(claude.replace(b'"timestamp":"2026-', b'"timestamp":"%04d-' % (2026 + copy)))
            written += len(claude)
            copy += 1
    os.makedirs(os.path.join(base, "codex", "sessions"))
    return written


def child(base, readers_only):
    """Replay everything under ``base`` and print one JSON line of figures."""
    sys.path.insert(0, ROOT)
    os.environ["CLAUDE_CONFIG_DIR"] = os.path.join(base, "claude")
    os.environ["CODEX_HOME"] = os.path.join(base, "codex")
    os.environ["DSH_HOME"] = os.path.join(base, "dsh")
    os.environ["STALEGREEN_HOME"] = os.path.join(base, "sg-home")
    from stalegreen.replay import report, run
    from stalegreen.replay.lines import Meter

    if not readers_only:
        import stalegreen.engine.core  # noqa: F401  (imports are not part of the read rate)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    baseline, cpu_start = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    start = time.time()     # worker processes (large histories) are counted through RUSAGE_CHILDREN
    if readers_only:
        meter, events = Meter(), 0
        for source in run.discover("all"):
            for _ in run.merged_events(source, meter):
                events += 1
        figures = {"bytes": meter.bytes, "events": events, "sessions": None, "claims": None, "runs": None}
    else:
        collection = report.collect("all", "3650d")
        overall, _ = report.tallies(collection)
        figures = {"bytes": collection.bytes, "sessions": overall.sessions, "claims": overall.total_claims,
                   "runs": overall.runs["total"]}
    seconds = time.time() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = max(usage.ru_maxrss, workers.ru_maxrss)
    figures.update(seconds=seconds, cpu=usage.ru_utime + usage.ru_stime - cpu_start + workers.ru_utime + workers.ru_stime,
                   maxrss_mb=peak / 1024.0, growth_mb=(peak - baseline) / 1024.0,
                   workers=workers.ru_maxrss > 0)
    print(json.dumps(figures))


def measure(label, builder, size, readers_only):
    base = tempfile.mkdtemp(prefix="sg-bench-")
    try:
        builder(size, base)
        args = [sys.executable, os.path.abspath(__file__), "--child", base]
        if readers_only:
            args.append("--readers-only")
        out = subprocess.run(args, stdout=subprocess.PIPE, check=True).stdout.decode()
        figures = json.loads(out.strip().splitlines()[-1])
        rate = figures["bytes"] / 1e6 / max(figures["seconds"], 1e-9)
        cpu_rate = figures["bytes"] / 1e6 / max(figures["cpu"], 1e-9)
        print("%-22s %7.1f MB %6.2f s %6.1f MB/s (CPU %6.1f MB/s)  peak RSS %5.1f MB (+%4.1f MB reading)%s" % (
            label, figures["bytes"] / 1e6, figures["seconds"], rate, cpu_rate, figures["maxrss_mb"], figures["growth_mb"],
            "" if figures.get("sessions") is None else "  sessions %d, claims %d, runs %d%s" % (
                figures["sessions"], figures["claims"], figures["runs"],
                ", worker processes" if figures.get("workers") else "")))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="150,450", help="many-session history sizes in MB")
    parser.add_argument("--single", default="100,300", help="single-transcript sizes in MB ('' to skip)")
    parser.add_argument("--readers-only", action="store_true", help="read and decode events, no engine")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.readers_only)
        return
    if not os.path.isdir(TRANSCRIPTS):
        print("reference transcripts not found at %s" % TRANSCRIPTS)
        return
    what = "readers only" if args.readers_only else "history (readers + engine)"
    print("stalegreen %s on real samples, Python %s" % (what, sys.version.split()[0]))
    for size in [int(s) for s in args.sizes.split(",") if s]:
        measure("many sessions %d MB" % size, build_many, size, args.readers_only)
    for size in [int(s) for s in args.single.split(",") if s]:
        measure("one transcript %d MB" % size, build_single, size, args.readers_only)


if __name__ == "__main__":
    main()

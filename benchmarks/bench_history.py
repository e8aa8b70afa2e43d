"""How fast ``stalegreen history`` reads transcripts, against a floor measured in the same run.

The floor is a bare ``json.loads`` over every line of the same files, in one process: what
decoding the bytes costs before anything is done with them. Rates on a shared machine swing
with its load, so every figure is a ratio to a floor taken right before it, and the medians
over ``--repeat`` interleaved rounds are reported.

Layouts, built from the real public transcripts in ../shared/data/transcripts (the
marot-spotter Claude session with its subagents, the codemie Codex rollouts) copied under fresh
session ids:

- one transcript: the marot-spotter session repeated to the size asked (each copy a year
  later, so time keeps moving forward as in one long session);
- many sessions: a history of about that size, 80% Claude sessions, 20% Codex rollouts.

Two ratios per row: wall (how long it took against how long the floor took, the goal's
measure) and CPU (CPU seconds of the floor against CPU seconds of the row, its worker
processes included: steadier when other programs share the cores, and blind to parallelism).

Rows, each in a fresh process:

- ``history``: ``report.collect`` as ``stalegreen history`` runs it (worker processes for many
  sessions, a second reading process for one large session), peak RSS of it and its workers;
- ``readers``: the readers alone turning the files into events, no engine (one process);
- ``prepared``: the readers and the prepare stage (``run.prepared_events``: replay clock, counts,
  the engine's early checks, each Stop's claims): what the reading process of a pipelined
  replay does (one process);
- ``judge``: the in-order judge alone, fed the prepared events (one process): what the judging
  process does, what is left when reading and preparing cost nothing;
- ``before`` (``--against REV``): ``history`` as the code at git revision REV runs it, in the
  same rounds (a before/after under the same load);
- side by side with proof-of-done from PyPI (``--peer``, installed into a throwaway venv,
  skipped when it cannot be installed): both command lines on the same Claude-only layouts,
  ``stalegreen history --json --harness claude`` against ``proof-of-done audit
  --claude-projects --format json``, wall time and peak RSS.

    python3 benchmarks/bench_history.py [--many 150] [--single 100] [--repeat 3] [--peer 0.1.1|latest|none]
                                        [--against REV]
"""

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("STALEGREEN_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
TRANSCRIPTS = os.path.join(SHARED, "data", "transcripts")
CLAUDE_STEM = "4d5611e5-241a-462a-8d15-5122611a9569"
WARM_UP = os.path.join(ROOT, "tests", "replay", "fixtures")


# ---------------------------------------------------------------- layouts

def claude_sample():
    folder = os.path.join(TRANSCRIPTS, "claude", "marot-spotter")
    data = b""
    for part in ("part1-of-2", "part2-of-2"):
        with open(os.path.join(folder, "%s.%s.jsonl" % (CLAUDE_STEM, part)), "rb") as fh:
            data += fh.read()
    return data, os.path.join(folder, CLAUDE_STEM, "subagents")


def codex_samples():
    folder = os.path.join(TRANSCRIPTS, "codex", "codemie-code")
    out = []
    for name in sorted(n for n in os.listdir(folder) if n.startswith("rollout-")):
        with open(os.path.join(folder, name), "rb") as fh:
            out.append(fh.read())
    return out


def _homes(base):
    project = os.path.join(base, "claude", "projects", "-home-dev-bench")
    day = os.path.join(base, "codex", "sessions", "2026", "11", "29")
    os.makedirs(project)
    os.makedirs(day)
    os.makedirs(os.path.join(base, "dsh", "sessions"))
    return project, day


def build_many(target_mb, base, codex_share=True):
    """A history of about ``target_mb`` MB: Claude sessions with their subagents, and (every
    fifth copy, ``codex_share``) the Codex rollouts under fresh thread ids."""
    claude, subagents = claude_sample()
    rollouts = codex_samples() if codex_share else []
    project, day = _homes(base)
    written, index = 0, 0
    while written < target_mb * 1e6:
        index += 1
        if index % 5 or not codex_share:
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
    project, _ = _homes(base)
    written, copy = 0, 0
    with open(os.path.join(project, "00000000-0000-4000-8000-000000000001.jsonl"), "wb") as fh:
        while written < target_mb * 1e6:
            fh.write(claude.replace(b'"timestamp":"2026-', b'"timestamp":"%04d-' % (2026 + copy)))
            written += len(claude)
            copy += 1
    return written


def layout_files(base):
    """Every transcript file of a layout, in a fixed order (the floor reads exactly these)."""
    found = []
    for folder, dirs, names in os.walk(base):
        dirs.sort()
        found.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".jsonl"))
    return found


def _point_at(base):
    os.environ["CLAUDE_CONFIG_DIR"] = os.path.join(base, "claude")
    os.environ["CODEX_HOME"] = os.path.join(base, "codex")
    os.environ["DSH_HOME"] = os.path.join(base, "dsh")
    os.environ["STALEGREEN_HOME"] = os.path.join(base, "sg-home")


# ---------------------------------------------------------------- measured in a child process

def child(base, what):
    """Measure one thing over the layout at ``base``; print one JSON line of figures."""
    sys.path.insert(0, os.environ.get("STALEGREEN_BENCH_TREE") if what == "before" else ROOT)
    if what == "floor":
        print(json.dumps(_floor(base)))
        return
    _point_at(base)
    from stalegreen.replay import report, run
    from stalegreen.replay.lines import Meter

    _warm_up(run)           # imports and first compiles are not part of a read rate
    usage = resource.getrusage(resource.RUSAGE_SELF)
    baseline, cpu_start = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    figures = {}
    start = time.perf_counter()
    if what == "readers":
        meter, events = Meter(), 0
        for source in run.discover("all"):
            for _ in run.merged_events(source, meter):
                events += 1
        figures.update(bytes=meter.bytes, events=events)
    elif what == "prepared":
        meter, events, config = Meter(), 0, _config()
        for source in run.discover("all"):
            for _ in run.prepared_events(run.merged_events(source, meter), config, run.Tally()):
                events += 1
        figures.update(bytes=meter.bytes, events=events)
    elif what == "judge":
        figures.update(_judge_only(run, Meter))
        start = time.perf_counter() - figures.pop("seconds")
        cpu_start += figures.pop("cpu_before")      # the reading and preparing beforehand are not counted
    else:
        collection = report.collect("all", "36500d")
        overall, _ = report.tallies(collection)
        figures.update(bytes=collection.bytes, sessions=overall.sessions, claims=overall.total_claims,
                       runs=overall.runs["total"])
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = max(usage.ru_maxrss, workers.ru_maxrss)
    own, others = usage.ru_utime + usage.ru_stime - cpu_start, workers.ru_utime + workers.ru_stime
    figures.update(seconds=seconds, cpu=own + others, cpu_own=own, cpu_others=others,
                   maxrss_mb=peak / 1024.0, growth_mb=(peak - baseline) / 1024.0)
    print(json.dumps(figures))


def _floor(base):
    import json as decoder      # the stdlib decoder, as a user would call it

    total, start, cpu = 0, time.perf_counter(), _cpu()
    for path in layout_files(base):
        with open(path, "rb") as fh:
            for line in fh:
                total += len(line)
                try:
                    decoder.loads(line)
                except ValueError:
                    pass
    return {"bytes": total, "seconds": time.perf_counter() - start, "cpu": _cpu() - cpu}


def _cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _warm_up(run):
    for name in ("claude", "codex", "dsh"):
        for path in layout_files(os.path.join(WARM_UP, name))[:1]:
            run.replay(run.Source(name, "warm-up", [(None, path)]))


def _judge_only(run, Meter):
    """The judging process's share: events read and prepared into memory first (only for the
    timing of this row), then judged in order."""
    meter, prepared, config, cpu_at_start = Meter(), [], _config(), _cpu()
    for source in run.discover("all"):
        prepared.append((source, list(run.prepared_events(run.merged_events(source, meter), config, run.Tally()))))
    cpu_before, start = _cpu(), time.perf_counter()
    for source, items in prepared:
        result = run.SessionReplay(source)
        session = run._memory_session(run.session_root(source))
        run._replay_events(iter(items), result, session, config, None)
    return {"bytes": meter.bytes, "seconds": time.perf_counter() - start, "cpu_before": cpu_before - cpu_at_start}


def _config():
    from stalegreen.engine import config as config_module

    return config_module.load(None)


def in_child(base, what):
    args = [sys.executable, os.path.abspath(__file__), "--child", base, what]
    out = subprocess.run(args, stdout=subprocess.PIPE, check=True).stdout.decode()
    return json.loads(out.strip().splitlines()[-1])


# ---------------------------------------------------------------- the peer, side by side

def install_peer(version, folder):
    """proof-of-done in a throwaway venv: its command, or None (and why) when it cannot be had."""
    if version == "none":
        return None, "not asked for (--peer none)"
    venv = os.path.join(folder, "venv")
    try:
        subprocess.run([sys.executable, "-m", "venv", venv], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=300)
        spec = "proof-of-done" if version == "latest" else "proof-of-done==%s" % version
        subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", spec], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
    except (OSError, subprocess.SubprocessError) as exc:
        detail = getattr(exc, "stderr", None) or b""
        return None, "%s %s" % (exc, detail.decode(errors="replace").strip().splitlines()[-1:] or "")
    command = os.path.join(venv, "bin", "proof-of-done")    # its console script (cli:main)
    try:
        shown = subprocess.run([command, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=60).stdout.decode().strip()
    except (OSError, subprocess.SubprocessError) as exc:
        return None, "installed, but its command does not start: %s" % exc
    return (command, shown), None


RUSAGE_WRAPPER = (
    "import json, resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "seconds = time.perf_counter() - start\n"
    "print(json.dumps({'rc': done.returncode, 'seconds': seconds, 'err': done.stderr.decode(errors='replace')[-500:],\n"
    "                  'maxrss_mb': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0}))\n")


def timed_command(argv, base):
    """Wall time and peak RSS (with its children) of a command line run on the layout."""
    env = dict(os.environ, CLAUDE_CONFIG_DIR=os.path.join(base, "claude"), CODEX_HOME=os.path.join(base, "codex"),
               DSH_HOME=os.path.join(base, "dsh"), STALEGREEN_HOME=os.path.join(base, "sg-home"),
               PYTHONPATH=ROOT)
    env.pop("PYTHONDONTWRITEBYTECODE", None)    # both tools start from compiled modules, as installed
    out = subprocess.run([sys.executable, "-c", RUSAGE_WRAPPER] + argv, env=env, stdout=subprocess.PIPE,
                         check=True).stdout.decode()
    figures = json.loads(out.strip().splitlines()[-1])
    if figures["rc"] != 0:
        raise RuntimeError("%s exited %s: %s" % (argv[0], figures["rc"], figures["err"]))
    return figures


# ---------------------------------------------------------------- report

def _rate(figures, size=None):
    return (size if size is not None else figures["bytes"]) / 1e6 / max(figures["seconds"], 1e-9)


def measure(label, builder, size, rows, repeat):
    """``repeat`` rounds of floor then each row, interleaved; medians of rates and ratios."""
    base = tempfile.mkdtemp(prefix="sg-bench-")
    try:
        builder(size, base)
        by_row = dict((row, []) for row in rows)
        floors = []
        for _ in range(repeat):
            for row in rows:
                floor = in_child(base, "floor")
                floors.append(_rate(floor))
                figures = in_child(base, row)
                figures["ratio"] = _rate(figures, floor["bytes"]) / _rate(floor)
                figures["cpu_ratio"] = floor["cpu"] / max(figures["cpu"], 1e-9)
                by_row[row].append(figures)
        megabytes = in_child(base, "floor")["bytes"] / 1e6
        print("%s (%.1f MB): json.loads floor median %.1f MB/s (%s)" % (
            label, megabytes, statistics.median(floors), ", ".join("%.0f" % f for f in floors)))
        for row in rows:
            runs = by_row[row]
            ratios = [r["ratio"] for r in runs]
            extra = ""
            if row in ("history", "before"):
                extra = "  sessions %d, claims %d, runs %d; CPU s this process / its reading or worker processes %.2f / %.2f" % (
                    runs[0]["sessions"], runs[0]["claims"], runs[0]["runs"],
                    statistics.median(r["cpu_own"] for r in runs), statistics.median(r["cpu_others"] for r in runs))
            print("  %-8s %5.2fx floor wall (median of %s), %5.2fx floor CPU  %6.1f MB/s, CPU %6.1f MB/s, "
                  "peak RSS %5.1f MB (+%4.1f)%s" % (
                      row, statistics.median(ratios), "/".join("%.2f" % r for r in ratios),
                      statistics.median(r["cpu_ratio"] for r in runs), statistics.median(_rate(r) for r in runs),
                      statistics.median(r["bytes"] / 1e6 / max(r["cpu"], 1e-9) for r in runs),
                      max(r["maxrss_mb"] for r in runs), max(r["growth_mb"] for r in runs), extra))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def side_by_side(label, builder, size, peer, repeat):
    base = tempfile.mkdtemp(prefix="sg-bench-peer-")
    try:
        builder(size, base)
        ours = [sys.executable, "-m", "stalegreen", "history", "--json", "--since", "36500d", "--harness", "claude"]
        theirs = [peer[0], "audit", "--claude-projects", "--format", "json", "--out", os.path.join(base, "peer.json")]
        timed_command(ours, base)           # unmeasured: compiled modules written, files cached
        timed_command(theirs, base)
        rounds = []
        for _ in range(repeat):
            floor = in_child(base, "floor")
            a, b = timed_command(ours, base), timed_command(theirs, base)
            rounds.append((floor, a, b))
        megabytes = rounds[0][0]["bytes"]

        def line(name, index):
            runs = [r[index] for r in rounds]
            ratios = [_rate(r, megabytes) / _rate(f) for f, r in zip((x[0] for x in rounds), runs)]
            return "  %-28s %5.2fx floor (median of %s)  %6.1f MB/s wall, peak RSS %6.1f MB" % (
                name, statistics.median(ratios), "/".join("%.2f" % r for r in ratios),
                statistics.median(_rate(r, megabytes) for r in runs), max(r["maxrss_mb"] for r in runs))

        print("%s (%.1f MB, Claude only), command lines, json.loads floor median %.1f MB/s" % (
            label, megabytes / 1e6, statistics.median(_rate(r[0]) for r in rounds)))
        print(line("stalegreen history", 1))
        print(line(peer[1], 2))
        speedup = [b["seconds"] / a["seconds"] for _, a, b in rounds]
        print("  stalegreen is %.2fx as fast (median of %s)" % (
            statistics.median(speedup), "/".join("%.2f" % s for s in speedup)))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def machine():
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as fh:
            for text in fh:
                if text.startswith("model name"):
                    model = text.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = ", load average %.1f" % os.getloadavg()[0] if hasattr(os, "getloadavg") else ""
    return "%d cores (nproc), %s, Python %s, %s%s" % (
        os.cpu_count() or 1, model, platform.python_version(), platform.system(), load)


def _sizes(text):
    return [int(s) for s in text.split(",") if s.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--many", default="150", help="many-session history sizes in MB")
    parser.add_argument("--single", default="100", help="single-transcript sizes in MB ('' to skip)")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds per row (medians reported)")
    parser.add_argument("--rows", default="history,readers,prepared,judge", help="which rows to measure")
    parser.add_argument("--peer", default="0.1.1", help="proof-of-done version for the side-by-side run, "
                                                        "'latest', or 'none'")
    parser.add_argument("--against", metavar="REV", help="also time `history` as the code at this git revision "
                                                         "runs it, in the same rounds (row 'before')")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    if args.against:
        tree = tempfile.mkdtemp(prefix="sg-bench-before-")
        archive = subprocess.run(["git", "-C", ROOT, "archive", args.against, "stalegreen"], check=True,
                                 stdout=subprocess.PIPE).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        os.environ["STALEGREEN_BENCH_TREE"] = tree
        args.rows += ",before"
    if not os.path.isdir(TRANSCRIPTS):
        print("reference transcripts not found at %s (set STALEGREEN_SHARED)" % TRANSCRIPTS)
        return
    rows = [r for r in args.rows.split(",") if r]
    print("stalegreen history on real samples; %s" % machine())
    for size in _sizes(args.many):
        measure("many sessions %d MB" % size, build_many, size, rows, args.repeat)
    for size in _sizes(args.single):
        measure("one transcript %d MB" % size, build_single, size, rows, args.repeat)
    folder = tempfile.mkdtemp(prefix="sg-bench-venv-")
    try:
        peer, why = install_peer(args.peer, folder)
        if peer is None:
            print("side by side with proof-of-done: skipped (%s)" % why)
            return
        if _sizes(args.many):
            side_by_side("many sessions %d MB" % _sizes(args.many)[0],
                         lambda size, base: build_many(size, base, codex_share=False), _sizes(args.many)[0],
                         peer, args.repeat)
        if _sizes(args.single):
            side_by_side("one transcript %d MB" % _sizes(args.single)[0], build_single, _sizes(args.single)[0],
                         peer, args.repeat)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

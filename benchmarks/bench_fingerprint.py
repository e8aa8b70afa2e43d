"""Print how long the working-tree fingerprint and the store's JSONL appends/reads take.

Usage: python3 benchmarks/bench_fingerprint.py [--sizes 1000,10000,50000] [--runs 9] [--keep]
       [--against REV]   (also time fingerprint.py as it was at git revision REV, same rounds)
       [--only-stat]     (only the stat-only comparison: Python's lstat of every file vs git status)

Builds synthetic git repos under /tmp (about 100 files per folder, 200 B-8 KiB each, committed
with gc.auto=0; then 50 tracked files modified, 10 untracked files added, 20 docs touched and a
.gitignored build/ of 200 files), like the measurements in the reference pack
(packaging-latency.md section 6). Prints medians and their ratio to the interpreter's start
(``python -I -S -c pass``) measured in the same rounds, since the machine may be shared; the
goal (issue 16) is <= 10 ms at 10k files and <= 40 ms at 50k. Not a test: numbers depend on
the machine.
"""

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from stalegreen.engine import fingerprint, gitindex, gitrun, store  # noqa: E402

GIT = ["git", "-c", "gc.auto=0", "-c", "user.name=bench", "-c", "user.email=bench@example.com"]


def _git(repo, *args):
    subprocess.run(GIT + list(args), cwd=repo, check=True, stdout=subprocess.DEVNULL)


def build_repo(files, keep):
    repo = "/tmp/stalegreen-bench-%d" % files
    marker = os.path.join(repo, ".git", "bench-ready")
    if keep and os.path.exists(marker):
        return repo
    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(repo)
    rng = random.Random(files)
    _git(repo, "init", "-q")
    _git(repo, "config", "gc.auto", "0")
    paths = []
    for i in range(files):
        folder = os.path.join(repo, "pkg%03d" % (i // 1000), "mod%02d" % ((i // 100) % 10))
        if i % 100 == 0:
            os.makedirs(folder, exist_ok=True)
        ext = ".md" if i % 50 == 0 else ".py"
        path = os.path.join(folder, "file%05d%s" % (i, ext))
        with open(path, "wb") as fh:
            fh.write(os.urandom(rng.randint(100, 4096)).hex().encode()[:rng.randint(200, 8192)])
        paths.append(path)
    with open(os.path.join(repo, ".gitignore"), "w") as fh:
        fh.write("build/\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "synthetic")
    code = [p for p in paths if p.endswith(".py")]
    docs = [p for p in paths if p.endswith(".md")]
    for path in rng.sample(code, 50):
        with open(path, "ab") as fh:
            fh.write(b"\n# modified\n")
    for path in rng.sample(docs, min(20, len(docs))):
        with open(path, "ab") as fh:
            fh.write(b"\nmore docs\n")
    for i in range(10):
        with open(os.path.join(repo, "untracked%02d.py" % i), "w") as fh:
            fh.write("x = %d\n" % i)
    os.makedirs(os.path.join(repo, "build"), exist_ok=True)
    for i in range(200):
        with open(os.path.join(repo, "build", "out%03d.o" % i), "w") as fh:
            fh.write("obj %d\n" % i)
    subprocess.run(["git", "--no-optional-locks", "status", "--porcelain"], cwd=repo,
                   stdout=subprocess.DEVNULL, check=True)
    open(marker, "w").close()
    return repo


def _cpu_seconds():
    """User+system CPU of this process and its reaped children (git): steadier than wall time
    on a shared machine."""
    import resource

    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def _median_ms(samples):
    return statistics.median(samples) * 1000


def _floor_ms():
    """One start of the interpreter doing nothing (``python -I -S -c pass``): the unit the
    hook's costs are quoted in, measured between the fingerprint samples so load hits both."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-I", "-S", "-c", "pass"], check=True)
    return (time.perf_counter() - t0) * 1000


def _timed(call):
    c0 = _cpu_seconds()
    t0 = time.perf_counter()
    result = call()
    return (time.perf_counter() - t0) * 1000, (_cpu_seconds() - c0) * 1000, result


def _module_at(revision):
    """fingerprint.py as it was at a git ``revision`` of this checkout, loaded as a module, to
    measure it in the same rounds as the current one."""
    import importlib.util

    source = subprocess.run(["git", "-C", os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "show",
                             "%s:stalegreen/engine/fingerprint.py" % revision],
                            check=True, capture_output=True).stdout
    path = os.path.join(tempfile.mkdtemp(prefix="stalegreen-bench-fp-"), "fingerprint_at_revision.py")
    with open(path, "wb") as fh:
        fh.write(source)
    spec = importlib.util.spec_from_file_location("fingerprint_at_revision", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_fingerprint(sizes, runs, keep, against=None):
    """Ways of computing, interleaved with the floor, round by round:
    full       no reference (a receipt's first fingerprint)
    snapshot   reference = a fingerprint of the same tree (Stop after a passing run)
    snap+list  the same, with an edit recorded since the reference that left the tree as it was
               (``edited``: the index is listed beside status, and not parsed)
    miss       reference = a fingerprint taken before an edit (the snapshot is checked, fails,
               and the full computation reuses its git status)
    miss+list  the same with the edit recorded (``edited``: the index listed beside status)
    .../copy   the same with ``store_home``, as the hooks call it: status reads the store's copy
               of the index with git's untracked cache (``engine/gitindex.py``), warm
    copy taken ``full/copy`` right after the real index changed: the copy is taken again and
               the first status on it fills the cache and writes it"""
    print("fingerprint.compute() in process, warm cache, %d interleaved rounds (budget 10 s); "
          "ratio = median ms / median floor ms (python -I -S -c pass)" % runs)
    previous = _module_at(against) if against else None
    home = tempfile.mkdtemp(prefix="stalegreen-bench-store-")
    names = ["full", "full/copy", "snapshot", "snapshot/copy", "snap+list", "miss", "miss/copy", "miss+list",
             "copy taken"] + (["at " + against] if previous else [])
    print("%8s %-12s %10s %10s %8s %8s %8s %s" % ("files", "path", "median_ms", "cpu_med_ms", "floor_ms",
                                                 "ratio", "changed", "result"))
    for files in sizes:
        started = time.time()
        repo = build_repo(files, keep)
        built = time.time() - started
        probe = os.path.join(repo, "pkg000", "mod00", "file00001.py")
        original = open(probe, "rb").read()
        samples = dict((name, []) for name in ["floor"] + names)
        last = {}
        try:
            fingerprint.compute(repo, budget_ms=10000)
            fingerprint.compute(repo, budget_ms=10000, store_home=home)
            for round_number in range(runs + 1):
                floor = _floor_ms()
                full = _timed(lambda: fingerprint.compute(repo, budget_ms=10000))
                full_copy = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, store_home=home))
                hit = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, reference=full[2]))
                hit_copy = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, reference=full[2],
                                                              store_home=home))
                listed = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, reference=full[2], edited=True))
                with open(probe, "wb") as fh:           # an edit: the reference is now stale
                    fh.write(original + b"# round %d\n" % round_number)
                miss = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, reference=full[2]))
                miss_copy = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, reference=full[2],
                                                               store_home=home))
                miss_listed = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, reference=full[2],
                                                                 edited=True))
                shutil.rmtree(os.path.join(home, gitindex.FOLDER))     # as if the real index had changed
                taken = _timed(lambda: fingerprint.compute(repo, budget_ms=10000, store_home=home))
                kept = os.path.join(home, gitindex.FOLDER)
                assert any(name.startswith("from-") for key in os.listdir(kept)
                           for name in os.listdir(os.path.join(kept, key))), "no private copy: /copy rows time the old path"
                if previous is not None:
                    before = _timed(lambda: previous.compute(repo, budget_ms=10000))
                    assert before[2]["tree"] == miss[2]["tree"], before[2]
                assert full_copy[2]["tree"] == full[2]["tree"], full_copy[2]
                for same in (hit, hit_copy, listed):
                    assert same[2]["tree"] == full[2]["tree"] and same[2].get("via") == "snapshot", same[2]
                for changed in (miss, miss_copy, miss_listed, taken):
                    assert changed[2].get("via") != "snapshot" and changed[2]["tree"] == miss[2]["tree"] \
                        != full[2]["tree"], changed[2]
                if round_number:                        # the first round warms caches
                    samples["floor"].append((floor, 0.0))
                    for name, timed in zip(names, (full, full_copy, hit, hit_copy, listed, miss, miss_copy,
                                                   miss_listed, taken, before if previous else None)):
                        samples[name].append(timed[:2])
                        last[name] = timed[2]
        finally:
            with open(probe, "wb") as fh:
                fh.write(original)
        floor_ms = statistics.median(s[0] for s in samples["floor"])
        shutil.rmtree(os.path.join(home, gitindex.FOLDER), ignore_errors=True)
        for name in names:
            wall = statistics.median(s[0] for s in samples[name])
            cpu = statistics.median(s[1] for s in samples[name])
            print("%8d %-12s %10.1f %10.1f %8.1f %7.2fx %8s %s" % (
                files, name, wall, cpu, floor_ms, wall / floor_ms, last[name].get("changed"),
                last[name].get("reason") or "%d files" % last[name].get("files")))
        print("%8s (repo built in %.0f s)" % ("", built))
    shutil.rmtree(home, ignore_errors=True)


def bench_spawn(repo, runs):
    """Why the fingerprint spawns git with os.posix_spawnp and not subprocess."""
    def interpreter_ms(code):
        samples = []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-I", "-S", "-c", code], check=True)
            samples.append(time.perf_counter() - t0)
        return _median_ms(samples)

    base = interpreter_ms("pass")
    with_subprocess = interpreter_ms("import subprocess")
    git = gitrun.git_executable()
    commands = [[git, "--no-optional-locks", "-C", repo, "ls-files", "-s", "-z"],
                [git, "--no-optional-locks", "-C", repo, "status", "--porcelain=v2", "-z", "-uall"]]
    spawn, sub = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        gitrun.run_parallel(commands, time.monotonic() + 10)
        spawn.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        gitrun.run_with_subprocess(commands, time.monotonic() + 10)
        sub.append(time.perf_counter() - t0)
    print("spawn: `import subprocess` costs %.1f ms at start-up (python -I -S: %.1f ms bare); the two git "
          "calls at %s take %.1f ms in parallel via posix_spawn vs %.1f ms one after the other via subprocess"
          % (with_subprocess - base, base, os.path.basename(repo), _median_ms(spawn), _median_ms(sub)))


def bench_stat_walk(repo, runs):
    """Whether a stat-only check in Python (every tracked file's lstat, the way a snapshot of
    sizes and mtimes would be re-checked) could beat ``git status``, which lstats the same files
    on up to 20 threads and lists every folder for untracked files."""
    git = gitrun.git_executable()
    status = [git, "--no-optional-locks", "-C", repo, "status", "--porcelain=v2", "-z"]
    listed = subprocess.run([git, "-C", repo, "ls-files", "-z"], check=True, capture_output=True).stdout
    paths = [os.path.join(repo, p) for p in os.fsdecode(listed).split("\0") if p]
    folders = sorted(set(os.path.dirname(p) for p in paths))

    def child_ms(argv):
        before = os.times()
        t0 = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        after = os.times()
        return (time.perf_counter() - t0) * 1000, (after.children_user + after.children_system
                                                   - before.children_user - before.children_system) * 1000

    def lstat_all():
        for path in paths:
            os.lstat(path)

    def scandir_all():
        for folder in folders:
            with os.scandir(folder) as entries:
                for entry in entries:
                    entry.stat(follow_symlinks=False)

    def on_copy_ms():
        """The fingerprint's status on the store's copy of the index (``engine/gitindex.py``)."""
        copy = gitindex.prepare(home, "bench", git_dir, common_dir, fingerprint._index_id(git_dir))
        if copy is None:
            raise SystemExit("gitindex.prepare gave no copy for %s: the private index is not used there" % repo)
        before = os.times()
        t0 = time.perf_counter()
        try:
            ((code, _out),) = gitrun.collect(gitrun.start([copy.status_command(plain_status)], [copy.env()]),
                                             time.monotonic() + 10)
        finally:
            copy.settle()
        after = os.times()
        assert code == 0
        return (time.perf_counter() - t0) * 1000, (after.children_user + after.children_system
                                                   - before.children_user - before.children_system) * 1000

    home = tempfile.mkdtemp(prefix="stalegreen-bench-store-")
    git_dir, common_dir = fingerprint._git_dirs(repo)
    plain_status = fingerprint._git_commands(repo, git_dir, common_dir)[1]
    on_copy_ms()                        # the copy taken, its cache filled
    rows = {"git status -uall": [], "the fingerprint's status": [], "the same on the copy": [],
            "git status -uno": [], "python lstat each file": [], "python scandir+stat": []}
    for _ in range(runs):
        rows["git status -uall"].append(child_ms(status + ["--untracked-files=all"]))
        rows["the fingerprint's status"].append(child_ms(plain_status))
        rows["the same on the copy"].append(on_copy_ms())
        rows["git status -uno"].append(child_ms(status + ["--untracked-files=no"]))
        rows["python lstat each file"].append(_timed(lstat_all)[:2])
        rows["python scandir+stat"].append(_timed(scandir_all)[:2])
    print("stat-only check at %s (%d tracked files, %d folders): median wall / CPU ms" % (
        os.path.basename(repo), len(paths), len(folders)))
    for name, samples in rows.items():
        print("  %-24s %7.1f / %7.1f" % (name, statistics.median(s[0] for s in samples),
                                         statistics.median(s[1] for s in samples)))
    shutil.rmtree(home, ignore_errors=True)


def bench_jsonl(runs):
    home = tempfile.mkdtemp(prefix="stalegreen-bench-home-")
    try:
        session = store.Store(home).session("bench")
        record = {"id": "r-0001", "ts": "2026-11-29T20:00:00.000Z", "harness": "claude",
                  "session": "bench", "cmd": "pytest -q", "runner": "pytest", "category": "test",
                  "scope": "all", "exit": 0, "verdict": "pass", "counts": {"passed": 41},
                  "fingerprint": {"head": "a1b2c3d4e5f6", "tree": "9f" * 32, "available": True}}
        count = 2000
        t0 = time.perf_counter()
        for _ in range(count):
            session.append("receipts", record)
        append_us = (time.perf_counter() - t0) / count * 1e6
        t0 = time.perf_counter()
        for _ in range(count):
            session.next_id()
        id_us = (time.perf_counter() - t0) / count * 1e6
        for _ in range(100000 - count):
            session.append("receipts", record)
        size = os.path.getsize(os.path.join(session.dir, "receipts.jsonl"))
        full, tail = [], []
        for _ in range(max(3, runs // 2)):
            t0 = time.perf_counter()
            records = session.read("receipts")
            full.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            last = session.read("receipts", last=100)
            tail.append(time.perf_counter() - t0)
        print("JSONL: append %.1f us/line, next_id %.1f us/id; %d lines (%.1f MB): read all %.0f ms, "
              "read last 100 %.2f ms" % (append_us, id_us, len(records), size / 1e6, _median_ms(full),
                                          _median_ms(tail)))
        assert len(last) == 100
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main(argv):
    sizes, runs, keep = [1000, 10000, 50000], 9, "--keep" in argv
    if "--sizes" in argv:
        sizes = [int(x) for x in argv[argv.index("--sizes") + 1].split(",")]
    if "--runs" in argv:
        runs = int(argv[argv.index("--runs") + 1])
    print("git: %s; python %s; %d CPUs; load average %s" % (
        subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip(),
        sys.version.split()[0], os.cpu_count() or 0, " ".join("%.2f" % x for x in os.getloadavg())))
    against = argv[argv.index("--against") + 1] if "--against" in argv else None
    if "--only-stat" in argv:
        for files in sizes:
            bench_stat_walk(build_repo(files, True), runs)
        return
    bench_fingerprint(sizes, runs, keep, against)
    bench_spawn(build_repo(sizes[min(1, len(sizes) - 1)], True), runs)
    for files in sizes:
        bench_stat_walk(build_repo(files, True), runs)
    bench_jsonl(runs)


if __name__ == "__main__":
    main(sys.argv[1:])

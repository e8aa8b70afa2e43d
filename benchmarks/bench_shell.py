"""Time the PreToolUse shell path: parse + find runs + masking + rewrite, per typical command.

    python3 benchmarks/bench_shell.py [--repeat 300]

Prints the median and p95 microseconds per stage for each command, plus import time of the
shell/masking/rewrite modules (measured in a fresh interpreter) and a 20 KB hostile line.
Also reports how long executing one wrapped command takes under each installed shell.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from stalegreen.engine import masking, rewrite, shell  # noqa: E402

COMMANDS = [
    "ls -la",
    "pytest -q",
    "pytest -q 2>&1 | tail -5",
    "cd packages/web && CI=1 npx vitest run --reporter=dot 2>&1 | tail -40 || true",
    "set -o pipefail; npm test | grep -E 'passed|failed'; echo done",
    "npm run lint && npm run typecheck && npm test -- --coverage | tee cov.txt | tail -n 30",
    "git add -A && git commit -m \"$(cat <<'EOF'\nfix: handle ) in messages\nEOF\n)\" && pytest -x",
    "for p in a b c; do (cd $p && cargo test --quiet); done 2>&1 | tail -20",
    "bash -c 'source .venv/bin/activate && python -m pytest tests/unit -k \"not slow\" | tail -3'",
]
HOSTILE = ("echo \"$(a | b) `c` ${d:-e}\" 'f;g' && pytest | tail -1; " * 220)[:20000]


def _find_runs(parse):
    try:
        from stalegreen.engine import catalog
    except ImportError:
        return []
    return catalog.find_runs(parse, None, "/tmp/project") if hasattr(catalog, "find_runs") else []


def _percentiles(samples):
    samples = sorted(samples)
    return samples[len(samples) // 2], samples[min(len(samples) - 1, int(len(samples) * 0.95))]


def bench(command, repeat):
    stages = {"parse": [], "runs": [], "mask": [], "wrap": [], "total": []}
    clock = time.perf_counter
    for _ in range(repeat):
        t0 = clock()
        parse = shell.parse(command)
        t1 = clock()
        runs = [r for r in _find_runs(parse) if r.not_run is None]
        t2 = clock()
        for run in runs:
            masking.analyze(parse, run)
        t3 = clock()
        if runs:
            ids = ["r-%04d" % (i + 1) for i in range(len(runs))]
            rewrite.wrap(parse, runs, ids, ["/tmp/sg/%s.log" % i for i in ids], 40)
        t4 = clock()
        for name, value in (("parse", t1 - t0), ("runs", t2 - t1), ("mask", t3 - t2),
                            ("wrap", t4 - t3), ("total", t4 - t0)):
            stages[name].append(value * 1e6)
    return stages


def import_time():
    code = ("import time; t=time.perf_counter(); "
            "import stalegreen.engine.shell, stalegreen.engine.masking, stalegreen.engine.rewrite; "
            "print((time.perf_counter()-t)*1000)")
    runs = []
    for _ in range(7):
        out = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, %r); %s"
                              % (ROOT, code)], stdout=subprocess.PIPE, check=True)
        runs.append(float(out.stdout))
    return sorted(runs)[len(runs) // 2]


def shell_execution():
    """Wall time of one wrapped `true` under each shell (the wrapper's own overhead)."""
    parse = shell.parse("pytest -q | tail -5")
    runs = [r for r in _find_runs(parse) if r.not_run is None]
    if not runs:
        return {}
    folder = tempfile.mkdtemp()
    fake = os.path.join(folder, "pytest")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\necho '1 passed'\n")
    os.chmod(fake, 0o755)
    wrapped, _ = rewrite.wrap(parse, runs, ["r-0001"], [os.path.join(folder, "r-0001.log")], 40)
    env = dict(os.environ, PATH=folder + os.pathsep + os.environ["PATH"])
    results = {}
    for name in ("bash", "dash", "zsh"):
        if not shutil.which(name):
            continue
        timings = []
        for command in ("pytest -q | tail -5", wrapped):
            samples = []
            for _ in range(15):
                t = time.perf_counter()
                subprocess.run([name, "-c", command], env=env, stdout=subprocess.DEVNULL, check=False)
                samples.append((time.perf_counter() - t) * 1000)
            timings.append(sorted(samples)[len(samples) // 2])
        results[name] = timings
    shutil.rmtree(folder, ignore_errors=True)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    print("python %s" % sys.version.split()[0])
    print("import shell+masking+rewrite: %.1f ms (median of 7 fresh interpreters)" % import_time())
    print("")
    print("%-60s %9s %9s %9s %9s %9s %9s" % ("command (us, median)", "parse", "runs", "mask", "wrap",
                                             "total", "p95"))
    for command in COMMANDS + [HOSTILE]:
        stages = bench(command, args.repeat if command is not HOSTILE else max(5, args.repeat // 30))
        label = command.replace("\n", "\\n")
        label = label if len(label) <= 58 else label[:55] + "..."
        if command is HOSTILE:
            label = "hostile line, %d chars" % len(HOSTILE)
        medians = [_percentiles(stages[name])[0] for name in ("parse", "runs", "mask", "wrap", "total")]
        p95 = _percentiles(stages["total"])[1]
        print("%-60s %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f" % tuple([label] + medians + [p95]))
    print("")
    for name, (plain, wrapped) in sorted(shell_execution().items()):
        print("%-5s `pytest -q | tail -5` with a trivial fake pytest: plain %.1f ms, wrapped %.1f ms"
              % (name, plain, wrapped))


if __name__ == "__main__":
    main()

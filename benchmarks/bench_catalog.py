"""Time the catalog and the output reader on typical inputs.

    python3 benchmarks/bench_catalog.py [--repeat 500]

Prints median and p95 microseconds for might_contain_runner (the pre-filter every PreToolUse pays),
find_runs on an already parsed line, and judge on real-sized outputs (the reference fixtures when
../shared is present, else synthetic ones), plus the one-time cost of importing and compiling the
tables in a fresh interpreter.
"""

import argparse
import json
import os
import py_compile
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from stalegreen.engine import catalog, outputs, prefilter, shell  # noqa: E402

COMMANDS = [
    "ls -la",
    "git status && git diff --stat",
    "pytest -q",
    "cd packages/web && CI=1 npx vitest run --reporter=dot 2>&1 | tail -40 || true",
    "npm run lint && npm run typecheck && npm test -- --coverage | tee cov.txt | tail -n 30",
    "timeout 600 uv run python -m pytest tests/unit -k 'not slow' -n 4",
    "bash -lc 'cd api && make -j4 test && cargo clippy -- -D warnings'",
    "./gradlew :app:test --tests HoldTest && mvn -q -f svc/pom.xml verify",
    "for p in a b c; do (cd $p && cargo test --quiet); done 2>&1 | tail -20",
    "cat > app.py <<'EOF'\n" + "def f(x):\n    return x + 1  # a 100 KB file written through a heredoc\n" * 1700
    + "EOF",
]


def _stats(samples):
    ordered = sorted(samples)
    return ordered[len(ordered) // 2] * 1e6, ordered[int(len(ordered) * 0.95)] * 1e6


def _time(fn, repeat):
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return _stats(samples)


def _outputs():
    index = os.path.join(os.path.dirname(ROOT), "shared", "data", "runner-output", "index.json")
    cases = []
    if os.path.exists(index):
        with open(index, encoding="utf-8") as fh:
            entries = json.load(fh)
        for entry in entries:
            path = os.path.join(os.path.dirname(index), "fixtures", entry["file"])
            if os.path.exists(path):
                with open(path, encoding="utf-8") as fh:
                    cases.append((entry["file"], entry["category"], fh.read(), entry["exit"]))
        cases = [c for c in cases if c[0] in ("pytest-pass.txt", "jest-fail.txt", "cargo-test-pass.txt",
                                              "tsc-fail.txt", "eslint-fail.txt", "next-build-pass.txt",
                                              "maven-test-fail.txt")]
    big = "tests/test_holds.py " + "." * 70 + "\n"
    cases.append(("synthetic 5 MB pytest log", "test",
                  big * (5 * 1024 * 1024 // len(big)) + "===== 41000 passed in 120.00s =====\n", 0))
    cases.append(("synthetic 200 KB lint log", "lint",
                  "src/a.py:1:1: E501 line too long (120 > 88 characters)\n" * 3500, 1))
    return cases


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=500)
    args = parser.parse_args()

    # measure loading from bytecode, as an installed package does
    engine = os.path.join(ROOT, "stalegreen", "engine")
    for module in ("outputs.py", "__init__.py") + tuple(os.path.join("catalog", name) for name in sorted(
            os.listdir(os.path.join(engine, "catalog"))) if name.endswith(".py")):
        py_compile.compile(os.path.join(engine, module))
    py_compile.compile(os.path.join(ROOT, "stalegreen", "__init__.py"))
    fresh = subprocess.run(
        [sys.executable, "-c",
         "import time; t=time.perf_counter(); from stalegreen.engine import catalog, prefilter; "
         "prefilter.might_contain_runner('pytest'); a=time.perf_counter(); from stalegreen.engine import outputs; "
         "outputs.judge('test', 'x', 0); b=time.perf_counter(); print('%.1f %.1f' % ((a-t)*1e3, (b-a)*1e3))"],
        cwd=ROOT, stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout.split()
    print("fresh interpreter: import catalog + build pre-filter %s ms; import outputs + first judge %s ms"
          % (fresh[0], fresh[1]))
    print("tools in the catalog: %d; wrappers: %d" % (len(catalog.TOOLS), len(catalog.WRAPPERS)))
    print()
    print("%-84s %10s %10s %10s %10s" % ("command", "filter p50", "p95", "find p50", "p95"))
    for command in COMMANDS:
        parse = shell.parse(command)
        f50, f95 = _time(lambda: prefilter.might_contain_runner(command), args.repeat)
        r50, r95 = _time(lambda: catalog.find_runs(parse, {}, "/work/project"), args.repeat)
        label = command.split("\n", 1)[0][:60] + (" ... (%d KB)" % (len(command) // 1024) if "\n" in command else "")
        print("%-84s %8.1fus %8.1fus %8.1fus %8.1fus" % (label[:84], f50, f95, r50, r95))
    print()
    print("%-34s %8s %12s %12s %-14s" % ("output", "size", "judge p50", "p95", "verdict"))
    for name, category, text, code in _outputs():
        repeat = max(3, args.repeat // (1 + len(text) // 20000))
        j50, j95 = _time(lambda: outputs.judge(category, text, code), repeat)
        verdict = outputs.judge(category, text, code)["verdict"]
        print("%-34s %7dB %10.1fus %10.1fus %-14s" % (name, len(text), j50, j95, verdict))


if __name__ == "__main__":
    main()

"""Hook start-to-exit latency per event, for each way a host can start stalegreen.

    python3 benchmarks/bench_hook.py [--runs 40] [--files 10000] [--python PATH]

Cases (all run with the same interpreter, interleaved round-robin so drift hits every case alike):
  floor         python -I -S -c pass
  launcher      the command `stalegreen install` registers: python -I -S ~/.stalegreen/bin/stalegreen
                (a plain script that runs the zipapp beside it with its bytecode cache, no runpy)
  zipapp        python -I -S ~/.stalegreen/bin/stalegreen.pyz (bytecode cache, but runpy)
  zipapp-nopyc  the same zipapp without its bytecode cache (what a plain zipapp costs)
  plugin        the Claude Code plugin's hook command: sh bin/stalegreen (finds python3 once)
  console       the `stalegreen` console script of the current environment (pip/pipx install)
Events: PreToolUse of a non-verification command (`ls -la`), PreToolUse of `pytest -q | tail -5`
(parse + rewrite), PostToolUse of a pytest run (receipt + fingerprint), and Stop with "All 41 tests
pass." in a git repo of --files files (claim extraction + gate + fingerprint).
Each sample is one process: os.posix_spawn, stdin from a file, stdout to /dev/null, wait4 for
wall and CPU time (user+sys, children included). Goal: launcher p50 <= 25 ms for PreToolUse ls.
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def git(cwd, *args):
    subprocess.run(["git", "-c", "gc.auto=0", "-c", "user.name=b", "-c", "user.email=b@b"] + list(args),
                   cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_repo(path, count):
    """A committed repo of ``count`` small files, ~100 per directory, a few left dirty."""
    os.makedirs(path)
    git(path, "init", "-q")
    for i in range(count):
        directory = os.path.join(path, "pkg%03d" % (i // 100))
        if i % 100 == 0:
            os.makedirs(directory)
        with open(os.path.join(directory, "mod%05d.py" % i), "w") as fh:
            fh.write("def f%d():\n    return %d\n" % (i, i))
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "init")
    for i in range(0, min(count, 50)):
        with open(os.path.join(path, "pkg000", "mod%05d.py" % i), "a") as fh:
            fh.write("# dirty\n")


def payloads(repo, transcript):
    base = {"session_id": "bench-session", "transcript_path": transcript, "cwd": repo,
            "permission_mode": "default"}
    pytest_cmd = "pytest -q | tail -5"
    return [
        ("PreToolUse ls", "PreToolUse", dict(base, hook_event_name="PreToolUse", tool_name="Bash",
                                             tool_input={"command": "ls -la"}, tool_use_id="toolu_ls")),
        ("PreToolUse pytest", "PreToolUse", dict(base, hook_event_name="PreToolUse", tool_name="Bash",
                                                 tool_input={"command": pytest_cmd}, tool_use_id="toolu_py")),
        ("PostToolUse pytest", "PostToolUse", dict(
            base, hook_event_name="PostToolUse", tool_name="Bash", tool_use_id="toolu_post",
            tool_input={"command": "pytest -q"},
            tool_response={"stdout": "........................................\n41 passed in 0.52s\n",
                           "stderr": "", "interrupted": False, "isImage": False})),
        ("Stop claim", "Stop", dict(base, hook_event_name="Stop", stop_hook_active=False,
                                    last_assistant_message="Done. All 41 tests pass.")),
    ]


def spawn_once(argv, stdin_path, env, cwd):
    stdin_fd = os.open(stdin_path, os.O_RDONLY)
    null_fd = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, stdin_fd, 0), (os.POSIX_SPAWN_DUP2, null_fd, 1),
                   (os.POSIX_SPAWN_DUP2, null_fd, 2)]
        old = os.getcwd()
        os.chdir(cwd)
        try:
            start = time.perf_counter()
            pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            wall = (time.perf_counter() - start) * 1000
        finally:
            os.chdir(old)
    finally:
        os.close(stdin_fd)
        os.close(null_fd)
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, os.waitstatus_to_exitcode(status) \
        if hasattr(os, "waitstatus_to_exitcode") else status >> 8


def percentile(values, p):
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100.0
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--files", type=int, default=10000)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--pyz", default=os.path.join(ROOT, "dist", "stalegreen.pyz"))
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="sg-bench-")
    try:
        home = os.path.join(work, "home")
        os.makedirs(home)
        if not os.path.isfile(args.pyz):
            subprocess.run([os.path.join(ROOT, "zipapp.sh"), "-o", args.pyz], check=True)
        env = {"HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        subprocess.run([args.python, "-I", "-S", args.pyz, "install", "--claude"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        settings = json.load(open(os.path.join(home, ".claude", "settings.json")))
        registered = shlex.split(settings["hooks"]["Stop"][-1]["hooks"][0]["command"])[:-3]
        python = registered[0]
        sys.stdout.write("interpreter %s\nregistered  %s\n" % (python, " ".join(registered)))

        repo = os.path.join(work, "repo")
        sys.stdout.write("making a %d-file git repo ...\n" % args.files)
        sys.stdout.flush()
        make_repo(repo, args.files)
        transcript = os.path.join(work, "transcript.jsonl")
        open(transcript, "w").close()

        cases = [("floor", [python, "-I", "-S", "-c", "pass"], {})]
        pyz = registered[-1] + ".pyz"
        cases.append(("launcher", registered, {}))
        cases.append(("zipapp", registered[:-1] + [pyz], {}))
        bare = os.path.join(work, "bare", "stalegreen.pyz")   # a copy with no -bytecode folder beside it
        os.makedirs(os.path.dirname(bare))
        shutil.copy(pyz, bare)
        cases.append(("zipapp-nopyc", registered[:-1] + [bare], {}))
        plugin = os.path.join(ROOT, "installers", "claude-plugin")
        cases.append(("plugin", ["/bin/sh", os.path.join(plugin, "bin", "stalegreen")],
                      {"CLAUDE_PLUGIN_ROOT": plugin, "CLAUDE_PLUGIN_DATA": os.path.join(work, "plugin-data"),
                       "PATH": os.path.dirname(python) + ":/usr/bin:/bin"}))
        console = os.path.join(os.path.dirname(args.python), "stalegreen")
        if os.access(console, os.X_OK):
            cases.append(("console", [console], {}))

        events = payloads(repo, transcript)
        files = {}
        for label, event, payload in events:
            path = os.path.join(work, label.replace(" ", "_") + ".json")
            with open(path, "w") as fh:
                json.dump(payload, fh)
            files[label] = path
        results = {}
        for _ in range(args.runs + 1):       # the first round warms caches and is dropped
            for name, argv, extra in cases:
                for label, event, _ in events:
                    full = argv if name == "floor" else argv + ["hook", "claude", event]
                    run_env = dict(env, **extra)
                    wall, cpu, code = spawn_once(full, files[label], run_env, repo)
                    results.setdefault((name, label), []).append((wall, cpu, code))
                    if name == "floor":
                        break
        errors = os.path.join(home, ".stalegreen", "errors.jsonl")
        header = "%-13s %-19s %8s %8s %8s %5s" % ("case", "event", "p50 ms", "p95 ms", "cpu p50", "n")
        print(header)
        print("-" * len(header))
        for name, _, _ in cases:
            for label, _, _ in events:
                samples = results.get((name, label), [])[1:]
                if not samples:
                    continue
                walls = [s[0] for s in samples]
                cpus = [s[1] for s in samples]
                bad = sum(1 for s in samples if s[2] != 0)
                print("%-13s %-19s %8.1f %8.1f %8.1f %5d%s" % (
                    name, "-" if name == "floor" else label, percentile(walls, 50), percentile(walls, 95),
                    percentile(cpus, 50), len(samples), "  (%d non-zero exits)" % bad if bad else ""))
        samples = results[("launcher", "PreToolUse ls")][1:]
        goal = percentile([s[0] for s in samples], 50)
        goal_cpu = percentile([s[1] for s in samples], 50)
        floor = results[("floor", events[0][0])][1:]
        print("\ngoal: registered command, PreToolUse ls p50 <= 25 ms: wall %.1f ms (%s), CPU %.1f ms"
              % (goal, "met" if goal <= 25 else "NOT met", goal_cpu))
        floor_wall, floor_cpu = percentile([s[0] for s in floor], 50), percentile([s[1] for s in floor], 50)
        if floor_wall > 1.5 * floor_cpu:
            print("note: the machine is busy (floor wall %.1f ms vs CPU %.1f ms): compare CPU times"
                  % (floor_wall, floor_cpu))
        if os.path.exists(errors):
            with open(errors) as fh:
                lines = fh.read().splitlines()
            print("hook errors recorded during the run: %d (last: %s)" % (len(lines), lines[-1][:200]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

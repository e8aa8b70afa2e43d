"""Hook start-to-exit cost per event, as a ratio to the same interpreter's bare start.

    python3 benchmarks/bench_hook.py [--runs 40] [--files 10000] [--python PATH] [--launchers]

Every sample is one process started the way a host starts it: the command `stalegreen install`
registers (`python -I -S ~/.stalegreen/bin/stalegreen hook claude <Event>`, a plain launcher
script running the zipapp beside it with its bytecode cache). The floor is `python -I -S -c pass`
with the same interpreter. Every round runs the floor three times and each event once, in a
shuffled order, so a busy machine slows them all alike and no event always follows the same one;
the ratios are medians over --runs rounds (the first round warms caches and is dropped). Wall time from os.posix_spawn to wait4, CPU time (user+sys) from wait4.

Rows and goals (issue #13):
  PreToolUse `ls -la`                           <= 2.0x
  PostToolUse Bash `ls -la`                     <= 1.5x
  PostToolUse Read                              <= 1.5x
  PostToolUse Write                             <= 2.0x
  PreToolUse `pytest -q | tail -5` (rewrite)    <= 2.5x
  PostToolUse of a wrapped pytest run, --files-file git repo   <= 5x
  Stop with a claim after a passing run, same repo           <= 5x
  Stop without a claim                          <= 1.5x
The wrapped-run rows use a stand-in `pytest` on PATH that prints a passing summary, each Post
answering its own PreToolUse (a fresh pending run per sample). --launchers adds the zipapp run
directly (runpy), without its bytecode cache, and the Claude plugin's sh launcher.
"""

import argparse
import json
import os
import platform
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOALS = {"PreToolUse ls": 2.0, "PostToolUse ls": 1.5, "PostToolUse Read": 1.5, "PostToolUse Write": 2.0,
         "PreToolUse pytest|tail": 2.5, "PostToolUse wrapped": 5.0, "Stop claim": 5.0, "Stop no claim": 1.5}
FLOORS_PER_ROUND = 3
FAKE_PYTEST = "#!/bin/sh\nprintf '........................................\\n41 passed in 0.52s\\n'\n"


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


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    return "%d cores (nproc), %s, %s, load average %s" % (
        os.cpu_count() or 0, model, platform.platform(terse=True), " ".join("%.2f" % x for x in load))


def spawn_once(argv, stdin_path, env, cwd, stdout_path=None):
    stdin_fd = os.open(stdin_path, os.O_RDONLY)
    out_fd = os.open(stdout_path or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    null_fd = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, stdin_fd, 0), (os.POSIX_SPAWN_DUP2, out_fd, 1),
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
        for fd in (stdin_fd, out_fd, null_fd):
            os.close(fd)
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, status


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2.0


def write_json(path, payload):
    with open(path, "w") as fh:
        json.dump(payload, fh)
    return path


class Events(object):
    """Payload files per event; the wrapped-run events get a fresh Pre -> run -> Post each round."""

    def __init__(self, work, repo, env, registered, tag=""):
        self.work, self.repo, self.env, self.registered, self.tag = work, repo, env, registered, tag
        self.base = {"session_id": "bench-session", "transcript_path": os.path.join(work, "t.jsonl"),
                     "cwd": repo, "permission_mode": "default"}
        self.count = 0

    def payload(self, event, **fields):
        return dict(self.base, hook_event_name=event, **fields)

    def fixed(self):
        """(label, hook event, payload file) for the events whose payload never changes."""
        rows = [
            ("PreToolUse ls", "PreToolUse", self.payload("PreToolUse", tool_name="Bash", tool_use_id="t_ls",
                                                         tool_input={"command": "ls -la"})),
            ("PostToolUse ls", "PostToolUse", self.payload(
                "PostToolUse", tool_name="Bash", tool_use_id="t_ls", tool_input={"command": "ls -la"},
                tool_response={"stdout": "total 8\ndrwx------ 2 u u 4096 .\n", "stderr": "",
                               "interrupted": False, "isImage": False})),
            ("PostToolUse Read", "PostToolUse", self.payload(
                "PostToolUse", tool_name="Read", tool_use_id="t_read",
                tool_input={"file_path": os.path.join(self.repo, "pkg000", "mod00000.py")},
                tool_response={"type": "text", "file": {"content": "def f0():\n    return 0\n"}})),
            ("PostToolUse Write", "PostToolUse", self.payload(
                "PostToolUse", tool_name="Write", tool_use_id="t_write",
                tool_input={"file_path": os.path.join(self.repo, "notes.py"), "content": "x = 1\n"},
                tool_response={"type": "create", "filePath": os.path.join(self.repo, "notes.py")})),
            ("PreToolUse pytest|tail", "PreToolUse", self.payload(
                "PreToolUse", tool_name="Bash", tool_use_id="t_py", tool_input={"command": "pytest -q | tail -5"})),
            ("Stop claim", "Stop", self.payload("Stop", stop_hook_active=False,
                                                last_assistant_message="Done. All 41 tests pass.")),
            ("Stop no claim", "Stop", self.payload(
                "Stop", stop_hook_active=False,
                last_assistant_message="I renamed the helper and moved the parser into its own module.")),
        ]
        return [(label, event, write_json(os.path.join(self.work, "%02d.json" % i), payload))
                for i, (label, event, payload) in enumerate(rows)]

    def wrapped_post(self):
        """Run one PreToolUse for `pytest -q`, run the rewritten line, and return the Post payload file."""
        self.count += 1
        tool = "t_wrapped_%d" % self.count
        pre = write_json(os.path.join(self.work, self.tag + "pre-wrapped.json"), self.payload(
            "PreToolUse", tool_name="Bash", tool_use_id=tool, tool_input={"command": "pytest -q"}))
        reply = os.path.join(self.work, self.tag + "reply.json")
        spawn_once(self.registered + ["hook", "claude", "PreToolUse"], pre, self.env, self.repo, reply)
        with open(reply) as fh:
            wrapped = json.load(fh)["hookSpecificOutput"]["updatedInput"]["command"]
        run = subprocess.run(["/bin/sh", "-c", wrapped], cwd=self.repo, env=self.env, capture_output=True, text=True)
        return write_json(os.path.join(self.work, self.tag + "post-wrapped.json"), self.payload(
            "PostToolUse", tool_name="Bash", tool_use_id=tool, tool_input={"command": wrapped},
            tool_response={"stdout": run.stdout, "stderr": run.stderr, "interrupted": False, "isImage": False}))


def install(python, pyz, env):
    """``stalegreen install --claude`` from ``pyz`` into ``env["HOME"]``; returns the command it
    registered. The user's own rules come first: a rewrite is answered only where they allow the
    original line."""
    home = env["HOME"]
    os.makedirs(os.path.join(home, ".claude"))
    write_json(os.path.join(home, ".claude", "settings.json"),
               {"permissions": {"allow": ["Bash(pytest:*)", "Bash(tail:*)"]}})
    subprocess.run([python, "-I", "-S", pyz, "install", "--claude"], env=env, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(home, ".claude", "settings.json")) as fh:
        settings = json.load(fh)
    return shlex.split(settings["hooks"]["Stop"][-1]["hooks"][0]["command"])[:-3]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--files", type=int, default=10000)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--pyz", default=os.path.join(ROOT, "dist", "stalegreen.pyz"))
    parser.add_argument("--launchers", action="store_true", help="also time the other ways to start stalegreen")
    parser.add_argument("--against", metavar="PYZ", help="also time this zipapp (another build, installed in "
                                                         "its own home) in the same rounds: a before/after")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="sg-bench-")
    try:
        home = os.path.join(work, "home")
        fake_bin = os.path.join(work, "bin")
        os.makedirs(home)
        os.makedirs(fake_bin)
        with open(os.path.join(fake_bin, "pytest"), "w") as fh:
            fh.write(FAKE_PYTEST)
        os.chmod(os.path.join(fake_bin, "pytest"), 0o755)
        if not os.path.isfile(args.pyz):
            subprocess.run([os.path.join(ROOT, "zipapp.sh"), "-o", args.pyz], check=True)
        env = {"HOME": home, "PATH": fake_bin + ":/usr/bin:/bin", "LANG": "C.UTF-8"}
        registered = install(args.python, args.pyz, env)
        python = registered[0]
        version = subprocess.run([python, "-c", "import sys; print(sys.version.split()[0])"],
                                 capture_output=True, text=True).stdout.strip()
        print("machine     %s" % machine())
        print("interpreter %s (Python %s)" % (python, version))
        print("registered  %s" % " ".join(registered))

        repo = os.path.join(work, "repo")
        sys.stdout.write("making a %d-file git repo ...\n" % args.files)
        sys.stdout.flush()
        make_repo(repo, args.files)

        events = Events(work, repo, env, registered)
        launchers = [("registered", registered, {}, events)]
        if args.against:
            other_env = dict(env, HOME=os.path.join(work, "home-against"))
            os.makedirs(other_env["HOME"])
            other = install(args.python, os.path.abspath(args.against), other_env)
            print("against     %s (%s)" % (" ".join(other), args.against))
            launchers.append(("against", other, {"HOME": other_env["HOME"]}, Events(work, repo, other_env, other, "against-")))
        if args.launchers:
            pyz = registered[-1] + ".pyz"
            bare = os.path.join(work, "bare", "stalegreen.pyz")   # a copy with no -bytecode folder beside it
            os.makedirs(os.path.dirname(bare))
            shutil.copy(pyz, bare)
            plugin = os.path.join(ROOT, "installers", "claude-plugin")
            launchers += [
                ("zipapp", registered[:-1] + [pyz], {}, None),
                ("zipapp-nopyc", registered[:-1] + [bare], {}, None),
                ("plugin", ["/bin/sh", os.path.join(plugin, "bin", "stalegreen")],
                 {"CLAUDE_PLUGIN_ROOT": plugin, "CLAUDE_PLUGIN_DATA": os.path.join(work, "plugin-data"),
                  "PATH": os.path.dirname(python) + ":" + env["PATH"]}, None),
            ]
        fixed = events.fixed()
        floor_stdin = fixed[0][2]
        samples = {}
        floor_argv = [python, "-I", "-S", "-c", "pass"]
        for round_index in range(args.runs + 1):
            keep = round_index > 0
            jobs = [("floor", "floor", floor_argv, floor_stdin, env)] * FLOORS_PER_ROUND
            for name, argv, extra, own_events in launchers:
                rows = list(fixed)
                if own_events is not None:
                    rows.append(("PostToolUse wrapped", "PostToolUse", own_events.wrapped_post()))
                jobs += [(name, label, argv + ["hook", "claude", event], path, dict(env, **extra))
                         for label, event, path in rows]
            random.Random(round_index).shuffle(jobs)   # no event always follows the same one
            for name, label, argv, path, run_env in jobs:
                wall, cpu, status = spawn_once(argv, path, run_env, repo)
                if keep:
                    samples.setdefault((name, label), []).append((wall, cpu, status))

        floor = samples[("floor", "floor")]
        floor_wall, floor_cpu = median([s[0] for s in floor]), median([s[1] for s in floor])
        print("\nfloor: python -I -S -c pass  wall p50 %.1f ms, CPU p50 %.1f ms  (%d samples)"
              % (floor_wall, floor_cpu, len(floor)))
        header = "%-13s %-24s %9s %7s %9s %7s %6s" % ("launcher", "event", "wall p50", "ratio", "CPU p50",
                                                     "ratio", "goal")
        print(header)
        print("-" * len(header))
        met = []
        for name, _argv, _extra, _events in launchers:
            for label in [r[0] for r in fixed[:5]] + ["PostToolUse wrapped"] + [r[0] for r in fixed[5:]]:
                rows = samples.get((name, label))
                if not rows:
                    continue
                wall, cpu = median([s[0] for s in rows]), median([s[1] for s in rows])
                bad = sum(1 for s in rows if s[2] != 0)
                goal = GOALS.get(label) if name == "registered" else None
                ratio = wall / floor_wall
                if goal:
                    met.append((label, ratio <= goal))
                print("%-13s %-24s %7.1f ms %6.2fx %7.1f ms %6.2fx %6s%s" % (
                    name, label, wall, ratio, cpu, cpu / floor_cpu, "%.1fx" % goal if goal else "",
                    "  (%d non-zero exits)" % bad if bad else ""))
        print("\ngoals met (wall ratio): %d of %d%s" % (
            sum(ok for _l, ok in met), len(met),
            "" if all(ok for _l, ok in met) else " - not met: " + ", ".join(l for l, ok in met if not ok)))
        if floor_wall > 1.5 * floor_cpu:
            print("note: the machine is busy (floor wall %.1f ms vs CPU %.1f ms): the CPU ratios are steadier"
                  % (floor_wall, floor_cpu))
        errors = os.path.join(home, ".stalegreen", "errors.jsonl")
        if os.path.exists(errors):
            with open(errors) as fh:
                lines = fh.read().splitlines()
            print("hook errors recorded during the run: %d (last: %s)" % (len(lines), lines[-1][:200]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

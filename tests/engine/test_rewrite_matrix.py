"""Rewrite semantics, executed: runners x prefixes x suffixes under bash, dash and zsh.

Fake runners (shell scripts on PATH) print 60 lines (one on stderr) and exit with $FAKE_EXIT.
For every command and every shell: the wrapped line exits like the original line with its
filter pipe removed, the printed marker and the stored ``.exit`` file hold the runner's exit,
the log holds every output line, a tee file gets the full output, and ``<wrapped>; echo
"after $?"`` prints the expected status. Each shell runs a whole batch in one process, and the
nine (shell, exit) batches run in parallel.
"""

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

from stalegreen.engine import masking, rewrite, shell

SHELLS = ("bash", "dash", "zsh")
EXITS = (0, 1, 3)
LINES = ["fake %s line %d of 60" % ("{name}", i) for i in range(1, 61)]

RUNNERS = ["pytest -q", "npm test", "pnpm test", "npx vitest run", "npx tsc --noEmit",
           "npx eslint .", "cargo test", "go test ./...", "make test", "ruff check ."]
PREFIXES = ["", "cd sub && ", "CI=1 ", "set -o pipefail; "]
# suffix -> the same suffix with its filter pipe removed
SUFFIXES = {
    "": "",
    " | tail -5": "",
    " 2>&1 | tail -20": " 2>&1",
    " | grep -E 'passed|failed'": "",
    " || true": " || true",
    "; echo done": "; echo done",
    " && echo ok": " && echo ok",
    " | tee out.txt | tail -n 25": "",
    " 2>&1 | head -5": " 2>&1",
    " | wc -l && echo counted": " && echo counted",
}
FAKE_NAMES = ("pytest", "npm", "pnpm", "npx", "cargo", "go", "make", "ruff")


def _catalog_runs(parse):
    """catalog.find_runs when it exists; until then, segments that start a fake runner."""
    try:
        from stalegreen.engine import catalog
    except ImportError:
        catalog = None
    if hasattr(catalog, "find_runs"):
        return [r for r in catalog.find_runs(parse) if r.not_run is None]
    return [SimpleNamespace(segment_index=s.index, not_run=None, sudo=False, nested=False,
                            quiet=None, words=s.words, text=s.text)
            for s in parse.segments if masking.command_name(s) in FAKE_NAMES]


def _missing_shells():
    missing = [s for s in SHELLS if shutil.which(s) is None]
    if missing and os.environ.get("CI") == "true":
        pytest.fail("shells missing in CI: %s (.ci/setup.d/20-shells.sh installs them)" % missing)
    return missing


def _fake_runner(path, name):
    body = ["#!/bin/sh", "printf '%s\\n' \\"]
    for line in LINES[:29]:
        body.append("  %s \\" % shell.quote(line.format(name=name)))
    body[-1] = body[-1][:-2]
    body.append("printf '%%s\\n' %s >&2" % shell.quote(LINES[29].format(name=name)))
    body.append("printf '%s\\n' \\")
    for line in LINES[30:]:
        body.append("  %s \\" % shell.quote(line.format(name=name)))
    body[-1] = body[-1][:-2]
    body.append('printf "=== %s passed ===\\n" "$FAKE_EXIT"')
    body.append('exit "${FAKE_EXIT:-0}"')
    with open(path, "w") as f:
        f.write("\n".join(body) + "\n")
    os.chmod(path, 0o755)


def _cases():
    cases = []
    for runner in RUNNERS:
        for prefix in PREFIXES:
            for suffix, unpiped in SUFFIXES.items():
                cases.append((prefix + runner + suffix, prefix + runner + unpiped, runner, suffix))
        # the run inside a subshell whose output is filtered: `(cd sub && pytest) | tail -5`
        for suffix, unpiped in SUFFIXES.items():
            if "tee" not in suffix:
                cases.append(("(cd sub && %s)%s" % (runner, suffix),
                              "(cd sub && %s)%s" % (runner, unpiped), runner, suffix))
    return cases


CASES = _cases()


def test_matrix_is_large_enough():
    assert len(CASES) >= 300


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    missing = _missing_shells()
    root = tmp_path_factory.mktemp("matrix")
    bin_dir = root / "bin"
    bin_dir.mkdir()
    for name in FAKE_NAMES:
        _fake_runner(str(bin_dir / name), name)

    plans = []
    for number, (line, unpiped, runner, suffix) in enumerate(CASES):
        parse = shell.parse(line)
        runs = _catalog_runs(parse)
        assert len(runs) == 1, (line, runs)
        plans.append((number, line, unpiped, runner, suffix, parse, runs))

    def run_batch(shell_name, code):
        logs = root / ("logs-%s-%d" % (shell_name, code))
        work = root / ("work-%s-%d" % (shell_name, code))   # tee files must not race
        (work / "sub").mkdir(parents=True)
        script = ['cd %s' % shell.quote(str(work))]
        expected = {}
        for number, line, unpiped, runner, suffix, parse, runs in plans:
            log = str(logs / ("r-%04d.log" % number))
            wrapped, reason = rewrite.wrap(parse, runs, ["r-%04d" % number], [log], 40)
            assert reason is None and wrapped, (line, reason)
            expected[number] = (wrapped, log)
            for kind, text in (("w", wrapped), ("p", unpiped)):
                script.append("echo '@@@begin %d %s'" % (number, kind))
                script.append('( %s; echo "@@@after $?" ); echo "@@@sub $?"' % text)
                if kind == "w" and "tee" in suffix:
                    script.append("echo @@@tee; cat out.txt sub/out.txt 2>/dev/null; echo @@@eet")
                script.append("rm -f %s/out.txt %s/sub/out.txt; cd %s" % (
                    shell.quote(str(work)), shell.quote(str(work)), shell.quote(str(work))))
        env = dict(os.environ, PATH=str(bin_dir) + os.pathsep + os.environ["PATH"],
                   FAKE_EXIT=str(code))
        env.pop("BASH_ENV", None)
        env.pop("ENV", None)
        script_path = root / ("batch-%s-%d.sh" % (shell_name, code))
        script_path.write_text("\n".join(script) + "\n")
        proc = subprocess.run([shell_name, str(script_path)], cwd=str(work), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        return shell_name, code, proc.stdout.decode("utf-8", "replace"), expected

    jobs = [(s, c) for s in SHELLS if s not in missing for c in EXITS]
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        results = list(pool.map(lambda job: run_batch(*job), jobs))
    return {"results": results, "missing": missing}


def _blocks(output):
    blocks = {}
    current = None
    for line in output.splitlines(True):
        match = re.match(r"@@@begin (\d+) ([wp])$", line.strip())
        if match:
            current = (int(match.group(1)), match.group(2))
            blocks[current] = []
            continue
        if current is not None:
            blocks[current].append(line)
    return dict((key, "".join(lines)) for key, lines in blocks.items())


def _status(block, tag):
    found = re.findall(r"@@@%s (\d+)" % tag, block)
    return int(found[-1]) if found else None


@pytest.mark.parametrize("shell_name", SHELLS)
def test_wrapped_lines_behave_like_the_unfiltered_originals(matrix, shell_name):
    if shell_name in matrix["missing"]:
        pytest.skip("%s is not installed" % shell_name)
    failures = []
    checked = 0
    for name, code, output, expected in matrix["results"]:
        if name != shell_name:
            continue
        blocks = _blocks(output)
        for number, (line, unpiped, runner, suffix) in enumerate(CASES):
            wrapped_block = blocks.get((number, "w"), "")
            plain_block = blocks.get((number, "p"), "")
            want = _status(plain_block, "sub")
            got = _status(wrapped_block, "sub")
            problems = []
            if want is None or got != want:
                problems.append("exit %r, unpiped original %r" % (got, want))
            if _status(wrapped_block, "after") != _status(plain_block, "after"):
                problems.append("after %r vs %r" % (_status(wrapped_block, "after"),
                                                    _status(plain_block, "after")))
            aborted = "@@@after" not in plain_block
            wrapped, log = expected[number]
            if not aborted:
                problems.extend(_check_wrapped_run(wrapped_block, code, log, runner, number,
                                                   suffix))
                if SUFFIXES[suffix] in ("", " 2>&1") and _status(wrapped_block, "after") != code:
                    problems.append("`<wrapped>; echo after $?` did not print the runner's exit")
            elif not (shell_name == "dash" and line.startswith("set -o pipefail")):
                problems.append("the unpiped original did not finish")
            checked += 1
            if problems:
                failures.append("%s [exit %d] %s: %s" % (shell_name, code, line, "; ".join(problems)))
    assert checked == len(CASES) * len(EXITS)
    assert not failures, "\n".join(failures[:30]) + "\n(%d failures)" % len(failures)


def _check_wrapped_run(block, code, log, runner, number, suffix):
    problems = []
    markers = rewrite.find_markers(block)
    if markers != [("r-%04d" % number, code)]:
        problems.append("markers %r" % markers)
    try:
        with open(log + ".exit") as f:
            stored = f.read()
        if stored != "%d\n" % code:
            problems.append("stored exit %r" % stored)
        with open(log) as f:
            logged = f.read().splitlines()
    except OSError as exc:
        return problems + ["missing log: %s" % exc]
    name = runner.split()[0]
    wanted = [l.format(name=name) for l in LINES] + ["=== %d passed ===" % code]
    if sorted(logged) != sorted(wanted):
        problems.append("log has %d lines, %d expected" % (len(logged), len(wanted)))
    shown = [l for l in block.split("@@@tee")[0].splitlines()
             if l.startswith("fake ") or l.startswith("===")]
    agent_tail = [int(n) for n in re.findall(r"tail -(?:n )?(\d+)", suffix)]
    tail = agent_tail[0] if agent_tail and agent_tail[0] >= rewrite.MIN_AGENT_TAIL else 40
    if len(shown) != min(tail, len(wanted)):
        problems.append("agent saw %d lines, %d expected" % (len(shown), tail))
    if "tee" in suffix:
        teed = block.split("@@@tee\n", 1)[-1].split("@@@eet", 1)[0].splitlines()
        if sorted(teed) != sorted(wanted):
            problems.append("tee file has %d lines, %d expected" % (len(teed), len(wanted)))
    return problems

"""The rewrite: what is wrapped, what is left alone and why, and how wrapped lines behave."""

import json
import os
import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stalegreen.engine import masking, rewrite, shell
from stalegreen.engine.records import Run

SHELLS = ("bash", "dash", "zsh")
FAKES = ("pytest", "npm", "make", "tsc")


def runs_of(parse):
    """The catalog's actual runs when the catalog exists, else segments naming a fake runner."""
    try:
        from stalegreen.engine import catalog
    except ImportError:
        catalog = None
    if hasattr(catalog, "find_runs"):
        return catalog.find_runs(parse)
    return [Run(segment_index=s.index, quiet=None, words=s.words, text=s.text)
            for s in parse.segments if masking.command_name(s) in FAKES]


def wrap(line, tail=40, log_dir="/tmp/sg-logs"):
    parse = shell.parse(line)
    runs = [r for r in runs_of(parse) if r.not_run is None] or runs_of(parse)
    ids = ["r-%04d" % (i + 1) for i in range(len(runs))]
    logs = [os.path.join(log_dir, rid + ".log") for rid in ids]
    return rewrite.wrap(parse, runs, ids, logs, tail)


def available_shells():
    found = [s for s in SHELLS if shutil.which(s)]
    if len(found) < len(SHELLS) and os.environ.get("CI") == "true":
        pytest.fail("missing shells in CI: %s" % sorted(set(SHELLS) - set(found)))
    return found


@pytest.fixture
def env(tmp_path):
    """A PATH with fake runners: 30 lines, optional no-final-newline, exit $FAKE_EXIT."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in FAKES:
        script = bin_dir / name
        script.write_text(
            "#!/bin/sh\n"
            "i=1; while [ $i -le 30 ]; do echo \"%s out $i\"; i=$((i+1)); done\n"
            "echo \"%s err\" >&2\n"
            "[ -n \"$FAKE_NO_NL\" ] && printf 'no newline'\n"
            "exit \"${FAKE_EXIT:-0}\"\n" % (name, name))
        script.chmod(0o755)
    (tmp_path / "sub").mkdir()
    return dict(os.environ, PATH="%s:%s" % (bin_dir, os.environ["PATH"]), HOME=str(tmp_path))


def run_sh(shell_name, command, env, cwd, **extra):
    env = dict(env, **extra)
    proc = subprocess.run([shell_name, "-c", command], env=env, cwd=str(cwd),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    return proc.returncode, proc.stdout.decode("utf-8", "replace")


# ------------------------------------------------------------------ shape of the rewrite

def test_only_the_run_and_its_filters_change():
    line = "cd sub && CI=1 pytest -q 2>&1 | tail -5 && echo 'ok | fine'; ls"
    wrapped, reason = wrap(line)
    assert reason is None
    start = line.index("CI=1")
    end = line.index(" && echo")
    assert wrapped.startswith(line[:start]) and wrapped.endswith(line[end:])
    middle = wrapped[start:len(wrapped) - (len(line) - end)]
    assert middle.startswith("{ ( { __sg_x=$-; set +x; } 2>/dev/null; __sg_log=") and middle.endswith("; }")
    assert "{ CI=1 pytest -q 2>&1 ; }" in middle
    assert "tail -5" not in middle.replace("tail -n", "")


def test_each_run_gets_its_own_wrapper_and_id():
    wrapped, reason = wrap("npm run lint && pytest -q | tail -3")
    assert reason is None
    assert wrapped.count("( { __sg_x=$-;") == 2
    assert "r-0001" in wrapped and "r-0002" in wrapped


def test_group_filters_are_dropped_and_their_tail_counts():
    line = "(cd web && npm test && pytest) 2>&1 | tail -30 && echo ok"
    wrapped, reason = wrap(line)
    assert reason is None
    assert wrapped.startswith("(cd web && ( { __sg_x=$-;")
    assert wrapped.endswith(")) 2>&1 && echo ok")
    assert wrapped.count("tail -n 30 " ) == 2


def test_tail_length():
    assert "tail -n 40 "  in wrap("pytest | tail -5")[0]
    assert "tail -n 40 "  in wrap("pytest")[0]
    assert "tail -n 60 "  in wrap("pytest | tail -n 60")[0]
    assert "tail -n 20 "  in wrap("pytest 2>&1 | tail -20")[0]
    assert "tail -n 15 "  in wrap("pytest", tail=15)[0]


def test_log_path_is_quoted():
    wrapped, _ = wrap("pytest", log_dir="/tmp/it's a dir")
    assert "__sg_log='/tmp/it'\\''s a dir/r-0001.log'" in wrapped


@pytest.mark.parametrize("line, reason", [
    ("pytest 'unbalanced", "unreadable: unbalanced single quote"),
    ("pytest <<EOF\nx\nEOF", "heredoc"),
    ("pytest > out.log", "redirect:out.log"),
    ("pytest &> all.log", "redirect:all.log"),
    ("pytest | xargs echo", "pipe:xargs"),
    ("pytest | grep x > hits.txt", "pipe-redirect:grep"),
    ("pytest | tee --output-error=warn log", "pipe:tee"),
    ("pytest | { grep x; }", "pipe:group"),
    ("pytest &", "background"),
    ("(pytest | tail -3) &", "background"),
    ("{ pytest; } | xargs echo", "grouped-pipe"),
    ("{ pytest; } | tee log | tail -3", "grouped-pipe"),
    ("{ pytest; } > out", "redirect:out"),
    ("for d in a b; do pytest $d; done", "loop"),
    ("t() { pytest; }; t", "function"),
    ("bash -c \"pytest $ARGS | tail -3\"", "nested-shell"),
    ("bash -c 'pytest | tail -3' | tail -5", "nested-shell"),
    ("bash -c 'pytest | xargs echo'", "nested-shell:pipe:xargs"),
    ("exec pytest -q", "exec"),
    ("eval 'pytest | tail -3'", "nested-shell"),
    ("diff <(pytest) x", None),
    ("echo hello", "no-runner"),
])
def test_refusals(line, reason):
    wrapped, why = wrap(line)
    if reason is None:
        return   # `diff <(pytest)`: pytest is not a segment of its own, nothing to say
    assert (wrapped, why) == (None, reason)


def test_refusals_from_the_run():
    parse = shell.parse("pytest | tail -3")
    base = dict(segment_index=0, quiet=None, words=["pytest"])
    for field, value, reason in (("sudo", True, "sudo"), ("nested", True, "nested-shell"),
                                 ("not_run", "watch", "watch"), ("not_run", "help", "help")):
        run = Run(**dict(base, **{field: value}))
        assert rewrite.wrap(parse, [run], ["r-1"], ["/tmp/x/r-1.log"], 40) == (None, reason)


def test_ids_and_logs_must_match_the_runs():
    parse = shell.parse("pytest")
    run = Run(segment_index=0, quiet=None, words=["pytest"])
    assert rewrite.wrap(parse, [run], [], [], 40) == (None, "missing-ids")


def test_one_refused_run_leaves_the_whole_line_alone():
    assert wrap("npm test | tail -3 && pytest > log") == (None, "redirect:log")


def test_unwritable_log_folder_is_refused(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root can write anywhere")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    assert wrap("pytest", log_dir=str(locked)) == (None, "log-unwritable")


# ------------------------------------------------------------------ executed behaviour

EXECUTED = [
    # (line, exit of the runner, expected exit of the line, expected "after" output or None)
    ("(cd sub && pytest | tail -3) && echo ok", 3, 3, None),
    ("(cd sub && pytest | tail -3) && echo ok", 0, 0, "ok"),
    ("if pytest | tail -2; then echo yes; else echo no; fi", 1, 0, "no"),
    ("if pytest | tail -2; then echo yes; else echo no; fi", 0, 0, "yes"),
    ("! pytest | tail -2", 1, 0, None),
    ("! pytest | tail -2", 0, 1, None),
    ("set -e; pytest | tail -5; echo unreachable", 3, 3, None),
    ("set -eu; pytest | tail -5; echo reached", 0, 0, "reached"),
    ("rm -f out.txt; set -C; : > out.txt; pytest | tee out.txt | tail -3", 1, 1, None),
    ("case x in x) pytest | tail -1;; esac", 3, 3, None),
    ("cat <<EOF > notes.txt\nnot $(run)\nEOF\npytest | tail -3", 3, 3, None),
    ("echo start\npytest -q 2>&1 | grep -E 'out 3|err'\necho end", 3, 0, "end"),
    ("cat /dev/null | pytest | tail -3", 3, 3, None),
    ("pytest 2>/dev/null | tail -3", 3, 3, None),
    ("sh -c 'cd sub && pytest -q' 2>&1 | tail -3 && echo ok", 0, 0, "ok"),
    ("(cd sub && pytest -q) 2>&1 | tail -3 && echo ok", 0, 0, "ok"),
    ("sh -c 'cd sub && pytest -q | tail -3' && echo ok", 3, 3, None),
    ("bash -c \"pytest 2>&1 | grep -v nothing\"; echo \"after $?\"", 3, 0, "after 3"),
    ("(cd sub && pytest -q) 2>&1 | tail -3 && echo ok", 3, 3, None),
    ("{ echo first; pytest; } | grep -v nothing | tail -4; echo \"after $?\"", 3, 0, "after 3"),
    ("if true; then pytest; fi | tail -2", 1, 1, None),
    ("pytest -q \\\n  2>&1 \\\n  | tail -3  # the tests | tail -1", 3, 3, None),
    ("cd sub\npytest | tail -3\necho done", 3, 0, "done"),
    ("sh -c 'cd sub && pytest -q' 2>&1 | tail -3 && echo ok", 2, 2, None),
    # output thrown away: the wrapper drops `> /dev/null`, keeps it in the log and shows the tail
    ("pytest >/dev/null 2>&1 && echo OK", 0, 0, "OK"),
    ("pytest >/dev/null 2>&1 && echo OK", 3, 3, None),
    ("pytest -q &>/dev/null; echo \"after $?\"", 3, 0, "after 3"),
]


@pytest.mark.parametrize("line, code, line_exit, shown", EXECUTED)
def test_wrapped_lines_execute_like_the_original(env, tmp_path, line, code, line_exit, shown):
    wrapped, reason = wrap(line, log_dir=str(tmp_path / "logs"))
    assert reason is None, reason
    log = str(tmp_path / "logs" / "r-0001.log")
    for shell_name in available_shells():
        status, output = run_sh(shell_name, wrapped, env, tmp_path, FAKE_EXIT=str(code))
        assert status == line_exit, (shell_name, output)
        assert rewrite.find_markers(output) == [("r-0001", code)], (shell_name, output)
        with open(log + ".exit") as f:
            assert f.read() == "%d\n" % code
        if shown:
            assert output.rstrip().endswith(shown), (shell_name, output)
        if "/dev/null" in line.split("|")[0] and "pytest 2>" not in line:
            assert "pytest out" in output, (shell_name, output)     # the tail reaches the agent
        if "tee out.txt" in line:
            with open(str(tmp_path / "out.txt")) as f:
                assert f.read().count("pytest out") == 30
        os.remove(log + ".exit")


def test_wrapped_line_survives_eval_with_stdin_closed(env, tmp_path):
    """Claude Code runs commands as `eval '<command>' < /dev/null && pwd -P >| <file>`."""
    wrapped, _ = wrap("pytest -q | tail -3", log_dir=str(tmp_path / "logs"))
    host_line = "eval %s < /dev/null && pwd -P >| %s" % (shell.quote(wrapped),
                                                        shell.quote(str(tmp_path / "cwd")))
    for shell_name in available_shells():
        status, output = run_sh(shell_name, host_line, env, tmp_path, FAKE_EXIT="3")
        assert status == 3 and rewrite.find_markers(output) == [("r-0001", 3)], output
        status, output = run_sh(shell_name, host_line, env, tmp_path, FAKE_EXIT="0")
        assert status == 0 and os.path.exists(str(tmp_path / "cwd"))


def test_marker_starts_its_own_line_when_the_log_lacks_a_final_newline(env, tmp_path):
    wrapped, _ = wrap("pytest | tail -3", log_dir=str(tmp_path / "logs"))
    for shell_name in available_shells():
        _, output = run_sh(shell_name, wrapped, env, tmp_path, FAKE_NO_NL="1")
        lines = output.splitlines()
        assert lines[-2] == "no newline"
        assert lines[-1].startswith("[stalegreen] exit=0 receipt=r-0001 lines=32 ")


def test_no_shell_variables_leak_and_status_survives(env, tmp_path):
    wrapped, _ = wrap("pytest | tail -3", log_dir=str(tmp_path / "logs"))
    probe = wrapped + '; echo "after $? [${__sg_rc-unset}] [${__sg_log-unset}]"'
    for shell_name in available_shells():
        _, output = run_sh(shell_name, probe, env, tmp_path, FAKE_EXIT="3")
        assert output.rstrip().endswith("after 3 [unset] [unset]"), (shell_name, output)


def test_persistent_shell_is_not_exited(env, tmp_path):
    """Hosts keep one shell across commands: the wrapper must never `exit` it."""
    wrapped, _ = wrap("pytest", log_dir=str(tmp_path / "logs"))
    for shell_name in available_shells():
        script = "%s\necho still-here $?\n%s\necho again $?" % (wrapped, wrapped)
        _, output = run_sh(shell_name, script, env, tmp_path, FAKE_EXIT="4")
        assert "still-here 4" in output and "again 4" in output


def test_log_files_are_private_and_the_runner_keeps_its_umask(env, tmp_path):
    bin_dir = env["PATH"].split(":")[0]
    with open(os.path.join(bin_dir, "npm"), "w") as f:
        f.write("#!/bin/sh\numask\n")
    wrapped, _ = wrap("npm test | tail -3", log_dir=str(tmp_path / "logs"))
    for shell_name in available_shells():
        _, output = run_sh(shell_name, "umask 022; " + wrapped, env, tmp_path)
        assert "0022" in output or "022" in output.splitlines()[0], output
        for name in ("r-0001.log", "r-0001.log.exit"):
            mode = os.stat(str(tmp_path / "logs" / name)).st_mode & 0o777
            assert mode == 0o600, (shell_name, name, oct(mode))


def test_log_keeps_stdout_and_stderr(env, tmp_path):
    wrapped, _ = wrap("pytest | grep nothing-matches", log_dir=str(tmp_path / "logs"))
    for shell_name in available_shells():
        run_sh(shell_name, wrapped, env, tmp_path)
        with open(str(tmp_path / "logs" / "r-0001.log")) as f:
            text = f.read()
        assert text.count("pytest out") == 30 and "pytest err" in text


# ------------------------------------------------------------------ markers and filters

def test_find_and_strip_markers():
    output = ("a\n[stalegreen] exit=3 receipt=r-0002 lines=10 log=/x\nb\n"
              "[stalegreen] exit=0 receipt=r-0003\n")
    assert rewrite.find_markers(output) == [("r-0002", 3), ("r-0003", 0)]
    assert rewrite.strip_markers(output) == "a\nb\n"
    assert rewrite.strip_markers(output, keep_ids=["r-0003"]) == (
        "a\nb\n[stalegreen] exit=0 receipt=r-0003\n")
    assert rewrite.find_markers("say [stalegreen] exit=0 receipt=r-1 inline") == []
    assert rewrite.find_markers(None) == [] and rewrite.strip_markers(None) == ""


# ------------------------------------------------------------------ real agent commands

def _commands_in(value, found):
    """Shell commands in a transcript/payload record (Claude `command`, Codex `cmd`/argv)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("command", "cmd") and isinstance(item, str):
                found.add(item)
            elif key in ("command", "cmd") and isinstance(item, list) and item and all(
                    isinstance(x, str) for x in item):
                found.add(item[-1] if len(item) >= 3 and item[1] in ("-c", "-lc") else " ".join(item))
            elif key == "arguments" and isinstance(item, str):
                try:
                    _commands_in(json.loads(item), found)
                except ValueError:
                    pass
            else:
                _commands_in(item, found)
    elif isinstance(value, list):
        for item in value:
            _commands_in(item, found)


def test_real_agent_commands_from_transcripts():
    """Every command agents really ran (reference pack transcripts and payloads): read, and
    those with verification runs are wrapped into a line that reads back with certainty."""
    from tests.conftest import shared_path

    found = set()
    for folder in (shared_path("transcripts"), shared_path("payloads")):
        for root, _dirs, files in os.walk(folder):
            for name in files:
                if not name.endswith((".jsonl", ".json")):
                    continue
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    for line in f:
                        try:
                            _commands_in(json.loads(line), found)
                        except ValueError:
                            continue
    assert len(found) > 50
    unreadable, wrapped, refused = [], 0, {}
    for command in sorted(found):
        parse = shell.parse(command)
        if not parse.confident:
            unreadable.append(command)
            continue
        runs = [r for r in runs_of(parse) if r.not_run is None]
        if not runs:
            continue
        ids = ["r-%04d" % (i + 1) for i in range(len(runs))]
        line, reason = rewrite.wrap(parse, runs, ids, ["/tmp/sg/%s.log" % i for i in ids], 40)
        if line is None:
            refused[reason] = command
            continue
        wrapped += 1
        assert shell.parse(line).confident, line
    print("real commands: %d, unreadable %d, wrapped %d, refused %r"
          % (len(found), len(unreadable), wrapped, refused))
    assert len(unreadable) <= len(found) // 50, unreadable
    assert wrapped >= 10


def test_the_run_still_happens_when_the_log_cannot_be_written(env, tmp_path):
    """A sandbox may forbid writing the store: the runner must run anyway (unfiltered, no
    marker), with its own exit status, instead of failing on the redirect."""
    wrapped, reason = wrap("pytest | tail -3; echo \"after $?\"", log_dir="/proc/stalegreen-no-such-dir")
    assert reason is None
    for shell_name in available_shells():
        status, output = run_sh(shell_name, wrapped, env, tmp_path, FAKE_EXIT="3")
        assert output.count("pytest out") == 30, (shell_name, output)
        assert rewrite.find_markers(output) == []
        assert output.rstrip().endswith("after 3"), (shell_name, output)
        assert "No such file" not in output and "denied" not in output, output


# ------------------------------------------------------------------ random lines, executed

_RUNNERS = ["pytest -q", "npm test", "make test"]
_PIPES = ["", " | tail -5", " | grep -v nothing", " | head -3", " | wc -l", " 2>&1 | tail -25"]
_REDIRS = ["", " 2>&1", " 2>/dev/null"]


@st.composite
def _element(draw):
    """(line text, the same text with its filter pipes removed)."""
    runner = draw(st.sampled_from(_RUNNERS)) + draw(st.sampled_from(_REDIRS))
    pipe = draw(st.sampled_from(_PIPES))
    filtered, plain = runner + pipe, runner + (" 2>&1" if "2>&1 |" in pipe else "")
    shape = draw(st.sampled_from(["run", "run", "subshell", "brace", "if", "not", "nested",
                                  "other"]))
    if shape == "nested":
        return "sh -c 'echo in; %s'" % filtered, "sh -c 'echo in; %s'" % plain
    if shape == "subshell":
        outer = draw(st.sampled_from(["", " | tail -30", " 2>&1 | tail -4"]))
        return ("(cd sub && %s)%s" % (filtered, outer),
                "(cd sub && %s)%s" % (plain, " 2>&1" if "2>&1" in outer else ""))
    if shape == "brace":
        return "{ echo start; %s; }" % filtered, "{ echo start; %s; }" % plain
    if shape == "if":
        return ("if %s; then echo yes; else echo no; fi" % filtered,
                "if %s; then echo yes; else echo no; fi" % plain)
    if shape == "not":
        return "! " + filtered, "! " + plain
    if shape == "other":
        other = draw(st.sampled_from(["echo x", "true", "false", "cd sub"]))
        return other, other
    return filtered, plain


@st.composite
def _line(draw):
    parts = draw(st.lists(_element(), min_size=1, max_size=4))
    ops = draw(st.lists(st.sampled_from([" && ", " || ", "; ", "\n"]), min_size=3, max_size=3))
    line, plain = parts[0]
    for (text, unfiltered), op in zip(parts[1:], ops):
        line += op + text
        plain += op + unfiltered
    return line, plain


@settings(max_examples=int(os.environ.get("SG_HYPOTHESIS_EXAMPLES", "400")) // 10, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(_line(), st.sampled_from([0, 1, 3]), st.sampled_from([0, 2]), st.sampled_from([0, 4]))
def test_random_lines_execute_like_their_unfiltered_originals(tmp_path_factory, case, pytest_exit,
                                                             npm_exit, make_exit):
    line, plain = case
    tmp = tmp_path_factory.mktemp("random")
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (tmp / "sub").mkdir()
    for name in ("pytest", "npm", "make"):
        script = bin_dir / name
        script.write_text("#!/bin/sh\ni=1; while [ $i -le 12 ]; do echo \"%s $i\"; i=$((i+1)); done\n"
                          "exit \"$%s_EXIT\"\n" % (name, name.upper()))
        script.chmod(0o755)
    parse = shell.parse(line)
    runs = [r for r in runs_of(parse) if r.not_run is None]
    ids = ["r-%04d" % (i + 1) for i in range(len(runs))]
    logs = [str(tmp / "logs" / (rid + ".log")) for rid in ids]
    if not runs:
        return
    wrapped, reason = rewrite.wrap(parse, runs, ids, logs, 40)
    assert reason is None, (line, reason)
    exits = {"pytest": pytest_exit, "npm": npm_exit, "make": make_exit}
    env = dict(os.environ, PATH="%s:%s" % (bin_dir, os.environ["PATH"]), PYTEST_EXIT=str(pytest_exit),
               NPM_EXIT=str(npm_exit), MAKE_EXIT=str(make_exit))
    for shell_name in available_shells():
        want, _ = run_sh(shell_name, plain, env, tmp)
        got, output = run_sh(shell_name, wrapped, env, tmp)
        assert got == want, (shell_name, line, output)
        for rid, printed in rewrite.find_markers(output):
            run = runs[ids.index(rid)]
            name = run.words[0].rsplit("/", 1)[-1]
            assert printed == exits[name], (shell_name, line, rid)
            with open(logs[ids.index(rid)] + ".exit") as f:
                assert f.read() == "%d\n" % printed


@pytest.mark.parametrize("line", [
    "bash -o pipefail -c 'pytest -q 2>&1 | tail -5'",
    "bash -c 'set -o pipefail; pytest | tail -n 20'",
    "bash -euo pipefail -c 'pytest | tee out.txt'",
])
def test_a_script_whose_pipe_hides_nothing_is_still_wrapped_inside(env, tmp_path, line):
    """Under pipefail a `tail` or `tee` stage no longer masks the run, but it still shapes what
    the wrapper around the whole `bash -c` would capture: the run is wrapped inside the script,
    so the log holds every line and the exit is the run's."""
    wrapped, reason = wrap(line, log_dir=str(tmp_path / "logs"))
    assert reason is None, reason
    status, output = run_sh("bash", wrapped, env, tmp_path, FAKE_EXIT="3")
    assert status == 3 and rewrite.find_markers(output) == [("r-0001", 3)], output
    with open(str(tmp_path / "logs" / "r-0001.log")) as f:
        assert f.read().count("pytest out") == 30


@pytest.mark.parametrize("line", ["./scripts/test.sh 2>&1 | tail -3", "bash scripts/run_tests.sh | grep -v out"])
def test_a_project_check_script_is_wrapped_and_keeps_its_exit(env, tmp_path, line):
    """A project's own check script is a run: wrapped, its whole output logged, its exit kept."""
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    for name in ("test.sh", "run_tests.sh"):
        script = scripts / name
        script.write_text("#!/bin/sh\npytest \"$@\"\n")
        script.chmod(0o755)
    wrapped, reason = wrap(line, log_dir=str(tmp_path / "logs"))
    assert reason is None, reason
    for shell_name in available_shells():
        status, output = run_sh(shell_name, wrapped, env, tmp_path, FAKE_EXIT="4")
        assert status == 4 and rewrite.find_markers(output) == [("r-0001", 4)], (shell_name, output)
        with open(str(tmp_path / "logs" / "r-0001.log")) as f:
            assert f.read().count("pytest out") == 30

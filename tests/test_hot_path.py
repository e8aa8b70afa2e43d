"""The hook's hot path keeps its shape: what each event imports, and the cheap tests that let it
stop early never say "nothing here" where the full readers find something.

Speed itself is measured in benchmarks/bench_hook.py; these tests hold what makes it fast, so a
heavy import slipping onto a path that does not need it fails here.
"""

import glob
import io
import json
import os
import random
import subprocess
import sys

import pytest

from tests.conftest import SHARED_DATA
from stalegreen.engine import catalog, claims, edit_commands, edits, fastjson, prefilter, shell, shell_lexer
from stalegreen.engine.catalog import wrappers as catalog_wrappers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))

# ------------------------------------------------------------------ imports per event

# Modules every event may load: the entry, the host adapter, events, the cheap tests, config
# and the store with its file primitives (to record an edit).
BASE = {
    "stalegreen", "stalegreen.__main__", "stalegreen.hook", "stalegreen.hosts", "stalegreen.hosts.common",
    "stalegreen.engine", "stalegreen.engine.events", "stalegreen.engine.fastjson",
    "stalegreen.engine.prefilter", "stalegreen.engine.core", "stalegreen.engine.config",
    "stalegreen.engine.store", "stalegreen.engine.safeio", "stalegreen.engine.clock", "stalegreen.engine.paths",
}
# Standard modules that cost as much as the interpreter's start between them (``re`` brings
# ``enum``, ``functools`` and ``collections``; ``json`` brings ``re``; ``signal`` brings ``enum``).
HEAVY_STDLIB = {"re", "json", "enum", "signal", "functools", "collections", "hashlib", "subprocess",
                "threading"}
# The shell-command readers a verification rewrite needs, and no more.
REWRITE_PATH = BASE | {"stalegreen.hosts.claude.rules", "stalegreen.engine.shell", "stalegreen.engine.catalog",
                       "stalegreen.engine.catalog.table", "stalegreen.engine.catalog.argv",
                       "stalegreen.engine.catalog.tasks", "stalegreen.engine.catalog.builds",
                       "stalegreen.engine.catalog.families", "stalegreen.engine.catalog.programs",
                       "stalegreen.engine.catalog.wrappers", "stalegreen.engine.catalog.wrapper_table",
                       "stalegreen.engine.catalog.walk", "stalegreen.engine.catalog.hiding",
                       "stalegreen.engine.catalog.launched",
                       "stalegreen.engine.records",
                       "stalegreen.engine.masking", "stalegreen.engine.shell_options", "stalegreen.engine.lazyregex",
                       "stalegreen.engine.rewrite",
                       "stalegreen.engine.permissions", "stalegreen.engine.messages", "stalegreen.engine.aftermath"}

# The shell's lexer and the pipe stages a rewrite may drop, read apart from the builder and the masking.
REWRITE_PATH = REWRITE_PATH | {"stalegreen.engine.shell_lexer", "stalegreen.engine.pipe_filters"}

_PROBE = r"""
import io, sys
sys.path.insert(0, sys.argv[1])
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[4].encode("utf-8")))
from stalegreen.__main__ import main
main(["hook", sys.argv[2], sys.argv[3]])
sys.stdout.flush()
sys.stderr.write("\nMODULES " + " ".join(sorted(sys.modules)) + "\n")
"""


def _loaded(host, event, payload, env):
    """Module names loaded by one hook call in a fresh ``python -I -S`` (the registered form)."""
    result = subprocess.run([sys.executable, "-I", "-S", "-c", _PROBE, ROOT, host, event, json.dumps(payload)],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    errors = os.path.join(env["STALEGREEN_HOME"], "errors.jsonl")
    assert not os.path.exists(errors), open(errors).read()   # failing open would hide a broken path
    line = [ln for ln in result.stderr.splitlines() if ln.startswith("MODULES ")][-1]
    return set(line.split()[1:]), result.stdout


@pytest.fixture
def hook_env(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    repo = tmp_path / "repo"
    repo.mkdir()
    env = {"HOME": str(home), "STALEGREEN_HOME": str(home / ".stalegreen"), "PATH": "/usr/bin:/bin",
           "LANG": "C.UTF-8"}
    return env, str(repo), home / ".stalegreen"


def _claude(repo, event, **fields):
    payload = {"session_id": "hot", "transcript_path": "", "cwd": repo, "permission_mode": "default",
               "hook_event_name": event, "tool_use_id": "toolu_1"}
    payload.update(fields)
    return payload


QUIET_EVENTS = [
    ("claude", "PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "ls -la 2>&1 | head"}}),
    ("claude", "PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "ls -la"},
                               "tool_response": {"stdout": "a\nb\n", "stderr": "", "interrupted": False}}),
    ("claude", "PostToolUseFailure", {"tool_name": "Bash", "tool_input": {"command": "ls nope"},
                                      "error": "Exit code 2\nls: cannot access 'nope'"}),
    ("claude", "PostToolUse", {"tool_name": "Read", "tool_input": {"file_path": "/tmp/x"},
                               "tool_response": {"type": "text"}}),
    ("claude", "PostToolUse", {"tool_name": "Grep", "tool_input": {"pattern": "x"}, "tool_response": {}}),
    ("claude", "UserPromptSubmit", {"prompt": "Now add a test for the parser."}),
    ("claude", "Stop", {"stop_hook_active": False,
                        "last_assistant_message": "I renamed the helper and updated its docstring."}),
    ("codex", "PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "git status"}, "turn_id": "t1"}),
    ("codex", "PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "git status"}, "turn_id": "t1",
                              "tool_response": "On branch main\nnothing to commit"}),
    ("codex", "Stop", {"stop_hook_active": False, "turn_id": "t1",
                       "last_assistant_message": "Here is how the loader reads its input."}),
]


@pytest.mark.parametrize("host,event,fields", QUIET_EVENTS,
                         ids=["%s-%s-%s" % (h, e, f.get("tool_name", "msg")) for h, e, f in QUIET_EVENTS])
def test_events_with_nothing_to_record_load_only_the_base(hook_env, host, event, fields):
    env, repo, store_dir = hook_env
    loaded, _out = _loaded(host, event, _claude(repo, event, **fields), env)
    ours = set(m for m in loaded if m.startswith("stalegreen"))
    # a shell line is also checked for writes to stalegreen's own files (engine.tamper: os only)
    allowed = BASE | {"stalegreen.hosts." + host} | ({"stalegreen.engine.tamper"} if "Bash" in fields.get(
        "tool_name", "") and event.startswith("PostToolUse") else set())
    assert ours <= allowed, sorted(ours - allowed)
    assert not loaded & HEAVY_STDLIB, sorted(loaded & HEAVY_STDLIB)
    if event == "UserPromptSubmit":     # once a turn: the session's config snapshot, nothing else
        assert [p.name for p in (store_dir / "sessions").rglob("*") if p.is_file()] == ["config-snapshot.json"]
    else:
        assert not (store_dir / "sessions").exists()       # nothing recorded, nothing touched
        # the session id is made safe by engine.safeio; the store's records are not loaded
        assert "stalegreen.engine.store" not in loaded


def test_file_edit_records_without_the_readers(hook_env):
    env, repo, store_dir = hook_env
    payload = _claude(repo, "PostToolUse", tool_name="Write",
                      tool_input={"file_path": os.path.join(repo, "a.py"), "content": "x = 1\n"},
                      tool_response={"type": "create"})
    loaded, _out = _loaded("claude", "PostToolUse", payload, env)
    # an edited path is checked against stalegreen's own files (engine.tamper needs only os) and
    # written as an ``Edit`` record (engine.records: no imports)
    assert set(m for m in loaded if m.startswith("stalegreen")) <= BASE | {
        "stalegreen.hosts.claude", "stalegreen.engine.tamper", "stalegreen.engine.records"}
    assert not loaded & HEAVY_STDLIB, sorted(loaded & HEAVY_STDLIB)
    lines = (store_dir / "sessions" / "hot" / "edits.jsonl").read_text().splitlines()
    assert [json.loads(ln)["path"] for ln in lines] == [os.path.join(repo, "a.py")]


def test_verification_rewrite_loads_only_the_shell_readers(hook_env):
    """Reading, masking and rewriting ``pytest -q | tail -5`` needs no regular expression."""
    env, repo, _store = hook_env
    claude_dir = os.path.join(env["HOME"], ".claude")      # the user's rule that lets the run through
    os.makedirs(claude_dir)
    with open(os.path.join(claude_dir, "settings.json"), "w") as fh:
        json.dump({"permissions": {"allow": ["Bash(pytest:*)"]}}, fh)
    payload = _claude(repo, "PreToolUse", tool_name="Bash", tool_input={"command": "pytest -q | tail -5"})
    loaded, out = _loaded("claude", "PreToolUse", payload, env)
    assert json.loads(out)["hookSpecificOutput"]["updatedInput"]["command"] != "pytest -q | tail -5"
    ours = set(m for m in loaded if m.startswith("stalegreen"))
    assert ours <= REWRITE_PATH | {"stalegreen.hosts.claude"}, sorted(ours - REWRITE_PATH)
    assert not loaded & HEAVY_STDLIB, sorted(loaded & HEAVY_STDLIB)


def _with_a_passing_pytest(env, tmp_path):
    """``env`` with a stand-in ``pytest`` on PATH that passes, and the user's rule letting it run."""
    claude_dir = os.path.join(env["HOME"], ".claude")
    os.makedirs(claude_dir)
    with open(os.path.join(claude_dir, "settings.json"), "w") as fh:
        json.dump({"permissions": {"allow": ["Bash(pytest:*)"]}}, fh)
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "pytest").write_text("#!/bin/sh\necho '41 passed in 0.52s'\n")
    (fake_bin / "pytest").chmod(0o755)
    return dict(env, PATH="%s:%s" % (fake_bin, env["PATH"]))


def test_a_wrapped_runs_post_loads_neither_the_edit_reader_nor_the_claims_reader(hook_env, tmp_path):
    """PostToolUse of a wrapped ``pytest -q`` judges its log and records its receipt; the line
    edits nothing (``prefilter.might_edit``), so the edit reader's tables stay unloaded."""
    env, repo, store_dir = hook_env
    subprocess.run(["git", "init", "-q", repo], check=True)
    env = _with_a_passing_pytest(env, tmp_path)
    pre = _claude(repo, "PreToolUse", tool_name="Bash", tool_input={"command": "pytest -q"})
    _loaded_pre, out = _loaded("claude", "PreToolUse", pre, env)
    wrapped = json.loads(out)["hookSpecificOutput"]["updatedInput"]["command"]
    ran = subprocess.run(["/bin/sh", "-c", wrapped], cwd=repo, env=env, capture_output=True, text=True)
    post = _claude(repo, "PostToolUse", tool_name="Bash", tool_input={"command": wrapped},
                   tool_response={"stdout": ran.stdout, "stderr": ran.stderr, "interrupted": False})
    loaded, _out = _loaded("claude", "PostToolUse", post, env)
    receipts = (store_dir / "sessions" / "hot" / "receipts.jsonl").read_text().splitlines()
    assert [json.loads(line)["verdict"] for line in receipts] == ["pass"]
    assert not loaded & {"stalegreen.engine.edits", "stalegreen.engine.edit_commands", "stalegreen.engine.claims",
                         "stalegreen.engine.lexicon", "hashlib"}, sorted(loaded & {
        "stalegreen.engine.edits", "stalegreen.engine.edit_commands", "stalegreen.engine.claims",
        "stalegreen.engine.lexicon", "hashlib"})


_ORDER_PROBE = r"""
import io, os, sys
seen = []
sys.addaudithook(lambda event, args: seen.append("spawn " + os.path.basename(str(args[0])))
                 if event == "os.posix_spawn" else seen.append("import " + str(args[0]))
                 if event == "import" and args[0] == "re" else None)
sys.path.insert(0, sys.argv[1])
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[4].encode("utf-8")))
from stalegreen.__main__ import main
main(["hook", sys.argv[2], sys.argv[3]])
sys.stdout.flush()
sys.stderr.write("\nORDER " + ",".join(seen) + "\n")
"""


def _order(host, event, payload, env, cwd):
    """The hook's child processes started and ``re``'s import, in order, for one hook call."""
    result = subprocess.run([sys.executable, "-I", "-S", "-c", _ORDER_PROBE, ROOT, host, event, json.dumps(payload)],
                            capture_output=True, text=True, env=env, timeout=60, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return [ln for ln in result.stderr.splitlines() if ln.startswith("ORDER ")][-1][6:].split(","), result.stdout


def test_git_starts_before_re_loads_on_a_wrapped_runs_post_and_a_stop_with_a_claim(hook_env, tmp_path):
    """The two events that fingerprint the tree start ``git status`` before ``re`` (with ``enum``,
    about a floor of CPU) and the readers load: git's milliseconds run beside the hook's own."""
    env, repo, store_dir = hook_env
    subprocess.run(["git", "init", "-q", repo], check=True)
    with open(os.path.join(repo, "app.py"), "w") as fh:
        fh.write("X = 1\n")
    subprocess.run(["git", "-C", repo, "add", "-A"], check=True)
    subprocess.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x"],
                   check=True)
    env = _with_a_passing_pytest(env, tmp_path)
    for round_ in range(2):         # the second Post and Stop have a receipt's snapshot to check
        pre = _claude(repo, "PreToolUse", tool_name="Bash", tool_input={"command": "pytest -q"},
                      tool_use_id="toolu_%d" % round_)
        _loaded_pre, out = _loaded("claude", "PreToolUse", pre, env)
        wrapped = json.loads(out)["hookSpecificOutput"]["updatedInput"]["command"]
        ran = subprocess.run(["/bin/sh", "-c", wrapped], cwd=repo, env=env, capture_output=True, text=True)
        post = _claude(repo, "PostToolUse", tool_name="Bash", tool_input={"command": wrapped},
                       tool_use_id="toolu_%d" % round_,
                       tool_response={"stdout": ran.stdout, "stderr": ran.stderr, "interrupted": False})
        order, _out = _order("claude", "PostToolUse", post, env, repo)
        assert order[:2] in (["spawn git", "spawn git"], ["spawn git", "import re"]), order
        stop = _claude(repo, "Stop", stop_hook_active=False, last_assistant_message="Done. All 41 tests pass.")
        order, out = _order("claude", "Stop", stop, env, repo)
        assert order[0] == "spawn git" and "import re" in order, order
        assert out == ""                # FRESH: allowed
    verdicts = (store_dir / "sessions" / "hot" / "verdicts.jsonl").read_text().splitlines()
    assert [json.loads(line)["verdicts"][0]["verdict"] for line in verdicts] == ["FRESH", "FRESH"]


def test_one_mask_per_run_on_pretooluse(tmp_path, monkeypatch):
    from stalegreen.engine import config, core, events as ev, masking, store

    calls = []
    real = masking.analyze
    monkeypatch.setattr(masking, "analyze", lambda parse, run: calls.append(run) or real(parse, run))
    event = ev.Event(ev.PRE_SHELL, "claude", command="pytest -q | tail -5", cwd=str(tmp_path), session="s",
                     rewrite_policy=ev.REWRITE_FREE, approves=lambda parse, needs_rule: True)
    decision = core.handle(event, config.load(str(tmp_path), home=str(tmp_path)),
                           store.Store(str(tmp_path)).session("s"))
    assert decision.kind == ev.REWRITE and decision.approve
    assert len(calls) == 1


def test_one_mask_per_script_for_a_nested_run(monkeypatch):
    """``bash -c 'pytest | tail -3'`` is rewritten inside its script (``stalegreen explain`` and
    any caller of ``rewrite.wrap`` with the masks it has): the line and the script are each
    analysed once, the script's mask riding on the line's, not again by the rewrite."""
    from stalegreen.engine import masking, rewrite

    calls = []
    real = masking.analyze
    monkeypatch.setattr(masking, "analyze", lambda parse, run, *more: calls.append(parse.text) or real(parse, run, *more))
    parse = shell.parse("bash -c 'pytest -q | tail -3'")
    runs = catalog.find_runs(parse)
    masks = [masking.analyze(parse, run) for run in runs]
    wrapped, reason = rewrite.wrap(parse, runs, ["r-0001"], ["/tmp/r-0001.log"], 40, masks)
    assert reason is None and wrapped.startswith("bash -c ") and "__sg_" in wrapped
    assert calls == ["bash -c 'pytest -q | tail -3'", "pytest -q | tail -3"]


# ------------------------------------------------------------------ the cheap tests are sound

def _walk(value, commands, texts):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "command" and isinstance(item, str):
                commands.append(item)
            elif key == "command" and isinstance(item, list) and all(isinstance(w, str) for w in item):
                commands.append(item[-1] if item[:2] in (["bash", "-lc"], ["bash", "-c"]) else " ".join(item))
            elif key in ("text", "last_assistant_message", "message") and isinstance(item, str):
                texts.append(item)
            elif key == "arguments" and isinstance(item, str):
                try:
                    _walk(json.loads(item), commands, texts)
                except ValueError:
                    pass
            else:
                _walk(item, commands, texts)
    elif isinstance(value, list):
        for item in value:
            _walk(item, commands, texts)


def _corpus():
    """(commands, texts) from every transcript, corpus and fixture this checkout can see."""
    commands, texts = [], []
    paths = glob.glob(os.path.join(HERE, "**", "*.jsonl"), recursive=True)
    paths += glob.glob(os.path.join(SHARED_DATA, "transcripts", "**", "*.jsonl"), recursive=True)
    paths += glob.glob(os.path.join(SHARED_DATA, "claims", "**", "*.jsonl"), recursive=True)
    paths += glob.glob(os.path.join(SHARED_DATA, "payloads", "**", "*.json"), recursive=True)
    for path in sorted(paths):
        with io.open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    _walk(json.loads(line), commands, texts)
                except ValueError:
                    continue
    return commands, texts


CORPUS = _corpus()
TRICKY_TEXTS = [
    "I ran`pytest` and it came back with 3 of 3.", "ran`npm test`", "Tests: 41/41", u"测试全部通过。",
    u"“All tests pass”, I said.", "`pytest` \u2705", "- [x] lint clean", "The suite is green now.",
    "Everything works.", "Build OK", "All 12 checks passed",
]


def test_the_corpus_is_real():
    commands, texts = CORPUS
    assert len(texts) >= 1000                     # the claims corpora in tests/ alone
    if os.path.isdir(os.path.join(SHARED_DATA, "transcripts")):
        assert len(commands) >= 1000 and len(texts) >= 1500


@pytest.mark.parametrize("completion", [False, True])
def test_claim_prefilter_never_hides_a_claim(completion):
    _commands, texts = CORPUS
    with_claims = 0
    for text in texts + TRICKY_TEXTS:
        if claims.extract(text, completion=completion).claims:
            with_claims += 1
            assert prefilter.might_claim(text), text
    assert with_claims >= 100


def test_claim_prefilter_on_random_messages():
    rng = random.Random(7)
    pieces = list(prefilter.CLAIM_WORDS) + ["tests", "the suite", "lint", "tsc", "pytest", "all", "41", "3", "of",
                                            "/", " ", " ", "\n", "\n\n", ".", "`", "'", '"', u"\u201c", u"\u201d",
                                            "```\n", "- ", "[x] ", "it", "they", "now", u"\u6d4b\u8bd5", u"\u3002"]
    hits = 0
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        for completion in (False, True):
            if claims.extract(text, completion=completion).claims:
                hits += 1
                assert prefilter.might_claim(text), text
    assert hits >= 100


def test_claim_prefilter_skips_plain_messages():
    assert not prefilter.might_claim("I renamed the helper and updated its docstring.")
    assert not prefilter.might_claim("")
    assert prefilter.might_claim("41/41")


def test_claims_reader_skips_sentences_without_claim_words():
    # the prefilter's soundness rests on this: a message whose every sentence lacks a claim word
    assert claims.CLAIM_WORDS is prefilter.CLAIM_WORDS
    assert not claims.claimish("I renamed the helper.")


def test_runner_prefilter_never_hides_a_run():
    commands, _texts = CORPUS
    found = 0
    for command in commands:
        runs = catalog.find_runs(shell.parse(command))
        if runs:
            found += 1
            assert prefilter.might_contain_runner(command), command
    assert found >= 20 or not os.path.isdir(os.path.join(SHARED_DATA, "transcripts"))


EDIT_LINES = [
    "echo x > out.txt", "cat a >> b", "ls >| f", "cmd &> log.txt", "x 2>err.log", "exec 3<> f", "echo >&f",
    "sed -i 's/a/b/' f.py", "/usr/bin/sed -i s/a/b/ f", "s''ed -i x f", "perl -pi -e 's/a/b/' f",
    "tee out.txt < in", "cp a b", "mv a b", "rm -rf build", "touch x", "git checkout -- .", "git pull",
    "npm install left-pad", "pip install x", "uv add x", "black .", "ruff format .", "ruff check --fix .",
    "prettier --write .", "cargo fmt", "go fmt ./...", "find . -name '*.pyc' -delete", "xargs rm < list",
    "python3 - <<'EOF'\nopen('a.txt', 'w').write('x')\nEOF", "node -e \"require('fs').writeFileSync('a', '')\"",
    "bash -c 'echo hi > f'", "echo $(cp a b)", "apply_patch <<'EOF'\n*** Update File: a.py\nEOF",
    "dd if=/dev/zero of=disk.img", "git -C x stash", "git cherry-pick abc", "git reset --hard", "patch -p1 < fix.diff", "truncate -s 0 log", "ln -s a b", "yarn",
]
PLAIN_LINES = ["ls -la", "ls 2>&1 | head", "cat a 2>/dev/null", "grep -rn foo src", "echo hi >&2",
               "git status", "git diff HEAD~1", "git log --oneline -5", "wc -l x", "ps aux &>/dev/null", "head -5 f 1>&2"]


def test_edit_prefilter_never_hides_an_edit():
    commands, _texts = CORPUS
    found = 0
    for command in commands + EDIT_LINES + PLAIN_LINES:
        if edits.from_shell(shell.parse(command), None) or edits.from_shell(shell.parse(command), "changed"):
            found += 1
            assert prefilter.might_edit(command), command
    assert found >= len(EDIT_LINES) - 3


def test_edit_prefilter_lets_plain_commands_through():
    for command in PLAIN_LINES:
        assert not prefilter.might_edit(command), command
        assert not edits.from_shell(shell.parse(command), None), command


GIT_SUBCOMMANDS = (
    "add", "am", "apply", "bisect", "blame", "branch", "checkout", "cherry-pick", "clean", "clone", "commit",
    "config", "describe", "diff", "fetch", "format-patch", "gc", "grep", "init", "log", "ls-files", "merge",
    "mv", "notes", "pull", "push", "rebase", "reflog", "remote", "reset", "restore", "revert", "rm", "shortlog",
    "show", "sparse-checkout", "stash", "status", "submodule", "switch", "tag", "worktree",
)


@pytest.mark.parametrize("sub", GIT_SUBCOMMANDS)
def test_edit_prefilter_knows_every_git_subcommand_that_edits(sub):
    for args in ("", " --hard", " -f x", " -- x", " add x", " update", " --abort", " pop", " -b n origin/main"):
        command = "git -C repo %s%s" % (sub, args)
        if edits.from_shell(shell.parse(command), None):
            assert prefilter.might_edit(command), command


def test_edit_prefilter_on_random_lines():
    rng = random.Random(16)
    pieces = sorted(prefilter.EDIT_WORDS) + ["ls", "cat", "x", "a.txt", "-i", "--fix", "--write", ">", ">>", "2>&1",
                                             ">/dev/null", "|", "&&", ";", "'", '"', "$(", ")", "`", "\\", "-c",
                                             "python3", "<<EOF", "EOF", "\n", "open('f','w')", "find", "-delete"]
    for _ in range(3000):
        command = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        if edits.from_shell(shell.parse(command), None):
            assert prefilter.might_edit(command), command


def test_word_tables_cover_the_readers_tables():
    # keys with a space ("python test script", "python -m build") are no word a user types: a test
    # script run directly stands for the first, which the prefilter finds by its file name
    # the run-tools whose `run NAME` is a project task (`mise run test`) are words of runs too
    from stalegreen.engine.catalog.table import RUN_TOOLS_WITH_SCRIPTS

    assert prefilter.RUNNER_WORDS == (set(n for n in catalog.TOOLS if " " not in n) | set(RUN_TOOLS_WITH_SCRIPTS)
                                      | {"unittest", "django", "ptw", "pytest-watch"})
    assert prefilter.might_contain_runner("python3 tests/test_app.py")
    from stalegreen.engine.catalog.tasks import SCRIPT_CATEGORY_RULES

    assert prefilter.SCRIPT_STEMS == set(n for _c, exact, prefixes in SCRIPT_CATEGORY_RULES for n in exact + prefixes)
    readers = (set(edits._FILE_COMMANDS) | set(edit_commands.PACKAGE_SUBCOMMANDS) | set(edit_commands.FIX_FLAGS)
               | set(edit_commands.FORMATTERS_WRITE_BY_DEFAULT) | {edit_commands.YARN_BARE_INSTALL})
    assert readers <= prefilter.EDIT_WORDS, sorted(readers - prefilter.EDIT_WORDS)
    for name in ("node", "nodejs", "deno", "bun", "ruby", "perl", "php", "tsx", "ts-node", "python3.12", "pypy3"):
        assert edit_commands.INTERPRETERS.match(name)
        assert name in prefilter.EDIT_WORDS or name.startswith(prefilter._INTERPRETER_PREFIXES)


# ------------------------------------------------------------------ JSON without json

def _random_value(rng, depth=0):
    chars = ["a", u"\u00e9", u"\u2028", '"', "\\", "\n", "\x00", u"\ud800", u"\u4e2d", u"\U0001f600", "/"]
    roll = rng.random()
    if depth > 3 or roll < 0.35:
        return rng.choice([None, True, False, 0, -5, 2 ** 70, 1.5, -0.0, 1e300, float("inf"),
                           "".join(rng.choice(chars) for _ in range(rng.randint(0, 6)))])
    if roll < 0.7:
        return {"".join(rng.choice(chars) for _ in range(3)): _random_value(rng, depth + 1)
                for _ in range(rng.randint(0, 4))}
    return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]


def test_fastjson_writes_and_reads_what_json_does():
    rng = random.Random(13)
    for _ in range(2000):
        value = _random_value(rng)
        for ascii_only in (False, True):
            assert fastjson.dumps(value, ensure_ascii=ascii_only) == json.dumps(
                value, ensure_ascii=ascii_only, separators=(",", ":"))
        text = rng.choice(["", " ", "\n\t"]) + json.dumps(value, indent=rng.choice([None, 1])) + rng.choice(["", "\r\n"])
        assert repr(fastjson.loads(text)) == repr(json.loads(text))


def test_fastjson_fails_like_json():
    for bad in ["", " ", '{"a":1} x', u"\ufeff{}", '{"a":', "[1,]", '"\x01"']:
        with pytest.raises(ValueError) as ours:
            fastjson.loads(bad)
        with pytest.raises(ValueError) as theirs:
            json.loads(bad)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError):
        fastjson.dumps({"a": object()})
    assert fastjson.dumps({"a": object, 1: 2}, default=str) == json.dumps(
        {"a": object, 1: 2}, default=str, ensure_ascii=False, separators=(",", ":"))


# ------------------------------------------------------------------ character tests = the regexes they replace

def _strings(rng, alphabet, count=20000, longest=12):
    for _ in range(count):
        yield "".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest)))


def test_shell_character_tests_match_the_former_regexes():
    import re

    assignment = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=")
    safe = re.compile(r"[A-Za-z0-9_./:=@%+,-]+\Z")
    name = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
    fd_prefix = re.compile(r"\d{1,9}[<>]")
    rng = random.Random(11)
    alphabet = ["a", "Z", "_", "1", "9", "[", "]", "+", "=", "<", ">", " ", "\n", "-", ".", u"\u0663", u"\u00e9", "'"]
    for text in list(_strings(rng, alphabet)) + ["1" * k + ">" for k in range(12)]:
        assert bool(assignment.match(text)) == shell_lexer.is_assignment(text), text
        assert bool(name.match(text)) == shell_lexer.is_name(text), text
        if text:
            assert (shell.quote(text) == text) == bool(safe.match(text)), text
        for at in range(len(text) + 1):
            assert bool(fd_prefix.match(text, at)) == shell_lexer.fd_prefix_at(text, at), (text, at)


def test_catalog_and_masking_character_tests_match_the_former_regexes():
    import re

    from stalegreen.engine import masking, pipe_filters, unwrapped

    python = re.compile(r"^(?:python(?:\d+(?:\.\d+)?)?|py|pypy3?|pypy\d\.\d+)$")
    count = re.compile(r"\+?(\d{1,9})\Z")
    echo_flags = re.compile(r"-[neE]+\Z")
    rng = random.Random(12)
    for text in _strings(rng, ["python", "pypy", "py", "3", "1", ".", "x", "\n", u"\u0663", "-", "+", "n", "e", "E"],
                         longest=6):
        assert bool(python.match(text)) == catalog_wrappers.is_python(text), text
        assert bool(count.match(text)) == pipe_filters._is_count(text), text
        assert bool(echo_flags.match(text)) == unwrapped.is_echo_flag(text), text
    assert masking.tail_count(shell.parse("tail -n +5").segments[0]) is None
    assert masking.tail_count(shell.parse("tail -5").segments[0]) == 5


def test_host_header_readers_match_the_former_regexes():
    import re

    from stalegreen.hosts import claude, common

    exit_header = re.compile(r"^(?:exit code|process exited with code|exit status|exited with code)[:= ]*(-?\d+)\s*$",
                             re.I)
    noise = re.compile(r"^(?:wall time:? .*|chunk id: .*|original token count: .*|output:|total output lines: .*)$",
                       re.I)
    claude_exit = re.compile(r"^Exit code (-?\d+)\s*$")
    rng = random.Random(13)
    pieces = ["exit code", "Exit Code", "Exit code ", "process exited with code", "exit status", "exited with code",
              ":", "=", " ", "-", "1", "42", "x", "wall time", "Wall time:", "chunk id: ", "output:", "Output:",
              "total output lines: ", "original token count: ", "\t", u"\u0663", u"\u212a", u"\u017f"]
    for _ in range(20000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 5))).strip()
        match = exit_header.match(line)
        assert common._exit_header(line, line.lower()) == (int(match.group(1)) if match else None), line
        assert common._is_header_noise(line, line.lower()) == bool(noise.match(line)), line
        match = claude_exit.match(line)
        assert claude._exit_line_number(line) == (int(match.group(1)) if match else None), line

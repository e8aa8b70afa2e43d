"""Edit events from shell commands and apply_patch bodies, and which edits make evidence stale.

The strongest tests here run the commands for real in a scratch git repo and compare the
files that actually changed with the events read from the command line alone.
"""

import hashlib
import os
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalegreen.engine import edits, shell
from tests.conftest import git, shared_path

needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")


def events(command, output=None):
    return edits.from_shell(shell.parse(command), output)


def _snapshot(root):
    state = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            if os.path.islink(path):
                state[rel] = "link:" + os.readlink(path)
            else:
                with open(path, "rb") as fh:
                    state[rel] = hashlib.sha1(fh.read()).hexdigest() + ":%d" % os.stat(path).st_mtime_ns
    return state


@pytest.fixture
def work(git_repo):
    (git_repo / "src").mkdir()
    for name in ("a.py", "b.py", "c.py"):
        (git_repo / "src" / name).write_text("value = 'a'\n")
    (git_repo / "fix.diff").write_text(
        "--- a/src/a.py\n+++ b/src/a.py\n@@ -1 +1 @@\n-value = 'a'\n+value = 'patched'\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "files")
    return git_repo


REAL_COMMANDS = [
    "sed -i 's/a/b/' src/a.py",
    "sed -i.bak -e 's/a/b/' src/a.py src/b.py",
    "sed -n 's/a/b/p' src/a.py",
    "perl -pi -e 's/a/z/' src/a.py src/c.py",
    "perl -ne 'print' src/a.py",
    "cp src/a.py src/copy.py",
    "mv src/a.py src/moved.py",
    "rm -f src/b.py src/c.py",
    "touch src/new.py",
    "echo 'x = 1' > src/out.py",
    "echo 'x = 1' >> src/a.py 2>/dev/null",
    "printf 'y\\n' | tee src/t1.py src/t2.py > /dev/null",
    "cat > src/gen.py <<'EOF'\nprint('generated')\nEOF",
    "{ echo one; echo two; } > src/group.py",
    "bash -c \"echo 'z = 2' > src/inner.py\"",
    "sh -c 'sed -i s/a/q/ src/c.py'",
    "python3 - <<'EOF'\nopen('src/from_py.py', 'w').write('w = 1\\n')\nEOF",
    "python3 -c \"open('src/one_liner.py', 'w').write('1')\"",
    "python3 -c \"print(open('src/a.py').read())\"",
    "truncate -s 0 src/a.py",
    "ln -s a.py src/link.py",
    "install -m 644 src/a.py src/installed.py",
    "dd if=src/a.py of=src/dd.py status=none",
    "cd src && cp a.py ../top.py",
    "patch -p1 < fix.diff",
    "git apply fix.diff",
    "echo noise > src/a.py && git checkout -- src/a.py",
    "echo noise > src/b.py && git restore src/b.py",
    "ls src | wc -l",
    "grep -rn value src > /dev/null",
    "cat src/a.py",
    "true > /dev/null 2>&1",
    "find src -name '*.py' -exec sed -i 's/a/k/' {} +",
    "echo $(sed -i s/a/m/ src/b.py)",
]


@needs_bash
@pytest.mark.parametrize("command", REAL_COMMANDS)
def test_events_match_what_the_command_really_changed(work, command):
    tool = command.split()[0]
    if tool in ("perl", "patch", "dd", "install", "truncate", "python3") and shutil.which(tool) is None:
        pytest.skip("%s not installed" % tool)
    before = _snapshot(str(work))
    done = subprocess.run(["bash", "-c", command], cwd=str(work), capture_output=True, text=True)
    after = _snapshot(str(work))
    changed = set(path for path in set(before) | set(after) if before.get(path) != after.get(path))
    found = events(command, done.stdout + done.stderr)
    paths = set(os.path.normpath(p if not p.startswith("../") else p[3:]) for _, p in found if p)
    unknown = [kind for kind, path in found if path is None]
    changed = set(p for p in changed if not p.endswith(".bak"))   # sed's backup copies: side files
    if command.startswith("cd src"):
        paths = set(os.path.normpath(os.path.join("src", p)) for _, p in found if p)
    missed = set(p for p in changed if p not in paths and not any(p.startswith(q + "/") for q in paths))
    if missed:
        assert unknown, "%r changed %s but events were %r" % (command, sorted(missed), found)
    phantom = set(p for p in paths if p not in changed and not os.path.isdir(os.path.join(str(work), p)))
    # the shell's own temp redirect to a later-moved file is the only allowed phantom: none here
    assert not phantom, "%r reported %s which did not change (%r)" % (command, sorted(phantom), found)
    if not changed:
        assert found == [], "%r changed nothing but gave %r" % (command, found)


def test_kinds_and_paths():
    assert events("sed -i 's/a/b/' src/x.py") == [("sed", "src/x.py")]
    assert events("sed --in-place=.orig -e s/a/b/ -e s/c/d/ a.py") == [("sed", "a.py")]
    assert events("sed -i '' 's/a/b/' mac.py") == [("sed", "mac.py")]
    assert events("sed -Ei 's/a/b/' a.ts") == [("sed", "a.ts")]
    assert events("sed -e 's/i/j/' a.py") == []
    assert events("perl -i.bak -pe 's/a/b/' lib.pm") == [("perl", "lib.pm")]
    assert events("perl -Ilib -e 'print 1'") == []
    assert events("tee -a log.py") == [("tee", "log.py")]
    assert events("cp -r src dist") == [("cp", "dist/")]
    assert events("cp -t dest a.py b.py") == [("cp", "dest"), ("cp", "dest/a.py"), ("cp", "dest/b.py")]
    assert events("cp a.json .codex/") == [("cp", ".codex/"), ("cp", ".codex/a.json")]
    assert events("mv -f old.py new.py") == [("mv", "old.py"), ("mv", "new.py")]
    assert events("rm -rf build dist") == [("rm", "build/"), ("rm", "dist/")]
    assert events("rm -r src/legacy old.py") == [("rm", "src/legacy/"), ("rm", "old.py")]
    assert events("rm src/legacy") == [("rm", "src/legacy")]
    assert events("rm -f") == []
    assert events("unlink x.py") == [("unlink", "x.py")]
    assert events("ln -sf ../a.py b.py") == [("ln", "b.py")]
    assert events("rsync -av -e ssh src/ host:/srv/") == [("rsync", "src/")]
    assert events("touch -d yesterday a.py") == [("touch", "a.py")]
    assert events("patch -p1 < fix.diff") == [("patch", None)]
    assert events("patch --dry-run -p1 < fix.diff") == []
    assert events("dd if=/dev/zero of=blob.bin bs=1 count=1") == [("dd", "blob.bin")]


def test_redirect_targets():
    assert events("echo x > a.py") == [("redirect", "a.py")]
    assert events("./gen.sh 2>&1 >> build.py") == [("redirect", "build.py")]
    assert events("cmd &> all.py") == [("redirect", "all.py")]
    assert events("cmd >| clobber.py") == [("redirect", "clobber.py")]
    assert events("cmd >&out.py") == [("redirect", "out.py")]
    for quiet in ("cmd > /dev/null", "cmd 2>/dev/null", "cmd >&2", "cmd 2>&1", "cmd > /dev/stderr",
                  "cmd > .stalegreen/x.log", "cmd > \"$__sg_log\"", "cmd < input.py", "cmd 1>&-"):
        assert events(quiet) == [], quiet


def test_store_paths_are_not_edits(sg_home):
    target = os.path.join(str(sg_home), "sessions", "s", "runs", "r-0001.log")
    assert events("pytest > '%s' 2>&1; echo $? > '%s.exit'" % (target, target)) == []


def test_heredoc_to_a_file_is_an_edit_of_that_file():
    assert events("cat > src/config.ts <<'EOF'\nexport const x = 1\nEOF") == [("redirect", "src/config.ts")]
    assert events("cat <<EOF > notes.py\nprint(1)\nEOF") == [("redirect", "notes.py")]
    assert events("cat <<EOF\njust text\nEOF") == []


def test_interpreters_fed_code_that_writes():
    assert events("python - <<'EOF'\nfrom pathlib import Path\nPath('a/b.py').write_text('x')\nEOF") == [
        ("heredoc", "a/b.py")]
    assert events("node <<'EOF'\nrequire('fs').writeFileSync('out.js', 'x')\nEOF") == [("heredoc", "out.js")]
    assert events("node -e \"require('fs').writeFileSync('cfg.json', '{}')\"") == [("heredoc", "cfg.json")]
    assert events("python3 - <<'EOF'\nimport shutil\nshutil.rmtree(target)\nEOF") == [("heredoc", None)]
    assert events("python3 - <<'EOF'\nprint(open('data.json').read())\nEOF") == []
    assert events("python3 - <<'EOF'\nimport json\nprint(json.dumps({'url': 'https://x.io/a.py'}))\nEOF") == []
    assert events("ruby -e \"File.write('lib/x.rb', 'y')\"") == [("heredoc", "lib/x.rb")]
    assert events("bash <<'EOF'\nsed -i s/a/b/ conf.yml\nEOF") == [("sed", "conf.yml")]


def test_wrappers_are_stripped():
    assert events("sudo -u root sed -i s/a/b/ /etc/app.conf") == [("sed", "/etc/app.conf")]
    assert events("env FOO=1 BAR=2 touch x.py") == [("touch", "x.py")]
    assert events("timeout -s KILL 30 cp a.py b.py") == [("cp", "b.py")]
    assert events("nice -n 5 rm x.py") == [("rm", "x.py")]
    assert events("npx prettier --write .") == [("format", None)]
    assert events("uv run --with black black src") == [("format", None)]
    assert events("python -m black --check src") == []
    assert events("xargs rm < list") == [("rm", None)]
    assert events("git ls-files '*.orig' | xargs -r rm -f") == [("rm", None)]
    assert events("ls | xargs echo") == []


def test_git_commands_judged_by_output():
    assert events("git pull", "Already up to date.\n") == []
    assert events("git pull", "Updating 1a2b3c4..5d6e7f8\nFast-forward\n a.py | 2 +-\n") == [("git pull", None)]
    assert events("git pull") == [("git pull", None)]             # output unknown: assume it did
    assert events("git pull", "") == []
    assert events("git merge feature", "CONFLICT (content): Merge conflict in a.py\n") == []
    assert events("git rebase main", "Successfully rebased and updated refs/heads/x.\n") == [("git rebase", None)]
    assert events("git checkout main", "Already on 'main'\n") == []
    assert events("git checkout main", "Switched to branch 'main'\n") == [("git checkout", None)]
    assert events("git checkout -b feature") == []
    assert events("git checkout -b feature origin/main", "Switched to a new branch 'feature'\n") == [
        ("git checkout", None)]
    assert events("git switch -c topic") == []
    assert events("git checkout -- a.py b.py", "") == [("git checkout", "a.py"), ("git checkout", "b.py")]
    assert events("git restore --staged a.py") == []
    assert events("git restore --staged --worktree a.py") == [("git restore", "a.py")]
    assert events("git stash", "No local changes to save\n") == []
    assert events("git stash", "Saved working directory and index state WIP on main: 1234567 x\n") == [
        ("git stash", None)]
    assert events("git stash list") == [] and events("git stash drop") == []
    assert events("git apply --check fix.diff") == []
    assert events("git apply fix.diff", "error: patch failed: a.py:1\nerror: a.py: patch does not apply\n") == []
    assert events("git clean -n") == [] and events("git clean -d") == []
    assert events("git clean -fd", "Removing build/\n") == [("git clean", None)]
    assert events("git reset HEAD~1") == [] and events("git reset --soft HEAD~1") == []
    assert events("git reset --hard", "HEAD is now at 1234567 x\n") == [("git reset", None)]
    assert events("git rm --cached a.py") == []
    assert events("git rm a.py") == [("git rm", "a.py")]
    assert events("git -C sub --no-pager mv a.py b.py") == [("git mv", "a.py"), ("git mv", "b.py")]
    assert events("git status && git diff && git log -1 && git add -A && git commit -m x") == []


@needs_bash
def test_git_output_rules_on_real_git(work, tmp_path):
    """The texts the rules look for are what this machine's git really prints."""
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(work), str(clone))

    def run(repo, command):
        done = subprocess.run(["bash", "-c", "git -c user.name=t -c user.email=t@t " + command], cwd=str(repo),
                              capture_output=True, text=True)
        return done.stdout + done.stderr

    assert events("git pull", run(clone, "pull")) == []             # already up to date
    (work / "src" / "a.py").write_text("value = 'upstream'\n")
    git(work, "commit", "-q", "-am", "upstream change")
    assert events("git pull", run(clone, "pull")) == [("git pull", None)]
    assert events("git stash", run(clone, "stash")) == []           # nothing to stash
    (clone / "src" / "b.py").write_text("dirty\n")
    assert events("git stash", run(clone, "stash")) == [("git stash", None)]
    assert events("git stash pop", run(clone, "stash pop")) == [("git stash", None)]
    branch = git(clone, "rev-parse", "--abbrev-ref", "HEAD").strip()
    assert events("git checkout " + branch, run(clone, "checkout " + branch)) == []
    git(clone, "branch", "old", "HEAD~1")
    assert events("git checkout old", run(clone, "checkout -q old; git checkout old")) == []
    assert events("git checkout %s" % branch, run(clone, "checkout " + branch)) == [("git checkout", None)]
    assert events("git merge old", run(clone, "merge old")) == []   # already up to date
    assert events("git apply fix.diff", run(work, "apply fix.diff")) == []   # no longer applies


def test_package_installs():
    assert events("npm install") == [("npm install", None)]
    assert events("npm i -D vitest") == [("npm i", None)]
    assert events("pnpm --filter api add zod") == [("pnpm add", None)]
    assert events("yarn") == [("yarn install", None)]
    assert events("pip install -e .") == [("pip install", None)]
    assert events("uv pip install requests") == [("uv pip", None)]
    assert events("uv pip list") == []
    assert events("go mod tidy") == [("go mod", None)] and events("go mod graph") == []
    assert events("cargo add serde") == [("cargo add", None)]
    assert events("npm run build") == [] and events("npm test") == [] and events("pip list") == []
    assert events("bundle install && gem install rake") == [("bundle install", None), ("gem install", None)]


def test_formatters(monkeypatch):
    """The formatter rules themselves (the catalog may also call some of these lint runs)."""
    monkeypatch.setattr(edits, "_runner_segments", lambda parse: set())
    assert events("black src", "reformatted src/a.py\nAll done! 1 file reformatted.\n") == [("format", "src/a.py")]
    assert events("black src", "All done!\n1 file left unchanged.\n") == []
    assert events("black --check src") == []
    assert events("ruff format", "3 files left unchanged\n") == []
    assert events("ruff format", "1 file reformatted, 2 files left unchanged\n") == [("format", None)]
    assert events("ruff format --check") == []
    assert events("ruff check --fix", "All checks passed!\n") == []
    assert events("ruff check --fix", "Found 3 errors (3 fixed, 0 remaining).\n") == [("format", None)]
    assert events("ruff check src") == []
    assert events("prettier --write src", "src/a.ts 40ms\nsrc/b.ts 3ms (unchanged)\n") == [("format", "src/a.ts")]
    assert events("prettier --write src", "src/b.ts 3ms (unchanged)\n") == []
    assert events("prettier --check src") == []
    assert events("eslint --fix src") == [("format", None)]
    assert events("eslint --fix-dry-run src") == []                # reports fixes, writes nothing
    assert events("eslint src") == []
    assert events("cargo fmt") == [("format", None)] and events("cargo fmt --check") == []
    assert events("gofmt -w .") == [("format", None)] and events("gofmt -l .") == []
    assert events("go fmt ./...") == [("format", None)]
    assert events("biome check --write .") == [("format", None)] and events("biome format .") == []
    assert events("isort --check-only .") == [] and events("isort .") == [("format", None)]


def test_runners_are_never_edits():
    for command in ("pytest -q", "npm test", "go test ./...", "cargo test", "tsc --noEmit"):
        assert events(command) == [], command
    assert events("bash -c 'pytest -q; sed -i s/a/b/ x.py'") == [("sed", "x.py")]
    assert events("npm test 2>&1 | tee out.ts") == [("tee", "out.ts")]


def test_hostile_input_never_raises():
    for text in ("", "'", "\"unbalanced", "$(", "sed -i", "git", "git -C", "cp", "find -exec",
                 "a > ", "> > >", "\x00\x01", "bash -c", "eval", "perl -i", "x" * 10000,
                 "$(" * 200 + "rm x" + ")" * 200, "cat <<EOF", "python - <<EOF\nopen(\nEOF"):
        result = events(text)
        assert isinstance(result, list)
        for kind, path in result:
            assert isinstance(kind, str) and (path is None or isinstance(path, str))


def test_events_are_deduplicated():
    assert events("echo a > x.py; echo b > x.py; sed -i s/a/b/ x.py") == [("redirect", "x.py"), ("sed", "x.py")]


def test_from_patch():
    body = (
        "*** Begin Patch\n"
        "*** Add File: src/new.py\n+print('hi')\n"
        "*** Update File: src/app.py\n*** Move to: src/main.py\n@@\n-a\n+b\n"
        "*** Delete File: docs/old.md\n"
        "*** Update File: src/app.py\n"
        "*** End Patch\n"
    )
    assert edits.from_patch(body) == ["src/new.py", "src/app.py", "src/main.py", "docs/old.md"]
    assert edits.from_patch("") == [] and edits.from_patch(None) == []
    assert events("apply_patch <<'EOF'\n" + body + "EOF") == [
        ("apply_patch", p) for p in ("src/new.py", "src/app.py", "src/main.py", "docs/old.md")]
    assert events("apply_patch \"$(cat <<'EOF'\n*** Begin Patch\n*** Add File: x.py\n+1\n*** End Patch\nEOF\n)\"") == [("apply_patch", "x.py")]
    assert edits.from_patch("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a b.py\n+x\n*** End Patch\nEOF") == [
        "a b.py"]


@pytest.mark.parametrize("path, relevant", [
    (None, True), ("src/app.py", True), ("web/App.tsx", True), ("Makefile", True), ("Dockerfile", True),
    (".env", True), (".eslintrc.json", True), ("package-lock.json", True), ("go.sum", True),
    ("README.md", False), ("docs/api.py", False), ("build.log", False),
    ("test_doc.txt", True), ("requirements.txt", True), ("CMakeLists.txt", True), ("doc/index.rst", True),
    ("a.py.orig", False), ("core.tmp", False), ("LICENSE", False), ("logo.png", False),
    ("/dev/null", False), ("/tmp/scratch.py", False), ("/var/tmp/x.py", False),
    ("/home/u/.claude/todos/x.json", False), ("bin/run", False), ("./src/lib.rs", True),
    ("CMakeLists.txt.in", True), ("__snapshots__/a.test.ts.snap", True), ("x.PY", True),
    ("src/legacy/", True), ("node_modules/", False), ("pkg/__pycache__/", False), ("docs/", False),
    ("docs/api/", False), ("/tmp/work/", False),
])
def test_is_relevant(path, relevant, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    assert edits.is_relevant(path, "/nonexistent/project") is relevant


def test_is_relevant_inside_a_project_under_tmp(git_repo):
    """A project that lives under /tmp: its own files still count."""
    inside = os.path.join(str(git_repo), "src", "app.py")
    assert edits.is_relevant(inside, str(git_repo)) is True
    assert edits.is_relevant(os.path.join(str(git_repo), "docs", "x.py"), str(git_repo)) is False
    assert edits.is_relevant(os.path.join(str(git_repo), "README.md"), str(git_repo / "sub")) is False


def test_is_relevant_custom_ignore():
    assert edits.is_relevant("gen/api.py", "/nonexistent", ["gen/**"]) is False
    assert edits.is_relevant("README.md", "/nonexistent", []) is False    # not code either way
    assert edits.is_relevant("docs/conf.py", "/nonexistent", []) is True
    assert edits.is_relevant("Makefile", "/nonexistent", ["Makefile"]) is False


_WORDS = ["sed", "-i", "perl", "-pi", "-e", "git", "checkout", "--", "stash", "pull", "cp", "mv", "rm",
          "tee", "xargs", "find", "-exec", "{}", "+", "bash", "-c", "python", "-", "npm", "install",
          "prettier", "--write", "a.py", "'b c.py'", "\"$X\"", ">", ">>", "2>&1", "|", "&&", ";", "<<EOF",
          "$(", ")", "`", "{", "}", "(", "sudo", "env", "A=1", "timeout", "5", "\n", "EOF", "/dev/null"]


@given(st.lists(st.sampled_from(_WORDS), max_size=14), st.one_of(st.none(), st.text(max_size=80)))
@settings(max_examples=400, deadline=None)
def test_random_command_lines_never_raise(words, output):
    result = events(" ".join(words), output)
    assert all(isinstance(kind, str) and (path is None or isinstance(path, str)) for kind, path in result)
    assert len(set(result)) == len(result)


@given(st.text(max_size=200), st.one_of(st.none(), st.text(max_size=50)))
@settings(max_examples=300, deadline=None)
def test_random_text_never_raises(text, cwd):
    assert isinstance(events(text), list)
    assert isinstance(edits.from_patch(text), list)
    assert edits.is_relevant(text or None, cwd) in (True, False)


def _real_tool_calls():
    """Shell commands and apply_patch bodies from the shared real transcripts."""
    import json

    root = shared_path("transcripts")
    commands, patches = [], []

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "tool_use" and node.get("name") == "Bash" and isinstance(node.get("input"), dict):
                commands.append(node["input"].get("command") or "")
            elif node.get("type") == "function_call" and node.get("name") in ("shell", "exec_command"):
                try:
                    args = json.loads(node.get("arguments") or "{}")
                except ValueError:
                    args = {}
                command = args.get("cmd") or args.get("command")
                if isinstance(command, list):
                    command = command[-1]
                if isinstance(command, str):
                    commands.append(command)
            elif node.get("type") == "custom_tool_call" and node.get("name") == "apply_patch":
                patches.append(node.get("input") or "")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".jsonl"):
                with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as fh:
                    for line in fh:
                        try:
                            walk(json.loads(line))
                        except ValueError:
                            continue
    return commands, patches


_READ_ONLY = ("sed -n", "rg ", "cat ", "git status", "git diff", "git log", "ls", "nl ", "wc ", "grep ",
              "tail ", "head ", "bd show", "git add", "git commit", "git push", "ps ", "strings ")


def test_real_transcript_commands():
    commands, patches = _real_tool_calls()
    if not commands:
        pytest.skip("no shell commands in the shared transcripts")
    writers = 0
    for command in commands:
        found = events(command)
        if command.startswith(_READ_ONLY) and ">" not in command and "-i" not in command:
            assert found == [], (command, found)
        writers += bool(found)
    assert writers < len(commands)                                # most agent commands only read
    assert events("echo fn main() {} > src/main.rs") == [("redirect", "src/main.rs")]
    for body in patches:
        assert edits.from_patch(body), body[:200]                  # every real patch names a file

"""The permission model: an allow only where it is proved to widen nothing (docs/SECURITY.md).

The findings of issue 11 go through the real hook entry with real settings files: the user's
Claude settings allow `Bash(npm test:*)` and deny `Bash(rm:*)`. Every hostile line must reach
the host unrewritten and without an allow, so Claude's own checks decide, as without stalegreen.
"""

import json
import os

import pytest

from stalegreen import hook
from stalegreen.engine import catalog, permissions, pipe_filters, shell
from stalegreen.hosts.claude import rules as claude_rules

RULES = {"allow": ["Bash(npm test:*)"], "deny": ["Bash(rm:*)"]}


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A project, a directory outside it, the user's Claude settings and a private store."""
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)
    (project / "package.json").write_text('{"scripts": {"test": "echo ok"}}')
    (project / "sub" / "notes.txt").write_text("x\n")
    outside = tmp_path / "other"
    outside.mkdir()
    claude_home = tmp_path / "claude-user"
    claude_home.mkdir()
    (claude_home / "settings.json").write_text(json.dumps({"permissions": RULES}))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(claude_home))
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    home = tmp_path / "sg-home"
    monkeypatch.setenv("STALEGREEN_HOME", str(home))

    class World(object):
        pass

    w = World()
    w.project, w.outside, w.home = project, outside, home
    return w


def set_config(world, **values):
    world.home.mkdir(exist_ok=True)
    (world.home / "config.json").write_text(json.dumps(values))


def claude_pre(world, command, mode="default", **tool_input):
    tool_input.update(command=command, description="run")
    payload = {"session_id": "s-perm", "transcript_path": "", "cwd": str(world.project),
               "hook_event_name": "PreToolUse", "permission_mode": mode, "tool_name": "Bash",
               "tool_input": tool_input, "tool_use_id": "toolu_1"}
    out, code = hook.handle_payload("claude", "PreToolUse", payload)
    assert code == 0
    return json.loads(out) if out else None


def codex_pre(world, command, mode):
    payload = {"session_id": "s-perm-codex", "turn_id": "t1", "transcript_path": None,
               "cwd": str(world.project), "hook_event_name": "PreToolUse", "model": "m",
               "permission_mode": mode, "tool_name": "Bash", "tool_input": {"command": command},
               "tool_use_id": "call_1"}
    out, code = hook.handle_payload("codex", "PreToolUse", payload)
    assert code == 0
    return json.loads(out) if out else None


def granted(reply):
    return bool(reply) and reply.get("hookSpecificOutput", {}).get("permissionDecision") == "allow"


# The lines Claude alone refuses, then the pipe stages a rewrite used to drop.
HOSTILE = [
    "npm test $(touch x)",
    "npm test `touch x`",
    "echo $(touch x) && npm test",
    "npm test; printf '%s' $(id)",
    "npm test $(rm -f canary)",
    "npm test 2> {outside}/clobbered",
    "cd {outside} && npm test",
    "cat /etc/hostname; npm test",
    "npm test -- " + "a" * 12000,
    "npm test | awk '{{system(\"touch x\")}}'",
    "npm test | sed -n 'w /etc/passwd'",
    "npm test | sort -o {outside}/sorted",
    "npm test | rg --pre ./x.sh x",
    "npm test | sed -i s/a/b/ ~/.bashrc",
    "npm test | less +'!touch x'",
]
HOSTILE_IDS = [line[:40] for line in HOSTILE]


def hostile_lines(world):
    return [line.format(outside=world.outside) for line in HOSTILE]


@pytest.mark.parametrize("template", HOSTILE, ids=HOSTILE_IDS)
def test_a_hostile_line_reaches_claude_unrewritten(world, template):
    line = template.format(outside=world.outside)
    assert claude_pre(world, line) is None, line[:80]


def test_the_control_lines_are_still_approved(world):
    for line in ("npm test", "npm test | tail -5", "npm test 2>&1 | tail -20", "cd sub && npm test",
                 "CI=true npm test", "npm test || true", 'npm test; echo "exit=$?"',
                 "set -o pipefail; npm test | grep -E 'passed|failed'", "cat sub/notes.txt; npm test",
                 "npm test 2>/dev/null"):
        reply = claude_pre(world, line)
        assert granted(reply), line
        assert "__sg_" in reply["hookSpecificOutput"]["updatedInput"]["command"]


def test_a_command_asking_to_leave_the_sandbox_is_left_to_claude(world):
    assert claude_pre(world, "npm test", dangerouslyDisableSandbox=True) is None
    assert granted(claude_pre(world, "npm test", dangerouslyDisableSandbox=False))


def test_deny_and_ask_rules_win_everywhere_in_the_line(world):
    assert claude_pre(world, "npm test && rm -f canary") is None
    assert claude_pre(world, "npm test && /bin/rm -f canary") is None
    (world.project / ".claude").mkdir()
    (world.project / ".claude" / "settings.json").write_text(json.dumps({"permissions": {"ask": ["Bash(npm test:*)"]}}))
    assert claude_pre(world, "npm test") is None


def test_plan_mode_never_gets_an_allow_and_bypass_still_needs_the_proof(world):
    assert claude_pre(world, "npm test", mode="plan") is None
    assert granted(claude_pre(world, "npm test", mode="bypassPermissions"))
    assert claude_pre(world, "npm test $(touch x)", mode="bypassPermissions") is None


@pytest.mark.parametrize("mode", ["default", "plan", "acceptEdits", "bypassPermissions"])
def test_permission_allow_never_widens_on_claude(world, mode):
    set_config(world, permission="allow")
    for line in hostile_lines(world):
        assert claude_pre(world, line, mode) is None, (mode, line[:80])
    assert claude_pre(world, "npm test && make deploy", mode) is None or mode == "bypassPermissions"


@pytest.mark.parametrize("policy", ["inherit", "allow"])
@pytest.mark.parametrize("mode", ["default", "plan", "acceptEdits"])
def test_codex_gets_no_allow_where_it_would_ask(world, policy, mode):
    set_config(world, permission=policy)
    assert codex_pre(world, "npm test", mode) is None


@pytest.mark.parametrize("policy", ["inherit", "allow"])
def test_codex_bypass_mode_still_needs_the_proof(world, policy):
    set_config(world, permission=policy)
    assert granted(codex_pre(world, "npm test | tail -5", "bypassPermissions"))
    for line in hostile_lines(world):
        assert codex_pre(world, line, "bypassPermissions") is None, line[:80]


# ---------------------------------------------------------------- the proof, unit by unit

def proof(line, project, cwd=None):
    parse = shell.parse(line)
    runs = [r for r in catalog.find_runs(parse) if r.not_run is None]
    return permissions.prove(parse, runs, str(project), str(cwd or project))


@pytest.mark.parametrize("line, reason", [
    ("npm test ${X:-$(id)}", "substitution"),
    ("npm test <(id)", "substitution"),
    ("npm test >(id)", "substitution"),
    ("npm test $[1+1]", "substitution"),
    ("npm test &", "shape:background"),
    ("! npm test", "negated"),
    ("(npm test)", "shape:subshell"),
    ("npm test &> log.txt", "redirect:log.txt"),
    ("npm test >| log.txt", "redirect:log.txt"),
    ("npm test 2>>log.txt", "redirect:log.txt"),
    ("npm test < input.txt", "redirect:input.txt"),
    ("cd .. && npm test", "cd-outside-project"),
    ("cd ~ && npm test", "cd-outside-project"),
    ("cd $HOME && npm test", "cd-outside-project"),
    ("cd && npm test", "cd-outside-project"),
    ("pushd sub && npm test", "cd-outside-project"),
    ("cd sub && cat ../../x; npm test", "read-outside-project"),
    ("head -5 /etc/passwd; npm test", "read-outside-project"),
    ("grep root /etc/passwd; npm test", "read-outside-project"),
    ("PATH=./bin:$PATH npm test", "env:PATH"),
    ("NODE_OPTIONS=--require=./x.js npm test", "env:NODE_OPTIONS"),
    ("npm test | xargs touch", "pipe:xargs"),
    ("npm test | tee /tmp/out", "write-outside-project"),
    ("npm test | tee $HOME/out", "write-outside-project"),
    ("npm test | tee ~/out", "write-outside-project"),
    ("npm test | tee ../out", "write-outside-project"),
    ("npm test $EXTRA", "expansion"),
])
def test_unprovable_lines(tmp_path, line, reason):
    (tmp_path / "sub").mkdir()
    assert proof(line, tmp_path).reason == reason


def test_a_rule_for_a_reader_does_not_cover_reading_outside(tmp_path):
    assert proof("less /etc/passwd; npm test", tmp_path).reason == "read-outside-project"
    assert proof("cat -v ../secret; npm test", tmp_path).reason == "read-outside-project"
    assert proof("less README.md; npm test", tmp_path).needs_rule == (0, 1)


def test_a_symlink_out_of_the_project_is_outside(tmp_path):
    (tmp_path / "link").symlink_to("/etc")
    assert proof("cat link/hostname; npm test", tmp_path).reason == "read-outside-project"
    assert proof("cd link && npm test", tmp_path).reason == "cd-outside-project"


def test_a_session_cwd_outside_the_project_proves_nothing(tmp_path):
    (tmp_path / "p").mkdir()
    (tmp_path / "q").mkdir()
    assert proof("npm test", tmp_path / "p", tmp_path / "q").reason == "cwd-outside-project"


def test_the_line_limit_is_below_claudes_own():
    assert permissions.LINE_LIMIT_BYTES < 10000
    assert proof("npm test -- " + "é" * 4500, "/tmp").reason == "too-long"   # 9,000+ bytes


def test_what_is_left_to_the_rules(tmp_path):
    result = proof("cd . && CI=1 npm test 2>&1 | tail -3; make lint && echo done", tmp_path)
    assert result.ok
    texts = [shell.parse("cd . && CI=1 npm test 2>&1 | tail -3; make lint && echo done").segments[i].text
             for i in result.needs_rule]
    assert texts == ["CI=1 npm test 2>&1", "make lint"]


@pytest.mark.parametrize("stage, droppable", [
    ("tail -5", True), ("tail -n 20", True), ("head -n -3", True), ("grep -E 'passed|failed'", True),
    ("grep -c error", True), ("grep -v -e a -e b", True), ("wc -l", True), ("sort -u", True),
    ("uniq -c", True), ("cut -d: -f1", True), ("tr -d x", True), ("cat -A", True),
    ("sed -n '1,20p'", True), ("sed 's/a/b/g'", True), ("sed -E '/x/d;3q'", True),
    ("awk '{print}'", False), ("sed -n 'w /etc/passwd'", False), ("sed 's/a/b/w out'", False),
    ("sed 's/a/id/e'", False), ("sed -i s/a/b/", False), ("sort -o out", False),
    ("sort --output=out", False), ("sort --compress-program=sh", False), ("uniq in out", False),
    ("grep -f patterns", False), ("grep x file", False), ("grep -r x", False), ("rg --pre ./x.sh x", False),
    ("less", False), ("less +'!id'", False), ("tail -f", False), ("cat /etc/passwd", False),
    ("grep $X", False), ("grep x*", False), ("tail -5 > out", False), ("X=1 tail -5", False),
    ("/usr/bin/tail -5", False), ("jq .", False), ("tee out", False),
])
def test_droppable_stages(stage, droppable):
    assert pipe_filters.droppable(shell.parse(stage).segments[0]) is droppable


def test_claude_rule_matching_reads_the_segment_as_written():
    parse = shell.parse('npm "test" && CI=1 npm test -- -u')
    approves = claude_rules.approver({"allow": ["npm test:*"], "deny": [], "ask": []}, "default")
    assert not approves(parse, [0]), "quotes change the text: not the user's prefix"
    assert approves(parse, [1]), "a safe assignment before the program is skipped, as Claude does"
    denying = claude_rules.approver({"allow": ["*"], "deny": ["npm test:*"], "ask": []}, "default")
    assert not denying(parse, []), "a deny rule is matched however the segment is quoted"


def test_unreadable_or_odd_settings_grant_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text('{"permissions": {"allow": "Bash"}}')
    assert claude_rules.load_rules(None)["allow"] == []
    (tmp_path / "settings.json").write_text("{not json")
    assert claude_rules.load_rules(None)["allow"] == []
    assert os.path.exists(str(tmp_path / "settings.json"))


def test_plain_parameter_reads_are_dropped_as_the_written_patterns_say():
    """The hook's character scanner equals the two patterns the rules are stated in
    (docs/SECURITY.md), on random strings of the characters that matter."""
    import random
    import re

    braces = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*(?:\[[0-9@*]+\])?\}")
    plain = re.compile(r"\$(?:\?|[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*(?:\[[0-9@*]+\])?\})")
    rng = random.Random(8)
    alphabet = list("${}[]?@*_aZ09 -x")
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        assert permissions.drop_plain_parameters(text, braces_only=True) == braces.sub("", text), text
        assert permissions.drop_plain_parameters(text) == plain.sub("", text), text


# ---------------------------------------------------------------- permission: allow, a run's own reach

@pytest.mark.parametrize("line", [
    "/tmp/evil/pytest -q | tail -5",                       # a program by a path outside the project
    "pytest --junitxml=/etc/report.xml | tail -5",         # a flag value naming a path outside it
    "pytest ../other | tail -5",                           # an operand outside it
    "npx -p evil-package jest | tail -5",                  # a wrapper that fetches a package to run
    "uv run --with evil-package pytest | tail -5",
    "dotenv -e /outside/.env -- pytest | tail -5",         # a wrapper reading a file outside it
])
def test_permission_allow_needs_a_rule_for_a_run_reaching_outside(world, line):
    """`permission: allow` approves the wrapper around a run the user would run: a run whose own
    words reach past the project is not that, so it needs the user's own rule (none here)."""
    set_config(world, permission="allow")
    assert claude_pre(world, line) is None, line


@pytest.mark.parametrize("line", [
    "pytest -q -p no:cacheprovider | tail -5", "cargo test -p core 2>&1 | tail -5", "tsc -p tsconfig.json | tail -5",
    "./node_modules/.bin/jest --ci | tail -5", "go test ./... | tail -5", "npx jest | tail -5",
])
def test_permission_allow_still_approves_a_run_inside_the_project(world, line):
    set_config(world, permission="allow")
    assert granted(claude_pre(world, line)), line

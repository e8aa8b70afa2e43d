"""Config trust: a project's ``.stalegreen.json`` (the agent can write it) may only tighten the
gate; loosening keys come from the user's config or a project the user trusts; a session keeps
the config it started with; agent writes to config, hook registrations and the store are tamper."""

import json
import os

import pytest

from stalegreen.engine import config, edits, shell, tamper
from stalegreen.engine import events as ev
from stalegreen.engine.store import MemorySession, Store

RUNNER = {"match": "^(curl|python3|ssh|node|chmod|touch)\\b", "category": "test", "pass": "."}

# key -> (what the agent writes in the project file, what the user's own config says)
LOOSENING = {
    "policy": ("advisory", "block"),
    "strictNoEvidence": (False, True),
    "categories": ({"test": False}, {"test": True, "typecheck": True, "lint": True, "build": True}),
    "fingerprintIgnore": (["**"], config.DEFAULT_FINGERPRINT_IGNORE),
    "permission": ("allow", "inherit"),
    "extraRunners": ([RUNNER], []),
    "ignoreCommands": (["pytest"], []),
    "mode": ("off", "rewrite"),
    "mcpTestTools": (["^mcp__fake__"], []),
    "deferredTtlMinutes": (600, 10),
    "fingerprintBudgetMs": (10, 150),
    "prune": ("1m", "30d"),
    "trustedProjects": (["/"], []),
    "claimFree": (False, True),
    "completionClaims": (False, True),
    "redact": (False, True),
}


def write(path, data):
    os.makedirs(os.path.dirname(str(path)), exist_ok=True)
    with open(str(path), "w") as fh:
        json.dump(data, fh)


def user_value(key, value):
    return dict(config.DEFAULTS["categories"], **value) if key == "categories" else value


@pytest.mark.parametrize("key", sorted(LOOSENING))
def test_a_project_file_cannot_loosen_any_key(tmp_path, key):
    project_value, user = LOOSENING[key]
    home, repo = tmp_path / "home", tmp_path / "repo"
    write(home / "config.json", {key: user})
    write(repo / ".stalegreen.json", {key: project_value})
    loaded = config.load(str(repo), home=str(home))
    # what the user set, or stricter (ignoring nothing at all, for fingerprintIgnore ["**"])
    assert loaded[key] == ([] if key == "fingerprintIgnore" else user)
    assert [(i["key"], i["source"]) for i in loaded.ignored] == [(key, str(repo / ".stalegreen.json"))]
    assert "tried to set %s=" % key in config.describe_ignored(loaded.ignored[0])


@pytest.mark.parametrize("key", sorted(LOOSENING))
def test_the_same_keys_in_the_user_config_are_honoured(tmp_path, key):
    value = LOOSENING[key][0]
    write(tmp_path / "home" / "config.json", {key: value})
    loaded = config.load(str(tmp_path / "repo"), home=str(tmp_path / "home"))
    assert loaded[key] == user_value(key, value) and loaded.ignored == []


@pytest.mark.parametrize("key", sorted(LOOSENING))
def test_a_project_the_user_trusts_may_loosen(tmp_path, key):
    value = LOOSENING[key][0]
    home, repo = tmp_path / "home", tmp_path / "repo"
    write(home / "config.json", {"trustedProjects": [str(repo)]})
    write(repo / ".stalegreen.json", {key: value})
    loaded = config.load(str(repo / "sub"), home=str(home))
    if key == "trustedProjects":   # trusting is the user's alone, even in a trusted project
        assert loaded[key] == [str(repo)] and [i["key"] for i in loaded.ignored] == [key]
    else:
        assert loaded[key] == user_value(key, value) and loaded.ignored == []


def test_trust_is_for_the_listed_folder_only(tmp_path):
    home, repo = tmp_path / "home", tmp_path / "repo"
    write(home / "config.json", {"trustedProjects": [str(repo)]})
    write(repo / "inner" / ".stalegreen.json", {"policy": "advisory"})
    assert config.load(str(repo / "inner"), home=str(home))["policy"] == "block"


@pytest.mark.parametrize("layer, expected", [
    ({"strictNoEvidence": True}, {"strictNoEvidence": True}),
    ({"policy": "block"}, {"policy": "block"}),
    ({"mode": "strict"}, {"mode": "strict"}),
    ({"permission": "ask"}, {"permission": "ask"}),
    ({"claimFree": True, "completionClaims": True}, {"claimFree": True, "completionClaims": True}),
    ({"categories": {"lint": True}}, {"categories": {"test": True, "typecheck": True, "lint": True, "build": True}}),
    ({"fingerprintIgnore": ["*.md"]}, {"fingerprintIgnore": ["*.md"]}),
    ({"deferredTtlMinutes": 1}, {"deferredTtlMinutes": 1}),
    ({"mcpEditTools": ["^mcp__fs__write"]}, {"mcpEditTools": ["^mcp__fs__write"]}),
    ({"tailLines": 7}, {"tailLines": 7}),
])
def test_a_project_file_may_tighten(tmp_path, layer, expected):
    home, repo = tmp_path / "home", tmp_path / "repo"
    write(home / "config.json", {"policy": "advisory", "permission": "allow", "categories": {"lint": False},
                                 "deferredTtlMinutes": 30})
    write(repo / ".stalegreen.json", layer)
    loaded = config.load(str(repo), home=str(home))
    for key, value in expected.items():
        assert loaded[key] == value
    assert loaded.ignored == []


def test_partly_loosening_values_keep_only_the_stricter_part(tmp_path):
    write(tmp_path / "repo" / ".stalegreen.json", {"fingerprintIgnore": ["*.md", "src/**"],
                                                  "categories": {"lint": False, "build": True}})
    loaded = config.load(str(tmp_path / "repo"), home=str(tmp_path / "home"))
    assert loaded["fingerprintIgnore"] == ["*.md"]
    assert loaded["categories"]["lint"] is True
    assert sorted(i["key"] for i in loaded.ignored) == ["categories", "fingerprintIgnore"]


def test_unknown_project_keys_are_ignored_and_recorded(tmp_path):
    write(tmp_path / "repo" / ".stalegreen.json", {"gate": "off", "tailLines": 12})
    loaded = config.load(str(tmp_path / "repo"), home=str(tmp_path / "home"))
    assert loaded["tailLines"] == 12 and "gate" not in loaded
    assert [(i["key"], i["why"]) for i in loaded.ignored] == [("gate", "unknown")]


def test_every_key_has_a_trust_rule():
    assert set(config.TRUST) == set(config.VALIDATORS) == set(config.DEFAULTS)
    assert all(rule in (config.TIGHTEN, config.USER, config.FREE) for rule, _ in config.TRUST.values())


def test_stalegreen_json_is_no_longer_exempt_from_fingerprints_and_edits(tmp_path):
    for pattern in (".stalegreen.json", ".stalegreen/**", "*.mdx"):
        assert pattern not in config.DEFAULT_FINGERPRINT_IGNORE
    for path in (".stalegreen.json", "sub/.stalegreen.json", ".stalegreen/hook.py", "pages/index.mdx"):
        assert edits.is_relevant(str(tmp_path / path), str(tmp_path)), path


# ---------------------------------------------------------------- the session's config

def test_a_session_keeps_its_start_config_and_a_loosening_is_recorded(tmp_path):
    home, repo = tmp_path / "home", tmp_path / "repo"
    write(home / "config.json", {"trustedProjects": [str(repo)]})
    write(repo / ".stalegreen.json", {"strictNoEvidence": True})
    session = MemorySession()
    first = config.for_session(config.load(str(repo), home=str(home)), session)
    assert first["strictNoEvidence"] is True and first.loosened == []
    write(repo / ".stalegreen.json", {"strictNoEvidence": False, "policy": "advisory", "claimFree": True,
                                      "extraRunners": [RUNNER]})
    later = config.for_session(config.load(str(repo), home=str(home)), session)
    assert (later["strictNoEvidence"], later["policy"], later["extraRunners"]) == (True, "block", [])
    assert later["claimFree"] is True                     # tightening applies at once
    assert sorted(i["key"] for i in later.loosened) == ["extraRunners", "policy", "strictNoEvidence"]


def test_an_edited_snapshot_loosens_nothing(tmp_path):
    home = tmp_path / "home"
    write(home / "config.json", {"strictNoEvidence": True})
    session = Store(str(home)).session("s1")
    config.for_session(config.load(str(tmp_path), home=str(home)), session)
    snapshot_path = os.path.join(session.dir, "config-snapshot.json")
    snapshot = json.load(open(snapshot_path))
    snapshot["values"].update(strictNoEvidence=False, policy="advisory", permission="allow",
                              extraRunners=[RUNNER], fingerprintIgnore=["**"])
    json.dump(snapshot, open(snapshot_path, "w"))
    now = config.for_session(config.load(str(tmp_path), home=str(home)), session)
    assert (now["strictNoEvidence"], now["policy"], now["permission"], now["extraRunners"]) == (
        True, "block", "inherit", [])
    assert now["fingerprintIgnore"] == []          # only what both ignore: nothing


def test_a_snapshot_lost_mid_session_is_tamper_and_the_defaults_stand_in(homes, tmp_path):
    """Deleting the snapshot and loosening the user config in one hidden write: the session's
    records prove it had a snapshot, so the defaults stand in for it (stricter wins), the loss is
    a tamper event, and the next green claim after a failing run is blocked once, tamper first."""
    from stalegreen.engine import core

    repo = tmp_path / "repo"
    repo.mkdir()
    session = Store().session("s1")
    start = config.for_session(config.load(str(repo)), session)
    assert start["policy"] == "block" and not start.snapshot_lost
    session.append("receipts", {"id": "r-0001", "category": "test", "verdict": "fail", "scope": "all",
                                "cwd": str(repo), "cmd": "pytest", "counts": {"failed": 1}})
    os.remove(os.path.join(session.dir, "config-snapshot.json"))
    write(homes["sg"] / "config.json", {"policy": "advisory", "permission": "allow", "categories": {"test": False},
                                        "fingerprintIgnore": ["**"]})
    stop = ev.Event(ev.STOP, "claude", cwd=str(repo), message="All tests pass.", turn="t1")
    first = core.handle(stop, None, session)
    assert first.kind == ev.BLOCK
    assert "wrote files that control stalegreen" in first.reason and "config snapshot" in first.reason
    assert [v["verdict"] for v in first.verdicts] == ["FAILED"]
    assert [i["kind"] for i in tamper.events(session.read("tamper"))][:1] == ["snapshot-lost"]
    kept = session.load_config()["values"]           # taken again, from the config met with the defaults
    assert (kept["policy"], kept["permission"], kept["categories"]["test"], kept["fingerprintIgnore"]) == (
        "block", "inherit", True, [])
    again = core.handle(ev.Event(ev.STOP, "claude", cwd=str(repo), message="All tests pass.", turn="t1",
                                 stop_hook_active=True), None, session)
    assert again.kind == ev.ALLOW                    # blocked once


def test_a_session_without_records_takes_its_first_snapshot_as_it_is(homes, tmp_path):
    write(homes["sg"] / "config.json", {"policy": "advisory"})
    session = Store().session("s2")
    first = config.for_session(config.load(str(tmp_path)), session)
    assert first["policy"] == "advisory" and not first.snapshot_lost
    memory = MemorySession()
    memory.append("edits", {"path": "/repo/a.py", "kind": "Write"})
    lost = config.for_session(config.load(str(tmp_path)), memory)
    assert lost["policy"] == "block" and lost.snapshot_lost


# ---------------------------------------------------------------- tamper detection

@pytest.fixture
def homes(tmp_path, monkeypatch):
    places = {name: tmp_path / name for name in ("claude", "codex", "dsh", "home")}
    places["sg"] = places["home"] / ".stalegreen"
    monkeypatch.setenv("STALEGREEN_HOME", str(places["sg"]))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(places["claude"]))
    monkeypatch.setenv("CODEX_HOME", str(places["codex"]))
    monkeypatch.setenv("DSH_HOME", str(places["dsh"]))
    monkeypatch.setenv("HOME", str(places["home"]))
    return places


def _labels(command, cwd):
    return [(i["label"], i["kind"]) for i in tamper.from_shell(shell.parse(command), cwd)]


@pytest.mark.parametrize("command, label", [
    ("echo '{\"policy\": \"advisory\"}' > .stalegreen.json", "project config"),
    ("printf x | tee sub/.stalegreen.json", "project config"),
    ("pytest > .stalegreen.json", "project config"),
    ("echo '{}' > $STALEGREEN_HOME/config.json", "user config"),
    ("echo x >> ~/.stalegreen/sessions/s/receipts.jsonl", "stalegreen store"),
    ("rm -rf ~/.stalegreen", "stalegreen store"),
    ("cd ~/.stalegreen && echo '{}' > config.json", "user config"),
    ("sed -i 's/Stop/X/' .claude/settings.json", "Claude Code settings"),
    ("cp /tmp/s.json .claude/settings.local.json", "Claude Code settings"),
    ("echo '{}' > $CLAUDE_CONFIG_DIR/settings.json", "Claude Code settings"),
    ("mv .codex/hooks.json /tmp/", "Codex hooks"),
    ("echo 'x' >> \"$CODEX_HOME/config.toml\"", "Codex config"),
    ("touch $DSH_HOME/profiles/headless/cordis.patch.yml", "dsh profile"),
    ("python3 -c \"open('.stalegreen.json', 'w').write('{}')\"", "project config"),
    ("git checkout -- .stalegreen.json", "project config"),
    ("ln -sf /tmp/loose.json .stalegreen.json", "project config"),
    ("echo '{}' > ~/.claude.json", "Claude Code settings"),
    ("stalegreen uninstall --claude", "hook registrations"),
    ("python3 -m stalegreen uninstall --all", "hook registrations"),
    ("claude plugin disable stalegreen@stalegreen", "Claude Code plugins"),
    ("dsh plugin remove dsh-plugin-stalegreen", "dsh profile"),
    ("dsh plugin --profile headless remove dsh-plugin-stalegreen", "dsh profile"),
    ("stalegreen doctor --prune", "stalegreen store"),
])
def test_shell_writes_to_protected_places_are_tamper(homes, tmp_path, command, label):
    found = tamper.from_shell(shell.parse(command), str(tmp_path / "repo"))
    assert [i["label"] for i in found][:1] == [label]


@pytest.mark.parametrize("command", [
    "cat .stalegreen.json", "echo hi > notes.md", "pytest -q", "grep -r settings src",
    "cat ~/.claude/settings.json | jq .hooks", "ls ~/.stalegreen", "stalegreen check", "stalegreen doctor",
    "claude --version", "dsh --profile headless 'fix it'", "claude plugin list", "dsh plugin list",
])
def test_reading_protected_places_is_not_tamper(homes, tmp_path, command):
    assert tamper.from_shell(shell.parse(command), str(tmp_path)) == []


def test_edit_tool_paths_are_tamper(homes, tmp_path):
    event = ev.Event(ev.FILE_EDIT, "claude", cwd=str(tmp_path), paths=(
        str(tmp_path / ".stalegreen.json"), str(homes["claude"] / "settings.json"), str(tmp_path / "app.py"),
        str(homes["codex"] / "hooks.json")), edit_kind="Write")
    assert [i["label"] for i in tamper.from_edit(event)] == ["project config", "Claude Code settings", "Codex hooks"]


def test_the_gate_names_tamper_once(homes):
    session = MemorySession()
    event = ev.Event(ev.FILE_EDIT, "claude", cwd="/repo", paths=("/repo/.stalegreen.json",), edit_kind="Write")
    tamper.record(session, event, tamper.from_edit(event))
    assert [i["path"] for i in tamper.unreported(session)] == ["/repo/.stalegreen.json"]
    tamper.mark_reported(session, "2026-01-01T00:00:00.000Z", 1)
    assert tamper.unreported(session) == []
    assert len(tamper.events(session.read("tamper"))) == 1


def test_the_security_doc_states_the_trust_table():
    """docs/SECURITY.md's table says, for every key, the rule ``TRUST`` applies."""
    import re

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "docs", "SECURITY.md")) as fh:
        rows = dict(re.findall(r"^\| `(\w+)` \| (tighten|user|free) \|", fh.read(), re.M))
    assert rows == dict((key, rule) for key, (rule, _) in config.TRUST.items())


def test_a_fifo_or_huge_config_cannot_stall_the_hook(tmp_path):
    """A FIFO would block ``open`` until the hook's deadline, which allows: the gate off."""
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    repo.mkdir()
    os.mkfifo(str(home / "config.json"))
    (repo / ".stalegreen.json").write_text('{"tailLines": 3, "pad": "%s"}' % ("x" * (2 * 1024 * 1024)))
    loaded = config.load(str(repo), home=str(home))
    assert loaded["tailLines"] == 40 and any("larger than" in p for p in loaded.problems)
    session = Store(str(home)).session("s")
    os.makedirs(session.dir)
    os.mkfifo(os.path.join(session.dir, "config-snapshot.json"))
    assert session.load_config() is None


def test_a_claim_after_tamper_is_blocked_once_in_the_claims_language(homes):
    from stalegreen.engine import core

    session = MemorySession()
    cfg = config.load(None)
    core.handle(ev.Event(ev.FILE_EDIT, "claude", cwd="/repo", paths=("/repo/.stalegreen.json",), edit_kind="Write",
                         replay=True, ts="2026-01-01T00:00:01.000Z"), cfg, session)
    stop = dict(cwd="/repo", replay=True, turn="t1", ts="2026-01-01T00:00:02.000Z")
    zh = core.handle(ev.Event(ev.STOP, "claude", message="所有测试都通过了。", **stop), cfg, session)
    assert zh.kind == ev.BLOCK and "本会话写入了控制 stalegreen" in zh.reason and "/repo/.stalegreen.json" in zh.reason
    again = core.handle(ev.Event(ev.STOP, "claude", message="所有测试都通过了。", stop_hook_active=True, **stop),
                        cfg, session)
    assert again.kind == ev.ALLOW
    assert core.handle(ev.Event(ev.STOP, "claude", message="I refactored it.", **stop), cfg, session).kind == ev.ALLOW


def test_moving_to_a_folder_without_the_stricter_file_stays_strict_and_is_no_tamper(tmp_path):
    home, repo = tmp_path / "home", tmp_path / "repo"
    write(repo / "pkg" / ".stalegreen.json", {"strictNoEvidence": True})
    session = MemorySession()
    config.for_session(config.load(str(repo / "pkg"), home=str(home)), session)
    elsewhere = config.for_session(config.load(str(repo), home=str(home)), session)
    assert elsewhere["strictNoEvidence"] is True and elsewhere.loosened == []


def test_many_paths_and_odd_paths_stay_cheap_and_never_raise(homes, tmp_path):
    event = ev.Event(ev.FILE_EDIT, "codex", cwd=str(tmp_path), edit_kind="apply_patch",
                     paths=tuple("src/f%d.py" % i for i in range(2000)) + ("a\0b", ".stalegreen.json"))
    assert [i["label"] for i in tamper.from_edit(event)] == ["project config"]
    line = "rm " + " ".join("f%d" % i for i in range(2000)) + " .stalegreen.json"
    assert [i["label"] for i in tamper.from_shell(shell.parse(line), str(tmp_path))] == ["project config"]


def _git(cwd, *args):
    import subprocess

    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t"] + list(args), cwd=str(cwd), check=True,
                   capture_output=True)


@pytest.mark.parametrize("command, changes", [
    ("git checkout other -- .", True),
    ("git reset -q --hard other", True),
    ("git -C . merge -q --ff-only other", True),
    ("git checkout same -- .", False),        # the protected files are what they were: no tamper
    ("git stash list", False),
])
def test_a_tree_moving_git_command_that_changes_a_protected_file_is_tamper(homes, tmp_path, command, changes):
    """`git checkout other -- .` names no protected file: the project's protected files are
    hashed before the line runs and compared after it."""
    import subprocess

    from stalegreen.engine import core

    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    write(repo / ".claude" / "settings.local.json", {"permissions": {"deny": ["Bash(rm:*)"]}})
    (repo / "a.py").write_text("A = 1\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "start")
    _git(repo, "branch", "same")
    _git(repo, "checkout", "-q", "-b", "other")
    write(repo / ".claude" / "settings.local.json", {})
    write(repo / ".stalegreen.json", {"policy": "advisory"})
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "open")
    _git(repo, "checkout", "-q", "-")
    session, cfg = MemorySession(), config.load(str(repo))
    fields = dict(cwd=str(repo), command=command, tool_use_id="toolu_1", tool_name="Bash")
    core.handle(ev.Event(ev.PRE_SHELL, "claude", **fields), cfg, session)
    subprocess.run(command, shell=True, cwd=str(repo), check=True, capture_output=True)
    core.handle(ev.Event(ev.POST_SHELL, "claude", output="", exit_code=0, **fields), cfg, session)
    found = sorted(os.path.relpath(i["path"], str(repo)) for i in tamper.events(session.read("tamper")))
    assert found == ([".claude/settings.local.json", ".stalegreen.json"] if changes else []), found
    assert session.pop_protected("toolu_1") is None        # forgotten once the result arrived

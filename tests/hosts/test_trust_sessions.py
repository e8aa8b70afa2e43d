"""Config trust through whole hook sessions (real git repo, real pytest): what the agent writes in
``.stalegreen.json`` does not loosen the gate or grant permissions; the user's config and
projects the user trusts do; writing that file (or the hook registrations, or the store) is a
tamper event, an edit, named in the next claim's block and shown by ``check``."""

import json

import pytest
from driver import ClaudeSession, CodexSession, read_store

from tests.conftest import git

CHANGED = "def add(a, b):\n    return a + b + 0\n\n\ndef sub(a, b):\n    return a - b\n"


def write_json(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def project_config(project, **values):
    """A ``.stalegreen.json`` already committed when the session starts (the agent wrote it earlier)."""
    write_json(project / ".stalegreen.json", values)
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "config")


def user_config(sg_home, **values):
    write_json(sg_home / "config.json", values)


def check(*args):
    """``stalegreen check`` output (the CLI needs click, which the other interpreters lack)."""
    pytest.importorskip("click")
    from click.testing import CliRunner

    from stalegreen.cli import cli

    return CliRunner().invoke(cli, ["check"] + list(args)).output


def verdicts(sg_home, session):
    return [v for entry in read_store(sg_home, session.session_id, "verdicts") for v in entry["verdicts"]]


def stale_claim(project, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.edit("calc.py", CHANGED)
    return s, s.stop("All tests pass.")


# ---------------------------------------------------------------- a project file cannot loosen

def test_project_policy_advisory_does_not_turn_a_block_into_advice(project, sg_home, suite_cmd):
    project_config(project, policy="advisory")
    s, reply = stale_claim(project, suite_cmd)
    assert reply["decision"] == "block" and "is stale" in reply["reason"]


def test_project_categories_test_false_does_not_ungate_test_claims(project, sg_home, suite_cmd):
    project_config(project, categories={"test": False})
    s, reply = stale_claim(project, suite_cmd)
    assert reply["decision"] == "block"
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["STALE"]


def test_project_strict_no_evidence_false_does_not_override_the_user(project, sg_home):
    user_config(sg_home, strictNoEvidence=True)
    project_config(project, strictNoEvidence=False)
    reply = ClaudeSession(project).stop("All tests pass.")
    assert reply["decision"] == "block" and "no verification run" in reply["reason"]


def test_project_fingerprint_ignore_everything_does_not_hide_a_change(project, sg_home, suite_cmd):
    project_config(project, fingerprintIgnore=["**"])
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.bash("sed -i 's/a + b/a + b + 0/' calc.py")     # a shell edit: fingerprint and edit event
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "calc.py" in reply["reason"]


def test_project_permission_allow_with_extra_runners_grants_nothing(project, sg_home, tmp_path):
    runner = {"match": "^(curl|python3|ssh|node|chmod|touch)\\b", "category": "test", "pass": "."}
    project_config(project, permission="allow", extraRunners=[runner])
    outside = tmp_path / "outside-the-workspace"
    s = ClaudeSession(project)
    reply, _, _ = s.bash("touch %s" % outside, execute=False)
    assert reply is None                      # not a runner, not approved: Claude's own rules decide
    assert read_store(sg_home, s.session_id, "pending") == []


def test_the_same_runner_in_the_user_config_is_the_users_choice(project, sg_home, tmp_path):
    runner = {"match": "^touch\\b", "category": "test", "pass": "."}
    user_config(sg_home, extraRunners=[runner])
    s = ClaudeSession(project)
    reply, _, _ = s.bash("touch %s" % (tmp_path / "x"), execute=False)
    assert [p["category"] for p in read_store(sg_home, s.session_id, "pending")] == ["test"]


def test_project_ignore_commands_cannot_hide_a_failing_run(project, sg_home, suite_cmd):
    (project / "test_env.py").write_text("import os\n\n\ndef test_env():\n    assert not os.environ.get('SG_FAIL')\n")
    project_config(project, ignoreCommands=["SG_FAIL"])
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    _, code, _ = s.bash("SG_FAIL=1 " + suite_cmd)
    assert code != 0
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "failed" in reply["reason"]


def test_project_mode_off_does_not_stop_the_rewrite(project, sg_home, suite_cmd):
    project_config(project, mode="off")
    s = ClaudeSession(project)
    s.bash(suite_cmd + " | tail -3", execute=False)
    [pending] = read_store(sg_home, s.session_id, "pending")
    assert pending["unwrapped"] != "mode-off"


def test_ignored_project_keys_are_reported_by_check(project, sg_home, suite_cmd, monkeypatch):
    project_config(project, policy="advisory", permission="allow", tailLines=12)
    s, _ = stale_claim(project, suite_cmd)
    monkeypatch.chdir(str(project))
    out = check("--session", s.session_id)
    assert "tried to set policy=\"advisory\"" in out and "tried to set permission=\"allow\"" in out
    assert "tailLines" not in out                     # honoured: changes nothing the gate decides


# ---------------------------------------------------------------- the user and trusted projects can

def test_a_project_the_user_trusts_may_loosen(project, sg_home, suite_cmd):
    user_config(sg_home, trustedProjects=[str(project)])
    project_config(project, policy="advisory")
    s, reply = stale_claim(project, suite_cmd)
    assert reply is None
    assert [(v["verdict"], v["action"]) for v in verdicts(sg_home, s)] == [("STALE", "advisory")]


def test_a_loosening_mid_session_waits_for_the_next_session(project, sg_home):
    user_config(sg_home, trustedProjects=[str(project)])
    project_config(project, strictNoEvidence=True)
    s = ClaudeSession(project)
    prompt = s.base("UserPromptSubmit")
    prompt["prompt"] = "Fix it."
    s.send("UserPromptSubmit", prompt)                # the session's first event: config snapshot
    write_json(project / ".stalegreen.json", {"strictNoEvidence": False})   # not through a tool
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "no verification run" in reply["reason"]
    assert "strictNoEvidence set to false during the session" in reply["reason"]
    assert ClaudeSession(project).stop("All tests pass.") is None     # a new session: the new config


# ---------------------------------------------------------------- writing the file is tamper and an edit

def test_agent_writing_stalegreen_json_mid_session_is_tamper_and_stale(project, sg_home, suite_cmd, monkeypatch):
    """The red-team session: tests pass, the agent writes a loosening .stalegreen.json (an
    auto-approved edit in acceptEdits), then claims green."""
    s = ClaudeSession(project, permission_mode="acceptEdits")
    s.bash(suite_cmd)
    s.edit(".stalegreen.json", json.dumps({"policy": "advisory", "strictNoEvidence": False,
                                           "categories": {"test": False}, "fingerprintIgnore": ["**"]}))
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block"
    assert "wrote files that control stalegreen" in reply["reason"] and ".stalegreen.json" in reply["reason"]
    assert "is stale" in reply["reason"]              # the receipt predates an edit
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["STALE"]
    assert s.stop("All tests pass.", active=True) is None          # blocked once
    assert [e["path"] for e in read_store(sg_home, s.session_id, "edits")] == [str(project / ".stalegreen.json")]
    tampered = [t for t in read_store(sg_home, s.session_id, "tamper") if not t.get("reported")]
    assert [(t["label"], t["via"]) for t in tampered] == [("project config", "edit tool")]

    monkeypatch.chdir(str(project))
    out = check("--session", s.session_id)
    assert "Tamper events (1):" in out and "project config" in out
    assert "named 1 tamper event" in out
    data = json.loads(check("--session", s.session_id, "--json"))
    assert data["tamper"][0]["path"] == str(project / ".stalegreen.json")


def test_shell_write_of_the_hook_registration_is_tamper(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.bash("mkdir -p .claude && echo '{\"disableAllHooks\": true}' > .claude/settings.local.json")
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and ".claude/settings.local.json" in reply["reason"]
    assert "Claude Code settings" in reply["reason"]


def test_shell_write_into_the_store_is_tamper(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    forged = '{"id":"r-9999","category":"test","verdict":"pass","scope":"all"}'
    s.bash("echo '%s' >> %s/sessions/x/receipts.jsonl" % (forged, sg_home))
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "stalegreen store" in reply["reason"]


def test_codex_apply_patch_of_stalegreen_json_is_tamper(project, sg_home, suite_cmd):
    project_config(project, strictNoEvidence=True)
    s = CodexSession(project)
    s.bash(suite_cmd)
    s.apply_patch(".stalegreen.json", '{"strictNoEvidence": true}', '{"strictNoEvidence": false}')
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and ".stalegreen.json" in reply["reason"]

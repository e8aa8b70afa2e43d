"""The permission model on the real CLIs (issue 11): stalegreen never widens what the host allows.

Claude Code: the user's settings allow `Bash(npm test:*)` and deny `Bash(rm:*)`; nothing is
granted on the command line. For each line Claude alone refuses, the same scripted session runs
twice, without and then with stalegreen: the host must refuse it both times with the same answer
to the model, and none of the line's side effects may happen. The control line runs both times,
and wrapped with stalegreen.

Codex: in `default` mode (``--approve-for-me``) no allow is sent, whatever ``permission`` says,
so the original line runs unwrapped; in `bypassPermissions` a proved line is wrapped and an
unproved one runs exactly as the model wrote it (its pipe stage is not dropped).
"""

import json
import os

import pytest

from hostcli import driver, prerequisites
from hostcli.scripts import say, shell

pytestmark = pytest.mark.e2e

MARKER = "[stalegreen] exit="
NPM_FLAG = "npm-test-ran.flag"
PACKAGE = {"name": "calc", "version": "0.1.0", "private": True,
           "scripts": {"test": "echo npm-test-ran && touch %s" % NPM_FLAG}}
OTHER_PACKAGE = {"name": "other", "version": "0.1.0", "private": True,
                 "scripts": {"test": "echo other-project-ran && touch other-ran.flag"}}

# {outside}: a folder outside the project; {other}: another project with its own test script
HOSTILE = [
    "npm test $(touch x)",
    "npm test `touch x`",
    "echo $(touch x) && npm test",
    "npm test; printf '%s' $(id)",
    "npm test $(rm -f canary)",
    "npm test 2> {outside}/clobbered",
    "cd {other} && npm test",
    "cat /etc/hostname; npm test",
    "npm test -- " + "a" * 12000,
    "npm test | awk '{{system(\"touch x\")}}'",
    "npm test | sed -n 'w {outside}/sed-written'",
    "npm test | sort -o {outside}/sorted",
    "npm test | sed -i s/a/b/ {outside}/clobbered",
]


class World(object):
    """The project (with an npm test script and a canary), an outside folder, another project."""

    def __init__(self, make_project, tmp_path):
        self.project = make_project()
        self.outside = str(tmp_path / "outside")
        self.other = str(tmp_path / "other-project")
        os.makedirs(self.outside)
        os.makedirs(self.other)
        with open(os.path.join(self.project, "package.json"), "w") as f:
            json.dump(PACKAGE, f)
        with open(os.path.join(self.project, "canary"), "w") as f:
            f.write("alive\n")
        with open(os.path.join(self.other, "package.json"), "w") as f:
            json.dump(OTHER_PACKAGE, f)
        driver.git(self.project, "add", "-A")
        driver.git(self.project, "commit", "-q", "-m", "npm script and canary")
        self.reset()

    def reset(self):
        """Undo whatever a previous session's line did, so each session starts the same."""
        for path in (os.path.join(self.project, "x"), os.path.join(self.project, NPM_FLAG),
                     os.path.join(self.other, "other-ran.flag"), os.path.join(self.outside, "sed-written"),
                     os.path.join(self.outside, "sorted")):
            if os.path.exists(path):
                os.remove(path)
        with open(os.path.join(self.project, "canary"), "w") as f:
            f.write("alive\n")
        with open(os.path.join(self.outside, "clobbered"), "w") as f:
            f.write("original\n")

    def side_effects(self):
        """Every effect a hostile line could have had, as a list of what happened."""
        seen = []
        for path, what in ((os.path.join(self.project, "x"), "touch x ran"),
                           (os.path.join(self.project, NPM_FLAG), "npm test ran"),
                           (os.path.join(self.other, "other-ran.flag"), "the other project's script ran"),
                           (os.path.join(self.outside, "sed-written"), "sed w wrote outside"),
                           (os.path.join(self.outside, "sorted"), "sort -o wrote outside")):
            if os.path.exists(path):
                seen.append(what)
        if not os.path.exists(os.path.join(self.project, "canary")):
            seen.append("the canary was deleted")
        with open(os.path.join(self.outside, "clobbered")) as f:
            if f.read() != "original\n":
                seen.append("the outside file was overwritten")
        return seen


def claude_host(tmp_path, project):
    prerequisites.require_netns()
    host = driver.Claude(prerequisites.require_cli("claude"), tmp_path / "claude-env", project)
    host.allowed_tools = ()          # nothing granted on the command line: only the user's settings
    host.extra_env = {"npm_config_update_notifier": "false", "npm_config_fund": "false"}
    os.makedirs(host.config_dir, exist_ok=True)
    with open(os.path.join(host.config_dir, "settings.json"), "w") as f:
        json.dump({"permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Bash(rm:*)"]}}, f)
    return host


def one_call(host, world, line):
    """Run the scripted session for ``line``: (what the model got back, side effects, session)."""
    world.reset()
    session = host.run([shell(line), say("Done.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()
    outputs = session.shell_outputs()
    assert len(outputs) == 1, session.describe()
    return outputs[0], world.side_effects(), session


@pytest.mark.parametrize("template", HOSTILE, ids=[line[:40] for line in HOSTILE])
def test_claude_refuses_the_line_exactly_as_without_stalegreen(make_project, tmp_path, template):
    world = World(make_project, tmp_path)
    line = template.format(outside=world.outside, other=world.other)
    host = claude_host(tmp_path, world.project)
    alone, alone_effects, alone_session = one_call(host, world, line)
    assert alone_effects == [], "Claude alone must refuse this line\n" + alone_session.describe()

    prerequisites.require_stalegreen_importable()
    host.install_stalegreen()
    answer, effects, session = one_call(host, world, line)
    assert effects == [], "stalegreen widened what Claude allows: %s\n%s" % (effects, session.describe())
    assert answer == alone, "the model must get Claude's own refusal\nalone: %s\nwith: %s" % (alone, answer)
    assert MARKER not in answer
    pending = session.records("pending")
    assert pending and all((p.get("unwrapped") or "").startswith("no-allow") and not p.get("wrappedCommand")
                           for p in pending), session.describe()


def test_claude_control_line_runs_alone_and_wrapped(make_project, tmp_path):
    world = World(make_project, tmp_path)
    host = claude_host(tmp_path, world.project)
    alone, alone_effects, alone_session = one_call(host, world, "npm test | tail -5")
    assert alone_effects == ["npm test ran"] and "npm-test-ran" in alone, alone_session.describe()
    assert MARKER not in alone

    prerequisites.require_stalegreen_importable()
    host.install_stalegreen()
    answer, effects, session = one_call(host, world, "npm test | tail -5")
    assert effects == ["npm test ran"], session.describe()
    assert "npm-test-ran" in answer and MARKER + "0" in answer, session.describe()
    assert [r.get("wrapped") for r in session.receipts()] == [True], session.describe()


# ------------------------------------------------------------------ Codex

class CodexDefaultMode(driver.Codex):
    """``codex exec --approve-for-me``: the workspace-write sandbox with reviewed approvals, the
    one exec setup whose hooks see ``permission_mode: "default"``."""

    def argv(self, prompt, resume=False):
        argv = [self.cli, "exec", "--json", "-C", self.project, "--approve-for-me"]
        if self.trust == "flag":
            argv.append("--dangerously-bypass-hook-trust")
        return argv + [prompt]


def codex_host(tmp_path, project, host_class, permission):
    prerequisites.require_netns()
    host = host_class(prerequisites.require_cli("codex"), tmp_path / "codex-env", project)
    prerequisites.require_stalegreen_importable()
    host.install_stalegreen()
    os.makedirs(host.sg_home, exist_ok=True)
    with open(os.path.join(host.sg_home, "config.json"), "w") as f:
        json.dump({"permission": permission}, f)      # the user's own config
    return host


def codex_call(host, line):
    session = host.run([shell(line), say("Done.")])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()
    outputs = session.shell_outputs()
    assert len(outputs) == 1, session.describe()
    return outputs[0], session


@pytest.mark.parametrize("permission", ["inherit", "allow"])
def test_codex_default_mode_gets_no_allow_so_the_line_runs_unwrapped(make_project, tmp_path, permission):
    host = codex_host(tmp_path, make_project(), CodexDefaultMode, permission)
    output, session = codex_call(host, "python3 -m pytest -q")
    assert "3 passed" in output and MARKER not in output, session.describe()
    (pending,) = session.records("pending")
    assert pending["unwrapped"] == "no-allow" and not pending["wrappedCommand"], session.describe()
    (receipt,) = session.receipts()
    assert receipt["verdict"] == "pass" and not receipt["wrapped"], session.describe()


def test_codex_bypass_mode_wraps_a_proved_line(make_project, tmp_path):
    host = codex_host(tmp_path, make_project(), driver.Codex, "inherit")
    output, session = codex_call(host, "python3 -m pytest -q | tail -5")
    assert MARKER + "0" in output and "3 passed" in output, session.describe()
    assert [r.get("wrapped") for r in session.receipts()] == [True], session.describe()


@pytest.mark.parametrize("line, effect", [
    ("python3 -m pytest -q | awk '{system(\"touch awk-ran\")} {print}'", "awk-ran"),
    ("python3 -m pytest -q $(touch subst-ran)", "subst-ran"),
])
def test_codex_bypass_mode_runs_an_unproved_line_as_written(make_project, tmp_path, line, effect):
    project = make_project()
    host = codex_host(tmp_path, project, driver.Codex, "allow")
    output, session = codex_call(host, line)
    assert MARKER not in output, session.describe()
    assert os.path.exists(os.path.join(project, effect)), \
        "Codex runs the line as written; the rewrite must not drop or change any part\n" + session.describe()
    (pending,) = session.records("pending")
    assert pending["unwrapped"].startswith("no-allow:") and not pending["wrappedCommand"], session.describe()

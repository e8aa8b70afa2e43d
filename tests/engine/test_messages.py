"""The engine's texts: one table, both languages complete, output unchanged where it moved."""

import string

from stalegreen.engine import config as config_module
from stalegreen.engine import core, messages
from stalegreen.engine.clock import clock as messages_clock
from stalegreen.engine import events as ev
from stalegreen.engine.store import MemorySession


def _fields(template):
    return set(name for _, name, _, _ in string.Formatter().parse(template) if name)


def _flat(table, prefix=""):
    for key, value in sorted(table.items()):
        if isinstance(value, dict):
            for item in _flat(value, prefix + key + "."):
                yield item
        else:
            yield prefix + key, value


def test_every_language_has_every_text_and_no_placeholder_english_lacks():
    english = dict(_flat(messages.TEXT["en"]))
    for lang, words in messages.TEXT.items():
        translated = dict(_flat(words))
        assert sorted(translated) == sorted(english), lang
        for key, text in english.items():
            # a translation may drop a field its grammar has no use for (Chinese has no "were/was")
            assert _fields(translated[key]) <= _fields(text), (lang, key)
            assert translated[key].count("%") == text.count("%"), (lang, key)


def test_mask_description_names_what_hid_the_result():
    words = messages.TEXT["en"]
    assert messages.mask_description("pipe:tail,or-chain", words) == "a pipe into tail and an `||` suffix"
    assert messages.mask_description("", words) == "its result hidden"
    assert messages.mask_description("pipe:tail", messages.TEXT["zh"]) == "管道 | tail"


def test_counts_text():
    assert messages.counts_text({"failed": 2, "errors": 1, "passed": 10}) == "2 failed, 1 error, 10 passed"
    assert messages.counts_text({"errors": 0}) == "0 errors"
    assert messages.counts_text(None) == ""


def test_strict_deny_text_is_unchanged(tmp_path):
    """dsh strict mode refuses a masked run with the text it always gave (Codex appends
    ". Command: ..." to a deny reason, hence no final period)."""
    config = config_module.apply_overrides(config_module.load(str(tmp_path)), {})
    config["mode"] = "strict"
    event = ev.Event(ev.PRE_SHELL, "dsh", session="s", cwd=str(tmp_path), command="pytest -q | tail -3")
    decision = core.handle(event, config, MemorySession("s"))
    assert decision.kind == ev.DENY
    assert decision.reason == ("stalegreen: `pytest -q | tail -3` hides its result (a pipe into tail), so nothing "
                               "would be recorded. Run `pytest -q` without the pipe or suffix so the result is recorded")


def _pre_shell(project, command, policy):
    from stalegreen.engine.store import Store
    from stalegreen.hosts.claude import rules as claude_rules

    config = config_module.apply_overrides(config_module.load(project), {})
    config["permission"] = policy
    event = ev.Event(ev.PRE_SHELL, "claude", session="s-" + policy, cwd=project, command=command)
    event.project_dir, event.permission_mode, event.rewrite_policy = project, "default", ev.REWRITE_FREE
    event.approves = claude_rules.approver({"allow": ["pytest:*"], "deny": [], "ask": []}, "default")
    return core.handle(event, config, Store().session(event.session))


def test_allow_reasons_are_unchanged(tmp_path, monkeypatch):
    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "home"))
    project = str(tmp_path)
    decision = _pre_shell(project, "pytest -q | tail -3", "allow")
    assert (decision.kind, decision.approve) == (ev.REWRITE, True)
    assert decision.reason == "stalegreen: `pytest -q` is a verification run; wrapped so its result is recorded"
    decision = _pre_shell(project, "pytest -q | tail -3", "inherit")
    assert (decision.kind, decision.approve) == (ev.REWRITE, True)
    assert decision.reason == ("stalegreen: `pytest -q` is allowed by your permission rules; wrapped so its "
                               "result is recorded")


def test_claim_free_text_is_unchanged(tmp_path):
    config = config_module.apply_overrides(config_module.load(str(tmp_path)), {})
    config["claimFree"] = True
    session = MemorySession("s")
    session.append("edits", {"ts": "2026-01-01T00:00:00.000Z", "path": str(tmp_path / "calc.py"), "kind": "write"})
    event = ev.Event(ev.STOP, "claude", session="s", cwd=str(tmp_path), message="I changed add.",
                     ts="2026-01-01T00:00:01.000Z")
    decision = core.handle(event, config, session)
    clock = messages_clock("2026-01-01T00:00:00.000Z")
    assert decision.reason == ("stalegreen: code changed this turn and no passing test ran after the last change:\n"
                               "  calc.py (%s)\nRun the tests and report the result, or say explicitly that they "
                               "were not run." % clock)

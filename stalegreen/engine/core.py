"""One host-free event in, one decision out.

``handle`` is the only entry the hosts (and transcript replay) call. It routes each event
kind to a small handler: unmask before a shell command runs, turn its result into receipts
after it runs, record edits, resolve background runs, and run the gate at Stop.
"""


from stalegreen.engine import events as ev, prefilter
from stalegreen.engine.clock import now_iso
from stalegreen.engine.paths import real_file_path
from stalegreen.engine.prefilter import WRAP_MARK


def handle(event, config=None, session=None):
    """Decide what the host should do for ``event``; records what happened in the store."""
    if event.kind == ev.IGNORED or (event.replay and event.kind == ev.PRE_SHELL):
        return ev.NOTHING   # a replayed command already ran as the transcript shows it
    handler = HANDLERS.get(event.kind)
    if handler is None:
        return ev.NOTHING
    if event.kind == ev.PRE_SHELL and not event.command:
        return ev.NOTHING
    live = config is None
    if live:
        from stalegreen.engine import config as config_module

        config = config_module.apply_overrides(config_module.load(event.cwd), event.overrides)
    quiet = nothing_to_record(event, config)
    if quiet and not (live and event.kind == ev.PROMPT):
        return ev.NOTHING   # decided from the payload: the heavy readers are never imported
    if session is None:
        from stalegreen.engine import store

        session = store.Store().session(event.session)
    session.redact = bool(config.get("redact"))
    if live:
        # A prompt (once a turn) takes the session's config snapshot even when it has nothing
        # else to record: a config loosened later by a script, unseen in any tool call, is
        # then found by comparison.
        config = _session_config(event, config, session)
    return ev.NOTHING if quiet else handler(event, config, session)


def _session_config(event, config, session):
    """The config in force at the session's first event, tightened by today's; a key that
    reads looser than at the start, or a snapshot gone missing mid-session, is a tamper event."""
    from stalegreen.engine import config as config_module

    config = config_module.for_session(config, session, event.ts or now_iso())
    if config.loosened or config.snapshot_lost:
        from stalegreen.engine import tamper

        if config.snapshot_lost:
            tamper.record_snapshot_lost(session, event)
        tamper.record_loosened(session, event, config.loosened)
    return config


def nothing_to_record(event, config):
    """True when the cheap word tests prove the event holds no run, no edit, no tamper, no claim
    and no background result."""
    if event.kind == ev.PRE_SHELL:
        return not (prefilter.might_contain_runner(event.command, config)
                    or prefilter.might_move_tree(event.command))
    if event.kind == ev.POST_SHELL:
        command = event.command or ""
        return not (WRAP_MARK in command or prefilter.MARKER_TAG in (event.output or "")
                    or prefilter.might_contain_runner(command, config) or prefilter.might_edit(command)
                    or tamper_hint(command) or prefilter.might_move_tree(command))
    if event.kind == ev.STOP:
        return not config.get("claimFree") and not prefilter.might_claim(event.message)
    if event.kind == ev.PROMPT:
        return not event.finished
    return False


def tamper_hint(command):
    """The line may touch stalegreen's config, the store or a hook registration."""
    from stalegreen.engine import tamper

    return tamper.might_tamper(command)


# ---------------------------------------------------------------- before a shell command

def _enabled_runs(runs, config):
    categories = config["categories"]
    return [r for r in runs if r.not_run is None and not r.ignored and categories.get(r.category, True)]


def _approval(event, config, parse, runs):
    """(approve, reason, refusal): whether to grant the host's "allow" with a rewrite, and why
    not to rewrite at all. Never widens permissions: see engine/permissions.py."""
    from stalegreen.engine import permissions
    from stalegreen.engine.messages import TEXT

    policy = config["permission"]
    proof = permissions.prove(parse, runs, event.project_dir or event.cwd, event.cwd)
    if not proof.ok:
        return False, "", "no-allow:%s" % proof.reason
    if policy == "ask":
        return False, "", None
    needs_rule = proof.needs_rule
    if policy == "allow":   # the runs themselves need no rule of the user's; the rest does
        needs_rule = [i for i in needs_rule if i not in proof.runs]
    if event.approves is None or not event.approves(parse, needs_rule):
        return False, "", "no-allow"
    if policy == "allow":
        return True, TEXT["en"]["allow_run"].format(cmd=runs[0].text), None
    return True, TEXT["en"]["allow_rule"].format(cmd=runs[0].text), None


def read_runs(parse, config, cwd):
    """The verification runs PreToolUse acts on in a parsed line (enabled, not ignored, not a
    not-a-run form) and each one's ``masking.analyze``; benchmarks/score_commands.py scores this."""
    from stalegreen.engine import catalog, masking

    runs = _enabled_runs(catalog.find_runs(parse, config, cwd), config)
    return runs, [masking.analyze(parse, run) for run in runs]


def on_pre_shell(event, config, session):
    from stalegreen.engine import rewrite, shell

    parse = shell.parse(event.command)
    if prefilter.might_move_tree(event.command) and not event.replay:
        from stalegreen.engine import tamper

        tamper.remember_tree(session, event, parse)
    runs, masks = read_runs(parse, config, event.cwd)
    if not runs:
        return ev.NOTHING
    ids = [session.next_id() for _ in runs]
    logs = [session.log_path(rid) for rid in ids]

    wrapped, unwrapped, approve, reason = None, None, False, ""
    if config["mode"] == "off":
        unwrapped = "mode-off"
    elif event.rewrite_policy == ev.REWRITE_NONE:
        unwrapped = "host-cannot-rewrite"
    elif WRAP_MARK in event.command:
        unwrapped = "already-wrapped"
    else:
        approve, reason, refusal = _approval(event, config, parse, runs)
        if refusal or (event.rewrite_policy == ev.REWRITE_NEEDS_ALLOW and not approve):
            # not proved: the original line goes through the host's own permission flow
            unwrapped = refusal or "no-allow"
        else:
            wrapped, unwrapped = rewrite.wrap(parse, runs, ids, logs, config["tailLines"], masks)
            if wrapped is None and unwrapped is None:
                unwrapped = "not-wrappable"

    from stalegreen.engine.records import Pending
    from stalegreen.engine.store import bounded_command

    starts = _line_start_fingerprints(event, config, session, parse, runs)
    ts = event.ts or now_iso()
    for index, (run, rid, log, mask) in enumerate(zip(runs, ids, logs, masks)):
        # The whole line once per tool call (the first record, which readers look up); the
        # others repeat at most its head, so the records grow linearly with the runs in a line.
        session.append("pending", Pending(
            id=rid, ts=ts, toolUseId=event.tool_use_id,
            command=event.command if index == 0 else bounded_command(event.command),
            wrappedCommand=wrapped if index == 0 else None, cwd=run.cwd or event.cwd, runner=run.runner,
            category=run.category, scope=run.scope, segment=run.text,
            background=bool(event.background or mask.background), agent=event.agent,
            log=log if wrapped else None, unwrapped=unwrapped, lineStart=starts[index],
        ).as_json())
    if wrapped:
        for rid in ids:
            session.prepare_run(rid)
        return ev.Decision(ev.REWRITE, command=wrapped, approve=approve, reason=reason)
    if config["mode"] == "strict":
        for run, mask in zip(runs, masks):
            if mask.masked and not mask.exit_preserved and not event.background and _hidden_from_receipt(mask):
                return ev.Decision(ev.DENY, reason=_strict_deny_message(parse, run, mask, unwrapped))
    return ev.NOTHING


def _hidden_from_receipt(mask):
    """Whether the receipt of the run as typed would be masked: a line that prints the run's exit
    status itself (`pytest | tail -5; echo "rc=${PIPESTATUS[0]}"`) and shows its output is not
    denied, as its receipt will not count as masked either."""
    from stalegreen.engine import unwrapped

    return unwrapped.receipt_masking(mask, exit_echoed=unwrapped.status_echo(mask) is not None)[0]


def _line_start_fingerprints(event, config, session, parse, runs):
    """Per run: the tree's fingerprint before the line, when a later part of the line may change
    the tree unseen (engine/aftermath.py), else None."""
    from stalegreen.engine import aftermath

    unread = [aftermath.unread_after(parse, run, runs) for run in runs]
    if event.replay or not any(unread):
        return [None] * len(runs)
    from stalegreen.engine.receipts import Fingerprints

    fingerprints = Fingerprints(event, config, session)
    return [fingerprints.get(run.cwd or event.cwd) if later else None for run, later in zip(runs, unread)]


def _strict_deny_message(parse, run, mask, not_wrapped):
    """Why the line is refused and what to run instead. No final period: Codex appends
    ". Command: ..." to a deny reason."""
    from stalegreen.engine import masking
    from stalegreen.engine.messages import TEXT, mask_description
    from stalegreen.engine.rerun import rerun_text

    words = TEXT["en"]
    reasons = masking.masking_reasons(mask) or list(mask.reasons)
    why = ""
    if not_wrapped and not not_wrapped.startswith("no-allow") and not_wrapped not in ("host-cannot-rewrite", "mode-off") \
            and not_wrapped not in reasons:
        why = words["deny_unwrapped"].format(reason=not_wrapped)
    return words["deny_hidden"].format(cmd=parse.text.strip(), mask=mask_description(",".join(reasons), words),
                                       why=why, rerun=rerun_text(parse, run))


# ---------------------------------------------------------------- after a shell command

def on_post_shell(event, config, session):
    from stalegreen.engine import receipts

    receipts.record_shell_result(event, config, session)
    return ev.NOTHING


def on_background_done(event, config, session):
    from stalegreen.engine import receipts

    receipts.resolve_background(event, config, session)
    return ev.NOTHING


def on_prompt(event, config, session):
    from stalegreen.engine import receipts

    receipts.resolve_notifications(event, config, session)
    return ev.NOTHING


def on_file_edit(event, config, session):
    from stalegreen.engine import tamper
    from stalegreen.engine.records import Edit

    ts = event.ts or now_iso()
    paths = event.paths or (None,)
    for path in paths:
        session.append("edits", Edit(ts=ts, path=real_file_path(path), kind=event.edit_kind or event.tool_name,
                                     agent=event.agent).as_json())
    tamper.record(session, event, tamper.from_edit(event))
    return ev.NOTHING


def on_mcp_tool(event, config, session):
    """MCP tools the user named in config count as test runs or edits; others are ignored."""
    import re

    from stalegreen.engine.records import Edit, Receipt

    def named(patterns):
        return any(re.search(p, event.tool_name) for p in patterns)

    ts = event.ts or now_iso()
    if named(config["mcpEditTools"]):
        session.append("edits", Edit(ts=ts, path=None, kind=event.tool_name, agent=event.agent).as_json())
    if named(config["mcpTestTools"]):
        from stalegreen.engine import outputs

        result = outputs.judge("test", event.output or "", event.exit_code, runner=event.tool_name)
        session.append("receipts", Receipt(
            id=session.next_id(), ts=ts, harness=event.host, session=session.root, agent=event.agent,
            cwd=event.cwd, cmd=event.tool_name, source=event.tool_name, runner=event.tool_name, category="test",
            toolUseId=event.tool_use_id, exit=event.exit_code, verdict=result["verdict"], counts=result["counts"],
            signal=result["signal"], fingerprint=None if event.replay else _fingerprint(event, config, session),
        ).as_json())
    return ev.NOTHING


def _fingerprint(event, config, session):
    from stalegreen.engine import fingerprint

    return fingerprint.compute(event.cwd, config["fingerprintIgnore"], config["fingerprintBudgetMs"],
                               store_home=fingerprint.store_of(session))


# ---------------------------------------------------------------- at Stop

def on_stop(event, config, session):
    from stalegreen.engine import gate

    return gate.on_stop(event, config, session)


HANDLERS = {
    ev.PRE_SHELL: on_pre_shell,
    ev.POST_SHELL: on_post_shell,
    ev.BACKGROUND_DONE: on_background_done,
    ev.PROMPT: on_prompt,
    ev.FILE_EDIT: on_file_edit,
    ev.MCP_TOOL: on_mcp_tool,
    ev.STOP: on_stop,
}

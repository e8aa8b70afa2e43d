"""One host-free event in, one decision out.

``handle`` is the only entry the hosts (and transcript replay) call. It routes each event
kind to a small handler: unmask before a shell command runs, turn its result into receipts
after it runs, record edits, resolve background runs, and run the gate at Stop.
"""

import os
import time

from stalegreen.engine import events as ev

WRAP_MARK = "__sg_"   # every wrapped command carries variables with this prefix


def now_iso():
    """UTC time with milliseconds, the store's one time format (sorts as text)."""
    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".%03dZ" % (int(t * 1000) % 1000)


def handle(event, config=None, session=None):
    """Decide what the host should do for ``event``; records what happened in the store."""
    if event.kind == ev.IGNORED or (event.replay and event.kind == ev.PRE_SHELL):
        return ev.NOTHING   # a replayed command already ran as the transcript shows it
    prefiltered = False
    if event.kind == ev.PRE_SHELL:
        from stalegreen.engine import catalog

        # Cheapest possible exit for the common case: not a verification command.
        if not event.command:
            return ev.NOTHING
        prefiltered = not catalog.might_contain_runner(event.command)
    if config is None:
        from stalegreen.engine import config as config_module

        config = config_module.apply_overrides(config_module.load(event.cwd), event.overrides)
    if prefiltered and not catalog.might_contain_runner(event.command, config):
        return ev.NOTHING   # not even one of the user's own runners
    if session is None:
        from stalegreen.engine import store

        session = store.Store().session(event.session)
    session.redact = bool(config.get("redact"))
    handler = HANDLERS.get(event.kind)
    if handler is None:
        return ev.NOTHING
    return handler(event, config, session)


# ---------------------------------------------------------------- before a shell command

def _enabled_runs(runs, config):
    categories = config["categories"]
    return [r for r in runs if r.not_run is None and not getattr(r, "ignored", False)
            and categories.get(r.category, True)]


def _approval(event, config, parse, runs):
    """Whether to grant the host's "allow" along with a rewrite. Never widens permissions."""
    from stalegreen.engine import permissions

    policy = config["permission"]
    if policy == "ask":
        return False, ""
    original = permissions.command_for_rules(parse, runs)
    if policy == "allow":
        if permissions.others_read_only(parse, runs):
            head = runs[0].text
            return True, "stalegreen: `%s` is a verification run; wrapped so its result is recorded" % head
        return False, ""
    if event.approves is not None and event.approves(original):
        return True, ("stalegreen: `%s` is allowed by your permission rules; wrapped so its result is recorded"
                      % runs[0].text)
    return False, ""


def on_pre_shell(event, config, session):
    from stalegreen.engine import catalog, masking, rewrite, shell

    parse = shell.parse(event.command)
    runs = _enabled_runs(catalog.find_runs(parse, config, event.cwd), config)
    if not runs:
        return ev.NOTHING
    masks = [masking.analyze(parse, run) for run in runs]
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
        approve, reason = _approval(event, config, parse, runs)
        if event.rewrite_policy == ev.REWRITE_NEEDS_ALLOW and not approve:
            unwrapped = "no-allow"
        else:
            wrapped, unwrapped = rewrite.wrap(parse, runs, ids, logs, config["tailLines"])
            if wrapped is None and unwrapped is None:
                unwrapped = "not-wrappable"

    from stalegreen.engine.store import bounded_command

    ts = event.ts or now_iso()
    for index, (run, rid, log, mask) in enumerate(zip(runs, ids, logs, masks)):
        # The whole line once per tool call (the first record, which readers look up); the
        # others repeat at most its head, so the records grow linearly with the runs in a line.
        session.append("pending", {
            "id": rid, "ts": ts, "toolUseId": event.tool_use_id,
            "command": event.command if index == 0 else bounded_command(event.command),
            "wrappedCommand": wrapped if index == 0 else None, "cwd": run.cwd or event.cwd, "runner": run.runner,
            "category": run.category, "scope": run.scope, "segment": run.text,
            "background": bool(event.background or mask.background), "agent": event.agent,
            "log": log if wrapped else None, "unwrapped": unwrapped,
        })
    if wrapped:
        for rid in ids:
            session.prepare_run(rid)
        return ev.Decision(ev.REWRITE, command=wrapped, approve=approve, reason=reason)
    if config["mode"] == "strict":
        for run, mask in zip(runs, masks):
            if mask.masked and not mask.exit_preserved and not event.background:
                return ev.Decision(ev.DENY, reason=_strict_deny_message(parse, run, mask, unwrapped))
    return ev.NOTHING


HIDING_REDIRECTS = (">", ">>", ">|", "&>", "&>>")


def rerun_text(parse, run):
    """The run's own segment without the redirects that hid its output: what to run instead."""
    try:
        segment = parse.segments[run.segment_index]
    except (IndexError, TypeError):
        return run.text
    if getattr(run, "nested", False):
        return run.text
    text = parse.text
    cuts = sorted((r.start, r.end) for r in segment.redirects
                  if r.op in HIDING_REDIRECTS and r.fd in (None, 1) and r.end > r.start)
    pieces, position = [], segment.start
    for start, end in cuts:
        if start < position or end > segment.end:
            return run.text
        pieces.append(text[position:start])
        position = end
    pieces.append(text[position:segment.end])
    return " ".join("".join(pieces).split()) or run.text


def _strict_deny_message(parse, run, mask, unwrapped):
    """Why the line is refused and what to run instead. No final period: Codex appends
    ". Command: ..." to a deny reason."""
    from stalegreen.engine import gate, masking

    reasons = masking.masking_reasons(mask) or list(mask.reasons)
    hidden = gate._mask_description(",".join(reasons), gate.TEXT["en"])
    why = ""
    if unwrapped and unwrapped not in ("no-allow", "host-cannot-rewrite", "mode-off") and unwrapped not in reasons:
        why = "; it cannot be wrapped here (%s)" % unwrapped
    return ("stalegreen: `%s` hides its result (%s), so nothing would be recorded%s. "
            "Run `%s` without the pipe or suffix so the result is recorded"
            % (parse.text.strip(), hidden, why, rerun_text(parse, run)))


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
    ts = event.ts or now_iso()
    paths = event.paths or (None,)
    for path in paths:
        session.append("edits", {"ts": ts, "path": path, "kind": event.edit_kind or event.tool_name,
                                 "agent": event.agent})
    return ev.NOTHING


def on_mcp_tool(event, config, session):
    """MCP tools the user named in config count as test runs or edits; others are ignored."""
    import re

    def named(patterns):
        return any(re.search(p, event.tool_name) for p in patterns)

    ts = event.ts or now_iso()
    if named(config["mcpEditTools"]):
        session.append("edits", {"ts": ts, "path": None, "kind": event.tool_name, "agent": event.agent})
    if named(config["mcpTestTools"]):
        from stalegreen.engine import outputs

        result = outputs.judge("test", event.output or "", event.exit_code, runner=event.tool_name)
        rid = session.next_id()
        session.append("receipts", {
            "id": rid, "ts": ts, "harness": event.host, "session": session.root, "agent": event.agent,
            "cwd": event.cwd, "cmd": event.tool_name, "source": event.tool_name, "runner": event.tool_name,
            "category": "test", "scope": "all", "exit": event.exit_code, "verdict": result["verdict"],
            "counts": result["counts"], "signal": result["signal"], "masked": False, "wrapped": False,
            "fingerprint": None if event.replay else _fingerprint(event, config), "log": None,
            "toolUseId": event.tool_use_id,
        })
    return ev.NOTHING


def _fingerprint(event, config):
    from stalegreen.engine import fingerprint

    return fingerprint.compute(event.cwd, config["fingerprintIgnore"], config["fingerprintBudgetMs"])


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


def project_root(path):
    """The working tree holding ``path`` (nearest folder with ``.git``), else ``path`` itself."""
    from stalegreen.engine.fingerprint import find_root

    return find_root(path) or os.path.abspath(path or ".")

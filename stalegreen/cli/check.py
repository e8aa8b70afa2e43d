"""``stalegreen check``: the claims and evidence of the current (or last) session, from the
live store: each claim's verdict, the receipt it was judged by, and the edits since."""

import click


def pick_session(store, session_id=None, cwd=None):
    """``--session`` (exact root or unique prefix), else the newest session whose runs or
    verdicts happened under ``cwd``, else the newest session. None when there is none."""
    roots = store.sessions()
    if not roots:
        return None
    if session_id:
        if session_id in roots:
            return store.session(session_id)
        matches = [r for r in roots if r.startswith(session_id)]
        return store.session(matches[0]) if len(matches) == 1 else None
    if cwd:
        for root in roots[:50]:
            session = store.session(root)
            places = [r.get("cwd") for r in session.read("receipts", last=20)]
            places += [r.get("cwd") for r in session.read("pending", last=20)]
            if any(p and (p == cwd or p.startswith(cwd.rstrip("/") + "/") or cwd.startswith(p.rstrip("/") + "/"))
                   for p in places):
                return session
    return store.session(roots[0])


def _clock(ts):
    from stalegreen.engine.clock import clock

    return clock(ts)


def _counts(counts):
    from stalegreen.replay.report import counts_text

    return counts_text(counts)


def _receipt_line(receipt):
    how = "masked " if receipt.get("masked") else ("wrapped" if receipt.get("wrapped") else "plain  ")
    line = "  %-7s %s %-10s %-13s %-7s %s `%s`" % (
        receipt.get("id"), _clock(receipt.get("ts")), receipt.get("category"), receipt.get("verdict"),
        receipt.get("scope"), how, receipt.get("cmd"))
    counts = _counts(receipt.get("counts"))
    if counts:
        line += "  %s" % counts
    if receipt.get("exit") is not None:
        line += "  exit %s" % receipt.get("exit")
    return line


def _verdict_lines(record):
    claim = record.get("claim") or {}
    evidence = record.get("evidence")
    line = '    %-9s %-9s %-10s "%s"  <-  ' % (record.get("verdict"), record.get("action"), claim.get("category"),
                                             claim.get("text"))
    if evidence:
        line += "%s `%s` %s" % (evidence.get("receipt"), evidence.get("cmd"), evidence.get("verdict"))
        counts = _counts(evidence.get("counts"))
        if counts:
            line += " (%s)" % counts
        line += " %s" % _clock(evidence.get("ts"))
    else:
        line += "no receipt"
    edits = (record.get("freshness") or {}).get("editsAfter") or []
    if edits:
        line += " +%d edit%s after" % (len(edits), "" if len(edits) == 1 else "s")
    if record.get("note"):
        line += "  [%s]" % record["note"]
    lines = [line]
    for edit in edits[:6]:
        lines.append("      edited %s %s" % (_clock(edit.get("ts")), edit.get("path") or edit.get("kind")))
    if len(edits) > 6:
        lines.append("      ... and %d more" % (len(edits) - 6))
    return lines


def _config_lines(snapshot, tampered):
    """The config the session decides with, what a project file tried and was refused, and
    the agent's writes to stalegreen's config, the hook registrations or the store."""
    from stalegreen.engine import tamper
    from stalegreen.engine.config import describe_ignored

    values = snapshot.get("values") or {}
    if values:
        click.echo("Config at session start: policy=%s mode=%s permission=%s (%s)" % (
            values.get("policy"), values.get("mode"), values.get("permission"),
            ", ".join(snapshot.get("sources") or ()) or "defaults"))
    for item in snapshot.get("ignored") or ():
        if isinstance(item, dict):
            click.echo("  %s" % describe_ignored(item))
    if tampered:
        click.echo("Tamper events (%d):" % len(tampered))
        for item in tampered[-20:]:
            click.echo("  %s %s%s" % (_clock(item.get("ts")), tamper.describe(item),
                                      " [%s]" % item["agent"] if item.get("agent") else ""))


@click.command("check")
@click.option("--session", "session_id", help="Session root (or a unique prefix) instead of the current one.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def command(session_id, as_json):
    """Claims and evidence for the current (or last) session."""
    import json
    import os

    from stalegreen.engine.store import Store

    store = Store()
    session = pick_session(store, session_id, None if session_id else os.getcwd())
    if session is None:
        if session_id:
            click.echo("No session %s in %s." % (session_id, store.home), err=True)
            raise SystemExit(1)
        if as_json:
            click.echo(json.dumps({"session": None, "receipts": [], "verdicts": [], "edits": []}, indent=2))
            return
        click.echo("No sessions recorded yet. Install the hooks and run a verification command first.")
        return
    from stalegreen.engine import tamper

    receipts = session.read("receipts")
    verdicts = session.read("verdicts")
    edits = session.read("edits")
    tampered = tamper.events(session.read("tamper"))
    snapshot = session.load_config()
    snapshot = snapshot if isinstance(snapshot, dict) else {}
    if as_json:
        click.echo(json.dumps({"session": session.root, "receipts": receipts, "verdicts": verdicts,
                               "edits": edits, "tamper": tampered, "config": snapshot},
                              indent=2, ensure_ascii=False))
        return
    click.echo("Session %s" % session.root)
    click.echo("")
    click.echo("Receipts (%d):" % len(receipts))
    for receipt in receipts[-20:]:
        click.echo(_receipt_line(receipt))
    if not receipts:
        click.echo("  none")
    click.echo("")
    click.echo("Edits: %d%s" % (len(edits), (" (last %s)" % _clock(edits[-1].get("ts"))) if edits else ""))
    _config_lines(snapshot, tampered)
    click.echo("")
    click.echo("Verdicts (last %d of %d):" % (min(5, len(verdicts)), len(verdicts)))
    for entry in verdicts[-5:]:
        head = "  %s %s" % (_clock(entry.get("ts")), entry.get("event") or "Stop")
        if entry.get("agent"):
            head += " [%s]" % entry["agent"]
        click.echo(head + (" BLOCKED" if entry.get("blocked") else " allowed")
                   + (" (named %d tamper event%s)" % (len(entry["tamper"]), "" if len(entry["tamper"]) == 1 else "s")
                      if entry.get("tamper") else ""))
        for record in entry.get("verdicts") or ():
            for line in _verdict_lines(record):
                click.echo(line)
    if not verdicts:
        click.echo("  none (no green claim judged yet)")

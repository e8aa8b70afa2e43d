"""``stalegreen history``: replay past sessions and list the claims whose evidence was wrong."""

import click

from stalegreen import hosts
from stalegreen.cli import HARNESS_CHOICES, check_since


def _clock(ts):
    from stalegreen.engine.clock import parse_ts
    import time

    seconds = parse_ts(ts or "")
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds is not None else "????-??-?? ??:??"


def _short(text, limit):
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def _evidence_text(row):
    import os

    from stalegreen.replay.report import counts_text

    receipt = row["receipt"]
    if receipt is None:
        text = "no run"
    else:
        text = "%s `%s` %s" % (receipt["id"], _short(receipt["cmd"], 60), receipt["verdict"])
        counts = counts_text(receipt.get("counts"))
        if counts:
            text += " (%s)" % counts
        if receipt.get("masked"):
            text += " masked" + (":%s" % receipt["maskReason"] if receipt.get("maskReason") else "")
    edits = [p for p in row["editsAfter"] if p]
    if edits:
        files = []
        for path in edits:
            if path not in files:
                files.append(path)
        names = [os.path.basename(p) for p in files[:3]]
        text += "  +%d edit%s: %s%s" % (len(edits), "" if len(edits) == 1 else "s", ", ".join(names),
                                       ", ..." if len(files) > 3 else "")
    return text


def _harness_label(harness):
    """``Claude Code``, or every registered host's name: ``Claude Code, Codex and DeepSeek Harness``."""
    labels = [hosts.module(name).LABEL for name in (hosts.names() if harness == "all" else [harness])]
    return labels[0] if len(labels) == 1 else "%s and %s" % (", ".join(labels[:-1]), labels[-1])


@click.command("history")
@click.option("--since", default="30d", show_default=True, callback=check_since,
              help="How far back to look (1y, 2w, 30d, 12h, 45m).")
@click.option("--harness", type=click.Choice(HARNESS_CHOICES), default="all", show_default=True)
@click.option("--include-none", is_flag=True, help="Also list claims with no run at all.")
@click.option("--include-fresh", is_flag=True, help="Also list fresh and deferred claims.")
@click.option("--explain", is_flag=True, help="Show each claim's evidence in detail.")
@click.option("--limit", type=click.IntRange(min=0), default=None,
              help="List only the newest N claims (0: none, just the totals).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def command(since, harness, include_none, include_fresh, explain, limit, as_json):
    """Replay past sessions through the gate and list stale, failed and masked claims.

    Reads each host's own session logs locally (Claude Code transcripts in ~/.claude/projects,
    Codex rollouts in ~/.codex/sessions, dsh session logs in ~/.dsh/sessions); nothing leaves
    the machine.
    """
    import json

    from stalegreen.replay import report

    include = list(report.PROBLEMS)
    if include_none:
        include.append("NONE")
    if include_fresh:
        include += ["FRESH", "DEFERRED"]
    collection = report.collect(harness, since, progress=not as_json)
    overall, _ = report.tallies(collection)
    report.warn_errors(collection, lambda text: click.echo(text, err=True))
    rows = [report.row_json(s, e) for s, e in report.verdict_rows(collection, include)]
    tampered = report.tamper_rows(collection)
    listed = len(rows)
    if limit is not None:
        rows = rows[:limit]      # newest first
    if as_json:
        out = {"since": since, "harness": harness, "sessions": overall.sessions,
               "sessionsWithClaims": overall.sessions_with_claims, "claims": overall.total_claims,
               "runs": overall.runs, "counts": overall.claims, "files": collection.files,
               "bytes": collection.bytes,
               "badLines": collection.bad_lines, "engineErrors": len(collection.errors),
               "skipped": [{"harness": s.harness, "session": s.session_id, "reason": why}
                           for s, why in collection.skipped],
               "listed": listed, "verdicts": rows, "tamper": tampered}
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    click.echo("stalegreen history: %d sessions with tool calls since %s (%s, %d files, %.1fs)" % (
        overall.sessions, since, _harness_label(harness), collection.files, collection.seconds))
    click.echo("claims %d in %d sessions" % (overall.total_claims, overall.sessions_with_claims))
    runs = overall.runs
    click.echo("verification runs %d: exit hidden %d, of which hid a failure %d, left no result %d" % (
        runs["total"], runs["masked"], runs["hidFailure"], runs["noResult"]))
    shown = ", ".join("%s %d" % (k, v) for k, v in overall.claims.items() if v)
    click.echo("verdicts: %s" % (shown or "none"))
    for source, why in collection.skipped:
        click.echo("skipped %s session %s: %s" % (source.harness, source.session_id, why))
    _tamper(tampered)
    if not listed:
        click.echo("")
        click.echo("No stale, failed or masked claims."
                   + ("" if include_none else " Add --include-none to list claims with no run at all."))
        return
    click.echo("")
    for row in rows:
        click.echo('%s  %-7s %-9s "%s"  <-  %s' % (
            _clock(row["ts"]), row["verdict"], row["category"], _short(row["text"], 48), _evidence_text(row)))
        if explain:
            _explain(row)
    if len(rows) < listed:
        click.echo("... %d older claims not shown (--limit %d)" % (listed - len(rows), limit))


def _tamper(rows):
    """The agent's writes to stalegreen's config, the hook registrations or the store."""
    if not rows:
        return
    click.echo("")
    click.echo("tamper events %d (the agent wrote stalegreen's config, hook registrations or the store):" % len(rows))
    for row in rows:
        click.echo("%s  %-7s %s  %s" % (_clock(row["ts"]), row["harness"], _short(row["session"], 12),
                                        _short(row["text"], 120)))


def _explain(row):
    receipt = row["receipt"]
    line = "    %s session %s" % (row["harness"], row["session"])
    if row["model"]:
        line += "  model %s" % row["model"]
    if row["agent"]:
        line += "  agent %s" % row["agent"]
    click.echo(line)
    if receipt:
        click.echo("    evidence %s  exit %s  signal %s  in %s" % (
            _clock(receipt["ts"]), receipt["exit"], receipt["signal"], receipt["cwd"]))
    if row["editsAfter"]:
        click.echo("    edits after %s" % ", ".join(p for p in row["editsAfter"][:8] if p))
    if row["note"]:
        click.echo("    note %s" % row["note"])
    if row["sentence"]:
        click.echo("    sentence %s" % _short(row["sentence"], 200))

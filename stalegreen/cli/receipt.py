"""``stalegreen receipt ID``: one receipt and the tail of its full log."""

import click

TAIL_LINES = 40


def describe(receipt):
    """The receipt as labelled lines (``--json`` has every field)."""
    from stalegreen.engine.gate import clock
    from stalegreen.replay.report import counts_text

    how = "masked (%s)" % (receipt.get("maskReason") or "exit status hidden") if receipt.get("masked") \
        else ("wrapped by stalegreen" if receipt.get("wrapped") else "as the agent ran it")
    rows = [("Receipt", receipt.get("id")), ("Command", "`%s`" % receipt.get("cmd")),
            ("Runner", "%s (%s)" % (receipt.get("runner"), receipt.get("category"))),
            ("Result", receipt.get("verdict")), ("Counts", counts_text(receipt.get("counts")) or None),
            ("Exit", receipt.get("exit")), ("Scope", receipt.get("scope")), ("Seen", how),
            ("Time", "%s (%s)" % (clock(receipt.get("ts")), receipt.get("ts"))),
            ("Directory", receipt.get("cwd"))]
    return ["%-10s %s" % (label + ":", value) for label, value in rows if value not in (None, "")]


@click.command("receipt")
@click.argument("receipt_id")
@click.option("--session", "session_id", help="Session root (or a unique prefix); default: the current one.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def command(receipt_id, session_id, as_json):
    """Show receipt RECEIPT_ID (e.g. r-0017) and the last lines of its log."""
    import json
    import os

    from stalegreen.cli.check import pick_session
    from stalegreen.engine.store import Store

    store = Store()
    session = pick_session(store, session_id, None if session_id else os.getcwd())
    if session is None:
        click.echo("No sessions recorded yet." if not session_id else "No session %s." % session_id, err=True)
        raise SystemExit(1)
    found = [r for r in session.read("receipts") if r.get("id") == receipt_id]
    if not found:
        click.echo("No receipt %s in session %s." % (receipt_id, session.root), err=True)
        raise SystemExit(1)
    receipt = found[-1]
    text = session.read_log(receipt_id, max_bytes=256 * 1024)
    if text is None and receipt.get("log"):
        try:
            with open(receipt["log"], "rb") as fh:
                text = fh.read()[-256 * 1024:].decode("utf-8", "replace")
        except (OSError, TypeError):
            text = None
    tail = text.splitlines()[-TAIL_LINES:] if text else []
    if as_json:
        click.echo(json.dumps({"session": session.root, "receipt": receipt, "logTail": tail},
                              indent=2, ensure_ascii=False))
        return
    for line in describe(receipt):
        click.echo(line)
    click.echo("")
    if text is None:
        click.echo("No log kept for this run (it was not wrapped, or the log was pruned).")
        return
    click.echo("Log tail (%s):" % (session.log_path(receipt_id) or receipt.get("log")))
    for line in tail:
        click.echo("  " + line)

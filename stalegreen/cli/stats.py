"""``stalegreen stats``: how often green claims were stale, failed or masked, measured by
replaying this machine's past sessions (per harness, model and session kind)."""

import click

from stalegreen.cli import HARNESS_CHOICES, check_output_dir, check_since, output_file


def _table(title, groups, write):
    from stalegreen.replay.report import percent

    if not groups:
        return
    write("")
    write("%-28s %7s %7s %7s %7s %7s %8s %7s" % (title, "claims", "fresh", "stale", "failed", "masked",
                                                  "runs", "hidden"))
    for name, tally in sorted(groups.items(), key=lambda item: -item[1].total_claims - item[1].runs["total"]):
        write("%-28s %7d %7s %7s %7s %7s %8d %7s" % (
            name[:28], tally.total_claims, percent(tally.rate("FRESH")), percent(tally.rate("STALE")),
            percent(tally.rate("FAILED")), percent(tally.rate("MASKED")), tally.runs["total"],
            percent(tally.run_rate("masked"))))


def render_text(collection, overall, groups, write):
    from stalegreen.replay.report import CLAIM_KINDS, CLAIM_LABELS, RUN_LABELS, percent, top_hiders

    claims = overall.total_claims
    head = "Green claims     %3d   in %d sessions" % (claims, overall.sessions_with_claims)
    if overall.repeated:
        head += ", %d repeated status lines counted once" % overall.repeated
    write(head)
    for kind in CLAIM_KINDS:
        if kind in ("DEFERRED", "CONTRADICTED", "NOT_RUN") and not overall.claims[kind]:
            continue
        label, meaning = CLAIM_LABELS[kind]
        write("  %-12s %5d %5s   %s" % (label, overall.claims[kind], percent(overall.rate(kind)), meaning))
    write("")
    write("Verification runs   %s" % "{:,}".format(overall.runs["total"]))
    for key, label, meaning in RUN_LABELS:
        write("  %-14s %7s %5s   %s" % (label, "{:,}".format(overall.runs[key]), percent(overall.run_rate(key)),
                                       meaning))
    hiders = top_hiders(overall)
    if hiders:
        write("  hidden by      %s" % ", ".join("%s %s" % (kind, "{:,}".format(count)) for kind, count in hiders))
    if overall.tamper:
        write("")
        write("Tamper events   %3d   in %d sessions: the agent wrote stalegreen's config, hook registrations "
              "or the store" % (overall.tamper, overall.sessions_with_tamper))
    if len(groups["harness"]) > 1:
        _table("By harness", groups["harness"], write)
    _table("By model", groups["model"], write)
    if len(groups["kind"]) > 1:
        _table("By session kind", groups["kind"], write)
    write("")
    write("%s of green claims were stale (%d of %d); %s of verification runs hid their exit status (%d of %d)." % (
        percent(overall.rate("STALE")), overall.claims["STALE"], claims, percent(overall.run_rate("masked")),
        overall.runs["masked"], overall.runs["total"]))


@click.command("stats")
@click.option("--since", default="90d", show_default=True, callback=check_since,
              help="How far back to look (90d, 2w, 1y, 12h, 45m).")
@click.option("--harness", type=click.Choice(HARNESS_CHOICES), default="all", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, writable=True),
              help="Also write a self-contained HTML report with charts to this file.")
def command(since, harness, as_json, html_path):
    """Rates of stale, failed and masked green claims over past sessions (read locally)."""
    import json

    from stalegreen.replay import report

    if html_path:
        check_output_dir(html_path)
    collection = report.collect(harness, since, progress=not as_json)
    overall, groups = report.tallies(collection)
    report.warn_errors(collection, lambda text: click.echo(text, err=True))
    if html_path:
        from stalegreen.replay import html

        page = html.render(collection, overall, groups)
        with output_file(html_path) as fh:
            fh.write(page)
    if as_json:
        out = {"since": since, "harness": harness, "files": collection.files, "bytes": collection.bytes}
        out.update(overall.as_json())
        for axis, key in (("harness", "byHarness"), ("model", "byModel"), ("kind", "bySessionKind")):
            out[key] = dict((name, tally.as_json()) for name, tally in groups[axis].items())
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    render_text(collection, overall, groups, click.echo)
    if html_path:
        click.echo("")
        click.echo("Wrote %s" % html_path)

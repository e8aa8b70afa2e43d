"""``stalegreen claims [--json] [FILE]``: the green claims a message makes, and the near-misses.

This is how a user understands a block ("which words counted as a claim?") and how the corpus
is checked by hand.
"""

import click


def _counts_text(counts):
    if not counts:
        return "-"
    if "total" in counts and "passed" in counts:
        return "%d/%d" % (counts["passed"], counts["total"])
    return ", ".join("%s %s" % (value, key) for key, value in sorted(counts.items()))


@click.command("claims")
@click.argument("source", type=click.File("r", encoding="utf-8", errors="replace"), default="-", required=False)
@click.option("--json", "as_json", is_flag=True, help='Print {"claims": [...], "ignored": [...]}.')
@click.option("--completion", is_flag=True, help='Also report bare completion claims ("Done, the bug is fixed").')
def command(source, as_json, completion):
    """Show the green claims in a message (FILE, or standard input) and why near-misses were ignored."""
    import json

    from stalegreen.engine import claims

    extraction = claims.extract(source.read(), completion=completion)
    if as_json:
        click.echo(json.dumps(extraction.as_dict(), indent=2, ensure_ascii=False))
        return
    if not extraction.claims:
        click.echo("No claims.")
    for claim in extraction.claims:
        extra = ""
        if claim.get("tool"):
            extra += "  tool %s" % claim["tool"]
        if claim.get("alternates"):
            extra += "  also %s" % ",".join(claim["alternates"])
        if claim.get("expanded"):
            extra += "  expanded"
        click.echo("claim    %-10s %-6s %-11s counts %s%s" % (
            claim["category"], claim["scope"], "qualified" if claim["qualified"] else "unqualified",
            _counts_text(claim.get("counts")), extra))
        click.echo('         "%s"' % claim["text"])
        click.echo("         sentence: %s" % claim["sentence"])
    for near in extraction.ignored:
        click.echo('ignored  %-10s "%s"' % (near["reason"], near["text"]))

"""``stalegreen explain -- COMMAND``: what stalegreen sees in one command line.

For each verification run: runner, category, scope, directory, whether it is an actual run,
what masks it; then the rewritten line or the reason the line is left alone. Users run it when
a command was (or was not) wrapped and they want to know why. Nothing is executed or stored.
"""

import click


def explain(command_text, cwd, config):
    """The explanation as a dict: {runs: [...], rewrite, unwrapped_reason} (+ details)."""
    import os

    from stalegreen.engine import catalog, masking, rewrite, shell
    from stalegreen.engine.config import home_dir

    parse = shell.parse(command_text)
    runs = catalog.find_runs(parse, config, cwd)
    entries = []
    details = []
    for run in runs:
        mask = masking.analyze(parse, run)
        entries.append({
            "runner": run.runner, "category": run.category, "scope": run.scope,
            "cwd": run.cwd, "masked": bool(mask.masked), "reasons": list(mask.reasons),
            "not_run": run.not_run,
        })
        details.append((run, mask))

    enabled = [r for r in runs if r.not_run is None and not r.ignored
               and config["categories"].get(r.category, True)]
    rewritten, reason = None, None
    if not parse.confident:
        reason = "unreadable: %s" % parse.reasons[0]
    elif not enabled:
        reason = _why_nothing(runs, config)
    elif config["mode"] == "off":
        reason = "mode-off"
    elif rewrite.VAR_PREFIX in command_text:
        reason = "already-wrapped"
    else:
        ids = ["r-%04d" % (i + 1) for i in range(len(enabled))]
        folder = os.path.join(home_dir(), "sessions", "<session>", "runs")
        logs = [os.path.join(folder, rid + ".log") for rid in ids]
        rewritten, reason = rewrite.wrap(parse, enabled, ids, logs, config["tailLines"])
    return {"runs": entries, "rewrite": rewritten, "unwrapped_reason": reason}, parse, details


def _why_nothing(runs, config):
    if not runs:
        return "no-runner"
    for run in runs:
        if run.not_run is not None:
            return run.not_run
        if run.ignored:
            return "ignored"
        if not config["categories"].get(run.category, True):
            return "category-disabled:%s" % run.category
    return "no-runner"


def _describe_mask(mask):
    bits = []
    bits.append("exit status %s" % ("kept" if mask.exit_preserved else "lost"))
    if not mask.output_visible:
        bits.append("output hidden" if not mask.filtered else "output filtered")
    if mask.tail is not None:
        bits.append("agent sees the last %d lines" % mask.tail)
    if mask.head is not None:
        bits.append("agent sees the first %d lines" % mask.head)
    if mask.patterns:
        bits.append("pattern %s" % ", ".join(mask.patterns))
    if mask.count_only:
        bits.append("only a count is shown")
    if mask.pipefail:
        bits.append("pipefail on")
    if mask.sigpipe:
        bits.append("the reader may stop early (SIGPIPE can change the exit status)")
    if mask.quiet:
        bits.append("quiet flags")
    return "; ".join(bits)


def _text(result, parse, details):
    lines = []
    if not parse.confident:
        lines.append("The command could not be read with certainty: %s." % "; ".join(parse.reasons))
    if not details:
        lines.append("No verification run found.")
    for number, (run, mask) in enumerate(details, 1):
        where = " in %s" % run.cwd if run.cwd else ""
        lines.append("%d. %s  (%s, scope %s%s)" % (number, run.runner, run.category, run.scope, where))
        lines.append("   segment: %s" % run.text)
        if run.not_run:
            lines.append("   not an actual run: %s" % run.not_run)
        if run.ignored:
            lines.append("   ignored by ignoreCommands")
        if mask.masked:
            lines.append("   masked: %s" % ", ".join(r for r in mask.reasons))
        else:
            lines.append("   not masked%s" % (
                " (%s)" % ", ".join(mask.reasons) if mask.reasons else ""))
        lines.append("   %s" % _describe_mask(mask))
    lines.append("")
    if result["rewrite"]:
        lines.append("Rewritten to (full output to the log, exit status kept):")
        lines.append("  " + result["rewrite"])
    else:
        lines.append("Left unchanged: %s" % result["unwrapped_reason"])
    return "\n".join(lines)


@click.command("explain")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@click.option("--cwd", default=None, help="Directory the command would run in (default: here).")
@click.argument("words", nargs=-1, required=True)
def command(as_json, cwd, words):
    """What stalegreen sees in COMMAND: runs, masking, and the rewrite (or why not).

    Pass the command as one quoted argument after `--`, e.g.
    stalegreen explain -- 'pytest -q | tail -5'
    """
    import json
    import os

    from stalegreen.engine import config as config_module

    cwd = os.path.abspath(cwd or os.getcwd())
    config = config_module.load(cwd)
    command_text = words[0] if len(words) == 1 else " ".join(words)
    result, parse, details = explain(command_text, cwd, config)
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        click.echo(_text(result, parse, details))

"""``stalegreen doctor``: is everything wired up, and what to run when it is not."""

import json
import time

import click


def _when(ts):
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(ts)))
    except (TypeError, ValueError):
        return str(ts)


def _size(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return ("%d %s" if unit == "B" else "%.1f %s") % (n, unit)
        n /= 1024.0
    return str(n)


def _print(info):
    echo = click.echo
    echo("stalegreen %s" % info["version"])
    exe = info["executable"]
    if exe.get("pyz"):
        state = {True: "runs", False: "FAILS", None: "missing"}[exe.get("runs")]
        echo("executable  %s -I -S %s  (%s; zipapp %s)" % (exe["python"], exe["launcher"], state,
                                                           exe["pyz"]))
    elif info.get("pluginCopies"):
        echo("executable  the Claude plugin's own (%s)" % ", ".join(
            "%s/bin/stalegreen: %s" % (c["dir"], "runs" if c["runs"] else "FAILS") for c in info["pluginCopies"]))
    else:
        echo("executable  not installed (%s install)" % info["command"])
    for loc in info["locations"]:
        state = loc.get("state")
        if state == "installed":
            text = ", ".join(loc["events"])
            if loc["missing"]:
                text += "  missing: " + ", ".join(loc["missing"])
            if loc.get("trust"):
                text += "  trust: %s" % loc["trust"]
        else:
            text = state
        echo("%-6s %-7s %s  (%s)" % (loc["host"], loc["scope"], text, loc["file"]))
    from stalegreen import hosts
    from stalegreen.install import targets

    for name in hosts.names():
        for line in targets.installer(name).doctor_lines(info):
            echo(line)
    cfg = info["config"]
    echo("config      policy=%s prune=%s  (%s)" % (cfg["policy"], cfg["prune"],
                                                  ", ".join(cfg["sources"]) or "defaults"))
    store = info["store"]
    if "bytes" in store:
        echo("store       %s: %s sessions, %s, %s hook errors"
             % (store["home"], store["sessions"], _size(store["bytes"]), store["errors"]))
        for error in store.get("lastErrors", []):
            echo("  error %s %s: %s" % (error.get("ts"), error.get("event"), error.get("error")))
        if store.get("latest"):
            echo("latest session %s" % store["latest"])
            for record in store.get("lastVerdicts", []):
                verdicts = record.get("verdicts") or []
                names = ", ".join("%s %s" % (v.get("claim", {}).get("category", "?")
                                             if isinstance(v.get("claim"), dict) else v.get("claim", "?"),
                                             v.get("verdict", "?")) for v in verdicts if isinstance(v, dict))
                echo("  %s %s%s: %s" % (record.get("ts"), record.get("event"),
                                        " BLOCKED" if record.get("blocked") else "", names or "-"))
    else:
        echo("store       %s (unreadable)" % store.get("home"))
    for warning in info["warnings"]:
        echo("warning: %s" % warning)
    if info.get("pruned") is not None:
        echo("pruned %d sessions idle for more than %s" % (len(info["pruned"]), info["pruneAge"]))
    if info["problems"]:
        echo("")
        echo("%d problem%s:" % (len(info["problems"]), "" if len(info["problems"]) == 1 else "s"))
        for item in info["problems"]:
            echo("  - %s" % item["problem"])
            echo("    fix: %s" % item["fix"])
    else:
        echo("all good")


@click.command("doctor")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--prune", is_flag=True, help="Delete sessions idle for longer than config `prune`.")
def command(as_json, prune):
    """Check hooks, executable, Codex trust, config and store; exit 1 with the fix if broken."""
    from stalegreen.install import health

    info = health.collect()
    if prune:
        age, removed = health.prune()
        info["pruned"], info["pruneAge"] = removed, age
    if as_json:
        click.echo(json.dumps(info, indent=2, default=str))
    else:
        _print(info)
    raise SystemExit(0 if info["ok"] else 1)

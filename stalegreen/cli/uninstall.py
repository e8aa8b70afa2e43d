"""``stalegreen uninstall``: remove exactly what ``install`` added.

A file install created is deleted; a file nobody changed since install gets its original bytes
back; a file that changed since keeps everything but our entries. ``--all`` also restores the
``config.json`` keys install set and, once no hooks of ours remain anywhere, removes the
executable from ``~/.stalegreen/bin``. The store (receipts, logs) and backups stay.
"""

import os

import click


def _undo_config(manifest, dry_run):
    from stalegreen.engine.config import home_dir
    from stalegreen.install import files

    path = os.path.join(home_dir(), "config.json")
    edit = files.Edit(path, manifest)
    record = edit.record
    if not record or edit.before is None:
        return None
    config = files.parse_json(path, edit.before)
    for key, previous in record.get("undo", {}).items():
        if previous is None:
            config.pop(key, None)
        else:
            config[key] = previous
    return path, edit.restore_or_write(files.dump_json(config, edit.before), True, dry_run)


@click.command("uninstall")
@click.option("--all", "all_hosts", is_flag=True, help="Claude Code, Codex and dsh.")
@click.option("--claude", is_flag=True)
@click.option("--codex", is_flag=True)
@click.option("--dsh", is_flag=True)
@click.option("--project", is_flag=True, help="This directory's .claude/.codex files.")
@click.option("--dsh-profile", metavar="NAME", help="dsh: the profile to add the plugin to.")
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
def command(all_hosts, claude, codex, dsh, project, dsh_profile, dry_run):
    """Remove the hooks install registered (other tools' hooks are left alone)."""
    from stalegreen.cli.install import _targets
    from stalegreen.install import claude as claude_host
    from stalegreen.install import codex as codex_host
    from stalegreen.install import dsh as dsh_host
    from stalegreen.install import executable, files

    targets = _targets(all_hosts, claude, codex, dsh)
    if not targets:
        raise click.UsageError("say which host: --claude, --codex, --dsh or --all")
    project_dir = os.getcwd() if project else None
    manifest = files.load_manifest()
    failed = False
    try:
        if "claude" in targets:
            path, removed, outcome = claude_host.uninstall(manifest, project_dir, dry_run)
            click.echo("Claude Code: %s" % _describe(path, removed, outcome))
        if "codex" in targets:
            for path, removed, outcome in codex_host.uninstall(manifest, project_dir, dry_run):
                click.echo("Codex: %s" % _describe(path, removed, outcome))
    except files.FileProblem as exc:
        click.echo("error: %s" % exc, err=True)
        failed = True
    if "dsh" in targets:
        line, code, message = dsh_host.uninstall(dry_run, dsh_profile)
        click.echo("dsh: %s" % message)
    if all_hosts and not failed:
        undone = _undo_config(manifest, dry_run)
        if undone:
            click.echo("Config: %s" % _describe(undone[0], 1, undone[1]))
        remaining = [p for p, r in manifest["files"].items() if r.get("owner") in ("claude", "codex")]
        if dry_run:
            click.echo("Would remove the executable from %s once no hooks remain" % executable.bin_dir())
        elif remaining:
            click.echo("Kept %s: hooks remain in %s" % (executable.bin_dir(), ", ".join(remaining)))
        elif not dry_run and manifest.get("executable"):
            if executable.remove():
                click.echo("Removed the executable from %s (the store and backups stay)"
                           % executable.bin_dir())
            manifest.pop("executable", None)
    if not dry_run:
        files.save_manifest(manifest)
    if failed:
        raise SystemExit(1)


def _describe(path, removed, outcome):
    if outcome == "absent":
        return "nothing to do (%s does not exist)" % path
    if outcome == "unchanged":
        return "no stalegreen hooks in %s" % path
    text = {"removed": "deleted %s (install had created it)",
            "restored": "restored %s to its bytes from before install",
            "restore": "would restore %s to its original bytes",
            "remove": "would delete %s (install created it)",
            "cleaned": "removed our entries from %s (other changes kept)"}[outcome] % path
    if removed and outcome not in ("removed", "remove"):
        text += " [%d hook entries]" % removed
    return text

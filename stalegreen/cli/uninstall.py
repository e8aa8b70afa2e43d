"""``stalegreen uninstall``: remove exactly what ``install`` added.

A file install created is deleted; a file nobody changed since install gets its original bytes
back; a file that changed since keeps everything but our entries. ``--all`` also restores the
``config.json`` keys install set and, once no hooks of ours remain anywhere, removes the
executable from ``~/.stalegreen/bin``. The store (receipts, logs) and backups stay, unless
``--purge`` (asks first; ``--yes`` does not) removes the whole ``~/.stalegreen``.
"""

import os

import click

from stalegreen.cli import host_options


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
@click.option("--all", "all_hosts", is_flag=True,
              help="Every host, the config keys install set, the executable and the ~/.local/bin link.")
@host_options('uninstall')
@click.option("--project", is_flag=True, help="This directory's .claude/.codex files.")
@click.option("--purge", is_flag=True,
              help="With --all: also delete the store (sessions, receipts, logs), the backups and "
                   "the rest of ~/.stalegreen. Asks first.")
@click.option("--yes", "-y", is_flag=True, help="Do not ask before --purge deletes.")
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
def command(all_hosts, project, purge, yes, dry_run, **host_options):
    """Remove the hooks install registered (other tools' hooks are left alone)."""
    from stalegreen import hosts
    from stalegreen.install import executable, files, targets as host_targets

    targets = host_targets.select(all_hosts, host_options)
    if not targets:
        raise click.UsageError("say which host: %s or --all" % ", ".join("--" + name for name in hosts.names()))
    if purge and not all_hosts:
        raise click.UsageError("--purge deletes everything stalegreen keeps, so it goes with --all")
    project_dir = os.getcwd() if project else None
    manifest = files.load_manifest()
    failed = False
    run = host_targets.HostRun(manifest, project_dir, dry_run, host_options, click.echo)
    for name in targets:
        try:
            failed = host_targets.installer(name).run_uninstall(run) or failed
        except files.FileProblem as exc:
            click.echo("error: %s" % exc, err=True)
            failed = True
    if all_hosts and not failed:
        undone = _undo_config(manifest, dry_run)
        if undone:
            click.echo("Config: %s" % host_targets.describe_removal(undone[0], 1, undone[1]))
        remaining = host_targets.hook_files(manifest)
        if dry_run:
            click.echo("Would remove the executable from %s once no hooks remain" % executable.bin_dir())
        elif remaining:
            click.echo("Kept %s: hooks remain in %s" % (executable.bin_dir(), ", ".join(remaining)))
        elif not dry_run and manifest.get("executable"):
            if executable.remove():
                click.echo("Removed the executable from %s%s" % (
                    executable.bin_dir(), "" if purge else " (the store and backups stay; --purge deletes them)"))
            manifest.pop("executable", None)
        if not dry_run and not remaining:
            linked = executable.unlink()
            if linked:
                click.echo("Removed the link %s" % linked)
            manifest.pop("link", None)
    if purge and not failed:
        _purge(manifest, yes, dry_run)
        return
    if not dry_run:
        files.save_manifest(manifest)
    if failed:
        raise SystemExit(1)


def _purge(manifest, yes, dry_run):
    """Delete ``<home>`` entirely, once nothing registered still points into it."""
    import shutil

    from stalegreen.engine.config import home_dir
    from stalegreen.install import targets

    home = home_dir()
    remaining = targets.hook_files(manifest)
    if remaining:
        click.echo("Not purging %s: hooks remain in %s" % (home, ", ".join(remaining)), err=True)
        raise SystemExit(1)
    if not os.path.lexists(home):
        click.echo("Nothing to purge: %s does not exist" % home)
        return
    if dry_run:
        click.echo("Would delete %s (store, logs, backups)" % home)
        return
    if not yes and not click.confirm("Delete %s with every session, log and backup?" % home, default=False):
        click.echo("Kept %s" % home)
        return
    if os.path.islink(home):
        os.unlink(home)              # never follow a link out of the store
    else:
        shutil.rmtree(home)
    click.echo("Deleted %s" % home)

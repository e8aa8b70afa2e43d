"""``stalegreen install``: the executable in ``~/.stalegreen/bin`` and hooks for each host."""

import os

import click

from stalegreen.cli import host_options


def check_files(targets, project):
    """Parse every file we are about to edit; any problem stops the whole install untouched."""
    from stalegreen.engine.config import home_dir
    from stalegreen.install import files, targets as host_targets

    path = os.path.join(home_dir(), "config.json")
    problems = []
    try:
        files.parse_json(path, files.read_bytes(path))
    except files.FileProblem as exc:
        problems.append(str(exc))
    for name in targets:
        problems.extend(host_targets.installer(name).problems(project))
    return problems


def set_config(manifest, values, dry_run):
    """Write ``values`` into ``<home>/config.json``; remember the old values for uninstall."""
    from stalegreen.engine.config import home_dir
    from stalegreen.install import files

    path = os.path.join(home_dir(), "config.json")
    edit = files.Edit(path, manifest)
    config = files.parse_json(path, edit.before)
    previous = {key: config.get(key) for key in values}
    config.update(values)
    if not edit.write(files.dump_json(config, edit.before), dry_run) or dry_run:
        return path
    record = edit.record
    record["owner"] = "config"
    undo = record.setdefault("undo", {})
    for key, value in previous.items():
        undo.setdefault(key, value)
    return path


@click.command("install")
@click.option("--all", "all_hosts", is_flag=True, help="Every host stalegreen knows.")
@host_options('install')
@click.option("--project", is_flag=True,
              help="Register in this directory's .claude/.codex instead of your user settings.")
@click.option("--advisory/--blocking", "advisory", default=None,
              help="Record verdicts but never block (policy=advisory), or block again (policy=block).")
@click.option("--permission", type=click.Choice(["inherit", "allow", "ask"]),
              help="What a rewritten verification command asks the host for.")
@click.option("--link/--no-link", "link", default=None,
              help="Put a `stalegreen` command in ~/.local/bin (default: when that is on PATH).")
@click.option("--dry-run", is_flag=True, help="Show what would change (as diffs); write nothing.")
def command(all_hosts, project, advisory, permission, link, dry_run, **host_options):
    """Install the hooks (run again any time: it changes nothing when all is in place).

    With no host flag: every host found on this machine (its CLI on PATH or its settings
    directory present).
    """
    from stalegreen.install import files

    files.start_plan()
    try:
        _install(all_hosts, host_options, project, advisory, permission, dry_run, link)
    except OSError as exc:     # unwritable directory, full disk: a message, not a traceback
        click.echo("error: %s%s" % (exc.strerror or exc, ": %s" % exc.filename if exc.filename else ""),
                   err=True)
        raise SystemExit(1)


def _targets_or_detected(all_hosts, host_options):
    from stalegreen import hosts
    from stalegreen.install import targets as host_targets

    targets = host_targets.select(all_hosts, host_options)
    if targets:
        return targets
    targets = host_targets.detected()
    installers = [host_targets.installer(name) for name in hosts.names()]
    flags = ["--" + name for name in hosts.names()]
    if not targets:
        raise click.UsageError("no %s found on this machine (not on PATH, no %s); say which: %s or --all" % (
            _either([i.LABEL for i in installers]), _either([i.HOME_HINT for i in installers]), ", ".join(flags)))
    click.echo("Hosts found on this machine: %s (pick others with %s, --all)" % (", ".join(targets), ", ".join(flags)))
    return targets


def _either(words):
    """``a, b or c``"""
    return words[0] if len(words) == 1 else "%s or %s" % (", ".join(words[:-1]), words[-1])


def _install(all_hosts, host_options, project, advisory, permission, dry_run, link=None):
    from stalegreen.install import executable, files, targets as host_targets

    targets = _targets_or_detected(all_hosts, host_options)
    project_dir = os.getcwd() if project else None
    problems = check_files(targets, project_dir)
    if problems:
        for problem in problems:
            click.echo("error: %s" % problem, err=True)
        raise SystemExit(1)

    manifest = files.load_manifest()
    python = executable.resolve_interpreter()
    try:
        script, pyz, build_id, how = executable.place(dry_run=dry_run, python=python)
    except executable.CannotBuild as exc:
        click.echo("error: %s" % exc, err=True)
        raise SystemExit(1)
    verb = "Would install" if dry_run else "Installed"
    click.echo("%s %s (%s) and its launcher %s" % (verb, pyz, how, script))
    click.echo("Hooks run: %s hook <host> <Event>"
               % " ".join(executable.quote(w) for w in executable.command_argv(python, script)))
    failed = False
    run = host_targets.HostRun(manifest, project_dir, dry_run, host_options, click.echo, python, script)
    for name in targets:
        failed = host_targets.installer(name).run_install(run) or failed

    values = {}
    if advisory is not None:
        values["policy"] = "advisory" if advisory else "block"
    if permission:
        values["permission"] = permission
    if values:
        path = set_config(manifest, values, dry_run)
        click.echo("%s %s in %s" % ("Would set" if dry_run else "Set",
                                    ", ".join("%s=%s" % kv for kv in sorted(values.items())), path))
    if link or (link is None and executable.link_dir_on_path() and not executable.on_path()):
        where, outcome = executable.link(dry_run=dry_run)
        if outcome == "taken":
            click.echo("Left %s alone: it is not ours (the launcher is %s)" % (where, script))
        elif outcome != "already":
            click.echo("%s %s -> %s" % ("Would link" if dry_run else "Linked", where, script))
            if not executable.link_dir_on_path():
                click.echo("  note: %s is not on your PATH" % executable.link_dir())
        if not dry_run and outcome in ("linked", "already"):
            manifest["link"] = where
    if dry_run:
        for line in files.planned_diffs():
            click.echo(line)
    else:
        source = executable.running_archive()
        if not source or os.path.realpath(source) == os.path.realpath(pyz):
            source = (manifest.get("executable") or {}).get("source")
        manifest["executable"] = {"python": python, "launcher": script, "pyz": pyz, "build": build_id}
        if source:
            manifest["executable"]["source"] = os.path.abspath(source)   # doctor's way back
        files.save_manifest(manifest)
        click.echo("Run `%s doctor` to check the installation." % executable.user_command())
    if failed:
        raise SystemExit(1)

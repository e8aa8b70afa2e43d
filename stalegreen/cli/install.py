"""``stalegreen install``: the executable in ``~/.stalegreen/bin`` and hooks for each host."""

import os

import click


def _targets(all_hosts, claude, codex, dsh):
    if all_hosts:
        return ["claude", "codex", "dsh"]
    return [name for name, on in (("claude", claude), ("codex", codex), ("dsh", dsh)) if on]


def check_files(targets, project):
    """Parse every file we are about to edit; any problem stops the whole install untouched."""
    from stalegreen.hosts.claude import install as claude
    from stalegreen.hosts.codex import install as codex
    from stalegreen.install import files
    from stalegreen.engine.config import home_dir

    paths = [os.path.join(home_dir(), "config.json")]
    if "claude" in targets:
        paths.append(claude.settings_path(project))
    if "codex" in targets:
        paths.append(codex.hooks_path(project))
    problems = []
    for path in paths:
        try:
            files.parse_json(path, files.read_bytes(path))
        except files.FileProblem as exc:
            problems.append(str(exc))
    if "codex" in targets:
        try:
            codex.load_config(codex.config_path(), files.read_bytes(codex.config_path()))
        except files.FileProblem as exc:
            problems.append(str(exc))
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


def detected_hosts():
    """The hosts this machine has: a CLI on PATH or its home directory present."""
    from stalegreen.hosts.claude import install as claude
    from stalegreen.hosts.codex import install as codex
    from stalegreen.hosts.dsh import install as dsh
    from stalegreen.install.executable import on_path

    found = []
    if on_path("claude") or os.path.isdir(claude.config_dir()):
        found.append("claude")
    if codex.find_codex() or os.path.isdir(codex.codex_home()):
        found.append("codex")
    if on_path("dsh") or os.path.isdir(dsh.dsh_home()):
        found.append("dsh")
    return found


@click.command("install")
@click.option("--all", "all_hosts", is_flag=True, help="Claude Code, Codex and dsh.")
@click.option("--claude", is_flag=True, help="Claude Code hooks (settings.json).")
@click.option("--codex", is_flag=True, help="Codex CLI hooks (hooks.json).")
@click.option("--dsh", is_flag=True, help="The DeepSeek Harness plugin (dsh plugin add).")
@click.option("--project", is_flag=True,
              help="Register in this directory's .claude/.codex instead of your user settings.")
@click.option("--advisory/--blocking", "advisory", default=None,
              help="Record verdicts but never block (policy=advisory), or block again (policy=block).")
@click.option("--permission", type=click.Choice(["inherit", "allow", "ask"]),
              help="What a rewritten verification command asks the host for.")
@click.option("--trust/--no-trust", "trust", default=None,
              help="Codex: record the hooks just written as trusted (as /hooks does) via `codex "
                   "app-server`. Default: when codex is on PATH. --trust with --project also marks "
                   "the project trusted.")
@click.option("--force", is_flag=True,
              help="Claude: register hooks even though the stalegreen plugin is enabled.")
@click.option("--dsh-profile", metavar="NAME",
              help="dsh: the profile to add the plugin to (default: the one dsh uses).")
@click.option("--link/--no-link", "link", default=None,
              help="Put a `stalegreen` command in ~/.local/bin (default: when that is on PATH).")
@click.option("--dry-run", is_flag=True, help="Show what would change (as diffs); write nothing.")
def command(all_hosts, claude, codex, dsh, project, advisory, permission, trust, force, dsh_profile,
            link, dry_run):
    """Install the hooks (run again any time: it changes nothing when all is in place).

    With no host flag: every host found on this machine (claude or codex on PATH or their
    settings directories present; dsh likewise).
    """
    from stalegreen.install import files

    files.start_plan()
    try:
        _install(all_hosts, claude, codex, dsh, project, advisory, permission, trust, force, dry_run,
                 dsh_profile, link)
    except OSError as exc:     # unwritable directory, full disk: a message, not a traceback
        click.echo("error: %s%s" % (exc.strerror or exc, ": %s" % exc.filename if exc.filename else ""),
                   err=True)
        raise SystemExit(1)


def _targets_or_detected(all_hosts, claude, codex, dsh):
    targets = _targets(all_hosts, claude, codex, dsh)
    if targets:
        return targets
    targets = detected_hosts()
    if not targets:
        raise click.UsageError("no Claude Code, Codex or dsh found on this machine (not on PATH, no "
                               "~/.claude, ~/.codex or ~/.dsh); say which: --claude, --codex, --dsh or --all")
    click.echo("Hosts found on this machine: %s (pick others with --claude, --codex, --dsh, --all)"
               % ", ".join(targets))
    return targets


def _install(all_hosts, claude, codex, dsh, project, advisory, permission, trust, force, dry_run,
             dsh_profile=None, link=None):
    from stalegreen.hosts.claude import install as claude_host
    from stalegreen.hosts.codex import install as codex_host
    from stalegreen.hosts.dsh import install as dsh_host
    from stalegreen.install import executable, files

    targets = _targets_or_detected(all_hosts, claude, codex, dsh)
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

    if "claude" in targets:
        enabled = claude_host.plugin_enabled(project_dir)
        if enabled and not force:
            click.echo("Claude Code: the stalegreen plugin is enabled in %s; its hooks already run, "
                       "so settings hooks would run everything twice. Skipped (use the plugin, or "
                       "`claude plugin disable stalegreen@stalegreen` and rerun; --force registers "
                       "anyway)." % ", ".join(enabled))
        else:
            existed = os.path.exists(claude_host.settings_path(project_dir))
            path, changed, notes = claude_host.install(manifest, python, script, project_dir, dry_run)
            click.echo("Claude Code: %s %s" % (_verb(changed, dry_run, existed), path))
            for note in notes:
                click.echo("  warning: %s" % note)
            if enabled:
                click.echo("  warning: the stalegreen plugin is enabled too (%s): hooks run twice"
                           % ", ".join(enabled))
            click.echo("  New Claude Code sessions pick the hooks up; /hooks shows them.")

    if "codex" in targets:
        existed = os.path.exists(codex_host.hooks_path(project_dir))
        path, changed, notes = codex_host.install(manifest, python, script, project_dir, dry_run,
                                                  trust=trust)
        click.echo("Codex: %s %s" % (_verb(changed, dry_run, existed), path))
        for note in notes:
            loud = note.startswith(codex_host.NOT_TRUSTED)
            click.echo(("  IMPORTANT: %s" if loud else "  %s") % note, err=loud)
        failed = failed or (trust is True and not dry_run and any(
            n.startswith(codex_host.NOT_TRUSTED) for n in notes))

    if "dsh" in targets:
        added = []
        for line, code, message in dsh_host.install(dry_run, dsh_profile):
            click.echo("dsh: %s" % message, err=bool(code))
            failed = failed or bool(code)
            if code == 0:
                added.append(line.split("--profile ", 1)[1].split(" ", 1)[0])
        if added and not dry_run:
            manifest["dsh"] = sorted(set(manifest.get("dsh", [])) | set(added))

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


def _verb(changed, dry_run, existed=True):
    if dry_run:
        if not changed:
            return "already up to date:"
        return "would update" if existed else "would create"
    return "registered hooks in" if changed else "already up to date:"

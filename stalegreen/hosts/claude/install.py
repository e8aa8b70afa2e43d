"""Claude Code: hooks in ``settings.json`` (user: ``$CLAUDE_CONFIG_DIR`` or ``~/.claude``;
project: ``<cwd>/.claude``), and the marketplace plugin as the alternative.

Events: PreToolUse for Bash (the rewrite), PostToolUse *and* PostToolUseFailure (a failing Bash
command fires only the latter) for Bash, file edits, background output and MCP tools,
UserPromptSubmit (background task notifications arrive as a new prompt), Stop, SubagentStop.
"""

import os
import subprocess

from stalegreen.install import files, hookfile
from stalegreen.install.executable import hook_command, quote

HOST = "claude"
LABEL = "Claude Code"
HOME_HINT = "~/.claude"
INSTALL_HELP = "Claude Code hooks (settings.json)."
UNINSTALL_HELP = INSTALL_HELP
INSTALL_OPTIONS = ((("--force",), {"is_flag": True,
                                   "help": "Claude: register hooks even though the stalegreen plugin is enabled."}),)
PROJECT_FILE = os.path.join(".claude", "settings.json")
PLUGIN_ID = "stalegreen@stalegreen"
TOOL_MATCHER = "^(Bash|Edit|Write|MultiEdit|NotebookEdit|TaskOutput|BashOutput|KillShell|mcp__.+)$"
# (event, matcher, timeout seconds): the hook gives up and allows after 8 s itself
EVENTS = (
    ("PreToolUse", "Bash", 10),
    ("PostToolUse", TOOL_MATCHER, 10),
    ("PostToolUseFailure", TOOL_MATCHER, 10),
    ("UserPromptSubmit", None, 10),
    ("Stop", None, 30),
    ("SubagentStop", None, 30),
)


def config_dir():
    return os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")


def hooks_path(project=None):
    """The settings.json our hooks go in: the user's, or ``project``'s."""
    if project:
        return os.path.join(os.path.abspath(project), PROJECT_FILE)
    return os.path.join(config_dir(), "settings.json")


def detected():
    from stalegreen.install.executable import on_path

    return bool(on_path("claude")) or os.path.isdir(config_dir())


def registered(manifest):
    return any(record.get("owner") == HOST for record in manifest["files"].values())


def problems(project):
    """What stops an install before anything is written: a settings file that does not parse."""
    path = hooks_path(project)
    try:
        files.parse_json(path, files.read_bytes(path))
    except files.FileProblem as exc:
        return [str(exc)]
    return []


def wanted(python, pyz):
    return {event: hookfile.desired_group(matcher, hook_command(python, pyz, HOST, event), timeout)
            for event, matcher, timeout in EVENTS}


def plugin_enabled(project=None):
    """Settings files that enable the stalegreen plugin (its hooks would run a second time)."""
    paths = [hooks_path()]
    if project:
        paths += [hooks_path(project), os.path.join(os.path.abspath(project), ".claude",
                                                        "settings.local.json")]
    found = []
    for path in paths:
        try:
            settings = files.parse_json(path, files.read_bytes(path))
        except files.FileProblem:
            continue
        enabled = settings.get("enabledPlugins")
        if isinstance(enabled, dict) and any(
                key.split("@", 1)[0] == "stalegreen" and value for key, value in enabled.items()):
            found.append(path)
    return found


def install(manifest, python, pyz, project=None, dry_run=False, home=None):
    """Register our hooks. Returns (path, changed, notes)."""
    path = hooks_path(project)
    edit = files.Edit(path, manifest, home)
    settings = files.parse_json(path, edit.before)
    pristine = not hookfile.find(settings, HOST)
    created = hookfile.apply(path, settings, HOST, wanted(python, pyz))
    notes = []
    if settings.get("disableAllHooks") is True:
        notes.append('%s has "disableAllHooks": true, so Claude Code runs no hooks at all' % path)
    changed = edit.write(files.dump_json(settings, edit.before), dry_run, pristine)
    record = edit.record
    if record is not None and "created_keys" not in record:
        record["created_keys"] = created if pristine else None   # unknown: drop what empties
        record["owner"] = HOST
    return path, changed, notes


def uninstall(manifest, project=None, dry_run=False, home=None):
    """Remove our hooks. Returns (path, removed count, outcome)."""
    path = hooks_path(project)
    edit = files.Edit(path, manifest, home)
    if edit.before is None:
        return path, 0, "absent"
    settings = files.parse_json(path, edit.before)
    record = edit.record or {}
    removed = hookfile.remove(path, settings, HOST, record.get("created_keys"))
    if not removed and not record:
        return path, 0, "unchanged"
    outcome = edit.restore_or_write(files.dump_json(settings, edit.before),
                                    nothing_left=not hookfile.find(settings, HOST), dry_run=dry_run)
    return path, removed, outcome


def run_install(run):
    """``stalegreen install --claude``: register, or step aside for the plugin. Returns failed."""
    from stalegreen.install.targets import verb

    enabled = plugin_enabled(run.project)
    if enabled and not run.options.get("force"):
        run.echo("Claude Code: the stalegreen plugin is enabled in %s; its hooks already run, "
                 "so settings hooks would run everything twice. Skipped (use the plugin, or "
                 "`claude plugin disable stalegreen@stalegreen` and rerun; --force registers "
                 "anyway)." % ", ".join(enabled))
        return False
    existed = os.path.exists(hooks_path(run.project))
    path, changed, notes = install(run.manifest, run.python, run.script, run.project, run.dry_run)
    run.echo("Claude Code: %s %s" % (verb(changed, run.dry_run, existed), path))
    for note in notes:
        run.echo("  warning: %s" % note)
    if enabled:
        run.echo("  warning: the stalegreen plugin is enabled too (%s): hooks run twice" % ", ".join(enabled))
    run.echo("  New Claude Code sessions pick the hooks up; /hooks shows them.")
    return False


def run_uninstall(run):
    from stalegreen.install.targets import describe_removal

    path, removed, outcome = uninstall(run.manifest, run.project, run.dry_run)
    run.echo("Claude Code: %s" % describe_removal(path, removed, outcome))
    return False


def health(report, context):
    """doctor: our hooks in the user's and each project's settings, and the plugin beside them."""
    from stalegreen.install.hookfile import check_file

    registered_in = []
    for scope, project in context.scopes():
        path = hooks_path(project)
        if scope == "project" and os.path.abspath(path) == os.path.abspath(hooks_path()):
            continue
        settings = check_file(report, HOST, scope, path, [e for e, _, _ in EVENTS], context.expected, project)
        if settings and hookfile.find(settings, HOST):
            registered_in.append(path)
            if settings.get("disableAllHooks") is True:
                report.problem('%s sets "disableAllHooks": true; no hook runs' % path,
                               'remove "disableAllHooks" from %s' % path)
    plugin = plugin_enabled(context.cwd)
    copies = _check_plugin(report, plugin) if plugin else []
    if plugin and registered_in:
        report.problem("stalegreen runs twice in Claude Code: the plugin is enabled (%s) and hooks are "
                       "registered in %s (to keep these hooks instead, run `claude plugin disable "
                       "stalegreen@stalegreen`)" % (", ".join(plugin), ", ".join(registered_in)),
                       "%s uninstall --claude   (keeps the plugin)" % report.cmd)
    return {"plugin": plugin, "pluginCopies": copies}


def _marketplace(settings_paths):
    """Where the stalegreen marketplace comes from, as ``claude plugin marketplace add`` takes it
    (the settings' ``extraKnownMarketplaces``): Claude installs nothing from a marketplace it only
    knows by name, and adding one twice is harmless."""
    for path in settings_paths:
        try:
            known = files.parse_json(path, files.read_bytes(path)).get("extraKnownMarketplaces")
        except (files.FileProblem, OSError):
            continue
        entry = known.get("stalegreen") if isinstance(known, dict) else None
        source = entry.get("source") if isinstance(entry, dict) else None
        if isinstance(source, dict):
            where = source.get("path") or source.get("repo") or source.get("url")
            if isinstance(where, str) and where:
                return quote(where)
    return "<a clone of the stalegreen repository>"


def _check_plugin(report, enabled):
    """The copy of the plugin Claude Code runs (its ``installed_plugins.json``): present, and its
    launcher finds a Python 3.8+ and runs (without one it exits 0 and every hook does nothing)."""
    index = os.path.join(config_dir(), "plugins", "installed_plugins.json")
    try:
        installed = files.parse_json(index, files.read_bytes(index)).get("plugins")
    except (files.FileProblem, OSError):
        installed = None
    entries = [entry for key, values in (installed.items() if isinstance(installed, dict) else ())
               if key.split("@", 1)[0] == "stalegreen" and isinstance(values, list)
               for entry in values if isinstance(entry, dict) and isinstance(entry.get("installPath"), str)]
    again = "claude plugin marketplace add %s && claude plugin install %s" % (_marketplace(enabled), PLUGIN_ID)
    if not entries:
        report.problem("the stalegreen plugin is enabled in %s but Claude Code has no copy of it (%s): no "
                       "hook runs" % (", ".join(enabled), index), again)
        return []
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PLUGIN_DATA"}   # no memo written
    copies = []
    for entry in entries:
        root = entry["installPath"]
        launcher = os.path.join(root, "bin", "stalegreen")
        copy = {"dir": root, "scope": entry.get("scope"), "version": entry.get("version"), "runs": False}
        copies.append(copy)
        if not (os.path.isfile(launcher) and os.path.isfile(os.path.join(root, "bin", "stalegreen.pyz"))):
            report.problem("the plugin copy %s has no bin/stalegreen and bin/stalegreen.pyz: no hook runs" % root,
                           "claude plugin uninstall %s && %s" % (PLUGIN_ID, again))
            continue
        try:
            result = subprocess.run(["sh", launcher, "--version"], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=env, timeout=60)
            out, err = result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")
        except (OSError, subprocess.SubprocessError) as exc:
            out, err = "", str(exc)
        copy["runs"] = out.startswith("stalegreen")
        if not copy["runs"]:
            report.problem("the plugin's launcher %s does not run stalegreen (%s): its hooks do nothing"
                           % (launcher, (err or out).strip()[-300:] or "no output"),
                           "put a Python 3.8 or newer on PATH as python3, or export STALEGREEN_PYTHON="
                           "/path/to/python3.8+ where Claude Code starts")
    return copies


def doctor_lines(info):
    if info.get("plugin"):
        return ["claude plugin stalegreen enabled in %s" % ", ".join(info["plugin"])]
    return []

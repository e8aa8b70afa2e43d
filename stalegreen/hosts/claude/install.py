"""Claude Code: hooks in ``settings.json`` (user: ``$CLAUDE_CONFIG_DIR`` or ``~/.claude``;
project: ``<cwd>/.claude``), and the marketplace plugin as the alternative.

Events: PreToolUse for Bash (the rewrite), PostToolUse *and* PostToolUseFailure (a failing Bash
command fires only the latter) for Bash, file edits, background output and MCP tools,
UserPromptSubmit (background task notifications arrive as a new prompt), Stop, SubagentStop.
"""

import os

from stalegreen.install import files, hookfile
from stalegreen.install.executable import hook_command

HOST = "claude"
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


def settings_path(project=None):
    if project:
        return os.path.join(os.path.abspath(project), ".claude", "settings.json")
    return os.path.join(config_dir(), "settings.json")


def wanted(python, pyz):
    return {event: hookfile.desired_group(matcher, hook_command(python, pyz, HOST, event), timeout)
            for event, matcher, timeout in EVENTS}


def plugin_enabled(project=None):
    """Settings files that enable the stalegreen plugin (its hooks would run a second time)."""
    paths = [settings_path()]
    if project:
        paths += [settings_path(project), os.path.join(os.path.abspath(project), ".claude",
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
    path = settings_path(project)
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
    path = settings_path(project)
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

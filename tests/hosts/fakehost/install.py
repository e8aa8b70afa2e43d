"""The fake host keeps its hooks in ``$FAKEHOST_HOME/hooks.json`` (default ``~/.fakehost``), in
the ``{"hooks": {Event: [group]}}`` shape Claude Code and Codex use, so the shared helpers of
``stalegreen.install`` do all the work."""

import os

from stalegreen.install import files, hookfile
from stalegreen.install.executable import hook_command

HOST = "fakehost"
LABEL = "Fake Host"
HOME_HINT = "~/.fakehost"
INSTALL_HELP = "The fake host's hooks (hooks.json)."
UNINSTALL_HELP = INSTALL_HELP
PROJECT_FILE = os.path.join(".fakehost", "hooks.json")
EVENTS = ("Shell", "Done")


def home():
    return os.environ.get("FAKEHOST_HOME") or os.path.join(os.path.expanduser("~"), ".fakehost")


def hooks_path(project=None):
    return os.path.join(os.path.abspath(project), PROJECT_FILE) if project else os.path.join(home(), "hooks.json")


def detected():
    return os.path.isdir(home())


def registered(manifest):
    return any(record.get("owner") == HOST for record in manifest["files"].values())


def problems(project):
    path = hooks_path(project)
    try:
        files.parse_json(path, files.read_bytes(path))
    except files.FileProblem as exc:
        return [str(exc)]
    return []


def run_install(run):
    path = hooks_path(run.project)
    edit = files.Edit(path, run.manifest)
    settings = files.parse_json(path, edit.before)
    pristine = not hookfile.find(settings, HOST)
    wanted = dict((event, hookfile.desired_group(None, hook_command(run.python, run.script, HOST, event), 10))
                  for event in EVENTS)
    created = hookfile.apply(path, settings, HOST, wanted)
    changed = edit.write(files.dump_json(settings, edit.before), run.dry_run, pristine)
    if edit.record is not None and "created_keys" not in edit.record:
        edit.record["created_keys"] = created if pristine else None
        edit.record["owner"] = HOST
    run.echo("Fake Host: %s %s" % ("registered hooks in" if changed else "already up to date:", path))
    return False


def run_uninstall(run):
    from stalegreen.install.targets import describe_removal

    path = hooks_path(run.project)
    edit = files.Edit(path, run.manifest)
    if edit.before is None:
        run.echo("Fake Host: %s" % describe_removal(path, 0, "absent"))
        return False
    settings = files.parse_json(path, edit.before)
    removed = hookfile.remove(path, settings, HOST, (edit.record or {}).get("created_keys"))
    outcome = edit.restore_or_write(files.dump_json(settings, edit.before),
                                    nothing_left=not hookfile.find(settings, HOST), dry_run=run.dry_run)
    run.echo("Fake Host: %s" % describe_removal(path, removed, outcome))
    return False


def health(report, context):
    for scope, project in context.scopes():
        path = hooks_path(project)
        if scope == "project" and path == hooks_path():
            continue
        hookfile.check_file(report, HOST, scope, path, list(EVENTS), context.expected, project)
    return {"fakehost": {"home": home()}}


def doctor_lines(info):
    return ["fakehost home %s" % info["fakehost"]["home"]]

"""Codex CLI: hooks in ``hooks.json`` (user: ``$CODEX_HOME`` or ``~/.codex``; project:
``<cwd>/.codex``), plus the few ``config.toml`` edits that are really needed.

Codex skips every new or changed command hook until it is trusted (``/hooks`` in the TUI), and
loads project ``.codex/`` hooks only for a trusted project. ``--trust`` does what ``/hooks`` does:
it asks ``codex app-server`` (``hooks/list``) for each of our hooks' current hash and records
``[hooks.state."<key>"] trusted_hash`` in the user's ``config.toml``. config.toml is edited with
tomlkit so comments, order and formatting stay as they were, and only when something must change:
hooks turned off under ``[features]``, trust requested.
"""

import json
import os
import shutil
import subprocess

from stalegreen.install import files, hookfile
from stalegreen.install.executable import hook_command, ours

HOST = "codex"
LABEL = "Codex"
HOME_HINT = "~/.codex"
INSTALL_HELP = "Codex CLI hooks (hooks.json)."
UNINSTALL_HELP = "Codex hooks (hooks.json) and the config.toml keys install set."
INSTALL_OPTIONS = ((("--trust/--no-trust", "trust"), {
    "default": None,
    "help": "Codex: record the hooks just written as trusted (as /hooks does) via `codex app-server`. "
            "Default: when codex is on PATH. --trust with --project also marks the project trusted."}),)
PROJECT_FILE = os.path.join(".codex", "hooks.json")
TOOL_MATCHER = "^(Bash|apply_patch|Edit|Write|mcp__.+)$"
EVENTS = (
    ("PreToolUse", "^Bash$", 10),
    ("PostToolUse", TOOL_MATCHER, 10),
    ("UserPromptSubmit", None, 10),
    ("Stop", None, 30),
    ("SubagentStop", None, 30),
)
FEATURE_KEYS = ("hooks", "codex_hooks")   # codex_hooks: the deprecated alias


def codex_home():
    return os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")


def hooks_path(project=None):
    if project:
        return os.path.join(os.path.abspath(project), PROJECT_FILE)
    return os.path.join(codex_home(), "hooks.json")


def config_path():
    return os.path.join(codex_home(), "config.toml")


def wanted(python, pyz):
    return {event: hookfile.desired_group(matcher, hook_command(python, pyz, HOST, event), timeout)
            for event, matcher, timeout in EVENTS}


def find_codex():
    return os.environ.get("CODEX_BIN") or shutil.which("codex")


def detected():
    return bool(find_codex()) or os.path.isdir(codex_home())


def registered(manifest):
    return any(record.get("owner") == HOST for record in manifest["files"].values())


def problems(project):
    """What stops an install before anything is written: hooks.json or config.toml unreadable."""
    found = []
    path = hooks_path(project)
    try:
        files.parse_json(path, files.read_bytes(path))
    except files.FileProblem as exc:
        found.append(str(exc))
    try:
        load_config(config_path(), files.read_bytes(config_path()))
    except files.FileProblem as exc:
        found.append(str(exc))
    return found


# ----------------------------------------------------------------------------- config.toml

def load_config(path, data):
    """Parse config.toml with tomlkit (None when absent). Raises FileProblem with the line."""
    import tomlkit
    from tomlkit.exceptions import ParseError

    if data is None:
        return tomlkit.document()
    try:
        return tomlkit.parse(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise files.FileProblem("%s: not UTF-8 (byte %d); not changed" % (path, exc.start))
    except ParseError as exc:
        raise files.FileProblem("%s: line %s column %s: not valid TOML (%s); not changed"
                                % (path, exc.line, exc.col, str(exc).split(" at line")[0]))


def hooks_disabled(doc):
    """The [features] key that turns hooks off, or None."""
    features = doc.get("features")
    if features is None:
        return None
    for key in FEATURE_KEYS:
        if features.get(key) is False:
            return key
    return None


def project_trusted(doc, project):
    projects = doc.get("projects") or {}
    entry = projects.get(os.path.abspath(project)) if hasattr(projects, "get") else None
    return bool(entry) and entry.get("trust_level") == "trusted"


def trusted_hashes(doc):
    """{key: trusted_hash} from ``[hooks.state."<key>"]`` tables."""
    hooks = doc.get("hooks")
    state = hooks.get("state") if hasattr(hooks, "get") else None
    out = {}
    if hasattr(state, "items"):
        for key, table in state.items():
            if hasattr(table, "get") and table.get("trusted_hash"):
                out[str(key)] = str(table.get("trusted_hash"))
    return out


def _set(doc, dotted, value):
    """Set a nested key (creating super-tables), returning the previous value or None."""
    import tomlkit

    table = doc
    for part in dotted[:-1]:
        if part not in table:
            table[part] = tomlkit.table(is_super_table=True)
        table = table[part]
    previous = table.get(dotted[-1])
    table[dotted[-1]] = value
    return previous


def list_hooks(codex, cwd, env=None, timeout=30.0):
    """``codex app-server`` ``hooks/list`` for ``cwd``: the list of hook dicts (key, command,
    sourcePath, currentHash, trustStatus, ...). Raises RuntimeError on failure."""
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"clientInfo": {"name": "stalegreen", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": {"cwds": [cwd]}},
    ]
    proc = subprocess.Popen([codex, "app-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    import threading

    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    reply = None
    try:
        proc.stdin.write("".join(json.dumps(r) + "\n" for r in requests).encode("utf-8"))
        proc.stdin.flush()
        for line in proc.stdout:
            try:
                message = json.loads(line.decode("utf-8"))
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == 2:
                reply = message
                break
    finally:
        timer.cancel()
        try:
            proc.stdin.close()
        except OSError:
            pass
        proc.kill()
        proc.wait()
    if not reply or "result" not in reply:
        raise RuntimeError("codex app-server hooks/list gave no answer: %s"
                           % (reply.get("error") if reply else "no reply (timed out or exited)"))
    hooks = []
    for entry in reply["result"].get("data", []):
        hooks.extend(entry.get("hooks", []))
    return hooks


def our_listed_hooks(listed, hooks_file):
    target = os.path.realpath(hooks_file)
    return [h for h in listed
            if os.path.realpath(h.get("sourcePath") or "") == target and ours(h.get("command") or "")]


# ----------------------------------------------------------------------------- install

def install(manifest, python, pyz, project=None, dry_run=False, home=None, trust=None):
    """Register our hooks and make the needed config.toml edits. Returns (path, changed, notes)."""
    import tomlkit

    path = hooks_path(project)
    edit = files.Edit(path, manifest, home)
    settings = files.parse_json(path, edit.before)
    pristine = not hookfile.find(settings, HOST)
    created = hookfile.apply(path, settings, HOST, wanted(python, pyz))

    cfg_path = config_path()
    cfg_edit = files.Edit(cfg_path, manifest, home)
    doc = load_config(cfg_path, cfg_edit.before)     # refuse before touching anything
    changed = edit.write(files.dump_json(settings, edit.before), dry_run, pristine)
    record = edit.record
    if record is not None and "created_keys" not in record:
        record["created_keys"] = created if pristine else None   # unknown: drop what empties
        record["owner"] = HOST

    notes = []
    undo = []        # config.toml keys we changed: (dotted key, previous value or None)
    disabled = hooks_disabled(doc)
    if disabled:
        undo.append((["features", disabled], False))
        _set(doc, ["features", disabled], True)
        notes.append("turned hooks back on in %s ([features] %s = true; it was false)"
                     % (cfg_path, disabled))
    if project and not project_trusted(doc, project):
        if trust is True:
            previous = _set(doc, ["projects", os.path.abspath(project), "trust_level"], "trusted")
            undo.append((["projects", os.path.abspath(project), "trust_level"],
                         None if previous is None else str(previous)))
            notes.append("marked %s as a trusted project in %s" % (os.path.abspath(project), cfg_path))
        else:
            notes.append("%s: Codex loads %s only in a trusted project; trust it in Codex, or rerun "
                         "with --trust" % (NOT_TRUSTED, path))
    if undo and not dry_run:
        cfg_edit.write(tomlkit.dumps(doc).encode("utf-8"))
        recorded = cfg_edit.record.setdefault("undo", [])
        for key, previous in undo:      # keep the value from before our first change
            if key not in [item[0] for item in recorded]:
                recorded.append([key, previous])
        cfg_edit.record["owner"] = "codex-config"

    notes.extend(_trust_notes(manifest, path, project, home, trust, dry_run))
    return path, changed, notes


NOT_TRUSTED = "Codex will skip these hooks"


def _trust_notes(manifest, hooks_file, project, home, trust, dry_run):
    """Trust what was just written (``trust`` None: when codex is on PATH; False: never), and
    say loudly, starting with NOT_TRUSTED, whenever the hooks end up untrusted."""
    how = "open Codex and review them with /hooks"
    if trust is False:
        return ["%s unless Codex already trusts them (--no-trust asked nothing): %s, or rerun "
                "install without --no-trust" % (NOT_TRUSTED, how)]
    codex = find_codex()
    if not codex:
        return ["%s until you trust them: codex is not on PATH (nor CODEX_BIN), so install could not "
                "trust them; %s, or rerun install with codex on PATH" % (NOT_TRUSTED, how)]
    if dry_run:
        return ["would record Codex trust for the hooks (via %s app-server)" % codex]
    ok, note = record_trust(manifest, codex, hooks_file, project, home)
    return [note if ok else "%s: %s; %s" % (NOT_TRUSTED, note, how)]


def record_trust(manifest, codex, hooks_file, project=None, home=None):
    """Write ``trusted_hash`` for each of our hooks Codex reports as untrusted or modified.
    Returns (trusted, note)."""
    import tomlkit

    cwd = os.path.abspath(project or os.getcwd())
    try:
        listed = our_listed_hooks(list_hooks(codex, cwd), hooks_file)
    except (OSError, RuntimeError) as exc:
        return False, "could not ask Codex for the hook hashes (%s)" % exc
    pending = [h for h in listed if h.get("trustStatus") in ("untrusted", "modified")]
    if not listed:
        return False, "Codex does not list our hooks from %s (is the project trusted?)" % hooks_file
    if not pending:
        return True, "Codex already trusts our %d hooks" % len(listed)
    cfg_path = config_path()
    edit = files.Edit(cfg_path, manifest, home)
    doc = load_config(cfg_path, edit.before)
    for hook in pending:
        _set(doc, ["hooks", "state", hook["key"], "trusted_hash"], hook["currentHash"])
    edit.write(tomlkit.dumps(doc).encode("utf-8"))
    keys = edit.record.setdefault("trusted_keys", [])
    keys.extend(h["key"] for h in pending if h["key"] not in keys)
    edit.record["owner"] = "codex-config"
    return True, "recorded Codex trust for %d hooks in %s" % (len(pending), cfg_path)


def uninstall(manifest, project=None, dry_run=False, home=None):
    """Remove our hooks, and undo our config.toml edits once no Codex hooks of ours remain."""
    path = hooks_path(project)
    results = []
    edit = files.Edit(path, manifest, home)
    if edit.before is not None:
        settings = files.parse_json(path, edit.before)
        record = edit.record or {}
        removed = hookfile.remove(path, settings, HOST, record.get("created_keys"))
        if removed or record:
            outcome = edit.restore_or_write(files.dump_json(settings, edit.before),
                                            nothing_left=not hookfile.find(settings, HOST),
                                            dry_run=dry_run)
            results.append((path, removed, outcome))
    if not any(r.get("owner") == HOST for p, r in manifest["files"].items()):
        results.extend(_undo_config(manifest, dry_run, home))
    return results or [(path, 0, "absent" if edit.before is None else "unchanged")]


def _undo_config(manifest, dry_run, home):
    import tomlkit

    cfg_path = config_path()
    edit = files.Edit(cfg_path, manifest, home)
    record = edit.record
    if not record or edit.before is None:
        return []
    doc = load_config(cfg_path, edit.before)
    for dotted, previous in record.get("undo", []):
        table = doc
        for part in dotted[:-1]:
            table = table.get(part) if hasattr(table, "get") else None
        if table is None:
            continue
        if previous is None:
            table.pop(dotted[-1], None)
        else:
            table[dotted[-1]] = previous
    state = doc.get("hooks", {}).get("state") if hasattr(doc.get("hooks"), "get") else None
    for key in record.get("trusted_keys", []):
        if state is not None and key in state:
            del state[key]
    _drop_empty(doc)
    outcome = edit.restore_or_write(tomlkit.dumps(doc).encode("utf-8"), nothing_left=True,
                                    dry_run=dry_run)
    return [(cfg_path, len(record.get("undo", [])) + len(record.get("trusted_keys", [])), outcome)]


def _drop_empty(doc):
    """Remove tables our edits left empty (hooks.state, hooks, projects."<p>")."""
    for name in ("hooks", "projects"):
        table = doc.get(name)
        if not hasattr(table, "items"):
            continue
        for key in list(table.keys()):
            value = table[key]
            if hasattr(value, "items") and not len(value):
                del table[key]
        if not len(table):
            del doc[name]


def run_install(run):
    """``stalegreen install --codex``. Returns failed: trust was asked for and not recorded."""
    from stalegreen.install.targets import verb

    trust = run.options.get("trust")
    existed = os.path.exists(hooks_path(run.project))
    path, changed, notes = install(run.manifest, run.python, run.script, run.project, run.dry_run, trust=trust)
    run.echo("Codex: %s %s" % (verb(changed, run.dry_run, existed), path))
    for note in notes:
        loud = note.startswith(NOT_TRUSTED)
        run.echo(("  IMPORTANT: %s" if loud else "  %s") % note, err=loud)
    return trust is True and not run.dry_run and any(n.startswith(NOT_TRUSTED) for n in notes)


def run_uninstall(run):
    from stalegreen.install.targets import describe_removal

    for path, removed, outcome in uninstall(run.manifest, run.project, run.dry_run):
        run.echo("Codex: %s" % describe_removal(path, removed, outcome))
    return False


# ----------------------------------------------------------------------------- doctor

def health(report, context):
    """doctor: our hooks in the user's and each project's hooks.json, hooks turned on, trusted."""
    from stalegreen.install.hookfile import check_file

    cfg = config_path()
    try:
        doc = load_config(cfg, files.read_bytes(cfg))
        disabled = hooks_disabled(doc)
    except files.FileProblem as exc:
        report.problem(str(exc), "fix the TOML in %s" % cfg)
        doc, disabled = None, None
    for scope, project in context.scopes():
        path = hooks_path(project)
        if scope == "project" and os.path.abspath(path) == os.path.abspath(hooks_path()):
            continue
        settings = check_file(report, HOST, scope, path, [e for e, _, _ in EVENTS], context.expected, project)
        if settings and hookfile.find(settings, HOST):
            if disabled:
                report.problem("Codex hooks are turned off in %s ([features] %s = false)" % (cfg, disabled),
                               "%s install --codex" % report.cmd)
            if scope == "project" and doc is not None and not project_trusted(doc, project):
                report.problem("Codex ignores %s: %s is not a trusted project" % (path, project),
                               "%s install --codex --project --trust  (or trust it in Codex)" % report.cmd)
            _check_trust(report, path, settings, project)
    return {}


def doctor_lines(info):
    return []


def _snake(event):
    out = ""
    for i, ch in enumerate(event):
        out += ("_" if i and ch.isupper() else "") + ch.lower()
    return out


def _check_trust(report, path, settings, project):
    """Trust of our Codex hooks: from ``codex app-server`` when available, else config.toml."""
    location = report.locations[-1]
    codex_bin = find_codex()
    cfg = config_path()
    fix = "%s install --codex%s --trust   (or review them with /hooks in Codex)" % (
        report.cmd, " --project" if project else "")
    if codex_bin:
        try:
            listed = our_listed_hooks(list_hooks(codex_bin, os.path.abspath(project or os.getcwd())), path)
        except (OSError, RuntimeError) as exc:
            report.warn("could not ask Codex about hook trust: %s" % exc)
            listed = None
        if listed is not None:
            untrusted = [h for h in listed if h.get("trustStatus") != "trusted"]
            location["trust"] = "trusted" if listed and not untrusted else "untrusted"
            if not listed:
                report.problem("Codex does not load %s (project not trusted?)" % path, fix)
            elif untrusted:
                report.problem("Codex has not trusted %d of our hooks in %s (%s): they are skipped"
                               % (len(untrusted), path, ", ".join(sorted({h.get("trustStatus", "?") for h in untrusted}))), fix)
            return
    try:
        doc = load_config(cfg, files.read_bytes(cfg))
    except files.FileProblem as exc:
        report.problem(str(exc), "fix the TOML in %s" % cfg)
        return
    recorded = trusted_hashes(doc)
    keys = []
    for event, groups in (settings.get("hooks") or {}).items():
        for gi, group in enumerate(groups if isinstance(groups, list) else []):
            for hi, handler in enumerate(group.get("hooks", []) if isinstance(group, dict) else []):
                if isinstance(handler, dict) and ours(handler.get("command")):
                    keys.append("%s:%s:%d:%d" % (path, _snake(event), gi, hi))
    missing = [k for k in keys if k not in recorded]
    location["trust"] = "recorded (not verified: codex not on PATH)" if not missing else "untrusted"
    if missing:
        report.problem("Codex has no trust recorded for %d of our hooks in %s: they are skipped"
                       % (len(missing), path), fix)

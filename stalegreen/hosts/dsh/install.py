"""DeepSeek Harness: the bridge is a dsh plugin (``dsh-bridge/`` in the repository), shipped
inside this package and the zipapp as ``stalegreen/dsh_plugin/``. ``install --dsh`` writes it to
``<home>/dsh-plugin/`` and runs dsh's own ``dsh plugin --profile <name> add <that dir>`` (dsh
0.1.0-rc.8 requires ``--profile``; a directory is linked, so the folder must stay where it is).
The profile: ``--dsh-profile``, else every profile the user already has in
``$DSH_HOME/profiles``. The plugin finds the executable through ``<home>/bin/command.json``.
"""

import json
import os
import shutil
import subprocess

from stalegreen.engine.config import home_dir

HOST = "dsh"
LABEL = "dsh"
HOME_HINT = "~/.dsh"
INSTALL_HELP = "The DeepSeek Harness plugin (dsh plugin add)."
UNINSTALL_HELP = "The DeepSeek Harness plugin (dsh plugin remove)."
INSTALL_OPTIONS = ((("--dsh-profile",), {"metavar": "NAME",
                                         "help": "dsh: the profile to add the plugin to (default: the one dsh uses)."}),)
UNINSTALL_OPTIONS = ((("--dsh-profile",), {"metavar": "NAME", "help": "dsh: the profile to remove the plugin from."}),)
PROJECT_FILE = None     # a dsh plugin is per profile, not per project
PACKAGE = "dsh-plugin-stalegreen"
PREFIX = "stalegreen/dsh_plugin/"


def dsh_home():
    return os.environ.get("DSH_HOME") or os.path.join(os.path.expanduser("~"), ".dsh")


def plugin_dir(home=None):
    return os.path.join(home or home_dir(), "dsh-plugin")


def find_dsh():
    return shutil.which("dsh")


def detected():
    return bool(find_dsh()) or os.path.isdir(dsh_home())


def registered(manifest):
    return bool(manifest.get("dsh"))


def problems(project):
    return []       # nothing of the user's is parsed: dsh edits its own profiles


def bundled_files():
    """{relative path: bytes} of the plugin this stalegreen carries: from the zipapp it runs
    from, the installed package, or the checkout's ``dsh-bridge/``. Empty when none has it."""
    from stalegreen.install import pyz
    from stalegreen.install.executable import running_archive

    archive = running_archive()
    if archive:
        import zipfile

        with zipfile.ZipFile(archive) as zf:
            return {name[len(PREFIX):]: zf.read(name) for name in zf.namelist()
                    if name.startswith(PREFIX) and not name.endswith("/")}
    import stalegreen

    package = os.path.dirname(os.path.abspath(stalegreen.__file__))
    for directory in (os.path.join(package, "dsh_plugin"), os.path.join(os.path.dirname(package), "dsh-bridge")):
        entries = pyz.dsh_plugin_entries(directory)
        if entries:
            return {name[len(PREFIX):]: data for name, data in entries}
    return {}


def plugin_version(package_json_bytes):
    try:
        return json.loads(package_json_bytes.decode("utf-8")).get("version")
    except (ValueError, AttributeError):
        return None


def write_plugin(files_by_name, home=None):
    """Put the plugin's files in ``<home>/dsh-plugin`` (only what changed). Returns the dir."""
    from stalegreen.install import files

    target = plugin_dir(home)
    os.makedirs(target, mode=0o755, exist_ok=True)
    for name, data in sorted(files_by_name.items()):
        path = os.path.join(target, *name.split("/"))
        if files.read_bytes(path) != data:
            files.atomic_write(path, data, 0o644)
    return target


def profiles():
    """The profiles the user has: ``$DSH_HOME/profiles/<name>/package.json``."""
    root = os.path.join(dsh_home(), "profiles")
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [n for n in names if n != "node_modules" and os.path.isfile(os.path.join(root, n, "package.json"))]


def profile_state(profile):
    """(installed, version, linked dir) of our plugin in one profile, from its package.json."""
    directory = os.path.join(dsh_home(), "profiles", profile)
    try:
        with open(os.path.join(directory, "package.json"), "rb") as fh:
            manifest = json.loads(fh.read().decode("utf-8"))
    except (OSError, ValueError):
        return False, None, None
    spec = (manifest.get("dependencies") or {}).get(PACKAGE)
    bundles = ((manifest.get("dsh") or {}).get("profile") or {}).get("bundles") or []
    if not spec or PACKAGE not in bundles:
        return False, None, None
    installed = os.path.join(directory, "node_modules", PACKAGE)
    try:
        with open(os.path.join(installed, "package.json"), "rb") as fh:
            version = plugin_version(fh.read())
    except OSError:
        version = None
    return True, version, os.path.realpath(installed) if os.path.exists(installed) else None


def command_line(profile, *args):
    from stalegreen.install.executable import quote

    return " ".join(quote(w) for w in ["dsh", "plugin", "--profile", profile] + list(args))


def _run(profile, args, dry_run):
    """Returns (command line, exit code or None when not run, message)."""
    line = command_line(profile, *args)
    dsh = find_dsh()
    if dsh is None:
        return line, None, "dsh is not on PATH; once it is, run: %s" % line
    if dry_run:
        return line, None, "would run: %s" % line
    result = subprocess.run([dsh, "plugin", "--profile", profile] + list(args), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    output = result.stdout.decode("utf-8", "replace").strip()
    if result.returncode != 0:
        return line, result.returncode, "`%s` failed (exit %d): %s" % (line, result.returncode, output[-800:])
    return line, 0, "ran: %s" % line


def install(dry_run=False, profile=None, home=None):
    """Write the plugin and add it to the profile(s). Returns [(line, code, message)]."""
    bundled = bundled_files()
    if not bundled:
        return [(None, 1, "this stalegreen carries no dsh plugin (build the zipapp with ./zipapp.sh, "
                          "or install from the repository)")]
    target = plugin_dir(home) if dry_run else write_plugin(bundled, home)
    names = [profile] if profile else profiles()
    if not names:
        return [(None, None, "no dsh profile yet in %s: name the one you run, e.g. "
                             "`install --dsh --dsh-profile headless` (dsh creates it), or run: %s"
                 % (os.path.join(dsh_home(), "profiles"), command_line("<profile>", "add", target)))]
    return [_run(name, ["add", target], dry_run) for name in names]


def uninstall(dry_run=False, profile=None, home=None):
    """Remove the plugin from the profile(s) that have it, then its folder. [(line, code, message)]."""
    names = [profile] if profile else [n for n in profiles() if profile_state(n)[0]]
    results = [_run(name, ["remove", PACKAGE], dry_run) for name in names]
    if not results:
        results.append((None, None, "no dsh profile has the plugin"))
    if not dry_run and all(code == 0 for _, code, _ in results if code is not None) and \
            not [n for n in profiles() if profile_state(n)[0]]:
        shutil.rmtree(plugin_dir(home), ignore_errors=True)
    return results


def _profile_of(line):
    return line.split("--profile ", 1)[1].split(" ", 1)[0]


def run_install(run):
    """``stalegreen install --dsh``: the profiles given the plugin go into the manifest."""
    failed, added = False, []
    for line, code, message in install(run.dry_run, run.options.get("dsh_profile")):
        run.echo("dsh: %s" % message, err=bool(code))
        failed = failed or bool(code)
        if code == 0:
            added.append(_profile_of(line))
    if added and not run.dry_run:
        run.manifest["dsh"] = sorted(set(run.manifest.get("dsh", [])) | set(added))
    return failed


def run_uninstall(run):
    failed = False
    for line, code, message in uninstall(run.dry_run, run.options.get("dsh_profile")):
        run.echo("dsh: %s" % message, err=bool(code))
        failed = failed or bool(code)
        if code == 0 and not run.dry_run:
            removed = _profile_of(line)
            run.manifest["dsh"] = [p for p in run.manifest.get("dsh", []) if p != removed]
    return failed


def health(report, context):
    """doctor's dsh section: each profile's plugin, its version, and the executable it runs."""
    from stalegreen.install.executable import launcher_path

    wanted = context.manifest.get("dsh") or []
    rows = []
    for name in profiles():
        installed, version, linked = profile_state(name)
        rows.append({"profile": name, "installed": installed, "version": version, "dir": linked})
        if name in wanted and not installed:
            report.problem("the stalegreen plugin is gone from dsh profile %s" % name,
                           "%s install --dsh --dsh-profile %s" % (report.cmd, name))
        elif installed and linked is None:
            report.problem("dsh profile %s lists the stalegreen plugin but its files are gone" % name,
                           "%s install --dsh --dsh-profile %s" % (report.cmd, name))
    if any(r["installed"] for r in rows) and not os.path.isfile(os.path.join(os.path.dirname(
            launcher_path()), "command.json")):
        report.problem("the dsh plugin is installed but finds no stalegreen executable to run",
                       "%s install --dsh" % report.cmd)
    return {"dsh": {"dsh": find_dsh(), "home": dsh_home(), "profiles": rows}}


def doctor_lines(info):
    section = info.get("dsh") or {}
    lines = ["dsh    %-7s %s" % (row["profile"], "plugin %s (%s)" % (row["version"] or "?", row["dir"])
                                  if row["installed"] else "no stalegreen plugin")
             for row in section.get("profiles", [])]
    if not section.get("profiles"):
        lines.append("dsh    %s" % ("no profiles in %s" % section.get("home") if section.get("dsh") else "not on PATH"))
    return lines

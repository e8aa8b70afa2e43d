"""DeepSeek Harness: the bridge is a dsh plugin (``dsh-bridge/``, npm ``dsh-plugin-stalegreen``),
installed with dsh's own ``dsh plugin add``. We run that command when ``dsh`` is on PATH and
print it otherwise; the plugin finds ``<home>/bin/stalegreen.pyz`` (see ``bin/command.json``).
"""

import os
import shutil
import subprocess

PACKAGE = "dsh-plugin-stalegreen"


def dsh_home():
    return os.environ.get("DSH_HOME") or os.path.join(os.path.expanduser("~"), ".dsh")


def plugin_source():
    """The bridge next to this checkout (``<repo>/dsh-bridge``) when there is one, else the
    npm package name."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    candidate = os.path.join(here, "dsh-bridge")
    if os.path.isfile(os.path.join(candidate, "package.json")):
        return candidate
    return PACKAGE


def _run(argv, dry_run):
    from stalegreen.install.executable import quote

    line = " ".join(quote(w) for w in argv)
    dsh = shutil.which("dsh")
    if dsh is None:
        return line, None, "dsh is not on PATH; run this yourself: %s" % line
    if dry_run:
        return line, None, "would run: %s" % line
    result = subprocess.run([dsh] + argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = result.stdout.decode("utf-8", "replace").strip()
    if result.returncode != 0:
        return line, result.returncode, "`%s` failed (exit %d): %s" % (line, result.returncode, output)
    return line, 0, "ran: %s" % line


def _plugin_argv(profile):
    return ["dsh", "plugin"] + (["--profile", profile] if profile else [])


def install(dry_run=False, profile=None):
    """Returns (command line, exit code or None when not run, message)."""
    return _run(_plugin_argv(profile) + ["add", plugin_source()], dry_run)


def uninstall(dry_run=False, profile=None):
    return _run(_plugin_argv(profile) + ["remove", PACKAGE], dry_run)

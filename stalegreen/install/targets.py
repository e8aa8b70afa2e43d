"""The registered hosts (``stalegreen.hosts.HOSTS``) as install, uninstall and doctor see them.

Each host's ``install`` module does its own part; this module only chooses which hosts to act
on and hands each the same ``HostRun``. Nothing here names a host.
"""

from stalegreen import hosts


def installer(name):
    """The ``install`` module of host ``name``."""
    return hosts.module(name, "install")


def select(all_hosts, flags):
    """The hosts ``--all`` or their own ``--<host>`` flags name, in registry order."""
    return [name for name in hosts.names() if all_hosts or flags.get(name)]


def detected():
    """The hosts this machine has (each host's ``detected()``: its CLI or its home found)."""
    return [name for name in hosts.names() if installer(name).detected()]


def hook_files(manifest):
    """Files the manifest records as holding a host's hooks (their ``owner`` is the host)."""
    owners = hosts.names()
    return [path for path, record in manifest["files"].items() if record.get("owner") in owners]


def cli_options(kind):
    """``[(decls, kwargs)]``: the ``--<host>`` flags and each host's own options for the
    ``install`` or ``uninstall`` command (``kind``), in registry order."""
    flags, extra = [], []
    for name in hosts.names():
        module = installer(name)
        flags.append((("--" + name,), {"is_flag": True, "help": getattr(module, kind.upper() + "_HELP")}))
        extra.extend(getattr(module, kind.upper() + "_OPTIONS", ()))
    return flags + extra


class HostRun(object):
    """What one host's install or uninstall step gets: the manifest its edits are recorded in,
    the interpreter and launcher the hooks run (install only), the project folder (None: the
    user's own settings), whether to write nothing, the command's host options (``trust``,
    ``dsh_profile``...), and ``echo(text, err=False)`` to report each change."""

    __slots__ = ("manifest", "python", "script", "project", "dry_run", "options", "echo")

    def __init__(self, manifest, project, dry_run, options, echo, python=None, script=None):
        self.manifest = manifest
        self.project = project
        self.dry_run = dry_run
        self.options = options
        self.echo = echo
        self.python = python
        self.script = script


def verb(changed, dry_run, existed=True):
    """How an install step reports a hooks file."""
    if dry_run:
        if not changed:
            return "already up to date:"
        return "would update" if existed else "would create"
    return "registered hooks in" if changed else "already up to date:"


def describe_removal(path, removed, outcome):
    """How an uninstall step reports a file."""
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

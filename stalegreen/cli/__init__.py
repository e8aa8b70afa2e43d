"""The ``stalegreen`` command line (click). Commands load lazily, one module each."""

import importlib

import click

from stalegreen import __version__, hosts

# command name -> module in stalegreen.cli that defines ``command`` (a click.Command)
COMMANDS = {
    "install": "install",
    "uninstall": "uninstall",
    "doctor": "doctor",
    "explain": "explain",
    "claims": "claims",
    "check": "check",
    "receipt": "receipt",
    "history": "history",
    "stats": "stats",
    "redact": "redact",
}


class LazyGroup(click.Group):
    """Imports a command's module only when that command runs (or help lists it)."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        module_name = COMMANDS.get(name)
        if module_name is None:
            return None
        try:
            module = importlib.import_module("stalegreen.cli." + module_name)
        except ImportError:
            return None
        return getattr(module, "command", None)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="stalegreen")
def cli():
    """Keep a coding agent's green claims honest.

    Verification runs are recorded unmasked, and "done" is blocked when the evidence
    behind a green claim is stale, failed or masked.
    """


@cli.command("hook")
@click.argument("host")
@click.argument("event")
def hook_command(host, event):
    """Run one hook event (called by Claude Code, Codex and the dsh bridge)."""
    from stalegreen.hook import main as hook_main

    raise SystemExit(hook_main([host, event]))


def host_options(kind):
    """Decorator: a ``--<host>`` flag per registered host and each host's own options for the
    ``install`` or ``uninstall`` command (``kind``), from the hosts' ``install`` modules."""
    def decorate(function):
        from stalegreen.install import targets

        for decls, kwargs in reversed(targets.cli_options(kind)):
            function = click.option(*decls, **kwargs)(function)
        return function
    return decorate


def output_file(path):
    """Open ``path`` for a report (0600), or stop with a one-line error naming the problem."""
    import os

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError as exc:
        raise click.ClickException("cannot write %s: %s" % (path, exc.strerror or exc))
    return os.fdopen(fd, "w", encoding="utf-8")


def check_output_dir(path):
    """Fail before any slow work when ``path``'s directory is missing or not writable."""
    import os

    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise click.ClickException("cannot write %s: directory %s does not exist" % (path, directory))
    if not os.access(directory, os.W_OK):
        raise click.ClickException("cannot write %s: directory %s is not writable" % (path, directory))


HARNESS_CHOICES = hosts.names() + ("all",)     # ``--harness`` of history and stats


def check_since(ctx, param, value):
    """Click callback for ``--since`` (``history``, ``stats``): a duration like 30d, or a usage error."""
    from stalegreen.engine.config import parse_duration

    if parse_duration(value) is None:
        raise click.BadParameter("use a value like 1y, 2w, 30d, 12h or 45m", ctx=ctx, param=param)
    return value


def main(argv):
    return cli.main(args=argv, prog_name="stalegreen", standalone_mode=True)

"""Entry point for the console script, ``python -m stalegreen`` and the zipapp.

Imports nothing but ``sys`` up front: ``hook`` is on every tool call of the agent and must
not pay for click, platformdirs or tomlkit, which only the CLI commands load.
"""

import sys

OLDEST = (3, 8)


def too_old(argv):
    """On a Python older than 3.8 say so in one line (this module must parse on 2.7 too) and
    return the exit status: 0 for a hook, which fails open, 1 for a command."""
    sys.stderr.write("stalegreen needs Python %d.%d or newer; %s is Python %s. Run it with a newer "
                     "python3 (python3.8 ... python3.13).\n"
                     % (OLDEST + (sys.executable or "this interpreter", sys.version.split()[0])))
    return 0 if argv[:1] == ["hook"] else 1


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if sys.version_info < OLDEST:
        return too_old(argv)
    if argv[:2] == ["hook", "--worker"]:   # here, not in ``hook``: the worker imports ``hook``
        from stalegreen.worker import serve

        return serve(sys.stdin.buffer, sys.stdout.buffer)
    if argv[:1] == ["hook"]:
        from stalegreen.hook import main as hook_main

        return hook_main(argv[1:])
    from stalegreen.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())

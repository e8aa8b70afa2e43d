"""Entry point for the console script, ``python -m stalegreen`` and the zipapp.

Imports nothing but ``sys`` up front: ``hook`` is on every tool call of the agent and must
not pay for click, platformdirs or tomlkit, which only the CLI commands load.
"""

import sys


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
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

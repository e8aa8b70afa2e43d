"""The hosts stalegreen serves, one package each: ``stalegreen/hosts/<name>/``.

A host package holds everything that knows that host, in three modules loaded only when used:
- ``__init__``: the hook adapter (on every tool call, so lean): ``to_event(event_name, payload)
  -> Event``, ``render(event, decision) -> (stdout_text, exit_code)``, ``allow_output(event_name)``,
  ``HOST`` and ``LABEL``, and the host's formats its transcript reader reads too;
- ``install``: registering, removing and checking the hooks (``install``, ``uninstall``, doctor);
- ``transcript``: finding and reading the host's own session logs (``history``, ``stats``).
docs/ARCHITECTURE.md lists what each module must define ("Adding a host").

``HOSTS`` is the registry the hook, install, uninstall, doctor, history and stats iterate: names
and module paths only, nothing imported here. Adding a host is one package and one line below.
"""

import sys

HOSTS = {
    "claude": "stalegreen.hosts.claude",
    "codex": "stalegreen.hosts.codex",
    "dsh": "stalegreen.hosts.dsh",
}


def names():
    """The registered hosts, in registry order."""
    return tuple(HOSTS)


def module(name, part=None):
    """A host's hook adapter (its package), or its ``install`` / ``transcript`` module with
    ``part``; None for a name that is not registered."""
    package = HOSTS.get(name) if isinstance(name, str) else None
    if package is None:
        return None
    dotted = package + "." + part if part else package
    __import__(dotted)
    return sys.modules[dotted]

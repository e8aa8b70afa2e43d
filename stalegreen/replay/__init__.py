"""Transcript replay: read the hosts' own session logs and run them through the live engine.

One reader per harness (``claude``, ``codex``, ``dsh``) turns a transcript into host-free
``Event`` objects as it streams the file; ``run`` feeds them to ``engine.core.handle`` with an
in-memory session, exactly as the hooks would have. Used by ``history`` and ``stats`` only.
"""

HARNESSES = ("claude", "codex", "dsh")

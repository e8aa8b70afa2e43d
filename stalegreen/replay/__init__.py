"""Transcript replay: read the hosts' own session logs and run them through the live engine.

Each registered host's ``transcript`` module (``stalegreen/hosts/<name>/transcript.py``) finds its
sessions and turns a transcript into host-free ``Event`` objects as it streams the file; ``run``
feeds them to ``engine.core.handle`` with an in-memory session, exactly as the hooks would have.
Used by ``history`` and ``stats`` only.
"""

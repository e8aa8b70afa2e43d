"""Putting stalegreen on a machine: the single-file zipapp, hook registration per host, doctor.

One module per host (``claude``, ``codex``, ``dsh``), shared helpers for editing a user's files
safely (``files``), the executable in ``~/.stalegreen/bin`` (``executable``), the zipapp builder
(``pyz``) and its bytecode cache (``bytecode``). Standard library only, except ``codex`` which
edits ``config.toml`` with tomlkit.
"""

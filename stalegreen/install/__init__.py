"""Putting stalegreen on a machine: the single-file zipapp, hook registration, doctor.

The host-free parts: which registered hosts to act on (``targets``; each host's own installer is
``stalegreen/hosts/<name>/install.py``), editing a user's files safely (``files``), the hooks file
shape Claude Code and Codex share (``hookfile``), the executable in ``~/.stalegreen/bin``
(``executable``), the zipapp builder (``pyz``) and its bytecode cache (``bytecode``, with the
compiled patterns ``regextable`` writes beside it), and doctor's checks (``health``). Standard
library only.
"""

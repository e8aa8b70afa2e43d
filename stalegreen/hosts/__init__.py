"""Host adapters: the only code that knows a host's JSON.

Each module exposes ``to_event(event_name, payload) -> Event`` and
``render(event, decision) -> (stdout_text, exit_code)``.
"""

HOSTS = ("claude", "codex", "dsh")

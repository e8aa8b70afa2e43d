"""Drive the real Claude Code and Codex CLIs offline against scripted mock model servers."""

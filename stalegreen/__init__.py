"""stalegreen: keep a coding agent's green claims honest."""

__version__ = "0.1.0"

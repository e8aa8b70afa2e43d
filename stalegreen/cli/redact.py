"""``stalegreen redact``: a copy of one store session that is safe to attach to a bug report.

Paths become repository-relative (``<repo>/src/a.py``), the home directory ``~``, other
absolute paths ``<path>/<basename>``; secrets in commands, output and notes are masked
(``engine.redaction``); the agent's own prose is replaced by the claims matched in it; ids
that could tie the file to a person's sessions are replaced.
"""

import os
import re

import click

LOG_TAIL_LINES = 40
KEEP_PREFIXES = ("/dev/", "/usr/", "/bin/", "/sbin/", "/opt/homebrew/bin/", "/proc/")
ABSOLUTE_PATH = re.compile(r"(?<![\w.~<>/-])/(?:[\w.@+%=-]+/)*[\w.@+%=-]+/?")
PROSE_KEYS = ("sentence", "lastAssistantMessage", "last_assistant_message", "assistantMessage", "prose")
# "Authorization: Bearer <token>" as a whole: the shared masker would take "Bearer" for the value
AUTH_HEADER = re.compile(r"(?i)\b((?:proxy-)?authorization\s*[:=]\s*)(?:(bearer|basic|token|digest)\s+)?[^\s'\"]+")
DROP_KEYS = ("toolUseId", "backgroundId", "session")
NOTE = ("Redacted by stalegreen: paths are relative to <repo>, ~ is the home directory, secrets are "
        "[REDACTED], and the agent's prose is replaced by the claims found in it. Review before sharing.")


class Redactor(object):
    """Rewrites every string of a session's records; knows the session's repositories."""

    def __init__(self, repos, home):
        self.repos = sorted(set(r.rstrip("/") for r in repos if r and r != "/"), key=len, reverse=True)
        self.home = home.rstrip("/") if home and home != "/" else None

    def path(self, text):
        for repo in self.repos:
            text = text.replace(repo + "/", "<repo>/")
            text = re.sub(re.escape(repo) + r"(?![\w.-])", "<repo>", text)
        if self.home:
            text = text.replace(self.home + "/", "~/")
            text = re.sub(re.escape(self.home) + r"(?![\w.-])", "~", text)
        return ABSOLUTE_PATH.sub(self._other_path, text)

    @staticmethod
    def _other_path(match):
        found = match.group(0)
        if found.startswith(KEEP_PREFIXES) or found.count("/") < 2:
            return found
        return "<path>/" + os.path.basename(found.rstrip("/"))

    def text(self, value):
        from stalegreen.engine.redaction import MASK, mask

        value = AUTH_HEADER.sub(lambda m: m.group(1) + (m.group(2) + " " if m.group(2) else "") + MASK, value)
        return mask(self.path(value))     # paths first: the masker takes long paths for tokens

    def value(self, value, key=None):
        if isinstance(value, str):
            if key in PROSE_KEYS:
                return self.prose(value)
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict):
            return self.record(value)
        return value

    def prose(self, text):
        """Only what the claim extractor matched survives of the agent's own words."""
        try:
            from stalegreen.engine.claims import extract

            found = [c.get("text") for c in extract(text).claims if c.get("text")]
        except Exception:
            found = []
        return self.text(" | ".join(found)) if found else "[prose removed]"

    def record(self, record):
        out = {}
        for key, value in record.items():
            if key in DROP_KEYS:
                continue
            if key == "agent":
                out[key] = "agent" if value else None
            elif key in ("turn", "promptId"):
                out[key] = "turn" if value else None
            elif key == "fingerprint" and isinstance(value, dict):
                out[key] = dict((k, value[k]) for k in ("available", "reason", "ms") if k in value)
            elif key == "log":
                out[key] = bool(value)
            else:
                out[key] = self.value(value, key)
        return out


def repositories(records):
    """Repository roots of the session's working directories (``.git`` when it still exists,
    else the directory itself)."""
    from stalegreen.engine.fingerprint import project_root

    found = set()
    for record in records:
        cwd = record.get("cwd")
        if isinstance(cwd, str) and cwd.startswith("/"):
            found.add(project_root(cwd) if os.path.isdir(cwd) else cwd)
    return found


def build(session, include_logs=True):
    """The redacted bundle (a dict) for a store session."""
    from stalegreen import __version__

    kinds = ("receipts", "edits", "verdicts", "pending", "deferred")
    records = dict((kind, session.read(kind)) for kind in kinds)
    repos = repositories(records["receipts"] + records["pending"])
    redactor = Redactor(repos, os.path.expanduser("~"))
    harness = next((r.get("harness") for r in records["receipts"] if r.get("harness")), None)
    main_repo = max(repos, key=len) if repos else None
    bundle = {
        "stalegreen": __version__,
        "harness": harness,
        "session": session.root[:8] + "...",
        "cwd": "<repo> (%s)" % os.path.basename(main_repo) if main_repo else None,
    }
    for kind in kinds:
        bundle[kind] = [redactor.record(r) for r in records[kind]]
    if include_logs:
        logs = {}
        for receipt in records["receipts"]:
            rid = receipt.get("id")
            text = session.read_log(rid, max_bytes=64 * 1024) if rid else None
            if text:
                logs[rid] = redactor.text("\n".join(text.splitlines()[-LOG_TAIL_LINES:]))
        bundle["logs"] = logs
    bundle["note"] = NOTE
    return bundle


@click.command("redact")
@click.option("--session", "session_id", help="Session root (or a unique prefix); default: the current one.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, writable=True), help="Write to this file.")
@click.option("--no-logs", is_flag=True, help="Leave the run logs out.")
def command(session_id, out_path, no_logs):
    """Write a shareable, redacted copy of a session (for a bug report)."""
    import json

    from stalegreen.cli import check_output_dir, output_file
    from stalegreen.cli.check import pick_session
    from stalegreen.engine.store import Store

    if out_path:
        check_output_dir(out_path)
    store = Store()
    session = pick_session(store, session_id, None if session_id else os.getcwd())
    if session is None:
        click.echo("No sessions recorded yet." if not session_id else "No session %s." % session_id, err=True)
        raise SystemExit(1)
    bundle = build(session, include_logs=not no_logs)
    text = json.dumps(bundle, indent=2, ensure_ascii=False) + "\n"
    if not out_path:
        click.echo(text, nl=False)
        return
    with output_file(out_path) as fh:
        fh.write(text)
    click.echo("Wrote %s (%d receipts, %d edits, %d stop verdicts). Review it before attaching it to a report."
               % (out_path, len(bundle["receipts"]), len(bundle["edits"]), len(bundle["verdicts"])))

"""The engine's records and their JSON forms, in one place.

``Run`` is a verification run found in a command line (``catalog.find_runs``). ``Pending``,
``Receipt``, ``Deferred``, ``Edit`` are what the store keeps about runs and edits
(``<kind>.jsonl``, docs/ARCHITECTURE.md "Store records"); ``Verdict`` is the gate's answer for
one claim and ``StopRecord`` the line a Stop writes to ``verdicts``. Each record's ``as_json()``
is the dict the store writes: keys in the order of its ``FIELDS``. The readers (gate, history,
replay) read the stored dicts back; ``store.RECORD_FIELDS`` checks their types on read.

No imports: ``Run`` is on the PreToolUse path.
"""


class _Record(object):
    """A record with a fixed field order: keyword construction (unknown names are an error),
    defaults from ``DEFAULTS``, ``as_json()`` in ``FIELDS`` order."""

    __slots__ = ()
    FIELDS = ()
    DEFAULTS = {}

    def __init__(self, **fields):
        for name in self.FIELDS:
            setattr(self, name, fields.pop(name) if name in fields else self.DEFAULTS.get(name))
        if fields:
            raise TypeError("%s has no field %s" % (type(self).__name__, ", ".join(sorted(fields))))

    def as_json(self):
        return dict((name, getattr(self, name)) for name in self.FIELDS)


class Run(_Record):
    """One verification run (or a recognised not-a-run form) found in a command line.

    ``segment_index``: index into ``parse.segments`` (the outer segment of ``bash -c '...'``);
    ``runner``, ``category``, ``scope`` (``all``/``subset``); ``cwd``: absolute run directory when
    known; ``cd``: the raw ``cd`` target; ``not_run``: None or why it is no run (``help``,
    ``list``, ``watch``...); ``quiet`` (None: not known, read the flags again); ``nested``: inside
    ``sh -c``; ``words``: argv after the wrappers; ``text``: the segment's text; ``extra``: the
    matching ``extraRunners`` entry; ``ignored``: matched ``ignoreCommands``; ``also``: the further
    categories the same command runs (``tox -e lint,type``, ``make lint test``: docs/VERDICTS.md).
    """

    FIELDS = ("segment_index", "runner", "category", "scope", "cwd", "cd", "not_run", "quiet", "nested",
              "sudo", "words", "text", "extra", "ignored", "also")
    __slots__ = FIELDS
    DEFAULTS = {"segment_index": 0, "runner": "", "category": "test", "scope": "all", "quiet": False,
                "nested": False, "sudo": False, "words": (), "text": "", "ignored": False, "also": ()}

    def __init__(self, **fields):
        _Record.__init__(self, **fields)
        self.words = list(self.words or ())

    def as_dict(self):
        return self.as_json()

    def __eq__(self, other):
        return isinstance(other, Run) and self.as_json() == other.as_json()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "Run(%r, %s, scope=%s, not_run=%r, cwd=%r)" % (self.runner, self.category, self.scope,
                                                            self.not_run, self.cwd)


class Pending(_Record):
    """A run the PreToolUse hook saw (wrapped or not), waiting for its result."""

    FIELDS = ("id", "ts", "toolUseId", "command", "wrappedCommand", "cwd", "runner", "category", "scope",
              "segment", "background", "agent", "log", "unwrapped", "lineStart")
    __slots__ = FIELDS
    DEFAULTS = {"background": False}

    def as_json(self):
        record = _Record.as_json(self)
        if record["lineStart"] is None:     # the tree before the line, kept only when it may matter
            del record["lineStart"]
        return record


class Receipt(_Record):
    """What one run proved: its verdict, counts and signal, how it was seen (wrapped, masked,
    in the background), the tree it ran on (``fingerprint``) and where its log is."""

    FIELDS = ("id", "ts", "harness", "session", "agent", "cwd", "cmd", "source", "runner", "category", "scope",
              "quiet", "toolUseId", "via", "exit", "verdict", "counts", "signal", "masked", "maskReason",
              "wrapped", "unwrapped", "background", "interrupted", "fingerprint", "log", "treeChanged", "rerun")
    __slots__ = FIELDS
    DEFAULTS = {"scope": "all", "quiet": False, "masked": False, "wrapped": False, "background": False,
                "interrupted": False}


class Deferred(_Record):
    """A background run whose result comes later (a task notification, an exit file)."""

    FIELDS = ("id", "ts", "category", "runner", "cmd", "command", "cwd", "backgroundId", "toolUseId", "resolved")
    __slots__ = FIELDS
    DEFAULTS = {"resolved": False}


class Resolved(_Record):
    """The line that closes a ``Deferred`` once its receipt is written."""

    FIELDS = ("id", "ts", "resolved")
    __slots__ = FIELDS
    DEFAULTS = {"resolved": True}


class Edit(_Record):
    """A file the agent changed (``path`` None when the tool does not say which)."""

    FIELDS = ("ts", "path", "kind", "agent")
    __slots__ = FIELDS


def ran_all(receipt):
    """The stored run covered its whole suite: no narrowing on its command line, and its runner's
    own summary deselected nothing (``-k`` in ``PYTEST_ADDOPTS``, ``addopts`` in an ini file)."""
    deselected = (receipt.get("counts") or {}).get("deselected")
    narrowed = isinstance(deselected, int) and not isinstance(deselected, bool) and deselected > 0
    return receipt.get("scope") == "all" and not narrowed


def evidence_json(receipt):
    """The part of a stored receipt a verdict cites (None without one)."""
    if receipt is None:
        return None
    return {
        "receipt": receipt.get("id"), "cmd": receipt.get("cmd"), "runner": receipt.get("runner"),
        "verdict": receipt.get("verdict"), "counts": receipt.get("counts") or {}, "ts": receipt.get("ts"),
        "cwd": receipt.get("cwd"), "scope": "subset" if receipt.get("scope") == "all" and not ran_all(receipt)
        else receipt.get("scope"), "masked": bool(receipt.get("masked")),
        "maskReason": receipt.get("maskReason"), "signal": receipt.get("signal"), "via": receipt.get("via"),
        "exit": receipt.get("exit"), "rerun": receipt.get("rerun") or receipt.get("cmd"),
    }


class Verdict(_Record):
    """The gate's answer for one claim (docs/VERDICTS.md): ``claim`` (an extracted claim dict),
    ``receipt`` (the stored receipt it rests on, or None), ``verdict``, ``freshness``, ``note``.
    Its JSON form is the dict the gate decides the action on, the host shows and the store keeps."""

    FIELDS = ("claim", "receipt", "verdict", "freshness", "action", "note")
    __slots__ = FIELDS
    DEFAULTS = {"action": "allowed"}

    def as_json(self):
        claim = self.claim
        record = {
            "claim": {"category": claim["category"], "text": claim.get("text"), "scope": claim.get("scope"),
                      "qualified": bool(claim.get("qualified"))},
            "evidence": evidence_json(self.receipt),
            "freshness": self.freshness or {"fingerprintMatch": None, "editsAfter": []},
            "verdict": self.verdict,
            "action": self.action,
        }
        if claim.get("sentence"):
            record["claim"]["sentence"] = claim["sentence"]
        if claim.get("lang") and claim["lang"] != "en":
            record["claim"]["lang"] = claim["lang"]
        if claim.get("ran"):
            record["claim"]["ranClaim"] = True
        if self.note:
            record["note"] = self.note
        return record


class StopRecord(_Record):
    """One Stop's line in ``verdicts``: the verdicts (JSON forms), whether it blocked, and the
    block message and tamper findings when there are any."""

    FIELDS = ("ts", "session", "agent", "turn", "event", "verdicts", "blocked", "tamper", "message")
    __slots__ = FIELDS
    DEFAULTS = {"event": "Stop", "blocked": False}

    def as_json(self):
        record = _Record.as_json(self)
        for optional in ("tamper", "message"):
            if not record[optional]:
                del record[optional]
        return record

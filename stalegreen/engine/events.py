"""Host-free events and decisions.

Every host module (``stalegreen.hosts.<host>``) turns its host's JSON payload into one
``Event`` and turns the engine's ``Decision`` back into that host's reply. Nothing in
``stalegreen.engine`` knows a host's field names; nothing in ``stalegreen.hosts`` decides.

Plain classes with ``__slots__`` on purpose: ``dataclasses`` and ``typing`` cost import time on
the hook path, which runs on every tool call.
"""

# Event kinds
PRE_SHELL = "pre_shell"          # a shell command is about to run
POST_SHELL = "post_shell"        # a shell command finished (or was backgrounded)
BACKGROUND_DONE = "background_done"  # a background run reported (task notification, TaskOutput...)
FILE_EDIT = "file_edit"          # a file tool changed files
STOP = "stop"                    # the agent (or a subagent) wants to end its turn
PROMPT = "prompt"                # a new user prompt (starts a new turn)
MCP_TOOL = "mcp_tool"            # an MCP tool finished (may count as a test run or an edit, per config)
IGNORED = "ignored"              # nothing for the engine to do

# How a host lets a rewritten command through.
REWRITE_FREE = "free"            # host applies updatedInput on its own (Claude); allow is optional
REWRITE_NEEDS_ALLOW = "needs_allow"  # host applies a rewrite only together with an allow (Codex)
REWRITE_NONE = "none"            # host cannot rewrite (dsh): deny or nothing


class Event(object):
    """One thing that happened, in host-free terms.

    Fields that do not apply stay at their defaults. ``exit_code`` is None when the host
    did not report one. ``approves`` is a callable(parse, needs_rule) -> bool supplied by the
    host module: True when the host, in its current mode and with the user's own rules, would
    run the line without asking, given that the engine proved every segment harmless except
    those in ``needs_rule`` (indices into ``parse.segments``; see engine/permissions.py).
    """

    __slots__ = (
        "kind", "host", "event_name", "session", "agent", "turn", "cwd", "project_dir",
        "command", "tool_use_id", "tool_name", "output", "exit_code", "failed_without_number",
        "interrupted", "background", "background_id", "paths", "edit_kind", "message",
        "stop_hook_active", "permission_mode", "rewrite_policy", "approves", "replay", "ts",
        "model", "overrides", "extra", "finished", "extraction",
    )

    def __init__(self, kind, host, **fields):
        self.kind = kind
        self.host = host
        self.event_name = ""
        self.session = "unknown"     # store folder name (already made safe by store.safe_name)
        self.agent = None            # subagent id, None for the main agent
        self.turn = None             # turn id (Claude prompt_id, Codex turn_id, dsh turn)
        self.cwd = ""
        self.project_dir = None
        self.command = ""
        self.tool_use_id = None
        self.tool_name = ""
        self.output = ""             # combined stdout + stderr as the host reported it
        self.exit_code = None
        self.failed_without_number = False  # host says "failed" but gives no number
        self.interrupted = False
        self.background = False
        self.background_id = None
        self.paths = ()              # edited paths (FILE_EDIT)
        self.edit_kind = ""          # Edit, Write, apply_patch, ...
        self.message = ""            # final assistant text (STOP)
        self.stop_hook_active = False
        self.permission_mode = None
        self.rewrite_policy = REWRITE_NONE
        self.approves = None
        self.replay = False          # True when replaying a transcript (no fingerprint, no disk logs)
        self.ts = None               # ISO time; None means "now"
        self.model = None
        self.overrides = None        # config values the host's own settings impose (dsh plugin options)
        self.extra = None            # host-specific leftovers the engine may log but never branch on
        self.finished = ()           # PROMPT: BackgroundResults the host read in the new turn
        self.extraction = None       # STOP: claims.extract of ``message``, read ahead (replay); None: read at Stop
        for key, value in fields.items():
            setattr(self, key, value)

    def __repr__(self):
        return "Event(%s, %s, session=%r, command=%r)" % (self.kind, self.host, self.session, self.command[:60])


class BackgroundResult(object):
    """A background run the host reports finished in a new turn (Claude's task notifications),
    named by its background id or its tool call. ``exit_code`` None: not known;
    ``failed_without_number``: the host says it failed but gives no number; ``output_path``: a
    file the host wrote its output to, or None."""

    __slots__ = ("background_id", "tool_use_id", "exit_code", "failed_without_number", "output_path")

    def __init__(self, background_id=None, tool_use_id=None, exit_code=None, failed_without_number=False,
                 output_path=None):
        self.background_id = background_id
        self.tool_use_id = tool_use_id
        self.exit_code = exit_code
        self.failed_without_number = failed_without_number
        self.output_path = output_path

    def __repr__(self):
        return "BackgroundResult(%r, %r, %r, %r, %r)" % (self.background_id, self.tool_use_id, self.exit_code,
                                                         self.failed_without_number, self.output_path)


# Decision kinds
ALLOW = "allow"        # do nothing special; let the host proceed
REWRITE = "rewrite"    # run ``command`` instead of the original
DENY = "deny"          # refuse the tool call with ``reason``
BLOCK = "block"        # refuse to end the turn; ``reason`` goes back to the agent


class Decision(object):
    """What the engine wants the host to do."""

    __slots__ = ("kind", "command", "approve", "reason", "verdicts", "context")

    def __init__(self, kind=ALLOW, command=None, approve=False, reason="", verdicts=None, context=None):
        self.kind = kind
        self.command = command       # REWRITE: the wrapped command line
        self.approve = approve       # REWRITE: also grant permission (host's "allow")
        self.reason = reason         # DENY/BLOCK message, or the REWRITE permission reason
        self.verdicts = verdicts or []
        self.context = context       # optional note for the agent (never required)

    def __repr__(self):
        return "Decision(%s, approve=%s, reason=%r)" % (self.kind, self.approve, self.reason[:80])


NOTHING = Decision()

"""Read a shell command line without executing it.

The hook sees a command before the shell does. To find verification runs, their pipes and
their redirects, and to rewrite only those parts, it needs the command's structure with exact
source offsets. ``parse`` is a POSIX/bash reader that never executes anything and never raises:
input it cannot read with certainty comes back with ``confident = False`` and a reason, so
callers can refuse to touch it.

Pipeline: the lexer (``shell_lexer``) turns text into words, operators and redirects (quotes,
substitutions, heredoc bodies and comments resolved there); the builder here then groups tokens
into segments and groups (``{ }``, ``( )``, if/while/until/for/case, function bodies).
"""

from stalegreen.engine.shell_lexer import (
    ARITHMETIC, BACKGROUND, CASE, COMMAND_SUBSTITUTION, COMPOUND, FUNCTION, GROUPING, HERE_STRING, HEREDOC,
    NAME_CHARS, OP, PROCESS_SUBSTITUTION, REDIR, SUBSHELL, WORD, Lexer, Redirect, is_assignment)

# What callers use: the reader, quoting, the parse's parts and the feature names in Parse.features.
__all__ = ["parse", "quote", "Parse", "Segment", "Group", "Redirect", "HEREDOC", "HERE_STRING",
           "PROCESS_SUBSTITUTION", "GROUPING", "SUBSHELL", "BACKGROUND", "COMMAND_SUBSTITUTION", "CASE",
           "FUNCTION", "COMPOUND", "ARITHMETIC"]

_SAFE_CHARS = NAME_CHARS | frozenset("./:=@%+,-")

_LIST_OPS = ("&&", "||", ";", "|", "|&", "&", "\n")
_CASE_ENDS = (";;", ";&", ";;&")
_OPENERS = {"if": "if", "while": "while", "until": "until", "for": "for", "select": "for",
            "case": "case", "{": "brace"}
_CLOSERS = {"fi": ("if",), "done": ("while", "until", "for"), "esac": ("case",), "}": ("brace",)}
_MIDDLE = {"then": ("if",), "elif": ("if",), "else": ("if",), "do": ("while", "until", "for")}


def quote(s):
    """POSIX single-quote ``s`` (bare when it holds only characters no shell treats specially)."""
    s = "" if s is None else str(s)
    if not s:
        return "''"
    if all(c in _SAFE_CHARS for c in s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


class Segment(object):
    """One simple command: the text between two operators, with its words and redirects."""

    __slots__ = ("index", "text", "start", "end", "assignments", "words", "raw_words",
                 "word_spans", "redirects", "op", "negated", "depth", "pipeline", "heredocs",
                 "substitutions", "keywords", "groups")

    def __init__(self):
        self.index = 0
        self.text = ""
        self.start = 0
        self.end = 0
        self.assignments = []
        self.words = []
        self.raw_words = []
        self.word_spans = []      # (start, end) of each entry of words
        self.redirects = []
        self.op = None
        self.negated = False
        self.depth = 0
        self.pipeline = 0
        self.heredocs = []
        self.substitutions = []
        self.keywords = []        # reserved words just before it (if, then, while, do, ...)
        self.groups = ()          # indices into Parse.groups, outermost first

    @property
    def group(self):
        """Index of the innermost enclosing group, or None at top level."""
        return self.groups[-1] if self.groups else None

    def __repr__(self):
        return "Segment(%r, op=%r, pipeline=%d, depth=%d)" % (
            self.text, self.op, self.pipeline, self.depth)


class Group(object):
    """A compound command: ``{ ...; }``, ``( ... )``, if/while/until/for/case, a function body."""

    __slots__ = ("index", "kind", "start", "end", "depth", "parent", "op", "redirects",
                 "pipeline", "negated", "segments", "function", "keywords")

    def __init__(self, index, kind, start, depth, parent, pipeline):
        self.index = index
        self.kind = kind          # brace, subshell, if, while, until, for, case
        self.start = start
        self.end = None           # None when never closed
        self.depth = depth
        self.parent = parent
        self.op = None            # operator after the closing word
        self.redirects = []       # redirects on the whole group (`{ ...; } > log`)
        self.pipeline = pipeline
        self.negated = False
        self.segments = []        # every segment inside, nested ones included
        self.function = None      # function name when this group is a function body
        self.keywords = []

    def __repr__(self):
        return "Group(%r, %r..%r, op=%r)" % (self.kind, self.start, self.end, self.op)


class Parse(object):
    """The result of ``parse``: segments in source order plus what could not be read."""

    __slots__ = ("text", "confident", "reasons", "features", "segments", "groups")

    def __init__(self, text):
        self.text = text
        self.confident = True
        self.reasons = []
        self.features = set()
        self.segments = []
        self.groups = []

    def __repr__(self):
        return "Parse(confident=%r, segments=%r, reasons=%r)" % (
            self.confident, [s.text for s in self.segments], self.reasons)




def parse(text):
    """Read ``text`` as a shell command line; never raises, never executes."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    elif not isinstance(text, str):
        text = "" if text is None else str(text)
    result = Parse(text)
    try:
        lexer = Lexer(text, 0, result, nesting=0, check_inner=_inner_checker(result))
        lexer.run()
        _Builder(result).build(lexer.tokens)
    except (RecursionError, MemoryError) as exc:  # pragma: no cover - hostile nesting
        result.segments = []
        result.groups = []
        result.reasons.append("too complex to read (%s)" % type(exc).__name__)
    except Exception as exc:  # never raise: a reader bug must not break a hook
        result.segments = []
        result.groups = []
        result.reasons.append("reader error: %s" % type(exc).__name__)
    result.confident = not result.reasons
    return result


def _inner_checker(result):
    """Checks the structure of a ``$( ... )`` script: its reasons count for the line, its
    segments and features do not."""
    def check(tokens):
        scratch = Parse(result.text)
        scratch.reasons = result.reasons
        _Builder(scratch).build(tokens)
    return check


# --------------------------------------------------------------------------- builder

class _Draft(object):
    __slots__ = ("words", "assignments", "redirects", "negated", "keywords", "tokens")

    def __init__(self, negated, keywords):
        self.words = []
        self.assignments = []
        self.redirects = []
        self.negated = negated
        self.keywords = keywords
        self.tokens = []


class _Builder(object):
    """Groups tokens into segments and groups, tracking pipelines, nesting and negation."""

    def __init__(self, result):
        self.result = result
        self.stack = []
        self.draft = None
        self.mode = "cmd"
        self.negate = False
        self.keywords = []
        self.pipeline = -1
        self.pipelines = 0
        self.join_pipe = False
        self.pipe_negated = False
        self.last_op = None
        self.last_group = None
        self.function_name = None
        self.seen_separator = False
        self.clause_items = []    # commands since the last opener/then/do/else, per open group

    def reason(self, why):
        if why not in self.result.reasons:
            self.result.reasons.append(why)

    def build(self, tokens):
        for token in tokens:
            handler = getattr(self, "_mode_" + self.mode)
            handler(token)
        self._end_segment(None)
        if self.mode not in ("cmd", "after_group"):
            self.reason("incomplete %s" % self.mode.split("_")[0])
        for index in reversed(self.stack):
            kind = self.result.groups[index].kind
            self.reason({"subshell": "unbalanced parenthesis", "brace": "unbalanced brace"}.get(
                kind, "unclosed %s" % kind))
        if self.last_op in ("&&", "||", "|", "|&"):
            self.reason("command ends with %s" % self.last_op)

    # -- pipeline bookkeeping
    def _element_pipeline(self):
        """Pipeline id for a new segment or group; joins the previous one after | or |&."""
        if self.join_pipe:
            self.join_pipe = False
            return self.pipeline, self.pipe_negated
        self.pipelines += 1
        self.pipeline = self.pipelines - 1
        self.pipe_negated = False
        return self.pipeline, False

    def _after_element(self, op):
        self.last_op = op
        self.join_pipe = op in ("|", "|&")
        if op == "&":
            self.result.features.add(BACKGROUND)

    # -- segments
    def _start_draft(self):
        if self.draft is None:
            self.draft = _Draft(self.negate, self.keywords)
            self.negate = False
            self.keywords = []
        return self.draft

    def _end_segment(self, op):
        draft = self.draft
        if draft is None:
            return False
        self.draft = None
        tokens = draft.tokens
        seg = Segment()
        seg.index = len(self.result.segments)
        seg.start = tokens[0].start
        seg.end = tokens[-1].end
        seg.text = self.result.text[seg.start:seg.end]
        seg.assignments = [t.value for t in draft.assignments]
        seg.words = [t.value for t in draft.words]
        seg.raw_words = [t.text for t in draft.words]
        seg.word_spans = [(t.start, t.end) for t in draft.words]
        seg.redirects = [t.redirect for t in draft.redirects]
        seg.heredocs = [r.body for r in seg.redirects if r.op in ("<<", "<<-") and r.body is not None]
        seg.substitutions = [s for t in tokens for s in t.subs]
        seg.op = op
        seg.depth = len(self.stack)
        seg.groups = tuple(self.stack)
        seg.pipeline, piped_negation = self._element_pipeline()
        seg.negated = draft.negated or piped_negation
        self.pipe_negated = seg.negated
        seg.keywords = draft.keywords
        for index in self.stack:
            self.result.groups[index].segments.append(seg.index)
        if self.clause_items:
            self.clause_items[-1] += 1
        self.result.segments.append(seg)
        self._after_element(op)
        return True

    # -- groups
    def _open_group(self, kind, token):
        parent = self.stack[-1] if self.stack else None
        pipeline, piped_negation = self._element_pipeline()
        group = Group(len(self.result.groups), kind, token.start, len(self.stack), parent, pipeline)
        group.negated = self.negate or piped_negation
        group.keywords = self.keywords
        self.pipe_negated = group.negated
        self.negate = False
        self.keywords = []
        if self.function_name is not None:
            group.function = self.function_name
            self.function_name = None
            self.result.features.add(FUNCTION)
        self.result.groups.append(group)
        self.stack.append(group.index)
        if self.clause_items:
            self.clause_items[-1] += 1
        self.clause_items.append(0)
        self.result.features.add({"brace": GROUPING, "subshell": SUBSHELL, "case": CASE}.get(
            kind, COMPOUND))
        return group

    def _close_group(self, kinds, token):
        self._end_segment(None)
        if not self.stack or self.result.groups[self.stack[-1]].kind not in kinds:
            self.reason("unbalanced parenthesis" if kinds == ("subshell",)
                        else "unexpected %s" % token.text)
            return
        group = self.result.groups[self.stack.pop()]
        if not self.clause_items.pop() and group.kind != "case":
            self.reason("empty %s" % group.kind)
        group.end = token.end
        self.last_group = group
        self.mode = "after_group"

    # -- modes
    def _reserved(self, token):
        """Handle a reserved word at command position; True when it was one."""
        if token.kind != WORD or token.quoted or self.draft is not None:
            return False
        word = token.text
        top = self.result.groups[self.stack[-1]].kind if self.stack else None
        if word == "!":
            if self.join_pipe:
                self.reason("unexpected ! after a pipe")
            self.negate = not self.negate
            return True
        if word in _OPENERS:
            kind = _OPENERS[word]
            self._open_group(kind, token)
            self.keywords = [word]
            if kind == "for":
                self.mode = "for_header"
                self.seen_separator = False
            elif kind == "case":
                self.mode = "case_subject"
            return True
        if word in _MIDDLE:
            if top not in _MIDDLE[word]:
                self.reason("unexpected %s" % word)
            elif not self.clause_items[-1] and not (word == "do" and top == "for"):
                self.reason("empty %s before %s" % (top, word))
            if self.clause_items:
                self.clause_items[-1] = 0
            self.keywords.append(word)
            return True
        if word in _CLOSERS:
            self.keywords = []
            self._close_group(_CLOSERS[word], token)
            return True
        if word == "function":
            self.mode = "function_name"
            return True
        if word in ("in", "]]"):
            self.reason("unexpected %s" % word)
        return False

    def _mode_cmd(self, token):
        if token.kind == WORD:
            if self._reserved(token):
                return
            draft = self._start_draft()
            draft.tokens.append(token)
            if draft.words and draft.words[0].text.startswith("((") and not draft.words[0].quoted:
                self.reason("unexpected word after ((...))")
            if not draft.words and not token.text.startswith("=") and \
                    is_assignment(token.text):
                draft.assignments.append(token)
            else:
                draft.words.append(token)
            return
        if token.kind == REDIR:
            draft = self._start_draft()
            draft.tokens.append(token)
            draft.redirects.append(token)
            return
        op = token.text
        if op in _LIST_OPS:
            if not self._end_segment(op):
                if op != "\n":
                    self.reason("unexpected %s" % op.replace("\n", "newline"))
            return
        if op in _CASE_ENDS:
            self._end_segment(op)
            if self.stack and self.result.groups[self.stack[-1]].kind == "case":
                self.mode = "case_pattern"
            else:
                self.reason("case terminator")
            return
        if op == "(":
            draft = self.draft
            if draft is None:
                self._open_group("subshell", token)
            elif len(draft.words) == 1 and not draft.assignments and not draft.redirects \
                    and not draft.words[0].quoted:
                self.function_name = draft.words[0].text
                self.draft = None
                self.mode = "function_paren"
            else:
                self.reason("unexpected (")
            return
        if op == ")":
            self._close_group(("subshell",), token)

    def _mode_after_group(self, token):
        group = self.last_group
        if token.kind == REDIR:
            group.redirects.append(token.redirect)
            group.end = token.end
            return
        if token.kind == OP and (token.text in _LIST_OPS or token.text in _CASE_ENDS):
            group.op = token.text
            self.pipeline = group.pipeline
            self.pipe_negated = group.negated
            self.mode = "cmd"
            if token.text in _CASE_ENDS:
                if self.stack and self.result.groups[self.stack[-1]].kind == "case":
                    self.mode = "case_pattern"
                else:
                    self.reason("case terminator")
            self._after_element(token.text)
            return
        self.mode = "cmd"
        self.last_op = None
        if token.kind == WORD and not token.quoted and (
                token.text in _CLOSERS or token.text in _MIDDLE):
            self._mode_cmd(token)
            return
        if token.kind == OP and token.text == ")":
            self._mode_cmd(token)
            return
        self.reason("unexpected %s after %s" % (token.text.replace("\n", "newline"),
                                                 group.kind))
        self._mode_cmd(token)

    def _mode_for_header(self, token):
        if token.kind == OP and token.text in (";", "\n"):
            self.seen_separator = True
            return
        if token.kind == WORD and token.text == "do" and not token.quoted:
            self.keywords = ["do"]
            self.mode = "cmd"
            return
        if token.kind == WORD and not self.seen_separator:
            return
        self.reason("unexpected %s in for" % token.text.replace("\n", "newline"))
        self.mode = "cmd"

    def _mode_case_subject(self, token):
        if token.kind == WORD:
            self.mode = "case_in"
        elif not (token.kind == OP and token.text == "\n"):
            self.reason("incomplete case")
            self.mode = "cmd"

    def _mode_case_in(self, token):
        if token.kind == OP and token.text == "\n":
            return
        if token.kind == WORD and token.text == "in":
            self.mode = "case_pattern"
            return
        self.reason("incomplete case")
        self.mode = "cmd"

    def _mode_case_pattern(self, token):
        if token.kind == OP and token.text in ("\n", "(", "|"):
            return
        if token.kind == WORD and token.text == "esac" and not token.quoted:
            self.mode = "cmd"
            self._close_group(("case",), token)
            return
        if token.kind == WORD:
            return
        if token.kind == OP and token.text == ")":
            self.mode = "cmd"
            return
        self.reason("case terminator")
        self.mode = "cmd"

    def _mode_function_name(self, token):
        if token.kind == WORD and not token.quoted:
            self.function_name = token.value
            self.mode = "function_paren_optional"
            return
        self.reason("incomplete function")
        self.mode = "cmd"

    def _mode_function_paren_optional(self, token):
        if token.kind == OP and token.text == "(":
            self.mode = "function_paren"
            return
        self.mode = "function_body"
        self._mode_function_body(token)

    def _mode_function_paren(self, token):
        if token.kind == OP and token.text == ")":
            self.mode = "function_body"
            return
        self.reason("incomplete function")
        self.function_name = None
        self.mode = "cmd"

    def _mode_function_body(self, token):
        if token.kind == OP and token.text == "\n":
            return
        self.mode = "cmd"
        opens = (token.kind == OP and token.text == "(") or (
            token.kind == WORD and not token.quoted and token.text in _OPENERS)
        if not opens:
            self.reason("incomplete function")
            self.function_name = None
        self._mode_cmd(token)

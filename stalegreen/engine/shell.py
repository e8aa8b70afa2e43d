"""Read a shell command line without executing it.

The hook sees a command before the shell does. To find verification runs, their pipes and
their redirects, and to rewrite only those parts, it needs the command's structure with exact
source offsets. ``parse`` is a POSIX/bash reader that never executes anything and never raises:
input it cannot read with certainty comes back with ``confident = False`` and a reason, so
callers can refuse to touch it.

Pipeline: a lexer turns text into words, operators and redirects (quotes, substitutions,
heredoc bodies and comments resolved there); a small state machine then groups tokens into
segments and groups (``{ }``, ``( )``, if/while/until/for/case, function bodies).
"""

# Character tests instead of regular expressions: this runs on the hook path, where importing
# ``re`` (with the ``enum`` and ``functools`` it loads) costs a third of the interpreter's start.
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_NAME_CHARS = _NAME_START | frozenset("0123456789")
_SAFE_CHARS = _NAME_CHARS | frozenset("./:=@%+,-")

_WORD_BREAK = frozenset(" \t\n;&|()<>")
_LIST_OPS = ("&&", "||", ";", "|", "|&", "&", "\n")
_CASE_ENDS = (";;", ";&", ";;&")
_REDIRECT_OPS = ("<<<", "<<-", "<<", "<&", "<>", "<", ">>", ">&", ">|", ">", "&>>", "&>")
_OPENERS = {"if": "if", "while": "while", "until": "until", "for": "for", "select": "for",
            "case": "case", "{": "brace"}
_CLOSERS = {"fi": ("if",), "done": ("while", "until", "for"), "esac": ("case",), "}": ("brace",)}
_MIDDLE = {"then": ("if",), "elif": ("if",), "else": ("if",), "do": ("while", "until", "for")}
_CMD_START_WORDS = frozenset(("!", "{", "if", "then", "else", "elif", "while", "until", "do",
                              "time", "function"))
_MAX_NESTING = 40

# Feature names (Parse.features).
HEREDOC = "heredoc"
HERE_STRING = "here-string"
PROCESS_SUBSTITUTION = "process-substitution"
GROUPING = "grouping"
SUBSHELL = "subshell"
BACKGROUND = "background"
COMMAND_SUBSTITUTION = "command-substitution"
CASE = "case"
FUNCTION = "function"
COMPOUND = "compound"        # if / while / until / for / select
ARITHMETIC = "arithmetic"    # (( ... )) commands and $(( ... ))


def _is_name(text):
    """A shell variable name: ``[A-Za-z_][A-Za-z0-9_]*``."""
    return bool(text) and text[0] in _NAME_START and all(c in _NAME_CHARS for c in text)


def _is_assignment(text):
    """Whether ``text`` starts like an assignment: ``name=``, ``name+=``, ``name[sub]=``."""
    if not text or text[0] not in _NAME_START:
        return False
    i = 1
    while i < len(text) and text[i] in _NAME_CHARS:
        i += 1
    if text.startswith("[", i):
        close = text.find("]", i + 1)
        if close >= 0:
            i = close + 1
    return text.startswith("=", i) or text.startswith("+=", i)


def _fd_prefix_at(text, i):
    """Whether ``text[i:]`` starts with 1-9 digits and ``<`` or ``>`` (another redirect's fd)."""
    end = i
    while end < len(text) and end - i < 10 and text[end].isdecimal():
        end += 1
    return 1 <= end - i <= 9 and text[end:end + 1] in ("<", ">")


def quote(s):
    """POSIX single-quote ``s`` (bare when it holds only characters no shell treats specially)."""
    s = "" if s is None else str(s)
    if not s:
        return "''"
    if all(c in _SAFE_CHARS for c in s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


class Redirect(object):
    """One redirection: ``2>&1`` is Redirect(2, '>&', '1', '2>&1')."""

    __slots__ = ("fd", "op", "target", "raw", "start", "end", "target_quoted", "body")

    def __init__(self, fd, op, target, raw, start=0, end=0, target_quoted=False, body=None):
        self.fd = fd
        self.op = op
        self.target = target
        self.raw = raw
        self.start = start
        self.end = end
        self.target_quoted = target_quoted
        self.body = body          # heredoc body (data) for << and <<-

    def __iter__(self):
        return iter((self.fd, self.op, self.target, self.raw))

    def __eq__(self, other):
        return isinstance(other, Redirect) and tuple(self) == tuple(other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    @property
    def stdout(self):
        """True when this redirect sends stdout somewhere (a file, /dev/null or another fd)."""
        if self.op in ("&>", "&>>"):
            return True
        if self.op in (">", ">>", ">|", ">&"):
            return self.fd in (None, 1)
        return False

    def __repr__(self):
        return "Redirect(%r, %r, %r, %r)" % (self.fd, self.op, self.target, self.raw)


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
        lexer = _Lexer(text, 0, result, nesting=0)
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


# --------------------------------------------------------------------------- lexer

WORD, OP, REDIR = "word", "op", "redir"


class _Token(object):
    __slots__ = ("kind", "start", "end", "text", "value", "quoted", "subs", "redirect",
                 "heredoc_bodies")

    def __init__(self, kind, start, end, text, value=None, quoted=False, subs=None,
                 redirect=None):
        self.kind = kind
        self.start = start
        self.end = end
        self.text = text          # source slice
        self.value = value        # word value with quotes removed
        self.quoted = quoted      # any quoting or escaping in the word
        self.subs = subs or []
        self.redirect = redirect

    def __repr__(self):
        return "_Token(%s %r)" % (self.kind, self.text)


class _Lexer(object):
    """Turns text into tokens. A nested lexer reads a ``$( ... )`` body up to its ``)``."""

    def __init__(self, text, pos, result, nesting, nested=False):
        self.text = text
        self.n = len(text)
        self.i = pos
        self.result = result
        self.nesting = nesting
        self.nested = nested
        self.tokens = []
        self.paren = 0
        self.pending_heredocs = []
        self.cmd_start = True
        self.dbracket = False
        self.case_depth = 0     # inside `case ... esac` a `)` closes a pattern, not `$(`
        self.features = result.features if not nested else set()

    def reason(self, why):
        if why not in self.result.reasons:
            self.result.reasons.append(why)

    def run(self):
        """Lex to the end (or, when nested, to the closing paren); return the end index or None."""
        text, n = self.text, self.n
        while self.i < n:
            i = self.i
            c = text[i]
            if c == " " or c == "\t" or c == "\r":
                self.i += 1
            elif c == "\\" and i + 1 < n and text[i + 1] == "\n":
                self.i += 2
            elif c == "#":
                end = text.find("\n", i)
                self.i = n if end < 0 else end
            elif c == "\n":
                self._op("\n", i, i + 1)
                self._read_heredoc_bodies()
            elif self.dbracket and c in "<>&|()":
                j = i + 1
                while j < n and text[j] in "<>&|=" and j - i < 2:
                    j += 1
                self.tokens.append(_Token(WORD, i, j, text[i:j], text[i:j]))
                self.i = j
            elif c == ")" and self.nested and self.paren == 0 and not self.case_depth:
                self._finish_heredocs()
                self.i = i + 1
                return self.i
            elif c == "(":
                if text.startswith("((", i) and self._arith_allowed():
                    self._arith_command(i)
                else:
                    self.paren += 1
                    self._op("(", i, i + 1)
            elif c == ")":
                if self.paren > 0 or not self.case_depth:
                    self.paren -= 1
                self._op(")", i, i + 1)
            elif c == ";":
                for op in (";;&", ";;", ";&", ";"):
                    if text.startswith(op, i):
                        self._op(op, i, i + len(op))
                        break
            elif c == "&":
                if text.startswith("&>", i):
                    self._redirect(i, None, i)
                elif text.startswith("&&", i):
                    self._op("&&", i, i + 2)
                else:
                    self._op("&", i, i + 1)
            elif c == "|":
                op = text[i:i + 2] if text[i:i + 2] in ("||", "|&") else "|"
                self._op(op, i, i + len(op))
            elif c in "<>":
                if i + 1 < n and text[i + 1] == "(":
                    self._word()
                else:
                    self._redirect(i, None, i)
            elif c.isdigit() and self._fd_redirect(i):
                pass
            else:
                self._word()
        self._finish_heredocs()
        if self.dbracket:
            self.reason("unterminated [[")
        if self.nested:
            return None
        return self.i

    # -- tokens
    def _op(self, op, start, end):
        self.tokens.append(_Token(OP, start, end, op))
        self.i = end
        self.cmd_start = True

    def _arith_allowed(self):
        if self.cmd_start:
            return True
        last = self.tokens[-1] if self.tokens else None
        return last is not None and last.kind == WORD and last.text in ("for", "select")

    def _arith_command(self, start):
        """``(( expr ))`` as one word; its contents are arithmetic, not commands."""
        end = _matching_parens(self.text, start + 2, 2)
        if end is None:
            self.reason("unbalanced arithmetic expansion")
            end = self.n
        self.features.add(ARITHMETIC)
        self.tokens.append(_Token(WORD, start, end, self.text[start:end], self.text[start:end]))
        self.i = end
        self.cmd_start = False

    def _fd_redirect(self, i):
        text = self.text
        j = i
        while j < self.n and text[j].isdigit():
            j += 1
        if j >= self.n or text[j] not in "<>" or j - i > 9:
            return False
        if j + 1 < self.n and text[j + 1] == "(":
            return False
        self._redirect(j, int(text[i:j]), i)
        return True

    def _redirect(self, i, fd, start):
        text = self.text
        for op in _REDIRECT_OPS:
            if text.startswith(op, i):
                break
        j = i + len(op)
        while j < self.n and (text[j] in " \t" or text.startswith("\\\n", j)):
            j += 2 if text[j] == "\\" else 1
        self.i = j
        if j >= self.n or text[j] in "\n;&|()<>#" or _fd_prefix_at(text, j):
            if op in ("<<", "<<-"):
                self.reason("unreadable heredoc delimiter")
            else:
                self.reason("redirect without target")
            target = None
        else:
            target = self._word(emit=False)
        redirect = Redirect(fd, op, target.value if target else "", text[start:self.i],
                            start, self.i, bool(target and target.quoted))
        token = _Token(REDIR, start, self.i, text[start:self.i],
                       subs=target.subs if target else None, redirect=redirect)
        self.tokens.append(token)
        if op in ("<<", "<<-"):
            self.features.add(HEREDOC)
            if target is not None:
                self.pending_heredocs.append((target.value, op == "<<-", redirect))
        elif op == "<<<":
            self.features.add(HERE_STRING)

    def _read_heredoc_bodies(self):
        text, n = self.text, self.n
        for delimiter, strip_tabs, redirect in self.pending_heredocs:
            body_start = self.i
            pos = self.i
            while True:
                if pos >= n:
                    redirect.body = text[body_start:]
                    self.reason("unterminated heredoc")
                    self.i = n
                    break
                line_end = text.find("\n", pos)
                if line_end < 0:
                    line_end = n
                line = text[pos:line_end]
                if strip_tabs:
                    line = line.lstrip("\t")
                if line == delimiter or line.rstrip("\r") == delimiter:
                    redirect.body = text[body_start:pos]
                    self.i = min(line_end + 1, n)
                    break
                pos = line_end + 1
        self.pending_heredocs = []

    def _finish_heredocs(self):
        if self.pending_heredocs:
            self.reason("heredoc without body")
            self.pending_heredocs = []

    def _word(self, emit=True):
        """Read one word starting at self.i (quotes, escapes, substitutions)."""
        text, n = self.text, self.n
        start = i = self.i
        value = []
        subs = []
        quoted = False
        continuation = None     # where trailing line continuations began (not part of the word)
        if text[i] in "<>" and i + 1 < n and text[i + 1] == "(":
            end = self._nested(i + 2)
            if end is None:
                self.reason("unbalanced process substitution")
                end = n
            self.features.add(PROCESS_SUBSTITUTION)
            value.append(text[i:end])
            i = end
        while i < n:
            c = text[i]
            if c == "[" and self.cmd_start and emit and not quoted and \
                    _is_name("".join(value)):
                # bash reads `name[...]` in command position as one subscript, to its `]`
                end = text.find("]", i)
                if end < 0:
                    self.reason("unbalanced bracket")
                    end = n - 1
                value.append(text[i:end + 1])
                i = end + 1
                continue
            if c in _WORD_BREAK:
                if c == "(" and value and not quoted and _is_assignment("".join(value)) \
                        and "".join(value).endswith("="):
                    end = _matching_parens(text, i + 1, 1)   # array assignment a=(1 2)
                    if end is None:
                        self.reason("unbalanced parenthesis")
                        end = n
                    value.append(text[i:end])
                    i = end
                    continue
                break
            if c == "\\" and i + 1 < n and text[i + 1] == "\n":
                if continuation is None:
                    continuation = i
                i += 2
                continue
            continuation = None
            if c == "\\":
                quoted = True
                if i + 1 >= n:
                    self.reason("trailing backslash")
                    value.append("\\")
                    i += 1
                else:
                    value.append(text[i + 1])
                    i += 2
            elif c == "'":
                quoted = True
                end = text.find("'", i + 1)
                if end < 0:
                    self.reason("unbalanced single quote")
                    value.append(text[i + 1:])
                    i = n
                else:
                    value.append(text[i + 1:end])
                    i = end + 1
            elif c == '"':
                quoted = True
                i = self._double_quoted(i + 1, value, subs)
            elif c == "`":
                i = self._backtick(i, value, subs)
            elif c == "$" and i + 1 < n and text[i + 1] in "({['\"":
                nxt = text[i + 1]
                if nxt == "'":
                    quoted = True
                    i = self._ansi_c(i + 2, value)
                elif nxt == '"':
                    quoted = True
                    i = self._double_quoted(i + 2, value, subs)
                else:
                    i = self._dollar(i, value, subs)
            else:
                value.append(c)
                i += 1
        self.i = i
        end = i if continuation is None else continuation
        token = _Token(WORD, start, end, text[start:end], "".join(value), quoted, subs)
        if emit:
            self.tokens.append(token)
            word = token.text
            if self.cmd_start and word == "[[":
                self.dbracket = True
            elif self.dbracket and word == "]]":
                self.dbracket = False
            elif self.cmd_start and not quoted and word in ("case", "esac"):
                self.case_depth = max(0, self.case_depth + (1 if word == "case" else -1))
            self.cmd_start = word in _CMD_START_WORDS and not quoted and self.cmd_start
        return token

    def _double_quoted(self, i, value, subs):
        text, n = self.text, self.n
        while i < n:
            c = text[i]
            if c == '"':
                return i + 1
            if c == "\\" and i + 1 < n:
                nxt = text[i + 1]
                if nxt in '"\\$`':
                    value.append(nxt)
                elif nxt != "\n":
                    value.append("\\" + nxt)
                i += 2
            elif c == "`":
                i = self._backtick(i, value, subs)
            elif c == "$" and i + 1 < n and text[i + 1] in "({[":
                i = self._dollar(i, value, subs)
            else:
                value.append(c)
                i += 1
        self.reason("unbalanced double quote")
        return n

    def _ansi_c(self, i, value):
        text, n = self.text, self.n
        escapes = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "a": "\a",
                   "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "v": "\v"}
        while i < n:
            c = text[i]
            if c == "'":
                return i + 1
            if c == "\\" and i + 1 < n:
                value.append(escapes.get(text[i + 1], "\\" + text[i + 1]))
                i += 2
            else:
                value.append(c)
                i += 1
        self.reason("unbalanced single quote")
        return n

    def _backtick(self, i, value, subs):
        text, n = self.text, self.n
        j = i + 1
        while j < n:
            if text[j] == "\\":
                j += 2
                continue
            if text[j] == "`":
                subs.append(text[i + 1:j])
                value.append(text[i:j + 1])
                self.features.add(COMMAND_SUBSTITUTION)
                return j + 1
            j += 1
        self.reason("unbalanced backtick")
        value.append(text[i:])
        return n

    def _dollar(self, i, value, subs):
        """``$(...)``, ``$((...))``, ``${...}`` or the old ``$[...]`` starting at text[i] == '$'."""
        text, n = self.text, self.n
        if text[i + 1] == "[":
            end = _matching_parens(text, i + 2, 1, "[", "]")
            if end is None:
                self.reason("unbalanced arithmetic expansion")
                end = n
            self.features.add(ARITHMETIC)
        elif text[i + 1] == "{":
            end = _parameter_end(text, i + 2)
            if end is None:
                self.reason("unbalanced parameter expansion")
                end = n
        elif text.startswith("$((", i):
            end = _matching_parens(text, i + 3, 2)
            if end is None:
                # `$( (cmd) )` style: a command substitution that starts with a subshell
                end = self._nested(i + 2)
                if end is None:
                    self.reason("unbalanced arithmetic expansion")
                    end = n
                else:
                    subs.append(text[i + 2:end - 1])
                    self.features.add(COMMAND_SUBSTITUTION)
            else:
                self.features.add(ARITHMETIC)
        else:
            end = self._nested(i + 2)
            if end is None:
                self.reason("unbalanced command substitution")
                end = n
                subs.append(text[i + 2:])
            else:
                subs.append(text[i + 2:end - 1])
            self.features.add(COMMAND_SUBSTITUTION)
        value.append(text[i:end])
        return end

    def _nested(self, pos):
        if self.nesting >= _MAX_NESTING:
            self.reason("nesting too deep")
            return None
        inner = _Lexer(self.text, pos, self.result, self.nesting + 1, nested=True)
        end = inner.run()
        if end is not None:
            # check the inner script's structure too; its segments are not the line's
            scratch = Parse(self.text)
            scratch.reasons = self.result.reasons
            _Builder(scratch).build(inner.tokens)
        return end


def _skip_quoted(text, i):
    """Index just past the escape or quoted span starting at ``i`` (None when it never ends);
    ``i`` itself when nothing quoted starts there."""
    c = text[i]
    if c == "\\":
        return i + 2
    if c == "'":
        end = text.find("'", i + 1)
        return None if end < 0 else end + 1
    if c == '"':
        return _skip_double(text, i + 1)
    if c == "`":
        return _skip_backtick(text, i + 1)
    return i


def _matching_parens(text, pos, depth, opener="(", closer=")"):
    """End index just past the parens (or other ``opener``/``closer`` pair) that close
    ``depth`` open ones (quotes respected)."""
    n = len(text)
    i = pos
    while i < n:
        c = text[i]
        j = _skip_quoted(text, i)
        if j is None:
            return None
        if j != i:
            i = j
            continue
        if c == opener:
            depth += 1
        elif c == closer:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _skip_until(text, i, closer):
    """Index just past the unescaped ``closer`` at or after ``i``, or None."""
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
        elif c == closer:
            return i + 1
        else:
            i += 1
    return None


def _skip_backtick(text, i):
    return _skip_until(text, i, "`")


def _skip_double(text, i):
    return _skip_until(text, i, '"')


def _parameter_end(text, i):
    """End index just past the ``}`` closing a ``${`` whose body starts at i."""
    n = len(text)
    depth = 1
    while i < n:
        c = text[i]
        j = _skip_quoted(text, i)
        if j is None:
            return None
        if j != i:
            i = j
            continue
        if c == "$" and text.startswith("${", i):
            depth += 1
            i += 2
            continue
        if c == "$" and text.startswith("$(", i):
            end = _matching_parens(text, i + 2, 1)
            if end is None:
                return None
            i = end
            continue
        if c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


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
                    _is_assignment(token.text):
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


"""Shell command text to tokens: words, operators and redirects, with exact source offsets.

The first half of ``shell.parse``: quotes, escapes, substitutions, heredoc bodies and comments are
resolved here, so the segment builder in ``shell`` only sees words, operators and redirects. Like
the builder it never executes anything and never raises on odd input: what it cannot read with
certainty becomes a reason on the parse (``unbalanced single quote``, ``unterminated heredoc``).
"""

# Character tests instead of regular expressions: this runs on the hook path, where importing
# ``re`` (with the ``enum`` and ``functools`` it loads) costs a third of the interpreter's start.
# A shell variable name's first character and the rest (also read by ``permissions``).
NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
NAME_CHARS = NAME_START | frozenset("0123456789")

_WORD_BREAK = frozenset(" \t\n;&|()<>")
_REDIRECT_OPS = ("<<<", "<<-", "<<", "<&", "<>", "<", ">>", ">&", ">|", ">", "&>>", "&>")

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


def is_name(text):
    """A shell variable name: ``[A-Za-z_][A-Za-z0-9_]*``."""
    return bool(text) and text[0] in NAME_START and all(c in NAME_CHARS for c in text)


def is_assignment(text):
    """Whether ``text`` starts like an assignment: ``name=``, ``name+=``, ``name[sub]=`` (the
    builder files such words as a segment's assignments)."""
    if not text or text[0] not in NAME_START:
        return False
    i = 1
    while i < len(text) and text[i] in NAME_CHARS:
        i += 1
    if text.startswith("[", i):
        close = text.find("]", i + 1)
        if close >= 0:
            i = close + 1
    return text.startswith("=", i) or text.startswith("+=", i)


def fd_prefix_at(text, i):
    """Whether ``text[i:]`` starts with 1-9 digits and ``<`` or ``>`` (another redirect's fd)."""
    end = i
    while end < len(text) and end - i < 10 and text[end].isdecimal():
        end += 1
    return 1 <= end - i <= 9 and text[end:end + 1] in ("<", ">")


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


# Token kinds: what the builder in ``shell`` reads.
WORD, OP, REDIR = "word", "op", "redir"


class _Token(object):
    """One word, operator or redirect, with its source span."""

    __slots__ = ("kind", "start", "end", "text", "value", "quoted", "subs", "redirect")

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


class Lexer(object):
    """Turns text into tokens. A nested lexer reads a ``$( ... )`` body up to its ``)``.

    ``result`` is the ``shell.Parse`` being read (its ``reasons`` and ``features`` are filled
    in); ``check_inner(tokens)``, when given, checks the structure of each nested script (the
    builder lives in ``shell``, which imports this module)."""

    def __init__(self, text, pos, result, nesting, nested=False, check_inner=None):
        self.check_inner = check_inner
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
        if j >= self.n or text[j] in "\n;&|()<>#" or fd_prefix_at(text, j):
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
                    is_name("".join(value)):
                # bash reads `name[...]` in command position as one subscript, to its `]`
                end = text.find("]", i)
                if end < 0:
                    self.reason("unbalanced bracket")
                    end = n - 1
                value.append(text[i:end + 1])
                i = end + 1
                continue
            if c in _WORD_BREAK:
                if c == "(" and value and not quoted and is_assignment("".join(value)) \
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
            elif c == "$" and text.startswith("$$", i):     # the shell's PID, never `$` then `$(`
                value.append("$$")
                i += 2
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
            elif c == "$" and text.startswith("$$", i):
                value.append("$$")
                i += 2
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
        inner = Lexer(self.text, pos, self.result, self.nesting + 1, nested=True,
                      check_inner=self.check_inner)
        end = inner.run()
        if end is not None and self.check_inner is not None:
            self.check_inner(inner.tokens)    # its segments are not the line's; its reasons are
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

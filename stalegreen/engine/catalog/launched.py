"""Runs launched by a program that is not a POSIX shell: PowerShell (``pwsh -Command``), cmd
(``cmd /c``), Python code (``python -c``, ``python - <<EOF``) calling ``pytest.main`` or
``subprocess``, ``node -e`` calling ``execSync``, and ``find -exec``.

The catalog finds the run in what they launch (``strip_wrappers`` records the launcher in
``info["launched"]``); ``launch_reason`` says whether the launcher hands the run's exit status
and output on. The rules are small and literal on purpose: a string literal names the command,
and the status counts as kept only in the forms listed below; anything else is masked (or, when
the command cannot be read, no run). A line with such a launcher is never rewritten: the
wrapper is POSIX sh and the launched line is not, and wrapping the launcher would record the
launcher's status, which is not the run's (docs: tests/engine/commands_blind/README.md).
"""

from stalegreen.engine.catalog.argv import base_name, is_flag

PWSH = frozenset(("pwsh", "pwsh.exe", "powershell", "powershell.exe"))
CMD = frozenset(("cmd", "cmd.exe"))
FIND = frozenset(("find", "gfind"))
SHELL_KINDS = ("pwsh", "cmd")

# PowerShell's parameters that take a value (names may be shortened to any unique prefix)
_PWSH_VALUES = ("executionpolicy", "windowstyle", "workingdirectory", "inputformat", "outputformat",
                "configurationname", "version", "settingsfile", "custompipename", "encodedarguments")
_PWSH_VALUE_ALIASES = frozenset(("ep", "ex", "w", "wd", "if", "of", "o", "v", "ea"))
_CODE_CALLS = ("pytest.main(", "subprocess.run(", "subprocess.call(", "subprocess.check_call(",
               "subprocess.check_output(")
_EXIT_CALLS = ("sys.exit(", "SystemExit(")
_COMPOUND = frozenset(("if", "elif", "else", "for", "while", "try", "except", "finally", "with", "def",
                       "class", "async", "match", "case", "lambda"))


def pwsh_command(rest):
    """("script", text) for ``pwsh [-NoProfile ...] -Command TEXT...``, ("file", argv) for
    ``-File x.ps1 args``, or None (``-EncodedCommand``, ``-NoExit``, a bare first word: pwsh 7
    reads it as a file and Windows PowerShell as a command)."""
    i, n = 0, len(rest)
    while i < n:
        word = rest[i]
        if not word.startswith("-") or len(word) < 2:
            return None
        name = word[1:].lower().split(":", 1)[0]
        if name == "c" or (len(name) >= 3 and "command".startswith(name)):
            script = " ".join(rest[i + 1:])
            return ("script", script) if script.strip() and script != "-" else None
        if name == "f" or (len(name) >= 2 and "file".startswith(name)):
            return ("file", rest[i + 1:]) if i + 1 < n else None
        if name.startswith(("e", "noe")) and not name.startswith(("ex", "ep")):
            return None                 # -EncodedCommand: unread; -NoExit: the shell stays open
        if ":" not in word and (name in _PWSH_VALUE_ALIASES or (
                len(name) >= 3 and any(v.startswith(name) for v in _PWSH_VALUES))):
            i += 1
        i += 1
    return None


def cmd_command(rest):
    """The command line of ``cmd [/d /q /s ...] /c LINE...`` (``/C`` too), or None (``/k`` keeps
    the shell open)."""
    for i, word in enumerate(rest):
        if not word.startswith("/"):
            return None
        if word.lower() == "/c":
            script = " ".join(rest[i + 1:])
            return script if script.strip() else None
        if word.lower() == "/k":
            return None
    return None


# find predicates that select files by kind and name only: from ".", the files they select are
# all the tree's files of that kind (`find . -name '*.sh' -not -path './node_modules/*'`)
_FIND_KIND_ONLY = frozenset(("-name", "-iname", "-type", "-not", "!", "-path", "-ipath", "-wholename", "-prune",
                             "-o", "-or", "-a", "-and", "(", ")", "-print"))
_FIND_VALUES = frozenset(("-name", "-iname", "-type", "-path", "-ipath", "-wholename"))


def find_command(rest):
    """(argv, terminator, whole) of the first ``-exec``/``-execdir`` of a find, without its
    ``{}``; ``whole``: the find starts at ``.`` and selects by kind and name only."""
    whole, i = True, 0
    while i < len(rest) and not rest[i].startswith("-") and rest[i] not in ("!", "("):
        whole = whole and rest[i] in (".", "./")
        i += 1
    while i < len(rest):
        word = rest[i]
        if word in ("-exec", "-execdir"):
            tail = rest[i + 1:]
            for j, end in enumerate(tail):
                if end in (";", "+"):
                    argv = [w for w in tail[:j] if w != "{}"]
                    return (argv, end, whole) if argv else None
            return None
        whole = whole and word in _FIND_KIND_ONLY
        i += 2 if word in _FIND_VALUES else 1
    return None


# ---------------------------------------------------------------------------------------------
# code: python and node


def _string(text, i):
    """(value, end) of a plain string literal at ``text[i]`` (no escapes, no prefix), or None."""
    if i >= len(text) or text[i] not in "'\"":
        return None
    end = text.find(text[i], i + 1)
    if end < 0 or "\\" in text[i + 1:end] or "\n" in text[i + 1:end]:
        return None
    return text[i + 1:end], end + 1


def _skip_space(text, i):
    while i < len(text) and text[i] in " \t\n":
        i += 1
    return i


def _literal_argv(text, i):
    """(argv, end) of a list/tuple of string literals or of one string at ``text[i]``, or None."""
    i = _skip_space(text, i)
    single = _string(text, i)
    if single is not None:
        words = single[0].split()
        if not words or any(c in single[0] for c in "'\"\\$`;&|<>()"):
            return None
        return words, single[1]
    if i >= len(text) or text[i] not in "[(":
        return None
    close = "]" if text[i] == "[" else ")"
    items, i = [], i + 1
    while True:
        i = _skip_space(text, i)
        if i < len(text) and text[i] == close:
            return items, i + 1
        found = _string(text, i)
        if found is None:
            return None
        items.append(found[0])
        i = _skip_space(text, found[1])
        if i < len(text) and text[i] == ",":
            i += 1
        elif i >= len(text) or text[i] != close:
            return None


def _call_end(text, i):
    """Index just past the ``)`` closing the call whose ``(`` is at ``text[i - 1]``, or None."""
    depth = 1
    while i < len(text):
        c = text[i]
        if c in "'\"":
            end = text.find(c, i + 1)
            if end < 0:
                return None
            i = end + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _top_level_statement(code, at):
    """The text of the statement before ``code[at]`` when it is at the top level (an unindented
    line that no compound statement opens), else None."""
    line_start = code.rfind("\n", 0, at) + 1
    line = code[line_start:at]
    if line[:1] in (" ", "\t") or line.split(" ", 1)[0].rstrip(":") in _COMPOUND:
        return None
    return line.rsplit(";", 1)[-1].strip()


def _code_positions(code, name):
    """Where ``name`` starts in ``code`` as code: not in a string literal or a comment (``#`` or
    ``//``), not the end of a longer name."""
    found, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if c in "'\"`":
            quote = code[i:i + 3] if code[i:i + 3] in ("'" * 3, '"' * 3) else c
            end = code.find(quote, i + len(quote))
            while end > 0 and len(quote) == 1 and code[end - 1] == "\\":
                end = code.find(quote, end + 1)
            if end < 0:
                return found
            i = end + len(quote)
            continue
        if c == "#" or code.startswith("//", i):
            end = code.find("\n", i)
            if end < 0:
                return found
            i = end
            continue
        if code.startswith(name, i) and not (i > 0 and (code[i - 1].isalnum() or code[i - 1] in "_.$")):
            found.append(i)
        i += 1
    return found


def _has_word(code, word):
    """``word`` as a keyword of ``code`` (outside strings and comments)."""
    return any(not code[at + len(word):at + len(word) + 1].isalnum() for at in _code_positions(code, word))


def python_call(code):
    """(argv, status) of the first ``pytest.main``/``subprocess`` call in ``code`` given literal
    arguments, or None. ``status``: "" when the exit status provably reaches the process's exit
    (``sys.exit(pytest.main(...))``, ``raise SystemExit(subprocess.call(...))``,
    ``subprocess.run(..., check=True)``, ``check_call``), else what drops or hides it."""
    found = [(at, name) for name in _CODE_CALLS for at in _code_positions(code, name)]
    if not found:
        return None
    at, name = min(found)
    start = at + len(name)
    end = _call_end(code, start)
    if end is None:
        return None
    if name == "pytest.main(":
        if code[_skip_space(code, start)] == ")":
            argv, after = [], _skip_space(code, start)
        else:
            read = _literal_argv(code, start)
            if read is None:
                return None
            argv, after = read
        if code[_skip_space(code, after)] != ")":
            return None                         # a keyword, a second argument: not read
        argv = ["pytest"] + argv
    else:
        read = _literal_argv(code, start)
        if read is None:
            return None
        argv = read[0]
    keywords = code[read[1] if name != "pytest.main(" else end - 1:end - 1].replace(" ", "")
    return argv, _python_status(code, at, end, name, keywords)


def _python_status(code, at, end, name, keywords):
    if _has_word(code, "try") or _has_word(code, "except"):
        return "launched:python:try"
    if name == "subprocess.check_output(" or "capture_output=True" in keywords or "stdout=" in keywords or (
            "stderr=" in keywords and "stderr=subprocess.STDOUT" not in keywords):
        return "launched:python:captured"
    statement = _top_level_statement(code, at)
    if statement is None:
        return "launched:python:conditional"
    if name == "subprocess.check_call(" or (name == "subprocess.run(" and "check=True" in keywords):
        return ""
    rest = code[end:].lstrip(" ")
    if name == "subprocess.run(" and rest.startswith(".returncode"):
        rest = rest[len(".returncode"):].lstrip(" ")
    elif name == "subprocess.run(":
        return "launched:python:status-dropped"
    if statement in ("sys.exit(", "raise SystemExit(") and rest.startswith(")"):
        return ""
    return "launched:python:status-dropped"


def node_call(code):
    """(argv, status) of the first ``execSync('literal command')`` in ``code``, or None. It throws
    when the command fails, so node exits non-zero; caught, or with its output captured (no
    ``stdio: 'inherit'``), the result is hidden."""
    found = _code_positions(code, "execSync(") + [at + 1 for at in _code_positions(code, ".execSync(")]
    if not found:
        return None
    at = min(found)
    start = at + len("execSync(")
    end = _call_end(code, start)
    read = _literal_argv(code, start)
    if end is None or read is None or code[read[1] - 1] not in "'\"":
        return None
    if _has_word(code, "try") or _has_word(code, "catch"):
        return read[0], "launched:node:try"
    if "inherit" not in code[read[1]:end]:
        return read[0], "launched:node:captured"
    return read[0], ""


def node_code(rest):
    """The code of ``node -e CODE`` / ``--eval`` / ``-p``, or None."""
    for i, word in enumerate(rest):
        if word in ("-e", "--eval", "-p", "--print") and i + 1 < len(rest):
            return rest[i + 1]
        if word.startswith("--eval="):
            return word.split("=", 1)[1]
        if not is_flag(word):
            return None
    return None


# ---------------------------------------------------------------------------------------------
# the status


def launch_reason(launched, run_words, raw_words=()):
    """"" when the launcher hands the run's exit status and output on, else the masking reason
    (``launched:<kind>:<what>``). ``launched``: ``strip_wrappers``'s record of it; ``raw_words``:
    the launcher's words as typed (a double-quoted ``$LASTEXITCODE`` is the outer shell's)."""
    kind, detail = launched
    if kind in SHELL_KINDS:
        expanded = any("$" in w and not w.startswith("'") for w in raw_words)
        return _shell_string_reason(kind, detail, run_words, expanded)
    if kind == "find":
        return "" if detail == "+" else "launched:find:exec-each"
    if kind == "pwsh-file":
        return "launched:pwsh:file"
    return detail


def _shell_string_reason(kind, script, run_words, expanded=False):
    """A PowerShell or cmd line read with the POSIX reader, conservatively: the run keeps its
    status only when nothing follows it but ``&&`` chains, or (pwsh) ``; exit $LASTEXITCODE``
    last, with no pipe, group, redirect of its output or negation."""
    from stalegreen.engine import shell

    if kind == "pwsh" and not expanded:
        script = _without_exit_check(script)
    inner = shell.parse(script)
    program = base_name(run_words[0]) if run_words else None
    # the segment ending with the run's argv (`npm run build`, not the `npm ci` before it)
    targets = [s for s in inner.segments if run_words and s.words[-len(run_words):] == list(run_words)] or [
        s for s in inner.segments if s.words and (base_name(s.words[0]) == program or run_words[0] in s.words)]
    if not inner.confident or not targets or inner.groups:
        return "launched:%s:unreadable" % kind
    target = targets[0]
    if target.negated or any(r.stdout for r in target.redirects):
        return "launched:%s:redirect" % kind
    if any(s is not target and s.pipeline == target.pipeline for s in inner.segments):
        return "launched:%s:pipe" % kind
    after = [s for s in inner.segments if s.index > target.index]
    chain = [target] + after
    if all(s.op == "&&" for s in chain[:-1]) and chain[-1].op in (None, ";", "\n"):
        return ""
    if kind == "pwsh" and not expanded and target.op in (";", "\n") and len(after) == 1 and \
            [w.lower() for w in after[0].words] == ["exit", "$lastexitcode"] and after[0].op in (None, ";", "\n"):
        return ""
    return "launched:%s:%s" % (kind, "followed" if target.op in (";", "\n") else target.op)


def _without_exit_check(script):
    """``npm test; if ($LASTEXITCODE -ne 0) { exit 1 }`` -> ``npm test``: a last command that exits
    non-zero when the run before it failed hands the failure on (PowerShell's own spelling, read
    word by word; any other ``if`` stays unread)."""
    at = script.rfind(";")
    spaced = script[at + 1:].lower()
    for c in "(){}":
        spaced = spaced.replace(c, " %s " % c)
    words = spaced.split()
    if at < 0 or words[:7] != ["if", "(", "$lastexitcode", "-ne", "0", ")", "{"] or words[-1:] != ["}"] or \
            len(words) != 10 or words[7] != "exit" or not words[8].isdigit() or int(words[8]) == 0:
        return script
    return script[:at]

"""What a ``sed`` command line says, for the two readers that need it.

``masking.filter_files`` drops a ``| sed ...`` stage after a run only when it can do nothing but
shape text; ``edits`` names the files a ``sed -i`` changes. Both read the same argv the same way
here: which options there are, which words are scripts and which are files. No regular
expression until a script is checked (``is_pure_script``), so the PreToolUse path stays free of
``re``.
"""

# Options that only shape the text read from stdin: no file written or read, no program run.
PLAIN_LETTERS = "nEru"
PLAIN_LONG = frozenset(("--quiet", "--silent", "--regexp-extended", "--unbuffered", "--posix"))
_VALUE_LETTERS = "efl"           # -e SCRIPT, -f FILE, -l N: the value is the rest of the word or the next
_VALUE_LONG = ("--expression", "--file", "--line-length")

_ADDRESS = r"(?:\d+|\$|/(?:[^/\\\n]|\\.)*/)"
_COMMAND = r"(?:%s(?:,%s)?)?(?:[pd=]|q\d*|s/(?:[^/\\\n]|\\.)*/(?:[^/\\\n]|\\.)*/[gpiI0-9]*)" % (_ADDRESS, _ADDRESS)
_PURE_SCRIPT = []      # compiled on first use: only a line with a sed stage needs it


class SedArgs(object):
    """One sed argv (the words after ``sed``), read once.

    ``in_place`` (``-i``, ``--in-place``), ``scripts`` (the values of ``-e``/``--expression``,
    in order), ``script_flag`` (a script came from ``-e``/``-f``/``--expression``/``--file``, so
    the first operand is a file, not the script), ``operands`` (the other words, ``--`` ending
    the options), ``plain`` (every option is one of ``PLAIN_LETTERS``/``PLAIN_LONG`` or an
    ``-e`` with its value: nothing but text shaping)."""

    __slots__ = ("in_place", "scripts", "script_flag", "operands", "plain")

    def __init__(self):
        self.in_place = False
        self.scripts = []
        self.script_flag = False
        self.operands = []
        self.plain = True


def read_args(args):
    """The ``SedArgs`` of ``args`` (GNU and BSD spellings; BSD ``-i ''`` takes its empty suffix)."""
    found = SedArgs()
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            found.operands.extend(args[i + 1:])
            break
        if word.startswith("--"):
            name, has_value, value = word.partition("=")
            if word.startswith("--in-place"):
                found.in_place = True
                found.plain = False
            elif word in _VALUE_LONG:
                found.script_flag = found.script_flag or word != "--line-length"
                if word == "--expression" and i + 1 < len(args):
                    found.scripts.append(args[i + 1])
                else:
                    found.plain = False        # a script file, a line length, or no value at all
                i += 1
            elif has_value and name in ("--expression", "--file"):
                found.script_flag = True
                if name == "--expression":
                    found.scripts.append(value)
                else:
                    found.plain = False
            elif word not in PLAIN_LONG:
                found.plain = False
        elif len(word) > 1 and word.startswith("-"):
            letters = word[1:]
            for position, letter in enumerate(letters):
                if letter == "i":
                    found.in_place = True
                    found.plain = False
                    if position == len(letters) - 1 and i + 1 < len(args) and args[i + 1] == "":
                        i += 1                    # BSD ``sed -i '' ...``
                    break                         # the rest is the backup suffix
                if letter in _VALUE_LETTERS:
                    attached = letters[position + 1:]
                    if letter in "ef":
                        found.script_flag = True
                    if letter != "e":
                        found.plain = False
                    elif attached:
                        found.scripts.append(attached)
                    elif i + 1 < len(args):
                        found.scripts.append(args[i + 1])
                    else:
                        found.plain = False       # ``-e`` with nothing after it
                    if not attached:
                        i += 1                    # the value is the next word
                    break
                if letter not in PLAIN_LETTERS:
                    found.plain = False
        else:
            found.operands.append(word)
        i += 1
    return found


def is_pure_script(script):
    """A sed script of print/delete/quit/line-number and s/// commands only (no w, e, r, W)."""
    if not _PURE_SCRIPT:
        import re

        _PURE_SCRIPT.append(re.compile(r"\s*%s\s*(?:;\s*%s\s*)*;?\s*\Z" % (_COMMAND, _COMMAND)))
    return _PURE_SCRIPT[0].match(script) is not None

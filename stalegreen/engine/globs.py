"""fingerprintIgnore globs: which repository paths the working-tree fingerprint (and the edit
record) leaves out. Paths are bytes relative to the repository root, ``/``-separated, as git
prints them; most patterns become suffix, prefix, set or substring tests run at C speed over
the whole index listing at once."""

import os


def glob_to_regex(pattern):
    """A fingerprintIgnore glob as a regex body: ``**`` spans directories (and absorbs a
    following ``/``), ``*`` and ``?`` stay within one path part, ``[...]`` is a class."""
    import re

    out = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "*":
            if pattern.startswith("**", i):
                i += 2
                if i < n and pattern[i] == "/":
                    i += 1
                    out.append("(?:.*/)?")
                else:
                    out.append(".*")
                continue
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            end = pattern.find("]", i + 2 if pattern[i + 1:i + 2] in ("!", "^", "]") else i + 1)
            if end < 0:
                out.append(re.escape(c))
            else:
                body = pattern[i + 1:end]
                negate = body[:1] in ("!", "^")
                if negate:
                    body = body[1:]
                out.append("[%s%s]" % ("^/" if negate else "", _class_body(body)))
                i = end
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def _class_body(body):
    """A glob ``[...]`` body as a regex class body: ranges kept, every other character literal."""
    import re

    out = []
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            out.append("%s-%s" % (re.escape(body[i]), re.escape(body[i + 2])))
            i += 3
        else:
            out.append(re.escape(body[i]))
            i += 1
    return "".join(out)


def safe_regex(pattern):
    """The glob's regex, or the pattern as a literal when it is not a valid glob (``[z-a]``)."""
    import re

    body = glob_to_regex(pattern)
    try:
        re.compile(body)
    except re.error:
        return re.escape(pattern)
    return body


_WILD = frozenset("*?[")


class Matcher(object):
    """A compiled ignore list working on bytes paths relative to the repository root.

    Most patterns are ``*.ext``, ``NAME*``, ``NAME``, ``dir/**`` or ``**/dir/**``; those become
    suffix, prefix, set and substring tests (C speed per path). Anything else goes through one
    regex for basenames and one for paths.
    """

    __slots__ = ("suffixes", "name_prefixes", "names", "dir_prefixes", "dir_names", "name_re", "path_re", "empty")

    def __init__(self, patterns):
        import re

        suffixes, name_prefixes, names, dir_prefixes, dir_names, name_res, path_res = [], [], set(), [], [], [], []
        for raw in patterns or ():
            if not isinstance(raw, str):
                continue
            pattern = raw.strip()
            while pattern.startswith("./"):
                pattern = pattern[2:]
            if pattern.startswith("/"):
                pattern = pattern.lstrip("/")
            if pattern.endswith("/"):
                pattern += "**"
            if not pattern:
                continue
            enc = path_bytes(pattern)
            if "/" not in pattern:
                rest = pattern[1:]
                if pattern[0] == "*" and rest and not (_WILD & set(rest)):
                    suffixes.append(path_bytes(rest))
                elif pattern[-1] == "*" and not (_WILD & set(pattern[:-1])) and len(pattern) > 1:
                    name_prefixes.append(path_bytes(pattern[:-1]))
                elif not (_WILD & set(pattern)):
                    names.add(enc)
                else:
                    name_res.append(safe_regex(pattern))
            else:
                head = pattern[:-3]
                folder = pattern[3:-3]
                if pattern.endswith("/**") and head and not (_WILD & set(head)):
                    dir_prefixes.append(path_bytes(head) + b"/")
                elif pattern.startswith("**/") and pattern.endswith("/**") and folder \
                        and "/" not in folder and not (_WILD & set(folder)):
                    dir_names.append(b"/" + path_bytes(folder) + b"/")   # a folder of that name anywhere
                else:
                    path_res.append(safe_regex(pattern))
        self.suffixes = tuple(suffixes)
        self.name_prefixes = tuple(name_prefixes)
        self.names = frozenset(names)
        self.dir_prefixes = tuple(dir_prefixes)
        self.dir_names = tuple(dir_names)
        self.name_re = re.compile(("(?:%s)\\Z" % "|".join(name_res)).encode(), re.S) if name_res else None
        self.path_re = re.compile(("(?:%s)\\Z" % "|".join(path_res)).encode(), re.S) if path_res else None
        self.empty = not (suffixes or name_prefixes or names or dir_prefixes or dir_names or name_res or path_res)

    def ignored(self, paths):
        """The members of ``paths`` (a list of bytes) this list ignores: the same answers as
        calling the matcher on each, found by C-speed searches in one NUL-joined string. A
        ``suffix NUL``, ``NUL folder/``, ``/name/`` or ``NUL name/`` hit is a match by itself; a
        basename literal's hit is tested; regex patterns then see only the paths still left."""
        blob = b"\0" + b"\0".join(paths) + b"\0"
        found = set()
        exact = [suffix + b"\0" for suffix in self.suffixes] + [b"\0" + folder for folder in self.dir_prefixes]
        exact += list(self.dir_names) + [b"\0" + name[1:] for name in self.dir_names]
        for needle in exact + list(self.name_prefixes + tuple(self.names)):
            tested = needle not in exact
            at = blob.find(needle)
            while at >= 0:
                path = blob[blob.rfind(b"\0", 0, at + 1) + 1:blob.find(b"\0", at + 1)]
                if not tested or self(path):
                    found.add(path)
                at = blob.find(needle, at + 1)
        if self.name_re is not None or self.path_re is not None:
            name_re, path_re = self.name_re, self.path_re
            for path in [path for path in paths if path not in found]:
                if (name_re is not None and name_re.match(path, path.rfind(b"/") + 1)) \
                        or (path_re is not None and path_re.match(path)):
                    found.add(path)
        return found

    def __call__(self, path):
        """True when ``path`` (bytes, repository-relative, ``/``-separated) is ignored."""
        if path.endswith(self.suffixes) or path.startswith(self.dir_prefixes):
            return True
        for name in self.dir_names:
            if name in path or path.startswith(name[1:]):
                return True
        name = path[path.rfind(b"/") + 1:]
        if name in self.names or name.startswith(self.name_prefixes):
            return True
        if self.name_re is not None and self.name_re.match(name):
            return True
        return self.path_re is not None and self.path_re.match(path) is not None


_MATCHERS = {}


def matcher(patterns):
    key = tuple(patterns or ())
    found = _MATCHERS.get(key)
    if found is None:
        if len(_MATCHERS) > 32:
            _MATCHERS.clear()
        found = _MATCHERS[key] = Matcher(key)
    return found


def path_bytes(text):
    """A path as the bytes git prints: undecodable bytes come back from their surrogate escapes;
    a lone surrogate no file name can hold (an agent can write one into a tool call) is kept as
    its own bytes rather than raising, so one odd path never breaks a Stop."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def is_ignored(relpath, patterns):
    """True when ``relpath`` (relative to the repository root) matches a fingerprintIgnore glob.

    A pattern without ``/`` matches the basename, one with ``/`` the whole path (leading
    ``./`` removed); whole-string matches only.
    """
    if relpath is None:
        return False
    if isinstance(relpath, str):
        relpath = relpath.replace(os.sep, "/") if os.sep != "/" else relpath
        relpath = path_bytes(relpath)
    while relpath.startswith(b"./"):
        relpath = relpath[2:]
    return matcher(patterns)(relpath)

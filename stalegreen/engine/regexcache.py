"""The claims reader's and output judge's regular expressions, compiled once per install.

Compiling them is most of a Stop's own work (``re`` parses each pattern in Python: ~25 ms for
one claim), and every hook process used to do it again. The compiled form is what ``re`` hands
to the C engine (``_sre.compile``: the pattern, its flags, a list of opcodes, its groups); that
is plain data, and for one interpreter the same source always gives the same data.

``install`` (``install/bytecode.py`` with ``install/regextable.py``) writes it once, for the
registered interpreter, into the zipapp's bytecode folder: the folder whose ``.pyc`` files the
launcher already runs, found from this module's own location and never from the environment or
a session's folder (the table is no more and no less trusted than that bytecode). ``warm`` makes
those patterns what ``re.compile(source, flags)`` (or a lazy pattern) returns: the same pattern
``re`` would have compiled; a pattern not in the table, a table from another
interpreter, or no table at all means ``re`` compiles as before. The C engine validates the
opcodes it is given (``_sre``'s code checker), and the table is only read where this module's
own bytecode came from. Never raises.

The table is a header (``marshal``: the stamp, the stems, each reader's entries, and each entry's
source, flags, groups and where its opcodes lie) followed by the opcodes of every entry, read
with one ``read`` and never copied: a pattern is built (``_sre.compile``) only when it is used.
Patterns compiled when a module is imported go into ``re``'s cache at ``warm``; the lazy ones
(``lazyregex.LazyRegex``: the claims grammar's, half the opcodes) wait in ``lazyregex.FROM_TABLE`` until a
reader first uses them, so a Stop reading one short claim builds a few dozen, not all of them.
"""

import os
import sys

TABLE_NAME = "regexcache.table"
FORMAT = 4                 # 2: stems ride along; 3: each entry's reader is named; 4: header + opcodes, lazy entries
MAX_TABLE_BYTES = 8 * 1024 * 1024
MAX_ENTRIES = 448          # re keeps 512 patterns; the table leaves 64 of them to a caller's own
READERS = ("outputs", "claims")   # the output judge (a run's PostToolUse), the claims reader (a Stop)
HEADER_SIZE_BYTES = 8      # the table starts with the header's length (little-endian)
_WARMED = []               # patterns added so far (one number); empty before the first warm
_READERS_WARMED = set()
_STEMS = {}                # (role, lang) -> lexicon.stem_lists' answer, from the table


def stamp():
    """What the compiled form depends on: the interpreter and its regex engine."""
    import _sre

    return (FORMAT, tuple(sys.version_info[:3]), sys.implementation.name, _sre.MAGIC, _sre.CODESIZE,
            sys.maxunicode)


def table_path():
    """The table beside this module when it was loaded from the bytecode folder (a sourceless
    ``.pyc``), else None: a source checkout never reads one."""
    here = globals().get("__file__") or ""
    if not here.endswith(".pyc") or os.path.basename(os.path.dirname(here)) == "__pycache__":
        return None
    return os.path.join(os.path.dirname(here), TABLE_NAME)


def encode(header, opcodes):
    """The table's bytes: ``header`` (``marshal``able; each entry names its opcodes' offset and
    length in ``opcodes``) and the opcodes, which start on an 8-byte boundary."""
    import marshal

    head = marshal.dumps(header)
    head += b"\0" * (-(HEADER_SIZE_BYTES + len(head)) % 8)
    return len(head).to_bytes(HEADER_SIZE_BYTES, "little") + head + opcodes


def decode(data):
    """``encode``'s (header, opcodes as a memoryview of ``data``, not a copy); raises on garbage."""
    import marshal

    size = int.from_bytes(data[:HEADER_SIZE_BYTES], "little")
    if not HEADER_SIZE_BYTES < HEADER_SIZE_BYTES + size <= len(data):
        raise ValueError("not a pattern table")
    return marshal.loads(data[HEADER_SIZE_BYTES:HEADER_SIZE_BYTES + size]), memoryview(data)[HEADER_SIZE_BYTES + size:]


def warm(path=None, readers=READERS):
    """Make the patterns of ``readers`` in the table at ``path`` (default ``table_path()``) what
    ``re`` and lazy patterns get (the output judge's alone are a tenth of the table), each reader
    once per process. Returns the number of patterns added in all."""
    wanted = [name for name in readers if name not in _READERS_WARMED]
    if not _WARMED:
        _WARMED.append(0)
    if not wanted:
        return _WARMED[0]
    _READERS_WARMED.update(wanted)
    try:
        path = path or table_path()
        if path:
            _WARMED[0] += _load(path, wanted)
    except Exception:
        pass
    return _WARMED[0]


def _load(path, readers):
    import re

    from stalegreen.engine import lazyregex

    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict) or sys.version_info < (3, 7):
        return 0
    from stalegreen.engine.safeio import read_regular_file

    data = read_regular_file(path, MAX_TABLE_BYTES, whole=True)
    if not data:
        return 0
    (written, stems, by_reader, entries), opcodes = decode(data)
    if written != stamp() or not isinstance(entries, tuple) or len(entries) > MAX_ENTRIES \
            or not isinstance(stems, dict) or not isinstance(by_reader, dict):
        return 0
    added = 0
    for index in sorted(set(i for name in readers for i in by_reader.get(name, ()))):
        entry = entries[index]
        source, caller_flags, lazy = entry[0], entry[1], entry[-1]
        if lazy:
            lazyregex.FROM_TABLE.setdefault((source, caller_flags), _Builder(entry, opcodes, cache))
        elif (str, source, caller_flags) not in cache:
            cache[(str, source, caller_flags)] = build(entry, opcodes)
        added += 1
    _STEMS.update(stems)
    return added


def build(entry, opcodes):
    """The compiled pattern of one entry: (source, caller flags, flags, offset, length, groups,
    groupindex, indexgroup, lazy), its opcodes at offset in ``opcodes``."""
    import _sre

    source, _caller_flags, flags, offset, length, groups, groupindex, indexgroup, _lazy = entry
    code = opcodes[offset:offset + length].cast("I").tolist()
    return _sre.compile(source, flags, code, groups, groupindex, indexgroup)


class _Builder(object):
    """Builds one lazy entry when a reader first uses it, and puts it in ``re``'s cache as
    ``warm`` puts the others (``re.compile`` of the same source returns it too). None on
    any failure: the caller then compiles as ``re`` always did."""

    __slots__ = ("entry", "opcodes", "cache")

    def __init__(self, entry, opcodes, cache):
        self.entry, self.opcodes, self.cache = entry, opcodes, cache

    def __call__(self):
        try:
            pattern = build(self.entry, self.opcodes)
        except Exception:
            return None
        return self.cache.setdefault((str, self.entry[0], self.entry[1]), pattern)


def stems(role, lang):
    """``lexicon.stem_lists(role, lang)`` as install worked it out (the same grammar, the same
    answer), or None: the lexicon then works it out itself."""
    return _STEMS.get((role, lang))

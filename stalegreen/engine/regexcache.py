"""The claims reader's and output judge's regular expressions, compiled once per install.

Compiling them is most of a Stop's own work (``re`` parses each pattern in Python: ~25 ms for
one claim), and every hook process used to do it again. The compiled form is what ``re`` hands
to the C engine (``_sre.compile``: the pattern, its flags, a list of opcodes, its groups); that
is plain data, and for one interpreter the same source always gives the same data.

``install`` (``install/bytecode.py`` with ``install/regextable.py``) writes it once, for the
registered interpreter, into the zipapp's bytecode folder: the folder whose ``.pyc`` files the
launcher already runs, found from this module's own location and never from the environment or
a session's folder (the table is no more and no less trusted than that bytecode). ``warm`` puts
those patterns into ``re``'s own cache, so ``re.compile(source, flags)`` anywhere returns the
same pattern it would have compiled; a pattern not in the table, a table from another
interpreter, or no table at all means ``re`` compiles as before. The C engine validates the
opcodes it is given (``_sre``'s code checker), and the table is only read where this module's
own bytecode came from. Never raises.
"""

import os
import sys

TABLE_NAME = "regexcache.table"
FORMAT = 3                 # 2: the lexicon's stems ride along; 3: each entry's reader is named
MAX_TABLE_BYTES = 8 * 1024 * 1024
MAX_ENTRIES = 400          # re keeps 512 patterns; the table never crowds out a caller's own
READERS = ("outputs", "claims")   # the output judge (a run's PostToolUse), the claims reader (a Stop)
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


def warm(path=None, readers=READERS):
    """Fill ``re``'s cache from the table at ``path`` (default ``table_path()``) with the
    patterns of ``readers`` (the output judge's alone are a tenth of the table), each reader once
    per process. Returns the number of patterns added in all."""
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
    import marshal
    import re

    import _sre

    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict):
        return 0
    from stalegreen.engine.safeio import read_regular_file

    if sys.version_info < (3, 7):
        return 0
    data = read_regular_file(path, MAX_TABLE_BYTES, whole=True)
    if not data:
        return 0
    written, entries, stems, by_reader = marshal.loads(data)
    if written != stamp() or not isinstance(entries, tuple) or len(entries) > MAX_ENTRIES \
            or not isinstance(stems, dict) or not isinstance(by_reader, dict):
        return 0
    added = 0
    for index in sorted(set(i for name in readers for i in by_reader.get(name, ()))):
        source, caller_flags, flags, code, groups, groupindex, indexgroup = entries[index]
        key = (str, source, caller_flags)
        if key in cache:
            continue
        cache[key] = _sre.compile(source, flags, memoryview(code).cast("I").tolist(), groups, groupindex,
                                  indexgroup)
        added += 1
    _STEMS.update(stems)
    return added


def stems(role, lang):
    """``lexicon.stem_lists(role, lang)`` as install worked it out (the same grammar, the same
    answer), or None: the lexicon then works it out itself."""
    return _STEMS.get((role, lang))

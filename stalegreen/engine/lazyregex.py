"""A regular expression compiled the first time it is used.

A module's patterns serve many paths, and each hook process takes one: compiling every pattern
at import would make each event pay for all of them. ``re`` itself (with ``enum``, about as
much as the interpreter's start) loads on the first use too, so a module holding patterns
can be imported on a path that never matches one.

``FROM_TABLE`` is filled by ``regexcache.warm`` with the patterns the install compiled once
(a builder per (source, flags)): a lazy pattern found there is built from that table instead of
compiled by ``re``, and only the patterns a process uses are ever built.
"""

FROM_TABLE = {}     # (source, int flags) -> a function returning the compiled pattern, or None


class LazyRegex(object):
    """Stands in for ``re.compile(source, flags)`` (``source`` may be a function building it);
    the compiled methods replace it on first use."""

    def __init__(self, source, flags=0):
        self.source = source
        self.source_flags = flags

    def __getattr__(self, name):
        source = self.source() if callable(self.source) else self.source
        compiled = compile_pattern(source, self.source_flags)
        for method in ("search", "match", "fullmatch", "sub", "subn", "finditer", "findall", "split"):
            setattr(self, method, getattr(compiled, method))
        self.pattern, self.flags = compiled.pattern, compiled.flags
        return getattr(compiled, name)


def compile_pattern(source, flags):
    """The install's compiled form of ``source`` when its table holds it, else ``re.compile``."""
    build = FROM_TABLE.pop((source, int(getattr(flags, "value", flags))), None) if FROM_TABLE else None
    compiled = build() if build is not None else None
    if compiled is None:
        import re

        compiled = re.compile(source, flags)
    return compiled

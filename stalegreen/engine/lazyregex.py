"""A regular expression compiled the first time it is used.

A module's patterns serve many paths, and each hook process takes one: compiling every pattern
at import would make each event pay for all of them. ``re`` itself (with ``enum``, about as
much as the interpreter's start) loads on the first use too, so a module holding patterns
can be imported on a path that never matches one.
"""


class LazyRegex(object):
    """Stands in for ``re.compile(source, flags)``; the compiled methods replace it on first use."""

    def __init__(self, source, flags=0):
        self.source = source
        self.source_flags = flags

    def __getattr__(self, name):
        import re

        compiled = re.compile(self.source, self.source_flags)
        for method in ("search", "match", "fullmatch", "sub", "subn", "finditer", "findall", "split"):
            setattr(self, method, getattr(compiled, method))
        self.pattern, self.flags = compiled.pattern, compiled.flags
        return getattr(compiled, name)

"""JSON for the hook path without importing ``json``.

``import json`` pulls in ``re``, ``enum``, ``functools`` and ``collections``: about as much CPU as
the interpreter's own start, on every tool call. The C accelerator ``_json`` that ``json`` itself
uses needs none of them, so ``loads`` drives its scanner directly and ``dumps`` its encoder. Both
give exactly what ``json`` gives (the same C code does the work); anything outside the plain cases (a BOM, trailing garbage, a float key, a missing
``_json``) is handed to ``json`` itself, which answers or raises as it always did.
"""

try:
    import _json
except ImportError:   # not CPython: json does it all
    _json = None

_WHITESPACE = " \t\n\r"      # what json skips around a document
_scan = []


class _Unusual(Exception):
    """A value the fast encoder leaves to ``json``."""


class _Context(object):
    """The attributes ``_json.make_scanner`` reads from a ``json.JSONDecoder``, at its defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    memo = None

    @staticmethod
    def parse_constant(name):
        return {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}[name]


def reject_constant(name):
    """``NaN`` and ``Infinity`` are no JSON: a host never sends them, and echoing one back would
    break a JavaScript host's parser."""
    raise ValueError("not JSON: %s" % name)


class _StrictContext(_Context):
    parse_constant = staticmethod(reject_constant)


def loads(text, strict_constants=False):
    """``json.loads(text)`` for a str; with ``strict_constants`` a ``NaN``/``Infinity`` raises
    ValueError (``json.loads(text, parse_constant=reject_constant)``)."""
    slot = 1 if strict_constants else 0
    try:
        if not _scan:
            _scan.extend((_json.make_scanner(_Context()), _json.make_scanner(_StrictContext())))
        start = len(text) - len(text.lstrip(_WHITESPACE))
        value, end = _scan[slot](text, start)
        if end == len(text) or not text[end:].strip(_WHITESPACE):
            return value
    except Exception:
        pass
    import json

    if strict_constants:
        return json.loads(text, parse_constant=reject_constant)
    return json.loads(text)


def dumps(obj, default=None, ensure_ascii=False, allow_nan=True):
    """``json.dumps(obj, ensure_ascii=ensure_ascii, separators=(",", ":"), default=default,
    allow_nan=allow_nan)``, written by the C encoder ``json`` itself uses for that call."""
    try:
        escape = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
        encode = _json.make_encoder({}, default or _unusual, escape, None, ":", ",", False, False, allow_nan)
        return "".join(encode(obj, 0))
    except (_Unusual, AttributeError, RecursionError, TypeError, ValueError):   # json says why
        import json

        return json.dumps(obj, ensure_ascii=ensure_ascii, separators=(",", ":"), default=default,
                          allow_nan=allow_nan)


def _unusual(value):
    """No ``default``: what the encoder cannot write is left to ``json`` (which raises)."""
    raise _Unusual()

"""JSON for the hook path without importing ``json``.

``import json`` pulls in ``re``, ``enum``, ``functools`` and ``collections``: about as much CPU as
the interpreter's own start, on every tool call. The C accelerator ``_json`` that ``json`` itself
uses needs none of them, so ``loads`` drives its scanner directly and ``dumps`` writes the compact
form with its string escaper. Both give exactly what ``json`` gives (the same C code does the
work); anything outside the plain cases (a BOM, trailing garbage, a float key, a missing
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
    allow_nan=allow_nan)``."""
    try:
        escape = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
        parts = []
        _encode(obj, parts, escape, default, allow_nan)
        return "".join(parts)
    except (_Unusual, AttributeError, RecursionError):
        import json

        return json.dumps(obj, ensure_ascii=ensure_ascii, separators=(",", ":"), default=default,
                          allow_nan=allow_nan)


def _float(value, allow_nan=True):
    if value != value or value in (float("inf"), float("-inf")):
        if not allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
    return float.__repr__(value)


def _encode(value, parts, escape, default, allow_nan=True):
    if isinstance(value, str):
        parts.append(escape(value))
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(int.__repr__(value))
    elif isinstance(value, float):
        parts.append(_float(value, allow_nan))
    elif isinstance(value, dict):
        parts.append("{")
        first = True
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Unusual()
            if not first:
                parts.append(",")
            first = False
            parts.append(escape(key))
            parts.append(":")
            _encode(item, parts, escape, default, allow_nan)
        parts.append("}")
    elif isinstance(value, (list, tuple)):
        parts.append("[")
        for index, item in enumerate(value):
            if index:
                parts.append(",")
            _encode(item, parts, escape, default, allow_nan)
        parts.append("]")
    elif default is not None:
        _encode(default(value), parts, escape, default, allow_nan)
    else:
        raise _Unusual()

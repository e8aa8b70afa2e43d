"""Streaming helpers shared by the readers: JSON lines, zstd frames, text and output caps."""

import json
import os
import shutil
import subprocess

MAX_TEXT = 32 * 1024          # assistant text handed to the claim extractor
MAX_OUTPUT = 256 * 1024       # run output handed to the runner-output judge
CLIP_NOTE = "\n[stalegreen] replay clipped %d characters\n"


class Meter(object):
    """Counts bytes and lines read (progress bars, MB/s) and lines that were not JSON."""

    __slots__ = ("bytes", "lines", "bad_lines", "files")

    def __init__(self):
        self.bytes = 0
        self.lines = 0
        self.bad_lines = 0
        self.files = 0


def zstd_available():
    """A way to decode multi-frame zstd: the stdlib module (3.14+), ``zstandard``, or the CLI."""
    return _zstd_module() is not None or shutil.which("zstd") is not None


def _zstd_module():
    try:
        from compression import zstd  # Python 3.14+
        return zstd
    except ImportError:
        pass
    try:
        import zstandard
        return zstandard
    except ImportError:
        return None


class _Pipe(object):
    """Iterates the decoded lines of ``zstd -dc path`` and reaps the process when done."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            ["zstd", "-dcq", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def __iter__(self):
        try:
            for line in self.proc.stdout:
                yield line
        finally:
            self.proc.stdout.close()
            self.proc.wait()


def _open_lines(path):
    """An iterable of raw byte lines of ``path``; zstd files decoded as a stream."""
    if path.endswith(".zstd") or path.endswith(".zst"):
        module = _zstd_module()
        if module is not None and hasattr(module, "open") and module.__name__.startswith("compression"):
            return module.open(path, "rb")
        if module is not None and hasattr(module, "ZstdDecompressor"):
            import io
            raw = open(path, "rb")
            reader = module.ZstdDecompressor().stream_reader(raw, read_across_frames=True, closefd=True)
            return io.BufferedReader(reader)
        if shutil.which("zstd"):
            return _Pipe(path)
        return None
    return open(path, "rb")


_DECODE = json.JSONDecoder().decode


def decode_line(line):
    """``json.loads(line)`` for a raw line, without its per-call encoding sniffing when the
    line is plainly UTF-8 (starts with ``{`` and no NUL follows: what ``json.loads`` itself
    would decide). Same value, same ``ValueError`` on a bad line."""
    if line[:1] == b"{" and line[1:2] != b"\x00":
        return _DECODE(line.decode("utf-8", "surrogatepass"))
    return json.loads(line)


TYPE_KEY = b'"type":"'


def own_type(line):
    """The value (bytes) of a raw JSON-lines row's own ``"type"`` key when the row's first bytes
    prove it, else None; the key is then the row's first ``"type":"``.

    Proven when the row starts ``{``, the first ``"type":"`` is not preceded by a backslash, no
    ``{`` or ``[`` comes before it, and the value holds no backslash. In valid JSON that first
    quote, escaped by nothing, cannot close a string (``type`` would then stand outside one), so
    it opens the string ``"type"``, which a ``:`` makes a key; with no bracket before it, a key
    of the row itself, not of a nested object. (A row with a second ``type`` key of its own,
    which no JSON writer writes, is taken by its first.) The readers' raw-line filters use it to
    drop rows of types they ignore without decoding them."""
    start = line.find(TYPE_KEY)
    if start <= 0 or line[start - 1] == 92 or line[0] != 123 \
            or line.find(b"{", 1, start) >= 0 or line.find(b"[", 1, start) >= 0:       # 92: \\, 123: {
        return None
    end = line.find(b'"', start + 8)        # 8: len(TYPE_KEY)
    value = line[start + 8:end]
    return value if end > 0 and 92 not in value else None


def iter_records(path, meter=None, wanted=None, skip=None):
    """Yield each JSON object of a JSON-lines file, skipping bad lines (counted in ``meter``).

    ``wanted`` is an optional tuple of byte strings: a line containing none of them is skipped
    without being parsed; ``skip(line)`` may reject more raw lines (the readers' cheap
    pre-filters: parsing JSON is most of the cost of a replay). Both are only ever allowed to
    drop lines their reader would turn into no event (tests/replay/test_prefilter.py).
    """
    source = _open_lines(path)
    if source is None:
        return
    if meter is None:
        meter = Meter()
    meter.files += 1
    size = count = 0        # read since ``meter`` was last brought up to date (each yield, the end)
    try:
        for line in source:
            size += len(line)
            count += 1
            if wanted is not None:
                for token in wanted:
                    if token in line:
                        break
                else:
                    continue
            if skip is not None and skip(line):
                continue
            try:
                record = decode_line(line)
            except ValueError:
                if line.strip():
                    meter.bad_lines += 1
                continue
            if isinstance(record, dict):
                meter.bytes += size
                meter.lines += count
                size = count = 0
                yield record
    finally:
        meter.bytes += size
        meter.lines += count
        close = getattr(source, "close", None)
        if close is not None:
            close()


def modified_since(path, cutoff):
    """Whether ``path`` changed at or after ``cutoff`` (epoch seconds; None: always)."""
    if cutoff is None:
        return True
    try:
        return os.stat(path).st_mtime >= cutoff
    except OSError:
        return False


def first_record(path):
    """The first JSON object of a file (session headers), or None."""
    for record in iter_records(path):
        return record
    return None


def clip(text, limit=MAX_OUTPUT):
    """Keep the first quarter and the tail of a long output, saying how much was dropped."""
    if not isinstance(text, str):
        text = text_of(text)
    if not text or len(text) <= limit:
        return text or ""
    head = limit // 4
    tail = limit - head
    return text[:head] + (CLIP_NOTE % (len(text) - limit)) + text[-tail:]


def text_of(content):
    """Plain text of a message/tool-result content: a string or a list of text blocks."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict):
                value = block.get("text")
                if isinstance(value, str):
                    parts.append(value)
                elif block.get("type") == "tool_result" or isinstance(block.get("content"), list):
                    parts.append(text_of(block.get("content")))
        return "\n".join(p for p in parts if p)
    if isinstance(content, dict):
        return text_of(content.get("text") or content.get("content"))
    return ""


def read_capped(path, limit=MAX_OUTPUT):
    """Text of a spilled-output file (Claude ``persistedOutputPath``), capped, or None."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as fh:
            if size <= limit:
                data = fh.read()
            else:
                head = fh.read(limit // 4)
                fh.seek(size - (limit - limit // 4))
                data = head + (CLIP_NOTE % (size - limit)).encode() + fh.read()
        return data.decode("utf-8", "replace")
    except (OSError, ValueError):
        return None


MALFORMED = (TypeError, AttributeError, ValueError, KeyError, IndexError)


def safely(produce, meter=None):
    """The events one record produces, or none when the record has an unexpected shape (a
    field of the wrong type): one odd line never ends a replay; it is counted as bad."""
    try:
        return list(produce)
    except MALFORMED:
        if meter is not None:
            meter.bad_lines += 1
        return ()


def text_field(value):
    """``value`` when it is a non-empty string, else None (timestamps, ids, paths)."""
    return value if isinstance(value, str) and value else None

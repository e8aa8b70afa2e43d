"""Open a local HTML file in headless Chromium (Debian's ``chromium``): console messages and a
screenshot decoded to pixels with the standard library (no imaging package needed)."""

import os
import shutil
import struct
import subprocess
import zlib

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--hide-scrollbars"]


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def open_page(html_path, png_path, width=1200, height=2200, timeout=90):
    """Render ``html_path``; returns (console lines, stderr text). Writes ``png_path``."""
    profile = os.path.join(os.path.dirname(png_path), "chromium-profile")
    args = [chromium()] + FLAGS + [
        "--user-data-dir=%s" % profile, "--enable-logging=stderr", "--v=0",
        "--window-size=%d,%d" % (width, height), "--screenshot=%s" % png_path,
        "file://" + os.path.abspath(html_path)]
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                          env=dict(os.environ, HOME=os.path.dirname(png_path)))
    stderr = proc.stderr.decode("utf-8", "replace")
    console = [line for line in stderr.splitlines() if ":CONSOLE" in line or "Failed to load resource" in line]
    return console, stderr


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) for an 8-bit RGB/RGBA PNG."""
    with open(path, "rb") as fh:
        data = fh.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, []
    width = height = channels = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), "unsupported PNG %d/%d" % (depth, color)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            upleft = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + ((left + up) >> 1)) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def count_color(png, rgb, tolerance=12):
    """How many pixels are within ``tolerance`` of ``rgb`` (per channel)."""
    width, height, channels, rows = png
    r0, g0, b0 = rgb
    total = 0
    for row in rows:
        for x in range(0, width * channels, channels):
            if abs(row[x] - r0) <= tolerance and abs(row[x + 1] - g0) <= tolerance and abs(row[x + 2] - b0) <= tolerance:
                total += 1
    return total

"""Compiled bytecode for the zipapp, kept in a directory beside it.

zipimport never caches bytecode, so every run of a plain zipapp compiles each module it imports
from source (for the CLI that is click and tomlkit: ~150 ms). The zipapp's own ``__main__.py``
puts ``<archive>-bytecode/<build>-<tag>-<magic>/`` first on ``sys.path`` when it exists: sourceless
``.pyc`` files (plus the package's data files) compiled from exactly that build for exactly this
interpreter, so a stale or foreign cache can never be picked up. ``install`` writes it for the
registering interpreter; the zipapp also fills it lazily for other interpreters, but only when the
``-bytecode`` directory (or the absolute folder its launcher passes to ``_run``, the Claude plugin's
data folder) already exists, so a copy in someone's Downloads folder writes nothing. No environment
variable chooses the folder: code is only ever loaded from where the installed launcher says.
"""

import os
import sys

SUFFIX = "-bytecode"


def root_for(archive, root=None):
    """``root`` when the launcher named one (absolute), else the folder beside the archive."""
    return root if root and os.path.isabs(root) else archive + SUFFIX


def _magic():
    import importlib.util

    return importlib.util.MAGIC_NUMBER


def dir_name(build_id, cache_tag=None, magic=None):
    """Must match what the zipapp's ``__main__.py`` computes (see ``pyz.MAIN_TEMPLATE``)."""
    cache_tag = cache_tag or sys.implementation.cache_tag
    magic = _magic() if magic is None else magic
    return "%s-%s-%s" % (build_id, cache_tag, magic.hex())


def cache_dir(archive, build_id, root=None):
    return os.path.join(root_for(archive, root), dir_name(build_id))


def _pyc_bytes(source, filename):
    import marshal

    code = compile(source, filename, "exec", dont_inherit=True)
    # PEP 552 header: magic, flags=0 (timestamp form), mtime, size. Sourceless loaders check
    # only the magic and flags; mtime 0 keeps the file identical across builds.
    header = _magic() + (0).to_bytes(4, "little") + (0).to_bytes(4, "little")
    return header + (len(source) & 0xFFFFFFFF).to_bytes(4, "little") + marshal.dumps(code)


def build(archive, build_id, root=None):
    """Compile every module of ``archive`` for the running interpreter. Returns the directory.

    Written to a temporary directory and renamed into place, so concurrent hook processes see
    either nothing or a complete cache.
    """
    import shutil
    import zipfile

    final = cache_dir(archive, build_id, root)
    if os.path.isdir(final):
        return final
    os.makedirs(root_for(archive, root), exist_ok=True)
    tmp = "%s.tmp-%d" % (final, os.getpid())
    try:
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                name = info.filename
                if name.endswith("/") or "/" not in name or ".dist-info/" in name:
                    continue   # the entry script and metadata stay in the zip
                data = zf.read(info)
                dest = os.path.join(tmp, *name.split("/"))
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                if name.endswith(".py"):
                    data = _pyc_bytes(data, archive + "/" + name)
                    dest += "c"
                with open(dest, "wb") as fh:
                    fh.write(data)
        _write_regex_table(tmp)
        try:
            os.rename(tmp, final)
        except OSError:
            if not os.path.isdir(final):
                raise
    finally:
        if os.path.isdir(tmp):
            shutil.rmtree(tmp, ignore_errors=True)
    return final


_REGEX_TABLE_WRITER = ("import sys; sys.path.insert(0, sys.argv[1]); from stalegreen.install import regextable; "
                       "regextable.write_table(sys.argv[2])")


def _write_regex_table(folder):
    """The compiled patterns (``engine/regexcache.py``) beside the freshly compiled modules, made
    by this interpreter in a fresh process that imports exactly those modules. Without it
    (any failure) ``re`` compiles as it always did."""
    import subprocess

    engine = os.path.join(folder, "stalegreen", "engine")
    if not os.path.isfile(os.path.join(folder, "stalegreen", "install", "regextable.pyc")):
        return
    try:
        subprocess.run([sys.executable, "-I", "-S", "-c", _REGEX_TABLE_WRITER, folder, engine],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=60, cwd=folder)
    except (OSError, subprocess.SubprocessError):
        pass


def prune(archive, keep_build_id):
    """Remove caches of other builds (left behind when the zipapp was replaced) and half-built
    ones (a process killed while compiling)."""
    import shutil

    root = root_for(archive)
    try:
        names = os.listdir(root)
    except OSError:
        return []
    removed = []
    for name in names:
        if not name.startswith(keep_build_id + "-") or ".tmp-" in name:
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
            removed.append(name)
    return removed


def read_build_id(archive):
    """The build id written into a zipapp's ``__main__.py``, or None."""
    import re
    import zipfile

    try:
        with zipfile.ZipFile(archive) as zf:
            text = zf.read("__main__.py").decode("utf-8", "replace")
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    match = re.search(r'^BUILD_ID = "([0-9a-f]+)"$', text, re.M)
    return match.group(1) if match else None

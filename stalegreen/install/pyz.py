"""Build the single-file zipapp reproducibly (used by ``zipapp.sh`` and by ``stalegreen install``).

Entries are written sorted, stored (not deflated: identical bytes whatever zlib the machine
has, and git compresses the committed copy anyway), with a fixed timestamp and mode, behind a
``#!/usr/bin/env python3`` line. Our own ``__main__.py`` (not ``zipapp -m``, which drops the exit
code) carries a build id: a hash of every other entry, which also names the bytecode cache.

    python -m stalegreen.install.pyz build OUT --package DIR [--wheel W ...]
    python -m stalegreen.install.pyz diff A B        # entry-level comparison, exit 1 if they differ
"""

import hashlib
import os
import sys
import zipfile

SHEBANG = b"#!/usr/bin/env python3\n"
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
DEPENDENCIES = ("click", "platformdirs", "tomlkit")

MAIN_TEMPLATE = '''\
"""stalegreen as one file: ``python3 stalegreen.pyz --help``. Built by zipapp.sh."""

import os
import sys

BUILD_ID = "%(build_id)s"


def _bytecode_dir(root):
    # same name as stalegreen.install.bytecode.dir_name; computed without importing anything
    external = sys.modules.get("_frozen_importlib_external")
    magic = getattr(external, "MAGIC_NUMBER", b"")
    return "%%s%%s%%s-%%s-%%s" %% (root, os.sep, BUILD_ID, sys.implementation.cache_tag, magic.hex())


def _run(archive, bytecode_root=None):
    if sys.version_info < (3, 8):
        # one clear line on any old Python (this file parses on 2.7); a hook fails open
        sys.stderr.write("stalegreen needs Python 3.8 or newer; %%s is Python %%s. Run it with a newer "
                         "python3 (python3.8 ... python3.13).\\n" %% (sys.executable, sys.version.split()[0]))
        return 0 if sys.argv[1:2] == ["hook"] else 1
    # The bytecode folder is beside the archive, or one the launcher names by an absolute path
    # (the Claude plugin's data folder): never from the environment, where an agent could point
    # it at code of its own.
    if not (bytecode_root and os.path.isabs(bytecode_root)):
        bytecode_root = archive + "-bytecode"
    root = bytecode_root
    cached = _bytecode_dir(root)
    have_bytecode = os.path.isdir(cached)
    if archive not in sys.path:
        # behind the stdlib when the cache has everything (saves probing the zip per import)
        if have_bytecode:
            sys.path.append(archive)
        else:
            sys.path.insert(0, archive)
    if have_bytecode:
        sys.path.insert(0, cached)
    try:
        import stalegreen
        stalegreen.__archive__ = archive
        from stalegreen.__main__ import main
        code = main()
    finally:
        if (not have_bytecode and not sys.flags.dont_write_bytecode
                and os.path.isdir(root)):
            try:
                sys.stdout.flush()
                from stalegreen.install import bytecode
                bytecode.build(archive, BUILD_ID, root)
            except Exception:
                pass
    if sys.argv[1:2] == ["hook"] and isinstance(code, int):
        # the reply is written: skip the interpreter's teardown (a fifth of its start)
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(_run(os.path.dirname(os.path.abspath(__file__))))
'''
LAUNCHER_SPLIT = '\nif __name__ == "__main__":\n'


def quote(word):
    """POSIX shell quoting for a hook command: bare when safe, else single quotes."""
    import re

    if word and re.match(r"^[A-Za-z0-9_@%+=:,./-]+$", word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def launcher_text(python, archive):
    """A plain script that runs ``archive`` like its own ``__main__.py`` does, minus ``runpy``
    (which running a zip imports on every call: ~5 ms). Hooks run it as ``<python> -I -S <it>``;
    run as a command (or through the ``~/.local/bin`` link) its first lines are sh, which checks
    that ``python`` still exists and, when it does not, names the doctor run that prints the
    install command for what is registered (not ``install --all``, which would add hosts), instead
    of the kernel's bare "bad interpreter". To Python those lines are one string."""
    with zipfile.ZipFile(archive) as zf:
        main = zf.read("__main__.py").decode("utf-8")
    body = main.split(LAUNCHER_SPLIT)[0]
    sh = ('#!/bin/sh\n'
          '""":"\n'
          '# Written by `stalegreen install`: runs %(archive)s without runpy.\n'
          'if [ ! -x %(python)s ]; then\n'
          '  echo "stalegreen: its Python %(python_text)s is gone; run: python3 %(archive_text)s doctor" >&2\n'
          '  exit 127\n'
          'fi\n'
          'exec %(python)s -I -S "$0" "$@"\n'
          '"""\n') % {"python": quote(python), "archive": archive, "python_text": python.replace('"', ""),
                      "archive_text": quote(archive).replace('"', "")}
    return sh + body + "\n\nsys.exit(_run(%r))\n" % archive


def _skip(relpath):
    parts = relpath.split("/")
    if any(p == "__pycache__" or p.startswith(".") for p in parts):
        return True
    return relpath.endswith((".pyc", ".pyo", "~", ".swp"))


def entries_from_dir(directory, prefix):
    """(arcname, bytes) for every file of a package directory, arcnames under ``prefix``."""
    found = []
    for dirpath, dirnames, filenames in os.walk(directory):
        dirnames.sort()
        for filename in sorted(filenames):
            path = os.path.join(dirpath, filename)
            rel = os.path.relpath(path, directory).replace(os.sep, "/")
            if _skip(rel):
                continue
            with open(path, "rb") as fh:
                found.append((prefix + "/" + rel, fh.read()))
    return found


def _keep_metadata(name):
    base = name.rsplit("/", 1)[-1].upper()
    return base == "METADATA" or "LICENSE" in base or "COPYING" in base or "NOTICE" in base


def entries_from_wheel(path):
    """A pure-Python wheel's modules, plus its METADATA and licence files."""
    found = []
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            name = info.filename
            if name.endswith("/") or _skip(name):
                continue
            top = name.split("/", 1)[0]
            if top.endswith(".dist-info"):
                if not _keep_metadata(name):
                    continue
            elif top.endswith(".data"):
                continue
            found.append((name, zf.read(info)))
    return found


def entries_from_installed(module, metadata=True):
    """An importable package's files plus its dist-info METADATA/licences (for pipx installs)."""
    package_dir = os.path.dirname(os.path.abspath(module.__file__))
    name = module.__name__
    found = entries_from_dir(package_dir, name)
    if not metadata:
        return found
    site = os.path.dirname(package_dir)
    for entry in sorted(os.listdir(site)):
        if entry.endswith(".dist-info") and entry.split("-", 1)[0].lower() == name.lower():
            for arc, data in entries_from_dir(os.path.join(site, entry), entry):
                if _keep_metadata(arc):
                    found.append((arc, data))
            break
    return found


PLUGIN_PREFIX = "stalegreen/dsh_plugin/"
# the files of dsh-bridge/ the plugin needs (also pyproject's package-data for stalegreen.dsh_plugin)
PLUGIN_FILES = ("package.json", "cordis.patch.yml", "README.md", "README.zh.md", "lib/*.js")


def dsh_plugin_entries(directory):
    """The dsh plugin's shipped files under ``stalegreen/dsh_plugin/`` (none if it is absent)."""
    import fnmatch

    if not os.path.isfile(os.path.join(directory, "package.json")):
        return []
    return [(PLUGIN_PREFIX + name.split("/", 1)[1], data) for name, data in entries_from_dir(directory, "x")
            if any(fnmatch.fnmatch(name.split("/", 1)[1], pattern) for pattern in PLUGIN_FILES)]


def build_id(entries):
    digest = hashlib.sha256()
    for name, data in sorted(entries):
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def write(out, entries):
    """Write the archive atomically (mode 0755). Returns the build id."""
    entries = sorted(dict(entries).items())
    ident = build_id(entries)
    main = (MAIN_TEMPLATE % {"build_id": ident}).encode("utf-8")
    directory = os.path.dirname(os.path.abspath(out))
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, ".%s.tmp-%d" % (os.path.basename(out), os.getpid()))
    try:
        with open(tmp, "wb") as fh:
            fh.write(SHEBANG)
            with zipfile.ZipFile(fh, "w", zipfile.ZIP_STORED) as zf:
                for name, data in [("__main__.py", main)] + entries:
                    info = zipfile.ZipInfo(name, FIXED_TIME)
                    info.create_system = 3
                    info.external_attr = 0o644 << 16
                    info.compress_type = zipfile.ZIP_STORED
                    zf.writestr(info, data)
        os.chmod(tmp, 0o755)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return ident


def build_from_installed(out):
    """Build a zipapp from the running installation (pipx/venv) with the deps it has."""
    import importlib

    import stalegreen

    # without stalegreen's own dist-info, as zipapp.sh builds it: the same build from every route
    entries = entries_from_installed(stalegreen, metadata=False)
    if not any(name.startswith(PLUGIN_PREFIX) for name, _ in entries):
        # an editable install or checkout: the plugin is the repository's dsh-bridge/
        checkout = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(stalegreen.__file__))),
                                "dsh-bridge")
        entries.extend(dsh_plugin_entries(checkout))
    for dep in DEPENDENCIES:
        entries.extend(entries_from_installed(importlib.import_module(dep)))
    return write(out, entries)


def read_entries(path):
    with zipfile.ZipFile(path) as zf:
        return [(i.filename, zf.read(i)) for i in zf.infolist()]


def diff(a, b):
    """Entry names that differ between two archives (content, presence)."""
    left, right = dict(read_entries(a)), dict(read_entries(b))
    out = []
    for name in sorted(set(left) | set(right)):
        if name not in left:
            out.append("only in %s: %s" % (b, name))
        elif name not in right:
            out.append("only in %s: %s" % (a, name))
        elif left[name] != right[name]:
            out.append("differs: %s" % name)
    return out


def _main(argv):
    if argv[:1] == ["build"] and len(argv) >= 2:
        out, rest = argv[1], argv[2:]
        entries = []
        while rest:
            flag, value, rest = rest[0], rest[1], rest[2:]
            if flag == "--package":
                entries.extend(entries_from_dir(value, os.path.basename(os.path.normpath(value))))
            elif flag == "--wheel":
                entries.extend(entries_from_wheel(value))
            elif flag == "--dsh-plugin":
                entries.extend(dsh_plugin_entries(value))
            else:
                sys.stderr.write("unknown option %s\n" % flag)
                return 2
        print(write(out, entries))
        return 0
    if argv[:1] == ["diff"] and len(argv) == 3:
        try:
            lines = diff(argv[1], argv[2])
        except (OSError, zipfile.BadZipFile) as exc:
            print("not a readable zipapp: %s" % exc)
            return 1
        for line in lines:
            print(line)
        return 1 if lines else 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))

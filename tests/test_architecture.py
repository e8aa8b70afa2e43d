"""The package keeps its shape: no import cycles, a host-free engine, no module grown too big.

Imports are read with ``ast`` from every module, including those inside functions: a function-level
import hides a cycle from the interpreter's load order, not from the reader who has to follow it.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "stalegreen")

# Modules over the line limit today, with their size now. The list only shrinks: a new module over
# the limit fails, and so does one of these growing. Split a module, then drop or lower its line.
MAX_LINES = 800
OVERSIZED = {
}
# What the engine must not reach: it decides for a host-free event and knows no host, installer,
# transcript reader or command line.
ENGINE_FORBIDDEN = ("stalegreen.hosts", "stalegreen.install", "stalegreen.replay", "stalegreen.cli")


def _modules():
    """Module name -> (path, is_package) for every module under stalegreen/."""
    found = {}
    for directory, _dirs, files in os.walk(PACKAGE):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(directory, name)
            dotted = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
            is_package = dotted.endswith(".__init__")
            if is_package:
                dotted = dotted[: -len(".__init__")]
            found[dotted] = (path, is_package)
    return found


def _imported_names(module, is_package, node):
    """The stalegreen module names one import statement names (``from a import b``: ``a.b`` if it
    is a module, else ``a``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [source + "." + alias.name for alias in node.names] + [source]


def _graph():
    """Module -> set of stalegreen modules it imports anywhere in its text."""
    modules = _modules()
    graph = {}
    for module, (path, is_package) in modules.items():
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
        targets = set()
        for node in ast.walk(tree):
            names = _imported_names(module, is_package, node)
            if isinstance(node, ast.ImportFrom):
                # ``from a import b``: an edge to a.b when b is a module, else to a.
                submodules = [n for n in names[:-1] if n in modules]
                names = submodules if len(submodules) == len(names) - 1 else submodules + names[-1:]
            for name in names:
                if not (name == "stalegreen" or name.startswith("stalegreen.")):
                    continue
                while name not in modules and "." in name:
                    name = name.rsplit(".", 1)[0]
                # A package importing its own submodules is how a package is built, not a cycle.
                if name != module and not name.startswith(module + "."):
                    targets.add(name)
        graph[module] = targets
    return graph


def _cycles(graph):
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def test_the_graph_sees_imports_inside_functions():
    graph = _graph()
    # hook.py imports the engine's core only inside a function; the graph must still see it.
    assert "stalegreen.engine.core" in graph["stalegreen.hook"]
    assert "stalegreen.engine.events" in graph["stalegreen.hook"]


def test_cycle_finder_finds_a_hidden_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    cycles = _cycles(_graph())
    assert cycles == [], "import cycles (imports inside functions count): %s" % cycles


def test_engine_imports_no_host_installer_replay_or_cli():
    graph = _graph()
    reached = sorted((module, target) for module, targets in graph.items()
                     if module.startswith("stalegreen.engine")
                     for target in targets if target.startswith(ENGINE_FORBIDDEN))
    assert reached == []


def _private_uses(module, path, is_package):
    """``from stalegreen.x import _name`` and ``x._name`` (``x`` imported from stalegreen) in one
    module: a private name of another module."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    found, imported = [], set()
    for node in ast.walk(tree):
        names = _imported_names(module, is_package, node)
        if not any(n == "stalegreen" or n.startswith("stalegreen.") for n in names):
            continue
        for alias in node.names:
            bound = alias.asname or alias.name.split(".")[0]
            imported.add(bound)
            if isinstance(node, ast.ImportFrom) and alias.name.startswith("_") and not alias.name.startswith("__"):
                found.append("%s:%d imports %s" % (module, node.lineno, alias.name))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported \
                and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.append("%s:%d uses %s.%s" % (module, node.lineno, node.value.id, node.attr))
    return found


def test_private_uses_are_found():
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write("from stalegreen.cli.install import _targets\nfrom stalegreen.engine import shell\n"
                     "shell._hidden(1)\nimport os\nos._exit\n")
    try:
        assert _private_uses("stalegreen.cli.x", handle.name, False) == [
            "stalegreen.cli.x:1 imports _targets", "stalegreen.cli.x:3 uses shell._hidden"]
    finally:
        os.unlink(handle.name)


def test_no_module_uses_another_modules_private_names():
    """A name another module needs is public and documented where it is defined."""
    found = [use for module, (path, is_package) in sorted(_modules().items())
             for use in _private_uses(module, path, is_package)]
    assert found == []


def _module_attribute_uses(module, path, is_package, modules):
    """(line, imported module, attribute) for each ``x.name`` where ``x`` is a stalegreen module
    bound by an import in ``module``."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in modules:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            names = _imported_names(module, is_package, node)
            for alias, dotted in zip(node.names, names):
                if dotted in modules:
                    bound[alias.asname or alias.name] = dotted
    return [(node.lineno, bound[node.value.id], node.attr) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound]


def test_every_name_read_from_another_module_exists():
    """``masking.filter_files`` after ``filter_files`` moved to ``pipe_filters`` fails here, not
    at the first hook call that reaches it (the hook would fail open and record an error)."""
    import importlib

    modules = _modules()
    loaded = dict((name, importlib.import_module(name)) for name in sorted(modules))
    missing = ["%s:%d %s.%s" % (module, line, target, attr)
               for module, (path, is_package) in sorted(modules.items())
               for line, target, attr in _module_attribute_uses(module, path, is_package, modules)
               if not hasattr(loaded[target], attr)]
    assert missing == []


def _line_counts():
    counts = {}
    for module, (path, _is_package) in _modules().items():
        with open(path, encoding="utf-8") as handle:
            counts[os.path.relpath(path, ROOT).replace(os.sep, "/")] = sum(1 for _ in handle)
    return counts


def test_no_module_over_the_line_limit():
    counts = _line_counts()
    over = {path: n for path, n in counts.items() if n > MAX_LINES and n > OVERSIZED.get(path, 0)}
    assert over == {}, "modules over %d lines (split them; the allowlist only shrinks)" % MAX_LINES


@pytest.mark.parametrize("path", sorted(OVERSIZED))
def test_oversized_allowlist_is_current(path):
    """An entry for a module since split or shrunk under the limit is dead: drop it."""
    counts = _line_counts()
    assert counts.get(path, 0) > MAX_LINES, "%s is no longer over the limit: drop it from OVERSIZED" % path


def test_every_package_is_in_the_wheel():
    """pyproject lists its packages by name: a new subpackage left out of that list is missing
    from every pip and pipx install (and from the zipapp those routes build)."""
    import tomlkit

    with open(os.path.join(ROOT, "pyproject.toml")) as fh:
        listed = set(tomlkit.parse(fh.read())["tool"]["setuptools"]["packages"])
    found = set()
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "stalegreen")):
        if "__init__.py" in names and "__pycache__" not in folder:
            found.add(os.path.relpath(folder, ROOT).replace(os.sep, "."))
    assert found - listed == set(), "add these to [tool.setuptools] packages: %s" % sorted(found - listed)


# Host knowledge outside stalegreen/hosts/ still to move there (each names a host today).
NAMES_A_HOST = {"stalegreen/engine/tamper.py"}     # the hosts' settings files it protects


def test_only_the_host_packages_name_a_host():
    """Every host list is ``stalegreen.hosts.HOSTS``: a module elsewhere that spells a host's name
    as a string keeps a list by hand that the next host would have to find (docs: "Adding a
    host")."""
    from stalegreen import hosts

    found = set()
    for module, (path, _is_package) in _modules().items():
        if module.startswith("stalegreen.hosts"):
            continue
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
        if any(isinstance(node, ast.Constant) and node.value in hosts.names() for node in ast.walk(tree)):
            found.add(os.path.relpath(path, ROOT).replace(os.sep, "/"))
    assert found == NAMES_A_HOST

"""The project every scenario works in: a git repo with a real Python package and pytest tests."""

import json
import os

from . import driver

PACKAGE_FILES = {
    ".gitignore": "__pycache__/\n.pytest_cache/\n*.pyc\n",
    "README.md": "# calc\n\nSmall arithmetic helpers: `add`, `sub`, `mul`.\n",
    "pyproject.toml": ('[project]\nname = "calc"\nversion = "0.1.0"\n\n'
                       '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'),
    "calc/__init__.py": '"""Small arithmetic helpers."""\n\nfrom calc.ops import add, mul, sub\n',
    "calc/ops.py": ("def add(a, b):\n    return a + b\n\n\n"
                    "def sub(a, b):\n    return a - b\n\n\n"
                    "def mul(a, b):\n    return a * b\n"),
    "tests/test_ops.py": ("from calc import add, mul, sub\n\n\n"
                          "def test_add():\n    assert add(2, 3) == 5\n\n\n"
                          "def test_sub():\n    assert sub(5, 3) == 2\n\n\n"
                          "def test_mul():\n    assert mul(4, 3) == 12\n"),
}
BROKEN_SUB = ("def sub(a, b):\n    return a - b\n", "def sub(a, b):\n    return a + b\n")


def write_files(root, files):
    for relpath, text in files.items():
        path = os.path.join(str(root), relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def create(root, broken=False, config=None):
    """Write and commit the ``calc`` project; ``broken`` makes test_sub fail, ``config`` is
    written as ``.stalegreen.json``. Returns the project path."""
    files = dict(PACKAGE_FILES)
    if broken:
        files["calc/ops.py"] = files["calc/ops.py"].replace(*BROKEN_SUB)
    if config is not None:
        files[".stalegreen.json"] = json.dumps(config, indent=2) + "\n"
    write_files(root, files)
    driver.git(root, "init", "-q", "-b", "main")
    driver.git(root, "add", "-A")
    driver.git(root, "commit", "-q", "-m", "calc: add, sub, mul")
    return str(root)

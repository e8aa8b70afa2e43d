"""No environment variable decides where the zipapp loads code from."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN_LAUNCHER = os.path.join(ROOT, "installers", "claude-plugin", "bin", "stalegreen")


def _build(out):
    """A zipapp of this tree's package only (the hook needs no dependency)."""
    subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, %r); "
                    "from stalegreen.install.pyz import _main; sys.exit(_main(sys.argv[1:]))" % ROOT,
                    "build", str(out), "--package", os.path.join(ROOT, "stalegreen")],
                   check=True, capture_output=True)
    return str(out)


def _plant(root, archive, canary):
    """A fake bytecode folder for ``archive`` whose ``stalegreen`` writes ``canary`` on import."""
    probe = ("import sys; sys.path.insert(0, %r); from stalegreen.install import bytecode; "
             "print(bytecode.dir_name(bytecode.read_build_id(%r)))" % (ROOT, archive))
    name = subprocess.run([sys.executable, "-I", "-c", probe], check=True, capture_output=True,
                          text=True).stdout.strip()
    package = os.path.join(str(root), name, "stalegreen")
    os.makedirs(package)
    with open(os.path.join(package, "__init__.py"), "w") as fh:
        fh.write("open(%r, 'w').write('imported')\n" % str(canary))


def test_the_bytecode_root_variable_loads_no_code(tmp_path):
    archive = _build(tmp_path / "dist" / "stalegreen.pyz")
    planted, canary = tmp_path / "agent-dir" / "cache", tmp_path / "canary"
    _plant(planted, archive, canary)
    payload = {"session_id": "b1", "cwd": str(tmp_path), "tool_name": "Bash", "tool_input": {"command": "ls"}}
    env = dict(os.environ, STALEGREEN_HOME=str(tmp_path / "home"))
    for value in (str(planted), os.path.relpath(str(planted), str(tmp_path))):
        env["STALEGREEN_BYTECODE_ROOT"] = value
        result = subprocess.run([sys.executable, "-I", "-S", archive, "hook", "claude", "PreToolUse"],
                                input=json.dumps(payload), capture_output=True, text=True, env=env,
                                cwd=str(tmp_path))
        assert result.returncode == 0 and result.stdout == "", result.stderr
        assert not canary.exists()


def test_the_plugin_launcher_passes_its_cache_as_an_argument(tmp_path):
    launcher = open(PLUGIN_LAUNCHER).read()
    assert "STALEGREEN_BYTECODE_ROOT" not in launcher and "export" not in launcher
    assert 'boot["_run"](archive, cache or None)' in launcher

"""Catalog causes found on the dev16 command set (written blind 2026-12-03): runs launched by a
program that is no POSIX shell (PowerShell, cmd, Python and node code, ``find -exec``), and what
those launchers do to the run's status. Each rule holds the set's lines and lines of our own,
negatives included."""

import pytest

from stalegreen.engine import catalog, masking, prefilter, rewrite, shell, unwrapped

BASE = "/w"


def runs(command):
    if not prefilter.might_contain_runner(command):
        return []
    return [(r.runner, r.category, r.scope) for r in catalog.find_runs(shell.parse(command), None, BASE)
            if r.not_run is None]


def masked(command):
    """Whether some run of ``command`` is masked (before the run, and in the unwrapped receipt)."""
    parse = shell.parse(command)
    found = [r for r in catalog.find_runs(parse, None, BASE) if r.not_run is None]
    assert found, command
    masks = [masking.analyze(parse, r) for r in found]
    receipt = any(unwrapped.receipt_masking(m, exit_echoed=unwrapped.status_echo(m) is not None)[0] for m in masks)
    assert receipt == any(m.masked for m in masks), command
    return any(m.masked for m in masks)


def wrapped(command):
    parse = shell.parse(command)
    found = [r for r in catalog.find_runs(parse, None, BASE) if r.not_run is None]
    ids = ["r-%04d" % (i + 1) for i in range(len(found))]
    return rewrite.wrap(parse, found, ids, ["/tmp/sg-logs/%s.log" % i for i in ids], 40)


# ---------------------------------------------------------------------------------------------
# 1. PowerShell and cmd launch a command line of their own

@pytest.mark.parametrize("command, expected", [
    ("pwsh -c 'dotnet test --nologo | Select-Object -Last 20'", [("dotnet test", "test", "all")]),   # c16-015
    ("pwsh -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command \"npm run lint\"",
     [("npm run lint", "lint", "all")]),
    ("powershell.exe -noprofile -COMMAND cargo test", [("cargo test", "test", "all")]),
    ("pwsh -c 'cd web; npm ci; npm run build'", [("npm run build", "build", "all")]),                 # c16-102
    ("pwsh -NoProfile -Command \"Set-Location backend; dotnet build Backend.sln -c Release\"",       # c16-175
     [("dotnet build", "build", "all")]),
    ("cmd /c \"npm run build && echo BUILD OK\"", [("npm run build", "build", "all")]),               # c16-126
    ("cmd.exe /C \"gradlew.bat test --tests *OrderServiceTest & echo done\"",                        # c16-060
     [("gradle test", "test", "subset")]),
    ("cmd /d /s /c \"mvnw.cmd -q verify\"", [("mvn test", "test", "all")]),
    ("pwsh -c 'pytest tests/unit'", [("pytest", "test", "subset")]),
])
def test_a_powershell_or_cmd_line_is_read_for_its_runs(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command", [
    "pwsh -c 'Get-ChildItem'",
    "pwsh -NoExit -c 'npm test'",                     # the shell stays open: the run never reports
    "pwsh -EncodedCommand bnBtIHRlc3Q=",              # not decoded: no run is read
    "pwsh script.ps1",                                # pwsh 7 reads a file, Windows PowerShell a command
    "cmd /k \"npm test\"",                            # /k keeps the shell open
    "cmd /c dir",
    "pwsh -Command -",                                # the script comes from stdin
    "powershell -File ./deploy.ps1",                  # a script named for no check
])
def test_powershell_and_cmd_forms_that_run_no_check(command):
    assert runs(command) == []


def test_a_powershell_file_named_for_a_check_is_a_masked_run():
    # the project-script naming rule; pwsh -File exits 0 when the script ends without `exit`
    assert runs("pwsh -NoProfile -File scripts/test.ps1") == [("scripts/test.ps1", "test", "all")]
    assert masked("pwsh -NoProfile -File scripts/test.ps1")


@pytest.mark.parametrize("command", [
    "pwsh -c 'npm test'",
    "pwsh -c 'cd web; npm ci; npm run build'",                                   # the run is last
    "pwsh -NoProfile -Command 'npm run lint; exit $LASTEXITCODE'",               # c15-091, c16-194
    "pwsh -c 'npm run lint && npm test'",
    "cmd /c \"npm run build && echo BUILD OK\"",
    "cmd.exe /c \"mvnw.cmd -q verify\"",
    "cmd /c npm test",
    "pwsh -c 'cargo test 2>&1'",
])
def test_a_powershell_or_cmd_run_keeps_its_status_only_alone_or_in_and_chains(command):
    assert not masked(command)


@pytest.mark.parametrize("command", [
    "pwsh -c \"dotnet test --nologo | Select-Object -Last 20\"",                 # c16-015
    "pwsh -c \"cargo test 2>&1 | Tee-Object -FilePath test.log\"",               # c16-086
    "pwsh -c \"npx eslint . 2>&1 | Select-String -Pattern 'error'\"",            # c16-111
    "pwsh -c 'npm test; echo $LASTEXITCODE'",                                    # c16-030
    "cmd /c \"gradlew.bat test --tests *OrderServiceTest & echo done\"",         # c16-060
    "pwsh -c 'npm test | Out-Null'",
    "pwsh -c 'npm test > out.txt'",
    "pwsh -c 'npm test 2>&1 | Out-File log.txt'",
    "pwsh -c 'npm test; Write-Host done'",
    "cmd /c \"npm test || exit /b 0\"",
    "pwsh -c \"npm test; exit $LASTEXITCODE\"",     # double quotes: the outer shell empties the variable
    "pwsh -c 'dotnet test; if ($LASTEXITCODE -gt 1) { exit 1 }'",               # unread: conservative
])
def test_a_powershell_or_cmd_run_followed_by_anything_else_is_masked(command):
    assert masked(command)


@pytest.mark.parametrize("command", [
    "pwsh -c 'npm test'",
    "pwsh -c 'npm test | Select-Object -Last 20'",
    "pwsh -NoProfile -Command 'npm run lint; exit $LASTEXITCODE'",
    "cmd /c \"npm run build && echo BUILD OK\"",
    "cmd /c \"gradlew.bat test & echo done\"",
    "pwsh -c 'cd web; npm ci; npm run build'",
])
def test_a_powershell_or_cmd_line_is_never_rewritten(command):
    # the wrapper is POSIX sh; the launched line is PowerShell or cmd
    line, reason = wrapped(command)
    assert line is None and reason.startswith("launched:"), (line, reason)


def test_a_powershell_line_inside_bash_c_is_not_rewritten_either():
    line, reason = wrapped("bash -c \"pwsh -c 'npm test | Select-Object -Last 5'\"")
    assert line is None and reason.startswith(("nested-shell", "launched:"))


def test_a_run_inside_a_powershell_try_block_is_no_run_or_masked():
    # `try { ... }` is not read: the run there is not found, so no receipt can come from it
    command = "pwsh -c 'try { npm test } catch { }'"
    assert runs(command) == [] or masked(command)


# ---------------------------------------------------------------------------------------------
# 2. a dev container runs the command on the mounted working tree; a remote host or a pod does not

@pytest.mark.parametrize("command, expected", [
    ("devcontainer exec --workspace-folder . npm test", [("npm test", "test", "all")]),           # c16-121
    ("devcontainer exec --workspace-folder=. -- cargo clippy", [("cargo clippy", "lint", "all")]),
    ("devcontainer exec --remote-env CI=1 --workspace-folder . pytest tests/unit", [("pytest", "test", "subset")]),
    ("devcontainer exec --workspace-folder . --log-level info npx tsc --noEmit", [("tsc", "typecheck", "all")]),
    ("devcontainer exec --container-id abc123 make build", [("make build", "build", "all")]),
])
def test_a_dev_container_exec_runs_the_command(command, expected):
    assert runs(command) == expected


def test_a_dev_container_workspace_folder_is_where_the_run_is():
    parse = shell.parse("devcontainer exec --workspace-folder services/api pytest -q")
    assert [r.cd for r in catalog.find_runs(parse, None, BASE)] == ["services/api"]


@pytest.mark.parametrize("command", [
    # code on a remote host, in a pod or in a VM is not the local working tree: a receipt from it
    # would make a stale claim about this tree look fresh
    "ssh build01 'cd ~/app && make test'",                                       # c16-114
    "ssh dev@10.0.0.12 \"cd /srv/app && git pull && ./gradlew check\"",         # c16-229
    "kubectl exec -n dev deploy/api -- go test ./internal/store/...",            # c16-011
    "kubectl exec -it pod/worker-0 -- python -m pytest -k retry",                # c16-145
    "oc exec my-pod -- npm test",
    "vagrant ssh -c 'cd /vagrant && tox -e py310'",                               # c16-208
    "devcontainer up --workspace-folder .",
    "devcontainer build --workspace-folder .",
])
def test_remote_hosts_pods_and_vms_run_no_check_of_this_tree(command):
    assert runs(command) == []


# ---------------------------------------------------------------------------------------------
# 3. find -exec: the check runs on the files find selects; with `\;` find drops its status

@pytest.mark.parametrize("command, expected", [
    ("find . -name '*.sh' -not -path './node_modules/*' -exec shellcheck {} \\;",                # c16-081
     [("shellcheck", "lint", "all")]),
    ("find . -name '*.sh' -exec shellcheck {} +", [("shellcheck", "lint", "all")]),               # c15-221
    ("find tests -name 'test_*.py' -newer .last_run -exec pytest -q {} +",                       # c16-183
     [("pytest", "test", "subset")]),
    ("find . -maxdepth 1 -name '*.sh' -exec shellcheck {} +", [("shellcheck", "lint", "subset")]),
    ("find . -name package.json -not -path '*/node_modules/*' -execdir npm test \\;",           # c15-099
     [("npm test", "test", "all")]),
    ("find src -name '*.py' -exec sh -c 'pytest \"$1\"' _ {} \\;", [("pytest", "test", "subset")]),
])
def test_a_check_run_by_find_exec_is_found(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command", [
    "find . -name '*.pyc' -delete",
    "find src -exec grep -l TODO {} +",
    "find . -name '*.sh' -print",
    "find . -name '*.sh' -exec",                      # no command, no terminator
    "find . -name '*.sh' -exec {} \\;",               # the found files themselves: not read
])
def test_find_forms_that_run_no_check(command):
    assert runs(command) == []


@pytest.mark.parametrize("command", [
    "find . -name '*.sh' -exec shellcheck {} \\;",
    "find . -name package.json -execdir npm test \\;",
    "find src -name '*.py' -exec sh -c 'pytest \"$1\"' _ {} \\;",
    "find . -name '*.go' -exec gofmt -l {} \\; ; echo \"rc=$?\"",     # the echo prints find's 0
    "find . -name '*.sh' -exec shellcheck {} + | tail -3",
])
def test_find_exec_each_drops_the_status(command):
    assert masked(command)


@pytest.mark.parametrize("command", [
    "find . -name '*.sh' -exec shellcheck {} +",
    "find tests -name 'test_*.py' -exec pytest -q {} +",
    "find . -type f -name '*.sh' -execdir shellcheck -x {} +",
    "cd web && find . -name '*.ts' -exec npx eslint {} +",
    "find . -name '*.sh' -exec shellcheck {} + && echo ok",
])
def test_find_exec_plus_keeps_the_status(command):
    # find exits non-zero when a command it ran with `{} +` failed
    assert not masked(command)


def test_find_exec_each_is_never_rewritten_and_plus_may_be():
    assert wrapped("find . -name '*.sh' -exec shellcheck {} \\;") == (None, "launched:find")
    line, reason = wrapped("find . -name '*.sh' -exec shellcheck {} +")
    assert reason is None and "find . -name '*.sh' -exec shellcheck {} +" in line


# ---------------------------------------------------------------------------------------------
# 4. Python and node code that runs a check: literal arguments only; the status counts only in
#    the forms that provably reach the process's exit

PY_HEREDOC = "python - <<'EOF'\n%s\nEOF"


@pytest.mark.parametrize("command, expected", [
    (PY_HEREDOC % 'import sys, pytest\nsys.exit(pytest.main(["-q", "tests/test_parser.py"]))',      # c16-090
     [("pytest", "test", "subset")]),
    (PY_HEREDOC % 'import subprocess\nsubprocess.run(["go", "test", "./..."], check=True)',          # c16-130
     [("go test", "test", "all")]),
    ("python3 <<'EOF'\nimport subprocess\nr = subprocess.run([\"npm\", \"run\", \"lint\"], capture_output=True)\n"
     "print(r.stdout)\nEOF", [("npm run lint", "lint", "all")]),                                    # c16-157
    ("python -c \"import subprocess, sys; sys.exit(subprocess.call(['mypy', 'pkg']))\"",            # c16-248
     [("mypy", "typecheck", "all")]),
    ("python -c \"import subprocess; subprocess.check_call('ruff check .')\"", [("ruff check", "lint", "all")]),
    ("node -e \"require('child_process').execSync('npm test', {stdio: 'inherit'})\"",               # c16-169
     [("npm test", "test", "all")]),
    ("node -e \"try { require('child_process').execSync('npx jest src/utils', {stdio:'inherit'}) } catch (e) { }\"",
     [("jest", "test", "subset")]),                                                                  # c16-153
])
def test_code_calling_a_check_with_literal_arguments_is_a_run(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command", [
    "python -c \"import subprocess; cmd = ['pytest']; subprocess.run(cmd, check=True)\"",     # not a literal
    "python -c \"print('pytest.main([])')\"",                                                   # in a string
    "python -c \"import os; os.system('pytest -q')\"",                                          # not in the rule
    PY_HEREDOC % "import subprocess\nfor t in ['a', 'b']:\n    subprocess.run(['pytest', t], check=True)",
    "python -c \"import subprocess; subprocess.run('npm test && npm run lint', shell=True)\"",   # a shell line
    "node -e \"console.log('npm test')\"",
    "node -e \"require('child_process').execSync(process.argv[1])\" 'npm test'",
    "python - <<'EOF'\n# pytest.main(['-q'])\nprint(1)\nEOF",                                    # a comment
])
def test_code_whose_check_is_not_literal_is_no_run(command):
    assert runs(command) == []


@pytest.mark.parametrize("command", [
    PY_HEREDOC % 'import sys, pytest\nsys.exit(pytest.main(["-q", "tests/test_parser.py"]))',
    PY_HEREDOC % 'import subprocess\nsubprocess.run(["go", "test", "./..."], check=True)',
    "python -c \"import subprocess, sys; sys.exit(subprocess.call(['mypy', 'pkg']))\"",
    "python -c \"import subprocess; subprocess.check_call(['ruff', 'check', '.'])\"",
    PY_HEREDOC % "import pytest\nraise SystemExit(pytest.main(['-x']))",
    "python -c \"import subprocess, sys; sys.exit(subprocess.run(['pytest', '-q']).returncode)\"",
    "node -e \"require('child_process').execSync('npm test', {stdio: 'inherit'})\"",
])
def test_code_whose_check_status_reaches_the_exit_is_not_masked(command):
    assert not masked(command)


@pytest.mark.parametrize("command", [
    PY_HEREDOC % 'import pytest\npytest.main(["-x", "tests"])\nprint("finished")',                  # c16-249
    "python3 <<'EOF'\nimport subprocess\nr = subprocess.run([\"npm\", \"run\", \"lint\"], capture_output=True)\n"
    "print(r.stdout)\nEOF",                                                                           # c16-157
    "python -c \"import pytest; pytest.main(['-q'])\"",
    "python -c \"import subprocess; subprocess.run(['pytest'])\"",
    "python -c \"import subprocess; subprocess.check_output(['tsc', '--noEmit'])\"",             # output kept away
    PY_HEREDOC % "import subprocess\ntry:\n    subprocess.run(['pytest'], check=True)\nexcept Exception:\n    pass",
    PY_HEREDOC % "import sys, pytest\nif True:\n    sys.exit(pytest.main([]))",                   # not top level
    "node -e \"try { require('child_process').execSync('npx jest src/utils', {stdio:'inherit'}) } catch (e) { }\"",
    "node -e \"require('child_process').execSync('npm test')\"",                                  # output captured
    "python -c \"import pytest; pytest.main(['-q'])\"; echo \"rc=$?\"",                           # python's 0
])
def test_code_that_drops_or_hides_the_check_status_is_masked(command):
    assert masked(command)


@pytest.mark.parametrize("command", [
    PY_HEREDOC % 'import sys, pytest\nsys.exit(pytest.main(["-q"]))',
    "python -c \"import pytest; pytest.main(['-q'])\"",
    "python -c \"import subprocess; subprocess.check_call(['ruff', 'check', '.'])\"",
    "node -e \"require('child_process').execSync('npm test', {stdio: 'inherit'})\"",
    "cd api && python -c \"import sys, pytest; sys.exit(pytest.main([]))\"",
])
def test_code_launching_a_check_is_never_rewritten(command):
    line, reason = wrapped(command)
    assert line is None and reason.startswith("launched:"), (line, reason)


def test_the_rerun_of_a_check_launched_from_code_is_the_check_itself():
    from stalegreen.engine import rerun

    parse = shell.parse("python -c \"import pytest; pytest.main(['-x', 'tests'])\"")
    assert rerun.rerun_text(parse, catalog.find_runs(parse)[0]) == "pytest -x tests"


# ---------------------------------------------------------------------------------------------
# 5. one command running several tasks: each task named for a check is a run (`Run.also`)

def categories(command):
    return [(r.category,) + tuple(r.also) + (r.scope,)
            for r in catalog.find_runs(shell.parse(command), None, BASE) if r.not_run is None]


@pytest.mark.parametrize("command, expected", [
    ("MIX_ENV=test mix do compile --warnings-as-errors + test", [("test", "build", "all")]),       # c16-234
    ("mix do test, credo", [("test", "lint", "all")]),
    ("mix do compile, test test/a_test.exs", [("test", "build", "subset")]),
    ("mix do format --check-formatted + credo --strict + dialyzer", [("typecheck", "lint", "all")]),
    ("just lint typecheck", [("lint", "typecheck", "all")]),                                        # c16-135
    ("nx run-many -t lint,test --parallel 3", [("test", "lint", "all")]),
    ("make lint test", [("test", "lint", "all")]),                                                  # as before
])
def test_each_task_named_for_a_check_is_a_run(command, expected):
    assert categories(command) == expected


@pytest.mark.parametrize("command, expected", [
    ("mix do deps.get + compile", [("build", "all")]),
    ("mix do deps.get, format", []),                  # format rewrites: no check
    ("mix do deps.get", []),
    ("just test", [("test", "all")]),
    ("just deploy staging", []),
    ("just test tests/unit", [("test", "subset")]),   # an argument of the recipe, not a recipe
    ("nx run-many -t build", [("build", "all")]),
    # nx reads `-t` as one string split at commas (yargs `type: 'string'`, `coerce: parseCSV`): a
    # second word is a positional, and no test runs (c16-019, labelled lint and test)
    ("npx nx run-many -t lint test -p api,shared-utils", [("lint", "subset")]),
    ("nx affected -t typecheck lint", [("typecheck", "subset")]),
])
def test_tasks_that_name_no_further_check_add_nothing(command, expected):
    assert categories(command) == expected


# ---------------------------------------------------------------------------------------------
# 6. pre-commit: a hook id names its tool; without --all-files or --files only staged files

@pytest.mark.parametrize("command, expected", [
    ("pre-commit run mypy --all-files", [("pre-commit", "typecheck", "all")]),                   # c16-250
    ("pre-commit run ruff --all-files || true", [("pre-commit", "lint", "all")]),                # c16-037
    ("pre-commit run pyright -a", [("pre-commit", "typecheck", "all")]),
    ("pre-commit run mypy", [("pre-commit", "typecheck", "subset")]),                            # staged files
    ("prek run eslint --all-files", [("pre-commit", "lint", "all")]),
    ("pre-commit run pytest --all-files", [("pre-commit", "test", "all")]),
    ("pre-commit run --all-files", [("pre-commit", "lint", "all")]),
])
def test_a_pre_commit_hook_named_for_a_tool_is_that_tools_run(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command, expected", [
    ("pre-commit run", [("pre-commit", "lint", "subset")]),                                      # c16-185
    ("pre-commit run --hook-stage manual", [("pre-commit", "lint", "subset")]),
    ("pre-commit run trailing-whitespace --all-files", [("pre-commit", "lint", "subset")]),      # not a tool
    ("pre-commit run mypy --files src/a.py", [("pre-commit", "typecheck", "subset")]),
    ("pre-commit run --from-ref origin/main --to-ref HEAD", [("pre-commit", "lint", "subset")]),
    ("pre-commit install", []),
    ("pre-commit autoupdate", []),
])
def test_pre_commit_without_every_file_or_a_known_hook_is_a_part(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command, kept", [
    ("pwsh -c 'dotnet test --filter \"FullyQualifiedName~Checkout\"; if ($LASTEXITCODE -ne 0) { exit 1 }'", True),
    ("pwsh -c 'npm test; if ($LASTEXITCODE -ne 0) {exit 2}'", True),
    ("pwsh -c 'npm test; if ($LASTEXITCODE -ne 0) { exit 0 }'", False),              # exits 0 on failure
    ("pwsh -c 'npm test | Select-Object -Last 5; if ($LASTEXITCODE -ne 0) { exit 1 }'", False),
    ("pwsh -c \"npm test; if ($LASTEXITCODE -ne 0) { exit 1 }\"", False),            # the outer shell expands it
    ("pwsh -c 'npm test; if ($LASTEXITCODE -eq 0) { exit 1 }'", False),
    ("pwsh -c 'npm test; if ($LASTEXITCODE -ne 0) { Write-Host failed }'", False),
])
def test_a_powershell_exit_check_after_the_run_hands_its_failure_on(command, kept):
    assert masked(command) is not kept


@pytest.mark.parametrize("command, expected", [
    # composer runs a script by its bare name: one named after a tool runs that tool's check
    ("composer phpstan", [("typecheck", "all")]),
    ("composer psalm", [("typecheck", "all")]),
    ("composer phpunit", [("test", "all")]),
    ("composer test", [("test", "all")]),
    # composer's own commands run no check
    ("composer install", []),
    ("composer update phpstan/phpstan", []),
    ("composer require --dev phpunit/phpunit", []),
    ("composer show phpstan/phpstan", []),
])
def test_composer_runs_a_script_named_after_a_tool(command, expected):
    assert [(r[1], r[2]) for r in runs(command)] == expected


@pytest.mark.parametrize("command, expected", [
    # jest deletes its cache and exits without running a test; pytest's --cache-clear runs the suite
    ("npx jest --clearCache", []),
    ("jest --clearCache", []),
    ("pytest --cache-clear", [("test", "all")]),
    ("npx jest --ci", [("test", "all")]),
])
def test_jest_clear_cache_runs_no_test(command, expected):
    assert [(r[1], r[2]) for r in runs(command)] == expected

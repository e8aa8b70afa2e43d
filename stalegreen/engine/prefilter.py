"""Cheap tests that tell from a payload alone that an event has nothing to record.

Every tool call runs the hook, and most calls are neither a verification run, nor an edit, nor
a green claim. These tests run before the shell reader, the catalog, the edit reader or the
claims grammar are imported (those cost several times the interpreter's own start), so they use
word sets and substring tests, never a regular expression. Each may say yes wrongly (the full
reader then decides) but never no wrongly: tests/test_hot_path.py checks them against the full
readers over every corpus and fixture, and checks that the word sets below still cover the
catalog's and the edit reader's tables.
"""

WRAP_MARK = "__sg_"                   # every wrapped command carries variables with this prefix
MARKER_TAG = "[stalegreen] exit="     # every wrapped run prints a line starting so

# Runner names a catalog run spells as a word of its own (``catalog.TOOLS`` without the
# two-word entries, plus the names the family readers know).
RUNNER_WORDS = frozenset((
    "R", "Rscript", "actionlint", "ant", "artisan", "astro", "autopep8", "ava", "bandit", "basedpyright", "bats", "bazel",
    "bazelisk", "behave", "biome", "black", "buck2", "buf", "bun", "bunchee", "busted", "cabal",
    "cargo", "clang-format", "clj", "clojure", "clang-tidy", "cmake", "codespell", "composer", "cppcheck", "ctest",
    "cypress", "dart", "deno", "detekt", "detekt-cli", "django", "django-admin", "dmypy", "docker",
    "devbox", "docker-compose", "docusaurus", "dotnet", "dune", "eleventy", "elm", "elm-test", "ember", "erb_lint",
    "erblint", "esbuild", "eslint", "expo", "flake8", "flow", "flutter", "gatsby", "gmake", "go",
    "gleam", "gofmt", "goimports", "golangci-lint", "gotestsum", "gradle", "gradlew", "hadolint", "hatch",
    "hugo", "isort", "jasmine", "jest", "julia", "just", "inv", "invoke", "karma", "ktlint", "lein", "lerna", "luacheck", "mage",
    "make", "manage.py", "markdownlint", "markdownlint-cli2", "meson", "microbundle", "mix", "mocha",
    "mise", "mvn", "mvnw", "mypy", "next", "ng", "ninja", "nix", "node", "nose2", "nox", "npm", "nuxi", "nuxt", "nx",
    "oxlint", "paratest", "parcel", "pdm", "pest", "php-cs-fixer", "phpcbf", "phpcs", "phpstan",
    "phpunit", "pint", "pixi", "pkgroll", "playwright", "pnpm", "podman", "poetry", "pre-commit", "prek",
    "prettier", "prove",
    "psalm", "ptw", "py.test", "pycodestyle", "pydocstyle", "pyflakes", "pylint", "pyre", "pyright",
    "pytest", "pytest-3", "pytest-watch", "pytype", "qunit", "rails", "rake", "react-scripts", "rebar3", "remix",
    "revive", "rollup", "rsbuild", "rtx", "rspack", "rspec", "rubocop", "ruff", "sbt", "scons", "setup.py",
    "shellcheck", "sqlfluff", "srb", "stack", "standard", "standardrb", "staticcheck", "steep",
    "stylelint", "svelte-check", "svelte-kit", "swift", "swift-format", "swiftlint", "tap", "tape",
    "task", "tflint", "tox", "tsc", "tsdown", "tsgo", "tslint", "tsup", "turbo", "ty", "unbuild",
    "unittest", "uvu", "vite", "vitest", "vue-cli-service", "vue-tsc", "ward", "webpack", "webpack-cli",
    "webpack-dev-server", "xcodebuild", "xo", "yamllint", "yapf", "yarn", "zig",
    "pants", "msbuild", "mill", "dprint", "terraform", "tofu", "helm", "cspell", "typos", "vale", "semgrep", "wdio",
    "checkstyle", "pmd", "spotbugs", "MSBuild", "MSBuild.exe", "msbuild.exe", "run-clang-tidy",
    "rustfmt", "stylua", "hlint", "perlcritic", "elm-review", "ameba", "crystal", "nimble", "raco",
    "ansible-lint", "cfn-lint", "redocly", "spectral", "shfmt", "mkdocs", "dbt",
    "kubeconform", "sphinx-build", "molecule", "kaocha", "rush",
    "gosec", "kube-linter", "kustomize", "cookstyle", "nixpkgs-fmt", "cdk", "ionic", "gem", "wasm-pack",
    "ormolu", "fourmolu", "gdlint", "gdformat", "verilator", "eas", "credo", "clj-kondo", "nim", "shards",
))

# A project's own check script (``./scripts/test.sh``, ``bin/lint``: ``catalog.programs.project_script``)
# is named with a package-script name: these are the names and prefixes of
# ``catalog.tasks.SCRIPT_CATEGORY_RULES`` (tests/test_hot_path.py checks they stay the same).
_PATH_WORDS = frozenset((".", "bin", "script", "scripts"))     # `./x`, `bin/x`, `script(s)/x` split into words
SCRIPT_STEMS = frozenset((
    "typecheck", "type-check", "types", "check-types", "check:types", "tsc", "lint:types", "typecheck:all",
    "types:check", "check-type", "type:check", "test", "tests", "t", "spec", "specs", "unit", "e2e", "integration",
    "coverage", "cov", "build", "compile", "bundle", "dist", "prod", "production", "lint", "eslint", "biome",
    "stylelint", "oxlint", "prettier:check", "format:check", "fmt:check", "check-format", "check:format",
    "fmt-check", "lint:fix", "lint-fix", "ruff", "flake8", "pylint", "clippy", "format-check", "style:check",
    "lint-check", "check:lint", "cs", "phpcs", "codestyle", "code-style", "cs-check", "cs:check",
))

# Command names whose segment the edit reader can record as an edit (``edits._command_events``),
# interpreters aside (``python3.12``, ``pypy3``: see ``_INTERPRETER_PREFIXES``).
EDIT_WORDS = frozenset((
    "sed", "perl", "tee", "dd", "patch", "find", "apply_patch", "applypatch",
    "cp", "mv", "install", "ln", "rsync", "rm", "unlink", "shred", "truncate", "touch",
    "npm", "pnpm", "yarn", "bun", "pip", "pip3", "uv", "poetry", "pipenv", "pdm", "cargo", "go", "bundle",
    "gem", "composer", "mix", "dotnet",
    "node", "nodejs", "deno", "ruby", "php", "tsx", "ts-node",
    "ruff", "black", "isort", "swiftformat", "rustfmt", "pyupgrade", "eslint", "stylelint", "oxlint",
    "standard", "biome", "prettier", "autopep8", "yapf", "gleam", "gofmt", "goimports", "clang-format", "autoflake",
    "rubocop", "shfmt", "dprint", "mdformat", "sqlfluff",
))
_INTERPRETER_PREFIXES = ("python", "pypy")
# ``git`` edits only through these subcommands (``edit_commands.read_git``); ``git status`` is no edit.
GIT_EDIT_SUBCOMMANDS = frozenset((
    "pull", "merge", "rebase", "cherry-pick", "revert", "am", "checkout", "switch", "restore", "stash",
    "apply", "clean", "reset", "mv", "rm", "worktree", "submodule",
))

# Words without which a sentence cannot hold a claim (the claims reader skips any sentence
# without one, so a message without one has no claim).
CLAIM_WORDS = (
    "pass", "green", "clean", "succe", "ok", "happy", "fine", "error", "failure", "issue", "problem", "warning",
    "offen", "violation", "complaint", "finding", "diagnostic", "build", "built", "compil", "typechecks",
    "check out", "checks out", "vets clean", "vet clean", "type check", "types check", "typecheck", "type-check",
    "lints", "failing", "complaining", "time out", "times out", "left unchanged", "files unchanged", "nothing", "works", "worked", "done",
    "fixed", "fixes", "complete", "finished",
    "implemented", "resolved", "in place", "exit", "return", "ran ", "runs ", "came back", "comes back", "went",
    "fails", "fail ", "fail.", "failed", "verified", "validated", "confirmed", "checked with",
    "no change", "no diff", "0 change", "0 diff", "zero change", "to reformat", "to change", "be reformat", "failing test", "failing spec", "complain", "nothing to", "no output",
    "[x]",     # a ticked checklist row names a check that passed
    "none", "to zero", "to 0",      # "`tsc` reports none", "warnings are down to zero"
    "-> empty", u"\u2192 empty",    # "`gofmt -l .` \u2192 empty": a listing check printed nothing
    "congratulations :)",           # tox's own last line
    "fire", "trigger", "trips",     # "none of the lint rules fire"
    "all-clear", "all clear", "bill of health", "peep", "squeak", "whisper", "murmur", "blessing",
    "of approval", "thumbs up", "thumbs-up",     # a pass by an idiom
    "binar", "artifact", "wheel", "executable", "apk", "jar", "sdist", "dylib",     # what a build makes
    "bundle", "ipa", "shared librar", "static librar",     # "`npm run build` produces the bundle"
    u"\U0001f49a", u"\U0001f7e9",     # 💚 🟩: read as a check mark ("tests 💚")
    u"\u8fdd\u89c4",     # 违规: 无违规 / 零违规 (checkstyle's "no violations")
    "assembles",     # Gradle's build: "the Android app assembles"
    "links",     # a build's link step: "the whole thing links now"
    "hint", "suggestion",     # hlint's "No hints", "no suggestions"
    "0 bugs", "no bugs", "zero bugs",     # a bug finder's count: "SpotBugs reports 0 bugs"
    "echo $?", "echo $lastexitcode", "echo %errorlevel%",     # a run's exit status shown after it
    u"\u6253\u51fa", u"\u4ea7\u51fa",     # 打出/产出 an artifact: "打出了 sdist 和 wheel"
    # a status row's bare zero after a checker's label: "lint 0, type 0"
    "lint 0", "lint: 0", "linting 0", "type 0", "type: 0", "types 0", "types: 0", "typing 0", "tsc 0", "tsc: 0",
    "mypy 0", "mypy: 0", "eslint 0", "eslint: 0", "ruff 0", "ruff: 0",
    "code style",     # prettier's "All matched files use Prettier code style!"
    "files formatted", "file formatted", "files are formatted", "already formatted", "properly formatted",
    "correctly formatted",     # a format check's files as they should be: "`prettier --check .` — all files formatted"
    "produced", "emitted",     # a build run and the file it made: "`bun run build` produced `dist/index.js`"
    "emits", "spits out", "spat out", "come out", "comes out", "came out",     # "`tsup` emits ESM into `dist/`", "the binary comes out"
    "flagged any", "flag any", "found any", "find any", "raised any", "raise any", "turned up any", "turn up any",
    "report any", "reported any", "stopped flagg", "flagging any", "finding any", "raising any", "turning up any",     # "`tsc --noEmit` doesn't report anything", "stopped flagging"
    "objection", "flags any", "proposes any", "propose any", "lists any", "list any", "find a thing", "finds a thing", "find a single", "finds a single", "incident", "hiccup",
    "like a dream", "like clockwork", "none failed", "both runs", "hitch",
    "whing", "whine", "whining", "moan", "grumbl", "gripe", "yelling", "yells", "yelled", "squawk",     # a complaint verb, negated
    "sails through", "sailed through", "breezes through", "breezed through", "cruises through", "cruised through",
    "accepts",     # "Pyright accepts `services/billing/` now"
    "up empty", "back empty", "lint hits", "linter hits",     # "Lint comes up empty", "came back empty-handed", "no lint hits"
    "blew up", "broke", "went wrong", "fell over", "exploded",     # "nothing blew up": a failure idiom denied
    "finishes",      # a run's end ("`docker build .` finishes"): the predicates know it, so must the filter
    u"\u53ea\u5269", u"\u4ec5\u5269", u"\u8fd8\u5269",     # 只剩/仅剩/还剩 N 个 info: a lint pass with exceptions
    # the lexicon's state words (tests/engine/test_claims_lexicon.py checks every one is here)
    "all good", "content", "quiet", "rate", "score", "rock", "satisfied", "silent", "solid", "spotless",
    "appeased", "placated", "mollified", "pacified", "agree with every", "agrees with every",
    u"\u2705", u"\U0001f44d", u"\u2713", u"\u2714", u"\u2611", u"\u901a\u8fc7", u"\u6210\u529f", u"\u7eff", u"\u5e72\u51c0",
    u"\u62a5\u9519", u"\u9519\u8bef", u"\u8dd1\u901a", u"\u5b8c\u6210", u"\u4fee\u590d", u"\u4fee\u597d",
    u"\u89e3\u51b3", u"\u641e\u5b9a", u"\u5b9e\u73b0", u"\u7f16\u8bd1", u"\u8b66\u544a", u"\u95ee\u9898",
    u"\u5931\u8d25", u"\u8fc7\u4e86", u"\u5168\u8fc7", u"\u65e0\u8bef", u"\u9519", u"\u544a\u8b66", u"\U0001f7e2",
    u"\u8fc7\u7684", u"\u80fd\u8fc7", u"\u6b63\u5e38", u"\u6bdb\u75c5", u"\u7a33", u"\u987a\u5229", u"\u6e05\u96f6", u"\u65e0\u8f93\u51fa", u"\u6ca1\u6709\u8f93\u51fa", u"\u7b26\u5408",
    u"\u59a5", u"\u6ca1\u6302", u"\u6ca1\u53d1\u73b0", u"\u6ca1\u6709\u53d1\u73b0", u"\u4efb\u4f55\u8f93\u51fa",
    u"\u518d\u6302", u"\u53ea\u6709", u"\u4ec5\u6709", u"\u5b89\u9759", u"\u542d\u58f0", u"\u610f\u89c1", u"\u62b1\u6028", u"\u5230 0", u"\u52300", u"\u4e3a 0", u"\u4e3a0", u"\u5230\u96f6", u"\u4e3a\u96f6", u"\u6ca1\u5565", u"\u6ca1\u4ec0\u4e48", u"\u8fc7\u5566", u"\u8fd4\u56de\u7801", u"\U0001f44c", u"\u4e00\u6b21\u8fc7", u"\u4e00\u6b21\u5c31\u8fc7", u"\u6709 diff", u"\u6709diff", u"\u65e0 diff", u"\u65e0diff",
    u"\u5dee\u5f02", u"\u9700\u8981\u683c\u5f0f\u5316",
    u"\u6ca1 diff", u"\u6ca1diff", u"\u6ca1\u542d", u"\u4e00\u58f0", u"\u6ca1\u62a5", u"\u63d0\u793a",     # 没 diff, 没吭, 一声(没吭), 没报(东西), 也/都/均没报, (没有任何)提示
    # a bare 过 set apart by a label, a dash or 也/都/均: "类型检查：过", "单测——也过"
    u"\uff1a\u8fc7", u"\uff1a \u8fc7", u":\u8fc7", u": \u8fc7", u"\u2014\u8fc7", u"\u2013\u8fc7", u">\u8fc7", u"> \u8fc7",
    u"\u2192\u8fc7", u"\u2192 \u8fc7", u"\u4e5f\u8fc7", u"\u90fd\u8fc7", u"\u5747\u8fc7",
    # 妥了, 一个都没挂, 没(有)发现 bug, 没再挂过, 返回码 0, 👌, 只有/仅有 N 个 warning, 过啦, 降到/降为 0, 安静/吭声/意见/抱怨, 没啥/没什么问题, 无任何输出, 一次(就)过, 没有/无 diff, 差异, 需要格式化
    u"\u9000\u51fa\u7801",     # 退出码 (为 0)
    u"\u80fd\u7f16", u"\u4ee5\u7f16",     # 能编/可以编 (了): compiles now, said short
    u"\u7ea2\u7684",     # 没有红的了: no red ones left
    u"\u8bc4\u5206", u"\u5f97\u5206", u"\u6253\u5206", u"\u5206\u6570", u"\u8bc4\u7ea7",     # 评分/得分/打分/分数/评级 10/10
    u"\u6ca1\u6709\u56de\u5f52", u"\u6ca1\u56de\u5f52", u"\u4efb\u4f55\u56de\u5f52", u"\u65e0\u56de\u5f52", u"\u96f6\u56de\u5f52",     # 没有/没/任何/无/零回归
    u"\u6302\u6389\u7684", u"\u6302\u7684",     # 没有一个挂掉的/挂的
    u"\u4e00\u628a\u8fc7", u"\u4e00\u628a\u5c31\u8fc7", u"\u4e00\u904d\u8fc7", u"\u4e00\u904d\u5c31\u8fc7", u"\u683c\u5f0f\u6b63\u786e", u"\u683c\u5f0f\u90fd\u6b63\u786e", u"\u683c\u5f0f\u5747\u6b63\u786e", u"\u683c\u5f0f\u5168\u90e8\u6b63\u786e", u"\u98ce\u683c\u6b63\u786e", u"\u98ce\u683c\u90fd\u6b63\u786e", u"\u98ce\u683c\u5747\u6b63\u786e", u"\u4e0d\u62a5\u4e86", u"\u4e0d\u518d\u62a5\u4e86", u"\u4e0d\u62a5\u5566",
    # 一遍(就)过, 格式/风格(都)正确, (不再)不报了
    u"\u65e0\u5f02\u5e38", u"\u6ca1\u6709\u5f02\u5e38", u"\u6ca1\u6709\u4efb\u4f55\u5f02\u5e38", u"\u96f6\u8f93\u51fa", u"\u4e0d\u518d\u62a5", u"\u901a\u8fc7\u9a8c\u8bc1", u"\u901a\u8fc7\u4e86\u9a8c\u8bc1", u"\u901a\u8fc7\u4e86\u68c0\u9a8c", u"\u901a\u8fc7\u68c0\u9a8c", u"\u901a\u8fc7\u4e86\u6821\u9a8c", u"\u901a\u8fc7\u6821\u9a8c",
    u"\u6ca1\u6709 fail", u"\u6ca1\u6709fail", u"\u4efb\u4f55 fail", u"\u4efb\u4f55fail",     # 无/没有(任何)异常, 零输出, 不再报…, 通过(了)验证/检验/校验, 没有(任何) FAIL
    u"\u6ca1\u8f93\u51fa", u"\u4e0d\u62a5",     # (也)没输出, 不报 TS2307 了
    u"\u8981\u6539\u7684", u"\u9700\u8981\u6539", u"\u9700\u8981\u4fee\u6539", u"\u9700\u8981\u8c03\u6574", u"\u8981\u8c03\u6574\u7684",
    # 没有(需)要改的文件, 没有文件需要改/修改/调整, 没有要调整的地方
    u"\u65e0\u9700\u683c\u5f0f\u5316", u"\u4e0d\u7528\u683c\u5f0f\u5316", u"\u5df2\u683c\u5f0f\u5316", u"\u5df2\u7ecf\u683c\u5f0f\u5316", u"\u662f\u683c\u5f0f\u5316",
    u"\u5217\u51fa", u"\u4e0d\u7528\u6539",
    # 无需/不用格式化, 都已(经)/是格式化, (没有)列出(任何文件), 文件都不用改
)

_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")
_SEPARATORS = {}
# Characters the claims reader replaces by a placeholder's spaces (code and quotation marks).
QUOTE_MARKS = u"`\"'\u201c\u201d\u2018\u2019\u300c\u300d\u300e\u300f"
_QUOTE_MARKS = {ord(c): " " for c in QUOTE_MARKS}


def _words(command):
    """The words of ``command`` as the shell could spell a command name: quotes and backslashes
    dropped (``py''test`` is pytest to the shell), every other non-name character a break."""
    if not _SEPARATORS:     # filled in one step: an interrupted fill (a worker's deadline) leaves it empty
        table = dict((i, " ") for i in range(128) if chr(i) not in _NAME_CHARS)
        table.update((ord(quote), None) for quote in "'\"\\")
        _SEPARATORS.update(table)
    return set(command.translate(_SEPARATORS).split())


def might_contain_runner(command, config=None):
    """False only when no catalog runner can be in ``command``.

    A run always spells its runner as a word of its own (``pytest``, ``./node_modules/.bin/jest``,
    ``jest.js``, ``-mpytest``, ``@biomejs/biome``). With a config that defines ``extraRunners``
    the answer is True (their patterns are the user's).
    """
    if not command:
        return False
    if config and (config.get("extraRunners") or ()):
        return True
    words = _words(command)
    if words & RUNNER_WORDS or "--gtest_" in command:     # a GoogleTest program by its own flags
        return True
    if "build" in words and ("uv" in words or "-m" in words):
        return True
    for word in words:
        bare = word.lstrip("-")
        if bare in RUNNER_WORDS or bare.split(".", 1)[0] in RUNNER_WORDS:
            return True
        if bare[:1] == "m" and (bare[1:] in RUNNER_WORDS or bare[1:] == "build"):     # python -mpytest
            return True
        if bare.endswith(".py") and "test" in bare:     # a test script run directly: python3 test_app.py
            return True
    return _names_a_check_script(words)


def _names_a_check_script(words):
    """Whether a word is a check script's name (``test.sh``, ``run_tests.sh``) or, beside the
    words of a ``./``, ``bin/``, ``script/`` path, a name such a path may end in (``./bin/test``)."""
    if not (words & _PATH_WORDS) and not any(w.endswith((".sh", ".bash")) for w in words):
        return False
    return any(_check_script_name(w) for w in words)


def _check_script_name(word):
    """``test.sh``, ``run_tests.sh``, ``lint``: a word a project's check script can be named."""
    stem = word.lower()
    for ext in (".sh", ".bash"):
        if stem.endswith(ext):
            stem = stem[:-len(ext)]
    for prefix in ("run_", "run-"):
        if stem.startswith(prefix):
            stem = stem[len(prefix):]
    if stem in SCRIPT_STEMS:
        return True
    for name in SCRIPT_STEMS:
        if stem.startswith(name) and len(stem) > len(name) and stem[len(name)] in ":._-":
            return True
    return False


def _redirects_to_file(command):
    """Whether a ``>`` in ``command`` can write a file: anything but ``>&N``, ``>&-`` and
    targets under ``/dev/`` (``2>&1``, ``>/dev/null``), which the edit reader never records."""
    at = command.find(">")
    while at >= 0:
        end = at
        while end < len(command) and command[end] in ">|":
            end += 1
        rest = command[end:]
        if rest[:1] == "&":
            target = rest[1:].split(None, 1)[0] if rest[1:2].strip() else ""
            for stop in ";|&()<>":
                target = target.split(stop, 1)[0]
            if not (target.isdigit() or target == "-"):
                return True
        elif not rest.lstrip(" \t").startswith("/dev/"):
            return True
        at = command.find(">", end)
    return False


def might_edit(command):
    """False only when the edit reader finds no edit in ``command`` (the shell tool's line)."""
    if not command:
        return False
    if ">" in command and _redirects_to_file(command):
        return True
    words = _words(command)
    if words & EDIT_WORDS or ("git" in words and words & GIT_EDIT_SUBCOMMANDS):
        return True
    return any(word.startswith(_INTERPRETER_PREFIXES) for word in words)


# git subcommands that may rewrite working-tree files without naming them (read by
# ``tamper.tree_moving_git``)
GIT_TREE_MOVING = frozenset(("checkout", "switch", "reset", "restore", "merge", "pull", "rebase", "cherry-pick",
                             "revert", "am", "apply", "stash", "read-tree", "checkout-index", "worktree"))


def _claim_words():
    """``CLAIM_WORDS`` as (ASCII words, the others): an ASCII message needs no look for the
    Chinese ones (most sentences of most messages)."""
    if _CLAIM_WORDS_SPLIT[0] is not CLAIM_WORDS:
        _CLAIM_WORDS_SPLIT[:] = [CLAIM_WORDS, tuple(w for w in CLAIM_WORDS if w.isascii()),
                                 tuple(w for w in CLAIM_WORDS if not w.isascii())]
    return _CLAIM_WORDS_SPLIT[1], _CLAIM_WORDS_SPLIT[2]


_CLAIM_WORDS_SPLIT = [None, (), ()]


def might_move_tree(command):
    """False proves the line runs no git subcommand of ``GIT_TREE_MOVING``."""
    return bool(command) and "git" in command and not _words(command).isdisjoint(GIT_TREE_MOVING)


def might_claim(message):
    """False only when the claims reader finds no claim in ``message``."""
    if not message:
        return False
    low = message.lower().translate(_QUOTE_MARKS)
    ascii_words, other_words = _claim_words()
    for word in ascii_words:
        if word in low:
            return True
    if not low.isascii():
        from stalegreen.engine import hant

        low = hant.simplified(low)          # the reader reads traditional characters as simplified
        for word in other_words:
            if word in low:
                return True
    # a count ("41/41", "3 of 3"): a digit and a "/" or "of" somewhere
    return ("/" in low or "of" in low) and (any(d in low for d in "0123456789")
                                            or (not low.isascii() and any(c.isdecimal() for c in low)))

"""Property: stalegreen's allow implies Claude's own rules and checks allow the original line.

Random lines are built from hostile parts (substitutions of every kind, redirects to files
and descriptors, ``cd`` in and out of the project, reads of outside paths, pipe stages with
side effects, env assignments, quoting, long lines, every list operator) and random user rules
(allow, deny, ask; ``:*`` prefix, exact and wildcard forms). Each line goes through the real
engine (catalog, permission proof, the host's rule mirror, rewrite) as a Claude PreToolUse in
``default`` mode with ``permission: inherit``. Whenever it answers "allow", an oracle written
here, independently and deliberately simply (its own splitter, ``shlex`` for words, its own
lists), must allow the original line as Claude would: every segment allowed by a rule or
read-only inside the project, no deny/ask rule matched, no substitution, no write outside
/dev/null, no ``cd`` or read outside the project, no line over Claude's 10,000-character parser
limit.
"""

import os
import re
import shlex

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stalegreen.engine import core
from stalegreen.engine import events as ev
from stalegreen.engine.config import DEFAULTS
from stalegreen.engine.store import MemorySession
from stalegreen.hosts.claude import rules as claude_rules

EXAMPLES = int(os.environ.get("STALEGREEN_PERMISSION_EXAMPLES", "10000"))

# ------------------------------------------------------------------ the oracle (no stalegreen code)

CLAUDE_PARSER_LIMIT = 10000
CLAUDE_SAFE_ENV = ("CI", "NODE_ENV", "NO_COLOR", "FORCE_COLOR", "TZ", "LANG", "RUST_BACKTRACE")
READ_ONLY_FLAGS = {
    "echo": None, "printf": None, "true": (), "false": (), ":": (), "pwd": (),
    "ls": ("-l", "-a", "-la"), "cat": ("-n", "-A"), "head": ("-n", "-c"), "tail": ("-n", "-c"),
    "wc": ("-l", "-c", "-w"), "sort": ("-n", "-r", "-u"), "uniq": ("-c", "-d", "-u"),
    "grep": ("-E", "-F", "-i", "-v", "-c", "-n", "-q", "-o", "-w", "-x", "-e"),
    "cut": ("-d", "-f", "-c"), "tr": ("-d", "-s"), "sed": ("-n", "-E"),
}
VALUED = {"head": ("-n", "-c"), "tail": ("-n", "-c"), "grep": ("-e",), "cut": ("-d", "-f", "-c")}
SAFE_SED = re.compile(r"(\d+(,\d+)?)?p|s/[^/;]*/[^/;]*/g?|\d+q|/[^/]*/d\Z")
OPERATORS = ("&&", "||", "|&", ";", "|", "&")


def oracle_segments(line):
    """Split on list and pipe operators outside quotes: [(text, operator after it)]."""
    parts, current, quote, i = [], "", None, 0
    while i < len(line):
        char = line[i]
        if quote:
            current += char
            if char == quote:
                quote = None
            i += 1
            continue
        if char in "'\"":
            quote = char
            current += char
            i += 1
            continue
        op = next((o for o in OPERATORS if line.startswith(o, i)), None) or ("\n" if char == "\n" else None)
        in_redirect = op and (current[-1:] in ("<", ">") or (op == "&" and line[i + 1:i + 2] == ">"))
        if op and not in_redirect:
            parts.append((current.strip(), op))
            current = ""
            i += len(op)
            continue
        current += char
        i += 1
    parts.append((current.strip(), None))
    return parts


def rule_allows(pattern, words):
    command = " ".join(words)
    if pattern == "*":
        return True
    if pattern.endswith(":*") or (pattern.endswith(" *") and pattern.count("*") == 1):
        prefix = pattern[:-2].split()      # Claude shows both as "any command starting with"
        return words[:len(prefix)] == prefix
    if "*" in pattern:
        return re.match(".*".join(re.escape(p) for p in pattern.split("*")) + r"\Z", command, re.S) is not None
    return command == pattern


def inside(path, cwds, project):
    if path.startswith(("/", "~", "-")) or ".." in path.split("/") or any(c in path for c in "*?["):
        return False
    return all(os.path.realpath(os.path.join(c, path)).startswith(project + os.sep)
               or os.path.realpath(os.path.join(c, path)) == project for c in cwds)


def read_only_files(name, args):
    """Files a read-only command reads, or None if a flag is not a known harmless one."""
    allowed = READ_ONLY_FLAGS[name]
    if allowed is None:
        return [] if not (name == "printf" and args[:1] and args[0].startswith("-")) else None
    files, scripts, i = [], [], 0
    while i < len(args):
        arg = args[i]
        if re.match(r"-\d+\Z", arg) and name in ("head", "tail"):
            pass
        elif arg.startswith("-") and len(arg) > 1:
            flag = arg[:2]
            if flag not in allowed and arg not in allowed:
                return None
            if flag in VALUED.get(name, ()):
                value = arg[2:]
                if not value:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                if flag == "-e":
                    scripts.append(value)
        else:
            files.append(arg)
        i += 1
    if name in ("grep", "sed") and not scripts:
        if not files:
            return None
        scripts.append(files.pop(0))
    if name == "sed" and not all(SAFE_SED.match(s) for s in scripts):
        return None
    if name == "tr":
        return [] if 1 <= len(files) <= 2 else None
    return files


def oracle_allows(line, rules, project):
    """Would Claude Code run ``line`` without asking, with ``rules`` in the project?"""
    if len(line) > CLAUDE_PARSER_LIMIT:
        return False
    if re.search(r"\$\(|`|<\(|>\(|\$\[|<<|\$\{(?![A-Za-z_]\w*\})", line):
        return False
    cwds = [project]
    for text, op in oracle_segments(line):
        if op == "&" or not text or text.startswith(("!", "(", "{")):
            return False
        unquoted = re.sub(r"'[^']*'", "''", text)
        try:
            lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            tokens = list(lexer)
        except ValueError:
            return False
        words, i = [], 0
        while i < len(tokens):
            token = tokens[i]
            if token in ("(", ")"):
                return False
            if set(token) <= set("<>&|") :
                target = tokens[i + 1] if i + 1 < len(tokens) else ""
                if words and words[-1].isdigit():
                    words.pop()          # the fd number of `2>`
                if not ((token in (">&", "<&") and target.isdigit()) or target == "/dev/null"):
                    return False
                i += 2
                continue
            words.append(token)
            i += 1
        while words and "=" in words[0] and re.match(r"[A-Za-z_]\w*=", words[0]):
            name, _, value = words[0].partition("=")
            if name not in CLAUDE_SAFE_ENV or not re.match(r"[\w.+-]*\Z", value):
                return False
            words = words[1:]
        if not words:
            return False
        name = os.path.basename(words[0])
        if any(rule_allows(p, words) or rule_allows(p, [name] + words[1:]) for p in rules["deny"] + rules["ask"]):
            return False
        if "$" in unquoted:
            if name not in ("echo", "printf") or "$" in re.sub(r"\$(\?|[A-Za-z_]\w*|\{[A-Za-z_]\w*\})", "", unquoted):
                return False
        if words[0] == "cd":
            if len(words) != 2 or not inside(words[1], cwds, project):
                return False
            cwds = cwds + [os.path.realpath(os.path.join(c, words[1])) for c in cwds]
            continue
        if words[0] == "set" and all(w in ("-e", "-x", "-o", "pipefail", "+x") for w in words[1:]):
            continue
        if words[0] in READ_ONLY_FLAGS:
            files = read_only_files(words[0], words[1:])
            if files is not None and all(inside(f, cwds, project) for f in files):
                continue
        if words[0] == "tee" and not all(inside(f, cwds, project) for f in words[1:]):
            return False
        if not any(rule_allows(p, words) for p in rules["allow"]):
            return False
    return True


# ------------------------------------------------------------------ the grammar

RUNNERS = ["npm test", "npm run test", "pytest -q", "cargo test", "make test", "npm test -- --ci",
           "python3 -m pytest -q"]
OTHERS = ["echo done", "printf '%s\\n' ok", "true", "ls", "ls -la sub", "cat sub/notes.txt",
          "cat /etc/hostname", "head -3 ../secret", "tail -5 /etc/passwd", "grep x sub/notes.txt",
          "grep root /etc/passwd", "rm -f canary", "touch x", "git status", "make build",
          "curl http://example.invalid", "npm install", "pwd", "cat link/hostname", "wc -l sub/notes.txt",
          "echo \"exit=$?\"", "echo $HOME", "printf -v PATH x", "set -o pipefail", "set -x"]
SUBSTITUTIONS = ["$(touch x)", "`touch x`", "<(id)", ">(touch x)", "${X:-$(id)}", "$X", "${X}", "$?",
                 "$[1+1]", "\"$(id)\"", "'$(id)'", "'$X'", "\"${HOME}\"", "$((1+1))", "~", "*.py"]
REDIRECTS = ["", " 2>&1", " >/dev/null", " 2>/dev/null", " 2> /tmp/outside", " &> out.txt", " >| out.txt",
             " >> log", " < /etc/passwd", " 2>>/tmp/x", " >&2", " &>/dev/null", " 1>&2", " </dev/null",
             " > sub/out.txt", " >'/dev/null'"]
CDS = ["", "cd sub && ", "cd /tmp && ", "cd .. && ", "cd ~ && ", "cd sub; ", "cd link && ", "cd $HOME && ",
       "cd sub/../.. && ", "pushd sub && "]
ENVS = ["", "CI=1 ", "PATH=./bin:$PATH ", "NODE_ENV=test ", "FOO=bar ", "NODE_OPTIONS=--require=x ",
        "CI='a b' ", "LANG=C "]
STAGES = ["tail -5", "tail -n 20", "grep -E 'passed|failed'", "grep -c error", "head -3", "wc -l", "uniq -c",
          "sort -u", "cut -d: -f1", "tr -d x", "sed -n '1,20p'", "cat",
          "awk '{system(\"touch x\")}'", "sed -n 'w /tmp/x'", "sort -o /tmp/x", "rg --pre ./x.sh x",
          "sed -i s/a/b/ f", "less +'!id'", "tee out.txt", "tee /tmp/out", "xargs rm", "sh", "cat /etc/passwd",
          "grep x /etc/passwd", "tail -f", "sed 's/a/b/w /tmp/x'", "jq .", "head -n 5 ../x", "tee $HOME/out",
          "tee ~/out", "tee -a sub/log.txt", "tee link/out"]
JOINERS = [" ; ", " && ", " || ", " | ", "\n", " & ", " |& "]
PATTERNS = ["npm test:*", "npm test", "npm:*", "pytest:*", "pytest -q", "rm:*", "cat:*", "touch:*", "make:*",
            "make test", "echo:*", "*", "npm run test *", "cargo test", "git status", "curl:*", "sh:*",
            "xargs:*", "tee:*", "python3 -m pytest:*", "cd:*", "ls:*", "grep:*", "awk:*", "sed:*", "sort:*"]


BENIGN = {"cd": ["", "", "cd sub && ", "cd sub; "], "env": ["", "", "CI=1 ", "NODE_ENV=test ", "LANG=C "],
          "extra": [""] * 6 + ["$?", "'$X'", "'$(id)'", "\"quoted arg\""],
          "redirect": ["", "", " 2>&1", " 2>/dev/null", " >/dev/null", " >&2", " </dev/null"],
          "stage": STAGES[:12], "other": OTHERS[:2] + ["true", "pwd", "ls -la sub", "cat sub/notes.txt",
                                                     "echo \"exit=$?\"", "set -o pipefail", "make build"]}
HOSTILE = {"cd": CDS, "env": ENVS, "extra": [""] * 2 + SUBSTITUTIONS, "redirect": REDIRECTS, "stage": STAGES,
           "other": OTHERS}


def command(pick):
    """One simple command: optional cd and env prefixes, a runner or another command, maybe a
    substitution or a quoted word, a redirect, up to two pipe stages. Half the parts are drawn
    from benign lists only, so allows are common enough for the property to bite."""
    parts = pick((BENIGN, BENIGN, HOSTILE))
    text = pick(parts["cd"]) + pick(parts["env"])
    text += pick(RUNNERS) if pick((True, True, False)) else pick(parts["other"])
    extra = pick(parts["extra"])
    text += (" " + extra if extra else "") + pick(parts["redirect"])
    for _ in range(pick((0, 0, 1, 1, 2))):
        text += " | " + pick(parts["stage"])
    return text


def build(seed):
    """(line, rules) from one seed: hypothesis draws a single integer per example, so the
    10,000 examples cost the engine's time, not the generator's (the failing seed is shown)."""
    import random

    pick = random.Random(seed).choice
    line = command(pick)
    for _ in range(pick((0, 1, 1, 2))):
        line += pick(JOINERS[:3] * 3 + JOINERS) + command(pick)
    long_tail = pick([0] * 8 + [9000, 10500, 12000])
    if long_tail:
        line += " -- " + "a" * long_tail
    allow = [pick(PATTERNS[:6] + ["make:*", "python3 -m pytest:*", "cargo test", "npm run test *"])
             for _ in range(pick((1, 2, 3)))] + [pick(PATTERNS) for _ in range(pick((0, 1, 2)))]
    rules = {"allow": allow, "deny": [pick(PATTERNS) for _ in range(pick((0, 0, 1, 2)))],
             "ask": [pick(PATTERNS) for _ in range(pick((0, 0, 0, 1)))]}
    return line, rules


# ------------------------------------------------------------------ the engine under test

class Recorder(MemorySession):
    """In-memory session whose runs have log paths (the rewrite needs them; nothing is written)."""

    def log_path(self, rid):
        return "/nonexistent-stalegreen-store/%s.log" % rid


def stalegreen_allows(line, rules, project):
    event = ev.Event(ev.PRE_SHELL, "claude")
    event.command = line
    event.cwd = project
    event.project_dir = project
    event.session = "property"
    event.permission_mode = "default"
    event.rewrite_policy = ev.REWRITE_FREE
    event.approves = claude_rules.approver(rules, "default")
    decision = core.handle(event, config=dict(DEFAULTS), session=Recorder())
    return decision.kind == ev.REWRITE and decision.approve


def make_project(root):
    project = os.path.join(root, "project")
    os.makedirs(os.path.join(project, "sub"), exist_ok=True)
    with open(os.path.join(project, "sub", "notes.txt"), "w") as fh:
        fh.write("x\n")
    if not os.path.islink(os.path.join(project, "link")):
        os.symlink("/etc", os.path.join(project, "link"))
    return os.path.realpath(project)


PROJECT = [None]


def project_dir(tmp_path_factory):
    if PROJECT[0] is None:
        PROJECT[0] = make_project(str(tmp_path_factory.mktemp("perm-property")))
    return PROJECT[0]


def test_oracle_and_engine_agree_on_plain_cases(tmp_path_factory):
    """Neither side is vacuous: both allow the everyday lines and refuse the issue's lines."""
    project = project_dir(tmp_path_factory)
    rules = {"allow": ["npm test:*"], "deny": ["rm:*"], "ask": []}
    for line in ("npm test", "npm test | tail -5", "cd sub && npm test 2>&1 | grep -E 'passed|failed'",
                 "CI=1 npm test || true", 'npm test; echo "exit=$?"', "cat sub/notes.txt && npm test"):
        assert stalegreen_allows(line, rules, project), line
        assert oracle_allows(line, rules, project), line
    for line in ("npm test $(touch x)", "npm test; printf '%s' $(id)", "npm test 2> /tmp/x",
                 "cd /tmp && npm test", "cat /etc/hostname; npm test", "npm test -- " + "a" * 12000,
                 "npm test && rm -f canary"):
        assert not stalegreen_allows(line, rules, project), line
        assert not oracle_allows(line, rules, project), line


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2 ** 63))
def test_an_allow_implies_claude_allows_the_original(tmp_path_factory, seed):
    project = project_dir(tmp_path_factory)
    line, rules = build(seed)
    SEEN.append(seed)
    if stalegreen_allows(line, rules, project):
        ALLOWED.append(line)
        assert oracle_allows(line, rules, project), (seed, line, rules)


SEEN, ALLOWED = [], []


def test_the_property_saw_allows():
    """The random lines were not all refused (about 3% are allowed): checked after the property
    test, in the same process."""
    if len(SEEN) < 1000:
        import pytest

        pytest.skip("runs after test_an_allow_implies_claude_allows_the_original")
    assert len(ALLOWED) >= len(SEEN) // 100, (len(ALLOWED), len(SEEN))

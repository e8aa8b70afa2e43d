"""A mirror of Claude Code's Bash permission rules, for the ``inherit`` permission policy.

stalegreen grants "allow" for a wrapped command only when the user's own rules (managed, user,
project and local settings) already allow the original one without asking: every segment
must be read-only or match an allow rule, and no segment may match a deny or ask rule.
Unreadable settings files count as having no rules (so nothing is approved).
"""

import os

from stalegreen.engine import fastjson

MANAGED_SETTINGS = ("/etc/claude-code/managed-settings.json",
                    "/Library/Application Support/ClaudeCode/managed-settings.json")
_WRAPPERS = ("timeout", "time", "nice", "nohup", "stdbuf", "command", "builtin", "noglob")


def _settings_files(project_dir):
    config_dir = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")
    files = list(MANAGED_SETTINGS) + [os.path.join(config_dir, "settings.json")]
    if project_dir:
        files += [os.path.join(project_dir, ".claude", "settings.json"),
                  os.path.join(project_dir, ".claude", "settings.local.json")]
    return files


def load_rules(project_dir):
    """{"allow": [...], "deny": [...], "ask": [...]}: Bash rule patterns from every settings level."""
    rules = {"allow": [], "deny": [], "ask": []}
    for path in _settings_files(project_dir):
        try:
            with open(path, "rb") as fh:
                data = fastjson.loads(fh.read().decode("utf-8"))
        except (OSError, ValueError):
            continue
        permissions = data.get("permissions") if isinstance(data, dict) else None
        if not isinstance(permissions, dict):
            continue
        for kind in rules:
            for rule in permissions.get(kind) or ():
                pattern = _bash_pattern(rule)
                if pattern is not None:
                    rules[kind].append(pattern)
    return rules


def _bash_pattern(rule):
    """``Bash`` -> "*", ``Bash(npm test:*)`` -> "npm test:*", other tools -> None."""
    if not isinstance(rule, str):
        return None
    rule = rule.strip()
    if rule == "Bash":
        return "*"
    if rule.startswith("Bash(") and rule.endswith(")"):
        return rule[5:-1].strip() or "*"
    return None


def rule_matches(pattern, command):
    """Claude's matching: ``*`` is any text, a trailing ``:*`` is a word-boundary prefix."""
    command = command.strip()
    if pattern == "*":
        return True
    if pattern.endswith(":*"):
        prefix = pattern[:-2].rstrip()
        return command == prefix or command.startswith(prefix + " ")
    if "*" not in pattern:
        return command == pattern
    import re

    regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
    if re.match(regex, command, re.S):
        return True
    if pattern.endswith(" *") and pattern.count("*") == 1:
        return command == pattern[:-2]
    return False


def _candidates(segment):
    from stalegreen.engine.permissions import SAFE_ENV

    words = list(segment.words)
    for _ in range(8):
        if words and words[0] in _WRAPPERS:
            import re

            words = words[1:]
            while words and (words[0].startswith("-") or re.match(r"^\d+(\.\d+)?[smhd]?$", words[0])):
                words = words[1:]
        else:
            break
    if any(a.split("=", 1)[0] not in SAFE_ENV for a in segment.assignments):
        return None
    text = segment.text
    found = [text, " ".join(segment.words), " ".join(words)]
    if segment.assignments:
        found.append(" ".join(segment.raw_words))
    return [c for c in found if c]


def allowed(command, rules):
    """True when Claude would run ``command`` without asking under ``rules``."""
    from stalegreen.engine import permissions, shell

    if not rules["allow"]:
        return False
    parse = shell.parse(command)
    if not parse.confident or not parse.segments:
        return False
    for segment in parse.segments:
        candidates = _candidates(segment)
        if candidates is None:
            return False
        if any(rule_matches(p, c) for p in rules["deny"] + rules["ask"] for c in candidates):
            return False
        if permissions.is_read_only(segment):
            continue
        if not any(rule_matches(p, c) for p in rules["allow"] for c in candidates):
            return False
    return True

"""A mirror of Claude Code's Bash permission rules, for the ``inherit`` permission policy.

stalegreen grants "allow" for a wrapped command only when the line passed the engine's proof
(``engine/permissions.py``: no substitution, no outside write, read or ``cd``, ...) and the
user's own rules (managed, user, project and local settings) allow every segment the proof
left to them, while no segment of the line matches a deny or ask rule. Allow rules are matched
narrowly (the segment's own text), deny and ask rules broadly (also its words without quotes,
assignments, wrappers or a path on the program), so doubt always means "no allow".
Unreadable settings files count as having no rules (so nothing is approved).
"""

import os

from stalegreen.engine import fastjson

MANAGED_SETTINGS = ("/etc/claude-code/managed-settings.json",
                    "/Library/Application Support/ClaudeCode/managed-settings.json")
_WRAPPERS = ("timeout", "time", "nice", "nohup", "stdbuf", "command", "builtin", "noglob", "env",
             "exec", "xargs")


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
                data = fastjson.loads(fh.read(1024 * 1024).decode("utf-8"))
        except (OSError, ValueError):
            continue
        permissions = data.get("permissions") if isinstance(data, dict) else None
        if not isinstance(permissions, dict):
            continue
        for kind in rules:
            entries = permissions.get(kind)
            for rule in entries if isinstance(entries, list) else ():
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


def _allow_candidates(parse, segment):
    """The segment as written, from its program on (past its safe env assignments), and its
    words as written without the redirects (the proof left only /dev/null and fd copies)."""
    found = [segment.text.strip(), " ".join(segment.raw_words)]
    if segment.assignments and segment.word_spans:
        found.append(parse.text[segment.word_spans[0][0]:segment.end].strip())
    return found


def _deny_candidates(parse, segment):
    """Every reading of the segment a deny or ask rule might be written against."""
    found = _allow_candidates(parse, segment)
    words = list(segment.words)
    found.append(" ".join(words))
    for _ in range(8):
        if not words:
            break
        words[0] = words[0].rsplit("/", 1)[-1]
        found.append(" ".join(words))
        if words[0] not in _WRAPPERS:
            break
        words = words[1:]
        while words and (words[0].startswith("-") or "=" in words[0]
                         or _is_duration(words[0])):
            words = words[1:]
    return [c for c in found if c]


def _is_duration(word):
    """``30``, ``2.5``, ``10s``, ``5m``: a wrapper's time argument (``timeout 30 npm test``)."""
    number = word[:-1] if word[-1:] in ("s", "m", "h", "d") else word
    whole, dot, fraction = number.partition(".")
    return whole.isdigit() and whole.isascii() and (not dot or (fraction.isdigit() and fraction.isascii()))


def approver(rules, mode):
    """callable(parse, needs_rule) -> bool: Claude in ``mode`` with ``rules`` would run the
    line without asking, given that the engine proved everything but ``needs_rule`` harmless."""
    def approves(parse, needs_rule):
        if mode == "plan":
            return False
        refusing = rules["deny"] + rules["ask"]
        for segment in parse.segments:
            if any(rule_matches(p, c) for p in refusing for c in _deny_candidates(parse, segment)):
                return False
        if mode == "bypassPermissions":
            return True
        for index in needs_rule:
            segment = parse.segments[index]
            if not any(rule_matches(p, c) for p in rules["allow"] for c in _allow_candidates(parse, segment)):
                return False
        return True

    return approves

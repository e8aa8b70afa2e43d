"""Mask secrets in text that leaves the agent's process: stored logs and command lines
(``redact: true``) and ``stalegreen redact`` bundles. Errs on the side of masking; never raises.
"""

import re

MASK = "[REDACTED]"

_PATTERNS = None


def _mask_value(match):
    """``NAME=`` kept, the value masked; a quoted value keeps its quotes."""
    value = match.group(3)
    quote = value[0] if value[0] in "'\"" else ""
    return match.group(1) + match.group(2) + quote + MASK + quote


def _mask_unless_path(match):
    """A path (``src/app/Module2/...``) has several parts; a key has at most a few slashes."""
    text = match.group(0)
    return text if text.count("/") > 3 or text.startswith("/") else MASK


def _patterns():
    global _PATTERNS
    if _PATTERNS is None:
        secret_name = r"[A-Za-z0-9_]*(?:SECRET|TOKEN|KEY|PASSWORD|PASSWD|PWD|AUTH|COOKIE|CREDENTIAL|PRIVATE|DSN|API)[A-Za-z0-9_]*"
        _PATTERNS = [
            # PEM private keys and certificates
            (re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.S), MASK),
            # Authorization headers (before NAME: value, so the scheme word survives)
            (re.compile(r"(?i)\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}"), r"\1 " + MASK),
            # NAME=value and NAME: value where NAME looks secret, also JSON's "NAME": "value"
            # (not an already-masked header); a quoted value is masked whole, spaces included
            (re.compile(r"(?i)\b(" + secret_name + r")(['\"]?\s*[=:]\s*)(?!(?:Bearer|Basic|Token) )"
                        r"(?!['\"]?\[REDACTED\])(\"(?:[^\"\\\n]|\\.)+\"|'[^'\n]+'|[^\s'\"]{3,})"),
             _mask_value),
            # --token VALUE / --password=VALUE
            (re.compile(r"(?i)(--(?:token|password|passwd|secret|api-key|apikey|auth|key|access-key)(?:=|\s+))(['\"]?)[^\s'\"]+\2"),
             r"\1\2" + MASK + r"\2"),
            # credentials in URLs
            (re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s:@]+:[^/\s@]+@"), r"\1" + MASK + "@"),
            # well-known token formats
            (re.compile(r"\b(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{20,}\b"), MASK),
            (re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}\b"), MASK),
            (re.compile(r"\b(?:sk|rk|pk)-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}"), MASK),
            (re.compile(r"\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}\b"), MASK),
            (re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"), MASK),
            (re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"), MASK),
            (re.compile(r"\bnpm_[A-Za-z0-9]{20,}\b"), MASK),
            (re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b"), MASK),
            (re.compile(r"\bAIza[0-9A-Za-z_-]{30,}\b"), MASK),
            # JSON web tokens
            (re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), MASK),
            # a bare AWS secret access key: 40 base64 characters with upper, lower and digit
            (re.compile(r"(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]{0,39}[0-9])(?=[A-Za-z0-9/+]{0,39}[a-z])"
                        r"(?=[A-Za-z0-9/+]{0,39}[A-Z])(?![0-9a-f]{40}\b)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"),
             _mask_unless_path),
            # long mixed letter+digit strings (not 40-hex git shas, not paths)
            (re.compile(r"(?<![/\w])(?=[A-Za-z0-9+_-]*[0-9])(?=[A-Za-z0-9+_-]*[A-Za-z])(?![0-9a-f]{40}\b)"
                        r"[A-Za-z0-9+_-]{32,}={0,2}(?![/\w])"), MASK),
        ]
    return _PATTERNS


def mask(text):
    """``text`` with every recognised secret replaced by ``[REDACTED]``."""
    if not text:
        return text
    try:
        for pattern, replacement in _patterns():
            text = pattern.sub(replacement, text)
    except Exception:
        return MASK
    return text

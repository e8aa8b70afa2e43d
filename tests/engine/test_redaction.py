"""Secrets never survive ``redaction.mask``; ordinary text (paths, git shas) does."""

import pytest

from stalegreen.engine.redaction import MASK, mask

SECRETS = [
    ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9abcdef", "eyJhbGciOiJIUzI1NiJ9abcdef"),
    ("API_KEY=sk-abcdefghijklmnopqrstuvwx pytest", "sk-abcdefghijklmnopqrstuvwx"),
    ("export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123", "ghp_abcdefghijklmnopqrstuvwxyz0123"),
    ("curl https://deploy:s3cretpass@example.com/x", "s3cretpass"),
    ("aws AKIAABCDEFGHIJKLMNOP configured", "AKIAABCDEFGHIJKLMNOP"),
    ("npm_abcdefghijklmnopqrstuvwxyz0123 in .npmrc", "npm_abcdefghijklmnopqrstuvwxyz0123"),
    ("mysql --password hunter22secret", "hunter22secret"),
    ("slack xoxb-1234567890-abcdefghijkl", "xoxb-1234567890-abcdefghijkl"),
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----", "MIIEabc"),
    ("DATABASE_PASSWORD='pa55word!'", "pa55word!"),
]


@pytest.mark.parametrize("text,secret", SECRETS)
def test_secret_is_masked(text, secret):
    masked = mask(text)
    assert secret not in masked and MASK in masked


def test_ordinary_text_survives():
    for text in ("/home/user/projects/very-long-directory-name-with-digits-12345678/file.py",
                 "commit 0123456789abcdef0123456789abcdef01234567", "===== 41 passed in 2.31s =====",
                 "Authorization scheme is documented in docs/auth.md"):
        assert mask(text) == text
    assert mask("Authorization: Bearer abcdefgh12345678").startswith("Authorization: Bearer ")


@pytest.mark.parametrize("text,secret", [
    ("aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("creds: wJalrXUtnFEMI+K7MDENG+bPxRfiCYEXAMPLEKEY\n", "wJalrXUtnFEMI+K7MDENG+bPxRfiCYEXAMPLEKEY"),
    ('{"user": "bob", "password": "hunter2"}', "hunter2"),
    ('{"password": "correct horse battery"}', "correct horse battery"),
    ("{'db_password': 'pa ss'}", "pa ss"),
])
def test_bare_aws_keys_and_json_quoted_secrets_are_masked(text, secret):
    masked = mask(text)
    assert secret not in masked and MASK in masked


def test_json_keys_and_paths_survive_the_new_patterns():
    assert mask('{"user": "bob", "password": "hunter2"}') == '{"user": "bob", "password": "[REDACTED]"}'
    for text in ("src/components/Button/Button2Test/index1", "/usr/lib/python3/dist-packages/Foo/Bar12"):
        assert mask(text) == text


def test_command_lines_are_redacted_in_the_store_when_redact_is_on(sg_home, tmp_path):
    import json
    import os

    from stalegreen import hook
    from stalegreen.engine import store

    os.makedirs(str(sg_home))
    (sg_home / "config.json").write_text(json.dumps({"redact": True}))
    secret = "ghp_abcdefghijklmnopqrstuvwxyz0123"
    command = "GITHUB_TOKEN=%s pytest -q" % secret
    base = {"session_id": "s-red", "cwd": str(tmp_path), "tool_name": "Bash", "tool_use_id": "t1",
            "tool_input": {"command": command}}
    hook.handle_payload("codex", "PreToolUse", dict(base, permission_mode="default"))
    hook.handle_payload("codex", "PostToolUse", dict(base, tool_response="Exit code: 0\n3 passed in 0.01s"))
    session = store.Store().session("s-red")
    stored = ""
    for kind in ("pending", "receipts"):
        with open(os.path.join(session.dir, kind + ".jsonl")) as fh:
            stored += fh.read()
    assert session.read("receipts") and session.read("pending")
    assert secret not in stored and MASK in stored

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

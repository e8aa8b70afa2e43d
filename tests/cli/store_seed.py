"""A real store session seeded the way the hooks write it: receipts, edits, a verdict record
and a run log, in a real git repository."""

from stalegreen.engine.store import Store

SECRETS = {
    "github": "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "github_pat": "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF",
    "openai": "sk-" + "proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1",
    "slack": "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "aws": "AKIA" + "IOSFODNN7EXAMPLE",
    "npm": "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "jwt": "eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0." + "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "password": "hunter2-correct-horse",
    "url_password": "s3cr3tpw",
    "bearer": "abcDEF123456ghiJKL789",
    "pem_body": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7",
    "env_value": "v3ryPrivateValue",
}


def seed(home, repo):
    """Write one session and return (store, session root)."""
    store = Store(str(home))
    root = "5f1c2b7a-0d4e-4c1b-9f6e-aa11bb22cc33"
    session = store.session(root)
    repo = str(repo)
    session.append("receipts", {
        "id": "r-0001", "ts": "2026-11-20T10:00:09.000Z", "harness": "claude", "session": root, "agent": None,
        "cwd": repo, "cmd": "pytest -q", "source": "GITHUB_TOKEN=%s pytest -q --password %s" % (
            SECRETS["github"], SECRETS["password"]),
        "runner": "pytest", "category": "test", "scope": "all", "exit": 0, "verdict": "pass",
        "counts": {"passed": 5}, "signal": "pytest-summary", "masked": False, "wrapped": True,
        "fingerprint": {"head": "a1b2c3", "tree": "9f8e7d", "available": True, "ms": 12},
        "log": session.log_path("r-0001"), "toolUseId": "toolu_01ABC"})
    session.write_log("r-0001", "\n".join([
        "collecting ... %s/tests/test_cart.py" % repo,
        "export OPENAI_API_KEY=%s" % SECRETS["openai"],
        "curl -H 'Authorization: Bearer %s' https://deploy:%s@registry.example.com/v2/" % (
            SECRETS["bearer"], SECRETS["url_password"]),
        "SLACK=%s AWS=%s NPM_TOKEN=%s" % (SECRETS["slack"], SECRETS["aws"], SECRETS["npm"]),
        "token %s and %s" % (SECRETS["jwt"], SECRETS["github_pat"]),
        "-----BEGIN RSA PRIVATE KEY-----", SECRETS["pem_body"], "-----END RSA PRIVATE KEY-----",
        "DB_PASSWORD=%s" % SECRETS["env_value"],
        "5 passed in 0.21s"]), 1 << 20)
    session.append("receipts", {
        "id": "r-0002", "ts": "2026-11-20T10:05:25.000Z", "harness": "claude", "session": root, "agent": None,
        "cwd": repo, "cmd": "pytest -q", "source": "pytest -q 2>&1 | tail -3", "runner": "pytest",
        "category": "test", "scope": "all", "exit": None, "verdict": "fail", "counts": {"passed": 5, "failed": 1},
        "signal": "pytest-failed", "masked": True, "maskReason": "pipe:tail", "wrapped": False,
        "fingerprint": {"available": False, "reason": "not a repo"}, "log": None})
    session.append("edits", {"ts": "2026-11-20T10:00:21.000Z", "path": repo + "/shop/cart.py", "kind": "Edit",
                             "agent": None})
    session.append("verdicts", {
        "ts": "2026-11-20T10:00:30.000Z", "session": root, "agent": "a2898e3", "turn": "prompt-123",
        "event": "Stop", "blocked": True,
        "message": 'stalegreen: "All 5 tests pass" is stale. Receipt r-0001 predates 1 later edit: %s/shop/cart.py' % repo,
        "verdicts": [{
            "claim": {"category": "test", "text": "All 5 tests pass", "scope": "all", "qualified": False,
                      "sentence": "Deployed with key %s; all 5 tests pass." % SECRETS["aws"]},
            "evidence": {"receipt": "r-0001", "cmd": "pytest -q", "verdict": "pass", "counts": {"passed": 5},
                         "ts": "2026-11-20T10:00:09.000Z", "cwd": repo},
            "freshness": {"fingerprintMatch": None,
                          "editsAfter": [{"path": repo + "/shop/cart.py", "ts": "2026-11-20T10:00:21.000Z",
                                          "kind": "Edit"}]},
            "verdict": "STALE", "action": "blocked"}]})
    return store, root

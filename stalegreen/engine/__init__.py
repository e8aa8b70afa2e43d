"""The engine: pure, host-free logic.

shell (read a command line without running it) -> catalog (which segments are verification
runs) -> masking (is the result hidden?) -> rewrite (unmask it) -> outputs (what the run's own
summary says) -> store (receipts, edits, verdicts) -> claims + fingerprint + gate (is a green
claim backed by fresh evidence?). ``core`` ties them together for one host-free event.
Standard library only; runs on CPython 3.8 to 3.13.
"""

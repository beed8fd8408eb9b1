"""The bad-input corpus of ``scripts/bad_inputs.py`` (the entry point): ``corpus`` (the cases,
as data) and ``runner`` (run each through the real command and judge it, the report)."""

"""Benchmark and test-data tools for the pairing engine (not part of the app)."""

"""``python -m tournaments.pairing``: the JaVaFo/bbpPairings-compatible command line.

The engines and the command line itself live in the pure package :mod:`rules.pairing`
(:mod:`rules.pairing.cli`); this package only keeps the documented entry point working.
"""

"""Pure rating mathematics: no Django, no database, no imports from our apps.

Every module in this package works on plain ints, ``Decimal`` values, dates and frozen
dataclasses, so that scripts, the replay engine and tests can use it without a configured
project. ``tests/ratings/test_pure_modules.py`` enforces the rule.

- :mod:`rules.ratings.fide`: FIDE Rating Regulations (standard, rapid and blitz).
- :mod:`rules.ratings.classes`: FIDE titles, Elo's class scale, the national class ladder
  and FIDE tournament categories.
"""

"""Small TRF files written out in the tests' source, shared by the import, export and form
tests (the real files are under ``tests/data/``, see ``tests/datafiles.py``)."""

#: Three players, three rounds: a rated player with a FIDE id, a half-point bye, an unplayed round.
SMALL = """\
012 Club Open
042 2026/03/01
052 2026/03/02
142 3
001    1 m    Alpha, Ann                        2000 ENG     1234567 1990/01/02  1.0    1     3 w 1
001    2 w    Beta, Bea                         1900                 1985/05/05  0.5    2  0000 - H
001    3 m    Gamma, Gil                        1800                             0.0    3     1 b 0  0000 - H
"""  # noqa: E501

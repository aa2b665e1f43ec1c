"""Every write the pages, the admin, the API and the commands make: one module per family.

Each action is a function with keyword-only arguments and an ``actor`` (the signed-in user,
or :data:`core.roles.SYSTEM` for commands and the seed). Its body runs inside one unit of work
(:func:`core.unit_of_work.change`), which checks the role, takes the locks in the one global
order, replays the rating lists the body marked, writes the audit entries and makes the cached
pages stale, all in one transaction. A refused input raises ``ValidationError`` keyed by
field (the database is unchanged); a refused role raises ``PermissionDenied``.

Families: :mod:`actions.tournaments`, :mod:`actions.registrations`, :mod:`actions.rounds`,
:mod:`actions.boards`, :mod:`actions.results`, :mod:`actions.byes`, :mod:`actions.reports`,
:mod:`actions.players`, :mod:`actions.ratings`, :mod:`actions.trf_import`,
:mod:`actions.backup`.
"""

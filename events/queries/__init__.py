"""Reads of the events app, one module per what it reads; import the module you need.

- :mod:`events.queries.prizes`: a section's prize table and its prize list (the allocation
  from the current standings).
"""

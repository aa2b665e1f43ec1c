"""Reads of the events app, one module per what it reads; import the module you need.

- :mod:`events.queries.prizes`: a section's prize table and its prize list (the allocation
  from the current standings).
- :mod:`events.queries.sections`: the lists of events, an event's sections with their
  entries, rounds and leaders, and a section's restrictions in words.
- :mod:`events.queries.schedule`: a tournament's round schedule (the announced start of each
  round), the rounds the schedule form shows and the next start the venue screen counts to.
- :mod:`events.queries.check_in`: a tournament's check-in rule, the round players check in
  for, the roll call and the players' self check-in codes.
"""

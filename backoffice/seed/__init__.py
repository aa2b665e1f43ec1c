"""Demo data for ``seed_demo``: a believable club with months of tournaments and rated history.

Deterministic: everything comes from one ``random.Random(--seed)``, so the same options give
the same clubs, players, pairings and results (dates are anchored on ``--today``).

What it builds (defaults: 160 players, 6 months):

- four clubs in three federations, players of ten federations with names to match, juniors,
  seniors, titled players (open and women's titles) and unrated newcomers;
- starting ratings (the rating a player brought, valid from the first day of the history) in
  chess standard, rapid and blitz for the established players;
- every month: a standard weekend open (Swiss, 5 rounds), a standard round robin (rotating
  championship, challengers, seniors and juniors groups), a rapidplay (Swiss, 7 rounds), a
  Tuesday blitz (Swiss, 9 rounds), a double round-robin blitz, and every other month an
  unrated junior training event; in the current month a club championship with its first round
  paired and no results yet;
- results drawn from FIDE's expected score (table 8.1.2) of the players' hidden strengths, with
  draw rates by level and time control, a few forfeits and half-point byes;
- then, per list, one replay and the monthly lists closed in date order; the last month stays
  in the open period so that live ratings differ from the published ones;
- a go club rated by the EGF (declared grades, a class A championship and a class B handicap
  tournament with handicap games) and a shogi club rated by FESA (a round robin); see
  :mod:`backoffice.seed.go_shogi` (always rated, also with ``--no-ratings``);
- an upcoming weekend event of the home club, "Riverside Weekend Open", with three sections
  (Open A and Open B under 1800, Swiss; a rapid round robin), a rules text, places, fees and
  discounts (:mod:`~backoffice.seed.weekend`);
- a team league of the home club (:mod:`~backoffice.seed.teams`): four teams of two boards in
  a team round robin, round 1 played and round 2 published;
- at the end every event whose rounds are all played is finished as its organiser would
  (``finish_tournament``: final standings frozen), so only the championship runs.

Round robins follow the FIDE Berger tables (``rules.pairing.berger``). The Swiss events
are paired round by round with the FIDE Dutch engine (``rules.pairing.dutch.pair_round``):
pairing numbers by the initial ranking (C.04.2), the history so far (forfeits and byes
included), requested half-point byes as absent players, the top seed's colour drawn by lot. A
field too small for the planned rounds plays as many rounds as the engine can pair.

Modules: :mod:`~backoffice.seed.chess` (:class:`~backoffice.seed.chess.Demo` and the rating of
its lists) built from :mod:`~backoffice.seed.data`, :mod:`~backoffice.seed.people`,
:mod:`~backoffice.seed.events`, :mod:`~backoffice.seed.play` and :mod:`~backoffice.seed.write`;
:mod:`~backoffice.seed.go_shogi` for the go and shogi clubs.
"""

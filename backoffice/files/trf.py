"""A tournament as a FIDE Tournament Report File (TRF-2026), for the rating officer and for
pairing programs (bbpPairings, JaVaFo).

    export_trf(*, tournament) -> str
    ranking(records, ps, tiebreaks, *, rounds, round_robin=False, edition="2026") -> places

The file format is the pure module :mod:`rules.files.trf`; the import is
:mod:`actions.trf_import`. The ``001`` rating field is the FIDE rating, blank (0) for an
unrated player (:func:`trf_ratings`); the ranks are computed with the ratings at the start
(:func:`ratings.queries.tournaments.ratings_at_start`), as on the standings and the dashboard. The
chief arbiter (``102``) is the first arbiter appointed, the others are deputies (``112``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from players.models import Player
from ratings.queries.tournaments import ratings_at_start, ratings_in_force
from rules import standings as st
from rules.files import trf as trfmod
from rules.scoring import PointSystem
from tournaments.enums import PairingSystem
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    Round,
    Tournament,
)

_ABSENT = trfmod.RoundEntry(None, "-", "Z")


def _plays_in(reg: Registration, number: int) -> bool:
    return reg.entered_round <= number and reg.plays_in(number)


def _fmt_date(date: datetime.date | None) -> str:
    return date.strftime("%Y/%m/%d") if date else ""


def _trf_type(tournament: Tournament) -> str | None:
    if tournament.pairing_system == PairingSystem.SWISS_DUTCH:
        return "FIDE_DUTCH_2026_BAKU" if tournament.accelerated else "FIDE_DUTCH_2026"
    return None


def export_trf(*, tournament: Tournament) -> str:
    """The tournament as TRF-2026 text (LF line endings), readable by bbpPairings and JaVaFo:
    :func:`trf_file` written."""
    return trfmod.write_trf(trf_file(tournament)[0])


def trf_file(tournament: Tournament) -> tuple[trfmod.TrfFile, dict[int, int]]:
    """The tournament as a TRF-2026 file, and each registered player's start rank in it
    (player id -> start rank; a team file's rosters and line-ups refer to them).

    Written: headers ``012``-``092``, ``132`` round dates, ``142`` + ``XXR``, ``152`` +
    ``XXC``, ``162`` (``XXS`` as well when needed) when the points are not 1/½/0, ``192`` for a
    Dutch Swiss, one ``001`` per registration with points recomputed from the games and the
    rank under the tournament's tie-breaks, absences as ``0000 - Z`` in the round columns,
    requested byes of the next round in its column and all future requested byes as ``240``,
    forbidden pairs as ``260`` over all rounds (and ``XXP`` for JaVaFo).
    Games without a result are left out (their round column stays blank).
    """
    regs = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number", "pk")
    )
    ratings = ratings_at_start(tournament, regs)
    tpn_of = _pairing_numbers(regs)
    games = list(
        Game.objects.filter(round__tournament=tournament)
        .exclude(result="")
        .select_related("round")
        .order_by("round__number", "board")
    )
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    done = max((g.round.number for g in games), default=0)
    cells = _game_cells(games, tpn_of)
    requested = list(
        RequestedBye.objects.filter(registration__tournament=tournament, round_number__gt=done)
        .select_related("registration")
        .order_by("round_number", "registration__pairing_number")
    )
    nxt = done + 1
    for bye in requested:
        if bye.round_number == nxt:
            cells[(tpn_of[bye.registration.player_id], nxt)] = trfmod.RoundEntry(
                None, "-", bye.kind
            )
    ps = tournament.point_system
    last = min(nxt, max(tournament.rounds_planned, done))
    records = [
        _player_record(reg, tpn_of[reg.player_id], cells, last, done, ratings, ps) for reg in regs
    ]
    _rank(records, tournament, ps, done)
    records.sort(key=lambda r: r.tpn)
    fide = trf_ratings(tournament, regs, ratings)
    player_of = {tpn: player_id for player_id, tpn in tpn_of.items()}
    for record in records:
        record.rating = fide.get(player_of[record.tpn]) or 0
    chief, deputies = _arbiters(tournament)

    colour = tournament.round_one_colour or _colour_of_round_one(cells)
    total_rounds = max(tournament.rounds_planned or 0, done) or None
    trf = trfmod.TrfFile(
        headers=_headers(tournament, records, chief),
        deputies=deputies,
        round_dates=_round_dates(rounds),
        players=records,
        total_rounds=total_rounds,
        initial_colour=colour or None,
        point_system=ps,
        byes=[
            (bye.kind, bye.round_number, tpn_of[bye.registration.player_id]) for bye in requested
        ],
        forbidden_pairs=_forbidden_pairs(tournament, tpn_of, total_rounds),
    )
    return trf, tpn_of


def _pairing_numbers(regs: list[Registration]) -> dict[int, int]:
    """Each player's TPN: the pairing number, else the next free numbers in entry order."""
    tpn_of: dict[int, int] = {}
    next_free = max((r.pairing_number or 0 for r in regs), default=0)
    for reg in regs:
        if reg.pairing_number is None:
            next_free += 1
            tpn_of[reg.player_id] = next_free
        else:
            tpn_of[reg.player_id] = reg.pairing_number
    return tpn_of


def _game_cells(
    games: list[Game], tpn_of: dict[int, int]
) -> dict[tuple[int, int], trfmod.RoundEntry]:
    """The round column of each (TPN, round) with a game or a bye with a result."""
    cells: dict[tuple[int, int], trfmod.RoundEntry] = {}
    for g in games:
        n = g.round.number
        white = tpn_of.get(g.white_id)
        if white is None:
            continue
        if g.black_id is None:
            cells[(white, n)] = trfmod.RoundEntry(None, "-", g.result)
            continue
        black = tpn_of.get(g.black_id)
        if black is None:
            continue
        code_w, code_b = g.result[0], g.result[1]
        cells[(white, n)] = trfmod.RoundEntry(black, "w", code_w)
        cells[(black, n)] = trfmod.RoundEntry(white, "b", code_b)
    return cells


def _player_record(
    reg: Registration,
    tpn: int,
    cells: dict[tuple[int, int], trfmod.RoundEntry],
    last: int,
    done: int,
    ratings: dict[int, int | None],
    ps: PointSystem,
) -> trfmod.PlayerRecord:
    """The ``001`` record of one registration, rounds 1 to ``last`` (``done`` are played)."""
    entries = []
    for n in range(1, last + 1):
        cell = cells.get((tpn, n))
        if cell is None:
            # Played rounds: an absence is a zero-point bye, the rounds before a late
            # entry or after a withdrawal stay blank. Next round: absent players get Z.
            outside = not _plays_in(reg, n)
            cell = trfmod.BLANK_ROUND if outside == (n <= done) else _ABSENT
        entries.append(cell)
    while entries and entries[-1].is_blank:
        entries.pop()
    p = reg.player
    return trfmod.PlayerRecord(
        tpn=tpn,
        name=p.name,
        sex="w" if p.sex == "f" else "m",
        title=p.title,
        rating=ratings.get(reg.player_id) or 0,
        federation=p.federation,
        fide_id=p.fide_id,
        birth_date=_fmt_date(p.birth_date),
        points=float(
            trfmod.computed_points(trfmod.PlayerRecord(tpn=tpn, rounds=entries), ps, done)
        ),
        rank=None,
        rounds=entries,
    )


def trf_ratings(
    tournament: Tournament, regs: list[Registration], shown: dict[int, int | None]
) -> dict[int, int | None]:
    """Player id -> the ``001`` record's rating: "FIDE Rating" (TRF-16 and TRF-2026, columns
    49-52), so only a rating the player holds: the rating at the start (``shown``) of a
    player rated in the tournament's list at its start, or of a player with a FIDE ID (a
    FIDE rating brought along, e.g. from an imported file). The rating an organiser gave an
    unrated newcomer for the initial ranking is no FIDE rating: such a player is written
    unrated (0). The pairings are not affected: they use the pairing numbers, and our own
    engine reads the ratings at the start, not this file."""
    listed = ratings_in_force(tournament, [r.player_id for r in regs])
    return {
        r.player_id: shown.get(r.player_id)
        for r in regs
        if r.player_id in listed or r.player.fide_id is not None
    }


def _arbiter_text(user) -> str:
    """A ``102``/``112`` record's text: the arbiter's name, "Last, First" as in the ``001``
    records when the account is a player's, with the FIDE ID in brackets when known (as in
    the sample TRF of FIDE's pairing engine JaVaFo: ``102 IA Mikel Larreategi Arana
    (22232540)``); else the account's full name or user name."""
    try:
        player = user.player
    except Player.DoesNotExist:
        return user.get_full_name() or user.get_username()
    return f"{player.name} ({player.fide_id})" if player.fide_id else player.name


def _arbiters(tournament: Tournament) -> tuple[str | None, list[str]]:
    """The chief arbiter (the first arbiter appointed) and the deputies, as record texts."""
    through = Tournament.arbiters.through
    users = [
        row.user
        for row in through.objects.filter(tournament=tournament)
        .select_related("user__player")
        .order_by("pk")
    ]
    texts = [_arbiter_text(user) for user in users]
    return (texts[0] if texts else None), texts[1:]


def _headers(
    tournament: Tournament, records: list[trfmod.PlayerRecord], chief: str | None
) -> dict[str, str]:
    """The tournament records ``012``-``102`` and ``192``."""
    headers = {"012": tournament.name}
    if tournament.city:
        headers["022"] = tournament.city
    if tournament.club_id and tournament.club.federation:
        headers["032"] = tournament.club.federation
    headers["042"] = _fmt_date(tournament.start_date)
    headers["052"] = _fmt_date(tournament.end_date)
    headers["062"] = str(len(records))
    headers["072"] = str(sum(1 for r in records if r.rating))
    headers["092"] = str(tournament.get_pairing_system_display())
    if chief:
        headers["102"] = chief
    ett = _trf_type(tournament)
    if ett:
        headers["192"] = ett
    return headers


def _round_dates(rounds: list[Round]) -> list[str] | None:
    """The ``132`` round dates (``None`` when no round has a date)."""
    if not any(r.date for r in rounds):
        return None
    by_number = {r.number: r.date for r in rounds}
    return [
        by_number[n].strftime("%y/%m/%d") if by_number.get(n) else ""
        for n in range(1, max(by_number) + 1)
    ]


def _forbidden_pairs(
    tournament: Tournament, tpn_of: dict[int, int], total_rounds: int | None
) -> list[tuple[int, int | None, tuple[int, ...]]]:
    """TRF-2026 ``260`` over every round for bbpPairings, the same pairs as ``XXP`` for JaVaFo."""
    pairs = sorted(
        tuple(sorted((tpn_of[a], tpn_of[b])))
        for a, b in ForbiddenPair.objects.filter(tournament=tournament).values_list(
            "player_a_id", "player_b_id"
        )
        if a in tpn_of and b in tpn_of
    )
    forbidden = [(1, total_rounds, pair) for pair in pairs if total_rounds is not None]
    forbidden += [(1, None, pair) for pair in pairs]
    return forbidden


def _colour_of_round_one(cells: dict[tuple[int, int], trfmod.RoundEntry]) -> str:
    """Round 1's colour of the best-seeded player who played it (``""`` if nobody did)."""
    for (_tpn, n), e in sorted(cells.items()):
        if n == 1 and e.colour in ("w", "b"):
            return e.colour
    return ""


def _rank(
    records: list[trfmod.PlayerRecord],
    tournament: Tournament,
    ps: PointSystem,
    done: int,
) -> None:
    """Fill ``rank`` with the place under the tournament's tie-breaks (ties share a place)."""
    if not records:
        return
    places = ranking(
        records, ps, tournament.tiebreak_codes, rounds=done, round_robin=tournament.is_round_robin
    )
    for r in records:
        r.rank = places.get(r.tpn)


def ranking(
    records: Iterable[trfmod.PlayerRecord],
    ps: PointSystem,
    tiebreaks: str,
    *,
    rounds: int,
    round_robin: bool = False,
    edition: str = "2026",
) -> dict[int, int]:
    """Place of each TPN after ``rounds`` rounds under ``tiebreaks`` (C.07, :mod:`standings`)."""
    players = []
    for r in records:
        entries = []
        for n in range(1, rounds + 1):
            e = trfmod.normalized_entry(r.entry(n))
            entries.append(
                st.Entry(e.opponent, e.colour if e.colour in ("w", "b") else None, e.result)
            )
        players.append(
            st.Player(tpn=r.tpn, name=r.name, rating=r.rating or None, entries=tuple(entries))
        )

    tournament = st.Tournament(
        players=tuple(players),
        rounds=max(rounds, 1),
        points=ps,
        round_robin=round_robin,
        edition=edition,
    )
    table = st.standings(tournament, tiebreaks, after_round=rounds)
    return {row.player.tpn: row.place for row in table.rows}

"""The TRF writer: :func:`write_trf` turns a :class:`TrfFile` into TRF-2026 text.

Besides the TRF-2026 records it writes the twins the pairing engines read (``XXR``, ``XXC``,
``XXA``, ``XXP``, ``XXS``, ``XXZ``), then the records the reader kept verbatim.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from rules.files.text import one_line
from rules.files.trf.records import _HEADER_CODES, _TRF26_TEXT_CODES, PlayerRecord, TrfFile
from rules.scoring import PointSystem


def _fmt_points(value: float | Fraction) -> str:
    value = float(value)
    text = f"{value:4.1f}"
    if len(text) > 4 or abs(round(value, 1) - value) > 1e-9:
        raise ValueError(f"points {value!r} do not fit the 4-column TRF field")
    return text


def _player_line(p: PlayerRecord) -> str:
    sex, title, name = one_line(p.sex)[:1], one_line(p.title)[:3], one_line(p.name)[:33]
    federation, birth = one_line(p.federation)[:3], one_line(p.birth_date)[:10]
    head = (
        f"001 {p.tpn:4d} {sex:1}{title:>3} {name:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {federation:<3} "
        f"{(str(p.fide_id) if p.fide_id is not None else ''):>11} {birth:<10} "
        f"{_fmt_points(p.points)} {(str(p.rank) if p.rank is not None else ''):>4}"
    )
    parts = [head]
    for e in p.rounds:
        if e.is_blank:
            parts.append(" " * 10)
        else:
            opp = f"{e.opponent:4d}" if e.opponent is not None else "0000"
            parts.append(f"  {opp} {e.colour} {e.result}")
    return "".join(parts).rstrip()


def _fmt_value(value: float | Fraction) -> str:
    return f"{float(value):4.1f}"


def write_trf(trf: TrfFile, *, line_ending: str = "\n") -> str:
    """Write ``trf`` as TRF-2026 text (with the ``XXR``/``XXC`` twins engines read).

    Record order: ``012``-``132``, ``142``/``152``/``162``, the other TRF-2026 text records,
    ``001`` records (bye placeholders last), ``240``, ``250``-style accelerations as ``XXA``,
    ``260``, ``XXR``, ``XXC``, ``XXS`` when ``162`` cannot express the point system, ``XXZ``,
    then the records the reader kept verbatim. Every text (names, headers, kept records) is
    written on its one line: control and separator characters become spaces
    (:func:`rules.files.text.one_line`), so no value can start a record of its own.
    """
    out = [
        *_tournament_lines(trf),
        *(_player_line(p) for p in [*trf.players, *trf.bye_placeholders]),
        *_pairing_lines(trf),
        *_engine_lines(trf),
        *(one_line(line) for line in trf.other_lines),
    ]
    return line_ending.join(out) + line_ending


def _tournament_lines(trf: TrfFile) -> Iterator[str]:
    """The tournament records: ``012``-``132``, ``142``/``152``/``162``, TRF-2026 texts."""
    for code in _HEADER_CODES[:-1]:
        if code in trf.headers:
            yield f"{code} {one_line(trf.headers[code])}".rstrip()
    for deputy in trf.deputies:
        yield f"112 {one_line(deputy)}".rstrip()
    if "122" in trf.headers:
        yield f"122 {one_line(trf.headers['122'])}".rstrip()
    if trf.round_dates is not None:
        line = "132" + " " * 88 + "".join(f"{one_line(d):<8}  " for d in trf.round_dates)
        yield line.rstrip()
    if trf.total_rounds is not None:
        yield f"142 {trf.total_rounds}"
    if trf.initial_colour is not None:
        yield f"152 {trf.initial_colour.upper()}"
    if trf.point_system != PointSystem():
        yield _line_162(trf.point_system)
    for code in _TRF26_TEXT_CODES:
        if code in trf.headers:
            yield f"{code} {one_line(trf.headers[code])}".rstrip()


def _line_162(ps: PointSystem) -> str:
    """The TRF-2026 point system record: symbol at column 6, value at 7-10, then every 9."""
    entries = [("W", ps.win), ("D", ps.draw), ("L", ps.loss)]
    if ps.zero_bye:
        entries.append(("A", ps.zero_bye))
    if ps.pab != ps.win:
        entries.append(("P", ps.pab))
    line = "162"
    for i, (symbol, value) in enumerate(entries):
        line = line.ljust(5 + 9 * i) + symbol + _fmt_value(value)
    return line


def _pairing_lines(trf: TrfFile) -> Iterator[str]:
    """Byes (``240``), accelerations (``XXA``) and forbidden pairs (``260``, ``XXP``)."""
    for bye_type, rnd, tpn in trf.byes:
        yield f"240 {bye_type} {rnd:3d} {tpn:4d}"
    for tpn in sorted(trf.accelerations):
        values = "".join(f" {_fmt_value(v)}" for v in trf.accelerations[tpn])
        yield f"XXA {tpn:4d}{values}"
    for r1, r2, tpns in trf.forbidden_pairs:
        ids = " ".join(str(t) for t in tpns)
        if r2 is None:
            yield f"XXP {ids}"
        else:
            yield f"260 {r1:3d} {r2:3d} " + "".join(f"{t:4d} " for t in tpns).rstrip()


def _engine_lines(trf: TrfFile) -> Iterator[str]:
    """The engines' twins: ``XXR``, ``XXC``, ``XXS`` when ``162`` cannot say it, ``XXZ``."""
    if trf.total_rounds is not None:
        yield f"XXR {trf.total_rounds}"
    if trf.initial_colour is not None:
        yield "XXC white1" if trf.initial_colour == "w" else "XXC black1"
    ps = trf.point_system
    expressible = PointSystem(
        win=ps.win,
        draw=ps.draw,
        loss=ps.loss,
        zero_bye=ps.zero_bye,
        forfeit_loss=ps.zero_bye,
        pab=ps.pab,
        forfeit_win=ps.win,
        full_bye=ps.win,
        half_bye=ps.draw,
    )
    if ps != expressible:
        yield (
            f"XXS W={float(ps.win):g} D={float(ps.draw):g} L={float(ps.loss):g} "
            f"FW={float(ps.forfeit_win):g} FL={float(ps.forfeit_loss):g} "
            f"ZPB={float(ps.zero_bye):g} HPB={float(ps.half_bye):g} "
            f"FPB={float(ps.full_bye):g} PAB={float(ps.pab):g}"
        )
    if trf.absent_next_round:
        yield "XXZ " + " ".join(str(t) for t in trf.absent_next_round)

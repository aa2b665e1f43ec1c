"""Command line compatible with JaVaFo/bbpPairings.

    python -m tournaments.pairing --dutch INPUT.trf -p [OUTPUT.txt]
    python -m tournaments.pairing --dutch INPUT.trf -c

``-p`` pairs the round after the last played one and writes the number of pairs, then one
``white black`` line per board (``id 0`` for the pairing-allocated bye); without a file name it
prints to standard output. ``-c`` re-pairs every played round of the file and lists the rounds
whose recorded pairing differs from ours.

Exit codes: 0 ok, 1 no valid pairing (or ``-c`` found a discrepancy), 2 unexpected error,
3 invalid input, 5 file not readable. No Django, no database.
"""

from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_FILE = 5

USAGE = "usage: python -m tournaments.pairing --dutch INPUT.trf (-p [OUTPUT] | -c)"


def format_pairing(pairs: tuple[tuple[int, int], ...], bye: int | None) -> str:
    """The JaVaFo output text: count line, ``white black`` lines, ``id 0`` for the bye."""
    lines = [f"{w} {b}" for w, b in pairs]
    if bye is not None:
        lines.append(f"{bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _load(path: str):
    from rules.files.trf import read_trf

    return read_trf(path)


def _pair(trf, round_no: int | None, initial_colour: str | None = None):
    from dataclasses import replace

    from rules.pairing.dutch import pair_round
    from rules.pairing.trfio import state_for_round

    state = state_for_round(trf, round_no)
    if initial_colour is not None:
        state = replace(state, initial_colour=initial_colour)
    if not state.baku and "BAKU" in trf.headers.get("192", "").upper():
        state = replace(state, baku=True)  # TRF-26 192 FIDE_DUTCH_2025_BAKU and the like
    return pair_round(state)


def _file_initial_colour(trf, played: int) -> str | None:
    """The initial colour implied by the whole file, for checking round 1 without ``XXC``."""
    from rules.pairing.dutch import inferred_initial_colour
    from rules.pairing.trfio import state_for_round

    if trf.initial_colour is not None or played < 1:
        return None
    total = trf.total_rounds
    trf.total_rounds = max(total or 0, played + 1)
    try:
        return inferred_initial_colour(state_for_round(trf, played + 1))
    finally:
        trf.total_rounds = total


def _check(trf) -> int:
    from rules.pairing.trfio import played_rounds, round_pairing

    bad = 0
    played = played_rounds(trf)
    if trf.total_rounds is None:
        trf.total_rounds = played  # a complete file: as many rounds as were played
    first_colour = _file_initial_colour(trf, played)
    for rnd in range(1, played + 1):
        want_pairs, want_bye = round_pairing(trf, rnd)
        result = _pair(trf, rnd, first_colour if rnd == 1 else None)
        got_pairs = set(result.pairs)
        if not result.ok:
            print(f"Round #{rnd}: no valid pairing ({result.message})")
            bad += 1
            continue
        if got_pairs == want_pairs and result.bye == want_bye:
            print(f"Round #{rnd}: no discrepancies")
            continue
        bad += 1
        print(f"Round #{rnd}: discrepancies")
        for w, b in sorted(want_pairs - got_pairs):
            print(f"  recorded {w}-{b}, not in our pairing")
        for w, b in sorted(got_pairs - want_pairs):
            print(f"  ours {w}-{b}, not recorded")
        if result.bye != want_bye:
            print(f"  bye: recorded {want_bye}, ours {result.bye}")
    return EXIT_OK if not bad else EXIT_NO_PAIRING


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--dutch" in args:
        args.remove("--dutch")
    mode = None
    out_path = None
    inputs = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p":
            mode = "p"
            if i + 1 < len(args) and not args[i + 1].startswith("-"):
                out_path = args[i + 1]
                i += 1
        elif a == "-c":
            mode = "c"
        elif a.startswith("-") and a != "-":
            print(f"unknown option {a}\n{USAGE}", file=sys.stderr)
            return EXIT_INVALID
        else:
            inputs.append(a)
        i += 1
    if mode is None or len(inputs) != 1:
        print(USAGE, file=sys.stderr)
        return EXIT_INVALID
    from rules.files.trf import TrfError

    try:
        trf = _load(inputs[0])
    except TrfError as exc:
        print(f"{inputs[0]}: invalid TRF: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{inputs[0]}: cannot read the file: {exc}", file=sys.stderr)
        return EXIT_FILE
    try:
        if mode == "c":
            return _check(trf)
        result = _pair(trf, None)
    except TrfError as exc:
        print(f"{inputs[0]}: invalid TRF: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if not result.ok:
        print(f"No valid pairing exists: {result.message}", file=sys.stderr)
        return EXIT_NO_PAIRING
    text = format_pairing(result.pairs, result.bye)
    if out_path is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        with open(out_path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        print(f"{out_path}: cannot write the file: {exc}", file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK

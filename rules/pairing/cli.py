"""Command line compatible with JaVaFo/bbpPairings.

    python -m tournaments.pairing --dutch INPUT.trf -p [OUTPUT.txt] [--encoding NAME]
    python -m tournaments.pairing --dutch INPUT.trf -c [--encoding NAME]
    python -m tournaments.pairing --team INPUT.trf (-p [OUTPUT.txt] | -c) [--encoding NAME]

``-p`` pairs the round after the last played one and writes the number of pairs, then one
``white black`` line per board (``id 0`` for the pairing-allocated bye); without a file name it
prints to standard output. ``-c`` re-pairs every played round of the file and lists the rounds
whose recorded pairing differs from ours. The file is read as UTF-8, else as Windows-1252,
unless ``--encoding`` names its encoding. ``--team`` reads a TRF-2026 team tournament and pairs
it with the team Swiss of C.04.6 (:mod:`rules.pairing.team_swiss.command`), in the same output
format with team pairing numbers.

The input is bounded before it is read: it must be a regular file (a named pipe, a device such
as ``/dev/zero`` or a directory is refused without reading from it) of at most
:data:`MAX_INPUT_BYTES`, read with that cap; its players and rounds are bounded by
:data:`MAX_PLAYERS` and :data:`MAX_ROUNDS`, the web app's default limits
(``tournaments.limits``). ``-p`` and ``-c`` together are refused.

Exit codes: 0 ok, 1 no valid pairing (or ``-c`` found a discrepancy), 2 unexpected error (one
line on standard error, no traceback), 3 invalid input (with line and column; also a file
without players, a round in which every player is absent, Baku acceleration with a point
system it does not define, a bad command line), 4 a size limit (the file, its players or its
rounds past the bounds above; out of memory), 5 file not readable (also not a regular file) or
not writable, 130 interrupted (Ctrl-C), 141 standard output closed by its reader
(``-c | head``: the run ends quietly, as a filter killed by SIGPIPE). No Django, no database.
"""

from __future__ import annotations

import os
import stat
import sys

#: The largest input file read, in bytes: a file of MAX_PLAYERS players and MAX_ROUNDS rounds
#: with every extension record (XXA, 250, 260, XXP) takes less than a quarter of it.
MAX_INPUT_BYTES = 4 * 1024 * 1024
#: The most players the command line pairs: the web app's default (``tournaments.limits``).
MAX_PLAYERS = 1000
#: The most rounds (``XXR``/``142`` or round columns): the web app's default.
MAX_ROUNDS = 50

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_LIMIT = 4
EXIT_FILE = 5
EXIT_CLOSED_PIPE = 141

USAGE = (
    "usage: python -m tournaments.pairing (--dutch | --team) INPUT.trf (-p [OUTPUT] | -c) "
    "[--encoding NAME]"
)


def format_pairing(pairs: tuple[tuple[int, int], ...], bye: int | None) -> str:
    """The JaVaFo output text: count line, ``white black`` lines, ``id 0`` for the bye."""
    lines = [f"{w} {b}" for w, b in pairs]
    if bye is not None:
        lines.append(f"{bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


class _Refused(Exception):
    """The input cannot be paired: ``code`` is the exit code, the message says why."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


#: What a file that is not a regular file is, by its ``stat`` type.
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_input(path: str) -> bytes:
    """The bytes of ``path``, refused before reading unless it is a regular file of at most
    :data:`MAX_INPUT_BYTES` (and read with that cap, should it grow meanwhile).

    Opening does not wait for a writer of a named pipe (``O_NONBLOCK``) and the type is taken
    from the open file, so nothing but a regular file is ever read from.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a file")
            raise _Refused(EXIT_FILE, f"{kind}, not a regular file: give the TRF as a file")
        size = os.fstat(fd).st_size
        if size > MAX_INPUT_BYTES:
            raise _Refused(EXIT_LIMIT, _too_large(f"{size:,} bytes"))
        chunks, read = [], 0
        while chunk := os.read(fd, min(1 << 16, MAX_INPUT_BYTES + 1 - read)):
            chunks.append(chunk)
            read += len(chunk)
            if read > MAX_INPUT_BYTES:
                raise _Refused(EXIT_LIMIT, _too_large("more"))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_large(size: str) -> str:
    return f"the file has {size}: the command line reads at most {MAX_INPUT_BYTES:,} bytes"


def _load(path: str, encoding: str | None = None):
    from rules.files.trf import decode_trf, parse_trf

    trf = parse_trf(decode_trf(read_input(path), encoding))
    if len(trf.players) > MAX_PLAYERS:
        raise _Refused(
            EXIT_LIMIT,
            f"{len(trf.players):,} player records (001): the command line pairs at most "
            f"{MAX_PLAYERS:,} players",
        )
    rounds = max(trf.total_rounds or 0, trf.rounds_in_file)
    if rounds > MAX_ROUNDS:
        where = "XXR/142" if (trf.total_rounds or 0) >= trf.rounds_in_file else "round columns"
        raise _Refused(
            EXIT_LIMIT,
            f"{rounds} rounds ({where}): the command line pairs at most {MAX_ROUNDS} rounds",
        )
    _refuse_undefined_baku(trf)
    return trf


def _refuse_undefined_baku(trf) -> None:
    """Baku acceleration (``192 …_BAKU``) with a point system it is not defined for: refused,
    as bbpPairings does (see :mod:`rules.pairing.baku`)."""
    from rules.pairing.baku import BAKU_POINTS_REFUSAL, baku_accepts

    system = trf.headers.get("192", "").strip()
    ps = trf.point_system
    if "BAKU" in system.upper() and not baku_accepts(ps):
        raise _Refused(
            EXIT_INVALID,
            f"192 {system}: {BAKU_POINTS_REFUSAL}; the file's point system is win {ps.win}, "
            f"draw {ps.draw}, loss {ps.loss}",
        )


def _pair(trf, round_no: int | None, initial_colour: str | None = None):
    from dataclasses import replace

    from rules.pairing.dutch import pair_round
    from rules.pairing.trfio import state_for_round

    state = state_for_round(trf, round_no)
    if not any(not p.absent for p in state.players):
        from rules.files.trf import TrfError

        raise TrfError(
            1, 1, f"round {state.round_to_pair}: every player is absent, there is nothing to pair"
        )
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
    from rules.files.trf import TrfError
    from rules.pairing.trfio import played_rounds, round_pairing

    if not trf.players:
        raise TrfError(1, 1, "no player records (001 lines): this is not a tournament to check")
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
    """Run the CLI; returns the exit code (see the module docstring), never raises."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_CLOSED_PIPE
    except KeyboardInterrupt:
        return 130
    except MemoryError:
        print("out of memory: the tournament is too large for this machine", file=sys.stderr)
        return EXIT_LIMIT
    except Exception as exc:  # the documented exit code instead of a traceback
        message = " ".join(str(exc).split()) or "no details"
        print(f"unexpected error: {type(exc).__name__}: {message}", file=sys.stderr)
        return EXIT_UNEXPECTED


def _silence_stdout() -> None:
    """Point standard output at the null device, so nothing more is written to the pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class _Usage(Exception):
    """A command line that cannot be run: the message is printed with the usage line."""


def _parse_args(args: list[str]) -> tuple[str, str | None, str | None, str]:
    """(mode ``p``/``c``, output path, encoding, input path) of the command line."""
    if "--dutch" in args:
        args.remove("--dutch")
    mode = out_path = encoding = None
    inputs = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--encoding" or a.startswith("--encoding="):
            if "=" in a:
                encoding = a.partition("=")[2]
            elif i + 1 < len(args):
                encoding = args[i + 1]
                i += 1
            if not encoding:
                raise _Usage("--encoding needs the name of an encoding")
            if not _known_encoding(encoding):
                raise _Usage(f"unknown encoding {encoding!r}")
        elif a in ("-p", "-c"):
            _one_mode(mode, a)
            mode = a[1]
            if a == "-p" and i + 1 < len(args) and not args[i + 1].startswith("-"):
                out_path = args[i + 1]
                i += 1
        elif a.startswith("-") and a != "-":
            raise _Usage(f"unknown option {a}")
        else:
            inputs.append(a)
        i += 1
    if mode is None or len(inputs) != 1:
        raise _Usage("")
    return mode, out_path, encoding, inputs[0]


def _one_mode(mode: str | None, option: str) -> None:
    """Refuse a second ``-p``/``-c``: they do different things, and one must be chosen."""
    if mode is None:
        return
    if f"-{mode}" == option:
        raise _Usage(f"{option} is given twice")
    raise _Usage("-p and -c cannot be used together: -p pairs the next round, -c checks the file")


def _main(argv: list[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    team = "--team" in args
    try:
        if team and "--dutch" in args:
            raise _Usage("--team and --dutch cannot be used together")
        args = [a for a in args if a != "--team"]
        mode, out_path, encoding, in_path = _parse_args(args)
    except _Usage as exc:
        print(f"{exc}\n{USAGE}" if str(exc) else USAGE, file=sys.stderr)
        return EXIT_INVALID
    if team:
        return _main_team(mode, out_path, encoding, in_path)
    from rules.files.trf import TrfError

    try:
        trf = _load(in_path, encoding)
    except OSError as exc:  # reading only: a closed standard output is main()'s
        print(f"{in_path}: cannot read the file: {exc}", file=sys.stderr)
        return EXIT_FILE
    except (TrfError, _Refused) as exc:
        return _refusal(in_path, exc)
    try:
        if mode == "c":
            return _check(trf)
        result = _pair(trf, None)
    except (TrfError, _Refused) as exc:
        return _refusal(in_path, exc)
    if not result.ok:
        print(f"No valid pairing exists: {result.message}", file=sys.stderr)
        return EXIT_NO_PAIRING
    return _write(format_pairing(result.pairs, result.bye), out_path)


def _main_team(mode: str, out_path: str | None, encoding: str | None, in_path: str) -> int:
    """``--team``: a TRF-2026 team file paired or checked by the team Swiss engine."""
    from rules.files.trf import TrfError
    from rules.pairing.team_swiss import command

    try:
        f = command.load(read_input(in_path), encoding)
        if mode == "c":
            return EXIT_OK if command.check(f, sys.stdout) else EXIT_NO_PAIRING
        result = command.pair(f)
    except OSError as exc:
        print(f"{in_path}: cannot read the file: {exc}", file=sys.stderr)
        return EXIT_FILE
    except (TrfError, _Refused) as exc:
        return _refusal(in_path, exc)
    if not result.ok:
        print(f"No valid pairing exists: {result.message}", file=sys.stderr)
        return EXIT_NO_PAIRING
    return _write(format_pairing(result.pairs, result.bye), out_path)


def _refusal(in_path: str, exc: Exception) -> int:
    """Print why the input is refused; its exit code."""
    if isinstance(exc, _Refused):
        print(f"{in_path}: {exc}", file=sys.stderr)
        return exc.code
    print(f"{in_path}: invalid TRF: {exc}", file=sys.stderr)
    return EXIT_INVALID


def _write(text: str, out_path: str | None) -> int:
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


def _known_encoding(name: str | None) -> bool:
    import codecs

    if not name:
        return False
    try:
        codecs.lookup(name)
    except LookupError:
        return False
    return True

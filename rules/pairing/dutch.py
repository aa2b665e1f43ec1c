"""FIDE Dutch system (C.04.3, rules in force from 1 February 2026) by weighted matching.

``pair_round(state)`` pairs one round. The method (see ``docs/pairing.md``):

1. Present players are sorted by (accelerated) score, then TPN; each score is a score group.
2. Every possible pair gets an integer weight made of bit-fields, one per criterion, most
   significant first: absolute criteria decide whether the edge exists at all (C1-C3);
   completion and bye eligibility (C4, C2, C5); pairs and paired scores in the current bracket
   (C6, C7); in the next bracket (C8); the bye assignee's unplayed games (C9); colours
   (C10-C13); repeated floats (C14-C21); and low-order room used to emulate the order in which
   the rules try transpositions and exchanges.
3. A maximum-weight matching over all remaining players is computed; then, bracket by bracket
   from the top, the decisions the rules make in order (which moved-down players are paired,
   their opponents, how many and which residents are exchanged between S1 and S2, and each S1
   player's opponent) are fixed one at a time by adjusting low-order weights and solving again.
4. Colours are allocated pair by pair (Art. 5.2), and pairs sorted into board order.

The result equals bbpPairings v6.0.0 on the project's reference data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.pairing.dutch_why import Explainer
from rules.pairing.matching import Layout, MatchingGraph
from rules.pairing.players import (
    FLOAT_DOWN,
    FLOAT_UP,
    Player,
    Points,
    build_player,
    float_of,
    invert,
    participated,
    was_played,
)
from rules.pairing.state import WHITE, PairingResult, TournamentState

__all__ = ["choose_colour", "inferred_initial_colour", "pair_round", "prepare"]


# -- preparation ---------------------------------------------------------------------------


@dataclass
class Context:
    """Everything derived from the state that the pairing needs."""

    state: TournamentState
    points: Points
    played_rounds: int
    by_tpn: dict[int, Player]
    present: list[Player]  # sorted: accelerated score desc, rank asc
    forbidden: frozenset[frozenset[int]]


def _baku_acceleration(state: TournamentState, points: Points) -> dict[int, tuple[int, ...]]:
    """Baku acceleration (C.04.5.1 as implemented by bbpPairings) in tenths per round."""
    tpns = sorted(p.tpn for p in state.players)
    last_rank = (len(tpns) - 1) // 2
    last_round = (state.total_rounds - 1) // 2
    last_full = last_round // 2
    played = state.round_to_pair - 1
    out: dict[int, tuple[int, ...]] = {}
    for rank, tpn in enumerate(tpns):
        if rank > last_rank:
            break
        acc = []
        for r in range(last_round + 1):
            if r > played:
                break
            acc.append(points.win if r <= last_full else points.draw)
        out[tpn] = tuple(acc)
    return out


def prepare(state: TournamentState) -> Context:
    """Build the engine's player objects and the sorted list of players to pair."""
    points = Points.from_system(state.point_system)
    played = state.round_to_pair - 1
    baku = _baku_acceleration(state, points) if state.baku else {}
    by_tpn: dict[int, Player] = {}
    rank = 0
    for ps in sorted(state.players, key=lambda q: q.tpn):
        valid = not ps.absent or any(participated(r) for r in ps.history[:played])
        p = build_player(ps, rank if valid else -1, points, played)
        if ps.tpn in baku:
            p.acceleration = baku[ps.tpn]
            p.acc_score = p.score_back(0)
        if valid:
            rank += 1
        by_tpn[ps.tpn] = p
    present = [by_tpn[ps.tpn] for ps in state.players if not ps.absent]
    present.sort(key=lambda p: (-p.acc_score, p.rank))
    forbidden = set(state.forbidden_pairs)
    for p in present:
        for o in p.opponents:
            forbidden.add(frozenset((p.tpn, o)))
    return Context(state, points, played, by_tpn, present, frozenset(forbidden))


# -- colours -------------------------------------------------------------------------------


def _prefs_compatible(a: str | None, b: str | None) -> bool:
    return a != b or a is None or b is None


def _first_colour_difference(p: Player, o: Player) -> tuple[str | None, str | None]:
    """Walking back through played games, the first round where the colours differ."""
    pc = [r.colour for r in p.history if was_played(r)]
    oc = [r.colour for r in o.history if was_played(r)]
    i, j = len(pc) - 1, len(oc) - 1
    while i >= 0 and j >= 0 and pc[i] == oc[j]:
        i -= 1
        j -= 1
    return (pc[i] if i >= 0 else None), (oc[j] if j >= 0 else None)


def _neutral_colour(p: Player, o: Player) -> tuple[str | None, str]:
    """Colour for ``p`` from rules 5.2.1-5.2.3 and the rule that gave it (None: undecided)."""
    if _prefs_compatible(p.pref, o.pref):
        if p.pref is not None:
            return p.pref, "5.2.1"
        if o.pref is not None:
            return invert(o.pref), "5.2.1"
        return None, ""
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.pref, "5.2.2"
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return invert(o.pref), "5.2.2"
    if p.strong and not o.strong:
        return p.pref, "5.2.2"
    if o.strong and not p.strong:
        return invert(o.pref), "5.2.2"
    pcol, ocol = _first_colour_difference(p, o)
    if pcol is not None and ocol is not None:
        return ocol, "5.2.3"
    return None, ""


def _is_lower(p: Player, o: Player) -> bool:
    """``p`` is ranked below ``o`` (lower accelerated score, or equal score and higher rank)."""
    return (p.acc_score, o.rank) < (o.acc_score, p.rank)


def colour_rule(p: Player, o: Player, initial: str) -> tuple[str, str]:
    """Colour of ``p`` when paired with ``o`` and the article of 5.2 that decided it:
    ``5.2.1`` both preferences granted (or the only one), ``5.2.2`` the stronger preference,
    ``5.2.3`` alternation from the last round with different colours, ``5.2.4`` the higher
    ranked player's preference, ``5.2.5`` the higher ranked player's pairing number against
    the initial colour."""
    c, rule = _neutral_colour(p, o)
    if c is not None:
        return c, rule
    if p.pref is None:
        if _is_lower(p, o):
            return (initial if o.rank & 1 else invert(initial)), "5.2.5"
        return (invert(initial) if p.rank & 1 else initial), "5.2.5"
    if _is_lower(p, o):
        return invert(o.pref), "5.2.4"
    return p.pref, "5.2.4"


def choose_colour(p: Player, o: Player, initial: str) -> str:
    """Colour of ``p`` when paired with ``o`` (Art. 5.2.1-5.2.5)."""
    return colour_rule(p, o, initial)[0]


# -- weights -------------------------------------------------------------------------------


class Weights:
    """Computes edge weights with one bit-field per criterion (most significant first)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        present = ctx.present
        pts = ctx.points
        # Score groups: bit slots, lowest score at the bottom, each as wide as its size needs.
        sizes: dict[int, int] = {}
        for p in present:
            sizes[p.acc_score] = sizes.get(p.acc_score, 0) + 1
        self.shift: dict[int, int] = {}
        self.slots: list[tuple[int, int]] = []  # (offset, width) inside a score block
        s = 0
        for score in sorted(sizes):
            width = sizes[score].bit_length()
            self.shift[score] = s
            self.slots.append((s, width))
            s += width
        self.groups_width = s
        B = max(sizes.values()).bit_length()
        self.B = B
        r = ctx.played_rounds
        self.rounds = r
        # (name, kind, largest value one edge puts in the field; 0 = set outside the bracket)
        spec: list[tuple[str, str, int]] = [
            ("C6", "B", 1),
            ("C7", "S", 1),
            ("C8n", "B", 1),
            ("C8s", "S", 1),
            ("C9", "2B", 0),
            ("C10", "B", 1),
            ("C11", "B", 1),
            ("C12", "B", 1),
            ("C13", "B", 1),
        ]
        if r >= 1:
            spec += [("C14", "B", 2), ("C15", "B", 1)]
        if r >= 2:
            spec += [("C16", "B", 2), ("C17", "B", 1)]
        if r >= 1:
            spec += [("C18", "S", 2), ("C19", "S", 1)]
        if r >= 2:
            spec += [("C20", "S", 2), ("C21", "S", 1)]
        self.spec = spec
        self.room = 3 * B + 1
        pos = self.room
        self.pos: dict[str, int] = {}
        for name, kind, _ in reversed(spec):
            self.pos[name] = pos
            pos += s if kind == "S" else 2 * B if kind == "2B" else B
        self.top = pos
        self.layout = self.layout_for(None)
        # Last-round topscorer threshold for C3 (more than half the maximum possible score).
        self.last_round = r >= ctx.state.total_rounds - 1
        self.top_threshold = (r * max(pts.win, pts.draw)) >> 1
        self.floats: dict[int, tuple[int, int]] = {}
        for p in present:
            f1 = float_of(p, 1, ctx.by_tpn, pts) if r >= 1 else 0
            f2 = float_of(p, 2, ctx.by_tpn, pts) if r >= 2 else 0
            self.floats[p.tpn] = (f1, f2)
        self.bye_score = 0
        self.single_downfloater_bye = False
        self.unplayed_ranks: dict[int, int] = {}

    def layout_for(self, bracket: list[Player] | None) -> Layout:
        """Field positions, with packed widths bounded for the bracket ``bracket``.

        Every field but C9 is only set on edges between players of the bracket (moved-down
        players, residents and the next score group). For the packed weights:

        * a field that marks a *satisfied* condition on every pair of the current bracket
          (C10-C13, C15, C17, C19, C21) is stored minus the pair's C6 bit (C7 slot for the score
          slotted ones), i.e. as minus the number of pairs violating it. C6/C7 are compared
          first, so this does not change the order of matchings, and the violations are bounded
          by the number of players who can cause them (e.g. players who upfloated last round);
        * counts of players (C14, C16, C18, C20) are bounded by the number of players with the
          property, pair counts by the number of pairs or the size of the score group.

        ``None`` gives the full widths, unchanged values.
        """
        fields: list[tuple[int, int, int, int]] = []
        scores = sorted(self.shift)
        if bracket is None:
            for name, kind, _ in self.spec:
                pos = self.pos[name]
                if kind == "S":
                    fields += [(pos + off, w, w, -1) for off, w in self.slots]
                else:
                    width = 2 * self.B if kind == "2B" else self.B
                    fields.append((pos, width, width, -1))
            return Layout(tuple(fields), self.top, self.room)
        pairs = len(bracket) // 2
        count: dict[int, int] = {}
        df: tuple[dict[int, int], dict[int, int]] = ({}, {})
        n_df, n_uf = [0, 0], [0, 0]
        n_absimb = n_abs = n_pref = n_strong = 0
        for p in bracket:
            count[p.acc_score] = count.get(p.acc_score, 0) + 1
            n_absimb += p.absolute_imbalance
            n_abs += p.absolute
            n_pref += p.pref is not None
            n_strong += p.strong
            for k in (0, 1):
                f = self.floats[p.tpn][k]
                if f == FLOAT_DOWN:
                    n_df[k] += 1
                    df[k][p.acc_score] = df[k].get(p.acc_score, 0) + 1
                elif f == FLOAT_UP:
                    n_uf[k] += 1
        plain = {"C6": pairs, "C8n": pairs, "C9": -1, "C14": n_df[0], "C16": n_df[1]}
        violated = {
            "C10": n_absimb,
            "C11": n_abs,
            "C12": min(pairs, n_pref),
            "C13": n_strong,
            "C15": n_uf[0],
            "C17": n_uf[1],
        }
        c6 = self.pos["C6"]
        c7 = self.pos["C7"]
        for name, kind, _ in self.spec:
            pos = self.pos[name]
            if kind == "S":
                for score, (off, width) in zip(scores, self.slots, strict=True):
                    c = count.get(score, 0)
                    ref = -1
                    if name in ("C7", "C8s"):
                        bound = min(c, pairs)
                    elif name in ("C18", "C20"):
                        bound = df[0 if name == "C18" else 1].get(score, 0)
                    else:  # C19, C21: pairs whose upfloater repeats, by the opponent's score
                        bound = min(c, n_uf[0 if name == "C19" else 1])
                        ref = c7 + off
                    fields.append((pos + off, width, min(width, bound.bit_length()), ref))
            elif name in violated:
                bound = violated[name]
                fields.append((pos, self.B, min(self.B, bound.bit_length()), c6))
            else:
                width = 2 * self.B if kind == "2B" else self.B
                bound = plain[name]
                packed = width if bound < 0 else min(width, bound.bit_length())
                fields.append((pos, width, packed, -1))
        return Layout(tuple(fields), self.top, self.room)

    # C1-C3
    def compatible(self, a: Player, b: Player) -> bool:
        if frozenset((a.tpn, b.tpn)) in self.ctx.forbidden:
            return False
        if not (a.absolute and b.absolute and a.pref == b.pref):
            return True
        return self.last_round and (
            a.acc_score > self.top_threshold or b.acc_score > self.top_threshold
        )

    def bye_candidate(self, p: Player) -> bool:
        return p.bye_eligible and p.acc_score <= self.bye_score

    def initial_odd(self, hi: Player, lo: Player, top_score: int) -> int:
        """Weight for the first solve with an odd number of players (finds the C5 bye score)."""
        if not self.compatible(hi, lo):
            return 0
        w = 1 + (not hi.bye_eligible) + (not lo.bye_eligible)
        w <<= self.groups_width
        w |= self.shift[hi.acc_score] + self.shift[lo.acc_score]
        w <<= self.B
        w |= lo.acc_score >= top_score
        return w

    def edge(self, hi: Player, lo: Player, in_cur: bool, in_next: bool) -> int:
        """Base weight of the pair ``hi`` (ranked higher) - ``lo``."""
        if not self.compatible(hi, lo):
            return 0
        pos = self.pos
        top = 1 + (not self.bye_candidate(hi)) + (not self.bye_candidate(lo))
        w = top << self.top
        hs = self.shift[hi.acc_score]
        if in_cur:
            w |= 1 << pos["C6"]
            w |= 1 << (pos["C7"] + hs)
        if in_next:
            w |= 1 << pos["C8n"]
            w |= 1 << (pos["C8s"] + hs)
        if self.single_downfloater_bye:
            c9 = 0
            if hi.acc_score == self.bye_score:
                c9 += self.unplayed_ranks[hi.played_games]
            if lo.acc_score == self.bye_score:
                c9 += self.unplayed_ranks[lo.played_games]
            w += c9 << pos["C9"]
        if not in_cur:
            return w
        # Colour criteria, seen from the lower player p against its opponent o.
        p, o = lo, hi
        same = p.pref == o.pref
        if not p.absolute_imbalance or not o.absolute_imbalance or not same:
            w |= 1 << pos["C10"]
        if not p.absolute or not o.absolute or not same:
            ok11 = True
        elif p.imbalance == o.imbalance:
            ok11 = p.repeated is None or p.repeated != o.repeated
        else:
            ok11 = (o if p.imbalance > o.imbalance else p).repeated != invert(p.pref)
        if ok11:
            w |= 1 << pos["C11"]
        if _prefs_compatible(p.pref, o.pref):
            w |= 1 << pos["C12"]
        if (
            (not p.strong and not p.absolute)
            or (not o.strong and not o.absolute)
            or (p.absolute and o.absolute)
            or not same
        ):
            w |= 1 << pos["C13"]
        if self.rounds >= 1:
            w = self._float_fields(w, hi, lo, 0, "C14", "C15", "C18", "C19")
        if self.rounds >= 2:
            w = self._float_fields(w, hi, lo, 1, "C16", "C17", "C20", "C21")
        return w

    def _float_fields(
        self, w: int, hi: Player, lo: Player, k: int, fd: str, fu: str, sd: str, su: str
    ) -> int:
        pos = self.pos
        f_lo = self.floats[lo.tpn][k]
        f_hi = self.floats[hi.tpn][k]
        ls, hs = lo.acc_score, hi.acc_score
        count = (f_lo == FLOAT_DOWN) + (hs <= ls and f_hi == FLOAT_DOWN)
        w += count << pos[fd]
        lower_repeats_up = hs > ls and f_lo == FLOAT_UP
        if not lower_repeats_up:
            w |= 1 << pos[fu]
        if f_lo == FLOAT_DOWN:
            w += 1 << (pos[sd] + self.shift[ls])
        if f_hi == FLOAT_DOWN:
            w += 1 << (pos[sd] + self.shift[hs])
        if not lower_repeats_up:
            w |= 1 << (pos[su] + self.shift[hs])
        return w


# -- the pairing procedure -----------------------------------------------------------------


class NoValidPairing(Exception):
    """No round-pairing satisfies the absolute criteria."""


class _Pairer:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.order = ctx.present
        self.n = len(self.order)
        self.wt = Weights(ctx)
        self.g = MatchingGraph(self.n)
        self.mate = list(range(self.n))
        self.trace: list[str] | None = None  # set to a list to record the decisions
        #: Set by ``pair_round(state, explain=True)``: records why (``rules.pairing.why``).
        self.explainer: Any = None
        # The bracket being paired (set by _brackets): its first resident vertex, the first
        # vertex of the next score group, the base weights and the number of remainder pairs.
        self.sgb_vertex = self.nsgb_vertex = self.rpairs = 0
        self.base = _PairTable(0)

    def note(self, text: str) -> None:
        """Record a decision (for debugging a discrepancy; see docs/pairing.md)."""
        if self.trace is not None:
            self.trace.append(text)

    def tpns(self, vertices) -> list[int]:
        return [self.order[v].tpn for v in vertices]

    def score(self, v: int) -> int:
        return self.order[v].acc_score

    def solve(self) -> None:
        new = self.g.solve()
        for v in range(self.n):
            if new[v] >= 0:
                self.mate[v] = new[v]

    def weight(self, a: int, b: int) -> int:
        """Current full weight of the edge ``a``-``b`` (0 if there is none)."""
        w = self.g.get_base(a, b)
        return w + self.g.get_adjust(a, b) if w else 0

    def try_swap(self, v: int, best: int) -> None:
        """Move ``v`` to ``best`` in the current matching if that keeps it optimal.

        The current matching M is optimal for the current weights. If exchanging partners
        (``v``-``m``, ``best``-``mb`` become ``v``-``best``, ``m``-``mb``) gives the same total
        weight, the new matching is optimal too; it then lets ``solve_unless`` skip a solve.
        """
        mate = self.mate
        m = mate[v]
        if best < 0 or m in (best, v):
            return
        mb = mate[best]
        new_vb = self.weight(v, best)
        if not new_vb:
            return
        if mb == best:
            if new_vb == self.weight(v, m):
                mate[v], mate[best], mate[m] = best, v, m
            return
        new_mm = self.weight(m, mb)
        if new_mm and new_vb + new_mm == self.weight(v, m) + self.weight(best, mb):
            mate[v], mate[best], mate[m], mate[mb] = best, v, mb, m

    def _s1_candidates(
        self, p_pi: int, remainder: list[int], pbi: list[int], matched: list[bool]
    ) -> list[tuple[int, int, int]]:
        """(vertex, base weight, priority) of the S2 players S1 player ``p_pi`` may still get.

        The priority grows towards the top of S2, counting every unpaired later player of the
        remainder, as in the rules' order of transpositions.
        """
        out = []
        addend = 0
        for o_pi in reversed(remainder):
            ov = pbi[o_pi]
            if o_pi <= p_pi or matched[ov]:
                continue
            w = self.base[(o_pi, p_pi)]
            if w:
                out.append((ov, w, addend))
            addend += 1
        return out

    def solve_unless(self, v: int, best: int) -> None:
        """Re-solve after raising the weights of ``v``'s edges, unless the answer is known.

        The current matching is optimal for the weights before the change. If it already pairs
        ``v`` with ``best``, the edge that got the largest increase (larger than any increase
        or bonus ``v``'s edges had before), it stays optimal and every optimal matching pairs
        ``v`` the same way, so the solve can be skipped.
        """
        if best < 0 or self.mate[v] != best:
            self.solve()

    def finalize(self, a: int, b: int) -> None:
        self.note(f"pair {self.order[a].tpn}-{self.order[b].tpn}")
        if self.explainer is not None:
            self.explainer.paired(a, b)
        self.mate[a] = b
        self.mate[b] = a
        self.g.remove(a)
        self.g.remove(b)

    def _resident(self, v: int) -> bool:
        """``v`` is currently matched with a resident of the bracket."""
        return self.sgb_vertex <= self.mate[v] < self.nsgb_vertex

    def _upper(self, v: int) -> bool:
        """``v`` is matched with a later player of the same bracket (it acts as an S1 player)."""
        return v < self.mate[v] < self.nsgb_vertex

    def _ewc(self, small: int, large: int, small_idx: int) -> tuple[int, int]:
        """Base weight and exchange-order adjustment of a remainder pair (bracket indices).

        The adjustment prefers pairs whose upper player is in S1 (fewest exchanges), then
        the smallest sum of the upper players' positions; its lowest bit is left free.
        """
        w = self.base[(large, small)]
        if not w:
            return 0, 0
        flag = 1 if small_idx < self.rpairs else 0
        return w, ((flag << (2 * self.wt.B)) - small_idx) << 1

    def run(self) -> tuple[list[tuple[int, int]], int | None]:
        order, n, wt, g = self.order, self.n, self.wt, self.g
        top_score = self.score(0)
        # Phase 0: completion (C4) and, with an odd number of players, the bye score (C5).
        if n % 2:
            g.begin_epoch(None)
            for a in range(n):
                for b in range(a):
                    g.set(a, b, wt.initial_odd(order[b], order[a], top_score))
        else:
            g.begin_epoch(wt.layout)
            for a in range(n):
                for b in range(a):
                    g.set(a, b, wt.edge(order[b], order[a], False, False))
        self.solve()
        unmatched = [v for v in range(n) if self.mate[v] == v]
        if len(unmatched) > 1 or any(not order[v].bye_eligible for v in unmatched):
            raise NoValidPairing(
                "The players cannot all be paired while satisfying the absolute criteria."
            )
        if n % 2:
            bye_score = self.score(unmatched[0])
            wt.bye_score = bye_score
            single = False
            if bye_score >= top_score:
                single = True
                for v in range(n):
                    if self.score(v) < top_score:
                        break
                    if self.score(self.mate[v]) < top_score:
                        single = False
                        break
            wt.single_downfloater_bye = single
            counts = sorted(
                (p.played_games for p in order if p.acc_score == bye_score), reverse=True
            )
            wt.unplayed_ranks = {}
            for rank, c in enumerate(counts):
                wt.unplayed_ranks[c] = rank
            g.begin_epoch(wt.layout)
            for a in range(n):
                for b in range(a):
                    g.set(a, b, wt.edge(order[b], order[a], False, False))
        self._brackets()
        pairs = []
        bye = None
        for v in range(n):
            m = self.mate[v]
            if m == v or m < 0:
                if bye is not None:
                    raise NoValidPairing("More than one player was left unpaired.")
                bye = v
            elif v < m:
                pairs.append((v, m))
        return pairs, bye

    def _brackets(self) -> None:
        """Pair the brackets from the top score group down (Art. 3-4 of C.04.3)."""
        n = self.n
        matched = [False] * n
        pbi: list[int] = []
        nxt = 0
        while nxt < n and self.score(nxt) >= self.score(0):
            pbi.append(nxt)
            nxt += 1
        sg_begin = sgb_vertex = 0
        guard = 0
        while len(pbi) > 1 or nxt < n:
            guard += 1
            if guard > 4 * n + 10:
                raise NoValidPairing("The bracket procedure did not terminate.")
            nsg_begin = len(pbi)
            group_start = nxt
            while nxt < n and self.score(nxt) >= self.score(group_start):
                pbi.append(nxt)
                nxt += 1
            br = _Bracket(pbi, sg_begin, nsg_begin, sgb_vertex, matched)
            self._open(br)
            self._choose_mdps(br)
            self._pair_mdps(br)
            self._find_remainder(br)
            self._exchange_s1_down(br)
            self._exchange_s2_up(br)
            self._fix_subgroups(br)
            self._pair_s1(br)
            pbi, sg_begin = self._move_down(br, group_start)
            sgb_vertex = br.nsgb_vertex

    def _open(self, br: _Bracket) -> None:
        """Compute the bracket's base weights and solve."""
        order, wt, g, pbi = self.order, self.wt, self.g, br.pbi
        br.base = _PairTable(len(pbi), br.sg_begin)
        for li in range(br.sg_begin, len(pbi)):
            lo = order[pbi[li]]
            for si in range(li):
                w = g.share(wt.edge(order[pbi[si]], lo, li < br.nsg_begin, li >= br.nsg_begin))
                br.base[(li, si)] = w
                g.set(pbi[li], pbi[si], w)
        g.begin_epoch(wt.layout_for([order[v] for v in pbi]))
        self.solve()
        self.sgb_vertex, self.nsgb_vertex, self.base = br.sgb_vertex, br.nsgb_vertex, br.base
        if self.explainer is not None:
            self.explainer.open(self, br)
        self.note(
            f"bracket score {self.score(br.sgb_vertex)}: MDPs {self.tpns(pbi[: br.sg_begin])}, "
            f"residents {self.tpns(pbi[br.sg_begin : br.nsg_begin])}, "
            f"next {self.tpns(pbi[br.nsg_begin :])}"
        )

    def _choose_mdps(self, br: _Bracket) -> None:
        """Which moved-down players get paired in this bracket (C6, C7), in order."""
        g, pbi, base, matched = self.g, br.pbi, br.base, br.matched
        resident = self._resident
        md_score = None
        rem = rem_matched = 0
        for pi in range(br.sg_begin):
            if pi == 0 or self.score(pbi[pi]) < md_score:
                # A new MDP score: how many of them there are and how many can be paired.
                md_score = self.score(pbi[pi])
                rem = rem_matched = 0
                k = pi
                while k < len(pbi) and self.score(pbi[k]) >= md_score:
                    rem += 1
                    rem_matched += resident(pbi[k])
                    k += 1
            if not rem_matched:
                continue
            v = pbi[pi]
            if rem <= rem_matched:
                matched[v] = True
                continue
            rem -= 1
            if not resident(v):
                # Can v be paired as well? Try with a +1 on its edges to the residents.
                for oi in range(br.sg_begin, br.nsg_begin):
                    if base[(oi, pi)]:
                        g.set(v, pbi[oi], base[(oi, pi)], 1)
                self.solve()
            if resident(v):
                matched[v] = True
                rem_matched -= 1
                for oi in range(br.sg_begin, br.nsg_begin):
                    if base[(oi, pi)]:
                        g.set(v, pbi[oi], base[(oi, pi)], br.nsg_begin - br.sg_begin + 1)
        self.note(f"MDPs paired: {self.tpns(v for v in pbi[: br.sg_begin] if matched[v])}")

    def _pair_mdps(self, br: _Bracket) -> None:
        """Each paired MDP, in order, gets the highest resident still possible."""
        g, pbi, base, matched = self.g, br.pbi, br.base, br.matched
        for pi in range(br.sg_begin):
            v = pbi[pi]
            if not matched[v]:
                continue
            addend = len(pbi)
            before = max(
                (g.get_adjust(v, pbi[oi]) for oi in range(br.sg_begin, br.nsg_begin)), default=0
            )
            cands = [
                pbi[oi]
                for oi in range(br.nsg_begin - 1, br.sg_begin - 1, -1)
                if not matched[pbi[oi]] and base[(oi, pi)]
            ]
            best = cands[-1] if cands and addend + len(cands) - 1 > before else -1
            self.try_swap(v, best)
            for ov in cands:
                g.set(v, ov, g.get_base(v, ov), addend)
                addend += 1
            self.solve_unless(v, best)
            m = self.mate[v]
            if self.explainer is not None:
                self.explainer.chose(self, br, v, m)
            matched[m] = True
            self.finalize(v, m)

    def _find_remainder(self, br: _Bracket) -> None:
        """The remainder (residents not paired with MDPs), its pairs and needed exchanges."""
        mate, pbi = self.mate, br.pbi
        for pi in range(br.sg_begin, br.nsg_begin):
            v = pbi[pi]
            if mate[v] < br.sgb_vertex:
                continue
            br.remainder.append(pi)
            if mate[v] < v:
                br.rpairs += 1
        self.rpairs = br.rpairs
        remainder = br.remainder
        for o_pos, o_pi in enumerate(remainder):
            for p_pos in range(o_pos):
                p_pi = remainder[p_pos]
                w, adj = self._ewc(p_pi, o_pi, p_pos)
                self.g.set(pbi[p_pi], pbi[o_pi], w, adj)
        if not all(self._upper(pbi[pi]) for pi in remainder[: br.rpairs]):
            # Unless every S1 player already meets a different S2 player (no exchange, the
            # largest possible adjustment: the matching stays optimal), solve again.
            self.solve()
        if br.rpairs < len(remainder):
            s2_start = remainder[br.rpairs]
            br.exchanges = sum(not self._upper(pbi[pi]) for pi in remainder if pi < s2_start)
        self.note(
            f"remainder {self.tpns(pbi[i] for i in remainder)}, pairs {br.rpairs}, "
            f"exchanges {br.exchanges}"
        )

    def _exchange_s1_down(self, br: _Bracket) -> None:
        """S1 players to move into S2: the lowest possible first (``-1`` on staying)."""
        g, pbi, base, remainder = self.g, br.pbi, br.base, br.remainder
        upper = self._upper
        remaining = br.exchanges
        k = br.rpairs
        while k > 0 and remaining:
            k -= 1
            p_pi = remainder[k]
            v = pbi[p_pi]
            if upper(v):
                for ok in range(k + 1, len(remainder)):
                    w, adj = self._ewc(p_pi, remainder[ok], k)
                    if w:
                        g.set(v, pbi[remainder[ok]], w, adj - 1)
                self.solve()
            exchange = not upper(v)
            remaining -= exchange
            for ok in range(k + 1, len(remainder)):
                if exchange:
                    base[(remainder[ok], p_pi)] = 0
                w, adj = self._ewc(p_pi, remainder[ok], k)
                g.set(v, pbi[remainder[ok]], w, adj)

    def _exchange_s2_up(self, br: _Bracket) -> None:
        """S2 players to move into S1: the highest possible first (``+1`` on moving)."""
        g, pbi, base, remainder = self.g, br.pbi, br.base, br.remainder
        upper = self._upper
        remaining = br.exchanges
        for k in range(br.rpairs, len(remainder)):
            if remaining <= 1:
                break
            p_pi = remainder[k]
            v = pbi[p_pi]
            already = upper(v)
            if not already:
                for ok in range(k + 1, len(remainder)):
                    w, adj = self._ewc(p_pi, remainder[ok], k)
                    if w:
                        g.set(v, pbi[remainder[ok]], w, adj + 1)
                self.solve()
            if upper(v):
                remaining -= 1
                for ok in range(k):
                    base[(p_pi, remainder[ok])] = 0
                    g.set(v, pbi[remainder[ok]], 0)
                for oi in range(br.nsg_begin, len(pbi)):
                    base[(oi, p_pi)] = 0
                    g.set(v, pbi[oi], 0)
            if not already:
                for ok in range(k + 1, len(remainder)):
                    w, adj = self._ewc(p_pi, remainder[ok], k)
                    g.set(v, pbi[remainder[ok]], w, adj)

    def _fix_subgroups(self, br: _Bracket) -> None:
        """Fix who is in S1 and who in S2; drop the exchange-order adjustments."""
        g, pbi, base, remainder = self.g, br.pbi, br.base, br.remainder
        upper = self._upper
        for a, p_pi in enumerate(remainder):
            v = pbi[p_pi]
            for o_pi in remainder[a + 1 :]:
                ov = pbi[o_pi]
                if not upper(v) or upper(ov):
                    base[(o_pi, p_pi)] = 0
                g.set(v, ov, base[(o_pi, p_pi)])
        self.note(f"S1 {self.tpns(pbi[i] for i in remainder if upper(pbi[i]))}")
        if self.explainer is not None:
            self.explainer.subgroups(self, br)

    def _pair_s1(self, br: _Bracket) -> None:
        """Each S1 player in turn gets the highest S2 opponent still possible.

        When a solve is needed, the next S1 players' priorities are added at lower and lower
        scales (each player's priorities dominate all later ones): one solve then settles the
        opponents of several S1 players exactly, in the rules' order.
        """
        g, pbi, matched, mate = self.g, br.pbi, br.matched, self.mate
        remainder = br.remainder
        step = max(1, len(remainder).bit_length())
        # All priorities together, plus the +1 / +(residents+1) bonuses MDP edges may still
        # carry, must stay inside the room.
        reserve = (br.sg_begin * (br.nsg_begin - br.sg_begin + 2)).bit_length() + 1
        levels = max(1, (g.room() - reserve) // step)
        uppers = [q for q in remainder if self._upper(pbi[q])]
        settled: set[int] = set()  # S1 players whose opponent the last solve fixed exactly
        for k, p_pi in enumerate(uppers):
            v = pbi[p_pi]
            if v not in settled:
                raised = self._s1_candidates(p_pi, remainder, pbi, matched)
                best = raised[-1][0] if raised and raised[-1][2] > 0 else -1
                self.try_swap(v, best)
                if best < 0 or mate[v] != best:
                    for level, q_pi in enumerate(uppers[k : k + levels]):
                        shift = step * (levels - 1 - level)
                        if level:
                            raised = self._s1_candidates(q_pi, remainder, pbi, matched)
                        for ov, w, add in raised:
                            g.set(pbi[q_pi], ov, w, add << shift)
                    self.solve()
                    settled = {pbi[q] for q in uppers[k + 1 : k + levels]}
            m = mate[v]
            if self.explainer is not None:
                self.explainer.chose(self, br, v, m)
            matched[v] = matched[m] = True
            self.finalize(v, m)

    def _move_down(self, br: _Bracket, group_start: int) -> tuple[list[int], int]:
        """The next bracket's players (unpaired ones move down) and its number of MDPs."""
        n, wt, matched = self.n, self.wt, br.matched
        if self.explainer is not None:
            self.explainer.close(self, br)
        new_pbi: list[int] = []
        sg_begin = 0
        single = n % 2 == 1 and group_start < n and wt.bye_score >= self.score(group_start)
        for pi, v in enumerate(br.pbi):
            if pi < br.nsg_begin and matched[v]:
                continue
            new_pbi.append(v)
            if pi < br.nsg_begin:
                sg_begin += 1
            if single and self.score(self.mate[v]) < self.score(group_start):
                single = False
        wt.single_downfloater_bye = single
        return new_pbi, sg_begin


class _PairTable:
    """Base weights of a bracket by ``(larger index, smaller index)`` into its ``pbi``.

    Behaves like the dictionary it replaces, but keeps the rows from ``first_row`` on as lists
    (a bracket of 2,000 players has two million pairs: a dictionary of tuple keys took several
    hundred megabytes). Any other key lives in a small dictionary.
    """

    __slots__ = ("first_row", "other", "rows")

    def __init__(self, size: int, first_row: int = 0) -> None:
        self.first_row = first_row
        self.rows: list[list[int]] = [[0] * li if li >= first_row else [] for li in range(size)]
        self.other: dict[tuple[int, int], int] = {}

    def __getitem__(self, key: tuple[int, int]) -> int:
        a, b = key
        if a > b and a >= self.first_row:
            return self.rows[a][b]
        return self.other[key]

    def __setitem__(self, key: tuple[int, int], value: int) -> None:
        a, b = key
        if a > b and a >= self.first_row:
            self.rows[a][b] = value
        else:
            self.other[key] = value


@dataclass
class _Bracket:
    """One pairing bracket while it is paired.

    ``pbi`` lists vertices: the MDPs (``pbi[:sg_begin]``), the residents
    (``pbi[sg_begin:nsg_begin]``) and the next score group (``pbi[nsg_begin:]``); residents
    and the next group are consecutive vertices from ``sgb_vertex``. ``base`` holds base weights
    by ``(larger index, smaller index)`` into ``pbi``; ``remainder`` indexes into ``pbi``.
    """

    pbi: list[int]
    sg_begin: int
    nsg_begin: int
    sgb_vertex: int
    matched: list[bool]
    base: _PairTable = field(default_factory=lambda: _PairTable(0))
    remainder: list[int] = field(default_factory=list)
    rpairs: int = 0
    exchanges: int = 0

    @property
    def nsgb_vertex(self) -> int:
        """First vertex of the next score group."""
        return self.sgb_vertex + (self.nsg_begin - self.sg_begin)


def inferred_initial_colour(state: TournamentState) -> str | None:
    """The round-1 initial colour implied by the history (None before any colour was given).

    Take the first round in which anybody had a colour; number the players who had been
    paired by then in TPN order; the first of them with a colour in that round had the initial
    colour if its number is even (0-based), the other one if odd. A recorded history thus
    wins over ``XXC`` (they agree in any consistent file).
    """
    played = state.round_to_pair - 1
    first = min(
        (
            i
            for ps in state.players
            for i, r in enumerate(ps.history[:played])
            if r.colour is not None
        ),
        default=None,
    )
    if first is None:
        return None
    number = 0
    for ps in sorted(state.players, key=lambda q: q.tpn):
        if not any(participated(r) for r in ps.history[: first + 1]):
            continue
        colour = ps.history[first].colour
        if colour is not None:
            return colour if number % 2 == 0 else invert(colour)
        number += 1
    return None


def _board_order(ctx: Context, pairs: list[tuple[Player, Player]]) -> list[tuple[Player, Player]]:
    def key(pair: tuple[Player, Player]):
        w, b = pair
        hi, lo = (b, w) if (w.score, b.rank) < (b.score, w.rank) else (w, b)
        return (-hi.score, -lo.score, hi.rank)

    return sorted(pairs, key=key)


def pair_round(state: TournamentState, *, explain: bool = False) -> PairingResult:
    """Pair ``state.round_to_pair`` by the FIDE Dutch system (2026 rules).

    ``explain=True`` also records why (``PairingResult.explanation``, built by
    :mod:`rules.pairing.dutch_why` from the engine's own decisions and weights); the pairing is
    the same either way.
    """
    ctx = prepare(state)
    if not ctx.present:
        return PairingResult()
    if len(ctx.present) == 1:
        only = ctx.present[0]
        if not only.bye_eligible:
            return PairingResult(ok=False, message="The only player present cannot get the bye.")
        return PairingResult(bye=only.tpn)
    pairer = _Pairer(ctx)
    if explain:
        pairer.explainer = Explainer(ctx)
    try:
        vpairs, bye_v = pairer.run()
    except NoValidPairing as exc:
        return PairingResult(ok=False, message=str(exc))
    initial = inferred_initial_colour(state) or state.initial_colour or WHITE
    coloured = []
    rules: dict[tuple[int, int], str] = {}
    for a, b in vpairs:
        pa, pb = pairer.order[a], pairer.order[b]
        first, second = (pa, pb) if pa.tpn < pb.tpn else (pb, pa)
        colour, rule = colour_rule(first, second, initial)
        pair = (first, second) if colour == WHITE else (second, first)
        coloured.append(pair)
        rules[(pair[0].tpn, pair[1].tpn)] = rule
    ordered = _board_order(ctx, coloured)
    bye = pairer.order[bye_v].tpn if bye_v is not None else None
    pairs = tuple((w.tpn, b.tpn) for w, b in ordered)
    explanation = None
    if explain:
        explanation = pairer.explainer.result(pairer, pairs, rules, bye)
    return PairingResult(pairs=pairs, bye=bye, explanation=explanation)

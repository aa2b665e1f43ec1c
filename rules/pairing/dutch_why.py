"""Why the Dutch engine paired a round as it did, and how a pairing changed by hand compares.

Pure module (no Django). :class:`Explainer` is switched on by
``rules.pairing.dutch.pair_round(state, explain=True)``: the engine calls it at each of its own
decisions (a bracket opened, an opponent chosen, a bracket closed) and it records, per bracket,
the score group, its moved-down players and residents, who floated down and the criterion that
made them float; per board, the colour rule of Art. 5.2 that gave the colours and, where the
engine did not give a player the first opponent the rules' order offers, the criterion that
decided against it (``"floated"`` when that opponent floated down from the bracket and no
criterion of the pair itself decided: its float, told with its own criterion, is the reason).
A criterion is found with the engine's own edge weights (one bit-field per criterion,
``rules.pairing.dutch.Weights``): the best pairing of the bracket's players with the
alternative forced (and, once S1 and S2 are fixed, only S1-S2 pairs in the remainder, as the
engine's weights then allow) is solved with the weights the engine used, and the first
criterion on which it is worse than the engine's pairing decided. Off, nothing of this runs.

A pairing changed by hand is compared with the engine's by :mod:`rules.pairing.dutch_check`.

The explanation is plain data (JSON): player numbers (TPN), scores in points, criterion names
(``"C12"``), colour rules (``"5.2.3"``); the pages put it into words.
"""

from __future__ import annotations

from typing import Any

from rules.pairing.players import Player

#: Above this many players present the forced solves are skipped (the explanation then names
#: the floaters and the colour rules, not the criteria): each one solves a matching again.
ANALYSE_LIMIT = 200
#: The most in-bracket partners tried for one floater.
PARTNERS_TRIED = 12

#: A criterion named by a field of the engine's weights.
_FIELD_CRITERION = {"C8n": "C8", "C8s": "C8"}


def _points(tenths: int) -> float:
    return tenths / 10


def _preference(p: Player) -> dict[str, Any]:
    kind = (
        "absolute"
        if p.absolute
        else "strong"
        if p.strong
        else "mild"
        if p.pref is not None
        else "none"
    )
    return {"colour": p.pref, "kind": kind, "difference": p.imbalance}


class _Snapshot:
    """The graph as a bracket opened: its vertices and edges, full and packed weights."""

    def __init__(self, pairer: Any, vertices: list[int]) -> None:
        g = pairer.g
        self.vertices = vertices
        self.full: dict[tuple[int, int], int] = {}
        self.packed: list[tuple[int, int, int]] = []
        for ia in range(1, len(vertices)):
            a = vertices[ia]
            for ib in range(ia):
                b = vertices[ib]
                w = g.get_base(a, b)
                if w:
                    self.full[(a, b)] = w
                    self.packed.append((a, b, g.packed_base(a, b)))
        self.fast = g.packed

    def weight(self, a: int, b: int) -> int:
        return self.full.get((a, b) if a > b else (b, a), 0)

    def best(
        self, forced: list[tuple[int, int]], banned: frozenset[tuple[int, int]] = frozenset()
    ) -> list:
        """The best matching with ``forced`` pairs and without the ``banned`` edges
        (``(larger, smaller)`` vertices)."""
        gone = {v for pair in forced for v in pair}
        edges = []
        for a, b, w in self.packed:
            if a in gone or b in gone or (a, b) in banned:
                continue
            edges.append((a, b, w))
        if self.fast:
            import rustworkx as rx

            graph = rx.PyGraph(multigraph=False)
            graph.add_nodes_from(range(max(self.vertices) + 1))
            graph.add_edges_from(edges)
            pairs = list(rx.max_weight_matching(graph, max_cardinality=False, weight_fn=int))
        else:
            import networkx as nx

            graph = nx.Graph()
            for a, b, w in edges:
                graph.add_edge(a, b, weight=w)
            pairs = list(nx.max_weight_matching(graph, maxcardinality=False))
        return [*forced, *pairs]


class Explainer:
    """Records the engine's decisions while it pairs (see the module docstring)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.analyse = len(ctx.present) <= ANALYSE_LIMIT
        self.brackets: list[dict[str, Any]] = []
        self.fixed: list[tuple[int, int]] = []
        self.pair_bracket: dict[frozenset[int], int] = {}
        self.choices: dict[frozenset[int], dict[str, Any]] = {}
        self.deferred: list[tuple[str, dict[str, Any], Any]] = []
        self.snapshot: _Snapshot | None = None
        self.s2: list[int] = []
        self.banned: frozenset[tuple[int, int]] = frozenset()
        self.bracket_fixed = 0

    # -- hooks the engine calls ----------------------------------------------------------------
    def paired(self, a: int, b: int) -> None:
        self.fixed.append((a, b))
        self.pair_bracket[frozenset((a, b))] = len(self.brackets) - 1

    def open(self, pairer: Any, br: Any) -> None:
        tpns = pairer.tpns
        self.brackets.append(
            {
                "score": _points(pairer.score(br.sgb_vertex)) if br.sgb_vertex < pairer.n else None,
                "moved_down": tpns(br.pbi[: br.sg_begin]),
                "residents": tpns(br.pbi[br.sg_begin : br.nsg_begin]),
                "floaters": [],
                "exchanges": 0,
            }
        )
        self.bracket_fixed = len(self.fixed)
        self.s2 = []
        self.snapshot = None
        if self.analyse:
            active = [v for v in range(pairer.n) if pairer.g.active[v]]
            self.snapshot = _Snapshot(pairer, active)

    def subgroups(self, pairer: Any, br: Any) -> None:
        """S1 and S2 of the remainder are fixed: S2 in order, the exchanges made."""
        pbi = br.pbi
        self.s2 = [pbi[i] for i in br.remainder if not pairer._upper(pbi[i])]
        self.brackets[-1]["exchanges"] = br.exchanges
        # From now on the remainder pairs only an S1 player with a later S2 player, as the
        # engine's own weights say (``_fix_subgroups``): the forced solves do the same.
        members = [pbi[i] for i in br.remainder]
        upper = {v for v in members if v not in self.s2}
        self.banned = frozenset(
            (max(a, b), min(a, b))
            for i, a in enumerate(members)
            for b in members[i + 1 :]
            if a not in upper or b in upper
        )

    def chose(self, pairer: Any, br: Any, v: int, m: int) -> None:
        """``v`` (an MDP or an S1 player) gets ``m``: which opponent came first in the order."""
        pbi, matched = br.pbi, br.matched
        banned: frozenset[tuple[int, int]] = frozenset()
        if v in pbi[: br.sg_begin]:
            candidates = [pbi[i] for i in range(br.sg_begin, br.nsg_begin)]
        else:
            candidates, banned = self.s2, self.banned
        natural = next((o for o in candidates if not matched[o] and o != v), None)
        if natural is None or natural == m:
            return
        record: dict[str, Any] = {
            "player": pairer.order[v].tpn,
            "first": pairer.order[natural].tpn,
            "criterion": None,
        }
        self.choices[frozenset((v, m))] = record
        if self.snapshot is None:
            return
        if not self.snapshot.weight(v, natural):
            record["criterion"] = self._illegal(pairer, v, natural)
            return
        forced = [*self.fixed[self.bracket_fixed :], (v, natural)]
        self.deferred.append(("choice", record, (self.snapshot, forced, banned)))

    def close(self, pairer: Any, br: Any) -> None:
        """The bracket is paired: its unpaired players float down."""
        pbi, matched = br.pbi, br.matched
        inside = [pbi[i] for i in range(br.nsg_begin)]
        size = len(inside)
        for f in inside:
            if matched[f]:
                continue
            entry: dict[str, Any] = {
                "player": pairer.order[f].tpn,
                "moved_down": f in pbi[: br.sg_begin],
                "odd": size % 2 == 1,
                "criterion": None,
                "met": [],
            }
            self.brackets[-1]["floaters"].append(entry)
            snap = self.snapshot
            if snap is None:
                continue
            partners = [x for x in inside if x != f and snap.weight(f, x)]
            if not partners:
                others = [x for x in inside if x != f]
                reasons = {self._illegal(pairer, f, x) for x in others}
                entry["criterion"] = "C3" if "C3" in reasons else "C1" if reasons else "C6"
                entry["met"] = [
                    pairer.order[x].tpn
                    for x in others
                    if pairer.order[x].tpn in pairer.order[f].opponents
                ]
                continue
            self.deferred.append(("float", entry, (snap, f, partners[:PARTNERS_TRIED])))

    # -- the answer --------------------------------------------------------------------------
    def result(
        self,
        pairer: Any,
        pairs: tuple[tuple[int, int], ...],
        rules: dict[tuple[int, int], str],
        bye: int | None,
    ) -> dict[str, Any]:
        mate = pairer.mate
        for kind, record, data in self.deferred:
            if kind == "choice":
                snap, forced, banned = data
                record["criterion"] = self._decider(pairer, snap, mate, [snap.best(forced, banned)])
            else:
                snap, f, partners = data
                tries = [snap.best([(f, x)]) for x in partners]
                record["criterion"] = self._decider(pairer, snap, mate, tries)
        # A first opponent who floated down: the float (told on its own) decided, not a tie.
        floaters = {f["player"] for b in self.brackets for f in b["floaters"]}
        for record in self.choices.values():
            if record["criterion"] == "order" and record["first"] in floaters:
                record["criterion"] = "floated"
        vertex = {p.tpn: v for v, p in enumerate(pairer.order)}
        boards = []
        for white, black in pairs:
            pw, pb = self.ctx.by_tpn[white], self.ctx.by_tpn[black]
            key = frozenset((vertex[white], vertex[black]))
            hi, lo = (pw, pb) if (pw.acc_score, pb.rank) > (pb.acc_score, pw.rank) else (pb, pw)
            floated = hi.acc_score != lo.acc_score
            boards.append(
                {
                    "white": white,
                    "black": black,
                    "bracket": self.pair_bracket.get(key),
                    "scores": [_points(pw.acc_score), _points(pb.acc_score)],
                    "downfloater": hi.tpn if floated else None,
                    "upfloater": lo.tpn if floated else None,
                    "colour_rule": rules.get((white, black), ""),
                    "preferences": [_preference(pw), _preference(pb)],
                    "choice": self.choices.get(key),
                }
            )
        return {
            "system": "dutch",
            "analysed": self.analyse,
            "pairs": [list(p) for p in pairs],
            "bye": self._bye(bye),
            "brackets": self.brackets,
            "boards": boards,
        }

    def _bye(self, bye: int | None) -> dict[str, Any] | None:
        if bye is None:
            return None
        player = self.ctx.by_tpn[bye]
        lower = [p for p in self.ctx.present if p.acc_score <= player.acc_score and p.tpn != bye]
        return {
            "player": bye,
            "score": _points(player.acc_score),
            "had_bye": sorted(p.tpn for p in lower if not p.bye_eligible),
            "lowest": all(p.acc_score >= player.acc_score for p in self.ctx.present),
        }

    # -- helpers -----------------------------------------------------------------------------
    def _illegal(self, pairer: Any, a: int, b: int) -> str:
        """Why ``a`` and ``b`` cannot meet: ``C1`` (met, or a forbidden pair), ``C3``."""
        pa, pb = pairer.order[a], pairer.order[b]
        if frozenset((pa.tpn, pb.tpn)) in self.ctx.forbidden:
            return "C1"
        return "C3"

    def _vector(self, pairer: Any, snap: _Snapshot, pairs) -> tuple[list[str], list[int]]:
        """(field names, totals) of a matching, most significant first."""
        wt = pairer.wt
        names = ["top"]
        totals = [0]
        layout: list[tuple[str, int, int]] = []
        for name, kind, _ in wt.spec:
            pos = wt.pos[name]
            if kind == "S":
                for off, width in reversed(wt.slots):
                    layout.append((name, pos + off, width))
            else:
                layout.append((name, pos, 2 * wt.B if kind == "2B" else wt.B))
        names += [name for name, _, _ in layout]
        totals += [0] * len(layout)
        count = 0
        for a, b in pairs:
            w = snap.weight(a, b)
            if not w:
                continue
            count += 1
            totals[0] += w >> wt.top
            for i, (_, pos, width) in enumerate(layout, start=1):
                totals[i] += (w >> pos) & ((1 << width) - 1)
        return ["pairs", *names], [count, *totals]

    def _decider(self, pairer: Any, snap: _Snapshot, mate: list[int], tries: list) -> str:
        """The first criterion on which the best of ``tries`` is worse than the engine's."""
        members = set(snap.vertices)
        actual = [(v, mate[v]) for v in snap.vertices if v < mate[v] and mate[v] in members]
        names, mine = self._vector(pairer, snap, actual)
        best = max((self._vector(pairer, snap, t)[1] for t in tries), default=None)
        if best is None:
            return "order"
        for name, a, b in zip(names, mine, best, strict=True):
            if a == b:
                continue
            if a < b:
                return "order"
            if name in ("pairs", "top"):
                return "C4" if name == "pairs" else "C5"
            return _FIELD_CRITERION.get(name, name)
        return "order"

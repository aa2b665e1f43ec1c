"""Maximum-weight matching over lexicographic bit-field weights.

The Dutch engine expresses every pairing criterion as a bit-field of one big integer edge
weight (see ``docs/pairing.md``). Such weights can be several hundred bits wide, while the fast
matcher (``rustworkx``, Rust, 128-bit integers) takes weights below about 2**126. While one
bracket is paired (an "epoch") the graph therefore re-packs the weights: it drops the fields
that are zero on every edge, narrows the others to the range their sum over a matching can
take (the bounds come from the engine's ``Layout``), and keeps the lowest bits as room for
adjustments, widened by whatever the fields leave free. Fields never carry into each other, so
the order of matchings by total weight is unchanged. If the packed weights still do not fit,
the exact pure-Python ``networkx`` matcher is used with the full integers.

Every weight is stored as ``base + adjust``: ``base`` is a bit-field value whose lowest
``room`` bits are zero, ``adjust`` a small signed number living in those low bits (the engine's
tie-breaking adjustments). Only ``base`` is re-packed.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Packed weights must stay below 2**FAST_LIMIT_BITS to use rustworkx (it fails from 127 bits).
FAST_LIMIT_BITS = 125

#: Most distinct weights remembered for sharing equal int objects between edges.
_SHARED_LIMIT = 1 << 16


@dataclass(frozen=True)
class Layout:
    """Where the bit-fields sit in a base weight.

    ``fields`` are ``(position, width, packed_width, ref)`` of independent fields below
    ``top``; everything from bit ``top`` upwards is the most significant field. A field's packed
    value is its value minus the one-bit value at position ``ref`` (if ``ref >= 0``), and
    ``packed_width`` bits hold the range of its sum over any matching of the graph while the
    layout is in use (a field may thus shrink, or vanish with width 0). Fields are compared
    from the top down, so the order of matchings by total weight is kept as long as higher
    fields are never changed by a lower one. The lowest ``room`` bits are reserved for
    adjustments and are always kept.
    """

    fields: tuple[tuple[int, int, int, int], ...]
    top: int
    room: int


class MatchingGraph:
    """A complete graph on ``n`` vertices whose edge weights change between solves.

    Within an epoch (see :meth:`begin_epoch`) the packed rustworkx graph is kept and only the
    edges changed since the last solve are updated, so a solve costs little Python work.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        # Lower triangles (row a holds the edges a-b, b < a): no per-edge key objects, and
        # equal weights share one int (see share), so memory stays near 16 bytes per edge.
        self.base: list[list[int]] = [[0] * a for a in range(n)]
        self.adjust: list[list[int]] = [[0] * a for a in range(n)]
        self._shared: dict[int, int] = {}
        self.active = [True] * n
        self.layout: Layout | None = None
        self._kept: tuple[tuple[int, int, int, int], ...] | None = None
        self._newtop = 0
        self._room = 0
        self._low_mask = 0
        self._rx = None  # rustworkx.PyGraph of the epoch, node index = vertex
        self._dirty: set[tuple[int, int]] = set()
        self._too_wide = False
        self.solves = 0
        self.slow_solves = 0

    def begin_epoch(self, layout: Layout | None) -> None:
        """Start a series of solves in which base weights are only kept or set to zero.

        ``layout=None`` means weights are used as they are.
        """
        self.layout = layout
        self._kept = None
        self._rx = None
        self._dirty.clear()
        self._too_wide = False

    def room(self) -> int:
        """Bits available for adjustments in the current epoch (after its first solve).

        With packed weights, bits the fields leave unused below the rustworkx limit are added
        to the layout's room; otherwise it is the layout's own room.
        """
        if self.layout is None:
            return 0
        if self._rx is not None and self._kept is not None:
            return self._room
        return self.layout.room

    # -- edges -----------------------------------------------------------------------------
    def set(self, a: int, b: int, base: int, adjust: int = 0) -> None:
        """Set the weight of edge ``a``–``b`` to ``base + adjust``."""
        if a < b:
            a, b = b, a
        self.base[a][b] = self.share(base)
        self.adjust[a][b] = self.share(adjust)
        if self._rx is not None:
            self._dirty.add((a, b))

    def share(self, value: int) -> int:
        """``value``, as the int object already stored for an equal value if there is one."""
        shared = self._shared
        got = shared.get(value)
        if got is None:
            if len(shared) >= _SHARED_LIMIT:
                shared.clear()
            shared[value] = got = value
        return got

    def get_base(self, a: int, b: int) -> int:
        """The base part of the weight of ``a``–``b``."""
        if a < b:
            a, b = b, a
        return self.base[a][b]

    def get_adjust(self, a: int, b: int) -> int:
        """The adjustment part of the weight of ``a``–``b``."""
        return self.adjust[a][b] if a > b else self.adjust[b][a]

    def packed_base(self, a: int, b: int) -> int:
        """The base weight of ``a``-``b`` as the current epoch's solves compare it (packed,
        without the adjustment), or the full base weight when the epoch is not packed.

        Packed weights order matchings as the full ones do (see :class:`Layout`), so a caller
        may solve its own variants of the graph with them (``rules.pairing.dutch_why``)."""
        if a < b:
            a, b = b, a
        if not self.base[a][b] or self._rx is None or self._kept is None:
            return self.base[a][b]
        return self._pack(a, b) - self.adjust[a][b]

    @property
    def packed(self) -> bool:
        """The current epoch solves with packed weights (rustworkx)."""
        return self._rx is not None and self._kept is not None

    def remove(self, v: int) -> None:
        """Take ``v`` out of all later solves (its pair has been fixed)."""
        self.active[v] = False
        if self._rx is not None:
            self._rx.remove_node(v)

    # -- solving ---------------------------------------------------------------------------
    def solve(self) -> list[int]:
        """A maximum-weight matching of the active vertices: ``mate[v]`` (``v`` if unmatched).

        Entries of inactive vertices are ``-1``.
        """
        self.solves += 1
        act = [v for v in range(self.n) if self.active[v]]
        mate = [-1] * self.n
        for v in act:
            mate[v] = v
        if len(act) < 2:
            return mate
        if self._rx is None and not self._too_wide:
            self._build(act)
        elif self._rx is not None and self._dirty:
            self._update()
        if self._rx is None:
            self.slow_solves += 1
            pairs = self._solve_networkx(act)
        else:
            import rustworkx as rx

            pairs = rx.max_weight_matching(self._rx, max_cardinality=False, weight_fn=int)
        for a, b in pairs:
            mate[a] = b
            mate[b] = a
        return mate

    def _pack(self, a: int, b: int) -> int:
        """The packed weight of edge ``a``-``b`` (``a > b``), 0 if there is no edge."""
        w = self.base[a][b]
        if not w:
            return 0
        layout = self.layout
        if layout is None:
            packed = w
        elif not w & self._low_mask:
            packed = (w >> layout.top) << self._newtop  # only the top field is set
        else:
            packed = (w >> layout.top) << self._newtop
            for mask, p, q, ref in self._kept:
                value = (w >> p) & mask
                if ref >= 0:
                    value -= (w >> ref) & 1
                if value:
                    packed += value << q
        return packed + self.adjust[a][b]

    def _build(self, act: list[int]) -> None:
        """Pack every edge of the epoch into a new rustworkx graph (or note it is too wide)."""
        import rustworkx as rx

        if self.layout is not None:
            self._plan(act, self.layout)
            if self._newtop > FAST_LIMIT_BITS:
                self._too_wide = True
                return
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(self.n))
        for v in range(self.n):
            if not self.active[v]:
                g.remove_node(v)
        share = self.share
        widest = 0
        for ia in range(1, len(act)):
            # One row at a time: the whole edge list of a large bracket would cost gigabytes.
            a = act[ia]
            edges = []
            for ib in range(ia):
                b = act[ib]
                w = self._pack(a, b)
                if w:
                    edges.append((a, b, share(w)))
                    widest = max(widest, w)
            if widest.bit_length() > FAST_LIMIT_BITS:
                self._too_wide = True
                return
            g.add_edges_from(edges)
        self._rx = g
        self._dirty.clear()

    def _update(self) -> None:
        """Apply the edges changed since the last solve to the rustworkx graph."""
        g = self._rx
        for a, b in self._dirty:
            if not (self.active[a] and self.active[b]):
                continue
            w = self._pack(a, b)
            if w.bit_length() > FAST_LIMIT_BITS:
                self._rx = None
                self._too_wide = True
                break
            if w:
                if g.has_edge(a, b):
                    g.update_edge(a, b, w)
                else:
                    g.add_edge(a, b, w)
            elif g.has_edge(a, b):
                g.remove_edge(a, b)
        self._dirty.clear()

    def _plan(self, act: list[int], layout: Layout) -> None:
        """Choose the fields to keep and their packed widths for this epoch."""
        base = self.base
        orv = 0
        for ia in range(1, len(act)):
            row = base[act[ia]]
            for ib in range(ia):
                orv |= row[act[ib]]
        chosen = []
        upper = (orv >> layout.top).bit_length()
        for pos, width, packed, ref in sorted(layout.fields):
            if not packed or not (orv >> pos) & ((1 << width) - 1):
                continue
            chosen.append((width, pos, packed, ref))
            upper += packed
        # Unused bits below the limit widen the room for adjustments (see room()).
        self._room = max(layout.room, FAST_LIMIT_BITS - 3 - upper)
        kept = []
        newpos = self._room
        for width, pos, packed, ref in chosen:
            kept.append(((1 << width) - 1, pos, newpos, ref))
            newpos += packed
        self._kept = tuple(kept)
        self._newtop = newpos
        self._low_mask = (1 << layout.top) - 1

    def _solve_networkx(self, act: list[int]) -> list[tuple[int, int]]:
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(act)
        for ia in range(1, len(act)):
            a = act[ia]
            row = self.base[a]
            for ib in range(ia):
                b = act[ib]
                w = row[b]
                if w:
                    g.add_edge(a, b, weight=w + self.adjust[a][b])
        return list(nx.max_weight_matching(g, maxcardinality=False))

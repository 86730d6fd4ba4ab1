"""Line of sight between units on round bases, vectorised with numpy.

Same question and same sampled lines as engine.table.geometry.los_exact (the
reference; tests compare the two), asked for all model pairs at once:

1. which models touch which blocking pieces (a piece a model touches does
   not block that model's lines: it sees out of the wood it stands in);
2. for every viewer/target pair of models, the piece edges and blocking
   bases whose boxes meet the pair's box; a pair with none has sight;
3. the centre-to-centre line of every pair against its candidates: any
   clear?
4. otherwise 25 lines per pair (five points across each base, square to
   the line between their centres): any clear?

A line is blocked by a piece when it properly crosses one of its edges
(the ends of a sampled line lie outside every piece still in play, so
crossing an edge is entering it), and by a blocking base when it passes
closer to that base's centre than its radius.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

if TYPE_CHECKING:
    from engine.table.geometry import Foot, Piece     # geometry imports this module


_K = np.array([0.0, 1.0, -1.0, 0.5, -0.5])


def _edge_array(p: Any) -> np.ndarray:        # a terrain Piece (edges cached on it) or a Foot
    """x1 y1 x2 y2 minx miny maxx maxy per edge (cached on terrain pieces)."""
    piece = hasattr(p, "ring")      # a terrain piece (its edges are cached); else a rectangular base
    e = getattr(p, "_np_edges", None) if piece else None
    if e is None:
        ring = np.asarray(p.ring if piece else p.corners, dtype=float)
        a, b = np.roll(ring, 1, axis=0), ring
        e = np.concatenate([a, b, np.minimum(a, b), np.maximum(a, b)], axis=1)
        if piece:
            p._np_edges = e
    return e


def _blocked(S: np.ndarray, li: np.ndarray, ei: np.ndarray, ci: np.ndarray, lc: np.ndarray,
             E: np.ndarray, C: np.ndarray) -> np.ndarray:
    """Lines S (4 x N: x1, y1, x2, y2 rows); (li, ei): line/edge
    combinations to test (E: 4 x M); (lc, ci): line/circle combinations
    (C: 3 x K).  Which lines are blocked."""
    blocked = np.zeros(S.shape[1], dtype=bool)
    if len(li):
        ax, ay, bx, by = S[0][li], S[1][li], S[2][li], S[3][li]
        x1, y1, x2, y2 = E[0][ei], E[1][ei], E[2][ei], E[3][ei]
        ex, ey = x2 - x1, y2 - y1
        o1 = ex * (ay - y1) - ey * (ax - x1)
        o2 = ex * (by - y1) - ey * (bx - x1)
        sx, sy = bx - ax, by - ay
        o3 = sx * (y1 - ay) - sy * (x1 - ax)
        o4 = sx * (y2 - ay) - sy * (x2 - ax)
        blocked[li[(o1 * o2 < 0) & (o3 * o4 < 0)]] = True
    if len(lc):
        ax, ay, bx, by = S[0][lc], S[1][lc], S[2][lc], S[3][lc]
        cx, cy, cr = C[0][ci], C[1][ci], C[2][ci]
        dx, dy = bx - ax, by - ay
        L = dx * dx + dy * dy
        L[L == 0] = 1e-12
        t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / L, 0.0, 1.0)
        d2 = (ax + t * dx - cx) ** 2 + (ay + t * dy - cy) ** 2
        blocked[lc[d2 < (cr - 1e-6) ** 2]] = True
    return blocked


_PAIRS: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
_TERRAIN: dict[tuple[int, ...], tuple[tuple[Piece, ...], np.ndarray, list[int]]] = {}


def _terrain_edges(pieces: tuple[Piece, ...]) -> tuple[np.ndarray, list[int]]:
    """The stacked edge arrays of a set of terrain pieces (kept: terrain
    does not move)."""
    key = tuple(id(p) for p in pieces)
    hit = _TERRAIN.get(key)
    if hit is None or hit[0] != pieces:
        arrays = [_edge_array(p) for p in pieces]
        hit = (pieces, np.concatenate(arrays) if len(arrays) > 1 else arrays[0], [len(a) for a in arrays])
        if len(_TERRAIN) > 4096:
            _TERRAIN.clear()
        _TERRAIN[key] = hit
    return hit[1], hit[2]


def _pair_index(na: int, nb: int) -> tuple[np.ndarray, np.ndarray]:
    key = (na, nb)
    v = _PAIRS.get(key)
    if v is None:
        v = _PAIRS[key] = (np.repeat(np.arange(na), nb), np.tile(np.arange(na, na + nb), na))
    return v


def los_round(viewers: Sequence[Foot], targets: Sequence[Foot], terr: Sequence[Piece],
              feet: Sequence[Foot]) -> bool:
    """engine.table.geometry.los for viewers and targets on round bases."""
    polys = list(terr) + [f for f in feet if f.corners is not None]
    circles = [f for f in feet if f.corners is None]
    nt = len(terr)
    na, nb = len(viewers), len(targets)
    P = na * nb
    M = np.array([(f.x, f.y, f.r) for f in viewers] + [(f.x, f.y, f.r) for f in targets])
    pa, pb = _pair_index(na, nb)
    ax, ay, ar = M[pa, 0], M[pa, 1], M[pa, 2]
    bx, by, br = M[pb, 0], M[pb, 1], M[pb, 2]
    width = np.maximum(ar, br)
    lox, loy = np.minimum(ax, bx) - width, np.minimum(ay, by) - width
    hix, hiy = np.maximum(ax, bx) + width, np.maximum(ay, by) + width
    pe = ee = pc = cc = np.zeros(0, dtype=np.int64)
    if polys:
        if len(polys) == nt:
            E, piece_counts = _terrain_edges(tuple(terr))
        else:
            arrays = [_edge_array(p) for p in polys]
            E = np.concatenate(arrays) if len(arrays) > 1 else arrays[0]
            piece_counts = [len(a) for a in arrays]
        mask = ((E[:, 4] <= hix[:, None]) & (E[:, 6] >= lox[:, None])
                & (E[:, 5] <= hiy[:, None]) & (E[:, 7] >= loy[:, None]))
        if nt:
            every = [*viewers, *targets]
            touch = np.array([[t.touches(f) for t in terr] + [False] * (len(polys) - nt) for f in every])
            if touch.any():
                piece_of = np.repeat(np.arange(len(polys)), piece_counts)
                ex = touch[pa] | touch[pb]
                mask &= ~ex[:, piece_of]
        pe, ee = np.nonzero(mask)
        if len(pe):
            # keep edges that cross the centre line or end within the band
            # the pair's lines sweep (the boxes already bound it lengthwise)
            sx, sy = ax[pe], ay[pe]
            dx, dy = bx[pe] - sx, by[pe] - sy
            x1, y1, x2, y2 = E[ee, 0], E[ee, 1], E[ee, 2], E[ee, 3]
            c1 = dx * (y1 - sy) - dy * (x1 - sx)
            c2 = dx * (y2 - sy) - dy * (x2 - sx)
            w = width[pe] * np.hypot(dx, dy)
            keep = (c1 * c2 <= 0) | (np.abs(c1) <= w) | (np.abs(c2) <= w)
            pe, ee = pe[keep], ee[keep]
        ET = E[:, :4].T
    else:
        ET = np.zeros((4, 0))
    if circles:
        C = np.array([(f.x, f.y, f.r) for f in circles])
        mask = ((C[:, 0] - C[:, 2] <= hix[:, None]) & (C[:, 0] + C[:, 2] >= lox[:, None])
                & (C[:, 1] - C[:, 2] <= hiy[:, None]) & (C[:, 1] + C[:, 2] >= loy[:, None]))
        pc, cc = np.nonzero(mask)
        CT = C.T
    else:
        CT = np.zeros((3, 0))
    busy = np.zeros(P, dtype=bool)
    busy[pe] = True
    busy[pc] = True
    if not busy.all():
        return True
    # five points across each base, square to the centre line: 25 lines a pair
    dx, dy = bx - ax, by - ay
    L = np.hypot(dx, dy)
    L[L == 0] = 1.0
    nx, ny = -dy / L, dx / L
    K = _K[None, :]
    shape = (P, 5, 5)
    S2 = np.stack([np.broadcast_to((ax[:, None] + K * (ar * nx)[:, None])[:, :, None], shape).ravel(),
                   np.broadcast_to((ay[:, None] + K * (ar * ny)[:, None])[:, :, None], shape).ravel(),
                   np.broadcast_to((bx[:, None] + K * (br * nx)[:, None])[:, None, :], shape).ravel(),
                   np.broadcast_to((by[:, None] + K * (br * ny)[:, None])[:, None, :], shape).ravel()])
    k = np.arange(25)
    li = (pe[:, None] * 25 + k).ravel()
    ei = np.repeat(ee, 25)
    lc = (pc[:, None] * 25 + k).ravel()
    ci = np.repeat(cc, 25)
    return not _blocked(S2, li, ei, ci, lc, ET, CT).all()

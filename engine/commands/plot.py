"""The judge's picture (`judge --plot OUT.png`, and the map viewer's Judge
button): the map with heatmaps of where units died and where they stood
when each game was decided, who held each objective over time, and the
win rates with their 95% intervals.

matplotlib with the headless Agg backend: no window, no display needed.
"""
from __future__ import annotations

import io
import math
from collections import Counter

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402
from matplotlib.patches import Polygon  # noqa: E402

from engine.core.judging import Canvas  # noqa: E402
from engine.hex.grid import Layout  # noqa: E402

SEAT_COLOURS = ("#D62728", "#1F77B4", "#2CA02C", "#9467BD", "#FF7F0E", "#17BECF")
NOBODY = "#DDDDDD"
_HEX = Layout(1.0)


def plot_report(report: dict, canvas: Canvas | None, out) -> None:
    """Write the picture of a judge report to `out` (a path)."""
    fig = figure(report, canvas)
    fig.savefig(out, dpi=100)
    plt.close(fig)


def png_bytes(report: dict, canvas: Canvas | None, size: tuple[int, int] = (1400, 1000)) -> bytes:
    fig = figure(report, canvas, size)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return buf.getvalue()


def figure(report: dict, canvas: Canvas | None, size: tuple[int, int] = (1600, 1100)):
    fig, axes = plt.subplots(2, 2, figsize=(size[0] / 100, size[1] / 100))
    t = report["tournament"]
    fig.suptitle(f"{report['title']} on {report['scenario']}: {t['games']} games of {report['agent']}, "
                 f"{report['players']} players", fontsize=13)
    heat = report.get("heat") or {}
    objectives = heat.get("objectives") or []
    _map_panel(axes[0][0], canvas, heat.get("deaths") or [], objectives, "Where units died", "Reds")
    if canvas is not None and canvas.legend:
        from matplotlib.patches import Patch
        axes[0][0].legend(handles=[Patch(facecolor=c, alpha=0.6, label=n) for n, c in canvas.legend],
                          loc="upper right", bbox_to_anchor=(-0.01, 1.0), fontsize=7, framealpha=0.85, ncol=1)
    _map_panel(axes[0][1], canvas, heat.get("final") or [], objectives,
               "Where units stood when the game was decided", "Blues")
    _control_panel(axes[1][0], objectives, heat.get("control") or [], report["players"])
    _rates_panel(axes[1][1], t)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return fig


# ---- the map -----------------------------------------------------------------------------

def _hex_poly(q: float, r: float) -> list[tuple[float, float]]:
    return _HEX.corners((int(round(q)), int(round(r))))


def _map_panel(ax, canvas: Canvas | None, points: list, objectives: list, title: str, cmap: str) -> None:
    ax.set_title(f"{title} ({len(points)})", fontsize=11)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if canvas is None:
        ax.text(0.5, 0.5, "this game gives the judge no map\n(games/<id>/judge.py)", ha="center", va="center",
                transform=ax.transAxes)
        return
    if not points:
        ax.text(0.5, -0.04, "none in these games", ha="center", va="top", transform=ax.transAxes, fontsize=9)
    if canvas.kind == "hex":
        _hex_map(ax, canvas, points, cmap)
        for name, x, y in objectives:
            px, py = _HEX.to_pixel((int(round(x)), int(round(y))))
            ax.plot(px, py, marker="*", ms=13, mfc="gold", mec="black", zorder=5)
    else:
        _table_map(ax, canvas, points, cmap)
        for name, x, y in objectives:
            ax.plot(x, y, marker="*", ms=13, mfc="gold", mec="black", zorder=5)
    ax.invert_yaxis()


def _hex_map(ax, canvas: Canvas, points: list, cmap: str) -> None:
    cells = [a for a in canvas.areas if a.hex is not None]
    ax.add_collection(PolyCollection([_HEX.corners(a.hex) for a in cells], facecolors=[a.colour for a in cells],
                                     edgecolors="#FFFFFF", linewidths=0.3, alpha=0.45))
    counts = Counter((int(round(p[0])), int(round(p[1]))) for p in points)
    if counts:
        top = max(counts.values())
        cm = plt.get_cmap(cmap)
        hexes = list(counts)
        ax.add_collection(PolyCollection([_HEX.corners(h) for h in hexes],
                                         facecolors=[cm(0.25 + 0.75 * counts[h] / top) for h in hexes],
                                         edgecolors="none", alpha=0.85, zorder=3))
        _colourbar(ax, cm, top)
    xs = [c[0] for a in cells for c in _HEX.corners(a.hex)]
    ys = [c[1] for a in cells for c in _HEX.corners(a.hex)]
    if xs:
        ax.set_xlim(min(xs) - 0.5, max(xs) + 0.5)
        ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)


def _table_map(ax, canvas: Canvas, points: list, cmap: str) -> None:
    ax.add_patch(Polygon([(0, 0), (canvas.width, 0), (canvas.width, canvas.height), (0, canvas.height)],
                         closed=True, facecolor="#E8E4D8", edgecolor="#555555"))
    for a in canvas.areas:
        if len(a.ring) < 3:
            continue
        if a.outline:
            ax.add_patch(Polygon(a.ring, closed=True, fill=False, edgecolor=a.colour, linestyle="--", lw=1))
        else:
            ax.add_patch(Polygon(a.ring, closed=True, facecolor=a.colour, edgecolor="#333333", alpha=0.5, lw=0.5))
    if points:
        import numpy as np
        cell = max(1.0, max(canvas.width, canvas.height) / 36)
        nx, ny = max(1, math.ceil(canvas.width / cell)), max(1, math.ceil(canvas.height / cell))
        grid, _, _ = np.histogram2d([p[1] for p in points], [p[0] for p in points], bins=(ny, nx),
                                    range=((0, ny * cell), (0, nx * cell)))
        masked = np.ma.masked_where(grid == 0, grid)
        ax.imshow(masked, extent=(0, nx * cell, ny * cell, 0), cmap=cmap, alpha=0.8, zorder=3,
                  vmin=0, vmax=grid.max(), interpolation="nearest")
        _colourbar(ax, plt.get_cmap(cmap), int(grid.max()))
    ax.set_xlim(-1, canvas.width + 1)
    ax.set_ylim(-1, canvas.height + 1)


def _colourbar(ax, cm, top: int) -> None:
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    sm = ScalarMappable(norm=Normalize(0, max(1, top)), cmap=cm)
    cb = ax.figure.colorbar(sm, ax=ax, fraction=0.035, pad=0.01)
    cb.ax.tick_params(labelsize=8)
    cb.ax.yaxis.get_major_locator().set_params(integer=True)
    cb.set_label("units", fontsize=8)


# ---- objectives over time ------------------------------------------------------------------

def _control_panel(ax, objectives: list, control: list, players: int) -> None:
    ax.set_title("Who held each objective over the game", fontsize=11)
    if not control:
        ax.text(0.5, 0.5, "no objectives on this map", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return
    import numpy as np
    img = np.zeros((len(control), len(control[0]), 3))
    colours = [np.array(to_rgb(SEAT_COLOURS[p % len(SEAT_COLOURS)])) for p in range(players)]
    nobody = np.array(to_rgb(NOBODY))
    for i, obj in enumerate(control):
        for b, counts in enumerate(obj):
            total = sum(counts) or 1
            mix = sum((counts[p] / total) * colours[p] for p in range(min(players, len(counts) - 1)))
            img[i, b] = mix + (counts[-1] / total) * nobody
    ax.imshow(img, aspect="auto", interpolation="nearest")
    ax.set_yticks(range(len(control)), [o[0] for o in objectives[:len(control)]], fontsize=9)
    ax.set_xticks(range(len(control[0])), [f"{10 * b}%" for b in range(len(control[0]))], fontsize=8)
    ax.set_xlabel("share of the game played (colour: the holders' share of the time, grey: nobody)")
    for p in range(players):
        ax.plot([], [], "s", color=SEAT_COLOURS[p % len(SEAT_COLOURS)], label=f"seat {p + 1}")
    ax.legend(loc="upper right", fontsize=8, ncol=min(players, 4), framealpha=0.8)


# ---- win rates -----------------------------------------------------------------------------

def _rates_panel(ax, t: dict) -> None:
    rows = [(f"seat {s['seat']}", s, SEAT_COLOURS[(s["seat"] - 1) % len(SEAT_COLOURS)]) for s in t["seats"]]
    rows += [(s["side"], s, "#7F7F7F") for s in t.get("sides", [])]
    if "first_player" in t:
        rows.append(("first player", t["first_player"], "#000000"))
    ax.set_title(f"Win rate with 95% interval (Wilson), {t['games']} games", fontsize=11)
    ys = list(range(len(rows)))[::-1]
    for y, (label, s, colour) in zip(ys, rows):
        if not s["games"]:
            continue
        ax.barh(y, s["rate"], color=colour, alpha=0.6)
        ax.errorbar(s["rate"], y, xerr=[[s["rate"] - s["low"]], [s["high"] - s["rate"]]], fmt="none",
                    ecolor="black", capsize=4)
        ax.text(min(s["high"] + 0.02, 0.9), y, f"{s['wins']}/{s['games']}", va="center", fontsize=8)
    ax.axvline(t["fair_share"], color="black", linestyle="--", lw=1, label=f"fair share {t['fair_share']:.0%}")
    ax.set_yticks(ys, [r[0] for r in rows], fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games won")
    ax.legend(loc="lower right", fontsize=8)

"""The judge's picture (`judge --plot OUT.png`, and the map viewer's Judge
button), for a designer to read at a glance:

- one map per seat (or per place, when the run swapped the places):
  "Where seat 2's units died", a heatmap on the terrain with its scale in
  words, the objectives starred and named;
- "Where the games were decided": the hex or spot of each game's decisive
  loss (the loser's last), coloured by whose it was;
- one timeline per objective, named: the share of games each seat held it
  through the game, nobody in grey;
- "What went with winning": the causes (engine/commands/causes.py) ranked,
  each the difference in win rate with its 95% interval, coloured by the
  verdict;
- the win rates with their 95% intervals per seat, place and first player.

Everything is titled in words, never by ids.  matplotlib with the headless
Agg backend: no window, no display needed.
"""
from __future__ import annotations

import io
import math
import textwrap
from collections import Counter

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.patches import Patch, Polygon  # noqa: E402

from engine.core.judging import Canvas  # noqa: E402
from engine.hex.grid import Layout  # noqa: E402

SEAT_COLOURS = ("#D62728", "#1F77B4", "#2CA02C", "#9467BD", "#FF7F0E", "#17BECF")
SEAT_MAPS = ("Reds", "Blues", "Greens", "Purples", "Oranges", "GnBu")
NOBODY = "#CCCCCC"
VERDICT_COLOURS = {"goes with winning": "#2CA02C", "goes with losing": "#D62728",
                   "no clear link in these games": "#999999", "too few games to say": "#DDDDDD"}
MAPS_SHOWN = 4              # seats drawn one map each (more seats: the first four)
CAUSES_DRAWN = 12
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


def figure(report: dict, canvas: Canvas | None, size: tuple[int, int] = (2000, 1700)):
    """Three rows: a map per seat (or place) and where the games were
    decided; the objectives' timelines and the win rates; the causes."""
    t = report["tournament"]
    heat = report.get("heat") or {}
    players = report["players"]
    labels = heat.get("labels") or [f"seat {i + 1}" for i in range(players)]
    maps = min(players, MAPS_SHOWN)
    fig = plt.figure(figsize=(size[0] / 100, size[1] / 100))
    small = size[0] < 1500
    grid = fig.add_gridspec(3, maps + 1, height_ratios=(1.25, 1.0, 0.85), hspace=0.45, wspace=0.25)
    title = report.get("scenario_title") or report["scenario"]
    fig.suptitle(f"{report['title']} on {title}: {t['games']} games of the {report['agent']} computer player "
                 f"against itself, {players} players", fontsize=11 if small else 14)
    objectives = heat.get("objectives") or []
    deaths = heat.get("deaths") or []
    for i in range(maps):
        ax = fig.add_subplot(grid[0, i])
        mine = [p for p in deaths if p[2] == i]
        who = labels[i] if i < len(labels) else f"seat {i + 1}"
        name, _, where = who.partition(" (")
        where = f"{where.rstrip(')')}, " if where else ""
        _map_panel(ax, canvas, mine, objectives,
                   textwrap.fill(f"Where {_possessive(name)} units died ({where}{len(mine)} lost)",
                                 34 if small else 56), SEAT_MAPS[i % len(SEAT_MAPS)], "units lost on it")
        if i == 0 and canvas is not None and canvas.legend:
            ax.legend(handles=[Patch(facecolor=c, alpha=0.6, label=n) for n, c in canvas.legend],
                      loc="upper center", bbox_to_anchor=(0.5, -0.01), fontsize=7, framealpha=0.85, title="terrain",
                      title_fontsize=7, ncol=3 if small else 4)
    _decisive_panel(fig.add_subplot(grid[0, maps]), canvas, heat.get("decisive") or [], objectives, labels)
    half = max(1, (maps + 1) // 2)
    _timelines(fig, grid[1, 0:half], objectives, heat.get("control") or [], labels)
    _rates_panel(fig.add_subplot(grid[1, half:]), t, report.get("why") or {})
    _causes_panel(fig.add_subplot(grid[2, :]), (report.get("why") or {}).get("causes") or [])
    fig.subplots_adjust(left=0.2 if small else 0.16, right=0.97, top=0.93, bottom=0.07)
    return fig


def _possessive(who: str) -> str:
    return f"{who}'" if who.endswith("s") else f"{who}'s"


# ---- the map -----------------------------------------------------------------------------

def _map_panel(ax, canvas: Canvas | None, points: list, objectives: list, title: str, cmap: str,
               scale: str) -> None:
    ax.set_title(title, fontsize=10)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if canvas is None:
        ax.text(0.5, 0.5, "this game gives the judge no map\n(games/<id>/rules/judge.py)", ha="center", va="center",
                transform=ax.transAxes)
        return
    if not points:
        ax.text(0.5, -0.04, "none in these games", ha="center", va="top", transform=ax.transAxes, fontsize=9)
    if canvas.kind == "hex":
        _hex_map(ax, canvas, points, cmap, scale)
    else:
        _table_map(ax, canvas, points, cmap, scale)
    _objectives(ax, canvas, objectives)
    ax.invert_yaxis()


def _objectives(ax, canvas: Canvas, objectives: list) -> None:
    for name, x, y in objectives:
        px, py = _HEX.to_pixel((int(round(x)), int(round(y)))) if canvas.kind == "hex" else (x, y)
        ax.plot(px, py, marker="*", ms=13, mfc="gold", mec="black", zorder=5)
        ax.annotate(name, (px, py), xytext=(0, 9), textcoords="offset points", ha="center", fontsize=7,
                    zorder=6, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.75})


def _hex_cells(ax, canvas: Canvas) -> None:
    cells = [a for a in canvas.areas if a.hex is not None and not a.outline]
    ax.add_collection(PolyCollection([_HEX.corners(a.hex) for a in cells], facecolors=[a.colour for a in cells],
                                     edgecolors="#FFFFFF", linewidths=0.3, alpha=0.45))
    xs = [c[0] for a in cells for c in _HEX.corners(a.hex)]
    ys = [c[1] for a in cells for c in _HEX.corners(a.hex)]
    if xs:
        ax.set_xlim(min(xs) - 0.5, max(xs) + 0.5)
        ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)


def _hex_map(ax, canvas: Canvas, points: list, cmap: str, scale: str) -> None:
    _hex_cells(ax, canvas)
    counts = Counter((int(round(p[0])), int(round(p[1]))) for p in points)
    if counts:
        top = max(counts.values())
        cm = plt.get_cmap(cmap)
        hexes = list(counts)
        ax.add_collection(PolyCollection([_HEX.corners(h) for h in hexes],
                                         facecolors=[cm(0.3 + 0.7 * counts[h] / top) for h in hexes],
                                         edgecolors="none", alpha=0.85, zorder=3))
        _colourbar(ax, cm, top, scale)


def _table_ground(ax, canvas: Canvas) -> None:
    ax.add_patch(Polygon([(0, 0), (canvas.width, 0), (canvas.width, canvas.height), (0, canvas.height)],
                         closed=True, facecolor="#E8E4D8", edgecolor="#555555"))
    for a in canvas.areas:
        if len(a.ring) < 3:
            continue
        if a.outline:
            ax.add_patch(Polygon(a.ring, closed=True, fill=False, edgecolor=a.colour, linestyle="--", lw=1))
        else:
            ax.add_patch(Polygon(a.ring, closed=True, facecolor=a.colour, edgecolor="#333333", alpha=0.5, lw=0.5))
    ax.set_xlim(-1, canvas.width + 1)
    ax.set_ylim(-1, canvas.height + 1)


def _table_map(ax, canvas: Canvas, points: list, cmap: str, scale: str) -> None:
    _table_ground(ax, canvas)
    if points:
        import numpy as np
        cell = max(1.0, max(canvas.width, canvas.height) / 36)
        nx, ny = max(1, math.ceil(canvas.width / cell)), max(1, math.ceil(canvas.height / cell))
        grid, _, _ = np.histogram2d([p[1] for p in points], [p[0] for p in points], bins=(ny, nx),
                                    range=((0, ny * cell), (0, nx * cell)))
        masked = np.ma.masked_where(grid == 0, grid)
        ax.imshow(masked, extent=(0, nx * cell, ny * cell, 0), cmap=cmap, alpha=0.8, zorder=3,
                  vmin=0, vmax=grid.max(), interpolation="nearest")
        _colourbar(ax, plt.get_cmap(cmap), int(grid.max()), scale)


def _colourbar(ax, cm, top: int, scale: str) -> None:
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    sm = ScalarMappable(norm=Normalize(0, max(1, top)), cmap=cm)
    cb = ax.figure.colorbar(sm, ax=ax, fraction=0.035, pad=0.01)
    cb.ax.tick_params(labelsize=8)
    cb.ax.yaxis.get_major_locator().set_params(integer=True)
    cb.set_label(f"{scale} (all games)", fontsize=8)


def _decisive_panel(ax, canvas: Canvas | None, points: list, objectives: list, labels: list) -> None:
    ax.set_title(f"Where the games were decided\n(each game's last loss, {len(points)} games)", fontsize=10)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if canvas is None:
        ax.text(0.5, 0.5, "this game gives the judge no map", ha="center", va="center", transform=ax.transAxes)
        return
    if canvas.kind == "hex":
        _hex_cells(ax, canvas)
    else:
        _table_ground(ax, canvas)
    counts = Counter((round(p[0], 1), round(p[1], 1), p[2]) for p in points)
    for (x, y, who), n in counts.items():
        px, py = _HEX.to_pixel((int(round(x)), int(round(y)))) if canvas.kind == "hex" else (x, y)
        ax.scatter([px], [py], s=40 + 40 * n, color=SEAT_COLOURS[who % len(SEAT_COLOURS)], alpha=0.7,
                   edgecolors="black", linewidths=0.5, zorder=4)
    handles = [Patch(color=SEAT_COLOURS[i % len(SEAT_COLOURS)], label=f"{lab.partition(' (')[0]} lost it")
               for i, lab in enumerate(labels)]
    if points:
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.01), fontsize=7,
                  ncol=1 if ax.figure.get_figwidth() < 15 else 2, framealpha=0.85,
                  title="the bigger the dot, the more games", title_fontsize=7)
    else:
        ax.text(0.5, -0.04, "no game was won by a last loss", ha="center", va="top", transform=ax.transAxes,
                fontsize=9)
    _objectives(ax, canvas, objectives)
    ax.invert_yaxis()


# ---- objectives over time ------------------------------------------------------------------

def _timelines(fig, cell, objectives: list, control: list, labels: list) -> None:
    if not control:
        ax = fig.add_subplot(cell)
        ax.set_title("Who held each objective over the game", fontsize=11)
        ax.text(0.5, 0.5, "no objectives on this map", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return
    n = len(control)
    sub = cell.subgridspec(n, 1, hspace=0.55)
    seats = len(labels)
    for i, obj in enumerate(control):
        ax = fig.add_subplot(sub[i, 0])
        name = objectives[i][0] if i < len(objectives) else f"objective {i + 1}"
        bins = len(obj)
        xs = [100 * (b + 0.5) / bins for b in range(bins)]
        shares = []
        for p in range(seats):
            shares.append([row[p] / (sum(row) or 1) if p < len(row) - 1 else 0 for row in obj])
        shares.append([row[-1] / (sum(row) or 1) for row in obj])
        ax.stackplot(xs, shares, colors=[SEAT_COLOURS[p % len(SEAT_COLOURS)] for p in range(seats)] + [NOBODY],
                     alpha=0.8)
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 1)
        ax.set_yticks([0, 1], ["", "all"], fontsize=7)
        ax.set_ylabel(textwrap.fill(name, 14), rotation=0, ha="right", va="center", fontsize=8)
        if i == 0:
            ax.set_title("Who held each objective through the game (share of games)", fontsize=10)
        if i < n - 1:
            ax.set_xticks([])
        else:
            ax.set_xticks([0, 25, 50, 75, 100], ["start", "25%", "half way", "75%", "end"], fontsize=8)
            ax.set_xlabel("how far through the game", fontsize=8)
    handles = [Patch(color=SEAT_COLOURS[p % len(SEAT_COLOURS)], label=f"held by {lab.partition(' (')[0]}")
               for p, lab in enumerate(labels)]
    handles.append(Patch(color=NOBODY, label="held by nobody"))
    fig.axes[-1].legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, -1.05), fontsize=7,
                        ncol=len(handles) if fig.get_figwidth() >= 15 else 2, framealpha=0.85)


# ---- the causes -------------------------------------------------------------------------------

def _causes_panel(ax, causes: list) -> None:
    ax.set_title("What went with winning: win rate with the fact less without it", fontsize=11)
    small = ax.figure.get_figwidth() < 15
    shown = causes[:CAUSES_DRAWN // 3 * 2 if small else CAUSES_DRAWN]
    if not shown:
        ax.text(0.5, 0.5, "no fact of a seat differed between games", ha="center", va="center",
                transform=ax.transAxes)
        ax.set_axis_off()
        return
    ys = list(range(len(shown)))[::-1]
    for y, c in zip(ys, shown):
        colour = VERDICT_COLOURS.get(c["verdict"], "#999999")
        ax.barh(y, c["difference"], color=colour, alpha=0.85, edgecolor="#666666", lw=0.5,
                hatch="//" if c["verdict"] == "too few games to say" else None)
        ax.errorbar(c["difference"], y, xerr=[[c["difference"] - c["low"]], [c["high"] - c["difference"]]],
                    fmt="none", ecolor="black", capsize=3, lw=1)
    ax.axvline(0, color="black", lw=1)
    names = [textwrap.shorten(c["fact"] + (f" (+{len(c['together with'])} alike)" if c.get("together with") else ""),
                              44 if small else 70, placeholder="...") for c in shown]
    ax.set_yticks(ys, names, fontsize=7)
    ax.set_xlim(-1, 1)
    ax.set_xticks([-1, -0.5, 0, 0.5, 1], ["-100%", "-50%", "0", "+50%", "+100%"], fontsize=8)
    ax.set_xlabel("difference in win rate, with its 95% interval (bars: ranked by how sure)", fontsize=8)
    ax.legend(handles=[Patch(color=c, label=v) for v, c in VERDICT_COLOURS.items()], loc="lower right",
              fontsize=7, framealpha=0.85)


# ---- win rates -----------------------------------------------------------------------------

def _rates_panel(ax, t: dict, why: dict) -> None:
    swapped = why.get("map_or_player") or {}
    seats = swapped.get("seats") or t["seats"]          # a swapped run's intervals count its deals
    rows = [(f"seat {s['seat']}", s, SEAT_COLOURS[(s["seat"] - 1) % len(SEAT_COLOURS)]) for s in seats]
    places = swapped.get("places")
    if places:
        rows += [(f"from the {p['place']}", p, "#7F7F7F") for p in places]
    else:
        rows += [(s["side"], s, "#7F7F7F") for s in t.get("sides", [])]
    if "first_player" in t:
        rows.append(("the first player", t["first_player"], "#000000"))
    ax.set_title(f"Win rate with its 95% interval, {t['games']} games", fontsize=11)
    ys = list(range(len(rows)))[::-1]
    for y, (_label, s, colour) in zip(ys, rows):
        if not s["games"]:
            continue
        ax.barh(y, s["rate"], color=colour, alpha=0.6)
        ax.errorbar(s["rate"], y, xerr=[[s["rate"] - s["low"]], [s["high"] - s["rate"]]], fmt="none",
                    ecolor="black", capsize=4)
        ax.text(min(s["high"] + 0.02, 0.88), y, f"{s['wins']}/{s['games']}", va="center", fontsize=8)
    ax.axvline(t["fair_share"], color="black", linestyle="--", lw=1, label=f"fair share {t['fair_share']:.0%}")
    width = 24 if ax.figure.get_figwidth() < 15 else 40
    ax.set_yticks(ys, [textwrap.fill(r[0], width) for r in rows], fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0", "25%", "50%", "75%", "100%"], fontsize=8)
    ax.set_xlabel("share of games won", fontsize=8)
    ax.legend(loc="lower right", fontsize=8)

"""Counting a run's results: win rates with 95% confidence intervals
(Wilson score intervals: honest for small samples and rates near 0 or 1),
game lengths, the first player's advantage and wins per side."""
from __future__ import annotations

import math
from statistics import mean, median

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of `wins` in `games`."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, games: int, fair: float) -> dict:
    lo, hi = wilson(wins, games)
    verdict = "too few games" if games == 0 else ("wins more than a fair share" if lo > fair else
                                                  "wins less than a fair share" if hi < fair else "fair within the interval")
    return {"games": games, "wins": wins, "rate": round(wins / games, 4) if games else None,
            "low": round(lo, 4), "high": round(hi, 4), "verdict": verdict}


def tally(results: list[dict], players: int) -> dict:
    """Win rates per seat, per side and for the first player; lengths; draws."""
    n = len(results)
    fair = 1 / players
    seats = []
    for p in range(players):
        seats.append({"seat": p + 1, **rate(sum(1 for r in results if p in r["winners"]), n, fair)})
    out = {"games": n, "fair_share": round(fair, 4), "seats": seats,
           "draws": sum(1 for r in results if not r["winners"]),
           "shared_wins": sum(1 for r in results if len(r["winners"]) > 1),
           "action_cap": sum(1 for r in results if r["reason"] == "action cap reached")}
    if n:
        acts = [r["actions"] for r in results]
        rounds = [r["rounds"] for r in results]
        out["length"] = {"actions_mean": round(mean(acts), 1), "actions_median": median(acts),
                         "actions_min": min(acts), "actions_max": max(acts),
                         "rounds_mean": round(mean(rounds), 2), "rounds_max": max(rounds)}
    firsts = [r for r in results if r.get("first") is not None]
    if firsts:
        out["first_player"] = rate(sum(1 for r in firsts if r["first"] in r["winners"]), len(firsts), fair)
    sides: dict[str, list[int]] = {}
    for r in results:
        for p, side in enumerate(r.get("sides") or []):
            if side:
                row = sides.setdefault(side, [0, 0])
                row[0] += 1
                row[1] += 1 if p in r["winners"] else 0
    if sides:
        out["sides"] = [{"side": s, **rate(w, g, fair)} for s, (g, w) in sorted(sides.items())]
    return out


def difference(wins_with: int, games_with: int, wins_without: int, games_without: int) -> tuple[float, float, float]:
    """The difference of two win rates (with less without) and its 95%
    interval: Newcombe's hybrid score interval from the two Wilson
    intervals (honest for small samples and rates near 0 or 1)."""
    p1 = wins_with / games_with if games_with else 0.0
    p0 = wins_without / games_without if games_without else 0.0
    l1, u1 = wilson(wins_with, games_with)
    l0, u0 = wilson(wins_without, games_without)
    d = p1 - p0
    return d, d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2)

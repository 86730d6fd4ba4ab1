"""Why a seat wins: what went with winning in the games the judge played.

From each traced game (engine/commands/playout.py `_Trace`) the judge
knows who moved first, who took each objective first, who first stood
within reach of an enemy, who lost the first unit, where every unit died
and what it was, which place and army each seat played; from the map's
facts (ruleset.judge_map) what each seat's place offers.  This module
turns them into words and numbers a designer reads:

- `causes`: every such fact of a seat in a game, and how the win rate of
  the seats that had it compares with the others: the difference with its
  95% interval (Newcombe), "too few games to say" below MIN_GAMES on
  either side, and the caution that with many facts one in twenty looks
  linked by chance.  A fact that on this map always belongs to the same
  seat cannot be told apart from the seat itself: it is marked so.
- `objectives`: who took each objective first and how often that seat won.
- `fights`: the map cut into nine areas (named, and after the objective in
  them): the losses of winners and losers there, and where the decisive
  loss (the loser's last) happened.
- `units`: each kind of unit: how many the winners and losers fielded and
  lost, and how often it was the decisive loss.
- `map_or_player` (the judge's swapped tournaments): the win rate per
  place, per army and per seat, the paired deals, and which of them moves
  the result.
- `facts_apart`: the map's facts that differ between the seats, beside
  the seats' win rates.

Plain data in, plain data out: the same results give the same report
whichever way the games were played.
"""
from __future__ import annotations

from collections import Counter, defaultdict

from engine.commands.tally import difference, rate, wilson

MIN_GAMES = 10                  # a side of a comparison with fewer games says nothing
AREA_NAMES = (("top left", "top", "top right"), ("left", "middle", "right"),
              ("bottom left", "bottom", "bottom right"))


def analyse(played: list[dict], players: int, canvas=None, facts: dict | None = None,
            tournament: dict | None = None) -> dict:
    """The whole "why" of a judge report (plain data, JSON-ready)."""
    traced = [r for r in played if "detail" in r]
    out: dict = {"games": len(played), "traced": len(traced)}
    out["causes"] = causes(played, players)
    out["objectives"] = objectives(traced, players)
    areas = Areas(canvas, traced)
    out["fights"] = fights(traced, players, areas)
    out["units"] = units(traced, players)
    out["contact"] = contact(traced, players)
    swapped = [r for r in played if r.get("places") or r.get("armies_from")]
    if swapped:
        out["map_or_player"] = map_or_player(played, players)
    if facts and tournament:
        out["facts_apart"] = facts_apart(facts, tournament)
    out["caution"] = caution(out["causes"], len(played))
    return out


# ---- the facts of a seat in a game ---------------------------------------------------------

def _won(r: dict, seat: int) -> bool:
    return seat in r["winners"]


def seat_facts(r: dict, players: int, by_place: bool = False, with_units: bool = False) -> list[dict]:
    """Per seat: {fact in words: True/False} for one game (`by_place`: the
    run swapped the seats' places, so each seat's place is a fact too;
    `with_units`: the armies differ between games, so what each included
    is a fact too)."""
    d = r.get("detail") or {}
    rows: list[dict] = [{} for _ in range(players)]
    first = r.get("first")
    if first is not None:
        for s in range(players):
            rows[s]["moved first"] = first == s
    names = [o[0] for o in r.get("objectives") or []]
    for j, held in enumerate(d.get("held_first") or []):
        if j >= len(names):
            break
        for s in range(players):
            rows[s][f"took {names[j]} first"] = held is not None and held[0] == s
    reach = d.get("reach_at") or []
    if len(reach) == players and any(x is not None for x in reach):
        for s in range(players):
            mine = reach[s]
            others = [x for q, x in enumerate(reach) if q != s and x is not None]
            rows[s]["was within reach of an enemy first"] = mine is not None and all(mine < x for x in others)
    lost = d.get("lost") or []
    if lost:
        for s in range(players):
            rows[s]["lost the first unit"] = lost[0][0] == s
    sides = r.get("sides") or []
    if by_place and len(sides) == players:
        for s in range(players):
            for place in set(sides):
                rows[s][f"played from the {place}"] = sides[s] == place
    armies = d.get("armies") or []
    if len(armies) == players:
        strengths = [a.get("strength") for a in armies]
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in strengths) and len(set(strengths)) > 1:
            for s in range(players):
                rows[s]["had the strongest army"] = all(strengths[s] > x for q, x in enumerate(strengths) if q != s)
        if with_units:
            kinds = [Counter(a.get("units") or []) for a in armies]
            for k in set().union(*kinds):
                for s in range(players):
                    rows[s][f"its army included {k}"] = kinds[s][k] > 0
    return rows


def causes(played: list[dict], players: int) -> list[dict]:
    """Every fact of a seat in a game with the win rates with and without
    it, ranked by how surely it goes with winning or losing."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])     # with: games, wins; without: games, wins
    owners: dict[str, set] = defaultdict(set)                             # the seats that ever had it
    by_place = any(r.get("places") for r in played)
    with_units = _armies_vary(played, players)
    seen: dict[str, list[tuple[int, bool]]] = defaultdict(list)          # per fact: (observation, had it)
    n = 0
    for r in played:
        for s, row in enumerate(seat_facts(r, players, by_place, with_units)):
            won = _won(r, s)
            n += 1
            for fact, has in row.items():
                c = counts[fact]
                seen[fact].append((n, bool(has)))
                if has:
                    c[0] += 1
                    c[1] += won
                    owners[fact].add(s)
                else:
                    c[2] += 1
                    c[3] += won
    together: dict[tuple, list[str]] = defaultdict(list)                  # facts that always came together
    for fact in sorted(counts):
        together[tuple(seen[fact])].append(fact)
    out = []
    for key, group in together.items():
        other = tuple((i, not h) for i, h in key)
        fact = group[0]
        n1, w1, n0, w0 = counts[fact]
        if not n1 or not n0:
            continue                             # every seat had it, or none did: it tells nothing
        d, lo, hi = difference(w1, n1, w0, n0)
        if other in together and (d < 0 or (d == 0 and together[other][0] < fact)):
            continue                             # the same games seen from the other side: told there
        row = {"fact": fact, "with": rate(w1, n1, 0.0), "without": rate(w0, n0, 0.0),
               "difference": round(d, 4), "low": round(lo, 4), "high": round(hi, 4)}
        if min(n1, n0) < MIN_GAMES:
            row["verdict"] = "too few games to say"
        elif lo > 0:
            row["verdict"] = "goes with winning"
        elif hi < 0:
            row["verdict"] = "goes with losing"
        else:
            row["verdict"] = "no clear link in these games"
        if len(owners[fact]) == 1 and n1 == len(played):
            row["always_seat"] = next(iter(owners[fact])) + 1
        if len(group) > 1:
            row["together with"] = group[1:]
        if other in together:
            row["the other side of"] = together[other]
        out.append(row)
    out.sort(key=lambda c: (c["verdict"] == "too few games to say", -_sureness(c), -abs(c["difference"]), c["fact"]))
    return out


def _armies_vary(played: list[dict], players: int) -> bool:
    """Whether some seat played more than one army over these games."""
    armies: list[set] = [set() for _ in range(players)]
    for r in played:
        for s, a in enumerate(((r.get("detail") or {}).get("armies") or [])[:players]):
            armies[s].add(tuple(a.get("units") or ()))
    return any(len(a) > 1 for a in armies)


def _sureness(c: dict) -> float:
    """How far the interval of the difference stays from no difference."""
    return max(c["low"], -c["high"], 0.0)


def caution(found: list[dict], games: int) -> str:
    linked = sum(1 for c in found if c["verdict"] in ("goes with winning", "goes with losing"))
    few = sum(1 for c in found if c["verdict"] == "too few games to say")
    words = (f"{len(found)} facts compared over {games} games; with 95% intervals about one in twenty "
             f"looks linked by chance, so {linked} linked may include {round(len(found) / 20)} by chance")
    if few:
        words += f"; {few} had too few games on one side to say (fewer than {MIN_GAMES})"
    return words + ". A fact linked to winning went with it; it need not have caused it."


# ---- objectives, fights, units, contact ------------------------------------------------------

def objectives(traced: list[dict], players: int) -> list[dict]:
    """Per objective: who took it first, and how often they won."""
    rows: dict[str, dict] = {}
    by_place = any(r.get("places") for r in traced)
    for r in traced:
        names = [o[0] for o in r.get("objectives") or []]
        sides = r.get("sides") or []
        for j, held in enumerate(r["detail"].get("held_first") or []):
            if j >= len(names):
                break
            row = rows.setdefault(names[j], {"objective": names[j], "games": 0, "never": 0, "rounds": [],
                                             "first": defaultdict(lambda: [0, 0])})
            row["games"] += 1
            if held is None:
                row["never"] += 1
                continue
            seat, rnd = held
            who = f"the {sides[seat]}" if by_place and seat < len(sides) else f"seat {seat + 1}"
            row["first"][who][0] += 1
            row["first"][who][1] += _won(r, seat)
            row["rounds"].append(rnd)
    out = []
    for row in rows.values():
        firsts = [{"by": who, **rate(w, n, 1 / players)} for who, (n, w) in sorted(row["first"].items())]
        taken = row["rounds"]
        out.append({"objective": row["objective"], "games": row["games"], "never taken": row["never"],
                    "first taken in round": round(sum(taken) / len(taken), 1) if taken else None,
                    "taken first by": firsts})
    return out


class Areas:
    """The map cut into nine named areas (three by three), each named
    after the objective in it when there is one."""

    def __init__(self, canvas, traced: list[dict]):
        self.kind = canvas.kind if canvas is not None else "hex"
        pts = []
        if canvas is not None and canvas.kind == "table":
            self.box = (0.0, 0.0, canvas.width or 1.0, canvas.height or 1.0)
        else:
            if canvas is not None:
                pts = [self._xy(a.hex) for a in canvas.areas if a.hex is not None]
            if not pts:
                pts = [self._xy(p) for r in traced for p in r.get("deaths", []) + r.get("final", [])]
            xs, ys = [p[0] for p in pts] or [0.0], [p[1] for p in pts] or [0.0]
            self.box = (min(xs), min(ys), max(xs) + 1e-9, max(ys) + 1e-9)
        self.names = [list(row) for row in AREA_NAMES]
        objectives = next((r.get("objectives") for r in traced if r.get("objectives")), []) or []
        taken: dict = defaultdict(list)
        for name, x, y in objectives:
            i, j = self._cell(x, y)
            taken[(i, j)].append(name)
        for (i, j), names in taken.items():
            self.names[i][j] = f"{AREA_NAMES[i][j]} (around {' and '.join(names)})"

    def _xy(self, p) -> tuple[float, float]:
        if self.kind == "hex":
            q, r = round(p[0]), round(p[1])
            return (3 ** 0.5 * (q + r / 2), 1.5 * r)
        return (float(p[0]), float(p[1]))

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        px, py = self._xy((x, y))
        x0, y0, x1, y1 = self.box
        col = min(2, max(0, int(3 * (px - x0) / max(1e-9, x1 - x0))))
        row = min(2, max(0, int(3 * (py - y0) / max(1e-9, y1 - y0))))
        return row, col

    def name(self, x: float, y: float) -> str:
        i, j = self._cell(x, y)
        return self.names[i][j]


def fights(traced: list[dict], players: int, areas: Areas) -> list[dict]:
    """Per area: losses per game of the winners and the losers there, and
    how many games' decisive loss (the loser's last unit lost) it saw."""
    won_games = [r for r in traced if len(r["winners"]) == 1]
    rows: dict[str, dict] = {}
    for r in won_games:
        w = r["winners"][0]
        last = None
        for x, y, owner in r.get("deaths") or []:
            row = rows.setdefault(areas.name(x, y), {"winner": 0, "loser": 0, "decisive": 0})
            row["winner" if owner == w else "loser"] += 1
            if owner != w:
                last = (x, y)
        if last is not None:
            rows[areas.name(*last)]["decisive"] += 1
    n = max(1, len(won_games))
    out = [{"area": a, "winners lost per game": round(v["winner"] / n, 2),
            "losers lost per game": round(v["loser"] / n, 2), "decisive losses": v["decisive"]}
           for a, v in rows.items()]
    out.sort(key=lambda f: (-f["decisive losses"], -(f["losers lost per game"] - f["winners lost per game"]),
                            f["area"]))
    return out


def units(traced: list[dict], players: int) -> list[dict]:
    """Per kind of unit: fielded and lost per game by winners and losers,
    and how often it was the loser's last loss (the one that decided it)."""
    won_games = [r for r in traced if len(r["winners"]) == 1]
    rows: dict[str, dict] = defaultdict(lambda: {"winner fielded": 0, "loser fielded": 0, "winner lost": 0,
                                                 "loser lost": 0, "decisive": 0})
    for r in won_games:
        w = r["winners"][0]
        d = r["detail"]
        lost = d.get("lost") or []
        for owner, kind in d.get("kept") or []:
            if kind:
                rows[kind]["winner fielded" if owner == w else "loser fielded"] += 1
        for owner, kind, _ in lost:
            if kind:
                rows[kind]["winner fielded" if owner == w else "loser fielded"] += 1
                rows[kind]["winner lost" if owner == w else "loser lost"] += 1
        last = next((kind for owner, kind, _ in reversed(lost) if owner != w), None)
        if last:
            rows[last]["decisive"] += 1
    n = max(1, len(won_games))
    out = []
    for kind, v in rows.items():
        lw = v["winner lost"] / v["winner fielded"] if v["winner fielded"] else None
        ll = v["loser lost"] / v["loser fielded"] if v["loser fielded"] else None
        out.append({"unit": kind, "winners fielded per game": round(v["winner fielded"] / n, 2),
                    "losers fielded per game": round(v["loser fielded"] / n, 2),
                    "share lost by winners": None if lw is None else round(lw, 3),
                    "share lost by losers": None if ll is None else round(ll, 3),
                    "decisive losses": v["decisive"]})
    out.sort(key=lambda u: (-u["decisive losses"], -(u["losers fielded per game"] - u["winners fielded per game"]),
                            u["unit"]))
    return out


def contact(traced: list[dict], players: int) -> dict:
    """The round each seat first stood within reach of an enemy (mean over
    the games where it did)."""
    rounds: list[list[int]] = [[] for _ in range(players)]
    first: list[int] = []
    for r in traced:
        reach = r["detail"].get("reach") or []
        got = [x for x in reach if x is not None]
        if got:
            first.append(min(got))
        for s, x in enumerate(reach[:players]):
            if x is not None:
                rounds[s].append(x)
    out: dict = {"first contact, mean round": round(sum(first) / len(first), 1) if first else None,
                 "games with contact": len(first)}
    out["seats"] = [{"seat": s + 1, "within reach of an enemy, mean round": round(sum(x) / len(x), 1) if x else None,
                     "games": len(x)} for s, x in enumerate(rounds)]
    return out


# ---- the map, or the player? ------------------------------------------------------------------

def map_or_player(played: list[dict], players: int) -> dict:
    """The swapped tournaments: the win rate of each place (whichever seat
    played it), of each army (whichever seat got it) and of each seat
    (wherever it played, whatever it got); for two players also the pairs
    of games on the same dice with only the places (or only the armies)
    swapped: does the winner keep the place (the army) or the seat?"""
    fair = 1 / players
    place: dict[str, dict] = defaultdict(lambda: defaultdict(lambda: [0, 0]))    # key -> deal -> [games, wins]
    army: dict[int, dict] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    seat: dict[int, dict] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in played:
        perm = r.get("places") or list(range(players))
        arms = r.get("armies_from") or list(range(players))
        sides = r.get("sides") or []
        deal = r.get("deal", r["seed"])
        for s in range(players):
            won = _won(r, s)
            key = sides[s] if s < len(sides) and sides[s] else f"place of seat {perm[s] + 1}"
            for table, k in ((place, key), (army, arms[s]), (seat, s)):
                table[k][deal][0] += 1
                table[k][deal][1] += won
    swapped_places = any(r.get("places") for r in played)
    swapped_armies = any(r.get("armies_from") for r in played)
    out: dict = {"seats": [{"seat": k + 1, **dealt_rate(v, fair)} for k, v in sorted(seat.items())]}
    if swapped_places:
        out["places"] = [{"place": k, **dealt_rate(v, fair)} for k, v in sorted(place.items())]
    if swapped_armies:
        out["armies"] = [{"army": f"the army dealt to seat {k + 1}", **dealt_rate(v, fair)}
                         for k, v in sorted(army.items())]
    if players == 2:
        deals = _deals(played)
        if swapped_places:
            out["places swapped"] = _pairs(deals, "place")
        if swapped_armies:
            out["armies swapped"] = _pairs(deals, "army")
    out["verdict"] = _verdict(out, len(played))
    return out


def dealt_rate(by_deal: dict, fair: float) -> dict:
    """A win rate over games played in deals (each deal of the dice played
    in several arrangements): its interval the Wilson interval of the
    effective number of games, the games divided by the design effect of
    the deals (Kish; the cluster-robust variance over the binomial one,
    never below one), since the games of one deal share its dice."""
    games = sum(n for n, _ in by_deal.values())
    wins = sum(w for _, w in by_deal.values())
    deals = len(by_deal)
    p = wins / games if games else 0.0
    effect = 1.0
    if deals > 1 and 0 < p < 1:
        spread = sum((w - p * n) ** 2 for n, w in by_deal.values()) * deals / (deals - 1)
        effect = max(1.0, spread / (games * p * (1 - p)))
    lo, hi = wilson(round(p * games / effect, 6), games / effect) if games else (0.0, 1.0)
    out = rate(wins, games, fair)
    out.update(low=round(lo, 4), high=round(hi, 4), deals=deals, effective_games=round(games / effect, 1))
    out["verdict"] = ("too few games" if not games else "wins more than a fair share" if lo > fair else
                      "wins less than a fair share" if hi < fair else "fair within the interval")
    return out


def _deals(played: list[dict]) -> dict:
    """Two players' games won outright, by deal: {(places, armies): winner}."""
    deals: dict = defaultdict(dict)
    for r in played:
        if len(r["winners"]) == 1 and r.get("deal") is not None:
            deals[r["deal"]][(tuple(r.get("places") or (0, 1)), tuple(r.get("armies_from") or (0, 1)))] = \
                r["winners"][0]
    return deals


def _pairs(deals: dict, what: str) -> dict:
    """Pairs of games on the same dice differing only in the places (or
    the armies): the share where the winner kept the place (the army)
    rather than the seat, with its 95% interval: above one half, the place
    (the army) moves the result more than the seat and the rest."""
    kept = total = 0
    for games in deals.values():
        for other in ((0, 1), (1, 0)):
            if what == "place":
                a, b = games.get(((0, 1), other)), games.get(((1, 0), other))
            else:
                a, b = games.get((other, (0, 1))), games.get((other, (1, 0)))
            if a is None or b is None:
                continue
            total += 1
            kept += a != b            # the other seat won once the place (army) moved to it
    row = {"pairs": total, f"winner kept the {what}": kept, "winner kept the seat": total - kept,
           **{k: v for k, v in rate(kept, total, 0.5).items() if k in ("rate", "low", "high")}}
    kept_with = "army and rolls" if what == "place" else "place and rolls"
    row["verdict"] = ("too few games to say" if total < MIN_GAMES else
                      f"the {what} moves the result" if row["low"] > 0.5 else
                      f"the seat, with the {kept_with} it was dealt, keeps the result, not the {what}"
                      if row["high"] < 0.5 else f"no clear pull of the {what} in these pairs")
    return row


def _verdict(out: dict, games: int) -> str:
    moved = []
    for what, key, label in (("the places on the map", "places", "place"), ("the armies", "armies", "army"),
                             ("the seats themselves", "seats", "seat")):
        rows = out.get(key) or []
        if any(r["verdict"] != "fair within the interval" for r in rows):
            best = max(rows, key=lambda r: r["rate"] or 0)
            name = best.get(label) if label != "seat" else f"seat {best['seat']}"
            name = f"the {name}" if label == "place" else name
            moved.append(f"{what} ({name} wins {best['wins']}/{best['games']}, {best['low']:.0%}-{best['high']:.0%})")
    for key, what in (("places swapped", "place"), ("armies swapped", "army")):
        pair = out.get(key)
        if pair and pair["verdict"] == f"the {what} moves the result":
            moved.append(f"the {what} in the pairs on the same dice (the winner kept the {what} in "
                         f"{pair[f'winner kept the {what}']} of {pair['pairs']})")
    if not moved:
        return (f"In {games} games neither the places, the armies nor the seats move the result beyond chance: "
                "every one's 95% interval includes the fair share.")
    text = "The result follows " + "; ".join(moved) + "."
    if any(m.startswith("the places") or m.startswith("the place ") for m in moved):
        text += (" A place wins whoever plays it: the map's bias, or the computer player playing that place "
                 "worse (look at where its units die and the facts that differ between the seats).")
    elif any(m.startswith("the seats") for m in moved) and out.get("armies"):
        text += (" A seat wins wherever it plays and whatever army it gets: the turn order it rolled, or the "
                 "computer player's handling of that seat.")
    elif any(m.startswith("the seats") for m in moved):
        text += (" A seat wins wherever it plays: the army and the rolls it was dealt go with it (swap the "
                 "armies too to tell them apart), or the computer player's handling of that seat.")
    elif any(m.startswith("the arm") for m in moved):
        text += " The armies dealt decide more than the map: the luck of the roll or the draw, not the places."
    return text + (" The games of one deal share its dice: the intervals count the deals' effective games.")


# ---- the map's facts beside the result ----------------------------------------------------------

def facts_apart(facts: dict, tournament: dict) -> list[dict]:
    """The map's per-seat facts whose numbers differ between the seats,
    each with the seats' values and win rates: the candidates for a cause
    that the map is to blame for."""
    seats = facts.get("seats") or []
    rates = {s["seat"]: s for s in tournament.get("seats", [])}
    out = []
    for key in (seats[0].keys() if seats else []):
        values = [row.get(key) for row in seats]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            if len(set(values)) > 1:
                out.append({"fact": key, "values": values})
        elif all(isinstance(v, list) for v in values) and len({tuple(map(str, v)) for v in values}) > 1:
            out.append({"fact": key, "values": values})
    for row in out:
        row["win rates"] = [rates.get(i + 1, {}).get("rate") for i in range(len(seats))]
    return out

"""A judge report in words: the text of `main.py judge` and of the map
viewer's Judge panel (engine/commands/judge.py builds the report,
engine/commands/causes.py its "why")."""
from __future__ import annotations

from engine.core.words import count

CAUSES_SHOWN = 10          # the causes listed in words (the JSON has them all)


def describe(report: dict) -> str:
    """The report in words."""
    lines = [f"{report['title']} on {report.get('scenario_title') or report['scenario']}, {report['players']} players"]
    facts = report.get("map") or {}
    seats = facts.get("seats") or []
    for i, s in enumerate(seats):
        place = f" ({s['place']})" if s.get("place") else ""
        rest = {k: v for k, v in s.items() if k != "place"}
        lines.append(f"  seat {i + 1}{place}: " + ", ".join(f"{k} {_value(v)}" for k, v in rest.items()))
    for zone, s in (facts.get("zones") or {}).items():
        rest = {k: v for k, v in s.items() if k != "seat"}
        owner = f" (seat {s['seat']})" if s.get("seat") else ""
        lines.append(f"  {zone}{owner}: " + ", ".join(f"{k} {_value(v)}" for k, v in rest.items()))
    for side, s in (facts.get("sides") or {}).items():
        lines.append(f"  {side}: " + ", ".join(f"{k} {_value(v)}" for k, v in s.items()))
    if facts.get("map"):
        lines.append("  map: " + ", ".join(f"{k} {_value(v)}" for k, v in facts["map"].items()))
    why = report.get("why") or {}
    apart = why.get("facts_apart") or []
    if apart:
        lines.append("  facts that differ between the seats:")
        for f in apart:
            lines.append(f"    {f['fact']}: " + ", ".join(f"seat {i + 1} {_value(v)}" for i, v in enumerate(f["values"])))
    elif seats:
        lines.append("  every fact above is the same for every seat")
    t = report["tournament"]
    how = {"places": ", every deal played from every seat's place",
           "armies": ", every deal played with every seat's army",
           "both": ", every deal played from every place with every army"}.get(report.get("swap", "none"), "")
    lines.append(f"  {t['games']} games of {report['agent']} against itself{how} (fair share {t['fair_share']:.0%}):")
    lines += [f"    {who}: {pct(s)}" for who, s in rates(t)]
    if "length" in t:
        ln = t["length"]
        lines.append(f"    length: {ln['actions_mean']} actions on average ({ln['actions_min']}-{ln['actions_max']}), "
                     f"{ln['rounds_mean']} rounds; draws {t['draws']}, shared wins {t['shared_wins']}")
    if why:
        lines += _why(why)
    return "\n".join(lines)


def rates(t: dict) -> list[tuple[str, dict]]:
    """(who, rate) per seat, per side and for the first player of a tally."""
    out = [(f"seat {s['seat']}", s) for s in t["seats"]] + [(s["side"], s) for s in t.get("sides", [])]
    return out + ([("first player", t["first_player"])] if "first_player" in t else [])


def _deals(row: dict) -> str:
    if "deals" not in row:
        return ""
    return f" ({count(row['deals'], 'deal')}, the interval of {row['effective_games']:g} effective games)"


def _value(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]" if v else "none"
    return str(v)


def pct(s: dict) -> str:
    if not s["games"]:
        return "no games"
    return (f"wins {s['wins']}/{s['games']} = {s['rate']:.0%} (95% interval {s['low']:.0%}-{s['high']:.0%}): "
            f"{s['verdict']}")


def cause_line(c: dict) -> str:
    w, wo = c["with"], c["without"]
    seat = f" (always seat {c['always_seat']}: cannot be told apart from the seat)" if c.get("always_seat") else ""
    more = c.get("together with") or []
    also = ""
    if len(more) == 1:
        also = f" (always with: {more[0]})"
    elif more:
        also = f" (always with {len(more)} other facts, such as {more[0]})"
    flip = c.get("the other side of") or []
    also += f" (the other seat's side of: {flip[0]})" if flip else ""
    return (f"{c['fact']}{also}{seat}: won {w['wins']}/{w['games']} ({w['rate']:.0%}) with it, "
            f"{wo['wins']}/{wo['games']} ({wo['rate']:.0%}) without: {c['difference']:+.0%} "
            f"(95% interval {c['low']:+.0%} to {c['high']:+.0%}): {c['verdict']}")


def _why(why: dict) -> list[str]:
    lines = []
    found = why.get("causes") or []
    if found:
        lines.append("  what went with winning (a seat's facts in a game, ranked by how sure):")
        for c in found[:CAUSES_SHOWN]:
            lines.append(f"    {cause_line(c)}")
        if len(found) > CAUSES_SHOWN:
            lines.append(f"    and {len(found) - CAUSES_SHOWN} more in --json")
        lines.append(f"    ({why['caution']})")
    for o in why.get("objectives") or []:
        firsts = "; ".join(f"{f['by']} in {f['games']} (won {f['wins']}, {f['rate']:.0%}, "
                           f"{f['low']:.0%}-{f['high']:.0%})" for f in o["taken first by"])
        when = f" in round {o['first taken in round']} on average" if o["first taken in round"] is not None else ""
        never = f"; never taken in {o['never taken']}" if o["never taken"] else ""
        lines.append(f"  {o['objective']}: first taken{when}, by {firsts or 'nobody'}{never}")
    for title, rows, name, what in (
            ("where the games were decided (the loser's last loss)", why.get("fights"), "area",
             lambda f: f"losers lost {f['losers lost per game']} pieces there per game, "
                       f"winners {f['winners lost per game']}"),
            ("which units decided it (the loser's last loss)", why.get("units"), "unit",
             lambda u: f"pieces fielded per game by winners {u['winners fielded per game']}, "
                       f"losers {u['losers fielded per game']}")):
        shown = [r for r in rows or [] if r["decisive losses"]][:3]
        if shown:
            lines.append(f"  {title}:")
            lines += [f"    {r[name]}: {count(r['decisive losses'], 'game')}; {what(r)}" for r in shown]
    c = why.get("contact") or {}
    if c.get("first contact, mean round") is not None:
        per = ", ".join(f"seat {s['seat']} round {s['within reach of an enemy, mean round']}"
                        for s in c["seats"] if s["within reach of an enemy, mean round"] is not None)
        lines.append(f"  first contact (a unit within reach of an enemy): round {c['first contact, mean round']} "
                     f"on average ({per})")
    m = why.get("map_or_player")
    if m:
        lines.append("  the map, or the player?")
        for row in m.get("places") or []:
            lines.append(f"    from the {row['place']}: {pct(row)}{_deals(row)}")
        for row in m.get("armies") or []:
            lines.append(f"    with {row['army']}: {pct(row)}{_deals(row)}")
        for row in m["seats"]:
            lines.append(f"    as seat {row['seat']}: {pct(row)}{_deals(row)}")
        for key, what in (("places swapped", "place"), ("armies swapped", "army")):
            pair = m.get(key)
            if pair and pair["pairs"]:
                lines.append(f"    the same dice with only the {'armies' if what == 'army' else 'places'} swapped: the winner kept the {what} in "
                             f"{pair[f'winner kept the {what}']} of {count(pair['pairs'], 'pair')}, the seat in "
                             f"{pair['winner kept the seat']}: {pair['verdict']}")
        lines.append(f"    {m['verdict']}")
    return lines


def describe_search(result: dict) -> str:
    """The fairer-variant search in words (`judge --fairer`)."""
    lines = [f"Fairer variant of {result['scenario']} ({result['game']}, {result['players']} players, "
             f"{result['games per variant']} games per map"
             + (", every deal from every seat's place" if result["swap"] == "places" else "") + ")"]
    m = result["map"]
    lines.append("  the map: " + "; ".join(_row(r) for r in m["rows"]))
    for t in result["tried"]:
        mark = "fair" if t["fair"] else "not fair"
        confirmed = t.get("confirmed")
        again = ""
        if confirmed is not None:
            again = "; on fresh dice too: " + ("fair" if confirmed["fair"] else "not fair") + " over both ("
            again += "; ".join(_row(r) for r in confirmed["rows"]) + ")"
        lines.append(f"  {t['change']} (changes {t['size']} {t.get('unit', 'hexes')}): {mark}: " + "; ".join(_row(r) for r in t["rows"]) + again)
    lines.append(f"  {result['verdict']}")
    return "\n".join(lines)


def _row(r: dict) -> str:
    return f"{r['who']} {r['wins']}/{r['games']} ({r['low']:.0%}-{r['high']:.0%})"


def panel_lines(report: dict, causes_shown: int = 3) -> list[str]:
    """The report in short lines for the map viewer's Judge panel: the win
    rates, what differs between the seats, what went with winning, where
    the games were decided."""
    t = report["tournament"]
    lines = [f"{t['games']} games of the {report['agent']} computer player against itself "
             f"(fair share {t['fair_share']:.0%})"]
    lines += [f"{who[:1].upper()}{who[1:]}: {pct(s)}" for who, s in rates(t)]
    why = report.get("why") or {}
    apart = why.get("facts_apart") or []
    if apart:
        lines.append("Differs between the seats: " + "; ".join(
            f"{f['fact']} ({', '.join(_value(v) for v in f['values'])})" for f in apart[:3]))
    elif (report.get("map") or {}).get("seats"):
        lines.append("Every fact of the map is the same for every seat.")
    sure = [c for c in why.get("causes") or [] if c["verdict"] != "too few games to say"][:causes_shown]
    for c in sure:
        lines.append(f"Went with {'winning' if c['difference'] > 0 else 'losing'}: {c['fact']} "
                     f"({c['with']['rate']:.0%} with it, {c['without']['rate']:.0%} without: {c['verdict']})")
    if not sure and why.get("causes"):
        lines.append(f"Too few games to say what went with winning ({t['games']}); `main.py judge` plays more.")
    fights = [f for f in why.get("fights") or [] if f["decisive losses"]][:1]
    if fights:
        lines.append(f"Decided most often in the {fights[0]['area']} "
                     f"({count(fights[0]['decisive losses'], 'game')}).")
    return lines

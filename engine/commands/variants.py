"""The judge's fairer variant (`main.py judge GAME --fairer OUT.tmx`): when
a map is not fair, search small changes of it and propose the one that
changes the map least and is fair.

1. The map itself is judged: a seat-balanced tournament (every deal of the
   dice played from every seat's place, when the game can swap places;
   engine/commands/judge.py), untraced.  Its fairness is read from the
   places' win rates (the seats' when places cannot be swapped): fair when
   every one's 95% interval includes the fair share.
2. The game proposes its small changes (`judge_variants`,
   engine/core/judging.py): tiles turned or swapped, a city, objective or
   start moved, a deployment zone moved, each already written as a Tiled
   file, smallest first.
3. The changes are played in that order, each the same tournament on the
   same dice; the first that is fair and nearer the fair share than the
   map is played again on fresh dice, and kept if it is still fair over
   both.  That one is copied to OUT (a Tiled file the designer opens) and
   reported with every change tried.

The search plays on this machine (the variants are files here), with the
workers given; a results file is not kept (each variant is a new run).
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from engine.commands.judge import JudgeError, judge, map_facts, swap_problem
from engine.core import registry
from engine.core.dice import SeededDice
from engine.core.rules import Setup

CANDIDATES = 12            # changes tried at most (smallest first)


def fairness(report: dict) -> dict:
    """Fair or not, from a judge report: by place when the run swapped the
    places, else by seat; `gap` is the largest distance of a rate from the
    fair share, `favoured` the row that wins most."""
    t = report["tournament"]
    fair = t["fair_share"]
    rows = ((report.get("why") or {}).get("map_or_player") or {}).get("places") or t["seats"]
    rows = [r for r in rows if r["games"]]
    ok = bool(rows) and all(r["low"] <= fair <= r["high"] for r in rows)
    gap = max((abs(r["rate"] - fair) for r in rows), default=1.0)
    best = max(rows, key=lambda r: r["rate"], default=None)
    return {"fair": ok, "gap": round(gap, 4), "favoured": _name(best) if best else None,
            "rows": [{"who": _name(r), "wins": r["wins"], "games": r["games"], "rate": r["rate"],
                      "low": r["low"], "high": r["high"]} for r in rows]}


def _name(row: dict) -> str:
    return f"the {row['place']}" if "place" in row else f"seat {row['seat']}"


def search(game: str, scenario: str, players: int, games: int, seed: int, options: dict | None = None,
           workers: int | None = None, out=None, candidates: int = CANDIDATES, progress: bool = True,
           folder=None) -> dict:
    """The search as plain data (`judge --fairer --json`)."""
    rules = registry.get(game)
    swap = "places" if swap_problem(game, scenario, players, seed, options, "places") is None else "none"
    base = _judged(game, scenario, players, games, seed, options, workers, swap, progress, "judging the map")
    result: dict = {"game": game, "scenario": scenario, "players": players, "games per variant": games,
                    "swap": swap, "fair share": round(1 / players, 4), "map": fairness(base), "tried": [],
                    "chosen": None}
    if result["map"]["fair"]:
        result["verdict"] = (f"The map is fair over {games} games: every "
                             f"{'place' if swap == 'places' else 'seat'}'s 95% interval includes the fair share; "
                             "no change is proposed.")
        return result
    state, _ = rules.initial_state(Setup(game, players, seed=seed, scenario=scenario, options=dict(options or {})),
                                   SeededDice(seed))
    work = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="warbench-variants-"))
    found = rules.judge_variants(state, work)
    if found is None:
        if not folder:
            shutil.rmtree(work, ignore_errors=True)
        result["verdict"] = f"{rules.title} proposes no changes of its maps to the judge (games/{game}/rules/judge.py)."
        return result
    result["candidates"] = len(found)
    for v in found[:candidates]:
        rep = _judged(game, v.scenario, players, games, seed, options, workers, swap, progress, v.words)
        f = fairness(rep)
        row = {"change": v.words, "size": v.size, "unit": v.unit, **f}
        result["tried"].append(row)
        if not f["fair"] or f["gap"] >= result["map"]["gap"]:
            continue
        again = _judged(game, v.scenario, players, games, seed + games, options, workers, swap, progress,
                        f"{v.words}, on fresh dice")
        both = _combined(rep, again)
        row["confirmed"] = both
        if both["fair"]:
            result["chosen"] = {"change": v.words, "size": v.size, "unit": v.unit, "file": v.scenario, **both}
            break
    chosen = result["chosen"]
    if chosen and out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        if Path(out).suffix != Path(chosen["file"]).suffix:
            raise JudgeError(f"--fairer {out}: this map is a {Path(chosen['file']).suffix} file; "
                             f"name the variant {Path(out).with_suffix(Path(chosen['file']).suffix).name}")
        _copy_map(Path(chosen["file"]), Path(out))
        chosen["file"] = str(out)
    result["verdict"] = _verdict(result, games)
    if not folder:
        shutil.rmtree(work, ignore_errors=True)
    return result


def _copy_map(src: Path, out: Path) -> None:
    """The chosen variant where the designer asked, its tileset references
    pointing at the same files from there."""
    text = src.read_text(encoding="utf-8")
    import os
    import re

    def relink(m):
        ref = m.group(2)
        if os.path.isabs(ref):
            return m.group(0)
        target = os.path.normpath(os.path.join(src.parent, ref))
        return f'{m.group(1)}{os.path.relpath(target, out.parent.resolve())}{m.group(3)}'
    text = re.sub(r'(<tileset [^>]*source=")([^"]+)(")', relink, text)
    text = re.sub(r'("source":\s*")([^"]+)(")', relink, text)
    out.write_text(text, encoding="utf-8")


def _judged(game, scenario, players, games, seed, options, workers, swap, progress, label) -> dict:
    if progress:
        import sys
        sys.stderr.write(f"{label}\n")
    return judge(game, scenario, players, games, seed, options, workers, progress=progress, trace=False, swap=swap)


def _combined(a: dict, b: dict) -> dict:
    """The fairness of two runs' games together."""
    from engine.commands.tally import rate
    fair = a["tournament"]["fair_share"]
    ra, rb = fairness(a)["rows"], fairness(b)["rows"]
    rows = []
    for x, y in zip(ra, rb):
        r = rate(x["wins"] + y["wins"], x["games"] + y["games"], fair)
        rows.append({"who": x["who"], "wins": r["wins"], "games": r["games"], "rate": r["rate"], "low": r["low"],
                     "high": r["high"]})
    ok = bool(rows) and all(r["low"] <= fair <= r["high"] for r in rows)
    return {"fair": ok, "gap": round(max(abs(r["rate"] - fair) for r in rows), 4), "rows": rows}


def _verdict(result: dict, games: int) -> str:
    m = result["map"]
    fair = result.get("fair share", 0.5)
    off = [r for r in m["rows"] if not r["low"] <= fair <= r["high"]] or m["rows"][:1]
    head = (f"The map is not fair over {games} games: " + "; ".join(
        f"{r['who']} wins {r['wins']}/{r['games']} ({r['low']:.0%}-{r['high']:.0%}), "
        f"{'more' if r['low'] > fair else 'less'} than a fair share" for r in off) + ".")
    c = result["chosen"]
    if c:
        rows = "; ".join(f"{r['who']} {r['wins']}/{r['games']} ({r['low']:.0%}-{r['high']:.0%})" for r in c["rows"])
        return (f"{head} Fairer: {c['change']} (changes {c['size']} {c['unit']}): {rows} over two runs; "
                f"written to {c['file']}.")
    tried = len(result["tried"])
    return (f"{head} None of the {tried} smallest changes tried was fair on {games} games and again on fresh dice; "
            "try more games per change or more changes (--variants).")


def fairer_cmd(args) -> int:
    """`judge GAME --fairer OUT`: the search, in words or JSON."""
    import json
    import sys

    from engine.commands.judge_words import describe_search
    from engine.core.army_lists import armies_options
    rules = registry.get(args.game)
    scenario = args.scenario or rules.scenarios()[0]
    options = armies_options(args.game, getattr(args, "armies", None), args.players)
    players = args.players or len(options.get("armies") or ()) or rules.min_players
    _, canvas = map_facts(args.game, scenario, players, args.seed, options)
    source = Path(canvas.source) if canvas is not None and canvas.source else None
    if source is None:
        sys.stderr.write("judge: --fairer: this map is composed anew for every game (or the game draws none); "
                         "the judge proposes changes of a map file only\n")
        return 2
    if Path(args.fairer).suffix != source.suffix:
        sys.stderr.write(f"judge: --fairer {args.fairer}: the map is a {source.suffix} file; name the variant "
                         f"{Path(args.fairer).with_suffix(source.suffix).name}\n")
        return 2
    try:
        result = search(args.game, scenario, players, args.games, args.seed, options, args.workers, args.fairer,
                        args.variants, progress=not args.quiet)
    except JudgeError as e:
        sys.stderr.write(f"judge: {e}\n")
        return 2
    print(json.dumps(result, indent=2) if args.json else describe_search(result))
    return 0
